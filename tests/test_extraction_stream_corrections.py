"""The user's side of a stream: a held value corrected by a contrast, and a promised start that is no change yet.

Each sentence is worded here, not taken from a corpus. A copula that sets the new value against the held one
("what I do is X, not Y", "it's a Z, not the Y") says Y never held and X is the relation's value, whole; the
same contrast about someone else, about a value memory doesn't hold, or asked, says nothing. A place of work or
study the sentence says the user starts "there" at a time still ahead is a plan, not the current value.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.extractive import session_facts
from consolidators.types import ActiveFact, Turn

_TS = datetime(2026, 5, 4, 8, tzinfo=UTC)

Triple = tuple[str, str, str]


def _read(text: str, memory: list[Triple]) -> set[tuple[str, str, str, bool]]:
    active = tuple(ActiveFact(id=f"m{i}", subject=s, predicate=p, object=o) for i, (s, p, o) in enumerate(memory))
    turn = Turn(event_id="t1", role="user", content=text, ts=_TS, seq=1)
    return {(f.subject, f.predicate, f.object, f.retract) for f in session_facts([turn], active)}


# --- a copula that sets the new value against the held one -----------------------------------------------------

CORRECTED = [
    ("Quick fix: what I read at uni is marine biology, not zoology.", ("studies", "zoology"), "marine biology"),
    ("oops, it's a Moto G54, not the Moto G45, wrong box", ("phone", "Moto G45"), "Moto G54"),
    ("To be precise, I'm a senior site reliability engineer, not a sysadmin.", ("works as", "sysadmin"),
     "senior site reliability engineer"),
    ("my shell is fish, not bash; I switched ages ago", ("shell", "bash"), "fish"),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "held", "value"), CORRECTED)
def test_a_copula_that_sets_a_value_against_the_held_one_corrects_it(
    sentence: str, held: tuple[str, str], value: str
) -> None:
    predicate, old = held
    found = _read(sentence, [("user", predicate, old)])
    assert ("user", predicate, value, False) in found
    assert ("user", predicate, old, True) in found
    assert not {(p, o) for s, p, o, r in found if s == "user" and p == predicate and not r} - {(predicate, value)}


NOT_CORRECTED = [
    # someone else's value, set against the user's
    ("My brother is a paramedic, not a sysadmin.", ("works as", "sysadmin")),
    ("my flatmate's phone is a Moto G54, not the Moto G45", ("phone", "Moto G45")),
    # asked, not said
    ("is it a Moto G54, not the Moto G45?", ("phone", "Moto G45")),
    # "not Y" names no value memory holds
    ("what I read at uni is marine biology, not zoology.", ("studies", "geology")),
]


@pytest.mark.parametrize(("sentence", "held"), NOT_CORRECTED)
def test_a_contrast_of_someone_else_asked_or_of_another_value_retires_nothing(
    sentence: str, held: tuple[str, str]
) -> None:
    predicate, old = held
    found = _read(sentence, [("user", predicate, old)])
    assert ("user", predicate, old, True) not in found


# --- a start still ahead at the sentence's place ----------------------------------------------------------------

PROMISED = [
    ("Said yes to an offer at Brightwater Labs, I'm meant to start there in September!", "works at"),
    ("Signed the contract with Mossgiel Foods, going to begin there next week.", "works at"),
    ("Got a place at Halloran College, I start there on the 2nd of October.", "studies at"),
]


@pytest.mark.parametrize(("sentence", "predicate"), PROMISED)
def test_a_place_where_a_start_still_lies_ahead_is_no_current_value(sentence: str, predicate: str) -> None:
    found = _read(sentence, [("user", predicate, "Tarnwell Group")])
    assert not any(s == "user" and p == predicate and not r for s, p, o, r in found)


STARTED = [
    "Joined Brightwater Labs last month, I started there on a Monday.",
    "I work at Brightwater Labs now and we start there early every day.",
]


@pytest.mark.parametrize("sentence", STARTED)
def test_a_start_already_made_or_a_habit_keeps_the_place(sentence: str) -> None:
    found = _read(sentence, [("user", "works at", "Tarnwell Group")])
    assert ("user", "works at", "Brightwater Labs", False) in found


def test_a_progressive_before_the_contrast_keeps_its_object_as_the_value() -> None:
    """ "I'm studying geology now, not chemistry": the course is geology, never "studying geology now"."""
    found = _read("I switched my course, I'm studying geology now, not chemistry.", [("user", "studies", "chemistry")])
    assert ("user", "studies", "geology", False) in found
    assert not any("studying" in o for s, p, o, r in found)
