"""The user's changes said in passing, read with what memory already holds.

Chat rarely says "my terminal is now Ghostty". It says "tried Ghostty and never went back", "jenkins is dead,
long live GitHub Actions", "these days I reach for chai", "I'm with Mollie since the 1st". Alone such a
sentence names no relation; read with memory it does: when the user holds a value V for a single-valued
relation R (an active fact, or one said earlier in the session), a present, positive, first-person mention of
ANOTHER value W of R's kind, in a sentence that says something changed or holds now (or that names V itself),
is R's new value.

W's kind comes from the vocabulary, not from the sentence's words: the tool lists (:mod:`consolidators.toolnames`)
and role nouns (:mod:`consolidators.roles`), the drinks (:data:`consolidators.vocabulary.DRINKS`), the
occupations (:func:`consolidators.lifeevents.is_occupation`); a name is enough for a relation whose role the
sentence names, or whose old value it names. What another reader read of the relation in the turn stands, unless
it is only the old value beside a part of the new one (a swap misread).

Precision first: a question, a hedge or a plan says nothing; a value in a clause that negates it, leaves it,
speaks of the past or of someone else is no new value; two candidates for one relation are a guess, so neither;
the old value is never the new one, and a sentence that keeps it ("back to V", "still on V") changes nothing.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from spacy.lang.en.stop_words import STOP_WORDS

from . import userplans
from .forms import norm
from .lifeevents import SINGLE_PERSONAL, day_ahead
from .nlp_cache import parse_doc
from .phrases import USER, USER_ROLES
from .rolenouns import ROLE_NOUNS, plain_use
from .text import CHAT_HEDGES, OTHER_PEOPLE, UPPER, expand_contractions, is_word, split_sentences
from .toolnames import ROLES, known_names, roles_of
from .toolrules import rule_facts
from .triples import plain
from .types import ActiveFact, Fact, Turn, by_turn
from .userclauses import clauses
from .uservalues import drinks, fields_of_study, occupations

TOOL_ROLES = frozenset(ROLES)
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
    rf"\?|\b(?:{CHAT_HEDGES}|probably|should|would(?! (?:take|rather|pick|choose))|want to|wanna|plan(?:s|ning)? to"
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
#: "we left Cardiff for Lisbon": the place a home was left for.
_LEFT_FOR = r"\b(?:left|swapped|traded|exchanged|ditched) [A-Z][\w'-]*(?: [A-Z][\w'-]*)* for"
_BOUNDARY = re.compile(r"[,;:!()]|\.\s|\s[—–-]\s|\s(?:but|so|and|because|though)\s")
#: The old value's clause reaches over "and": "Lotte and I divorced".
_WIDE = re.compile(r"[,;:!()]|\.\s|\s[—–-]\s|\s(?:but|so|because|though)\s")
_BORN = re.compile(rf"\bI was (?:actually |really |in fact )born in ([{UPPER}][\w'-]+(?: [{UPPER}][\w'-]+)*)")
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
_SPOUSE_IS = re.compile(r"\bmy (?:wife|husband|spouse|partner)(?= is\b)", re.I)
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
    "lives in": r"moved|move|relocated|home|flat|apartment|house|lease|living|live|based|settled|landed|unpacked",
}
_VISIT = re.compile(
    r"\b(?:visit\w*|trip|holiday|vacation|weekend|conference|for (?:the|a|two|three|a few|a couple of) (?:days?|nights?|weeks?))\b",
    re.I,
)
_SCHOOL = re.compile(
    r"\b(?:University|Universit\w+|Universidad|TU|College|School|Institute|Academy|Polytechnic|ETH|EPFL)\b"
)
_ROLE_WORD = {p: re.compile(rf"\b(?:{w})\b", re.I) for p, w in _ROLE_WORDS.items()}


@dataclass(frozen=True)
class Change:
    """A relation of the user's and the new value a sentence names for it."""

    predicate: str
    value: str


def revised(facts: list[Fact], active: Sequence[ActiveFact], turns: Sequence[Turn]) -> list[Fact]:
    """``facts`` (the session's, in turn order) with the changes the user's turns name for relations memory
    holds, each after its turn's other facts (a later turn's value is the later one)."""
    held = held_values(active)
    out: list[Fact] = []
    groups, unsourced = by_turn(facts, turns)
    for turn, stated in groups:
        if turn.role.lower() in USER_ROLES:
            stated = [f for f in stated if not _part_given_up(f, turn.content)]
        given_up = _roles_given_up(stated, held)
        stated = stated + given_up
        out += stated
        mine = [f for f in stated if f.subject == USER and f.predicate in RELATIONS]
        found = list(_turn_changes(turn.content, held)) if turn.role.lower() in USER_ROLES else []
        for f in mine:
            held.pop(f.predicate, None) if f.retract else held.__setitem__(f.predicate, f.object)
        for change, old in found:
            # a role emptied here only because its tool was given up is no reading of the role: the value the
            # sentence names replaces it ("gave up Bitwarden and went back to KeePass")
            others = [f for f in mine if f.predicate == change.predicate and f not in given_up]
            if not _replaceable(others, old.lower(), change.value.lower()):
                continue  # another reader read it, or read another value: it read the sentence more closely
            out = [
                f
                for f in out
                if not (
                    f.subject == USER
                    and f.predicate == change.predicate
                    and (not f.retract and f in mine or f in given_up)
                )
                and not (f in stated and change.predicate in TOOL_ROLES and plain_use(f, change.value))
            ]
            new = rule_facts(USER, change.predicate, change.value, 0.8, False, attribute=True)
            out += [replace(f, valid_from=turn.ts, event_ids=(turn.event_id,)) for f in new]
            held[change.predicate] = change.value
        if turn.role.lower() in USER_ROLES:
            out += [
                replace(f, valid_from=turn.ts, event_ids=(turn.event_id,)) for f in _uses_changed(turn, active, out)
            ]
    return out + unsourced  # a fact no turn sourced: where it was, at the end


def _uses_changed(turn: Turn, active: Sequence[ActiveFact], out: list[Fact]) -> list[Fact]:
    """A tool memory holds as a plain use that the turn gives up for another of the role both fill: the new one in
    its place, as a plain use too ("switched to Notion for my tasks" … "I ditched Notion, everything lives in
    Obsidian now")."""
    used = {norm(f.object) for f in out if f.subject == USER and f.predicate in TOOL_ROLES | {"uses"}}
    found: list[Fact] = []
    for a in active:
        if a.subject != USER or a.predicate != "uses" or len(roles_of(a.object)) != 1:
            continue
        role = next(iter(roles_of(a.object)))
        for sentence in split_sentences(turn.content):
            for change in changes(sentence, {role: a.object}):
                if role in roles_of(change.value) and norm(change.value) not in used:
                    found += rule_facts(USER, "uses", change.value, 0.8, False)
                    used.add(norm(change.value))
    return found


def _roles_given_up(stated: list[Fact], held: dict[str, str]) -> list[Fact]:
    """The roles a tool given up held: "quit Evernote" said of the user's notes app leaves the notes app empty, though
    the sentence named no role (the readers took back only the plain ``uses``)."""
    out: list[Fact] = []
    for f in stated:
        if f.subject != USER or not f.retract or f.predicate != "uses":
            continue
        for role, value in held.items():
            named = any(g.predicate == role for g in stated if g.subject == USER)
            # the held value itself, not a longer name holding it: "gave up Firefox Nightly" leaves Firefox
            whole = _same(f.object, value) and len(f.object.split()) <= len(value.split())
            if role in TOOL_ROLES and not named and whole:
                out.append(replace(f, predicate=role, object=value))
    return out


def _part_given_up(f: Fact, content: str) -> bool:
    """Whether ``f`` takes back a tool the user gave up only a part, a variant or one place of: "gave up on Firefox
    sync", "gave up Bitwarden premium", "stopped using Firefox on my phone" leave the tool in use."""
    if f.subject != USER or not f.retract or f.predicate != "uses":
        return False
    first = f.object.split()[0].lower()
    mentions = [t for s in split_sentences(content) for t in parse_doc(s) or () if t.text.lower() == first]
    return bool(mentions) and all(_not_whole(t, len(f.object.split())) for t in mentions)


#: Nouns by which a user holds the whole of a service: "cancelled my Spotify subscription", "deleted my Dropbox
#: account" give the service up, where "Firefox sync" or "Neovim plugins" are a part of it.
_WHOLE = frozenset("subscription subscriptions account accounts membership plan licence license seat".split())


def _not_whole(tok: Any, width: int) -> bool:
    """Whether the name at ``tok`` (``width`` words long) modifies a longer noun phrase ("Firefox Nightly",
    "Neovim plugins"), or its verb is restricted to a place of the user's ("on my phone")."""
    last = tok.doc[min(tok.i + width - 1, len(tok.doc) - 1)]
    modified = last.dep_ in ("compound", "amod", "nmod") and last.head.i > last.i
    if modified and last.head.pos_ in ("NOUN", "PROPN") and last.head.lower_ not in _WHOLE:
        return True
    heads = [tok.head] if tok.dep_ != "pobj" else [tok.head, tok.head.head]
    return any(
        p.dep_ == "prep" and p.lower_ in ("on", "in", "at", "from") and _owned(p) for h in heads for p in h.children
    )


def _owned(prep: Any) -> bool:
    """A preposition's object that is one place the user owns: "on my phone", "at our office"; not all of them
    ("deleted Dropbox from all my machines" gives it up everywhere)."""
    return any(
        o.dep_ == "pobj"
        and o.tag_ != "NNS"
        and any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in o.children)
        and not any(c.lower_ in _EVERY for c in o.children)
        for o in prep.children
    )


_EVERY = frozenset("all every each both any".split())


def _replaceable(said: list[Fact], old: str, new: str) -> bool:
    """Whether what other readers said of the relation in the turn is none, or the old value (kept or given up)
    with a part of the new one ("swapped the Pixel for an iPhone 15" read as Pixel and iPhone; "a senior designer
    now" as designer). A part alone is their reading ("a good chai" read as chai), the old value alone a keeping
    ("day 3 at Spotify, too many Slack channels")."""
    values = {f.object.lower() for f in said if not f.retract}
    parts = {v for v in values if new.startswith(v + " ") or new.endswith(" " + v)}
    olds = {f.object.lower() for f in said if _same(f.object.lower(), old)}
    return not said or parts | olds >= values and bool(olds) and bool(parts)


def held_values(active: Sequence[ActiveFact]) -> dict[str, str]:
    """The user's latest active value of each relation read here."""
    ordered = sorted(
        (a for a in active if a.subject.lower() == USER and a.predicate.lower() in RELATIONS),
        key=lambda a: a.valid_from.timestamp() if a.valid_from else float("-inf"),
    )
    return {a.predicate.lower(): a.object for a in ordered}


def says_change(text: str, *, career: bool = False) -> bool:
    """Whether ``text`` says something changed or holds now ("now", "promoted", "switched"); ``career``: a change
    of career said without a change word counts too ("I retrained last year and I'm a paramedic")."""
    return bool(_CUE.search(text) or career and _CAREER.search(text))


def _turn_changes(content: str, held: dict[str, str]) -> Iterator[tuple[Change, str]]:
    """The turn's changes, each with the value it replaces."""
    for sentence in split_sentences(content):
        for change in changes(sentence, held):
            yield change, held[change.predicate]


def changes(sentence: str, held: dict[str, str]) -> list[Change]:
    """The new values ``sentence`` names for the relations in ``held`` (relation -> the value memory holds)."""
    text = expand_contractions(plain(sentence))
    if not held or _UNSURE.search(text) or userplans.arranges(text) or day_ahead(text):
        return []  # "moving to X on July 1st", "my first day at X is Monday": a plan
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
            found += [Change(predicate, b) for b in born if not _same(b, old)][:1]
            continue
        named = _mentions(text, old)
        kept = named and not _gone(text, _first(old)) and not _MOVED_ON.search(text)
        if kept or not (named or _CUE.search(text)):
            continue  # the old value said in a clause of its own that keeps it ("Neovim is still my editor")
        if predicate != "married to" and _OTHERS.search(text):  # a spouse is the relation, not someone else
            continue
        said = _SPOUSE_IS.sub(" ", text) if predicate == "married to" else text  # "my wife is W" is no one else's
        values = [v for v in _candidates(predicate, text, named) if not _same(v, old) and _now(said, v)]
        values = values if mine else [v for v in values if predicate in roles_of(v)]
        values = list(dict.fromkeys(values))
        if len(values) == 1:
            found.append(Change(predicate, values[0]))
    taken = [c.value.lower() for c in found]
    return [c for c in found if taken.count(c.value.lower()) == 1]  # one value, two relations: a guess


def _third(text: str) -> bool:
    """A pronoun of someone else's, or a person's name (two capitalised words no tool list knows)."""
    return any(not roles_of(m[0]) for m in _THIRD.finditer(text))


def _candidates(predicate: str, text: str, named: bool) -> list[str]:
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
        return [n for c in clauses(text) if _role_of_noun(c) == predicate for n in _names(c) if not roles_of(n)]
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
            if n.lower() not in tools and re.search(rf"(?:\b(?:in|to|is)|{_LEFT_FOR})\s+{re.escape(n)}", text)
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
    return frozenset(_role_of_noun(c) for c in clauses(text) if not _DENIES.search(c))


_DENIES = re.compile(r"\b(?:not|never|no longer)\b|n't\b", re.I)


def _clause_at(text: str, start: int) -> str:
    """The clause of ``text`` a value starting at ``start`` stands in: another role's noun there makes the value
    that role's ("my shell is basically Python now" names no programming language)."""
    end = _BOUNDARY.search(text, start)
    begin = max((m.end() for m in _BOUNDARY.finditer(text, 0, start)), default=0)
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


def _mentions(text: str, value: str) -> bool:
    """Whether the text names ``value`` itself, not as the head of a longer one ("a senior designer now")."""
    for m in re.finditer(rf"(?<![\w-]){re.escape(_first(value))}(?![\w-])", text, re.I) if value else ():
        before = re.search(r"([a-z][\w-]*) $", text[: m.start()])
        if not (value.islower() and before and before[1] not in STOP_WORDS and before[1] not in _BEFORE_OLD):
            return True
    return False


_BEFORE_OLD = frozenset("old former previous ex".split())


def _first(value: str) -> str:
    """The word a value is mentioned by: "Erasmus" for Erasmus University, the whole of a one-word value."""
    words = value.split()
    return words[0] if len(words) > 1 and len(words[0]) > 3 and words[0][:1].isupper() else value


def _same(new: str, old: str) -> bool:
    """One value, said shorter or longer ("Pixel" for Pixel 7, "Erasmus" for Erasmus University)."""
    a, b = new.lower(), old.lower()
    return a == b or a.startswith(b + " ") or b.startswith(a + " ")


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
        clause = re.sub(rf"{_LEFT_FOR}(?=\s+{re.escape(value)})", " ", clause)  # the place left for is no past
        if _NOT_NOW.search(clause) or gone is not None and gone.search(clause):
            continue
        return True
    return False


def _spans(text: str, boundary: re.Pattern[str] | None = None) -> Iterator[tuple[str, int, int]]:
    """The text's clauses with where each starts and ends."""
    start = 0
    for b in (boundary or _BOUNDARY).finditer(text):
        yield text[start : b.start()], start, b.start()
        start = b.end()
    yield text[start:], start, len(text)
