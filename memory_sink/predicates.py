"""What a predicate nobody stored may have meant: the namespace's predicates closest to it.

``facts --predicate`` matches every present-tense form of the predicate (``live in``
finds ``lives in``, as the engine keys facts); when even that matches no fact ever
stored, the command names the close ones instead of printing an empty table.
"""

from __future__ import annotations

import difflib

import psycopg

from consolidators.forms import norm

from .supersession import predicate_forms

# Every version counts: a predicate whose facts were all retired still exists (--all-versions shows them).
FACT_PREDICATES = """
SELECT DISTINCT lower(predicate) FROM memory
WHERE namespace = %(ns)s AND kind = 'fact' AND (%(subject)s::text IS NULL OR lower(subject) = lower(%(subject)s))
"""
CLOSE_ENOUGH = 0.6


def unknown_predicate(
    conn: psycopg.Connection, namespace: str, predicate: str, subject: str | None = None
) -> list[str] | None:
    """None if a fact (about ``subject``, if given) was ever stored under a form of ``predicate``;
    else the closest stored ones (maybe none)."""
    stored = sorted(r[0] for r in conn.execute(FACT_PREDICATES, {"ns": namespace, "subject": subject}))
    if set(predicate_forms(predicate)) & set(stored):
        return None
    return difflib.get_close_matches(norm(predicate), stored, n=3, cutoff=CLOSE_ENOUGH)


def no_such_predicate(predicate: str, namespace: str, close: list[str], subject: str | None = None) -> str:
    """The one sentence every surface (``facts``, ``history``, the MCP tools) says for an unknown predicate."""
    about = f" about {subject!r}" if subject is not None else ""
    hint = f"; close: {', '.join(repr(p) for p in close)}" if close else ""
    return f"no fact{about} has the predicate {predicate!r} in namespace {namespace!r}{hint}"
