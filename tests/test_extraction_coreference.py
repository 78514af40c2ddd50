"""Short names read as the one full name they abbreviate (:mod:`consolidators.coreference`).

Each row is worded here, not taken from a corpus. A row gives what the session said before (its turns), what
memory holds (active facts), the fact a reader read from the last turn, and the subject and object that fact must
have once names are resolved: the full name where exactly one fits, the short name where none or two do, where
the short name is a place, an English word, a known subject or the user, or where the relation is not a
country's (an invented adjective). The pure rows call the resolver with the fact given, so they test it alone;
the session rows read real sentences through ``extractive.session_facts`` (with ``thirdmemory``, which needs
the name spelt out), and the last test runs two nights through the consolidation pipeline.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from consolidators.coreference import resolved
from consolidators.extractive import session_facts
from consolidators.types import ActiveFact, Fact, Turn
from memory_sink import MemoryStore
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime

_TS = datetime(2026, 5, 1, 12, tzinfo=UTC)
_BEFORE = datetime(2026, 4, 1, 12, tzinfo=UTC)

Triple = tuple[str, str, str]

#: (the session's earlier turns, memory's active facts, the last turn, the fact read from it, (subject, object)
#: the fact must have)
ROWS: list[tuple[list[str], list[Triple], str, Triple, tuple[str, str]]] = [
    # the session names the person in full first
    (
        ["Marguerite Okafor lives in Lyon."],
        [],
        "Okafor moved to Nantes.",
        ("Okafor", "lives in", "Nantes"),
        ("Marguerite Okafor", "Nantes"),
    ),
    (
        ["Teodor Vasilescu coaches at Rapid."],
        [],
        "Vasilescu now works for Dinamo.",
        ("Vasilescu", "works at", "Dinamo"),
        ("Teodor Vasilescu", "Dinamo"),
    ),
    (  # a title before the name is no part of it, and the one person is one candidate
        ["Dr Aldo Renzi was born in Bari.", "Aldo Renzi teaches in Pisa."],
        [],
        "Renzi died in Siena.",
        ("Renzi", "died in", "Siena"),
        ("Aldo Renzi", "Siena"),
    ),
    (  # the same turn names them in full first
        [],
        [],
        "Yusuf Demir lives in Izmir. Demir works at Arçelik.",
        ("Demir", "works at", "Arçelik"),
        ("Yusuf Demir", "Arçelik"),
    ),
    # memory names them
    (
        [],
        [("Henrike Vogt", "lives in", "Bremen")],
        "Vogt has settled in Kiel.",
        ("Vogt", "lives in", "Kiel"),
        ("Henrike Vogt", "Kiel"),
    ),
    (
        [],
        [("Castellan Foods", "headquartered in", "Parma")],
        "Castellan's new chief executive is Bruno Sala.",
        ("Castellan", "ceo", "Bruno Sala"),
        ("Castellan Foods", "Bruno Sala"),
    ),
    (  # a person-valued object: the surname of the one director memory knows
        [],
        [("Salt Year", "directed by", "Idris Vance")],
        "Vance also directed Low Water.",
        ("Low Water", "directed by", "Vance"),
        ("Low Water", "Idris Vance"),
    ),
    (
        ["Selin Kaya lives in Izmir."],
        [],
        "Ombra Films named Kaya its chief executive.",
        ("Ombra Films", "ceo", "Kaya"),
        ("Ombra Films", "Selin Kaya"),
    ),
    # an organisation or a country by its first word
    (
        ["Quenby Aerospace is based in Toulouse."],
        [],
        "Quenby's CEO, Lise Marchetti, spoke on Monday.",
        ("Quenby", "ceo", "Lise Marchetti"),
        ("Quenby Aerospace", "Lise Marchetti"),
    ),
    (
        ["The Sorvana Republic uses the crown."],
        [],
        "Sorvana's capital is Pellin.",
        ("Sorvana", "capital", "Pellin"),
        ("Sorvana Republic", "Pellin"),
    ),
    # a country by an adjective no table lists, for a country's relation
    (
        ["Estova's currency is the lev."],
        [],
        "The Estovan capital is now Brisk.",
        ("Estovan", "capital", "Brisk"),
        ("Estova", "Brisk"),
    ),
    (
        [],
        [("Drell", "capital", "Hom")],
        "Drellish is now the official language of the island.",
        ("Drellic", "official language", "Drellish"),
        ("Drell", "Drellish"),
    ),
    (  # family name first: the first word, when nothing else fits
        ["Zhou Min lives in Xi'an."],
        [],
        "Zhou moved to Chengdu.",
        ("Zhou", "lives in", "Chengdu"),
        ("Zhou Min", "Chengdu"),
    ),
    (  # a given name is not a family name: another Ana may be meant
        ["Ana Ruiz lives in Cádiz."],
        [],
        "Ana moved to Jaén.",
        ("Ana", "lives in", "Jaén"),
        ("Ana", "Jaén"),
    ),
    (  # ... and not when a name ends with it
        ["Zhou Min lives in Xi'an.", "Lena Zhou works at Baidu."],
        [],
        "Zhou joined Tencent.",
        ("Zhou", "works at", "Tencent"),
        ("Lena Zhou", "Tencent"),
    ),
    (  # a family sharing a surname: the hyphenated one is not "Ekberg"
        ["Anja Ekberg is married to Lars Holm-Ekberg."],
        [],
        "Ekberg moved to Umeå.",
        ("Ekberg", "lives in", "Umeå"),
        ("Anja Ekberg", "Umeå"),
    ),
    # nothing to resolve
    (  # two candidates
        ["Jonas Falk lives in Graz.", "Petra Falk lives in Linz."],
        [],
        "Falk moved to Wels.",
        ("Falk", "lives in", "Wels"),
        ("Falk", "Wels"),
    ),
    (  # two candidates, one from memory, one from the session
        ["Petra Falk lives in Linz."],
        [("Jonas Falk", "lives in", "Graz")],
        "Falk moved to Wels.",
        ("Falk", "lives in", "Wels"),
        ("Falk", "Wels"),
    ),
    (  # a country the gazetteers know
        ["Tom Georgia works at Delta."],
        [],
        "Georgia's capital is Tbilisi.",
        ("Georgia", "capital", "Tbilisi"),
        ("Georgia", "Tbilisi"),
    ),
    (  # a place memory holds as one
        ["Bremen Logistics is based in Hamburg."],
        [("Ana Ruiz", "lives in", "Bremen")],
        "Bremen's mayor is Kai Ott.",
        ("Bremen", "mayor", "Kai Ott"),
        ("Bremen", "Kai Ott"),
    ),
    (  # a company is no town
        ["Lindqvale Shipping is headquartered in Rotterdam."],
        [],
        "Lindqvale's mayor is Kees Bakker.",
        ("Lindqvale", "mayor", "Kees Bakker"),
        ("Lindqvale", "Kees Bakker"),
    ),
    (  # an English word a reader made the subject: the reader read it as a name
        ["Harriet Stone lives in Derby."],
        [],
        "Stone moved to Leeds.",
        ("Stone", "lives in", "Leeds"),
        ("Harriet Stone", "Leeds"),
    ),
    (  # ... but not a stop word, which a sentence may open with whatever it is about
        ["Theresa May lives in Derby."],
        [],
        "May moved to Leeds.",
        ("May", "lives in", "Leeds"),
        ("May", "Leeds"),
    ),
    (  # two people of one surname: the one the turn names in full
        ["Maren Holtby lives in Hamar.", "Jens Holtby lives in Gjøvik."],
        [],
        "Maren Holtby spoke on Monday. Holtby moved to Lillehammer.",
        ("Holtby", "lives in", "Lillehammer"),
        ("Maren Holtby", "Lillehammer"),
    ),
    (  # ... and a guess where the turn names neither
        ["Maren Holtby lives in Hamar.", "Jens Holtby lives in Gjøvik."],
        [],
        "Holtby moved to Lillehammer.",
        ("Holtby", "lives in", "Lillehammer"),
        ("Holtby", "Lillehammer"),
    ),
    (  # an honorific and a surname: the one person of that surname
        ["Ngozi Okafor lives in Enugu.", "Dr Okafor treats patients in Enugu."],
        [],
        "Mr. Okafor moved to Abuja.",
        ("Mr. Okafor", "lives in", "Abuja"),
        ("Ngozi Okafor", "Abuja"),
    ),
    (  # a subject memory already knows by the short name
        ["Tilda Oyelaran lives in York."],
        [("Oyelaran", "located in", "Leeds")],
        "Oyelaran moved to Hull.",
        ("Oyelaran", "located in", "Hull"),
        ("Oyelaran", "Hull"),
    ),
    (  # a longer name that begins with a surname is another name, not a short one
        ["Ilse Brandt lives in Kassel."],
        [],
        "The Brandt Foundation is based in Kassel.",
        ("Brandt Foundation", "headquartered in", "Kassel"),
        ("Brandt Foundation", "Kassel"),
    ),
    (  # a name the same sentence builds around the short one is no earlier name of it ("the CEO of Brevik")
        [],
        [],
        "Mara Quist is now the CEO of Brevik.",
        ("Brevik", "ceo", "Mara Quist"),
        ("Brevik", "Mara Quist"),
    ),
    (  # ... nor an office or an institution "of" it
        ["The old castle was built by Ferrand of Tarnow."],
        [],
        "Tarnow's mayor is Olek Wrona.",
        ("Tarnow", "mayor", "Olek Wrona"),
        ("Tarnow", "Olek Wrona"),
    ),
    (  # an acronym is a name of its own, and an office is no part of a name
        ["Ida Brun is CEO of Norrvik & Dahl."],
        [],
        "Kestrel named Odd Lie as its CEO.",
        ("Kestrel", "ceo", "Odd Lie"),
        ("Kestrel", "Odd Lie"),
    ),
    (  # a short name said before the full name: the session had named no one by it yet
        ["Okoro lives in Enugu."],
        [],
        "Ngozi Okoro joined Dangote.",
        ("Okoro", "works at", "Dangote"),
        ("Okoro", "Dangote"),
    ),
    (  # ... and names a country only: a person whose name it would extend is none
        ["Estova Ruiz lives in Lima."],
        [],
        "The Estovan capital is now Brisk.",
        ("Estovan", "capital", "Brisk"),
        ("Estovan", "Brisk"),
    ),
    (  # an invented adjective names a country for a country's relation only
        ["Estova's currency is the lev."],
        [],
        "The Estovan poet lives in Brisk.",
        ("Estovan", "lives in", "Brisk"),
        ("Estovan", "Brisk"),
    ),
    (  # a person-valued object only: a surname as an employer is left
        ["Selin Kaya lives in Izmir."],
        [],
        "Deniz works at Kaya.",
        ("Deniz", "works at", "Kaya"),
        ("Deniz", "Kaya"),
    ),
    (  # a family name said with its particles, capitalised to open the sentence
        [],
        [("Aurélie de Montfort", "lives in", "Nantes")],
        "De Montfort now lives in Rennes.",
        ("De Montfort", "lives in", "Rennes"),
        ("Aurélie de Montfort", "Rennes"),
    ),
    (  # ... or as written inside it, two particles long
        ["Joris van der Berghe works at Philips."],
        [],
        "Last spring van der Berghe joined ASML.",
        ("van der Berghe", "works at", "ASML"),
        ("Joris van der Berghe", "ASML"),
    ),
    (  # ... and as a person-valued object
        [],
        [("Lucas de la Vega", "born in", "Quito"), ("Marta Ruiz", "married to", "Pablo Ruiz")],
        "Marta Ruiz has married de la Vega.",
        ("Marta Ruiz", "married to", "de la Vega"),
        ("Marta Ruiz", "Lucas de la Vega"),
    ),
    (  # two people of that family name: a guess, so nothing
        [],
        [("Anton van Dijk", "lives in", "Leiden"), ("Saskia van Dijk", "lives in", "Delft")],
        "Van Dijk moved to Utrecht.",
        ("Van Dijk", "lives in", "Utrecht"),
        ("Van Dijk", "Utrecht"),
    ),
    (  # a company's name with a particle is no person's
        [],
        [("Banco del Sur", "headquartered in", "Quito")],
        "del Sur now employs Iris Paz.",
        ("Iris Paz", "works at", "del Sur"),
        ("Iris Paz", "del Sur"),
    ),
    (  # a word that opens a company's name and ends its founder's: a company's relation says the company
        [],
        [("Moreno Aerial", "founded by", "Lidia Moreno")],
        "Moreno has moved its headquarters to Bilbao.",
        ("Moreno", "headquartered in", "Bilbao"),
        ("Moreno Aerial", "Bilbao"),
    ),
    (  # ... and a person's relation the person
        [],
        [("Moreno Aerial", "founded by", "Lidia Moreno")],
        "Moreno now lives in Bilbao.",
        ("Moreno", "lives in", "Bilbao"),
        ("Lidia Moreno", "Bilbao"),
    ),
    (  # an organisation named in full once, then by its initials
        [],
        [("Brennholt Cargo Lines", "ceo", "Ola Dahl")],
        "BCL's chief executive is now Siri Moen.",
        ("BCL", "ceo", "Siri Moen"),
        ("Brennholt Cargo Lines", "Siri Moen"),
    ),
    (  # ... whose connectives the initials skip
        ["Tavares & Lobo Shipping is based in Faro."],
        [],
        "TLS moved its head office to Lisbon.",
        ("TLS", "headquartered in", "Lisbon"),
        ("Tavares & Lobo Shipping", "Lisbon"),
    ),
    (  # a person's initials are no acronym of theirs
        [],
        [("Kari Lund Berg", "lives in", "Oslo")],
        "KLB moved to Bergen.",
        ("KLB", "headquartered in", "Bergen"),
        ("KLB", "Bergen"),
    ),
    (  # two organisations of the same initials: a guess, so nothing
        [],
        [("Norda Power Group", "ceo", "Ola Dahl"), ("Nyvik Paper Group", "ceo", "Eva Nes")],
        "NPG named Siri Moen chief executive.",
        ("NPG", "ceo", "Siri Moen"),
        ("NPG", "Siri Moen"),
    ),
    (  # the user's own facts
        ["Mira Vance lives in Oslo."],
        [],
        "I married Vance last year.",
        ("user", "married to", "Vance"),
        ("user", "Vance"),
    ),
]


def _turns(earlier: list[str], last: str) -> list[Turn]:
    said = [*earlier, last]
    return [Turn(f"e{i}", "user", t, _TS + timedelta(minutes=i), seq=i) for i, t in enumerate(said)]


def _active(triples: list[Triple]) -> tuple[ActiveFact, ...]:
    return tuple(ActiveFact(f"a{i}", s, p, o, valid_from=_BEFORE) for i, (s, p, o) in enumerate(triples))


def _stated(turns: list[Turn], triples: list[Triple], event: str) -> list[Fact]:
    return [Fact(s, p, o, valid_from=turns[-1].ts, event_ids=(event,)) for s, p, o in triples]


@pytest.mark.parametrize(("earlier", "memory", "last", "read", "want"), ROWS)
def test_a_short_name_is_the_one_full_name_it_abbreviates(
    earlier: list[str], memory: list[Triple], last: str, read: Triple, want: tuple[str, str]
) -> None:
    turns = _turns(earlier, last)
    # the earlier turns' facts: what a reader reads of "X lives in Y" (enough for the names they state)
    before = [f for t in turns[:-1] for f in session_facts([t])]
    facts, _ = resolved([*before, *_stated(turns, [read], turns[-1].event_id)], _active(memory), turns)
    mine = [(f.subject, f.object) for f in facts if turns[-1].event_id in f.event_ids]
    assert mine == [want]


def test_the_turn_is_spelt_out_for_the_readers_that_look_for_memory_s_subjects() -> None:
    turns = _turns([], "Vogt has settled in Kiel; Dr Vogt teaches; Karl Vogt and Vogt Brothers are others.")
    _, spelt = resolved([], _active([("Henrike Vogt", "lives in", "Bremen")]), turns)
    # an honorific says the surname is a person's: the one Vogt memory holds
    said = "Henrike Vogt has settled in Kiel; Henrike Vogt teaches; Karl Vogt and Vogt Brothers are others."
    assert spelt[0].content == said
    said = "Ida Brun is CEO of Norrvik & Dahl. Kestrel named Odd Lie as its CEO."
    assert resolved([], (), _turns([], said))[1][0].content == said  # "CEO" is no "CEO of Norrvik & Dahl"


def _read(texts: list[str], memory: list[Triple]) -> list[tuple[str, str, str, str | None]]:
    facts = session_facts(_turns(texts[:-1], texts[-1]), _active(memory))
    return [(f.subject, f.predicate, f.object, f.replaces) for f in facts]


def test_a_change_by_surname_replaces_what_memory_holds_for_the_full_name() -> None:
    got = _read(["Brenner left Zeiss and now works at Leica."], [("Cordula Brenner", "works at", "Zeiss")])
    assert [g for g in got if g[2] == "Leica"] == [("Cordula Brenner", "works at", "Leica", "a0")]


def test_a_move_by_surname_is_read_with_the_home_the_session_stated() -> None:
    got = _read(["Edvard Lunde lives in Bergen.", "Lunde relocated to Stavanger in 2026."], [])
    assert [g[:3] for g in got] == [("Edvard Lunde", "lives in", "Bergen"), ("Edvard Lunde", "lives in", "Stavanger")]


def _night(store: MemoryStore, day: str, text: str) -> None:
    store.stage(f"s-{day}", "user", text, ts=f"{day}T10:00:00+00:00", seq=1)
    run_realtime(store)
    run_consolidate(store, min_quiet_seconds=0)


def test_memory_offers_the_full_name_a_transcript_says_by_surname_alone(store: MemoryStore) -> None:
    """Without the first-or-last-word (and adjective) selection the second night's consolidator never sees
    Bergen or Osthavn, so the move and the new capital are stored under a second subject and the old values stay
    current."""
    _night(store, "2026-03-01", "Edvard Lunde lives in Bergen. Norland's capital is Osthavn.")
    texts = ["Lunde relocated to Stavanger in 2026.", "The Norlandic capital is now Vesterby.", "The mayor left."]
    offered = [[(f.subject, f.object) for f in chosen] for chosen in store.tiers.context_facts("default", texts)]
    assert offered == [[("Edvard Lunde", "Bergen")], [("Norland", "Osthavn")], []]
    _night(store, "2026-03-02", " ".join(texts[:2]))
    current = {(f.subject, f.predicate, f.object) for f in store.facts(namespace="default")}
    assert current == {("Edvard Lunde", "lives in", "Stavanger"), ("Norland", "capital", "Vesterby")}


def test_a_person_valued_object_said_by_a_surname_that_is_a_word_is_the_full_name() -> None:
    """The surname "Heath" is an English word, so in running text it is left alone; as the value a reader gave a
    mayor it is a person's name, the one memory holds in full. Stored as "Heath", the restatement would replace the
    full name and the question for the mayor would find a surname."""
    turns = _turns([], "Heath, the new mayor of Marrowby, cut the parking fees.")
    read = _stated(turns, [("Marrowby", "mayor", "Heath")], turns[-1].event_id)
    facts, _ = resolved(read, _active([("Marrowby", "mayor", "Tove Heath")]), turns)
    assert [(f.subject, f.object) for f in facts] == [("Marrowby", "Tove Heath")]


@pytest.mark.parametrize(
    ("memory", "read", "want"),
    [
        # a part of the one value memory holds for the key is that value restated
        (
            [("Tomasz Wrona", "plays for", "SV Hollenbach")],
            ("Tomasz Wrona", "plays for", "Hollenbach"),
            "SV Hollenbach",
        ),
        (  # ... even where the surname alone would be a guess between two people
            [("Dunmore", "mayor", "Petra Quist"), ("Lars Quist", "lives in", "Dunmore")],
            ("Dunmore", "mayor", "Quist"),
            "Petra Quist",
        ),
        # another city whose name is a part of the held one's is a move
        ([("Ines Gall", "lives in", "New Haven")], ("Ines Gall", "lives in", "Haven"), "Haven"),
        # a relation of several values: one more value, not the held one
        ([("Ines Gall", "member of", "Aldine Trio")], ("Ines Gall", "member of", "Aldine"), "Aldine"),
        # a value that is no part of the held one
        ([("Tomasz Wrona", "plays for", "SV Hollenbach")], ("Tomasz Wrona", "plays for", "Hollen"), "Hollen"),
    ],
)
def test_a_part_of_the_value_memory_holds_for_the_key_is_that_value(
    memory: list[Triple], read: Triple, want: str
) -> None:
    """Stored as said, "Hollenbach" would replace "SV Hollenbach" as a new value and the question for the club
    would find a part of its name."""
    turns = _turns([], "a sentence")
    facts, _ = resolved(_stated(turns, [read], turns[-1].event_id), _active(memory), turns)
    assert [f.object for f in facts] == [want]


def test_memory_offers_an_organisation_s_facts_to_a_transcript_that_says_its_initials(store: MemoryStore) -> None:
    """Without the initials in the context query the second night's consolidator never sees Brennholt Cargo
    Lines, so "BCL" stays a subject of its own and the old chief executive stays current."""
    _night(store, "2026-03-01", "Brennholt Cargo Lines is run by chief executive Ola Dahl.")
    texts = ["BCL named Siri Moen its chief executive.", "The BBC reported it."]
    offered = [[(f.subject, f.object) for f in chosen] for chosen in store.tiers.context_facts("default", texts)]
    assert offered == [[("Brennholt Cargo Lines", "Ola Dahl")], []]
    _night(store, "2026-03-02", texts[0])
    current = {(f.subject, f.predicate, f.object) for f in store.facts(namespace="default")}
    assert current == {("Brennholt Cargo Lines", "ceo", "Siri Moen")}


@pytest.mark.parametrize(
    ("memory", "last", "want"),
    [
        (  # two people of one surname: the sentence names the club one of them plays for
            [("Aiko Mori", "plays for", "Sagami Falcons"), ("Aiko Mori", "married to", "Ren Mori")],
            "Mori moved from Sagami Falcons to Hakata Tide after the season.",
            ("Aiko Mori", "plays for", "Hakata Tide"),
        ),
        (  # ... by a word of its name that is a name of its own
            [("Kofi Mensah", "plays for", "AC Volterno"), ("Ama Mensah", "plays for", "Lakeside Queens")],
            "Mensah now plays for Dorvik Rovers after Volterno took a fee.",
            ("Kofi Mensah", "plays for", "Dorvik Rovers"),
        ),
    ],
)
def test_of_two_people_of_one_surname_the_sentence_names_which_by_a_value_memory_holds(
    memory: list[Triple], last: str, want: Triple
) -> None:
    """Without the values memory holds, the surname fits both people and stays a subject of its own: the club
    never meets the fact it replaces (and a move's relation, memory's to choose, falls back to a home)."""
    assert want in [g[:3] for g in _read([last], memory)]


def test_a_surname_two_people_bear_stays_when_the_sentence_names_neither_s_value() -> None:
    memory = [("Kofi Mensah", "plays for", "AC Volterno"), ("Ama Mensah", "plays for", "Lakeside Queens")]
    assert [g[0] for g in _read(["Mensah now plays for Dorvik Rovers."], memory)] == ["Mensah"]


@pytest.mark.parametrize(
    ("memory", "last"),
    [
        # memory knows no club: only the move's own reader can say it, and it knows a person by two words or more
        ([("Tariq Benhassi", "born in", "Rabat")], "Benhassi has completed his move from Lorne Rovers to Castel Azur."),
        ([("Tariq Benhassi", "plays for", "Lorne Rovers")], "Benhassi has been snapped up by Castel Azur."),
    ],
)
def test_a_sentence_opened_by_a_surname_is_read_as_the_full_name_memory_holds(memory: list[Triple], last: str) -> None:
    """Read as said, the surname's move states nothing and the old club, if any, stays current."""
    assert ("Tariq Benhassi", "plays for", "Castel Azur") in [g[:3] for g in _read([last], memory)]


def test_a_surname_two_people_bear_opens_a_sentence_as_said() -> None:
    memory = [("Tariq Benhassi", "born in", "Rabat"), ("Nadia Benhassi", "lives in", "Rabat")]
    assert _read(["Benhassi has been snapped up by Castel Azur."], memory) == []


#: Earlier user turns, the turn, and the user's employers the session states (``offered``).
THERE: list[tuple[list[str], str, set[str]]] = [
    # the employer named by the offer or the job the user got is the one an employment "there" is at
    (["Just accepted the Wrenfield Optics offer!"], "I'm now employed there as a lens designer.", {"Wrenfield Optics"}),
    (["I got the job at Parrow Mills."], "I've been working there since March.", {"Parrow Mills"}),
    # two such employers are a guess; someone else working there is not the user
    (["I got offers from Wrenfield Optics and from Parrow Mills."], "I'm employed there now.", set()),
    (["I got the Wrenfield Optics offer."], "My cousin is working there.", set()),
]


@pytest.mark.parametrize(("earlier", "last", "employers"), THERE)
def test_an_employment_there_is_at_the_employer_the_offer_named(
    earlier: list[str], last: str, employers: set[str]
) -> None:
    facts = session_facts(_turns(earlier, last))
    assert {f.object for f in facts if f.predicate == "works at" and not f.retract} == employers


#: The employer memory holds, the turn naming it, and the retractions the turn makes of it.
HELD_THERE: list[tuple[str, str, set[str]]] = [
    # an employer memory holds, named in the turn, is the one a "there" of the user's work is at
    (
        "Tamsin Logistics",
        "Tamsin Logistics closed our depot in June. I don't work there any more.",
        {"Tamsin Logistics"},
    ),
    # memory's employer not named: "there" stays unread
    ("Tamsin Logistics", "The depot closed in June. I don't work there any more.", set()),
]


@pytest.mark.parametrize(("held", "turn", "left"), HELD_THERE)
def test_a_there_is_the_employer_memory_holds_when_the_turn_names_it(held: str, turn: str, left: set[str]) -> None:
    facts = session_facts(_turns([], turn), _active([("user", "works at", held)]))
    assert {f.object for f in facts if f.predicate == "works at" and f.retract} == left


#: (the user's turn, the news turn after it, memory): a surname the news says after a verb is no one the user's
#: own chat or the user's own facts named.
OWN_PEOPLE: list[tuple[str, str, list[Triple]]] = [
    ("My name is Henrik Dalgaard.", "Brondby have signed Dalgaard.", []),
    ("My husband is Jonas Ekdahl and he loves sailing.", "Hammarby have signed Ekdahl.", []),
    ("My cousin Lukas Brenninger is a nurse.", "Rapid Vienna have signed Brenninger.", []),
    ("How are you?", "Hammarby have signed Ekdahl.", [("user", "married to", "Jonas Ekdahl")]),
]


@pytest.mark.parametrize(("chat", "news", "memory"), OWN_PEOPLE)
def test_a_surname_in_news_is_never_the_user_s_own_person(chat: str, news: str, memory: list[Triple]) -> None:
    turns = [Turn("e0", "user", chat, _TS, seq=0), Turn("e1", "assistant", news, _TS + timedelta(minutes=1), seq=1)]
    facts = session_facts(turns, _active(memory))
    assert [(f.subject, f.predicate, f.object) for f in facts if f.predicate == "plays for"] == []


def test_a_surname_in_news_is_the_person_the_news_named() -> None:
    turns = [
        Turn("e0", "assistant", "Jonas Ekdahl plays for Djurgarden.", _TS, seq=0),
        Turn("e1", "assistant", "Hammarby have signed Ekdahl.", _TS + timedelta(minutes=1), seq=1),
    ]
    assert ("Jonas Ekdahl", "plays for", "Hammarby") in [
        (f.subject, f.predicate, f.object) for f in session_facts(turns)
    ]


def test_a_surname_signed_in_a_past_year_is_no_current_move() -> None:
    """A signing dated to a year before the session's is a past episode: the surname is not spelt for the move's
    readers, which would take the club as the person's current one."""
    turns = [
        Turn("e0", "assistant", "Jonas Ekdahl plays for Djurgarden.", _TS, seq=0),
        Turn("e1", "assistant", "Hammarby signed Ekdahl in 2014 before selling him to Djurgarden.", _TS, seq=1),
    ]
    assert [f.object for f in session_facts(turns) if f.predicate == "plays for"] == ["Djurgarden"]
