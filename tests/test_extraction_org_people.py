"""Organisations and their people: a date is never the party someone joined, works at or plays for, and a
relation's own label noun beside a name ("HQ") is no part of that name.

Each row is worded here, not taken from a corpus, and fails if the mechanism it needs goes."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str, bool]


def _read(sentence: str) -> set[Triple]:
    return {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")}


@pytest.mark.parametrize(
    "sentence",
    [
        "Brantwick CFO Kelda Moor joined in April.",
        "Tomas Ekberg joined on Tuesday.",
        "I was hired as a tutor for Sunday.",
        "Tomas Ekberg joined in March 2019.",
    ],
)
def test_a_date_is_no_party(sentence: str) -> None:
    dates = ("April", "Tuesday", "Sunday", "March 2019", "March")
    assert not {t for t in _read(sentence) if t[1] in ("works at", "plays for", "member of") and t[2] in dates}


@pytest.mark.parametrize(
    ("sentence", "triple"),
    [
        ("Tomas Ekberg joined June Robotics last spring.", ("Tomas Ekberg", "works at", "June Robotics", False)),
        ("Tomas Ekberg works for Friday Ventures.", ("Tomas Ekberg", "works at", "Friday Ventures", False)),
        ("Tomas Ekberg joined Tuesday.io in 2020.", ("Tomas Ekberg", "works at", "Tuesday.io", False)),
        ("I work for March Clinics as a porter.", ("user", "works at", "March Clinics", False)),
    ],
)
def test_a_name_holding_a_date_is_still_the_party(sentence: str, triple: Triple) -> None:
    assert triple in _read(sentence)


@pytest.mark.parametrize("sentence", ["Orrery Freight HQ: Tallinn (proposed)", "Lumenfeld HQ: Graz (pending)."])
def test_a_seat_the_aside_says_is_not_yet_taken_is_no_seat(sentence: str) -> None:
    assert not {t for t in _read(sentence) if t[1] == "headquartered in"}


def test_a_named_hq_is_the_namesake_seat_not_a_located_thing() -> None:
    # The speaker's cousin in a relative clause: a main clause of theirs ("…, my cousin works there") would make
    # the seat background to the speaker's own news (consolidators/ownclauses.py), which is not what this tests.
    said = _read("Orrery Freight HQ is in Tallinn, where my cousin works.")
    assert ("Orrery Freight", "headquartered in", "Tallinn", False) in said
    assert not {t for t in said if t[1] == "located in"}


def test_a_based_person_described_by_a_job_lives_there_and_has_no_seat() -> None:
    said = _read("Bergen-based potter Noor Park joined Lumenfeld.")
    assert not {t for t in said if t[1] == "headquartered in"}
    assert ("Noor Park", "works at", "Lumenfeld", False) in said


@pytest.mark.parametrize(
    ("sentence", "triple"),
    [
        ("Orrery Freight HQ: Tallinn", ("Orrery Freight", "headquartered in", "Tallinn", False)),
        ("Lumenfeld HQ: Graz.", ("Lumenfeld", "headquartered in", "Graz", False)),
    ],
)
def test_a_label_after_a_name_is_no_part_of_it(sentence: str, triple: Triple) -> None:
    assert triple in _read(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Odile Brun was named CEO of Pellar, but the appointment was blocked.",
        "Odile Brun was named CEO of Pellar, but it fell through.",
        "Tevan Rusk left Corma to become CEO of Ilvane, but the deal collapsed.",
    ],
)
def test_a_change_that_fell_through_holds_nothing(sentence: str) -> None:
    assert not {t for t in _read(sentence) if t[1] == "ceo" and not t[3]}


def test_another_thing_that_failed_undoes_no_post() -> None:
    assert ("Pellar", "ceo", "Odile Brun", False) in _read(
        "Odile Brun is CEO of Pellar, but the merger with Orlo collapsed."
    )


@pytest.mark.parametrize(
    ("sentence", "triple"),
    [
        ("Ines Varga is a co-founder of Halvard Systems.", ("Halvard Systems", "founded by", "Ines Varga", False)),
        ("Ilse Norrby is a co-founder of Orsa Guild.", ("Orsa Guild", "founded by", "Ilse Norrby", False)),
    ],
)
def test_a_shared_role_is_the_role(sentence: str, triple: Triple) -> None:
    assert triple in _read(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Lorna Quell is the CTO of Mirefield Labs.",
        "Mirefield Labs' chief technology officer, Lorna Quell, opened the summit.",
        "Lorna Quell, who serves as CTO at Mirefield Labs, opened the summit.",
    ],
)
def test_a_chief_officer_below_the_ceo_works_there_in_every_phrasing(sentence: str) -> None:
    assert ("Lorna Quell", "works at", "Mirefield Labs", False) in _read(sentence)


def test_a_place_the_tagger_took_for_a_common_noun_is_the_base() -> None:
    said = _read("Leuven-based Orrin Biotech raised 40 million euros.")
    assert ("Orrin Biotech", "headquartered in", "Leuven", False) in said


@pytest.mark.parametrize(
    ("sentence", "seat"),
    [
        # "the <place>-based company" with no name of its own is the one firm the sentence named before it,
        # whatever its clause then plans
        (
            "Odile Marchetti, chief executive of Quarrin Freight, said the Antwerp-based company would open two depots.",
            ("Quarrin Freight", "headquartered in", "Antwerp", False),
        ),
        (
            "Tessaly Foods appointed Bram Okonjo as its CEO, and the Lyon-based firm expects to double sales.",
            ("Tessaly Foods", "headquartered in", "Lyon", False),
        ),
        # "the <place> company said": the place before a plain firm noun is where the firm sits
        (
            "Ines Valdro has been named Corvath Labs' chief executive, the Porto company said.",
            ("Corvath Labs", "headquartered in", "Porto", False),
        ),
    ],
)
def test_a_firm_described_by_its_seat_is_the_firm_named_before(sentence: str, seat: Triple) -> None:
    assert seat in _read(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        # two firms before the description: which one it is would be a guess
        "Pell Robotics, owned by Darrow Group, said the Bergen-based company would hire.",
        # a group named after its owner's name is the owner, not a place ("the Ostrava group" may be)
        "Velto Motors' chief executive Anna Kral resigned, the Harlow group said.",
    ],
)
def test_a_seat_description_with_no_one_firm_before_it_places_no_one(sentence: str) -> None:
    assert not {t for t in _read(sentence) if t[1] == "headquartered in"}


@pytest.mark.parametrize(
    ("sentence", "triple"),
    [
        # a post over a field is held at the "at" name, wherever the parser hangs the "at"
        (
            "Tove Lindahl is the head of compliance at Brask Savings.",
            ("Tove Lindahl", "works at", "Brask Savings", False),
        ),
        (
            "Dara Quinn, head of pricing at Velt Foods, spoke on Monday.",
            ("Dara Quinn", "works at", "Velt Foods", False),
        ),
        # an officer below the chief executive works at the firm; the chief executive officer is its ceo
        (
            "Lena Voss serves as chief operating officer of Marrow Labs.",
            ("Lena Voss", "works at", "Marrow Labs", False),
        ),
        (
            "Omar Sidi, the chief executive officer of Brask Energy, spoke.",
            ("Brask Energy", "ceo", "Omar Sidi", False),
        ),
    ],
)
def test_a_post_over_a_field_or_an_officer_works_at_the_firm(sentence: str, triple: Triple) -> None:
    assert triple in _read(sentence)


def test_a_head_of_state_is_no_employee() -> None:
    assert _read("Mira Tan is head of state of Velmoria.") == {("Velmoria", "president", "Mira Tan", False)}


@pytest.mark.parametrize(
    ("sentence", "triple"),
    [
        # a capital described, not owned by a name, is the capital of the one country the sentence names
        (
            "Most embassies in Dravonia sit in Keltmar, the nation's capital.",
            ("Dravonia", "capital", "Keltmar", False),
        ),
        (
            "President Ana Morr of Ostria opened a library in Velden, the capital.",
            ("Ostria", "capital", "Velden", False),
        ),
    ],
)
def test_a_capital_described_is_the_one_named_country_s(sentence: str, triple: Triple) -> None:
    assert triple in _read(sentence)


def test_a_capital_described_beside_two_countries_is_no_one_s() -> None:
    found = _read("Trade rose between Norway and Sweden, a spokesman in Oslo, the capital, said.")
    assert not {t for t in found if t[1] == "capital"}


@pytest.mark.parametrize(
    ("sentence", "triple"),
    [
        # a head office said with its place before it is its owner's seat; "its" is the one firm named
        (
            "From its Porto headquarters, Tessaly Foods exports olive oil to nine countries.",
            ("Tessaly Foods", "headquartered in", "Porto", False),
        ),
        (
            "Corvath Labs' new chief executive, Ines Valdro, met staff at the company's Porto head office on Monday.",
            ("Corvath Labs", "headquartered in", "Porto", False),
        ),
        # "its" is the sentence's subject's, when the subject's name says it is a firm
        (
            "Velmar Foods, owned by Orrin Holdings, said chief executive Dana Pike would speak at its Leeds headquarters.",
            ("Velmar Foods", "headquartered in", "Leeds", False),
        ),
        # a place of two words before the noun is named whole, never by its last word
        (
            "Corvath Labs' new chief executive, Ines Valdro, toured the Santa Fe head office on Monday.",
            ("Corvath Labs", "headquartered in", "Santa Fe", False),
        ),
    ],
)
def test_a_head_office_said_with_its_place_is_the_firm_s_seat(sentence: str, triple: Triple) -> None:
    assert triple in _read(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Tessaly Foods runs its Lisbon office with six staff.",  # an office, one of many, is no seat
        "From its Porto headquarters, Tessaly Foods ships olive oil to Brask Energy.",  # "its": which of two firms?
    ],
)
def test_an_office_or_a_head_office_of_no_one_firm_is_no_seat(sentence: str) -> None:
    assert not {t for t in _read(sentence) if t[1] == "headquartered in"}


@pytest.mark.parametrize(
    "sentence",
    [
        # a head office left or still to come is no seat now
        "From its former Braga headquarters, Velmar Foods sells cheese.",
        "From its proposed Braga head office, Velmar Foods will sell cheese.",
        "Out of its future Braga headquarters, Velmar Foods will ship cheese.",
    ],
)
def test_a_past_or_planned_head_office_is_no_seat(sentence: str) -> None:
    assert not {t for t in _read(sentence) if t[1] == "headquartered in"}


def test_a_capital_denied_is_no_one_s() -> None:
    found = _read("Most ministries in Dravonia sit in Keltmar, not the nation's capital.")
    assert not {t for t in found if t[1] == "capital"}


def test_a_seat_description_after_a_buyer_and_a_bought_firm_places_no_one() -> None:
    # the buyer is a firm too, whatever its name's words: which one is "the company" would be a guess
    found = _read("Tallow Freight will acquire Pell Logistics, and the Hamburg-based company will cut jobs.")
    assert not {t for t in found if t[1] == "headquartered in"}


def test_its_head_office_is_not_the_owner_s_named_after_the_subject() -> None:
    found = _read("Ostra Air is owned by Brant Aviation Group and run from its Faro headquarters.")
    assert ("Brant Aviation Group", "headquartered in", "Faro", False) not in found


def test_a_firm_employing_someone_as_its_officer_is_their_employer_not_the_reverse() -> None:
    found = _read("Corran Bank employs Ana Reis as its head of compliance.")
    assert ("Ana Reis", "works at", "Corran Bank", False) in found
    assert not {t for t in found if t[0] == "Corran Bank" and t[1] == "works at"}
