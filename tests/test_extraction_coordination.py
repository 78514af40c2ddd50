"""Third-person clauses joined to an earlier one, each taking what the first named: its subject, and the place
a bare "there" points back to. Phrasings written for these tests only; none is in the quality corpora."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str]


def triples(sentence: str) -> set[Triple]:
    return {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "assistant") if not f.retract}


THERE: list[tuple[str, Triple]] = [
    ("The weaver Osk Varnel was born in Tromlund and died there.", ("Osk Varnel", "died in", "Tromlund")),
    (
        "Pim Aldersen was elected mayor of Haverby in 2021 and lives there with two dogs.",
        ("Pim Aldersen", "lives in", "Haverby"),
    ),
    ("Ruth Ekwall settled in Brelle in 1990 and still lives there.", ("Ruth Ekwall", "lives in", "Brelle")),
]


@pytest.mark.parametrize(("sentence", "expected"), THERE)
def test_a_joined_verbs_there_is_the_place_the_first_clause_named(sentence: str, expected: Triple) -> None:
    assert expected in triples(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        # two places before it: which one "there" means is in doubt
        "Osk Varnel toured Tromlund and Haverby and died there.",
        # a past state: the home is no longer there
        "Osk Varnel was born in Tromlund and lived there until 1990.",
    ],
)
def test_a_there_in_doubt_or_in_the_past_says_nothing(sentence: str) -> None:
    assert not {t for t in triples(sentence) if t[1] in ("died in", "lives in")}


#: The vocabulary and the parse's attachments: a group "formed by" its founders, an employer hung on the trade.
SHAPED: list[tuple[str, list[Triple]]] = [
    (
        "The string band Hollow Pines was formed in Ardrith by Nell Cassidy and Bram Oduya.",
        [("Hollow Pines", "founded by", "Nell Cassidy"), ("Hollow Pines", "founded by", "Bram Oduya")],
    ),
    ("Nell Cassidy formed the Marrow Collective in 2011.", [("Marrow Collective", "founded by", "Nell Cassidy")]),
    ("Bram Oduya works as a surveyor for Tennick Mining.", [("Bram Oduya", "works at", "Tennick Mining")]),
    # a group listed by its members
    (
        "The Quarry Trio consists of Ilse Tamm, Anna Berg and Dov Aalto.",
        [
            ("Ilse Tamm", "member of", "Quarry Trio"),
            ("Anna Berg", "member of", "Quarry Trio"),
            ("Dov Aalto", "member of", "Quarry Trio"),
        ],
    ),
    ("The Quarry Singers comprise Ilse Tamm and Dov Aalto.", [("Ilse Tamm", "member of", "Quarry Singers")]),
]


@pytest.mark.parametrize(("sentence", "expected"), SHAPED)
def test_founders_and_employers_the_parse_hangs_elsewhere(sentence: str, expected: list[Triple]) -> None:
    assert set(expected) <= triples(sentence)


def test_a_group_of_things_names_no_members() -> None:
    assert not triples("The Tamm Anthology consists of twelve short stories.")


def test_a_past_trade_names_no_employer() -> None:
    assert not {t for t in triples("Bram Oduya worked as a surveyor for Tennick Mining.") if t[1] == "works at"}
