"""A change of a single-valued relation read as a frame from the dependency parse: the relation named by a role
noun, the entity whose relation changes, the new value, and whether the change is done.

News says an office, a capital or a credit changed hands in shapes the verb-led readers don't cover, because
the relation is a noun and the verb only says that something changed: "the new Norvassan capital, Ebbtide,
opened its parliament", "Ada Berg's birthplace has been amended to Tromsø", "the registry now lists Piet Maas
as the founder of Kelpwise", "the board tapped Ruth Amadi as chief executive", "Tove Lind won the Norvassan
presidency". Every such sentence fills the same :class:`Frame`:

- the **relation**: a role noun of the vocabulary (:func:`consolidators.relations.role_relation`, "owner"
  roles: the name the role is of holds it) or an office's own noun ("presidency", "mayoralty");
- the **owner**, the entity that changes: the role's possessive, its "of" name, a demonym before it
  ("the Norvassan capital"), or, for a verb that appoints ("tapped", "named"), the appointer;
- the **value**, by how it attaches to the role noun: set beside it ("the new capital, Ebbtide,"), changed
  *to* it ("has been amended to Tromsø"), given *as* it ("lists Piet Maas as the founder", "replaced A with
  B as director"), or the one who won the office ("won the presidency");
- the **old** value where the sentence gives it ("replaced A with B"), which is never the new one.

Precision first: a question, a hedge, a plan, a modal, a negation or a former role ("the old capital") is no
change done, and yields nothing; so does an owner that is no name ("the country's", "its").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from . import nlp_cache
from .places import DEMONYMS
from .regexgate import compiled
from .relations import PERSON_VALUED, role_relation
from .spans import (
    FORMER,
    ORG_WORDS,
    child,
    former,
    hedged,
    is_name,
    make_fact,
    name_text,
    negated,
    owner_of,
    person,
    role_words,
)
from .text import expand_contractions, lemmatise, states_a_fact
from .types import Fact

#: The single-valued relations a role noun may change here: an owner holds one value of each at a time.
_CHANGED = frozenset(
    "capital|official language|currency|president|mayor|ceo|headquartered in|founded by|directed by|born in"
    "|died in|educated at".split("|")
)
#: An office's own noun, which names the relation as the holder's title does ("won the presidency").
_OFFICE_NOUNS = {"presidency": "president", "mayoralty": "mayor", "premiership": "prime minister"}
#: Verbs by which a value is changed *to*: "has been corrected to Linz", "was moved to Tollin".
_CHANGED_TO = frozenset("correct amend change update revise move shift transfer switch pass fall".split())
#: Verbs by which someone takes an office as its object: "won the presidency", "assumed the mayoralty".
_TAKES = frozenset("win take assume clinch secure inherit".split())
#: Verbs by which a company appoints its chief: their subject, a name, is the owner of the office they give
#: ("Acme tapped X as CEO", "Acme turns to X as CEO"). Only a company's chief: a city or a country elects.
_APPOINTS = frozenset("appoint name tap hire pick choose select install confirm promote unveil turn".split())
#: Verbs whose object is the one a new holder replaced: "B replaced A as CEO", "B succeeded A as mayor".
_SUCCEEDS = frozenset("replace succeed oust unseat defeat follow depose topple".split())
#: Verbs that record a value rather than change it: a record in the simple past is an earlier one ("early
#: profiles gave Bodø as her birthplace"); only what it gives now, or has since been changed to, is current.
_RECORDS = frozenset("give list credit record cite show name".split())
#: A role not held now: a past one, or one still to be taken ("the incoming president", "the mayor-elect").
_NOT_NOW = FORMER | {"old", "ex", "incoming", "elect", "designate", "next", "outgoing"}
_NEW = frozenset({"new", "newly"})
#: Verbs by which a chief leads a company, said in the passive of the company ("has been headed by X").
_LEADS = frozenset("head lead run helm".split())
_WED = re.compile(r"\b(?:re)?(?:married|wed)\b")
_LED = re.compile(r"\b(?:headed|led|run|helmed) by\b")
#: A company's last word: not a team's, a city's or a union's ("United", "City", "Club", "Union").
_COMPANY = ORG_WORDS - {"Club", "FC", "United", "City", "Union", "Council", "Ministry", "Orchestra", "Society"}
#: A cheap word test before the parse: a role noun of :data:`_CHANGED`, or an office's noun.
_WORTH = compiled(
    r"\b(?:capital|language|currency|president|presidency|mayor|mayoralty|ceo|CEO|chief executive|headquarters"
    r"|head office|founder|co-founder|director|birthplace|place of birth|hometown|deathplace|alma mater)\b",
    re.I,
)


@dataclass(frozen=True)
class Frame:
    """One change a sentence states: ``owner``'s ``relation`` is now ``value`` (it was ``old``, if said)."""

    relation: str
    owner: Any  # a token of the parse, or a name spelled out (a demonym's country)
    value: Any
    old: Any = None

    def facts(self) -> list[Fact]:
        if self.old is not None and self.old.text == getattr(self.value, "text", None):
            return []
        return make_fact(self.owner, self.relation, self.value, single=True)


def facts(sentence: str) -> list[Fact]:
    """The changes a (plain) sentence states as frames, as single-valued facts."""
    text = expand_contractions(sentence)
    if not (_WORTH.search(text) or _LED.search(text) or _WED.search(text)) or not states_a_fact(text):
        return []
    doc = nlp_cache.parse_doc(sentence)
    if doc is None:
        return []
    return [f for frame in (*_frames(doc, sentence), *_led(doc), *_wed(doc)) for f in frame.facts()]


def merged(found: list[Fact], sentence: str) -> list[Fact]:
    """``found`` with the frames' facts of the keys no other reader stated (theirs stand)."""
    keys = {(f.subject.lower(), f.predicate) for f in found}
    extra = [f for f in facts(sentence) if (f.subject.lower(), f.predicate) not in keys]
    return found + extra


def _frames(doc: Any, sentence: str) -> Iterator[Frame]:
    for noun in doc:
        relation = _relation(noun)
        if relation is None or former(noun) or _said_before(noun, sentence, _NOT_NOW) or _said_after(noun, sentence):
            continue
        owner = _owner(noun)
        for value, old, verb in _values(noun, _said_before(noun, sentence, _NEW)):
            if verb is not None and not _done(verb):
                continue
            whose = owner if owner is not None else _appointer(verb, noun)
            if whose is None or not _fits(relation, value):
                continue
            yield Frame(relation=relation, owner=whose, value=value, old=old)


def _said_before(noun: Any, sentence: str, words: frozenset[str]) -> bool:
    """One of ``words`` said before the noun in its phrase of the sentence itself: the parser's text may have lost
    it ("The old capital, X," is parsed from "capital, X,")."""
    before = "|".join(sorted(words))
    return re.search(rf"\b(?:{before})\b[^,;.]*?\b{re.escape(noun.text)}\b", sentence, re.I) is not None


def _led(doc: Any) -> Iterator[Frame]:
    """A company's chief said by the verb it is led by, now: "Acme has been headed by X", "Acme is now run by X".
    Only a company's name (a team, a party or an office is led by others than its chief executive)."""
    for verb in doc:
        if lemmatise(verb.text) not in _LEADS or verb.tag_ != "VBN" or not _done(verb):
            continue
        led = child(verb, "nsubjpass")
        by = child(child(verb, "agent"), "pobj")
        auxes = {c.lower_ for c in verb.children if c.dep_ in ("aux", "auxpass")}
        now = bool(auxes & {"has", "have", "is", "are"})  # "was headed by" is a past state
        if now and led is not None and by is not None and led.text in _COMPANY and person(by):
            yield Frame(relation="ceo", owner=led, value=by)


def _wed(doc: Any) -> Iterator[Frame]:
    """A marriage said by its verb with both names: "X married Y in June". The small model often tags this
    "married" an adjective with its subject as a modifier; the names around it still say who wed whom."""
    for verb in doc:
        if verb.lower_ not in ("married", "remarried") or child(verb, "auxpass", "aux") is not None:
            continue
        subj = child(verb, "nsubj", "npadvmod")
        spouse = child(verb, "dobj")
        if subj is not None and spouse is not None and person(subj) and person(spouse) and _done(verb):
            yield Frame(relation="married to", owner=subj, value=spouse)


def _said_after(noun: Any, sentence: str) -> bool:
    """A title still to be taken, said after the noun: "president-elect", "CEO designate"."""
    return re.search(rf"\b{re.escape(noun.text)}[- ](?:elect|designate)\b", sentence, re.I) is not None


def _relation(noun: Any) -> str | None:
    """The single-valued relation a noun names, or None."""
    if noun.pos_ not in ("NOUN", "PROPN"):
        return None
    office = _OFFICE_NOUNS.get(noun.lower_)
    if office is not None:
        return office if office in _CHANGED else None
    found = role_relation(role_words(noun))
    return found[0] if found is not None and found[1] == "owner" and found[0] in _CHANGED else None


def _owner(noun: Any) -> Any:
    """Whose role it is: a name by position (:func:`consolidators.spans.owner_of`), or the country a demonym
    before an office's noun names ("the Norvassan presidency"); a determiner other than "the" is anyone's."""
    owner = owner_of(noun)
    if not isinstance(owner, str) and owner is not None and owner.dep_ == "compound" and _coined_demonym(owner.text):
        return owner.text[:-1]  # "the Valmoran presidency": Valmora's, a country no table lists
    if owner is not None:
        return owner
    det = child(noun, "det")
    if det is not None and det.lower_ != "the":
        return None
    for mod in noun.lefts:
        if mod.dep_ in ("amod", "compound") and mod.text in DEMONYMS:
            return DEMONYMS[mod.text]
        if mod.dep_ in ("amod", "compound") and _coined_demonym(mod.text):
            return mod.text[:-1]  # "the Valmoran presidency": Valmora's, a country no table lists
    return None


def _coined_demonym(word: str) -> bool:
    return word[:1].isupper() and word.endswith("an") and len(word) > 5 and word not in DEMONYMS


def _values(noun: Any, new: bool) -> Iterator[tuple[Any, Any, Any]]:
    """(value, old value or None, the verb that states the change or None) for each way a value attaches; a
    value set beside the role only when the role is ``new`` (else it is a description, whatever befell it)."""
    appos = next((c for c in noun.children if c.dep_ == "appos" and is_name(c)), None)
    if new and appos is not None and noun.dep_ in ("nsubj", "nsubjpass", "ROOT"):  # "the new capital, Ebbtide, …"
        yield appos, None, noun.head if noun.dep_ != "ROOT" else None
    head = noun.head
    if noun.dep_ in ("nsubj", "nsubjpass") and lemmatise(head.text) in _CHANGED_TO:  # "… corrected to Linz"
        to = next((c for c in head.children if c.dep_ == "prep" and c.lower_ == "to"), None)
        value = child(to, "pobj")
        if value is not None and is_name(value):
            yield value, None, head
    if noun.dep_ == "dobj" and lemmatise(head.text) in _TAKES:  # "Tove Lind won the presidency"
        subj = child(head, "nsubj")
        if subj is not None and is_name(subj):
            yield subj, None, head
    if noun.dep_ == "pobj" and noun.head.lower_ == "as":  # "lists Piet Maas as the founder of …"
        yield from _given_as(noun.head.head)


def _given_as(anchor: Any) -> Iterator[tuple[Any, Any, Any]]:
    """The value an "as <role>" phrase gives: the name it attaches to ("… with B as director"), else the
    verb's object ("credits B as the founder"), else the name the verb turns to ("turns to B as CEO")."""
    if anchor.pos_ == "PROPN" and anchor.dep_ == "pobj":  # "replaced A with B as director of C"
        prep = anchor.head
        verb = prep.head
        old = verb if verb.pos_ == "PROPN" and prep.lower_ == "with" else child(verb, "dobj")
        yield anchor, old, verb if verb.pos_ in ("VERB", "AUX") else None
        return
    new = child(next((c for c in anchor.children if c.dep_ == "prep" and c.lower_ == "with"), None), "pobj")
    if anchor.pos_ == "PROPN" and new is not None and new.pos_ == "PROPN":  # "… A with B as director": "as" on A
        yield new, anchor, None
        return
    if anchor.pos_ not in ("VERB", "AUX"):
        return
    if lemmatise(anchor.text) in _SUCCEEDS:  # "B replaced A as CEO": the object is the one replaced
        yield from _succeeded(anchor)
        return
    value = child(anchor, "dobj")
    if value is None:
        to = next((c for c in anchor.children if c.dep_ == "prep" and c.lower_ == "to"), None)
        value = child(to, "pobj")
    if value is not None and is_name(value):
        yield value, None, anchor


def _succeeded(verb: Any) -> Iterator[tuple[Any, Any, Any]]:
    """The new holder of a succession verb: its subject ("B succeeded A as mayor"), or in the passive the one it
    is by ("A was replaced by B as mayor"); the one replaced is the old value."""
    agent = child(child(verb, "agent"), "pobj")
    value, old = (agent, child(verb, "nsubjpass")) if agent is not None else (child(verb, "nsubj"), child(verb, "dobj"))
    if value is not None and is_name(value):
        yield value, old, verb


def _appointer(verb: Any, noun: Any) -> Any:
    """The subject of an appointing verb, when the role names no owner of its own ("Acme tapped X as CEO")."""
    if verb is None or lemmatise(verb.text) not in _APPOINTS or noun.head.lower_ != "as":
        return None
    subj = child(verb, "nsubj")
    named = subj is not None and subj.pos_ == "PROPN" and not person(subj)  # a person appoints no company's chief
    return subj if named and _relation(noun) == "ceo" else None


def _done(verb: Any) -> bool:
    """The change is stated as done: no modal, no negation, not an infinitive of a plan ("to appoint"), and not
    an earlier record (a recording verb in the simple past)."""
    aux = child(verb, "aux")
    planned = aux is not None and aux.lower_ == "to"
    record = lemmatise(verb.text) in _RECORDS
    recorded = record and (verb.tag_ == "VBD" or _some(child(verb, "nsubj")))
    return not (hedged(verb) or negated(verb) or planned or recorded)


def _some(subj: Any) -> bool:
    """A source among others ("some sources", "several accounts"): what it records is one claim of many."""
    return subj is not None and any(c.dep_ in ("det", "amod") and c.lower_ in _SOME for c in subj.children)


_SOME = frozenset("some several many few other various certain early earlier older".split())


def _fits(relation: str, value: Any) -> bool:
    """A value of the relation's kind: a person's office is held by a name, never by a pronoun."""
    if value.pos_ == "PRON":
        return False
    return relation not in PERSON_VALUED or value.pos_ == "PROPN"


@dataclass(frozen=True)
class Moved:
    """A move said by its noun ("completed a move to Astana", "confirmed X's arrival from Marseille"): who moved,
    where to, and what was left ("" if unsaid). Which relation moved, the move-readers decide
    (:mod:`consolidators.thirdmoves`), with memory where the words show none."""

    subject: str
    value: str
    left: str
    cue: str  # "move" for a move of home or seat, "switch" for a move between parties


#: Nouns of a move, by the cue the move-readers know them by.
_MOVE_NOUNS = {"move": "move", "relocation": "move", "transfer": "switch", "switch": "switch", "arrival": "switch"}
#: Verbs that complete a move said by its noun: "completed a move to …", "confirmed X's arrival".
_COMPLETES = frozenset("complete seal finalise finalize finish confirm announce make secure".split())
_MOVE_WORDS = re.compile(r"\b(?:move|relocation|transfer|switch|arrival)\b")


def moved(text: str) -> Moved | None:
    """The one move a (plain) sentence states by its noun, done and by a named subject, or None."""
    if not _MOVE_WORDS.search(text) or not states_a_fact(text):
        return None
    doc = nlp_cache.parse_doc(text)
    found = [m for noun in doc or () if (m := _move_of(noun)) is not None] if doc is not None else []
    return found[0] if len(found) == 1 else None


def _move_of(noun: Any) -> Moved | None:
    cue = _MOVE_NOUNS.get(noun.lower_)
    verb = noun.head
    if cue is None or noun.dep_ != "dobj" or lemmatise(verb.text) not in _COMPLETES or not _done(verb):
        return None
    doer = child(verb, "nsubj")
    poss = child(noun, "poss")
    to = child(next((c for c in noun.children if c.dep_ == "prep" and c.lower_ == "to"), None), "pobj")
    left = child(next((c for c in noun.children if c.dep_ == "prep" and c.lower_ == "from"), None), "pobj")
    if poss is not None and person(poss):  # "Monaco confirmed X's arrival (from A)": the confirmer is joined
        subject, value = poss, to if to is not None else doer
    else:  # "X completed a move to B"
        subject, value = doer, to
    if subject is None or value is None or not person(subject) or not is_name(value) or value.pos_ == "PRON":
        return None
    return Moved(name_text(subject), name_text(value), name_text(left) if left is not None else "", cue)
