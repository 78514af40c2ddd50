"""N consolidation workers over disjoint session sets (``Shard``, ``--shard i/N``).

What SCALING.md and the README's "Scaling out" rely on: shards 0..N-1 of N split
every session to exactly one worker, by a hash every process computes alike; N
workers running at once consolidate every eligible session exactly once, with no
failure and no deadlock; a bad shard is refused naming the field.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from memory_sink import MemoryStore
from memory_sink.config import Config
from memory_sink.errors import InputError
from pipelines.cli.app import main
from pipelines.consolidate import ConsolidateReport, run_consolidate
from pipelines.orchestration.ops import ConsolidateOpConfig
from pipelines.realtime import run_realtime
from pipelines.shards import ChunkQueue, Shard

SESSIONS = [(ns, f"s{i}") for ns in ("default", "acme") for i in range(6)]


def test_shards_partition_sessions_disjointly_and_completely() -> None:
    pairs = [(f"ns{i % 50}", f"session-{i}") for i in range(2000)]
    for count in (1, 2, 3, 8):
        owners = [[i for i in range(count) if Shard(i, count).owns(*p)] for p in pairs]
        assert all(len(o) == 1 for o in owners)  # every session to exactly one worker
        assert {o[0] for o in owners} == set(range(count))  # and every worker gets some
        by_namespace: dict[str, set[int]] = {}
        for (namespace, _), o in zip(pairs, owners):
            by_namespace.setdefault(namespace, set()).add(o[0])
        assert all(len(workers) == 1 for workers in by_namespace.values())  # a namespace is never split


def test_chunks_hold_one_session_per_namespace_each_namespace_in_order() -> None:
    sessions = [("a", "a1"), ("a", "a2"), ("b", "b1"), ("a", "a3"), ("c", "c1"), ("b", "b2"), ("d", "d1")]
    queue, chunks = ChunkQueue(sessions), []
    while queue:
        ahead = queue.peek(3)
        chunks.append(queue.take(3))
        assert chunks[-1] == ahead  # peek is exactly what take returns next
    assert chunks == [
        [("a", "a1"), ("b", "b1"), ("c", "c1")],
        [("a", "a2"), ("b", "b2"), ("d", "d1")],
        [("a", "a3")],
    ]
    assert sorted(p for chunk in chunks for p in chunk) == sorted(sessions)  # every session, once
    assert ChunkQueue([]).take(3) == [] and not ChunkQueue([])


def test_shard_assignment_is_the_same_in_another_process() -> None:
    code = "from pipelines.shards import Shard; print([Shard(1, 3).owns(f'ns{i}', 's') for i in range(50)])"
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert other == str([Shard(1, 3).owns(f"ns{i}", "s") for i in range(50)])  # crc32, not the salted hash()


@pytest.mark.parametrize("text", ["2/2", "-1/2", "1", "a/b", "0/0", ""])
def test_a_bad_shard_is_refused_naming_the_field(text: str) -> None:
    with pytest.raises(InputError, match="^shard: "):
        Shard.parse(text)
    with pytest.raises(ValueError, match="shard: expected"):
        ConsolidateOpConfig(shard=text)
    assert Shard.parse("1/2") == Shard(1, 2)


def test_cli_refuses_a_bad_shard_with_exit_2(config_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["consolidate", "--config", str(config_file), "--shard", "2/2"])
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "shard:" in err


def _stage(store: MemoryStore) -> None:
    rows = [
        {"namespace": ns, "session_id": sid, "role": "user", "content": f"I moved to {sid} city. I like tea.", "seq": j}
        for ns, sid in SESSIONS
        for j in range(3)
    ]
    assert store.stage_many(rows).inserted == len(rows)
    run_realtime(store)


def test_a_shard_consolidates_only_its_own_sessions(store: MemoryStore) -> None:
    _stage(store)
    shard = Shard(0, 2)
    report = run_consolidate(store, min_quiet_seconds=0, shard=shard)
    owned = {p for p in SESSIONS if shard.owns(*p)}
    assert report.sessions_consolidated == len(owned) > 0
    with store.connection() as conn:
        done = set(conn.execute("SELECT DISTINCT namespace, session_id FROM memory WHERE kind = 'episode'").fetchall())
    assert done == owned


def test_two_workers_at_once_consolidate_every_session_exactly_once(config: Config, store: MemoryStore) -> None:
    _stage(store)
    reports: dict[int, ConsolidateReport] = {}
    errors: list[BaseException] = []
    start = threading.Barrier(3)

    def worker(index: int) -> None:
        try:
            with MemoryStore.open(config, embedder=store.embedder) as own:
                start.wait(timeout=60)
                reports[index] = run_consolidate(own, min_quiet_seconds=0, shard=Shard(index, 2))
        except BaseException as exc:  # reported below: a thread's exception would otherwise vanish
            errors.append(exc)
            start.abort()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    start.wait(timeout=60)
    for t in threads:
        t.join(timeout=300)
    assert not errors and not any(t.is_alive() for t in threads)  # no hang, no error escaping a run
    for index, report in reports.items():  # each its own sessions, all of them, and both had some
        assert report.sessions_consolidated == sum(Shard(index, 2).owns(*p) for p in SESSIONS) > 0
        assert report.sessions_failed == report.sessions_skipped == 0, report.failures
    with store.connection() as conn:
        row = conn.execute("""
            SELECT count(*) FILTER (WHERE tier = 'provisional' AND superseded_at IS NULL),
                   count(DISTINCT (namespace, session_id)) FILTER (WHERE kind = 'episode'),
                   count(*) FILTER (WHERE kind = 'episode' AND superseded_at IS NOT NULL)
            FROM memory
        """).fetchone()
    assert row == (0, len(SESSIONS), 0)  # nothing left, every session once, none consolidated twice
    assert run_consolidate(store, min_quiet_seconds=0).sessions_consolidated == 0
