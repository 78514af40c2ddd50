"""A turn opening with "he"/"she" about the one person the turn before it was about (consolidators/pronouns.py).

Every sentence is worded here: a session of two turns, read whole by ``extractive.session_facts``.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from consolidators.extractive import session_facts
from consolidators.types import Turn

Triple = tuple[str, str, str]
T0 = datetime(2026, 6, 1, 9, tzinfo=UTC)

#: (the first turn, the second, a fact the second states of the first's person)
CARRIED: list[tuple[str, str, Triple]] = [
    ("Wilma Asker lives in Umeå.", "She moved to Luleå in the spring.", ("Wilma Asker", "lives in", "Luleå")),
    ("Teodor Blom plays for Kalmar FF.", "He has joined Hammarby.", ("Teodor Blom", "plays for", "Hammarby")),
    ("The cellist Ivo Rand lives in Tartu.", "He has since settled in Pärnu.", ("Ivo Rand", "lives in", "Pärnu")),
]

#: (the first turn, the second, a fact the second must not state): "she" may be someone else, the first turn
#: states no one's fact, or the second states nothing sure.
NOT_CARRIED: list[tuple[str, str, Triple]] = [
    ("Wilma Asker is married to Pia Holm.", "She moved to Luleå.", ("Wilma Asker", "lives in", "Luleå")),
    ("Wilma Asker and Pia Holm live in Umeå.", "She moved to Luleå.", ("Wilma Asker", "lives in", "Luleå")),
    (
        "Wilma Asker, who met Pia Holm in Oslo, lives in Umeå.",
        "She moved to Luleå.",
        ("Wilma Asker", "lives in", "Luleå"),
    ),
    ("Wilma Asker lives in Umeå.", "She might move to Luleå.", ("Wilma Asker", "lives in", "Luleå")),
    ("Did Wilma Asker ever live in Umeå?", "She moved to Luleå.", ("Wilma Asker", "lives in", "Luleå")),
]


def _session(first: str, second: str) -> set[Triple]:
    turns = [Turn(f"e{i}", "assistant", t, T0 + timedelta(minutes=i), seq=i) for i, t in enumerate((first, second))]
    return {(f.subject, f.predicate, f.object) for f in session_facts(turns) if not f.retract}


@pytest.mark.parametrize(("first", "second", "expected"), CARRIED)
def test_the_pronoun_is_the_person_the_turn_before_was_about(first: str, second: str, expected: Triple) -> None:
    assert expected in _session(first, second)


@pytest.mark.parametrize(("first", "second", "wrong"), NOT_CARRIED)
def test_the_pronoun_stays_unread_when_it_may_be_another(first: str, second: str, wrong: Triple) -> None:
    assert wrong not in _session(first, second)
