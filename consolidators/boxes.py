"""Fact boxes: labelled fields about one name, restated as the plain sentences the readers know.

A box is said on one line ("Kwame Mensah-Bonsu — Born: 1954, Kumasi | Died: …", "Vantor CEO: Oren Haas",
"Kazakhstan (currency: tenge; …) is …") or over a turn's sentences after a title ("Fact box: X.", a name
alone: "Oren Haas. Born: Haifa. Employer: …"). Each field the table knows is said as "<name> <relation> <value>"; the
box is the named one's, never the speaker's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .forms import is_word
from .lifeevents import ROLE_WORDS, is_occupation
from .text import DISCOURSE, OTHER_PEOPLE, UPPER
from .vocabulary import normalise_predicate

_NAME = rf"[{UPPER}0-9][\w&.'’-]*(?: (?:of |the |de |and |& )?[{UPPER}0-9][\w&.'’-]*)*"
NAME = _NAME  # a name as the box and restating readers match it

#: A fact box's labels and the statement each says of the box's subject ("{s}" the subject, "{v}" the value).
_FIELDS: dict[str, str] = {
    "capital": "{s}'s capital is {v}.",
    "capital city": "{s}'s capital is {v}.",
    "currency": "{s}'s currency is {v}.",
    "official language": "{s}'s official language is {v}.",
    "official languages": "{s}'s official language is {v}.",
    "headquarters": "{s} is headquartered in {v}.",
    "head office": "{s} is headquartered in {v}.",
    "born": "{s} was born in {v}.",
    "birthplace": "{s} was born in {v}.",
    "place of birth": "{s} was born in {v}.",
    "died": "{s} died in {v}.",
    "place of death": "{s} died in {v}.",
    "directed by": "{s} was directed by {v}.",
    "director": "{s} was directed by {v}.",
    "written by": "{s} was written by {v}.",
    "author": "{s} was written by {v}.",
    "founded by": "{s} was founded by {v}.",
    "founded": "{s} was founded by {v}.",  # only with its founder: "Founded: 2012 by Noa Lind" (see _field)
    "founder": "{s} was founded by {v}.",
    "founders": "{s} was founded by {v}.",
    "owner": "{s} is owned by {v}.",
    "parent company": "{s} is owned by {v}.",
    "ceo": "{v} is the CEO of {s}.",
    "president": "{v} is the president of {s}.",
    "mayor": "{v} is the mayor of {s}.",
    "spouse": "{s} is married to {v}.",
    "alma mater": "{s}'s alma mater is {v}.",
    "education": "{s} was educated at {v}.",
    "club": "{s} plays for {v}.",
    "team": "{s} plays for {v}.",
    "employer": "{s} works at {v}.",
    "location": "{s} is located in {v}.",
    "languages": "{s} speaks {v}.",
    "current club": "{s} plays for {v}.",
    "current team": "{s} plays for {v}.",
    "nationality": "{s} holds {v} citizenship.",
    "citizenship": "{s} holds {v} citizenship.",
    "parent": "{s} is owned by {v}.",
    "key people": "{v} of {s}.",
    # a person's box: home, work, school, household, office and group, each said as the readers' plain clause
    "residence": "{s} lives in {v}.",
    "lives in": "{s} lives in {v}.",
    "based in": "{s} is based in {v}.",
    "works at": "{s} works at {v}.",
    "educated at": "{s} was educated at {v}.",
    "married to": "{s} is married to {v}.",
    "wife": "{s} is married to {v}.",
    "husband": "{s} is married to {v}.",
    "office": "{s} is {v}.",
    "member of": "{s} is a member of {v}.",
    "band": "{s} is a member of {v}.",
    "born in": "{s} was born in {v}.",
    "died in": "{s} died in {v}.",
    "hq": "{s} is headquartered in {v}.",
    "headquartered in": "{s} is headquartered in {v}.",
    "chief executive": "{v} is the CEO of {s}.",
    "co-founders": "{s} was founded by {v}.",
    "co-founder": "{s} was founded by {v}.",
    "national language": "{s}'s official language is {v}.",
    "located in": "{s} is located in {v}.",
    # a school's former students, the box's subject among them
    **dict.fromkeys(("alumni", "alumnus", "alumna", "alumni of"), "{s} was educated at {v}."),
}
#: Labels only a state's box has.
_STATE_LABELS = frozenset({"capital", "capital city", "currency", "official language", "official languages"})
#: Labels whose value is a list, said as prose says one ("A, B and C") so that the readers take every item.
_LISTED = frozenset({"languages", "founders", "co-founders", "founded by", "official languages", "alumni", "alumni of"})
#: A field's value that opens with a date: "Born: 9 November 1954, Kumasi" names the place after it.
_DATED = re.compile(r"^[^,]*\d[^,]*, (?=[^\d,]+$)")
#: One of a box's key people with the office in brackets: "Britta Hansen (CEO)".
_KEY_PERSON = re.compile(rf"^(?P<name>{_NAME}) \((?:CEO|chief executive)\)$")
_LABEL = "|".join(sorted((re.escape(k) for k in _FIELDS), key=len, reverse=True))
#: A fact box's title: "Fact box: Vardena Republic", "FACT BOX — Moldova", "At a glance: Kestrel Analytics".
_TITLE = re.compile(
    rf"^(?:fact ?box|factfile|fact file|at a glance|profile|key facts)\s*[:—–|-]\s*(?P<name>{_NAME})\s*\.?$", re.I
)
_BARE_TITLE = re.compile(rf"^(?P<name>{_NAME})$")
#: A name with its fields in brackets: "Kazakhstan (currency: tenge; population: about 20 million) is …".
#: A title and a box's first field parted by a dash: "Nordlicht Versicherung AG — Headquarters: Kiel".
_DASHED = re.compile(rf"^(?P<title>{_NAME})\s+[—–]\s+(?P<field>[^:]+:.+)$")
#: A field whose label names its owner first: "New Vantor CEO: Oren Haas", "Dalvik Foods founders: A, B".
_OWNED_FIELD = re.compile(
    rf"^(?:(?i:new|current|the) )?(?P<owner>{_NAME}) (?P<label>(?i:{_LABEL}))\s*:\s*(?P<value>[^|;:]+?)\s*\.?$"
)
_NOT_OWNERS = frozenset("My Our Your His Her Their Its This That These Those The A An New Current Our".split())
_BRACKETED = re.compile(rf"(?P<name>{_NAME}) \((?P<fields>[^()]*:[^()]*)\)")


@dataclass(frozen=True)
class Field:
    """One field of a box: the table's label it is said by, and its value."""

    label: str
    value: str


#: Any one "Label: value" field, its label resolved by :func:`_table_label`; in a box's parts a spaced dash
#: parts them too ("Valdoria · Capital — Merenstad").
_SOME_FIELD = re.compile(r"^\s*(?P<label>[A-Za-z][A-Za-z '-]{0,24}?)(?:\s*:|\s+[—–])\s*(?P<value>[^|;:—–]+?)\s*\.?\s*$")
#: A box's abbreviated labels, said with a stop: "b. Murmansk", "d. Bergen", "Dir. Ana Lupu".
_ABBREVIATED = {"b": "born", "d": "died", "dir": "director"}
_ABBREVIATION = re.compile(r"^\s*(?P<label>[A-Za-z]{1,3})\.\s+(?P<value>[^|;:]+?)\s*\.?\s*$")


def _table_label(label: str) -> str | None:
    """The table's label a field's label is: itself, or a relation's verb that dropped its preposition ("Lives:",
    "Located:"), as the vocabulary reads "lives in"; None for a label the table doesn't know."""
    label = " ".join(label.lower().split())
    for phrase in (label, f"{label} in", f"{label} at"):
        if phrase in _FIELDS:
            return phrase
    return next((p for p in (normalise_predicate(f"{label} {prep}") for prep in ("in", "at")) if p in _FIELDS), None)


def _fields(parts: Sequence[str], work: bool = False) -> list[Field]:
    found = [(m, _table_label(m["label"])) for m in (_SOME_FIELD.match(p) for p in parts) if m is not None]
    short = (m for m in (_ABBREVIATION.match(p) for p in parts) if m is not None)
    found += [(m, _ABBREVIATED.get(m["label"].lower())) for m in short if _abbreviated(m, work)]
    return [Field(label, m["value"]) for m, label in found if label is not None]


def _abbreviated(m: re.Match[str], work: bool) -> bool:
    """Whether an abbreviated label is the field it abbreviates. "Dir." is the director only in a work's box and
    only with a name right after it: "Dir. of Photography X" is another credit, "Dir. Sales" a job's title."""
    return m["label"].lower() != "dir" or work and re.fullmatch(_NAME, m["value"]) is not None


#: What says a box's title is a work's (a film's, a book's): its year in brackets ("Dusk (2021)") or a running time
#: among its parts ("97 min").
_WORK_YEAR = re.compile(r"\((?:1[89]|20)\d\d\)\s*$")
_RUNTIME = re.compile(r"^\d+\s*(?:min|mins|minutes|pp|pages)\.?$", re.I)


def is_work(title: str, parts: Sequence[str]) -> bool:
    """Whether a box titled ``title`` with ``parts`` is a work's (:data:`_WORK_YEAR`, :data:`_RUNTIME`)."""
    return bool(_WORK_YEAR.search(title)) or any(_RUNTIME.match(p.strip()) for p in parts)


def box_statements(
    name: str, fields: Sequence[str], labels: frozenset[str] | None = None, work: bool = False
) -> list[str]:
    """The statements a box's labelled ``fields`` make of ``name``; a field the table doesn't know (or one not
    among ``labels``) says nothing; "Dir." is read only in a ``work``'s box."""
    found = _fields(fields, work)
    if any(f.label in _STATE_LABELS for f in found):  # a country's "Languages:" are no one's speech
        labels = (labels or frozenset(_FIELDS)) - {"languages"}
    return [s for f in found if labels is None or f.label in labels for s in [_field(name, f.label, f.value)] if s]


#: An aside that says a field's value is not yet true, or not sure: a plan, a trial, a hedge ("Oslo (planned)",
#: "Zed (trying it out)"); the field then states nothing (as :mod:`consolidators.fields` refuses one).
NOT_YET = re.compile(
    r"\([^()]*\b(?i:planned|proposed|pending|expected|upcoming|future|not yet|tbc|tbd|maybe|perhaps|probably|soon"
    r"|hopefully|eventually|try|trying|trial|testing|considering)\b[^()]*\)"
)


#: A value that held once and is over: "X (until 2019)", "Y (former)", "ex-Z", "Q, 2012–2018", "X (until last
#: year)", a pet's "Rex (RIP)" or "Rex (passed 2022)". A range left open
#: ("2019–present", "since 2019") is a value that holds now.
ENDED = re.compile(
    r"\b(?i:until|till)\s+(?:\w+\s+)?(?:19|20)\d\d\b|\b(?i:former|formerly|previously|retired|no longer)\b"
    r"|\b(?i:until|till)\s+(?i:recently|last\s+\w+|(?:\w+\s+){1,3}ago)\b"
    r"|(?<![\w-])(?i:ex)(?:-|\b)|\((?i:left|past|prior|ended|passed|died|gone|lost)\b[^()]*\)"
    r"|\bR\.?I\.?P\b\.?|\b(?i:passed away|deceased|died)\b"
    r"|\b(?:19|20)\d\d\s*(?:[–—-]|\bto\b)\s*(?:19|20)?\d\d\b"
)


#: A post or a school not yet taken up: a plan, whatever line states it ("incoming Data Engineer", "future
#: analyst", "ETH Zurich next year", "starting in March", "Analyst-designate").
PLANNED = re.compile(
    r"\b(?i:incoming|upcoming|future|prospective|soon-to-be|to-be|designate|starting|(?:from|as of) next"
    r"|next\s+(?:year|month|week|term|semester|spring|summer|autumn|fall|winter))\b"
)


def _field(name: str, label: str, value: str) -> str:
    if NOT_YET.search(value) or ENDED.search(value):  # "Vantor HQ: Oslo (planned)", "Club: Leeds (until 2019)"
        return ""
    value = _DATED.sub("", value)
    if label == "founded":  # "Founded: 2012 by Noa Lind" names its founder; "Founded: 2012" none
        value = value.partition(" by ")[2]
        if not re.fullmatch(_NAME, value):
            return ""
    if label == "key people":  # only a chief executive named as such is an office of the vocabulary
        person = next((m for v in value.split(", ") for m in [_KEY_PERSON.match(v)] if m), None)
        return f"{person['name']} is the CEO of {name}." if person else ""
    if label in _LISTED and "," in value and " and " not in value:  # "Languages: Lithuanian, Polish": each one
        *first, last = (v.strip() for v in value.split(","))
        value = f"{', '.join(first)} and {last}"
    return _FIELDS[label].format(s=name, v=value)


#: What parts a box's fields: a bar, or a bio's dot or bullet between spaces ("Ambervale · CEO: … · HQ: …").
_PARTS = re.compile(r"\s*\|\s*|\s+[·•]\s+")


def fact_box(text: str) -> list[str]:
    """The statements of a fact box said as one sentence: a title and fields parted by "|" or ";", or a name
    followed by its fields in brackets."""
    parts = _PARTS.split(text.strip())
    titled = _DASHED.match(parts[0])
    if titled:  # "Kwame Mensah-Bonsu — Born: …, Kumasi | Died: …": the title, then a field (or only one)
        parts[:1] = [titled["title"], titled["field"]]
    title = _box_title(parts[0]) if len(parts) > 1 else None
    if title is not None:  # a news dateline's cut leaves "Moldova | Capital: …" of "FACT BOX — Moldova | …"
        return box_statements(title["name"], parts[1:], work=is_work(parts[0], parts[1:]))
    owned = _OWNED_FIELD.match(text.strip())
    if owned and owned["label"].lower() in _THING_LABELS and _owner(owned["owner"]):
        return [_field(owned["owner"], owned["label"].lower(), owned["value"])]
    return [s for m in _BRACKETED.finditer(text) for s in box_statements(m["name"], re.split(r"\s*;\s*", m["fields"]))]


def _owner(name: str) -> bool:
    """Whether the name before a label is someone's ("Vantor Bank CEO:"), not a word of the line ("My CEO:",
    "Company CEO:")."""
    return name.split()[0] not in _NOT_OWNERS and (" " in name or not is_word(name))


#: What a box's title may carry after its name: a year, a country, a team ("Ana Lupu (Romania)", "Dusk (2021)").
_TITLE_ASIDE = re.compile(r"\s+\([^()]*\)$")


def _box_title(part: str) -> re.Match[str] | None:
    """The name a box is about, said as its title: "Fact box: X", a name alone, maybe with an aside in brackets."""
    return _TITLE.match(part) or _BARE_TITLE.match(_TITLE_ASIDE.sub("", part))


@dataclass(frozen=True)
class Box:
    """The box a turn's sentences are fields of: its subject's name, and the labels it may be read by (None: all)."""

    name: str
    labels: frozenset[str] | None = None


#: Labels only a place, an organisation or a work has: the only fields a one-word title is read by, so a greeting
#: the lexicon doesn't know ("Hiya. Location: Oslo") takes no one's home.
_THING_LABELS = frozenset(_FIELDS) - {
    "born", "birthplace", "place of birth", "born in", "died", "place of death", "died in", "spouse", "wife",
    "husband", "married to", "alma mater", "education", "educated at", "club", "team", "current club",
    "current team", "employer", "works at", "residence", "lives in", "languages", "nationality", "citizenship",
    "office", "member of", "band",
}  # fmt: skip
#: Any "Label: value" line, known to the table or not.
ANY_FIELD = re.compile(r"^[A-Za-z][A-Za-z ]{0,24}:\s*\S")
#: A label whose value is the speaker's own clause ("Quick background: I live in Rotterdam"): a heading over what the
#: speaker says, never a box's field.
SPEAKERS_CLAUSE = re.compile(r"^[A-Za-z][A-Za-z ]{0,24}:\s*(?:I|we|my|our)(?:['’][a-z]+)?\b", re.I)
#: A sentence opening with a personal pronoun is a clause ("I'm Marisol.", "We're the Okafors."), never a name alone.
_PRONOUN_OPENING = re.compile(r"^(?:I|we|you|he|she|they|it)(?:['’][a-z]+)?\b", re.I)


def opened(sentence: str) -> Box:
    """The box ``sentence`` opens: a fact box's title ("Fact box: X") or a name alone ("Oren
    Haas.", "Merrow."): a full name, or one word that is no English word and no greeting ("Thanks." is none)."""
    text = sentence.strip()
    title = _TITLE.match(text)
    if title:
        return Box(title["name"].rstrip("."))  # "Fact box: Tessaly.": the stop is no part of it
    m = _BARE_TITLE.match(text.rstrip("."))
    if m is None or text.endswith(("?", "!")) or _PRONOUN_OPENING.match(text):
        return Box("")
    if " " in m["name"]:
        return Box(m["name"])
    unknown = not is_word(m["name"]) and DISCOURSE.sub("", m["name"] + " ")
    return Box(m["name"], _THING_LABELS) if unknown else Box("")


#: What makes a heading not the user's own: a wish ("Wishlist:", "Gift ideas:", "Things to buy:") or a name's
#: possessive ("Ola's details."). The fields under it state no fact of the user's now.
_NOT_MINE = re.compile(
    rf"(?-i:\b[{UPPER}][\w-]*'s)\b|\bwish(?:es|list| list)?\b|\b(?:ideas|to buy|shopping list)\b", re.I
)
_NAMED_ONLY = re.compile(rf"^(?!.*\bwish|.*\b(?:ideas|to buy|shopping list)\b).*(?-i:\b[{UPPER}][\w-]*'s)\b", re.I)
#: The noun a heading possesses: "My flatmate:", "our lodger -", "My sister's details.", not "my nurse schedule:".
_POSSESSED = re.compile(r"\b(?:my|our|his|her|their) (?:[\w-]+ )?(?P<noun>[a-z]+)(?=\s*(?:[:.—–-]|'s\b|$))", re.I)
_OTHER_PERSON = re.compile(rf"(?:{OTHER_PEOPLE})s?", re.I)


def _not_mine(heading: str) -> bool:
    """Whether a heading gives what follows to a wish or to someone else: a person the user has ("my flatmate",
    "our accountant": a relative or anyone a job names; "my editor:" is a tool's role)."""
    people = (m["noun"] for m in _POSSESSED.finditer(heading) if m["noun"].lower() not in ROLE_WORDS)
    # a name's possessive heads a box only as a title ("Ola's details"); in a clause it may be an employer's
    # ("Quillon's stack is quite different: …")
    named = _NOT_MINE.search(heading) is not None and (len(heading.split()) <= 3 or not _NAMED_ONLY.search(heading))
    return named or any(_OTHER_PERSON.fullmatch(n) or is_occupation(n) for n in people)


#: The first "Label: value" of a line, wherever it starts ("Wishlist - Laptop: Framework 13").
_FIRST_FIELD = re.compile(r"(?<![\w'])[A-Za-z][A-Za-z' ]{0,24}:\s*\S")


def owned(sentences: Sequence[str]) -> list[str]:
    """A turn's ``sentences`` without the fields a heading gives to someone else or to a wish: "My flatmate:" then
    "Name: Ola", "Job: nurse"; "Wishlist - Laptop: Framework 13". Any other sentence ends the heading's scope."""
    out: list[str] = []
    theirs = False
    for sentence in sentences:
        text = sentence.strip()
        field = _FIRST_FIELD.search(text)
        if field is None:
            theirs = _heading(text) and _not_mine(text)
            out.append(sentence)
        elif not theirs and not _not_mine(text[: text.find(":")]):
            out.append(sentence)
    return out


def _heading(text: str) -> bool:
    """Whether a line may head the fields after it: it ends in a colon or a dash, or is a few words long."""
    return text.endswith((":", "-", "—", "–")) or len(text.split()) <= 4
