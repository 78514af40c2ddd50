"""A memory's status, read from its row and the operations log: which row an operation
retired in favour of which, the state a row had at a past time, and the one definition
of the status every read shows (active, pinned, superseded by, duplicate of, retracted,
retired). Pure functions over rows already read; no SQL.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from .types import Memory
from .vocab import Kind, Op


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
