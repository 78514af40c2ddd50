"""A user turn that opens by repairing what the user told before: the old value was never true.

"I live in Lyon." … "just kidding, I live in Nantes"; "Correction: we live in Mannheim, not Heidelberg." A move
would supersede the old home and keep it as a past truth ("lived in Lyon until today"); a repair says it never
held, so the old value is taken back (a retraction) before the new one is stated. :mod:`consolidators.repairs`
mends a repair inside one turn (the sentence before it is never said); this module reads one that opens a turn,
against the user's previous statement of the relation in the session, else the value memory holds.

Precision first: only a turn whose first sentence opens with a repair cue ("correction:", "just kidding", "jk",
"I misspoke", "my mistake", "no wait", "actually no"), only the single-valued relations the user's memory keeps
(one home, one employer, one editor …), and only a value that differs from the one the repair states.

A pet's name is one of several, so no cue replaces it; a name is corrected by its spelling instead: "the cat is
called Biskit" or "the cat's name is Biskit, not Biscuit" when memory (or the session) holds a pet Biscuit. The
new name is the pet's when the sentence names the held one after "not", or when it is the held name misspelt (the
same first letter, both of five letters or more, at most two letters apart); "the cat" alone, with no held name
it corrects, could be anyone's cat and names nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from difflib import SequenceMatcher

from .forms import KIN_PATTERN, norm
from .lifeevents import PET_WORDS, fact
from .phrases import USER, USER_ROLES
from .repairs import opens_repair
from .text import expand_contractions, split_sentences
from .toolrules import rule_facts
from .types import ActiveFact, Fact, Turn, by_turn
from .userchanges import RELATIONS
from .userheld import hold
from .usermemory import held_values


def repaired(facts: list[Fact], active: Sequence[ActiveFact], turns: Sequence[Turn]) -> list[Fact]:
    """``facts`` (the session's, in turn order) with the value each repairing user turn replaces taken back, before
    that turn's own facts."""
    held = held_values(active)
    out: list[Fact] = []
    groups, unsourced = by_turn(facts, turns)
    for turn, stated in groups:
        if turn.role.lower() in USER_ROLES and _opens_repair(turn.content):
            out += [_taken_back(f, old, turn) for f in stated if (old := _wrong(f, held)) is not None]
        out += stated
        for f in stated:
            if f.subject == USER and f.predicate in RELATIONS:
                hold(held, f)
    return out + unsourced


#: A pet named by its kind, maybe with the name it does not have: "the cat is called Biskit", "sorry, our dog's
#: name is Rolo not Rollo".
_PET_NAMED = re.compile(
    rf"\b(?:the|my|our) (?:{PET_WORDS})(?:'s name is|'s called| is called| is named| is actually called)"
    r" (?P<name>[A-Za-z][\w'-]+)(?:,? not (?P<old>[A-Za-z][\w'-]+))?",
    re.I,
)


#: "I meant iPhone 15, not 16", "sorry, we meant Leeds and not Leicester": the value meant, and the one said instead.
#: A copula that sets one value against another says the same ("what I study is phonetics, not semantics", "it is a
#: Moto G5, not the G4", "I am a staff nurse, not a midwife"): the subject is the user, their "it"/"that", "my X" or
#: "what I do"; someone else's "my sister is a nurse, not a midwife" is a relation of hers, read against nothing.
_MEANT = re.compile(
    r"(?:\b(?:I|we) (?:actually )?meant"
    r"|(?:^|[:,;—–-] ?)(?:I am|we are|it is|that is|(?:my|our) (?:[\w-]+ ){0,2}?(?:is|are)|what I \w+(?: \w+){0,2} is)"
    r"(?: (?:actually|really|now))?)"
    r" (?:an? |the )?(?P<new>[^,;.!?]+?),? (?:and )?not (?:an? |the )?(?P<old>[^,;.!?—–]+?)\s*(?:[,;.!?—–]|$)",
    re.I,
)
#: A relation's kind by the person whose "my X" a copula names: "my sister is a nurse" says nothing of the user.
_ANOTHER = re.compile(rf"\b(?:my|our) (?:[\w-]+ ){{0,2}}?(?:{KIN_PATTERN}|mate|flatmate|housemate|roommate)s?\b", re.I)


def meant(facts: list[Fact], active: Sequence[ActiveFact], turns: Sequence[Turn]) -> list[Fact]:
    """``facts`` (the session's, in turn order) with each user turn's "I meant X, not Y" read against what memory
    holds: when Y is the value held for a single-valued relation, or a part of it ("not 16" of an iPhone 16), Y was
    never true and X is the relation's value (the held name with Y's part replaced when X is only that part)."""
    held = held_values(active)
    out: list[Fact] = []
    groups, unsourced = by_turn(facts, turns)
    for turn, stated in groups:
        before = dict(held)  # "not Y" names what was held before the turn, whatever its readers made of the clause
        for f in stated:
            if f.subject == USER and f.predicate in RELATIONS:
                hold(held, f)
        fixed: list[Fact] = []
        if turn.role.lower() in USER_ROLES:
            for sentence in split_sentences(expand_contractions(turn.content)):
                fixed += _meant(sentence, before, turn)
        for f in fixed:
            hold(held, f)
        out += _without_misreads(stated, fixed) + fixed
    return out + unsourced


def _meant(sentence: str, held: dict[str, str], turn: Turn) -> list[Fact]:
    """The take-back and the new value of each held relation the sentence says was meant otherwise."""
    out: list[Fact] = []
    for m in _MEANT.finditer(sentence):
        if m["new"].split()[0].lower().endswith("ing"):
            continue  # "I am studying X now, not Y": a verb's object, which the readers of that verb read
        if m.group(0).rstrip().endswith("?") or _ANOTHER.search(m.group(0)):
            continue  # "you meant Leeds, not Leicester?" asks; "my brother is a nurse, not …" is his
        for relation, old in list(held.items()):
            new = _meant_value(m["new"].strip(), m["old"].strip(), old)
            if new is None:
                continue
            said = [
                replace(f, valid_from=turn.ts, event_ids=(turn.event_id,))
                for f in rule_facts(USER, relation, new, 0.8, False, attribute=True)
            ]
            out += [_taken_back(g, old, turn) for g in said] + said
            held[relation] = new
            break
    return out


def _without_misreads(stated: list[Fact], fixed: list[Fact]) -> list[Fact]:
    """The turn's facts less those a correction restates: its take-back once, and no other value of its relation
    ("engineer" read from "a machine learning engineer, not a data scientist")."""
    relations = {f.predicate for f in fixed if not f.retract}
    return [f for f in stated if not (f.subject == USER and f.predicate in relations)]


def _meant_value(new: str, denied: str, held: str) -> str | None:
    """The value meant in place of ``held`` when ``denied`` names it whole or a part of it; None otherwise."""
    words, part = norm(held).split(), norm(denied).split()
    if norm(denied) == norm(held):
        return new if norm(new) != norm(held) else None
    at = next((i for i in range(len(words) - len(part) + 1) if words[i : i + len(part)] == part), None)
    if at is None or not part or len(part) == len(words):
        return None
    if set(norm(new).split()) & set(words[:at] + words[at + len(part) :]):
        return new  # "iPhone 15, not 16": the new value is said whole
    return " ".join(held.split()[:at] + [new] + held.split()[at + len(part) :])  # "15, not 16" of an iPhone 16


def renamed_pets(facts: list[Fact], active: Sequence[ActiveFact], turns: Sequence[Turn]) -> list[Fact]:
    """``facts`` (the session's, in turn order) with each held pet whose name a user turn corrects taken back, and
    the corrected name stated."""
    held = [a.object for a in active if a.subject == USER and a.predicate == "has pet"]
    out: list[Fact] = []
    groups, unsourced = by_turn(facts, turns)
    for turn, stated in groups:
        fixed: list[Fact] = []
        if turn.role.lower() in USER_ROLES and "?" not in turn.content:
            for m in _PET_NAMED.finditer(turn.content):
                old = _corrected(m["name"], m["old"], held)
                if old is not None:
                    new = fact("has pet", m["name"], 0.8)
                    fixed += [_taken_back(new, old, turn), replace(new, valid_from=turn.ts, event_ids=(turn.event_id,))]
        said = {norm(f.object) for f in fixed if not f.retract}
        out += fixed + [f for f in stated if not (f.predicate == "has pet" and norm(f.object) in said)]
        held += [f.object for f in stated + fixed if f.subject == USER and f.predicate == "has pet" and not f.retract]
    return out + unsourced


def _corrected(name: str, denied: str | None, held: list[str]) -> str | None:
    """The held pet name ``name`` corrects: the one the sentence denies, else the one it misspells."""
    if denied is not None:
        return next((h for h in held if norm(h) == norm(denied) and norm(h) != norm(name)), None)
    return next((h for h in held if _misspelt(h, name)), None)


def _misspelt(old: str, new: str) -> bool:
    """Whether ``new`` is ``old`` spelt another way ("Biscuit" and "Biskit"), not another name ("Max" and "Mia")."""
    a, b = norm(old), norm(new)
    if a == b or a[:1] != b[:1] or min(len(a), len(b)) < 5:
        return False
    return SequenceMatcher(None, a, b).ratio() >= 0.75 and abs(len(a) - len(b)) <= 2


def _opens_repair(content: str) -> bool:
    sentences = split_sentences(content)
    return bool(sentences) and opens_repair(sentences[0])


def _wrong(fact: Fact, held: dict[str, str]) -> str | None:
    """The value ``fact`` repairs: the one held for its relation before the turn, when it is another."""
    if fact.subject != USER or fact.retract or fact.predicate not in RELATIONS:
        return None
    old = held.get(fact.predicate)
    return old if old is not None and norm(old) != norm(fact.object) else None


def _taken_back(fact: Fact, old: str, turn: Turn) -> Fact:
    return replace(
        fact,
        object=old,
        retract=True,
        replaces=None,
        replaces_attribute=False,
        cardinality=None,
        valid_from=turn.ts,
        event_ids=(turn.event_id,),
    )
