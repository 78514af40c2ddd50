"""People who move between teams, employers and homes, read by the structure of the move
(:mod:`consolidators.moves`): the party reached is the current value, the party left is never emitted as
current, and the relation comes from the sentence's evidence. Each row is worded here, not taken from a
corpus; the rows that must yield nothing (rumours, plans, denials, ended spells, questions) fail if the
reader stops checking what keeps a move from being a fact."""

from __future__ import annotations

import pytest

from consolidators import extract_triples
from consolidators.moves import read

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
