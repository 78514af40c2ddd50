"""The realtime drain: batch after batch, writing one while the next is embedded.

Profiled on 2 cores, a realtime batch spends ~85% of its time in the model and
~14% in PostgreSQL (the COPY's index maintenance, mostly HNSW inserts), with
the Python process using ~1.3 of the 2 cores. Overlapping the write of batch k
with the embedding of batch k+1 puts the idle capacity to work.

Invariant 2 is untouched: every batch is still its own transaction (claim with
``FOR UPDATE SKIP LOCKED``, embed, COPY, mark, commit). Batch k+1 is claimed
while batch k's transaction still holds its row locks, so SKIP LOCKED keeps the
two disjoint. A failure anywhere rolls back every batch not yet committed and
re-raises; their turns are claimed again by the next tick.

Invariant 9: each batch's transaction first re-checks the recorded model
(``meta.check_fingerprint``), so a long-running worker stops with a clear error
after a ``tiermem reembed`` elsewhere instead of writing the old model's vectors.
"""

from __future__ import annotations

import concurrent.futures as cf
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

from . import memories, meta, staging
from .types import ClaimedTurn, Embedder


@dataclass(frozen=True)
class Drained:
    """What a drain committed: the turns it embedded, in how many batches."""

    turns: int
    batches: int


def drain_pending(
    pool: ConnectionPool,
    embedder: Embedder,
    batch_size: int,
    *,
    max_batches: int | None = None,
    on_batch: Callable[[int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Drained:
    """Embed pending turns until none are left (or ``max_batches``, or ``should_stop()``).

    Takes connections from ``pool`` (two at a time: one writing, one claiming) and
    expects ``embedder`` already checked against the database (``Tiers.embedder``).
    ``on_batch(n)`` runs after each commit.
    """
    with cf.ThreadPoolExecutor(max_workers=1, thread_name_prefix="tiermem-write") as writer:
        drain = _Overlap(pool, embedder, writer, on_batch)
        try:
            while (max_batches is None or drain.batches_begun() < max_batches) and not (
                should_stop is not None and should_stop()
            ):
                if not drain.next_batch(batch_size):
                    break
            drain.finish()
        finally:
            drain.release()
    return Drained(turns=drain.turns, batches=drain.batches)


class _Overlap:
    """One drain's state: the batch being written on the writer thread while the next is claimed and embedded."""

    def __init__(
        self,
        pool: ConnectionPool,
        embedder: Embedder,
        writer: cf.ThreadPoolExecutor,
        on_batch: Callable[[int], None] | None,
    ) -> None:
        self.pool, self.embedder, self.writer, self.on_batch = pool, embedder, writer, on_batch
        self.turns = self.batches = 0
        self.held: list[psycopg.Connection] = []  # connections taken from the pool, not yet given back
        self.writing: cf.Future[int] | None = None
        self.writing_conn: psycopg.Connection | None = None

    def batches_begun(self) -> int:
        return self.batches + (self.writing is not None)

    def next_batch(self, batch_size: int) -> bool:
        """Claim and embed a batch while the previous one is written, then hand it to the writer;
        False when nothing was pending (the previous batch is finished either way)."""
        conn = self.pool.getconn()
        self.held.append(conn)
        meta.check_fingerprint(conn, self.embedder.fingerprint)
        claimed = staging.claim_pending(conn, batch_size)
        vectors = self.embedder.embed_documents([row.content for row in claimed]) if claimed else None
        self.finish()
        if not claimed:
            return False
        self.writing = self.writer.submit(_write, conn, claimed, vectors, self.embedder.fingerprint)
        self.writing_conn = conn
        return True

    def finish(self) -> None:
        """Wait for the batch being written, if any; count it; give its connection back."""
        if self.writing is None or self.writing_conn is None:
            return
        future, conn = self.writing, self.writing_conn
        self.writing = self.writing_conn = None
        n = future.result()
        self.held.remove(conn)
        self.pool.putconn(conn)
        self.turns, self.batches = self.turns + n, self.batches + 1
        if self.on_batch is not None:
            self.on_batch(n)

    def release(self) -> None:
        """Roll back what did not commit (after an error) and give every connection back."""
        if self.writing is not None:  # an error here: let the write end before touching its connection
            cf.wait([self.writing])
        for conn in self.held:
            try:
                conn.rollback()  # a no-op for a batch that committed
            finally:
                self.pool.putconn(conn)


def _write(conn: psycopg.Connection, claimed: list[ClaimedTurn], vectors: Any, fingerprint: str) -> int:
    """Store one claimed batch as provisional rows, mark its turns, and commit (runs on the writer thread)."""
    memories.write_provisional(conn, claimed, vectors, fingerprint)
    conn.execute(staging.MARK_PROVISIONAL, ([row.event_id for row in claimed],))
    conn.commit()
    return len(claimed)
