"""The user asking memory to forget one of their own relations: "please forget where I live", "forget my address".

A take-back such as "forget that I live in Leeds" names its value and is read where the sentence is
(:mod:`consolidators.extractive`). A request like "please forget where I live" names only the relation: which value
goes is what memory holds for it, the one the session said last before the request, else the active one. So it is
read here, with memory, and gives a retraction of that value; nothing is forgotten when nothing is held.

Precision first: the request must be an imperative said to the assistant ("forget …", "please forget …", "can you
forget …", "I want you to forget …", "delete my address from your memory"), not a reminder ("don't forget where I
live", "never forget …"), a habit ("I always forget my address"), a question ("did you forget where I work?") or
someone else's relation ("forget where my sister lives").
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import replace

from .phrases import USER, USER_ROLES
from .rolenouns import role_phrase
from .text import expand_contractions, split_sentences
from .types import ActiveFact, Fact, Turn, by_turn
from .userchanges import RELATIONS
from .userheld import hold
from .usermemory import held_values

#: What opens a request to the assistant before its verb: a filler, "please", or a polite frame.
_ASK = (
    r"^(?:(?:ok(?:ay)?|oh|also|and|actually|so|hey|hi|right|sorry|yeah|um|hmm|one more thing)[,!.:]?\s+)*"
    r"(?:(?:please|pls|plz|kindly|just|now)\s+|(?:can|could|would|will) you (?:please |pls |just )?"
    r"|i(?: would|'d| want| need)(?: like)? you to (?:please |just )?|go ahead and |you (?:can|may|should) )*"
)
#: The relation a clause names by asking about it: "where I live", "who I work for", "what I do for a living".
_ASKED: tuple[tuple[str, str], ...] = (
    (r"where (?:i|we) (?:live|am living|are living|am based|are based|call home|moved to)", "lives in"),
    (r"where i (?:work|am working|am employed)|who i (?:work|am working) for", "works at"),
    (r"what i do for (?:a living|work)|what my job(?: title)? is", "works as"),
    (r"where i was born", "born in"),
    (r"where i (?:study|am studying)", "studies at"),
    (r"what i (?:study|am studying)", "studies"),
    (r"who i am married to", "married to"),
    (r"(?:which|what) (?P<role>[\w -]+?) i (?:use|am using)", ""),
)
#: "forget [about] [that] [I told you] <what>": the clause taken back, up to the end of the sentence's request.
_FORGET = re.compile(
    _ASK + r"(?:forget|(?P<erase>delete|erase|remove|wipe|drop))(?: about)? (?:that )?"
    r"(?:i (?:told you|said|mentioned|shared) )?(?P<what>[\w' -]+?)"
    r"(?(erase) from (?:your |the )?(?:memory|memories|notes|records)|)"
    r"\s*(?:[,;.!?—–]|\bplease\b|\bthanks?\b|\bthank you\b|$)",
    re.I,
)


def forgotten(facts: list[Fact], active: Sequence[ActiveFact], turns: Sequence[Turn]) -> list[Fact]:
    """``facts`` (the session's, in turn order) with, after each user turn asking to forget a relation, a
    retraction of the value memory holds for it at that point of the session."""
    values = held_values(active)
    out: list[Fact] = []
    groups, unsourced = by_turn(facts, turns)
    for turn, stated in groups:
        out += stated
        for f in stated:
            if f.subject == USER and f.predicate in RELATIONS:
                hold(values, f)
        if turn.role.lower() not in USER_ROLES:
            continue
        for relation in dict.fromkeys(_asked_to_forget(turn.content)):
            if relation in values:
                said = Fact(USER, relation, values.pop(relation), 0.8, valid_from=turn.ts, event_ids=(turn.event_id,))
                out.append(replace(said, retract=True))
    return out + unsourced


def relations_forgotten(text: str) -> list[str]:
    """The user's relations ``text`` asks the assistant to forget, in order (for tests and other readers)."""
    return list(dict.fromkeys(_asked_to_forget(text)))


def _asked_to_forget(text: str) -> Iterator[str]:
    for sentence in split_sentences(text):
        plain = expand_contractions(sentence).strip()
        m = _FORGET.match(plain)
        if m is None or "?" in sentence and not re.match(r"(?:can|could|would|will) you\b", _unfilled(plain), re.I):
            continue  # "did you forget where I work?" asks; "can you forget where I work?" is a request
        relation = _relation(m["what"].strip())
        if relation in RELATIONS:  # each holds one value, so the value held is the one meant
            yield relation


def _unfilled(text: str) -> str:
    """``text`` without the filler that may open a request ("ok, so can you …" → "can you …")."""
    return re.sub(
        r"^(?:(?:ok(?:ay)?|oh|also|and|actually|so|hey|hi|right|sorry|yeah|um|hmm)[,!.:]?\s+)*", "", text, flags=re.I
    )


def _relation(what: str) -> str | None:
    """The user's relation a forgotten clause names: asked about ("where I live") or as mine ("my address")."""
    for pattern, relation in _ASKED:
        m = re.fullmatch(pattern, what, re.I)
        if m is not None:
            return relation or role_phrase(m["role"])
    if re.match(r"(?:my|our) ", what, re.I) and not re.search(
        r"\b(?:his|her|their|sister|brother|friend|mum|mom|dad)\b", what, re.I
    ):
        return role_phrase(what)
    return None
