"""Where a name begins and ends, whichever reader found it: the parts every relation shares.

The readers cut names where a lower-case word sits inside them ("Politecnico di Milano", "Ngũgĩ wa
Thiong'o", "Kafka on the Shore", "Max Planck Institute for Astronomy", "Maple & Finch"), keep the
description a name carries ("the Afrobeat collective Ìlú Orchestra", "Councillor Janet Okafor"), and drop
the surname two people share ("brothers Arjun and Rohan Mehta"). These are repaired against the sentence's
own words once the facts are read (:func:`whole`), so every reader's facts get the same names.

The sentence is tidied before it is read too (:func:`plain`): a correction's negated alternative ("born in
İzmir, not Ankara as first reported") and an aside of the writer's ("X, it turns out, was born …") are no
part of what it states.
"""

from __future__ import annotations

import re
from dataclasses import replace

from spacy.lang.en.stop_words import STOP_WORDS

from . import regexes
from .lifeevents import is_occupation
from .places import COUNTRIES, CURRENCIES, DEMONYMS, SHARED_CURRENCIES
from .relations import role_relation
from .spans import NAMED_SITES, ORG_WORDS
from .text import FOREIGN_PARTICLES, MONTHS, PARSED_HYPHEN, PARSED_I, WEEKDAYS, is_word, lexicon_lemmas
from .types import Fact

_CAP = r"[A-ZÀ-ÖØ-ÞĀ-Ž]"
#: A capitalised word of a name ("Thiong'o", "Joon-ho", "Co.").
_WORD = rf"{_CAP}(?:[\w'-]|\.(?=\w))*(?:(?<=\b{_CAP})\.|(?<=\bCo)\.)?"
#: Lower-case particles inside a person's or a place's name: "Leonardo da Vinci", "Universidad de los Andes".
_PARTICLES = (
    "de del della dello dei di da das do dos du des van von der den ter ten wa bin ibn al el la le les los las "
    + FOREIGN_PARTICLES
)
#: Words that join a work's title ("Kafka on the Shore", "Portrait of a Lady on Fire"); "and" parts two works.
_TITLE_JOINERS = "of the a an in on at to for with from into over under upon"
#: Words that join an institution's name after its kind ("School of Economics", "Institute for Astronomy").
_ORG_JOINERS = "of for the"
#: Days and months: "starts at Pendant Publishing on Monday", "directed Parasite in May" say when, not a name.
_WHEN = (
    r"(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July"
    r"|August|September|October|November|December)\b)"
)
#: Last words of a studio's or a publisher's name, beside the organisations' (:data:`ORG_WORDS`).
_STUDIOS = frozenset("Bros Bros. Netflix HBO BBC Books Press Publishers Productions Amazon Disney".split())
#: Relations whose value (or subject) is a work, and which side of the fact it is on.
_WORKS = {"author of": "object", "directed by": "subject"}
#: Lower-case words that stay inside a name: its particles and joiners.
_INSIDE = frozenset(f"{_PARTICLES} {_TITLE_JOINERS} and & 's".split())


def _joined(joiners: str, number: str = "(?!)") -> re.Pattern[str]:
    """A stretch right of a name: joiner words, then capitalised words ("on the Shore", "di Milano")."""
    words = "|".join(joiners.split())
    word = rf"(?:{_WHEN}{_WORD}|{number})"
    return re.compile(rf"^(?:(?:\s+(?:{words})){{1,3}}\s+{word}(?:\s+{word})*)+")


_RIGHT = {
    "particle": _joined(f"{_PARTICLES} &"),
    # "Yusuf bin Hamdan al-Kindi": a particle hyphened to the last name, which the tokenizer parts from the rest
    "article": re.compile(rf"^(?:\s+(?:{'|'.join(_PARTICLES.split())})-{_WORD})+"),
    "org": _joined(_ORG_JOINERS),
    "work": _joined(_TITLE_JOINERS, r"\d{1,2}\b"),  # "Cléo from 5 to 7"; "in 1954" is when
}
#: A stretch left of a name ending in particles: "Ngũgĩ wa " before "Thiong'o", "Femke van der " before "Berg".
_LEFT_PARTICLE = re.compile(rf"{_WORD}(?:\s+{_WORD})*(?:\s+(?:{'|'.join(_PARTICLES.split())}|&)){{1,3}}\s+$")
_LEFT_WORK = re.compile(
    rf"(?<![\w'-]){_WORD}(?:(?:\s+(?:{'|'.join(_TITLE_JOINERS.split())})){{0,3}}\s+{_WORD})*?(?:\s+(?:{'|'.join(_TITLE_JOINERS.split())})){{1,3}}\s+$"
)
#: "Arjun and Rohan Mehta": a first name that shares the surname after the next one.
_SHARED_SURNAME = re.compile(rf"(?<![\w'-])(?P<first>{_WORD}) and (?P<second>{_WORD}) (?P<surname>{_WORD})(?! {_CAP})")
#: Relations whose terms are names: a lower-case term is a description of one.
_NAMED_VALUES = frozenset(
    "owned by|founded by|ceo|mayor|president|married to|plays for|works at|member of|located in|headquartered in"
    "|born in|died in|lives in|educated at|author of|directed by".split("|")
)
#: Which side of a relation is a person.
_PERSON_SIDES = {
    **{p: ("object",) for p in ("ceo", "mayor", "president", "founded by", "directed by")},
    **{p: ("subject",) for p in ("born in", "died in", "lives in", "works at", "plays for", "citizen of")},
    **{p: ("subject",) for p in ("speaks", "member of", "author of", "educated at")},
    "married to": ("subject", "object"),
}


#: A compound adjective that describes a name ("Lagos-born, London-based playwright Tolu Ajayi"), never one.
_COMPOUND = r"(?:born|based|headquartered|bred|raised|educated|trained)"
#: The end of a term said whole, or of its possessive ("Femke van der Berg's husband", "Farmers' Bank").
_ENDS_THE_TERM = re.compile(r"(?:(?='s\b|'(?!\w))|(?![\w'-]))")
_DESCRIBING = re.compile(rf"\S+-{_COMPOUND}")


#: A conjunction that opens a clause it still asserts ("When Kato moved to Osaka, he …", "Since Ona Lee joined
#: Arsenal, …"): the readers that take a sentence's first capitalised words for its subject take it in. A
#: condition ("If", "Unless") asserts nothing and is left, for no fact.
_SUBORDINATE = re.compile(
    rf"^(?:When|Whenever|After|Once|Since|Before|Until|Till|While|Whilst|As|Although|Though|Because) (?={_CAP})"
)


def unsubordinated(name: str) -> str:
    """``name`` without the conjunction of the clause it is the subject of: the name after it is that subject."""
    return _SUBORDINATE.sub("", name)


def person_side(predicate: str, side: str) -> bool:
    """Whether ``side`` ("subject" or "object") of ``predicate`` is a person."""
    return side in _PERSON_SIDES.get(predicate, ())


def whole(sentence: str, facts: list[Fact]) -> list[Fact]:
    """``facts`` with their names made whole from ``sentence``, and a fact for each first name that shares a
    surname ("founded by brothers Arjun and Rohan Mehta")."""
    out: list[Fact] = []
    for f in facts:
        if f.subject.lower() in STOP_WORDS or _DESCRIBING.fullmatch(f.subject):  # "As of 1 June", "Lagos-born"
            continue  # an opening word, or a description of the name after it, is no subject
        f = replace(f, subject=short_form(_spelt(f.subject, sentence)), object=short_form(_spelt(f.object, sentence)))
        f = replace(f, object=bare_currency(f.object)) if f.predicate == "currency" else f
        sides = _PERSON_SIDES.get(f.predicate, ())
        subject, obj = (
            _full_name(_widened(term, sentence, f, side), sentence)
            if side in sides
            else _widened(term, sentence, f, side)
            for term, side in ((f.subject, "subject"), (f.object, "object"))
        )
        # a name grown over the other term is a misreading, not a name; one that only shares a word with it
        # is whole ("the founder of Pell & Marsh, Dorota Pell")
        if obj.lower() in subject.lower() and obj != f.object or subject in obj and subject != f.subject:
            subject, obj = f.subject, f.object
        f = _described(f if (subject, obj) == (f.subject, f.object) else replace(f, subject=subject, object=obj))
        out += _shared_surname(f, sentence)
    return _implied_posts(list(dict.fromkeys(out)))


def _implied_posts(facts: list[Fact]) -> list[Fact]:
    """``facts`` without a chief executive's "works at" the firm they head: "X, who took the top job at Acme"
    states the post, as "Acme named X chief executive" does, and both are keyed on the post alone."""
    heads = {(f.object, f.subject) for f in facts if f.predicate == "ceo" and not f.retract}
    return [f for f in facts if f.predicate != "works at" or f.retract or (f.subject, f.object) not in heads]


#: A state's long form: "the Republic of Palau", "the People's Republic of China", "the Kingdom of Tonga".
_LONG_FORM = re.compile(
    r"^(?:the )?(?:[A-Z][\w']* ){0,2}(?:Republic|Kingdom|Principality|Sultanate|Emirate|Commonwealth|Federation"
    r"|State|Grand Duchy) of (?:the )?(?P<name>.+)$",
    re.I,
)


def short_form(term: str) -> str:
    """A state's long form as the short name it is known by ("Republic of Palau" → Palau), when it is a state;
    an unknown "Republic of Sarvona" keeps the only name it has."""
    m = _LONG_FORM.match(term)
    return m["name"] if m and m["name"] in COUNTRIES else term


def bare_currency(value: str) -> str:
    """A currency without its state's adjective when no other state uses its name: "Albanian lek" is the lek;
    "Kenyan shilling" and "Swiss franc" keep theirs."""
    words = value.split()
    one_states = len(words) == 2 and words[0] in DEMONYMS and words[1] in CURRENCIES
    return words[1] if one_states and words[1] not in SHARED_CURRENCIES else value


def _spelt(term: str, sentence: str) -> str:
    """``term`` as the sentence spells it, when only its case differs ("Bong Joon-Ho" the parser was given
    for "Bong Joon-ho")."""
    if term == "user" or term in sentence:
        return term
    # as the parser was given it: "Casals Y Font", "Mensah‑Bonsu" (see consolidators.nlp_cache.normalised)
    spelt = r"\ ".join("[yi]" if w == PARSED_I else re.escape(w) for w in term.split(" ")).replace(PARSED_HYPHEN, "-")
    found = {m[0] for m in re.finditer(rf"(?<![\w'-]){spelt}(?:(?='s\b)|(?![\w'-]))", sentence, re.I)}
    return found.pop() if len(found) == 1 else term


_DATES = frozenset(MONTHS + WEEKDAYS)


def _full_name(term: str, sentence: str) -> str:
    """A person's lone surname as the one full name the sentence gives it: "Nowak's alma mater, …, awarded
    Katarzyna Nowak …" is about Katarzyna Nowak."""
    if term == "user" or term not in sentence:
        return term
    # "… directed by Bram de Wit; de Wit was born …": a surname that opens with its particle is a lone surname too
    particles = rf"(?:(?:{'|'.join(_PARTICLES.split())})\s+)*"
    if re.fullmatch(rf"{particles}{_WORD}", term) is None:
        return term
    names = {
        m[0]
        for m in re.finditer(rf"(?<![\w'-])(?:{_WORD}\s+){{1,2}}{particles}{re.escape(term)}(?![\w'-])", sentence)
        if m[0].split()[0].lower() not in STOP_WORDS
        and m[0].split()[0] not in _DATES  # "last Saturday Joost and I got married": a day is no first name
        and not job_title(m[0].split()[0])
        and not any(w.endswith("'s") for w in m[0].split())  # "Twice's Nayeon": whose, not a first name
    }
    return names.pop() if len(names) == 1 else term


def _widened(term: str, sentence: str, fact: Fact, side: str) -> str:
    """``term`` as it stands whole in ``sentence``: grown over particles, an institution's "of"/"for" words,
    a hyphen the parser cut at, or (for a work) a title's joiners and opening words. Unchanged when the
    sentence doesn't hold it word for word."""
    if term == "user" or term not in sentence:  # every widening below starts from the term word for word
        return term
    if not term[:1].isupper():  # "the newspaper group Kestrel Media": the description read for the name
        if fact.subject == "user" or fact.predicate not in _NAMED_VALUES:  # no name is read for these: no search
            return term
        named = re.search(rf"(?<![\w'-]){re.escape(term)}\s+(?P<name>{_WORD}(?:\s+{_WORD})*)", sentence)
        return named["name"] if named else term
    hyphened = _hyphened(term, sentence)
    if hyphened:
        return hyphened
    work = _WORKS.get(fact.predicate) == side
    kinds = ["particle", "article", *(["org"] if term.split()[-1] in ORG_WORDS else []), *(["work"] if work else [])]
    grown: list[str] = []
    # "Lagos-born drummer X joined the Lagos Brass Ensemble": a place said in a describing compound is said alone
    # the literal first: most terms are in no such compound, and their pattern need not be compiled
    alone = f"{term}-" in sentence and bool(re.search(rf"(?<![\w'-]){re.escape(term)}-{_COMPOUND}\b", sentence))
    # "Femke van der Berg's husband": a possessive ends the name as a space does
    # ("Farmers' Bank": a plural's bare apostrophe too)
    for m in regexes.said(term, sentence, regexes.NOT_AFTER_A_WORD, _ENDS_THE_TERM):
        before, after = sentence[: m.start], sentence[m.end :]
        left = _LEFT_PARTICLE.search(before) or (work and (_LEFT_WORK.search(before) or _OPENING_WORDS.search(before)))
        left = left or (_org_kind_before(before) if side in _ORG_SIDES.get(fact.predicate, ()) else None)
        right = next((r for r in (_RIGHT[k].match(after) for k in kinds) if r is not None), None)
        right = right or _group_possessive(term, after, person=side in _PERSON_SIDES.get(fact.predicate, ()))
        if right is not None and work and right[0].split()[-1] in ORG_WORDS | _STUDIOS:
            right = None  # "directed Barbie for Warner Bros": who it was made for, not its title
        if right is None and fact.subject != "user":  # "Helvetia Re posted": a name's last word cut off
            right = _ADJACENT.match(after)
            # "named Jonas Eide CEO": a role after a name is what the sentence makes of it
            right = right if right is None or not any(_a_role(w) for w in right[0].split()) else None
            # "Tartu City Council chose X as mayor": the place's body acted; the office is the place's
            right = None if right is not None and side == "subject" and _GOVERNS.match(right[0]) else right
        if right is None and side == "subject" and _OPENS.fullmatch(before):  # "The charity Bread for Tomorrow was"
            right = _OPENING_OF.match(after)
        if left or right:  # a leading article stays off, as the readers leave it ("Glass Orchard")
            opening = re.sub(r"^(?:The|A|An)\s+", "", left[0]) if left else ""
            grown.append(opening + term + (right[0] if right else ""))
        else:
            alone = True
    # "Ana Ruiz, who lives in New York, works at the New York Times": a term the sentence also says alone
    # names what it says alone; the longer name beside it is another thing
    name = grown[0] if grown and not (alone and fact.predicate in _PLACES) else term
    return _inner_joins(name, sentence, fact, side)


#: The sides of a relation an organisation stands on.
_ORG_SIDES = {
    **{p: ("subject",) for p in ("founded by", "ceo", "headquartered in")},
    **{p: ("object",) for p in ("works at", "educated at", "member of")},
    "owned by": ("subject", "object"),
}
#: An institution's kind and its "of"/"for" right before a term: "the Halsey Trust for " before "Coastal Birds".
_LEFT_ORG = re.compile(rf"(?:{_WORD}\s+)*(?P<kind>{_WORD})\s+(?:for|of)\s+(?:the\s+)?$")


def _org_kind_before(before: str) -> re.Match[str] | None:
    """The start of an institution's name the term ends ("the Halsey Trust for Coastal Birds" read as "Coastal
    Birds"): only after a word that makes an institution (:data:`ORG_WORDS`), so "the mayor of Kelso" stays Kelso."""
    m = _LEFT_ORG.search(before)
    return m if m is not None and m["kind"] in ORG_WORDS else None


#: A possessive inside an institution's name, up to the word that makes it one: "Children's Trust", "Boys' Choir".
_POSSESSIVE_TAIL = re.compile(rf"^(?:'s|')(?:\s+{_WORD}){{1,3}}")


def _group_possessive(term: str, after: str, *, person: bool) -> re.Match[str] | None:
    """The rest of an institution's name after a plural noun's possessive ("the Kano Women's Trust"): a group of
    people owns no institution by name, a person or a place does ("Lagos's General Hospital" is Lagos's), so
    only a common plural that is no name ("Children", "Workers") is grown over, and only to a word that names an
    institution."""
    last = term.split()[-1]
    if person or not last[:1].isupper() or last.lower() in COUNTRIES:
        return None
    lemmas = lexicon_lemmas(last.lower()).get("NOUN", ())
    tail = _POSSESSIVE_TAIL.match(after)
    plural = bool(lemmas) and last.lower() not in lemmas
    return tail if plural and tail and tail[0].split()[-1] in ORG_WORDS else None


def _inner_joins(name: str, sentence: str, fact: Fact, side: str) -> str:
    """``name`` grown over what joins inside an institution's or a site's name: a list of fields after its
    "of" ("Academy of Sciences and Humanities"), the place of a name that is only a kind without it ("the
    American University in Cairo"), a site's lower-case head noun ("the Torre Alta lighthouse")."""
    at = next(regexes.said(name, sentence, regexes.NOT_AFTER_A_WORD, regexes.NOT_BEFORE_A_WORD), None)
    if at is None:
        return name
    after = sentence[at.end :]
    fields = _FIELDS.match(after) if " of " in name and _a_field(name.rsplit(" of ", 1)[1]) else None
    if fields and _a_field(fields["fields"]) and fields["fields"].split()[0] not in ORG_WORDS:
        return name + fields[0]  # "the University of Oslo and NTNU" are two: a field is a word, not a name
    words = name.split()
    if words[-1] in ORG_WORDS and all(w in DEMONYMS or w in _GENERIC for w in words[:-1]):
        place = _IN_PLACE.match(after)  # "the American University" names no one school without its place
        return name + place[0] if place else name
    head = _HEAD_NOUN.match(after) if side == "subject" and fact.predicate == "located in" else None
    # a noun, not an adverb before the verb ("Carrow Ring actually lies in …")
    if head and head["noun"] not in NAMED_SITES and "NOUN" in lexicon_lemmas(head["noun"]):
        return name + head[0]  # "the Torre Alta lighthouse is in Cádiz": the lighthouse is what is located
    return name


#: Words that make an institution's kind, not its name: "the National University", "the Open University".
_GENERIC = frozenset("National State Federal Royal Catholic Open Free International Technical Central".split())
#: Capitalised fields after "and" in an institution's name, up to the next lower-case word or stop.
_FIELDS = re.compile(rf"^\s+(?:and|&)\s+(?P<fields>{_WORD}(?:\s+{_WORD})*)(?=\s+[a-z]|[,;:.!?)]|$)")
_IN_PLACE = re.compile(rf"^\s+in\s+{_WORD}(?:\s+{_WORD})*(?=\s+[a-z]|[,;:.!?)]|$)")
#: A lower-case noun heading a site's name, before the verb or a stop.
_HEAD_NOUN = re.compile(r"^\s+(?P<noun>[a-z]{4,})(?=\s+(?:is|was|has|lies|sits|stands|stood)\b|[,;:.!?)]|$)")


def _a_field(words: str) -> bool:
    """Capitalised common words ("Sciences", "Performing Arts Vienna" up to its place): a field, not a name."""
    first = words.split()[0] if words.split() else ""
    return bool(first) and is_word(first.lower()) and first not in DEMONYMS


#: Relations whose value is a place: said alone beside a longer name, the place is the value.
_PLACES = frozenset({"lives in", "born in", "died in", "located in", "headquartered in", "capital"})

#: A place's governing body after its name, no part of the name whose office it fills.
_GOVERNS = re.compile(
    r"\s+(?:(?:City|Town|County|District|Municipal|Regional) )?(?:Council|Hall|Government|Assembly)\b"
)


#: A name the tokenizer cut at a hyphen: "Anjali Menon" of "Anjali Menon-Reyes", "Ben" of "Lior Ben-David",
#: "Kumasi" of "Kumasi-on-Volta"; its last part is a name ("Nairobi-based" is no name), or a short syllable
#: ("Joon-ho").
_HYPHEN_TAIL = rf"(?:-[\w']+)*-(?:{_CAP}[\w']*|[a-z]{{1,3}}\b)"


def _hyphened(term: str, sentence: str) -> str:
    """``term`` with the rest of the hyphenated name it was cut from, or ""."""
    if f"-{term}" not in sentence and f"{term}-" not in sentence:  # a hyphen touches it, or no match (cheap)
        return ""
    words = rf"(?:{_WORD}\s+)*" if " " not in term else ""  # a lone cut word takes the name's other words back
    m = re.search(
        rf"(?<![\w'-])(?:{words}(?:{_CAP}[\w']*-)+{re.escape(term)}(?:{_HYPHEN_TAIL})?"
        rf"|{words}{re.escape(term)}{_HYPHEN_TAIL})(?![\w'-])",
        sentence,
    )
    return m[0] if m else ""


#: Capitalised words straight before a work's title ("One" of "One Hundred Years of Solitude"); a possessive
#: is its maker ("Haruki Murakami's Kafka on the Shore").
_OPENING_WORDS = re.compile(rf"(?:^|(?<=[\s(\"']))(?:(?!\S+'s?\s){_WORD}\s+)+$")
#: Capitalised words straight after a name, before its verb or a stop; not a date, a legal form or a possessive.
_ADJACENT = re.compile(
    rf"^(?:\s+{_WHEN}(?!(?:I|Ltd|Inc|plc|PLC|LLC|Corp|Limited)\b)(?![^\s,]+'s?\b){_WORD})+(?=\s+[a-z]|[,;:!?)]|\.?$)"
)
#: Nothing before a sentence's subject but lower-case words: its first name.
_OPENS = re.compile(r"(?:(?:The|A|An)\s+)?(?:[a-z][\w-]*\s+)*")
_OPENING_OF = re.compile(rf"^(?:\s+(?:of|for)(?:\s+the)?\s+{_WHEN}{_WORD}(?:\s+{_WORD})*)+(?=\s+[a-z]|,)")


def _described(fact: Fact) -> Fact:
    """``fact`` without the description before a third-person name ("Afrobeat collective Ìlú Orchestra",
    "Finnish forward Sanna Virtanen", "state-owned PKN Orlen") or a title before a person ("Councillor Janet
    Okafor")."""
    if fact.subject == "user":
        return fact
    sides = _PERSON_SIDES.get(fact.predicate, ())
    subject = _bare(fact.subject, person="subject" in sides)
    obj = _bare(fact.object, person="object" in sides)
    return fact if (subject, obj) == (fact.subject, fact.object) else replace(fact, subject=subject, object=obj)


def _bare(name: str, *, person: bool) -> str:
    """The name after its description: the words after the last lower-case word that is no particle or
    joiner, when capitalised words follow it; a person's name after an opening job title or a demonym."""
    words = name.split()
    cut = max((i for i, w in enumerate(words[:-1]) if w[:1].islower() and w.lower() not in _INSIDE), default=-1)
    if (
        cut >= 0
        and all(w[:1].isupper() or w.lower() in _INSIDE for w in words[cut + 1 :])
        and words[cut + 1][:1].isupper()
    ):
        words = words[cut + 1 :]
    # "Councillor Janet Okafor", "Finnish forward Sanna Virtanen": a title is a word, a first name seldom is
    if person and len(words) >= 3 and (words[0] in DEMONYMS or job_title(words[0])):
        words = words[1:]
    return " ".join(words)


def _a_role(word: str) -> bool:
    return role_relation([word.lower()]) is not None or job_title(word)


def _with(fact: Fact, side: str, name: str) -> Fact:
    return replace(fact, subject=name) if side == "subject" else replace(fact, object=name)


def job_title(word: str) -> bool:
    """Whether a capitalised word before a name is a job ("Winger", "Councillor", "Translator"), not a first
    name ("Javier" ends like one): a job the lexicon knows, a role the vocabulary names, or a doer of a verb
    the lexicon knows ("translat-or")."""
    if not is_occupation(word):
        return False
    lower = word.lower()
    stem = re.sub(r"(?:er|or|ist|ian|ant|ent)$", "", lower)
    derived = len(stem) >= 4 and ("VERB" in lexicon_lemmas(stem) or "VERB" in lexicon_lemmas(f"{stem}e"))
    return lower not in _FIRST_NAMES and (is_word(lower) or role_relation([lower]) is not None or derived)


def trade_before_name(word: str) -> bool:
    """Whether a capitalised word before a person's first name and surname is their trade, which the lexicon may
    not hold as a word: an occupation said with a specialist's "-ist" ("Epidemiologist") or named after a
    platform in its own capitals ("YouTuber"). A doer's "-er" alone is no sign: first names end so ("Christer")."""
    specialist = len(word) >= 7 and word.lower().endswith("ist")
    platform = any(c.isupper() for c in word[1:]) and not word.isupper()
    return (specialist or platform) and word.lower() not in _FIRST_NAMES and is_occupation(word)


#: First names that read as a doer of a word ("Christian", "Hunter").
_FIRST_NAMES = frozenset(
    "christian hunter porter carter walker tucker parker vivian oliver peter homer amber tyler river summer jasper".split()
)


def _shared_surname(fact: Fact, sentence: str) -> list[Fact]:
    """A person's fact made whole or doubled where the sentence gives two first names one surname: "founded
    by brothers Arjun and Rohan Mehta" names Arjun Mehta, whether the reader kept "Arjun" or "Rohan Mehta"."""
    for side in ("subject", "object"):
        if side not in _PERSON_SIDES.get(fact.predicate, ()):
            continue
        term = getattr(fact, side)
        for m in _SHARED_SURNAME.finditer(sentence):
            if re.search(rf"{_WORD}\s+$", sentence[: m.start()]):  # "Larry Page and Sergey Brin": two names
                continue
            if term == m["first"]:  # the reader stopped at the first name: the pair holds the relation
                return [_with(fact, side, f"{term} {m['surname']}"), _with(fact, side, f"{m['second']} {m['surname']}")]
            if term == f"{m['second']} {m['surname']}":
                return [fact, _with(fact, side, f"{m['first']} {m['surname']}")]
    return [fact]


#: A label before the statement, however it is numbered: "A second correction:", "Latest update -".
_LABEL = re.compile(
    r"^(?:(?:a|an|one|another|second|third|final|further|latest|new|quick|small|minor|important|editor's)\s+){0,2}"
    r"(?:correction|update|clarification|erratum|edit|note)\s*[:\-–—]\s*",
    re.I,
)
#: A correction's negated alternative, with how it was first given: ", not in Uppsala as first reported",
#: ", not Ankara as stated in an earlier version", "X, not Y, directed …". What it denies is no part of the
#: statement (and :func:`consolidators.tidy.settled` keeps its name from being a value).
_NOT_ALTERNATIVE = re.compile(  # "not in Toronto anymore" is no alternative but a home given up
    rf",\s*not\s+(?![^,;.!?]*\b(?:any ?more|any longer)\b)(?:(?:in|at|to|from|by|for|with|on|of|as)\s+)?(?:(?:the|a|an)\s+)?{_CAP}[^,;.!?]*(?:,(?=\s+[a-z]))?"
)
#: The writer's aside on how a fact came to light: "X, it turns out, was born …", "It emerged that …".
_ASIDE = re.compile(
    r",\s*(?:it (?:now )?(?:turns|turned) out|it (?:now |has )?emerg(?:es|ed)|as it (?:happens|turns out)"
    r"|we (?:now )?(?:know|learn)|records (?:show|confirm)),(?=\s)"
    r"|^(?:it (?:now |has )?(?:turns|turned) out|it (?:now |has )?emerg(?:es|ed)|as it turns out)(?: that)?,?\s+",
    re.I,
)


#: Chat's lower-case "i" ("i love bouldering", "i'm based in Ghent"), or a name's particle between two
#: capitalised words ("Jordi Casals i Font").
_LOWER_I = re.compile(rf"(?P<name>\b{_CAP}[\w']* (?=i {_CAP}))?(?<![\w.'-])i(?=(?:'[a-z]{{1,2}})?(?![\w.'-]))")


#: A month chat writes in lower case, after the word that makes it a date ("moved in may", "since march", "by
#: mid-june"): written so, "may" reads as a modal and "march" as a verb, and the statement as a hedge.
_LOWER_MONTH = re.compile(
    r"\b(?P<lead>(?:in|since|from|until|till|by|before|after|last|next|this|early|late|mid|end of|start of) |mid-)"
    rf"(?P<month>{'|'.join(m.lower() for m in MONTHS)})\b"
)


def chat_i(text: str) -> str:
    """``text`` with chat's lower-case "i" as the "I" the rules and the parser read; a name keeps its particle
    "i", unless what opens it is a stop word ("so i Googled it"). A month written in lower case after a date's
    lead word is capitalised too, as the readers of dates know it."""

    def spelt(m: re.Match[str]) -> str:
        name = m["name"] or ""
        return m[0] if name and name.split()[0].lower() not in STOP_WORDS else f"{name}I"

    text = _LOWER_MONTH.sub(lambda m: m["lead"] + m["month"].capitalize(), text)
    return _LOWER_I.sub(spelt, text)


def plain(text: str) -> str:
    """``text`` without a label, a correction's negated alternative or the writer's aside: what it states."""
    label = _LABEL.match(text)
    if label:  # "A second correction: the poet …" opens a sentence of its own
        text = text[label.end() :]
        text = text[:1].upper() + text[1:]
    return _ASIDE.sub("", _NOT_ALTERNATIVE.sub("", text))
