"""Learner English (consolidators.learners): the shapes a non-native writer carries over from a first language —
"by" for an employer, "like" for "as", "from" for a passive's agent, "since" before a duration, "no more" for "no
longer", a copula or an article left out, a pronoun repeating the subject, calques ("came on the world", "mother
language"). Every sentence is worded afresh for this file: each read row fails without its rule, each unread row
guards a plan, a question, a past state or someone else's fact the rewrite must leave as it was, and native
sentences that merely look alike come back from :func:`standard` unchanged.
"""

from __future__ import annotations

import pytest

from consolidators import extract_triples
from consolidators.learners import standard

Triple = tuple[str, str, str]

READ_USER: list[tuple[str, set[Triple]]] = [
    # an employer or a school after "by" ("bei", "bij", "w")
    ("I am working by Heineken since last spring", {("user", "works at", "Heineken")}),
    ("on tuesday I start by Rabobank", {("user", "works at", "Rabobank")}),
    ("I am student by the Charles University", {("user", "studies at", "Charles University")}),
    ("I work like nurse by Charité", {("user", "works as", "nurse"), ("user", "works at", "Charité")}),
    # "like" for "as" before a role
    ("we have MariaDB like database for the shop", {("user", "database", "MariaDB")}),
    ("I am using Kitty like my terminal", {("user", "terminal", "Kitty")}),
    ("I work like translator, mostly night shifts", {("user", "works as", "translator")}),
    # a calque of a birth, a mother tongue, a birthplace, a telephone
    ("i came on the world in Ljubljana", {("user", "born in", "Ljubljana")}),
    ("my mother language is Slovak", {("user", "speaks", "Slovak")}),
    ("my birth city is Brno", {("user", "born in", "Brno")}),
    ("my telephone is Nokia G42", {("user", "phone", "Nokia G42")}),
    # an article or a copula left out
    ("now I am employee of Skoda Auto", {("user", "works at", "Skoda Auto")}),
    ("we have a hamster, his name Ferdek", {("user", "has pet", "Ferdek")}),
    ("I have cat who is called Mruczek", {("user", "has pet", "Mruczek")}),
    # a preposition or a verb form carried over
    ("I prefer green tea than juice", {("user", "prefers drink", "green tea")}),
    ("I study in Masaryk University", {("user", "studies at", "Masaryk University")}),
    (
        "I make a master in chemistry at Masaryk University",
        {("user", "studies", "chemistry"), ("user", "studies at", "Masaryk University")},
    ),
    ("I like very much to go skiing", {("user", "likes", "skiing")}),
    ("I love the gardening, it relaxes me", {("user", "likes", "gardening")}),
    ("I am speaking fluently Italian", {("user", "speaks", "Italian")}),
    ("since the winter I live in Tilburg, the wind here is terrible", {("user", "lives in", "Tilburg")}),
]

READ_THIRD: list[tuple[str, set[Triple]]] = [
    ("Petr Cech is playing by Slavia Prague", {("Petr Cech", "plays for", "Slavia Prague")}),
    (
        "Jana Horakova is member in the Prague Philharmonic Choir since many years",
        {("Jana Horakova", "member of", "Prague Philharmonic Choir")},
    ),
    ("The novel 'Cold Rivers' was written from Eva Lindqvist", {("Eva Lindqvist", "author of", "Cold Rivers")}),
    ("The museum Kampa was founded from Jan Mladek", {("Kampa", "founded by", "Jan Mladek")}),
    ("Bohdan Kral, he come on the world in Olomouc, is our new coach", {("Bohdan Kral", "born in", "Olomouc")}),
    ("Lucie Bila lives now in Vienna", {("Lucie Bila", "lives in", "Vienna")}),
    ("Milan Hora is leading Ostrava like mayor", {("Ostrava", "mayor", "Milan Hora")}),
    ("Hungary still have forint like currency", {("Hungary", "currency", "forint")}),
    ("The capital from Slovakia is Bratislava", {("Slovakia", "capital", "Bratislava")}),
    ("The official language in Chile is Spanish", {("Chile", "official language", "Spanish")}),
    ("Company Tatra has the headquarter in Kopřivnice", {("Tatra", "headquartered in", "Kopřivnice")}),
    (
        "Karel Dvorak works at Tatra as welder and he speak also Russian",
        {("Karel Dvorak", "works at", "Tatra"), ("Karel Dvorak", "speaks", "Russian")},
    ),
]

RETRACTED: list[tuple[str, str, Triple]] = [
    ("I am no more working by Lidl", "user", ("user", "works at", "Lidl")),
    ("I am not more studying medicine", "user", ("user", "studies", "medicine")),
    ("I stopped to use Trello", "user", ("user", "uses", "Trello")),
    (
        "Zdenek Pospisil is not anymore playing by Sparta Prague",
        "user",
        ("Zdenek Pospisil", "plays for", "Sparta Prague"),
    ),
]

UNREAD: list[str] = [
    # a wish, a plan, a question
    "I would like to work by Siemens one day",
    "next year I start by Bosch",
    "do you work by Siemens?",
    "maybe I will work like teacher",
    "I want to stop to use Facebook",
    "I am not more living in Prague?",
    "Marta Vesela wants to play by Sparta Prague",
    "Did Marek Hlavac come on the world in Opava?",
    # a past state
    "years ago I was working by Fiat",
    "I was living in Lyon since two years",
    # someone else's fact in the user's sentence
    "my brother is working by Audi",
    "my son came on the world in Brno",
    # "like" that compares, "from" that is a place or a material
    "it works like a charm",
    "he sings like a professional",
    "The letter was written from Paris",
    "The statue was made from Carrara marble",
]

#: Native sentences that look like a learner's shape: :func:`standard` leaves each as it is.
NATIVE: list[str] = [
    "Hoover started by listing his options",
    "A work by Banksy hangs in the hall",
    "The startup was started by Ilse Brandt",
    "Kazakhstan moved its capital from Almaty to Astana in 1997",
    "we use tools like Jenkins and Docker",
    "you sound like a teacher",
    "Rafael Ortiz is mayor of Valladolid",
    "Ngozi Eze has succeeded Kwame Asante as mayor of Kumasi",
    "Club Brugge signed a striker",
    "Sweden became its thirty-second member in March 2024",
    "I am better now",
    "that time is over",
    "I love the cooking here",
    "Stopped using Hey for email, too pricey",
    "I prefer tea rather than coffee",
]


@pytest.mark.parametrize(("sentence", "expected"), READ_USER)
def test_a_learners_first_person_statement_is_read(sentence: str, expected: set[Triple]) -> None:
    got = {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "user") if not f.retract}
    assert got == expected


@pytest.mark.parametrize(("sentence", "expected"), READ_THIRD)
def test_a_learners_statement_about_someone_named_is_read(sentence: str, expected: set[Triple]) -> None:
    got = {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "user") if not f.retract}
    assert got == expected


@pytest.mark.parametrize(("sentence", "role", "retracted"), RETRACTED)
def test_no_more_and_stopped_to_retract(sentence: str, role: str, retracted: Triple) -> None:
    assert [(f.subject, f.predicate, f.object) for f in extract_triples(sentence, role) if f.retract] == [retracted]


@pytest.mark.parametrize("sentence", UNREAD)
def test_plans_questions_pasts_and_others_stay_unread(sentence: str) -> None:
    assert [(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "user")] == []


@pytest.mark.parametrize("sentence", NATIVE)
def test_native_sentences_pass_through_unchanged(sentence: str) -> None:
    assert standard(sentence) == sentence


@pytest.mark.parametrize(
    ("learner", "said"),
    [
        ("I am living in Graz since three years", "I am living in Graz for three years"),
        ("my husband he is a pilot", "my husband is a pilot"),
        ("she is manager at Lidl", "she is a manager at Lidl"),
        ("I was born in a small hospital in Split", "I was born in Split"),
    ],
)
def test_standard_restates_the_shape(learner: str, said: str) -> None:
    assert standard(learner) == said
