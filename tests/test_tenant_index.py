"""A namespace with a graph of its own: built safely, used by recall, dropped without harm.

``tenant_index.create`` gives a namespace a partial HNSW index over its active
consolidated rows; recall then names the namespace as a literal so the planner can
use it. These tests check the planner does, that recall returns what exact ranking
returns, that a dropped index (even one this process still believes in) only falls
back, and that creation is idempotent, re-runnable after a failed build and refuses
bad input.
"""

from __future__ import annotations

import json
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import psycopg
import pytest
from pgvector.psycopg import register_vector
from psycopg import sql

from memory_sink import MemoryStore, perspective, tenant_index
from memory_sink import recall as recall_sql
from memory_sink.errors import DatabaseError, InputError

# Quotes, a backslash and psycopg's placeholder syntax: the literal must survive all three.
ODD = "o'brien \\ %(q)s 100%"
INSERT = """
INSERT INTO memory (namespace, session_id, tier, kind, content, embedding, event_ids, valid_from, embed_model,
                    superseded_at)
VALUES (%s, 's', %s, 'turn', %s, %s, ARRAY[%s], %s, 'stand-in', %s)
"""
EXACT = """
SELECT id FROM memory WHERE namespace = %(ns)s AND superseded_at IS NULL AND kind = ANY(%(kinds)s)
ORDER BY cosine_distance(embedding, %(q)s) LIMIT %(k)s
"""


@pytest.fixture
def tenants(store: MemoryStore) -> MemoryStore:
    """Three namespaces of random unit vectors: consolidated, a few provisional, some retired."""
    rng = np.random.default_rng(7)
    now = datetime(2024, 1, 1, tzinfo=UTC)
    rows = []
    for ns in ("big", ODD, "other"):
        vecs = rng.standard_normal((400, 384)).astype(np.float32)
        for i, v in enumerate(vecs / np.linalg.norm(vecs, axis=1, keepdims=True)):
            tier = "provisional" if i % 20 == 0 else "consolidated"
            retired = now if tier == "consolidated" and i % 7 == 0 else None
            rows.append((ns, tier, f"row {i}", v, f"{ns}-{i}", now, retired))
    with store.connection() as conn:
        conn.cursor().executemany(INSERT, rows)
        conn.execute("ANALYZE memory")
    tenant_index.forget()
    return store


def _query(seed: int) -> np.ndarray:
    q = np.random.default_rng(seed).standard_normal(384).astype(np.float32)
    return q / np.linalg.norm(q)


def _recall(store: MemoryStore, ns: str, q: np.ndarray) -> list[str]:
    with store.connection() as conn:
        _price_out_reading_all(conn)
        return [m.id for m in recall_sql.recall(conn, q, "zebra", namespace=ns, k=10, kinds=["turn"])]


def _exact(store: MemoryStore, ns: str, q: np.ndarray) -> list[str]:
    with store.connection() as conn:
        return [str(r[0]) for r in conn.execute(EXACT, {"ns": ns, "kinds": ["turn"], "q": q, "k": 10})]


def _price_out_reading_all(conn: psycopg.Connection) -> None:
    """At 400 rows reading them all is genuinely cheaper than any index; priced out, an index
    is used, and the question is which: the namespace's own or the shared one."""
    for kind in ("seqscan", "sort"):
        conn.execute(f"SET LOCAL enable_{kind} = off")


def _plan(store: MemoryStore, ns: str) -> str:
    params: dict[str, Any] = {
        "q": _query(1), "ns": ns, "kinds": ["turn"], "unpassaged": False, "n": 40, "k": 30,
        "lexemes": ["zebra"], "idf": [1.0], "selects": [True], "paired": [False], **perspective.params(""),
    }  # fmt: skip
    with store.connection() as conn:
        _price_out_reading_all(conn)
        conn.execute(recall_sql.SET_OWN_GRAPH, (str(recall_sql.LEXICAL_POOL),))
        explain = sql.SQL("EXPLAIN ") + recall_sql.own_graph_statement(ns)
        return "\n".join(r[0] for r in conn.execute(explain, params))


@pytest.mark.parametrize("ns", ["big", ODD])
def test_recall_searches_the_namespaces_own_graph_and_ranks_as_exact_search(tenants: MemoryStore, ns: str) -> None:
    entry, built = tenant_index.create(tenants.dsn, ns)
    assert built and entry.state == "ready" and entry.active_rows == 400 - 20 - 55
    plan = _plan(tenants, ns)
    assert f"Index Scan using {entry.index_name}" in plan and f"Bitmap Index Scan on {entry.lexical_index_name}" in plan
    with tenants.connection() as conn:
        assert tenant_index.own_graphs(conn) == {ns}  # what recall asks before choosing its statement
    for seed in range(5):
        q = _query(seed)
        assert _recall(tenants, ns, q) == _exact(tenants, ns, q)


def test_a_dropped_index_only_falls_back_even_while_a_process_still_believes_in_it(tenants: MemoryStore) -> None:
    entry, _ = tenant_index.create(tenants.dsn, "big")
    with tenants.connection() as conn:
        assert "big" in tenant_index.own_graphs(conn)  # cached now, for TTL seconds
        conn.execute(sql.SQL("DROP INDEX {}").format(sql.Identifier(entry.index_name)))
        assert "big" in tenant_index.own_graphs(conn)  # stale: the own-graph statement still runs
    assert "Index Scan using memory_tenant_hnsw" not in _plan(tenants, "big")
    for seed in range(3):
        assert _recall(tenants, "big", _query(seed)) == _exact(tenants, "big", _query(seed))
    assert [(t.graph_state, t.lexical_state) for t in _listing(tenants)] == [("missing", "ready")]
    assert tenant_index.drop(tenants.dsn, "big")  # the request goes; the next read forgets it
    with tenants.connection() as conn:
        assert "big" not in tenant_index.own_graphs(conn)
    assert _listing(tenants) == [] and not tenant_index.drop(tenants.dsn, "big")


def test_create_is_idempotent_and_rebuilds_an_invalid_index(tenants: MemoryStore) -> None:
    first, built = tenant_index.create(tenants.dsn, "big")
    again, rebuilt = tenant_index.create(tenants.dsn, "big")
    assert built and not rebuilt and again.build_seconds == first.build_seconds
    with tenants.connection() as conn:  # what a failed or interrupted CONCURRENTLY build leaves
        conn.execute("UPDATE pg_index SET indisvalid = false WHERE indexrelid = to_regclass(%s)", (first.index_name,))
    tenant_index.forget()
    assert [t.state for t in _listing(tenants)] == ["graph invalid, lexical ready"]
    with tenants.connection() as conn:
        assert "big" not in tenant_index.own_graphs(conn)  # recall never trusts an invalid index
    entry, built = tenant_index.create(tenants.dsn, "big")
    assert built and entry.state == "ready"
    with tenants.connection() as conn:
        names = conn.execute("SELECT count(*) FROM pg_indexes WHERE indexname LIKE 'memory_tenant_hnsw_%'").fetchone()
    assert names == (1,)


def test_the_maintenance_step_gives_every_large_namespace_its_own_graph_once(tenants: MemoryStore) -> None:
    with tenants.connection() as conn:  # "other" shrinks below the threshold
        conn.execute("UPDATE memory SET superseded_at = now() WHERE namespace = 'other' AND event_ids[1] LIKE '%%1'")
    done = tenant_index.create_past(tenants.dsn, 300)
    assert sorted((t.namespace, built) for t, built in done) == [("big", True), (ODD, True)]
    assert [built for _, built in tenant_index.create_past(tenants.dsn, 300)] == [False, False]
    assert tenant_index.create_past(tenants.dsn, 400) == []
    with pytest.raises(InputError, match="above: expected a row count"):
        tenant_index.create_past(tenants.dsn, -1)


def test_one_build_at_a_time_and_the_second_says_so(tenants: MemoryStore) -> None:
    with psycopg.connect(tenants.dsn, autocommit=True) as holder:
        holder.execute("SELECT pg_advisory_lock(%s)", (tenant_index.BUILD_LOCK,))
        with pytest.raises(DatabaseError, match="another tenant-index create or drop is running"):
            tenant_index.create(tenants.dsn, "big")
    assert _listing(tenants) == []


@pytest.mark.parametrize(
    ("bad", "message"),
    [("", "must not be empty"), ("a\x00b", "NUL byte"), (42, "expected a string"), ("x" * 5000, "over the limit")],
)
def test_bad_namespaces_are_refused_before_any_sql(tenants: MemoryStore, bad: Any, message: str) -> None:
    with pytest.raises(InputError, match=message):
        tenant_index.create(tenants.dsn, bad)
    with pytest.raises(InputError, match=message):
        tenant_index.drop(tenants.dsn, bad)


def test_index_names_are_plain_identifiers_whatever_the_namespace() -> None:
    names = {tenant_index.index_name(ns) for ns in ("big", ODD, "Big", "big ")}
    assert len(names) == 4
    assert all(n.startswith(tenant_index.INDEX_PREFIX) and n.replace("_", "").isalnum() and len(n) < 63 for n in names)


def _listing(store: MemoryStore) -> list[tenant_index.TenantIndex]:
    with store.connection() as conn:
        return tenant_index.listing(conn)


def test_the_cli_creates_lists_and_drops(capsys: pytest.CaptureFixture[str], config_file: Path) -> None:
    from pipelines.cli import main

    def run(*args: str) -> tuple[int, str, str]:
        try:
            main(["tenant-index", *args, "--config", str(config_file)])
            code = 0
        except SystemExit as exc:
            code = int(exc.code or 0)
        out, err = capsys.readouterr()
        return code, out, err

    assert run("create", "-n", ODD)[0] == 0
    code, out, _ = run("create", "-n", ODD, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["namespace"] == ODD and doc["state"] == "ready" and doc["built"] is False
    code, out, _ = run("list", "--json")
    assert [t["namespace"] for t in json.loads(out)["tenant_indexes"]] == [ODD]
    assert "ready" in run("list")[1]
    assert run("drop", "-n", ODD)[1].strip().endswith("dropped")
    code, out, _ = run("auto", "--above", "1000", "--json")
    assert code == 0 and json.loads(out) == {"tenant_indexes": []}
    code, _, err = run("create", "-n", "")
    assert code == 2 and err.startswith("tiermem: error: Invalid value for '--namespace' / '-n': must not be empty")


def test_a_write_during_the_build_is_in_the_graph_it_builds(tenants: MemoryStore) -> None:
    """CONCURRENTLY waits out a writer's open transaction instead of blocking it, and indexes its row."""
    q = _query(99)
    now = datetime(2024, 1, 1, tzinfo=UTC)
    with psycopg.connect(tenants.dsn) as writer:
        register_vector(writer)
        writer.execute(INSERT, ("big", "consolidated", "late", q, "big-late", now, None))  # open, uncommitted
        pid = writer.info.backend_pid
        done: list[object] = []
        build = threading.Thread(target=lambda: done.append(tenant_index.create(tenants.dsn, "big")))
        build.start()
        with psycopg.connect(tenants.dsn, autocommit=True) as watcher:
            while build.is_alive() and not _waits_for(watcher, pid):  # the build waits on the writer
                time.sleep(0.05)
        writer.commit()
        build.join()
    assert done and done[0][1]  # type: ignore[index]
    with tenants.connection() as conn:
        _price_out_reading_all(conn)
        late = recall_sql.recall(conn, q, "zebra", namespace="big", k=1, kinds=["turn"])
    assert [m.content for m in late] == ["late"]


def _waits_for(conn: psycopg.Connection, pid: int) -> bool:
    """Whether some session waits for a lock the backend ``pid`` holds."""
    row = conn.execute(
        "SELECT count(*) FROM pg_locks l WHERE NOT granted AND %s = ANY(pg_blocking_pids(l.pid))", (pid,)
    )
    return bool(row.fetchone()[0])  # type: ignore[index]
