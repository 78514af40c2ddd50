"""Passages: the parts of an episode that recall searches and returns.

An episode is its whole transcript (up to ``consolidate.episode.max_words``
words). Embedded whole, most of it is invisible to the vector branch — the
model reads its first 256 tokens — and returned whole, it costs an agent over a
thousand characters to read the sentence it needed. So every episode is also
stored as consecutive passages of whole turns, each short enough for the model's
window, each its own consolidated row (kind ``passage``) under the episode
(``metadata.episode_id``), prefixed with the day it happened ("On 8 May 2023:")
so a question about a day, a month or a year can match it. A summary that says
something the turns don't (an LLM's) gets a passage of its own; one made of the
turns' own sentences (``extractive``) would only repeat them.

Pure functions: the pipeline turns a consolidator's episodes into rows with them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from consolidators.framing import render_turns, word_count
from consolidators.types import Turn

#: Words per passage. Whole turns are packed up to this many, so a passage fits
#: MiniLM's 256-token window with room to spare; a longer turn is a passage alone.
PASSAGE_WORDS = 60

_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Passage:
    content: str
    turns: tuple[Turn, ...]
    summary: bool = False


def day(ts: datetime) -> str:
    """``8 May 2023``: the words a question about that day, month or year would use."""
    return f"{ts.day} {ts:%B %Y}"


def dated(turns: Sequence[Turn], text: str) -> str:
    """``On 8 May 2023: <text>``, or ``On 8 May 2023 – 9 May 2023: …`` across midnight (UTC)."""
    first, last = day(min(t.ts for t in turns)), day(max(t.ts for t in turns))
    span = first if first == last else f"{first} – {last}"
    return f"On {span}: {text}"


def pack(turns: Sequence[Turn], max_words: int = PASSAGE_WORDS) -> list[tuple[Turn, ...]]:
    """Consecutive groups of whole turns of at most ``max_words`` words (a longer turn alone)."""
    groups: list[tuple[Turn, ...]] = []
    current: list[Turn] = []
    words = 0
    for turn in turns:
        size = word_count(turn.content)
        if current and words + size > max_words:
            groups.append(tuple(current))
            current, words = [], 0
        current.append(turn)
        words += size
    if current:
        groups.append(tuple(current))
    return groups


def adds_words(summary: str, text: str) -> bool:
    """Whether the summary holds a word the transcript lacks (abstractive, not extracted)."""
    have = {w.lower() for w in _WORD.findall(text)}
    return any(w.lower() not in have for w in _WORD.findall(summary))


def passages(turns: Sequence[Turn], summary: str, max_words: int | None = None) -> list[Passage]:
    """An episode's passages: its turns in order, packed (``PASSAGE_WORDS`` unless told) and dated;
    its summary first if it adds words."""
    groups = pack(turns, max_words or PASSAGE_WORDS)
    found = [Passage(dated(group, render_turns(group)), group) for group in groups]
    if summary.strip() and adds_words(summary, render_turns(turns)):
        found.insert(0, Passage(dated(turns, summary.strip()), tuple(turns), summary=True))
    return found
