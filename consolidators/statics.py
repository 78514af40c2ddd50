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

from .epithets import TITLE_WORDS, name_slot, person_slot, title_slot
from .learning import _LANGUAGES as LANGUAGES
from .places import DEMONYMS
from .spans import make_fact
from .text import expand_contractions, states_a_fact
from .types import Fact
from .vocabulary import is_time

_CAP = r"[A-ZÀ-ÖØ-ÞĀ-Ž]"
#: A work's title may hold "and" ("Dust and Saffron") where the structure closes it (a comma, a verb).
_WORK = rf"(?P<w>{TITLE_WORDS}(?: and {_CAP}[\w'-]*(?: {_CAP}[\w'-]*)*)?)"
#: Where a site is within its place: "at the heart of", "in the hills above", "on the waterfront in".
#: A feature named on the way to the place: "on the banks of the Yamuna in Agra" is in Agra.
_ON_THE_WAY = rf"(?:(?:the )?{_CAP}[\w'-]*(?: {_CAP}[\w'-]*)* in )?"
_WITHIN = (
    r"(?:(?:in|on|at|atop) (?:the |a )?(?:[a-z-]+ ){0,3}?(?:(?:of|above|in|overlooking) )?"
    r"|(?:beside|by|along|near|next to|overlooking) (?:the |a )?(?:[a-z-]+ ){1,3}?in )?(?:the )?"
    r"(?:(?:[a-z]+ )?(?:city|town|village|island|region|province|district) of )?"
)
#: A site by its kind, so that a verb of position places a thing, never a person ("The Castello …" aside).
_SITE_WORD = re.compile(
    r"\b(?:Museum|Gallery|Castle|Castello|Cathedral|Tower|Towers|Bridge|Palace|Temple|Church|Mosque|Abbey|Fortress"
    r"|Monastery|Library|Theatre|Theater|Opera|Stadium|Arena|Market|Lighthouse|Zoo|Park|Gardens|Square|Chapel"
    r"|Basilica|Citadel|Mausoleum|Shrine|Observatory)\b"
)
_THE_SITE = r"(?:^|(?<=, ))(?:[Tt]he (?:ancient |old |medieval |historic )?(?:(?:city|town|village) of )?)"
#: Verbs that place what stands somewhere: "stands", "sits", "lies", "is perched", "towers over".
_POSITION = r"(?:stands|sits|lies|rises|towers|perches|nestles|is (?:perched|nestled|set|tucked|located|situated))"
#: What a site's possessive is said to do: be visited, built, restored, listed.
_SITE_PREDICATE = (
    r"(?:was built (?:for|in) (?:the )?(?:\d{4}|\d+(?:st|nd|rd|th) century)|towers over|dominates the (?:skyline|city|town)"
    r"|(?:drew|draws|attracts|attracted|welcomes|welcomed|receives|received) (?:[\w,-]+ ){0,5}?(?:visitors|tourists"
    r"|pilgrims|sightseers)|is (?:an? |the )(?:[A-Za-z-]+ ){0,4}(?:[Ss]ite|landmark|attraction|monument))"
)
_DEMONYM = "|".join(sorted(DEMONYMS, key=len, reverse=True))
_LANGUAGE = r"(?:[A-Z][a-z]+)"
#: How a credit counts a work among its maker's: "debut", "third", "latest" (a taste, "favourite", is no credit).
_NTH = r"(?:first|second|third|fourth|fifth|sixth|debut|latest|newest|new|final|last|best-known|acclaimed)"
_SPOKEN_LIST = (
    rf"(?P<langs>{_LANGUAGE}(?:(?:,| and|, and) (?:(?:fluent|good|basic|some|passable|excellent|native|conversational)"
    rf" )?{_LANGUAGE})*)"
)
_FOUNDED = r"(?:co-?founded|founded|set up|started|established|launched)"
#: A first name that shares the surname of the next person named: "cousins Tariq and Samir Haddad".
_SHARED = rf"(?:(?P<first>{_CAP}[\w'-]+) and )?"
#: Roles whose value is named beside them, with the predicate and the value's own shape.
_APPOSED_ROLES = (
    ("capital", r"capital(?: city)?", name_slot("o")),
    ("currency", r"(?:official |national )?currency", r"(?:[Tt]he )?(?P<o>[a-z]+|[A-Z]\w+ [a-z]+|[A-Z][A-Za-z]{1,3})"),
    ("official language", r"(?:official|national) (?:language|tongue)", r"(?P<o>[A-Z][a-z]+)"),
)


def _apposed(predicate: str, role: str, value: str) -> tuple[tuple[str, str, str, str], ...]:
    """ "Montevideo, Uruguay's capital and largest city, …", "Abuja, the Nigerian capital, …" and "Iceland's official
    language, Icelandic, …"; a demonym stands for its country."""
    owner = rf"(?:(?:the )?{name_slot('s')}(?:'s|')|the (?P<dem>{_DEMONYM}))"
    return (
        (predicate, rf"(?:^|(?<=, )){value}, {owner} {role}(?: and (?:[a-z]+ ){{1,2}}?[a-z]+)?[,.]", "s", "o"),
        (predicate, rf"(?:^|(?<=, )){owner} {role}, {value},", "s", "o"),
    )


#: (predicate, pattern, subject group, object group).
_SHAPES: tuple[tuple[str, re.Pattern[str], str, str], ...] = tuple(
    (predicate, re.compile(pattern), subj, obj)
    for predicate, pattern, subj, obj in (
        # "You'll find the Atomium in Brussels", "Visitors will find the Alhambra in Granada"
        (
            "located in",
            rf"\b(?:[Yy]ou(?:'ll| will| can)|[Vv]isitors(?:'ll| will| can)) find (?:the )?{name_slot('w')} in {_WITHIN}"
            rf"{name_slot('o')}",
            "w",
            "o",
        ),
        # "The Pell Silk Museum can be found in Macclesfield"
        (
            "located in",
            rf"{_THE_SITE}{name_slot('w')} (?:can|is to) be found in {_WITHIN}{name_slot('o')}",
            "w",
            "o",
        ),
        # "Brussels' Atomium was built for …", "Zagreb's Museum of Broken Relationships drew a record …"
        (
            "located in",
            rf"(?:^|(?<=, ))(?:[Tt]he )?{name_slot('o')}(?:'s|') {name_slot('w')},? {_SITE_PREDICATE}\b",
            "w",
            "o",
        ),
        # "The Sagrada Família, in Barcelona, …", "The Louvre Abu Dhabi, located on Saadiyat Island, …"
        ("located in", rf"{_THE_SITE}{name_slot('w')}, (?:in|on) {_WITHIN}{name_slot('o')},", "w", "o"),
        (
            "located in",
            rf"(?:^|(?<=, ))(?:[Tt]he )?{name_slot('w')}, (?:located|situated|set|perched|nestled) (?:in|on|at) "
            rf"{_WITHIN}{name_slot('o')},",
            "w",
            "o",
        ),
        # "The Castello di Rovere stands in the hills above Bergamo", "Reykjavík's Hallgrímskirkja towers over …"
        ("located in", rf"{_THE_SITE}{name_slot('w')} {_POSITION} {_WITHIN}{_ON_THE_WAY}{name_slot('o')}", "w", "o"),
        (
            "located in",
            rf"(?:^|(?<=, )){name_slot('site')} {_POSITION} {_WITHIN}{_ON_THE_WAY}{name_slot('o')}",
            "site",
            "o",
        ),
        # "The Vasa Museum in Stockholm draws …", "hangs in the Uffizi Gallery in Florence": a site by its kind, then
        # its place, then the clause goes on
        (
            "located in",
            rf"(?:^|(?<=, )|(?<=\bthe )){name_slot('site')} in {name_slot('o')}(?=[,.;]|$| (?:is|was|has|[a-z]+s|[a-z]+ed)\b)",
            "site",
            "o",
        ),
        # "Granada is home to the Alhambra": a site, named with its article or by its kind
        (
            "located in",
            rf"^{name_slot('o')} is (?:also |now )?home to the {name_slot('w')}",
            "w",
            "o",
        ),
        # "Granada's most famous landmark, the Alhambra, draws millions": a site in apposition to its place's kind
        (
            "located in",
            rf"(?:^|(?<=, )){name_slot('o')}(?:'s|') (?:[a-z-]+ ){{0,3}}(?:landmark|attraction|museum|cathedral|church"
            rf"|monument|site|castle|palace|gallery|mosque|temple|bridge|tower), the {name_slot('w')},",
            "w",
            "o",
        ),
        # "Nestled in the Atlas Mountains, the village of Imlil …"
        (
            "located in",
            rf"^(?:Nestled|Set|Perched|Tucked|Situated|Located) (?:in|into|on|among|amid) (?:the )?"
            rf"(?:(?:[a-z]+ern|central|downtown|old|historic) )?{name_slot('o')}, "
            rf"(?:the (?:[a-z]+ )?(?:city|town|village|hamlet|island|port) of |the )?{name_slot('w')}",
            "w",
            "o",
        ),
        # "Orlund Telecom's head office sits on the waterfront in Gothenburg"
        (
            "headquartered in",
            rf"(?:^|(?<=, )){name_slot('w')}(?:'s|') (?:head office|headquarters|HQ) {_POSITION} {_WITHIN}"
            rf"{name_slot('o')}",
            "w",
            "o",
        ),
        # "Kiri Waititi-Hale directed the documentary Below the Long White Cloud", "Bong Joon-ho directed Parasite"
        (
            "directed by",
            rf"(?:^|(?<=, )){person_slot('p')} (?:directed|co-directed|wrote and directed) (?:the (?:[a-z-]+ )?"
            rf"(?:film|documentary|movie|feature|drama|thriller|comedy|series|short) )?{_WORK}(?=[,.;]| (?:in|on)"
            r" \d| and\b|$)",
            "w",
            "p",
        ),
        # "Past Lives, Celine Song's directorial debut, …", "Nightfall in Hanoi is Linh Tran's third film as director"
        (
            "directed by",
            rf"(?:^|(?<=, )){title_slot('w')}(?:,| is| was) {person_slot('p')}(?:'s|') (?:[a-z-]+ ){{0,2}}?"
            r"(?:directorial debut|(?:film|feature|documentary|movie) as (?:a )?director)\b",
            "w",
            "p",
        ),
        (
            "directed by",
            rf"(?:^|(?<=, )){person_slot('p')}(?:'s|') (?:[a-z-]+ )?directorial debut, {title_slot('w')},",
            "w",
            "p",
        ),
        # "Things Fall Apart is Chinua Achebe's debut novel": an ordinal or a debut, never a taste ("favourite novel")
        (
            "author of",
            rf"(?:^|(?<=, )){title_slot('w')}(?:,| is| was) {person_slot('p')}(?:'s|') (?:{_NTH} )?(?:novel|memoir|book"
            r"|poem|play|collection|novella)\b",
            "p",
            "w",
        ),
        # "Céline Sciamma's Portrait of a Lady on Fire premiered at Cannes": a film shown under its director's name
        (
            "directed by",
            rf"^{person_slot('p')}(?:'s|') {title_slot('w')} (?:premiered|premieres|screened|screens|debuted|opened"
            r" (?:at|in))\b",
            "w",
            "p",
        ),
        # "Mehdi Karimi's The Salt Road follows …; Karimi directed it on a shoestring": the credit, then who made it
        (
            "directed by",
            rf"^{person_slot('p')}(?:'s|') {title_slot('w')} [^;]*; (?P<who>[A-Z][\w'-]+) (?:directed|shot|filmed) it\b",
            "w",
            "p",
        ),
        # "Monsoon Letters is the work of Kavya Bose, who directed it in 2023"
        (
            "directed by",
            rf"^{title_slot('w')} is (?:really |actually )?the work of {person_slot('p')}, who (?:also )?directed it\b",
            "w",
            "p",
        ),
        (
            "author of",
            rf"^{title_slot('w')} is (?:really |actually )?the work of {person_slot('p')}, who (?:also )?(?:wrote|penned) it\b",
            "p",
            "w",
        ),
        # "Salt and Iron is a film by Jonas Ekberg", "Linh Tran took over directing Nightfall in Hanoi"
        (
            "directed by",
            rf"^{_WORK} is an? (?:[a-z-]+ )?(?:film|documentary|movie|feature) by (?:(?:the )?director )?{person_slot('p')}",
            "w",
            "p",
        ),
        (
            "directed by",
            rf"(?:^|(?<=, )){person_slot('p')} (?:has )?(?:took|taken|takes) over (?:directing|direction of|the direction"
            rf" of)(?: duties on)? {_WORK}",
            "w",
            "p",
        ),
        # "The novel Minor Detail is by Adania Shibli", "The documentary X is by Y", "Flights, by Olga Tokarczuk, …"
        (
            "author of",
            rf"\b[Tt]he (?:novel|book|memoir|poem|play|story|collection|novella|essay) {_WORK} (?:is|was) "
            rf"(?:written )?by {person_slot('p')}",
            "p",
            "w",
        ),
        (
            "directed by",
            rf"\b[Tt]he (?:film|documentary|movie|feature) {_WORK} (?:is|was) (?:directed )?by {person_slot('p')}",
            "w",
            "p",
        ),
        ("author of", rf"^{_WORK}, by {person_slot('p')},", "p", "w"),
        # "Written by Ahmed Rashid Khan, the memoir Dust and Saffron traces …"
        (
            "author of",
            rf"^(?:Written|Penned) by {person_slot('p')}, (?:the |a |an )?(?:[a-z-]+ ){{0,3}}{_WORK}"
            r" (?=[a-z]+s\b|is\b|was\b|has\b)",
            "p",
            "w",
        ),
        # "Elena Marsh is best known for the novel The Glass Coast": a written work only (an actor is known for films)
        (
            "author of",
            rf"^{person_slot('p')} is (?:best |perhaps best |widely )?known for (?:the|her|his|their) (?:[a-z-]+ )?"
            rf"(?:novel|book|memoir|poem|play|story|collection|novella|essay) {title_slot('w')}",
            "p",
            "w",
        ),
        # "Hana Sato co-founded Kumo Labs with Ken Ito in 2019": both are founders
        (
            "founded by",
            rf"(?:^|(?<=, )){person_slot('p')} (?:co-?)?founded {name_slot('w')} (?:together )?with {person_slot('p2')}",
            "w",
            "p",
        ),
        # "Soraya Benhamou (born 1968 in Oran) is a novelist who lives in Lyon and is the author of …"
        (
            "author of",
            rf"^{person_slot('p')}(?: \([^)]*\))? is\b[^;:]*? and is (?:also )?the author of {title_slot('w')}",
            "p",
            "w",
        ),
        # "Dasha Orlova speaks Russian, Hebrew and fluent French", "Kwame Asante, …, is fluent in French"
        (
            "speaks",
            rf"(?:^|(?<=, )){person_slot('p')},? (?:who )?(?:also )?(?:speaks|(?:is )?(?:fluent|bilingual|trilingual) in) (?:fluent )?"
            rf"{_SPOKEN_LIST}",
            "p",
            "",
        ),
        # "Amal Haddad speaks four languages, including Arabic and French"
        (
            "speaks",
            rf"(?:^|(?<=, )){person_slot('p')} (?:also )?speaks (?:[a-z]+ )?languages?,? (?:including|among them|among which|namely)"
            rf" {_SPOKEN_LIST}",
            "p",
            "",
        ),
        # "Fluent in Amharic and Italian, Selam Tesfaye works as …"
        (
            "speaks",
            rf"^(?:Fluent|Conversant|Proficient) in {_SPOKEN_LIST}, (?:the )?(?:[a-z-]+ ){{0,3}}{person_slot('p')}",
            "p",
            "",
        ),
        # "Bruno Takahashi grew up speaking Portuguese at home and still speaks it with his mother"
        (
            "speaks",
            rf"^{person_slot('p')} [^.;]*?\b(?P<langs>{_LANGUAGE})\b[^.;]*? (?:still|also|now) speaks it\b",
            "p",
            "",
        ),
        # "Ravi Iyer gave the speech in Tamil, his native language", "Danish is among the languages spoken by X"
        (
            "speaks",
            rf"^{person_slot('p')} [^,;]*? in (?P<langs>{_LANGUAGE}), (?:his|her|their) native language",
            "p",
            "",
        ),
        ("speaks", rf"^(?P<langs>{_LANGUAGE}) is (?:one of|among) the languages spoken by {person_slot('p')}", "p", ""),
        # "Marseille is where Hakim Benali spent his final years and where he died"
        (
            "died in",
            rf"^{name_slot('o')} is where {person_slot('p')} [^.;]*?\band where (?:he|she|they) died\b",
            "p",
            "o",
        ),
        # "Tove Jansson, who was born in Helsinki and died there in 2001, …"
        (
            "died in",
            rf"{person_slot('p')},? who was born in {name_slot('o')} and (?:later )?died there\b",
            "p",
            "o",
        ),
        # "Lumen Health, the clinic network set up by Grace Mensah, …"
        (
            "founded by",
            rf"(?:^|(?<=, )){name_slot('w')}, (?:the |a |an )(?:[a-z-]+ ){{1,4}}?{_FOUNDED} (?:in \d{{4}} )?by "
            rf"(?:[a-z-]+ ){{0,2}}{person_slot('p')}",
            "w",
            "p",
        ),
        # "Lumen Bikes was founded by cousins Tariq and Samir Haddad", "… by textile merchant Josiah Pell in 1884",
        # "The charity Open Shelves was set up by librarian Henrik Blom"
        (
            "founded by",
            rf"(?:^|(?<=, ))(?:[Tt]he (?:[a-z-]+ ){{0,2}})?{name_slot('w')} (?:was|were|has been) {_FOUNDED} "
            rf"(?:in \d{{4}} )?by (?:(?!the\b)[a-z-]+ ){{0,2}}{_SHARED}{person_slot('p')}",
            "w",
            "p",
        ),
        # "Mick Jagger is a member of the Rolling Stones, the band he co-founded in London"
        (
            "founded by",
            rf"^{person_slot('p')} [^;:]*?\b{name_slot('w')}, the (?:[a-z-]+ ){{0,2}}(?:band|group|company|firm|startup"
            r"|label|charity|restaurant|magazine|orchestra|club) (?:he|she|they) (?:co-?)?founded\b",
            "w",
            "p",
        ),
        # "Nvidia chief executive Jensen Huang, who co-founded the company in 1993, …": the company is the name before
        (
            "founded by",
            rf"^{name_slot('w')}(?:'s)? (?:[a-z-]+ ){{1,3}}{person_slot('p')}, who (?:co-?)?founded the "
            r"(?:company|firm|group|startup|start-up|business|brand|chain|label|charity|bank)\b",
            "w",
            "p",
        ),
        # "X has appointed Y as chief executive, replacing co-founder Z", "X announced that Y has succeeded founder Z"
        (
            "founded by",
            rf"^(?:[A-Z][\w-]*-based (?:[a-z-]+ ){{0,2}})?{name_slot('w')} (?:has |have )?(?:today )?(?:appointed|named"
            rf"|announced|said|confirmed)\b[^;:]*?\b(?:replacing|succeeding|succeeded|succeeds|replaces|replaced)"
            rf" (?:its |the company's )?(?:co-?)?founder,? {person_slot('p')}",
            "w",
            "p",
        ),
        *(shape for args in _APPOSED_ROLES for shape in _apposed(*args)),
    )
)
#: Words that say a match states nothing: a negation, a past role, a report of doubt.
_NOT = re.compile(r"\b(?:not|never|no longer|former|formerly|once|until|then|ex-)\b|n't\b", re.I)
_FIRST_PERSON = re.compile(r"\b(?:I|me|my|we|our|us)\b")
#: What the rest of a sentence may say of the value a structure named: that it is over ("The lira, the Maltese
#: currency, was replaced by the euro").
_OVER = re.compile(
    r"\b(?:was|were|has been|have been|had been) (?:later |since |eventually )?(?:replaced|withdrawn|abolished|scrapped"
    r"|retired|phased out|superseded|demolished|torn down|dissolved|disbanded|renamed)\b|\bno longer\b|\bceased\b"
)
_CUES = re.compile(
    r"'s? |, (?:in|on|by|located|situated) |\b(?:find|found in|work of|directed|directorial|director|novel|book|memoir|written|penned"
    r"|author|speaks?|spoken|fluent|conversant|proficient|bilingual|trilingual|native language|died|founded|set up"
    r"|started|established|known for|film by|took over|museum|gallery|castle|cathedral|tower|palace|temple|church|fortress"
    r"|launched|recruited|founder|home to|stands|sits"
    r"|lies|rises|towers|perche|nestle|tucked|located|situated|currency|capital|official)",
    re.I,
)


@functools.lru_cache(maxsize=4096)
def facts(text: str) -> tuple[Fact, ...]:
    """The static relations ``text`` states by the structures of :data:`_SHAPES`."""
    if not _CUES.search(text) or _FIRST_PERSON.search(text) or "?" in text:
        return ()
    found: list[Fact] = []
    for predicate, pattern, subj, obj in _SHAPES:
        for m in pattern.finditer(text):
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
    if predicate == "speaks":  # each language of the list, each the person's
        langs = re.findall(_LANGUAGE, groups["langs"])
        return [
            f
            for lang in langs
            if lang.lower() in LANGUAGES
            for f in make_fact(_bare(m[subj]), predicate, lang, multi=True)
        ]
    subject, value = (_bare(groups[g] or groups.get("dem") or "") for g in (subj, obj))
    if is_time(value):  # "the Vasa Museum in May" says when
        return []
    if subj == "site" and not _SITE_WORD.search(subject):  # a verb of position places a site, not a person
        return []
    if groups.get("who") and groups["who"] not in value.split():  # "…; Karimi directed it" is the credited one
        return []
    if predicate == "official language" and value.lower() not in LANGUAGES:
        return []
    subject = DEMONYMS.get(subject, subject)
    single = predicate not in ("founded by", "author of")
    out = make_fact(subject, predicate, value, single=single, multi=not single)
    if groups.get("p2"):  # "… with Ken Ito": the second founder too
        out += make_fact(subject, predicate, _bare(groups["p2"]), multi=True)
    first = groups.get("first")
    if first and predicate == "founded by":  # "Tariq and Samir Haddad": the first shares the second's surname
        out += make_fact(subject, predicate, f"{first} {value.split()[-1]}", multi=True)
    return out


def _bare(name: str) -> str:
    """A slot's words as a name: no article, no trailing joiner or year ("Parasite in 2019")."""
    name = re.sub(r"'s?$", "", re.sub(r"^(?:[Tt]he) ", "", name.strip(" ,.")))
    name = _STUDIO.sub("", re.sub(r" (?:in|on) \d{4}$", "", name))  # a year said after the title, not "Mickey 17"
    when = re.search(r" (?:in|on|at|from|until|since) ([\w ]+)$", name)
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
    mine = facts(text)
    if not mine:
        return found
    kept = [f for f in found if f.retract or not any(_cut(f, m) for m in mine)]
    known = {(f.subject.lower(), f.predicate, f.object.lower()) for f in kept}
    return kept + [m for m in mine if (m.subject.lower(), m.predicate, m.object.lower()) not in known]


def _cut(other: Fact, mine: Fact) -> bool:
    """Whether ``other`` misreads what ``mine`` reads: the same relation with a part of its value ("Dust" of "Dust
    and Saffron") or another value of a single one, a count for a language, or the same two names under a relation
    of a person's the structure rules out ("took over directing Salt and Iron" read as an owner)."""
    subject, value = _part(other.subject, mine.subject), _part(other.object, mine.object)
    if other.predicate != mine.predicate:
        return subject and value and other.predicate in _MISREAD_AS
    if mine.predicate == "speaks":  # "speaks four languages, including Arabic": the count is no language
        return subject and other.object.lower() not in LANGUAGES
    if other.subject.lower() == mine.subject.lower() and other.object.lower() != mine.object.lower():
        # a single relation has the one value the structure names ("Quito, Ecuador's capital, sits in the Andes")
        return mine.cardinality == "single" or value
    return other.object.lower() == mine.object.lower() and subject and other.subject.lower() != mine.subject.lower()


#: Relations another reader takes a structure's two names for: a band's recruit as a transfer, a credit as a purchase.
_MISREAD_AS = frozenset({"owned by", "plays for", "works at", "lives in"})


def _part(a: str, b: str) -> bool:
    """Whether one name is the other or begins it ("Salt" of "Salt and Iron")."""
    a, b = a.lower(), b.lower()
    return a.startswith(b) or b.startswith(a)
