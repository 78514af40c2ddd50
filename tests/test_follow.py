"""The follow mode: LISTEN/NOTIFY wake-ups, exactly-once with N followers, clean stops."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from memory_sink import MemoryStore
from memory_sink.config import Config
from pipelines.follow import CHANNEL, FollowReport, run_follow

from .test_realtime import stage_turns, tier_state


def provisional_count(store: MemoryStore) -> int:
    with store.connection() as conn:
        row = conn.execute("SELECT count(*) FROM memory WHERE tier = 'provisional'").fetchone()
    return int(row[0]) if row else 0


def wait_until(predicate, timeout: float, step: float = 0.02) -> float:  # type: ignore[no-untyped-def]
    """Seconds until ``predicate()`` held; fails the test after ``timeout``."""
    started = time.monotonic()
    while not predicate():
        if time.monotonic() - started > timeout:
            pytest.fail(f"condition not met within {timeout}s")
        time.sleep(step)
    return time.monotonic() - started


class Follower:
    """``run_follow`` in a thread, with its own store, stopped by ``stop()``."""

    def __init__(self, config: Config, poll_seconds: float = 30.0, batch_size: int | None = None) -> None:
        self.store = MemoryStore.open(config)
        self.stop_event = threading.Event()
        self.ready = threading.Event()
        self.report: FollowReport | None = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(poll_seconds, batch_size), daemon=True)
        self.thread.start()
        assert self.ready.wait(60), "follower never became ready"

    def _run(self, poll_seconds: float, batch_size: int | None) -> None:
        try:
            self.report = run_follow(
                self.store,
                poll_seconds=poll_seconds,
                batch_size=batch_size,
                stop=self.stop_event,
                on_ready=self.ready.set,
            )
        except BaseException as exc:  # surfaced by stop()
            self.error = exc
            self.ready.set()

    def stop(self) -> FollowReport:
        self.stop_event.set()
        self.thread.join(timeout=30)
        self.store.close()
        assert not self.thread.is_alive(), "follower did not stop"
        assert self.error is None, self.error
        assert self.report is not None
        return self.report


@pytest.fixture
def follower(config: Config) -> Iterator[Follower]:
    f = Follower(config, poll_seconds=600)  # a poll far beyond any wait below: only a notification wakes it
    yield f
    if f.thread.is_alive():
        f.stop()


def test_staging_notifies_on_commit_and_not_for_duplicates(store: MemoryStore) -> None:
    with psycopg.connect(store.dsn, autocommit=True) as listener:
        listener.execute(f"LISTEN {CHANNEL}")
        with store.connection() as conn:  # an open transaction: nothing is delivered before commit
            from memory_sink import staging

            turn = staging.validate_turn("s1", "user", "hello there", seq=0)
            staging.insert_turns(conn, [turn])
            assert list(listener.notifies(timeout=0.3)) == []
        got = list(listener.notifies(timeout=30, stop_after=1))
        assert [n.channel for n in got] == [CHANNEL]
        store.stage("s1", "user", "hello there", seq=0)  # a duplicate inserts nothing: no wake-up
        assert list(listener.notifies(timeout=0.5)) == []


def test_a_notification_wakes_the_follower_for_a_staged_turn(store: MemoryStore, follower: Follower) -> None:
    # How fast is measured by benchmarks/freshness.py (p95 0.04 s); here, that the
    # wake-up comes from the notification: the poll is 600 s away.
    store.stage("s1", "user", "I switched to green tea this morning", seq=0)
    wait_until(lambda: provisional_count(store) == 1, timeout=60.0)
    found = store.recall("green tea", k=3)
    assert [m.content for m in found] == ["I switched to green tea this morning"]
    report = follower.stop()
    assert report.turns_embedded == 1 and report.wakeups >= 1 and report.polls == 0


def test_backlog_is_drained_at_start_and_the_poll_catches_what_no_one_notified(
    config: Config, store: MemoryStore
) -> None:
    stage_turns(store, 30)
    f = Follower(config, poll_seconds=0.3)
    assert tier_state(store) == (30, 30, 30, 0)  # drained before it reported ready
    with psycopg.connect(store.dsn, autocommit=True) as conn:  # staged with the trigger off: no NOTIFY
        conn.execute("ALTER TABLE memory_staging DISABLE TRIGGER memory_staging_notify")
        try:
            stage_turns(store, 5, namespace="quiet")
        finally:
            conn.execute("ALTER TABLE memory_staging ENABLE TRIGGER memory_staging_notify")
    wait_until(lambda: provisional_count(store) == 35, timeout=60.0)
    report = f.stop()
    assert report.turns_embedded == 35 and report.polls >= 1


def test_a_follower_whose_connection_is_killed_listens_again(store: MemoryStore, follower: Follower) -> None:
    with psycopg.connect(store.dsn, autocommit=True) as admin:
        killed = admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND query ILIKE 'LISTEN%%'"
        ).fetchall()
    assert killed == [(True,)]
    time.sleep(0.5)  # the follower notices at its next wait slice, then reconnects after ~1 s
    store.stage("s1", "user", "still listening after the restart", seq=0)
    wait_until(lambda: provisional_count(store) == 1, timeout=60.0)
    report = follower.stop()
    assert report.reconnects == 1 and report.turns_embedded == 1


def test_three_followers_embed_each_turn_exactly_once(config: Config, store: MemoryStore) -> None:
    followers = [Follower(config, batch_size=16) for _ in range(3)]
    try:
        for start in range(0, 600, 100):  # bursts, as several writers would stage them
            store.stage_many(
                [
                    {"session_id": f"s{i // 20}", "role": "user", "seq": i, "content": f"turn {i} about topic {i % 13}"}
                    for i in range(start, start + 100)
                ]
            )
        wait_until(lambda: provisional_count(store) == 600, timeout=120, step=0.1)
    finally:
        reports = [f.stop() for f in followers]
    assert sum(r.turns_embedded for r in reports) == 600
    assert tier_state(store) == (600, 600, 600, 0)


@pytest.mark.timeout(180)
def test_cli_follower_embeds_and_stops_cleanly_on_sigterm(config_file: Path, store: MemoryStore) -> None:
    store.embedder  # build the cached model before the child needs it
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from pipelines.cli import main; main()",
            "realtime",
            "--follow",
            "--json",
            "--poll-seconds",
            "600",
            "--config",
            str(config_file),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    try:
        assert child.stderr is not None
        line = child.stderr.readline()
        assert line.startswith("following:"), line + child.stderr.read()
        store.stage("s1", "user", "the deploy moved to Thursday", seq=0)
        wait_until(lambda: provisional_count(store) == 1, timeout=60.0)  # woken by the notification
        child.send_signal(signal.SIGTERM)
        out, err = child.communicate(timeout=30)  # stops within a wait slice; 30 s only bounds a hang
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0, err
    import json

    assert json.loads(out)["turns_embedded"] == 1
