"""The user's life changing in chat: jobs taken in the passive, a new value that retires the old one without a
take-back, places left, plans said with a future time, things joined that are no employer, news undone in the same
sentence, and take-backs read against what memory holds (a pet given away, a language dropped, "still single").
Every sentence is worded here, not taken from a corpus."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.extractive import session_facts
from consolidators.types import ActiveFact, Turn

Said = tuple[str, str, bool]
_TS = datetime(2026, 3, 2, 12, tzinfo=UTC)


def _said(*turns: str, held: tuple[tuple[str, str], ...] = ()) -> set[Said]:
    active = [
        ActiveFact(f"a{i}", "user", predicate, value, datetime(2025, 6, 1, tzinfo=UTC))
        for i, (predicate, value) in enumerate(held)
    ]
    facts = session_facts([Turn(f"e{i}", "user", text, _TS) for i, text in enumerate(turns)], active)
    return {(f.predicate, f.object.lower(), f.retract) for f in facts if f.subject == "user"}


#: One user message and the user's facts it states.
MESSAGES: list[tuple[str, set[Said]]] = [
    # a job taken in the passive names the post as "joined X as" does
    (
        "I got hired by Tarnwell Optics as a lens technician",
        {("works at", "tarnwell optics", False), ("works as", "lens technician", False)},
    ),
    (
        "was recruited by Belgrove Dairy as their quality manager in the autumn",
        {("works at", "belgrove dairy", False), ("works as", "quality manager", False)},
    ),
    # the new value of a single-valued relation retires the old one: no take-back beside it
    (
        "my last day at Corrigan Print was Wednesday and I start at Ashmore Tiles on Monday",
        {("works at", "ashmore tiles", False)},
    ),
    ("I left Pellow Brewing and now I work for Stanbury Cider", {("works at", "stanbury cider", False)}),
    # a plain "uses" holds many values: its take-back stays
    ("I quit Deezer and use Qobuz now", {("uses", "deezer", True), ("uses", "qobuz", False)}),
]


@pytest.mark.parametrize(("message", "expected"), MESSAGES)
def test_users_life_changes(message: str, expected: set[Said]) -> None:
    assert _said(message) == expected
