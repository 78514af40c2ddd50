"""Headlines restated as prose (:mod:`consolidators.headlines`): a change said in the present tense, a passive
without its auxiliary, an organisation in front of its title; and what a headline only plans or weighs, which
stays out. Each row is worded here, not taken from a corpus."""

from __future__ import annotations

import pytest

from consolidators import extract_triples
from consolidators.headlines import prose

Triple = tuple[str, str, str, bool]

READ: list[tuple[str, list[Triple]]] = [
    # the organisation before the title is the title's organisation, not the holder's value
    ("Ines Calder named Morrow Freight chief executive", [("Morrow Freight", "ceo", "Ines Calder", False)]),
    ("Ines Calder appointed Quillan Bank CEO", [("Quillan Bank", "ceo", "Ines Calder", False)]),
    # a done move, said in the present
    ("Pallas Robotics relocates to Dundee", [("Pallas Robotics", "headquartered in", "Dundee", False)]),
    ("Ravi Oduya signs for Kelderby Town", [("Ravi Oduya", "plays for", "Kelderby Town", False)]),
    (
        "Midfielder Joao Breda joins Harcourt Athletic on loan",
        [("Joao Breda", "plays for", "Harcourt Athletic", False)],
    ),
    (
        "Ravi Oduya leaves Kelderby Town for Harcourt Athletic",
        [("Ravi Oduya", "plays for", "Harcourt Athletic", False)],
    ),
    # a club's plural present: "sign", not "signs"
    ("Kelderby Town sign defender Ravi Oduya", [("Ravi Oduya", "plays for", "Kelderby Town", False)]),
    # "snap up" buys companies as often as players ("Tesla snap up Maxwell Technologies" read as a transfer):
    # no change verb of its own
    ("Pell Rovers snap up winger Dario Vos", []),
    ("Tesla snap up Maxwell Technologies", []),
    ("Varnholm Isles adopts euro", [("Varnholm Isles", "currency", "euro", False)]),
    # a removal's bare participle (or "out as") is a departure, never the title held
    ("Tamsin Roe ousted as Brackley Foods CEO", [("Brackley Foods", "ceo", "Tamsin Roe", True)]),
    ("Tamsin Roe out as Brackley Foods chief executive", [("Brackley Foods", "ceo", "Tamsin Roe", True)]),
    # the title after "become" or "as" with its organisation in front
    ("Nadia Orr becomes Wexmoor mayor", [("Wexmoor", "mayor", "Nadia Orr", False)]),
    ("Lena Holt replaces Ivo Marsh as Brackley Foods CEO", [("Brackley Foods", "ceo", "Lena Holt", False)]),
]

#: What a headline plans, weighs, asks or denies; and chat that only looks like one.
LEFT: list[str] = [
    "Joao Breda to join Harcourt Athletic",
    "Joao Breda set to join Harcourt Athletic",
    "Morrow Freight eyes Ines Calder for top job",
    "Pallas Robotics mulls move to Dundee",
    "Pallas Robotics denies plan to relocate to Dundee",
    "Ines Calder named Morrow Freight chief executive?",
    "Ravi Oduya joins Kelderby Town.",  # a sentence, not a headline: its tense is meant
    "Inbox's moved to Fastmail",  # chat's "has", not a passive
    "Tobi moved to Porto last year",  # a past tense, not a bare passive
    "Sanne joins us for dinner on Friday",  # someone speaking
    "His name is Barnaby",  # a pronoun's noun, not a headline's verb
    # a present with a time to come or a condition is a plan; an auxiliary opens a question
    "Marta Ilves joins Corbel Bank next week",
    "Marta Ilves joins Corbel Bank if the merger closes",
    "Marta Ilves leaves Corbel Bank in June",
    "Does Marta Ilves join Corbel Bank",
    "Nadia Orr becomes Wexmoor mayor next month",
]


@pytest.mark.parametrize(("headline", "expected"), READ)
def test_a_headline_is_read_as_the_sentence_it_abbreviates(headline: str, expected: list[Triple]) -> None:
    assert [(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(headline, "user")] == expected


@pytest.mark.parametrize("text", LEFT)
def test_what_is_no_headline_of_a_change_is_left_as_it_is(text: str) -> None:
    assert prose(text) == text


@pytest.mark.parametrize(
    ("headline", "sentence"),
    [
        ("Tavish Orr elected mayor of Kelderby", "Tavish Orr was elected mayor of Kelderby."),
        (
            "Ana Lund named Bank of Ystad CEO after Berg exit",
            "Ana Lund was named CEO of Bank of Ystad after Berg exit.",
        ),
        ("Headline: Quillan Bank hires Ines Calder", "Quillan Bank hired Ines Calder."),
    ],
)
def test_a_headline_is_restated_in_the_past_with_its_passive_and_title_spelled_out(
    headline: str, sentence: str
) -> None:
    assert prose(headline) == sentence
