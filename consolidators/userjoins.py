"""What the user joined, by the kind the sentence gives it: a club, a choir or a course is no employer.

"I joined Fennhalom" is a new job in chat, but "I joined a running club called Fennhalom", "joined Fennhalom, a
local choir" and "joined the Fennhalom book club" name what was joined by its kind, and that kind is no employer.
The kind is the noun the name is called by ("a club called X"), in apposition to ("X, a choir") or a compound of
("the X book club"), read on the parse; the kinds are a small vocabulary of groups and courses people join.

A capitalised name that ends in such a kind ("the Ferrow Running Club") names it too, unless the sentence names a
post held there. Precision first: such a "works at" goes, and nothing takes its place (a club membership is no relation of the
vocabulary).
"""

from __future__ import annotations

from typing import Any

from .forms import norm
from .lifeevents import EMPLOYER_KINDS
from .nlp_cache import parse_doc
from .phrases import USER
from .text import lemmatise
from .types import Fact

#: Groups and courses people join that employ nobody who joins them.
_NOT_EMPLOYERS = frozenset(
    """club choir course class league society band orchestra gym group community ensemble chorus bootcamp
    programme program workshop squad circle guild troupe""".split()
)

#: The kinds a group's own capitalised name ends in that name no company ("the Ferrow Running Club"); "Halden
#: Group", "Tarn Community" and "Orla Programme" may well be employers.
_NAMED_KINDS = _NOT_EMPLOYERS - frozenset("group community programme program gym".split())

#: The kinds that say a name is a company's, whatever it ends in ("Halder Club, the startup"): an employer.
_COMPANIES = frozenset(EMPLOYER_KINDS.split("|"))


def unemployed(found: list[Fact], text: str) -> list[Fact]:
    """``found`` without the user's "works at" whose value the sentence names as a club, a choir or a course, joined
    or left ("I left the Ferrow Running Club" ends no job)."""
    jobs = [f for f in found if f.subject == USER and f.predicate == "works at"]
    if not jobs:
        return found
    doc = parse_doc(text)
    if doc is None:
        return found
    # a post held there: "… as head coach" on the verb, whether or not a reader made it a "works as"
    # or on the name joined, where the parse hangs it ("joined X, the startup, as CTO")
    posted = any(t.lower_ == "as" and t.dep_ == "prep" and t.head.pos_ in ("VERB", "PROPN") for t in doc)
    kinds = {
        norm(f.object)
        for f in jobs
        if (kind := _kind_of(doc, f.object)) in _NOT_EMPLOYERS
        or _kind_named(f.object)
        or not posted
        and kind not in _COMPANIES
        and _own_kind(f.object)
    }
    return [f for f in found if not (f.subject == USER and f.predicate == "works at" and norm(f.object) in kinds)]


def _kind_of(doc: Any, name: str) -> str:
    """The noun the sentence gives ``name`` as its kind ("" when none): called by, in apposition, or compounded."""
    last = norm(name).split()[-1:]
    for tok in doc:
        if not last or norm(tok.text) != last[0]:
            continue
        if tok.dep_ in ("oprd", "attr") and tok.head.dep_ == "acl":  # "a club called X"
            return _noun(tok.head.head)
        appos = [c for c in tok.children if c.dep_ == "appos"]
        if appos:  # "X, a local choir"
            return _noun(appos[0])
        if tok.dep_ == "compound" and tok.head.pos_ == "NOUN":  # "the X book club"
            return _noun(tok.head)
    return ""


def _kind_named(name: str) -> bool:
    """A value that ends in a lower-case kind ("Fennhalom book club"); "Halden Group" is a company's own name."""
    last = name.split()[-1]
    return last.islower() and lemmatise(last, "NOUN") in _NOT_EMPLOYERS


def _own_kind(name: str) -> bool:
    """A group's own name that ends in its kind ("Ferrow Running Club"): no employer, unless the sentence names the
    post held there ("joined Leeds Rowing Club as head coach")."""
    return lemmatise(name.split()[-1].lower(), "NOUN") in _NAMED_KINDS


def _noun(tok: Any) -> str:
    return lemmatise(tok.lower_, "NOUN")
