"""Chat's own forms: lower-case "i", a name followed by what qualifies the statement, and
person nouns that are not occupations. Each row fails if its rule is removed."""

from __future__ import annotations

import pytest

from consolidators import extract_triples
from consolidators.lifeevents import is_occupation
from consolidators.vocabulary import name_span

Triple = tuple[str, str, str, bool]

CHAT: list[tuple[str, list[Triple]]] = [
    # lower-case "i" is the speaker
    ("i love bouldering", [("user", "likes", "bouldering", False)]),
    ("i'm into rock climbing these days", [("user", "likes", "rock climbing", False)]),
    # a name ends where a closed-class word starts what qualifies the statement
    ("I use Tana every single day", [("user", "uses", "Tana", False)]),
    ("I speak Tagalog at home", [("user", "speaks", "Tagalog", False)]),
    ("I use VS Code with vim bindings", [("user", "uses", "VS Code", False)]),
    ("I work at Bank of America", [("user", "works at", "Bank of America", False)]),
    ("I live in Frankfurt am Main now", [("user", "lives in", "Frankfurt am Main", False)]),
    ("Rock climbing is my favourite hobby.", [("user", "likes", "rock climbing", False)]),
    # occupations, and person nouns that say a habit or a diet
    ("I'm an actuary", [("user", "works as", "actuary", False)]),
    ("i'm a paramedic", [("user", "works as", "paramedic", False)]),
    ("I'm a vegetarian", []),
    ("I'm a runner", []),
    ("I'm a resident of Oslo", []),
    # a second verb after "and" about the same "I"; a value never spans a comma
    (
        "I live in Lisbon and work at Farfetch",
        [("user", "lives in", "Lisbon", False), ("user", "works at", "Farfetch", False)],
    ),
    ("wiped Windows and installed Debian on my laptop", [("user", "os", "Debian", False)]),
    ("I moved to Bilbao, the view from the balcony is unreal", [("user", "lives in", "Bilbao", False)]),
    ("we moved all our hosting to Hetzner, the bill dropped by half", [("user", "cloud provider", "Hetzner", False)]),
    ("I'm taking evening classes at Danube Open University", [("user", "studies at", "Danube Open University", False)]),
    # a role outside the vocabulary needs a named value; a floated "all" is not part of the value
    ("I'm a nurse on the night shift so my sleep schedule is wrecked", [("user", "works as", "nurse", False)]),
    ("our message broker is now NATS", [("user", "message broker", "NATS", False)]),
    ("my shell is fish", [("user", "shell", "fish", False)]),
    ("my passwords are all in Bitwarden", [("user", "password manager", "Bitwarden", False)]),
    ("stopped using Slack altogether, my focus is so much better", [("user", "uses", "Slack", True)]),
    # chat drops "I" with its auxiliary
    ("been using Notion a lot lately", [("user", "uses", "Notion", False)]),
    ("been working as a translator for six years now", [("user", "works as", "translator", False)]),
    ("born and raised in Mombasa, so this cold is killing me", [("user", "born in", "Mombasa", False)]),
    ("living in Arequipa now, the altitude took some getting used to", [("user", "lives in", "Arequipa", False)]),
    ("currently doing a degree in philosophy", [("user", "studies", "philosophy", False)]),
    ("Using the new laptop is fun", []),
    # pets named beside the animal, breeds for animals
    ("our dog Pickles just turned three", [("user", "has pet", "Pickles", False)]),
    ("I've got a corgi called Waffles who runs the house", [("user", "has pet", "Waffles", False)]),
    ("we adopted a rescue greyhound called Pickles", [("user", "has pet", "Pickles", False)]),
    # chat's dropped "I" before "adopted" is the user's; a third person before it is not
    ("finally adopted a whippet called Nettle", [("user", "has pet", "Nettle", False)]),
    ("Tamsin runs the lab, she just adopted a whippet called Nettle", []),
    ("Ravi adopted a whippet called Nettle last week", []),
    ("my dog is sick", []),
    # degrees and classes
    ("I'm doing my PhD at the University of Edinburgh", [("user", "studies at", "University of Edinburgh", False)]),
    ("I take my classes at Kiel University", [("user", "studies at", "Kiel University", False)]),
    # a tool placed by a role noun of the user's, or named in one clause and given its role in the next
    ("my passwords live in 1Password", [("user", "password manager", "1Password", False)]),
    ("I manage my calendar in Vimcal", [("user", "calendar app", "Vimcal", False)]),
    ("all my notes go into Apple Notes, nothing fancy", [("user", "notes app", "Apple Notes", False)]),
    ("I write everything in Kakoune, it's my editor of choice", [("user", "editor", "Kakoune", False)]),
    (
        "I plan my whole week in Fantastical, best calendar app I've tried",
        [("user", "calendar app", "Fantastical", False)],
    ),
    ("we push all our jobs through SQS, that's our message queue", [("user", "queue", "SQS", False)]),
    ("I met Tom at Google, it's my favourite company", []),
    # a plain "not" takes nothing back, a tool included (nothing said was ever held); "anymore" does
    ("I don't drink coffee", []),
    ("I don't work at Fenwick & Rowe, my cousin does", []),
    ("I don't use Notion", []),
    ("we're not using Airtable, whatever the old wiki says", []),
    ("I don't work at Acme anymore", [("user", "works at", "Acme", True)]),
    # marriage and becoming
    ("I married Ingrid in September.", [("user", "married to", "Ingrid", False)]),
    ("Sam and I got married in june, still feels weird", [("user", "married to", "Sam", False)]),
    ("I married young", []),
    # a hedge, a plan or a past state scopes over its own clause; a question or a condition over the sentence
    ("I might switch to Zed, I use VS Code now", [("user", "uses", "VS Code", False)]),
    ("I live in Oslo but I might move to Bergen", [("user", "lives in", "Oslo", False)]),
    ("back then I coded in Atom, now I use Zed", [("user", "uses", "Zed", False)]),
    ("If I move to Oslo, I'll use Zed", []),
    ("I might switch to Zed, do you use it?", []),
    # a clause that says nothing the readers take does not hide the one that does
    (
        "currently doing a degree in philosophy, don't ask me what i'll do with it",
        [("user", "studies", "philosophy", False)],
    ),
    ("i can speak Georgian fluently, my grandmother taught me", [("user", "speaks", "Georgian", False)]),
    ("we adopted a rabbit last month", []),
    # a new subject after a comma starts a clause; a described thing before its name; seasons are time words
    (
        "dropped LastPass after the breach, Proton Pass is my password manager now",
        [("user", "password manager", "LastPass", True), ("user", "password manager", "Proton Pass", False)],
    ),
    ("enrolled at Sciences Po this fall and the classes are intense", [("user", "studies at", "Sciences Po", False)]),
    ("My home these days is a tiny apartment in Da Nang.", [("user", "lives in", "Da Nang", False)]),
    (
        "my birthplace is a tiny village called Hallstatt, tourists everywhere now",
        [("user", "born in", "Hallstatt", False)],
    ),
    ("my phone's a Moto G84", [("user", "phone", "Moto G84", False)]),
    # "X is out and Y is in": a switch, in the role the sentence names
    (
        "switched browsers, Firefox is out and Arc is in",
        [("user", "browser", "Firefox", True), ("user", "browser", "Arc", False)],
    ),
    ("Emacs is out and Helix is in", [("user", "uses", "Emacs", True), ("user", "uses", "Helix", False)]),
    ("Obsidian handles all my notes now", [("user", "notes app", "Obsidian", False)]),
    (
        "coffee is out, matcha is in",
        [("user", "prefers drink", "coffee", True), ("user", "prefers drink", "matcha", False)],
    ),
    ("the old office is out and the new one is in", []),
    ("I now drink mostly matcha", [("user", "prefers drink", "matcha", False)]),
    # first and last days, a job got (not an offer), manner adverbs, qualifiers before a language
    ("today was my first day at Klarna", [("user", "works at", "Klarna", False)]),
    ("Today was my last day at Initech", [("user", "works at", "Initech", True)]),
    ("I got the job at Klarna!!", [("user", "works at", "Klarna", False)]),
    ("I got an offer from Pallas Aerospace but haven't decided yet", []),
    ("I've been working remotely for Klarna since january", [("user", "works at", "Klarna", False)]),
    (
        "I speak fluent Spanish and some Portuguese",
        [("user", "speaks", "Spanish", False), ("user", "speaks", "Portuguese", False)],
    ),
    ("I'm originally from Lagos", [("user", "born in", "Lagos", False)]),
    ("I work in marketing at Unilever", [("user", "works at", "Unilever", False)]),
    ("I married my college sweetheart, Anna", [("user", "married to", "Anna", False)]),
    ("Anna and I have been married for ten years", [("user", "married to", "Anna", False)]),
    ("Just got a new phone, it's an iPhone 15.", [("user", "phone", "iPhone 15", False)]),
    ("I became a paramedic last year.", [("user", "works as", "paramedic", False)]),
    ("I became a fan of jazz", []),
]


@pytest.mark.parametrize(("sentence", "expected"), CHAT)
def test_chat_forms(sentence: str, expected: list[Triple]) -> None:
    got = [(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")]
    assert [(s, p, o.lower(), r) for s, p, o, r in got] == [(s, p, o.lower(), r) for s, p, o, r in expected]


@pytest.mark.parametrize(
    ("value", "name"),
    [
        ("Tana every single day", "Tana"),
        ("Duolingo a while ago", "Duolingo"),
        ("University of Tartu", "University of Tartu"),
        ("Procter and Gamble", "Procter and Gamble"),
        ("Matcha latte", "Matcha latte"),
        ("marine biology at night", "marine biology at night"),  # not a name: left to the other cuts
        ("Emacs mostly", "Emacs"),
    ],
)
def test_name_span(value: str, name: str) -> None:
    assert name_span(value) == name


def test_occupation_lexicon() -> None:
    assert is_occupation("data analyst") and is_occupation("midwife") and is_occupation("secretary")
    assert not is_occupation("beginner") and not is_occupation("vegan") and not is_occupation("")


THIRD: list[tuple[str, list[Triple]]] = [
    # a role first and the name in apposition, wherever the parser hangs the name
    (
        "The CEO of Quillon Media, Sofia Lindqvist, announced layoffs.",
        [("Quillon Media", "ceo", "Sofia Lindqvist", False)],
    ),
    ("Thiralia's mayor, Nikos Daskal, opened the tram line.", [("Thiralia", "mayor", "Nikos Daskal", False)]),
    ("The CEO of Quillon Media, a software firm, announced layoffs.", []),
    # a non-restrictive aside about a name is a statement of its own
    (
        "Claire Dubois, who co-founded Brightfold Analytics, was born in Nantes.",
        [("Claire Dubois", "born in", "Nantes", False), ("Brightfold Analytics", "founded by", "Claire Dubois", False)],
    ),
    (
        "Stellwerk Robotics, based in Linz, builds warehouse arms.",
        [("Stellwerk Robotics", "headquartered in", "Linz", False)],
    ),
    ("The man who founded Acme lives in Oslo.", []),
    # an acquisition makes the buyer the owner, in either voice
    ("Pellucid Games was acquired by Vantor in 2023.", [("Pellucid Games", "owned by", "Vantor", False)]),
    ("Orbis Motors bought Kestrel Mobility in 2024.", [("Kestrel Mobility", "owned by", "Orbis Motors", False)]),
    # "whose" asides, titles before a name, descriptors before a name
    (
        "Belmoria, whose official language is Caltric, borders the sea.",
        [("Belmoria", "official language", "Caltric", False)],
    ),
    ("Ostravia is led by President Hana Vrel, a former judge.", [("Ostravia", "president", "Hana Vrel", False)]),
    ("The town of Kessel is currently governed by Mayor Anton Wirth.", [("Kessel", "mayor", "Anton Wirth", False)]),
    (
        "Under CEO Orin Takeda, Halvard Robotics has tripled its revenue.",
        [("Halvard Robotics", "ceo", "Orin Takeda", False)],
    ),
    ("Acme is led by Jane Doe.", [("Acme", "ceo", "Jane Doe", False)]),
    ("Tobias Renn is married to the architect Sela Obi.", [("Tobias Renn", "married to", "Sela Obi", False)]),
    ("Lego's headquarters are in the Danish town of Billund.", [("Lego", "headquartered in", "Billund", False)]),
    ("Kai Rudd speaks fluent Japanese.", [("Kai Rudd", "speaks", "Japanese", False)]),
    (
        "The novelist Mira Castellan, a native of Trieste, rarely talks.",
        [("Mira Castellan", "born in", "Trieste", False)],
    ),
    (
        "Kai Rudd, a point guard for the Harbor City Hawks, leads the league.",
        [("Kai Rudd", "plays for", "Harbor City Hawks", False)],
    ),
    # joining a group named with an article is a membership, a bare name a job
    (
        "Mira Sandoval joined the band Paper Lanterns in 2019.",
        [("Mira Sandoval", "member of", "Paper Lanterns", False)],
    ),
    ("Mira Sandoval joined Stripe in 2019.", [("Mira Sandoval", "works at", "Stripe", False)]),
    # more relation verbs, coordinated demonyms, two-word place roles
    (
        "Kai Rudd signed with the Harbor City Hawks last summer.",
        [("Kai Rudd", "plays for", "Harbor City Hawks", False)],
    ),
    ("Kai Rudd now suits up for the Harbor City Hawks.", [("Kai Rudd", "plays for", "Harbor City Hawks", False)]),
    ("Whole Foods has belonged to Amazon since 2017.", [("Whole Foods", "owned by", "Amazon", False)]),
    (
        "Felix Sandoval holds both Chilean and Spanish citizenship.",
        [("Felix Sandoval", "citizen of", "Chile", False), ("Felix Sandoval", "citizen of", "Spain", False)],
    ),
    ("Spotify's head office is in Stockholm.", [("Spotify", "headquartered in", "Stockholm", False)]),
    # an opening participle about the subject, "X-based", a name before a definite role
    (
        "Born in Rosario, Lionel Messi moved to Spain at the age of 13.",
        [("Lionel Messi", "born in", "Rosario", False)],  # a move at 13 says nothing of where he lives now
    ),
    ("Quillmark, a Lagos-based fintech, raised $40 million.", [("Quillmark", "headquartered in", "Lagos", False)]),
    ("Oslo-based Acme makes tools.", [("Acme", "headquartered in", "Oslo", False)]),
    ("The Oslo-based company Acme makes tools.", [("Acme", "headquartered in", "Oslo", False)]),
    ("Acme is an Oslo-based company.", [("Acme", "headquartered in", "Oslo", False)]),
    (
        "Diego Arce, the Boca Juniors goalkeeper, saved two penalties.",
        [("Diego Arce", "plays for", "Boca Juniors", False)],
    ),
    # a coined demonym names the country its ending undoes, as "the Marovian capital" does
    ("Jorrit Marken is a Norvassan citizen.", [("Jorrit Marken", "citizen of", "Norvassa", False)]),
    # coordinated clauses: their own subject, or the first clause's
    ("Eero Lahti lost the election, and Vell's new mayor is Maija Rinne.", [("Vell", "mayor", "Maija Rinne", False)]),
    (
        "Lena Moreau left Marlow Biotech and joined Solvane Energy.",
        [("Lena Moreau", "works at", "Solvane Energy", False)],
    ),
    ("Ada Kerr lived in Paris and died in London.", [("Ada Kerr", "died in", "London", False)]),
    (
        "Jonas Brandt was loaned out and now plays for Caldbrook Athletic.",
        [("Jonas Brandt", "plays for", "Caldbrook Athletic", False)],
    ),
    # an appointing verb's holder is its object, not its subject; trades, transfers, "hails from"
    ("The board appointed Rita Sousa as CEO of Tessaline Foods.", [("Tessaline Foods", "ceo", "Rita Sousa", False)]),
    ("Rita Sousa was appointed as CEO of Tessaline Foods.", [("Tessaline Foods", "ceo", "Rita Sousa", False)]),
    ("Kai Rudd was traded to the Portside Pilots.", [("Kai Rudd", "plays for", "Portside Pilots", False)]),
    ("Ana Pol hails from Braga.", [("Ana Pol", "born in", "Braga", False)]),
    # who holds the office: the successor, never the predecessor
    (
        "Tom Hale stepped down and was succeeded by Dana Moss as mayor of Port Averly.",
        [("Port Averly", "mayor", "Dana Moss", False)],
    ),
    ("Dana Moss replaced Tom Hale as mayor of Port Averly.", [("Port Averly", "mayor", "Dana Moss", False)]),
    ("Veskaria now has a new president, Ilse Varga.", [("Veskaria", "president", "Ilse Varga", False)]),
    ("Hana Ito runs Port Ellery as its mayor.", [("Port Ellery", "mayor", "Hana Ito", False)]),
    # an office the subject gives, a sale, a sworn-in holder, a label before the statement
    ("Marlow Biotech appointed Samuel Oduya as chief executive.", [("Marlow Biotech", "ceo", "Samuel Oduya", False)]),
    (
        "Quayside Media replaced Tom Albers with Nora Quist as chief executive.",
        [("Quayside Media", "ceo", "Nora Quist", False)],
    ),
    (
        "Quayside Media sold Pindrop Studios to Lumen Interactive.",
        [("Pindrop Studios", "owned by", "Lumen Interactive", False)],
    ),
    ("Jussi Koivu was sworn in as president of Tesmark.", [("Tesmark", "president", "Jussi Koivu", False)]),
    ("Correction: the capital of Orlandia is Caldbrook.", [("Orlandia", "capital", "Caldbrook", False)]),
    # a past state in the passive, a rumour, a demonym before a person's role
    ("Before the merger, Harbour Pixel was owned by Ferrow Logistics.", []),
    ("Harbour Pixel was founded by Ana Lind.", [("Harbour Pixel", "founded by", "Ana Lind", False)]),
    ("Shira Levant is rumoured to be directing a sequel.", []),
    ("Rome, Open City was made by the Italian director Roberto Rossellini.", []),
    ("The French capital is Paris.", [("France", "capital", "Paris", False)]),
]


@pytest.mark.parametrize(("sentence", "expected"), THIRD)
def test_third_person_asides(sentence: str, expected: list[Triple]) -> None:
    got = {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "assistant")}
    assert got == set(expected)
