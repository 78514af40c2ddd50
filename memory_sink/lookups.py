"""The store's reads beside memory itself: the counts ``status`` reports, whether a namespace holds
anything, when its first memory was recorded; and the checks and status labels every read shares.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

import psycopg
from psycopg.rows import dict_row

from consolidators.forms import closest

from . import memories, ops, statuses
from .errors import InputError
from .types import Memory

STATUS_SQL = """
SELECT
  (SELECT count(*) FROM memory_staging WHERE provisional_at IS NULL AND consolidated_at IS NULL
     AND (%(ns)s::text IS NULL OR namespace = %(ns)s)) AS pending,
  (SELECT count(*) FROM memory_staging WHERE (%(ns)s::text IS NULL OR namespace = %(ns)s)) AS staged,
  (SELECT count(DISTINCT (namespace, session_id)) FROM memory_staging WHERE consolidated_at IS NULL
     AND (%(ns)s::text IS NULL OR namespace = %(ns)s)) AS awaiting,
  (SELECT extract(epoch FROM clock_timestamp() - min(staged_at)) FROM memory_staging
     WHERE provisional_at IS NULL AND consolidated_at IS NULL AND (%(ns)s::text IS NULL OR namespace = %(ns)s))
     AS realtime_lag,
  (SELECT extract(epoch FROM clock_timestamp() - min(staged_at)) FROM memory_staging
     WHERE consolidated_at IS NULL AND (%(ns)s::text IS NULL OR namespace = %(ns)s)) AS consolidation_lag
"""
# A namespace holds something if any turn was staged in it or any memory written to it; a used
# namespace answers at the first row found.
NAMESPACE_USED_SQL = """
SELECT EXISTS (SELECT 1 FROM memory_staging WHERE namespace = %(ns)s)
    OR EXISTS (SELECT 1 FROM memory WHERE namespace = %(ns)s)
"""
# Only read when a namespace holds nothing (most likely a typo), to name the ones that exist.
KNOWN_NAMESPACES_SQL = (
    "SELECT namespace FROM memory_staging UNION SELECT namespace FROM memory ORDER BY 1 LIMIT %(limit)s"
)
# Only read when an --as-of read found nothing: was that time before this namespace's first memory?
FIRST_RECORDED_SQL = "SELECT min(recorded_at) FROM memory WHERE namespace = %(ns)s"


def status(conn: psycopg.Connection, namespace: str | None, *, max_attempts: int) -> dict[str, Any]:
    """``MemoryStore.status``'s counts, of one namespace or (None) of all; a session failed
    ``max_attempts`` times is parked."""
    with conn.cursor(row_factory=dict_row) as cur:
        row = cur.execute(STATUS_SQL, {"ns": namespace}).fetchone()
    counts = memories.tier_counts(conn, namespace)
    failing = ops.failing_sessions(conn, namespace)
    assert row is not None
    rt_lag, cons_lag = row["realtime_lag"], row["consolidation_lag"]
    entries = [_failing_entry(f, max_attempts) for f in failing]
    return {
        "staged_turns": int(row["staged"]),
        "pending_turns": int(row["pending"]),
        "provisional_turns": counts.get("provisional_turns", 0),
        "consolidated_episodes": counts.get("consolidated_episodes", 0),
        # The rows recall returns for an episode (one per turn): without them the rows per tier did not add up.
        "consolidated_passages": counts.get("consolidated_passages", 0),
        "consolidated_facts": counts.get("consolidated_facts", 0),
        "superseded": counts.get("superseded", 0),
        "sessions_awaiting_consolidation": int(row["awaiting"]),
        "sessions_failing": len(failing),
        "sessions_parked": sum(1 for f in entries if f["parked"]),
        "realtime_lag_seconds": None if rt_lag is None else round(float(rt_lag), 3),
        "consolidation_lag_seconds": None if cons_lag is None else round(float(cons_lag), 3),
        "failing": entries,
    }


def _failing_entry(failing: dict[str, Any], max_attempts: int) -> dict[str, Any]:
    """A failing session as ``status`` reports it: a parked one waits for no retry (only --session)."""
    parked = failing["attempts"] >= max_attempts
    retry = None if parked or failing["next_retry_at"] is None else failing["next_retry_at"].isoformat()
    return {**failing, "next_retry_at": retry, "parked": parked}


def unknown_namespace(conn: psycopg.Connection, namespace: str, limit: int) -> list[str] | None:
    """None if ``namespace`` holds something, or the database holds nothing; else the namespaces that do."""
    row = conn.execute(NAMESPACE_USED_SQL, {"ns": namespace}).fetchone()
    if row is not None and row[0]:
        return None
    return [r[0] for r in conn.execute(KNOWN_NAMESPACES_SQL, {"limit": limit})] or None


def first_recorded(conn: psycopg.Connection, namespace: str) -> datetime | None:
    """When the namespace's first memory was recorded (None: it holds none)."""
    row = conn.execute(FIRST_RECORDED_SQL, {"ns": namespace}).fetchone()
    return row[0] if row is not None else None


def check_kinds(kinds: Sequence[str] | None) -> list[str] | None:
    """``kinds`` as a list, or ``InputError`` naming the unknown ones and what each most likely meant
    (``--kind fcat``: did you mean 'fact'?), as a misspelt config key or command is answered."""
    if kinds is None:
        return None
    bad = [k for k in kinds if k not in memories.KINDS]
    if bad or not kinds:
        meant = dict.fromkeys(
            c for k in bad if isinstance(k, str) for c in closest(k.lower(), map(str, memories.KINDS))
        )
        hint = f"; did you mean {' or '.join(map(repr, meant))}?" if meant else ""
        raise InputError(
            f"kind: expected some of {', '.join(memories.KINDS)}, got {', '.join(map(str, bad)) or 'nothing'}{hint}"
        )
    return list(kinds)


def check_uuid(value: str) -> str:
    try:
        return str(uuid.UUID(str(value)))
    except ValueError:
        raise InputError(f"not a memory id (expected a UUID): {str(value)[:64]!r}") from None


def with_status(
    conn: psycopg.Connection, namespace: str, found: Sequence[Memory], at: datetime | None = None
) -> list[Memory]:
    """Each memory with its ``status`` (now, or as held at ``at``), reading the log only where the row can't tell."""
    explain = [m.id for m in found if statuses.needs_ops(m, at)]
    logged = ops.ops_for(conn, namespace, explain) if explain else []
    return [replace(m, status=statuses.status_of(m, logged, at)) for m in found]
