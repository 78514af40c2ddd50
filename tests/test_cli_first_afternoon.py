"""What a new user met in a first afternoon with the README: each edge as they hit it.

An undo hint that works in their namespace, ``ingest --namespace``, one rule for
roles, outdated rows marked in the recall table, a restatement said as one, a
supersede that refuses what cannot replace what, one op per coexisting pair,
suggestions for the commands other tools taught them, and a forgotten fact that
no other turn of its session brings back.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import anyio
import pytest
from mcp.client import Client

from memory_sink import MemoryStore
from pipelines.cli import cli
from pipelines.cli.suggest import ALIASES, suggestions
from pipelines.consolidate import run_consolidate
from pipelines.mcp_server import build_server
from pipelines.realtime import run_realtime
from tests.test_cli import run
from tests.test_erasure import found_anywhere, run_everything_again
from tests.test_supersession import TripleConsolidator, say

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def _cfg(config_file: Path) -> list[str]:
    return ["--config", str(config_file)]


def _one_fact(capsys: pytest.CaptureFixture[str], cfg: list[str], namespace: str) -> str:
    stage = ("stage", *cfg, "--namespace", namespace, "--session", "s", "--role", "user")
    assert run(capsys, *stage, "I live in Tromso.")[0] == 0
    assert run(capsys, "consolidate", *cfg, "--min-quiet", "0")[0] == 0
    code, out, _ = run(capsys, "facts", *cfg, "--namespace", namespace, "--json")
    [fact] = json.loads(out)["facts"]
    return str(fact["id"])


# --- 1. the undo hint names the namespace it must look in ---------------------------------------


def test_the_undo_hint_works_as_printed_in_a_namespace_of_its_own(
    capsys: pytest.CaptureFixture[str], config_file: Path
) -> None:
    cfg = _cfg(config_file)
    fact = _one_fact(capsys, cfg, "tom")
    code, out, _ = run(capsys, "pin", *cfg, "--namespace", "tom", fact[:8])
    hint = out.split("`")[1]
    assert code == 0 and hint.endswith(" --namespace tom")
    code, out, err = run(capsys, *hint.split()[1:], *cfg)  # the hint as the user would paste it
    assert (code, err) == (0, "") and "undo: operation" in out
    default = _one_fact(capsys, cfg, "default")
    code, out, _ = run(capsys, "retract", *cfg, default[:8])
    assert code == 0 and out.split("`")[1] == f"tiermem undo {out.split()[2]}"  # the default needs no flag


# --- 2. ingest --namespace ----------------------------------------------------------------------


def test_ingest_into_a_namespace_takes_lines_without_one_and_refuses_another(
    capsys: pytest.CaptureFixture[str], config_file: Path, tmp_path: Path, store: MemoryStore
) -> None:
    path = tmp_path / "turns.jsonl"
    lines = [
        {"session_id": "a", "role": "user", "content": "I live in Tromso.", "seq": 1},
        {"session_id": "a", "role": "user", "content": "I use Helix.", "namespace": "tom", "seq": 2},
        {"session_id": "a", "role": "user", "content": "I work at Initech.", "namespace": "alice", "seq": 3},
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    code, out, err = run(capsys, "ingest", str(path), *_cfg(config_file), "--namespace", "tom", "--json")
    doc = json.loads(out)
    assert code == 0 and (doc["inserted"], len(doc["rejected"])) == (2, 1)
    assert doc["rejected"][0]["line"] == 3
    assert doc["rejected"][0]["error"] == "namespace: the line names 'alice', but the input is for 'tom'"
    assert store.status("tom")["staged_turns"] == 2 and store.status("alice")["staged_turns"] == 0
    code, out, _ = run(capsys, "ingest", str(path), *_cfg(config_file), "--json")  # no flag: each line's own
    again = json.loads(out)  # line 1 to the default, line 2 staged already, line 3 to alice
    assert code == 0 and (again["inserted"], again["duplicates"]) == (2, 1)
    assert store.status("alice")["staged_turns"] == 1 and store.status("default")["staged_turns"] == 1


# --- 3. one rule for roles ----------------------------------------------------------------------


def test_stage_ingest_and_mcp_accept_the_same_roles_and_refuse_in_the_same_words(
    capsys: pytest.CaptureFixture[str], config_file: Path, tmp_path: Path, store: MemoryStore
) -> None:
    cfg = _cfg(config_file)
    assert run(capsys, "stage", *cfg, "--session", "r", "--role", "human", "--seq", "1", "Hello.")[0] == 0
    path = tmp_path / "turns.jsonl"
    path.write_text(
        json.dumps({"session_id": "r", "role": "AI", "content": "Hi!", "seq": 2})
        + "\n"
        + json.dumps({"session_id": "r", "role": "bot", "content": "?", "seq": 3})
        + "\n",
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "ingest", str(path), *cfg, "--json")
    ingested = json.loads(out)
    assert code == 0 and ingested["inserted"] == 1
    with store.connection() as conn:
        roles = [r[0] for r in conn.execute("SELECT role FROM memory_staging WHERE session_id = 'r' ORDER BY seq")]
    assert roles == ["user", "assistant"]
    code, _, err = run(capsys, "stage", *cfg, "--session", "r", "--role", "bot", "?")
    said = err.removeprefix("tiermem: error: ").strip()
    assert code == 2 and said == ingested["rejected"][0]["error"]
    assert "human for user, ai for assistant" in said

    async def remember() -> tuple[str, bool]:
        async with Client(build_server(store, "default")) as client:
            refused = await client.call_tool("remember", {"session_id": "m", "content": "?", "role": "bot"})
            taken = await client.call_tool("remember", {"session_id": "m", "content": "Hi", "role": "Human"})
            return refused.content[0].text, taken.is_error

    refused, failed = anyio.run(remember)
    assert refused == f"remember: {said}" and not failed


# --- 4. the recall table marks what recall flags outdated ---------------------------------------


def test_the_recall_table_says_outdated_where_the_json_does(
    capsys: pytest.CaptureFixture[str], config_file: Path, store: MemoryStore
) -> None:
    store.stage("s1", "user", "I drink coffee every morning.", ts=T0)
    run_consolidate(store)
    store.stage("s2", "user", "I switched from coffee to tea.", ts=T0 + timedelta(days=1))
    run_consolidate(store)
    code, out, _ = run(capsys, "recall", *_cfg(config_file), "--json", "what does the user drink?")
    flagged = [r["id"] for r in json.loads(out)["results"] if r["outdated"]]
    assert code == 0 and flagged
    code, out, _ = run(capsys, "recall", *_cfg(config_file), "what does the user drink?")
    rows = {line[:8]: line.split() for line in out.splitlines()[2:] if line[:8].isalnum()}
    for memory_id in flagged:
        assert "outdated" in rows[memory_id[:8]] and "active" not in rows[memory_id[:8]]
    assert all("outdated" not in row for short, row in rows.items() if short not in {f[:8] for f in flagged})


# --- 5. a restatement reads as one ---------------------------------------------------------------


def test_a_restated_fact_is_a_duplicate_of_the_first_saying_not_superseded(
    capsys: pytest.CaptureFixture[str], config_file: Path, store: MemoryStore
) -> None:
    say(store, "a", "user|uses|neovim", T0)
    say(store, "b", "user|uses|neovim", T0 + timedelta(days=2))
    first, again = sorted(store.facts(all_versions=True), key=lambda f: f.valid_from)
    assert again.superseded_by == first.id and again.status == f"duplicate of {first.id[:8]}"
    assert first.status == "active"
    code, out, _ = run(capsys, "history", *_cfg(config_file), again.id[:8])
    assert code == 0 and f"duplicate of {first.id[:8]}" in out and "superseded by" not in out
    say(store, "c", "user|uses|emacs", T0 + timedelta(days=3))  # multi-valued: coexists, nothing replaced
    store.supersede(first.id, next(f.id for f in store.facts() if f.object == "emacs"))
    assert store.get(first.id).status.startswith("superseded by")  # a change of value still reads as one


# --- 6. supersede refuses what cannot replace what ------------------------------------------------


def test_supersede_refuses_another_kind_and_a_pinned_fact_without_force(
    capsys: pytest.CaptureFixture[str], config_file: Path, store: MemoryStore
) -> None:
    cfg = _cfg(config_file)
    say(store, "a", "user|lives in|Tromso", T0)
    say(store, "b", "user|home town|Bergen", T0 + timedelta(days=1))
    tromso, bergen = (next(f for f in store.facts() if f.object == o) for o in ("Tromso", "Bergen"))
    passage = next(m for m in store.recall("Bergen", kinds=["passage"]) if m.session_id == "b")
    store.pin(tromso.id)
    code, out, err = run(capsys, "supersede", *cfg, tromso.id[:8], passage.id[:8])
    assert (code, out) == (2, "") and err.count("\n") == 1 and "a passage cannot supersede a fact" in err
    code, out, err = run(capsys, "supersede", *cfg, tromso.id[:8], bergen.id[:8])
    assert (code, out) == (2, "") and err.count("\n") == 1 and "is pinned" in err and "--force" in err
    assert store.get(tromso.id).status == "pinned"
    code, out, _ = run(capsys, "supersede", *cfg, "--force", tromso.id[:8], bergen.id[:8])
    assert code == 0 and store.get(tromso.id).status == f"superseded by {bergen.id[:8]}"


# --- 7. one coexisting pair, one op --------------------------------------------------------------


def test_two_new_facts_of_one_session_that_coexist_are_logged_once(store: MemoryStore) -> None:
    store.stage("s", "user", "user|prefers|Rust", ts=T0)
    store.stage("s", "user", "user|programming language|Rust", ts=T0 + timedelta(minutes=1))
    assert run_consolidate(store, consolidator=TripleConsolidator()).sessions_consolidated == 1
    ids = sorted(f.id for f in store.facts())
    coexist = [o for o in store.operations(ids) if o["op"] == "coexist"]
    assert len(ids) == 2 and len(coexist) == 1 and sorted(coexist[0]["memory_ids"]) == ids


# --- 8. suggestions from close names and the words users try -----------------------------------


def test_every_alias_names_a_command_and_no_alias_is_a_command() -> None:
    assert set(ALIASES.values()) <= set(cli.commands) and not set(ALIASES) & set(cli.commands)


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("explain", "history"),
        ("add", "stage"),
        ("search", "recall"),
        ("serach", "recall"),
        ("pni", "pin"),
        ("remeber", "stage"),  # a slip of the alias "remember" before one of "reembed"
    ],
)
def test_an_unknown_command_suggests_what_it_most_likely_meant(
    capsys: pytest.CaptureFixture[str], typed: str, meant: str
) -> None:
    assert suggestions(typed, cli.commands)[0] == meant
    code, out, err = run(capsys, typed)
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert f"No such command '{typed}'. Did you mean '{meant}'" in err  # the likeliest first


def test_a_word_like_nothing_gets_no_suggestion() -> None:
    assert suggestions("zzzzqq", cli.commands) == []


# --- 9. forgetting a fact takes the session's other sayings of it ---------------------------------


def test_forgetting_a_fact_erases_the_turns_that_said_it_again_and_nothing_comes_back(
    capsys: pytest.CaptureFixture[str], config_file: Path, store: MemoryStore
) -> None:
    store.stage("s", "user", "I use quokkavim for everything.", ts="2026-03-02T10:00:00Z")
    store.stage("s", "assistant", "Great, so you use Quokkavim. Noted.", ts="2026-03-02T10:01:00Z")
    store.stage("s", "user", "Also I live in Lisbon.", ts="2026-03-02T10:02:00Z")
    run_realtime(store)
    run_consolidate(store, min_quiet_seconds=0)
    [fact] = store.facts(subject="user", predicate="uses")
    code, out, err = run(capsys, "forget", *_cfg(config_file), fact.id[:8], "--json")
    doc = json.loads(out)
    assert (code, err) == (0, "") and doc["counts"]["staged_turns"] == 2
    assert [e["turn"] for e in doc["also_erased"] if "turn" in e] == ["assistant: Great, so you use Quokkavim. Noted."]
    assert found_anywhere(store, ("quokkav",)) == {}
    assert [m.content for m in store.recall("Lisbon", k=5) if "Lisbon" in m.content]  # the rest stays
    run_everything_again(store)
    assert found_anywhere(store, ("quokkav",)) == {}
    assert [f.object for f in store.facts(subject="user")] == ["Lisbon"]
