"""``tiermem dev``: the Dagster webserver and daemon for one deployment, supervised.

Each child starts in its own session (so its own process group): a terminal's
Ctrl-C reaches only this supervisor, which stops both children — and whatever
they started (code servers, run workers) — by process group: SIGTERM, a grace
period, then SIGKILL. The supervisor installs its own SIGINT/SIGTERM handlers
before starting the children, so they never inherit an ignored SIGINT (a shell
running ``tiermem dev &`` ignores it, and Dagster maps SIGTERM to SIGINT's
handler, which would then make them ignore SIGTERM too). On Linux it also
becomes a child subreaper, so processes orphaned during shutdown are reaped
here instead of lingering as zombies.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from memory_sink import db
from memory_sink.config import CONFIG_ENV, SHIPPED_CONFIGS, load_config
from memory_sink.errors import TiermemError

SHIPPED_DAGSTER_YAML = SHIPPED_CONFIGS / "dagster.yaml"
# No working_directory: from a wheel there is no project folder, and the module is
# importable wherever tiermem is installed (a checkout's workspace.yaml adds its folder).
WORKSPACE = """\
# Written by `tiermem dev`: the code location it serves (see the project's workspace.yaml).
load_from:
  - python_module:
      module_name: pipelines.definitions
      attribute: defs
      location_name: tiermem
"""
_PR_SET_CHILD_SUBREAPER = 36


class DagsterHomeError(TiermemError):
    """The Dagster instance in DAGSTER_HOME cannot be opened (exit 1: nothing was started)."""


def default_dagster_home() -> Path:
    """/var/lib/tiermem/dagster as root, else the XDG state dir (whatever database.data_dir says)."""
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        return Path("/var/lib/tiermem/dagster")
    import platformdirs

    return platformdirs.user_state_path("tiermem") / "dagster"


def prepare_dagster_home(home: Path) -> tuple[Path, bool]:
    """Create ``home`` with the shipped dagster.yaml unless it has one; returns (yaml, copied)."""
    home.mkdir(parents=True, exist_ok=True)
    target = home / "dagster.yaml"
    if target.exists():
        return target, False
    shutil.copyfile(SHIPPED_DAGSTER_YAML, target)
    return target, True


def prepare_instance_storage(home: Path) -> None:
    """Create (or open) the instance's run, event log and schedule storages, in this process.

    Started together on a fresh home, the webserver and the daemon would both
    create the SQLite storages; racing, they can stamp ``schedules.db``'s
    ``alembic_version`` twice ("more than one head present"), after which the
    code location never loads until that file is deleted. Created once here,
    the children only open them. A home whose storage is unusable fails here,
    with Dagster's reason, before anything starts.
    """
    from dagster import DagsterInstance

    try:
        instance = DagsterInstance.from_config(str(home))
    except Exception as exc:  # whatever the storage raises (schema, permissions, an unreachable DSN)
        raise DagsterHomeError(f"DAGSTER_HOME {home}: its instance storage could not be opened: {exc}") from exc
    try:  # touched so that a storage built lazily exists too
        _ = (instance.run_storage, instance.event_log_storage, instance.schedule_storage)
    finally:
        instance.dispose()


def workspace_file(home: Path) -> Path:
    """The workspace the children load, written into ``home`` (the same from a checkout or a wheel)."""
    path = home / "workspace.yaml"
    path.write_text(WORKSPACE, encoding="utf-8")
    return path


def console_script(name: str) -> str:
    """The console script ``name`` of this interpreter's installation (beside ``sys.executable``).

    Dagster's daemon has no public ``python -m`` entry point, only its ``dagster-daemon``
    script; taking the one beside this interpreter keeps the children on the same
    installation even when PATH names another.
    """
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.is_file() else shutil.which(name)
    if not found:
        raise TiermemError(f"{name}: not found beside {sys.executable} nor on PATH (is dagster installed?)")
    return found


def child_commands(*, host: str, port: int, workspace: Path) -> dict[str, list[str]]:
    """The two processes, run with this installation's Dagster."""
    target = ["-w", str(workspace)]
    return {
        "dagster-webserver": [sys.executable, "-m", "dagster_webserver", "--host", host, "--port", str(port), *target],
        "dagster-daemon": [console_script("dagster-daemon"), "run", *target],
    }


def _become_subreaper() -> None:
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # best effort: without it, orphans are reaped by init


def _orphans(known: set[int]) -> list[int]:
    """Processes reparented to us (we are their subreaper) that we did not start."""
    me, found = os.getpid(), []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == me and int(entry.name) not in known:
            found.append(int(entry.name))
    return found


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _signal_group(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        pass


@dataclass
class Supervisor:
    """Start commands in their own process groups; stop them all, cleanly, on request."""

    commands: dict[str, list[str]]
    env: dict[str, str]
    grace_seconds: float = 20.0
    echo: Callable[[str], None] = print
    children: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)
    stopping: threading.Event = field(default_factory=threading.Event)

    def _on_signal(self, signum: int, _frame: object) -> None:
        if not self.stopping.is_set():
            self.echo(f"tiermem dev: {signal.Signals(signum).name} received, stopping")
        self.stopping.set()

    def run(self) -> int:
        """Start every child, wait for a signal or a child's exit, stop everything; the exit status."""
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, self._on_signal)  # before the children start: see the module doc
        _become_subreaper()
        status = 0
        try:
            for name, argv in self.commands.items():
                self.children[name] = subprocess.Popen(argv, env=self.env, start_new_session=True)
                self.echo(f"tiermem dev: started {name} (pid {self.children[name].pid})")
            status = self._wait()
        finally:
            self.stop()
        return status

    def _wait(self) -> int:
        while not self.stopping.wait(0.5):
            for name, child in self.children.items():
                if child.poll() is not None:
                    self.echo(f"tiermem dev: {name} exited with status {child.returncode}; stopping")
                    return 1
        return 0

    def stop(self) -> None:
        """SIGTERM every child's process group, wait ``grace_seconds``, then SIGKILL what is left."""
        groups = [child.pid for child in self.children.values()]  # pgid == pid: start_new_session
        for pgid in groups:
            _signal_group(pgid, signal.SIGTERM)
        if not self._drain(groups, time.monotonic() + self.grace_seconds):
            for pgid in groups:
                _signal_group(pgid, signal.SIGKILL)
            self._drain(groups, time.monotonic() + 10)

    def _drain(self, groups: Sequence[int], deadline: float) -> bool:
        """Reap children and orphans until every group is empty (True) or the deadline passes."""
        known = {child.pid for child in self.children.values()}
        while True:
            for child in self.children.values():
                child.poll()
            for pid in _orphans(known):
                try:
                    os.waitpid(pid, os.WNOHANG)
                except ChildProcessError:
                    pass
            if not any(_group_alive(pgid) for pgid in groups):
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.2)


def run_dev(
    config_path: str | None, *, host: str, port: int, dagster_home: str | None, echo: Callable[[str], None] = print
) -> int:
    """Check the deployment, start/migrate its database, then supervise webserver + daemon."""
    cfg = load_config(config_path)  # a bad file fails here, before anything starts
    db.migrate(db.resolve_dsn(cfg.database))  # starts the embedded server and keeps it for the children
    home = Path(dagster_home or os.environ.get("DAGSTER_HOME") or default_dagster_home()).expanduser().resolve()
    instance_yaml, copied = prepare_dagster_home(home)
    prepare_instance_storage(home)  # before either child: see its docstring
    env = {**os.environ, "DAGSTER_HOME": str(home)}
    if cfg.source and Path(cfg.source).is_file():
        env[CONFIG_ENV] = str(Path(cfg.source).resolve())
    commands = child_commands(host=host, port=port, workspace=workspace_file(home))
    echo(f"tiermem dev: deployment {env.get(CONFIG_ENV, '<defaults>')}")
    echo(f"tiermem dev: DAGSTER_HOME={home} ({'copied the shipped' if copied else 'using its'} {instance_yaml.name})")
    echo(f"tiermem dev: Dagster UI on http://{host}:{port} — turn on realtime_schedule there; Ctrl-C stops")
    return Supervisor(commands, env, echo=echo).run()
