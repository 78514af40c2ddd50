"""Chat's set phrases (home, liking, language, machine, role-wise) and the facts a news description
states before its verb. Each row is worded here, not taken from a corpus, and fails if its rule goes."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str, bool]

CHAT: list[tuple[str, list[Triple]]] = [
    # a home of the user's, in any of the ways people name it
    ("my flat is in Glasgow, tiny but cosy", [("user", "lives in", "Glasgow", False)]),
    ("our new apartment in Montreal is freezing", [("user", "lives in", "Montreal", False)]),
    ("I rent a room in Porto with three other students", [("user", "lives in", "Porto", False)]),
    ("we share an apartment in Montreal", [("user", "lives in", "Montreal", False)]),
    ("home these days is a little studio in Ghent", [("user", "lives in", "Ghent", False)]),
    ("my old flat in Leeds had mould everywhere", []),
    ("my parents' house is in Derry", []),
    ("my holiday home is in Crete", []),
    # a liking said as being a fan, being into something, or its being "my thing"
    ("I'm a massive Formula 1 fan", [("user", "likes", "Formula 1", False)]),
    ("pottery is my thing now", [("user", "likes", "pottery", False)]),
    ("been really into bouldering lately", [("user", "likes", "bouldering", False)]),
    ("I'm obsessed with sourdough", [("user", "likes", "sourdough", False)]),
    ("I'm not a huge fan of opera", []),
    # a language by how well it is spoken, or as a first language
    ("my Polish is fluent, my mum taught me", [("user", "speaks", "Polish", False)]),
    ("Tagalog is my first language", [("user", "speaks", "Tagalog", False)]),
    ("my first language is Cebuano", [("user", "speaks", "Cebuano", False)]),
    ("my Greek was decent once", []),
    # a role named before the statement, or after the thing the verb took
    ("browser-wise I'm on Vivaldi", [("user", "browser", "Vivaldi", False)]),
    ("just got an iPhone 15 as my new phone", [("user", "phone", "iPhone 15", False)]),
    ("Helix is my editor for everything now, config is so much simpler", [("user", "editor", "Helix", False)]),
    # a machine's system, and where everything is hosted
    ("I run Fedora on my work laptop", [("user", "os", "Fedora", False)]),
    ("installed Ubuntu on my gaming pc last night", [("user", "os", "Ubuntu", False)]),
    ("everything we deploy is hosted on GCP", [("user", "cloud provider", "GCP", False)]),
    # a time phrase after the employer is no part of its name
    ("started at Canva three weeks ago, loving it", [("user", "works at", "Canva", False)]),
    ("handed in my notice at Ocado yesterday", [("user", "works at", "Ocado", True)]),
]

THIRD: list[tuple[str, list[Triple]]] = [
    ("Prof. Ian Moss lives in Durham.", [("Ian Moss", "lives in", "Durham", False)]),
    ("Real Madrid midfielder Luka Modric signed a new contract.", [("Luka Modric", "plays for", "Real Madrid", False)]),
    ("Former Arsenal striker Ian Wright opened a restaurant.", []),
    (
        "Margaret Atwood's novel The Testaments sold a million copies.",
        [("Margaret Atwood", "author of", "The Testaments", False)],
    ),
    ("Greta Gerwig's film Barbie opened in July.", [("Barbie", "directed by", "Greta Gerwig", False)]),
    (
        "Oppenheimer is a 2023 biopic from director Christopher Nolan.",
        [("Oppenheimer", "directed by", "Christopher Nolan", False)],
    ),
    ("Tenzor was started in 2011 by Mira Kovac.", [("Tenzor", "founded by", "Mira Kovac", False)]),
    ("Japan's currency, the yen, hit a new low.", [("Japan", "currency", "yen", False)]),
    ("Angkor Wat lies in northern Cambodia.", [("Angkor Wat", "located in", "Cambodia", False)]),
    ("Nordwind has said little about the merger.", []),
]


def _facts(sentence: str, role: str) -> list[Triple]:
    return [(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, role)]


@pytest.mark.parametrize(("sentence", "expected"), CHAT)
def test_chat_frames(sentence: str, expected: list[Triple]) -> None:
    assert _facts(sentence, "user") == expected


@pytest.mark.parametrize(("sentence", "expected"), THIRD)
def test_descriptions_before_the_verb(sentence: str, expected: list[Triple]) -> None:
    assert _facts(sentence, "assistant") == expected
