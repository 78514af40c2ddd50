"""Status, said one way everywhere: ``facts --json``, ``recall --json`` and the library's ``Memory.status``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_sink.store import MemoryStore
from tests.test_cli import run


def _two_homes(capsys: pytest.CaptureFixture[str], cfg: list[str]) -> None:
    assert run(capsys, "stage", *cfg, "--session", "a", "--role", "user", "I live in Tromso.")[0] == 0
    assert run(capsys, "consolidate", *cfg, "--min-quiet", "0")[0] == 0
    assert run(capsys, "stage", *cfg, "--session", "b", "--role", "user", "I moved, I live in Bergen now.")[0] == 0
    assert run(capsys, "consolidate", *cfg, "--min-quiet", "0")[0] == 0


def test_recall_json_carries_the_status_facts_json_does(capsys: pytest.CaptureFixture[str], config_file: Path) -> None:
    cfg = ["--config", str(config_file)]
    _two_homes(capsys, cfg)
    code, out, _ = run(capsys, "facts", *cfg, "--json", "--all-versions", "--predicate", "live in")
    by_fact = {f["id"]: f["status"] for f in json.loads(out)["facts"]}
    assert code == 0 and sorted(s.split(" ")[0] for s in by_fact.values()) == ["active", "superseded"]
    code, out, _ = run(capsys, "recall", *cfg, "--json", "--all-versions", "--kind", "fact", "where do I live?")
    results = json.loads(out)["results"]
    assert code == 0 and results and all(r["status"] == by_fact[r["id"]] for r in results if r["id"] in by_fact)
    assert {r["status"].split(" ")[0] for r in results} >= {"active", "superseded"}


def test_the_library_reports_status_for_facts_recall_get_and_after_a_retraction(
    capsys: pytest.CaptureFixture[str], config_file: Path, store: MemoryStore
) -> None:
    _two_homes(capsys, ["--config", str(config_file)])
    found = store.facts(predicate="lives in", all_versions=True)
    assert {m.status for m in found if m.superseded_at is None} == {"active"}
    old = next(m for m in found if m.superseded_at is not None)
    assert old.status == f"superseded by {old.superseded_by[:8]}" and old.to_dict()["status"] == old.status
    current = next(m for m in found if m.superseded_at is None)
    store.retract(current.id, reason="wrong")
    assert store.get(current.id).status == "retracted"
    assert store.get(current.id).to_dict()["status"] == "retracted"
    assert all(m.status for m in store.recall("where do I live?", all_versions=True))
