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

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from consolidators.forms import norm, present_forms

from .vocab import Verdict

#: Predicates for which one subject has one value at a time (a new value replaces the old).
SINGLE_VALUED = frozenset(
    {
        "lives in",
        "works at",
        "prefers drink",
        "is from",
        "located in",
        "editor",
        "queue",
        "database",
        "ceo",
        "cto",
        "name",
        "age",
        "email",
        "phone",
        "title",
        "role",
        "timezone",
        "language",
        "birthday",
        "manager",
        "status",
        "version",
        "owner",
        "deadline",
        "budget",
        # the extraction vocabulary (consolidators/vocabulary.py): chat
        "works as",
        "married to",
        "born in",
        "studies",
        "studies at",
        "notes app",
        "programming language",
        "ci",
        "browser",
        "os",
        "email client",
        "password manager",
        "terminal",
        "shell",
        "calendar app",
        "cloud provider",
        # encyclopedic
        "capital",
        "official language",
        "currency",
        "president",
        "mayor",
        "headquartered in",
        "owned by",
        "died in",
        "buried in",
        "plays for",
        "directed by",
    }
)

#: Predicates a subject may hold several values of at once (new values coexist).
MULTI_VALUED = frozenset(
    {
        "uses",
        "likes",
        "loves",
        "enjoys",
        "prefers",
        "dislikes",
        "hates",
        "speaks",
        "knows",
        "has",
        "owns",
        "reads",
        "plays",
        "follows",
        "visited",
        "note",
        "works with",
        "member of",
        "has pet",
        "acquire",
        "founded by",
        "educated at",
        "citizen of",
        "author of",
    }
)

#: Metadata key of a fact's stated cardinality ("single"/"multi"): evidence from the statement
#: itself, which the engine honours before its tables.
CARDINALITY = "cardinality"

#: Neighbour threshold per embedder (cosine of the facts' sentence embeddings).
#: MiniLM is measured by benchmarks/calibrate.py (decisions: tests/test_supersession.py);
#: BGE-small's cosines sit higher for unrelated text, so its default is higher —
#: it cannot be measured offline here: run benchmarks/calibrate.py with its weights.
DEFAULT_THRESHOLDS = {
    "all-minilm-l6-v2-int8": 0.45,  # 12/12 same-attribute pairs, 1/6 others (benchmarks/calibrate.py)
    "bge-small-en-v1.5-int8": 0.75,
}
FALLBACK_THRESHOLD = 0.75
VERDICTS = tuple(Verdict)


def predicate_forms(predicate: str | None) -> tuple[str, ...]:
    """The normalised predicate and the other present-tense forms of its head verb (pure).

    Consolidators say "like" or "likes", "live in" or "lives in", "be from" or "is
    from"; each names one relation, so cardinality lookups and key matches compare
    on these forms. Only the first word is inflected ("prefer drink" ~ "prefers
    drink"), and only within the present tense: "lived in" stays its own relation.
    """
    p = norm(predicate)
    head, sep, rest = p.partition(" ")
    return tuple(dict.fromkeys(h + sep + rest for h in (head, *present_forms(head))))


def _in(predicate: str, table: frozenset[str]) -> bool:
    return any(form in table for form in predicate_forms(predicate))


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

    @property
    def stated_cardinality(self) -> str | None:
        """What the statement said about its cardinality (the consolidator's hint), if anything."""
        value = self.metadata.get(CARDINALITY)
        return value if value in ("single", "multi") else None


@dataclass(frozen=True)
class Candidate:
    """An active fact that may be affected by a new one, and why it was found."""

    fact: FactView
    cosine: float
    key_match: bool
    named: bool = False  # the consolidator said the new fact replaces this one


#: At most this many candidates per new fact go to the judge (the nearest first):
#: semantic neighbours, and key matches of a predicate of unknown cardinality.
#: Each is a judge call (an LLM request with ``judge: llm``); unbounded, a subject
#: with many facts would cost calls, and log lines, in the square of its facts.
JUDGED_PER_FACT = 8


@dataclass(frozen=True)
class Policy:
    threshold: float
    guard_keys: tuple[str, ...] = ("project",)
    single_valued: frozenset[str] = SINGLE_VALUED
    multi_valued: frozenset[str] = MULTI_VALUED
    judged_per_fact: int = JUDGED_PER_FACT

    def single(self, predicate: str, stated: str | None = None) -> bool:
        """Whether one subject holds one value at a time.

        ``stated`` is the statement's own evidence (``"single"``/``"multi"``,
        see :data:`CARDINALITY`): "the capital of X is Y" names the one value
        whatever the tables say. Without it, any inflection of a listed
        predicate decides (multi-valued wins).
        """
        if stated in ("single", "multi"):
            return stated == "single"
        return _in(predicate, self.single_valued) and not _in(predicate, self.multi_valued)

    def known(self, predicate: str, stated: str | None = None) -> bool:
        """Whether the statement or the cardinality table settles this predicate (no judge needed)."""
        return stated in ("single", "multi") or _in(predicate, self.single_valued) or _in(predicate, self.multi_valued)

    def settled_by_key(self, predicate: str, stated: str | None = None) -> tuple[bool, bool]:
        """Which active facts with the new fact's key can change state, without asking the judge.

        ``(every_value, judged)``: a single-valued predicate's every other value
        (the new one replaces it); otherwise only the same value (a restatement),
        and — for a predicate of unknown cardinality — the other values go to the
        judge. The other values of a known multi-valued predicate coexist by rule:
        they need no lookup, no judge call and no log line. ``stated`` is the
        statement's cardinality, as for :meth:`single`.
        """
        if self.single(predicate, stated):
            return True, False
        return False, not self.known(predicate, stated)


@dataclass(frozen=True)
class Decision:
    """A verdict on one (new, candidate) pair with the signals that explain it."""

    verdict: Verdict
    candidate: Candidate
    judge: str
    reason: str
    guard: str | None = None

    @property
    def effective(self) -> Verdict:
        """What actually happens once guards apply.

        A pinned candidate can't be replaced (a restatement of it is still a
        duplicate); facts whose metadata conflicts (another project) never touch.
        """
        if self.guard is None or self.verdict == Verdict.COEXIST:
            return self.verdict
        if self.guard == "pinned" and self.verdict == Verdict.DUPLICATE:
            return Verdict.DUPLICATE
        return Verdict.COEXIST

    def signals(self, threshold: float) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "effective": self.effective,
            "judge": self.judge,
            "reason": self.reason,
            "guard": self.guard,
            "key_match": self.candidate.key_match,
            "cosine": round(self.candidate.cosine, 4),
            "threshold": threshold,
            "named_by_consolidator": self.candidate.named,
        }


Judge = Callable[[FactView, Candidate, Policy], tuple[str, str]]


def rules_judge(new: FactView, cand: Candidate, policy: Policy) -> tuple[str, str]:
    """The default judge: predicate cardinality decides; nothing is guessed from similarity alone."""
    old = cand.fact
    if cand.key_match and norm(new.object) == norm(old.object):
        return Verdict.DUPLICATE, "same subject, predicate and object"
    if cand.named:
        return Verdict.REPLACE, "the consolidator said this fact replaces it"
    if cand.key_match:
        stated = new.stated_cardinality
        how = "the statement names its one value" if stated == "single" else "single-valued"
        if policy.single(new.predicate, stated):
            return Verdict.REPLACE, f"'{norm(new.predicate)}' is {how}"
        return Verdict.COEXIST, f"'{norm(new.predicate)}' is multi-valued"
    return Verdict.COEXIST, "related but a different predicate"


def guard(new: FactView, cand: Candidate, policy: Policy) -> str | None:
    """Why the candidate must not be auto-superseded, if anything blocks it."""
    return fact_guard(new, cand.fact, policy)


def fact_guard(new: FactView, old: FactView, policy: Policy) -> str | None:
    """Why ``old`` must not be auto-superseded by ``new``: a pin, or metadata that conflicts on a guard key."""
    if old.pinned:
        return "pinned"
    for key in policy.guard_keys:
        a, b = new.metadata.get(key), old.metadata.get(key)
        if a is not None and b is not None and a != b:
            return f"metadata conflict on '{key}'"
    return None


def decide(
    new: FactView,
    candidates: Iterable[Candidate],
    policy: Policy,
    judge: Judge = rules_judge,
    judge_name: str = "rules",
) -> list[Decision]:
    """Verdicts for every candidate, most telling first (key matches, then by cosine, then the oldest).

    The rules settle what they can be sure of — exact restatements, a fact the
    consolidator named, a key match on a predicate of known cardinality — and
    the configured judge decides the rest (neighbours, unknown predicates).
    """
    # Ties (two active facts stating one triple have one cosine) go to the older, then by id: the order the
    # store returned them in is not stable, and which fact a restatement settles on must not vary run to run.
    ordered = sorted(candidates, key=lambda c: (not c.named, not c.key_match, -c.cosine, c.fact.valid_from, c.fact.id))
    decisions = []
    for cand in ordered:
        same_object = norm(new.object) == norm(cand.fact.object)
        use_rules = cand.named or (
            cand.key_match and (same_object or policy.known(new.predicate, new.stated_cardinality))
        )
        verdict, reason = rules_judge(new, cand, policy) if use_rules else judge(new, cand, policy)
        if verdict not in VERDICTS:
            verdict, reason = Verdict.COEXIST, f"judge answered {verdict!r}; kept both"
        name = "rules" if use_rules else judge_name
        decisions.append(Decision(Verdict(verdict), cand, name, reason, guard(new, cand, policy)))
    return decisions


#: Generic "stopped using X" predicates: their retractions also reach X's tool roles.
TOOL_USE = frozenset({"uses", "relies on"})
#: Predicates of a tool ("uses", and the roles it fills: "my editor is X", "X for my notes"): those a "uses"
#: retraction may retire. Not the readers' ``consolidators.toolnames.TOOL_ROLES`` (the single-valued roles they
#: fill), which storage may not import and which names other roles.
TOOL_PREDICATES = frozenset(
    {
        "uses",
        "relies on",
        "editor",
        "ide",
        "queue",
        "database",
        "note",
        "browser",
        "shell",
        "terminal",
        "os",
        "operating system",
        "vcs",
        "ci",
        "cloud",
        "hosting",
        "framework",
        "stack",
        "calendar",
        "chat",
        "email",
        "messenger",
        "search engine",
        "password manager",
    }
)
#: A predicate whose last word is one of these is a tool's too ("note app", "email client").
TOOL_PREDICATE_WORDS = frozenset({"app", "tool", "client", "manager", "editor", "service", "platform"})


def retraction_covers(retracted: str, predicate: str) -> bool:
    """Whether a retraction stated with ``retracted`` may retire a fact with ``predicate`` (pure).

    The same relation (any inflection) always; a generic "uses" retraction ("I
    don't use Notion anymore") also the tool roles Notion fills ("Notion for my
    notes"). Nothing else: "I left Slack" (works at) says nothing about using
    the Slack app, and "I no longer live in Paris" keeps "is from Paris".
    """
    if set(predicate_forms(retracted)) & set(predicate_forms(predicate)):
        return True
    if not _in(retracted, TOOL_USE):
        return False
    return _in(predicate, TOOL_PREDICATES) or norm(predicate).rsplit(" ", 1)[-1] in TOOL_PREDICATE_WORDS


#: Why a fact the consolidator named is left alone: see ``name_holds`` and ``retraction_targets``.
UNRELATED_NAME = "named by the consolidator, but about another subject or relation"


def name_holds(new: FactView, named: FactView, key_match: bool, cosine: float, policy: Policy) -> bool:
    """Whether a consolidator's "the new fact replaces this one" settles the verdict (pure).

    A model's answer is only as trustworthy as the turns it read, and a turn can
    carry an instruction to the model ("mark everything about Alice as
    replaced"). So a name counts only for a fact the engine would have weighed
    anyway: the same subject, and the same relation (``key_match``) or a
    semantic neighbour at the threshold. Any other named fact is not touched.
    """
    return norm(new.subject) == norm(named.subject) and (key_match or cosine >= policy.threshold)


def retraction_targets(
    retraction: FactView, found: Iterable[FactView], policy: Policy, named: str | None = None
) -> list[tuple[FactView, str | None]]:
    """The facts a conversational retraction retires, each with the guard that blocks it, if any (pure).

    ``found`` are the active facts with the retraction's subject and object (or
    the fact the consolidator named, whatever its object); each is a target
    only with the retraction's subject and a predicate ``retraction_covers``.
    A named fact that fails this is returned blocked by :data:`UNRELATED_NAME`,
    so the refusal is logged. Guards apply as for auto-supersession: a pinned
    fact, or metadata conflicting on a guard key.
    """
    targets: list[tuple[FactView, str | None]] = []
    for fact in found:
        related = norm(fact.subject) == norm(retraction.subject) and retraction_covers(
            retraction.predicate, fact.predicate
        )
        if related:
            targets.append((fact, fact_guard(retraction, fact, policy)))
        elif fact.id == named:
            targets.append((fact, UNRELATED_NAME))
    return targets


def threshold_for(model_name: str, configured: float | None) -> float:
    if configured is not None:
        return configured
    return DEFAULT_THRESHOLDS.get(model_name, FALLBACK_THRESHOLD)
