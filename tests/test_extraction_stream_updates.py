"""Changes a stream of news states, read so the current value lands on the key memory already holds.

Each sentence is worded here, not taken from a corpus. The rows cover the shapes that left an old value active
or set a wrong one: a state named by its formal name and then by its short name ("the Principality of Varnia" …
"Varnia"), an office holder who meets another state's office ("X met C's president"), a coined currency replaced
or adopted, a change still only talked about, and a handover an "after …" clause looks back on. Near-misses that
must yield nothing (or keep the old key) sit beside each.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.extractive import session_facts
from consolidators.triples import extract_triples
from consolidators.types import ActiveFact, Fact, Turn

_TS = datetime(2026, 3, 1, 9, tzinfo=UTC)

Triple = tuple[str, str, str]


def _held(facts: list[Fact]) -> set[Triple]:
    return {(f.subject, f.predicate, f.object) for f in facts if not f.retract}


def _read(text: str, memory: list[Triple]) -> set[tuple[str, str, str, bool]]:
    active = tuple(ActiveFact(id=f"m{i}", subject=s, predicate=p, object=o) for i, (s, p, o) in enumerate(memory))
    turn = Turn(event_id="t1", role="user", content=text, ts=_TS, seq=1)
    return {(f.subject, f.predicate, f.object, f.retract) for f in session_facts([turn], active)}


# --- a state's formal name, then its short name ---------------------------------------------------------------

STATES = [
    ("Principality of Varnia", "Varnia's head of state is Odile Marchal.", "president", "Odile Marchal"),
    ("Federal Republic of Quellen", "The capital of Quellen is Dornstadt.", "capital", "Dornstadt"),
    ("Grand Duchy of Ebersau", "Ebersau's currency is the ebersau thaler.", "currency", "ebersau thaler"),
]


@pytest.mark.parametrize(("formal", "text", "predicate", "value"), STATES)
def test_a_state_said_by_its_short_name_is_the_state_memory_knows_by_its_formal_name(
    formal: str, text: str, predicate: str, value: str
) -> None:
    found = _read(text, [(formal, "official language", "Quellic")])
    assert (formal, predicate, value, False) in found


def test_a_name_after_of_that_is_no_state_form_stays_as_said() -> None:
    """ "Bank of Tessin" is a bank, not the state Tessin: a fact about Tessin keeps its own key."""
    found = _read("The capital of Tessin is Morlach.", [("Bank of Tessin", "ceo", "Ilse Brandauer")])
    assert ("Tessin", "capital", "Morlach", False) in found
    assert not any(s == "Bank of Tessin" for s, *_ in found)


def test_a_short_name_memory_holds_as_a_subject_of_its_own_stays_as_said() -> None:
    memory = [("Kingdom of Aldor", "capital", "Vessa"), ("Aldor", "capital", "Brin")]
    assert ("Aldor", "capital", "Tolm", False) in _read("The capital of Aldor is Tolm.", memory)


# --- a holder who acts on another office ------------------------------------------------------------------------

MET = [
    "Ivo Brandt met Selvia's president in Kastrel.",
    "Ivo Brandt, the mayor of Orla, thanked the mayor of Pesk.",
    "Ivo Brandt visits Selvia's president on Monday.",
    "Ivo Brandt spoke with the president of Selvia about trade.",
]


@pytest.mark.parametrize("sentence", MET)
def test_a_name_that_meets_or_thanks_an_office_does_not_hold_it(sentence: str) -> None:
    found = {(s, p, o) for s, p, o, _ in _read(sentence, [])}
    assert ("Selvia", "president", "Ivo Brandt") not in found
    assert ("Pesk", "mayor", "Ivo Brandt") not in found


@pytest.mark.parametrize(
    "sentence",
    ["Ivo Brandt is the president of Selvia.", "Ivo Brandt, the president of Selvia, opened the session."],
)
def test_a_name_that_is_the_office_still_holds_it(sentence: str) -> None:
    assert ("Selvia", "president", "Ivo Brandt", False) in _read(sentence, [])


# --- currencies ---------------------------------------------------------------------------------------------------

CURRENCY_CHANGES = [
    ("Dravenia has replaced the dravenian shilling with the dravenian dollar.", "Dravenia", "dravenian dollar"),
    ("Morvala became the first country to adopt the euro this decade.", "Morvala", "euro"),
    ("On 3 April Kestria became the newest member to adopt the euro.", "Kestria", "euro"),
    ("In June 2025, Lothary switched to the euro.", "Lothary", "euro"),
]


@pytest.mark.parametrize(("sentence", "subject", "value"), CURRENCY_CHANGES)
def test_a_currency_replaced_or_adopted_is_the_state_s_currency(sentence: str, subject: str, value: str) -> None:
    assert (subject, "currency", value, False) in _read(sentence, [])


@pytest.mark.parametrize(
    "sentence",
    [
        "Morvala may become the next country to adopt the euro.",
        "Dravenia replaced the old dollar with the new dollar.",
        "Morvala is considering a plan to adopt the euro.",
    ],
)
def test_a_currency_change_planned_or_unnamed_yields_nothing(sentence: str) -> None:
    assert not any(p == "currency" for _, p, _, _ in _read(sentence, []))


# --- a change only talked about ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "There is talk of moving Pellaria's capital to Ostrov, but nothing has been decided.",
        "Speculation about moving Pellaria's capital to Ostrov grew this week.",
    ],
)
def test_talk_of_a_move_leaves_the_held_value(sentence: str) -> None:
    found = _read(sentence, [("Pellaria", "capital", "Vandra")])
    assert not any(p == "capital" and o == "Ostrov" for _, p, o, _ in found)


def test_a_move_made_still_replaces_the_held_value() -> None:
    found = _read("Pellaria moved its capital to Ostrov last year.", [("Pellaria", "capital", "Vandra")])
    assert ("Pellaria", "capital", "Ostrov", False) in found


# --- a handover an "after" clause looks back on ------------------------------------------------------------------


def test_a_holder_back_in_office_is_the_holder_not_the_one_they_lost_it_to() -> None:
    text = "Rosa Itten is once again mayor of Bellmund, four years after losing the office to Kurt Amsel."
    found = _held(extract_triples(text, "user"))
    assert ("Bellmund", "mayor", "Rosa Itten") in found
    assert ("Bellmund", "mayor", "Kurt Amsel") not in found


def test_a_handover_said_plainly_still_names_the_new_holder() -> None:
    found = _held(extract_triples("Rosa Itten lost the mayoralty of Bellmund to Kurt Amsel.", "user"))
    assert ("Bellmund", "mayor", "Kurt Amsel") in found


# --- a retraction takes the tie memory holds ---------------------------------------------------------------------


def test_leaving_a_party_memory_holds_a_membership_of_retracts_the_membership() -> None:
    found = _read("Tomas Eklund quit the Green Alliance last week.", [("Tomas Eklund", "member of", "Green Alliance")])
    assert ("Tomas Eklund", "member of", "Green Alliance", True) in found
    assert not any(p == "works at" for _, p, _, _ in found)


def test_leaving_a_party_memory_holds_nothing_of_keeps_the_reader_s_relation() -> None:
    found = _read("Tomas Eklund quit Brightwater Foods last week.", [("Tomas Eklund", "lives in", "Malmo")])
    assert ("Tomas Eklund", "works at", "Brightwater Foods", True) in found


# --- no value where a sentence names none ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    ["the office gave me a ThinkPad but my own laptop is what I care about", "my phone is whatever we get from work"],
)
def test_a_free_relative_clause_is_no_value(sentence: str) -> None:
    assert not any(o.lower().startswith(("what", "whatever")) for _, _, o, _ in _read(sentence, []))


def test_a_place_an_office_holder_acts_at_is_no_holder() -> None:
    found = _read("Ruiz, the mayor of Vale Verde, opened the fair at the Palácio do Rio.", [])
    assert not any(o == "Palácio do Rio" for _, _, o, _ in found)
