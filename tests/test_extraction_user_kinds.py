"""The user's own facts said through a kind of thing rather than its name: a home described ("a bigger flat"), an
employer described ("a fintech named X"), a job by chat's word for it ("a new gig"), a pet at the end of a list of
what the household has. Each row is worded here, not taken from a corpus; the rows that must yield nothing fail if
a description is stored as a value or a reader stops asking whose the thing is."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.extractive import session_facts
from consolidators.types import Turn

Said = tuple[str, str, bool]

MESSAGES: list[tuple[str, list[Said]]] = [
    # a kind of place is no home; a name inside the description still is
    ("finally moved into a roomier apartment, the cat approves", []),
    ("I relocated to a quiet village last spring", []),
    ("we live in a converted barn these days", []),
    ("we moved to a terraced house in Dundee", [("lives in", "Dundee", False)]),
    # a thing the user has is no home either ("basically live in my studio" is a joke about time spent there)
    ("ugh I live in my car at this point, kidding, I live in Bristol", [("lives in", "Bristol", False)]),
    ("honestly I practically live in my office these days", []),
    ("we moved into our new flat in Ghent", [("lives in", "Ghent", False)]),
    ("I moved to Valparaíso in March", [("lives in", "Valparaíso", False)]),
    # a move the sentence takes as done while it dates something else
    ("since relocating to Gdynia my runs are all along the sea", [("lives in", "Gdynia", False)]),
    ("ever since our move to Lille, the kids speak French at school", [("lives in", "Lille", False)]),
    ("since settling down in Tartu I cycle everywhere", [("lives in", "Tartu", False)]),
    ("since my sister moved to Lille she is happier", []),
    # an employer described by its kind: the description says the "at" is a job
    ("I'm at a logistics startup called Parcelo now", [("works at", "Parcelo", False)]),
    ("we're at an agency named Brightwell these days", [("works at", "Brightwell", False)]),
    ("I'm at a bakery called Crumb", []),  # a shop the speaker may be sitting in
    ("I'm at Heathrow, flight delayed again", []),
    ("I was at a consultancy called Arden before", []),
    ("my husband is at a bank called Fennick", []),
    # chat's words for a job taken
    ("landed a new gig at Miravia, first week done", [("works at", "Miravia", False)]),
    ("just started a new gig with Tallis Health", [("works at", "Tallis Health", False)]),
    ("my cousin got a gig at Miravia", []),
    ("I might land a job at Miravia", []),
    # what a second verb takes up says what the first gave up
    (
        "I quit Harwell Foods and joined Ostrava Labs in May",
        [("works at", "Harwell Foods", True), ("works at", "Ostrava Labs", False)],
    ),
    (
        "I left Pemberton Group and joined Ostrava Labs",
        [("works at", "Pemberton Group", True), ("works at", "Ostrava Labs", False)],
    ),
    ("I quit Deezer and use Tidal now", [("uses", "Deezer", True), ("uses", "Tidal", False)]),
    # a state a thing is in is no tool it names
    ("my old desktop is basically collecting dust", []),
    ("my laptop is running Fedora now", [("os", "Fedora", False)]),
    # a pet at the end of what the household has
    ("we have three kids, a hamster named Pip and far too many plants", [("has pet", "Pip", False)]),
    ("I've got a partner, a mortgage and a spaniel called Nutmeg", [("has pet", "Nutmeg", False)]),
    ("my neighbour has two kids and a spaniel called Nutmeg", []),
    # a pet got in one sentence and named in the next, the "I" dropped
    ("Adopted a tortoise last week! His name is Dumpling.", [("has pet", "Dumpling", False)]),
    ("Rescued a greyhound on Sunday. Her name is Juno.", [("has pet", "Juno", False)]),
    ("Saw a tortoise at the zoo. His name is Dumpling.", []),
    # a drink named a stretch or two before "that's my drink"
    ("Hojicha, every single afternoon. That's my drink.", [("prefers drink", "hojicha", False)]),
    ("ok so barley tea with lunch, always. That's my drink.", [("prefers drink", "barley tea", False)]),
    ("Barley tea, every day. That isn't my drink.", []),
    ("Genmai cha over everything, honestly. That's my drink.", []),  # never half a name
    # a box of fields is the user's unless its heading gives it to someone else or to a wish
    ("Our lodger:\nName: Tove\nOccupation: midwife\nCity: Aalborg", []),
    ("Tove's profile. Occupation: midwife. City: Aalborg.", []),
    ("For my dad - Phone: Moto G54 | Browser: Opera", []),
    ("Birthday wishlist:\nPhone: Pixel 9a\nBrowser: Arc", []),
    ("Gift ideas - Phone: Pixel 9a", []),
    ("Marlow's setup is nothing like my last job's: the database is MariaDB", [("database", "MariaDB", False)]),
    ("My editor: Kakoune | Shell: fish", [("editor", "Kakoune", False), ("shell", "fish", False)]),
    (
        "Name: Tove\nOccupation: midwife\nCity: Aalborg",
        [("works as", "midwife", False), ("lives in", "Aalborg", False)],
    ),
    ("About me:\nOccupation: midwife\nCity: Aalborg", [("works as", "midwife", False), ("lives in", "Aalborg", False)]),
]


@pytest.mark.parametrize(("message", "expected"), MESSAGES)
def test_users_facts_said_by_kind(message: str, expected: list[Said]) -> None:
    facts = session_facts([Turn("e1", "user", message, datetime(2026, 5, 1, 12, tzinfo=UTC))])
    got = {(f.predicate, f.object.lower(), f.retract) for f in facts if f.subject == "user"}
    assert got == {(p, o.lower(), r) for p, o, r in expected}
