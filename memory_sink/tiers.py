"""``Tiers``: the machinery behind ``MemoryStore`` that moves turns through the two tiers.

The pipelines use it (``store.tiers``): the realtime drain embeds staged turns
into provisional rows; consolidation finds due sessions, reads them, gathers
their consolidators' context and swaps their rows for consolidated ones.
Maintenance (``reembed``, ``tier_violations``) lives here too. It also owns the
embedder: loaded on first use (or injected), checked against the vector column
and the recorded fingerprint once, replaced by ``reembed``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime
from functools import lru_cache
from typing import Any

import numpy as np
import psycopg
from psycopg_pool import ConnectionPool

from consolidators.forms import norm

from . import db, health, memories, meta, ops, staging, swap
from .config import Config
from .contexts import NAME_PUNCTUATION, contexts_for, text_grams, text_names
from .drain import Drained, drain_pending
from .errors import ConfigError, InputError, ModelError
from .supersession import (
    FALLBACK_THRESHOLD,
    MULTI_VALUED,
    SINGLE_VALUED,
    Judge,
    Policy,
    predicate_forms,
    rules_judge,
    threshold_for,
)
from .swap import SwapResult
from .types import ClaimedTurn, Embedder, Memory, NewMemory, SessionEvents

# Facts read for one chunk's consolidator contexts, before each transcript takes its best.
CONTEXT_POOL = 1000


@dataclass(frozen=True)
class KnownVectors:
    """Vectors embedded ahead of need (``Tiers.embed_ahead``), by text, and the model that made them.

    Only a text equal to a key, embedded by the model with ``fingerprint``, takes
    its vector from here: a text's vector does not depend on its batchmates, so it
    is the vector ``embed_new_rows`` would compute.
    """

    fingerprint: str
    vectors: dict[str, np.ndarray]

    def adding(self, pairs: Iterable[tuple[str, np.ndarray]], *, keep: int) -> KnownVectors:
        """These vectors and ``pairs`` of (text, vector) by the same model: at most the ``keep`` added last."""
        merged = {**self.vectors, **dict(pairs)}
        if len(merged) > keep:
            merged = dict(list(merged.items())[len(merged) - keep :])
        return KnownVectors(self.fingerprint, merged)


class Tiers:
    """Realtime and consolidation steps, and maintenance, over one pool and one embedder."""

    def __init__(self, config: Config, pool: ConnectionPool, embedder: Embedder | None = None) -> None:
        self.config = config
        self.pool = pool
        self._embedder = embedder
        self._checked = False

    @contextmanager
    def connection(self) -> Iterator[psycopg.Connection]:
        with self.pool.connection() as conn:
            yield conn

    @property
    def embedder(self) -> Embedder:
        """The injected or configured embedder, checked against the database once (invariant 9)."""
        if not self._checked:
            embedder = self._embedder if self._embedder is not None else _load(self.config)
            with self.connection() as conn:
                meta.check_dim(conn, embedder)  # before its fingerprint could be recorded
                meta.claim_fingerprint(conn, embedder.fingerprint)
            self._embedder, self._checked = embedder, True
        assert self._embedder is not None
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

    # --- realtime ------------------------------------------------------------------

    def embed_staged(self, conn: psycopg.Connection, event_ids: list[str]) -> int:
        """Embed turns just staged on ``conn``, in its open transaction (read-your-writes).

        They are claimed, written as provisional rows and marked in the caller's
        transaction, so the commit that makes them visible also takes them out of the
        realtime queue (invariant 2): no turn is embedded twice. Returns the turns embedded.
        Read ``self.embedder`` before taking ``conn``: its first use needs a connection.
        """
        return _embed_claimed(conn, self.embedder, lambda: staging.claim_events(conn, event_ids))

    def drain_pending(
        self,
        batch_size: int,
        *,
        max_batches: int | None = None,
        on_batch: Callable[[int], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> Drained:
        """Embed every pending turn, batch after batch; returns the turns and batches committed.

        Each batch is one transaction (invariant 2); the write of one batch overlaps
        the embedding of the next (see ``memory_sink.drain``). ``max_batches=1`` is
        exactly one batch.
        """
        return drain_pending(
            self.pool,
            self.embedder,
            batch_size,
            max_batches=max_batches,
            on_batch=on_batch,
            should_stop=should_stop,
        )

    # --- consolidation -------------------------------------------------------------

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
            return [(ns, sid) for ns, sid in conn.execute(staging.ELIGIBLE_SESSIONS, params)]

    def session_known(self, namespace: str | None, session_id: str) -> bool:
        """Whether a turn was ever staged in ``session_id`` (in ``namespace``, or in any when None)."""
        with self.connection() as conn:
            row = conn.execute(staging.SESSION_STAGED, {"namespace": namespace, "session": session_id}).fetchone()
        return bool(row and row[0])

    def sessions_on_day(self, day_start: datetime, day_end: datetime) -> list[tuple[str, str]]:
        with self.connection() as conn:
            return [(ns, sid) for ns, sid in conn.execute(staging.SESSIONS_ON_DAY, (day_start, day_end))]

    def read_session(self, namespace: str, session_id: str) -> SessionEvents:
        with self.connection() as conn:
            return staging.read_session(conn, namespace, session_id)

    def context_facts(
        self, namespace: str, transcripts: Sequence[str], limit: int = 200, session_ids: Sequence[str] = ()
    ) -> list[list[Memory]]:
        """Each transcript's consolidator context: the active facts about the subjects involved.

        One query for all ``transcripts`` (a chunk of sessions of one namespace):
        facts about the user or a subject a transcript names, at most ``limit``
        per transcript, most relevant first (``contexts.contexts_for``). With the
        transcripts' ``session_ids``, each reads memory as it stood without its own
        session: its facts left out, the facts they displaced put back (a re-consolidation).
        """
        policy = self.supersession_policy()
        single = self.single_valued_predicates(policy)
        per_text = [text_grams(t) for t in transcripts]  # once: the SQL and the choice share them
        per_names = [text_names(t) for t in transcripts]
        grams = sorted(set().union(*per_text))
        with self.connection() as conn:
            pool = memories.context_facts(
                conn,
                namespace,
                grams=grams,
                single=single,
                punctuation=NAME_PUNCTUATION,
                limit=max(CONTEXT_POOL, limit),
                names=sorted(set().union(*per_names)),
                # one session's transcript (a wave holds one per namespace) never reads its own facts
                own=session_ids[0] if len(set(session_ids)) == 1 and len(transcripts) == 1 else None,
            )
            displaced = memories.displaced_facts(conn, namespace, session_ids) if session_ids else []
        return contexts_for(pool, per_text, policy, limit, per_names, session_ids, displaced)

    def single_valued_predicates(self, policy: Policy | None = None) -> list[str]:
        """Every form of every predicate the policy holds single-valued, lower case, as SQL compares them."""
        policy = policy or self.supersession_policy()
        return list(_single_forms(policy.single_valued, policy.multi_valued))

    def supersession_policy(self) -> Policy:
        """The engine's policy: the configured guards and cardinalities, the embedder's threshold."""
        threshold = threshold_for(self.embedder.name, self.config.supersession.semantic_threshold)
        return replace(self.key_policy(), threshold=threshold)

    def key_policy(self) -> Policy:
        """The configured guards and cardinalities, without loading the embedder.

        For rules that compare keys, not vectors (``undo`` keeping one value per
        single-valued key): its threshold is the fallback, never used by them.
        """
        cfg = self.config.supersession
        return Policy(
            threshold=FALLBACK_THRESHOLD,
            guard_keys=tuple(cfg.guard_keys),
            single_valued=SINGLE_VALUED | {norm(p) for p in cfg.single_valued},
            # every inflection: single() asks whether any form is multi-valued
            multi_valued=(MULTI_VALUED - {f for p in cfg.single_valued for f in predicate_forms(p)})
            | {norm(p) for p in cfg.multi_valued},
        )

    def embed_new_rows(self, rows: Sequence[NewMemory], known: KnownVectors | None = None) -> np.ndarray:
        """Vectors for the rows a swap stores (retractions are not stored), in order.

        Use it to embed the rows of many sessions in one call and hand each
        session its slice (``swap_session(vectors=...)``): a text's vector does
        not depend on its batchmates, and big batches run several times faster.
        A text is embedded once however many rows read it (one fact said in two
        sessions, one turn said twice), and not at all if ``known`` (from
        ``embed_ahead``, by this model) holds its vector.
        """
        texts = [r.embed_text for r in rows if not r.retract]
        have = known.vectors if known is not None and known.fingerprint == self.embedder.fingerprint else {}
        unique = [t for t in dict.fromkeys(texts) if t not in have]
        vectors = self.embedder.embed_documents(unique)
        if not have and len(unique) == len(texts):
            return vectors
        if not texts:
            return vectors
        where = dict(zip(unique, vectors))
        return np.stack([where[text] if text in where else have[text] for text in texts])

    def with_stored(
        self, sessions: Sequence[tuple[str, str]], texts: Sequence[str], known: KnownVectors | None = None
    ) -> KnownVectors | None:
        """``known`` and the vectors these sessions' rows hold for ``texts``, by this model.

        A session's turns were embedded into its provisional rows, and its passages read those turns' words; a
        re-consolidation re-produces most rows of a session nothing changed in (a backfill), and the swap keeps
        those rows as they were. Embedding any of those texts again is wasted: a text's vector does not depend on
        its batchmates, so the stored one is the vector the model would compute.
        """
        embedder = self.embedder
        by_namespace: dict[str, list[str]] = {}
        for namespace, session_id in sessions:
            by_namespace.setdefault(namespace, []).append(session_id)
        unique = list(dict.fromkeys(texts))
        if not unique or not by_namespace:
            return known
        with self.connection() as conn:
            stored = {
                text: vector
                for namespace, ids in by_namespace.items()
                for text, vector in memories.stored_vectors(conn, namespace, ids, unique, embedder.fingerprint).items()
            }
        if not stored:
            return known
        have = known.vectors if known is not None and known.fingerprint == embedder.fingerprint else {}
        return KnownVectors(embedder.fingerprint, {**have, **stored})

    def embed_ahead(self, texts: Sequence[str], known: KnownVectors | None = None) -> KnownVectors:
        """Vectors for texts rows will embed soon, for ``embed_new_rows(known=...)``, with ``known``'s.

        Each text is embedded once, and not at all if ``known`` (by this model) has it.
        """
        embedder = self.embedder
        have = dict(known.vectors) if known is not None and known.fingerprint == embedder.fingerprint else {}
        new = [t for t in dict.fromkeys(texts) if t not in have]
        if new:
            have.update(zip(new, embedder.embed_documents(new)))
        return KnownVectors(embedder.fingerprint, have)

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
        make them the session's memory (invariant 4); a deadlock or serialization
        failure is retried at once (``db.retry_transient``)."""
        embedder = self.embedder
        stored = sum(1 for r in rows if not r.retract)
        if vectors is None:
            vectors = self.embed_new_rows(rows)
        elif len(vectors) != stored:
            raise InputError(f"vectors: expected {stored} (one per stored row), got {len(vectors)}")
        given = vectors

        def attempt() -> SwapResult:
            with self.connection() as conn:
                return swap.swap_session(
                    conn,
                    namespace=events.namespace,
                    session_id=events.session_id,
                    read_event_ids=[t.event_id for t in events.turns],
                    rows=rows,
                    vectors=given,
                    embed_model=embedder.fingerprint,
                    policy=self.supersession_policy(),
                    judge=judge,
                    judge_name=judge_name,
                    signals=signals,
                    require_pending=require_pending,
                )

        # A deadlock with another writer is not this session's fault: retried at
        # once, it never counts against consolidate.max_attempts.
        return db.retry_transient(attempt, f"swap of {events.namespace}/{events.session_id}")

    def record_failure(self, namespace: str, session_id: str, error: str) -> int:
        """Invariant 8: remember why a session failed and when to retry it; returns attempts so far."""
        with self.connection() as conn:
            return ops.record_failure(
                conn, namespace, session_id, error, base_seconds=self.config.consolidate.retry_base_seconds
            )

    # --- maintenance -----------------------------------------------------------------

    def tier_violations(self, namespace: str | None = None) -> dict[str, Any]:
        """Turns visible in both tiers or in neither (invariant 5); an operator's health check."""
        with self.connection() as conn:
            return health.tier_violations(conn, namespace)

    def reembed(self, batch_size: int = 256, *, on_progress: Callable[[int, int], None] | None = None) -> int:
        """Rewrite every vector with the configured (or injected) embedder, then adopt its fingerprint.

        One transaction: readers keep the old vectors until it commits, and a
        crash leaves the old model in place. Returns the number of rows rewritten;
        ``on_progress(done, total)`` hears of each batch.
        """
        embedder = self._embedder if self._embedder is not None else _load(self.config)
        with self.connection() as conn:
            meta.check_dim(conn, embedder)
            conn.execute("LOCK TABLE tiermem_meta IN EXCLUSIVE MODE")
            total = memories.reembed_all(
                conn, embedder.embed_documents, embedder.fingerprint, batch_size, on_progress=on_progress
            )
            meta.set_fingerprint(conn, embedder.fingerprint)
        self._embedder, self._checked = embedder, True
        return total


def _embed_claimed(conn: psycopg.Connection, embedder: Embedder, claim: Callable[[], list[ClaimedTurn]]) -> int:
    """Claim, embed, write provisional rows and mark them, in ``conn``'s transaction (invariant 2)."""
    meta.check_fingerprint(conn, embedder.fingerprint)  # invariant 9 across processes
    claimed = claim()
    if not claimed:
        return 0
    vectors = embedder.embed_documents([row.content for row in claimed])
    memories.write_provisional(conn, claimed, vectors, embedder.fingerprint)
    conn.execute(staging.MARK_PROVISIONAL, ([row.event_id for row in claimed],))
    return len(claimed)


def _load(config: Config) -> Embedder:
    from .embedder import load_embedder  # onnxruntime and tokenizers load only when a model is needed

    try:
        return load_embedder(config.embedder)
    except (ConfigError, ModelError) as exc:
        # An error about an embedder key names the file that set it, as every other config error does
        # (the model's keys are checked when it loads, after the file was read and closed).
        if config.source is None or not str(exc).startswith("embedder."):
            raise
        raise type(exc)(f"{config.source}: {exc}") from exc


@lru_cache(maxsize=8)
def _single_forms(single_valued: frozenset[str], multi_valued: frozenset[str]) -> tuple[str, ...]:
    """Every form of every single-valued predicate; computed once per configuration, not once per session
    (the forms of ~100 predicates take milliseconds, a context query about as long)."""
    policy = Policy(threshold=FALLBACK_THRESHOLD, single_valued=single_valued, multi_valued=multi_valued)
    return tuple(sorted({f for p in single_valued for f in predicate_forms(p) if policy.single(f)}))
