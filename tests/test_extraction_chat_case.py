"""A writer who never capitalises: the turn is cased as English is written before any reader sees it
(``consolidators.chatcase``), so its names read as names and nothing else changes.

Every sentence is worded afresh (no benchmark sentence); each read row fails without the casing, and each unread
row is a near-miss that must still yield nothing once cased: a question, a hedge, a plan, a negation, a past
state, someone else's fact.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.chatcase import recased, uncapitalised
from consolidators.extractive import session_facts
from consolidators.types import Turn

Triple = tuple[str, str, str, bool]
_TS = datetime(2026, 4, 7, 20, 0, tzinfo=UTC)


def _said(content: str) -> set[Triple]:
    turn = Turn("e0", "user", content, _TS, seq=0)
    return {(f.subject, f.predicate, f.object.lower(), f.retract) for f in session_facts([turn])}


@pytest.mark.parametrize(
    ("text", "judged"),
    [
        ("moved to tromso last month", True),
        ("so i finally got a kitten", True),
        ("Ok so the flat in lisbon fell through", False),  # opened in capitals, no sign of a lower-case writer
        ("i moved to Tromso last month", False),  # a capitalised name: this writer capitalises names
        ("i am SO tired, the move was LONG", True),  # words in capitals are emphasis, not names
        ("I live in Oslo. I work at Equinor.", False),
    ],
)
def test_a_writer_without_capitals_is_judged_on_the_whole_turn(text: str, judged: bool) -> None:
    assert uncapitalised(text) is judged


@pytest.mark.parametrize(
    ("typed", "cased"),
    [
        # a word English lacks is a name; English words, shorthand and contractions stay as typed
        ("me n priyanka moved to tromso lol", "Me and Priyanka moved to Tromso lol"),
        ("i don't think u know zurbaran", "I don't think you know Zurbaran"),
        # a determiner makes the word after it a common noun
        ("the app is slow but the barista was nice", "The app is slow but the barista was nice"),
        # an English word named as a name: after "called"/"named"/"name is", and a pet's or spouse's name
        ("got a rabbit called clover", "Got a rabbit called Clover"),
        ("her name is pepper, she's a menace", "Her name is Pepper, she's a menace"),
        ("my cat crumble is asleep", "My cat Crumble is asleep"),
        # ... but not a verb, a compound or a word that describes
        ("my dog likes walks", "My dog likes walks"),
        ("my dog walker is late", "My dog walker is late"),
        # a dropped "g", and a known device's model
        ("studyin hard, typing on my pixel 8a", "Studying hard, typing on my Pixel 8a"),
        # an opening shorthand stays as typed: a capital would make it a name
        ("gonna move to tromso", "gonna move to Tromso"),
        # shorthand for a time or a reason spelt out, so a value ends where English ends it
        ("learning welsh atm cos of work", "Learning welsh at the moment because of work"),
        # a writer who capitalises is read as written
        ("i moved to Tromso and love it", "i moved to Tromso and love it"),
    ],
)
def test_a_turn_without_capitals_is_cased_as_english_is_written(typed: str, cased: str) -> None:
    assert recased(typed) == cased


@pytest.mark.parametrize(
    ("content", "facts"),
    [
        ("me n my husband anselm made pierogi, the kitchen is a mess", {("user", "married to", "anselm", False)}),
        ("moved to kilkenny last month n the house is freezing", {("user", "lives in", "kilkenny", False)}),
        (
            "im a physio at kestrelford now, the car park is a nightmare",
            {
                ("user", "works as", "physio", False),
                ("user", "works at", "kestrelford", False),
            },
        ),
        ("we got a kitten, her name is marzipan and she bites", {("user", "has pet", "marzipan", False)}),
        ("my dog truffle ate my charger again", {("user", "has pet", "truffle", False)}),
        ("left wexcorp last week, free at last", {("user", "works at", "wexcorp", True)}),
        ("studyin geology atm cos the council pays", {("user", "studies", "geology", False)}),
    ],
)
def test_facts_in_a_turn_without_capitals_are_read(content: str, facts: set[Triple]) -> None:
    assert facts <= _said(content)


@pytest.mark.parametrize(
    "content",
    [
        "should we move to kilkenny next year?",  # a question
        "might move to kilkenny if the job comes through",  # a hedge
        "gonna move to kilkenny after the wedding",  # a plan
        "we never lived in kilkenny, just visited",  # a negation
        "i used to live in kilkenny",  # a past state
        "my sister lives in kilkenny with her dog truffle",  # someone else's home and pet
        "my dog walker is off sick",  # no pet named
    ],
)
def test_cased_near_misses_still_say_nothing(content: str) -> None:
    assert _said(content) == set()
