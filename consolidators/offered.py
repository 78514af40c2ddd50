"""A job the user got said of a place named only by "there": "I got the Kestrel Bank offer!" … "I'm now employed
there as a data analyst".

Chat names the employer once, with the offer or the job, and then states the employment by "there". Alone the
second sentence names no employer, and the first states none (an offer is no job yet). So, before the readers, a
user's "employed there" / "working there" / "started there" is spelt as "… at X" when the user's turns so far
named exactly ONE employer by an offer, a job or a contract ("the X offer", "an offer from X", "the job at X").

Precision first: two such employers are a guess, so "there" stays; an offer only lends its name, so the
employment is stated (or not: a plan, a hedge, a negation) by the later sentence alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from .phrases import USER_ROLES
from .text import UPPER
from .types import ActiveFact, Turn

_NAME = rf"[{UPPER}][\w&'-]*(?: (?:of |de |&amp; |& )?[{UPPER}][\w&'-]*)*"
_THING = r"(?:offer|job|position|role|contract|post)"
#: Where an employer is named by what the user got from it: "the Kestrel Bank offer", "an offer from X", "the
#: job at X".
_NAMED = (
    re.compile(rf"\b(?:the|an?|my) (?P<name>{_NAME}) (?:job )?{_THING}\b"),
    re.compile(rf"\b{_THING} (?:from|at|with) (?P<name>{_NAME})"),
)
#: The employment said of "there": "employed there", "working there", "started there", "hired there".
_THERE = re.compile(r"\b(?P<verb>employed|work|working|works|started|hired) there\b", re.I)


def spelt(turns: Sequence[Turn], active: Sequence[ActiveFact] = ()) -> list[Turn]:
    """``turns`` with a user's employment "there" spelt "at X" for the one employer the user's turns named by an
    offer or a job before it (in an earlier turn or sentence), or named at all when memory holds it as the
    user's employer ("Kestrel Freight made my team redundant. I no longer work there.")."""
    if not any(_THERE.search(t.content) for t in turns):
        return list(turns)
    held = [a.object for a in active if a.subject == "user" and a.predicate == "works at"]
    named: list[str] = []
    out: list[Turn] = []
    for turn in turns:
        if turn.role.lower() not in USER_ROLES:
            out.append(turn)
            continue
        content = turn.content
        for m in _THERE.finditer(turn.content):
            before = turn.content[: m.start()]
            found = list(dict.fromkeys([*named, *_names(before, held)]))
            if len(found) == 1:
                content = content.replace(m[0], f"{m['verb']} at {found[0]}", 1)
        named = list(dict.fromkeys([*named, *_names(turn.content, held)]))
        out.append(replace(turn, content=content) if content != turn.content else turn)
    return out


def _names(text: str, held: Sequence[str] = ()) -> list[str]:
    said = [name for name in held if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.I)]
    return [m["name"] for pattern in _NAMED for m in pattern.finditer(text)] + said
