"""CLI commands that drive Dagster (``backfill``, ``dev``); they register on ``pipelines.cli.cli``."""

from __future__ import annotations
