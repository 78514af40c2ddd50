"""People who move between teams, employers and homes, read by the structure of the move
(:mod:`consolidators.moves`): the party reached is the current value, the party left is never emitted as
current, and the relation comes from the sentence's evidence. Each row is worded here, not taken from a
corpus; the rows that must yield nothing (rumours, plans, denials, ended spells, questions) fail if the
reader stops checking what keeps a move from being a fact."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators import extract_triples
from consolidators.extractive import session_facts
from consolidators.moves import read
from consolidators.types import Turn

Triple = tuple[str, str, str, bool]

NEWS: list[tuple[str, list[Triple]]] = [
    # a club takes the person in: the club is the party reached
    (
        "Aston Villa have snapped up Ines Duarte from Benfica.",
        [("Ines Duarte", "plays for", "Aston Villa", False)],
    ),
    ("Real Betis swooped for Kofi Amankwah on deadline day.", [("Kofi Amankwah", "plays for", "Real Betis", False)]),
    (
        "Hajduk Split have signed Marko Perić from city rivals RNK, paying a club-record fee.",
        [("Marko Perić", "plays for", "Hajduk Split", False)],
    ),
    (
        "Lorient have landed winger Yanis Benali from Angers, and he trained with the squad on Monday.",
        [("Yanis Benali", "plays for", "Lorient", False)],  # "winger" is his position, not his name
    ),
    # a club lets the person go: the party reached comes from a later clause or "to"
    (
        "Rosenborg sold Eirik Solberg to Brann, where he signed a four-year contract.",
        [("Eirik Solberg", "plays for", "Brann", False)],
    ),
    (
        "Celta cashed in on Iago Pereira, who is now a Sevilla player.",
        [("Iago Pereira", "plays for", "Sevilla", False)],
    ),
    (
        "Utrecht let Noor Bakker go on a free transfer and she now plays for Heerenveen.",
        [("Noor Bakker", "plays for", "Heerenveen", False)],
    ),
    (
        "Sparta Prague loaned Tomáš Novák to Slavia Prague for the rest of the season.",
        [("Tomáš Novák", "plays for", "Slavia Prague", False)],
    ),
    (
        "Jonas Wirtz was sold by Mainz to Freiburg, where he made his debut on Sunday.",
        [("Jonas Wirtz", "plays for", "Freiburg", False)],
    ),
    # the person acts
    (
        "Emma Nilsson is Arsenal's new goalkeeper after her transfer from Häcken.",
        [("Emma Nilsson", "plays for", "Arsenal", False)],
    ),
    (
        "Sam Okafor has completed his move to Ipswich from Barnsley on a season-long loan.",
        [("Sam Okafor", "plays for", "Ipswich", False)],
    ),
    (
        "Pilar Gómez swapped Levante for Valencia in a €3m transfer.",
        [("Pilar Gómez", "plays for", "Valencia", False)],
    ),
    (
        "Lina Berg has gone back to Norway to play for Vålerenga.",  # the move's purpose names the team
        [("Lina Berg", "plays for", "Vålerenga", False)],
    ),
    ("Oskar Wiik went on loan to Odd for the spring.", [("Oskar Wiik", "plays for", "Odd", False)]),
    # employers: the sentence shows a job, not a team
    (
        "Nordic Semi has hired Jonas Aho from Ericsson, who will lead its radio unit.",  # the new job's future
        [("Jonas Aho", "works at", "Nordic Semi", False)],
    ),
    (
        "Unilever's Hannah Schultz has defected to Danone, which announced her appointment on Monday.",
        [("Hannah Schultz", "works at", "Danone", False)],
    ),
    (
        "Rahul Mehta left Infosys for rival Wipro, where he now works.",
        [("Rahul Mehta", "works at", "Wipro", False)],
    ),
    (
        "Le Monde confirmed Claire Dubois's departure; she is now an editor at Libération.",
        [("Claire Dubois", "works at", "Libération", False)],
    ),
    (
        "Greta Lund has been poached by Spotify from Klarna.",
        [("Greta Lund", "works at", "Spotify", False)],
    ),
    (
        "Baxter Labs hired Olga Petrova from Novartis to run its oncology unit.",
        [("Olga Petrova", "works at", "Baxter Labs", False)],
    ),
    (
        "Tomás Ortega jumped ship to Telefónica after a decade at Vodafone.",
        [("Tomás Ortega", "works at", "Telefónica", False)],
    ),
    (
        "Kwabena Mensah is now with Paystack, having left Interswitch.",
        [("Kwabena Mensah", "works at", "Paystack", False)],
    ),
    ("Sofia Brandt is now a data scientist at Zalando.", [("Sofia Brandt", "works at", "Zalando", False)]),
    (
        "Hanna Virtanen has moved from Nordea Bank to Wolt.",  # a party named as a company: an employer
        [("Hanna Virtanen", "works at", "Wolt", False)],
    ),
    (
        "Bologna announced the signing of Elias Lund from Malmö.",
        [("Elias Lund", "plays for", "Bologna", False)],
    ),
    ("Aya Haddad is now a Lyon player after leaving Montpellier.", [("Aya Haddad", "plays for", "Lyon", False)]),
    # homes
    ("Ingrid Sæther has moved back from Singapore to Trondheim.", [("Ingrid Sæther", "lives in", "Trondheim", False)]),
    ("Yuki Sato relocated from Osaka to Sapporo with her family.", [("Yuki Sato", "lives in", "Sapporo", False)]),
    (
        "Deloitte has moved Chidi Okeke to Lagos, where he now lives.",
        [("Chidi Okeke", "lives in", "Lagos", False)],
    ),
    # nothing: rumours, plans, denials, questions, ended spells, the past, a move the sentence can't place
    ("Niklas Berg is set to join Hoffenheim from Augsburg.", []),
    ("Porto could sign Jan Kowal from Legia in January.", []),
    ("Dortmund are reportedly close to signing Ayo Bello from Lille.", []),
    ("Carla Mendes denied that she has signed for Flamengo.", []),
    ("Has Ivan Petrov joined Zenit from Spartak?", []),
    ("Kasper Holm's loan at Odense ended and he returned to Brøndby.", []),
    ("Leon Fischer used to play for Hertha before he moved to Leipzig.", []),
    ("Marta Ruiz never joined Getafe after all.", []),
    # a role before the name and a post after it that are no place on the team: staff, not a player
    ("Kalmar have signed former agent Petra Holm as a scout.", [("Petra Holm", "works at", "Kalmar", False)]),
    ("If Lazio sell Dario Conti to Torino, the fans will riot.", []),
    ("Mila Horvat may move from Zagreb to Vienna next year.", []),
    ("Dinamo sold Petar Kos to Rijeka, but the deal collapsed at the medical.", []),
    ("Dinamo sold the striker Petar Kos to Rijeka, but the deal collapsed at the medical.", []),
]
#: A move no word places (a job, a team or a home) yields none of those relations.
UNPLACED = [
    "Nora Eide has switched from Equinor to Aker.",
    "Statkraft sold Nordlys Energi to Equinor.",
    "Vestas has signed Orsted Energy as a customer.",  # a company's name: no person signed
]

READ: list[tuple[str, tuple[str, str, str] | None]] = [
    # the party left is read, never returned as current
    ("Wigan have signed Ella Shaw from Burnley.", ("Ella Shaw", "Wigan", "Burnley")),
    ("Kerry Foods' Aidan Roche has defected to Tesco.", ("Aidan Roche", "Tesco", "Kerry Foods")),
    ("Femi Ade left Brentford for Fulham.", ("Femi Ade", "Fulham", "Brentford")),
    ("Palermo are interested in Ugo Sala.", None),
]

CHAT: list[tuple[str, list[Triple]]] = [
    # the user's own changes, each read in its clause
    ("sold the flat, shipped the boxes, and we've ended up in Tartu for good", [("user", "lives in", "Tartu", False)]),
    ("we finally settled in Kraków after a year of hopping around", [("user", "lives in", "Kraków", False)]),
    ("we just landed in Kraków, the flight was bumpy", []),  # a landing that lasts says so
    (
        "the Deliveroo thing fell apart, but I signed with Glovo last week",
        [("user", "works at", "Glovo", False)],
    ),
    ("if I sign with Glovo I'll need a bike", []),
    ("my sister signed with Glovo", []),
    ("got promoted to lead designer, still can't believe it", [("user", "works as", "lead designer", False)]),
    ("my official title is platform engineer since March", [("user", "works as", "platform engineer", False)]),
    ("changed my major to linguistics, econ was killing me", [("user", "studies", "linguistics", False)]),
    ("I might switch my major to history", []),
    ("my position is that we should wait", []),  # an opinion, not a job title
    ("the password manager got switched to Bitwarden", [("user", "password manager", "Bitwarden", False)]),
    (
        "my calendar has moved again; everything sits in Fantastical now",
        [("user", "calendar app", "Fantastical", False)],
    ),
    # a third-person move said in chat is still read; "I" is not its subject
    ("Benfica signed Rui Costa Silva from Braga, wild", [("Rui Costa Silva", "plays for", "Benfica", False)]),
    ("my cousin says Lyon might sell Theo Marin to Lens", []),
]

#: The user's own changes said by the shape of the change (:mod:`consolidators.usermoves`), and what must yield
#: none: a plan, a hedge, a question, a negation, a past "used to", someone else's move, a rumour.
USER_CHANGES: list[tuple[str, list[Triple]]] = [
    # a new home: said as the life there, or a move then where "we are" in a later clause
    ("relocated yet again haha, we're in Tromsø since March", [("user", "lives in", "Tromsø", False)]),
    ("so happy living here in porto", [("user", "lives in", "porto", False)]),
    ("my brother moved again, they're in Cardiff now", []),
    ("we moved last year; are we in Leeds for good? who knows", []),
    # chat's typing: a misspelt adverb, a lower-case place said to hold now; an English word is no place
    ("we are realy in dundee now, moved over easter", [("user", "lives in", "dundee", False)]),
    ("im finaly settled in perth now (moved down from inverness)", [("user", "lives in", "perth", False)]),
    ("moved last month, we are in chaos now", []),
    # a new job's opening title; a career's start long ago is no title now
    (
        "I landed at Orbis Labs, I started as a data engineer on Tuesday",
        [("user", "works at", "Orbis Labs", False), ("user", "works as", "data engineer", False)],
    ),
    ("I started as a dishwasher years ago and now I own the place", []),
    # a school: transferred with the study named, enrolled, or "I'm at" after the transfer
    ("transferred to Goldsmiths, the seminars suit me better", [("user", "studies at", "Goldsmiths", False)]),
    ("transferred — I'm at the University of Leeds now", [("user", "studies at", "University of Leeds", False)]),
    ("I'm enrolled at Maastricht University since September", [("user", "studies at", "Maastricht University", False)]),
    (
        "I transferred my part-time degree to King's College London",
        [("user", "studies at", "King's College London", False)],
    ),
    ("I transferred to the Brighton office last month", []),  # no study named: a job's transfer
    ("should I transfer to Goldsmiths?", []),
    ("thinking of transferring to Goldsmiths, the seminars look better", []),
    # a field of study: switched, then "it's X now"
    ("switched degrees this year, it's philosophy now", [("user", "studies", "philosophy", False)]),
    ("changed my course, it's nursing now", [("user", "studies", "nursing", False)]),
    ("might change my course, maybe it's nursing now", []),
    # a tool: the role switched and the new one, moved out of one into another, the one "we're on now", an arrow
    ("swapped browsers: Vivaldi now", [("user", "browser", "Vivaldi", False)]),
    ("email's in Thunderbird now", [("user", "email client", "Thunderbird", False)]),
    (
        "Moved my passwords out of LastPass and into Bitwarden",
        [("user", "password manager", "Bitwarden", False)],
    ),
    ("we migrated everything from Heroku over to Fly.io", [("user", "cloud provider", "Fly.io", False)]),
    ("Vercel got pricey; we're on Netlify now", [("user", "cloud provider", "Netlify", False)]),
    (
        "smashed the iPhone on the pavement, replaced it with a Fairphone 5",
        [("user", "phone", "Fairphone 5", False)],
    ),
    ("firefox -> Librewolf, that's my browser now", [("user", "browser", "Librewolf", False)]),
    ("upgraded laptops finally, I'm on a Framework 13 now", []),  # a laptop is no tool's role
    ("thinking of switching terminals, maybe Ghostty", []),
    ("might move everything from AWS over to Hetzner next year", []),
    ("I used to be on AWS, now who knows", []),
    ("rumour is we're moving to Hetzner", []),
    # a job: the first day said, a title with its field, the title after "I'm" (no "m" kept)
    ("today was my first day at Monzo", [("user", "works at", "Monzo", False)]),
    ("Got promoted, I'm head chef now!", [("user", "works as", "head chef", False)]),
    ("I'm a director of marketing as of Monday", [("user", "works as", "director of marketing", False)]),
    ("if I get promoted I'd be head chef", []),
    # a drink: what beats the rest, the go-to
    (
        "oat milk flat white beats anything else I drink tbh",
        [("user", "prefers drink", "oat milk flat white", False)],
    ),
    ("lately my go-to is rooibos", [("user", "prefers drink", "rooibos", False)]),
    ("give me a proper espresso over anything else", [("user", "prefers drink", "espresso", False)]),
    ("my go-to is the bus", []),
    ("these days I grab a cortado over anything else", [("user", "prefers drink", "cortado", False)]),
    ("honestly kefir is my drink of choice now", [("user", "prefers drink", "kefir", False)]),
    ("kefir used to be my drink of choice", []),
    # more of each family: a switch said with "this time", a job left then the new one, a new place, a school got into
    ("changed browsers again, Brave this time", [("user", "browser", "Brave", False)]),
    ("swapped shells, nushell this time", [("user", "shell", "nushell", False)]),
    ("swapped shells, whatever this time", []),  # a lower-case word the tool lists don't know
    ("changed my editor from vim to helix, modal editing stays", [("user", "editor", "helix", False)]),
    ("moved CI off Jenkins to Buildkite because the box kept dying", [("user", "ci", "Buildkite", False)]),
    (
        "everything's on DigitalOcean now, the Azure invoices were brutal",
        [("user", "cloud provider", "DigitalOcean", False)],
    ),
    ("my notes moved to Capacities, the graph view sold me", [("user", "notes app", "Capacities", False)]),
    (
        "handed in my notice at Asos, I'm at Ocado now",
        [("user", "works at", "Asos", True), ("user", "works at", "Ocado", False)],
    ),
    ("quit Ocado in May and started at Deliveroo this week", [("user", "works at", "Deliveroo", False)]),
    ("I left Ocado and my sister is at Deliveroo now", [("user", "works at", "Ocado", True)]),
    ("might quit Ocado, maybe I'll be at Deliveroo now", []),
    ("sending this from our new flat in Gdańsk", [("user", "lives in", "Gdańsk", False)]),
    ("our new flat in Gdańsk will be ready in May", []),
    ("we are now settled in Nantes, finally", [("user", "lives in", "Nantes", False)]),
    (
        "got into the University of Ghent for my PhD and I'm studying there now",
        [("user", "studies at", "University of Ghent", False)],
    ),
    ("got into the University of Ghent, not sure I'll go", []),
    ("switched majors, it's geology I'm studying now", [("user", "studies", "geology", False)]),
    # a state that began and still holds; a switch of the kind of place one works at, then where one is now
    ("honestly I've been on Debian for ages", [("user", "os", "Debian", False)]),
    ("I've been using Vivaldi since the spring", [("user", "uses", "Vivaldi", False)]),  # no role said
    ("I've been on Debian for ages but tried NixOS last month", [("user", "os", "Debian", False)]),  # a trial
    ("switched jobs in March, now at Meadowbank Surgery", [("user", "works at", "Meadowbank Surgery", False)]),
    ("switched clinics for the physio, now at Meadowbank Surgery", []),  # patients switch clinics too
    ("we moved the family to a bigger flat", []),  # a home, no place named
    ("my flatmate switched jobs, now at Meadowbank Surgery", []),
    ("Bear was way too limited, everything's in Capacities now", [("user", "notes app", "Capacities", False)]),
    ("everything's in Lisbon now, the boxes too", []),  # a place is no tool
    # the household moves with the speaker; a person is no role a tool fills
    ("we relocated the family to Tromsø last summer", [("user", "lives in", "Tromsø", False)]),
    ("we moved the kids to Tromsø last summer", [("user", "lives in", "Tromsø", False)]),
    ("my cousin relocated his family to Tromsø", []),
    # a noun no role names, for a tool known for one role; the least favourite is not the one used
    ("my daily driver is a Pixel 7a", [("user", "phone", "Pixel 7a", False)]),
    ("my least favourite browser is Opera", []),
]
#: Third-person moves and states: a club's shape of name is a team, a company's an employer, a swap of two
#: unknown parties no tool, and the place a person now lives.
THIRD: list[tuple[str, list[Triple]]] = [
    ("Lena Vogt has joined Borussia Dortmund.", [("Lena Vogt", "plays for", "Borussia Dortmund", False)]),
    ("Chloe Kelly has joined Manchester City Women.", [("Chloe Kelly", "plays for", "Manchester City Women", False)]),
    ("Pau Ferrer has joined Real Zaragoza.", [("Pau Ferrer", "plays for", "Real Zaragoza", False)]),
    ("Ana Costa has joined UN Women.", [("Ana Costa", "works at", "UN Women", False)]),  # an agency, no team
    ("Mark Tan has joined United Airlines.", [("Mark Tan", "works at", "United Airlines", False)]),
    ("Jonas Berg has joined Baker + Partners.", [("Jonas Berg", "works at", "Baker + Partners", False)]),
    ("Ilse Jansen has swapped Ajax for Feyenoord.", []),
    ("Priya Nair lives in Pune now.", [("Priya Nair", "lives in", "Pune", False)]),
    ("Omar Al-Masri lives in Irbid now.", [("Omar Al-Masri", "lives in", "Irbid", False)]),
    ("Omar Haddad has settled in Lisbon.", [("Omar Haddad", "lives in", "Lisbon", False)]),
    ("Priya Nair used to live in Pune.", []),
    ("Priya Nair may move to Pune.", []),
    ("Sara Lind is rumoured to have joined Real Sociedad.", []),
    ("Does Lina Park live in Busan?", []),
    ("Ola Berg, a keen sailor, now resides in Bergen.", [("Ola Berg", "lives in", "Bergen", False)]),
    ("Lyon's Mia Roux is off to Inter Milan, the club confirmed.", [("Mia Roux", "plays for", "Inter Milan", False)]),
    ("Mia Roux could be off to Inter Milan.", []),
    ("Mia Roux is off to Bergen for the weekend.", []),
    # a home said beside what else the sentence says of the person: only the home is replaced
    (
        "Bassist Ivo Lind, a member of Stray Owls, lives in Tartu.",
        [("Ivo Lind", "member of", "Stray Owls", False), ("Ivo Lind", "lives in", "Tartu", False)],
    ),
]


@pytest.mark.parametrize(("sentence", "expected"), USER_CHANGES)
def test_the_users_changes(sentence: str, expected: list[Triple]) -> None:
    got = {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")}
    assert got == set(expected)


@pytest.mark.parametrize(("sentence", "expected"), THIRD)
def test_third_person_joins_and_homes(sentence: str, expected: list[Triple]) -> None:
    got = {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "assistant")}
    assert got == set(expected)


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("relocated AGAIN lol. we're in Tromsø since March", ("lives in", "Tromsø")),
        ("switched majors, history wasn't it. it's geography now", ("studies", "geography")),
        ("new phone day! got a Fairphone 5", ("phone", "Fairphone 5")),
        ("new laptop day! got a ThinkPad X1", None),  # a laptop is no tool's role
        ("my sister relocated. we're in Tromsø for the week", None),
        ("switched majors. is it geography now?", None),
    ],
)
def test_a_change_said_over_two_sentences(message: str, expected: tuple[str, str] | None) -> None:
    turn = Turn(event_id="e1", role="user", content=message, ts=datetime(2026, 1, 1, tzinfo=UTC), seq=0)
    got = [(f.predicate, f.object) for f in session_facts([turn]) if f.subject == "user" and not f.retract]
    assert got == ([expected] if expected else [])


@pytest.mark.parametrize(("sentence", "expected"), NEWS)
def test_news_moves(sentence: str, expected: list[Triple]) -> None:
    got = {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "assistant")}
    assert got == set(expected)


@pytest.mark.parametrize("sentence", UNPLACED)
def test_a_move_no_word_places(sentence: str) -> None:
    said = {f.predicate for f in extract_triples(sentence, "assistant")}
    assert not said & {"plays for", "works at", "lives in"}


@pytest.mark.parametrize(("sentence", "expected"), CHAT)
def test_moves_said_in_chat(sentence: str, expected: list[Triple]) -> None:
    got = {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")}
    assert got == set(expected)


@pytest.mark.parametrize(("sentence", "parties"), READ)
def test_the_parties_of_a_move(sentence: str, parties: tuple[str, str, str] | None) -> None:
    move = read(sentence)
    assert (None if move is None else (move.person, move.to, move.left)) == parties


@pytest.mark.parametrize(
    "sentence", ["I joined the Wolverines as a shooting guard.", "I joined the Mariners as their shortstop."]
)
def test_a_playing_position_joined_is_no_post(sentence: str) -> None:
    """A sport's position is a place on a team (a player's ``plays for``), never an employer's post."""
    found = session_facts([Turn("e1", "user", sentence, 1.0)])
    assert not [f for f in found if f.predicate == "works at"]
