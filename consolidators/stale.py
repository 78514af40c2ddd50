"""What a sentence itself marks as no longer so, or as no one's statement: checks the sieve makes once every
reader's facts are together, because each reader sees only its own clause.

- an old value: a name the sentence calls old, former or ousted ("the old iPhone died", "ousted CEO Henrik
  Solberg", "Former Bayern Munich goalkeeper …") is never a current value, whichever reader took it;
- a relation set off as past: "X, formerly the CEO of Acme, …" (the aside's clause runs from X to Acme), and a
  sentence scoped by "Until 2019, …" with nothing said of now;
- a home the user parts with: "we sold the flat in Rotterdam and bought a place in Utrecht" (Rotterdam was home);
- a holder who leaves in the sentence's own verb: "Sir Alan Pryce, chief executive of Halden Pharma, resigned
  on Friday" names the office he held until then;
- someone else's words or ways: "'I live in Paris,' he said in the film" quotes a speaker, not the user; "my
  whole team writes Scala" is the team's habit; "the library is my second home" is no home;
- an office only sought: "X, who stood for mayor of Y, …" names a candidate, not a holder, unless the sentence
  says the bid was won;
- a trial, not a state: "I tried Nova once", "one Perl script for a legacy job, never again";
- a past holder of the subject's relation, by the parse (:mod:`consolidators.pastholders`): "Ana Lind,
  Corvane's former chief executive, …", "Ana Lind was Corvane's CEO for a decade"; and a link only meant or
  tried ("Halden FC tried to sign Ivo Sand", "a proposal to move the capital to Sarn");
"""

from __future__ import annotations

import re

from .forms import RELATIVES
from .lifeevents import is_occupation
from .pastholders import in_passing
from .phrases import USER
from .types import Fact

#: A word that calls what follows it over. Lower case only inside a sentence ("Old Trafford" is a name).
_OLD = re.compile(r"(?:\b(?:old|former|previous|ousted|outgoing|ex)|(?:^|(?<=[.;:] ))(?:Former|Ousted|Outgoing))[ -]")
#: Words between such a marker and the name that are the name's title ("ousted chief executive Ana Ruiz").
_TITLE_WORDS = frozenset({"chief", "executive", "head", "boss", "coach", "president", "mayor", "minister", "partner"})
#: A past marker that scopes over a relation it runs into without a pause ("formerly the CEO of Acme").
_PAST_WORD = re.compile(r"\b(?:formerly|previously|once|former|until recently)\b", re.I)
_PAST_ASIDE = _PAST_WORD.pattern + r"[^,.;:()—–]*"
#: A sentence opened by the end of the state it tells: "Until 2019, …", "Up until last year …", "Before 2019, …".
_PAST_SCOPE = re.compile(
    r"^(?:until|till|up until|up to|before|prior to) (?:(?:19|20)\d\d|recently|last (?:year|month|week|spring|summer|autumn|winter))\b",
    re.I,
)
#: Who a user's chat names as someone else by "my": kin, friends, the people and the place they work with.
_OTHERS = "|".join(
    sorted(RELATIVES | {"team", "company", "office", "department", "coworkers", "co-workers", "colleagues"})
    + ["friends", "kids", "parents", "family", "roommate", "flatmate", "manager", "school", "uni"]
)
#: "my boss …", "my wife's …": someone else the user names, whose clause may hold the fact's value.
_MY_OTHERS = re.compile(rf"(?<![Mm]e and )(?<!\bI and )(?<![Mm]e & )\b[Mm]y (?:whole |entire )?(?:{_OTHERS}) ")
_NOW = re.compile(r"\b(?:now|currently|today|since|these days|nowadays)\b", re.I)
#: Parting with a home: the place named after it was home, and is no longer.
_PARTED = re.compile(
    r"\b(?:sold|are selling|were selling|moved out of|left|gave up|rented out|are renting out|vacated) (?:the|our|my) "
    r"(?:[a-z-]+ )?(?:flat|apartment|house|home|condo|place|studio|townhouse|cottage) in "
)
#: A holder's own leaving, after their name and at most one apposition ("X, chief executive of Y, resigned").
_LEAVES = (
    r"(?:,[^,;()]{1,80},)? (?:has |had )?(?:resigned|stepped down|quit|retired|left|departed|was (?:ousted|fired"
    r"|sacked|dismissed|removed))\b"
)
#: Relations a holder ends by leaving: the office's value is the person, a post's subject is.
_HELD_BY_OBJECT = frozenset({"ceo", "cto", "president", "mayor", "prime minister", "governor", "chancellor"})
_HELD_BY_SUBJECT = frozenset({"works at", "plays for"})
#: A bid for an office: running, standing or campaigning for it, or a candidacy ("stood for mayor of Y").
_SOUGHT = r"\b(?:ran|runs|run|running|stood|stands|standing|campaigned|campaigns|campaigning|candidate|candidacy|bid) (?:for|as) "
#: What says the bid succeeded: then the office is held after all.
_WON = re.compile(r"\b(?:won|wins|elected|sworn in|took office|takes office)\b", re.I)
#: The words a sentence names an office by, where they differ from the relation's name.
_OFFICE_WORDS = {"ceo": "ceo|chief executive", "prime minister": "prime minister|premier"}
#: A quotation attributed to a speaker after it: '"…," he said', '"…," the actor declared in …'.
_QUOTED_SPEECH = re.compile(
    r"[\"“](?P<said>[^\"”]{3,200})[\"”],? (?:(?:he|she|they|[A-Z][\w'-]+(?: [A-Z][\w'-]+)*|the [\w -]{1,30}?) )"
    r"(?:said|says|declared|declares|wrote|writes|told|tells|asked|shouted|added|announced|insisted|replied)\b"
)


def past_scope(text: str) -> bool:
    """Whether the whole sentence tells a state that ended ("Until 2019, Karl Weber was married to …")."""
    return bool(_PAST_SCOPE.match(text)) and not _NOW.search(text)


def stale(fact: Fact, text: str) -> bool:
    """Whether ``text`` marks ``fact`` as over or as another speaker's (see the module's docstring)."""
    if fact.retract:
        return False
    if fact.subject == USER and _not_the_users(fact, text):
        return True
    if _departed(fact, text) or _only_sought(fact, text):
        return True
    if _called_old(fact.object, text) or _past_aside(fact, text) or _quoted(fact, text):
        return True
    return fact.subject != USER and in_passing(text, fact.subject, fact.object)


def _departed(fact: Fact, text: str) -> bool:
    """A post whose holder the sentence says left it, by their own verb (:data:`_LEAVES`), and left no other
    place by name ("Priya Raghunathan left Infosys in 2022 and now works for Wipro" leaves Wipro standing)."""
    holder, post = (fact.object, fact.subject) if fact.predicate in _HELD_BY_OBJECT else (fact.subject, fact.object)
    if fact.predicate not in _HELD_BY_OBJECT | _HELD_BY_SUBJECT or holder == USER or holder not in text:
        return False
    left = re.search(re.escape(holder) + _LEAVES + r"(?: (?:the )?(?P<place>[A-Z]\S*))?", text)
    return left is not None and (left["place"] is None or post.startswith(left["place"].strip(",.;")))


def _only_sought(fact: Fact, text: str) -> bool:
    """An office its holder is said only to run or stand for ("X, who ran for governor of Y, …", "a candidate for
    mayor of Y"): a candidacy, won or not, gives no office unless the sentence says it was won."""
    if fact.predicate not in _HELD_BY_OBJECT or fact.object not in text or _WON.search(text):
        return False
    office = _OFFICE_WORDS.get(fact.predicate, fact.predicate)
    # the office sought is the fact's when its place follows it ("… for mayor of Y") or comes in it ("… for Y mayor")
    sought = re.search(_SOUGHT + rf"(?:the )?((?:[\w'-]+ ){{0,3}}?)(?:{office})\b(.{{0,40}})", text, re.I)
    return sought is not None and fact.subject.lower() in (sought[1] + sought[2]).lower()


def _not_the_users(fact: Fact, text: str) -> bool:
    """A user's fact the clause naming its value gives to someone else (by a verb: "my wife is Ngozi", "my mother
    tongue is Amharic" and "me and my wife live in Asunción" are the user's), or to a trial or an idiom. Each
    pattern is built per value, so only when its cue word is in the sentence (the consolidator must stay fast)."""
    value = re.escape(fact.object)
    lower = text.lower()
    # the first three patterns need the value word for word: a sentence without it builds none of them
    cued = lower if fact.object in text else ""
    # … unless the user takes it up after ("my boss pays for Fastmail so that's where I do email now")
    mine = (
        "my " in cued
        and _MY_OTHERS.search(text)  # the pattern's fixed opening, compiled once: no "my boss", no pattern to build
        and re.search(_MY_OTHERS.pattern + rf"(?:(?!(?:and|is|was|are|were)\b)[a-z]+ ){{1,3}}?{value}\b", text)
    )
    others = bool(mine) and not (mine and re.search(r"\b(?:I|we)\b", text[mine.end() :]))
    trial = ("tried" in cued or "test" in cued or "trial" in cued) and re.search(
        rf"\b(?:tried|tested|trialled|trialed) {value}\b[^,.;]*?\b(?:once|briefly)\b", text
    )
    over = "never again" in cued and not _NOW.search(text) and re.search(rf"\b{value}\b[^.;]*\bnever again\b", text)
    parted = fact.predicate == "lives in" and _PARTED.search(text) and re.search(_PARTED.pattern + value, text)
    if parted:
        return True
    idiom = fact.predicate == "lives in" and "second home" in lower
    return bool(others or trial or over or idiom and re.search(rf"\b{value}\b[^,.;]*\bsecond home\b", text, re.I))


def _called_old(value: str, text: str) -> bool:
    """An old-value marker before ``value``, with only title words between ("the old iPhone", "ousted CEO X")."""
    if re.match(r"(?:former|ex)\b", value, re.I):  # the reader kept the marker itself in the value
        return True
    at = text.lower().find(value.lower())
    if at <= 0:
        return False
    words = text[:at].split()
    while words and (words[-1].isupper() or words[-1].lower() in _TITLE_WORDS or _a_job(words[-1])):
        words.pop()  # "ousted CEO", "former head coach", "outgoing mayor"
    # "plain old bash", "good old Vim": fondness; "my phone is an old Galaxy S10": age; neither is a former value
    fond = len(words) > 1 and words[-2].lower() in {"plain", "good", "same", "dear", "trusty", "a", "an"}
    return bool(words) and bool(_OLD.fullmatch(words[-1] + " ")) and not fond


def _a_job(word: str) -> bool:
    return word.islower() and is_occupation(word)


def _past_aside(fact: Fact, text: str) -> bool:
    """A third-person relation the sentence sets off as past: a past marker in an unbroken run between the two
    names ("Tariq Haddad, formerly the CEO of Aramex", "X, a former banker at Y")."""
    if fact.subject == USER or not _PAST_WORD.search(text):
        return False
    first, second = sorted((fact.subject, fact.object), key=lambda term: _at(term, text))
    if _at(first, text) < 0:
        return False
    # "X, a former banker at Y," as "X, formerly the CEO of Y": the article opens the same aside
    aside = rf"{re.escape(first)}\b[, ]*(?:(?:a|an|the) )?{_PAST_ASIDE}\b{re.escape(second)}\b"
    return bool(re.search(aside, text, re.I))


def _at(term: str, text: str) -> int:
    return text.lower().find(term.lower())


def _quoted(fact: Fact, text: str) -> bool:
    """A user's fact read from words the sentence quotes as another speaker's."""
    if fact.subject != USER or '"' not in text and "“" not in text:
        return False
    value = fact.object.lower().strip(" ,.")
    return any(value in m["said"].lower() for m in _QUOTED_SPEECH.finditer(text))
