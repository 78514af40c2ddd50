"""Facts a noun phrase states before the sentence says anything: "Real Madrid midfielder Luka Modric …",
"Margaret Atwood's novel The Testaments …", "The Quiet Harbor, Aino Salmi's debut feature, …".

News prose packs a relation into the description of a name and spends the verb on
something else ("… signed a new contract", "… sold a million copies"), so these
hold whatever the clause's verb says. A description marked as past ("former
Arsenal striker") states nothing now.
"""

from __future__ import annotations

from typing import Any

from .relations import WORKS_BY, role_relation
from .spans import child, former, is_name, make_fact, name_text, person
from .text import lemmatise
from .types import Fact

#: Lower-case words that may sit inside a title ("The Name of the Rose", "Pride and Prejudice").
_TITLE_JOINERS = frozenset("of the and a an in on at to for with from".split())


def described(sent: Any) -> list[Fact]:
    """Every fact a description in ``sent`` states."""
    return [f for tok in sent for f in _team_title(tok) + _possessed_work(tok)]


def _team_title(title: Any) -> list[Fact]:
    """ "Manchester City striker Erling Haaland", "Acme engineer Jo Park": an organisation's role noun
    before a person's name says where the person plays or works."""
    name = title.head
    if title.dep_ != "compound" or title.pos_ != "NOUN" or not person(name) or former(title):
        return []
    role = role_relation([title.text.lower()])
    if role is None or role[1] != "holder" or role[0] not in ("plays for", "works at", "member of"):
        return []
    org = [c for c in title.lefts if c.dep_ in ("compound", "amod", "nmod") and c.pos_ == "PROPN"]
    if not org or any(c.lower_ in ("former", "ex") for c in title.lefts):
        return []
    words = title.doc[org[0].i : title.i].text
    holder = title.doc[title.i + 1 : name.i + 1].text  # the name alone, after its description
    return make_fact(holder, role[0], words, single=role[0] != "member of")


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
