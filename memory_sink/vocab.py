"""The closed vocabularies of tiermem's storage, one ``StrEnum`` each.

A member is its string: it compares equal to it, formats as it, and is written
as it by psycopg and ``json``, so the database and the JSON interface see the
same words as before. The schema's CHECK constraints (0001, 0004, 0005, 0009) hold the same
lists; a test keeps the two equal.
"""

from __future__ import annotations

from enum import StrEnum


class Tier(StrEnum):
    PROVISIONAL = "provisional"  # realtime: one row per staged turn, embedded within seconds
    CONSOLIDATED = "consolidated"  # nightly: episodes and facts, replacing a session's provisional rows


class Kind(StrEnum):
    TURN = "turn"
    EPISODE = "episode"
    PASSAGE = "passage"  # a few dated turns of an episode: what recall searches in its place
    FACT = "fact"


class Role(StrEnum):
    """Who said a staged turn."""

    USER = "user"
    ASSISTANT = "assistant"
    SYSTEM = "system"
    TOOL = "tool"


# Chat formats name the two sides differently (LangChain's human/ai); the staging log
# keeps one word for each, so every way in (stage, ingest, MCP remember) accepts these.
ROLE_ALIASES = {"human": Role.USER, "ai": Role.ASSISTANT}


class Op(StrEnum):
    """What a ``memory_ops`` row records."""

    TIER_SWAP = "tier_swap"  # a session's provisional rows replaced by consolidated ones
    SUPERSEDE = "supersede"  # one memory retired in favour of another
    RETRACT = "retract"  # a memory no longer believed, with no successor
    DUPLICATE = "duplicate"  # a new fact restating an active one, retired at once
    INHERIT = "inherit"  # a re-consolidated fact keeping its predecessor's retirement
    COEXIST = "coexist"  # two facts judged both true: nothing changed, the decision logged
    BLOCKED = "blocked"  # a replacement or retraction a guard stopped: nothing changed
    PIN = "pin"
    UNPIN = "unpin"
    UNDO = "undo"


class Actor(StrEnum):
    """Who made an operation: a person through the API or CLI, or the consolidation pipeline."""

    USER = "user"
    CONSOLIDATE = "consolidate"


class Scope(StrEnum):
    """What one erasure (``forget``) removed."""

    MEMORY = "memory"  # one memory, the turns it came from and everything derived from them
    SESSION = "session"
    NAMESPACE = "namespace"


class Verdict(StrEnum):
    """A supersession judge's answer for one (new fact, active candidate) pair."""

    REPLACE = "replace"
    COEXIST = "coexist"
    DUPLICATE = "duplicate"


class Outcome(StrEnum):
    """What consolidating one session came to."""

    CONSOLIDATED = "consolidated"
    FAILED = "failed"
    SKIPPED = "skipped"  # nothing left to consolidate (already done, or no turns)
