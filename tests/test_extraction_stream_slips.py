"""The user's values over a stream, where one turn is read against what memory holds: a trailing "I doubt it"
disbelieves the clause before it, and a tool given up by a name that is a held value whole ends that value, not a
longer-named one of the same maker. Sentences are worded for this file; each row fails without its rule.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.extractive import session_facts
from consolidators.triples import sentence_triples
from consolidators.types import ActiveFact, Turn

_TS = datetime(2026, 6, 3, 8, 0, tzinfo=UTC)


def _facts(said: str, active: tuple[ActiveFact, ...] = ()) -> set[tuple[str, str, bool]]:
    facts = session_facts([Turn("e1", "user", said, _TS)], active)
    return {(f.predicate, f.object, f.retract) for f in facts if f.subject == "user"}


@pytest.mark.parametrize(
    "said",
    [
        "Our builds run on TeamCity now, or so the wiki says, I doubt it.",
        "The database is MariaDB these days; I really doubt it, though.",
        "We're moving the job queue to Pulsar, I doubt that will stick.",
    ],
)
def test_a_trailing_doubt_disbelieves_the_clause_before_it(said: str) -> None:
    assert sentence_triples(said, "user") == []


@pytest.mark.parametrize(
    ("said", "triple"),
    [
        # a doubt with a statement of its own doubts only that
        ("Our builds run on TeamCity now, I doubt anyone misses the old box.", ("ci", "TeamCity")),
        ("I moved to Tartu in March and I doubt we'll ever leave.", ("lives in", "Tartu")),
    ],
)
def test_a_doubt_about_something_else_leaves_the_statement(said: str, triple: tuple[str, str]) -> None:
    assert triple in {(f.predicate, f.object) for f in sentence_triples(said, "user") if not f.retract}


_CALENDAR = ActiveFact("c1", "user", "calendar app", "Proton Calendar", _TS)
_MAIL = ActiveFact("m1", "user", "email client", "Proton", _TS)


def test_a_tool_given_up_by_its_whole_name_ends_only_the_value_of_that_name() -> None:
    got = _facts("Dropped Proton last week, my mail lives in Thunderbird now.", (_CALENDAR, _MAIL))
    assert ("email client", "Proton", True) in got
    assert ("calendar app", "Proton Calendar", True) not in got


def test_a_short_name_still_ends_the_one_held_value_it_shortens() -> None:
    got = _facts("Dropped Proton last week, my calendar lives in Fantastical now.", (_CALENDAR,))
    assert ("calendar app", "Proton Calendar", True) in got


_EDITOR = ActiveFact("e1", "user", "editor", "Kate", _TS)


@pytest.mark.parametrize(
    ("said", "triple"),
    [
        ("Gave Sublime Text a month. It's my editor now.", ("editor", "Sublime Text", False)),
        ("so the Brave experiment worked out. it is officially my default browser", ("browser", "Brave", False)),
    ],
)
def test_an_it_given_a_role_is_the_one_tool_of_that_role_said_just_before(
    said: str, triple: tuple[str, str, bool]
) -> None:
    assert triple in _facts(said, (_EDITOR,))


@pytest.mark.parametrize(
    "said",
    [
        # two tools of the role before it: which one is a guess
        "Tried Sublime Text and Helix. It's my editor now.",
        # no tool of that role before it
        "Slack is down again. It's my editor now, apparently.",
        # "it" is not given the role
        "Tried Sublime Text. It's fine for small files.",
    ],
)
def test_an_it_with_no_one_tool_of_its_role_before_it_is_no_value(said: str) -> None:
    assert {t for t in _facts(said, (_EDITOR,)) if t[0] == "editor" and not t[2]} == set()


_PHONE = ActiveFact("p1", "user", "phone", "Galaxy S23", _TS)
_HOME = ActiveFact("h1", "user", "lives in", "Tampere", _TS)


@pytest.mark.parametrize(
    ("said", "retracted", "stated"),
    [
        ("Oops, I meant Galaxy S22, not S23.", ("phone", "Galaxy S23"), ("phone", "Galaxy S22")),
        ("sorry I meant S22 not S23, it's last year's", ("phone", "Galaxy S23"), ("phone", "Galaxy S22")),
        ("Typo earlier: we meant Turku, not Tampere.", ("lives in", "Tampere"), ("lives in", "Turku")),
    ],
)
def test_i_meant_x_not_the_held_value_takes_the_held_one_back_and_states_x(
    said: str, retracted: tuple[str, str], stated: tuple[str, str]
) -> None:
    got = _facts(said, (_PHONE, _HOME))
    assert (*retracted, True) in got and (*stated, False) in got


@pytest.mark.parametrize(
    "said",
    [
        "I meant Thursday, not Friday.",  # no held value is denied
        "My brother meant Turku, not Tampere.",  # someone else's slip
        "You meant Turku, not Tampere?",  # a question
        "I meant to call you, not to text.",
    ],
)
def test_i_meant_without_a_held_value_denied_takes_nothing_back(said: str) -> None:
    assert not any(retract for _, _, retract in _facts(said, (_PHONE, _HOME)))


_TERMINAL = ActiveFact("t1", "user", "terminal", "Kitty", _TS)
_EMPLOYER = ActiveFact("w1", "user", "works at", "Marrow Analytics", _TS)


def test_going_back_to_the_held_tool_keeps_it_whatever_else_was_tried() -> None:
    got = _facts("the folks at Brightloom use Ghostty, I tried it for a week and went back to Kitty", (_TERMINAL,))
    assert not any(p == "terminal" and o == "Ghostty" for p, o, _ in got)


def test_a_tool_not_gone_back_to_is_still_a_change() -> None:
    got = _facts("Ghostty is my terminal now, not going back to Kitty", (_TERMINAL,))
    assert ("terminal", "Ghostty", False) in got


def test_a_value_read_under_one_relation_is_no_change_of_another() -> None:
    """A change read with memory that names a value another reader gives another of the user's relations is a
    guess between the two: the home stays a home, not an employer."""
    got = _facts("Marrow Analytics moved offices and we moved to Dundee with them", (_EMPLOYER,))
    assert ("lives in", "Dundee", False) in got
    assert not any(p == "works at" and not r for p, _, r in got)


def test_a_value_held_all_along_is_no_change() -> None:
    got = _facts("Marrow Analytics moved offices, but we're still in Dundee", (_EMPLOYER,))
    assert not any(p == "works at" and not r for p, _, r in got)
