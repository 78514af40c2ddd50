"""Recall: the statements that find what an agent should see, and the page it is shown.

One statement fuses the vector and lexical branches over active rows (one
snapshot: a concurrent tier swap is seen wholly before or after); ``drop_shown``
then keeps each turn's words on a page once. Values always travel as
parameters (invariant 10).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import datetime

import numpy as np
import psycopg
from psycopg import sql

from . import perspective, tenant_index, term_stats
from .memories import COLS, M_COLS
from .types import Memory
from .vocab import Kind

# What recall searches unless told: an episode is reached through its passages
# (shorter, and each within the model's window); an episode consolidated before
# passages existed (no ``passages`` key in its metadata) is searched itself.
DEFAULT_KINDS = (Kind.TURN, Kind.PASSAGE, Kind.FACT)
KIND_FILTER = "(kind = ANY(%(kinds)s) OR (%(unpassaged)s AND kind = 'episode' AND NOT metadata ? 'passages'))"
RRF_K = 60  # reciprocal-rank-fusion constant (the usual 60: ranks matter, not raw scores)

# An agent shown both an old episode and the fact that replaced it may answer with the
# stale one, so recall flags and demotes the episode. An active episode is *outdated* when a fact derived from its turns stopped being true in
# the world after the episode ended — knowledge ops (supersede, retract, late
# arrival) set valid_to; a tier swap's re-versioning does not — unless the fact's
# successor comes from the same turns (the episode tells the change itself).
# Evaluated for episodes among the fused candidates only (at most 2n rows). A
# fact's turns are always its own session's, so the probe goes through the btree
# memory_session_facts (namespace, session_id) and filters on event_ids there:
# the planner never uses the GIN index for a correlated array probe (measured at
# 50k rows: a 20 ms seq scan per episode, 290 ms per recall; this way +0.2 ms).
# Recall ranks outdated episodes after every current result (unless the question
# asks about the past: perspective.PAST) and flags them, so on
# a full page (k current matches) they drop out of default recall, as superseded
# facts do; they stay what happened, returned by --all-versions / --as-of recall
# and history. A weight instead of the sort was tried: at 0.5 the stale "I drink
# coffee" episode still outranked "I switched from coffee to tea"; below ~0.3,
# RRF's compressed scores (1/61 for a first rank, at most 40 candidates a branch)
# sink it under every candidate anyway.
OUTDATED = """CASE WHEN m.kind NOT IN ('episode', 'passage') THEN false ELSE EXISTS (
    SELECT 1 FROM memory old
    WHERE old.namespace = m.namespace AND old.session_id = m.session_id AND old.kind = 'fact'
      AND old.event_ids && m.event_ids
      AND old.superseded_at IS NOT NULL AND old.valid_to IS NOT NULL
      AND old.valid_to > coalesce((m.metadata->>'end_ts')::timestamptz, m.valid_from)
      AND NOT EXISTS (SELECT 1 FROM memory new
                      WHERE new.id = old.superseded_by AND new.event_ids && m.event_ids)) END"""

# Recall's lexical branch ranks like a keyword search over natural questions:
# any of the question's terms may match (a question's every word is never in one
# row), each weighted by its rarity — an idf from the column statistics ANALYZE
# keeps (pg_stats.most_common_elem_freqs: how often the commonest lexemes occur;
# one unlisted is rarer than the least common listed). Without statistics yet (a
# new, small table), every term weighs the same and every term selects. A row
# scores the idf of the terms it holds, BM25's way (tf taken as 1: chat rows
# rarely repeat a word), damped by its length against the candidates' average,
# so a long transcript does not win by holding more words. Only the question's
# LEXICAL_TERMS rarest terms select candidates, and in a large namespace a common
# one of them only where it meets another (``sel``: alone; ``paired``: in pairs;
# term_stats.selecting) — a common one alone would match most of a big namespace,
# and reading and ranking those rows dominated recall's latency — but every term
# scores them. At most LEXICAL_CANDIDATES rows are scored whatever the statistics
# said (a namespace's own word, a name, can be far commoner there than in the table).
# The terms, their weights and which select come in as parameters, from statistics each
# process caches (memory_sink.term_stats): reading pg_stats in the statement
# took most of recall's server time (14.5 of 22 ms in one EXPLAIN).
# A term found only in a row's context (weight D in content_tsv: a passage's
# neighbouring turns, migration 0013) counts CONTEXT_WEIGHT of its idf, so the
# turn that says a word outranks the turns around it while an answer still
# matches the question its neighbour asked. Measured on LoCoMo conversations 1–3
# (BENCHMARKS.md, Q3): at full weight (and with the vector reading the context
# too) single-hop rose but multi-hop fell below the provisional tier, the
# neighbours crowding the page; 0.6 kept both (0.5–0.7 measured the same).
BM25_K1, BM25_B = 1.2, 0.75
CONTEXT_WEIGHT = 0.6
LEXICAL_CANDIDATES = 2000  # 4 terms' pools (LEXICAL_POOL): the most GIN's sampling let the branch read before
WEIGHTS = """terms AS MATERIALIZED (
    SELECT lex, quote_literal(lex)::tsquery AS tq, (quote_literal(lex) || ':A')::tsquery AS own, idf, sel, paired
    FROM unnest(%(lexemes)s::text[], %(idf)s::float8[], %(selects)s::bool[], %(paired)s::bool[]) t(lex, idf, sel, paired)
), selective AS (
    SELECT string_agg(q, ' | ')::tsquery AS query FROM (
        SELECT tq::text AS q FROM terms WHERE sel
        UNION ALL
        SELECT '(' || a.tq::text || ' & ' || b.tq::text || ')' FROM terms a JOIN terms b ON a.lex < b.lex
        WHERE a.paired AND b.paired
    ) s
)"""
LEXICAL = f"""
{WEIGHTS}, matched AS (
    SELECT m.id, length(m.content_tsv) AS len,
           (SELECT sum(t.idf * CASE WHEN m.content_tsv @@ t.own THEN 1 ELSE {CONTEXT_WEIGHT} END)
            FROM terms t WHERE m.content_tsv @@ t.tq) AS idf
    FROM memory m, selective
    WHERE m.namespace = %(ns)s AND m.superseded_at IS NULL AND {KIND_FILTER}
      AND m.content_tsv @@ selective.query
    LIMIT {LEXICAL_CANDIDATES}
), l AS (
    SELECT id, row_number() OVER (ORDER BY rank DESC) AS r FROM (
        SELECT id, idf / (1 + {BM25_K1} * (1 - {BM25_B} + {BM25_B} * len / avg(len) OVER ())) AS rank FROM matched
        ORDER BY rank DESC LIMIT %(n)s
    ) s
)"""

# Invariant 5: recall reads active rows only, through the partial HNSW and GIN
# indexes, fused by reciprocal rank in ONE statement so it sees one snapshot
# (a concurrent tier swap is seen wholly before or wholly after).
# The vector branch has two arms; a one-time filter runs exactly one of them. The
# HNSW index holds every tenant's consolidated rows, and an index scan keeps a
# namespace's as it goes (iterative scan): for a namespace holding a small share of
# a large table it wades through other tenants' rows, up to hnsw.max_scan_tuples,
# and misses neighbours (measured: benchmarks/recall_tenants.py, BENCHMARKS.md). A
# namespace of at most EXACT_BELOW active rows is ranked exactly instead:
# cosine_distance() is <=> as a function, which no index orders by, so the planner
# reads those rows through memory_active_session. Counting stops at EXACT_BELOW + 1.
# 10,000: at 1M rows, a ~10k-row tenant was both better (overlap@10 1.00 vs 0.86)
# and faster exact than through the shared graph; a ~120k-row one faster by index.
# Faster still is a graph of the namespace's own, which recall takes whatever the
# namespace's size (own_graph_statement, below): `tiermem tenant-index auto` gives one
# to every namespace past OWN_GRAPH_ABOVE rows. Measured at 1M rows (BENCHMARKS.md,
# *Recall at 1M: the lexical branch and EXACT_BELOW*), vector branch p50 exact vs own graph at ef_search 200: 13.8
# vs 2.6 ms at 9.6k rows (overlap@10 0.997), 6.3 vs 1.8 at 5k (1.00), 3.7 vs 1.1 at 3k
# (1.00). A deployment that never runs `auto` keeps exact ranking up to 10,000 rows:
# slower there, never less right.
EXACT_BELOW = 10_000
#: Where `tenant-index auto` gives a namespace indexes of its own (active consolidated rows).
OWN_GRAPH_ABOVE = 3_000
PROVISIONAL_ARM = f"""(SELECT id, embedding <=> %(q)s AS dist FROM memory
         WHERE namespace = %(ns)s AND tier = 'provisional' AND superseded_at IS NULL AND {KIND_FILTER}"""
NEAREST = "ORDER BY embedding <=> %(q)s LIMIT %(n)s)"
VECTOR_ARMS = f"""small AS MATERIALIZED (
    SELECT count(*) <= {EXACT_BELOW} AS yes FROM (
        SELECT 1 FROM memory WHERE namespace = %(ns)s AND superseded_at IS NULL LIMIT {EXACT_BELOW + 1}
    ) c
), v AS (
    SELECT id, row_number() OVER (ORDER BY dist) AS r FROM (
        (SELECT id, cosine_distance(embedding, %(q)s) AS dist FROM memory
         WHERE namespace = %(ns)s AND superseded_at IS NULL AND {KIND_FILTER} AND (SELECT yes FROM small)
         ORDER BY 2 LIMIT %(n)s)
        UNION ALL
        (SELECT id, embedding <=> %(q)s AS dist FROM memory
         WHERE namespace || '' = %(ns)s AND tier = 'consolidated' AND superseded_at IS NULL AND {KIND_FILTER}
           AND NOT (SELECT yes FROM small)
         {NEAREST}
        UNION ALL
        {PROVISIONAL_ARM} AND NOT (SELECT yes FROM small)
         {NEAREST}
        ORDER BY dist LIMIT %(n)s
    ) s
)"""
# A question about the past keeps outdated rows where fusion ranks them: perspective.PAST.

# Freshness: a provisional turn is newer than the consolidated rows it competes
# with, and the fusion alone can bury it under them: a row both branches found
# gets two reciprocal ranks, and a consolidated passage also matches the
# question's words through its neighbouring turns, so "Update: we moved to
# Bristol yesterday." (the highest cosine, none of the words of "where do I
# live?") ranked after the Leeds fact it overturns, its passage, and a passage
# that held "live" only as its neighbour's word (cosine 0.035). So a provisional
# row is ranked at least as high as every consolidated row that is older (its
# valid_from) and no nearer to the question (cosine): it takes the best such
# row's fused score (times its own perspective weight), and wins the tie by its
# cosine. A consolidated row nearer in meaning keeps its place, unless the fresh turn
# states a change of what the question asks about now (perspective.CHANGES: "we finally
# moved to liverpool" for "where do I live?"): then every older row is stale beside it,
# "I live in Manchester" too, however near its words are to the question's, and the
# turn wins the tie whatever its cosine.
FUSED = f"""{LEXICAL}, fused AS (
    SELECT id, sum(1.0 / ({RRF_K} + r)) AS rrf FROM (SELECT * FROM v UNION ALL SELECT * FROM l) u
    GROUP BY id
), {perspective.THIRD_PEOPLE}, scored AS MATERIALIZED (
    SELECT m.id, m.tier, m.valid_from, 1 - (m.embedding <=> %(q)s) AS score, {OUTDATED} AS outdated,
           pw.w, f.rrf * pw.w AS key, m.tier = 'provisional' AND coalesce(m.content ~* %(changes)s, false) AS changes
    FROM fused f JOIN memory m ON m.id = f.id, LATERAL (SELECT coalesce({perspective.WEIGHT}, 1) AS w) pw
)
SELECT {M_COLS}, s.score, s.outdated
FROM scored s JOIN memory m ON m.id = s.id
ORDER BY s.outdated AND NOT %(past)s,
         greatest(s.key, s.w * (SELECT max(c.key) FROM scored c
                                WHERE s.tier = 'provisional' AND c.tier = 'consolidated'
                                  AND c.valid_from < s.valid_from AND (c.score <= s.score OR s.changes))) DESC,
         s.changes DESC, s.score DESC
LIMIT %(k)s
"""
RECALL_ACTIVE = f"WITH {VECTOR_ARMS}, {FUSED}"

# A namespace with indexes of its own (memory_sink.tenant_index: a partial HNSW index
# over its active consolidated rows, a partial GIN index over its active rows) reads
# its consolidated rows through its graph, its provisional rows exactly, as above, and
# its lexical matches through its GIN index. The planner can use a partial index only
# where the statement holds its predicate's constant, so this statement names the
# namespace as a literal in both branches: the one place recall's SQL text holds a
# value (invariant 10's exception), quoted by psycopg (sql.Literal). One statement per
# such namespace (few: large tenants), prepared per connection like the shared one.
# Same rows, filters and fusion as RECALL_ACTIVE, so if an index is gone the planner
# takes another path to the same rows (slower, and through the shared graph
# approximate as before): a stale tenant_index.own_graphs costs speed, never a row.
# It skips `small` (counting up to EXACT_BELOW rows costs a few ms per recall): a
# namespace is given indexes for being past OWN_GRAPH_ABOVE (`tiermem tenant-index
# auto`), and its own graph is as right as exact there (overlap@10 0.997-1.00).
# ef_search 200: at 1M rows (benchmarks/recall_tenants.py), the largest tenant's
# (117k consolidated rows) overlap@10 with exact search was 0.925-0.945 / 0.985 /
# 0.995 / 0.995 at ef_search 100 / 200 / 300 / 400 (two runs), against 0.53-0.62
# through the shared graph; 300 buys +0.01 for ~15% more vector-branch time.
OWN_GRAPH_EF_SEARCH = 200
_OWN_HEAD = """v AS (
    SELECT id, row_number() OVER (ORDER BY dist) AS r FROM (
        (SELECT id, embedding <=> %(q)s AS dist FROM memory
         WHERE namespace = """
_OWN_TAIL = f""" AND tier = 'consolidated' AND superseded_at IS NULL AND {KIND_FILTER}
         {NEAREST}
        UNION ALL
        {PROVISIONAL_ARM}
         {NEAREST}
        ORDER BY dist LIMIT %(n)s
    ) s
)"""


def own_graph_arms(namespace: str) -> sql.Composed:
    """The vector branch (``v``) of a namespace with a graph of its own, its namespace a literal."""
    return sql.SQL(_OWN_HEAD) + _literal(namespace) + sql.SQL(_OWN_TAIL)


def _literal(namespace: str) -> sql.SQL:
    """The namespace quoted by psycopg, every % doubled: psycopg reads % as a placeholder even inside quotes."""
    return sql.SQL(sql.Literal(namespace).as_string().replace("%", "%%"))


# The lexical branch names the namespace as a literal too, for its own GIN index.
_FUSED_HEAD, _FUSED_TAIL = FUSED.split("m.namespace = %(ns)s")  # exactly once: in LEXICAL's WHERE


@functools.lru_cache(maxsize=256)
def own_graph_statement(namespace: str) -> sql.Composed:
    """RECALL_ACTIVE for a namespace with indexes of its own: its rows through those indexes."""
    lexical = sql.SQL(f", {_FUSED_HEAD}m.namespace = ") + _literal(namespace) + sql.SQL(_FUSED_TAIL)
    return sql.SQL("WITH ") + own_graph_arms(namespace) + lexical


# Recall's lexical branch ranks every active row that matches its selective
# terms; a term common in a large namespace matches thousands of rows, and that
# ranking then dominates recall (measured at 100k rows: lexical p95 16.5 ms unbounded, 2.0 ms with a pool of 500).
# Past LEXICAL_POOL matches, the GIN scan returns a random sample of about that
# many (PostgreSQL's gin_fuzzy_search_limit, made for very common words), so the
# branch's cost is bounded; under it, nothing changes. Set for recall's own
# transaction only (set_config(..., true)): every other GIN lookup stays exact.
# The same transaction plans the prepared recall statement once (a generic plan):
# left to choose, PostgreSQL re-plans it for most calls, and planning this
# statement (its vector inlined) cost more than running it (LoCoMo questions,
# 6k rows: custom plans p50 14.9 ms, generic 3.2 ms, the same rows returned).
LEXICAL_POOL = 500
# And it runs recall without parallel workers: the vector arm a namespace does not
# take still started a Gather and its workers before its one-time filter said no
# (measured at 100k rows: 8.8 of 38 ms), and on a small machine recall's statements
# are better served by the cores they do not take from each other.
SET_LEXICAL_POOL = (
    "SELECT set_config('gin_fuzzy_search_limit', %s, true), set_config('plan_cache_mode', 'force_generic_plan', true),"
    " set_config('max_parallel_workers_per_gather', '0', true)"
)
SET_OWN_GRAPH = f"{SET_LEXICAL_POOL}, set_config('hnsw.ef_search', '{OWN_GRAPH_EF_SEARCH}', true)"

# "What did we believe at time T": rows recorded by T and not yet retired at T.
# No partial index applies, so this is an exact scan: correct, not fast.
RECALL_AS_OF = f"""
SELECT {COLS}, 1 - (embedding <=> %(q)s) AS score FROM memory
WHERE namespace = %(ns)s AND {KIND_FILTER} AND tier = 'consolidated'
  AND recorded_at <= %(as_of)s AND (superseded_at IS NULL OR superseded_at > %(as_of)s)
ORDER BY embedding <=> %(q)s LIMIT %(k)s
"""

RECALL_ALL_VERSIONS = f"""
SELECT {COLS}, 1 - (embedding <=> %(q)s) AS score FROM memory
WHERE namespace = %(ns)s AND {KIND_FILTER}
ORDER BY embedding <=> %(q)s LIMIT %(k)s
"""


def recall(
    conn: psycopg.Connection,
    query_vec: np.ndarray,
    text: str,
    *,
    namespace: str,
    k: int,
    kinds: Sequence[str] | None = None,
    as_of: datetime | None = None,
    all_versions: bool = False,
    resolved: Sequence[str] = (),
    kin: Sequence[str] = (),
) -> list[Memory]:
    """Best-first memories for a query: active rows, or what was believed at ``as_of``.

    ``text`` is the question as ``people.ask`` reads it; ``resolved`` and ``kin``: the names
    memory holds for the user's people it named by relation, and those relations' words.
    ``kinds`` None searches DEFAULT_KINDS (and episodes that have no passages).
    Every version (``all_versions``) is listed as found; otherwise a page holds no
    row whose turns better-ranked rows already show (``drop_shown``).
    """
    params = {
        "q": query_vec,
        "ns": namespace,
        "k": k if all_versions else 2 * k + 10,  # room for the rows drop_shown removes
        "kinds": list(DEFAULT_KINDS if kinds is None else kinds),
        "unpassaged": kinds is None,
        "n": max(4 * k, 40),
        "text": text,
        "as_of": as_of,
    }
    if as_of is not None:
        rows = conn.execute(RECALL_AS_OF, params).fetchall()
        return drop_shown([Memory.from_row(r[:-1], score=float(r[-1])) for r in rows], k)
    if all_versions:
        rows = conn.execute(RECALL_ALL_VERSIONS, params).fetchall()
        return [Memory.from_row(r[:-1], score=float(r[-1])) for r in rows]
    params |= term_stats.params(conn, text, namespace) | perspective.params(text, resolved, kin)
    own = namespace in tenant_index.own_graphs(conn)
    with conn.pipeline():  # one round trip for both; prepared once per connection
        conn.execute(SET_OWN_GRAPH if own else SET_LEXICAL_POOL, (str(LEXICAL_POOL),), prepare=True)
        cur = conn.execute(own_graph_statement(namespace) if own else RECALL_ACTIVE, params, prepare=True)
    found = [Memory.from_row(r[:-2], score=float(r[-2]), outdated=bool(r[-1])) for r in cur.fetchall()]
    return drop_shown(found, k)


# Rows whose content is their turns' own words: a page showing one shows those
# turns. A fact restates a turn in a few words, and a summary passage in other
# words (it claims no turn), so neither makes a turn's words redundant.
SHOWS_TURNS = (Kind.TURN, Kind.PASSAGE, Kind.EPISODE)


def drop_shown(ranked: Sequence[Memory], k: int) -> list[Memory]:
    """The first ``k`` of ``ranked`` without a row every turn of which a better-ranked row already
    shows in words: a fact restating a turn shown above it, a passage inside an episode above it.

    An agent reads a page within a budget; a row that repeats what it has read
    spends the budget and crowds out a turn it has not.
    """
    shown: set[str] = set()
    page: list[Memory] = []
    for m in ranked:
        if len(page) == k:
            break
        if m.event_ids and shown.issuperset(m.event_ids):
            continue
        page.append(m)
        if m.kind in SHOWS_TURNS:
            shown.update(m.event_ids)
    return page
