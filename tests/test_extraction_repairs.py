"""A user's self-repairs: only the value the speaker ends on is a fact (:mod:`consolidators.repairs`).

Every sentence is worded afresh (no benchmark sentence); each row fails without the module: the withdrawn value
was kept beside the new one, or the bare value after the repair was lost.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.extractive import session_facts
from consolidators.types import Turn

Triple = tuple[str, str, str, bool]
_TS = datetime(2026, 2, 3, 9, 0, tzinfo=UTC)


def _facts(content: str) -> list[Triple]:
    turn = Turn(event_id="e1", role="user", content=content, ts=_TS, seq=1)
    return sorted((f.subject, f.predicate, f.object, f.retract) for f in session_facts([turn]))


REPAIRED: list[tuple[str, list[Triple]]] = [
    # across a sentence break: the repair restates the relation with a new value
    ("I work at Stripe. Actually no, I work at Adyen.", [("user", "works at", "Adyen", False)]),
    ("I live in Leeds. Not really, I live in York.", [("user", "lives in", "York", False)]),
    ("I'm a nurse. Just kidding, I'm a paramedic.", [("user", "works as", "paramedic", False)]),
    (
        "My notes live in Joplin... no wait, that was last year, I'm on Logseq now.",
        [("user", "notes app", "Logseq", False)],
    ),
    # … or names it bare: it takes the withdrawn value's place
    ("I'm based in Ghent. No wait, Antwerp.", [("user", "lives in", "Antwerp", False)]),
    ("My phone is a Pixel 6. Sorry, a Pixel 8.", [("user", "phone", "Pixel 8", False)]),
    ("I work at Stripe. Oops, I mean Adyen.", [("user", "works at", "Adyen", False)]),
    # inside one sentence, a bare value after the repair
    ("I use Todoist, sorry, I mean TickTick.", [("user", "uses", "TickTick", False)]),
    ("My editor is Vim, or rather Neovim.", [("user", "editor", "Neovim", False)]),
    ("I host everything on Linode, no wait, on Vultr.", [("user", "cloud provider", "Vultr", False)]),
    # a repair that states nothing readable withdraws the sentence before: right triple or nothing
    ("My shell is zsh. Correction: it's fish.", []),
    ("I moved to Lisbon. Kidding! Still in Porto.", []),
]


@pytest.mark.parametrize(("content", "expected"), REPAIRED)
def test_repaired(content: str, expected: list[Triple]) -> None:
    assert _facts(content) == expected


KEPT: list[tuple[str, list[Triple]]] = [
    # no pause after the cue: a sentence of its own, not a repair
    ("I work at Google. Not really a fan of the food though.", [("user", "works at", "Google", False)]),
    # a filler that goes on to another relation, or to no fact, repairs nothing
    (
        "I live in Leeds. Sorry, I work at Asda too.",
        [("user", "lives in", "Leeds", False), ("user", "works at", "Asda", False)],
    ),
    ("I live in Leeds. I mean, it's fine.", [("user", "lives in", "Leeds", False)]),
    ("I live in Leeds. Wait, how do I change my timezone?", [("user", "lives in", "Leeds", False)]),
    ("I live in Leeds, sorry for the typos.", [("user", "lives in", "Leeds", False)]),
    # after a filler, a short capitalised word is chat, not a new value
    ("I work at Stripe. Sorry, BRB.", [("user", "works at", "Stripe", False)]),
    ("I moved to Lisbon. Oops, OK.", [("user", "lives in", "Lisbon", False)]),
]


@pytest.mark.parametrize(("content", "expected"), KEPT)
def test_kept(content: str, expected: list[Triple]) -> None:
    assert _facts(content) == expected


def test_an_empty_turn_has_nothing_to_repair() -> None:
    assert _facts("") == []
