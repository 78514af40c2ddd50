"""People the user names by how they know them ("my colleague Rashida Okoro …", "my manager …"), the value a
common noun's place stands in for, and a post joined "as" a title. Each sentence is worded here, not taken from a
corpus; each fails if the reader gives the clause to the user, takes the place for the employer or the post for
a place on the team."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str]


def _said(sentence: str, role: str = "user") -> set[Triple]:
    return {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, role) if not f.retract}


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("My colleague Ilse Brandvold lives in Tromsø.", ("Ilse Brandvold", "lives in", "Tromsø")),
        ("Our neighbour, Piet Kessing, moved to Utrecht.", ("Piet Kessing", "lives in", "Utrecht")),
        ("My sister-in-law Noor Haddad speaks Dutch.", ("Noor Haddad", "speaks", "Dutch")),
        ("My old flatmate Cosmin Radu works at Siemens.", ("Cosmin Radu", "works at", "Siemens")),
    ],
)
def test_a_person_named_by_relation_holds_the_clause(sentence: str, expected: Triple) -> None:
    said = _said(sentence)
    assert expected in said
    assert not {t for t in said if t[0] == "user"}


@pytest.mark.parametrize(
    "sentence",
    [
        "My manager switched his editor to Helix.",
        "my boss moved his notes from Notion to Obsidian",
        "Our neighbour, Piet Kessing, moved to Utrecht.",
    ],
)
def test_the_named_persons_change_is_not_the_users(sentence: str) -> None:
    assert not {t for t in _said(sentence) if t[0] == "user"}


@pytest.mark.parametrize(
    ("sentence", "kept"),
    [
        ("My wife Soraya works at Unilever.", ("user", "married to", "Soraya")),
        ("My wife is Soraya.", ("user", "married to", "Soraya")),
        ("My editor is Helix.", ("user", "editor", "Helix")),
        ("My wife and I moved to Utrecht.", ("user", "lives in", "Utrecht")),
        ("My hamster is called Pip.", ("user", "has pet", "Pip")),
    ],
)
def test_the_speakers_own_relation_stays(sentence: str, kept: Triple) -> None:
    assert kept in _said(sentence)


@pytest.mark.parametrize("sentence", ["My friend Soraya was born in Tabriz.", "my colleague Ilse speaks Norwegian"])
def test_a_first_name_alone_keys_no_fact(sentence: str) -> None:
    assert not _said(sentence)


def test_a_hedge_on_the_named_persons_clause_still_holds() -> None:
    assert not _said("My colleague Ilse Brandvold might move to Tromsø.")


@pytest.mark.parametrize(
    "sentence",
    [
        "Halvard Moen works at the hospital in Bodø.",
        "Her husband Halvard works at a bakery in Bodø.",
        "Ayla Demir teaches at a school in Izmir.",
    ],
)
def test_a_place_inside_a_common_noun_is_no_employer(sentence: str) -> None:
    assert not {t for t in _said(sentence, "assistant") if t[1] == "works at"}


@pytest.mark.parametrize("sentence", ["I work at a bakery in Tromsø.", "I work at clinics in Bergen these days."])
def test_the_users_common_noun_employer_is_none_whatever_its_determiner(sentence: str) -> None:
    assert not {t for t in _said(sentence) if t[1] == "works at"}


def test_the_name_before_a_common_noun_is_the_employer() -> None:
    said = _said("Halvard Moen works at the Ullevål hospital in Oslo.", "assistant")
    assert ("Halvard Moen", "works at", "Ullevål") in said


def test_a_place_inside_a_common_noun_is_still_where_one_died() -> None:
    assert ("Ayla Demir", "died in", "Izmir") in _said("Ayla Demir died in a hospital in Izmir.", "assistant")


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Bram Oosting joined Vessel Club as CTO.", ("Bram Oosting", "works at", "Vessel Club")),
        ("Bram Oosting joined Kestrel FC as head coach.", ("Bram Oosting", "works at", "Kestrel FC")),
        (
            "Bram Oosting has signed for Kestrel Rovers as their new manager.",
            ("Bram Oosting", "works at", "Kestrel Rovers"),
        ),
        ("Bram Oosting joined Kestrel FC as a winger.", ("Bram Oosting", "plays for", "Kestrel FC")),
    ],
)
def test_a_post_joined_as_a_title_is_work_not_play(sentence: str, expected: Triple) -> None:
    said = _said(sentence, "assistant")
    assert expected in said
    assert len({p for _, p, _ in said if p in ("works at", "plays for")}) == 1


def test_a_users_post_is_no_part_of_the_employer() -> None:
    assert ("user", "works at", "Vessel Club") in _said("I joined Vessel Club as CTO.")


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the parser compounds a correctly tagged name into "plays": read again with a stand-in name
        ("Yerlan Abenov plays for Kairat Almaty.", ("Yerlan Abenov", "plays for", "Kairat Almaty")),
        # a departure's purpose that is the work itself names where the work now is
        (
            "Oona Relander has left Nokia to work at the Turku Institute.",
            ("Oona Relander", "works at", "Turku Institute"),
        ),
        ("Dario Benn left Ajax to play for Celtic.", ("Dario Benn", "plays for", "Celtic")),
    ],
)
def test_third_person_readings(sentence: str, expected: Triple) -> None:
    assert expected in _said(sentence, "assistant")


def test_a_job_kept_elsewhere_makes_no_employer_of_the_new_home() -> None:
    said = _said("Kofi Asante has moved to Hamburg, though he keeps his post at the Aalto Institute.", "assistant")
    assert ("Kofi Asante", "works at", "Hamburg") not in said


@pytest.mark.parametrize(
    "sentence", ["My neighbour Tomasz Wrobel has a parrot called Kiwi.", "My aunt Ines Moreau owns a horse named Dune."]
)
def test_the_named_persons_relation_outside_the_vocabulary_is_no_fact(sentence: str) -> None:
    assert not _said(sentence)
