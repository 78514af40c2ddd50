"""The extractive path's regex and typo savings change cost, never answers (see tests/test_consolidation_cpu.py):
each is checked by what it no longer does, and by the answers it still gives."""

from __future__ import annotations

import difflib
import re
from typing import Any

import pytest

from consolidators import regexes, relations, stale
from consolidators.phrases import USER
from consolidators.types import Fact


def test_correct_hands_difflib_only_words_near_in_length(monkeypatch: pytest.MonkeyPatch) -> None:
    relations.correct.cache_clear()
    sizes: list[int] = []
    real = difflib.get_close_matches

    def counting(word: str, possibilities: Any, *args: Any, **kwargs: Any) -> list[str]:
        sizes.append(len(possibilities))
        return real(word, possibilities, *args, **kwargs)

    monkeypatch.setattr(difflib, "get_close_matches", counting)
    typos = ("capitol", "presidnet", "curreny", "headquarterd", "foundr", "marryed", "zebrafish", "quinoa")
    try:
        mended = [relations.correct(w) for w in typos]
    finally:
        relations.correct.cache_clear()  # nothing the counting difflib answered outlives the test
    assert sizes and all(n < len(relations.KNOWN_WORDS) for n in sizes)
    # the answers of difflib over the whole vocabulary, first letter kept
    whole = [real(w, relations.KNOWN_WORDS, n=1, cutoff=0.85) for w in typos]
    assert mended == [c[0] if c and c[0][0] == w[0] else w for w, c in zip(typos, whole, strict=True)]
    assert mended[:2] == ["capital", "president"]


@pytest.mark.parametrize("length", range(5, 25))
def test_no_word_difflib_could_match_is_left_out(length: int) -> None:
    kept = set(relations._near_in_length(length))
    for word in relations.KNOWN_WORDS - kept:  # difflib's own first bound already rules each out
        assert difflib.SequenceMatcher(None, word, "x" * length).real_quick_ratio() < 0.85, word


def test_a_users_value_builds_no_others_pattern_without_someone_else(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str] = []
    real = re.search

    def counting(pattern: Any, string: str, flags: int = 0) -> Any:
        if isinstance(pattern, str) and "(?:whole |entire )" in pattern:
            built.append(pattern)
        return real(pattern, string, flags)

    monkeypatch.setattr(re, "search", counting)
    lives = Fact(subject=USER, predicate="lives in", object="Tromsø")
    assert not stale._not_the_users(lives, "my flat in Tromsø is tiny but I love it")
    assert built == []  # "my flat" is no one else: the per-value pattern is never built
    assert stale._not_the_users(lives, "my sister lives in Tromsø these days")
    assert len(built) == 1


@pytest.mark.parametrize("typo", ["presidnet", "goveror", "marryed", "chancelor", "ambasador", "zebrafish"])
def test_difflib_gets_only_words_that_share_enough_letters(typo: str) -> None:
    near = relations._near_in_length(len(typo))
    kept = relations._sharing_letters(typo)
    assert len(kept) < len(near) // 2  # most words of a fitting length share too few letters to be close
    for word in near:  # none difflib's second bound would let through is left out
        if difflib.SequenceMatcher(None, word, typo).quick_ratio() >= 0.85:
            assert word in kept, word
    assert difflib.get_close_matches(typo, kept, n=1, cutoff=0.85) == difflib.get_close_matches(
        typo, near, n=1, cutoff=0.85
    )


_TERM_SENTENCES = (
    "Maren Holt's studio hired Maren, not Marenko or Holt-Maren; Maren' and -Maren aside, Maren.",
    "The Ostfold Trust's chair left the Ostfold Trust for Ostfold Trustees in Ostfold Trust-based work",
    "",
)


@pytest.mark.parametrize("sentence", _TERM_SENTENCES)
@pytest.mark.parametrize("term", ["Maren", "Holt", "Ostfold Trust", "Trust", "'", ""])
def test_a_term_is_found_where_its_pattern_finds_it_without_compiling_one(
    sentence: str, term: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ends = (regexes.NOT_BEFORE_A_WORD, re.compile(r"(?:(?='s\b|'(?!\w))|(?![\w'-]))"))
    expected = {
        after: [
            (m.start(), m.end())
            for m in re.finditer(regexes.NOT_AFTER_A_WORD.pattern + re.escape(term) + after.pattern, sentence)
        ]
        for after in ends
    }

    def no_compiling(*_: Any, **__: Any) -> Any:
        raise AssertionError("a pattern was compiled for the term")

    if term:  # the empty term is left to the patterns themselves
        monkeypatch.setattr(re, "compile", no_compiling)
        monkeypatch.setattr(regexes, "compiled", no_compiling)
    for after in ends:
        found = [(s.start, s.end) for s in regexes.said(term, sentence, regexes.NOT_AFTER_A_WORD, after)]
        assert found == expected[after]
