"""Consolidators: turn one whole session into episode summaries and facts.

The pipeline builds a :class:`Transcript` (``build_transcript``), loads the
configured consolidator (``load_consolidator``) and runs it with the output
checked (``run_consolidator``). This package imports nothing from
``memory_sink`` or ``pipelines``; the dependency runs the other way.
"""

from .base import Consolidator
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
    load_consolidator,
    load_llm_judge,
)
from .types import ActiveFact, ConsolidationResult, Context, Episode, Fact, Transcript, Turn
from .validation import coerce_result, run_consolidator

__all__ = [
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
    "JudgeVerdict",
    "KINDS",
    "LLMConsolidator",
    "LLMJudge",
    "MalformedOutput",
    "PassthroughConsolidator",
    "Transcript",
    "Turn",
    "VERDICTS",
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
