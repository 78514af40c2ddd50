"""The fault suite (benchmarks/faults.py) at a tiny size: one SIGKILL trial of each kind, concurrency, secrets.

Each case runs the `tiermem` CLI as subprocesses against its own embedded server and
checks by SQL that no staged turn is lost, duplicated, or in both tiers or neither, and
that no output holds a DSN password. The full-size run and its figures: RELIABILITY.md.
Deadlocks are counted there, not asserted here: a deadlocked session is retried, not lost.
"""

from __future__ import annotations

import dataclasses

import pytest

from benchmarks.faults import SMALL, run_suite, table

CASES = ["ingest", "realtime", "follower", "consolidate", "postgres", "concurrent", "secrets", "stalepid"]


@pytest.mark.faults
@pytest.mark.timeout(900)  # ~40 CLI processes; on a loaded 2-core machine they take minutes
def test_the_small_fault_suite_loses_duplicates_and_leaks_nothing() -> None:
    tallies = run_suite(dataclasses.replace(SMALL, trials=1), only=CASES, small=True)
    assert [t.case.split(" ")[0] for t in tallies]  # every case ran
    assert all(t.trials > 0 for t in tallies), table(tallies)
    killed = [t for t in tallies if t.case.startswith("SIGKILL")]
    assert [(t.trials, t.kills) for t in killed] == [(1, 1)] * 5, table(tallies)  # each kill hit a live process
    for t in tallies:
        assert (t.lost, t.duplicated, t.both, t.neither, t.leaked) == (0, 0, 0, 0, 0), table(tallies)
        assert not t.failed, (t.case, t.failed)
