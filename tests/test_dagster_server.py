"""A real client against a real Dagster: dagster-webserver + dagster-daemon, headless, on loopback.

Both load ``pipelines.definitions`` through ``workspace.yaml``, with a tmp
``DAGSTER_HOME`` holding the shipped ``memory_sink/configs/dagster.yaml`` and a deployment
YAML pointing at this module's own test database. The tests talk to the
webserver's GraphQL endpoint only (urllib), as the UI does: list the jobs,
schedules and partition sets, turn the realtime schedule on and watch a run
move staged turns into recall, then backfill three days from the UI's mutation,
from ``dagster job backfill`` and from ``tiermem backfill``. Everything is
stopped by PID at the end, also when a test fails.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
import pytest
import yaml

from memory_sink import MemoryStore
from pipelines.cli import main
from pipelines.orchestration.dev import child_commands, prepare_dagster_home, prepare_instance_storage
from tests.conftest import TEMPLATE, with_dbname
from tests.test_dagster import active_rows, counts, stage_days

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
LOCATION = "tiermem"
DAYS = ["2024-03-01", "2024-03-02", "2024-03-03"]

# --- processes, HTTP and GraphQL (also used by tests/test_dagster_dev.py) ---------------------

REPOSITORY = "__repository__"  # the repository name Dagster gives a Definitions object


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _ppids() -> dict[int, int]:
    found = {}
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        found[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    return found


def descendants(root: int) -> set[int]:
    """Every live process below ``root`` (children, grandchildren, ...)."""
    parents = _ppids()
    found: set[int] = set()
    frontier = {root}
    while frontier:
        frontier = {pid for pid, ppid in parents.items() if ppid in frontier} - found
        found |= frontier
    return found


def alive(pid: int) -> bool:
    """Running or sleeping; a zombie (exited, not yet reaped) counts as gone."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_until(
    predicate: Callable[[], Any], timeout: float, interval: float = 1.0, message: Callable[[], str] = lambda: ""
) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f}s {message()}")
        time.sleep(interval)


def kill_everything(pids: Iterable[int]) -> None:
    """Last resort for a failed test: SIGKILL each pid and its process group."""
    for pid in pids:
        for kill in (lambda p: os.killpg(os.getpgid(p), signal.SIGKILL), lambda p: os.kill(p, signal.SIGKILL)):
            try:
                kill(pid)
            except (ProcessLookupError, PermissionError):
                pass


def http_ok(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError):
        return False


def graphql(base: str, query: str, variables: dict[str, Any] | None = None) -> dict[str, Any]:
    body = json.dumps({"query": query, "variables": variables or {}}).encode()
    request = urllib.request.Request(f"{base}/graphql", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        doc = json.loads(response.read())
    assert "errors" not in doc, doc["errors"]
    return dict(doc["data"])


def tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


# --- the server --------------------------------------------------------------------------

REPOSITORIES = """
query { repositoriesOrError { __typename
  ... on RepositoryConnection { nodes { name location { name }
      jobs { name }
      schedules { name cronSchedule scheduleState { status } }
      partitionSets { name pipelineName } } }
  ... on PythonError { message } } }
"""
LOCATIONS = """
query { workspaceOrError { __typename
  ... on Workspace { locationEntries { name loadStatus
      locationOrLoadError { __typename ... on PythonError { message } } } }
  ... on PythonError { message } } }
"""
START_SCHEDULE = """
mutation($selector: ScheduleSelector!) { startSchedule(scheduleSelector: $selector) { __typename
  ... on ScheduleStateResult { scheduleState { id status } }
  ... on PythonError { message } } }
"""
STOP_SCHEDULE = """
mutation($id: String!) { stopRunningSchedule(id: $id) { __typename
  ... on ScheduleStateResult { scheduleState { status } } ... on PythonError { message } } }
"""
RUNS = """
query($filter: RunsFilter) { runsOrError(filter: $filter) { __typename
  ... on Runs { results { runId status jobName tags { key value } } }
  ... on PythonError { message } } }
"""
RUN_LOGS = """
query($runId: ID!) { logsForRun(runId: $runId) { __typename
  ... on EventConnection { events { ... on MessageEvent { message } } }
  ... on PythonError { message } } }
"""
LAUNCH_BACKFILL = """
mutation($params: LaunchBackfillParams!) { launchPartitionBackfill(backfillParams: $params) { __typename
  ... on LaunchBackfillSuccess { backfillId }
  ... on PythonError { message } } }
"""


@dataclass
class Server:
    url: str
    env: dict[str, str]
    config: Path
    logs: Path
    procs: list[subprocess.Popen[bytes]] = field(default_factory=list)
    seen: set[int] = field(default_factory=set)

    def remember_pids(self) -> None:
        for proc in self.procs:
            self.seen |= {proc.pid} | descendants(proc.pid)

    def log_tail(self) -> str:
        return "\n".join(f"--- {p.name}\n{tail(p)}" for p in sorted(self.logs.glob("*.log")))

    def backfills(self) -> dict[str, list[dict[str, Any]]]:
        """Every backfill's runs, whatever job they ran as (an asset backfill runs as ``__ASSET_JOB``)."""
        found: dict[str, list[dict[str, Any]]] = {}
        for run in self.runs(None):
            backfill = {t["key"]: t["value"] for t in run["tags"]}.get("dagster/backfill")
            if backfill:
                found.setdefault(backfill, []).append(run)
        return found

    def runs(self, job: str | None) -> list[dict[str, Any]]:
        data = graphql(self.url, RUNS, {"filter": {"pipelineName": job} if job else {}})["runsOrError"]
        assert data["__typename"] == "Runs", data
        return list(data["results"])


@pytest.fixture(scope="module")
def server_db(pg_admin_dsn: str) -> Iterator[str]:
    name = f"t_server_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(pg_admin_dsn, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}")
    yield with_dbname(pg_admin_dsn, name)
    with psycopg.connect(pg_admin_dsn, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(scope="module")
def server(server_db: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    root = tmp_path_factory.mktemp("dagster-server")
    config = root / "tiermem.yaml"
    config.write_text(
        yaml.safe_dump(
            {"database": {"dsn": server_db}, "consolidate": {"min_quiet_seconds": 0, "partition_start": DAYS[0]}}
        )
    )
    home = root / "dagster_home"
    prepare_dagster_home(home)
    prepare_instance_storage(home)  # as `tiermem dev` does: the two children must not race to create it
    with MemoryStore.open(config) as store:  # staged first; the model is cached before any run needs it
        store.embedder
        stage_days(store)
        for i in range(5):
            store.stage(
                "s-live", "user" if i % 2 == 0 else "assistant", f"Live turn {i}: the deploy is on Friday.", seq=i
            )
    port = free_port()
    env = {**os.environ, "DAGSTER_HOME": str(home), "TIERMEM_CONFIG": str(config)}
    srv = Server(url=f"http://127.0.0.1:{port}", env=env, config=config, logs=root)
    commands = child_commands(host="127.0.0.1", port=port, workspace=ROOT / "workspace.yaml")
    try:
        for name, argv in commands.items():
            with open(root / f"{name}.log", "wb") as log:
                srv.procs.append(
                    subprocess.Popen(
                        argv, env=env, cwd=root, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
                    )
                )
        wait_until(lambda: http_ok(f"{srv.url}/server_info"), 180, message=srv.log_tail)
        wait_for_location(srv.url, srv.log_tail)
        srv.remember_pids()
        yield srv
    finally:
        _stop(srv)


def wait_for_location(url: str, log_tail: Callable[[], str], timeout: float = 240) -> None:
    """Wait until the webserver at ``url`` has loaded the code location; fail with its load error if any.

    The webserver answers GraphQL while the location still loads (in a code
    server subprocess), with no repositories yet: on a loaded machine that takes
    a while, and a test asking too early would see an empty workspace.
    """

    def loaded() -> dict[str, Any] | None:
        workspace = graphql(url, LOCATIONS)["workspaceOrError"]
        assert workspace["__typename"] == "Workspace", workspace
        entry = next((e for e in workspace["locationEntries"] if e["name"] == LOCATION), None)
        return entry if entry is not None and entry["loadStatus"] == "LOADED" else None

    entry = wait_until(loaded, timeout, message=log_tail)
    error = entry["locationOrLoadError"]
    assert error is not None and error["__typename"] == "RepositoryLocation", f"{error}\n{log_tail()}"


def _signal_groups(srv: Server, sig: int) -> None:
    for proc in srv.procs:
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            pass


def _stop(srv: Server) -> None:
    """Stop the children as `tiermem dev` does, then check every PID we ever saw is gone.

    SIGTERM, a grace period, then SIGKILL for a group still running: on a loaded
    2-core machine the daemon can take over a minute to finish an iteration it
    is in, and that is a slow shutdown, not a leak. What must hold is that
    nothing we started (run workers, code servers) outlives its group.
    """
    srv.remember_pids()
    _signal_groups(srv, signal.SIGTERM)
    try:
        deadline = time.monotonic() + 90
        for proc in srv.procs:
            try:
                proc.wait(timeout=max(1.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                _signal_groups(srv, signal.SIGKILL)
                proc.wait(timeout=30)
        wait_until(
            lambda: not any(alive(pid) for pid in srv.seen),
            30,
            interval=0.5,
            message=lambda: f"still alive: {[p for p in srv.seen if alive(p)]}",
        )
    finally:
        kill_everything(p for p in srv.seen if alive(p))


def repository(url: str) -> dict[str, Any]:
    [repo] = graphql(url, REPOSITORIES)["repositoriesOrError"]["nodes"]
    return dict(repo)


def test_graphql_lists_the_jobs_schedules_and_partition_sets(server: Server) -> None:
    repo = repository(server.url)
    assert (repo["name"], repo["location"]["name"]) == (REPOSITORY, LOCATION)
    assert {"realtime_job", "consolidate_job", "health_job"} <= {j["name"] for j in repo["jobs"]}
    schedules = {s["name"]: s for s in repo["schedules"]}
    assert schedules["realtime_schedule"]["cronSchedule"] == "* * * * *"
    assert schedules["consolidate_nightly_schedule"]["cronSchedule"] == "30 2 * * *"
    assert all(s["scheduleState"]["status"] == "STOPPED" for s in schedules.values())
    assert {"consolidate_job"} <= {p["pipelineName"] for p in repo["partitionSets"]}


def test_a_turned_on_realtime_schedule_moves_staged_turns_into_recall(server: Server) -> None:
    selector = {"repositoryLocationName": LOCATION, "repositoryName": REPOSITORY, "scheduleName": "realtime_schedule"}
    started = graphql(server.url, START_SCHEDULE, {"selector": selector})["startSchedule"]
    assert started["__typename"] == "ScheduleStateResult", started
    assert started["scheduleState"]["status"] == "RUNNING"
    try:

        def succeeded() -> list[dict[str, Any]]:
            runs = server.runs("realtime_job")
            failed = [r for r in runs if r["status"] in ("FAILURE", "CANCELED")]
            assert not failed, f"{failed}\n{server.log_tail()}"
            return [r for r in runs if r["status"] == "SUCCESS"]

        [run, *_] = wait_until(succeeded, 150, interval=2, message=server.log_tail)
        server.remember_pids()
    finally:
        graphql(server.url, STOP_SCHEDULE, {"id": started["scheduleState"]["id"]})
    tags = {t["key"]: t["value"] for t in run["tags"]}
    assert tags["tiermem/tier"] == "realtime" and tags["dagster/schedule_name"] == "realtime_schedule"
    with MemoryStore.open(server.config) as store:
        assert store.status()["pending_turns"] == 0
        found = store.recall("when is the deploy?", k=5)
    assert found and found[0].tier == "provisional" and "Friday" in found[0].content


@pytest.mark.timeout(900)  # two backfills through the daemon's queue; minutes on a loaded machine
def test_a_three_day_backfill_from_the_ui_from_dagster_job_backfill_and_from_tiermem(
    server: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    def wait_for_backfills(n: int) -> dict[str, list[dict[str, Any]]]:
        def done() -> dict[str, list[dict[str, Any]]] | None:
            found = server.backfills()
            runs = [r for group in found.values() for r in group]
            assert not [r for r in runs if r["status"] in ("FAILURE", "CANCELED")], server.log_tail()
            return found if len(found) >= n and all(r["status"] == "SUCCESS" for r in runs) else None

        found = wait_until(done, 300, interval=2, message=server.log_tail)
        server.remember_pids()
        return found

    # As the asset page's "Materialize…" dialog launches it: the asset and the days.
    params = {"assetSelection": [{"path": ["tiermem", "consolidated_memory"]}], "partitionNames": DAYS}
    launched = graphql(server.url, LAUNCH_BACKFILL, {"params": params})["launchPartitionBackfill"]
    assert launched["__typename"] == "LaunchBackfillSuccess", launched
    assert len(wait_for_backfills(1)[launched["backfillId"]]) == 1  # BackfillPolicy.single_run: one run
    with MemoryStore.open(server.config) as store:
        memory, (_, active, superseded) = active_rows(store), counts(store)
        assert {r[0] for r in memory if r[1] == "consolidated"} >= {"s-a", "s-night", "s-b", "s-c"}

    cli = subprocess.run(
        [
            sys.executable,
            "-m",
            "dagster",
            "job",
            "backfill",
            "-w",
            str(ROOT / "workspace.yaml"),
            "-l",
            LOCATION,
            "-j",
            "consolidate_job",
            "--from",
            DAYS[0],
            "--to",
            DAYS[-1],
            "--noprompt",
        ],
        env=server.env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert cli.returncode == 0, cli.stdout + cli.stderr
    wait_for_backfills(2)

    assert (
        main(["backfill", "--config", str(server.config), "--from", DAYS[0], "--to", DAYS[-1], "--no-progress"]) is None
    )
    assert "consolidated 4" in capsys.readouterr().out
    with MemoryStore.open(server.config) as store:
        assert active_rows(store) == memory  # the same memory, three backfills later ...
        after = counts(store)
    # ... in the same rows: nothing changed in those days, so no episode, passage or fact has a new version
    assert after[1] == active and after[2] == superseded


def test_one_ranged_run_from_dagster_job_launch(server: Server) -> None:
    """The README's way to consolidate several days in ONE run: the partition-range tags."""
    tags = {"dagster/asset_partition_range_start": DAYS[0], "dagster/asset_partition_range_end": DAYS[-1]}
    cli = subprocess.run(
        [
            sys.executable,
            "-m",
            "dagster",
            "job",
            "launch",
            "-w",
            str(ROOT / "workspace.yaml"),
            "-l",
            LOCATION,
            "-j",
            "consolidate_job",
            "--tags",
            json.dumps(tags),
        ],
        env=server.env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert cli.returncode == 0, cli.stdout + cli.stderr

    def ranged() -> list[dict[str, Any]]:
        runs = [
            r
            for r in server.runs("consolidate_job")
            if {t["key"]: t["value"] for t in r["tags"]}.get("dagster/asset_partition_range_end") == DAYS[-1]
        ]
        assert not [r for r in runs if r["status"] in ("FAILURE", "CANCELED")], server.log_tail()
        return [r for r in runs if r["status"] == "SUCCESS"]

    [run] = wait_until(ranged, 180, interval=2, message=server.log_tail)
    server.remember_pids()
    logs = graphql(server.url, RUN_LOGS, {"runId": run["runId"]})["logsForRun"]["events"]
    said = " ".join(e.get("message") or "" for e in logs)
    assert f"with a turn on {DAYS[0]}..{DAYS[-1]}" in said, said  # all three days in this one run
