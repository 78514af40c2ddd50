"""Third-person news that names an office, a club or a post without giving it.

An office put to a vote that fails, only run for, or framed by a motion is no office held
(:mod:`consolidators.pastholders`, :mod:`consolidators.stale`); a player joining a Nordic club by its letters
("… FK", "… BK") plays for it (:func:`consolidators.moves.club_shaped`); a post said in an opening phrase belongs to
the name after the comma, never to the speaker (:mod:`consolidators.describesanother`).

Every sentence is written for these tests, with names the corpora don't use; each case has a control in the same
words that must still yield its fact.
"""

from __future__ import annotations

import pytest

from consolidators import extract_triples
from consolidators.describesanother import describes_another
from consolidators.moves import club_shaped

Triple = tuple[str, str, str]


def _facts(sentence: str) -> set[Triple]:
    return {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "user") if not f.retract}


#: (sentence, a fact it must not yield)
NOT_HELD: list[tuple[str, Triple]] = [
    # a motion or proposal frames the whole relation: it was put forward, not done
    ("A motion to install Berit Okafor as mayor of Glenmoor was thrown out.", ("Glenmoor", "mayor", "Berit Okafor")),
    (
        "The assembly turned down a proposal to make Tavi Renn governor of Ostrava Province.",
        ("Ostrava Province", "governor", "Tavi Renn"),
    ),
    # an appointment the sentence turns down
    (
        "Lawmakers voted down the nomination of Corin Adjei as president of Kelvara.",
        ("Kelvara", "president", "Corin Adjei"),
    ),
    # a candidacy: run or stood for, not won
    (
        "Mauro Szabo, who stood for mayor of Lindqvist Bay in 2021, now lectures at Pembry College.",
        ("Lindqvist Bay", "mayor", "Mauro Szabo"),
    ),
    ("Odile Marsh is campaigning for governor of Westerby.", ("Westerby", "governor", "Odile Marsh")),
]

#: (sentence, the fact it must still yield): the same words, with the office given
HELD: list[tuple[str, Triple]] = [
    ("Berit Okafor was sworn in as mayor of Glenmoor on Monday.", ("Glenmoor", "mayor", "Berit Okafor")),
    (
        "Mauro Szabo, who stood for mayor of Lindqvist Bay in 2017, was elected mayor of Lindqvist Bay in 2021.",
        ("Lindqvist Bay", "mayor", "Mauro Szabo"),
    ),
    # a campaign for another office leaves the one held standing
    (
        "The mayor of Glenmoor, Berit Okafor, is campaigning for governor of Westerby.",
        ("Glenmoor", "mayor", "Berit Okafor"),
    ),
    # a name's own clause is said outright, whatever verb of intent governs the sentence
    (
        "Harwick Mills, which is owned by Tessaly Group, plans to open a shop.",
        ("Harwick Mills", "owned by", "Tessaly Group"),
    ),
]


@pytest.mark.parametrize(("sentence", "fact"), NOT_HELD)
def test_an_office_only_sought_or_proposed_is_not_held(sentence: str, fact: Triple) -> None:
    assert fact not in _facts(sentence)


@pytest.mark.parametrize(("sentence", "fact"), HELD)
def test_an_office_given_is_still_read(sentence: str, fact: Triple) -> None:
    assert fact in _facts(sentence)


@pytest.mark.parametrize("name", ["Viken FK", "Storhamar BK", "Ulvik IF", "Fjordby FF"])
def test_nordic_club_letters_make_a_club(name: str) -> None:
    assert club_shaped(name)


@pytest.mark.parametrize("name", ["Nordlys Energi AS", "Halvard Bank", "FK"])
def test_a_company_or_bare_letters_are_no_club(name: str) -> None:
    assert not club_shaped(name)


def test_joining_a_club_by_its_letters_is_playing_for_it() -> None:
    facts = _facts("Sindre Vatne joined Viken FK from Storhamar BK last summer.")
    assert ("Sindre Vatne", "plays for", "Viken FK") in facts
    assert not any(p == "works at" for _, p, _ in facts)


@pytest.mark.parametrize(
    "sentence",
    [
        "Employed by the Coastal Ferry Trust, Agnes Ruud spends her days on the water.",
        "Recruited by Pellow Bank in 2019, analyst Dmitri Hale now runs its branch in Cork.",
        "Signed for Ardmore Rovers in 2022, Kwesi Boateng scored twice on Saturday.",
    ],
)
def test_a_post_in_an_opening_phrase_is_the_named_persons(sentence: str) -> None:
    assert describes_another(sentence)
    assert not any(s == "user" for s, _, _ in _facts(sentence))


@pytest.mark.parametrize(
    "sentence",
    ["Hired by Pellow Bank last week, starting Monday.", "Hired by Pellow Bank, I start in May."],
)
def test_a_speakers_own_post_stays_theirs(sentence: str) -> None:
    assert not describes_another(sentence)


@pytest.mark.parametrize(
    ("sentence", "fact"),
    [
        (
            "The Halsey Trust for Coastal Birds was set up by Imogen Vale in 1988.",
            ("Halsey Trust for Coastal Birds", "founded by", "Imogen Vale"),
        ),
        (
            "Priya Nandakumar works at the Dorrow Institute for Tidal Energy.",
            ("Priya Nandakumar", "works at", "Dorrow Institute for Tidal Energy"),
        ),
    ],
)
def test_an_institutions_name_is_kept_whole_across_for(sentence: str, fact: Triple) -> None:
    assert fact in _facts(sentence)


def test_a_place_after_of_stays_the_place() -> None:
    assert ("Kelso", "mayor", "Anneli Rusk") in _facts("Anneli Rusk is the mayor of Kelso.")


@pytest.mark.parametrize(
    ("sentence", "fact"),
    [
        (
            "Brightmoor Rovers, based in Carlow, sold out the new stand.",
            ("Brightmoor Rovers", "headquartered in", "Carlow"),
        ),
        (
            "Tollund Marine, which is based in Esbjerg, won a ferry order.",
            ("Tollund Marine", "headquartered in", "Esbjerg"),
        ),
    ],
)
def test_an_organisation_based_somewhere_is_headquartered_there(sentence: str, fact: Triple) -> None:
    facts = _facts(sentence)
    assert fact in facts
    assert not any(p == "lives in" for _, p, _ in facts)


def test_a_person_based_somewhere_lives_there() -> None:
    assert ("Oskar Lindahl", "lives in", "Esbjerg") in _facts("Oskar Lindahl, a painter, is based in Esbjerg.")


def test_a_country_adjective_on_a_firm_gives_the_country_no_chief() -> None:
    facts = _facts("Ilse Brandt succeeded Tom Veld as chief executive of Danish state ferry line Baltrup Ferries.")
    assert not any(s == "Denmark" for s, _, _ in facts)


@pytest.mark.parametrize(
    ("sentence", "fact"),
    [
        ("Wendell Pryce has joined the Harrowby Silver Band.", ("Wendell Pryce", "member of", "Harrowby Silver Band")),
        ("Nia Obi joined the Lune Valley Chamber Choir in May.", ("Nia Obi", "member of", "Lune Valley Chamber Choir")),
    ],
)
def test_one_who_joins_an_ensemble_is_its_member(sentence: str, fact: Triple) -> None:
    facts = _facts(sentence)
    assert fact in facts
    assert not any(p == "works at" for _, p, _ in facts)


def test_one_who_joins_a_firm_works_there() -> None:
    assert ("Wendell Pryce", "works at", "Harrowby Bank") in _facts("Wendell Pryce has joined Harrowby Bank.")


@pytest.mark.parametrize(
    "sentence",
    [
        "The rapper Yaw Mensa signed with Lantern Hill Records in 2020.",
        "Yaw Mensa signed to Lantern Hill Records on 3 June 2022.",
    ],
)
def test_a_record_deal_is_no_team(sentence: str) -> None:
    assert not any(p == "plays for" for _, p, _ in _facts(sentence))


def test_a_dated_signing_with_a_club_is_still_playing_for_it() -> None:
    facts = _facts("Yaw Mensa signed for Carrow Rovers on 3 June 2022.")
    assert ("Yaw Mensa", "plays for", "Carrow Rovers") in facts
