"""The user's life over many sessions: a day ahead, a take-back asked or about someone else, read with memory.

Every sentence is worded afresh (no benchmark sentence); each row fails without the mechanism its comment names.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.extractive import session_facts
from consolidators.types import ActiveFact, Turn

Triple = tuple[str, str, str, bool]
_TS = datetime(2026, 5, 6, 9, 30, tzinfo=UTC)
_EMPLOYER = ActiveFact(id="f1", subject="user", predicate="works at", object="Quillon", valid_from=_TS)


def _facts(*contents: str, active: tuple[ActiveFact, ...] = ()) -> list[Triple]:
    turns = [Turn(event_id=f"e{i}", role="user", content=c, ts=_TS, seq=i) for i, c in enumerate(contents)]
    return sorted((f.subject, f.predicate, f.object, f.retract) for f in session_facts(turns, active))


CASES: list[tuple[tuple[str, ...], tuple[ActiveFact, ...], list[Triple]]] = [
    # a first or last day dated ahead (``lifeevents.day_ahead``): a plan until then, whoever reads it
    (("My first day at Ostrava Labs is Thursday, any tips?",), (), []),
    (("my first day at Ostrava Labs is Monday so I'm nervous",), (_EMPLOYER,), []),
    (("Wednesday is my last day at Quillon.",), (_EMPLOYER,), []),
    (("My last day at Quillon is the 30th.",), (_EMPLOYER,), []),
    # … unless a last day that is over comes with it: a completed switch (PREDICATES' exception)
    (
        ("My last day at Quillon was Thursday, and my first day at Ostrava Labs is Monday.",),
        (_EMPLOYER,),
        [("user", "works at", "Quillon", True), ("user", "works at", "Ostrava Labs", False)],
    ),
    # … dated today or in the past, it happened
    (("Today is my first day at Ostrava Labs.",), (), [("user", "works at", "Ostrava Labs", False)]),
    (("My last day at Quillon was Tuesday.",), (_EMPLOYER,), [("user", "works at", "Quillon", True)]),
    # a take-back asked about is none (``extractive._user_turn``)
    (("I work at Pellmark.", "Scratch that?"), (), [("user", "works at", "Pellmark", False)]),
    (("I work at Pellmark.", "Forget that?"), (), [("user", "works at", "Pellmark", False)]),
    # … one that goes on about someone else took back their statement, not the user's (``repairs.of_another``)
    (
        ("I work at Pellmark.", "Forget that, my sister is still at Tobbe Logistics."),
        (),
        [("user", "works at", "Pellmark", False)],
    ),
    # … unless what it says of them is the user's statement, given away: the same value, or a verb standing for it
    (
        ("I work at Pellmark.", "Forget that, my sister works at Pellmark."),
        (),
        [("user", "works at", "Pellmark", False), ("user", "works at", "Pellmark", True)],
    ),
    (
        ("I work at Pellmark. Scratch that, my sister does; I work at Tobbe Logistics.",),
        (),
        [
            ("user", "works at", "Pellmark", False),
            ("user", "works at", "Pellmark", True),
            ("user", "works at", "Tobbe Logistics", False),
        ],
    ),
    # … one that goes on about the user still takes back the user's
    (
        ("I work at Pellmark.", "Scratch that, I'm still at Tobbe Logistics."),
        (),
        [
            ("user", "works at", "Pellmark", False),
            ("user", "works at", "Pellmark", True),
            ("user", "works at", "Tobbe Logistics", False),
        ],
    ),
]


@pytest.mark.parametrize(("said", "active", "expected"), CASES)
def test_user_session_reading(said: tuple[str, ...], active: tuple[ActiveFact, ...], expected: list[Triple]) -> None:
    assert _facts(*said, active=active) == sorted(expected)
