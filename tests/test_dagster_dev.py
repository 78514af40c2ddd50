"""`tiermem dev`: webserver + daemon on the configured deployment, stopped cleanly by a signal.

Stopped both ways an operator stops it: Ctrl-C in its terminal, and SIGTERM to
a `tiermem dev &` started with SIGINT ignored, as a shell does — that is what
made Dagster ignore SIGTERM here before: its processes map SIGTERM to SIGINT's
handler, and an ignored SIGINT is inherited.
"""

from __future__ import annotations

import ipaddress
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from pipelines.cli import main
from pipelines.orchestration.dev import (
    DagsterHomeError,
    child_commands,
    prepare_dagster_home,
    prepare_instance_storage,
    workspace_file,
)
from tests.test_dagster_server import (
    alive,
    descendants,
    free_port,
    http_ok,
    kill_everything,
    repository,
    tail,
    wait_for_location,
    wait_until,
)

ROOT = Path(__file__).resolve().parent.parent
TIERMEM = str(Path(sys.executable).with_name("tiermem"))


def test_children_bind_loopback_and_load_the_workspace() -> None:
    commands = child_commands(host="127.0.0.1", port=3999, workspace=ROOT / "workspace.yaml")
    web, daemon = commands["dagster-webserver"], commands["dagster-daemon"]
    assert web[web.index("--host") + 1] == "127.0.0.1" and web[web.index("--port") + 1] == "3999"
    assert web[-2:] == daemon[-2:] == ["-w", str(ROOT / "workspace.yaml")]
    assert web[0] == sys.executable  # the same installation as this process
    assert daemon[0] == str(Path(sys.executable).with_name("dagster-daemon"))  # the public script, not dagster._daemon


def test_dev_writes_the_checkouts_code_location_without_needing_the_checkout(tmp_path: Path) -> None:
    # from a wheel there is no workspace.yaml nor project folder: the one tiermem dev writes
    # must name the same code location, with nothing relative to a checkout
    import yaml

    written = yaml.safe_load(workspace_file(tmp_path).read_text(encoding="utf-8"))["load_from"]
    checkout = yaml.safe_load((ROOT / "workspace.yaml").read_text(encoding="utf-8"))["load_from"]
    assert written == [
        {"python_module": {k: v for k, v in checkout[0]["python_module"].items() if k != "working_directory"}}
    ]
    assert workspace_file(tmp_path).parent == tmp_path


# Opens every storage of the instance, as a child's start-up does; exits non-zero on any error.
OPEN_INSTANCE = """
import sys
from dagster import DagsterInstance
instance = DagsterInstance.from_config(sys.argv[1])
instance.get_runs_count(); instance.all_instigator_state(); instance.get_latest_materialization_events([])
instance.dispose()
"""


def test_the_instance_storage_exists_before_the_children_open_it_together(tmp_path: Path) -> None:
    """Fresh homes raced to create the SQLite storages ("more than one head present")."""
    home = tmp_path / "home"
    prepare_dagster_home(home)
    prepare_instance_storage(home)
    for storage in ("history/runs.db", "history/runs/index.db", "schedules/schedules.db"):
        assert (home / storage).is_file(), storage
    openers = [
        subprocess.Popen([sys.executable, "-c", OPEN_INSTANCE, str(home)], stderr=subprocess.PIPE) for _ in range(2)
    ]
    for proc in openers:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err.decode(errors="replace")
    with sqlite3.connect(home / "schedules" / "schedules.db") as conn:
        assert len(conn.execute("SELECT * FROM alembic_version").fetchall()) == 1


def test_a_home_with_a_broken_storage_fails_before_anything_starts(tmp_path: Path) -> None:
    home = tmp_path / "home"
    prepare_dagster_home(home)
    prepare_instance_storage(home)
    with sqlite3.connect(home / "schedules" / "schedules.db") as conn:  # what the race left behind
        conn.execute("INSERT INTO alembic_version VALUES ('0123456789ab')")
    with pytest.raises(DagsterHomeError, match=f"DAGSTER_HOME {home}: its instance storage could not be opened"):
        prepare_instance_storage(home)


def test_dev_refuses_a_bad_deployment_before_starting_anything(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("realtime:\n  batch_size: lots\n", encoding="utf-8")
    with pytest.raises(SystemExit) as info:
        main(["dev", "--config", str(bad), "--dagster-home", str(tmp_path / "home")])
    err = capsys.readouterr().err
    assert info.value.code == 2 and err.count("\n") == 1
    assert "realtime.batch_size: expected an integer, got 'lots'" in err
    assert not (tmp_path / "home").exists()


def test_dev_binds_loopback_unless_told_otherwise(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    seen: dict[str, object] = {}
    status = {"code": 0}

    def fake_run_dev(config_path: str | None, **kwargs: object) -> int:
        seen.update(kwargs)
        return status["code"]

    monkeypatch.setattr("pipelines.orchestration.dev.run_dev", fake_run_dev)
    main(["dev", "--dagster-home", str(tmp_path)])  # a clean stop: no SystemExit
    assert (seen["host"], seen["port"]) == ("127.0.0.1", 3000)  # the CLI's defaults: never the network
    status["code"] = 3  # a child that died: its status is the command's exit code
    with pytest.raises(SystemExit) as info:
        main(["dev", "--dagster-home", str(tmp_path)])
    assert info.value.code == 3


@pytest.mark.slow
@pytest.mark.parametrize(
    "stop_signal,background",
    [
        (signal.SIGTERM, True),  # `kill` of a `tiermem dev &`: started with SIGINT ignored, as a shell does
        (signal.SIGINT, False),  # Ctrl-C in the terminal it runs in
    ],
    ids=["sigterm", "ctrl-c"],
)
def test_dev_serves_the_ui_on_the_embedded_default_and_stops_every_child(
    tmp_path: Path, stop_signal: signal.Signals, background: bool
) -> None:
    """No --config and no --host: the default deployment (embedded Postgres in TIERMEM_DATA_DIR) on 127.0.0.1."""
    data_dir = Path(tempfile.mkdtemp(prefix="tiermem-dev-pg-"))  # not under pytest's tree: see conftest
    data_dir.chmod(0o755)  # mkdtemp makes it private; as root tiermem refuses to open it for the server
    home, port, log = tmp_path / "dagster_home", free_port(), tmp_path / "dev.log"
    env = {k: v for k, v in os.environ.items() if k not in ("DAGSTER_HOME", "TIERMEM_CONFIG", "TIERMEM_DSN")}
    env["TIERMEM_DATA_DIR"] = str(data_dir / "pgdata")
    ignore_sigint = (lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)) if background else None
    with open(log, "wb") as out:
        dev = subprocess.Popen(
            [TIERMEM, "dev", "--port", str(port), "--dagster-home", str(home)],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=ignore_sigint,
        )
    seen: set[int] = set()
    try:
        url = f"http://127.0.0.1:{port}"
        wait_until(lambda: http_ok(f"{url}/server_info"), 240, message=lambda: tail(log))
        wait_for_location(url, lambda: tail(log))  # the code location loaded, not only the webserver
        assert {"realtime_job", "consolidate_job"} <= {j["name"] for j in repository(url)["jobs"]}
        assert _listening_on(port) == {"127.0.0.1"}
        wait_until(lambda: len(descendants(dev.pid)) >= 3, 60, message=lambda: tail(log))  # + a code server
        seen = descendants(dev.pid)
        children = [pid for pid in seen if _ppid(pid) == dev.pid]
        assert len(children) == 2 and all(os.getpgid(pid) == pid for pid in children)  # own groups
        assert (home / "dagster.yaml").read_bytes() == (ROOT / "memory_sink" / "configs" / "dagster.yaml").read_bytes()
        said = log.read_text()
        assert (
            f"DAGSTER_HOME={home}" in said and f"deployment {ROOT / 'memory_sink' / 'configs' / 'default.yaml'}" in said
        )

        started = time.monotonic()
        dev.send_signal(stop_signal)
        assert dev.wait(timeout=60) == 0, tail(log)
        assert time.monotonic() - started < 20, "children ignored SIGTERM and had to be killed"
        assert not [pid for pid in seen if alive(pid)], tail(log)
        assert not http_ok(f"{url}/server_info")
        assert f"{stop_signal.name} received, stopping" in log.read_text()
        assert _postmaster(data_dir) is None, "the embedded server outlived tiermem dev"
    finally:
        seen |= descendants(dev.pid)
        if dev.poll() is None:
            dev.kill()
            dev.wait(timeout=30)
        kill_everything(pid for pid in seen if alive(pid))
        postmaster = _postmaster(data_dir)
        if postmaster is not None:
            os.kill(postmaster, signal.SIGQUIT)  # immediate shutdown, its backends included
        shutil.rmtree(data_dir, ignore_errors=True)


def _postmaster(data_dir: Path) -> int | None:
    """The embedded server's live postmaster PID, if one runs on ``data_dir``."""
    try:
        pid = int((data_dir / "pgdata" / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return pid if alive(pid) else None


def _listening_on(port: int) -> set[str]:
    """The IPv4/IPv6 addresses with a socket listening on ``port`` (from /proc/net)."""
    found = set()
    for table in ("tcp", "tcp6"):
        for line in Path(f"/proc/net/{table}").read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, hex_port = local.split(":")
            if state == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
                raw = bytes.fromhex(address)  # 32-bit words in host (little-endian) order
                found.add(str(ipaddress.ip_address(b"".join(raw[i : i + 4][::-1] for i in range(0, len(raw), 4)))))
    return found


def _ppid(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
