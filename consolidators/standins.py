"""A person's name the small parser mis-tags, read again with a name it tags well.

spaCy's small English model reads some names as words: "Amadou Diallo plays for …" parses "Amadou" as the
verb and "plays" as its object; "Park Seo-yeon was educated at …" makes "yeon" a common noun. The relation is
then lost, whatever the vocabulary holds. When a sentence's parse read nothing and a name in a subject's place
(before a lower-case verb) has a word not tagged as a proper noun, the sentence is parsed again
with a name the model always tags as one in its place, and the name is put back in what that parse reads.
Only sentences the first parse read nothing from are parsed again, so nothing read before changes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from .types import Fact

#: A name the small model tags as a person's in any position; no sentence of a stream is expected to say it.
STAND_IN = "Maria Lindgren"
#: Two or three capitalised words in a subject's place: before a lower-case word.
#: (A possessive names a thing that acts instead: "X's move from A to B is now permanent" is no move of X's home.)
_NAME = re.compile(r"(?<![\w'-])(?P<name>[A-Z][\w-]*[a-z][\w-]*(?: [A-Z][\w-]*[a-z][\w-]*){1,2})(?= [a-z])")
#: A capitalised function word opens a sentence, not a name ("The", "Later", "Correction"; "Neither A nor B …",
#: whose denial a stand-in for "Neither A" would lose).
_NOT_NAME = frozenset(
    "the a an later earlier correction update revised this that these those in on at neither no".split()
)


def mistagged(text: str, doc: Any) -> str | None:
    """The first name of ``text`` in a subject's place that ``doc`` (its parse) splits into common words."""
    for m in _NAME.finditer(text):
        if m["name"].split()[0].lower() in _NOT_NAME or STAND_IN in text:
            continue
        start, end = m.start("name"), m.end("name")
        tokens = [t for t in doc if start <= t.idx < end]
        if tokens and any(t.pos_ != "PROPN" and t.text != "-" for t in tokens) or tokens and _modifier(tokens):
            return m["name"]
    return None


def _modifier(tokens: list[Any]) -> bool:
    """Whether the parse reads a whole name as a modifier of the common word after it: "Yerlan Abenov plays for
    …" tagged right, with "plays" the noun the name is compounded into."""
    head = tokens[-1].head
    return bool(tokens[-1].dep_ == "compound" and head.i > tokens[-1].i and head.pos_ != "PROPN")


def stood_in(text: str, name: str) -> str:
    """``text`` with ``name`` said as the stand-in."""
    return text.replace(name, STAND_IN)


def restored(facts: Iterable[Fact], name: str) -> tuple[Fact, ...]:
    """``facts`` read with the stand-in, about ``name`` again."""
    return tuple(
        replace(f, subject=f.subject.replace(STAND_IN, name), object=f.object.replace(STAND_IN, name)) for f in facts
    )


def reread(
    nlp: Any, read: Callable[[Any], tuple[Fact, ...]], parsed: Iterable[tuple[str, str, Any]]
) -> dict[str, tuple[Fact, ...]]:
    """What a second parse reads in each (sentence, parsed text, parse) whose name the first parse split, by
    sentence; ``read`` reads a parse. The caller holds the parse lock."""
    names = {sentence: (text, name) for sentence, text, doc in parsed if (name := mistagged(text, doc))}
    if not names:
        return {}
    docs = nlp.pipe([stood_in(text, name) for text, name in names.values()], batch_size=64)
    return {sentence: restored(read(doc), name) for (sentence, (_, name)), doc in zip(names.items(), docs, strict=True)}
