"""Athletes and their teams: the club a player plays for, named in passing (:mod:`consolidators.teams`) or by a
move (:mod:`consolidators.moves`), and a band joined as its member. Every row is worded here, with names and
verbs of its own, not taken from a corpus. The rows that must yield nothing (a past description, a rumour, a
question, a hedge, someone's relative, a company's or a band's person, a job) fail if the readers stop checking
what keeps a description from being a current fact."""

from __future__ import annotations

import pytest

from consolidators import extract_triples, teams
from consolidators.spans import make_fact

Triple = tuple[str, str, str, bool]

DESCRIBED: list[tuple[str, list[Triple]]] = [
    # a club's name the parse reads as a verb and a number
    (
        "Lewis Marett now plays for Racing 92, the club confirmed.",
        [("Lewis Marett", "plays for", "Racing 92", False)],
    ),
    # a season at a team, said before or beside the name
    (
        "Now in her third season at Ferrol Rovers, Ines Moura has become the crowd's darling.",
        [("Ines Moura", "plays for", "Ferrol Rovers", False)],
    ),
    (
        "Prop Tevita Fonua, in his fourth season with Zebre Parma, was named in the starting line-up.",
        [("Tevita Fonua", "plays for", "Zebre Parma", False)],
    ),
    # a team and a position before the name
    ("Kortrijk winger Senne Claes scored twice in the cup tie.", [("Senne Claes", "plays for", "Kortrijk", False)]),
    (
        "Rapid Wien goalkeeper Lena Gruber saved two penalties on Saturday.",
        [("Lena Gruber", "plays for", "Rapid Wien", False)],
    ),
    # a bare possessive counts when the sentence tells of a match
    ("Besiktas's Emre Kaya was sent off in the 70th minute.", [("Emre Kaya", "plays for", "Besiktas", False)]),
    # the team and the position beside the name, or after "is a"
    (
        "Nikola Jokić, the Denver Nuggets center, had a triple-double.",
        [("Nikola Jokić", "plays for", "Denver Nuggets", False)],
    ),
    ("Ousmane Traoré is a Rennes midfielder.", [("Ousmane Traoré", "plays for", "Rennes", False)]),
    ("Marta Ilić, 19, is a Partizan defender.", [("Marta Ilić", "plays for", "Partizan", False)]),
    # "now of", "in … colours", "on loan at"
    ("Aleksi Koskinen, now of HIFK, scored the winner.", [("Aleksi Koskinen", "plays for", "HIFK", False)]),
    (
        "Teodora Vasić, now in Vojvodina colours, scored on her debut.",
        [("Teodora Vasić", "plays for", "Vojvodina", False)],
    ),
    (
        "Freddie Moss, on loan at Bristol Rovers, scored again.",
        [("Freddie Moss", "plays for", "Bristol Rovers", False)],
    ),
    (
        "Noa Levi, now a Maccabi Haifa regular, won player of the month.",
        [("Noa Levi", "plays for", "Maccabi Haifa", False)],
    ),
    (
        "Jakub Mráz has spent his whole career at Slavia Prague, where he still plays.",
        [("Jakub Mráz", "plays for", "Slavia Prague", False)],
    ),
    # a verb of playing other than "plays for"
    (
        "Pedro Gomes plays his football for Vitória Guimarães.",
        [("Pedro Gomes", "plays for", "Vitória Guimarães", False)],
    ),
    ("Hemi Walker plays rugby union for the Chiefs.", [("Hemi Walker", "plays for", "Chiefs", False)]),
    (
        "Chiara Greco keeps goal for Juventus Women these days.",
        [("Chiara Greco", "plays for", "Juventus Women", False)],
    ),
    ("Samoa Lealaiauloto captains the Hurricanes.", [("Samoa Lealaiauloto", "plays for", "Hurricanes", False)]),
    (
        "Veteran prop Tadhg Furlong, who turned 31 and still captains Leinster, was rested.",
        [("Tadhg Furlong", "plays for", "Leinster", False)],
    ),
    (
        "Njeri Wambui made her senior debut for Vihiga Queens on Sunday.",
        [("Njeri Wambui", "plays for", "Vihiga Queens", False)],
    ),
]

MOVED: list[tuple[str, list[Triple]]] = [
    # the age news puts after a name is no part of the move
    (
        "Centre-back Jonas Wirtz, 29, has signed for Ostrava Rovers from Sigma on a three-year deal.",
        [("Jonas Wirtz", "plays for", "Ostrava Rovers", False)],
    ),
    # a loan made permanent: the club that had the player on loan keeps them
    ("Hallam United have made Sami Okoro's loan permanent.", [("Sami Okoro", "plays for", "Hallam United", False)]),
    (
        "Deal done: Petra Novak's loan move from Trnava to Žilina is now permanent.",
        [("Petra Novak", "plays for", "Žilina", False)],
    ),
    # the sentence's own word of playing makes a join a club's, not an employer's
    (
        "Rubén Castro has joined Real Oviedo and now plays in the Segunda División.",
        [("Rubén Castro", "plays for", "Real Oviedo", False)],
    ),
    (
        "Ilse Brandt has left Hoffenheim for Leverkusen, where she now plays.",
        [("Ilse Brandt", "plays for", "Leverkusen", False)],
    ),
    # a description after "plays for" is no name: the signing club is the party reached
    (
        "Grêmio have signed Caio Neves, who now plays for the Brazilian champions.",
        [("Caio Neves", "plays for", "Grêmio", False)],
    ),
    (
        "In a statement, the club confirmed that Dario Šimić has joined Osijek.",
        [("Dario Šimić", "plays for", "Osijek", False)],
    ),
    (
        "Osasuna confirmed the arrival of Iker Muniain, who signed a three-year deal.",
        [("Iker Muniain", "plays for", "Osasuna", False)],
    ),
    # a departure alone: the club left is retracted, under the player's relation, without the position in the name
    (
        "Defender Tom Keane has left Shamrock Rovers by mutual consent.",
        [("Tom Keane", "plays for", "Shamrock Rovers", True)],
    ),
    ("Winger Ola Berg has left Molde, the club confirmed on Monday.", [("Ola Berg", "plays for", "Molde", True)]),
    # an aside between the person and the move: its own relation stays, the move is the person's
    (
        "Pau Vidal, who lives in Girona, signed for Espanyol in August.",
        [("Pau Vidal", "lives in", "Girona", False), ("Pau Vidal", "plays for", "Espanyol", False)],
    ),
    (
        "Striker Omar Haddad, a veteran of two World Cups, has completed his move from Al-Faisaly to Al-Wehdat.",
        [("Omar Haddad", "plays for", "Al-Wehdat", False)],
    ),
    ("Rumours say Nico Paz, who lives in Como, will sign for Real Madrid.", [("Nico Paz", "lives in", "Como", False)]),
    # a return to a club, a move told after a label
    (
        "Wout Peeters has returned to Club Brugge, the club where he grew up.",
        [("Wout Peeters", "plays for", "Club Brugge", False)],
    ),
    ("Done deal: Sara Lund has officially joined Brann, the club said.", [("Sara Lund", "plays for", "Brann", False)]),
    ("Ana Ruiz has rejoined Google after two years at Meta.", [("Ana Ruiz", "works at", "Google", False)]),
    ("Ana Ruiz has returned to Lisbon.", []),
    # a band joined is a membership
    ("Ana Sousa joined Madredeus in 2015 as a guitar player.", [("Ana Sousa", "member of", "Madredeus", False)]),
    ("Bassist Lea Kraus has joined the Berlin band Kältewelle.", [("Lea Kraus", "member of", "Kältewelle", False)]),
    # a job stays a job
    ("Erik Lund has left Ericsson for Nokia, where he now works.", [("Erik Lund", "works at", "Nokia", False)]),
]

BANDS: list[tuple[str, list[Triple]]] = [
    # a band and a musician's role before or beside the name, a one-word stage name, a release by a band's member
    ("Arcade Fire drummer Jeremy Gara spoke at the festival.", [("Jeremy Gara", "member of", "Arcade Fire", False)]),
    ("Seventeen member Hoshi opened a café in Seoul.", [("Hoshi", "member of", "Seventeen", False)]),
    ("Mia Holt, Paper Kites' new keyboardist, met the press.", [("Mia Holt", "member of", "Paper Kites", False)]),
    (
        "Saxophonist Ola Dahl, of Moonfield, signed records after the gig.",
        [("Ola Dahl", "member of", "Moonfield", False)],
    ),
    (
        "Lemmy has played bass in the Iron Rovers since 1990.",
        [("Lemmy", "member of", "Iron Rovers", False)],
    ),
    ("Twice's Nayeon released a new single on Monday.", [("Nayeon", "member of", "Twice", False)]),
    ("Former Glass Tigers drummer Ian Ray opened a bar.", []),  # a past membership
    ("Apple's Tim Cook released a statement.", []),  # a possessive without a release or a show is no band's
]

#: What must yield no team: a past description, a nationality, a rumour, a question, a hedge, a past habit, a
#: move (the described club is the one left), a relative, a company's or a band's person, a job, an instrument.
NO_TEAM: list[str] = [
    "Now in his second season at Vorwerk Rovers, head coach Anton Pfeil has won the cup.",  # a season of a job
    "Former Celtic striker Paulo Mendes scored for his new club.",
    "Ex-Porto captain Rui Lopes now coaches in Qatar.",
    "Retired goalkeeper Jan Smit lives in Utrecht.",
    "Finnish forward Aino Virta scored twice.",
    "Lund-born defender Saga Ek was outstanding for Häcken this season.",
    "Could Milan's Luca Ferri be sold to Roma in January?",
    "Napoli's Ciro Esposito might leave in the summer, reports say.",
    "Aston Villa forward Ben Ward is rumoured to want a move.",
    "Marco Rossi used to play his football for Torino.",
    "Emma Hart's brother plays rugby for the Saracens.",
    "Kerry Group's Sinead Walsh opened the new plant.",
    "Queen's Anne Hale spoke at the summit.",
    "Yasmin Idris, now at Google, leads the search team.",
    "Alvaro Diaz plays the guitar at weekends.",
    "Tennis player Mira Solberg won in Oslo on Sunday.",  # a sport is no team
    # business news scores, sets goals, books revenue and trains models too: no match, no team
    "Vantor's Hana Lee scored a major win in court.",
    "Quillbank's Omar Said set new goals for the cloud unit.",
    "Pellway's Ruth Abara booked record revenue.",
    "Norvik AI's Lena Moss trained a new model.",
    "Streamly's Tom Reyes made his debut as a speaker.",
]


@pytest.mark.parametrize(("sentence", "expected"), DESCRIBED + MOVED + BANDS)
def test_a_players_team(sentence: str, expected: list[Triple]) -> None:
    got = {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "assistant")}
    assert got == set(expected)


@pytest.mark.parametrize("sentence", NO_TEAM)
def test_no_current_team(sentence: str) -> None:
    said = [f for f in extract_triples(sentence, "assistant") if f.predicate == "plays for" and not f.retract]
    assert said == []


def test_the_old_club_of_a_move_is_never_current() -> None:
    """The club a described player leaves ("Sevilla's X has joined …") is not their team."""
    said = extract_triples("Sevilla's Javier Ruiz has joined Valencia after a derby winner.", "assistant")
    assert ("Javier Ruiz", "plays for", "Sevilla") not in {(f.subject, f.predicate, f.object) for f in said}


def test_a_piece_of_the_described_club_gives_way_to_the_whole_name() -> None:
    """A parse that keeps one word of a club's name ("Athletic") is replaced by the name the description gives;
    another reader's different club still stands."""
    text = "Gorlen Athletic defender Kwesi Ampofo scored twice in the derby."
    cut = make_fact("Kwesi Ampofo", "plays for", "Athletic", single=True)
    assert [f.object for f in teams.merged(cut, text, None)] == ["Gorlen Athletic"]
    other = make_fact("Kwesi Ampofo", "plays for", "Hearts", single=True)
    assert [f.object for f in teams.merged(other, text, None)] == ["Hearts"]
