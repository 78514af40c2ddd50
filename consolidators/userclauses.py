"""The clauses of a user's chat sentence, and what each says of the user before any reader binds in it.

Every reader of the user's own chat (the role anchors of :mod:`consolidators.roles`, tastes, learning, apps,
memory's changes) asks the same questions of a clause first: where it ends ("and" only before a word that is
no name), whether it asks, hedges, plans, speaks of the past or of someone else (:func:`refused`), whether it
denies or gives up what it names (:func:`negated`), and whether the message is the user's own talk at all
(:func:`the_users_talk`). They live here, apart from any one reader, so that each reader asks them alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .forms import KIN_PATTERN
from .text import CHAT_HEDGES, PASTS

#: Where a clause ends; "and" only before a word that is no name ("X is my editor and I'm happy"), since
#: "Thunderbird is my email client and Bear my notes app" names both inside one.
_ACROSS = re.compile(
    r"[,;]|[!?](?!\w)|\s[—–]\s|\.\s|\s(?:but|so|because|although|though|while)\s|\s(?=(?:if|unless)\s)"
    r"|\sand\s(?=[a-z]|I\b|I')"
)
#: What makes a denial a giving-up: without one, "not" or "never" says the tool was not (or never) the user's
#: ("Python is not my main language", "I never learned Rust"), so there is nothing held to take back.
GIVE_UP = (
    r"no longer|anymore|any more|stop(?:ped|ping)?|quit(?:ting)?|ditch(?:ed|ing)?|drop(?:ped|ping)?|g[ia]ve up|giving up"
    r"|(?:got|get|getting) rid of|uninstall(?:ed|ing)?|delet(?:ed|ing)|abandon(?:ed|ing)?"
)
_NEGATED = re.compile(
    rf"\b(?:not(?! (?:laugh|judge|ask|worry|hate)\b| @)|never|{GIVE_UP})\b|n't\b(?! (?:laugh|judge|ask|worry|hate|@))",
    re.I,
)  # "(don't laugh)", "don't judge": a word to the listener ("don't @ me") denies nothing
_REFUSED = re.compile(
    rf"\b(?:{CHAT_HEDGES}|probably|should|would|want to|wanna|plans? to|planning(?= (?:to|on|a|an|the|my|our|for)\b)"
    rf"|thinking (?:of|about)|{PASTS}|previously|back then|tempted|try|tried|trying"
    r"|trial|testing|evaluating|looking (?:at|into)|curious|hope|hoping)\b|\?",
    re.I,
)


def clauses(sentence: str) -> Iterator[str]:
    # an aside is a clause of its own: "kitty is my terminal now (not the cat, the terminal lol)" denies no terminal
    text = re.sub(r"\s*\)", ",", re.sub(r"\s*\(\s*", ", ", sentence))
    # "my phone, a Fairphone 5, …", "my phone (an old-ish Pixel 6a)": a name in apposition is its noun's clause
    text = re.sub(r",\s+(?=(?:which|that) (?:is|'s)\b|an? (?:[a-z-]+ )?[A-Z])", " ", text)
    for part in _ACROSS.split(text):
        part = part.strip(" .")
        if part:
            yield part


#: A clause about someone else: "you use Redis for the queue" is no fact about the user.
_OTHERS = re.compile(
    rf"\b(?:you|your|he|she|they|his|her|their)\b|\b(?:my|our|a) (?:(?:best|close|old|good) )?(?:(?:{KIN_PATTERN})s?|boyfriend|girlfriend"
    r"|flatmate|roommate|coworker|neighbou?r|(?:team )?lead|manager|teammate|intern|cto|ceo|client)\b(?! and I\b)",
    re.I,
)


#: Someone else only as the causer of what the user did: "my lead made me switch", "our manager asked us to move",
#: "a friend got me to try": the user is still the one who switched.
_CAUSER = re.compile(
    rf"(?:{_OTHERS.pattern}) (?:(?:finally|just|eventually) )?(?:made|makes|got|gets|had|asked|forced|convinced"
    r"|persuaded|pushed|talked) (?:me|us)\b(?: (?:in)?to\b)?",
    re.I,
)


def refused(clause: str) -> bool:
    """A clause that asks, hedges, plans, speaks of the past or of someone else: it binds nothing."""
    return bool(_REFUSED.search(clause) or _OTHERS.search(_CAUSER.sub("I", clause)))


#: Words that make a message the user's own talk ("so you can reply in it", "fwiw", "student here"): a
#: subjectless "Fluent in Korean, …" or "Big fan of jazz, …" without them may be about a name that follows.
_SPEAKER = re.compile(
    r"\b(?:I|I'm|we|we're|my|our|me|you|your|please|pls|reply|answer|feel free|fwiw|tbh|btw|honestly)\b"
    r"|\bhere(?:[,.!]|$)",
    re.I,
)


def the_users_talk(text: str) -> bool:
    """Whether ``text`` says by its words that the user is speaking of themselves or to the assistant."""
    return bool(_SPEAKER.search(text))


def negated(clause: str) -> bool:
    """A clause that denies or gives up what it names ("I'm not a coffee person", "stopped using Hey")."""
    return bool(_NEGATED.search(clause))
