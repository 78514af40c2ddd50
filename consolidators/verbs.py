"""A verb's relation: the verb and its preposition (or object) looked up in the relation table.

"Acme was founded by Jane Doe", "Omar Haddad is based in Lyon", "Felix Sandoval has joined the IMF as a
senior economist": the subject, the verb's lemma (its particle and an idiom's object included, a typo
mended), each preposition's object, and the table of :mod:`consolidators.relations` give one canonical
fact, the name that belongs in front kept there. Shared by the clause reader (:mod:`consolidators.parse`)
and the readers of a description (:mod:`consolidators.descriptors`).
"""

from __future__ import annotations

import re
from typing import Any

from .coordination import disjoined, in_order, sharing_subjects
from .ensembles import MEMBERSHIP, instrument_preps, joined_as_member, musicians_relation
from .lifeevents import is_occupation
from .places import DEMONYMS
from .relations import HOLDER_ROLES, IDIOMS, ROLE_PLACES, canonical_relation, correct, nearest_verb
from .spans import (
    NAMED_SITES,
    SITES_IN_A_PLACE,
    antecedent,
    child,
    conjuncts,
    definite,
    hedged,
    is_name,
    make_fact,
    negated,
    owner_of,
    person,
    place_in,
    prep_of,
    role_words,
    site_name,
    value_of,
)
from .text import lemmatise
from .types import Fact
from .vocabulary import is_time


def lemma_of(verb: Any) -> str:
    """The verb's lemma, a typo mended ("maried" → marry), with its particle ("passed away" → "pass away")."""
    word = correct(verb.text)
    lemma = lemmatise(word, "VERB")
    if lemma == word.lower() and verb.pos_ == "ADJ":
        lemma = lemmatise(word)  # "married" tagged as an adjective
    dobj = child(verb, "dobj")
    if dobj is not None and (lemma, lemmatise(dobj.text, "NOUN")) in IDIOMS:  # "tied the knot with"
        return IDIOMS[(lemma, lemmatise(dobj.text, "NOUN"))]
    particle = next((c for c in verb.children if c.dep_ == "prt" or c.tag_ == "RP"), None)  # "passed away"
    return f"{lemma} {particle.text.lower()}" if particle is not None else lemma


#: Who leads a place the sentence calls by its kind ("The city of Valladolid is now led by …").
_LEADERS = {"city": "mayor", "town": "mayor", "village": "mayor", "municipality": "mayor", "country": "president"}


def _office_of(kind: str) -> tuple[str, bool, str] | None:
    """The office that leads a place of ``kind`` ("city"), if the kind says one; a company's is the CEO."""
    office = _LEADERS.get(kind)
    return (office, False, "single") if office else None


#: Relations whose value is an institution, not a place: the place a common noun stands in is not their value.
_INSTITUTION_VALUED = frozenset({"works at", "plays for", "member of", "educated at", "studies at"})
#: Institutions a name comes before ("the Karolinska institute", "the Bauhaus school"): the name is the institution.
_SCHOOLS = frozenset("institute university college school academy conservatory laboratory seminary".split())


def relation(subj: Any, verb: Any, *, passive: bool) -> list[Fact]:
    """The canonical relation of ``verb`` and its preposition (or object), the subject kept where it belongs."""
    if hedged(verb) or negated(verb) and verb.dep_ != "ROOT":  # the root's negation is the sentence's to read
        return []
    lemma = lemma_of(verb)
    kind = lemmatise(subj.text, "NOUN")  # "The city of Valladolid": the kind of place the sentence names
    subj = value_of(antecedent(subj))  # "The ancient city of Petra lies in …" is about Petra; "he" is who he is
    subj = site_name(subj, NAMED_SITES)  # "The Casa Ombra museum is located in …" is about Casa Ombra
    owner = owner_of(subj)
    # "Nokia's headquarters", "Spotify's head office"
    place = ROLE_PLACES.get(" ".join(role_words(subj)[-2:])) or ROLE_PLACES.get(lemmatise(subj.text, "NOUN"))
    named = [c for c in subj.lefts if c.dep_ == "compound"]
    if place is not None and owner is None and named and all(c.pos_ == "PROPN" for c in named):
        owner = subj.doc[named[0].i : subj.i].text  # "Corvex HQ is in Oslo": the name before the seat is its owner
    place = place if owner is not None else None
    if not is_name(subj, initial=True) and place is None:
        return []
    facts: list[Fact] = []
    preps = _preps(verb)
    if lemma in ("die", "bear", "pass away"):  # "died at the Villa Nova in Bergen": the place, then the site
        preps.sort(key=lambda p: p.lower_ == "at")
    for prep in preps:
        obj = child(prep, "pobj")
        if obj is None:
            continue
        word = "by" if prep.dep_ == "agent" else prep.text.lower()
        if place is not None and word in ("in", "at"):  # "the headquarters of Nokia are (located) in Espoo"
            facts += make_fact(owner, place, value_of(obj), single=True)
            continue
        relation = canonical_relation(lemma, word, passive=passive) or _misspelt(verb, word, passive=passive)
        relation = musicians_relation(verb, lemma, word, obj) or relation  # "plays cello in the X Quartet"
        # "works at the hospital in Harrogate": a place inside names where the employer is, not the employer
        # ("the Charité hospital in Berlin" names the Charité)
        institution = relation is not None and relation[0] in _INSTITUTION_VALUED
        obj = site_name(obj, SITES_IN_A_PLACE | NAMED_SITES | _SCHOOLS) if institution else place_in(obj)
        if relation is not None and relation[0] in ("born in", "died in", "lives in"):
            obj = site_name(obj, SITES_IN_A_PLACE)  # "died in a Stockholm hospital" died in Stockholm
            inner = child(prep_of(obj, "in"), "pobj") if word == "at" else None
            obj = inner if inner is not None and is_name(inner) else obj  # "died at the Blue House in Coyoacán"
        if relation is not None and relation[0] == "ceo":  # "The city of Valladolid is led by …": a city's mayor
            relation = _office_of(kind) or relation
        if relation is not None and lemma == "base" and person(subj):
            relation = ("lives in", False, None)  # "Omar Haddad is based in Lyon": a person lives there
        if relation is not None and relation[0] == "lives in" and _YOUNG.search(verb.sent.text):
            relation = None  # "moved to Spain at the age of 13": a childhood move, not where they live now
        if relation is not None and (relation[0] != "lives in" or lemma in ("live", "reside") or person(subj)):
            facts += related(subj, relation, obj)
    facts += _there_facts(subj, verb, lemma, passive=passive)
    obj = child(verb, "dobj")
    if obj is not None and (lemmatise(verb.text, "VERB"), lemmatise(obj.text, "NOUN")) in IDIOMS:
        obj = None  # the idiom's object is part of the verb
    if obj is not None and obj.text.lower() == "citizenship" and owner_of(obj) is not None:
        # "Greta holds Swedish citizenship", "Felix holds both Chilean and Spanish citizenship"
        demonyms = [c for d in obj.lefts if d.dep_ == "amod" for c in (d, *conjuncts(d)) if c.text in DEMONYMS]
        owner = owner_of(obj)  # "citizenship of Chile and Peru": each country listed
        listed = [owner, *conjuncts(owner)] if not isinstance(owner, str) else [owner]
        countries = [DEMONYMS[d.text] for d in demonyms] or listed
        return [f for country in countries for f in make_fact(subj, "citizen of", country)]
    if obj is not None and not passive and place is None:
        relation = canonical_relation(lemma, "", passive=False)
        if (
            relation is not None
            and lemma == "join"
            and not any(t.dep_ == "det" for t in obj.doc[obj.left_edge.i : obj.i])
        ):
            relation = ("works at", False, None)  # "joined Stripe" is a job; "joined the Beatles" a membership
        if (
            relation is not None
            and lemma == "join"
            and (_joined_as_worker(verb) or obj.text in _EMPLOYERS or _titled_worker(subj))
        ):
            relation = ("works at", False, None)  # "joined the IMF as a senior economist" is a job
        if relation is not None and lemma == "join" and joined_as_member(verb):
            relation = MEMBERSHIP  # "joined Los Tigres del Sur as bassist": a place in the band, not a job
        if relation is not None:
            facts += related(subj, relation, obj)
    return _first_of_single(facts)


def _first_of_single(facts: list[Fact]) -> list[Fact]:
    """When the first fact is single-valued, that relation's first value for each of its subjects ("died in Bergen
    at the Villa Nova": Bergen; "Ana Roth and Ivo Sol live in Graz": both); every fact otherwise."""
    if not facts or facts[0].cardinality != "single":
        return facts
    first: dict[str, Fact] = {}
    for f in facts:
        if f.predicate == facts[0].predicate and f.cardinality == "single":
            first.setdefault(f.subject, f)
    return list(first.values())


#: Last words of a name that employs its members ("joined the World Bank"), unlike an orchestra or a club.
_EMPLOYERS = frozenset(
    """Bank Fund Trust Foundation Institute University College Agency Ministry Hospital Clinic Labs Lab Inc Corp
    Corporation Ltd LLC PLC GmbH AG Company Co Partners Consulting Capital Ventures Holdings Technologies Systems
    Software Analytics Robotics Logistics Therapeutics Pharma Insurance""".split()
)


_YOUNG = re.compile(
    r"\b(?:at the age of \d+|aged \d+|as a (?:child|boy|girl|teenager|toddler|baby)|when (?:he|she) was)\b"
)


def _titled_worker(subj: Any) -> bool:
    """ "Economist Tariq Hassan has joined the IMF": a job title before the name makes the joining a job."""
    # a band's drummer joins as a member, not on a payroll
    return any(
        c.dep_ == "compound"
        and c.i == c.sent.start
        and is_occupation(c.lower_)
        and HOLDER_ROLES.get(c.lower_) != "member of"
        for c in subj.lefts
    )


def _joined_as_worker(verb: Any) -> bool:
    role = child(prep_of(verb, "as"), "pobj")
    return role is not None and is_occupation(lemmatise(role.text, "NOUN"))


def _preps(verb: Any) -> list[Any]:
    """The verb's prepositions, and an idiom's object's ("tied the knot *with*", "made his home *in*")."""
    # "is kept in Ebbing": the parser may take a passive's preposition for its predicate (oprd)
    preps = [c for c in verb.children if c.dep_ in ("prep", "agent") or c.dep_ == "oprd" and c.pos_ == "ADP"]
    # "educated at Eton and at Oxford": a preposition coordinated with the verb's own states the same relation
    preps += [c for p in preps for c in conjuncts(p) if c.dep_ == "conj" and c.lower_ == p.lower_]
    dobj = child(verb, "dobj")
    if dobj is not None and (lemmatise(verb.text, "VERB"), lemmatise(dobj.text, "NOUN")) in IDIOMS:
        preps += [c for c in dobj.children if c.dep_ == "prep"]
    preps += instrument_preps(verb)  # "plays the oud in Kervan": the group hangs on the instrument
    # "works as an interpreter for the FAO": the parser hangs the employer on the trade, not on the verb
    trade = child(prep_of(verb, "as"), "pobj")
    if trade is not None and is_occupation(lemmatise(trade.text, "NOUN")):
        preps += [c for c in trade.children if c.dep_ == "prep" and c.lower_ in ("at", "for")]
    return preps


def _there(verb: Any) -> Any:
    """The "in" that a coordinated verb's "there" stands for: "was born in Umeå and died there", "was elected
    mayor of Lund and lives there". Only a verb joined to an earlier clause of the sentence, and only when that
    clause names exactly one place after a preposition: the place "there" points back to is then not in doubt."""
    adverb = next((c for c in verb.children if c.dep_ == "advmod" and c.lower_ == "there"), None)
    if adverb is None or verb.dep_ != "conj":
        return None
    places = [
        t
        for t in verb.doc[verb.sent.start : verb.i]
        if t.dep_ == "pobj"
        and t.head.lower_ in _PLACE_PREPS
        and is_name(t)
        and not is_time(t.text)
        and t.ent_type_ not in _NOT_PLACES
    ]
    return places[0] if len(places) == 1 else None


def _there_facts(subj: Any, verb: Any, lemma: str, *, passive: bool) -> list[Fact]:
    """Where a life event or a home happened when the verb says only "there" (see :func:`_there`)."""
    if any(c.dep_ == "prep" and c.lower_ in ("in", "at") for c in verb.children):
        return []  # "died there in a hospital in Lund": the verb names its own place
    place = _there(verb)
    relation = canonical_relation(lemma, "in", passive=passive) if place is not None else None
    if relation is None or relation[0] not in _THERE_RELATIONS or relation[0] == "lives in" and not person(subj):
        return []
    return related(subj, relation, place)


#: The relations a bare "there" completes: where someone was born, died or lives.
_THERE_RELATIONS = frozenset(("born in", "died in", "lives in"))


#: The prepositions before a place an earlier clause names ("born in", "moved to", "mayor of").
_PLACE_PREPS = frozenset(("in", "at", "to", "of"))
#: Entity kinds that are no place "there" can mean ("joined Acme in 2019 and works there" reads its own way).
_NOT_PLACES = frozenset(("PERSON", "ORG", "DATE", "TIME", "MONEY", "CARDINAL", "ORDINAL", "PERCENT", "WORK_OF_ART"))


def _misspelt(verb: Any, prep: str, *, passive: bool) -> tuple[str, bool, str | None] | None:
    """The relation of the verb form ``verb`` is a one-letter typo of ("dyed in" → "died in")."""
    near = nearest_verb(verb.text)
    return canonical_relation(lemmatise(near, "VERB"), prep, passive=passive) if near else None


def related(subj: Any, relation: tuple[str, bool, str | None], obj: Any) -> list[Fact]:
    """Facts for one (predicate, inverse, cardinality) relation: ``inverse`` makes the object the subject."""
    predicate, inverse, cardinality = relation
    if disjoined(subj):  # "Ana Roth or Ivo Sol lives in Graz": said of neither for sure
        return []
    paired = in_order(subj, obj)
    if paired is not None:  # "… live in Graz and Linz respectively": each name with its own value
        return [f for s, o in paired for f in _facts(relation, [s], [o])]
    objects = [obj, *conjuncts(obj)] if cardinality != "single" else [obj]
    if cardinality != "single" and value_of(obj) is not obj:  # "consists of violinists A and B, violist C"
        objects += conjuncts(value_of(obj))
    # "Larry Page and Sergey Brin founded Google": each of a relation's several holders holds it; "Ana Roth and
    # Ivo Sol live in Graz": each name of the subject holds its own relation (a single one too, each has one)
    subjects = [subj, *conjuncts(subj)] if inverse and cardinality != "single" else [subj]
    subjects += sharing_subjects(subj) if not inverse else []
    return _facts(relation, subjects, objects)


def _facts(relation: tuple[str, bool, str | None], subjects: list[Any], objects: list[Any]) -> list[Fact]:
    """Each subject's relation to each object that is a name (no date)."""
    predicate, inverse, cardinality = relation
    out: list[Fact] = []
    for o in map(value_of, objects):
        if not is_name(o) or is_time(o.text):
            continue
        for s in subjects:
            head, tail = (o, s) if inverse else (s, o)
            out += make_fact(head, predicate, tail, single=cardinality == "single", multi=cardinality == "multi")
    return out


def relative(noun: Any, relcl: Any, value: Any) -> list[Fact]:
    """ "The <noun> where <Y> <verb> is <value>": Y's relation named by the verb (and the noun's preposition)."""
    subj = child(relcl, "nsubj", "nsubjpass")
    if subj is None or not is_name(subj):
        return []
    lemma = lemma_of(relcl)
    for prep in ("at", "in", "from", "for", ""):
        relation = canonical_relation(lemma, prep, passive=child(relcl, "auxpass") is not None)
        if relation is not None:
            return make_fact(subj, relation[0], value, single=definite(noun))
    return []
