"""The store's seams: an injected embedder, and the vector width checked when it is first used."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np
import pytest

from memory_sink import Embedder, MemoryStore, meta
from memory_sink.config import Config
from memory_sink.errors import ModelMismatchError
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime


class HashEmbedder:
    """A stand-in model: a text's vector is a function of its words, so equal words meet."""

    name = "hash-words"

    def __init__(self, dim: int = 384) -> None:
        self.dim = dim
        self.fingerprint = f"hash-words:{dim}"
        self.documents: list[str] = []
        self.queries: list[str] = []

    def _vector(self, text: str) -> np.ndarray:
        vec = np.zeros(self.dim, dtype=np.float32)
        for word in text.lower().split():
            vec[int(hashlib.sha256(word.strip("?.!,").encode()).hexdigest(), 16) % self.dim] += 1.0
        norm = float(np.linalg.norm(vec))
        return vec / norm if norm else vec

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        self.documents.extend(texts)
        return np.stack([self._vector(t) for t in texts]) if texts else np.empty((0, self.dim), np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        self.queries.append(text)
        return self._vector(text)


def test_an_injected_embedder_serves_both_tiers_and_recall(config: Config) -> None:
    fake = HashEmbedder()
    typed: Embedder = fake  # the Protocol is what the constructor takes
    with MemoryStore.open(config, embedder=typed) as store:
        store.stage("s1", "user", "I keep bees on the roof", seq=1)
        store.stage("s1", "user", "my favourite tea is oolong", seq=2)
        run_realtime(store)
        assert sorted(fake.documents) == ["I keep bees on the roof", "my favourite tea is oolong"]
        found = store.recall("bees roof", k=1)
        assert fake.queries == ["bees roof"]
        assert [(m.tier, m.content) for m in found] == [("provisional", "I keep bees on the roof")]
        assert store.embedder is fake
        run_consolidate(store, min_quiet_seconds=0)
        assert any(m.tier == "consolidated" for m in store.recall("oolong tea", k=3))
        with store.connection() as conn:
            assert meta.stored_fingerprint(conn) == "hash-words:384"
            models = conn.execute("SELECT DISTINCT embed_model FROM memory").fetchall()
        assert models == [("hash-words:384",)]


def test_an_embedder_of_another_width_is_refused_naming_both_and_recording_nothing(config: Config) -> None:
    with MemoryStore.open(config, embedder=HashEmbedder(dim=8)) as store:
        store.stage("s1", "user", "hello there", seq=1)
        with pytest.raises(ModelMismatchError) as info:
            run_realtime(store)
        message = str(info.value)
        assert "\n" not in message
        assert "hash-words:8 makes 8-d vectors" in message and "holds 384-d vectors" in message
        with pytest.raises(ModelMismatchError, match="8-d"):
            store.recall("hello")
        with store.connection() as conn:
            assert meta.stored_fingerprint(conn) is None  # refused before its fingerprint was claimed
            assert meta.vector_dim(conn) == 384


def test_reembed_refuses_a_model_of_another_width(config: Config) -> None:
    with MemoryStore.open(config, embedder=HashEmbedder(dim=16)) as store:
        with pytest.raises(ModelMismatchError, match="16-d vectors.*384-d"):
            store.tiers.reembed()
