"""Shards of the eligible sessions: N consolidation workers over disjoint session sets."""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from memory_sink.errors import InputError


@dataclass(frozen=True)
class Shard:
    """Worker ``index`` of ``count``: the sessions of the namespaces whose stable hash falls to it.

    N workers given shards 0/N..N-1/N consolidate disjoint session sets that together
    cover every eligible session, without talking to each other. Whole namespaces, never
    parts of one: a session's consolidator reads what the namespace's earlier sessions
    left (``pipelines.consolidate._waves``), so one worker takes a namespace's sessions
    in order; namespaces share nothing and spread over the workers. The hash is crc32,
    not ``hash()``, so every process (and machine) assigns alike.
    """

    index: int = 0
    count: int = 1

    def __post_init__(self) -> None:
        if not 0 <= self.index < self.count:
            raise InputError(f"shard: expected INDEX/COUNT with 0 <= INDEX < COUNT, got {self.index}/{self.count}")

    @classmethod
    def parse(cls, text: str) -> Shard:
        index, sep, count = text.partition("/")
        if not sep or not index.strip().isdigit() or not count.strip().isdigit():
            raise InputError(f"shard: expected INDEX/COUNT such as 0/2, got {text!r}")
        return cls(int(index), int(count))

    def owns(self, namespace: str, session_id: str) -> bool:
        """Whether this worker consolidates the session: by its namespace alone."""
        return zlib.crc32(namespace.encode()) % self.count == self.index
