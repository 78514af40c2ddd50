"""The tiermem assets and the jobs that materialize them (thin wrappers around the pipeline).

Lineage: ``tiermem/staged_turns`` (external: ``tiermem ingest``, ``stage``, MCP)
-> ``tiermem/provisional_memory`` (``realtime_job``: one realtime tick)
-> ``tiermem/consolidated_memory`` (``consolidate_job``: one partition per UTC day).

A consolidate partition means "the sessions with a turn on that day"; a run over
a range of partitions (``context.partition_keys``; a backfill is one run, see
``BackfillPolicy.single_run``) handles every day in it, each session once, and
materializes every partition of the range. A day without turns materializes
too, with ``sessions_on_days: 0``: it was looked at, it is not a gap. A run in
which a session failed fails (so does its partition) after committing the
sessions that succeeded (invariant 8). Each step attaches what it did as
materialization metadata, rows per tier included (plotted over time).
"""

import enum
from collections.abc import Iterator
from typing import Any

import dagster as dg
from pydantic import Field, field_validator

from memory_sink import health
from memory_sink.config import Config
from memory_sink.errors import InputError

from ..backfill import distinct_sessions, parse_day, run_backfill, sessions_per_day
from ..consolidate import ConsolidateReport, run_consolidate
from ..realtime import run_realtime
from ..shards import Shard
from .checks import RETIRED_SHARE, check_result, retired_share_spec, retired_verdict, tier_metadata
from .keys import (
    CONSOLIDATE_JOB,
    CONSOLIDATE_OP,
    CONSOLIDATED_MEMORY,
    GROUP,
    PROVISIONAL_MEMORY,
    REALTIME_JOB,
    REALTIME_OP,
    STAGED_TURNS,
    TIER_TAG,
    AssetJob,
)
from .resources import ConsolidatorResource, StoreResource

MAX_FAILURES_SHOWN = 20
MAX_DAYS_SHOWN = 100  # days with turns itemized in a run's metadata
STAGED_TURNS_SPEC = dg.AssetSpec(
    STAGED_TURNS,
    group_name=GROUP,
    kinds={"postgres"},
    description="`memory_staging`: every turn as it was staged (the log). Written outside Dagster by "
    "tiermem ingest, MemoryStore.stage and the MCP server; observed by each realtime tick.",
)


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
            "Re-consolidate exactly these sessions (in `namespace`, default the deployment's), ignoring mode and partition."
        ),
    )
    namespace: str | None = Field(default=None, description="Only this namespace (default: all).")
    shard: str | None = Field(
        default=None,
        description=(
            "INDEX/COUNT, e.g. 0/2: only this worker's share of the sessions (a stable hash of namespace and "
            "session). Launch COUNT runs, shards 0..COUNT-1, to consolidate disjoint sessions in parallel."
        ),
    )
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

    @field_validator("shard")
    @classmethod
    def _shard_parses(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                Shard.parse(value)
            except InputError as exc:  # pydantic reports ValueErrors as the field's error
                raise ValueError(str(exc)) from None
        return value

    @field_validator("namespace")
    @classmethod
    def _namespace_not_blank(cls, value: str | None) -> str | None:
        if value is not None and not value.strip():
            raise ValueError("namespace: must not be empty (leave it unset for all namespaces)")
        return value


@dg.multi_asset(
    name=REALTIME_OP,
    specs=[
        dg.AssetSpec(
            PROVISIONAL_MEMORY,
            deps=[STAGED_TURNS],
            group_name=GROUP,
            kinds={"postgres"},
            description="Provisional rows of `memory`: each staged turn embedded as it arrives (realtime "
            "tier), until its session is consolidated. Materialized by realtime_job.",
        )
    ],
    description="Embed every newly staged turn into a provisional row (one realtime tick).",
)
def realtime_tick(
    context: dg.AssetExecutionContext, config: RealtimeOpConfig, store: StoreResource
) -> dg.MaterializeResult:
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
        f"({report.seconds:.2f}s); oldest pending turn had waited {lag_before or 0}s"
    )
    tiers = tier_metadata(after)
    context.log_event(
        dg.AssetObservation(
            asset_key=STAGED_TURNS,
            metadata={"pending_turns": tiers["pending_turns"], "realtime_lag_seconds": tiers["realtime_lag_seconds"]},
        )
    )
    metadata = {
        "turns_embedded": report.turns_embedded,
        "batches": report.batches,
        "seconds": round(report.seconds, 3),
        "turns_per_second": round(report.turns_per_second, 1),
        "realtime_lag_seconds_before": float(lag_before or 0),
        **tiers,
    }
    return dg.MaterializeResult(asset_key=PROVISIONAL_MEMORY, metadata=metadata)


def partition_days(context: dg.AssetExecutionContext) -> list[Any]:
    """The UTC days this run covers: one partition, a range of them, or none."""
    if not (context.has_partition_key or context.has_partition_key_range):
        return []
    return [parse_day(key, "partition key") for key in context.partition_keys]


def _consolidate(
    context: dg.AssetExecutionContext,
    config: ConsolidateOpConfig,
    s: Any,
    consolidator: Any,
    days: list[Any],
    on_days: list[tuple[str, str]],
) -> tuple[ConsolidateReport, str]:
    """Consolidate the sessions this run covers; returns the report and the scope."""

    def progress(ns: str, sid: str, outcome: str) -> None:
        context.log.debug(f"{outcome}: {ns}/{sid}")

    if config.session_ids:
        ns = config.namespace or s.config.namespace  # the deployment's tenant, as on the command line
        sessions = [(ns, sid) for sid in dict.fromkeys(config.session_ids)]
        return run_backfill(s, sessions, consolidator=consolidator, on_session=progress), "session_ids"
    if days and config.mode is ConsolidateMode.reconsolidate:
        sessions = on_days
        if config.shard:
            shard = Shard.parse(config.shard)
            sessions = [pair for pair in sessions if shard.owns(*pair)]
        context.log.info(f"re-consolidating {len(sessions)} sessions with a turn on {days[0]}..{days[-1]}")
        return run_backfill(s, sessions, consolidator=consolidator, on_session=progress), "reconsolidate"
    report = run_consolidate(
        s,
        namespace=config.namespace,
        min_quiet_seconds=config.min_quiet_seconds,
        consolidator=consolidator,
        on_session=progress,
        shard=Shard.parse(config.shard) if config.shard else None,
    )
    return report, "pending"


def _run_metadata(report: ConsolidateReport, scope: str, per_day: dict[Any, list[tuple[str, str]]]) -> dict[str, Any]:
    """What a run did; every partition of a ranged run shows the same, so days are itemized."""
    days = list(per_day)
    busy = {str(day): len(keys) for day, keys in per_day.items() if keys}
    return {
        "scope": scope,
        "days": f"{days[0]}..{days[-1]}" if days else "none",
        "sessions_on_days": len(distinct_sessions(per_day)),  # 0: days without turns, looked at (not a gap)
        "days_without_turns": len(days) - len(busy),
        "sessions_per_day": dg.MetadataValue.json(dict(list(busy.items())[:MAX_DAYS_SHOWN])),
        "sessions_consolidated": report.sessions_consolidated,
        "sessions_failed": report.sessions_failed,
        "sessions_skipped": report.sessions_skipped,
        "episodes": report.episodes,
        "facts": report.facts,
        "seconds": round(report.seconds, 3),
        "failures": dg.MetadataValue.json(report.failures[:MAX_FAILURES_SHOWN]),
        "turns_read_in_part": len(report.read_in_part),  # longer than consolidate.max_turn_chars
    }


def consolidate_step(
    context: dg.AssetExecutionContext, config: ConsolidateOpConfig, store: StoreResource, consolidator: Any
) -> Iterator[dg.MaterializeResult | dg.AssetCheckResult]:
    """The consolidate asset's body: consolidate, then materialize, or fail naming the failed sessions."""
    days = partition_days(context)
    with store.open() as s:
        with s.connection() as conn:
            started, active_before = health.active_facts_now(conn, config.namespace)
        per_day = sessions_per_day(s, days, namespace=config.namespace)
        report, scope = _consolidate(context, config, s, consolidator, days, distinct_sessions(per_day))
        with s.connection() as conn:
            retired = health.facts_retired_since(conn, started, config.namespace)
        after = s.status()
        limit = s.config.consolidate.retired_share_alert
    context.log.info(
        f"{scope}: consolidated {report.sessions_consolidated} sessions ({report.episodes} "
        f"episodes, {report.facts} facts); failed {report.sessions_failed}; "
        f"skipped {report.sessions_skipped} ({report.seconds:.2f}s)"
    )
    metadata = {**_run_metadata(report, scope, per_day), **tier_metadata(after)}
    if report.sessions_failed:
        for failure in report.failures[:MAX_FAILURES_SHOWN]:
            context.log.error(f"failed {failure['namespace']}/{failure['session_id']}: {failure['error']}")
        # The sessions that succeeded are committed (invariant 8); the failed ones keep their
        # provisional rows and back off. Failing the step marks the run and its partitions failed.
        raise dg.Failure(
            description=f"{report.sessions_failed} of {report.sessions_failed + report.sessions_consolidated} "
            "sessions failed to consolidate; the others were consolidated and are kept",
            metadata=metadata,
            allow_retries=False,
        )
    yield dg.MaterializeResult(asset_key=CONSOLIDATED_MEMORY, metadata=metadata)
    yield check_result(
        retired_verdict(retired, active_before, limit),
        dg.AssetCheckSeverity.ERROR,
        asset_key=CONSOLIDATED_MEMORY,
        check_name=RETIRED_SHARE,
    )


def build_consolidated_memory(cfg: Config, partitions_def: dg.PartitionsDefinition) -> dg.AssetsDefinition:
    @dg.multi_asset(
        name=CONSOLIDATE_OP,
        specs=[
            dg.AssetSpec(
                CONSOLIDATED_MEMORY,
                deps=[PROVISIONAL_MEMORY],
                group_name=GROUP,
                kinds={"postgres"},
                partitions_def=partitions_def,
                description="Consolidated rows of `memory`: the episodes, their passages (what recall returns) and "
                "the facts of the sessions with a turn on each UTC day, replacing their provisional rows. "
                "Materialized by consolidate_job.",
            )
        ],
        partitions_def=partitions_def,
        # A ranged backfill is one run: sessions spanning days are consolidated once, and
        # the model/store start-up is paid once, not per day.
        backfill_policy=dg.BackfillPolicy.single_run(),
        check_specs=[retired_share_spec(cfg)],
        description="Consolidate whole sessions and swap their provisional rows for consolidated ones.",
    )
    def consolidate_sessions(
        context: dg.AssetExecutionContext,
        config: ConsolidateOpConfig,
        store: StoreResource,
        consolidator: ConsolidatorResource,
    ) -> Iterator[dg.MaterializeResult | dg.AssetCheckResult]:
        yield from consolidate_step(context, config, store, consolidator.build())

    return consolidate_sessions


def build_realtime_job(cfg: Config) -> AssetJob:
    return dg.define_asset_job(
        REALTIME_JOB,
        selection=dg.AssetSelection.assets(PROVISIONAL_MEMORY),
        tags={TIER_TAG: "realtime"},
        executor_def=dg.in_process_executor,
        config={"ops": {REALTIME_OP: {"config": {"batch_size": cfg.realtime.batch_size}}}},
        description="One realtime tick: staged turns -> provisional rows (exactly once, SKIP LOCKED), "
        "then the provisional_memory checks.",
    )


def build_consolidate_job(cfg: Config) -> AssetJob:
    defaults = {"mode": ConsolidateMode.reconsolidate.value, "min_quiet_seconds": cfg.consolidate.min_quiet_seconds}
    return dg.define_asset_job(
        CONSOLIDATE_JOB,
        selection=dg.AssetSelection.assets(CONSOLIDATED_MEMORY),
        tags={TIER_TAG: "consolidate"},
        executor_def=dg.in_process_executor,
        config={"ops": {CONSOLIDATE_OP: {"config": defaults}}},
        description="Consolidate the sessions of a UTC day (or a range of days); re-running supersedes, "
        "never duplicates. Then the consolidated_memory checks.",
    )
