"""Logic that two places need is defined once: fact-key text, timestamps, ... (pure, no database)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from consolidators.forms import norm, utc_timestamp
from memory_sink.errors import InputError
from memory_sink.staging import parse_ts
from memory_sink.swap import PreviousRow, successors
from memory_sink.types import NewMemory
from pipelines.cli import output
from pipelines.consolidate import ConsolidateReport

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def fact(subject: str, predicate: str, obj: str) -> NewMemory:
    return NewMemory("fact", f"{subject} {predicate} {obj}", "", ("e1",), T0, subject, predicate, obj)


@pytest.mark.parametrize("text", ["The  User", " the user ", "THE\tUSER", "the user"])
def test_fact_keys_ignore_case_and_every_run_of_whitespace(text: str) -> None:
    assert norm(text) == "the user"
    assert norm(None) == ""


def test_a_swap_carries_a_fact_forward_whatever_its_inner_spacing() -> None:
    # the supersession engine keys on norm(); the swap's successor link must agree with it
    old = PreviousRow("old", "fact", "the  user", "lives in", "Paris", ("e1",))
    assert successors([old], [fact("The user", "lives  in", "paris")], ["new"]) == [("old", "new")]


@pytest.mark.parametrize("ts", ["0001-01-01T00:00:00+05:00", "9999-12-31T23:30:00-05:00"])
def test_an_offset_out_of_range_in_utc_is_one_clear_problem(ts: str) -> None:
    with pytest.raises(ValueError, match="out of range once converted to UTC"):
        utc_timestamp(ts)
    with pytest.raises(InputError, match=r"^as_of: .* out of range"):
        parse_ts(ts, "as_of")


def test_naive_means_utc_and_aware_is_converted() -> None:
    assert utc_timestamp("2026-01-01T00:00:00") == T0
    assert utc_timestamp(" 2026-01-01T01:00:00+01:00 ") == T0
    assert utc_timestamp(None) is None


def test_consolidate_and_backfill_print_one_summary_shape(capsys: pytest.CaptureFixture[str]) -> None:
    report = ConsolidateReport(sessions_consolidated=2, sessions_failed=1, episodes=3, facts=4)
    report.failures.append({"namespace": "ns", "session_id": "s9", "error": "MalformedOutput: facts[0]: bad"})
    output.consolidation_summary(report)
    output.consolidation_summary(report, "backfill 2024-03-01..2024-03-02 (2 days, 3 sessions): ")
    out, err = capsys.readouterr()
    assert out.splitlines() == [
        "consolidated 2 sessions (3 episodes, 4 facts); failed 1; skipped 0",
        "backfill 2024-03-01..2024-03-02 (2 days, 3 sessions): consolidated 2 (3 episodes, 4 facts); failed 1; skipped 0",
    ]
    assert err.splitlines() == ["  failed ns/s9: MalformedOutput: facts[0]: bad"] * 2


ROOT = Path(__file__).resolve().parent.parent
PRODUCT = [p for pkg in ("memory_sink", "consolidators", "pipelines", "benchmarks") for p in (ROOT / pkg).rglob("*.py")]


@pytest.mark.parametrize("path", PRODUCT, ids=lambda p: str(p.relative_to(ROOT)))
def test_modules_log_under_their_own_name_and_use_public_dagster(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    # quieting a library's logger (getLogger(name).setLevel) is not logging under its name
    named = re.findall(r"getLogger\(([^)]*)\)(?!\.setLevel)", source)
    assert all(arg in ("__name__", "") for arg in named), f"{path.name}: getLogger({named})"
    assert not re.search(r"\bdagster\._", source), f"{path.name} uses a private Dagster module"


@pytest.mark.parametrize("path", [*PRODUCT, *(ROOT / "tests").glob("*.py")], ids=lambda p: str(p.relative_to(ROOT)))
def test_comments_say_why_not_which_issue(path: Path) -> None:
    # history belongs in commit messages; a reader of the code needs the reason
    assert not re.search(r"(?i)\bissue (?:#?\d)", path.read_text(encoding="utf-8")), path.name
