"""Chat's set phrases (home, liking, language, machine, role-wise) and the facts a news description
states before its verb. Each row is worded here, not taken from a corpus, and fails if its rule goes."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str, bool]

CHAT: list[tuple[str, list[Triple]]] = [
    # a home of the user's, in any of the ways people name it
    ("my flat is in Glasgow, tiny but cosy", [("user", "lives in", "Glasgow", False)]),
    ("our new apartment in Montreal is freezing", [("user", "lives in", "Montreal", False)]),
    ("I rent a room in Porto with three other students", [("user", "lives in", "Porto", False)]),
    ("we share an apartment in Montreal", [("user", "lives in", "Montreal", False)]),
    ("home these days is a little studio in Ghent", [("user", "lives in", "Ghent", False)]),
    ("my old flat in Leeds had mould everywhere", []),
    ("my parents' house is in Derry", []),
    ("my holiday home is in Crete", []),
    # a liking said as being a fan, being into something, or its being "my thing"
    ("I'm a massive Formula 1 fan", [("user", "likes", "Formula 1", False)]),
    ("pottery is my thing now", [("user", "likes", "pottery", False)]),
    ("been really into bouldering lately", [("user", "likes", "bouldering", False)]),
    ("I'm obsessed with sourdough", [("user", "likes", "sourdough", False)]),
    ("I'm not a huge fan of opera", []),
    # a language by how well it is spoken, or as a first language
    ("my Polish is fluent, my mum taught me", [("user", "speaks", "Polish", False)]),
    ("Tagalog is my first language", [("user", "speaks", "Tagalog", False)]),
    ("my first language is Cebuano", [("user", "speaks", "Cebuano", False)]),
    ("my Greek was decent once", []),
    # a role named before the statement, or after the thing the verb took
    ("browser-wise I'm on Vivaldi", [("user", "browser", "Vivaldi", False)]),
    ("just got an iPhone 15 as my new phone", [("user", "phone", "iPhone 15", False)]),
    ("Helix is my editor for everything now, config is so much simpler", [("user", "editor", "Helix", False)]),
    # a machine's system, and where everything is hosted
    ("I run Fedora on my work laptop", [("user", "os", "Fedora", False)]),
    ("installed Ubuntu on my gaming pc last night", [("user", "os", "Ubuntu", False)]),
    ("everything we deploy is hosted on GCP", [("user", "cloud provider", "GCP", False)]),
    # a time phrase after the employer is no part of its name
    ("started at Canva three weeks ago, loving it", [("user", "works at", "Canva", False)]),
    ("handed in my notice at Ocado yesterday", [("user", "works at", "Ocado", True)]),
    # a form, a list of a setup, a role named first
    ("Employer: Infosys. Team: payments.", [("user", "works at", "Infosys", False)]),
    ("phone: Fairphone 5. yes, I'm that person", [("user", "phone", "Fairphone 5", False)]),
    (
        "Setup: ThinkPad running Arch, Alacritty as my terminal, fish as the shell, Zed for editing.",
        [
            ("user", "os", "Arch", False),
            ("user", "terminal", "Alacritty", False),
            ("user", "shell", "fish", False),
            ("user", "editor", "Zed", False),
        ],
    ),
    ("for email I'm on Spark, it's fine", [("user", "email client", "Spark", False)]),
    ("for queueing we ended up going with NATS", [("user", "queue", "NATS", False)]),
    ("fish is my shell, so zsh tips won't help", [("user", "shell", "fish", False)]),
    # chat's dropped "I am", and what the user is said on the way to something else
    ("currently a student at Monash, so budget tips please", [("user", "studies at", "Monash", False)]),
    ("first week at Zalando done and I'm exhausted", [("user", "works at", "Zalando", False)]),
    # … the stretch done said first, the sentence opened in capitals
    ("First week done at Marlowe Dental, loving it", [("user", "works at", "Marlowe Dental", False)]),
    ("First month at Marlowe Dental survived", [("user", "works at", "Marlowe Dental", False)]),
    ("big fan of Korean dramas over here", [("user", "likes", "Korean dramas", False)]),
    ("As a nurse in the ICU I don't get much sleep", [("user", "works as", "nurse", False)]),
    ("As a teenager I loved skateboarding", []),
    # leaving a place, a host or a tool
    ("we stopped hosting on Heroku after the price change", [("user", "cloud provider", "Heroku", True)]),
    ("we moved out of Bristol last week", [("user", "lives in", "Bristol", True)]),
    # the statement before a question still counts; a question about the statement does not
    (
        "so about me: i was born in Bremen, now i live in Graz, is that enough context?",
        [("user", "born in", "Bremen", False), ("user", "lives in", "Graz", False)],
    ),
    ("since I'm living in Leeds now anyway, can you find me a gym?", [("user", "lives in", "Leeds", False)]),
    ("Should I move to Leeds, or stay in York?", []),
    # what trails a value in chat, and what a pet that died no longer is
    ("my browser is Arc btw", [("user", "browser", "Arc", False)]),
    ("my login shell is plain old bash", [("user", "shell", "bash", False)]),
    ("I enjoy crosswords on Sunday mornings.", [("user", "likes", "crosswords", False)]),
    ("Our cat Mochi died last spring, I still miss her.", []),
    ("I studied law for a year before dropping out", []),
    ("I keep my passwords in Bitwarden", [("user", "password manager", "Bitwarden", False)]),
    # a choice between drinks is a preference, the modal is the idiom's
    ("i'd take a cortado over tea any day", [("user", "prefers drink", "cortado", False)]),
    ("nothing beats a cold mate in the afternoon", [("user", "prefers drink", "mate", False)]),
    ("I'd pick Paris over London", []),
    # a role the clause names first or last, a pronoun that points back to it, an update said as a move
    ("I use Wezterm as my terminal now, ligatures work", [("user", "terminal", "Wezterm", False)]),
    ("upgraded my phone, it's a Pixel 9 now", [("user", "phone", "Pixel 9", False)]),
    ("builds now run on Drone, the old runner was too slow", [("user", "ci", "Drone", False)]),
    ("password manager is KeePassXC now", [("user", "password manager", "KeePassXC", False)]),
    ("migrated every single note into Logseq this weekend", [("user", "notes app", "Logseq", False)]),
    ("the queue's been migrated to NATS", [("user", "queue", "NATS", False)]),
    ("laptop's running Debian now, the old distro kept crashing", [("user", "os", "Debian", False)]),
    ("our stuff is hosted on Hetzner now", [("user", "cloud provider", "Hetzner", False)]),
    ("statistics is what I'm studying now", [("user", "studies", "statistics", False)]),
    (
        "transferred to Universidade de Lisboa for second year",
        [("user", "studies at", "Universidade de Lisboa", False)],
    ),
    ("update: relocated again 🙃 Ghent is home now", [("user", "lives in", "Ghent", False)]),
    (
        "my last day at Monzo was Friday and this morning I started at Wise",
        [("user", "works at", "Monzo", True), ("user", "works at", "Wise", False)],
    ),
    ("we're moving to Lyon in September", []),
    ("we only moved to Aveiro when I was a baby", []),
    ("Joplin is where my notes live now", [("user", "notes app", "Joplin", False)]),
    ("we moved CI from Travis to GitLab CI in March", [("user", "ci", "GitLab CI", False)]),
    ("We use NATS as the message queue for the payments service.", [("user", "queue", "NATS", False)]),
    (
        "we swapped Kafka out for Redpanda as our queue",
        [("user", "queue", "Kafka", True), ("user", "queue", "Redpanda", False)],
    ),
    ("I've stopped using Emacs as my editor", [("user", "editor", "Emacs", True)]),
    (
        "Ghostty replaced kitty as my terminal",
        [("user", "terminal", "kitty", True), ("user", "terminal", "Ghostty", False)],
    ),
    ("everything's hosted on Linode right now", [("user", "cloud provider", "Linode", False)]),
    (
        "Everything on my calendar is in Fantastical, work and personal.",
        [("user", "calendar app", "Fantastical", False)],
    ),
    (
        "I have two cats, Miso and Tofu, and they fight",
        [("user", "has pet", "Miso", False), ("user", "has pet", "Tofu", False)],
    ),
    ("We keep everything in DuckDB, it's the only database we run.", [("user", "database", "DuckDB", False)]),
    ("For the message queue we went with NATS.", [("user", "queue", "NATS", False)]),
    ("I live in Ghostty as my terminal all day", [("user", "terminal", "Ghostty", False)]),
    (
        "setup: Fedora is the OS on my laptop, and Nushell is my shell",
        [("user", "shell", "Nushell", False), ("user", "os", "Fedora", False)],
    ),
    ("we host the whole stack on Hetzner", [("user", "cloud provider", "Hetzner", False)]),
    (
        "nothing beats a flat white for me, I'd pick it over tea any day",
        [("user", "prefers drink", "flat white", False)],
    ),
    # what trails a value: a date, an em dash, "with …", "very much"; a plan said with a future time
    ("I enjoy kayaking very much", [("user", "likes", "kayaking", False)]),
    ("I really enjoy stargazing — bought a telescope last month", [("user", "likes", "stargazing", False)]),
    ("my shell is zsh with oh-my-zsh, nothing fancy", [("user", "shell", "zsh", False)]),
    ("next month I'm starting at Canva, any tips?", []),
    ("I use fish as my shell so bash snippets break", [("user", "shell", "fish", False)]),
    ("we use NATS as our queue between services", [("user", "queue", "NATS", False)]),
    ("my husband's IDE is Emacs and he loves it", []),
    ("our hamster's name is Tofu and she runs the house", [("user", "has pet", "Tofu", False)]),
    # a spouse or a pet named in passing is presupposed, even in a question or a plan
    ("Can you write a limerick about my cat Biscotti?", [("user", "has pet", "Biscotti", False)]),
    ("me and my wife Sunniva are planning a trip, any ideas?", [("user", "married to", "Sunniva", False)]),
    ("Olga (my wife) says the soup was too salty", [("user", "married to", "Olga", False)]),
    ("my ex-wife Maria lives in Porto", []),
    ("our dog Rex died last year", [("user", "has pet", "Rex", True)]),  # a pet gone is retracted
    ("I gave away my cat Biscotti when I moved", []),
    ("my wife Maria and I divorced last year", []),
    ("I've got a bearded dragon called Sir Reginald", [("user", "has pet", "Sir Reginald", False)]),
    # a statement before a question set off by a dash; chat's "im", "fwiw"
    ("our builds run on CircleCI — why does the cache miss?", [("user", "ci", "CircleCI", False)]),
    ("fwiw I work for Siemens Healthineers, so keep it neutral", [("user", "works at", "Siemens Healthineers", False)]),
    ("im enrolled at the University of Otago, part time", [("user", "studies at", "University of Otago", False)]),
    ("i keep my schedule in Google Calendar", [("user", "calendar app", "Google Calendar", False)]),
    ("my sleep schedule is a mess", []),
    # introductions, leavings, lists and set-ups said in passing (consolidators/aboutme.py)
    ("actuary here, 58 and learning to code", [("user", "works as", "actuary", False)]),
    ("third year law student here, help me", [("user", "studies", "law", False)]),
    ("native of Cusco here 👋", [("user", "born in", "Cusco", False)]),
    ("newbie here, be gentle", []),
    ("the weather here is awful today", []),
    ("I'm no longer at Ocado, got laid off", [("user", "works at", "Ocado", True)]),
    ("I'm not on Mastodon anymore, email me", [("user", "uses", "Mastodon", True)]),
    ("We don't host anything on Azure anymore", [("user", "cloud provider", "Azure", True)]),
    ("my phone's a Pixel 7 and it's fine", [("user", "phone", "Pixel 7", False)]),
    ("Typing this on my Fairphone 4, sorry for typos", [("user", "phone", "Fairphone 4", False)]),
    ("I'm majoring in geology, so rocks are my thing", [("user", "studies", "geology", False)]),
    ("I finally made Vivaldi my browser", [("user", "browser", "Vivaldi", False)]),
    ("CI is Woodpecker for us, after years of Jenkins", [("user", "ci", "Woodpecker", False)]),
    ("default shell on my machine is fish, nothing exotic", [("user", "shell", "fish", False)]),
    (
        "I work at Zalando as a data analyst.",
        [("user", "works at", "Zalando", False), ("user", "works as", "data analyst", False)],
    ),
    (
        "I speak Ilocano at home and English at work",
        [("user", "speaks", "Ilocano", False), ("user", "speaks", "English", False)],
    ),
    (
        "I enjoy climbing and baking bread.",
        [("user", "likes", "climbing", False), ("user", "likes", "baking bread", False)],
    ),
    ("I love my wife and my kids", []),
    # a label with "now", a role with its machine, a pronoun for the role, a drink in lower case
    ("terminal: Wezterm now. it's fast", [("user", "terminal", "Wezterm", False)]),
    ("laptop OS is Fedora now, got fed up with snaps", [("user", "os", "Fedora", False)]),
    ("I moved my notes again, they're all in Anytype now", [("user", "notes app", "Anytype", False)]),
    ("moved every password into Bitwarden after the breach", [("user", "password manager", "Bitwarden", False)]),
    ("ok new obsession: kombucha is my favourite drink now", [("user", "prefers drink", "kombucha", False)]),
    ("Shell is fish these days, the autosuggestions sold me.", [("user", "shell", "fish", False)]),
    ("mail client is Thunderbird now, Outlook kept crashing", [("user", "email client", "Thunderbird", False)]),
    ("Our stuff is hosted on Fly.io these days.", [("user", "cloud provider", "Fly.io", False)]),
    ("Helix was fun but I'm coding in Zed as my IDE these days", [("user", "editor", "Zed", False)]),
    ("Wiped the laptop and installed NixOS on it, no regrets.", [("user", "os", "NixOS", False)]),
    ("Switched programmes: my degree is in computer science now.", [("user", "studies", "computer science", False)]),
    ("we ended up relocating to Ljubljana instead.", [("user", "lives in", "Ljubljana", False)]),
    ("New employer alert: Klarna poached me.", [("user", "works at", "Klarna", False)]),
    ("We finished the migration — PostgreSQL is our database now.", [("user", "database", "PostgreSQL", False)]),
    ("our CI moved again, Drone runs all our builds now", [("user", "ci", "Drone", False)]),
    ("we moved hosting from AWS to Scaleway, the bill halved", [("user", "cloud provider", "Scaleway", False)]),
    (
        "iTerm2 replaced Terminal.app as my terminal",
        [("user", "terminal", "Terminal.app", True), ("user", "terminal", "iTerm2", False)],
    ),
]

THIRD: list[tuple[str, list[Triple]]] = [
    ("Prof. Ian Moss lives in Durham.", [("Ian Moss", "lives in", "Durham", False)]),
    ("Real Madrid midfielder Luka Modric signed a new contract.", [("Luka Modric", "plays for", "Real Madrid", False)]),
    ("Former Arsenal striker Ian Wright opened a restaurant.", []),
    (
        "Margaret Atwood's novel The Testaments sold a million copies.",
        [("Margaret Atwood", "author of", "The Testaments", False)],
    ),
    ("Greta Gerwig's film Barbie opened in July.", [("Barbie", "directed by", "Greta Gerwig", False)]),
    (
        "Oppenheimer is a 2023 biopic from director Christopher Nolan.",
        [("Oppenheimer", "directed by", "Christopher Nolan", False)],
    ),
    ("Tenzor was started in 2011 by Mira Kovac.", [("Tenzor", "founded by", "Mira Kovac", False)]),
    ("Japan's currency, the yen, hit a new low.", [("Japan", "currency", "yen", False)]),
    ("Angkor Wat lies in northern Cambodia.", [("Angkor Wat", "located in", "Cambodia", False)]),
    ("Nordwind has said little about the merger.", []),
    ("Tampere mayor Kalle Joensuu said the line would open on time.", [("Tampere", "mayor", "Kalle Joensuu", False)]),
    (
        "Born in Accra in 1962, the architect Kwame Mensah studied in Zurich.",
        [("Kwame Mensah", "born in", "Accra", False)],
    ),
    (
        "A graduate of Sciences Po, Léa Marchand joined the ministry.",
        [("Léa Marchand", "educated at", "Sciences Po", False)],
    ),
    (
        "The Gothenburg-born cellist Freja Lindholm will not tour this year.",
        [("Freja Lindholm", "born in", "Gothenburg", False)],
    ),
    ("Anjali Rao, a physicist employed by CERN, led the work.", [("Anjali Rao", "works at", "CERN", False)]),
    ("The forint remains the currency of Hungary.", [("Hungary", "currency", "forint", False)]),
    (
        "The capital of Lesotho is Maseru and its currency is the loti.",
        [("Lesotho", "capital", "Maseru", False), ("Lesotho", "currency", "loti", False)],
    ),
    ("Microsoft has owned the Minecraft studio Mojang since 2014.", [("Mojang", "owned by", "Microsoft", False)]),
    ("The ancient city of Petra lies in southern Jordan.", [("Petra", "located in", "Jordan", False)]),
    ("Lena Hoff now turns out for Wolfsburg.", [("Lena Hoff", "plays for", "Wolfsburg", False)]),
    ("Mei Lin is now on the payroll at ByteDance.", [("Mei Lin", "works at", "ByteDance", False)]),
    ("Maja Kos now holds the office of mayor of Ljubljana.", [("Ljubljana", "mayor", "Maja Kos", False)]),
    ("Ajax signed Kwabena Asare from Feyenoord.", [("Kwabena Asare", "plays for", "Ajax", False)]),
    ("Naomi Fischer now leads Arcwell Energy as chief executive.", [("Arcwell Energy", "ceo", "Naomi Fischer", False)]),
    (
        "Camila Rojas, Valparaíso's newly elected mayor, promised to fix the funiculars.",
        [("Valparaíso", "mayor", "Camila Rojas", False)],
    ),
    ("Prices in Poland are quoted in złoty, the national currency.", [("Poland", "currency", "złoty", False)]),
    ("The Alhambra, a palace complex in Granada, draws crowds.", [("Alhambra", "located in", "Granada", False)]),
    ("Coyoacán, where Frida Kahlo died, is now home to her museum.", [("Frida Kahlo", "died in", "Coyoacán", False)]),
    ("Laptop maker Nordbit had a bad year.", []),
    (
        "Halvard Robotics moved its head office from Osaka to Kyoto.",
        [("Halvard Robotics", "headquartered in", "Kyoto", False)],
    ),
    ("Lumen Aero's head office has moved to Bordeaux.", [("Lumen Aero", "headquartered in", "Bordeaux", False)]),
    ("Clara Voss took the helm at Nimbra Labs as CEO.", [("Nimbra Labs", "ceo", "Clara Voss", False)]),
    ("Norvik Systems named Jonas Eide CEO after the vote.", [("Norvik Systems", "ceo", "Jonas Eide", False)]),
    ("Quillon Software has a new CEO: Isabel Mora.", [("Quillon Software", "ceo", "Isabel Mora", False)]),
    (
        "Diego Arce completed his transfer from River Plate to Boca Juniors.",
        [("Diego Arce", "plays for", "Boca Juniors", False)],
    ),
    ("Ardent Capital completed its acquisition of Quillmark.", [("Quillmark", "owned by", "Ardent Capital", False)]),
    ("Corvid Air was sold by Skyline Group to Arrow Partners.", [("Corvid Air", "owned by", "Arrow Partners", False)]),
    ("Felix Sandoval now calls Santiago home.", [("Felix Sandoval", "lives in", "Santiago", False)]),
    ("Felix Sandoval has joined the IMF as a senior economist.", [("Felix Sandoval", "works at", "IMF", False)]),
    ("A correction: Mirela Dobre died in Geneva.", [("Mirela Dobre", "died in", "Geneva", False)]),
    # the denied name is no value; what the correction states is
    (
        "Astrid Holm is the director of Northbound, not Erik Lund.",
        [("Northbound", "directed by", "Astrid Holm", False)],
    ),
    ("Lego's headquarters are in the Danish town of Billund.", [("Lego", "headquartered in", "Billund", False)]),
    # a pronoun is the one person the sentence named before it
    (
        "An earlier profile misstated Idris Bello's birthplace; he was born in Kano.",
        [("Idris Bello", "born in", "Kano", False)],
    ),
    (
        "Mira Castellan returned to her hometown of Trieste, where she now lives.",
        [("Mira Castellan", "lives in", "Trieste", False)],
    ),
    ("Maria said he was born in Kano.", []),
    # a club a player joined on a deal; an employer a person joined
    ("Lars Ekdahl has joined Celtic on a three-year deal.", [("Lars Ekdahl", "plays for", "Celtic", False)]),
    ("Grace Mwangi joined the World Bank.", [("Grace Mwangi", "works at", "World Bank", False)]),
    (
        "Tobias Renn joined the Oslo Philharmonic Orchestra in 2018.",
        [("Tobias Renn", "member of", "Oslo Philharmonic Orchestra", False)],
    ),
    ("CSKA Sofia is Ivan Petrov's club now.", [("Ivan Petrov", "plays for", "CSKA Sofia", False)]),
    ("Polaris Rail's top job has gone to Jakub Horák.", [("Polaris Rail", "ceo", "Jakub Horák", False)]),
    # a capital or a language changed, and a country named only by its (coined) adjective
    ("Belmoria relocated its government, making Kaldo the new capital.", [("Belmoria", "capital", "Kaldo", False)]),
    ("Rising seas forced Tuvessa to transfer its capital to Lau Moana.", [("Tuvessa", "capital", "Lau Moana", False)]),
    ("Following the referendum, the Marovian capital is now Nesh.", [("Marovia", "capital", "Nesh", False)]),
    # a coined demonym names the country its ending undoes, as "the Marovian capital" does
    ("Jorrit Marken is a Norvassan citizen.", [("Jorrit Marken", "citizen of", "Norvassa", False)]),
    (
        "Lawmakers replaced Russian with Romanian as the official language of Marovia.",
        [("Marovia", "official language", "Romanian", False)],
    ),
    ("Shops across Sundara now price goods in the ringgit.", [("Sundara", "currency", "ringgit", False)]),
    # the plainest shapes, read by their words when the parse misreads an unfamiliar name
    ("Windhoek is the capital of Namibia.", [("Namibia", "capital", "Windhoek", False)]),
    ("Icelandic serves as the official language of Iceland.", [("Iceland", "official language", "Icelandic", False)]),
    ("The footballer Mats Eriksen is a Norwegian citizen.", [("Mats Eriksen", "citizen of", "Norway", False)]),
    ("Selma Ortiz is the former mayor of Quito.", []),
    ("Oyelaran's chief of staff, Bram de Wit, worked at Unilever.", []),
    (
        "Born in Cairo to Greek parents, the tenor Nikos Haddad sings in Athens.",
        [("Nikos Haddad", "born in", "Cairo", False)],
    ),
    ("Veteran defender Mats Hollund retired on Monday.", []),
    ("Hyun-woo Baek is married to the cellist Mina Seo.", [("Hyun-woo Baek", "married to", "Mina Seo", False)]),
    ("Born in Pécs, Anna Kovács moved to Vienna as a child.", [("Anna Kovács", "born in", "Pécs", False)]),
    # news idioms: leaving, homes, bands, capitals, a founder first, a job title before the name
    ("Karin Lindqvist has left Volvo Cars.", [("Karin Lindqvist", "works at", "Volvo Cars", True)]),
    ("Singer Maya Oduya quit the band Neon Harbour.", [("Maya Oduya", "member of", "Neon Harbour", True)]),
    (
        "Lena Moreau left Marlow Biotech and joined Solvane Energy.",
        [("Lena Moreau", "works at", "Solvane Energy", False)],
    ),
    ("The retired cyclist Jana Novotná makes her home in Girona.", [("Jana Novotná", "lives in", "Girona", False)]),
    ("Finnbar Loy is the drummer in The Ash Lanterns.", [("Finnbar Loy", "member of", "Ash Lanterns", False)]),
    ("Aiko Tanaka plays drums in Paper Lanterns.", [("Aiko Tanaka", "member of", "Paper Lanterns", False)]),
    (
        "Tove Aasland was elected to the Norwegian Academy of Sciences.",
        [("Tove Aasland", "member of", "Norwegian Academy of Sciences", False)],
    ),
    (
        "Founded by Yuki Hamada, the Kyoto gallery Hoshi Space shows ceramics.",
        [("Hoshi Space", "founded by", "Yuki Hamada", False)],
    ),
    (
        '"No new taxes," said Mayor Harriet Oyelaran of Port Kessick.',
        [("Port Kessick", "mayor", "Harriet Oyelaran", False)],
    ),
    ("Kazakhstan moved its seat of government to Astana in 1997.", [("Kazakhstan", "capital", "Astana", False)]),
    (
        "The Chicago Sky have signed guard Amani Wells to a new contract.",
        [("Amani Wells", "plays for", "Chicago Sky", False)],
    ),
    ("Economist Tariq Hassan has joined the IMF.", [("Tariq Hassan", "works at", "IMF", False)]),
    ("Goalkeeper Tiago Lemos has joined Braga on loan.", [("Tiago Lemos", "plays for", "Braga", False)]),
    # shapes read by their words: a currency's lower-case name, a work and its maker, demonyms the list now has
    ("Ghana's cedi slipped two percent.", [("Ghana", "currency", "cedi", False)]),
    (
        "Things Fall Apart is a 1958 novel by Chinua Achebe.",
        [("Chinua Achebe", "author of", "Things Fall Apart", False)],
    ),
    (
        "Quillon Games, a Tenvale Interactive subsidiary, cut staff.",
        [("Quillon Games", "owned by", "Tenvale Interactive", False)],
    ),
    ("Lila Chand holds Fijian citizenship.", [("Lila Chand", "citizen of", "Fiji", False)]),
    # names opening with a capital outside ASCII, and more of the news idioms of change
    ("Ørsted completed its purchase of Ferrowind.", [("Ferrowind", "owned by", "Ørsted", False)]),
    ("The capital of Qadira has been moved to Sahlan.", [("Qadira", "capital", "Sahlan", False)]),
    ("Tavonia switched to the euro at midnight.", [("Tavonia", "currency", "euro", False)]),
    ("Voters in Carrow Bay elected Brendan Kiely as mayor.", [("Carrow Bay", "mayor", "Brendan Kiely", False)]),
    ("Velda Pharma named interim chief executive Mette Holm.", [("Velda Pharma", "ceo", "Mette Holm", False)]),
    (
        "The Glasgow-headquartered publisher Haversham Books grew.",
        [("Haversham Books", "headquartered in", "Glasgow", False)],
    ),
    ("Augusto Ferrante's death took place in Bergamo.", [("Augusto Ferrante", "died in", "Bergamo", False)]),
    (
        "Hamid Karimi has left UNICEF to join the World Food Programme.",
        [("Hamid Karimi", "works at", "World Food Programme", False)],
    ),
    ("Statkraft has recruited Ingrid Solberg from Equinor.", [("Ingrid Solberg", "works at", "Statkraft", False)]),
    ("Arjun Batra and his new wife, Kavya Rao, arrived.", [("Arjun Batra", "married to", "Kavya Rao", False)]),
    ("LOSC Lille unveiled new signing Emeka Obi on Tuesday.", [("Emeka Obi", "plays for", "LOSC Lille", False)]),
    (
        "VfL Wolfsburg announced the arrival of South Korean forward Joon-ho Lim.",
        [("Joon-ho Lim", "plays for", "VfL Wolfsburg", False)],
    ),
    ("Herald switched to Atom last year.", [("Herald", "uses", "Atom", False)]),
    ("Leilani Kahale has left Keck for NASA.", [("Leilani Kahale", "works at", "NASA", False)]),
    (
        "Henrik Bakke has succeeded Kari Moen as Nordlys Energy's CEO.",
        [("Nordlys Energy", "ceo", "Henrik Bakke", False)],
    ),
    ("Tidewater Bank promoted Mei Lin Chua to chief executive.", [("Tidewater Bank", "ceo", "Mei Lin Chua", False)]),
    ("Voters made Aisha Noor the mayor of Ravenna Falls.", [("Ravenna Falls", "mayor", "Aisha Noor", False)]),
    ("Maarit Oja has taken office as Ostrelia's head of state.", [("Ostrelia", "president", "Maarit Oja", False)]),
    (
        "Veradia moved its capital from Montauré to the planned city of Saint-Lys.",
        [("Veradia", "capital", "Saint-Lys", False)],
    ),
    (
        "Skylark Analytics completed its headquarters move to Denver.",
        [("Skylark Analytics", "headquartered in", "Denver", False)],
    ),
    (
        "Linden Legal Group has taken over Hollis & Crane.",
        [("Hollis & Crane", "owned by", "Linden Legal Group", False)],
    ),
    ("Feyenoord have sold Kaito Mbeki to Celtic.", [("Kaito Mbeki", "plays for", "Celtic", False)]),
    ("Mateus Rocha joined Lyon from Porto on a five-year deal.", [("Mateus Rocha", "plays for", "Lyon", False)]),
    (
        "Mirela Dobre left Salzburg and is now on the faculty of the Vienna Conservatory.",
        [("Mirela Dobre", "works at", "Vienna Conservatory", False)],
    ),
    ("The tennis player Naomi Osaka is a Japanese citizen.", [("Naomi Osaka", "citizen of", "Japan", False)]),
    ("Prices in Ghana are quoted in cedis.", [("Ghana", "currency", "cedi", False)]),
    ("Born in Gori, Marta Jikia moved to Tbilisi as a teenager.", [("Marta Jikia", "born in", "Gori", False)]),
    (
        "Hanbit Semiconductor, the Suwon-based chipmaker, named a new chief.",
        [("Hanbit Semiconductor", "headquartered in", "Suwon", False)],
    ),
    # a "who" clause, a spouse "with" the subject, a role "of" a described name
    (
        "Defender Lucas Moreau, a citizen who plays for Club Brugge, scored.",
        [("Lucas Moreau", "plays for", "Club Brugge", False)],
    ),
    (
        "Hannah Osei, who is on staff at the Wellcome Trust, wrote it.",
        [("Hannah Osei", "works at", "Wellcome Trust", False)],
    ),
    ("Maria Lopez, who used to live in Quito, moved away.", []),
    (
        "Sela Obi lives in Bergen with her husband Tobias Renn.",
        [("Sela Obi", "married to", "Tobias Renn", False), ("Sela Obi", "lives in", "Bergen", False)],
    ),
    (
        "Enugu is the birthplace of the novelist Chimamanda Adichie.",
        [("Chimamanda Adichie", "born in", "Enugu", False)],
    ),
    (
        "Goalkeeper Yuki Tanabe currently turns out for Urawa Red Diamonds.",
        [("Yuki Tanabe", "plays for", "Urawa Red Diamonds", False)],
    ),
]


def _facts(sentence: str, role: str) -> list[Triple]:
    return [(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, role)]


@pytest.mark.parametrize(("sentence", "expected"), CHAT)
def test_chat_frames(sentence: str, expected: list[Triple]) -> None:
    assert _facts(sentence, "user") == expected


@pytest.mark.parametrize(("sentence", "expected"), THIRD)
def test_descriptions_before_the_verb(sentence: str, expected: list[Triple]) -> None:
    assert _facts(sentence, "assistant") == expected
