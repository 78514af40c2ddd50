"""A recall page shows each turn's words once: a row every turn of which better-ranked rows already
show is dropped (facts under their passage, passages under their episode); every version stays listed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from memory_sink import MemoryStore
from memory_sink.recall import drop_shown
from memory_sink.types import Memory
from memory_sink.vocab import Kind, Tier
from pipelines.consolidate import run_consolidate

T0 = datetime(2024, 3, 2, 9, 0, tzinfo=UTC)


def row(name: str, kind: Kind, *turns: str, summary: bool = False) -> Memory:
    return Memory(
        id=name,
        namespace="default",
        session_id="s",
        tier=Tier.CONSOLIDATED,
        kind=kind,
        content=name,
        subject=None,
        predicate=None,
        object=None,
        confidence=None,
        valid_from=T0,
        valid_to=None,
        recorded_at=T0,
        superseded_by=None,
        superseded_at=None,
        event_ids=turns,
        metadata={"summary": True} if summary else {},
    )


def test_a_row_whose_turns_are_all_shown_above_it_is_dropped_and_the_page_refilled() -> None:
    ranked = [
        row("summary", Kind.PASSAGE, summary=True),  # claims no turn: hides nothing
        row("p-ab", Kind.PASSAGE, "a", "b"),
        row("f-a", Kind.FACT, "a"),  # its turn's words are on the page already
        row("f-d", Kind.FACT, "d"),
        row("p-d", Kind.PASSAGE, "d"),  # a fact above restates d in other words: kept
        row("f-d2", Kind.FACT, "d"),  # now d's words are shown
        row("e-abcd", Kind.EPISODE, "a", "b", "c", "d"),  # c is new
        row("p-c", Kind.PASSAGE, "c"),
        row("f-bc", Kind.FACT, "b", "c"),
        row("f-be", Kind.FACT, "b", "e"),  # e is new
        row("t-x", Kind.TURN, "x"),
    ]
    names = [m.id for m in drop_shown(ranked, 10)]
    assert names == ["summary", "p-ab", "f-d", "p-d", "e-abcd", "f-be", "t-x"]
    assert [m.id for m in drop_shown(ranked, 3)] == ["summary", "p-ab", "f-d"]  # k counts the rows kept


def test_facts_under_their_passage_leave_the_page_and_versions_stay_listed(store: MemoryStore) -> None:
    turns = [
        "I live in Valencia now, we moved in spring.",
        "My sister lives in Porto and works at a bakery.",
        "I work at Hooli as a data engineer.",
    ]
    for i, text in enumerate(turns):
        store.stage("s", "user", text, ts=T0 + timedelta(seconds=i), seq=i)
    run_consolidate(store)
    question = "Where does the user live and work?"
    everything = store.recall(question, k=50, kinds=["episode", "passage", "fact"])
    assert {m.kind for m in everything} >= {"fact"} and {m.kind for m in everything} & {"episode", "passage"}
    shown: set[str] = set()
    for m in everything:  # no row repeats turns whose words a better-ranked row showed
        assert not (m.event_ids and shown.issuperset(m.event_ids)), m.content
        if m.kind != "fact":
            shown.update(m.event_ids)
    assert not (set(everything[0].event_ids) - shown)
    # The same rows without the page rule: facts and the episode repeat the passage's turns.
    with store.connection() as conn:
        n = conn.execute("SELECT count(*) FROM memory WHERE superseded_at IS NULL AND kind <> 'turn'").fetchone()[0]
    assert len(everything) < n
    assert len(store.recall(question, k=1, kinds=["passage", "fact"])) == 1
    # Every version is listed as found, even rows about the same turns.
    store.stage("s", "user", "We adopted a cat called Miso.", ts=T0 + timedelta(minutes=1), seq=9)
    run_consolidate(store)
    versions = store.recall(question, k=50, kinds=["passage"], all_versions=True)
    assert any(m.superseded_at is not None for m in versions) and any(m.superseded_at is None for m in versions)
