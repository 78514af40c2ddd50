"""CLI commands that run the pipeline over many days or under Dagster: ``backfill``, ``dev``."""

from __future__ import annotations

import sys

import click

from . import output
from .options import (
    IntRange,
    checked_namespace,
    config_option,
    examples,
    json_option,
    note_unknown_namespace,
    open_store,
    session_progress,
)


@click.command(
    epilog=examples(
        "tiermem backfill --from 2024-03-01 --to 2024-03-03",
        "tiermem backfill --from 2024-03-01 --to 2024-03-01 --namespace acme --json",
    )
)
@config_option
@json_option
@click.option("--from", "start", required=True, metavar="DATE", help="First UTC day, YYYY-MM-DD.")
@click.option("--to", "end", required=True, metavar="DATE", help="Last UTC day, YYYY-MM-DD (included).")
@click.option("--namespace", "-n", default=None, callback=checked_namespace, help="Only this namespace (default: all).")
@click.option("--progress/--no-progress", default=True, show_default=True, help="Show a progress bar on stderr.")
def backfill(
    config_path: str | None, as_json: bool, start: str, end: str, namespace: str | None, progress: bool
) -> None:
    """Re-consolidate every session with a turn on the days --from..--to (UTC), in-process.

    Use it after changing the consolidator. Each session's previous consolidated
    version is superseded, never duplicated, so running it twice is safe. The
    same backfill runs from the Dagster UI or `dagster job backfill -j consolidate_job`.
    Exits 1 if any session failed (it keeps its provisional rows and is retried).
    """
    from ..backfill import day_range, run_backfill, sessions_on_days

    days = day_range(start, end)  # InputError (exit 2) before the database is touched
    with open_store(config_path) as store:
        sessions = sessions_on_days(store, days, namespace=namespace)
        if not sessions:
            note_unknown_namespace(store, namespace)
        with session_progress("backfill", enabled=progress, total=len(sessions)) as bar:
            report = run_backfill(store, sessions, on_session=bar.on_session if bar else None)
    doc = {
        "from": days[0].isoformat(),
        "to": days[-1].isoformat(),
        "days": len(days),
        "sessions": len(sessions),
        **report.to_dict(),
    }
    if as_json:
        output.emit_json(doc)
    else:
        heading = f"backfill {doc['from']}..{doc['to']} ({len(days)} days, {len(sessions)} sessions): "
        output.consolidation_summary(report, heading)
    if report.sessions_failed:
        sys.exit(1)


@click.command(epilog=examples("tiermem dev", "tiermem dev --port 3001 --dagster-home /tmp/dagster-home"))
@config_option
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Interface the UI binds to (0.0.0.0 exposes it to the network).",
)
@click.option("--port", type=IntRange(1, 65535), default=3000, show_default=True, help="UI port.")
@click.option(
    "--dagster-home",
    type=click.Path(file_okay=False),
    default=None,
    help="Dagster instance dir (default: $DAGSTER_HOME, else /var/lib/tiermem/dagster as root, "
    "else the user state dir, ~/.local/state/tiermem/dagster; not tied to database.data_dir); "
    "the shipped memory_sink/configs/dagster.yaml is copied in if it has none.",
)
def dev(config_path: str | None, host: str, port: int, dagster_home: str | None) -> None:
    """The Dagster UI + daemon with tiermem's jobs and schedules, on the configured deployment.

    Starts dagster-webserver and dagster-daemon (each in its own process group)
    and stops both cleanly on Ctrl-C or SIGTERM.
    """
    from ..orchestration.dev import run_dev

    status = run_dev(
        config_path, host=host, port=port, dagster_home=dagster_home, echo=lambda line: click.echo(line, err=True)
    )
    if status:
        sys.exit(status)


COMMANDS = (backfill, dev)
