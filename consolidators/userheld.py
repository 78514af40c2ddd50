"""The user's new values read against the value memory holds for the same relation.

A reader sees one sentence; memory knows what the user said before. Three readings only memory can correct:

- a shorter form of the held value is that value, said the way people shorten a name they have already given
  ("my new employer is Tidewell Systems" … "I'm a product manager at Tidewell now"): no change, so the fact keeps
  the held spelling and the engine sees the same fact again;
- a country where memory holds a place that is no country is a coarser answer ("born in Swansea, living in
  Portugal"), not a move, unless the sentence says one ("we moved to Portugal"); so is "Linux" where memory holds
  a Linux system ("now that I'm on Linux" with Fedora held);
- an occupation that differs from the held one is a new job only when the turn says something changed (a cue
  such as "now", "promoted", "new"), or names an employer, new or held, beside it; otherwise "I'm a serial switcher" is how
  the user sees themself, not a title. And a role noun of the tool vocabulary ("email client") is never one.

Precision first: each reading only drops or respells the user's own single-valued facts; it never adds one.

One more reading only memory can make: a tool left in a role ("switched from Notion to Obsidian for my notes")
is also no longer the tool memory holds as used with no role ("I use Notion"), since the role is what it was
used for (:func:`roles_left`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from . import userends
from .forms import norm
from .phrases import USER
from .places import COUNTRIES
from .rolenouns import ROLE_NOUNS
from .text import expand_contractions, split_sentences
from .toolnames import TOOL_ROLES
from .types import ActiveFact, Fact, Turn, by_turn
from .userchanges import RELATIONS, says_change
from .usermemory import held_values

_COUNTRY_NAMES = frozenset(norm(c) for c in COUNTRIES)
#: Systems that are a Linux: "I'm on Linux" where memory holds one of them says the family, not a new system.
_LINUXES = frozenset(
    norm(d)
    for d in (
        "ubuntu debian fedora arch manjaro nixos gentoo opensuse centos rhel almalinux endeavouros solus slackware"
        " garuda bazzite steamos tumbleweed kubuntu xubuntu lubuntu kali pop!_os"
    ).split()
) | frozenset({"pop os", "linux mint", "elementary os", "zorin os", "rocky linux", "arch linux", "void linux"})
#: A sentence that says the user's home changed, so even a country is the new home.
_MOVED = re.compile(r"\b(?:mov(?:ed|ing)|relocat\w+|emigrat\w+|settled|landed|packed up)\b", re.I)


def kept(facts: list[Fact], active: Sequence[ActiveFact], turns: Sequence[Turn]) -> list[Fact]:
    """``facts`` (the session's, in turn order) with the user's values read against the held ones."""
    held = held_values(active)
    tools = {
        norm(a.object) for a in active if a.subject == USER and (a.predicate == "uses" or a.predicate in TOOL_ROLES)
    }
    out: list[Fact] = []
    groups, unsourced = by_turn(facts, turns)
    for turn, stated in groups:
        new_employer = any(f.subject == USER and f.predicate == "works at" and not f.retract for f in stated)
        left = {f.predicate for f in stated if f.subject == USER and f.retract}  # "I left DeepMind, …"
        for f in stated:
            if f.subject == USER and f.predicate == "lives in" and not f.retract and norm(f.object) in tools:
                continue  # "quit Spotify and moved to Tidal": a tool memory holds is no home moved to
            if f.subject == USER and f.predicate in RELATIONS:
                sentence = _sentence_of(turn.content, f.object)
                at_work = new_employer or _names_employer(sentence, held.get("works at"))
                read = _read(f, held.get(f.predicate), sentence, at_work, left=f.predicate in left)
                if read is None:
                    continue
                hold(held, read)
                f = read
            out.append(f)
    return userends.ended(out + unsourced, active, turns)  # a held value the turn ends, read by its verb


def hold(held: dict[str, str], fact: Fact) -> None:
    """What memory holds after ``fact``: a take-back ends only the value it names (a turn that says the new
    employer and then leaves the old one still holds the new one)."""
    if not fact.retract:
        held[fact.predicate] = fact.object
    elif norm(held.get(fact.predicate)) == norm(fact.object):
        del held[fact.predicate]


def _read(fact: Fact, old: str | None, sentence: str, at_work: bool, *, left: bool = False) -> Fact | None:
    """The fact as memory reads it; None when it is no new value after all. ``left``: the turn also takes back a
    value of the relation, so a name like the held one's start is a new one ("I left DeepMind, I'm at Google")."""
    if fact.predicate == "works as" and not fact.retract and norm(fact.object) in ROLE_NOUNS:
        return None  # "email client" names a kind of tool, not a job, whatever its last word ends in
    if fact.retract or old is None or norm(old) == norm(fact.object):
        return fact
    if shortened(fact.object, old) and not left:
        return replace(fact, object=old)
    changed = says_change(sentence, career=True) or _corrects(sentence, old)
    if fact.predicate == "lives in" and _coarser_place(fact.object, old) and not (_MOVED.search(sentence) or changed):
        return None
    if fact.predicate == "works as" and not (at_work or changed or _titled(sentence)):
        return None
    if fact.predicate == "os" and norm(fact.object) == "linux" and norm(old) in _LINUXES:
        return None  # "now that I'm on Linux" with Fedora held: the held system's family, no other system
    return fact


#: A job said by its own words ("in Graz I work as a data engineer", "my job title is nurse"): the title the user
#: holds, not how they see themself; a second job beside it ("also", "on weekends") leaves the held one.
_TITLED = re.compile(r"\b(?:I work as|I am working as|I am employed as|my (?:job|job title|title|position) is)\b", re.I)
_BESIDE = re.compile(r"\b(?:also|too|as well|on the side|side|weekends?|evenings?|part-time|freelance|extra)\b", re.I)


def _titled(sentence: str) -> bool:
    return bool(_TITLED.search(expand_contractions(sentence))) and not _BESIDE.search(sentence)


def _corrects(sentence: str, old: str) -> bool:
    """Whether the sentence sets the held value aside by name: "my title is product analyst, not data analyst"."""
    said = rf"\b(?:not|rather than|instead of) (?:an? |the )?{re.escape(old)}(?![\w-])"
    return re.search(said, sentence, re.I) is not None


def shortened(value: str, held: str) -> bool:
    """Whether ``value`` is the held name's first words ("Tidewell" of "Tidewell Systems"), not a word of it
    that a longer name may share ("Systems")."""
    short, full = norm(value).split(), norm(held).split()
    return 0 < len(short) < len(full) and full[: len(short)] == short and value[:1].isupper()


def _names_employer(sentence: str, employer: str | None) -> bool:
    """Whether the sentence names the employer memory holds, by its first word ("at Kaleido I'm a producer")."""
    first = norm(employer).split()[:1]
    return bool(first) and first[0] in norm(sentence).split()


def _coarser_place(value: str, held: str) -> bool:
    return norm(value) in _COUNTRY_NAMES and norm(held) not in _COUNTRY_NAMES


def _sentence_of(content: str, value: str) -> str:
    """The turn's sentence that names ``value`` (the whole turn when none does)."""
    return next((s for s in split_sentences(content) if norm(value) in norm(s)), content)


def roles_left(facts: list[Fact], active: Sequence[ActiveFact]) -> list[Fact]:
    """``facts`` with a take-back of the plain "uses" fact memory or the session holds for each tool the user
    left in a named role ("notes app Notion" taken back retires "uses Notion"); the engine's own rule reaches
    only the other way, from a plain "uses" take-back to the roles. A turn that says it still uses the tool
    keeps the use ("I still use Sublime for logs, but it's not my editor anymore")."""
    used = {norm(a.object) for a in active if a.subject == USER and a.predicate == "uses"}
    kept = {
        (norm(f.object), f.event_ids) for f in facts if f.subject == USER and f.predicate == "uses" and not f.retract
    }
    out: list[Fact] = []
    for f in facts:
        if f.subject == USER and f.predicate == "uses":
            (used.discard if f.retract else used.add)(norm(f.object))
        elif f.subject == USER and f.retract and f.predicate in TOOL_ROLES and norm(f.object) in used:
            if (norm(f.object), f.event_ids) not in kept:
                out.append(replace(f, predicate="uses", replaces_attribute=False))
                used.discard(norm(f.object))
        out.append(f)
    return out
