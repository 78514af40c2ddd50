"""Whose sentence a user's sentence is: one that speaks of the speaker in a main clause is the speaker's own.

"Freya Lund was born in Tromsø, and funnily enough so was my grandmother", "Hollis Grange studied at the Royal
Northern College of Music, and I wish I'd applied there", "I've got really into Serie A since Dario Melis moved to
Udinese": the sentence is about the speaker (their family, their wish, their taste), and what it tells of
someone else is said on the way, as background the speaker takes for granted, not as a statement of its own.
Memory keeps what a user says of themselves from such a sentence; a third person's relation is kept from
sentences that state it for its own sake. A main clause is the sentence's root or a verb coordinated with it
("…, and I wish …"); its subject is the speaker's when it is "I" or "we", or a person the speaker calls theirs
("my grandmother", "my cousin"). A first person elsewhere leaves the sentence a statement about someone else: in
a relative clause on the value ("Bukayo Saka plays for Arsenal, which is all my eldest talks about"), a
comparison ("not Sydney as my son insists"), a place ("an hour from us"), a possessive on a thing ("my earlier
post was wrong: …") or a quotation ("'I'm not leaving,' said the chef …").

A clause passed on by a hearsay adverb ("Hollis Grange lives in Stockport, apparently", "X reportedly lives in
Y") states nothing of its subject either; the adverb's reach is its own verb's predicate, so a value in the
subject ("The Veloce Racing seat that X occupies was reportedly coveted …") or in a clause nested under it
("X, who directed Y, is reportedly in talks …") is still stated.
"""

from __future__ import annotations

import re
from typing import Any

from . import nlp_cache
from .forms import RELATION_NOUNS
from .lifeevents import is_occupation
from .phrases import USER
from .text import OTHER_PEOPLE
from .types import Fact

_SPEAKER = frozenset({"i", "we"})
_SPEAKERS_OWN = frozenset({"my", "our"})
_PERSON = re.compile(rf"(?:{OTHER_PEOPLE})s?|grand\w+|[a-z]+-in-law|mates?|pals?", re.I)
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl"})
#: Adverbs that pass a claim on rather than make it.
_HEARSAY = frozenset({"apparently", "reportedly", "allegedly", "supposedly", "purportedly", "rumouredly", "rumoredly"})
#: Clauses of their own under a verb: what they say is not in the verb's predicate.
_NESTED = frozenset({"relcl", "acl", "advcl", "ccomp", "xcomp", "csubj", "conj", "parataxis", "appos"})
#: Quotation marks around words someone else says.
_QUOTED = re.compile(r"[\"“”]|^\s*['‘]")


def others_dropped(found: list[Fact], text: str) -> list[Fact]:
    """``found`` without the facts about anyone but the user that ``text``, a user's sentence, tells on the way
    to its own clause or passes on by a hearsay adverb (see the module's docstring)."""
    others = [f for f in found if f.subject != USER]
    if not others:
        return found
    doc = nlp_cache.parse_doc(text)
    if doc is None:
        return found
    if not _QUOTED.search(text) and any(_speakers(verb) for verb in _main_verbs(doc)):
        return [f for f in found if f.subject == USER]
    passed_on = [t.head for t in doc if t.lower_ in _HEARSAY and t.dep_ == "advmod"]
    if not passed_on:
        return found
    return [f for f in found if f.subject == USER or not any(_predicated(doc, text, f.object, v) for v in passed_on)]


def _main_verbs(doc: Any) -> list[Any]:
    """Each sentence's root and the verbs coordinated with it, in any depth ("…, and I wish …")."""
    main = [t for t in doc if t.dep_ == "ROOT"]
    for verb in main:
        main.extend(c for c in verb.children if c.dep_ == "conj" and c.pos_ in ("VERB", "AUX"))
    return main


def _speakers(verb: Any) -> bool:
    """Whether ``verb``'s subject is the speaker or a person the speaker calls theirs ("my grandmother")."""
    for subject in (c for c in verb.children if c.dep_ in _SUBJECTS):
        if subject.lower_ in _SPEAKER:
            return True
        owned = any(c.dep_ == "poss" and c.lower_ in _SPEAKERS_OWN for c in subject.children)
        noun = subject.lower_
        if owned and (_PERSON.fullmatch(noun) or noun in RELATION_NOUNS or is_occupation(noun)):
            return True
    return False


def _predicated(doc: Any, text: str, value: str, verb: Any) -> bool:
    """Whether ``value`` is said in ``verb``'s predicate: under it, neither in its subject nor in a clause of its
    own nested under it."""
    tok = nlp_cache.root_of(text, value)
    if tok is None or tok.doc is not doc:
        return False
    while tok.i != verb.i:
        if tok.head.i == tok.i or tok.dep_ in _SUBJECTS or tok.dep_ in _NESTED:
            return False
        tok = tok.head
    return True
