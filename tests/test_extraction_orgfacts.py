"""A company's owner and seat, a country's currency and official language, read by their cue families
(:mod:`consolidators.orgfacts`). The wordings are this file's own (other names, other verbs of each
family); each row fails if its family's shape, its hedge test or its cleaning of the value is removed."""

from __future__ import annotations

import pytest

from consolidators import extract_triples
from consolidators.orgfacts import read

#: (sentence, subject, predicate, current value, old value or "")
STATED: list[tuple[str, str, str, str, str]] = [
    # ownership: a purchase, a sale, a passing of control, a membership, a standing owner
    (
        "Control of Ferrovia Sul has been transferred to the Brazilian investor Grupo Tavares.",
        "Ferrovia Sul",
        "owned by",
        "Grupo Tavares",
        "",
    ),
    ("Ownership of Kestrel Pharma passed to Bayer last month.", "Kestrel Pharma", "owned by", "Bayer", ""),
    (
        "Larkspur Media sold the Evening Courier to the publishing group Halden House last week.",
        "Evening Courier",
        "owned by",
        "Halden House",
        "Larkspur Media",
    ),
    (
        "Grupo Tavares, which bought Ferrovia Sul in 2022, reported higher freight volumes.",
        "Ferrovia Sul",
        "owned by",
        "Grupo Tavares",
        "",
    ),
    (
        "Nordhavn Shipping, which Maersk took over in June, will keep its name.",
        "Nordhavn Shipping",
        "owned by",
        "Maersk",
        "",
    ),
    ("Bayer-owned Kestrel Pharma cut 300 jobs.", "Kestrel Pharma", "owned by", "Bayer", ""),
    (
        "The Quetzal Bank, based in Guatemala City, has been owned by Banco Andino since 2019.",
        "Quetzal Bank",
        "owned by",
        "Banco Andino",
        "",
    ),
    (
        "SK Hynix has acquired Lumen Memory from Toshiba Holdings, ending a year of talks.",
        "Lumen Memory",
        "owned by",
        "SK Hynix",
        "Toshiba Holdings",
    ),
    (
        "Vossberg AG finalised nothing yet, but Orbis Retail completed its acquisition of Kettle & Pine on Monday.",
        "Kettle & Pine",
        "owned by",
        "Orbis Retail",
        "",
    ),
    (
        "Harrow Tools, a subsidiary of the family-owned Brandt Werke, is based in Leipzig.",
        "Harrow Tools",
        "owned by",
        "Brandt Werke",
        "",
    ),
    (
        "Pinecrest Studios changed hands again: Vantor Media bought it from Sable Group.",
        "Pinecrest Studios",
        "owned by",
        "Vantor Media",
        "Sable Group",
    ),
    # headquarters: had, moved, opened, run from, described
    (
        "Orvel Foods has relocated its head office from Leeds to Manchester.",
        "Orvel Foods",
        "headquartered in",
        "Manchester",
        "Leeds",
    ),
    (
        "Orvel Foods now operates out of a new head office in Manchester.",
        "Orvel Foods",
        "headquartered in",
        "Manchester",
        "",
    ),
    (
        "From its new headquarters in Manchester, Orvel Foods supplies 900 shops.",
        "Orvel Foods",
        "headquartered in",
        "Manchester",
        "",
    ),
    (
        "Orvel Foods, whose head office moved from Leeds to Manchester in May, is hiring.",
        "Orvel Foods",
        "headquartered in",
        "Manchester",
        "Leeds",
    ),
    ("Manchester is now home to Orvel Foods' headquarters.", "Orvel Foods", "headquartered in", "Manchester", ""),
    ("Leeds-based grocer Orvel Foods opened ten shops.", "Orvel Foods", "headquartered in", "Leeds", ""),
    (
        "Basalt Insurance is now based in Porto after moving its head office from Braga.",
        "Basalt Insurance",
        "headquartered in",
        "Porto",
        "Braga",
    ),
    (
        "Kavli Robotics unveiled its new global headquarters in Trondheim, where it is now based.",
        "Kavli Robotics",
        "headquartered in",
        "Trondheim",
        "",
    ),
    ("Norsk Fisk's head office sits on the outskirts of Bergen.", "Norsk Fisk", "headquartered in", "Bergen", ""),
    # currency: adopted, swapped, replaced, paid in, named the currency
    ("Marenka replaced the lira with the dinar in March.", "Marenka", "currency", "dinar", "lira"),
    ("The dinar replaced the lira as Marenka's currency.", "Marenka", "currency", "dinar", "lira"),
    ("In Marenka, shoppers now pay with the dinar.", "Marenka", "currency", "dinar", ""),
    ("Marenka dropped the lira in favour of the US dollar.", "Marenka", "currency", "US dollar", "lira"),
    ("Payments in Marenka are now made in dinars.", "Marenka", "currency", "dinar", ""),
    (
        "Ostavia has introduced the kora, a silver-backed coin, as its new national currency.",
        "Ostavia",
        "currency",
        "kora",
        "",
    ),
    ("Since 2024, Estonians have paid in euros, the country's currency.", "Estonia", "currency", "euro", ""),
    (
        "Belvania abandoned the franc and introduced its own currency, the belva.",
        "Belvania",
        "currency",
        "belva",
        "franc",
    ),
    (
        "The Keldavian mark replaced the krona as the country's currency on 1 May.",
        "Keldavia",
        "currency",
        "Keldavian mark",
        "krona",
    ),
    # official language
    ("Vardia made Tessaly its sole official language in 2021.", "Vardia", "official language", "Tessaly", ""),
    (
        "Lawmakers voted to replace Russian with Kazakh as Qarastan's official language.",
        "Qarastan",
        "official language",
        "Kazakh",
        "Russian",
    ),
]

#: (sentence, predicate): a plan, a hedge, a rumour, a denial, a question, a past state or a person's home.
NOTHING: list[tuple[str, str]] = [
    ("Maersk might buy Nordhavn Shipping next year.", "owned by"),
    ("Rumours say Maersk has acquired Nordhavn Shipping.", "owned by"),
    ("Maersk denied it had bought Nordhavn Shipping.", "owned by"),
    ("Nordhavn Shipping was owned by Maersk until 2020.", "owned by"),
    ("If regulators approve, the deal would make Calvin Group the owner of Orbis Retail.", "owned by"),
    ("Has Orbis Retail bought Kettle & Pine?", "owned by"),
    ("Orvel Foods could move its headquarters to Manchester.", "headquartered in"),
    ("Orvel Foods once had its head office in Leeds.", "headquartered in"),
    ("Orvel Foods used to be headquartered in Leeds.", "headquartered in"),
    ("Marenka might adopt the euro.", "currency"),
    ("Marenka's currency was the lira until 2020.", "currency"),
    ("The lira was Marenka's currency for decades.", "currency"),
    ("If Marenka adopted the euro, prices would rise.", "currency"),
    ("Marenka has not adopted the euro.", "currency"),
    ("Brenna Olsen is based in Oslo.", "headquartered in"),
    ("I'm based in Ghent these days.", "headquartered in"),
    ("Our company is owned by Siemens.", "owned by"),
    # the sentence's opening word is capitalised whatever it is: an English word before "-based" is no place
    ("Web-based Quillon hired a new finance chief.", "headquartered in"),
    ("Previously Tartu-based Quillon now operates from Riga.", "headquartered in"),
]


def test_a_sentence_opening_word_before_from_its_head_office_is_no_firm() -> None:
    # "Far from its Leeds HQ": the capitalised first word is an adverb, never the firm
    found = _triples("Far from its Leeds headquarters, Orvel Foods runs a depot in Hull.")
    assert not {t for t in found if t[0] == "Far"}


def _triples(sentence: str) -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "user") if not f.retract}


@pytest.mark.parametrize(("sentence", "subject", "predicate", "new", "old"), STATED)
def test_the_current_value_is_read_and_the_old_one_never(
    sentence: str, subject: str, predicate: str, new: str, old: str
) -> None:
    found = _triples(sentence)
    assert (subject, predicate, new) in found
    assert {o for s, p, o in found if p == predicate and s == subject} == {new}  # no cut name, no old value
    assert not old or all(o != old for _, p, o in found if p == predicate)


@pytest.mark.parametrize(("sentence", "predicate"), NOTHING)
def test_a_plan_a_hedge_a_past_or_a_home_states_no_company_or_country_fact(sentence: str, predicate: str) -> None:
    assert not any(p == predicate for _, p, _ in _triples(sentence))


def test_a_company_is_headquartered_not_living() -> None:
    found = _triples("Vela Cosmetics is now based in Paris after moving its headquarters from Milan.")
    assert found == {("Vela Cosmetics", "headquartered in", "Paris")}


def test_a_currency_is_no_tool_and_its_name_is_singular() -> None:
    found = _triples("Danubia now uses the euro, having retired the crown at midnight.")
    assert found == {("Danubia", "currency", "euro")}


def test_the_country_pays_in_the_currency_not_the_reverse() -> None:
    assert _triples("Ruvania has introduced the RuG as its new official currency.") == {("Ruvania", "currency", "RuG")}


def test_a_relation_cued_only_in_a_hedged_clause_removes_the_others_reading() -> None:
    reading = read("Orvel Foods, according to unconfirmed rumours, is headquartered in Leeds")
    assert reading.facts == () and "headquartered in" in reading.hedged
