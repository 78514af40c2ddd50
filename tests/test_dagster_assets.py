"""The Dagster assets: lineage, truthful partitions, failed sessions, and the checks that run with the jobs.

Every run materializes the real assets against the embedded test database
(``execute_in_process`` / ``materialize``), in one Dagster instance per test.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import dagster as dg
import pytest

from memory_sink import MemoryStore, health
from memory_sink.config import load_config
from pipelines.backfill import run_backfill
from pipelines.definitions import build_definitions
from pipelines.orchestration.checks import RETIRED_FLOOR, retired_verdict
from pipelines.orchestration.keys import CONSOLIDATED_MEMORY, PROVISIONAL_MEMORY, STAGED_TURNS
from pipelines.orchestration.partitions import PARTITION_START_KEY, partition_start, recorded_start
from pipelines.realtime import run_realtime
from tests.test_dagster import CONSOLIDATE_OP, output_metadata, stage_days, write_deployment

CHOKE = {"kind": "callable", "options": {"target": "tests.test_backfill:choke_on_s_b"}}


@pytest.fixture
def instance() -> Iterator[dg.DagsterInstance]:
    with dg.instance_for_test() as inst:
        yield inst


def checks_of(result: dg.ExecuteInProcessResult) -> dict[str, dg.AssetCheckEvaluation]:
    return {e.check_name: e for e in result.get_asset_check_evaluations()}


def statuses(instance: dg.DagsterInstance, defs: dg.Definitions, keys: list[str]) -> dict[str, Any]:
    partitions = defs.resolve_job_def("consolidate_job").partitions_def
    found = instance.get_status_by_partition(CONSOLIDATED_MEMORY, keys, partitions) or {}
    return {k: getattr(v, "value", v) for k, v in found.items()}


def test_lineage_runs_from_staged_turns_to_the_daily_consolidated_memory(db_dsn: str, tmp_path: Path) -> None:
    defs = build_definitions(write_deployment(tmp_path / "t.yaml", db_dsn))
    graph = defs.resolve_asset_graph()
    assert graph.get(PROVISIONAL_MEMORY).parent_keys == {STAGED_TURNS}
    assert graph.get(CONSOLIDATED_MEMORY).parent_keys == {PROVISIONAL_MEMORY}
    assert not graph.get(STAGED_TURNS).is_materializable  # written outside Dagster
    consolidated = graph.get(CONSOLIDATED_MEMORY)
    assert consolidated.backfill_policy == dg.BackfillPolicy.single_run()
    assert isinstance(consolidated.partitions_def, dg.DailyPartitionsDefinition)
    # The jobs users know materialize these assets, each with the checks of its asset.
    job_checks = {
        name: {k.name for k in defs.resolve_job_def(name).asset_layer.asset_graph.asset_check_keys}
        for name in ("realtime_job", "consolidate_job")
    }
    assert job_checks["realtime_job"] == {"realtime_lag", "no_turn_in_both_tiers"}
    assert job_checks["consolidate_job"] == {
        "no_repeatedly_failing_sessions",
        "one_active_fact_per_single_valued_key",
        "no_provisional_row_for_consolidated_turn",
        "retired_facts_share",
    }


def test_check_descriptions_name_the_deployment_values(db_dsn: str, tmp_path: Path) -> None:
    path = write_deployment(
        tmp_path / "t.yaml",
        db_dsn,
        realtime={"lag_alert_seconds": 90},
        consolidate={"failure_alert_attempts": 5, "retired_share_alert": 0.4},
    )
    graph = build_definitions(path).resolve_asset_graph()
    specs = {k.name: graph.get_check_spec(k).description or "" for k in graph.asset_check_keys}
    assert "90 s" in specs["realtime_lag"]
    assert "5 times" in specs["no_repeatedly_failing_sessions"]
    assert "40%" in specs["retired_facts_share"]


def test_partitions_start_where_configured_else_where_the_instance_first_loaded(
    db_dsn: str, tmp_path: Path, instance: dg.DagsterInstance, monkeypatch: pytest.MonkeyPatch
) -> None:
    configured = write_deployment(tmp_path / "t.yaml", db_dsn, consolidate={"partition_start": "2024-03-01"})
    keys = build_definitions(configured).resolve_job_def("consolidate_job").partitions_def.get_partition_keys()
    assert keys[0] == "2024-03-01"

    unset = load_config(write_deployment(tmp_path / "u.yaml", db_dsn, consolidate={"partition_start": None}))
    assert unset.consolidate.partition_start is None
    monkeypatch.delenv("DAGSTER_HOME", raising=False)
    assert partition_start(unset, today=date(2026, 5, 4)) == "2026-05-04"
    # With an instance, the first day is recorded once and then kept, whatever day it loads on.
    assert recorded_start(instance, date(2026, 5, 4)) == "2026-05-04"
    assert recorded_start(instance, date(2026, 6, 1)) == "2026-05-04"
    assert instance.run_storage.get_cursor_values({PARTITION_START_KEY}) == {PARTITION_START_KEY: "2026-05-04"}


def test_a_day_without_turns_is_materialized_not_a_gap(
    db_dsn: str, tmp_path: Path, store: MemoryStore, instance: dg.DagsterInstance
) -> None:
    defs = build_definitions(write_deployment(tmp_path / "t.yaml", db_dsn))
    stage_days(store)
    job = defs.resolve_job_def("consolidate_job")
    quiet = job.execute_in_process(partition_key="2024-02-10", instance=instance)
    assert quiet.success
    meta = output_metadata(quiet, CONSOLIDATE_OP)
    assert (meta["sessions_on_days"], meta["sessions_consolidated"], meta["days_without_turns"]) == (0, 0, 1)
    assert meta["sessions_per_day"] == {}
    busy = job.execute_in_process(partition_key="2024-03-02", instance=instance)
    assert output_metadata(busy, CONSOLIDATE_OP)["sessions_on_days"] == 2
    assert statuses(instance, defs, ["2024-02-10", "2024-03-02", "2024-02-11"]) == {
        "2024-02-10": "MATERIALIZED",
        "2024-03-02": "MATERIALIZED",
        "2024-02-11": None,
    }


def test_a_ranged_backfill_is_one_run_that_materializes_every_day(
    db_dsn: str, tmp_path: Path, store: MemoryStore, instance: dg.DagsterInstance
) -> None:
    defs = build_definitions(write_deployment(tmp_path / "t.yaml", db_dsn))
    stage_days(store)
    assets = [a for a in defs.assets or [] if isinstance(a, dg.AssetsDefinition)]
    result = dg.materialize(
        assets,
        selection=[CONSOLIDATED_MEMORY],
        instance=instance,
        resources=defs.resources,
        tags={"dagster/asset_partition_range_start": "2024-02-29", "dagster/asset_partition_range_end": "2024-03-03"},
    )
    assert result.success and len(instance.get_run_records()) == 1
    partitions = [m.partition for m in result.asset_materializations_for_node(CONSOLIDATE_OP)]
    assert partitions == ["2024-02-29", "2024-03-01", "2024-03-02", "2024-03-03"]
    meta = output_metadata(result, CONSOLIDATE_OP)
    assert meta["sessions_consolidated"] == meta["sessions_on_days"] == 4  # s-night spans two days, counted once
    # Every partition shows the run's metadata, so the days are itemized: 02-29 had no turns.
    assert meta["sessions_per_day"] == {"2024-03-01": 2, "2024-03-02": 2, "2024-03-03": 1}
    assert meta["days_without_turns"] == 1


def test_a_run_with_a_failed_session_fails_and_keeps_the_others(
    db_dsn: str, tmp_path: Path, store: MemoryStore, instance: dg.DagsterInstance
) -> None:
    path = write_deployment(tmp_path / "t.yaml", db_dsn, consolidate={"consolidator": CHOKE})
    defs = build_definitions(path)
    stage_days(store)
    assert defs.resolve_job_def("realtime_job").execute_in_process(instance=instance).success
    job = defs.resolve_job_def("consolidate_job")
    failed = job.execute_in_process(partition_key="2024-03-02", instance=instance, raise_on_error=False)
    assert not failed.success
    failure = next(e for e in failed.all_events if e.event_type_value == "STEP_FAILURE")
    assert "1 of 2 sessions failed" in failure.step_failure_data.user_failure_data.description
    assert failure.step_failure_data.user_failure_data.metadata["sessions_failed"].value == 1
    assert statuses(instance, defs, ["2024-03-02"]) == {"2024-03-02": "FAILED"}
    with store.connection() as conn:  # s-night's work is kept; s-b keeps its provisional rows
        tiers = dict(
            conn.execute(
                "SELECT session_id, array_agg(DISTINCT tier) FROM memory WHERE superseded_at IS NULL "
                "AND session_id IN ('s-night', 's-b') GROUP BY session_id"
            ).fetchall()
        )
    assert tiers == {"s-night": ["consolidated"], "s-b": ["provisional"]}
    # A day whose sessions all succeed still materializes.
    assert job.execute_in_process(partition_key="2024-03-03", instance=instance).success
    assert statuses(instance, defs, ["2024-03-02", "2024-03-03"]) == {
        "2024-03-02": "FAILED",
        "2024-03-03": "MATERIALIZED",
    }


def test_consolidate_checks_fail_when_their_invariant_breaks(
    db_dsn: str, tmp_path: Path, store: MemoryStore, instance: dg.DagsterInstance
) -> None:
    defs = build_definitions(write_deployment(tmp_path / "t.yaml", db_dsn))
    stage_days(store)
    defs.resolve_job_def("realtime_job").execute_in_process(instance=instance)
    job = defs.resolve_job_def("consolidate_job")
    checks = checks_of(job.execute_in_process(partition_key="2024-03-01", instance=instance))
    assert all(c.passed for c in checks.values()) and len(checks) == 4
    with store.connection() as conn:
        # Two active values of a single-valued key, written past the supersession engine.
        conn.execute("""
            INSERT INTO memory (namespace, session_id, tier, kind, content, embedding, event_ids, valid_from,
                                embed_model, subject, predicate, object)
            SELECT namespace, session_id, 'consolidated', 'fact', v, embedding, event_ids, valid_from, embed_model,
                   'user', 'lives in', v
            FROM memory, unnest(ARRAY['Paris', 'Berlin']) AS v
            WHERE session_id = 's-a' AND kind = 'episode' AND superseded_at IS NULL""")
        # A provisional row left behind for a turn staging calls consolidated.
        conn.execute("""
            UPDATE memory_staging SET consolidated_at = now()
            WHERE event_id IN (SELECT event_ids[1] FROM memory WHERE session_id = 's-c' AND tier = 'provisional')""")
    checks = checks_of(defs.resolve_job_def("health_job").execute_in_process(instance=instance))
    single = checks["one_active_fact_per_single_valued_key"]
    assert not single.passed
    assert single.metadata["keys"].value[0]["predicate"] == "lives in" and single.metadata["keys"].value[0]["vals"] == 2
    leftover = checks["no_provisional_row_for_consolidated_turn"]
    assert not leftover.passed and leftover.metadata["provisional_rows_of_consolidated_turns"].value == 2
    assert leftover.severity == dg.AssetCheckSeverity.ERROR


def test_retired_share_counts_retirements_not_reversions(store: MemoryStore) -> None:
    stage_days(store)
    run_realtime(store)
    run_backfill(store, [("default", "s-a"), ("default", "s-night"), ("default", "s-b"), ("default", "s-c")])
    with store.connection() as conn:
        since, active = health.active_facts_now(conn)
    assert active > 0
    run_backfill(store, [("default", "s-a")])  # re-consolidation re-versions, retires nothing
    with store.connection() as conn:
        assert health.facts_retired_since(conn, since) == 0
        conn.execute(
            "UPDATE memory SET superseded_at = clock_timestamp() WHERE kind = 'fact' AND superseded_at IS NULL"
        )
        assert health.facts_retired_since(conn, since) == active
    assert retired_verdict(RETIRED_FLOOR - 1, RETIRED_FLOOR - 1, 0.1)[0]  # few retirements never alert
    assert not retired_verdict(RETIRED_FLOOR, RETIRED_FLOOR * 2, 0.25)[0]
    assert retired_verdict(RETIRED_FLOOR, RETIRED_FLOOR * 4, 0.25)[0]


def test_descriptions_the_ui_shows_carry_no_rst_markup(db_dsn: str, tmp_path: Path) -> None:
    defs = build_definitions(write_deployment(tmp_path / "t.yaml", db_dsn))
    graph = defs.resolve_asset_graph()
    texts = [r.get_resource_definition().description or "" for r in (defs.resources or {}).values()]
    texts += [graph.get(k).description or "" for k in graph.get_all_asset_keys()]
    texts += [graph.get_check_spec(k).description or "" for k in graph.asset_check_keys]
    assert len(texts) == 3 + 3 + 6 and all(texts)
    assert not [t for t in texts if "``" in t or ":func:" in t]
