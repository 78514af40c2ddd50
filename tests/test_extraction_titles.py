"""Job titles that end like no occupation: a position word ("CTO", "VP"), a head "of" a field ("head of data"),
read from the parse with the employer named beside them; and the gates that keep other people's, past, planned,
denied and asked titles out.

Each row is worded here, not taken from a corpus, and fails if the mechanism it needs goes."""

from __future__ import annotations

import pytest

from consolidators import extract_triples
from consolidators.lifeevents import is_occupation

Triple = tuple[str, str, str, bool]


def _read(sentence: str) -> set[Triple]:
    return {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")}


def _job(title: str) -> Triple:
    return ("user", "works as", title, False)


def _employer(name: str) -> Triple:
    return ("user", "works at", name, False)


TITLED: list[tuple[str, set[Triple]]] = [
    # a head of a field, and where the title is held
    ("I'm the head of platform at Quillmark these days.", {_job("head of platform"), _employer("Quillmark")}),
    ("I am now head of growth.", {_job("head of growth")}),
    ("I'm chief of staff at Ardent Loop.", {_job("chief of staff"), _employer("Ardent Loop")}),
    # the officers' acronyms, with or without "the", the employer after "at" or "of"
    ("I'm CFO at Tessellate.", {_job("CFO"), _employer("Tessellate")}),
    ("I'm the COO of Marrowfield.", {_job("COO"), _employer("Marrowfield")}),
    # a compound title with its field
    (
        "I'm the vice president of customer success at Pellucid.",
        {_job("vice president of customer success"), _employer("Pellucid")},
    ),
    # a title in its capitals: the field it is of, the employer it is held at
    ("I'm Head of Research at Quillmark.", {_job("Head of Research"), _employer("Quillmark")}),
    # a name after "of" is where the title is held, never its field
    ("I'm the director of Pellucid.", {_job("director"), _employer("Pellucid")}),
    # a promotion names the title held now
    ("I got promoted to VP of partnerships.", {_job("VP of partnerships")}),
    ("I was promoted to head of research last week.", {_job("head of research")}),
    # a title held for a time up to now
    ("I've been head of support for three years now.", {_job("head of support")}),
    # the title an opening "as" says the user acts in now
    ("As COO, I approve every vendor contract.", {_job("COO")}),
    ("as principal engineer I review most designs", {_job("principal engineer")}),
    # a verb of becoming before the title is not part of it
    ("I became head of design at Corvel.", {_job("head of design"), _employer("Corvel")}),
    # the words before an occupation that classify it stay, the function words before it don't
    ("I'm an HR manager.", {_job("HR manager")}),
]


@pytest.mark.parametrize(("sentence", "expected"), TITLED)
def test_a_title_without_an_occupation_ending_is_read(sentence: str, expected: set[Triple]) -> None:
    assert _read(sentence) == expected


UNTITLED = [
    "My brother is head of sales at Vantline.",  # someone else's
    "she's CTO over there.",
    "I was CTO at Pinegrove.",  # a past state
    "I used to be head of data at Orrin.",
    "I'm not the CFO.",  # denied
    "Am I the COO now?",  # asked
    "I might be head of product next year.",  # a hedge and a plan
    "I'm hoping to be VP of marketing by spring.",
    "I'm the head of the household.",  # "of the …" is no field
    "I'm Tanner.",  # a name with an occupation's ending
    "As your lawyer, I advise you to wait.",  # a title said to someone, past, or left
    "As a student I shared a flat with four people.",
    "As a former paramedic, I know the drill.",
]


@pytest.mark.parametrize("sentence", UNTITLED)
def test_a_title_not_the_users_now_yields_no_job(sentence: str) -> None:
    assert not {t for t in _read(sentence) if t[1] in ("works as", "works at")}


@pytest.mark.parametrize(
    ("phrase", "job"),
    [
        ("CTO", True),
        ("svp", True),
        ("head of data", True),
        ("director of photography", True),
        ("head", False),  # a head alone, a lead alone: no post
        ("lead", False),
        ("head of the family", False),
        ("resident of Leeds", False),
    ],
)
def test_is_occupation_knows_position_words_and_fields(phrase: str, job: bool) -> None:
    assert is_occupation(phrase) is job


OCCUPATIONS: list[tuple[str, set[Triple]]] = [
    # a title in quotes names the job for a laugh; the occupation said beside it is the job
    ("My job title is literally 'Director of Chaos'. I'm an office manager, really.", {_job("office manager")}),
    # an adverb a reader kept before the title is no part of it
    ("my job title is technically senior planner but I do everything", {_job("senior planner")}),
    # the job a start "as" names at a part of a named employer
    (
        "I joined the Leeds office of Harrowby Print as a prepress operator.",
        {_job("prepress operator"), _employer("Leeds office of Harrowby Print")},
    ),
    # the job asked and answered in one message, where it is worked left out
    ("my job? glazier at a building firm, mostly shopfronts", {_job("glazier")}),
    ("Occupation? Upholsterer. Mostly sofas.", {_job("Upholsterer")}),
]


@pytest.mark.parametrize(("sentence", "expected"), OCCUPATIONS)
def test_an_occupation_is_read_whole_and_bare(sentence: str, expected: set[Triple]) -> None:
    assert _read(sentence) == expected
