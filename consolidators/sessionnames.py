"""What a session and memory have named so far: the names a short name may abbreviate, and what each one's
relations say of it.

:mod:`consolidators.coreference` reads a short name ("Brandt", "Halvard", "Norlandic") as the one full name it
abbreviates; :class:`Names` is the record it reads against. A fact's relation tells which kind of name its subject
or value is: a party's (a company, a body, a country: shortened to its first word), a country's (named by an
adjective too), a place (never a short name), a person's full name (a value of a person-valued relation). A
turn's text adds the full names it says, with the articles, titles and sentence-opening words before them dropped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from . import relations
from .forms import norm
from .handovers import NAME
from .statics import MULTI
from .text import is_word, split_sentences
from .types import ActiveFact, Fact
from .wholenames import job_title

#: Relations whose value is a person, so a surname there is one too ("Raman was named CEO of Halvard").
PERSON_VALUED = relations.PERSON_VALUED | {"head coach"}
#: A country's relations: the only ones an invented adjective may name its country by ("the Norlandic capital").
COUNTRY_RELATIONS = frozenset(
    {"capital", "currency", "official language", "president", "head of state", "prime minister", "national anthem"}
)
#: Relations whose value is a place: a name stored so is a place, never a short name.
PLACE_VALUED = frozenset({"lives in", "born in", "died in", "located in", "headquartered in", "capital"})
#: Relations a company, a body or a country holds: its name is shortened to its first word, not its last.
OF_PARTIES = frozenset({"headquartered in", "ceo", "owned by", "founded by", "located in", *COUNTRY_RELATIONS})
#: Relations a subject holds several values of at once: a session's new value is one more, not the one.
SEVERAL = MULTI | {"speaks", "citizen of"}
#: Honorifics: "Dr Okafor" is the person "Okafor" is, never a second full name beside "Ngozi Okafor".
HONORIFICS = frozenset("dr mr mrs ms miss mx prof professor sir dame".split())
#: Words a name may open with that are no part of it: articles, titles, a link left by a stripped office.
_LEAD = frozenset(
    "the a an former ex late of de van von al la le dr mr mrs ms prof professor sir dame ceo cfo cto coo".split()
)
#: The words a state's formal name puts before "of" and its short name ("the Federal Republic of Marrakand",
#: "the Kingdom of Tamaru"): the formal name and the short one are one country.
_STATE_FORMS = frozenset(
    "republic kingdom federal federation democratic people's peoples socialist islamic united grand duchy"
    " principality commonwealth sultanate emirate state union arab constitutional".split()
)
#: The particles a family name is said with, lower-cased ("de Saint-Aubin", "van der Hoek", "de la Serna",
#: "bin Rashid"): after a full name, the particles and the last word are a short name of it, as a surname is.
_PARTICLES = frozenset(
    "de da di du del della dei der den van von ten ter la le los las dos das al el bin bint ibn".split()
)


#: A name of capitalised words, as the readers of handovers find one.
_NAME = re.compile(NAME)


@dataclass
class Names:
    """What the session and memory have named so far."""

    full: dict[str, str] = field(default_factory=dict)  # norm -> as written: names of two words or more
    subjects: dict[str, str] = field(default_factory=dict)  # norm -> as written: every subject
    places: set[str] = field(default_factory=set)
    parties: set[str] = field(default_factory=set)  # names known as a company, a body or a country
    nations: set[str] = field(default_factory=set)  # subjects known by a country's relation
    ends: dict[str, list[str]] = field(default_factory=dict)  # first or last word -> the full names it ends
    in_turn: set[str] = field(default_factory=set)  # the full names the turn read so far said
    values: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)  # (subject, relation) -> values

    def learn(self, facts: Iterable[Fact | ActiveFact]) -> None:
        """The subjects of ``facts`` and what their relations tell of their names: a party's, a country's, a
        place (a value of a place relation), a person's full name (a value of a person-valued one)."""
        for f in facts:
            subject = norm(f.subject)
            if subject == "user":
                continue
            if subject not in self.subjects:
                self.subjects[subject] = f.subject
                self.name(f.subject)
            held = self.values.setdefault((subject, f.predicate), {})
            if isinstance(f, Fact) and f.retract:
                held.pop(norm(f.object), None)
            elif isinstance(f, Fact) and f.predicate not in SEVERAL:
                self.values[subject, f.predicate] = {norm(f.object): f.object}  # the session's new value replaces
            else:
                held[norm(f.object)] = f.object
            if f.predicate in OF_PARTIES:
                self.parties.add(subject)
            if f.predicate in COUNTRY_RELATIONS:
                self.nations.add(subject)
            if f.predicate in PLACE_VALUED:
                self.places.add(norm(f.object))
            elif f.predicate in PERSON_VALUED:
                self.name(f.object)

    def read(self, text: str) -> None:
        """The full names a turn's text says (leading articles, titles and sentence-opening words dropped)."""
        for sentence in split_sentences(text):
            for m in _NAME.finditer(sentence):
                self._said(m[0].rstrip("."), not sentence[: m.start()].strip() or sentence[m.start() - 2] == ":")

    def _said(self, name: str, at_start: bool) -> None:
        words = name.split()
        while words and (
            words[0].lower().rstrip(".") in _LEAD or job_title(words[0]) or at_start and is_word(words[0])
        ):
            words, at_start = words[1:], False
        self.name(" ".join(words))
        self.in_turn.add(norm(" ".join(w for w in words if w.lower().rstrip(".") not in HONORIFICS)))

    def name(self, name: str) -> None:
        key = norm(name)
        words = key.split()
        while len(words) > 1 and words[0].rstrip(".") in HONORIFICS:
            words = words[1:]
            key = " ".join(words)
            name = name.split(" ", 1)[1]
        if len(words) >= 2 and key not in self.full:
            self.full[key] = name
            for end in {words[0], words[-1]}:  # the short names looked up: an index, not a scan of every name
                self.ends.setdefault(end, []).append(key)


def short_state(name: str) -> str | None:
    """The short name a state's formal name ends in ("osterland" of "republic of osterland"), else None."""
    form, of, short = name.rpartition(" of ")
    words = form.split()
    return short if of and words and " " not in short and all(w in _STATE_FORMS for w in words) else None


def news_names(active: Sequence[ActiveFact]) -> Names:
    """The names memory's third-person facts give, less the people memory holds as the user's (a spouse): those
    were named in the user's own chat ("My wife is Anna Kowalczyk" + "Legia have signed Kowalczyk" is no move of
    the wife's)."""
    news = Names()
    news.learn(active)
    for own in {norm(a.object) for a in active if norm(a.subject) == "user"} & news.full.keys():
        del news.full[own]
        for end in {own.split()[0], own.split()[-1]}:
            news.ends[end] = [n for n in news.ends.get(end, []) if n != own]
    return news


def particled(short: str) -> list[str] | None:
    """The words of a family name said with its particles ("De Saint-Aubin", "de la Serna", "van der Hoek"), or
    None: a name only if its last word is capitalised and every word before it is a particle."""
    words = norm(short).split()
    last = short.split()[-1] if short.split() else ""
    if len(words) < 2 or not last[:1].isupper() or any(w not in _PARTICLES for w in words[:-1]):
        return None
    return words


def with_particles(words: list[str], names: Names) -> list[str]:
    """The people's full names that end in the family name ``words`` ("Léonie de Saint-Aubin" for "de
    Saint-Aubin"): one word or more before it, and no party's name ("Banco de la Plata" is no person)."""
    found = []
    for n in names.ends.get(words[-1], ()):
        full = n.split()
        if len(full) > len(words) and full[-len(words) :] == words and n not in names.parties:
            found.append(n)
    return outermost(found)


def outermost(candidates: list[str]) -> list[str]:
    """One name once: "Dr Anneliese Brandt" is "Anneliese Brandt" when both are candidates."""
    return [c for c in candidates if not any(d != c and c.endswith(" " + d) for d in candidates)]
