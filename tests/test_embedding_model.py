"""Invariant 9: one embedding model per table."""

from __future__ import annotations

import pytest

from memory_sink import MemoryStore, ModelMismatchError
from memory_sink.config import Config
from memory_sink.meta import set_fingerprint, stored_fingerprint
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
        conn.execute("UPDATE memory SET embed_model = 'some-other-model:mean:0000', "
                     "embedding = array_fill(0.01, ARRAY[384])::vector")
    with MemoryStore.open(config) as fresh:
        assert fresh.reembed() == 1
        found = fresh.recall("what does the user drink?")
        assert found[0].content == "I prefer tea" and found[0].score > 0.3
        with fresh.connection() as conn:
            models = conn.execute("SELECT DISTINCT embed_model FROM memory").fetchall()
        assert models == [(fresh.embedder.fingerprint,)]
