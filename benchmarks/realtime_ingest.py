"""Benchmark #1: realtime ingest, staged short chat turns -> provisional rows.

    python benchmarks/realtime_ingest.py [--turns 4000] [--runs 3]

Per run, on a fresh database of a throw-away embedded server: stage ``--turns``
short chat turns (not timed), then time ``run_realtime`` end to end (claim,
tokenize, embed, COPY provisional rows, mark, commit). In the same run, the same
texts, cut into the same batches (one claim of ``realtime.batch_size`` turns,
length-sorted within), go through the same onnxruntime session alone: the raw
model ceiling (see ``_model.py``). Also in each run: the tick without its write/embed overlap (one
batch at a time, each write waited for before the next embedding), which shows what the overlap buys. The naive anchor — one turn per transaction, the fp32 model, a
row-by-row INSERT — runs on ``--naive-turns`` of the same turns in the same run.

Targets: end to end >= 85% of the ceiling and >= 800 turns/s.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import _common as c
from _model import model_feeds, run_feeds

from memory_sink.config import EmbedderConfig
from memory_sink.embedder import load_embedder
from pipelines.realtime import run_realtime

NAIVE_CLAIM = """
SELECT event_id, namespace, session_id, content, event_ts, metadata FROM memory_staging
WHERE provisional_at IS NULL AND consolidated_at IS NULL ORDER BY staged_at LIMIT 1 FOR UPDATE SKIP LOCKED
"""
NAIVE_INSERT = """
INSERT INTO memory (namespace, session_id, tier, kind, content, embedding, event_ids, valid_from, embed_model, metadata)
VALUES (%s, %s, 'provisional', 'turn', %s, %s, ARRAY[%s], %s, %s, %s)
"""
NAIVE_MARK = "UPDATE memory_staging SET provisional_at = clock_timestamp() WHERE event_id = %s"


def naive_ingest(store, fp32) -> int:  # type: ignore[no-untyped-def]
    """The anchor: claim one turn, embed it alone with fp32, INSERT it, mark it, commit; repeat."""
    from psycopg.types.json import Jsonb

    done = 0
    while True:
        with store.connection() as conn:
            row = conn.execute(NAIVE_CLAIM).fetchone()
            if row is None:
                return done
            event_id, ns, sid, content, ts, meta = row
            vec = fp32.embed_documents([content])[0]
            conn.execute(NAIVE_INSERT, (ns, sid, content, vec, event_id, ts, fp32.fingerprint, Jsonb(meta)))
            conn.execute(NAIVE_MARK, (event_id,))
        done += 1


@dataclass(frozen=True)
class Overlapped:
    """One run of the realtime tick (each batch's write overlapping the next one's embedding)."""

    e2e: float  # turns/s, end to end
    ceiling: float  # texts/s of the model alone over the same batches


def overlapped_run(admin: str, args: Any, texts: list[str], run: int) -> Overlapped:
    with c.scratch_database(admin) as dsn, c.open_store(dsn, threads=args.threads) as store:
        embedder = store.embedder
        size = args.batch_size or store.config.realtime.batch_size
        # the batches the tick runs: each claim of `size` turns, length-sorted within
        feeds = [f for i in range(0, len(texts), size) for f in model_feeds(embedder, texts[i : i + size])]
        run_feeds(embedder, feeds[:3])  # warm the session
        c.stage(store, texts, tag=f"r{run}")
        report = run_realtime(store, batch_size=args.batch_size)
        assert report.turns_embedded == len(texts), report
        return Overlapped(e2e=len(texts) / report.seconds, ceiling=len(texts) / run_feeds(embedder, feeds))


def sequential_run(admin: str, args: Any, texts: list[str], run: int) -> float:
    """Turns/s without the overlap: one batch at a time, its write not overlapped with the next embedding."""
    with c.scratch_database(admin) as dsn, c.open_store(dsn, threads=args.threads) as store:
        c.stage(store, texts, tag=f"q{run}")
        size = args.batch_size or store.config.realtime.batch_size
        started = time.perf_counter()
        while store.tiers.drain_pending(size, max_batches=1).turns:
            pass
        return len(texts) / (time.perf_counter() - started)


def naive_run(admin: str, args: Any, texts: list[str], run: int) -> float:
    """Turns/s of the anchor, on a fresh database with the fp32 model (its own fingerprint)."""
    with c.scratch_database(admin) as dsn, c.open_store(dsn, threads=args.threads) as store:
        fp32 = load_embedder(EmbedderConfig(threads=args.threads), variant="fp32")
        fp32.embed_documents(texts[:8])
        c.stage(store, texts[: args.naive_turns], tag=f"n{run}")
        started = time.perf_counter()
        n = naive_ingest(store, fp32)
        return n / (time.perf_counter() - started)


def main() -> None:
    p = c.parser(__doc__.splitlines()[0])
    p.add_argument("--turns", type=int, default=4000, help="staged turns per run (default 4000)")
    p.add_argument("--naive-turns", type=int, default=300, help="turns the naive anchor ingests (default 300)")
    p.add_argument("--batch-size", type=int, default=None, help="realtime.batch_size (default: the config's)")
    args = p.parse_args()
    texts = c.short_turns(args.turns, seed=1)
    e2e: list[float] = []
    ceiling: list[float] = []
    naive: list[float] = []
    sequential: list[float] = []
    with c.temp_server() as admin:
        for run in range(args.runs):
            overlapped = overlapped_run(admin, args, texts, run)
            e2e.append(overlapped.e2e)
            ceiling.append(overlapped.ceiling)
            sequential.append(sequential_run(admin, args, texts, run))
            naive.append(naive_run(admin, args, texts, run))
    ratios = [a / b for a, b in zip(e2e, ceiling)]
    figures = {
        "turns per run": args.turns,
        "end-to-end turns/s (median)": c.median(e2e),
        "raw model ceiling texts/s (median)": c.median(ceiling),
        "end-to-end / ceiling (median of per-run ratios)": c.median(ratios),
        "before: batches one at a time, turns/s": c.median(sequential),
        "naive anchor turns/s (median)": c.median(naive),
        "speed-up over naive": c.median(e2e) / c.median(naive),
        "runs: end-to-end": [round(x) for x in e2e],
        "runs: ceiling": [round(x) for x in ceiling],
        "runs: naive": [round(x) for x in naive],
        "runs: one batch at a time": [round(x) for x in sequential],
    }
    c.report(
        "1 realtime ingest",
        figures,
        [(">= 85% of the raw model ceiling", c.median(ratios) >= 0.85), (">= 800 turns/s", c.median(e2e) >= 800)],
        as_json=args.json,
    )


if __name__ == "__main__":
    main()
