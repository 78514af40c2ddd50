"""A tier swap's round trips (memory_sink.swap, memory_sink.facts): one per new fact, whatever it decides.

The swap runs in pipeline mode: a statement waits for the server only when the
next step needs its answer. A new fact needs its candidates (one round trip);
retiring a candidate needs no second read of it (the lookup locked it and read
its state), and a logged decision's op id is read when the swap ends. Counted
at the protocol level: every Sync or Flush the client sends asks the server to
answer what it has.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg
import pytest

from memory_sink import MemoryStore
from memory_sink import swap as swap_mod
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime

DAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)


@contextmanager
def round_trips(monkeypatch: pytest.MonkeyPatch, asks: tuple[str, ...] = ("Sync", "Flush")) -> Iterator[list[int]]:
    """Per swap, how many times the client asked the server to answer (``asks``: Sync and Flush messages)."""
    counts: list[int] = []
    real = swap_mod.swap_session

    def traced(conn: psycopg.Connection, **kwargs: Any) -> swap_mod.SwapResult:
        with tempfile.TemporaryFile("w+") as trace:
            conn.pgconn.trace(trace.fileno())
            conn.pgconn.set_trace_flags(psycopg.pq.Trace.SUPPRESS_TIMESTAMPS)
            try:
                return real(conn, **kwargs)
            finally:
                conn.pgconn.untrace()
                trace.seek(0)
                lines = [line.split("\t") for line in trace.read().splitlines()]
                counts.append(sum(1 for f in lines if f[0] == "F" and f[-1] in asks))

    monkeypatch.setattr(swap_mod, "swap_session", traced)
    yield counts


def _night(store: MemoryStore, session: str, day: int, texts: list[str]) -> None:
    for i, text in enumerate(texts):
        store.stage(session, "user", text, ts=DAY + timedelta(days=day, minutes=i))
    run_realtime(store)
    assert run_consolidate(store).sessions_consolidated == 1


def test_each_replacing_fact_costs_one_round_trip(store: MemoryStore, monkeypatch: pytest.MonkeyPatch) -> None:
    _night(store, "a", 0, ["I live in Lisbon.", "My timezone is UTC.", "My editor is Emacs."])
    _night(store, "b", 1, ["I live in Porto."])
    with round_trips(monkeypatch) as counts:
        _night(store, "c", 2, ["I live in Madrid."])
        _night(store, "d", 3, ["I live in Seville.", "My timezone is CET.", "My editor is Vim."])
    ops = store.operations([f.id for f in store.facts(all_versions=True)])
    assert sum(1 for o in ops if o["op"] == "supersede") == 5  # every new fact replaced one
    one, three = counts
    assert three - one == 2  # two more facts: their lookups, nothing else waited for


def test_the_op_ids_a_swap_reports_are_the_logged_ones(store: MemoryStore, monkeypatch: pytest.MonkeyPatch) -> None:
    results: list[swap_mod.SwapResult] = []
    real = swap_mod.swap_session

    def keep(conn: psycopg.Connection, **kwargs: Any) -> swap_mod.SwapResult:
        results.append(real(conn, **kwargs))
        return results[-1]

    monkeypatch.setattr(swap_mod, "swap_session", keep)
    _night(store, "a", 0, ["I live in Lisbon."])
    _night(store, "b", 1, ["I live in Porto.", "I like tea."])
    with store.connection() as conn:
        logged = dict(conn.execute("SELECT op_id, op FROM memory_ops ORDER BY op_id").fetchall())
    last = results[-1]
    assert last.facts is not None and last.facts.op_ids
    assert {logged[i] for i in last.facts.op_ids} == {"supersede"}
    assert logged[last.op_id] == "tier_swap" and last.op_id == max(logged)


def test_the_swap_s_transaction_syncs_once(store: MemoryStore, monkeypatch: pytest.MonkeyPatch) -> None:
    _night(store, "a", 0, ["I live in Lisbon."])
    with round_trips(monkeypatch, asks=("Sync",)) as syncs:
        _night(store, "b", 1, ["I live in Porto."])
    assert syncs == [1]  # the pipeline's last: BEGIN and COMMIT travel with the statements
    assert [f.object for f in store.facts()] == ["Porto"]
    with store.connection() as conn:
        assert not conn.autocommit  # the pool gets its connection back as it lent it


def test_a_failed_swap_leaves_nothing_and_its_connection_as_it_was(store: MemoryStore) -> None:
    with store.connection() as conn:
        with pytest.raises(psycopg.errors.DivisionByZero), swap_mod.one_transaction(conn):
            conn.execute("INSERT INTO memory_ops (namespace, op, actor) VALUES ('n', 'pin', 'user')")
            conn.execute("SELECT 1 / 0").fetchone()
        assert not conn.autocommit and conn.info.transaction_status == psycopg.pq.TransactionStatus.IDLE
        assert conn.execute("SELECT count(*) FROM memory_ops").fetchone() == (0,)


def test_inside_its_caller_s_transaction_the_swap_commits_nothing(store: MemoryStore) -> None:
    with store.connection() as conn:
        conn.execute("INSERT INTO memory_ops (namespace, op, actor) VALUES ('n', 'pin', 'user')")
        with swap_mod.one_transaction(conn):
            conn.execute("INSERT INTO memory_ops (namespace, op, actor) VALUES ('n', 'unpin', 'user')")
        conn.rollback()
        assert conn.execute("SELECT count(*) FROM memory_ops").fetchone() == (0,)
