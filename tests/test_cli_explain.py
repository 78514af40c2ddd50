"""`tiermem facts` and `history` explain every replacement, end to end through the CLI.

Each test drives the real command line (the runner of tests/test_cli.py) against
a real database with the default extractive consolidator, and uses the short ids
the tables print, as a person would.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
import pytest

from memory_sink import MemoryStore
from pipelines.cli import output
from tests.test_cli import run

WIDTH = 100


def say(capsys: pytest.CaptureFixture[str], cfg: list[str], session: str, ts: str, text: str) -> None:
    code, _, err = run(capsys, "stage", *cfg, "--session", session, "--role", "user", "--ts", ts, text)
    assert code == 0, err
    code, _, err = run(capsys, "consolidate", *cfg)
    assert code == 0, err


def facts(capsys: pytest.CaptureFixture[str], cfg: list[str], *args: str) -> dict[str, dict[str, Any]]:
    code, out, err = run(capsys, "facts", *cfg, "--json", *args)
    assert code == 0, err
    return {f["object"]: f for f in json.loads(out)["facts"]}


def table(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code, out, err = run(capsys, *args)
    assert code == 0, err
    assert max(len(line) for line in out.splitlines()) <= WIDTH, out  # readable at 100 columns
    return out


def flat(text: str) -> str:
    """Output with its wrapping undone, for phrases that may straddle a line break."""
    return " ".join(text.split())


def row_of(out: str, memory_id: str) -> str:
    return next(line for line in out.splitlines() if line.startswith(memory_id[:8]))


@pytest.fixture
def cfg(config_file: Path) -> list[str]:
    return ["--config", str(config_file)]


def test_history_names_which_fact_replaced_which_in_world_time_order(
    capsys: pytest.CaptureFixture[str], cfg: list[str]
) -> None:
    say(capsys, cfg, "feb", "2026-02-01T09:00:00Z", "I live in Berlin.")
    say(capsys, cfg, "jan", "2026-01-01T09:00:00Z", "I live in Paris.")  # arrives late, happened earlier
    every = facts(capsys, cfg, "--all-versions")
    paris, berlin = every["Paris"], every["Berlin"]
    assert paris["superseded_by"] == berlin["id"] and berlin["superseded_at"] is None
    for args in (["--subject", "user", "--predicate", "lives in"], [berlin["id"][:8]], [paris["id"]]):
        out = table(capsys, "history", *cfg, *args)
        lines = out.splitlines()
        assert lines.index(row_of(out, paris["id"])) < lines.index(row_of(out, berlin["id"]))
        assert f"superseded by {berlin['id'][:8]}" in row_of(out, paris["id"])
        assert "2026-01-01 → 2026-02-01" in row_of(out, paris["id"])
        said = flat(out)
        assert (
            f"supersede: {paris['id'][:8]} 'user lives in Paris' -> {berlin['id'][:8]} 'user lives in Berlin'"
        ) in said
        assert "key match; rules judge: replace ('lives in' is single-valued)" in said
        assert "late arrival" in said
    doc = json.loads(run(capsys, "history", *cfg, "--json", paris["id"])[1])
    assert [m["object"] for m in doc["chain"]] == ["Paris", "Berlin"]
    [op] = [o for o in doc["operations"] if o["op"] == "supersede"]
    assert op["replaced"] == [{"old": paris["id"], "new": berlin["id"]}]
    assert set(op["memory_ids"]) == {paris["id"], berlin["id"]} and op["actor"] == "consolidate"
    assert op["signals"]["late_arrival"] is True and op["signals"]["key_match"] is True
    assert set(op) == {"op_id", "op", "at", "actor", "reason", "memory_ids", "replaced", "signals", "undone_by"}
    assert datetime.fromisoformat(op["at"]).tzinfo is not None


def test_explicit_supersede_is_explained_and_undo_restores(capsys: pytest.CaptureFixture[str], cfg: list[str]) -> None:
    say(capsys, cfg, "a", "2026-01-01T09:00:00Z", "Herald uses RSS.")
    say(capsys, cfg, "b", "2026-01-02T09:00:00Z", "Herald uses Atom.")  # 'uses' is multi-valued: both stay
    found = facts(capsys, cfg)
    rss, atom = found["RSS"]["id"], found["Atom"]["id"]
    code, out, err = run(capsys, "supersede", *cfg, "--reason", "Herald dropped RSS", rss[:8], atom[:8])
    assert code == 0, err
    op_id = int(re.search(r"operation (\d+)", out).group(1))  # type: ignore[union-attr]
    assert f"superseded by {atom[:8]}" in row_of(table(capsys, "facts", *cfg, "--all-versions"), rss)
    said = flat(table(capsys, "history", *cfg, atom[:8]))
    assert (
        f"supersede: {rss[:8]} 'Herald uses RSS' -> {atom[:8]} 'Herald uses Atom' "
        f"(explicit: no guard applies) — Herald dropped RSS [op {op_id} by user]"
    ) in said
    assert run(capsys, "undo", *cfg, str(op_id))[0] == 0
    assert sorted(facts(capsys, cfg)) == ["Atom", "RSS"]
    out = table(capsys, "facts", *cfg)
    assert "active" in row_of(out, rss) and "active" in row_of(out, atom)
    said = flat(table(capsys, "history", *cfg, rss))
    assert f"undone by op {op_id + 1}]" in said and f"back as before op {op_id}" in said


def test_a_pin_blocks_auto_supersession_visibly_until_unpinned(
    capsys: pytest.CaptureFixture[str], cfg: list[str]
) -> None:
    say(capsys, cfg, "a", "2026-01-01T09:00:00Z", "I live in Berlin.")
    berlin = facts(capsys, cfg)["Berlin"]["id"]
    assert facts(capsys, cfg)["Berlin"]["pinned"] is False
    assert run(capsys, "pin", *cfg, "--reason", "the user insists", berlin[:8])[0] == 0
    assert facts(capsys, cfg)["Berlin"]["pinned"] is True
    say(capsys, cfg, "b", "2026-02-01T09:00:00Z", "I moved to Lisbon.")
    out = table(capsys, "facts", *cfg)
    lisbon = facts(capsys, cfg)["Lisbon"]["id"]
    assert "pinned" in row_of(out, berlin) and "active" in row_of(out, lisbon)
    said = flat(table(capsys, "history", *cfg, "--subject", "user"))
    assert (
        f"blocked: {berlin[:8]} 'user lives in Berlin' kept; {lisbon[:8]} 'user lives in Lisbon' did not replace it"
    ) in said
    assert "blocked by guard: pinned" in said
    assert f"pin: {berlin[:8]} 'user lives in Berlin' pinned — the user insists [op" in said
    assert run(capsys, "unpin", *cfg, berlin[:8])[0] == 0
    assert "active" in row_of(table(capsys, "facts", *cfg), berlin)
    say(capsys, cfg, "c", "2026-03-01T09:00:00Z", "I moved to Tokyo.")
    tokyo = facts(capsys, cfg)["Tokyo"]["id"]
    assert list(facts(capsys, cfg)) == ["Tokyo"]
    out = table(capsys, "facts", *cfg, "--all-versions")
    assert f"superseded by {tokyo[:8]}" in row_of(out, berlin)
    assert "2026-01-01 → 2026-03-01" in row_of(out, berlin)


def test_facts_as_of_shows_the_status_of_that_time(capsys: pytest.CaptureFixture[str], cfg: list[str]) -> None:
    say(capsys, cfg, "a", "2026-01-01T09:00:00Z", "I live in Berlin.")
    berlin = facts(capsys, cfg)["Berlin"]["id"]
    run(capsys, "pin", *cfg, berlin)
    pinned_then = datetime.now(UTC).isoformat()
    run(capsys, "unpin", *cfg, berlin)
    current_then = datetime.now(UTC).isoformat()
    say(capsys, cfg, "b", "2026-02-01T09:00:00Z", "I moved to Lisbon.")
    lisbon = facts(capsys, cfg)["Lisbon"]["id"]
    now = table(capsys, "facts", *cfg, "--all-versions")
    assert f"superseded by {lisbon[:8]}" in row_of(now, berlin)
    for when, status in ((pinned_then, "pinned"), (current_then, "active")):
        out = table(capsys, "facts", *cfg, "--as-of", when)
        assert row_of(out, berlin).split()[-3:] == [status, "2026-01-01", "→"], out
        assert facts(capsys, cfg, "--as-of", when)["Berlin"]["status"] == status
    assert facts(capsys, cfg, "--all-versions")["Berlin"]["status"] == f"superseded by {lisbon[:8]}"


def test_facts_as_of_with_all_versions_lists_what_was_already_retired_then(
    capsys: pytest.CaptureFixture[str], cfg: list[str]
) -> None:
    say(capsys, cfg, "a", "2026-01-01T09:00:00Z", "I live in Berlin.")
    say(capsys, cfg, "b", "2026-02-01T09:00:00Z", "I moved to Lisbon.")
    lisbon = facts(capsys, cfg)["Lisbon"]["id"]
    then = datetime.now(UTC).isoformat()
    say(capsys, cfg, "c", "2026-03-01T09:00:00Z", "I moved to Tokyo.")
    assert list(facts(capsys, cfg, "--as-of", then)) == ["Lisbon"]  # believed then: Berlin was already retired
    versions = facts(capsys, cfg, "--as-of", then, "--all-versions")
    assert list(versions) == ["Berlin", "Lisbon"]  # Tokyo was recorded later
    assert versions["Berlin"]["status"] == f"superseded by {lisbon[:8]}" and versions["Lisbon"]["status"] == "active"


def test_a_retracted_fact_leaves_facts_and_stays_in_history(capsys: pytest.CaptureFixture[str], cfg: list[str]) -> None:
    say(capsys, cfg, "a", "2026-01-01T09:00:00Z", "I live in Berlin.")
    berlin = facts(capsys, cfg)["Berlin"]["id"]
    code, _, err = run(capsys, "retract", *cfg, "--reason", "said by mistake", berlin[:8])
    assert code == 0, err
    assert facts(capsys, cfg) == {}
    assert table(capsys, "facts", *cfg).strip() == "(none)"
    assert "retracted" in row_of(table(capsys, "facts", *cfg, "--all-versions"), berlin)
    out = table(capsys, "history", *cfg, berlin[:8])
    assert "retracted" in row_of(out, berlin)
    assert f"retract: {berlin[:8]} 'user lives in Berlin' retracted — said by mistake [op" in flat(out)


def test_a_short_id_must_be_unambiguous_and_hex(
    capsys: pytest.CaptureFixture[str], cfg: list[str], db_dsn: str
) -> None:
    say(capsys, cfg, "a", "2026-01-01T09:00:00Z", "I live in Berlin.")
    twins = ("abcd1234-0000-4000-8000-000000000001", "abcd1234-0000-4000-8000-000000000002")
    with psycopg.connect(db_dsn) as conn:  # ids chosen to share their first 8 digits, as tables print them
        for memory_id in twins:
            conn.execute(
                "INSERT INTO memory (id, namespace, tier, kind, content, embedding, event_ids, "
                "valid_from, embed_model) VALUES (%s, 'default', 'consolidated', 'episode', "
                "'twin', array_fill(0.1, ARRAY[384])::vector, '{}', now(), 'test')",
                (memory_id,),
            )
    for arg, message in (
        ("zz", "not a memory id"),
        ("0-0-", "no memory 0-0-"),
        ("abcd1234", "memory id prefix 'abcd1234' is ambiguous; give more of the id"),
    ):
        code, _, err = run(capsys, "history", *cfg, arg)
        assert code == 2 and message in err and err.count("\n") == 1, err
    assert json.loads(run(capsys, "history", *cfg, "--json", twins[1])[1])["chain"][0]["id"] == twins[1]


def test_history_fetches_the_memories_a_decision_names_in_one_query(
    capsys: pytest.CaptureFixture[str], cfg: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    say(capsys, cfg, "a", "2026-01-01T09:00:00Z", "I live in Berlin.")
    berlin = facts(capsys, cfg)["Berlin"]["id"]
    assert run(capsys, "pin", *cfg, berlin[:8])[0] == 0
    say(capsys, cfg, "b", "2026-02-01T09:00:00Z", "I moved to Lisbon.")  # blocked: not in Berlin's chain
    lisbon = facts(capsys, cfg)["Lisbon"]["id"]

    def one_at_a_time(*_: object, **__: object) -> None:
        raise AssertionError("history looked a named memory up on its own")

    monkeypatch.setattr(MemoryStore, "get", one_at_a_time)
    said = flat(table(capsys, "history", *cfg, berlin[:8]))
    assert f"{lisbon[:8]} 'user lives in Lisbon' did not replace it" in said


def test_describe_op_wraps_at_the_width_it_is_given() -> None:
    op = {
        "op_id": 7,
        "op": "coexist",
        "actor": "consolidate",
        "reason": None,
        "undone_by": None,
        "created_at": datetime(2026, 3, 1, 9, 0, tzinfo=UTC),
        "memory_ids": ["a" * 32, "b" * 32],
        "signals": {
            "verdict": "coexist",
            "judge": "rules",
            "reason": "'uses' is multi-valued",
            "key_match": False,
            "cosine": 0.61,
            "threshold": 0.45,
            "guard": None,
        },
    }
    text = output.describe_op(op, width=60)
    assert all(len(line) <= 60 for line in text.splitlines()) and len(text.splitlines()) > 1
    assert flat(text) == (
        "2026-03-01 09:00 coexist: aaaaaaaa and bbbbbbbb both stay active "
        "(neighbour: cosine 0.61 >= threshold 0.45; rules judge: coexist "
        "('uses' is multi-valued)) [op 7 by consolidate]"
    )
