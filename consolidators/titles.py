"""A job title read from the parse: its head noun, the nouns compounded before it, the field it is "of".

Titles rarely end like an occupation ("head of data", "CTO", "VP of sales", "vice president of
engineering"), so a reader that checks only the last word's ending finds none of them. This one
takes the noun the parse gives as what the user is (the attribute of "I'm …", the object of
"promoted to …") and builds the title from the tree: the compounds before it ("vice president",
"staff engineer"), then the field it is "of" ("head of data"; "Head of Data at Lumio" in a title's
capitals). A name after "at" says where the title is held, and so does a name after "of" when no
field is ("CTO of Brightlane"): the employer, never part of the title. :func:`~consolidators.lifeevents.is_occupation` decides whether the whole
is a job (an occupation's ending, or a position word such as "CTO", or "head"/"chief" of a field).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .lifeevents import POSITIONS, is_occupation
from .spans import FORMER, child, is_name
from .text import lemmatise

#: A chief officer's acronym: CEO, CTO, CFO, COO …
_C_LEVEL = re.compile(r"C[A-Z]O")
#: Prepositions whose named object is where a title is held ("of" too, when no field is what the title is of).
_AT = ("at", "for", "with")


@dataclass(frozen=True)
class Title:
    """A title the parse reads on one noun, and the token of the named employer it is held at (if any)."""

    text: str
    employer: Any | None


def title_of(noun: Any, verb: Any | None = None) -> Title | None:
    """The job title ``noun`` heads, or None when it names none. ``verb`` is the clause's verb, whose "at"
    may carry the employer ("I'm CTO at Brightlane")."""
    if any(c.lower_ in FORMER for c in noun.lefts):  # "I'm the former CTO of Brightlane": a post left
        return None
    at = _named_at(noun, verb)
    field = _field(noun, titled=at is not None)
    of = _pobj(noun, "of")
    # a chief officer is of a company, never of a field ("CEO of procrastination"), and a title of something
    # neither field nor name is a joke ("CEO of my household", "CTO of nothing")
    if of is not None and (field is None and not _a_name(of) or field is not None and _C_LEVEL.fullmatch(noun.text)):
        return None
    # "I'm Walker" is a name; "I'm CTO" a post, "I'm a paramedic" or "chief of staff" (an adjective's tag) a job
    if noun.pos_ != "NOUN" and not (noun.lower_ in POSITIONS or child(noun, "det") is not None or field):
        return None
    words = [c.text for c in noun.lefts if c.dep_ == "compound" and not is_name(c)]
    tail = ["of", field] if field else []
    if not is_occupation(" ".join([*words, lemmatise(noun.text, "NOUN"), *tail]).lower()):  # "we're both nurses"
        return None
    return Title(" ".join([*words, noun.text, *tail]), at if at is not None or field else of if _a_name(of) else None)


def held_as(verb: Any) -> Title | None:
    """The title an opening "as" says the user acts in now: "As CTO, I sign off on every hire", "as staff engineer
    I review …". Present tense only ("As a student I lived in Leeds" is a past state); never a title of someone's
    ("As your accountant, …") or one left ("As a former nurse, …")."""
    opening = next((c for c in verb.children if c.lower_ == "as" and c.i == verb.sent.start), None)
    job = child(opening, "pobj")
    if job is None or verb.tag_ not in ("VBP", "VBZ") or child(job, "poss") is not None:
        return None
    if any(c.lower_ in FORMER for c in job.lefts):
        return None
    return title_of(job, verb)


def _field(noun: Any, *, titled: bool) -> str | None:
    """The field a title is of: lower case ("head of data", "VP of customer success"), or in a title's capitals
    when a name after it says where the title is held ("Head of Data at Lumio"); None for a name's "of"."""
    pobj = _pobj(noun, "of")
    if pobj is None or child(pobj, "det") is not None or child(pobj, "poss") is not None:
        return None
    words = [c for c in pobj.lefts if c.dep_ in ("compound", "amod")] + [pobj]
    lower = pobj.pos_ == "NOUN" and all(w.text.islower() for w in words)
    return " ".join(w.text for w in words) if lower or titled and all(w.text.istitle() for w in words) else None


def _named_at(noun: Any, verb: Any | None) -> Any | None:
    """The name a title is held "at", "for" or "with": on the title, on its field, or on the clause's verb."""
    heads = [noun, *(o for p in noun.children if p.dep_ == "prep" for o in p.children if o.dep_ == "pobj")]
    heads += [verb] if verb is not None else []
    places = (_pobj(head, *_AT) for head in heads)
    return next((place for place in places if _a_name(place)), None)


def _pobj(head: Any, *words: str) -> Any | None:
    prep = next((c for c in head.children if c.dep_ == "prep" and c.lower_ in words), None)
    return child(prep, "pobj")


def _a_name(tok: Any | None) -> bool:
    return tok is not None and is_name(tok)
