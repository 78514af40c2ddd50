"""`tiermem dev`: webserver + daemon on the configured deployment, stopped cleanly by a signal.

Started the way a shell's `tiermem dev &` starts it — with SIGINT ignored —
because that is what made Dagster ignore SIGTERM here before: its processes
map SIGTERM to SIGINT's handler, and an ignored SIGINT is inherited.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from pipelines.cli import main
from pipelines.dagster_dev import child_commands
from tests.test_dagster_server import alive, descendants, free_port, http_ok, kill_everything, tail, wait_until

ROOT = Path(__file__).resolve().parent.parent
TIERMEM = str(Path(sys.executable).with_name("tiermem"))


def test_children_bind_loopback_and_load_the_workspace() -> None:
    commands = child_commands(host="127.0.0.1", port=3999, workspace=ROOT / "workspace.yaml")
    web, daemon = commands["dagster-webserver"], commands["dagster-daemon"]
    assert web[web.index("--host") + 1] == "127.0.0.1" and web[web.index("--port") + 1] == "3999"
    assert web[-2:] == daemon[-2:] == ["-w", str(ROOT / "workspace.yaml")]
    assert web[0] == daemon[0] == sys.executable


def test_dev_refuses_a_bad_deployment_before_starting_anything(capsys: pytest.CaptureFixture[str],
                                                               tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("realtime:\n  batch_size: lots\n", encoding="utf-8")
    with pytest.raises(SystemExit) as info:
        main(["dev", "--config", str(bad), "--dagster-home", str(tmp_path / "home")])
    err = capsys.readouterr().err
    assert info.value.code == 2 and err.count("\n") == 1
    assert "realtime.batch_size: expected an integer, got 'lots'" in err
    assert not (tmp_path / "home").exists()


@pytest.mark.slow
def test_dev_serves_the_ui_and_stops_every_child_on_sigterm(db_dsn: str, tmp_path: Path) -> None:
    config = tmp_path / "tiermem.yaml"
    config.write_text(yaml.safe_dump({"database": {"dsn": db_dsn}}), encoding="utf-8")
    home, port, log = tmp_path / "dagster_home", free_port(), tmp_path / "dev.log"
    env = {k: v for k, v in os.environ.items() if k not in ("DAGSTER_HOME", "TIERMEM_CONFIG")}
    with open(log, "wb") as out:
        dev = subprocess.Popen(
            [TIERMEM, "dev", "--config", str(config), "--port", str(port), "--dagster-home", str(home)],
            env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))  # as `tiermem dev &` would
    seen: set[int] = set()
    try:
        wait_until(lambda: http_ok(f"http://127.0.0.1:{port}/server_info"), 180, message=lambda: tail(log))
        wait_until(lambda: len(descendants(dev.pid)) >= 3, 60, message=lambda: tail(log))  # + a code server
        seen = descendants(dev.pid)
        children = [pid for pid in seen if _ppid(pid) == dev.pid]
        assert len(children) == 2 and all(os.getpgid(pid) == pid for pid in children)  # own groups
        assert (home / "dagster.yaml").read_bytes() == (ROOT / "configs" / "dagster.yaml").read_bytes()
        assert f"DAGSTER_HOME={home}" in log.read_text()

        started = time.monotonic()
        dev.send_signal(signal.SIGTERM)
        assert dev.wait(timeout=60) == 0, tail(log)
        assert time.monotonic() - started < 20, "children ignored SIGTERM and had to be killed"
        assert not [pid for pid in seen if alive(pid)], tail(log)
        assert not http_ok(f"http://127.0.0.1:{port}/server_info")
        assert "SIGTERM received, stopping" in log.read_text()
    finally:
        seen |= descendants(dev.pid)
        if dev.poll() is None:
            dev.kill()
            dev.wait(timeout=30)
        kill_everything(pid for pid in seen if alive(pid))


def _ppid(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
