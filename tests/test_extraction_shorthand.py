"""Shorthand's separators and a field's precision gates (:func:`consolidators.telegraphic.unmarked`,
:mod:`consolidators.fields`): "@" for "at", an arrow for "to", a field's colon or a change of value, and a field
that is asked or weighed, not stated. Each row is worded here, not taken from a corpus, and fails if its rule goes."""

from __future__ import annotations

import pytest

from consolidators import extract_triples
from consolidators.telegraphic import unmarked

Triple = tuple[str, str, str, bool]

ROWS: list[tuple[str, list[Triple]]] = [
    # "@" before a name is "at"
    ("new gig @ Pellucid Labs, first day tues", [("user", "works at", "Pellucid Labs", False)]),
    # an arrow after a change says where it went; before it, where it came from
    ("relocated -> Trondheim", [("user", "lives in", "Trondheim", False)]),
    ("moved Tromsø → Trondheim", [("user", "lives in", "Trondheim", False)]),
    # an arrow after a label is its colon; inside a field's value the new value is the one after it
    ("home city -> Valletta", [("user", "lives in", "Valletta", False)]),
    ("shell: bash -> nushell", [("user", "shell", "nushell", False)]),
    # a lower-case job after a dashed label is still a job
    ("job — welder", [("user", "works as", "welder", False)]),
    ("employed by: Pellucid Labs", [("user", "works at", "Pellucid Labs", False)]),
    # "work:" labels a day as often as an employer: only a name alone is its value
    ("work: Pellucid Labs", [("user", "works at", "Pellucid Labs", False)]),
    ("work: Zoom calls all day", []),
    # a field asked, weighed or denied states nothing
    ("shell: nushell?", []),
    ("browser: Vivaldi or Floorp", []),
    ("city: maybe Valletta", []),
    ("Employer — not Pellucid Labs anymore", []),
    # "VS Code" is a name, not a choice between two
    ("Editor: VS Code", [("user", "editor", "VS Code", False)]),
    # two values without a change between them, and "@" at someone, are no field
    ("Tromsø -> Trondheim", []),
    # a value ends at chat's "cos", "coz" and "tho"
    ("I edit in Helix cos vim broke my brain", [("user", "editor", "Helix", False)]),
    ("I browse with Vivaldi coz Chrome eats my RAM", [("user", "browser", "Vivaldi", False)]),
    # a hedge before a value is no part of it
    ("my job title is literally shift supervisor lol", [("user", "works as", "shift supervisor", False)]),
    # a share of something is no value
    ("my feed is 80% cooking videos", []),
]


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_shorthand(text: str, expected: list[Triple]) -> None:
    got = sorted((f.subject, f.predicate, f.object, f.retract) for f in extract_triples(text, "user"))
    assert got == sorted(expected)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("started @ Pellucid Labs", "started at Pellucid Labs"),
        ("don't @ me", "don't @ me"),
        ("ping @Ana", "ping @Ana"),
        ("moved -> Trondheim", "moved to Trondheim"),
        ("A -> B -> C", "A -> B -> C"),
        # "@" before a lower-case name too, never before a person tagged
        ("started @ waitrose on monday", "started at waitrose on monday"),
        ("dont @ them", "dont @ them"),
        # "2" after a verb of going, before a name or a determiner; a count stays a count
        ("moved 2 swindon in may", "moved to swindon in may"),
        ("finally went 2 the dentist", "finally went to the dentist"),
        ("moved 2 desks into the spare room", "moved 2 desks into the spare room"),
        ("adopted 2 kittens", "adopted 2 kittens"),
        # a laugh or an aside closing a clause is dropped; one inside it is not
        ("quit threads lmao, the feed was awful", "quit threads, the feed was awful"),
        ("joined a choir tbh", "joined a choir"),
        ("the lol cats were on again", "the lol cats were on again"),
        # chat's "cos" and "tho" between two words; a word that only holds them stays
        ("sold the car cos parking was hell", "sold the car because parking was hell"),
        ("love it tho", "love it tho"),
        ("the cosmos", "the cosmos"),
    ],
)
def test_unmarked(text: str, said: str) -> None:
    assert unmarked(text) == said


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a whole note of one state and its place is the user's ("About me: - live in Valletta")
        ("reside in Valletta", [("user", "lives in", "Valletta", False)]),
        ("live in Valletta.", [("user", "lives in", "Valletta", False)]),
        # anything more is advice, a saying, a plan or a wish
        ("Live in Valletta for a year and you'll understand", []),
        ("live in fear of Mondays", []),
        ("Live in Leddon and you'll understand.", []),
        ("work at Pellucid Labs for a year, then go freelance", []),
        ("work at Pellucid Labs?", []),
    ],
)
def test_note_to_self(text: str, expected: list[Triple]) -> None:
    got = sorted((f.subject, f.predicate, f.object, f.retract) for f in extract_triples(text, "user"))
    assert got == sorted(expected)
