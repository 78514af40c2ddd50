"""The lookahead (pipelines.lookahead): the next chunk's passages embedded while a chunk swaps.

It changes cost, never results: every stored vector is the one its text gets
embedded alone, a vector made by another model is never taken, and a lookahead
that fails leaves the run to embed everything itself.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

import numpy as np
import pytest

from consolidators import load_consolidator
from consolidators.types import ConsolidationResult, Context, Transcript
from memory_sink import MemoryStore
from memory_sink.tiers import KnownVectors, Tiers
from memory_sink.types import NewMemory
from memory_sink.vocab import Kind
from pipelines import consolidate as cons
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime


def _stage(store: MemoryStore, sessions: int, prefix: str = "s", also: str = "", realtime: bool = True) -> None:
    """Sessions of four turns of their own (and ``also``, said in every session, if given), in two
    namespaces taking turns: a chunk holds one session per namespace (``pipelines.shards.ChunkQueue``).
    Without ``realtime`` the turns have no provisional rows (the realtime job lagged behind)."""
    turns = [f"I moved to Lisbon and I drink tea number {{s}}. Turn {i}." for i in range(4)] + ([also] if also else [])
    store.stage_many(
        [
            {
                "session_id": f"{prefix}{s}",
                "namespace": f"n{s % 2}",
                "role": "user" if i % 2 == 0 else "assistant",
                "seq": i,
                "content": text.format(s=s),
            }
            for s in range(sessions)
            for i, text in enumerate(turns)
        ]
    )
    if realtime:
        run_realtime(store)


def _stored(store: MemoryStore) -> list[tuple[str, str, np.ndarray]]:
    """(session, the text each consolidated row's vector read, the vector)."""
    with store.connection() as conn:
        rows = conn.execute(
            "SELECT session_id, kind, coalesce(embed_text, CASE WHEN kind = 'episode' THEN "
            "nullif(metadata->>'summary', '') END, content), embedding FROM memory WHERE tier = 'consolidated'"
        ).fetchall()
    return [(sid, text, np.asarray(vec.to_numpy() if hasattr(vec, "to_numpy") else vec)) for sid, _, text, vec in rows]


def _spy(store: MemoryStore, monkeypatch: pytest.MonkeyPatch) -> list[tuple[bool, list[str]]]:
    """Every embedding call: (made by the lookahead thread, its texts)."""
    calls: list[tuple[bool, list[str]]] = []
    original = store.embedder.embed_documents

    def spy(texts: list[str]) -> np.ndarray:
        calls.append((threading.current_thread().name.startswith("tiermem-lookahead"), list(texts)))
        return original(texts)

    monkeypatch.setattr(store.embedder, "embed_documents", spy)
    return calls


def test_later_chunks_take_their_passages_from_the_lookahead_and_store_each_text_s_own_vector(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    # one turn said in every session; no provisional rows, so the passages are the lookahead's to embed
    _stage(store, 6, also="Thanks! That fixed it.", realtime=False)
    alone_of = store.embedder.embed_documents
    monkeypatch.setattr(cons, "EMBED_CHUNK", 2)  # three chunks: two of them prepared ahead
    calls = _spy(store, monkeypatch)
    assert run_consolidate(store, min_quiet_seconds=0).sessions_consolidated == 6
    ahead = {t for by_lookahead, texts in calls if by_lookahead for t in texts}
    every = [t for _, texts in calls for t in texts]
    stored = _stored(store)
    assert len({sid for sid, text, _ in stored if text in ahead}) == 4  # the second and third chunks' sessions
    with store.connection() as conn:
        said = {text for (text,) in conn.execute("SELECT content FROM memory_staging").fetchall()}
    passages = ahead & said  # a passage's vector reads its turn's words as said
    # their own 4 turns' passages each, and their episode's summary (the extractive one foresees episodes)
    assert len(passages) == 16 and len(ahead - passages) == 4 and ahead <= {text for _, text, _ in stored}
    assert "Thanks! That fixed it." in every and len(every) == len(set(every))  # no text embedded twice
    later = [texts for by_lookahead, texts in calls[1:] if not by_lookahead]  # the later chunks' own calls
    assert later and all(t.startswith("user ") for texts in later for t in texts)  # their facts only
    for sid, text, vector in stored:
        assert np.array_equal(vector, alone_of([text])[0]), (sid, text)


def test_turns_embedded_by_the_realtime_job_are_not_embedded_again(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    _stage(store, 6, also="Thanks! That fixed it.")
    with store.connection() as conn:
        said = {text for (text,) in conn.execute("SELECT content FROM memory_staging").fetchall()}
    alone_of = store.embedder.embed_documents
    monkeypatch.setattr(cons, "EMBED_CHUNK", 2)
    calls = _spy(store, monkeypatch)
    assert run_consolidate(store, min_quiet_seconds=0).sessions_consolidated == 6
    every = [t for _, texts in calls for t in texts]
    stored = _stored(store)
    # every turn's passage vector is its provisional row's, taken by text: the model reads no turn twice
    assert said <= {text for _, text, _ in stored} and not said & set(every)
    assert every and len(every) == len(set(every))  # what is left (summaries, facts) embedded once each
    for sid, text, vector in stored:
        assert np.array_equal(vector, alone_of([text])[0]), (sid, text)


def test_a_failing_lookahead_leaves_each_chunk_to_embed_everything(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    _stage(store, 4)
    alone_of = store.embedder.embed_documents
    monkeypatch.setattr(cons, "EMBED_CHUNK", 2)

    def broken(self: Tiers, *args: Any) -> KnownVectors:
        raise RuntimeError("no memory for the lookahead")

    monkeypatch.setattr(Tiers, "embed_ahead", broken)
    with caplog.at_level(logging.WARNING, logger="pipelines.lookahead"):
        assert run_consolidate(store, min_quiet_seconds=0).sessions_consolidated == 4
    assert "no memory for the lookahead" in caplog.text
    for sid, text, vector in _stored(store):
        assert np.array_equal(vector, alone_of([text])[0]), (sid, text)


def _facts(*texts: str) -> list[NewMemory]:
    at = datetime(2026, 1, 5, tzinfo=UTC)
    return [NewMemory(kind=Kind.FACT, content=t, embed_text=t, event_ids=("e",), valid_from=at) for t in texts]


def test_a_known_vector_serves_only_its_own_text_and_model(store: MemoryStore) -> None:
    rows = _facts("user lives in Oslo", "user drinks tea", "user lives in Oslo")
    fresh = store.tiers.embed_new_rows(rows)
    marker = np.full(store.embedder.dim, 0.5, dtype=np.float32)
    ours = KnownVectors(store.embedder.fingerprint, {"user lives in Oslo": marker, "user lives in Oslo ": -marker})
    served = store.tiers.embed_new_rows(rows, known=ours)
    assert np.array_equal(served[[0, 2]], [marker, marker])  # taken, for both rows that read it
    assert np.array_equal(served[1], fresh[1])  # a text it lacks is embedded
    theirs = KnownVectors("another-model:mean:0000", {"user lives in Oslo": marker})
    assert np.array_equal(store.tiers.embed_new_rows(rows, known=theirs), fresh)  # never another model's


class Warming:
    """The extractive consolidator, recording each warm-up: (by the lookahead thread, session count)."""

    name = "warming"

    def __init__(self, fail: bool = False) -> None:
        self.inner = load_consolidator("extractive", {})
        self.fail = fail
        self.warmed: list[tuple[bool, int]] = []

    def warm(self, sessions: Any) -> None:
        self.warmed.append((threading.current_thread().name.startswith("tiermem-lookahead"), len(sessions)))
        if self.fail:
            raise RuntimeError("no parser today")

    def consolidate(self, transcript: Transcript, context: Context) -> ConsolidationResult | Mapping[str, Any]:
        return self.inner.consolidate(transcript, context)


def test_the_next_chunk_is_warmed_ahead_once_and_a_failing_warm_up_fails_no_session(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    _stage(store, 6)
    monkeypatch.setattr(cons, "EMBED_CHUNK", 2)
    warming = Warming()
    assert run_consolidate(store, min_quiet_seconds=0, consolidator=warming).sessions_consolidated == 6
    assert warming.warmed == [(False, 2), (True, 2), (True, 2)]  # the first chunk warms itself; no chunk twice
    _stage(store, 4, prefix="t")  # a second night
    failing = Warming(fail=True)
    assert run_consolidate(store, min_quiet_seconds=0, consolidator=failing).sessions_consolidated == 4
    # a failed warm-up ahead leaves the chunk to warm itself (and fail again, harmlessly)
    assert sorted(failing.warmed) == [(False, 2), (False, 2), (True, 2)]  # the third chunk's ahead, as the second warms


def test_one_namespace_s_sessions_are_each_warmed_ahead_while_the_one_before_swaps(store: MemoryStore) -> None:
    store.stage_many(
        [{"session_id": f"s{s}", "role": "user", "seq": 1, "content": f"I drink tea {s}."} for s in range(3)]
    )
    run_realtime(store)
    warming = Warming()
    assert run_consolidate(store, min_quiet_seconds=0, consolidator=warming).sessions_consolidated == 3
    # chunks of one (a namespace's sessions run in order); the first is parsed as it runs, no batch for one
    assert warming.warmed == [(True, 1), (True, 1)]


def test_a_lookahead_hands_the_interpreter_back_sooner_and_restores_it_after_the_last() -> None:
    import sys

    from pipelines import lookahead

    before = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.005)
        store, consolidator = object(), object()
        with lookahead.Lookahead(store, consolidator):  # type: ignore[arg-type]
            assert sys.getswitchinterval() <= lookahead.SWITCH_SECONDS
            with lookahead.Lookahead(store, consolidator):  # type: ignore[arg-type]  # another run in the process
                pass
            assert sys.getswitchinterval() <= lookahead.SWITCH_SECONDS  # still lowered: the first still runs
        assert sys.getswitchinterval() == pytest.approx(0.005)
        with pytest.raises(RuntimeError), lookahead.Lookahead(store, consolidator):  # type: ignore[arg-type]
            raise RuntimeError("a failing run")
        assert sys.getswitchinterval() == pytest.approx(0.005)
    finally:
        sys.setswitchinterval(before)


def test_the_extractive_consolidator_foresees_exactly_the_episodes_it_returns() -> None:
    from consolidators import ForeseesEpisodes, build_transcript
    from consolidators.types import ActiveFact, Turn

    extractive = load_consolidator("extractive", {})
    assert isinstance(extractive, ForeseesEpisodes)
    at = datetime(2026, 1, 5, tzinfo=UTC)
    turns = [
        Turn(event_id=f"e{i}", role="user", content=f"I moved to Lisbon. I drink tea number {i}.", ts=at, seq=i)
        for i in range(5)
    ]
    transcript = build_transcript("ns", "s", turns, max_gap_seconds=1800, max_turns=2, max_words=400)
    held = Context(active_facts=(ActiveFact(id="f", subject="user", predicate="lives in", object="Oslo"),))
    for context in (Context(), held):
        assert extractive.consolidate(transcript, context).episodes == extractive.episodes(transcript)  # type: ignore[union-attr]


class Foreseeing(Warming):
    """Foresees its episodes, or fails to."""

    def __init__(self, fail: bool) -> None:
        super().__init__()
        self.fail_foresight = fail

    def episodes(self, transcript: Transcript) -> Any:
        if self.fail_foresight:
            raise RuntimeError("no crystal ball")
        return self.inner.episodes(transcript)  # type: ignore[attr-defined]


@pytest.mark.parametrize("fail", [False, True])
def test_foreseen_episodes_store_each_text_s_own_vector_and_a_failing_foresight_fails_no_session(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, fail: bool
) -> None:
    _stage(store, 4, realtime=False)  # the lookahead then embeds the next chunk's passages, whatever it foresees
    alone_of = store.embedder.embed_documents
    monkeypatch.setattr(cons, "EMBED_CHUNK", 2)
    calls = _spy(store, monkeypatch)
    with caplog.at_level(logging.WARNING, logger="pipelines.lookahead"):
        assert run_consolidate(store, min_quiet_seconds=0, consolidator=Foreseeing(fail)).sessions_consolidated == 4
    assert ("no crystal ball" in caplog.text) == fail
    last_ahead = max(i for i, (by_lookahead, _) in enumerate(calls) if by_lookahead)
    last_own = [t for by_lookahead, texts in calls[last_ahead:] if not by_lookahead for t in texts]  # chunk two's
    summaries = [t for t in last_own if not t.startswith("user ")]
    assert len(summaries) == (2 if fail else 0)  # without foresight the chunk embeds its summaries itself
    for sid, text, vector in _stored(store):
        assert np.array_equal(vector, alone_of([text])[0]), (sid, text)
