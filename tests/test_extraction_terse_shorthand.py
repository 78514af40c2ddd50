"""Terse lines a writer says about themself: bios parted by bars, fields parted by slashes, labels that are a
relation's verb, asides that take a value back, empty fields and notes to self in any verb form
(:mod:`consolidators.fields`, :mod:`consolidators.telegraphic`). Each row is worded here, not taken from a corpus."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.extractive import session_facts
from consolidators.types import Turn

Triple = tuple[str, str, str]


def _turn(content: str) -> set[Triple]:
    turn = Turn(event_id="e0", role="user", content=content, ts=datetime(2026, 1, 1, tzinfo=UTC), seq=0)
    return {(f.subject, f.predicate, f.object) for f in session_facts([turn]) if not f.retract}


LINES: list[tuple[str, set[Triple]]] = [
    # a bio: one job, one place alone, pronouns; each part is its own statement, none another's subject
    (
        "Product designer @ Tallow Labs | Ghent | he/him",
        {("user", "works as", "product designer"), ("user", "works at", "Tallow Labs"), ("user", "lives in", "Ghent")},
    ),
    (
        "Nurse at Varden Clinic · Skellig",
        {("user", "works as", "nurse"), ("user", "works at", "Varden Clinic"), ("user", "lives in", "Skellig")},
    ),
    # a spaced slash parts two fields, and the items of a list
    ("Home: Bergen / Work: Equinor", {("user", "lives in", "Bergen"), ("user", "works at", "Equinor")}),
    ("Languages: Welsh / English", {("user", "speaks", "Welsh"), ("user", "speaks", "English")}),
    ("Languages: Basque/Spanish", {("user", "speaks", "Basque"), ("user", "speaks", "Spanish")}),
    ("OS: GNU/Linux", {("user", "os", "GNU/Linux")}),  # one name with its slash
    # a label that is a relation's verb without its preposition, or a language's other name
    ("Lives: Gdynia", {("user", "lives in", "Gdynia")}),
    ("Pronouns: they/them. Based: Vilnius.", {("user", "lives in", "Vilnius")}),
    ("Native language: Basque", {("user", "speaks", "Basque")}),
    # a contrast with a value rejected keeps the value
    ("Editor: vim, not emacs", {("user", "editor", "vim")}),
    # a note to self in any form of its verb
    ("works @ Kelpie Studio", {("user", "works at", "Kelpie Studio")}),
    ("studies @ Kelso College", {("user", "studies at", "Kelso College")}),
]

NOTHING: list[str] = [
    "editor: Zed (trying it out)",  # a trial, not a settled tool
    "Location: Lyon (maybe)",
    "Job: none at the moment",  # an empty field
    "Employer: n/a",
    "Designer | Fernweh | Lisbon",  # two names alone: which is the employer, which the home?
    "Ex-teacher | Cork",  # a job that is over
    "Nurse at Varden Clinic | Skellig | hiring?",  # a question
    "Drink: chai / mint tea",  # two values of a relation that holds one
    "Lives in: Tartu/Tallinn",  # the same, unspaced
    "Alma mater | Tromsø",  # a head the lexicon lacks is no job, whatever its ending
    "Title: Ash Garden | Pages: 208",  # a book's box: its pieces name no job and no home
    "HQ: TBD | CEO: vacant | Founded: 2025",
]


@pytest.mark.parametrize(("text", "expected"), LINES)
def test_a_terse_line_states_its_writers_facts(text: str, expected: set[Triple]) -> None:
    assert _turn(text) == expected


@pytest.mark.parametrize("text", NOTHING)
def test_a_terse_line_that_hedges_asks_or_is_ambiguous_states_nothing(text: str) -> None:
    assert _turn(text) == set()


@pytest.mark.parametrize("text", ["Maren Holt | Lead Engineer @ Corvex", "Tomas Berg | Nurse at Varden Clinic"])
def test_a_line_headed_by_a_name_is_someones_signature_not_the_writers_bio(text: str) -> None:
    assert not {t for t in _turn(text) if t[0] == "user"}
