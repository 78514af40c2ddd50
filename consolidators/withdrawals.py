"""What a user puts in the place of a tool they withdraw, said in the same sentence.

"I no longer use Dropbox, everything is on Syncthing now", "dropped Todoist and moved all my tasks into TickTick":
the readers take back the first tool, and the second clause names the one that took its place by the structure
of a move, not by a relation verb: a name under "to", "into", "onto", "on" or "in" attached to a verb of moving
or of being ("moved everything into Obsidian", "we're all on Discord now"). The relation is the withdrawn one:
the sentence said what the old tool was for, and the new one is for the same.

Precision first: exactly one tool withdrawn and no value of its relation read already; exactly one name in the
place of it, after the withdrawal, that is neither the withdrawn tool, nor a time, nor a place a move of home
would name (a country, a name no tool list knows after "moved to" with no tool's words around it is a home).
The sentence readers have already refused questions and hedges.

A pronoun's role taken back ("I still use Sublime for logs, but it's not my editor anymore") is the one name
before it, taken back as the phrase rules read "Sublime is no longer my editor" (:func:`unheld`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from .forms import norm
from .nlp_cache import parse_doc
from .phrases import USER, first_person
from .places import COUNTRIES
from .spans import is_name, name_text
from .text import OTHER_PEOPLE, lemmatise
from .toolnames import ROLES, roles_of
from .toolrules import rule_facts
from .types import Fact
from .vocabulary import is_time

_OTHERS = re.compile(rf"\b(?:he|she|they|{OTHER_PEOPLE})s?\b")

#: The relations a withdrawn tool can be held by: a plain "uses" or a role.
_TOOL_RELATIONS = frozenset(ROLES) | {"uses"}
#: Verbs whose "to/into/on" names where the user's things now are: a move, or plain being ("we're on X now").
_PLACING = frozenset("move migrate switch port shift transfer go be put keep".split())
_INTO = frozenset("to into onto on in".split())
#: Words that put the move in the future ("on Syncthing soon").
_LATER = frozenset("soon eventually".split())
#: Verbs a home is moved by: their "to X" is a tool only when the tool lists know X.
_HOME_VERBS = frozenset("move go".split())
_COUNTRY_NAMES = frozenset(norm(c) for c in COUNTRIES)
#: "it is not my editor anymore", "it is no longer our queue": a pronoun's role taken back.
_IT_NO_LONGER = re.compile(
    r"\b(?:it|that) (?:is|was) (?P<neg>not|no longer) (?:my|our) (?P<attr>[a-z][\w-]*(?: (?!any)[a-z][\w-]*)?)"
    r"(?P<still> anymore| any more)?(?: though| tho)?[\s.,!;]*$"
)


def read(found: list[Fact], text: str) -> list[Fact]:
    """``found`` (one user sentence's facts) as this module reads the sentence's withdrawals."""
    return _not_taken(_not_both(unheld(replaced(_given_up(found, text), text), text)), text)


#: A tool ended in the role it held: "I'm done with Opera as a browser", "we retired MongoDB as our database".
#: The "as" phrase names the role the tool leaves, so another reader's positive role fact is the retraction.
_GIVEN_UP = re.compile(
    r"\b(?:(?:am|are) (?:so |totally |completely )?(?:done|finished) with|retired|stopped using|quit using|ditched"
    r"|dropped|dumped|got rid of|gave up(?: on)?|uninstalled|deleted|abandoned|phased out|decommissioned"
    r"|moved (?:away )?(?:off|from)|switched (?:away )?from) (?P<tool>[\w.+#'()-]+(?: [\w.+#'()-]+){0,3}?)"
    r" as (?:a|an|my|our|the) (?P<role>[a-z][\w-]*(?: [a-z][\w-]*)?)\b"
)


def _given_up(found: list[Fact], text: str) -> list[Fact]:
    """``found`` with the role a sentence ends for a tool ("we retired MongoDB as our database") taken back, where
    a reader read it as held: the "as" phrase is the role left, not the one taken."""
    ended = {norm(m["tool"]) for m in _GIVEN_UP.finditer(text)}
    if not ended:
        return found
    return [
        replace(f, retract=True)
        if f.subject == USER and not f.retract and f.predicate in ROLES and norm(f.object) in ended
        else f
        for f in found
    ]


def _not_taken(found: list[Fact], text: str) -> list[Fact]:
    """``found`` without the roles the sentence denies its tool ("I use Arc, but not as my browser": the negation
    is the "as" phrase's) or a trial of it that did not last ("tried Ghostty as my terminal, didn't stick")."""
    if not any(f.subject == USER and not f.retract and f.predicate in ROLES for f in found):
        return found
    doc = parse_doc(text) or ()
    denied = any(t.lower_ == "as" and any(c.dep_ == "neg" for c in t.children) for t in doc)
    tried = [t for t in doc if t.lower_ in _TRIED]
    ended = any(t.lower_ in _LAST and any(c.dep_ == "neg" for c in t.children) for t in doc)
    if not (denied or tried and ended):
        return found
    return [f for f in found if f.subject != USER or f.retract or f.predicate not in ROLES]


#: A trial, and what one that ended did not do: "tried X, didn't stick", "tested X but it didn't last".
_TRIED = frozenset("tried trying tested trialled trialed".split())
_LAST = frozenset("stick last take".split())


def _not_both(found: list[Fact]) -> list[Fact]:
    """``found`` without a tool's role the sentence also takes back: "I still write Python for scripts, but that's
    not my main language anymore" read by one reader as the language and by another as leaving it leaves it."""
    taken_back = {(f.predicate, norm(f.object)) for f in found if f.subject == USER and f.retract}
    return [
        f
        for f in found
        if f.retract or f.subject != USER or f.predicate == "uses" or (f.predicate, norm(f.object)) not in taken_back
    ]


def replaced(found: list[Fact], text: str) -> list[Fact]:
    """``found`` (one sentence's facts) with the tool the sentence names in the place of the one it withdraws."""
    gone = [f for f in found if f.subject == USER and f.retract and f.predicate in _TOOL_RELATIONS]
    if len(gone) != 1:
        return found
    withdrawn = gone[0]
    if any(f.subject == USER and not f.retract and f.predicate == withdrawn.predicate for f in found):
        return found  # another reader read the new value, or the sentence names it plainly
    doc = parse_doc(text)
    if doc is None:
        return found
    start = _end_of(doc, withdrawn.object)
    names = {n for tok in doc[start:] if (n := _placed(tok)) and norm(n) != norm(withdrawn.object)}
    names = names or _bare_after(doc[start:].text, withdrawn.object)
    if not names or len(names) > 1 and withdrawn.predicate != "uses":
        return found  # a role holds one value; plain use can be shared ("on Syncthing and Nextcloud now")
    role = withdrawn.predicate != "uses"
    return [
        *found,
        *(f for new in sorted(names) for f in rule_facts(USER, withdrawn.predicate, new, 0.7, False, attribute=role)),
    ]


#: A clause that is a name and when it holds: ", Obsidian now", "; Helix instead", "— Bear these days".
_BARE_NOW = re.compile(
    r"^\s*[,;:—–-]+\s*(?:(?:and|so|it's|it is|using|on)\s+)?(?P<name>[\w.+#'-]+(?: [\w.+#'-]+){0,2}?)"
    r"\s+(?:now|instead|these days|nowadays|from now on)[\s.!]*$",
    re.I,
)


def _bare_after(rest: str, old: str) -> set[str]:
    """The tool a withdrawal's last clause names bare, with a "now" or "instead" ("stopped using Notion, Obsidian
    now"): the one in its place. Only a name, or a tool the lists know however it is cased ("obsidian now")."""
    m = _BARE_NOW.match(rest)
    name = m["name"] if m else ""
    if not name or norm(name) == norm(old) or is_time(name):
        return set()
    return {name} if name[:1].isupper() or roles_of(name) else set()


def unheld(found: list[Fact], text: str) -> list[Fact]:
    """``found`` with the take-back a pronoun says of the one name before it ("I still use Sublime for logs, but
    it's not my editor anymore"): the clause is read as if it named the tool, which the phrase rules read."""
    m = _IT_NO_LONGER.search(text)
    if m is None or not (m["neg"] == "no longer" or m["still"]):
        return found  # a plain "it is not my editor" says it never was, not that it stopped
    doc = parse_doc(text[: m.start()])
    names = {name_text(t) for t in doc or () if _a_name(t) and t.dep_ in ("dobj", "pobj", "nsubj", "attr", "conj")}
    names = {n for n in names if not is_time(n) and n not in ("I", "I am")}
    if len(names) != 1:
        return found
    said = first_person(f"{names.pop()} is no longer my {m['attr']}", True)
    # only a role the vocabulary knows: "not my favourite anymore" names no relation to take back
    return [*found, *(f for f in said if f.retract and f.predicate in _TOOL_RELATIONS and f not in found)]


def _end_of(doc: Any, value: str) -> int:
    """The index just after the withdrawn value's first mention (the whole sentence when it is not found)."""
    first = norm(value).split()[:1]
    return next((t.i + len(value.split()) for t in doc if first and t.lower_ == first[0]), len(doc))


def _placed(tok: Any) -> str | None:
    """The name ``tok`` heads when it is where something was put ("moved everything into Obsidian")."""
    head = tok
    while head.dep_ == "conj" and head.head is not head:
        head = head.head  # "on Syncthing and Nextcloud": each name of the list is placed
    prep = head.head
    if head.dep_ != "pobj" or prep.lower_ not in _INTO or not _a_name(tok):
        return None
    verb = prep.head
    if verb.pos_ not in ("VERB", "AUX") or lemmatise(verb.lower_, "VERB") not in _PLACING or _someone_else(verb):
        return None
    if _planned(verb):
        return None  # "everything will be on Syncthing soon": a plan, not the tool in use
    name = name_text(tok)
    if is_time(name) or norm(name) in _COUNTRY_NAMES:
        return None
    if lemmatise(verb.lower_, "VERB") in _HOME_VERBS and prep.lower_ == "to" and not roles_of(name):
        return name if _things_moved(verb) else None  # "we moved to Lyon": a home unless the things moved are named
    return name


def _planned(verb: Any) -> bool:
    """Whether the move is still ahead: a modal ("will be on", "should move to"), "going to", or "soon"."""
    kids = list(verb.children)
    if any(c.tag_ == "MD" or c.lower_ in _LATER for c in kids):
        return True
    return verb.dep_ == "xcomp" and verb.head.lower_ in ("going", "gon")


def _a_name(tok: Any) -> bool:
    """A name, though the tagger took it for a verb ("on Syncthing"), or a tool chat writes in lower case."""
    return tok.pos_ != "NUM" and (is_name(tok) or tok.text[:1].isupper() or bool(roles_of(tok.text)))


def _someone_else(verb: Any) -> bool:
    """Whether the move is someone else's ("my boss is on Jira"): a person as its subject."""
    subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None:
        return False
    words = " ".join(t.lower_ for t in subject.subtree)
    return bool(_OTHERS.search(words)) or subject.pos_ == "PROPN"


def _things_moved(verb: Any) -> bool:
    """Whether the move's object is the user's things ("moved all my playlists to Tidal", "our team moved")."""
    return any(c.dep_ in ("dobj", "nsubj") and c.lower_ not in ("i", "we") for c in verb.children)
