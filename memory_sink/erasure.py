"""Erasure on request (``forget``): a memory, a session or a whole namespace, gone.

The one exception to "staging is the log" and "knowledge is never deleted"
(invariants 1 and 6): a person's right to have what they said removed outranks
history. An erasure deletes the staged turns in its scope and every row derived
from them — provisional rows, episodes, passages, facts and all their superseded
versions (vectors and lexical index entries go with the rows), the operations
that name any of them or quote those turns, and the session's consolidation
state (its last error may quote a turn) — and writes one ``memory_erasures``
row: when, the kind of scope and the counts, never what was erased.

Nothing can come back: the staged turns are the only source every tier
re-derives from, so a later realtime tick, consolidation or backfill has
nothing to rebuild them from. That is why erasing one memory erases the turns
it came from, and with them everything else derived from those turns (the
episode and passages that quote them, other facts read from them): a tombstone
for the erased fact alone would keep the very text it stands for in staging.
The other turns of an episode that had to go lose their consolidated cover, so
they are queued again (``requeued``): the caller embeds them at once, and the
next consolidation rebuilds the session from what is left.

A fact an erased fact had replaced stays retired, with its link to the erased
successor cleared: erasure removes data, it does not re-decide what is true.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from consolidators.forms import norm

from . import replaced
from .errors import InputError, NotFoundError
from .swap import SESSION_LOCK
from .vocab import Kind, Scope

log = logging.getLogger(__name__)

SOURCE = "SELECT session_id, event_ids, kind, subject, object FROM memory WHERE namespace = %s AND id = %s"
# The session's other turns that state a fact being forgotten: they name its object (and, unless it is about
# the user, who says "I" and is called "you", its subject) as whole words. The assistant's "so you use
# neovim" said the user's fact again; left, it stays recallable and the next consolidation reads the fact
# back from it. ``~*`` matches case-insensitively; the patterns come from ``_phrase``.
STATING_TURNS = """
SELECT event_id, role, content FROM memory_staging
WHERE namespace = %(ns)s AND session_id = %(sid)s AND NOT event_id = ANY(%(events)s)
  AND content ~* %(object)s AND (%(subject)s::text IS NULL OR content ~* %(subject)s)
ORDER BY event_ts, seq, event_id
"""
USER = "user"  # the subject the extractor gives what the user says of themselves
# The turns in scope, locked: an in-flight realtime claim or tier swap of one of them
# finishes first, and its rows are then seen (and erased) by the statements below.
LOCK_TURNS = """
SELECT event_id FROM memory_staging WHERE namespace = %s AND event_id = ANY(%s) ORDER BY event_id FOR UPDATE
"""
LOCK_SESSION = """
SELECT event_id FROM memory_staging WHERE namespace = %s AND session_id = %s ORDER BY event_id FOR UPDATE
"""
# Every version of every row derived from those turns (the GIN index on event_ids serves ``&&``).
DERIVED = """
SELECT id::text, session_id, kind FROM memory
WHERE namespace = %(ns)s AND (id = ANY(%(ids)s::uuid[]) OR event_ids && %(events)s
                              OR (%(sid)s::text IS NOT NULL AND session_id = %(sid)s))
"""
# An episode's passages name it in their metadata; they go with it even if they quote other turns.
PASSAGES_OF = """
SELECT id::text, session_id, kind FROM memory
WHERE namespace = %s AND kind = 'passage' AND metadata->>'episode_id' = ANY(%s)
"""
# The active facts among the rows about to go: what erasing one memory takes with it, named to the caller.
ACTIVE_FACTS = """
SELECT id::text, concat_ws(' ', subject, predicate, object) FROM memory
WHERE id = ANY(%s::uuid[]) AND kind = 'fact' AND superseded_at IS NULL ORDER BY recorded_at, id
"""
# Operations that name an erased row, quote an erased turn (a retraction's event_ids)
# or belong to an erased session: their signals and reasons may hold its words.
DOOMED_OPS = """
SELECT op_id FROM memory_ops
WHERE namespace = %(ns)s AND (memory_ids && %(ids)s::uuid[] OR reverse->'kept' ?| %(ids)s::text[]
                              OR signals->'event_ids' ?| %(events)s::text[]
                              OR (%(sid)s::text IS NOT NULL AND signals->>'session_id' = %(sid)s))
"""
UNLINK_UNDONE = "UPDATE memory_ops SET undone_by = NULL WHERE undone_by = ANY(%s)"
DELETE_OPS = "DELETE FROM memory_ops WHERE op_id = ANY(%s)"
# A row an erased row had replaced stays retired; only the link to its erased successor goes.
UNLINK_SUCCESSORS = """
UPDATE memory SET superseded_by = NULL WHERE superseded_by = ANY(%(ids)s::uuid[]) AND NOT id = ANY(%(ids)s::uuid[])
"""
DELETE_MEMORIES = "DELETE FROM memory WHERE id = ANY(%s::uuid[])"
DELETE_TURNS = "DELETE FROM memory_staging WHERE namespace = %s AND event_id = ANY(%s)"
DELETE_STATE = "DELETE FROM consolidation_state WHERE namespace = %s AND session_id = ANY(%s)"
# Consolidated turns of the affected sessions that no active episode covers any more:
# back to the realtime queue, so they are visible again and their session is re-consolidated.
UNCOVERED = """
SELECT s.event_id FROM memory_staging s
WHERE s.namespace = %s AND s.session_id = ANY(%s) AND s.consolidated_at IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM memory c WHERE c.namespace = s.namespace AND c.kind = 'episode'
                  AND c.superseded_at IS NULL AND c.event_ids @> ARRAY[s.event_id])
ORDER BY s.event_id
"""
REQUEUE = "UPDATE memory_staging SET provisional_at = NULL, consolidated_at = NULL WHERE event_id = ANY(%s)"
# Its last error may quote a turn that is gone; the session starts afresh.
RESET_STATE = """
UPDATE consolidation_state SET attempts = 0, last_error = NULL, next_retry_at = NULL
WHERE namespace = %s AND session_id = ANY(%s)
"""
# A whole namespace: every table, one statement each (self-references go in the same statement).
DELETE_NAMESPACE = {
    "operations": "DELETE FROM memory_ops WHERE namespace = %s",
    "memories": "DELETE FROM memory WHERE namespace = %s",
    "staged_turns": "DELETE FROM memory_staging WHERE namespace = %s",
    "consolidation_state": "DELETE FROM consolidation_state WHERE namespace = %s",
}
RECORD = """
INSERT INTO memory_erasures (scope, namespace, counts) VALUES (%s, %s, %s) RETURNING erasure_id, erased_at
"""


@dataclass(frozen=True)
class Erasure:
    """What one ``forget`` did: the record it left, and the turns it queued again."""

    erasure_id: int
    erased_at: datetime
    scope: Scope
    counts: dict[str, int]  # rows removed: staged_turns, memories, operations, consolidation_state
    requeued: tuple[str, ...] = field(default=())  # event ids that lost their episode (memory scope)
    # Memory scope: the other active facts read from the same turns, gone with it, as (id, "subject predicate
    # object"); returned to the caller only, never recorded (memory_erasures holds counts, not content).
    also_erased: tuple[tuple[str, str], ...] = field(default=())
    # A fact's scope: the session's other turns that stated it, as (event id, "role: text"); caller only, as above.
    stating_turns: tuple[tuple[str, str], ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        return {
            "erasure_id": self.erasure_id,
            "erased_at": self.erased_at.isoformat(),
            "scope": str(self.scope),
            "counts": self.counts,
            "requeued_turns": len(self.requeued),
            "also_erased": [{"id": memory_id, "fact": fact} for memory_id, fact in self.also_erased]
            + [{"id": event_id, "turn": said} for event_id, said in self.stating_turns],
        }


def erase_memory(conn: psycopg.Connection, namespace: str, memory_id: str) -> Erasure:
    """Erase a memory, the turns it came from, and everything derived from those turns; for a
    fact, also the session's other turns that state it (``STATING_TURNS``), so nothing brings it back."""
    with conn.transaction():
        source = conn.execute(SOURCE, (namespace, memory_id)).fetchone()
        if source is None:
            raise replaced.missing(conn, namespace, memory_id)
        session_id, events, kind, subject, obj = source
        events, stating = list(events), []
        if session_id is not None:
            conn.execute(SESSION_LOCK, (f"{namespace}\x1f{session_id}",))  # a swap of it finishes first
            if kind == Kind.FACT and obj:
                stating = _stating_turns(conn, namespace, session_id, events, subject, obj)
        conn.execute(LOCK_TURNS, (namespace, events + [event_id for event_id, _ in stating]))
        done = _erase(conn, namespace, Scope.MEMORY, [memory_id], events + [e for e, _ in stating], None)
        return replace(done, stating_turns=tuple(stating))


def _stating_turns(
    conn: psycopg.Connection, namespace: str, session_id: str, events: list[str], subject: str | None, obj: str
) -> list[tuple[str, str]]:
    """The session's turns besides ``events`` that say the fact again, as (event id, "role: text")."""
    about_user = subject is None or norm(subject) == USER
    params = {
        "ns": namespace,
        "sid": session_id,
        "events": events,
        "object": _phrase(obj),
        "subject": None if about_user else _phrase(subject or ""),
    }
    return [(event_id, f"{role}: {content}") for event_id, role, content in conn.execute(STATING_TURNS, params)]


def _phrase(text: str) -> str:
    """A PostgreSQL regular expression matching ``text`` as whole words, any spacing between them."""
    words = [re.sub(r"([^\w\s])", r"\\\1", w) for w in text.split()]
    return r"(^|[^[:alnum:]_])" + r"\s+".join(words) + r"($|[^[:alnum:]_])"


def erase_session(conn: psycopg.Connection, namespace: str, session_id: str) -> Erasure:
    """Erase a session's staged turns and everything derived from them."""
    with conn.transaction():
        conn.execute(SESSION_LOCK, (f"{namespace}\x1f{session_id}",))
        events = [r[0] for r in conn.execute(LOCK_SESSION, (namespace, session_id))]
        return _erase(conn, namespace, Scope.SESSION, [], events, session_id)


def erase_namespace(conn: psycopg.Connection, namespace: str, *, confirm: bool) -> Erasure:
    """Erase everything a namespace holds; ``confirm`` must be True (there is no undo)."""
    if not confirm:
        raise InputError(f"namespace: erasing all of {namespace!r} cannot be undone; confirm it (confirm=True)")
    with conn.transaction():
        counts = {name: conn.execute(sql, (namespace,)).rowcount for name, sql in DELETE_NAMESPACE.items()}
        if not any(counts.values()):
            raise NotFoundError(f"namespace {namespace!r} holds nothing to erase")
        return _record(conn, Scope.NAMESPACE, None, counts)


def _erase(
    conn: psycopg.Connection,
    namespace: str,
    scope: Scope,
    ids: Sequence[str],
    events: Sequence[str],
    session_id: str | None,
) -> Erasure:
    found = conn.execute(DERIVED, {"ns": namespace, "ids": list(ids), "events": list(events), "sid": session_id})
    rows = {r[0]: r for r in found}
    if not rows and not events:
        raise NotFoundError(f"no session {session_id!r} in namespace {namespace!r}")
    episodes = [mid for mid, (_id, _sid, kind) in rows.items() if kind == "episode"]
    if episodes:
        rows.update((r[0], r) for r in conn.execute(PASSAGES_OF, (namespace, episodes)))
    erased = sorted(rows)
    sessions = sorted({str(sid) for _id, sid, _kind in rows.values() if sid is not None})
    params = {"ns": namespace, "ids": erased, "events": list(events), "sid": session_id}
    others = [mid for mid in erased if mid not in ids]
    also = tuple((r[0], r[1]) for r in conn.execute(ACTIVE_FACTS, (others,))) if scope == Scope.MEMORY else ()
    doomed = [r[0] for r in conn.execute(DOOMED_OPS, params)]
    conn.execute(UNLINK_UNDONE, (doomed,))
    counts = {"operations": conn.execute(DELETE_OPS, (doomed,)).rowcount}
    conn.execute(UNLINK_SUCCESSORS, params)
    counts["memories"] = conn.execute(DELETE_MEMORIES, (erased,)).rowcount
    counts["staged_turns"] = conn.execute(DELETE_TURNS, (namespace, list(events))).rowcount
    gone = [session_id] if session_id is not None else []
    counts["consolidation_state"] = conn.execute(DELETE_STATE, (namespace, gone)).rowcount
    requeued = tuple(r[0] for r in conn.execute(UNCOVERED, (namespace, sessions)))
    if requeued:
        conn.execute(REQUEUE, (list(requeued),))
    conn.execute(RESET_STATE, (namespace, sessions))
    return replace(_record(conn, scope, namespace, counts, requeued), also_erased=also)


def _record(
    conn: psycopg.Connection,
    scope: Scope,
    namespace: str | None,
    counts: dict[str, int],
    requeued: tuple[str, ...] = (),
) -> Erasure:
    row = conn.execute(RECORD, (scope, namespace, Jsonb(counts))).fetchone()
    assert row is not None
    return Erasure(int(row[0]), row[1], scope, counts, requeued)


# ANALYZE keeps a sample of each column's commonest values (and the commonest lexemes of
# content_tsv, which recall weighs terms by) in pg_statistic: erased words included, until
# the next ANALYZE of the table re-samples its live rows. Per table that holds a tenant's
# text: its name, how to re-sample it (with or without a VACUUM first) and whether it is empty.
STATISTICS = tuple(
    (table, f"ANALYZE {table}", f"VACUUM (ANALYZE) {table}", f"SELECT NOT EXISTS (SELECT 1 FROM {table})")
    for table in ("memory_staging", "memory", "memory_ops", "consolidation_state")
)
# ANALYZE of an empty table keeps the old sample: clear it, the table's and its expression
# indexes' (PostgreSQL 18 lets the table's owner; before 18 only a superuser may).
_AND_ITS_INDEXES = "(SELECT indexrelid FROM pg_index WHERE indrelid = %(t)s::regclass)"
CLEAR_STATS = f"""
SELECT pg_clear_attribute_stats(s.schemaname, s.tablename, s.attname, s.inherited) FROM pg_stats s
WHERE s.schemaname = current_schema()
  AND (s.tablename = %(t)s OR s.tablename IN (SELECT relname FROM pg_class WHERE oid IN {_AND_ITS_INDEXES}))
"""
CLEAR_STATS_BEFORE_18 = f"""
DELETE FROM pg_statistic WHERE starelid = %(t)s::regclass OR starelid IN {_AND_ITS_INDEXES}
"""


def scrub_statistics(conn: psycopg.Connection, *, vacuum: bool = False) -> None:
    """Re-sample the planner statistics of every table an erasure touches, so no erased
    word lingers there; with ``vacuum``, VACUUM them first (dead rows pruned from the
    pages and the indexes). ``conn`` must be in autocommit mode (VACUUM runs outside a transaction).
    """
    for table, analyze, vacuum_analyze, is_empty in STATISTICS:
        statement = vacuum_analyze if vacuum else analyze
        conn.execute(statement)
        if conn.execute(is_empty).fetchone() == (True,):
            _clear_stats(conn, table)


def _clear_stats(conn: psycopg.Connection, table: str) -> None:
    try:
        if conn.info.server_version >= 180000:
            conn.execute(CLEAR_STATS, {"t": table})
        else:
            conn.execute(CLEAR_STATS_BEFORE_18, {"t": table})
    except psycopg.errors.InsufficientPrivilege:
        log.warning("%s is empty but its old statistics sample stays until rows are added and it is analyzed", table)
