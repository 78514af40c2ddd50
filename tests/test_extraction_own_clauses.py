"""A user's sentence with a main clause of the user's own is the user's: what it tells of someone else on the
way is background, not a statement. A first person elsewhere (a relative clause, a comparison) leaves the
third person's fact stated. A hearsay adverb takes its own clause's fact; a device that "died", a country
left and the town a move left are of the wrong kind for a death, a job or a tool.

Each row is worded here, not taken from a corpus."""

from __future__ import annotations

import pytest

from consolidators import extract_triples


def _read(sentence: str) -> set[tuple[str, str, str, bool]]:
    return {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")}


def _others(sentence: str) -> set[tuple[str, str, str, bool]]:
    return {fact for fact in _read(sentence) if fact[0] != "user"}


@pytest.mark.parametrize(
    "sentence",
    [
        "Ines Varga was born in Pécs, and oddly enough so was my uncle.",
        "Lena Moss studied at Goldsmiths, and I wish I had gone there too.",
        "Tomas Bergh plays for Hammarby, and my nephew swears he met him at the airport.",
        "I got hooked on cycling when Omar Reyes joined Team Vesta.",
    ],
)
def test_anothers_fact_beside_the_users_own_clause_is_not_stated(sentence: str) -> None:
    assert _others(sentence) == set()


@pytest.mark.parametrize(
    ("sentence", "fact"),
    [
        ("Lena Moss plays for Hammarby, which my nephew never stops talking about.", ("Lena Moss", "plays for")),
        ("Oslo is the capital of Norway, not Bergen as my aunt thinks.", ("Norway", "capital")),
        (
            "Sorry, my last message was wrong: Kelvar Tools is headquartered in Brno.",
            ("Kelvar Tools", "headquartered in"),
        ),
        ("My aunt Priya Nair lives in Leeds.", ("Priya Nair", "lives in")),
    ],
)
def test_a_first_person_outside_a_main_clause_leaves_the_fact_stated(sentence: str, fact: tuple[str, str]) -> None:
    assert fact in {(s, p) for s, p, _, _ in _read(sentence)}


def test_the_users_own_fact_in_such_a_sentence_stays() -> None:
    assert ("user", "born in", "Pécs", False) in _read("I was born in Pécs, and so was Ines Varga.")


@pytest.mark.parametrize(
    "sentence", ["Omar Reyes lives in Porto, apparently.", "Omar Reyes reportedly lives in Porto these days."]
)
def test_a_clause_passed_on_by_a_hearsay_adverb_states_nothing(sentence: str) -> None:
    assert _others(sentence) == set()


def test_a_hearsay_adverb_in_a_nested_clause_leaves_the_main_one_stated() -> None:
    sentence = "Mira Holt, who directed the 2018 drama Low Tide, is reportedly planning a sequel."
    assert ("Low Tide", "directed by", "Mira Holt", False) in _read(sentence)


def test_a_device_that_died_is_no_death() -> None:
    assert not any(p == "died in" for _, p, _, _ in _read("My laptop is a ThinkPad now, the old Dell died in Lisbon."))


def test_a_person_who_died_still_did() -> None:
    assert ("Marta Ruiz", "died in", "Seville", False) in _read("Marta Ruiz died in Seville.")


def test_a_country_left_is_no_employer() -> None:
    assert not any(r for _, _, _, r in _read("I was born in Braga but left Portugal when I was six."))


def test_the_town_a_move_left_is_no_tool() -> None:
    assert _read("Just relocated to Bristol from Bath, boxes everywhere.") == {("user", "lives in", "Bristol", False)}


def test_an_employer_left_is_still_retracted() -> None:
    assert ("user", "works at", "Deloitte", True) in _read("I left Deloitte last month.")


def test_the_hours_of_a_course_are_no_part_of_it() -> None:
    assert ("user", "studies", "geology", False) in _read("I'm studying geology part-time.")
