"""Recall reads the user's own name as the user, and a relation memory holds a name for as that name.

In namespace priya, "where does Priya work?" is "where does the user work?": left
as a name, "Priya" matched the introductions and courtesies that hold it ("Nice to
meet you, Priya.") in both branches and the user's facts were set aside as someone
else's. "where does my husband work?" with ``user married to Klaus`` is asked as
"where does Klaus work?" (memory_sink.people).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memory_sink import MemoryStore, people
from memory_sink.types import Memory
from pipelines.consolidate import run_consolidate
from pipelines.mcp_server import TiermemTools
from pipelines.realtime import run_realtime

NOW = datetime.now(UTC)


def _chat(store: MemoryStore, namespace: str, *turns: tuple[str, str]) -> None:
    """One consolidated session of (role, text) turns, three days ago."""
    for i, (role, text) in enumerate(turns):
        store.stage("s1", role, text, namespace=namespace, ts=NOW - timedelta(days=3, seconds=-i), seq=i)
    run_realtime(store)
    run_consolidate(store)


def _asked(store: MemoryStore, question: str, namespace: str) -> people.Asked:
    with store.connection() as conn:
        return people.ask(conn, question, namespace)


def _fact(page: list[Memory], predicate: str) -> int | None:
    """The rank of the first of the user's facts with ``predicate`` on ``page``, or None."""
    return next((i for i, m in enumerate(page) if m.kind == "fact" and m.predicate == predicate), None)


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("where does Priya work?", ("priya",)),
        ("What did Priya and Klaus buy on Monday?", ("priya", "klaus")),  # never a weekday
        ("where does sam work now?", ("sam", "work")),  # no capitals: any word but a function word
        ("Where do I live?", ()),
    ],
)
def test_the_words_that_may_be_the_users_name(question: str, words: tuple[str, ...]) -> None:
    assert people.candidates(question) == words


@pytest.mark.parametrize(
    ("question", "user_names", "resolved", "asked"),
    [
        ("where does Priya work?", ("priya",), (), "where does the user work?"),
        ("what is Priya's job?", ("priya",), (), "what is the user's job?"),
        ("where does sam work now?", ("sam",), (), "where does the user work now?"),
        ("where does my husband work?", (), ("klaus",), "where does Klaus work?"),
        ("what is my older brother's job?", (), ("tom", "ben"), "what is Tom or Ben's job?"),
        ("where does Priyanka work?", ("priya",), (), "where does Priyanka work?"),  # a whole word only
    ],
)
def test_a_question_is_read_with_the_people_it_names(
    question: str, user_names: tuple[str, ...], resolved: tuple[str, ...], asked: str
) -> None:
    assert people.rewrite(question, user_names, resolved) == asked


PRIYA = (
    ("user", "Hi, I'm Priya."),
    ("assistant", "Nice to meet you, Priya."),
    ("user", "I work at Deloitte as an auditor."),
    ("assistant", "Got it."),
    ("user", "I live in Manchester with my husband."),
    ("user", "My brother works at a bakery in Leeds."),
    ("user", "I'm married to Klaus."),
    ("user", "Klaus works at Siemens."),
)


def test_the_users_name_asks_about_the_user(store: MemoryStore) -> None:
    _chat(store, "priya", *PRIYA)
    for question, predicate in (("where does Priya work?", "works at"), ("where does Priya live?", "lives in")):
        page = store.recall(question, namespace="priya", k=3)
        rank = _fact(page, predicate)
        assert rank is not None and page[rank].subject == "user", (question, [m.content for m in page])
        # An introduction or a courtesy holds the name and nothing else: no answer.
        assert not any("Nice to meet you" in m.content for m in page[:2]), [m.content for m in page]


def test_the_namespace_names_the_user(store: MemoryStore) -> None:
    _chat(store, "helga", ("user", "I live in Bremen."), ("user", "I work at Airbus as an engineer."))
    page = store.recall("where does Helga live?", namespace="helga", k=3)
    assert _fact(page, "lives in") is not None, [m.content for m in page]
    # Only as a name: a question without capitals uses the namespace's word for something else.
    assert _asked(store, "is the helga backup done?", "helga").user_names == ()
    # In another namespace Helga is no one the memory knows: someone else, whose question sets the user's facts aside.
    _chat(store, "other", ("user", "I live in Bremen."), ("user", "My colleague Helga is from Kiel."))
    assert _asked(store, "where does Helga live?", "other").user_names == ()


def test_a_speaker_named_in_the_turns_stays_a_name(store: MemoryStore) -> None:
    # When turns carry their speakers' names (LoCoMo's "Caroline: …"), the roles do not say who the user is.
    _chat(
        store,
        "talk",
        ("user", "Caroline: Hi Melanie! I went to a support group yesterday."),
        ("assistant", "Melanie: Thanks, Caroline! That sounds great."),
    )
    assert _asked(store, "What did Caroline do yesterday?", "talk").user_names == ()


SAM = (
    ("user", "Hey, Sam here. I just started using this app."),
    ("assistant", "Welcome Sam! How can I help?"),
    ("user", "I work at Octopus Energy as a data analyst."),
    ("assistant", "Thanks Sam, noted."),
    ("user", "My sister works at the BBC in London."),
    ("user", "We live in Bristol, near the harbour."),
    ("assistant", "Noted, Sam."),
    ("assistant", "Thanks for letting me know, Sam."),
)


def test_an_agent_asking_after_the_user_by_name_gets_the_users_facts(store: MemoryStore) -> None:
    _chat(store, "sam", *SAM)
    found = TiermemTools(store, "sam").recall("where does sam work now?", k=5)["memories"]
    facts = [m for m in found if m["kind"] == "fact"]
    assert any(m["predicate"] == "works at" and m["subject"] == "user" for m in facts), [m["content"] for m in found]
    for question in ("where does Sam work?", "where does Sam live?"):
        page = store.recall(question, namespace="sam", k=5)
        assert not any(m.content.startswith("assistant:") for m in page[:2]), [m.content for m in page]


def test_a_relation_memory_holds_a_name_for_is_asked_by_that_name(store: MemoryStore) -> None:
    _chat(store, "priya", *PRIYA)
    assert any(m.content == "user married to Klaus" for m in store.facts(namespace="priya"))
    page = store.recall("where does my husband work?", namespace="priya", k=3)
    assert "Klaus" in page[0].content and "Siemens" in page[0].content, [m.content for m in page]
    assert not any("brother" in m.content for m in page), [m.content for m in page]
