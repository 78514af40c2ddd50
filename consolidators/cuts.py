"""Terms a reader cut short or took from the wrong part of a name, seen once one sentence's facts are together
(the sieve's last look, :mod:`consolidators.sieve`).

- a term cut inside a word ("Malmö de" of "the Malmö design studio Formhus"): no name ends mid-word;
- a term that is only the start of another fact's term about the same subject ("Afghan Women" beside
  "Afghan Women's Network"): one reader saw the whole name, another a piece of it;
- a work given a person's relation beside its author ("the Istanbul-born author of Crow Garden": the
  author, not the book, was born in Istanbul);
- a name said in two parts: a title before a colon ("Dune: Part Two"), a one-word title joined to another
  by "and" ("Salt and Saffron", never "Flights and Drive Your Plow …", which are two works), a region named
  with its country ("Armenia's Kotayk Province", "the Cusco Region of Peru", where "Slovenia's Julian Alps" and
  "Stockholm's Norrmalm district" leave the wider place);
- an employer's city for the employer ("works at the Charité hospital in Berlin");
- a capital's demonym for its country ("Brasília has been the Brazilian capital").
"""

from __future__ import annotations

import re
from dataclasses import replace

from .phrases import USER
from .places import DEMONYMS
from .spans import ORG_WORDS
from .text import UPPER
from .types import Fact

_WORKS_AS_OBJECT = frozenset({"author of"})
_WORKS_AS_SUBJECT = frozenset({"directed by"})
_COUNTRIES = frozenset(DEMONYMS.values())
#: Words that label what follows a colon, never a title's first part.
_LABELS = frozenset(
    "breaking update correction note trivia reminder context background fact question answer spoiler recap summary"
    " review verdict quote tip fyi edit news source warning film book movie novel series".split()
) | {"fun fact"}
#: A country's administrative region said by its kind: a value of its own, finer than the country.
_ADMIN = (
    r"(?:Province|Region|Oblast|County|District|State|Prefecture|Department|Canton|Governorate|Municipality"
    r"|Voivodeship|Krai|Territory)"
)
_PLACES = frozenset({"located in", "lives in", "born in", "died in", "headquartered in"})
#: Relations of a person (or of a user), which a work they made never holds.
_PERSONAL = frozenset({"born in", "died in", "lives in", "works at", "married to", "citizen of", "educated at"})
_NAME = rf"[{UPPER}][\w'’.&-]*(?: [{UPPER}][\w'’.&-]*)*"
#: The kind of place an employer is, said between its name and its city.
_WORKPLACE = (
    r"(?: (?:hospital|clinic|university|institute|museum|bank|school|library|lab|laboratory|studio|theatre"
    r"|theater|company|firm|agency|office|centre|center|foundation|gallery|hotel|restaurant))?"
)


def mended(found: list[Fact], text: str) -> list[Fact]:
    """``found`` with cut terms made whole or dropped (see the module's docstring)."""
    whole = [_capital_country(_employer(_whole_body(_whole_name(f, text), text), text)) for f in found]
    works = {f.object for f in whole if f.predicate in _WORKS_AS_OBJECT} | {
        f.subject for f in whole if f.predicate in _WORKS_AS_SUBJECT
    }
    return [
        f
        for f in whole
        if not _cut_mid_word(f.subject, text)
        and not _cut_mid_word(f.object, text)
        and not _a_piece(f, whole)
        and not (f.predicate in _PERSONAL and f.subject in works and f.subject != USER)
    ]


def _cut_mid_word(term: str, text: str) -> bool:
    """A term whose last word is lower case and which the text holds only as the start of a longer word (a
    plural's ending aside: "Surinamese dollars" names the Surinamese dollar)."""
    last = term.rsplit(" ", 1)[-1]
    if " " not in term or not last.islower():
        return False
    found = list(re.finditer(rf"{re.escape(term)}(?!(?:e?s)?\b)", text, re.I))
    return bool(found) and len(found) == len(re.findall(re.escape(term), text, re.I))


def _a_piece(f: Fact, found: list[Fact]) -> bool:
    """Whether another fact about the same subject holds ``f``'s value as a piece of a longer name: its start
    before a possessive ("Afghan Women" of "Afghan Women's Network"), or, under the same relation, its start or
    its end ("Honey" of "Ash and Honey")."""
    for g in found:
        if g.subject != f.subject or g.object == f.object or g.retract:
            continue
        start = g.object.startswith(f.object) and g.object[len(f.object)] in (
            "'’" if g.predicate != f.predicate else "'’ "
        )
        if start or g.predicate == f.predicate and g.object.endswith(f" {f.object}"):
            return True
    return False


def _whole_name(f: Fact, text: str) -> Fact:
    """``f`` with a work's or a place's name made whole from the text."""
    if f.predicate in _WORKS_AS_SUBJECT:
        return replace(f, subject=_titled(f.subject, text))
    if f.predicate in _WORKS_AS_OBJECT and ":" not in f.object and _titled(f.object, text) != f.object:
        return replace(f, object=_titled(f.object, text))
    if f.predicate in _WORKS_AS_OBJECT and " " not in f.object:
        # "Salt and Saffron, her third book": two one-word halves, then the phrase ends
        joined = re.search(rf"\b{re.escape(f.object)} and ([{UPPER}][\w'’-]*)(?=[,.;:]|$| [a-z])", text)
        return replace(f, object=f"{f.object} and {joined[1]}") if joined else f
    if f.predicate in _PLACES:
        return replace(f, object=_region(f.object, text))
    return f


def _titled(work: str, text: str) -> str:
    """A work's title whole across its colon: "Dune: Part Two" for "Part Two", "Blade Runner: The Final Cut" for
    "Blade Runner"; a label before a colon ("Correction: …", "Breaking: …") is no part of a title."""
    part = rf"[{UPPER}][\w'’-]*(?: (?:(?:of|the|and|in|a|an|on|to|for) )*[{UPPER}][\w'’-]*)*"
    head = re.search(rf"(?:^|(?<=\s))({part}): {re.escape(work)}(?=[,.;]|$| [a-z])", text)
    if head and head[1].lower() not in _LABELS:
        return f"{head[1]}: {work}"
    tail = re.search(rf"\b{re.escape(work)}: ({part})(?=[,.;]|$| (?:was|is|by)\b)", text)
    return f"{work}: {tail[1]}" if tail else work


def _region(place: str, text: str) -> str:
    """The region a country's possessive or "of" names ("Armenia's Kotayk Province", "the Cusco Region of Peru");
    a city's district, a mountain range or a park stays the wider place ("Slovenia's Julian Alps")."""
    of = re.fullmatch(rf"(.+ {_ADMIN}) of ([{UPPER}][\w -]+)", place)
    if of and of[2] in _COUNTRIES:
        return of[1]
    inner = re.search(rf"\b{re.escape(place)}'s ({_NAME} {_ADMIN})\b", text) if place in _COUNTRIES else None
    return inner[1] if inner else place


def _employer(f: Fact, text: str) -> Fact:
    """A ``works at`` whose value is the city the named workplace is in: the workplace."""
    if f.predicate != "works at" or f.retract:
        return f
    if f" in {f.object}" not in text:  # the literal first: no pattern compiled for a city not said so
        return f
    at = re.search(rf"\bat (?:the )?(?P<org>{_NAME}){_WORKPLACE} in {re.escape(f.object)}\b", text)
    return replace(f, object=at["org"]) if at else f


#: Relations whose value is an organisation someone belongs to.
_BODIES = frozenset({"works at", "plays for", "member of", "educated at", "owned by"})
#: The kinds of body whose name goes on with "for" and what it is for: "the Department for Transport", "the
#: Institute for Fiscal Studies", "the Centre for Cities".
_FOR_BODIES = ORG_WORDS | {"Department", "Centre", "Center", "Office", "Commission", "Council", "Agency", "Institute"}


def _whole_body(f: Fact, text: str) -> Fact:
    """A body's name whole across its "for": a value ending in "Department" that the text says "Department for
    Transport" is the department for transport."""
    if f.predicate not in _BODIES or f.object.rsplit(" ", 1)[-1] not in _FOR_BODIES:
        return f
    whole = re.search(
        rf"\b{re.escape(f.object)} for (?:the )?[{UPPER}][\w'’-]*(?: (?:and |of )?[{UPPER}][\w'’-]*)*", text
    )
    return replace(f, object=whole[0]) if whole else f


def _capital_country(f: Fact) -> Fact:
    """ "Brasília is the Brazilian capital" read as Brasília's capital "Brazilian": Brazil's capital Brasília."""
    if f.predicate == "capital" and f.object in DEMONYMS:
        return replace(f, subject=DEMONYMS[f.object], object=f.subject)
    return f
