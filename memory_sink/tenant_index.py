"""Indexes of their own for large namespaces: per-namespace partial HNSW and GIN indexes, and their registry.

The shared HNSW index holds every tenant's consolidated rows. A scan for a tenant
holding a small share of them keeps only that tenant's rows as it goes, and with
ef_search 100 sees about a dozen of them per 100 candidates: at 1M rows the largest
tenants' overlap@10 with exact search was 0.71-0.83 (BENCHMARKS.md, *Recall over
many tenants*). A namespace given its own graph — a partial HNSW index over its
active consolidated rows — is searched through that graph instead: recall's
statement names the namespace as a literal (``recall.own_graph_statement``; a
partial index's predicate matches constants only, never a generic plan's
parameter) and raises ``hnsw.ef_search`` to ``recall.OWN_GRAPH_EF_SEARCH``. The
lexical branch has the same problem with the shared GIN index (it returns every
tenant's rows holding a question's terms, each read from the heap and then
filtered out: ~100 ms for the largest tenant at 1M rows), so the namespace also
gets a partial GIN index over its active rows, which the same literal lets the
planner use (p50 94 -> 4 ms in the same measurement).

The registry (migration 0014, ``memory_tenant_index``) says which namespaces
should have one; the catalog says which do. Recall trusts only the catalog's
valid indexes (``own_graphs``), cached per process for ``TTL`` seconds, and
its own-graph statement keeps recall's filters, so a stale cache or a dropped
index costs speed, never a wrong row.

Building: ``CREATE INDEX CONCURRENTLY`` (writers and readers go on), one build or
drop per database at a time (a session advisory lock, taken without waiting: a
session waiting on it would hold a snapshot the concurrent build waits for). A
build that failed or was interrupted leaves an invalid index
(``pg_index.indisvalid`` false); ``create`` drops and rebuilds it, so it is
re-runnable, and a valid index is left as it is (idempotent).
"""

from __future__ import annotations

import contextlib
import hashlib
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import psycopg
from psycopg import sql

from . import db
from .errors import DatabaseError, InputError
from .per_database import PerDatabase
from .staging import validate_namespace

INDEX_PREFIX = "memory_tenant_hnsw_"
LEXICAL_PREFIX = "memory_tenant_tsv_"
BUILD_LOCK = 7_318_842_014  # pg_try_advisory_lock key (one-key space, beside the migration lock)
TTL = 30.0  # seconds a process trusts its list of namespaces with a graph of their own

# The registry's statements. Invariant: a row is a request (see migration 0014);
# only a valid index in the catalog makes recall use it (READY).
REGISTER = """
INSERT INTO memory_tenant_index (namespace, index_name, lexical_index_name) VALUES (%s, %s, %s)
ON CONFLICT (namespace) DO NOTHING
"""
MARK_BUILT = "UPDATE memory_tenant_index SET built_at = clock_timestamp(), build_seconds = %s WHERE namespace = %s"
# A build that ended before its row was marked (the process died between the two).
MARK_FOUND = "UPDATE memory_tenant_index SET built_at = clock_timestamp() WHERE namespace = %s AND built_at IS NULL"
UNREGISTER = "DELETE FROM memory_tenant_index WHERE namespace = %s"
# NULL: no such index; false: a build running, failed or interrupted; true: usable.
VALIDITY = "SELECT (SELECT indisvalid FROM pg_index WHERE indexrelid = to_regclass(%s))"
READY = """
SELECT t.namespace FROM memory_tenant_index t JOIN pg_index i ON i.indexrelid = to_regclass(t.index_name)
WHERE i.indisvalid
"""
# An index's state and size, for LIST (``{column}``: the registry column naming it).
_STATE_OF = """(
    SELECT CASE WHEN i.indexrelid IS NULL THEN 'missing'
                WHEN i.indisvalid THEN 'ready'
                WHEN EXISTS (SELECT 1 FROM pg_stat_progress_create_index p WHERE p.index_relid = i.indexrelid)
                     THEN 'building'
                ELSE 'invalid' END AS state,
           coalesce(pg_relation_size(i.indexrelid), 0) AS bytes
    FROM (SELECT to_regclass(t.{column}) AS rel) r LEFT JOIN pg_index i ON i.indexrelid = r.rel
)"""
_GRAPH_STATE = _STATE_OF.format(column="index_name")
_LEXICAL_STATE = _STATE_OF.format(column="lexical_index_name")
LIST = f"""
SELECT t.namespace, t.index_name, t.lexical_index_name, t.requested_at, t.built_at, t.build_seconds,
       g.state, x.state, g.bytes + x.bytes,
       (SELECT count(*) FROM memory m
        WHERE m.namespace = t.namespace AND m.tier = 'consolidated' AND m.superseded_at IS NULL) AS active_rows
FROM memory_tenant_index t CROSS JOIN LATERAL {_GRAPH_STATE} g CROSS JOIN LATERAL {_LEXICAL_STATE} x
ORDER BY t.namespace
"""
# Namespaces past a size, for the maintenance step (`tiermem tenant-index auto`): one
# scan of the active rows' namespaces, largest first.
LARGE = """
SELECT namespace FROM memory WHERE tier = 'consolidated' AND superseded_at IS NULL
GROUP BY namespace HAVING count(*) > %s ORDER BY count(*) DESC, namespace
"""
TRY_LOCK = "SELECT pg_try_advisory_lock(%s)"
SET_BUILD_MEMORY = "SELECT set_config('maintenance_work_mem', %s, false)"
# The graph's rows are exactly those recall's own-graph arm reads (recall.own_graph_statement):
# the namespace's active consolidated rows. Provisional rows stay out, as in the shared
# graph (migration 0012). The lexical index holds the rows recall's lexical branch reads
# (recall.LEXICAL: active rows of both tiers), as the shared GIN index does.
# Identifiers and the namespace go through psycopg's quoting.
CREATE_GRAPH = sql.SQL(
    "CREATE INDEX CONCURRENTLY {name} ON memory USING hnsw (embedding vector_cosine_ops)"
    " WHERE namespace = {namespace} AND superseded_at IS NULL AND tier = 'consolidated'"
)
CREATE_LEXICAL = sql.SQL(
    "CREATE INDEX CONCURRENTLY {name} ON memory USING gin (content_tsv)"
    " WHERE namespace = {namespace} AND superseded_at IS NULL"
)
DROP_INDEX = sql.SQL("DROP INDEX CONCURRENTLY IF EXISTS {name}")


@dataclass(frozen=True)
class TenantIndex:
    """One namespace's indexes as the registry and the catalog see them."""

    namespace: str
    index_name: str
    lexical_index_name: str
    graph_state: str  # ready, building, invalid (a failed or interrupted build), missing
    lexical_state: str
    requested_at: datetime
    built_at: datetime | None
    build_seconds: float | None  # both indexes
    bytes: int  # both indexes
    active_rows: int  # consolidated: the graph's rows

    @property
    def state(self) -> str:
        """One word when both indexes agree (``ready``), else each one's."""
        if self.graph_state == self.lexical_state:
            return self.graph_state
        return f"graph {self.graph_state}, lexical {self.lexical_state}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "namespace": self.namespace,
            "index": self.index_name,
            "lexical_index": self.lexical_index_name,
            "state": self.state,
            "graph_state": self.graph_state,
            "lexical_state": self.lexical_state,
            "requested_at": self.requested_at.isoformat(),
            "built_at": self.built_at.isoformat() if self.built_at else None,
            "build_seconds": self.build_seconds,
            "bytes": self.bytes,
            "active_rows": self.active_rows,
        }


def index_name(namespace: str) -> str:
    """The index of ``namespace``'s own graph: a hash, so any namespace gives a short, plain identifier."""
    return INDEX_PREFIX + _key(namespace)


def lexical_index_name(namespace: str) -> str:
    return LEXICAL_PREFIX + _key(namespace)


def _key(namespace: str) -> str:
    return hashlib.sha256(validate_namespace(namespace).encode()).hexdigest()[:16]


@contextmanager
def _build_session(dsn: str, what: str) -> Iterator[psycopg.Connection]:
    """An autocommit connection (CONCURRENTLY refuses a transaction) holding the database's build lock."""
    with db.connect(dsn, autocommit=True) as conn:
        if not conn.execute(TRY_LOCK, (BUILD_LOCK,)).fetchone()[0]:  # type: ignore[index]
            raise DatabaseError(
                f"{what}: another tenant-index create or drop is running on this database; retry after it"
            )
        yield conn  # closing the connection releases the lock, however the work ended


def _validity(conn: psycopg.Connection, name: str) -> bool | None:
    row = conn.execute(VALIDITY, (name,)).fetchone()
    return None if row is None or row[0] is None else bool(row[0])


def create(dsn: str, namespace: str, *, memory: str | None = None) -> tuple[TenantIndex, bool]:
    """Give ``namespace`` a graph and a lexical index of its own; (its entry, whether this call built any).

    Idempotent: a valid index is kept. An invalid one (a failed or interrupted
    build) is dropped and rebuilt. ``memory`` sets maintenance_work_mem for the build
    (an HNSW build past it is much slower; the server's setting otherwise).
    """
    graph, lexical = index_name(namespace), lexical_index_name(namespace)
    with _build_session(dsn, f"tenant index for {namespace!r}") as conn:
        conn.execute(REGISTER, (namespace, graph, lexical))
        if memory:
            conn.execute(SET_BUILD_MEMORY, (memory,))
        pairs = ((graph, CREATE_GRAPH), (lexical, CREATE_LEXICAL))
        took = [_ensure(conn, namespace, name, statement) for name, statement in pairs]
        built = [t for t in took if t is not None]
        if built:
            conn.execute(MARK_BUILT, (sum(built), namespace))
        else:
            conn.execute(MARK_FOUND, (namespace,))
    forget()
    return entry(dsn, namespace), bool(built)


def _ensure(conn: psycopg.Connection, namespace: str, name: str, statement: sql.SQL) -> float | None:
    """Seconds spent building index ``name``; None if it was valid already."""
    valid = _validity(conn, name)
    if valid:
        return None
    if valid is False:  # under the lock no build runs: this one failed or was interrupted
        conn.execute(DROP_INDEX.format(name=sql.Identifier(name)))
    return _build(conn, namespace, name, statement)


def create_past(dsn: str, above: int, *, memory: str | None = None) -> list[tuple[TenantIndex, bool]]:
    """Give every namespace past ``above`` active consolidated rows its own graph, largest first.

    The maintenance step: re-runnable (a namespace that has one is left as it is),
    and it never drops one, so a namespace that shrinks keeps its graph until
    ``drop``. Stops at the first failure, which names its namespace.
    """
    if isinstance(above, bool) or not isinstance(above, int) or above < 0:
        raise InputError(f"above: expected a row count of 0 or more, got {above!r}")
    with db.connect(dsn, autocommit=True) as conn:
        large = [r[0] for r in conn.execute(LARGE, (above,))]
    return [create(dsn, ns, memory=memory) for ns in large]


def _build(conn: psycopg.Connection, namespace: str, name: str, create: sql.SQL) -> float:
    statement = create.format(name=sql.Identifier(name), namespace=sql.Literal(namespace))
    started = time.perf_counter()
    try:
        conn.execute(statement)
    except psycopg.Error as exc:
        with contextlib.suppress(psycopg.Error):  # leave no invalid index behind (else the next create drops it)
            conn.execute(DROP_INDEX.format(name=sql.Identifier(name)))
        raise DatabaseError(
            f"tenant index for {namespace!r}: the build failed ({db.describe(exc)}); "
            "run create again (it drops what the failed build left)"
        ) from exc
    took = time.perf_counter() - started
    if not _validity(conn, name):  # CONCURRENTLY reports its failures; this checks the catalog agrees
        raise DatabaseError(f"tenant index for {namespace!r}: built but not valid; run create again to rebuild it")
    return took


def drop(dsn: str, namespace: str) -> bool:
    """Remove ``namespace``'s own indexes (recall goes back to the shared ones); False if it had none."""
    names = (index_name(namespace), lexical_index_name(namespace))
    with _build_session(dsn, f"tenant index for {namespace!r}") as conn:
        existed = any(_validity(conn, name) is not None for name in names)
        # Indexes first: a crash before the registry row goes leaves a request without
        # indexes, which `list` shows as missing, never an index nobody knows of.
        for name in names:
            conn.execute(DROP_INDEX.format(name=sql.Identifier(name)))
        registered = conn.execute(UNREGISTER, (namespace,)).rowcount > 0
    forget()
    return existed or registered


def listing(conn: psycopg.Connection) -> list[TenantIndex]:
    """Every namespace with a graph of its own (or a request for one), with its state and size."""
    return [
        TenantIndex(r[0], r[1], r[2], r[6], r[7], r[3], r[4], r[5], int(r[8]), int(r[9])) for r in conn.execute(LIST)
    ]


def entry(dsn: str, namespace: str) -> TenantIndex:
    with db.connect(dsn, autocommit=True) as conn:
        found = [t for t in listing(conn) if t.namespace == namespace]
    if not found:
        raise InputError(f"namespace {namespace!r} has no tenant index")
    return found[0]


def _ready(conn: psycopg.Connection) -> frozenset[str]:
    return frozenset(r[0] for r in conn.execute(READY, prepare=True))


_graphs = PerDatabase(TTL, _ready)


def own_graphs(conn: psycopg.Connection) -> frozenset[str]:
    """The namespaces of this database whose own graph is valid, read at most once per ``TTL``."""
    return _graphs.get(conn)


def forget() -> None:
    """Drop this process's cached list: the next recall reads the catalog afresh."""
    _graphs.clear()
