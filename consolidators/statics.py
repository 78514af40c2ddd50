"""Third-person static facts said in constructions the parse and the verb table miss: where a site stands, who
directed or wrote a work, which languages someone speaks, where someone died, who founded an organisation, a
country's capital, currency or official language named in apposition.

Each relation has a few structures every phrasing of it shares, not one wording: a site named by its place's
possessive and said to be visited or built ("Brussels' Atomium was built for …"), or placed by a verb of
position ("The Riverside Gallery sits at the heart of Ghent's old town"); a work credited by its director's
possessive ("Past Lives, Celine Song's directorial debut, …"); a list of languages after "speaks" or "fluent
in"; a value in apposition to the role of its owner ("The baht, Thailand's currency, …"). A role that is past
("Kazakhstan's former capital") has no slot in these structures, and a match in a hedged, negated or
first-person stretch says nothing. Read by words, beside the parse: the small parser hangs these asides and
lists in too many ways for its tree to be read reliably.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from .learning import USER_LANGUAGES
from .places import DEMONYMS
from .regexgate import compiled
from .relations import INSTITUTION_WORDS
from .spans import make_fact
from .staticclauses import CLAUSE_SHAPES
from .staticforms import MORE_SHAPES
from .staticshapes import LANGUAGE, SHAPES, SITE_WORD
from .text import DENIALS, DISPUTED, UPPER, expand_contractions, states_a_fact
from .types import Fact
from .vocabulary import is_time

#: A report about a named person that goes on with their pronoun: "Vikram Joshi's family clarified that he passed
#: away in Pune", "Nadia Haddad's birth certificate shows she was born in Sidon". The possessor is whom the pronoun
#: names (no one else is named before it), so the report is read as its content with the name in the pronoun's place.
_NAMED_REPORT = re.compile(
    rf"^(?P<name>[{UPPER}][\w'-]*(?: [{UPPER}][\w'-]*)+?)(?:'s|') (?:[a-z-]+ ){{1,3}}(?:now )?"
    r"(?:shows?|showed|confirms?|confirmed|clarified|clarifies|said|says|stated|states|noted|notes|revealed|reveals"
    r"|records?|recorded|lists?|listed|proves?|proved|established|establishes)(?: on \w+)?,? (?:that )?(?:he|she) (?=[a-z])"
)


#: A report said in passing, between commas: "Aisha Bello's alma mater, her office clarified, is …".
_INSERTED_REPORT = re.compile(
    r", (?:his|her|their|its|the) [a-z-]+(?: [a-z-]+)? (?:clarified|confirmed|said|says|noted|added|explained|stated),(?= )"
)


def unreported(text: str) -> str:
    """``text`` with a report about a named person read as what it reports, the pronoun named, and a report said
    in passing dropped (else unchanged): the statement is what was confirmed."""
    m = _NAMED_REPORT.match(text)
    return _INSERTED_REPORT.sub("", m["name"] + " " + text[m.end() :] if m else text)


#: Words that say a match states nothing: a negation, a past role, a report of doubt.
_NOT = re.compile(rf"\b(?:{DENIALS}|former|formerly|once|until|then|ex-)\b|n't\b", re.I)
_FIRST_PERSON = re.compile(r"\b(?:I|me|my|we|our|us)\b")
#: What the rest of a sentence may say of the value a structure named: that it is over ("The lira, the Maltese
#: currency, was replaced by the euro").
_OVER = re.compile(
    r"\b(?:was|were|has been|have been|had been) (?:later |since |eventually )?(?:replaced|withdrawn|abolished|scrapped"
    r"|retired|phased out|superseded|demolished|torn down|dissolved|disbanded|renamed)\b|\bno longer\b|\bceased\b"
)
#: Words (and phrases) each relation's structures hold one of: a sentence is read only by the structures its words
#: allow. A set lookup per word, not a search per cue: most sentences hold none, and every sentence is asked.
_CUES: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {
    predicate: (frozenset(words.split()), phrases)
    for predicate, words, phrases in (
        (
            "located in",
            "find museum gallery castle castello cathedral tower towers palace temple church fortress mosque bridge"
            " abbey monastery library theatre theater opera stadium arena market lighthouse zoo park gardens square"
            " chapel basilica citadel mausoleum shrine observatory monument landmark attraction site skyline visitors"
            " tourists pilgrims sightseers stands sits lies rises perched perches nestled nestles tucked located situated"
            " lake museo musée museu spans crosses straddles county canton province prefecture complex"
            " sculpture statue memorial fountain mural installation building area district quarter neighbourhood"
            " neighborhood promenade",
            (", in ", ", on ", "found in", "home to", "built for"),
        ),
        ("headquartered in", "headquarters hq", ("head office", "based in")),
        (
            "directed by",
            "directed co-directed directing direction director directorial premiered premieres screened screens debuted dir"
            " helmed"
            " film films movie movies cinema cinemas oscar oscars feature documentary",
            ("opened at", "opened in", "shot it", "filmed it", "film by", "documentary by", "movie by", "feature by"),
        ),
        (
            "author of",
            "novel book memoir poem play collection novella story essay written penned author wrote novels books publication"
            " published bestseller readers translated",
            ("work of", ", by "),
        ),
        (
            "speaks",
            "speaks speak spoken fluent conversant proficient bilingual trilingual speaker",
            ("native language", "-speaking", "language he", "language she", "language they"),
        ),
        ("died in", "died dying succumbed", ("passed away",)),
        ("born in", "born", ("-born",)),
        ("married to", "married husband wife spouse", ()),
        ("lives in", "living residing", ()),
        ("educated at", "studied trained reading studying read graduating graduated attended educated", ()),
        ("member of", "member members lineup line-up roster ranks drummer bassist guitarist singer vocalist", ()),
        ("founded by", "founded co-founded cofounded founder co-founder set started established launched", ()),
        ("capital", "capital", ()),
        ("currency", "currency", ()),
        ("official language", "official national", ()),
    )
}
_WORDS = re.compile(r"[\w-]+")
#: Languages news names a speaker's by beyond those a user says they learn (:mod:`consolidators.learning`).
LANGUAGES = USER_LANGUAGES | frozenset(
    "twi akan ewe fula fulani lingala kinyarwanda kirundi shona sesotho setswana tetum malagasy luxembourgish maltese"
    " faroese breton cornish sami frisian romansh occitan sardinian sicilian tatar bashkir chechen uyghur".split()
)
#: Relations of which a structure names one value among others (a person's languages, schools, groups, works).
MULTI = frozenset({"founded by", "author of", "member of", "educated at"})
#: A quoted title ("'Winter Ferry', a film by …"): the title is the name, without its quotes.
_QUOTED = re.compile(r"(?<![\w'])['\"“]([A-Z](?:[^'\"”]|'(?=s\b))*?)['\"”](?!\w)")


#: A work's year in brackets after its title ("Northern Lights Over Kiruna (1987)"): no part of the title, and no
#: stop to a shape that reads the title up to the sentence's end.
_YEAR = re.compile(r" \((?:1[5-9]|20)\d\d\)(?=[\s.,;]|$)")


@functools.lru_cache(maxsize=4096)
def facts(text: str) -> tuple[Fact, ...]:
    """The static relations ``text`` states by the structures of :data:`SHAPES`."""
    if _FIRST_PERSON.search(text) or "?" in text or DISPUTED.search(text):
        return ()
    text = _YEAR.sub("", _QUOTED.sub(r"\1", text))
    lower = text.lower()
    words = set(_WORDS.findall(lower))
    cued = {p for p, (cue, phrases) in _CUES.items() if not cue.isdisjoint(words) or any(x in lower for x in phrases)}
    found: list[Fact] = []
    for predicate, pattern, subj, obj in SHAPES + MORE_SHAPES + CLAUSE_SHAPES:
        for m in pattern.finditer(text) if predicate in cued else ():
            if (
                _NOT.search(m[0])
                or _OVER.search(text, m.start())
                or not states_a_fact(expand_contractions(text[: m.end()]))
            ):
                continue  # "could reopen in …", "the former capital": what the match says is not so
            found += _facts(m, predicate, subj, obj)
    return tuple(found)


def _facts(m: re.Match[str], predicate: str, subj: str, obj: str) -> list[Fact]:
    groups = m.groupdict()
    if "works" in (subj, obj):
        return _credits(m, predicate, obj)
    if predicate == "speaks":
        return _languages(m, predicate, subj)
    subject, value = (_bare(groups[g] or groups.get("dem") or "") for g in (subj, obj))
    if is_time(value) and predicate != "author of":  # "the Vasa Museum in May" says when; "One Hundred Years …"
        return []
    if subj == "site" and not SITE_WORD.search(subject):  # a verb of position places a site, not a person
        return []
    if predicate == "located in" and re.match(r",? and [A-Z]", m.string[m.end(obj) :]):
        return []  # "sits on the border of Peru and Bolivia": two places, neither the one it is in
    if groups.get("who") and groups["who"] not in value.split():  # "…; Karimi directed it" is the credited one
        return []
    work = subject if predicate == "directed by" else value if predicate == "author of" else ""
    if work.split()[-1:] and work.split()[-1] in INSTITUTION_WORDS:  # "Oprah Winfrey's Book Club": an institution
        return []
    if predicate == "official language" and value.lower() not in LANGUAGES:
        return []
    if predicate in ("located in", "headquartered in") and "'s " in value:  # "in Slovenia's Julian Alps"
        value = value.split("'s ")[0]
    subject = DEMONYMS.get(subject, subject)  # "the Polish currency"
    value = DEMONYMS.get(value, value) if predicate == "born in" else value  # "a Tunisian-born engineer"
    single = predicate not in MULTI
    out = make_fact(subject, predicate, value, single=single, multi=not single)
    if predicate == "author of":  # a title is whole as the structure closed it: "… Plow Over the Bones of the Dead"
        out = [replace(f, object=value) if value.startswith(f.object) else f for f in out]
    if groups.get("p2") and subj == "p":  # "X and Y are both members of …": the second person too
        out += make_fact(_bare(groups["p2"]), predicate, value, single=single, multi=not single)
    elif groups.get("p2"):  # "… with Ken Ito": the second founder too
        out += make_fact(subject, predicate, _bare(groups["p2"]), multi=True)
    if groups.get("o2"):  # "a member of both the Polish Academy of Sciences and the Royal Society"
        out += make_fact(subject, predicate, _bare(groups["o2"]), multi=True)
    first = groups.get("first")
    if first and predicate == "founded by":  # "Tariq and Samir Haddad": the first shares the second's surname
        out += make_fact(subject, predicate, f"{first} {value.split()[-1]}", multi=True)
    return out


def _credits(m: re.Match[str], predicate: str, obj: str) -> list[Fact]:
    """A list of works, each title its own credit: "Harmattan, Lagoon Songs and The Iron Bell"."""
    person = _bare(m["p"])
    titles = [_bare(t) for t in re.split(r",? and |, ", m["works"])]
    return [
        replace(f, object=t) if obj == "works" and t.startswith(f.object) else f  # whole: "… Over the Bones"
        for t in titles
        for f in (make_fact(person, predicate, t, multi=True) if obj == "works" else make_fact(t, predicate, person))
    ]


def _languages(m: re.Match[str], predicate: str, subj: str) -> list[Fact]:
    """Each language of the list, each the person's."""
    langs = re.findall(LANGUAGE, m["langs"] + " " + (m.groupdict().get("langs2") or ""))
    return [
        f for lang in langs if lang.lower() in LANGUAGES for f in make_fact(_bare(m[subj]), predicate, lang, multi=True)
    ]


def _bare(name: str) -> str:
    """A slot's words as a name: no article, no trailing joiner or year ("Parasite in 2019")."""
    name = name.strip(" ,")
    name = name if re.search(r"\b(?:Jr|Sr|St|Inc|Ltd|Co)\.$", name) else name.rstrip(".")  # "Boubacar Traoré Jr."
    name = re.sub(r"'s?$", "", re.sub(r"^(?:[Tt]he) ", "", name))
    name = _STUDIO.sub("", re.sub(r" (?:in|on) \d{4}$", "", name))  # a year said after the title, not "Mickey 17"
    when = re.search(r" (?:in|on|at|from|until|since) ([A-Za-z][\w ]*)$", name)
    name = name[: when.start()] if when and is_time(when[1]) else name  # "The Salt Road on Monday"
    return re.sub(r"(?: (?:in|on|at|of|the|a|an|to|for|from|with|over))+$", "", name)


#: Who a work was made for, said after its title: "Barbie for Warner Bros.", "… for Netflix".
_STUDIO = re.compile(
    r" for (?:the )?(?:[A-Z][\w.&'-]* )*(?:Bros\.?|Netflix|HBO|BBC|Amazon|Disney|Apple TV\+?|Pictures|Studios?|Films"
    r"|Productions|Press|Books|Publishers)$"
)


def prevail(found: list[Fact], text: str) -> list[Fact]:
    """``found`` with these facts added, and another reader's cut of the same value dropped ("author of Dust" where
    the work is "Dust and Saffron"), as is a reading of the same two names under another relation of a person."""
    unspoken = _unspoken(text)
    # "Besides Amharic, X speaks Italian": a language speaks nothing
    found = [
        f
        for f in found
        if f.retract
        or f.predicate != "speaks"
        or f.object.lower() not in unspoken
        and f.subject.lower() not in LANGUAGES
    ]
    mine = facts(text)
    if not mine:
        return found
    # a value cut short where another reader has it whole ("Drive Your Plow" of "… Over the Bones of the Dead")
    mine = tuple(m for m in mine if not any(_longer(f, m) for f in found))
    kept = [f for f in found if f.retract or not any(_cut(f, m) or _describes(f, m, text) for m in mine)]
    known = {(f.subject.lower(), f.predicate, f.object.lower()) for f in kept}
    return kept + [m for m in mine if (m.subject.lower(), m.predicate, m.object.lower()) not in known]


#: A language said not to be spoken, or spoken once: "speaks no Italian", "who once spoke Yoruba and Igbo"; the
#: stretch runs to the clause's end.
_UNSPOKEN = compiled(
    r"\b(?:speaks? no|spoke no|once spoke|used to speak|never spoke|never learned|no longer speaks?|(?:does|did) not"
    r" speak)\b(?P<langs>.*?)(?=[;.]|, (?:now|but|and|while|who|which)\b|$)"
)


def _unspoken(text: str) -> set[str]:
    return {w.lower() for m in _UNSPOKEN.finditer(text) for w in re.findall(LANGUAGE, m["langs"])}


def _cut(other: Fact, mine: Fact) -> bool:
    """Whether ``other`` misreads what ``mine`` reads: the same relation with a part of its value ("Dust" of "Dust
    and Saffron") or another value of a single one, a count for a language, or the same two names under a relation
    of a person's the structure rules out ("took over directing Salt and Iron" read as an owner)."""
    if other.subject == "user":  # "Granada is home to the Alhambra": a site's place is no home of the speaker's
        return other.predicate == "lives in" and other.object.lower() == mine.object.lower()
    subject, value = _part(other.subject, mine.subject), _part(other.object, mine.object)
    if other.predicate != mine.predicate:  # the same two names, either way round ("Blue Hour" playing for its author)
        swapped = _part(other.subject, mine.object) and _part(other.object, mine.subject)
        return (subject and value or swapped) and other.predicate in _MISREAD_AS
    if mine.predicate == "speaks":  # "speaks four languages, including Arabic": the count is no language
        return subject and other.object.lower() not in LANGUAGES
    if other.subject.lower() == mine.subject.lower() and other.object.lower() != mine.object.lower():
        # a single relation has the one value the structure names ("Quito, Ecuador's capital, sits in the Andes")
        return mine.cardinality == "single" or value
    return other.object.lower() == mine.object.lower() and subject and other.subject.lower() != mine.subject.lower()


#: Relations another reader takes a structure's two names for: a band's recruit as a transfer, a credit as a purchase,
#: a country's people for a speaker ("Brazilians speak Portuguese, the country's official language").
_MISREAD_AS = frozenset({"owned by", "plays for", "works at", "lives in", "speaks"})


def _longer(other: Fact, mine: Fact) -> bool:
    """Whether ``other`` holds ``mine``'s value whole: the same relation of the same subject, a value that begins
    with ``mine``'s and goes on."""
    same = other.subject.lower() == mine.subject.lower() and other.predicate == mine.predicate
    return same and not other.retract and other.object.lower().startswith(mine.object.lower() + " ")


def _describes(other: Fact, mine: Fact, text: str) -> bool:
    """Whether ``other`` takes a word that describes one of ``mine``'s names for a name of the same relation: the
    band's city ("the Montevideo band Las Lunas Rotas"), the country's kind ("the Andean republic of Qoriland")."""
    if other.predicate != mine.predicate or other.subject == "user":
        return False
    if other.subject.lower() == mine.subject.lower() and other.object.lower() != mine.object.lower():
        word, name = other.object, mine.object
    elif other.object.lower() == mine.object.lower() and other.subject.lower() != mine.subject.lower():
        word, name = other.subject, mine.subject
    else:
        return False
    if word not in text or name not in text:  # both said word for word, or no pattern to compile for them
        return False
    return bool(re.search(rf"\b{re.escape(word)} (?:[a-z-]+ ){{1,3}}(?:of )?(?:the )?{re.escape(name)}\b", text))


def _part(a: str, b: str) -> bool:
    """Whether one name is the other, begins it ("Salt" of "Salt and Iron") or ends it after "and" ("Iron")."""
    # a reader that kept a title's quotes or its article
    a, b = (re.sub(r"^the ", "", x.lower().strip("'\"")) for x in (a, b))
    ends = any(re.search(rf" and (?:the )?{re.escape(y)}$", x) for x, y in ((a, b), (b, a)))
    return a.startswith(b) or b.startswith(a) or ends
