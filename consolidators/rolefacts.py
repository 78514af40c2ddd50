"""A post or a role a body gives, holds or takes back, read from the parse: "Genoa appointed Pietro Galli as
caretaker manager", "Hooli moved its headquarters to Malmo", "Kalvar adopted the mark as its currency", and the
fact "<value> is the <noun> of <owner>" states about whoever the role's kind says (:func:`role_fact`).

The verb readers of :mod:`consolidators.parse` hand these shapes here: each names one owner and one value, and
precision comes first — a post to come, undone or held by another body yields nothing.
"""

from __future__ import annotations

from typing import Any

from .offices import office_given
from .relations import INSTITUTION_WORDS, ROLE_PLACES, role_relation
from .spans import (
    child,
    former,
    is_name,
    make_fact,
    name_text,
    owner_of,
    person,
    prep_of,
    role_name,
    role_words,
    value_of,
)
from .text import REFUSING, lemmatise
from .types import Fact

_MOVE_VERBS = frozenset({"move", "relocate", "shift", "transfer", "switch", "change"})


_THINGS_OWNED = frozenset({"capital", "currency", "official language"})


#: Verbs that give a role up or only put it forward: "rejected Amrun as its capital" makes nothing its capital.
_GIVE_UP_VERBS = frozenset(
    "reject drop abandon scrap remove retire replace succeed oppose propose consider suggest dismiss rule".split()
)


_ADOPT_VERBS = frozenset({"adopt", "choose", "pick", "make", "declare", "name", "designate", "select", "have", "use"})


def role_fact(
    owner: Any, noun: Any, value: Any, *, single: bool, multi: bool = False, value_first: bool = False
) -> list[Fact]:
    """The fact "<value> is the <noun> of <owner>" states, about whoever the role's kind says; none off-vocabulary."""
    if former(noun):  # "the former mayor of Y": the holder no longer holds it
        return []
    # "Dave Grohl is the frontman of …" maps to "member of"; an unknown role ("the mascot of …") is the
    # owner's, and parsed_facts keeps it only when the deployment lists it
    predicate, kind = role_relation(with_of(noun)) or (role_name(noun), "owner")
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


def with_of(noun: Any) -> list[str]:
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


def post_at(subj: Any, verb: Any, role: Any) -> list[Fact]:
    """ "was appointed head coach at Valmora FC": the post's "at" name, which the parser hangs on the verb."""
    at = child(prep_of(verb, "at"), "pobj")
    if owner_of(role) is not None or at is None or not is_name(at):
        return []
    return role_fact(at, role, subj, single=True, value_first=True)


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
    return role_fact(subj, as_obj, dobj, single=True)


#: Verbs that undo an offer made: "named X as manager, before he turned them down".
_UNDOING = REFUSING | {"withdraw", "rescind"}


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


def own_role(subj: Any, verb: Any, dobj: Any, lemma: str) -> list[Fact] | None:
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
        held = role_relation(with_of(as_obj))  # "Banco Azul employs Ana Reis as its head of risk": hers, there
        if is_name(dobj) and held is not None and held[1] == "holder":
            return make_fact(dobj, held[0], subj, single=True)
        if is_name(dobj) and lemma not in ("replace", "succeed") and not owned:  # "runs Port Ellery as its mayor"
            return role_fact(dobj, as_obj, subj, single=True, value_first=True)
    role = child(verb, "oprd", "ccomp")  # "Quarrin made Ravensholm its capital", "named Omar Little its CEO"
    if lemma in _ADOPT_VERBS and role is not None and role.pos_ == "NOUN" and child(role, "poss") is not None:
        value = child(role, "nsubj") if role.dep_ == "ccomp" else dobj
        return make_fact(subj, role_name(role), value, single=True) if value is not None and is_name(value) else []
    return None
