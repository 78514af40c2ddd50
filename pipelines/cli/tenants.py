"""``tiermem tenant-index``: give a large namespace indexes of its own (an HNSW graph, a GIN index), drop them, list them."""

from __future__ import annotations

import click

from memory_sink import tenant_index
from memory_sink.recall import OWN_GRAPH_ABOVE

from . import output
from .options import IntRange, config_option, examples, json_option, namespace_option, open_store

HEADERS = ["namespace", "state", "active rows", "MB", "build s", "built at", "index"]


@click.group(
    "tenant-index",
    epilog=examples("tiermem tenant-index list", "tiermem tenant-index create --help"),
)
def tenant_index_group() -> None:
    """Indexes of their own for large namespaces: an HNSW graph and a lexical (GIN) index, which recall then uses.

    See README, *How recall ranks*: worth it past ~3,000 active rows, where the
    shared graph misses a tenant's neighbours and recall stops ranking it exactly.
    """


@tenant_index_group.command(
    "create",
    epilog=examples("tiermem tenant-index create --namespace acme", "tiermem tenant-index create -n acme --memory 1GB"),
)
@config_option
@json_option
@namespace_option
@click.option("--memory", default=None, help="maintenance_work_mem for the build, e.g. 1GB (default: the server's).")
def create(config_path: str | None, as_json: bool, namespace: str, memory: str | None) -> None:
    """Build the namespace's own indexes (CREATE INDEX CONCURRENTLY; writes go on). Idempotent, re-runnable."""
    with open_store(config_path) as store:
        entry, built = tenant_index.create(store.dsn, namespace, memory=memory)
    if as_json:
        output.emit_json({**entry.to_dict(), "built": built})
    else:
        verb = f"built in {entry.build_seconds:.1f}s" if built else "already built"
        click.echo(f"{namespace}: {entry.index_name} {verb}, {_mb(entry.bytes)} MB, {entry.active_rows} active rows")


@tenant_index_group.command(
    "auto", epilog=examples("tiermem tenant-index auto", "tiermem tenant-index auto --above 50000 --json")
)
@config_option
@json_option
@click.option(
    "--above",
    type=IntRange(min=0),
    default=OWN_GRAPH_ABOVE,
    show_default=True,
    help="Active consolidated rows a namespace must exceed (recall.OWN_GRAPH_ABOVE; its own graph beats exact ranking past it).",
)
@click.option("--memory", default=None, help="maintenance_work_mem for each build, e.g. 1GB (default: the server's).")
def auto(config_path: str | None, as_json: bool, above: int, memory: str | None) -> None:
    """Give every namespace past --above rows its own indexes (a maintenance step: cron, or after consolidate).

    Re-runnable; namespaces that have one are left as they are, and none is ever dropped.
    """
    with open_store(config_path) as store:
        done = tenant_index.create_past(store.dsn, above, memory=memory)
    if as_json:
        output.emit_json({"tenant_indexes": [{**t.to_dict(), "built": built} for t, built in done]})
        return
    for t, built in done:
        verb = f"built in {t.build_seconds:.1f}s" if built else "already built"
        click.echo(f"{t.namespace}: {t.index_name} {verb}, {_mb(t.bytes)} MB, {t.active_rows} active rows")
    if not done:
        click.echo(f"no namespace has more than {above} active consolidated rows")


@tenant_index_group.command("drop", epilog=examples("tiermem tenant-index drop --namespace acme"))
@config_option
@json_option
@namespace_option
def drop(config_path: str | None, as_json: bool, namespace: str) -> None:
    """Drop the namespace's own indexes (DROP INDEX CONCURRENTLY); recall goes back to the shared ones."""
    with open_store(config_path) as store:
        dropped = tenant_index.drop(store.dsn, namespace)
    if as_json:
        output.emit_json({"namespace": namespace, "dropped": dropped})
    else:
        click.echo(f"{namespace}: {'dropped' if dropped else 'had no tenant index'}")


@tenant_index_group.command("list", epilog=examples("tiermem tenant-index list", "tiermem tenant-index list --json"))
@config_option
@json_option
def list_(config_path: str | None, as_json: bool) -> None:
    """Namespaces with indexes of their own: state (ready, building, invalid, missing), size, build time."""
    with open_store(config_path) as store, store.connection() as conn:
        found = tenant_index.listing(conn)
    if as_json:
        output.emit_json({"tenant_indexes": [t.to_dict() for t in found]})
        return
    rows = [
        (
            t.namespace,
            t.state,
            t.active_rows,
            _mb(t.bytes),
            "" if t.build_seconds is None else f"{t.build_seconds:.1f}",
            t.built_at.isoformat(timespec="seconds") if t.built_at else "",
            t.index_name,
        )
        for t in found
    ]
    click.echo(output.table(rows, HEADERS) if rows else "no tenant indexes")


def _mb(size: int) -> str:
    return f"{size / 2**20:.1f}"


COMMANDS = (tenant_index_group,)
