"""Apply the supersession engine's decisions inside a session's swap transaction.

The decisions themselves are pure (``supersession.decide``); this module looks up
candidates, changes row states through ``operations.apply_changes`` and logs
the decisions with their signals in ``memory_ops`` — so ``history`` can say why,
and ``undo`` can reverse a replacement exactly. A decision that changes state
(replace, duplicate, retract) or that a guard blocked is one op; the judged pairs
that left both facts active are one op per new fact. The log, like the work,
grows with the facts written: another value of a multi-valued key coexists by
rule and is neither looked up nor logged.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np
import psycopg
from psycopg.rows import dict_row

from consolidators.forms import norm

from . import candidates as lookups
from . import ops
from .operations import apply_changes, lock_state, row_state
from .supersession import (
    UNRELATED_NAME,
    Candidate,
    Decision,
    FactView,
    Judge,
    Policy,
    decide,
    name_holds,
    predicate_forms,
    retraction_targets,
    rules_judge,
)
from .types import NewMemory
from .vocab import Actor, Kind, Op, Verdict

ACTOR = Actor.CONSOLIDATE


@dataclass
class EngineReport:
    replaced: int = 0
    duplicates: int = 0
    coexisting: int = 0
    blocked: int = 0
    retracted: int = 0
    inherited: int = 0
    # sent, not waited for (``ops.logging_op``): their ids come with the swap's next answer
    logged: list[ops.PendingOp] = field(default_factory=list)

    @property
    def op_ids(self) -> list[int]:
        return [op.op_id for op in self.logged]

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "logged"}


@dataclass
class Engine:
    """One swap's worth of fact decisions; all writes go through ``conn``'s transaction."""

    conn: psycopg.Connection
    namespace: str
    session_id: str
    at: datetime
    policy: Policy
    judge: Judge = rules_judge
    judge_name: str = "rules"
    # False when the session has no fact retired other than by a swap: then no new
    # fact can inherit a retirement (``_inherit``), and none is looked up.
    inheritable: bool = True
    report: EngineReport = field(default_factory=EngineReport)
    # The state of the rows the current new fact's lookup locked, as it read them; a
    # row leaves when retired, so what remains is still what ``lock_state`` would read.
    _locked: dict[str, dict[str, Any]] = field(default_factory=dict, init=False, repr=False)
    # The facts this swap retired: a new fact among them is no longer active, so it replaces nothing (two values
    # of one key said at one instant would otherwise retire each other, leaving the key with no value).
    _retired: set[str] = field(default_factory=set, init=False, repr=False)
    # The pairs this swap logged as coexisting: two new facts of one session meet each other twice (each is the
    # other's candidate), and one pair is one decision, so the second meeting is not logged again.
    _coexisting: set[frozenset[str]] = field(default_factory=set, init=False, repr=False)

    def run(
        self, inserted: Sequence[tuple[str, NewMemory, np.ndarray]], retractions: Sequence[NewMemory]
    ) -> EngineReport:
        """Process new facts and retractions in world-time order (a later statement wins)."""
        items: list[tuple[datetime, int, Any]] = [(r.valid_from, 1, r) for r in retractions]
        items += [(row.valid_from, 0, (mid, row, vec)) for mid, row, vec in inserted if row.kind == Kind.FACT]
        if not items:
            return self.report
        # Sorts off for the whole run, not around each lookup: two statements fewer per fact in the swap's
        # pipeline. What runs between the lookups reads rows by id or key, or sorts where no index orders
        # (a penalised sort is still the plan chosen): the setting changes no result, only plans.
        self.conn.execute(lookups.SORTS_OFF)
        for _, is_retraction, item in sorted(items, key=lambda t: (t[0], t[1])):
            if is_retraction:
                self._retract(item)
            else:
                self._new_fact(*item)
        self.conn.execute(lookups.SORTS_ON)
        return self.report

    # --- one new fact ------------------------------------------------------------

    def _new_fact(self, memory_id: str, row: NewMemory, vec: np.ndarray) -> None:
        self._locked = {}
        if memory_id in self._retired or self._inherit(memory_id, row):
            return
        new = FactView(
            memory_id, row.subject or "", row.predicate or "", row.object or "", row.valid_from, row.metadata
        )
        named = named_fact(row.replaces)
        every_value, judged = self.policy.settled_by_key(new.predicate, new.stated_cardinality)
        params = {
            "vec": vec,
            "ns": self.namespace,
            "id": memory_id,
            "subject": norm(new.subject),
            "predicates": list(predicate_forms(new.predicate)),
            "object": norm(new.object),
            "every_value": every_value,
            "judged": judged,
            "threshold": self.policy.threshold,
            "limit": self.policy.judged_per_fact,
            "named": named,
            "exact_up_to": lookups.JUDGED_EXACT_UP_TO,
        }
        with (
            self.conn.cursor(row_factory=dict_row) as decisive,
            self.conn.cursor(row_factory=dict_row) as judged_,
            _one_round_trip(self.conn),
        ):
            decisive.execute(lookups.DECISIVE_CANDIDATES, params)
            judged_.execute(lookups.JUDGED_CANDIDATES, params)
            rows = decisive.fetchall() + judged_.fetchall()
        self._locked = {r["id"]: row_state(r) for r in rows}
        candidates = []
        for r in rows:
            view, cosine = _fact_view(r), float(r["cosine"])
            # a named row may be anyone's: the SQL matched only its predicate
            key_match = bool(r["key_match"]) and norm(view.subject) == norm(new.subject)
            if r["id"] == named and not name_holds(new, view, key_match, cosine, self.policy):
                self._log_unrelated_name(new, view)
                continue  # only the name made it a candidate
            candidates.append(Candidate(view, cosine, key_match, named=r["id"] == named))
        kept_beside: list[Decision] = []
        for decision in decide(new, candidates, self.policy, self.judge, self.judge_name):
            if self._apply(new, decision, kept_beside):
                break  # the new fact is no longer active: nothing else to decide for it
        if kept_beside:
            self._log_coexistence(new, kept_beside)

    def _apply(self, new: FactView, d: Decision, kept_beside: list[Decision]) -> bool:
        """Carry out one decision; True when it retired the new fact itself.

        A pair that changes state (or that a guard kept from changing) is logged
        on its own; one that leaves both active joins ``kept_beside``.
        """
        old = d.candidate.fact
        signals = d.signals(self.policy.threshold)
        effect = d.effective
        if effect == Verdict.REPLACE and new.valid_from >= old.valid_from:
            self._retire(old.id, new.id, new.valid_from, Op.SUPERSEDE, [old.id, new.id], signals)
            self.report.replaced += 1
            return False
        if effect == Verdict.REPLACE:  # a late fact older than the active one: stored already superseded
            self._retire(
                new.id, old.id, old.valid_from, Op.SUPERSEDE, [new.id, old.id], {**signals, "late_arrival": True}
            )
            self.report.replaced += 1
            return True
        if effect == Verdict.DUPLICATE and self._first_said(new, d):
            # the older statement is the fact's first saying: it stays, with its valid_from
            self._retire(old.id, new.id, None, Op.DUPLICATE, [old.id, new.id], {**signals, "late_arrival": True})
            self.report.duplicates += 1
            return False
        if effect == Verdict.DUPLICATE:
            self._retire(new.id, old.id, None, Op.DUPLICATE, [new.id, old.id], signals)
            self.report.duplicates += 1
            return True
        if d.guard and d.verdict != Verdict.COEXIST:
            self._log_blocked([new.id, old.id], signals)
            return False
        kept_beside.append(d)
        return False

    def _first_said(self, new: FactView, d: Decision) -> bool:
        """Whether ``new`` restates ``d``'s active fact from before it was said, the value unchanged between.

        A restatement keeps the fact's first saying: the day it became true (the
        recall table's 'valid from', what ``--as-of`` and ``history`` show) survives
        a late import of an older session as it survives a later restatement. Not
        over a pinned fact, nor past a change of value: a fact that replaced another
        began a stretch the older saying was not part of.
        """
        old = d.candidate.fact
        if new.valid_from >= old.valid_from or d.guard:
            return False
        ended = self.conn.execute(lookups.ENDED_ANOTHER, (old.id,)).fetchone()
        return not (ended and ended[0])

    def _log_coexistence(self, new: FactView, kept_beside: Sequence[Decision]) -> None:
        """One op per new fact for every judged pair that kept both (at most ``judged_per_fact``), each
        pair once: a pair this swap logged from the other side is left out."""
        pairs = {d.candidate.fact.id: frozenset((new.id, d.candidate.fact.id)) for d in kept_beside}
        kept_beside = [d for d in kept_beside if pairs[d.candidate.fact.id] not in self._coexisting]
        if not kept_beside:
            return
        self._coexisting.update(pairs.values())
        self.report.coexisting += len(kept_beside)
        threshold = self.policy.threshold
        compared = [{"id": d.candidate.fact.id, **d.signals(threshold)} for d in kept_beside]
        for pair in compared:
            del pair["threshold"], pair["effective"]  # the same for every pair: coexist, at one threshold
        self.report.logged.append(
            ops.logging_op(
                self.conn,
                namespace=self.namespace,
                op=Op.COEXIST,
                actor=ACTOR,
                memory_ids=[new.id, *(d.candidate.fact.id for d in kept_beside)],
                signals={"session_id": self.session_id, "threshold": threshold, "compared": compared},
            )
        )

    def _log_unrelated_name(self, new: FactView, named: FactView) -> None:
        """Record that the consolidator named a fact it may not retire (see ``name_holds``)."""
        signals = {"session_id": self.session_id, "named_by_consolidator": True, "guard": UNRELATED_NAME}
        self._log_blocked([new.id, named.id], signals)

    def _log_blocked(self, memory_ids: list[str], signals: dict[str, Any]) -> None:
        """One ``blocked`` op: a guard kept the pair from touching each other."""
        self.report.logged.append(
            ops.logging_op(
                self.conn, namespace=self.namespace, op=Op.BLOCKED, actor=ACTOR, memory_ids=memory_ids, signals=signals
            )
        )
        self.report.blocked += 1

    def _retire(
        self,
        memory_id: str,
        successor: str | None,
        valid_to: datetime | None,
        op: Op,
        memory_ids: list[str],
        signals: dict[str, Any],
        reason: str | None = None,
    ) -> None:
        self._retired.add(memory_id)
        before = self._locked.pop(memory_id, None) or lock_state(self.conn, self.namespace, memory_id)
        after = {
            **before,
            "superseded_at": self.at,
            "superseded_by": successor,
            "valid_to": valid_to if valid_to is not None else before["valid_to"],
        }
        rows = apply_changes(self.conn, [(memory_id, before, after)])
        self.report.logged.append(
            ops.logging_op(
                self.conn,
                namespace=self.namespace,
                op=op,
                actor=ACTOR,
                reason=reason,
                memory_ids=memory_ids,
                signals={"session_id": self.session_id, **signals},
                reverse={"rows": rows},
            )
        )

    def _inherit(self, memory_id: str, row: NewMemory) -> bool:
        """Keep a retraction or replacement alive when its session is re-consolidated."""
        if not self.inheritable:
            return False
        found = self.conn.execute(
            lookups.INHERITABLE_STATE,
            {
                "ns": self.namespace,
                "sid": self.session_id,
                "subject": norm(row.subject),
                "predicate": norm(row.predicate),
                "object": norm(row.object),
                "event_ids": list(row.event_ids),
                "at": self.at,
            },
        ).fetchone()
        if found is None:
            return False
        previous_id, successor, valid_to = found
        self._retire(
            memory_id,
            successor,
            valid_to,
            Op.INHERIT,
            [memory_id, previous_id],
            {"inherited_from": previous_id},
            reason="re-extracted from the same turns",
        )
        self.report.inherited += 1
        return True

    # --- retractions -------------------------------------------------------------------

    def _retract(self, row: NewMemory) -> None:
        """Retire what a retraction in conversation names, unless a guard blocks it (then log why)."""
        self._locked = {}
        named = named_fact(row.replaces)
        params = {
            "ns": self.namespace,
            "subject": norm(row.subject),
            "object": norm(row.object),
            "predicates": list(predicate_forms(row.predicate)),
            "valid_from": row.valid_from,
            "named": named,
        }
        with self.conn.cursor(row_factory=dict_row) as cur:
            found = [_fact_view(r) for r in cur.execute(lookups.RETRACTION_TARGETS, params)]
        said = FactView("", row.subject or "", row.predicate or "", row.object or "", row.valid_from, row.metadata)
        for target, blocked_by in retraction_targets(said, found, self.policy, named):
            signals = {
                "retraction": f"{row.subject} {row.predicate} {row.object}",
                "event_ids": list(row.event_ids),
                "named_by_consolidator": target.id == named,
            }
            if blocked_by is not None:
                self.report.logged.append(
                    ops.logging_op(
                        self.conn,
                        namespace=self.namespace,
                        op=Op.BLOCKED,
                        actor=ACTOR,
                        memory_ids=[target.id],
                        signals={"session_id": self.session_id, **signals, "guard": blocked_by},
                    )
                )
                self.report.blocked += 1
                continue
            self._retire(
                target.id, None, row.valid_from, Op.RETRACT, [target.id], signals, reason="retracted in conversation"
            )
            self.report.retracted += 1


def _fact_view(row: dict[str, Any]) -> FactView:
    """A stored fact from a row of the candidate queries or ``RETRACTION_TARGETS`` (columns by name)."""
    return FactView(
        row["id"],
        row["subject"],
        row["predicate"],
        row["object"],
        row["valid_from"],
        row["metadata"] or {},
        row["pinned"],
    )


def named_fact(replaces: str | None) -> str | None:
    """The fact id a consolidator named, if it is one (anything else names nothing)."""
    try:
        return str(uuid.UUID(replaces)) if replaces else None
    except ValueError:
        return None


def _one_round_trip(conn: psycopg.Connection) -> AbstractContextManager[Any]:
    """A pipeline for a few queries, unless the connection is in one already (the swap's).

    Entering a nested pipeline first syncs the outer one, and psycopg's sync stops
    flushing as soon as its queue is empty: a large message still in the output
    buffer (the rows of a 1 MB turn) then never reaches the server, which waits
    for it while we wait for its answer. Inside the swap's pipeline the queries
    travel together anyway, and fetching their results flushes everything.
    """
    return nullcontext() if conn.pgconn.pipeline_status else conn.pipeline()
