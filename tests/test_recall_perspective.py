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
        ("where does the user live?", True, True),  # an agent's words for "where do I live"
        ("what is the user's job", True, False),  # as "what is my job"
        ("what did you tell the user", False, False),
        ("Is it raining in Oslo?", False, False),
    ],
)
def test_pronouns_say_whose_life_a_question_asks_about(question: str, own_turns: bool, own_facts: bool) -> None:
    seen = perspective.of_question(question)
    assert (seen.own_turns, seen.own_facts) == (own_turns, own_facts)


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


def _stage_with_replies(store: MemoryStore, session: str, says: tuple[str, ...]) -> None:
    """The user's turns, each answered by the assistant's filler, consolidated."""
    for i, text in enumerate(says):
        store.stage(session, "user", text, seq=2 * i)
        store.stage(session, "assistant", FILLER[i % len(FILLER)], seq=2 * i + 1)
    run_realtime(store)
    run_consolidate(store)


def test_a_first_person_question_sets_the_assistants_filler_aside(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    _stage_with_replies(store, "chat", USER_SAYS)
    question = "what do I do for a living"
    before = _neutral(monkeypatch, store, question, 3)
    assert any(m.content.startswith("assistant:") for m in before)  # the filler embeds close to a short question
    page = store.recall(question, k=3)
    assert "teach maths" in page[0].content
    # The user's own turns first; the turns about the user's people are set aside as well, so
    # the third place goes to whichever aside ranked best.
    assert all(m.content.startswith("user: I") for m in page[:2]), [m.content for m in page]
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


# The user's answers say it in other words than the questions; other people's sentences hold the questions' verbs.
PEOPLES_TURNS = (
    (
        "where do I live",
        "I rent a little flat above a bakery in Alfama.",
        "My cousin Bea lives on a houseboat in Ghent.",
    ),
    ("what do I teach", "I run the chemistry classes at a grammar school.", "Teodoro teaches violin to beginners."),
)


def test_a_first_person_question_sets_turns_about_someone_else_aside(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    for i, (_, own, other) in enumerate(PEOPLES_TURNS):
        store.stage("chat", "user", other, seq=2 * i)
        store.stage("chat", "user", own, seq=2 * i + 1)
    run_realtime(store)  # the provisional tier: turns, before any consolidation
    for question, own, other in PEOPLES_TURNS:
        assert _neutral(monkeypatch, store, question, 2)[0].content == other
        assert [m.content for m in store.recall(question, k=2)][0] == own
    # A question that names them, or asks about the user's people, ranks as it did.
    for named in ("where did I say my cousin lives", "what did I say Teodoro teaches", "where does my cousin live"):
        assert [m.id for m in store.recall(named, k=4)] == [m.id for m in _neutral(monkeypatch, store, named, 4)]


@pytest.mark.parametrize(
    ("turn", "whose"),
    [
        ("My wife and I moved to Braga last year.", None),  # the user is among its subjects
        ("My laptop is a ThinkPad.", None),  # the user's thing, not one of the user's people
        ("Oh, my older brother is a firefighter.", "brother"),
        ("Nadia works nights at the hospital.", "Nadia"),
        ("Braga is where I grew up.", None),  # a name opening a sentence of the user's
        ("Moved to Braga last year.", None),  # the user's, its subject left out
        # Chat leaves the user out as a subject: an adverb, a past tense or an interjection opens the sentence.
        ("Just signed the lease on a flat in Setubal.", None),
        ("Finally moved into the new place in Tavira.", None),
        ("Recently started lessons at a climbing gym.", None),
        ("Got engaged to Priya over the weekend!", None),
        ("Changed careers in March, nursing now.", None),
        ("Getting married in June at her parents' farm.", None),
        ("Honestly loved the ferry ride to Sintra.", None),
        ("Still lives in the same flat, ten years on.", None),
        ("Today was a brutal shift at the depot.", None),
        ("It was raining all week in Tavira.", None),
        ("The commute is shorter now.", None),  # an article opens no one's sentence
        ("The move went smoothly, the flat is great.", None),
        ("User moved to Lisbon in May.", None),  # a summary's word for the user
        ("Alfred works weekends at the marina.", "Alfred"),  # a name ending in -ed is a name
        ("Emily really loves her new job in Faro.", "Emily"),  # and one ending in -ly
        ("Oh, Kelly moved to Faro in spring.", "Kelly"),
        # The user coordinated in the subject, however long the list.
        ("My husband, our twins and I spent August in Crete.", None),
        ("My aunt and my cousin and me drove to Crete.", None),
        ("My brother and his wife moved away and I stayed.", "brother"),  # the user joins after their verb
        # A people word describing the user is not the subject.
        ("My post is family doctor in Loule.", None),
        ("My job was boss of a small crew of painters.", None),
        ("My gig is landlord of three flats.", None),
        ("My line manager retired in May.", "manager"),  # the head of the subject
        # Someone introduced by name, then the user's own clause.
        ("My partner is Ingrid and I live in Zwolle now.", None),
        ("My partner is Ingrid and she lives in Zwolle.", "partner"),
    ],
)
def test_a_turn_opening_on_someone_else_is_told_by_its_first_words(
    store: MemoryStore, turn: str, whose: str | None
) -> None:
    with store.connection() as conn:
        found = conn.execute(
            "SELECT coalesce(substring(%(t)s FROM %(people)s),"
            " CASE WHEN %(t)s !~* %(speaker)s THEN substring(%(t)s FROM %(named)s) END)",
            {
                "t": turn,
                "people": perspective.OTHERS_PEOPLE,
                "speaker": perspective.SPEAKER_WORDS,
                "named": perspective.OTHERS_NAMED,
            },
        ).fetchone()
    assert found is not None and found[0] == whose


def test_a_question_names_someone_else_only_by_a_whole_word(store: MemoryStore) -> None:
    # "son" inside "reason" names no son: the son's turn is still set aside for the user's question
    store.stage("words", "user", "My son plays the cello every evening.", seq=0)
    run_realtime(store)
    with store.connection() as conn:
        (turn_id,) = conn.execute("SELECT id FROM memory WHERE session_id = 'words'").fetchone()
        # WEIGHT reads the people a question names (THIRD_PEOPLE) beside recall's fused rows: none here.
        sql = (
            f"WITH fused AS (SELECT id FROM memory WHERE false), {perspective.THIRD_PEOPLE}"
            f" SELECT {perspective.WEIGHT} FROM memory m WHERE m.id = %(id)s"
        )
        weight = {
            q: conn.execute(sql, {**perspective.of_question(q).params(q), "id": turn_id, "ns": "default"}).fetchone()[0]
            for q in ("what is the reason I play the cello", "what does my son play")
        }
    assert weight == {"what is the reason I play the cello": perspective.ASIDE_WEIGHT, "what does my son play": None}


OTHER_PEOPLES_HOMES = (
    "Marta lives in Utrecht with her husband and two cats.",
    "Joost moved to Groningen last year for his new job.",
    "Ruben lives near the station in Haarlem.",
    "Femke lives in a flat in Leiden above a bookshop.",
    "Sanne moved in with her boyfriend in Delft.",
    "Pieter still lives in the village where he grew up.",
    "Lotte lives in Amersfoort and cycles to work.",
    "Daan moved to Eindhoven for a job at a chip maker.",
)


def test_a_question_about_the_user_by_that_name_is_a_first_person_question(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    _stage_with_replies(store, "old", OTHER_PEOPLES_HOMES)
    store.stage("new", "user", "My partner is Ingrid and I live in Zwolle now.")
    run_realtime(store)
    question = "where does the user live?"
    assert perspective.of_question(question) == perspective.of_question("where do I live?")
    rank = lambda found: next(i for i, m in enumerate(found) if "Zwolle" in m.content)  # noqa: E731
    assert rank(_neutral(monkeypatch, store, question)) >= 5  # other people's homes share the question's words
    assert rank(store.recall(question)) == 0
    assert rank(store.recall("where do I live?")) == 0


def test_a_question_about_someone_the_user_names_sets_the_users_own_rows_aside(store: MemoryStore) -> None:
    says = (
        "I live in Utrecht.",
        "My friend Maud moved to Groningen last year.",
        "My wife's name is Anouk.",
        "Anouk works at Philips as an engineer.",
        "I work at a bakery.",
        "I work as a nurse on weekends.",
    )
    for i, text in enumerate(says):
        store.stage("people", "user", text, seq=i)
    run_realtime(store)
    run_consolidate(store)
    page = [m.content for m in store.recall("where does Maud live now?", k=4)]
    assert "Maud" in page[0], page
    assert "user lives in Utrecht" not in page[:3], page  # the user's own fact of the same relation
    wife = [m.content for m in store.recall("where does my wife work?", k=4)]
    assert any("Philips" in c for c in wife[:2]), wife  # "my wife" is Anouk: memory says so
    assert not any(c.startswith("user works") for c in wife[:2]), wife
    assert perspective.of_question("where does my wife work?").kin == ("wife",)


def test_a_capitalised_word_after_my_is_the_users_own_thing(store: MemoryStore) -> None:
    # "my Airbnb" is the user's rental, no third person: the user's own home is not set aside for it
    store.stage("rental", "user", "I live in Porto.", seq=0)
    run_realtime(store)
    run_consolidate(store)
    question = "Which city is my Airbnb in?"
    assert perspective.of_question(question).named == ()
    with store.connection() as conn:
        (fact_id,) = conn.execute(
            "SELECT id FROM memory WHERE kind = 'fact' AND subject = 'user' AND object = 'Porto'"
        ).fetchone()
        sql = (
            f"WITH fused AS (SELECT id FROM memory WHERE false), {perspective.THIRD_PEOPLE}"
            f" SELECT {perspective.WEIGHT} FROM memory m WHERE m.id = %(id)s"
        )
        weight = conn.execute(
            sql, {**perspective.of_question(question).params(question), "id": fact_id, "ns": "default"}
        ).fetchone()[0]
    assert weight is None
