"""Third-person changes read with what memory holds for the subject (:mod:`consolidators.thirdmemory`).

Each row is worded here, not taken from a corpus: other names, other verbs of the same family. A row gives the
subject, the relation and value memory holds, the sentence, and the new value it names; it is read through the
whole session (``extractive.session_facts``) with the old value active, where it must yield the new value; and
by this reader alone with an empty memory, where it must yield nothing (memory is what names the relation, or
corrects the one a sentence reader guessed). The rows that must yield nothing (doubt, plans, past states,
denials, someone else's fact, two candidates, the old value) fail if the reader stops checking what keeps a mention from being the current value.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.extractive import session_facts
from consolidators.thirdmemory import Held, changes
from consolidators.types import ActiveFact, Turn

_TS = datetime(2026, 5, 1, 12, tzinfo=UTC)
_BEFORE = datetime(2026, 4, 1, 12, tzinfo=UTC)

#: (subject, relation, the value memory holds, the sentence, the new value it names)
CHANGES: list[tuple[str, str, str, str, str]] = [
    ("Ines Lacroix", "works at", "Airbus", "Ex-Airbus analyst Ines Lacroix is now at Safran.", "Safran"),
    ("Omar Haddad", "works at", "Shell", "Omar Haddad, formerly of Shell, started at Equinor in March.", "Equinor"),
    ("Lena Brandt", "works at", "SAP", "Lena Brandt has taken a post with the OECD.", "OECD"),
    ("Pavel Novak", "works at", "Skoda", "After leaving Skoda, Pavel Novak signed with Tatra this spring.", "Tatra"),
    ("Rui Costa", "plays for", "Benfica", "Benfica sold Rui Costa to Fiorentina.", "Fiorentina"),
    (
        "Mia Holt",
        "plays for",
        "Chelsea Women",
        "Mia Holt now keeps goal for Arsenal after leaving Chelsea Women.",
        "Arsenal",
    ),
    ("Tariq Aziz", "plays for", "Al Ain", "Tariq Aziz was bought by Al Wahda for a record fee.", "Al Wahda"),
    ("Sofia Reyes", "lives in", "Valencia", "Sofia Reyes, now settled in Seville, is writing a memoir.", "Seville"),
    ("Jan Visser", "lives in", "Utrecht", "Jan Visser has moved his family to Groningen.", "Groningen"),
    ("Hana Sato", "lives in", "Osaka", "Hana Sato has since left Osaka; she lives in Nagoya these days.", "Nagoya"),
    (
        "Bela Kiss",
        "died in",
        "Budapest",
        "Bela Kiss's family said he died in Pécs, not in Budapest as first reported.",
        "Pécs",
    ),
    ("Greta Lind", "died in", "Malmö", "Greta Lind's son clarified that she passed away in Lund.", "Lund"),
    ("Kofi Mensah", "born in", "Accra", "Kofi Mensah's passport shows he was in fact born in Kumasi.", "Kumasi"),
    (
        "Lea Roth",
        "married to",
        "Max Berg",
        "Lea Roth and Max Berg divorced; she has since married the painter Ole Dahl.",
        "Ole Dahl",
    ),
    (
        "Vesna Observatory",
        "located in",
        "Split",
        "A reader notes that the Vesna Observatory actually sits in Zadar.",
        "Zadar",
    ),
    ("Blue Heron Club", "located in", "Leeds", "The Blue Heron Club has relocated to York.", "York"),
    ("Tide Gallery", "located in", "Whitby", "Scarborough is the new home of the Tide Gallery.", "Scarborough"),
    ("Harbour Museum", "located in", "Gdynia", "The Harbour Museum reopened in Sopot after leaving Gdynia.", "Sopot"),
    ("Nortex", "owned by", "Siemens", "Siemens divested Nortex; the unit now belongs to ABB.", "ABB"),
    (
        "Quillon",
        "owned by",
        "Vantor",
        "Vantor sold Quillon; the brand is now part of Helix Partners.",
        "Helix Partners",
    ),
    ("Varnia", "official language", "French", "Varnia's new charter makes Wolof its official language.", "Wolof"),
    (
        "Oulu",
        "mayor",
        "Aino Lehto",
        "Oulu City Council chose Mikko Rinne as mayor, ending Aino Lehto's term.",
        "Mikko Rinne",
    ),
    (
        "Sarnia",
        "president",
        "Ivo Dragan",
        "Mara Kell won Sarnia's presidential run-off and took office on Friday.",
        "Mara Kell",
    ),
    (
        "Red Orchard",
        "directed by",
        "Lu Wen",
        "The studio credited Zhao Min as director of Red Orchard after a review.",
        "Zhao Min",
    ),
    (
        "Asha Rao",
        "educated at",
        "University of Pune",
        "Asha Rao's alma mater, her office clarified, is the University of Mysore.",
        "University of Mysore",
    ),
    ("Kelvora", "currency", "peso", "Kelvora dropped the peso and now pays in the US dollar.", "US dollar"),
    (
        "Nimbra Labs",
        "headquartered in",
        "Austin",
        "Nimbra Labs now runs operations from its new Denver headquarters.",
        "Denver",
    ),
    ("Jae-min Cho", "lives in", "Incheon", "Jae-min Cho is now based in Daejeon.", "Daejeon"),
    ("Dilek Arslan", "married to", "Kerem Demir", "Dilek Arslan's husband is now Murat Şahin.", "Murat Şahin"),
    ("Ola Berg", "works at", "Telenor", "Equinor has taken on Ola Berg, who now leads its 5G team.", "Equinor"),
    (
        "Silent Pier",
        "directed by",
        "Anna Holm",
        "The final cut credits Lukas Brandt as director of Silent Pier.",
        "Lukas Brandt",
    ),
    (
        "Tomas Berg",
        "educated at",
        "Uppsala University",
        "The university Tomas Berg graduated from is actually Lund University.",
        "Lund University",
    ),
    # the change verbs in any of their forms ("joining", "signs", "rejoins", "crossed"), a place said as a kind's
    # adjective ("the Minho derby") being no value
    (
        "Tiago Mendes",
        "plays for",
        "Braga",
        "Tiago Mendes crossed the Minho derby, joining Vitória from Braga.",
        "Vitória",
    ),
    (
        "Baris Kaya",
        "plays for",
        "Besiktas",
        "Baris Kaya signs for Trabzonspor, ending a decade at Besiktas.",
        "Trabzonspor",
    ),
    ("Lucas Moreau", "works at", "Renault", "Lucas Moreau rejoins Stellantis after a spell at Renault.", "Stellantis"),
    (
        "Amara Diallo",
        "lives in",
        "Paris",
        "Amara Diallo has returned to live in Dakar after two decades away.",
        "Dakar",
    ),
    (
        "Yusuf Demir",
        "lives in",
        "Berlin",
        "After years abroad, Yusuf Demir sold his Berlin flat and went home to Izmir for good.",
        "Izmir",
    ),
]

#: (subject, relation, the value memory holds, a sentence that names no new value of it)
NOTHING: list[tuple[str, str, str, str]] = [
    ("Ines Lacroix", "works at", "Airbus", "Ines Lacroix could join Safran next year."),
    ("Ines Lacroix", "works at", "Airbus", "Ines Lacroix's husband now works at Safran."),
    ("Rui Costa", "plays for", "Benfica", "Rumours say Fiorentina may bid for Rui Costa."),
    ("Rui Costa", "plays for", "Benfica", "Rui Costa used to play for Porto before he joined Benfica."),
    # an arrival awaited has not happened; one "at" a company may be a visit
    ("Petra Holm", "plays for", "Kalmar", "Djurgarden are getting ready for Petra Holm's arrival."),
    ("Petra Holm", "works at", "Volvo", "Petra Holm's arrival at Saab caught analysts off guard."),
    ("Sofia Reyes", "lives in", "Valencia", "Sofia Reyes grew up in Cádiz, where her parents still live."),
    ("Sofia Reyes", "lives in", "Valencia", "Sofia Reyes's new novel is set in Granada, where she spent her youth."),
    ("Sofia Reyes", "lives in", "Valencia", "Has Sofia Reyes moved to Madrid now?"),
    ("Jan Visser", "lives in", "Utrecht", "Jan Visser has not moved to Groningen, despite the reports."),
    # a word that opens the sentence is no owner's name
    ("Brakk Shipping", "owned by", "Osen Holding", "Following the takeover, Brakk Shipping has a new chairman."),
    # the change verb its own clause denies: a trial, not a transfer
    ("Tore Vik", "plays for", "Odda BK", "Tore Vik trained with Sandvik FK for a month but never signed."),
    ("Nortex", "owned by", "Siemens", "Sources say Helix Partners could bid for Nortex, though nothing is agreed."),
    ("Harbour Museum", "located in", "Gdynia", "The Harbour Museum was originally planned for Gdańsk."),
    ("Blue Heron Club", "located in", "Leeds", "The Blue Heron Club is now open late in Leeds."),
    ("Pavel Novak", "works at", "Skoda", "Pavel Novak is now back at Skoda after a year with Tatra and Volvo."),
    ("Oulu", "mayor", "Aino Lehto", "Oulu's new tram line opened, and Mikko Rinne cut the ribbon."),
    ("Ola Berg", "works at", "Telenor", "Ola Berg, who now lives in Bergen, commutes to Stavanger."),
    ("Ola Berg", "works at", "Telenor", "Stavanger resident Ola Berg won the city chess open on Saturday."),
    ("Dilek Arslan", "married to", "Kerem Demir", "Dilek Arslan's brother has since married Elif Kaya."),
    ("Kelvora", "currency", "peso", "Kelvora might switch from the peso to the euro."),
    ("Lars Eke", "lives in", "Malmö", "Lars Eke formerly lived in Umeå."),
    ("Pia Lund", "works at", "Vinge", "Pia Lund now represents Spotify in the EU case."),
    ("Velmora", "president", "Dana Ilic", "Ivo Petran, the former president of Velmora, now teaches law in Rask."),
    (
        "Ostrava",
        "president",
        "Jana Kral",
        "Ostrava's former president Petr Dvorak has published a memoir, The Quiet Hall.",
    ),
    (
        "Corvid Pay",
        "owned by",
        "Ardent Capital",
        "Corvid Pay's former chief executive, Tunde Bello, now advises startups.",
    ),
    ("Corvid Pay", "ceo", "Ngozi Eze", "Corvid Pay's former chief executive, Tunde Bello, now advises startups."),
    ("Varnholm Robotics", "ceo", "Aiko Mori", "Kenji Ito was formerly the CEO of Varnholm Robotics."),
    ("Lusenia", "currency", "rand", "Lusenia's president is now Grace Mwale, who won the run-off."),
    ("Kofi Boateng", "lives in", "Tema", "Kofi Boateng was married to Esi Owusu for ten years."),
    ("Kofi Boateng", "married to", "Ama Serwaa", "Kofi Boateng was married to Esi Owusu for ten years."),
    # a move that nearly happened, or that sources said: no change
    ("Rui Costa", "plays for", "Benfica", "Rui Costa was nearly sold to Fiorentina in January, sources said."),
    ("Rui Costa", "plays for", "Benfica", "Rui Costa almost joined Sevilla last summer."),
    # a candidacy or an offer is no change; nor is the time before one
    (
        "Ben Okoro",
        "works at",
        "Reuters",
        "Ben Okoro was briefly considered for a post at Bloomberg, according to a former colleague.",
    ),
    ("Ben Okoro", "works at", "Reuters", "Ben Okoro was approached by the BBC, his former editor said."),
    ("Nadia Haddad", "works at", "DeepMind", "Before joining Google, Nadia Haddad did a postdoc at Oxford University."),
    ("Tiago Mendes", "plays for", "Braga", "Tiago Mendes was offered a new deal by Porto after joining Braga."),
    ("Sara Lind", "plays for", "Rosengård", "Sara Lind won three cups with Hammarby before her transfer."),
    ("Tomas Eklund", "lives in", "Umeå", "Tomas Eklund is thinking about moving to Luleå."),
    ("Corvex", "headquartered in", "Lille", "Corvex had been headquartered in Nantes for years before the move."),
    ("Per Holm", "works at", "Ericsson", "Per Holm crossed the Kattegat for good: he lives in Aarhus now."),
]


def _said(subject: str, predicate: str, old: str | None, sentence: str) -> set[str]:
    """The objects the session gives ``subject``'s ``predicate`` for ``sentence``, with ``old`` active (or none)."""
    active = (ActiveFact("f1", subject, predicate, old, _BEFORE),) if old else ()
    facts = session_facts([Turn("e1", "user", sentence, _TS)], active)
    return {f.object.lower() for f in facts if f.subject == subject and f.predicate == predicate and not f.retract}


@pytest.mark.parametrize(("subject", "predicate", "old", "sentence", "new"), CHANGES)
def test_memory_names_the_relation(subject: str, predicate: str, old: str, sentence: str, new: str) -> None:
    assert _said(subject, predicate, old, sentence) == {new.lower()}


@pytest.mark.parametrize(("subject", "predicate", "old", "sentence", "new"), CHANGES)
def test_without_memory_this_reader_reads_nothing(
    subject: str, predicate: str, old: str, sentence: str, new: str
) -> None:
    """Memory is what names the relation here: without it this reader says nothing (the single-sentence readers
    may read a sentence alone, and since thirdpeople/thirdthings were merged they read many of these)."""
    assert changes(sentence, {}) == []


@pytest.mark.parametrize(("subject", "predicate", "old", "sentence"), NOTHING)
def test_no_new_value(subject: str, predicate: str, old: str, sentence: str) -> None:
    assert _said(subject, predicate, old, sentence) <= {old.lower()}


def test_earlier_in_the_session_is_memory() -> None:
    """A value said in one turn is what a later turn of the same session changes."""
    turns = [
        Turn("e1", "user", "Omar Haddad works at Shell.", _TS),
        Turn("e2", "user", "Omar Haddad, formerly of Shell, is now with Equinor.", _TS),
    ]
    facts = [f for f in session_facts(turns) if f.subject == "Omar Haddad" and f.predicate == "works at"]
    assert [f.object for f in facts if not f.retract][-1] == "Equinor"


def test_two_subjects_of_the_relation_are_a_guess() -> None:
    """Whose new club a sentence names is unclear when it names two players memory holds."""
    held = {
        "rui costa": {"plays for": Held("Rui Costa", "plays for", "Benfica")},
        "joao silva": {"plays for": Held("Joao Silva", "plays for", "Porto")},
    }
    assert changes("Rui Costa has joined Braga, replacing Joao Silva.", held) == []


def test_the_old_value_is_never_the_new_one() -> None:
    held = {"hana sato": {"lives in": Held("Hana Sato", "lives in", "Osaka")}}
    assert changes("Hana Sato has since moved back to Osaka.", held) == []


def test_a_correction_replaces_the_value_held() -> None:
    """``educated at`` keeps several values; a sentence that corrects the one memory holds replaces it."""
    held = ActiveFact("f1", "Mira Sen", "educated at", "Jadavpur University", _BEFORE)
    said = "Mira Sen is a graduate of Presidency University; an earlier profile wrongly listed Jadavpur University."
    facts = [f for f in session_facts([Turn("e1", "user", said, _TS)], [held]) if f.predicate == "educated at"]
    assert [(f.object, f.replaces) for f in facts] == [("Presidency University", "f1")]


def test_a_company_keeps_its_seat() -> None:
    """Memory that misread a company as living somewhere does not turn its new seat into a home: it also knows
    the company's CEO, so the subject is not one kind of thing."""
    held = [
        ActiveFact("f1", "Lotus Pay", "lives in", "Jakarta", _BEFORE),
        ActiveFact("f2", "Lotus Pay", "ceo", "Dewi Hartono", _BEFORE),
    ]
    said = "Lotus Pay has shifted its headquarters from Jakarta to Bangkok."
    facts = session_facts([Turn("e1", "user", said, _TS)], held)
    assert {(f.predicate, f.object) for f in facts if not f.retract} == {("headquartered in", "Bangkok")}


def test_a_seat_the_sentence_names_stays_a_seat() -> None:
    """A company memory misread as living somewhere: "relocated its HQ" names the seat, which stays a seat."""
    held = ActiveFact("f1", "Gear Loop", "lives in", "Ghent", _BEFORE)
    said = "Gear Loop has relocated its HQ to Bruges to be nearer the port."
    facts = session_facts([Turn("e1", "user", said, _TS)], [held])
    assert {(f.predicate, f.object) for f in facts if not f.retract} == {("headquartered in", "Bruges")}


def test_a_loan_is_a_sport_whatever_memory_knew() -> None:
    """Memory that read "joined Hammarby" as an employer does not make a loan to another club a job: "loaned"
    is a sport's own verb."""
    held = ActiveFact("f1", "Sara Holm", "works at", "Hammarby", _BEFORE)
    said = "Hammarby has loaned Sara Holm to Häcken for the season."
    facts = session_facts([Turn("e1", "user", said, _TS)], [held])
    assert ("plays for", "Häcken") in {(f.predicate, f.object) for f in facts if f.subject == "Sara Holm"}


def test_the_party_a_change_left_is_not_taken_back_up() -> None:
    """A sale told twice in one session: the seller named again in the retelling is the value the change left, not
    a new owner."""
    held = ActiveFact("f1", "Brisk Freight", "owned by", "Solberg Holding", _BEFORE)
    turns = [
        Turn("e1", "user", "Ardent Capital bought Brisk Freight from Solberg Holding last week.", _TS),
        Turn("e2", "user", "Brisk Freight is now owned by Ardent Capital, Solberg kept just two depots.", _TS),
    ]
    facts = [f for f in session_facts(turns, [held]) if f.predicate == "owned by" and not f.retract]
    assert {f.object for f in facts} == {"Ardent Capital"}


def test_a_place_of_death_is_corrected_not_changed() -> None:
    """Where someone died changes only when a sentence puts it right: a later mention of the person beside another
    city is no new place of death."""
    held = {"olga berg": {"died in": Held("Olga Berg", "died in", "Tartu")}}
    assert changes("Olga Berg's sculptures are exhibited now in Riga, two years after she died.", held) == []
    said = "Olga Berg actually died in Riga, her nephew has now confirmed, not in Tartu."
    assert [f.object for f in changes(said, held)] == ["Riga"]
