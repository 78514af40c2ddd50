"""Everyday idioms of first-person chat that the other readers leave unread.

"I'm married with Ingrid" (a learner's "with"), "priya and i got married in may" (a name chat writes in lower
case is still a name, and is written with its capital);
"I reside in Cluj"; a contrast with someone else's place that makes the user's own a home or an employer ("my
cousin lives in Porto, I'm in Faro", "Ana works at Sonae; I'm at Jerónimo Martins"); "currently majoring in
astrophysics"; a tool said as the way the user does something ("Trello is how I plan every sprint", "Figma is
what I use to sketch screens").

Each frame is one way English says the fact, not one sentence. Precision first: the user's own words in the match
carry no negation, modal, past marker or plan, the sentence they end is no question, and a frame only adds a
value: where another reader already read the relation, the frame says nothing.
"""

from __future__ import annotations

import re

from .chatframes import NAME
from .forms import norm
from .lifeevents import fact
from .phrases import USER
from .text import NOT_NOW, table
from .toolnames import APPS, roles_of
from .types import Fact

#: A name someone else's fact holds, before the user's own is said in contrast.
_OTHERS_NAME = r"[A-ZÀ-ÖØ-ÞĀ-Ž][\w&.'-]*(?: (?:[A-ZÀ-ÖØ-ÞĀ-Ž0-9][\w&.'-]*|de|da|do|of))*"
#: Where a contrast turns from someone else to the user: "Rui works at Galp; I'm at EDP".
_TURN = r"[,;] (?:and |but |while |whereas |meanwhile )?"
_FRAMES = table(
    # "I am married with Ingrid since 2017": a learner's preposition for the same relation
    ("married to", rf"\b(?P<own>I am (?:now |happily )?married with ){NAME}"),
    # "priya and i got married in may": the partner named first, in whatever case chat writes
    ("married to", r"^(?P<obj>[A-Za-zÀ-ž][a-zà-ž-]+) and (?P<own>[Ii] (?:just |finally |recently )?got married)\b"),
    # "I reside in Cluj", "currently we reside in Tartu"
    ("lives in", rf"\b(?P<own>(?:I|[Ww]e) (?:now |currently |still )?reside in ){NAME}"),
    # "my cousin lives in Porto, I'm in Faro", "my sister moved to Lyon, I'm still stuck here in Grenoble"
    (
        "lives in",
        rf"\b(?:lives|is living|is based|moved|has moved) (?:in|to) {_OTHERS_NAME}[^,;]*{_TURN}"
        rf"(?P<own>I am (?:still |now |currently )?(?:stuck )?(?:here )?in ){NAME}",
    ),
    # "Ana works at Sonae; I'm at Jerónimo Martins"
    (
        "works at",
        rf"\bworks (?:at|for) {_OTHERS_NAME}{_TURN}(?P<own>I am (?:still |now |currently )?at ){NAME}",
    ),
    # "currently majoring in marine biology", "I'm majoring in maths and minoring in music"
    (
        "studies",
        r"(?:^|\b(?:I am|currently|now) )(?P<own>majoring in )(?P<obj>[a-z][a-z-]*(?: [a-z][a-z-]*)?)(?= and\b|,|$| at\b)",
    ),
    # "Trello is how I plan every sprint", "Figma is what I use to sketch screens"
    ("uses", rf"^{NAME} (?P<own>is (?:how I [a-z]+|what I use)\b)"),
)
#: Words in the user's own part that make it no present fact: a negation, a modal, a past marker, a plan.
_REFUSED = re.compile(
    rf"\b(?:{NOT_NOW}|going to|planning to|plan to)\b|n't\b",
    re.I,
)
#: A stay, not a home: "I'm in Faro for the weekend", "… on holiday".
_VISIT = re.compile(
    r"\b(?:for (?:the|a|two|three|a few|a couple of) (?:days?|nights?|weeks?|weekends?)|on (?:holiday|vacation)"
    r"|visiting|trip|this week|tonight|for work)\b",
    re.I,
)
#: A partner's "name" that is a pronoun or a function word: "she and I got married" names no one.
_NOT_NAMES = frozenset("he she they we you it then so and but me my our".split())
#: Relations with one value at a time: a frame adds one only where no reader read the relation.
_MULTI = frozenset({"uses"})


def merged(found: list[Fact], text: str) -> list[Fact]:
    """``found`` (one user sentence's facts) with what the everyday frames read in ``text`` and no reader had."""
    # a value another reader holds under any relation is read already ("Thunderbird is how I read email" is
    # the email client, no plain use besides)
    held = {norm(f.object) for f in found if f.subject == USER}
    taken = {f.predicate for f in found if f.subject == USER and not f.retract}
    new = [f for f in facts(text) if norm(f.object) not in held and (f.predicate in _MULTI or f.predicate not in taken)]
    return found + new


def facts(text: str) -> list[Fact]:
    """The user's facts the frames read in ``text`` (contractions expanded)."""
    out: list[Fact] = []
    for predicate, pattern in _FRAMES:
        for m in pattern.finditer(text):
            value = m["obj"].strip()
            if _refused(text, m) or value.lower() in _NOT_NAMES:
                continue
            if predicate == "uses" and not _a_tool(value, m):
                continue
            if predicate == "married to":
                value = value[:1].upper() + value[1:]
            out.append(fact(predicate, value, 0.7))
    return out


def _refused(text: str, m: re.Match[str]) -> bool:
    """Whether the user's own words in the match are no present fact, or end a question."""
    own = text[m.start("own") : m.end()]
    end = re.search(r"[.?!]", text[m.end() :])
    rest = text[m.end() : m.end() + end.start()] if end else text[m.end() :]
    return bool(_REFUSED.search(own) or _VISIT.search(rest)) or end is not None and end.group() == "?"


def _a_tool(value: str, m: re.Match[str]) -> bool:
    """A tool "is how I …" only when the lists know it ("Paris is how I remember it" names none); "what I use"
    says so of any name."""
    return "what I use" in m.group() or norm(value) in APPS or bool(roles_of(value))
