"""A player's, a driver's or a rider's team after a move told the way sports news tells it: the sport's own verb
("rides for", "drives for"), a club that signs "free agent X", reports that X "has joined them", a loan over
and the player "back playing for" the parent club, and a later mention by surname alone ("Kirkby have signed
Drozd", "O'Dowd has completed his move"). Every row is worded here, with names of its own, not taken from a
corpus. The rows that must yield nothing (the party left, a hope, a denial, an unknown surname) fail if the
readers stop checking what keeps a mention from being the current team."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators import coreference, extract_triples
from consolidators.extractive import session_facts
from consolidators.types import ActiveFact, Turn
from memory_sink.contexts import text_names

_TS = datetime(2026, 5, 1, 12, tzinfo=UTC)

Triple = tuple[str, str, str]

SAID: list[tuple[str, list[Triple]]] = [
    # the sport's own verb for a team
    ("Ilse Brandvold rides for Team Varnum in the spring classics.", [("Ilse Brandvold", "plays for", "Team Varnum")]),
    ("Kofi Asante drives for Rennwerk Motorsport.", [("Kofi Asante", "plays for", "Rennwerk Motorsport")]),
    # nothing: a spell over, gig work, a company that is no team
    ("Tomas Verlaan rode for Team Halvik until 2019.", []),
    ("Tomas Verlaan drives for Bolt to cover his rent.", []),
    ("Tomas Verlaan rides for Wolt.", []),
    ("Tomas Verlaan races for Peugeot at weekends.", []),
    # two words of description before the name the club signs
    (
        "Dunmore Athletic have signed free agent Piet Hollis on a two-year deal.",
        [("Piet Hollis", "plays for", "Dunmore Athletic")],
    ),
    # the club that reports the move is the one joined; the one after "from" is the one left
    (
        "Harbour City confirmed on Tuesday that Lotte Brink has joined them from Castleford Rovers.",
        [("Lotte Brink", "plays for", "Harbour City")],
    ),
    # a loan over, and the player back at the parent club
    (
        "Nadia Petrov's loan at Velden has ended and she is back playing for Korsholm FC.",
        [("Nadia Petrov", "plays for", "Korsholm FC")],
    ),
    ("Nadia Petrov is back playing for Korsholm FC.", [("Nadia Petrov", "plays for", "Korsholm FC")]),
    # nothing: a denial, a hope, someone else in the first clause
    ("Harbour City denied that Lotte Brink has joined them.", []),
    ("Nadia Petrov hopes she is back playing for Korsholm FC by May.", []),
    ("Nadia Petrov's brother left Velden and he is back playing for Korsholm FC.", []),
    ("Lotte Brink has joined them after a season at Castleford Rovers.", []),
]


@pytest.mark.parametrize(("sentence", "expected"), SAID, ids=[s for s, _ in SAID])
def test_sport_moves_said_in_one_sentence(sentence: str, expected: list[Triple]) -> None:
    got = [(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "user") if not f.retract]
    assert got == expected


#: (memory's person, the team memory holds, the sentence naming them by surname, the new team or None)
BY_SURNAME: list[tuple[str, str, str, str | None]] = [
    ("Pavel Drozd", "Hallam Town", "Kirkby Rangers have signed Drozd on a three-year deal.", "Kirkby Rangers"),
    ("Pavel Drozd", "Hallam Town", "Kirkby Rangers have poached Drozd from Hallam Town.", "Kirkby Rangers"),
    (
        "Ciaran O'Dowd",
        "Ulster",
        "O'Dowd has completed his move and made his debut for Leicester Tigers.",
        "Leicester Tigers",
    ),
    (
        "Mira Solberg",
        "Tarsus",
        "Girona Basket announced the arrival of Mira Solberg from Tarsus on Friday.",
        "Girona Basket",
    ),
    # nothing: a surname memory does not know, a club only linked with the player
    ("Pavel Drozd", "Hallam Town", "Kirkby Rangers have signed Marek on a three-year deal.", None),
    ("Pavel Drozd", "Hallam Town", "Kirkby Rangers were linked with Drozd in January.", None),
]


@pytest.mark.parametrize(("person", "held", "sentence", "new"), BY_SURNAME, ids=[r[2] for r in BY_SURNAME])
def test_sport_moves_by_surname_read_with_memory(person: str, held: str, sentence: str, new: str | None) -> None:
    active = [ActiveFact(id="f1", subject=person, predicate="plays for", object=held)]
    turn = Turn(event_id="e1", role="user", content=sentence, ts=_TS, seq=1)
    got = [(f.subject, f.object) for f in session_facts([turn], active) if f.predicate == "plays for" and not f.retract]
    assert got == ([(person, new)] if new else [])


def test_a_surname_with_an_elided_particle_offers_the_persons_facts() -> None:
    # the stored "Ciaran O'Dowd" is matched by its last word as the SQL spells it ("o dowd": "dowd")
    assert "dowd" in text_names("O'Dowd has completed his move to Leicester Tigers.")


@pytest.mark.parametrize(
    ("sentence", "spelt"),
    [
        ("Kirkby Rangers have signed Drozd.", "Kirkby Rangers have signed Pavel Drozd."),
        # the user's own chat is read as the user said it
        ("I trained with Drozd today.", "I trained with Drozd today."),
    ],
)
def test_a_surname_after_a_verb_is_spelt_in_news_not_in_chat(sentence: str, spelt: str) -> None:
    active = [ActiveFact(id="f1", subject="Pavel Drozd", predicate="plays for", object="Hallam Town")]
    turn = Turn(event_id="e1", role="user", content=sentence, ts=_TS, seq=1)
    assert [t.content for t in coreference.described([turn], active)] == [spelt]
