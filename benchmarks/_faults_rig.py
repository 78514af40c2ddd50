"""The fault suite's rig: one embedded server in a temp dir, the `tiermem` CLI as subprocesses, invariants by SQL.

The CLI runs exactly as an operator runs it (the ``pipelines.cli:main`` entry point,
in its own process, with the deployment file written here), against an embedded server
whose data dir is under the rig's directory; the rig joins the same server for its
checks. Every byte a child writes is kept in a file under ``logs/`` so that the suite
can scan all of it (and the server's log) for secrets and deadlocks at the end.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import psycopg
import yaml

from benchmarks._common import ROOT, session_turns
from memory_sink import MemoryStore, db, embedded
from memory_sink.health import TURNS_IN_BOTH_TIERS

CLI = [sys.executable, "-c", "from pipelines.cli import main; main()"]  # what the `tiermem` script runs
DEADLOCK = re.compile(r"deadlock detected|DeadlockDetected", re.I)

# Per event: no provisional row and no active consolidated episode covering it — a reader finds it nowhere.
# Pending turns (neither mark set) are only waiting for the realtime tier, so they count once `settled`.
NOT_VISIBLE = """
SELECT count(*) FROM memory_staging s
WHERE (%(settled)s OR s.provisional_at IS NOT NULL OR s.consolidated_at IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM memory p WHERE p.tier = 'provisional' AND p.namespace = s.namespace
                  AND p.event_ids[1] = s.event_id)
  AND NOT EXISTS (SELECT 1 FROM memory c WHERE c.tier = 'consolidated' AND c.kind = 'episode'
                  AND c.superseded_at IS NULL AND c.namespace = s.namespace AND c.event_ids @> ARRAY[s.event_id])
"""
DUPLICATES = """
SELECT (SELECT count(*) - count(DISTINCT (namespace, session_id, seq)) FROM memory_staging)
     + (SELECT count(*) - count(DISTINCT (namespace, event_ids[1])) FROM memory WHERE tier = 'provisional')
     + (SELECT count(*) FROM (SELECT 1 FROM memory m, unnest(m.event_ids) e
                              WHERE m.tier = 'consolidated' AND m.kind = 'episode' AND m.superseded_at IS NULL
                              GROUP BY m.namespace, e HAVING count(*) > 1) twice)
"""
STAGED_OF = "SELECT count(DISTINCT (session_id, seq)) FROM memory_staging WHERE session_id LIKE %s"
PROGRESS = {
    "staged": "SELECT count(*) FROM memory_staging",
    "embedded": "SELECT count(*) FROM memory_staging WHERE provisional_at IS NOT NULL",
    "consolidated": "SELECT count(*) FROM memory_staging WHERE consolidated_at IS NOT NULL",
}


@dataclass
class Tally:
    """One row of the table: what a case did and what broke."""

    case: str
    trials: int = 0
    kills: int = 0
    turns: int = 0
    lost: int = 0
    duplicated: int = 0
    both: int = 0
    neither: int = 0
    deadlocks: int = 0
    leaked: int = 0
    failed: list[str] = field(default_factory=list)
    skipped: str | None = None  # why the case could not run here (e.g. mounting a tmpfs needs root)

    def check(self, ok: bool, what: str) -> None:
        """Record a failed case-specific expectation (an error message, a process left behind, ...)."""
        if not ok:
            self.failed.append(what)

    def trial_done(self) -> None:
        """Count a trial, and say so on stderr: a long run that is stopped early still shows what it measured."""
        self.trials += 1
        print(f"[{time.strftime('%H:%M:%S')}] {json.dumps(asdict(self))}", file=sys.stderr, flush=True)

    def clean(self) -> bool:
        return not (self.lost or self.duplicated or self.both or self.neither or self.leaked or self.failed)


class Rig:
    """A throw-away deployment: ``root/pgdata``, ``root/tiermem.yaml``, ``root/logs/``."""

    def __init__(self, root: Path | None = None, *, seed: int = 0, **sections: dict[str, Any]) -> None:
        self.root = root or Path(tempfile.mkdtemp(prefix="tiermem-faults-"))
        self.root.chmod(0o755)  # the server's user must traverse it (as root tiermem refuses a private parent)
        self.data_dir = self.root / "pgdata"
        self.logs = self.root / "logs"
        self.logs.mkdir(exist_ok=True)
        self.rng = random.Random(seed)
        self._n = 0
        self._migrated = False
        self.incidents: list[str] = []  # failed checks found outside any trial (scan() adds them to the case)
        self._holding = threading.Lock()  # the wrapper's lock is per process: threads that spawn take turns
        data: dict[str, Any] = {
            "database": {"data_dir": str(self.data_dir)},
            "realtime": {"batch_size": 32},  # small batches: a kill lands between commits
            "consolidate": {"min_quiet_seconds": 0, "retry_base_seconds": 0, "partition_start": "2024-01-01"},
        }
        for name, values in sections.items():
            data.setdefault(name, {}).update(values)
        self.config = self.root / "tiermem.yaml"
        self.config.write_text(yaml.safe_dump(data), encoding="utf-8")

    # --- children -------------------------------------------------------------------

    def env(self, **extra: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in ("TIERMEM_DSN", "TIERMEM_DEBUG")}
        env.update(PYTHONPATH=str(ROOT), TIERMEM_CONFIG=str(self.config), **extra)
        return env

    def spawn(self, *args: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
        """Start ``tiermem ARGS``; its stdout and stderr go to files under ``logs/``."""
        self.hold()
        self._n += 1
        stem = self.logs / f"{self._n:04d}-{args[0]}"
        out, err = open(f"{stem}.out", "wb"), open(f"{stem}.err", "wb")  # noqa: SIM115  # closed by the child's exit
        proc = subprocess.Popen([*CLI, *args], stdout=out, stderr=err, env=env or self.env(), cwd=self.root)
        proc.stem = stem  # type: ignore[attr-defined]
        out.close(), err.close()
        return proc

    def run(self, *args: str, env: dict[str, str] | None = None, timeout: float = 600) -> tuple[int, str]:
        """Run ``tiermem ARGS`` to the end; (exit code, stdout + stderr)."""
        proc = self.spawn(*args, env=env)
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        return proc.returncode, output_of(proc)

    def run_until_ok(self, *args: str, tries: int = 15, env: dict[str, str] | None = None) -> tuple[int, str]:
        """What a supervisor does after a crash: run again until the command succeeds."""
        for _ in range(tries):
            code, text = self.run(*args, env=env)
            if code == 0:
                return code, text
            time.sleep(1)
        return code, text

    # --- the rig's own view of the database ------------------------------------------

    @contextmanager
    def store(self) -> Iterator[MemoryStore]:
        with MemoryStore.open(self.config) as s:
            yield s

    def dsn(self) -> str:
        dsn = db.embedded_dsn(self.data_dir)
        if not self._migrated:
            db.migrate(dsn)
            self._migrated = True
        return dsn

    def sql(self, query: str, params: Any = None) -> Any:
        with psycopg.connect(self.dsn(), autocommit=True) as conn:
            row = conn.execute(query, params).fetchone()
        return row[0] if row else None

    def progress(self, what: str) -> Callable[[], int]:
        return lambda: int(self.sql(PROGRESS[what]))

    def hold(self) -> None:
        """Keep the rig's handle on the server it joined, so no command's exit stops the server under it.

        The wrapper stops the server when the last PID in ``.handle_pids.json`` lets
        go; the rig's PID is there from its first query. No command may drop another
        process's PID (a killed one included): if the rig's is gone, that is recorded
        as a failed check and the PID put back, before the next command starts.
        """
        server = db._servers.get(self.data_dir.resolve())  # None until the rig joins, or after it let go
        if server is None:
            return
        with self._holding, server._lock:
            before = server.global_process_id_list.get_and_add(os.getpid())
        if os.getpid() not in before:
            self.incidents.append(
                f"the rig's PID was dropped from .handle_pids.json ({before}) before command {self._n + 1}"
            )

    def rejoin(self) -> None:
        """After the server was killed: forget the dead handle, so the next query joins (or starts) the live one."""
        db.stop_embedded(self.data_dir)

    def postmaster_pid(self) -> int | None:
        try:
            pid = int((self.data_dir / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None
        return pid if embedded.is_postmaster_of(pid, self.data_dir.resolve()) else None

    def stage(self, prefix: str, sessions: int, per_session: int, *, embed: bool = False) -> int:
        rows = session_turns(sessions, per_session, seed=self.rng.randrange(10**6), prefix=prefix)
        with self.store() as s:
            s.stage_many(rows, embed=embed)
        return len(rows)

    def jsonl(self, prefix: str, sessions: int, per_session: int) -> tuple[Path, int]:
        rows = session_turns(sessions, per_session, seed=self.rng.randrange(10**6), prefix=prefix)
        path = self.root / f"{prefix}.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
        return path, len(rows)

    # --- invariants ---------------------------------------------------------------------

    def tally(self, t: Tally, *, prefix: str | None = None, expected: int = 0, settled: bool = False) -> None:
        """Add this trial's invariant violations (whole database; ``prefix``'s turns for lost ones)."""
        with psycopg.connect(self.dsn(), autocommit=True) as conn:
            t.both += conn.execute(TURNS_IN_BOTH_TIERS, {"ns": None}).fetchone()[0]  # type: ignore[index]
            t.neither += conn.execute(NOT_VISIBLE, {"settled": settled}).fetchone()[0]  # type: ignore[index]
            t.duplicated += conn.execute(DUPLICATES).fetchone()[0]  # type: ignore[index]
            if prefix is not None:
                staged = conn.execute(STAGED_OF, (prefix.replace("_", r"\_") + "%",)).fetchone()[0]  # type: ignore[index]
                t.lost += max(0, expected - staged)

    def scan(self, t: Tally, secrets: list[str]) -> None:
        """Count deadlocks reported and files holding a secret, over every output and the server's log."""
        server_log = self.data_dir / "log"  # the wrapper's pg_ctl -l file
        files = [p for p in self.logs.iterdir() if p.is_file()] + ([server_log] if server_log.is_file() else [])
        t.failed += self.incidents
        self.incidents = []
        for path in files:
            text = path.read_text(encoding="utf-8", errors="replace")
            t.deadlocks += len(DEADLOCK.findall(text)) if path.parent == self.logs else 0
            t.leaked += any(s in text for s in secrets)

    def stop_server(self) -> None:
        """Stop the server whoever started it (a killed one may have been restarted by a child)."""
        db.stop_embedded(self.data_dir)
        pid = self.postmaster_pid()
        if pid is not None:
            os.kill(pid, signal.SIGINT)  # fast shutdown of a server no live handle will stop
            wait_gone(pid, 30)

    def close(self) -> None:
        self.stop_server()
        shutil.rmtree(self.root, ignore_errors=True)


def output_of(proc: subprocess.Popen[bytes]) -> str:
    stem = proc.stem  # type: ignore[attr-defined]
    return "".join(Path(f"{stem}.{k}").read_text(encoding="utf-8", errors="replace") for k in ("out", "err"))


def wait_gone(pid: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not embedded._alive(pid):
            return True
        time.sleep(0.05)
    return False


def kill_mid_work(
    proc: subprocess.Popen[bytes],
    progress: Callable[[], int],
    start: int,
    total: int,
    rng: random.Random,
    *,
    batch: int,
    sig: signal.Signals = signal.SIGKILL,
) -> bool:
    """Send ``sig`` (SIGKILL) to ``proc`` at a random point of its work; False if it finished first (a miss).

    Four times in five, once a commit has taken its progress past a random goal
    that leaves at least one more ``batch`` (its commit unit) to do — so the
    process is still working when the goal is seen; it is frozen (SIGSTOP) the
    moment it is, so that it cannot finish between the check and the signal. One
    time in five, at a random moment of its start-up, before its first commit.
    """
    if rng.random() < 0.2:
        deadline = time.monotonic() + rng.uniform(0.05, 1.0)
        while proc.poll() is None and time.monotonic() < deadline and progress() <= start:
            time.sleep(0.01)
    else:
        goal = start + rng.randint(1, max(1, total - batch))
        while proc.poll() is None and progress() < goal:
            time.sleep(0.01)
    return signal_now(proc, sig)


def signal_now(proc: subprocess.Popen[bytes], sig: signal.Signals) -> bool:
    """Freeze ``proc``, send ``sig``, let it handle it (unless SIGKILL); False if it had already exited."""
    try:
        proc.send_signal(signal.SIGSTOP)
    except ProcessLookupError:
        pass
    if proc.poll() is not None:  # exited (or a zombie already) before the stop
        return False
    proc.send_signal(sig)
    if sig == signal.SIGKILL:
        proc.wait()
        return proc.returncode == -signal.SIGKILL
    proc.send_signal(signal.SIGCONT)  # a pending SIGTERM is handled as it resumes
    return True
