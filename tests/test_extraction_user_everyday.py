"""First-person facts in everyday chat: what trails a value ("Czech not Slovak", "Tromsø ever since", "kayaking
after work", "as usual"), a role given up in the words that name it ("retired MongoDB as our database"), a tool
named in brackets after its role ("my phone (pixel 7)"), and everyday idioms of the user's spouse, home,
employer, field, languages, drink and tools. Phrasings written for these tests only; none is in the quality corpora."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str]


def triples(sentence: str) -> set[Triple]:
    return {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "user") if not f.retract}


def retracted(sentence: str) -> set[Triple]:
    return {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "user") if f.retract}


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("I speak Czech not Slovak, people mix them up", ("user", "speaks", "Czech")),
        ("my editor is Helix not Vim", ("user", "editor", "Helix")),
        ("I married Sofia in 2015 and we've lived in Tromsø ever since.", ("user", "lives in", "Tromsø")),
        ("I really enjoy kayaking after work", ("user", "likes", "kayaking")),
        ("I love swimming before work", ("user", "likes", "swimming")),
    ],
)
def test_a_contrast_or_a_time_after_the_value_is_no_part_of_it(sentence: str, expected: Triple) -> None:
    found = triples(sentence)
    assert expected in found
    assert not any(f[1] == expected[1] and f != expected for f in found)


def test_a_name_that_opens_with_not_stays_whole() -> None:
    assert ("user", "works at", "Not Boring Co") in triples("I work at Not Boring Co")


@pytest.mark.parametrize(
    "sentence",
    [
        "I work at Halvard Bank as usual",
        "I'm at the office at Pellham as always",
        "I work at Orrin Labs as planned",
    ],
)
def test_an_adverbial_as_idiom_is_no_title(sentence: str) -> None:
    assert not any(p == "works as" for _, p, _ in triples(sentence))


def test_a_title_after_as_is_still_read() -> None:
    assert ("user", "works as", "nurse") in triples("I work at Pellham as a nurse")


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("I'm done with Opera as a browser, uninstalled it yesterday", ("user", "browser", "Opera")),
        ("We retired MongoDB as our database last quarter.", ("user", "database", "MongoDB")),
        ("we dropped Travis as our CI after the outage", ("user", "ci", "Travis")),
    ],
)
def test_a_role_given_up_is_taken_back_not_held(sentence: str, expected: Triple) -> None:
    assert expected in retracted(sentence)
    assert expected not in triples(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "I'm not done with Opera as a browser yet",
        "should we retire MongoDB as our database?",
    ],
)
def test_a_role_not_given_up_is_not_taken_back(sentence: str) -> None:
    assert not retracted(sentence)


def test_a_role_kept_is_held() -> None:
    assert ("user", "browser", "Opera") in triples("I use Opera as my browser")


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("on my phone (pixel 7) the alarm keeps failing", ("user", "phone", "pixel 7")),
        ("my browser (Vivaldi) keeps crashing, any idea?", ("user", "browser", "Vivaldi")),
        ("my password manager (Bitwarden) won't sync, ugh", ("user", "password manager", "Bitwarden")),
    ],
)
def test_a_tool_in_brackets_after_its_role_holds_it(sentence: str, expected: Triple) -> None:
    assert expected in triples(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "my phone (the old one) is dead",  # no name in the brackets
        "my old phone (Pixel 5) still works",  # a former holder
        "my sister's phone (iPhone 12) is cracked",  # someone else's
        "my editor (Sarah) is slow",  # an editor may be a person
        "on my laptop (ThinkPad X1) the fan is loud",  # a device, not its system
    ],
)
def test_brackets_that_name_no_current_tool_of_the_user_state_nothing(sentence: str) -> None:
    assert not triples(sentence)


def test_a_last_day_with_nothing_next_still_takes_the_employer_back() -> None:
    assert ("user", "works at", "Orvik") in retracted("my last day at Orvik was Friday")


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("I speak Italian and a fair bit of Greek.", {"Italian", "Greek"}),
        ("I speak Dutch and French, plus a bit of Turkish from my year in Izmir", {"Dutch", "French", "Turkish"}),
        ("Hindi is my first language, English second", {"Hindi", "English"}),
        ("besides Spanish I speak Catalan", {"Spanish", "Catalan"}),
    ],
)
def test_each_language_of_an_everyday_list_is_spoken(sentence: str, expected: set[str]) -> None:
    assert {o for _, p, o in triples(sentence) if p == "speaks"} == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "my brother speaks Dutch, plus a bit of Turkish",
        "besides Spanish my sister speaks Catalan",
        "I don't speak Greek, plus a bit of nothing",
    ],
)
def test_someone_elses_or_a_denied_language_is_not_the_users(sentence: str) -> None:
    assert not any(p == "speaks" for _, p, _ in triples(sentence))


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("I am married with Ingrid since 2017", ("user", "married to", "Ingrid")),
        ("Priya and I got married in May", ("user", "married to", "Priya")),
        ("Currently I reside in Cluj, it's cheap.", ("user", "lives in", "Cluj")),
        ("my cousin lives in Porto, I'm in Faro", ("user", "lives in", "Faro")),
        ("my sister moved to Lyon for her job, I'm still stuck here in Grenoble", ("user", "lives in", "Grenoble")),
        ("Ana works at Sonae; I'm at Jerónimo Martins.", ("user", "works at", "Jerónimo Martins")),
        ("currently majoring in astrophysics, help me pick electives", ("user", "studies", "astrophysics")),
        ("Trello is how I plan every sprint.", ("user", "uses", "Trello")),
        ("Figma is what I use to sketch screens.", ("user", "uses", "Figma")),
    ],
)
def test_everyday_idioms_state_the_users_fact(sentence: str, expected: Triple) -> None:
    assert expected in {(s, p, o if p != "married to" else o.capitalize()) for s, p, o in triples(sentence)}


@pytest.mark.parametrize(
    "sentence",
    [
        "she and i got married in may",  # a pronoun names no partner
        "I was married with Ingrid",  # a past state
        "my cousin lives in Porto, I'm in Faro for the weekend",  # a stay, not a home
        "my cousin lives in Porto, am I in Faro?",
        "I will be majoring in law",  # a plan
        "Paris is how I remember it",  # no tool
        "Trello is what I hate most",
    ],
)
def test_near_misses_of_everyday_idioms_state_nothing_of_the_user(sentence: str) -> None:
    assert not {f for f in triples(sentence) if f[1] in ("married to", "lives in", "studies", "uses")}


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("I prefer kvass to soda, and I drink it daily.", ("user", "prefers drink", "kvass")),
        ("I prefer ayran over black tea", ("user", "prefers drink", "ayran")),
    ],
)
def test_what_is_preferred_to_a_drink_is_the_preferred_drink(sentence: str, expected: Triple) -> None:
    assert triples(sentence) == {expected}


@pytest.mark.parametrize("sentence", ["I'd prefer kvass to soda", "my dad prefers kvass to soda"])
def test_a_wished_or_someone_elses_preference_is_no_drink_of_the_users(sentence: str) -> None:
    assert not triples(sentence)


def test_what_is_preferred_to_no_drink_is_no_drink() -> None:
    assert not any(p == "prefers drink" for _, p, _ in triples("I prefer Linux to Windows"))


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("we use Trello for planning the wedding", ("user", "uses", "Trello")),
        ("I use Asana for planning my sprints", ("user", "uses", "Asana")),
    ],
)
def test_a_tool_used_for_planning_is_used_now(sentence: str, expected: Triple) -> None:
    assert expected in triples(sentence)


def test_planning_to_use_a_tool_is_still_a_plan() -> None:
    assert not triples("I'm planning to use Trello")


def test_a_day_after_a_name_at_a_sentences_end_is_no_part_of_it() -> None:
    assert {o for *_, o in retracted("I quit Duolingo yesterday. Starting fresh on monday")} == {"Duolingo"}
