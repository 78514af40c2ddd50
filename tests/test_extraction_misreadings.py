"""Misreadings fixed at their cause, each a class: a verb taken for a description, a club's first word cut from
its name, a move to a firm read as a home, a later clause's "its" given to the wrong name, "as" that says how and
"the team" that names no employer. Each row is worded here, not taken from a corpus, and fails if its rule goes."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str, bool]

CHAT: list[tuple[str, list[Triple]]] = [
    # "as" says how, not what one does for a living
    ("I work as a favour to my neighbours on weekends.", []),
    ("I work as a kindness to my aunt, mostly.", []),
    ("I work as a welder.", [("user", "works as", "welder", False)]),
    # "the team", "the board": a group the sentence points at, no employer's name
    ("I joined the team as a tester in May.", []),
    ("I joined the board as treasurer.", []),
    ("I joined Veltro as a tester.", [("user", "works as", "tester", False), ("user", "works at", "Veltro", False)]),
    # a move to a firm is a new employer, a move to a city a new home
    ("I moved to Pellam Analytics last month.", [("user", "works at", "Pellam Analytics", False)]),
    ("We moved to Mexico City in May.", [("user", "lives in", "Mexico City", False)]),
]

THIRD: list[tuple[str, list[Triple]]] = [
    # a club's first word is part of its name, and a club's name makes a move a player's
    ("AS Nervia midfielder Ilan Ruiz scored twice.", [("Ilan Ruiz", "plays for", "AS Nervia", False)]),
    ("Real Oviedo winger Ilan Ruiz is out injured.", [("Ilan Ruiz", "plays for", "Real Oviedo", False)]),
    ("SS Verna defender Ilan Ruiz was booked.", [("Ilan Ruiz", "plays for", "SS Verna", False)]),
    ("Ilan Ruiz has joined AS Nervia from Lille.", [("Ilan Ruiz", "plays for", "AS Nervia", False)]),
    # a move to a firm is a job; to a city, a home
    ("Pia Lund moved to Orrin Analytics in March.", [("Pia Lund", "works at", "Orrin Analytics", False)]),
    ("Aldo Cirri relocated to Hesper Bank last year.", [("Aldo Cirri", "works at", "Hesper Bank", False)]),
    ("Pia Lund moved to Mexico City in March.", [("Pia Lund", "lives in", "Mexico City", False)]),
    # "its mayor" after a country's capital is the capital's mayor: a city has a mayor, a country a capital
    (
        "Vestria's capital is Oberlin and its mayor is Tomas Hale.",
        [("Vestria", "capital", "Oberlin", False), ("Oberlin", "mayor", "Tomas Hale", False)],
    ),
    (
        "Ostmark's capital is Lindau, while its mayor is Edda Voss.",
        [("Ostmark", "capital", "Lindau", False), ("Lindau", "mayor", "Edda Voss", False)],
    ),
    # a sentence that opens on the capital: "its mayor" is the capital's, which a country can't have
    (
        "Dravel is the capital of Ostmark, and its mayor is Ina Roth.",
        [("Ostmark", "capital", "Dravel", False), ("Dravel", "mayor", "Ina Roth", False)],
    ),
    # … and a country's own relation stays the country's
    (
        "Vestria's capital is Oberlin, and its currency is the vest.",
        [("Vestria", "capital", "Oberlin", False), ("Vestria", "currency", "vest", False)],
    ),
]


def _facts(sentence: str, role: str) -> list[Triple]:
    return [(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, role)]


@pytest.mark.parametrize(("sentence", "expected"), CHAT)
def test_chat_misreadings(sentence: str, expected: list[Triple]) -> None:
    assert sorted(_facts(sentence, "user")) == sorted(expected)


@pytest.mark.parametrize(("sentence", "expected"), THIRD)
def test_third_person_misreadings(sentence: str, expected: list[Triple]) -> None:
    assert sorted(_facts(sentence, "assistant")) == sorted(expected)
