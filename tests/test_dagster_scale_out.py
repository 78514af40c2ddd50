"""Scaling out: N realtime workers in parallel processes, each with its own MemoryStore.

What the README's "Scaling out" section relies on: the realtime claim
(``FOR UPDATE SKIP LOCKED``, one transaction per batch) lets any number of
workers — Dagster run workers on several machines, or plain processes — drain
one staging log with every turn embedded exactly once.

The workers use a stand-in embedder (deterministic vectors, a short sleep per
batch so their claims interleave): the claim, not the model, is under test,
and four real models on two cores would only make the test slow.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

from memory_sink import MemoryStore
from memory_sink.config import Config

WORKERS = 4
TURNS = 3000

WORKER = textwrap.dedent("""
    import json, sys, time
    import numpy as np
    from memory_sink import MemoryStore
    from memory_sink.config import config_from_mapping
    from pipelines.realtime import run_realtime

    class StandIn:
        name, dim, fingerprint = "stand-in", 384, "stand-in:mean:0"
        def embed_documents(self, texts):
            time.sleep(0.003)
            vectors = np.zeros((len(texts), 384), dtype=np.float32)
            vectors[:, 0] = 1.0
            return vectors

    config = config_from_mapping({"database": {"dsn": sys.argv[1]}})
    store = MemoryStore.open(config, migrate=False, embedder=StandIn())
    print("ready", flush=True)
    sys.stdin.readline()                      # start together
    report = run_realtime(store, batch_size=int(sys.argv[2]))
    store.close()
    print(json.dumps(report.to_dict()), flush=True)
""")


def test_parallel_realtime_workers_embed_every_turn_exactly_once(config: Config, store: MemoryStore) -> None:
    turns = [
        {"session_id": f"s{i // 25}", "role": "user", "content": f"turn {i} of a busy agent", "seq": i}
        for i in range(TURNS)
    ]
    assert store.stage_many(turns).inserted == TURNS
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, config.database.dsn or "", "40"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=os.environ.copy(),
        )
        for _ in range(WORKERS)
    ]
    try:
        for w in workers:
            assert w.stdout is not None and w.stdout.readline().strip() == "ready", w.stderr.read()
        for w in workers:
            assert w.stdin is not None
            w.stdin.write("go\n")
            w.stdin.flush()
        reports = []
        for w in workers:
            out, err = w.communicate(timeout=180)
            assert w.returncode == 0, err
            reports.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for w in workers:
            if w.poll() is None:
                w.kill()
    assert sum(r["turns_embedded"] for r in reports) == TURNS
    assert sum(1 for r in reports if r["turns_embedded"] > 0) >= 2, reports  # they really ran side by side
    with store.connection() as conn:
        row = conn.execute("""
            SELECT (SELECT count(*) FROM memory WHERE tier = 'provisional'),
                   (SELECT count(DISTINCT event_ids[1]) FROM memory WHERE tier = 'provisional'),
                   (SELECT count(*) FROM memory_staging WHERE provisional_at IS NULL),
                   (SELECT count(*) FROM memory_staging s WHERE NOT EXISTS (
                        SELECT 1 FROM memory m WHERE m.tier = 'provisional' AND m.event_ids[1] = s.event_id))
        """).fetchone()
    assert row == (TURNS, TURNS, 0, 0)  # one provisional row per turn: none duplicated, none skipped
