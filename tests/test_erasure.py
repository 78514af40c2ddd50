"""Erasure (``forget``): a memory, a session or a namespace leaves no word behind, and nothing comes back.

After each erasure every text-like column of every table in the schema (found
through ``information_schema``, so a table added later is searched too), the
planner's statistics sample (``pg_stats``) and this process's term-statistics
cache are searched for the erased words; then the realtime tier, consolidation
and a backfill run again and the search is repeated.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import anyio
import pytest
from mcp.client import Client
from psycopg import sql

from memory_sink import InputError, MemoryStore, NotFoundError, term_stats
from memory_sink.ops import record_failure
from pipelines.backfill import run_backfill, sessions_on_days
from pipelines.consolidate import run_consolidate
from pipelines.mcp_server import build_server
from pipelines.realtime import run_realtime
from tests.test_cli import run
from tests.test_mcp import structured

TEXT_TYPES = ("text", "character varying", "character", "jsonb", "json", "tsvector", "ARRAY", "name")
COLUMNS = """
SELECT table_name, column_name FROM information_schema.columns
WHERE table_schema = current_schema() AND data_type = ANY(%s) ORDER BY table_name, column_name
"""
STATS = """
SELECT tablename, attname FROM pg_stats WHERE schemaname = current_schema()
  AND (most_common_vals::text ILIKE %(p)s OR most_common_elems::text ILIKE %(p)s OR histogram_bounds::text ILIKE %(p)s)
"""
# Lower-case stems: a tsvector and the statistics hold 'quokkavill', the turns 'Quokkaville'.
ERASED = ("quokkav", "zitherph", "snorkelb")
KEPT = "lisbon"


def found_anywhere(store: MemoryStore, words: tuple[str, ...]) -> dict[str, list[str]]:
    """word -> every 'table.column' (and 'pg_stats:table.column') that still holds it."""
    hits: dict[str, list[str]] = {}
    with store.connection() as conn:
        columns = conn.execute(COLUMNS, (list(TEXT_TYPES),)).fetchall()
        searched = {f"{t}.{c}" for t, c in columns}
        # The search covers the columns that hold text today; a type filter gone wrong would find nothing.
        assert {"memory.content", "memory.content_tsv", "memory_staging.content", "memory_ops.signals"} <= searched
        assert {"consolidation_state.last_error", "memory_erasures.counts", "memory.metadata"} <= searched
        for word in words:
            pattern = f"%{word}%"
            for table, column in columns:
                query = sql.SQL("SELECT count(*) FROM {} WHERE {}::text ILIKE %s").format(
                    sql.Identifier(table), sql.Identifier(column)
                )
                if conn.execute(query, (pattern,)).fetchone()[0]:
                    hits.setdefault(word, []).append(f"{table}.{column}")
            for table, column in conn.execute(STATS, {"p": pattern}):
                hits.setdefault(word, []).append(f"pg_stats:{table}.{column}")
            stats = term_stats.cached(conn)
            if stats is not None and any(word in lexeme for lexeme in stats.freqs):
                hits.setdefault(word, []).append("term_stats cache")
    return hits


def analyze(store: MemoryStore) -> None:
    """Fill the statistics as autovacuum would, so the erased words are there to be found first."""
    with store.connection() as conn:
        conn.execute("ANALYZE")
    term_stats.forget()


def run_everything_again(store: MemoryStore, namespace: str = "default") -> None:
    run_realtime(store)
    run_consolidate(store, min_quiet_seconds=0)
    days = [date(2026, 3, d) for d in range(1, 6)]
    run_backfill(store, sessions_on_days(store, days, namespace=namespace))
    analyze(store)


def two_sessions(store: MemoryStore, namespace: str = "default") -> None:
    """'home' says Lisbon and Notion; 'trip' replaces the city, retracts Notion and is also in flight."""
    ns = {"namespace": namespace}
    store.stage("home", "user", "I live in Lisbon.", ts="2026-03-01T10:00:00Z", **ns)
    store.stage("home", "user", "I use Notion for my notes.", ts="2026-03-01T10:01:00Z", **ns)
    store.stage(
        "trip", "user", "I moved to Quokkaville.", ts="2026-03-02T10:00:00Z", metadata={"tag": "quokkaville"}, **ns
    )
    store.stage(
        "trip", "user", "I no longer use Notion, the zitherphone app is enough.", ts="2026-03-02T10:01:00Z", **ns
    )
    run_realtime(store)
    assert run_consolidate(store, min_quiet_seconds=0).sessions_failed == 0
    store.stage("trip", "user", "Tomorrow I try snorkelbreathing lessons.", ts="2026-03-03T10:00:00Z", **ns)
    run_realtime(store)  # a provisional row of the erased session
    with store.connection() as conn:  # a failure whose error quotes the session's words
        record_failure(conn, namespace, "trip", "consolidator said: Quokkaville?", base_seconds=60)
    analyze(store)


def test_forgetting_a_session_leaves_no_word_and_nothing_comes_back(store: MemoryStore) -> None:
    two_sessions(store)
    lisbon = store.facts(subject="user", predicate="lives in", all_versions=True)
    assert [f.object for f in lisbon] == ["Lisbon", "Quokkaville"] and lisbon[0].superseded_by == lisbon[1].id
    assert set(found_anywhere(store, ERASED)) == set(ERASED)  # the search finds them before
    with store.connection() as conn:  # what it erased is named by ids too: none may stay
        ids = tuple(r[0] for r in conn.execute("SELECT event_id FROM memory_staging WHERE session_id = 'trip'"))
        ids += tuple(r[0] for r in conn.execute("SELECT id::text FROM memory WHERE session_id = 'trip'"))

    done = store.forget(session_id="trip")

    assert done.scope == "session" and done.counts["staged_turns"] == 3 and done.counts["memories"] > 3
    assert done.counts["operations"] >= 2 and done.counts["consolidation_state"] == 1
    assert found_anywhere(store, ERASED + ids) == {}
    assert found_anywhere(store, (KEPT,)) != {}
    kept = store.facts(subject="user", all_versions=True)
    assert {f.object for f in kept} == {"Lisbon", "Notion"}
    # the replaced fact stays retired; only the link to its erased successor is gone
    assert next(f for f in kept if f.object == "Lisbon").superseded_by is None
    run_everything_again(store)
    assert found_anywhere(store, ERASED) == {}
    assert store.tiers.tier_violations()["turns_in_neither_tier"] == 0
    with store.connection() as conn:
        record = conn.execute("SELECT scope, namespace, counts FROM memory_erasures").fetchall()
    assert record == [("session", "default", done.counts)]


def test_forgetting_a_fact_erases_its_turn_and_rebuilds_the_rest_of_the_session(store: MemoryStore) -> None:
    store.stage("s", "user", "I moved to Quokkaville.", ts="2026-03-02T10:00:00Z")
    store.stage("s", "user", "I use Lisbonware every day.", ts="2026-03-02T10:01:00Z")
    run_realtime(store)
    run_consolidate(store, min_quiet_seconds=0)
    analyze(store)
    [fact] = store.facts(subject="user", predicate="lives in")

    done = store.forget(fact.id)

    assert done.counts["staged_turns"] == 1 and len(done.requeued) == 1
    assert found_anywhere(store, ("quokkav",)) == {}
    # the other turn lost its episode with the erased one: visible again at once, as a provisional turn
    found = store.recall("Lisbonware", k=5)
    assert [(m.tier, m.kind) for m in found if "Lisbonware" in m.content][:1] == [("provisional", "turn")]
    assert store.tiers.tier_violations() == {
        "turns_in_both_tiers": 0,
        "turns_in_neither_tier": 0,
        "examples_in_both_tiers": [],
    }
    run_everything_again(store)
    assert found_anywhere(store, ("quokkav",)) == {}
    assert [f.object for f in store.facts(subject="user")] == ["Lisbonware"]
    assert store.status()["provisional_turns"] == 0  # re-consolidated from what is left


def test_forgetting_a_namespace_needs_confirmation_and_spares_the_others(store: MemoryStore) -> None:
    two_sessions(store, namespace="quokkav-tenant")
    store.stage("s", "user", "I live in Lisbon.", namespace="other")
    run_realtime(store)
    with pytest.raises(InputError, match="confirm") as refused:
        store.forget(whole_namespace=True, namespace="quokkav-tenant")
    assert "confirm=True" in str(refused.value) and "--yes" not in str(refused.value)  # the API's word only

    done = store.forget(whole_namespace=True, namespace="quokkav-tenant", confirm=True, vacuum=True)

    assert done.counts["staged_turns"] == 5 and done.counts["consolidation_state"] == 2
    assert found_anywhere(store, (*ERASED, "notion")) == {}
    assert [m.namespace for m in store.recall("Lisbon", namespace="other")] == ["other"]
    run_everything_again(store, namespace="quokkav-tenant")
    assert found_anywhere(store, ERASED) == {}
    with pytest.raises(NotFoundError):
        store.forget(whole_namespace=True, namespace="quokkav-tenant", confirm=True)


def test_forgetting_everything_clears_the_statistics_of_emptied_tables(store: MemoryStore) -> None:
    two_sessions(store)
    before = [where for places in found_anywhere(store, (*ERASED, KEPT)).values() for where in places]
    assert any(where.startswith("pg_stats:") for where in before)
    store.forget(whole_namespace=True, namespace="default", confirm=True)
    assert found_anywhere(store, (*ERASED, KEPT)) == {}


def test_forget_names_exactly_one_scope(store: MemoryStore) -> None:
    with pytest.raises(InputError, match="exactly one"):
        store.forget()
    with pytest.raises(InputError, match="exactly one"):
        store.forget("00000000-0000-0000-0000-000000000000", session_id="s")
    with pytest.raises(NotFoundError, match="no session"):
        store.forget(session_id="never")
    with pytest.raises(NotFoundError, match="no memory"):
        store.forget("00000000-0000-0000-0000-000000000000")


def test_the_cli_erases_by_id_prefix_and_refuses_a_namespace_without_yes(
    store: MemoryStore, config_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cli = ["--config", str(config_file)]
    store.stage("s", "user", "I moved to Quokkaville.", ts="2026-03-02T10:00:00Z")
    run_realtime(store)
    [turn] = store.recall("Quokkaville", k=1)
    code, out, err = run(capsys, "forget", turn.id[:8], *cli, "--json")
    assert (code, err) == (0, "")
    doc = json.loads(out)
    assert doc["scope"] == "memory" and doc["counts"]["staged_turns"] == 1 and doc["counts"]["memories"] == 1
    assert found_anywhere(store, ("quokkav",)) == {}
    store.stage("s2", "user", "I live in Lisbon.")
    code, _, err = run(capsys, "forget", "--whole-namespace", "--namespace", "default", *cli)
    assert code == 2 and err.count("\n") == 1 and "--yes" in err and "confirm=" not in err  # the flag's name only
    code, _, err = run(capsys, "forget", "abcd1234", "--session", "s2", *cli)
    assert code == 2 and "exactly one" in err
    code, _, err = run(capsys, "forget", "--whole-namespace", "--yes", *cli)  # the deployment's, by default
    assert (code, err.count("\n")) == (2, 1) and "name the namespace to erase with --namespace" in err
    assert store.status()["staged_turns"] == 1
    code, out, _ = run(capsys, "forget", "--whole-namespace", "--namespace", "default", "--yes", *cli)
    assert code == 0 and "staged_turns" in out and store.status()["staged_turns"] == 0


def test_the_mcp_forget_tool_retracts_or_erases(store: MemoryStore) -> None:
    store.stage("chat", "user", "I moved to Quokkaville.", ts="2026-03-02T10:00:00Z")
    store.stage("chat", "user", "I use Lisbonware.", ts="2026-03-02T10:01:00Z")
    run_realtime(store)
    run_consolidate(store, min_quiet_seconds=0)
    [fact] = store.facts(subject="user", predicate="lives in")

    async def main() -> None:
        async with Client(build_server(store, "default")) as client:
            retracted = await client.call_tool("forget", {"memory_id": fact.id})
            assert structured(retracted)["op_id"] > 0
            assert found_anywhere(store, ("quokkav",)) != {}  # hidden, not erased
            erased = structured(await client.call_tool("forget", {"session_id": "chat", "erase": True}))
            assert erased["erased"]["scope"] == "session" and erased["erased"]["counts"]["staged_turns"] == 2
            refused = await client.call_tool("forget", {"session_id": "chat"})
            assert refused.is_error and "erase=true" in refused.content[0].text

    anyio.run(main)
    assert found_anywhere(store, ("quokkav", "lisbonw")) == {}


def test_forgetting_an_episode_erases_the_log_entries_that_quote_its_turns(store: MemoryStore) -> None:
    """A retraction said in the episode is logged on the retracted fact, naming the turn: that entry goes too."""
    store.stage("home", "user", "I use Notion for my notes.", ts="2026-03-01T10:00:00Z")
    run_consolidate(store, min_quiet_seconds=0)
    store.stage("trip", "user", "I no longer use Notion.", ts="2026-03-02T10:00:00Z")
    store.stage("trip", "user", "I moved to Quokkaville.", ts="2026-03-02T10:01:00Z")
    run_consolidate(store, min_quiet_seconds=0)
    [notion] = [f for f in store.facts(subject="user", all_versions=True) if f.object == "Notion"]
    assert notion.superseded_at is not None and [o["op"] for o in store.operations(notion.id)][-1] == "retract"
    [episode] = [m for m in store.recall("Quokkaville", k=10, kinds=["episode"]) if m.session_id == "trip"]

    store.forget(episode.id)

    assert found_anywhere(store, ("quokkav", *episode.event_ids)) == {}
    assert [o["op"] for o in store.operations(notion.id)] == ["tier_swap"]  # still retired, the quote gone
    assert store.get(notion.id).superseded_at is not None


def test_forgetting_a_fact_names_the_other_facts_its_turn_took_with_it(
    store: MemoryStore, config_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cli = ["--config", str(config_file)]
    store.stage("s", "user", "I live in Quokkaville and my editor is Zed.", ts="2026-03-02T10:00:00Z")
    store.stage("s", "user", "I work at Initech.", ts="2026-03-02T10:01:00Z")
    run_realtime(store)
    run_consolidate(store, min_quiet_seconds=0)
    [home] = store.facts(subject="user", predicate="lives in")
    [editor] = store.facts(subject="user", predicate="editor")
    code, out, err = run(capsys, "forget", home.id[:8], *cli)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "also erased: user editor Zed (same turn)"
    assert "Initech" not in out  # another turn's fact stayed, and is not named
    store.stage("t", "user", "My editor is Helix and I live in Oslo.", ts="2026-03-03T10:00:00Z")
    run_realtime(store)
    run_consolidate(store, min_quiet_seconds=0)
    [home] = store.facts(subject="user", predicate="lives in")
    [editor] = store.facts(subject="user", predicate="editor")
    code, out, _ = run(capsys, "forget", home.id, *cli, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["also_erased"] == [{"id": editor.id, "fact": "user editor Helix"}]
    assert {"erasure_id", "erased_at", "scope", "counts", "requeued_turns"} <= set(doc)
