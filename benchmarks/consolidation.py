"""Benchmark #6: nightly consolidation with ``extractive``, sessions of 20 turns.

    python benchmarks/consolidation.py [--sessions 300] [--runs 3] [--namespaces 1]

Per run, on a fresh database: stage ``--sessions`` sessions of 20 turns and
embed them into provisional rows (not timed, as the realtime tier would have),
then time ``run_consolidate`` end to end: eligibility, whole-session re-reads,
the extractive consolidator, embedding episodes and facts, the supersession
engine and the swap transaction per session. A breakdown (consolidator,
embedding, swap transaction, the rest) comes from timers around those calls;
the passages the lookahead embeds during a chunk's swaps (``pipelines.lookahead``)
are timed apart, as they overlap the swaps instead of adding to the total.
In the same run, each on its own database: the pipeline without chunked
embedding (each session's rows embedded in their own call, ``EMBED_CHUNK = 1``), to show what chunking buys,
and the anchor: the same pipeline with the fp32 model embedding one text per
session run (no batching).

A namespace's sessions are consolidated one after another, each reading what the
one before left (``pipelines.consolidate._waves``): one namespace (the default)
is the worst case; ``--namespaces N`` deals the sessions over N tenants.

With ``--workers 1,2``: the same sessions consolidated by N worker processes at once,
each with its own store and ``run_consolidate(shard=Shard(i, N))`` (what
``tiermem consolidate --shard i/N`` runs), onnxruntime threads split between them;
wall time from a common start (models loaded) to the last worker's end. Interleaved
run by run; after each, exactly-once is checked (every session consolidated once, no
provisional row left, one episode set per session).

Target: >= 100 sessions/s.
"""

from __future__ import annotations

import multiprocessing as mp
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import _common as c
import numpy as np

import pipelines.chunks as chunks
import pipelines.consolidate as cons
from consolidators import nlp_cache
from memory_sink import swap as swap_mod
from memory_sink.config import EmbedderConfig
from memory_sink.embedder import load_embedder
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime
from pipelines.shards import Shard


@contextmanager
def timers(store) -> Iterator[dict[str, float]]:  # type: ignore[no-untyped-def]
    """Accumulate seconds spent in the consolidator, the embedder and the swap SQL."""
    spent = {"consolidator": 0.0, "embedding": 0.0, "swap transaction": 0.0, "embedding ahead": 0.0}
    orig_call, orig_swap = chunks.call_with_timeout, swap_mod.swap_session
    embedder = store.embedder
    orig_embed = embedder.embed_documents

    def timed(key: str, fn: Any) -> Any:
        def wrapper(*a: Any, **k: Any) -> Any:
            started = time.perf_counter()
            # the lookahead's thread embeds the next chunk while this one swaps: overlapped, not on the path
            ahead = key == "embedding" and threading.current_thread().name.startswith("tiermem-lookahead")
            try:
                return fn(*a, **k)
            finally:
                spent["embedding ahead" if ahead else key] += time.perf_counter() - started

        return wrapper

    chunks.call_with_timeout = timed("consolidator", orig_call)
    swap_mod.swap_session = timed("swap transaction", orig_swap)
    embedder.embed_documents = timed("embedding", orig_embed)  # type: ignore[method-assign]
    try:
        yield spent
    finally:
        chunks.call_with_timeout, swap_mod.swap_session = orig_call, orig_swap
        del embedder.embed_documents


class Unbatched:
    """The anchor's embedder: fp32, one text per session run."""

    def __init__(self, fp32: Any) -> None:
        self._fp32 = fp32
        self.name, self.fingerprint, self.dim = fp32.name, fp32.fingerprint, fp32.dim

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            out[i] = self._fp32.embed_documents([text])[0]
        return out

    def embed_query(self, text: str) -> np.ndarray:
        return self._fp32.embed_query(text)


def staged(sessions: int, tag: str, namespaces: int) -> list[dict[str, Any]]:
    """``sessions`` sessions of 20 turns, dealt round-robin over ``namespaces`` namespaces (one tenant each)."""
    rows: list[dict[str, Any]] = []
    for k in range(namespaces):
        count = sessions // namespaces + (k < sessions % namespaces)
        ns = "default" if namespaces == 1 else f"tenant{k}"
        rows += c.session_turns(count, 20, namespace=ns, seed=(hash(tag) + k) % 1000, prefix=tag)
    return rows


def one_run(
    admin: str,
    sessions: int,
    threads: int,
    tag: str,
    anchor: bool = False,
    chunk: int | None = None,
    warm: bool = False,
    namespaces: int = 1,
) -> tuple[float, dict, Any]:
    dsn = c.fresh_database(admin)
    saved = cons.EMBED_CHUNK
    if chunk is not None:
        cons.EMBED_CHUNK = chunk
    try:
        model = Unbatched(load_embedder(EmbedderConfig(threads=threads), variant="fp32")) if anchor else None
        with c.open_store(dsn, threads=threads, model=model) as store:
            store.stage_many(staged(sessions, tag, namespaces), batch_size=5000)
            run_realtime(store)
            if warm:  # what a long-lived worker loaded once: the parser, the predicates' word forms
                nlp_cache.load()
                store.tiers.single_valued_predicates()
            with timers(store) as spent:
                report = run_consolidate(store, min_quiet_seconds=0)
            assert report.sessions_consolidated == sessions, report.to_dict()
            return sessions / report.seconds, {**spent, "total": report.seconds}, report
    finally:
        cons.EMBED_CHUNK = saved
        c.drop_database(admin, dsn)


def _worker(dsn: str, shard: Shard, threads: int, start: Any, out: Any) -> None:
    with c.open_store(dsn, threads=threads) as store:
        store.embedder.embed_query("warm")  # the models loaded before the clock starts, as in one long-lived worker
        nlp_cache.load()
        start.wait()
        report = run_consolidate(store, min_quiet_seconds=0, shard=shard)
        out.put((report.sessions_consolidated, report.sessions_failed, time.perf_counter()))


def workers_run(
    admin: str, sessions: int, workers: int, threads: int, tag: str, namespaces: int
) -> tuple[float, dict[str, int]]:
    """Sessions/s of ``workers`` processes over disjoint shards; the exactly-once counts after."""
    dsn = c.fresh_database(admin)
    try:
        with c.open_store(dsn, threads=threads) as store:
            store.stage_many(staged(sessions, tag, namespaces), batch_size=5000)
            run_realtime(store)
        ctx = mp.get_context("spawn")
        start, out = ctx.Barrier(workers + 1), ctx.Queue()
        each = max(1, threads // workers)
        procs = [ctx.Process(target=_worker, args=(dsn, Shard(i, workers), each, start, out)) for i in range(workers)]
        for proc in procs:
            proc.start()
        start.wait()
        began = time.perf_counter()
        done = [out.get(timeout=3600) for _ in procs]
        for proc in procs:
            proc.join()
        with c.open_store(dsn, threads=1) as store, store.connection() as conn:
            counts = conn.execute(EXACTLY_ONCE).fetchone()
        check = dict(zip(("provisional left", "sessions with episodes", "sessions consolidated twice"), counts))
        check["consolidated (workers' reports)"] = sum(d[0] for d in done)
        check["failed"] = sum(d[1] for d in done)
        return sessions / (max(d[2] for d in done) - began), check
    finally:
        c.drop_database(admin, dsn)


# Exactly once: no provisional row left active, every session has episodes, and none
# has two sets of them (a second consolidation would retire the first, so count active
# episodes' distinct sources per session instead: a repeat shows as retired episodes).
EXACTLY_ONCE = """
SELECT count(*) FILTER (WHERE tier = 'provisional' AND superseded_at IS NULL),
       count(DISTINCT (namespace, session_id)) FILTER (WHERE kind = 'episode' AND superseded_at IS NULL),
       count(DISTINCT (namespace, session_id)) FILTER (WHERE kind = 'episode' AND superseded_at IS NOT NULL)
FROM memory
"""


def compare_workers(args: Any) -> None:
    counts = [int(x) for x in args.workers.split(",")]
    rates: dict[int, list[float]] = {n: [] for n in counts}
    checks: dict[int, dict[str, int]] = {}
    with c.temp_server() as admin:
        for run in range(args.runs):
            for n in counts if run % 2 == 0 else counts[::-1]:
                rate, checks[n] = workers_run(
                    admin, args.sessions, n, args.threads, tag=f"w{n}r{run}-", namespaces=args.namespaces or 20
                )
                rates[n].append(rate)
    figures: dict[str, Any] = {
        "sessions per run (20 turns each)": args.sessions,
        "namespaces (a worker takes whole ones)": args.namespaces or 20,
    }
    for n in counts:
        figures[f"{n} worker(s): sessions/s (median)"] = c.median(rates[n])
        figures[f"{n} worker(s): runs"] = [round(r, 1) for r in rates[n]]
        figures[f"{n} worker(s): exactly-once check (last run)"] = checks[n]
    if len(counts) > 1:
        figures[f"speed-up {counts[-1]} vs {counts[0]}"] = c.median(rates[counts[-1]]) / c.median(rates[counts[0]])
    ok = all(
        ch["provisional left"] == 0 and ch["sessions with episodes"] == args.sessions and ch["failed"] == 0
        for ch in checks.values()
    )
    c.report("6 consolidation with N workers", figures, [("exactly once, nothing failed", ok)], as_json=args.json)


def only_pipeline(args: Any) -> None:
    """``run_consolidate`` alone, ``--runs`` times: for interleaving two checkouts in the same minutes."""
    rates, spent = [], []
    with c.temp_server() as admin:
        for run in range(args.runs):
            rate, breakdown, _ = one_run(
                admin, args.sessions, args.threads, tag=f"r{run}-", warm=args.warm, namespaces=args.namespaces or 1
            )
            rates.append(rate)
            spent.append({k: f"{v / breakdown['total']:.0%}" for k, v in breakdown.items() if k != "total"})
    figures = {
        "sessions per run (20 turns each)": args.sessions,
        "namespaces": args.namespaces or 1,
        "parser and word forms loaded before the clock": args.warm,
        "sessions/s (median)": c.median(rates),
        "runs: sessions/s": [round(r, 2) for r in rates],
        "runs: breakdown": spent,
    }
    c.report("6 consolidation, the pipeline alone", figures, [], as_json=args.json)


def main() -> None:
    p = c.parser(__doc__.splitlines()[0])
    p.add_argument("--sessions", type=int, default=300, help="sessions of 20 turns per run (default 300)")
    p.add_argument("--anchor-sessions", type=int, default=40, help="sessions for the naive anchor (default 40)")
    p.add_argument("--workers", default="", help="compare N worker processes, e.g. 1,2 (then nothing else runs)")
    p.add_argument(
        "--warm",
        action="store_true",
        help="load the parser and the predicates' word forms before the clock, as a long-lived worker has them "
        "(by default the first run pays for them: ~3 s of a 300-session run)",
    )
    p.add_argument("--only-pipeline", action="store_true", help="skip the anchor and the unchunked runs")
    p.add_argument(
        "--namespaces",
        type=int,
        default=0,
        help="deal the sessions over this many namespaces (default 1; 20 with --workers, since a worker takes "
        "whole namespaces and a namespace's sessions are consolidated in order)",
    )
    args = p.parse_args()
    if args.workers:
        compare_workers(args)
        return
    if args.only_pipeline:
        only_pipeline(args)
        return
    rates, anchors, breakdowns, unchunked = [], [], [], []
    report = None
    with c.temp_server() as admin:
        for run in range(args.runs):
            spread = args.namespaces or 1
            rate, spent, report = one_run(admin, args.sessions, args.threads, tag=f"r{run}-", namespaces=spread)
            rates.append(rate)
            breakdowns.append(spent)
            anchors.append(
                one_run(admin, args.anchor_sessions, args.threads, tag=f"a{run}-", anchor=True, namespaces=spread)[0]
            )
            unchunked.append(one_run(admin, args.sessions, args.threads, tag=f"u{run}-", chunk=1, namespaces=spread)[0])
    mid = sorted(range(len(rates)), key=lambda i: rates[i])[len(rates) // 2]
    b = breakdowns[mid]
    other = b["total"] - b["consolidator"] - b["swap transaction"] - b["embedding"]
    figures = {
        "sessions per run (20 turns each)": args.sessions,
        "namespaces": args.namespaces or 1,
        "episodes, facts (last run)": f"{report.episodes}, {report.facts}" if report else "",
        "sessions/s (median)": c.median(rates),
        "before: one session per embedding call, sessions/s": c.median(unchunked),
        "anchor: fp32 unbatched sessions/s": c.median(anchors),
        "breakdown (median run): consolidator": f"{b['consolidator'] / b['total']:.0%}",
        "breakdown: embedding (what was not embedded ahead)": f"{b['embedding'] / b['total']:.0%}",
        "breakdown: swap transaction (SQL, engine)": f"{(b['swap transaction']) / b['total']:.0%}",
        "breakdown: reads, eligibility, the rest": f"{other / b['total']:.0%}",
        "passages embedded ahead, overlapping the swaps (share of the total)": f"{b['embedding ahead'] / b['total']:.0%}",
        "runs: sessions/s": [round(r, 1) for r in rates],
    }
    c.report("6 consolidation", figures, [(">= 100 sessions/s", c.median(rates) >= 100)], as_json=args.json)


if __name__ == "__main__":
    main()
