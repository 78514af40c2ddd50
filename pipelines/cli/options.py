"""Options and helpers every ``tiermem`` command shares."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC
from typing import Any

import click

from memory_sink import InputError, MemoryStore
from memory_sink.config import load_config
from memory_sink.errors import NotFoundError
from memory_sink.staging import validate_namespace


def examples(*commands: str) -> str:
    """A ``--help`` epilog listing command lines to copy (``\\b`` keeps click from rewrapping them)."""
    return "\b\nExamples:\n" + "\n".join(f"  $ {c}" for c in commands)


CONFIG_HELP = "Deployment YAML (default: $TIERMEM_CONFIG, else memory_sink/configs/default.yaml)."


def _inherit_config(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``tiermem --config F CMD`` as ``tiermem CMD --config F``; the command's own flag wins."""
    return value if value is not None else ctx.find_root().params.get("config_path")


def config_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--config",
        "config_path",
        type=click.Path(dir_okay=False),
        default=None,
        callback=_inherit_config,
        help=CONFIG_HELP,
    )(fn)


def json_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--json", "as_json", is_flag=True, help="Print a stable JSON document.")(fn)


def progress_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``--progress/--no-progress``, unset (None) unless given: the command shows a bar when stderr is a terminal."""
    return click.option(
        "--progress/--no-progress",
        default=None,
        help="Show a progress bar on stderr (default: when stderr is a terminal).",
    )(fn)


class IntRange(click.IntRange):
    """click's IntRange, but a non-number is called "not a valid integer", not "not a valid integer range"."""

    name = "integer"


class FloatRange(click.FloatRange):
    name = "number"


def checked_namespace(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    """A --namespace the store would refuse is refused before the command starts: ``mcp`` would serve it."""
    if value is None:
        return None
    try:
        return validate_namespace(value)
    except InputError as exc:
        raise click.BadParameter(str(exc).removeprefix("namespace: ")) from None


def namespace_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--namespace",
        "-n",
        default=None,
        callback=_deployment_namespace,
        help="Tenant namespace; every read and write is scoped by it (default: the deployment's `namespace`).",
    )(fn)


def _deployment_namespace(ctx: click.Context, param: click.Parameter, value: str | None) -> str:
    """An unset --namespace is the deployment's; click handles it after any --config given."""
    given = checked_namespace(ctx, param, value)
    if given is not None:
        return given
    return load_config(ctx.params.get("config_path") or ctx.find_root().params.get("config_path")).namespace


def note_unknown_namespace(store: MemoryStore, namespace: str | None) -> None:
    """On stderr, for a command that found nothing: a namespace holding no turn and no memory while others
    do is most likely mistyped, so name the known ones. Stdout (table or JSON) stays as it is."""
    hint = _namespace_hint(store, namespace)
    if hint is not None:
        click.echo(f"tiermem: {hint}", err=True)


def _namespace_hint(store: MemoryStore, namespace: str | None) -> str | None:
    known = store.unknown_namespace(namespace) if namespace is not None else None
    if known is None:
        return None
    names = ", ".join(repr(n) for n in known)
    return f"namespace {namespace!r} holds no turn and no memory; namespaces in use: {names}"


def note_before_first_record(store: MemoryStore, namespace: str, as_of: str | None) -> None:
    """On stderr, for an --as-of read that found nothing before anything was recorded: --as-of reads
    recording time, and a user who imported last month's turns today expects world time."""
    first = store.recorded_after(as_of, namespace) if as_of is not None else None
    if first is not None:
        click.echo(
            f"tiermem: nothing in namespace {namespace!r} was recorded by {as_of} (its first memory was "
            f"recorded {first.astimezone(UTC):%Y-%m-%d %H:%M} UTC); --as-of reads recording time, what tiermem believed then, "
            "not world time: a fact's valid from → to says when it was true",
            err=True,
        )


@contextmanager
def open_store(config_path: str | None, namespace: str | None = None) -> Iterator[MemoryStore]:
    """The deployment's store, closed on exit. With the ``namespace`` a command looked in, a
    ``NotFoundError`` there names the namespaces in use when that one holds nothing (a typo)."""
    with MemoryStore.open(config_path) as store:
        try:
            yield store
        except NotFoundError as exc:
            hint = _namespace_hint(store, namespace)
            if hint is None:
                raise
            raise NotFoundError(f"{exc}; {hint}") from exc


class SessionProgress:
    """A bar on stderr for a consolidation pass: ``on_total`` sets how many sessions it takes, ``on_session``
    (``run_consolidate``'s listener) counts each one with its outcome."""

    def __init__(self, bar: Any) -> None:
        self.bar = bar

    def on_total(self, total: int) -> None:
        self.bar.total = total
        self.bar.refresh()

    def on_session(self, namespace: str, session_id: str, outcome: str) -> None:
        self.bar.set_postfix_str(outcome, refresh=False)
        self.bar.update(1)


@contextmanager
def session_progress(desc: str, *, enabled: bool, total: int | None = None) -> Iterator[SessionProgress | None]:
    """A ``SessionProgress`` while the block runs, or None when not ``enabled``: unwatched, a pass runs its
    sessions in full chunks rather than sized to report every few seconds."""
    if not enabled:
        yield None
        return
    from tqdm import tqdm

    with tqdm(total=total, unit="session", desc=desc, file=sys.stderr, dynamic_ncols=True) as bar:
        yield SessionProgress(bar)
