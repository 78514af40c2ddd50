"""A person the speaker names by how they know them: "My colleague Rashida Okoro lives in Harrogate", "my
manager switched his editor to Zed".

The clause is that person's, never the speaker's, and nothing else in it tells the readers so: a "my" opens it,
so the third-person parse never sees it, and the first-person readers take its change or its tool for the
user's. Read by the parse, the clause's subject is a person noun the speaker owns ("my colleague", "our
neighbour"), with or without a name in apposition. What the readers made of it about the user is dropped, but
for the speaker's own relation to the named person ("my wife Priya": ``married to``); with a name, the same
clause with the name alone for its subject ("Rashida Okoro lives in Harrogate") says what holds of that person,
when the name is a whole one: "my friend Ana" names someone only within the speaker's circle.
A clause that names the speaker again ("… moved in with me", "… set up our router") is left as it was: what it
says may be the speaker's as much as the other person's. So is a copula without a name ("my wife is Priya"):
it names the speaker's relation, not the person's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import takewhile
from typing import Any

from . import nlp_cache
from .describesanother import ANY_FIRST_PERSON
from .lifeevents import is_occupation
from .phrases import USER
from .relations import THIRD_PERSON_PREDICATES
from .text import OTHER_PEOPLE
from .types import Fact

#: Cheap, before any parse: the speaker's possessive and a few lower-case words ("My colleague …", "Our
#: neighbour, …", "my new manager …").
_OPENING = re.compile(r"^(?:[Mm]y|[Oo]ur) (?P<words>(?:[a-z][\w-]*,? ){1,3})")
_PERSON_NOUN = re.compile(rf"(?:{OTHER_PEOPLE})s?|[a-z]+-in-law", re.I)
_SPEAKER = frozenset({"my", "our"})


@dataclass(frozen=True)
class Introduced:
    """A clause about someone the speaker names by relation: their name if given, and what the clause says."""

    name: str | None  # "Rashida Okoro"; None for "my manager"
    rest: str  # "lives in Harrogate."


def introduced(sentence: str) -> Introduced | None:
    """The person ``sentence``'s subject introduces by the speaker's relation to them, or None when its subject
    is not such a person or the rest of it names the speaker."""
    opening = _OPENING.match(sentence)
    if opening is None or not any(_person(w.strip(",")) for w in re.split(r"[ ]", opening["words"].strip())):
        return None
    doc = nlp_cache.parse_doc(sentence)
    span = _subject(doc) if doc is not None and doc[0].lower_ in _SPEAKER else None
    if span is None:
        return None
    rest = doc[span.end :].text.lstrip(" ,")
    words = [t for t in span if not t.is_punct]
    named = list(reversed(list(takewhile(lambda t: t.pos_ == "PROPN", reversed(words)))))
    nouns = words[: len(words) - len(named)]
    if not rest or not nouns or ANY_FIRST_PERSON.search(rest) or any(t.dep_ == "cc" for t in span):
        return None  # "my wife and I moved …" is the speaker's too
    if not _person(nouns[-1].text) and not span.text.lower().split()[-1 - len(named)].endswith("-in-law"):
        return None
    if not named and span.root.head.lemma_ == "be":  # "my wife is Priya": the speaker's relation
        return None
    if not named and not _PERSON_NOUN.fullmatch(nouns[-1].text):  # an "-ster" is no person: "my hamster is …"
        return None
    return Introduced(name=" ".join(t.text for t in named) or None, rest=rest)


def _subject(doc: Any) -> Any:
    """The subject phrase the speaker's possessive opens, up to its verb ("My old flatmate Cosmin Radu", "My
    colleague, Rashida Okoro,"), or None when the possessive is no subject's."""
    tok = doc[0]
    for _ in range(4):  # the possessive's noun, or the name it is compounded into
        if tok.dep_ in ("nsubj", "nsubjpass"):
            break
        tok = tok.head
    verb = tok.head
    if tok.dep_ not in ("nsubj", "nsubjpass") or verb.i <= tok.i:
        return None
    # "My sister-in-law Noor speaks …" may parse as two subjects of the verb: the phrase runs to the last one
    end = max(c.right_edge.i for c in verb.lefts if c.dep_ in ("nsubj", "nsubjpass"))
    span = doc[: end + 1]
    # the phrase is a noun's: descriptors, the relation noun and the name, no verb or clause of its own
    if end >= 8 or any(t.pos_ in ("VERB", "AUX") for t in span):
        return None
    return span


def _person(noun: str) -> bool:
    """Whether a noun names a person ("colleague", "sister-in-law", "dentist"), not something the speaker
    owns ("my company Acme", "my dog Biscuit", "my editor")."""
    return bool(_PERSON_NOUN.fullmatch(noun)) or is_occupation(noun)


def merged(found: Sequence[Fact], sentence: str, read: Callable[[str], Sequence[Fact]]) -> list[Fact]:
    """``found`` without what a clause about someone the speaker names says of the speaker, and with what it
    says of that person by name, read by ``read`` from the clause with the name for its subject."""
    intro = introduced(sentence)
    if intro is None:
        return list(found)
    name = intro.name
    # the speaker's own relation to the person stays ("my wife Priya"); the clause's relation is the person's
    kept = [f for f in found if f.subject != USER or name is not None and name.startswith(f.object)]
    # a first name alone ("my friend Ana") is a name within the speaker's circle, no key memory can answer about
    if name is None or len(name.split()) < 2:
        return kept
    keys = {(f.subject, f.predicate) for f in kept}
    said = read(f"{name} {intro.rest}")
    # only a relation the vocabulary states of a third person: "Ana Kowalczyk has a cat named Pickles" is no fact
    # of hers the corpus keeps ("has pet" is the speaker's), never a bare "has"
    return [
        *kept,
        *(
            f
            for f in said
            if f.subject != USER and f.predicate in THIRD_PERSON_PREDICATES and (f.subject, f.predicate) not in keys
        ),
    ]
