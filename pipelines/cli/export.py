"""``tiermem export``: a tenant's staged turns as JSON Lines that ``tiermem ingest`` reads back."""

from __future__ import annotations

import json
from typing import Any

import click

from .options import config_option, examples, namespace_option, note_unknown_namespace, open_store


@click.command(
    epilog=examples(
        "tiermem export --namespace alice alice.jsonl",
        "tiermem export --namespace alice --config old.yaml > alice.jsonl",
    )
)
@config_option
@namespace_option
@click.argument("file", type=click.File("w", encoding="utf-8"), default="-")
def export(config_path: str | None, namespace: str, file: Any) -> None:
    """Write every staged turn of the namespace as JSON Lines, in the form `ingest` reads (FILE, or - for stdout).

    Staging is the log every tier is rebuilt from: ingest the file elsewhere and
    consolidate, and the memory is rebuilt. Erased turns are gone; explicit
    operations (pin, retract, supersede) are not turns and are not in it. Lines
    carry no namespace: `ingest --namespace N` puts them in N.
    """
    count = 0
    with open_store(config_path) as store:
        for line in store.export_turns(namespace):
            file.write(json.dumps(line, ensure_ascii=False) + "\n")
            count += 1
        if not count:
            note_unknown_namespace(store, namespace)
    file.flush()
    click.echo(f"exported {count} turns from namespace {namespace!r}", err=True)


COMMANDS = (export,)
