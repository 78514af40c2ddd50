"""Schedules: the per-minute realtime tick and the nightly consolidation.

The realtime schedule asks the instance for runs of ``realtime_job`` still
queued or running and skips the tick (with the reason shown in the UI) while
there is one; ``dagster.yaml``'s tag concurrency limit is the second guard.
Overlapping ticks would be safe anyway (``SKIP LOCKED`` claims), just wasteful.

The nightly schedule targets the previous UTC day's partition of
``consolidate_job`` in ``pending`` mode: it consolidates every session that is
due (unconsolidated turns, quiet for ``min_quiet_seconds``, not backing off).
Those are mostly that day's sessions, but also late turns and retries from
earlier days; sessions of that day that were already consolidated are left
alone (re-consolidating them is a backfill's job, the partition's default mode).
"""

from datetime import UTC, datetime, timedelta

import dagster as dg

from memory_sink.errors import ConfigError

from .keys import TIER_TAG, AssetJob

IN_FLIGHT = [
    dg.DagsterRunStatus.QUEUED,
    dg.DagsterRunStatus.NOT_STARTED,
    dg.DagsterRunStatus.STARTING,
    dg.DagsterRunStatus.STARTED,
    dg.DagsterRunStatus.CANCELING,
]
TRIGGER_TAG = "tiermem/trigger"
NIGHTLY_RUN_CONFIG = {"ops": {"consolidate_sessions": {"config": {"mode": "pending"}}}}


def in_flight_runs(instance: dg.DagsterInstance, job_name: str) -> list["dg.RunRecord"]:
    """Runs of ``job_name`` queued, starting, running or being canceled (newest first)."""
    return list(instance.get_run_records(dg.RunsFilter(job_name=job_name, statuses=IN_FLIGHT), limit=5))


def previous_day_partition(scheduled: datetime | None) -> str:
    """The partition key of the UTC day before ``scheduled`` (the last complete day)."""
    when = (scheduled or datetime.now(UTC)).astimezone(UTC)
    return (when - timedelta(days=1)).date().isoformat()


def check_cron(cron: str, key: str) -> str:
    """``cron`` if Dagster accepts it, else a ``ConfigError`` naming the deployment key."""
    # Dagster's own check, through its public API (its validator function is private):
    # a throw-away definition is refused exactly when a real schedule would be.
    try:
        dg.ScheduleDefinition(name="cron_probe", cron_schedule=cron, job_name="cron_probe")
    except dg.DagsterInvalidDefinitionError:
        raise ConfigError(f"{key}: not a valid cron expression: {cron!r} (e.g. '* * * * *')") from None
    return cron


def build_realtime_schedule(job: AssetJob, cron: str) -> dg.ScheduleDefinition:
    check_cron(cron, "realtime.schedule")

    @dg.schedule(
        name="realtime_schedule",
        job=job,
        cron_schedule=cron,
        execution_timezone="UTC",
        default_status=dg.DefaultScheduleStatus.STOPPED,
        description=f"Run {job.name} on '{cron}' (realtime.schedule); skips while one is in flight.",
    )
    def realtime_schedule(context: dg.ScheduleEvaluationContext) -> dg.RunRequest | dg.SkipReason:
        busy = in_flight_runs(context.instance, job.name)
        if busy:
            run = busy[0].dagster_run
            return dg.SkipReason(
                f"a {job.name} run is still in flight ({run.run_id[:8]}, {run.status.value}); skipping this tick"
            )
        return dg.RunRequest(tags={TRIGGER_TAG: "schedule", TIER_TAG: "realtime"})

    return realtime_schedule


def build_nightly_schedule(job: AssetJob, cron: str, first_partition: str) -> dg.ScheduleDefinition:
    check_cron(cron, "consolidate.schedule")

    @dg.schedule(
        name="consolidate_nightly_schedule",
        job=job,
        cron_schedule=cron,
        execution_timezone="UTC",
        default_status=dg.DefaultScheduleStatus.STOPPED,
        description=f"Run {job.name} on '{cron}' (consolidate.schedule) for the previous UTC day, "
        "consolidating every session that is due.",
    )
    def consolidate_nightly_schedule(context: dg.ScheduleEvaluationContext) -> dg.RunRequest | dg.SkipReason:
        key = previous_day_partition(context.scheduled_execution_time)
        if key < first_partition:
            return dg.SkipReason(f"{key} is before consolidate.partition_start ({first_partition})")
        return dg.RunRequest(
            partition_key=key, run_config=NIGHTLY_RUN_CONFIG, tags={TRIGGER_TAG: "schedule", TIER_TAG: "consolidate"}
        )

    return consolidate_nightly_schedule
