"""Options and helpers every ``tiermem`` command shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from memory_sink import MemoryStore
from memory_sink.config import load_config


def examples(*commands: str) -> str:
    """A ``--help`` epilog listing command lines to copy (``\\b`` keeps click from rewrapping them)."""
    return "\b\nExamples:\n" + "\n".join(f"  $ {c}" for c in commands)


def config_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--config",
        "config_path",
        type=click.Path(dir_okay=False),
        default=None,
        help="Deployment YAML (default: $TIERMEM_CONFIG, else memory_sink/configs/default.yaml).",
    )(fn)


def json_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--json", "as_json", is_flag=True, help="Print a stable JSON document.")(fn)


def namespace_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--namespace",
        "-n",
        default=None,
        callback=_deployment_namespace,
        help="Tenant namespace; every read and write is scoped by it (default: the deployment's `namespace`).",
    )(fn)


def _deployment_namespace(ctx: click.Context, _param: click.Parameter, value: str | None) -> str:
    """An unset --namespace is the deployment's; click handles it after any --config given."""
    if value is not None:
        return value
    return load_config(ctx.params.get("config_path")).namespace


def open_store(config_path: str | None) -> MemoryStore:
    return MemoryStore.open(config_path)
