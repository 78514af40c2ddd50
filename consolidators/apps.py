"""The software a user says they work in, said by what they do there: "I design in Figma all day".

"I use Figma" is read by the tool rules; chat says it by the work instead ("we track
the herd with AgriWebb", "Jupyter is open on my second monitor", "the three apps I
basically live in"). A name counts only when the lists of well-known software know
it (:data:`consolidators.toolnames.APPS` and the tools by role), since "I design with
Anna" names a colleague, and only in a clause about the user that neither asks,
hedges nor speaks of the past. The fact is ``uses``: no role is stated.
"""

from __future__ import annotations

import re

from .lifeevents import USER, fact
from .roles import names_a_role
from .toolnames import APPS, known_names, roles_of
from .types import Fact
from .userclauses import negated, refused

#: Ways a clause says the user works in a piece of software; the name is looked for in the clause.
_WORKS_IN = re.compile(
    r"\b(?:I|we|I'm|we're|I've|we've)\b.*\b(?:design|draw|edit|write|plan|track|manage|record|mix|produce|model"
    r"|sketch|build|organi[sz]e|run|keep|work|designing|drawing|editing|writing|planning|tracking|managing"
    r"|recording|mixing|producing|modelling|modeling|sketching|building|running|working|using|use|live)\b"
    r".*\b(?:in|with|on|using|via|through)\b"
    r"|\b(?:is|are) open on my\b|\bwith the help of\b|\bdaily driver\b|\b(?:apps?|tools?) (?:I|we) (?:\w+ )?(?:live in|use)\b"
    r"|\b(?:my|our) (?:team|company|office|org|lab|group|family|household|band|studio) (?:uses|runs on|lives in|works in)\b"
    r"|^(?:(?:been|still|now|currently|mostly) )*using\b",
    re.I,
)
#: Where a message's parts end for this reader: a list of apps ("Obsidian, Todoist and Slack are …") is one part.
_PARTS = re.compile(r"[;!?]|\.\s|\s[—–]\s|\sbut\s|\sso\s")
#: A name that is an employer or a thing's kind, not the app worked in: "at Figma", "a Figma plugin".
_NOT_WORKED_IN = re.compile(r"\b(?:at|for|from|(?<!help )of|about|to|than)\s+$", re.I)


def merged(found: list[Fact], sentence: str) -> list[Fact]:
    """``found`` with ``uses`` for each known app a clause of ``sentence`` says the user works in, unless a fact
    about the user already names it."""
    if not known_names(sentence) or names_a_role(sentence):  # "…, my editor of choice": the role readers' to place
        return found
    named = {f.object.lower() for f in found if f.subject == USER}
    added: list[Fact] = []
    for clause in (p.strip(" ,") for p in _PARTS.split(sentence)):
        if refused(clause) or not _WORKS_IN.search(clause):
            continue
        for m in known_names(clause):
            name = m[0].strip()
            attributive = re.match(r" [a-z]", clause[m.end() :]) and re.search(
                r"\b(?:a|an|the)\s+$", clause[: m.start()]
            )
            if _NOT_WORKED_IN.search(clause[: m.start()]) or attributive:
                continue
            if negated(clause[: m.start()].rsplit(",", 1)[-1]):  # "…, haven't touched C++ in a year": denied
                continue
            if name.lower() not in named and _an_app(name):
                named.add(name.lower())
                added.append(fact("uses", name, 0.7))
    return found + added


def _an_app(name: str) -> bool:
    """Known software said by its capitals ("Figma", not "things")."""
    key = " ".join(name.lower().split())
    return (key in APPS or bool(roles_of(name))) and (not name.islower() or " " in key)
