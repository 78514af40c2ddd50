"""Patterns built per name or value, compiled once.

Many readers build a pattern around the term they test ("the name as a whole word in the sentence"). The
``re`` module keeps only 512 compiled patterns, first in first out (CPython 3.11): a session's terms outrun
it, and each new term's pattern also pushes out the readers' fixed patterns that are passed as strings, so
both were compiled again and again — about a tenth of the extraction's CPU. Compiling a term's pattern
here keeps it for every later reading of the same term and leaves the ``re`` cache to the fixed ones.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass


@functools.lru_cache(maxsize=8192)
def compiled(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``pattern`` compiled, remembered by its text and flags."""
    return re.compile(pattern, flags)


#: What may not stand right before or after a term said word for word (:func:`said`'s usual ends).
NOT_AFTER_A_WORD = re.compile(r"(?<![\w'-])")
NOT_BEFORE_A_WORD = re.compile(r"(?![\w'-])")


@dataclass(frozen=True)
class Said:
    """Where a term stands in a text: ``text[start:end]`` is the term."""

    start: int
    end: int


def said(term: str, text: str, before: re.Pattern[str], after: re.Pattern[str]) -> Iterator[Said]:
    """Where ``term`` stands in ``text``, left to right and not overlapping, with ``before`` matching (empty) at its
    start and ``after`` at its end: what ``finditer`` of the three patterns in a row finds, without a pattern
    compiled per term (most terms are read once, and compiling their pattern cost more than the search)."""
    if not term:  # the empty term matches between characters: the patterns' own reading of that
        yield from (Said(m.start(), m.end()) for m in compiled(before.pattern + after.pattern).finditer(text))
        return
    start = text.find(term)
    while start >= 0:
        end = start + len(term)
        if before.match(text, start) and after.match(text, end):
            yield Said(start, end)
            start = text.find(term, end)
        else:
            start = text.find(term, start + 1)
