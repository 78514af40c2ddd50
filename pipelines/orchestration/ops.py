"""Dagster ops and jobs: thin wrappers around ``run_realtime`` and ``run_consolidate``.

``realtime_job`` runs one realtime tick. ``consolidate_job`` is partitioned by
UTC day; a partition means "the sessions with a turn on that day", and a run
over a range of partitions (``context.partition_keys``) handles every day in
it, each session once. Each op logs what it did and attaches it as metadata,
and records the rows per tier as an observation of the ``tiermem/memory`` asset.
"""

import enum
from typing import Any

import dagster as dg
from pydantic import Field, field_validator

from memory_sink.config import Config

from ..backfill import parse_day, run_backfill, sessions_on_days
from ..consolidate import ConsolidateReport, run_consolidate
from ..realtime import run_realtime
from .checks import MEMORY_ASSET_KEY, tier_metadata
from .resources import ConsolidatorResource, StoreResource

TIER_TAG = "tiermem/tier"  # dagster.yaml limits in-flight runs per value of this tag
REALTIME_JOB = "realtime_job"
CONSOLIDATE_JOB = "consolidate_job"
MAX_FAILURES_SHOWN = 20


class RealtimeOpConfig(dg.Config):
    """Per-run options of a realtime tick; unset means the deployment's value."""

    batch_size: int | None = Field(
        default=None, ge=1, description="Turns per transaction (default: realtime.batch_size)."
    )
    max_batches: int | None = Field(
        default=None, ge=1, description="Stop after this many batches (default: until no turn is pending)."
    )


class ConsolidateMode(enum.Enum):
    """What a consolidate run picks when it is not given ``session_ids``."""

    reconsolidate = "reconsolidate"  # every session with a turn on the partition's days (backfills)
    pending = "pending"  # every session due now, whatever its day (the nightly schedule)


class ConsolidateOpConfig(dg.Config):
    """Per-run options of a consolidate run; unset means the deployment's value."""

    mode: ConsolidateMode = Field(
        default=ConsolidateMode.reconsolidate,
        description=(
            "reconsolidate: re-consolidate every session with a turn on the partition's days (a backfill; "
            "an unpartitioned run falls back to pending). pending: every session that is due now "
            "(unconsolidated turns, quiet for min_quiet_seconds, not backing off), whatever its day."
        ),
    )
    session_ids: list[str] = Field(
        default_factory=list,
        description=(
            "Re-consolidate exactly these sessions (in `namespace`, default 'default'), ignoring mode and partition."
        ),
    )
    namespace: str | None = Field(default=None, description="Only this namespace (default: all).")
    min_quiet_seconds: int | None = Field(
        default=None,
        ge=0,
        description=("pending mode: seconds a session must be quiet (default: consolidate.min_quiet_seconds)."),
    )

    @field_validator("session_ids")
    @classmethod
    def _ids_not_blank(cls, value: list[str]) -> list[str]:
        if any(not v.strip() for v in value):
            raise ValueError("session_ids: a session id must not be empty")
        return value

    @field_validator("namespace")
    @classmethod
    def _namespace_not_blank(cls, value: str | None) -> str | None:
        if value is not None and not value.strip():
            raise ValueError("namespace: must not be empty (leave it unset for all namespaces)")
        return value


@dg.op(description="Embed every newly staged turn into a provisional row (one realtime tick).")
def realtime_tick(
    context: dg.OpExecutionContext, config: RealtimeOpConfig, store: StoreResource
) -> dg.Output[dict[str, Any]]:
    with store.open() as s:
        lag_before = s.status()["realtime_lag_seconds"]
        report = run_realtime(
            s,
            batch_size=config.batch_size,
            max_batches=config.max_batches,
            on_batch=lambda n: context.log.debug(f"embedded a batch of {n} turns"),
        )
        after = s.status()
    context.log.info(
        f"embedded {report.turns_embedded} turns in {report.batches} batches "
        f"({report.seconds:.2f}s); oldest pending turn had waited {lag_before}s"
    )
    context.log_event(dg.AssetObservation(asset_key=MEMORY_ASSET_KEY, metadata=tier_metadata(after)))
    metadata = {
        "turns_embedded": report.turns_embedded,
        "batches": report.batches,
        "seconds": round(report.seconds, 3),
        "turns_per_second": round(report.turns_per_second, 1),
        "realtime_lag_seconds_before": lag_before,
        "realtime_lag_seconds_after": after["realtime_lag_seconds"],
        **tier_metadata(after),
    }
    return dg.Output(report.to_dict(), metadata=metadata)


def partition_days(context: dg.OpExecutionContext) -> list[Any]:
    """The UTC days this run covers: one partition, a range of them, or none."""
    if not context.has_partitions:
        return []
    return [parse_day(key, "partition key") for key in context.partition_keys]


def _consolidate(
    context: dg.OpExecutionContext, config: ConsolidateOpConfig, s: Any, consolidator: Any
) -> tuple[ConsolidateReport, str]:
    """Pick the sessions this run covers and consolidate them; returns the report and the scope."""

    def progress(ns: str, sid: str, outcome: str) -> None:
        context.log.debug(f"{outcome}: {ns}/{sid}")

    if config.session_ids:
        ns = config.namespace or s.config.namespace  # the deployment's tenant, as on the command line
        sessions = [(ns, sid) for sid in dict.fromkeys(config.session_ids)]
        return run_backfill(s, sessions, consolidator=consolidator, on_session=progress), "session_ids"
    days = partition_days(context)
    if days and config.mode is ConsolidateMode.reconsolidate:
        sessions = sessions_on_days(s, days, namespace=config.namespace)
        context.log.info(f"re-consolidating {len(sessions)} sessions with a turn on {days[0]}..{days[-1]}")
        return run_backfill(s, sessions, consolidator=consolidator, on_session=progress), "reconsolidate"
    report = run_consolidate(
        s,
        namespace=config.namespace,
        min_quiet_seconds=config.min_quiet_seconds,
        consolidator=consolidator,
        on_session=progress,
    )
    return report, "pending"


@dg.op(description="Consolidate whole sessions and swap their provisional rows for consolidated ones.")
def consolidate_sessions(
    context: dg.OpExecutionContext,
    config: ConsolidateOpConfig,
    store: StoreResource,
    consolidator: ConsolidatorResource,
) -> dg.Output[dict[str, Any]]:
    with store.open() as s:
        report, scope = _consolidate(context, config, s, consolidator.build())
        after = s.status()
    context.log.info(
        f"{scope}: consolidated {report.sessions_consolidated} sessions ({report.episodes} "
        f"episodes, {report.facts} facts); failed {report.sessions_failed}; "
        f"skipped {report.sessions_skipped} ({report.seconds:.2f}s)"
    )
    for failure in report.failures[:MAX_FAILURES_SHOWN]:
        context.log.warning(f"failed {failure['namespace']}/{failure['session_id']}: {failure['error']}")
    context.log_event(dg.AssetObservation(asset_key=MEMORY_ASSET_KEY, metadata=tier_metadata(after)))
    days = partition_days(context)
    metadata = {
        "scope": scope,
        "days": f"{days[0]}..{days[-1]}" if days else "none",
        "sessions_consolidated": report.sessions_consolidated,
        "sessions_failed": report.sessions_failed,
        "sessions_skipped": report.sessions_skipped,
        "episodes": report.episodes,
        "facts": report.facts,
        "seconds": round(report.seconds, 3),
        "failures": dg.MetadataValue.json(report.failures[:MAX_FAILURES_SHOWN]),
        **tier_metadata(after),
    }
    return dg.Output(report.to_dict(), metadata=metadata)


def daily_partitions(cfg: Config) -> dg.DailyPartitionsDefinition:
    """One partition per UTC day from ``consolidate.partition_start`` up to today (included)."""
    return dg.DailyPartitionsDefinition(start_date=cfg.consolidate.partition_start, timezone="UTC", end_offset=1)


def build_realtime_job(cfg: Config) -> dg.JobDefinition:
    @dg.job(
        name=REALTIME_JOB,
        tags={TIER_TAG: "realtime"},
        executor_def=dg.in_process_executor,
        config={"ops": {"realtime_tick": {"config": {"batch_size": cfg.realtime.batch_size}}}},
        description="One realtime tick: staged turns -> provisional rows (exactly once, SKIP LOCKED).",
    )
    def realtime_job() -> None:
        realtime_tick()

    return realtime_job


def build_consolidate_job(cfg: Config) -> dg.JobDefinition:
    defaults = {"mode": ConsolidateMode.reconsolidate.value, "min_quiet_seconds": cfg.consolidate.min_quiet_seconds}

    @dg.job(
        name=CONSOLIDATE_JOB,
        tags={TIER_TAG: "consolidate"},
        executor_def=dg.in_process_executor,
        partitions_def=daily_partitions(cfg),
        config={"ops": {"consolidate_sessions": {"config": defaults}}},
        description="Consolidate the sessions of a UTC day (or a range of days); re-running supersedes, "
        "never duplicates.",
    )
    def consolidate_job() -> None:
        consolidate_sessions()

    return consolidate_job
