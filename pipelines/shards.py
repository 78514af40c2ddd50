"""How one pass splits the eligible sessions: over workers (``Shard``) and, within a worker, into chunks
(``ChunkQueue``)."""

from __future__ import annotations

import zlib
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import islice

from memory_sink.errors import InputError


@dataclass(frozen=True)
class Shard:
    """Worker ``index`` of ``count``: the sessions of the namespaces whose stable hash falls to it.

    N workers given shards 0/N..N-1/N consolidate disjoint session sets that together
    cover every eligible session, without talking to each other. Whole namespaces, never
    parts of one: a session's consolidator reads what the namespace's earlier sessions
    left (``ChunkQueue``), so one worker takes a namespace's sessions
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


class ChunkQueue:
    """A run's sessions dealt into chunks of at most one session per namespace, each namespace's in order.

    A session's consolidator reads what its namespace's earlier sessions left, so a chunk holding two
    sessions of one namespace must run them one after the other (``pipelines.chunks._waves``),
    and the next chunk's lookahead (which overlaps its embedding and parsing with this chunk's
    swaps) could then start only before the last one. Namespaces share nothing: a chunk of
    different namespaces' sessions runs as one wave, and with one namespace each chunk is a
    single session whose successor is prepared while it swaps.
    """

    def __init__(self, sessions: Iterable[tuple[str, str]]) -> None:
        self._by_namespace: dict[str, deque[tuple[str, str]]] = {}
        for pair in sessions:
            self._by_namespace.setdefault(pair[0], deque()).append(pair)

    def __bool__(self) -> bool:
        return bool(self._by_namespace)

    def peek(self, size: int) -> list[tuple[str, str]]:
        """The chunk ``take(size)`` would return, left in the queue."""
        return [queue[0] for queue in islice(self._by_namespace.values(), size)]

    def take(self, size: int) -> list[tuple[str, str]]:
        """The next session of each of (up to) ``size`` namespaces, in the order they first appeared."""
        chunk = self.peek(size)
        for namespace, _ in chunk:
            queue = self._by_namespace[namespace]
            queue.popleft()
            if not queue:
                del self._by_namespace[namespace]
        return chunk
