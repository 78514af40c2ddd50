"""Dagster wiring: definitions, run config, both jobs against the real database, schedules, checks.

One Dagster instance for the whole test session (``instance_for_test`` costs
~2 s); every job runs with ``execute_in_process`` against a fresh database.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import dagster as dg
import pytest
import yaml

from memory_sink import MemoryStore
from memory_sink.config import load_config
from memory_sink.errors import ConfigError
from pipelines.definitions import LOCATION_NAME, build_definitions
from pipelines.orchestration.checks import failing_verdict, lag_verdict, tiers_verdict
from pipelines.orchestration.keys import PROVISIONAL_MEMORY, STAGED_TURNS
from pipelines.orchestration.resources import ConsolidatorResource
from pipelines.orchestration.schedules import NIGHTLY_RUN_CONFIG, previous_day_partition

ROOT = Path(__file__).resolve().parent.parent
DEPLOYMENTS = sorted(p for p in (ROOT / "memory_sink" / "configs").glob("*.yaml") if not p.name.startswith("dagster"))
CONSOLIDATE_OP = "consolidate_sessions"
FIRST_DAY = "2024-01-01"  # the test deployments' consolidate.partition_start


@pytest.fixture(scope="session")
def dagster_instance() -> Iterator[dg.DagsterInstance]:
    with dg.instance_for_test() as instance:
        yield instance


def write_deployment(path: Path, dsn: str, **sections: dict[str, Any]) -> Path:
    data: dict[str, Any] = {
        "database": {"dsn": dsn},
        "consolidate": {"min_quiet_seconds": 0, "partition_start": FIRST_DAY},
    }
    for name, values in sections.items():
        data.setdefault(name, {}).update(values)
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


@pytest.fixture
def defs(db_dsn: str, tmp_path: Path) -> dg.Definitions:
    return build_definitions(write_deployment(tmp_path / "tiermem.yaml", db_dsn))


def stage_days(store: MemoryStore) -> dict[str, list[str]]:
    """Four sessions over three UTC days; s-night crosses midnight from 03-01 into 03-02."""
    plan = {
        "s-a": ["2024-03-01T09:00:00", "We use Redis for the job queue.", "Noted, Redis backs the queue."],
        "s-night": ["2024-03-01T23:58:00", "The CEO of Acme is Jane Doe.", "Understood, Jane Doe leads Acme."],
        "s-b": ["2024-03-02T14:00:00", "My editor is Neovim now.", "Got it: Neovim."],
        "s-c": ["2024-03-03T08:30:00", "I switched to tea.", "Tea it is."],
    }
    for sid, (start, *texts) in plan.items():
        base = datetime.fromisoformat(start).replace(tzinfo=UTC)
        for seq, text in enumerate(texts):
            ts = base + timedelta(minutes=3 * seq)
            store.stage(sid, "user" if seq % 2 == 0 else "assistant", text, ts=ts, seq=seq)
    return {"2024-03-01": ["s-a", "s-night"], "2024-03-02": ["s-night", "s-b"], "2024-03-03": ["s-c"]}


def active_rows(store: MemoryStore) -> list[tuple[Any, ...]]:
    with store.connection() as conn:
        return conn.execute("""
            SELECT session_id, tier, kind, content, subject, predicate, object, event_ids
            FROM memory WHERE superseded_at IS NULL
            ORDER BY session_id, tier, kind, content""").fetchall()


def counts(store: MemoryStore) -> tuple[int, int, int]:
    """(active provisional, active consolidated, superseded) rows."""
    with store.connection() as conn:
        row = conn.execute("""
            SELECT count(*) FILTER (WHERE tier = 'provisional' AND superseded_at IS NULL),
                   count(*) FILTER (WHERE tier = 'consolidated' AND superseded_at IS NULL),
                   count(*) FILTER (WHERE superseded_at IS NOT NULL) FROM memory""").fetchone()
    assert row is not None
    return row


def active_episodes(store: MemoryStore) -> int:
    """Active episodes and their passages: what a re-consolidation of a changed session re-versions."""
    with store.connection() as conn:
        row = conn.execute(
            "SELECT count(*) FROM memory WHERE kind IN ('episode', 'passage') AND superseded_at IS NULL"
        ).fetchone()
    assert row is not None
    return int(row[0])


def output_metadata(result: dg.ExecuteInProcessResult, node: str) -> dict[str, Any]:
    """The metadata of the step's (first) materialization: every partition of a range gets the same."""
    materialization = result.asset_materializations_for_node(node)[0]
    return {k: getattr(v, "value", v) for k, v in materialization.metadata.items()}


# --- loading ------------------------------------------------------------------------


def test_definitions_load_and_every_job_resolves() -> None:
    from pipelines.definitions import defs

    dg.Definitions.validate_loadable(defs)
    realtime, consolidate = defs.resolve_job_def("realtime_job"), defs.resolve_job_def("consolidate_job")
    assert realtime.tags["tiermem/tier"] == "realtime" and consolidate.tags["tiermem/tier"] == "consolidate"
    assert isinstance(consolidate.partitions_def, dg.DailyPartitionsDefinition)
    assert consolidate.partitions_def.timezone == "UTC"
    assert defs.resolve_job_def("health_job") is not None
    schedules = {
        name: defs.resolve_schedule_def(name)
        for name in ("realtime_schedule", "consolidate_nightly_schedule", "health_schedule")
    }
    assert schedules["realtime_schedule"].cron_schedule == "* * * * *"  # memory_sink/configs/default.yaml
    assert schedules["consolidate_nightly_schedule"].cron_schedule == "30 2 * * *"
    assert all(s.default_status == dg.DefaultScheduleStatus.STOPPED for s in schedules.values())
    assert set(defs.resources or {}) == {"store", "embedder", "consolidator"}
    workspace = yaml.safe_load((ROOT / "workspace.yaml").read_text(encoding="utf-8"))
    assert [e["python_module"]["location_name"] for e in workspace["load_from"]] == [LOCATION_NAME]
    assert workspace["load_from"][0]["python_module"]["module_name"] == "pipelines.definitions"


def test_dg_loads_the_same_code_location() -> None:
    """`dg` (the optional `dg` extra) finds the project through pyproject's [tool.dg]."""
    import shutil
    import subprocess
    import sys

    dg_cli = shutil.which("dg", path=str(Path(sys.executable).parent)) or shutil.which("dg")
    if dg_cli is None:
        pytest.skip("dagster-dg-cli is not installed (pip install -e '.[dg]')")
    done = subprocess.run([dg_cli, "check", "defs"], cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0 and "All definitions loaded successfully" in done.stdout + done.stderr, done


@pytest.mark.parametrize("path", DEPLOYMENTS, ids=[p.name for p in DEPLOYMENTS])
def test_every_shipped_yaml_validates_against_the_jobs_run_config(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cfg = load_config(path)
    defs = build_definitions(path)
    for name in ("realtime_job", "consolidate_job", "health_job"):
        job = defs.resolve_job_def(name)
        assert dg.validate_run_config(job) is not None, name  # its default config + resources
    consolidate = defs.resolve_job_def("consolidate_job")
    assert dg.validate_run_config(consolidate, NIGHTLY_RUN_CONFIG)
    from memory_sink.embedder import MODELS

    assert cfg.embedder.model in MODELS
    # The consolidator is built at run time, with its secrets from the environment.
    for name, value in (
        ("TIERMEM_LLM_API_KEY", "test-key"),
        ("TIERMEM_LLM_BASE_URL", "http://llm.test/v1"),
        ("TIERMEM_LLM_MODEL", "test-model"),
    ):
        monkeypatch.setenv(name, value)
    assert ConsolidatorResource.from_config(cfg).build() is not None


@pytest.mark.parametrize(
    "text, message",
    [
        ("realtime:\n  schedule: every minute\n", "realtime.schedule: not a valid cron expression"),
        ("consolidate:\n  schedule: '61 2 * * *'\n", "consolidate.schedule: not a valid cron expression"),
        ("consolidate:\n  min_quiet_seconds: soon\n", "consolidate.min_quiet_seconds: expected an integer"),
        ("consolidate:\n  partition_start: yesterday\n", "consolidate.partition_start: expected a date"),
        ("realtime:\n  lag_alert_seconds: 0\n", "realtime.lag_alert_seconds: expected an integer >= 1"),
        ("realtime: [1, 2\n", "not valid YAML at line"),
    ],
)
def test_a_bad_yaml_gives_one_clear_error_naming_the_key(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        build_definitions(path)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_a_bad_yaml_in_tiermem_config_fails_the_code_location_with_that_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("embedder:\n  threads: many\n", encoding="utf-8")
    monkeypatch.setenv("TIERMEM_CONFIG", str(path))
    with pytest.raises(ConfigError, match=r"bad.yaml: embedder.threads: expected an integer, got 'many'"):
        build_definitions()


# --- both jobs against the real database ------------------------------------------------


def test_both_jobs_move_turns_through_both_tiers(
    defs: dg.Definitions, store: MemoryStore, dagster_instance: dg.DagsterInstance
) -> None:
    days = stage_days(store)
    realtime = defs.resolve_job_def("realtime_job").execute_in_process(instance=dagster_instance)
    assert realtime.success
    meta = output_metadata(realtime, "realtime_tick")
    assert meta["turns_embedded"] == 8 and meta["provisional_turns"] == 8 and meta["pending_turns"] == 0
    assert meta["realtime_lag_seconds_before"] > 0 and meta["realtime_lag_seconds"] == 0  # 0, not null: no gap
    [materialized] = realtime.asset_materializations_for_node("realtime_tick")
    assert materialized.asset_key == PROVISIONAL_MEMORY
    [observed] = realtime.asset_observations_for_node("realtime_tick")
    assert observed.asset_key == STAGED_TURNS and observed.metadata["pending_turns"].value == 0
    assert counts(store) == (8, 0, 0)

    consolidate = defs.resolve_job_def("consolidate_job")
    day1 = consolidate.execute_in_process(partition_key="2024-03-01", instance=dagster_instance)
    meta = output_metadata(day1, CONSOLIDATE_OP)
    assert (meta["sessions_consolidated"], meta["sessions_failed"], meta["scope"]) == (2, 0, "reconsolidate")
    assert meta["days"] == "2024-03-01..2024-03-01"
    consolidated_sessions = {r[0] for r in active_rows(store) if r[1] == "consolidated"}
    assert consolidated_sessions == set(days["2024-03-01"])
    assert meta["provisional_turns"] == 4  # s-b and s-c are still provisional: recall still finds them
    assert {m.tier for m in store.recall("which editor?", k=20) if m.session_id == "s-b"} == {"provisional"}


def test_nightly_pending_mode_consolidates_due_sessions_of_any_day(
    defs: dg.Definitions, store: MemoryStore, dagster_instance: dg.DagsterInstance
) -> None:
    stage_days(store)
    job = defs.resolve_job_def("consolidate_job")
    job.execute_in_process(partition_key="2024-03-01", instance=dagster_instance)
    before = counts(store)
    # The nightly run for 03-03 consolidates what is due: s-b (03-02) and s-c (03-03);
    # the sessions of 03-01, already consolidated, are left alone (nothing superseded).
    night = job.execute_in_process(partition_key="2024-03-03", run_config=NIGHTLY_RUN_CONFIG, instance=dagster_instance)
    meta = output_metadata(night, CONSOLIDATE_OP)
    assert (meta["scope"], meta["sessions_consolidated"]) == ("pending", 2)
    assert counts(store)[2] == before[2] and counts(store)[0] == 0


def test_op_config_targets_sessions_and_is_validated(
    defs: dg.Definitions, store: MemoryStore, dagster_instance: dg.DagsterInstance
) -> None:
    stage_days(store)
    job = defs.resolve_job_def("consolidate_job")
    targeted = job.execute_in_process(
        partition_key="2024-03-03",
        instance=dagster_instance,
        run_config={"ops": {CONSOLIDATE_OP: {"config": {"session_ids": ["s-b"], "namespace": "default"}}}},
    )
    assert output_metadata(targeted, CONSOLIDATE_OP)["scope"] == "session_ids"
    assert {r[0] for r in active_rows(store) if r[1] == "consolidated"} == {"s-b"}

    with pytest.raises(dg.DagsterInvalidConfigError):  # refused before the run starts
        job.execute_in_process(
            partition_key="2024-03-03",
            instance=dagster_instance,
            run_config={"ops": {CONSOLIDATE_OP: {"config": {"mode": "sometimes"}}}},
        )
    bad = [
        ("realtime_job", "realtime_tick", {"batch_size": 0}, "batch_size"),
        ("consolidate_job", CONSOLIDATE_OP, {"min_quiet_seconds": -1}, "min_quiet_seconds"),
        ("consolidate_job", CONSOLIDATE_OP, {"session_ids": [" "]}, "session_ids"),
    ]
    for job_name, op, config, key in bad:
        result = defs.resolve_job_def(job_name).execute_in_process(
            instance=dagster_instance,
            raise_on_error=False,
            run_config={"ops": {op: {"config": config}}},
            partition_key="2024-03-03" if job_name == "consolidate_job" else None,
        )
        assert not result.success
        failure = next(e for e in result.all_events if e.event_type_value == "STEP_FAILURE")
        error = failure.step_failure_data.error  # an asset's config error is the step's own error
        assert key in (error.message + str(error.cause)), key


def test_op_config_overrides_reach_the_pipeline(
    db_dsn: str, tmp_path: Path, dagster_instance: dg.DagsterInstance
) -> None:
    """Each override changes what a run does; unset, the deployment's value applies."""
    path = write_deployment(
        tmp_path / "t.yaml", db_dsn, realtime={"batch_size": 3}, consolidate={"min_quiet_seconds": 3600}
    )
    defs = build_definitions(path)
    realtime, consolidate = defs.resolve_job_def("realtime_job"), defs.resolve_job_def("consolidate_job")

    def tick(**config: int) -> dict[str, Any]:
        result = realtime.execute_in_process(
            instance=dagster_instance, run_config={"ops": {"realtime_tick": {"config": config}}}
        )
        return output_metadata(result, "realtime_tick")

    def night(day: str, **config: Any) -> dict[str, Any]:
        result = consolidate.execute_in_process(
            partition_key=day, instance=dagster_instance, run_config={"ops": {CONSOLIDATE_OP: {"config": config}}}
        )
        return output_metadata(result, CONSOLIDATE_OP)

    with MemoryStore.open(path) as store:
        stage_days(store)  # 8 turns, staged just now: not quiet for an hour
        store.stage("s-team", "user", "Our team uses Jira.", namespace="team", ts="2024-03-01T10:00:00+00:00")
        meta = tick(max_batches=1)  # batch_size unset: realtime.batch_size (3), not the built-in default
        assert (meta["turns_embedded"], meta["batches"], meta["pending_turns"]) == (3, 1, 6)
        meta = tick(batch_size=2, max_batches=2)
        assert (meta["turns_embedded"], meta["batches"], meta["pending_turns"]) == (4, 2, 2)
        assert tick()["turns_embedded"] == 2

        assert night("2024-03-03", mode="pending")["sessions_consolidated"] == 0  # YAML: quiet for 3600 s
        meta = night("2024-03-01", namespace="team")  # reconsolidate mode, narrowed to one namespace
        assert (meta["scope"], meta["sessions_consolidated"]) == ("reconsolidate", 1)
        assert {r[0] for r in active_rows(store) if r[1] == "consolidated"} == {"s-team"}
        meta = night("2024-03-03", mode="pending", min_quiet_seconds=0)
        assert (meta["scope"], meta["sessions_consolidated"]) == ("pending", 4)


# --- ranged runs ------------------------------------------------------------------------


def test_a_ranged_run_equals_the_per_day_runs(
    defs: dg.Definitions, store: MemoryStore, dagster_instance: dg.DagsterInstance
) -> None:
    stage_days(store)
    job = defs.resolve_job_def("consolidate_job")
    for day in ("2024-03-01", "2024-03-02", "2024-03-03"):
        assert job.execute_in_process(partition_key=day, instance=dagster_instance).success
    per_day, per_day_counts = active_rows(store), counts(store)
    ranged = job.execute_in_process(
        instance=dagster_instance,
        tags={"dagster/asset_partition_range_start": "2024-03-01", "dagster/asset_partition_range_end": "2024-03-03"},
    )
    meta = output_metadata(ranged, CONSOLIDATE_OP)
    assert meta["days"] == "2024-03-01..2024-03-03"
    assert meta["sessions_consolidated"] == 4  # s-night spans two days but is consolidated once
    assert active_rows(store) == per_day
    after = counts(store)
    assert after == per_day_counts  # nothing changed in those days: every row kept, none re-versioned


# --- schedules ----------------------------------------------------------------------------


def test_realtime_schedule_skips_while_a_realtime_run_is_in_flight(
    defs: dg.Definitions, dagster_instance: dg.DagsterInstance
) -> None:
    schedule = defs.resolve_schedule_def("realtime_schedule")
    job = defs.resolve_job_def("realtime_job")

    def tick() -> Any:
        return schedule.evaluate_tick(dg.build_schedule_context(instance=dagster_instance))

    idle = tick()
    assert len(idle.run_requests) == 1 and idle.run_requests[0].tags["tiermem/tier"] == "realtime"
    # A queued run must say where it will be launched from, as the webserver's runs do; Dagster
    # has no public constructor for that origin, so this test reaches into its private module.
    from dagster._core.remote_origin import (
        RegisteredCodeLocationOrigin,
        RemoteJobOrigin,
        RemoteRepositoryOrigin,
    )

    origin = RemoteJobOrigin(
        RemoteRepositoryOrigin(RegisteredCodeLocationOrigin(LOCATION_NAME), "__repository__"), job.name
    )
    for status in ("queued", "starting", "started"):
        run = dagster_instance.create_run_for_job(job_def=job, status=status.upper(), remote_job_origin=origin)
        try:
            busy = tick()
            assert not busy.run_requests
            assert "still in flight" in busy.skip_message
            assert f"({run.run_id[:8]}, {status.upper()})" in busy.skip_message
        finally:
            dagster_instance.delete_run(run.run_id)
    other = dagster_instance.create_run_for_job(
        job_def=defs.resolve_job_def("health_job"), status=dg.DagsterRunStatus.STARTED
    )
    try:
        assert len(tick().run_requests) == 1  # only realtime runs hold the realtime tick back
    finally:
        dagster_instance.delete_run(other.run_id)


@pytest.mark.parametrize(
    "scheduled, partition",
    [
        ("2024-03-05T02:30:00+00:00", "2024-03-04"),
        ("2024-03-05T00:00:00+00:00", "2024-03-04"),
        ("2024-03-05T23:59:00+00:00", "2024-03-04"),
        ("2024-03-05T01:30:00+02:00", "2024-03-03"),  # 23:30 UTC on 03-04
    ],
)
def test_nightly_schedule_targets_the_previous_utc_day(
    defs: dg.Definitions, dagster_instance: dg.DagsterInstance, scheduled: str, partition: str
) -> None:
    schedule = defs.resolve_schedule_def("consolidate_nightly_schedule")
    when = datetime.fromisoformat(scheduled)
    assert previous_day_partition(when) == partition
    data = schedule.evaluate_tick(
        dg.build_schedule_context(
            instance=dagster_instance, scheduled_execution_time=when, repository_def=defs.get_repository_def()
        )
    )
    [request] = data.run_requests
    assert request.partition_key == partition
    assert request.run_config == NIGHTLY_RUN_CONFIG
    job = defs.resolve_job_def("consolidate_job")
    assert job.partitions_def.has_partition_key(partition)


def test_nightly_schedule_skips_days_before_the_first_partition(
    defs: dg.Definitions, dagster_instance: dg.DagsterInstance
) -> None:
    schedule = defs.resolve_schedule_def("consolidate_nightly_schedule")
    when = datetime(2024, 1, 1, 2, 30, tzinfo=UTC)
    data = schedule.evaluate_tick(
        dg.build_schedule_context(
            instance=dagster_instance, scheduled_execution_time=when, repository_def=defs.get_repository_def()
        )
    )
    assert not data.run_requests and "partition_start" in data.skip_message


# --- checks -------------------------------------------------------------------------------


def check_results(defs: dg.Definitions, instance: dg.DagsterInstance) -> dict[str, Any]:
    result = defs.resolve_job_def("health_job").execute_in_process(instance=instance)
    assert result.success
    return {e.check_name: e for e in result.get_asset_check_evaluations()}


def test_health_checks_surface_lag_tier_violations_and_failing_sessions(
    db_dsn: str, tmp_path: Path, dagster_instance: dg.DagsterInstance
) -> None:
    path = write_deployment(
        tmp_path / "t.yaml", db_dsn, realtime={"lag_alert_seconds": 60}, consolidate={"failure_alert_attempts": 2}
    )
    defs = build_definitions(path)
    with MemoryStore.open(path) as store:
        assert all(c.passed for c in check_results(defs, dagster_instance).values())
        stage_days(store)
        with store.connection() as conn:  # the realtime schedule has been off for ten minutes
            conn.execute("UPDATE memory_staging SET staged_at = staged_at - interval '10 minutes'")
        lag = check_results(defs, dagster_instance)["realtime_lag"]
        assert not lag.passed and lag.metadata["realtime_lag_seconds"].value > 60

        defs.resolve_job_def("realtime_job").execute_in_process(instance=dagster_instance)
        with store.connection() as conn:  # break invariant 5 by hand, both ways
            conn.execute("""
                INSERT INTO memory (namespace, session_id, tier, kind, content, embedding, event_ids,
                                    valid_from, embed_model)
                SELECT namespace, session_id, 'consolidated', 'episode', content, embedding, event_ids,
                       valid_from, embed_model FROM memory WHERE session_id = 's-a'""")
            conn.execute("DELETE FROM memory WHERE session_id = 's-c' AND tier = 'provisional'")
        for _ in range(2):
            store.tiers.record_failure("default", "s-b", "ValueError: the consolidator choked")
        results = check_results(defs, dagster_instance)
    assert results["realtime_lag"].passed
    tiers = results["no_turn_in_both_tiers"]
    assert not tiers.passed and tiers.severity == dg.AssetCheckSeverity.ERROR
    assert (tiers.metadata["turns_in_both_tiers"].value, tiers.metadata["turns_in_neither_tier"].value) == (2, 2)
    failing = results["no_repeatedly_failing_sessions"]
    assert not failing.passed and failing.metadata["sessions_failing_repeatedly"].value == 1
    assert failing.metadata["sessions"].value[0]["session_id"] == "s-b"


def test_check_verdicts_are_pure_functions() -> None:
    assert lag_verdict({"realtime_lag_seconds": None}, 300) == (True, {"realtime_lag_seconds": 0.0, "pending_turns": 0})
    assert lag_verdict({"realtime_lag_seconds": 300.0}, 300)[0]
    assert not lag_verdict({"realtime_lag_seconds": 300.5, "pending_turns": 3}, 300)[0]
    assert tiers_verdict({"turns_in_both_tiers": 0, "turns_in_neither_tier": 0})[0]
    assert not tiers_verdict({"turns_in_both_tiers": 0, "turns_in_neither_tier": 1})[0]
    failing = [{"namespace": "n", "session_id": "s", "attempts": 2, "last_error": None}]
    assert failing_verdict({"failing": failing}, 3)[0]
    assert not failing_verdict({"failing": failing}, 2)[0]
