"""What an operator watches in the Dagster UI: the ``tiermem/memory`` asset and its checks.

The tiers are ops/jobs, not assets; the memory table is declared as one
external asset so the UI has a page for it: the ops record the rows per tier
as observations of it (a plot over time), and three checks surface the
invariants an operator cares about:

- ``realtime_lag`` — the oldest pending turn waited longer than
  ``realtime.lag_alert_seconds`` (the realtime schedule is off or failing);
- ``no_turn_in_both_tiers`` — a turn visible twice or not at all (invariant 5);
- ``no_repeatedly_failing_sessions`` — sessions whose consolidation failed
  ``consolidate.failure_alert_attempts`` times in a row (invariant 8 keeps
  their provisional rows; someone should look at the error).

``health_job`` runs the three; ``health_schedule`` runs it every 5 minutes
once turned on. The verdicts are pure functions of ``MemoryStore`` reports.
"""

from collections.abc import Mapping
from typing import Any

import dagster as dg

from .resources import StoreResource

MEMORY_ASSET_KEY = dg.AssetKey(["tiermem", "memory"])
MEMORY_ASSET = dg.AssetSpec(
    key=MEMORY_ASSET_KEY,
    group_name="tiermem",
    kinds={"postgres"},
    description="The `memory` table: provisional turns (realtime tier) and consolidated episodes "
    "and facts (consolidate tier). Written by realtime_job and consolidate_job.",
)
TIER_KEYS = (
    "pending_turns",
    "provisional_turns",
    "consolidated_episodes",
    "consolidated_facts",
    "superseded",
    "sessions_awaiting_consolidation",
    "sessions_failing",
)
HEALTH_JOB = "health_job"


def tier_metadata(status: Mapping[str, Any]) -> dict[str, Any]:
    """Rows per tier and the realtime lag, from ``MemoryStore.status()``, as run metadata."""
    return {
        **{key: int(status.get(key) or 0) for key in TIER_KEYS},
        "realtime_lag_seconds": status.get("realtime_lag_seconds"),
    }


def lag_verdict(status: Mapping[str, Any], threshold: int) -> tuple[bool, dict[str, Any]]:
    """Passes while no pending turn has waited longer than ``threshold`` seconds."""
    lag = status.get("realtime_lag_seconds")
    return (
        lag is None or lag <= threshold,
        {
            "realtime_lag_seconds": lag,
            "threshold_seconds": threshold,
            "pending_turns": int(status.get("pending_turns") or 0),
        },
    )


def tiers_verdict(violations: Mapping[str, Any]) -> tuple[bool, dict[str, Any]]:
    """Passes when every turn is visible in exactly one tier."""
    both, neither = violations["turns_in_both_tiers"], violations["turns_in_neither_tier"]
    return (
        both == 0 and neither == 0,
        {
            "turns_in_both_tiers": both,
            "turns_in_neither_tier": neither,
            "examples": dg.MetadataValue.json(list(violations.get("examples_in_both_tiers", []))),
        },
    )


def failing_verdict(status: Mapping[str, Any], attempts: int) -> tuple[bool, dict[str, Any]]:
    """Passes while no session has failed consolidation ``attempts`` times in a row."""
    bad = [f for f in status.get("failing", []) if f["attempts"] >= attempts]
    shown = [
        {
            "namespace": f["namespace"],
            "session_id": f["session_id"],
            "attempts": f["attempts"],
            "last_error": (f["last_error"] or "")[:300],
        }
        for f in bad[:20]
    ]
    return (
        not bad,
        {
            "sessions_failing_repeatedly": len(bad),
            "alert_after_attempts": attempts,
            "sessions_parked": int(status.get("sessions_parked") or 0),
            "sessions": dg.MetadataValue.json(shown),
        },
    )


def _result(verdict: tuple[bool, dict[str, Any]], severity: dg.AssetCheckSeverity) -> dg.AssetCheckResult:
    passed, metadata = verdict
    return dg.AssetCheckResult(passed=passed, severity=severity, metadata=metadata)


@dg.asset_check(
    asset=MEMORY_ASSET_KEY,
    name="realtime_lag",
    blocking=False,
    description="No staged turn has waited longer than realtime.lag_alert_seconds to be embedded.",
)
def realtime_lag_check(store: StoreResource) -> dg.AssetCheckResult:
    with store.open() as s:
        threshold = s.config.realtime.lag_alert_seconds
        return _result(lag_verdict(s.status(), threshold), dg.AssetCheckSeverity.WARN)


@dg.asset_check(
    asset=MEMORY_ASSET_KEY,
    name="no_turn_in_both_tiers",
    blocking=False,
    description="Every turn is visible in exactly one tier: never provisional and consolidated "
    "at once, never in neither (invariant 5).",
)
def tiers_check(store: StoreResource) -> dg.AssetCheckResult:
    with store.open() as s:
        return _result(tiers_verdict(s.tiers.tier_violations()), dg.AssetCheckSeverity.ERROR)


@dg.asset_check(
    asset=MEMORY_ASSET_KEY,
    name="no_repeatedly_failing_sessions",
    blocking=False,
    description="No session has failed consolidation consolidate.failure_alert_attempts times in a row.",
)
def failing_sessions_check(store: StoreResource) -> dg.AssetCheckResult:
    with store.open() as s:
        attempts = s.config.consolidate.failure_alert_attempts
        return _result(failing_verdict(s.status(), attempts), dg.AssetCheckSeverity.WARN)


ASSET_CHECKS = [realtime_lag_check, tiers_check, failing_sessions_check]

health_job = dg.define_asset_job(
    HEALTH_JOB,
    selection=dg.AssetSelection.checks(*ASSET_CHECKS),
    tags={"tiermem/tier": "health"},
    description="Run the tiermem health checks (lag, one tier per turn, repeatedly failing sessions).",
)

health_schedule = dg.ScheduleDefinition(
    name="health_schedule",
    job=health_job,
    cron_schedule="*/5 * * * *",
    execution_timezone="UTC",
    default_status=dg.DefaultScheduleStatus.STOPPED,
    description="Run the health checks every 5 minutes (turn it on in the UI).",
)
