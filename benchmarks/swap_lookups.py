"""The swap's lookups against one namespace of many active facts: which stay flat as it grows.

    python benchmarks/swap_lookups.py [--facts 100000] [--user-share 0.2] [--runs 3]

On a fresh database, one namespace gets ``--facts`` active facts over 40 predicates
and 5,000 subjects, a ``--user-share`` of them the user's (a long-lived tenant whose
user has said many things), each with a random vector. Then each statement the swap
(``memory_sink.swap``) and the supersession engine (``memory_sink.facts``) run per
session or per new fact is timed by the server (``EXPLAIN ANALYZE`` execution time,
median of ``--runs`` after six warm-up executions, so a generic plan may have been
chosen): first before the table's first ``ANALYZE`` (statistics as stale as right
after a bulk load), then after it. The HNSW index is dropped to make filling fast;
none of these statements can use it (``JUDGED_CANDIDATES`` orders by its key match
before the distance).

A lookup by key or by id stays in microseconds whatever the namespace holds; one
that reads every fact of a subject grows with that subject (``JUDGED_CANDIDATES``:
the semantic neighbours of a new fact among the subject's other predicates), and a
lookup that ORs two indexes may filter the whole namespace while statistics lag.

Target: every lookup at most 1 ms with fresh statistics, whatever the namespace holds.
"""

from __future__ import annotations

import statistics
from typing import Any

import _common as c
import psycopg

from memory_sink import locks, memories, swap

FILL = """
INSERT INTO memory (id, namespace, session_id, tier, kind, content, embedding, subject, predicate, object,
                    event_ids, valid_from, recorded_at, embed_model)
SELECT gen_random_uuid(), 'ns', 's' || (g / 10), 'consolidated', 'fact', 'fact ' || g,
       ARRAY(SELECT random() - 0.5 FROM generate_series(1, 384) WHERE g > 0)::vector,
       CASE WHEN random() < %(user_share)s THEN 'user' ELSE 'subject ' || (g %% 5000) END,
       'predicate ' || (g %% 40), 'object ' || g, ARRAY['e' || g], now(), now(), 'bench'
FROM generate_series(1, %(n)s) g
"""


def unlocked(sql: str) -> str:
    """``sql`` without its row locks: EXPLAIN ANALYZE of a read, and the locks change no plan."""
    return sql.replace("FOR UPDATE", "")


def _statements(ids: list[Any], vec: Any) -> list[tuple[str, str, Any]]:
    """(name, SQL without its row locks, parameters) for each lookup, with values found in the table."""
    one = ids[0]
    new_fact = {
        "vec": vec, "predicates": ["predicate 7"], "ns": "ns", "id": one, "subject": "user", "every_value": True,
        "object": "object 35", "named": None, "judged": False, "threshold": 0.5, "limit": 10,
        "valid_from": "2100-01-01",
    }  # fmt: skip
    return [
        ("TOUCHED_SUBJECTS (per session)", swap.TOUCHED_SUBJECTS, ("ns", "s77", ids)),
        ("ACTIVE_AMONG (per session)", memories.ACTIVE_AMONG, ("ns", ids)),
        ("SUBJECTS_OF (per session)", locks.SUBJECTS_OF, ("ns", ids)),
        ("ACTIVE_SESSION_CONSOLIDATED (per session)", unlocked(memories.ACTIVE_SESSION_CONSOLIDATED), ("ns", "s77")),
        ("RETIRED_SESSION_FACTS (per session)", memories.RETIRED_SESSION_FACTS, {"ns": "ns", "sid": "s77"}),
        ("DECISIVE_CANDIDATES (per fact)", unlocked(memories.DECISIVE_CANDIDATES), new_fact),
        (
            "DECISIVE_CANDIDATES, a named fact (per fact)",
            unlocked(memories.DECISIVE_CANDIDATES),
            {**new_fact, "named": one, "subject": "subject 17", "every_value": False},
        ),
        ("JUDGED_CANDIDATES, the user (per fact)", unlocked(memories.JUDGED_CANDIDATES), new_fact),
        ("JUDGED_CANDIDATES, another subject (per fact)", unlocked(memories.JUDGED_CANDIDATES), {**new_fact, "subject": "subject 17"}),
        ("RETRACTION_TARGETS (per retraction)", unlocked(memories.RETRACTION_TARGETS), {**new_fact, "object": ""}),
    ]  # fmt: skip


def _server_ms(conn: psycopg.Connection[Any], sql: str, params: Any, runs: int) -> float:
    """The server's execution time of ``sql``, median of ``runs`` after six warm-up executions."""
    times = []
    for i in range(6 + runs):
        plan = conn.execute("EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) " + sql, params).fetchall()
        if i >= 6:
            times += [float(line.split(":")[1].split()[0]) for (line,) in plan if line.startswith("Execution Time")]
    return statistics.median(times)


def main() -> None:
    p = c.parser(__doc__.splitlines()[0])
    p.add_argument("--facts", type=int, default=100_000, help="active facts in the namespace (default 100000)")
    p.add_argument("--user-share", type=float, default=0.2, help="share of them the user's (default 0.2)")
    args = p.parse_args()
    figures: dict[str, Any] = {}
    with c.temp_server() as admin:
        dsn = c.fresh_database(admin)
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute("DROP INDEX IF EXISTS memory_embedding_hnsw")
            conn.execute(FILL, {"n": args.facts, "user_share": args.user_share})
            ids = [r[0] for r in conn.execute("SELECT id FROM memory ORDER BY random() LIMIT 5")]
            vec = conn.execute("SELECT embedding FROM memory LIMIT 1").fetchone()[0]  # type: ignore[index]
            user = conn.execute("SELECT count(*) FROM memory WHERE subject = 'user'").fetchone()[0]  # type: ignore[index]
            figures["active facts (the user's)"] = f"{args.facts:,} ({user:,})"
            for stats in ("stale statistics", "after ANALYZE"):
                if stats == "after ANALYZE":
                    conn.execute("ANALYZE memory")
                for name, sql, params in _statements(ids, vec):
                    figures[f"{name}, {stats} (ms)"] = _server_ms(conn, sql, params, args.runs)
        c.drop_database(admin, dsn)
    fresh = [v for k, v in figures.items() if k.endswith("after ANALYZE (ms)")]
    targets = [("every lookup <= 1 ms after ANALYZE, however many facts the namespace holds", max(fresh) <= 1.0)]
    c.report("swap lookups", figures, targets, as_json=args.json)


if __name__ == "__main__":
    main()
