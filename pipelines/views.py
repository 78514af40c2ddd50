"""What the command line and the MCP tools show of memories, produced once for both.

``tiermem history --json`` and the MCP ``history`` tool return the same document;
``tiermem recall`` and the MCP context block name a turn's speaker the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from memory_sink import MemoryStore
from memory_sink.errors import InputError
from memory_sink.operations import PREFIX
from memory_sink.staging import roles_of
from memory_sink.statuses import replacements
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


#: Memories a "not a memory id" error names: enough to pick from, one line still.
MATCHES_SHOWN = 3


def resolve_or_match(store: MemoryStore, text: str, namespace: str) -> str:
    """The full id ``text`` names (``MemoryStore.resolve_id``); words instead of an id ("my phone number")
    are refused with the memories recall finds for them, by short id, so the next try can name one."""
    if PREFIX.fullmatch(text.strip().lower()):
        return store.resolve_id(text, namespace)
    # Every version, none set last as outdated: the turn holding a phone number also said an editor since
    # replaced, and by default recall ranks such a passage after every current row.
    found = store.recall(text, namespace=namespace, k=MATCHES_SHOWN, all_versions=True)
    if not found:
        raise InputError(f"not a memory id: {text!r}; namespace {namespace!r} holds no memory to match it")
    shown = ", ".join(f"{m.id[:8]} {' '.join(m.content.split())[:60]!r}" for m in found)
    raise InputError(f"not a memory id: {text!r}; memories that match it: {shown}; give one's id")
