"""A partner who is no spouse: PREDICATES.md keeps ``married to`` for a husband or a wife, so a couple who dated
breaking up ends no marriage, while a divorce or a separation still ends one.

Each row is worded here, not taken from a corpus, and fails if the mechanism it needs goes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.extractive import session_facts
from consolidators.types import Turn

Triple = tuple[str, str, str, bool]
_TS = datetime(2026, 4, 20, 21, 15, tzinfo=UTC)


def _said(content: str) -> set[Triple]:
    turn = Turn("e0", "user", content, _TS, seq=0)
    return {(f.subject, f.predicate, f.object, f.retract) for f in session_facts([turn])}


@pytest.mark.parametrize(
    "content",
    [
        "Henrik and I broke up in the autumn.",  # a couple who dated: no marriage ended
        "so Ottavio and I broke up, fun times",
        "We broke up into three teams for the quiz.",  # no couple at all
        "I've been seeing Anatole since the spring.",  # dating is no marriage
    ],
)
def test_a_break_up_or_dating_states_no_marriage(content: str) -> None:
    assert _said(content) == set()


@pytest.mark.parametrize(
    ("content", "fact"),
    [
        ("Henrik and I divorced in 2023.", ("user", "married to", "Henrik", True)),
        ("Ottavio and I separated last winter.", ("user", "married to", "Ottavio", True)),
    ],
)
def test_a_divorce_or_a_separation_ends_the_marriage(content: str, fact: Triple) -> None:
    assert fact in _said(content)
