"""A consolidator's validated result as the rows a session's swap stores (pure).

Episodes with their passages (``pipelines.passages``), facts with the
cardinality their statement gave; each row carries the metadata its turns agree on.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from typing import Any

from consolidators import ConsolidationResult, Episode
from memory_sink.supersession import CARDINALITY
from memory_sink.types import NewMemory, SessionEvents, StagedTurn
from memory_sink.vocab import Kind

from .passages import PartRead, Passage, passages, session_turns


def _merged_metadata(turns: Iterable[StagedTurn]) -> dict[str, Any]:
    """Metadata keys on which every covered turn that has them agrees."""
    merged: dict[str, Any] = {}
    conflicts: set[str] = set()
    for turn in turns:
        for key, value in (turn.metadata or {}).items():
            if key in merged and merged[key] != value:
                conflicts.add(key)
            merged.setdefault(key, value)
    return {k: v for k, v in merged.items() if k not in conflicts}


def episode_embed_text(episode: Episode) -> str:
    """What an episode's vector reads: its summary, else its text."""
    return episode.summary or episode.text


def to_new_memories(
    result: ConsolidationResult, events: SessionEvents, read_in_part: Sequence[PartRead] = ()
) -> list[NewMemory]:
    """Turn a validated consolidator result into rows for the swap (pure); an episode over a turn the
    consolidator read only the start of says so (``metadata.read_in_part``), its passages hold the turn whole."""
    by_id = {t.event_id: t for t in events.turns}
    turns = {t.event_id: t for t in session_turns(events)}
    rows: list[NewMemory] = []
    for ep in result.episodes:
        covered = [by_id[e] for e in ep.event_ids]
        parts = passages([turns[e] for e in ep.event_ids], ep.summary)
        episode = NewMemory(
            kind=Kind.EPISODE,
            content=ep.text,
            embed_text=episode_embed_text(ep),
            event_ids=tuple(ep.event_ids),
            valid_from=ep.start_ts,
            metadata={
                **_merged_metadata(covered),
                "summary": ep.summary,
                "end_ts": ep.end_ts.isoformat(),
                "passages": len(parts),
                **_read_in_part(ep.event_ids, read_in_part),
            },
            id=str(uuid.uuid4()),
        )
        rows.append(episode)
        rows.extend(_passage_row(part, episode, by_id) for part in parts)
    for fact in result.facts:
        support = [by_id[e] for e in fact.event_ids]
        valid_from = fact.valid_from or (support[0].event_ts if support else events.turns[-1].event_ts)
        subject, predicate, obj = (" ".join(x.split()) for x in (fact.subject, fact.predicate, fact.object))
        content = f"{subject} {predicate} {obj}"
        # A retraction is not stored as a fact: the engine retires what it names.
        rows.append(
            NewMemory(
                kind=Kind.FACT,
                content=content,
                embed_text=content,
                event_ids=tuple(fact.event_ids),
                valid_from=valid_from,
                subject=subject,
                predicate=predicate,
                object=obj,
                confidence=fact.confidence,
                # The statement's own evidence of cardinality travels with the row for the engine.
                metadata={**_merged_metadata(support), **({CARDINALITY: fact.cardinality} if fact.cardinality else {})},
                retract=fact.retract,
                replaces=fact.replaces,
            )
        )
    return rows


def _read_in_part(event_ids: Sequence[str], read_in_part: Sequence[PartRead]) -> dict[str, Any]:
    cut = [p.to_dict() for p in read_in_part if p.event_id in event_ids]
    return {"read_in_part": cut} if cut else {}


def _passage_row(part: Passage, episode: NewMemory, by_id: dict[str, StagedTurn]) -> NewMemory:
    """A passage under ``episode``: recall's unit for the episode's turns (see pipelines.passages)."""
    ids = tuple(t.event_id for t in part.turns)
    return NewMemory(
        kind=Kind.PASSAGE,
        content=part.content,
        embed_text=part.embed_text,
        search_terms=part.search_terms,
        context_terms=part.context_terms or None,
        event_ids=ids,
        valid_from=part.start,
        metadata={
            **_merged_metadata(by_id[e] for e in ids),
            "episode_id": episode.id,
            "end_ts": part.end.isoformat(),
            **({"summary": True} if part.summary else {}),
        },
    )
