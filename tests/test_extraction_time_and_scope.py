"""Tense, aspect, negation scope and whose fact it is, on sentences written for these tests only.

Every row is a general construction of English, with names and words the
quality corpora don't use, so a rule keyed to one corpus sentence can't pass:

- a past state ("was married to … for twelve years", "was owned by … until
  2019", "the former mayor") is history: it yields nothing, while the present
  perfect ("has been married … for twelve years") and a past *event* whose
  result lasts ("was founded by … in 2004") still state a current fact;
- "no longer" retracts the relation it negates, for whoever the subject is;
- a first-person possessive of another person ("my brother's editor", "my
  sister is married to …") is that person's fact, not the user's;
- time and degree adverbials ("now", "these days", "a lot lately", "in the
  mornings", "of choice") qualify the statement, never the role or the value;
- switches said as "<role>s: B replaced A", "ditched A, B has all my …",
  "packed up and moved to X" land on the role with the old value retracted.
"""

from __future__ import annotations

import pytest

from consolidators import extract_triples

U, A = "user", "assistant"
Triple = tuple[str, str, str, bool]


def triples(sentence: str, role: str) -> list[Triple]:
    return [(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, role)]


PAST_STATES: list[tuple[str, str]] = [
    # a state in the simple past bounded by a duration or "until" is over
    ("Lotte Brink was married to Paul Hesse for twelve years.", A),
    ("Corvane was owned by Halden Group until 2019.", A),
    ("Arden Labs was headquartered in Tilburg until last spring.", A),
    ("Nadia Kerr was employed by Union Falk for two seasons.", A),
    ("Mateo Ruiz lived in Quito for a decade.", A),
    ("Nadia Kerr played for Union Falk until her injury.", A),
    ("Sela Dunmore was the CEO of Brightfold for five years.", A),
    # "former"/"previous" on the role: the holder no longer holds it
    ("Selma Ortiz is the former mayor of Quito.", A),
    ("Ruben Adler is the previous CEO of Corvane.", A),
    # first person: the same constructions
    ("I was married to Dana for six years.", U),
    ("I worked at Brightfold until March.", U),
    ("We used Trello until the spring.", U),
    ("I was a teacher for ten years.", U),
    ("Until last year I lived in Porto.", U),
]


@pytest.mark.parametrize("sentence,role", PAST_STATES)
def test_a_past_state_states_nothing_current(sentence: str, role: str) -> None:
    assert triples(sentence, role) == []


CURRENT: list[tuple[str, str, list[Triple]]] = [
    # the present perfect with a duration is still true
    (
        "Lotte Brink has been married to Paul Hesse for twelve years.",
        A,
        [("Lotte Brink", "married to", "Paul Hesse", False)],
    ),
    ("Mateo Ruiz has lived in Quito for a decade.", A, [("Mateo Ruiz", "lives in", "Quito", False)]),
    ("I've lived in Porto for three years.", U, [("user", "lives in", "Porto", False)]),
    # a past event whose result lasts, even with a duration: only a state's duration bounds it
    ("Ana Lutz was elected mayor of Brell for a four-year term.", A, [("Brell", "mayor", "Ana Lutz", False)]),
    ("Rafa Sousa joined Almar FC for three seasons.", A, [("Rafa Sousa", "plays for", "Almar FC", False)]),
    ("Arden Labs was founded by Mira Soll in 2004.", A, [("Arden Labs", "founded by", "Mira Soll", False)]),
    # a past clause and a present one: only the present one counts
    ("I lived in Porto until 2022 but now I live in Braga.", U, [("user", "lives in", "Braga", False)]),
]


@pytest.mark.parametrize("sentence,role,expected", CURRENT)
def test_a_current_state_survives_its_adverbials(sentence: str, role: str, expected: list[Triple]) -> None:
    assert triples(sentence, role) == expected


NEGATION: list[tuple[str, str, list[Triple]]] = [
    ("Selma Ortiz no longer lives in Quito.", A, [("Selma Ortiz", "lives in", "Quito", True)]),
    ("Corvane is no longer owned by Halden Group.", A, [("Corvane", "owned by", "Halden Group", True)]),
    ("I don't work at Brightfold anymore.", U, [("user", "works at", "Brightfold", True)]),
    # the negation is about the cousin, not a retraction of the user's job
    ("My cousin does not work at Brightfold anymore.", U, []),
]


@pytest.mark.parametrize("sentence,role,expected", NEGATION)
def test_negation_retracts_only_within_its_scope(sentence: str, role: str, expected: list[Triple]) -> None:
    assert triples(sentence, role) == expected


def test_a_pronoun_is_never_a_value() -> None:
    found = triples("I no longer use Trello, Linear has replaced it.", U)
    assert ("user", "uses", "Trello", True) in found
    assert all(obj.lower() not in ("it", "replaced it") for _, _, obj, _ in found)


OTHER_PEOPLE: list[str] = [
    "My brother's editor is Helix.",
    "My mother's phone is a Pixel 7.",
    "My sister is married to Tomas.",
    "My flatmate lives in Ghent.",
    "My partner's laptop runs Fedora.",
    "Our neighbour's dog is called Biscuit.",
    "My former employer, Brightfold, went bankrupt.",
]


@pytest.mark.parametrize("sentence", OTHER_PEOPLE)
def test_another_persons_fact_is_not_the_users(sentence: str) -> None:
    assert triples(sentence, U) == []


ROLES_AND_VALUES: list[tuple[str, str, list[Triple]]] = [
    # time words after a role ("as my editor these days") are not part of it
    ("I use Zed as my editor these days.", U, [("user", "editor", "Zed", False)]),
    ("We use Valkey as our queue now.", U, [("user", "queue", "Valkey", False)]),
    ("I'm using Vivaldi as my browser at the moment.", U, [("user", "browser", "Vivaldi", False)]),
    # "of choice" qualifies the role
    ("Helix is my editor of choice.", U, [("user", "editor", "Helix", False)]),
    ("Kitty is my terminal of choice these days.", U, [("user", "terminal", "Kitty", False)]),
    # degree and time adverbials after the value
    ("I've been using Obsidian a lot lately.", U, [("user", "uses", "Obsidian", False)]),
    ("I study chemistry in the mornings.", U, [("user", "studies", "chemistry", False)]),
    ("I use Figma every day.", U, [("user", "uses", "Figma", False)]),
    # "study at" names the school
    ("I'm studying at Ghent University now.", U, [("user", "studies at", "Ghent University", False)]),
    ("I study at the University of Bergen.", U, [("user", "studies at", "University of Bergen", False)]),
    # "'s" before a name after a role noun is "is"
    ("Home's Tallinn now.", U, [("user", "lives in", "Tallinn", False)]),
    ("My editor's Helix now.", U, [("user", "editor", "Helix", False)]),
    # a title before a name is no part of the name; a modified definite value is a value
    ("The painter Ilka Roos died in Bruges.", A, [("Ilka Roos", "died in", "Bruges", False)]),
    ("The architect Tomas Lind was born in Malmo.", A, [("Tomas Lind", "born in", "Malmo", False)]),
    ("The currency of Belmora is the belmoran crown.", A, [("Belmora", "currency", "belmoran crown", False)]),
    # "now" after a name ending in an abbreviation ("IF", "AG") is no conditional
    ("Sven Holm plays for Viken IF now.", A, [("Sven Holm", "plays for", "Viken IF", False)]),
    ("Ada Brenner works for Halden AG now.", A, [("Ada Brenner", "works at", "Halden AG", False)]),
]


@pytest.mark.parametrize("sentence,role,expected", ROLES_AND_VALUES)
def test_adverbials_qualify_the_statement_not_its_terms(sentence: str, role: str, expected: list[Triple]) -> None:
    assert triples(sentence, role) == expected


SWITCHES: list[tuple[str, list[Triple]]] = [
    (
        "Changed browsers: Vivaldi replaced Opera.",
        [("user", "browser", "Opera", True), ("user", "browser", "Vivaldi", False)],
    ),
    (
        "Switched password managers: Bitwarden replaced 1Password.",
        [("user", "password manager", "1Password", True), ("user", "password manager", "Bitwarden", False)],
    ),
    (
        "Bitwarden replaced LastPass as our password manager.",
        [("user", "password manager", "LastPass", True), ("user", "password manager", "Bitwarden", False)],
    ),
    (
        "We swapped Jenkins for Buildkite as our CI.",
        [("user", "ci", "Jenkins", True), ("user", "ci", "Buildkite", False)],
    ),
    (
        "Ditched Notion, Obsidian has all my notes now.",
        [("user", "notes app", "Notion", True), ("user", "notes app", "Obsidian", False)],
    ),
    ("Finally packed up and moved to Tartu.", [("user", "lives in", "Tartu", False)]),
    (
        "My last day at Vandelay was Thursday, I start at Pendant Publishing on Monday.",
        [("user", "works at", "Vandelay", True), ("user", "works at", "Pendant Publishing", False)],
    ),
]


@pytest.mark.parametrize("sentence,expected", SWITCHES)
def test_a_switch_retires_the_old_value_under_its_role(sentence: str, expected: list[Triple]) -> None:
    assert triples(sentence, U) == expected


MORE: list[tuple[str, str, list[Triple]]] = [
    # a typo keeps its first letter: "resident" is no "president"; a resident lives there
    ("Oda Brekke is a resident of Tromso.", A, [("Oda Brekke", "lives in", "Tromso", False)]),
    # a number after a name is part of it
    ("My desktop runs Fedora 40.", U, [("user", "os", "Fedora 40", False)]),
    # a moved thing names its role through the role vocabulary ("passwords" → password manager)
    ("I moved my passwords from Enpass to Proton Pass.", U, [("user", "password manager", "Proton Pass", False)]),
    # a plural role before the colon; determiners around the traded things; a capitalised name is no pronoun
    # a scene-setting lead-in phrase without its comma does not swallow the subject
    ("In a new charter Dunmere made Oakhollow its capital.", A, [("Dunmere", "capital", "Oakhollow", False)]),
    ("After the merger Halden Group owns Corvane.", A, [("Corvane", "owned by", "Halden Group", False)]),
    # a laptop is hardware, not the OS the role "laptop" stands for in "my laptop runs X"
    (
        "Swapped laptops: traded my ThinkPad for a Framework.",
        U,
        [("user", "uses", "ThinkPad", True), ("user", "uses", "Framework", False)],
    ),
    (
        "Changed phones: traded my Nothing Phone for a Pixel 9.",
        U,
        [("user", "phone", "Nothing Phone", True), ("user", "phone", "Pixel 9", False)],
    ),
]


@pytest.mark.parametrize("sentence,role,expected", MORE)
def test_roles_names_and_typos(sentence: str, role: str, expected: list[Triple]) -> None:
    assert triples(sentence, role) == expected
