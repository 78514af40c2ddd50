"""Backfills: re-consolidate the sessions of a range of UTC days.

A day (a Dagster partition of ``consolidate_job``) means "the sessions with a
turn on that day". Re-consolidating a session re-reads it whole from staging
and swaps in a new consolidated version that supersedes the previous one
(invariants 3, 4 and 6), so running a backfill twice gives the same active
memory with one more superseded version — never duplicates.

Plain functions: the Dagster op and ``tiermem backfill`` both call them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, date, datetime, time, timedelta

from consolidators import Consolidator
from memory_sink import MemoryStore
from memory_sink.errors import InputError

from .consolidate import ConsolidateReport, run_consolidate

MAX_DAYS = 3660  # ten years: a typo like 2204-01-01 is refused rather than scanned


def parse_day(value: str | date, name: str = "date") -> date:
    """A calendar day from ``YYYY-MM-DD`` (or a ``date``); ``InputError`` names the argument."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value).strip())
    except ValueError:
        raise InputError(f"{name}: expected a date YYYY-MM-DD, got {str(value)[:40]!r}") from None


def day_range(start: str | date, end: str | date) -> list[date]:
    """Every day from ``start`` to ``end``, both included; refuses an empty or huge range."""
    first, last = parse_day(start, "--from"), parse_day(end, "--to")
    if first > last:
        raise InputError(f"--from {first} is after --to {last}")
    count = (last - first).days + 1
    if count > MAX_DAYS:
        raise InputError(f"{first}..{last} is {count} days; backfill at most {MAX_DAYS} at a time")
    return [first + timedelta(days=i) for i in range(count)]


def day_window(day: date) -> tuple[datetime, datetime]:
    """The half-open UTC interval [00:00, next 00:00) of ``day``."""
    start = datetime.combine(day, time.min, tzinfo=UTC)
    return start, start + timedelta(days=1)


def sessions_per_day(
    store: MemoryStore, days: Iterable[date], *, namespace: str | None = None
) -> dict[date, list[tuple[str, str]]]:
    """Each of ``days`` with the sessions that have a turn on it (optionally one namespace)."""
    return {
        day: [key for key in store.tiers.sessions_on_day(*day_window(day)) if namespace in (None, key[0])]
        for day in days
    }


def distinct_sessions(per_day: dict[date, list[tuple[str, str]]]) -> list[tuple[str, str]]:
    """The sessions of ``per_day``, each once (a session spanning midnight is on two days), in day order."""
    return list(dict.fromkeys(key for keys in per_day.values() for key in keys))


def sessions_on_days(
    store: MemoryStore, days: Iterable[date], *, namespace: str | None = None
) -> list[tuple[str, str]]:
    """Sessions with a turn on any of ``days`` (optionally one namespace), each once, in day order."""
    return distinct_sessions(sessions_per_day(store, days, namespace=namespace))


def run_backfill(
    store: MemoryStore,
    sessions: Sequence[tuple[str, str]],
    *,
    consolidator: Consolidator | None = None,
    on_session: Callable[[str, str, str], None] | None = None,
) -> ConsolidateReport:
    """Re-consolidate exactly ``sessions`` (consolidated or not); one bad session fails alone."""
    return run_consolidate(store, sessions=list(sessions), consolidator=consolidator, on_session=on_session)
