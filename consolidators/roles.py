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

This module says which tool a sentence binds to which role (:func:`bindings`); the tests a clause passes
first are :mod:`consolidators.userclauses`', and the facts a binding gives are :mod:`consolidators.rolefills`'.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from spacy.lang.en.stop_words import STOP_WORDS

from .text import is_word
from .toolnames import known_names, roles_of
from .userclauses import GIVE_UP, clauses, negated, refused

#: Nouns that name a role a tool fills. Narrower than chat's role nouns: a laptop is no OS and a home no tool.
TOOL_NOUNS: dict[str, str] = {
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
ROLE_NOUN = "|".join(re.escape(n) for n in sorted(TOOL_NOUNS, key=len, reverse=True))
QUALIFIERS = r"(?:(?:default|main|primary|current|new|usual|daily|go-to|preferred|favou?rite|only|whole|trusty|shared|work|personal|team|company) )*"
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
        rf"\b(?:an?|the|my|our) (?P<name>[\w.+#-]+(?: [\w.+#-]+)?) (?P<noun>{ROLE_NOUN})(?: (?:person|guy|gal|girl|user|fan|nerd))?(?=$| (?:is|are|runs|handles|for|at|in|on|now|these days|all day|every day)\b)"
    ),
    # "stack for my side project: Go backend, Postgres db": a list's item, the name before the noun, opens its clause
    # ("Our stack: Postgres db, RabbitMQ queue": the first item opens its clause after the list's label)
    _anchor(
        rf"(?:^|^[^:]{{1,40}}:\s*)(?P<name>[\w.+#-]+(?: (?!{_LINKS})[\w.+#-]+)?) (?P<noun>{ROLE_NOUN})$",
        needs_first_person=True,
    ),
    # "Sent from my Fairphone 5": a mail's signature names the phone it was written on
    _anchor(r"\bsent from my\b", role="phone", known_only=True),
    _anchor(
        rf"\b(?:that|it|which|this)(?: is|'s| has been|'s been) {_OWNER} {QUALIFIERS}(?P<noun>{ROLE_NOUN})\b",
        borrows=True,
    ),
    _anchor(
        rf"\b(?:that|it|which|this)(?: is|'s| has been|'s been) the {QUALIFIERS}(?P<noun>{ROLE_NOUN})\b",
        borrows=True,
        needs_first_person=True,
    ),
    _anchor(
        r"\b(?:that|it|this)(?: is|'s) what (?:I|we) (?:program|code|write everything) in\b",
        role="programming language",
        borrows=True,
    ),
    _anchor(rf"\b(?P<noun>{ROLE_NOUN})-wise\b", borrows=True),
    # "I write everything in Zed these days; as an editor it's stupidly fast": the tool of the clause before
    _anchor(rf"\bas an? {QUALIFIERS}(?P<noun>{ROLE_NOUN}),? it(?: is|'s)\b", borrows=True, needs_first_person=True),
    _anchor(rf"\b{_OWNER} {QUALIFIERS}(?P<noun>{ROLE_NOUN})\b(?! (?:of|for) (?!choice))"),
    _anchor(rf"\b(?:as|for) (?:my |our |the |an? )?{QUALIFIERS}(?P<noun>{ROLE_NOUN})\b"),
    _anchor(
        rf"\b(?:all|every|each)(?: of)?(?: my| our| the)?(?: \w+)? (?P<noun>{ROLE_NOUN})\b", needs_first_person=True
    ),
    _anchor(
        rf"\b(?:the )?{QUALIFIERS}(?P<noun>{ROLE_NOUN}) (?:on|for|at|in) (?:all |both |each |every )?(?:of )?(?:my|our) [\w-]+"
    ),
    _anchor(
        rf"\b(?:the )?{QUALIFIERS}(?P<noun>{ROLE_NOUN}) (?:on|for|at|in) (?:all|both|each|every) [\w-]+ (?:I|we)\b"
    ),
    _anchor(
        rf"\bthe {QUALIFIERS}(?P<noun>{ROLE_NOUN}) (?:I|we) (?:use|run|have|picked|chose|went with|rely on|settled on)\b"
    ),
    _anchor(r"\bthe (?:\w+ )?language (?:I|we) (?:write|code|program|work)\b", role="programming language"),
    # "Kotlin is still my main language": "language" alone may be spoken, so only a name known for coding binds
    _anchor(
        r"\b(?:my|our) (?:main|primary|day-to-day|everyday|daily|go-to|work) language\b",
        role="programming language",
        known_only=True,
    ),
    _anchor(rf"\bthe {QUALIFIERS}(?P<noun>{ROLE_NOUN})\b", needs_first_person=True),
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
        rf"\b(?:switch|switched|switching|changed|changing|swapped) (?:my |our )?(?P<noun>{ROLE_NOUN})s\b(?![^:]*:)",
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
    _anchor(rf"\b{DEVICE}'s {QUALIFIERS}(?P<noun>{ROLE_NOUN})\b", needs_first_person=True),
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
) | frozenset(TOOL_NOUNS)
#: Words between a name and its role that say the one is the other.
_COPULA = re.compile(r"\b(?:is|'s|are|am|was|as|remains|stays)\b|[=:]", re.I)
#: A clause that says its name is gone: "iTerm2 is gone", "Chrome's out", "Slack is dead to me", "dropped Jira".
_LET_GO = re.compile(
    rf"\b(?:is|are|'s|was|got)\s+(?:now\s+|finally\s+)?(?:gone|out|dead|dropped|history|retired|toast)\b"
    rf"|\b(?:{GIVE_UP})\b",
    re.I,
)
_GIVEN_UP = re.compile(rf"\b(?:{GIVE_UP})\b", re.I)


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


_A_ROLE = re.compile(rf"\b(?:{ROLE_NOUN})\b", re.I)


def names_a_role(text: str) -> bool:
    """Whether ``text`` names a role a tool fills ("editor", "browser", "notes")."""
    return bool(_A_ROLE.search(text))


def _bind(clause: str, neighbours: list[str], first_person: bool) -> list[Binding]:
    if refused(clause):
        return []
    denied = negated(clause)
    if denied and not _GIVEN_UP.search(clause) or _FORMER_GROUP.search(clause):
        return []
    bound: dict[str, str] = {}
    weak: set[str] = set()
    for anchor, m in ((a, m) for a in _ANCHORS for m in a.pattern.finditer(clause)):
        if anchor.needs_first_person and not first_person:
            continue
        if _BEFORE_NOW.search(clause[: m.start("noun") if "noun" in m.groupdict() else m.start()]):
            continue
        role = anchor.role or TOOL_NOUNS[m["noun"].lower()]
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


#: "My old team at X still runs Jenkins for CI": what a group the user has left uses is the group's, not theirs.
_FORMER_GROUP = re.compile(
    r"^(?:\W*\w+,? )?(?:my|our) (?:old|former|previous|last|ex-?) ?(?:team|company|employer|job|workplace|office|lab"
    r"|startup|colleagues|department|squad|org|group|school|uni|university|flatmates?|roommates?)\b",
    re.I,
)

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
        modifier = rf"\b(?:the|my|our|their|your|its) {re.escape(name)} (?!(?:{ROLE_NOUN})\b)[a-z]{{3,}} "
        # the pattern is built only when the name follows such a word at all (most sentences: no)
        after = any(f"{det} {name} " in outside for det in ("the", "my", "our", "their", "your", "its"))
        if after and re.search(modifier + r"(?:[a-z]+ed|ran|ran out|were|was|are|is|got|had|have)\b", outside):
            return None  # "since the AWS credits ran out": a name modifying another clause's subject is no tool held
        return name if not common_word(name) or _tight(outside, name) else None
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


def common_word(name: str) -> bool:
    """A known name that is also an English word or a letter ("go", "arc", "fish", "c"): it needs capitals or a copula."""
    return name.islower() and (len(name) <= 2 or _is_word(name))


def _is_word(word: str) -> bool:
    w = word.lower()
    return w in STOP_WORDS or is_word(w)
