"""Subject locks: the one order in which every writer locks facts of several subjects.

A tier swap may lock the facts of several subjects (the ones it retires, the
ones its new facts replace); an explicit operation (supersede, retract, pin,
undo) locks the rows it names. Each first takes one transaction-scoped advisory
lock per subject (the two-int4 key space, apart from the one-key session and
migration locks), all in one sorted order, and only then locks rows. So two
writers over shared subjects queue on the first subject they share instead of
each holding one subject's rows while waiting for the other's (a deadlock).
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterable

import psycopg

from consolidators.forms import norm

# One statement for all of a writer's subject locks (one message in a swap's pipeline, not one per
# subject): a function scan of unnest returns the arrays' elements in order, so the locks are
# taken in the order given, each before the next.
SUBJECT_LOCKS = """
SELECT pg_advisory_xact_lock(k.high, k.low) FROM unnest(%b::int4[], %b::int4[]) WITH ORDINALITY AS k(high, low, n)
ORDER BY k.n
"""
# The subjects of the rows an operation names (a row without one needs no subject lock).
SUBJECTS_OF = """
SELECT DISTINCT subject FROM memory WHERE namespace = %s AND id = ANY(%s::uuid[]) AND subject IS NOT NULL
"""


def subject_keys(namespace: str, subjects: Iterable[str | None]) -> list[tuple[int, int]]:
    """The advisory lock keys of ``subjects`` (compared as fact keys are), in the one order every writer takes them.

    A stable hash (not Python's, which varies per process); two subjects that
    collide share a lock, which only makes their writers queue.
    """
    keys = set()
    for subject in subjects:
        digest = hashlib.blake2b(f"{namespace}\x1f{norm(subject)}".encode(), digest_size=8).digest()
        keys.add((int.from_bytes(digest[:4], "big", signed=True), int.from_bytes(digest[4:], "big", signed=True)))
    return sorted(keys)


def lock_subjects(conn: psycopg.Connection, namespace: str, subjects: Iterable[str | None]) -> None:
    """Take the subjects' locks, in order, for the rest of the transaction; call it before locking any fact row."""
    keys = subject_keys(namespace, subjects)
    if keys:
        conn.execute(SUBJECT_LOCKS, ([high for high, _ in keys], [low for _, low in keys]))


def lock_subjects_of(conn: psycopg.Connection, namespace: str, memory_ids: Iterable[str]) -> None:
    """Lock the subjects of the memories ``memory_ids`` names, before an operation locks those rows.

    An id that is not a UUID names no row; the operation's own lookup reports it.
    """
    ids = [str(i) for i in memory_ids if _is_uuid(str(i))]
    if ids:
        lock_subjects(conn, namespace, [s for (s,) in conn.execute(SUBJECTS_OF, (namespace, ids))])


def _is_uuid(text: str) -> bool:
    try:
        uuid.UUID(text)
    except ValueError:
        return False
    return True
