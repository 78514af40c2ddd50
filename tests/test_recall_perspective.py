"""Recall prefers the user's own rows when a question asks about the user ("where do I live").

An assistant's content-free replies and other people's facts rank by words and
meaning like anything else; a question's pronouns say whose life it asks about,
and a row's role or subject says whose it is (memory_sink.perspective).
"""

from __future__ import annotations

import numpy as np
import pytest

from memory_sink import MemoryStore, perspective
from memory_sink.types import Memory
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime


@pytest.mark.parametrize(
    ("question", "own_turns", "own_facts"),
    [
        ("where do I live now", True, True),
        ("what's the name of the city I'm living in", True, True),
        ("what is my job", True, False),  # the user's, but "my" also asks about the user's people
        ("where does my brother work", True, False),
        ("remind me who runs the bakery", True, False),
        ("what did you suggest I cook tonight", False, False),  # asks what the assistant said
        ("where does Lena work", False, False),
        ("Is it raining in Oslo?", False, False),
    ],
)
def test_pronouns_say_whose_life_a_question_asks_about(question: str, own_turns: bool, own_facts: bool) -> None:
    assert perspective.of_question(question) == perspective.Perspective(own_turns=own_turns, own_facts=own_facts)


FILLER = ("Sure thing, happy to help!", "Of course! Is there anything else I can do?", "Great, tell me more whenever.")
USER_SAYS = (
    "I've been commuting by bike to the office since spring.",
    "My cousin Lena takes the tram to work every day.",
    "My flatmate works as a chef in a ramen bar.",
    "I teach maths at a secondary school.",
    "Lena is a pilot for a cargo airline.",
)


def _neutral(
    monkeypatch: pytest.MonkeyPatch, store: MemoryStore, question: str, k: int = 10, kinds: list[str] | None = None
) -> list[Memory]:
    """Recall as it ranked before a question's pronouns counted: no row set aside."""
    with monkeypatch.context() as m:
        m.setattr(perspective, "of_question", lambda _: perspective.Perspective(own_turns=False, own_facts=False))
        return store.recall(question, k=k, kinds=kinds)


def test_a_first_person_question_sets_the_assistants_filler_aside(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    for i, text in enumerate(USER_SAYS):
        store.stage("chat", "user", text, seq=2 * i)
        store.stage("chat", "assistant", FILLER[i % len(FILLER)], seq=2 * i + 1)
    run_realtime(store)
    run_consolidate(store)
    question = "what do I do for a living"
    before = _neutral(monkeypatch, store, question, 3)
    assert any(m.content.startswith("assistant:") for m in before)  # the filler embeds close to a short question
    page = store.recall(question, k=3)
    assert "teach maths" in page[0].content
    assert all(m.content.startswith("user:") for m in page), [m.content for m in page]
    # A question about someone else, or one put to the assistant, ranks as it did.
    for other in ("what does Lena do for a living", "what did you tell me about bikes"):
        assert [m.id for m in store.recall(other, k=5)] == [m.id for m in _neutral(monkeypatch, store, other, 5)]


def _insert_fact(store: MemoryStore, subject: str, predicate: str, obj: str, vec: np.ndarray) -> None:
    with store.connection() as conn:
        conn.execute(
            "INSERT INTO memory (namespace, session_id, tier, kind, content, embedding, event_ids, valid_from,"
            " embed_model, subject, predicate, object) VALUES ('default', 'facts', 'consolidated', 'fact', %s, %s,"
            " ARRAY[%s], now(), %s, %s, %s, %s)",
            (f"{subject} {predicate} {obj}", vec, f"e-{subject}", store.embedder.fingerprint, subject, predicate, obj),
        )


def test_a_question_about_the_user_sets_other_peoples_facts_aside(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    question = "where do I live"
    # Ana's fact nearest the question and both holding "live": on words and meaning alone hers comes first.
    _insert_fact(store, "Ana", "lives in", "Madrid", store.embedder.embed_query(question))
    _insert_fact(store, "user", "lives in", "Lisbon", store.embedder.embed_documents(["user lives in Lisbon"])[0])
    assert [m.object for m in _neutral(monkeypatch, store, question, kinds=["fact"])] == ["Madrid", "Lisbon"]
    assert [m.object for m in store.recall(question, kinds=["fact"])] == ["Lisbon", "Madrid"]
    # A question in the first person that names her, or asks about the user's people ("my"), ranks as it did.
    for other in ("where did I say Ana lives", "where does my sister live"):
        neutral = _neutral(monkeypatch, store, other, kinds=["fact"])
        assert [m.id for m in store.recall(other, kinds=["fact"])] == [m.id for m in neutral]
