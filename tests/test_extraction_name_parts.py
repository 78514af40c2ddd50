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
