"""A short reply to the assistant's question is read as the statement it answers (:mod:`consolidators.replies`).

Every exchange is worded afresh (no benchmark sentence). Each answered row fails without the module (a bare
"Helix." states nothing alone); each unanswered row fails if the module turns a plan, a refusal, a choice, a
question about someone else or a relation the vocabulary doesn't keep into a fact.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from consolidators import replies
from consolidators.extractive import session_facts
from consolidators.types import Turn

Triple = tuple[str, str, str]
_TS = datetime(2026, 3, 4, 18, 0, tzinfo=UTC)


def _exchange(question: str, reply: str) -> list[Turn]:
    return [
        Turn(event_id="a1", role="assistant", content=question, ts=_TS, seq=1),
        Turn(event_id="u1", role="user", content=reply, ts=_TS + timedelta(seconds=20), seq=2),
    ]


def _facts(question: str, reply: str) -> list[Triple]:
    return sorted(
        (f.subject, f.predicate, f.object) for f in session_facts(_exchange(question, reply)) if not f.retract
    )


ANSWERED: list[tuple[str, str, list[Triple]]] = [
    ("Sure, I can adapt the config. Which editor are you on these days?", "Kakoune.", [("user", "editor", "Kakoune")]),
    ("What's your terminal at the moment?", "wezterm", [("user", "terminal", "wezterm")]),
    ("Got it. Where do you live now?", "Tartu, since March", [("user", "lives in", "Tartu")]),
    ("Where are you based?", "Rotterdam!", [("user", "lives in", "Rotterdam")]),
    ("Who do you work for these days?", "Ferrovia Labs", [("user", "works at", "Ferrovia Labs")]),
    ("Which company are you working for now?", "Mossgiel Analytics.", [("user", "works at", "Mossgiel Analytics")]),
    ("What do you do for a living?", "Paramedic. Mostly nights.", [("user", "works as", "Paramedic")]),
    ("What languages do you speak?", "Estonian", [("user", "speaks", "Estonian")]),
    ("What's your cat called?", "Pancake", [("user", "has pet", "Pancake")]),
    ("Which password manager do you use?", "Proton Pass", [("user", "password manager", "Proton Pass")]),
    ("Where did you move to?", "Lille", [("user", "lives in", "Lille")]),
    ("Where are you from?", "Kenya", [("user", "is from", "Kenya")]),
    # where the tool is used doesn't change the role; a purpose says the statement the user would make
    ("Which terminal do you use at Ferrovia?", "Kitty.", [("user", "terminal", "Kitty")]),
    ("What do you use to store your passwords?", "Bitwarden, for years.", [("user", "password manager", "Bitwarden")]),
]


@pytest.mark.parametrize(("question", "reply", "expected"), ANSWERED)
def test_a_short_reply_answers_the_question_before_it(question: str, reply: str, expected: list[Triple]) -> None:
    assert _facts(question, reply) == expected


UNANSWERED: list[tuple[str, str]] = [
    ("Where would you like to live one day?", "Tartu."),  # a wish
    ("Which editor are you thinking of switching to?", "Kakoune."),  # a plan
    ("Which city are you planning to move to?", "Lille"),
    ("Where did you live before that?", "Lille"),  # the past
    ("Where do you live?", "Not telling :)"),  # a refusal
    ("Which editor do you use?", "Kakoune or Helix, depends on the day."),  # a choice
    ("Where do you work?", "from home mostly"),
    ("Where are you from?", "originally Kenya, now Leeds"),
    ("Where does your brother live?", "Tartu."),  # someone else
    ("What's your brother's name?", "Joosep"),
    ("What's your budget for the trip?", "800 euros"),  # no relation memory keeps
    ("What's your deadline?", "Friday"),
    ("Which editor do you use?", "Why do you ask?"),  # a question back
    ("Which laptop do you have?", "An old ThinkPad."),  # a device: its make, or the OS it runs?
    ("What's your main language?", "Estonian."),  # spoken or programmed in?
    ("Which language are you learning?", "Estonian."),  # not spoken yet
    ("Which client are you working for?", "Unilever."),  # a client is no employer
    ("Which client are you working for at Ferrovia?", "Unilever."),
    ("What do you use to unwind after work?", "A long walk."),  # no tool
    ("Where do you work?", "Remote, mostly."),
    ("Who are you working for now?", "Myself."),
    ("Which browser do you miss?", "Opera."),  # missed: no longer used
    ("Here is the config you asked for.", "Kakoune."),  # no question
    ("Which editor do you use? Also, want the dark theme?", "Kakoune."),  # the last question is another
]


@pytest.mark.parametrize(("question", "reply"), UNANSWERED)
def test_a_reply_that_answers_no_question_about_the_user_states_nothing(question: str, reply: str) -> None:
    assert _facts(question, reply) == []


def test_the_fact_is_the_users_turn_and_the_rest_of_the_reply_is_still_read() -> None:
    facts = session_facts(_exchange("Which shell do you use?", "fish. Also I moved to Lille last month."))
    assert sorted((f.predicate, f.object) for f in facts) == [("lives in", "Lille"), ("shell", "fish")]
    assert {f.event_ids for f in facts} == {("u1",)}
    # the answer is valid from when it was said; the move from the day its clause names (the month's first)
    dates = {f.object: f.valid_from for f in facts}
    assert dates == {"fish": _TS + timedelta(seconds=20), "Lille": datetime(2026, 2, 1, tzinfo=UTC)}


def test_the_reply_after_the_answer_is_still_read() -> None:
    assert _facts("Where are you from?", "Kenya, but I live in Leeds now.") == [
        ("user", "is from", "Kenya"),
        ("user", "lives in", "Leeds"),
    ]


def test_a_full_sentence_reply_is_read_as_it_stands() -> None:
    # the readers already read a sentence; the question is not put in front of it
    assert _facts("Which browser do you use?", "I browse with Vivaldi.") == [("user", "browser", "Vivaldi")]
    assert replies.statements("which browser do you use?", "I browse with Vivaldi.") == []


def test_an_assistant_turn_between_question_and_reply_is_the_one_that_counts() -> None:
    turns = [
        *_exchange("Which shell do you use?", "fish"),
        Turn(event_id="a2", role="assistant", content="Thanks, noted.", ts=_TS + timedelta(minutes=1), seq=3),
        Turn(event_id="u2", role="user", content="Lille", ts=_TS + timedelta(minutes=2), seq=4),
    ]
    assert [(f.predicate, f.object) for f in session_facts(turns)] == [("shell", "fish")]
