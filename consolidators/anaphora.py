"""What the user says of "it" or "that" when the pronoun is the thing their message just named.

"trail running is basically my therapy, I genuinely enjoy it", "I play cello in a band and honestly I adore
it", "my Portuguese is rusty but I speak it every day", "we got the keys to a flat in Porto, so that's home
now": the taste, the language or the home is stated by a pronoun, and the thing it stands for sits in an
earlier clause of the same message. The dependency parse says which:
the nearest earlier subject, object, or standard of comparison ("nothing makes me happier than X") whose
clause is the user's own (its verb is the user's, or it says "my" of the thing), and which fits the verb — a
language for "speak", an activity for a taste (a verbal noun such as "woodworking", or what the user plays or
practises), a named place for "home".

Precision first: the pronoun's verb must be the user's, in the present, neither negated nor hedged ("I'd
love it" is a wish, "I loved it" a memory), and an antecedent that is someone else's ("my son does karate
and I love it") or a definite thing ("the new job", "the building") is no taste of the user's; a "home" with
no "now" is where the user comes from ("I grew up in Leeds, that's home"), not where they live.
"""

from __future__ import annotations

import re
from typing import Any

from .lifeevents import USER, fact
from .nlp_cache import parse_doc
from .rolenouns import role_phrase
from .spans import child, hedged, is_name, name_text, negated
from .statics import LANGUAGES
from .text import lemmatise
from .types import Fact
from .vocabulary import is_time

#: Cheap gate: a taste or speaking verb with "it" for its object somewhere after an "I" or "we"; "that's home";
#: "it is my …", "it has become our …" (a tool's role said of the pronoun).
_IT_OBJECT = re.compile(
    r"\b(?:I|we)\b.*\b(?:love|enjoy|adore|like|speak)s?\b(?: \w+)?? it\b|\b(?:that|it|this)(?: i|')s home\b"
    r"|\b(?:that|it|this) (?:is|has become|became)(?: \w+)? (?:my|our)\b",
    re.I,
)
_TASTES = frozenset({"love", "enjoy", "adore", "like"})
#: Verbs whose object is a pastime the user does ("I play cello", "we practise aikido").
_PRACTISE = frozenset({"play", "practise", "practice", "do"})
_ME = frozenset({"i", "me", "my", "we", "us", "our", "myself"})
_PRESENT = frozenset({"VBP", "VBZ"})
#: Pronouns that point back at a place: "so that's home now", "it's home".
_THAT = frozenset({"that", "it", "this"})


def merged(found: list[Fact], text: str) -> list[Fact]:
    """``found`` with the tastes, languages and home ``text`` states of a pronoun, unless a fact already names them."""
    if not _IT_OBJECT.search(text):
        return found
    have = {(f.predicate, f.object.lower()) for f in found if f.subject == USER}
    new = [f for f in facts(text) if (f.predicate, f.object.lower()) not in have]
    # a tool's role says more than that the user uses it ("I draft in Ulysses, it's my notes app"): the role stays
    roled = {f.object.lower() for f in new if f.replaces_attribute}
    return [f for f in found if not (f.predicate == "uses" and f.object.lower() in roled)] + new


def facts(text: str) -> list[Fact]:
    """The user's tastes, languages and home said of a pronoun, each under the thing the pronoun stands for."""
    doc = parse_doc(text)
    if doc is None:
        return []
    out: list[Fact] = []
    for it in doc:
        verb = it.head
        if it.lower_ in _THAT and it.dep_ == "nsubj" and _home_now(verb):
            place = _nearest(doc, it, _a_place)
            out += [fact("lives in", name_text(place), 0.7)] if place is not None else []
        role = _role_now(verb) if it.lower_ in _THAT and it.dep_ in ("nsubj", "nsubjpass") else None
        if role is not None:  # "I do all my coding in Zed, it's become my editor": the role is the named tool's
            tool = _nearest(doc, it, _a_tool)
            said = tool is not None and _stated(tool) and not _reported(verb)
            out += [fact(role, name_text(tool), 0.7, attribute=True)] if said else []
        if it.lower_ != "it" or it.dep_ != "dobj" or not _the_users_now(verb):
            continue
        lemma = lemmatise(verb.text, "VERB")
        if lemma == "speak":
            language = _nearest(doc, verb, _a_language)
            out += [fact("speaks", language.text.capitalize(), 0.7)] if language is not None else []
        elif lemma in _TASTES:
            pastime = _nearest(doc, verb, _a_pastime)
            out += [fact("likes", _phrase(pastime), 0.7)] if pastime is not None else []
    return [f for f in out if f.object]


def _the_users_now(verb: Any) -> bool:
    """The verb is the user's ("I", "we"), in the present, not negated, not hedged (bar "can speak")."""
    subj = child(verb, "nsubj")
    if subj is None or subj.lower_ not in ("i", "we") or verb.tag_ not in _PRESENT or negated(verb):
        return False
    modal = next((c.lower_ for c in verb.children if c.dep_ == "aux" and c.tag_ == "MD"), None)
    return not hedged(verb) or modal == "can" and lemmatise(verb.text, "VERB") == "speak"


def _home_now(be: Any) -> bool:
    """ "that's home now": "home" said of the pronoun, bare (not "home to", "a home"), in the present, unhedged."""
    home = child(be, "attr")
    return (
        be.lemma_ == "be"
        and be.tag_ in _PRESENT
        and home is not None
        and home.lower_ == "home"
        and not any(c.dep_ in ("det", "poss", "prep") for c in home.children)
        and not negated(be)
        and not hedged(be)
        and any(t.lower_ in ("now", "days") for t in be.subtree)  # "I grew up in Leeds, that's home": an origin
    )


def _role_now(verb: Any) -> str | None:
    """The tool role "it is my …" / "it has become our …" gives the pronoun, in the present, unhedged, unnegated
    ("it was my editor" is a past state, "it could be my editor" a wish, "it's his editor" someone else's)."""
    lemma = lemmatise(verb.text, "VERB")
    # "it's become my editor" expands to "it is become": the parser reads a passive, still a present perfect
    perfect = any(c.dep_ in ("aux", "auxpass") and c.lower_ in ("has", "is", "'s") for c in verb.children)
    attr = child(verb, "attr")
    if not (lemma == "be" and verb.tag_ in _PRESENT or lemma == "become" and perfect) or attr is None:
        return None
    # "…, it's my mail client whether I like it or not": only a "not" before the role denies it
    if hedged(verb) or any(c.dep_ == "neg" and c.i < attr.i for c in verb.children):
        return None
    owner = child(attr, "poss")
    if owner is None or owner.lower_ not in ("my", "our"):
        return None
    role = role_phrase(" ".join(t.text for t in attr.subtree if t.i >= owner.i))
    return role if role not in (None, "married to", "lives in") else None


def _stated(tok: Any) -> bool:
    """The clause naming the tool states what the user does, not a plan or an attempt ("I was gonna try Warp")."""
    verb = tok.head
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    return verb.dep_ != "xcomp" and not hedged(verb)


def _reported(verb: Any) -> bool:
    """ "it's my terminal now, they say": the role is someone else's claim, not the user's statement."""
    if verb.dep_ != "ccomp":
        return False
    subj = child(verb.head, "nsubj")
    return subj is not None and subj.lower_ not in _ME


def _nearest(doc: Any, verb: Any, fits: Any) -> Any:
    """The nearest token before the pronoun's clause that ``fits`` and stands in a clause of the user's."""
    start = verb.i if verb.lower_ in _THAT else child(verb, "nsubj").i  # where the pronoun's clause opens
    for tok in reversed(doc[:start]):
        if tok.dep_ in ("nsubj", "dobj", "pobj") and fits(tok) and _users_clause(tok):
            return tok
    return None


def _users_clause(tok: Any) -> bool:
    """Whether ``tok`` stands in a clause of the user's and is not someone else's ("my son's", "my parents live in
    Cork"): an object's verb is the user's; a subject's clause says "my" of it or of what it is ("X is my therapy")."""
    owner = child(tok, "poss")
    if owner is not None and owner.lower_ not in _ME:
        return False
    if tok.dep_ == "nsubj":
        said = [owner, *(c for c in tok.head.children if c.dep_ in ("attr", "acomp"))]
        return any(t is not None and any(w.lower_ in _ME for w in t.subtree) for t in said)
    verb = tok.head
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head  # "happier than X", "a flat in X": up to the clause's verb
    subj = child(verb, "nsubj")
    return subj is None or subj.lower_ in _ME or any(c.lower_ in ("me", "us") for c in verb.subtree)


def _a_place(tok: Any) -> bool:
    """A place named where the user's home is: "a flat in Porto", "moved to Leeds" (a name, not "the coast",
    nor a time: "in March")."""
    return tok.dep_ == "pobj" and tok.head.lower_ in ("in", "to") and is_name(tok) and not is_time(tok.text)


def _a_tool(tok: Any) -> bool:
    """A program named where the user works in it: "in Zed", "I use Bear" (a name, not a time)."""
    return tok.dep_ in ("dobj", "pobj") and is_name(tok) and not is_time(tok.text)


def _a_language(tok: Any) -> bool:
    return tok.lower_ in LANGUAGES


def _a_pastime(tok: Any) -> bool:
    """An activity one can enjoy: a bare verbal noun ("woodworking", "trail running"), or what one plays."""
    if tok.pos_ not in ("NOUN", "PROPN") or child(tok, "det") is not None:  # "the violin": a thing pointed at
        return False
    if tok.dep_ == "dobj" and lemmatise(tok.head.text, "VERB") in _PRACTISE:  # "I play cello"
        return child(tok, "poss") is None
    return tok.lower_.endswith("ing") and len(tok.text) > 5


def _phrase(tok: Any) -> str:
    """The activity with its modifiers ("trail running", "long-distance cycling")."""
    lefts = [c for c in tok.lefts if c.dep_ in ("compound", "amod")]
    first = min((t.i for c in lefts for t in c.subtree), default=tok.i)
    return str(tok.doc[first : tok.i + 1].text)
