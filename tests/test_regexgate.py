"""The regex gate skips a pattern only where it could not have matched: every answer is the pattern's own."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from consolidators import epithets, newsidioms, regexgate, thirdmoves
from consolidators.regexgate import GatedPattern, compiled, gated, needs

_SETS = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "extraction"


@pytest.mark.parametrize(
    ("pattern", "words"),
    [
        (r"^Directed by (?P<p>\w+)", {"directed by "}),
        (r"[Pp]resident,? X", {"resident"}),
        (r"\b(?:wife|husband)\b", {"wife", "husband"}),
        (r"(?i)Hello|World", {"hello", "world"}),
        (r"(?:the )?capital(?: city)?", {"capital"}),
        (r"(?:foo)+bar?", {"foo"}),
    ],
)
def test_needs_reads_the_words_every_match_contains(pattern: str, words: set[str]) -> None:
    assert needs(re.compile(pattern)) == words


@pytest.mark.parametrize("pattern", [r"a*b?", r"(?:wife)?\w+", r"[A-Z]\w+", r"(?!wife)\w+", r"(\w)\1", r"wife|\d+"])
def test_needs_tells_nothing_where_a_match_may_hold_no_word(pattern: str) -> None:
    assert needs(re.compile(pattern)) is None


def test_a_common_or_missing_word_leaves_the_pattern_ungated() -> None:
    assert isinstance(compiled(r"\b(?:wife|husband)\b"), GatedPattern)
    for common in (r" in (\w+)", r"'s (\w+)", r"[A-Z]\w+"):  # " in " is in nearly every sentence; a class no word
        assert isinstance(compiled(common), re.Pattern)


def test_a_gated_pattern_answers_every_call_as_re_does() -> None:
    raw = re.compile(r"(?P<who>[A-Z]\w+)'s (?:wife|husband)")
    gate = gated(raw)
    for text in ("Ana's wife", "no partner here", "Tom's husband and Ana's wife", ""):
        for call in ("search", "match", "fullmatch"):
            assert _span(getattr(gate, call)(text)) == _span(getattr(raw, call)(text))
        assert [m[0] for m in gate.finditer(text)] == [m[0] for m in raw.finditer(text)]
        assert gate.findall(text) == raw.findall(text)
        assert gate.sub("X", text) == raw.sub("X", text)
        assert gate.subn("X", text) == raw.subn("X", text)
        assert gate.split(text) == raw.split(text)
    assert gate.pattern == raw.pattern and gate.groupindex == raw.groupindex  # the rest handed on


def _span(m: re.Match[str] | None) -> tuple[int, int] | None:
    return m.span() if m else None


def test_letters_ignorecase_folds_into_ascii_still_open_the_gate() -> None:
    # re.IGNORECASE matches "ſ" with "s" and "ı" with "i", which str.lower leaves as they are
    for pattern, text in ((r"(?i)\bask\b", "please aſk"), (r"(?i)\bwife\b", "his wıfe")):
        assert gated(re.compile(pattern)).search(text) is not None
    assert regexgate.folded("AſK") == "ask"


def _sentences() -> list[str]:
    texts = []
    for split in ("tuning.jsonl", "dev.jsonl"):
        with (_SETS / split).open(encoding="utf-8") as lines:
            texts += [json.loads(line)["text"] for line in lines if line.strip()]
    return texts


def test_the_readers_gated_patterns_match_as_before_on_the_tuning_and_dev_sentences() -> None:
    """Each gated table the readers run, against its own compiled pattern over real sentences (and their lower
    case, which chat types): a gate that skipped a match would change a reading."""
    patterns = [p for _, p in newsidioms._IDIOMS] + [p for _, p in thirdmoves._FRAMES]
    patterns += [p for _, p, _, _ in epithets._EPITHETS + epithets._DESCRIBED]
    gates = [p for p in patterns if isinstance(p, GatedPattern)]
    assert len(gates) > len(patterns) // 2  # the gate is in use, not declined everywhere
    texts = _sentences()
    texts += [t.lower() for t in texts]
    for gate in gates:
        raw = re.compile(gate.pattern, gate.flags)
        found = [[m.span() for m in raw.finditer(t)] for t in texts]
        assert [[m.span() for m in gate.finditer(t)] for t in texts] == found, gate.pattern[:80]
