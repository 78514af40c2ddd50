"""The user's changes in an ordered stream, read with the value memory holds: the shapes that left an old value
current or set a wrong one.

Each sentence is worded here, not taken from a corpus (other names, other tools, other places). The rows cover a
new version of a held value said by the family's name ("upgraded the desktop to Windows 12" while Windows 11 is
held), chat's bare "X now" clause beside a sentence that names the role, and a move told with the user's age
(a childhood move is no home now). Near-misses that must yield nothing sit beside each.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.extractive import session_facts
from consolidators.types import ActiveFact, Turn

_TS = datetime(2026, 6, 1, 9, tzinfo=UTC)
_BEFORE = datetime(2026, 5, 1, 9, tzinfo=UTC)

Read = tuple[str, str, str, bool]


def _read(text: str, memory: list[tuple[str, str]]) -> set[Read]:
    """The (subject, predicate, object, retract) the user's ``text`` yields with ``memory`` (predicate, value)."""
    active = tuple(ActiveFact(f"m{i}", "user", p, o, _BEFORE) for i, (p, o) in enumerate(memory))
    turn = Turn(event_id="t1", role="user", content=text, ts=_TS, seq=1)
    return {(f.subject, f.predicate, f.object, f.retract) for f in session_facts([turn], active)}


def _values(text: str, predicate: str, held: str) -> set[str]:
    return {o for s, p, o, r in _read(text, [(predicate, held)]) if s == "user" and p == predicate and not r}


# --- another version of the held value's family ---------------------------------------------------------------

VERSIONS = [
    ("os", "Windows 11", "finally upgraded the gaming desktop to Windows 12 over the weekend", "Windows 12"),
    ("phone", "Galaxy S22", "the Galaxy S24 is my phone now, the battery lasts two days", "Galaxy S24"),
    ("os", "Fedora 39", "upgraded the work laptop to Fedora 41 and nothing broke", "Fedora 41"),
]


@pytest.mark.parametrize(("predicate", "held", "sentence", "new"), VERSIONS)
def test_a_new_version_of_the_held_family_is_the_new_value(predicate: str, held: str, sentence: str, new: str) -> None:
    assert _values(sentence, predicate, held) == {new}


@pytest.mark.parametrize(
    ("predicate", "held", "sentence"),
    [
        ("os", "Windows 11", "my nephew put Windows 12 on his old desktop"),
        ("os", "Windows 11", "should I upgrade the gaming desktop to Windows 12?"),
        ("phone", "Galaxy S22", "thinking about a Galaxy S24 when the contract ends"),
    ],
)
def test_another_version_talked_of_changes_nothing(predicate: str, held: str, sentence: str) -> None:
    assert _values(sentence, predicate, held) <= {held}


def test_the_held_version_said_again_is_still_kept() -> None:
    """The family's name with the held version stays a mention of it: "still on Windows 11" keeps it."""
    assert _values("still on Windows 11 on the gaming desktop, Windows 12 can wait", "os", "Windows 11") <= {
        "Windows 11"
    }


# --- a bare "X now" clause beside the role ---------------------------------------------------------------------

BARE_NOW = [
    # names no tool list knows: the role the sentence names is what makes them tools
    (
        "calendar app",
        "Google Calendar",
        "moved the family calendar yet again, Plumcal now, the old one was clunky",
        "Plumcal",
    ),
    ("notes app", "Inkpad", "Inkpad kept eating my drafts, QuillBox now", "QuillBox"),
    ("terminal", "iTerm2", "swapped terminals again this week lol, Zephyterm now, iTerm2 kept freezing", "Zephyterm"),
]


@pytest.mark.parametrize(("predicate", "held", "sentence", "new"), BARE_NOW)
def test_a_bare_name_now_beside_the_role_is_the_new_value(predicate: str, held: str, sentence: str, new: str) -> None:
    assert _values(sentence, predicate, held) == {new}


@pytest.mark.parametrize(
    "sentence",
    [
        "my brother changed his calendar, Plumcal now",  # someone else's
        "should we change the calendar, Plumcal now?",  # a question
        "changed calendars yet again, much calmer now",  # no name
        "changed calendars yet again, the shared one now",  # no name at all
    ],
)
def test_a_bare_now_clause_that_is_no_users_new_tool_yields_nothing(sentence: str) -> None:
    assert _values(sentence, "calendar app", "Google Calendar") <= {"Google Calendar"}


# --- a move told with the user's age ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "We moved to Inverness when I was seven.",
        "my parents and I moved to Galway when I was 4",
        "Correction: I was actually born in Perth, we only moved to Stirling when I was two.",
        "we moved to Tromsø when we were ten or so",
    ],
)
def test_a_move_told_with_a_childhood_age_is_no_home_now(sentence: str) -> None:
    facts = _read(sentence, [("lives in", "Bergen")])
    assert not {o for _, p, o, _ in facts if p == "lives in" and o != "Bergen"}
    assert ("user", "lives in", "Bergen", True) not in facts


def test_the_birthplace_beside_a_childhood_move_is_still_read() -> None:
    facts = _read("Correction: I was actually born in Perth, we only moved to Stirling when I was two.", [])
    assert ("user", "born in", "Perth", False) in facts


@pytest.mark.parametrize(
    ("sentence", "home"),
    [
        ("We moved to Inverness last month, the boxes are still everywhere.", "Inverness"),
        ("we moved to Galway when I was offered the lab job", "Galway"),
    ],
)
def test_a_move_without_an_age_is_still_a_new_home(sentence: str, home: str) -> None:
    assert ("user", "lives in", home, False) in _read(sentence, [("lives in", "Bergen")])


# --- someone else's change, a suggestion, a school named after the home -------------------------------------------


@pytest.mark.parametrize(
    ("predicate", "held", "sentence"),
    [
        ("password manager", "Bitwarden", "Tomasz moved to Dashlane at the office and keeps telling me to follow"),
        ("browser", "Firefox", "Ines switched to Vivaldi last week and won't stop sending me screenshots"),
    ],
)
def test_a_named_persons_switch_is_not_the_users(predicate: str, held: str, sentence: str) -> None:
    assert _values(sentence, predicate, held) <= {held}


def test_the_users_own_switch_beside_a_tool_subject_is_still_read() -> None:
    assert _values("Ghostty replaced iTerm2 for me this week", "terminal", "iTerm2") == {"Ghostty"}


@pytest.mark.parametrize(
    "sentence",
    [
        "A friend suggested Joplin for notes, maybe one day.",
        "Somebody at work recommended Craft as our notes app.",
    ],
)
def test_a_tool_someone_else_suggested_is_no_value(sentence: str) -> None:
    assert _values(sentence, "notes app", "Bear") <= {"Bear"}


def test_a_tool_the_user_recommends_as_their_own_is_read() -> None:
    assert "Obsidian" in _values("I recommend Obsidian to everyone, it's my notes app too.", "notes app", "Bear")


def test_a_school_named_after_the_home_is_no_new_home() -> None:
    """With Tartu held as home, "transferred to UT Tartu" names a school of Tartu: the school is read, the home
    kept (before, one value for two relations was a guess and neither was read)."""
    facts = _read(
        "Transferred to UT Tartu once we moved, the commute to Riga was killing me.",
        [
            ("lives in", "Tartu"),
            ("studies at", "Riga Technical University"),
        ],
    )
    assert ("user", "studies at", "UT Tartu", False) in facts
    assert not {o for _, p, o, r in facts if p == "lives in" and not r}


# --- a course switched, a part-time student, a family name of the held system, a duration after a name ----------


def test_a_course_switched_to_a_field_is_the_new_field() -> None:
    assert _values("I switched my course to marine biology after the winter term.", "studies", "chemistry") == {
        "marine biology"
    }


@pytest.mark.parametrize(
    "sentence",
    ["my cousin switched her course to marine biology", "I might switch my course to marine biology next year"],
)
def test_a_course_switch_that_is_not_the_users_own_yields_nothing(sentence: str) -> None:
    assert _values(sentence, "studies", "chemistry") <= {"chemistry"}


@pytest.mark.parametrize("sentence", ["I'm a part-time student at Lund University.", "I'm a full-time student now."])
def test_a_part_time_student_studies_no_time(sentence: str) -> None:
    assert not {o for _, p, o, _ in _read(sentence, []) if p == "studies"}


def test_a_field_before_student_is_still_read() -> None:
    assert ("user", "studies", "geology", False) in _read("I'm a geology student at Lund University.", [])


def test_linux_is_the_family_of_the_held_system_not_a_new_one() -> None:
    assert _values("Kitty is my terminal now that I'm on Linux.", "os", "Debian") <= {"Debian"}
    assert _values("Kitty is my terminal now that I'm on Linux.", "os", "macOS") == {"Linux"}


def test_a_duration_after_the_spouse_is_no_part_of_the_name() -> None:
    facts = _read("I've been married to Tomas nine years this spring, he forgot.", [])
    assert ("user", "married to", "Tomas", False) in facts
