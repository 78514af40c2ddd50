"""The holder of a user's role named beside it, in passing: "my employer, Ostara Health, just announced …",
"our queue, NATS, drops messages", "my employer, a shipping firm called Brindle & Rowe, wants …".

A long chat message mentions the user's employer or a tool on the way to something else (a complaint, a
request); the sentence is about what the employer announced, but the apposition presupposes whose employer it
is. The dependency parse gives the shape: a noun with "my" or "our" (the role) and an apposition that is a name,
or a description of one ("a firm called X"). Only roles whose noun names no person count: an employer, or a
tool role of the chat vocabulary (not "my editor, Sarah, …", who may edit books; not "my laptop, a ThinkPad",
a device rather than its system). A former holder ("my old employer, X") is no current one.
"""

from __future__ import annotations

import re
from typing import Any

from .lifeevents import fact
from .nlp_cache import parse_doc
from .rolenouns import ROLE_NOUNS, role_phrase
from .spans import FORMER, child, is_name, name_text
from .toolnames import TOOL_ROLES, roles_of
from .types import Fact

_MINE = frozenset({"my", "our"})
#: Role nouns that name an employer; the tool roles whose nouns name a program, never a person or a device.
_EMPLOYERS = frozenset({"employer"})
# "my editor, Sarah" names a person; an OS or a cloud is as often a device's or a client's as the user's tool
_TOOL_ROLES = TOOL_ROLES - {"editor", "os", "cloud provider"}
#: Modifiers of a holder that isn't the current one: a past one, or one wished for or still to come.
_OLD = frozenset({"old", "last", "ex", "next", "future", "potential", "prospective", "possible", "dream", "ideal"})
#: Cheap gate: "my" or "our", then one of those roles' nouns and a comma: an apposition may follow.
_ROLE_WORDS = "|".join(
    sorted({*_EMPLOYERS, *(noun for noun, role in ROLE_NOUNS.items() if role in _TOOL_ROLES)}, key=len, reverse=True)
)
_MY_THEN_COMMA = re.compile(rf"\b(?:my|our) (?:[\w-]+ ){{0,2}}(?:{_ROLE_WORDS}),", re.I)
#: A description that names its holder: "a firm called X", "a startup named X".
_NAMING = frozenset({"called", "named"})


#: "my phone (Galaxy S23)", "on our database (MariaDB)": the holder in brackets right after the role's noun, with
#: at most a qualifier of the current holder before the noun (an old or a sister's phone is no match).
_MY_THEN_BRACKET = re.compile(
    rf"\b(?:my|our) (?:(?:new|current|main|daily|usual|trusty) )?(?P<role>{_ROLE_WORDS}) \((?P<name>[^()]{{1,40}})\)",
    re.I,
)
#: A word a bracketed holder's name is made of: a capital, a digit ("s23"), a version's or a model's word.
_NAME_WORD = re.compile(r"(?:[A-Z0-9][\w.+#!-]*|[a-z]*\d[\w.]*)$")


def bracketed(text: str) -> list[Fact]:
    """Each "my <role> (<name>)" of ``text`` as the user's fact of that role: the brackets name the holder
    in passing, as an apposition does ("on my phone (galaxy s23) the widget vanishes"). A lower-case name counts
    only when the tool lists know it, so "my phone (the old one)" names nothing."""
    out: list[Fact] = []
    for m in _MY_THEN_BRACKET.finditer(text):
        predicate = ROLE_NOUNS.get(m["role"].lower())
        name = " ".join(m["name"].split())
        words = name.split()
        if predicate not in _TOOL_ROLES or not words or len(words) > 4:
            continue
        if all(_NAME_WORD.match(w) for w in words) or predicate in roles_of(name):
            out.append(fact(predicate, name, 0.7, attribute=True))
    return out


def facts(text: str) -> list[Fact]:
    """Each "my <role>, <name>," of ``text`` as the user's fact of that role, whatever the sentence asks or
    hedges: "can you email my employer, Kestrel Labs, …" still says whose employer Kestrel Labs is; and each
    "my <role> (<name>)" (:func:`bracketed`)."""
    doc = parse_doc(text) if _MY_THEN_COMMA.search(text) else None
    if doc is None:
        return bracketed(text)
    out = bracketed(text)
    for noun in doc:
        owner = child(noun, "poss")
        appos = child(noun, "appos")
        if owner is None or owner.lower_ not in _MINE or appos is None or _former(noun) or not _argument(noun):
            continue
        predicate = _role(noun)
        value = _named(appos) if predicate is not None else None
        if predicate is not None and value:
            out.append(fact(predicate, value, 0.7, attribute=predicate != "works at"))
    return out


def _role(noun: Any) -> str | None:
    if noun.lower_ in _EMPLOYERS:
        return "works at"
    mods = [c.text for c in noun.lefts if c.dep_ in ("compound", "amod")]
    role = role_phrase(" ".join([*mods, noun.text]))
    return role if role in _TOOL_ROLES else None


def _argument(noun: Any) -> bool:
    """The role noun is what a clause is about or acts on ("my employer, X, announced", "email my employer, X"),
    not an item of a verbless list ("my setup: Firefox as my browser, Thunderbird for mail"), which the parser
    may read as the noun with the next item in apposition."""
    return noun.dep_ in ("nsubj", "nsubjpass", "dobj") or noun.dep_ == "pobj" and noun.head.lower_ not in ("as", "for")


def _former(noun: Any) -> bool:
    """ "my old employer", "my ex-employer", "my previous CI": a holder the role no longer has."""
    return any(c.lower_ in FORMER or c.lower_ in _OLD for c in noun.lefts)


def _named(appos: Any) -> str | None:
    """The name an apposition gives: the name itself, or the one a description is "called" or "named"."""
    if is_name(appos):
        return name_text(appos)
    naming = next((c for c in appos.children if c.dep_ == "acl" and c.lower_ in _NAMING), None)
    called = child(naming, "oprd", "attr", "dobj")
    if called is None or not is_name(called):
        return None
    return str(called.doc[called.left_edge.i : called.right_edge.i + 1].text)
