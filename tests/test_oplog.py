"""The op log grows with the facts written, and re-consolidation adds no identical versions.

Coexistence is the default: another value of a multi-valued key is neither
looked up nor logged, and the judged pairs of a new fact that keep both facts
are one op. A fact re-extracted unchanged keeps its row, active or retired as
it was, so backfills leave ``history`` as it was.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from memory_sink import MemoryStore
from memory_sink.supersession import JUDGED_PER_FACT
from memory_sink.swap import PreviousRow, unchanged
from memory_sink.types import NewMemory
from pipelines.backfill import run_backfill, sessions_on_days
from pipelines.cli import output
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime
from tests.test_cli import run
from tests.test_supersession import TripleConsolidator
from tests.test_supersession_edges import Hedged, build_consolidator

DAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def op_count(store: MemoryStore) -> int:
    with store.connection() as conn:
        row = conn.execute("SELECT count(*) FROM memory_ops").fetchone()
    assert row is not None
    return int(row[0])


def ops_for_likes(store: MemoryStore, n: int, session: str) -> tuple[int, int]:
    """Ops logged by consolidating, then backfilling, one session of ``n`` "I like hobbyK." turns."""
    before = op_count(store)
    turns = [
        {
            "session_id": session,
            "role": "user",
            "content": f"I like {session}hobby{k}.",
            "ts": DAY + timedelta(minutes=k),
        }
        for k in range(n)
    ]
    assert store.stage_many(turns).inserted == n
    run_realtime(store)
    assert run_consolidate(store).sessions_consolidated == 1
    consolidated = op_count(store) - before
    assert len([f for f in store.facts(subject="user") if f.session_id == session]) == n
    assert run_backfill(store, [("default", session)]).sessions_consolidated == 1
    return consolidated, op_count(store) - before


def test_ops_grow_linearly_with_facts_of_a_multi_valued_key(store: MemoryStore) -> None:
    small, small_after_backfill = ops_for_likes(store, 50, "a")
    large, large_after_backfill = ops_for_likes(store, 100, "b")  # and 50 facts of the key already active
    # Pairwise logging wrote n(n-1) coexist ops (2,450 and 9,900 plus the pairs with the first 50).
    assert large <= 2 * small and large_after_backfill <= 2 * small_after_backfill
    assert large_after_backfill <= 100 + 2  # at most one op per fact written, and the swaps


def test_judged_neighbours_are_bounded_and_logged_once_per_fact(store: MemoryStore) -> None:
    """Facts of one subject with distinct predicates are semantic neighbours: judged, not pairwise."""
    n = 30
    for k in range(n):
        store.stage("s", "user", f"user|hobby {k}|chess club {k}", ts=DAY + timedelta(minutes=k))
    assert run_consolidate(store, consolidator=TripleConsolidator()).sessions_consolidated == 1
    with store.connection() as conn:
        logged = conn.execute("SELECT op, memory_ids::text[], signals FROM memory_ops").fetchall()
    coexist = [(ids, sig) for op, ids, sig in logged if op == "coexist"]
    assert len(logged) <= n + 1 and coexist  # one op per new fact at most, and the swap
    assert len({ids[0] for ids, _ in coexist}) == len(coexist)
    for ids, sig in coexist:
        assert 1 <= len(sig["compared"]) <= JUDGED_PER_FACT and ids[1:] == [c["id"] for c in sig["compared"]]
        assert all(c["verdict"] == "coexist" and not c["key_match"] for c in sig["compared"])
        assert all(c["cosine"] >= sig["threshold"] for c in sig["compared"])


def test_values_of_a_predicate_of_unknown_cardinality_reach_the_judge_nearest_first(store: MemoryStore) -> None:
    n = JUDGED_PER_FACT + 4
    for k in range(n):
        # "sponsors" is in neither cardinality table, so only the judge can settle its values.
        store.stage("s", "user", f"Acme|sponsors|Team {k}", ts=DAY + timedelta(minutes=k))
    assert run_consolidate(store, consolidator=TripleConsolidator()).sessions_consolidated == 1
    with store.connection() as conn:
        logged = conn.execute("SELECT op, memory_ids::text[], signals FROM memory_ops").fetchall()
    compared = [sig["compared"] for op, _ids, sig in logged if op == "coexist"]
    assert len(logged) <= n + 1 and len(compared) <= n  # at most one op per fact, and the swap
    assert max(len(c) for c in compared) == JUDGED_PER_FACT  # the other n - 1 values, bounded
    pairs_logged = [frozenset((ids[0], c["id"])) for op, ids, sig in logged if op == "coexist" for c in sig["compared"]]
    assert len(pairs_logged) == len(set(pairs_logged))  # each pair once, though each fact met the other
    for pairs in compared:
        assert all(p["key_match"] and p["reason"] == "'sponsors' is multi-valued" for p in pairs)
        assert [p["cosine"] for p in pairs] == sorted((p["cosine"] for p in pairs), reverse=True)


def test_history_says_why_a_judged_neighbour_stays(store: MemoryStore) -> None:
    store.stage("a", "user", "user|lives in|Berlin", ts=DAY)
    run_consolidate(store, session="a", consolidator=TripleConsolidator())
    store.stage("b", "user", "user|home base|Berlin", ts=DAY + timedelta(days=1))
    run_consolidate(store, session="b", consolidator=TripleConsolidator())
    berlin, base = (next(f for f in store.facts() if f.predicate == p) for p in ("lives in", "home base"))
    [op] = [o for o in store.operations(berlin.id) if o["op"] == "coexist"]
    text = " ".join(output.describe_op(op, {berlin.id: berlin, base.id: base}, width=100).split())
    threshold = store.tiers.supersession_policy().threshold
    assert (
        f"coexist: {base.id[:8]} 'user home base Berlin' stays active beside {berlin.id[:8]} 'user lives in Berlin' "
        f"(neighbour: cosine {op['signals']['compared'][0]['cosine']} >= threshold {threshold}; "
        "rules judge: coexist (related but a different predicate)) [op"
    ) in text


# --- re-consolidation keeps unchanged facts -----------------------------------------------------


def history(capsys: pytest.CaptureFixture[str], cfg: list[str], *args: str) -> tuple[str, dict]:
    code, out, err = run(capsys, "history", *cfg, "--subject", "user", "--predicate", "lives in", *args)
    assert code == 0, err
    code, doc, err = run(capsys, "history", *cfg, "--json", "--subject", "user", "--predicate", "lives in")
    assert code == 0, err
    return out, json.loads(doc)


def test_seven_backfills_leave_history_as_one_consolidation_did(
    capsys: pytest.CaptureFixture[str], config_file: Path, store: MemoryStore
) -> None:
    cfg = ["--config", str(config_file)]
    days = [date(2026, 3, 2), date(2026, 3, 3), date(2026, 3, 4)]
    for i, text in enumerate(("I live in Berlin.", "We moved to Paris.", "I live in Lisbon now.")):
        store.stage(f"s{i}", "user", text, ts=DAY + timedelta(days=i))
    run_realtime(store)
    run_consolidate(store)
    between = datetime.now(UTC)
    out, doc = history(capsys, cfg)
    assert [m["object"] for m in doc["chain"]] == ["Berlin", "Paris", "Lisbon"]
    for _ in range(7):
        assert run_backfill(store, sessions_on_days(store, days)).sessions_consolidated == 3
    out_after, doc_after = history(capsys, cfg)
    assert len(out_after.splitlines()) == len(out.splitlines()) and out_after == out
    assert [m["id"] for m in doc_after["chain"]] == [m["id"] for m in doc["chain"]]
    assert [f.object for f in store.facts(subject="user", as_of=between)] == ["Lisbon"]
    # Nothing changed in those days: the facts, and the episodes with their passages, keep their rows.
    assert len([m for m in store.facts(all_versions=True)]) == 3
    assert store.status()["superseded"] == 2  # Berlin and Paris, retired by the first consolidation
    swaps = [o for o in store.operations([m["id"] for m in doc["chain"]]) if o["op"] == "tier_swap"]
    assert len(swaps) == 3


def test_a_retired_fact_re_extracted_unchanged_stays_the_one_version(store: MemoryStore) -> None:
    store.stage("s", "user", "I use Notion for notes.", ts=DAY)
    run_consolidate(store)
    [notion] = store.facts()
    op = store.retract(notion.id, reason="wrong")
    store.stage("s", "user", "I like jazz.", ts=DAY + timedelta(minutes=5))  # a late turn: re-read whole
    run_consolidate(store)
    assert [f.object for f in store.facts()] == ["jazz"]
    assert [f.id for f in store.facts(all_versions=True) if f.object == "Notion"] == [notion.id]
    store.undo(op)  # the one version comes back; no copy of it stays retired behind it
    assert sorted(f.object for f in store.facts()) == ["Notion", "jazz"]
    assert [f.id for f in store.facts(all_versions=True) if f.object == "Notion"] == [notion.id]


def test_backfills_leave_an_older_role_value_one_version(
    capsys: pytest.CaptureFixture[str], config_file: Path, store: MemoryStore
) -> None:
    # a role attribute names the active fact it replaces: re-read after newer values, the oldest names the
    # newest (not the one that retired it), and must still not write a copy per backfill
    cfg = ["--config", str(config_file)]
    days = [date(2026, 3, 2), date(2026, 3, 3), date(2026, 3, 4)]
    for i, text in enumerate(
        ("All my notes are in Notion.", "Logseq has all my notes now.", "Actually it's Bear for notes now.")
    ):
        store.stage(f"n{i}", "user", text, ts=DAY + timedelta(days=i))
    run_realtime(store)
    run_consolidate(store)
    code, before, err = run(capsys, "history", *cfg, "--subject", "user", "--predicate", "notes app")
    assert code == 0 and "Notion" in before and "Logseq" in before, err
    for _ in range(3):
        assert run_backfill(store, sessions_on_days(store, days)).sessions_consolidated == 3
    code, after, err = run(capsys, "history", *cfg, "--subject", "user", "--predicate", "notes app")
    assert code == 0, err
    assert after == before
    assert [f.object for f in store.facts(subject="user")] == ["Bear"]


def test_a_changed_re_extraction_still_inherits_how_its_fact_was_retired(store: MemoryStore) -> None:
    store.stage("s", "user", "I use Notion for notes.", ts=DAY)
    run_consolidate(store)
    [notion] = store.facts()
    store.retract(notion.id, reason="wrong")
    store.stage("s", "user", "I like jazz.", ts=DAY + timedelta(minutes=5))
    run_consolidate(store, consolidator=Hedged(build_consolidator(store.config)))  # every fact less sure
    assert [f.object for f in store.facts()] == ["jazz"]
    versions = [f for f in store.facts(all_versions=True) if f.object == "Notion"]
    assert len(versions) == 2 and all(f.superseded_at is not None for f in versions)
    copy = next(f for f in versions if f.id != notion.id)
    assert "inherit" in [o["op"] for o in store.operations(copy.id)]


# --- the pure rule -------------------------------------------------------------------------------


def fact(obj: str = "Paris", **changes: object) -> NewMemory:
    fields: dict = {
        "kind": "fact",
        "content": f"user lives in {obj}",
        "embed_text": f"user lives in {obj}",
        "event_ids": ("e1",),
        "valid_from": DAY,
        "subject": "user",
        "predicate": "lives in",
        "object": obj,
        "confidence": 0.9,
        "metadata": {"project": "x"},
    }
    return NewMemory(**{**fields, **changes})  # type: ignore[arg-type]


def previous(row: NewMemory, memory_id: str = "p1") -> PreviousRow:
    conf = None if row.confidence is None else float(np.float32(row.confidence))  # as a `real` column reads back
    return PreviousRow(
        memory_id,
        row.kind,
        row.subject,
        row.predicate,
        row.object,
        tuple(row.event_ids),
        False,
        row.content,
        row.valid_from,
        conf,
        dict(row.metadata),
    )


def test_only_an_exact_restatement_is_unchanged() -> None:
    old = previous(fact())
    assert unchanged([old], [fact()]) == {0: "p1"}
    assert unchanged([old], [fact(), fact()]) == {0: "p1"}  # one previous row stands for one new row
    for changed in (
        fact("Lyon"),
        fact(confidence=0.5),
        fact(metadata={"project": "y"}),
        fact(event_ids=("e1", "e2")),
        fact(valid_from=DAY + timedelta(days=1)),
        fact(retract=True),
    ):
        assert unchanged([old], [changed]) == {}
    named = "0b6d1f0e-8f5e-4a57-9d43-2f3c9e4f1a11"
    assert unchanged([old], [fact(replaces=named)], named_active={named}) == {}
    assert unchanged([old], [fact(replaces=named)]) == {0: "p1"}  # it names nothing active: no new work
    # an older value re-read after newer ones: its retired row would only be inherited, so nothing is new
    assert unchanged([replace(old, retired=True)], [fact(replaces=named)], named_active={named}) == {0: "p1"}
