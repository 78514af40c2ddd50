"""The user asking the assistant to forget one of their relations ("please forget where I live") retracts the value
memory holds for it at that point of the session; a reminder, a habit, a question or someone else's relation
forgets nothing. Every sentence is worded for this file; each row fails without ``consolidators.forgotten``.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.extractive import session_facts
from consolidators.forgotten import relations_forgotten
from consolidators.types import ActiveFact, Turn

Triple = tuple[str, str, str, bool]
_TS = datetime(2026, 3, 2, 18, 0, tzinfo=UTC)
_HOME = ActiveFact(id="h1", subject="user", predicate="lives in", object="Tromsø", valid_from=_TS)
_JOB = ActiveFact(id="j1", subject="user", predicate="works at", object="Harbourline", valid_from=_TS)
_BROWSER = ActiveFact(id="b1", subject="user", predicate="browser", object="Vivaldi", valid_from=_TS)
_HELD = (_HOME, _JOB, _BROWSER)


def _facts(*contents: str, active: tuple[ActiveFact, ...] = _HELD) -> list[Triple]:
    turns = [Turn(event_id=f"t{i}", role="user", content=c, ts=_TS, seq=i) for i, c in enumerate(contents)]
    return [(f.subject, f.predicate, f.object, f.retract) for f in session_facts(turns, active)]


@pytest.mark.parametrize(
    ("said", "relation", "value"),
    [
        ("Please forget where I live.", "lives in", "Tromsø"),
        ("hey, could you forget where we live, thanks", "lives in", "Tromsø"),
        ("I'd like you to forget my home address please", "lives in", "Tromsø"),
        ("ok so can you forget who I work for?", "works at", "Harbourline"),
        ("Forget that I told you where I work.", "works at", "Harbourline"),
        ("just forget about which browser I use", "browser", "Vivaldi"),
        ("Erase my address from your memory.", "lives in", "Tromsø"),
    ],
)
def test_a_request_to_forget_retracts_the_held_value(said: str, relation: str, value: str) -> None:
    assert _facts(said) == [("user", relation, value, True)]


@pytest.mark.parametrize(
    "said",
    [
        "Don't forget where I live when you plan the delivery.",
        "never forget where I work, it matters for the tax form",
        "I always forget my own address, it's so long.",
        "Did you forget where I live?",
        "forget where my brother lives, he moves every year",
        "Forget where I was going with this, what's a good pasta recipe?",
        "Remove my address from the invoice template.",
        "forget where I live?",
    ],
)
def test_a_reminder_a_habit_a_question_or_another_persons_relation_forgets_nothing(said: str) -> None:
    assert _facts(said) == []


def test_nothing_held_nothing_forgotten() -> None:
    assert _facts("Please forget where I live.", active=()) == []


def test_the_value_said_last_in_the_session_is_the_one_forgotten() -> None:
    facts = _facts("We just moved to Bodø.", "Actually, please forget where I live.")
    assert facts[-1] == ("user", "lives in", "Bodø", True)
    assert ("user", "lives in", "Bodø", False) in facts


def test_a_request_names_the_relations_it_asks_about() -> None:
    assert relations_forgotten("Please forget where I was born. And forget my phone, too.") == ["born in", "phone"]
    assert relations_forgotten("Forget my sister's address.") == []
