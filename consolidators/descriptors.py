"""Facts a noun phrase states before the sentence says anything: "Real Madrid midfielder Luka Modric …",
"Margaret Atwood's novel The Testaments …", "The Quiet Harbor, Aino Salmi's debut feature, …".

News prose packs a relation into the description of a name and spends the verb on
something else ("… signed a new contract", "… sold a million copies"), so these
hold whatever the clause's verb says. A description marked as past ("former
Arsenal striker") states nothing now.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .relations import DEMONYMS, WORKS_BY, role_relation
from .spans import child, former, is_name, make_fact, name_text, person, role_words
from .text import lemmatise
from .types import Fact

#: Lower-case words that may sit inside a title ("The Name of the Rose", "Pride and Prejudice").
_TITLE_JOINERS = frozenset("of the and a an in on at to for with from".split())


#: Relation readers the parse module lends: (subject, verb, passive=…) -> facts.
RelationReader = Callable[..., list[Fact]]


def described(sent: Any, relation: RelationReader) -> list[Fact]:
    """Every fact a description in ``sent`` states; ``relation`` reads a verb's relation for a subject."""
    found = [f for tok in sent for f in _titled(tok) + _possessed_work(tok) + _participle(tok, relation)]
    return found + _opener(sent.text)


#: Holder roles a title before a person's name ties to an organisation, and the offices an organisation has.
_TITLE_ROLES = frozenset({"plays for", "works at", "member of", "mayor", "ceo", "president"})


def _titled(title: Any) -> list[Fact]:
    """ "Manchester City striker Erling Haaland", "Tampere mayor Kalle Joensuu", "Norvik Systems chief
    executive Sigrid Aaland": an organisation's (or a place's) role noun before a person's name."""
    name = title.head
    if title.dep_ != "compound" or title.pos_ != "NOUN" or not person(name) or former(title):
        return []
    role = role_relation(role_words(title))
    if role is None or role[0] not in _TITLE_ROLES or role[1] not in ("holder", "owner"):
        return []
    # "Tampere mayor …": the tagger may call a place before a title an adjective; a demonym is no organisation
    org = [
        c
        for c in title.lefts
        if c.dep_ in ("compound", "amod", "nmod")
        and (c.pos_ == "PROPN" or c.text[:1].isupper())
        and c.text not in DEMONYMS
    ]
    if not org or any(c.lower_ in ("former", "ex") for c in title.lefts):
        return []
    words = title.doc[org[0].left_edge.i : org[-1].i + 1].text
    holder = title.doc[title.i + 1 : name.i + 1].text  # the name alone, after its description
    if role[1] == "owner":
        return make_fact(words, role[0], holder, single=True)
    return make_fact(holder, role[0], words, single=role[0] != "member of")


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


_PERSON = r"(?P<subj>[A-Z][\w'.-]+(?: [A-Z][\w'.-]+)+)"
_PLACE = r"(?P<obj>[A-Z][\w'.-]+(?: (?:[A-Z][\w'.-]+|of|de|del|da))*)"
#: A phrase that opens the sentence and describes its subject: "Born in Accra in 1962, the architect Kwame
#: Mensah-Bonsu …", "A graduate of Sciences Po, Léa Marchand …", "Fluent in Korean, the diplomat …".
_OPENERS = tuple(
    (
        predicate,
        re.compile(rf"^{lead} {_PLACE}(?: in (?:the )?\d{{4}}s?)?, (?:the |a |an )?(?:[a-z-]+ ){{0,3}}{_PERSON}"),
    )
    for predicate, lead in (
        ("born in", "(?:Born|Raised) in"),
        ("born in", "A native of"),
        ("educated at", "(?:A graduate|An alumnus|An alumna|A former student) of"),
        ("educated at", "Educated at"),
        ("speaks", "Fluent in"),
    )
)
#: "The Gothenburg-born cellist Freja Lindholm": a birthplace written as an adjective.
_BORN = re.compile(rf"\b(?P<obj>[A-Z][\w]+)-born (?:[a-z-]+ ){{0,2}}{_PERSON}")


def _opener(text: str) -> list[Fact]:
    for predicate, pattern in _OPENERS:
        m = pattern.search(text)
        if m:
            return make_fact(m["subj"], predicate, m["obj"], single=predicate == "born in")
    m = _BORN.search(text)
    return make_fact(m["subj"], "born in", m["obj"], single=True) if m else []


def _possessed_work(kind: Any) -> list[Fact]:
    """ "Margaret Atwood's novel The Testaments", "Aino Salmi's debut feature" in apposition to its title."""
    work = WORKS_BY.get(lemmatise(kind.text, "NOUN"))
    maker = child(kind, "poss")
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
