"""``tiermem demo``: the whole pipeline end to end, narrated for a newcomer.

It runs on the configured deployment (the embedded default unless told
otherwise), in a namespace of its own for each run (``demo-<time>``), so it can
be repeated without touching anyone's memory or seeing an earlier run's.
"""

from __future__ import annotations

import secrets
import textwrap
import time
from datetime import datetime, timedelta, timezone
from typing import Sequence

import click

from memory_sink import Memory, MemoryStore
from memory_sink.config import load_config
from memory_sink.db import _redact

from . import output
from .consolidate import run_consolidate
from .realtime import run_realtime



def say(text: str) -> None:
    click.echo()
    click.secho(textwrap.fill(" ".join(text.split()), width=88), fg="cyan")


def show(title: str, memories: Sequence[Memory]) -> None:
    click.secho(f"\n  {title}", bold=True)
    click.echo(textwrap.indent(output.memory_table(memories, with_score=True), "  "))


def _stage(store: MemoryStore, ns: str, session: str, start: datetime, turns: Sequence[tuple[str, str]]) -> None:
    for i, (role, text) in enumerate(turns):
        store.stage(session, role, text, namespace=ns, ts=start + timedelta(minutes=i))
        click.echo(f"    staged [{session}] {role}: {text}")


def run_demo(config_path: str | None = None, *, data_dir: str | None = None) -> None:
    started = time.perf_counter()
    cfg = load_config(config_path)
    if data_dir is not None:
        from dataclasses import replace

        cfg = replace(cfg, database=replace(cfg.database, dsn=None, data_dir=data_dir))
    ns = "demo-" + datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(2)
    a, b = "monday", "tuesday"
    monday = datetime.now(timezone.utc).replace(microsecond=0) - timedelta(days=2)
    with MemoryStore.open(cfg) as store:
        say("tiermem keeps an agent's memory in two tiers over one append-only log of turns.")
        click.echo(f"    database: {_redact(store.dsn)}")
        click.echo(f"    embedder: {store.embedder.fingerprint}   namespace: {ns}")
        _monday(store, ns, a, monday)
        _tuesday(store, ns, b, monday + timedelta(days=1))
        _late_turn(store, ns, a, monday)
        say("Facts extracted so far, and the pipeline's status:")
        facts = [f for f in store.facts(namespace=ns) if f.session_id in (a, b)]
        click.echo(textwrap.indent(output.table(
            [(f.subject, f.predicate, f.object, f.session_id) for f in facts],
            ["subject", "predicate", "object", "session"]), "  "))
        status = store.status(ns)
        click.echo(textwrap.indent(output.kv_table(status), "  "))
    say(f"Done in {time.perf_counter() - started:.1f}s. Try `tiermem recall \"what does the user drink?\" "
        f"--namespace {ns}` or `tiermem status`.")


def _monday(store: MemoryStore, ns: str, session: str, start: datetime) -> None:
    say("1. Monday's conversation is staged: each turn gets a content-addressed event id, "
        "so staging it twice is a no-op.")
    _stage(store, ns, session, start, [
        ("user", "I drink coffee every morning, black, no sugar."),
        ("assistant", "Got it: black coffee in the mornings."),
        ("user", "For the billing project we decided to use Postgres for the event store."),
        ("assistant", "Understood, Postgres backs the billing event store."),
    ])
    say("2. The per-minute realtime tick embeds new turns with the int8 ONNX model into "
        "*provisional* rows. Cheap, fresh, no extraction: the agent can recall them at once.")
    report = run_realtime(store)
    click.echo(f"    realtime: {report.turns_embedded} turns embedded in {report.seconds:.2f}s")
    show("recall: what does the user drink?", store.recall("what does the user drink?", namespace=ns, k=3))
    say("3. The nightly consolidate job re-reads the whole quiet session, writes episode "
        "summaries and subject-predicate-object facts, and swaps them in for the provisional "
        "rows in one transaction: a reader sees before or after, never a gap, never both.")
    report2 = run_consolidate(store, session=session, namespace=ns, min_quiet_seconds=0)
    click.echo(f"    consolidate: {report2.episodes} episodes, {report2.facts} facts")
    show("recall: what does the user drink?", store.recall("what does the user drink?", namespace=ns, k=3))


def _tuesday(store: MemoryStore, ns: str, session: str, start: datetime) -> None:
    say("4. Tuesday: the user changes a preference and the team reverses a decision.")
    _stage(store, ns, session, start, [
        ("user", "I switched from coffee to tea, my doctor's advice."),
        ("user", "For billing we reversed the decision: the event store moves to Kafka."),
        ("assistant", "Noted: tea now, and Kafka for the billing event store."),
    ])
    run_realtime(store)
    show("recall before tonight's consolidation: the event store",
         store.recall("which technology backs the billing event store?", namespace=ns, k=4))
    say("Tuesday's turns are provisional; Monday's memory is consolidated. Readers get "
        "consolidated memory where it exists and provisional memory for the rest.")
    run_consolidate(store, session=session, namespace=ns, min_quiet_seconds=0)
    say("Tonight's consolidation extracts 'user prefers drink tea'. 'prefers drink' is "
        "single-valued, so the new fact supersedes Monday's coffee: kept, linked, out of recall. "
        "The operation log says why:")
    chain = store.fact_history("user", "prefers drink", namespace=ns)
    show("history --subject user --predicate 'prefers drink'", chain)
    for op in sorted({o["op_id"]: o for m in chain for o in store.operations(m.id, namespace=ns)
                      if o["op"] == "supersede"}.values(), key=lambda o: o["op_id"]):
        click.echo("    " + output.describe_op(op))
    show("recall: what does the user drink?",
         store.recall("what does the user drink?", namespace=ns, k=3, kinds=["fact"]))


def _late_turn(store: MemoryStore, ns: str, session: str, monday: datetime) -> None:
    say("5. A late turn arrives in Monday's session, which was already consolidated.")
    _stage(store, ns, session, monday + timedelta(minutes=30), [("user", "Oh, and my editor is Neovim now.")])
    run_realtime(store)
    show("recall at once (provisional): the user's editor",
         store.recall("which editor does the user use?", namespace=ns, k=3))
    say("Consolidation re-reads the whole session, so the late turn extends Monday's memory "
        "instead of erasing it. The previous version is superseded, not deleted:")
    run_consolidate(store, session=session, namespace=ns, min_quiet_seconds=0)
    episode = next(m for m in store.recall("Neovim editor", namespace=ns, k=5, kinds=["episode"]))
    show(f"history {episode.id}", store.history(episode.id, namespace=ns))
