"""CLI commands over facts and their history (``facts``, ``history``), the explicit,
reversible operations (``supersede``, ``retract``, ``pin``, ``unpin``, ``undo``) and
the one that is not reversible: ``forget`` (erasure).

They register on ``pipelines.cli.cli`` when imported. Tables print short ids;
every command here accepts any unique prefix of an id back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click
from click.core import ParameterSource

from memory_sink import MemoryStore
from memory_sink.operations import memories_by_id, undo_command
from memory_sink.people import user_subject_note
from memory_sink.predicates import no_such_predicate
from memory_sink.staging import parse_ts
from pipelines.views import load_history, resolve_or_match

from . import output
from .options import (
    config_option,
    examples,
    json_option,
    namespace_option,
    note_before_first_record,
    note_unknown_namespace,
    open_store,
)


@click.command(
    epilog=examples("tiermem history 41b17bfe", 'tiermem history --subject user --predicate "lives in" --json')
)
@config_option
@json_option
@namespace_option
@click.option("--subject", default=None, help="Instead of an ID: every version of the facts about SUBJECT.")
@click.option("--predicate", default=None, help="With --subject: only this predicate.")
@click.argument("memory_id", required=False)
def history(
    config_path: str | None,
    as_json: bool,
    namespace: str,
    subject: str | None,
    predicate: str | None,
    memory_id: str | None,
) -> None:
    """The supersession chain through a memory (or a subject's facts) and why each step happened.

    The chain is in world time (valid_from), then by when tiermem recorded it,
    so a late-arriving older fact comes before the one that outlived it. Below
    it, every logged operation that touched the chain, oldest first: which
    memory replaced which, the signals (key match, cosine against the
    threshold, judge verdict, guard, late arrival) and the reason.
    """
    if (memory_id is None) == (subject is None):
        raise click.UsageError("give a memory ID or --subject (not both)")
    with open_store(config_path, namespace) as store:
        told = load_history(store, namespace, memory_id, subject, predicate)
        known = _memories_named(store, told.chain, told.operations, namespace)
    if as_json:
        output.emit_json(told.to_dict())
        return
    click.echo(output.chain_table(told.chain, told.operations))
    for op in told.operations:
        click.echo(output.describe_op(op, known, width=output.EXPLAIN_WIDTH))


def _memories_named(
    store: MemoryStore, chain: Sequence[Any], found: Sequence[dict[str, Any]], namespace: str
) -> dict[str, Any]:
    """The chain plus every other memory a decision names (e.g. the fact a pin blocked)."""
    known = {m.id: m for m in chain}
    # A swap names every row of its session; the chain's own are enough.
    wanted = {
        memory_id
        for op in found
        if op["op"] != "tier_swap"
        for memory_id in op.get("memory_ids") or []
        if memory_id not in known
    }
    if wanted:
        with store.connection() as conn:  # one query, however many decisions name others
            known.update((m.id, m) for m in memories_by_id(conn, namespace, sorted(wanted)))
    return known


@click.command(epilog=examples("tiermem facts --subject user", "tiermem facts --all-versions --as-of 2026-02-15"))
@config_option
@json_option
@namespace_option
@click.option("--subject", default=None, help="Only facts about this subject.")
@click.option("--predicate", default=None, help="Only facts with this predicate.")
@click.option("--all-versions", is_flag=True, help="Include superseded and retracted facts.")
@click.option(
    "--as-of",
    default=None,
    help="ISO time: the facts tiermem believed then, with their status then (by recording time; a fact's own world time is its from → to).",
)
def facts(
    config_path: str | None,
    as_json: bool,
    namespace: str,
    subject: str | None,
    predicate: str | None,
    all_versions: bool,
    as_of: str | None,
) -> None:
    """Current facts (or all versions, or as of a time), with status and world-time validity.

    Status is active, pinned, superseded by ID, duplicate of ID (a restatement),
    or retracted; with --as-of it is the status at that time, not today's.
    """
    at = parse_ts(as_of, "as_of")
    with open_store(config_path) as store:
        found = store.facts(
            subject=subject, predicate=predicate, namespace=namespace, all_versions=all_versions, as_of=at
        )
        close = store.unknown_predicate(predicate, namespace, subject) if predicate and not found else None
        if not found:
            note_unknown_namespace(store, namespace)
            note_before_first_record(store, namespace, as_of)
            if subject is not None and store.names_the_user(subject, namespace):
                click.echo(f"tiermem: {user_subject_note(subject, namespace)}", err=True)
    if predicate and close is not None:  # on stderr: the table (or JSON) on stdout stays what it is, empty
        click.echo(f"tiermem: {no_such_predicate(predicate, namespace, close, subject)}", err=True)
    if as_json:
        output.emit_json({"facts": [m.to_dict() for m in found]})
    else:
        click.echo(output.fact_table(found, (), at))


def _print_op(name: str, op_id: int, as_json: bool, store: MemoryStore, namespace: str) -> None:
    if as_json:
        output.emit_json({"op_id": op_id})
    else:
        click.echo(f"{name}: operation {op_id} (undo with `{undo_command(op_id, namespace, store.config.namespace)}`)")


@click.command(epilog=examples('tiermem supersede 41b17bfe 84788e49 --reason "moved to Berlin"'))
@config_option
@json_option
@namespace_option
@click.option("--reason", default=None, help="Why, for the operation log.")
@click.option("--force", is_flag=True, help="Supersede OLD_ID even though it is pinned.")
@click.argument("old_id")
@click.argument("new_id")
def supersede(
    config_path: str | None,
    as_json: bool,
    namespace: str,
    reason: str | None,
    force: bool,
    old_id: str,
    new_id: str,
) -> None:
    """Retire OLD_ID in favour of NEW_ID, a memory of the same kind (explicit, logged, reversible;
    no guard applies, but a pinned OLD_ID needs --force)."""
    with open_store(config_path, namespace) as store:
        old, new = store.resolve_id(old_id, namespace), store.resolve_id(new_id, namespace)
        done = store.supersede(old, new, reason=reason, namespace=namespace, force=force)
        _print_op("supersede", done, as_json, store, namespace)


def _memory_op_command(name: str, help_text: str, example: str) -> click.Command:
    """``tiermem NAME MEMORY_ID [--reason]``, calling ``MemoryStore.<name>``."""

    def command(config_path: str | None, as_json: bool, namespace: str, reason: str | None, memory_id: str) -> None:
        with open_store(config_path, namespace) as store:
            full_id = store.resolve_id(memory_id, namespace)
            done = getattr(store, name)(full_id, reason=reason, namespace=namespace)
            _print_op(name, done, as_json, store, namespace)

    command.__doc__ = help_text
    options = [
        config_option,
        json_option,
        namespace_option,
        click.option("--reason", default=None, help="Why, for the operation log."),
        click.argument("memory_id"),
    ]
    for decorate in reversed(options):
        command = decorate(command)
    return click.command(name, epilog=examples(example))(command)


retract, pin, unpin = (
    _memory_op_command(_name, _help, _example)
    for _name, _help, _example in (
        (
            "retract",
            "Stop believing a memory: out of recall and current facts, kept in history (reversible).",
            'tiermem retract 84788e49 --reason "the user said that was a joke"',
        ),
        (
            "pin",
            "Protect a fact from automatic supersession (retract still applies; supersede needs --force).",
            "tiermem pin 438109c1",
        ),
        ("unpin", "Let automatic supersession apply to a fact again.", "tiermem unpin 438109c1"),
    )
)


@click.command(epilog=examples("tiermem undo 4"))
@config_option
@json_option
@namespace_option
@click.argument("op_id", type=int)
def undo(config_path: str | None, as_json: bool, namespace: str, op_id: int) -> None:
    """Restore exactly the state before operation OP_ID (logged as a new operation)."""
    with open_store(config_path, namespace) as store:
        _print_op("undo", store.undo(op_id, namespace=namespace), as_json, store, namespace)


@click.command(
    epilog=examples(
        "tiermem forget 84788e49",
        "tiermem forget --session s1 --json",
        "tiermem forget --whole-namespace --namespace alice --yes",
    )
)
@config_option
@json_option
@namespace_option
@click.option("--session", "session_id", default=None, help="Instead of an ID: erase this whole session.")
@click.option(
    "--whole-namespace",
    is_flag=True,
    help="Instead of an ID: erase everything in --namespace (needs --namespace given and --yes).",
)
@click.option("--yes", "confirm", is_flag=True, help="Confirm --whole-namespace (there is no undo).")
@click.option("--vacuum", is_flag=True, help="Also VACUUM the tables now, so dead rows leave the disk pages (slow).")
@click.argument("memory_id", required=False)
def forget(
    config_path: str | None,
    as_json: bool,
    namespace: str,
    session_id: str | None,
    whole_namespace: bool,
    confirm: bool,
    vacuum: bool,
    memory_id: str | None,
) -> None:
    """Erase for good (unlike retract): a memory with the turns it came from and all derived from
    them, a session, or a whole namespace. Only a record that an erasure happened remains.
    """
    if sum((memory_id is not None, session_id is not None, whole_namespace)) != 1:
        raise click.UsageError("give exactly one of a memory ID, --session or --whole-namespace")
    named = click.get_current_context().get_parameter_source("namespace") is not ParameterSource.DEFAULT
    if whole_namespace and not named:  # a whole tenant goes for good only by its name, never by a default
        raise click.UsageError(
            f"--whole-namespace: name the namespace to erase with --namespace (the deployment's is {namespace!r})"
        )
    if whole_namespace and not confirm:  # said here so the message names the flag, not the library's parameter
        raise click.UsageError(
            f"--whole-namespace: erasing all of {namespace!r} cannot be undone; confirm it with --yes"
        )
    with open_store(config_path, namespace) as store:
        full_id = resolve_or_match(store, memory_id, namespace) if memory_id is not None else None
        done = store.forget(
            full_id,
            session_id=session_id,
            whole_namespace=whole_namespace,
            namespace=namespace,
            confirm=confirm,
            vacuum=vacuum,
        )
    doc = done.to_dict()
    if as_json:
        output.emit_json(doc)
        return
    click.echo(
        output.kv_table({**{k: v for k, v in doc.items() if k not in ("counts", "also_erased")}, **doc["counts"]})
    )
    same = "same turn" if done.counts.get("staged_turns", 0) <= 1 else "same turns"
    for _id, fact in done.also_erased:  # read from the turns the memory came from, which went with it
        click.echo(f"also erased: {fact} ({same})")
    for _id, said in done.stating_turns:  # the session's other turns that said the forgotten fact again
        click.echo(f"also erased: {output.clip(said, 80)} (said it again)")


COMMANDS = (history, facts, supersede, retract, pin, unpin, undo, forget)
