"""The labelled quality corpora: typed loading and the one normalisation both scorers use.

``benchmarks/data/extraction/*.jsonl`` holds sentences with gold triples,
``benchmarks/data/updates/*.jsonl`` an ordered statement stream followed by
questions; ``benchmarks/data/extraction/PREDICATES.md`` fixes the vocabulary.
A malformed line fails loading with ``<file>:<line>: <field>: <problem>``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"
#: Extraction splits in the order they were written; each but the last was held out once, then opened for
#: development (dev4 and dev5 are the two halves of the fourth set; dev6 to dev151 are sets by other independent
#: writers, each scored once unseen and then opened). "heldout", the fifth set, is only ever scored.
SPLITS = ("tuning", "dev", *(f"dev{n}" for n in range(2, 152)), "heldout")
#: The ordered-updates streams of the same sets (a stream can't be halved): "heldout" is the fifth set's; the
#: fourth set's one stream is dev4's, so dev5 has none.
STREAM_SPLITS = tuple(split for split in SPLITS if split != "dev5")
SPEAKERS = ("user", "third")

_SPACES = re.compile(r"\s+")
_ARTICLE = re.compile(r"^(?:the|a|an)\s+")

Triple = tuple[str, str, str]


def norm(term: str) -> str:
    """Case, whitespace and a leading article only: anything more would credit wrong triples."""
    return _ARTICLE.sub("", _SPACES.sub(" ", term).strip().lower())


def norm_triple(subject: str, predicate: str, obj: str) -> Triple:
    return norm(subject), norm(predicate), norm(obj)


class CorpusError(ValueError):
    """A corpus line that does not have the documented shape."""


@dataclass(frozen=True)
class Sentence:
    """One extraction case: what must come out of ``text`` said as a one-turn session."""

    id: str
    text: str
    speaker: str
    gold: tuple[Triple, ...]
    retracts: tuple[Triple, ...]
    optional_retracts: tuple[Triple, ...]
    key_group: str | None


@dataclass(frozen=True)
class Statement:
    seq: int
    ts: str
    text: str


@dataclass(frozen=True)
class Question:
    subject: str
    predicate: str
    answer: str
    text: str


def _lines(path: Path) -> list[tuple[str, dict[str, Any]]]:
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        where = f"{path.name}:{n}"
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise CorpusError(f"{where}: not JSON ({exc.msg})") from None
        if not isinstance(row, dict):
            raise CorpusError(f"{where}: expected an object")
        rows.append((where, row))
    return rows


def _text(where: str, row: dict[str, Any], key: str) -> str:
    value = row.get(key)
    if not isinstance(value, str) or not value.strip():
        raise CorpusError(f"{where}: {key}: expected a non-empty string, got {value!r}")
    return value


def _triples(where: str, row: dict[str, Any], key: str) -> tuple[Triple, ...]:
    value = row.get(key, [])
    if not isinstance(value, list):
        raise CorpusError(f"{where}: {key}: expected a list of [subject, predicate, object]")
    out = []
    for i, item in enumerate(value):
        if not (isinstance(item, list) and len(item) == 3 and all(isinstance(t, str) and t.strip() for t in item)):
            raise CorpusError(f"{where}: {key}[{i}]: expected [subject, predicate, object] strings, got {item!r}")
        out.append((item[0], item[1], item[2]))
    return tuple(out)


def load_sentences(path: Path) -> list[Sentence]:
    """Every sentence of an extraction corpus file, validated."""
    out = []
    for where, row in _lines(path):
        speaker = _text(where, row, "speaker")
        if speaker not in SPEAKERS:
            raise CorpusError(f"{where}: speaker: expected one of {SPEAKERS}, got {speaker!r}")
        group = row.get("key_group")
        if group is not None and not (isinstance(group, str) and group):
            raise CorpusError(f"{where}: key_group: expected a non-empty string or null, got {group!r}")
        out.append(
            Sentence(
                id=_text(where, row, "id"),
                text=_text(where, row, "text"),
                speaker=speaker,
                gold=_triples(where, row, "gold"),
                retracts=_triples(where, row, "retracts"),
                optional_retracts=_triples(where, row, "optional_retracts"),
                key_group=group,
            )
        )
    return out


def load_stream(path: Path) -> tuple[list[Statement], list[Question]]:
    """An updates file: statements in stream order, then the questions about its end state."""
    statements: list[Statement] = []
    questions: list[Question] = []
    for where, row in _lines(path):
        kind = row.get("type")
        if kind == "statement":
            if questions:
                raise CorpusError(f"{where}: type: statements must all come before the questions")
            seq = row.get("seq")
            if isinstance(seq, bool) or not isinstance(seq, int):
                raise CorpusError(f"{where}: seq: expected an integer, got {seq!r}")
            statements.append(Statement(seq=seq, ts=_text(where, row, "ts"), text=_text(where, row, "text")))
        elif kind == "question":
            fields = ("subject", "predicate", "answer", "text")
            questions.append(Question(*(_text(where, row, key) for key in fields)))
        else:
            raise CorpusError(f"{where}: type: expected 'statement' or 'question', got {kind!r}")
    return statements, questions


def split_path(kind: str, split: str) -> Path:
    return DATA / kind / f"{split}.jsonl"


def ratio(num: int, den: int) -> float | None:
    """num/den, or None when there is nothing to divide by (printed as n/a, never as a perfect score)."""
    return num / den if den else None
