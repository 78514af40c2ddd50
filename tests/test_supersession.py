"""Invariant 7: fact supersession is explicit, explainable, bitemporal and reversible."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from consolidators.types import ConsolidationResult, Context, Episode, Fact, Transcript
from memory_sink import MemoryStore
from memory_sink.supersession import (
    Candidate,
    FactView,
    Policy,
    decide,
    guard,
    rules_judge,
)
from pipelines.consolidate import run_consolidate

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


class TripleConsolidator:
    """Each turn 'subject | predicate | object' becomes one fact (for precise engine tests)."""

    name = "triples"

    def consolidate(self, transcript: Transcript, context: Context) -> ConsolidationResult:
        facts = []
        for turn in transcript.turns:
            parts = [p.strip() for p in turn.content.split("|")]
            retract = parts[0] == "-"
            s, p, o = parts[1:] if retract else parts
            facts.append(
                Fact(s, p, o, 0.9, turn.ts, (turn.event_id,), retract=retract, replaces=turn.metadata.get("replaces"))
            )
        episode = Episode(
            "\n".join(t.content for t in transcript.turns),
            "triples",
            transcript.turns[0].ts,
            transcript.turns[-1].ts,
            tuple(t.event_id for t in transcript.turns),
        )
        return ConsolidationResult((episode,), tuple(facts))


def say(store: MemoryStore, session: str, triple: str, when: datetime, ns: str = "default", **metadata: Any) -> None:
    store.stage(session, "user", triple, namespace=ns, ts=when, metadata=metadata or None)
    report = run_consolidate(store, session=session, namespace=ns, consolidator=TripleConsolidator())
    assert report.sessions_consolidated == 1, report.failures


def active(store: MemoryStore, ns: str = "default", **filters: str) -> list[str]:
    return sorted(f.object or "" for f in store.facts(namespace=ns, **filters))


# --- the pure rules --------------------------------------------------------------------


def view(s: str, p: str, o: str, day: int = 0, **meta: Any) -> FactView:
    return FactView(f"{s}-{p}-{o}-{day}", s, p, o, T0 + timedelta(days=day), meta)


POLICY = Policy(threshold=0.45)


@pytest.mark.parametrize(
    ("old", "new", "verdict"),
    [
        (view("user", "lives in", "Berlin"), view("user", "lives in", "Lisbon", 1), "replace"),
        (view("user", "uses", "RSS"), view("user", "uses", "Atom", 1), "coexist"),
        (view("user", "Lives  In", "berlin"), view("user", "lives in", "Berlin", 1), "duplicate"),
        (view("user", "lives in", "Berlin"), view("user", "works at", "Berlin Labs", 1), "coexist"),
    ],
)
def test_rules_judge(old: FactView, new: FactView, verdict: str) -> None:
    key = old.key == new.key
    assert rules_judge(new, Candidate(old, 0.7, key), POLICY)[0] == verdict


def test_guards_block_replacement() -> None:
    old = view("user", "prefers drink", "tea", project="alpha")
    new = view("user", "prefers drink", "coffee", 1, project="beta")
    [d] = decide(new, [Candidate(old, 0.8, True)], POLICY)
    assert (d.verdict, d.guard, d.effective) == ("replace", "metadata conflict on 'project'", "coexist")
    pinned = FactView(old.id, "user", "prefers drink", "tea", T0, {}, pinned=True)
    [d] = decide(view("user", "prefers drink", "coffee", 1), [Candidate(pinned, 0.8, True)], POLICY)
    assert (d.guard, d.effective) == ("pinned", "coexist")
    assert guard(view("user", "x", "y", project="a"), Candidate(view("user", "x", "z"), 0.9, True), POLICY) is None


def test_a_custom_judge_decides_neighbours_but_not_exact_restatements() -> None:
    calls = []

    def judge(new: FactView, cand: Candidate, policy: Policy) -> tuple[str, str]:
        calls.append(cand.fact.object)
        return "replace", "judge says so"

    new = view("user", "resides in", "Lisbon", 1)
    ds = decide(
        new,
        [
            Candidate(view("user", "lives in", "Berlin"), 0.63, False),
            Candidate(view("user", "resides in", "Lisbon"), 0.99, True),
        ],
        POLICY,
        judge,
        "llm",
    )
    assert [(d.verdict, d.judge) for d in ds] == [("duplicate", "rules"), ("replace", "llm")]
    assert calls == ["Berlin"]


def test_decide_orders_tied_candidates_the_same_whatever_order_the_store_gives():
    """Two active facts stating one triple tie on cosine: the older one is settled first, in either input order."""
    older, newer = view("user", "prefers drink", "chai", 0), view("user", "prefers drink", "chai", 2)
    new = view("user", "prefers drink", "chai", 3)
    for given in ([older, newer], [newer, older]):
        ds = decide(new, [Candidate(f, 0.97, True) for f in given], POLICY)
        assert [d.candidate.fact.id for d in ds] == [older.id, newer.id]


# --- calibration --------------------------------------------------------------------

CALIBRATION: list[tuple[str, str, str, dict, dict]] = [
    # (label, old triple, new triple, old metadata, new metadata)
    ("replace", "user|lives in|Berlin", "user|lives in|Lisbon", {}, {}),
    ("replace", "user|works at|Acme", "user|works at|Globex", {}, {}),
    ("replace", "user|prefers drink|coffee", "user|prefers drink|tea", {}, {}),
    ("replace", "user|editor|Vim", "user|editor|Neovim", {}, {}),
    ("replace", "Acme|ceo|John Smith", "Acme|ceo|Jane Doe", {}, {}),
    ("replace", "user|queue|Redis", "user|queue|RabbitMQ", {}, {}),
    ("unrelated", "user|lives in|Berlin", "Acme|ceo|Jane Doe", {}, {}),
    ("unrelated", "user|prefers drink|tea", "user|editor|Neovim", {}, {}),
    ("unrelated", "user|works at|Acme", "Herald|uses|RSS", {}, {}),
    ("unrelated", "user|database|Postgres", "user|lives in|Lisbon", {}, {}),
    ("coexist", "Herald|uses|RSS", "Herald|uses|Atom", {}, {}),
    ("coexist", "user|likes|drinks", "user|likes|tea", {}, {}),
    ("coexist", "user|prefers drink|tea", "user|prefers drink|coffee", {"project": "alpha"}, {"project": "beta"}),
    ("coexist", "user|uses|Postgres", "user|uses|MySQL", {}, {}),
    ("coexist", "user|speaks|English", "user|speaks|Spanish", {}, {}),
    ("coexist", "user|lives in|Berlin", "user|works at|Berlin Labs", {}, {}),
    ("duplicate", "user|lives in|Berlin", "user|lives in|berlin", {}, {}),
    ("duplicate", "user|editor|Neovim", "user|editor|Neovim", {}, {}),
]


def test_calibration_suite(store: MemoryStore, capsys: pytest.CaptureFixture[str]) -> None:
    outcomes = []
    for i, (label, old, new, old_meta, new_meta) in enumerate(CALIBRATION):
        ns = f"cal{i}"
        say(store, "a", old, T0, ns, **old_meta)
        say(store, "b", new, T0 + timedelta(days=1), ns, **new_meta)
        facts = {f.session_id: f for f in store.facts(namespace=ns, all_versions=True)}
        old_f, new_f = facts["a"], facts["b"]
        if old_f.superseded_by == new_f.id:
            got = "replace"
        elif new_f.superseded_by == old_f.id:
            got = "duplicate"
        else:
            got = "coexist"
        outcomes.append((label, got, old, new))
    predicted = [o for o in outcomes if o[1] == "replace"]
    true_pos = [o for o in predicted if o[0] == "replace"]
    actual = [o for o in outcomes if o[0] == "replace"]
    precision = len(true_pos) / len(predicted) if predicted else 1.0
    recall = len(true_pos) / len(actual)
    with capsys.disabled():
        print(
            f"\nauto-supersession on {len(outcomes)} labelled pairs (MiniLM int8, rules judge, "
            f"threshold {store.tiers.supersession_policy().threshold}): precision {precision:.2f}, recall {recall:.2f}"
        )
    for label, got, old, new in outcomes:
        expected = {"replace": "replace", "duplicate": "duplicate"}.get(label, "coexist")
        assert got == expected, f"{label}: {old} -> {new} gave {got}"
    assert precision == 1.0 and recall == 1.0


# --- chains, time, guards ---------------------------------------------------------------------


def test_chain_history_recall_and_as_of(store: MemoryStore) -> None:
    say(store, "a", "user|lives in|Berlin", T0)
    between = datetime.now(UTC)
    say(store, "b", "user|lives in|Lisbon", T0 + timedelta(days=1))
    say(store, "c", "user|lives in|Tokyo", T0 + timedelta(days=2))
    chain_ids = [f.id for f in sorted(store.facts(all_versions=True), key=lambda f: f.valid_from)]
    for node in chain_ids:
        chain = store.history(node)
        assert [m.object for m in chain] == ["Berlin", "Lisbon", "Tokyo"]
    chain = store.history(chain_ids[0])
    assert chain[0].valid_to == chain[1].valid_from and chain[1].valid_to == chain[2].valid_from
    assert chain[2].valid_to is None
    recalled = store.recall("where does the user live?", kinds=["fact"], k=10)
    assert [m.object for m in recalled] == ["Tokyo"]
    assert [f.object for f in store.facts(as_of=between)] == ["Berlin"]
    then = store.recall("where does the user live?", kinds=["fact"], as_of=between)
    assert [m.object for m in then] == ["Berlin"]
    ops = [o for o in store.operations(chain_ids[0]) if o["op"] == "supersede"]
    assert ops and ops[0]["signals"]["key_match"] and ops[0]["signals"]["judge"] == "rules"


def test_a_fact_never_supersedes_or_retracts_another_namespaces_facts(store: MemoryStore) -> None:
    """Invariant 10 in the engine: candidates and retraction targets come from the fact's own namespace."""
    say(store, "a", "user|lives in|Berlin", T0, ns="alice")
    say(store, "b", "user|uses|Notion", T0, ns="alice")
    say(store, "c", "user|lives in|Lisbon", T0 + timedelta(days=1), ns="bob")  # single-valued: a key match
    say(store, "d", "- | user | uses | Notion", T0 + timedelta(days=1), ns="bob")
    assert active(store, "alice") == ["Berlin", "Notion"] and active(store, "bob") == ["Lisbon"]
    alice = [f.id for f in store.facts(namespace="alice", all_versions=True)]
    assert {o["op"] for o in store.operations(alice, namespace="alice")} == {"tier_swap"}


def test_a_restatement_is_logged_with_its_signals(store: MemoryStore) -> None:
    """Invariant 7: a decision that retires the new fact as a duplicate is explained in the log too."""
    say(store, "a", "Herald|uses|RSS", T0)
    say(store, "b", "Herald|uses|RSS", T0 + timedelta(days=2))
    first, again = sorted(store.facts(all_versions=True), key=lambda f: f.valid_from)
    assert again.superseded_by == first.id
    [logged] = [o for o in store.operations(again.id) if o["op"] == "duplicate"]
    assert logged["memory_ids"] == [again.id, first.id]
    assert logged["signals"]["verdict"] == "duplicate" and logged["signals"]["key_match"]
    assert logged["signals"]["reason"] == "same subject, predicate and object"


def test_a_late_older_fact_does_not_replace_the_newer_one(store: MemoryStore) -> None:
    say(store, "new", "user|works at|Globex", T0 + timedelta(days=5))
    say(store, "old", "user|works at|Acme", T0)  # arrives later, happened earlier
    assert active(store) == ["Globex"]
    acme = next(f for f in store.facts(all_versions=True) if f.object == "Acme")
    globex = next(f for f in store.facts(all_versions=True) if f.object == "Globex")
    assert acme.superseded_by == globex.id and acme.valid_to == globex.valid_from
    late = [o for o in store.operations(acme.id) if o["op"] == "supersede"][0]
    assert late["signals"]["late_arrival"] is True


def test_a_late_older_restatement_keeps_the_facts_first_saying(store: MemoryStore) -> None:
    say(store, "later", "user|lives in|Valencia", T0 + timedelta(days=5))
    say(store, "earlier", "user|lives in|Valencia", T0)  # imported late: the user said it first here
    current = store.facts()
    assert [(f.object, f.valid_from) for f in current] == [("Valencia", T0)]
    later = next(f for f in store.facts(all_versions=True) if f.valid_from == T0 + timedelta(days=5))
    assert later.superseded_by == current[0].id and later.valid_to is None  # a restatement ends nothing
    op = next(o for o in store.operations(later.id) if o["op"] == "duplicate")
    assert op["signals"]["late_arrival"] is True
    store.undo(op["op_id"])  # as undoing any restatement: both sayings active again
    assert sorted(f.valid_from for f in store.facts()) == [T0, T0 + timedelta(days=5)]


def test_an_older_restatement_does_not_reach_across_a_change_of_value(store: MemoryStore) -> None:
    say(store, "a", "user|lives in|Bilbao", T0 + timedelta(days=2))
    say(store, "b", "user|lives in|Valencia", T0 + timedelta(days=5))  # replaces Bilbao
    say(store, "c", "user|lives in|Valencia", T0)  # an earlier stretch in Valencia, before Bilbao
    assert [(f.object, f.valid_from) for f in store.facts()] == [("Valencia", T0 + timedelta(days=5))]


def test_explicit_supersede_bypasses_the_metadata_guard_and_undo_restores(store: MemoryStore) -> None:
    say(store, "a", "user|prefers drink|tea", T0, project="alpha")
    say(store, "b", "user|prefers drink|coffee", T0 + timedelta(days=1), project="beta")
    assert active(store) == ["coffee", "tea"]  # the guard kept both
    by_obj = {f.object: f for f in store.facts()}
    blocked = [o for o in store.operations(by_obj["tea"].id) if o["op"] == "blocked"]
    assert blocked and "project" in blocked[0]["signals"]["guard"]
    before = store.get(by_obj["tea"].id)
    op = store.supersede(by_obj["tea"].id, by_obj["coffee"].id, reason="same preference everywhere")
    assert active(store) == ["coffee"]
    store.undo(op)
    assert store.get(by_obj["tea"].id) == before
    assert active(store) == ["coffee", "tea"]


def test_a_pinned_fact_survives_auto_supersession(store: MemoryStore) -> None:
    say(store, "a", "user|editor|Emacs", T0)
    emacs = store.facts()[0]
    pin_op = store.pin(emacs.id, reason="the user insists")
    say(store, "b", "user|editor|VS Code", T0 + timedelta(days=1))
    assert active(store) == ["Emacs", "VS Code"]
    assert any(o["op"] == "blocked" and o["signals"]["guard"] == "pinned" for o in store.operations(emacs.id))
    store.undo(pin_op)
    say(store, "c", "user|editor|Helix", T0 + timedelta(days=2))
    assert active(store) == ["Helix"]  # unpinned, Emacs is replaced like VS Code


def test_retraction_removes_a_fact_from_recall_and_keeps_it_in_history(store: MemoryStore) -> None:
    say(store, "a", "user|uses|Notion", T0)
    notion = store.facts()[0]
    say(store, "b", "- | user | uses | Notion", T0 + timedelta(days=1))
    assert store.facts() == []
    assert all(m.id != notion.id for m in store.recall("which tools does the user use?", kinds=["fact"]))
    [kept] = store.history(notion.id)
    assert kept.superseded_at is not None and kept.valid_to == T0 + timedelta(days=1)
    assert [o["op"] for o in store.operations(notion.id)][-1] == "retract"


def test_a_retraction_survives_re_consolidation_of_its_session(store: MemoryStore) -> None:
    say(store, "a", "user|uses|Notion", T0)
    notion = store.facts()[0]
    store.retract(notion.id, reason="wrong")
    store.stage("a", "user", "user|uses|Obsidian", ts=T0 + timedelta(minutes=5))
    run_consolidate(store, session="a", consolidator=TripleConsolidator())  # a late turn: re-read whole
    assert active(store) == ["Obsidian"]  # Notion, re-extracted from the same turn, stays retracted


def test_the_consolidator_can_name_what_a_fact_replaces(store: MemoryStore) -> None:
    say(store, "a", "user|lives in|Berlin", T0)
    berlin = store.facts()[0]
    say(store, "b", "user|is based in|Lisbon", T0 + timedelta(days=1), replaces=berlin.id)
    assert active(store) == ["Lisbon"]
    op = [o for o in store.operations(berlin.id) if o["op"] == "supersede"][0]
    assert op["signals"]["named_by_consolidator"] is True


def test_a_restatement_creates_no_new_active_row(store: MemoryStore) -> None:
    say(store, "a", "user|lives in|Berlin", T0)
    say(store, "b", "user|lives in|Berlin", T0 + timedelta(days=3))
    assert active(store) == ["Berlin"]
    assert len(store.facts(all_versions=True)) == 2


def test_forget_that_in_conversation_retires_the_fact(store: MemoryStore) -> None:
    store.stage("s", "user", "I use Notion for notes.", ts=T0)
    store.stage("s", "user", "Actually, forget that.", ts=T0 + timedelta(minutes=1))
    run_consolidate(store)
    assert store.facts() == []
    [notion] = store.facts(all_versions=True)
    assert notion.object == "Notion" and "retract" in [o["op"] for o in store.operations(notion.id)]
