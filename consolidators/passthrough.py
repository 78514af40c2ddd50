"""The ``passthrough`` consolidator: one episode per frame, verbatim, no facts.

Useful as a baseline and where summaries are unwanted: consolidation then only
moves turns into the consolidated tier as readable episodes.
"""

from __future__ import annotations

from .base import positive_int_option
from .framing import episode_frames, frame_episode
from .types import ConsolidationResult, Context, Transcript


class PassthroughConsolidator:
    """Episode text = the frame rendered ``role: content``; summary = the same text.

    With ``max_summary_chars`` set, the summary is the text's head, cut at a
    word boundary and ended with ``…``; the full text is always kept in ``text``.
    """

    name = "passthrough"

    def __init__(self, *, max_summary_chars: int | None = None) -> None:
        self.max_summary_chars = (
            None if max_summary_chars is None else positive_int_option("max_summary_chars", max_summary_chars)
        )

    def consolidate(self, transcript: Transcript, context: Context) -> ConsolidationResult:
        """One episode per frame of ``transcript``; ``context`` is not needed."""
        return ConsolidationResult(
            episodes=tuple(
                frame_episode(frame, lambda text: truncate(text, self.max_summary_chars))
                for frame in episode_frames(transcript)
            )
        )


def truncate(text: str, limit: int | None) -> str:
    """``text`` cut to at most ``limit`` characters at a word boundary, marked with ``…``."""
    if limit is None or len(text) <= limit:
        return text
    head = text[: max(limit - 1, 1)]
    cut = head.rsplit(None, 1)[0] if " " in head.strip() else head
    return cut.rstrip() + "…"
