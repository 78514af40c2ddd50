"""The fault suite: SIGKILLs, a dead server, a full disk, concurrency, secrets — and the invariants after each.

Every case runs the `tiermem` CLI as subprocesses against its own embedded server in a
temp dir (removed at exit), kills or starves them, recovers as an operator would (runs
the same command again), and checks by SQL that every staged turn is staged once and is
in exactly one tier. It prints one table: trials, kills, turns, lost, duplicated, in
both tiers, in neither, deadlocks (reported by a consolidate run), leaked secrets (files
among all outputs and the server's log holding a DSN password), and the case-specific
checks that failed (listed below the table). Exit 1 unless every case is clean.

    python benchmarks/faults.py                  # full size: 20 SIGKILL trials per kind
    python benchmarks/faults.py --trials 2 --small
    python benchmarks/faults.py --only ingest,postgres

``tests/test_faults.py`` runs it at a tiny size in CI.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import _faults_cases as cases  # noqa: E402
from benchmarks import _faults_items as items  # noqa: E402
from benchmarks import _faults_kills as kills  # noqa: E402
from benchmarks._common import machine  # noqa: E402
from benchmarks._faults_rig import Rig, Tally  # noqa: E402

SMALL = kills.Sizes(trials=1, sessions=2, per_session=6, ingest_turns=1100, concurrent_sessions=6)
COLUMNS = ("trials", "kills", "turns", "lost", "duplicated", "both", "neither", "deadlocks", "leaked")
HEADERS = (
    "trials",
    "kills",
    "turns",
    "lost",
    "duplicated",
    "in both tiers",
    "in neither",
    "deadlocks",
    "leaked secrets",
)


def suite(size: kills.Sizes, small: bool) -> dict[str, Callable[[Rig], Tally]]:
    """Case name -> the case, run against a fresh rig."""
    few = max(1, size.trials // 4)
    return {
        "ingest": lambda rig: kills.ingest_trials(rig, size),
        "realtime": lambda rig: kills.realtime_trials(rig, size),
        "follower": lambda rig: kills.follower_trials(rig, size),
        "consolidate": lambda rig: kills.consolidate_trials(rig, size),
        "postgres": lambda rig: kills.postgres_trials(rig, size),
        "concurrent": lambda rig: cases.concurrent(
            rig, size, followers=2 if small else 3, consolidators=2 if small else 3, rounds=1 if small else 3
        ),
        "diskfull": lambda rig: cases.disk_full(size),
        "secrets": lambda rig: cases.secrets_case(rig, size),
        "launchpad": lambda rig: items.launchpad(rig, cases.SECRETS),
        "stalepid": lambda rig: items.stale_pidfile(rig, few),
        "sigterm": lambda rig: items.sigterm(rig, few, size.turns),
        "privateparent": items.private_parent,
        "baddeployment": items.bad_deployments,
        "itemtests": items.item_tests,
    }


def run_suite(
    size: kills.Sizes, *, only: list[str] | None = None, small: bool = False, progress: bool = False
) -> list[Tally]:
    tallies = []
    for seed, (name, case) in enumerate(suite(size, small).items()):
        if only and name not in only:
            continue
        rig = Rig(seed=seed)
        try:
            tally = case(rig)
            rig.scan(tally, cases.SECRETS)
        finally:
            rig.close()
        tallies.append(tally)
        if progress:  # a long run shows each case as it ends
            print(f"[{time.strftime('%H:%M:%S')}] {name}: {dataclasses.asdict(tally)}", file=sys.stderr, flush=True)
    return tallies


def total(tallies: list[Tally]) -> Tally:
    t = Tally("total")
    for one in tallies:
        for column in COLUMNS:
            setattr(t, column, getattr(t, column) + getattr(one, column))
        t.failed += [f"{one.case}: {f}" for f in one.failed]
    return t


def table(tallies: list[Tally]) -> str:
    rows = [[t.case, *(str(getattr(t, c)) for c in COLUMNS), str(len(t.failed))] for t in [*tallies, total(tallies)]]
    head = ["case", *HEADERS, "failed checks"]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |" for r in [head, *rows]]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--trials", type=int, default=20, help="SIGKILL trials per kind (default 20)")
    p.add_argument("--small", action="store_true", help="tiny sessions and files (what CI runs)")
    p.add_argument("--only", default=None, help=f"comma-separated cases: {','.join(suite(SMALL, True))}")
    p.add_argument("--json", action="store_true", help="print one JSON document instead of the table")
    p.add_argument("--merge", nargs="+", metavar="JSON", help="print one table of several --json runs' cases")
    args = p.parse_args()
    if args.merge:
        docs = [json.loads(Path(f).read_text(encoding="utf-8")) for f in args.merge]
        return report([Tally(**c) for d in docs for c in d["cases"]], docs[0]["machine"], docs[0]["sizes"], None)
    size = dataclasses.replace(SMALL if args.small else kills.Sizes(), trials=args.trials)
    started, before = time.monotonic(), machine()
    tallies = run_suite(size, only=args.only.split(",") if args.only else None, small=args.small, progress=True)
    if args.json:
        before["load_1m_end"], before["seconds"] = machine()["load_1m"], round(time.monotonic() - started)
        doc = {"machine": before, "sizes": dataclasses.asdict(size), "cases": [dataclasses.asdict(t) for t in tallies]}
        print(json.dumps(doc, indent=2))
        return 0 if all(t.clean() for t in tallies) else 1
    return report(tallies, before, dataclasses.asdict(size), time.monotonic() - started)


def report(tallies: list[Tally], before: dict[str, Any], sizes: dict[str, Any], seconds: float | None) -> int:
    took = f" | {seconds:.0f} s" if seconds is not None else ""
    print(
        f"== fault suite == {before['date']} | {before['cpu']} | {before['cores']} cores | load {before['load_1m']}{took}"
    )
    print(f"   sizes: {sizes}")
    print(table(tallies))
    for failure in total(tallies).failed:
        print(f"   failed: {failure}")
    for t in tallies:
        if t.skipped:
            print(f"   skipped: {t.case}: {t.skipped}")
    return 0 if all(t.clean() for t in tallies) else 1


if __name__ == "__main__":
    sys.exit(main())
