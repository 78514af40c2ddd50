"""The staging log (``memory_staging``): validation, content-addressed ids, JSON Lines input, and its SQL.

Invariant 1: staging is the log. Rows are only ever inserted (idempotently, by
content hash); the two tiers only set their progress markers.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import psycopg
from psycopg.rows import class_row, kwargs_row
from psycopg.types.json import Jsonb

from consolidators.forms import closest, utc_timestamp

from .errors import InputError, ReadError
from .types import ClaimedTurn, SessionEvents, StagedTurn
from .vocab import ROLE_ALIASES, Role

ROLES = tuple(Role)
MAX_ID_CHARS = 256
MAX_CONTENT_BYTES = 8 * 1024 * 1024  # a whole pasted document fits; a runaway payload does not
# Staging commits a batch once it holds this many bytes of turns (or its count of
# lines): a few maximal turns per statement, so memory stays bounded (the client
# holds a batch two or three times over while sending it) and a statement stays
# far below the server's 1 GB limit on one value, whatever the turns' sizes.
BATCH_BYTES = 32 * 1024 * 1024
# Deeper metadata is a generated accident, not a record; and past ~1000 levels
# Python's json (and later readers of the row) fail by recursion, not by a rule.
MAX_METADATA_DEPTH = 64

# --- SQL (memory_staging) ------------------------------------------------------

# Invariant 1: ON CONFLICT DO NOTHING makes re-staging a no-op; RETURNING tells
# the caller which ids were new.
INSERT_TURNS = """
INSERT INTO memory_staging (event_id, namespace, session_id, seq, role, content, event_ts, metadata)
SELECT * FROM unnest(%s::text[], %s::text[], %s::text[], %s::bigint[], %s::text[], %s::text[],
                     %s::timestamptz[], %s::jsonb[])
ON CONFLICT (event_id) DO NOTHING
RETURNING event_id
"""

# Invariant 2: claim without watermarks. SKIP LOCKED lets N workers claim
# disjoint batches; a crash releases the locks and the rows are claimed again.
# Consolidated events are never claimed: they must not reappear as provisional.
CLAIM_PENDING = """
SELECT event_id, namespace, session_id, content, event_ts, metadata
FROM memory_staging
WHERE provisional_at IS NULL AND consolidated_at IS NULL
ORDER BY staged_at
LIMIT %s
FOR UPDATE SKIP LOCKED
"""


def claim_pending(conn: psycopg.Connection, batch_size: int) -> list[ClaimedTurn]:
    """Lock up to ``batch_size`` turns no tier holds yet, oldest first; others' claims are skipped."""
    with conn.cursor(row_factory=class_row(ClaimedTurn)) as cur:
        return cur.execute(CLAIM_PENDING, (batch_size,)).fetchall()


# Read-your-writes: the turns a writer just staged, claimed in its own transaction so that
# marking them processed commits together with their provisional rows (invariant 2); a
# duplicate some realtime worker holds right now is left to it.
CLAIM_EVENTS = """
SELECT event_id, namespace, session_id, content, event_ts, metadata
FROM memory_staging
WHERE event_id = ANY(%s) AND provisional_at IS NULL AND consolidated_at IS NULL
ORDER BY staged_at
FOR UPDATE SKIP LOCKED
"""


def claim_events(conn: psycopg.Connection, event_ids: list[str]) -> list[ClaimedTurn]:
    """Lock these turns if no tier holds them yet (for embedding them at once)."""
    with conn.cursor(row_factory=class_row(ClaimedTurn)) as cur:
        return cur.execute(CLAIM_EVENTS, (event_ids,)).fetchall()


MARK_PROVISIONAL = "UPDATE memory_staging SET provisional_at = clock_timestamp() WHERE event_id = ANY(%s)"

SESSION_TURNS = """
SELECT event_id, namespace, session_id, role, content, event_ts, seq, metadata
FROM memory_staging
WHERE namespace = %s AND session_id = %s
ORDER BY event_ts, seq NULLS LAST, staged_at, event_id
"""

# Invariant 4: the swap locks the session's rows first, so an in-flight realtime
# claim of one of them finishes (or rolls back) before provisional rows are deleted.
LOCK_SESSION_TURNS = """
SELECT event_id, consolidated_at IS NULL FROM memory_staging
WHERE namespace = %s AND session_id = %s
ORDER BY event_id
FOR UPDATE
"""

MARK_CONSOLIDATED = """
UPDATE memory_staging SET consolidated_at = clock_timestamp()
WHERE event_id = ANY(%b) AND consolidated_at IS NULL
"""

# Invariant 3: a session is eligible when it has an unconsolidated event and its
# newest event was staged at least min_quiet seconds ago. Invariant 8: a failing
# session waits out its backoff and is parked after max_attempts, unless named.
# In world-time order (its first turn's time): a namespace's sessions are consolidated
# one after another, each reading what the earlier ones left, so a backlog imported out
# of order ("I don't work at X" staged before "I work at X", said later) ends as said.
ELIGIBLE_SESSIONS = """
WITH pending AS (
    SELECT DISTINCT namespace, session_id FROM memory_staging WHERE consolidated_at IS NULL
      AND (%(namespace)s::text IS NULL OR namespace = %(namespace)s)
      AND (%(session)s::text IS NULL OR session_id = %(session)s)
)
SELECT p.namespace, p.session_id
FROM pending p
JOIN LATERAL (
    SELECT max(s.staged_at) AS last_staged, min(s.event_ts) AS first_said FROM memory_staging s
    WHERE s.namespace = p.namespace AND s.session_id = p.session_id
) last ON true
LEFT JOIN consolidation_state c ON c.namespace = p.namespace AND c.session_id = p.session_id
WHERE last.last_staged <= clock_timestamp() - make_interval(secs => %(min_quiet)s)
  AND (%(force)s OR c.next_retry_at IS NULL OR c.next_retry_at <= clock_timestamp())
  AND (%(force)s OR coalesce(c.attempts, 0) < %(max_attempts)s)   -- parked after max_attempts
ORDER BY last.first_said, last.last_staged, p.namespace, p.session_id
LIMIT %(limit)s
"""

# Whether any turn was ever staged under a session id (in a namespace, or in any): a command
# naming an unknown session says so, where one with nothing pending has nothing to do.
SESSION_STAGED = """
SELECT EXISTS (SELECT 1 FROM memory_staging
               WHERE session_id = %(session)s AND (%(namespace)s::text IS NULL OR namespace = %(namespace)s))
"""

# Sessions with a turn on one UTC day (a consolidate partition).
SESSIONS_ON_DAY = """
SELECT namespace, session_id FROM memory_staging
WHERE event_ts >= %s AND event_ts < %s
GROUP BY namespace, session_id
ORDER BY min(event_ts), namespace, session_id
"""


# --- validation (pure) ------------------------------------------------------------


# Input arrives as JSON (ingest, MCP) or from Python; JSON's names read right for both.
JSON_TYPES = {
    type(None): "null",
    bool: "boolean",
    int: "number",
    float: "number",
    str: "string",
    list: "array",
    dict: "object",
}


def json_type(value: Any) -> str:
    """The JSON name of a value's type (``null``, not ``NoneType``)."""
    return JSON_TYPES.get(type(value), type(value).__name__)


def _check_text(value: Any, name: str, *, max_bytes: int) -> str:
    if not isinstance(value, str):
        raise InputError(f"{name}: expected a string, got {json_type(value)}")
    if not value.strip():
        raise InputError(f"{name}: must not be empty")
    if "\x00" in value:
        raise InputError(f"{name}: contains a NUL byte (\\x00), which PostgreSQL text cannot store")
    try:
        size = len(value.encode("utf-8"))
    except UnicodeEncodeError as exc:
        raise InputError(f"{name}: {_unencodable(value, exc.start)}") from None
    if size > max_bytes:
        raise InputError(f"{name}: {size} bytes is over the limit of {max_bytes} bytes")
    return value


# Bytes that are not UTF-8, read with errors="surrogateescape" (the CLI's files, stdin and
# argv), arrive as U+DC80..U+DCFF; naming the byte tells the user their file's encoding is
# wrong, where "lone surrogate" sent them looking for an escape they never wrote.
_ESCAPED_BYTES = range(0xDC80, 0xDD00)


def _bad_byte(char: str, where: str) -> str:
    return f"not valid UTF-8 (byte 0x{ord(char) - 0xDC00:02x} at {where}); the input must be UTF-8"


def _unencodable(text: str, position: int) -> str:
    """Why ``text`` cannot be stored, from its first character UTF-8 cannot encode."""
    if ord(text[position]) in _ESCAPED_BYTES:
        return _bad_byte(text[position], f"position {position}")
    return f"not valid Unicode (lone surrogate at position {position})"


def undecodable_byte(line: str) -> str | None:
    """Why a line read with ``surrogateescape`` is not UTF-8 (its first bad byte's column), or None."""
    for position, char in enumerate(line):
        if ord(char) in _ESCAPED_BYTES:
            return _bad_byte(char, f"column {position + 1}")
    return None


def validate_namespace(value: Any) -> str:
    """A tenant namespace: non-empty text of at most ``MAX_ID_CHARS`` bytes."""
    return _check_text(value, "namespace", max_bytes=MAX_ID_CHARS)


def parse_ts(value: Any, name: str = "ts") -> datetime | None:
    """An aware UTC datetime from a datetime or ISO 8601 string; naive means UTC."""
    try:
        return utc_timestamp(value)
    except ValueError as exc:
        raise InputError(f"{name}: {exc}") from None


def _check_metadata(value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise InputError(f"metadata: expected a JSON object, got {json_type(value)}")
    if _deeper_than(value, MAX_METADATA_DEPTH):  # before json.dumps, which would recurse into it
        raise InputError(f"metadata: nested deeper than {MAX_METADATA_DEPTH} levels")
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise InputError(f"metadata: not JSON-serialisable ({exc})") from None
    if "\\u0000" in text:
        raise InputError("metadata: contains a NUL character, which PostgreSQL jsonb cannot store")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError("metadata: contains invalid Unicode (a lone surrogate)") from None
    return dict(value)


def _deeper_than(value: Any, limit: int) -> bool:
    """Whether objects/arrays nest more than ``limit`` levels; iterative, so a cycle is just deep."""
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, Mapping):
            children: Iterable[Any] = node.values()
        elif isinstance(node, (list, tuple)):
            children = node
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def event_id_for(namespace: str, session_id: str, seq: int | None, ts: datetime, role: str, content: str) -> str:
    """Content-addressed id: the same turn staged twice gets the same id (invariant 1).

    With a ``seq`` the id ignores the timestamp, so a caller numbering its turns
    can re-send them at any time; otherwise the turn's timestamp is part of it.
    """
    position = f"seq:{seq}" if seq is not None else f"ts:{ts.isoformat()}"
    payload = json.dumps([namespace, session_id, position, role, content], ensure_ascii=False)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:32]


def validate_turn(
    session_id: Any,
    role: Any,
    content: Any,
    *,
    namespace: Any = "default",
    ts: Any = None,
    seq: Any = None,
    metadata: Any = None,
    now: datetime | None = None,
) -> StagedTurn:
    """Check one turn and compute its id; raises ``InputError`` naming the field."""
    namespace = validate_namespace(namespace)
    session_id = _check_text(session_id, "session_id", max_bytes=MAX_ID_CHARS)
    role = parse_role(role)
    content = _check_text(content, "content", max_bytes=MAX_CONTENT_BYTES)
    if seq is not None and (isinstance(seq, bool) or not isinstance(seq, int) or seq < 0 or seq >= 2**63):
        raise InputError(f"seq: expected a non-negative integer, got {seq!r}")
    event_ts = parse_ts(ts) or now or datetime.now(UTC)
    meta = _check_metadata(metadata)
    event_id = event_id_for(namespace, session_id, seq, event_ts, role, content)
    return StagedTurn(event_id, namespace, session_id, role, content, event_ts, seq, meta)


def parse_role(role: Any) -> Role:
    """A turn's role, in any case, with the chat formats' aliases (``ROLE_ALIASES``) mapped to it.

    The one rule for every way a turn comes in, so each refuses a role in the same words.
    """
    word = role.strip().lower() if isinstance(role, str) else role
    if word in ROLE_ALIASES:
        return ROLE_ALIASES[word]
    if word not in ROLES:
        aliases = ", ".join(f"{a} for {r}" for a, r in ROLE_ALIASES.items())
        meant = closest(word, [*map(str, ROLES), *ROLE_ALIASES]) if isinstance(word, str) else []
        hint = f"; did you mean {meant[0]!r}?" if meant else ""
        raise InputError(f"role: expected one of {', '.join(ROLES)} ({aliases}), got {str(role)[:32]!r}{hint}")
    return Role(word)


def turn_bytes(turn: StagedTurn) -> int:
    """About how many bytes ``turn`` adds to a staging statement (its text fields and metadata)."""
    text = turn.content
    size = len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))
    return size + len(turn.session_id) + len(turn.namespace) + (len(json.dumps(turn.metadata)) if turn.metadata else 0)


# --- database ------------------------------------------------------------------------


def insert_turns(conn: psycopg.Connection, turns: Iterable[StagedTurn]) -> set[str]:
    """Insert validated turns in one statement; returns the ids that were new."""
    batch = list(turns)
    if not batch:
        return set()
    cols: list[list[Any]] = [[] for _ in range(8)]
    for t in batch:
        for col, value in zip(
            cols, (t.event_id, t.namespace, t.session_id, t.seq, t.role, t.content, t.event_ts, Jsonb(t.metadata))
        ):
            col.append(value)
    rows = conn.execute(INSERT_TURNS, cols).fetchall()
    return {r[0] for r in rows}


def read_session(conn: psycopg.Connection, namespace: str, session_id: str) -> SessionEvents:
    """The whole session from staging, in conversation order (invariant 3)."""
    with conn.cursor(row_factory=kwargs_row(_staged_turn)) as cur:
        turns = tuple(cur.execute(SESSION_TURNS, (namespace, session_id)).fetchall())
    return SessionEvents(namespace, session_id, turns)


# A tenant's log in conversation order, session by session: what ``ingest`` reads back.
EXPORT_TURNS = """
SELECT session_id, role, content, event_ts, seq, metadata
FROM memory_staging
WHERE namespace = %s
ORDER BY session_id, event_ts, seq NULLS LAST, staged_at, event_id
"""


def export_turns(conn: psycopg.Connection, namespace: str) -> Iterator[dict[str, Any]]:
    """Every staged turn of ``namespace`` as an ``ingest`` line, streamed (a server-side cursor: a
    tenant's log need not fit in memory). No ``namespace`` key: the reader's ``ingest --namespace``
    (or deployment) decides where it goes, and the same namespace takes the lines as duplicates."""
    with conn.cursor(name="tiermem_export") as cur:
        cur.execute(EXPORT_TURNS, (namespace,))
        for session_id, role, content, event_ts, seq, metadata in cur:
            line: dict[str, Any] = {"session_id": session_id, "role": role, "content": content}
            line["ts"] = event_ts.astimezone(UTC).isoformat()
            if seq is not None:
                line["seq"] = seq
            if metadata:
                line["metadata"] = metadata
            yield line


TURN_ROLES = "SELECT event_id, role FROM memory_staging WHERE namespace = %s AND event_id = ANY(%s)"


def roles_of(conn: psycopg.Connection, namespace: str, event_ids: Sequence[str]) -> dict[str, str]:
    """Who said each staged turn, by event id: a turn's memory row keeps its text, not its speaker."""
    return {event_id: role for event_id, role in conn.execute(TURN_ROLES, (namespace, list(event_ids)))}


def _staged_turn(*, role: str, **columns: Any) -> StagedTurn:
    return StagedTurn(role=Role(role), **columns)


# --- JSON Lines input ----------------------------------------------------------

TURN_FIELDS = ("session_id", "role", "content", "namespace", "ts", "seq", "metadata")
# The names other chat exports give those fields: a hint for an unknown field a spelling distance cannot find
# (``timestamp`` is not close to ``ts``). Only a hint: a line using one is still refused, never guessed at.
FIELD_ALIASES = {
    "text": "content",
    "message": "content",
    "body": "content",
    "timestamp": "ts",
    "time": "ts",
    "created_at": "ts",
    "date": "ts",
    "session": "session_id",
    "conversation_id": "session_id",
    "thread_id": "session_id",
    "speaker": "role",
    "author": "role",
    "sender": "role",
}


def parsed_lines(lines: Iterable[str], first_line: int) -> Iterator[tuple[int, Mapping[str, Any] | InputError]]:
    """Each non-blank line, numbered, as a JSON value or the reason it is not one.

    A failure to read (an I/O error, undecodable bytes) is a ``ReadError`` naming
    the line that could not be read: nothing after it can be trusted. Bytes read
    with ``errors="surrogateescape"`` (as the CLI reads) reject only their line.
    """
    numbered = enumerate(lines, start=first_line)
    number = first_line - 1
    while True:
        try:
            number, line = next(numbered)
        except StopIteration:
            return
        except Exception as exc:
            raise ReadError(f"line {number + 1}: cannot read the input: {type(exc).__name__}: {exc}") from exc
        if number == 1:  # a byte order mark (Windows editors write one) is not part of line 1's JSON
            line = line.removeprefix("\ufeff")
        if not line.strip():
            continue
        if not line.isascii() and (undecodable := undecodable_byte(line)):
            yield number, InputError(undecodable)
            continue
        if "\x00" in line:  # JSON has no raw NUL; UTF-16 text read as UTF-8 is full of them
            yield number, InputError("contains a NUL byte; the input must be UTF-8 (not UTF-16)")
            continue
        try:
            yield number, json.loads(line)
        except json.JSONDecodeError as exc:
            yield number, InputError(f"not valid JSON: {exc.msg} at column {exc.colno}")
        except UnicodeError as exc:
            yield number, InputError(f"not valid UTF-8: {exc}")
        except RecursionError:
            yield number, InputError("not valid JSON: nested too deeply to parse")
        except ValueError as exc:  # e.g. an integer of more than 4300 digits
            yield number, InputError(f"not valid JSON: {exc}")


def validate_mapping(turn: Mapping[str, Any], default_namespace: str, *, only: str | None = None) -> StagedTurn:
    """One JSON object of an ingest as a checked turn; the namespace defaults to the store's.

    ``only``: the namespace the caller named for the whole input; a line naming another is refused.
    """
    if not isinstance(turn, Mapping):
        raise InputError(f"expected a JSON object, got {json_type(turn)}")
    unknown = sorted(set(turn) - set(TURN_FIELDS))
    if unknown:
        word = str(unknown[0])
        meant = [FIELD_ALIASES[word]] if word in FIELD_ALIASES else closest(word, TURN_FIELDS)
        hint = f"; did you mean {meant[0]!r}?" if meant else ""
        raise InputError(f"unknown field {unknown[0]!r} (expected: {', '.join(TURN_FIELDS)}){hint}")
    for required in ("session_id", "role", "content"):
        if required not in turn:
            raise InputError(f"missing field {required!r}")
    if only is not None:
        default_namespace = only
        if "namespace" in turn and validate_namespace(turn["namespace"]) != only:
            raise InputError(f"namespace: the line names {turn['namespace']!r}, but the input is for {only!r}")
    return validate_turn(
        turn["session_id"],
        turn["role"],
        turn["content"],
        namespace=turn.get("namespace", default_namespace),
        ts=turn.get("ts"),
        seq=turn.get("seq"),
        metadata=turn.get("metadata"),
    )
