"""A change the user has arranged but not made: the present progressive with a time still ahead.

English states an arrangement in the present progressive or the plain present with a time to come: "I'm joining
Corvex in May", "I start at Halvorsen on Monday", "we move to Dunedin after Easter". The tense alone is no evidence
("I'm working at Corvex these days" holds now), and neither is a time alone ("since May" is past): the two
together are. A time to come is a point the verb's phrase names: a month, a weekday, a season, a feast or a day
of the month ("the 3rd of May") after "in", "on", "from" or "after", "tomorrow", "soon", "tonight", "next
<anything>", "in <n> days/weeks/months", or a clause of what must happen first ("once my notice ends").

A change the sentence then says fell through ("we moved to Bergen, but the flat fell through", "… but the sale
collapsed") was not made either: the user's new values in it are nothing.

What such a verb's phrase names is nothing yet, unless the sentence also takes back the relation's old value
outside it: "my last day at X was Friday and I'm starting at Y on Monday" is a completed switch.
"""

from __future__ import annotations

import re
from typing import Any

from .forms import norm
from .nlp_cache import normalised, parse_doc
from .phrases import USER
from .text import MONTHS, WEEKDAYS, lemmatise
from .types import Fact

_SEASONS = frozenset("spring summer autumn fall winter".split())
_POINTS = frozenset(w.lower() for w in (*MONTHS, *WEEKDAYS)) | _SEASONS
_AHEAD = frozenset("tomorrow soon tonight".split())
#: Feasts and breaks a change is put after ("after Easter", "after the holidays"): points of the calendar too.
_FEASTS = frozenset("easter christmas xmas holidays holiday break ramadan eid new year diwali".split())
#: "3rd", "14th": a day of the month, the point itself ("on the 14th").
_DAY = re.compile(r"^\d{1,2}(?:st|nd|rd|th)$")
#: The markers of a clause that must happen before the change: "once my notice ends", "after the sale closes".
_FIRST = frozenset("once after".split())
#: The present forms a plan is said in: the progressive's auxiliary, or the plain present ("I start on Monday").
_PRESENT = frozenset("VBP VBZ".split())
_SPANS = frozenset("days weeks months day week month".split())
_PRESENT_BE = frozenset({"am", "are", "is", "'m", "'re"})
#: A verb's dependents that are no part of its phrase: its subject ("my husband Tomasz is cooking tonight" arranges
#: no husband) and the clauses joined to it ("… and the deadline is in May").
_OWN_CLAUSES = frozenset("nsubj nsubjpass conj cc advcl ccomp parataxis punct".split())


def unplanned(found: list[Fact], text: str) -> list[Fact]:
    """``found`` (one user sentence's facts) without the user's facts an arranged change names."""
    mine = [f for f in found if f.subject == USER]
    if not mine:
        return found
    if not _may_arrange(text):  # no parse: most of a session's sentences aren't in the batch's (a parse of its own)
        return found
    doc = parse_doc(text)
    if doc is None:
        return found
    if any(_fell_through(t) for t in doc):
        return [f for f in found if f.subject != USER or f.retract]
    if any(_starts_there(v) for v in doc):  # the sentence's place of work or study is where a start lies ahead
        return [f for f in found if f.subject != USER or f.retract or f.predicate not in _STARTED_AT]
    ahead = [v for v in doc if _arranged(v)]
    if not ahead:
        return found
    planned = {t.i for v in ahead for c in v.children if c.dep_ not in _OWN_CLAUSES for t in c.subtree}
    words = {t.i: norm(t.text) for t in doc}
    done = {f.predicate for f in mine if f.retract and not _within(f.object, words, planned)}
    return [
        f
        for f in found
        if f.subject != USER or f.predicate in done and not f.retract or not _within(f.object, words, planned)
    ]


#: Every word a reading below turns on: a time to come (:func:`_ahead`: a point, a feast, a span, "next"), a clause
#: of what must happen first (:func:`_first`) or the "but" of a change that fell through. A day of the month
#: ("from the 2nd") is a digit.
_CUES = tuple(sorted(_POINTS | _AHEAD | _SPANS | _FEASTS | _FIRST | {"next", "but"}))


def _may_arrange(text: str) -> bool:
    """Whether the parse of ``text`` could hold a token :func:`unplanned` acts on: a token is a piece of the text
    the parser is given, so a cue that is no part of it in any case is in no token either."""
    low = normalised(text).lower()
    return any(cue in low for cue in _CUES) or any(ch.isdigit() for ch in low)


def _within(value: str, words: dict[int, str], span: set[int]) -> bool:
    """Whether ``value``'s first word is said inside ``span`` (token indexes)."""
    first = norm(value).split()[:1]
    return bool(first) and any(words[i] == first[0] for i in span)


def arranges(text: str) -> bool:
    """Whether ``text`` arranges a change for a time still ahead anywhere in it ("… signed the lease yesterday and
    move on July 1st"): a reader that reads the whole sentence rather than a verb's phrase says nothing of it."""
    if not _may_arrange(text):
        return False
    doc = parse_doc(text)
    return doc is not None and any(_arranged(v) or _dated_present(v) for v in doc)


def _arranged(verb: Any) -> bool:
    """A present progressive ("am joining") or plain present ("join") whose phrase names a time still ahead; or
    any present ("I'm a data engineer") its clause opens with a start still ahead ("from the 1st of September")."""
    if verb.tag_ in _PRESENT and any(_opens_ahead(c, verb) for c in verb.children):
        return True
    progressive = verb.tag_ == "VBG" and any(c.dep_ == "aux" and c.lower_ in _PRESENT_BE for c in verb.children)
    if not progressive:  # the plain present arranges too ("I start at Y on Monday"), but a completed switch says
        return False  # it with the old value's take-back a reader may miss, and "quit X in August" parses as present
    if any(_first(c) for c in verb.children):  # "once my notice ends": the change waits for it
        return True
    near = [c for c in verb.children if c.dep_ not in _OWN_CLAUSES]
    # not a later clause's time; and the plain present's "in (the) summer" is a habit ("a cold brew beats anything
    # in the summer"), where the progressive's is an arrangement
    return any(
        _ahead(t) and _in_phrase(t, verb) and (progressive or not _in_a_season(t)) for c in near for t in c.subtree
    )


#: The relations a start is made at: "accepted an offer at X, I start there in May" has not begun at X.
_STARTED_AT = frozenset({"works at", "works as", "studies at", "studies"})


def _starts_there(verb: Any) -> bool:
    """A start that points back at the sentence's place ("there") with a time still ahead in its phrase, in any
    tense that looks forward: "… I'm supposed to start there next month", "I'll begin there in June"."""
    if lemmatise(verb.lower_, "VERB") not in ("start", "begin") or not any(c.lower_ == "there" for c in verb.children):
        return False
    if verb.tag_ in ("VBD", "VBN"):  # "I started there on Monday" is done
        return False
    return any(_ahead(t) and _in_phrase(t, verb) for c in verb.children for t in c.subtree)


#: The words a clause's start is opened with: "from the 1st", "starting Monday", "as of next month".
_OPENERS = frozenset("from starting beginning as effective".split())


def _opens_ahead(opener: Any, verb: Any) -> bool:
    """A phrase before ``verb`` that says from when its clause holds, a time still ahead: "from the 1st of
    September I'm a data engineer", "starting Monday, I'm a product manager", "as of next month I work at X"."""
    if opener.i > verb.i or opener.lower_ not in _OPENERS or opener.dep_ not in ("prep", "advcl", "npadvmod"):
        return False
    return any(
        _ahead(t) or t.lower_ == "next" or t.lower_ in _POINTS or _DAY.match(t.lower_)
        for t in opener.subtree
        if t.i != opener.i
    )


#: Verbs whose plain present is also their past ("quit X in August"): their tense says no arrangement.
_PAST_ALIKE = frozenset("quit put set cut let hit shut split spread read cast cost hurt bet".split())


def _dated_present(verb: Any) -> bool:
    """A plain present joined to a past ("we signed the lease yesterday and move on July 1st") whose phrase names
    a time still ahead: the change signed for is still to come."""
    if verb.tag_ not in ("VB", "VBP") or verb.dep_ != "conj" or verb.head.tag_ != "VBD":
        return False
    if verb.lower_ in _PAST_ALIKE or any(c.dep_ in ("aux", "auxpass") for c in verb.children):
        return False
    return any(
        _ahead(t) and _in_phrase(t, verb) for c in verb.children if c.dep_ not in _OWN_CLAUSES for t in c.subtree
    )


def _in_a_season(tok: Any) -> bool:
    return bool(tok.lower_ in _SEASONS and tok.head.lower_ == "in")


def _first(clause: Any) -> bool:
    """A present-tense clause of what must happen before ("once the lease ends", "after the sale closes")."""
    marked = any(c.dep_ == "mark" and c.lower_ in _FIRST for c in clause.children)
    return clause.dep_ == "advcl" and clause.tag_ in _PRESENT and marked


def _in_phrase(tok: Any, verb: Any) -> bool:
    """Whether no other verb stands between ``tok`` and ``verb`` ("the deadline is in May" has its own)."""
    head = tok.head
    while head.i != verb.i and head.head.i != head.i:
        if head.pos_ in ("VERB", "AUX"):
            return False
        head = head.head
    return bool(head.i == verb.i)


def _ahead(tok: Any) -> bool:
    """A word that names a time to come: "tomorrow", "next week", "in June", "on Monday", "in two weeks"."""
    if tok.lower_ in _AHEAD and tok.dep_ in ("advmod", "npadvmod"):
        return True
    if tok.lower_ == "next" and tok.dep_ == "amod" and tok.head.dep_ in ("npadvmod", "pobj"):
        return True
    if tok.dep_ != "pobj" or tok.head.lower_ not in ("in", "on", "from", "after"):
        return False
    if tok.head.lower_ == "after":  # "after Easter", "after the summer": a change put after a point of the calendar
        return tok.lower_ in _POINTS or tok.lower_ in _FEASTS
    if tok.lower_ in _POINTS or _DAY.match(tok.lower_) and tok.head.lower_ != "in":  # "on the 3rd (of May)"
        return True
    return tok.lower_ in _SPANS and tok.head.lower_ == "in" and any(c.dep_ == "nummod" for c in tok.children)


#: Verbs that say an arrangement came to nothing: "fell through", "collapsed".
_FAILED = frozenset({"collapse"})


def _fell_through(verb: Any) -> bool:
    """A clause joined by "but" that says the change came to nothing ("but the flat fell through")."""
    if verb.dep_ != "conj" or not any(c.lower_ == "but" for c in verb.head.children):
        return False
    lemma = lemmatise(verb.lower_, "VERB")
    through = any(c.lower_ == "through" for c in verb.children)
    negated = any(c.dep_ == "neg" for c in verb.children)
    return (lemma == "fall" and through or lemma in _FAILED) and not negated
