"""Names in a sentence typed without capitals: where the words beside a lower-case word say a name stands there
("a tortoise called shelby", "my cat miso", "relocated to aberystwyth", "hired by quillmore studios"), the sentence
is read again with that word cased; a lower-case common noun stays one, and a sentence that stated something as
typed keeps that reading.

Each row is worded here, not taken from a corpus, and fails if the mechanism it needs goes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.chatnames import named, uncased
from consolidators.extractive import session_facts
from consolidators.types import Turn

Triple = tuple[str, str, str, bool]
_TS = datetime(2026, 3, 2, 18, 30, tzinfo=UTC)


def _said(content: str) -> set[Triple]:
    turn = Turn("e0", "user", content, _TS, seq=0)
    return {(f.subject, f.predicate, f.object.lower(), f.retract) for f in session_facts([turn])}


@pytest.mark.parametrize(
    ("content", "fact"),
    [
        ("we got a tortoise called shelby for the garden", ("user", "has pet", "shelby", False)),
        ("our cat miso knocked the plant over again", ("user", "has pet", "miso", False)),
        ("me and my husband oluwaseun started salsa classes", ("user", "married to", "oluwaseun", False)),
        ("i got hired by quillmore studios yesterday!!", ("user", "works at", "quillmore studios", False)),
        ("enrolled at harlow college for a pottery course", ("user", "studies at", "harlow college", False)),
        ("been working for zapflow about a year now", ("user", "works at", "zapflow", False)),
        ("finally unpacked everything at our new house in stockport", ("user", "lives in", "stockport", False)),
        ("i speak tagalog with my nan and english at school", ("user", "speaks", "tagalog", False)),
        # a place's or a school's noun and "is" before the name
        ("home is swindon for now, the commute is fine", ("user", "lives in", "swindon", False)),
        ("uni is keele, the campus is basically a forest", ("user", "studies at", "keele", False)),
        # a tool deleted or uninstalled, a town moved out of: each takes its name back
        ("uninstalled strava, the feed was all ads", ("user", "uses", "strava", True)),
        ("deleted bereal, nobody posts on it", ("user", "uses", "bereal", True)),
        ("moved out of swindon in may, i dont live there anymore", ("user", "lives in", "swindon", True)),
        # an adverb between a spouse's name and its verb; a word shouted in capitals
        ("my husband dariusz always burns the toast", ("user", "married to", "dariusz", False)),
        ("our cat tofu knocked my mug over AGAIN", ("user", "has pet", "tofu", False)),
        # a laugh after a tool given up names no part of the tool
        ("I no longer use Vinted haha", ("user", "uses", "vinted", True)),
        # "her names …" is "her name's …"
        ("adopted a rescue greyhound last week, his names bramble", ("user", "has pet", "bramble", False)),
        # a guard's trade
        ("i work as a lifeguard at the leisure centre", ("user", "works as", "lifeguard", False)),
    ],
)
def test_a_lower_case_name_is_read_where_its_words_point_at_it(content: str, fact: Triple) -> None:
    assert fact in _said(content)


@pytest.mark.parametrize(
    "content",
    [
        "we moved to a bigger flat last year",  # a common noun after "moved to"
        "i started at the bottom and worked up",  # a common noun after "started at"
        "my dog ate my homework again",  # a verb after "my dog", no name
        "is the hamster called peanut or biscuit? cant remember",  # a question
        "might move to aberystwyth next year",  # a plan
        "my sister works for zapflow now",  # someone else's job
        "we're stuck in quarantine now, flew back last week",  # a state one is in, no place
        "home is chaos this week, the builders are in",  # a common noun after "home is"
        "uni is brutal this term",  # an adjective after "uni is"
        "ran out of teabags again",  # "out of" before a common noun
        "my husband never reads my texts",  # an adverb and a verb, no name
        "their names are on the list for the trip",  # a plural's verb after "names"
        "we were on guard all night",  # a guard kept, no trade
    ],
)
def test_a_common_noun_or_an_unstated_fact_stays_nothing(content: str) -> None:
    assert {f for f in _said(content) if f[0] == "user"} == set()


def test_only_a_sentence_without_capitals_is_cased() -> None:
    assert uncased("i moved to stockport") and uncased("I moved to stockport")
    assert not uncased("I moved to Stockport, near manchester")
    # a word in capitals is a shout or an acronym, not a name's capital; a line all in capitals is no chat
    assert uncased("my rabbit clover escaped AGAIN") and uncased("uni is LSE")
    assert not uncased("I LOVE DERBY")
    assert named("I moved to Stockport, near manchester") == "I moved to Stockport, near manchester"


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("my dog pickle ate a sock", "my dog Pickle ate a sock"),  # an English word as a pet's name
        ("my dog walker is late", "my dog walker is late"),  # a compound, no name
        ("rocking a galaxy s24 now", "rocking a Galaxy S24 now"),  # a known device with its model
        ("terminal wise im on warp", "terminal wise im on Warp"),  # a tool's role named beside it
        ("no signal here, texting from the car", "no signal here, texting from the car"),  # no role, no name
        (
            "my birthplace is a village called ballyconnell, nobodys heard of it",
            "my birthplace is a village called Ballyconnell, nobodys heard of it",
        ),
    ],
)
def test_names_are_cased_only_where_the_words_beside_them_say_so(sentence: str, expected: str) -> None:
    assert named(sentence) == expected
