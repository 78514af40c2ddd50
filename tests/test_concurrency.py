"""Concurrent consolidate runs and explicit operations: facts about shared subjects are locked in one global order.

Several runs at once (Dagster runs several consolidate runs, each in its own
process) consolidate different sessions of one namespace whose facts are about
the same subjects. None may deadlock, and every session is consolidated exactly
once. An operator's supersede, retract, pin or undo takes the same subject locks
first, so it queues behind a swap over its subjects instead of deadlocking with it.
"""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta

import psycopg
import pytest

from memory_sink import MemoryStore, locks
from memory_sink.config import Config
from memory_sink.locks import subject_keys
from memory_sink.supersession import Candidate, FactView, Policy
from pipelines import consolidate
from pipelines.consolidate import ConsolidateReport, run_consolidate
from tests.conftest import make_config
from tests.test_supersession import TripleConsolidator

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
RUNS = 3
SUBJECTS = [f"subject{i}" for i in range(RUNS)]


def _staged(config: Config) -> None:
    """One active fact per subject, then one session per run naming every subject in a rotated order.

    The predicate is of unknown cardinality, so each new fact's candidates (the
    subject's active fact, locked by the swap) go to the judge.
    """
    with MemoryStore.open(config) as store:
        for i, subject in enumerate(SUBJECTS):
            store.stage("seed", "user", f"{subject} | zorbles | seed", ts=T0 + timedelta(minutes=i), seq=i)
        assert run_consolidate(store, session="seed", consolidator=TripleConsolidator()).sessions_consolidated == 1
        for run in range(RUNS):
            for k in range(RUNS):
                subject = SUBJECTS[(run + k) % RUNS]
                when = T0 + timedelta(days=1, minutes=k)
                store.stage(f"run{run}", "user", f"{subject} | zorbles | value{run}", ts=when, seq=k)


def _rendezvous_judge(parties: int) -> tuple[consolidate.Judge, str]:
    """A judge whose first call in every run waits for the other runs' first calls.

    A swap calls the judge while holding its first subject's facts, so without a
    global lock order every run holds one subject and waits for the next: a cycle.
    With the order, runs never meet here; the barrier's timeout lets each go on.
    """
    barrier = threading.Barrier(parties, timeout=3)
    seen: set[int] = set()

    def judge(new: FactView, cand: Candidate, policy: Policy) -> tuple[str, str]:
        me = threading.get_ident()
        if me not in seen:
            seen.add(me)
            try:
                barrier.wait()
            except threading.BrokenBarrierError:
                pass
        return "coexist", "test judge"

    return judge, "rendezvous"


def test_concurrent_runs_over_shared_subjects_never_deadlock(db_dsn: str, monkeypatch: pytest.MonkeyPatch) -> None:
    config = make_config(db_dsn, consolidate={"retry_base_seconds": 0})
    _staged(config)
    judge = _rendezvous_judge(RUNS)
    monkeypatch.setattr(consolidate, "build_judge", lambda _config: judge)
    reports: dict[int, ConsolidateReport] = {}
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            with MemoryStore.open(config) as store:
                reports[i] = run_consolidate(store, session=f"run{i}", consolidator=TripleConsolidator())
        except BaseException as exc:  # surfaced below, with the reports
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(RUNS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    failures = [f for r in reports.values() for f in r.failures]
    assert not failures, failures
    assert [reports[i].sessions_consolidated for i in range(RUNS)] == [1] * RUNS
    with psycopg.connect(db_dsn) as conn:
        state = dict(conn.execute("SELECT session_id, version FROM consolidation_state WHERE attempts = 0").fetchall())
        swaps = conn.execute(
            "SELECT signals->>'session_id', count(*) FROM memory_ops WHERE op = 'tier_swap' GROUP BY 1"
        ).fetchall()
    assert state == {"seed": 1, **{f"run{i}": 1 for i in range(RUNS)}}
    assert dict(swaps) == {"seed": 1, **{f"run{i}": 1 for i in range(RUNS)}}
    # The order, not the retry, kept them apart: the server saw no deadlock at all.
    assert _deadlocks(db_dsn) == 0


def _deadlocks(dsn: str) -> int:
    """Deadlocks the server detected in this test's database (each backend reports its own on exit)."""
    with psycopg.connect(dsn) as conn:
        row = conn.execute("SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()").fetchone()
    assert row is not None
    return int(row[0])


def _wait_until_blocked(conn: psycopg.Connection, deadline_seconds: float = 60) -> None:
    """Until another backend of this database waits for a lock (the swap, on the row ``conn`` holds)."""
    end = time.monotonic() + deadline_seconds
    while time.monotonic() < end:
        waiting = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
            " AND wait_event_type = 'Lock'"
        ).fetchone()
        if waiting and waiting[0]:
            return
        time.sleep(0.05)
    raise AssertionError("the swap never waited for the locked fact")


def test_a_deadlocked_swap_is_retried_at_once_and_not_counted_as_a_failure(db_dsn: str) -> None:
    config = make_config(db_dsn, consolidate={"retry_base_seconds": 0})
    with MemoryStore.open(config) as store:
        store.stage("seed", "user", "subject0 | zorbles | seed", ts=T0)
        assert run_consolidate(store, session="seed", consolidator=TripleConsolidator()).sessions_consolidated == 1
        store.stage("late", "user", "subject0 | zorbles | new", ts=T0 + timedelta(days=1))
        reports: list[ConsolidateReport] = []
        with psycopg.connect(db_dsn) as other:
            # Another writer holds the subject's fact, then asks for the subject's lock the swap
            # holds: a real deadlock, which the server breaks in the swap (its shorter timeout).
            other.execute("SET LOCAL deadlock_timeout = '60s'")
            other.execute("SELECT id FROM memory WHERE subject = 'subject0' FOR UPDATE")
            worker = threading.Thread(
                target=lambda: reports.append(run_consolidate(store, session="late", consolidator=TripleConsolidator()))
            )
            worker.start()
            _wait_until_blocked(other)
            other.execute("SELECT pg_advisory_xact_lock(%s, %s)", subject_keys("default", ["subject0"])[0])
        worker.join()
        assert reports[0].failures == [] and reports[0].sessions_consolidated == 1
        assert store.status()["sessions_failing"] == 0
        with store.connection() as conn:
            attempts = conn.execute("SELECT attempts FROM consolidation_state WHERE session_id = 'late'").fetchone()
        assert attempts == (0,)
    assert _deadlocks(db_dsn) == 1  # there was one, and it never reached the run


def test_an_explicit_supersede_during_a_swap_over_its_subjects_queues_instead_of_deadlocking(
    db_dsn: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The swap holds subject0's fact (a judged candidate) and will lock subject1's; the operator
    supersedes subject1's fact by subject0's. Locking rows first, the operator would hold subject1's
    fact while waiting for subject0's: a cycle. Taking the subjects first, it waits for the swap."""
    config = make_config(db_dsn, consolidate={"retry_base_seconds": 0})
    with MemoryStore.open(config) as store:
        for i, subject in enumerate(SUBJECTS[:2]):
            store.stage("seed", "user", f"{subject} | zorbles | seed", ts=T0 + timedelta(minutes=i), seq=i)
        assert run_consolidate(store, session="seed", consolidator=TripleConsolidator()).sessions_consolidated == 1
        with store.connection() as conn:
            seed = dict(conn.execute("SELECT subject, id::text FROM memory WHERE kind = 'fact'").fetchall())
        for k, subject in enumerate(SUBJECTS[:2]):
            store.stage("late", "user", f"{subject} | zorbles | new", ts=T0 + timedelta(days=1, minutes=k), seq=k)
    holding, watcher = threading.Event(), psycopg.connect(db_dsn, autocommit=True)

    def judge(new: FactView, cand: Candidate, policy: Policy) -> tuple[str, str]:
        if not holding.is_set():  # first call: subject0's fact is locked; wait until the operator waits too
            holding.set()
            _wait_until_blocked(watcher)
        return "coexist", "test judge"

    monkeypatch.setattr(consolidate, "build_judge", lambda _config: (judge, "holding"))
    reports: list[ConsolidateReport] = []

    def run() -> None:
        with MemoryStore.open(config) as store:
            reports.append(run_consolidate(store, session="late", consolidator=TripleConsolidator()))

    worker = threading.Thread(target=run)
    worker.start()
    assert holding.wait(60)
    with MemoryStore.open(config) as store:
        op_id = store.supersede(seed["subject1"], seed["subject0"], reason="operator")
    worker.join()
    watcher.close()
    assert reports[0].failures == [] and reports[0].sessions_consolidated == 1
    assert op_id > 0
    assert _deadlocks(db_dsn) == 0  # neither side was a deadlock victim (the swap's would have been retried)


@pytest.mark.parametrize("held", [0, 2])
def test_a_writer_takes_its_subject_locks_in_their_one_order_each_before_the_next(db_dsn: str, held: int) -> None:
    """Waiting on a subject's lock, a writer holds the subjects before it in the order and none after it."""
    subjects = ["alpha", "beta", "gamma"]
    keys = subject_keys("default", subjects)  # the one order
    with psycopg.connect(db_dsn) as other, psycopg.connect(db_dsn) as writer:
        other.execute("SELECT pg_advisory_xact_lock(%s, %s)", keys[held])
        pid = writer.info.backend_pid
        worker = threading.Thread(target=locks.lock_subjects, args=(writer, "default", list(reversed(subjects))))
        worker.start()
        try:
            _wait_until_blocked(other)
            granted = other.execute(
                "SELECT classid::int4, objid::int4 FROM pg_locks"
                " WHERE locktype = 'advisory' AND objsubid = 2 AND pid = %s AND granted",
                (pid,),
            ).fetchall()
            # classid/objid are the key's halves as unsigned oids: compare them as the int4s they were
            assert sorted(granted) == keys[:held]
        finally:
            other.rollback()
            worker.join()
            writer.rollback()
