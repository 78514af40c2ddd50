"""Dagster wiring: ops and jobs, resources, schedules, asset checks, and the `tiermem dev` supervisor.

Definitions are built in one place only, ``pipelines/definitions.py``.
"""
