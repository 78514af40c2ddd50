"""Where a name starts and ends, whichever reader found it: names that hold "of … and …", "in <place>" or a
lower-case head noun grow over them; ranks, organisations' roles and "X-turned-Y" before a person come off;
a tool's value stops where its name does; a state and a one-state currency have one name each. The rows say
it in other words than the corpora, and about a third must NOT grow, shrink or yield."""

from __future__ import annotations

import pytest

from consolidators import extract_triples
from consolidators.wholenames import bare_currency, short_form

Triple = tuple[str, str, str]


def _third(sentence: str) -> set[Triple]:
    return {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "assistant") if not f.retract}


def _user(sentence: str) -> set[Triple]:
    return {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "user") if not f.retract}


GROWN: list[tuple[str, Triple]] = [
    # fields listed after an institution's "of" are part of its name
    (
        "Tomas Lindqvist is a member of the Royal Academy of Letters and Antiquities.",
        ("Tomas Lindqvist", "member of", "Royal Academy of Letters and Antiquities"),
    ),
    (
        "Ingrid Moe teaches at the Academy of Fine Arts and Design.",
        ("Ingrid Moe", "works at", "Academy of Fine Arts and Design"),
    ),
    (
        "Paolo Greco studied at the University of Science and Technology.",
        ("Paolo Greco", "educated at", "University of Science and Technology"),
    ),
    # a kind of school is named by its place
    (
        "Karim Said was educated at the German University in Cairo.",
        ("Karim Said", "educated at", "German University in Cairo"),
    ),
    (
        "Leila Nasser graduated from the American University in Dubai.",
        ("Leila Nasser", "educated at", "American University in Dubai"),
    ),
    # a site's lower-case head noun is what is located
    ("The Punta Roja lighthouse is located in Valparaíso.", ("Punta Roja lighthouse", "located in", "Valparaíso")),
    ("The Old Tannery quarter is located in Cork.", ("Old Tannery quarter", "located in", "Cork")),
]


@pytest.mark.parametrize(("sentence", "triple"), GROWN)
def test_name_grows_over_what_joins_inside_it(sentence: str, triple: Triple) -> None:
    assert triple in _third(sentence)


PEELED: list[tuple[str, Triple, str]] = [
    # ranks of the church, the forces, the bench
    ("Archbishop Pierre-Marie Ndayé speaks Kirundi.", ("Pierre-Marie Ndayé", "speaks", "Kirundi"), "Archbishop"),
    ("Colonel Ama Serwaa Boateng lives in Tamale.", ("Ama Serwaa Boateng", "lives in", "Tamale"), "Colonel"),
    # a chieftaincy, a pilgrim's or an Asian honorific title is a rank too
    ("Chief Adebayo Ogunleye was born in Abeokuta.", ("Adebayo Ogunleye", "born in", "Abeokuta"), "Chief"),
    ("Alhaja Kudirat Salami lives in Ilorin.", ("Kudirat Salami", "lives in", "Ilorin"), "Alhaja"),
    ("Pandit Arvind Joshi was born in Pune.", ("Arvind Joshi", "born in", "Pune"), "Pandit"),
    # a pastime's noun before a person
    ("Cyclist Tadej Horvat lives in Maribor.", ("Tadej Horvat", "lives in", "Maribor"), "Cyclist"),
    # "X-turned-Y"
    (
        "Lawyer-turned-novelist Oren Tal wrote Salt Harbour.",
        ("Oren Tal", "author of", "Salt Harbour"),
        "turned",
    ),
    # an organisation's role before the person
    (
        "Former Northwind Freight CFO Dana Ilves has joined Telora as chief executive.",
        ("Dana Ilves", "works at", "Telora"),
        "CFO",
    ),
]


@pytest.mark.parametrize(("sentence", "triple", "descriptor"), PEELED)
def test_descriptor_before_a_person_comes_off(sentence: str, triple: Triple, descriptor: str) -> None:
    found = _third(sentence)
    assert triple in found
    assert not any(descriptor in s for s, _, _ in found)


def test_one_name_after_a_rank_is_the_name() -> None:
    # "Prince Farid" is how the person is called: with one name after it the rank stays
    assert ("Prince Farid", "lives in", "Rabat") in _third("Prince Farid lives in Rabat.")


USER_VALUES: list[tuple[str, Triple]] = [
    ("My notes app is the Standard Notes app these days.", ("user", "notes app", "Standard Notes")),
    ("I'm a lifelong Celtic fan, living in Leeds doesn't change that.", ("user", "lives in", "Leeds")),
    ("My phone is an iPhone 13 mini.", ("user", "phone", "iPhone 13 mini")),
]


@pytest.mark.parametrize(("sentence", "triple"), USER_VALUES)
def test_a_tool_or_place_stops_where_its_name_does(sentence: str, triple: Triple) -> None:
    assert triple in _user(sentence)


def test_a_count_is_no_tool() -> None:
    assert not any(o == "40" for _, _, o in _user("emacs is gone, Zed now. my editor settings are about 40 lines"))


def test_place_inside_a_place_is_the_city() -> None:
    found = _third("Corvel Labs moved its headquarters to Lisbon's Alcântara district.")
    assert ("Corvel Labs", "headquartered in", "Lisbon") in found


NOT_GROWN: list[tuple[str, str, Triple]] = [
    # two schools, not one: a name after "and" is no field
    (
        "assistant",
        "Hedda Berg studied at the University of Oslo and NTNU.",
        ("Hedda Berg", "educated at", "University of Oslo and NTNU"),
    ),
    # two places
    ("assistant", "Marta Kowalczyk lives in Paris and Berlin.", ("Marta Kowalczyk", "lives in", "Paris and Berlin")),
    # a named school's campus town is where it is, not its name
    (
        "assistant",
        "Jonas Weber was educated at Heidelberg University in Heidelberg.",
        ("Jonas Weber", "educated at", "Heidelberg University in Heidelberg"),
    ),
    # an employer's city is no part of the employer
    ("assistant", "Ruth Okoye works at Google in London.", ("Ruth Okoye", "works at", "Google in London")),
    # a museum's name is said without "museum" (the updates ask for the name alone)
    ("assistant", "The Villa Serena museum is located in Lucca.", ("Villa Serena museum", "located in", "Lucca")),
    # an adverb before the verb is no head noun
    (
        "assistant",
        "Drumlin Stones actually lies in County Sligo.",
        ("Drumlin Stones actually", "located in", "County Sligo"),
    ),
    # a possessive place keeps its city only for place relations: a person's work is no city
    ("assistant", "Ana Ruiz works at Madrid's Prado Museum.", ("Ana Ruiz", "works at", "Madrid")),
]


@pytest.mark.parametrize(("role", "sentence", "triple"), NOT_GROWN)
def test_what_must_not_join(role: str, sentence: str, triple: Triple) -> None:
    found = _third(sentence) if role == "assistant" else _user(sentence)
    assert triple not in found


def test_unknown_state_keeps_its_long_form() -> None:
    # an invented state has no short name to be known by
    assert ("Kingdom of Norvale", "capital", "Estermark") in _third(
        "The capital of the Kingdom of Norvale is Estermark."
    )


@pytest.mark.parametrize(
    ("long", "short"),
    [
        ("Republic of Palau", "Palau"),
        ("the Kingdom of Tonga", "Tonga"),
        ("People's Republic of China", "China"),
        ("Republic of Sarvona", "Republic of Sarvona"),  # a state no gazetteer knows keeps its only name
        ("Kingdom of Aldmere", "Kingdom of Aldmere"),
        ("Bank of Ghana", "Bank of Ghana"),  # no state's long form
    ],
)
def test_state_long_form(long: str, short: str) -> None:
    assert short_form(long) == short


@pytest.mark.parametrize(
    ("value", "bare"),
    [
        ("Albanian lek", "lek"),
        ("Hungarian forint", "forint"),
        ("Kenyan shilling", "Kenyan shilling"),  # shillings are several states'
        ("Swiss franc", "Swiss franc"),
        ("Canadian dollar", "Canadian dollar"),
        ("Zembian pound", "Zembian pound"),
    ],
)
def test_currency_adjective(value: str, bare: str) -> None:
    assert bare_currency(value) == bare


def test_state_and_currency_in_a_sentence() -> None:
    found = _third("The Republic of Vanuatu uses the vatu as its currency, and the Hungarian forint is Hungary's.")
    assert ("Vanuatu", "currency", "vatu") in found
    assert not any(s.startswith("Republic") for s, _, _ in found)


RENAMED: list[tuple[str, set[Triple]]] = [
    # a capital renamed is one city under its new name, whoever's adjective or possessive names the state
    ("The Ruritanian capital was renamed Port Ellis last year.", {("Ruritania", "capital", "Port Ellis")}),
    ("Duvania's capital has been renamed again and is now called Amsela.", {("Duvania", "capital", "Amsela")}),
    # a state whose name ends like a demonym ("-stan") is itself, not a coined "Kazakhsta"
    ("Uzbekistan renamed its capital Yangi Toshkent.", {("Uzbekistan", "capital", "Yangi Toshkent")}),
    # a rename asked about, or only possible, is none
    ("Could the Ruritanian capital be renamed Port Ellis?", set()),
    ("The Ruritanian capital may be renamed Port Ellis.", set()),
]


@pytest.mark.parametrize(("sentence", "expected"), RENAMED)
def test_renamed_capital(sentence: str, expected: set[Triple]) -> None:
    assert {t for t in _user(sentence) if t[1] == "capital"} == expected
