"""Third-person updates of an organisation's or a country's single-valued relations: the new value, never the
old one nor a word of the sentence's grammar. Every sentence is worded here, with names of its own."""

from __future__ import annotations

import pytest

from consolidators import extract_triples
from consolidators.pastholders import past_holder
from consolidators.thirdmemory import Held, _hold, changes


def _objects(sentence: str, predicate: str) -> set[str]:
    return {f.object for f in extract_triples(sentence, "user") if f.predicate == predicate and not f.retract}


#: (sentence, subject, predicate, new holder, old holder): names whose family name runs over several particles
PARTICLED: list[tuple[str, str, str, str, str]] = [
    (
        "Lucía de la Vega was replaced as chief executive of Tamsin Foods by Joris van den Heuvel.",
        "Tamsin Foods",
        "ceo",
        "Joris van den Heuvel",
        "Lucía de la Vega",
    ),
    (
        "Henk van der Linde has succeeded Ama Owusu as mayor of Kettering Bay.",
        "Kettering Bay",
        "mayor",
        "Henk van der Linde",
        "Ama Owusu",
    ),
]


@pytest.mark.parametrize(("sentence", "subject", "predicate", "new", "old"), PARTICLED)
def test_a_name_with_particles_is_one_holder(sentence: str, subject: str, predicate: str, new: str, old: str) -> None:
    facts = [f for f in extract_triples(sentence, "user") if f.predicate == predicate and not f.retract]
    assert [(f.subject, f.object) for f in facts] == [(subject, new)]


def test_a_currency_being_replaced_names_the_one_the_later_clause_gives() -> None:
    said = "The Ostrian currency is being replaced: the ostra has been replaced by the Ostrian florin."
    assert _objects(said, "currency") == {"Ostrian florin"}


@pytest.mark.parametrize(
    ("sentence", "currency"),
    [
        ("The Ostrian currency is the ostrian florin.", "ostrian florin"),
        ("The Taluvan currency is the taluvan shilling.", "taluvan shilling"),
        # a word that is no part of a currency's name stays out of it
        ("The Taluvan currency is the shilling.", "shilling"),
        ("Taluva's currency is now the shilling again.", "shilling"),
    ],
)
def test_a_coined_currency_keeps_its_lower_case_adjective(sentence: str, currency: str) -> None:
    assert _objects(sentence, "currency") == {currency}


@pytest.mark.parametrize(
    "sentence",
    [
        "The Ostrian currency is being replaced.",
        "The Ostrian currency is being changed, the finance minister said.",
        "The Ostrian currency is being replaced: the ostra will be replaced by the florin next year.",
    ],
)
def test_a_change_under_way_names_no_currency(sentence: str) -> None:
    assert _objects(sentence, "currency") == set()


def test_a_holder_who_is_out_is_never_current() -> None:
    said = "Priya Nand is out as chief executive of Harbin Textiles after two quarters of losses."
    facts = [f for f in extract_triples(said, "user") if f.predicate == "ceo"]
    assert facts and all(f.retract for f in facts)


@pytest.mark.parametrize(
    "sentence",
    [
        "Orla Brandt is out as chair but stays chief executive of Kelso Mills.",
        "Kelso Mills said Orla Brandt is out as chairman, but remains CEO.",
    ],
)
def test_a_holder_out_of_another_post_keeps_the_office(sentence: str) -> None:
    # "is out as <post>" ends that post only: the chair is no chief executive's office
    facts = {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")}
    assert ("Kelso Mills", "ceo", "Orla Brandt", False) in facts
    assert ("Kelso Mills", "ceo", "Orla Brandt", True) not in facts


@pytest.mark.parametrize(
    "sentence",
    [
        "Fallon is out after a rocky year; the insurer's new chief executive is Maria Costa.",
        "Brandt stepped down on Monday; the lender's new CEO is Ola Svensson.",
    ],
)
def test_the_holder_let_go_is_no_owner_of_the_office(sentence: str) -> None:
    owners = {f.subject for f in extract_triples(sentence, "user") if f.predicate == "ceo"}
    assert not owners & {"Fallon", "Brandt"}


@pytest.mark.parametrize(
    ("sentence", "subject", "predicate", "holder"),
    [
        (
            "Kofi Mensah won the Ashbury Cove by-election and replaced Dunmore as mayor.",
            "Ashbury Cove",
            "mayor",
            "Kofi Mensah",
        ),
        (
            "Ivana Horvat won the Drellian presidential election and was sworn in on Friday.",
            "Drellia",
            "president",
            "Ivana Horvat",
        ),
    ],
)
def test_an_election_won_and_taken_names_its_place(sentence: str, subject: str, predicate: str, holder: str) -> None:
    facts = [f for f in extract_triples(sentence, "user") if f.predicate == predicate and not f.retract]
    assert [(f.subject, f.object) for f in facts] == [(subject, holder)]


@pytest.mark.parametrize(
    "sentence",
    [
        "Kofi Mensah won the Ashbury Cove by-election.",  # a seat in parliament, or a mayor's? the text won't say
        "Ivana Horvat won the Drellian presidential election.",  # not yet in office
    ],
)
def test_an_election_only_won_names_no_holder(sentence: str) -> None:
    assert [f for f in extract_triples(sentence, "user") if f.predicate in ("mayor", "president")] == []


def test_a_currency_still_accepted_is_not_the_currency() -> None:
    said = "Shoppers in Velt can still pay in crowns at some stalls, although the euro is now Ostria's currency."
    assert _objects(said, "currency") == {"euro"}


@pytest.mark.parametrize(
    ("sentence", "subject", "value"),
    [
        (
            "Lise Arntzen, Fjellborg Bank's former chief executive, was appointed to the regional health board.",
            "Fjellborg Bank",
            "Lise Arntzen",
        ),
        ("Omar Haddad, Tessin's former mayor, has been named ambassador to Kerovia.", "Tessin", "Omar Haddad"),
        (
            "Ruth Mbeki, Calloway's former boss, was named chief executive of a Leeds software firm.",
            "Calloway",
            "Ruth Mbeki",
        ),
    ],
)
def test_a_past_holder_given_a_post_elsewhere_is_still_past(sentence: str, subject: str, value: str) -> None:
    assert past_holder(sentence, subject, value)
    held: dict[str, dict[str, Held]] = {}
    _hold(held, subject, "ceo", "Someone Else", False)
    assert [f for f in changes(sentence, held) if f.object == value] == []


@pytest.mark.parametrize(
    "sentence",
    [
        "Ana Lind, Corvane's former finance chief, was promoted to chief executive.",
        "Ana Lind, Corvane's former finance chief, was named chief executive of Corvane.",
    ],
)
def test_a_former_officer_given_the_top_post_holds_it_now(sentence: str) -> None:
    assert not past_holder(sentence, "Corvane", "Ana Lind")


@pytest.mark.parametrize(
    ("sentence", "predicate", "value"),
    [
        ("Quarrow will remain the capital of Tessaly.", "capital", "Quarrow"),
        ("The dinar will remain the currency of Tessaly until 2031.", "currency", "dinar"),
        ("Odile Farrant will remain chief executive of Brackwater Foods.", "ceo", "Odile Farrant"),
    ],
)
def test_a_value_that_will_remain_is_the_value_now(sentence: str, predicate: str, value: str) -> None:
    # "will remain" says nothing changes: the value holds now, as "remains" says
    assert _objects(sentence, predicate) == {value}


@pytest.mark.parametrize(
    "sentence",
    [
        "Quarrow would remain the capital of Tessaly under the plan.",
        "Quarrow may remain the capital of Tessaly.",
        "Quarrow will not remain the capital of Tessaly.",
        "Quarrow could remain the capital of Tessaly, officials said.",
        # a hope, an expectation or a condition after it holds the whole statement
        "Quarrow will remain the capital of Tessaly, the governor hopes.",
        "Odile Farrant will stay chief executive of Brackwater Foods, investors expect.",
        "Quarrow will remain the capital of Tessaly, provided the senate agrees.",
    ],
)
def test_a_value_that_only_might_remain_is_no_value(sentence: str) -> None:
    assert _objects(sentence, "capital") == set()


@pytest.mark.parametrize(
    "sentence",
    [
        "Okonjo, Brellis Foods' chief executive, spoke at Harbour Forum.",
        "Okonjo, the chief executive of Brellis Foods, gave a talk at Lakeside Summit on Tuesday.",
    ],
)
def test_a_name_the_holder_visits_is_no_holder(sentence: str) -> None:
    # "spoke at X": a name said where the holder was is an event or a venue, never the office's holder
    assert _objects(sentence, "ceo") == {"Okonjo"}


def test_the_holder_named_before_its_headquarters_is_not_their_owner() -> None:
    # "its" is the company's: the chief executive named just before it is a person, with no headquarters
    said = "Pellow Rail is owned by Corran Holdings and run by chief executive Ines Barra from its Leeds headquarters."
    facts = {(f.subject, f.predicate, f.object) for f in extract_triples(said, "user") if not f.retract}
    assert ("Ines Barra", "headquartered in", "Leeds") not in facts
    assert ("Pellow Rail", "headquartered in", "Leeds") in facts


@pytest.mark.parametrize(
    ("sentence", "currency"),
    [
        ("Wages in Merovia are now paid in euros, the country's currency since spring.", "euro"),
        ("Merovia's currency is the Merovian dinars.", "Merovian dinar"),
        # a name that ends in "s", or a plural that is itself the name, stays as said
        ("Merovia's currency is the kroner.", "kroner"),
        ("Merovia's currency is the Merovian kess.", "Merovian kess"),
    ],
)
def test_money_counted_in_the_plural_names_the_currency_in_the_singular(sentence: str, currency: str) -> None:
    assert _objects(sentence, "currency") == {currency}
