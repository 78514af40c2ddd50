"""Consolidators: turn one whole session into episode summaries and facts.

The pipeline builds a :class:`Transcript` (``build_transcript``), loads the
configured consolidator (``load_consolidator``) and runs it with the output
checked (``run_consolidator``). This package imports nothing from
``memory_sink`` or ``pipelines``; the dependency runs the other way.

Every name below is imported on first use (PEP 562): ``memory_sink`` needs only
``consolidators.forms``, and importing the package must not load spaCy and the
extraction tables (about 2 s) for a command that never consolidates.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import Consolidator, ForeseesEpisodes, WarmsUp
    from .errors import (
        ConsolidatorConfigError,
        ConsolidatorError,
        ConsolidatorTimeout,
        EndpointError,
        MalformedOutput,
    )
    from .extractive import (
        CANONICAL_PREDICATES,
        ExtractiveConsolidator,
        extract_triples,
        normalise_predicate,
        split_sentences,
        summarise,
    )
    from .framing import build_transcript, frame_turns, render_turns
    from .llm import VERDICTS, JudgeVerdict, LLMConsolidator, LLMJudge
    from .passthrough import PassthroughConsolidator
    from .registry import (
        ENTRY_POINT_GROUP,
        KINDS,
        CallableConsolidator,
        check_judge_options,
        check_options,
        load_consolidator,
        load_llm_judge,
    )
    from .types import ActiveFact, ConsolidationResult, Context, Episode, Fact, Transcript, Turn
    from .validation import coerce_result, run_consolidator

# name -> the submodule that defines it
_EXPORTS = {
    "ActiveFact": "types",
    "CANONICAL_PREDICATES": "extractive",
    "CallableConsolidator": "registry",
    "ConsolidationResult": "types",
    "Consolidator": "base",
    "ConsolidatorConfigError": "errors",
    "ConsolidatorError": "errors",
    "ConsolidatorTimeout": "errors",
    "Context": "types",
    "ENTRY_POINT_GROUP": "registry",
    "EndpointError": "errors",
    "Episode": "types",
    "ExtractiveConsolidator": "extractive",
    "Fact": "types",
    "ForeseesEpisodes": "base",
    "JudgeVerdict": "llm",
    "KINDS": "registry",
    "LLMConsolidator": "llm",
    "LLMJudge": "llm",
    "MalformedOutput": "errors",
    "PassthroughConsolidator": "passthrough",
    "Transcript": "types",
    "Turn": "types",
    "VERDICTS": "llm",
    "WarmsUp": "base",
    "build_transcript": "framing",
    "check_judge_options": "registry",
    "check_options": "registry",
    "coerce_result": "validation",
    "extract_triples": "extractive",
    "frame_turns": "framing",
    "load_consolidator": "registry",
    "load_llm_judge": "registry",
    "normalise_predicate": "extractive",
    "render_turns": "framing",
    "run_consolidator": "validation",
    "split_sentences": "extractive",
    "summarise": "extractive",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


__all__ = [
    "check_judge_options",
    "check_options",
    "ActiveFact",
    "CANONICAL_PREDICATES",
    "CallableConsolidator",
    "ConsolidationResult",
    "Consolidator",
    "ConsolidatorConfigError",
    "ConsolidatorError",
    "ConsolidatorTimeout",
    "Context",
    "ENTRY_POINT_GROUP",
    "EndpointError",
    "Episode",
    "ExtractiveConsolidator",
    "Fact",
    "ForeseesEpisodes",
    "JudgeVerdict",
    "KINDS",
    "LLMConsolidator",
    "LLMJudge",
    "MalformedOutput",
    "PassthroughConsolidator",
    "Transcript",
    "Turn",
    "VERDICTS",
    "WarmsUp",
    "build_transcript",
    "coerce_result",
    "extract_triples",
    "frame_turns",
    "load_consolidator",
    "load_llm_judge",
    "normalise_predicate",
    "render_turns",
    "run_consolidator",
    "split_sentences",
    "summarise",
]
