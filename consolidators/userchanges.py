"""Whether a user's sentence says a relation memory holds changed, and to which value.

A sentence names a new value of a held relation only when it is the user's own, present and positive talk that
says something changed or holds now (a cue: "now", "switched", "long live", "is dead"; :func:`says_change`) or
names the old value itself, and the old value is not kept ("back to V", "still on V"). A question, a hedge or a
plan says nothing; a value in a clause that negates it, leaves it, speaks of the past or of someone else is no
new value; two candidates for one relation are a guess, so neither (:func:`changes`). The candidates of the
relation's kind are :mod:`consolidators.changevalues`'; what memory does with a change is
:mod:`consolidators.usermemory`'s.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from spacy.lang.en.stop_words import STOP_WORDS

from . import userplans
from .changevalues import BOUNDARY, LEFT_FOR, candidates
from .lifeevents import SINGLE_PERSONAL, day_ahead
from .nlp_cache import parse_doc
from .plainsentence import plain
from .text import CHAT_HEDGES, OTHER_PEOPLE, PLANNED, UPPER, expand_contractions
from .toolnames import TOOL_ROLES, roles_of

#: The relations read here: the tool roles and the user's personal ones, each single-valued.
RELATIONS = TOOL_ROLES | frozenset(SINGLE_PERSONAL)

#: Something changed, or holds now: the cue a sentence needs unless it names the old value.
_CUE = re.compile(
    r"\b(?:now|nowadays|these days|since|as of|new|newly|latest|switch(?:ed)?|chang(?:ed|e)|mov(?:ed|e)|migrated"
    r"|converted|upgraded|installed|bought|went back|never went back|back (?:on|to|with)|long live|is dead|rip|goodbye|bye|ditched|dropped|replaced|instead"
    r"|caved|settled on|correction|update|officially|promoted|remarried|got married|enrolled|transferred"
    r"|onboarding|day one|first (?:day|week|month)|go-to|daily driver|obsession|over anything|before anything|anymore|any more"
    r"|no longer|from now on|started|joined|signed)\b",
    re.I,
)
#: A move to a new value that nothing keeps the old one through: "X's pricing changed so the builds moved again, to
#: Y" leaves X though no word of X's clause says so.
_MOVED_ON = re.compile(
    r"^(?!.*\b(?:still|stay\w*|kept|keep\w*|also|too|as well)\b).*\b(?:moved|switched|migrated|changed over)"
    r"(?: \w+)?,? (?:to|onto)\b",
    re.I,
)
#: A pronoun's role taken back ("it is not my editor anymore", "that is no longer our queue"): what it names left.
_ROLE_TAKEN_BACK = re.compile(r"\b(?:it|that|this) (?:is|was) (?:not|no longer) (?:my|our)\b", re.I)
#: A change of career said without a change word: "retrained", "qualified", "became".
_CAREER = re.compile(r"\b(?:retrain(?:ed|ing)?|requalified|qualified|became|career change|changed careers)\b", re.I)
#: A question, a hedge, a plan or a wish anywhere in the sentence: it states nothing.
_UNSURE = re.compile(
    rf"\?|\b(?:{CHAT_HEDGES}|probably|should|would(?! (?:take|rather|pick|choose))|want to|wanna|{PLANNED}"
    r"|thinking (?:of|about)|leaning towards?|whether|hope|hoping|tempted|someday|one day|recommend\w*"
    r"|suggest\w*|wants? to|wanted to|eventually|next (?:week|month|year|term|semester)|tomorrow|tonight|soon|later"
    r"|almost|nearly|this weekend|starting (?:on |next |tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|try(?:ing)?|testing|trial"
    r"|for (?:now|today|tonight|the day|a bit|a while)|not sure|rumou?rs?|reportedly|(?-i:may))\b",
    re.I,
)
#: The user's own talk: a first person or chat's lower-case opening; or chat's interjections or a headline ("Nope,
#: Rust these days", "Latest obsession: hojicha.") in a sentence that names no one else (:data:`_THIRD`).
_FIRST = re.compile(r"(?-i:\bI\b|^[a-z])|\b(?:me|my|mine|we|us|our|ours)\b", re.I)
_CHAT = re.compile(
    r"^(?:nope|yep|yeah|yes|no|ok|okay|well|honestly|update|correction|lol|sorry|btw|tbh|also|fyi)\b"
    r"|^[A-Z]?[a-z]+(?: [a-z]+){0,3}:\s",
    re.I,
)
#: Someone else the sentence is about: "my brother uses Kitty now", "new laptop for my son, it runs Windows".
_OTHERS = re.compile(
    rf"\b(?:he|she|his|her|him)\b|\b(?:my|our) (?:new |old |little |big |older |younger )?(?:{OTHER_PEOPLE})s?\b"
    r"|\bits\b",
    re.I,
)
#: A third party a sentence without a first person may be about: "Kenji Mori joined Celtic", "its new CEO".
_THIRD = re.compile(r"\b(?:he|she|his|her|him|they|their|its)\b|\b[{U}][\w'-]+ [{U}][\w'-]+\b".replace("{U}", UPPER))
#: A clause that denies, leaves or looks back on what it names, or is about someone else.
_NOT_NOW = re.compile(
    r"\b(?:not|no|never|n't|no longer|anymore|any more|used to|was|were|had|did|kept|felt|left|quit|ditched|dropped"
    r"|cancel+ed|divorc\w*|dead|rip|goodbye|bye|is over|gone|died|uninstalled|deleted|removed|wiped|mess|nice|fine|overkill|old|former|ex|previous|era|gave up"
    r"|you|they|their|competitor|tried (?:it )?for|for (?:a|one|two|three) (?:day|week|month)s?)\b",
    re.I,
)
#: Words before a value that leave it: "moved off X", "from X", "X → " is read by the arrow.
_LEFT = re.compile(
    r"\b(?:off|from|out of|away from|left|quit|ditched|dropped|leaving|instead of|rather than|than|over|after|bye"
    r"|goodbye|divorce from|replacing|swapped|traded|replaced|wiped|killed|uninstalled|deleted|dumped"
    r"|prefer(?:s|red)? (?:it|this|that|them|\w+) to)\s+(?:(?:the|my|our)\s+)?$",
    re.I,
)
#: What else says the old value went, said of it: "jenkins is history", "handed in my badge at Adyen".
_GONE = re.compile(
    r"\b(?:got|rewritten|replaced|retired|history|behind me|closed|handed in|turned in|gave back|bankruptcy|killed|out"
    r"|chapter|swapped|traded|switched|moved|migrated|wiped|sold|broke|broken|cracked|lost)\b",
    re.I,
)
_ARROW = re.compile(r"\s*(?:→|->|=>)")
#: Just before a value, words that make it the one in use again: "tried it for a day and went back to Neovim" (the
#: trial in its clause was another tool's).
_BACK_TO = re.compile(r"\b(?:went|came|gone|switched|am|is|are|got) back (?:to|on)\s+(?:(?:the|my|our)\s+)?$", re.I)
#: What keeps a clause's "back to" from being done: a denial, a modal, a condition.
_UNDONE = re.compile(r"\b(?:not|never|will|would|might|may|could|should|maybe|if|thinking|considering)\b", re.I)
#: The old value's clause reaches over "and": "Lotte and I divorced".
_WIDE = re.compile(r"[,;:!()]|\.\s|\s[—–-]\s|\s(?:but|so|because|though)\s")
_BORN = re.compile(rf"\bI was (?:actually |really |in fact )born in ([{UPPER}][\w'-]+(?: [{UPPER}][\w'-]+)*)")
_SPOUSE_IS = re.compile(r"\bmy (?:wife|husband|spouse|partner)(?= is\b)", re.I)


@dataclass(frozen=True)
class Change:
    """A relation of the user's and the new value a sentence names for it."""

    predicate: str
    value: str


def says_change(text: str, *, career: bool = False) -> bool:
    """Whether ``text`` says something changed or holds now ("now", "promoted", "switched"); ``career``: a change
    of career said without a change word counts too ("I retrained last year and I'm a paramedic")."""
    return bool(_CUE.search(text) or career and _CAREER.search(text))


def changes(sentence: str, held: dict[str, str]) -> list[Change]:
    """The new values ``sentence`` names for the relations in ``held`` (relation -> the value memory holds)."""
    text = expand_contractions(plain(sentence))
    if not held or _UNSURE.search(text) or day_ahead(text):
        return []  # "my first day at X is Monday": a plan
    if _ROLE_TAKEN_BACK.search(text):
        return []  # "Helix crashed, it's not my editor anymore": a role left, no new value for it
    mine = bool(_FIRST.search(text) or _CHAT.search(text) and not _third(text))
    if not mine:  # "Postgres all the way now": only what the lists know, in a sentence of no one else's
        held = {} if _third(text) else {p: v for p, v in held.items() if p in TOOL_ROLES}
    found: list[Change] = []
    for predicate, old in held.items():
        if predicate not in RELATIONS:
            continue
        if predicate == "born in":  # a correction: "my mum reminded me I was actually born in Assen"
            # the emphasis is the cue, and ``plain`` drops it: read the sentence as said
            born = _BORN.findall(expand_contractions(sentence))
            found += [Change(predicate, b) for b in born if not same(b, old)][:1]
            continue
        named = _mentions(text, old)
        kept = named and not _gone(text, _first(old)) and not _MOVED_ON.search(text)
        if kept or not (named or _CUE.search(text)):
            continue  # the old value said in a clause of its own that keeps it ("Neovim is still my editor")
        if predicate != "married to" and _OTHERS.search(text):  # a spouse is the relation, not someone else
            continue
        said = _SPOUSE_IS.sub(" ", text) if predicate == "married to" else text  # "my wife is W" is no one else's
        values = [
            v
            for v in candidates(predicate, text, named)
            if not same(v, old)
            and not _named_after(v, old)
            and _now(said, v)
            and not _still(said, v)
            and not _someone_elses(said, v, old)
        ]
        values = values if mine else [v for v in values if predicate in roles_of(v)]
        values = list(dict.fromkeys(values))
        if len(values) == 1:
            found.append(Change(predicate, values[0]))
    taken = [c.value.lower() for c in found]
    found = [c for c in found if taken.count(c.value.lower()) == 1]  # one value, two relations: a guess
    # "moving to X on July 1st": a plan. Asked last, as it costs a parse and most sentences name no new value
    return [] if found and userplans.arranges(text) else found


def _third(text: str) -> bool:
    """A pronoun of someone else's, or a person's name (two capitalised words no tool list knows)."""
    return any(not roles_of(m[0]) for m in _THIRD.finditer(text))


def _mentions(text: str, value: str) -> bool:
    """Whether the text names ``value`` itself, not as the head of a longer one ("a senior designer now")."""
    for m in re.finditer(rf"(?<![\w-]){re.escape(_first(value))}(?![\w-])", text, re.I) if value else ():
        if _other_version(value, text[m.end() :]):
            continue
        before = re.search(r"([a-z][\w-]*) $", text[: m.start()])
        if not (value.islower() and before and before[1] not in STOP_WORDS and before[1] not in _BEFORE_OLD):
            return True
    return False


_BEFORE_OLD = frozenset("old former previous ex".split())


def _other_version(value: str, after: str) -> bool:
    """Whether the words after a mention of ``value``'s first word make another name of the family: "Windows 11"
    is no mention of Windows 10, "Pixel 9" none of Pixel 8 (a number or a capitalised word in the place of the
    held value's second word)."""
    rest = value.split()[1:2]
    nxt = re.match(r" ([0-9][\w.]*|[A-Z][\w.+-]*)", after)
    return bool(rest and nxt and nxt[1].lower() != rest[0].lower())


def _first(value: str) -> str:
    """The word a value is mentioned by: "Erasmus" for Erasmus University, the whole of a one-word value."""
    words = value.split()
    return words[0] if len(words) > 1 and len(words[0]) > 3 and words[0][:1].isupper() else value


def same(new: str, old: str) -> bool:
    """One value, said shorter or longer ("Pixel" for Pixel 7, "Erasmus" for Erasmus University)."""
    a, b = new.lower(), old.lower()
    return a == b or a.startswith(b + " ") or b.startswith(a + " ")


def _someone_elses(text: str, value: str, old: str) -> bool:
    """Whether the verb ``value`` hangs from has a named subject that is no tool nor the held value: "Ravi switched
    to 1Password at work and keeps nagging me" is Ravi's change, whatever "me" the sentence holds."""
    first = value.split()[0].lower()
    for tok in parse_doc(text) or ():
        if tok.lower_ != first:
            continue
        verb = next((a for a in tok.ancestors if a.pos_ in ("VERB", "AUX")), None)
        subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")] if verb is not None else []
        # a name the tagger may call a noun ("Ravi" opening the sentence): a capitalised subject no tool list knows
        return any(
            c.text[:1].isupper() and c.pos_ in ("PROPN", "NOUN") and not roles_of(c.text) and c.lower_ != first
            for c in subjects
            if c.lower_ not in old.lower().split()
        )
    return False


def _named_after(new: str, old: str) -> bool:
    """Whether ``new`` is something named after the held value, not another value: "KU Leuven" is a university of
    the Leuven the user lives in."""
    return new.lower().endswith(" " + old.lower())


def _gone(text: str, old: str) -> bool:
    """Whether every mention of the old value is in a clause that leaves it, denies it or looks back on it, or
    is the subject of a verb in the past ("chrome ate all my RAM", "Porto didn't last")."""
    return not _now(text, old, _GONE, _WIDE) or _past_subject(text, old)


def _past_subject(text: str, name: str) -> bool:
    doc = parse_doc(text)
    first = name.split()[0].lower()
    return any(
        t.text.lower() == first and t.dep_.startswith("nsubj") and (t.head.tag_ == "VBD" or _past_aux(t.head))
        for t in doc or ()
    )


def _past_aux(verb: Any) -> bool:
    return any(c.dep_ in ("aux", "auxpass") and c.tag_ == "VBD" for c in verb.children)


def _now(text: str, value: str, gone: re.Pattern[str] | None = None, boundary: re.Pattern[str] | None = None) -> bool:
    """Whether some mention of ``value`` is in a clause that neither leaves it, denies it, nor looks back
    (nor, for ``gone``, says it went: "the Scala service got rewritten")."""
    for m in re.finditer(rf"(?<![\w-]){re.escape(value)}(?![\w-])", text, re.I):
        if _LEFT.search(text[: m.start()]) or _ARROW.match(text, m.end()):
            continue
        clause = next((c for c, s, e in _spans(text, boundary) if s <= m.start() and m.end() <= e), "")
        if _BACK_TO.search(text[: m.start()]) and not _UNDONE.search(expand_contractions(clause)):
            return True  # "… and went back to Neovim": in use again, whatever else the clause tried
        clause = re.sub(rf"{LEFT_FOR}(?=\s+{re.escape(value)})", " ", clause)  # the place left for is no past
        if _NOT_NOW.search(clause) or gone is not None and gone.search(clause):
            continue
        return True
    return False


def _still(text: str, value: str) -> bool:
    """Whether ``value`` is said as held all along ("we're still in Dundee"): no new value of any relation."""
    return (
        re.search(rf"\bstill (?:\w+ )?(?:in|at|on|with|using) (?:(?:the|my|our) )?{re.escape(value)}\b", text, re.I)
        is not None
    )


def _spans(text: str, boundary: re.Pattern[str] | None = None) -> Iterator[tuple[str, int, int]]:
    """The text's clauses with where each starts and ends."""
    start = 0
    for b in (boundary or BOUNDARY).finditer(text):
        yield text[start : b.start()], start, b.start()
        start = b.end()
    yield text[start:], start, len(text)
