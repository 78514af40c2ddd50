"""The user's own moves said in chat: a new home, employer, job title, course or tool, read by the shape of
the change ("we've landed in Braga, hopefully for good", "I signed with Talkdesk", "my job title is data
engineer as of today", "switched courses — it's psychology now", "the queue got swapped for Redis Streams").

Each change is read in its clause: a hedge, a negation or a question in one clause ("Feedzai didn't work
out") says nothing about the next, and one in the clause itself ("if we land in Braga") keeps it from being a
fact. The evidence that a change is lasting ("for good", "packed up") may sit in any clause.
"""

from __future__ import annotations

import re

from .chatparse import role_phrase
from .toolrules import rule_facts
from .types import Fact

USER = "user"
_UP = "A-ZÀ-ÖØ-ÞĀ-Ž"
_NAME = rf"(?P<obj>[{_UP}0-9][\w&.+'-]*(?: (?:[{_UP}0-9][\w&.+'-]*|de|do|da|del))*)"
_WE = r"(?:I|we)(?: have| had|'ve|'d)?(?: (?:finally|just|officially|now))?"
#: A job or a subject of study: lower-case words up to where the time or the clause starts.
_PHRASE = (
    r"(?P<obj>[a-z][a-z -]*?)"
    r"(?= (?:as of|now|since|from|starting|after|following|at|with|for|in|and|because|thanks)\b|[.!,;]|$)"
)

#: (predicate, pattern, evidence the sentence must also show or None). The predicate "role" is the tool
#: role the sentence names in the group "role".
_CHANGES: tuple[tuple[str, re.Pattern[str], re.Pattern[str] | None], ...] = (
    # a landing is a trip unless the sentence says it lasts
    (
        "lives in",
        re.compile(rf"\b{_WE} (?:landed|ended up|washed up|touched down) in {_NAME}"),
        re.compile(r"\b(?:for good|packed|unpacked|boxes|movers|lease|new (?:flat|place|home|apartment))\b"),
    ),
    ("lives in", re.compile(rf"\b{_WE} (?:settled|put down roots) in {_NAME}"), None),
    (
        "works at",
        re.compile(rf"\bI(?: have|'ve)?(?: (?:just|officially|finally))? signed (?:on )?(?:with|for) {_NAME}"),
        None,
    ),
    (
        "works as",
        re.compile(
            rf"\b(?:my (?:job title|(?:official|new) (?:job )?title|title at work) is (?:now )?|(?:they |I )?(?:got |was |been )?"
            rf"promoted (?:me )?to )(?:an? )?{_PHRASE}"
        ),
        None,
    ),
    (
        "studies",
        re.compile(
            rf"\b(?:switched|changed) (?:my )?(?:courses?|majors?|degrees?|programmes?|programs?)"
            rf"(?: to|\s*[—–:-]+\s*it(?:'s| is)) {_PHRASE}"
        ),
        None,
    ),
    # a role named, then the tool that now fills it: "notes have migrated again, everything lives in Logseq"
    (
        "role",
        re.compile(
            rf"\b(?:my |our |the )?(?P<role>[a-z][a-z ]{{1,24}}?) (?:have|has|got|were|was) (?:migrated|moved)\b[^,;]*"
            rf"[,;] (?:and )?(?:now )?(?:everything|it all|all of (?:it|them)|they all) (?:now )?(?:lives?|sits?|is|are) in {_NAME}"
        ),
        None,
    ),
    (
        "role",
        re.compile(
            rf"\b(?:my |our |the )(?P<role>[a-z][a-z ]{{1,24}}?) (?:got|was|has been|have been) "
            rf"(?:swapped|switched|changed|moved|migrated) (?:over )?(?:for|to) {_NAME}"
        ),
        None,
    ),
)
_UNSURE = re.compile(
    r"\?|\b(?:if|unless|might|may|could|would|will|thinking|considering|maybe|perhaps|planning|plan to|going to|"
    r"gonna|hope to|not|never|no longer|n't|used to|wish|almost)\b",
    re.I,
)
_BOUNDARY = re.compile(r"[,;…!]|\.{2,}|\.\s|\b(?:so|but|anyway)\b|\s[—–]\s")


def facts(text: str) -> list[Fact]:
    """The user's own changes ``text`` states, each in a clause no hedge, negation or question scopes over."""
    found: list[Fact] = []
    for predicate, pattern, evidence in _CHANGES:
        m = pattern.search(text)
        if m is None or evidence is not None and not evidence.search(text) or _UNSURE.search(_clause(text, m)):
            continue
        if predicate == "role":
            predicate = role_phrase(m["role"]) or ""
        found += rule_facts(USER, predicate, m["obj"].strip(), 0.8, False, attribute=True)
    return found


def _clause(text: str, m: re.Match[str]) -> str:
    """The match with the rest of the clauses it starts and ends in."""
    starts = [b.end() for b in _BOUNDARY.finditer(text, 0, m.start())]
    end = _BOUNDARY.search(text, m.end())
    return text[starts[-1] if starts else 0 : end.start() if end else len(text)]


def merged(found: list[Fact], changes: list[Fact]) -> list[Fact]:
    """``found`` with each change in place of what other readers said of the same relation of the user's, or
    of the same value under another ("the password manager got" is no relation)."""
    keys = {f.predicate for f in changes}
    values = {f.object.lower() for f in changes}
    return [
        f for f in found if not (f.subject == USER and (f.predicate in keys or f.object.lower() in values))
    ] + changes
