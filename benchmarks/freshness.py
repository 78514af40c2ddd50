"""Benchmark #5: freshness, from a staged turn to a recallable one.

    python benchmarks/freshness.py [--mode both] [--schedule-minutes 3] [--follow-seconds 60]

A writer stages turns at random (Poisson) times; an observer polls every 20 ms
for each turn's active provisional row, which is exactly what ``recall`` reads
(active rows, one snapshot), and records when it first appears. Latency =
first seen - staged (after the staging commit). A sample of turns is then also
checked with a real ``MemoryStore.recall`` of its text.

- ``schedule``: the per-minute tier as deployed by cron or a Dagster schedule:
  at every wall-clock minute a fresh ``tiermem realtime`` process starts (Python
  start, model load, one tick). A Dagster run adds its own launch time on top.
- ``dagster``: the shipped ``realtime_schedule`` itself: a ``dagster-daemon`` on a
  fresh ``DAGSTER_HOME`` (the shipped ``memory_sink/configs/dagster.yaml``: queued runs, one
  realtime run at a time) with the schedule turned on, so each tick is a real
  Dagster run (queue, launch a run worker process, load the code location and
  the model, one tick). The daemon is started, and its first tick awaited,
  before staging begins.
- ``follow``: one ``tiermem realtime --follow`` process, woken by LISTEN/NOTIFY.

Targets: schedule p95 <= 65 s; follow p95 <= 2 s.
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import _common as c

from pipelines.orchestration.dev import console_script

TIERMEM = [sys.executable, "-c", "from pipelines.cli import main; main()"]
WORKSPACE = ["-w", str(c.ROOT / "workspace.yaml")]


def observe(store, staged: dict[str, float], seen: dict[str, float], done: threading.Event) -> None:  # type: ignore[no-untyped-def]
    with store.connection() as conn:
        conn.autocommit = True
        while not done.is_set() or len(seen) < len(staged):
            waiting = [e for e in list(staged) if e not in seen]
            if waiting:
                rows = conn.execute(
                    "SELECT event_ids[1] FROM memory WHERE tier = 'provisional' "
                    "AND superseded_at IS NULL AND event_ids[1] = ANY(%s)",
                    (waiting,),
                ).fetchall()
                now = time.time()
                for (event_id,) in rows:
                    seen.setdefault(event_id, now)
            if done.is_set() and time.time() - max(staged.values(), default=0) > 180:
                return  # something is stuck: report what we have
            time.sleep(0.02)


def write(store, seconds: float, rate: float, staged: dict[str, float], tag: str) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(5)
    texts = c.short_turns(int(seconds * rate * 2) + 10, seed=9)
    end = time.time() + seconds
    i = 0
    while time.time() < end:
        time.sleep(rng.expovariate(rate))
        event_id = store.stage(f"{tag}{i // 20}", "user", f"{texts[i]} (ticket {tag}-{i})", seq=i)
        staged[event_id] = time.time()
        i += 1


def scheduler(config_file: Path, stop: threading.Event, period: float, ticks: list[float]) -> None:
    """Start a fresh ``tiermem realtime`` at every multiple of ``period`` on the wall clock, like cron."""
    while not stop.is_set():
        wait = period - (time.time() % period)
        if stop.wait(wait):
            return
        ticks.append(time.time())
        subprocess.run(
            [*TIERMEM, "realtime", "--config", str(config_file)],
            check=True,
            stdout=subprocess.DEVNULL,
            env=os.environ.copy(),
        )


@contextmanager
def dagster_schedule(config_file: Path, ticks: list[float]) -> Iterator[None]:
    """Run the shipped realtime schedule under a real ``dagster-daemon`` until the block exits.

    The schedule is turned on (``dagster schedule start``, which also creates the
    instance's storage before the daemon opens it), then the daemon is started in
    its own process group and left to tick; ``ticks`` gets the start time of each
    successful realtime run, read back from the instance at the end.
    """
    with tempfile.TemporaryDirectory(prefix="tiermem-bench-dagster-") as home:
        shutil.copyfile(c.ROOT / "memory_sink" / "configs" / "dagster.yaml", Path(home) / "dagster.yaml")
        env = {**os.environ, "DAGSTER_HOME": home, "TIERMEM_CONFIG": str(config_file)}
        subprocess.run(
            [sys.executable, "-m", "dagster", "schedule", "start", "realtime_schedule", *WORKSPACE],
            check=True,
            env=env,
            cwd=home,
            stdout=subprocess.DEVNULL,
        )
        log = open(Path(home) / "daemon.log", "wb")
        daemon = subprocess.Popen(
            [console_script("dagster-daemon"), "run", *WORKSPACE],
            env=env,
            cwd=home,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            yield
        finally:
            os.killpg(daemon.pid, signal.SIGTERM)
            try:
                daemon.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(daemon.pid, signal.SIGKILL)
                daemon.wait()
            log.close()
            ticks.extend(_run_starts(env))


def _run_starts(env: dict[str, str]) -> list[float]:
    """Start times of the instance's successful realtime runs (read in a child: DAGSTER_HOME is its)."""
    code = (
        "from dagster import DagsterInstance, DagsterRunStatus, RunsFilter\n"
        "i = DagsterInstance.get()\n"
        "for r in i.get_run_records(RunsFilter(job_name='realtime_job', statuses=[DagsterRunStatus.SUCCESS])):\n"
        "    print(r.start_time)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True).stdout
    return sorted(float(line) for line in out.split() if line != "None")


def wait_for_first_provisional(store, timeout: float = 240) -> None:  # type: ignore[no-untyped-def]
    """Stage one probe turn and wait until a scheduled run has embedded it (the daemon is warm)."""
    event_id = store.stage("warmup", "user", "warm-up turn before measuring", seq=0)
    deadline = time.time() + timeout
    with store.connection() as conn:
        conn.autocommit = True
        while time.time() < deadline:
            if conn.execute("SELECT 1 FROM memory WHERE event_ids[1] = %s", (event_id,)).fetchone():
                return
            time.sleep(0.5)
    raise SystemExit(f"the Dagster schedule embedded nothing in {timeout:.0f} s: see the daemon's log")


def measure(
    store,
    staged: dict[str, float],
    seen: dict[str, float],
    seconds: float,
    rate: float,  # type: ignore[no-untyped-def]
    period: float,
    mode: str,
) -> None:
    """Stage turns at Poisson times while an observer records when each becomes recallable."""
    done = threading.Event()
    observer = threading.Thread(target=observe, args=(store, staged, seen, done), daemon=True)
    observer.start()
    try:
        write(store, seconds, rate, staged, tag=mode)
        if mode != "follow":  # let the tick after the last turn happen
            while len(seen) < len(staged) and time.time() - max(staged.values()) < period + 120:
                time.sleep(0.2)
    finally:
        done.set()
        observer.join(timeout=200)


def run_mode(mode: str, store, config_file: Path, seconds: float, rate: float, period: float) -> dict:  # type: ignore[no-untyped-def]
    staged: dict[str, float] = {}
    seen: dict[str, float] = {}
    ticks: list[float] = []
    # The daemon or follower is stopped on the way out, also when staging or a wait fails.
    # Callbacks run last-registered first: signal a process, then wait for it.
    with contextlib.ExitStack() as stack:
        if mode == "dagster":
            stack.enter_context(dagster_schedule(config_file, ticks))
            wait_for_first_provisional(store)
        elif mode == "follow":
            follower = subprocess.Popen(
                [*TIERMEM, "realtime", "--follow", "--config", str(config_file)],
                stderr=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                text=True,
                env=os.environ.copy(),
            )
            stack.callback(follower.wait, timeout=30)
            stack.callback(follower.send_signal, signal.SIGTERM)
            assert follower.stderr is not None
            line = follower.stderr.readline()
            assert line.startswith("following"), line
        else:
            stop = threading.Event()
            worker = threading.Thread(target=scheduler, args=(config_file, stop, period, ticks), daemon=True)
            worker.start()
            stack.callback(worker.join, timeout=period + 120)
            stack.callback(stop.set)
        measure(store, staged, seen, seconds, rate, period, mode)
    latencies = [seen[e] - staged[e] for e in staged if e in seen]
    # a real recall finds a sample of them
    sample = random.Random(1).sample(sorted(staged), min(5, len(staged)))
    found = 0
    with store.connection() as conn:
        contents = dict(
            conn.execute("SELECT event_id, content FROM memory_staging WHERE event_id = ANY(%s)", (sample,)).fetchall()
        )
    for event_id in sample:
        hits = store.recall(contents[event_id], k=10)
        found += any(event_id in m.event_ids for m in hits)
    return {
        "turns": len(staged),
        "seen": len(seen),
        "p50 s": c.percentile(latencies, 50),
        "p95 s": c.percentile(latencies, 95),
        "max s": max(latencies, default=float("nan")),
        "recall found sample": f"{found}/{len(sample)}",
        "ticks": len(ticks),
        # when each tick's work began after its wall-clock minute: process start, or a Dagster run's launch
        "tick start after the minute, median s": c.median([t % 60.0 for t in ticks]) if ticks else float("nan"),
    }


def main() -> None:
    p = c.parser(__doc__.splitlines()[0])
    p.add_argument(
        "--mode",
        choices=["schedule", "dagster", "follow", "both", "all"],
        default="both",
        help="both = schedule + follow (default); all = schedule + dagster + follow",
    )
    p.add_argument(
        "--schedule-minutes",
        type=float,
        default=3.0,
        help="minutes of staging under the schedule (cron-like and Dagster)",
    )
    p.add_argument("--period", type=float, default=60.0, help="schedule period in seconds (default 60, cron's)")
    p.add_argument("--follow-seconds", type=float, default=60.0, help="seconds of staging with a follower")
    p.add_argument("--rate", type=float, default=2.0, help="turns staged per second (default 2)")
    p.set_defaults(runs=1)
    args = p.parse_args()
    figures: dict[str, object] = {}
    targets = []
    with c.temp_server() as admin:
        modes = {"both": ["schedule", "follow"], "all": ["schedule", "dagster", "follow"]}.get(args.mode, [args.mode])
        for mode in modes:
            results = []
            for _run in range(args.runs):
                with (
                    c.scratch_database(admin) as dsn,
                    c.open_store(dsn, threads=args.threads) as store,
                    c.tempfile.TemporaryDirectory(prefix="tiermem-bench-cfg-") as tmp,
                ):
                    store.embedder  # record the fingerprint before the workers start
                    config_file = Path(tmp) / "bench.yaml"
                    config_file.write_text(f"database:\n  dsn: '{dsn}'\nembedder:\n  threads: {args.threads}\n")
                    seconds = args.follow_seconds if mode == "follow" else args.schedule_minutes * 60
                    results.append(run_mode(mode, store, config_file, seconds, args.rate, args.period))
            for key in results[0]:
                values = [r[key] for r in results]
                figures[f"{mode}: {key}"] = c.median(values) if isinstance(values[0], float) else values[-1]
            # --period stretches only the cron-like mode; the Dagster schedule is the shipped per-minute cron.
            limit = {"follow": 2.0, "dagster": 65.0}.get(mode, 65.0 * args.period / 60.0)
            targets.append((f"{mode} p95 <= {limit:g} s", c.median([r["p95 s"] for r in results]) <= limit))
    c.report("5 freshness", figures, targets, as_json=args.json)


if __name__ == "__main__":
    main()
