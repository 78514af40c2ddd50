"""Plain dataclasses at the storage boundary.

Times are timezone-aware UTC. Bitemporal fields, spelled out:

- ``valid_from`` / ``valid_to`` — world time: when the statement was / stopped
  being true in the world (``valid_to`` NULL = still true);
- ``recorded_at`` / ``superseded_at`` — transaction time: when tiermem started /
  stopped believing the row (``superseded_at`` NULL = active, in normal recall).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from .vocab import Kind, Role, Tier

if TYPE_CHECKING:
    import numpy as np

MEMORY_COLUMNS = (
    "id",
    "namespace",
    "session_id",
    "tier",
    "kind",
    "content",
    "subject",
    "predicate",
    "object",
    "confidence",
    "valid_from",
    "valid_to",
    "recorded_at",
    "superseded_by",
    "superseded_at",
    "event_ids",
    "metadata",
    "pinned",
)


def iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


@dataclass(frozen=True)
class Memory:
    """One row of the ``memory`` table; ``to_dict()`` is the documented JSON shape."""

    id: str
    namespace: str
    session_id: str | None
    tier: Tier
    kind: Kind
    content: str
    subject: str | None
    predicate: str | None
    object: str | None
    confidence: float | None
    valid_from: datetime
    valid_to: datetime | None
    recorded_at: datetime
    superseded_by: str | None
    superseded_at: datetime | None
    event_ids: tuple[str, ...]
    metadata: dict[str, Any]
    score: float | None = None
    outdated: bool = False  # recall: an episode some of whose facts have since changed (README)
    pinned: bool = False  # protected from automatic supersession (``tiermem pin``)
    # active / pinned / superseded by ID / duplicate of ID / retracted / retired (``statuses.status_of``)
    status: str | None = None

    @classmethod
    def from_row(cls, row: tuple[Any, ...], score: float | None = None, outdated: bool = False) -> Memory:
        values = dict(zip(MEMORY_COLUMNS, row))
        values["id"] = str(values["id"])
        values["tier"], values["kind"] = Tier(values["tier"]), Kind(values["kind"])
        if values["superseded_by"] is not None:
            values["superseded_by"] = str(values["superseded_by"])
        values["event_ids"] = tuple(values["event_ids"])
        values["pinned"] = bool(values["pinned"])
        if values["confidence"] is not None:
            values["confidence"] = round(float(values["confidence"]), 4)
        return cls(**values, score=score, outdated=outdated)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "namespace": self.namespace,
            "session_id": self.session_id,
            "tier": self.tier,
            "kind": self.kind,
            "content": self.content,
            "subject": self.subject,
            "predicate": self.predicate,
            "object": self.object,
            "confidence": self.confidence,
            "valid_from": iso(self.valid_from),
            "valid_to": iso(self.valid_to),
            "recorded_at": iso(self.recorded_at),
            "superseded_by": self.superseded_by,
            "superseded_at": iso(self.superseded_at),
            "event_ids": list(self.event_ids),
            "metadata": self.metadata,
            "score": None if self.score is None else round(self.score, 4),
            "outdated": self.outdated,
            "pinned": self.pinned,
            "status": self.status,
        }


@dataclass(frozen=True)
class StagedTurn:
    """A validated turn, ready for the staging log (``event_id`` is its content hash)."""

    event_id: str
    namespace: str
    session_id: str
    role: Role
    content: str
    event_ts: datetime
    seq: int | None = None
    metadata: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ClaimedTurn:
    """A staged turn claimed by the realtime tier, about to become a provisional row."""

    event_id: str
    namespace: str
    session_id: str
    content: str
    event_ts: datetime
    metadata: dict[str, Any]


@dataclass(frozen=True)
class Rejected:
    """A turn that was not staged: its position in the input and why."""

    line: int
    error: str


@dataclass
class StageReport:
    """What ``stage_many`` / ``tiermem ingest`` did.

    ``committed_through``: every input line (or position) up to this one is
    committed or in ``rejected``; the rest was not staged. It is kept current
    while staging runs, so a caller holding the report knows where to resume
    after a failure.
    """

    inserted: int = 0
    duplicates: int = 0
    rejected: list[Rejected] = field(default_factory=list)
    event_ids: list[str] = field(default_factory=list)
    committed_through: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "inserted": self.inserted,
            "duplicates": self.duplicates,
            "rejected": [{"line": r.line, "error": r.error} for r in self.rejected],
        }


@dataclass(frozen=True)
class NewMemory:
    """A consolidated row about to be written by a tier swap."""

    kind: Kind
    content: str
    embed_text: str  # what the vector reads (kept when it differs from ``content``, for a reembed)
    event_ids: tuple[str, ...]
    valid_from: datetime
    subject: str | None = None
    predicate: str | None = None
    object: str | None = None
    confidence: float | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    retract: bool = False  # a statement that the matching fact is no longer true
    replaces: str | None = None  # the id of an active fact the consolidator says this replaces
    id: str | None = None  # pre-assigned when other rows name it (an episode's passages); else generated
    search_terms: str | None = None  # words the lexical branch matches besides the content (a passage's day)
    context_terms: str | None = None  # words said around it, matched at a lower weight (a passage's neighbours)


@dataclass(frozen=True)
class SessionEvents:
    """A whole session as re-read from staging, in conversation order."""

    namespace: str
    session_id: str
    turns: tuple[StagedTurn, ...]


class Embedder(Protocol):
    """What the store needs of an embedding model (``memory_sink.embedder.OnnxEmbedder`` is the real one).

    Pass one to ``MemoryStore.open(..., embedder=...)`` to use another model or a
    stand-in; the store checks ``dim`` against the vector column and records
    ``fingerprint`` (invariant 9) before the first vector is written or searched.
    """

    name: str  # the registry name: picks the supersession threshold calibrated for it
    dim: int  # width of every vector
    fingerprint: str  # identifies the vectors; two fingerprints never mix in one database

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        """Texts to store, as an ``(n, dim)`` float32 array of L2-normalised rows, in input order."""
        ...

    def embed_query(self, text: str) -> np.ndarray:
        """A search query as a ``(dim,)`` float32 vector."""
        ...
