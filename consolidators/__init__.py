"""Consolidators: turn one whole session into episode summaries and facts.

The pipeline builds a :class:`Transcript` (``build_transcript``), loads the
configured consolidator (``load_consolidator``) and runs it with the output
checked (``run_consolidator``). This package imports nothing from
``memory_sink`` or ``pipelines``; the dependency runs the other way.
"""

from .base import Consolidator
from .errors import ConsolidatorConfigError, ConsolidatorError, MalformedOutput
from .extractive import (
    CANONICAL_PREDICATES, ExtractiveConsolidator, extract_triples, normalise_predicate,
    split_sentences, summarise,
)
from .framing import build_transcript, frame_turns, render_turns
from .passthrough import PassthroughConsolidator
from .registry import (
    ENTRY_POINT_GROUP, KINDS, CallableConsolidator, coerce_result, load_consolidator,
    run_consolidator,
)
from .types import ActiveFact, ConsolidationResult, Context, Episode, Fact, Transcript, Turn

__all__ = [
    "ActiveFact", "CANONICAL_PREDICATES", "CallableConsolidator", "ConsolidationResult",
    "Consolidator", "ConsolidatorConfigError", "ConsolidatorError", "Context", "ENTRY_POINT_GROUP",
    "Episode", "ExtractiveConsolidator", "Fact", "KINDS", "MalformedOutput",
    "PassthroughConsolidator", "Transcript", "Turn", "build_transcript", "coerce_result",
    "extract_triples", "frame_turns", "load_consolidator", "normalise_predicate", "render_turns",
    "run_consolidator", "split_sentences", "summarise",
]
