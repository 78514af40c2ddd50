"""One list of repair openers (:mod:`consolidators.repairs`), read alike by every reader of a chat correction.

Owning up to a mistake withdraws the sentence before it in the same turn, and opening the next turn takes back the
value that sentence stated; a take-back ("scratch that") retracts the previous statement, or the held value it
names. Each opener is tried both ways: a cue one reader lost would fail here.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from consolidators.extractive import session_facts
from consolidators.types import ActiveFact, Turn

_TS = datetime(2026, 3, 10, 18, 0, tzinfo=UTC)
Triple = tuple[str, str, bool]


def _facts(*contents: str, active: tuple[ActiveFact, ...] = ()) -> list[Triple]:
    turns = [
        Turn(event_id=f"e{i}", role="user", content=c, ts=_TS + timedelta(minutes=i), seq=i)
        for i, c in enumerate(contents)
    ]
    return sorted((f.predicate, f.object, f.retract) for f in session_facts(turns, active))


OWNING_UP = ["No wait", "Wait, no", "Actually no", "No, actually", "Correction", "Just kidding", "Joking", "jk"]
OWNING_UP += ["I misspoke", "My mistake", "My bad"]


@pytest.mark.parametrize("cue", OWNING_UP)
def test_owning_up_withdraws_the_sentence_before_it(cue: str) -> None:
    assert _facts(f"I live in Bremen. {cue}, I live in Kiel.") == [("lives in", "Kiel", False)]


@pytest.mark.parametrize("cue", OWNING_UP)
def test_owning_up_at_a_turns_start_takes_back_the_value_it_corrects(cue: str) -> None:
    said = [("lives in", "Bremen", False), ("lives in", "Bremen", True), ("lives in", "Kiel", False)]
    assert _facts("I live in Bremen.", f"{cue}, I live in Kiel.") == said


def test_an_answer_to_the_assistant_corrects_only_inside_a_turn() -> None:
    assert _facts("I live in Bremen. Nope, I live in Kiel.") == [("lives in", "Kiel", False)]
    assert _facts("I live in Bremen.", "Nope, I live in Kiel.") == [
        ("lives in", "Bremen", False),
        ("lives in", "Kiel", False),
    ]


TAKE_BACK = ["Scratch that", "Forget that", "Ignore that", "Disregard that", "Strike that", "Forget what I just said"]


@pytest.mark.parametrize("cue", TAKE_BACK)
def test_a_take_back_retracts_the_previous_statement(cue: str) -> None:
    said = [("works at", "Bolt", False), ("works at", "Bolt", True), ("works at", "Wise", False)]
    assert _facts("I work at Bolt.", f"{cue}, I work at Wise.") == said


@pytest.mark.parametrize("cue", TAKE_BACK)
def test_a_take_back_that_names_a_held_value_retracts_it(cue: str) -> None:
    held = ActiveFact("f1", "user", "works at", "Bolt", _TS - timedelta(days=9))
    assert _facts(f"{cue} about Bolt, I work at Wise.", active=(held,)) == [
        ("works at", "Bolt", True),
        ("works at", "Wise", False),
    ]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("My browser is Vivaldi, no, wait, I use Brave.", [("uses", "Brave", False)]),
        ("I work at Trivago — my mistake, I meant Zalando.", []),  # right triple or nothing
        ("I live in Graz — no waiting lists here.", [("lives in", "Graz", False)]),  # "no wait" is no cue in "waiting"
    ],
)
def test_owning_up_inside_a_sentence_withdraws_the_value_before_it(sentence: str, expected: list[Triple]) -> None:
    assert _facts(sentence) == expected
