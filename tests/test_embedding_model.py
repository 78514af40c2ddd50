"""Invariant 9: one embedding model per table."""

from __future__ import annotations

import threading

import psycopg
import pytest

from consolidators import load_consolidator
from consolidators.types import ConsolidationResult, Context, Transcript
from memory_sink import MemoryStore, ModelMismatchError
from memory_sink.config import Config
from memory_sink.meta import set_fingerprint, stored_fingerprint
from memory_sink.models import RECIPE_VERSION
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime


def test_first_embedder_records_its_fingerprint(store: MemoryStore) -> None:
    with store.connection() as conn:
        assert stored_fingerprint(conn) is None
    fingerprint = store.embedder.fingerprint
    with store.connection() as conn:
        assert stored_fingerprint(conn) == fingerprint


def test_a_different_model_is_refused_with_a_clear_message(config: Config, store: MemoryStore) -> None:
    store.stage("s", "user", "I prefer tea", seq=1)
    run_realtime(store)
    with store.connection() as conn:
        set_fingerprint(conn, "bge-small-en-v1.5-int8:cls:0123456789abcdef")
    with MemoryStore.open(config) as other:
        with pytest.raises(ModelMismatchError) as err:
            other.recall("tea")
        message = str(err.value)
        assert "bge-small-en-v1.5-int8:cls:0123456789abcdef" in message
        assert other.config.embedder.model in message
        assert "tiermem reembed" in message
        with pytest.raises(ModelMismatchError):
            run_realtime(other)


def test_reembed_rewrites_every_vector_and_adopts_the_model(config: Config, store: MemoryStore) -> None:
    store.stage("s", "user", "I prefer tea", seq=1)
    run_realtime(store)
    with store.connection() as conn:
        set_fingerprint(conn, "some-other-model:mean:0000")
        conn.execute(
            "UPDATE memory SET embed_model = 'some-other-model:mean:0000', "
            "embedding = array_fill(0.01, ARRAY[384])::vector"
        )
    with MemoryStore.open(config) as fresh:
        assert fresh.tiers.reembed() == 1
        found = fresh.recall("what does the user drink?")
        assert found[0].content == "I prefer tea" and found[0].score > 0.3
        with fresh.connection() as conn:
            models = conn.execute("SELECT DISTINCT embed_model FROM memory").fetchall()
        assert models == [(fresh.embedder.fingerprint,)]


OTHER_MODEL = "some-other-model-int8:mean:feedfacefeedface"


def switch_model_as_reembed_would(dsn: str, fingerprint: str) -> None:
    """What ``reembed`` does to the meta table from another process: lock it, record the new model."""
    with psycopg.connect(dsn) as conn:
        conn.execute("LOCK TABLE tiermem_meta IN EXCLUSIVE MODE")
        set_fingerprint(conn, fingerprint)


def provisional_models(store: MemoryStore) -> list[tuple[str, int]]:
    with store.connection() as conn:
        return conn.execute(
            "SELECT embed_model, count(*) FROM memory WHERE tier = 'provisional' GROUP BY 1 ORDER BY 1"
        ).fetchall()


class Counting:
    """Passes sessions through, counting the (in production, paid-for) consolidator calls."""

    name = "counting"

    def __init__(self) -> None:
        self.calls = 0
        self.inner = load_consolidator("passthrough", {})

    def consolidate(self, transcript: Transcript, context: Context) -> ConsolidationResult:
        self.calls += 1
        return self.inner.consolidate(transcript, context)


def test_vectors_of_the_previous_int8_recipe_are_refused_until_reembedded(config: Config, store: MemoryStore) -> None:
    """A new quantization recipe is a new model: its vectors never mix with the old build's."""
    store.stage("s", "user", "I prefer tea", seq=1)
    run_realtime(store)
    current = store.embedder.fingerprint
    assert current.endswith(f"-int8-r{RECIPE_VERSION}")
    previous = current.removesuffix(f"-r{RECIPE_VERSION}") + f"-r{RECIPE_VERSION - 1}"
    with store.connection() as conn:
        set_fingerprint(conn, previous)
        conn.execute("UPDATE memory SET embed_model = %s", (previous,))
    with MemoryStore.open(config) as other:
        store.stage("s", "user", "I switched to coffee", seq=2)
        with pytest.raises(ModelMismatchError, match="tiermem reembed"):
            run_realtime(other)
        assert other.tiers.reembed() == 1
        run_realtime(other)
        with other.connection() as conn:
            assert stored_fingerprint(conn) == current
            models = conn.execute("SELECT embed_model, count(*) FROM memory GROUP BY 1").fetchall()
        assert models == [(current, 2)]


@pytest.mark.parametrize("stale_store", [False, True], ids=["fresh-store", "store-opened-before-the-switch"])
def test_consolidate_refuses_a_model_mismatch_before_any_session(
    config: Config, store: MemoryStore, stale_store: bool
) -> None:
    for sid in ("a", "b", "c"):
        store.stage(sid, "user", f"I prefer tea ({sid})", seq=1)
    run_realtime(store)
    switch_model_as_reembed_would(config.database.dsn or "", OTHER_MODEL)
    counting = Counting()
    with MemoryStore.open(config) as fresh:
        target = store if stale_store else fresh
        with pytest.raises(ModelMismatchError, match=f"made by embedder {OTHER_MODEL}.*tiermem reembed"):
            run_consolidate(target, consolidator=counting)
    assert counting.calls == 0  # no LLM cost for a run that cannot write
    with store.connection() as conn:
        assert conn.execute("SELECT count(*) FROM consolidation_state").fetchone() == (0,)  # nobody parked
        assert conn.execute("SELECT count(*) FROM memory WHERE tier = 'consolidated'").fetchone() == (0,)


class SwitchingMidRun(Counting):
    """Passes sessions through; during the first call, another process re-embeds with another model."""

    def __init__(self, dsn: str) -> None:
        super().__init__()
        self.dsn = dsn

    def consolidate(self, transcript: Transcript, context: Context) -> ConsolidationResult:
        if self.calls == 0:
            switch_model_as_reembed_would(self.dsn, OTHER_MODEL)
        return super().consolidate(transcript, context)


def test_a_reembed_during_a_consolidate_run_stops_the_run_and_charges_no_session(
    config: Config, store: MemoryStore
) -> None:
    for sid in ("a", "b", "c"):
        store.stage(sid, "user", f"I prefer tea ({sid})", seq=1)
    run_realtime(store)
    with pytest.raises(ModelMismatchError, match=f"made by embedder {OTHER_MODEL}"):
        run_consolidate(store, consolidator=SwitchingMidRun(config.database.dsn or ""))
    with store.connection() as conn:
        # Invariant 8's bookkeeping is for a session's own failures: none was recorded here,
        # so no session backs off or gets parked for the model change.
        assert conn.execute("SELECT count(*) FROM consolidation_state WHERE attempts > 0").fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM memory WHERE tier = 'consolidated'").fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM memory WHERE tier = 'provisional'").fetchone() == (3,)


def test_a_store_opened_before_a_reembed_elsewhere_is_refused_and_writes_nothing(
    config: Config, store: MemoryStore
) -> None:
    store.stage("s", "user", "I prefer tea", seq=1)
    run_realtime(store)  # store A has loaded and checked its model
    store.stage("s", "user", "and biscuits", seq=2)
    switch_model_as_reembed_would(config.database.dsn or "", OTHER_MODEL)  # process B, another model
    with pytest.raises(ModelMismatchError, match=f"made by embedder {OTHER_MODEL}"):
        run_realtime(store)
    with pytest.raises(ModelMismatchError):
        store.tiers.drain_pending(10, max_batches=1)
    assert provisional_models(store) == [(store.embedder.fingerprint, 1)]  # the new turn was not embedded
    with store.connection() as conn:
        assert conn.execute("SELECT count(*) FROM memory_staging WHERE provisional_at IS NULL").fetchone() == (1,)


def test_a_tick_in_flight_during_a_reembed_waits_for_it_then_is_refused(config: Config, store: MemoryStore) -> None:
    store.stage("s", "user", "I prefer tea", seq=1)
    store.embedder  # loaded and checked before the reembed starts
    outcome: list[BaseException | object] = []
    with psycopg.connect(config.database.dsn or "") as reembed:
        reembed.execute("LOCK TABLE tiermem_meta IN EXCLUSIVE MODE")  # a reembed has begun
        tick = threading.Thread(target=lambda: outcome.append(_run_or_error(store)))
        tick.start()
        tick.join(timeout=3)
        assert tick.is_alive(), f"the tick should wait for the reembed's lock, got {outcome}"
        set_fingerprint(reembed, OTHER_MODEL)
    tick.join(timeout=60)  # the reembed committed: the tick reads the new model and stops
    assert len(outcome) == 1 and isinstance(outcome[0], ModelMismatchError), outcome
    assert provisional_models(store) == []


def _run_or_error(store: MemoryStore) -> BaseException | object:
    try:
        return run_realtime(store)
    except BaseException as exc:  # handed to the test thread
        return exc


def test_a_follower_stops_with_the_mismatch_after_a_reembed_elsewhere(config: Config, store: MemoryStore) -> None:
    from pipelines.follow import run_follow

    ready, stop = threading.Event(), threading.Event()
    outcome: list[BaseException | object] = []

    def follow() -> None:
        try:
            outcome.append(run_follow(store, poll_seconds=0.2, stop=stop, on_ready=ready.set))
        except BaseException as exc:  # handed to the test thread
            outcome.append(exc)

    worker = threading.Thread(target=follow)
    worker.start()
    try:
        assert ready.wait(60)
        switch_model_as_reembed_would(config.database.dsn or "", OTHER_MODEL)
        store.stage("s", "user", "I prefer tea", seq=1)  # wakes the follower
        worker.join(timeout=60)
    finally:
        stop.set()
        worker.join(timeout=30)
    assert len(outcome) == 1 and isinstance(outcome[0], ModelMismatchError), outcome
    assert provisional_models(store) == []


def test_a_swap_by_a_store_opened_before_a_reembed_elsewhere_is_refused(config: Config, store: MemoryStore) -> None:
    store.stage("s", "user", "I prefer tea", seq=1)
    run_realtime(store)
    events = store.tiers.read_session("default", "s")
    switch_model_as_reembed_would(config.database.dsn or "", OTHER_MODEL)
    with pytest.raises(ModelMismatchError, match=f"made by embedder {OTHER_MODEL}"):
        store.tiers.swap_session(events, [])
    with store.connection() as conn:
        assert conn.execute("SELECT count(*) FROM memory_staging WHERE consolidated_at IS NULL").fetchone() == (1,)
    assert provisional_models(store) == [(store.embedder.fingerprint, 1)]  # the session was left as it was
