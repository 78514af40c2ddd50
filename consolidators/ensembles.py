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

from lemminflect import getAllLemmas  # type: ignore[import-untyped,unused-ignore]

from .relations import ENSEMBLE_WORDS, HOLDER_ROLES, INSTRUMENTS
from .spans import child, conjuncts, is_name, make_fact, name_text, person, prep_of
from .text import lemmatise
from .types import Fact
from .vocabulary import is_time

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
    if an_occasion(verb):
        return None  # "performed with the LSO in 2010", "performs with … tonight": one concert, no membership
    named = [obj, *(c for c in conjuncts(obj) if is_name(c))]  # "plays in both Kagerō and the Osaka Jazz Collective"
    if any(an_ensemble(n) for n in named):
        return MEMBERSHIP
    played = child(verb, "dobj")
    instrument = played is not None and lemmatise(played.text, "NOUN") in INSTRUMENTS
    # an instrument vouches only for a name that shows no other kind: "plays the oud in Kervan", never "plays the
    # piano in the Grand Hotel", "… in the Kreutzer Sonata", "… for the Royal Society", "… for the X benefit"
    return MEMBERSHIP if instrument and not any(another_kind(n) for n in named) else None


def an_occasion(verb: Any) -> bool:
    """Whether the verb tells one performance, not a place in a group: a past "performed", or a point in time
    ("in 2010", "tonight", "on Saturday"). A span ("since 2011", "for ten years") is a membership's length."""
    if lemmatise(verb.text, "VERB") == "perform" and verb.tag_ == "VBD":
        return True
    for c in verb.children:
        if c.dep_ in ("npadvmod", "advmod") and is_time(c.text):
            return True  # "tonight", "yesterday"
        if c.dep_ == "prep" and c.lower_ in ("in", "on", "at"):
            when = child(c, "pobj")
            if when is not None and is_time(" ".join(t.text for t in when.subtree)):
                return True  # "in 2010", "on Saturday"
    return False


def another_kind(name: Any) -> bool:
    """Whether a name shows itself something other than a group: its head a common noun ("the Red Cross
    *benefit*"), or its last word an English noun in the singular ("Grand Hotel", "Royal Albert Hall", "Kreutzer
    Sonata", "Royal Society"). A coined word ("Kervan") or a plural ("the Chili Peppers") is as a band is named."""
    return not name.text[:1].isupper() or names_another_kind(name_text(name))


def names_another_kind(name: str) -> bool:
    """:func:`another_kind` of a name already spelled out: its last word a singular English noun other than a
    group's ("Grand Hotel", "Kreutzer Sonata"), not a group's ("Cedar Quartet"), a coined word or a plural."""
    last = name.rpartition(" ")[2]
    if last in ENSEMBLE_WORDS:
        return False
    return last.lower() in getAllLemmas(last.lower()).get("NOUN", ())


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
    members += [t for t in _named_after_roles(first) if t not in members]
    return [f for m in sorted(members, key=lambda t: t.i) for f in make_fact(m, "member of", group, multi=True)]


def _named_after_roles(first: Any) -> list[Any]:
    """The names the list sets each right after a musician's role, read along the words: the parser may hang
    "bassist Tomas Fry and drummer Ines Kaur" any way ("Fry" a modifier, "drummer" a conjunct), but a role word
    and the proper nouns after it are still one member. A name's last word stands for it."""
    words = list(first.subtree)
    found = []
    for at, role in enumerate(words):
        if not member_role(role):
            continue
        name = []
        for word in words[at + 1 :]:
            if word.pos_ != "PROPN" or member_role(word):
                break
            name.append(word)
        if name and person(name[-1]) and name_text(name[-1]).endswith(name[-1].text):
            found.append(name[-1])
    return found
