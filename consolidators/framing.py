"""Episode framing: cut an ordered session into consecutive episode candidates.

Pure functions over :class:`Turn`. The pipeline frames every transcript the same
way, so a consolidator can follow the frames (one episode each) and still cover
every turn — which matters because a turn covered by no episode would vanish
from recall after the tier swap.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .types import Episode, Transcript, Turn

Frame = tuple[Turn, ...]


def word_count(text: str) -> int:
    """Whitespace-separated words: cheap, model-free, and stable across runs."""
    return len(text.split())


def frame_turns(
    turns: Iterable[Turn],
    *,
    max_gap_seconds: int,
    max_turns: int,
    max_words: int,
) -> tuple[Frame, ...]:
    """Split ordered ``turns`` into consecutive frames, never dropping or reordering one.

    A new frame starts when the time since the previous turn exceeds
    ``max_gap_seconds`` (a pause usually means a new topic), or when adding the
    turn would push the frame past ``max_turns`` or ``max_words`` (so a summary
    stays summarisable). A single turn longer than ``max_words`` still gets a
    frame of its own. Timestamps going backwards never split a frame.
    """
    _check_limits(max_gap_seconds=max_gap_seconds, max_turns=max_turns, max_words=max_words)
    frames: list[Frame] = []
    current: list[Turn] = []
    words = 0
    for turn in turns:
        size = word_count(turn.content)
        if current and (
            (turn.ts - current[-1].ts).total_seconds() > max_gap_seconds
            or len(current) + 1 > max_turns
            or words + size > max_words
        ):
            frames.append(tuple(current))
            current, words = [], 0
        current.append(turn)
        words += size
    if current:
        frames.append(tuple(current))
    return tuple(frames)


def _check_limits(*, max_gap_seconds: int, max_turns: int, max_words: int) -> None:
    """Reject limits that would make framing meaningless (the config validates them first)."""
    if max_gap_seconds < 0:
        raise ValueError(f"max_gap_seconds: expected an integer >= 0, got {max_gap_seconds!r}")
    for name, value in (("max_turns", max_turns), ("max_words", max_words)):
        if value < 1:
            raise ValueError(f"{name}: expected an integer >= 1, got {value!r}")


def build_transcript(
    namespace: str,
    session_id: str,
    turns: Iterable[Turn],
    *,
    max_gap_seconds: int,
    max_turns: int,
    max_words: int,
) -> Transcript:
    """Bundle a session's turns (already in session order) with their frames."""
    ordered = tuple(turns)
    frames = frame_turns(
        ordered,
        max_gap_seconds=max_gap_seconds,
        max_turns=max_turns,
        max_words=max_words,
    )
    return Transcript(namespace=namespace, session_id=session_id, turns=ordered, frames=frames)


def episode_frames(transcript: Transcript) -> tuple[Frame, ...]:
    """The frames to build episodes from: the transcript's own, else the whole session.

    A transcript built by hand (tests, scripts) may carry no frames; treating
    the session as one frame keeps every turn covered.
    """
    if transcript.frames:
        return transcript.frames
    return (transcript.turns,) if transcript.turns else ()


def frame_episode(frame: Sequence[Turn], summary_of: Callable[[str], str]) -> Episode:
    """The episode covering exactly ``frame``: its rendered text, a summary of it, its span.

    The span is the earliest and latest timestamp rather than first and last
    turn, because turns ordered by ``seq`` may carry skewed clocks.
    """
    text = render_turns(frame)
    stamps = [turn.ts for turn in frame]
    return Episode(
        text=text,
        summary=summary_of(text),
        start_ts=min(stamps),
        end_ts=max(stamps),
        event_ids=tuple(turn.event_id for turn in frame),
    )


def render_turns(turns: Sequence[Turn]) -> str:
    """``role: content`` per turn, one per line: the episode text both built-ins store."""
    return "\n".join(f"{turn.role}: {turn.content}" for turn in turns)
