"""An id recall returned before consolidation: which rows hold its turn now.

Recall shows provisional rows (a turn not yet consolidated) with ids an agent
keeps; consolidation deletes those rows (invariant 3: a turn is in one tier) and
its ``tier_swap`` op lists them in ``reverse.provisional`` as (id, event id)
pairs. A command given such an id then explains instead of saying only "no
memory": the row was provisional, which consolidation replaced it, and the ids of
the active rows that hold its turn now (its passage, the facts read from it).
"""

from __future__ import annotations

from datetime import datetime

import psycopg

from .errors import NotFoundError

# Only on the error path: a scan of the namespace's tier swaps, newest first (an id
# prefix may match several; the newest swap is the one that deleted it last).
SWAP_OF_PROVISIONAL = """
SELECT o.op_id, o.created_at, o.signals->>'session_id', p->>1
FROM memory_ops o, jsonb_array_elements(o.reverse->'provisional') p
WHERE o.namespace = %(ns)s AND o.op = 'tier_swap' AND p->>0 LIKE %(prefix)s
ORDER BY o.op_id DESC LIMIT 1
"""
# The active rows that hold the turn now: its passage (the turn's own words), then the
# facts read from it, then its episode (the GIN index on event_ids serves ``@>``).
HOLDERS = """
SELECT id::text, kind, content FROM memory
WHERE namespace = %(ns)s AND event_ids @> ARRAY[%(event)s] AND superseded_at IS NULL
ORDER BY array_position(ARRAY['passage', 'turn', 'fact'], kind) NULLS LAST, valid_from, id LIMIT %(limit)s
"""
#: Rows named in the message: enough to pick from, one line still.
HOLDERS_SHOWN = 4
SNIPPET = 50


def missing(conn: psycopg.Connection, namespace: str, memory_id: str) -> NotFoundError:
    """The error for an id the namespace has no row for: "no memory …", and, when a tier swap
    replaced a provisional row with that id, which swap and which active rows hold its turn now."""
    base = f"no memory {memory_id} in namespace {namespace!r}"
    prefix = memory_id.strip().lower()
    found = conn.execute(SWAP_OF_PROVISIONAL, {"ns": namespace, "prefix": prefix + "%"}).fetchone()
    if found is None:
        return NotFoundError(base)
    op_id, at, session_id, event_id = found
    rows = conn.execute(HOLDERS, {"ns": namespace, "event": event_id, "limit": HOLDERS_SHOWN}).fetchall()
    return NotFoundError(f"{base}: {explain(op_id, at, session_id, rows)}")


def explain(op_id: int, at: datetime, session_id: str, rows: list[tuple[str, str, str]]) -> str:
    """What replaced a provisional row: the swap, then the rows holding its turn now (short ids)."""
    swap = f"it was a provisional turn, replaced when session {session_id!r} was consolidated"
    swap += f" ({at:%Y-%m-%d %H:%M} UTC, op {op_id})"
    if not rows:
        return f"{swap}; no active memory holds that turn now"
    held = ", ".join(f"{kind} {mid[:8]} {_snippet(content)!r}" for mid, kind, content in rows)
    return f"{swap}; its turn is now in {held}"


def _snippet(content: str) -> str:
    words = " ".join(content.split())
    return words if len(words) <= SNIPPET else words[: SNIPPET - 1] + "…"
