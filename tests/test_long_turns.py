"""A very long turn: the consolidator reads its start (consolidate.max_turn_chars), nothing of it is lost.

The extractive consolidator's work grows faster than a turn's length: a 4.7 MB
turn held its session for more than 13 minutes (killed unfinished), so the
consolidator is shown each turn's first ``max_turn_chars`` characters, and every
report says which turns it read in part. The staged turn and its passage keep
every character, so recall still finds and returns the whole turn.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from consolidators import ExtractiveConsolidator
from consolidators.types import Context, Transcript, Turn
from memory_sink import MemoryStore
from pipelines.consolidate import run_consolidate
from pipelines.passages import PartRead, read_turns
from tests.conftest import make_config
from tests.test_cli import run

WHEN = datetime(2026, 11, 16, 9, tzinfo=UTC)
FILLER = "We talked about the weather and the garden for a while. " * 40  # 2,240 characters


def _turn(content: str, event_id: str = "e1") -> Turn:
    return Turn(event_id, "user", content, WHEN)


def test_a_short_turn_is_read_whole() -> None:
    turns = [_turn("I live in Leeds.")]
    assert read_turns(turns, 100) == (turns, [])


@pytest.mark.parametrize(
    ("content", "limit", "read"),
    [
        ("I live in Leeds. Then we went out for a long walk", 30, "I live in Leeds."),  # at the sentence end
        ("one two three four five six seven eight", 20, "one two three four"),  # at the last space
        ("x" * 50, 20, "x" * 20),  # no place to cut but the limit
        ("Short. " + "y" * 40, 30, "Short. " + "y" * 23),  # a sentence end too early: no better than the limit
    ],
)
def test_a_long_turn_is_read_to_a_boundary_within_the_limit(content: str, limit: int, read: str) -> None:
    turns, cut = read_turns([_turn(content)], limit)
    assert turns[0].content == read and len(read) <= limit
    assert cut == [PartRead("e1", len(read), len(content))]
    assert (turns[0].event_id, turns[0].role, turns[0].ts) == ("e1", "user", WHEN)


class Recording:
    """The extractive consolidator, noting the longest turn it was shown."""

    name = "recording"

    def __init__(self) -> None:
        self.inner = ExtractiveConsolidator()
        self.longest = 0

    def consolidate(self, transcript: Transcript, context: Context) -> Any:
        self.longest = max(self.longest, *(len(t.content) for t in transcript.turns))
        return self.inner.consolidate(transcript, context)


def test_the_consolidator_reads_the_start_and_the_passage_keeps_the_whole_turn(db_dsn: str) -> None:
    long_turn = "I live in Leeds. " + FILLER + "The end of a very long message."
    with MemoryStore.open(make_config(db_dsn, consolidate={"max_turn_chars": 300})) as store:
        store.stage("s1", "user", "Hello there.", ts=WHEN, seq=1)
        event_id = store.stage("s1", "user", long_turn, ts=WHEN, seq=2)
        spy = Recording()
        report = run_consolidate(store, min_quiet_seconds=0, consolidator=spy)
        assert report.sessions_consolidated == 1 and 0 < spy.longest <= 300
        assert [(p["event_id"], p["chars"]) for p in report.read_in_part] == [(event_id, len(long_turn))]
        assert [f.content for f in store.facts("user")] == ["user lives in Leeds"]  # read from the start
        found = store.recall("the end of a very long message", k=10, kinds=["passage", "episode"])
        passage = next(m for m in found if m.kind == "passage" and event_id in m.event_ids)
        assert passage.content == f"user: {long_turn}"  # nothing of the turn is lost
        episode = store.recall("the end of a very long message", k=1, kinds=["episode"])[0]
        assert episode.metadata["read_in_part"] == [
            {"event_id": event_id, "read_chars": report.read_in_part[0]["read_chars"], "chars": len(long_turn)}
        ]


@pytest.fixture
def long_config(config_file: Path, tmp_path: Path) -> Path:
    path = tmp_path / "long.yaml"
    path.write_text(config_file.read_text(encoding="utf-8") + "  max_turn_chars: 200\n", encoding="utf-8")
    return path


def test_consolidate_names_the_turn_it_read_in_part(capsys: pytest.CaptureFixture[str], long_config: Path) -> None:
    cfg = ("--config", str(long_config))
    text = "I use Zed as my editor. " + FILLER
    code, out, _ = run(capsys, "stage", *cfg, "--session", "s1", "--role", "user", text)
    assert code == 0
    event_id = out.strip()
    code, out, err = run(capsys, "consolidate", *cfg)
    assert code == 0 and "consolidated 1 sessions" in out, (out, err)
    assert f"read in part default/s1: turn {event_id[:8]}: its first " in err
    assert f"of {len(text):,} characters (consolidate.max_turn_chars)" in err
