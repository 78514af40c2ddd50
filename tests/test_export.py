"""``tiermem export``: a tenant's staged turns, in the form ``ingest`` reads back, rebuild its memory elsewhere."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_cli import run


def test_export_then_ingest_rebuilds_the_memory_in_another_namespace(
    capsys: pytest.CaptureFixture[str], config_file: Path, tmp_path: Path
) -> None:
    cfg = ["--config", str(config_file)]
    said = [
        ("home", "user", "I live in Bristol.", "2026-11-16T08:00:00Z"),
        ("home", "assistant", "Noted, Bristol.", "2026-11-16T08:00:05Z"),
        ("move", "user", "We finally moved to Leeds yesterday.", "2026-11-20T18:00:00Z"),
    ]
    for session, role, text, ts in said:
        assert run(capsys, "stage", *cfg, "-n", "lena", "--session", session, "--role", role, "--ts", ts, text)[0] == 0
    dump = tmp_path / "lena.jsonl"
    code, out, err = run(capsys, "export", *cfg, "-n", "lena", str(dump))
    assert (code, out, err) == (0, "", "exported 3 turns from namespace 'lena'\n")
    lines = [json.loads(line) for line in dump.read_text(encoding="utf-8").splitlines()]
    assert [(x["session_id"], x["role"], x["content"]) for x in lines] == [(s, r, t) for s, r, t, _ in said]
    assert all("namespace" not in x for x in lines) and lines[0]["ts"] == "2026-11-16T08:00:00+00:00"
    assert run(capsys, "ingest", *cfg, "-n", "lena", str(dump))[1].startswith("inserted 0, duplicates 3")
    assert run(capsys, "ingest", *cfg, "-n", "copy", str(dump))[1].startswith("inserted 3, duplicates 0")
    assert run(capsys, "consolidate", *cfg, "--min-quiet", "0")[0] == 0
    facts = {ns: run(capsys, "facts", *cfg, "-n", ns, "--json")[1] for ns in ("lena", "copy")}
    current = {ns: sorted(f["content"] for f in json.loads(doc)["facts"]) for ns, doc in facts.items()}
    assert current["copy"] == current["lena"] == ["user lives in Leeds"]


def test_export_of_an_unknown_namespace_says_which_are_in_use(
    capsys: pytest.CaptureFixture[str], config_file: Path
) -> None:
    cfg = ["--config", str(config_file)]
    assert run(capsys, "stage", *cfg, "-n", "lena", "--session", "s", "--role", "user", "hi")[0] == 0
    code, out, err = run(capsys, "export", *cfg, "-n", "lean")
    assert (code, out) == (0, "") and "namespaces in use: 'lena'" in err and "exported 0 turns" in err
