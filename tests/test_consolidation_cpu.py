"""The extractive path's CPU savings change cost, never answers: each is checked by what it no longer repeats."""

from __future__ import annotations

from collections.abc import Iterator

import lemminflect
import pytest

from consolidators import forms


@pytest.fixture
def fresh_is_word() -> Iterator[None]:
    forms.is_word.cache_clear()
    yield
    forms.is_word.cache_clear()  # nothing a patched lexicon answered outlives the test


def test_is_word_asks_the_lexicon_once_per_word(fresh_is_word: None, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    real = lemminflect.getAllLemmas

    def counting(word: str, *args: object, **kwargs: object) -> object:
        asked.append(word)
        return real(word, *args, **kwargs)

    monkeypatch.setattr(lemminflect, "getAllLemmas", counting)
    answers = [forms.is_word(w) for w in ("teapot", "Quorvelle", "teapot", "Quorvelle", "teapot")]
    assert answers == [True, False, True, False, True]  # the lexicon's answers, as before
    assert asked == ["teapot", "quorvelle"]
