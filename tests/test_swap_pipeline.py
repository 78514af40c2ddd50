"""The tier swap runs in pipeline mode (memory_sink.swap): fewer round trips, the same swap.

Statements travel together until an answer is needed, so anything read from a
statement's result (a row count, a pin carried over, a lookup skipped when it
cannot find anything) must still be what the statement did. (The inheritance
lookup skipped for a session with no retired fact: test_oplog's
``test_a_changed_re_extraction_still_inherits_how_its_fact_was_retired``.)
"""

from __future__ import annotations

from typing import Any

from memory_sink import MemoryStore
from memory_sink.vocab import Kind
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime


def _swaps(store: MemoryStore) -> list[dict[str, Any]]:
    with store.connection() as conn:
        return [s for (s,) in conn.execute("SELECT signals FROM memory_ops WHERE op = 'tier_swap' ORDER BY op_id")]


def _active(store: MemoryStore, kind: Kind) -> list[Any]:
    with store.connection() as conn:
        return conn.execute(
            "SELECT id::text, pinned FROM memory WHERE kind = %s AND tier = 'consolidated' "
            "AND superseded_at IS NULL ORDER BY valid_from",
            (kind,),
        ).fetchall()


def test_the_tier_swap_op_counts_what_the_swap_did(store: MemoryStore) -> None:
    store.stage("s1", "user", "We use Redis for the job queue.", seq=1)
    store.stage("s1", "assistant", "Noted: Redis backs the job queue.", seq=2)
    store.stage("s1", "user", "I live in Porto now.", seq=3)
    run_realtime(store)
    assert run_consolidate(store).sessions_consolidated == 1
    store.stage("s1", "user", "We switched the queue to RabbitMQ.", seq=4)
    run_realtime(store)
    assert run_consolidate(store).sessions_consolidated == 1
    said = [(s["events"], s["deleted_provisional"], s["version"]) for s in _swaps(store)]
    assert said == [(3, 3, 1), (4, 1, 2)]  # the second swap deleted only the late turn's provisional row


def test_a_pinned_episode_s_successor_is_pinned_and_no_other_row(store: MemoryStore) -> None:
    store.stage("s1", "user", "We use Redis for the job queue.", seq=1)
    store.stage("s1", "assistant", "Noted: Redis backs the job queue.", seq=2)
    run_realtime(store)
    run_consolidate(store)
    [(episode, _)] = _active(store, Kind.EPISODE)
    store.pin(episode)
    store.stage("s1", "user", "We switched the queue to RabbitMQ.", seq=3)
    run_realtime(store)
    run_consolidate(store)
    [(successor, pinned)] = _active(store, Kind.EPISODE)
    assert successor != episode and pinned
    assert store.get(episode).superseded_by == successor
    assert not any(p for _, p in _active(store, Kind.PASSAGE))
