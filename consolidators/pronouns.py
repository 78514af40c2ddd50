"""A turn that opens with "he" or "she" about the one person the turn before it was about.

A stream of statements names someone in full ("Oren Katz lives in York.") and goes on in its next turn by
pronoun ("He moved to Leeds last spring."). Each turn is read alone, so that "he" names no one and the move is
lost. :func:`carried` spells such an opening pronoun as the name the previous turn's statement was about, for
the readers to read as if the turn had named them (:func:`consolidators.restated.continued` does the same
within one turn).

Precision first: the previous turn's last sentence must state facts of one subject only, a person (by a
relation only a person holds), and name no other person as a value (a spouse, a founder: "she" may be them);
the pronoun must open the turn as a clause's subject (a lower-case verb or adverb follows). Anything else is
left as said, for no fact.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from .relations import PERSON_VALUED
from .text import UPPER, split_sentences
from .types import Fact, Turn

#: Relations only a person holds: a subject stated by one of them is someone "he" or "she" may stand for.
_OF_A_PERSON = frozenset({"lives in", "works at", "plays for", "born in", "died in", "educated at", "works as"})
#: "He moved …", "She has since joined …": the pronoun as the opening clause's subject.
#: A capitalised word not opening the sentence: part of a name, which must be one the facts account for.
_NAME = re.compile(rf"(?<=[\s(])[{UPPER}][\w'-]+")
_OPENING = re.compile(r"^(?:[Hh]e|[Ss]he)(?= [a-z])")


def carried(turns: Sequence[Turn], read: Callable[[str, str], list[Fact]]) -> list[Turn]:
    """``turns`` with each opening "he"/"she" spelt as the one person the previous turn was about.

    ``read(sentence, role)`` gives a sentence's facts (the sentence readers'), so the person is the one they
    found, not a guess from capitals."""
    out: list[Turn] = []
    person = ""
    for turn in turns:
        said = turn.content.lstrip()
        m = _OPENING.match(said)
        if m and person:
            turn = replace(turn, content=person + said[m.end() :])
        out.append(turn)
        sentences = split_sentences(turn.content)
        person = _about(sentences[-1], read(sentences[-1], turn.role)) if sentences else ""
    return out


def _about(sentence: str, facts: list[Fact]) -> str:
    """The one person ``sentence``'s ``facts`` are about, or "" when they are about none or several, or the
    sentence names a name that is neither that person nor a value stated of them (another person "she" may be:
    "Oren Katz and Dana Levi live in York")."""
    stated = [f for f in facts if not f.retract]
    subjects = {f.subject for f in stated}
    if len(subjects) != 1 or any(f.predicate in PERSON_VALUED for f in stated):
        return ""
    subject = subjects.pop()
    if not subject[:1].isupper() or not any(f.predicate in _OF_A_PERSON for f in stated):
        return ""
    accounted = [subject.lower(), *(f.object.lower() for f in stated)]
    names = _NAME.findall(sentence[1:])  # the opening word is capitalised whatever it is
    return subject if all(any(n.lower() in a for a in accounted) for n in names) else ""
