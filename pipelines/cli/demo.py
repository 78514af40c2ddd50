"""``tiermem demo``: the whole pipeline end to end, narrated for a newcomer.

It runs on the configured deployment (the embedded default unless told
otherwise), in a namespace of its own for each run (``demo-<time>``), so it can
be repeated without touching anyone's memory or seeing an earlier run's.

The story: on Monday the user drinks coffee and the team picks Postgres for the
billing event store; on Tuesday the user switches to tea and the team moves the
event store to Kafka; then a late turn ("my editor is Neovim now") lands in
Monday's already-consolidated session. Each change shows up as a supersession
with its reason, and recall answers with the current value only.
"""

from __future__ import annotations

import os
import secrets
import shlex
import textwrap
import time
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import click

from memory_sink import Memory, MemoryStore
from memory_sink.config import DSN_ENV, Config, load_config
from memory_sink.db import DATA_DIR_ENV, redact_dsn

from ..consolidate import run_consolidate
from ..realtime import run_realtime
from . import output

MONDAY, TUESDAY = "monday", "tuesday"
EVENT_STORE = "which technology backs the billing event store?"
DRINK = "what does the user drink?"
WIDTH = 88


def say(text: str) -> None:
    click.echo()
    click.secho(textwrap.fill(" ".join(text.split()), width=WIDTH), fg="cyan")


def show(title: str, memories: Sequence[Memory]) -> None:
    click.secho(f"\n  {title}", bold=True)
    click.echo(textwrap.indent(output.memory_table(memories, with_score=True), "  "))


def _stage(store: MemoryStore, ns: str, session: str, start: datetime, turns: Sequence[tuple[str, str]]) -> list[str]:
    ids = []
    for i, (role, text) in enumerate(turns):
        ids.append(store.stage(session, role, text, namespace=ns, ts=start + timedelta(minutes=i)))
        click.echo(f"    staged [{session}] {role}: {text}")
    return ids


def _consolidate(store: MemoryStore, ns: str, session: str) -> None:
    report = run_consolidate(store, session=session, namespace=ns, min_quiet_seconds=0)
    click.echo(
        f"    consolidate [{session}]: {report.episodes} episodes, {report.facts} facts in {report.seconds:.2f}s"
    )


def _config(config_path: str | None, data_dir: str | None) -> Config:
    cfg = load_config(config_path)
    if data_dir is None:
        return cfg
    return replace(cfg, database=replace(cfg.database, dsn=None, data_dir=data_dir))


def run_demo(config_path: str | None = None, *, data_dir: str | None = None, started: float | None = None) -> str:
    """Run the narrated story; returns the namespace it wrote to.

    ``started`` is when the command began (``time.perf_counter``), before the imports that load
    the extraction models: the time reported counts them, as the user waited for them.
    """
    story = time.perf_counter()
    ns = "demo-" + datetime.now(UTC).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(2)
    monday = datetime.now(UTC).replace(microsecond=0) - timedelta(days=2)
    with MemoryStore.open(_config(config_path, data_dir)) as store:
        say(
            "tiermem keeps an agent's memory in two tiers over one append-only log of turns: "
            "a realtime tier that makes every turn recallable within a minute, and a nightly "
            "tier that turns whole sessions into episode summaries and facts."
        )
        click.echo(f"    database: {redact_dsn(store.dsn)}")
        click.echo(f"    embedder: {store.embedder.fingerprint}   namespace: {ns}")
        _monday(store, ns, monday)
        _tuesday(store, ns, monday + timedelta(days=1))
        _late_turn(store, ns, monday)
        _beliefs(store, ns)
    done = time.perf_counter()
    say(
        f"Done in {done - (started or story):.1f}s, start-up included "
        f"({done - story:.1f}s for the story itself). Try, against the same database:"
    )
    for command in (f'recall "{DRINK}"', "facts --all-versions", "history --subject user"):
        click.echo(f"    {paste_prefix(data_dir)}tiermem {command} --namespace {ns}{config_flag(config_path)}")
    if data_dir is not None and _names_a_database(load_config(config_path)):
        click.echo(f"    ({config_path} names its own database: set database.data_dir: {data_dir} in a copy of it)")
    return ns


def _names_a_database(cfg: Config) -> bool:
    """True if the deployment file itself sets where the data is, which ``TIERMEM_DATA_DIR`` cannot override."""
    return bool(cfg.database.data_dir or (cfg.database.dsn and not os.environ.get(DSN_ENV)))


def paste_prefix(data_dir: str | None) -> str:
    """What a command typed after the demo needs before ``tiermem`` to read the demo's ``--data-dir``:
    the embedded server's directory (``TIERMEM_DATA_DIR``), with a ``TIERMEM_DSN`` set here unset."""
    if data_dir is None:
        return ""
    unset = f"{DSN_ENV}= " if os.environ.get(DSN_ENV) else ""
    return f"{unset}{DATA_DIR_ENV}={shlex.quote(data_dir)} "


def config_flag(config_path: str | None) -> str:
    return f" --config {shlex.quote(config_path)}" if config_path else ""


def _monday(store: MemoryStore, ns: str, start: datetime) -> None:
    say(
        "1. Monday's conversation is staged: each turn gets a content-addressed event id, "
        "so staging it twice is a no-op."
    )
    _stage(
        store,
        ns,
        MONDAY,
        start,
        [
            ("user", "I drink coffee every morning, black, no sugar."),
            ("assistant", "Got it: black coffee in the mornings."),
            ("user", "For the billing project we decided to use Postgres for the event store."),
            ("assistant", "Understood, Postgres backs the billing event store."),
        ],
    )
    say(
        "2. The per-minute realtime tick embeds new turns with the int8 ONNX model into "
        "*provisional* rows. Cheap, fresh, no extraction: the agent can recall them at once."
    )
    report = run_realtime(store)
    click.echo(f"    realtime: {report.turns_embedded} turns embedded in {report.seconds:.2f}s")
    show(f"recall: {DRINK}", store.recall(DRINK, namespace=ns, k=3))
    say(
        "3. The nightly consolidate job re-reads the whole quiet session, writes episode "
        "summaries and subject-predicate-object facts, and swaps them in for the provisional "
        "rows in one transaction: a reader sees before or after, never a gap, never both. "
        "Monday gives two facts: the user prefers coffee, and the user's 'event store' is Postgres."
    )
    _consolidate(store, ns, MONDAY)
    show(f"recall: {DRINK}", store.recall(DRINK, namespace=ns, k=3))


def _tuesday(store: MemoryStore, ns: str, start: datetime) -> None:
    say("4. Tuesday: the user changes a preference and the team reverses a decision.")
    _stage(
        store,
        ns,
        TUESDAY,
        start,
        [
            ("user", "I switched from coffee to tea, my doctor's advice."),
            ("user", "For billing we reversed the decision: the event store moves to Kafka."),
            ("assistant", "Noted: tea now, and Kafka for the billing event store."),
        ],
    )
    run_realtime(store)
    show(f"recall before tonight's consolidation: {EVENT_STORE}", store.recall(EVENT_STORE, namespace=ns, k=4))
    say(
        "Tuesday's turns are provisional and Monday's memory is consolidated, so both "
        "decisions come back: the agent could still answer 'Postgres'. Tonight's run fixes that."
    )
    _consolidate(store, ns, TUESDAY)
    say(
        "It extracts 'user prefers drink tea': 'prefers drink' is single-valued, so the new "
        "fact supersedes Monday's coffee — kept, linked, out of recall. And 'user event store "
        "Kafka': a role takes one tool at a time, so the consolidator names Monday's Postgres "
        "fact as the one it replaces. The operation log says why, for each:"
    )
    _explain(store, ns, "prefers drink")
    _explain(store, ns, "event store")
    show(f"recall after consolidation: {EVENT_STORE}", store.recall(EVENT_STORE, namespace=ns, k=3, kinds=["fact"]))


def _explain(store: MemoryStore, ns: str, predicate: str) -> None:
    """The versions of one of the user's facts and the logged replacements between them."""
    chain = store.fact_history("user", predicate, namespace=ns)
    ops = store.operations([m.id for m in chain], namespace=ns)
    click.secho(f"\n  history --subject user --predicate '{predicate}'", bold=True)
    click.echo(textwrap.indent(output.chain_table(chain, ops), "  "))
    known = {m.id: m for m in chain}
    for op in (o for o in ops if o["op"] == "supersede"):
        click.echo(textwrap.indent(output.describe_op(op, known, width=WIDTH - 4), "    "))


def _late_turn(store: MemoryStore, ns: str, monday: datetime) -> None:
    say("5. A late turn arrives in Monday's session, which was already consolidated.")
    (late,) = _stage(store, ns, MONDAY, monday + timedelta(minutes=30), [("user", "Oh, and my editor is Neovim now.")])
    run_realtime(store)
    show(
        "recall at once (provisional): which editor does the user use?",
        store.recall("which editor does the user use?", namespace=ns, k=3),
    )
    say(
        "Consolidation re-reads the whole session, so the late turn extends Monday's episode "
        "instead of erasing it. The previous version is superseded, not deleted — here are "
        "both versions of the episode that now covers the late turn, oldest first:"
    )
    _consolidate(store, ns, MONDAY)
    episode = _episode_covering(store, ns, MONDAY, late)
    click.secho(f"\n  history {output.short(episode.id)}", bold=True)
    for version in store.history(episode.id, namespace=ns):
        label = "active" if version.superseded_at is None else f"superseded by {output.short(version.superseded_by)}"
        click.echo(f"    {output.short(version.id)}  recorded {version.recorded_at:%Y-%m-%d %H:%M}  {label}")
        click.echo(textwrap.indent(textwrap.fill(version.content, WIDTH - 8), "        "))


def _episode_covering(store: MemoryStore, ns: str, session: str, event_id: str) -> Memory:
    """The session's active episode that covers ``event_id`` (one by construction)."""
    episodes = store.recall("editor", namespace=ns, k=100, kinds=["episode"])
    return next(m for m in episodes if m.session_id == session and event_id in m.event_ids)


def _beliefs(store: MemoryStore, ns: str) -> None:
    say(
        "6. What the agent believes now, and what it believed before: every version of every "
        "fact, with the one that replaced it. Nothing was deleted. Re-reading Monday for the late "
        "turn extracted Monday's facts again, unchanged: each kept its row, retired as it was, so "
        "coffee and Postgres stay out of recall and no fact has a second, identical version."
    )
    facts = store.facts(namespace=ns, all_versions=True)
    ops = store.operations([m.id for m in facts], namespace=ns) if facts else []
    click.echo(textwrap.indent(output.fact_table(facts, ops), "  "))
    click.echo(textwrap.indent(output.kv_table(store.status(ns)), "  "))
