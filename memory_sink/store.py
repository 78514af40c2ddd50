"""``MemoryStore``: the one entry point to tiermem's storage.

The CLI, the pipelines and Dagster resources all open a store and call one
method; every read and write takes a namespace (invariant 10).
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Any

import psycopg
from psycopg_pool import ConnectionPool

from . import db, health, memories, meta, operations, ops, staging, swap
from .config import Config, load_config
from .errors import InputError, NotFoundError
from .supersession import (
    MULTI_VALUED,
    NAME_PUNCTUATION,
    SINGLE_VALUED,
    Judge,
    Policy,
    contexts_for,
    norm,
    predicate_forms,
    rules_judge,
    text_grams,
    threshold_for,
)
from .swap import SwapResult
from .types import Memory, NewMemory, Rejected, SessionEvents, StagedTurn, StageReport

if TYPE_CHECKING:
    import numpy as np

    from .embedder import Embedder

log = logging.getLogger("tiermem.store")
STATUS_SQL = """
SELECT
  (SELECT count(*) FROM memory_staging WHERE provisional_at IS NULL AND consolidated_at IS NULL
     AND (%(ns)s::text IS NULL OR namespace = %(ns)s)),
  (SELECT count(*) FROM memory_staging WHERE (%(ns)s::text IS NULL OR namespace = %(ns)s)),
  (SELECT count(DISTINCT (namespace, session_id)) FROM memory_staging WHERE consolidated_at IS NULL
     AND (%(ns)s::text IS NULL OR namespace = %(ns)s)),
  (SELECT extract(epoch FROM clock_timestamp() - min(staged_at)) FROM memory_staging
     WHERE provisional_at IS NULL AND consolidated_at IS NULL AND (%(ns)s::text IS NULL OR namespace = %(ns)s)),
  (SELECT extract(epoch FROM clock_timestamp() - min(staged_at)) FROM memory_staging
     WHERE consolidated_at IS NULL AND (%(ns)s::text IS NULL OR namespace = %(ns)s))
"""
# Facts read for one chunk's consolidator contexts, before each transcript takes its best.
CONTEXT_POOL = 1000
TURN_FIELDS = ("session_id", "role", "content", "namespace", "ts", "seq", "metadata")
# What the server (or psycopg, for a NUL byte) says about one bad value, not about the database.
REFUSED_VALUE = (psycopg.DataError, psycopg.errors.ProgramLimitExceeded)


class MemoryStore:
    """A pool on one tiermem database plus the configured embedder (loaded on first use)."""

    def __init__(self, config: Config, pool: ConnectionPool, *, dsn: str) -> None:
        self.config = config
        self.pool = pool
        self.dsn = dsn
        self._embedder: Embedder | None = None

    @classmethod
    def open(
        cls, config: str | os.PathLike[str] | Config | Mapping[str, Any] | None = None, *, migrate: bool = True
    ) -> MemoryStore:
        """Open the configured database (starting the embedded server if needed) and migrate it."""
        cfg = load_config(config)
        dsn = db.resolve_dsn(cfg.database)
        if migrate:
            db.migrate(dsn)
        pool = db.open_pool(dsn, min_size=cfg.database.pool_min_size, max_size=cfg.database.pool_max_size)
        return cls(cfg, pool, dsn=dsn)

    def close(self) -> None:
        self.pool.close()

    def __enter__(self) -> MemoryStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def connection(self) -> Iterator[psycopg.Connection]:
        """A pooled connection; committed on success, rolled back on error."""
        with self.pool.connection() as conn:
            yield conn

    @property
    def embedder(self) -> Embedder:
        """The configured embedder, checked against the database's fingerprint (invariant 9)."""
        if self._embedder is None:
            from .embedder import load_embedder

            embedder = load_embedder(self.config.embedder)
            with self.connection() as conn:
                meta.claim_fingerprint(conn, embedder.fingerprint)
            self._embedder = embedder
        return self._embedder

    def check_embedder(self) -> None:
        """Refuse at once if the database's vectors are another model's (invariant 9).

        ``embedder`` checks once per store; this re-reads the recorded model, so a
        long-lived store notices a ``tiermem reembed`` run elsewhere. Call it before
        work a mismatch would waste; every write of vectors checks again anyway.
        """
        fingerprint = self.embedder.fingerprint
        with self.connection() as conn:
            meta.check_fingerprint(conn, fingerprint)

    # --- staging ---------------------------------------------------------------

    def stage(
        self,
        session_id: str,
        role: str,
        content: str,
        namespace: str = "default",
        ts: datetime | str | None = None,
        seq: int | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> str:
        """Stage one turn; returns its event id (the same id if it was staged before)."""
        turn = staging.validate_turn(session_id, role, content, namespace=namespace, ts=ts, seq=seq, metadata=metadata)
        with self.connection() as conn:
            staging.insert_turns(conn, [turn])
        return turn.event_id

    def stage_many(
        self, turns: Iterable[Mapping[str, Any] | StagedTurn], *, batch_size: int = 1000, first_line: int = 1
    ) -> StageReport:
        """Stage many turns; a bad one is reported by position and never stops the rest."""
        return self._stage_numbered(enumerate(turns, start=first_line), batch_size)

    def ingest_jsonl(self, lines: Iterable[str]) -> StageReport:
        """Stage JSON Lines (one turn object per line); blank lines are skipped, bad ones reported."""

        def parsed() -> Iterator[tuple[int, Mapping[str, Any] | InputError]]:
            for number, line in enumerate(lines, start=1):
                if not line.strip():
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

        return self._stage_numbered(parsed())

    def _stage_numbered(self, items: Iterable[tuple[int, Any]], batch_size: int = 1000) -> StageReport:
        report = StageReport()
        batch: list[tuple[int, StagedTurn]] = []
        for line, item in items:
            try:
                if isinstance(item, InputError):
                    raise item
                batch.append((line, item if isinstance(item, StagedTurn) else _validate_mapping(item)))
            except InputError as exc:
                report.rejected.append(Rejected(line, str(exc)))
            except Exception as exc:  # a check we did not foresee: it costs this line, never the batch
                log.warning("line %d: unexpected %s while validating", line, type(exc).__name__, exc_info=True)
                report.rejected.append(Rejected(line, f"could not be checked: {type(exc).__name__}: {exc}"))
            if len(batch) >= batch_size:
                self._flush(batch, report)
        self._flush(batch, report)
        report.rejected.sort(key=lambda r: r.line)
        return report

    def _flush(self, batch: list[tuple[int, StagedTurn]], report: StageReport) -> None:
        if not batch:
            return
        try:
            with self.connection() as conn:
                new = staging.insert_turns(conn, [turn for _, turn in batch])
            kept = list(batch)
        except REFUSED_VALUE:
            kept, new = self._insert_each(batch, report)
        report.inserted += len(new)
        report.duplicates += len(kept) - len(new)
        report.event_ids.extend(turn.event_id for _, turn in kept)
        batch.clear()

    def _insert_each(
        self, batch: list[tuple[int, StagedTurn]], report: StageReport
    ) -> tuple[list[tuple[int, StagedTurn]], set[str]]:
        """The server refused a batch: insert its turns one by one and reject only those it refuses.

        Validation should leave nothing to refuse, but a ``StagedTurn`` built by
        hand skips it; one such turn must not cost the good ones beside it.
        """
        kept: list[tuple[int, StagedTurn]] = []
        new: set[str] = set()
        with self.connection() as conn:
            for line, turn in batch:
                try:
                    with conn.transaction():  # a savepoint: a refusal rolls back this turn only
                        new |= staging.insert_turns(conn, [turn])
                except REFUSED_VALUE as exc:
                    reason = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
                    report.rejected.append(Rejected(line, f"refused by the database: {reason}"))
                else:
                    kept.append((line, turn))
        return kept, new

    # --- the two tiers ----------------------------------------------------------

    def embed_pending(self, batch_size: int) -> int:
        """One realtime batch in one transaction: claim, embed, write provisional rows, mark.

        Invariant 2: a crash anywhere rolls the whole batch back and releases its
        locks; the next tick claims the same turns again. Returns the turns embedded.
        """
        embedder = self.embedder
        with self.connection() as conn:
            meta.check_fingerprint(conn, embedder.fingerprint)  # invariant 9 across processes
            claimed = conn.execute(staging.CLAIM_PENDING, (batch_size,)).fetchall()
            if not claimed:
                return 0
            vectors = embedder.embed_documents([row[3] for row in claimed])
            memories.write_provisional(conn, claimed, vectors, embedder.fingerprint)
            conn.execute(staging.MARK_PROVISIONAL, ([row[0] for row in claimed],))
        return len(claimed)

    def drain_pending(
        self,
        batch_size: int,
        *,
        max_batches: int | None = None,
        on_batch: Callable[[int], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> tuple[int, int]:
        """Embed every pending turn, batch after batch; returns (turns, batches committed).

        Each batch is one ``embed_pending``-style transaction (invariant 2); the
        write of one batch overlaps the embedding of the next (see ``memory_sink.drain``).
        Use it to run a tick; use ``embed_pending`` for exactly one batch.
        """
        from .drain import drain_pending

        return drain_pending(self, batch_size, max_batches=max_batches, on_batch=on_batch, should_stop=should_stop)

    def eligible_sessions(
        self, *, namespace: str | None, session_id: str | None, min_quiet_seconds: int, limit: int = 100_000
    ) -> list[tuple[str, str]]:
        """Sessions due for consolidation (invariant 3); naming a session skips its retry backoff."""
        params = {
            "namespace": namespace,
            "session": session_id,
            "min_quiet": min_quiet_seconds,
            "force": session_id is not None,
            "limit": limit,
            "max_attempts": self.config.consolidate.max_attempts,
        }
        with self.connection() as conn:
            return [(r[0], r[1]) for r in conn.execute(staging.ELIGIBLE_SESSIONS, params)]

    def sessions_on_day(self, day_start: datetime, day_end: datetime) -> list[tuple[str, str]]:
        with self.connection() as conn:
            return [(r[0], r[1]) for r in conn.execute(staging.SESSIONS_ON_DAY, (day_start, day_end))]

    def read_session(self, namespace: str, session_id: str) -> SessionEvents:
        with self.connection() as conn:
            return staging.read_session(conn, namespace, session_id)

    def context_facts(self, namespace: str, transcripts: Sequence[str], limit: int = 200) -> list[list[Memory]]:
        """Each transcript's consolidator context: the active facts about the subjects involved.

        One query for all ``transcripts`` (a chunk of sessions of one namespace):
        facts about the user or a subject a transcript names, at most ``limit``
        per transcript, most relevant first (``supersession.contexts_for``).
        """
        policy = self.supersession_policy()
        single = sorted({f for p in policy.single_valued for f in predicate_forms(p) if policy.single(f)})
        per_text = [text_grams(t) for t in transcripts]  # once: the SQL and the choice share them
        grams = sorted(set().union(*per_text))
        with self.connection() as conn:
            pool = memories.context_facts(
                conn,
                namespace,
                grams=grams,
                single=single,
                punctuation=NAME_PUNCTUATION,
                limit=max(CONTEXT_POOL, limit),
            )
        return contexts_for(pool, per_text, policy, limit)

    def supersession_policy(self) -> Policy:
        """The engine's policy: the configured guards and cardinalities, the embedder's threshold."""
        cfg = self.config.supersession
        return Policy(
            threshold=threshold_for(self.embedder.name, cfg.semantic_threshold),
            guard_keys=tuple(cfg.guard_keys),
            single_valued=SINGLE_VALUED | {norm(p) for p in cfg.single_valued},
            # every inflection: single() asks whether any form is multi-valued
            multi_valued=(MULTI_VALUED - {f for p in cfg.single_valued for f in predicate_forms(p)})
            | {norm(p) for p in cfg.multi_valued},
        )

    def embed_new_rows(self, rows: Sequence[NewMemory]) -> np.ndarray:
        """Vectors for the rows a swap stores (retractions are not stored), in order.

        Use it to embed the rows of many sessions in one call and hand each
        session its slice (``swap_session(vectors=...)``): a text's vector does
        not depend on its batchmates, and big batches run several times faster.
        """
        return self.embedder.embed_documents([r.embed_text for r in rows if not r.retract])

    def swap_session(
        self,
        events: SessionEvents,
        rows: Sequence[NewMemory],
        *,
        judge: Judge = rules_judge,
        judge_name: str = "rules",
        signals: dict[str, Any] | None = None,
        require_pending: bool = True,
        vectors: np.ndarray | None = None,
    ) -> SwapResult:
        """Embed ``rows`` (unless ``vectors`` from ``embed_new_rows`` are given) and atomically
        make them the session's memory (invariant 4)."""
        embedder = self.embedder
        stored = sum(1 for r in rows if not r.retract)
        if vectors is None:
            vectors = self.embed_new_rows(rows)
        elif len(vectors) != stored:
            raise InputError(f"vectors: expected {stored} (one per stored row), got {len(vectors)}")
        with self.connection() as conn:
            return swap.swap_session(
                conn,
                namespace=events.namespace,
                session_id=events.session_id,
                read_event_ids=[t.event_id for t in events.turns],
                rows=rows,
                vectors=vectors,
                embed_model=embedder.fingerprint,
                policy=self.supersession_policy(),
                judge=judge,
                judge_name=judge_name,
                signals=signals,
                require_pending=require_pending,
            )

    def record_failure(self, namespace: str, session_id: str, error: str) -> int:
        """Invariant 8: remember why a session failed and when to retry it; returns attempts so far."""
        with self.connection() as conn:
            return ops.record_failure(
                conn, namespace, session_id, error, base_seconds=self.config.consolidate.retry_base_seconds
            )

    # --- reading -----------------------------------------------------------------

    def recall(
        self,
        query: str,
        namespace: str = "default",
        k: int = 10,
        as_of: datetime | str | None = None,
        kinds: Sequence[str] | None = None,
        all_versions: bool = False,
    ) -> list[Memory]:
        """What the agent should see now (or as of a time): consolidated first, provisional filling in."""
        if not isinstance(query, str) or not query.strip():
            raise InputError("query: must not be empty")
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 1000:
            raise InputError(f"k: expected an integer from 1 to 1000, got {k!r}")
        kinds = _check_kinds(kinds)
        when = staging.parse_ts(as_of, "as_of")
        vec = self.embedder.embed_query(query)
        with self.connection() as conn:
            return memories.recall(
                conn, vec, query, namespace=namespace, k=k, kinds=kinds, as_of=when, all_versions=all_versions
            )

    def get(self, memory_id: str, namespace: str = "default") -> Memory:
        with self.connection() as conn:
            found = memories.get(conn, namespace, _check_uuid(memory_id))
        if found is None:
            raise NotFoundError(f"no memory {memory_id} in namespace {namespace!r}")
        return found

    def history(self, memory_id: str, namespace: str = "default") -> list[Memory]:
        """The supersession chain through a memory, oldest first."""
        with self.connection() as conn:
            chain = memories.history(conn, namespace, _check_uuid(memory_id))
        if not chain:
            raise NotFoundError(f"no memory {memory_id} in namespace {namespace!r}")
        return chain

    def operations(self, memory_id: str | Sequence[str], namespace: str = "default") -> list[dict[str, Any]]:
        """The logged operations that touched a memory, or any of several (why each is where it is)."""
        ids = [memory_id] if isinstance(memory_id, str) else list(memory_id)
        with self.connection() as conn:
            return ops.ops_for(conn, namespace, [_check_uuid(i) for i in ids])

    def resolve_id(self, prefix: str, namespace: str = "default") -> str:
        """The full id of the one memory whose id starts with ``prefix`` (tables print short ids)."""
        with self.connection() as conn:
            return operations.resolve_id(conn, namespace, prefix)

    def facts(
        self,
        subject: str | None = None,
        predicate: str | None = None,
        namespace: str = "default",
        all_versions: bool = False,
        as_of: datetime | str | None = None,
    ) -> list[Memory]:
        """Current facts, every version (``all_versions``), or those believed at ``as_of``."""
        when = staging.parse_ts(as_of, "as_of")
        with self.connection() as conn:
            return memories.facts(
                conn, namespace, subject=subject, predicate=predicate, all_versions=all_versions, as_of=when
            )

    def fact_history(self, subject: str, predicate: str | None = None, namespace: str = "default") -> list[Memory]:
        """Every version of the facts about a subject, oldest first: how what we know evolved."""
        found = self.facts(subject=subject, predicate=predicate, namespace=namespace, all_versions=True)
        if not found:
            raise NotFoundError(f"no facts about {subject!r} in namespace {namespace!r}")
        return sorted(found, key=lambda m: (m.valid_from, m.recorded_at, m.id))  # world time, as history

    def status(self, namespace: str | None = None) -> dict[str, Any]:
        """Counts an operator watches: pending turns, rows per tier, sessions awaiting or failing."""
        with self.connection() as conn:
            row = conn.execute(STATUS_SQL, {"ns": namespace}).fetchone()
            counts = memories.tier_counts(conn, namespace)
            failing = ops.failing_sessions(conn, namespace)
        assert row is not None
        pending, staged, awaiting, rt_lag, cons_lag = row
        return {
            "staged_turns": int(staged),
            "pending_turns": int(pending),
            "provisional_turns": counts.get("provisional_turns", 0),
            "consolidated_episodes": counts.get("consolidated_episodes", 0),
            "consolidated_facts": counts.get("consolidated_facts", 0),
            "superseded": counts.get("superseded", 0),
            "sessions_awaiting_consolidation": int(awaiting),
            "sessions_failing": len(failing),
            "sessions_parked": sum(1 for f in failing if f["attempts"] >= self.config.consolidate.max_attempts),
            "realtime_lag_seconds": None if rt_lag is None else round(float(rt_lag), 3),
            "consolidation_lag_seconds": None if cons_lag is None else round(float(cons_lag), 3),
            "failing": [
                {**f, "next_retry_at": f["next_retry_at"].isoformat() if f["next_retry_at"] else None} for f in failing
            ],
        }

    def tier_violations(self, namespace: str | None = None) -> dict[str, Any]:
        """Turns visible in both tiers or in neither (invariant 5); an operator's health check."""
        with self.connection() as conn:
            return health.tier_violations(conn, namespace)

    # --- explicit operations -----------------------------------------------------------

    def supersede(self, old_id: str, new_id: str, reason: str | None = None, namespace: str = "default") -> int:
        """Retire ``old_id`` in favour of ``new_id``; returns the operation id (for ``undo``)."""
        with self.connection() as conn:
            return operations.supersede(
                conn, namespace, _check_uuid(old_id), _check_uuid(new_id), reason=reason, actor="user"
            )

    def retract(self, memory_id: str, reason: str | None = None, namespace: str = "default") -> int:
        with self.connection() as conn:
            return operations.retract(conn, namespace, _check_uuid(memory_id), reason=reason, actor="user")

    def reembed(self, batch_size: int = 256) -> int:
        """Rewrite every vector with the configured embedder, then adopt its fingerprint.

        One transaction: readers keep the old vectors until it commits, and a
        crash leaves the old model in place. Returns the number of rows rewritten.
        """
        from .embedder import load_embedder

        embedder = load_embedder(self.config.embedder)
        with self.connection() as conn:
            conn.execute("LOCK TABLE tiermem_meta IN EXCLUSIVE MODE")
            total = memories.reembed_all(conn, embedder.embed_documents, embedder.fingerprint, batch_size)
            meta.set_fingerprint(conn, embedder.fingerprint)
        self._embedder = embedder
        return total

    def pin(self, memory_id: str, reason: str | None = None, namespace: str = "default") -> int:
        """Protect a memory from automatic supersession (explicit operations still apply)."""
        with self.connection() as conn:
            return operations.set_pinned(conn, namespace, _check_uuid(memory_id), True, reason=reason, actor="user")

    def unpin(self, memory_id: str, reason: str | None = None, namespace: str = "default") -> int:
        with self.connection() as conn:
            return operations.set_pinned(conn, namespace, _check_uuid(memory_id), False, reason=reason, actor="user")

    def undo(self, op_id: int, namespace: str = "default") -> int:
        if isinstance(op_id, bool) or not isinstance(op_id, int):
            raise InputError(f"op_id: expected an integer, got {op_id!r}")
        with self.connection() as conn:
            return operations.undo(conn, namespace, op_id, actor="user")


def _validate_mapping(turn: Mapping[str, Any]) -> StagedTurn:
    if not isinstance(turn, Mapping):
        raise InputError(f"expected a JSON object, got {type(turn).__name__}")
    unknown = sorted(set(turn) - set(TURN_FIELDS))
    if unknown:
        raise InputError(f"unknown field {unknown[0]!r} (expected: {', '.join(TURN_FIELDS)})")
    for required in ("session_id", "role", "content"):
        if required not in turn:
            raise InputError(f"missing field {required!r}")
    return staging.validate_turn(
        turn["session_id"],
        turn["role"],
        turn["content"],
        namespace=turn.get("namespace", "default"),
        ts=turn.get("ts"),
        seq=turn.get("seq"),
        metadata=turn.get("metadata"),
    )


def _check_kinds(kinds: Sequence[str] | None) -> list[str]:
    if kinds is None:
        return list(memories.KINDS)
    bad = [k for k in kinds if k not in memories.KINDS]
    if bad or not kinds:
        raise InputError(
            f"kind: expected some of {', '.join(memories.KINDS)}, got {', '.join(map(str, bad)) or 'nothing'}"
        )
    return list(kinds)


def _check_uuid(value: str) -> str:
    import uuid

    try:
        return str(uuid.UUID(str(value)))
    except ValueError:
        raise InputError(f"not a memory id (expected a UUID): {str(value)[:64]!r}") from None
