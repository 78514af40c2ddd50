"""What a predicate nobody stored may have meant: the namespace's predicates closest to it.

``facts --predicate`` matches every present-tense form of the predicate (``live in``
finds ``lives in``, as the engine keys facts); when even that matches no fact ever
stored, the command names the close ones instead of printing an empty table.
"""

from __future__ import annotations

from dataclasses import dataclass

import psycopg

from consolidators.forms import closest, norm

from .supersession import predicate_forms

# Every version counts: a predicate whose facts were all retired still exists (--all-versions shows them).
FACT_PREDICATES = """
SELECT DISTINCT lower(predicate) FROM memory
WHERE namespace = %(ns)s AND kind = 'fact' AND (%(subject)s::text IS NULL OR lower(subject) = lower(%(subject)s))
"""
#: Predicates named when none is close: what can be asked for (and forgotten) instead of an empty answer.
STORED_SHOWN = 10


@dataclass(frozen=True)
class UnknownPredicate:
    """A predicate no fact has: the stored ones close to it, else (``close`` empty) up to ``STORED_SHOWN`` stored."""

    close: list[str]
    stored: list[str]


def unknown_predicate(
    conn: psycopg.Connection, namespace: str, predicate: str, subject: str | None = None
) -> UnknownPredicate | None:
    """None if a fact (about ``subject``, if given) was ever stored under a form of ``predicate``;
    else the closest stored ones, and when none is close the stored ones, so the reader learns what
    there is ("forget my phone number" when no fact has a phone number)."""
    stored = sorted(r[0] for r in conn.execute(FACT_PREDICATES, {"ns": namespace, "subject": subject}))
    if set(predicate_forms(predicate)) & set(stored):
        return None
    close = closest(norm(predicate), stored, n=3)
    return UnknownPredicate(close, [] if close else stored)


def no_such_predicate(predicate: str, namespace: str, hint: UnknownPredicate | None, subject: str | None = None) -> str:
    """The one sentence every surface (``facts``, ``history``, the MCP tools) says for an unknown predicate."""
    about = f" about {subject!r}" if subject is not None else ""
    said = f"no fact{about} has the predicate {predicate!r} in namespace {namespace!r}"
    if hint is not None and hint.close:
        return f"{said}; close: {', '.join(repr(p) for p in hint.close)}"
    if hint is not None and hint.stored:
        more = f" and {len(hint.stored) - STORED_SHOWN} more" if len(hint.stored) > STORED_SHOWN else ""
        shown = ", ".join(repr(p) for p in hint.stored[:STORED_SHOWN])
        return f"{said}; its facts have: {shown}{more} (to forget a turn that said it, recall it and forget its id)"
    return f"{said}; it holds no fact{about} yet (to forget a turn that said it, recall it and forget its id)"
