"""A fact's ``valid_from`` is the day it became true when its clause says so, never before the value it replaces."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from consolidators.began import began, clause_naming, dated
from consolidators.extractive import ExtractiveConsolidator
from consolidators.types import ActiveFact, Context, Fact, Transcript, Turn
from memory_sink import MemoryStore
from pipelines.consolidate import run_consolidate

#: A Thursday, mid-May.
SAID = datetime(2026, 5, 14, 15, 30, tzinfo=UTC)


def day(y: int, m: int, d: int) -> datetime:
    return datetime(y, m, d, tzinfo=UTC)


BEGAN: list[tuple[str, datetime]] = [
    ("I've been living in Hamburg since 2019", day(2019, 1, 1)),
    ("in Bergen since March", day(2026, 3, 1)),
    ("in Bergen since June", day(2025, 6, 1)),  # June has not come yet this year: last June
    ("at Acme since March 2024", day(2024, 3, 1)),
    ("we've been in Leeds since monday", day(2026, 5, 11)),
    ("in Leeds since Thursday", day(2026, 5, 7)),  # said on a Thursday: the one before
    ("here since last month", day(2026, 4, 1)),
    ("I moved to Oslo in 2021", day(2021, 1, 1)),
    ("I joined Acme in July", day(2025, 7, 1)),
    ("I got married in April 2023", day(2023, 4, 1)),
    ("In 2020 I started at Globex", day(2020, 1, 1)),
    ("moved to liverpool yesterday", day(2026, 5, 13)),
    ("I moved to Leeds last week", day(2026, 5, 4)),  # the previous week's Monday
    ("I moved to Lyon last month", day(2026, 4, 1)),
    ("I moved to Lyon last year", day(2025, 1, 1)),
    ("I joined Initech last Friday", day(2026, 5, 8)),
    ("started at Zendesk three weeks ago", day(2026, 4, 23)),
    ("moved here 2 years ago", day(2024, 5, 14)),
    ("joined a month ago", day(2026, 4, 14)),
    ("I became a nurse earlier this year", day(2026, 1, 1)),
    ("we got married on Saturday", day(2026, 5, 9)),
    ("Dana resigned on Thursday", day(2026, 5, 7)),
    ("we signed the lease on Tuesday", day(2026, 5, 12)),  # a regular past the lexicon knows
    ("Priya handed in her notice on Wednesday", day(2026, 5, 13)),
]

NOT_BEGAN = [
    "my birthday is in March",
    "see you in May",
    "I'll move in June",
    "I start at ASML on Monday",  # a plan, said in the present
    "I'm moving to Oslo next month",
    "we will have lived here since 2019 by then",
    "it's my last week at Acme",
    "I live in Oslo",
    "keep it bash syntax since my shell is bash",
    "the euro arrives in 2027",
    "living here since 2027",  # after the turn
    "I moved to Oslo in 2031",
    # words that end in "-ed" but are no verb's past: the day is a plan, not when anything began
    "Fred starts at Zalando on Monday",
    "my speed dating night is on Friday",
    "the seed round closes on Tuesday",
]


@pytest.mark.parametrize(("clause", "expected"), BEGAN)
def test_began_reads_the_day_a_state_began(clause: str, expected: datetime) -> None:
    assert began(clause, SAID) == expected


@pytest.mark.parametrize("clause", NOT_BEGAN)
def test_began_reads_nothing_from_futures_and_other_dates(clause: str) -> None:
    assert began(clause, SAID) is None


def test_began_refuses_a_naive_time() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        began("since 2019", SAID.replace(tzinfo=None))


def test_month_arithmetic_keeps_to_the_months_end() -> None:
    assert began("moved here a month ago", day(2026, 3, 31)) == day(2026, 2, 28)
    assert began("moved here last month", day(2026, 1, 9)) == day(2025, 12, 1)


def test_the_clause_that_names_the_value_is_the_one_read() -> None:
    assert clause_naming("my new employer is Adyen — I left ASML last month.", "Adyen") == "my new employer is Adyen"
    assert clause_naming("I work at Google and I moved to Oslo in 2021", "Oslo") == "I moved to Oslo in 2021"
    # a time adverbial set off before its clause belongs to it
    assert clause_naming("Since 2019, I've lived in Hamburg.", "Hamburg") == "since 2019 I've lived in Hamburg."
    assert clause_naming("I left ASML last month, I work at Adyen", "Adyen") == "I work at Adyen"
    assert clause_naming("I live in Oslo", "Bergen") is None


def test_each_item_of_a_list_is_dated_by_its_own_date() -> None:
    for text, value, year in [
        ("I moved to Ghent in 2017 and to Namur in 2021", "Ghent", 2017),
        ("I moved to Ghent in 2017 and to Namur in 2021", "Namur", 2021),
        ("In 2015 we moved to Turku and in 2020 to Vaasa", "Turku", 2015),
        ("In 2015 we moved to Turku and in 2020 to Vaasa", "Vaasa", 2020),
        ("I've lived in Tartu since 2016 and worked at Bolt since 2022", "Bolt", 2022),
        ("we moved to Aarhus and Odense in 2019", "Aarhus", 2019),  # one date for both: each has it
    ]:
        clause = clause_naming(text, value)
        assert clause is not None and began(clause, SAID) == day(year, 1, 1), (text, value)


def test_a_list_item_dates_its_own_fact() -> None:
    turn = Turn("e0", "user", "I moved to Ghent in 2017 and to Namur in 2021.", SAID)
    facts = [Fact("user", "lives in", v, valid_from=SAID, event_ids=("e0",)) for v in ("Ghent", "Namur")]
    assert [f.valid_from for f in dated(facts, [turn])] == [day(2017, 1, 1), day(2021, 1, 1)]


def test_a_clause_that_dates_two_events_gives_each_value_its_own_date() -> None:
    told = "Ruth Okafor joined Brennick Foods in 2018 and moved to Salto Dairy in March 2024."
    assert began(clause_naming(told, "Salto Dairy") or "", SAID) == day(2024, 3, 1)
    assert began(clause_naming(told, "Brennick Foods") or "", SAID) == day(2018, 1, 1)
    # a clause of its own after "and": the conjunction is no part of it, its opening date is its own
    joined = "In 2017 the band took on Ivo Marsh, and in 2022 he joined Lantern Road."
    assert began(clause_naming(joined, "Lantern Road") or "", SAID) == day(2022, 1, 1)
    # one date for two values, or the value's part undated: no date borrowed from another event
    assert began(
        clause_naming("Ivo Marsh joined Lantern Road in 2022 and still plays there.", "Lantern Road") or "", SAID
    ) == day(2022, 1, 1)
    assert (
        began(clause_naming("Ivo Marsh left Kell in 2019 and now plays for Lantern Road.", "Lantern Road") or "", SAID)
        is None
    )


def consolidate(*said: tuple[str, datetime], active: tuple[ActiveFact, ...] = ()) -> list[Fact]:
    turns = tuple(Turn(f"e{i}", "user", text, ts) for i, (text, ts) in enumerate(said))
    result = ExtractiveConsolidator().consolidate(Transcript("default", "s", turns), Context(active))
    return list(result.facts)


def test_a_stated_year_is_the_facts_valid_from() -> None:
    [oslo] = consolidate(("I moved to Oslo in 2021.", SAID))
    assert (oslo.predicate, oslo.object, oslo.valid_from) == ("lives in", "Oslo", day(2021, 1, 1))


def test_a_fact_its_clause_does_not_date_keeps_the_turns_time() -> None:
    facts = consolidate(("I work at Google and I moved to Oslo in 2021.", SAID))
    assert {(f.object, f.valid_from) for f in facts} == {("Google", SAID), ("Oslo", day(2021, 1, 1))}


def test_a_stated_day_never_precedes_the_active_value_it_replaces() -> None:
    paris = ActiveFact("f1", "user", "lives in", "Paris", day(2026, 2, 1))
    [lyon] = consolidate(("I moved to Lyon last year.", SAID), active=(paris,))
    assert lyon.object == "Lyon" and lyon.valid_from == day(2026, 2, 1) + timedelta(seconds=1)
    [since] = consolidate(("I moved to Lyon last month.", SAID), active=(paris,))  # after Paris: as stated
    assert since.valid_from == day(2026, 4, 1)


def test_a_stated_day_never_precedes_a_value_said_earlier_in_the_session() -> None:
    earlier = SAID - timedelta(hours=3)
    facts = consolidate(("I live in Paris.", earlier), ("I moved to Lyon last year.", SAID))
    assert [(f.object, f.valid_from) for f in facts] == [("Paris", earlier), ("Lyon", earlier + timedelta(seconds=1))]


def test_retractions_and_multi_valued_facts_are_not_clamped() -> None:
    turn = Turn("e0", "user", "I quit Acme last month. I've liked jazz since 2019.", SAID)
    facts = [
        Fact("user", "works at", "Acme", valid_from=SAID, event_ids=("e0",), retract=True),
        Fact("user", "likes", "jazz", valid_from=SAID, event_ids=("e0",)),
    ]
    rock = ActiveFact("f1", "user", "likes", "rock", day(2026, 1, 1))
    assert [f.valid_from for f in dated(facts, [turn], [rock])] == [SAID, day(2019, 1, 1)]


def test_a_move_said_with_an_earlier_day_still_supersedes_the_old_home(store: MemoryStore) -> None:
    """The clamp end to end: without it "moved to Lyon last year" would be a late older fact and Paris stay."""
    store.stage("a", "user", "I live in Paris.", ts=day(2026, 3, 2))
    store.stage("b", "user", "I moved to Lyon last year.", ts=SAID)
    for session in ("a", "b"):
        assert run_consolidate(store, session=session).sessions_consolidated == 1
    [lyon] = store.facts(predicate="lives in")
    paris = next(f for f in store.facts(all_versions=True) if f.object == "Paris")
    assert lyon.object == "Lyon" and paris.superseded_by == lyon.id
    assert lyon.valid_from == day(2026, 3, 2) + timedelta(seconds=1) == paris.valid_to
