"""The SIGKILL trials: ingest, realtime, the follower, consolidate, and the PostgreSQL server itself.

Each trial stages fresh sessions, starts the `tiermem` command, kills it at a random
point of its work, then does what an operator or a supervisor does — runs the same
command again — and checks the invariants over the whole database.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from dataclasses import dataclass

from benchmarks._faults_rig import Rig, Tally, kill_mid_work, output_of, wait_gone

FOLLOW = ("realtime", "--follow", "--poll-seconds", "1")
CONSOLIDATE = ("consolidate", "--min-quiet", "0")
WORKLOADS = ("ingest", "realtime", "consolidate", "follow")


@dataclass(frozen=True)
class Sizes:
    trials: int = 20  # per kind of kill
    sessions: int = 4  # per trial
    per_session: int = 20
    ingest_turns: int = 1500  # ingest commits 1000 lines at a time: a kill can land between batches
    concurrent_sessions: int = 40

    @property
    def turns(self) -> int:
        return self.sessions * self.per_session


def last_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1][:200] if lines else ""


def ingest_trials(rig: Rig, size: Sizes) -> Tally:
    t = Tally("SIGKILL ingest")
    for i in range(size.trials):
        path, n = rig.jsonl(f"ing{i}-", size.ingest_turns // size.per_session, size.per_session)
        start = rig.progress("staged")()
        t.kills += kill_mid_work(rig.spawn("ingest", str(path)), rig.progress("staged"), start, n, rig.rng)
        code, text = rig.run("ingest", str(path))  # the operator re-runs the same file
        t.check(code == 0, f"re-run of ingest exited {code}: {last_line(text)}")
        t.turns += n
        rig.tally(t, prefix=f"ing{i}-", expected=n)
        t.trial_done()
    return t


def realtime_trials(rig: Rig, size: Sizes) -> Tally:
    t = Tally("SIGKILL realtime")
    for i in range(size.trials):
        n = rig.stage(f"rt{i}-", size.sessions, size.per_session)
        start = rig.progress("embedded")()
        t.kills += kill_mid_work(rig.spawn("realtime"), rig.progress("embedded"), start, n, rig.rng)
        code, text = rig.run("realtime")
        t.check(code == 0, f"re-run of realtime exited {code}: {last_line(text)}")
        t.turns += n
        rig.tally(t, prefix=f"rt{i}-", expected=n, settled=True)
        t.trial_done()
    return t


def follower_trials(rig: Rig, size: Sizes) -> Tally:
    t = Tally("SIGKILL follower")
    follower = start_follower(rig, t)
    for i in range(size.trials):
        start = rig.progress("embedded")()
        n = rig.stage(f"fo{i}-", size.sessions, size.per_session)
        t.kills += kill_mid_work(follower, rig.progress("embedded"), start, n, rig.rng)
        follower = start_follower(rig, t)  # its supervisor starts another
        t.check(wait_for(lambda: rig.progress("embedded")() >= start + n, 300), f"trial {i}: turns left pending")
        t.turns += n
        rig.tally(t, prefix=f"fo{i}-", expected=n, settled=True)
        t.trial_done()
    stop(follower, t)
    return t


def consolidate_trials(rig: Rig, size: Sizes) -> Tally:
    t = Tally("SIGKILL consolidate")
    for i in range(size.trials):
        n = rig.stage(f"co{i}-", size.sessions, size.per_session, embed=True)  # provisional first, as in production
        start = rig.progress("consolidated")()
        t.kills += kill_mid_work(rig.spawn(*CONSOLIDATE), rig.progress("consolidated"), start, n, rig.rng)
        code, text = rig.run(*CONSOLIDATE)
        t.check(code == 0, f"re-run of consolidate exited {code}: {last_line(text)}")
        t.turns += n
        rig.tally(t, prefix=f"co{i}-", expected=n, settled=True)
        t.trial_done()
    return t


def postgres_trials(rig: Rig, size: Sizes) -> Tally:
    """SIGKILL the postmaster while ingest, realtime, consolidate or a follower writes; then run again."""
    t = Tally("SIGKILL postgres")
    for i in range(size.trials):
        workload = WORKLOADS[i % len(WORKLOADS)]
        prefix = f"pg{i}-"
        proc, progress, n = start_workload(rig, workload, prefix, size, t)
        start = progress()
        goal = start + max(1, int(n * rig.rng.uniform(0.05, 0.8)))
        wait_for(lambda: proc.poll() is not None or progress() >= goal, 300)
        pid = rig.postmaster_pid()
        if pid is not None and proc.poll() is None:
            os.kill(pid, signal.SIGKILL)
            t.kills += 1
            after_server_death(rig, proc, workload, t)
        elif proc.poll() is None:
            stop(proc, t)
        recover(rig, workload, prefix, t)
        rig.rejoin()
        t.turns += n
        rig.tally(t, prefix=prefix, expected=n)
        t.trial_done()
    settle(rig, t)
    return t


def start_workload(
    rig: Rig, workload: str, prefix: str, size: Sizes, t: Tally
) -> tuple[subprocess.Popen[bytes], object, int]:
    if workload == "ingest":
        path, n = rig.jsonl(prefix, size.ingest_turns // size.per_session, size.per_session)
        return rig.spawn("ingest", str(path)), rig.progress("staged"), n
    if workload == "follow":
        proc = start_follower(rig, t)
        return proc, rig.progress("embedded"), rig.stage(prefix, size.sessions, size.per_session)
    embed = workload == "consolidate"
    n = rig.stage(prefix, size.sessions, size.per_session, embed=embed)
    args = CONSOLIDATE if embed else ("realtime",)
    return rig.spawn(*args), rig.progress("consolidated" if embed else "embedded"), n


def after_server_death(rig: Rig, proc: subprocess.Popen[bytes], workload: str, t: Tally) -> None:
    """A command whose server died must say so and exit non-zero; a follower may instead bring it back."""
    if workload == "follow":
        if not wait_for(lambda: proc.poll() is not None or rig.postmaster_pid() is not None, 30):
            t.check(False, "follower neither exited nor restarted the server within 30 s")
        stop(proc, t)
        return
    exited = wait_for(lambda: proc.poll() is not None, 60)
    t.check(exited, f"{workload} still running 60 s after its server died")
    if not exited:
        proc.kill()
        proc.wait()
    text = output_of(proc)  # exit 0 is fine if its work was done first: the invariants say whether it was
    if proc.returncode != 0:
        t.check("tiermem: error:" in text, f"{workload} died with its server without an error line: {last_line(text)}")


def recover(rig: Rig, workload: str, prefix: str, t: Tally) -> None:
    args = {"ingest": ("ingest", str(rig.root / f"{prefix}.jsonl")), "consolidate": CONSOLIDATE}
    code, text = rig.run_until_ok(*args.get(workload, ("realtime",)))
    t.check(code == 0, f"recovery of {workload} failed: {last_line(text)}")


def settle(rig: Rig, t: Tally) -> None:
    """Drain what is pending, then every staged turn must be visible in exactly one tier."""
    code, text = rig.run_until_ok("realtime")
    t.check(code == 0, f"final realtime failed: {last_line(text)}")
    rig.tally(t, settled=True)


def start_follower(rig: Rig, t: Tally) -> subprocess.Popen[bytes]:
    proc = rig.spawn(*FOLLOW)
    ready = wait_for(lambda: proc.poll() is not None or b"following:" in read_err(proc), 180)
    t.check(ready and proc.poll() is None, f"follower did not start: {last_line(output_of(proc))}")
    return proc


def read_err(proc: subprocess.Popen[bytes]) -> bytes:
    with open(f"{proc.stem}.err", "rb") as f:  # type: ignore[attr-defined]
        return f.read()


def stop(proc: subprocess.Popen[bytes], t: Tally) -> None:
    """SIGTERM, as systemd and docker stop do; it must exit within 30 s."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        if not wait_gone(proc.pid, 30) and proc.poll() is None:
            t.check(False, f"{proc.args[3:]} ignored SIGTERM for 30 s")
            proc.kill()
    proc.wait()


def wait_for(condition: object, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return False
