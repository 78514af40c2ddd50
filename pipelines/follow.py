"""The realtime tier as a long-running worker: ``tiermem realtime --follow``.

The per-minute schedule leaves a staged turn invisible for up to a minute. A
follower instead LISTENs on the ``tiermem_staged`` channel, which a trigger on
``memory_staging`` notifies when an insert commits (migration 0003), and drains
the pending turns at once. It also drains every ``poll_seconds`` without a
notification, so a lost notification (a dropped connection, a server restart)
costs latency, never a turn.

Exactly-once still comes from the claim alone (``memory_sink.drain``:
``FOR UPDATE SKIP LOCKED`` in one transaction per batch), so any number of
followers, scheduled ticks and one-off ``tiermem realtime`` runs can drain one
staging log at the same time. A stop request (SIGINT/SIGTERM from the CLI, or
``stop.set()`` from Python) is honoured between batches: the batch in flight
commits or rolls back whole, and the follower returns its report. After a
``tiermem reembed`` elsewhere, the next batch's model check (invariant 9)
stops the follower with ``ModelMismatchError``: restart it with the new model.

If the server goes away, the follower reconnects every second. When it follows
the embedded server, it starts that server again itself (nothing else would:
the scheduled ticks may not run, and other commands start it only when run).
If the database stays unreachable for ``give_up_seconds``, it raises
``DatabaseError`` (the CLI exits 1) so that its supervisor sees the failure.
"""

from __future__ import annotations

import logging
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from types import FrameType
from typing import Any

import psycopg
from psycopg_pool import PoolTimeout

from memory_sink import MemoryStore, db
from memory_sink.errors import ConfigError, DatabaseError

log = logging.getLogger(__name__)

CHANNEL = "tiermem_staged"  # notified by the memory_staging_notify trigger (migration 0003)
_WAIT_SLICE = 0.25  # seconds: how often a waiting follower checks for a stop request
_RECONNECT_SECONDS = 1.0
# A server restart (a failover, an upgrade) takes seconds; a minute without one is
# an outage the follower cannot fix, and its supervisor should hear of it.
GIVE_UP_SECONDS = 60.0


@dataclass
class FollowReport:
    turns_embedded: int = 0
    batches: int = 0
    wakeups: int = 0  # drains started by a notification
    polls: int = 0  # drains started by the poll timeout
    reconnects: int = 0
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def run_follow(
    store: MemoryStore,
    *,
    batch_size: int | None = None,
    poll_seconds: float = 5.0,
    stop: threading.Event | None = None,
    on_batch: Callable[[int], None] | None = None,
    on_ready: Callable[[], None] | None = None,
    give_up_seconds: float = GIVE_UP_SECONDS,
) -> FollowReport:
    """Embed pending turns as they are staged, until ``stop`` is set; returns what was done.

    ``on_ready`` is called once the follower is listening and has drained the
    backlog: from then on a newly staged turn wakes it. A database unreachable
    for ``give_up_seconds`` (an embedded one that could not be started again)
    raises ``DatabaseError``.
    """
    if isinstance(poll_seconds, bool) or not isinstance(poll_seconds, (int, float)) or poll_seconds <= 0:
        raise ConfigError(f"poll_seconds: expected a number > 0, got {poll_seconds!r}")
    size = batch_size or store.config.realtime.batch_size
    stop = stop or threading.Event()
    report = FollowReport()
    started = time.perf_counter()
    store.embedder  # load (and fingerprint-check) the model before listening
    told = threading.Event()
    outage = _Outage(store, give_up_seconds)

    def ready_once() -> None:  # once, not again after a reconnect
        outage.over()
        if on_ready is not None and not told.is_set():
            told.set()
            on_ready()

    try:
        while not stop.is_set():
            try:
                _follow_connected(store, size, poll_seconds, stop, report, on_batch, ready_once)
            except (psycopg.OperationalError, PoolTimeout) as exc:  # the server went away: listen again
                report.reconnects += 1
                outage.failed(exc)
                stop.wait(_RECONNECT_SECONDS)
    finally:
        report.seconds = time.perf_counter() - started
    log.info(
        "follower stopped: %d turns in %d batches (%d wake-ups, %d polls)",
        report.turns_embedded,
        report.batches,
        report.wakeups,
        report.polls,
    )
    return report


@dataclass
class _Outage:
    """Connection failures since the follower last listened: logged once, the embedded server revived."""

    store: MemoryStore
    give_up_seconds: float
    since: float | None = None

    def failed(self, exc: Exception) -> None:
        """One more failed attempt; raises ``DatabaseError`` once the outage has lasted ``give_up_seconds``."""
        now, reason = time.monotonic(), db.describe(exc)
        if self.since is None:
            self.since = now
            log.warning("follower lost its connection (%s); reconnecting", reason)
        data_dir = db.embedded_data_dir(self.store.config.database)
        if data_dir is not None:
            try:
                if db.revive_embedded(data_dir):
                    self.store.pool.check()  # drop the pool's connections to the dead server
            except Exception as revive:  # the server would not start: retried, then given up on
                reason = f"{reason}; starting the embedded server failed: {db.describe(revive)}"
                log.warning("follower: %s", reason)
        if now - self.since >= self.give_up_seconds:
            raise DatabaseError(
                f"follower: the database has been unreachable for {now - self.since:.0f} s ({reason}); "
                "exiting so that its supervisor can restart it"
            )

    def over(self) -> None:
        if self.since is not None:
            log.warning("follower listening again after %.1f s", time.monotonic() - self.since)
            self.since = None


def _follow_connected(
    store: MemoryStore,
    size: int,
    poll_seconds: float,
    stop: threading.Event,
    report: FollowReport,
    on_batch: Callable[[int], None] | None,
    on_ready: Callable[[], None],
) -> None:
    with psycopg.connect(store.dsn, autocommit=True) as listener:
        listener.execute(f"LISTEN {CHANNEL}")
        # Listening first, then draining: a turn staged in between is either
        # drained now or has queued a notification for the wait below.
        _drain(store, size, stop, report, on_batch)
        on_ready()
        log.info("following %s (poll every %gs)", CHANNEL, poll_seconds)
        while not stop.is_set():
            if _wait(listener, poll_seconds, stop):
                report.wakeups += 1
            elif stop.is_set():
                break
            else:
                report.polls += 1
            _drain(store, size, stop, report, on_batch)


def _wait(listener: psycopg.Connection, poll_seconds: float, stop: threading.Event) -> bool:
    """Wait up to ``poll_seconds`` for a notification (True), in slices that notice ``stop``."""
    deadline = time.monotonic() + poll_seconds
    while not stop.is_set():
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        # stop_after=1: wake at the first notification; later ones queue in
        # psycopg's backlog and cost at most one more (cheap) drain.
        gen = listener.notifies(timeout=min(_WAIT_SLICE, remaining), stop_after=1)
        try:
            if next(gen, None) is not None:
                return True
        finally:
            gen.close()  # releases the connection's lock at once
    return False


def _drain(
    store: MemoryStore, size: int, stop: threading.Event, report: FollowReport, on_batch: Callable[[int], None] | None
) -> None:
    """Embed batch after batch until nothing is pending (or a stop is requested)."""

    def committed(n: int) -> None:
        report.turns_embedded += n
        report.batches += 1
        if on_batch is not None:
            on_batch(n)

    store.tiers.drain_pending(size, on_batch=committed, should_stop=stop.is_set)


@contextmanager
def stop_on_signals(
    stop: threading.Event, signals: tuple[int, ...] = (signal.SIGINT, signal.SIGTERM)
) -> Iterator[None]:
    """Turn SIGINT/SIGTERM into ``stop.set()`` for the duration (main thread only)."""

    def handler(signum: int, frame: FrameType | None) -> None:
        log.info("received %s: stopping after the batch in flight", signal.Signals(signum).name)
        stop.set()

    previous = {sig: signal.signal(sig, handler) for sig in signals}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)
