"""A sentence that names an organisation by an old name and sets the new one beside it speaks of the thing under
its new name: its facts are keyed on the new name, and no relation is read between the two names. A rename only
planned, or an earlier name given after the current one, changes nothing. Every sentence is worded here, with
names of its own."""

from __future__ import annotations

import pytest

from consolidators import extract_triples
from consolidators.renames import renames

Triple = tuple[str, str, str]


def _triples(sentence: str) -> list[Triple]:
    return [(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "user") if not f.retract]


RENAMED: list[tuple[str, Triple]] = [
    ("Kelby Freight, now called Arvona, is headquartered in Rotterdam.", ("Arvona", "headquartered in", "Rotterdam")),
    ("Kelby Freight, now known as Arvona, is owned by Tessin Capital.", ("Arvona", "owned by", "Tessin Capital")),
    (
        "Kelby Freight, which changed its name to Arvona, now belongs to Tessin Capital.",
        ("Arvona", "owned by", "Tessin Capital"),
    ),
    ("Kelby Freight (now Arvona) is headquartered in Rotterdam.", ("Arvona", "headquartered in", "Rotterdam")),
    (
        "Kelby Freight, renamed Arvona in 2022, has its headquarters in Rotterdam.",
        ("Arvona", "headquartered in", "Rotterdam"),
    ),
    # the old name as the object: the owner of what is now Arvona is still Tessin Capital's holding
    ("Tessin Capital owns Kelby Freight, now called Arvona.", ("Arvona", "owned by", "Tessin Capital")),
]


@pytest.mark.parametrize(("sentence", "expected"), RENAMED, ids=[s for s, _ in RENAMED])
def test_facts_of_a_renamed_organisation_are_keyed_on_its_new_name(sentence: str, expected: Triple) -> None:
    assert _triples(sentence) == [expected]


UNCHANGED: list[tuple[str, Triple]] = [
    # a rename still to come: the name in use is the old one
    (
        "Kelby Freight, soon to be renamed Arvona, is owned by Tessin Capital.",
        ("Kelby Freight", "owned by", "Tessin Capital"),
    ),
    # the name the sentence leads with is the current one already
    ("Arvona, formerly Kelby Freight, is owned by Tessin Capital.", ("Arvona", "owned by", "Tessin Capital")),
    ("Arvona, formerly known as Kelby Freight, is based in Rotterdam.", ("Arvona", "headquartered in", "Rotterdam")),
]


@pytest.mark.parametrize(("sentence", "expected"), UNCHANGED, ids=[s for s, _ in UNCHANGED])
def test_a_planned_rename_or_an_earlier_name_keeps_the_name_the_sentence_leads_with(
    sentence: str, expected: Triple
) -> None:
    assert _triples(sentence) == [expected]


def test_a_rename_said_alone_states_no_relation() -> None:
    assert _triples("Kelby Freight, now called Arvona, had a record year.") == []
    assert renames("Kelby Freight, now called Arvona, had a record year.") == {"kelby freight": "Arvona"}
    assert renames("Kelby Freight, soon to be renamed Arvona, had a record year.") == {}
