"""``tiermem stage`` and ``tiermem ingest``: turns in, one from the command line or many from JSON Lines."""

from __future__ import annotations

import itertools
import json
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import click
import psycopg

from memory_sink.db import describe
from memory_sink.errors import TiermemError, redact
from memory_sink.types import StageReport

from . import output
from .options import (
    IntRange,
    checked_namespace,
    config_option,
    examples,
    json_option,
    namespace_option,
    open_store,
    progress_option,
)


@click.command(
    epilog=examples(
        'tiermem stage --session s1 --role user "We use Redis for the job queue."',
        'echo "long text" | tiermem stage --session s1 --role assistant -',
    )
)
@config_option
@namespace_option
@click.option("--session", "session_id", required=True, help="Session id.")
@click.option("--role", required=True, help="user, assistant, system or tool (human and ai mean user and assistant).")
@click.option("--ts", default=None, help="ISO 8601 time of the turn (default: now; no offset = UTC).")
@click.option("--seq", type=int, default=None, help="Position in the session (makes re-staging idempotent).")
@click.option("--metadata", default=None, help="A JSON object stored with the turn.")
@click.argument("text")
def stage(
    config_path: str | None,
    namespace: str,
    session_id: str,
    role: str,
    ts: str | None,
    seq: int | None,
    metadata: str | None,
    text: str,
) -> None:
    """Stage one turn (TEXT, or - to read it from stdin); prints its event id."""
    if text == "-":  # a byte order mark (Windows tools write one) is not part of the turn
        text = sys.stdin.read().removeprefix("\ufeff")
    meta = _parse_json_object(metadata, "--metadata") if metadata else None
    with open_store(config_path) as store:
        click.echo(store.stage(session_id, role, text, namespace=namespace, ts=ts, seq=seq, metadata=meta))


def _parse_json_object(text: str, name: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, a 5000-digit number, [[[[...
        raise click.BadParameter(f"not valid JSON: {exc}", param_hint=name) from None
    if not isinstance(value, dict):
        raise click.BadParameter("expected a JSON object", param_hint=name)
    return value


@click.command(
    epilog=examples(
        "tiermem ingest turns.jsonl",
        "cat turns.jsonl | tiermem ingest - --json",
        "tiermem ingest --skip 5000 turns.jsonl",
        "tiermem ingest turns.jsonl --namespace alice",
    )
)
@config_option
@json_option
@click.option(
    "--namespace",
    "-n",
    default=None,
    callback=checked_namespace,
    help="Stage every line here (default: a line's own namespace, else the deployment's); "
    "a line naming another namespace is rejected.",
)
@click.option(
    "--skip",
    type=IntRange(min=0),
    default=0,
    show_default=True,
    help="Skip the first N lines: resume where a failed ingest stopped (lines keep their numbers).",
)
@progress_option
@click.argument("file", type=click.File("r", encoding="utf-8", errors="surrogateescape"))
def ingest(
    config_path: str | None, as_json: bool, namespace: str | None, skip: int, progress: bool | None, file: Any
) -> None:
    """Stage turns from JSON Lines (FILE, or - for stdin).

    One object per line with session_id, role, content and optional namespace,
    ts, seq, metadata. A bad line is reported with its number and does not stop
    the rest. If the input cannot be read (or the database fails) part way, the
    lines read before are committed and the command says where to resume.
    """
    report = StageReport(committed_through=skip)
    shown = sys.stderr.isatty() if progress is None else progress
    with open_store(config_path) as store:
        try:
            with _counted(itertools.islice(file, skip, None), shown) as lines:  # closed before any line below
                store.ingest_jsonl(lines, first_line=skip + 1, report=report, namespace=namespace)
        except Exception as exc:
            _print_ingest(report, as_json, failed=True)
            raise IngestStopped(f"{_reason(exc)}; {_progress(report, skip, file)}") from exc
        except BaseException:  # Ctrl-C or SIGTERM: the app says which; this says where to resume
            _print_ingest(report, as_json, failed=True)
            click.echo(f"tiermem: ingest interrupted; {_progress(report, skip, file)}", err=True)
            raise
    _print_ingest(report, as_json)
    if report.rejected and not report.inserted and not report.duplicates:
        sys.exit(2)


@contextmanager
def _counted(lines: Iterable[str], enabled: bool) -> Iterator[Iterable[str]]:
    """``lines``, counted on stderr as they are read when ``enabled``: a million lines stage in minutes (~2,000
    a second here), and stdin has no length to show a share of."""
    if not enabled:
        yield lines
        return
    from tqdm import tqdm

    with tqdm(lines, unit=" lines", desc="ingest", file=sys.stderr, dynamic_ncols=True) as bar:
        yield bar


class IngestStopped(TiermemError):
    """An ingest failed part way: why, how far it got and how to resume."""


def _reason(exc: Exception) -> str:
    if isinstance(exc, TiermemError):
        return str(exc)
    if isinstance(exc, psycopg.Error):
        return f"database: {redact(describe(exc))}"
    return f"{type(exc).__name__}: {redact(str(exc))}"


def _progress(report: StageReport, skip: int, file: Any) -> str:
    """How far a failed ingest got, and the option that resumes it."""
    name, done = getattr(file, "name", "-"), report.committed_through
    name = "stdin" if name in ("-", "<stdin>") else name
    if done > skip:
        return f"lines {skip + 1} to {done} of {name} are committed; resume with --skip {done}"
    return f"nothing after line {skip} of {name} was committed; resume with --skip {skip}"


def _print_ingest(report: StageReport, as_json: bool, failed: bool = False) -> None:
    if as_json:
        output.emit_json({**report.to_dict(), **({"committed_through": report.committed_through} if failed else {})})
    else:
        click.echo(f"inserted {report.inserted}, duplicates {report.duplicates}, rejected {len(report.rejected)}")
        for r in report.rejected:
            click.echo(f"  line {r.line}: {r.error}", err=True)
