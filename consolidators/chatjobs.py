"""The user's job, read from the parse of their chat: "accepted an offer from X", "I got hired as a barista at X",
"I got promoted to VP of sales", "I'm on the payroll at X", "today was my last day at X".

One walker of :mod:`consolidators.chatparse`, for the verbs and nouns of work. A title gives ``works as`` and
its employer ``works at``; a hiring that is over (turned down, dated by a length or a year) and a last day
still ahead give nothing, and a day of the week is no employer.
"""

from __future__ import annotations

from typing import Any

from .chatwalk import is_mine, pobjs, user_fact
from .lifeevents import day_ahead
from .spans import child, is_name
from .text import lemmatise
from .titles import Title, title_of
from .types import Fact

_JOB_NOUNS = frozenset("job gig role position offer payroll staff team".split())
_LEAVE_VERBS = frozenset("resign quit leave".split())
_HIRE_VERBS = frozenset("hire employ recruit".split())


def titled(title: Title) -> list[Fact]:
    return user_fact("works as", title.text) + (
        user_fact("works at", title.employer) if title.employer is not None else []
    )


def on_payroll(be: Any) -> list[Fact]:
    for o in pobjs(be, "on", "with"):  # "I'm on the payroll at X"
        if lemmatise(o.text, "NOUN") in _JOB_NOUNS:
            return [f for at in pobjs(o, "at", "of") if is_name(at) for f in user_fact("works at", at)]
    return []


def job(verb: Any, lemma: str) -> list[Fact]:
    """ "accepted an offer from X", "started a new gig at X", "I begin at X", "resigned from X", "make a living as"."""
    if lemma in _LEAVE_VERBS:
        return [f for o in pobjs(verb, "from") if is_name(o) for f in user_fact("works at", o, retract=True)]
    if lemma in _HIRE_VERBS and child(verb, "auxpass") is not None:  # "I got hired as a barista at X"
        return [] if _over(verb) else _hired(verb, verb)
    dobj = child(verb, "dobj")
    noun = lemmatise(dobj.text, "NOUN") if dobj is not None else ""
    if lemma == "get" and noun in ("job", "gig", "position", "role") and pobjs(dobj, "as"):
        return [] if _over(verb) else _hired(dobj, verb)  # "I got a job as a nurse at St Mary's"
    if lemma == "promote" and child(verb, "auxpass") is not None:  # "I got promoted to VP of sales"
        return [f for o in pobjs(verb, "to") if (t := title_of(o, verb)) is not None for f in titled(t)]
    if lemma in ("make", "earn") and noun == "living":  # "I make a living as a translator"
        return [f for o in pobjs(verb, "as") for f in user_fact("works as", o.text)]
    # "I got the job at Klarna" (an offer got is not yet accepted)
    got_job = lemma == "get" and noun in ("job", "gig", "position", "role")
    if (
        got_job
        or lemma in ("accept", "start", "begin", "land", "take")
        and (noun in _JOB_NOUNS or lemma in ("start", "begin"))
    ):
        places = [o for o in pobjs(verb, "at", "from", "with") + (pobjs(dobj, "at", "from", "with") if dobj else [])]
        return [f for o in places[:1] if is_name(o) for f in user_fact("works at", o)]
    return []


#: What says a hiring is long past: a length or a year ("for a decade", "in 2010").
_SPAN_NOUNS = frozenset("year years decade decades month months".split())


def _over(verb: Any) -> bool:
    """Whether a hiring is no job now: a second event follows it ("… but turned it down", "… and retired in
    2020"), or a time when ("when I was 22"), a length or a year dates it ("for a decade", "in 2010")."""
    for c in verb.children:
        if c.dep_ == "conj" and c.pos_ in ("VERB", "AUX") or c.dep_ == "advcl" and child(c, "advmod") is not None:
            return True
        o = child(c, "pobj") if c.dep_ == "prep" and c.lower_ in ("for", "in") else None
        if o is not None and (o.lower_ in _SPAN_NOUNS or o.like_num and len(o.text) == 4):
            return True
    return False


def _a_day(tok: Any) -> bool:
    return tok.lower_ in _DAYS


_DAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())


def _hired(head: Any, verb: Any) -> list[Fact]:
    """The job a hiring gives ("as a barista", "as head of data": a title) and the employer ("by Monzo", "at
    Beanstalk", said after the verb or after the job)."""
    titled = [(o, t) for o in pobjs(head, "as") if (t := title_of(o, verb)) is not None][:1]
    titles = [t for _, t in titled]
    where = [*pobjs(verb, "by", "at", "with"), *(p for job, _ in titled for p in pobjs(job, "at", "with"))]
    employer = next((t.employer for t in titles if t.employer is not None and not _a_day(t.employer)), None)
    # "hired … by the Jensens next door for Saturday": a day is no employer
    employer = employer if employer is not None else next((o for o in where if is_name(o) and not _a_day(o)), None)
    return [f for t in titles for f in user_fact("works as", t.text)] + (
        user_fact("works at", employer) if employer is not None else []
    )


def last_day(sent: Any) -> list[Fact]:
    """ "Today was my last day at X": the user no longer works there; "my first day at X": now they do."""
    for tok in sent:
        edge = next(
            (c.lower_ for c in tok.children if c.dep_ == "amod" and c.lower_ in ("last", "final", "first")), None
        )
        if tok.text.lower() == "day" and edge is not None and is_mine(tok):
            if day_ahead(sent.text):  # "my last day at X is Friday": a plan until that day
                return []
            left = edge != "first"
            places = pobjs(tok, "at", "with") or pobjs(tok.head, "at", "with")  # "at X" may hang off "was"
            return [f for o in places if is_name(o) for f in user_fact("works at", o, retract=left)]
    return []
