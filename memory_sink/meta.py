"""The ``tiermem_meta`` table: facts about the database itself.

Invariant 9: one embedding model per table. The first embedder to write records
its fingerprint; any other is refused until the table is re-embedded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import psycopg

from .errors import ModelMismatchError

if TYPE_CHECKING:
    from .types import Embedder

FINGERPRINT_KEY = "embed_fingerprint"
GET = "SELECT value FROM tiermem_meta WHERE key = %s"
# Invariant 9 across processes: every write of vectors takes ROW SHARE on the
# table, which conflicts with reembed's LOCK TABLE ... IN EXCLUSIVE MODE, then
# re-reads the fingerprint. A write that starts during a reembed waits for it
# and then sees the new model (and is refused); a reembed waits for the writes
# already under way. A table lock, not SELECT ... FOR SHARE: a row lock writes
# the row (and, with parallel workers, multixacts) on every batch.
LOCK_FOR_WRITE = "LOCK TABLE tiermem_meta IN ROW SHARE MODE"
SET_IF_ABSENT = "INSERT INTO tiermem_meta (key, value) VALUES (%s, %s) ON CONFLICT (key) DO NOTHING"
SET = """
INSERT INTO tiermem_meta (key, value) VALUES (%s, %s)
ON CONFLICT (key) DO UPDATE SET value = excluded.value
"""


def stored_fingerprint(conn: psycopg.Connection) -> str | None:
    row = conn.execute(GET, (FINGERPRINT_KEY,)).fetchone()
    return row[0] if row else None


def claim_fingerprint(conn: psycopg.Connection, fingerprint: str) -> None:
    """Record ``fingerprint`` if none is recorded; refuse a different one."""
    conn.execute(SET_IF_ABSENT, (FINGERPRINT_KEY, fingerprint))
    _refuse_other(stored_fingerprint(conn), fingerprint)


def check_fingerprint(conn: psycopg.Connection, fingerprint: str) -> None:
    """Refuse to write vectors of ``fingerprint`` unless it is the recorded model.

    Call it first in the transaction that writes the vectors: the share lock it
    takes is held until commit, so no reembed can slip in between.
    """
    check_recorded(conn, lock_fingerprint(conn), fingerprint)


def lock_fingerprint(conn: psycopg.Connection) -> psycopg.Cursor[Any]:
    """``check_fingerprint``'s first half: take the lock and ask for the recorded model.

    In pipeline mode nothing waits for the answer, so a caller can send more
    statements before ``check_recorded`` reads it (one round trip for all).
    """
    conn.execute(LOCK_FOR_WRITE)
    return conn.execute(GET, (FINGERPRINT_KEY,))


def check_recorded(conn: psycopg.Connection, recorded: psycopg.Cursor[Any], fingerprint: str) -> None:
    """``check_fingerprint``'s second half, on the cursor ``lock_fingerprint`` returned."""
    row = recorded.fetchone()
    if row is None:  # nothing recorded yet: the first writer records its model
        claim_fingerprint(conn, fingerprint)
    else:
        _refuse_other(row[0], fingerprint)


def _refuse_other(stored: str | None, fingerprint: str) -> None:
    if stored != fingerprint:
        raise ModelMismatchError(
            f"this database's vectors were made by embedder {stored}, but the configured embedder is "
            f"{fingerprint}; vectors of two models must never mix. Configure the original embedder.model/"
            "embedder.path again, or run `tiermem reembed` to rewrite every vector with the configured model"
        )


# pgvector keeps a column's declared width as its type modifier.
VECTOR_DIM = """
SELECT atttypmod FROM pg_attribute WHERE attrelid = 'memory'::regclass AND attname = 'embedding'
"""


def vector_dim(conn: psycopg.Connection) -> int:
    """The width the ``memory.embedding`` column was declared with."""
    row = conn.execute(VECTOR_DIM).fetchone()
    assert row is not None
    return int(row[0])


def check_dim(conn: psycopg.Connection, embedder: Embedder) -> None:
    """Refuse a model whose vectors don't fit the column, before any is written or searched."""
    width = vector_dim(conn)
    if embedder.dim != width:
        raise ModelMismatchError(
            f"embedder {embedder.fingerprint} makes {embedder.dim}-d vectors, but this database's "
            f"memory.embedding column holds {width}-d vectors; configure a {width}-d embedder"
        )


def set_fingerprint(conn: psycopg.Connection, fingerprint: str) -> None:
    conn.execute(SET, (FINGERPRINT_KEY, fingerprint))
