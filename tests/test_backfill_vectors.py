"""A re-consolidation takes the vectors of the rows it re-produces from the rows themselves, not the model.

A backfill of a day nothing changed in re-produces every episode, passage and
fact of its sessions; the swap keeps those rows as they were and would drop new
vectors for them. ``Tiers.with_stored`` hands the chunk the stored vectors of
its sessions' active rows by text (by the table's model), so only what changed
is embedded, and the vectors stored are bit for bit what the model computes.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np
import pytest

from memory_sink import MemoryStore
from pipelines.backfill import run_backfill, sessions_on_days
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime

DAY = datetime(2025, 3, 9, 10, 0, tzinfo=UTC)


def stage_day(store: MemoryStore) -> None:
    store.stage("garden", "user", "The greenhouse roof leaks again.", ts=DAY)
    store.stage("garden", "assistant", "A tarp will hold until the glazier comes.", ts=DAY + timedelta(minutes=1))
    store.stage("garden", "user", "I work at Tamsin Nurseries.", ts=DAY + timedelta(minutes=2))
    run_realtime(store)
    assert run_consolidate(store, min_quiet_seconds=0).sessions_consolidated == 1


def embedded_during(store: MemoryStore, monkeypatch: pytest.MonkeyPatch, work: Any) -> list[str]:
    """The texts the model embeds while ``work()`` runs."""
    embedder = store.tiers.embedder
    real = embedder.embed_documents
    seen: list[str] = []

    def counting(texts: Sequence[str]) -> np.ndarray:
        seen.extend(texts)
        return real(texts)

    monkeypatch.setattr(embedder, "embed_documents", counting)
    work()
    monkeypatch.setattr(embedder, "embed_documents", real)
    return seen


def backfill(store: MemoryStore) -> None:
    assert run_backfill(store, sessions_on_days(store, [DAY.date()])).sessions_consolidated == 1


def active_rows(store: MemoryStore) -> list[tuple[str, np.ndarray]]:
    with store.connection() as conn:
        found = conn.execute(
            "SELECT coalesce(embed_text, content), embedding FROM memory"
            " WHERE tier = 'consolidated' AND superseded_at IS NULL ORDER BY id",
            binary=True,
        ).fetchall()
    return [(text, vector.to_numpy()) for text, vector in found]


def test_a_backfill_of_an_unchanged_day_embeds_nothing(store: MemoryStore, monkeypatch: pytest.MonkeyPatch) -> None:
    stage_day(store)
    before = active_rows(store)
    assert embedded_during(store, monkeypatch, lambda: backfill(store)) == []
    after = active_rows(store)
    assert [t for t, _ in after] == [t for t, _ in before]
    # the stored vectors are the model's own, bit for bit: taking them is taking what it would compute
    fresh = store.tiers.embedder.embed_documents([t for t, _ in after])
    assert all(np.array_equal(v, f) for (_, v), f in zip(after, fresh, strict=True))


def test_a_late_turn_embeds_only_the_rows_it_changes(store: MemoryStore, monkeypatch: pytest.MonkeyPatch) -> None:
    stage_day(store)
    unchanged = {t for t, _ in active_rows(store) if t.startswith("I work at")}
    store.stage("garden", "user", "I moved to Ghent last year.", ts=DAY + timedelta(minutes=3))
    run_realtime(store)
    embedded = embedded_during(store, monkeypatch, lambda: backfill(store))
    assert embedded and all("Ghent" in text for text in embedded)  # only the new turn's rows: its fact
    assert "I moved to Ghent last year." not in embedded  # its passage reads the turn, whose provisional row has it
    assert unchanged and not unchanged & set(embedded)  # its passage's text is stored already: not embedded again
    stored = active_rows(store)
    fresh = store.tiers.embedder.embed_documents([t for t, _ in stored])
    assert all(np.array_equal(v, f) for (_, v), f in zip(stored, fresh, strict=True))


def test_the_lookahead_takes_the_next_chunks_stored_vectors_too(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pipelines.consolidate as consolidate

    stage_day(store)
    store.stage("shed", "user", "The shed door sticks in the rain.", ts=DAY + timedelta(hours=2))
    store.stage("shed", "assistant", "Plane the bottom edge a little.", ts=DAY + timedelta(hours=2, minutes=1))
    run_realtime(store)
    assert run_consolidate(store, min_quiet_seconds=0).sessions_consolidated == 1
    monkeypatch.setattr(consolidate, "EMBED_CHUNK", 1)  # two chunks: the lookahead prepares the second
    done: list[int] = []

    def backfill_both() -> None:
        done.append(run_backfill(store, sessions_on_days(store, [DAY.date()])).sessions_consolidated)

    assert embedded_during(store, monkeypatch, backfill_both) == []
    assert done == [2]


def test_a_first_consolidation_takes_its_turns_vectors_from_their_provisional_rows(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    turns = ["The greenhouse roof leaks again.", "A tarp will hold until the glazier comes."]
    store.stage("garden", "user", turns[0], ts=DAY)
    store.stage("garden", "assistant", turns[1], ts=DAY + timedelta(minutes=1))
    run_realtime(store)
    embedded = embedded_during(
        store, monkeypatch, lambda: run_consolidate(store, min_quiet_seconds=0).sessions_consolidated
    )
    passages = [t for t, _ in active_rows(store) if t in turns]
    assert sorted(passages) == sorted(turns)  # each turn has its passage ...
    assert not set(turns) & set(embedded)  # ... whose vector came from the turn's provisional row
    stored = active_rows(store)
    fresh = store.tiers.embedder.embed_documents([t for t, _ in stored])
    assert all(np.array_equal(v, f) for (_, v), f in zip(stored, fresh, strict=True))
