"""Terse text: fact boxes, obituary and CV lines, clefts and nationalities the tables don't list
(:mod:`consolidators.boxes`, :mod:`consolidators.telegraphic`, :func:`consolidators.places.country_of`). Each row
is worded here, not taken from a corpus."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators import extract_triples
from consolidators.extractive import session_facts
from consolidators.places import country_of
from consolidators.telegraphic import telegraphic
from consolidators.types import Turn

Triple = tuple[str, str, str, bool]


def _line(text: str) -> set[Triple]:
    return {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(text, "user")}


def _turn(content: str) -> set[Triple]:
    turn = Turn(event_id="e0", role="user", content=content, ts=datetime(2026, 1, 1, tzinfo=UTC), seq=0)
    return {(f.subject, f.predicate, f.object, f.retract) for f in session_facts([turn])}


LINES: list[tuple[str, set[Triple]]] = [
    # a box with one field after its title's dash
    ("Petra Lasko — Residence: Varnholm", {("Petra Lasko", "lives in", "Varnholm", False)}),
    ("Petra Lasko — Alma mater: Ostrander College", {("Petra Lasko", "educated at", "Ostrander College", False)}),
    # a list of values is each of them
    (
        "Quillmark Foods — Founders: Petra Lasko, Ivo Brenner",
        {
            ("Quillmark Foods", "founded by", "Petra Lasko", False),
            ("Quillmark Foods", "founded by", "Ivo Brenner", False),
        },
    ),
    # an office said as a field; a reading across the box's separators is no name
    ("Petra Lasko — Party: Blue | Office: Mayor of Varnholm", {("Varnholm", "mayor", "Petra Lasko", False)}),
    # a state's "Languages:" field is nobody's speech
    ("Tessaly | Capital: Orvane | Languages: Greek, English", {("Tessaly", "capital", "Orvane", False)}),
    # a label that names its owner first
    ("Harrow Mills CEO: Petra Lasko", {("Harrow Mills", "ceo", "Petra Lasko", False)}),
    ("Tessaly capital: Orvane", {("Tessaly", "capital", "Orvane", False)}),
    # a role the vocabulary holds at the "of" name: a team's coach, an orchestra's conductor
    ("Ivo Brenner is the head coach of Orvane Rovers.", {("Ivo Brenner", "works at", "Orvane Rovers", False)}),
    (
        "Petra Lasko is the chief conductor of the Varnholm Symphony.",
        {("Petra Lasko", "works at", "Varnholm Symphony", False)},
    ),
    # an obituary's or a CV's birth and death without "in"
    (
        "Obituary: Petra Lasko, sculptor, born Varnholm 1931, died Orvane 2019.",
        {("Petra Lasko", "born in", "Varnholm", False), ("Petra Lasko", "died in", "Orvane", False)},
    ),
    ("Petra Lasko (b. Varnholm, 1962)", {("Petra Lasko", "born in", "Varnholm", False)}),
    # a cleft is its plain statement, whichever name the fact is about
    ("It was Ivo Brenner who directed Salt Meridian.", {("Salt Meridian", "directed by", "Ivo Brenner", False)}),
    ("It was Corvane Group that bought Quillmark Foods.", {("Quillmark Foods", "owned by", "Corvane Group", False)}),
    ("It was in Orvane that Petra Lasko was born.", {("Petra Lasko", "born in", "Orvane", False)}),
    # a nationality's adjective the table lacks, undone by its ending; a country's name as its own adjective
    ("Ivo Brenner holds Tessalian citizenship.", {("Ivo Brenner", "citizen of", "Tessalia", False)}),
    ("Ivo Brenner carries a Tessalian passport.", {("Ivo Brenner", "citizen of", "Tessalia", False)}),
    ("Ivo Brenner is a Tessalian citizen.", {("Ivo Brenner", "citizen of", "Tessalia", False)}),
    ("Ivo Brenner holds Varnholm citizenship.", {("Ivo Brenner", "citizen of", "Varnholm", False)}),
]

#: What says nothing: a denied cleft, a birth name, a nationality whose ending names no one country.
NOTHING: list[str] = [
    "It wasn't Ivo Brenner who directed Salt Meridian.",
    "Ivo Brenner holds Orvish citizenship.",
    "Ivo Brenner holds European citizenship.",  # a union's adjective, no country's
    "Ivo Brenner holds Vatican citizenship.",
    "My CEO: Petra Lasko",  # the speaker's word, not an owner's name
]


@pytest.mark.parametrize(("text", "expected"), LINES)
def test_a_terse_line_is_read_as_the_prose_it_abbreviates(text: str, expected: set[Triple]) -> None:
    assert _line(text) == expected


@pytest.mark.parametrize("text", NOTHING)
def test_what_a_terse_line_denies_or_cannot_name_yields_nothing(text: str) -> None:
    assert _line(text) == set()


def test_a_birth_name_is_no_birthplace() -> None:
    assert telegraphic("Petra Lasko, born Petra Olin, is a sculptor.") == []  # no year, no death: a name


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        # a name alone opens a box whose fields are the named one's
        (
            "Ivo Brenner. Born: Orvane. Employer: Quillmark Foods.",
            {("Ivo Brenner", "born in", "Orvane", False), ("Ivo Brenner", "works at", "Quillmark Foods", False)},
        ),
        # a field the table doesn't know neither ends the box nor is the speaker's
        (
            "Ivo Brenner. Occupation: welder. Employer: Quillmark Foods.",
            {("Ivo Brenner", "works at", "Quillmark Foods", False)},
        ),
        # a one-word title is read only by a place's or an organisation's labels
        ("Tessaly. Capital: Orvane.", {("Tessaly", "capital", "Orvane", False)}),
        # a greeting is no title: the fields are the speaker's
        ("Hi. Location: Orvane", {("user", "lives in", "Orvane", False)}),
        # a self-introduction is a clause, no title; a heading over the speaker's own clause is no field of a box
        (
            "I'm Teodora. Some context: I live in Orvane, I work at Quillmark Foods.",
            {("user", "lives in", "Orvane", False), ("user", "works at", "Quillmark Foods", False)},
        ),
        ("Teodora. The short version: we live in Orvane.", {("user", "lives in", "Orvane", False)}),
    ],
)
def test_a_box_over_a_turns_sentences_is_its_titles(content: str, expected: set[Triple]) -> None:
    assert _turn(content) == expected


@pytest.mark.parametrize(
    ("adjective", "country"),
    [
        ("Swedish", "Sweden"),
        ("Tessalian", "Tessalia"),
        ("Calvaran", "Calvara"),
        ("Varnholm", "Varnholm"),
        ("Orvish", None),
    ],
)
def test_a_nationality_names_its_country_by_the_table_or_its_ending(adjective: str, country: str | None) -> None:
    assert country_of(adjective) == country
