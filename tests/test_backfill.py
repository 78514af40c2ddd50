"""Backfills: a day means "sessions with a turn on it"; re-running one supersedes, never duplicates.

The same logic behind three entry points: `tiermem backfill` (here), a
partitioned run of consolidate_job (tests/test_dagster.py) and the UI /
`dagster job backfill` (tests/test_dagster_server.py, slow).
"""

from __future__ import annotations

import json
import re
import time
from datetime import date
from pathlib import Path
from typing import Any

import pytest
import yaml

from consolidators.types import Transcript
from memory_sink import MemoryStore
from memory_sink.errors import InputError
from pipelines import consolidate
from pipelines.backfill import MAX_DAYS, day_range, day_window, parse_day, run_backfill, sessions_on_days
from pipelines.realtime import run_realtime
from tests.test_cli import run as run_cli
from tests.test_dagster import active_episodes, active_rows, counts, stage_days

DAYS = [date(2024, 3, 1), date(2024, 3, 2), date(2024, 3, 3)]


def choke_on_s_b(transcript: Transcript, context: Any) -> Any:
    """A `callable` consolidator that fails one session and passes the others through."""
    if transcript.session_id == "s-b":
        raise ValueError("cannot make sense of s-b")
    from consolidators.passthrough import PassthroughConsolidator

    return PassthroughConsolidator().consolidate(transcript, context)


def test_day_parsing_and_ranges_are_checked() -> None:
    assert parse_day("2024-03-01") == date(2024, 3, 1)
    assert day_range("2024-02-28", "2024-03-01") == [date(2024, 2, 28), date(2024, 2, 29), date(2024, 3, 1)]
    assert day_range("2024-03-01", "2024-03-01") == [date(2024, 3, 1)]
    start, end = day_window(date(2024, 3, 1))
    assert (start.isoformat(), end.isoformat()) == ("2024-03-01T00:00:00+00:00", "2024-03-02T00:00:00+00:00")
    with pytest.raises(InputError, match=r"--from: expected a date YYYY-MM-DD, got '2024-13-01'"):
        day_range("2024-13-01", "2024-03-01")
    with pytest.raises(InputError, match=r"--from 2024-03-02 is after --to 2024-03-01"):
        day_range("2024-03-02", "2024-03-01")
    with pytest.raises(InputError, match=f"at most {MAX_DAYS}"):
        day_range("2000-01-01", "2024-03-01")


def test_a_day_means_the_sessions_with_a_turn_on_it(store: MemoryStore) -> None:
    stage_days(store)
    store.stage("s-other", "user", "Another tenant's turn.", namespace="acme", ts="2024-03-02T10:00:00Z", seq=0)
    assert sessions_on_days(store, DAYS[:1]) == [("default", "s-a"), ("default", "s-night")]
    # within a day, in the order the sessions were said (a namespace's sessions read each other in order)
    assert sorted(sessions_on_days(store, DAYS[1:2])) == [
        ("acme", "s-other"),
        ("default", "s-b"),
        ("default", "s-night"),
    ]
    # A range lists each session once, in day order; a namespace narrows it.
    assert sessions_on_days(store, DAYS) == [
        ("default", "s-a"),
        ("default", "s-night"),
        ("acme", "s-other"),
        ("default", "s-b"),
        ("default", "s-c"),
    ]
    assert sessions_on_days(store, DAYS, namespace="acme") == [("acme", "s-other")]
    assert sessions_on_days(store, [date(2024, 3, 4)]) == []


def test_a_repeated_backfill_is_idempotent(store: MemoryStore) -> None:
    stage_days(store)
    run_realtime(store)
    sessions = sessions_on_days(store, DAYS)
    first = run_backfill(store, sessions)
    assert (first.sessions_consolidated, first.sessions_failed, first.sessions_skipped) == (4, 0, 0)
    memory, (provisional, active, superseded) = active_rows(store), counts(store)
    assert provisional == 0 and superseded == 0 and active > 0

    episodes, fact_ids, ids = active_episodes(store), {f.id for f in store.facts()}, active_ids(store)
    assert 0 < episodes < active and fact_ids

    second = run_backfill(store, sessions)
    assert second.sessions_consolidated == 4
    assert active_rows(store) == memory  # the same memory ...
    # ... in the same rows: nothing changed in those days, so no episode, passage or fact has a new version
    assert counts(store) == (0, active, 0)
    assert {f.id for f in store.facts()} == fact_ids and active_ids(store) == ids

    run_backfill(store, sessions)
    assert counts(store) == (0, active, 0) and active_ids(store) == ids


def active_ids(store: MemoryStore) -> set[str]:
    with store.connection() as conn:
        return {r[0] for r in conn.execute("SELECT id::text FROM memory WHERE superseded_at IS NULL")}


def test_progress_is_reported_once_per_session_as_each_finishes(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A slow consolidator (an LLM) moves `tiermem backfill`'s bar session by session, not a chunk at a time."""
    from consolidators.passthrough import PassthroughConsolidator

    stage_days(store)
    run_realtime(store)
    events: list[tuple[str, str]] = []

    class Slow:
        name = "slow"

        def consolidate(self, transcript: Transcript, context: Any) -> Any:
            events.append(("consolidate", transcript.session_id))
            time.sleep(0.05)  # slower than PROGRESS_SECONDS below: every chunk is one session
            return PassthroughConsolidator().consolidate(transcript, context)

    monkeypatch.setattr(consolidate, "PROGRESS_SECONDS", 0.01)
    sessions = sessions_on_days(store, DAYS)
    report = run_backfill(
        store,
        sessions,
        consolidator=Slow(),  # type: ignore[arg-type]
        on_session=lambda ns, sid, outcome: events.append((outcome, sid)),
    )
    assert report.sessions_consolidated == len(sessions) == 4
    assert events == [e for _, sid in sessions for e in (("consolidate", sid), ("consolidated", sid))]

    seen: list[str] = []  # a fast consolidator: chunks grow, each session is still reported once
    run_backfill(store, sessions, on_session=lambda ns, sid, outcome: seen.append(sid))
    assert seen == [sid for _, sid in sessions]
    assert (
        consolidate.progress_chunk(10.0),
        consolidate.progress_chunk(0.0),
        consolidate.progress_chunk(1e-6),
        consolidate.progress_chunk(0.0025),
    ) == (1, consolidate.EMBED_CHUNK, consolidate.EMBED_CHUNK, 4)


def test_backfill_cli_prints_a_summary_and_a_progress_bar(
    capsys: pytest.CaptureFixture[str], config_file: Path, store: MemoryStore
) -> None:
    stage_days(store)
    code, out, err = run_cli(
        capsys, "backfill", "--config", str(config_file), "--from", "2024-03-01", "--to", "2024-03-02"
    )
    assert code == 0, err
    assert re.fullmatch(
        r"backfill 2024-03-01\.\.2024-03-02 \(2 days, 3 sessions\): consolidated 3 "
        r"\(\d+ episodes, \d+ facts\); failed 0; skipped 0\n",
        out,
    ), out
    assert "backfill" in err and "3/3" in err  # tqdm, on stderr

    code, out, err = run_cli(
        capsys,
        "backfill",
        "--config",
        str(config_file),
        "--json",
        "--no-progress",
        "--from",
        "2024-03-01",
        "--to",
        "2024-03-03",
    )
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert {
        k: doc[k]
        for k in ("from", "to", "days", "sessions", "sessions_consolidated", "sessions_failed", "sessions_skipped")
    } == {
        "from": "2024-03-01",
        "to": "2024-03-03",
        "days": 3,
        "sessions": 4,
        "sessions_consolidated": 4,
        "sessions_failed": 0,
        "sessions_skipped": 0,
    }
    assert counts(store)[0] == 0


@pytest.mark.parametrize(
    "args, message",
    [
        (["--from", "2024-03-32", "--to", "2024-04-01"], "--from: expected a date YYYY-MM-DD, got '2024-03-32'"),
        (["--from", "2024-03-01", "--to", "soon"], "--to: expected a date YYYY-MM-DD, got 'soon'"),
        (["--from", "2024-03-03", "--to", "2024-03-01"], "--from 2024-03-03 is after --to 2024-03-01"),
        (["--from", "2024-03-03"], "Missing option '--to'"),
    ],
)
def test_backfill_cli_refuses_bad_dates_with_exit_2(
    capsys: pytest.CaptureFixture[str], config_file: Path, args: list[str], message: str
) -> None:
    code, out, err = run_cli(capsys, "backfill", "--config", str(config_file), *args)
    assert code == 2 and out == ""
    assert err.startswith("tiermem: error: ") and message in err and err.count("\n") == 1


def test_backfill_cli_reports_a_failing_session_and_exits_1(
    capsys: pytest.CaptureFixture[str], db_dsn: str, tmp_path: Path, store: MemoryStore
) -> None:
    stage_days(store)
    run_realtime(store)
    path = tmp_path / "choke.yaml"
    path.write_text(
        yaml.safe_dump(
            {
                "database": {"dsn": db_dsn},
                "consolidate": {
                    "consolidator": {"kind": "callable", "options": {"target": "tests.test_backfill:choke_on_s_b"}}
                },
            }
        ),
        encoding="utf-8",
    )
    code, out, err = run_cli(
        capsys,
        "backfill",
        "--config",
        str(path),
        "--json",
        "--no-progress",
        "--from",
        "2024-03-01",
        "--to",
        "2024-03-03",
    )
    assert code == 1
    doc = json.loads(out)
    assert (doc["sessions_consolidated"], doc["sessions_failed"]) == (3, 1)
    assert doc["failures"][0]["session_id"] == "s-b" and "cannot make sense" in doc["failures"][0]["error"]
    # Invariant 8: the failed session keeps its provisional rows, so recall still finds it.
    assert {r[1] for r in active_rows(store) if r[0] == "s-b"} == {"provisional"}
