"""Where a collection or an object is now, said by what was done with it: it "is housed in" or "is kept in" a
place, or "has been moved to" one (a person who moves lives there; a thing moved is located there). A past
keeping ("was housed in … until") says nothing now.

Each row is worded here, not taken from a corpus, and fails if the vocabulary entry it needs goes."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str, bool]


def _read(sentence: str) -> set[Triple]:
    return {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")}


KEPT: list[tuple[str, Triple]] = [
    ("The Marwood Papers are housed in Exeter.", ("Marwood Papers", "located in", "Exeter", False)),
    (
        "The Ostrava Chalice is kept in Brno, in the cathedral treasury.",
        ("Ostrava Chalice", "located in", "Brno", False),
    ),
    ("The Tellan Tapestry has been moved to Ghent.", ("Tellan Tapestry", "located in", "Ghent", False)),
]


@pytest.mark.parametrize(("sentence", "triple"), KEPT)
def test_a_kept_thing_is_located_where_it_is_kept(sentence: str, triple: Triple) -> None:
    assert triple in _read(sentence)


def test_a_person_who_moved_still_lives_there() -> None:
    assert ("Edda Marsh", "lives in", "Ghent", False) in _read("Edda Marsh has moved to Ghent.")


def test_a_past_keeping_says_nothing_now() -> None:
    assert not _read("The Marwood Papers were housed in Exeter until 1990.")
