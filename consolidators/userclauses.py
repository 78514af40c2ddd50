"""What a user's sentence takes for granted in a clause of time: "since joining X, …", "now that I'm at X, …".

Chat mentions a change in passing while asking for something else: "since joining Halvorsen I've been drowning in
spreadsheets, any tips?", "now that I'm at Zalando I'm expected to write OKRs". The main clause states nothing
memory keeps, so no reader finds a statement; the clause of time presupposes a change that happened and still
holds. Found on the parse (a gerund under "since", a clause under "since" or "now that") and restated as the user's
own sentence ("I joined Halvorsen.", "I am at Zalando."), it is read by the sentence readers like any other
sentence, so every relation they know is covered and every refusal they make (a hedge, a negation, a plan) holds.

Precision: only "since" and "now that", whose state still holds when the sentence is said ("before", "until",
"when" and "if" clauses presuppose nothing that does); a clause with its own subject counts only when that subject
is the speaker ("I", "we"); what the restated clause says is added only in relations the sentence's own reading
did not state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from lemminflect import getInflection  # type: ignore[import-untyped,unused-ignore]

from .nlp_cache import parse_doc
from .phrases import USER
from .text import lemmatise
from .types import Fact

#: The relations a clause of time presupposes a change of: a job or a home, not a tool ("since I moved the email
#: over to Proton" gives a reason, not the user's email client).
_LIFE = frozenset({"works at", "works as", "lives in", "studies", "studies at", "married to"})
#: Subjects the speaker is: a clause of someone else's presupposes nothing about the user.
_SPEAKER = frozenset("i we".split())


def merged(found: list[Fact], text: str, read: Callable[[str], list[Fact]]) -> list[Fact]:
    """``found`` (one user sentence's facts) with what ``read`` makes of its clauses of time restated."""
    lowered = text.lower()
    if "since " not in lowered and "now that " not in lowered:
        return found
    said = [f for clause in presupposed(text) for f in read(clause) if f.subject == USER and f.predicate in _LIFE]
    found = [_cut(f, said) for f in found]
    have = {f.predicate for f in found if f.subject == USER}
    return found + list(dict.fromkeys(f for f in said if f.predicate not in have))


def _cut(fact: Fact, said: list[Fact]) -> Fact:
    """``fact`` with the value the clause restated gives its relation, when the sentence's reading ran on past the
    clause's end ("now that we live in Cardiff the office days are a pain": "Cardiff the office days")."""
    if fact.subject != USER:
        return fact
    shorter = next((f for f in said if f.predicate == fact.predicate and fact.object.startswith(f.object + " ")), None)
    return replace(fact, object=shorter.object) if shorter is not None else fact


def presupposed(text: str) -> list[str]:
    """The clauses of time in ``text`` restated as the speaker's sentences ("since joining X" → "I joined X.")."""
    doc = parse_doc(text)
    if doc is None:
        return []
    said: list[str] = []
    for tok in doc:
        # "since joining X, I …": the gerund's doer is the main clause's subject, which must be the speaker
        # ("since relocating to X fell through" has the gerund as a subject, and the clause no subject of its own)
        if tok.lower_ == "since" and tok.dep_ == "prep" and _speaker_does(tok.head):
            said += [_restated(c, "I") for c in tok.children if c.dep_ == "pcomp" and c.tag_ == "VBG"]
        elif _opens(tok) and _speaker_does(tok.head):  # "since we moved to X", "now that I'm at X"
            said.append(_restated(tok.head, "", bare_be=tok.lower_ == "that"))
    return [s for s in said if s]


def _speaker_does(verb: Any) -> bool:
    """Whether ``verb``'s subject is the speaker ("I", "we")."""
    return any(c.dep_ in ("nsubj", "nsubjpass") and c.lower_ in _SPEAKER for c in verb.children)


def _opens(tok: Any) -> bool:
    """Whether ``tok`` is the marker of a clause of time whose state still holds: "since", or "that" after "now"."""
    if tok.dep_ != "mark":
        return False
    if tok.lower_ == "since":
        return True
    return bool(tok.lower_ == "that" and tok.i > 0 and tok.doc[tok.i - 1].lower_ == "now")


def _restated(verb: Any, subject: str, *, bare_be: bool = False) -> str:
    """``verb``'s clause as a sentence: its subtree up to a pause, without the marker, a gerund put in the past
    after ``subject``; with ``bare_be``, a bare "be at"/"be in" as the work or home it means ("now that I'm at X":
    the speaker's employer, as "now that we're in X" is their home; a causal "since I'm in X" may be a visit)."""
    end = next((t.i for t in verb.subtree if t.i > verb.i and t.is_punct), verb.right_edge.i + 1)
    words = [t for t in verb.subtree if t.dep_ != "mark" and t.i < end]
    if not words or words[-1].i - words[0].i + 1 != len(words):
        return ""  # a clause the parse breaks in two is not restated
    if subject:
        return f"{subject} {' '.join(_past(t) if t.i == verb.i else t.text for t in words)}."
    said = _BARE_BE.get(_place_word(verb), "") if bare_be else ""
    text = " ".join(said or t.text if t.i == verb.i else t.text for t in words)
    return f"{text}.".replace(" '", "'")


_BE = frozenset("'m am 're are".split())
#: "be" with only a place after it: what the speaker's being there means, by the preposition.
_BARE_BE = {"at": "work", "in": "live"}


def _place_word(verb: Any) -> str:
    """The preposition of a bare "be" ("I'm at X"), else ""."""
    if verb.lower_ not in _BE or any(c.dep_ in ("attr", "acomp") for c in verb.children):
        return ""
    return next((c.lower_ for c in verb.children if c.dep_ == "prep" and c.lower_ in _BARE_BE), "")


def _past(gerund: Any) -> str:
    forms = getInflection(lemmatise(gerund.lower_, "VERB"), tag="VBD")
    return str(forms[0]) if forms else gerund.text
