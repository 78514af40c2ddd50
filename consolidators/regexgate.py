"""A compiled pattern that first checks the words any match of it must contain.

Most sentences match none of a reader's patterns, and ``re`` has no prefilter for a pattern that does not open
on a literal: ``search`` tries every position of the sentence. :func:`gated` reads, from the pattern's own parse,
a few literal strings one of which every match contains ("wife" or "husband"), and answers "no match" without
running the pattern when the sentence holds none of them. The answer is the pattern's own in every case: the
gate only ever skips a pattern that could not have matched.
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Callable, Iterator
from typing import Any, cast

#: The standard library's own parser of patterns (private, but the only one that reads them as ``re`` does).
_parser: Any = importlib.import_module("re._parser")
_c: Any = importlib.import_module("re._constants")

#: A gate with more alternatives than this costs about what the pattern does: the pattern runs ungated.
MAX_WORDS = 400
#: A word shorter than this (spaces aside: " in ", "'s ", "19") is in nearly every sentence: no gate worth its cost.
MIN_LENGTH = 3
#: Non-ASCII letters ``re.IGNORECASE`` matches with an ASCII one that ``str.lower`` does not turn into it.
_FOLDS = str.maketrans({"ı": "i", "ſ": "s"})

Needs = frozenset[str] | None


@functools.lru_cache(maxsize=512)
def folded(text: str) -> str:
    """``text`` lower-cased as the gates compare it: one lowering a sentence, shared by every gated pattern."""
    low = text.lower()
    return low if low.isascii() else low.translate(_FOLDS)


def needs(pattern: re.Pattern[str]) -> Needs:
    """Lower-case ASCII strings one of which every match of ``pattern`` contains; None when none can be told."""
    return _sequence(_parser.parse(pattern.pattern, pattern.flags))


def _sequence(items: Any) -> Needs:
    """What a sequence needs: any one item's need holds for the whole, so the most telling one is kept."""
    found: list[frozenset[str]] = []
    run = ""
    for op, av in list(items) + [(None, None)]:
        if op is _c.LITERAL and av < 128:
            run += chr(av).lower()
            continue
        if run:
            found.append(frozenset({run}))
            run = ""
        need = _item(op, av) if op is not None else None
        if need:
            found.append(need)
    return max(found, key=lambda words: (min(len(w.strip()) for w in words), -len(words)), default=None)


def _item(op: Any, av: Any) -> Needs:
    if op is _c.SUBPATTERN:
        return _sequence(av[-1])
    if op is _c.ATOMIC_GROUP:
        return _sequence(av)
    if op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
        return _sequence(av[2]) if av[0] >= 1 else None
    if op is _c.BRANCH:
        words: set[str] = set()
        for branch in av[1]:
            need = _sequence(branch)
            if not need:
                return None
            words |= need
        return frozenset(words) if len(words) <= MAX_WORDS else None
    return None  # a class, a wildcard, a look-around, a back-reference: no word of its own


class GatedPattern:
    """``pattern`` behind a check that ``needs`` holds: the calls the readers make, each answered as ``re`` would."""

    __slots__ = ("_pattern", "_words")

    def __init__(self, pattern: re.Pattern[str], words: frozenset[str]) -> None:
        self._pattern = pattern
        self._words = tuple(sorted(words, key=len))

    def __getattr__(self, name: str) -> Any:  # .pattern, .flags, .groupindex, …: the pattern's own
        return getattr(self._pattern, name)

    def __repr__(self) -> str:
        return f"gated({self._pattern!r}, {self._words!r})"

    def _may(self, text: str) -> bool:
        low = folded(text)
        return any(word in low for word in self._words)

    def search(self, text: str, *args: int) -> re.Match[str] | None:
        return self._pattern.search(text, *args) if self._may(text) else None

    def match(self, text: str, *args: int) -> re.Match[str] | None:
        return self._pattern.match(text, *args) if self._may(text) else None

    def fullmatch(self, text: str, *args: int) -> re.Match[str] | None:
        return self._pattern.fullmatch(text, *args) if self._may(text) else None

    def finditer(self, text: str, *args: int) -> Iterator[re.Match[str]]:
        return self._pattern.finditer(text, *args) if self._may(text) else iter(())

    def findall(self, text: str, *args: int) -> list[Any]:
        return self._pattern.findall(text, *args) if self._may(text) else []

    def sub(self, repl: str | Callable[[re.Match[str]], str], text: str, count: int = 0) -> str:
        return self._pattern.sub(repl, text, count) if self._may(text) else text

    def subn(self, repl: str | Callable[[re.Match[str]], str], text: str, count: int = 0) -> tuple[str, int]:
        return self._pattern.subn(repl, text, count) if self._may(text) else (text, 0)

    def split(self, text: str, maxsplit: int = 0) -> list[str | Any]:
        return self._pattern.split(text, maxsplit) if self._may(text) else [text]


def gated(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """``pattern``, gated on the words its matches need (itself when it needs none a gate could check).

    Typed as the pattern it stands for: it answers every call a reader makes of one (the rest it hands on).
    """
    words = needs(pattern)
    if not words or min(len(w.strip()) for w in words) < MIN_LENGTH:
        return pattern
    return cast(re.Pattern[str], GatedPattern(pattern, words))


def compiled(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, gated (:func:`gated`): for a reader's pattern most sentences never match."""
    return gated(re.compile(pattern, flags))
