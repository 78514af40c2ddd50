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
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

from . import memories, meta, staging
from .types import ClaimedTurn, Embedder


def drain_pending(
    pool: ConnectionPool,
    embedder: Embedder,
    batch_size: int,
    *,
    max_batches: int | None = None,
    on_batch: Callable[[int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> tuple[int, int]:
    """Embed pending turns until none are left (or ``max_batches``, or ``should_stop()``).

    Takes connections from ``pool`` (two at a time: one writing, one claiming) and
    expects ``embedder`` already checked against the database (``Tiers.embedder``).
    Returns (turns embedded, batches committed). ``on_batch(n)`` runs after each commit.
    """
    turns = batches = 0
    held: list[psycopg.Connection] = []  # connections taken from the pool, not yet given back
    writing: tuple[cf.Future[int], psycopg.Connection] | None = None

    def finish() -> None:  # wait for the batch being written; count it; give its connection back
        nonlocal writing, turns, batches
        assert writing is not None
        future, conn = writing
        writing = None
        n = future.result()
        held.remove(conn)
        pool.putconn(conn)
        turns, batches = turns + n, batches + 1
        if on_batch is not None:
            on_batch(n)

    with cf.ThreadPoolExecutor(max_workers=1, thread_name_prefix="tiermem-write") as writer:
        try:
            while (max_batches is None or batches + (writing is not None) < max_batches) and not (
                should_stop is not None and should_stop()
            ):
                conn = pool.getconn()
                held.append(conn)
                meta.check_fingerprint(conn, embedder.fingerprint)
                claimed = staging.claim_pending(conn, batch_size)
                vectors = embedder.embed_documents([row.content for row in claimed]) if claimed else None
                if writing is not None:
                    finish()
                if not claimed:
                    break
                writing = (writer.submit(_write, conn, claimed, vectors, embedder.fingerprint), conn)
            if writing is not None:
                finish()
        finally:
            if writing is not None:  # an error here: let the write end before touching its connection
                cf.wait([writing[0]])
            for conn in held:
                try:
                    conn.rollback()  # a no-op for a batch that committed
                finally:
                    pool.putconn(conn)
    return turns, batches


def _write(conn: psycopg.Connection, claimed: list[ClaimedTurn], vectors: Any, fingerprint: str) -> int:
    """Store one claimed batch as provisional rows, mark its turns, and commit (runs on the writer thread)."""
    memories.write_provisional(conn, claimed, vectors, fingerprint)
    conn.execute(staging.MARK_PROVISIONAL, ([row.event_id for row in claimed],))
    conn.commit()
    return len(claimed)
