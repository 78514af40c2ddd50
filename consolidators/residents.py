"""Where a named person lives and whom they are married to, said by description rather than by a verb the
relation readers know: "Olusegun Adeyemi, now a London resident, commutes …", "Aisha Bello (class of 2009) is
now resident in London", "Pieter de Vries swapped Delft for Groningen and lives there", "Grace Mwangi has gone
back to her roots: she lives in Kisumu again", "Henrik Aas has remarried; his wife is now Nora Lie", "Aisha
Bello and Emeka Obi have remarried".

Every reading starts at the sentence's subject: a name, after at most a few lower-case descriptor words ("Our
alumna", "Czech-born pianist"). A pronoun in a later clause ("she lives in …", "his wife is …") is taken for
that subject only when nothing between them names another person. Precision first: a hedge, a negation or a
past state in the clause ("was a London resident", "former resident", "until 2019") yields nothing.
"""

from __future__ import annotations

import re

from .forms import KIN_PATTERN
from .text import UPPER as _UP
from .text import doubts, is_word
from .types import Fact

_WORD = rf"[{_UP}][\w'’-]*"
#: A person's name: capitalised words, with the particles names carry ("Pieter de Vries", "Ali bin Omar").
_PERSON = rf"{_WORD}(?: (?:(?:de|van|von|der|den|da|di|del|dos|du|le|la|bin|al|ter|ten) )*{_WORD})+"
#: A place: capitalised words, with the joiners place names carry ("Frankfurt am Main", "Rio de Janeiro").
_PLACE = rf"(?P<obj>{_WORD}(?: (?:(?:de|do|da|del|am|on|upon|sur|of|la|le) )?{_WORD})*)"
#: What may stand before the subject's name: a few descriptor words ("Our alumna", "Czech-born pianist", "The
#: Lagos-born chef") and a title, none of them a name of its own.
_LEAD = rf"^(?:(?:[Oo]ur|[Tt]he|[Aa]n?|[{_UP}][\w]*-(?:born|based|raised)|[a-z][\w-]*),? ){{0,4}}(?:(?:Dr|Prof|Mr|Mrs|Ms|Sir|Dame)\.? )?"
_SUBJECT = rf"{_LEAD}(?P<subj>{_PERSON})(?: \([^)]{{1,40}}\))?"
#: How the description joins its subject: an apposition, or a present copula.
_JOIN = r"(?:,|,? (?:who )?(?:is|has become|remains))(?: now| currently| still| today| these days)?"
_RESIDENCE = (
    # "X, now a London resident, …", "X is now a Vienna resident"
    re.compile(
        rf"{_SUBJECT}{_JOIN} (?:an? )?(?:(?:long-?time|lifelong|proud|permanent|full-time) )?{_PLACE} resident\b"
    ),
    # "X is now resident in London", "X, a resident of Utrecht, …"
    re.compile(
        rf"{_SUBJECT}{_JOIN} (?:an? )?(?:(?:permanent|legal|full-time|long-?time) )?resident (?:in|of) {_PLACE}"
    ),
    # "X now calls Lisbon home", "X has made Porto her home"
    re.compile(rf"{_SUBJECT} (?:now )?(?:calls|has made) {_PLACE} (?:(?:his|her|their) )?home\b"),
    # a return home said with where the person lives: "X has returned to Leeds and lives there again", "X is back
    # in Spain, living in Seville now"
    re.compile(
        rf"{_SUBJECT} (?:has )?(?:returned|come back|moved back) to {_PLACE}(?: [^,;]{{0,30}})? and (?:now )?"
        r"(?:lives|is living|has settled) there\b"
    ),
    re.compile(rf"{_SUBJECT} is (?:now )?back in [^,;]{{1,30}}, (?:now )?(?:living|settled|based) in {_PLACE}"),
)
#: A person titled by the place they work from: "Marseille-based illustrator Tamsin Oduya", "Nkechi Eze is a
#: Nigerian-born poet based in Manchester". Only a person's title counts: a "Lagos-based fintech" is a company.
_BASED = (
    re.compile(rf"^(?:[Tt]he )?(?P<obj>{_WORD}(?: {_WORD})*)-based (?P<title>[a-z]+) (?P<subj>{_PERSON})\b"),
    re.compile(rf"{_SUBJECT},? (?:is|remains) an? (?:[\w-]+ ){{0,2}}?(?P<title>[a-z]+) (?:now )?based in {_PLACE}"),
)
#: "… from Hamburg, where he lives with his two cats": the place a later "where" says the subject lives in.
_WHERE_HOME = re.compile(
    rf"\b(?:in|from|to) {_PLACE}, where (?:he|she|they) (?:now )?(?:lives?|has settled|is based)\b"
)
#: "X, who …, is married to the composer Y", "X has been married to Y since 2012": a present marriage, the
#: spouse's descriptor ("the architect", "fellow researcher") no part of the name.
_MARRIED_TO = (
    rf"(?:is|has been|are) (?:now |happily )?married to (?:the |fellow |a )?(?:[a-z-]+ ){{0,2}}?(?P<obj>{_PERSON})\b"
)
_MARRIED = re.compile(rf"\b{_MARRIED_TO}")
#: "Two years after his divorce, Javier Ortega Ruiz is now married to the cellist Carmen Vidal": the name
#: just before the verb is whose marriage it is, wherever the sentence puts it.
_MARRIED_NOW = re.compile(rf"(?P<subj>{_PERSON}) {_MARRIED_TO}")
#: "X swapped Delft for Groningen …": a swap of places, known as one by the home the sentence then names.
_SWAP = re.compile(rf"{_SUBJECT} (?:swapped|traded|exchanged|left) {_WORD}(?: {_WORD})* for {_PLACE}")
_SWAP_HOME = re.compile(r"\b(?:lives?|living|settled|moved|relocated|calls? it home|made it (?:his|her|their) home)\b")
#: A later clause whose pronoun may be the subject: "…: she lives in Kisumu again".
_PRONOUN_HOME = re.compile(
    rf"[:;,] (?:and )?(?:she|he|they) (?:now )?(?:lives?|is living|are living|has settled|is based) in {_PLACE}"
)
_PRONOUN_SPOUSE = re.compile(
    rf"[:;,] (?:and )?(?:his|her|their) (?:new )?(?:wife|husband|spouse) is (?:now )?(?P<obj>{_PERSON})\b"
)
#: "A and B have remarried", "A and B got married last week".
_COUPLE = re.compile(
    rf"{_SUBJECT} and (?P<obj>{_PERSON}) (?:have |has )?(?:(?:just|finally|now|officially) )?"
    r"(?:(?:re)?married|got (?:re)?married|tied the knot|wed)\b"
)
#: "A and B divorced; she has since married C", "A divorced B in 2015 and has since remarried C": a marriage after
#: the end of one, whose subject the sentence opens with.
_REMARRIED = re.compile(
    rf"{_SUBJECT} (?:and {_PERSON} (?:have |had )?(?:divorced|separated|split up)|(?:divorced|separated from|split from)"
    rf" {_PERSON})(?: in \d{{4}}| last year)?(?:[;,] (?:and )?|,? and )(?:(?:she|he|they) )?(?:has|have) "
    rf"(?:since |now |recently |just )*(?:re)?married (?:the |a |fellow )?(?:[a-z-]+ ){{0,2}}?(?P<obj>{_PERSON})\b"
)
#: What keeps a clause from stating a present fact: hedges, negations, past and future states.
_UNSURE = doubts(
    "plans?|planning|hopes?|expected|former|formerly|ex|once|until|till|used to|was|were|had|late|first|previous"
)
#: Who else a clause may name: a pronoun after them could be theirs.
OTHER_PERSON = re.compile(rf"\b(?:(?:{KIN_PATTERN})s?|family|grand\w+)\b", re.I)


def facts(text: str) -> list[Fact]:
    """The residence and marriage facts about the named subject ``text`` describes (plain, expanded text)."""
    found: list[Fact] = []
    for pattern in _RESIDENCE:
        m = pattern.search(text)
        if m and _sure(text[m.start("subj") : _clause_end(text, m.end())]):
            found.append(_fact(m["subj"], "lives in", m["obj"]))
            break
    m = _SWAP.search(text)
    if (
        m
        and not found
        and _SWAP_HOME.search(text, m.end())
        and _sure(text[m.start("subj") : _clause_end(text, m.end())])
    ):
        found.append(_fact(m["subj"], "lives in", m["obj"]))
    for pattern in (_MARRIED_NOW, _COUPLE, _REMARRIED):
        m = pattern.search(text)
        if m and _sure(text[m.start("subj") : _clause_end(text, m.end())]):
            found.append(_fact(m["subj"], "married to", m["obj"]))
    found += _pronoun_facts(text) + _described_facts(text)
    return list(dict.fromkeys(found))


def _described_facts(text: str) -> list[Fact]:
    """A person's home by a title ("Marseille-based illustrator …", "… a poet based in Manchester") or a "where"
    clause, and a marriage said of the sentence's subject further on ("X, who …, is married to Y")."""
    found: list[Fact] = []
    for pattern in _BASED:
        m = pattern.search(text)
        if m and _a_title(m["title"]) and _sure(m[0]):
            found.append(_fact(m["subj"], "lives in", m["obj"]))
    subject = re.match(_SUBJECT, text)
    if subject is None or not re.match(r"[ ,]", text[subject.end() : subject.end() + 1] or " "):
        return found
    for pattern, predicate in ((_WHERE_HOME, "lives in"), (_MARRIED, "married to")):
        m = pattern.search(text, subject.end())
        if (
            m
            and _only_places_between(text[subject.end() : m.start()])
            and _sure(text[m.start() : _clause_end(text, m.end())])
        ):
            found.append(_fact(subject["subj"], predicate, m["obj"]))
    return found


def _only_places_between(between: str) -> bool:
    """Nobody else the later clause could be about: no relative, and each name between is a place or an
    employer ("who was born in Recife", "works at CERN"), not a person who could be the clause's subject."""
    if OTHER_PERSON.search(between) or re.search(r"\b(?:and|with) (?:his|her|their)\b", between):
        return False
    names = (n for n in re.finditer(rf"\b{_WORD}", between) if not re.match(r"\S+-(?:born|based|raised)\b", n[0]))
    return all(re.search(r"\b(?:in|at|from|for|of|by|to)$", between[: n.start()].rstrip()) for n in names)


def _pronoun_facts(text: str) -> list[Fact]:
    """What a later clause says of the subject by a pronoun, when nothing before it names anyone else."""
    subject = re.match(rf"{_SUBJECT} (?!and\b)[a-z]", text)
    if subject is None:
        return []
    found: list[Fact] = []
    for pattern, predicate in ((_PRONOUN_HOME, "lives in"), (_PRONOUN_SPOUSE, "married to")):
        m = pattern.search(text, subject.end())
        between = text[subject.end("subj") : m.start()] if m else ""
        if m is None or OTHER_PERSON.search(between) or re.search(rf"\b{_WORD}", between):
            continue
        clause = text[m.start() + 1 : _clause_end(text, m.end())]
        if predicate == "lives in" and re.search(r"\b(?:visit\w*|trip|holiday|week|weekend)\b", clause):
            continue
        if _sure(clause):
            found.append(_fact(subject["subj"], predicate, m["obj"]))
    return found


def _sure(clause: str) -> bool:
    return not _UNSURE.search(clause)


_CLAUSE_END = re.compile(r"[,;:.!?)]|\s[—–-]\s")


def _clause_end(text: str, start: int) -> int:
    m = _CLAUSE_END.search(text, start)
    return m.start() if m else len(text)


#: Titles a sentence may open with before a name. Suffixes alone would take "Pieter", "Victor" and "Walter"
#: for titles, so only "-ist" (no given name ends so) and a closed list count.
_TITLES = frozenset(
    """sculptor actor actress author director painter singer writer designer architect chef poet photographer
    illustrator translator lawyer doctor surgeon teacher professor researcher engineer
    composer conductor dancer producer filmmaker playwright novelist coach captain striker goalkeeper""".split()
)


def _a_title(word: str) -> bool:
    low = word.lower()
    return low in _TITLES or low.endswith("ist") and is_word(low)


def _fact(subject: str, predicate: str, obj: str) -> Fact:
    first, _, rest = subject.partition(" ")
    if len(rest.split()) >= 2 and _a_title(first):  # "Sculptor Ilse Brandt": a sentence's capitalised title
        subject = rest
    return Fact(subject=subject, predicate=predicate, object=obj.strip(), confidence=0.85, cardinality="single")


#: A state the sentence opens by dating as over ("Until 2019, X was married to Y"), unless it then says what holds now.
_OVER = re.compile(r"^(?:Until|Till|Up to|Up until) (?:\d{4}|last year|recently|[A-Z][a-z]+(?: \d{4})?),? ")
_NOW = re.compile(r"\b(?:now|currently|today|these days|since then)\b")
_PERSONAL = frozenset({"lives in", "works at", "married to", "plays for", "member of", "studies at"})


def merged(found: list[Fact], read: list[Fact], text: str = "") -> list[Fact]:
    """``found`` with these readings in place of what other readers said of the same subject and relation, and
    without what they made of the subject's name as the user's ("gone back to …" is no tool given up); a person's
    state ``text`` dates as over ("Until 2019, …") is no one's current one."""
    if _OVER.match(text) and not _NOW.search(text):
        found, read = [f for f in found if f.predicate not in _PERSONAL], []
    found = [f for f in found if f.predicate != "married to" or f.object[:1].isupper()]  # "the two married": no one
    keys = {(f.subject.lower(), f.predicate) for f in read}
    names = {f.subject.lower() for f in read}
    kept = [
        f
        for f in found
        if (f.subject.lower(), f.predicate) not in keys
        and not (f.subject == "user" and f.object.lower() in names)
        and not _cut_name(f, read)
    ]
    return kept + read


def _cut_name(f: Fact, read: list[Fact]) -> bool:
    """Whether ``f`` is one of ``read`` with the subject's name cut short ("Ortega Ruiz" for "Javier Ortega Ruiz")."""
    low = f.subject.lower()
    return any(
        r.predicate == f.predicate and r.subject.lower().endswith(" " + low) and r.object.lower() == f.object.lower()
        for r in read
    )
