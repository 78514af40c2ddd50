"""Edges a new user hit on the command line and over MCP: options refused before a command
starts, one status vocabulary, the speaker of a turn and "when" in the recall table, and
one history document for both."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest
from mcp.client import Client

from memory_sink import MemoryStore
from pipelines.consolidate import run_consolidate
from pipelines.mcp_server import build_server
from tests.test_cli import run
from tests.test_mcp import structured


@pytest.mark.parametrize("command", [["mcp"], ["recall", "anything"], ["facts"], ["status"], ["consolidate"]])
@pytest.mark.parametrize("namespace", ["", "   "])
def test_an_empty_namespace_is_a_usage_error_before_the_command_starts(
    capsys: pytest.CaptureFixture[str], config_file: Path, command: list[str], namespace: str
) -> None:
    code, out, err = run(capsys, *command, "--config", str(config_file), "--namespace", namespace)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "--namespace" in err and "must not be empty" in err


@pytest.mark.parametrize("option", [["recall", "--k"], ["consolidate", "--min-quiet"], ["mcp", "--port"]])
def test_a_count_that_is_not_a_number_is_called_not_an_integer(
    capsys: pytest.CaptureFixture[str], option: list[str]
) -> None:
    code, _, err = run(capsys, *option, "twelve", *(["q"] if option[0] == "recall" else []))
    assert code == 2 and err.count("\n") == 1
    assert "'twelve' is not a valid integer." in err and "range" not in err


def two_turns(store: MemoryStore) -> None:
    store.stage("chat", "user", "I teach chemistry at a school in Ghent.", ts="2025-06-03T09:00:00Z")
    store.stage("chat", "assistant", "Understood, you teach chemistry in Ghent.", ts="2025-06-03T09:00:05Z")


def test_recall_table_says_who_spoke_when_it_became_true_and_pinned_as_facts_does(
    capsys: pytest.CaptureFixture[str], config_file: Path, store: MemoryStore
) -> None:
    cfg = ["--config", str(config_file)]
    store.stage("morning", "user", "I moved to Utrecht last spring.", ts="2025-04-10T08:00:00Z")
    assert run_consolidate(store, namespace="default", min_quiet_seconds=0).sessions_consolidated == 1
    [fact] = [f for f in store.facts(subject="user") if f.object == "Utrecht"]
    store.pin(fact.id)
    two_turns(store)
    assert run(capsys, "realtime", *cfg)[0] == 0
    code, out, _ = run(capsys, "recall", *cfg, "--k", "10", "Where does the user live? Utrecht, chemistry")
    assert code == 0
    header, *rows = out.splitlines()
    assert header.split()[:7] == ["id", "tier", "kind", "valid", "from", "recorded", "status"]
    fact_row = next(r for r in rows if r.startswith(fact.id[:8]))
    assert " 2025-04-10 " in fact_row and " pinned " in fact_row  # as `tiermem facts` says it
    assert "pinned" in run(capsys, "facts", *cfg, "--subject", "user")[1]
    assert any("assistant: Understood, you teach chemistry" in r and " 2025-06-03 " in r for r in rows)
    assert any("user: I teach chemistry" in r for r in rows)


def test_the_mcp_context_block_names_the_speaker_of_each_turn(store: MemoryStore) -> None:
    said = [
        {"role": "human", "content": "I teach chemistry at a school in Ghent."},
        {"role": "ai", "content": "Noted."},
    ]

    async def main() -> None:
        async with Client(build_server(store, "default")) as client:
            structured(await client.call_tool("remember", {"session_id": "x", "messages": said}))
            found = structured(await client.call_tool("recall", {"query": "who teaches chemistry", "k": 10}))
            assert "] assistant: Noted." in found["context"]
            assert "] user: I teach chemistry at a school in Ghent." in found["context"]

    anyio.run(main)


def test_mcp_history_is_the_document_history_json_prints(
    capsys: pytest.CaptureFixture[str], config_file: Path, store: MemoryStore
) -> None:
    store.stage("s1", "user", "I live in Porto.", ts="2024-01-05T10:00:00Z")
    store.stage("s1", "user", "I moved to Braga.", ts="2024-07-05T10:00:00Z")
    assert run_consolidate(store, namespace="default", min_quiet_seconds=0).sessions_consolidated == 1
    code, out, _ = run(capsys, "history", "--config", str(config_file), "--subject", "user", "--json")
    assert code == 0

    async def main() -> dict[str, object]:
        async with Client(build_server(store, "default")) as client:
            return structured(await client.call_tool("history", {"subject": "user"}))

    assert json.loads(json.dumps(anyio.run(main))) == json.loads(out)


def test_mcp_errors_all_start_with_the_tool_name_and_never_the_sdks_prefix(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    def crash(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("internal detail")

    async def main() -> None:
        async with Client(build_server(store, "default")) as client:
            for name, arguments, said in [
                ("history", {}, "history: give either memory_id or subject"),
                ("remember", {"session_id": "s"}, "remember: give either content"),
                ("facts", {"namespace": "not-this-one"}, "facts: namespace: 'not-this-one' is not served"),
                ("pin", {"memory_id": "zz"}, "pin: "),
                ("recall", {"query": "q", "k": 0}, "recall: k: "),
            ]:
                refused = await client.call_tool(name, arguments)
                text = refused.content[0].text
                assert refused.is_error and text.startswith(said) and "Error executing" not in text, text
            monkeypatch.setattr(store, "facts", crash)
            crashed = (await client.call_tool("facts", {})).content[0].text
            assert crashed == "facts: unexpected error (see the server's log)"  # the crash's text stays on the server

    anyio.run(main)
