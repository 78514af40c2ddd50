"""A Dagster run may change run parameters, never where data and secrets go.

The Launchpad has no login: each override that would send transcripts or a secret
elsewhere, or import code, must fail the run with one line naming the key, before
anything is imported or connected; run parameters must still reach the pipeline.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dagster as dg
import pytest
import yaml

from memory_sink import MemoryStore
from memory_sink.config import load_config
from memory_sink.errors import ConfigError
from pipelines.definitions import build_definitions
from pipelines.orchestration.resources import ConsolidatorResource

CONSOLIDATE_OP = "consolidate_sessions"
LLM_OPTIONS = {"base_url": "http://llm.internal/v1", "model": "m", "api_key_env": "TIERMEM_LLM_API_KEY"}
SENTINEL = "tiermem_override_sentinel"  # a module whose import is observable


@pytest.fixture(scope="module")
def dagster_instance() -> Iterator[dg.DagsterInstance]:
    with dg.instance_for_test() as instance:
        yield instance


@pytest.fixture
def sentinel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An importable module that leaves a file behind when imported."""
    mark = tmp_path / "imported"
    (tmp_path / f"{SENTINEL}.py").write_text(
        f"open({str(mark)!r}, 'w').close()\ndef consolidate(t, c):\n    return {{'episodes': [], 'facts': []}}\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, SENTINEL, raising=False)
    return mark


def deployment(tmp_path: Path, dsn: str, name: str = "t.yaml", **sections: Any) -> Path:
    data: dict[str, Any] = {
        "database": {"dsn": dsn},
        "consolidate": {"min_quiet_seconds": 0, "partition_start": "2024-01-01"},
    }
    for section, values in sections.items():
        data.setdefault(section, {}).update(values)
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def llm_deployment(tmp_path: Path, dsn: str, **orchestration: Any) -> Path:
    return deployment(
        tmp_path,
        dsn,
        consolidate={
            "min_quiet_seconds": 0,
            "partition_start": "2024-01-01",
            "consolidator": {"kind": "llm", "options": LLM_OPTIONS},
        },
        **({"orchestration": orchestration} if orchestration else {}),
    )


def launch(path: Path, instance: dg.DagsterInstance, resources: dict[str, Any]) -> dg.ExecuteInProcessResult:
    job = build_definitions(path).resolve_job_def("consolidate_job")
    return job.execute_in_process(
        instance=instance,
        raise_on_error=False,
        partition_key="2024-03-01",
        run_config={"resources": {name: {"config": config} for name, config in resources.items()}},
    )


def failure(result: dg.ExecuteInProcessResult, error: str = "ConfigError") -> str:
    assert not result.success
    event = next(e for e in result.all_events if e.event_type_value == "STEP_FAILURE")
    cause = event.step_failure_data.error.cause or event.step_failure_data.error
    assert cause.cls_name == error, cause
    return cause.message.strip().removeprefix(f"memory_sink.errors.{error}: ")


def staged(dsn: str) -> MemoryStore:
    store = MemoryStore.open(load_config({"database": {"dsn": dsn}}))
    store.stage("s1", "user", "I live in Lisbon.", ts="2024-03-01T09:00:00+00:00", seq=1)
    return store


def consolidated(store: MemoryStore) -> int:
    with store.connection() as conn:
        row = conn.execute("SELECT count(*) FROM memory WHERE tier = 'consolidated'").fetchone()
    assert row is not None
    return int(row[0])


EXFILTRATE = {"kind": "llm", "options": {**LLM_OPTIONS, "base_url": "http://attacker.test/v1"}}


@pytest.mark.parametrize(
    ("base", "resources", "key"),
    [
        # the attack: an extractive deployment switched to an LLM at any URL, the DSN as its key
        ("extractive", {"consolidator": {**EXFILTRATE, "options": {**EXFILTRATE["options"], "api_key_env": "TIERMEM_DSN"}}}, "consolidator.kind"),
        ("extractive", {"consolidator": {"kind": "callable", "options": {"target": f"{SENTINEL}:consolidate"}}}, "consolidator.kind"),
        ("llm", {"consolidator": EXFILTRATE}, "consolidator.options.base_url"),
        ("llm", {"consolidator": {"kind": "llm", "options": {**LLM_OPTIONS, "api_key_env": "TIERMEM_DSN"}}}, "consolidator.options.api_key_env"),
        ("llm", {"consolidator": {"kind": "llm", "options": {"base_url_env": "TIERMEM_DSN", "model": "m"}}}, "consolidator.options.base_url_env"),
        ("llm", {"consolidator": {"kind": "llm", "options": {**LLM_OPTIONS, "model_env": "TIERMEM_DSN"}}}, "consolidator.options.model_env"),
        ("callable", {"consolidator": {"kind": "callable", "options": {"target": f"{SENTINEL}:consolidate"}}}, "consolidator.options.target"),
        ("extractive", {"store": {"config_path": "OTHER"}}, "store.config_path"),
        ("extractive", {"store": {"config_path": None}}, "store.config_path"),
        ("extractive", {"embedder": {"model": "all-minilm-l6-v2-int8", "path": "/tmp"}}, "embedder.path"),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)  # fmt: skip
def test_each_override_of_where_data_and_secrets_go_fails_the_run_naming_the_key(
    base: str,
    resources: dict[str, Any],
    key: str,
    db_dsn: str,
    tmp_path: Path,
    sentinel: Path,
    dagster_instance: dg.DagsterInstance,
) -> None:
    kinds = {
        "extractive": {},
        "llm": {"kind": "llm", "options": LLM_OPTIONS},
        "callable": {"kind": "callable", "options": {"target": "json:loads"}},
    }
    consolidate: dict[str, Any] = {"min_quiet_seconds": 0, "partition_start": "2024-01-01"}
    if kinds[base]:
        consolidate["consolidator"] = kinds[base]
    path = deployment(tmp_path, db_dsn, consolidate=consolidate)
    if resources.get("store", {}).get("config_path") == "OTHER":
        resources = {"store": {"config_path": str(deployment(tmp_path, db_dsn, name="other.yaml"))}}
    with staged(db_dsn) as store:
        message = failure(launch(path, dagster_instance, resources))
        assert message.startswith(f"{key}: a Dagster run may not override this"), message
        assert "\n" not in message and "attacker" not in message and "TIERMEM_DSN" not in message
        assert consolidated(store) == 0  # refused before anything was consolidated
    assert not sentinel.exists()  # and before any code was imported


def test_run_parameters_still_reach_the_run(db_dsn: str, tmp_path: Path, dagster_instance: dg.DagsterInstance) -> None:
    """The Launchpad's own defaults, the embedder's tuning and a local consolidator are run parameters."""
    path = deployment(tmp_path, db_dsn)
    cfg = load_config(path)
    with staged(db_dsn) as store:
        tuned = {
            "store": {"config_path": str(path.resolve())},  # what the Launchpad shows, sent back unchanged
            "embedder": {"model": cfg.embedder.model, "path": None, "threads": 1, "batch_size": 8},
            "consolidator": {"kind": "passthrough", "options": {"max_summary_chars": 40}},
        }
        result = launch(path, dagster_instance, tuned)
        assert result.success
        with store.connection() as conn:
            episodes = conn.execute("SELECT content FROM memory WHERE kind = 'episode'").fetchall()
        assert len(episodes) == 1 and consolidated(store) > 0
        # the embedder's run config reaches the store that embeds with it
        message = failure(launch(path, dagster_instance, {"embedder": {"model": "no-such-model"}}))
        assert "embedder.model: unknown model 'no-such-model'" in message  # after the config file's name


def test_an_llm_deployment_may_be_tuned_per_run_but_not_redirected(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TIERMEM_LLM_API_KEY", "k")
    cfg = load_config({"consolidate": {"consolidator": {"kind": "llm", "options": LLM_OPTIONS}}})
    tuned = {**LLM_OPTIONS, "model": "bigger", "temperature": 0.5, "timeout_seconds": 5, "max_retries": 0}
    built = ConsolidatorResource(kind="llm", options=tuned, pinned=cfg).build()
    assert built.client.model == "bigger"  # type: ignore[attr-defined]
    without_key = {k: v for k, v in LLM_OPTIONS.items() if k != "api_key_env"}  # sends no key: allowed
    assert ConsolidatorResource(kind="llm", options=without_key, pinned=cfg).build() is not None
    local = ConsolidatorResource(kind="extractive", options={}, pinned=cfg).build()  # away from the endpoint
    assert local.name == "extractive"


def test_the_deployment_can_allow_an_override_by_listing_its_key(
    db_dsn: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TIERMEM_LLM_API_KEY", "k")
    cfg = load_config(llm_deployment(tmp_path, db_dsn, allowed_overrides=["consolidator.options.base_url"]))
    moved = {**LLM_OPTIONS, "base_url": "http://other-llm.internal/v1"}
    built = ConsolidatorResource(kind="llm", options=moved, pinned=cfg).build()
    assert built.client.url == "http://other-llm.internal/v1/chat/completions"  # type: ignore[attr-defined]
    with pytest.raises(ConfigError, match=r"^consolidator.options.api_key_env: a Dagster run may not"):
        ConsolidatorResource(kind="llm", options={**moved, "api_key_env": "TIERMEM_DSN"}, pinned=cfg).build()


@pytest.mark.parametrize("entry", ["consolidator.options.temperature", "store.embedder", "database.dsn"])
def test_only_pinned_keys_can_be_listed_as_allowed(entry: str) -> None:
    with pytest.raises(ConfigError, match=rf"^orchestration.allowed_overrides: '{entry}' is not a pinned key"):
        load_config({"orchestration": {"allowed_overrides": [entry]}})
