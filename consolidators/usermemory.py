"""The user's changes said in passing, read with what memory already holds.

Chat rarely says "my terminal is now Ghostty". It says "tried Ghostty and never went back", "jenkins is dead,
long live GitHub Actions", "these days I reach for chai", "I'm with Mollie since the 1st". Alone such a
sentence names no relation; read with memory it does: when the user holds a value V for a single-valued
relation R (an active fact, or one said earlier in the session), a present, positive, first-person mention of
ANOTHER value W of R's kind, in a sentence that says something changed or holds now (or that names V itself),
is R's new value.

W's kind comes from the vocabulary, not from the sentence's words: the tool lists (:mod:`consolidators.toolnames`)
and role nouns (:mod:`consolidators.rolenouns`), the drinks (:data:`consolidators.vocabulary.DRINKS`), the
occupations (:func:`consolidators.lifeevents.is_occupation`); a name is enough for a relation whose role the
sentence names, or whose old value it names. What another reader read of the relation in the turn stands, unless
it is only the old value beside a part of the new one (a swap misread).

Precision first: a question, a hedge or a plan says nothing; a value in a clause that negates it, leaves it,
speaks of the past or of someone else is no new value; two candidates for one relation are a guess, so neither;
the old value is never the new one, and a sentence that keeps it ("back to V", "still on V") changes nothing.

This module revises the session's facts with what memory holds (:func:`revised`, the tools and roles given
up, :func:`held_values`); whether a sentence says a change, and to which value, is
:mod:`consolidators.userchanges`', and the values of a relation's kind :mod:`consolidators.changevalues`'.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from .forms import norm
from .nlp_cache import parse_doc
from .phrases import USER, USER_ROLES
from .rolenouns import plain_use
from .telegraphic import unmarked
from .text import split_sentences
from .toolnames import TOOL_ROLES, roles_of
from .toolrules import rule_facts
from .types import ActiveFact, Fact, Turn, by_turn
from .userchanges import RELATIONS, Change, changes, same


def revised(facts: list[Fact], active: Sequence[ActiveFact], turns: Sequence[Turn]) -> list[Fact]:
    """``facts`` (the session's, in turn order) with the changes the user's turns name for relations memory
    holds, each after its turn's other facts (a later turn's value is the later one)."""
    held = held_values(active)
    used = [a.object for a in active if a.subject == USER and a.predicate == "uses"]
    out: list[Fact] = []
    groups, unsourced = by_turn(facts, turns)
    for turn, stated in groups:
        before = len(out)
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
            if any(f.predicate != change.predicate and same(f.object, change.value) for f in mine):
                continue  # "X moved offices but we're still in Bristol": the home read, no employer; one value, two relations
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
            out += [replace(f, valid_from=turn.ts, event_ids=(turn.event_id,)) for f in _uses_changed(turn, used, out)]
        used = _still_used(used, out[before:])
    return out + unsourced  # a fact no turn sourced: where it was, at the end


def _uses_changed(turn: Turn, held: Sequence[str], out: list[Fact]) -> list[Fact]:
    """A tool held as a plain use (by memory, or said in an earlier turn of the session) that the turn gives up for
    another of the role both fill: the new one in its place, as a plain use too ("switched to Notion for my tasks"
    … "I ditched Notion, everything lives in Obsidian now"), and the old one taken back ("i use VS Code for
    everything" … "i switched to Neovim"): plain uses are several, so only its take-back retires it."""
    used = {norm(f.object) for f in out if f.subject == USER and f.predicate in TOOL_ROLES | {"uses"}}
    gone = {norm(f.object) for f in out if f.subject == USER and f.predicate == "uses" and f.retract}
    found: list[Fact] = []
    for tool in held:
        if len(roles_of(tool)) != 1:
            continue
        role = next(iter(roles_of(tool)))
        for sentence in split_sentences(turn.content):
            for change in changes(sentence, {role: tool}):
                if role not in roles_of(change.value):
                    continue
                if norm(tool) not in gone:
                    found.append(Fact(USER, "uses", tool, 0.8, retract=True))
                    gone.add(norm(tool))
                if norm(change.value) not in used:
                    found += rule_facts(USER, "uses", change.value, 0.8, False)
                    used.add(norm(change.value))
    return found


def _still_used(used: list[str], said: Sequence[Fact]) -> list[str]:
    """The plain uses held after a turn that said ``said``: a switch later in the session may give one up as
    one memory held ("I use Evernote for everything." … "switched to Bear for my notes")."""
    out = list(used)
    for f in (f for f in said if f.subject == USER and f.predicate == "uses"):
        out = [u for u in out if norm(u) != norm(f.object)] + ([] if f.retract else [f.object])
    return out


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
            whole = same(f.object, value) and len(f.object.split()) <= len(value.split())
            if role in TOOL_ROLES and not named and whole:
                out.append(replace(f, predicate=role, object=value))
    return out


def _part_given_up(f: Fact, content: str) -> bool:
    """Whether ``f`` takes back a tool the user gave up only a part, a variant or one place of: "gave up on Firefox
    sync", "gave up Bitwarden premium", "stopped using Firefox on my phone" leave the tool in use."""
    if f.subject != USER or not f.retract or f.predicate != "uses":
        return False
    first = f.object.split()[0].lower()
    # parsed as the readers read it: "quit Snapchat lol" names no kind of Snapchat
    mentions = [t for s in split_sentences(content) for t in parse_doc(unmarked(s)) or () if t.text.lower() == first]
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
    olds = {f.object.lower() for f in said if same(f.object.lower(), old)}
    return not said or parts | olds >= values and bool(olds) and bool(parts)


def held_values(active: Sequence[ActiveFact]) -> dict[str, str]:
    """The user's latest active value of each relation read here."""
    ordered = sorted(
        (a for a in active if a.subject.lower() == USER and a.predicate.lower() in RELATIONS),
        key=lambda a: a.valid_from.timestamp() if a.valid_from else float("-inf"),
    )
    return {a.predicate.lower(): a.object for a in ordered}


def _turn_changes(content: str, held: dict[str, str]) -> Iterator[tuple[Change, str]]:
    """The turn's changes, each with the value it replaces."""
    for sentence in split_sentences(content):
        for change in changes(sentence, held):
            yield change, held[change.predicate]
