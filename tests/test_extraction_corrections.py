"""The user's self-corrections, withdrawals and switches, read with the rest of the session and with memory.

Every sentence is worded afresh (no benchmark sentence); each row fails without the mechanism it names.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.extractive import session_facts
from consolidators.types import ActiveFact, Turn

Triple = tuple[str, str, str, bool]
_TS = datetime(2026, 3, 4, 10, 0, tzinfo=UTC)


def _facts(*contents: str, active: tuple[ActiveFact, ...] = ()) -> list[Triple]:
    turns = [Turn(event_id=f"e{i}", role="user", content=c, ts=_TS, seq=i) for i, c in enumerate(contents)]
    return sorted((f.subject, f.predicate, f.object, f.retract) for f in session_facts(turns, active))


READ: list[tuple[tuple[str, ...], list[Triple]]] = [
    # a possessive inside the role: the thing is the other person's (``phrases``)
    (("Rex is my cousin's cat.",), []),
    (("Emacs is my brother's editor.",), []),
    (("Bob is our CTO.",), [("user", "cto", "Bob", False)]),
    # a bare doubt after the statement doubts it, in the sentence or as the next one (``phrases.doubted_after``)
    (("I work at Initech, I guess.",), []),
    (("I'm based in Leeds — well, not sure yet.",), []),
    (("I use Emacs. Not sure yet.",), []),
    # … a doubt with a statement of its own doubts only that
    (("I work at Initech, not sure how long I'll stay.",), [("user", "works at", "Initech", False)]),
    # a take-back at the end of a sentence: a denial names the value taken back, a statement takes back itself
    (("I don't work at Initech, forget what I said.",), [("user", "works at", "Initech", True)]),
    (
        ("I live in Denver.", "I never moved to Denver, scratch that."),
        [("user", "lives in", "Denver", False), ("user", "lives in", "Denver", True)],
    ),
    (("I live in Leeds, scratch that.",), []),
    # … and between a denial and what goes on: the denied value taken back, the rest put back
    (
        ("Honestly I never joined Pellucid, scratch that, I still work at Halvorsen Labs.",),
        [("user", "works at", "Halvorsen Labs", False), ("user", "works at", "Pellucid", True)],
    ),
    # a take-back that goes on to put the old value back, bare or restated: said anew after the value taken back
    (
        ("I work at Halvorsen Labs.", "I just started at Pellucid.", "scratch that, still at Halvorsen Labs."),
        [
            ("user", "works at", "Halvorsen Labs", False),
            ("user", "works at", "Halvorsen Labs", False),
            ("user", "works at", "Pellucid", False),
            ("user", "works at", "Pellucid", True),
        ],
    ),
    (
        ("I live in Ostrava.", "we moved to Brno last week.", "forget that, we're still in Ostrava."),
        [
            ("user", "lives in", "Brno", False),
            ("user", "lives in", "Brno", True),
            ("user", "lives in", "Ostrava", False),
            ("user", "lives in", "Ostrava", False),
        ],
    ),
    # … and one that names no value puts nothing back
    (
        ("I live in Ostrava.", "we moved to Brno last week.", "forget that, still deciding."),
        [
            ("user", "lives in", "Brno", False),
            ("user", "lives in", "Brno", True),
            ("user", "lives in", "Ostrava", False),
        ],
    ),
    # a tool withdrawn and the one put in its place (``withdrawals.replaced``)
    (
        ("I no longer use Dropbox, all my files went into Nextcloud.",),
        [("user", "uses", "Dropbox", True), ("user", "uses", "Nextcloud", False)],
    ),
    (
        ("Stopped using Basecamp, our whole studio moved to Linear in March.",),
        [("user", "uses", "Basecamp", True), ("user", "uses", "Linear", False)],
    ),
    (
        ("I gave up Evernote and put all my recipes into Paprika.",),
        [("user", "uses", "Evernote", True), ("user", "uses", "Paprika", False)],
    ),
    # a list in the tool's place names each; a place still planned names none
    (
        ("I no longer use Google Drive, all my files are on pCloud and Mega now.",),
        [("user", "uses", "Google Drive", True), ("user", "uses", "Mega", False), ("user", "uses", "pCloud", False)],
    ),
    (("I no longer use Trello, the boards will move to Asana soon.",), [("user", "uses", "Trello", True)]),
    # … but not a home, nor someone else's tool
    (("I gave up Trello, my sister is on Asana though.",), [("user", "uses", "Trello", True)]),
    # a pronoun's role taken back names the one tool before it (``withdrawals.unheld``); a plain "not" never held it
    (("I keep Firefox around for testing, but it's no longer my browser.",), [("user", "browser", "Firefox", True)]),
    (("I like Vim, but it is not my editor.",), [("user", "likes", "Vim", False)]),
    # … the ONE name: two before "it" leave it unknown; and only a role the vocabulary knows
    (("I tried Firefox and Brave, but it's not my browser anymore.",), []),
    (("I ran Ubuntu for ages, but it's not my darling anymore.",), []),
    # a role the sentence denies its tool, or a trial that did not last, fills nothing (``withdrawals._not_taken``)
    (("I use Brave, but not as my browser.",), []),
    (("I tried WezTerm as my terminal but it didn't last.",), []),
]


@pytest.mark.parametrize(("contents", "expected"), READ)
def test_corrections_read(contents: tuple[str, ...], expected: list[Triple]) -> None:
    assert _facts(*contents) == expected


def test_a_tool_left_in_a_role_ends_the_plain_use_memory_holds() -> None:
    held = (ActiveFact(id="f1", subject="user", predicate="uses", object="Bear"),)
    said = "I switched from Bear to Craft for my notes."
    assert ("user", "uses", "Bear", True) in _facts(said, active=held)
    assert ("user", "uses", "Bear", True) not in _facts(said)  # nothing held: nothing more to end


#: A held value, what the user then says, and whether the value is taken back (``userdenials``).
DENIALS: list[tuple[tuple[str, str], str, bool]] = [
    # a denial of a value memory holds corrects memory
    (("works at", "Tessaly Games"), "I don't work at Tessaly Games.", True),
    (("lives in", "Harwich"), "haha no, we never moved to Harwich", True),
    # a cleft handing the statement to someone else denies it of the user
    (("works at", "Tessaly Games"), "no, that was my cousin Ruth who joined Tessaly Games, not me", True),
    # a denial of a reason or of someone else's value takes nothing back
    (("lives in", "Harwich"), "I didn't move to Harwich for the job, I moved for the sea.", False),
    (("works at", "Tessaly Games"), "my cousin doesn't work at Tessaly Games.", False),
    # a denial of a value memory does not hold is no fact
    (("works at", "Tessaly Games"), "I don't work at Orrel Studio.", False),
]


def test_a_take_back_about_a_held_value_ends_it_and_the_rest_is_said() -> None:
    held = (ActiveFact(id="f1", subject="user", predicate="works at", object="Tessaly Games"),)
    said = "Forget what I said about Tessaly Games, I actually work at Orrel Studio."
    got = _facts(said, active=held)
    assert ("user", "works at", "Tessaly Games", True) in got
    assert ("user", "works at", "Orrel Studio", False) in got


@pytest.mark.parametrize(("held", "said", "taken_back"), DENIALS)
def test_a_denial_corrects_a_held_value(held: tuple[str, str], said: str, taken_back: bool) -> None:
    active = (ActiveFact(id="f1", subject="user", predicate=held[0], object=held[1]),)
    retracts = [t for t in _facts(said, active=active) if t[3]]
    assert retracts == ([("user", *held, True)] if taken_back else [])


def test_a_denial_corrects_a_value_said_earlier_in_the_session() -> None:
    said = ("I joined Tessaly Games in May.", "no, that was my cousin who joined Tessaly Games, not me")
    assert ("user", "works at", "Tessaly Games", True) in _facts(*said)


def test_a_value_put_back_goes_on_from_when_it_was_first_held() -> None:
    since = datetime(2024, 9, 1, tzinfo=UTC)
    held = (ActiveFact(id="f1", subject="user", predicate="lives in", object="Ostrava", valid_from=since),)
    said = "Actually we never moved to Brno, forget that, we still live in Ostrava."
    facts = session_facts([Turn(event_id="e0", role="user", content=said, ts=_TS)], held)
    assert [(f.object, f.retract, f.valid_from) for f in facts if f.predicate == "lives in"] == [
        ("Brno", True, _TS),
        ("Ostrava", False, since),
    ]


def test_a_held_move_taken_back_is_retracted_not_replaced_by_the_value_put_back() -> None:
    held = (ActiveFact(id="f1", subject="user", predicate="lives in", object="Derby", valid_from=_TS),)
    said = "Actually we never moved back to Derby, forget that, we still live in Hull."
    facts = session_facts([Turn(event_id="e0", role="user", content=said, ts=_TS)], held)
    assert [(f.object, f.retract, f.replaces) for f in facts if f.predicate == "lives in"] == [
        ("Derby", True, None),
        ("Hull", False, None),
    ]
