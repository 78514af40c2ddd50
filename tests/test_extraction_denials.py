"""Hard negatives: a denial, a frame or a past marker that leaves nothing to store, or nothing to take back.

Every sentence here is worded afresh (no benchmark sentence); each row fails if the rule its comment names is
removed. Each is read as a one-turn session of the user's, as the quality benchmark reads it (so a repair in the
next sentence counts).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.extractive import session_facts
from consolidators.types import Turn

Triple = tuple[str, str, str, bool]
_TS = datetime(2026, 3, 4, 10, 0, tzinfo=UTC)

CASES: list[tuple[str, list[Triple]]] = [
    # a plain "not" or "never" denies a state the user never held: nothing held, nothing to take back
    ("I don't use Asana at all, what would you suggest?", []),
    ("we're not using Terraform, no matter what the onboarding doc claims", []),
    ("I never learned to program in Kotlin, too many brackets", []),
    ("I've never used Ubuntu as my OS", []),
    ("Perl is not my main language", []),
    # … while a giving-up still takes the tool back, by "anymore", "no longer" or its verb
    ("I don't use Asana anymore", [("user", "uses", "Asana", True)]),
    ("Perl is no longer my main language", [("user", "programming language", "Perl", True)]),
    ("we got rid of RabbitMQ as the queue", [("user", "queue", "RabbitMQ", True)]),
    # a sentence opened by the end of the state it tells: "Before <year>, …"
    ("Before 2021, the mayor of Wexby was Tomas Brandt.", []),
    # a place noun as the complement of a denied copula is the denied claim, not a description on the way
    ("The Arlen Bridge is not, despite the postcards, the oldest bridge in Kessel.", []),
    ("The Arlen Bridge is the oldest bridge in Kessel.", [("Arlen Bridge", "located in", "Kessel", False)]),
    # "former <another post>" makes no one the past holder of the office the sentence fills
    (
        "After a tight count, former health minister Oona Vale beat the incumbent to become president of Sarnia.",
        [("Sarnia", "president", "Oona Vale", False)],
    ),
    # a statement the speaker turns over at its end: sarcasm's tag, a closing "not", a bare "NOT!" after it
    ("Oh sure, I totally adore Confluence /s", []),
    ("My dream laptop is a ThinkPad... not.", []),
    ("I love Outlook, said no one ever.", []),
    ("I use Eclipse. NOT!", []),
    ("I use Eclipse, not NetBeans.", [("user", "uses", "Eclipse", False)]),
    # a repair into the past: the state the speaker first told is over
    ("I live in Derby — well, I did until May.", []),
    ("I'm a paramedic. Well, was, until last winter.", []),
    ("I'm a paramedic. Well, I was about to say that.", [("user", "works as", "paramedic", False)]),
    # what a sentence opens by supposing, or asks the assistant to play along with, is no one's fact
    ("Pretend I'm a baker in Ghent and write my shop's welcome sign.", []),
    ("Hypothetically, I work at Netflix — how long would my commute be?", []),
    # a sentence that opens by denying its claim, or calls it a mix-up, states none of it
    ("It is false that the capital of Ostria is Velm.", []),
    ("Dario Pelle is often mistaken for the chief executive of Corvane.", []),
    ("Velm, not to be confused with Velmo, is the capital of Ostria.", [("Ostria", "capital", "Velm", False)]),
    # an imagined world, an actor's part, a subject the sentence denies
    ("The game imagines a world where Velm is the capital of Ostria.", []),
    ("Dario Pelle played the mayor of Tarrow in the miniseries.", []),
    ("Neither Dario Pelle nor Rosa Quint works at Corvane.", []),
    ("Dario Pelle works at Corvane.", [("Dario Pelle", "works at", "Corvane", False)]),
]


@pytest.mark.parametrize(("sentence", "expected"), CASES)
def test_denials_and_frames(sentence: str, expected: list[Triple]) -> None:
    turn = Turn(event_id="e1", role="user", content=sentence, ts=_TS, seq=1)
    got = {(f.subject, f.predicate, f.object, f.retract) for f in session_facts([turn])}
    assert got == set(expected)
