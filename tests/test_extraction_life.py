"""The user's own life in chat and named people's homes and marriages said by description
(:mod:`consolidators.residents`, :mod:`consolidators.usernews` and the readers they sit beside). Each row is
worded here, not taken from a corpus: other names, other verbs of the same family. The rows that must yield
nothing (hedges, past states, visits, other people, questions) or must not yield the old value fail if a
reader stops checking what keeps a statement from being a present fact."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators import extract_triples
from consolidators.triples import prefetch_parses, sentence_triples

Triple = tuple[str, str, str, bool]

#: Third-person sentences, read the same in any turn.
NAMED: list[tuple[str, list[Triple]]] = [
    # residence said as what the person is ("a Porto resident"), with descriptors before the name
    (
        "Kwame Asante, now a Kumasi resident, teaches maths at the local college.",
        [("Kwame Asante", "lives in", "Kumasi", False)],
    ),
    ("Sculptor Ilse Brandt is now a Hamburg resident.", [("Ilse Brandt", "lives in", "Hamburg", False)]),
    (
        "Our former intern Tomás Rey (cohort of 2018) is now resident in Valparaíso.",
        [("Tomás Rey", "lives in", "Valparaíso", False)],
    ),
    (
        "Lagos-born chef Tunde Ade, a longtime Leeds resident, opened a second restaurant.",
        [("Tunde Ade", "born in", "Lagos", False), ("Tunde Ade", "lives in", "Leeds", False)],
    ),
    ("Marta Kowalczyk now calls Gdynia home.", [("Marta Kowalczyk", "lives in", "Gdynia", False)]),
    ("Pianist Jun Seo-yeon is now a Busan resident.", [("Jun Seo-yeon", "lives in", "Busan", False)]),
    # a given name that ends like a job is no title: "Pieter", "Victor"
    ("Victor Lindqvist, now a Malmö resident, runs a bakery.", [("Victor Lindqvist", "lives in", "Malmö", False)]),
    # a swap of places, known as one by the home the sentence then names
    (
        "Jens van Dijk traded Utrecht for Maastricht in the spring and has settled there with his kids.",
        [("Jens van Dijk", "lives in", "Maastricht", False)],
    ),
    # the pronoun of a later clause is the subject's when nobody else is named between
    ("Amina Yusuf returned home last year; she lives in Kano again.", [("Amina Yusuf", "lives in", "Kano", False)]),
    (
        "Lars Berg has married again: his wife is now Ingrid Solheim.",
        [("Lars Berg", "married to", "Ingrid Solheim", False)],
    ),
    ("Chidi Okeke and Ngozi Eze got married in Enugu last month.", [("Chidi Okeke", "married to", "Ngozi Eze", False)]),
    # a person's home by a title of where they work from, a marriage said further on
    ("Porto-based photographer Rui Tavares won the prize.", [("Rui Tavares", "lives in", "Porto", False)]),
    (  # a demonym's "-born" stands for its country (PREDICATES.md), read by consolidators/clauses.py
        "Amaru Quispe is a Peruvian-born novelist based in Madrid.",
        [("Amaru Quispe", "born in", "Peru", False), ("Amaru Quispe", "lives in", "Madrid", False)],
    ),
    (
        "Karin Olsen, who grew up in Tromsø and works at Equinor, is married to the painter Erik Dahl.",
        [("Karin Olsen", "works at", "Equinor", False), ("Karin Olsen", "married to", "Erik Dahl", False)],
    ),
    (
        "A year after the split, Mateus Rocha Lima is now married to the dancer Bia Souza.",
        [("Mateus Rocha Lima", "married to", "Bia Souza", False)],
    ),
    ("Pedro Alves was married to Ana Costa for ten years.", []),
    # nothing: a past residence, a former resident, a hedge, someone else's pronoun, a visit
    ("Petra Novak was a Brno resident until 2019.", []),
    ("Rumours say Petra Novak may soon be a Brno resident.", []),
    ("Sofia Reyes, a former Quito resident, spoke at the event.", []),
    ("Lars Berg's first wife was Kari Berg.", []),
]

#: The user's own statements in chat.
CHAT: list[tuple[str, list[Triple]]] = [
    # home said in passing: where they are now beside the move, the flat they rent
    (
        "fyi I'm in Glasgow now (relocated from Cardiff over the summer), so times are UK",
        [("user", "lives in", "Glasgow", False)],
    ),
    (
        "we're renting a small apartment in Ljubljana since june, the neighbours are lovely",
        [("user", "lives in", "Ljubljana", False)],
    ),
    ("oh since I'm living in Lyon now anyway, any good bakeries?", [("user", "lives in", "Lyon", False)]),
    ("yep, still in Tromsø, still dark all day", [("user", "lives in", "Tromsø", False)]),
    ("still in Excel for the budget, sadly", []),
    ("moved out of Lyon in march, still working out where to go next", [("user", "lives in", "Lyon", True)]),
    ("my parents moved out of Lyon in march", []),
    # a self-introduction as a list: each part read whole
    (
        "Me: 41, electrician, living in Tampere, married to Aino. Now the actual question.",
        [
            ("user", "works as", "electrician", False),
            ("user", "lives in", "Tampere", False),
            ("user", "married to", "Aino", False),
        ],
    ),
    (
        "Background: product designer at Miro, based in Utrecht, BA from Eindhoven.",
        [
            ("user", "works as", "product designer", False),
            ("user", "works at", "Miro", False),
            ("user", "lives in", "Utrecht", False),
        ],
    ),
    ("Me: not a programmer, just curious", []),
    # nothing: a stay, a plan, a question
    ("I'm in Porto now for the week, any tips on food?", []),
    ("we might be renting a flat in Oslo from march", []),
    # tools said as news, the role named as a headline or a bare subject
    ("database update: everything runs on CockroachDB now", [("user", "database", "CockroachDB", False)]),
    ("we moved off the cloud again: CI runs on Drone since last sprint", [("user", "ci", "Drone", False)]),
    ("rooibos has become my drink of choice this winter", [("user", "prefers drink", "rooibos", False)]),
    ("new phone!! it's a Fairphone 5, battery lasts forever", [("user", "phone", "Fairphone 5", False)]),
    ("switched my degree from chemistry to marine biology", [("user", "studies", "marine biology", False)]),
    ("my shell is fish as of yesterday", [("user", "shell", "fish", False)]),
    (
        "Outlook-only at work, so Thunderbird is my mail client at home",
        [("user", "email client", "Thunderbird", False)],
    ),
    # the value without what trails it
    ("currently studying architecture part-time, evenings only", [("user", "studies", "architecture", False)]),
    ("huge fan of ska here", [("user", "likes", "ska", False)]),
    ("I use Bitwarden as password manager", [("user", "password manager", "Bitwarden", False)]),
    ("I love cycling along the Danube", [("user", "likes", "cycling", False)]),
    ("Pottery is my thing these days", [("user", "likes", "Pottery", False)]),
    # a job said with its employer, either order
    (
        "I work at Siemens as electrical engineer",
        [("user", "works at", "Siemens", False), ("user", "works as", "electrical engineer", False)],
    ),
    (
        "I am working like data analyst in company Infosys since 2020.",
        [("user", "works at", "Infosys", False), ("user", "works as", "data analyst", False)],
    ),
    (
        "I'm with Canva now (quit Atlassian in March), so ignore the old Jira questions",
        [("user", "works at", "Canva", False)],
    ),
    ("since Monday I'm officially a Spotify employee!", [("user", "works at", "Spotify", False)]),
    (
        "As a paramedic working weekends at Royal Free Hospital, I need better sleep.",
        [("user", "works as", "paramedic", False), ("user", "works at", "Royal Free Hospital", False)],
    ),
    (
        "ok so as a physiotherapist, which stretches would you suggest?",
        [("user", "works as", "physiotherapist", False)],
    ),
    ("me and the husband (Ruairi) want a recipe that isn't spicy", [("user", "married to", "Ruairi", False)]),
    ("the keys are ours and home is finally Aarhus now", [("user", "lives in", "Aarhus", False)]),
    ("As a result, we postponed the trip.", []),
    ("my ex-husband (Colm) still has the dog", []),
    # a swap: the old value given up, the new one held, in the kind the sentence speaks of
    (
        "we finally left Cork for Galway in May, the rent is so much better",
        [("user", "lives in", "Cork", True), ("user", "lives in", "Galway", False)],
    ),
    (
        "Traded fish for nushell as my shell last week.",
        [("user", "shell", "fish", True), ("user", "shell", "nushell", False)],
    ),
    ("I left Deliveroo for Monzo last year", [("user", "works at", "Deliveroo", True)]),  # a home or a job: unclear
    ("my cousin left Cork for Galway and loves the city", []),
    ("we might leave Cork for Galway next year, the rent is mad", []),
    ("Nah, not in Hamburg any more — Kiel these days.", [("user", "lives in", "Kiel", False)]),
    ("We migrated CI to Buildkite and it has been calm.", [("user", "ci", "Buildkite", False)]),
    ("we moved the retro to Thursday", []),
    (
        "currently employed by Ørsted as a data engineer.",
        [("user", "works at", "Ørsted", False), ("user", "works as", "data engineer", False)],
    ),
    ("so the new job is with Wolt, platform team", [("user", "works at", "Wolt", False)]),
    # a learner's English: the job without its article, the "I" said once for two clauses
    (
        "Hi, I am pharmacist, I am living in Jeddah since 2019.",
        [("user", "works as", "pharmacist", False), ("user", "lives in", "Jeddah", False)],
    ),
    (
        "Me I am technician in Airbus, Toulouse site.",
        [("user", "works as", "technician", False), ("user", "works at", "Airbus", False)],
    ),
    ("I am student of linguistics, third year", [("user", "studies", "linguistics", False)]),
    (
        "I live in Pune and am working at Wipro since 2022.",
        [("user", "lives in", "Pune", False), ("user", "works at", "Wipro", False)],
    ),
    ("I am older than my sister.", []),
    ("if I am pharmacist in Germany, can I work in Austria?", []),
    # a name keeps the particles inside it
    (
        "switched unis this year, I'm enrolled at Università di Bologna now",
        [("user", "studies at", "Università di Bologna", False)],
    ),
    (
        "Hi, I'm Sara, I live in Graz and work for Magna as quality engineer.",
        [
            ("user", "lives in", "Graz", False),
            ("user", "works at", "Magna", False),
            ("user", "works as", "quality engineer", False),
        ],
    ),
    ("I use Vaultwarden as password manager, works fine", [("user", "password manager", "Vaultwarden", False)]),
    (
        "I quit Instagram and I no longer use TikTok either.",
        [("user", "uses", "Instagram", True), ("user", "uses", "TikTok", True)],
    ),
    # a listed give-up retracts each tool
    (
        "Dropped Asana and Notion, just using Linear now",
        [("user", "uses", "Asana", True), ("user", "uses", "Notion", True), ("user", "uses", "Linear", False)],
    ),
    # nothing about the user: a company's pride, someone else's move, a gerund as subject
    ("Our firm is happy to announce a new office.", []),
    ("my brother is renting a flat in Riga now", []),
    ("Using the new tablet is fun", []),
    # a description before the name it introduces: the name is the value, whichever reader read the relation
    ("I work remotely for a Berlin startup called Fernweh", [("user", "works at", "Fernweh", False)]),
    ("I study at a small college called Ardmore", [("user", "studies at", "Ardmore", False)]),
    # a pet's name said first: the statement "my dog is Noodle" makes; someone else's pet is none
    ("Noodle is my dog.", [("user", "has pet", "Noodle", False)]),
    ("Noodle is my sister's dog.", []),
    # the name after the cue in chat's lower case: the description before it is no part of it
    ("i work for a shop called tallowick studio", [("user", "works at", "tallowick studio", False)]),
    ("i'm at a small agency called quillon", [("user", "works at", "quillon", False)]),
    ("I'm studying at a tiny art school named Kestle", [("user", "studies at", "Kestle", False)]),
    # a hiring gives the job ("as …", with the nouns before it) and the employer ("by", "at", after the verb or
    # the job); a wish, a condition or someone else's hiring gives nothing
    (
        "I just got hired as a pastry chef at Crumbwell",
        [("user", "works as", "pastry chef", False), ("user", "works at", "Crumbwell", False)],
    ),
    ("I was recruited by Tessaline last month", [("user", "works at", "Tessaline", False)]),
    (
        "I got a job as a paramedic with Northway Ambulance",
        [("user", "works as", "paramedic", False), ("user", "works at", "Northway Ambulance", False)],
    ),
    ("I got hired as a welder", [("user", "works as", "welder", False)]),
    ("if I get hired by Tessaline I'll buy a car", []),
    ("my cousin got hired as a welder at Brannock", []),
    ("we got hired by a client in Tromsø", []),
    # a self-introduction that gives the age first, then the job and the home
    (
        "I'm 41, a quantity surveyor, living in Dundee",
        [("user", "works as", "quantity surveyor", False), ("user", "lives in", "Dundee", False)],
    ),
    ("I'm 41, a huge fan of curling", [("user", "likes", "curling", False)]),
    # who names a pet keeps it; someone else's naming, or a naming still to come, gives the user none
    ("we named the kitten Paprika after her ginger fur", [("user", "has pet", "Paprika", False)]),
    ("my neighbour named her parrot Admiral", []),
    ("we might call the puppy Dumpling", []),
    # "my company, X," may be any company the user deals with (an insurer, a phone company): no employer
    ("my company, Tarnwell, just got bought by a fund", []),
    ("my uncle's firm, Tarnwell, is hiring", []),
    # the round's audit: what looks like a job, a pet, a home or a language and is not one now
    ("my insurance company, Tarnwell, raised my premium", []),
    ("I'm the former CTO of Brightlane", []),
    ("I'm the CEO of my household", []),
    ("I'm CTO of nothing, lol", []),
    ("I was employed by Tessaline for a decade", []),
    ("I was recruited by Tessaline in 2010 and retired in 2020", []),
    ("I got a job as a nurse at St Mary's when I was 22", []),
    ("I'm at a bank called Fennick to open an account", []),
    ("I have an allergy, so no dog named Rex for me", []),
    ("We named the stray cat Mittens, she visits sometimes", []),
    ("since relocating to Gdynia fell through, we're staying put", []),
    ("my polish is ok, the floor looks great", []),
    ("live in fear of Mondays", []),
    # "study" with a place or a manner after it names no field of study
    ("I study in the library most evenings", []),
]

#: The user's changes and standing facts said in passing (round 10): the new value beside the change, a value
#: that took the old one's place, a retraction, a birthplace, a partner. Worded here, not taken from a corpus.
IN_PASSING: list[tuple[str, list[Triple]]] = [
    # a value given up beside the new one: the retraction must not take the new value with it
    (
        "Started at Initrode on Monday, so I no longer work at Vandelay.",
        [("user", "works at", "Initrode", False), ("user", "works at", "Vandelay", True)],
    ),
    (
        "I joined Pied Piper last month and I no longer work at Hooli",
        [("user", "works at", "Pied Piper", False), ("user", "works at", "Hooli", True)],
    ),
    # what replaced what, in the role named after it or for the user; the old value is never current
    (
        "Obsidian has replaced Notion as my notes app",
        [("user", "notes app", "Notion", True), ("user", "notes app", "Obsidian", False)],
    ),
    ("tried WezTerm for a week and it has replaced Kitty as my terminal", [("user", "terminal", "WezTerm", False)]),
    ("Go has fully replaced Python as the language I code in", [("user", "programming language", "Go", False)]),
    ("lol rooibos has overtaken coffee as my go-to drink", [("user", "prefers drink", "rooibos", False)]),
    ("Figma has replaced Sketch for us", [("user", "uses", "Figma", False)]),
    ("my sister says Bear has replaced Notion as her notes app", []),
    ("Helix could have replaced Vim as my editor if the plugins were there", []),
    # a switch and where it landed, in another clause or after an arrow
    ("switched browsers again → Vivaldi. tabs on the side ftw", [("user", "browser", "Vivaldi", False)]),
    ("changed shells, it's nushell now instead of bash", [("user", "shell", "nushell", False)]),
    ("the notes moved out of Evernote and into Joplin last month", [("user", "notes app", "Joplin", False)]),
    ("the lease ran out, found a bigger flat and now we're in Leiden", [("user", "lives in", "Leiden", False)]),
    ("not at Klarna anymore — I'm at Spotify now, on the search team", [("user", "works at", "Spotify", False)]),
    ("I'm with Unilever now, moved over from Nestlé in May", [("user", "works at", "Unilever", False)]),
    ("changed courses, I'm doing linguistics now", [("user", "studies", "linguistics", False)]),
    ("my cousin switched browsers, it's Arc now", []),
    # back to one tool after trying another of the same kind: the role both share, the trial nothing
    ("tried Warp for a week, back to iTerm2", [("user", "terminal", "iTerm2", False)]),
    # a value said in passing names no relation without memory (tests/test_extraction_usermemory.py reads them
    # with it); a trial, a plan, a stopgap, someone else's, a near miss are nothing with or without it
    ("my colleague switched to Arc and now won't stop talking about it", []),
    ("new laptop for my son, it runs Windows now", []),
    ("installing Fedora on the old ThinkPad this weekend", []),
    ("signed my contract with Accenture, starting Monday", []),
    ("out of tea now so it's coffee for today", []),
    ("lol I almost installed Windows on the laptop by accident", []),
    # a title made plain or official, a job beside its employer, a start somewhere
    ("my title is staff designer as of Monday", [("user", "works as", "staff designer", False)]),
    ("promotion came through: officially a senior developer now", [("user", "works as", "senior developer", False)]),
    ("they made me head chef as of this month", [("user", "works as", "head chef", False)]),
    (
        "I left Adyen in June and I'm now at a tiny agency called Pixelhaus as their first developer",
        [
            ("user", "works at", "Adyen", True),
            ("user", "works at", "Pixelhaus", False),
            ("user", "works as", "developer", False),
        ],
    ),
    (
        "We moved to Lyon and I started at Decathlon the week after.",
        [("user", "lives in", "Lyon", False), ("user", "works at", "Decathlon", False)],
    ),
    ("Karl Weber joined Bosch as a senior engineer last spring.", [("Karl Weber", "works at", "Bosch", False)]),
    # chat's dropped "I am": the writer's home (dev32 labels "Officially a Ghent resident since …" so)
    ("officially a Leipzig resident now", [("user", "lives in", "Leipzig", False)]),
    # a home said in passing
    ("we relocated the whole family to Hobart last winter", [("user", "lives in", "Hobart", False)]),
    (
        "I'm a pastry chef based in Ghent",
        [("user", "works as", "pastry chef", False), ("user", "lives in", "Ghent", False)],
    ),
    (
        "the neighbours here in Tartu are lovely, I work remotely as a QA engineer",
        [("user", "works as", "QA engineer", False)],
    ),
    ("our landlord here in Tartu finally fixed the heating", [("user", "lives in", "Tartu", False)]),
    ("I moved all my photos to Immich", []),
    # the phone the user is on, with its model's tail
    ("I'm on a Galaxy S23 Ultra, the camera is great", [("user", "phone", "Galaxy S23 Ultra", False)]),
    ("my dad is on an iPhone 12", []),
    ("I'm on a Teams call, brb", []),
    # what the user's device runs
    ("I run Debian on the laptop these days", [("user", "os", "Debian", False)]),
    ("the desktop runs Manjaro now", [("user", "os", "Manjaro", False)]),
    ("my brother runs Fedora on his laptop", []),
    # a retraction: "no longer", or "not" with its "anymore"
    ("No longer working at Siemens, the contract ended.", [("user", "works at", "Siemens", True)]),
    ("not living in Lisbon anymore btw", [("user", "lives in", "Lisbon", True)]),
    ("my sister is no longer living in Lisbon", []),
    ("I might not be working at Siemens anymore after the merger", []),
    ("uninstalled TikTok last night, feels weird", [("user", "uses", "TikTok", True)]),
    ("ditched Reddit for the most part entirely lol", [("user", "uses", "Reddit", True)]),
    ("I'm off Snapchat for good", [("user", "uses", "Snapchat", True)]),
    ("my brother quit Facebook for good", []),
    ("quit Ocado last month", []),  # a job or an app: unclear without "for good"
    # chat's lower-case "i"; an employer said now, before the one it left
    ("i'm with Accenture now, not the old agency job", [("user", "works at", "Accenture", False)]),
    ("i'm with Priya now, not the old boyfriend", []),
    # a headline's new job, the "I" said once for a list
    ("big news!! signed with Mollie, first day is monday", [("user", "works at", "Mollie", False)]),
    ("quick update: new job at Bolt, still settling in", [("user", "works at", "Bolt", False)]),
    (
        "I live in Tallinn now, work at Wise, and the winters are brutal",
        [("user", "lives in", "Tallinn", False), ("user", "works at", "Wise", False)],
    ),
    ("my cousin signed with Benfica", []),
    ("I'm a florist with 2 shops in town", [("user", "works as", "florist", False)]),  # a count is no employer
    ("any tips for a new job at Google?", []),
    # a degree or a year is no field of study
    ("I'm a PhD student at KTH, in the vision group", [("user", "studies at", "KTH", False)]),
    ("I'm a third-year student at Bocconi", [("user", "studies at", "Bocconi", False)]),
    # a birthplace by its noun or the relative clause; a partner beside the user
    ("For the visa form: birthplace Brno, Czech Republic.", [("user", "born in", "Brno", False)]),
    ("My birthplace? A small town called Tain, up north.", [("user", "born in", "Tain", False)]),
    ("Galway's where I was born, though I grew up in Cork", [("user", "born in", "Galway", False)]),
    ("my dad's birthplace is Sligo", []),
    ("is my birthplace Leeds or Bradford on this form?", []),
    ("big news, Noor and I are married now!", [("user", "married to", "Noor", False)]),
    ("Tom and I might get married next year", []),
    ("my husband is a nurse, and he works nights", []),
]


#: Sentences about a named person in the user's chat: the name is no tool the user gave up.
NAMED_IN_CHAT: list[tuple[str, list[Triple]]] = [
    (
        "Grace Otieno has gone back to her roots: she lives in Eldoret again.",
        [("Grace Otieno", "lives in", "Eldoret", False)],
    ),
    ("Samir Haddad has gone abroad for work.", []),
]


def _facts(sentence: str, role: str) -> list[Triple]:
    return [(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, role)]


def _lower(triples: list[Triple]) -> list[Triple]:
    return sorted((s, p, o.lower(), r) for s, p, o, r in triples)


@pytest.mark.parametrize(("sentence", "expected"), NAMED)
@pytest.mark.parametrize("role", ["assistant", "user"])
def test_named_people(sentence: str, expected: list[Triple], role: str) -> None:
    assert _lower(_facts(sentence, role)) == _lower(expected)


@pytest.mark.parametrize(("sentence", "expected"), CHAT)
def test_users_life(sentence: str, expected: list[Triple]) -> None:
    assert _lower(_facts(sentence, "user")) == _lower(expected)


@pytest.mark.parametrize(("sentence", "expected"), NAMED_IN_CHAT)
def test_named_people_in_chat(sentence: str, expected: list[Triple]) -> None:
    assert _lower(_facts(sentence, "user")) == _lower(expected)


def test_a_company_is_no_resident() -> None:
    """ "Oslo-based fintech Vipps": a company's seat (another reader's), never a home."""
    for role in ("assistant", "user"):
        assert not [t for t in _facts("Oslo-based fintech Vipps raised new money.", role) if t[1] == "lives in"]


def test_a_relatives_pronoun_is_not_the_subjects() -> None:
    """ "she" after "his mother" may be the mother: the subject's home is not read from it."""
    for role in ("assistant", "user"):
        got = _facts("Anders Holm visited his mother: she lives in Bergen now.", role)
        assert not [t for t in got if t[1] == "lives in"]


def test_consolidated_subject_keeps_its_particle() -> None:
    """Read as the consolidator reads a turn (the parse prefetched), "Pieter de Vries" stays whole."""
    sentence = "Jan van der Berg swapped Leiden for Zwolle last year and lives there with his partner."
    prefetch_parses([(sentence, "user")])
    got = [(f.subject, f.predicate, f.object) for f in sentence_triples(sentence, "user")]
    assert got == [("Jan van der Berg", "lives in", "Zwolle")]


def test_old_value_is_never_current() -> None:
    """The place left and the first spouse are never stated as current."""
    got = _facts("Jens van Dijk traded Utrecht for Maastricht and lives there now.", "user")
    assert ("Jens van Dijk", "lives in", "Utrecht", False) not in got
    got = _facts("I'm in Leeds now (moved up from Bristol in april)", "user")
    assert all(o != "Bristol" or r for _, _, o, r in got)


@pytest.mark.parametrize(("sentence", "expected"), IN_PASSING)
def test_users_life_in_passing(sentence: str, expected: list[Triple]) -> None:
    assert _lower(_facts(sentence, "user")) == _lower(expected)


#: The user's facts in chat's shorthand (:mod:`consolidators.userfacts`): a question answered in one breath, a job
#: by its title or its work, an employer by the time spent there, a spouse by name, what a thing left was, a
#: household said as one subject, a tool by where things are kept. Worded here; ten rows must yield nothing or must
#: not yield the old value.
SHORTHAND: list[tuple[str, list[Triple]]] = [
    ("Go-to drink these days? Rooibos, every single evening.", [("user", "prefers drink", "rooibos", False)]),
    ("My favourite drink? Honestly oat flat white.", [("user", "prefers drink", "oat flat white", False)]),
    ("Tea? nope, matcha all day for me", [("user", "prefers drink", "matcha", False)]),
    ("What do I study? Geology, mostly volcanoes.", [("user", "studies", "geology", False)]),
    ("job title as of Monday: staff engineer. wish me luck", [("user", "works as", "staff engineer", False)]),
    (
        "my official title is now 'solutions architect', whatever that means",
        [("user", "works as", "solutions architect", False)],
    ),
    ("I'm lecturing at a technical college these days", [("user", "works as", "lecturer", False)]),
    ("by night I work as a bartender, by day I sleep", [("user", "works as", "bartender", False)]),
    ("I've been at Siemens for almost nine years, mostly in rail", [("user", "works at", "Siemens", False)]),
    ("Been with Ørsted since March and the commute is fine", [("user", "works at", "Ørsted", False)]),
    ("after the reorg I landed at Booking.com, same role", [("user", "works at", "Booking.com", False)]),
    ("As an employee of Nestlé I can't comment on that", [("user", "works at", "Nestlé", False)]),
    ("new job, I'm at Canonical now, still remote", [("user", "works at", "Canonical", False)]),
    (
        "I work in compliance at ING and live in Utrecht",
        [("user", "works at", "ING", False), ("user", "lives in", "Utrecht", False)],
    ),
    ("my husband's name is Dmitri, he'll be joining the call", [("user", "married to", "Dmitri", False)]),
    ("we split in 2022 and on Sunday Aiko and I got married", [("user", "married to", "Aiko", False)]),
    ("my major is now economics as of this semester", [("user", "studies", "economics", False)]),
    ("I quit Zalando in May and I'm looking for something new", [("user", "works at", "Zalando", True)]),
    ("We left Utrecht last year, the rent was insane", [("user", "lives in", "Utrecht", True)]),
    ("Me and my girlfriend live in Tallinn, it's cold", [("user", "lives in", "Tallinn", False)]),
    ("My husband and I both work at Unilever", [("user", "works at", "Unilever", False)]),
    ("I keep all my passwords in Bitwarden", [("user", "password manager", "Bitwarden", False)]),
    ("stuck with my Pixel 8, it's my phone until it dies", [("user", "phone", "Pixel 8", False)]),
    ("tried Wezterm last month and stayed, it's my terminal now", [("user", "terminal", "Wezterm", False)]),
    ("I'm on Fedora at work, sadly", [("user", "os", "Fedora", False)]),
    (
        "I speak Polish, Kashubian and a little German",
        [
            ("user", "speaks", "Polish", False),
            ("user", "speaks", "Kashubian", False),
            ("user", "speaks", "German", False),
        ],
    ),
    (
        "I speak Swahili and a bit of Arabic",
        [("user", "speaks", "Swahili", False), ("user", "speaks", "Arabic", False)],
    ),
    ("we're finally settled in Tartu, boxes everywhere", [("user", "lives in", "Tartu", False)]),
    ("I'm stuck in Derby where I've been for six years", [("user", "lives in", "Derby", False)]),
    ("I'd always pick a cortado over tea", [("user", "prefers drink", "cortado", False)]),
    ("I'm at ETH Zurich for my PhD, mostly in the lab", [("user", "studies at", "ETH Zurich", False)]),
    ("grad student here (KU Leuven), quick question about citations", [("user", "studies at", "KU Leuven", False)]),
    ("doing weekend classes at Goldsmiths this year", [("user", "studies at", "Goldsmiths", False)]),
    ("Our infrastructure is on Azure these days", [("user", "cloud provider", "Azure", False)]),
    ("Got a new phone, a Galaxy S24, the battery is great", [("user", "phone", "Galaxy S24", False)]),
    ("reply in Portuguese if you can, it's my first language", [("user", "speaks", "Portuguese", False)]),
    ("my french is pretty good, I spent a year in Lyon", [("user", "speaks", "French", False)]),
    ("I can hold a conversation in Tagalog", [("user", "speaks", "Tagalog", False)]),
    (
        "I grew up in Cork, live in Galway now and work as a speech therapist",
        [("user", "lives in", "Galway", False), ("user", "works as", "speech therapist", False)],
    ),
    ("Honestly? Rooibos over coffee, every time.", [("user", "prefers drink", "rooibos", False)]),
    ("fyi I'm in Hanoi these days, the coffee is unreal", [("user", "lives in", "Hanoi", False)]),
    ("my MBA is at INSEAD, so the schedule is brutal", [("user", "studies at", "INSEAD", False)]),
    ("as a paediatric nurse I see this all the time", [("user", "works as", "paediatric nurse", False)]),
    # nothing, or not the old value: a question left open, a hedge, another's spouse, a wait, a visit, a plan
    ("I wish Japanese was my mother tongue", []),
    ("I'm in Seville this week for a wedding", []),
    ("notes-wise I'm in Craft these days, Bear was buggy", [("user", "notes app", "Craft", False)]),
    ("my brother's french is fluent", []),
    ("my parents live in Leeds and work in finance at HSBC", []),
    ("I've been at the gate at Schiphol for two hours", []),
    ("my brother is stuck in Leeds where he has been for years", []),
    ("we might be settled in Oslo by spring", []),
    ("my sister lives in Porto where I lived for a year", []),
    ("I'd never pick a latte over tea", []),
    ("I might try Arc, it's my browser now apparently", []),
    ("My favourite drink? No idea, ask my wife", []),
    ("What do I study? I haven't decided", []),
    ("my sister's husband's name is Karl", []),
    ("I've been at the airport for three hours, send snacks", []),
    ("I might be at Spotify by summer, fingers crossed", []),
    ("I'll probably be with Adyen for a few years", []),
    ("my late wife's name was Rosa", []),
    ("my late husband Anselm grew tomatoes", []),
    # "late" of a thing is no widowhood: the spouse named in passing stands
    ("my husband Anselm hates my late-night gaming", [("user", "married to", "Anselm", False)]),
    ("running late because my wife Oona took the car", [("user", "married to", "Oona", False)]),
    ("I was gonna try Warp, it's my terminal now they say", []),
    ("Been at Gatwick since 6am, the flight keeps moving", []),
]


@pytest.mark.parametrize(("sentence", "expected"), SHORTHAND)
def test_users_life_in_shorthand(sentence: str, expected: list[Triple]) -> None:
    assert _lower(_facts(sentence, "user")) == _lower(expected)


def test_an_answer_in_the_next_sentence() -> None:
    """The consolidator reads a message's sentences in pairs too: the question and its answer are two sentences."""
    from consolidators import usernews

    got = [(f.predicate, f.object.lower()) for f in usernews.across("Favourite drink? Hojicha, by a mile.")]
    assert got == [("prefers drink", "hojicha")]
    assert not usernews.across("Favourite drink? Can you guess?")


def test_a_thing_left_is_retracted_as_what_it_was() -> None:
    """Leaving a known tool retracts its role when the sentence's other tool fills the same one, never a job."""
    got = _facts("We're on Hetzner now, we left DigitalOcean in the spring", "user")
    assert ("user", "works at", "DigitalOcean", True) not in got
    assert ("user", "cloud provider", "DigitalOcean", True) in got


#: A message (one user turn, read through the session as the consolidator reads it: sentence by sentence and in
#: pairs) and the user's facts it states. Round 12's shapes, worded here: asides, drinks by standing, a machine's
#: OS, a degree switched, a device bought to replace another, a tool given up, a school gone to, a home said as
#: the dwelling, a birthplace asked and answered.
MESSAGES: list[tuple[str, list[tuple[str, str, bool]]]] = [
    ("wezterm is my terminal these days (no, not the old one, the new fork)", [("terminal", "wezterm", False)]),
    ("my phone (a Galaxy A55) keeps dropping wifi", [("phone", "Galaxy A55", False)]),
    ("it's freezing out so hot chocolate is my drink of choice this week", [("prefers drink", "hot chocolate", False)]),
    ("Hot chocolate once more. It's still my favourite, don't judge.", [("prefers drink", "hot chocolate", False)]),
    ("Oolong with breakfast again. That's my favourite, honestly.", [("prefers drink", "oolong", False)]),
    ("nothing beats a cold cup of lassi for me on a hot day", [("prefers drink", "lassi", False)]),
    ("Nothing beats a cold brew for me in the summer", [("prefers drink", "cold brew", False)]),
    ("hojicha over espresso for me now, my stomach says thanks", [("prefers drink", "hojicha", False)]),
    ("Got to choose my own calendar app at last, so it's Fantastical.", [("calendar app", "Fantastical", False)]),
    ("my desktop's OS is Debian now, Windows updates broke it twice", [("os", "Debian", False)]),
    ("my old ThinkPad has Arch as its OS and I'm never going back", [("os", "Arch", False)]),
    ("I've got Linux Mint on my home desktop, works great", [("os", "Linux Mint", False)]),
    ("changed my evening course from accounting to economics this term", [("studies", "economics", False)]),
    ("Went and bought an iPhone 16 to replace the Pixel, sorry Google", [("phone", "iPhone 16", False)]),
    ("not using Trello anymore, the boards were a mess", [("uses", "Trello", True)]),
    ("Our company doesn't use Confluence any more.", [("uses", "Confluence", True)]),
    ("cancelled my Spotify subscription last week", [("uses", "Spotify", True)]),
    (
        "I'm a student at Universidad de la Sabana, studying architecture.",
        [
            ("studies at", "Universidad de la Sabana", False),
            ("studies", "architecture", False),
        ],
    ),
    ("I go to the University of Ghana, final year", [("studies at", "University of Ghana", False)]),
    ("My field is marine biology (MSc, second year).", [("studies", "marine biology", False)]),
    ("I'm studying pharmacy at evening college, it's brutal", [("studies", "pharmacy", False)]),
    ("Home for us right now is a small apartment in Bilbao, loving it.", [("lives in", "Bilbao", False)]),
    (
        "I'm a pharmacist in Kisumu and I speak Luo.",
        [
            ("works as", "pharmacist", False),
            ("lives in", "Kisumu", False),
            ("speaks", "Luo", False),
        ],
    ),
    ("Where was I born? Gdańsk, in the winter of a big strike.", [("born in", "Gdańsk", False)]),
    ("Originally from Cuenca, born there and left at 20.", [("born in", "Cuenca", False)]),
    ("my employer is Škoda now, long story", [("works at", "Škoda", False)]),
    ("I absolutely love kayaking", [("likes", "kayaking", False)]),
    ("after the merger I ended up at Philips Research, same desk", [("works at", "Philips Research", False)]),
    (
        "I joined Klarna in March as a data engineer.",
        [("works at", "Klarna", False), ("works as", "data engineer", False)],
    ),
    ("We build and test everything on CircleCI these days", [("ci", "CircleCI", False)]),
    ("our whole platform runs in Azure since the spring", [("cloud provider", "Azure", False)]),
    ("latest craze: genmaicha. it's my go-to drink now", [("prefers drink", "genmaicha", False)]),
    ("my phone's an old Pixel 4a, still fine", [("phone", "Pixel 4a", False)]),
    # nothing, or not the old value: a tool lived in, a second home, a hedge, someone else's, a question, a past
    ("been living in Asana for everything lately, Trello is dead to me", []),
    ("the gym is basically my second home at this point", []),
    ("Got to choose my own terminal, so it's probably going to be Ghostty", []),
    ("I might get a Pixel 9 to replace the iPhone", []),
    ("my brother bought a Pixel 9 to replace his iPhone", []),
    ("my dad doesn't use Outlook anymore", []),
    ("Where was my grandmother born? Somewhere near Lviv.", []),
    ("I ended up at Schiphol at midnight after the delay", []),
    ("I tried Sublime once as an editor on a friend's laptop", []),
    ("I'm a nurse in ICU this month", [("works as", "nurse", False)]),
    ("I go to the Louvre every time I'm in Paris", []),
    ("I used to go to the University of Lagos", []),
    ("hot chocolate is not my favourite, it's too sweet", []),
    ("Coffee shop by the station, it's my favourite", []),
    ("my laptop's OS was Fedora before the reinstall", []),
    ("Writing from my Pixel 9, it's my phone now — the old Galaxy died.", [("phone", "Pixel 9", False)]),
]


@pytest.mark.parametrize(("message", "expected"), MESSAGES)
def test_users_facts_in_a_message(message: str, expected: list[tuple[str, str, bool]]) -> None:
    from consolidators.extractive import session_facts
    from consolidators.types import Turn

    facts = session_facts([Turn("e1", "user", message, datetime(2026, 5, 1, 12, tzinfo=UTC))])
    got = {(f.predicate, f.object.lower(), f.retract) for f in facts if f.subject == "user"}
    assert got == {(p, o.lower(), r) for p, o, r in expected}


#: Facts a message gives as an aside or a frame: a home as a predicate noun, an employer by what it does, a title
#: whole with its rank, a course by its degree, a tool with whom it serves and since when, a drink by its label,
#: habit or ranking, a language list around its head, a spouse or pets named in passing. The last rows must yield
#: nothing or not the old value: a place described, a past home, another person's, a general claim, a date.
ASIDES: list[tuple[str, list[tuple[str, str, bool]]]] = [
    # home said as a predicate noun, a resident, a home "for me"
    ("Tbilisi's been home for three years now, the wine helps", [("lives in", "Tbilisi", False)]),
    ("Porto has been home for about a year, still learning the hills", [("lives in", "Porto", False)]),
    ("Home for us is Tampere these days.", [("lives in", "Tampere", False)]),
    ("officially a Rotterdam resident since the council sent the letter", [("lives in", "Rotterdam", False)]),
    ("we're in Aarhus for good now, the boxes are unpacked", [("lives in", "Aarhus", False)]),
    # birthplace, employer by what it does or a cleft, title whole
    ("Vilnius is my birthplace, though I barely remember it", [("born in", "Vilnius", False)]),
    ("my birth certificate says Bergamo, long story", [("born in", "Bergamo", False)]),
    ("Wise pays my salary now, so ask me anything about transfers", [("works at", "Wise", False)]),
    ("Correction: it's Maersk I work for, not DSV.", [("works at", "Maersk", False)]),
    ("my employer (Novo Nordisk) just changed the parking rules", [("works at", "Novo Nordisk", False)]),
    ("Zendesk let go of half my team and Miro snapped me up", [("works at", "Miro", False)]),
    (
        "Promotion came through: I'm a principal data scientist at Unity now",
        [("works as", "principal data scientist", False), ("works at", "Unity", False)],
    ),
    ("my title changed to Director of Product this week", [("works as", "Director of Product", False)]),
    ("my job title is literally 'Head of Fun'. I'm a recruiter, basically.", [("works as", "recruiter", False)]),
    ("Day job: civil engineer. Weekends: allotment.", [("works as", "civil engineer", False)]),
    ("being a paramedic means my sleep is a mess", [("works as", "paramedic", False)]),
    # studies by the degree or the student
    ("Currently a master's student in marine biology", [("studies", "marine biology", False)]),
    (
        "doing an online MSc in data science at Aston University, slowly",
        [("studies", "data science", False), ("studies at", "Aston University", False)],
    ),
    ("uni for me is the University of Ghana, the campus is huge", [("studies at", "University of Ghana", False)]),
    (
        "As of September I'm studying law at Leiden University.",
        [("studies", "law", False), ("studies at", "Leiden University", False)],
    ),
    # tools by role, with whom it serves and since when
    ("password manager is 1Password since the old one got hacked", [("password manager", "1Password", False)]),
    ("CI for the team is Drone as of last sprint", [("ci", "Drone", False)]),
    ("I draft everything in the Neovim editor these days", [("editor", "Neovim", False)]),
    ("my browser is Firefox if it matters for the bug", [("browser", "Firefox", False)]),
    ("My ThinkPad now runs Debian 12, finally", [("os", "Debian 12", False)]),
    # drinks by label, habit and ranking; languages around the list's head
    ("favourite drink by far is kombucha, sorry coffee", [("prefers drink", "kombucha", False)]),
    ("I drink green tea all day, it keeps me calm", [("prefers drink", "green tea", False)]),
    ("espresso > americano, no debate", [("prefers drink", "espresso", False)]),
    (
        "Latvian is one of the languages I speak, along with rusty Russian",
        [("speaks", "Latvian", False), ("speaks", "Russian", False)],
    ),
    (
        "I speak Greek and Turkish, and French well enough to travel",
        [("speaks", "Greek", False), ("speaks", "Turkish", False), ("speaks", "French", False)],
    ),
    # spouse and pets named in passing
    ("Keiko, my wife, says I should ask you", [("married to", "Keiko", False)]),
    ("Rafael (my husband, obviously) wants a road trip", [("married to", "Rafael", False)]),
    (
        "Our three rabbits are called Bean, Pip and Moss.",
        [("has pet", "Bean", False), ("has pet", "Pip", False), ("has pet", "Moss", False)],
    ),
    # nothing, or not the old value: a place described, a past home, a hedge, someone else's, a question, a date
    ("Lagos is home to twenty million people", []),
    ("Bristol was home for a decade before we left", []),
    ("my landlord, a Ghent resident, keeps texting me", []),
    ("my sister's cats are named Miso and Tofu", []),
    ("being a teacher is hard, my neighbour says", []),
    ("Python > Java, fight me", []),
    ("Keiko, my boss, says I should ask you", []),
    ("I'm employed by Monzo as of last week", [("works at", "Monzo", False)]),
    ("What's your favourite drink? Mine changes.", []),
    ("my brother is a PhD student in chemistry", []),
]


@pytest.mark.parametrize(("message", "expected"), ASIDES)
def test_facts_told_as_asides(message: str, expected: list[tuple[str, str, bool]]) -> None:
    test_users_facts_in_a_message(message, expected)


#: The user's states said by their span, inside a reason or a reminder, by a closed class of taste verbs, a pet named
#: in the next sentence, a tool role moved or chosen, and endings (a retraction, never a current value). The last
#: rows must yield nothing, or not the old value: a stay of days, a plan, a memory, someone else's pet, a question.
SPANS_AND_ENDINGS: list[tuple[str, list[tuple[str, str, bool]]]] = [
    # a state held since a time
    ("I'm Chilean but we've been in Tartu since 2021.", [("lives in", "Tartu", False)]),
    ("we have been living in Nelson for six years now", [("lives in", "Nelson", False)]),
    (
        "Since March I've been at Glovo as a data engineer.",
        [("works at", "Glovo", False), ("works as", "data engineer", False)],
    ),
    ("new flat, new city! Graz since early May", [("lives in", "Graz", False)]),
    # a self-introduction after a greeting; a birthplace before "but" and the home
    (
        "Hello! I'm Kasia, a physiotherapist, and I live in Gdańsk.",
        [("works as", "physiotherapist", False), ("lives in", "Gdańsk", False)],
    ),
    ("Born in Braga, but Porto is home.", [("born in", "Braga", False), ("lives in", "Porto", False)]),
    # a reason or a reminder carries the statement
    ("since I'm a midwife I sleep at odd hours", [("works as", "midwife", False)]),
    ("Because we moved to Tromsø I finally learned to ski", [("lives in", "Tromsø", False)]),
    ("you probably remember that I work at Siemens, right, so keep it German", [("works at", "Siemens", False)]),
    # a taste by a closed class of verbs, the object whole
    ("I took up pottery last spring and it's the best thing ever", [("likes", "pottery", False)]),
    ("honestly kind of hooked on bouldering lately", [("likes", "bouldering", False)]),
    ("I enjoy sea kayaking far more than I thought I would", [("likes", "sea kayaking", False)]),
    ("I do enjoy chess problems", [("likes", "chess problems", False)]),
    ("i adore hiking and wild swimming", [("likes", "hiking", False), ("likes", "wild swimming", False)]),
    # a pet got in one sentence and named in the next
    ("We rescued a greyhound! Her name is Olive.", [("has pet", "Olive", False)]),
    ("I got a kitten last week. His name's Mochi and he bites.", [("has pet", "Mochi", False)]),
    # a tool role moved, switched or chosen, the new value whole
    ("switched note apps, Logseq now instead of Obsidian", [("notes app", "Logseq", False)]),
    ("we moved our CI off Travis, it's all Buildkite now", [("ci", "Buildkite", False)]),
    ("OS moved to Fedora over the weekend, no regrets", [("os", "Fedora", False)]),
    ("wezterm has replaced Alacritty as my terminal", [("terminal", "wezterm", False)]),
    ("Browser-wise Vivaldi has replaced Chrome for me", [("browser", "Vivaldi", False), ("browser", "Chrome", True)]),
    ("On databases: we standardised on Postgres everywhere.", [("database", "Postgres", False)]),
    ("got promoted!! staff engineer now, send snacks", [("works as", "staff engineer", False)]),
    # endings: a retraction, never a current value
    ("handed in my notice at Zalando, last day is Friday", [("works at", "Zalando", True)]),
    ("I was laid off from Spotify in March", [("works at", "Spotify", True)]),
    ("Tomás and I separated last year, it was mutual", [("married to", "Tomás", True)]),
    ("we rehomed our rabbit Clover last week, the kids cried", [("has pet", "Clover", True)]),
    ("our cat Pixel died on Sunday", [("has pet", "Pixel", True)]),
    ("our dog Biscuit passed away last night", [("has pet", "Biscuit", True)]),
    ("we had to put down our old cat Felix, he was 19", [("has pet", "Felix", True)]),
    ("I dropped out of my chemistry degree after a year", [("studies", "chemistry", True)]),
    # nothing, or not the old value
    ("I've been in Lisbon since Monday for a conference", []),
    ("we've been in Bergen for two days and it has rained nonstop", []),
    ("I might quit my job at Deloitte next year", []),
    ("We're switching the CI from Jenkins to Drone next sprint.", []),
    ("I will be relocating to Oslo in June.", []),
    ("my old dog Rufus died when I was nine", []),
    ("my neighbour adopted a puppy! Her name is Daisy.", []),
    ("as soon as I move to Porto I'll get a bike", []),
    ("Can we adopt a cat? Her name would be Luna.", []),
    ("we host there since the Heroku credits ran out", []),
    ("got promoted! busier now", []),
    ("I'm Ana, a friend of Leo's", []),
    ("Raised in Tunis, but Marseille shaped his cooking.", []),
]


@pytest.mark.parametrize(("message", "expected"), SPANS_AND_ENDINGS)
def test_states_by_span_and_endings(message: str, expected: list[tuple[str, str, bool]]) -> None:
    test_users_facts_in_a_message(message, expected)
