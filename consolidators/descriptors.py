"""Facts a noun phrase states before the sentence says anything: "Real Madrid midfielder Luka Modric …",
"Margaret Atwood's novel The Testaments …", "The Quiet Harbor, Aino Salmi's debut feature, …".

News prose packs a relation into the description of a name and spends the verb on
something else ("… signed a new contract", "… sold a million copies"), so these
hold whatever the clause's verb says. A description marked as past ("former
Arsenal striker") states nothing now.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .moves import CLUB_FIRST
from .places import COUNTRIES, DEMONYMS
from .relations import RELATIONS, WORKS_BY, canonical_relation, correct, role_relation
from .spans import antecedent, child, former, is_name, make_fact, name_text, negated, person, role_words, value_of
from .text import is_word, lemmatise
from .types import Fact

#: Lower-case words that may sit inside a title ("The Name of the Rose", "Pride and Prejudice").
_TITLE_JOINERS = frozenset("of the and a an in on at to for with from".split())


#: Relation readers the parse module lends: (subject, verb, passive=…) -> facts.
RelationReader = Callable[..., list[Fact]]


def described(sent: Any, relation: RelationReader) -> list[Fact]:
    """Every fact a description in ``sent`` states; ``relation`` reads a verb's relation for a subject."""
    found = [
        f
        for tok in sent
        for f in [*_titled(tok), *_team_aside(tok), *_possessed_work(tok), *_staff(tok), *_participle(tok, relation)]
        + [*_place(tok), *_where(tok), *_spouse_with(tok), *_who(tok, relation)]
    ]
    return found


#: Nouns for a place or a building: "a citadel in Peru", "a palace complex in Granada" says where it is.
PLACE_NOUNS = frozenset(
    """citadel palace complex castle fortress fort temple monastery cathedral church mosque museum tower bridge
    town city village port island lake mountain peak volcano park reserve resort suburb district neighbourhood
    neighborhood region province landmark ruin ruins site monument stadium arena square harbour harbor
    university campus airport station""".split()
)


def _place(noun: Any) -> list[Fact]:
    """ "The Alhambra, a palace complex in Granada, …", "Machu Picchu is a citadel in Peru"."""
    if noun.pos_ != "NOUN" or lemmatise(noun.text, "NOUN") not in PLACE_NOUNS or child(noun, "det") is None:
        return []
    where = next((c for c in noun.children if c.dep_ == "prep" and c.lower_ == "in"), None)
    obj = child(where, "pobj")
    if noun.dep_ == "appos":
        name = noun.head
    elif noun.dep_ == "attr" and noun.head.lemma_ == "be" and noun.head.tag_ in ("VBZ", "VBP"):
        # as the copula's complement the place noun is the claim itself: "is not the oldest bridge in X" denies it
        name = None if negated(noun.head) else child(noun.head, "nsubj")
    else:
        return []
    if name is None or obj is None or not is_name(name, initial=True) or not is_name(obj) or person(name):
        return []
    return make_fact(name_text(name), "located in", obj, single=True)


def _where(verb: Any) -> list[Fact]:
    """ "Coyoacán, where Frida Kahlo died, …", "Paris, where he died in 1900": the relative clause's verb
    happened in the place it hangs on."""
    place = value_of(verb.head)  # "her hometown of Trieste, where she now lives"
    if verb.dep_ != "relcl" or not any(c.lower_ == "where" for c in verb.children) or not is_name(place, initial=True):
        return []
    subj = antecedent(child(verb, "nsubj", "nsubjpass"))
    if subj is None or not is_name(subj):
        return []
    passive = child(verb, "auxpass") is not None
    relation = canonical_relation(lemmatise(verb.text, "VERB"), "in", passive=passive)
    if relation is None or relation[1] or relation[0] not in ("died in", "born in", "lives in"):
        return []
    return make_fact(name_text(subj), relation[0], name_text(place), single=True)


#: Holder roles a title before a person's name ties to an organisation, and the offices an organisation has.
_TITLE_ROLES = frozenset({"plays for", "works at", "member of", "educated at", "born in", "mayor", "ceo", "president"})


#: Verbs whose object's post has just ended: the title before the name is the one they held.
_DISMISSED = frozenset("sack fire dismiss oust axe remove replace unseat depose".split())


def _titled(title: Any) -> list[Fact]:
    """ "Manchester City striker Erling Haaland", "Tampere mayor Kalle Joensuu", "Norvik Systems chief
    executive Sigrid Aaland": an organisation's (or a place's) role noun before a person's name."""
    name = title.head
    # "Rhodri Pryce captains Penhallow RFC": a plural "title" is a verb the tagger took for a noun; one
    # person's title is singular
    if title.dep_ != "compound" or title.pos_ != "NOUN" or title.tag_ == "NNS" or not person(name) or former(title):
        return []
    # "Brentford sacked manager X": the verb's object, or (misparsed) a modifier of the title
    ended = [*title.lefts, *([name.head] if name.dep_ == "dobj" else [])]
    if any(lemmatise(c.text, "VERB") in _DISMISSED for c in ended):
        return []
    role = role_relation(role_words(title))
    if role is None or role[0] not in _TITLE_ROLES or role[1] not in ("holder", "owner"):
        return []
    # "Tampere mayor …": the tagger may call a place before a title an adjective; a demonym is no organisation
    org = [
        c
        for c in title.lefts
        if c.dep_ in ("compound", "amod", "nmod")
        and (c.pos_ == "PROPN" or c.text[:1].isupper() and (c.i != c.sent.start or not is_word(c.text)))
        and c.text not in DEMONYMS
    ]
    if not org or any(c.lower_ in ("former", "ex") for c in title.lefts):
        return []
    start = org[0].left_edge.i
    start -= _club_first(title.doc, start)  # "AS Monaco midfielder X": the parse may take "AS" for a conjunction
    words = title.doc[start : org[-1].i + 1].text
    holder = title.doc[title.i + 1 : name.i + 1].text  # the name alone, after its description
    if role[1] == "owner":
        return make_fact(words, role[0], holder, single=True)
    return make_fact(holder, role[0], words, single=role[0] != "member of")


def _club_first(doc: Any, start: int) -> int:
    """1 when the word before a name is a club's first word ("Real Betis", "AS Monaco", see
    :data:`moves.CLUB_FIRST`): an English word, capitalised as any first word is, that the parse leaves out of the
    name (a conjunction, an adjective); else 0."""
    return int(start > 0 and doc[start - 1].text in CLUB_FIRST)


#: Holder roles an appositive noun ties to the name its modifier gives: a team, an employer, a school, an owner,
#: or a birthplace ("X, an Ibadan native, …").
_ASIDE_ROLES = frozenset({"plays for", "works at", "owned by", "educated at", "born in"})


def _team_aside(noun: Any) -> list[Fact]:
    """ "Diego Fuentes, now a Villarreal player, scored", "Eva Lind, a Tartu native, …", "Ola Berg, a Lund
    alumna, …": an appositive holder role with the name that modifies it."""
    owned = lemmatise(noun.text, "NOUN") in (
        "subsidiary",
        "division",
        "unit",
        "brand",
    )  # "Quillon, a Tenvale subsidiary"
    if noun.dep_ != "appos" or not (person(noun.head) or owned and is_name(noun.head, initial=True)) or former(noun):
        return []
    role = role_relation(role_words(noun))
    # the name may hang on the role's own modifier ("a Norvair cargo pilot")
    org = [c for c in noun.subtree if c.i < noun.i and _naming_modifier(c) and not _title_word(c, noun)]
    if role is None or role[1] != "holder" or role[0] not in _ASIDE_ROLES or not org:
        return []
    return make_fact(name_text(noun.head), role[0], noun.doc[org[0].left_edge.i : org[-1].i + 1].text, single=True)


def _title_word(mod: Any, noun: Any) -> bool:
    """Whether ``mod`` is a word of the role's own title, capitalised as the title is ("Dana Pryce, Chief Operating
    Officer, …"): a capitalised role noun makes each English word between it and its modifier the title's, not a
    name ("Chief", "Operating"); a word no lexicon has stays a name ("a Villarreal Player")."""
    if not noun.text.istitle() or not is_word(noun.lower_):
        return False
    between = noun.doc[mod.i : noun.i]
    return all(t.text.istitle() and is_word(t.lower_) for t in between)


def _staff(name: Any) -> list[Fact]:
    """ "Nokia's Pedro Alves presented …", "the Bundesbank's Lena Hartmann said …": an organisation's possessive
    right before a person's own name, no role between, says whom the person works for. A possessor that is a
    person ("Ayesha Siddiqui's Hollow Tide") or a country is none; a name of English words ("Budapest's Gellért
    Baths") is a site, not a person; a club's player is the team reader's (its "plays for" retires this)."""
    owner = child(name, "poss")
    if owner is None or not person(name) or owner.pos_ != "PROPN" or person(owner) or not is_name(owner):
        return []
    holder = name.doc[owner.i + 2 if name.doc[owner.i + 1].dep_ == "case" else owner.i + 1 : name.i + 1]
    if any(t.pos_ != "PROPN" or is_word(t.text) for t in holder):
        return []
    employer = name_text(owner)
    if employer in COUNTRIES or employer in DEMONYMS or _relational(name.head):
        return []
    return make_fact(holder.text, "works at", employer, single=True)


#: Verb lemmas the relation table knows: a clause with one says where its subject stands now.
_RELATION_VERBS = frozenset(verb for verb, _, _ in RELATIONS)


def _relational(verb: Any) -> bool:
    """Whether the person's own verb states a relation ("Ajax's X has been transferred to Celtic"): the clause,
    not the possessive, says where they are now, and the possessive may be the employer they left."""
    return verb.pos_ in ("VERB", "AUX") and lemmatise(verb.text, "VERB") in _RELATION_VERBS


def _naming_modifier(mod: Any) -> bool:
    """A name before a role noun: a proper noun, or a capitalised word the tagger took for an adjective ("an
    Ibadan native"); a demonym names no organisation or place of its own ("a Polish engineer")."""
    if mod.dep_ not in ("compound", "amod") or mod.text in DEMONYMS:
        return False
    return mod.pos_ == "PROPN" or mod.dep_ == "amod" and mod.text[:1].isupper() and not is_word(mod.text)


def _spouse_with(noun: Any) -> list[Fact]:
    """ "Sela Obi lives in Bergen with her husband Tobias Renn": the spouse named beside the clause's subject."""
    if lemmatise(noun.text, "NOUN") not in ("husband", "wife", "spouse") or noun.dep_ != "pobj":
        return []
    poss, named = child(noun, "poss"), child(noun, "appos")
    if noun.head.lower_ != "with" or poss is None or poss.lower_ not in ("his", "her") or named is None:
        return []
    subj = child(noun.head.head, "nsubj")
    if subj is None or not person(subj) or not is_name(named):
        return []
    return make_fact(name_text(subj), "married to", named, single=True)


#: Verbs whose simple past states a past state ("Ada lived in Paris"), not a lasting fact.
STATE_VERBS = frozenset("live reside work play own be teach lecture cook coach conduct house keep".split())


def past_state(verb: Any) -> bool:
    """Whether ``verb`` is a past tense of a state ("lived in", "played for", "was owned by", "was living in",
    "had been playing for", "had worked at"): a state over. The past progressive and the past perfect say so by
    their first auxiliary, in the past; "has been playing for" (present) still holds."""
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    past = verb.tag_ == "VBD" or bool(auxes) and auxes[0].tag_ == "VBD"  # "X was owned by Y", "had been living"
    return past and lemmatise(correct(verb.text), "VERB") in STATE_VERBS


def _who(verb: Any, relation: RelationReader) -> list[Fact]:
    """ "Lucas Moreau, a French citizen who plays for Club Brugge, …": a "who" clause about a name (or about
    the noun in apposition to one) states the relation its verb names; "who once played for Ajax" a past one."""
    if verb.dep_ != "relcl" or not any(c.dep_.startswith("nsubj") and c.lower_ == "who" for c in verb.children):
        return []
    if past_state(verb):  # a former club or home named in passing is not the current one
        return []
    head = verb.head
    name = head if person(head) else head.head if head.dep_ == "appos" and person(head.head) else None
    return relation(name, verb, passive=child(verb, "auxpass") is not None) if name is not None else []


def _participle(verb: Any, relation: RelationReader) -> list[Fact]:
    """ "Sela Obi, an architect born in Accra", "Drive My Car, directed by Ryusuke Hamaguchi,", "a physicist
    employed by CERN": a past participle describing a name states the relation its verb names."""
    if verb.dep_ != "acl" or verb.tag_ != "VBN":
        return []
    head = verb.head
    name = head if is_name(head, initial=True) else head.head if head.dep_ == "appos" else None
    if name is None or not is_name(name, initial=True):
        return []
    return relation(name, verb, passive=True)


def _possessed_work(kind: Any) -> list[Fact]:
    """ "Margaret Atwood's novel The Testaments", "Aino Salmi's debut feature" in apposition to its title."""
    work = WORKS_BY.get(lemmatise(kind.text, "NOUN"))
    maker = _whose(child(kind, "poss"))
    if work is None or maker is None or not is_name(maker) or kind.text[:1].isupper():
        return []
    if kind.dep_ == "appos" and is_name(kind.head, initial=True):
        title = name_text(kind.head)  # "The Quiet Harbor, Aino Salmi's debut feature, premiered …"
    else:
        title = _title_after(kind)
    if not title:
        return []
    predicate, maker_first = work
    if maker_first:
        return make_fact(name_text(maker), predicate, title, multi=True)
    return make_fact(title, predicate, name_text(maker), single=True)


def _whose(poss: Any) -> Any:
    """The possessor itself, or for "whose" the name its relative clause hangs on ("Maren Sollied, whose
    collection Drift Ice won …")."""
    if poss is None or poss.lower_ != "whose":
        return poss
    # the name right before "whose" (and its comma): the small parser often hangs the clause elsewhere
    before = poss.doc[poss.i - 2] if poss.i >= 2 and poss.doc[poss.i - 1].text == "," else None
    return before if before is not None and is_name(before) else None


def _title_after(kind: Any) -> str:
    """The capitalised words right after a work's noun ("novel The Testaments sold …" → "The Testaments")."""
    doc, i = kind.doc, kind.i + 1
    if i < len(doc) and doc[i].text == ",":
        i += 1
    start = i
    while i < len(doc) and (
        doc[i].text[:1].isupper()
        or doc[i].like_num
        or doc[i].lower_ in _TITLE_JOINERS
        and i > start
        and i + 1 < len(doc)
        and doc[i + 1].text[:1].isupper()
    ):
        i += 1
    return doc[start:i].text if i > start else ""
