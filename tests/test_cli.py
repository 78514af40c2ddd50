"""The command line: one-line errors and exit codes, JSON shapes, help text for every command."""

from __future__ import annotations

import io
import itertools
import json
import re
import shlex
from pathlib import Path
from typing import Any

import click
import pytest

from pipelines.cli import cli, main

MEMORY_KEYS = {
    "id",
    "namespace",
    "session_id",
    "tier",
    "kind",
    "content",
    "subject",
    "predicate",
    "object",
    "confidence",
    "valid_from",
    "valid_to",
    "recorded_at",
    "superseded_by",
    "superseded_at",
    "event_ids",
    "metadata",
    "score",
    "pinned",
    "outdated",
    "status",
}


def run(
    capsys: pytest.CaptureFixture[str],
    *args: str,
    stdin: str | None = None,
    monkeypatch: pytest.MonkeyPatch | None = None,
) -> tuple[int, str, str]:
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def all_commands(group: click.Group, prefix: str = "") -> list[tuple[str, click.Command]]:
    found = []
    for name, command in group.commands.items():
        found.append((prefix + name, command))
        if isinstance(command, click.Group):
            found.extend(all_commands(command, prefix + name + " "))
    return found


def test_every_command_has_help_and_is_documented() -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    for name, command in all_commands(cli):
        assert command.help and command.help.strip(), f"{name} has no help text"
        assert f"`{name.split()[0]}" in readme, f"{name} is not in the README"
        for param in command.params:
            if isinstance(param, click.Option):
                assert param.help, f"{name} {param.opts} has no help text"


def help_examples(command: click.Command) -> list[list[str]]:
    """The ``$ tiermem …`` lines of a command's --help, as argv after ``tiermem``."""
    lines = [line.split("$ ", 1)[1] for line in (command.epilog or "").splitlines() if "$ " in line]
    return [shlex.split(line[line.rindex("tiermem ") :])[1:] for line in lines]


def test_every_command_shows_an_example_of_itself_in_its_help() -> None:
    assert help_examples(cli), "tiermem --help has no example"
    for name, command in all_commands(cli):
        with click.Context(command, info_name=name) as ctx:
            assert "Examples:" in command.get_help(ctx), f"{name} --help has no example"
        options = {opt for p in command.params for opt in p.opts if opt.startswith("-")} | {"--help"}
        for argv in help_examples(command):
            assert " ".join(argv).startswith(name), f"{name}'s example runs another command: {argv}"
            unknown = [a for a in argv if a.startswith("--") and a not in options]
            assert not unknown, f"{name}'s example uses options it does not have: {unknown}"


def readme_commands() -> set[str]:
    """The commands README's `| command | does |` table lists: leading lowercase words of each `…`."""
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    table = readme.split("| command | does |", 1)[1].split("\n\n", 1)[0]
    names = set()
    for row in table.splitlines()[2:]:
        for usage in re.findall(r"`([^`]+)`", re.split(r"(?<!\\)\|", row)[1]):  # `\|` is a pipe inside a cell
            words = [w for w in itertools.takewhile(lambda w: re.fullmatch(r"[a-z][a-z-]*", w), usage.split())]
            names.add(" ".join(words))
    return names


def test_readmes_command_table_lists_exactly_the_cli() -> None:
    leaves = {name for name, command in all_commands(cli) if not isinstance(command, click.Group)}
    assert readme_commands() == leaves


def test_stage_recall_json_and_status(capsys: pytest.CaptureFixture[str], config_file: Path) -> None:
    cfg = ["--config", str(config_file)]
    code, out, _ = run(
        capsys,
        "stage",
        *cfg,
        "--session",
        "s1",
        "--role",
        "user",
        "--seq",
        "1",
        "--metadata",
        '{"project": "billing"}',
        "We use Redis for the job queue.",
    )
    assert code == 0 and len(out.strip()) == 32
    assert run(capsys, "realtime", *cfg)[0] == 0
    code, out, _ = run(capsys, "recall", *cfg, "--json", "job queue")
    doc = json.loads(out)
    assert doc["query"] == "job queue"
    assert set(doc["results"][0]) == MEMORY_KEYS
    assert doc["results"][0]["metadata"] == {"project": "billing"}
    assert doc["results"][0]["tier"] == "provisional"
    code, out, _ = run(capsys, "consolidate", *cfg, "--json")
    assert code == 0 and json.loads(out)["sessions_consolidated"] == 1
    code, out, _ = run(capsys, "status", *cfg, "--json")
    status = json.loads(out)
    assert status["pending_turns"] == 0 and status["consolidated_episodes"] == 1
    code, out, _ = run(capsys, "recall", *cfg, "job queue")
    assert code == 0 and "consolidated" in out and "Redis" in out
    episode = json.loads(run(capsys, "recall", *cfg, "--json", "--kind", "episode", "queue")[1])["results"][0]
    code, out, _ = run(capsys, "history", *cfg, "--json", episode["id"])
    assert [m["id"] for m in json.loads(out)["chain"]] == [episode["id"]]
    code, out, _ = run(capsys, "history", *cfg, episode["id"])
    assert "tier_swap" in out


def test_ingest_from_stdin_reports_bad_lines(
    capsys: pytest.CaptureFixture[str], config_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = (
        '{"session_id": "s", "role": "user", "content": "ok", "seq": 1}\n'
        '{"session_id": "s", "role": "user"}\n'
        '{"session_id": "s", "role": "user", "content": "ok", "seq": 1}\n'
    )
    code, out, _ = run(
        capsys, "ingest", "--config", str(config_file), "--json", "-", stdin=data, monkeypatch=monkeypatch
    )
    assert code == 0
    assert json.loads(out) == {
        "inserted": 1,
        "duplicates": 1,
        "rejected": [{"line": 2, "error": "missing field 'content'"}],
    }


def test_errors_are_one_line_with_exit_codes(
    capsys: pytest.CaptureFixture[str], config_file: Path, tmp_path: Path
) -> None:
    cfg = ["--config", str(config_file)]
    cases: list[tuple[tuple[str, ...], int, str]] = [
        (("stage", *cfg, "--session", "s", "--role", "wizard", "hi"), 2, "role: expected one of"),
        (("stage", *cfg, "--session", "s", "--role", "user", "--ts", "noon", "hi"), 2, "ts: not an ISO 8601"),
        (("recall", *cfg, "--kind", "gossip", "q"), 2, "kind: expected some of"),
        (("history", *cfg, "not-a-uuid"), 2, "not a memory id"),
        (("history", *cfg, "00000000-0000-0000-0000-000000000000"), 2, "no memory"),
        (("undo", *cfg, "999"), 2, "no operation 999"),
        (("recall", *cfg, "--k", "0", "q"), 2, "--k"),
        (("frobnicate",), 2, "No such command"),
    ]
    for args, want_code, want in cases:
        code, _, err = run(capsys, *args)
        assert code == want_code, (args, err)
        assert want in err, (args, err)
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err


def test_bad_config_names_the_key(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    for text, key in [
        ("consolidate:\n  min_quiet_seconds: soon\n", "consolidate.min_quiet_seconds"),
        ("embedder:\n  modle: x\n", "embedder.modle: unknown key"),
        ("realtime: [1, 2]\n", "realtime: expected a mapping"),
        ("database: {dsn: 'x'\n", "not valid YAML at line"),
        ("embedder:\n  threads: 0\n", "embedder.threads: expected an integer >= 1"),
    ]:
        bad.write_text(text, encoding="utf-8")
        code, _, err = run(capsys, "status", "--config", str(bad))
        assert code == 2 and key in err and str(bad) in err, err
    code, _, err = run(capsys, "status", "--config", str(tmp_path / "missing.yaml"))
    assert code == 2 and "cannot read the config file" in err


def test_consolidator_kind_error_is_a_config_error(
    capsys: pytest.CaptureFixture[str], db_dsn: str, tmp_path: Path
) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(
        f"database: {{dsn: '{db_dsn}'}}\nconsolidate:\n  consolidator: {{kind: oracle}}\n", encoding="utf-8"
    )
    code, _, err = run(capsys, "consolidate", "--config", str(path))
    assert code == 2 and "consolidate.consolidator.kind" in err


def test_json_memory_shape_round_trips(store: Any) -> None:
    store.stage("s", "user", "I live in Berlin.", seq=1)
    from pipelines.realtime import run_realtime

    run_realtime(store)
    m = store.recall("Berlin")[0]
    doc = m.to_dict()
    assert set(doc) == MEMORY_KEYS
    assert json.loads(json.dumps(doc)) == doc


def test_fact_commands_explain_and_reverse(capsys: pytest.CaptureFixture[str], config_file: Path) -> None:
    cfg = ["--config", str(config_file)]
    run(capsys, "stage", *cfg, "--session", "a", "--role", "user", "--ts", "2026-01-01T09:00:00Z", "I live in Berlin.")
    run(capsys, "consolidate", *cfg)
    code, out, _ = run(
        capsys, "stage", *cfg, "--session", "b", "--role", "user", "--ts", "2026-02-01T09:00:00Z", "I moved to Lisbon."
    )
    before_move = json.loads(run(capsys, "facts", *cfg, "--json")[1])["facts"]
    run(capsys, "consolidate", *cfg)
    facts = json.loads(run(capsys, "facts", *cfg, "--json")[1])["facts"]
    assert [f["object"] for f in facts] == ["Lisbon"]
    everything = json.loads(run(capsys, "facts", *cfg, "--json", "--all-versions")[1])["facts"]
    assert sorted(f["object"] for f in everything) == ["Berlin", "Lisbon"]
    then = json.loads(run(capsys, "facts", *cfg, "--json", "--as-of", everything[0]["recorded_at"])[1])["facts"]
    assert [f["object"] for f in then] == [f["object"] for f in before_move] == ["Berlin"]
    code, out, _ = run(capsys, "history", *cfg, "--subject", "user", "--predicate", "lives in")
    assert code == 0 and "Berlin" in out and "Lisbon" in out
    assert "rules judge: replace ('lives in' is single-valued)" in out
    lisbon = facts[0]["id"]
    code, out, _ = run(capsys, "pin", *cfg, "--json", lisbon)
    pin_op = json.loads(out)["op_id"]
    assert run(capsys, "pin", *cfg, lisbon)[0] == 2  # already pinned: a clear input error
    assert run(capsys, "undo", *cfg, str(pin_op))[0] == 0
    code, out, _ = run(capsys, "retract", *cfg, "--reason", "test", lisbon)
    assert code == 0 and "undo with `tiermem undo" in out
    assert json.loads(run(capsys, "facts", *cfg, "--json")[1])["facts"] == []
    code, _, err = run(capsys, "history", *cfg)
    assert code == 2 and "give a memory ID or --subject" in err


def test_production_without_a_dsn_is_refused_not_silently_embedded(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("TIERMEM_DSN", raising=False)
    production = Path(__file__).parent.parent / "memory_sink" / "configs" / "production.yaml"
    code, _, err = run(capsys, "status", "--config", str(production))
    assert code == 2 and "database.dsn: required when database.embedded is false" in err


class FailingStdin(io.StringIO):
    """stdin that fails to read past its text, as a broken pipe or a failing disk would."""

    def __next__(self) -> str:
        line = self.readline()
        if not line:
            raise OSError(5, "Input/output error")
        return line


def test_an_ingest_that_cannot_read_on_commits_what_it_read_and_says_where_to_resume(
    capsys: pytest.CaptureFixture[str], config_file: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # No ts or seq: each line staged twice would be two turns, so the resume must be exact.
    lines = [json.dumps({"session_id": "s", "role": "user", "content": f"turn {i}"}) + "\n" for i in range(1, 11)]
    cfg = ["--config", str(config_file)]
    monkeypatch.setattr("sys.stdin", FailingStdin("".join(lines[:6])))
    code, out, err = run(capsys, "ingest", *cfg, "-")
    assert code == 1
    assert out == "inserted 6, duplicates 0, rejected 0\n"
    assert err == (
        "tiermem: error: line 7: cannot read the input: OSError: [Errno 5] Input/output error;"
        " lines 1 to 6 of stdin are committed; resume with --skip 6\n"
    )
    path = tmp_path / "turns.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    code, out, _ = run(capsys, "ingest", *cfg, "--json", "--skip", "6", str(path))
    assert (code, json.loads(out)) == (0, {"inserted": 4, "duplicates": 0, "rejected": []})
    code, out, _ = run(capsys, "status", *cfg, "--json")
    assert json.loads(out)["staged_turns"] == 10
