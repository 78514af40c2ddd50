"""Load a consolidator from configuration, and run one with its output checked.

``load_consolidator`` turns ``consolidate.consolidator.{kind, options}`` into an
object, failing fast with the config key at fault. ``run_consolidator`` calls
it and validates the result, because a consolidator's output is about to
replace a session's provisional rows: an episode that misses a turn would make
that turn vanish from recall, so bad output must fail the session (invariant 8)
before anything is written.
"""

from __future__ import annotations

import importlib
import inspect
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import fields
from datetime import UTC, datetime
from importlib import metadata
from typing import Any

from .base import Consolidator, option_key, str_option
from .errors import KIND_KEY, OPTIONS_KEY, ConsolidatorConfigError, MalformedOutput
from .extractive import ExtractiveConsolidator
from .llm import LLMConsolidator, LLMJudge
from .passthrough import PassthroughConsolidator
from .types import ConsolidationResult, Context, Episode, Fact, Transcript

ENTRY_POINT_GROUP = "tiermem.consolidators"
MAX_TERM_CHARS = 1000  # longest subject / predicate / object a fact may carry
_TARGET = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*:[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
_ENTRY_NAME = re.compile(r"[A-Za-z0-9][\w.-]*")


class CallableConsolidator:
    """Wraps ``fn(transcript, context)`` named by ``target`` (``module:function`` or an entry point).

    The target is resolved here, when the deployment is loaded, so a typo fails
    the run at start-up rather than every session at night.
    """

    def __init__(self, *, target: str) -> None:
        target = str_option("target", target)
        self.target = target
        self.name = f"callable:{target}"
        self.fn = _resolve_target(target)

    def consolidate(self, transcript: Transcript, context: Context) -> Any:
        """Call the target; whatever it returns is checked by :func:`run_consolidator`."""
        return self.fn(transcript, context)


#: kind -> factory taking the options as keyword arguments. Adding a kind is one entry;
#: the accepted option names are the factory's keyword-only parameters.
KINDS: dict[str, Callable[..., Consolidator]] = {
    "passthrough": PassthroughConsolidator,
    "extractive": ExtractiveConsolidator,
    "llm": LLMConsolidator,
    "callable": CallableConsolidator,
}

#: Kinds the configuration documents but this version does not ship yet (kind -> message).
NOT_YET_AVAILABLE: dict[str, str] = {}


def load_consolidator(kind: str, options: Mapping[str, Any] | None = None) -> Consolidator:
    """Build the consolidator ``kind`` with ``options``, or raise ConsolidatorConfigError.

    Unknown keys and wrong types are rejected here with the dotted config key,
    so a bad deployment file fails at load time, not at 02:30.
    """
    if isinstance(kind, str) and kind in NOT_YET_AVAILABLE:
        raise ConsolidatorConfigError(KIND_KEY, NOT_YET_AVAILABLE[kind])
    if not isinstance(kind, str) or kind not in KINDS:
        raise ConsolidatorConfigError(
            KIND_KEY, f"unknown consolidator {kind!r} (expected one of: {', '.join(sorted(KINDS))})"
        )
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise ConsolidatorConfigError(OPTIONS_KEY, f"expected a mapping, got {type(options).__name__}")
    factory = KINDS[kind]
    _check_option_names(kind, factory, options)
    return factory(**{str(k): v for k, v in options.items()})


def load_llm_judge(options: Mapping[str, Any] | None, *, config_key: str) -> LLMJudge:
    """The LLM supersession judge from its options; errors name ``<config_key>.<option>``."""
    if not isinstance(options, Mapping):
        raise ConsolidatorConfigError(config_key, f"expected a mapping, got {type(options).__name__}")
    _check_option_names("llm judge", LLMJudge, options, prefix=config_key, skip=("config_key",))
    return LLMJudge(**{str(k): v for k, v in options.items()}, config_key=config_key)


def _check_option_names(
    kind: str,
    factory: Callable[..., Any],
    options: Mapping[str, Any],
    *,
    prefix: str = OPTIONS_KEY,
    skip: tuple[str, ...] = (),
) -> None:
    """Reject unknown and missing option keys, using the factory's signature as the schema."""
    params = {
        name: p
        for name, p in inspect.signature(factory).parameters.items()
        if p.kind is inspect.Parameter.KEYWORD_ONLY and name not in skip
    }
    for key in options:
        if key not in params:
            allowed = ", ".join(sorted(params)) or "none"
            raise ConsolidatorConfigError(
                f"{prefix}.{key}", f"unknown option for {kind!r} (expected one of: {allowed})"
            )
    for name, param in params.items():
        if param.default is inspect.Parameter.empty and name not in options:
            raise ConsolidatorConfigError(f"{prefix}.{name}", f"required by the {kind!r} consolidator")


def _resolve_target(target: str) -> Callable[..., Any]:
    """Import ``module:function`` or load the entry point ``target``; it must be callable."""
    key = option_key("target")
    if _TARGET.fullmatch(target):
        obj = _import_target(target, key)
    elif ":" not in target and _ENTRY_NAME.fullmatch(target):
        obj = _load_entry_point(target, key)
    else:
        raise ConsolidatorConfigError(key, f"expected 'module:function' or an entry point name, got {target!r}")
    if hasattr(obj, "consolidate") and not isinstance(obj, type):
        return obj.consolidate  # a ready consolidator object is welcome too
    if not callable(obj):
        raise ConsolidatorConfigError(key, f"{target!r} is a {type(obj).__name__}, not a callable")
    return obj


def _import_target(target: str, key: str) -> Any:
    module_name, _, attr_path = target.partition(":")
    try:
        obj: Any = importlib.import_module(module_name)
    except Exception as exc:  # any import-time failure is the config's to fix
        raise ConsolidatorConfigError(key, f"cannot import {module_name!r}: {exc}") from exc
    for attr in attr_path.split("."):
        try:
            obj = getattr(obj, attr)
        except AttributeError:
            raise ConsolidatorConfigError(key, f"{module_name!r} has no attribute {attr_path!r}") from None
    return obj


def _load_entry_point(name: str, key: str) -> Any:
    found = [ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP) if ep.name == name]
    if not found:
        raise ConsolidatorConfigError(
            key, f"no entry point {name!r} in group {ENTRY_POINT_GROUP!r} (or give 'module:function')"
        )
    try:
        return found[0].load()
    except Exception as exc:
        raise ConsolidatorConfigError(key, f"cannot load entry point {name!r}: {exc}") from exc


# ---------------------------------------------------------------------------
# running and validating


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
    return Fact(
        subject=_term(data["subject"], f"{path}.subject"),
        predicate=_term(data["predicate"], f"{path}.predicate"),
        object=_term(data["object"], f"{path}.object"),
        confidence=_confidence(data.get("confidence", 0.8), f"{path}.confidence"),
        valid_from=_timestamp(data.get("valid_from"), f"{path}.valid_from"),
        event_ids=_event_ids(data.get("event_ids", ()), f"{path}.event_ids", known, non_empty=False),
        retract=retract,
        replaces=replaces,
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
    if value is None:
        return None
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.strip())
        except ValueError:
            raise MalformedOutput(path, f"expected an ISO 8601 timestamp, got {value!r}") from None
    if not isinstance(value, datetime):
        raise MalformedOutput(path, f"expected a datetime or an ISO 8601 string, got {type(value).__name__}")
    if value.tzinfo is None or value.utcoffset() is None:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


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
