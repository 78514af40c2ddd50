"""The core commands: init, run the two tiers, recall, status, the demo (turns in: ``turns``; models: ``embedding``)."""

from __future__ import annotations

import sys
import time
from typing import Any

import click

from memory_sink.config import Config, load_config
from memory_sink.db import redact_dsn
from memory_sink.errors import NotFoundError
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
from .turns import ingest, stage


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
