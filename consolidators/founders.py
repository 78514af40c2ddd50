"""Who founded an organisation, when news names the founder in passing and spends the verb on something else:
"Lumen Health, the clinic network set up by Grace Mensah, raised $40 million", "Founded by Ingvar Kamprad, IKEA
is now owned by …", "Orla Foods, which Ciara Byrne started in 2012, …", "… was founded by textile merchant Josiah
Pell". The parse loses these to the description before the founder or to the clause around the organisation.

Each reading has the same parts: a founding verb ("founded", "set up", "started", "established"), the founder
(the name after "by", past a few lower-case words of description, or the subject of "which X founded") and the
organisation (the name the phrase describes, or the subject of the clause a fronted "Founded by X," opens).
"""

from __future__ import annotations

import re

from .officenames import Name, names_in
from .spans import make_fact
from .text import doubts
from .types import Fact

FOUNDED = "founded by"
_VERB = r"(?:co-?)?(?:founded|set up|started|established|created|launched)"
#: What precedes a founder's name: "founded by", "set up by librarian", "founded by cousins".
_BY = re.compile(rf"\b(?i:{_VERB}) by (?:(?:the |a |an |two |three )?[a-z-]+ ){{0,3}}$")
#: The organisation a phrase describes: "C, the clinic network set up by …", "C was founded by …".
_DESCRIBED = re.compile(
    rf"^(?:, (?:the|a|an) [^,;]{{0,50}}? | (?:was|were|has been|had been) (?:originally |jointly )?){_VERB} by "
)
#: "C, which X started in 2012, …": the founder is the relative clause's subject.
_WHICH = re.compile(rf" {_VERB}\b")  # matched at the name's end
#: A clause a founding opens: "Founded by X, C is now …".
_FRONTED = re.compile(rf"^{_VERB} by ", re.I)
#: A founding said with a doubt, or denied: no founder read.
_DOUBT = doubts("claims?", modals=False)  # "X, who founded Y, will speak at …": the founding still happened
_CUE = re.compile(rf"\b{_VERB}\b", re.I)


def facts(text: str) -> list[Fact]:
    """The founders ``text`` names in passing, each with the organisation they founded."""
    if not _CUE.search(text) or _DOUBT.search(text):
        return []
    names = names_in(text)
    found: list[Fact] = []
    for i in range(len(names)):
        founders = _founders(text, names, i)
        org = _organisation(text, names, i) if founders else None
        if org is not None:
            found += [f for person in founders for f in make_fact(org.text, FOUNDED, person)]
    return found


def _founders(text: str, names: list[Name], i: int) -> list[str]:
    """The founders named at ``names[i]``: "by X", "by X and Y", "by cousins Tariq and Samir Haddad", "which X
    started"; [] when no founding verb marks it."""
    name = names[i]
    if not _BY.search(text[: name.start]) and not (
        text[: name.start].endswith(", which ") and _WHICH.match(text, name.end)
    ):
        return []
    if " " not in name.text:  # "Tariq and Samir Haddad": the given name shares the surname after it
        nxt = names[i + 1] if i + 1 < len(names) else None
        if nxt is None or text[name.end : nxt.start] != " and " or " " not in nxt.text:
            return []
        return [f"{name.text} {nxt.text.split()[-1]}", nxt.text]
    nxt = names[i + 1] if i + 1 < len(names) else None
    both = nxt is not None and text[name.end : nxt.start] == " and " and " " in nxt.text
    if not name.person:  # "founded by three Tampere University students": a description, not the founders
        return []
    return [name.text, nxt.text] if both and nxt is not None else [name.text]


def _organisation(text: str, names: list[Name], i: int) -> Name | None:
    """What the founder founded: the name the phrase describes, or the subject after a fronted "Founded by X,"."""
    name = names[i]
    if _FRONTED.match(text):
        after = [n for n in names[i + 1 :] if text[: n.start].endswith(", ")]
        return after[0] if after and not _BY.search(text[: after[0].start]) else None
    before = [n for n in names[:i] if _DESCRIBED.match(text[n.end : name.start]) or _which(text, n, name)]
    # "St. Angela's College": a name the possessive parts is no whole name of its own
    return before[-1] if before and not re.search(r"'s? $", text[: before[-1].start]) else None


def _which(text: str, org: Name, founder: Name) -> bool:
    return text[org.end : founder.start] == ", which "
