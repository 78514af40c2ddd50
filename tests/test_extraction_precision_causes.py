"""False positives by shared cause: a value that runs on past its end, a trade or a courtesy title read as part of a
name, a person the user has named as a role of the user's, a plain verb's value that runs into where it is done.
Every sentence is worded afresh (no benchmark sentence); each row fails if the rule it names is removed, and the
near-misses beside it keep the rule from reaching too far."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str, bool]

EXACT: list[tuple[str, list[Triple]]] = [
    # where and when a pastime or a drink is enjoyed is no part of it
    ("I love kayaking around the harbour on calm days", [("user", "likes", "kayaking", False)]),
    ("I really enjoy stargazing from the roof of our building.", [("user", "likes", "stargazing", False)]),
    (
        "my favourite drink is an iced oat latte from the kiosk by the tram stop",
        [("user", "prefers drink", "iced oat latte", False)],
    ),
    ("honestly i love the steam room there after a long shift", [("user", "likes", "steam room", False)]),
    # … while a pastime with no setting keeps every word of it
    ("I love open-water swimming", [("user", "likes", "open-water swimming", False)]),
    # a reason or a comparison after a lower-case value opens a clause of its own
    ("i browse with vivaldi cos the tabs stack nicely", [("user", "browser", "vivaldi", False)]),
    ("I prefer rooibos than espresso, espresso keeps me up", [("user", "prefers drink", "rooibos", False)]),
    # a trade before a person's first name and surname is no part of the name, whatever the lexicon holds
    ("Volcanologist Ines Barreto lives in Ponta Delgada.", [("Ines Barreto", "lives in", "Ponta Delgada", False)]),
    ("TikToker Sami Okafor was born in Enugu.", [("Sami Okafor", "born in", "Enugu", False)]),
    ("Quillhouse was started by the podcaster Rhea Lindgren.", [("Quillhouse", "founded by", "Rhea Lindgren", False)]),
    # … but a first name that reads as a trade is the name
    ("Carter Blake Sloane lives in Wichita.", [("Carter Blake Sloane", "lives in", "Wichita", False)]),
    # "Miss" before a first name and a surname is a courtesy title; before one word it may be a title's own
    ("Miss Odile Ferrand lives in Rennes.", [("Odile Ferrand", "lives in", "Rennes", False)]),
    ("Miss Marple was written by Agatha Christie.", [("Agatha Christie", "author of", "Miss Marple", False)]),
    # a person the user has is named under no relation of the vocabulary
    ("My supervisor is Dr Halvorsen, she is lovely.", []),
    ("My lecturer is Tomas Brandt.", []),
    # the user's "uni" is where they study
    ("my uni is Heriot-Watt", [("user", "studies at", "Heriot-Watt", False)]),
    # a plain verb's lower-case value that runs into where the act is done is no value
    ("I read my school mail in Outlook.", []),
    ("I read Brideshead Revisited every winter.", [("user", "reads", "Brideshead Revisited", False)]),
    # the party joined or left by what the sentence says of it: a band's tours and records, a side's club
    ("Maren Holt left The Velvet Ferns after their second album.", [("Maren Holt", "member of", "Velvet Ferns", True)]),
    ("Tomas Berg left Ravnik Town this week, the club said.", [("Tomas Berg", "plays for", "Ravnik Town", True)]),
    # … and a firm's staff by default ("the Tour de France" is a race, in its capitals)
    (
        "Owen Price left Dyfed Logistics this week, the company said.",
        [("Owen Price", "works at", "Dyfed Logistics", True)],
    ),
    ("Kasia Nowak quit Brennan Foods before the Tour de France.", [("Kasia Nowak", "works at", "Brennan Foods", True)]),
    # a club the user leaves ends no job; a firm they quit does
    ("I left Millbrook Cycling Club because the rides start too early", []),
    ("I quit Tandem Logistics last week", [("user", "works at", "Tandem Logistics", True)]),
]


@pytest.mark.parametrize(("sentence", "expected"), EXACT)
def test_each_cause_yields_the_right_triple_or_nothing(sentence: str, expected: list[Triple]) -> None:
    got = {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")}
    assert got == set(expected)
