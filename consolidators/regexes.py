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


@functools.lru_cache(maxsize=8192)
def compiled(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``pattern`` compiled, remembered by its text and flags."""
    return re.compile(pattern, flags)


def whole(term: str, *, possessive: bool = False) -> re.Pattern[str]:
    """``term`` word for word, not inside a longer word or name (letters, digits, ``'`` and ``-`` join one);
    with ``possessive``, also before a possessive "'s" ("Femke van der Berg's husband")."""
    after = r"(?:(?='s\b)|(?![\w'-]))" if possessive else r"(?![\w'-])"
    return compiled(rf"(?<![\w'-]){re.escape(term)}{after}")
