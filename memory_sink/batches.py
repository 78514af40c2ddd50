"""Staging in batches: how ``MemoryStore.stage_many`` and ``ingest_jsonl`` commit many turns.

A bad line is rejected by its number and never costs the batch; a batch the server
refuses is inserted turn by turn, so one refused turn never costs the good ones beside
it; whatever stops the stream, what was read before it is committed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

import psycopg

from . import staging
from .errors import InputError
from .tiers import Tiers
from .types import Rejected, StagedTurn, StageReport

log = logging.getLogger(__name__)
# What the server (or psycopg, for a NUL byte) says about one bad value, not about the database;
# a CHECK violation is a hand-built StagedTurn's role outside the vocabulary.
REFUSED_VALUE = (psycopg.DataError, psycopg.errors.ProgramLimitExceeded, psycopg.errors.CheckViolation)


@dataclass
class _Batch:
    """Turns validated and not yet committed, with their size and the last input line handled."""

    turns: list[tuple[int, StagedTurn]] = field(default_factory=list)
    size: int = 0
    last_line: int = 0
    failed: bool = False  # committing it raised: a failure handler must not try it again


class BatchStager:
    """One call's staging of numbered items (mappings, ``StagedTurn``s, or the ``InputError`` of a bad line)."""

    def __init__(
        self,
        connection: Callable[[], AbstractContextManager[psycopg.Connection]],
        tiers: Tiers,
        *,
        default_namespace: str,
        embed: bool = False,
        only: str | None = None,
    ) -> None:
        self.connection = connection
        self.tiers = tiers
        self.default_namespace = default_namespace
        self.embed = embed  # embed each batch in the transaction that stages it
        self.only = only  # every turn goes to this namespace; a line naming another is rejected

    def stage(
        self,
        items: Iterable[tuple[int, Any]],
        batch_size: int = 1000,
        batch_bytes: int | None = None,
        report: StageReport | None = None,
    ) -> StageReport:
        """Commit ``items`` in batches of ``batch_size`` turns or ``batch_bytes`` bytes, whichever fills first."""
        report = StageReport() if report is None else report
        batch_bytes = staging.BATCH_BYTES if batch_bytes is None else batch_bytes
        batch = _Batch()
        try:
            for line, item in items:
                turn = self._validated(line, item, report)
                if turn is not None:
                    size = staging.turn_bytes(turn)
                    if batch.turns and batch.size + size > batch_bytes:
                        self._flush(batch, report)
                    batch.turns.append((line, turn))
                    batch.size += size
                batch.last_line = line
                if not batch.turns:
                    report.committed_through = line
                elif len(batch.turns) >= batch_size:
                    self._flush(batch, report)
            self._flush(batch, report)
        except BaseException:
            # Whatever stopped us (a read error, the server, a signal), what was parsed
            # before it is committed, unless committing it was what failed.
            if batch.turns and not batch.failed:
                try:
                    self._flush(batch, report)
                except Exception as exc:
                    log.warning("could not commit the lines read before the failure: %s", exc)
            raise
        finally:
            report.rejected.sort(key=lambda r: r.line)
        return report

    def _validated(self, line: int, item: Any, report: StageReport) -> StagedTurn | None:
        """One turn checked, or None with the line rejected (a bad line never costs the batch)."""
        try:
            if isinstance(item, InputError):
                raise item
            if isinstance(item, StagedTurn):
                return item
            return staging.validate_mapping(item, self.default_namespace, only=self.only)
        except InputError as exc:
            report.rejected.append(Rejected(line, str(exc)))
        except Exception as exc:  # a check we did not foresee: it costs this line, never the batch
            log.warning("line %d: unexpected %s while validating", line, type(exc).__name__, exc_info=True)
            report.rejected.append(Rejected(line, f"could not be checked: {type(exc).__name__}: {exc}"))
        return None

    def _flush(self, batch: _Batch, report: StageReport) -> None:
        if not batch.turns:
            return
        batch.failed = True  # until it is committed
        try:
            with self.connection() as conn:
                new = staging.insert_turns(conn, [turn for _, turn in batch.turns])
                if self.embed:
                    self.tiers.embed_staged(conn, [turn.event_id for _, turn in batch.turns])
            kept = list(batch.turns)
        except REFUSED_VALUE:
            kept, new = self._insert_each(batch.turns, report)
        report.inserted += len(new)
        report.duplicates += len(kept) - len(new)
        report.event_ids.extend(turn.event_id for _, turn in kept)
        report.committed_through = batch.last_line
        batch.turns.clear()
        batch.size, batch.failed = 0, False

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
            if self.embed and kept:
                self.tiers.embed_staged(conn, [turn.event_id for _, turn in kept])
        return kept, new
