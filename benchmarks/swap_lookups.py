"""The swap's lookups against one namespace of many active facts: which stay flat as it grows.

    python benchmarks/swap_lookups.py [--facts 100000] [--user-share 0.2] [--runs 3] [--probes 20]
                                      [--shared-buffers 1GB]

On a fresh database, one namespace gets ``--facts`` active facts over 40 predicates
and 5,000 subjects, a ``--user-share`` of them the user's (a long-lived tenant whose
user has said many things), each with a random vector. The HNSW index, dropped to
make filling fast, is then rebuilt (its build time is reported) and the connection
set as every store connection is (iterative scans, ``hnsw.ef_search``). Each statement
the swap (``memory_sink.swap``) and the supersession engine (``memory_sink.facts``)
run per session or per new fact is timed by the server (``EXPLAIN ANALYZE``
execution time, median of ``--runs`` after six warm-up executions, so a generic
plan may have been chosen): first with the table's statistics cleared (as stale as
right after a bulk load, before its first ``ANALYZE``), then after ``ANALYZE``.

A lookup by key or by id stays in microseconds whatever the namespace holds, and
none may read the whole namespace while statistics lag. ``JUDGED_CANDIDATES`` (the
semantic neighbours of a new fact among the subject's other predicates) reads a
subject's facts exactly up to ``candidates.JUDGED_EXACT_UP_TO`` of them and takes the
nearest from the HNSW graph past that; the script also times the exact lookup
over all of the user's facts (``EXACT_JUDGED``), and, for ``--probes`` new facts near one of the
user's, compares the two: the same candidates in the same order, at the calibrated
threshold and at a low one (hundreds of the user's facts above it, so the graph
must rank them).

Target: every lookup at most 1 ms with fresh statistics, whatever the namespace holds.
"""

from __future__ import annotations

import statistics
import time
import uuid
from typing import Any

import _common as c
import numpy as np
import psycopg
from pgvector.psycopg import register_vector

from memory_sink import candidates, db, locks, memories, swap
from memory_sink.supersession import DEFAULT_THRESHOLDS, JUDGED_PER_FACT

FILL = """
INSERT INTO memory (id, namespace, session_id, tier, kind, content, embedding, subject, predicate, object,
                    event_ids, valid_from, recorded_at, embed_model)
SELECT gen_random_uuid(), 'ns', 's' || (g / 10), 'consolidated', 'fact', 'fact ' || g,
       ARRAY(SELECT random() - 0.5 FROM generate_series(1, 384) WHERE g > 0)::vector,
       CASE WHEN random() < %(user_share)s THEN 'user' ELSE 'subject ' || (g %% 5000) END,
       'predicate ' || (g %% 40), 'object ' || g, ARRAY['e' || g], now(), now(), 'bench'
FROM generate_series(1, %(n)s) g
"""
# The production index (migration 0012), rebuilt after the fill.
HNSW = """
CREATE INDEX memory_embedding_hnsw ON memory USING hnsw (embedding vector_cosine_ops)
    WHERE superseded_at IS NULL AND tier = 'consolidated'
"""
# JUDGED_CANDIDATES without the graph: every fact of the subject's other predicates,
# read and compared exactly. The reference the graph's answers are compared with.
EXACT_JUDGED = """
WITH RECURSIVE predicates(p) AS (
    (SELECT lower(predicate) FROM memory WHERE {f} ORDER BY lower(predicate) LIMIT 1)
    UNION ALL
    SELECT (SELECT lower(predicate) FROM memory WHERE {f} AND lower(predicate) > p ORDER BY lower(predicate) LIMIT 1)
    FROM predicates WHERE p IS NOT NULL
)
SELECT id::text, 1 - (embedding <=> %(vec)s) AS cosine FROM memory
WHERE {f} AND id <> %(id)s AND id IS DISTINCT FROM %(named)s::uuid
  AND lower(predicate) = ANY(ARRAY(
      SELECT p FROM predicates WHERE p IS NOT NULL AND (%(judged)s OR p <> ALL(%(predicates)s))))
  AND CASE WHEN lower(predicate) = ANY(%(predicates)s) THEN lower(object) <> %(object)s
           ELSE 1 - (embedding <=> %(vec)s) >= %(threshold)s END
ORDER BY lower(predicate) = ANY(%(predicates)s) DESC, embedding <=> %(vec)s, id
LIMIT %(limit)s
""".format(f="namespace = %(ns)s AND kind = 'fact' AND superseded_at IS NULL AND lower(subject) = %(subject)s")
LOW_THRESHOLD = 0.1


def unlocked(sql: str) -> str:
    """``sql`` without its row locks: EXPLAIN ANALYZE of a read, and the locks change no plan."""
    return sql.replace("FOR UPDATE", "")


def _new_fact(ids: list[Any], vec: Any) -> dict[str, Any]:
    """The parameters of the engine's lookups for a new fact of the user's (``facts.Engine._new_fact``)."""
    return {
        "vec": vec, "predicates": ["predicate 7"], "ns": "ns", "id": ids[0], "subject": "user", "every_value": True,
        "object": "object 35", "named": None, "judged": False, "threshold": DEFAULT_THRESHOLDS["all-minilm-l6-v2-int8"],
        "limit": JUDGED_PER_FACT, "valid_from": "2100-01-01", "exact_up_to": candidates.JUDGED_EXACT_UP_TO,
    }  # fmt: skip


def _statements(ids: list[Any], vec: Any) -> list[tuple[str, str, Any]]:
    """(name, SQL without its row locks, parameters) for each lookup, with values found in the table."""
    one, new_fact = ids[0], _new_fact(ids, vec)
    return [
        ("TOUCHED_SUBJECTS (per session)", swap.TOUCHED_SUBJECTS, {"ns": "ns", "sid": "s77", "ids": ids}),
        ("ACTIVE_AMONG (per session)", memories.ACTIVE_AMONG, {"ns": "ns", "ids": ids}),
        ("SUBJECTS_OF (per session)", locks.SUBJECTS_OF, ("ns", ids)),
        ("ACTIVE_SESSION_CONSOLIDATED (per session)", unlocked(memories.ACTIVE_SESSION_CONSOLIDATED), ("ns", "s77")),
        ("RETIRED_SESSION_FACTS (per session)", memories.RETIRED_SESSION_FACTS, {"ns": "ns", "sid": "s77"}),
        ("DECISIVE_CANDIDATES (per fact)", unlocked(candidates.DECISIVE_CANDIDATES), new_fact),
        (
            "DECISIVE_CANDIDATES, a named fact (per fact)",
            unlocked(candidates.DECISIVE_CANDIDATES),
            {**new_fact, "named": one, "subject": "subject 17", "every_value": False},
        ),
        ("JUDGED_CANDIDATES, the user (per fact)", unlocked(candidates.JUDGED_CANDIDATES), new_fact),
        ("JUDGED_CANDIDATES, another subject (per fact)", unlocked(candidates.JUDGED_CANDIDATES), {**new_fact, "subject": "subject 17"}),
        ("RETRACTION_TARGETS (per retraction)", unlocked(candidates.RETRACTION_TARGETS), {**new_fact, "object": ""}),
        (
            "RETRACTION_TARGETS, a named fact (per retraction)",
            unlocked(candidates.RETRACTION_TARGETS),
            {**new_fact, "object": "", "named": one, "subject": "subject 17"},
        ),
        ("before: JUDGED_CANDIDATES exact, the user (per fact)", EXACT_JUDGED, new_fact),
    ]  # fmt: skip


def _server_ms(conn: psycopg.Connection[Any], sql: str, params: Any, runs: int) -> float:
    """The server's execution time of ``sql``, median of ``runs`` after six warm-up executions.

    The candidate lookups are planned as the engine plans them (``candidates.SORTS_OFF``).
    """
    engine = (candidates.DECISIVE_CANDIDATES, candidates.JUDGED_CANDIDATES, candidates.RETRACTION_TARGETS)
    sorts = "off" if sql in map(unlocked, engine) else "on"
    conn.execute(f"SET enable_sort = {sorts}")
    times = []
    for i in range(6 + runs):
        plan = conn.execute("EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) " + sql, params).fetchall()
        if i >= 6:
            times += [float(line.split(":")[1].split()[0]) for (line,) in plan if line.startswith("Execution Time")]
    return statistics.median(times)


def _agreement(conn: psycopg.Connection[Any], probes: int, threshold: float) -> str:
    """How often the user's judged candidates are the exact lookup's, for new facts near one of theirs.

    A probe is a stored fact's vector plus as much random vector again (cosine ~0.7 to it,
    ~0 +- 0.05 to the rest): at the calibrated threshold only its source qualifies; at
    ``LOW_THRESHOLD`` about 2.5% of the user's facts do and the graph must rank them.
    Uniform random vectors are the graph's hardest case (no clusters to follow).
    """
    rng = np.random.default_rng(7)
    sources = conn.execute("SELECT embedding FROM memory WHERE subject = 'user' ORDER BY id LIMIT %s", (probes,))
    same = found = wanted = 0
    for (source,) in sources.fetchall():
        vec = np.asarray(source.to_numpy() + rng.random(384) - 0.5, dtype=np.float32)
        params = {**_new_fact([str(uuid.uuid4())], vec), "threshold": threshold}
        exact = [r[0] for r in conn.execute(EXACT_JUDGED, params)]
        conn.execute("SET enable_sort = off")  # as the engine plans it
        judged = [r[0] for r in conn.execute(unlocked(candidates.JUDGED_CANDIDATES), params)]
        conn.execute("SET enable_sort = on")
        same += exact == judged
        found, wanted = found + len(set(exact) & set(judged)), wanted + len(exact)
    return f"{same}/{probes} the same, in order; {found}/{wanted} of the exact candidates found"


def _fill(conn: psycopg.Connection[Any], args: Any, figures: dict[str, Any]) -> None:
    """The namespace's facts, then the HNSW index; statistics cleared (as before a first ANALYZE)."""
    conn.execute("DROP INDEX IF EXISTS memory_embedding_hnsw")
    conn.execute(FILL, {"n": args.facts, "user_share": args.user_share})
    conn.execute("SET maintenance_work_mem = '1GB'")
    start = time.perf_counter()
    conn.execute(HNSW)
    figures["HNSW index build (s)"] = round(time.perf_counter() - start, 1)
    conn.execute("RESET maintenance_work_mem")
    conn.execute("SELECT pg_clear_relation_stats('public', 'memory')")  # CREATE INDEX counted the rows
    conn.execute("SET hnsw.iterative_scan = 'relaxed_order'")  # as every store connection (db._configure)
    conn.execute(f"SET hnsw.ef_search = {db.HNSW_EF_SEARCH}")


def main() -> None:
    p = c.parser(__doc__.splitlines()[0])
    p.add_argument("--facts", type=int, default=100_000, help="active facts in the namespace (default 100000)")
    p.add_argument("--user-share", type=float, default=0.2, help="share of them the user's (default 0.2)")
    p.add_argument("--probes", type=int, default=20, help="new facts whose judged candidates are compared (default 20)")
    p.add_argument("--shared-buffers", default=None, help="the server's shared_buffers, e.g. 1GB (default: its own)")
    args = p.parse_args()
    figures: dict[str, Any] = {}
    settings = {"shared_buffers": args.shared_buffers} if args.shared_buffers else None
    with c.temp_server(settings, restart=bool(settings)) as admin:
        dsn = c.fresh_database(admin)
        with psycopg.connect(dsn, autocommit=True) as conn:
            register_vector(conn)
            _fill(conn, args, figures)
            ids = [r[0] for r in conn.execute("SELECT id FROM memory ORDER BY random() LIMIT 5")]
            vec = conn.execute("SELECT embedding FROM memory LIMIT 1").fetchone()[0]  # type: ignore[index]
            user = conn.execute("SELECT count(*) FROM memory WHERE subject = 'user'").fetchone()[0]  # type: ignore[index]
            figures["active facts (the user's)"] = f"{args.facts:,} ({user:,})"
            for stats in ("stale statistics", "after ANALYZE"):
                if stats == "after ANALYZE":
                    conn.execute("ANALYZE memory")
                for name, sql, params in _statements(ids, vec):
                    figures[f"{name}, {stats} (ms)"] = _server_ms(conn, sql, params, args.runs)
            for threshold in (_new_fact(ids, vec)["threshold"], LOW_THRESHOLD):
                figures[f"user's judged = exact, same order (threshold {threshold})"] = _agreement(
                    conn, args.probes, threshold
                )
        c.drop_database(admin, dsn)
    fresh = [v for k, v in figures.items() if k.endswith("after ANALYZE (ms)") and not k.startswith("before")]
    targets = [("every lookup <= 1 ms after ANALYZE, however many facts the namespace holds", max(fresh) <= 1.0)]
    c.report("swap lookups", figures, targets, as_json=args.json)


if __name__ == "__main__":
    main()
