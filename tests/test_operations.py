"""Invariants 6 and 7 (explicit part): knowledge is never deleted; operations are logged and reversible."""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from memory_sink import DatabaseError, InputError, MemoryStore, NotFoundError
from memory_sink.db import open_pool
from memory_sink.operations import memories_by_id, resolve_id
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime


def consolidated_facts(store: MemoryStore) -> dict[str, str]:
    """Two active, coexisting facts ('uses' is multi-valued), keyed by object."""
    store.stage("s1", "user", "Herald uses RSS.", ts="2026-01-01T10:00:00Z")
    store.stage("s2", "user", "Herald uses Atom.", ts="2026-01-02T10:00:00Z")
    run_realtime(store)
    run_consolidate(store)
    found = {f.object: f.id for f in store.facts(subject="Herald", predicate="uses")}
    assert set(found) == {"RSS", "Atom"}
    return found


def row_state(store: MemoryStore, memory_id: str) -> tuple:
    with store.connection() as conn:
        return conn.execute(
            "SELECT superseded_at, superseded_by, valid_to FROM memory WHERE id = %s", (memory_id,)
        ).fetchone()


def test_retract_removes_from_recall_and_keeps_history(store: MemoryStore) -> None:
    ids = consolidated_facts(store)
    rss = ids["RSS"]
    op = store.retract(rss, reason="user asked to forget it")
    assert rss not in {m.id for m in store.recall("what does Herald use?", k=50)}
    assert rss not in {f.id for f in store.facts()}
    assert rss in {f.id for f in store.facts(all_versions=True)}
    assert store.history(rss)[0].superseded_at is not None
    logged = store.operations(rss)
    assert [o["op"] for o in logged][-1] == "retract" and logged[-1]["reason"] == "user asked to forget it"
    assert logged[-1]["op_id"] == op


def test_supersede_then_undo_restores_the_exact_prior_state(store: MemoryStore) -> None:
    ids = consolidated_facts(store)
    before = row_state(store, ids["RSS"])
    op = store.supersede(ids["RSS"], ids["Atom"], reason="moved")
    after = row_state(store, ids["RSS"])
    assert after[1] is not None and str(after[1]) == ids["Atom"]
    chain = store.history(ids["Atom"])
    assert [m.object for m in chain] == ["RSS", "Atom"]
    assert chain[0].valid_to == chain[1].valid_from  # bitemporal hand-over
    undo_op = store.undo(op)
    assert row_state(store, ids["RSS"]) == before
    with pytest.raises(InputError, match="already undone"):
        store.undo(op)
    store.undo(undo_op)  # an undo is itself reversible
    assert row_state(store, ids["RSS"]) == after


def test_operation_guards(store: MemoryStore) -> None:
    ids = consolidated_facts(store)
    with pytest.raises(InputError, match="cannot supersede itself"):
        store.supersede(ids["RSS"], ids["RSS"])
    store.retract(ids["RSS"])
    with pytest.raises(InputError, match="already retracted"):
        store.retract(ids["RSS"])
    with pytest.raises(NotFoundError):
        store.retract(ids["Atom"], namespace="other")  # scoped by namespace
    swap_op = next(o for o in store.operations(ids["Atom"]) if o["op"] == "tier_swap")
    with pytest.raises(InputError, match="is a tier_swap; only supersede, retract"):
        store.undo(swap_op["op_id"])
    store.stage("p", "user", "provisional only", seq=1)
    run_realtime(store)
    provisional = next(m for m in store.recall("provisional only") if m.tier == "provisional")
    with pytest.raises(InputError, match="provisional"):
        store.retract(provisional.id)


def test_undo_refuses_when_a_later_operation_changed_the_row(store: MemoryStore) -> None:
    ids = consolidated_facts(store)
    first = store.retract(ids["RSS"])
    store.undo(first)
    store.retract(ids["RSS"])
    with pytest.raises(InputError):
        store.undo(first)


def test_as_of_answers_what_we_believed_then(store: MemoryStore) -> None:
    store.stage("s", "user", "We use Redis for the job queue.", seq=1)
    run_consolidate(store)
    time.sleep(0.05)
    between = datetime.now(UTC)
    time.sleep(0.05)
    store.stage("s", "user", "We switched the queue to RabbitMQ.", seq=2)
    run_consolidate(store)
    then = store.recall("job queue", as_of=between, kinds=["episode"])
    assert len(then) == 1 and "Redis" in then[0].content and "RabbitMQ" not in then[0].content
    now = store.recall("job queue", kinds=["episode"])
    assert len(now) == 1 and "RabbitMQ" in now[0].content
    both = store.recall("job queue", kinds=["episode"], all_versions=True)
    assert len(both) == 2


def test_passwords_never_reach_error_messages() -> None:
    with pytest.raises(DatabaseError) as err:
        open_pool("postgresql://alice:s3cret-pw@127.0.0.1:1/nodb?connect_timeout=1", min_size=1, max_size=1)
    assert "s3cret-pw" not in str(err.value)
    assert "alice" in str(err.value)


def test_the_log_says_which_memory_replaced_which_and_the_pinned_state_at_any_time(store: MemoryStore) -> None:
    from memory_sink.statuses import replacements, retired_by, state_at

    ids = consolidated_facts(store)
    rss, atom = ids["RSS"], ids["Atom"]
    pin_op = store.pin(rss)
    pinned_then = datetime.now(UTC)
    store.unpin(rss)
    sup_op = store.supersede(rss, atom)
    logged = store.operations([rss, atom])
    assert {o["op_id"] for o in logged} >= {pin_op, sup_op}
    assert all(set(o["memory_ids"]) & {rss, atom} for o in logged)  # one query for several memories
    by_id = {o["op_id"]: o for o in logged}
    assert replacements(by_id[sup_op]) == [(rss, atom)] and replacements(by_id[pin_op]) == []
    swaps = [o for o in logged if o["op"] == "tier_swap"]
    assert swaps and replacements(swaps[0]) == []  # a session's first version retires nothing
    assert retired_by(rss, logged)["op_id"] == sup_op and retired_by(atom, logged) is None
    now = store.get(rss)
    assert now.superseded_by == atom and now.pinned is False and now.to_dict()["pinned"] is False
    then = state_at(now, logged, pinned_then)
    assert then == {"superseded_at": None, "superseded_by": None, "valid_to": None, "pinned": True}
    assert state_at(now, logged, datetime.now(UTC))["superseded_by"] == atom
    store.undo(sup_op)
    assert retired_by(rss, store.operations(rss)) is None  # an undone retirement no longer counts


def test_a_unique_id_prefix_resolves_and_anything_else_is_refused(store: MemoryStore) -> None:
    ids = consolidated_facts(store)
    rss = ids["RSS"]
    assert store.resolve_id(rss[:8]) == rss and store.resolve_id(rss.upper()) == rss
    with pytest.raises(NotFoundError):
        store.resolve_id(rss[:8], namespace="elsewhere")  # scoped by namespace
    for bad in ("abc", "xyz12345", "1234'; --"):
        with pytest.raises(InputError, match="not a memory id"):
            store.resolve_id(bad)
    with pytest.raises(NotFoundError):
        store.resolve_id("----")  # well-formed, but no id starts with it


def test_a_whole_id_resolves_without_scanning_the_namespace() -> None:
    class NoQueries:
        def execute(self, *_: object) -> None:
            raise AssertionError("a whole id needs no LIKE over every id in the namespace")

    whole = "0f0e0d0c-0b0a-4908-8706-050403020100"
    assert resolve_id(NoQueries(), "default", whole.upper()) == whole  # type: ignore[arg-type]
    assert resolve_id(NoQueries(), "default", whole.replace("-", "")) == whole  # type: ignore[arg-type]


def test_memories_by_id_reads_several_in_one_query_within_the_namespace(store: MemoryStore) -> None:
    ids = consolidated_facts(store)
    absent = "0f0e0d0c-0b0a-4908-8706-050403020100"
    with store.connection() as conn:
        found = memories_by_id(conn, "default", [ids["RSS"], ids["Atom"], absent])
        assert memories_by_id(conn, "elsewhere", [ids["RSS"]]) == []
    assert sorted(m.object for m in found) == ["Atom", "RSS"]
    # the same row; the store adds its status, which a raw read leaves unset
    assert {m.id: m for m in found}[ids["RSS"]] == replace(store.get(ids["RSS"]), status=None)
