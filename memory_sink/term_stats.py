"""The idf weights of recall's lexical branch, from statistics cached per database.

Recall's lexical branch weighs a question's terms by their rarity, read from the
statistics ANALYZE keeps on ``memory.content_tsv`` (``pg_stats``: the commonest
lexemes and the share of rows holding each). Reading that view in every recall
took most of recall's server time, and passing its arrays (1,000 lexemes) to
every statement cost as much again, while the statistics only change when
(auto)ANALYZE runs. So each process reads them at most once per ``TTL`` seconds
per database, and recall passes only the question's own terms and their
weights. Whoever runs ANALYZE and needs the new weights at once (a benchmark, a
test) calls ``forget``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import psycopg

from .per_database import PerDatabase

# Autovacuum's ANALYZE runs about once a minute at most on a busy table; half that
# keeps recall's weights at most one cycle behind.
TTL = 30.0
READ = """
SELECT most_common_elems::text::text[], most_common_elem_freqs FROM pg_stats
WHERE schemaname = current_schema() AND tablename = 'memory' AND attname = 'content_tsv'
"""
# The question's lexemes as the lexical document's are made (same stemming and stop words).
LEXEMES = "SELECT tsvector_to_array(to_tsvector('english', %s))"
# Without statistics (a new, small table) every term weighs what a term in half the rows would.
UNKNOWN_FREQ = 0.5


@dataclass(frozen=True)
class TermStats:
    freqs: dict[str, float]  # the commonest lexemes: share of rows holding each
    unlisted: float  # a lexeme not listed is rarer than the least common listed one

    def idf(self, lexeme: str) -> float:
        return math.log(1 + 1 / self.freqs.get(lexeme, self.unlisted))


def _read(conn: psycopg.Connection) -> TermStats | None:
    row = conn.execute(READ).fetchone()
    if not row or not row[0]:
        return None
    elems, freqs = row[0], [float(f) for f in row[1]]
    # pg_stats appends the minimum, maximum and null share after one frequency per lexeme.
    return TermStats(dict(zip(elems, freqs)), freqs[len(elems)] / 2)


_stats = PerDatabase(TTL, _read)


def cached(conn: psycopg.Connection) -> TermStats | None:
    """This database's statistics, read at most once per ``TTL``; None before the first ANALYZE."""
    return _stats.get(conn)


def weigh(lexemes: list[str], stats: TermStats | None) -> dict[str, Any]:
    """Recall's lexical parameters: the terms, their idf, and whether the rarest alone select."""
    idf = [math.log(1 + 1 / UNKNOWN_FREQ) if stats is None else stats.idf(lex) for lex in lexemes]
    return {"lexemes": lexemes, "idf": idf, "ranked": stats is not None}


def params(conn: psycopg.Connection, text: str) -> dict[str, Any]:
    """The lexical parameters of recall's statement for the question ``text``."""
    lexemes = conn.execute(LEXEMES, (text,), prepare=True).fetchone()[0]  # type: ignore[index]
    return weigh(list(lexemes), cached(conn))


def forget() -> None:
    """Drop every cached copy: the next recall reads the statistics afresh (after an ANALYZE)."""
    _stats.clear()
