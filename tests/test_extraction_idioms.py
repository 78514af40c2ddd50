"""Profiles pasted as fields, clause ends chat leaves unmarked, and news idioms that name a relation without
its verb. Each row is worded here, not taken from a corpus, and fails if its rule goes."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str, bool]

CHAT: list[tuple[str, list[Triple]]] = [
    # a profile's fields: the label names the relation
    ("Occupation: pharmacist", [("user", "works as", "pharmacist", False)]),
    ("Place of birth: Timișoara", [("user", "born in", "Timișoara", False)]),
    (
        "Languages: Tamil (native), English",
        [("user", "speaks", "Tamil", False), ("user", "speaks", "English", False)],
    ),
    (
        "City: Gdynia | Employer: Allegro",
        [("user", "lives in", "Gdynia", False), ("user", "works at", "Allegro", False)],
    ),
    ("Shell: nushell.", [("user", "shell", "nushell", False)]),
    ("Role: organiser of the book club", []),
    ("Reminder: call the dentist at 5", []),
    ("Age: 34", []),
    ("Home: back by six", []),
    # an occupation ends where the place it is done starts
    ("I work as a baker in a village near Lille.", [("user", "works as", "baker", False)]),
    # a dash, or "and" before a new "I", parts chat's clauses
    ("took the offer — I work for Oxfam starting Monday", [("user", "works at", "Oxfam", False)]),
    ("I code in Kotlin and honestly I'd never go back to Java", [("user", "programming language", "Kotlin", False)]),
    ("I enjoy sailing more than I expected", [("user", "likes", "sailing", False)]),
    ("fish is my shell of choice", [("user", "shell", "fish", False)]),
    ("no more coffee, so oolong is my go-to drink now", [("user", "prefers drink", "oolong", False)]),
    ("CI is on Drone now, we retired the old box", [("user", "ci", "Drone", False)]),
    ("so yeah, sticking with Kate as my editor", [("user", "editor", "Kate", False)]),
    ("use Kitty as your terminal", []),
    # an occupation said whole, the employer beside it
    ("I'm a pediatric dental hygienist", [("user", "works as", "pediatric dental hygienist", False)]),
    (
        "I'm a full-stack dev at Monzo",
        [("user", "works as", "full-stack dev", False), ("user", "works at", "Monzo", False)],
    ),
    (
        "As a sous chef at Noma I barely sleep",
        [("user", "works as", "sous chef", False), ("user", "works at", "Noma", False)],
    ),
    ("I'm a very tired nurse tonight", [("user", "works as", "nurse", False)]),
    ("I'm a student at Uppsala", [("user", "studies at", "Uppsala", False)]),
    # each clause of a message is read too, for what the whole missed (the label "… baker here" is what the user is)
    (
        "Night-shift baker here, 58, living in Tartu with my wife Ulla.",
        [
            ("user", "married to", "Ulla", False),
            ("user", "works as", "baker", False),
            ("user", "lives in", "Tartu", False),
        ],
    ),
    ("Born in Cali, moved to Madrid at 9", [("user", "born in", "Cali", False)]),
    # tastes said by standing: a fan of, a favourite thing, a drink person
    ("Massive fan of Finnish crime novels, fwiw", [("user", "likes", "Finnish crime novels", False)]),
    ("Kayaking is easily my favourite hobby", [("user", "likes", "Kayaking", False)]),
    ("Honestly? I'm a kombucha person now", [("user", "prefers drink", "kombucha", False)]),
    ("iced americano, every single day, that's my drink", [("user", "prefers drink", "iced americano", False)]),
    ("I'm not a coffee person at all", []),
    ("my dad is a big fan of darts", []),
    ("Sake used to be my drink", []),
    # studies said by the course, languages by fluency
    (
        "finishing my bachelor's in marine biology at Dalhousie this spring",
        [("user", "studies", "marine biology", False), ("user", "studies at", "Dalhousie", False)],
    ),
    ("third year of my PhD in soil science, send coffee", [("user", "studies", "soil science", False)]),
    ("Just started my MBA at INSEAD.", [("user", "studies at", "INSEAD", False)]),
    (
        "second-year nursing student at Ulster here",
        [("user", "studies", "nursing", False), ("user", "studies at", "Ulster", False)],
    ),
    ("fluent in Tagalog, so feel free to reply in it", [("user", "speaks", "Tagalog", False)]),
    (
        "I get by in Czech and speak decent Polish",
        [("user", "speaks", "Polish", False), ("user", "speaks", "Czech", False)],
    ),
    ("I graduated from Dalhousie years ago", []),
    ("my brother is a student at Ulster", []),
    # about someone named, not the user
    ("Fluent in Farsi, the envoy Reza Tahmasebi led the talks.", [("Reza Tahmasebi", "speaks", "Farsi", False)]),
    ("I'm planning to study urban planning at Aalto", []),
    # a field of study parted from its school
    (
        "I'm studying marine ecology at the Universidad de Chile",
        [("user", "studies", "marine ecology", False), ("user", "studies at", "Universidad de Chile", False)],
    ),
    # pets by name, however the message introduces them; every pet of a list
    (
        "we've got two guinea pigs, Salt and Pepper",
        [("user", "has pet", "Salt", False), ("user", "has pet", "Pepper", False)],
    ),
    ("Biscuit, my old greyhound, sleeps all day", [("user", "has pet", "Biscuit", False)]),
    ("I rescued a cat in May, her name is Fig.", [("user", "has pet", "Fig", False)]),
    (
        "we have a parrot called Kiwi and a gecko called Dot",
        [("user", "has pet", "Kiwi", False), ("user", "has pet", "Dot", False)],
    ),
    ("we adopted a kitten and the kids named her Moth", [("user", "has pet", "Moth", False)]),
    ("my neighbour has a husky called Storm", []),
    ("our dog Rufus passed away in March", [("user", "has pet", "Rufus", True)]),  # a pet gone is retracted
    ("I was born in 1987, if that matters", []),
    ("born in the 90s so I missed all that", []),
    ("Never owned a Mac in my life.", []),
    # a tool given up in its role is that role's retraction
    ("ok I give up on Emacs as my editor, deleting my config", [("user", "editor", "Emacs", True)]),
    # a message's request or question is one clause; the statements around it still state
    ("Plumber by trade, so go easy on the jargon.", [("user", "works as", "Plumber", False)]),
    ("we're Ghent locals, so skip the tourist traps please", [("user", "lives in", "Ghent", False)]),
    ("I'm on the search team at Zalando, so keep it short", [("user", "works at", "Zalando", False)]),
    ("I've been using Trello for all our sprints and it's a mess, any advice?", [("user", "uses", "Trello", False)]),
    (
        "I'm studying oceanography and finals begin next month, can you quiz me?",
        [("user", "studies", "oceanography", False)],
    ),
    ("Is it odd that I live in Turku and my sister lives in Oulu?", []),
    ("day 2 at Canva and I'm already lost", [("user", "works at", "Canva", False)]),
    ("got promoted — officially a staff engineer now", [("user", "works as", "staff engineer", False)]),
    # jobs by the shift worked, the years served, a plan that follows
    (
        "I work nights as a care assistant so sorry for the late replies",
        [("user", "works as", "care assistant", False)],
    ),
    ("Been a locksmith for 9 years now, mostly lockouts.", [("user", "works as", "locksmith", False)]),
    (
        "I'm a paralegal at Linklaters hoping to move in-house",
        [("user", "works as", "paralegal", False), ("user", "works at", "Linklaters", False)],
    ),
    ("I'm a woman in tech, ask me anything", []),
    # studies by the year reached or the degree done; languages got by in; pets by what they are called
    ("I'm in my third year of marine biology and loving it", [("user", "studies", "marine biology", False)]),
    ("doing a part-time diploma in horticulture while I work", [("user", "studies", "horticulture", False)]),
    ("I can get by in Swahili, enough to order food", [("user", "speaks", "Swahili", False)]),
    ("Our barn cat is called Pepper and she hunts mice.", [("user", "has pet", "Pepper", False)]),
    ("I own a tortoise named Gus.", [("user", "has pet", "Gus", False)]),
    # where the writer is now, said as a given; tenure at a place; a leaving said as "not … anymore"
    ("since I'm in Galway now anyway, any pub quiz tips?", [("user", "lives in", "Galway", False)]),
    ("I'm in Lisbon now for a conference", []),
    ("been at Unilever for six years now", [("user", "works at", "Unilever", False)]),
    ("I'm at Zalando now, joined in March as a designer", [("user", "works at", "Zalando", False)]),
    ("I'm not at Deliveroo anymore", [("user", "works at", "Deliveroo", True)]),
    ("I'm no longer studying at UCL", [("user", "studies at", "UCL", True)]),
    ("switched terminals to WezTerm, it's snappy", [("user", "terminal", "WezTerm", False)]),
    ("switched jobs to Acme", []),
    # a list of tools, each with its role
    (
        "I use Ghostty as my terminal and fish as my shell.",
        [("user", "terminal", "Ghostty", False), ("user", "shell", "fish", False)],
    ),
    (
        "setup: Helix as editor, tmux for the terminal",
        [("user", "editor", "Helix", False), ("user", "terminal", "tmux", False)],
    ),
    # set-ups said by what a tool does, what runs where, what the user is on
    ("Buildkite handles our CI these days.", [("user", "ci", "Buildkite", False)]),
    ("we're on Linode for hosting", [("user", "cloud provider", "Linode", False)]),
    ("Debian is what I run on my laptop.", [("user", "os", "Debian", False)]),
    ("my work laptop runs Ubuntu 24.04", [("user", "os", "Ubuntu 24.04", False)]),
    ("most of my coding is in Zig", [("user", "programming language", "Zig", False)]),
    ("using a Fairphone 5 as my phone now", [("user", "phone", "Fairphone 5", False)]),
    ("the phone I carry is a Pixel 8 pro", [("user", "phone", "Pixel 8 pro", False)]),
    ("everything we ship is hosted on Fly.io", [("user", "cloud provider", "Fly.io", False)]),
    ("I stick with plain zsh as my shell on every machine", [("user", "shell", "zsh", False)]),
    ("I basically live in Obsidian, it's been my notes app for years", [("user", "notes app", "Obsidian", False)]),
    ("I practically live in Slack", []),
    # pets named beside "have got"
    ("we've got a hamster, Biscuit", [("user", "has pet", "Biscuit", False)]),
    # a bare "quit <name>" is an app; a job is quit as "my job at"
    ("I quit Instagram last spring", [("user", "uses", "Instagram", True)]),
    ("I quit my job at Zalando", [("user", "works at", "Zalando", True)]),
    # a sentence about someone named says nothing about the writer, though its clauses open with verbs
    ("Based in Tartu, Veski Labs builds drones.", [("Veski Labs", "headquartered in", "Tartu", False)]),
    ("Kaunas, the old capital, hosted the games in May.", []),
    ("Based in Ghent, I work remotely.", [("user", "lives in", "Ghent", False)]),
]

THIRD: list[tuple[str, list[Triple]]] = [
    # a relation outside the vocabulary is no fact, whichever reader found it
    ("The museum shop is open on Sundays.", []),
    ("Zadie Smith studied English at King's College.", [("Zadie Smith", "educated at", "King's College", False)]),
    # a state bounded by its dates or held once is over; a date is no place
    ("Hana Sato served as mayor of Kagoshima from 2004 to 2012.", []),
    ("Omar Haddad was briefly married to the painter Lina Aziz in the 1980s.", []),
    ("Nils Berg (1902–1979) was born in Malmö.", [("Nils Berg", "born in", "Malmö", False)]),
    # alumni, nationals, credits and landmarks said by description
    (
        "A Sciences Po graduate, Léa Marchand joined the ministry in 2011.",
        [("Léa Marchand", "educated at", "Sciences Po", False)],
    ),
    (
        "Tomasz Wróbel, a Jagiellonian University alumnus, now teaches in Kraków.",
        [("Tomasz Wróbel", "educated at", "Jagiellonian University", False)],
    ),
    (
        "The Cambridge-educated economist Rhea Sen now advises the bank.",
        [("Rhea Sen", "educated at", "Cambridge", False)],
    ),
    ("Amaru Quispe, a Peruvian national, was detained in Lima.", [("Amaru Quispe", "citizen of", "Peru", False)]),
    ("Salt Lines, helmed by Ines Pardo, opens in May.", [("Salt Lines", "directed by", "Ines Pardo", False)]),
    (
        "Among the novels written by Kofi Asare is The House Above Us.",
        [("Kofi Asare", "author of", "The House Above Us", False)],
    ),
    ("The Museu do Tram, in Lisbon, reopened.", [("Museu do Tram", "located in", "Lisbon", False)]),
    ("Valmora's new stamps show the Kessel Lighthouse.", []),  # a possessive far from the landmark places nothing
    (
        "Kora's co-founder Lina Park now lives in Busan.",
        [("Lina Park", "lives in", "Busan", False), ("Kora", "founded by", "Lina Park", False)],
    ),
    ("Idris Balogun is a native speaker of Yoruba.", [("Idris Balogun", "speaks", "Yoruba", False)]),
    ("The striker, Marco Pellegrini, answered in fluent Spanish.", [("Marco Pellegrini", "speaks", "Spanish", False)]),
    (
        "Nadia Karim (born 1984 in Tangier) is the author of Blue Door Street.",
        [("Nadia Karim", "born in", "Tangier", False), ("Nadia Karim", "author of", "Blue Door Street", False)],
    ),
    ("Arctic Foxes drummer Lasse Berg broke his wrist.", [("Lasse Berg", "member of", "Arctic Foxes", False)]),
    ("Former Glass Tigers drummer Ola Nyberg spoke.", []),
    ("The Tromsø-born guitarist Siv Aas plays tonight.", [("Siv Aas", "born in", "Tromsø", False)]),
    # what a name carries is no part of it: a description, a base, a legal form
    (
        "The Lyon-based biotech maker Cellvora is owned by Sanofi.",
        [("Cellvora", "owned by", "Sanofi", False), ("Cellvora", "headquartered in", "Lyon", False)],
    ),
    ("Ardent Robotics Ltd. is headquartered in Leeds.", [("Ardent Robotics", "headquartered in", "Leeds", False)]),
    ("Goalkeeper Ines Moura now plays for Rio Ave.", [("Ines Moura", "plays for", "Rio Ave", False)]),
    # a later clause's "its" is the first clause's subject; a demonym names a currency's kind
    (
        "Norway's capital is Oslo, and its currency is the Norwegian krone.",
        [("Norway", "capital", "Oslo", False), ("Norway", "currency", "Norwegian krone", False)],
    ),
    (
        "The forint is Hungary's currency, while Budapest serves as its capital.",
        [("Hungary", "currency", "forint", False), ("Hungary", "capital", "Budapest", False)],
    ),
    # descriptions hung on a name
    ("Ghanaian President John Mahama flew to Abuja.", [("Ghana", "president", "John Mahama", False)]),
    ("Former Ghanaian President John Kufuor spoke.", []),
    ("Brightloop co-founder Amaka Obi left on Friday.", [("Brightloop", "founded by", "Amaka Obi", False)]),
    ("Tomás Ruiz is a Deportivo Alavés player.", [("Tomás Ruiz", "plays for", "Deportivo Alavés", False)]),
    (
        "Ines Berg, an economist at the Riksbank, warned of inflation.",
        [("Ines Berg", "works at", "Riksbank", False)],
    ),
    ("Lyon resident Paul Vidal won the lottery.", [("Paul Vidal", "lives in", "Lyon", False)]),
    (
        "Omar Said holds Jordanian and Canadian passports.",
        [("Omar Said", "citizen of", "Jordan", False), ("Omar Said", "citizen of", "Canada", False)],
    ),
    ("Nadia Rahim, the Dhaka-born poet, read first.", [("Nadia Rahim", "born in", "Dhaka", False)]),
    ("Peruvian-born chef Ana Soto opened a bistro.", [("Ana Soto", "born in", "Peru", False)]),
    ("Actress Mira Sol speaks Hindi.", [("Mira Sol", "speaks", "Hindi", False)]),
    ("Korta, the Bilbao-based fintech, hired 40 engineers.", [("Korta", "headquartered in", "Bilbao", False)]),
    # a report that asserts its content; belief and rumour do not
    ("Court papers show Ana Ruiz was born in Cádiz.", [("Ana Ruiz", "born in", "Cádiz", False)]),
    ("The family confirmed that Piet Smit died in Utrecht.", [("Piet Smit", "died in", "Utrecht", False)]),
    ("Insiders believe that Piet Smit died in Utrecht.", []),
    ("Mika Varo wrote Northern Lights.", [("Mika Varo", "author of", "Northern Lights", False)]),
    # offices and moves said by who replaced whom, a confirmation, a trade, a post taken up
    ("Nadia Bose replaces Tom Reed as CEO of Kestrel Bank.", [("Kestrel Bank", "ceo", "Nadia Bose", False)]),
    ("Orla Foods confirmed Ian Daly as permanent CEO.", [("Orla Foods", "ceo", "Ian Daly", False)]),
    ("The Nets traded Ravi Shah to the Chicago Bulls.", [("Ravi Shah", "plays for", "Chicago Bulls", False)]),
    ("Ida Berg has taken up a post at the Nobel Institute.", [("Ida Berg", "works at", "Nobel Institute", False)]),
    ("Vela Air's headquarters were relocated to Porto.", [("Vela Air", "headquartered in", "Porto", False)]),
    ("Rennes have signed Belgian defender Tom Smets from Genk.", [("Tom Smets", "plays for", "Rennes", False)]),
    ("Ajax's Lars Boer has been transferred to Celtic.", [("Lars Boer", "plays for", "Celtic", False)]),
    ("After a decade at Nokia, Aino Lehto joined Supercell.", [("Aino Lehto", "works at", "Supercell", False)]),
    # a dateline or a release label before the lede
    ("OSLO (AP) - Fjord Bank named Siri Dahl chief executive.", [("Fjord Bank", "ceo", "Siri Dahl", False)]),
    ("PRESS RELEASE - Tallo Labs, headquartered in Turku, grew.", [("Tallo Labs", "headquartered in", "Turku", False)]),
    # what stays so in the past tense, and what "now" says beside a name
    ("Ole Berg's birthplace was Tromsø.", [("Ole Berg", "born in", "Tromsø", False)]),
    ("Ole Berg's home was in Tromsø.", []),
    ("Sven Ek, now an engineer at Saab, spoke.", [("Sven Ek", "works at", "Saab", False)]),
    ("Lea Roth, who now makes her home in Graz, paints.", [("Lea Roth", "lives in", "Graz", False)]),
    ("Ian Moss now skates for the Malmö Redhawks.", [("Ian Moss", "plays for", "Malmö Redhawks", False)]),
    ("Ana Vidal was sworn in as Corvia's president.", [("Corvia", "president", "Ana Vidal", False)]),
    ("Tern Air now operates out of a new head office in Faro.", [("Tern Air", "headquartered in", "Faro", False)]),
    ("Bluefin Media has been sold to Axel Springer.", [("Bluefin Media", "owned by", "Axel Springer", False)]),
    # emphasis and an old value named in passing are no part of the statement
    ("Tove Lie was in fact born in Bodø.", [("Tove Lie", "born in", "Bodø", False)]),
    ("Tove Lie's birthplace, long thought to be Narvik, is Bodø.", [("Tove Lie", "born in", "Bodø", False)]),
    ("A new study establishes that Tove Lie died in Oslo.", [("Tove Lie", "died in", "Oslo", False)]),
    ("Aino Rask was inaugurated as President of Norvia.", [("Norvia", "president", "Aino Rask", False)]),
    ("Lars Mo won the vote and is now mayor of Vik.", [("Vik", "mayor", "Lars Mo", False)]),
    ("The junta moved Ostrelia's capital to Port Ness.", [("Ostrelia", "capital", "Port Ness", False)]),
    ("The Bergen city council elected Rune Aas as mayor.", [("Bergen", "mayor", "Rune Aas", False)]),
    # moves said by who took whom, and offices by who holds the helm or the credit
    ("Dag Eik has been poached by Aftenposten.", [("Dag Eik", "works at", "Aftenposten", False)]),
    (
        "Winger Joel Ward has been snapped up by rivals Leeds United.",
        [("Joel Ward", "plays for", "Leeds United", False)],
    ),
    ("Orkla sold Nidar Foods to Mondelez.", [("Nidar Foods", "owned by", "Mondelez", False)]),
    ("Ruth Abebe has made Addis Ababa her home.", [("Ruth Abebe", "lives in", "Addis Ababa", False)]),
    (
        "Eva Holt took the helm at Nordea today, replacing Jon Berg as CEO.",
        [("Nordea", "ceo", "Eva Holt", False)],
    ),
    ("Volta Labs is now headed by Ken Ito, its new chief executive.", [("Volta Labs", "ceo", "Ken Ito", False)]),
    ("Ana Paz is credited as director of Blue Harbour.", [("Blue Harbour", "directed by", "Ana Paz", False)]),
    ("Rui Sá took office as mayor of Vila-do-Conde.", [("Vila-do-Conde", "mayor", "Rui Sá", False)]),
    ("A referendum made Tamil the official language of Serendia.", [("Serendia", "official language", "Tamil", False)]),
    ("Ottawa, the Canadian capital, hosted the talks.", [("Canada", "capital", "Ottawa", False)]),
    ("Ivo Lenz was married to Ada Kern for ten years before their divorce.", []),
    # founders named together, verb-first descriptions before their name, credits in brackets
    (
        "Ida Holm and Per Vik founded the design studio Norrsken in 2015.",
        [("Norrsken", "founded by", "Ida Holm", False), ("Norrsken", "founded by", "Per Vik", False)],
    ),
    (
        "Co-founded by Lena Ek and Omar Ali, Brightpath runs six schools.",
        [("Brightpath", "founded by", "Lena Ek", False), ("Brightpath", "founded by", "Omar Ali", False)],
    ),
    ("Co-founded by Ana Reis, Lumo began as a bike shop.", [("Lumo", "founded by", "Ana Reis", False)]),
    ("Directed by Mia Hansen, Cold Water opened in May.", [("Cold Water", "directed by", "Mia Hansen", False)]),
    ("Written by Teju Cole, Open City won praise.", [("Teju Cole", "author of", "Open City", False)]),
    ("Situated in Kotor, the Sea Gate draws crowds.", [("Sea Gate", "located in", "Kotor", False)]),
    ("Red Earth (dir. Kofi Mensah, 2021) runs 98 minutes.", [("Red Earth", "directed by", "Kofi Mensah", False)]),
    ("Kraków's Wawel Castle overlooks the river.", [("Wawel Castle", "located in", "Kraków", False)]),
    ("Ana Lind's husband, the painter Eik Berg, spoke.", [("Ana Lind", "married to", "Eik Berg", False)]),
    ("Tom Ek arrived with his wife, Mia Ek.", [("Tom Ek", "married to", "Mia Ek", False)]),
    ("Ana Ruiz met Tom Lee and his wife, Mia Lee.", [("Tom Lee", "married to", "Mia Lee", False)]),
    ("'Salt and Ash' was written by Rui Neves.", [("Rui Neves", "author of", "Salt and Ash", False)]),
    # a band's musician joins a band; the kind of group is no part of its name
    ("Bassist Omar Vance joined the band Tin Orchard.", [("Omar Vance", "member of", "Tin Orchard", False)]),
    ("Mia Holt left the quartet Polar Lights.", [("Mia Holt", "member of", "Polar Lights", True)]),
    # a player who signs *for* a club is its player, not its signer
    ("Winger Sam Okoro has signed for Hibernian.", [("Sam Okoro", "plays for", "Hibernian", False)]),
]


def _facts(sentence: str, role: str) -> list[Triple]:
    return [(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, role)]


@pytest.mark.parametrize(("sentence", "expected"), CHAT)
def test_chat_idioms(sentence: str, expected: list[Triple]) -> None:
    assert _facts(sentence, "user") == expected


@pytest.mark.parametrize(("sentence", "expected"), THIRD)
def test_third_person_idioms(sentence: str, expected: list[Triple]) -> None:
    assert _facts(sentence, "assistant") == expected


def test_a_reports_content_is_parsed_in_the_sessions_batch() -> None:
    from consolidators import parse
    from consolidators.plainsentence import plain
    from consolidators.triples import prefetch_parses

    sentence = "The registry confirmed that Oskar Dahl was born in Umeå."
    prefetch_parses([(sentence, "user")])
    assert plain("Oskar Dahl was born in Umeå.") in parse._cache  # read from the batch, not parsed alone later
