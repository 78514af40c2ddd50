"""The asset checks an operator watches, and ``health_job`` that runs them all.

Each check targets the asset whose job can break it, so it runs with that job
(Dagster adds a selected asset's checks to its job) and its verdict is as fresh
as the last run:

on ``tiermem/provisional_memory`` (every realtime tick)
- ``realtime_lag`` — the oldest pending turn waited longer than
  ``realtime.lag_alert_seconds`` (the realtime schedule is off or failing);
- ``no_turn_in_both_tiers`` — a turn visible twice or not at all (invariant 5);

on ``tiermem/consolidated_memory`` (every consolidate run)
- ``no_repeatedly_failing_sessions`` — sessions whose consolidation failed
  ``consolidate.failure_alert_attempts`` times in a row (invariant 8 keeps
  their provisional rows; someone should look at the error);
- ``one_active_fact_per_single_valued_key`` — a single-valued key (``lives in``,
  ``works at``) holding several active values;
- ``no_provisional_row_for_consolidated_turn`` — the swap left a provisional row behind;
- ``retired_facts_share`` — a run retired more than ``consolidate.retired_share_alert``
  of the active facts (evaluated inside the consolidate step, see ``ops``).

``health_job`` runs the first five on demand and ``health_schedule`` every 5
minutes once turned on. The verdicts are pure functions of store reports; each
description names the deployment's threshold by value.
"""

from collections.abc import Mapping
from typing import Any

import dagster as dg

from memory_sink import health
from memory_sink.config import Config

from .keys import CONSOLIDATED_MEMORY, HEALTH_JOB, PROVISIONAL_MEMORY, TIER_TAG, AssetJob
from .resources import StoreResource

TIER_KEYS = (
    "pending_turns",
    "provisional_turns",
    "consolidated_episodes",
    "consolidated_passages",
    "consolidated_facts",
    "superseded",
    "sessions_awaiting_consolidation",
    "sessions_failing",
)
# A run retiring fewer facts than this never alerts: on a small store one retirement is a large share.
RETIRED_FLOOR = 10
RETIRED_SHARE = "retired_facts_share"


def tier_metadata(status: Mapping[str, Any]) -> dict[str, Any]:
    """Rows per tier and the realtime lag (0 when nothing is pending), from ``MemoryStore.status()``."""
    return {
        **{key: int(status.get(key) or 0) for key in TIER_KEYS},
        "realtime_lag_seconds": float(status.get("realtime_lag_seconds") or 0),
    }


def lag_verdict(status: Mapping[str, Any], threshold: int) -> tuple[bool, dict[str, Any]]:
    """Passes while no pending turn has waited longer than ``threshold`` seconds."""
    lag = float(status.get("realtime_lag_seconds") or 0)
    return lag <= threshold, {"realtime_lag_seconds": lag, "pending_turns": int(status.get("pending_turns") or 0)}


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
            "sessions_parked": int(status.get("sessions_parked") or 0),
            "sessions": dg.MetadataValue.json(shown),
        },
    )


def conflicts_verdict(count: int, examples: list[dict[str, Any]]) -> tuple[bool, dict[str, Any]]:
    """Passes while no single-valued key holds two active values."""
    return count == 0, {"keys_with_several_values": count, "keys": dg.MetadataValue.json(examples)}


def leftover_verdict(count: int) -> tuple[bool, dict[str, Any]]:
    """Passes while no consolidated turn still has a provisional row."""
    return count == 0, {"provisional_rows_of_consolidated_turns": count}


def retired_verdict(retired: int, active_before: int, limit: float) -> tuple[bool, dict[str, Any]]:
    """Passes while a run retired at most ``limit`` of the facts active when it started."""
    share = retired / active_before if active_before else (1.0 if retired else 0.0)
    passed = retired < RETIRED_FLOOR or share <= limit
    return passed, {"facts_retired": retired, "facts_active_before": active_before, "retired_share": round(share, 4)}


def check_result(
    verdict: tuple[bool, dict[str, Any]], severity: dg.AssetCheckSeverity, **spec: Any
) -> dg.AssetCheckResult:
    passed, metadata = verdict
    return dg.AssetCheckResult(passed=passed, severity=severity, metadata=metadata, **spec)


def _realtime_lag(store: StoreResource) -> dg.AssetCheckResult:
    with store.open() as s:
        threshold = s.config.realtime.lag_alert_seconds
        return check_result(lag_verdict(s.status(), threshold), dg.AssetCheckSeverity.WARN)


def _tiers(store: StoreResource) -> dg.AssetCheckResult:
    with store.open() as s:
        return check_result(tiers_verdict(s.tiers.tier_violations()), dg.AssetCheckSeverity.ERROR)


def _failing_sessions(store: StoreResource) -> dg.AssetCheckResult:
    with store.open() as s:
        attempts = s.config.consolidate.failure_alert_attempts
        return check_result(failing_verdict(s.status(), attempts), dg.AssetCheckSeverity.WARN)


def _single_valued(store: StoreResource) -> dg.AssetCheckResult:
    with store.open() as s, s.connection() as conn:
        found = health.single_valued_conflicts(conn, s.tiers.single_valued_predicates())
    return check_result(conflicts_verdict(*found), dg.AssetCheckSeverity.WARN)


def _leftover(store: StoreResource) -> dg.AssetCheckResult:
    with store.open() as s, s.connection() as conn:
        return check_result(leftover_verdict(health.provisional_for_consolidated(conn)), dg.AssetCheckSeverity.ERROR)


def describe_checks(cfg: Config) -> dict[str, str]:
    """Each check's description, naming the deployment's thresholds by value (and the key that sets it)."""
    share = cfg.consolidate.retired_share_alert
    return {
        "realtime_lag": f"No staged turn has waited longer than {cfg.realtime.lag_alert_seconds} s to be "
        "embedded (realtime.lag_alert_seconds).",
        "no_turn_in_both_tiers": "Every turn is visible in exactly one tier: never provisional and "
        "consolidated at once, never in neither (invariant 5).",
        "no_repeatedly_failing_sessions": "No session has failed consolidation "
        f"{cfg.consolidate.failure_alert_attempts} times in a row (consolidate.failure_alert_attempts).",
        "one_active_fact_per_single_valued_key": "At most one active value per (subject, single-valued "
        "predicate), e.g. one employer at a time. Two remain when a judge could not decide (both kept: "
        "nothing is retired on a guess).",
        "no_provisional_row_for_consolidated_turn": "The tier swap deletes a session's provisional rows "
        "when it consolidates it: no provisional row remains for a consolidated turn.",
        RETIRED_SHARE: f"A consolidate run retires at most {share:.0%} of the facts active when it started "
        f"(consolidate.retired_share_alert; a run retiring fewer than {RETIRED_FLOOR} never alerts).",
    }


_CHECKS = (  # (name, asset, function)
    ("realtime_lag", PROVISIONAL_MEMORY, _realtime_lag),
    ("no_turn_in_both_tiers", PROVISIONAL_MEMORY, _tiers),
    ("no_repeatedly_failing_sessions", CONSOLIDATED_MEMORY, _failing_sessions),
    ("one_active_fact_per_single_valued_key", CONSOLIDATED_MEMORY, _single_valued),
    ("no_provisional_row_for_consolidated_turn", CONSOLIDATED_MEMORY, _leftover),
)


def build_asset_checks(cfg: Config) -> list[dg.AssetChecksDefinition]:
    """The checks that query the store, described with ``cfg``'s thresholds."""
    text = describe_checks(cfg)
    return [
        dg.asset_check(asset=asset, name=name, blocking=False, description=text[name])(fn)
        for name, asset, fn in _CHECKS
    ]


def retired_share_spec(cfg: Config) -> dg.AssetCheckSpec:
    """The check the consolidate step evaluates itself: it alone knows the run's baseline."""
    return dg.AssetCheckSpec(RETIRED_SHARE, asset=CONSOLIDATED_MEMORY, description=describe_checks(cfg)[RETIRED_SHARE])


def build_health_job(checks: list[dg.AssetChecksDefinition]) -> AssetJob:
    return dg.define_asset_job(
        HEALTH_JOB,
        selection=dg.AssetSelection.checks(*checks),
        tags={TIER_TAG: "health"},
        description="Run tiermem's health checks on demand (each also runs with the job it checks).",
    )


def build_health_schedule(job: AssetJob) -> dg.ScheduleDefinition:
    return dg.ScheduleDefinition(
        name="health_schedule",
        job=job,
        cron_schedule="*/5 * * * *",
        execution_timezone="UTC",
        default_status=dg.DefaultScheduleStatus.STOPPED,
        description="Run every health check every 5 minutes (optional: the checks also run with the "
        "realtime and consolidate jobs they check).",
    )
