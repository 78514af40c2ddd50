"""Chat sentences in words no corpus holds: a master's named by its initials or "the
course" is a school studied at; "left X and now live in Y" moves home; a role noun that acts as a person ("my editor wants …") is no tool; a tool a
group the user has left still runs is the group's. And what PREDICATES.md has no relation for stays nothing."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str, bool]

CASES: list[tuple[str, list[Triple]]] = [
    # a master's by its initials, and "the course" the speaker is on, are studied at the school named
    ("I'm doing my MPP at the Blavatnik School", [("user", "studies at", "Blavatnik School", False)]),
    ("doing an MFA at Goldsmiths College these days", [("user", "studies at", "Goldsmiths College", False)]),
    ("I do my LLM at Maastricht University", [("user", "studies at", "Maastricht University", False)]),
    ("I do the course at Lund University", [("user", "studies at", "Lund University", False)]),
    # near-misses: a course that is someone else's, or only planned, is no school of the user's
    ("My sister does the course at Lund University", []),
    ("I might do an MPA at the Hertie School next year", []),
    # a role noun that wants, asks or says is a person at work, not the user's program
    ("My editor wants 900 words on the strike by seven", []),
    ("My editor expects the piece by eight tonight", []),
    ("My editor is Zed", [("user", "editor", "Zed", False)]),
    # what a team or company the user has left still runs is theirs
    ("My old team at Brightline still runs CircleCI for CI", []),
    ("Our former employer hosts everything on Azure", []),
    ("My team at Brightline runs CircleCI for CI", [("user", "ci", "CircleCI", False)]),
    # a second verb after "and now"/"and then" says what the first left: a home when it names where one lives
    (
        "We left Leeds and now live in Ghent",
        [("user", "lives in", "Ghent", False), ("user", "lives in", "Leeds", True)],
    ),
    (
        "I quit Adyen and then joined Mollie",
        [("user", "works at", "Adyen", True), ("user", "works at", "Mollie", False)],
    ),
    # no relation in PREDICATES.md: a partner who is not a spouse, learning a language one cannot speak yet
    ("My girlfriend is called Ilse.", []),
    ("I'm seeing Marek these days.", []),
    ("I've been learning Portuguese since March.", []),
]


@pytest.mark.parametrize(("sentence", "expected"), CASES)
def test_chat_sentence(sentence: str, expected: list[Triple]) -> None:
    got = {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")}
    assert got == set(expected)
