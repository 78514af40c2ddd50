"""Relations a description of a name states on the way (:mod:`consolidators.descriptors`): a role noun in
apposition with the name that modifies it, a title before a person's name, an employer's possessive.

Each row is worded here, not taken from a corpus, and fails if the structure it needs goes."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str, bool]


def _read(sentence: str) -> set[Triple]:
    return {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")}


DESCRIBED: list[tuple[str, set[Triple]]] = [
    # a holder role in apposition: a birthplace ("native"), a school, an employer two words before the role
    (
        "The sculptor Ilse Varnhagen, a Kortrijk native, opened a studio downtown.",
        {("Ilse Varnhagen", "born in", "Kortrijk", False)},
    ),
    (
        "The poet Torvald Brekke, a Harstad native, has signed with a new publisher.",
        {("Torvald Brekke", "born in", "Harstad", False)},
    ),
    (
        "Jonas Ekdahl, a Norvair cargo pilot, landed the damaged plane safely.",
        {("Jonas Ekdahl", "works at", "Norvair", False)},
    ),
    # a title before the name: a school's graduate
    (
        "Vellmar Institute alumnus Piet Voskuijlen gave the keynote.",
        {("Piet Voskuijlen", "educated at", "Vellmar Institute", False)},
    ),
    # an organisation's possessive right before a person's own name
    (
        "Quorvant's Helka Mäntyranta unveiled the new turbine on Tuesday.",
        {("Helka Mäntyranta", "works at", "Quorvant", False)},
    ),
    (
        "Analysts were briefed by the Dravik Institute's Soraya Benhadj.",
        {("Soraya Benhadj", "works at", "Dravik Institute", False)},
    ),
]

NOTHING: list[str] = [
    # a demonym is no birthplace nor employer; a person's possessive is a work or a relative, not an employer
    "Mirela Vasić, a Croatian pilot, landed the damaged plane safely.",
    "Halvor Dunne's Tessa Morrow stole the show at the premiere.",
    # a country's possessive names a nationality at most; a site of English words is no person
    "Portugal's Rui Andrade won the stage.",
    "Trondheim's Silver Gardens reopened after renovation.",
    # the clause's own relation says where the person is now; the possessive may be who they left
    "Vardel's Inge Holmqvist has moved to Brightwave.",
    # a past description states nothing now
    "Ingmar Sall, a former Norvair cargo pilot, landed the damaged plane safely.",
    # a title in capitals is its own words, never an employer ("Chief Financial" is no organisation)
    "Tomasz Wendel, Chief Financial Officer, Kelmscott Freight",
    "Remarks by Tomasz Wendel — Chief Marketing Officer, Kelmscott Freight",
    "Tomasz Wendel — Chief Financial Officer, Kelmscott Freight (retired)",
]


@pytest.mark.parametrize(("sentence", "expected"), DESCRIBED)
def test_a_description_states_its_relation(sentence: str, expected: set[Triple]) -> None:
    assert expected <= _read(sentence)


@pytest.mark.parametrize("sentence", NOTHING)
def test_a_description_without_the_relation_states_none_of_these(sentence: str) -> None:
    assert not {t for t in _read(sentence) if t[1] in ("born in", "educated at", "works at") and t[2] != "Brightwave"}


@pytest.mark.parametrize(
    "line",
    ["Tomasz Wendel, Chief Financial Officer, Kelmscott Freight", "Tomasz Wendel — Chief Marketing Officer, Kelmscott"],
)
def test_a_capitalised_title_is_never_the_employer_in_news_either(line: str) -> None:
    objects = {f.object for f in extract_triples(line, "assistant") if f.predicate == "works at"}
    assert objects <= {"Kelmscott Freight", "Kelmscott"}


LISTED: list[tuple[str, set[Triple]]] = [
    # every country of "citizenship of A, B and C", not the first alone
    (
        "The cellist Amaru Condori holds citizenship of Bolivia, Chile and Spain.",
        {("Amaru Condori", "citizen of", c, False) for c in ("Bolivia", "Chile", "Spain")},
    ),
    # "both" before the works: each title the verb takes
    (
        "Wairimu Gathoni wrote both Red Acacia and The Long Rains.",
        {("Wairimu Gathoni", "author of", "Red Acacia", False), ("Wairimu Gathoni", "author of", "Long Rains", False)},
    ),
]


@pytest.mark.parametrize(("sentence", "expected"), LISTED)
def test_each_listed_value_is_read(sentence: str, expected: set[Triple]) -> None:
    assert expected <= _read(sentence)


ITS: list[tuple[str, set[Triple]]] = [
    # a later "its" clause names the first clause's subject, in a user's turn too, whether or not the parse read
    # the first clause
    (
        "Qarnet's headquarters are in Tromsø and its chief executive is Sigrid Aalholm.",
        {("Qarnet", "headquartered in", "Tromsø", False), ("Qarnet", "ceo", "Sigrid Aalholm", False)},
    ),
    (
        "Ostrana's capital is Velko and its official language is Romansh.",
        {("Ostrana", "capital", "Velko", False), ("Ostrana", "official language", "Romansh", False)},
    ),
]


@pytest.mark.parametrize(("sentence", "expected"), ITS)
def test_an_its_clause_is_the_first_subjects(sentence: str, expected: set[Triple]) -> None:
    assert expected <= _read(sentence)


def test_an_its_clause_after_the_users_own_fact_names_nothing() -> None:
    assert _read("My editor is Helix and its startup is instant.") == {("user", "editor", "Helix", False)}


def test_an_its_clause_is_the_topics_not_the_inverted_facts() -> None:
    # the fact is the country's, but the sentence is about the city, whose mayor "its" names
    assert ("Vestland", "mayor", "Aud Rinde", False) not in _read(
        "Pelmora is the capital of Vestland, and its mayor is Aud Rinde."
    )
