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
from dataclasses import replace
from typing import Any

from . import newsidioms, nlp_cache, standins
from .asides import asides as aside_sentences
from .asides import based_in
from .descriptors import described, past_state
from .ensembles import line_up
from .offices import departure_posts, holder, office_holder
from .parsecues import worth_parsing
from .places import DEMONYMS
from .relations import (
    SPORT_CONTEXT,
    SPORT_VERBS,
    TEAM_NAME,
    THIRD_PERSON_PREDICATES,
    WORKS_BY,
    is_verb_typo,
    role_relation,
)
from .rolefacts import own_role, post_at, role_fact, with_of
from .spans import (
    ceased,
    child,
    conjuncts,
    definite,
    ended,
    hedged,
    is_name,
    keeps_now,
    make_fact,
    name_text,
    negated,
    owner_of,
    prep_of,
    role_words,
    titled,
    value_of,
)
from .text import lemmatise
from .types import Fact
from .verbs import lemma_of, relation, relative

log = logging.getLogger(__name__)

_COFOUNDED = re.compile(r"\bco-?founded\b", re.I)
#: "In a new constitution Estavel made …": without a comma the parser reads the name into the lead-in phrase.
#: A phrase that ends in a preposition ("After a year at ByteDance, …") still holds its name.
_LEAD_IN = re.compile(
    r"^(?:In|On|At|After|Under|With|Since|Following) (?:a|an|the|its|their) [a-z][a-z ]*?"
    r"(?<! at)(?<! in)(?<! of)(?<! for)(?<! with)(?<! from)(?<! to)(?<! on)(?<! by)(?= [A-Z])"
)


#: Verbs that make their subject what an "as" phrase names: "serves as the capital of …".
_AS_VERBS = frozenset(
    {"serve", "act", "take over", "take", "start", "return", "remain", "appoint", "name", "elect", "succeed", "replace"}
    | {"swear in", "install", "confirm", "reelect", "re-elect"}
)


_cache: dict[str, tuple[Fact, ...]] = {}
_cache_lock = threading.Lock()


def prefetch(sentences: Iterable[str], docs: Iterable[str] = ()) -> dict[str, tuple[Fact, ...]]:
    """Parse every sentence worth it, for :func:`parsed_facts` to answer from, and every ``docs`` sentence,
    for :func:`parse_doc` (the first-person reader's), in one ``nlp.pipe`` batch (a call costs about as
    much as parsing one more sentence, so a session's sentences go together).

    Returns what it parsed for :func:`parsed_facts`. One parse runs at a time (spaCy pipelines are not
    documented as thread-safe, and consolidations may run in worker threads).
    """
    todo = list(dict.fromkeys(s for s in sentences if s not in _cache and worth_parsing(s)))
    todo_docs = [s for s in dict.fromkeys(docs) if not nlp_cache.has_doc(s)]
    nlp = nlp_cache.load() if todo or todo_docs else None
    if nlp is None:
        return {}
    # the tokenizer splits "co-founded" apart and reads "wed" as "we'd"
    texts = [_LEAD_IN.sub(r"\g<0>,", nlp_cache.normalised(_COFOUNDED.sub("founded", s))) for s in todo]
    doc_texts = [nlp_cache.normalised(s) for s in todo_docs]
    with nlp_cache.parse_lock:
        unique = list(dict.fromkeys(texts + doc_texts))  # a text both readers ask for is parsed once
        parsed = dict(zip(unique, nlp.pipe(unique, batch_size=64), strict=True))
        docs = [parsed[t] for t in texts]
        asides = [aside_sentences(doc) for doc in docs]
        flat = [a for doc_asides in asides for a in doc_asides]
        aside_docs = iter(list(nlp.pipe(flat, batch_size=64)) if flat else [])
    kept = todo_docs + [s for s, t in zip(todo, texts, strict=True) if t == nlp_cache.normalised(s)]  # same text
    nlp_cache.keep_docs(kept, [parsed[nlp_cache.normalised(s)] for s in kept])  # for parse_doc (restated's reads)
    found = {
        sentence: tuple(
            f for d in (doc, *(next(aside_docs) for _ in doc_asides)) for sent in d.sents for f in _sentence(sent)
        )
        for sentence, doc, doc_asides in zip(todo, docs, asides, strict=True)
    }
    with nlp_cache.parse_lock:  # a name the model split into words read nothing: read again with a stand-in
        found |= standins.reread(nlp, _read_doc, ((s, t, d) for s, t, d in zip(todo, texts, docs) if not found[s]))
    with _cache_lock:
        if len(_cache) + len(found) > nlp_cache.CACHE_SIZE:
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
    doc = nlp_cache.parse_doc(sentence) if worth_parsing(sentence) else None
    found += [f for sent in doc.sents for f in _descriptions(sent)] if doc is not None else []
    # "the Rotterdam-based company would hire …": a firm's base is a description too, whatever the clause hedges
    found += [f for said in (based_in(doc) if doc is not None else []) for f in parsed_facts(said) or ()]
    return [f for f in found if f.predicate in THIRD_PERSON_PREDICATES or f.predicate in relations]


# ---------------------------------------------------------------------------
# one parsed sentence


def _descriptions(sent: Any) -> list[Fact]:
    """What the sentence states about its names on the way, whatever its clause then says or hedges."""
    # "Nairobi, the capital of Kenya, is …": an appositive states a role whatever the clause says
    facts = [f for tok in sent if tok.dep_ == "appos" and is_name(tok.head) for f in _identity(tok.head, tok)]
    # "Thiralia's mayor, Nikos Daskal, …", "The CEO of Acme, Jane Doe, …": the role first, the name aside
    facts += [f for tok in sent if tok.dep_ == "appos" and _named_value(tok) for f in _role_aside(tok)]
    return facts + described(sent, relation)  # "Manchester City striker Erling Haaland …", "Atwood's novel …"


def _sentence(sent: Any) -> list[Fact]:
    blocked = _not_raced_for(sent)
    return [f for f in _sentence_facts(sent) if not (f.predicate == "plays for" and f.object in blocked)]


def _sentence_facts(sent: Any) -> list[Fact]:
    root = sent.root
    facts = _descriptions(sent)
    if hedged(root) or ended(root):  # "was married to Y for ten years": a state that is over
        return facts
    if negated(root):  # "X no longer lives in Y" takes the relation back; a plain "not" says nothing sure
        # "… is no longer Oresk but Novagrad": the value after "but" is what holds now
        now = {name_text(t) for t in sent if t.dep_ == "conj" and any(c.lower_ == "but" for c in t.head.children)}
        ended_ = [f if f.object in now else replace(f, retract=True, cardinality=None) for f in _clause(root)]
        return facts + ended_ if ceased(root) else facts
    shared = child(root, "nsubj", "nsubjpass")
    verbs = _coordinated(root) + departure_posts(root)
    return facts + _clause(root) + [f for verb in verbs for f in _clause(verb, shared)]


def _read_doc(doc: Any) -> tuple[Fact, ...]:
    return tuple(f for sent in doc.sents for f in _sentence(sent))


def _named_value(tok: Any) -> bool:
    """A name, or a currency, which English writes in lower case ("Japan's currency, the yen, …")."""
    return is_name(tok) or lemmatise(tok.head.text, "NOUN") == "currency" and child(tok, "det") is not None


def _coordinated(root: Any) -> list[Any]:
    """Verbs coordinated with the root that state their own clause: "Lahti lost the election, and Vell's new
    mayor is Rinne" (its own subject), "Moreau left Marlow and joined Solvane" (the root's subject)."""
    out = []
    for verb in _joined(root):
        if verb.pos_ not in ("VERB", "AUX") or hedged(verb) or negated(verb):
            continue
        if child(verb, "nsubj", "nsubjpass") is not None or child(root, "nsubj", "nsubjpass") is not None:
            out.append(verb)
    return out


def _joined(root: Any) -> list[Any]:
    """The verbs of a list of clauses sharing the root's subject, as the parser hangs them: on the root ("left
    Marlow and joined Solvane"), on the root's adjective ("is married to Y and lives in Malmö"), or on a bare
    finite verb it took for an adverbial clause ("was born in A, studied at B, and now lives in C")."""
    heads = [root, *(c for c in root.children if c.dep_ == "acomp" and c.i > root.i)]
    listed = [
        c
        for c in root.children
        if c.dep_ == "advcl"
        and c.i > root.i
        and c.tag_ in ("VBD", "VBZ", "VBP", "VBN")
        and child(c, "mark") is None
        and child(c, "nsubj", "nsubjpass", "advmod") is None
    ]  # no "because", no "when", no subject of its own: one more item of the list
    return listed + [c for head in heads + listed for c in head.children if c.dep_ == "conj"]


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
    if root.text.lower() in ("is", "are", "was", "were", "'s", "be", "been", "remains", "remain") or keeps_now(root):
        return _copular(root, shared)
    return _verbal(root, shared)


def _copular(be: Any, shared: Any = None) -> list[Fact]:
    """ "the X of Y is Z", "Y's X is Z", "Z is the X of Y", "Z is a X of Y", "Y is married to Z", "Y is in Z";
    ``shared``: the first clause's subject, for a copula coordinated without its own ("… and is married to Z")."""
    subj, attr = child(be, "nsubj") or (titled(shared) if shared is not None else None), child(be, "attr")
    # "is", or "has been" (still true); "was" is a past state
    present = be.tag_ in ("VBZ", "VBP") or be.tag_ == "VBN" and any(c.text.lower() in ("has", "have") for c in be.lefts)
    if subj is None:
        return []
    present = present or _lasting(subj, be) or keeps_now(be)  # "… was Guimarães" still is; "will remain" is now
    acomp = child(be, "acomp")
    if acomp is not None and attr is None:
        if not acomp.text[:1].isupper():  # "Ada is married to William", "Acme is based in Oslo"
            return relation(titled(subj), acomp, passive=True)
        attr = acomp  # "Peru's language is currently Quechua": a name tagged as an adjective
    where = child(be, "advcl", "ccomp")
    if attr is not None and not attr.text[:1].isupper() and is_verb_typo(attr.text):  # "Ikea is headquarterd in …"
        return relation(subj, attr, passive=True) if present else []
    if attr is None and where is not None and child(where, "advmod") is not None and present:
        if child(where, "advmod").text.lower() == "where" and is_name(subj, initial=True):  # "X is where Y died"
            return relative(subj, where, subj)
    if attr is None:  # "the Eiffel Tower is in Paris", "Nokia's headquarters are in Espoo"
        return relation(subj, be, passive=False) if present else []
    if not present:  # a past copula is a past state, not a current fact
        return []
    # "X is a composer and a member of the Tokyo Sinfonietta": each role the copula coordinates is X's
    return _identity(subj, attr) + [f for c in conjuncts(attr) if c.pos_ == "NOUN" for f in _identity(subj, c)]


def _identity(subj: Any, attr: Any) -> list[Fact]:
    """ "<subj> is <attr>" where one side is a role of a name ("the capital of Peru") and the other a value."""
    attr = value_of(attr)
    owner = owner_of(subj) or _scene(subj)
    if owner is not None and (is_name(attr) or definite(subj) and _the_thing(attr)):  # "the capital of Peru is Lima"
        # "The capital of Lesotho is Maseru and its currency is the loti": a conjunct that is no name is no value
        values = [attr, *(c for c in conjuncts(attr) if is_name(c))]
        single = definite(subj) and len(values) == 1
        return [f for v in values for f in role_fact(owner, subj, v, single=single, multi=len(values) > 1)]
    relcl = child(subj, "relcl")
    if relcl is not None and is_name(attr):  # "the university where Ada was educated is King's College"
        return relative(subj, relcl, attr)
    if not (is_name(subj, initial=True) or _the_thing(subj)):
        return []
    owner = owner_of(attr)
    if owner is not None:  # "Lima is the capital of Peru", "Swahili is an official language of Tanzania"
        # a spouse is the possessor's ("Brigitte Macron is Emmanuel Macron's wife", as "Emmanuel Macron's wife is
        # Brigitte Macron"), or the sentence's subject's ("Beyonce is the wife of Jay-Z")
        first = getattr(owner, "dep_", "") != "poss"
        listed = _listed(subj) if attr.tag_ == "NNS" else []
        # "a drummer with the Brass Meridian and the Lantern Street Trio": one of several, each a holder's
        owners = [owner] if definite(attr) or isinstance(owner, str) else [owner, *filter(is_name, conjuncts(owner))]
        return [
            f
            for name in (subj, *listed)
            for o in owners
            for f in role_fact(
                o, attr, name, single=definite(attr) and not listed, multi=not definite(attr), value_first=first
            )
        ]
    by = child(prep_of(attr, "by") or prep_of(attr, "from"), "pobj")  # "a 2023 biopic from director X"
    work = WORKS_BY.get(lemmatise(attr.text, "NOUN"))
    if work is not None and by is not None and is_name(by):  # "Beloved is a novel by Toni Morrison"
        predicate, inverse = work
        makers = [by, *(c for c in conjuncts(by) if is_name(c))]  # "a trilogy by Ines Varga and Paul Moreau"
        if inverse:
            return [f for m in makers for f in make_fact(m, predicate, subj, multi=True)]
        return [
            f for m in makers for f in make_fact(subj, predicate, m, single=len(makers) == 1, multi=len(makers) > 1)
        ]
    return line_up(subj, attr)  # "The Marrow Trio are pianist Lena Vogt, bassist Arne Dahl and …"


def _listed(subj: Any) -> list[Any]:
    """The other names of a listed subject a plural role is each one's ("Ana Roth and Abel Kim are members of
    X"); the parser hangs a list's second name on the first as an apposition ("Ana Roth, Abel Kim and Ivo Sol")."""
    heads = [subj, *(c for c in subj.children if c.dep_ == "appos")]
    return [t for t in (*heads[1:], *(c for h in heads for c in conjuncts(h))) if is_name(t)]


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
    """A modifier that names a kind: "the belmoran crown", "the Chilean peso" (a demonym is one, capitalised)."""
    return (
        mod.tag_ in ("JJ", "NN", "NNP") and (mod.text.islower() or mod.text in DEMONYMS) and mod.lower_ not in _GRADING
    )


#: Adjectives that grade or order a thing rather than name its kind.
_GRADING = frozenset(
    "big small large old new main local same other only first last biggest oldest current official"
    " national former previous capital major minor".split()
)


#: Relations a past tense still states ("Rafael Duarte's birthplace was Guimarães"): what was, stays so.
_LASTING = frozenset({"born in", "died in", "educated at", "founded by", "directed by", "author of"})


def _lasting(subj: Any, verb: Any) -> bool:
    """Whether "<subj> was …" names a relation that a past tense still states (a birthplace, a founder)."""
    attr = child(verb, "attr")
    roles = [role_relation(with_of(t)) for t in (subj, attr) if t is not None]
    return any(r is not None and r[0] in _LASTING for r in roles)


def _verbal(verb: Any, shared: Any = None) -> list[Fact]:
    """ "Curie died in the city of Passy", "Acme was founded by Jane Doe", "Peru speaks Spanish"."""
    subjects = [titled(c) for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")] or (
        [titled(shared)] if shared is not None else []
    )
    # "The architect Tomas Lind was born …" may parse as two subjects: the name is the one
    subj = next((s for s in subjects if is_name(s, initial=True)), subjects[0] if subjects else None)
    if subj is None or verb.tag_ == "VBG" and not child(verb, "aux", "auxpass"):
        return []
    if past_state(verb) and not _lasting(subj, verb):  # "Ada lived in Paris"
        return []
    lemma = lemma_of(verb)
    acomp = child(verb, "acomp")
    if lemma in ("get", "become") and acomp is not None and not acomp.text[:1].isupper():  # "got married to"
        partner = next((c for c in subj.children if c.dep_ == "conj" and is_name(c)), None)
        if lemmatise(acomp.text, "VERB") == "marry" and partner is not None and prep_of(acomp, "to") is None:
            return make_fact(subj, "married to", partner, single=True)  # "Jon Kell and Ana Pol got married"
        return relation(subj, acomp, passive=True)
    dobj = child(verb, "dobj") or child(child(verb, "ccomp"), "nsubj")
    if dobj is not None and is_name(subj, initial=True):
        moved = own_role(subj, verb, dobj, lemma)
        if moved is not None:
            return moved
    titled_holder = office_holder(subj, verb, lemma)
    if titled_holder:
        return titled_holder
    oprd = child(verb, "oprd")
    if lemma in _AS_VERBS and oprd is not None:  # "Ana was elected mayor of Brell", "named CEO of Acme"
        return _identity(subj, oprd) or post_at(subj, verb, oprd)
    as_obj = child(prep_of(verb, "as"), "pobj")
    if lemma in _AS_VERBS and as_obj is not None:  # "Ottawa serves as the capital of Canada"
        return _identity(holder(subj, verb, dobj, lemma), as_obj)
    if lemma == "become" and child(verb, "attr") is not None:  # "Ana became the mayor of Brell"
        return _identity(subj, child(verb, "attr"))
    return relation(subj, verb, passive=child(verb, "auxpass") is not None or subj.dep_ == "nsubjpass")


def _not_raced_for(sent: Any) -> set[str]:
    """The parties a sport's own verb names in ``sent`` that are no team of the subject's now: "rode for Movistar
    until 2020" (over), "drives for Lyft" or "rides for Deliveroo" (gig work), "competes for Fiat"; a team's name
    ("Rennwerk Motorsport", "the Cordillera-Rivas team") or a race's context ("in the spring classics") keeps it."""
    context = SPORT_CONTEXT.search(sent.text) is not None
    over = any(t.lower_ in ("until", "till", "used") for t in sent)
    blocked: set[str] = set()
    for verb in sent:
        if verb.pos_ not in ("VERB", "AUX", "NOUN") or lemmatise(verb.text, "VERB") not in SPORT_VERBS:
            continue  # a noun too: the parse may read "competes" as one
        for prep in [p for c in verb.children for p in (c, *(x for x in c.children if x.dep_ == "conj"))]:
            obj = child(prep, "pobj") if prep.dep_ in ("prep", "conj") and prep.lower_ == "for" else None
            if obj is None:
                continue
            now = verb.tag_ in ("VBZ", "VBP") and not over
            if not (now and (context or TEAM_NAME.search(" ".join(t.text for t in obj.subtree)))):
                blocked |= {name_text(obj), name_text(value_of(obj))}
    return blocked


def prefetch_docs(sentences: Iterable[str]) -> None:
    """Parse ``sentences`` in one ``nlp.pipe`` batch for :func:`nlp_cache.parse_doc` to answer from."""
    prefetch((), sentences)
