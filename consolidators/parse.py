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
from .offices import departure_posts, holder, office_given, office_holder
from .parsecues import worth_parsing
from .places import DEMONYMS
from .relations import (
    INSTITUTION_WORDS,
    ROLE_PLACES,
    THIRD_PERSON_PREDICATES,
    WORKS_BY,
    is_verb_typo,
    role_relation,
)
from .spans import (
    ceased,
    child,
    conjuncts,
    definite,
    ended,
    former,
    hedged,
    is_name,
    make_fact,
    name_text,
    negated,
    owner_of,
    person,
    prep_of,
    role_name,
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
_MOVE_VERBS = frozenset({"move", "relocate", "shift", "transfer", "switch", "change"})
_THINGS_OWNED = frozenset({"capital", "currency", "official language"})
#: Verbs that give a role up or only put it forward: "rejected Amrun as its capital" makes nothing its capital.
_GIVE_UP_VERBS = frozenset(
    "reject drop abandon scrap remove retire replace succeed oppose propose consider suggest dismiss rule".split()
)
_ADOPT_VERBS = frozenset({"adopt", "choose", "pick", "make", "declare", "name", "designate", "select", "have", "use"})


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
    if root.text.lower() in ("is", "are", "was", "were", "'s", "be", "been", "remains", "remain"):
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
    present = present or _lasting(subj, be)  # "Rafael Duarte's birthplace was Guimarães" still is
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
        return [f for v in values for f in _role_fact(owner, subj, v, single=single, multi=len(values) > 1)]
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
            for f in _role_fact(
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


def _role_fact(
    owner: Any, noun: Any, value: Any, *, single: bool, multi: bool = False, value_first: bool = False
) -> list[Fact]:
    """The fact "<value> is the <noun> of <owner>" states, about whoever the role's kind says; none off-vocabulary."""
    if former(noun):  # "the former mayor of Y": the holder no longer holds it
        return []
    # "Dave Grohl is the frontman of …" maps to "member of"; an unknown role ("the mascot of …") is the
    # owner's, and parsed_facts keeps it only when the deployment lists it
    predicate, kind = role_relation(_with_of(noun)) or (role_name(noun), "owner")
    if predicate == "directed by" and _an_institution(owner):  # "director of the Kunsthalle Wendel": a post there
        predicate, kind = "works at", "holder"
    if kind == "owner":  # one first language is still one of the languages a person speaks
        speaks = predicate == "speaks"
        return make_fact(owner, predicate, value, single=single and not speaks, multi=multi or speaks)
    if kind == "spouse" and not value_first:  # "Pierre Curie's wife is Marie Curie"
        return make_fact(owner, predicate, value, single=True)
    return make_fact(value, predicate, owner, single=kind == "spouse", multi=kind == "inverse")


def _an_institution(owner: Any) -> bool:
    """Whether a director's "of" name is a body one works at, not a work one directs: English writes a body's
    name after a lower-case "the" ("the Kunsthalle Wendel") or ends it on an institution's word ("Harwick Museum"),
    where a title carries its own article ("The Salt Orchard") or none ("Parasite")."""
    if isinstance(owner, str):
        return False
    det = child(owner, "det")
    return det is not None and det.text == "the" or name_text(owner).rpartition(" ")[2] in INSTITUTION_WORDS


#: Relations a past tense still states ("Rafael Duarte's birthplace was Guimarães"): what was, stays so.
_LASTING = frozenset({"born in", "died in", "educated at", "founded by", "directed by", "author of"})


def _lasting(subj: Any, verb: Any) -> bool:
    """Whether "<subj> was …" names a relation that a past tense still states (a birthplace, a founder)."""
    attr = child(verb, "attr")
    roles = [role_relation(_with_of(t)) for t in (subj, attr) if t is not None]
    return any(r is not None and r[0] in _LASTING for r in roles)


def _with_of(noun: Any) -> list[str]:
    """A role noun's words with its "of" noun: "place of death" names a relation "place" does not."""
    words = role_words(noun)
    of = next((c for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    pobj = child(of, "pobj") if of is not None else None
    if pobj is None or pobj.pos_ != "NOUN":
        return words
    # the whole phrase, not a role its "of" noun names alone; a title of two words with it ("vice president of sales")
    for phrase in ([words[-1], "of", pobj.lower_], [*words, "of", pobj.lower_]):
        if role_relation(phrase) and not role_relation(phrase[-2:]):
            return [*words, *phrase[-2:]]
    return words


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
        moved = _own_role(subj, verb, dobj, lemma)
        if moved is not None:
            return moved
    titled_holder = office_holder(subj, verb, lemma)
    if titled_holder:
        return titled_holder
    oprd = child(verb, "oprd")
    if lemma in _AS_VERBS and oprd is not None:  # "Ana was elected mayor of Brell", "named CEO of Acme"
        return _identity(subj, oprd) or _post_at(subj, verb, oprd)
    as_obj = child(prep_of(verb, "as"), "pobj")
    if lemma in _AS_VERBS and as_obj is not None:  # "Ottawa serves as the capital of Canada"
        return _identity(holder(subj, verb, dobj, lemma), as_obj)
    if lemma == "become" and child(verb, "attr") is not None:  # "Ana became the mayor of Brell"
        return _identity(subj, child(verb, "attr"))
    return relation(subj, verb, passive=child(verb, "auxpass") is not None or subj.dep_ == "nsubjpass")


def _post_at(subj: Any, verb: Any, role: Any) -> list[Fact]:
    """ "was appointed head coach at Valmora FC": the post's "at" name, which the parser hangs on the verb."""
    at = child(prep_of(verb, "at"), "pobj")
    if owner_of(role) is not None or at is None or not is_name(at):
        return []
    return _role_fact(at, role, subj, single=True, value_first=True)


#: Verbs by which a body gives a post to the one named: "Genoa appointed Pietro Galli as caretaker manager".
_POST_VERBS = frozenset("appoint name hire install choose pick select confirm unveil".split())


def _post_given(subj: Any, verb: Any, dobj: Any, as_obj: Any, lemma: str) -> list[Fact]:
    """ "Sampdoria named Pietro Galli as their new manager": a post held at the subject (a coach, a captain) is
    the named person's, who works or plays there; the body that names them holds nothing."""
    post = role_relation(role_words(as_obj)) if as_obj is not None else None
    if post is None or post[1] != "holder" or lemma not in _POST_VERBS or not person(dobj) or not is_name(subj):
        return []
    poss = child(as_obj, "poss")
    if poss is not None and poss.pos_ in ("PROPN", "NOUN") or prep_of(as_obj, "of") is not None:
        # "as Lyon's coach", "as coach of Lyon": another body's post, read by the office readers; "as their new
        # stadium's architect": the post is a thing's, not the body's
        return []
    return _role_fact(subj, as_obj, dobj, single=True)


#: Verbs that undo an offer made: "named X as manager, before he turned them down".
_UNDOING = frozenset("decline refuse reject rebuff spurn withdraw rescind".split())


def _post_unheld(verb: Any, as_obj: Any) -> bool:
    """A post named that no one is said to hold now: one to come, one turned down, or a thing's ("as their new
    stadium's architect")."""
    poss = child(as_obj, "poss")
    return poss is not None and poss.pos_ == "NOUN" or _post_to_come(verb, as_obj) or _post_undone(verb)


def _post_to_come(verb: Any, as_obj: Any) -> bool:
    """A post for a season or year named ("as their new manager for the 2027 season", "from 2027"): one that may
    not have begun."""
    for head in (verb, as_obj):
        for prep in head.children:
            if (
                prep.dep_ == "prep"
                and prep.lower_ in ("for", "from")
                and any(t.like_num and len(t.text) == 4 for t in prep.subtree)
            ):
                return True
    return False


def _post_undone(verb: Any) -> bool:
    """A clause after the naming that turns it down or says what came next ("…, before he turned them down",
    "…, but he declined"): the post may never have been held."""
    for clause in verb.children:
        if clause.dep_ not in ("advcl", "conj") or clause.pos_ not in ("VERB", "AUX"):
            continue
        mark = child(clause, "mark")
        turned_down = clause.lower_.startswith("turn") and any(c.lower_ == "down" for c in clause.children)
        if mark is not None and mark.lower_ in ("before", "until") or turned_down:
            return True
        if lemmatise(clause.text, "VERB") in _UNDOING:
            return True
    return False


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
    if as_obj is not None and lemma in _POST_VERBS and _post_unheld(verb, as_obj):
        return []  # "named X as their new manager for the 2027 season", "…, before he turned them down"
    given = office_given(subj, verb, dobj, as_obj, lemma) or _post_given(subj, verb, dobj, as_obj, lemma)
    if given:
        return given
    to = next((c for c in verb.children if c.dep_ in ("prep", "dative") and c.lower_ == "to"), None)
    buyer = child(to, "pobj") if to is not None else None
    # "Quayside sold Pindrop to Lumen"; "Feyenoord sold Kaito Mbeki to Celtic" sells a transfer, not the player
    if lemma == "sell" and buyer is not None and is_name(dobj) and is_name(buyer) and not person(dobj):
        return make_fact(value_of(dobj), "owned by", value_of(buyer), single=True)
    if as_obj is not None and child(as_obj, "poss") is not None:
        # "Kethia restored Amrun as its capital": a country's capital, currency or language is held by no person,
        # so whatever the verb, the subject owns the role ("runs Port Ellery as its mayor" holds it instead)
        a_post = (role_relation(role_words(as_obj)) or ("", ""))[1] == "holder"  # a coach's post is no thing owned
        if lemma in _ADOPT_VERBS and not a_post or role_name(as_obj) in _THINGS_OWNED and lemma not in _GIVE_UP_VERBS:
            return make_fact(subj, role_name(as_obj), dobj, single=True)
        owned = role_name(as_obj) in _THINGS_OWNED
        held = role_relation(_with_of(as_obj))  # "Banco Azul employs Ana Reis as its head of risk": hers, there
        if is_name(dobj) and held is not None and held[1] == "holder":
            return make_fact(dobj, held[0], subj, single=True)
        if is_name(dobj) and lemma not in ("replace", "succeed") and not owned:  # "runs Port Ellery as its mayor"
            return _role_fact(dobj, as_obj, subj, single=True, value_first=True)
    role = child(verb, "oprd", "ccomp")  # "Quarrin made Ravensholm its capital", "named Omar Little its CEO"
    if lemma in _ADOPT_VERBS and role is not None and role.pos_ == "NOUN" and child(role, "poss") is not None:
        value = child(role, "nsubj") if role.dep_ == "ccomp" else dobj
        return make_fact(subj, role_name(role), value, single=True) if value is not None and is_name(value) else []
    return None


def prefetch_docs(sentences: Iterable[str]) -> None:
    """Parse ``sentences`` in one ``nlp.pipe`` batch for :func:`nlp_cache.parse_doc` to answer from."""
    prefetch((), sentences)
