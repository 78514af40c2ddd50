"""Plain data that flows into and out of a consolidator.

These types are the whole contract between the pipeline and a consolidator:
they import nothing of tiermem's, so a consolidator written elsewhere only
needs this module (or plain dicts of the same shape).

Times are timezone-aware UTC datetimes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

#: The values ``Fact.cardinality`` may take besides None.
CARDINALITIES = ("single", "multi")


@dataclass(frozen=True)
class Turn:
    """One staged conversation turn, as the consolidator sees it."""

    event_id: str
    role: str
    content: str
    ts: datetime
    seq: int | None = None
    metadata: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Transcript:
    """A whole session, ordered, plus the episode framing the pipeline chose.

    ``frames`` splits ``turns`` into consecutive episode candidates (by time
    gap, turn count and word count); a consolidator may follow it or not.
    """

    namespace: str
    session_id: str
    turns: tuple[Turn, ...]
    frames: tuple[tuple[Turn, ...], ...] = ()


@dataclass(frozen=True)
class ActiveFact:
    """A fact tiermem currently believes, offered as context."""

    id: str
    subject: str
    predicate: str
    object: str
    valid_from: datetime | None = None
    metadata: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Context:
    """What the consolidator may want to know besides the transcript."""

    active_facts: tuple[ActiveFact, ...] = ()


@dataclass(frozen=True)
class Episode:
    """A summarised stretch of the session; ``event_ids`` are the turns it covers."""

    text: str
    summary: str
    start_ts: datetime
    end_ts: datetime
    event_ids: tuple[str, ...]


@dataclass(frozen=True)
class Fact:
    """A subject–predicate–object statement supported by some turns.

    ``retract`` marks a statement that the matching fact is no longer true;
    ``replaces`` may name the id of an active fact this one replaces (only ever
    an id). ``replaces_attribute`` marks a single-valued attribute ("our queue
    is Redis") whose active value is not looked up yet: the extractive rules set
    it and resolve it into ``replaces`` against the context's active facts, so
    it never leaves a consolidator set (validation refuses it).
    ``cardinality`` is what the statement itself says about how many values
    the subject holds: ``"single"`` ("the capital of X is Y" names the one
    value), ``"multi"``, or None (the configured vocabulary decides).
    """

    subject: str
    predicate: str
    object: str
    confidence: float = 0.8
    valid_from: datetime | None = None
    event_ids: tuple[str, ...] = ()
    retract: bool = False
    replaces: str | None = None
    replaces_attribute: bool = False
    cardinality: str | None = None


@dataclass(frozen=True)
class ConsolidationResult:
    """What a consolidator returns for one session."""

    episodes: tuple[Episode, ...] = ()
    facts: tuple[Fact, ...] = ()


def by_turn(facts: list[Fact], turns: Sequence[Turn]) -> tuple[list[tuple[Turn, list[Fact]]], list[Fact]]:
    """Each turn with the facts it sourced (a fact two turns sourced goes with the first), and the facts no
    turn sourced: the readers that revise a session with memory read it turn by turn, in this order."""
    placed: set[int] = set()
    groups = []
    for turn in turns:
        stated = [f for f in facts if turn.event_id in f.event_ids and id(f) not in placed]
        placed.update(id(f) for f in stated)
        groups.append((turn, stated))
    return groups, [f for f in facts if id(f) not in placed]
