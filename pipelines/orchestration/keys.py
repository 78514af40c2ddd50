"""The names Dagster shows for tiermem: asset keys, the asset group, job and tag names.

One module so the assets, checks, jobs and schedules agree on them without
importing each other.
"""

from typing import Any

import dagster as dg

GROUP = "tiermem"
STAGED_TURNS = dg.AssetKey(["tiermem", "staged_turns"])  # written outside Dagster (ingest, stage, MCP)
PROVISIONAL_MEMORY = dg.AssetKey(["tiermem", "provisional_memory"])  # realtime_job
CONSOLIDATED_MEMORY = dg.AssetKey(["tiermem", "consolidated_memory"])  # consolidate_job, one partition per UTC day

TIER_TAG = "tiermem/tier"  # dagster.yaml limits in-flight runs per value of this tag
REALTIME_JOB = "realtime_job"
CONSOLIDATE_JOB = "consolidate_job"
HEALTH_JOB = "health_job"
# The op names, which run config is keyed by (`ops: {consolidate_sessions: ...}`): renaming
# one would break every saved run config and launchpad preset that names it.
REALTIME_OP = "realtime_tick"
CONSOLIDATE_OP = "consolidate_sessions"

# What ``dagster.define_asset_job`` returns: a job resolved when ``Definitions`` is
# built. Its class lives in a private Dagster module, so it is named here only.
AssetJob = Any
