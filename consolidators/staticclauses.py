"""More structures :mod:`consolidators.statics` reads third-person static facts by, beside
:mod:`consolidators.staticshapes` and :mod:`consolidators.staticforms`: a fact box ("Norway — Capital: Oslo;
Currency: krone"), a credit whose title holds "and" ("the author of Salt and Saffron"), a clause that names the
value first and the holder after it ("Urdu is spoken by …", "Wikipedia, which X launched", "Northern Arc, whose
members include …"), and a site said to be a kind of place in another ("The Bund is a waterfront area in Shanghai").

Same slots as :mod:`consolidators.staticshapes`.
"""

from __future__ import annotations

from .epithets import TITLE_WORDS, name_slot, person_slot
from .staticshapes import Shape, compiled

_CAP = r"[A-ZÀ-ÖØ-ÞĀ-Ž]"
_LANGUAGE = r"(?:[A-Z][a-z]+)"
_BOOK = r"(?:novel|book|memoir|poem|play|story|collection|novella|essay|trilogy|biography|saga|poems|stories|essays)"
_FILM = r"(?:film|documentary|movie|feature|drama|thriller|comedy|short|animation|western|biopic)"
#: A title as a credit closes it: "Salt and Saffron", "Death and the King's Horseman", "Dune: Part Two". A title
#: joins one word to one word or to a lower-case "the …" by "and"; longer sides are two works ("author of Flights
#: and The Books of Jacob"), which no title here reads (the other readers credit each).
_TITLE = (
    rf"(?P<w>{_CAP}[\w'-]* and (?:the {TITLE_WORDS}|{_CAP}[\w'-]*)(?=[,.;:)]| \(|$| (?:is|was|in|on)\b)"
    rf"|{TITLE_WORDS}(?:: {TITLE_WORDS})?(?! and\b))"
)
#: Several works in one credit, where no side is one word joined to one word (that is a title: "Salt and Saffron").
_WORKS = (
    rf"(?!{_CAP}[\w'-]* and (?:the |{_CAP}[\w'-]*(?:[,.;:)]| \(|$)))"
    rf"(?P<works>{TITLE_WORDS}(?:, {TITLE_WORDS})*,? and {TITLE_WORDS})"
)
#: A title that ends where its clause does, so that "… of Dune and lives in Paris" is no title "Dune and …".
_WHOLE_TITLE = rf"{_TITLE}(?=[,.;)]| \(| (?:in|on) \d|$)"
#: A sentence's lead words before the person it is about: "The Nobel laureate X" (a bare name has none, so that
#: "Kim Stanley Robinson" keeps its first name).
_LEAD = r"(?:[Tt]he (?:[A-Za-z-]+ ){1,2}?)?"
#: A speaker named by one name or more ("Shakira"): the language's clause around it is strict enough.
_SPEAKER = rf"(?P<p>{_CAP}[\w'-]+(?: {_CAP}[\w'-]+)*)"
#: A person's description between the name and the credit: "(born 1948 in Tromsø)", ", born in Abeokuta,".
_ASIDE = r"(?: \([^)]*\))?(?:, [^;]*?,)?"
#: A fact box: the subject, a dash, then "Key: value" items split by ";" or "|" (a value ends at the next split).
_BOX = rf"^{name_slot('s')} [—–-]+ (?:[A-Z][A-Za-z ]*: [^;|]+[;|] )*?"
_BOX_VALUE = r"(?P<o>[^;|.,()]+?)\s*(?=[;|.]|$)"
#: A kind of place a site is said to be, in another place: "a waterfront area", "the vast temple complex".
_SITE_KIND = (
    r"(?:area|district|quarter|neighbourhood|neighborhood|promenade|boulevard|avenue|street|square|park|temple"
    r"|museum|castle|cathedral|palace|fortress|monastery|tower|bridge|lake|island|site|monument|landmark|gallery"
    r"|church|mosque|stadium|observatory|market|lighthouse|abbey|library|theatre|opera house|waterfall|canyon|reserve"
    r"|ruins|shrine|citadel|mausoleum|complex|peninsula|bay|beach|valley|glacier|volcano|mountain|range)"
)

#: A site named by its kind and "of": "The Inca citadel of Machu Picchu", "the mountain village of Imlil" (a
#: building's "of" names its town: "the castle of Hluboká" is Hluboká Castle, so buildings are left out).
_SITE_OF = (
    rf"[Tt]he (?:{_CAP}[\w-]+ )?(?:[a-z-]+ ){{0,2}}?(?:village|town|city|hamlet|port|citadel|ruins|complex) of "
    rf"{name_slot('w')}"
)
#: Where a verb of position puts a site: "lies in southern Peru", "sits above the city of Granada".
_SET_IN = (
    r"(?:in|on|above|atop|overlooking) (?:the |a )?(?:[a-z-]+ ){0,3}?(?:(?:city|town|village|region|province|county"
    r"|district) of )?(?:(?:[a-z]+ern|central) )?"
    rf"(?:{_CAP}[\w'-]*(?: {_CAP}[\w'-]*)* in )?"  # a feature on the way: "on the Bosphorus in Istanbul"
)
_POSITION = r"(?:stands|sits|lies|rises|towers|perches|is (?:located|situated|perched|set|nestled))"
#: A school a person read a subject at: the name says it is one ("read law at Balliol College").
_SCHOOL = (
    r"(?=(?:[\w'-]+ ){0,4}?(?:University|College|School|Institute|Academy|Conservatory|Conservatoire|Polytechnic)\b)"
)

CLAUSE_SHAPES: tuple[Shape, ...] = compiled(
    (
        # a fact box: "Mongolia — Capital: Ulaanbaatar | Currency: tögrög", "Norway — Official language: Norwegian"
        ("capital", rf"{_BOX}Capital(?: city)?: {_BOX_VALUE}", "s", "o"),
        ("currency", rf"{_BOX}Currency: {_BOX_VALUE}", "s", "o"),
        ("official language", rf"{_BOX}Official languages?: {_BOX_VALUE}", "s", "o"),
        ("headquartered in", rf"{_BOX}(?:Headquarters|HQ): {_BOX_VALUE}", "s", "o"),
        # "X is the author of Salt and Saffron, her third book", "X (1948–2025) was a Norwegian poet, best known as
        # the author of the collection Ice Hymns", "X, born in Kamiriithu and author of Petals of Blood, taught …"
        (
            "author of",
            rf"^{_LEAD}{person_slot('p')}{_ASIDE} (?:is|was|remains)(?: also)?(?: an? [^;,]*?,)?"
            rf" (?:(?:best |widely |perhaps best )?known as )?the (?:[a-z-]+ )?author of (?:the (?:[a-z-]+ )?{_BOOK} )?"
            rf"{_WHOLE_TITLE}",
            "p",
            "w",
        ),
        (
            "author of",
            rf"^{_LEAD}{person_slot('p')}, (?:[a-z][^,;]*? and )?(?:the |an? )?(?:[A-Za-z-]+ )?author of "
            rf"(?:the (?:[a-z-]+ )?{_BOOK} )?{_WHOLE_TITLE}(?=,)",
            "p",
            "w",
        ),
        # two works or more: "X is the author of Flights and The Books of Jacob", "X, author of A, B and C, …"
        (
            "author of",
            rf"^{_LEAD}{person_slot('p')}{_ASIDE} (?:is|was)(?: also)? the author of {_WORKS}(?=[.;]|$)",
            "p",
            "works",
        ),
        ("author of", rf"^{_LEAD}{person_slot('p')}, (?:the )?(?:[A-Za-z-]+ )?author of {_WORKS},", "p", "works"),
        ("author of", rf"^{_LEAD}{person_slot('p')} (?:also )?(?:wrote|penned) {_WORKS}(?=[.;]|$)", "p", "works"),
        ("author of", rf"^{_LEAD}{person_slot('p')} (?:also )?(?:wrote|penned) {_WHOLE_TITLE}", "p", "w"),
        # "The Ministry for the Future, a 2020 novel by Kim Stanley Robinson, …": a year or a kind before the maker
        (
            "author of",
            rf"^{_WHOLE_TITLE}, (?:the |an? )(?:\d{{4}} )?(?:[a-z-]+ ){{0,2}}{_BOOK} by {person_slot('p')}",
            "p",
            "w",
        ),
        # "Dune: Part Two was directed by Denis Villeneuve", "… was co-written and directed by Sámi filmmaker X"
        (
            "directed by",
            rf"^(?:[Tt]he {_FILM} )?{_TITLE} (?:is|was) (?:(?:co-)?written and )?(?:co-)?directed by "
            rf"(?:[A-Za-z-]+ ){{0,2}}?(?:director |filmmaker |film-maker )?{person_slot('p')}"
            r"(?=[,.;]|$| (?:in|and|for|with|from)\b)",  # the maker whole, not "Mira Nair's former assistant"
            "w",
            "p",
        ),
        # "Bong Joon-ho helmed Parasite, a dark comedy about …": "helmed" credits a film only where one is named
        (
            "directed by",
            rf"^{_LEAD}{person_slot('p')} helmed (?:the (?:[a-z-]+ )?{_FILM} )?{_TITLE}(?=, (?:an?|the) "
            rf"(?:[a-z-]+ ){{0,3}}{_FILM}\b|.*\b{_FILM}s?\b)",
            "w",
            "p",
        ),
        # the language first: "Urdu is spoken fluently by X", "Portuguese is one of the languages Shakira speaks"
        ("speaks", rf"^(?P<langs>{_LANGUAGE}) is (?:also )?spoken (?:[a-z]+ly )?by {person_slot('p')}", "p", ""),
        (
            "speaks",
            rf"^(?P<langs>{_LANGUAGE}) is (?:one of|among) the (?:[a-z]+ )?languages (?:that |which )?"
            rf"{_SPEAKER} speaks\b",
            "p",
            "",
        ),
        # "… answered in fluent Portuguese, a language she speaks well"
        (
            "speaks",
            rf"^{_LEAD}{_SPEAKER} [^,;]*? in (?:[a-z]+ )?(?P<langs>{_LANGUAGE}), (?:a|the) language "
            r"(?:he|she|they) (?:also )?speaks\b",
            "p",
            "",
        ),
        # the organisation first: "Wikipedia, which Jimmy Wales and Larry Sanger launched in 2001, …"
        (
            "founded by",
            rf"^{name_slot('w')}, which {person_slot('p')}(?: and {person_slot('p2')})? (?:co-?founded|founded|launched"
            r"|started|set up|established)\b",
            "w",
            "p",
        ),
        # the group first: "Northern Arc, whose members include Tove Lindqvist, …"
        (
            "member of",
            rf"^(?:[Tt]he )?{name_slot('o')}, whose (?:members|line-?up|ranks) (?:include|includes|included) "
            rf"{person_slot('p')}(?:,? and {person_slot('p2')})?",
            "p",
            "o",
        ),
        # a site by its kind: "The Inca citadel of Machu Picchu lies in southern Peru", "…, in southern Peru, …",
        # "The Alhambra palace complex sits above the city of Granada"
        ("located in", rf"^{_SITE_OF}(?:, | {_POSITION} ){_SET_IN}{name_slot('o')}(?=[,.;]|$)", "w", "o"),
        (
            "located in",
            rf"^(?:[Tt]he )?(?P<w>{_CAP}[\w'-]*(?: {_CAP}[\w'-]*)*) (?:[a-z-]+ )?{_SITE_KIND} {_POSITION} {_SET_IN}"
            rf"{name_slot('o')}(?=[,.;]|$)",
            "w",
            "o",
        ),
        # "Katherine Mansfield succumbed to tuberculosis in Fontainebleau", "… died of a stroke in Lisbon"
        (
            "died in",
            rf"^{_LEAD}{person_slot('p')}{_ASIDE} (?:succumbed to|died of|died from) (?:[a-z'-]+ ){{1,3}}?in "
            rf"{name_slot('o')}",
            "p",
            "o",
        ),
        # "Rosalind Franklin read natural sciences at Newnham College": reading a subject, at a school
        (
            "educated at",
            rf"^{_LEAD}{person_slot('p')}{_ASIDE} read (?!the\b|a\b|an\b|his\b|her\b|their\b)(?:[a-z-]+ ){{1,3}}?at "
            rf"(?:the )?{_SCHOOL}{name_slot('o')}",
            "p",
            "o",
        ),
        # "Halifax is the new home of the Old Mill Gallery": a site (its name says so), not a resident
        (
            "located in",
            rf"^{name_slot('o')} is (?:now |also )?(?:the )?(?:new |permanent )?home of (?:the )?{name_slot('site')}",
            "site",
            "o",
        ),
        # the role first, its holder after: "The school Nadia Haddad graduated from is Sciences Po", "Selin Kaya's
        # husband is Can Öztürk" (a spouse's name the parser may read as a verb: "Can", "May", "Will")
        (
            "educated at",
            rf"^[Tt]he (?:school|university|college) (?:that |which )?{_LEAD}{person_slot('p')} (?:actually |really |in fact "
            rf")?(?:graduated from|studied at|attended|went to|was educated at) (?:is|was) (?:the )?{name_slot('o')}",
            "p",
            "o",
        ),
        (
            "married to",
            rf"^{person_slot('p')}(?:'s|') (?:husband|wife|spouse) is (?:now )?(?:the (?:[a-z-]+ ){{1,2}})?"
            rf"{person_slot('o')}(?=[,.;]|$)",
            "p",
            "o",
        ),
        # a person described as living somewhere: "The cyclist X is a Slovenian citizen living in Monaco"
        (
            "lives in",
            rf"^{_LEAD}{person_slot('p')}{_ASIDE} is (?:now )?an? (?:[A-Za-z-]+ ){{1,3}}?(?:living|residing) in "
            rf"{name_slot('o')}(?=[,.;]|$)",
            "p",
            "o",
        ),
        # a country's role in a clause about it: "In Mozambique, where the official language is Portuguese, …"
        *(
            (predicate, rf"^In {name_slot('s')}, where the {role} is (?:the )?(?P<o>{value}),", "s", "o")
            for predicate, role, value in (
                ("capital", "capital(?: city)?", rf"{_CAP}[\w'-]*(?: {_CAP}[\w'-]*)*"),
                ("official language", "(?:official|national) language", _LANGUAGE),
                ("currency", "(?:official |national )?currency", r"[a-zA-Z][\w-]*(?: [a-z]+)?"),
            )
        ),
        # a site said to be a kind of place in another: "The Bund is a waterfront area in Shanghai"
        (
            "located in",
            rf"^(?:[Tt]he )?(?P<w>{_CAP}[\w'-]*(?: {_CAP}[\w'-]*)*) is (?:an?|the) (?:[a-z-]+ ){{0,3}}?{_SITE_KIND} "
            rf"in (?:(?:[a-z]+ern|central) )?{name_slot('o')}(?=[,.;]|$)",
            "w",
            "o",
        ),
    )
)
