"""Hard negatives read on the parse, for either speaker: the speaker's own state said by someone or something else,
a scene in a made-up world, a thing wished for, a part played, a condition contrary to fact, a claim that tops a
claim. Every sentence is worded afresh for this file; each unread row fails without its rule, and each read row
guards a statement the rule must leave stated."""

from __future__ import annotations

import pytest

from consolidators import extract_triples
from consolidators.nlp_cache import normalised

Triple = tuple[str, str, str]

UNREAD: list[str] = [
    # the speaker's own state in a clause someone or something else says (hearsay._told_of_me)
    "My résumé says I work at Oracle, but that's ancient history.",
    "My gym coach says I'm a natural sprinter.",
    "Spotify says I live in Ohio for some reason.",
    "The old badge says I'm a data analyst.",
    # a scene in a made-up world: a game's campaign, a scenario, a modifier of unreality (hearsay._a_work)
    "In our campaign I'm a blacksmith.",
    "In this scenario I'm a dentist in Leeds.",
    "In the mock interview I'm the hiring manager.",
    "In the imaginary office I'm the receptionist.",
    "In this roleplay I work at Tesco.",
    "In the virtual classroom I'm a geography teacher.",
    "In the VR sim I work as a pilot for a fictional airline.",
    # a thing wished for by the subject's description (hearsay._wished_subject)
    "My ideal flat is in Lisbon.",
    # a part played, not a pastime (sieve._a_part)
    "I played a paramedic in the church pantomime last winter.",
    # a condition contrary to fact, opened by its auxiliary (hearsay._inverted)
    "Had Velmar adopted the dollar in 2004, inflation might have stayed low.",
    # a denial read as a thing had (sieve._DENIED_VALUE)
    "Correction: an earlier report said Edda Holm plays for Brann; she has never played for the club.",
    # a claim that tops a claim (unsaid._IRONIC)
    "Yeah, and I'm the mayor of Paris.",
    "Sure, and I work for MI6.",
    # an office named, then turned down in the clause after it (hearsay._refused)
    "Dara Quill was named chief executive of Holtwick but declined the post.",
    "Anouk Brel was appointed mayor of Stavenes and then refused it.",
    "Gideon Marr was made president of Tallow Bank, but he turned the role down.",
    # ... in a clause of its own after ";", or the post itself the object of the refusal (hearsay._refused_after)
    "Ola Brekke was named chief executive of Fennick Air; he declined the role.",
    "Ola Brekke turned down the chief executive job at Fennick Air.",
    # a past holder marked by a split "ex-" (spans.former, succession._FORMER)
    "The ex-CEO of Orrin Labs, Paula Vey, has joined Caskwell's board.",
    "The ex-mayor of Dunholt, Rafe Tamm, opened a bakery.",
    # a subject cut to a preposition's phrase (sieve._named)
    "The former CEO of Corvane, Mirela Oste, has joined Haldor's board.",
]

READ: list[tuple[str, Triple]] = [
    # the speaker's own saying states the clause; someone else's clause about themselves is theirs
    ("I said I live in Leeds, not Leicester.", ("user", "lives in", "Leeds")),
    ("Marta Ruiz lives in Valencia, her agent says.", ("Marta Ruiz", "lives in", "Valencia")),
    # a scene that is no world of its own
    ("In the evenings I work as a waiter.", ("user", "works as", "waiter")),
    # a plain subject, and a plain "had"
    ("My flat is in Lisbon.", ("user", "lives in", "Lisbon")),
    ("Ivo Brandt had joined Celtic by then and still plays for them.", ("Ivo Brandt", "plays for", "Celtic")),
    # an agreement that adds the speaker's own fact
    ("Sure, I work at Ferrari.", ("user", "works at", "Ferrari")),
    # a refusal of something else, or told as what came before, leaves the office held
    (
        "Tove Lind became mayor of Grenaa and refused to move into the official residence.",
        ("Grenaa", "mayor", "Tove Lind"),
    ),
    (
        "Bram Oyelaran was appointed chief executive of Quorra after rejecting an offer from Velt.",
        ("Quorra", "ceo", "Bram Oyelaran"),
    ),
    ("Ilse Marn joined Terravox but declined to comment on her pay.", ("Ilse Marn", "works at", "Terravox")),
    # another party's offer declined, or a refusal denied
    (
        "Ola Brekke was named chief executive of Fennick Air but declined an offer from Skyrail.",
        ("Fennick Air", "ceo", "Ola Brekke"),
    ),
    ("Ola Brekke was appointed mayor of Tromvik and did not refuse.", ("Tromvik", "mayor", "Ola Brekke")),
    # a split "ex-" title is no part of the name it describes (spans.name_text)
    ("Fennick Air's ex-CEO Ola Brekke lives in Bergen.", ("Ola Brekke", "lives in", "Bergen")),
    ("I moved to Ribe and turned down the flat in Aarhus.", ("user", "lives in", "Ribe")),
]


@pytest.mark.parametrize("sentence", UNREAD)
def test_a_hard_negative_yields_nothing(sentence: str) -> None:
    assert extract_triples(sentence, "user") == []


@pytest.mark.parametrize(("sentence", "triple"), READ)
def test_its_near_miss_is_read(sentence: str, triple: Triple) -> None:
    assert triple in {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "user")}


def test_a_pastime_played_is_no_part() -> None:
    assert ("user", "plays", "cello") in {
        (f.subject, f.predicate, f.object) for f in extract_triples("I play the cello in a quartet.", "user")
    }


def test_the_pronoun_is_no_name_a_description_opens() -> None:
    # "The poet Ines Berg lives …" loses its description; "The form says I …" keeps its sayer
    assert normalised("The form says I live in Leeds.") == "The form says I live in Leeds."
    assert normalised("The poet Ines Berg lives in Turku.") == "Ines Berg lives in Turku."
