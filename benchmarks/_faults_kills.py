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
from collections.abc import Callable
from dataclasses import dataclass

from benchmarks._faults_rig import Rig, Tally, kill_mid_work, output_of, wait_gone

FOLLOW = ("realtime", "--follow", "--poll-seconds", "1")
CONSOLIDATE = ("consolidate", "--min-quiet", "0")
WORKLOADS = ("ingest", "realtime", "consolidate", "follow")


INGEST_BATCH = 1000  # lines `tiermem ingest` commits at a time (MemoryStore.stage_many's batch_size)
REALTIME_BATCH = 32  # the rig's realtime.batch_size: turns a realtime run or follower commits at a time
ATTEMPTS = 5  # per trial: a kill that missed (the command finished first) is tried again on fresh input


@dataclass(frozen=True)
class Sizes:
    trials: int = 20  # per kind of kill
    sessions: int = 4  # per trial
    per_session: int = 20
    ingest_turns: int = 2500  # 3 commit batches: a kill lands after the first or the second
    concurrent_sessions: int = 40

    @property
    def turns(self) -> int:
        return self.sessions * self.per_session


def last_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1][:200] if lines else ""


def kill_trials(t: Tally, trials: int, stem: str, attempt: Callable[[str], bool]) -> None:
    """Run ``trials`` trials; each runs ``attempt(prefix)`` on fresh input until its kill lands.

    Only a trial whose kill hit a live process mid-work counts (``kills`` = ``trials``);
    the inputs of the attempts that missed are checked like any other.
    """
    for i in range(trials):
        for k in range(ATTEMPTS):
            if attempt(f"{stem}{i}.{k}-"):
                t.kills += 1
                t.trial_done()
                break
        else:
            t.check(False, f"trial {i}: the command finished before the kill in {ATTEMPTS} attempts")


def ingest_trials(rig: Rig, size: Sizes) -> Tally:
    t = Tally("SIGKILL ingest")

    def attempt(prefix: str) -> bool:
        path, n = rig.jsonl(prefix, size.ingest_turns // size.per_session, size.per_session)
        staged = rig.progress("staged")
        landed = kill_mid_work(rig.spawn("ingest", str(path)), staged, staged(), n, rig.rng, batch=INGEST_BATCH)
        code, text = rig.run("ingest", str(path))  # the operator re-runs the same file
        t.check(code == 0, f"re-run of ingest exited {code}: {last_line(text)}")
        t.turns += n
        rig.tally(t, prefix=prefix, expected=n)
        return landed

    kill_trials(t, size.trials, "ing", attempt)
    return t


def realtime_trials(rig: Rig, size: Sizes) -> Tally:
    t = Tally("SIGKILL realtime")

    def attempt(prefix: str) -> bool:
        n = rig.stage(prefix, size.sessions, size.per_session)
        embedded = rig.progress("embedded")
        landed = kill_mid_work(rig.spawn("realtime"), embedded, embedded(), n, rig.rng, batch=REALTIME_BATCH)
        code, text = rig.run("realtime")
        t.check(code == 0, f"re-run of realtime exited {code}: {last_line(text)}")
        t.turns += n
        rig.tally(t, prefix=prefix, expected=n, settled=True)
        return landed

    kill_trials(t, size.trials, "rt", attempt)
    return t


def follower_trials(rig: Rig, size: Sizes) -> Tally:
    t = Tally("SIGKILL follower")
    follower = start_follower(rig, t)

    def attempt(prefix: str) -> bool:
        nonlocal follower
        embedded = rig.progress("embedded")
        start = embedded()
        n = rig.stage(prefix, size.sessions, size.per_session)
        landed = kill_mid_work(follower, embedded, start, n, rig.rng, batch=REALTIME_BATCH)
        follower = start_follower(rig, t)  # its supervisor starts another
        t.check(wait_for(lambda: embedded() >= start + n, 300), f"{prefix}: turns left pending")
        t.turns += n
        rig.tally(t, prefix=prefix, expected=n, settled=True)
        return landed

    kill_trials(t, size.trials, "fo", attempt)
    stop(follower, t)
    return t


def consolidate_trials(rig: Rig, size: Sizes) -> Tally:
    t = Tally("SIGKILL consolidate")

    def attempt(prefix: str) -> bool:
        n = rig.stage(prefix, size.sessions, size.per_session, embed=True)  # provisional first, as in production
        done = rig.progress("consolidated")
        # a swap marks its session's turns at once: a session is the commit unit
        landed = kill_mid_work(rig.spawn(*CONSOLIDATE), done, done(), n, rig.rng, batch=size.per_session)
        code, text = rig.run(*CONSOLIDATE)
        t.check(code == 0, f"re-run of consolidate exited {code}: {last_line(text)}")
        t.turns += n
        rig.tally(t, prefix=prefix, expected=n, settled=True)
        return landed

    kill_trials(t, size.trials, "co", attempt)
    return t


def postgres_trials(rig: Rig, size: Sizes) -> Tally:
    """SIGKILL the postmaster while ingest, realtime, consolidate or a follower writes; then run again.

    The command is frozen (SIGSTOP) from the moment its progress reaches the goal
    until the server is dead, so the server always dies under a command mid-work.
    """
    t = Tally("SIGKILL postgres")
    trial = 0

    def attempt(prefix: str) -> bool:
        workload = WORKLOADS[trial % len(WORKLOADS)]
        proc, progress, n, batch = start_workload(rig, workload, prefix, size, t)
        goal = progress() + rig.rng.randint(1, max(1, n - batch))
        wait_for(lambda: proc.poll() is not None or progress() >= goal, 300)
        pid = rig.postmaster_pid()
        landed = pid is not None and freeze(proc)
        if pid is not None and landed:
            os.kill(pid, signal.SIGKILL)
            wait_gone(pid, 30)
            proc.send_signal(signal.SIGCONT)
            after_server_death(rig, proc, workload, t)
        else:
            stop(proc, t)
        recover(rig, workload, prefix, t)
        rig.rejoin()
        t.turns += n
        rig.tally(t, prefix=prefix, expected=n)
        return landed

    for _ in range(size.trials):
        kill_trials(t, 1, f"pg{trial}-", attempt)
        trial += 1
    settle(rig, t)
    return t


def freeze(proc: subprocess.Popen[bytes]) -> bool:
    """SIGSTOP ``proc``; False if it had already exited."""
    if proc.poll() is not None:
        return False
    proc.send_signal(signal.SIGSTOP)
    if proc.poll() is not None:
        return False
    return True


def start_workload(
    rig: Rig, workload: str, prefix: str, size: Sizes, t: Tally
) -> tuple[subprocess.Popen[bytes], Callable[[], int], int, int]:
    """The command, its progress, its turns and its commit unit."""
    if workload == "ingest":
        path, n = rig.jsonl(prefix, size.ingest_turns // size.per_session, size.per_session)
        return rig.spawn("ingest", str(path)), rig.progress("staged"), n, INGEST_BATCH
    if workload == "follow":
        proc = start_follower(rig, t)
        return proc, rig.progress("embedded"), rig.stage(prefix, size.sessions, size.per_session), REALTIME_BATCH
    if workload == "consolidate":
        n = rig.stage(prefix, size.sessions, size.per_session, embed=True)
        return rig.spawn(*CONSOLIDATE), rig.progress("consolidated"), n, size.per_session
    n = rig.stage(prefix, size.sessions, size.per_session)
    return rig.spawn("realtime"), rig.progress("embedded"), n, REALTIME_BATCH


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
