"""What every walker over a user's parsed sentence asks of a token, and the fact it gives.

The walkers of :mod:`consolidators.chatparse` (homes, jobs, tools: :mod:`consolidators.chathomes`,
:mod:`consolidators.chatjobs`, :mod:`consolidators.chattools`) ask the same few questions of the parse: the
objects of a verb's prepositions, whether a noun is the user's ("my", "our"), which role it names, the names
it is conjoined with. They all give one kind of fact, about the user, a tool's role as an attribute. These live
here, below every walker, so each asks them alike.
"""

from __future__ import annotations

from typing import Any

from .lifeevents import fact
from .rolenouns import role_phrase
from .spans import child, is_name, name_text
from .types import Fact

#: Predicates that are a person's or a place, not a tool's role (no attribute resolution needed).
PLAIN = frozenset({"likes", "prefers drink", "lives in", "married to", "speaks"})
ME = frozenset({"i", "we"})


def is_mine(tok: Any) -> bool:
    poss = child(tok, "poss")
    return poss is not None and poss.text.lower() in ("my", "our")


def noun_role(noun: Any) -> str | None:
    """The role a noun names ("terminal emulator", "default browser", "drink of choice"), if the vocabulary has it."""
    mods = [c.text for c in noun.lefts if c.dep_ in ("amod", "compound")]
    return role_phrase(" ".join([*mods, noun.text]))


def user_fact(predicate: str, value: Any, *, retract: bool = False) -> list[Fact]:
    """A fact about the user; a tool's role is an attribute (one value at a time)."""
    obj = value if isinstance(value, str) else name_text(value)
    attribute = predicate not in PLAIN and predicate not in ("works at", "works as", "studies", "studies at")
    return [fact(predicate, obj, 0.75, retract=retract, attribute=attribute)]


def conjoined_names(tok: Any) -> list[Any]:
    out = [tok]
    for c in tok.children:
        if c.dep_ == "conj":
            out += conjoined_names(c)
    return [t for t in out if is_name(t)]


def pobjs(verb: Any, *words: str) -> list[Any]:
    """The objects of the verb's prepositions ``words`` (every one when none are given)."""
    preps = [c for c in verb.children if c.dep_ in ("prep", "agent") and (not words or c.text.lower() in words)]
    return [o for p in preps if (o := child(p, "pobj")) is not None]
