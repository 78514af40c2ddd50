"""Recall keeps a fresh turn above the old rows it overturns, and a question about the past finds outdated rows.

A provisional turn is newer than the consolidated rows it competes with; the
fusion alone buried "Update: we moved to Bristol yesterday." under the Leeds
fact it overturns (README, *How recall ranks*). A question about the past
("when did I move to Bristol?") asks about what has since stopped being true,
which recall otherwise ranks last (outdated).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from memory_sink import MemoryStore, perspective
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime

NOW = datetime.now(UTC)


def _say(store: MemoryStore, session: str, days_ago: int, *says: str) -> None:
    for i, text in enumerate(says):
        store.stage(session, "user", text, ts=NOW - timedelta(days=days_ago, seconds=-i), seq=i)


def test_a_fresh_turn_is_not_buried_under_the_older_facts_it_overturns(store: MemoryStore) -> None:
    _say(
        store,
        "before",
        30,
        "I live in Leeds, my cat is called Biscuit.",
        "I work as a nurse at the hospital.",
        "I like hiking on weekends.",
        "My favourite food is ramen.",
    )
    run_realtime(store)
    run_consolidate(store)
    _say(store, "today", 0, "Update: we moved to Bristol yesterday.")
    run_realtime(store)
    page = store.recall("where do I live?", k=3)
    move = next(m for m in store.recall("where do I live?", k=10) if "Bristol" in m.content)
    leeds = next(m for m in page if m.kind == "fact" and "Leeds" in m.content)
    assert move.score is not None and leeds.score is not None and move.score >= leeds.score  # its evidence
    assert page[0].tier == "provisional" and "Bristol" in page[0].content, [m.content for m in page]
    # A consolidated row nearer to the question in meaning keeps its place above a fresh turn.
    passage = store.recall("I like hiking on weekends", k=3)
    assert passage[0].content == "user: I like hiking on weekends.", [m.content for m in passage]


def test_a_fresh_turn_that_states_a_change_outranks_an_older_row_nearer_in_meaning(store: MemoryStore) -> None:
    _say(store, "before", 30, "I live in Manchester with my husband.", "I work at Deloitte as an auditor.")
    run_realtime(store)
    run_consolidate(store)
    _say(store, "today", 0, "update: we finally moved to liverpool yesterday")
    run_realtime(store)
    page = store.recall("where do i live?", k=3)
    old = next(m for m in page if "Manchester" in m.content)
    move = next(m for m in page if "liverpool" in m.content)
    assert old.score is not None and move.score is not None and old.score > move.score  # the old rule kept it first
    assert page[0] is move, [m.content for m in page]
    # A question about another relation, or about the past, keeps the order meaning and words give it.
    assert "Deloitte" in store.recall("where do i work?", k=3)[0].content
    assert "liverpool" not in store.recall("where did i live last spring?", k=3)[0].content


@pytest.mark.parametrize(
    ("question", "change", "fires"),
    [
        ("where do i live?", "update: we finally moved to liverpool yesterday", True),
        ("where do I work now?", "I started at Arup on Monday", True),
        ("where do I work now?", "We moved to Leeds", False),  # a move changes home, not work
        ("where did I live in 2019?", "We moved to Leeds", None),  # the past: no change is stale-making
        ("what is my favourite food?", "We moved to Leeds", None),
    ],
)
def test_which_turns_state_a_change_of_what_a_question_asks(question: str, change: str, fires: bool | None) -> None:
    cues = perspective.changes_of(question)
    assert (None if cues is None else re.search(_python(cues), change, re.IGNORECASE) is not None) is fires


def _python(cues: str) -> str:
    """PostgreSQL's word boundaries (``\\m``, ``\\M``) as Python's."""
    return cues.replace("\\m", "\\b").replace("\\M", "\\b")


@pytest.mark.parametrize(
    ("question", "past"),
    [
        ("when did I move to Bristol?", True),
        ("where did I live last spring?", True),
        ("what did I use before Vim?", True),
        ("where did I work in 2019", True),
        ("where do I live?", False),
        ("when do I start the new job?", False),
        ("what did I say about Ana", False),
        # "before" asks about the past only in a past frame
        ("what do I eat before a run?", False),
        ("where did I live before I moved to Leeds?", True),
        ("before we got married, where was I working", True),
    ],
)
def test_a_question_says_when_it_asks_about_the_past(question: str, past: bool) -> None:
    assert perspective.asks_about_the_past(question) is past


def test_a_question_about_the_past_ranks_outdated_rows_where_they_belong(store: MemoryStore) -> None:
    _say(store, "bristol", 40, "We finally moved to Bristol last weekend!", "Probably spring.", "I work at a bakery.")
    _say(store, "cardiff", 5, "We moved to Cardiff this week.")
    run_realtime(store)
    run_consolidate(store)
    rows = store.recall("when did I move to Bristol?", k=10)
    bristol = next(m for m in rows if "Bristol" in m.content)
    assert bristol.outdated  # still flagged: the move it tells is no longer where the user lives
    assert rows[0] is bristol, [m.content for m in rows]
    # A question about now still ranks it after every current row.
    now = store.recall("where do I live now?", k=10)
    assert now[-1].outdated and "Bristol" in now[-1].content, [m.content for m in now]


def test_a_present_habit_before_something_ranks_the_current_value_first(store: MemoryStore) -> None:
    # "before bed" is when the user drinks it, not a question about the past: the outdated drink ranks last
    _say(store, "then", 30, "My favourite drink is chamomile tea.")
    run_realtime(store)
    run_consolidate(store)
    _say(store, "now", 1, "My favourite drink is rooibos now.")
    run_realtime(store)
    run_consolidate(store)
    page = [m.content for m in store.recall("what do I drink before bed?", k=10) if m.kind == "fact"]
    rooibos = next(i for i, c in enumerate(page) if "rooibos" in c.lower())
    chamomile = next((i for i, c in enumerate(page) if "chamomile" in c.lower()), len(page))
    assert rooibos < chamomile, page
