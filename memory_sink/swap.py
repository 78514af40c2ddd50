"""The tier swap: one transaction per session (invariant 4).

The consolidator ran outside any transaction (it may be slow); here we re-check
that the session has not grown since it was read, then insert the new
consolidated version, retire the previous one, delete the provisional rows of
the covered turns, mark those turns consolidated and log the swap — all or
nothing. A concurrent reader sees the session before or after, never between.
A fact the new version re-states exactly (``unchanged``) is not written again:
its row, active or retired as it was, stays its one version. So is an episode
re-produced exactly with every one of its passages (``unchanged_episodes``): a
backfill of a day nothing changed in adds no version and retires nothing.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import numpy as np
import psycopg
from psycopg.pq import TransactionStatus
from psycopg.rows import dict_row

from consolidators.forms import norm

from . import locks, memories, meta, ops, staging
from .facts import Engine, EngineReport, named_fact
from .supersession import Judge, Policy, rules_judge
from .types import NewMemory
from .vocab import Actor, Kind, Op

# Two consolidations of one session serialise on this lock; different sessions don't wait.
SESSION_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended(%s, 7318842))"
# Swaps of different sessions lock the facts of the subjects they touch: subject
# locks first, in the one global order every writer takes them (``locks``).
# The subjects whose rows a swap may lock besides the new rows': the session's
# active facts (retired by the swap) and any fact a consolidator named. Each arm
# reads through the one index its WHERE makes eligible (memory_session_facts; the
# primary key) and is filtered once read: as one WHERE with an OR, before the
# table's first ANALYZE the planner read the whole namespace through
# memory_active_fact_key, a partial index that looked empty to it (146 ms at 100k).
TOUCHED_SUBJECTS = """
WITH session_facts AS MATERIALIZED (
    SELECT subject, superseded_at FROM memory WHERE namespace = %(ns)s AND session_id = %(sid)s AND kind = 'fact'
), named AS MATERIALIZED (
    SELECT namespace, kind, superseded_at, subject FROM memory WHERE id = ANY(%(ids)b::uuid[])
)
SELECT subject FROM session_facts WHERE superseded_at IS NULL
UNION
SELECT subject FROM named WHERE namespace = %(ns)s AND kind = 'fact' AND superseded_at IS NULL
"""


@dataclass(frozen=True)
class PreviousRow:
    id: str
    kind: str
    subject: str | None
    predicate: str | None
    object: str | None
    event_ids: tuple[str, ...]
    pinned: bool = False
    content: str = ""
    valid_from: datetime | None = None
    confidence: float | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    retired: bool = False  # by a replacement, a retraction or a restatement (``RETIRED_SESSION_FACTS``)
    # What the vector and the lexical branch read (episodes and passages: ``ACTIVE_SESSION_CONSOLIDATED``).
    embed_text: str | None = None
    search_terms: str | None = None
    context_terms: str | None = None

    @classmethod
    def from_row(cls, r: dict[str, Any]) -> PreviousRow:
        """From a row of ``ACTIVE_SESSION_CONSOLIDATED`` or ``RETIRED_SESSION_FACTS`` (columns by name)."""
        return cls(**{**r, "id": str(r["id"]), "event_ids": tuple(r["event_ids"]), "metadata": r["metadata"] or {}})


@dataclass
class SwapResult:
    swapped: bool
    new_ids: list[str] = field(default_factory=list)
    superseded_ids: list[str] = field(default_factory=list)
    deleted_provisional: int = 0
    op_id: int | None = None
    version: int = 0
    facts: EngineReport | None = None
    kept_ids: list[str] = field(default_factory=list)  # re-extracted unchanged: kept as they were


def _identity(row: PreviousRow | NewMemory) -> tuple[Any, ...]:
    """Everything a fact row says; two rows with one identity are one version (``real`` keeps ~6 digits)."""
    conf = None if row.confidence is None else round(float(row.confidence), 5)
    fields = (str(row.kind), row.subject, row.predicate, row.object, row.content, row.valid_from, conf)
    return fields, tuple(sorted(row.event_ids)), json.dumps(row.metadata, sort_keys=True, default=str)


def unchanged(
    previous: Sequence[PreviousRow], rows: Sequence[NewMemory], named_active: Collection[str] = ()
) -> dict[int, str]:
    """Which new facts re-state a previous fact of the session exactly: row index -> its id (pure).

    Exactly: the same subject, predicate, object, content, source turns, world
    time, confidence and metadata. Such a fact keeps its identity when the session
    is re-consolidated — the previous row stays what it was (active, or retired
    as it was), instead of a copy superseding it — so a backfill adds no version
    and ``history`` one line per real change. A fact naming an active fact it
    replaces (``named_active``) is new work for the engine, unless its previous row
    is retired: an older value re-read after newer ones ("I work at Saguaro" before
    two job changes) would only inherit that row's retirement (``Engine._inherit``),
    so writing it again would add nothing but a copy to the chain.
    """
    pool: dict[tuple[Any, ...], list[PreviousRow]] = {}
    for old in previous:
        if old.kind == "fact":
            pool.setdefault(_identity(old), []).append(old)
    found: dict[int, str] = {}
    for i, row in enumerate(rows):
        if row.kind != "fact" or row.retract:
            continue
        named = named_fact(row.replaces)
        ids = pool.get(_identity(row), [])
        match = next((p for p in ids if named not in named_active or p.retired), None)
        if match is not None:
            ids.remove(match)  # each previous row stands for one new row
            found[i] = match.id
    return found


# The metadata key by which a passage names its episode (pipelines.rows): a re-produced
# passage names the new episode, so identity compares everything else.
EPISODE_LINK = "episode_id"


def _span_identity(row: PreviousRow | NewMemory) -> str:
    """Everything an episode or passage row says but its episode link, as one comparable string."""
    said = {
        "kind": str(row.kind),
        "content": row.content,
        "embed_text": row.embed_text or row.content,  # stored empty when it is the content
        "search_terms": row.search_terms,
        "context_terms": row.context_terms or None,
        "event_ids": list(row.event_ids),  # in order: the order of the turns it shows
        "valid_from": row.valid_from and row.valid_from.astimezone(UTC).isoformat(),
        "metadata": {k: v for k, v in row.metadata.items() if k != EPISODE_LINK},
    }
    return json.dumps(said, sort_keys=True, default=str)


@dataclass(frozen=True)
class _Spans:
    """A version's episodes and passages: each row's identity, and each episode's passages in identity order."""

    identity: dict[int, str]  # row position -> ``_span_identity`` (episodes and passages only)
    passages: dict[str, list[int]]  # episode id -> positions of the passages naming it

    @classmethod
    def of(cls, rows: Sequence[PreviousRow | NewMemory]) -> _Spans:
        identity = {i: _span_identity(r) for i, r in enumerate(rows) if r.kind in (Kind.EPISODE, Kind.PASSAGE)}
        passages: dict[str, list[int]] = {}
        for i, row in enumerate(rows):
            if row.kind == Kind.PASSAGE and row.metadata.get(EPISODE_LINK):
                passages.setdefault(str(row.metadata[EPISODE_LINK]), []).append(i)
        return cls(identity, {e: sorted(found, key=identity.__getitem__) for e, found in passages.items()})

    def parts(self, episode_id: str | None) -> list[int]:
        return self.passages.get(episode_id, []) if episode_id else []

    def whole(self, episode: int, episode_id: str | None) -> str:
        """The episode with all its passages, as one comparable string."""
        return json.dumps([self.identity[episode], *(self.identity[i] for i in self.parts(episode_id))])


def unchanged_episodes(previous: Sequence[PreviousRow], rows: Sequence[NewMemory]) -> dict[int, str]:
    """Which new episodes and passages re-produce a previous active episode whole: row index -> its id (pure).

    Whole: the episode and the set of its passages, each the same content, turns,
    world time, lexical and vector text and metadata (the passages' link to their
    episode aside). Such an episode keeps its row and its passages theirs, and
    nothing links to the new episode's id. An episode that differs in any of its
    parts — a late turn, a re-framed passage — is replaced whole, passages and all,
    as a swap always did: a passage never outlives its episode.
    """
    old, new = _Spans.of(previous), _Spans.of(rows)
    pool: dict[str, list[PreviousRow]] = {}
    for i, was in enumerate(previous):
        if was.kind == Kind.EPISODE:
            pool.setdefault(old.whole(i, was.id), []).append(was)
    found: dict[int, str] = {}
    for i, row in enumerate(rows):
        if row.kind == Kind.EPISODE and (match := pool.get(new.whole(i, row.id))):
            episode = match.pop()  # each previous episode stands for one new episode
            found[i] = episode.id
            # Both sides in identity order, so each new passage meets the one it re-produces.
            found.update(zip(new.parts(row.id), (previous[j].id for j in old.parts(episode.id))))
    return found


def successors(
    previous: Sequence[PreviousRow], rows: Sequence[NewMemory], new_ids: Sequence[str]
) -> list[tuple[str, str | None]]:
    """Link each retired row to the new row that carries it forward (pure).

    An episode's (a passage's) successor is the new episode (passage) sharing most
    of its turns; a fact's is the new fact with the same triple, else the same
    (subject, predicate).
    A row with no counterpart is retired with no successor.
    """

    def key(*parts: str | None) -> tuple[str, ...]:
        return tuple(norm(p) for p in parts)

    by_triple: dict[tuple[str, ...], str] = {}
    by_pair: dict[tuple[str, ...], str] = {}
    spans: list[tuple[str, set[str], str]] = []  # (kind, turns, id) of new episodes and passages
    for row, new_id in zip(rows, new_ids):
        if row.kind == "fact":
            by_triple.setdefault(key(row.subject, row.predicate, row.object), new_id)
            by_pair[key(row.subject, row.predicate)] = new_id  # the latest wins
        else:
            spans.append((row.kind, set(row.event_ids), new_id))
    pairs: list[tuple[str, str | None]] = []
    for old in previous:
        if old.kind == "fact":
            succ = by_triple.get(key(old.subject, old.predicate, old.object)) or by_pair.get(
                key(old.subject, old.predicate)
            )
        else:
            overlap = [(len(ids & set(old.event_ids)), new_id) for kind, ids, new_id in spans if kind == old.kind]
            best = max(overlap, default=(0, None))
            succ = best[1] if best[0] > 0 else None
        pairs.append((old.id, succ))
    return pairs


@dataclass
class _Previous:
    """What a swap reads before writing: the session's turns and consolidated rows, locked."""

    locked: dict[str, Any]  # event id -> not yet consolidated
    active: list[PreviousRow]  # the session's active consolidated rows
    retired: list[PreviousRow]  # its facts retired other than by a swap (only if new facts come)
    named_active: set[str]  # the facts a consolidator named, still active


def swap_session(
    conn: psycopg.Connection,
    *,
    namespace: str,
    session_id: str,
    read_event_ids: Sequence[str],
    rows: Sequence[NewMemory],
    vectors: np.ndarray,
    embed_model: str,
    policy: Policy,
    judge: Judge = rules_judge,
    judge_name: str = "rules",
    signals: dict[str, Any] | None = None,
    require_pending: bool = True,
) -> SwapResult:
    """Atomically replace a session's memory with ``rows``; returns ``swapped=False`` if stale.

    ``rows`` marked ``retract`` are not stored; the engine applies them to the
    namespace's active facts. ``vectors`` align with the stored rows only.

    The transaction runs in pipeline mode: statements travel to the server
    together until one whose answer the next step needs (~7 round trips for a
    session instead of ~20); the server still runs them one by one, in the order
    written here, so the locks are taken in the same order as before.
    """
    stored = [r for r in rows if not r.retract]
    retractions = [r for r in rows if r.retract]
    with one_transaction(conn):
        recorded = meta.lock_fingerprint(conn)  # invariant 9, even if a reembed ran since we loaded the model
        conn.execute(SESSION_LOCK, (f"{namespace}\x1f{session_id}",))
        clock = conn.execute("SELECT now()")  # the transaction's start: the same wherever it is asked
        touched = conn.execute(TOUCHED_SUBJECTS, {"ns": namespace, "sid": session_id, "ids": _named(rows)})
        meta.check_recorded(conn, recorded, embed_model)
        lock_subjects(conn, namespace, rows, [s for (s,) in touched])
        prev = _read_previous(conn, namespace, session_id, stored, _named(stored))
        if set(prev.locked) != set(read_event_ids):
            # The session grew since we read it: writing now could hide a late
            # turn. The next run re-reads it whole.
            return SwapResult(swapped=False)
        if require_pending and not any(prev.locked.values()):
            return SwapResult(swapped=False)  # a concurrent run consolidated it already
        row = clock.fetchone()
        assert row is not None
        at: datetime = row[0]
        previous = prev.active
        kept = unchanged([*previous, *prev.retired], stored, prev.named_active) | unchanged_episodes(previous, stored)
        kinds = Counter(str(stored[i].kind) for i in kept)
        if kept:  # those rows stay as they are: nothing to insert, nothing to retire
            still = set(kept.values())
            previous = [p for p in previous if p.id not in still]
            stored, vectors = [r for i, r in enumerate(stored) if i not in kept], np.delete(vectors, list(kept), 0)
        new_ids = memories.insert_consolidated(
            conn, namespace, session_id, stored, vectors, embed_model=embed_model, recorded_at=at
        )
        pairs = successors(previous, stored, new_ids)
        memories.supersede_many(conn, pairs, at)
        if pinned := {p.id for p in previous if p.pinned}:
            conn.execute(memories.PIN_MANY, ([new for old, new in pairs if old in pinned and new],))
        engine = Engine(conn, namespace, session_id, at, policy, judge, judge_name, inheritable=bool(prev.retired))
        facts = engine.run(list(zip(new_ids, stored, vectors)), retractions)
        replaced, version = _retire_turns(conn, namespace, session_id, read_event_ids, at)
        deleted = len(replaced)
        superseded = [p[0] for p in pairs]
        logged = ops.logging_op(
            conn,
            namespace=namespace,
            op=Op.TIER_SWAP,
            actor=Actor.CONSOLIDATE,
            memory_ids=new_ids + superseded,
            signals={
                "session_id": session_id,
                "events": len(read_event_ids),
                "version": version,
                "deleted_provisional": deleted,
                "facts": facts.to_dict(),
                "unchanged_facts": kinds[Kind.FACT],
                "unchanged_episodes": kinds[Kind.EPISODE],
                "unchanged_passages": kinds[Kind.PASSAGE],
                **(signals or {}),
            },
            # The unchanged rows are not among memory_ids: a backfill adds no line to their history.
            # "provisional": the (id, event id) of each row deleted, so an id recall gave out before
            # this swap is explained afterwards (``replaced.missing``), not just "no memory".
            reverse={
                "inserted": new_ids,
                "superseded": [list(p) for p in pairs],
                "kept": sorted(kept.values()),
                "provisional": replaced,
            },
        )
    # The commit's answer brought every op id: read now, they cost no round trip.
    return SwapResult(True, new_ids, superseded, deleted, logged.op_id, version, facts, sorted(kept.values()))


@contextmanager
def one_transaction(conn: psycopg.Connection) -> Iterator[None]:
    """A transaction in pipeline mode whose BEGIN and COMMIT wait for nothing: one round trip of its own.

    psycopg's ``transaction()`` inside a pipeline nests two more pipelines that
    sync on the way in and out (four round trips around the work, each a
    scheduling delay for both processes on a busy machine). On a connection in no
    transaction, the swap sends BEGIN and COMMIT itself, queued with its
    statements; the pipeline's closing sync brings the COMMIT's answer. Any other
    connection (autocommit, or inside its caller's transaction) gets ``transaction()``.
    """
    if conn.autocommit or conn.info.transaction_status != TransactionStatus.IDLE:
        with conn.pipeline(), conn.transaction():
            yield
        return
    conn.autocommit = True  # so psycopg sends no BEGIN (and no sync) of its own
    try:
        with conn.pipeline():
            conn.execute("BEGIN")
            yield
            conn.execute("COMMIT")
    except BaseException:
        with suppress(psycopg.Error):  # the block's error is the one to raise (a deadlock is retried)
            conn.rollback()
        raise
    finally:
        try:
            conn.autocommit = False
        except psycopg.Error:
            conn.close()  # never hand its pool a connection left in autocommit


def _named(rows: Sequence[NewMemory]) -> list[str]:
    """The fact ids the consolidator named (``replaces``), sorted."""
    return sorted({n for r in rows if (n := named_fact(r.replaces))})


def _read_previous(
    conn: psycopg.Connection, namespace: str, session_id: str, rows: Sequence[NewMemory], named: list[str]
) -> _Previous:
    """Lock the session's turns and rows and read them, in one round trip (pipeline mode).

    The facts retired other than by a swap, and which named facts are active,
    are read only when new facts come: ``unchanged`` needs them.
    """
    turns = conn.execute(staging.LOCK_SESSION_TURNS, (namespace, session_id))
    active = conn.cursor(row_factory=dict_row).execute(memories.ACTIVE_SESSION_CONSOLIDATED, (namespace, session_id))
    facts = any(r.kind == "fact" for r in rows)
    retired = (
        conn.cursor(row_factory=dict_row).execute(memories.RETIRED_SESSION_FACTS, {"ns": namespace, "sid": session_id})
        if facts
        else None
    )
    among = conn.execute(memories.ACTIVE_AMONG, {"ns": namespace, "ids": named}) if facts and named else None
    return _Previous(
        locked=dict(turns.fetchall()),
        active=[PreviousRow.from_row(r) for r in active],
        retired=[PreviousRow.from_row(r) for r in retired] if retired is not None else [],
        named_active={r[0] for r in among} if among is not None else set(),
    )


def _retire_turns(
    conn: psycopg.Connection, namespace: str, session_id: str, event_ids: Sequence[str], at: datetime
) -> tuple[list[list[str]], int]:
    """Delete the covered turns' provisional rows, mark them consolidated, count the version.

    Returns ([provisional id, event id] of each row deleted, the session's version); one round trip.
    """
    deleting = conn.execute(memories.DELETE_PROVISIONAL, {"ns": namespace, "events": list(event_ids)})
    conn.execute(staging.MARK_CONSOLIDATED, (list(event_ids),))
    version = ops.record_success(conn, namespace, session_id, at)
    return [list(r) for r in deleting.fetchall()], version  # known once record_success's answer came back


def lock_subjects(
    conn: psycopg.Connection, namespace: str, rows: Sequence[NewMemory], touched: Sequence[str | None]
) -> None:
    """Lock every subject whose facts the swap may lock (``touched``: ``TOUCHED_SUBJECTS``), before any fact row."""
    locks.lock_subjects(conn, namespace, [*(r.subject for r in rows if r.kind == "fact"), *touched])
