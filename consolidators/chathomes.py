"""Where the user lives, read from the parse of their chat: "settled in Tallinn", "moved across the country to
Austin", "signed the lease on a flat in Bilbao and moved in", "got the keys to our new house in Aarau".

One walker of :mod:`consolidators.chatparse`, for the moving verbs. A home noun names its town only where the
parse places it ("a flat in Bilbao", a name the sentence also gives as a place), since "the Airbnb flat" or
"the Nguyen house" names a brand or a family as often as a town; a moved thing that is no home ("moved all my
notes into Logseq") moves no user.
"""

from __future__ import annotations

from typing import Any

from .chatwalk import pobjs, user_fact
from .places import COUNTRIES, DEMONYMS
from .spans import child, is_name, place_in
from .text import lemmatise
from .types import Fact

MOVE_VERBS = frozenset("move relocate settle live".split())
#: Entity kinds a name before a home noun has when it is no town ("the Nguyen house", "the Google flat").
_NOT_TOWNS = frozenset("ORG PERSON PRODUCT NORP".split())
#: How the parser attaches a name before a noun: "the Kendal flat" comes as a compound or, tagged an adjective, amod.
_BEFORE = frozenset("compound amod nmod".split())
_HOME_NOUNS = frozenset("flat apartment house home place condo lease keys key".split())


def moved(verb: Any, lemma: str) -> list[Fact]:
    """ "settled in Tallinn", "moved across the country to Austin", "signed the lease on a flat in Bilbao and moved in"."""
    clause = [verb, *(c for c in verb.children if c.dep_ == "conj")]
    if not any(lemmatise(v.text, "VERB") in MOVE_VERBS for v in clause):
        return []
    moved = child(verb, "dobj")  # "moved all my notes into Logseq" moves a thing, not the user ("moved house" does)
    if lemma in MOVE_VERBS and moved is not None and lemmatise(moved.text, "NOUN") not in _HOME_NOUNS:
        return []
    if lemma == "live" and verb.tag_ not in ("VBP", "VBZ"):
        return []
    for v in clause:
        for o in pobjs(v, "in", "to", "into"):
            place = o if is_name(o) else _home_place(o) if lemmatise(o.text, "NOUN") in _HOME_NOUNS else None
            if place is o and not _placed(o) and _home_after(o):  # "into the Peckham flat" parsed as "into Peckham"
                place = None
            if place is not None and is_name(place):
                return user_fact("lives in", place)
        for d in (child(v, "dobj"),):  # "got the keys to our new house in Aarau and we live there now"
            if d is not None and lemmatise(d.text, "NOUN") in _HOME_NOUNS:
                inner = [place_in(o) for o in pobjs(d, "to", "on", "for") + [d]]
                places = [p for p in inner if is_name(p)]
                if places:
                    return user_fact("lives in", places[0])
    return []


def _home_place(home: Any) -> Any:
    """The place a home noun names: "a flat in Bilbao", or a name before it when something says the name is a place
    (:func:`_placed`): "the Airbnb flat", "the Hackney flat" name a brand, a landlord or a description as often as
    a town, and a home the sentence can't place is no fact."""
    place = place_in(home)
    named = [c for c in home.lefts if c.dep_ in _BEFORE and is_name(c) and not _no_town(c)]
    return place if is_name(place) or len(named) != 1 or not _placed(named[0]) else named[0]


def _home_after(name: Any) -> bool:
    """Whether a home noun follows ``name`` ("the Peckham flat"), whatever the parser attached it to."""
    after = name.doc[name.i + 1] if name.i + 1 < len(name.doc) else None
    return after is not None and lemmatise(after.text, "NOUN") in _HOME_NOUNS


#: The prepositions whose object is a place ("a job in Kendal", "back from Kendal", "the train to Kendal").
_PLACE_PREPOSITIONS = frozenset("in to from near around outside".split())


def _placed(name: Any) -> bool:
    """Whether the parse says ``name`` is a place: an entity of a place's type, a country, or the same name as the
    object of a place's preposition elsewhere in the sentence ("we moved into the Kendal flat, our first home in
    Kendal")."""
    if name.ent_type_ in ("GPE", "LOC") or name.text in COUNTRIES:
        return True
    return any(
        t.i != name.i and t.text == name.text and t.dep_ == "pobj" and t.head.lower_ in _PLACE_PREPOSITIONS
        for t in name.doc
    )


def _no_town(name: Any) -> bool:
    return name.ent_type_ in _NOT_TOWNS or name.text in DEMONYMS  # "the Spanish house" names no town
