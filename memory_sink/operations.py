"""Logged, reversible changes of a memory's state: supersede, retract, pin, undo.

Each operation records, per row it touched, the state before and after
(``superseded_at``, ``superseded_by``, ``valid_to``, ``pinned``). ``undo`` checks a
row still holds the "after" state (nothing changed it since) and restores
"before", logging itself the same way — so an undo can be undone too. The
supersession engine records its automatic decisions through the same functions.
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
from psycopg.rows import class_row, dict_row

from consolidators.forms import norm

from . import locks, ops, replaced
from .errors import InputError, NotFoundError
from .memories import COLS
from .staging import parse_ts
from .supersession import FactView, Policy, fact_guard, predicate_forms
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
LOCK_OP = """
SELECT op, reverse, undone_by FROM memory_ops WHERE namespace = %s AND op_id = %s FOR UPDATE
"""
# An episode's passages (pipelines/passages.py) stand or fall with it: retiring
# the episode retires them in the same operation (and its undo restores them).
LOCK_PASSAGES = """
SELECT id, tier, kind, superseded_at, superseded_by, valid_from, valid_to, pinned
FROM memory WHERE namespace = %s AND kind = 'passage' AND superseded_at IS NULL AND metadata->>'episode_id' = %s
FOR UPDATE
"""
MARK_UNDONE = "UPDATE memory_ops SET undone_by = %s WHERE op_id = %s"
# Tables show ids shortened, so commands accept a unique prefix, as git does.
RESOLVE_PREFIX = """
SELECT id::text FROM memory WHERE namespace = %s AND id::text LIKE %s ORDER BY id LIMIT 2
"""
PREFIX = re.compile(r"[0-9a-f-]{4,36}")
# Several memories in one round trip (the primary key serves ``= ANY``).
MEMORIES_BY_ID = f"SELECT {COLS} FROM memory WHERE namespace = %s AND id = ANY(%s::uuid[])"
REVERSIBLE = (Op.SUPERSEDE, Op.RETRACT, Op.DUPLICATE, Op.INHERIT, Op.PIN, Op.UNPIN, Op.UNDO)


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


@dataclass(frozen=True)
class LoggedOp:
    """The part of a ``memory_ops`` row ``undo`` needs."""

    op: str
    reverse: dict[str, Any]
    undone_by: int | None


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


def _from_json(state: dict[str, Any]) -> dict[str, Any]:
    return {
        "superseded_at": parse_ts(state["superseded_at"]),
        "superseded_by": state["superseded_by"],
        "valid_to": parse_ts(state["valid_to"]),
        "pinned": bool(state.get("pinned", False)),
    }


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
        now = conn.execute("SELECT now()").fetchone()[0]  # type: ignore[index]
        before = _state(old)
        # a fact's successor ends its world time, unless the successor was true earlier still
        valid_to = new.valid_from if old.kind == Kind.FACT and new.valid_from >= old.valid_from else old.valid_to
        after = {**before, "superseded_at": now, "superseded_by": str(new.id), "valid_to": valid_to}
        rows = apply_changes(conn, [(str(old.id), before, after), *_passages_retired(conn, namespace, old, now)])
        return ops.log_op(
            conn,
            namespace=namespace,
            op=Op.SUPERSEDE,
            actor=actor,
            reason=reason,
            memory_ids=[old_id, new_id],
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
        now = conn.execute("SELECT now()").fetchone()[0]  # type: ignore[index]
        after = {
            **_state(row),
            "superseded_at": now,
            "superseded_by": None,
            "valid_to": row.valid_to if row.valid_to is not None or row.kind != Kind.FACT else now,
        }
        rows = apply_changes(conn, [(str(row.id), _state(row), after), *_passages_retired(conn, namespace, row, now)])
        return ops.log_op(
            conn,
            namespace=namespace,
            op=Op.RETRACT,
            actor=actor,
            reason=reason,
            memory_ids=[memory_id],
            signals={"explicit": True},
            reverse={"rows": rows},
        )


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
        return ops.log_op(
            conn,
            namespace=namespace,
            op=Op.PIN if pinned else Op.UNPIN,
            actor=actor,
            reason=reason,
            memory_ids=[memory_id],
            signals={"explicit": True},
            reverse={"rows": rows},
        )


def undo(conn: psycopg.Connection, namespace: str, op_id: int, *, actor: Actor, policy: Policy) -> int:
    """Restore exactly the state before operation ``op_id``; logged as a compensating op.

    A fact it brings back never stands beside a second current value of its
    single-valued key (``policy``; guards apply, so a pinned fact or another
    project's may): undoing "A replaced by B" while B is still current retires B
    in the same op (the replacement was wrong; undoing the undo brings it back),
    and any other current value refuses the undo, naming it.
    """
    with conn.transaction():
        with conn.cursor(row_factory=class_row(LoggedOp)) as cur:
            found = cur.execute(LOCK_OP, (namespace, op_id)).fetchone()
        if found is None:
            raise NotFoundError(f"no operation {op_id} in namespace {namespace!r}")
        op, reverse, undone_by = found.op, found.reverse, found.undone_by
        if undone_by is not None:
            raise InputError(f"operation {op_id} was already undone by operation {undone_by}")
        if op not in REVERSIBLE:
            raise InputError(
                f"operation {op_id} is a {op}; only {', '.join(REVERSIBLE)} can be undone "
                "(re-consolidate a session to replace a tier swap)"
            )
        # The op's row is locked already; no swap locks one, so taking the subjects now keeps the order.
        locks.lock_subjects_of(conn, namespace, [e["id"] for e in reverse["rows"]])
        changes = []
        for entry in reverse["rows"]:
            row = _lock(conn, namespace, entry["id"])
            after, before = _from_json(entry["after"]), _from_json(entry["before"])
            if _state(row) != after:
                raise InputError(
                    f"memory {entry['id']} changed after operation {op_id}; undo the later operation first"
                )
            changes.append((entry["id"], after, before))
        rows = apply_changes(conn, changes)
        rows += _one_value_per_key(conn, namespace, op_id, changes, policy)
        new_op = ops.log_op(
            conn,
            namespace=namespace,
            op=Op.UNDO,
            actor=actor,
            reason=f"undo of operation {op_id}",
            memory_ids=[e["id"] for e in rows],
            signals={"undoes": op_id},
            reverse={"rows": rows},
        )
        conn.execute(MARK_UNDONE, (new_op, op_id))
        return new_op


# The facts an undo brought back, with what the key rules need (subject, predicate, guards).
RESTORED_FACTS = """
SELECT id::text, subject, predicate, object, valid_from, metadata, pinned FROM memory
WHERE namespace = %s AND id = ANY(%s::uuid[]) AND kind = 'fact' AND superseded_at IS NULL
"""
# The other current values of one key (every spelling of its predicate), locked like the rows an op touches.
ACTIVE_SAME_KEY = """
SELECT id::text, subject, predicate, object, valid_from, metadata, pinned FROM memory
WHERE namespace = %s AND kind = 'fact' AND superseded_at IS NULL AND lower(subject) = %s
  AND lower(predicate) = ANY(%s) AND id <> %s
ORDER BY id FOR UPDATE
"""


def _one_value_per_key(
    conn: psycopg.Connection,
    namespace: str,
    op_id: int,
    changes: list[tuple[str, dict[str, Any], dict[str, Any]]],
    policy: Policy,
) -> list[dict[str, Any]]:
    """Retire the replacement an undo rejects; refuse if a restored fact meets any other current value."""
    restored = {mid: before for mid, after, before in changes if after["superseded_at"] and not before["superseded_at"]}
    successors = {mid: after["superseded_by"] for mid, after, _before in changes if mid in restored}
    with conn.cursor(row_factory=dict_row) as cur:
        facts = cur.execute(RESTORED_FACTS, (namespace, list(restored))).fetchall()
    retired: list[dict[str, Any]] = []
    for fact in facts:
        view = _view(fact)
        if not policy.single(view.predicate, view.stated_cardinality):
            continue
        with conn.cursor(row_factory=dict_row) as cur:
            others = cur.execute(
                ACTIVE_SAME_KEY, (namespace, view.key[0], list(predicate_forms(view.predicate)), view.id)
            ).fetchall()
        for other in (_view(o) for o in others):
            if norm(other.object) == norm(view.object):
                continue  # a restatement brought back is another saying of the one value, not a second value
            if fact_guard(view, other, policy) is not None or fact_guard(other, view, policy) is not None:
                continue  # a pin or another project keeps both, as the engine would
            if other.id != successors[view.id]:
                raise InputError(
                    f"undoing operation {op_id} would make {view.id} '{_said(view)}' current beside "
                    f"{other.id} '{_said(other)}', and '{norm(view.predicate)}' holds one value: "
                    f"retract or supersede {other.id} first"
                )
            retired += _retire_rejected(conn, namespace, other.id)
    return retired


def _retire_rejected(conn: psycopg.Connection, namespace: str, memory_id: str) -> list[dict[str, Any]]:
    """Retract a replacement whose supersession was undone: the value it replaced is current again."""
    row = _lock(conn, namespace, memory_id)
    now = conn.execute("SELECT now()").fetchone()[0]  # type: ignore[index]
    before = _state(row)
    return apply_changes(conn, [(memory_id, before, {**before, "superseded_at": now, "valid_to": now})])


def _view(row: Mapping[str, Any]) -> FactView:
    return FactView(
        id=row["id"],
        subject=row["subject"],
        predicate=row["predicate"],
        object=row["object"],
        valid_from=row["valid_from"],
        metadata=row["metadata"] or {},
        pinned=bool(row["pinned"]),
    )


def _said(fact: FactView) -> str:
    return f"{fact.subject} {fact.predicate} {fact.object}"


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


# --- reading the log back: what an operation did, and a row's state in the past -------


def replacements(op: dict[str, Any]) -> list[tuple[str, str | None]]:
    """(retired id, successor id or None) for each row the operation retired."""
    reverse = op.get("reverse") or {}
    if op["op"] == "tier_swap":  # a swap logs (previous version, its successor) pairs
        return [(str(old), None if new is None else str(new)) for old, new in reverse.get("superseded", [])]
    return [
        (e["id"], e["after"]["superseded_by"])
        for e in reverse.get("rows", [])
        if e["after"]["superseded_at"] is not None and e["before"]["superseded_at"] is None
    ]


def retired_by(memory_id: str, ops: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The operation (not undone) that last retired a memory, if the log holds one."""
    found = [op for op in ops if op.get("undone_by") is None and any(old == memory_id for old, _ in replacements(op))]
    return found[-1] if found else None


def state_at(memory: Any, ops: Sequence[dict[str, Any]], at: datetime) -> dict[str, Any]:
    """A memory's state (superseded_at/_by, valid_to, pinned) as tiermem held it at ``at``.

    Transaction time decides retirement, as ``as_of`` reads do: a row retired
    after ``at`` was active then, its ``valid_to`` still open. Pinning leaves no
    trace on the row, but every logged op records each row's ``pinned`` before
    and after: the state at ``at`` is the "after" of the last op by then, or the
    "before" of the first op after it.
    """
    active = memory.superseded_at is None or memory.superseded_at > at
    state = {
        "superseded_at": None if active else memory.superseded_at,
        "superseded_by": None if active else memory.superseded_by,
        "valid_to": None if active else memory.valid_to,
        "pinned": memory.pinned,
    }
    logged = [
        (op["created_at"], e) for op in ops for e in (op.get("reverse") or {}).get("rows", []) if e["id"] == memory.id
    ]
    by_then = [e for when, e in logged if when <= at]
    if by_then:
        state["pinned"] = bool(by_then[-1]["after"].get("pinned", False))
    elif logged:
        state["pinned"] = bool(logged[0][1]["before"].get("pinned", False))
    return state


def needs_ops(memory: Memory, at: datetime | None = None) -> bool:
    """Whether a status needs the log where the row alone can't tell: a retirement without a
    successor (retracted or not?), a retired fact (replaced, or a restatement of its successor?),
    or any past time ``at`` (was it pinned then?)."""
    retired = memory.superseded_at is not None
    return at is not None or (retired and (memory.superseded_by is None or memory.kind == Kind.FACT))


def status_of(memory: Any, ops: Sequence[dict[str, Any]] = (), at: datetime | None = None) -> str:
    """active / pinned / superseded by ID / duplicate of ID (8 characters) / retracted / retired — now, or
    as tiermem held it at ``at``.

    The one definition of a memory's status: ``facts``, ``recall`` (table and JSON)
    and the library's ``Memory.status`` all say it this way. A restatement retired
    in favour of the saying that stays is a *duplicate of* it, not superseded: the
    value did not change, so nothing replaced it (its world time stays open).
    """
    state = (
        state_at(memory, ops, at)
        if at is not None
        else {"superseded_at": memory.superseded_at, "superseded_by": memory.superseded_by, "pinned": memory.pinned}
    )
    if state["superseded_at"] is None:
        return "pinned" if state["pinned"] else "active"
    op = retired_by(memory.id, ops)
    if state["superseded_by"]:
        how = "duplicate of" if op is not None and op["op"] == Op.DUPLICATE else "superseded by"
        return f"{how} {str(state['superseded_by'])[:8]}"
    return "retracted" if op is not None and op["op"] == Op.RETRACT else "retired"
