"""Check a consolidator's output before it can replace a session's provisional rows.

A consolidator's output is about to replace a session's provisional rows: an
episode that misses a turn would make that turn vanish from recall, so bad
output must fail the session (invariant 8) before anything is written. Every
error is a :class:`MalformedOutput` naming the path of the bad value.

Its own module so that consolidators (``llm``) can check their answers without
importing the registry that imports them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import fields
from datetime import datetime
from typing import Any

from .base import Consolidator
from .errors import MalformedOutput
from .forms import utc_timestamp
from .types import CARDINALITIES, ConsolidationResult, Context, Episode, Fact, Transcript

MAX_TERM_CHARS = 1000  # longest subject / predicate / object a fact may carry


def run_consolidator(
    consolidator: Consolidator,
    transcript: Transcript,
    context: Context,
) -> ConsolidationResult:
    """Run ``consolidator`` on one session and return its checked, coerced result.

    An exception raised by the consolidator propagates unchanged (the pipeline
    records it against the session); a result that breaks the contract raises
    :class:`MalformedOutput` naming the path of the bad value.
    """
    raw = consolidator.consolidate(transcript, context)
    return coerce_result(raw, transcript)


def coerce_result(raw: Any, transcript: Transcript) -> ConsolidationResult:
    """Turn a result (dataclasses or plain dicts/lists) into a validated ConsolidationResult."""
    if isinstance(raw, ConsolidationResult):
        data: Mapping[str, Any] = {"episodes": raw.episodes, "facts": raw.facts}
    elif isinstance(raw, Mapping):
        data = _fields_of(raw, "result", ConsolidationResult, required=("episodes",))
    else:
        raise MalformedOutput("result", f"expected a ConsolidationResult or a mapping, got {type(raw).__name__}")
    known = frozenset(turn.event_id for turn in transcript.turns)
    episodes = tuple(
        _episode(item, f"episodes[{i}]", known)
        for i, item in enumerate(_sequence(data["episodes"], "episodes", non_empty=True))
    )
    facts = tuple(_fact(item, f"facts[{i}]", known) for i, item in enumerate(_sequence(data.get("facts", ()), "facts")))
    _check_coverage(episodes, transcript)
    return ConsolidationResult(episodes=episodes, facts=facts)


def _check_coverage(episodes: tuple[Episode, ...], transcript: Transcript) -> None:
    covered = {event_id for episode in episodes for event_id in episode.event_ids}
    missing = [turn.event_id for turn in transcript.turns if turn.event_id not in covered]
    if missing:
        raise MalformedOutput(
            "episodes",
            (
                f"{len(missing)} of {len(transcript.turns)} turns are covered by no episode and would "
                f"vanish from recall: {_preview(missing)}"
            ),
        )


def _episode(item: Any, path: str, known: frozenset[str]) -> Episode:
    data = _fields_of(item, path, Episode, required=tuple(f.name for f in fields(Episode)))
    start = _required_timestamp(data["start_ts"], f"{path}.start_ts")
    end = _required_timestamp(data["end_ts"], f"{path}.end_ts")
    if start > end:
        raise MalformedOutput(f"{path}.start_ts", f"{start.isoformat()} is after end_ts {end.isoformat()}")
    return Episode(
        text=_text(data["text"], f"{path}.text"),
        summary=_text(data["summary"], f"{path}.summary"),
        start_ts=start,
        end_ts=end,
        event_ids=_event_ids(data["event_ids"], f"{path}.event_ids", known, non_empty=True),
    )


def _fact(item: Any, path: str, known: frozenset[str]) -> Fact:
    data = _fields_of(item, path, Fact, required=("subject", "predicate", "object"))
    replaces = data.get("replaces")
    if replaces is not None:
        replaces = _text(replaces, f"{path}.replaces")
    retract = data.get("retract", False)
    if not isinstance(retract, bool):
        raise MalformedOutput(f"{path}.retract", f"expected true or false, got {retract!r}")
    if data.get("replaces_attribute", False) is not False:
        raise MalformedOutput(
            f"{path}.replaces_attribute", "must be false in a result (name the replaced fact's id in replaces)"
        )
    cardinality = data.get("cardinality")
    if cardinality is not None and cardinality not in CARDINALITIES:
        raise MalformedOutput(f"{path}.cardinality", f"expected single, multi or null, got {cardinality!r}")
    return Fact(
        subject=_term(data["subject"], f"{path}.subject"),
        predicate=_term(data["predicate"], f"{path}.predicate"),
        object=_term(data["object"], f"{path}.object"),
        confidence=_confidence(data.get("confidence", 0.8), f"{path}.confidence"),
        valid_from=_timestamp(data.get("valid_from"), f"{path}.valid_from"),
        event_ids=_event_ids(data.get("event_ids", ()), f"{path}.event_ids", known, non_empty=False),
        retract=retract,
        replaces=replaces,
        cardinality=cardinality,
    )


def _fields_of(item: Any, path: str, cls: type, *, required: tuple[str, ...]) -> dict[str, Any]:
    """The fields of a dataclass instance or a mapping, rejecting unknown and missing keys."""
    names = [f.name for f in fields(cls)]
    if isinstance(item, cls):
        return {name: getattr(item, name) for name in names}
    if not isinstance(item, Mapping):
        raise MalformedOutput(path, f"expected a {cls.__name__} or a mapping, got {type(item).__name__}")
    for key in item:
        if key not in names:
            raise MalformedOutput(f"{path}.{key}", f"unknown field (expected one of: {', '.join(names)})")
    for key in required:
        if key not in item:
            raise MalformedOutput(f"{path}.{key}", "missing")
    return dict(item)


def _sequence(value: Any, path: str, *, non_empty: bool = False) -> list[Any]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, (list, tuple)):
        raise MalformedOutput(path, f"expected a list, got {type(value).__name__}")
    if non_empty and not value:
        raise MalformedOutput(path, "expected at least one item")
    return list(value)


def _text(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise MalformedOutput(path, "expected a non-empty string")
    if "\x00" in value:
        raise MalformedOutput(path, "contains a NUL character")
    return value


def _term(value: Any, path: str) -> str:
    text = _text(value, path)
    if len(text) > MAX_TERM_CHARS:
        raise MalformedOutput(path, f"is {len(text)} characters long (limit {MAX_TERM_CHARS})")
    return text


def _confidence(value: Any, path: str) -> float:
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not (math.isfinite(value) and 0.0 <= value <= 1.0)
    ):
        raise MalformedOutput(path, f"expected a number in [0, 1], got {value!r}")
    return float(value)


def _required_timestamp(value: Any, path: str) -> datetime:
    stamp = _timestamp(value, path)
    if stamp is None:
        raise MalformedOutput(path, "expected a timestamp, got None")
    return stamp


def _timestamp(value: Any, path: str) -> datetime | None:
    """A datetime or ISO 8601 string as an aware UTC datetime; naive means UTC."""
    try:
        return utc_timestamp(value)
    except ValueError as exc:
        raise MalformedOutput(path, str(exc)) from None


def _event_ids(value: Any, path: str, known: frozenset[str], *, non_empty: bool) -> tuple[str, ...]:
    ids = _sequence(value, path, non_empty=non_empty)
    for i, event_id in enumerate(ids):
        if not isinstance(event_id, str):
            raise MalformedOutput(f"{path}[{i}]", f"expected an event id string, got {type(event_id).__name__}")
        if event_id not in known:
            raise MalformedOutput(f"{path}[{i}]", f"unknown event id {event_id!r} (not a turn of this session)")
    return tuple(dict.fromkeys(ids))


def _preview(items: list[str], limit: int = 5) -> str:
    """The first ``limit`` items, then how many more: messages stay one readable line."""
    shown = ", ".join(items[:limit])
    return shown if len(items) <= limit else f"{shown}, … (+{len(items) - limit} more)"
