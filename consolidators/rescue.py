"""The plainest third-person statements, read by their words when the parse misread them.

The small parser tags an unfamiliar name at the start of a sentence as an adverb
or an adjective ("Windhoek is the capital of Namibia" parses "Windhoek" as an
adverb), and then reads no relation. These few copular shapes are unambiguous
in their words alone, so when the parse found nothing they are read here:
"X is the <role> of Y", "X serves as the <role> of Y", "Y's <role> is X",
"X is a <demonym> citizen", "Y's novel X". Only the vocabulary's own roles count.
"""

from __future__ import annotations

import re

from .places import CURRENCIES, country_of
from .relations import WORKS_BY, role_relation
from .residents import OTHER_PERSON
from .spans import FORMER
from .text import table
from .types import Fact

_NAME = r"[A-ZÀ-ÖØ-ÞĀ-Ž][\w'.-]*(?: (?:[A-ZÀ-ÖØ-ÞĀ-Ž][\w'.-]*|of|de|da|do|del|and))*"
_ROLE = r"[a-z][a-z -]*?"
_SHAPES = table(
    # "Windhoek is the capital of Namibia", "Icelandic serves as the official language of Iceland"
    (
        "value",
        rf"^(?P<value>{_NAME}) (?:is|remains|serves as) (?:now )?the (?P<role>{_ROLE}) of (?P<owner>{_NAME})[.!]?$",
    ),
    # "The capital of Namibia is Windhoek"
    (
        "value",
        rf"^[Tt]he (?P<role>{_ROLE}) of (?P<owner>{_NAME}) (?:is|remains) (?:now )?(?:the )?(?P<value>{_NAME})[.!]?$",
    ),
    # "Namibia's capital is Windhoek"
    (
        "value",
        rf"^(?P<owner>{_NAME})'s? (?P<role>{_ROLE}) (?:is|remains) (?:now )?(?:the )?(?P<value>{_NAME})[.!]?$",
    ),
    # "The footballer Mats Eriksen is a Norwegian citizen"
    (
        "citizen",
        rf"^(?:[Tt]he (?:[a-z]+ ){{1,3}})?(?P<holder>{_NAME}) is (?:a|an) (?P<demonym>[A-ZÀ-ÖØ-ÞĀ-Ž][a-zè]+) (?:citizen|national)[.!]?$",
    ),
    # "Ghana's cedi slipped two percent"
    ("currency", rf"^(?P<owner>{_NAME})'s (?P<value>{'|'.join(sorted(CURRENCIES))})\b"),
    # "Things Fall Apart is a 1958 novel by Chinua Achebe", "The Quiet Orchard, a 2025 drama from director Lucía Benet"
    (
        "made",
        rf"^(?P<title>{_NAME}),? (?:is )?an? (?:\d{{4}} )?(?:[a-z-]+ )?(?P<kind>novel|book|memoir|film|movie|documentary|"
        rf"feature|drama|biopic|thriller|comedy|collection|play) (?:by|from) (?:the )?(?:[a-z]+ )?(?P<maker>{_NAME})\b",
    ),
    (
        "made",
        rf"^(?P<title>{_NAME}), the (?:\d{{4}} )?(?:[a-z-]+ )?(?P<kind>film|movie|documentary|feature|drama) "
        rf"(?:helmed|directed) by (?P<maker>{_NAME})\b",
    ),
    # "Chimamanda Ngozi Adichie's novel Americanah won …"
    ("work", rf"^(?P<maker>{_NAME})'s (?:[a-z-]+ )?(?P<kind>[a-z]+),? (?P<title>{_NAME})\b"),
)


def facts(text: str) -> list[Fact]:
    """Facts of the plain shapes above in ``text``; nothing for any other sentence."""
    for kind, pattern in _SHAPES:
        m = pattern.search(text.strip())
        if m is None:
            continue
        found = _read(kind, m)
        if found:
            return found
    return []


def _read(kind: str, m: re.Match[str]) -> list[Fact]:
    if kind == "citizen":
        country = country_of(m["demonym"])
        return [_fact(m["holder"], "citizen of", country, None)] if country else []
    if kind == "currency":
        return [_fact(m["owner"], "currency", m["value"], "single")]
    if kind == "made":  # a genre is directed ("a 2025 drama from director X"), a book written
        if re.search(r"['’]s?$", m["maker"]):
            return []  # "a collection by Ines Varga's students": the possessor is not the maker, and whose it is unsaid
        if m["kind"] in ("novel", "book", "memoir", "collection", "play"):  # "by X and Y": each wrote it
            return [_fact(maker, "author of", m["title"], "multi") for maker in m["maker"].split(" and ")]
        if m["kind"] in _EITHER and not _FILMED.search(m[0]):  # "a thriller by X" may be X's novel
            return []
        return [_fact(m["title"], "directed by", m["maker"], "single")]
    if kind == "work":
        work = WORKS_BY.get(m["kind"])
        if work is None:
            return []
        predicate, maker_first = work
        return [
            _fact(m["maker"], predicate, m["title"], "multi")
            if maker_first
            else _fact(m["title"], predicate, m["maker"], "single")
        ]
    words = m["role"].split()
    role = role_relation(words)
    # "X is the sister of the mayor of Y": the role is someone of the holder's, not the holder's office
    if any(OTHER_PERSON.fullmatch(w.removesuffix("-in-law")) and after == "of" for w, after in zip(words, words[1:])):
        return []
    # "X is the old mayor of Y": an office "old" marks is a past one (an owner's role is none that "old" keeps)
    if role is None or role[1] != "owner" or FORMER.union({"old"}).intersection(words) or words[0].startswith("ex-"):
        return []
    return [_fact(m["owner"], role[0], m["value"], "single")]


#: Genres of the page and the screen alike; only "from", or a director named, makes one a film.
_EITHER = frozenset({"drama", "thriller", "comedy"})
_FILMED = re.compile(r"\bfrom\b|\bdirector\b")


def _fact(subject: str, predicate: str, obj: str, cardinality: str | None) -> Fact:
    subject, obj = subject.rstrip("."), obj.rstrip(".")
    return Fact(subject=subject, predicate=predicate, object=obj, confidence=0.7, cardinality=cardinality)
