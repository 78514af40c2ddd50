"""``MemoryStore``: the one entry point to tiermem's storage.

The public API: stage turns, recall, read facts and history, and the explicit
operations (supersede, retract, pin, undo); every read and write takes a
namespace (invariant 10). The machinery that moves turns through the two tiers
is ``store.tiers`` (``memory_sink.tiers``), used by the pipelines.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

from . import db, erasure, lookups, memories, operations, ops, people, predicates, replaced, staging, term_stats, undo
from . import recall as recall_sql
from .batches import BatchStager
from .config import Config, load_config
from .erasure import Erasure
from .errors import InputError, NotFoundError
from .lookups import check_kinds, check_uuid, with_status
from .tiers import Tiers
from .types import Embedder, Memory, StagedTurn, StageReport
from .vocab import Actor


class MemoryStore:
    """A pool on one tiermem database plus an embedder (injected, or the configured one loaded on first use)."""

    def __init__(self, config: Config, pool: ConnectionPool, *, dsn: str, embedder: Embedder | None = None) -> None:
        self.config = config
        self.pool = pool
        self.dsn = dsn
        self.tiers = Tiers(config, pool, embedder)  # what the pipelines and maintenance use

    @classmethod
    def open(
        cls,
        config: str | os.PathLike[str] | Config | Mapping[str, Any] | None = None,
        *,
        migrate: bool = True,
        embedder: Embedder | None = None,
    ) -> MemoryStore:
        """Open the configured database (starting the embedded server if needed) and migrate it.

        ``embedder`` replaces the configured model (``config.embedder``), e.g. a
        stand-in in tests; either way it is loaded and checked on first use.
        """
        cfg = load_config(config)
        dsn = db.resolve_dsn(cfg.database)
        if migrate:
            db.migrate(dsn)
        pool = db.open_pool(dsn, min_size=cfg.database.pool_min_size, max_size=cfg.database.pool_max_size)
        return cls(cfg, pool, dsn=dsn, embedder=embedder)

    def _ns(self, namespace: str | None) -> str:
        """The namespace a call names, or the deployment's (``namespace:`` in its YAML). A named one is checked
        as staging checks it: an empty one read nothing and said nothing (a caller's unset variable)."""
        return self.config.namespace if namespace is None else staging.validate_namespace(namespace)

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
        """The embedder: injected or configured, checked against the database on first use (invariant 9)."""
        return self.tiers.embedder

    # --- staging ---------------------------------------------------------------

    def stage(
        self,
        session_id: str,
        role: str,
        content: str,
        namespace: str | None = None,
        ts: datetime | str | None = None,
        seq: int | None = None,
        metadata: Mapping[str, Any] | None = None,
        *,
        embed: bool = False,
    ) -> str:
        """Stage one turn; returns its event id (the same id if it was staged before).

        ``embed``: also embed it now, in the same transaction (read-your-writes): the
        next ``recall`` finds it, and the realtime tier will not embed it again.
        """
        namespace = self._ns(namespace)
        turn = staging.validate_turn(session_id, role, content, namespace=namespace, ts=ts, seq=seq, metadata=metadata)
        if embed:
            self.embedder  # loaded and checked before this transaction takes its connection
        with self.connection() as conn:
            staging.insert_turns(conn, [turn])
            if embed:
                self.tiers.embed_staged(conn, [turn.event_id])
        return turn.event_id

    def stage_many(
        self,
        turns: Iterable[Mapping[str, Any] | StagedTurn],
        *,
        batch_size: int = 1000,
        batch_bytes: int | None = None,
        first_line: int = 1,
        embed: bool = False,
        report: StageReport | None = None,
    ) -> StageReport:
        """Stage many turns; a bad one is reported by position and never stops the rest.

        Turns are committed in batches of ``batch_size`` turns or ``batch_bytes``
        bytes (default ``staging.BATCH_BYTES``), whichever fills first (a bigger
        turn goes alone). ``embed``: embed
        each batch in the transaction that stages it (see ``stage``). ``report``:
        fill this report, so that on a failure the caller still knows what was
        staged (``committed_through``).
        """
        if embed:
            self.embedder
        items = enumerate(turns, start=first_line)
        return self._stage_numbered(items, batch_size, batch_bytes, embed=embed, report=report)

    def ingest_jsonl(
        self,
        lines: Iterable[str],
        *,
        first_line: int = 1,
        batch_size: int = 1000,
        batch_bytes: int | None = None,
        report: StageReport | None = None,
        namespace: str | None = None,
    ) -> StageReport:
        """Stage JSON Lines (one turn object per line); blank lines are skipped, bad ones reported.

        ``lines`` are numbered from ``first_line`` (a resumed ingest keeps the file's
        numbers). If reading fails, what was read before is committed and
        ``ReadError`` names the line; batches and ``report`` as for ``stage_many``.
        A line without ``namespace`` goes to the deployment's; given ``namespace``,
        every line goes there, and a line naming another is rejected (a tenant's
        file never stages into a tenant the caller did not name).
        """
        items = staging.parsed_lines(lines, first_line)
        return self._stage_numbered(items, batch_size, batch_bytes, report=report, namespace=namespace)

    def export_turns(self, namespace: str | None = None) -> Iterator[dict[str, Any]]:
        """Every staged turn of the namespace as an ``ingest_jsonl`` line (a dict), streamed: the log every
        tier is rebuilt from, so ingesting it elsewhere and consolidating rebuilds the memory (erased turns
        are gone; explicit operations such as pins are not turns and are not in it)."""
        namespace = self._ns(namespace)
        with self.connection() as conn:
            yield from staging.export_turns(conn, namespace)

    def _stage_numbered(
        self,
        items: Iterable[tuple[int, Any]],
        batch_size: int = 1000,
        batch_bytes: int | None = None,
        *,
        embed: bool = False,
        report: StageReport | None = None,
        namespace: str | None = None,
    ) -> StageReport:
        stager = BatchStager(
            self.connection, self.tiers, default_namespace=self.config.namespace, embed=embed, only=namespace
        )
        return stager.stage(items, batch_size, batch_bytes, report)

    # --- reading -----------------------------------------------------------------

    def recall(
        self,
        query: str,
        namespace: str | None = None,
        k: int = 10,
        as_of: datetime | str | None = None,
        kinds: Sequence[str] | None = None,
        all_versions: bool = False,
    ) -> list[Memory]:
        """What the agent should see now (or as of a time): consolidated first, provisional filling in."""
        namespace = self._ns(namespace)
        if not isinstance(query, str) or not query.strip():
            raise InputError("query: must not be empty")
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 1000:
            raise InputError(f"k: expected an integer from 1 to 1000, got {k!r}")
        kinds = check_kinds(kinds)
        when = staging.parse_ts(as_of, "as_of")
        with self.connection() as conn:
            asked = people.ask(conn, query, namespace)
            vec = self.embedder.embed_query(asked.text)
            found = recall_sql.recall(
                conn,
                vec,
                asked.text,
                namespace=namespace,
                k=k,
                kinds=kinds,
                as_of=when,
                all_versions=all_versions,
                resolved=asked.resolved,
                kin=asked.kin,
            )
            return with_status(conn, namespace, found, when)

    def get(self, memory_id: str, namespace: str | None = None) -> Memory:
        namespace = self._ns(namespace)
        with self.connection() as conn:
            found = memories.get(conn, namespace, check_uuid(memory_id))
            if found is None:
                raise replaced.missing(conn, namespace, memory_id)
            return with_status(conn, namespace, [found])[0]

    def history(self, memory_id: str, namespace: str | None = None) -> list[Memory]:
        """The supersession chain through a memory, oldest first."""
        namespace = self._ns(namespace)
        with self.connection() as conn:
            chain = with_status(conn, namespace, memories.history(conn, namespace, check_uuid(memory_id)))
            if not chain:
                raise replaced.missing(conn, namespace, memory_id)
        return chain

    def operations(self, memory_id: str | Sequence[str], namespace: str | None = None) -> list[dict[str, Any]]:
        """The logged operations that touched a memory, or any of several (why each is where it is)."""
        namespace = self._ns(namespace)
        ids = [memory_id] if isinstance(memory_id, str) else list(memory_id)
        with self.connection() as conn:
            return ops.ops_for(conn, namespace, [check_uuid(i) for i in ids])

    def resolve_id(self, prefix: str, namespace: str | None = None) -> str:
        """The full id of the one memory whose id starts with ``prefix`` (tables print short ids)."""
        namespace = self._ns(namespace)
        with self.connection() as conn:
            return operations.resolve_id(conn, namespace, prefix)

    def facts(
        self,
        subject: str | None = None,
        predicate: str | None = None,
        namespace: str | None = None,
        all_versions: bool = False,
        as_of: datetime | str | None = None,
    ) -> list[Memory]:
        """Current facts, every version (``all_versions``), or those believed at ``as_of``."""
        namespace = self._ns(namespace)
        when = staging.parse_ts(as_of, "as_of")
        with self.connection() as conn:
            found = memories.facts(
                conn, namespace, subject=subject, predicate=predicate, all_versions=all_versions, as_of=when
            )
            return with_status(conn, namespace, found, when)

    def unknown_namespace(self, namespace: str | None = None, limit: int = 10) -> list[str] | None:
        """None if ``namespace`` holds a staged turn or a memory, or the database holds none at all (a fresh
        set-up); else the namespaces that do hold something (up to ``limit``): the name was most likely mistyped."""
        namespace = self._ns(namespace)
        with self.connection() as conn:
            return lookups.unknown_namespace(conn, namespace, limit)

    def recorded_after(self, as_of: datetime | str, namespace: str | None = None) -> datetime | None:
        """When the namespace's first memory was recorded, if after ``as_of`` (a read then finds nothing
        because nothing was believed yet, whatever the world times say); else None."""
        when = staging.parse_ts(as_of, "as_of")
        with self.connection() as conn:
            first = lookups.first_recorded(conn, self._ns(namespace))
        return first if first is not None and when is not None and first > when else None

    def names_the_user(self, subject: str, namespace: str | None = None) -> bool:
        """Whether ``subject`` is the user's own name here (an introduction, an address, the namespace)."""
        with self.connection() as conn:
            return people.names_the_user(conn, subject, self._ns(namespace))

    def unknown_predicate(
        self, predicate: str, namespace: str | None = None, subject: str | None = None
    ) -> predicates.UnknownPredicate | None:
        """None if some fact (about ``subject``, if given) has this predicate in any present-tense form;
        else the closest stored ones (or all, when none is close). ``predicates.no_such_predicate`` words
        what to tell the user."""
        with self.connection() as conn:
            return predicates.unknown_predicate(conn, self._ns(namespace), predicate, subject)

    def fact_history(self, subject: str, predicate: str | None = None, namespace: str | None = None) -> list[Memory]:
        """Every version of the facts about a subject, oldest first: how what we know evolved."""
        namespace = self._ns(namespace)
        found = self.facts(subject=subject, predicate=predicate, namespace=namespace, all_versions=True)
        if not found and predicate is not None and self.facts(subject=subject, namespace=namespace, all_versions=True):
            hint = self.unknown_predicate(predicate, namespace, subject)
            raise NotFoundError(predicates.no_such_predicate(predicate, namespace, hint, subject))
        if not found:
            also = (
                f"; {people.user_subject_note(subject, namespace)}" if self.names_the_user(subject, namespace) else ""
            )
            raise NotFoundError(f"no facts about {subject!r} in namespace {namespace!r}{also}")
        return sorted(found, key=lambda m: (m.valid_from, m.recorded_at, m.id))  # world time, as history

    def status(self, namespace: str | None = None) -> dict[str, Any]:
        """Counts an operator watches: pending turns, rows per tier, sessions awaiting or failing; of every
        namespace unless one is named."""
        if namespace is not None:
            staging.validate_namespace(namespace)
        with self.connection() as conn:
            return lookups.status(conn, namespace, max_attempts=self.config.consolidate.max_attempts)

    # --- explicit operations -----------------------------------------------------------

    def supersede(
        self,
        old_id: str,
        new_id: str,
        reason: str | None = None,
        namespace: str | None = None,
        *,
        force: bool = False,
    ) -> int:
        """Retire ``old_id`` in favour of ``new_id`` (a memory of the same kind); returns the operation
        id (for ``undo``). A pinned ``old_id`` is refused unless ``force``."""
        namespace = self._ns(namespace)
        old, new = check_uuid(old_id), check_uuid(new_id)
        with self.connection() as conn:
            return operations.supersede(conn, namespace, old, new, reason=reason, actor=Actor.USER, force=force)

    def retract(self, memory_id: str, reason: str | None = None, namespace: str | None = None) -> int:
        namespace = self._ns(namespace)
        with self.connection() as conn:
            return operations.retract(conn, namespace, check_uuid(memory_id), reason=reason, actor=Actor.USER)

    def pin(self, memory_id: str, reason: str | None = None, namespace: str | None = None) -> int:
        """Protect a memory from automatic supersession (explicit operations still apply)."""
        namespace = self._ns(namespace)
        with self.connection() as conn:
            return operations.set_pinned(conn, namespace, check_uuid(memory_id), True, reason=reason, actor=Actor.USER)

    def unpin(self, memory_id: str, reason: str | None = None, namespace: str | None = None) -> int:
        namespace = self._ns(namespace)
        with self.connection() as conn:
            return operations.set_pinned(conn, namespace, check_uuid(memory_id), False, reason=reason, actor=Actor.USER)

    def undo(self, op_id: int, namespace: str | None = None) -> int:
        namespace = self._ns(namespace)
        if isinstance(op_id, bool) or not isinstance(op_id, int):
            raise InputError(f"op_id: expected an integer, got {op_id!r}")
        with self.connection() as conn:
            return undo.undo(conn, namespace, op_id, actor=Actor.USER, policy=self.tiers.key_policy())

    # --- erasure -----------------------------------------------------------------------

    def forget(
        self,
        memory_id: str | None = None,
        *,
        session_id: str | None = None,
        whole_namespace: bool = False,
        namespace: str | None = None,
        confirm: bool = False,
        vacuum: bool = False,
    ) -> Erasure:
        """Erase, for good: one memory (with the turns it came from and all derived from them),
        a session, or with ``whole_namespace`` and ``confirm`` everything in ``namespace``
        (default: the deployment's).

        Unlike ``retract`` there is no undo and no history: only a ``memory_erasures``
        row (when, scope, counts) remains. Turns of the memory's session that lose
        their episode are embedded again at once and re-consolidated later. The
        planner statistics are re-sampled afterwards; ``vacuum`` also VACUUMs the
        tables, so the dead rows leave the pages and indexes now (slow on big tables).
        """
        if sum((memory_id is not None, session_id is not None, whole_namespace)) != 1:
            raise InputError("forget: name exactly one of a memory id, a session id or the whole namespace")
        namespace = self._ns(namespace)
        with self.connection() as conn:
            if memory_id is not None:
                done = erasure.erase_memory(conn, namespace, check_uuid(memory_id))
            elif session_id is not None:
                done = erasure.erase_session(conn, namespace, session_id)
            else:
                done = erasure.erase_namespace(conn, namespace, confirm=confirm)
        if done.requeued:
            self.embedder  # loaded before the transaction takes its connection
            with self.connection() as conn:
                self.tiers.embed_staged(conn, list(done.requeued))
        with db.connect(self.dsn, autocommit=True) as conn:
            erasure.scrub_statistics(conn, vacuum=vacuum)
        term_stats.forget()  # this process's copy of the old statistics
        return done
