"""The user's denial of a value memory holds for them: a correction of memory, not a bare negation.

"I don't work at Bungie", "I never moved to Leeds" alone say nothing about the user (a denial of what nobody
said is no fact). When memory holds that very value for the user, as an active fact or one read earlier in the
session (perhaps misread from someone else's news the user told), the denial corrects it: the value is taken
back. A cleft that hands the statement to someone else ("no, that was my cousin who joined Bungie, not me")
denies it of the user the same way.

Precision first: the denial is the user's own ("I", "we", "not me"), the value it names is held, and the
denied clause ends with that value, so a denial of a reason or a manner ("I didn't move to Leeds for the job")
takes nothing back.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from .forms import norm
from .phrases import USER, USER_ROLES
from .plainsentence import plain
from .text import expand_contractions, split_sentences
from .triples import sentence_triples
from .types import ActiveFact, Fact, Turn, by_turn

#: "I do not work at X", "we never moved to X": the speaker, a negation, and the statement denied.
_DENIAL = re.compile(
    r"(?:(?:actually|so|and|honestly)\W+)*(?:I|we) (?:do|did) not (?P<vp>.+)"
    r"|(?:(?:actually|so|and|honestly)\W+)*(?:I|we) (?:have |had )?never (?P<vp2>.+)",
    re.I,
)
#: "that was my brother who joined X, not me": the statement handed to someone else and denied of the speaker.
_CLEFT = re.compile(
    r"\b(?:that|it) (?:was|is) (?:my|our) [\w ]+? who (?P<vp>[^,;:—–]+?)\s*[,;—–-]?\s*not (?:me|us)\b", re.I
)
#: Where a clause ends: a comma, a dash, a "but" ("no, I don't live in X, my sister does").
_CLAUSE_END = re.compile(r"\s*(?:[,;:—–]|\s-\s|\bbut\b)\s*")
#: Words that may follow the denied value without changing what is denied.
_TAIL = re.compile(r"(?:\s+(?:anymore|any more|either|at all|actually|though|lol|haha))*[\s.!]*$", re.I)


def denied(facts: list[Fact], active: Sequence[ActiveFact], turns: Sequence[Turn]) -> list[Fact]:
    """``facts`` (the session's, in turn order) with each value memory holds for the user that a later user turn
    denies taken back, after that turn's own facts."""
    held = {(norm(a.predicate), norm(a.object)) for a in active if a.subject == USER}
    out: list[Fact] = []
    groups, unsourced = by_turn(facts, turns)
    for turn, stated in groups:
        if turn.role.lower() in USER_ROLES:
            stated = stated + [
                replace(f, retract=True, replaces_attribute=False, valid_from=turn.ts, event_ids=(turn.event_id,))
                for sentence in split_sentences(turn.content)
                for f in _denials(sentence)
                if (norm(f.predicate), norm(f.object)) in held and not _said(f, stated)
            ]
        for f in stated:
            if f.subject == USER:
                key = (norm(f.predicate), norm(f.object))
                held.discard(key) if f.retract else held.add(key)
        out += stated
    return out + unsourced


def _said(fact: Fact, stated: list[Fact]) -> bool:
    return any(
        (s.subject, s.predicate, norm(s.object)) == (fact.subject, fact.predicate, norm(fact.object)) for s in stated
    )


def _denials(sentence: str) -> list[Fact]:
    """The user's facts ``sentence`` denies: the statement after "I do not", "I never" or a cleft's "who"."""
    text = expand_contractions(plain(sentence))
    cleft = _CLEFT.search(text)
    denials = [cleft] if cleft else [m for c in _CLAUSE_END.split(text) if (m := _DENIAL.fullmatch(c.strip()))]
    out: list[Fact] = []
    for m in denials:
        said = _TAIL.sub("", m["vp"] or m.groupdict().get("vp2") or "")
        found = sentence_triples(f"I {said}.", "user")
        out += [f for f in found if f.subject == USER and not f.retract and norm(said).endswith(norm(f.object))]
    return out
