"""The ``tiermem`` command line (entry point ``pipelines.cli:main``)."""

from .app import cli, main

__all__ = ["cli", "main"]
