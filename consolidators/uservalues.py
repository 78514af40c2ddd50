"""The values of a user's relation that only their kind tells apart from other words: job titles, drinks and
fields of study, each read from the parse ("I'm officially a product manager", "oat flat white", "switched majors:
data science"). :mod:`consolidators.changevalues` asks these for a relation's new value; a name is read there.
"""

from __future__ import annotations

import re
from typing import Any

from .lifeevents import is_occupation
from .nlp_cache import parse_doc
from .vocabulary import DRINKS, is_drink


def occupations(text: str) -> list[str]:
    """Job titles the sentence gives the user: an occupation's noun, with the nouns before it, where a title
    stands ("I'm officially a product manager", "new title: engineering manager", "work as a nurse")."""
    if not any(is_occupation(w) for w in re.findall(r"[a-z]{3,}", text)):
        return []  # no parse for a sentence without an occupation's word
    doc = parse_doc(text)
    return [
        _phrase(doc, tok)
        for tok in doc or ()
        if tok.pos_ == "NOUN"
        and (tok.dep_ in ("attr", "appos", "oprd", "ROOT") or tok.dep_ == "pobj" and tok.head.text in ("as", "to"))
        and is_occupation(tok.text)
    ]


def drinks(text: str) -> list[str]:
    """Drinks the sentence names, with the words before that make them one ("green tea", "oat flat white")."""
    if not any(w in DRINKS or w == "chocolate" for w in re.findall(r"[a-z][a-z-]*", text.lower())):
        return []
    doc = parse_doc(text)
    return [
        _phrase(doc, t)
        for t in doc or ()
        if (t.text.lower() in DRINKS or is_drink(doc[max(t.i - 1, 0) : t.i + 1].text))
        and (t.dep_ not in ("compound", "amod") or t.head.text in _DRINKERS)
    ]


_DRINKERS = frozenset("person drinker fan girl guy convert addict".split())  # "I've become a matcha person"


def _phrase(doc: Any, tok: Any) -> str:
    """The noun with the compounds and adjectives right before it, qualifiers aside ("my new daily espresso")."""
    start = tok.i
    while start > 0 and doc[start - 1].dep_ in ("compound", "amod") and doc[start - 1].text.lower() not in _QUALIFIERS:
        start -= 1
    return str(doc[start : tok.i + 1].text.lower())


_QUALIFIERS = frozenset(
    "new current official actual first old full-time part-time ok usual daily morning go-to good great nice proper decent"
    " favourite favorite big little".split()
)


_DEGREES = frozenset(
    "master master's masters degree phd bachelor bachelor's bachelors ba ma msc bsc diploma major minor".split()
)
_FIELD_NOUNS = frozenset("course major degree programme program field subject".split())


def _course_moved(verb: Any) -> bool:
    """A verb whose object is the user's course, moved to another field: "switched my major to economics"."""
    switched = re.match(r"(?:switch|chang|swap|transferr)", verb.text.lower()) is not None
    return switched and any(
        c.dep_ == "dobj"
        and c.text.lower().removesuffix("s") in _FIELD_NOUNS
        and any(p.text in ("my", "our") for p in c.children)
        for c in verb.children
    )


_STUDY_VERBS = frozenset("studying doing majoring".split())  # the parse has no lemmas: the forms "now" goes with


def fields_of_study(text: str) -> list[str]:
    """Fields of study the sentence names: what "my course is", "I'm doing … now" or "switched majors: …" holds."""
    doc = parse_doc(text)
    if doc is None:
        return []
    out = []
    for tok in doc:
        head = tok.head
        is_attr = tok.dep_ in ("attr", "acomp") and any(
            c.dep_ == "nsubj" and c.text.lower().removesuffix("s") in _FIELD_NOUNS for c in head.children
        )
        is_object = tok.dep_ in ("dobj", "pobj") and head.text.lower() in _STUDY_VERBS
        is_object |= tok.dep_ == "pobj" and head.text == "in" and head.head.text.lower() in _DEGREES | _STUDY_VERBS
        # "switched my course to urban planning"; a field takes no article ("… to the evening slot" is a time)
        is_object |= (
            tok.dep_ == "pobj"
            and head.text in ("to", "into")
            and _course_moved(head.head)
            and not any(d.dep_ == "det" for d in tok.children)
        )
        if (is_attr or is_object) and tok.pos_ == "NOUN" and tok.text.islower() and tok.text not in _DEGREES:
            out.append(_phrase(doc, tok))
    colon = re.search(
        r"\b(?:switch|chang)\w* (?:my )?(?:courses?|majors?|degrees?|programmes?)\b[^:]*:\s*([a-z][a-z -]+?)\s*$", text
    )
    return out + ([colon[1]] if colon else [])
