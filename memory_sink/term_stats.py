"""The column statistics behind recall's idf weights, cached per database.

Recall's lexical branch weighs a question's terms by their rarity, read from the
statistics ANALYZE keeps on ``memory.content_tsv`` (``pg_stats``: the commonest
lexemes and how often they occur). Reading that view in every recall took most
of recall's server time, and the statistics only change when (auto)ANALYZE runs,
so each process reads them at most once per ``TTL`` seconds per database and
passes them to the statement as parameters. Whoever runs ANALYZE and needs the
new weights at once (a benchmark, a test) calls ``forget``.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import psycopg

# Autovacuum's ANALYZE runs about once a minute at most on a busy table; half that
# keeps recall's weights at most one cycle behind.
TTL = 30.0
READ = """
SELECT most_common_elems::text::text[], most_common_elem_freqs FROM pg_stats
WHERE schemaname = current_schema() AND tablename = 'memory' AND attname = 'content_tsv'
"""

_lock = threading.Lock()
_cache: dict[tuple[str, str, str], tuple[float, dict[str, Any]]] = {}


def _key(conn: psycopg.Connection) -> tuple[str, str, str]:
    info = conn.info
    return (info.host, str(info.port), info.dbname)


def params(conn: psycopg.Connection) -> dict[str, Any]:
    """``{"elems": [...], "freqs": [...]}`` for recall's statement; both None before the first ANALYZE."""
    key, now = _key(conn), time.monotonic()
    with _lock:
        hit = _cache.get(key)
    if hit is not None and now - hit[0] < TTL:
        return hit[1]
    row = conn.execute(READ).fetchone()
    found: dict[str, Any] = {"elems": row[0], "freqs": [float(f) for f in row[1]]} if row and row[0] else {}
    stats = {"elems": found.get("elems"), "freqs": found.get("freqs")}
    with _lock:
        _cache[key] = (now, stats)
    return stats


def forget() -> None:
    """Drop every cached copy: the next recall reads the statistics afresh (after an ANALYZE)."""
    with _lock:
        _cache.clear()
