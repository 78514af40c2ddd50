"""Invariant 2: realtime is exactly-once under overlapping ticks and crashes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from memory_sink import MemoryStore
from memory_sink.config import Config
from pipelines.realtime import run_realtime


def stage_turns(store: MemoryStore, n: int, session_size: int = 20, namespace: str = "default") -> None:
    turns = [
        {
            "session_id": f"s{i // session_size}",
            "role": "user" if i % 2 == 0 else "assistant",
            "content": f"turn {i}: we talked about topic {i % 37} and decided {i % 11}",
            "seq": i,
            "namespace": namespace,
        }
        for i in range(n)
    ]
    report = store.stage_many(turns)
    assert report.inserted == n


def tier_state(store: MemoryStore) -> tuple[int, int, int, int]:
    """(provisional rows, distinct events with one, events marked, events pending)."""
    with store.connection() as conn:
        return conn.execute("""
            SELECT (SELECT count(*) FROM memory WHERE tier = 'provisional'),
                   (SELECT count(DISTINCT event_ids[1]) FROM memory WHERE tier = 'provisional'),
                   (SELECT count(*) FROM memory_staging WHERE provisional_at IS NOT NULL),
                   (SELECT count(*) FROM memory_staging WHERE provisional_at IS NULL)""").fetchone()


def test_one_tick_embeds_every_pending_turn_once(store: MemoryStore) -> None:
    stage_turns(store, 130)
    report = run_realtime(store, batch_size=50)
    assert (report.turns_embedded, report.batches) == (130, 3)
    assert tier_state(store) == (130, 130, 130, 0)
    assert run_realtime(store).turns_embedded == 0  # nothing left: a second tick is a no-op
    with store.connection() as conn:
        row = conn.execute(
            "SELECT m.content = s.content, m.metadata, m.kind, m.session_id = s.session_id "
            "FROM memory m JOIN memory_staging s ON s.event_id = m.event_ids[1] LIMIT 1"
        ).fetchone()
    assert row == (True, {}, "turn", True)


def test_two_concurrent_ticks_over_2000_turns_neither_duplicate_nor_skip(config: Config, store: MemoryStore) -> None:
    stage_turns(store, 2000)
    reports = []
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            with MemoryStore.open(config) as own:
                reports.append(run_realtime(own, batch_size=64))
        except BaseException as exc:  # surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=240)
    assert not errors, errors
    assert sum(r.turns_embedded for r in reports) == 2000
    assert all(r.turns_embedded > 0 for r in reports), "both ticks should have claimed work"
    assert tier_state(store) == (2000, 2000, 2000, 0)


def wait_for_unlocked_pending(store: MemoryStore, expected: int, timeout: float = 30) -> None:
    """Wait until a killed client's backend has rolled back and released its claims.

    The server notices the closed socket on its own, but not instantly, and a
    tick skips (SKIP LOCKED) rows that are still claimed.
    """
    deadline = time.monotonic() + timeout
    while True:
        with store.connection() as conn:
            free = conn.execute(
                "SELECT count(*) FROM (SELECT 1 FROM memory_staging WHERE provisional_at IS NULL"
                " FOR UPDATE SKIP LOCKED) claimable"
            ).fetchone()[0]
        if free == expected or time.monotonic() > deadline:
            assert free == expected, f"{free} of {expected} pending turns claimable after {timeout}s"
            return
        time.sleep(0.05)


CRASHING_TICK = textwrap.dedent("""
    import sys, time
    from memory_sink import MemoryStore, memories
    from memory_sink.config import config_from_mapping
    from pipelines.realtime import run_realtime
    original = memories.write_provisional
    calls = []
    def second_write_hangs(*args, **kwargs):
        original(*args, **kwargs)
        calls.append(1)
        if len(calls) == 2:   # batch 1 committed; batch 2 written, not committed; batch 3 claimed
            print("written", flush=True)
            time.sleep(120)
    memories.write_provisional = second_write_hangs
    store = MemoryStore.open(config_from_mapping({"database": {"dsn": sys.argv[1]}}))
    run_realtime(store, batch_size=100)   # the path of `tiermem realtime` and Dagster (memory_sink.drain)
""")


def test_a_tick_killed_mid_batch_loses_and_duplicates_nothing(config: Config, store: MemoryStore) -> None:
    stage_turns(store, 250)
    store.embedder  # quantize and cache the model before the child needs it
    child = subprocess.Popen(
        [sys.executable, "-c", CRASHING_TICK, config.database.dsn or ""],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    try:
        line = child.stdout.readline() if child.stdout else ""
        assert line.strip() == "written", child.stderr.read() if child.stderr else ""
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == -signal.SIGKILL
    assert tier_state(store) == (100, 100, 100, 150)  # the first batch had committed, whole
    wait_for_unlocked_pending(store, 150)
    report = run_realtime(store, batch_size=100)
    assert report.turns_embedded == 150  # the batches in flight rolled back and were claimed again
    assert tier_state(store) == (250, 250, 250, 0)


def test_duplicate_provisional_rows_are_refused_by_the_schema(store: MemoryStore) -> None:
    stage_turns(store, 1)
    run_realtime(store)
    with store.connection() as conn:
        with pytest.raises(Exception, match="memory_provisional_event"):
            conn.execute(
                "INSERT INTO memory (namespace, session_id, tier, kind, content, embedding, event_ids,"
                " valid_from, embed_model) SELECT namespace, session_id, tier, kind, content, embedding,"
                " event_ids, valid_from, embed_model FROM memory WHERE tier = 'provisional'"
            )


def provisional_rows(store: MemoryStore, event_id: str) -> int:
    with store.connection() as conn:
        row = conn.execute(
            "SELECT count(*) FROM memory WHERE tier = 'provisional' AND %s = ANY(event_ids)", (event_id,)
        ).fetchone()
    assert row is not None
    return int(row[0])


def test_stage_with_embed_is_recalled_at_once_and_never_embedded_twice(store: MemoryStore) -> None:
    event_id = store.stage("rw", "user", "my locker combination is 4-8-15", embed=True)
    found = store.recall("locker combination", k=3)
    assert [m.content for m in found][:1] == ["my locker combination is 4-8-15"]
    assert run_realtime(store).turns_embedded == 0  # the turn left the realtime queue when it was written
    assert provisional_rows(store, event_id) == 1
    # staging it again (a retry) neither re-embeds nor duplicates its row
    assert store.stage("rw", "user", "my locker combination is 4-8-15", ts=found[0].valid_from, embed=True) == event_id
    assert provisional_rows(store, event_id) == 1


def test_stage_many_with_embed_embeds_only_what_it_staged(store: MemoryStore) -> None:
    store.stage("other", "user", "a turn left to the realtime tier")
    report = store.stage_many(
        [{"session_id": "rw", "role": "user", "content": f"batch turn {i} about gardening"} for i in range(3)],
        embed=True,
    )
    assert report.inserted == 3
    assert {m.content for m in store.recall("gardening", k=10, kinds=["turn"])} >= {
        f"batch turn {i} about gardening" for i in range(3)
    }
    assert run_realtime(store).turns_embedded == 1  # only the turn staged without embed
    assert all(provisional_rows(store, e) == 1 for e in report.event_ids)
