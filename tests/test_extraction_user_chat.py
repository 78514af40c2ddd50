"""First-person chat read by how English works rather than by one corpus sentence: alternatives joined by "or",
a last day still ahead, a state said as where one is, a pet adopted after a time or a place, pastimes listed
with a noun beside an activity. Phrasings written for these tests only; none is in the quality corpora."""

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
        # a tool used by turns: both are used, and what says when ("depending on …") is no part of a name
        (
            "I use Thunderbird or Apple Mail depending on the inbox",
            {("user", "uses", "Thunderbird"), ("user", "uses", "Apple Mail")},
        ),
        (
            "I use Zoho Writer or Pages depending on who sent the file",
            {("user", "uses", "Zoho Writer"), ("user", "uses", "Pages")},
        ),
    ],
)
def test_tools_used_by_turns_are_each_used(sentence: str, expected: set[Triple]) -> None:
    assert triples(sentence) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "I drink rooibos or mint tea",  # one favourite drink, offered as two: neither
        "I use Zoho Writer or Pages",  # one or the other, which is not said
        "my editor is Kate or Geany depending on the machine",
        "Should I use Thunderbird or Apple Mail?",
        "I might use Zoho Writer or Pages",
    ],
)
def test_a_choice_between_two_values_states_neither(sentence: str) -> None:
    assert not triples(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "my last day at Pellwood Foods is at the end of the month",
        "our last day with Harrow Freight is mid-June",
        "my final day at Quenby Labs is the Friday after next",
    ],
)
def test_a_last_day_said_in_the_present_is_still_ahead(sentence: str) -> None:
    assert not retracted(sentence) and not triples(sentence)


@pytest.mark.parametrize(
    ("sentence", "left"),
    [
        ("my last day at Pellwood Foods was yesterday", "Pellwood Foods"),
        ("my last day at Pellwood Foods is today", "Pellwood Foods"),
        ("my final day at Quenby Labs was on tuesday", "Quenby Labs"),
    ],
)
def test_a_last_day_that_came_ends_the_job(sentence: str, left: str) -> None:
    assert ("user", "works at", left) in retracted(sentence)


@pytest.mark.parametrize(
    "sentence",
    ["i'm in limbo now, moved out last month", "we're in lockdown now, moved in march", "i'm in transit now"],
)
def test_a_state_said_as_where_one_is_is_no_home(sentence: str) -> None:
    assert not {t for t in triples(sentence) if t[1] == "lives in"}


def test_a_lower_case_town_said_after_a_move_is_a_home() -> None:
    assert ("user", "lives in", "kaunas") in {
        (s, p, o.lower()) for s, p, o in triples("we're in kaunas now, moved last month")
    }


@pytest.mark.parametrize(
    ("sentence", "pet"),
    [
        ("right after Easter adopted a whippet called Juno", "Juno"),
        ("settled in Tartu and adopted a tabby named Kiri", "Kiri"),
    ],
)
def test_a_time_or_place_before_a_dropped_i_is_no_other_owner(sentence: str, pet: str) -> None:
    assert ("user", "has pet", pet) in triples(sentence)


@pytest.mark.parametrize(
    "sentence",
    ["Oskar adopted a whippet called Juno", "she adopted a tabby named Kiri", "they just adopted a lurcher named Bo"],
)
def test_someone_elses_adoption_is_not_the_users_pet(sentence: str) -> None:
    assert not {t for t in triples(sentence) if t[1] == "has pet"}


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("I love kayaking and opera, plan me a weekend", {"kayaking", "opera"}),
        ("I enjoy woodworking and board games", {"woodworking", "board games"}),
        ("I'm really into fencing and calligraphy lately", {"fencing", "calligraphy"}),
    ],
)
def test_pastimes_listed_beside_an_activity_are_each_liked(sentence: str, expected: set[str]) -> None:
    assert {o for s, p, o in triples(sentence) if p == "likes"} == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "my cousin is really into fencing and calligraphy",
        "I'm not into fencing and calligraphy",
        "I used to love kayaking and opera",
    ],
)
def test_listed_pastimes_of_another_time_or_person_are_not_the_users(sentence: str) -> None:
    assert not {t for t in triples(sentence) if t[1] == "likes"}


def test_a_listed_pastime_keeps_out_what_is_no_pastime() -> None:
    assert {o for s, p, o in triples("I love kayaking and my neighbours") if p == "likes"} == {"kayaking"}


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # an adjective that ends as a trade does ("fluent", like "agent") is no job
        ("fluent in Estonian here, so feel free to reply in it", {("user", "speaks", "Estonian")}),
        # "thanks to", "depending on": a prepositional phrase after a name is no part of it
        ("I speak decent Estonian thanks to my grandfather", {("user", "speaks", "Estonian")}),
    ],
)
def test_words_after_a_language_are_no_part_of_it_or_a_job(sentence: str, expected: set[Triple]) -> None:
    assert triples(sentence) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "we considered hosting on Linode but the quote was silly",
        "I toyed with moving to Aarhus last spring",
        "I thought about switching to Kakoune",
    ],
)
def test_weighing_an_act_is_not_doing_it(sentence: str) -> None:
    assert not triples(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "'I speak fluent Danish,' claims my cover letter, which is generous",
        "'My home is Aarhus,' my cousin keeps telling people",
    ],
)
def test_a_first_person_line_in_single_quotes_is_someone_elses_words(sentence: str) -> None:
    assert not {t for t in triples(sentence) if t[1] in ("speaks", "lives in")}


@pytest.mark.parametrize(
    ("sentence", "pets"),
    [
        ("my grandparents have a collie called Bramble and we have a ferret called Dot", {"Dot"}),
        ("my flatmate owns a parrot named Kiwi, and I have a tortoise named Shelby", {"Shelby"}),
        ("we have a tabby called Wisp and my cousin adores her", {"Wisp"}),
    ],
)
def test_a_pet_named_in_someone_elses_clause_is_theirs(sentence: str, pets: set[str]) -> None:
    assert {o for s, p, o in triples(sentence) if p == "has pet"} == pets


def test_a_capitalised_month_is_no_modal_for_the_parse_reader() -> None:
    from consolidators.chatparse import worth_parsing

    assert worth_parsing("Relocated to Tartu in May, loving the trams")
    assert not worth_parsing("we may relocate to Tartu")


@pytest.mark.parametrize("sentence", ["Ned started at Vexley Foods", "Speed matters to Vexley Foods"])
def test_a_word_ending_in_ed_is_no_dropped_i(sentence: str) -> None:
    from consolidators.chatparse import worth_parsing

    assert not worth_parsing(sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("relocated to Tartu in may", ("user", "lives in", "Tartu")),
        ("i joined Vexley Foods in march", ("user", "works at", "Vexley Foods")),
    ],
)
def test_a_lower_case_month_is_a_date_not_a_hedge(sentence: str, expected: Triple) -> None:
    assert expected in triples(sentence)
