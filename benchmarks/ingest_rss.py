"""Benchmark: peak memory (RSS) of `tiermem ingest` over turns near the 8 MiB content limit.

    python benchmarks/ingest_rss.py [--turns 35,140] [--turn-kib 8191] [--batch-kib 0]

For each size, a JSON Lines file of that many turns, each just under the
documented 8 MiB content limit (random letters, distinct per turn), is written
to a temporary directory and staged by `tiermem ingest FILE` in a fresh process
against a throw-away embedded server. Reported per size: the process's peak RSS
(``ru_maxrss`` of the child), the same for a one-line file (the baseline:
interpreter, imports, pool), the growth between them, the seconds, and whether
every turn was staged. `ingest` commits a batch once it holds
``staging.BATCH_BYTES`` (32 MiB) of turns, so the growth should not depend on
the number of turns. ``--batch-kib`` overrides the budget (0: the default).

Target: every turn staged; peak growth <= 512 MB and flat in the number of turns.
"""

from __future__ import annotations

import json
import os
import random
import string
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import _common as c

# The child: the CLI as installed, with the staging byte budget optionally overridden.
CHILD = r"""
import sys
sys.path.insert(0, sys.argv[1])
from memory_sink import staging
if int(sys.argv[2]):
    staging.BATCH_BYTES = int(sys.argv[2])
from pipelines.cli import main
main(sys.argv[3:])
"""


def write_turns(path: Path, turns: int, turn_bytes: int, seed: int = 11) -> None:
    """``turns`` lines of ``turn_bytes`` ASCII content each; a 1 MiB random block, shifted per turn."""
    rng = random.Random(seed)
    block = "".join(rng.choices(string.ascii_lowercase + "     ", k=2**20))
    with path.open("w", encoding="utf-8") as fh:
        for i in range(turns):
            head = f"turn {i} "
            start = rng.randrange(len(block))
            body = (block[start:] + block * (turn_bytes // len(block) + 1))[: turn_bytes - len(head)]
            fh.write(json.dumps({"session_id": f"s{i // 10}", "role": "user", "content": head + body, "seq": i}))
            fh.write("\n")


def ingest(dsn: str, path: Path, batch_bytes: int) -> dict[str, Any]:
    """Run `tiermem ingest --json FILE` in a fresh process: its peak RSS (MB), seconds and report."""
    with tempfile.TemporaryDirectory() as tmp:
        cfg, out, err = Path(tmp) / "tiermem.yaml", Path(tmp) / "out", Path(tmp) / "err"
        cfg.write_text(f"database:\n  dsn: '{dsn}'\n", encoding="utf-8")
        args = [sys.executable, "-c", CHILD, str(c.ROOT), str(batch_bytes), "ingest", "--config", str(cfg), "--json"]
        started = time.perf_counter()
        with out.open("w") as stdout, err.open("w") as stderr:
            proc = subprocess.Popen([*args, str(path)], stdout=stdout, stderr=stderr)
            _, status, usage = os.wait4(proc.pid, 0)  # this child's own rusage
        seconds = time.perf_counter() - started
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            raise SystemExit(f"ingest exited {proc.returncode}: {err.read_text().strip()[-2000:]}")
        return {"peak_mb": usage.ru_maxrss / 1024, "seconds": seconds, "report": json.loads(out.read_text())}


def main() -> None:
    p = c.parser(__doc__.splitlines()[0])
    p.add_argument("--turns", default="35,140", help="comma-separated numbers of turns (default 35,140)")
    p.add_argument("--turn-kib", type=int, default=8 * 1024 - 1, help="content KiB per turn (default 8191)")
    p.add_argument("--batch-kib", type=int, default=0, help="staging byte budget in KiB (default 0: the code's)")
    p.set_defaults(runs=1)
    args = p.parse_args()
    sizes = [int(x) for x in args.turns.split(",")]
    batch_bytes = args.batch_kib * 1024
    rows: dict[str, dict[str, Any]] = {}
    with c.temp_server() as admin, tempfile.TemporaryDirectory(prefix="tiermem-ingest-rss-") as tmp:
        for label, turns, kib in [("baseline", 1, 1), *((str(n), n, args.turn_kib) for n in sizes)]:
            dsn, path = c.fresh_database(admin), Path(tmp) / f"{label}.jsonl"
            write_turns(path, turns, kib * 1024)
            rows[label] = {**ingest(dsn, path, batch_bytes), "turns": turns}
            path.unlink()
            c.drop_database(admin, dsn)
    base = rows.pop("baseline")["peak_mb"]
    figures: dict[str, object] = {"baseline peak RSS MB (one small line)": round(base, 1)}
    for label, r in rows.items():
        staged = r["report"]["inserted"] == r["turns"] and not r["report"]["rejected"]
        figures[f"[{label} turns of {args.turn_kib} KiB] peak RSS MB"] = round(r["peak_mb"], 1)
        figures[f"[{label} turns of {args.turn_kib} KiB] growth over baseline MB"] = round(r["peak_mb"] - base, 1)
        figures[f"[{label} turns of {args.turn_kib} KiB] seconds"] = round(r["seconds"], 1)
        figures[f"[{label} turns of {args.turn_kib} KiB] all staged"] = staged
    growth = [r["peak_mb"] - base for r in rows.values()]
    flat = max(growth) - min(growth) <= max(0.1 * max(growth), 16) if len(growth) > 1 else None
    c.report(
        "ingest memory with large turns",
        figures,
        [
            ("every turn staged", all(r["report"]["inserted"] == r["turns"] for r in rows.values())),
            ("peak growth <= 512 MB", max(growth) <= 512),
            ("flat in turns (growth within 10% or 16 MB)", flat),
        ],
        as_json=args.json,
    )


if __name__ == "__main__":
    main()
