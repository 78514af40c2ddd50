"""Fixtures: one real embedded PostgreSQL + pgvector server per test session.

Each test that needs a database gets its own, cloned from a migrated template
(cheap, and no test sees another's rows). The model cache lives in a temporary
directory so tests never touch the user's cache.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from memory_sink import MemoryStore, db
from memory_sink.config import Config, config_from_mapping

TEMPLATE = "tiermem_template"


@pytest.fixture(scope="session", autouse=True)
def _isolated_env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    saved = {k: os.environ.get(k) for k in ("TIERMEM_CACHE_DIR", "TIERMEM_CONFIG", "TIERMEM_DSN")}
    os.environ["TIERMEM_CACHE_DIR"] = str(tmp_path_factory.mktemp("model-cache"))
    os.environ.pop("TIERMEM_CONFIG", None)
    os.environ.pop("TIERMEM_DSN", None)
    yield
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture(scope="session")
def pg_admin_dsn() -> Iterator[str]:
    """The embedded server's maintenance DSN, with a migrated template database.

    Not under pytest's basetemp: another pytest run tightens that tree to 0700
    (and prunes old runs), which would pull the data dir from under the server.
    """
    root = Path(tempfile.mkdtemp(prefix="tiermem-test-pg-"))
    root.chmod(0o755)  # mkdtemp makes it private; as root tiermem refuses to open it for the server
    data_dir = root / "data"
    dsn = db.embedded_dsn(data_dir)
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {TEMPLATE}")
    db.migrate(with_dbname(dsn, TEMPLATE))
    yield dsn
    db.stop_embedded(data_dir)
    shutil.rmtree(root, ignore_errors=True)


def with_dbname(dsn: str, dbname: str) -> str:
    return psycopg.conninfo.make_conninfo(dsn, dbname=dbname)


@pytest.fixture
def db_dsn(pg_admin_dsn: str) -> Iterator[str]:
    """A fresh, migrated database for one test."""
    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(pg_admin_dsn, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}")
    yield with_dbname(pg_admin_dsn, name)
    with psycopg.connect(pg_admin_dsn, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def make_config(dsn: str, **overrides: Any) -> Config:
    data: dict[str, Any] = {"database": {"dsn": dsn}, "consolidate": {"min_quiet_seconds": 0}}
    for section, values in overrides.items():
        data.setdefault(section, {}).update(values)
    return config_from_mapping(data)


@pytest.fixture
def config(db_dsn: str) -> Config:
    return make_config(db_dsn)


@pytest.fixture
def store(config: Config) -> Iterator[MemoryStore]:
    with MemoryStore.open(config) as s:
        yield s


@pytest.fixture
def config_file(db_dsn: str, tmp_path: Path) -> Path:
    """A deployment YAML pointing at the test database (for CLI tests)."""
    path = tmp_path / "tiermem.yaml"
    path.write_text(f"database:\n  dsn: '{db_dsn}'\nconsolidate:\n  min_quiet_seconds: 0\n", encoding="utf-8")
    return path
