"""Fact supersession: what a new fact does to the active facts it touches (invariant 7).

The decision is pure (``decide``) over plain dataclasses; ``judge`` callables
give a verdict for one (new fact, candidate) pair. Candidates are the active
facts of the namespace with the same normalised (subject, predicate) key, plus
*semantic neighbours*: the same subject and a cosine above a threshold
calibrated for the embedder in use (cosine scales differ between models).

Verdicts and what they do:

- ``replace``  — the newer fact (by world time ``valid_from``) retires the older:
  ``valid_to`` of the old = ``valid_from`` of the new. A late-arriving fact older
  than the active one is therefore stored already superseded.
- ``duplicate`` — a restatement: the new row is kept for the record but never
  becomes active; it points at the fact it restates.
- ``coexist``  — both stay active (multi-valued predicates, related-but-distinct facts).

Guards block auto-supersession of the candidate: a pinned fact, or metadata that
conflicts on a guard key (e.g. a different ``project``). Explicit operations
(``MemoryStore.supersede``) bypass them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Callable, Iterable

#: Predicates for which one subject has one value at a time (a new value replaces the old).
SINGLE_VALUED = frozenset({
    "lives in", "works at", "prefers drink", "is from", "located in", "editor", "queue",
    "database", "ceo", "cto", "name", "age", "email", "phone", "title", "role", "timezone",
    "language", "birthday", "manager", "status", "version", "owner", "deadline", "budget",
})

#: Predicates a subject may hold several values of at once (new values coexist).
MULTI_VALUED = frozenset({
    "uses", "likes", "loves", "enjoys", "prefers", "dislikes", "hates", "speaks", "knows",
    "has", "owns", "reads", "plays", "follows", "visited", "note", "works with", "member of",
})

#: Neighbour threshold per embedder (cosine of the facts' sentence embeddings).
#: MiniLM is measured by benchmarks/calibrate.py (decisions: tests/test_supersession.py);
#: BGE-small's cosines sit higher for unrelated text, so its default is higher —
#: it cannot be measured offline here: run benchmarks/calibrate.py with its weights.
DEFAULT_THRESHOLDS = {
    "all-minilm-l6-v2-int8": 0.45,  # 12/12 same-attribute pairs, 1/6 others (benchmarks/calibrate.py)
    "bge-small-en-v1.5-int8": 0.75,
}
FALLBACK_THRESHOLD = 0.75
VERDICTS = ("replace", "coexist", "duplicate")


def norm(text: str | None) -> str:
    """The form keys compare on: case- and whitespace-insensitive."""
    return " ".join((text or "").lower().split())


@dataclass(frozen=True)
class FactView:
    """A fact as the engine sees it (new or already stored)."""

    id: str
    subject: str
    predicate: str
    object: str
    valid_from: datetime
    metadata: dict[str, Any] = field(default_factory=dict)
    pinned: bool = False

    @property
    def key(self) -> tuple[str, str]:
        return norm(self.subject), norm(self.predicate)


@dataclass(frozen=True)
class Candidate:
    """An active fact that may be affected by a new one, and why it was found."""

    fact: FactView
    cosine: float
    key_match: bool
    named: bool = False  # the consolidator said the new fact replaces this one


@dataclass(frozen=True)
class Policy:
    threshold: float
    guard_keys: tuple[str, ...] = ("project",)
    single_valued: frozenset[str] = SINGLE_VALUED
    multi_valued: frozenset[str] = MULTI_VALUED

    def single(self, predicate: str) -> bool:
        p = norm(predicate)
        return p in self.single_valued and p not in self.multi_valued

    def known(self, predicate: str) -> bool:
        """Whether the cardinality table settles this predicate (no judge needed)."""
        p = norm(predicate)
        return p in self.single_valued or p in self.multi_valued


@dataclass(frozen=True)
class Decision:
    """A verdict on one (new, candidate) pair with the signals that explain it."""

    verdict: str
    candidate: Candidate
    judge: str
    reason: str
    guard: str | None = None

    @property
    def effective(self) -> str:
        """What actually happens once guards apply.

        A pinned candidate can't be replaced (a restatement of it is still a
        duplicate); facts whose metadata conflicts (another project) never touch.
        """
        if self.guard is None or self.verdict == "coexist":
            return self.verdict
        if self.guard == "pinned" and self.verdict == "duplicate":
            return "duplicate"
        return "coexist"

    def signals(self, threshold: float) -> dict[str, Any]:
        return {"verdict": self.verdict, "effective": self.effective, "judge": self.judge,
                "reason": self.reason, "guard": self.guard, "key_match": self.candidate.key_match,
                "cosine": round(self.candidate.cosine, 4), "threshold": threshold,
                "named_by_consolidator": self.candidate.named}


Judge = Callable[[FactView, Candidate, Policy], tuple[str, str]]


def rules_judge(new: FactView, cand: Candidate, policy: Policy) -> tuple[str, str]:
    """The default judge: predicate cardinality decides; nothing is guessed from similarity alone."""
    old = cand.fact
    if cand.key_match and norm(new.object) == norm(old.object):
        return "duplicate", "same subject, predicate and object"
    if cand.named:
        return "replace", "the consolidator said this fact replaces it"
    if cand.key_match:
        if policy.single(new.predicate):
            return "replace", f"'{norm(new.predicate)}' is single-valued"
        return "coexist", f"'{norm(new.predicate)}' is multi-valued"
    return "coexist", "related but a different predicate"


def guard(new: FactView, cand: Candidate, policy: Policy) -> str | None:
    """Why the candidate must not be auto-superseded, if anything blocks it."""
    if cand.fact.pinned:
        return "pinned"
    for key in policy.guard_keys:
        a, b = new.metadata.get(key), cand.fact.metadata.get(key)
        if a is not None and b is not None and a != b:
            return f"metadata conflict on '{key}'"
    return None


def decide(new: FactView, candidates: Iterable[Candidate], policy: Policy,
           judge: Judge = rules_judge, judge_name: str = "rules") -> list[Decision]:
    """Verdicts for every candidate, most telling first (key matches, then by cosine).

    The rules settle what they can be sure of — exact restatements, a fact the
    consolidator named, a key match on a predicate of known cardinality — and
    the configured judge decides the rest (neighbours, unknown predicates).
    """
    ordered = sorted(candidates, key=lambda c: (not c.named, not c.key_match, -c.cosine))
    decisions = []
    for cand in ordered:
        same_object = norm(new.object) == norm(cand.fact.object)
        use_rules = cand.named or (cand.key_match and (same_object or policy.known(new.predicate)))
        verdict, reason = rules_judge(new, cand, policy) if use_rules else judge(new, cand, policy)
        if verdict not in VERDICTS:
            verdict, reason = "coexist", f"judge answered {verdict!r}; kept both"
        name = "rules" if use_rules else judge_name
        decisions.append(Decision(verdict, cand, name, reason, guard(new, cand, policy)))
    return decisions


def threshold_for(model_name: str, configured: float | None) -> float:
    if configured is not None:
        return configured
    return DEFAULT_THRESHOLDS.get(model_name, FALLBACK_THRESHOLD)
