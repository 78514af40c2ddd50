"""The consolidate partitions: one per UTC day, from where this deployment's data starts.

``consolidate.partition_start`` sets the first day. Unset, it is the day the
Dagster instance first loaded this deployment, recorded once in the instance's
own key-value storage (SQLite under ``$DAGSTER_HOME``, or PostgreSQL in
production) so it stays put across restarts and redeploys: a fresh install shows
one partition, not a thousand "missing" ones. Turns older than that day are
still consolidated (the nightly run takes every due session, whatever its day);
set ``partition_start`` to their first day to re-consolidate them from the UI.
Without ``DAGSTER_HOME`` (tests, ``materialize``) it is today.
"""

import logging
import os
from datetime import UTC, date, datetime

import dagster as dg

from memory_sink.config import Config

PARTITION_START_KEY = "tiermem/partition_start"
log = logging.getLogger(__name__)


def recorded_start(instance: dg.DagsterInstance, today: date) -> str:
    """The first day recorded in ``instance``; records ``today`` when none is."""
    storage = instance.run_storage
    found = storage.get_cursor_values({PARTITION_START_KEY}).get(PARTITION_START_KEY)
    if found:
        return found
    storage.set_cursor_values({PARTITION_START_KEY: today.isoformat()})
    return today.isoformat()


def partition_start(cfg: Config, today: date | None = None) -> str:
    """The first partition day: the configured one, else the one the Dagster instance recorded."""
    if cfg.consolidate.partition_start:
        return cfg.consolidate.partition_start
    today = today or datetime.now(UTC).date()
    if not os.environ.get("DAGSTER_HOME"):
        return today.isoformat()
    try:
        with dg.DagsterInstance.get() as instance:
            return recorded_start(instance, today)
    except Exception as exc:  # the code location must still load; the UI then starts at today
        log.warning("consolidate.partition_start: could not read the Dagster instance (%s); using today", exc)
        return today.isoformat()


def daily_partitions(start: str) -> dg.DailyPartitionsDefinition:
    """One partition per UTC day from ``start`` up to today (included: today's turns can be re-run)."""
    return dg.DailyPartitionsDefinition(start_date=start, timezone="UTC", end_offset=1)
