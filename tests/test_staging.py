"""Invariant 1 (staging is the log) and bad input: clear errors, nothing else lost."""

from __future__ import annotations

import io
from datetime import UTC, datetime

import pytest

from memory_sink import InputError, MemoryStore
from memory_sink.staging import MAX_CONTENT_BYTES, event_id_for, validate_turn


def count(store: MemoryStore, sql: str = "SELECT count(*) FROM memory_staging") -> int:
    with store.connection() as conn:
        return conn.execute(sql).fetchone()[0]


def test_staging_the_same_turn_twice_stores_it_once(store: MemoryStore) -> None:
    a = store.stage("s1", "user", "I prefer tea", seq=1)
    b = store.stage("s1", "user", "I prefer tea", seq=1)
    assert a == b
    assert count(store) == 1
    ts = "2026-01-02T03:04:05+00:00"
    c = store.stage("s1", "user", "hello", ts=ts)
    d = store.stage("s1", "user", "hello", ts="2026-01-02T03:04:05Z")  # same instant, other spelling
    assert c == d
    assert count(store) == 2


def test_event_id_is_content_addressed() -> None:
    ts = datetime(2026, 1, 1, tzinfo=UTC)
    base = event_id_for("ns", "s", 1, ts, "user", "hi")
    assert base == event_id_for("ns", "s", 1, ts.replace(hour=5), "user", "hi")  # seq wins over ts
    for other in (
        event_id_for("ns2", "s", 1, ts, "user", "hi"),
        event_id_for("ns", "s2", 1, ts, "user", "hi"),
        event_id_for("ns", "s", 2, ts, "user", "hi"),
        event_id_for("ns", "s", 1, ts, "assistant", "hi"),
        event_id_for("ns", "s", 1, ts, "user", "hi!"),
    ):
        assert other != base


def test_stage_many_reports_inserted_duplicates_rejected(store: MemoryStore) -> None:
    turns = [
        {"session_id": "s", "role": "user", "content": "one", "seq": 1},
        {"session_id": "s", "role": "user", "content": "one", "seq": 1},
        {"session_id": "s", "role": "robot", "content": "two", "seq": 2},
        {"session_id": "s", "role": "user", "content": "three", "seq": 3},
    ]
    report = store.stage_many(turns)
    assert (report.inserted, report.duplicates) == (2, 1)
    assert [r.line for r in report.rejected] == [3]
    assert "role" in report.rejected[0].error
    assert count(store) == 2


def test_ingest_bad_line_reports_its_number_and_stores_the_rest(store: MemoryStore) -> None:
    lines = io.StringIO(
        '{"session_id": "s", "role": "user", "content": "first", "seq": 1}\n'
        '{"session_id": "s", "role": "user", "content": \n'
        "\n"
        '{"session_id": "s", "role": "user", "content": "fourth", "seq": 4, "metadata": {"project": "x"}}\n'
        '["not", "an", "object"]\n'
        '{"session_id": "s", "role": "user", "content": "sixth", "colour": "red"}\n'
    )
    report = store.ingest_jsonl(lines)
    assert report.inserted == 2
    assert {r.line: r.error.split(":")[0] for r in report.rejected} == {
        2: "not valid JSON",
        5: "expected a JSON object, got list",
        6: "unknown field 'colour' (expected",
    }
    assert count(store) == 2


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"content": ""}, "content: must not be empty"),
        ({"content": "   \n"}, "content: must not be empty"),
        ({"content": "a\x00b"}, "content: contains a NUL byte"),
        ({"content": "bad \ud800 surrogate"}, "content: not valid Unicode"),
        ({"role": "wizard"}, "role: expected one of user, assistant, system, tool"),
        ({"ts": "yesterday at noon"}, "ts: not an ISO 8601 timestamp"),
        ({"ts": "2026-13-45T99:00:00"}, "ts: not an ISO 8601 timestamp"),
        ({"seq": -1}, "seq: expected a non-negative integer"),
        ({"seq": True}, "seq: expected a non-negative integer"),
        ({"session_id": ""}, "session_id: must not be empty"),
        ({"session_id": "x" * 300}, "session_id: 300 bytes is over the limit"),
        ({"namespace": 5}, "namespace: expected a string"),
        ({"metadata": ["x"]}, "metadata: expected a JSON object"),
        ({"metadata": {"a": "\x00"}}, "metadata: contains a NUL character"),
        ({"metadata": {"a": float("nan")}}, "metadata: not JSON-serialisable"),
        ({"content": "x" * (MAX_CONTENT_BYTES + 1)}, "content: 8388609 bytes is over the limit"),
    ],
)
def test_bad_input_gets_a_clear_error(kwargs: dict, message: str) -> None:
    turn = {"session_id": "s", "role": "user", "content": "hello", **kwargs}
    with pytest.raises(InputError) as err:
        validate_turn(turn.pop("session_id"), turn.pop("role"), turn.pop("content"), **turn)
    assert message in str(err.value)


def test_bad_input_loses_nothing_else_and_odd_values_are_stored_safely(store: MemoryStore) -> None:
    store.stage("keep", "user", "a turn that must survive", seq=1)
    with pytest.raises(InputError):
        store.stage("keep", "user", "a\x00b", seq=2)
    nasty = "x'); DROP TABLE memory_staging; -- \"; SELECT pg_sleep(10); \\ %s %(x)s $1"
    big = ("the quick brown fox jumps over the lazy dog " * 25_000)[:1_000_000]
    naive = store.stage(nasty, "user", "stored as given", ts="2026-03-01T10:00:00", seq=None)
    store.stage(nasty, "assistant", big, seq=7)
    store.stage("keep", "user", "émoji 🎉 and ünïcödé", seq=3)
    with store.connection() as conn:
        rows = conn.execute("SELECT session_id, content, event_ts FROM memory_staging ORDER BY staged_at").fetchall()
    assert [r[0] for r in rows] == ["keep", nasty, nasty, "keep"]
    assert rows[2][1] == big  # the stored content stays whole
    assert rows[1][2] == datetime(2026, 3, 1, 10, 0, tzinfo=UTC)  # naive means UTC
    assert rows[3][1] == "émoji 🎉 and ünïcödé"
    assert len(naive) == 32


def test_the_log_is_append_only_through_both_tiers(store: MemoryStore) -> None:
    """Invariant 1: the tiers only set their progress markers; every staged turn stays as it was."""
    from pipelines.consolidate import run_consolidate
    from pipelines.realtime import run_realtime

    for i, text in enumerate(["I live in Berlin.", "Noted.", "I moved to Lisbon.", "forget that"]):
        store.stage("s", "user" if i != 1 else "assistant", text, seq=i, metadata={"i": i})
    columns = "event_id, namespace, session_id, seq, role, content, event_ts, staged_at, metadata"
    with store.connection() as conn:
        before = conn.execute(f"SELECT {columns} FROM memory_staging ORDER BY event_id").fetchall()
    run_realtime(store)
    run_consolidate(store)
    store.stage("s", "user", "I live in Porto.", seq=9)
    run_consolidate(store)
    with store.connection() as conn:
        after = conn.execute(f"SELECT {columns} FROM memory_staging ORDER BY event_id").fetchall()
        markers = conn.execute("SELECT count(*) FROM memory_staging WHERE consolidated_at IS NULL").fetchone()
    assert [row for row in after if row[0] in {b[0] for b in before}] == before
    assert len(after) == 5 and markers == (0,)
