"""The structures :mod:`consolidators.statics` reads third-person static facts by: each a relation, a pattern
with slots, the slot of the fact's subject and the slot of its value (the reading and its checks are there).

Slots: ``w`` a work or a site, ``site`` a site that must name its kind ("… Gallery"), ``p`` a person (``p2`` a
second one, ``first`` a first name sharing the person's surname), ``o`` a place or a value, ``s`` an owner
(``dem`` a demonym for it), ``langs`` a list of languages, ``who`` the surname a later clause credits.
"""

from __future__ import annotations

import re

from .epithets import TITLE_WORDS, name_slot, person_slot, title_slot
from .places import DEMONYMS

_CAP = r"[A-ZÀ-ÖØ-ÞĀ-Ž]"
#: A work's title may hold "and" ("Dust and Saffron") where the structure closes it (a comma, a verb).
_WORK = rf"(?P<w>{TITLE_WORDS}(?: and {_CAP}[\w'-]*(?: {_CAP}[\w'-]*)*)?)"
#: A feature named on the way to the place: "on the banks of the Yamuna in Agra" is in Agra.
_ON_THE_WAY = rf"(?:(?:the )?{_CAP}[\w'-]*(?: {_CAP}[\w'-]*)* in )?"
#: Where a site is within its place: "at the heart of", "in the hills above", "on the waterfront in".
_WITHIN = (
    r"(?:(?:in|on|at|atop) (?:the |a )?(?:[a-z-]+ ){0,3}?(?:(?:of|above|in|overlooking) )?"
    r"|(?:beside|by|along|near|next to|overlooking) (?:the |a )?(?:[a-z-]+ ){1,3}?in )?(?:the )?"
    r"(?:(?:[a-z]+ )?(?:city|town|village|island|region|province|district|county|canton|state|department|prefecture"
    r"|municipality) of )?"
)
#: A site by its kind, so that a verb of position places a thing, never a person ("The Castello …" aside).
SITE_WORD = re.compile(
    r"\b(?:Museum|Gallery|Castle|Castello|Cathedral|Tower|Towers|Bridge|Palace|Temple|Church|Mosque|Abbey|Fortress"
    r"|Monastery|Library|Theatre|Theater|Opera|Stadium|Arena|Market|Lighthouse|Zoo|Park|Gardens|Square|Chapel"
    r"|Basilica|Citadel|Mausoleum|Shrine|Observatory|Lake|Museo|Musée|Museu|Aquarium|Lighthouse)\b"
)
_THE_SITE = r"(?:^|(?<=, ))(?:[Tt]he (?:ancient |old |medieval |historic )?(?:(?:city|town|village) of )?)"
#: Verbs that place what stands somewhere: "stands", "sits", "lies", "is perched", "towers over".
_POSITION = r"(?:stands|sits|lies|rises|towers|perches|nestles|is (?:perched|nestled|set|tucked|located|situated))"
#: What a site's possessive is said to do: be visited, built, restored, listed.
_SITE_PREDICATE = (
    r"(?:(?:was )?built for (?:the )?(?:\d{4}|Expo)\b|towers over|dominates the (?:skyline|city|town)"
    r"|(?:drew|draws|attracts|attracted|welcomes|welcomed|receives|received) (?:[\w,-]+ ){0,5}?(?:visitors|tourists"
    r"|pilgrims|sightseers)|is (?:an? |the )(?:[A-Za-z-]+ ){0,4}(?:[Ss]ite|landmark|attraction|monument))"
)
_DEMONYM = "|".join(sorted(DEMONYMS, key=len, reverse=True))
LANGUAGE = r"(?:[A-Z][a-z]+)"
#: How a credit counts a work among its maker's: "debut", "third", "latest" (a taste, "favourite", is no credit).
_NTH = r"(?:first|second|third|fourth|fifth|sixth|debut|latest|newest|new|final|last|best-known|acclaimed)"
_SPOKEN_LIST = (
    rf"(?P<langs>{LANGUAGE}(?:(?:,| and|, and) (?:(?:fluent|good|basic|some|passable|excellent|native|conversational)"
    rf" )?{LANGUAGE})*)"
)
_FOUNDED = r"(?:co-?founded|founded|set up|started|established|launched)"
#: A first name that shares the surname of the next person named: "cousins Tariq and Samir Haddad".
_SHARED = rf"(?:(?P<first>{_CAP}[\w'-]+) and )?"
#: Roles whose value is named beside them, with the predicate and the value's own shape.
_APPOSED_ROLES = (
    ("capital", r"capital(?: city)?", name_slot("o")),
    (
        "currency",
        r"(?:official |national )?currency",
        r"(?:[Tt]he )?(?P<o>[^\W\dA-Z_][^\W\d_]*|[A-Z]\w+ [a-z]+|[A-Z][A-Za-z]{1,3})",
    ),
    ("official language", r"(?:official|national) (?:language|tongue)", r"(?P<o>[A-Z][a-z]+)"),
)


def _apposed(predicate: str, role: str, value: str) -> tuple[tuple[str, str, str, str], ...]:
    """ "Montevideo, Uruguay's capital and largest city, …", "Abuja, the Nigerian capital, …", "Iceland's official
    language, Icelandic, …" and "The hryvnia remains Ukraine's currency"; a demonym stands for its country."""
    owner = rf"(?:(?:[Tt]he )?{name_slot('s')}(?:'s|')|[Tt]he (?P<dem>{_DEMONYM}))"
    return (
        (
            predicate,
            rf"(?:^|(?<=, ))(?:(?:In|At|From|To|Near) )?{value}, {owner} {role}(?: and (?:[a-z]+ ){{1,2}}?[a-z]+)?[,.]",
            "s",
            "o",
        ),
        (predicate, rf"(?:^|(?<=, )){owner} {role}, {value},", "s", "o"),
        # "The hryvnia remains Ukraine's currency despite the war"
        (predicate, rf"^{value} (?:is|remains) (?:still )?{owner} {role}\b", "s", "o"),
    )


#: (predicate, pattern, subject group, object group).
Shape = tuple[str, re.Pattern[str], str, str]


def compiled(table: tuple[tuple[str, str, str, str], ...]) -> tuple[Shape, ...]:
    """A table of (predicate, pattern, subject group, object group) with its patterns compiled."""
    return tuple((predicate, re.compile(pattern), subj, obj) for predicate, pattern, subj, obj in table)


SHAPES: tuple[Shape, ...] = compiled(
    (
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
        # "The Vasa Museum in Stockholm draws …": a site by its kind, then its place, as what the sentence is about
        # (a site named in passing, "a curator at the Prado Museum in Madrid", is not)
        (
            "located in",
            rf"^(?:[Tt]he )?{name_slot('site')} in {name_slot('o')}(?=[,.;]|$| (?:is|was|has|[a-z]+s|[a-z]+ed)\b)",
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
            rf"\b[Tt]he (?:film|documentary|movie|feature) {_WORK} (?:is|was) (?:directed )?by {person_slot('p')}"
            r"(?=[,.;]|$| (?:in|and|for|with|from|on)\b)",  # the maker whole, not "X's former assistant, Y"
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
            rf"^{person_slot('p')} [^.;]*?\b(?P<langs>{LANGUAGE})\b[^.;]*? (?:still|also|now) speaks it\b",
            "p",
            "",
        ),
        # "Ravi Iyer gave the speech in Tamil, his native language", "Danish is among the languages spoken by X"
        (
            "speaks",
            rf"^{person_slot('p')} [^,;]*? in (?P<langs>{LANGUAGE}), (?:his|her|their) native language",
            "p",
            "",
        ),
        ("speaks", rf"^(?P<langs>{LANGUAGE}) is (?:one of|among) the languages spoken by {person_slot('p')}", "p", ""),
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
