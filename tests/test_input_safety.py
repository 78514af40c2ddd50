"""Odd input all the way through: one bad line costs only itself; odd values survive every tier.

Also that recall's indexes are the partial ones the design relies on, and are used.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import psycopg
import pytest

from memory_sink import InputError, MemoryStore, perspective
from memory_sink import recall as recall_sql
from memory_sink.staging import MAX_METADATA_DEPTH, validate_turn
from memory_sink.types import StagedTurn
from memory_sink.vocab import Kind
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime
from tests.test_cli import run as run_cli

GOOD = '{"session_id": "s", "role": "user", "content": "%s", "seq": %d}'


def staged(store: MemoryStore) -> list[str]:
    with store.connection() as conn:
        return [r[0] for r in conn.execute("SELECT content FROM memory_staging ORDER BY content")]


def ingest(store: MemoryStore, *lines: str) -> dict[int, str]:
    report = store.ingest_jsonl(io.StringIO("\n".join(lines) + "\n"))
    return {r.line: r.error for r in report.rejected}


# --- one odd line costs only itself ------------------------------------------------


@pytest.mark.parametrize("ts", ["0001-01-01T00:00:00+05:00", "9999-12-31T23:30:00-05:00"])
def test_a_timestamp_out_of_range_in_utc_is_rejected_and_the_lines_around_it_are_stored(
    store: MemoryStore, ts: str
) -> None:
    odd = json.dumps({"session_id": "s", "role": "user", "content": "odd", "ts": ts})
    rejected = ingest(store, GOOD % ("before", 1), odd, GOOD % ("after", 3))
    assert list(rejected) == [2] and rejected[2].startswith("ts: ") and "out of range" in rejected[2]
    assert staged(store) == ["after", "before"]


def test_json_nested_too_deeply_is_rejected_naming_the_line_or_the_field(store: MemoryStore) -> None:
    deep_line = "[" * 100_000 + "]" * 100_000
    deep_meta = json.dumps(
        {
            "session_id": "s",
            "role": "user",
            "content": "m",
            "seq": 9,
            "metadata": json.loads('{"a":' * 100 + "1" + "}" * 100),
        }
    )
    huge_int = '{"session_id": "s", "role": "user", "content": "n", "seq": 1%s}' % ("0" * 5000)
    rejected = ingest(store, GOOD % ("first", 1), deep_line, deep_meta, huge_int, GOOD % ("last", 5))
    assert sorted(rejected) == [2, 3, 4]
    assert rejected[2].startswith("not valid JSON: nested too deeply")
    assert rejected[3].startswith(f"metadata: nested deeper than {MAX_METADATA_DEPTH} levels")
    assert rejected[4].startswith("not valid JSON: ")
    assert staged(store) == ["first", "last"]


def test_metadata_too_deep_or_circular_from_python_is_an_input_error() -> None:
    deep: dict = {}
    node = deep
    for _ in range(5000):  # deep enough for json.dumps to raise RecursionError
        node["a"] = node = {}
    circular: dict = {}
    circular["self"] = circular
    for metadata in (deep, circular):
        with pytest.raises(InputError, match="^metadata: "):
            validate_turn("s", "user", "x", metadata=metadata)

    def nested(levels: int) -> dict:
        return json.loads('{"a":' * levels + "1" + "}" * levels)

    assert validate_turn("s", "user", "x", metadata=nested(MAX_METADATA_DEPTH)).metadata  # the limit is allowed
    with pytest.raises(InputError, match="^metadata: nested deeper than"):
        validate_turn("s", "user", "x", metadata=nested(MAX_METADATA_DEPTH + 1))


def test_a_turn_the_database_refuses_costs_only_itself(store: MemoryStore) -> None:
    good = validate_turn("s", "user", "kept one", seq=1)
    # A StagedTurn is taken as already checked; one built by hand can still hold
    # what PostgreSQL refuses. The batch is retried turn by turn, not lost.
    bad = StagedTurn("e" * 32, "default", "s", "user", "a\x00b", good.event_ts, 2, {})
    report = store.stage_many([good, bad, {"session_id": "s", "role": "user", "content": "kept two", "seq": 3}])
    assert (report.inserted, report.duplicates) == (2, 0)
    assert [r.line for r in report.rejected] == [2] and "refused by the database" in report.rejected[0].error
    assert bad.event_id not in report.event_ids and good.event_id in report.event_ids
    assert staged(store) == ["kept one", "kept two"]


@pytest.mark.parametrize(
    ("namespace", "message"),
    [
        ('""', "namespace: must not be empty"),
        ('"  "', "namespace: must not be empty"),
        ("null", "namespace: expected a string, got null"),
        ("0", "namespace: expected a string, got number"),
        ("false", "namespace: expected a string, got boolean"),
    ],
)
def test_an_empty_or_null_namespace_is_rejected_not_defaulted(store: MemoryStore, namespace: str, message: str) -> None:
    line = '{"session_id": "s", "role": "user", "content": "x", "namespace": %s}' % namespace
    assert ingest(store, line, GOOD % ("no namespace key", 2)) == {1: message}
    with store.connection() as conn:
        assert conn.execute("SELECT namespace FROM memory_staging").fetchall() == [("default",)]


def test_cli_out_of_range_times_exit_2_with_one_line(capsys: pytest.CaptureFixture[str], config_file: Path) -> None:
    cfg = ["--config", str(config_file)]
    code, out, err = run_cli(
        capsys, "stage", *cfg, "--session", "s", "--role", "user", "--ts", "0001-01-01T00:00:00+05:00", "hello"
    )
    assert (code, out) == (2, "") and err.startswith("tiermem: error: ts: ") and err.count("\n") == 1
    code, out, err = run_cli(capsys, "recall", *cfg, "--as-of", "0001-01-01T00:00:00+05:00", "hello")
    assert (code, out) == (2, "") and err.startswith("tiermem: error: as_of: ") and err.count("\n") == 1
    code, out, err = run_cli(
        capsys, "stage", *cfg, "--session", "s", "--role", "user", "--metadata", "[" * 100_000 + "]" * 100_000, "hello"
    )
    assert code == 2 and "--metadata" in err and err.count("\n") == 1


# --- odd values survive every tier --------------------------------------------------

NASTY = "x'); DROP TABLE memory; -- \"; SELECT pg_sleep(10); \\ %s %(x)s $1 ;--"


def test_a_1mb_turn_and_a_session_id_of_sql_metacharacters_go_through_every_tier(store: MemoryStore) -> None:
    big = ("the quick brown fox jumps over the lazy dog " * 25_000)[:1_000_000]
    store.stage(NASTY, "user", "We keep the invoices in a PostgreSQL database.", namespace=NASTY, seq=1)
    store.stage(NASTY, "user", big, namespace=NASTY, seq=2)
    assert run_realtime(store).turns_embedded == 2
    provisional = store.recall("invoices database", namespace=NASTY, k=5)
    assert {m.session_id for m in provisional} == {NASTY} and {m.tier for m in provisional} == {"provisional"}
    assert big in [m.content for m in provisional]  # stored whole, not truncated

    report = run_consolidate(store)
    assert (report.sessions_consolidated, report.sessions_failed) == (1, 0), report.failures
    found = store.recall("where are the invoices kept?", namespace=NASTY, k=10)
    assert found and {m.tier for m in found} == {"consolidated"} and {m.session_id for m in found} == {NASTY}
    assert any("invoices" in m.content for m in found)
    assert store.recall("invoices", k=10) == []  # and nothing leaked into the default namespace

    before = {m.id: m for m in store.recall("invoices fox", namespace=NASTY, k=10, kinds=["episode"])}
    store.stage(NASTY, "user", "We moved the invoices to S3.", namespace=NASTY, seq=3)
    run_realtime(store)
    assert run_consolidate(store).sessions_consolidated == 1
    after = {m.id: m for m in store.recall("invoices fox S3", namespace=NASTY, k=10, kinds=["episode"])}
    # the episodes the new turn did not join keep their rows; history reads them under this session id
    assert set(before) < set(after) and {m.session_id for m in after.values()} == {NASTY}
    for episode in before.values():
        [kept] = store.history(episode.id, namespace=NASTY)
        assert kept.id == episode.id and kept.superseded_at is None
    assert any(
        "S3" in m.content and m.tier == "consolidated"
        for m in store.recall("invoices moved to S3", namespace=NASTY, k=10)
    )


def test_the_swap_never_nests_a_pipeline_whose_sync_could_strand_a_large_message(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    # psycopg syncs an outer pipeline on entering a nested one and stops flushing once its
    # queue is empty: a 1 MB turn's rows, still buffered, then never reach the server and the
    # swap waits forever (seen under load only, so this checks the cause, not a timing).
    nested: list[str] = []
    enter = psycopg.Connection.pipeline

    def spying(conn: psycopg.Connection) -> Any:
        caller = sys._getframe(1).f_globals["__name__"]  # psycopg's own transaction() nests safely
        if conn.pgconn.pipeline_status and not caller.startswith("psycopg"):
            nested.append(caller)
        return enter(conn)

    monkeypatch.setattr(psycopg.Connection, "pipeline", spying)
    store.stage("s", "user", "I live in Lisbon and I work at Feedzai.", seq=1)
    store.stage("s", "user", "My editor is Helix.", seq=2)
    run_realtime(store)
    assert run_consolidate(store).sessions_consolidated == 1
    assert len(store.facts(subject="user")) >= 2 and nested == []


# --- recall's indexes -----------------------------------------------------------------


def test_the_vector_and_text_indexes_are_partial_over_active_rows(store: MemoryStore) -> None:
    with store.connection() as conn:
        defs = dict(
            conn.execute(
                "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'memory'"
                " AND indexname IN ('memory_embedding_hnsw', 'memory_content_tsv')"
            ).fetchall()
        )
    assert set(defs) == {"memory_embedding_hnsw", "memory_content_tsv"}
    assert "USING hnsw" in defs["memory_embedding_hnsw"] and "USING gin" in defs["memory_content_tsv"]
    assert defs["memory_content_tsv"].endswith("WHERE (superseded_at IS NULL)"), defs
    # provisional rows stay out of the graph: recall scans them exactly (next tests)
    hnsw = defs["memory_embedding_hnsw"]
    assert hnsw.endswith("WHERE ((superseded_at IS NULL) AND (tier = 'consolidated'::text))"), hnsw


def test_recalls_vector_branch_uses_the_hnsw_index(store: MemoryStore) -> None:
    store.stage_many([{"session_id": f"s{i}", "role": "user", "content": f"note {i}", "seq": i} for i in range(30)])
    run_realtime(store)
    params = {
        "q": np.ones(384, dtype=np.float32) / np.sqrt(384),
        "ns": "default",
        "k": 10,
        "kinds": list(Kind),
        "n": 40,
        "text": "note",
        "lexemes": ["note"],
        "idf": [1.0],
        "selects": [True],
        "paired": [False],
        "unpassaged": False,
        **perspective.params(""),  # a question about no one: no row set aside
    }
    with store.connection() as conn:
        # With a few dozen rows a sequential scan plus a sort is genuinely cheaper,
        # so the planner's choice would depend on table statistics. Disabling seq
        # scans makes the plan stable and asks what this test is about: can the
        # query use the partial HNSW index at all (its WHERE implies the index's
        # predicate and it orders by the index's operator). If not, the planner
        # still falls back to a seq scan and the assertion fails.
        conn.execute("SET LOCAL enable_seqscan = off")
        plan = "\n".join(r[0] for r in conn.execute("EXPLAIN " + recall_sql.RECALL_ACTIVE, params))
    assert "Index Scan using memory_embedding_hnsw" in plan, plan
    # the namespace's provisional rows, exactly, through either btree that narrows to them
    assert "memory_provisional_namespace" in plan or "(tier = 'provisional'::text)" in plan, plan
    assert "cosine_distance" in plan, plan  # the exact arm of a small namespace


def test_recalls_vector_branch_is_the_exact_nearest_over_both_tiers(store: MemoryStore) -> None:
    """Provisional rows, outside the HNSW graph, still compete by distance with consolidated ones."""
    texts = [f"{topic} note number {i}" for i, topic in enumerate(["tea", "rust", "paris", "cats", "jazz"] * 8)]
    store.stage_many([{"session_id": f"s{i}", "role": "user", "content": t, "seq": i} for i, t in enumerate(texts)])
    run_realtime(store)
    episodes = [f"an episode about {topic}" for topic in ("green tea", "rust compilers", "paris trips", "kittens")]
    with store.connection() as conn:
        for text, vec in zip(episodes, store.embedder.embed_documents(episodes)):
            conn.execute(
                "INSERT INTO memory (namespace, session_id, tier, kind, content, embedding, event_ids, valid_from,"
                " embed_model) VALUES ('default', 'old', 'consolidated', 'episode', %s, %s, ARRAY['e'], now(), %s)",
                (text, vec, store.embedder.fingerprint),
            )
    query = store.embedder.embed_query("a cup of tea with my cat")
    params = {
        "q": query,
        "ns": "default",
        "k": 10,
        "kinds": ["turn", "episode"],
        "n": 10,
        "lexemes": [],  # no lexical branch: the ranking is the vector branch's alone
        "idf": [],
        "selects": [],
        "paired": [],
        "unpassaged": False,
        **perspective.params(""),  # a question about no one: no row set aside
    }
    exact = "SELECT id FROM memory WHERE superseded_at IS NULL ORDER BY embedding <=> %s, id LIMIT 10"
    with store.connection() as conn:
        recalled = [row[0] for row in conn.execute(recall_sql.RECALL_ACTIVE, params)]  # ids, the first column
        # the same statement as a namespace too large for the exact arm runs it: HNSW + provisional scan
        large = recall_sql.RECALL_ACTIVE.replace(f"count(*) <= {recall_sql.EXACT_BELOW}", "count(*) <= 0")
        assert large != recall_sql.RECALL_ACTIVE
        recalled_large = [row[0] for row in conn.execute(large, params)]
        conn.execute("SET LOCAL enable_indexscan = off")
        expected = [row[0] for row in conn.execute(exact, (query,))]
    assert {"provisional", "consolidated"} <= {m.tier for m in store.recall("a cup of tea with my cat", k=10)}
    assert recalled == expected
    assert recalled_large == expected
