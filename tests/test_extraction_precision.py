"""Precision and key consistency: whose fact a sentence states, which predicate keys it, where its value ends,
and whether the state is still current. Every sentence here is worded afresh (no benchmark sentence); each row
fails if the rule it names is removed. All sentences are read as the user's chat turn, as the quality benchmark
reads them, so a third-person sentence must not leak into ``user``."""

from __future__ import annotations

import re

import pytest

from consolidators import extract_triples
from consolidators.text import DENIED, FUTURES, NOT_NOW, PLANNED, doubts

Triple = tuple[str, str, str, bool]

EXACT: list[tuple[str, list[Triple]]] = [
    # a description of someone else, fronted or set off by commas, is theirs, never the speaker's
    ("Now based in Porto, ceramicist Ilse Marv sells mostly to hotels.", [("Ilse Marv", "lives in", "Porto", False)]),
    ("Born in Cork, the violinist tours with a string quartet.", []),
    ("Originally based in Tartu, the studio now employs sixty people.", []),
    ("Raised in Dakar, the novelist writes in French and Wolof.", []),
    # a place said alone is the place, though a longer name beside it starts with it
    (
        "Rui Costa, who lives in San Jose, works at the San Jose Mercury News.",
        [("Rui Costa", "lives in", "San Jose", False), ("Rui Costa", "works at", "San Jose Mercury News", False)],
    ),
    # where a named person grew up is no birthplace
    ("Raised in Tamale, the poet Kofi Adjei studied law in Legon.", []),
    ("The boutique roaster, based in Ghent since 2012, ships across Europe.", []),
    (
        "Now based in Accra, Sunfield Energy builds solar farms.",
        [("Sunfield Energy", "headquartered in", "Accra", False)],
    ),
    ("Kraków is home to the painter Zofia Lis these days.", []),
    # … while the user's own subjectless chat stays the user's
    ("born in Lyon, living in Berlin now", [("user", "born in", "Lyon", False), ("user", "lives in", "Berlin", False)]),
    ("Tallinn is home now, finally", [("user", "lives in", "Tallinn", False)]),
    # a seat said as a place's being home to it is the company's, not the place's
    (
        "Since the merger, Tampere has been home to Nordvik Paper's head office.",
        [("Nordvik Paper", "headquartered in", "Tampere", False)],
    ),
    # a title before a name is no part of it
    ("Former Olympian Marta Kask died in Pärnu on Friday.", [("Marta Kask", "died in", "Pärnu", False)]),
    # a value ends where its name does, whichever reader read it
    ("We have a rescue beagle called Bramble who hates the postman", [("user", "has pet", "Bramble", False)]),
    (
        "We moved to Leipzig and I started at Zalando the same week.",
        [("user", "lives in", "Leipzig", False), ("user", "works at", "Zalando", False)],
    ),
    (
        "Anil Mehta left Cognizant in 2021 and now works for Accenture's cloud unit.",
        [("Anil Mehta", "works at", "Accenture", False)],
    ),
    ("I'm a night-shift paramedic, so replies may be slow", [("user", "works as", "paramedic", False)]),
    # a past state stays past: its length in the simple past, the past perfect, childhood, a death
    ("Ola Brenn, who played for Rosenborg for eight seasons, now coaches youth teams.", []),
    ("Ines Moura had lived in Luanda for most of the 1980s.", []),
    ("Born in Recife, Davi Lopes moved to Lisbon at the age of seven.", [("Davi Lopes", "born in", "Recife", False)]),
    (
        "Hanne Vik, longtime owner of the Bristol Bakery, died on Monday in Bergen.",
        [("Hanne Vik", "died in", "Bergen", False)],
    ),
    # a spouse named by a possessive keys like "A's wife is B"; "B is the wife of A" keys by B
    ("Sara Lind is Jonas Hedberg's wife.", [("Jonas Hedberg", "married to", "Sara Lind", False)]),
    ("Jonas Hedberg's wife is Sara Lind.", [("Jonas Hedberg", "married to", "Sara Lind", False)]),
    ("Sara Lind is the wife of Jonas Hedberg.", [("Sara Lind", "married to", "Jonas Hedberg", False)]),
    # a role the vocabulary lacks is no key; a role said in chat's short form is the vocabulary's
    ("we switched the office wiki from Confluence to Outline", [("user", "uses", "Outline", False)]),
    ("I use Procreate every evening for the comic strips", [("user", "uses", "Procreate", False)]),
    ("my pwd manager is Bitwarden these days", [("user", "password manager", "Bitwarden", False)]),
    ("We use Redis for the job queue", [("user", "queue", "Redis", False)]),
    ("changed my major to geology last term", [("user", "studies", "geology", False)]),
    # a system run on the user's machine is their OS; an app or a game there is not
    ("I run Fedora on my old ThinkPad", [("user", "os", "Fedora", False)]),
    ("I play Hades on my PC most nights", [("user", "plays", "Hades", False)]),
    # a degree is no field of study
    ("I'm an MBA student at INSEAD", [("user", "studies at", "INSEAD", False)]),
    (
        "I'm a second-year geology student at Uppsala",
        [
            ("user", "studies", "geology", False),
            ("user", "studies at", "Uppsala", False),
        ],
    ),
    # "no longer A but B" ends A and states B
    (
        "The capital of Merovia is no longer Kastel but Voss.",
        [("Merovia", "capital", "Kastel", True), ("Merovia", "capital", "Voss", False)],
    ),
    # a plain verb about someone else holds a name or a short noun phrase, not a phrase of the moment
    ("Ines Duarte has eleven assists this season.", []),
    ("Harbor Books has shops in four towns.", []),
    ("Vela Labs has 40 employees.", [("Vela Labs", "has", "40 employees", False)]),
    # a scene's preposition is no part of its name; a spouse is no job; a time word is no value
    ("In Latvia, the euro replaced the lats as the currency in 2014.", [("Latvia", "currency", "euro", False)]),
    ("my husband is a carpenter, he built our table", []),
    ("I'm not learning anything anymore, too busy", []),
    # a place left for a new home is the old home, not an employer; a value has no verb of its own
    (
        "so we left Rennes in March and we're in Nantes now",
        [("user", "lives in", "Nantes", False), ("user", "lives in", "Rennes", True)],
    ),
    ("honestly working for klarna is way calmer than my old job", [("user", "works at", "klarna", False)]),
    ("Bilbao hosted the regional robotics fair for the second year running.", []),
    # a place called by its kind is led by its mayor, a company by its CEO
    ("The town of Kelmet is now run by Ada Vorn.", [("Kelmet", "mayor", "Ada Vorn", False)]),
    ("Brightline Freight is now led by Omar Sadiq.", [("Brightline Freight", "ceo", "Omar Sadiq", False)]),
    # a founding member stays one after death; a dead owner owns no more
    (
        "Drummer Tove Aske, a founding member of Grey Harbour, died in Malmö on Sunday.",
        [("Tove Aske", "member of", "Grey Harbour", False), ("Tove Aske", "died in", "Malmö", False)],
    ),
    # British "reading" a field is studying it; reading a book is not
    ("I'm reading history at Durham", [("user", "studies", "history", False), ("user", "studies at", "Durham", False)]),
    ("im reading economics, so go easy on the maths", [("user", "studies", "economics", False)]),
    # a kind of company before its name is no part of it; a verb is no value; a date is no seat
    (
        "Chipmaker Volta Silicon has named Ruth Amsel as chief executive.",
        [("Volta Silicon", "ceo", "Ruth Amsel", False)],
    ),
    ("Studio Ghibli is headquartered in Koganei.", [("Studio Ghibli", "headquartered in", "Koganei", False)]),
    # a role not held yet is no current one; a state never held has nothing to take back
    ("The future mayor of Torvik, Lene Aas, is sworn in next month.", []),
    ("I'm not on macOS, never have been", []),
    # a word to the listener denies nothing; a tool swapped out is no value; loving one's job is no pastime
    ("Vivaldi is my browser (don't laugh)", [("user", "browser", "Vivaldi", False)]),
    ("Swapped out Jenkins for Drone as our CI.", [("user", "ci", "Drone", False)]),
    (
        "I'm a welder, I live in Gdynia, and I love my job",
        [
            ("user", "works as", "welder", False),
            ("user", "lives in", "Gdynia", False),
        ],
    ),
    # "<role>-wise I …" is the user speaking
    ("Browser-wise I moved from Chrome to Vivaldi", [("user", "browser", "Vivaldi", False)]),
    # a person the user has names no relation of the vocabulary unless it is a spouse: nothing, not "boyfriend X"
    ("My boyfriend is Anselm.", []),
    ("My best friend is Oluwaseun.", []),
    ("My landlady is Mrs Petrakis.", []),
    ("Our accountant is Hedda Lund.", []),
    ("My husband is Anselm.", [("user", "married to", "Anselm", False)]),
]


@pytest.mark.parametrize(("sentence", "expected"), EXACT)
def test_exact(sentence: str, expected: list[Triple]) -> None:
    got = {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")}
    assert got == set(expected)


#: Sentences that must not yield a given (subject, predicate[, object]): whatever else they yield.
NEVER: list[tuple[str, tuple[str, ...]]] = [
    ("I mostly write Go code now, haven't opened PyCharm in months", ("user", "uses", "PyCharm")),
    ("I run Windows 11 on my gaming rig", ("user", "uses")),
    ("my notes moved out of Evernote and into Obsidian last spring", ("user", "notes app", "Evernote")),
    ("I'm a PhD student at KTH", ("user", "studies")),
    ("Former CEO Lena Park left Brightwave in 2021.", ("CEO Lena Park",)),
    ("Seville is home to the Giralda.", ("user", "lives in")),
    ("honestly rooibos has overtaken coffee as my go-to drink", ("user", "prefers drink", "has overtaken coffee")),
    (
        "Talvik Robotics now calls Tampere home after moving its headquarters there in May.",
        ("Talvik Robotics", "headquartered in", "May"),
    ),
    # a second's office is not the office its noun names
    ("Ostvik's deputy mayor, Lene Dahl, opened the new library.", ("Ostvik", "mayor")),
    ("Pavo Sarin is the assistant director of the film Grey Harbour.", ("Grey Harbour", "directed by")),
]


@pytest.mark.parametrize(("sentence", "banned"), NEVER)
def test_never(sentence: str, banned: tuple[str, ...]) -> None:
    for f in extract_triples(sentence, "user"):
        assert (f.subject, f.predicate, f.object)[: len(banned)] != banned


# Causes the readers share, checked once their facts are together (:mod:`consolidators.sieve`) or by the one core
# of doubt words they all extend (:func:`consolidators.text.doubts`).
SHARED: list[tuple[str, list[Triple]]] = [
    # a visit is an event, over or to come, never a state
    ("We visited Hanoi over Easter, the food was amazing", []),
    ("I visited Oslo last week and it rained nonstop", []),
    ("Pedro Alves visited Tokyo in 2019.", []),
    ("I'm visiting my grandparents in Galway this weekend", []),
    # no one is "Reviewers" or "Italians"; a plural may still name a country
    ("Reviewers adored the band's second album.", []),
    ("Fans loved the final episode.", []),
    # the people are no speaker, but the apposition states the country's language (statics' reading)
    ("Italians speak Italian, the country's official language.", [("Italy", "official language", "Italian", False)]),
    ("Mexicans speak Spanish and many indigenous languages.", []),
    ("Cardiff is the capital of Wales.", [("Wales", "capital", "Cardiff", False)]),
    ("The Netherlands' capital is Amsterdam.", [("Netherlands", "capital", "Amsterdam", False)]),
    # a claim passed on or disputed states nothing in any clause, whichever reader reads it
    ("Rumours that the singer Lea Mora had died in Rome were false.", []),
    ("Rumours that the actor Karl Yde had moved to Oslo turned out to be wrong.", []),
    ("Reportedly, Mina Cho now lives in Busan.", []),
    ("Allegedly, Rita Sousa works at Galp these days.", []),
    ("Apparently the mayor of Tarvik is now Ole Brun.", []),
    ("Allegedly the label's new CEO is Dara Quinn.", []),
    ("Tariq Nour is rumoured to be joining Ajax.", []),
    ("Lena Brandt could become chief executive of Halvard Bank.", []),
    ("Halvard Bank may name Lena Brandt chief executive.", []),
    # a value ends at its name: no scene's preposition before it, no adverb after it, no pastime's scene
    ("I enjoy sudoku puzzles on the bus", [("user", "likes", "sudoku puzzles", False)]),
    ("I play the viola in a youth orchestra", [("user", "plays", "viola", False)]),
    ("I love walking in the rain", [("user", "likes", "walking", False)]),
    ("we moved to Porto back in March", [("user", "lives in", "Porto", False)]),
    (
        "In Riga, the Latvian capital, Mayor Vilnis Kirsis opened a tram line.",
        [("Latvia", "capital", "Riga", False), ("Riga", "mayor", "Vilnis Kirsis", False)],
    ),
    # a fronted description whose clause goes on with "she"/"he" is someone else's; what nearly happened did not
    ("Born in Cádiz, she worked as a translator in Seville.", []),
    ("Raised in Tromsø, he later settled in Bergen.", []),
    ("We nearly relocated to Perth last spring but the job offer fell through", []),
    ("Pia Lund almost signed for Brøndby in 2021.", []),
    ("I have lived in Oslo for almost ten years", [("user", "lives in", "Oslo", False)]),
    # a title's quote mark, a person noun one reader kept before a name, are no part of the subject
    ("'Blue Harbour', directed by Ana Lind, opens on Friday.", [("Blue Harbour", "directed by", "Ana Lind", False)]),
    (
        "Singer Björk, an Icelandic citizen born in Reykjavík, speaks Danish.",
        [
            ("Björk", "citizen of", "Iceland", False),
            ("Björk", "born in", "Reykjavík", False),
            ("Björk", "speaks", "Danish", False),
        ],
    ),
    ("Pianist Ida Berg obtained Finnish citizenship in 2019.", [("Ida Berg", "citizen of", "Finland", False)]),
    # "not on X" with no "anymore" is a system never used: nothing to take back
    ("I'm not on Linux, so those shell tips won't work for me.", []),
    ("I'm not on Mastodon anymore, so DM me elsewhere", [("user", "uses", "Mastodon", True)]),
    # … while a month is no modal, a denied name's "not" no doubt, and another clause's "will" no doubt of a founding
    ("In May, Halvard Bank named Lena Brandt chief executive.", [("Halvard Bank", "ceo", "Lena Brandt", False)]),
    ("Oren Vale, not Ida Lunde, wrote The Salt Road.", [("Oren Vale", "author of", "Salt Road", False)]),
    (
        "Kai Moreno, who founded Brightpath, will speak at the summit.",
        [("Brightpath", "founded by", "Kai Moreno", False)],
    ),
    ("Greta Holm lives in Malmö with her two dogs.", [("Greta Holm", "lives in", "Malmö", False)]),
    ("Tomas Berg left Ericsson in 2018 and now works for Saab.", [("Tomas Berg", "works at", "Saab", False)]),
]


@pytest.mark.parametrize(("sentence", "expected"), SHARED)
def test_shared_causes(sentence: str, expected: list[Triple]) -> None:
    got = {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")}
    assert got == set(expected)


#: A past office, or the year of the scene, is no part of the subject.
NO_SUBJECT: list[tuple[str, str]] = [
    ("Former Tartu mayor Urmas Klaas now chairs a rowing club.", "Former Tartu"),
    ("Former Leeds mayor Ruth Ng now runs a charity shop.", "Former Leeds"),
    ("In 2019 Ana Lucía Prieto joined Las Lunas Rotas, replacing their original drummer.", "2019 Ana Lucía Prieto"),
]


@pytest.mark.parametrize(("sentence", "subject"), NO_SUBJECT)
def test_no_such_subject(sentence: str, subject: str) -> None:
    assert subject not in {f.subject for f in extract_triples(sentence, "user")}


@pytest.mark.parametrize(
    ("pattern", "text", "doubted"),
    [
        (doubts(), "She might move to Oslo", True),
        (doubts(), "The board may name her CEO", True),
        (doubts(), "In May she moved to Oslo", False),
        (doubts(), "He is reportedly in talks", True),
        (doubts(), "He didn't join Ajax", True),
        (doubts(), "Is she the CEO?", True),
        (doubts(modals=False), "He will speak at the summit", False),
        (doubts(denials=False), "Oren Vale, not Ida Lunde, wrote it", False),
        (doubts(question=False), "Is she the CEO?", False),
        (doubts("linked"), "Ajax are linked with him", True),
        (doubts(), "Ajax are linked with him", False),
    ],
)
def test_doubt_core(pattern: re.Pattern[str], text: str, doubted: bool) -> None:
    assert bool(pattern.search(text)) is doubted


_NOT_NOW = re.compile(rf"\b(?:{NOT_NOW})\b", re.I)
_AHEAD = re.compile(rf"\b(?:{FUTURES}|{PLANNED})\b", re.I)


@pytest.mark.parametrize(
    ("pattern", "text", "refused"),
    [
        (DENIED, "I don't use it as a login shell", True),
        (DENIED, "Vim is no longer my editor", True),
        (DENIED, "Nothing beats Neovim, notably for Rust", False),
        (_NOT_NOW, "I used to live in Leeds", True),
        (_NOT_NOW, "my editor was Emacs", True),
        (_NOT_NOW, "I would pick Helix", True),
        (_NOT_NOW, "I live in Leeds", False),
        (_AHEAD, "gonna try Zed", True),
        (_AHEAD, "we're planning to move to Graz", True),
        (_AHEAD, "she plans to join Ajax", True),
        (_AHEAD, "I moved to Graz and joined Ajax", False),
    ],
)
def test_refusal_vocabulary_the_chat_readers_share(pattern: re.Pattern[str], text: str, refused: bool) -> None:
    assert bool(pattern.search(text)) is refused


#: Causes shared across readers, fixed once the sentence's facts are together (:mod:`consolidators.sieve`,
#: :mod:`consolidators.stale`, :mod:`consolidators.cuts`): where a value ends, a title or an old value kept with
#: it, a name cut short, a state that is over or someone else's.
SIFTED: list[tuple[str, list[Triple]]] = [
    # a value ends at its name: no adverb, added value, serving or lower-case scene
    (
        "I speak Tagalog and Spanish as well as English.",
        [("user", "speaks", "Tagalog", False), ("user", "speaks", "Spanish", False)],
    ),
    (
        "nothing beats a tall glass of kefir for me, it's my favourite drink",
        [("user", "prefers drink", "kefir", False)],
    ),
    ("my favourite drink is a cup of rooibos", [("user", "prefers drink", "rooibos", False)]),
    ("I'm studying architecture at evening classes these days", [("user", "studies", "architecture", False)]),
    ("I still use Emacs, even for email.", [("user", "uses", "Emacs", False)]),
    # a person's job or pastime before their name is no part of it
    (
        "Mountaineer Reinhold Messner founded the Messner Mountain Museum.",
        [("Messner Mountain Museum", "founded by", "Reinhold Messner", False)],
    ),
    ("Deputy-Mayor Luisa Fenn is the mayor of Carlow.", [("Carlow", "mayor", "Luisa Fenn", False)]),
    # a name whole: a one-word "A and B" title, a title across its colon, a region in its country's possessive
    ("Emre Kaya wrote Ash and Honey, his debut novel.", [("Emre Kaya", "author of", "Ash and Honey", False)]),
    ("Dune: Messiah was written by Frank Herbert.", [("Frank Herbert", "author of", "Dune: Messiah", False)]),
    (
        "Blade Runner: The Final Cut was directed by Ridley Scott.",
        [("Blade Runner: The Final Cut", "directed by", "Ridley Scott", False)],
    ),
    (
        "The Kiev Monastery is located in Ukraine's Kyiv Oblast.",
        [("Kiev Monastery", "located in", "Kyiv Oblast", False)],
    ),
    ("Tove Rask joined the Oslo Writers' Guild in 2011.", [("Tove Rask", "member of", "Oslo Writers' Guild", False)]),
    (
        "The Rotterdam shipping firm Valkor was founded by Pieter Maas.",
        [("Valkor", "founded by", "Pieter Maas", False)],
    ),
    (
        "The Colca Canyon lies in the Arequipa Region of Peru.",
        [("Colca Canyon", "located in", "Arequipa Region", False)],
    ),
    # … but a range in a country's possessive leaves the country
    (
        "Nestled in Austria's Ötztal Alps, Sölden hosts ski races every October.",
        [("Sölden", "located in", "Austria", False)],
    ),
    # a capital of fashion or finance is no seat of government
    ("Milan is Italy's fashion capital.", []),
    # the employer, not its city; the country, not its demonym; the author, not the work, was born somewhere
    ("Dr. Lena Fox works at the Karolinska institute in Stockholm.", [("Lena Fox", "works at", "Karolinska", False)]),
    (
        "Nadia Perez works at the Lagos branch.",
        [],
    ),  # a city before a branch names no employer; before "institute" it does
    ("Lisbon became the Portuguese capital in 1255.", [("Portugal", "capital", "Lisbon", False)]),
    (
        "Magnus Berg, the Bergen-born director of Cold Harbour, lives in Oslo.",
        [
            ("Cold Harbour", "directed by", "Magnus Berg", False),
            ("Magnus Berg", "born in", "Bergen", False),
            ("Magnus Berg", "lives in", "Oslo", False),
        ],
    ),
    # an old value is never current; what is now still is
    ("Former Ajax striker Jens Holt, now with Celtic, scored twice.", [("Jens Holt", "plays for", "Celtic", False)]),
    ("Until 2015, Omar Nasser lived in Cairo; he now lives in Amman.", [("Omar Nasser", "lives in", "Amman", False)]),
    # an old thing still in use is the current value
    ("my phone is an old Pixel 4a and it still works fine", [("user", "phone", "Pixel 4a", False)]),
    # the cedi is only Ghana's: its adjective is no part of its name (the corpora: "The Ghanaian cedi slid" → cedi)
    ("In Ghana you pay in Ghanaian cedis.", [("Ghana", "currency", "cedi", False)]),
    # "plain old" is fondness, not an old value
    ("my shell is good old zsh", [("user", "shell", "zsh", False)]),
    (
        "Ditched Todoist and Trello, just using Things 3 now",
        [("user", "uses", "Todoist", True), ("user", "uses", "Trello", True), ("user", "uses", "Things 3", False)],
    ),
    # the user's own relation said beside someone else's
    (
        "I use Vim as my editor, my wife is Sofia.",
        [("user", "editor", "Vim", False), ("user", "married to", "Sofia", False)],
    ),
    ("My wife is Dana and my team uses Rust.", [("user", "married to", "Dana", False)]),
    ("my mother tongue is Tigrinya, so forgive the odd phrasing", [("user", "speaks", "Tigrinya", False)]),
    ("my boss pays for Fastmail so that's where I do email now", [("user", "email client", "Fastmail", False)]),
    (
        "I'm a data analyst at Ocado, and my whole team writes Kotlin.",
        [("user", "works as", "data analyst", False), ("user", "works at", "Ocado", False)],
    ),
    ("Me and my husband live in Tartu, his parents are close by.", [("user", "lives in", "Tartu", False)]),
    (
        "We host on Hetzner now; the team moved our queue to NATS.",
        [("user", "cloud provider", "Hetzner", False), ("user", "queue", "NATS", False)],
    ),
    # a first name that ends like a job is no title; a label before a colon is no part of a title
    (
        "Vestra Bio was co-founded by Anneke Vos and Pieter van Dijk.",
        [("Vestra Bio", "founded by", "Anneke Vos", False), ("Vestra Bio", "founded by", "Pieter van Dijk", False)],
    ),
    (
        "The credits were corrected: Winter Ferry was directed by Aino Lehto.",
        [("Winter Ferry", "directed by", "Aino Lehto", False)],
    ),
    # nothing: an old value, a past aside or scope, quoted words, someone else's habit, a trial, an idiom
    ("Outgoing CEO Paul Ritter handed over to Nina Sato at Brightline.", []),
    ("Hilde Brun, formerly the mayor of Tromsø, now teaches law.", []),
    # "old" before an office is a past holder's, as are the years in it looked back on; an age is no such word
    ("Bruno Keller, the old mayor of Altberg, now runs a bakery.", []),
    ("Bruno Keller, old mayor of Altberg, is a teacher again", []),
    ("Ida Lange published a memoir about her years as mayor of Vellby.", []),
    ("Ida Lange, the 52-year-old mayor of Vellby, opened the fair.", [("Vellby", "mayor", "Ida Lange", False)]),
    ("Until 2015, Omar Nasser lived in Cairo.", []),
    ('"I work at NASA," the character claims in the first episode.', []),
    ("my sister swears by Obsidian for her notes", []),
    # a friend by chat's own words, or with a word of how close: their course, not the user's
    ("my best mate is doing a masters in cardiff, so proud", []),
    ("my buddy started his PhD at Uppsala University", []),
    ("my bestie is doing a degree in nursing", []),
    ("my whole department runs on Salesforce, I barely touch it", []),
    ("I tried Helix once on a friend's laptop.", []),
    ("wrote a single Haskell module for a class project, never again", []),
    ("the gym is basically my second home lately", []),
    # someone else's employer ends at its name, not at the role held there; a common noun is no employer
    ("Quaye has joined mBank as chief of retail lending.", [("Quaye", "works at", "mBank", False)]),
    ("Tarik Osei has joined Vellum Labs as head of design.", [("Tarik Osei", "works at", "Vellum Labs", False)]),
    ("Sofie Brandt has joined the company to lead its data team.", []),
    ("yay, Okonkwo joined my company last month!", []),
]


@pytest.mark.parametrize(("sentence", "expected"), SIFTED)
def test_sifted(sentence: str, expected: list[Triple]) -> None:
    got = {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")}
    assert got == set(expected)


#: The old value a sentence names beside the new one is never current.
NOT_CURRENT: list[tuple[str, tuple[str, str, str]]] = [
    ("My phone is a Pixel 9 now, the old Galaxy S10 finally died.", ("user", "phone", "Galaxy S10")),
    ("Shareholders ousted CEO Mara Lind; Ivo Stern will lead Kestrel as acting CEO.", ("Kestrel", "ceo", "Mara Lind")),
    ('"We live in Rome," the narrator says, but I live in Turin.', ("user", "lives in", "Rome")),
]


@pytest.mark.parametrize(("sentence", "banned"), NOT_CURRENT)
def test_not_current(sentence: str, banned: tuple[str, str, str]) -> None:
    assert banned not in {
        (f.subject, f.predicate, f.object) for f in extract_triples(sentence, "user") if not f.retract
    }


# Round 13's shared causes (:mod:`consolidators.unsaid`, :mod:`consolidators.kinds`, the rank of a title).
UNSAID_AND_KINDS: list[tuple[str, list[Triple] | None]] = [
    # a rank is part of the title the user holds
    ("Big news: I'm now a principal data engineer at Klarna", None),
    ("I'm a junior product manager these days", [("user", "works as", "junior product manager", False)]),
    ("Just got promoted, I'm a senior copywriter now!", [("user", "works as", "senior copywriter", False)]),
    # a time phrase's "as of" is no title
    ("I've been employed by Wise as of last month", [("user", "works at", "Wise", False)]),
    # a quotation framed as a line, a joke or a lyric states nothing; nor does a user's quoted first person
    ('"I work at Google" - that\'s a lyric from some indie song, who wrote it?', []),
    ('"The capital of Atlantis is Poseidonis," the museum guide joked.', []),
    ('"My wife is Elena," he quipped, pointing at his bike.', []),
    # a story's world, and what nearly happened, are no one's facts
    ("I'm drafting a novel where the heroine lives in Dublin and works at a bakery", []),
    ("In my dream I lived in Kyoto and taught at a temple school", []),
    ("I nearly accepted an offer from Shopify, so glad I stayed put", []),
    # a state the copula dates to a past year is over; an event verb with a year is not
    ("Peru's president in 2018 was Martín Vizcarra.", []),
    ("In 2015 the mayor of Tarvik was Ole Brun.", []),
    ("Halvard Bank named Lena Brandt chief executive in 2020.", [("Halvard Bank", "ceo", "Lena Brandt", False)]),
    # a title word before a person is no part of the name
    ("Co-founders Ines Duarte and Rafael Mota started Brisa in a Lisbon garage.", None),
    # an organisation is no director, no resident; a demonym is no company and no seat
    ("Lanterns, the short from Aurora Pictures, was directed by Tove Lind.", None),
    ("The arena in Montevideo, home of Club Nacional, will get a new roof.", []),
    ("Sofia Reyes acquired Spanish citizenship through her father.", [("Sofia Reyes", "citizen of", "Spain", False)]),
    # a tool's value without its role word, without the speaker's words run on after it
    ("I write all my code in the Kakoune editor these days", [("user", "editor", "Kakoune", False)]),
    ("our queue is Kafka, not SQS, sorry I wrote that wrong before", [("user", "queue", "Kafka", False)]),
    # a thing the sentence points at is no taste; an answer word is no drink
    ("My browser is Vivaldi, I like the tab stacking", [("user", "browser", "Vivaldi", False)]),
    ("Go-to drink? Simple: yerba mate.", None),
    # a user "relation" no vocabulary has: a language's quality, a phrase ending in "of"
    ("I speak Greek at home, my Turkish is only basic", [("user", "speaks", "Greek", False)]),
    ("honestly the best part of living in Lyon is the food", None),
    # a lower-case verb form is no currency
    ("Since 2001, the euro has served as Greece's currency.", None),
]

#: Rows above marked None assert only what must not be read (the sentence may yield other facts or none).
UNSAID_BANNED: dict[str, tuple[str, ...]] = {
    "Big news: I'm now a principal data engineer at Klarna": ("user", "works as", "data engineer"),
    "Co-founders Ines Duarte and Rafael Mota started Brisa in a Lisbon garage.": ("Brisa", "founded by", "Co"),
    "Lanterns, the short from Aurora Pictures, was directed by Tove Lind.": (
        "Lanterns",
        "directed by",
        "Aurora Pictures",
    ),
    "Go-to drink? Simple: yerba mate.": ("user", "prefers drink", "Simple"),
    "honestly the best part of living in Lyon is the food": ("user", "best part of"),
    "Since 2001, the euro has served as Greece's currency.": ("Greece", "currency", "served"),
}


@pytest.mark.parametrize(("sentence", "expected"), UNSAID_AND_KINDS)
def test_unsaid_and_kinds(sentence: str, expected: list[Triple] | None) -> None:
    got = {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")}
    if expected is None:
        banned = UNSAID_BANNED[sentence]
        assert all(t[: len(banned)] != banned for t in got), got
    else:
        assert got == set(expected)


#: A question asked without its mark, an open choice, a place read as a person, a state's formal name.
ASKED_AND_PLACED: list[tuple[str, str, list[Triple]]] = [
    ("user", "quick one, where can I renew my permit in Lisbon", []),
    ("user", "we're torn between Heroku and Fly.io for hosting, no decision yet", []),
    ("user", "What do I drink? Mostly rooibos.", [("user", "prefers drink", "rooibos", False)]),
    (  # the relative clause is the painter's (consolidators/clauses.py), never Visby's
        "assistant",
        "Karl Berg (1890–1950) was a painter, born in Visby, who died in Uppsala.",
        [("Karl Berg", "died in", "Uppsala", False)],
    ),
]


@pytest.mark.parametrize(("role", "sentence", "expected"), ASKED_AND_PLACED)
def test_asked_and_placed(role: str, sentence: str, expected: list[Triple]) -> None:
    got = {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, role)}
    assert got == set(expected)


# Round 14's shared causes: whose box or clause it is, the kind of a term beside the sentence's other facts, a state
# that ended or is only planned, a value the speaker takes back. Row: sentence, exact facts (None: only a ban).
ROUND14: list[tuple[str, list[Triple] | None]] = [
    # a box headed by a name, a company's box, a participle clause with its own "she": never the user's
    ("Ingrid Holm | Position: midfielder | Place of birth: Bodø | Nationality: Norwegian", None),
    # … the box is the named one's: his birthplace, never the user's
    ("Tomasz Wrona — Born: 3 May 1961, Łódź | Occupation: sculptor", [("Tomasz Wrona", "born in", "Łódź", False)]),
    ("Founded: 2009. Headquarters: Porto. Company: Azulejo Labs.", []),
    ("Aiko Mori writes for Asahi; born in Sendai, she moved to Osaka in her twenties.", None),
    ("Location: Ghent | Employer: Barco", [("user", "lives in", "Ghent", False), ("user", "works at", "Barco", False)]),
    # a term of the wrong kind: an organisation's home is its seat, a compound adjective or a work is no one
    (
        "Nordkapp Freight, an Oslo-based carrier, was founded by Siri Dahl and is owned by Maersk.",
        [
            ("Nordkapp Freight", "founded by", "Siri Dahl", False),
            ("Nordkapp Freight", "owned by", "Maersk", False),
            ("Nordkapp Freight", "headquartered in", "Oslo", False),
        ],
    ),
    ("Accra-born, Berlin-based designer Kwesi Boateng founded Studio Kente.", None),
    ("Selma Aydın, author of Salt Roads, who lectures at Boğaziçi University, lives in Istanbul.", None),
    ("Senators in Merovia voted to move the capital to Draskow.", None),
    ("Estonia, whose capital is Tallinn, joined NATO in 2004.", [("Estonia", "capital", "Tallinn", False)]),
    # a value that is a number or a when, or that ran into the next clause or sentence
    ("my shell config is like 40 lines now", []),
    ("I love tennis, I play most weekends with my brother", [("user", "likes", "tennis", False)]),
    ("I'm a Liverpool fan, living in Lisbon doesn't change that", None),
    ("So I quit Capgemini. No plan yet, just resting.", None),
    ("alacritty has replaced xterm as my terminal", None),
    # the relation the sentence's other facts give: a band's part, a course
    (
        "Bassist Ola Fredriksen has joined Stormvarsel, replacing Per Lie.",
        [("Ola Fredriksen", "member of", "Stormvarsel", False)],
    ),
    (
        "In 2016 Mira Kask joined Valgus, replacing their original keyboardist.",
        [("Mira Kask", "member of", "Valgus", False)],
    ),
    (
        "Started a part-time MBA at Warwick Business School this autumn",
        [("user", "studies at", "Warwick Business School", False)],
    ),
    ("My email client is the Spark app now", [("user", "email client", "Spark", False)]),
    # … but an orchestra's part who teaches is in a job
    (
        "Sofia Lind, a violinist, teaches at the Royal College of Music.",
        [("Sofia Lind", "works at", "Royal College of Music", False)],
    ),
    # a state that ended: a holder who resigns, a pet said goodbye to (retracted), a leaving dated to a past year
    ("Dame Ruth Okoro, chief executive of Kestrel Bank, stepped down on Monday.", []),
    ("We had to say goodbye to our cat Mango in April.", [("user", "has pet", "Mango", True)]),
    ("We had to put our old dog Bruno down last spring.", [("user", "has pet", "Bruno", True)]),
    ("Alma Ruiz left Telefónica in 2019.", []),
    # … while news of a leaving still retracts, and what holds now still holds
    ("Marek Nowak has left Allegro after nine years.", [("Marek Nowak", "works at", "Allegro", True)]),
    (
        "Jonas Weber left Zalando in 2021 and now works for Delivery Hero.",
        [("Jonas Weber", "works at", "Delivery Hero", False)],
    ),
    ("I don't use Trello anymore", [("user", "uses", "Trello", True)]),
    ("We sold our house in Leeds last year.", []),
    ("Our flat in Leeds is tiny but I love it", [("user", "lives in", "Leeds", False)]),
    ("Erna Solberg served as prime minister of Norway in 2015.", []),
    # an open choice, though an abbreviation's dot comes before the value
    ("We're comparing Vercel vs. Netlify for hosting, nothing chosen yet", []),
    # a plain "not" says the tool is not the user's, not that they gave it up: nothing to take back
    ("I'm not using Jira, whatever the wiki says", []),
    ("I don't drink decaf, whatever my sister thinks", []),
    # a plan, however many verbs it joins
    ("We're migrating the database from MySQL to Postgres next quarter.", []),
    ("I will be starting at Adyen in May and moving to Amsterdam a week before.", []),
    # a value the speaker takes back; a restatement keeps its value
    ("My notes live in Bear — no wait, I moved them to Obsidian last month.", []),
    ("My browser is Safari — sorry, Arc now.", None),
    ("Ich wohne in Wien — I mean, I live in Vienna.", [("user", "lives in", "Vienna", False)]),
    # "from X originally" is the birthplace, unless "born in" says it outright
    (
        "I'm from Ghent originally but I live in Leuven now",
        [("user", "born in", "Ghent", False), ("user", "lives in", "Leuven", False)],
    ),
    ("I'm from Peru originally, born in Arequipa to be exact", [("user", "born in", "Arequipa", False)]),
]

#: What the rows above marked None must not yield (a prefix of the triple).
ROUND14_BANNED: dict[str, tuple[str, ...]] = {
    "Ingrid Holm | Position: midfielder | Place of birth: Bodø | Nationality: Norwegian": ("user",),
    "Aiko Mori writes for Asahi; born in Sendai, she moved to Osaka in her twenties.": ("user",),
    "Accra-born, Berlin-based designer Kwesi Boateng founded Studio Kente.": ("Accra-born",),
    "Selma Aydın, author of Salt Roads, who lectures at Boğaziçi University, lives in Istanbul.": ("Salt Roads",),
    "I'm a Liverpool fan, living in Lisbon doesn't change that": ("user", "lives in", "Lisbon does not change"),
    "So I quit Capgemini. No plan yet, just resting.": ("user", "uses", "Capgemini. No plan yet"),
    "alacritty has replaced xterm as my terminal": ("user", "terminal", "alacritty has"),
    "My browser is Safari — sorry, Arc now.": ("user", "browser", "Safari"),
    "Senators in Merovia voted to move the capital to Draskow.": ("Senators",),
}


@pytest.mark.parametrize(("sentence", "expected"), ROUND14)
def test_round14_shared_causes(sentence: str, expected: list[Triple] | None) -> None:
    got = {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")}
    if expected is None:
        banned = ROUND14_BANNED[sentence]
        assert all(t[: len(banned)] != banned for t in got), got
    else:
        assert got == set(expected)
