"""What the command line and the MCP tools show of memories, produced once for both.

``tiermem history --json`` and the MCP ``history`` tool return the same document;
``tiermem recall`` and the MCP context block name a turn's speaker the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from memory_sink import MemoryStore
from memory_sink.operations import replacements
from memory_sink.staging import roles_of
from memory_sink.types import Memory
from memory_sink.vocab import Kind


@dataclass(frozen=True)
class History:
    """The supersession chain (oldest first, world time) and every logged operation that touched it."""

    chain: list[Memory]
    operations: list[dict[str, Any]]

    def to_dict(self) -> dict[str, Any]:
        return {"chain": [m.to_dict() for m in self.chain], "operations": [op_document(op) for op in self.operations]}


def load_history(
    store: MemoryStore, namespace: str, memory_id: str | None, subject: str | None, predicate: str | None
) -> History:
    """Through one memory (an id or unique prefix), else every version of ``subject``'s facts."""
    if memory_id is not None:
        chain = store.history(store.resolve_id(memory_id, namespace), namespace=namespace)
    else:
        chain = store.fact_history(subject or "", predicate, namespace=namespace)
    return History(chain, store.operations([m.id for m in chain], namespace=namespace))


def op_document(op: dict[str, Any]) -> dict[str, Any]:
    """An operation as ``history --json`` prints it."""
    return {
        "op_id": op["op_id"],
        "op": op["op"],
        "at": op["created_at"].isoformat(),
        "actor": op["actor"],
        "reason": op.get("reason"),
        "memory_ids": list(op.get("memory_ids") or []),
        "replaced": [{"old": old, "new": new} for old, new in replacements(op)],
        "signals": op.get("signals") or {},
        "undone_by": op.get("undone_by"),
    }


def speakers(store: MemoryStore, found: Sequence[Memory], namespace: str) -> dict[str, str]:
    """Who said each turn among ``found``, by memory id (one query, however many turns)."""
    turns = [m for m in found if m.kind == Kind.TURN and m.event_ids]
    if not turns:
        return {}
    with store.connection() as conn:
        roles = roles_of(conn, namespace, [m.event_ids[0] for m in turns])
    return {m.id: roles[m.event_ids[0]] for m in turns if m.event_ids[0] in roles}


def spoken(m: Memory, said_by: Mapping[str, str]) -> str:
    """A turn's text after its speaker (``assistant: Got it…``): an assistant's echo must not read as the user's."""
    role = said_by.get(m.id)
    return f"{role}: {m.content}" if role else m.content
