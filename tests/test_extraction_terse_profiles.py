"""Terse profile lines whose value is over or whose title ends in "lead", and boxes parted by any bio separator
(:mod:`consolidators.fields`, :mod:`consolidators.boxes`, :func:`consolidators.lifeevents.is_occupation`). Each row
is worded here, not taken from a corpus."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.extractive import session_facts
from consolidators.types import Turn

Triple = tuple[str, str, str]


def _turn(content: str) -> set[Triple]:
    turn = Turn(event_id="e0", role="user", content=content, ts=datetime(2026, 1, 1, tzinfo=UTC), seq=0)
    return {(f.subject, f.predicate, f.object) for f in session_facts([turn]) if not f.retract}


#: A field whose value held once and is over states nothing now; a range left open still holds.
ENDED: list[str] = [
    "Works at: Harrowgate (until 2021)",
    "Job: nurse (former)",
    "Employer: ex-Quillmark",
    "Keld Aronsen | Employer: Sundby Logistics (until 2019)",
    "Mira Osei | Club: Hartpool Town (2014–2018)",
    # over in words, or a closed range after a comma; a pet the line mourns
    "Employer: Thistlecombe Mills (until a few years ago)",
    "Company: Thistlecombe Mills, 2011 to 2017",
    "Cat: Pepperpot (RIP)",
    "Rabbit: Clover (died 2023)",
]


@pytest.mark.parametrize("text", ENDED)
def test_a_field_whose_value_is_over_states_nothing(text: str) -> None:
    assert _turn(text) == set()


def test_a_field_since_a_date_still_holds() -> None:
    assert _turn("Employer: Corrin Foods (since 2020)") == {("user", "works at", "Corrin Foods")}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I'm a platform lead at Selvik Data",
            {("user", "works as", "platform lead"), ("user", "works at", "Selvik Data")},
        ),
        ("Role: engineering lead", {("user", "works as", "engineering lead")}),
        (
            "Tech lead @ Murrin Labs · Aarhus",
            {("user", "works as", "tech lead"), ("user", "works at", "Murrin Labs"), ("user", "lives in", "Aarhus")},
        ),
    ],
)
def test_a_title_ending_in_lead_is_a_job(text: str, expected: set[Triple]) -> None:
    assert _turn(text) == expected


@pytest.mark.parametrize("text", ["I'm in the lead at the marathon", "Lead: Kilnworth"])
def test_lead_alone_is_no_job(text: str) -> None:
    assert not {t for t in _turn(text) if t[1] == "works as"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a bio's dot or bullet parts a box's fields as a bar does
        ("Halden Tower · Location: Port Ossian · Built: 1904", {("Halden Tower", "located in", "Port Ossian")}),
        (
            "Tovi Press • Founder: Lena Marsh • HQ: Leith",
            {("Tovi Press", "founded by", "Lena Marsh"), ("Tovi Press", "headquartered in", "Leith")},
        ),
        # a label that is a relation's verb without its preposition, or a school's former students
        (
            "Veska Lind | lives: Umeå | alumni: Lund University",
            {("Veska Lind", "lives in", "Umeå"), ("Veska Lind", "educated at", "Lund University")},
        ),
        ("Sainte-Anne-des-Monts | Located in: Quebec", {("Sainte-Anne-des-Monts", "located in", "Quebec")}),
    ],
)
def test_a_box_is_read_by_any_separator_and_the_vocabularys_labels(text: str, expected: set[Triple]) -> None:
    assert _turn(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # shorthand and grading words in a label, "=" or an arrow for its colon, a dash before a request
        ("fave drink: yerba mate", {("user", "prefers drink", "yerba mate")}),
        ("Drink preference → kvass (for the dinner form)", {("user", "prefers drink", "kvass")}),
        ("password mgr = KeePassXC", {("user", "password manager", "KeePassXC")}),
        ("Occupation: glassblower — put that on the form", {("user", "works as", "glassblower")}),
        # a pet's kind as the label names the pet
        ("cat: Noodle. vet on friday", {("user", "has pet", "Noodle")}),
        # the user's own profile line, quoted after the words that name it
        (
            "my new mastodon bio: 'Welder at Orrin Yards | Gdańsk'",
            {("user", "works as", "welder"), ("user", "works at", "Orrin Yards"), ("user", "lives in", "Gdańsk")},
        ),
        (
            "Backend dev @ Quorvane | Porto",
            {("user", "works as", "backend dev"), ("user", "works at", "Quorvane"), ("user", "lives in", "Porto")},
        ),
        (
            "MSc student @ Hallen University | Malmö",
            {("user", "studies at", "Hallen University"), ("user", "lives in", "Malmö")},
        ),
        # a signature is its named one's, the title's employer read as such
        ("Soraya Vint | Senior Analyst @ Kettleby", {("Soraya Vint", "works at", "Kettleby")}),
    ],
)
def test_a_profile_line_in_shorthand_states_its_facts(text: str, expected: set[Triple]) -> None:
    assert _turn(text) == expected


NOTHING: list[str] = [
    "Location: Leeds — maybe Hull by June",  # a dash before a hedge takes the value back
    "Her new bio: 'Welder at Orrin Yards | Gdańsk'",  # someone else's profile
    "Ola's headline: Welder at Orrin Yards | Gdańsk",
    # a profile that is not the user's own as it is now: past, a draft, a character's, a joke
    "my twitter bio back in 2012: 'Barista at Kofferhaus | Tallinn'",
    "old linkedin headline: 'Barista at Kofferhaus | Tallinn'",
    "a possible bio for my D&D character: 'Barista at Kofferhaus | Tallinn'",
    "my tagline as a parody: 'Barista at Kofferhaus | Tallinn'",
    "dogs: Toffee & Rolo",  # two names a name's "&" would join into one
    "x = 5",
]


@pytest.mark.parametrize("text", NOTHING)
def test_a_profile_line_that_is_someone_elses_or_weighed_states_nothing_of_the_user(text: str) -> None:
    assert not {t for t in _turn(text) if t[0] == "user"}
