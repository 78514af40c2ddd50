"""Benchmark #6: nightly consolidation with ``extractive``, sessions of 20 turns.

    python benchmarks/consolidation.py [--sessions 300] [--runs 3]

Per run, on a fresh database: stage ``--sessions`` sessions of 20 turns and
embed them into provisional rows (not timed, as the realtime tier would have),
then time ``run_consolidate`` end to end: eligibility, whole-session re-reads,
the extractive consolidator, embedding episodes and facts, the supersession
engine and the swap transaction per session. A breakdown (consolidator,
embedding, swap transaction, the rest) comes from timers around those calls.
In the same run, each on its own database: the pipeline without chunked
embedding (each session's rows embedded in their own call, ``EMBED_CHUNK = 1``), to show what chunking buys,
and the anchor: the same pipeline with the fp32 model embedding one text per
session run (no batching).

Target: >= 100 sessions/s.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import _common as c
import numpy as np

import pipelines.consolidate as cons
from memory_sink import swap as swap_mod
from memory_sink.config import EmbedderConfig
from memory_sink.embedder import load_embedder
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime


@contextmanager
def timers(store) -> Iterator[dict[str, float]]:  # type: ignore[no-untyped-def]
    """Accumulate seconds spent in the consolidator, the embedder and the swap SQL."""
    spent = {"consolidator": 0.0, "embedding": 0.0, "swap transaction": 0.0}
    orig_call, orig_swap = cons.call_with_timeout, swap_mod.swap_session
    embedder = store.embedder
    orig_embed = embedder.embed_documents

    def timed(key: str, fn: Any) -> Any:
        def wrapper(*a: Any, **k: Any) -> Any:
            started = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                spent[key] += time.perf_counter() - started

        return wrapper

    cons.call_with_timeout = timed("consolidator", orig_call)
    swap_mod.swap_session = timed("swap transaction", orig_swap)
    embedder.embed_documents = timed("embedding", orig_embed)  # type: ignore[method-assign]
    try:
        yield spent
    finally:
        cons.call_with_timeout, swap_mod.swap_session = orig_call, orig_swap
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


def one_run(
    admin: str, sessions: int, threads: int, tag: str, anchor: bool = False, chunk: int | None = None
) -> tuple[float, dict, Any]:
    dsn = c.fresh_database(admin)
    saved = cons.EMBED_CHUNK
    if chunk is not None:
        cons.EMBED_CHUNK = chunk
    try:
        model = Unbatched(load_embedder(EmbedderConfig(threads=threads), variant="fp32")) if anchor else None
        with c.open_store(dsn, threads=threads, model=model) as store:
            store.stage_many(c.session_turns(sessions, 20, seed=hash(tag) % 1000, prefix=tag), batch_size=5000)
            run_realtime(store)
            with timers(store) as spent:
                report = run_consolidate(store, min_quiet_seconds=0)
            assert report.sessions_consolidated == sessions, report.to_dict()
            return sessions / report.seconds, {**spent, "total": report.seconds}, report
    finally:
        cons.EMBED_CHUNK = saved
        c.drop_database(admin, dsn)


def main() -> None:
    p = c.parser(__doc__.splitlines()[0])
    p.add_argument("--sessions", type=int, default=300, help="sessions of 20 turns per run (default 300)")
    p.add_argument("--anchor-sessions", type=int, default=40, help="sessions for the naive anchor (default 40)")
    args = p.parse_args()
    rates, anchors, breakdowns, unchunked = [], [], [], []
    report = None
    with c.temp_server() as admin:
        for run in range(args.runs):
            rate, spent, report = one_run(admin, args.sessions, args.threads, tag=f"r{run}-")
            rates.append(rate)
            breakdowns.append(spent)
            anchors.append(one_run(admin, args.anchor_sessions, args.threads, tag=f"a{run}-", anchor=True)[0])
            unchunked.append(one_run(admin, args.sessions, args.threads, tag=f"u{run}-", chunk=1)[0])
    mid = sorted(range(len(rates)), key=lambda i: rates[i])[len(rates) // 2]
    b = breakdowns[mid]
    other = b["total"] - b["consolidator"] - b["swap transaction"] - b["embedding"]
    figures = {
        "sessions per run (20 turns each)": args.sessions,
        "episodes, facts (last run)": f"{report.episodes}, {report.facts}" if report else "",
        "sessions/s (median)": c.median(rates),
        "before: one session per embedding call, sessions/s": c.median(unchunked),
        "anchor: fp32 unbatched sessions/s": c.median(anchors),
        "breakdown (median run): consolidator": f"{b['consolidator'] / b['total']:.0%}",
        "breakdown: embedding episodes + facts": f"{b['embedding'] / b['total']:.0%}",
        "breakdown: swap transaction (SQL, engine)": f"{(b['swap transaction']) / b['total']:.0%}",
        "breakdown: reads, eligibility, the rest": f"{other / b['total']:.0%}",
        "runs: sessions/s": [round(r, 1) for r in rates],
    }
    c.report("6 consolidation", figures, [(">= 100 sessions/s", c.median(rates) >= 100)], as_json=args.json)


if __name__ == "__main__":
    main()
