"""Undo keeps one current value per single-valued key, and a refused retirement says how to go back."""

from __future__ import annotations

from datetime import timedelta

import pytest

from memory_sink import InputError, MemoryStore
from tests.test_supersession import T0, active, say


def replacement_op(store: MemoryStore, old_id: str) -> int:
    return next(o["op_id"] for o in store.operations(old_id) if o["op"] == "supersede")


def test_undoing_a_replacement_makes_the_old_value_the_one_current_value(store: MemoryStore) -> None:
    say(store, "a", "user|lives in|Tromso", T0)
    tromso = store.facts()[0].id
    say(store, "b", "user|lives in|Galway", T0 + timedelta(days=3))
    galway = store.facts()[0].id
    undo_op = store.undo(replacement_op(store, tromso))
    assert active(store) == ["Tromso"]  # not Tromso beside Galway
    assert store.get(galway).superseded_at is not None and store.get(galway).superseded_by is None
    assert [f.object for f in store.facts(as_of=store.get(galway).superseded_at)] == ["Tromso"]
    assert galway in {m for o in store.operations(galway) if o["op_id"] == undo_op for m in o["memory_ids"]}
    store.undo(undo_op)  # undoing the undo brings the replacement back, alone
    assert active(store) == ["Galway"]


def test_undo_refuses_to_bring_back_a_value_beside_a_later_one(store: MemoryStore) -> None:
    say(store, "a", "user|editor|Kakoune", T0)
    kakoune = store.facts()[0].id
    say(store, "b", "user|editor|Micro", T0 + timedelta(days=1))
    say(store, "c", "user|editor|Nano", T0 + timedelta(days=2))
    nano = store.facts()[0].id
    with pytest.raises(InputError, match=f"current beside {nano}.*holds one value"):
        store.undo(replacement_op(store, kakoune))
    assert active(store) == ["Nano"]


def test_undo_keeps_both_values_where_a_guard_would(store: MemoryStore) -> None:
    say(store, "a", "user|prefers drink|mate", T0, project="north")
    say(store, "b", "user|prefers drink|kefir", T0 + timedelta(days=1), project="south")
    by_obj = {f.object: f.id for f in store.facts()}
    store.retract(by_obj["mate"])
    store.undo(next(o["op_id"] for o in store.operations(by_obj["mate"]) if o["op"] == "retract"))
    assert active(store) == ["kefir", "mate"]  # another project's value is not this one's


def test_a_multi_valued_key_gets_its_values_back_untouched(store: MemoryStore) -> None:
    say(store, "a", "user|speaks|Basque", T0)
    say(store, "b", "user|speaks|Welsh", T0 + timedelta(days=1))
    basque = {f.object: f.id for f in store.facts()}["Basque"]
    op = store.retract(basque)
    store.undo(op)
    assert active(store) == ["Basque", "Welsh"]


def test_retiring_a_retired_fact_says_how_it_went_and_the_way_back(store: MemoryStore) -> None:
    say(store, "a", "user|speaks|Basque", T0)
    basque = store.facts()[0].id
    op = store.retract(basque)
    with pytest.raises(InputError, match=rf"already retracted \(at .*operation {op}\).*tiermem undo {op}"):
        store.retract(basque)
    say(store, "b", "user|lives in|Tromso", T0)
    tromso = store.facts(predicate="lives in")[0].id
    say(store, "c", "user|lives in|Galway", T0 + timedelta(days=1))
    galway = store.facts(predicate="lives in")[0].id
    with pytest.raises(InputError, match=f"already superseded by {galway}.*tiermem undo"):
        store.supersede(tromso, galway)


def test_a_sessions_own_facts_take_no_room_in_its_context_pool(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    say(store, "earlier", "user|likes|kayaks", T0)
    for i, hobby in enumerate(["quilts", "chess", "orchids"]):  # recorded later: newest first in the pool
        store.stage("mine", "user", f"user|likes|{hobby}", ts=T0 + timedelta(days=1, minutes=i))
    from pipelines.consolidate import run_consolidate
    from tests.test_supersession import TripleConsolidator

    run_consolidate(store, session="mine", consolidator=TripleConsolidator())
    monkeypatch.setattr("memory_sink.tiers.CONTEXT_POOL", 2)
    [context] = store.tiers.context_facts("default", ["what else do I like?"], limit=2, session_ids=["mine"])
    assert [f.object for f in context] == ["kayaks"]
