"""A long third-person sentence restated clause by clause, each clause with the subject it shares.

Encyclopedic text packs several statements about one name into one sentence: verb phrases coordinated after one
subject ("X is married to Y and lives in Kumasi"), a relative clause on what the subject is ("X is a novelist,
author of Z, who teaches at S and lives in O"), a continuation after ";" or ", and" whose subject is "he", "she",
"it", "its …" or "the 24-year-old" ("…; he lives in Lisbon"), an appositive ("X, a cardiologist at H, …"), a
birthplace or seat said as a modifier ("a Mumbai-born cricketer", "a Leeds-headquartered subsidiary", "a Durban
native"), and lists of values of a multi-valued relation ("speaks Urdu, Punjabi and English"). Each clause alone is
a sentence the readers already read; this module only finds the clauses and their subject and restates them as
"<subject> <verb phrase>.", which :func:`consolidators.triples.sentence_triples` reads again (its own clauses in
turn), so one structural step covers every relation the readers know.

Precision: a continuation's pronoun is the sentence's named subject, never another person the sentence introduces
("with her husband, the glaciologist Anders Vik; she …" is left unread); a segment after ";" that opens with no
pronoun is not the subject's; a list is expanded only for the relations that accumulate values.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from .lifeevents import is_occupation
from .places import DEMONYMS
from .relations import THIRD_PERSON_PREDICATES
from .restated import NAME, merged_statements
from .spans import ORG_NOUNS
from .statics import MULTI
from .text import UPPER, inflected_verb
from .tidy import MULTI_ROLES
from .types import Fact

#: Words that may stand between a clause's start and its verb: "he now lives", "currently plays".
_ADVERBS = r"(?:(?:now|currently|also|still|today|later|since \d{4}|mainly|already|subsequently|then),? )*"
#: A verb that opens a verb phrase: an inflected verb (its tense says it is a clause, "lives", "was"), after
#: adverbs of time.
_VERB_WORD = re.compile(rf"^{_ADVERBS}(?P<verb>[a-z]+)\b")
#: Descriptions before a name, no part of it: "Lagos-born, London-based playwright Tolu Ajayi".
_LEAD = rf"(?P<lead>(?:(?:[{UPPER}][\w'-]*-(?:born|based|headquartered)),? (?:and )?)+(?:[a-z][\w-]* ){{1,2}})?"
#: A sentence about a name: its descriptions, the name, a bracketed aside ("(born 1977)"), a possessive noun
#: ("Vietnam's currency"), an appositive between commas (", a cardiologist at H,"), then the predicate.
_HEAD = re.compile(
    rf"^{_LEAD}(?:Dr\.? |Prof\.? )?(?P<name>{NAME})(?: \([^()]*\))?(?P<poss>'s (?:[a-z-]+ ){{1,3}})?"
    rf"(?:, (?P<appos>[^,;()]+),)? (?P<pred>.+?)\.?$"
)
#: Where a predicate's clauses part (outside brackets): ";" always; ", and", "and", ", " or "while" before a verb
#: phrase or a continuation's subject.
_BOUNDARY = re.compile(r"\s*;\s*|,? and (?=\S)|, (?:while |whereas )?(?=\S)")
#: An opening participle phrase of a continuation, its subject after the comma.
_PARTICIPLE_LEAD = re.compile(r"^(?:born|raised|educated|founded|based|headquartered) [^,;]+$")
#: A continuation's subject: a pronoun, "its <role>", "the <n>-year-old", or an opening participle phrase then
#: the pronoun ("born in Gaziantep, she grew up …").
_CONTINUES = re.compile(
    r"^(?P<lead>(?:born|raised|educated|founded|based|headquartered) [^,;]+, )?"
    r"(?:(?P<pronoun>he|she|it|they)|(?P<its>its|his|her) (?=[a-z])|(?P<epithet>the \d+-year-old)) (?P<rest>.+)$"
)
#: Who "he"/"she" may be if not the subject: a person the sentence introduces by a kin word of that gender, or by
#: marriage or kin just before the pronoun ("is married to the painter Ewa Lis; she …").
_ANOTHER_PERSON = {
    "he": re.compile(r"\b(?:husband|son|father|brother|boyfriend)\b"),
    "she": re.compile(r"\b(?:wife|daughter|mother|sister|girlfriend)\b"),
}
_JUST_INTRODUCED = re.compile(
    rf"\b(?:married to|wife|husband|partner|son|daughter|mother|father|brother|sister),?(?: the)?(?: [a-z-]+)* {NAME}$"
)
#: A name of two words and more followed by its own verb.
_NAMED_CLAUSE = re.compile(rf"[{UPPER}][\w'-]+ [{UPPER}][\w'-]+ (?P<verb>[a-z]+)\b")
#: A copula's noun phrase, then a relative clause about the subject: "is a novelist, author of Z, who teaches …".
_COPULA_WHO = re.compile(
    r"^(?P<copula>(?:is|was|has been) (?:an?|the) )(?P<noun>[^;]*?)(?:,)? who (?P<rel>(?!is said|was said).+)$"
)
#: A coordinated noun phrase of the copula: "is a goalkeeper … and a member of the national team".
_COPULA_AND = re.compile(r"^(?P<copula>is|was) (?P<first>(?:an?|the) .+?),? and (?P<second>(?:an?|the) [a-z].+)$")
#: A modifier that places the name: "Mumbai-born", "Dakar-based", "Leeds-headquartered", "a Durban native".
_PLACED = re.compile(
    rf"(?P<place>[{UPPER}][\w'-]*(?: [{UPPER}][\w'-]*)?)-(?P<kind>born|based|headquartered)\b"
    rf"|\b(?:an?|the) (?P<native>[{UPPER}][\w'-]*(?: [{UPPER}][\w'-]*)?) native\b"
)
#: The noun a place modifier describes: its head noun after the modifiers ("-based sound artist").
_NOUN_AFTER = re.compile(r"^(?:,? (?:and )?[\w'-]+-(?:born|based|headquartered))*(?: [a-z][\w-]*){1,2}")
#: One value of a list: a name, a year after it ("Rio Vermelho (2015)"); no "and" inside.
_ITEM = rf"(?:the )?[{UPPER}0-9][\w&.'’-]*(?: (?:of |de |da |del |the )?[{UPPER}0-9][\w&.'’-]*)*(?: \(\d{{4}}\))?"
_LIST = re.compile(
    rf"^(?P<verb>[a-z][^{UPPER}]*?)(?P<items>{_ITEM}(?:, {_ITEM})*,? and {_ITEM})(?P<rest>(?: [a-z].*)?)$"
)
#: Coordinated adjectives of one noun: "holds Portuguese and Brazilian citizenship".
_ADJECTIVES = re.compile(rf"(?P<a>[{UPPER}][a-z]+) and (?P<b>[{UPPER}][a-z]+) (?P<noun>[a-z]+)\b")
#: Relations that accumulate values: a list's values are each one.
_MANY = MULTI | MULTI_ROLES | {"citizen of"}
#: Relations whose subject is the work a list names: "directed A and B" credits each.
_MADE = frozenset({"directed by", "composed by", "designed by", "painted by", "developed by", "created by"})
_SEATS = frozenset({"lives in", "headquartered in", "located in"})
#: Relations only a person has: a reading of one for another name the clause's subject's value shares is a misreading.
_PERSONAL = frozenset(
    {"works at", "born in", "died in", "educated at", "married to", "speaks", "citizen of", "plays for", *_SEATS}
)


#: Capitalised words a sentence opens with that name no one: articles, pronouns, prepositions.
_NOT_A_NAME = frozenset("The A An In On At After Before I We My Our It He She They This That His Her Its".split())
#: The speaker named: a reading of the user is then the speaker's own, whatever the clauses say.
_FIRST_PERSON = re.compile(r"\b(?:I|me|my|we|our|us)\b", re.I)


def statements(text: str) -> tuple[list[str], list[str]]:
    """The clauses of ``text`` restated about their subject, and the restatements of its lists' values (read
    for relations that accumulate values only)."""
    head = _HEAD.match(text)
    if head is None or head["name"].split()[0] in _NOT_A_NAME:
        return [], []
    name = head["name"]
    possessive = f"{name}{head['poss'].rstrip()}" if head["poss"] else ""
    said: list[str] = []
    if head["appos"]:
        said += _apposed(name, head["appos"])
    noun_phrase = head["appos"] if head["appos"] and re.match(r"(?:an?|the) ", head["appos"]) else ""
    said += _placed(name, head["lead"] or "", text) + _placed(
        name, noun_phrase, text
    )  # "Kyiv-born and educated at" is none
    parts = _parts(head["pred"])
    if not parts or not _starts_verb(parts[0]):
        return [], []
    for i, part in enumerate(parts):
        before = "; ".join(parts[:i])
        clause = _continuation(name, part, before) if i else [f"{possessive or name} {part}"]
        if clause is None and not possessive and _starts_verb(part):
            clause = [f"{name} {part}"]
        if clause:
            said += clause + _copular(name, part)
    lists = [s for clause in said for s in _listed(clause)]
    # the sentence itself, said again, is read already
    return [f"{s.rstrip(' ,.')}." for s in said if not text.startswith(s.rstrip(" ,."))], lists


def _parts(pred: str) -> list[str]:
    """The predicate's parts at the boundaries outside brackets."""
    parts: list[str] = []
    depth = 0
    start = 0
    for m in _BOUNDARY.finditer(pred):
        depth = pred.count("(", 0, m.start()) - pred.count(")", 0, m.start())
        rest = pred[m.end() :]
        if depth or not (_starts_verb(rest) or _CONTINUES.match(rest) or ";" in m[0]):
            continue
        last = pred[start : m.start()].split()[-1:]
        if (
            last and inflected_verb(last[0].split("-")[-1]) and ";" not in m[0]
        ):  # "was co-written and directed by Y": one object
            continue
        parts.append(pred[start : m.start()])
        start = m.end()
    parts.append(pred[start:])
    joined: list[str] = []
    for part in (p.strip(" ,") for p in parts if p.strip(" ,")):
        if joined and _PARTICIPLE_LEAD.match(joined[-1]):  # "born in Bodø" + "she trained …": one continuation
            joined[-1] = f"{joined[-1]}, {part}"
        else:
            joined.append(part)
    return joined


def _starts_verb(part: str) -> bool:
    m = _VERB_WORD.match(part)
    return m is not None and inflected_verb(m["verb"]) and m["verb"] not in ("born", "founded", "based")


def _continuation(name: str, part: str, before: str) -> list[str] | None:
    """The clause ``part`` about ``name`` when its subject continues the sentence's: "he …", "its chief executive
    …", "the 24-year-old …", "born in A, she …" (the participle phrase restated as a clause of its own too)."""
    m = _CONTINUES.match(part)
    if m is None:
        return None
    pronoun = m["pronoun"] or ""
    if pronoun in _ANOTHER_PERSON and (" " not in name or re.search(rf"[{UPPER}][\w-]+(?:'s|') ", before)):
        return None  # a person has a full name; "confirmed Lars Petersen's departure; he …" may be Petersen
    if pronoun in _ANOTHER_PERSON and (
        _ANOTHER_PERSON[pronoun].search(before) or _JUST_INTRODUCED.search(before) or _another_subject(before)
    ):
        return None
    rest = m["rest"]
    if m["its"]:
        return [f"{name}'s {rest}"]
    if m["epithet"] and re.search(rf"[{UPPER}]", before.split(" ", 1)[-1]):
        return None  # "plays for Sporting CP; the 24-year-old …" names another before: only a pronoun is sure
    return [f"{name} {rest}"] + ([f"{name} was {m['lead'].rstrip(', ')}"] if m["lead"] else [])


def _another_subject(before: str) -> bool:
    """Whether ``before`` has a clause of another named person ("Zurich is where James Joyce died")."""
    return any(inflected_verb(m["verb"]) for m in _NAMED_CLAUSE.finditer(before))


def _copular(name: str, part: str) -> list[str]:
    """What a copula's noun phrase says beyond its first noun: a relative clause about the subject ("is a
    novelist, author of Z, who teaches at S") and a second coordinated noun ("… and a member of Y")."""
    said: list[str] = []
    who = _COPULA_WHO.match(part)
    # the relative is the subject's when no other name stands before it, or after an appositive closed by a comma
    if who and (not _names_in(who["noun"]) or re.search(r", [a-z][^,]*, ?$|, [a-z][^,]*$", who["noun"])):
        said.append(f"{name} {who['rel']}")
    noun = re.match(r"(?:is|was) (?:an?|the) (?P<noun>[^,;]+?)(?: who |,|$)", part)
    if noun:  # "is a Khartoum-born architect": the modifier places the subject
        said += _placed(name, noun["noun"], part)
    both = _COPULA_AND.match(part.split(" who ")[0])
    if both:
        said.append(f"{name} {both['copula']} {both['second']}")
    return said


def _names_in(words: str) -> bool:
    """Whether ``words`` name anything: a capitalised word that is no demonym ("a Polish film-maker") and no
    place modifier ("a Mumbai-born cricketer")."""
    return any(w[:1].isupper() and w not in DEMONYMS for w in _PLACED.sub("", words).split())


def _apposed(name: str, appos: str) -> list[str]:
    """An appositive's statement: "X, a cardiologist at H," says "X is a cardiologist at H"; one with a relative
    clause says what the clause says ("X, a Durban native who now lives in J," says "X now lives in J")."""
    if not re.match(r"(?:an?|the) ", appos):
        return []
    said = [f"{name} is {appos.split(' who ')[0]}"]
    if " who " in appos:
        said.append(f"{name} {appos.split(' who ', 1)[1]}")
    return said


def _placed(name: str, words: str, text: str) -> list[str]:
    """What a place modifier says of the name it describes: born there, seated there, or based there."""
    said: list[str] = []
    for m in _PLACED.finditer(words):
        place = m["place"] or m["native"]
        if re.search(rf"\b{re.escape(place)} [{UPPER}]", text):  # "a Mumbai-born cricketer … Mumbai Indians"
            continue  # the place would be read as the longer name
        place = DEMONYMS.get(place, place)
        if m["native"] or m["kind"] == "born":
            said.append(f"{name} was born in {place}")
        elif m["kind"] == "headquartered":
            said.append(f"{name} is headquartered in {place}")
        else:  # "based": a company's seat or a person's home, by the noun it describes
            noun = _NOUN_AFTER.match(words[m.end() :])
            kind = noun[0].split()[-1] if noun else ""
            # "Paris-based designer Lena Park": an occupation says a person, whose base is a home ("Park" or not)
            seat = "is headquartered" if kind in ORG_NOUNS else "lives" if is_occupation(kind) else "is based"
            said.append(f"{name} {seat} in {place}")
    return said


def _listed(clause: str) -> list[str]:
    """The clause once per value of its list ("speaks Urdu, Punjabi and English", "holds Portuguese and
    Brazilian citizenship"); a name with "of … and" ("Academy of Sciences and Humanities") is one value."""
    head = _HEAD.match(clause)
    if head is None:
        return []
    subject = clause[: head.start("pred")].rstrip()
    pred = head["pred"]
    adjectives = _ADJECTIVES.search(pred)
    if adjectives:
        return [
            f"{subject} {pred[: adjectives.start()]}{a} {adjectives['noun']}{pred[adjectives.end() :]}."
            for a in (adjectives["a"], adjectives["b"])
        ]
    m = _LIST.match(pred)
    if m is None:
        return []
    items = re.split(r",? and |, ", m["items"])
    if " of " in items[0] and len(items) == 2 and " " not in items[1]:
        return []
    return [f"{subject} {m['verb']}{item}{m['rest']}." for item in items]


def _encyclopedic(facts: list[Fact], said: str) -> list[Fact]:
    """What a restated clause says in the third-person vocabulary, of the name it opens with: a tool's or a
    possession's reading ("switches to English", "has no traffic lights") is chat's, and "the music director of
    an opera" directs no film."""
    return [
        f
        for f in facts
        if f.predicate in THIRD_PERSON_PREDICATES
        and not f.retract  # what a clause retires is the main reading's business ("left Cairo in 2019")
        and f.object[:1].isupper()  # a value is a name: "spoke against the bill", "speaks four languages" name none
        and (f.predicate != "directed by" or "directed" in said)
        and (said.startswith(f.subject) or said.startswith(f.object))
    ]


def _named_as(fact: Fact, found: list[Fact]) -> Fact:
    """``fact`` with its subject as the sentence's own reading names it ("Cardinal X Y" is "X Y" there)."""
    for f in found:
        if f.subject != fact.subject and fact.subject.endswith(f" {f.subject}") and " " in f.subject:
            return replace(fact, subject=f.subject)
    return fact


def merged(found: list[Fact], text: str, read: Callable[[str], list[Fact]]) -> list[Fact]:
    """``found`` with what ``read`` makes of the clauses restated (:func:`statements`); a personal relation's value
    the restated clause gives its subject is no other name's ("author of Z, who lives in O" is not Z's home)."""
    if len(text) < 40 or not re.search(r"[;,]| and |-born|-based|-headquartered| native\b", text):
        return found
    said, lists = statements(text)
    clauses = [_named_as(f, found) for s in said if len(s) < len(text) for f in _encyclopedic(read(s), s)]
    many = [_named_as(f, found) for s in lists if len(s) < len(text) for f in _encyclopedic(read(s), s)]
    many = [f for f in many if f.predicate in _MANY or f.predicate in _MADE]  # each work its own subject
    # one name per value: a clause's longer or shorter span of a value the sentence's reading has stands aside
    spans = [(f.subject, f.predicate, f.object) for f in found]
    many = [f for f in many if not any(_overlap(f, g) or _shared_out(f, g, text) for g in spans)]
    spans += [(f.subject, f.predicate, f.object) for f in many]  # a list's values, not the list as one value
    clauses = [f for f in clauses if not any(_overlap(f, g) for g in spans)]
    out = merged_statements(found, text, [], read, extra=clauses + many)
    # whose value it is, the clause says: another name's (or the speaker's) reading of it is a misreading
    mine = {_value(f): f.subject for f in clauses + many if f.predicate in _PERSONAL}
    speaker = bool(_FIRST_PERSON.search(text))
    return [
        f
        for f in out
        if mine.get(_value(f), f.subject) == f.subject
        or f.predicate not in _PERSONAL
        or speaker
        and f.subject == "user"
    ]


def _shared_out(f: Fact, g: tuple[str, str, str], text: str) -> bool:
    """Whether ``f``'s value is a list's share of ``g``'s whole name: words of a name the sentence writes out
    ("the Academy of Arts and Sciences"), put together as a name it never writes ("Academy of Sciences")."""
    subject, predicate, value = g
    if (f.subject, f.predicate) != (subject, predicate) or f.object in text or value not in text:
        return False
    return " and " in value and set(f.object.split()) < set(value.split())


def _overlap(f: Fact, g: tuple[str, str, str]) -> bool:
    """Whether ``f`` names one side of ``g`` by a longer or shorter span, the other side the same."""
    subject, predicate, value = g
    if f.predicate != predicate or (f.subject, f.object) == (subject, value):
        return False
    if f.subject == subject:
        a, b = f" {f.object} ", f" {value} "
    elif f.object == value:
        a, b = f" {f.subject} ", f" {subject} "
    else:
        return False
    return a in b or b in a


def _value(f: Fact) -> tuple[str, str]:
    """A personal relation's value, a home and a seat as one ("Porto-born, Madrid-based illustrator X")."""
    return ("seat" if f.predicate in _SEATS else f.predicate, f.object.lower())
