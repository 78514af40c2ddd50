"""Supersession at its edges: retractions, the calibrated threshold, predicate inflection,
the consolidator's context and outdated episodes in recall."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np
import pytest

from consolidators.types import ConsolidationResult, Context, Episode, Transcript
from memory_sink import MemoryStore, candidates
from memory_sink.contexts import contexts_for, name_key, text_grams
from memory_sink.supersession import (
    DEFAULT_THRESHOLDS,
    UNRELATED_NAME,
    Candidate,
    FactView,
    Policy,
    name_holds,
    predicate_forms,
    retraction_covers,
    retraction_targets,
    rules_judge,
)
from memory_sink.types import Memory
from pipelines.consolidate import build_consolidator, consolidate_session, run_consolidate
from tests.conftest import make_config
from tests.test_supersession import TripleConsolidator, active, say

T0 = datetime(2026, 4, 1, 9, 0, tzinfo=UTC)
POLICY = Policy(threshold=0.45)


def view(s: str, p: str, o: str, fid: str = "", **meta: Any) -> FactView:
    return FactView(fid or f"{s}-{p}-{o}", s, p, o, T0, meta)


# --- predicate inflection (pure) ------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("like", "likes"),
        ("prefer drink", "prefers drink"),
        ("live in", "lives in"),
        ("use", "uses"),
        ("work at", "Works  At"),
        ("be from", "is from"),
        ("have", "has"),
        ("watch", "watches"),
    ],
)
def test_inflections_of_one_predicate_share_a_form(a: str, b: str) -> None:
    assert set(predicate_forms(a)) & set(predicate_forms(b))


@pytest.mark.parametrize(("a", "b"), [("lives in", "lived in"), ("editor", "editors"), ("works at", "worked at")])
def test_only_present_forms_of_a_verb_share_a_key(a: str, b: str) -> None:
    assert not set(predicate_forms(a)) & set(predicate_forms(b))


@pytest.mark.parametrize(
    ("predicate", "single", "known"),
    [
        ("lives in", True, True),
        ("live in", True, True),
        ("prefer drink", True, True),
        ("prefers drink", True, True),
        ("work at", True, True),
        ("like", False, True),
        ("likes", False, True),
        ("speak", False, True),
        ("status", True, True),
        ("resides in", False, False),
    ],
)
def test_cardinality_lookup_is_robust_to_inflection(predicate: str, single: bool, known: bool) -> None:
    assert (POLICY.single(predicate), POLICY.known(predicate)) == (single, known)


def test_a_key_match_on_an_inflected_single_valued_predicate_replaces() -> None:
    new = FactView("n", "user", "live in", "Lisbon", T0 + timedelta(days=1))
    verdict, reason = rules_judge(new, Candidate(view("user", "lives in", "Berlin"), 0.7, True), POLICY)
    assert verdict == "replace" and "single-valued" in reason


def test_facts_stated_with_inflected_predicates_supersede_each_other(store: MemoryStore) -> None:
    say(store, "a", "user|lives in|Berlin", T0)
    say(store, "b", "user|live in|Lisbon", T0 + timedelta(days=1))
    assert active(store) == ["Lisbon"]
    say(store, "c", "user|like|tea", T0 + timedelta(days=2))
    say(store, "d", "user|likes|tea", T0 + timedelta(days=3))  # a restatement, whatever the inflection
    assert active(store) == ["Lisbon", "tea"]


# --- retractions: which facts they may retire (pure) ------------------------------------------


@pytest.mark.parametrize(
    ("retracted", "predicate", "covers"),
    [
        ("lives in", "lives in", True),
        ("live in", "lives in", True),
        ("lives in", "is from", False),
        ("works at", "uses", False),
        ("works at", "works at", True),
        ("uses", "uses", True),
        ("use", "note", True),
        ("uses", "note app", True),
        ("uses", "editor", True),
        ("uses", "works at", False),
        ("uses", "likes", False),
        ("uses", "owns", False),
        ("editor", "uses", False),
    ],
)
def test_retraction_covers_its_predicate_and_a_uses_retraction_tool_roles(
    retracted: str, predicate: str, covers: bool
) -> None:
    assert retraction_covers(retracted, predicate) is covers


def test_retraction_targets_apply_the_guards_and_take_a_named_fact_of_the_same_relation() -> None:
    said = view("user", "uses", "Notion app", project="beta")
    found = [
        view("user", "uses", "Notion", "a", project="alpha"),
        view("user", "uses", "Notion", "b"),
        view("user", "is from", "Notion", "c"),
        view("user", "uses", "Notes.app", "e"),  # the object differs: only a name reaches it
    ]
    got = [(f.id, g) for f, g in retraction_targets(said, found, POLICY, named="e")]
    assert got == [("a", "metadata conflict on 'project'"), ("b", None), ("e", None)]


@pytest.mark.parametrize(
    "named",
    [
        view("user", "lives in", "Notionville", "d"),  # the same subject, another relation
        view("Alice", "uses", "Notion", "d"),  # the same relation, another subject
    ],
)
def test_a_named_fact_of_another_subject_or_relation_is_blocked_not_retracted(named: FactView) -> None:
    said = view("user", "uses", "Notion app")
    assert retraction_targets(said, [named], POLICY, named="d") == [(named, UNRELATED_NAME)]
    assert retraction_targets(said, [named], POLICY, named=None) == []


@pytest.mark.parametrize(
    ("named", "key_match", "cosine", "holds"),
    [
        (view("user", "lives in", "Paris"), True, 0.1, True),
        (view("user", "lives in", "Paris"), False, 0.46, True),  # a semantic neighbour ("is based in")
        (view("user", "works at", "Acme"), False, 0.35, False),
        (view("Alice", "lives in", "Paris"), True, 0.9, False),
    ],
)
def test_a_name_holds_only_for_a_fact_the_engine_would_weigh(
    named: FactView, key_match: bool, cosine: float, holds: bool
) -> None:
    assert name_holds(view("User", "is based in", "Berlin"), named, key_match, cosine, POLICY) is holds


# --- retractions in conversation (engine) -------------------------------------------------------


def test_no_longer_living_somewhere_keeps_where_one_is_from(store: MemoryStore) -> None:
    say(store, "a", "user|lives in|Paris", T0)
    say(store, "b", "user|is from|Paris", T0)
    say(store, "c", "- | user | lives in | Paris", T0 + timedelta(days=1))
    assert [(f.predicate, f.object) for f in store.facts()] == [("is from", "Paris")]


def test_leaving_a_workplace_does_not_retire_using_its_tool(store: MemoryStore) -> None:
    say(store, "a", "user|works at|Slack", T0)
    say(store, "b", "user|uses|Slack", T0)
    say(store, "c", "- | user | works at | Slack", T0 + timedelta(days=1))
    assert [(f.predicate, f.object) for f in store.facts()] == [("uses", "Slack")]


def test_a_uses_retraction_retires_the_tool_roles_it_filled(store: MemoryStore) -> None:
    say(store, "a", "user|note|Notion", T0)
    say(store, "b", "user|likes|Notion", T0)
    say(store, "c", "- | user | use | Notion", T0 + timedelta(days=1))
    assert [(f.predicate, f.object) for f in store.facts()] == [("likes", "Notion")]


def test_a_retraction_from_another_project_is_blocked_and_logged(store: MemoryStore) -> None:
    say(store, "a", "user|uses|Jira", T0, project="alpha")
    jira = store.facts()[0]
    say(store, "b", "- | user | uses | Jira", T0 + timedelta(days=1), project="beta")
    assert active(store) == ["Jira"]
    [blocked] = [o for o in store.operations(jira.id) if o["op"] == "blocked"]
    assert blocked["signals"]["guard"] == "metadata conflict on 'project'"
    say(store, "c", "- | user | uses | Jira", T0 + timedelta(days=2), project="alpha")
    assert active(store) == []


def test_a_retraction_naming_its_fact_retires_it_despite_other_wording(store: MemoryStore) -> None:
    say(store, "a", "user|uses|Notion", T0)
    notion = store.facts()[0]
    say(store, "b", "- | user | uses | Notion app", T0 + timedelta(days=1), replaces=notion.id)
    assert store.facts() == []
    op = [o for o in store.operations(notion.id) if o["op"] == "retract"][0]
    assert op["signals"]["named_by_consolidator"] is True
    assert store.get(notion.id).valid_to == T0 + timedelta(days=1)


def test_a_named_retraction_still_meets_the_guards_and_the_namespace(store: MemoryStore) -> None:
    say(store, "a", "user|uses|Notion", T0)
    notion = store.facts()[0]
    store.pin(notion.id)
    say(store, "b", "- | user | uses | Notion app", T0 + timedelta(days=1), replaces=notion.id)
    assert active(store) == ["Notion"]
    assert any(o["op"] == "blocked" and o["signals"]["guard"] == "pinned" for o in store.operations(notion.id))
    say(store, "c", "- | user | uses | Notion app", T0 + timedelta(days=1), ns="other", replaces=notion.id)
    assert active(store) == ["Notion"]
    say(store, "d", "- | user | uses | Notion app", T0 + timedelta(days=1), replaces="not-a-uuid")
    assert active(store) == ["Notion"]


# --- the calibrated semantic threshold ------------------------------------------------------------

NEAR, FAR, NEW = "user|lives in|Berlin", "user|prefers drink|tea", "user|resides in|Lisbon"


def cosine(store: MemoryStore, a: str, b: str) -> float:
    va, vb = store.embedder.embed_documents([" ".join(a.split("|")), " ".join(b.split("|"))])
    return float(np.dot(va, vb) / (np.linalg.norm(va) * np.linalg.norm(vb)))


def judged_objects(store: MemoryStore) -> list[str]:
    """Consolidate NEAR and FAR, then NEW with an always-replace judge; what reached the judge."""
    seen: list[str] = []

    def judge(new: FactView, cand: Candidate, policy: Policy) -> tuple[str, str]:
        seen.append(cand.fact.object)
        return "replace", "the recording judge always replaces"

    say(store, "near", NEAR, T0)
    say(store, "far", FAR, T0)
    store.stage("new", "user", NEW, ts=T0 + timedelta(days=1))
    outcome = consolidate_session(store, TripleConsolidator(), "default", "new", judge=(judge, "recording"))
    assert outcome[0] == "consolidated", outcome
    return seen


@pytest.mark.parametrize("exact_up_to", [candidates.JUDGED_EXACT_UP_TO, 0], ids=["exact", "hnsw"])
def test_neighbours_above_the_calibrated_threshold_reach_the_judge_and_others_do_not(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch, exact_up_to: int
) -> None:
    # 0: every subject's neighbours come from the HNSW graph, as a subject's past 400 facts do
    monkeypatch.setattr(candidates, "JUDGED_EXACT_UP_TO", exact_up_to)
    threshold = store.tiers.supersession_policy().threshold
    assert threshold == DEFAULT_THRESHOLDS[store.embedder.name]  # semantic_threshold: null
    assert cosine(store, NEW, NEAR) > threshold + 0.05  # measured: 0.63 with MiniLM int8
    assert cosine(store, NEW, FAR) < threshold - 0.05  # measured: 0.17
    assert judged_objects(store) == ["Berlin"]
    assert active(store) == ["Lisbon", "tea"]
    berlin = next(f for f in store.facts(all_versions=True) if f.object == "Berlin")
    op = [o for o in store.operations(berlin.id) if o["op"] == "supersede"][0]
    assert op["signals"]["judge"] == "recording" and op["signals"]["threshold"] == threshold
    assert op["signals"]["cosine"] >= threshold and not op["signals"]["key_match"]


def test_a_configured_threshold_replaces_the_calibrated_one(db_dsn: str) -> None:
    with MemoryStore.open(make_config(db_dsn, supersession={"semantic_threshold": 0.9})) as store:
        assert store.tiers.supersession_policy().threshold == 0.9
        assert judged_objects(store) == []  # 0.63 is under 0.9: no neighbour, nothing judged
        assert active(store) == ["Berlin", "Lisbon", "tea"]


@pytest.mark.parametrize("configured", ["like", "likes", "use"])
def test_a_predicate_configured_single_valued_is_single_in_every_inflection(db_dsn: str, configured: str) -> None:
    # single() asks whether ANY form is multi-valued, so the override must remove every form
    with MemoryStore.open(make_config(db_dsn, supersession={"single_valued": [configured]})) as store:
        policy = store.tiers.supersession_policy()
        stem = configured.removesuffix("s")
        assert policy.single(stem) and policy.single(stem + "s")


# --- the consolidator's context ----------------------------------------------------------------


def fact(subject: str, predicate: str, obj: str, age_days: float) -> Memory:
    return Memory(
        f"{subject}{predicate}{obj}",
        "default",
        "s",
        "consolidated",
        "fact",
        "",
        subject,
        predicate,
        obj,
        0.9,
        T0,
        None,
        T0 - timedelta(days=age_days),
        None,
        None,
        (),
        {},
    )


def test_context_keeps_the_involved_subjects_and_puts_the_relevant_facts_first() -> None:
    facts = [fact("user", "likes", f"band {i}", i / 1000) for i in range(250)]
    facts += [
        fact("user", "lives in", "Porto", 300),
        fact("user", "uses", "Notion", 400),
        fact("Acme", "ceo", "Jane", 1),
        fact("Globex", "ceo", "Bob", 0),
    ]
    text = "I don't use notion anymore, and Acme is hiring. We're moving next month."
    [chosen, other] = contexts_for(facts, [text_grams(text), text_grams("Globex news.")], POLICY, limit=200)
    got = [(f.subject, f.object) for f in chosen]
    assert got[:3] == [("user", "Notion"), ("Acme", "Jane"), ("user", "Porto")]  # named, then single-valued
    assert len(got) == 200 and ("Globex", "Bob") not in got and got[3] == ("user", "band 0")
    assert ("Globex", "Bob") in [(f.subject, f.object) for f in other]


def test_names_match_whole_words_of_the_transcript() -> None:
    grams = text_grams('We moved to Node.js; Thing10 (the new one) uses "Acme Inc." now.')
    assert {"node js", "thing10", "acme inc", "moved to node js"} <= grams
    assert "thing1" not in grams and "go" not in text_grams("going home")
    assert name_key("Acme, Inc.") == "acme inc" and name_key(" Node.JS ") == "node js"


class RecordingConsolidator(TripleConsolidator):
    """Triples from 'a | b | c' turns; remembers the context each session was given."""

    def __init__(self) -> None:
        self.contexts: dict[str, Context] = {}

    def consolidate(self, transcript: Transcript, context: Context) -> ConsolidationResult:
        self.contexts[transcript.session_id] = context
        turns = transcript.turns
        return ConsolidationResult(
            (Episode(turns[0].content, "recorded", turns[0].ts, turns[-1].ts, tuple(t.event_id for t in turns)),)
        )


def test_an_old_fact_about_the_user_reaches_the_context_past_many_recent_ones(store: MemoryStore) -> None:
    say(store, "home", "user|lives in|Porto", T0)
    for i in range(300):  # one session, newer than the home fact
        store.stage("busy", "user", f"Service{i} | runs on | Host{i}", ts=T0 + timedelta(days=1, seconds=i))
    for i in range(30):
        store.stage("busy", "user", f"user | likes | record {i}", ts=T0 + timedelta(days=1, minutes=10 + i))
    run_consolidate(store, consolidator=TripleConsolidator())
    assert len(store.facts()) > 200 + 1
    consolidator = RecordingConsolidator()
    store.stage("move", "user", "We're moving next month; Service7 goes with us.", ts=T0 + timedelta(days=2))
    run_consolidate(store, consolidator=consolidator)
    offered = [(f.subject, f.object) for f in consolidator.contexts["move"].active_facts]
    assert offered[0] == ("user", "Porto")
    assert ("Service7", "Host7") in offered and ("Service8", "Host8") not in offered
    assert sum(1 for s, _ in offered if s == "user") == 31


# --- outdated episodes in recall --------------------------------------------------------------------


def test_recall_ranks_an_outdated_episode_below_current_knowledge_and_flags_it(store: MemoryStore) -> None:
    store.stage("s1", "user", "I drink coffee every morning.", ts=T0)
    run_consolidate(store)
    store.stage("s2", "user", "I switched from coffee to tea.", ts=T0 + timedelta(days=1))
    run_consolidate(store)
    results = store.recall("what does the user drink?")
    tea = next(i for i, m in enumerate(results) if m.kind == "fact" and m.object == "tea")
    switch = next(i for i, m in enumerate(results) if m.kind == "passage" and m.session_id == "s2")
    coffee = next(i for i, m in enumerate(results) if m.kind == "passage" and m.session_id == "s1")
    assert tea < coffee and switch < coffee
    assert results[coffee].outdated and results[coffee].to_dict()["outdated"] is True
    assert not any(m.outdated for i, m in enumerate(results) if i != coffee)
    assert all(not m.outdated for m in store.recall("what does the user drink?", all_versions=True))


class Hedged:
    """The configured consolidator, half as sure of every fact (a backfill after changing it)."""

    name = "hedged"

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def consolidate(self, transcript: Transcript, context: Context) -> ConsolidationResult:
        result = self.inner.consolidate(transcript, context)
        facts = tuple(dataclasses.replace(f, confidence=f.confidence / 2) for f in result.facts)
        return dataclasses.replace(result, facts=facts)


def test_reconsolidating_or_retracting_within_an_episode_does_not_outdate_it(store: MemoryStore) -> None:
    store.stage("s", "user", "I live in Berlin.", ts=T0)
    run_consolidate(store)
    store.stage("s", "user", "I like jazz.", ts=T0 + timedelta(minutes=1))  # a late turn: a new version
    store.stage("n", "user", "I use Notion for notes.", ts=T0)
    store.stage("n", "user", "Actually, forget that.", ts=T0 + timedelta(minutes=1))
    # Less sure of Berlin this time: a changed fact, so a new version supersedes the first.
    run_consolidate(store, consolidator=Hedged(build_consolidator(store.config)))
    assert [f.object for f in store.facts(all_versions=True) if f.object == "Berlin" and f.superseded_at]
    episodes = store.recall("where does the user live and which notes app?", kinds=["episode"])
    assert {m.session_id for m in episodes} == {"s", "n"} and not any(m.outdated for m in episodes)


# --- two values of one key stated at one instant --------------------------------------------


def test_a_fact_retired_earlier_in_its_swap_retires_nothing(store: MemoryStore) -> None:
    """Two values of a single-valued key said at one instant: the first decided takes the other's place; the
    other, no longer active, must not turn round and retire it (a cycle that leaves the key with no value)."""
    say(store, "a", "Odile Marchetti|works at|Vantablack Press", T0)
    later = T0 + timedelta(days=1)
    store.stage("b", "user", "Odile Marchetti|works at|Quarry Books", ts=later, seq=1)
    store.stage("b", "user", "Odile Marchetti|works at|North Desk", ts=later, seq=2)
    report = run_consolidate(store, session="b", consolidator=TripleConsolidator())
    assert report.sessions_consolidated == 1, report.failures
    assert active(store, subject="Odile Marchetti") == ["Quarry Books"]
    versions = {f.id: f for f in store.facts(subject="Odile Marchetti", all_versions=True)}
    for f in versions.values():  # every retired version points at an active successor: no cycle
        if f.superseded_by is not None and f.superseded_by in versions:
            assert versions[f.superseded_by].superseded_by is None
