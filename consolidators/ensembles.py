"""Who belongs to a band, a choir or an orchestra, read from the parse: "Nadia Khoury plays second violin in
the Cedar Quartet", "Matteo sings in the Cantores Novi Choir", "Pavla joined the Moravian Strings as cellist",
"The Marrow Trio are pianist Lena Vogt, bassist Arne Dahl and drummer Kofi Boateng".

A musician's verb ("play", "sing") with "in", "with" or "for" names a place or a team as often as a group, so
the group must show itself: by its name's last word (:data:`~consolidators.relations.ENSEMBLE_WORDS`:
"Quartet", "Choir"), or by the instrument the verb plays ("plays the kora in Kora Electric"). A list of
names each under a musician's role ("pianist Lena Vogt") is the group's line-up.
"""

from __future__ import annotations

from typing import Any

from .relations import ENSEMBLE_WORDS, HOLDER_ROLES, INSTRUMENTS
from .spans import child, conjuncts, is_name, make_fact, name_text, person, prep_of
from .text import lemmatise
from .types import Fact

#: A group's membership: one person may belong to several.
MEMBERSHIP: tuple[str, bool, str | None] = ("member of", False, "multi")
#: Verbs a musician does in a group.
_MUSICIANS_VERBS = frozenset({"play", "sing", "perform"})
#: Prepositions before the group a musician plays in.
_GROUP_PREPS = frozenset({"in", "with", "for"})


def musicians_relation(verb: Any, lemma: str, prep: str, obj: Any) -> tuple[str, bool, str | None] | None:
    """``member of`` when a musician's verb's "in/with/for" names a group, else None (the table then decides:
    "plays for Ajax" is a team)."""
    if lemma not in _MUSICIANS_VERBS or prep not in _GROUP_PREPS or not is_name(obj):
        return None
    named = [obj, *(c for c in conjuncts(obj) if is_name(c))]  # "plays in both Kagerō and the Osaka Jazz Collective"
    played = child(verb, "dobj")
    instrument = played is not None and lemmatise(played.text, "NOUN") in INSTRUMENTS
    return MEMBERSHIP if instrument or any(an_ensemble(n) for n in named) else None


def instrument_preps(verb: Any) -> list[Any]:
    """The prepositions the parser hangs on a played instrument: "plays the oud *in* Kervan"."""
    played = child(verb, "dobj")
    if lemmatise(verb.text, "VERB") not in _MUSICIANS_VERBS or played is None:
        return []
    if lemmatise(played.text, "NOUN") not in INSTRUMENTS:
        return []
    return [c for c in played.children if c.dep_ == "prep" and c.lower_ in _GROUP_PREPS]


def an_ensemble(name: Any) -> bool:
    """Whether a name's last word names a musical group ("the Cedar Quartet", "Osaka Jazz Collective")."""
    return name_text(name).rpartition(" ")[2] in ENSEMBLE_WORDS


def member_role(noun: Any) -> bool:
    """Whether ``noun`` is a musician's (or a member's) role: "bassist", "cellist", "member"."""
    return noun is not None and HOLDER_ROLES.get(lemmatise(noun.text, "NOUN")) == "member of"


def joined_as_member(verb: Any) -> bool:
    """ "joined Los Tigres del Sur as bassist": the role a joining takes is a place in the group, not a job."""
    return member_role(child(prep_of(verb, "as"), "pobj"))


def line_up(group: Any, first: Any) -> list[Fact]:
    """ "The Marrow Trio are pianist Lena Vogt, bassist Arne Dahl and drummer Kofi Boateng": each name the copula
    lists under a musician's role is a member of the group; a list with no such role is no line-up."""
    if first.dep_ != "attr" or group.dep_ != "nsubj" or not is_name(group, initial=True):
        return []  # only the copula's own list: an apposition of names is no group and its line-up
    listed = [first, *(t for t in first.subtree if t.dep_ in ("appos", "conj") and t.i > first.i)]
    members = [t for t in listed if person(t) and any(member_role(c) for c in t.lefts)]
    return [f for m in members for f in make_fact(m, "member of", group, multi=True)]
