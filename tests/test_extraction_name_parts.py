"""Where a biography's names begin and end: a title's possessive, a name's hyphened article or Portuguese "e",
an honorific in another language, an institution named for a group's possessive, and whose spouse "his wife"
is. Each row is worded here, with names of its own; every triple the sentence yields is listed."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str]
A = "assistant"

#: (sentence, every triple it yields)
PARTS: list[tuple[str, set[Triple]]] = [
    # a title that opens with an article and a possessive names a work, not its maker
    (
        "The Pilgrim's Atlas, a novel by Tomas Orr, sold well.",
        {("Tomas Orr", "author of", "Pilgrim's Atlas")},
    ),
    # an article hyphened to the last name keeps the name whole
    (
        "The Glass Orchard, a novel by Karim bin Yusuf al-Hadi, won a prize.",
        {("Karim bin Yusuf al-Hadi", "author of", "The Glass Orchard")},
    ),
    # Portuguese "e" between two surnames, and an honorific in another language
    ("Doña Teresa Alves e Costa was born in Braga.", {("Teresa Alves e Costa", "born in", "Braga")}),
    ("The chemist Rui Mendes e Silva lives in Porto.", {("Rui Mendes e Silva", "lives in", "Porto")}),
    # a group's possessive inside an institution's name
    (
        "Marta Kovac took over as chief executive of the Riverside Women's Trust in March.",
        {("Riverside Women's Trust", "ceo", "Marta Kovac")},
    ),
    ("Lena Ortiz is the chief executive of Lakeside Farmers' Bank.", {("Lakeside Farmers' Bank", "ceo", "Lena Ortiz")}),
    # "her husband" after a founded organisation is the founder's, never the organisation's
    (
        "Wen Zhao founded the Lotus Foundation together with her husband, Li Ming.",
        {("Wen Zhao", "married to", "Li Ming"), ("Lotus Foundation", "founded by", "Wen Zhao")},
    ),
]


@pytest.mark.parametrize(("sentence", "expected"), PARTS, ids=[s for s, _ in PARTS])
def test_name_parts(sentence: str, expected: set[Triple]) -> None:
    assert {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, A) if not f.retract} == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "The Lakers' coach Ben Ruiz lives in Los Angeles.",  # a team's possessive before a person is no name's part
        "Omar Haddad launched Cedar Labs with his wife, the engineer Rana Haddad.",
    ],
)
def test_no_name_grown_over_a_person(sentence: str) -> None:
    terms = {t for f in extract_triples(sentence, A) for t in (f.subject, f.object)}
    assert not any("'" in t and "Ben Ruiz" in t for t in terms)
    assert not any(f.subject == "Cedar Labs" and f.predicate == "married to" for f in extract_triples(sentence, A))


#: A person's own language by its role noun: the longer tail ("first language") beats a state's "language".
LANGUAGES: list[tuple[str, set[Triple]]] = [
    (
        "Tagalog is the first language of Marisol Reyes, who learned English at school.",
        {("Marisol Reyes", "speaks", "Tagalog")},
    ),
    ("Tagalog is the mother tongue of Marisol Reyes.", {("Marisol Reyes", "speaks", "Tagalog")}),
    ("The first language of Ilmar Tamm is Estonian.", {("Ilmar Tamm", "speaks", "Estonian")}),
]


@pytest.mark.parametrize(("sentence", "expected"), LANGUAGES, ids=[s for s, _ in LANGUAGES])
def test_a_persons_first_language_is_spoken(sentence: str, expected: set[Triple]) -> None:
    facts = [f for f in extract_triples(sentence, A) if not f.retract]
    assert {(f.subject, f.predicate, f.object) for f in facts} == expected
    assert all(f.cardinality == "multi" for f in facts)  # one of the languages they speak, retiring none


#: An institution whose name holds "and" is one value; the list reading's shares of it are no names.
INSTITUTIONS: list[tuple[str, set[Triple]]] = [
    (
        "Ola Berg was educated at the Polish Academy of Arts and Sciences in Krakow.",
        {("Ola Berg", "educated at", "Polish Academy of Arts and Sciences")},
    ),
    (
        "Signe Moe was educated at the Danish Institute of Design and Architecture and at Yale.",
        {
            ("Signe Moe", "educated at", "Danish Institute of Design and Architecture"),
            ("Signe Moe", "educated at", "Yale"),
        },
    ),
]


@pytest.mark.parametrize(("sentence", "expected"), INSTITUTIONS, ids=[s for s, _ in INSTITUTIONS])
def test_an_institution_with_and_is_one_value(sentence: str, expected: set[Triple]) -> None:
    assert {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, A) if not f.retract} == expected


#: Whose fact it is in a sentence of several names: the name after "the mayor of X," is the clause's subject, and a
#: birthplace said in "X-born" is X, not a longer name that starts with it.
WHOSE: list[tuple[str, set[Triple]]] = [
    (
        "The mayor of Ardmore, Ciaran Walsh, is married to the poet Maeve Walsh.",
        {("Ardmore", "mayor", "Ciaran Walsh"), ("Ciaran Walsh", "married to", "Maeve Walsh")},
    ),
    (
        "The chief executive of Lumo Bank, Ciaran Walsh, lives in Cork.",
        {("Lumo Bank", "ceo", "Ciaran Walsh"), ("Ciaran Walsh", "lives in", "Cork")},
    ),
    (
        "Lagos-born drummer Tunde Ade is a member of the Lagos Brass Ensemble.",
        {("Tunde Ade", "member of", "Lagos Brass Ensemble"), ("Tunde Ade", "born in", "Lagos")},
    ),
]


@pytest.mark.parametrize(("sentence", "expected"), WHOSE, ids=[s for s, _ in WHOSE])
def test_whose_fact(sentence: str, expected: set[Triple]) -> None:
    assert {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, A) if not f.retract} == expected
