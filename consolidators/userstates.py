"""The user's states said by their span rather than by a plain present verb: a state held since a time ("I've been
in Rotterdam since 2019", "Since January I've been at Mercado Libre as a data analyst", "Munich since last week",
after a move) and a state that ended ("quit my job at Accenture", "Karim and I divorced in June", "we said goodbye
to our dog Rex", "I dropped out of my architecture degree").

A state held since a time is current: the perfect "have been in/at X" with its start ("since …") or a span of
months or years (days and hours are a stay, not a home). A state that ended is a retraction and never a current
value: the ending verbs of each relation (a pet said goodbye to or rehomed, a marriage dissolved, a course dropped,
a job quit), each with the value it ends named; an ending told as a memory ("when I was twelve") retracts nothing.
Each reading is checked in its own clause (:func:`consolidators.usernews.sure`): a hedge, plan or question there
keeps it from being a fact.

A statement may also sit inside a reason or a reminder (:func:`embedded`): "since I'm a barista I'm very picky",
"you'd remember that I work at Ericsson" are read as the clauses they hold.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .lifeevents import PETS, USER, is_occupation
from .text import UPPER as _UP
from .text import lemmatise
from .toolnames import roles_of
from .toolrules import rule_facts
from .types import Fact

_NAME = rf"(?P<obj>[{_UP}][\w&.'-]*(?: (?:(?:de|do|da|del|di|dos|van|von|der|la|le|of|&) )*[{_UP}0-9][\w&.'-]*)*)"
_WE = r"(?:I|[Ww]e)(?: have)?(?: (?:now|just|officially|finally))?"
#: A start or a span that makes "been in X" a home: "since 2019", "since the pandemic", "for three years".
#: A start within the day or the week, or a span of days, is a stay ("since Monday", "for two days").
_SPAN = re.compile(
    r"\bsince (?!(?:this morning|last night|yesterday|today|tonight|noon|lunch|breakfast|dawn|midnight"
    r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d{1,2}(?::\d\d)? ?(?:am|pm))\b)"
    r"|\bfor (?:(?:about|almost|nearly|over|the (?:last|past)) )?(?:a|an|one|two|three|four|five|six|seven|eight"
    r"|nine|ten|a few|a couple of|several|many|\d+) (?:months?|years?|decades?)\b",
    re.I,
)
_JOB = r"(?P<job>[a-z][a-z-]*(?: [a-z][a-z-]*){0,2}?)(?= since| for| now|[,.;!]|$)"
#: "I've been in Rotterdam since 2019", "we have been living in Auckland for six years".
_BEEN_IN = re.compile(rf"\b{_WE} been (?:living |based |settled )?in {_NAME}")
#: "I've been at Mercado Libre as a data analyst" (its start said anywhere in the clause).
_BEEN_AT = re.compile(rf"\b{_WE} been (?:working )?(?:at|with) (?:the )?{_NAME} as (?:an? )?{_JOB}")
#: "new job, new city — Munich since last week": a place and its start alone, where the message says it moved.
_PLACE_SINCE = re.compile(rf"(?:^|[,;:!.] ){_NAME} since (?:last|this|early|late|the) ")
_MOVED = re.compile(r"\b(?:moved|relocated|new (?:city|town|country|flat|place|home|apartment))\b", re.I)
_STAY = re.compile(r"\b(?:visit\w*|trip|holiday|vacation|hotel|hostel|airbnb|conference|hospital)\b", re.I)

_PET = "|".join(sorted(PETS, key=len, reverse=True))


def _named(n: int) -> str:
    """:data:`_NAME` with its group numbered: a pattern's alternatives each name the value once."""
    return _NAME.replace("(?P<obj>", f"(?P<obj{n}>")


def _pet_named(n: int) -> str:
    """A pet of the user's and its name: "our dog Rex", "my old tabby, Miso"."""
    return rf"(?:my|our) (?:[a-z]+ ){{0,2}}?(?:{_PET}),? (?P<obj{n}>[{_UP}][\w'-]+)"


#: The endings of each relation, each naming the value it ends (a name, or a field of study before its degree). A
#: pet that died, was put down or given away is no longer the user's: memory that kept it would hurt to read.
_ENDED: tuple[tuple[str, re.Pattern[str]], ...] = (
    # "we said goodbye to our dog Rex", "had to put down our cat Miso", "our rabbit Bun died in March"
    (
        "has pet",
        re.compile(
            rf"\b(?i:said goodbye to|say goodbye to|rehomed|put down|lost) {_pet_named(1)}"
            rf"|\b{_pet_named(2)},? (?:(?:has|had|just|sadly|finally|peacefully) )*"
            rf"(?:ran away|was rehomed|went to (?:a )?new home|died|passed away|passed on|was put down|crossed the rainbow bridge)\b"
            rf"|\bput {_pet_named(3)} down\b"
        ),
    ),
    # "Karim and I divorced in June", "my husband Karim and I split up", "I divorced Karim"; "broke up" is said of a
    # couple who dated ("Marisol and I broke up": no spouse, PREDICATES.md), so it ends no marriage
    (
        "married to",
        re.compile(
            rf"(?:^|[,;:] |\b(?:my|our) (?:husband|wife|spouse|partner) )(?P<who>[{_UP}][\w'-]+) and I (?:have )?"
            rf"(?:got |finally |officially )*(?:divorced|separated|split up)\b"
            rf"|\bI (?:have )?(?:got |finally |officially )*(?:divorced|separated from) (?:my (?:husband|wife) )?"
            rf"(?P<who2>[{_UP}][\w'-]+)"
        ),
    ),
    # "I dropped out of my architecture degree", "quit my MSc in data science"
    (
        "studies",
        re.compile(
            r"(?:^|\bI (?:have )?(?:just |finally )?)(?i:dropped out of|quit|gave up|abandoned) (?:my |the )?"
            r"(?:(?P<field>[a-z][a-z ]{2,30}?) (?:degree|course|programme|program|studies|major)"
            r"|(?:degree|course|programme|program|major|MSc|BSc|MA|BA|PhD|master's|bachelor's) in (?P<field2>[a-z][a-z ]{2,30}?)"
            r"(?= at| in|[,.;!]|$))"
        ),
    ),
    # "quit my job at Accenture", "resigned from Ericsson", "I was laid off from Klarna", "handed in my notice at X"
    (
        "works at",
        re.compile(
            rf"(?:^|\bI (?:have |was |got )?(?:just |finally |officially )?)(?i:quit|left|lost) my (?:job|position|role"
            rf"|post|gig) (?:at|with) (?:the )?{_named(3)}"
            rf"|\bI (?:have )?(?:just |finally |officially )?resigned from (?:my (?:job|position|role) at )?(?:the )?{_named(4)}"
            rf"|\bI (?:was|got) (?:just )?(?:laid off|let go|fired|made redundant) (?:from|by|at) (?:the )?{_named(5)}"
            rf"|\b(?:handed|turned) in my (?:notice|resignation) (?:at|with) (?:the )?{_named(6)}"
        ),
    ),
    # "After 8 years I left the Navy and I'm a lorry driver now": a place of work left for a job now held
    (
        "works at",
        re.compile(
            rf"\bI (?:have )?(?:finally |just )?left (?:the )?{_named(7)}(?=.*\bI am (?:now )?an? (?P<now>[a-z]+(?: [a-z]+)?) now\b)"
        ),
    ),
)
_WORDS = re.compile(
    r"\b(?:since|for|goodbye|lost|buried|rehomed|put|died|passed|ran|divorced|separated|split|broke|dropped|quit"
    r"|gave|abandoned|left|resigned|laid|let|fired|redundant|notice|resignation)\b",
    re.I,
)


#: Whether a match's clause states a fact (:func:`consolidators.usernews.sure`, passed in: usernews calls here).
Sure = Callable[[str, re.Match[str]], bool]


def facts(text: str, sure: Sure) -> list[Fact]:
    """The user's states ``text`` (plain, contractions expanded) says began at a time or ended."""
    if not _WORDS.search(text):
        return []
    return _held(text, sure) + _ended(text, sure)


def _held(text: str, sure: Sure) -> list[Fact]:
    found: list[Fact] = []
    m = _BEEN_IN.search(text)
    if m and _SPAN.search(text) and not _STAY.search(text) and not roles_of(m["obj"]) and sure(text, m):
        found += rule_facts(USER, "lives in", m["obj"], 0.8, False, attribute=True)
    m = _BEEN_AT.search(text)
    if m and _SPAN.search(text) and is_occupation(m["job"]) and sure(text, m):
        found += rule_facts(USER, "works at", m["obj"], 0.8, False, attribute=True)
        found += rule_facts(USER, "works as", m["job"], 0.8, False, attribute=True)
    m = _PLACE_SINCE.search(text)
    if m and not found and _MOVED.search(text) and not roles_of(m["obj"]) and sure(text, m):
        found += rule_facts(USER, "lives in", m["obj"], 0.75, False, attribute=True)
    return found


#: An ending told as a memory, long over before the present state: "my old cat Whiskers died when I was twelve".
_LONG_AGO = re.compile(
    r"\b(?:when I was|as a (?:kid|child|teen|teenager)|growing up|years ago|decades ago|in my (?:childhood|twenties|teens)"
    r"|my (?:old|childhood|first) )",
    re.I,
)


_NEW_SPOUSE = re.compile(r"\b(?:married to|my (?:new )?(?:wife|husband|spouse) is|got (?:re)?married)\b", re.I)


def _ended(text: str, sure: Sure) -> list[Fact]:
    if _LONG_AGO.search(text):
        return []
    found: list[Fact] = []
    for predicate, pattern in _ENDED:
        m = pattern.search(text)
        if m is None or not sure(text, m) or predicate in {f.predicate for f in found}:
            continue
        groups = m.groupdict()
        if groups.get("now") and not is_occupation(groups["now"]):
            continue
        if predicate == "married to" and _NEW_SPOUSE.search(text):
            continue  # "Hana and I divorced; I'm married to Selin now": the new marriage is memory's to read
        value = next((v for k, v in groups.items() if v and k != "now"), None)
        found += rule_facts(USER, predicate, value, 0.75, True) if value else []
    return found


#: A reason clause the user gives about themself, up to where the main clause's subject starts: "since I'm a
#: barista I'm very picky", "Since we moved to Hobart I enjoy gardening", "because I work nights, …". Not a
#: condition or a time to come ("as soon as I move", "as long as we live here").
_REASON = re.compile(
    r"^(?P<lead>.*?)\b(?:(?:[Ee]ver )?[Ss]ince|[Bb]ecause|[Cc]ause|[Aa]s(?<!as soon as)(?<!as long as)(?<!as well as)|[Nn]ow that"
    r"|[Gg]iven that|[Ss]eeing as) (?P<sub>(?:I|we)\b\S*(?: \S+)+?)(?:,?\s+(?P<main>(?:it|that|this|I|we|there)\b.*))?$"
)
#: What may come before a reason clause that opens its sentence: a conjunction or a discourse word.
_OPENS = re.compile(r"(?:(?:and|but|so|also|plus|well|oh|btw|ok|okay|honestly|anyway)\W*)*", re.I)
#: What the user reminds of: the complement of a verb of knowing or telling ("I was hoping you'd remember that I
#: work at Ericsson", "you know I live in Quito"); the content is presupposed true, whatever the frame hedges.
_REMINDED = re.compile(
    r"^(?P<lead>.*?)\b(?:remember(?:ed)?|know|knew|forgot|forget|mentioned|told you|said)(?: that)?,? "
    r"(?P<sub>(?:I|we)\b.+)$"
)


#: The speaker identified with "someone who …": "as someone who lives in Tromsø, I …", "speaking as a person who
#: writes Go all day, …": the relative clause is the user's own when the sentence opens with it and its main clause
#: is the user's ("I", "my"), or the phrase says who speaks, or it stands alone (a clause the sentence was cut into);
#: its verb is in the present, in the third person.
_AS_SOMEONE = re.compile(
    r"^(?P<lead>(?:(?:ok|okay|so|well|honestly|and|but)\W+)*(?:(?:speaking|talking) )?)as (?:someone|somebody|a person"
    r"|a guy|a girl|a woman|a man|one) who (?P<verb>[a-z]+s)(?P<rest>(?: (?!I |we )[^ ,;]+)+)"
    r"(?:[,;]?\s+(?P<main>.*))?$",
    re.I,
)
_MAIN_IS_MINE = re.compile(r"^(?:I|we|my|our|me)\b", re.I)


def _as_someone(part: str, sentence: str) -> list[str] | None:
    """The clauses of ``part`` when it identifies the speaker as "someone who …", the relative clause said as "I …";
    only where ``part`` opens ``sentence`` ("my friend, as someone who lives in Oslo, says …" is the friend)."""
    m = _AS_SOMEONE.match(part)
    before = sentence[: max(sentence.find(part), 0)]
    if (
        m is None
        or not _OPENS.fullmatch(before)
        or m["main"]
        and not ("ing" in m["lead"] or _MAIN_IS_MINE.match(m["main"]))
    ):
        return None
    lemma = lemmatise(m["verb"], "VERB")
    said = f"I {'am' if lemma == 'be' else lemma}{m['rest']}"
    return [p.strip(" ,") for p in (said, m["main"]) if p and p.strip(" ,")]


def embedded(part: str, sentence: str = "") -> list[str]:
    """``part`` (of ``sentence``) as the clauses it holds when a reason or a reminder carries a statement about the
    user, or it identifies the user as "someone who …"."""
    said = _as_someone(part, sentence or part)
    if said is not None:
        return said
    m = _REASON.match(part)
    if m and not _OPENS.fullmatch(m["lead"]):  # "X is my editor since I moved …": the main clause's time or reason
        m = None
    m = m or _REMINDED.match(part)
    if m is None:
        return [part]
    return [p.strip(" ,") for p in (m["lead"], m["sub"], m.groupdict().get("main")) if p and p.strip(" ,")]
