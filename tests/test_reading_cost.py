"""What the extractive reading does once, or not at all, without changing what it reads.

lemminflect deep-copies its lexicon's entry on every call, so the word-form
questions the readers ask again and again are remembered; the arranged-change
reader (:mod:`consolidators.userplans`) parses a sentence of its own only when
the sentence holds a word its reading turns on.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from consolidators import text, userplans
from consolidators.phrases import USER
from consolidators.types import Fact

TS = datetime(2025, 6, 2, tzinfo=UTC)


def counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[Any]:
    """Patch ``module.name`` with a wrapper that records each call's arguments."""
    real = getattr(module, name)
    calls: list[Any] = []

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, wrapper)
    return calls


def test_an_inflected_verb_is_looked_up_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = counting(monkeypatch, text, "getAllLemmas")
    text.inflected_verb.cache_clear()
    assert text.inflected_verb("Ditched") and text.inflected_verb("ditched") and text.inflected_verb("ditched")
    assert not text.inflected_verb("Quorvex") and not text.inflected_verb("Quorvex")
    assert len(calls) == 3  # "Ditched" and "ditched" ask the same lower-case word, but are two keys


def test_the_lexicons_lemmas_are_remembered_and_read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = counting(monkeypatch, text, "getAllLemmas")
    text.lexicon_lemmas.cache_clear()
    first = text.lexicon_lemmas("glaziers")
    assert text.lexicon_lemmas("glaziers") is first and len(calls) == 1
    assert "glazier" in first["NOUN"]
    with pytest.raises(TypeError):
        first["NOUN"] = ("x",)  # type: ignore[index]  # shared by every caller: nobody may change it


def user_fact(predicate: str, obj: str) -> Fact:
    return Fact(subject=USER, predicate=predicate, object=obj, valid_from=TS)


def test_a_sentence_with_no_time_ahead_and_no_but_is_not_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    parses = counting(monkeypatch, userplans, "parse_doc")
    found = [user_fact("works at", "Brackwater Foundry")]
    assert userplans.unplanned(found, "I work at Brackwater Foundry now.") == found
    assert parses == []


def test_a_sentence_with_a_time_ahead_is_still_parsed_and_read(monkeypatch: pytest.MonkeyPatch) -> None:
    parses = counting(monkeypatch, userplans, "parse_doc")
    found = [user_fact("works at", "Brackwater Foundry")]
    assert userplans.unplanned(found, "I am starting at Brackwater Foundry next Tuesday.") == []
    assert userplans.unplanned(found, "I moved to Brackwater Foundry, but the offer fell through.") == []
    assert len(parses) == 2


def test_a_sessions_sentences_naming_held_values_are_parsed_in_one_batch(monkeypatch: pytest.MonkeyPatch) -> None:
    from consolidators import nlp_cache, userends
    from consolidators.types import ActiveFact, Turn

    if nlp_cache.load() is None:
        pytest.skip("no spaCy model installed")
    real = userends.parse_doc
    asked: list[tuple[str, bool]] = []

    def parse_doc(text: str) -> Any:
        asked.append((text, nlp_cache.has_doc(text)))  # in the cache already: parsed in the session's batch
        return real(text)

    monkeypatch.setattr(userends, "parse_doc", parse_doc)
    nlp_cache._docs.clear()
    held = [ActiveFact("f1", USER, "works at", "Brackwater Foundry"), ActiveFact("f2", USER, "uses", "Quillpad")]
    turns = [
        Turn("e1", "user", "I left Brackwater Foundry in March.", TS),
        Turn("e2", "assistant", "Brackwater Foundry will miss you.", TS),
        Turn("e3", "user", "Quillpad still holds all my notes. The kiln needs a new element.", TS),
    ]
    out = userends.ended([], held, turns)
    assert [(f.predicate, f.object, f.retract) for f in out] == [("works at", "Brackwater Foundry", True)]
    assert [t for t, _ in asked] == ["I left Brackwater Foundry in March.", "Quillpad still holds all my notes."]
    assert all(cached for _, cached in asked)
