"""Invariants of the paths added for speed: they change cost, never results.

- recall's bounded lexical pool: exact under the pool, bounded over it, and
  scoped to recall's own transaction (every other GIN lookup stays exact);
- consolidation embeds a chunk of sessions in one call, each distinct text once: the
  same vectors as one session at a time, and a failing session still fails alone
  (invariant 8); a consolidator's warm-up for the chunk fails no session.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import numpy as np
import pytest

from consolidators import load_consolidator
from consolidators.types import ConsolidationResult, Context, Transcript
from memory_sink import MemoryStore, memories
from memory_sink import recall as recall_sql
from memory_sink.errors import InputError
from memory_sink.tiers import Tiers
from memory_sink.types import NewMemory
from memory_sink.vocab import Kind
from pipelines import chunks
from pipelines.consolidate import consolidate_chunk, run_consolidate
from pipelines.realtime import run_realtime


def test_lexical_pool_is_exact_under_the_limit_and_does_not_leak(store: MemoryStore) -> None:
    for i in range(30):
        store.stage(f"s{i}", "user", f"the quarterly kumquat report number {i}", seq=0)
    run_realtime(store)
    found = store.recall("kumquat report", k=30)
    assert len(found) == 30  # 30 matches, far under the pool: every one is ranked
    with store.connection() as conn:  # recall's setting ended with its transaction
        assert conn.execute("SHOW gin_fuzzy_search_limit").fetchone()[0] == "0"


def test_lexical_pool_bounds_a_very_common_term(store: MemoryStore, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(recall_sql, "LEXICAL_POOL", 20)
    store.stage_many(
        [{"session_id": f"s{i // 20}", "role": "user", "seq": i, "content": f"zanzibar note {i}"} for i in range(300)]
    )
    run_realtime(store)
    with store.connection() as conn:  # new entries sit in GIN's pending list, which is always read whole
        conn.execute("SELECT gin_clean_pending_list('memory_content_tsv')")
    with store.connection() as conn:
        conn.execute("SET enable_seqscan = off")  # the GIN path, as in a big table
        conn.execute(recall_sql.SET_LEXICAL_POOL, ("20",))
        sampled = conn.execute(
            "SELECT count(*) FROM memory WHERE content_tsv @@ websearch_to_tsquery("
            "'english', 'zanzibar') AND superseded_at IS NULL"
        ).fetchone()[0]
    assert 0 < sampled < 300  # a sample of about the pool, not all 300
    with store.connection() as conn:
        conn.execute("SET enable_seqscan = off")
        exact = conn.execute(
            "SELECT count(*) FROM memory WHERE content_tsv @@ websearch_to_tsquery("
            "'english', 'zanzibar') AND superseded_at IS NULL"
        ).fetchone()[0]
    assert exact == 300  # outside recall, GIN lookups stay exact
    assert len(store.recall("zanzibar note", k=10)) == 10


def _stage_sessions(store: MemoryStore, n: int, *, namespaces: bool = False) -> None:
    """``n`` sessions of four turns; with ``namespaces``, each in its own namespace, so that one chunk
    takes them all (a chunk holds one session per namespace: ``pipelines.shards.ChunkQueue``)."""
    store.stage_many(
        [
            {
                "session_id": f"s{s}",
                **({"namespace": f"n{s}"} if namespaces else {}),
                "role": "user" if i % 2 == 0 else "assistant",
                "seq": i,
                "content": f"My editor is Neovim now and I drink tea number {s}. Turn {i}.",
            }
            for s in range(n)
            for i in range(4)
        ]
    )
    run_realtime(store)


def _vectors(store: MemoryStore) -> dict[tuple[str, str, str], np.ndarray]:
    with store.connection() as conn:
        return {
            (r[0], r[1], r[2]): np.asarray(r[3].to_numpy() if hasattr(r[3], "to_numpy") else r[3])
            for r in conn.execute(
                "SELECT session_id, kind, CASE WHEN kind = 'episode' THEN content ELSE coalesce(embed_text, content) END,"
                " embedding FROM memory WHERE tier = 'consolidated'"
            )
        }


def test_chunked_embedding_stores_the_vectors_one_session_at_a_time_would(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    _stage_sessions(store, 6)
    report = run_consolidate(store)  # one chunk of 6 sessions
    assert report.sessions_consolidated == 6
    together = _vectors(store)
    health = store.tiers.tier_violations()
    assert (health["turns_in_both_tiers"], health["turns_in_neither_tier"]) == (0, 0)
    for (sid, kind, content), vec in together.items():
        alone = store.embedder.embed_documents([content if kind != "episode" else _summary(store, sid, content)])[0]
        assert float(vec @ alone) > 0.9999, (sid, kind)


def _summary(store: MemoryStore, session_id: str, content: str) -> str:
    with store.connection() as conn:
        row = conn.execute(
            "SELECT coalesce(metadata->>'summary', content) FROM memory WHERE session_id = %s "
            "AND content = %s AND kind = 'episode'",
            (session_id, content),
        ).fetchone()
    return row[0]


def test_a_failing_session_in_a_chunk_fails_alone(store: MemoryStore) -> None:
    _stage_sessions(store, 4)
    inner = load_consolidator("extractive", {})

    class FailsOnS2:
        name = "fails-on-s2"

        def consolidate(self, transcript: Transcript, context: Context) -> ConsolidationResult:
            if transcript.session_id == "s2":
                raise RuntimeError("boom")
            return inner.consolidate(transcript, context)

    outcomes = consolidate_chunk(store, FailsOnS2(), [("default", f"s{i}") for i in range(4)])  # type: ignore[arg-type]
    assert [o[0] for o in outcomes] == ["consolidated", "consolidated", "failed", "consolidated"]
    assert "boom" in (outcomes[2][3] or "")
    with store.connection() as conn:
        left = conn.execute(
            "SELECT session_id, count(*) FROM memory WHERE tier = 'provisional' GROUP BY session_id"
        ).fetchall()
    assert left == [("s2", 4)]  # its provisional rows stay until a retry succeeds


def test_a_failing_chunk_embedding_falls_back_to_one_session_at_a_time(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    _stage_sessions(store, 3, namespaces=True)
    calls: list[int] = []
    original = Tiers.embed_new_rows

    def flaky(self: Tiers, rows: Any, **kw: Any) -> np.ndarray:
        calls.append(len(rows))
        if len(calls) == 1:
            raise RuntimeError("out of memory")
        return original(self, rows, **kw)

    monkeypatch.setattr(Tiers, "embed_new_rows", flaky)
    assert run_consolidate(store).sessions_consolidated == 3
    assert len(calls) == 4  # one failed chunk call, then one per session


def test_a_text_several_rows_read_is_embedded_once(store: MemoryStore, monkeypatch: pytest.MonkeyPatch) -> None:
    at = datetime(2026, 1, 5, tzinfo=UTC)
    texts = ["user lives in Oslo", "user drinks tea", "user lives in Oslo", "user lives in Oslo"]
    rows = [NewMemory(kind=Kind.FACT, content=t, embed_text=t, event_ids=("e",), valid_from=at) for t in texts]
    embedded: list[list[str]] = []
    original = store.embedder.embed_documents

    def spy(batch: list[str]) -> np.ndarray:
        embedded.append(list(batch))
        return original(batch)

    monkeypatch.setattr(store.embedder, "embed_documents", spy)
    vectors = store.tiers.embed_new_rows(rows)
    assert embedded == [["user lives in Oslo", "user drinks tea"]]
    assert np.array_equal(vectors, original(texts))


def test_a_chunk_warm_up_is_shown_every_session_once_and_its_failure_fails_none(store: MemoryStore) -> None:
    _stage_sessions(store, 3)
    inner = load_consolidator("extractive", {})
    shown: list[int] = []

    class FailsToWarm:
        name = "fails-to-warm"

        def warm(self, sessions: Any) -> None:
            shown.append(len(sessions))
            raise RuntimeError("no parser today")

        def consolidate(self, transcript: Transcript, context: Context) -> Any:
            return inner.consolidate(transcript, context)

    outcomes = consolidate_chunk(store, FailsToWarm(), [("default", f"s{i}") for i in range(3)])
    assert [o[0] for o in outcomes] == ["consolidated"] * 3
    assert shown == [3]  # one call for the chunk, every session in it


def test_swap_refuses_vectors_that_do_not_match_the_rows(store: MemoryStore) -> None:
    _stage_sessions(store, 1)
    prep = chunks._prepare(
        store, load_consolidator("extractive", {}), store.tiers.read_session("default", "s0"), Context()
    )
    assert isinstance(prep, chunks._Prepared)
    with pytest.raises(InputError, match="vectors: expected"):
        store.tiers.swap_session(prep.events, prep.rows, vectors=np.zeros((0, 384), dtype=np.float32))


# --- the overlapped realtime drain (invariant 2) ------------------------------------------


def _pending_and_rows(store: MemoryStore) -> tuple[int, int, int]:
    with store.connection() as conn:
        row = conn.execute("""
            SELECT (SELECT count(*) FROM memory_staging WHERE provisional_at IS NULL),
                   (SELECT count(*) FROM memory WHERE tier = 'provisional'),
                   (SELECT count(DISTINCT event_ids[1]) FROM memory WHERE tier = 'provisional')""").fetchone()
    return int(row[0]), int(row[1]), int(row[2])


def _stage_turns(store: MemoryStore, n: int) -> None:
    store.stage_many(
        [{"session_id": f"s{i // 20}", "role": "user", "seq": i, "content": f"turn {i} about tea"} for i in range(n)]
    )


@pytest.mark.parametrize("fail_in", ["write", "embed"])
def test_a_failure_mid_drain_rolls_back_only_uncommitted_batches(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch, fail_in: str
) -> None:
    _stage_turns(store, 250)
    calls = {"n": 0}
    if fail_in == "write":
        original = memories.write_provisional

        def failing(*args: Any, **kwargs: Any) -> None:
            calls["n"] += 1
            if calls["n"] == 2:
                raise RuntimeError("disk full")
            original(*args, **kwargs)

        monkeypatch.setattr(memories, "write_provisional", failing)
    else:
        embedder = store.embedder
        original_embed = embedder.embed_documents

        def failing_embed(texts: Any) -> np.ndarray:
            calls["n"] += 1
            if calls["n"] == 3:  # batch 3 fails while batch 2 is being written
                raise RuntimeError("model crashed")
            return original_embed(texts)

        monkeypatch.setattr(embedder, "embed_documents", failing_embed)
    with pytest.raises(RuntimeError):
        store.tiers.drain_pending(50)
    monkeypatch.undo()
    pending, rows, distinct = _pending_and_rows(store)
    assert rows == distinct and pending + rows == 250  # nothing lost, nothing doubled
    assert rows == (50 if fail_in == "write" else 100)  # committed batches stay committed
    with store.connection() as conn:  # every connection went back to the pool, none left in a transaction
        assert (
            conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND state = 'idle in transaction'"
            ).fetchone()[0]
            == 0
        )
    assert run_realtime(store, batch_size=50).turns_embedded == pending
    assert _pending_and_rows(store) == (0, 250, 250)


def test_drain_honours_max_batches_and_stop(store: MemoryStore) -> None:
    _stage_turns(store, 200)
    drained = store.tiers.drain_pending(30, max_batches=2)
    assert (drained.turns, drained.batches) == (60, 2)
    seen: list[int] = []
    assert store.tiers.drain_pending(30, on_batch=seen.append, should_stop=lambda: len(seen) >= 1).batches <= 2
    assert _pending_and_rows(store)[0] + _pending_and_rows(store)[1] == 200
