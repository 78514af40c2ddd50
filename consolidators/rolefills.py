"""The facts a role filled gives: a sentence's bindings merged into what the other readers found, and chat's
shorthand forms of filling a role.

:mod:`consolidators.roles` says which tool a sentence binds to which of the user's roles; this module turns
that into facts. A bound tool's fact names its role rather than "uses" or another reader's misread, and a tool
given up beside one bound is given up in that role (:func:`merged`). Chat also fills a role without any anchor
:mod:`consolidators.roles` reads: asked and answered in one breath ("browser? Arc."), headlined with a "now"
("calendar is Notion Calendar now"), given up for another known tool of the role ("not Go anymore — TypeScript
now") or returned to ("back on Neovim after a month of Zed") (:func:`answered`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from spacy.lang.en.stop_words import STOP_WORDS

from .lifeevents import USER, fact
from .roles import DEVICE, QUALIFIERS, ROLE_NOUN, TOOL_NOUNS, Binding, bindings, common_word
from .toolnames import ROLES, known_names, roles_of
from .types import Fact
from .userclauses import negated, refused

#: What any anchor holds: a role noun, or a verb that names a role ("browse", "program", "host", "runs").
_CUE = re.compile(
    rf"\b(?:{ROLE_NOUN})s?\b|-wise\b|\blanguage\b|\b(?:brows|surf|program|cod|writ|host|deploy|run|lives\b|notes?\b|logins?\b|build|test|edit|sent from)"
    rf"|\b{DEVICE}\b",
    re.I,
)

#: The role's noun a reader kept after the tool's name ("in the Helix editor"); in capitals it is part of the
#: name ("GitLab CI").
_ROLE_WORD = re.compile(rf" (?:{ROLE_NOUN})$")


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
_ANSWERED = re.compile(
    rf"(?:^|[:;,.!]\s+)(?:(?:my|our|the) )?{QUALIFIERS}(?P<noun>{ROLE_NOUN})\?\s+(?P<rest>\S.*)$", re.I
)
_HEADLINE = re.compile(
    rf"^(?:(?:my|our|the) )?{QUALIFIERS}(?P<noun>{ROLE_NOUN}) is (?P<rest>.+?)\s+(?:now|these days|nowadays)\b(?!\s*\?)",
    re.I,
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
        role = TOOL_NOUNS[m["noun"].lower()] if m else None
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
    if known or m is None or m[0].split()[0].lower() in STOP_WORDS or common_word(m[0]) or roles_of(m[0]):
        return None
    return m[0]
