"""Whose life a question asks about, read from its pronouns: recall's preference for the user's own rows.

"Where do I live" asks about the user. Both of recall's branches rank by words
and meaning alone, so the user's sister's "lives in Madrid" (it holds "live")
and an assistant's "Sure, happy to help!" (short generic lines embed close to
short generic questions) could rank above "user lives in Lisbon". A question's
pronouns say whose life it is about, and the rows say whose they are — a
turn's role, a fact's subject — so recall weighs down the rows that are about
someone else (``ASIDE_WEIGHT``) without dropping them:

- a question in the first person ("I", "me", "my", "mine", "myself") that does
  not address the assistant ("you", "your") is answered by what the user said:
  a turn or passage none of whose turns is the user's (the assistant's filler,
  a tool's output) is set aside;
- one whose subject is the user ("I") also sets aside facts about someone the
  question does not name: "where do I live" prefers ``user lives in`` to ``Ana
  lives in``, while "where did I say Ana lives" still takes Ana's. A question
  about the user's people ("where does my sister work") asks about a fact whose
  subject is not the user, so "my" alone leaves facts as they are.

Third-person questions are ranked as before. The words are read as they are
written, no parser: recall must not load one (tests/test_architecture.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .vocab import Role

WORDS = re.compile(r"[a-z]+")
# "I'm", "I've", "I'd" split at the apostrophe, so "i" is found in each.
FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself"})
SECOND_PERSON = frozenset({"you", "your", "yours", "yourself"})
# Set aside, a row's fused score counts half: first in one branch (1/61), it weighs less
# than a row about the user found last in one (1/100, a branch's 40th); first in both
# (2/61), it ties with one of the user's found first in one. A preference, not a filter.
ASIDE_WEIGHT = 0.5
# The SQL beside recall's fused rows (alias m): true for a row about someone else. A fact
# is the user's when its subject is (consolidators name the speaker "user"); a turn,
# passage or episode is set aside when the assistant said all of its turns (memory_staging
# keeps every staged turn's role, read by its primary key): a system or tool turn (a
# calendar's "dentist Tuesday 3pm") can hold the user's facts. A row with no staged turn
# (a summary passage claims none; a turn erased from staging) is nobody's aside: NULL,
# which recall reads as false.
ASIDE = f"""CASE WHEN m.kind = 'fact' THEN %(own_facts)s AND lower(m.subject) <> '{Role.USER}'
        AND strpos(%(question)s, lower(m.subject)) = 0
    ELSE %(own_turns)s AND (SELECT bool_and(s.role = '{Role.ASSISTANT}') FROM memory_staging s
                            WHERE s.event_id = ANY(m.event_ids)) END"""


@dataclass(frozen=True)
class Perspective:
    """Whose rows a question prefers: the user's turns (``own_turns``) and facts (``own_facts``)."""

    own_turns: bool
    own_facts: bool

    def params(self, question: str) -> dict[str, object]:
        """The parameters ``ASIDE`` reads."""
        return {"own_turns": self.own_turns, "own_facts": self.own_facts, "question": question.lower()}


def of_question(question: str) -> Perspective:
    """Whose life ``question`` asks about, from its pronouns (see the module's docstring)."""
    words = set(WORDS.findall(question.lower()))
    if words & SECOND_PERSON:
        return Perspective(own_turns=False, own_facts=False)
    return Perspective(own_turns=bool(words & FIRST_PERSON), own_facts="i" in words)


def params(question: str) -> dict[str, object]:
    """The parameters of recall's statement that say whose rows ``question`` prefers."""
    return of_question(question).params(question)
