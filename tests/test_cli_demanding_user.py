"""What a demanding new user hit going through the README: a misspelt kind, an MCP client calling a tool or an
argument the server lacks, a status that left the passages out, a long reembed with nothing to watch."""

from __future__ import annotations

import io
import json
from pathlib import Path

import anyio
import pytest
from mcp.client import Client

from memory_sink import InputError, MemoryStore
from memory_sink.lookups import check_kinds
from pipelines.consolidate import run_consolidate
from pipelines.mcp_server import build_server, refusal
from tests.test_cli import run

TURNS = ("I live in Tromso.", "Noted, Tromso.", "I work at Initech.")


def stage_and_consolidate(store: MemoryStore, namespace: str = "default") -> None:
    for seq, content in enumerate(TURNS, start=1):
        role = "user" if seq % 2 else "assistant"
        store.stage("home", role, content, namespace=namespace, seq=seq, ts=f"2026-03-01T10:0{seq}:00Z")
    assert run_consolidate(store, namespace=namespace, min_quiet_seconds=0).sessions_consolidated == 1


@pytest.mark.parametrize(
    ("kinds", "meant"),
    [(["fcat"], "; did you mean 'fact'?"), (["turns", "episdoe"], "; did you mean 'turn' or 'episode'?")],
)
def test_a_misspelt_kind_names_the_kind_it_most_likely_meant(kinds: list[str], meant: str) -> None:
    with pytest.raises(InputError) as refused:
        check_kinds(kinds)
    assert str(refused.value).startswith("kind: expected some of turn, episode, passage, fact, got ")
    assert str(refused.value).endswith(meant)


def test_a_kind_like_none_gets_no_guess() -> None:
    with pytest.raises(InputError) as refused:
        check_kinds(["gossip"])
    assert "did you mean" not in str(refused.value)


def test_recall_with_a_misspelt_kind_is_one_line_with_the_kind_meant(
    capsys: pytest.CaptureFixture[str], config_file: Path
) -> None:
    code, out, err = run(capsys, "recall", "--config", str(config_file), "--kind", "fcat", "where do I live?")
    assert (code, out) == (2, "")
    assert err == (
        "tiermem: error: kind: expected some of turn, episode, passage, fact, got fcat; did you mean 'fact'?\n"
    )


KNOWN = {"recall": ("query", "k", "kinds"), "remember": ("session_id", "content")}


def test_a_call_is_refused_for_an_unknown_tool_or_argument_and_passes_otherwise() -> None:
    assert refusal("recal", {}, KNOWN) == (
        "recal: unknown tool; did you mean 'recall'? (expected one of: recall, remember)"
    )
    assert refusal("search", {}, KNOWN) == "search: unknown tool (expected one of: recall, remember)"
    assert refusal("recall", {"query": "x", "kind": ["fact"]}, KNOWN) == (
        "recall: kind: unknown argument; did you mean 'kinds'? (expected one of: k, kinds, query)"
    )
    assert refusal("recall", {"query": "x", "k": 3}, KNOWN) is None


def test_the_mcp_server_names_its_tools_for_an_unknown_one_and_refuses_an_argument_it_would_drop(
    store: MemoryStore,
) -> None:
    stage_and_consolidate(store, "me")

    async def main() -> None:
        async with Client(build_server(store, "me")) as client:
            tools = sorted(t.name for t in (await client.list_tools()).tools)
            unknown = await client.call_tool("recal", {"query": "where do I live"})
            assert unknown.is_error
            assert unknown.content[0].text == (
                f"recal: unknown tool; did you mean 'recall'? (expected one of: {', '.join(tools)})"
            )
            dropped = await client.call_tool("recall", {"query": "where do I live", "limit": 1})
            assert dropped.is_error and dropped.content[0].text.startswith(
                "recall: limit: unknown argument (expected one of: as_of, include_outdated, k, kinds, "
            )
            kept = await client.call_tool("recall", {"query": "where do I live", "k": 1})
            assert not kept.is_error and len(json.loads(kept.content[0].text)["memories"]) == 1

    anyio.run(main)


def test_status_counts_the_passages_an_episode_is_split_into(
    capsys: pytest.CaptureFixture[str], config_file: Path
) -> None:
    cfg = ["--config", str(config_file)]
    for seq, content in enumerate(TURNS, start=1):
        assert run(capsys, "stage", *cfg, "--session", "home", "--role", "user", "--seq", str(seq), content)[0] == 0
    assert run(capsys, "consolidate", *cfg, "--min-quiet", "0")[0] == 0
    code, out, _ = run(capsys, "status", *cfg, "--json")
    counts = json.loads(out)
    code_p, passages, _ = run(capsys, "recall", *cfg, "--json", "--kind", "passage", "--k", "100", "Tromso Initech")
    assert code == code_p == 0
    assert counts["consolidated_passages"] == len(json.loads(passages)["results"]) == len(TURNS)
    assert counts["consolidated_episodes"] == 1
    table = run(capsys, "status", *cfg)[1]
    assert f"consolidated_passages            {len(TURNS)}" in table


def test_reembed_reports_its_progress_as_it_goes(store: MemoryStore) -> None:
    stage_and_consolidate(store)
    heard: list[tuple[int, int]] = []
    count = store.tiers.reembed(batch_size=2, on_progress=lambda done, total: heard.append((done, total)))
    assert heard[0] == (0, count) and heard[-1] == (count, count)
    assert [done for done, _ in heard] == sorted({done for done, _ in heard})  # one report per batch, rising
    assert len(heard) == 1 + -(-count // 2)


def test_reembed_shows_a_bar_on_stderr_unless_told_not_to(
    capsys: pytest.CaptureFixture[str], config_file: Path
) -> None:
    cfg = ["--config", str(config_file)]
    assert run(capsys, "stage", *cfg, "--session", "s", "--role", "user", "I live in Tromso.")[0] == 0
    assert run(capsys, "realtime", *cfg)[0] == 0
    code, out, err = run(capsys, "reembed", *cfg, "--progress")
    assert code == 0 and out.startswith("re-embedded 1 memories") and "reembed: 100%" in err and "1/1" in err
    code, out, err = run(capsys, "reembed", *cfg, "--no-progress")
    assert code == 0 and out.startswith("re-embedded 1 memories") and err == ""


def test_stage_with_a_misspelt_role_names_the_role_meant(capsys: pytest.CaptureFixture[str], config_file: Path) -> None:
    code, out, err = run(capsys, "stage", "--config", str(config_file), "--session", "s", "--role", "usr", "hi")
    assert (code, out) == (2, "")
    assert err.startswith("tiermem: error: role: expected one of user, assistant, system, tool (")
    assert err.endswith(", got 'usr'; did you mean 'user'?\n")
    _, _, err = run(capsys, "stage", "--config", str(config_file), "--session", "s", "--role", "wizard", "hi")
    assert "did you mean" not in err


def test_ingest_names_the_field_a_line_most_likely_meant_and_stages_none_on_a_guess(store: MemoryStore) -> None:
    lines = [
        {"sesion_id": "s", "role": "user", "content": "a slip"},
        {"session_id": "s", "role": "user", "text": "another export's name"},
        {"session_id": "s", "role": "user", "content": "a time", "timestamp": "2026-03-01T10:00:00Z"},
        {"session_id": "s", "role": "user", "content": "red", "colour": "red"},
        {"session_id": "s", "role": "user", "content": "kept"},
    ]
    report = store.ingest_jsonl(io.StringIO("".join(json.dumps(line) + "\n" for line in lines)))
    assert report.inserted == 1
    hints = {r.line: r.error.rpartition(")")[2] for r in report.rejected}
    assert hints == {
        1: "; did you mean 'session_id'?",
        2: "; did you mean 'content'?",
        3: "; did you mean 'ts'?",
        4: "",
    }


def test_consolidate_is_told_how_many_sessions_it_takes_before_the_first(store: MemoryStore) -> None:
    for session in ("a", "b", "c"):
        store.stage(session, "user", f"I live in {session.upper()}ville.")
    heard: list[tuple[str, int]] = []
    report = run_consolidate(
        store,
        min_quiet_seconds=0,
        on_total=lambda total: heard.append(("total", total)),
        on_session=lambda ns, sid, outcome: heard.append((sid, 1)),
    )
    assert report.sessions_consolidated == 3
    assert heard[0] == ("total", 3) and sorted(sid for sid, _ in heard[1:]) == ["a", "b", "c"]


def test_consolidate_shows_a_bar_on_stderr_unless_told_not_to(
    capsys: pytest.CaptureFixture[str], config_file: Path
) -> None:
    cfg = ["--config", str(config_file)]
    for session in ("a", "b"):
        assert run(capsys, "stage", *cfg, "--session", session, "--role", "user", "I paddle on Sundays.")[0] == 0
    code, out, err = run(capsys, "consolidate", *cfg, "--min-quiet", "0", "--progress")
    assert code == 0 and out.startswith("consolidated 2 sessions") and "consolidate: 100%" in err and "2/2" in err
    assert run(capsys, "stage", *cfg, "--session", "c", "--role", "user", "I row on Mondays.")[0] == 0
    code, out, err = run(capsys, "consolidate", *cfg, "--min-quiet", "0", "--no-progress")
    assert code == 0 and out.startswith("consolidated 1 sessions") and err == ""


def test_ingest_counts_its_lines_on_stderr_unless_told_not_to(
    capsys: pytest.CaptureFixture[str], config_file: Path, tmp_path: Path
) -> None:
    turns = tmp_path / "turns.jsonl"
    rows = [{"session_id": "s", "role": "user", "content": c, "seq": i} for i, c in enumerate(TURNS)]
    turns.write_text("".join(json.dumps(r) + "\n" for r in rows) + "not json\n", encoding="utf-8")
    cfg = ["--config", str(config_file)]
    code, out, err = run(capsys, "ingest", *cfg, "--progress", str(turns))
    assert code == 0 and out == f"inserted {len(TURNS)}, duplicates 0, rejected 1\n"
    bar, _, rejected = err.rpartition("\n  line ")
    assert f"ingest: {len(TURNS) + 1} lines" in bar and rejected.startswith(f"{len(TURNS) + 1}: not valid JSON")
    code, out, err = run(capsys, "ingest", *cfg, "--no-progress", str(turns))
    assert code == 0 and out.startswith("inserted 0, duplicates 3") and err.startswith("  line 4: not valid JSON")
