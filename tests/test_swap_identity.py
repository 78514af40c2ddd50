"""Re-consolidation keeps an unchanged episode and its passages as the rows they were.

A backfill of a day nothing changed in re-produces each episode exactly, with
the same passages: ``swap.unchanged_episodes`` keeps their rows (no version
added, nothing retired), and the tier swap's op counts what it kept. An episode
any part of which differs is replaced whole, passages and all, as before; undo
of later operations, erasure and ``recall --as-of`` still see the right rows.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from memory_sink import InputError, MemoryStore
from memory_sink.swap import PreviousRow, unchanged_episodes
from memory_sink.types import NewMemory
from memory_sink.vocab import Kind
from pipelines.backfill import run_backfill, sessions_on_days
from pipelines.cli import output
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime
from tests.test_cli import run

DAY = datetime(2025, 11, 4, 8, 0, tzinfo=UTC)


# --- the pure rule ---------------------------------------------------------------------------


def span(kind: Kind, content: str, events: tuple[str, ...], episode: str | None = None, **meta: Any) -> NewMemory:
    link = {"episode_id": episode} if episode else {}
    return NewMemory(
        kind=kind,
        content=content,
        embed_text=content,
        event_ids=events,
        valid_from=DAY,
        metadata={**meta, **link},
        id=None if kind == Kind.PASSAGE else episode,
        search_terms="4 November 2025" if kind == Kind.PASSAGE else None,
        context_terms=None,
    )


def as_previous(row: NewMemory, memory_id: str, episode: str | None = None) -> PreviousRow:
    """The row as the swap reads it back, its passages naming the stored episode ``episode``."""
    metadata = {**row.metadata, "episode_id": episode} if episode else dict(row.metadata)
    return PreviousRow(
        memory_id,
        row.kind,
        None,
        None,
        None,
        tuple(row.event_ids),
        content=row.content,
        valid_from=row.valid_from.astimezone(UTC),
        metadata=metadata,
        embed_text=row.embed_text,
        search_terms=row.search_terms,
        context_terms=row.context_terms,
    )


def day_rows(episode_id: str) -> list[NewMemory]:
    """One episode of two turns with a passage each, as a consolidation produces it."""
    return [
        span(Kind.EPISODE, "user: the kiln is fixed\nassistant: good", ("e1", "e2"), episode_id, passages=2),
        span(Kind.PASSAGE, "user: the kiln is fixed", ("e1",), episode_id),
        span(Kind.PASSAGE, "assistant: good", ("e2",), episode_id),
    ]


def stored_day() -> list[PreviousRow]:
    rows = day_rows("old-ep")
    return [
        as_previous(rows[0], "old-ep"),
        as_previous(rows[2], "old-p2", "old-ep"),  # read back in any order
        as_previous(rows[1], "old-p1", "old-ep"),
    ]


def test_an_episode_re_produced_whole_keeps_its_rows_and_its_passages() -> None:
    # The new passages name the new episode's id; each still meets the passage it re-produces.
    assert unchanged_episodes(stored_day(), day_rows("new-ep")) == {0: "old-ep", 1: "old-p1", 2: "old-p2"}


def test_an_episode_any_part_of_which_differs_is_replaced_whole() -> None:
    episode, first, second = day_rows("new-ep")
    late = span(Kind.PASSAGE, "user: and the glaze", ("e3",), "new-ep")
    for changed in (
        [episode, first],  # a passage fewer
        [episode, first, second, late],  # a passage more
        [episode, first, replace(second, content="assistant: great")],
        [episode, first, replace(second, search_terms="5 November 2025")],
        [episode, first, replace(second, context_terms="the kiln")],
        [episode, first, replace(second, embed_text="assistant: good, 4 November")],
        [replace(episode, metadata={**episode.metadata, "project": "pottery"}), first, second],
        [replace(episode, event_ids=("e2", "e1")), first, second],
        [replace(episode, valid_from=DAY + timedelta(minutes=1)), first, second],
    ):
        assert unchanged_episodes(stored_day(), changed) == {}
    # a passage identical to one of a kept episode, under another episode, is not kept on its own
    assert unchanged_episodes(stored_day(), [span(Kind.EPISODE, "x", ("e1",), "other"), replace(first)]) == {}


# --- through the real swap ----------------------------------------------------------------------


def versions(store: MemoryStore) -> dict[str, Any]:
    """Every row by kind (ids of every version), and the superseded count."""
    with store.connection() as conn:
        rows = conn.execute(
            "SELECT kind, id::text, superseded_at IS NOT NULL FROM memory WHERE tier = 'consolidated' ORDER BY id"
        ).fetchall()
    found: dict[str, Any] = {"superseded": sum(1 for _, _, retired in rows if retired)}
    for kind, memory_id, _ in rows:
        found.setdefault(kind, []).append(memory_id)
    return found


def swap_signals(store: MemoryStore) -> list[dict[str, Any]]:
    with store.connection() as conn:
        return [s for (s,) in conn.execute("SELECT signals FROM memory_ops WHERE op = 'tier_swap' ORDER BY op_id")]


def stage_day(store: MemoryStore) -> None:
    store.stage("kiln", "user", "The kiln in the shed is fixed now.", ts=DAY)
    store.stage("kiln", "assistant", "Good, the firing can go ahead.", ts=DAY + timedelta(minutes=1))
    store.stage("kiln", "user", "I live in Ghent.", ts=DAY + timedelta(minutes=2))
    run_realtime(store)
    assert run_consolidate(store).sessions_consolidated == 1


def backfill(store: MemoryStore) -> None:
    assert run_backfill(store, sessions_on_days(store, [DAY.date()])).sessions_consolidated == 1


def test_backfills_of_an_unchanged_day_add_no_version_and_retire_nothing(store: MemoryStore) -> None:
    stage_day(store)
    first = versions(store)
    assert first["superseded"] == 0 and len(first["episode"]) == 1 and len(first["passage"]) == 3
    for _ in range(2):
        backfill(store)
    assert versions(store) == first  # the same rows, the same ids, none retired
    once, *again = swap_signals(store)
    assert [s["version"] for s in swap_signals(store)] == [1, 2, 3]
    assert once["unchanged_episodes"] == once["unchanged_passages"] == 0
    assert [(s["unchanged_episodes"], s["unchanged_passages"], s["unchanged_facts"]) for s in again] == [(1, 3, 1)] * 2
    with store.connection() as conn:  # a swap that kept every row names none: no history line for them
        named = conn.execute("SELECT memory_ids FROM memory_ops WHERE op = 'tier_swap' ORDER BY op_id").fetchall()
    assert [len(ids) for (ids,) in named][1:] == [0, 0]


def test_a_late_turn_replaces_its_episode_and_passages_and_keeps_the_other_episode(store: MemoryStore) -> None:
    stage_day(store)
    later = DAY + timedelta(hours=3)  # past the episode gap: a second episode of the session
    store.stage("kiln", "user", "The glaze order arrived.", ts=later)
    run_realtime(store)
    run_consolidate(store)
    before = versions(store)
    morning = store.recall("kiln in the shed", kinds=["episode"], k=5)[0]
    store.stage("kiln", "user", "It was the wrong colour.", ts=later + timedelta(minutes=1))  # a turn joins it
    run_realtime(store)
    run_consolidate(store)
    after = versions(store)
    assert morning.id in after["episode"]
    assert store.get(morning.id).superseded_at is None  # type: ignore[union-attr]  # kept as it was
    [afternoon] = [e for e in before["episode"] if e != morning.id]
    successor = store.get(afternoon).superseded_by  # type: ignore[union-attr]
    assert successor is not None and successor in after["episode"]
    with store.connection() as conn:
        parts = conn.execute(
            "SELECT metadata->>'episode_id', superseded_by::text FROM memory WHERE kind = 'passage' AND id = ANY(%s)",
            (before["passage"],),
        ).fetchall()
    kept = [by for ep, by in parts if ep == morning.id]
    replaced = [by for ep, by in parts if ep == afternoon]
    assert len(kept) == 3 and kept == [None] * 3  # the morning's passages stay with their episode
    assert len(replaced) == 1 and replaced[0] is not None  # the afternoon's one passage has a successor
    assert after["superseded"] == 2  # the afternoon's episode and passage, nothing else
    assert swap_signals(store)[-1]["unchanged_episodes"] == 1


def test_undo_of_an_operation_on_a_kept_episode_still_restores_it(store: MemoryStore) -> None:
    stage_day(store)
    [episode] = versions(store)["episode"]
    pin = store.pin(episode)
    backfill(store)  # kept: the pinned row is still the episode, so the pin can still be undone
    store.undo(pin)
    assert not store.get(episode).pinned  # type: ignore[union-attr]
    retract = store.retract(episode, reason="not about pottery")  # its passages retire with it
    assert [m.kind for m in store.recall("kiln in the shed", k=10) if m.kind != Kind.FACT] == []
    store.undo(retract)
    backfill(store)
    found = store.recall("kiln in the shed", k=10)
    assert {m.id for m in found if m.kind == Kind.PASSAGE} <= set(versions(store)["passage"])
    assert versions(store)["superseded"] == 0 and len(versions(store)["passage"]) == 3
    swap = swap_signals(store)[-1]
    with store.connection() as conn:
        [(swap_op,)] = conn.execute("SELECT max(op_id) FROM memory_ops WHERE op = 'tier_swap'").fetchall()
    with pytest.raises(InputError, match="is a tier_swap"):
        store.undo(swap_op)  # a swap is replaced by re-consolidating, never undone
    assert swap["unchanged_episodes"] == 1


def test_erasing_a_turn_removes_the_kept_episode_and_its_passages(store: MemoryStore) -> None:
    stage_day(store)
    backfill(store)
    backfill(store)
    kept = versions(store)
    [home] = store.facts(subject="user", predicate="lives in")
    store.forget(home.id)  # its turn goes, and with it the episode quoting it and all that episode's passages
    with store.connection() as conn:
        left = conn.execute(
            "SELECT count(*) FROM memory WHERE id = ANY(%s::uuid[])", (kept["episode"] + kept["passage"],)
        ).fetchone()
        logged = conn.execute("SELECT count(*) FROM memory_ops WHERE reverse->'kept' <> '[]'").fetchone()
    assert left == (0,) and logged == (0,)  # nor any swap op that named the erased rows as kept


# --- recall --as-of ---------------------------------------------------------------------------


def test_recall_as_of_shows_the_status_then(
    capsys: pytest.CaptureFixture[str], config_file: Path, store: MemoryStore
) -> None:
    store.stage("kiln", "user", "The kiln in the shed is fixed now.", ts=DAY)
    run_realtime(store)
    run_consolidate(store)
    then = datetime.now(UTC)
    store.stage("kiln", "user", "The glaze order arrived too.", ts=DAY + timedelta(minutes=2))
    run_realtime(store)
    run_consolidate(store)  # the episode changed: its first version is superseded now
    cfg = ["--config", str(config_file)]
    code, out, err = run(capsys, "recall", *cfg, "kiln in the shed", "--kind", "episode", "--as-of", then.isoformat())
    assert code == 0, err
    [row] = [line for line in out.splitlines() if "episode" in line]
    assert " active " in row and "superseded" not in row  # active then, whatever it is today
    code, now, err = run(capsys, "recall", *cfg, "kiln in the shed", "--kind", "episode", "--all-versions")
    assert code == 0 and "superseded" in now, err


def test_the_log_says_what_a_swap_kept() -> None:
    counts = {"unchanged_facts": 1, "unchanged_episodes": 2, "unchanged_passages": 5}
    swap = {
        "op": "tier_swap",
        "op_id": 9,
        "actor": "consolidate",
        "created_at": DAY,
        "memory_ids": [],
        "signals": {"session_id": "kiln", "version": 3, **counts},
        "reverse": {"inserted": [], "superseded": [], "kept": ["a", "b"]},
    }
    text = output.describe_op(swap)
    assert "wrote 0 rows, kept unchanged 1 facts, 2 episodes, 5 passages" in text
    assert "unchanged_" not in text  # counted in words, not repeated as raw signals


# --- a session that switches a value, re-read against memory without itself --------------------

SWITCH_DAY = datetime(2026, 6, 10, 10, 0, tzinfo=UTC)


def held(store: MemoryStore) -> dict[str, str]:
    return {f.predicate or "": f.object or "" for f in store.facts(subject="user")}


def test_a_backfilled_switch_keeps_the_switched_to_value_and_adds_no_version(store: MemoryStore) -> None:
    """A switch ("moved from VS Code to Neovim") re-read against a memory holding Neovim (its own fact) read nothing,
    and the swap retired Neovim: the user had no editor and no phone, and each backfill flipped them."""
    store.stage("a", "user", "My editor is VS Code and my phone is a Pixel 7.", ts=SWITCH_DAY - timedelta(days=9))
    run_realtime(store)
    assert run_consolidate(store).sessions_consolidated == 1
    store.stage(
        "b",
        "user",
        "I've moved from VS Code to Neovim for everything, and I got an iPhone 15 because the Pixel finally died.",
        ts=SWITCH_DAY,
    )
    run_realtime(store)
    assert run_consolidate(store).sessions_consolidated == 1
    switched = {"editor": "Neovim", "phone": "iPhone 15"}
    assert held(store) == switched
    first = versions(store)
    for days in ([SWITCH_DAY.date()], [SWITCH_DAY.date()], [SWITCH_DAY.date() - timedelta(days=9), SWITCH_DAY.date()]):
        run_backfill(store, sessions_on_days(store, days))
        assert held(store) == switched
        assert versions(store) == first  # no version added, nothing retired
    assert [s["unchanged_facts"] for s in swap_signals(store)[2:]] == [2, 2, 2, 2]
