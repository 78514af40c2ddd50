"""The ``memory_ops`` log and the ``consolidation_state`` table.

Every tier swap, supersede, retract and undo is logged with its signals and what
undoing it needs (invariant 7). Consolidation failures are recorded per session
with exponential backoff (invariant 8).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import psycopg
from psycopg.rows import class_row, dict_row
from psycopg.types.json import Jsonb

from .vocab import Actor, Op

INSERT_OP = """
INSERT INTO memory_ops (namespace, op, actor, reason, memory_ids, signals, reverse)
VALUES (%s, %s, %s, %s, %b::uuid[], %s, %s)
RETURNING op_id
"""

# Invariant 7: what ``history`` explains with — every operation that touched any
# of the given memories (the GIN index on memory_ids serves ``&&``), in the order
# they happened. ``reverse`` comes along: its before/after states say which row
# replaced which, and what a row's state was at any past time.
OPS_FOR_MEMORIES = """
SELECT op_id, op, actor, reason, signals, created_at, undone_by, memory_ids::text[], reverse
FROM memory_ops
WHERE namespace = %s AND memory_ids && %s::uuid[]
ORDER BY op_id
"""

# ``undo`` locks the op it reverses, so two undos of one op serialise and the second sees
# ``undone_by`` set; the undo's own op id goes there, so an undo is never applied twice.
LOCK_OP = """
SELECT op, reverse, undone_by FROM memory_ops WHERE namespace = %s AND op_id = %s FOR UPDATE
"""
MARK_UNDONE = "UPDATE memory_ops SET undone_by = %s WHERE op_id = %s"

RECORD_SUCCESS = """
INSERT INTO consolidation_state (namespace, session_id, attempts, last_attempt_at,
                                 last_consolidated_at, version)
VALUES (%(ns)s, %(sid)s, 0, %(at)s, %(at)s, 1)
ON CONFLICT (namespace, session_id) DO UPDATE SET
    attempts = 0, last_error = NULL, next_retry_at = NULL, last_attempt_at = %(at)s,
    last_consolidated_at = %(at)s, version = consolidation_state.version + 1
RETURNING version
"""

# Invariant 8: a failing session backs off exponentially (base * 2^attempts, capped
# at a day) so one bad session neither blocks a run nor hammers a consolidator.
RECORD_FAILURE = """
INSERT INTO consolidation_state AS c (namespace, session_id, attempts, last_error,
                                      last_attempt_at, next_retry_at)
VALUES (%(ns)s, %(sid)s, 1, %(err)s, clock_timestamp(),
        clock_timestamp() + make_interval(secs => %(base)s))
ON CONFLICT (namespace, session_id) DO UPDATE SET
    attempts = c.attempts + 1, last_error = %(err)s, last_attempt_at = clock_timestamp(),
    next_retry_at = clock_timestamp()
        + make_interval(secs => least(%(base)s * power(2, c.attempts), 86400))
RETURNING attempts
"""

FAILING_SESSIONS = """
SELECT namespace, session_id, attempts, last_error, next_retry_at FROM consolidation_state
WHERE attempts > 0 AND (%(ns)s::text IS NULL OR namespace = %(ns)s)
ORDER BY attempts DESC, namespace, session_id
"""


def log_op(
    conn: psycopg.Connection,
    *,
    namespace: str,
    op: Op,
    actor: Actor,
    memory_ids: Sequence[str],
    reason: str | None = None,
    signals: dict[str, Any] | None = None,
    reverse: dict[str, Any] | None = None,
) -> int:
    return logging_op(
        conn,
        namespace=namespace,
        op=op,
        actor=actor,
        memory_ids=memory_ids,
        reason=reason,
        signals=signals,
        reverse=reverse,
    ).op_id


class PendingOp:
    """An op sent but not yet answered: its id is read when asked for.

    In pipeline mode (a tier swap) nothing waits for the insert: the id arrives
    with the answer to the next statement whose result is needed, instead of
    costing a round trip of its own per logged decision.
    """

    def __init__(self, cursor: psycopg.Cursor[Any]) -> None:
        self._cursor = cursor
        self._id: int | None = None

    @property
    def op_id(self) -> int:
        if self._id is None:
            row = self._cursor.fetchone()
            assert row is not None
            self._id = int(row[0])
        return self._id


def logging_op(
    conn: psycopg.Connection,
    *,
    namespace: str,
    op: Op,
    actor: Actor,
    memory_ids: Sequence[str],
    reason: str | None = None,
    signals: dict[str, Any] | None = None,
    reverse: dict[str, Any] | None = None,
) -> PendingOp:
    """Send the op (as ``log_op``) without waiting for its id; read ``op_id`` before the transaction ends."""
    return PendingOp(
        conn.execute(
            INSERT_OP, (namespace, op, actor, reason, list(memory_ids), Jsonb(signals or {}), Jsonb(reverse or {}))
        )
    )


def ops_for(conn: psycopg.Connection, namespace: str, memory_ids: str | Sequence[str]) -> list[dict[str, Any]]:
    """The operations that touched one memory or any of several, oldest first (keys: the SELECT's columns)."""
    ids = [memory_ids] if isinstance(memory_ids, str) else list(memory_ids)
    with conn.cursor(row_factory=dict_row) as cur:
        return cur.execute(OPS_FOR_MEMORIES, (namespace, ids)).fetchall()


@dataclass(frozen=True)
class LoggedOp:
    """The part of a ``memory_ops`` row ``undo`` needs."""

    op: str
    reverse: dict[str, Any]
    undone_by: int | None


def lock_op(conn: psycopg.Connection, namespace: str, op_id: int) -> LoggedOp | None:
    """Operation ``op_id`` of the namespace, locked for the rest of the transaction; None if there is none."""
    with conn.cursor(row_factory=class_row(LoggedOp)) as cur:
        return cur.execute(LOCK_OP, (namespace, op_id)).fetchone()


def mark_undone(conn: psycopg.Connection, op_id: int, *, by: int) -> None:
    conn.execute(MARK_UNDONE, (by, op_id))


def record_success(conn: psycopg.Connection, namespace: str, session_id: str, at: datetime) -> int:
    row = conn.execute(RECORD_SUCCESS, {"ns": namespace, "sid": session_id, "at": at}).fetchone()
    return int(row[0]) if row else 0


def record_failure(conn: psycopg.Connection, namespace: str, session_id: str, error: str, *, base_seconds: int) -> int:
    row = conn.execute(
        RECORD_FAILURE, {"ns": namespace, "sid": session_id, "err": error[:2000], "base": base_seconds}
    ).fetchone()
    return int(row[0]) if row else 0


def failing_sessions(conn: psycopg.Connection, namespace: str | None) -> list[dict[str, Any]]:
    with conn.cursor(row_factory=dict_row) as cur:
        return cur.execute(FAILING_SESSIONS, {"ns": namespace}).fetchall()
