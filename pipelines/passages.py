"""Passages: the parts of an episode that recall searches and returns.

An episode is its whole transcript (up to ``consolidate.episode.max_words``
words). Embedded whole, most of it is invisible to the vector branch — the
model reads its first 256 tokens — and returned whole, it costs an agent over a
thousand characters to read the sentence it needed. So every episode is also
stored as consecutive passages of whole turns, each its own consolidated row
(kind ``passage``) under the episode (``metadata.episode_id``):

- its **content** is its turns, ``role: text`` a line, and nothing else: what an
  agent reads, so every character is a word someone said;
- its **vector** reads the day it happened and the passage with its
  neighbouring turns around it (up to ``EMBED_WORDS``, within the model's
  window): "Yes, last Tuesday!" is about whatever the turn before asked, and
  only the context says what;
- its **lexical document** adds the day ("8 May 2023"), so a question naming a
  day, a month or a year matches it (the vector too: "May" is an English stop
  word the lexical branch drops); the day is also the row's ``valid_from``,
  returned as a field, not spent from the reading budget. It also holds the
  neighbouring turns' words (``context_terms``, ``CONTEXT_TURNS`` each side) at
  a lower weight: a question often asks in the words of the turn that prompted
  an answer ("When did they bring the adopted greyhound home?" — "Yes! We
  brought her home on Saturday."), and recall counts a term found only there for less than one the passage says
  (memory_sink.recall: CONTEXT_WEIGHT), so the answer outranks its neighbours.

A summary that says something the turns don't (an LLM's) gets a passage of its
own; one made of the turns' own sentences (``extractive``) would only repeat them.

Pure functions: the pipeline turns a consolidator's episodes into rows with them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from consolidators.framing import render_turns, word_count
from consolidators.types import Turn

#: Words per passage: whole turns are packed up to this many; a longer turn is a passage alone.
#: 1: every turn is a passage of its own. Its neighbours still reach the vector and the lexical
#: document, but are not returned: what a page spends its budget on is the turn that matched.
#: Measured on LoCoMo conversations 1–3 with the context in the lexical document (BENCHMARKS.md, Q3):
#: one turn 0.835, 60 words 0.794 (a question's evidence turns are spread over sessions, and a
#: 60-word passage spends ~260 characters to show one of them).
PASSAGE_WORDS = 1
#: Words the passage's vector reads: the passage, then neighbouring turns nearest first
#: while they fit. MiniLM reads 256 word pieces, about 1.3 a word in chat.
EMBED_WORDS = 180
#: Neighbouring turns on each side the vector may read.
CONTEXT_TURNS = 1

_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Passage:
    content: str  # what recall returns: the turns' own text
    turns: tuple[Turn, ...]
    embed_text: str  # what the vector reads: the content with its neighbouring turns
    search_terms: str  # words the lexical branch matches besides the content: the day
    context_terms: str  # words it matches at a lower weight: its neighbouring turns' (none for a summary)
    start: datetime  # when its turns (an episode's, for a summary) began and ended
    end: datetime
    summary: bool = False


def day(ts: datetime) -> str:
    """``8 May 2023``: the words a question about that day, month or year would use."""
    return f"{ts.day} {ts:%B %Y}"


def days(turns: Sequence[Turn]) -> str:
    """``8 May 2023``, or ``8 May 2023 – 9 May 2023`` across midnight (UTC)."""
    first, last = day(min(t.ts for t in turns)), day(max(t.ts for t in turns))
    return first if first == last else f"{first} – {last}"


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


def in_context(turns: Sequence[Turn], start: int, end: int, max_words: int | None = None) -> str:
    """``turns[start:end]`` with up to ``CONTEXT_TURNS`` neighbours each side, nearest first, while
    the whole stays within ``max_words`` (``EMBED_WORDS`` unless told; the passage itself always
    whole), in conversation order."""
    max_words = max_words or EMBED_WORDS
    words = sum(word_count(t.content) for t in turns[start:end])
    lo, hi = start, end
    open_before, open_after = True, True
    for _ in range(CONTEXT_TURNS):
        for side in ("before", "after"):
            i = lo - 1 if side == "before" else hi
            if not (open_before if side == "before" else open_after) or not 0 <= i < len(turns):
                continue
            size = word_count(turns[i].content)
            if words + size > max_words:  # a side stops at the first neighbour that does not fit
                open_before, open_after = (False, open_after) if side == "before" else (open_before, False)
                continue
            words += size
            lo, hi = (i, hi) if side == "before" else (lo, i + 1)
    return render_turns(turns[lo:hi])


def neighbours(turns: Sequence[Turn], start: int, end: int) -> str:
    """The words of up to ``CONTEXT_TURNS`` turns each side of ``turns[start:end]`` (not who said them)."""
    around = [*turns[max(0, start - CONTEXT_TURNS) : start], *turns[end : end + CONTEXT_TURNS]]
    return "\n".join(t.content for t in around)


def adds_words(summary: str, text: str) -> bool:
    """Whether the summary holds a word the transcript lacks (abstractive, not extracted)."""
    have = {w.lower() for w in _WORD.findall(text)}
    return any(w.lower() not in have for w in _WORD.findall(summary))


def passages(turns: Sequence[Turn], summary: str, max_words: int | None = None) -> list[Passage]:
    """An episode's passages: its turns in order, packed (``PASSAGE_WORDS`` unless told), each
    embedded in its context and dated lexically; its summary first if it adds words."""
    found = []
    start = 0
    for group in pack(turns, max_words or PASSAGE_WORDS):
        end = start + len(group)
        when = (min(t.ts for t in group), max(t.ts for t in group))
        on = days(group)
        embed = f"On {on}: {in_context(turns, start, end)}"
        found.append(Passage(render_turns(group), group, embed, on, neighbours(turns, start, end), *when))
        start = end
    if summary.strip() and adds_words(summary, render_turns(turns)):
        # It claims no turn: its words are none of theirs (metadata.episode_id leads to them).
        text = summary.strip()
        when = (min(t.ts for t in turns), max(t.ts for t in turns))
        found.insert(0, Passage(text, (), text, days(turns), "", *when, summary=True))
    return found
