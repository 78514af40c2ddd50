"""Invariants 3–6 and 8: session-level consolidation, the atomic tier swap,
consolidated-wins recall, knowledge never deleted, one bad session never stops a run."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from typing import Any

import pytest

from consolidators import load_consolidator
from consolidators.types import ConsolidationResult, Context, Transcript
from memory_sink import MemoryStore, NotFoundError
from memory_sink.config import Config
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime
from tests.conftest import make_config


def rows(store: MemoryStore, where: str = "true", params: tuple = ()) -> list[tuple[Any, ...]]:
    with store.connection() as conn:
        return conn.execute(
            f"SELECT id::text, tier, kind, content, event_ids, superseded_at, superseded_by::text "
            f"FROM memory WHERE {where} ORDER BY recorded_at, kind",
            params,
        ).fetchall()


def test_late_event_extends_the_session_and_never_erases_it(store: MemoryStore) -> None:
    store.stage("s1", "user", "We use Redis for the job queue.", seq=1)
    store.stage("s1", "assistant", "Noted: Redis backs the job queue.", seq=2)
    run_realtime(store)
    first = run_consolidate(store)
    assert first.sessions_consolidated == 1
    v1 = rows(store, "superseded_at IS NULL")
    assert {r[1] for r in v1} == {"consolidated"}  # provisional rows swapped out
    v1_episode = next(r for r in v1 if r[2] == "episode")
    assert "Redis" in v1_episode[3]

    late = store.stage("s1", "user", "We switched the queue to RabbitMQ.", seq=3)
    run_realtime(store)
    # Between the two consolidations the late turn is recallable, as provisional.
    found = store.recall("RabbitMQ queue", k=10)
    provisional = [m for m in found if m.tier == "provisional"]
    assert [m.event_ids for m in provisional] == [(late,)]
    # the consolidated version still answers too, through its episode's passage
    assert any(m.kind == "passage" and m.metadata["episode_id"] == v1_episode[0] for m in found)

    second = run_consolidate(store)
    assert second.sessions_consolidated == 1
    active = rows(store, "superseded_at IS NULL")
    assert {r[1] for r in active} == {"consolidated"}
    text = " ".join(r[3] for r in active if r[2] == "episode")
    assert "Redis" in text and "RabbitMQ" in text  # both turns' information survives
    # The first version is superseded, not deleted, and reachable through history.
    old = rows(store, "id = %s", (v1_episode[0],))[0]
    assert old[5] is not None and old[6] is not None
    chain = store.history(v1_episode[0])
    assert [m.id for m in chain][0] == v1_episode[0]
    assert chain[-1].superseded_at is None and "RabbitMQ" in chain[-1].content
    assert store.history(chain[-1].id)[0].id == v1_episode[0]  # walks both ways


def test_a_session_that_grew_while_its_consolidator_ran_is_swapped_only_once_reread_whole(
    store: MemoryStore,
) -> None:
    """The swap re-checks the session under lock: a turn staged after the read means no swap now."""
    first = store.stage("grow", "user", "We use Redis for the job queue.", seq=1)
    run_realtime(store)
    late: list[str] = []

    class StagesALateTurn:
        name = "stages-a-late-turn"
        inner = load_consolidator("passthrough", {})

        def consolidate(self, transcript: Transcript, context: Context) -> ConsolidationResult:
            late.append(store.stage("grow", "user", "We switched the queue to RabbitMQ.", seq=2))
            return self.inner.consolidate(transcript, context)

    report = run_consolidate(store, consolidator=StagesALateTurn())
    assert (report.sessions_consolidated, report.sessions_skipped, report.sessions_failed) == (0, 1, 0)
    assert [r[1] for r in rows(store)] == ["provisional"]  # nothing written from the stale read
    again = run_consolidate(store, consolidator=load_consolidator("passthrough", {}))
    assert again.sessions_consolidated == 1
    [episode] = [r for r in rows(store, "superseded_at IS NULL") if r[2] == "episode"]
    assert sorted(episode[4]) == sorted([first, *late]) and "RabbitMQ" in episode[3]


def test_recall_prefers_consolidated_and_fills_in_with_provisional(store: MemoryStore) -> None:
    store.stage("a", "user", "My favourite editor is Neovim.", seq=1)
    store.stage("b", "user", "The deploy pipeline runs on Fridays.", seq=1)
    run_realtime(store)
    run_consolidate(store, session="a")
    found = store.recall("editor and deploy pipeline", k=20)
    by_session: dict[str, set[str]] = {}
    for m in found:
        by_session.setdefault(m.session_id or "", set()).add(m.tier)
    assert by_session == {"a": {"consolidated"}, "b": {"provisional"}}


def covered(results: list[Any]) -> tuple[set[str], set[str]]:
    prov = {e for m in results if m.tier == "provisional" for e in m.event_ids}
    cons = {e for m in results if m.tier == "consolidated" and m.kind == "episode" for e in m.event_ids}
    return prov, cons


def test_atomic_swap_readers_never_see_a_gap_or_both_tiers(config: Config, store: MemoryStore) -> None:
    for i in range(6):
        store.stage("hot", "user" if i % 2 == 0 else "assistant", f"status update {i} about the rollout", seq=i)
    run_realtime(store)
    stop = threading.Event()
    problems: list[str] = []
    reads = 0

    def reader() -> None:
        nonlocal reads
        with MemoryStore.open(config) as own:
            while not stop.is_set():
                results = own.recall("status update about the rollout", k=200, kinds=["turn", "episode"])
                prov, cons = covered(results)
                if not results:
                    problems.append("saw the session with no rows")
                if prov & cons:
                    problems.append(f"saw {sorted(prov & cons)} in both tiers")
                reads += 1

    thread = threading.Thread(target=reader)
    thread.start()
    try:
        for round_ in range(12):
            store.stage("hot", "user", f"late news {round_} about the rollout", seq=100 + round_)
            run_realtime(store)
            report = run_consolidate(store, sessions=[("default", "hot")])
            assert report.sessions_consolidated == 1
    finally:
        stop.set()
        thread.join(timeout=60)
    assert reads > 20
    assert problems == []
    prov, cons = covered(store.recall("status update about the rollout", k=200, kinds=["turn", "episode"]))
    assert not prov and len(cons) == 18  # every turn ends up consolidated exactly once


class FailsFor:
    """A consolidator that raises for one session and passes the others through."""

    name = "fails-for"

    def __init__(self, bad: str) -> None:
        self.bad = bad
        self.inner = load_consolidator("passthrough", {})

    def consolidate(self, transcript: Transcript, context: Context) -> ConsolidationResult:
        if transcript.session_id == self.bad:
            raise RuntimeError("model endpoint said no")
        return self.inner.consolidate(transcript, context)


def test_one_failing_session_never_stops_the_run(db_dsn: str) -> None:
    config = make_config(db_dsn, consolidate={"retry_base_seconds": 0})
    with MemoryStore.open(config) as store:
        for sid in ("good1", "bad", "good2"):
            store.stage(sid, "user", f"hello from {sid}", seq=1)
        run_realtime(store)
        report = run_consolidate(store, consolidator=FailsFor("bad"))
        assert (report.sessions_consolidated, report.sessions_failed) == (2, 1)
        assert report.failures[0]["session_id"] == "bad"
        assert rows(store, "session_id = 'bad'")[0][1] == "provisional"  # kept, still recallable
        status = store.status()
        assert status["sessions_failing"] == 1
        assert status["failing"][0]["session_id"] == "bad"
        assert "model endpoint said no" in status["failing"][0]["last_error"]
        # Retried on a later run (backoff 0 here); a success clears the failure.
        retry = run_consolidate(store, consolidator=load_consolidator("passthrough", {}))
        assert retry.sessions_consolidated == 1
        assert store.status()["sessions_failing"] == 0


def test_failing_session_backs_off(store: MemoryStore) -> None:
    store.stage("bad", "user", "hello", seq=1)
    assert run_consolidate(store, consolidator=FailsFor("bad")).sessions_failed == 1
    # Backoff (default 300 s) keeps it out of the next run...
    assert run_consolidate(store, consolidator=FailsFor("bad")).sessions_failed == 0
    # ...unless the operator names the session.
    assert run_consolidate(store, session="bad", consolidator=FailsFor("bad")).sessions_failed == 1
    assert store.status()["failing"][0]["attempts"] == 2


def test_malformed_output_fails_only_that_session(store: MemoryStore) -> None:
    class Malformed:
        name = "malformed"

        def consolidate(self, transcript: Transcript, context: Context) -> dict:
            return {
                "episodes": [
                    {
                        "text": "x",
                        "summary": "x",
                        "start_ts": "2026-01-01T00:00:00Z",
                        "end_ts": "2026-01-01T00:00:00Z",
                        "event_ids": ["nope"],
                    }
                ],
                "facts": [],
            }

    store.stage("m", "user", "hello", seq=1)
    run_realtime(store)
    report = run_consolidate(store, consolidator=Malformed())
    assert report.sessions_failed == 1 and "event_ids" in report.failures[0]["error"]
    assert [r[1] for r in rows(store)] == ["provisional"]


def test_quiet_period_and_session_filters(store: MemoryStore) -> None:
    store.stage("recent", "user", "just now", seq=1)
    assert run_consolidate(store, min_quiet_seconds=3600).sessions_consolidated == 0
    assert run_consolidate(store, min_quiet_seconds=0, namespace="elsewhere").sessions_consolidated == 0
    assert run_consolidate(store, min_quiet_seconds=0).sessions_consolidated == 1
    assert run_consolidate(store, min_quiet_seconds=0).sessions_consolidated == 0  # nothing pending


def test_consolidation_before_realtime_never_creates_provisional_rows(store: MemoryStore) -> None:
    store.stage("fast", "user", "consolidated before it was ever embedded", seq=1)
    run_consolidate(store)
    assert run_realtime(store).turns_embedded == 0
    assert {r[1] for r in rows(store)} == {"consolidated"}  # its episode and the episode's passage


def test_namespace_isolation(store: MemoryStore) -> None:
    store.stage("s", "user", "The launch code is pineapple.", seq=1, namespace="alice")
    store.stage("s", "user", "The launch code is pineapple.", seq=1, namespace="bob")
    run_realtime(store)
    run_consolidate(store, namespace="alice")
    for ns in ("alice", "bob"):
        found = store.recall("launch code", namespace=ns, k=50)
        assert found and {m.namespace for m in found} == {ns}
    assert store.recall("launch code", namespace="carol") == []
    alice_id = store.recall("launch code", namespace="alice")[0].id
    with pytest.raises(NotFoundError):
        store.history(alice_id, namespace="bob")
    assert store.facts(namespace="bob") == []
    assert store.status("bob")["provisional_turns"] == 1


def test_every_way_of_reading_is_scoped_by_namespace(store: MemoryStore) -> None:
    """Invariant 10 for each reader: another namespace's rows never come back, whatever the options."""
    store.stage("s", "user", "I live in Berlin.", seq=1, namespace="alice")
    run_consolidate(store)
    now = datetime.now(UTC)
    alice = store.facts(namespace="alice", all_versions=True)
    assert [f.object for f in alice] == ["Berlin"]
    for options in ({}, {"all_versions": True}, {"as_of": now}):
        assert store.recall("where does the user live?", namespace="alice", **options), options
        assert store.recall("where does the user live?", namespace="bob", **options) == [], options
    assert store.facts(namespace="bob", as_of=now) == [] and store.facts(namespace="bob", all_versions=True) == []
    assert store.tiers.context_facts("bob", ["I live in Berlin."]) == [[]]
    assert store.operations([f.id for f in alice], namespace="bob") == []
    with pytest.raises(NotFoundError):
        store.get(alice[0].id, namespace="bob")
    with pytest.raises(NotFoundError):
        store.fact_history("user", namespace="bob")


def test_a_hanging_consolidator_times_out_and_fails_only_its_session(db_dsn: str) -> None:
    config = make_config(db_dsn, consolidate={"timeout_seconds": 1})
    release, returned = threading.Event(), threading.Event()

    class HangsFor(FailsFor):
        def consolidate(self, transcript: Transcript, context: Context) -> ConsolidationResult:
            if transcript.session_id == self.bad:
                release.wait(300)
                returned.set()
            return self.inner.consolidate(transcript, context)

    with MemoryStore.open(config) as store:
        store.stage("slow", "user", "this one hangs", seq=1)
        store.stage("fine", "user", "this one is fine", seq=1)
        report = run_consolidate(store, consolidator=HangsFor("slow"))
        # The run came back while the hanging call was still hanging: the timeout cut it off.
        assert not returned.is_set()
        release.set()
        assert (report.sessions_consolidated, report.sessions_failed) == (1, 1)
        assert "SessionTimeout" in report.failures[0]["error"]
        assert store.status()["failing"][0]["session_id"] == "slow"


def test_a_session_is_parked_after_max_attempts(db_dsn: str) -> None:
    config = make_config(db_dsn, consolidate={"retry_base_seconds": 0, "max_attempts": 2})
    with MemoryStore.open(config) as store:
        store.stage("bad", "user", "hello", seq=1)
        for _ in range(2):
            assert run_consolidate(store, consolidator=FailsFor("bad")).sessions_failed == 1
        assert run_consolidate(store, consolidator=FailsFor("bad")).sessions_failed == 0  # parked
        status = store.status()
        assert status["sessions_parked"] == 1 and status["failing"][0]["attempts"] == 2
        assert status["staged_turns"] == 1 and status["sessions_awaiting_consolidation"] == 1  # nothing lost
        assert (
            run_consolidate(
                store, session="bad", consolidator=load_consolidator("passthrough", {})
            ).sessions_consolidated
            == 1
        )
        assert store.status()["sessions_parked"] == 0
