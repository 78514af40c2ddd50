"""Cases for single items of the reliability issue: stale pid file, private parent, SIGTERM, Launchpad, errors,
and the items whose proof is a test of its own (run here so that the suite's table accounts for every item)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psycopg
import yaml

from benchmarks._faults_kills import REALTIME_BATCH, kill_trials, last_line, wait_for
from benchmarks._faults_rig import PROGRESS, Rig, Tally, kill_mid_work
from memory_sink import embedded

SENTINEL = "tiermem_faults_sentinel"  # a module whose import leaves a file behind


def stale_pidfile(rig: Rig, trials: int) -> Tally:
    """A postmaster.pid naming a live stranger: the command works and the stranger lives."""
    t = Tally("stale postmaster.pid naming a stranger")
    for _ in range(trials):
        rig.dsn()
        saved = (rig.data_dir / "postmaster.pid").read_text().splitlines()
        rig.stop_server()
        stranger = subprocess.Popen(["sleep", "600"])
        try:
            (rig.data_dir / "postmaster.pid").write_text("\n".join([str(stranger.pid), *saved[1:]]) + "\n")
            code, text = rig.run("status")
            t.check(code == 0, f"status with a stale pid file: {last_line(text)}")
            t.check(stranger.poll() is None, "the stranger named by a stale postmaster.pid was signalled")
        finally:
            stranger.kill()
            stranger.wait()
        t.trials += 1
    return t


def private_parent(rig: Rig) -> Tally:
    """A data dir under a 0700 directory: refused with the directory named, and the directory left private."""
    t = Tally("data dir under a private parent")
    if os.geteuid() != 0:
        t.skipped = "only root loosens parents"
        return t
    private = rig.root / "private"
    private.mkdir(mode=0o700)
    private.chmod(0o700)
    config = rig.root / "private.yaml"
    config.write_text(yaml.safe_dump({"database": {"data_dir": str(private / "pgdata")}}), encoding="utf-8")
    code, text = rig.run("status", "--config", str(config))
    t.check(code != 0 and str(private) in text, f"a private parent was not refused by name: {last_line(text)}")
    t.check(private.stat().st_mode & 0o777 == 0o700, "a private parent was opened")
    t.trials = 1
    return t


def sigterm(rig: Rig, trials: int, per_trial: int) -> Tally:
    """SIGTERM a realtime run that is the server's only user, mid-work: it stops, and so does the server."""
    t = Tally("SIGTERM realtime, the server's only user")
    rng = random.Random(11)

    def attempt(prefix: str) -> bool:
        n = rig.stage(prefix, per_trial // 20 or 1, 20)
        done = unheld_progress(rig.dsn())
        start = done()
        rig.stop_server()  # the rig lets go: the CLI alone holds the server
        proc = rig.spawn("realtime")
        landed = kill_mid_work(proc, done, start, n, rng, batch=REALTIME_BATCH, sig=signal.SIGTERM)
        t.check(wait_for(lambda: proc.poll() is not None, 30), "realtime ignored SIGTERM for 30 s")
        t.check(wait_for(lambda: rig.postmaster_pid() is None, 30), "the server outlived its last user's exit")
        handles = (rig.data_dir / ".handle_pids.json").read_text() or "[]"
        t.check(all(embedded._alive(p) for p in json.loads(handles)), f"dead PIDs left in .handle_pids.json: {handles}")
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        t.turns += n
        rig.tally(t, prefix=prefix, expected=n)
        return landed

    kill_trials(t, trials, "st", attempt)
    return t


def unheld_progress(dsn: str) -> Callable[[], int]:
    """Turns embedded, read without joining the server (which would make the rig one of its users); -1 while down."""

    def count() -> int:
        try:
            with psycopg.connect(dsn, autocommit=True, connect_timeout=2) as conn:
                return int(conn.execute(PROGRESS["embedded"]).fetchone()[0])  # type: ignore[index]
        except psycopg.OperationalError:
            return -1

    return count


def bad_deployments(rig: Rig) -> Tally:
    """A bad cron or date-looking value: every command refuses the file at once, naming file and key."""
    t = Tally("bad deployment values")
    cases = {"realtime.schedule": {"realtime": {"schedule": "every minute"}}, "consolidate.partition_start": {}}
    for key, data in cases.items():
        path = rig.root / f"bad-{key}.yaml"
        text = yaml.safe_dump(data) if data else "consolidate:\n  partition_start: 2024-13-01\n"
        path.write_text(text, encoding="utf-8")
        code, out = rig.run("status", "--config", str(path))
        lines = [line for line in out.splitlines() if line.strip()]
        t.check(code == 2 and len(lines) == 1 and key in out and path.name in out, f"{key}: {last_line(out)}")
        t.trials += 1
    return t


def launchpad(rig: Rig, secrets: list[str]) -> Tally:
    """Dagster runs overriding where transcripts and secrets go are refused; nothing reaches the endpoint."""
    import dagster as dg

    from pipelines.definitions import build_definitions
    from tests.llm_stub import StubServer

    t = Tally("Launchpad overrides of endpoint, key, code, deployment")
    stub = StubServer().start()
    info = psycopg.conninfo.conninfo_to_dict(rig.dsn())
    url = f"postgresql://postgres:{secrets[0]}@/{info.get('dbname', 'postgres')}?host={info['host']}"
    saved = os.environ.get("TIERMEM_DSN")
    os.environ["TIERMEM_DSN"] = url  # the secret the attack asks to send as an API key
    (rig.root / f"{SENTINEL}.py").write_text(f"open({str(rig.root / 'imported')!r}, 'w').close()\n")
    sys.path.insert(0, str(rig.root))
    try:
        t.turns = rig.stage("lp-", 2, 10)
        job = build_definitions(rig.config).resolve_job_def("consolidate_job")
        with dg.instance_for_test() as instance:
            for name, resources in attacks(stub.base_url, rig).items():
                result = launch(job, instance, {"resources": resources}, rig.logs / f"dagster-{name}.log")
                t.check(not result.success, f"not refused: {name}")
                t.trials += 1
            result = launch(job, instance, {}, rig.logs / "dagster-allowed.log")
            t.check(result.success, "a run with the deployment's own resources failed")
        t.check(not stub.requests, f"{len(stub.requests)} requests reached the attacker's endpoint")
        t.check(not (rig.root / "imported").exists(), "a run imported the module it named")
        t.leaked += sum(any(s in json.dumps([r.body, r.headers]) for s in secrets) for r in stub.requests)
    finally:
        sys.path.remove(str(rig.root))
        stub.stop()
        if saved is None:
            os.environ.pop("TIERMEM_DSN", None)
        else:
            os.environ["TIERMEM_DSN"] = saved
    return t


def attacks(base_url: str, rig: Rig) -> dict[str, dict[str, Any]]:
    other = rig.root / "other.yaml"
    other.write_text(yaml.safe_dump({"database": {"dsn": "postgresql://attacker.invalid/x"}}), encoding="utf-8")
    llm = {"base_url": base_url, "model": "m", "api_key_env": "TIERMEM_DSN", "max_retries": 0}
    return {
        "llm-at-any-url-dsn-as-key": {"consolidator": {"config": {"kind": "llm", "options": llm}}},
        "callable-importing-a-module": {
            "consolidator": {"config": {"kind": "callable", "options": {"target": f"{SENTINEL}:run"}}}
        },
        "another-deployment-file": {"store": {"config": {"config_path": str(other)}}},
        "model-files-from-elsewhere": {"embedder": {"config": {"model": "all-minilm-l6-v2-int8", "path": "/tmp"}}},
    }


def launch(job: Any, instance: Any, run_config: dict[str, Any], log: Path) -> Any:
    quiet = {"loggers": {"console": {"config": {"log_level": "CRITICAL"}}}}  # the events are kept in `log`
    result = job.execute_in_process(
        instance=instance, raise_on_error=False, partition_key="2024-03-01", run_config={**run_config, **quiet}
    )
    log.write_text("\n".join(repr(e) for e in result.all_events), encoding="utf-8")  # scanned for secrets
    return result


#: Items proved by a test of their own rather than by killing processes: a stranger on the fallback socket
#: (item 2), an instruction injected into a turn (6), turns just under the size limit (8), a read error
#: mid-ingest (9) and a run whose session failed (12). The suite runs those tests, so its table names a
#: failure of any of them as a failed check; CI runs them as tests anyway.
ITEM_TESTS = {
    "2 fallback socket": "tests/test_security.py::test_a_stranger_cannot_log_in_through_a_fallback_socket_dir",
    "6 injected instruction": (
        "tests/test_llm_supersession.py::test_an_instruction_in_a_turn_cannot_retire_unrelated_facts"
    ),
    "8 large turns": "tests/test_staging.py::test_large_turns_are_committed_in_batches_bounded_by_bytes",
    "9 read error": "tests/test_staging.py::test_a_read_error_commits_every_line_read_before_it_and_names_the_line",
    "9 read error, CLI": (
        "tests/test_cli.py::test_an_ingest_that_cannot_read_on_commits_what_it_read_and_says_where_to_resume"
    ),
    "12 failed session": "tests/test_dagster_assets.py::test_a_run_with_a_failed_session_fails_and_keeps_the_others",
}


def item_tests(rig: Rig) -> Tally:
    """Each of :data:`ITEM_TESTS` in one pytest run from the checkout; a failed or missing test is a failed check."""
    t = Tally("items proved by their own tests (2, 6, 8, 9, 12)")
    root = Path(__file__).resolve().parent.parent
    if not (root / "tests").is_dir():
        t.skipped = "needs the source checkout's tests/"
        return t
    cmd = [sys.executable, "-m", "pytest", "-q", "-rA", "-p", "no:cacheprovider", *ITEM_TESTS.values()]
    done = subprocess.run(cmd, cwd=root, capture_output=True, text=True, timeout=1800, check=False)
    outcomes = [
        line.split(" ", 2)[:2] for line in done.stdout.splitlines() if line.startswith(("PASSED ", "FAILED ", "ERROR "))
    ]
    for item, node in ITEM_TESTS.items():
        mine = [outcome for outcome, test in outcomes if test == node or test.startswith(node + "[")]  # parametrized
        t.check(
            bool(mine) and set(mine) == {"PASSED"},
            f"item {item}: {node}: {mine or 'not run'} ({last_line(done.stdout)})",
        )
        t.trials += 1
    return t
