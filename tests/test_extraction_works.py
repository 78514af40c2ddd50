"""Authors of works said by the kind of work (:data:`consolidators.relations.WORKS_BY`) and genres shared by the page
and the screen (:mod:`consolidators.rescue`). Every row is worded here, with titles and names of its own."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str, bool]

AUTHORS: list[tuple[str, list[Triple]]] = [
    # a collection of the author's own pieces, named after its kind
    (
        "The poet Maren Sollied, whose collection Drift Ice won the Hamsun Medal, died in Tromso.",
        [("Maren Sollied", "author of", "Drift Ice", False)],
    ),
    ("Keziah Mwangi's trilogy Red Earth sold a million copies.", [("Keziah Mwangi", "author of", "Red Earth", False)]),
    # two makers "by" a work: each wrote it
    (
        "The Glass Orchard is a novel by Lotte Kramer and Imre Varga.",
        [
            ("Lotte Kramer", "author of", "The Glass Orchard", False),
            ("Imre Varga", "author of", "The Glass Orchard", False),
        ],
    ),
]

#: A work "by" someone's others is not theirs, and whose it is goes unsaid.
NO_AUTHOR = ["Salt Letters is a collection by Maren Sollied's pupils."]

#: A genre of both page and screen "by" someone names no director.
NOT_DIRECTED = [
    "The Salt Clock, a thriller by Imre Varga, tops the bestseller list.",
    "Paper Wolves, a comedy by Lotte Kramer, opened at the Schaubuhne.",
]


@pytest.mark.parametrize(("sentence", "expected"), AUTHORS)
def test_an_author_by_the_kind_of_work(sentence: str, expected: list[Triple]) -> None:
    got = {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "assistant")}
    assert set(expected) <= got


@pytest.mark.parametrize("sentence", NOT_DIRECTED)
def test_a_genre_by_someone_is_no_film(sentence: str) -> None:
    assert not [f for f in extract_triples(sentence, "assistant") if f.predicate == "directed by"]


def test_a_genre_from_a_director_is_a_film() -> None:
    said = extract_triples("The Salt Clock, a 2021 thriller from director Imre Varga, opened in Pecs.", "assistant")
    assert ("The Salt Clock", "directed by", "Imre Varga") in {(f.subject, f.predicate, f.object) for f in said}


@pytest.mark.parametrize("sentence", NO_AUTHOR)
def test_a_possessor_is_no_author(sentence: str) -> None:
    assert not [f for f in extract_triples(sentence, "assistant") if f.predicate == "author of"]
