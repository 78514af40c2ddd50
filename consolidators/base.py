"""The consolidator protocol and the option checks the built-ins share.

A consolidator is anything with a ``name`` and a ``consolidate`` method; it
need not inherit from anything, so one written outside tiermem only depends on
``consolidators.types`` (or returns plain dicts of the same shape).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from .errors import OPTIONS_KEY, ConsolidatorConfigError
from .types import ConsolidationResult, Context, Episode, Transcript, Turn


@runtime_checkable
class Consolidator(Protocol):
    """Turns one whole session into episodes and facts.

    ``consolidate`` may return a :class:`ConsolidationResult` or a mapping of
    the same shape (``{"episodes": [...], "facts": [...]}``, datetimes as
    ISO strings allowed); :func:`consolidators.run_consolidator` coerces and
    validates either. Raising fails that session only; the pipeline records it.
    """

    name: str

    def consolidate(
        self,
        transcript: Transcript,
        context: Context,
    ) -> ConsolidationResult | Mapping[str, Any]:
        """Consolidate one session transcript."""
        ...


@runtime_checkable
class WarmsUp(Protocol):
    """A consolidator that gains from seeing a chunk's sessions before it is asked for each one (the
    extractive one parses all their sentences in one parser batch: a parser call costs about as much
    as one more sentence). ``warm`` must change no result: each session comes out the same without it; it
    may run in the lookahead's thread while ``consolidate`` runs in another (``pipelines.lookahead``)."""

    def warm(self, sessions: Sequence[Sequence[Turn]]) -> None:
        """Prepare for consolidating ``sessions`` (each one's turns, in order)."""
        ...


@runtime_checkable
class ForeseesEpisodes(Protocol):
    """A consolidator whose episodes follow from the transcript alone, whatever the context: the
    consolidation lookahead embeds their texts while the previous chunk swaps, so the chunk's own
    embedding call is left with its facts. ``episodes`` must return exactly the episodes ``consolidate``
    will (a wrong guess costs only time: a vector is reused only for an equal text)."""

    def episodes(self, transcript: Transcript) -> tuple[Episode, ...]:
        """The episodes ``consolidate(transcript, context)`` returns, for any context."""
        ...


def option_key(name: str) -> str:
    """The dotted config key of option ``name``, for error messages."""
    return f"{OPTIONS_KEY}.{name}"


def positive_int_option(name: str, value: Any) -> int:
    """Check an integer option >= 1, naming the key when it is not."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConsolidatorConfigError(option_key(name), f"expected a positive integer, got {value!r}")
    return value


def bool_option(name: str, value: Any) -> bool:
    """Check a true/false option (YAML ``yes``/``no`` already arrive as bool)."""
    if not isinstance(value, bool):
        raise ConsolidatorConfigError(option_key(name), f"expected true or false, got {value!r}")
    return value


def str_option(name: str, value: Any) -> str:
    """Check a non-empty string option."""
    if not isinstance(value, str) or not value.strip():
        raise ConsolidatorConfigError(option_key(name), f"expected a non-empty string, got {value!r}")
    return value.strip()


def str_list_option(name: str, value: Any) -> tuple[str, ...]:
    """Check a list of non-empty strings."""
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ConsolidatorConfigError(option_key(name), f"expected a list of non-empty strings, got {value!r}")
    return tuple(v.strip() for v in value)


def number_option(
    name: str,
    value: Any,
    minimum: float,
    *,
    exclusive: bool = False,
    maximum: float | None = None,
    integer: bool = False,
) -> float:
    """A number option within bounds (an integer if ``integer``), naming the key when not."""
    ok = (
        not isinstance(value, bool)
        and isinstance(value, int if integer else (int, float))
        and math.isfinite(value)
        and (value > minimum if exclusive else value >= minimum)
        and (maximum is None or value <= maximum)
    )
    if not ok:
        kind = "an integer" if integer else "a number"
        bounds = (
            f"in [{minimum:g}, {maximum:g}]" if maximum is not None else f"{'>' if exclusive else '>='} {minimum:g}"
        )
        raise ConsolidatorConfigError(option_key(name), f"expected {kind} {bounds}, got {value!r}")
    return float(value)
