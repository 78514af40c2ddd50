"""A short reply to the assistant's question, read as the statement it answers.

An assistant that asks "Which editor are you on these days?" gets "Helix." back: the fact is in the two turns
together, not in either. This module writes such a reply as the sentence the question implies ("My editor is
Helix.") for the readers, who then apply every rule they apply to a stated fact. Only a plain question about the
user's present ("what/which/where/who … you/your …") is turned around, and only a reply that is a bare name or
noun phrase answers it: a hedge, a refusal, alternatives, a question back or a full sentence (which the readers
read as it is) are left alone. A question about a wish, a plan or the past ("Where would you like to live?")
matches no frame, so its answer states nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from .phrases import USER_ROLES
from .types import Turn

#: Time words that qualify the question without changing what it asks.
_NOW = r"(?: (?:now|these days|nowadays|currently|at the moment|right now|at present|today|day to day|mostly))?"
#: A few words naming the thing asked about ("editor", "password manager", "main programming language").
_NOUN = r"(?P<noun>(?!called\b|named\b)[a-z][a-z-]*(?: (?!called\b|named\b)[a-z][a-z-]*){0,2})"
#: Verbs that say a tool is used without saying for what: the noun asked about names the role.
_TOOL_VERBS = frozenset("use using run running have on".split())
#: Verbs of a present state whose object is the answer ("What languages do you speak?"); any other verb
#: ("recommend", "miss", "learning") asks about something else than what the user has.
_STATE_VERBS = _TOOL_VERBS | {"speak", "drive"}
_EMPLOYERS = "company employer firm organisation organization agency startup"
#: A verb and preposition that place the user, and the nouns that ask for that place: "Which company are you
#: working for?" asks for the employer, "Which client are you working for?" does not.
_PLACED = {
    **{(verb, prep): _EMPLOYERS for verb in ("work", "working") for prep in ("for", "at")},
    **{(verb, "in"): "city town country place" for verb in ("live", "living")},
    **{(verb, "at"): "university school college" for verb in ("study", "studying")},
}
#: Nouns whose "my N is X" names no one relation: a device (its make, or the OS it runs) and a language (spoken
#: or programmed in).
_AMBIGUOUS = re.compile(r"\b(?:laptop|computer|machine|desktop|pc|device|language)\b")
#: Where a verb of living, working or studying puts the answer.
_WHERE = {
    "live": "live in",
    "living": "am living in",
    "based": "am based in",
    "work": "work at",
    "working": "am working at",
    "study": "study at",
    "studying": "am studying at",
    "from": "am from",
}


_YOUR = re.compile(r"\byour\b")


@dataclass(frozen=True)
class _Frame:
    """A question shape and the statements an answer to it makes, most specific first."""

    pattern: re.Pattern[str]
    statements: Callable[[re.Match[str], str], list[str]]


def _which_noun(m: re.Match[str], answer: str) -> list[str]:
    verb, prep, noun = m["verb"], (m["prep"] or "").strip(), m["noun"]
    if m["where"] and (prep or verb not in _TOOL_VERBS):
        return []  # only a tool is used somewhere: "Which client are you working for at Bolt?" asks no role
    if prep:
        if noun.rsplit(" ", 1)[-1] not in _PLACED.get((verb, prep), "").split():
            return []
        return [f"I {'am ' if verb.endswith('ing') else ''}{verb} {prep} {answer}."]
    if verb not in _STATE_VERBS:
        return []
    said = [f"I {'am ' if verb.endswith('ing') or verb == 'on' else ''}{verb} {answer}."]  # "are you on"
    # a tool verb says nothing of the role ("use"), another verb says it all ("speak" a language, not a
    # programming one): the verb's own sentence first unless it is a tool verb
    role = [] if _AMBIGUOUS.search(noun) else [f"My {noun} is {answer}."]
    return role + said if verb in _TOOL_VERBS else said + role


def _used_for(m: re.Match[str], answer: str) -> list[str]:
    """ "I use X to …": only a name answers, since a habit ("A long walk.") is no tool."""
    if not answer[:1].isupper() or re.match(r"(?:an?|the|my|some)\b", answer, re.I):
        return []
    return [f"I use {answer} {_YOUR.sub('my', m['purpose'])}."]


def _your_noun(m: re.Match[str], answer: str) -> list[str]:
    return [] if _AMBIGUOUS.search(m["noun"]) else [f"My {m['noun']} is{m['called'] or ''} {answer}."]


_FRAMES = (
    # "What's your editor now?", "Who is your manager?", "What's your dog called?"
    _Frame(
        re.compile(rf"^(?:what|which|who)(?:'s| is) your {_NOUN}(?P<called> called| named)?{_NOW}\?$"),
        _your_noun,
    ),
    # "What's your dog's name?"
    _Frame(re.compile(rf"^what(?:'s| is) your {_NOUN}'s name{_NOW}\?$"), lambda m, a: [f"My {m['noun']} is {a}."]),
    # "Which editor do you use these days?", "What company are you working for now?"
    _Frame(
        re.compile(
            rf"^(?:what|which) {_NOUN} (?:do|are) you(?: currently| now| mostly| usually)? (?P<verb>[a-z]+)"
            # "… do you use at Bolt?", "… for work?": where a tool is used, which the role doesn't change
            rf"(?P<prep> (?:in|at|for|with|on))?(?P<where> (?:at|for) (?:work|[a-z][\w&.'-]*(?: [a-z][\w&.'-]*)?))?"
            rf"{_NOW}\?$"
        ),
        _which_noun,
    ),
    # "What do you use to keep track of your tasks?", "What do you use for notes?": the purpose names the role
    _Frame(
        re.compile(
            rf"^what do you(?: currently| now| mostly| usually)? use (?P<purpose>(?:to|for) [a-z][a-z' ]*?){_NOW}\?$"
        ),
        _used_for,
    ),
    # "Where do you live now?", "Where are you based?", "Where are you from?"
    _Frame(
        re.compile(rf"^where (?:do|are) you(?: currently| now)? (?P<verb>{'|'.join(_WHERE)}){_NOW}\?$"),
        lambda m, a: [f"I {_WHERE[m['verb']]} {a}."],
    ),
    # "Who do you work for?", "Who are you working for these days?"
    _Frame(re.compile(rf"^who (?:do you work|are you working) for{_NOW}\?$"), lambda m, a: [f"I work for {a}."]),
    # "What do you do for a living?", "What do you do for work now?"
    _Frame(re.compile(rf"^what do you do(?: for (?:a living|work))?{_NOW}\?$"), lambda m, a: [f"I work as {a}."]),
    # "Where did you move to?", "What did you switch to?": the change is the answer
    _Frame(re.compile(r"^where did you (?:move|relocate|end up)(?: to)?\?$"), lambda m, a: [f"I moved to {a}."]),
    _Frame(re.compile(r"^what did you (?:switch|move|migrate) to\?$"), lambda m, a: [f"I switched to {a}."]),
)

#: Words that open a reply which is no answer: a refusal, a hedge, filler, a question back, or a sentence.
_NOT_AN_ANSWER = frozenset(
    "no nope nah none nothing not never dunno idk maybe probably perhaps possibly still either neither depends "
    "hmm um uh er thanks thank thx ok okay k yes yeah yep yup sure lol haha why what who where how which when "
    "i i'm im we we're it it's that this same both anything whatever good fine great nowhere nobody somewhere "
    "someone something kinda sorta guess hard tough can't cant won't wont rather prefer originally formerly "
    "previously usually mostly mainly sometimes around about roughly like from in at on with to by near as "
    "between over under remote hybrid downtown myself home freelance self-employed everywhere online office".split()
)
#: Words that make a reply a sentence or a choice, not a name: the readers take a sentence as it stands.
_CLAUSE_WORDS = frozenset(
    "is are was were am be been being have has had do does did use using used will would could should might may "
    "or and/or vs versus not n't".split()
)
#: A short answer's own qualifiers, cut before it is put in the question's place ("Lisbon, since May").
_QUALIFIER = re.compile(
    r"\s*(?:[,;(—–]| - | since | for (?:the )?(?:last |past )?\w+ (?:years?|months?|weeks?)| now\b"
    r"| these days\b| atm\b| at the moment\b| currently\b).*$",
    re.I | re.S,
)
_END = re.compile(r"[\s.!…]+$")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def answer_of(reply: str) -> str | None:
    """The bare name or noun phrase a reply opens with, or None if the reply is no such answer."""
    first = _SENTENCE.split(reply.strip(), maxsplit=1)[0]
    if "?" in first:
        return None
    value = _END.sub("", _QUALIFIER.sub("", first)).strip(" \"'")
    words = value.lower().replace("’", "'").split()
    if not words or len(words) > 5 or words[0] in _NOT_AN_ANSWER or not _CLAUSE_WORDS.isdisjoint(words):
        return None
    return value if any(ch.isalpha() for ch in value) else None


def question_of(turn_text: str) -> str | None:
    """The question an assistant's turn ends on, lower-case and with plain quotes, if it ends on one."""
    text = turn_text.strip().replace("’", "'")
    if not text.endswith("?"):
        return None
    last = _SENTENCE.split(text)[-1]
    return re.sub(r"\s+", " ", re.sub(r"^(?:(?:and|so|ok|okay|great|cool|nice|got it)[,!.]? )+", "", last.lower()))


def statements(question: str, reply: str) -> list[str]:
    """The statements, most specific first, that ``reply`` makes as an answer to ``question``; [] if none."""
    answer = answer_of(reply)
    if answer is None:
        return []
    for frame in _FRAMES:
        m = frame.pattern.match(question)
        if m is not None:
            return frame.statements(m, answer)
    return []


def answered(turns: Sequence[Turn], read: Callable[[str], bool]) -> list[Turn]:
    """``turns`` with each user reply that answers the assistant's question before it written as the first of
    its statements that ``read`` finds a fact in, followed by the reply as it was."""
    out: list[Turn] = []
    asked: str | None = None
    for turn in turns:
        user = turn.role.lower() in USER_ROLES
        if user and asked is not None:
            said = next((s for s in statements(asked, turn.content) if read(s)), None)
            if said is not None:  # the reply stays whole after it: "Cork, but I live in Dublin now."
                turn = replace(turn, content=f"{said} {turn.content.strip()}")
        asked = None if user else question_of(turn.content)
        out.append(turn)
    return out
