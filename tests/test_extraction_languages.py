"""Languages said in chat's lower case, with how well they are spoken: the language alone is the value
("fluent portuguese" is Portuguese), a modest standing still says it is spoken ("my dutch is ok"), and a poor one,
someone else's or a question says nothing.

Each row is worded here, not taken from a corpus, and fails if the mechanism it needs goes."""

from __future__ import annotations

import pytest

from consolidators import extract_triples


def _spoken(sentence: str) -> set[str]:
    return {f.object.lower() for f in extract_triples(sentence, "user") if f.predicate == "speaks" and not f.retract}


@pytest.mark.parametrize(
    ("sentence", "language"),
    [
        ("I speak fluent catalan, so replies in it are fine.", "catalan"),
        ("I speak basic korean.", "korean"),
        ("my dutch is ok, good enough for the shops", "dutch"),
        ("my turkish is decent these days", "turkish"),
        ("i'm a native greek speaker", "greek"),
        # an obvious typo of a language is the language
        ("i speak hungarain with my grandparents", "hungarian"),
        ("I speak fluent swahilli.", "swahili"),
    ],
)
def test_a_lower_case_language_is_read_without_its_standing(sentence: str, language: str) -> None:
    assert _spoken(sentence) == {language}


@pytest.mark.parametrize(
    "sentence",
    [
        "my dutch is rusty",  # a poor standing says nothing either way
        "my sister's turkish is ok",  # someone else's
        "is my greek ok?",  # asked
        "my python is ok",  # no language
        "I speak quietly in meetings.",  # how the user speaks, not what
        "I speak spanglish with my cousins.",  # a word of its own, not a language mistyped
    ],
)
def test_a_standing_that_claims_nothing_yields_no_language(sentence: str) -> None:
    assert _spoken(sentence) == set()
