"""Invariant 1 (staging is the log) and bad input: clear errors, nothing else lost."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime

import pytest

from memory_sink import InputError, MemoryStore, ReadError, StageReport
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
        5: "expected a JSON object, got array",
        6: "unknown field 'colour' (expected",
    }
    assert count(store) == 2


def test_ingest_names_a_byte_that_is_not_utf8_and_reads_past_a_byte_order_mark(store: MemoryStore) -> None:
    latin1 = b'{"session_id": "s", "role": "user", "content": "caf\xe9", "seq": 2}\n'
    raw = ("\ufeff" + json.dumps({"session_id": "s", "role": "user", "content": "first", "seq": 1}) + "\n").encode()
    raw += latin1
    raw += json.dumps({"session_id": "s", "role": "user", "content": "third", "seq": 3}).encode("utf-16-le") + b"\n"
    raw += json.dumps({"session_id": "s", "role": "user", "content": "fourth", "seq": 4}).encode() + b"\n"
    # As the CLI reads a file: undecodable bytes escaped, so one bad line stops nothing.
    report = store.ingest_jsonl(io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8", errors="surrogateescape"))
    assert report.inserted == 2
    assert {r.line: r.error for r in report.rejected} == {
        2: f"not valid UTF-8 (byte 0xe9 at column {latin1.index(0xE9) + 1}); the input must be UTF-8",
        3: "contains a NUL byte; the input must be UTF-8 (not UTF-16)",
    }
    with store.connection() as conn:
        contents = conn.execute("SELECT content FROM memory_staging ORDER BY seq").fetchall()
    assert [c for (c,) in contents] == ["first", "fourth"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"content": ""}, "content: must not be empty"),
        ({"content": "   \n"}, "content: must not be empty"),
        ({"content": "a\x00b"}, "content: contains a NUL byte"),
        ({"content": "bad \ud800 surrogate"}, "content: not valid Unicode (lone surrogate at position 4)"),
        ({"content": "caf\udce9"}, "content: not valid UTF-8 (byte 0xe9 at position 3); the input must be UTF-8"),
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


def _line(i: int, content: str | None = None, **extra: object) -> str:
    return json.dumps({"session_id": "big", "role": "user", "content": content or f"turn {i}", **extra}) + "\n"


def test_large_turns_are_committed_in_batches_bounded_by_bytes(store: MemoryStore) -> None:
    kib = 1024
    # Ten 100 KiB turns under a 250 KiB budget: two turns per batch, whatever the line count allows.
    lines = [_line(i, f"{i} " + "x" * (100 * kib), seq=i) for i in range(10)]
    report = store.ingest_jsonl(io.StringIO("".join(lines)), batch_bytes=250 * kib)
    assert (report.inserted, report.rejected, report.committed_through) == (10, [], 10)
    with store.connection() as conn:
        batches = conn.execute(
            "SELECT count(*), sum(octet_length(content)) FROM memory_staging GROUP BY xmin::text"
        ).fetchall()
    assert len(batches) == 5  # one transaction per batch
    assert all(n == 2 and size <= 250 * kib for n, size in batches)


def test_a_turn_over_the_byte_budget_is_committed_alone(store: MemoryStore) -> None:
    lines = [_line(0, "small", seq=0), _line(1, "y" * 5000, seq=1), _line(2, "small too", seq=2)]
    report = store.ingest_jsonl(io.StringIO("".join(lines)), batch_bytes=1000)
    assert report.inserted == 3
    with store.connection() as conn:
        sizes = sorted(r[0] for r in conn.execute("SELECT count(*) FROM memory_staging GROUP BY xmin::text"))
    assert sizes == [1, 1, 1]


class FailingLines:
    """A file-like that yields ``good`` lines, then fails to read the next one."""

    def __init__(self, lines: list[str], error: Exception) -> None:
        self.lines, self.error = iter(lines), error

    def __iter__(self) -> FailingLines:
        return self

    def __next__(self) -> str:
        line = next(self.lines, None)
        if line is None:
            raise self.error
        return line


@pytest.mark.parametrize(
    "error",
    [OSError(5, "Input/output error"), UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")],
    ids=["oserror", "bad-utf8"],
)
def test_a_read_error_commits_every_line_read_before_it_and_names_the_line(
    store: MemoryStore, error: Exception
) -> None:
    # No ts or seq: re-staging these would add copies, so a resume must start after exactly these.
    good = [_line(i) for i in range(1, 8)] + ['{"session_id": "big"}\n']
    report = StageReport()
    with pytest.raises(ReadError, match=r"^line 9: cannot read the input: ") as caught:
        store.ingest_jsonl(FailingLines(good, error), batch_size=3, report=report)
    assert caught.value.__cause__ is error
    # Two batches of three were committed on the way; the pending one (line 7) is flushed, line 8 reported.
    assert (report.inserted, report.committed_through) == (7, 8)
    assert [r.line for r in report.rejected] == [8]
    assert count(store) == 7


def test_every_read_refuses_an_empty_namespace_as_staging_does(store: MemoryStore) -> None:
    # An unset variable passed as the namespace read nothing and said nothing: an agent took it for no memory.
    store.stage("s", "user", "I live in Delft.", embed=True)
    reads = (
        lambda: store.recall("where do I live?", namespace=""),
        lambda: store.facts(namespace=""),
        lambda: store.status(namespace=""),
        lambda: store.fact_history("user", namespace=""),
    )
    for read in reads:
        with pytest.raises(InputError, match=r"^namespace: must not be empty$"):
            read()
    assert [m.content for m in store.recall("where do I live?")] == ["I live in Delft."]
