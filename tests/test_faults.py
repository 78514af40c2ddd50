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


def test_the_item_tests_case_reports_a_test_that_did_not_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """A missing or failing item test is a failed check of the suite, not a silent pass."""
    from benchmarks import _faults_items as items

    monkeypatch.setattr(items, "ITEM_TESTS", {"0 nothing": "tests/test_faults.py::test_that_does_not_exist"})
    tally = items.item_tests(None)  # type: ignore[arg-type]  # the case runs pytest, not the rig
    assert tally.trials == 1 and len(tally.failed) == 1 and "test_that_does_not_exist" in tally.failed[0]
