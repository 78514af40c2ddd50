"""How a user really types: contractions without apostrophes, tag questions, titles without articles, names in
lower case, a repair that opens the next turn, a pet's name spelt right at last, a tool swapped for its like.

Every sentence is worded afresh (no benchmark sentence, none of the chat report's own); each read row fails
without the mechanism its comment names, and each unread row is a near-miss that mechanism must leave alone.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from consolidators import extract_triples
from consolidators.extractive import session_facts
from consolidators.text import apostrophised, split_sentences
from consolidators.types import ActiveFact, Turn

Triple = tuple[str, str, str, bool]
_TS = datetime(2026, 3, 2, 18, 0, tzinfo=UTC)


def _read(sentence: str) -> set[Triple]:
    return {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")}


def _session(*contents: str, active: tuple[ActiveFact, ...] = ()) -> list[Triple]:
    """The session's facts in the order memory applies them (a take-back before the value that follows it)."""
    turns = [Turn(f"e{i}", "user", c, _TS + timedelta(minutes=i), seq=i) for i, c in enumerate(contents)]
    return [(f.subject, f.predicate, f.object, f.retract) for f in session_facts(turns, active)]


def _held(predicate: str, value: str) -> ActiveFact:
    return ActiveFact(f"{predicate}:{value}", "user", predicate, value, valid_from=_TS - timedelta(days=30))


# --- contractions typed without the apostrophe (``text.apostrophised``), read as their full forms


@pytest.mark.parametrize(
    ("typed", "spelt"),
    [
        ("i dont drink coffee", "i don't drink coffee"),
        ("Doesnt matter, im in Cork", "Doesn't matter, i'm in Cork"),
        ("ive moved, cant wait", "i've moved, can't wait"),
        ("we wont stay, it isnt home", "we won't stay, it isn't home"),
        ("shes a vet and hes a chef", "she's a vet and he's a chef"),
        # words spelt like a contraction stay words; a name is no contraction
        ("well, were you ill? its fine", "well, were you ill? its fine"),
        ("Im Sang-soo directed it", "Im Sang-soo directed it"),
    ],
)
def test_apostrophe_less_contractions_are_spelt_out(typed: str, spelt: str) -> None:
    assert apostrophised(typed) == spelt


def test_a_negation_typed_without_apostrophe_takes_back_as_with_it() -> None:
    assert _read("i dont use trello anymore") == {("user", "uses", "trello", True)}
    assert _read("we doesnt use trello") == set()  # a plain "not": no change said


@pytest.mark.parametrize(
    "sentence",
    [
        "marta got a new job, shes a paramedic now",  # a third person's "she's", not the user's job
        "my cousin moved again, hes a sommelier in Lyon",
        "i didnt move to Tartu after all",
    ],
)
def test_an_apostrophe_less_third_person_or_denial_gives_the_user_nothing(sentence: str) -> None:
    assert {t for t in _read(sentence) if t[0] == "user" and not t[3]} == set()


def test_an_apostrophe_less_denial_retracts_across_sessions() -> None:
    said = _session("ok i dont use evernote anymore", active=(_held("uses", "Evernote"),))
    assert ("user", "uses", "evernote", True) in said


# --- a tag question asks whether the statement holds (``triples._TAG``): nothing is stated


@pytest.mark.parametrize(
    "sentence",
    [
        "Sundar Pichai is the CEO of Netflix, right?",
        "The capital of Chile is Valparaíso, correct?",
        "you remember I work at Brandvik, yeah?",
        "Lagos is the capital of Nigeria, isn't it?",
        "Oslo is the capital of Norway, isnt it?",
        "Mika Salo lives in Espoo, doesn't he?",
        "I live in Tampere, no?",
    ],
)
def test_a_tag_question_states_nothing(sentence: str) -> None:
    assert _read(sentence) == set()


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # a question about something else after the statement, or a question put back to the listener
        ("I live in Tampere now, is that enough context?", ("user", "lives in", "Tampere", False)),
        ("I live in Tampere, do you?", ("user", "lives in", "Tampere", False)),
        # "right" inside the statement is no tag
        ("I work at Brandvik, right next to the station.", ("user", "works at", "Brandvik", False)),
    ],
)
def test_a_question_that_is_no_tag_keeps_the_statement(sentence: str, expected: Triple) -> None:
    assert expected in _read(sentence)


# --- a job title after "as" without its article (``vocabulary.name_span``, ``aboutme._JOB_AS``)


@pytest.mark.parametrize(
    ("sentence", "employer", "title"),
    [
        ("I work at Wavecrest as UX designer", "Wavecrest", "UX designer"),
        ("moved to Tallinn last year, working at Bolt as data analyst these days", "Bolt", "data analyst"),
        ("Working at Lidl as cashier part-time", "Lidl", "cashier"),
    ],
)
def test_a_title_without_article_is_the_job_not_part_of_the_employer(sentence: str, employer: str, title: str) -> None:
    said = _read(sentence)
    assert ("user", "works at", employer, False) in said
    assert ("user", "works as", title, False) in said


@pytest.mark.parametrize("sentence", ["working at Lidl as ever", "I work at Wavecrest as QA"])
def test_an_as_phrase_that_names_no_job_gives_only_the_employer(sentence: str) -> None:
    said = _read(sentence)
    assert {t[1] for t in said} == {"works at"}
    assert all(" as " not in t[2] for t in said)


# --- employers said as a learner says them (``text.split_sentences``, ``triples._FRONTED_TIME``, ``_WORK_BY``)


def test_a_day_written_as_an_ordinal_ends_no_sentence() -> None:
    assert split_sentences("Since 3. March I work at Zeiss in Jena.") == ["Since 3. March I work at Zeiss in Jena."]
    assert split_sentences("I have 3. Mary has 2.") == ["I have 3.", "Mary has 2."]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Since 3. March I work at Zeiss in Jena.", ("user", "works at", "Zeiss", False)),
        ("Since 2023 we live in Gdansk.", ("user", "lives in", "Gdansk", False)),
        ("I work by Bosch as electrician.", ("user", "works at", "Bosch", False)),
        ("I am working by Miele as a technician", ("user", "works at", "Miele", False)),
    ],
)
def test_a_learners_phrasing_of_a_job_or_home_is_read(sentence: str, expected: Triple) -> None:
    assert expected in _read(sentence)


@pytest.mark.parametrize(
    "sentence", ["I work by Lake Garda.", "I work by Lake Garda as usual", "I work by candlelight as a rule"]
)
def test_work_by_a_place_or_a_manner_names_no_employer(sentence: str) -> None:
    assert {t for t in _read(sentence) if t[1] == "works at"} == set()


# --- a pet's name typed in lower case after "his/her name is" (``pets._ITS_NAME``)


def test_a_lower_case_pet_name_after_name_is_is_a_name() -> None:
    assert _read("adopted a kitten, her name is pip") == {("user", "has pet", "pip", False)}


@pytest.mark.parametrize(
    "sentence",
    [
        "adopted a kitten, her name is still undecided",
        "my aunt adopted a kitten, her name is pip",  # someone else's pet
        "adopted a kitten, her name is pip or maybe pepper",  # the name does not end the clause
    ],
)
def test_a_lower_case_word_after_name_is_that_is_no_name_or_not_the_users_pet(sentence: str) -> None:
    assert _read(sentence) == set()


# --- a tool withdrawn and a bare name "now" in its place (``withdrawals._bare_after``)


@pytest.mark.parametrize(
    ("sentence", "new"),
    [("I stopped using firefox, vivaldi now", "vivaldi"), ("I dropped Spotify; Deezer these days.", "Deezer")],
)
def test_the_name_after_a_withdrawal_with_now_is_the_new_tool(sentence: str, new: str) -> None:
    assert ("user", "uses", new, False) in _read(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "I stopped using firefox, way calmer now",
        "I stopped using Slack, my boss now",
        "I stopped using firefox, todoist now",  # a lower-case word no tool list knows is no name
    ],
)
def test_a_clause_after_a_withdrawal_that_names_no_tool_adds_none(sentence: str) -> None:
    assert [t for t in _read(sentence) if not t[3]] == []


# --- a quit opened by a linking word is finished (``userends._LINKING``)


@pytest.mark.parametrize(
    "said", ["so I quit Corvane.", "ok I quit Corvane", "so I quit Corvane. Starting at Lumio soon"]
)
def test_a_linked_quit_ends_the_held_employer(said: str) -> None:
    assert ("user", "works at", "Corvane", True) in _session(said, active=(_held("works at", "Corvane"),))


@pytest.mark.parametrize("said", ["so whenever I quit Corvane, I'll travel", "ok I'll quit Corvane in June"])
def test_a_linked_quit_still_to_come_ends_nothing(said: str) -> None:
    assert _session(said, active=(_held("works at", "Corvane"),)) == []


# --- a held plain use swapped for a tool of the same role (``usermemory._uses_changed``)


def test_a_switch_to_a_tool_of_the_held_tools_role_takes_the_held_use_back() -> None:
    said = _session("finally switched to Helix", active=(_held("uses", "Sublime Text"),))
    assert said == [("user", "uses", "Sublime Text", True), ("user", "uses", "Helix", False)]


def test_a_switch_to_a_tool_of_another_role_leaves_the_held_use() -> None:
    said = _session("finally switched to Brave", active=(_held("uses", "Sublime Text"),))
    assert ("user", "uses", "Sublime Text", True) not in said


# --- a repair that opens the next turn (``turnrepairs.repaired``): the old value never held


@pytest.mark.parametrize(
    "turns",
    [
        ("We live in Aarhus.", "Correction: we live in Odense, not Aarhus."),
        ("I live in Aarhus", "jk, I live in Odense"),
        ("I live in Aarhus", "sorry, my mistake - I live in Odense"),
    ],
)
def test_a_repair_opening_the_next_turn_retracts_the_value_it_corrects(turns: tuple[str, str]) -> None:
    said = _session(*turns)
    assert said[-2:] == [("user", "lives in", "Aarhus", True), ("user", "lives in", "Odense", False)]


def test_a_repair_against_memory_retracts_the_held_value_first() -> None:
    said = _session("just kidding, I work at Pellow", active=(_held("works at", "Tarnfield"),))
    assert said == [("user", "works at", "Tarnfield", True), ("user", "works at", "Pellow", False)]


@pytest.mark.parametrize(
    "turns",
    [
        ("I live in Aarhus", "We moved to Odense in May."),  # a move: Aarhus was true until then
        ("I live in Aarhus", "not really, I work at Pellow"),  # an answer, and another relation
        ("I live in Aarhus", "jk, I speak Danish"),  # a multi-valued relation corrects nothing
    ],
)
def test_no_repair_cue_or_no_same_relation_retracts_nothing(turns: tuple[str, str]) -> None:
    assert all(not t[3] for t in _session(*turns))


# --- a pet's name corrected by its spelling (``turnrepairs.renamed_pets``)


@pytest.mark.parametrize(
    "said",
    [
        "the rabbit is called Clementyne, please note",  # the held name misspelt
        "sorry, our rabbit's name is Clementyne not Clementine",  # the held name denied
    ],
)
def test_a_pet_name_spelt_anew_replaces_the_held_one(said: str) -> None:
    facts = _session(said, active=(_held("has pet", "Clementine"),))
    assert facts == [("user", "has pet", "Clementine", True), ("user", "has pet", "Clementyne", False)]


@pytest.mark.parametrize(
    "said",
    [
        "the rabbit is called Hazel",  # another name: maybe another rabbit, never a spelling
        "the dog is called Mia",  # a short name near the held "Max" is another pet
        "the rabbit is called Clementine",  # the held name itself
    ],
)
def test_a_pet_named_by_kind_that_corrects_no_held_name_retracts_nothing(said: str) -> None:
    held = (_held("has pet", "Clementine"), _held("has pet", "Max"))
    assert all(not t[3] for t in _session(said, active=held))
