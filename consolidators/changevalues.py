"""The values of a relation's kind a sentence names: the candidates for the user's new value of it.

:mod:`consolidators.userchanges` decides whether a sentence says a held relation changed; this module says
which values of the relation's kind it names. The kind comes from the vocabulary, not from the sentence's
words: a tool the lists know for the role (:mod:`consolidators.toolnames`), or a name the lists don't know
only in the clause that names the role; a drink, an occupation or a field of study
(:mod:`consolidators.uservalues`); a spouse where a spouse's name stands, a school by its word, a home that is
no stay. A name is enough for a relation whose role or words the sentence names, or whose old value it names.
"""

from __future__ import annotations

import functools
import re

from .nlp_cache import parse_doc
from .rolenouns import ROLE_NOUNS
from .text import DENIED, UPPER, is_word
from .toolnames import TOOL_ROLES, known_names, roles_of
from .userclauses import clauses
from .uservalues import drinks, fields_of_study, occupations

#: "we left Cardiff for Lisbon": the place a home was left for.
LEFT_FOR = r"\b(?:left|swapped|traded|exchanged|ditched) [A-Z][\w'-]*(?: [A-Z][\w'-]*)* for"
BOUNDARY = re.compile(r"[,;:!()]|\.\s|\s[—–-]\s|\s(?:but|so|and|because|though)\s")
#: A verb that takes a tool up, just before it: "caved and got an iPhone 16", "settled on Debian", "runs macOS".
_TAKEN_UP = re.compile(
    r"\b(?:got|bought|installed|switched to|moved to|migrated to|settled on|went with|picked up|upgraded to|using|use"
    r"|runs|running|on|into|to|write|writing|code in|coding in|program in|programming in)\s+(?:(?:an?|the|my|our)\s+)?$",
    re.I,
)
#: Where a spouse's name stands: "my wife is W", "my husband W", "W and I got married", "married W".
_WED = (
    r"\bmy (?:wife|husband|spouse)(?: is)?(?: now)?,? {w}\b|\b{w} and I (?:\w+ )?(?:got married|married|wed|tied the knot)"
    r"|\b(?:married|wed|remarried)(?: to)? {w}\b"
)
_NAME = re.compile(
    rf"(?<![\w'-])[{UPPER}0-9][\w.+&'-]*(?:\s+(?:de|del|la|van|von|der|of)?\s*[{UPPER}0-9][\w.+&'-]*)*"
    rf"|(?<![\w'-])[a-z]+[A-Z][\w.+-]*"
)
#: Capitalised words that are no value: chat's acronyms, days and months, the sentence's own words.
_NOT_NAMES = frozenset(
    "i i'm ok okay lol tbh btw fyi imo rn pls ty ci os ide pr mr ms mrs dr update correction long new rip"
    " monday tuesday wednesday thursday friday saturday sunday january february march april june july august"
    " september october november december".split()
)
#: What names each relation of the user's (besides the tool roles' nouns), and what a value of it is said with.
_ROLE_WORDS = {
    "prefers drink": r"drink|reach for|go-to|obsession|favou?rite|prefer|over anything|before anything|hooked on"
    r"|addicted|converted|switched|daily|mornings?|cups?|brew",
    "works as": r"title|job|role|position|promot\w+|officially|career|gig",
    "works at": r"job|work|working|company|employer|onboarding|badge|joined|signed|hired|offer|day one|first day"
    r"|team|office|colleagues",
    "studies": r"course|major|degree|programme|program|field|subject|studies|studying|switch\w*|transfer\w*|master'?s?"
    r"|phd|bachelor'?s?",
    "studies at": r"enrolled|programme|program|course|degree|studying|transferred|uni|university|campus|semester",
    "married to": r"wife|husband|spouse|married|remarried|wedding",
    "born in": r"born|birthplace",
    "lives in": r"moved|move|relocated|home|flat|apartment|house|lease|living|live|based|settled|landed|unpacked"
    r"|(?:am|are) back in",
}
_VISIT = re.compile(
    r"\b(?:visit\w*|trip|holiday|vacation|weekend|conference|for (?:the|a|two|three|a few|a couple of) (?:days?|nights?|weeks?))\b",
    re.I,
)
_SCHOOL = re.compile(
    r"\b(?:University|Universit\w+|Universidad|TU|College|School|Institute|Academy|Polytechnic|ETH|EPFL)\b"
)
_ROLE_WORD = {p: re.compile(rf"\b(?:{w})\b", re.I) for p, w in _ROLE_WORDS.items()}


def candidates(predicate: str, text: str, named: bool) -> list[str]:
    """Values of ``predicate``'s kind the text names: a known one first; else a name, where the sentence names
    the relation (its role noun, its words) or its old value."""
    if predicate in TOOL_ROLES:
        # a name chat writes as a word ("fish") is the tool where the sentence names its role ("changed my shell")
        said = predicate in _roles_named(text)
        known = [
            m
            for m in _known(text)
            if predicate in roles_of(m[0]) and not (_a_word(m[0].strip()) and not (said and _as_value(text, m)))
        ]
        known = [m for m in known if _role_of_noun(_clause_at(text, m.start())) in (None, predicate)]
        if not (named or predicate in _roles_named(text)):  # only the lists know the role: a verb must take it up
            return [_bare(m[0].strip(), predicate) for m in known if _taken_up(text, m)]
        if known:
            return [_bare(m[0].strip(), predicate) for m in known]
        # a name the lists don't know fills the role only in the clause that names it ("Python only for notebooks"
        # names no notes app in "I program in Go at Halvard")
        in_role = [n for c in clauses(text) if _role_of_noun(c) == predicate for n in _names(c) if not roles_of(n)]
        return in_role or [n for c in clauses(text) if (n := _bare_now(c)) and not roles_of(n)]
    if not (named or _ROLE_WORD[predicate].search(text) or predicate == "works at" and occupations(text)):
        return []  # the old value named says the relation, else its words must
    if predicate == "prefers drink":
        return drinks(text)
    if predicate == "works as":
        return occupations(text)
    if predicate == "studies":
        return fields_of_study(text)
    names = [n for n in _names(text) if not roles_of(n)]
    if predicate == "married to":
        return [n for n in names if re.search(_WED.format(w=re.escape(n)), text)]
    if predicate == "studies at":
        return [n for n in names if named or _SCHOOL.search(n)]
    if predicate == "lives in":  # a home, not a stay: "in Tromsø for the week", "visiting"
        tools = {m[0].strip().lower() for m in _known(text)}  # "moved repos to GitLab" is no home
        at = [
            n
            for n in names
            if n.lower() not in tools and re.search(rf"(?:\b(?:in|to|is)|{LEFT_FOR})\s+{re.escape(n)}", text)
        ]
        return [] if _VISIT.search(text) else at
    if predicate == "works at" and not named:
        return [n for n in names if re.search(rf"\b(?:at|with|joined|work(?:s|ing)? for)\s+{re.escape(n)}", text)]
    return names


def _taken_up(text: str, m: re.Match[str]) -> bool:
    """A verb just before the tool takes it up, or "now" just after it says it is the one ("Rust these days")."""
    return bool(_TAKEN_UP.search(text, 0, m.start()) or _NOW_AFTER.match(text, m.end()))


_NOW_AFTER = re.compile(
    r",?\s+(?:(?:all the way |full[- ]time |exclusively |only )?(?:now|these days|nowadays|from now on)\b(?=\s*(?:[,.;:!—–-]|$))"
    r"|(?:is|are) (?:now )?(?:my|our)\b)",
    re.I,
)


#: A clause that is a name and "now" and nothing else ("we moved the calendar again, Fantastical now"): chat's
#: way of naming the new value of the relation the rest of the sentence speaks of.
_BARE_NOW = re.compile(r"^\s*(?:it's |its |it is )?(?P<name>\S.*?),?\s+(?:now|these days|nowadays)\s*[.!]*\s*$", re.I)


def _bare_now(clause: str) -> str | None:
    m = _BARE_NOW.match(clause)
    name = m["name"].strip() if m else ""
    return name if _NAME.fullmatch(name) and name.split()[0].lower() not in _NOT_NAMES else None


def _a_word(name: str) -> bool:
    """A tool's name chat writes as a word ("bear", "arc", "warp"): without a capital it is the word."""
    return name.islower() and (len(name) <= 2 or is_word(name))


@functools.lru_cache(maxsize=1024)  # asked once per relation memory holds
def _as_value(text: str, m: re.Match[str]) -> bool:
    """Whether the word-like name at ``m`` stands as a value in the parse, not as a word of another phrase: "warp"
    in "warp speed ahead" modifies a noun or takes one as its object, in "…, warp this time" it stands alone."""
    tok = next((t for t in parse_doc(text) or () if t.idx == m.start()), None)
    if tok is None:
        return True
    if tok.dep_ in ("compound", "amod", "nmod") and tok.head.i > tok.i:
        return False
    return not any(c.dep_ in ("dobj", "attr", "oprd") for c in tok.children)


def _known(text: str) -> tuple[re.Match[str], ...]:
    return tuple(known_names(text))


@functools.lru_cache(maxsize=1024)
def _roles_named(text: str) -> frozenset[str | None]:
    """The tool roles the text's clauses name, but not in a clause that denies it: "Fish is still installed, I just
    don't use it as a login shell" names no new shell."""
    return frozenset(_role_of_noun(c) for c in clauses(text) if not DENIED.search(c))


def _clause_at(text: str, start: int) -> str:
    """The clause of ``text`` a value starting at ``start`` stands in: another role's noun there makes the value
    that role's ("my shell is basically Python now" names no programming language)."""
    end = BOUNDARY.search(text, start)
    begin = max((m.end() for m in BOUNDARY.finditer(text, 0, start)), default=0)
    return text[begin : end.start() if end else len(text)]


def _role_of_noun(clause: str) -> str | None:
    """The tool role a word or two of the clause names ("terminal", "password manager", "laptop")."""
    words = re.findall(r"[a-z][\w-]*", clause.lower())
    for n, word in enumerate(words):
        for phrase in (" ".join(words[n : n + 2]), word):
            role = ROLE_NOUNS.get(phrase) or ROLE_NOUNS.get(phrase.removesuffix("s"))  # "switched IDEs"
            if role in TOOL_ROLES:
                return role
    return None


def _names(text: str) -> list[str]:
    out = []
    for m in _NAME.finditer(text):
        words = re.sub(r"'s$", "", m[0].rstrip(".")).split()  # "Chrome's gone": the name is Chrome
        while words and (
            words[0].lower() in _NOT_NAMES or m.start() == 0 and words[0].isalpha() or words[0].lower() == words[0]
        ):  # nor is a word without a capital ("1st")
            words = words[1:]  # a sentence's first word is rarely a name: "Long year.", "Update:"
        if words:
            out.append(" ".join(words))
    return out


def _bare(name: str, predicate: str) -> str:
    """The tool's name without the role noun chat adds in lower case ("zen browser" is Zen; Google Calendar stays)."""
    words = name.split()
    return " ".join(words[:-1]) if len(words) > 1 and words[-1] in predicate.split() else name
