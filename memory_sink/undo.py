"""Undo: restore exactly the state before a logged operation, as an operation of its own.

An undo checks each row it restores still holds the state the operation left
(nothing changed it since), and keeps the key rule supersession keeps: a fact it
brings back never stands beside a second current value of a single-valued key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import psycopg
from psycopg.rows import dict_row

from consolidators.forms import norm

from . import locks, ops
from .errors import InputError, NotFoundError
from .operations import apply_changes, lock_state, transaction_now
from .staging import parse_ts
from .supersession import FactView, Policy, fact_guard, predicate_forms
from .vocab import Actor, Op

REVERSIBLE = (Op.SUPERSEDE, Op.RETRACT, Op.DUPLICATE, Op.INHERIT, Op.PIN, Op.UNPIN, Op.UNDO)


def _from_json(state: dict[str, Any]) -> dict[str, Any]:
    """A row's state as an op logged it (``operations.apply_changes``), back in the types the row holds."""
    return {
        "superseded_at": parse_ts(state["superseded_at"]),
        "superseded_by": state["superseded_by"],
        "valid_to": parse_ts(state["valid_to"]),
        "pinned": bool(state.get("pinned", False)),
    }


def undo(conn: psycopg.Connection, namespace: str, op_id: int, *, actor: Actor, policy: Policy) -> int:
    """Restore exactly the state before operation ``op_id``; logged as a compensating op.

    A fact it brings back never stands beside a second current value of its
    single-valued key (``policy``; guards apply, so a pinned fact or another
    project's may): undoing "A replaced by B" while B is still current retires B
    in the same op (the replacement was wrong; undoing the undo brings it back),
    and any other current value refuses the undo, naming it.
    """
    with conn.transaction():
        found = ops.lock_op(conn, namespace, op_id)
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
            after, before = _from_json(entry["after"]), _from_json(entry["before"])
            if lock_state(conn, namespace, entry["id"]) != after:
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
        ops.mark_undone(conn, op_id, by=new_op)
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
    before = lock_state(conn, namespace, memory_id)
    now = transaction_now(conn)
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
