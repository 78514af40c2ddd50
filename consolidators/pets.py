"""The user's pets by name, however the message introduces them: "two cats, Miso and Tofu", "Pepper, my border
collie", "a beagle named Pixel and a tortoise named Gustavo", "I adopted a rabbit, her name's Clementine".

A pet noun the user owns (by "my"/"our", "I have", "we got", "adopted", or a profile's list) and a capitalised
name tied to it: named or called, in apposition, in brackets, before "my <pet>", or in "her/his name is …"
later in the message. Every pet of a list counts. A pet that died or was given away names none here
(:mod:`consolidators.userstates` retracts it), nor do another person's pet and a question.
"""

from __future__ import annotations

import re

from .lifeevents import PET_GONE, PETS, USER, fact, implied_subject
from .nlp_cache import parse_doc
from .regexgate import compiled
from .text import OTHER_PEOPLE, lemmatise
from .types import Fact

_PET = "|".join(sorted({*PETS, *(p + "s" for p in PETS), "puppies", "guinea pigs"}, key=len, reverse=True))
_NAME = r"[A-ZÀ-ÖØ-Þ][\w'-]+(?: [A-ZÀ-ÖØ-Þ][\w'-]+)?"
_NAMES = rf"(?P<names>{_NAME}(?:(?:, | and | & ){_NAME})*)"
#: Words that make a pet the user's: "my cat", "we have a dog", "adopted a rabbit", "the one with the ferret".
_OWNED = re.compile(
    rf"\b(?:(?:my|our) (?:[\w-]+ ){{0,2}}|(?:I|we) (?:have|'ve got|have got|got|adopted|rescued|own|keep)(?: [\w-]+){{0,3}} "
    rf"|(?:adopted|rescued|got) (?:a|an|two|three|another)(?: [\w-]+){{0,2}} |the one with the "
    rf"|(?:I|we) (?:named|called) (?:the|our|my)(?: new)? "  # who names a pet keeps it ("the stray cat": no)
    rf"|(?:one|two|three|four|\d) (?:[\w-]+ )?)(?:{_PET})\b",
    re.I,
)
#: A name chat types in lower case, which only "name is" or "named" can tell from a word: one word, ending the
#: clause ("his name is rolo"), and no word that says the name is still to come ("her name is undecided").
_LOWER_NAME = (
    r"(?P<lower>(?!(?:unknown|undecided|tbd|pending|secret|still|not|a|an|the|too)\b)[a-z][a-z'-]+)(?=\s*(?:$|[,.;:!]))"
)
_ITS_NAME = re.compile(  # "…, her name's Clementine", "his name is rolo"
    rf"\b(?i:her|his|its|their) names?(?: is| are|'s) (?:{_NAMES}|{_LOWER_NAME})"
)
_NAMED_IT = re.compile(rf"\b(?:named|called) (?:him|her|it|them) {_NAMES}")  # "… and the kids named him Spike"
_AFTER_A_PET = (_ITS_NAME, _NAMED_IT)  # these name a pet only after one is mentioned
#: How a message ties a name to a pet.
_TIED = (
    re.compile(rf"\b(?:{_PET}) (?:named|called) {_NAMES}"),  # "a beagle named Pixel"
    re.compile(rf"\b(?:named|called) (?:the|our|my)(?: new)? (?:{_PET}) {_NAMES}"),  # "named the puppy Waffles"
    re.compile(
        rf"\b(?:{_PET}),? \(?{_NAMES}\)?(?=$|[,.;:!)—–-]| [—–-]| (?:and|who|which|is|are|has|have|just)\b)"
    ),  # "two cats, Miso and Tofu"
    re.compile(rf"^{_NAMES}(?:,| \() ?(?:my|our) (?:[\w-]+ ){{0,2}}(?:{_PET})\b"),  # "Pepper, my border collie"
    *_AFTER_A_PET,
)
_A_PET = compiled(rf"\b(?:{_PET})\b|\bnamed? ", re.I)
_SOMEONE_ELSES = re.compile(rf"\b(?:\w+'s|their|his|her) (?:[\w-]+ )?(?:{_PET})\b", re.I)
_NOT_NAMES = frozenset("I Me My Our The A An He She It They We Mum Mom Dad".split())


def merged(found: list[Fact], text: str) -> list[Fact]:
    """``found`` with the user's pets ``text`` names, unless a fact already names them."""
    if "?" in text or not _A_PET.search(text) or PET_GONE.search(text):
        return found
    if not any(_the_users(text, m) for m in _OWNED.finditer(text)) and not _had_among_others(text):
        return found
    if _SOMEONE_ELSES.search(text):
        return found
    # "Our second dog is a beagle named Waffles": a pet read as an open role ("second dog") is a pet
    out = [f for f in found if not (f.subject == USER and f.predicate.split()[-1] in PETS)]
    have = {f.object.lower() for f in out if f.subject == USER}
    for name in _names(text):
        if name.lower() not in have:
            have.add(name.lower())
            out.append(fact("has pet", name, 0.75))
    return out


#: A third person before a bare "adopted a …": "he just adopted a greyhound" is his, chat's dropped "I" is not there.
#: A capitalised word is a subject only where no preposition governs it: "after Christmas adopted a dog", "moved to
#: Leeds, adopted a cat" name a time and a place, and the dropped "I" is still the one who adopted.
_THEIR_TURN = re.compile(
    r"(?<![\w'-])(?P<prep>(?:in|at|to|from|after|before|since|on|of|for|with|near|around|until|over) )?"
    r"(?P<who>he|she|they|[A-Z][a-z]+)(?: (?:just|recently|finally|also|then|has|have|had))* $"
)


def _the_users(text: str, m: re.Match[str]) -> bool:
    """Whether an owning phrase is the user's: a bare "adopted a rabbit" is, unless someone else is its subject."""
    if m.group(0).split()[0].lower() not in ("adopted", "rescued", "got"):  # "my …", "we have …", "I adopted …"
        return True
    who = _THEIR_TURN.search(text[: m.start()])
    return who is None or bool(who["prep"]) or who["who"] in ("I", "We", "Then", "So", "And", "Finally", "Just", "Also")


#: The verbs by which "I" or "we" have a pet: "we've got", "I have", "we adopted".
_HOLD_VERBS = frozenset("have get adopt rescue own".split())


def _had_among_others(text: str) -> bool:
    """Whether a pet is one of the things "I" or "we" have, however long the list before it ("we've got two kids,
    a mortgage and a labrador named …"): the parse ties the pet to the first item the verb takes, where the
    words between are too many for :data:`_OWNED`."""
    doc = parse_doc(text)
    for token in doc if doc is not None else ():
        if token.lower_ not in PETS and token.lower_.removesuffix("s") not in PETS:
            continue
        item = token
        while item.dep_ in ("conj", "appos") and item.head is not item:
            item = item.head
        verb = item.head
        # "no dog named Rex for me", "we've had a car and a dog over the years": none held now
        held_now = verb.tag_ != "VBN" or verb.lower_ == "got"
        if item.dep_ == "dobj" and lemmatise(verb.lower_, "VERB") in _HOLD_VERBS and held_now:
            none = any(c.dep_ == "det" and c.lower_ == "no" for c in item.children)
            return not none and any(c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in verb.children)
    return False


#: Someone else as the subject of the clause a pet is named in: "my in-laws have a cat called Biscotti (and we …)".
_OTHER_OWNER = re.compile(rf"\b(?:my|our) (?:{OTHER_PEOPLE}|in-laws|grandparents?)s?\b|\b(?:he|she|they)\b", re.I)
_CLAUSE_START = re.compile(r".*(?:[,;:]|\band\b|\bbut\b|\bwhile\b|\bwhereas\b)", re.I | re.S)


def _names(text: str) -> list[str]:
    names: list[str] = []
    for pattern in _TIED:
        if pattern in _AFTER_A_PET and not re.search(rf"\b(?:{_PET})\b", text[: text.find("name")], re.I):
            continue  # "her name is …", "named him …" name a pet only after one
        for m in pattern.finditer(text):
            if _someone_elses_clause(text[: m.start()]):
                continue
            said = m["names"] or m.groupdict().get("lower") or ""
            names += [n for n in re.split(r", | and | & ", said) if n not in _NOT_NAMES and n.lower() not in PETS]
    return names


def _someone_elses_clause(before: str) -> bool:
    """Whether the clause that ends at a pet's name has someone else for its owner ("my parents have a dog …")."""
    opened = _CLAUSE_START.match(before)
    return _OTHER_OWNER.search(before[opened.end() if opened else 0 :]) is not None


#: A first sentence in which the user (not a neighbour) gets or has the pet the next sentence names.
_MINE_FIRST = re.compile(
    rf"^(?:(?:so|and|guess what|update|news)\W+)*(?:(?:I|we)\b[^.!?]*|(?:my|our) (?:[\w-]+ ){{0,2}})(?:{_PET})\b", re.I
)


def across(pair: str) -> list[Fact]:
    """A pet the user got in one sentence and named in the next: "We got a second dog! His name is Taco"."""
    pair = implied_subject(pair)  # "Got a hamster yesterday! Her name is …": chat drops the "I"
    if not _MINE_FIRST.match(pair):
        return []
    named = {n for m in _ITS_NAME.finditer(pair) for n in re.split(r", | and | & ", m["names"])}
    return [f for f in merged([], pair) if f.object in named]
