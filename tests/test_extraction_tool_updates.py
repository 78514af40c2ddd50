"""The user's tools in an update stream: what memory, a clause's denial and a name's edge say of a role.

Every sentence here is worded for this file, not taken from a corpus."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from consolidators import extract_triples
from consolidators.extractive import session_facts
from consolidators.toolnames import known_names
from consolidators.types import Turn

Triple = tuple[str, str, bool]


def _session(*texts: str) -> list[list[Triple]]:
    """Each turn's role facts about the user, the turns said a minute apart in one session."""
    start = datetime(2026, 6, 1, tzinfo=UTC)
    turns = [Turn(f"t{i}", "user", text, start + timedelta(minutes=i)) for i, text in enumerate(texts)]
    facts = session_facts(turns)
    return [
        [(f.predicate, f.object, f.retract) for f in facts if f.subject == "user" and t.event_id in f.event_ids]
        for t in turns
    ]


def test_a_plural_of_capitals_after_a_tool_is_no_part_of_its_name() -> None:
    assert [m[0] for m in known_names("our workers run on Hetzner VMs in Falkenstein")] == ["Hetzner"]
    assert [m[0] for m in known_names("the office runs Windows 11 Pro")] == ["Windows 11 Pro"]


def test_a_tool_given_up_takes_its_held_role_with_it() -> None:
    said = _session("My password manager is Dashlane.", "I finally gave up Dashlane.")
    assert ("password manager", "Dashlane", True) in said[1]


@pytest.mark.parametrize(
    "said",
    [
        "I gave up on Chrome extensions.",  # a part of the tool
        "I gave up Chrome Beta, the stable one is fine.",  # a variant: a longer name holding the held one
        "I stopped using Chrome on my work laptop.",  # one place of the user's
    ],
)
def test_giving_up_a_part_a_variant_or_a_place_of_a_tool_keeps_its_role(said: str) -> None:
    assert [t for t in _session("My browser is Chrome.", said)[1] if t[0] == "browser"] == []


def test_giving_up_a_tool_s_paid_tier_takes_nothing_back() -> None:
    said = "I gave up Dashlane premium, the free plan is enough."
    assert _session("My password manager is Dashlane.", said)[1] == []


def test_a_tool_given_up_for_one_named_beside_it_is_replaced_not_emptied() -> None:
    said = _session("My password manager is LastPass.", "I gave up LastPass and went back to KeePassXC.")
    assert ("password manager", "KeePassXC", False) in said[1]
    assert ("password manager", "LastPass", True) not in said[1]


def test_a_role_the_sentence_takes_back_is_not_also_filled() -> None:
    said = _session("I write Ruby for the odd script, but that's not my main language anymore.")
    assert ("programming language", "Ruby", False) not in said[0]


def test_a_role_named_only_in_a_denying_clause_names_no_new_value() -> None:
    said = _session("My terminal is Alacritty.", "Kitty is still installed, I just don't use it as my terminal.")
    assert [t for t in said[1] if t[0] == "terminal" and not t[2]] == []


def test_a_move_onward_leaves_the_old_value_its_own_clause_names() -> None:
    said = _session(
        "Our builds run on Jenkins.", "Jenkins upkeep went up so the builds moved again, to Drone this time."
    )
    assert ("ci", "Drone", False) in said[1]


def test_a_tool_written_as_a_word_fills_the_role_the_sentence_names() -> None:
    said = _session("My terminal is alacritty.", "Changed my terminal again, warp this time.")
    assert ("terminal", "warp", False) in said[1]


def test_a_tool_written_as_a_word_is_no_value_where_it_is_a_word_of_another_phrase() -> None:
    said = _session("My shell is zsh.", "Changed my shell again, fish tacos for lunch though!")
    assert [t for t in said[1] if t[0] == "shell"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Kotlin is still my main language, whatever the team picks", [("programming language", "Kotlin")]),
        ("I switched my shell to fish during the break and kept my aliases", [("shell", "fish")]),
        ("just got a new phone, a Galaxy A55", [("phone", "Galaxy A55")]),
        ("my cousin just got a new phone too, a Galaxy A55", []),
        ("my team lead uses Opera as a browser and keeps pinging me links, I'm staying on Firefox", []),
    ],
)
def test_a_user_role_read_or_refused(text: str, expected: list[tuple[str, str]]) -> None:
    roles = {"programming language", "shell", "phone", "browser"}
    found = [(f.predicate, f.object) for f in extract_triples(text, "user") if f.predicate in roles and not f.retract]
    assert found == expected


@pytest.mark.parametrize("said", ["I cancelled my Tidal membership yesterday.", "I gave up my Evernote subscription."])
def test_a_service_given_up_by_its_subscription_or_membership_is_given_up_whole(said: str) -> None:
    # "Spotify subscription" is the whole service, where "Chrome extensions" is a part of it
    assert any(t[1] in ("Tidal", "Evernote") and t[2] for t in _session("I like music.", said)[1])
