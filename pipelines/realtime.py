"""The realtime tier: embed every newly staged turn into a provisional row.

A plain function, testable without Dagster; the Dagster op and ``tiermem
realtime`` call it. Exactly-once comes from the claim (see ``memory_sink.drain``); a tick
drains batch after batch, writing one while embedding the next (``memory_sink.drain``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from memory_sink import MemoryStore

log = logging.getLogger(__name__)


@dataclass
class RealtimeReport:
    turns_embedded: int = 0
    batches: int = 0
    seconds: float = 0.0

    @property
    def turns_per_second(self) -> float:
        return self.turns_embedded / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "turns_per_second": round(self.turns_per_second, 1)}


def run_realtime(
    store: MemoryStore | None = None,
    *,
    config: Any = None,
    batch_size: int | None = None,
    max_batches: int | None = None,
    on_batch: Callable[[int], None] | None = None,
) -> RealtimeReport:
    """One tick: embed pending turns batch by batch until none are left (or ``max_batches``)."""
    own = store is None
    store = store or MemoryStore.open(config)
    size = batch_size or store.config.realtime.batch_size
    report = RealtimeReport()
    started = time.perf_counter()

    def committed(n: int) -> None:
        report.turns_embedded += n
        report.batches += 1
        if on_batch is not None:
            on_batch(n)

    try:
        store.tiers.drain_pending(size, max_batches=max_batches, on_batch=committed)
    finally:
        report.seconds = time.perf_counter() - started
        if own:
            store.close()
    log.info("realtime tick: %d turns in %d batches (%.2fs)", report.turns_embedded, report.batches, report.seconds)
    return report
