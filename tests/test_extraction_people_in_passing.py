"""Third-person people named in passing: a past club or home in a "who" clause, a clause after "when" that names
another party, and a post a body gives by "as". Each row is worded here, not taken from a corpus; each fails if
the reader stops telling the past, the clause or the direction apart."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators import coreference, extract_triples
from consolidators.extractive import session_facts
from consolidators.types import Turn

Triple = tuple[str, str, str]


def _said(sentence: str) -> set[Triple]:
    return {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "assistant") if not f.retract}


@pytest.mark.parametrize(
    "sentence",
    [
        "Tomasz Wolny, who once played for Lech Poznań, scored twice on Sunday.",
        "Greta Halvorsen, who lived in Bergen, opened a gallery last week.",
        "Ibrahim Sesay, who worked at Unilever, spoke at the conference.",
    ],
)
def test_a_past_state_in_a_who_clause_is_no_current_fact(sentence: str) -> None:
    said = _said(sentence)
    assert not {p for _, p, _ in said} & {"plays for", "lives in", "works at"}


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Tomasz Wolny, who plays for Lech Poznań, scored twice on Sunday.",
            ("Tomasz Wolny", "plays for", "Lech Poznań"),
        ),
        ("Greta Halvorsen, who has lived in Bergen since 2015, paints.", ("Greta Halvorsen", "lives in", "Bergen")),
    ],
)
def test_a_present_state_in_a_who_clause_stands(sentence: str, expected: Triple) -> None:
    assert expected in _said(sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Priya Raman relocated to Leipzig when Ostwerk opened an office there.",
            ("Priya Raman", "lives in", "Leipzig"),
        ),
        ("Anders Moe moved to Tromsø while Nordlys built its new plant.", ("Anders Moe", "lives in", "Tromsø")),
    ],
)
def test_a_move_ends_where_another_clause_begins(sentence: str, expected: Triple) -> None:
    said = _said(sentence)
    assert expected in said
    assert not any(o in ("Ostwerk", "Nordlys") for _, _, o in said)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Vellmar United named Jorge Salas as their new manager.", ("Jorge Salas", "works at", "Vellmar United")),
        ("Kestrel Rovers appointed Ines Moura as caretaker coach.", ("Ines Moura", "works at", "Kestrel Rovers")),
    ],
)
def test_a_post_given_by_a_body_is_the_named_persons(sentence: str, expected: Triple) -> None:
    said = _said(sentence)
    assert expected in said
    assert not any(s == expected[2] for s, _, _ in said)  # the body that names a coach works nowhere


@pytest.mark.parametrize(
    "sentence",
    [
        # a post for a season to come, an offer turned down, a thing's post: no one works there now
        "Kestrel Rovers named Ines Moura as their new coach for the 2031 season.",
        "Kestrel Rovers named Ines Moura as their new coach, but she declined.",
        "Kestrel Rovers named Ines Moura as their new coach, before she turned them down.",
        "Kestrel Rovers named Ines Moura as their new museum's curator.",
    ],
)
def test_a_post_to_come_turned_down_or_a_thing_s_is_no_employer(sentence: str) -> None:
    assert not {t for t in _said(sentence) if t[1] in ("works at", "plays for")}


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Marlow Biotech appointed Samuel Oduya as chief executive.", ("Marlow Biotech", "ceo", "Samuel Oduya")),
        ("Kethia restored Amrun as its capital.", ("Kethia", "capital", "Amrun")),
    ],
)
def test_an_office_owned_by_the_body_keeps_its_direction(sentence: str, expected: Triple) -> None:
    assert expected in _said(sentence)


def _session(*contents: str) -> set[Triple]:
    turns = [
        Turn(event_id=f"e{k}", role="user", content=c, ts=datetime(2026, 3, 1, 9, k, tzinfo=UTC), seq=k)
        for k, c in enumerate(contents)
    ]
    return {(f.subject, f.predicate, f.object) for f in session_facts(turns) if not f.retract}


@pytest.mark.parametrize(
    ("earlier", "later", "expected"),
    [
        # a surname that is an English word too is the subject when a verb follows it
        (
            "Lukas Strand plays for Vejle.",
            "Strand has completed his move to Silkeborg.",
            ("Lukas Strand", "plays for", "Silkeborg"),
        ),
        (
            "Mira Frost works at Tessel Labs.",
            "Frost has been snapped up by Quorra Systems.",
            ("Mira Frost", "works at", "Quorra Systems"),
        ),
        # "left A for B": the relation the party left is held by is the one B takes
        (
            "Tove Lindahl lives in Uppsala.",
            "Lindahl left Uppsala for Gothenburg in May.",
            ("Tove Lindahl", "lives in", "Gothenburg"),
        ),
    ],
)
def test_a_later_statement_by_surname_moves_the_known_person(earlier: str, later: str, expected: Triple) -> None:
    assert expected in _session(earlier, later)


def test_an_english_word_opening_a_sentence_is_no_surname() -> None:
    turns = [
        Turn(event_id=f"e{k}", role="user", content=c, ts=datetime(2026, 3, 1, 9, k, tzinfo=UTC), seq=k)
        for k, c in enumerate(
            ["Lukas Strand plays for Vejle.", "Strand cafes line the harbour.", "Strand moved to Aarhus."]
        )
    ]
    spelt = [t.content for t in coreference.described(turns, [])]
    assert spelt[1] == "Strand cafes line the harbour."  # a noun follows: the word, not the man
    assert spelt[2] == "Lukas Strand moved to Aarhus."


@pytest.mark.parametrize(
    ("sentence", "club_left"),
    [
        ("Brenna signed Mbeki from Nova Serrana in March, and he now plays for Brenna.", "Nova Serrana"),
        ("Kestrel hired Lindqvist from Tomas Bata in May, and he now works at Kestrel.", "Tomas Bata"),
    ],
)
def test_he_after_a_one_word_signing_is_not_the_club_left(sentence: str, club_left: str) -> None:
    # the one named by a surname alone is a person too, so "he" has two candidates and the club left none
    assert not any(s == club_left for s, _, _ in _said(sentence))
