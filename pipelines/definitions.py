"""The Dagster definitions of tiermem: the one wiring file.

Loaded by ``dagster-webserver``, ``dagster-daemon``, ``dagster dev`` and
``dagster job backfill`` through ``workspace.yaml`` (location ``tiermem``), or
directly with ``-m pipelines.definitions``. The deployment is the YAML file
``TIERMEM_CONFIG`` names (else ``memory_sink/configs/default.yaml``); loading it only
reads and validates the file — the database opens inside runs.
"""

from __future__ import annotations

import os

import dagster as dg

from memory_sink.config import Config, load_config

from .orchestration.checks import build_asset_checks, build_health_job, build_health_schedule
from .orchestration.ops import (
    STAGED_TURNS_SPEC,
    build_consolidate_job,
    build_consolidated_memory,
    build_realtime_job,
    realtime_tick,
)
from .orchestration.partitions import daily_partitions, partition_start
from .orchestration.resources import build_resources
from .orchestration.schedules import build_nightly_schedule, build_realtime_schedule

LOCATION_NAME = "tiermem"  # the one code location name, as workspace.yaml declares it


def build_definitions(config: Config | str | os.PathLike[str] | None = None) -> dg.Definitions:
    """Everything Dagster shows for one deployment (a path, a loaded config, or None for the default)."""
    cfg = load_config(config)
    first_day = partition_start(cfg)
    realtime_job, consolidate_job = build_realtime_job(cfg), build_consolidate_job(cfg)
    checks = build_asset_checks(cfg)
    health_job = build_health_job(checks)
    return dg.Definitions(
        assets=[STAGED_TURNS_SPEC, realtime_tick, build_consolidated_memory(cfg, daily_partitions(first_day))],
        asset_checks=checks,
        jobs=[realtime_job, consolidate_job, health_job],
        schedules=[
            build_realtime_schedule(realtime_job, cfg.realtime.schedule),
            build_nightly_schedule(consolidate_job, cfg.consolidate.schedule, first_day),
            build_health_schedule(health_job),
        ],
        resources=build_resources(cfg),
        # Also for the runs Dagster builds itself (a backfill from the asset page): one
        # process, one store per step rather than a subprocess and a store per check.
        executor=dg.in_process_executor,
    )


defs = build_definitions()
