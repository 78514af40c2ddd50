"""A partner who is no spouse: PREDICATES.md keeps ``married to`` for a husband or a wife, so a boyfriend's or a
girlfriend's name, dating and a break-up state nothing about the user; a spouse's name and a marriage's end do.

Each row is worded here, not taken from a corpus, and fails if the mechanism it needs goes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.extractive import session_facts
from consolidators.types import Turn

Triple = tuple[str, str, str, bool]
_TS = datetime(2026, 5, 11, 9, 0, tzinfo=UTC)


def _said(content: str) -> set[Triple]:
    turn = Turn("e0", "user", content, _TS, seq=0)
    return {(f.subject, f.predicate, f.object, f.retract) for f in session_facts([turn])}


@pytest.mark.parametrize(
    "content",
    [
        "My boyfriend is called Anselm and he cooks.",
        "my girlfriend is called wilhelmina lol",
        "I've been dating Corentin for a year now.",
        "Corentin and I broke up last week.",  # a couple who dated: no marriage ended
    ],
)
def test_a_partner_who_is_no_spouse_states_nothing(content: str) -> None:
    assert _said(content) == set()


@pytest.mark.parametrize(
    ("content", "fact"),
    [
        ("My husband Anselm cooks on Sundays.", ("user", "married to", "Anselm", False)),
        ("Corentin and I divorced last year.", ("user", "married to", "Corentin", True)),
        # a pet named in the sentence after the one that says it is the user's
        ("We adopted a tortoise. His name is Brindle.", ("user", "has pet", "Brindle", False)),
    ],
)
def test_a_spouse_and_a_pet_are_read(content: str, fact: Triple) -> None:
    assert fact in _said(content)
