""" "Quit X" ends what X was to the user: an app is given up (``uses``), a job is left (``works at``), a habit is
nothing. An app's name is no employer by the words of any working day ("team", "work"); only words a job has
("notice", "boss", "job hunting") make a quit app an employer left.

Each row is worded here, not taken from a corpus, and fails if the mechanism it needs goes."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str, bool]


def _retracted(sentence: str) -> set[Triple]:
    return {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user") if f.retract}


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # an app, with a team or work named beside it
        ("I quit Trello, the whole team lives in spreadsheets now.", {("user", "uses", "Trello", True)}),
        ("I quit Strava, running at work is enough exercise.", {("user", "uses", "Strava", True)}),
        # an app's name that a job's words make an employer
        ("I quit Shopify, handed my notice to my boss on Monday.", {("user", "works at", "Shopify", True)}),
        # a name nobody lists as an app, with a job's words
        ("I quit Harrowgate Mills, my team was burnt out.", {("user", "works at", "Harrowgate Mills", True)}),
        # a name shaped as a business, with no job's words beside it
        (
            "I quit Brackenridge Analytics on Friday, no regrets.",
            {("user", "works at", "Brackenridge Analytics", True)},
        ),
        ("i quit Colm & Harte last week", {("user", "works at", "Colm & Harte", True)}),
        ("I quit Lindqvist Bank, long story.", {("user", "works at", "Lindqvist Bank", True)}),
        # a bare name stays an app
        ("I quit Duolingo after a year.", {("user", "uses", "Duolingo", True)}),
    ],
)
def test_what_a_quit_ends_is_told_by_the_name_and_the_job_words(sentence: str, expected: set[Triple]) -> None:
    assert _retracted(sentence) == expected


@pytest.mark.parametrize("sentence", ["I quit smoking last spring.", "I quit biting my nails."])
def test_a_habit_quit_yields_nothing(sentence: str) -> None:
    assert extract_triples(sentence, "user") == []


@pytest.mark.parametrize(
    "sentence",
    [
        "I might quit Brackenridge Analytics next spring.",  # a hedge
        "I never quit Brackenridge Analytics, they fired me.",  # a negation
        "My brother quit Brackenridge Analytics in May.",  # someone else's job
        "Should I quit Colm & Harte?",  # a question
    ],
)
def test_a_business_quit_ends_a_job_only_in_a_plain_statement(sentence: str) -> None:
    assert _retracted(sentence) == set()
