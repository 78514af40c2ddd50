"""One entity, one name: a short name read as the one full name it abbreviates.

Encyclopedic and news text names someone in full once ("Anneliese Brandt lives in Berlin") and then by surname
("Brandt relocated to Hamburg"), a company by its first word ("Halvard's CEO" after "Halvard Motors"), a country
by an adjective no gazetteer lists ("the Norlandic capital" after "Norland"). Stored under the short name, the
change never meets the fact it replaces and one entity splits in two. So, per turn, each fact whose subject (or,
for a person-valued relation, object) is ONE capitalised word is rewritten to the one full name it abbreviates
among the names the session stated up to that turn and memory's subjects: a person by the last word of the name
(the first word, for a name whose family name comes first, "Wang Lei", only when nothing else fits), an
organisation or place by its first word. The turn's own text is spelt out the same way, for the readers that
look for memory's subjects in it (:mod:`consolidators.thirdmemory`). Before any reader, a definite description
that is a clause's subject ("the company is now based in Ghent", "the film's director") is spelt as the one
subject of its kind memory holds that the turn (else the session before it) names (:func:`described`).

Precision first: two candidates are a guess, so nothing; a short name that is itself a known subject, a place
(a country or demonym the gazetteers know, or a value stored as a place), an English word, or the user is left
as it is. An adjective of a country no table lists ("Norlandic", "Valmoran") names the one known subject it
extends, for a country's relations only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from spacy.lang.en.stop_words import STOP_WORDS

from . import regexes
from .forms import adjective_stems, extends, initials, norm
from .handovers import country
from .places import DEMONYMS
from .sessionnames import (
    COUNTRY_RELATIONS,
    HONORIFICS,
    OF_PARTIES,
    PERSON_VALUED,
    PLACE_VALUED,
    SEVERAL,
    Names,
    news_names,
    outermost,
    particled,
    short_state,
    with_particles,
)
from .spans import ORG_WORDS
from .text import UPPER, is_word, split_sentences
from .types import ActiveFact, Fact, Turn, by_turn

#: Relations only a person holds: their subject said by one word is a person's family name, not a company's.
_PERSONAL = frozenset({"lives in", "works at", "plays for", "married to", "born in", "died in", "educated at"})
#: Words that make a name an organisation's or a place's (lower case, as names are compared); so does "of"
#: ("Bank of Kyoto", "CEO of AMD": no person's name has it).
_ORGS = frozenset(w.lower() for w in ORG_WORDS)
_PLACES = frozenset("republic kingdom federation islands island state states province empire principality".split())
_COUNTRIES = frozenset(DEMONYMS.values())
#: Family names a name says first ("Wang Lei", "Kim Ji-woo", "Nguyen Van An"): such a name is shortened to its
#: first word; a first word of any other name ("Ana" of Ana Ruiz) may be someone else's given name.
_FAMILY_FIRST = frozenset(
    "wang li zhang liu chen yang huang zhao wu zhou xu sun zhu hu guo gao lin luo zheng liang xie tang feng deng"
    " cao peng zeng xiao tian dong yuan pan jiang cai yu du ye cheng wei su lu ding ren shen yao jin tan fu zhong"
    " qin kim lee choi jung jeong kang cho yoon jang lim han oh seo shin kwon hwang ahn yoo hong jeon ko moon son"
    " bae baek nguyen tran le pham hoang huynh phan vu vo dang bui ngo duong ly".split()
)
#: A person said by an honorific and one word ("Dr Okafor", "Ms. Vane"; "Sir Alex Ferguson" is a full name).
_TITLED = re.compile(
    rf"\b(?:Dr|Mr|Mrs|Ms|Miss|Mx|Prof|Professor|Sir|Dame)\.? ([{UPPER}][\w-]+)(?![\w-])(?!\s+[{UPPER}])"
)
#: What memory must know an entity by for a definite description to name it: "the company" a subject it knows
#: a seat, a chief, an owner or a founder of; "the novelist" one it knows a home, a job or a spouse of; "the
#: film" one it knows a director of; "the city" a mayor of.
_PARTY = frozenset({"headquartered in", "ceo", "owned by", "founded by"})
_DESCRIBED: dict[str, frozenset[str]] = {
    **dict.fromkeys(
        "company firm business startup studio airline carrier bank lender insurer publisher label retailer carmaker"
        " automaker manufacturer brand conglomerate broadcaster".split(),
        _PARTY,
    ),
    **dict.fromkeys(
        "player striker midfielder defender goalkeeper winger novelist author writer poet singer actor actress"
        " painter architect scientist researcher economist journalist chef".split(),
        frozenset({"lives in", "works at", "plays for", "married to", "born in", "died in", "educated at"}),
    ),
    **dict.fromkeys(("film", "movie", "documentary"), frozenset({"directed by"})),
    **dict.fromkeys(("country", "nation"), COUNTRY_RELATIONS),
    **dict.fromkeys(("city", "town"), frozenset({"mayor"})),
    **dict.fromkeys(
        "museum gallery observatory library stadium theatre hospital palace castle cathedral".split(),
        frozenset({"located in"}),
    ),
}
#: The words an organisation's name says its kind by, for the descriptions that name one kind: "the bank" is
#: "Norrbrook Bank", never "Halvorsen Maritime Group" (:func:`_may_be`). A noun not here names no one kind.
_KIND_WORDS: dict[str, frozenset[str]] = {
    noun: frozenset(words.split())
    for nouns, words in (
        (("bank", "lender"), "bank banco banque bancorp"),
        (("insurer",), "insurance assurance"),
        (("airline",), "airlines airways air aviation"),
        (("studio",), "studio studios games interactive pictures films entertainment animation"),
        (("publisher",), "press publishing publishers books"),
        (("label",), "records music"),
        (("carmaker", "automaker"), "motors automotive auto cars"),
        (("broadcaster",), "media networks broadcasting television tv radio"),
    )
    for noun in nouns
}
#: "the company", "the company's", "the Portuguese striker": not a description that names what it describes itself ("the city of Durban",
#: "the film Winter Harbour", "the film 'Winter Harbour'", "the university where she studied").
_DESCRIPTION = re.compile(
    rf"\b[Tt]he (?:(?:{'|'.join(DEMONYMS)}) )?({'|'.join(_DESCRIBED)})\b(?!-)"
    rf"(?!\s+(?:(?:of|where|which|that|who|whose)\b|['\"‘“]?[{UPPER}\d]))"
)
#: Where a description is a clause's subject: the text's start, or after a clause's punctuation or conjunction.
_CLAUSE_START = re.compile(r"(?:^|[;:,.!?—–]\s*|\b(?:and|but|so|while|where|after which)\s+)$")
#: A capitalised word, which may be a short name ...
_WORD = re.compile(rf"(?<![\w'’-])[{UPPER}][\w-]+(?![\w-])")
#: ... if no capitalised word is right before it ("Dr Brandt", "Anneliese Brandt"; "Revised: Brandt" is alone)
_NAMED_BEFORE = re.compile(rf"[{UPPER}][\w'’-]*\s+$")
#: ... or right after it ("Brandt Foundation").
_NAMED_AFTER = re.compile(rf"\s+[{UPPER}]")
#: An acronym: what an organisation named in full once is called after ("HMG", "FCL"), as its initials.
_ACRONYM = re.compile(rf"[{UPPER}][{UPPER}&]{{1,5}}")


def resolved(facts: list[Fact], active: Sequence[ActiveFact], turns: Sequence[Turn]) -> tuple[list[Fact], list[Turn]]:
    """``facts`` with their short names as the full names they abbreviate, and ``turns`` with them spelt out."""
    names = Names()
    names.learn(active)
    news = news_names(active)  # the people a news turn's short name may be: none of the user's own
    groups, unsourced = by_turn(facts, turns)
    out: list[Fact] = []
    spelt: list[Turn] = []
    for turn, stated in groups:
        chat = _chat(turn)
        pool = names if chat else news
        names.in_turn = news.in_turn = set()
        mine, content = _turn(turn.content, stated, pool)
        spelt.append(replace(turn, content=content))
        names.learn(mine)
        if not chat:
            news.learn(mine)
        out += mine
    return out + unsourced, spelt


def _chat(turn: Turn) -> bool:
    """Whether a turn is the user's chat: a user's turn that speaks of the speaker or the listener anywhere; the
    people it names are the user's own, though one sentence of it says no "I" ("Anna Kowalczyk is coming over")."""
    return turn.role == "user" and bool(_SPEAKER.search(turn.content))


def described(turns: Sequence[Turn], active: Sequence[ActiveFact]) -> list[Turn]:
    """``turns`` with each definite description ("the company", "the film's director") spelt as the one subject
    of its kind memory holds that the turn names, in full or by a short name; where the turn names none, the one
    the session's earlier turns name. Read before the readers, which take a fact's subject from a name
    ("Brightwater Logistics named a new chief; the company is now based in Ghent"). Two: the description stays."""
    turns = _surnamed(turns, active)
    kinds: dict[str, set[str]] = {}
    for a in active:
        if norm(a.subject) != "user":
            kinds.setdefault(norm(a.subject), set()).add(a.predicate)
    if not kinds or not any(_DESCRIPTION.search(t.content) for t in turns):
        return list(turns)  # most sessions: nothing to read, and no subject's name to look for
    names = Names()
    names.learn(active)
    out: list[Turn] = []
    earlier: set[str] = set()
    for turn in turns:
        said = _named_subjects(turn.content, kinds, names)
        if _DESCRIPTION.search(turn.content):
            turn = replace(turn, content=_described(turn.content, said, earlier, kinds, names))
        earlier |= said
        out.append(turn)
    return out


#: A surname: one capitalised word, an elided particle's apostrophe inside it ("O'Callaghan", "D'Souza").
_SURNAME = rf"[{UPPER}](?:[\w-]*['’](?=[{UPPER}]))?[\w-]+"
#: A sentence opened by one capitalised word that a verb, an aside or a possessive follows: the clause's subject
#: said by a surname ("Okoye has completed his move …", "Okoye's loan …", "Okoye, 24, …").
_OPENING_SURNAME = re.compile(rf"^({_SURNAME})(?=(?:'s|’s)? [a-z]|, \d)")
#: What follows a sentence's first word when it is the clause's subject, a name even where it is an English word
#: too ("Berg has joined …", "Strand moved to …", "Park's loan …"): a possessive, an auxiliary or a past tense; a
#: noun after an adjective ("Stone walls") is none of these.
_ACTS = re.compile(r"(?:(?:'s|’s) [a-z]|,? (?:has|have|had|is|was|will|now|also|then|still|[a-z]{2,}ed)\b)")


def _surnamed(turns: Sequence[Turn], active: Sequence[ActiveFact]) -> list[Turn]:
    """``turns`` with a sentence's subject said by a surname spelt as the one person's full name memory or the
    session named before it: the readers of moves and teams know a person by two words or more, so "Okoye has
    completed his move from A to B" would state nothing. Two people of the name, or none: it stays."""
    names = Names()
    names.learn(active)
    # the people a news sentence's surname may be: only those memory's third-person facts or the news itself
    # named, never the user, the user's relatives or anyone else known only from the user's own chat
    news = news_names(active)
    out: list[Turn] = []
    for turn in turns:
        content = turn.content
        chat = _chat(turn)
        for sentence in split_sentences(turn.content):
            m = _OPENING_SURNAME.match(sentence)
            acts = bool(m and _ACTS.match(sentence, m.end(1)))
            # news speaks of the people news named: a surname opening it is none of the user's own people
            pool = names if chat or _SPEAKER.search(sentence) else news
            full = _full(m[1], pool, person=True, named=acts, said=sentence) if m else None
            if m and full and not _party(norm(full), names):
                content = content.replace(sentence, full + sentence[m.end(1) :], 1)
                sentence = full + sentence[m.end(1) :]
            objects = sentence if _dated_before(sentence, turn) else _objects_surnamed(sentence, news)
            content = content.replace(sentence, objects, 1) if objects != sentence else content
            names.read(sentence)
            if not chat and not _SPEAKER.search(sentence):
                news.read(sentence)
        out.append(replace(turn, content=content) if content != turn.content else turn)
    return out


#: A year a sentence is dated by ("signed Okoye in 2015", "back in 2019").
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


def _dated_before(sentence: str, turn: Turn) -> bool:
    """Whether ``sentence`` dates what it tells to a year before the turn's: a past episode ("Legia signed
    Wierzbicki in 2015 before selling him to Lech"), whose signing says nothing of where the person is now, so
    its object's surname is not spelt as a known person for the move's readers."""
    return any(int(y) < turn.ts.year for y in _YEAR.findall(sentence))


#: A surname said as the object of a verb or a preposition ("Surrey have signed Qureshi", "the arrival of Haddad
#: from Mersin"): one capitalised word right after a lower-case one.
_OBJECT_SURNAME = re.compile(rf"(?<=[a-z] ){_SURNAME}(?![\w'’-])")


def _objects_surnamed(sentence: str, names: Names) -> str:
    """``sentence`` with each person said by a surname after a verb or a preposition spelt as the one person's
    full name: the move's readers know the person a club signs by two words or more, as they know its subject.
    Not an English word ("signed Stone"): in running text it is as likely the word; not a company's or a
    place's name."""

    def one(m: re.Match[str]) -> str:
        if not _alone(sentence, m.start(), m.end()):
            return m[0]
        full = _full(m[0], names, person=True, said=sentence)
        return full if full and not _party(norm(full), names) else m[0]

    # the user's own news ("I'm training with Harris now") is read by the user's readers, as said
    return _OBJECT_SURNAME.sub(one, sentence) if names.full and not _SPEAKER.search(sentence) else sentence


#: A word of the speaker's or the listener's: the sentence is chat, not news about a third person.
_SPEAKER = re.compile(r"\b(?:(?-i:I)|me|my|we|our|us|you|your)\b", re.I)


def _described(text: str, said: set[str], earlier: set[str], kinds: dict[str, set[str]], names: Names) -> str:
    def one(m: re.Match[str]) -> str:
        if not (_CLAUSE_START.search(text[: m.start()]) or text.startswith(("'s", "’s"), m.end())):
            return m[0]  # an object ("hired her to run the company"): the readers know these phrases as they are
        relations = _DESCRIBED[m[1]]
        fits = [s for s in said if not kinds[s].isdisjoint(relations) and _may_be(m[1], s)]
        fits = fits or [s for s in earlier if not kinds[s].isdisjoint(relations) and _may_be(m[1], s)]
        return names.subjects[fits[0]] if len(fits) == 1 else m[0]

    return _DESCRIPTION.sub(one, text)


def _may_be(noun: str, subject: str) -> bool:
    """Whether a description's noun may describe ``subject``: a name that says its kind by an organisation's word
    ("Halvorsen Maritime Group", "Norrbrook Bank") is described only by a noun of that kind ("the bank" is no
    group's); a name that says none ("Kestrel"), or a noun that names no one kind ("the company"), may be."""
    said = _KIND_WORDS.get(noun)
    words = set(subject.split())
    return said is None or words.isdisjoint(_ORGS) or not words.isdisjoint(said)


def _named_subjects(text: str, kinds: dict[str, set[str]], names: Names) -> set[str]:
    """The subjects memory holds that ``text`` names: in full, or by the one short name only one of them has."""
    lowered = f" {_plain_words(text)} "
    said = {s for s in kinds if f" {_plain_words(s)} " in lowered}
    for m in _WORD.finditer(text):
        full = _full(m[0], names, named=True, said=text) if _alone(text, m.start(), m.end()) else None
        said |= {norm(full)} & kinds.keys() if full else set()
        # a country is named by its adjective too ("made Norlandic the country's language" is about Norland)
        said |= _nations_of(m[0], names) & kinds.keys()
    return said


def _plain_words(text: str) -> str:
    """Lower-case words separated by one space, as names are compared in running text ("Lumen Press's" has it)."""
    return " ".join(re.sub(r"[^\w\s-]", " ", text.lower()).split())


def _turn(content: str, stated: list[Fact], names: Names) -> tuple[list[Fact], str]:
    """A turn's facts and text, sentence by sentence: a short name takes a full name said BEFORE the sentence it
    is said in ("Lisa Su is the CEO of AMD" names no "CEO of AMD" that "AMD" could abbreviate). A short name the
    text does not say (a reader made it) is read with what came before the turn."""
    sentences = split_sentences(content) or [""]
    subjects: dict[int, str] = {}
    objects: dict[int, str] = {}
    for k, sentence in enumerate(sentences):
        for i, f in enumerate(stated):
            if norm(f.subject) != "user" and _first(sentences, f.subject) == k:
                subjects[i] = _subject(f, names, sentence)
            if norm(f.subject) != "user" and f.predicate in PERSON_VALUED and _first(sentences, f.object) == k:
                # the value of a person's relation is a person's name, even one that is a word ("Heath", "Strand")
                objects[i] = _full(f.object, names, person=True, named=True, said=sentence) or f.object
        new = _spelt_out(sentence, names)
        content = content.replace(sentence, new, 1) if new != sentence else content
        names.read(sentence)
    mine = [
        replace(f, subject=subjects.get(i, f.subject), object=objects.get(i, f.object)) for i, f in enumerate(stated)
    ]
    return [_as_held(f, names) for f in mine], content


def _as_held(fact: Fact, names: Names) -> Fact:
    """The fact with its value as memory holds it, where the sentence says the one value memory holds for the
    key by a part of its name ("Lens" of RC Lens, "Holmqvist" of Karin Holmqvist): a restatement, not a change,
    which stored as said would replace the whole name with a part of it. Not a place: "York" after "New York"
    is another city."""
    if fact.predicate in PLACE_VALUED or fact.predicate in SEVERAL or norm(fact.subject) == "user":
        return fact
    held = names.values.get((norm(fact.subject), fact.predicate), {})
    said = norm(fact.object).split()
    if len(held) != 1 or not said:
        return fact
    key, value = next(iter(held.items()))
    words = key.split()
    part = len(said) < len(words) and (words[: len(said)] == said or words[-len(said) :] == said)
    return replace(fact, object=value) if part else fact


#: A name said as a word: no letter, apostrophe or hyphen joined before it, no letter or hyphen after it.
_NOT_AFTER_A_WORD = re.compile(r"(?<![\w'’-])")
_NOT_BEFORE_A_WORD = re.compile(r"(?![\w-])")


def _first(sentences: list[str], name: str) -> int:
    """The first sentence that says ``name`` alone ("Demir works", not "Yusuf Demir lives"), else as a word ("The
    Norlandic capital"), else the first."""
    found = [
        (k, m.start, m.end)
        for k, sentence in enumerate(sentences)
        for m in regexes.said(name, sentence, _NOT_AFTER_A_WORD, _NOT_BEFORE_A_WORD)
    ]
    alone = (k for k, start, end in found if _alone(sentences[k], start, end))
    return next(alone, found[0][0] if found else 0)


def _alone(text: str, start: int, end: int) -> bool:
    """Whether the word at ``start:end`` is a name of its own: no capitalised word right before or after it."""
    return not _NAMED_BEFORE.search(text[max(0, start - 60) : start]) and not _NAMED_AFTER.match(text, end)


def _subject(fact: Fact, names: Names, said: str = "") -> str:
    """The fact's subject in full, where one full name fits (an invented adjective: for a country's relation);
    ``said``: the sentence that names it."""
    national = fact.predicate in COUNTRY_RELATIONS
    titled = _titled(fact.subject)
    if titled:
        return _full(titled, names, person=True, named=True, said=said) or fact.subject
    # a relation only a company, a body or a country holds, or one only a person does, says which the name is
    party = True if fact.predicate in OF_PARTIES else False if fact.predicate in _PERSONAL else None
    place = national or fact.predicate == "mayor"
    short = short_state(norm(fact.subject))
    if national and short in names.nations and norm(fact.subject) not in names.subjects:
        return names.subjects[short]  # "the Republic of Osterland" after memory's "Osterland": one country
    subject = _full(fact.subject, names, place=place, named=True, of_party=party, said=said)
    return subject or (_country(fact.subject, names) if national else None) or fact.subject


def _titled(name: str) -> str | None:
    """The one word an honorific is said with ("Okafor" of "Dr Okafor", "Mr. Okafor"): a person's short name."""
    title, _, rest = name.partition(" ")
    return rest if title.lower().rstrip(".") in HONORIFICS and rest and " " not in rest else None


def _spelt_out(text: str, names: Names) -> str:
    def one(m: re.Match[str]) -> str:
        return _full(m[0], names, said=text) or m[0] if _alone(text, m.start(), m.end()) else m[0]

    def titled(m: re.Match[str]) -> str:
        return _full(m[1], names, person=True, named=True, said=text) or m[0]

    return _WORD.sub(one, _TITLED.sub(titled, text)) if names.full else text


def _full(
    short: str,
    names: Names,
    *,
    person: bool = False,
    place: bool = False,
    named: bool = False,
    of_party: bool | None = None,
    said: str = "",
) -> str | None:
    """The one full name ``short`` (one capitalised word) abbreviates, if exactly one: a ``person``'s, or a
    ``place``'s (a country or town: "Bremen's mayor" is no Bremen Logistics'). An English word ("Kestrel" of
    Kestrel Analytics, "Stone" of Harriet Stone) only where it is ``named``: a reader made it a fact's subject or
    a person-valued relation's value, or a description asks which subject the turn names; in running text it is
    as likely the word ("Stone walls"). Where a company's and a person's name both fit, an ``of_party`` relation
    (True: a company's, False: a person's) says which; where two people bear the name, ``said`` (the sentence)
    may tell which by naming a value memory holds for one of them (:func:`_one`)."""
    key = norm(short)
    family = particled(short)
    if family:  # "De Saint-Aubin", "van der Hoek": a family name said with its particles
        return _one(with_particles(family, names), names)
    if _ACRONYM.fullmatch(short) and not person:  # "HMG" after "Halvorsen Maritime Group"
        return _one([n for n in names.full if initials(n) == key and _party(n, names)], names)
    states = [n for n in names.ends.get(key, ()) if short_state(n) == key]
    if states and not person and key not in names.subjects and short[:1].isupper():
        return _one(states, names)  # "Osterland" after "Republic of Osterland": a place, and that place
    if (
        " " in key
        or not short[:1].isupper()
        or short.isupper()  # an acronym is a name of its own ("CEO", "BBC"), no first word of a longer one
        or key == "user"
        or key in names.subjects
        or key in names.places
        or short in _COUNTRIES
        or country(short) != short
        or is_word(short)
        and not (named and short.lower() not in STOP_WORDS)
    ):
        return None
    tails, heads, family_first = [], [], []
    for n in names.ends.get(key, ()):
        words = n.split()
        party = _party(n, names)
        if party and not person and not (place and not _ORGS.isdisjoint(words)):
            heads += [n] if words[0] == key or short_state(n) == key else []
        elif not party:
            tails += [n] if words[-1] == key else []
            family_first += [n] if words[0] == key and key in _FAMILY_FIRST else []
    found = outermost(tails + heads) or outermost(family_first)
    if len(found) > 1 and of_party is not None:  # "Sunaku" of Sunaku Robotics and of Kenji Sunaku: the relation says
        found = outermost(heads if of_party else tails) or found
    return _one(found, names, said)


def _party(name: str, names: Names) -> bool:
    """Whether a full name is an organisation's, a body's or a place's: known so, or by its words."""
    words = name.split()
    return name in names.parties or not _ORGS.isdisjoint(words) or not _PLACES.isdisjoint(words) or "of" in words


def _one(found: list[str], names: Names, said: str = "") -> str | None:
    """The one full name of ``found`` a short name stands for, as written: of two people of one surname, the one
    the turn named in full, else the one whose club, employer or home the sentence ``said`` names ("Sato moved
    from Kawasaki Frontale to …" after Haruto Sato's club and his wife Mei Sato were named)."""
    if len(found) > 1:
        named = [n for n in found if n in names.in_turn]
        found = named if named or not said else [n for n in found if _holds_one_of(n, said, names)]
    return names.full[found[0]] if len(found) == 1 else None


def _holds_one_of(name: str, said: str, names: Names) -> bool:
    """Whether ``said`` names a value memory holds for ``name``: whole, or by a word of it that is a name of its
    own ("Midtjylland" of FC Midtjylland), not a word of English or an organisation's ("City", "Bank")."""
    words = set(_plain_words(said).split())
    plain = f" {_plain_words(said)} "
    for (subject, _), held in names.values.items():
        if subject != name:
            continue
        for value in held:
            parts = [w for w in value.split() if len(w) > 3 and w not in _ORGS and not is_word(w)]
            if f" {_plain_words(value)} " in plain or words.intersection(parts):
                return True
    return False


def _country(adjective: str, names: Names) -> str | None:
    """The one subject known by a country's relation that an invented adjective extends ("Norlandic": Norland)."""
    if norm(adjective) in names.subjects or adjective in DEMONYMS or adjective in _COUNTRIES:
        return None
    found = _nations_of(adjective, names)
    return names.subjects[found.pop()] if len(found) == 1 else None


def _nations_of(adjective: str, names: Names) -> set[str]:
    """The subjects known by a country's relation that an adjective names: a demonym's country ("French":
    France), or each nation an adjective no table lists extends ("Norlandic": Norland)."""
    key = norm(adjective)
    if " " in key or key in names.subjects:
        return set()
    if adjective in DEMONYMS:
        return {norm(DEMONYMS[adjective])} & names.nations
    stems = adjective_stems(key)
    return {s for s in names.nations if s != key and any(extends(s, stem) for stem in stems)}
