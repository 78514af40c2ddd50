"""The did-you-mean every surface shares: ``consolidators.forms.closest`` finds the names a misspelling
meant, and each surface words it (a config key, a stored predicate, a CLI command)."""

from __future__ import annotations

import pytest

from consolidators.forms import closest, unknown_name
from memory_sink.predicates import UnknownPredicate, no_such_predicate
from pipelines.cli.suggest import CUTOFF, suggestions


def test_the_closest_names_come_most_alike_first_and_no_more_than_asked() -> None:
    known = ["works at", "worked at", "lives in", "walks to"]
    assert closest("wrks at", known, n=3) == ["works at", "worked at", "walks to"]
    assert closest("wrks at", known) == ["works at"]


@pytest.mark.parametrize(("given", "found"), [("realtme", ["realtime"]), ("zzzz", []), ("", [])])
def test_a_name_is_close_only_past_the_cutoff(given: str, found: list[str]) -> None:
    assert closest(given, ["realtime", "consolidate", "database"]) == found


def test_a_higher_cutoff_finds_fewer() -> None:
    # "explain" is 0.6 alike to "pin": close by the default rule, not by the CLI's stricter one.
    assert closest("explain", ["pin"]) == ["pin"]
    assert closest("explain", ["pin"], cutoff=CUTOFF) == []
    assert suggestions("explain", ["pin", "history"]) == ["history"]


def test_each_surface_words_its_hint() -> None:
    assert unknown_name("key", "realtme", ["realtime", "database"]) == (
        "unknown key; did you mean 'realtime'? (expected one of: database, realtime)"
    )
    assert unknown_name("key", 3, ["realtime"]) == "unknown key (expected one of: realtime)"
    hint = UnknownPredicate(close=["works at"], stored=[])
    assert no_such_predicate("wrks at", "me", hint, "user") == (
        "no fact about 'user' has the predicate 'wrks at' in namespace 'me'; close: 'works at'"
    )
