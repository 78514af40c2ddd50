"""The idf weights of recall's lexical branch, and which terms select its candidates, from statistics
cached per database.

Recall's lexical branch weighs a question's terms by their rarity, read from the
statistics ANALYZE keeps on ``memory.content_tsv`` (``pg_stats``: the commonest
lexemes and the share of rows holding each). Reading that view in every recall
took most of recall's server time, and passing its arrays (1,000 lexemes) to
every statement cost as much again, while the statistics only change when
(auto)ANALYZE runs. So each process reads them at most once per ``TTL`` seconds
per database, and recall passes only the question's own terms and their
weights. Whoever runs ANALYZE and needs the new weights at once (a benchmark, a
test) calls ``forget``.

The question's LEXICAL_TERMS rarest terms select the lexical branch's candidates
(every term scores them), but in a large namespace a common one selects only
where it meets another common one of those four: a term selects alone when it is
expected to match at most SELECTIVE_ROWS rows of the namespace — its share of the
table's rows times the namespace's rows, both from the same statistics
(``pg_stats`` keeps the namespaces holding most rows and their shares: the large
ones, the only ones where a term can match many rows) — and the rarest always
does. In a namespace of a few thousand rows nearly every term is rare enough, so
recall there ranks as before (LoCoMo: unchanged at 4,000 characters). Each of the
four selecting alone let a short question's common words select: at 1M rows,
"When did Caroline go biking with friends?" read and scored 10,830 rows (117 ms)
of a 120k-row namespace for "friend" and "go", where its rare words matched
none. GIN's own bound (gin_fuzzy_search_limit, recall.LEXICAL_POOL) does not help
there: it samples a scan's terms only when every one of them is common. Selecting
by rare terms alone (no pairs) was measured too: on LoCoMo with every namespace
taken as 126k rows, consolidated recall at 4,000 characters fell 0.812 -> 0.751;
with the pairs 0.799 (0.692 -> 0.709 at k=10).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import psycopg

from .per_database import PerDatabase

# Autovacuum's ANALYZE runs about once a minute at most on a busy table; half that
# keeps recall's weights at most one cycle behind.
TTL = 30.0
# The commonest lexemes and their shares; the namespaces holding most rows and their shares; the table's rows.
READ = """
SELECT t.most_common_elems::text::text[], t.most_common_elem_freqs,
       n.most_common_vals::text::text[], n.most_common_freqs, c.reltuples
FROM pg_class c
LEFT JOIN pg_stats t ON t.schemaname = current_schema() AND t.tablename = 'memory' AND t.attname = 'content_tsv'
LEFT JOIN pg_stats n ON n.schemaname = current_schema() AND n.tablename = 'memory' AND n.attname = 'namespace'
WHERE c.oid = to_regclass('memory')
"""
# The question's lexemes as the lexical document's are made (same stemming and stop words).
LEXEMES = "SELECT tsvector_to_array(to_tsvector('english', %s))"
# Without statistics (a new, small table) every term weighs what a term in half the rows would, and every term selects.
UNKNOWN_FREQ = 0.5
# The question's rarest LEXICAL_TERMS terms select; alone only if expected to match at most SELECTIVE_ROWS
# rows of the namespace (500: the lexical pool, recall.LEXICAL_POOL), else in pairs. At 1M rows (BENCHMARKS.md,
# Recall at 1M) the largest namespace's whole recall p95 fell 39.0 -> 14.5 ms (interleaved, load ~3).
LEXICAL_TERMS = 4
SELECTIVE_ROWS = 500


@dataclass(frozen=True)
class TermStats:
    freqs: dict[str, float]  # the commonest lexemes: share of rows holding each
    unlisted: float  # a lexeme not listed is rarer than the least common listed one
    namespace_rows: dict[str, float] = field(default_factory=dict)  # the namespaces holding most rows
    other_rows: float = 0.0  # a namespace not listed holds fewer rows than the smallest listed one

    def freq(self, lexeme: str) -> float:
        return self.freqs.get(lexeme, self.unlisted)

    def idf(self, lexeme: str) -> float:
        return math.log(1 + 1 / self.freq(lexeme))

    def rows(self, namespace: str) -> float:
        return self.namespace_rows.get(namespace, self.other_rows)


def _read(conn: psycopg.Connection) -> TermStats | None:
    row = conn.execute(READ).fetchone()
    if not row or not row[0]:
        return None
    elems, freqs = row[0], [float(f) for f in row[1]]
    # pg_stats appends the minimum, maximum and null share after one frequency per lexeme.
    names, shares, table_rows = row[2] or [], [float(f) for f in row[3] or []], max(float(row[4]), 0.0)
    # No list of namespaces (ANALYZE found no value common): each is at most the whole table.
    other = min(shares) * table_rows if shares else table_rows
    return TermStats(
        dict(zip(elems, freqs)), freqs[len(elems)] / 2, {n: s * table_rows for n, s in zip(names, shares)}, other
    )


_stats = PerDatabase(TTL, _read)


def cached(conn: psycopg.Connection) -> TermStats | None:
    """This database's statistics, read at most once per ``TTL``; None before the first ANALYZE."""
    return _stats.get(conn)


def selecting(freqs: list[float], namespace_rows: float) -> tuple[list[bool], list[bool]]:
    """Which of a question's terms (of table-wide shares ``freqs``) select candidates in a namespace of
    ``namespace_rows`` rows: (alone, paired). Of the LEXICAL_TERMS rarest, each expected to match at most
    SELECTIVE_ROWS rows selects alone (the rarest does anyway), the others only where two of them meet."""
    rarest = sorted(range(len(freqs)), key=freqs.__getitem__)[:LEXICAL_TERMS]
    alone = {i for i in rarest if freqs[i] * namespace_rows <= SELECTIVE_ROWS} | set(rarest[:1])
    return [i in alone for i in range(len(freqs))], [i in rarest and i not in alone for i in range(len(freqs))]


def weigh(lexemes: list[str], stats: TermStats | None, namespace: str) -> dict[str, Any]:
    """Recall's lexical parameters: the terms, their idf, and which of them select candidates in ``namespace``."""
    if stats is None:  # every term selects alone
        idf = [math.log(1 + 1 / UNKNOWN_FREQ)] * len(lexemes)
        return {"lexemes": lexemes, "idf": idf, "selects": [True] * len(lexemes), "paired": [False] * len(lexemes)}
    alone, paired = selecting([stats.freq(lex) for lex in lexemes], stats.rows(namespace))
    return {"lexemes": lexemes, "idf": [stats.idf(lex) for lex in lexemes], "selects": alone, "paired": paired}


def params(conn: psycopg.Connection, text: str, namespace: str) -> dict[str, Any]:
    """The lexical parameters of recall's statement for the question ``text`` in ``namespace``."""
    lexemes = conn.execute(LEXEMES, (text,), prepare=True).fetchone()[0]  # type: ignore[index]
    return weigh(list(lexemes), cached(conn), namespace)


def forget() -> None:
    """Drop every cached copy: the next recall reads the statistics afresh (after an ANALYZE)."""
    _stats.clear()
