"""A tool bound to the role the user names for it, wherever the sentence puts the two.

The phrase readers (:mod:`consolidators.chatframes`, :mod:`consolidators.toolrules`,
:mod:`consolidators.chatparse`) read the orders they list. Chat says the same thing in
orders no list holds: "sublime text is still my text editor, fight me", "Phone-wise I'm
on a Pixel 7a", "Default shell on all my boxes is bash", "Dashlane holds every password
I own". Every such sentence has two parts: a role the user owns (an *anchor*: "my text
editor", "as the main DB", "phone-wise", "the language I write everything in") and one
tool's name. This reader finds the anchor, then the one name in its clause that can fill
the role.

Precision first. The role must be the user's. A name the tool lists know for that role
(:mod:`consolidators.toolnames`) binds from anywhere in the clause; any other name only
across a copula ("X is my R", "my R is X", "X as my R"), so "I dropped my phone in the
Thames" binds nothing. Two candidates and no way to choose bind nothing. A clause that
asks, hedges, plans or speaks of the past binds nothing; a negated one ("we don't host on
Azure anymore", "stopped using Hey for email") binds a retraction.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from spacy.lang.en.stop_words import STOP_WORDS

from .forms import KIN_PATTERN
from .lifeevents import USER, fact
from .text import CHAT_HEDGES, is_word
from .toolnames import ROLES, known_names, roles_of
from .types import Fact

#: Nouns that name a role a tool fills. Narrower than chat's role nouns: a laptop is no OS and a home no tool.
_NOUNS: dict[str, str] = {
    **dict.fromkeys("editor|ide|text editor|code editor".split("|"), "editor"),
    **dict.fromkeys("terminal|terminal emulator|terminal app".split("|"), "terminal"),
    **dict.fromkeys("shell|login shell".split("|"), "shell"),
    **dict.fromkeys("browser|web browser|browsing".split("|"), "browser"),
    **dict.fromkeys("notes app|note app|note-taking app|notes|note-taking".split("|"), "notes app"),
    **dict.fromkeys("password manager|passwords|password|pw manager".split("|"), "password manager"),
    **dict.fromkeys("email client|mail client|email app|mail app|email|mail|emails".split("|"), "email client"),
    **dict.fromkeys("calendar app|calendar".split("|"), "calendar app"),
    **dict.fromkeys("ci|ci system|ci server|ci pipeline|builds".split("|"), "ci"),
    **dict.fromkeys("queue|message queue|job queue".split("|"), "queue"),
    **dict.fromkeys("database|db|datastore|data store".split("|"), "database"),
    **dict.fromkeys("phone|smartphone|mobile|cell phone|cellphone".split("|"), "phone"),
    **dict.fromkeys("os|operating system".split("|"), "os"),
    **dict.fromkeys("cloud|cloud provider|hosting|host|infra|infrastructure".split("|"), "cloud provider"),
    **dict.fromkeys("programming language|language of choice".split("|"), "programming language"),
}
_N = "|".join(re.escape(n) for n in sorted(_NOUNS, key=len, reverse=True))
_Q = r"(?:(?:default|main|primary|current|new|usual|daily|go-to|preferred|favou?rite|only|whole|trusty|shared|work|personal|team|company) )*"
_OWNER = r"(?:my|our|(?:my|our|the) (?:team|company|org|work|office|lab|startup|shop|household|family)'s)"
DEVICE = (
    r"(?:laptop|desktop|pc|machine|computer|thinkpad|macbook|workstation|box|boxes|server|servers|rig|mac|farm"
    r"|cluster|vm|vms|nas|homelab|pi)"
)
#: Words that link a name to its role rather than belong to the name ("zsh as shell", "Firefox for browsing").
_LINKS = r"(?:as|for|on|in|with|of|at|by|is)\b"
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|we|we're|my|our|me)\b", re.I)


@dataclass(frozen=True)
class _Anchor:
    """A way of saying a role is the user's. ``borrows``: its name may sit in the clause before ("…, that's our CI")."""

    pattern: re.Pattern[str]
    role: str | None = None  # None: the role the noun names
    borrows: bool = False
    needs_first_person: bool = False  # "the queue" is the user's only in a sentence about the user
    known_only: bool = False  # the role comes from a verb: only a name known for it binds
    fallback: bool = False  # its name yields to any other the sentence binds to the role


def _anchor(pattern: str, **kw: object) -> _Anchor:
    return _Anchor(re.compile(pattern, re.I), **kw)  # type: ignore[arg-type]


_ANCHORS = (
    # "I'm a fish shell person", "Background jobs go through a Beanstalkd queue": the name before the noun
    _anchor(
        rf"\b(?:an?|the|my|our) (?P<name>[\w.+#-]+(?: [\w.+#-]+)?) (?P<noun>{_N})(?: (?:person|guy|gal|girl|user|fan|nerd))?(?=$| (?:is|are|runs|handles|for|at|in|on|now|these days|all day|every day)\b)"
    ),
    # "stack for my side project: Go backend, Postgres db": a list's item, the name before the noun, opens its clause
    # ("Our stack: Postgres db, RabbitMQ queue": the first item opens its clause after the list's label)
    _anchor(
        rf"(?:^|^[^:]{{1,40}}:\s*)(?P<name>[\w.+#-]+(?: (?!{_LINKS})[\w.+#-]+)?) (?P<noun>{_N})$",
        needs_first_person=True,
    ),
    # "Sent from my Fairphone 5": a mail's signature names the phone it was written on
    _anchor(r"\bsent from my\b", role="phone", known_only=True),
    _anchor(rf"\b(?:that|it|which|this)(?: is|'s| has been|'s been) {_OWNER} {_Q}(?P<noun>{_N})\b", borrows=True),
    _anchor(
        rf"\b(?:that|it|which|this)(?: is|'s| has been|'s been) the {_Q}(?P<noun>{_N})\b",
        borrows=True,
        needs_first_person=True,
    ),
    _anchor(
        r"\b(?:that|it|this)(?: is|'s) what (?:I|we) (?:program|code|write everything) in\b",
        role="programming language",
        borrows=True,
    ),
    _anchor(rf"\b(?P<noun>{_N})-wise\b", borrows=True),
    # "I write everything in Zed these days; as an editor it's stupidly fast": the tool of the clause before
    _anchor(rf"\bas an? {_Q}(?P<noun>{_N}),? it(?: is|'s)\b", borrows=True, needs_first_person=True),
    _anchor(rf"\b{_OWNER} {_Q}(?P<noun>{_N})\b(?! (?:of|for) (?!choice))"),
    _anchor(rf"\b(?:as|for) (?:my |our |the |an? )?{_Q}(?P<noun>{_N})\b"),
    _anchor(rf"\b(?:all|every|each)(?: of)?(?: my| our| the)?(?: \w+)? (?P<noun>{_N})\b", needs_first_person=True),
    _anchor(rf"\b(?:the )?{_Q}(?P<noun>{_N}) (?:on|for|at|in) (?:all |both |each |every )?(?:of )?(?:my|our) [\w-]+"),
    _anchor(rf"\b(?:the )?{_Q}(?P<noun>{_N}) (?:on|for|at|in) (?:all|both|each|every) [\w-]+ (?:I|we)\b"),
    _anchor(rf"\bthe {_Q}(?P<noun>{_N}) (?:I|we) (?:use|run|have|picked|chose|went with|rely on|settled on)\b"),
    _anchor(r"\bthe (?:\w+ )?language (?:I|we) (?:write|code|program|work)\b", role="programming language"),
    # "Kotlin is still my main language": "language" alone may be spoken, so only a name known for coding binds
    _anchor(
        r"\b(?:my|our) (?:main|primary|day-to-day|everyday|daily|go-to|work) language\b",
        role="programming language",
        known_only=True,
    ),
    _anchor(rf"\bthe {_Q}(?P<noun>{_N})\b", needs_first_person=True),
    _anchor(
        r"\b(?:take|takes|taking|keep|keeps|keeping|write|writing|jot down|jotting down)"
        r" (?:my |all my |all |all of my )?notes\b",
        role="notes app",
        known_only=False,
    ),
    # "Joplin holds every note I've written", "I keep every meeting note in Logseq": every note is kept in one app
    _anchor(r"\b(?:every|each) (?:[\w-]+ )?note\b", role="notes app", known_only=True, needs_first_person=True),
    _anchor(r"\b(?:every|each) (?:[\w-]+ )?login\b", role="password manager", known_only=True, needs_first_person=True),
    # "Neovim is what I edit code in", "I do all my code editing in Zed": only a name known as an editor binds,
    # since "I edit photos in Lightroom" names no editor of code
    _anchor(r"\b(?:edit|edits|editing)\b", role="editor", known_only=True, needs_first_person=True),
    # "Switched terminals over the weekend, Alacritty is the one now": the role a switch names, the name beside it;
    # after a colon the switch is told in full ("switched terminals: iTerm2 is out, Ghostty is in")
    _anchor(
        rf"\b(?:switch|switched|switching|changed|changing|swapped) (?:my |our )?(?P<noun>{_N})s\b(?![^:]*:)",
        borrows=True,
        fallback=True,
    ),
    _anchor(
        r"\b(?:browse|browses|browsing|surf|surfs|surfing)\b(?: the (?:web|internet))?", role="browser", known_only=True
    ),
    _anchor(
        r"\b(?:program|code|coding|programming|writing|write)\b(?: mostly| mainly| almost exclusively)?",
        role="programming language",
        known_only=True,
    ),
    _anchor(r"\b(?:host|hosts|hosted|hosting|deploy|deployed|deploying)\b", role="cloud provider", known_only=True),
    # "We build and test everything on Buildkite now": where the builds run
    _anchor(
        r"\b(?:build|builds|test|tests)(?: and (?:test|build|deploy))? (?:everything|it all|all of it) on\b",
        role="ci",
        known_only=True,
        needs_first_person=True,
    ),
    _anchor(
        r"\b(?:runs|run|running|is hosted|lives)(?: everything| it all)? (?:on|in)\b",
        role="cloud provider",
        known_only=True,
        needs_first_person=True,
    ),
    _anchor(
        rf"(?:\b(?:my|our|a|an|the)(?: [\w-]+){{0,2}}? |^|: ){DEVICE} (?:runs|is running|running|runs on|is on)\b",
        role="os",
        known_only=True,
    ),
    # "laptop's OS is Fedora now", "the Framework 13 I'm on has Fedora as its OS": the machine's role named
    _anchor(rf"\b{DEVICE}'s {_Q}(?P<noun>{_N})\b", needs_first_person=True),
    _anchor(r"\bas its (?:operating system|os)\b", role="os", needs_first_person=True),
    # "I run Windows 11 on my gaming PC", "Ubuntu on the laptop": a system a machine of the user's runs
    _anchor(rf"\bon (?:my|our|the)(?: [\w-]+){{0,2}}? {DEVICE}\b", role="os", known_only=True, needs_first_person=True),
)
#: A name in chat: capitalised or camel-cased words, a model number after them ("Pixel 7a", "iTerm2", "macOS").
_CAPITALISED = re.compile(
    r"(?<![\w'-])(?:[A-ZÀ-ÖØ-Þ0-9][\w.+#!-]*|[a-z]+[A-Z][\w.+#-]*)(?: (?:[A-ZÀ-ÖØ-Þ0-9][\w.+#!-]*|[a-z]*\d\w*))*"
)
#: Capitalised words that are no tool: chat's acronyms, days, the role nouns themselves ("CI", "OS", "IDE").
_NOT_NAMES = frozenset(
    "i i'm i've i'd pr prs mr mrs ms dr tbh btw imo fyi asap lol rn ok okay ty pls eta tl dr am pm it hr"
    " monday tuesday wednesday thursday friday saturday sunday".split()
) | frozenset(_NOUNS)
#: Words between a name and its role that say the one is the other.
_COPULA = re.compile(r"\b(?:is|'s|are|am|was|as|remains|stays)\b|[=:]", re.I)
#: Where a clause ends; "and" only before a word that is no name ("X is my editor and I'm happy"), since
#: "Thunderbird is my email client and Bear my notes app" names both inside one.
_ACROSS = re.compile(
    r"[,;]|[!?](?!\w)|\s[—–]\s|\.\s|\s(?:but|so|because|although|though|while)\s|\s(?=(?:if|unless)\s)"
    r"|\sand\s(?=[a-z]|I\b|I')"
)
#: What makes a denial a giving-up: without one, "not" or "never" says the tool was not (or never) the user's
#: ("Python is not my main language", "I never learned Rust"), so there is nothing held to take back.
_GIVE_UP = (
    r"no longer|anymore|any more|stop(?:ped|ping)?|quit(?:ting)?|ditch(?:ed|ing)?|drop(?:ped|ping)?|g[ia]ve up|giving up"
    r"|(?:got|get|getting) rid of|uninstall(?:ed|ing)?|delet(?:ed|ing)|abandon(?:ed|ing)?"
)
#: A clause that says its name is gone: "iTerm2 is gone", "Chrome's out", "Slack is dead to me", "dropped Jira".
_LET_GO = re.compile(
    rf"\b(?:is|are|'s|was|got)\s+(?:now\s+|finally\s+)?(?:gone|out|dead|dropped|history|retired|toast)\b"
    rf"|\b(?:{_GIVE_UP})\b",
    re.I,
)
_GIVEN_UP = re.compile(rf"\b(?:{_GIVE_UP})\b", re.I)
_NEGATED = re.compile(
    rf"\b(?:not(?! (?:laugh|judge|ask|worry|hate)\b| @)|never|{_GIVE_UP})\b|n't\b(?! (?:laugh|judge|ask|worry|hate|@))",
    re.I,
)  # "(don't laugh)", "don't judge": a word to the listener ("don't @ me") denies nothing
_REFUSED = re.compile(
    rf"\b(?:{CHAT_HEDGES}|probably|should|would|want to|wanna|plans? to|planning(?= (?:to|on|a|an|the|my|our|for)\b)"
    r"|thinking (?:of|about)|used to|was|were|previously|back then|tempted|try|tried|trying"
    r"|trial|testing|evaluating|looking (?:at|into)|curious|hope|hoping)\b|\?",
    re.I,
)


@dataclass(frozen=True)
class Binding:
    """A tool the sentence says fills one of the user's roles; ``negated``: it says it no longer does."""

    role: str
    name: str
    negated: bool
    fallback: bool = False  # borrowed by a switch's plural ("switched IDEs — X is out, Y is my editor")


def bindings(sentence: str) -> list[Binding]:
    """Every (role, tool) the user's ``sentence`` binds, clause by clause."""
    parts = list(clauses(sentence))
    first_person = bool(_FIRST_PERSON.search(sentence))
    found: list[Binding] = []
    for i, clause in enumerate(parts):
        # "Switched terminals — iTerm2 is gone, WezTerm is the one now": a clause that lets its name go lends none;
        # the switch borrows from the nearest clause on each side that keeps its name
        before = [c for c in parts[:i] if not _LET_GO.search(c)]
        after = [c for c in parts[i + 1 :] if not _LET_GO.search(c)]
        found += _bind(clause, before[-1:] + after[:1], first_person)
    named = {b.role for b in found if not b.fallback}
    return [b for b in dict.fromkeys(found) if not b.fallback or b.role not in named]


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
    rf"\b(?:you|your|he|she|they|his|her|their)\b|\b(?:my|our|a) (?:(?:{KIN_PATTERN})s?|boyfriend|girlfriend"
    r"|flatmate|roommate|coworker|neighbou?r|(?:team )?lead|manager|teammate|intern|cto|ceo|client)\b(?! and I\b)",
    re.I,
)


_A_ROLE = re.compile(rf"\b(?:{_N})\b", re.I)
#: What any anchor holds: a role noun, or a verb that names a role ("browse", "program", "host", "runs").
_CUE = re.compile(
    rf"\b(?:{_N})s?\b|-wise\b|\blanguage\b|\b(?:brows|surf|program|cod|writ|host|deploy|run|lives\b|notes?\b|logins?\b|build|test|edit|sent from)"
    rf"|\b{DEVICE}\b",
    re.I,
)


def names_a_role(text: str) -> bool:
    """Whether ``text`` names a role a tool fills ("editor", "browser", "notes")."""
    return bool(_A_ROLE.search(text))


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


def _bind(clause: str, neighbours: list[str], first_person: bool) -> list[Binding]:
    if refused(clause):
        return []
    denied = negated(clause)
    if denied and not _GIVEN_UP.search(clause):
        return []
    bound: dict[str, str] = {}
    weak: set[str] = set()
    for anchor, m in ((a, m) for a in _ANCHORS for m in a.pattern.finditer(clause)):
        if anchor.needs_first_person and not first_person:
            continue
        if _BEFORE_NOW.search(clause[: m.start("noun") if "noun" in m.groupdict() else m.start()]):
            continue
        role = anchor.role or _NOUNS[m["noun"].lower()]
        name = _named(m, role) if "name" in m.groupdict() else _name(clause, m, role, anchor)
        if name is not None and anchor.fallback and _LET_GO.search(clause[clause.find(name) :]):
            name = None  # "swapped terminals - Konsole is out": the switch's own clause lets that name go
        if name is None and anchor.borrows:
            name = next((n for c in neighbours if (n := _only_name(c, role)) is not None), None)
        if name is not None and role not in bound:
            bound[role] = name
            if anchor.fallback:
                weak.add(role)
    return [Binding(role, name, denied, fallback=role in weak) for role, name in bound.items()]


#: "my old phone", "our former CI": a role the user's tool held once.
_BEFORE_NOW = re.compile(r"\b(?:old|former|previous|ex)[- ]?$", re.I)


def _named(anchor: re.Match[str], role: str) -> str | None:
    """The name an attributive anchor holds ("a fish shell person"), if it can fill ``role``."""
    name = anchor["name"]
    if role in roles_of(name):
        return name
    capitalised = _capitalised(name)
    return capitalised[0] if capitalised == [name] and not roles_of(name) else None


def _name(clause: str, anchor: re.Match[str], role: str, kind: _Anchor) -> str | None:
    """The one name in ``clause`` outside the anchor that fills ``role``; None when none or two do."""
    outside = clause[: anchor.start()] + " \x00 " + clause[anchor.end() :]
    fitting = {n for n in _known(outside) if role in roles_of(n)}
    if len(fitting) == 1:
        name = fitting.pop()
        modifier = rf"\b(?:the|my|our|their|your|its) {re.escape(name)} (?!(?:{_N})\b)[a-z]{{3,}} "
        # the pattern is built only when the name follows such a word at all (most sentences: no)
        after = any(f"{det} {name} " in outside for det in ("the", "my", "our", "their", "your", "its"))
        if after and re.search(modifier + r"(?:[a-z]+ed|ran|ran out|were|was|are|is|got|had|have)\b", outside):
            return None  # "since the AWS credits ran out": a name modifying another clause's subject is no tool held
        return name if not _common(name) or _tight(outside, name) else None
    if fitting or kind.known_only:
        return None
    others = [n for n in _capitalised(outside) if not roles_of(n) or role in roles_of(n)]
    return others[0] if len(others) == 1 and _tight(outside, others[0]) else None


def _only_name(clause: str, role: str) -> str | None:
    """A neighbouring clause's one name, if it can fill ``role`` ("Every PR gets tested by Drone, that's our CI")."""
    names = set(_known(clause)) | set(_capitalised(clause))
    fitting = [n for n in names if role in roles_of(n)] or [n for n in names if not roles_of(n)]
    return fitting[0] if len(fitting) == 1 and len(names) <= 2 else None


#: A name the sentence moves away from: "moved the job queue off Redis", "the old iPhone died" bind it to nothing
#: ("an old iPhone 12" is the one in use).
_LEFT_BEHIND = re.compile(
    r"\b(?:(?:the|my|our) old|former|previous|off|from|out of|away from|swapped out|swapped|traded in|traded|replaced|instead of|rather than|replacing|over|than|after (?:\w+ ){1,4}(?:in|on|with|of|using))\s+$",
    re.I,
)


def _known(text: str) -> list[str]:
    return [m[0].strip() for m in known_names(text) if not _LEFT_BEHIND.search(text[: m.start()])]


def _capitalised(text: str) -> list[str]:
    names = []
    for m in _CAPITALISED.finditer(text):
        if _LEFT_BEHIND.search(text[: m.start()]):
            continue
        words = m[0].split()
        while words and (words[0].lower() in _NOT_NAMES or m.start() == 0 and _is_word(words[0])):
            words = words[1:]  # "Default shell on …", "Heads up: …": a sentence's first word is rarely a name
        if words and not roles_of(" ".join(words)) and words[0].lower() not in STOP_WORDS:
            names.append(" ".join(words))
    return names


def _tight(outside: str, name: str) -> bool:
    """Only a copula and small words between ``name`` and the anchor (marked by a NUL in ``outside``)."""
    at, mark = outside.find(name), outside.find("\x00")
    gap = outside[at + len(name) : mark] if at < mark else outside[mark + 1 : at]
    return len(gap.split()) <= 4 and bool(
        _COPULA.search(gap)
        or re.fullmatch(r"\s*(?:I'm|I am|we're|we are)? ?(?:on|using|with)? ?(?:an?|the)?\s*", gap, re.I)
    )


def _common(name: str) -> bool:
    """A known name that is also an English word or a letter ("go", "arc", "fish", "c"): it needs capitals or a copula."""
    return name.islower() and (len(name) <= 2 or _is_word(name))


def _is_word(word: str) -> bool:
    w = word.lower()
    return w in STOP_WORDS or is_word(w)


#: The role's noun a reader kept after the tool's name ("in the Helix editor"); in capitals it is part of the
#: name ("GitLab CI").
_ROLE_WORD = re.compile(rf" (?:{_N})$")


def _one_of(name: str, bound: set[str] | None) -> bool:
    """Whether ``name`` is one of the names bound to its role, or a longer or shorter form of one ("Pixel 8 pro", "JetBrains Rider")."""
    low = name.lower()
    # a longer form led by a lower-case word is a misread clause ("using Kitty"), not the name's longer form
    return bound is None or any(b in low and not name[: low.index(b)].strip()[:1].islower() or low in b for b in bound)


def _again(f: Fact, bound: list[Binding], sentence: str) -> bool:
    """Whether a bound name is named again for another tool's role: each mention fills one role, so "I read my
    mail in Outlook, and my calendar lives in Outlook too" names two, "Redpanda as the queue for our pipeline" one."""
    name = f.object.lower()
    return f.predicate in ROLES and sentence.lower().count(name) > sum(b.name.lower() == name for b in bound)


def merged(found: list[Fact], sentence: str) -> list[Fact]:
    """``found`` with the roles ``sentence`` binds: a bound tool's fact names its role, not "uses" or a misread
    ("Moved to IntelliJ as my IDE" is no home), and a tool given up beside one bound is given up in that role."""
    if not _CUE.search(sentence):  # no role noun nor a verb that names one: nothing to bind (most sentences)
        return found
    bound = bindings(sentence)
    if not bound:
        return found
    names = {b.name.lower() for b in bound}
    roles = {b.role for b in bound}
    filled: dict[str, set[str]] = {}
    for b in bound:
        if not b.negated:
            filled.setdefault(b.role, set()).add(b.name.lower())
    kept: list[Fact] = []
    for f in found:
        if (
            f.subject == USER
            and f.object.lower() in names
            and f.predicate not in roles
            and not _again(f, bound, sentence)
        ):
            continue
        if f.subject == USER and not f.retract and not _one_of(f.object, filled.get(f.predicate)):
            continue  # one tool fills a role: "Gmail-only now, so Mimestream is my mail client" names Mimestream
        if f.subject == USER and _ROLE_WORD.sub("", f.object).lower() in filled.get(f.predicate, ()):
            f = replace(f, object=_ROLE_WORD.sub("", f.object))  # "the Helix editor" names Helix
        if f.subject == USER and f.retract and f.predicate == "uses" and len(roles) == 1:
            f = fact(next(iter(roles)), f.object, f.confidence, retract=True)  # "Ditched Chrome, I surf with …"
        kept.append(f)
    have = {(f.predicate, f.object.lower(), f.retract) for f in kept}
    for b in bound:
        new = fact(b.role, b.name, 0.75, retract=b.negated, attribute=True)
        if new.object and (new.predicate, new.object.lower(), new.retract) not in have:
            kept.append(new)
    return kept


#: A role the user asks and answers in one breath ("browser? Arc.", "notes? Apple Notes, that's it now"), or
#: headlines bare with a "now" ("calendar is Notion Calendar now btw"): chat's shorthand for "my R is X".
_ANSWERED = re.compile(rf"(?:^|[:;,.!]\s+)(?:(?:my|our|the) )?{_Q}(?P<noun>{_N})\?\s+(?P<rest>\S.*)$", re.I)
_HEADLINE = re.compile(
    rf"^(?:(?:my|our|the) )?{_Q}(?P<noun>{_N}) is (?P<rest>.+?)\s+(?:now|these days|nowadays)\b(?!\s*\?)", re.I
)
#: "not Go anymore, honestly — full-stack TypeScript now": two known tools of one role, the first given up.
_NOT_ANYMORE = re.compile(r"\bnot (?P<old>.+?) (?:any ?more|these days)\b[^?]*?\b(?P<rest>\S.*)$", re.I)
#: "back on Neovim after a month of Zed": a return to one known tool from another of the same role.
_BACK_ON = re.compile(
    r"^(?:(?:so|and|now|finally|yep|ok)\W+)*(?:(?:I'm|I am|we're|we are) )?back (?:on|to|with|in) (?P<rest>.+?)"
    r" after (?:(?:a|an|the|two|three|four|five|six|several|some|few|couple|of|months?|weeks?|days?|years?|while"
    r"|full) )+(?:of|with|on|in|using) (?P<old>.+)$",
    re.I,
)
#: "I'm back on Emacs", "switched back to Sublime Text": a return to a tool, whatever else the turn says.
_BACK_TO = re.compile(
    r"(?:^|[.;,!]\s+)(?:(?:so|and|now|finally|yep|ok)\W+)*(?:(?:I'm|I am|we're|we are|I've|I have|I|we) )?(?:(?:switched"
    r"|went|gone|moved|come|came|got) )?back (?:on|to|with|in) (?P<rest>[^,;.!?]+)",
    re.I,
)
_LEAD_NAME = re.compile(r"[A-Z0-9][\w.+#'-]*(?: [A-Z0-9][\w.+#'-]*){0,2}")


def answered(text: str) -> list[Fact]:
    """The role ``text`` (a message's sentence and the next, joined) fills by a self-answered question or a bare
    headline, or by a known tool given up for another of the same role; nothing if hedged or asked again."""
    for pattern in (_ANSWERED, _HEADLINE):
        m = pattern.search(text)
        role = _NOUNS[m["noun"].lower()] if m else None
        name = _answer(m["rest"], role) if m and role else None
        found = fact(role, name, 0.75, attribute=True) if role and name else None
        if found is not None and found.object:
            return [found]
    back = _BACK_ON.match(text)
    if back:
        return _returned(back["rest"], back["old"])
    back = _BACK_TO.search(text)
    if back and not refused(back[0]) and "?" not in text:  # the rest may leave the old tool ("X wasn't for me")
        return _returned_to(back["rest"], text[: back.start()] + " " + text[back.end() :])
    m = _NOT_ANYMORE.search(text)
    if m is None or refused(text[: m.start()]):
        return []
    old = next(iter(known_names(m["old"])), None)
    new = next((k for k in known_names(m["rest"]) if re.search(r"\b(?:now|these days)\b", m["rest"][k.end() :])), None)
    answer = m["rest"].lstrip(" ,;:—–-")
    alone = next(iter(known_names(answer)), None)
    if new is None and alone is not None and alone.start() == 0 and answer[alone.end() :][:1] in ("", ".", ","):
        new = alone  # "Not Vim anymore, Helix.": the answer is the name alone
    if old is None or new is None or old.start() != 0 or len(shared := roles_of(old[0]) & roles_of(new[0])) != 1:
        return []
    role = next(iter(shared))
    return [fact(role, old[0], 0.75, retract=True), fact(role, new[0], 0.75, attribute=True)]


def _returned(new_text: str, old_text: str) -> list[Fact]:
    """The tool opening ``new_text``, returned to from the one opening ``old_text``, in the one role both fill."""
    new, old = next(iter(known_names(new_text)), None), next(iter(known_names(old_text)), None)
    if new is None or old is None or new.start() or old.start() or refused(old_text[old.end() :].split(".")[0]):
        return []
    shared = roles_of(new[0]) & roles_of(old[0])
    if len(shared) != 1:
        return []
    # the new value supersedes the old in its single-valued role: no retraction is needed to retire it
    return [fact(next(iter(shared)), new[0], 0.75, attribute=True)]


def _returned_to(new_text: str, others: str) -> list[Fact]:
    """The known tool opening ``new_text`` the user is back on: in the one role it shares with a known tool the
    rest of the text leaves ("VS Code was a mistake. I'm back on Sublime Text"), else used (memory gives a held
    role its new value, :mod:`consolidators.usermemory`)."""
    new = next(iter(known_names(new_text)), None)
    if new is None or new.start() or new_text[new.end() :].strip():
        return []
    olds = [k[0] for k in known_names(others) if k[0].lower() != new[0].lower()]
    shared = {r for o in olds for r in roles_of(o) & roles_of(new[0])}
    if len(olds) == 1 and len(shared) == 1:
        return [fact(next(iter(shared)), new[0], 0.75, attribute=True)]
    return [fact("uses", new[0], 0.75)] if not olds else []


def _answer(rest: str, role: str) -> str | None:
    """The name that opens an answer, if it can fill ``role``: a known tool of it, or a capitalised name the
    lists don't know; none for an answer that asks, hedges or denies."""
    rest = rest.strip()
    first = re.split(r"[,;:—–(]|\.(?:\s|$)", rest, maxsplit=1)[0]
    if "?" in first or refused(first) or negated(first):
        return None
    known = known_names(first)
    if len(known) == 1:  # "All in 1Password": the one tool the answer names, wherever it stands
        roles = roles_of(known[0][0])
        return known[0][0] if role in roles or not roles else None
    m = _LEAD_NAME.match(first)
    if known or m is None or m[0].split()[0].lower() in STOP_WORDS or _common(m[0]) or roles_of(m[0]):
        return None
    return m[0]
