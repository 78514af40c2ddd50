"""The deployment file: defaults documented in memory_sink/configs/default.yaml match the code."""

from __future__ import annotations

import json
import logging
from dataclasses import asdict
from pathlib import Path

import pytest
import yaml

from memory_sink import db
from memory_sink.config import Config, ConfigError, config_from_mapping, load_config

ROOT = Path(__file__).parent.parent


def test_default_yaml_spells_out_exactly_the_code_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TIERMEM_DSN", raising=False)
    documented = yaml.safe_load((ROOT / "memory_sink" / "configs" / "default.yaml").read_text(encoding="utf-8"))
    code = asdict(Config())
    code.pop("source")
    assert documented == code
    assert asdict(load_config(ROOT / "memory_sink" / "configs" / "default.yaml")) == {
        **code,
        "source": str(ROOT / "memory_sink" / "configs" / "default.yaml"),
    }


def test_environment_overrides_the_dsn(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TIERMEM_DSN", "postgresql://u@db/x")
    assert config_from_mapping({"database": {"dsn": "postgresql://other/y"}}).database.dsn == "postgresql://u@db/x"


@pytest.mark.parametrize(
    ("dsn", "warned"),
    [
        ("postgresql://app:s3cret@db/x", True),
        ("host=db dbname=x user=app password=s3cret", True),
        ("postgresql://app@db/x", False),
        ("postgresql://postgres:@/postgres?host=/tmp/pg", False),  # the embedded server's: no password
    ],
)
def test_a_password_in_the_yaml_dsn_is_warned_about_without_the_secret(
    dsn: str, warned: bool, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="memory_sink.config"):
        config_from_mapping({"database": {"dsn": dsn}}, source="prod.yaml")
    messages = [r.getMessage() for r in caplog.records if r.name == "memory_sink.config"]
    assert bool(messages) == warned
    assert all("s3cret" not in m and "TIERMEM_DSN" in m and "prod.yaml" in m for m in messages)


def test_default_data_dir_never_loosens_a_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TIERMEM_DATA_DIR", str(tmp_path / "pg"))
    assert db.default_data_dir() == tmp_path / "pg"
    monkeypatch.delenv("TIERMEM_DATA_DIR")
    monkeypatch.setattr("os.geteuid", lambda: 0)  # root: the server's user must traverse every parent
    assert db.default_data_dir() == Path("/var/lib/tiermem/pgdata")
    monkeypatch.setattr("os.geteuid", lambda: 1000)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert db.default_data_dir() == tmp_path / "state" / "tiermem" / "pgdata"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"database": {"embedded": "no"}}, "database.embedded: expected true or false"),
        ({"supersession": {"guard_keys": "project"}}, "supersession.guard_keys: expected a list"),
        ({"supersession": {"judge": "oracle"}}, "supersession.judge: expected rules or llm"),
        ({"supersession": {"semantic_threshold": 1.5}}, "supersession.semantic_threshold"),
        ({"consolidate": {"timeout_seconds": 0}}, "consolidate.timeout_seconds: expected an integer >= 1"),
        ({"consolidate": {"episode": {"max_turns": "many"}}}, "consolidate.episode.max_turns: expected an integer"),
        ({"database": {"pool_min_size": 9}}, "database.pool_min_size: must not exceed"),
    ],
)
def test_bad_values_name_the_key(data: dict, message: str) -> None:
    with pytest.raises(ConfigError, match=message.replace("(", r"\(")):
        config_from_mapping(data)


def test_the_deployment_namespace_is_every_commands_default(
    config_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from pipelines.cli import main

    config_file.write_text(config_file.read_text(encoding="utf-8") + "namespace: acme\n", encoding="utf-8")
    main(["stage", "--config", str(config_file), "--session", "s", "--role", "user", "our build server is Jenkins"])
    main(["stage", "--config", str(config_file), "-n", "other", "--session", "s", "--role", "user", "elsewhere"])
    main(["realtime", "--config", str(config_file)])
    capsys.readouterr()
    main(["recall", "--config", str(config_file), "--json", "--k", "5", "build server"])
    found = json.loads(capsys.readouterr().out)["results"]
    assert [m["namespace"] for m in found] == ["acme"]
    main(["recall", "--config", str(config_file), "--json", "--namespace", "other", "build server"])
    assert [m["content"] for m in json.loads(capsys.readouterr().out)["results"]] == ["elsewhere"]


def test_the_deployment_namespace_is_every_store_methods_default(db_dsn: str) -> None:
    from memory_sink import MemoryStore

    config = config_from_mapping({"database": {"dsn": db_dsn}, "namespace": "acme"})
    with MemoryStore.open(config) as store:
        staged = store.stage("s", "user", "our build server is Jenkins", embed=True)
        store.stage("s", "user", "our build server is Jenkins", namespace="other", embed=True)
        found = store.recall("build server", k=5)
        assert [m.namespace for m in found] == ["acme"]
        memory = found[0]
        assert store.get(memory.id).id == memory.id
        assert store.resolve_id(memory.id[:8]) == memory.id
        assert [m.id for m in store.history(memory.id)] == [memory.id]
        assert store.operations(memory.id) == store.operations(memory.id, namespace="acme")
        assert store.get(memory.id, namespace="acme").id == memory.id
    assert staged  # an event id


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"realtim": {}}, "realtim: unknown key; did you mean 'realtime'? (expected one of: consolidate, "),
        (
            {"consolidate": {"min_quiet_secs": 0}},
            "consolidate.min_quiet_secs: unknown key; did you mean 'min_quiet_seconds'? (expected one of: ",
        ),
        ({"embedder": {"modle": "x"}}, "embedder.modle: unknown key; did you mean 'model'?"),
        (
            {"consolidate": {"consolidator": {"kind": "extractiv"}}},
            "consolidate.consolidator.kind: unknown consolidator 'extractiv'; did you mean 'extractive'?",
        ),
    ],
)
def test_an_unknown_key_suggests_the_closest_known_one(data: dict, message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        config_from_mapping(data)
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value), caught.value


def test_an_unknown_key_like_no_known_one_lists_them_without_a_guess() -> None:
    with pytest.raises(ConfigError) as caught:
        config_from_mapping({"zzzz": 1})
    assert "did you mean" not in str(caught.value) and "expected one of: consolidate, database" in str(caught.value)


def test_a_bad_deployment_namespace_names_the_key() -> None:
    with pytest.raises(ConfigError, match="^namespace: .*256 bytes"):
        config_from_mapping({"namespace": "n" * 300})
    with pytest.raises(ConfigError, match=r"^mcp\.allow_namespaces: "):
        config_from_mapping({"mcp": {"allow_namespaces": ["a\x00b"]}})


def test_the_kinds_checked_on_load_are_the_registrys() -> None:
    from consolidators import KINDS
    from memory_sink.config import CONSOLIDATOR_KINDS

    assert sorted(CONSOLIDATOR_KINDS) == sorted(KINDS)
