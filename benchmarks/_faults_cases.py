"""The fault suite's other cases: concurrency, a full disk, secrets, and the issue's items one by one."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path

import psycopg

from benchmarks._faults_kills import CONSOLIDATE, Sizes, last_line, settle, start_follower, stop, wait_for
from benchmarks._faults_rig import NOT_VISIBLE, Rig, Tally, wait_gone
from memory_sink.health import TURNS_IN_BOTH_TIERS

#: The passwords the secret cases put in DSNs; no output, log or Dagster event may hold one.
SECRETS = ["Fault-Hunter2-PW", "S3cret%PW"]


def concurrent(rig: Rig, size: Sizes, *, followers: int = 3, consolidators: int = 3, rounds: int = 3) -> Tally:
    """Two overlapping ingests, followers, consolidate runs over shared subjects, and readers, all at once."""
    t = Tally(f"concurrent: 2 ingest + {followers} follow + {consolidators} consolidate + readers")
    path, n = rig.jsonl("cc-", size.concurrent_sessions, size.per_session)
    procs = [start_follower(rig, t) for _ in range(followers)]
    ingests = [rig.spawn("ingest", str(path)) for _ in range(2)]  # the same file twice: staged once
    seen = {"both": 0, "neither": 0}
    done = threading.Event()
    dsn = rig.dsn()  # joined here: the server wrapper's lock is not for threads
    readers = [threading.Thread(target=read_snapshots, args=(dsn, seen, done)) for _ in range(2)]
    runners = [threading.Thread(target=consolidate_rounds, args=(rig, rounds, t)) for _ in range(consolidators)]
    for thread in readers + runners:
        thread.start()
    recalls = [rig.run("recall", "what do I drink in the morning?") for _ in range(3)]
    for proc in ingests:
        proc.wait()
    for thread in runners:
        thread.join()
    t.check(all(code == 0 for code, _ in recalls), "a recall during the load failed")
    t.check(
        wait_for(
            lambda: (
                rig.sql("SELECT count(*) FROM memory_staging WHERE provisional_at IS NULL AND consolidated_at IS NULL")
                == 0
            ),
            300,
        ),
        "followers left turns pending",
    )
    done.set()
    for thread in readers:
        thread.join()
    for proc in procs:
        stop(proc, t)
    code, text = rig.run(*CONSOLIDATE)
    t.check(code == 0, f"final consolidate failed: {last_line(text)}")
    t.trials, t.turns = 1, n
    t.both, t.neither = seen["both"], seen["neither"]  # what readers saw mid-flight
    rig.tally(t, prefix="cc-", expected=n)
    settle(rig, t)
    return t


def consolidate_rounds(rig: Rig, rounds: int, t: Tally) -> None:
    for _ in range(rounds):
        code, text = rig.run(*CONSOLIDATE)
        if code != 0 and "deadlock" not in text.lower():  # deadlocks are counted from the outputs
            t.check(False, f"a concurrent consolidate failed: {last_line(text)}")


def read_snapshots(dsn: str, seen: dict[str, int], done: threading.Event) -> None:
    """A reader: in one snapshot, no turn may be in both tiers or (once marked) in neither."""
    with psycopg.connect(dsn, autocommit=True) as conn:
        while not done.is_set():
            with conn.transaction():
                conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                seen["both"] += conn.execute(TURNS_IN_BOTH_TIERS, {"ns": None}).fetchone()[0]  # type: ignore[index]
                seen["neither"] += conn.execute(NOT_VISIBLE, {"settled": False}).fetchone()[0]  # type: ignore[index]
            time.sleep(0.2)


def disk_full(size: Sizes) -> Tally:
    """The data dir on a small tmpfs: ingest until the disk is full, then free space and run again."""
    t = Tally("full disk (tmpfs)")
    if os.geteuid() != 0 or shutil.which("mount") is None:
        t.skipped = "mounting a tmpfs needs root"
        return t
    rig = Rig(seed=7)
    rig.data_dir.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=400m,mode=0755", "tmpfs", str(rig.data_dir)], check=True)
    try:
        code, text = rig.run("init")
        t.check(code == 0, f"init failed: {last_line(text)}")
        used = shutil.disk_usage(rig.data_dir).used
        remount(rig.data_dir, used + 40 * 2**20)  # 40 MiB left: less than a few WAL segments
        filled = fill_disk(rig, t)
        t.check(filled is not None, "the disk never filled")
        remount(rig.data_dir, used + 600 * 2**20)
        for prefix, path, n in rig_files(rig):
            code, text = rig.run_until_ok("ingest", str(path))
            t.check(code == 0, f"ingest after freeing space failed: {last_line(text)}")
            t.turns += n
            rig.tally(t, prefix=prefix, expected=n)
        t.trials = 1
        settle(rig, t)  # not consolidated: parsing megabytes of random words tells nothing about the disk
        rig.scan(t, SECRETS)
    finally:
        rig.stop_server()
        subprocess.run(["umount", "-l", str(rig.data_dir)], check=False)
        shutil.rmtree(rig.root, ignore_errors=True)
    return t


def remount(path: Path, size_bytes: int) -> None:
    subprocess.run(["mount", "-o", f"remount,size={size_bytes // 1024}k", str(path)], check=True)


def fill_disk(rig: Rig, t: Tally) -> str | None:
    """Ingest files of 256 KiB turns (barely compressible) until one fails; it must say disk full, in one line."""
    rng = random.Random(3)
    for i in range(60):
        path = rig.root / f"df{i}-.jsonl"
        rows = [
            {"session_id": f"df{i}-s{k % 4}", "seq": k, "role": "user", "content": random_words(rng, 2**18)}
            for k in range(32)
        ]
        path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
        code, text = rig.run("ingest", str(path))
        if code != 0:
            errors = [line for line in text.splitlines() if "error" in line]
            t.check("disk full" in text, f"a full disk was reported as: {last_line(text)}")
            t.check(len(errors) == 1, f"{len(errors)} error lines for one full disk")
            return text
    return None


def rig_files(rig: Rig) -> list[tuple[str, Path, int]]:
    files = sorted(rig.root.glob("df*-.jsonl"), key=lambda p: int(p.name[2:-7]))
    return [(p.name[:-6], p, sum(1 for _ in p.open(encoding="utf-8"))) for p in files]


def random_words(rng: random.Random, size: int) -> str:
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = []
    total = 0
    while total < size:
        word = "".join(rng.choices(letters, k=rng.randint(3, 9)))
        words.append(word)
        total += len(word) + 1
    return " ".join(words)


def secrets_case(rig: Rig, size: Sizes) -> Tally:
    """Every command with a password in TIERMEM_DSN, with the server up, down and the DSN malformed."""
    t = Tally("DSN password in every output")
    info = psycopg.conninfo.conninfo_to_dict(rig.dsn())
    host, dbname = info["host"], info.get("dbname", "postgres")
    url = f"postgresql://postgres:{SECRETS[0]}@/{dbname}?host={host}"
    env = rig.env(TIERMEM_DSN=url)
    path, n = rig.jsonl("se-", 2, size.per_session)
    commands = [
        ("status",),
        ("ingest", str(path)),
        ("realtime",),
        CONSOLIDATE,
        ("recall", "where do I live?"),
        ("status", "--json"),
    ]
    for args in commands:
        code, text = rig.run(*args, env=env)
        t.check(code == 0, f"{args[0]} with a password DSN failed: {last_line(text)}")
    pid = rig.postmaster_pid()
    if pid is not None:
        os.kill(pid, signal.SIGKILL)
        wait_gone(pid, 30)
    for args in [("status",), ("realtime",), ("ingest", str(path))]:
        code, text = rig.run(*args, env=env)
        t.check(code != 0 and "cannot connect" in text, f"{args[0]} with the server down said: {last_line(text)}")
    bad = f"postgresql://postgres:{SECRETS[1]}@/{dbname}?host={host}"  # not valid percent-encoding
    code, text = rig.run("status", env=rig.env(TIERMEM_DSN=bad))
    t.check(code != 0, "a malformed DSN was accepted")
    rig.rejoin()
    t.trials, t.turns, t.kills = len(commands) + 4, n, 1
    rig.tally(t, prefix="se-", expected=n)
    return t
