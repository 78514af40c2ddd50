"""Embedding the next chunk's passages while this chunk swaps.

A chunk's swaps are mostly the database's work (inserting each new row into the
HNSW graph) and leave this process waiting on it; its embedding is this
process's work and leaves the database idle. On 2 cores, run one after the
other, each leaves a core idle. Most of what a chunk embeds is fixed by its
turns alone — one passage per turn, ``role: text`` (``passages.turn_passage_texts``)
— so while chunk k swaps, a background thread reads chunk k+1's sessions and
embeds those texts; chunk k+1 then embeds only what its consolidator decided
(facts, summaries) and anything the guess missed.

Nothing it does can change a result:

- a guess is only a guess: a row takes a vector from it only for a text equal to
  one it embedded, by the same model (``Tiers.embed_new_rows(known=...)``), and a
  text's vector does not depend on its batchmates, so it is the vector the chunk
  would have computed (``test_embedder``: identical alone and in any batch);
- it reads staged turns and writes nothing; chunk k+1 still reads its sessions,
  its consolidators' context and everything else after chunk k's swaps committed;
- a failure ahead (the database, the model) is logged and forgotten: the chunk
  then embeds all its texts itself, as without a lookahead.

The embedder is never used by two threads at once: the guess for chunk k+1
starts after chunk k's own embedding and is taken before chunk k+1's.
"""

from __future__ import annotations

import concurrent.futures as cf
import logging
from collections.abc import Sequence

from memory_sink import MemoryStore
from memory_sink.tiers import KnownVectors

from .passages import session_turns, turn_passage_texts

log = logging.getLogger(__name__)


def passage_texts(store: MemoryStore, sessions: Sequence[tuple[str, str]]) -> list[str]:
    """The texts the passages of ``sessions`` will embed, read from their staged turns."""
    texts: list[str] = []
    for namespace, session_id in sessions:
        texts += turn_passage_texts(session_turns(store.tiers.read_session(namespace, session_id)))
    return texts


def _embed_ahead(store: MemoryStore, sessions: Sequence[tuple[str, str]]) -> KnownVectors:
    return store.tiers.embed_ahead(passage_texts(store, sessions))


class Lookahead:
    """One background thread embedding the next chunk's passages; use as a context manager."""

    def __init__(self, store: MemoryStore) -> None:
        self._store = store
        self._executor = cf.ThreadPoolExecutor(1, thread_name_prefix="tiermem-lookahead")
        self._pending: cf.Future[KnownVectors] | None = None

    def __enter__(self) -> Lookahead:
        return self

    def __exit__(self, *exc: object) -> None:
        self._executor.shutdown(wait=True, cancel_futures=True)

    def start(self, sessions: Sequence[tuple[str, str]]) -> None:
        """Begin embedding the passages of ``sessions`` (the next chunk); forgets an untaken guess."""
        self.take()
        if sessions:
            self._pending = self._executor.submit(_embed_ahead, self._store, list(sessions))

    def take(self) -> KnownVectors | None:
        """The vectors of the last ``start``, once embedded; None if none was started or it failed."""
        pending, self._pending = self._pending, None
        if pending is None:
            return None
        try:
            return pending.result()
        except Exception as exc:  # the chunk embeds everything itself, as without a lookahead
            log.warning("embedding the next chunk's passages ahead failed (%s); the chunk embeds them itself", exc)
            return None
