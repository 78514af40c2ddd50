"""Passages: the parts of an episode that recall searches and returns.

An episode is its whole transcript (up to ``consolidate.episode.max_words``
words). Embedded whole, most of it is invisible to the vector branch — the
model reads its first 256 tokens — and returned whole, it costs an agent over a
thousand characters to read the sentence it needed. So every episode is also
stored as passages, by default one turn each (``PASSAGE_WORDS``), each its own
consolidated row (kind ``passage``) under the episode (``metadata.episode_id``):

- its **content** is its turns, ``role: text`` a line, and nothing else: what an
  agent reads, so every character of a page is a word someone said;
- its **vector** reads the turns' words without the role labels (``spoken``), as a
  provisional turn's vector reads its content: a question never says "user" or
  "assistant", and a label the model reads pulls the rows it opens toward each
  other. Measured on LoCoMo conversations 1–3, vector-only evidence recall at 4,000
  characters over the same turns fell from 0.659 to 0.616 with ``role: `` read
  (open-domain 0.408 to 0.316);
- its **lexical document** adds the day, as written ("8 May 2023"), so a question
  naming a day, a month or a year matches it (the day is also the row's
  ``valid_from``, returned as a field, not spent from the reading budget); and
  the neighbouring turns' words (``context_terms``, ``CONTEXT_TURNS`` each side)
  at a lower weight: a reply is often asked about in the words of the turn it
  answers ("When did they bring the adopted greyhound home?" — "Yes! We brought
  her home on Saturday."), and recall counts a term found only in the context
  for less than one the passage says (memory_sink.recall: CONTEXT_WEIGHT), so
  the turn that says a word ranks above its neighbours.

The context finds a turn; the page shows only the turn. Measured on LoCoMo
conversations 1–3 (BENCHMARKS.md, Q3), consolidated evidence recall at 4,000
characters: 60-word passages whose vector read the day and a neighbour each
side 0.780; one turn each with one neighbour each side in the lexical document
0.842 (with the vector still reading the day and the neighbours: 0.836, at over
twice the consolidation time; with only the day: 0.825); two neighbours each
side 0.844 against one's 0.836 (held-out
conversations 4–5: 0.815 vs 0.787), at a latency cost (``CONTEXT_TURNS``). A question's
evidence turns are spread over sessions, and a 60-word passage spent ~260
characters to show one.

A summary that says something the turns don't (an LLM's) gets a passage of its
own; one made of the turns' own sentences (``extractive``) would only repeat them.

Pure functions: the pipeline turns a consolidator's episodes into rows with them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from consolidators.framing import build_transcript, render_turns, word_count
from consolidators.types import Transcript, Turn
from memory_sink.config import EpisodeConfig
from memory_sink.types import SessionEvents

#: Words per passage: whole turns are packed up to this many; a longer turn is a passage alone.
#: 1: every turn is a passage of its own (see above).
PASSAGE_WORDS = 1
#: Neighbouring turns on each side whose words the passage's lexical document holds. 2 finds more
#: (LoCoMo, all five: 0.835 vs 0.811) but every word is then in five rows' documents, and recall's
#: statement p95 doubled against the 60-word passages' (whole recall p95 +39–55%, over the issue's 20%;
#: with 1: +8–18%).
CONTEXT_TURNS = 1

_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Passage:
    content: str  # what recall returns: the turns' own text
    turns: tuple[Turn, ...]
    embed_text: str  # what the vector reads: the turns' words (``spoken``), or the summary
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


def neighbours(turns: Sequence[Turn], start: int, end: int) -> str:
    """The words of up to ``CONTEXT_TURNS`` turns each side of ``turns[start:end]`` (not who said them)."""
    return spoken([*turns[max(0, start - CONTEXT_TURNS) : start], *turns[end : end + CONTEXT_TURNS]])


def spoken(turns: Sequence[Turn]) -> str:
    """The turns' own words, one a line, without who said them: what a passage's vector reads."""
    return "\n".join(turn.content for turn in turns)


def adds_words(summary: str, text: str) -> bool:
    """Whether the summary holds a word the transcript lacks (abstractive, not extracted)."""
    have = {w.lower() for w in _WORD.findall(text)}
    return any(w.lower() not in have for w in _WORD.findall(summary))


def passages(turns: Sequence[Turn], summary: str, max_words: int | None = None) -> list[Passage]:
    """An episode's passages: its turns in order, packed (``PASSAGE_WORDS`` unless told), each
    dated and given its neighbours' words lexically; its summary first if it adds words."""
    found = []
    start = 0
    for group in pack(turns, max_words or PASSAGE_WORDS):
        end = start + len(group)
        when = (min(t.ts for t in group), max(t.ts for t in group))
        on = days(group)
        found.append(Passage(render_turns(group), group, spoken(group), on, neighbours(turns, start, end), *when))
        start = end
    if summary.strip() and adds_words(summary, render_turns(turns)):
        # It claims no turn: its words are none of theirs (metadata.episode_id leads to them).
        text = summary.strip()
        when = (min(t.ts for t in turns), max(t.ts for t in turns))
        found.insert(0, Passage(text, (), text, days(turns), "", *when, summary=True))
    return found


def session_turns(events: SessionEvents) -> list[Turn]:
    """A session's staged turns as consolidators (and passages) see them, in order."""
    return [
        Turn(
            event_id=t.event_id,
            role=t.role,
            content=t.content,
            ts=t.event_ts,
            seq=t.seq,
            metadata=dict(t.metadata or {}),
        )
        for t in events.turns
    ]


@dataclass(frozen=True)
class PartRead:
    """A turn the consolidator was shown only the start of: its first ``read_chars`` of ``chars`` characters."""

    event_id: str
    read_chars: int
    chars: int

    def to_dict(self) -> dict[str, Any]:
        return {"event_id": self.event_id, "read_chars": self.read_chars, "chars": self.chars}


def read_turns(turns: Sequence[Turn], max_chars: int) -> tuple[list[Turn], list[PartRead]]:
    """The turns as a consolidator reads them: each cut to its first ``max_chars`` characters
    (``consolidate.max_turn_chars``), at the last sentence end or space in the window's second half
    so no word is cut; and which turns were cut (pure).

    The extractive consolidator's work grows faster than a turn's length (a 50,000-character turn
    without a sentence end took 148 s, 8,000 took 4 s): a pasted log or book would hold its session,
    and the sessions queued behind it, for hours. The staged turn and its passage keep every character.
    """
    read: list[Turn] = []
    cut: list[PartRead] = []
    for turn in turns:
        if len(turn.content) <= max_chars:
            read.append(turn)
            continue
        window = turn.content[:max_chars]
        end = max(window.rfind(stop) for stop in (". ", "! ", "? ", "\n"))
        end = end + 1 if end >= max_chars // 2 else window.rfind(" ")
        text = window[: end if end >= max_chars // 2 else max_chars].rstrip()
        read.append(replace(turn, content=text))
        cut.append(PartRead(turn.event_id, len(text), len(turn.content)))
    return read, cut


def session_transcript(namespace: str, session_id: str, turns: Sequence[Turn], episode: EpisodeConfig) -> Transcript:
    """A session's turns framed as the deployment's ``consolidate.episode`` says: what a consolidator is shown."""
    return build_transcript(
        namespace,
        session_id,
        turns,
        max_gap_seconds=episode.max_gap_seconds,
        max_turns=episode.max_turns,
        max_words=episode.max_words,
    )


def turn_passage_texts(turns: Sequence[Turn]) -> list[str]:
    """What the passages of ``turns`` embed, as far as the turns alone decide it (pure).

    The passages of any episode of these turns read the same texts when an
    episode boundary splits no pack (always, at ``PASSAGE_WORDS`` = 1): the
    summary's passage, which the consolidator decides, is not among them.
    """
    return [p.embed_text for p in passages(turns, "")]
