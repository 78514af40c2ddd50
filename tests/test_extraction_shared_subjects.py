"""Names coordinated as one subject each hold the relation their verb states, as the coordination's grammar says:
"and" lends it to each name, "or", "neither … nor", "but not" and "respectively" do not. Phrasings written for
these tests only; none is in the quality corpora."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str]


def triples(sentence: str) -> set[Triple]:
    return {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "assistant") if not f.retract}


SHARED: list[tuple[str, set[Triple]]] = [
    (
        "Tobias Renk and Mireille Faure live in Annecy.",
        {("Tobias Renk", "lives in", "Annecy"), ("Mireille Faure", "lives in", "Annecy")},
    ),
    (
        "Ulla Brix, Jaro Penn and Edda Moor each joined the Kestrel Sailing Club.",
        {
            ("Ulla Brix", "member of", "Kestrel Sailing Club"),
            ("Jaro Penn", "member of", "Kestrel Sailing Club"),
            ("Edda Moor", "member of", "Kestrel Sailing Club"),
        },
    ),
    (
        "Both Ivo Halden and Sanne Veld were born in Deventer.",
        {("Ivo Halden", "born in", "Deventer"), ("Sanne Veld", "born in", "Deventer")},
    ),
    (
        "Corvane Mills and Dettler Optics are headquartered in Aarhus.",
        {("Corvane Mills", "headquartered in", "Aarhus"), ("Dettler Optics", "headquartered in", "Aarhus")},
    ),
    # the name a common noun stands beside is the conjunct; the single relation is each one's own
    (
        "Pilar Ostos and her cousin Ramon Vidal both work at Telvora Systems.",
        {("Pilar Ostos", "works at", "Telvora Systems"), ("Ramon Vidal", "works at", "Telvora Systems")},
    ),
]


@pytest.mark.parametrize(("sentence", "expected"), SHARED)
def test_each_name_joined_by_and_holds_the_relation(sentence: str, expected: set[Triple]) -> None:
    assert triples(sentence) == expected


def test_respectively_pairs_the_lists_in_order() -> None:
    found = triples("Tobias Renk and Mireille Faure live in Annecy and Chambery respectively.")
    assert found == {("Tobias Renk", "lives in", "Annecy"), ("Mireille Faure", "lives in", "Chambery")}


@pytest.mark.parametrize(
    "sentence",
    [
        # alternatives: neither one is said for sure
        "Tobias Renk or Mireille Faure lives in Annecy.",
        "Either Tobias Renk or Mireille Faure lives in Annecy.",
        # denied of both
        "Neither Tobias Renk nor Mireille Faure lives in Annecy.",
    ],
)
def test_alternatives_and_denials_say_nothing_of_anyone(sentence: str) -> None:
    assert not {t for t in triples(sentence) if t[1] == "lives in"}


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # a conjunct that is no name is no subject; the name still holds it
        ("Tobias Renk and his landlord live in Annecy.", {("Tobias Renk", "lives in", "Annecy")}),
        # "but not" takes the relation from the second name
        ("Tobias Renk, but not Mireille Faure, lives in Annecy.", {("Tobias Renk", "lives in", "Annecy")}),
        # a name in apposition is who the first one is, not another holder
        ("Tobias Renk, a Savoyard luthier, lives in Annecy.", {("Tobias Renk", "lives in", "Annecy")}),
    ],
)
def test_a_conjunct_gets_only_what_the_grammar_gives_it(sentence: str, held: set[Triple]) -> None:
    found = {t for t in triples(sentence) if t[1] == "lives in"}
    assert found <= held
    assert ("Mireille Faure", "lives in", "Annecy") not in found


def test_one_word_names_joined_by_and_are_not_split() -> None:
    # "Rope and Anchor" may be one title: its second word gets no relation of its own
    found = triples("Rope and Anchor, a documentary about fishermen, was directed by Mireille Faure.")
    assert not {t for t in found if t[0] == "Anchor"}
