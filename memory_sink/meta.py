"""The ``tiermem_meta`` table: facts about the database itself.

Invariant 9: one embedding model per table. The first embedder to write records
its fingerprint; any other is refused until the table is re-embedded.
"""

from __future__ import annotations

import psycopg

from .errors import ModelMismatchError

FINGERPRINT_KEY = "embed_fingerprint"
GET = "SELECT value FROM tiermem_meta WHERE key = %s"
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
    stored = stored_fingerprint(conn)
    if stored != fingerprint:
        raise ModelMismatchError(
            f"this database's vectors were made by embedder {stored}, but the configured embedder is "
            f"{fingerprint}; vectors of two models must never mix. Configure the original embedder.model/"
            "embedder.path again, or run `tiermem reembed` to rewrite every vector with the configured model"
        )


def set_fingerprint(conn: psycopg.Connection, fingerprint: str) -> None:
    conn.execute(SET, (FINGERPRINT_KEY, fingerprint))
