"""Logged, reversible changes of a memory's state: supersede, retract, pin.

Each operation records, per row it touched, the state before and after
(``superseded_at``, ``superseded_by``, ``valid_to``, ``pinned``), so ``undo``
(``undo.py``) can check a row still holds the "after" state and restore "before",
logging itself the same way — an undo can be undone too. The supersession engine
records its automatic decisions through the same functions.
"""

from __future__ import annotations

import re
import shlex
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import psycopg
from psycopg.rows import class_row

from . import locks, ops, replaced
from .errors import InputError
from .memories import COLS
from .statuses import retired_by
from .types import Memory
from .vocab import Actor, Kind, Op, Tier

# Rows an operation touches are locked first, so two operations on one row serialise;
# before them, their subjects, in the order a tier swap takes them (``locks``), so an
# operation and a swap over shared subjects queue instead of deadlocking.
LOCK_ROW = """
SELECT id, tier, kind, superseded_at, superseded_by, valid_from, valid_to, pinned FROM memory
WHERE namespace = %s AND id = %s FOR UPDATE
"""
SET_STATE = """
UPDATE memory SET superseded_at = %s, superseded_by = %s, valid_to = %s, pinned = %s WHERE id = %s
"""
# An episode's passages (pipelines/passages.py) stand or fall with it: retiring
# the episode retires them in the same operation (and its undo restores them).
LOCK_PASSAGES = """
SELECT id, tier, kind, superseded_at, superseded_by, valid_from, valid_to, pinned
FROM memory WHERE namespace = %s AND kind = 'passage' AND superseded_at IS NULL AND metadata->>'episode_id' = %s
FOR UPDATE
"""
# Tables show ids shortened, so commands accept a unique prefix, as git does.
RESOLVE_PREFIX = """
SELECT id::text FROM memory WHERE namespace = %s AND id::text LIKE %s ORDER BY id LIMIT 2
"""
PREFIX = re.compile(r"[0-9a-f-]{4,36}")
# Several memories in one round trip (the primary key serves ``= ANY``).
MEMORIES_BY_ID = f"SELECT {COLS} FROM memory WHERE namespace = %s AND id = ANY(%s::uuid[])"


@dataclass(frozen=True)
class LockedRow:
    """A memory row locked by an operation: what it is, and the state operations change."""

    id: uuid.UUID
    tier: str
    kind: str
    superseded_at: datetime | None
    superseded_by: uuid.UUID | None
    valid_from: datetime
    valid_to: datetime | None
    pinned: bool


def _state(row: LockedRow) -> dict[str, Any]:
    return row_state(vars(row))


def row_state(row: Mapping[str, Any]) -> dict[str, Any]:
    """The state operations change, from a row read with those columns, as ``lock_state`` gives it."""
    return {
        "superseded_at": row["superseded_at"],
        "superseded_by": None if row["superseded_by"] is None else str(row["superseded_by"]),
        "valid_to": row["valid_to"],
        "pinned": bool(row["pinned"]),
    }


def _jsonable(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v.isoformat() if isinstance(v, datetime) else v for k, v in state.items()}


def _lock_active(conn: psycopg.Connection, namespace: str, memory_id: str) -> LockedRow:
    row = _lock(conn, namespace, memory_id)
    if row.tier != Tier.CONSOLIDATED:
        raise InputError(
            f"memory {memory_id} is provisional; only consolidated memories can be superseded or retracted"
        )
    if row.superseded_at is not None:
        raise InputError(_retired_already(conn, namespace, memory_id, row))
    return row


def undo_command(op_id: int, namespace: str, default: str = "default") -> str:
    """The command line that undoes ``op_id``: ``undo`` looks in one namespace only, so name it
    unless it is the one the command defaults to (the deployment's ``namespace``)."""
    return f"tiermem undo {op_id}" + ("" if namespace == default else f" --namespace {shlex.quote(namespace)}")


def _retired_already(conn: psycopg.Connection, namespace: str, memory_id: str, row: LockedRow) -> str:
    """Why a retired memory can't be retired again: how it was retired, by which op, and the way back."""
    how = f"superseded by {row.superseded_by}" if row.superseded_by is not None else "retracted"
    when = row.superseded_at.isoformat() if row.superseded_at is not None else "?"
    by = retired_by(memory_id, ops.ops_for(conn, namespace, memory_id))
    if by is None:  # retired by a tier swap's re-versioning, or by an erased op
        return f"memory {memory_id} is already {how} (at {when}); nothing to do"
    return (
        f"memory {memory_id} is already {how} (at {when}, operation {by['op_id']}); nothing to do — "
        f"`{undo_command(by['op_id'], namespace)}` makes it current again"
    )


def lock_state(conn: psycopg.Connection, namespace: str, memory_id: str) -> dict[str, Any]:
    """The current state of a row, locked for the rest of the transaction."""
    return _state(_lock(conn, namespace, memory_id))


def _lock(conn: psycopg.Connection, namespace: str, memory_id: str) -> LockedRow:
    try:
        with conn.cursor(row_factory=class_row(LockedRow)) as cur:
            row = cur.execute(LOCK_ROW, (namespace, memory_id)).fetchone()
    except psycopg.errors.InvalidTextRepresentation:
        conn.rollback()
        raise InputError(f"not a memory id: {memory_id!r}") from None
    if row is None:
        raise replaced.missing(conn, namespace, memory_id)
    return row


def apply_changes(
    conn: psycopg.Connection, changes: list[tuple[str, dict[str, Any], dict[str, Any]]]
) -> list[dict[str, Any]]:
    """Write each row's new state; returns the before/after record an op logs for undo."""
    for memory_id, _before, after in changes:
        conn.execute(
            SET_STATE, (after["superseded_at"], after["superseded_by"], after["valid_to"], after["pinned"], memory_id)
        )
    return [{"id": mid, "before": _jsonable(b), "after": _jsonable(a)} for mid, b, a in changes]


def supersede(
    conn: psycopg.Connection,
    namespace: str,
    old_id: str,
    new_id: str,
    *,
    reason: str | None,
    actor: Actor,
    force: bool = False,
) -> int:
    """Retire ``old_id`` in favour of ``new_id``; explicit, so no guard applies, but a pinned
    ``old_id`` only with ``force`` (the pin was someone's explicit word too)."""
    if old_id == new_id:
        raise InputError("a memory cannot supersede itself")
    with conn.transaction():
        locks.lock_subjects_of(conn, namespace, [old_id, new_id])
        old = _lock_active(conn, namespace, old_id)
        new = _lock_active(conn, namespace, new_id)
        _check_successor(old, new, force=force)
        now = transaction_now(conn)
        before = _state(old)
        # a fact's successor ends its world time, unless the successor was true earlier still
        valid_to = new.valid_from if old.kind == Kind.FACT and new.valid_from >= old.valid_from else old.valid_to
        after = {**before, "superseded_at": now, "superseded_by": str(new.id), "valid_to": valid_to}
        rows = apply_changes(conn, [(str(old.id), before, after), *_passages_retired(conn, namespace, old, now)])
        return _log_explicit(conn, namespace, Op.SUPERSEDE, actor, reason, [old_id, new_id], rows)


def transaction_now(conn: psycopg.Connection) -> datetime:
    """The transaction's start time: every row one operation retires gets the same ``superseded_at``."""
    row = conn.execute("SELECT now()").fetchone()
    assert row is not None
    return row[0]  # type: ignore[no-any-return]


def _log_explicit(
    conn: psycopg.Connection,
    namespace: str,
    op: Op,
    actor: Actor,
    reason: str | None,
    memory_ids: list[str],
    rows: list[dict[str, Any]],
) -> int:
    """Log an operation someone asked for by name: no guard or judge decided it, so its only signal is that."""
    return ops.log_op(
        conn,
        namespace=namespace,
        op=op,
        actor=actor,
        reason=reason,
        memory_ids=memory_ids,
        signals={"explicit": True},
        reverse={"rows": rows},
    )


def _check_successor(old: LockedRow, new: LockedRow, *, force: bool) -> None:
    """Only a memory of the same kind takes another's place: a fact's successor is a fact (what is
    true now), an episode's an episode, a passage's a passage; else the old one's kind would leave
    recall with nothing of its kind in its place."""
    if old.kind != new.kind:
        raise InputError(
            f"a {new.kind} cannot supersede a {old.kind}: memory {new.id} is a {new.kind}, "
            f"{old.id} a {old.kind} (only memories of one kind replace each other)"
        )
    if old.pinned and not force:
        raise InputError(
            f"memory {old.id} is pinned: unpin it first (`tiermem unpin`), or force the supersession (--force)"
        )


def retract(conn: psycopg.Connection, namespace: str, memory_id: str, *, reason: str | None, actor: Actor) -> int:
    """Stop believing a memory: out of recall, kept in history."""
    with conn.transaction():
        locks.lock_subjects_of(conn, namespace, [memory_id])
        row = _lock_active(conn, namespace, memory_id)
        now = transaction_now(conn)
        after = {
            **_state(row),
            "superseded_at": now,
            "superseded_by": None,
            "valid_to": row.valid_to if row.valid_to is not None or row.kind != Kind.FACT else now,
        }
        rows = apply_changes(conn, [(str(row.id), _state(row), after), *_passages_retired(conn, namespace, row, now)])
        return _log_explicit(conn, namespace, Op.RETRACT, actor, reason, [memory_id], rows)


def _passages_retired(
    conn: psycopg.Connection, namespace: str, row: LockedRow, now: datetime
) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """The changes that retire an episode's active passages with it (none for other kinds)."""
    if row.kind != Kind.EPISODE:
        return []
    with conn.cursor(row_factory=class_row(LockedRow)) as cur:
        found = cur.execute(LOCK_PASSAGES, (namespace, str(row.id))).fetchall()
    return [(str(p.id), _state(p), {**_state(p), "superseded_at": now}) for p in found]


def set_pinned(
    conn: psycopg.Connection, namespace: str, memory_id: str, pinned: bool, *, reason: str | None, actor: Actor
) -> int:
    """Pin (or unpin) a memory: a pinned fact is never auto-superseded."""
    with conn.transaction():
        locks.lock_subjects_of(conn, namespace, [memory_id])
        row = _lock_active(conn, namespace, memory_id)
        before = _state(row)
        if before["pinned"] == pinned:
            raise InputError(f"memory {memory_id} is already {'pinned' if pinned else 'unpinned'}")
        rows = apply_changes(conn, [(str(row.id), before, {**before, "pinned": pinned})])
        return _log_explicit(conn, namespace, Op.PIN if pinned else Op.UNPIN, actor, reason, [memory_id], rows)


def resolve_id(conn: psycopg.Connection, namespace: str, text: str) -> str:
    """The full id of the one memory whose id starts with ``text`` (at least 4 hex digits).

    A whole id (32 hex digits) is returned as it is, in canonical form, without a
    query: it names one row or none, and the command looking it up by primary key
    says which — no need to scan the namespace's ids as text for it.
    """
    prefix = text.strip().lower()
    if not PREFIX.fullmatch(prefix):
        raise InputError(f"not a memory id: {text!r}")
    if len(prefix.replace("-", "")) == 32:
        return str(uuid.UUID(prefix))
    found = [r[0] for r in conn.execute(RESOLVE_PREFIX, (namespace, prefix + "%"))]
    if len(found) > 1:
        raise InputError(f"memory id prefix {text!r} is ambiguous; give more of the id")
    if not found:
        raise replaced.missing(conn, namespace, text)
    return str(found[0])


def memories_by_id(conn: psycopg.Connection, namespace: str, memory_ids: Sequence[str]) -> list[Memory]:
    """The namespace's memories among ``memory_ids`` (full ids), in one query; absent ids are skipped."""
    return [Memory.from_row(r) for r in conn.execute(MEMORIES_BY_ID, (namespace, list(memory_ids)))]
