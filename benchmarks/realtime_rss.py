"""Benchmark #8: peak memory (RSS) of one realtime tick over many turns.

    python benchmarks/realtime_rss.py [--turns 10000,100000]

For each size, the turns are staged first; then a fresh process loads the store
and the model, embeds a warm-up batch, records its RSS (the baseline), and runs
one ``run_realtime`` tick over every pending turn while a thread samples RSS
every 0.2 s. Reported: baseline, peak (``ru_maxrss``) and the growth during the
tick, per size: flat means the tick streams batch by batch.

Target: peak <= 400 MB, flat in the number of turns.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import _common as c

CHILD = r"""
import json, resource, sys, threading, time
sys.path.insert(0, sys.argv[2])
from memory_sink import MemoryStore
from memory_sink.config import config_from_mapping
from pipelines.realtime import run_realtime

def rss_mb():
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * resource.getpagesize() / 2**20

store = MemoryStore.open(config_from_mapping({"database": {"dsn": sys.argv[1]}, "embedder": {"threads": int(sys.argv[3])}}))
store.embedder.embed_documents(["warm up"] * 64)
baseline = rss_mb()
samples, done = [], threading.Event()
def sample():
    while not done.is_set():
        samples.append(rss_mb()); time.sleep(0.2)
t = threading.Thread(target=sample, daemon=True); t.start()
report = run_realtime(store)
done.set(); t.join()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
q = lambda f: samples[min(len(samples) - 1, int(f * len(samples)))] if samples else baseline
print(json.dumps({"turns": report.turns_embedded, "seconds": report.seconds, "baseline_mb": baseline,
                  "peak_mb": peak, "rss_at_25_50_75_100": [round(q(x)) for x in (0.25, 0.5, 0.75, 0.999)]}))
"""


def main() -> None:
    p = c.parser(__doc__.splitlines()[0])
    p.add_argument("--turns", default="10000,100000", help="comma-separated tick sizes (default 10000,100000)")
    p.set_defaults(runs=1)
    args = p.parse_args()
    sizes = [int(x) for x in args.turns.split(",")]
    rows = {}
    with c.temp_server() as admin:
        for size in sizes:
            dsn = c.fresh_database(admin)
            with c.open_store(dsn, threads=args.threads) as store:
                store.embedder
                texts = c.short_turns(size, seed=4)
                for start in range(0, size, 20_000):
                    c.stage(store, texts[start : start + 20_000], tag=f"b{start}-")
            out = subprocess.run(
                [sys.executable, "-c", CHILD, dsn, str(c.ROOT), str(args.threads)],
                check=True,
                capture_output=True,
                text=True,
                env=os.environ.copy(),
            )
            rows[size] = json.loads(out.stdout.strip().splitlines()[-1])
            assert rows[size]["turns"] == size, rows[size]
            c.drop_database(admin, dsn)
    figures: dict[str, object] = {}
    for size, r in rows.items():
        figures[f"[{size:,} turns] baseline RSS MB (store + model loaded)"] = round(r["baseline_mb"], 1)
        figures[f"[{size:,} turns] peak RSS MB"] = round(r["peak_mb"], 1)
        figures[f"[{size:,} turns] growth during the tick MB"] = round(r["peak_mb"] - r["baseline_mb"], 1)
        figures[f"[{size:,} turns] RSS at 25/50/75/100% of the tick"] = r["rss_at_25_50_75_100"]
        figures[f"[{size:,} turns] turns/s"] = round(r["turns"] / r["seconds"], 1)
    peaks = [r["peak_mb"] for r in rows.values()]
    flat = max(peaks) - min(peaks) <= 0.1 * min(peaks) if len(peaks) > 1 else None
    c.report(
        "8 realtime tick memory",
        figures,
        [("peak <= 400 MB", max(peaks) <= 400), ("flat in turns (peaks within 10%)", flat)],
        as_json=args.json,
    )


if __name__ == "__main__":
    main()
