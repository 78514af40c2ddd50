"""Changes of office and seat said as a handover (consolidators.handovers). Each row is worded here, with
names and verbs of its own: the reader is to find the office, whose it is, the new holder and the old one."""

from __future__ import annotations

import pytest

from consolidators import extract_triples
from consolidators.handovers import facts

#: (sentence, subject, predicate, new value, old value or "")
CHANGES: list[tuple[str, str, str, str, str]] = [
    # to X, after a verb of handing, passing or moving
    ("Harbourline Foods' board has given the top job to Ines Duarte.", "Harbourline Foods", "ceo", "Ines Duarte", ""),
    (
        "Oskar Brandt has passed the chief executive post at Nordlys Energy to his deputy, Frida Holm.",
        "Nordlys Energy",
        "ceo",
        "Frida Holm",
        "Oskar Brandt",
    ),
    ("Gdynia's mayoralty has passed to Marek Zielinski.", "Gdynia", "mayor", "Marek Zielinski", ""),
    (
        "Aroha Ngata has handed over the presidency of the Coral Federation to Tevita Fifita.",
        "Coral Federation",
        "president",
        "Tevita Fifita",
        "Aroha Ngata",
    ),
    (
        "Quillon Software's head office has relocated from Leeds to Sheffield.",
        "Quillon Software",
        "headquartered in",
        "Sheffield",
        "Leeds",
    ),
    ("Marovia has shifted its capital, this time to the river town of Esk.", "Marovia", "capital", "Esk", ""),
    (
        "Lunara's capital has officially moved from Pell to Orvane.",
        "Lunara",
        "capital",
        "Orvane",
        "Pell",
    ),
    (
        "Tesk lost its role as capital of the Varda Republic to Olm after the referendum.",
        "Varda Republic",
        "capital",
        "Olm",
        "Tesk",
    ),
    # by X, after succeeded or replaced
    (
        "Hendrik Maas has been replaced as Polder Bank's boss by operations chief Yara Smit.",
        "Polder Bank",
        "ceo",
        "Yara Smit",
        "Hendrik Maas",
    ),
    (
        "Ilse Brun was succeeded as Karstad's mayor by Jorunn Vik.",
        "Karstad",
        "mayor",
        "Jorunn Vik",
        "Ilse Brun",
    ),
    # X as (or to), after a verb of choosing
    ("Voters in Ravenholm have picked Tomasz Wrona as mayor.", "Ravenholm", "mayor", "Tomasz Wrona", ""),
    (
        "Fenwick Rail has appointed industry veteran Ruth Okafor to lead the company.",
        "Fenwick Rail",
        "ceo",
        "Ruth Okafor",
        "",
    ),
    (
        "Kessel's town council named Dario Conti as interim mayor after Luca Ferri stepped down.",
        "Kessel",
        "mayor",
        "Dario Conti",
        "Luca Ferri",
    ),
    (
        "Zamorians chose Beatriz Lino as their president on Sunday.",
        "Zamoria",
        "president",
        "Beatriz Lino",
        "",
    ),
    # X has taken over / succeeded
    (
        "Pinecrest Labs co-founder Arjun Mehta has taken over as CEO from Nora Quist.",
        "Pinecrest Labs",
        "ceo",
        "Arjun Mehta",
        "Nora Quist",
    ),
    (
        "Maple Freight announced that Sunita Rao had succeeded Glen Fox at the helm.",
        "Maple Freight",
        "ceo",
        "Sunita Rao",
        "Glen Fox",
    ),
    # make X the office; the office is X; a new office, X
    (
        "Lawmakers voted to make Swahili the Upendo Republic's official language instead of Kindu.",
        "Upendo Republic",
        "official language",
        "Swahili",
        "Kindu",
    ),
    (
        "Following the recall vote, Brenmoor's mayor is Hattie Lowe.",
        "Brenmoor",
        "mayor",
        "Hattie Lowe",
        "",
    ),
    ("Oakhaven has a new mayor, Priya Natarajan, after the by-election.", "Oakhaven", "mayor", "Priya Natarajan", ""),
    ("Cobalt Drones headquarters are now in Tallinn.", "Cobalt Drones", "headquartered in", "Tallinn", ""),
    (
        "Tidewater Games now operates from a new headquarters in Halifax.",
        "Tidewater Games",
        "headquartered in",
        "Halifax",
        "",
    ),
    # run, governed or held by X
    ("Orlen Vale is now governed by Pia Rautio, who won the vote for mayor.", "Orlen Vale", "mayor", "Pia Rautio", ""),
    ("Kordin's city hall is now run by Mayor Ilan Peretz.", "Kordin", "mayor", "Ilan Peretz", ""),
    ("Since March, the presidency of Suvania is held by Lina Moor.", "Suvania", "president", "Lina Moor", ""),
    ("Lüneburg is run by its popular mayor, Jonas Weber.", "Lüneburg", "mayor", "Jonas Weber", ""),
    ("Tervania, whose capital is Osk, is governed by President Lio Varn.", "Tervania", "capital", "Osk", ""),
    # X holds, has taken or serves as the office
    ("Bruno Sacco now holds the office of mayor in Tervel.", "Tervel", "mayor", "Bruno Sacco", ""),
    ("Ada Ferro has taken the top job at Lumen Tiles as CEO.", "Lumen Tiles", "ceo", "Ada Ferro", ""),
    ("Rhea Lind beat Tor Vass and now holds the Kalmarian presidency.", "Kalmaria", "president", "Rhea Lind", ""),
    (
        "Pebble Audio said Joss Hart would serve as chief executive with immediate effect.",
        "Pebble Audio",
        "ceo",
        "Joss Hart",
        "",
    ),
    # chosen, promoted or designated, with or without "as"
    ("Voters in Kelmar elected Sana Idris mayor.", "Kelmar", "mayor", "Sana Idris", ""),
    ("Dorvane elected Ivo Salas as president in May.", "Dorvane", "president", "Ivo Salas", ""),
    (
        "Ivo Petrov retired and Tundra Mills promoted Mila Ruse to CEO.",
        "Tundra Mills",
        "ceo",
        "Mila Ruse",
        "Ivo Petrov",
    ),
    ("Lorvan's parliament designated Tesk as the capital.", "Lorvan", "capital", "Tesk", ""),
    ("Pardia now has Velm as its capital.", "Pardia", "capital", "Velm", ""),
    ("A new law made Brenish Aldoria's official language.", "Aldoria", "official language", "Brenish", ""),
    # X is the office, its owner said before or in the opening clause
    ("Noor Halabi left Cinder Labs; Femi Okafor is its new CEO.", "Cinder Labs", "ceo", "Femi Okafor", "Noor Halabi"),
    ("Dara Quinn has left Oakline; deputy Ravi Menon is interim CEO.", "Oakline", "ceo", "Ravi Menon", "Dara Quinn"),
    ("Ilka Berg is Norvania's new head of state.", "Norvania", "president", "Ilka Berg", ""),
    ("Sven Aho, previously sales director, is the new CEO of Birchline.", "Birchline", "ceo", "Sven Aho", ""),
    (
        "Dovecote Labs hired a rival's engineer, Ana Pinto, who took up the CEO post.",
        "Dovecote Labs",
        "ceo",
        "Ana Pinto",
        "",
    ),
    ("Ostmark officially adopted the euro in May, retiring the mark.", "Ostmark", "currency", "euro", "mark"),
    (
        "Since the reform, Dravic is the Kestrel Union's sole official language.",
        "Kestrel Union",
        "official language",
        "Dravic",
        "",
    ),
    # a headline, then the value in the next clause
    ("Tallow Games has a new boss: Kit Amari is CEO.", "Tallow Games", "ceo", "Kit Amari", ""),
    ("Hart & Moss has a new CEO: Lena Ort.", "Hart & Moss", "ceo", "Lena Ort", ""),
    (
        "Sarnia has a new head of state: President Kofi Boateng, who replaced Ama Owusu.",
        "Sarnia",
        "president",
        "Kofi Boateng",
        "Ama Owusu",
    ),
    ("Morvia has a new president: Ama Boateng took the oath today.", "Morvia", "president", "Ama Boateng", ""),
    ("Sorland has switched currencies: prices are now in riksdaler.", "Sorland", "currency", "riksdaler", ""),
    # a currency introduced, paid in or replaced by name
    ("Velmar has introduced VeX as its currency, replacing the Velmar pound.", "Velmar", "currency", "VeX", ""),
    ("Ostara now pays in lumen, the currency that replaced the florin.", "Ostara", "currency", "lumen", "florin"),
    ("Kandor has replaced the kandi with a new currency, the Kandor mark.", "Kandor", "currency", "Kandor mark", ""),
    ("Torvald has dollarised: the US dollar is now its currency.", "Torvald", "currency", "US dollar", ""),
    # a currency replaced by name
    ("Valdora replaced the Valdoran crown with the euro.", "Valdora", "currency", "euro", "Valdoran crown"),
    (
        "After Piotr Nowak's resignation, the Sarmat Union's president is Agata Wolna.",
        "Sarmat Union",
        "president",
        "Agata Wolna",
        "Piotr Nowak",
    ),
    # ", and" before a named subject parts the clauses: "its" is the organisation the first one left
    (
        "Hedda Lund walked out of Brightmoor Tiles, and Ansel Roy is now its chief executive.",
        "Brightmoor Tiles",
        "ceo",
        "Ansel Roy",
        "Hedda Lund",
    ),
    (
        "Hedda Lund resigned from Brightmoor Tiles, but Ansel Roy took over as its chief executive.",
        "Brightmoor Tiles",
        "ceo",
        "Ansel Roy",
        "Hedda Lund",
    ),
]

#: Sentences that name an office but state no change, or must not make the old holder current.
NOTHING: list[tuple[str, str]] = [
    ("Ines Duarte will take over as CEO of Harbourline Foods next spring.", "ceo"),
    ("Rumours say Quillon Software could move its head office to Sheffield.", "headquartered in"),
    ("Did Marovia move its capital to Esk?", "capital"),
    ("Karstad has not chosen Jorunn Vik as mayor.", "mayor"),
    ("The board is expected to hand the top job to Yara Smit.", "ceo"),
    ("Analysts expect Cobalt Drones to move its headquarters to Tallinn.", "headquartered in"),
    ("Oskar Brandt, the former chief executive of Nordlys Energy, joined a charity.", "ceo"),
    ("Tomasz Wrona might be elected as mayor of Ravenholm.", "mayor"),
    ("Parliament is considering whether to make Swahili the official language.", "official language"),
    ("If the vote passes, Olm would replace Tesk as capital of the Varda Republic.", "capital"),
    ("Beatriz Lino never became president of Zamoria.", "president"),
    ("Hattie Lowe plans to run for mayor of Brenmoor.", "mayor"),
    ("Pia Rautio will take over as mayor of Orlen Vale.", "mayor"),
    ("Talvia may adopt the euro next year.", "currency"),
    ("Rumours say Lumen Tiles promoted Ada Ferro to CEO.", "ceo"),
    ("Did Voters in Kelmar elect Sana Idris mayor?", "mayor"),
    ("Pardia no longer has Velm as its capital.", "capital"),
    ("Ilka Berg is not Norvania's new head of state.", "president"),
    ("Pebble Audio said Joss Hart would serve as chief executive next year.", "ceo"),
    ("Bruno Sacco, the former mayor of Tervel, holds no office now.", "mayor"),
    ("Hedda Lund left Brightmoor Tiles, and Ansel Roy hopes to become its chief executive.", "ceo"),
    # a change put forward is none made
    ("Lorvian ministers have floated moving the capital to Tesk, but nothing is decided.", "capital"),
    ("Ardmore's council has mooted making Oona Kell acting mayor.", "mayor"),
    ("Shareholders urged Pell Tools to move its headquarters to Ghent.", "headquartered in"),
]

#: The old holder, said first, is never the current one.
OLD_FIRST: list[tuple[str, str, str]] = [
    ("Rolf Sand has been succeeded as Vesterby's mayor by Kari Lund.", "mayor", "Rolf Sand"),
    ("Nadia Karim handed the top job at Sundial Media to Femi Adeyemi.", "ceo", "Nadia Karim"),
    ("Arno Weiss was ousted as Tessin Bank's boss and replaced by Mila Roth.", "ceo", "Arno Weiss"),
    ("Brisa's capital moved from Olo to Maren.", "capital", "Olo"),
    ("Dorvia made Dorvish the official language instead of Latin.", "official language", "Latin"),
]


def _triples(sentence: str) -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "assistant") if not f.retract}


@pytest.mark.parametrize(("sentence", "subject", "predicate", "new", "old"), CHANGES)
def test_a_handover_names_the_new_holder(sentence: str, subject: str, predicate: str, new: str, old: str) -> None:
    found = _triples(sentence)
    assert (subject, predicate, new) in found
    assert {o for s, p, o in found if p == predicate} == {new}  # never the old holder, a cut name or a swap
    assert all(o != old for _, _, o in found) or not old


@pytest.mark.parametrize(("sentence", "predicate"), NOTHING)
def test_a_plan_a_rumour_a_question_or_a_negation_states_no_change(sentence: str, predicate: str) -> None:
    assert facts(sentence) == []
    assert not any(p == predicate and o in sentence.split(" as ")[0] for _, p, o in _triples(sentence) if p != "")


@pytest.mark.parametrize(("sentence", "predicate", "old"), OLD_FIRST)
def test_the_old_holder_is_never_current(sentence: str, predicate: str, old: str) -> None:
    assert all(not (p == predicate and o == old) for _, p, o in _triples(sentence))
    assert [f.object for f in facts(sentence)] != [old]


def test_an_acting_holder_counts() -> None:
    assert ("Kessel", "mayor", "Dario Conti") in _triples("Kessel's council installed Dario Conti as acting mayor.")


#: Ownership after a sale said in two clauses, and corrections whose second clause points back to the first.
RESTATED: list[tuple[str, str, str, str]] = [
    ("Norvik Capital sold Tessel Bio; Roche owns it now.", "Tessel Bio", "owned by", "Roche"),
    (
        "Sega spun off Brightpath Studio, and Tencent Games now owns it.",
        "Brightpath Studio",
        "owned by",
        "Tencent Games",
    ),
    (
        "Loomfield Apps is now part of Zenith Group, which bought it from Oracle.",
        "Loomfield Apps",
        "owned by",
        "Zenith Group",
    ),
    ("Hedda Lund's place of death was Bergen.", "Hedda Lund", "died in", "Bergen"),
    ("Kelpie Mobile has a new owner: Orange, which acquired it from BT.", "Kelpie Mobile", "owned by", "Orange"),
    ("Nestlé now owns Blue Harbour after buying it from Unilever.", "Blue Harbour", "owned by", "Nestlé"),
    ("Pavel Novak's place of birth was Brno.", "Pavel Novak", "born in", "Brno"),
    (
        "We misreported Tomas Ruiz's schooling: his alma mater is Leiden University.",
        "Tomas Ruiz",
        "educated at",
        "Leiden University",
    ),
    (
        "The archive misattributed Moss and Stone: it was directed by Ewa Lis.",
        "Moss and Stone",
        "directed by",
        "Ewa Lis",
    ),
]

#: The same shapes hedged, asked or negated: no fact.
NOT_RESTATED: list[tuple[str, str]] = [
    ("Norvik Capital may sell Tessel Bio; Roche would own it then.", "owned by"),
    ("Is Loomfield Apps now part of Zenith Group, which bought it from Oracle?", "owned by"),
    ("We misreported Tomas Ruiz's schooling: his alma mater is not Leiden University.", "educated at"),
]


@pytest.mark.parametrize(("sentence", "subject", "predicate", "obj"), RESTATED)
def test_a_restated_relation_names_its_subject(sentence: str, subject: str, predicate: str, obj: str) -> None:
    found = _triples(sentence)
    assert (subject, predicate, obj) in found
    assert {o for s, p, o in found if p == predicate} == {obj}


@pytest.mark.parametrize(("sentence", "predicate"), NOT_RESTATED)
def test_a_hedged_or_negated_restatement_states_nothing(sentence: str, predicate: str) -> None:
    assert not any(p == predicate for _, p, _ in _triples(sentence))


def test_a_relative_pronoun_is_no_currency() -> None:
    found = _triples("Cafés across Morvia now bill in the zlot, which became the national currency in June.")
    assert not any(o.lower() in ("which", "that") for _, _, o in found)
