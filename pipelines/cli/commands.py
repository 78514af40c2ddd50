"""The core commands: stage and ingest turns, run the two tiers, recall, status, the demo."""

from __future__ import annotations

import itertools
import json
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import click
import psycopg

from memory_sink.config import Config, load_config
from memory_sink.db import describe, redact_dsn
from memory_sink.errors import NotFoundError, TiermemError, redact
from memory_sink.types import StageReport
from pipelines.views import speakers

from . import output
from .options import (
    FloatRange,
    IntRange,
    checked_namespace,
    config_option,
    examples,
    json_option,
    namespace_option,
    note_before_first_record,
    note_unknown_namespace,
    open_store,
    progress_option,
    session_progress,
)


@click.command(epilog=examples("tiermem init", "tiermem init --config memory_sink/configs/production.yaml"))
@config_option
@json_option
def init(config_path: str | None, as_json: bool) -> None:
    """Create or migrate the schema (idempotent); start the embedded server if configured."""
    with open_store(config_path) as store:
        embedder = store.embedder  # records the model fingerprint on a new database
        with store.connection() as conn:
            from memory_sink.db import schema_version

            version = schema_version(conn)
        doc = {
            "database": redact_dsn(store.dsn),
            "schema_version": version,
            "embedder": embedder.fingerprint,
            "config": store.config.source,
        }
    if as_json:
        output.emit_json(doc)
    else:
        click.echo(output.kv_table(doc))


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


@click.command(epilog=examples("tiermem realtime", "tiermem realtime --follow --poll-seconds 5"))
@config_option
@json_option
@click.option("--batch-size", type=IntRange(min=1), default=None, help="Turns per transaction.")
@click.option(
    "--follow",
    is_flag=True,
    help="Keep running: embed turns as they are staged (woken by LISTEN/NOTIFY) until SIGINT/SIGTERM.",
)
@click.option(
    "--poll-seconds",
    type=FloatRange(min=0.01),
    default=5.0,
    show_default=True,
    help="With --follow: also drain this often without a notification.",
)
@progress_option
def realtime(
    config_path: str | None,
    as_json: bool,
    batch_size: int | None,
    follow: bool,
    poll_seconds: float,
    progress: bool | None,
) -> None:
    """Run one realtime tick now: embed every pending turn into provisional memory.

    With --follow, run as a long-lived worker instead; any number may run at
    once (claims skip each other's locked rows), next to the scheduled ticks.
    """

    if follow:
        _follow(config_path, as_json, batch_size, poll_seconds)
        return
    with open_store(config_path) as store:
        report = _realtime_with_progress(store, batch_size, sys.stderr.isatty() if progress is None else progress)
    if as_json:
        output.emit_json(report.to_dict())
    else:
        click.echo(
            f"embedded {report.turns_embedded} turns in {report.batches} batches "
            f"({report.seconds:.2f}s, {report.turns_per_second:.0f} turns/s)"
        )


def _realtime_with_progress(store: Any, batch_size: int | None, enabled: bool) -> Any:
    """One realtime tick, counting embedded turns against those pending when it started."""
    from tqdm import tqdm

    from ..realtime import run_realtime

    total = store.status()["pending_turns"] if enabled else 0
    with tqdm(
        total=total, unit="turn", desc="realtime", file=sys.stderr, disable=not enabled, dynamic_ncols=True
    ) as bar:
        return run_realtime(store, batch_size=batch_size, on_batch=bar.update)


def _follow(config_path: str | None, as_json: bool, batch_size: int | None, poll_seconds: float) -> None:
    import threading

    from ..follow import run_follow, stop_on_signals

    stop = threading.Event()
    with open_store(config_path) as store, stop_on_signals(stop):
        report = run_follow(
            store,
            batch_size=batch_size,
            poll_seconds=poll_seconds,
            stop=stop,
            on_ready=lambda: click.echo(
                "following: embedding turns as they are staged (SIGINT/SIGTERM stops)", err=True
            ),
        )
    if as_json:
        output.emit_json(report.to_dict())
    else:
        click.echo(
            f"embedded {report.turns_embedded} turns in {report.batches} batches "
            f"({report.wakeups} wake-ups, {report.polls} polls, {report.seconds:.1f}s)"
        )


@click.command(
    epilog=examples(
        "tiermem consolidate --min-quiet 0",
        "tiermem consolidate --session s1 --namespace acme",
        "tiermem consolidate --shard 0/2 & tiermem consolidate --shard 1/2",
    )
)
@config_option
@json_option
@click.option("--session", "session_id", default=None, help="Only this session (ignores its retry backoff).")
@click.option("--namespace", "-n", default=None, callback=checked_namespace, help="Only this namespace.")
@click.option(
    "--min-quiet",
    "min_quiet",
    type=IntRange(min=0),
    default=None,
    help="Seconds a session must be quiet (0 = everything pending).",
)
@click.option(
    "--shard",
    default=None,
    metavar="INDEX/COUNT",
    help="Only this worker's share of the sessions (e.g. 0/2 and 1/2: two workers, disjoint sessions).",
)
@progress_option
def consolidate(
    config_path: str | None,
    as_json: bool,
    session_id: str | None,
    namespace: str | None,
    min_quiet: int | None,
    shard: str | None,
    progress: bool | None,
) -> None:
    """Consolidate eligible sessions now; exits 1 if any session failed (it is retried later)."""
    from ..consolidate import run_consolidate
    from ..shards import Shard

    part = Shard.parse(shard) if shard else None
    shown = sys.stderr.isatty() if progress is None else progress
    with open_store(config_path, namespace) as store, session_progress("consolidate", enabled=shown) as bar:
        report = run_consolidate(
            store,
            session=session_id,
            namespace=namespace,
            min_quiet_seconds=min_quiet,
            shard=part,
            on_session=bar.on_session if bar else None,
            on_total=bar.on_total if bar else None,
        )
        done = report.sessions_consolidated + report.sessions_failed + report.sessions_skipped
        if session_id is not None and not done and not store.tiers.session_known(namespace, session_id):
            where = "any namespace" if namespace is None else f"namespace {namespace!r}"
            raise NotFoundError(f"no session {session_id!r} in {where} (nothing was ever staged under that id)")
    if as_json:
        output.emit_json(report.to_dict())
    else:
        output.consolidation_summary(report)
    if report.sessions_failed:
        sys.exit(1)


def _split_kinds(value: str | None) -> list[str] | None:
    return [k.strip() for k in value.split(",") if k.strip()] if value else None


@click.command(
    epilog=examples(
        'tiermem recall "which queue do we use?"',
        'tiermem recall "where does the user live?" --kind fact --as-of 2026-02-15',
    )
)
@config_option
@json_option
@namespace_option
@click.option("--k", "k", type=IntRange(1, 1000), default=10, show_default=True, help="How many results.")
@click.option(
    "--as-of",
    default=None,
    help="ISO time: what tiermem believed then (by when it recorded each memory, not when a fact became true).",
)
@click.option(
    "--kind", "kinds", default=None, help="Comma-separated: turn,passage,episode,fact (default: turn,passage,fact)."
)
@click.option("--all-versions", is_flag=True, help="Include superseded memories.")
@click.argument("query")
def recall(
    config_path: str | None,
    as_json: bool,
    namespace: str,
    k: int,
    as_of: str | None,
    kinds: str | None,
    all_versions: bool,
    query: str,
) -> None:
    """What the agent should see now (or as of a time), best first.

    Order is a fusion of vector and lexical rank; the cosine column is the
    memory's similarity to the query (so it need not decrease down the list).
    """
    with open_store(config_path) as store:
        found = store.recall(
            query, namespace=namespace, k=k, as_of=as_of, kinds=_split_kinds(kinds), all_versions=all_versions
        )
        if not found:
            note_unknown_namespace(store, namespace)
            note_before_first_record(store, namespace, as_of)
        if as_json:
            output.emit_json({"query": query, "results": [m.to_dict() for m in found]})
            return
        said_by = speakers(store, found, namespace)
    click.echo(output.memory_table(found, with_score=True, said_by=said_by))
    if found:
        click.echo(output.RANKING_NOTE)


@click.command(epilog=examples("tiermem status", "tiermem status --json"))
@config_option
@json_option
@click.option("--namespace", "-n", default=None, callback=checked_namespace, help="Only this namespace (default: all).")
def status(config_path: str | None, as_json: bool, namespace: str | None) -> None:
    """Pending turns, rows per tier, sessions awaiting or failing consolidation, lag."""
    check_consolidator_options(load_config(config_path))  # before the database: a bad file needs none
    with open_store(config_path) as store:
        doc = store.status(namespace)
        if not doc["staged_turns"]:
            note_unknown_namespace(store, namespace)
    if as_json:
        output.emit_json(doc)
        return
    click.echo(output.kv_table(doc))
    if doc["failing"]:
        click.echo("\nfailing sessions:")
        rows = [
            (
                f["namespace"],
                f["session_id"],
                f["attempts"],
                "parked" if f["parked"] else f["next_retry_at"],
                f["last_error"],
            )
            for f in doc["failing"]
        ]
        click.echo(output.table(rows, ["namespace", "session", "attempts", "next retry", "last error"], flex=4))


def check_consolidator_options(config: Config) -> None:
    """Refuse the consolidator and judge options ``consolidate`` would refuse (bar the environment's).

    The consolidators load in seconds, so only when the file gives options: with none, the kinds that
    take none (``extractive``, ``passthrough``) and the rules judge have nothing to check.
    """
    spec = config.consolidate.consolidator
    if spec.options or spec.kind in ("llm", "callable") or config.supersession.judge != "rules":
        from pipelines.consolidate import check_consolidator

        check_consolidator(config)


@click.command(epilog=examples("tiermem demo", "tiermem demo --data-dir /tmp/tiermem-demo"))
@config_option
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False),
    default=None,
    help="Run on a fresh embedded database in this directory (default: the configured one).",
)
def demo(config_path: str | None, data_dir: str | None) -> None:
    """The whole pipeline end to end on the embedded default, narrated; ends with commands to paste."""
    started = time.perf_counter()  # before the import that loads the extraction models: the user waits for it
    from .demo import run_demo

    run_demo(config_path, data_dir=data_dir, started=started)


COMMANDS = (init, stage, ingest, realtime, consolidate, recall, status, demo)
