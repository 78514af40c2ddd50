"""A sentence says the same facts whatever memory holds when it is read.

A session re-consolidated (a backfill of its day) reads memory that also holds what later sessions said;
those must not change what its sentences say. And memory's readers end or move what the user holds when
chat drops the subject ("Quit X last month.") or says a move back by where the user is ("we're back in X").
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from consolidators.extractive import held_then, session_facts
from consolidators.types import ActiveFact, Turn
from memory_sink import MemoryStore
from pipelines.backfill import run_backfill
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime

DAY = datetime(2026, 5, 4, 9, tzinfo=UTC)


def _facts(store: MemoryStore, namespace: str) -> set[tuple[str, str, str]]:
    """(session, predicate, object) of the namespace's facts about the user, active or not."""
    with store.connection() as conn:
        rows = conn.execute(
            "SELECT session_id, predicate, object FROM memory WHERE namespace = %s AND kind = 'fact' AND subject = 'user'",
            (namespace,),
        ).fetchall()
    return {tuple(r) for r in rows}


def test_a_backfilled_switch_reads_as_it_did_on_its_night(store: MemoryStore) -> None:
    story = [
        "I use Sublime Text.",
        "I switched from Sublime Text to Zed.",
        "My editor is Kakoune these days.",
        "I went back to Sublime Text.",
    ]
    for i, text in enumerate(story):
        store.stage(f"s{i}", "user", text, seq=1, ts=DAY + timedelta(days=i), namespace="n")
    run_realtime(store)
    for i in range(len(story)):
        run_consolidate(store, namespace="n", session=f"s{i}", min_quiet_seconds=0)
    night = {f for f in _facts(store, "n") if f[0] == "s1"}
    assert ("s1", "uses", "Zed") in night
    # the day's backfill reads memory holding the later editor Sublime Text: the switch is still a plain use
    run_backfill(store, [("n", "s1")])
    assert {f for f in _facts(store, "n") if f[0] == "s1"} == night


def _active(predicate: str, value: str, day: datetime) -> ActiveFact:
    return ActiveFact(f"{predicate}:{value}", "user", predicate, value, valid_from=day)


def _read(text: str, *held: tuple[str, str]) -> list[tuple[str, str, bool]]:
    active = [_active(p, v, DAY - timedelta(days=20)) for p, v in held]
    facts = session_facts([Turn("e1", "user", text, DAY)], active)
    return [(f.predicate, f.object, f.retract) for f in facts if f.subject == "user"]


def test_memory_as_it_stood_leaves_out_what_later_sessions_said() -> None:
    turns = [Turn("e1", "user", "hi", DAY), Turn("e2", "user", "hi", DAY + timedelta(hours=1))]
    before, during, after = (_active("editor", v, DAY + timedelta(hours=h)) for v, h in (("A", -5), ("B", 1), ("C", 2)))
    undated = ActiveFact("x", "user", "editor", "D")
    assert held_then([before, during, after, undated], turns) == [before, during, undated]
    assert held_then([after], []) == [after]


@pytest.mark.parametrize("text", ["Quit Discord two weeks ago.", "Quit Discord yesterday."])
def test_a_subjectless_quit_with_its_past_time_ends_the_held_tool(text: str) -> None:
    assert ("uses", "Discord", True) in _read(text, ("uses", "Discord"))


@pytest.mark.parametrize("text", ["Quit Discord.", "Quit Discord every January.", "Quit Discord two weeks ago."])
def test_a_quit_that_is_advice_a_habit_or_of_nothing_held_ends_nothing(text: str) -> None:
    held = ("uses", "Telegram") if "two weeks" in text else ("uses", "Discord")
    assert not [f for f in _read(text, held) if f[2]]


def test_being_back_somewhere_for_good_is_a_move_back() -> None:
    assert ("lives in", "Glasgow", False) in _read("we're back in Glasgow as of last month", ("lives in", "Dundee"))
    assert ("lives in", "Glasgow", False) in _read("I'm back in Glasgow now.", ("lives in", "Dundee"))


@pytest.mark.parametrize(
    "text",
    [
        "I'm back in Glasgow for the weekend.",  # a stay
        "my brother is back in Glasgow now",  # someone else
        "we are back in Glasgow",  # no sign it lasts
        "Back in 2019 we lived in Dundee.",  # the past
    ],
)
def test_being_back_somewhere_for_a_while_or_someone_else_moves_nothing(text: str) -> None:
    assert ("lives in", "Glasgow", False) not in _read(text, ("lives in", "Dundee"))
