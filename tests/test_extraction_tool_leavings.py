"""The user's tools and employers left, switched or listed: a "quit" the tagger reads as present, a switch read
twice, a frequency after a name, a denial of "X or Y".

Every sentence here is worded for this file, not taken from a corpus."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators import extract_triples
from consolidators.extractive import session_facts
from consolidators.types import ActiveFact, Turn

Triple = tuple[str, str, bool]


def _against(held: list[tuple[str, str]], text: str) -> list[Triple]:
    """The user's facts one turn states, read against memory holding ``held`` (predicate, value) pairs."""
    active = [ActiveFact(id=str(i), subject="user", predicate=p, object=o) for i, (p, o) in enumerate(held)]
    facts = session_facts([Turn("t0", "user", text, datetime(2026, 3, 2, tzinfo=UTC))], active)
    return [(f.predicate, f.object, f.retract) for f in facts if f.subject == "user"]


@pytest.mark.parametrize(
    ("held", "said", "ended"),
    [
        (("works at", "Quillmoor Logistics"), "I quit Quillmoor Logistics.", "works at"),
        (("uses", "Memrise"), "I quit Memrise.", "uses"),
        (("uses", "Memrise"), "quit Memrise after the price went up", "uses"),
    ],
)
def test_a_quit_the_tagger_reads_as_present_ends_the_held_value(held: tuple[str, str], said: str, ended: str) -> None:
    assert _against([held], said) == [(ended, held[1], True)]


@pytest.mark.parametrize(
    "said",
    [
        "I'll quit Memrise after the exam.",  # not yet done
        "I quit Memrise every January.",  # a habit, not an ending
        "my cousin quit Memrise",  # someone else's
        "I quit Memrise before I go to sleep.",  # closing an app, a habit
        "I quit Memrise every time it freezes.",
        "quit Memrise, it's eating my battery",  # advice, not the user's act
    ],
)
def test_a_quit_not_yet_done_habitual_or_anothers_ends_nothing(said: str) -> None:
    assert ("uses", "Memrise", True) not in _against([("uses", "Memrise")], said)


@pytest.mark.parametrize(
    "said",
    [
        "When I quit Quillmoor Logistics, I'm going to sail around Crete.",  # a clause of time: not yet
        "After I quit Quillmoor Logistics I want a gap year.",
        "Until I quit Quillmoor Logistics my evenings are gone.",
        "I quit Quillmoor Logistics once already, years ago, and came back.",  # a past episode
        "I quit Quillmoor Logistics whenever the boss shouts, then return on Monday.",  # a habit
        "quit Quillmoor Logistics and come work with us, my old colleague said",  # someone's advice
    ],
)
def test_a_quit_in_a_subordinate_clause_an_episode_or_advice_ends_no_job(said: str) -> None:
    assert ("works at", "Quillmoor Logistics", True) not in _against([("works at", "Quillmoor Logistics")], said)


@pytest.mark.parametrize("said", ["I quit Quillmoor Logistics last month.", "I quit Quillmoor Logistics in April."])
def test_a_finished_quit_dated_in_the_past_ends_the_job(said: str) -> None:
    assert ("works at", "Quillmoor Logistics", True) in _against([("works at", "Quillmoor Logistics")], said)


def test_a_switch_into_a_held_role_is_no_plain_use_besides() -> None:
    said = _against([("terminal", "Konsole")], "moved off Konsole onto Tabby over the weekend")
    assert ("terminal", "Tabby", False) in said
    assert ("uses", "Tabby", False) not in said


@pytest.mark.parametrize(
    ("said", "tool"),
    [
        ("I use btop all day long", "btop"),
        ("I use Alfred hundreds of times a week", "Alfred"),
    ],
)
def test_how_often_a_tool_is_used_is_no_part_of_its_name(said: str, tool: str) -> None:
    assert [f.object for f in extract_triples(said, "user") if f.predicate == "uses"] == [tool]


def test_a_denial_of_either_tool_gives_up_both() -> None:
    found = {(f.predicate, f.object, f.retract) for f in extract_triples("I no longer use Deezer or Qobuz.", "user")}
    assert found == {("uses", "Deezer", True), ("uses", "Qobuz", True)}


def test_using_one_tool_or_another_names_neither() -> None:
    assert [f for f in extract_triples("I use Deezer or Qobuz", "user") if f.predicate == "uses"] == []


def test_a_lower_case_tool_switched_to_ends_where_the_next_clause_starts() -> None:
    said = "since I moved my shell over to fish the prompt is way faster, but how do I set aliases?"
    assert [(f.predicate, f.object) for f in extract_triples(said, "user")] == [("shell", "fish")]
