"""Extraction that generalises: one key per relation however it is phrased, cardinality from the statement.

The sentences are this file's own (invented countries, people and companies),
written in the shapes people use, so a rule that only fits one sentence fails
here. Each group states one relation about one subject in different words; all
must land on the same (subject, predicate, object), with the subject never
swapped for the object. The end-to-end tests run the real consolidate → engine
path: a later single-valued statement supersedes the earlier one.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from consolidators import extract_triples
from consolidators.text import lemmatise
from memory_sink import MemoryStore
from memory_sink.supersession import CARDINALITY, SINGLE_VALUED, Candidate, FactView, Policy, rules_judge
from pipelines.consolidate import run_consolidate
from tests.conftest import make_config

U, A = "user", "assistant"
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

KEY_GROUPS: list[tuple[tuple[str, str, str], list[str]]] = [
    (
        ("Norvania", "capital", "Brell"),
        [
            "The capital of Norvania is Brell.",
            "Brell is the capital of Norvania.",
            "Norvania's capital is Brell.",
            "Brell serves as the capital of Norvania.",
            "The capital city of Norvania is the city of Brell.",
            "Currently, the capital of Norvania is Brell.",
        ],
    ),
    (
        ("Norvania", "official language", "Estlish"),
        [
            "The official language of Norvania is Estlish.",
            "Norvania's official language is currently Estlish.",
            "The offical language of Norvania is Estlish.",  # a typo keeps its key
        ],
    ),
    (
        ("Ilse Varga", "died in", "Tarnow"),
        [
            "Ilse Varga died in Tarnow.",
            "Ilse Varga died in the city of Tarnow in 1961.",
            "Ilse Varga passed away in Tarnow.",
            "Ilse Varga dies in Tarnow.",
        ],
    ),
    (
        ("Ilse Varga", "married to", "Pavel Orr"),
        [
            "Ilse Varga is married to Pavel Orr.",
            "Ilse Varga married Pavel Orr in 1950.",
            "Ilse Varga's husband is Pavel Orr.",
            "Ilse Varga is maried to Pavel Orr.",
            "Ilse Varga got married to Pavel Orr.",
        ],
    ),
    (
        ("Ilse Varga", "educated at", "Kesler Institute"),
        [
            "Ilse Varga was educated at the Kesler Institute.",
            "The university where Ilse Varga was educated is the Kesler Institute.",
            "Ilse Varga studied at the Kesler Institute.",
            "Ilse Varga graduated from the Kesler Institute.",
        ],
    ),
    (
        ("Quillon Systems", "founded by", "Dara Menz"),
        [
            "Quillon Systems was founded by Dara Menz.",
            "Dara Menz founded Quillon Systems.",
            "Dara Menz co-founded Quillon Systems.",
        ],
    ),
    (
        ("Quillon Systems", "ceo", "Tove Ring"),
        [
            "The CEO of Quillon Systems is Tove Ring.",
            "Tove Ring is the CEO of Quillon Systems.",
            "Quillon Systems's CEO is Tove Ring.",
            "Tove Ring took over as CEO of Quillon Systems.",
            "Tove Ring has been the CEO of Quillon Systems since 2019.",
            "Tove Ring was named CEO of Quillon Systems.",
        ],
    ),
    (
        ("Quillon Systems", "headquartered in", "Vasslo"),
        [
            "Quillon Systems is headquartered in Vasslo.",
            "Quillon Systems's headquarters are in Vasslo.",
            "Quillon Systems moved its headquarters to Vasslo.",
        ],
    ),
    (
        ("Dara Menz", "author of", "Glass Orchard"),
        ["Dara Menz wrote The Glass Orchard.", "The Glass Orchard was written by Dara Menz."],
    ),
]


@pytest.mark.parametrize(
    "expected,sentence", [(triple, sentence) for triple, sentences in KEY_GROUPS for sentence in sentences]
)
def test_every_phrasing_of_a_relation_has_one_key(expected: tuple[str, str, str], sentence: str) -> None:
    got = [(f.subject, f.predicate, f.object) for f in extract_triples(sentence, A) if not f.retract]
    assert got == [expected], sentence


def test_a_person_is_based_where_they_live_and_a_company_where_it_is_headquartered() -> None:
    def key(sentence: str) -> list[tuple[str, str, str]]:
        return [(f.subject, f.predicate, f.object) for f in extract_triples(sentence, A)]

    assert key("Dara Menz is based in Vasslo.") == [("Dara Menz", "lives in", "Vasslo")]
    assert key("Quillon Systems is based in Vasslo.") == [("Quillon Systems", "headquartered in", "Vasslo")]


@pytest.mark.parametrize(
    "sentence,cardinality",
    [
        ("The capital of Norvania is Brell.", "single"),  # definite: the one value
        ("Norvania's capital is Brell.", "single"),
        ("Ilse Varga died in Tarnow.", "single"),  # the verb names one place
        ("Ilse Varga speaks Estlish.", "multi"),  # one language of several
        ("The official languages of Norvania are Estlish and Marn.", "multi"),
        ("Ilse Varga is a member of the Kesler Society.", None),  # indefinite: the statement can't say
    ],
)
def test_cardinality_comes_from_the_statement(sentence: str, cardinality: str | None) -> None:
    facts = extract_triples(sentence, A)
    assert facts and {f.cardinality for f in facts} == {cardinality}


@pytest.mark.parametrize(
    "sentence",
    [
        "Is Brell the capital of Norvania?",
        "Ilse Varga might have died in Tarnow.",
        "Ilse Varga did not die in Tarnow.",
        "Ilse Varga used to live in Tarnow.",
        "Ilse Varga lived in Tarnow.",  # a past state
        "The capital of Norvania was Brell.",
        "Some say Tove Ring could become CEO of Quillon Systems.",
        "Who founded Quillon Systems?",
        "Brell is a beautiful city.",
        "Herald moved to Atom.",  # a product, not a person moving house
        "Tove Ring now heads Quillon Systems.",  # a verb the vocabulary doesn't know
    ],
)
def test_questions_hedges_negations_and_past_states_yield_nothing(sentence: str) -> None:
    assert extract_triples(sentence, A) == []


# ---------------------------------------------------------------------------
# first-person chat: a vocabulary of life events

CHAT: list[tuple[str, list[tuple[str, str, bool]]]] = [
    ("We finally packed our bags and moved to Tromso.", [("lives in", "Tromso", False)]),
    ("Just relocated to Gdansk for good.", [("lives in", "Gdansk", False)]),
    ("I currently live in the city of Arhus.", [("lives in", "Arhus", False)]),
    ("Home is Arhus these days.", [("lives in", "Arhus", False)]),
    (
        "My last day at Brightline was Thursday, I start at Corvid Labs on Monday.",
        [("works at", "Brightline", True), ("works at", "Corvid Labs", False)],
    ),
    ("I got hired by Corvid Labs last week.", [("works at", "Corvid Labs", False)]),
    ("I'm now working for Corvid Labs.", [("works at", "Corvid Labs", False)]),
    ("I'm a pharmacist.", [("works as", "pharmacist", False)]),
    (
        "Dumped OneNote, Joplin has all my notes now.",
        [("notes app", "OneNote", True), ("notes app", "Joplin", False)],
    ),
    (
        "Switched editors: Helix replaced Neovim.",
        [("editor", "Neovim", True), ("editor", "Helix", False)],
    ),
    ("I ditched Safari for Vivaldi.", [("uses", "Safari", True), ("uses", "Vivaldi", False)]),  # no role said
    ("I ditched Safari for Vivaldi as my browser.", [("browser", "Safari", True), ("browser", "Vivaldi", False)]),
    ("I switched my main language from Perl to Elixir.", [("programming language", "Elixir", False)]),
    ("I just got a new phone, a Fairphone 5.", [("phone", "Fairphone 5", False)]),
    ("I moved from Vim to Helix as my editor.", [("editor", "Vim", True), ("editor", "Helix", False)]),
    ("My passwords live in Bitwarden now.", [("password manager", "Bitwarden", False)]),
    ("I jot down my notes in Logseq.", [("notes app", "Logseq", False)]),
    ("I mostly code in Elixir.", [("programming language", "Elixir", False)]),
    ("I gave up on Asana.", [("uses", "Asana", True)]),
    ("I'm a huge fan of flamenco.", [("likes", "flamenco", False)]),
    ("We adopted a kitten named Pickle.", [("has pet", "Pickle", False)]),
    ("I was born in Oulu.", [("born in", "Oulu", False)]),
    # nothing: plans, hedges, questions, past states, other people, role-less switches
    ("I switched editors.", []),
    ("Switched IDEs.", []),
    ("I'm interviewing at Corvid Labs next week.", []),
    ("I'm thinking about moving to Tromso.", []),
    ("I used to code in Perl.", []),
    ("My brother works at Corvid Labs.", []),
    ("Dropped Todoist, Things has all my tasks now.", [("uses", "Todoist", True)]),
    ("We bought a sofa.", []),
]


@pytest.mark.parametrize("sentence,expected", CHAT)
def test_chat_life_events(sentence: str, expected: list[tuple[str, str, bool]]) -> None:
    facts = extract_triples(sentence, U)
    assert {f.subject for f in facts} <= {"user"}
    assert [(f.predicate, f.object, f.retract) for f in facts] == expected


def test_lemmas_come_from_a_maintained_lexicon() -> None:
    """The home-made stemmer turned "died" into "dy" and "associated" into "associat"."""
    assert [lemmatise(w) for w in ("died", "associated", "married", "ditched", "left", "Zed")] == [
        "die",
        "associate",
        "marry",
        "ditch",
        "leave",
        "zed",  # not an English verb: left as it is
    ]


# ---------------------------------------------------------------------------
# the engine honours the statement's cardinality


def view(predicate: str, obj: str, day: int, cardinality: str | None = None) -> FactView:
    meta = {CARDINALITY: cardinality} if cardinality else {}
    return FactView(f"f{day}{obj}", "Norvania", predicate, obj, T0 + timedelta(days=day), meta)


@pytest.mark.parametrize(
    "predicate,cardinality,verdict",
    [
        ("national bird", "single", "replace"),  # no table knows it; the statement names one value
        ("national bird", None, "coexist"),
        ("capital", "multi", "coexist"),  # the statement lists several: they coexist
        ("capital", None, "replace"),  # the configured vocabulary decides
    ],
)
def test_the_rules_judge_honours_the_stated_cardinality(predicate: str, cardinality: str | None, verdict: str) -> None:
    assert "capital" in SINGLE_VALUED and "national bird" not in SINGLE_VALUED
    new, old = view(predicate, "Wren", 1, cardinality), view(predicate, "Heron", 0)
    assert rules_judge(new, Candidate(old, 0.9, True), Policy(threshold=0.5))[0] == verdict


def consolidate_days(store: MemoryStore, *days: tuple[str, ...]) -> None:
    start = len(store.facts()) * 10  # later calls continue the calendar: world time orders the statements
    for d, texts in enumerate(days, start=start):
        for i, text in enumerate(texts):
            store.stage(f"day{d}", U, text, ts=T0 + timedelta(days=d, minutes=i))
        assert run_consolidate(store, session=f"day{d}", min_quiet_seconds=0).sessions_failed == 0


def active(store: MemoryStore, subject: str) -> set[tuple[str, str]]:
    return {(f.predicate or "", f.object or "") for f in store.facts(subject=subject)}


def test_a_later_single_valued_statement_supersedes_the_earlier(db_dsn: str) -> None:
    # "national bird" is in no table: the deployment lets the consolidator state it, and the statement's
    # definite form ("the national bird of Norvania is …") gives its cardinality
    options = {"relations": ["national bird"]}
    with MemoryStore.open(
        make_config(db_dsn, consolidate={"consolidator": {"kind": "extractive", "options": options}})
    ) as store:
        _supersedes(store)


def _supersedes(store: MemoryStore) -> None:
    consolidate_days(
        store,
        ("The national bird of Norvania is the Wren.", "Norvania's capital is Brell.", "Norvania speaks Estlish."),
        ("Heron is the national bird of Norvania.", "Amberlin serves as the capital of Norvania."),
        ("Norvania speaks Marn.",),
    )
    consolidate_days(  # "educated at" is multi-valued in the tables; a definite statement names the one value
        store,
        ("The university where Ilse Varga was educated is the Kesler Institute.",),
        ("The university where Ilse Varga was educated is Brell University.",),
    )
    assert active(store, "Ilse Varga") == {("educated at", "Brell University")}
    assert active(store, "Norvania") == {
        ("national bird", "Heron"),
        ("capital", "Amberlin"),
        ("speaks", "Estlish"),
        ("speaks", "Marn"),
    }


def test_a_life_changing_over_three_nights_stays_current(store: MemoryStore) -> None:
    consolidate_days(
        store,
        ("I live in Graz.", "I work at Brightline.", "I keep my notes in OneNote.", "My editor is Neovim."),
        ("We finally packed our bags and moved to Tromso.", "Dumped OneNote, Joplin has all my notes now."),
        (
            "My last day at Brightline was Thursday, I start at Corvid Labs on Monday.",
            "Switched editors: Helix replaced Neovim.",
        ),
    )
    facts = active(store, "user")
    assert {("lives in", "Tromso"), ("works at", "Corvid Labs"), ("notes app", "Joplin"), ("editor", "Helix")} <= facts
    assert not facts & {
        ("lives in", "Graz"),
        ("works at", "Brightline"),
        ("notes app", "OneNote"),
        ("editor", "Neovim"),
    }
    assert all(p.split()[0] not in ("switch", "switched") for p, _ in facts)
