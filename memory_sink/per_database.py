"""A value each process reads from a database at most once per TTL: recall's statistics and its list of
tenants with their own graph change rarely, and reading them on every recall cost more than recall."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Generic, TypeVar

import psycopg

T = TypeVar("T")


class PerDatabase(Generic[T]):
    """``read(conn)``'s answer, kept per database (host, port, name) for ``ttl`` seconds."""

    def __init__(self, ttl: float, read: Callable[[psycopg.Connection], T]) -> None:
        self.ttl, self._read = ttl, read
        self._lock = threading.Lock()
        self._kept: dict[tuple[str, str, str], tuple[float, T]] = {}

    def get(self, conn: psycopg.Connection) -> T:
        info = conn.info
        key, now = (info.host, str(info.port), info.dbname), time.monotonic()
        with self._lock:
            hit = self._kept.get(key)
        if hit is not None and now - hit[0] < self.ttl:
            return hit[1]
        value = self._read(conn)
        with self._lock:
            self._kept[key] = (now, value)
        return value

    def clear(self) -> None:
        """Forget every copy: the next ``get`` reads afresh."""
        with self._lock:
            self._kept.clear()
