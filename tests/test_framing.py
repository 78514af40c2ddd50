"""Episode framing: pure, order-preserving, every turn in exactly one frame."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from consolidators import Transcript, Turn, build_transcript, frame_turns

T0 = datetime(2025, 1, 6, 9, 0, tzinfo=UTC)


def turn(i: int, seconds: float, content: str = "hello there", role: str = "user") -> Turn:
    return Turn(event_id=f"e{i}", role=role, content=content, ts=T0 + timedelta(seconds=seconds), seq=i)


def ids(frames: tuple[tuple[Turn, ...], ...]) -> list[list[str]]:
    return [[t.event_id for t in frame] for frame in frames]


LIMITS = {"max_gap_seconds": 600, "max_turns": 10, "max_words": 100}


def test_empty_input_gives_no_frames() -> None:
    assert frame_turns([], **LIMITS) == ()


def test_gap_longer_than_limit_starts_a_new_frame() -> None:
    turns = [turn(0, 0), turn(1, 60), turn(2, 60 + 601), turn(3, 60 + 601 + 600)]
    assert ids(frame_turns(turns, **LIMITS)) == [["e0", "e1"], ["e2", "e3"]]


def test_gap_equal_to_limit_stays_in_frame() -> None:
    assert ids(frame_turns([turn(0, 0), turn(1, 600)], **LIMITS)) == [["e0", "e1"]]


def test_backwards_timestamps_never_split() -> None:
    assert ids(frame_turns([turn(0, 100), turn(1, 0)], **LIMITS)) == [["e0", "e1"]]


def test_max_turns_splits() -> None:
    turns = [turn(i, i) for i in range(7)]
    frames = frame_turns(turns, max_gap_seconds=600, max_turns=3, max_words=1000)
    assert ids(frames) == [["e0", "e1", "e2"], ["e3", "e4", "e5"], ["e6"]]


def test_max_words_splits_before_overflow() -> None:
    turns = [turn(0, 0, "one two three"), turn(1, 1, "four five"), turn(2, 2, "six seven")]
    frames = frame_turns(turns, max_gap_seconds=600, max_turns=10, max_words=5)
    assert ids(frames) == [["e0", "e1"], ["e2"]]


def test_single_giant_turn_gets_its_own_frame() -> None:
    giant = " ".join(["word"] * 500)
    turns = [turn(0, 0), turn(1, 1, giant), turn(2, 2)]
    frames = frame_turns(turns, max_gap_seconds=600, max_turns=10, max_words=50)
    assert ids(frames) == [["e0"], ["e1"], ["e2"]]


@pytest.mark.parametrize(
    "bad",
    [
        {"max_gap_seconds": -1, "max_turns": 1, "max_words": 1},
        {"max_gap_seconds": 0, "max_turns": 0, "max_words": 1},
        {"max_gap_seconds": 0, "max_turns": 1, "max_words": 0},
    ],
)
def test_nonsense_limits_are_rejected(bad: dict[str, int]) -> None:
    with pytest.raises(ValueError):
        frame_turns([turn(0, 0)], **bad)


@pytest.mark.parametrize("seed", range(40))
def test_random_sessions_keep_order_coverage_and_limits(seed: int) -> None:
    rng = random.Random(seed)
    clock, turns = 0.0, []
    for i in range(rng.randint(0, 60)):
        clock += rng.choice([1, 5, 30, 120, 900, 4000])
        turns.append(turn(i, clock, " ".join(["w"] * rng.randint(0, 80))))
    limits = {
        "max_gap_seconds": rng.choice([0, 60, 600, 3600]),
        "max_turns": rng.randint(1, 12),
        "max_words": rng.randint(1, 200),
    }
    frames = frame_turns(turns, **limits)
    flat = [t for frame in frames for t in frame]
    assert flat == turns  # nothing dropped, duplicated or reordered
    for frame in frames:
        assert frame, "no empty frame"
        assert len(frame) <= limits["max_turns"]
        words = sum(len(t.content.split()) for t in frame)
        assert words <= limits["max_words"] or len(frame) == 1
        for prev, nxt in zip(frame, frame[1:]):
            assert (nxt.ts - prev.ts).total_seconds() <= limits["max_gap_seconds"]
    for left, right in zip(frames, frames[1:]):  # each split had a reason
        gap = (right[0].ts - left[-1].ts).total_seconds()
        words = sum(len(t.content.split()) for t in (*left, right[0]))
        assert gap > limits["max_gap_seconds"] or len(left) + 1 > limits["max_turns"] or words > limits["max_words"]


def test_build_transcript_keeps_turn_order_and_fills_frames() -> None:
    turns = [turn(2, 0), turn(0, 5000), turn(1, 5001)]  # arrival order is session order
    transcript = build_transcript("ns", "s1", iter(turns), **LIMITS)
    assert isinstance(transcript, Transcript)
    assert (transcript.namespace, transcript.session_id) == ("ns", "s1")
    assert transcript.turns == tuple(turns)
    assert ids(transcript.frames) == [["e2"], ["e0", "e1"]]
