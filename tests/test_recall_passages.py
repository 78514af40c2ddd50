"""Episodes that recall: passages under each episode, dates, and the any-term lexical branch."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from memory_sink import MemoryStore, term_stats
from memory_sink import recall as recall_sql
from pipelines.consolidate import run_consolidate
from pipelines.passages import PASSAGE_WORDS, pack, passages
from pipelines.realtime import run_realtime

T0 = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
FILLER = [
    "We talked about the weather and how rainy the week has been.",
    "The train was late again this morning, twenty minutes this time.",
    "I finally finished reading that long novel about the lighthouse keeper.",
    "My sister is visiting next month and wants to see the old town.",
    "The bakery on the corner started selling sourdough on weekends.",
    "I have been trying to go to bed earlier but it is not working.",
    "Work was busy, lots of meetings about the quarterly planning.",
    "The neighbours adopted a small grey cat that sits in the window.",
    "We might repaint the kitchen a lighter colour in the spring.",
    "I watched a documentary about glaciers melting in the Alps.",
    "The football match went to penalties and we lost in the end.",
    "My phone battery dies by lunchtime these days, it is annoying.",
]
SECRET = "By the way, the spare key is hidden under the blue flowerpot by the back door."


def _passages(store: MemoryStore, where: str = "true") -> list[tuple]:
    with store.connection() as conn:
        return conn.execute(
            f"SELECT id::text, content, event_ids, metadata, superseded_at FROM memory "
            f"WHERE kind = 'passage' AND {where} ORDER BY valid_from, content"
        ).fetchall()


def _long_session(store: MemoryStore, session: str = "long") -> list[str]:
    turns = [*FILLER, SECRET]
    return [
        store.stage(session, "user" if i % 2 == 0 else "assistant", text, ts=T0 + timedelta(seconds=i), seq=i)
        for i, text in enumerate(turns)
    ]


def test_pack_keeps_whole_turns_in_order_within_the_word_limit() -> None:
    from consolidators.types import Turn

    turns = [Turn(str(i), "user", " ".join(["w"] * n), T0) for i, n in enumerate([20, 30, 15, 70, 5])]
    groups = pack(turns, 50)
    assert [[t.event_id for t in g] for g in groups] == [["0", "1"], ["2"], ["3"], ["4"]]
    assert [t for g in groups for t in g] == turns  # nothing dropped, nothing reordered
    only = passages(turns[:1], "an abstract summary nobody said")
    assert only[0].summary and only[0].content == "an abstract summary nobody said"  # a summary adding words is one
    assert only[0].turns == () and only[0].search_terms == "8 May 2023"  # claims no turn: none of its words are theirs
    assert not any(p.summary for p in passages(turns[:1], "w w"))  # one made of the turns' words is not


def test_a_passages_vector_reads_what_was_said_and_its_page_shows_who_said_it() -> None:
    from consolidators.types import Turn

    turns = [Turn("q", "user", "Did you adopt the greyhound?", T0), Turn("a", "assistant", "Yes, on Saturday.", T0)]
    reply = passages(turns, "", max_words=1)[1]
    assert reply.content == "assistant: Yes, on Saturday."  # who said it, for the agent that reads it
    assert reply.embed_text == "Yes, on Saturday."  # the words only: a question never says "assistant"
    assert reply.context_terms == "Did you adopt the greyhound?"
    both = passages(turns, "", max_words=50)[0]
    assert both.embed_text == "Did you adopt the greyhound?\nYes, on Saturday."  # packed turns: a line each


def test_every_passage_of_a_long_episode_is_reachable_by_the_vector_branch(store: MemoryStore) -> None:
    ids = _long_session(store)
    run_consolidate(store)
    found = _passages(store, "superseded_at IS NULL")
    assert len(found) >= 3  # the episode is longer than one passage
    covered = [e for p in found for e in p[2]]
    assert sorted(covered) == sorted(ids)  # every turn in exactly one passage
    assert all(len(p[1].split()) <= PASSAGE_WORDS + 20 for p in found)  # fits the window
    query = store.embedder.embed_query("Where can I find the extra house key?")
    with store.connection() as conn:  # the vector branch alone: the passage nearest by embedding
        nearest = conn.execute(
            "SELECT event_ids, content FROM memory WHERE kind = 'passage' ORDER BY embedding <=> %s LIMIT 1", (query,)
        ).fetchone()
    assert ids[-1] in nearest[0] and "flowerpot" in nearest[1]  # a fact only in the episode's last passage
    top = store.recall("Where can I find the extra house key?", k=3)
    assert "flowerpot" in top[0].content and top[0].metadata["episode_id"]


def test_an_episodes_date_matches_a_when_question_lexically(store: MemoryStore) -> None:
    store.stage("may", "user", "We went hiking with the dog by the lake.", ts=T0)
    store.stage("june", "user", "We went hiking with the dog by the river.", ts=T0 + timedelta(days=32))
    run_consolidate(store)
    may = next(p for p in _passages(store) if "lake" in p[1])
    assert may[1] == "user: We went hiking with the dog by the lake."  # the budget goes to what was said
    with store.connection() as conn:  # the lexical document holds the date's words
        hit = conn.execute(
            "SELECT count(*) FROM memory WHERE kind = 'passage' AND content_tsv @@ plainto_tsquery('english', %s)",
            ("8 May 2023",),
        ).fetchone()[0]
    assert hit == 1
    found = store.recall("When in May 2023 did we go hiking with the dog?", k=2, kinds=["passage"])
    assert "lake" in found[0].content and found[0].valid_from == T0  # the day is a field


def test_any_term_lexical_matching_finds_a_row_sharing_one_rare_word_with_a_long_question(store: MemoryStore) -> None:
    for i in range(60):  # rows close to the question in meaning, none with its rare word
        store.stage(f"s{i}", "user", f"Remind me what we said the other day about the plan, part {i}.", seq=0)
    store.stage("z", "user", "The zeppelin arrives on Thursday.", seq=0)
    run_realtime(store)
    with store.connection() as conn:  # as autovacuum does: the statistics behind the terms' weights
        conn.execute("ANALYZE memory")
    term_stats.forget()
    question = "Can you remind me what we were saying the other day about that zeppelin and whether it matters?"
    assert any("zeppelin" in m.content for m in store.recall(question, k=5))
    # The lexical branch alone finds it: with a query vector that leads the vector branch to the others.
    decoy = store.embedder.embed_query("Remind me what we said the other day about the plan.")
    with store.connection() as conn:
        found = recall_sql.recall(conn, decoy, question, namespace="default", k=5)
    assert any("zeppelin" in m.content for m in found)


def test_each_turn_is_in_exactly_one_tier_of_default_recall(store: MemoryStore) -> None:
    consolidated = _long_session(store)
    late = store.stage("other", "user", "The flowerpot by the back door is blue.", seq=0)
    run_realtime(store)
    run_consolidate(store, session="long")
    found = store.recall("blue flowerpot back door key", k=200)
    prov = {e for m in found if m.tier == "provisional" for e in m.event_ids}
    cons = {e for m in found if m.kind == "passage" for e in m.event_ids}
    assert prov == {late} and cons == set(consolidated)
    assert not any(m.kind == "episode" for m in found)  # reached through its passages
    health = store.tiers.tier_violations()
    assert (health["turns_in_both_tiers"], health["turns_in_neither_tier"]) == (0, 0)


def test_superseded_episodes_passages_leave_recall(store: MemoryStore) -> None:
    _long_session(store)
    run_consolidate(store)
    first = {p[0] for p in _passages(store)}
    store.stage("long", "user", "Also, the spare key moved to the garage drawer.", ts=T0 + timedelta(minutes=5), seq=99)
    run_consolidate(store)  # re-consolidated: a new version with its own passages
    retired = _passages(store, "superseded_at IS NOT NULL")
    assert {p[0] for p in retired} == first
    found = store.recall("spare key flowerpot garage", k=50)
    assert not {m.id for m in found} & first
    episode = store.recall("spare key", kinds=["episode"])[0]
    assert {m.metadata.get("episode_id") for m in found if m.kind == "passage"} == {episode.id}
    op = store.retract(episode.id)  # an explicit retraction takes the passages along
    assert not [m for m in store.recall("spare key flowerpot garage", k=50) if m.kind == "passage"]
    store.undo(op)
    assert [m for m in store.recall("spare key flowerpot garage", k=50) if m.kind == "passage"]


def test_an_episode_without_passages_is_still_recalled_by_default(store: MemoryStore) -> None:
    store.stage("old", "user", "We keep the invoices in the billing bucket.", seq=1)
    run_consolidate(store)
    with store.connection() as conn:  # as consolidated before passages existed
        conn.execute("DELETE FROM memory WHERE kind = 'passage'")
        conn.execute("UPDATE memory SET metadata = metadata - 'passages' WHERE kind = 'episode'")
    found = store.recall("where are the invoices kept?")
    assert [m.kind for m in found if m.tier == "consolidated" and m.kind != "fact"] == ["episode"]


def test_a_passage_is_judged_outdated_by_its_own_turns(store: MemoryStore, monkeypatch) -> None:
    monkeypatch.setattr("pipelines.passages.PASSAGE_WORDS", 6)  # one turn per passage
    store.stage("s", "user", "I drink coffee every morning.", ts=T0, seq=1)
    store.stage("s", "user", "I switched from coffee to tea.", ts=T0 + timedelta(hours=2), seq=2)
    run_consolidate(store)
    found = {m.content.split(": ", 2)[-1]: m for m in store.recall("what does the user drink?", kinds=["passage"])}
    assert found["I drink coffee every morning."].outdated  # the switch is in another passage
    assert not found["I switched from coffee to tea."].outdated


def _lexical_order(
    store: MemoryStore, question: str, stats: term_stats.TermStats | None, kind: str = "turn", lexical: str = ""
) -> list[str]:
    """The lexical branch alone (``lexical`` unless empty): contents best first, the question's terms weighed by
    ``stats``."""
    with store.connection() as conn:
        lexemes = conn.execute(term_stats.LEXEMES, (question,)).fetchone()[0]
        params = {"ns": "default", "kinds": [kind], "unpassaged": False, "n": 100}
        sql = f"WITH {lexical or recall_sql.LEXICAL} SELECT m.content FROM l JOIN memory m USING (id) ORDER BY l.r"
        return [r[0] for r in conn.execute(sql, params | term_stats.weigh(lexemes, stats, "default"))]


def test_the_lexical_branch_weighs_terms_by_the_cached_statistics(store: MemoryStore) -> None:
    for i in range(40):  # "garden" common, "zeppelin" in one row
        store.stage(f"g{i}", "user", f"The garden got watered, day {i}.", seq=0)
    store.stage("z", "user", "A zeppelin flew past, day 99.", seq=0)
    run_realtime(store)
    with store.connection() as conn:
        assert term_stats.cached(conn) is None  # no ANALYZE yet: every term weighs the same
        conn.execute("ANALYZE memory")
        assert term_stats.cached(conn) is None  # a cached copy, within its TTL
    term_stats.forget()
    with store.connection() as conn:
        stats = term_stats.cached(conn)
    assert stats is not None and stats.idf("garden") < stats.idf("zeppelin")
    question = "garden zeppelin"
    assert _lexical_order(store, question, stats)[0].startswith("A zeppelin")  # the rare term wins
    # The same rows and question, with statistics saying the opposite: the ranking follows them.
    flipped = term_stats.TermStats({"zeppelin": 0.9}, unlisted=0.45)
    assert not _lexical_order(store, question, flipped)[0].startswith("A zeppelin")


def test_a_passage_shows_its_turns_words_and_nothing_else(store: MemoryStore) -> None:
    ids = _long_session(store)
    run_consolidate(store)
    found = _passages(store, "superseded_at IS NULL")
    with store.connection() as conn:
        said = dict(conn.execute("SELECT event_id, role || ': ' || content FROM memory_staging").fetchall())
    for _, content, event_ids, _, _ in found:  # exactly its turns, in order: no prefix, no context
        assert content == "\n".join(said[e] for e in event_ids)
    assert sorted(e for p in found for e in p[2]) == sorted(ids)  # every turn's words in one passage


def _vector(store: MemoryStore, where: str) -> np.ndarray:
    with store.connection() as conn:
        return np.asarray(conn.execute(f"SELECT embedding FROM memory WHERE {where}").fetchone()[0].to_numpy())


def test_a_reply_is_found_by_the_question_its_neighbour_asked_and_a_reembed_keeps_its_vector(
    store: MemoryStore,
) -> None:
    store.stage("s", "user", "Did you end up adopting the greyhound from the animal shelter?", ts=T0, seq=1)
    store.stage("s", "assistant", "Yes! We brought her home on Saturday.", ts=T0, seq=2)
    store.stage("s", "user", "The plumber comes on Monday to fix the boiler.", ts=T0, seq=3)
    run_consolidate(store)
    where = "kind = 'passage' AND content LIKE 'assistant:%'"
    answer = next(p for p in _passages(store) if p[1].startswith("assistant:"))
    assert answer[1] == "assistant: Yes! We brought her home on Saturday."  # returned without its context
    stored = _vector(store, where)
    said = store.embedder.embed_documents(["Yes! We brought her home on Saturday."])[0]
    assert float(stored @ said) > 0.999  # the vector reads the turn's words, not its role label
    top = store.recall("Which greyhound did they adopt from the shelter, and when?", k=2, kinds=["passage"])
    assert answer[1] in [m.content for m in top]  # the question is in its neighbour's words (context_terms)
    store.tiers.reembed()  # the same model: every vector as it was
    assert float(_vector(store, where) @ stored) > 0.999


def test_a_passage_matches_its_neighbours_words_below_the_turn_that_says_them(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("pipelines.passages.CONTEXT_TURNS", 1)  # lengths below assume one neighbour each side
    turns = [
        "Morning! A long day of meetings about the quarterly budget review and the hiring plans.",
        "Did you end up adopting the greyhound from the animal shelter?",
        "Yes!",
    ]
    for i, text in enumerate(turns):
        store.stage("s", "user" if i % 2 == 0 else "assistant", text, ts=T0, seq=i)
    run_consolidate(store)
    with store.connection() as conn:
        rows = dict(conn.execute("SELECT content, context_terms FROM memory WHERE kind = 'passage'").fetchall())
        own = conn.execute(  # the neighbours' words are in the lexical document, but not as the row's own
            "SELECT count(*) FROM memory WHERE kind = 'passage' AND content_tsv @@ 'greyhound:A'::tsquery"
        ).fetchone()[0]
    answer, asked = "user: Yes!", f"assistant: {turns[1]}"
    assert list(rows) == [f"user: {turns[0]}", asked, answer]  # one turn each: the budget goes to what matched
    assert rows[answer] == turns[1] and rows[asked] == f"{turns[0]}\n{turns[2]}"  # one neighbour each side
    assert own == 1
    question = "greyhound shelter"
    # All three match (the others by their neighbour); the turn that says the words ranks first,
    # though the answer's document is shorter.
    found = _lexical_order(store, question, None, "passage")
    assert found[0] == asked and sorted(found) == sorted(rows)
    # At full weight the shorter document would win: the context's lower weight is what orders them.
    flat = recall_sql.LEXICAL.replace(f"ELSE {recall_sql.CONTEXT_WEIGHT} END", "ELSE 1 END")
    assert flat != recall_sql.LEXICAL
    assert _lexical_order(store, question, None, "passage", flat)[0] == answer
