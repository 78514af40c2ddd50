"""The swap's lookups keep their index while statistics know nothing of the namespace (after a bulk load).

Before a table's first ANALYZE the planner takes default selectivities, under which
a partial index on the namespace looks nearly empty; a lookup that let it choose
read the whole namespace through one (146-163 ms at 100k facts, BENCHMARKS.md
"The swap's lookups at scale"); so did a lookup by key when the last ANALYZE
predates the namespace (400-700 ms). Checked on plan shape, not on time.
"""

from __future__ import annotations

import json
from typing import Any

import psycopg
import pytest

from memory_sink import candidates, locks, memories, swap

FILL = """
INSERT INTO memory (namespace, session_id, tier, kind, content, embedding, subject, predicate, object,
                    event_ids, valid_from, recorded_at, embed_model)
SELECT 'ns', 's' || (g / 10), 'consolidated', 'fact', 'fact ' || g,
       ARRAY(SELECT random() - 0.5 FROM generate_series(1, 384) WHERE g > 0)::vector,
       'subject ' || (g % 50), 'predicate ' || (g % 40), 'object ' || g, ARRAY['e' || g], now(), now(), 'test'
FROM generate_series(1, 3000) g
"""


def _scans(plan: dict[str, Any]) -> list[dict[str, Any]]:
    """Every node of a JSON plan that reads ``memory``."""
    nodes = [plan] if plan.get("Relation Name") == "memory" else []
    for child in plan.get("Plans", []):
        nodes += _scans(child)
    return nodes


def _nodes(plan: dict[str, Any]) -> list[dict[str, Any]]:
    """Every node of a JSON plan."""
    return [plan, *(node for child in plan.get("Plans", []) for node in _nodes(child))]


def _reads_the_namespace(node: dict[str, Any]) -> bool:
    """A full read, or an index scan bounded by nothing but the namespace."""
    cond: str = node.get("Index Cond", "")
    return node["Node Type"] == "Seq Scan" or cond == "(namespace = 'ns'::text)"


@pytest.fixture(params=["never analyzed", "analyzed before the namespace's load"])
def stale(db_dsn: str, request: pytest.FixtureRequest) -> Any:
    with psycopg.connect(db_dsn, autocommit=True) as conn:
        if request.param == "never analyzed":
            conn.execute(FILL)
            conn.execute("SELECT pg_clear_relation_stats('public', 'memory')")
        else:  # statistics that know nothing of 'ns' (a new tenant's bulk load since the last ANALYZE)
            conn.execute(FILL.replace("'ns'", "'other'").replace("3000", "600"))
            conn.execute("ANALYZE memory")
            conn.execute(FILL)
        ids = [str(r[0]) for r in conn.execute("SELECT id FROM memory WHERE namespace = 'ns' ORDER BY id LIMIT 3")]
        yield conn, ids


def test_the_lookups_by_id_never_read_the_namespace_before_the_first_analyze(stale: Any) -> None:
    conn, ids = stale
    vec = "[" + ",".join(["0.1"] * 384) + "]"
    fact = {
        "vec": vec, "predicates": ["predicate 7"], "ns": "ns", "id": ids[0], "subject": "subject 17",
        "every_value": False, "object": "object 35", "named": ids[1], "valid_from": "2100-01-01",
    }  # fmt: skip
    lookups = [
        (swap.TOUCHED_SUBJECTS, {"ns": "ns", "sid": "s77", "ids": ids}),
        (memories.ACTIVE_AMONG, {"ns": "ns", "ids": ids}),
        (locks.SUBJECTS_OF, ("ns", ids)),
        (candidates.DECISIVE_CANDIDATES, fact),
        (candidates.RETRACTION_TARGETS, {**fact, "object": ""}),
    ]
    for sql, params in lookups:
        engine = sql in (candidates.DECISIVE_CANDIDATES, candidates.RETRACTION_TARGETS)
        conn.execute(f"SET enable_sort = {'off' if engine else 'on'}")  # as the engine plans them (SORTS_OFF)
        (plan,) = conn.execute("EXPLAIN (FORMAT JSON) " + sql.replace("FOR UPDATE", ""), params).fetchone()
        scans = _scans(plan[0]["Plan"] if isinstance(plan, list) else json.loads(plan)[0]["Plan"])
        assert scans and not [s for s in scans if _reads_the_namespace(s)], sql


def test_judged_candidates_read_the_subject_through_the_fact_key_before_the_first_analyze(stale: Any) -> None:
    conn, ids = stale
    params = {
        "vec": "[" + ",".join(["0.1"] * 384) + "]", "predicates": ["predicate 7"], "ns": "ns", "id": ids[0],
        "subject": "subject 17", "object": "object 35", "named": None, "judged": True, "threshold": 0.45,
        "limit": 8, "exact_up_to": candidates.JUDGED_EXACT_UP_TO,
    }  # fmt: skip
    conn.execute("SET enable_sort = off")  # as the engine plans it (candidates.SORTS_OFF, in its transaction)
    (plan,) = conn.execute(
        "EXPLAIN (FORMAT JSON) " + candidates.JUDGED_CANDIDATES.replace("FOR UPDATE", ""), params
    ).fetchone()
    assert not [s for s in _scans(plan[0]["Plan"]) if s["Node Type"] == "Seq Scan"]
    indexes = {s["Index Name"] for s in _nodes(plan[0]["Plan"]) if "Index Name" in s}
    # without a session to look up, memory_session_facts could only be skip-scanned over every session
    assert indexes <= {"memory_active_fact_key", "memory_embedding_hnsw", "memory_pkey"}, indexes
