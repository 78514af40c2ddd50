"""The user's values read against what memory holds (:mod:`consolidators.userheld`), and the readings of one
sentence that named a value of the wrong relation: a device for a system, a product's base for the product, a
manner of study for its field, a name in a clause about another role.

Every sentence is worded here, not taken from a corpus. Each row gives what memory holds for the user, the
sentence, and what the whole session (``extractive.session_facts``) must give the relation.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.extractive import session_facts
from consolidators.types import ActiveFact, Turn

_TS = datetime(2026, 5, 1, 12, tzinfo=UTC)
_BEFORE = datetime(2026, 4, 1, 12, tzinfo=UTC)


def _said(sentence: str, predicate: str, held: dict[str, str]) -> set[str]:
    """The values the session gives the user's ``predicate`` for ``sentence`` with ``held`` active."""
    active = tuple(ActiveFact(f"f{n}", "user", p, v, _BEFORE) for n, (p, v) in enumerate(held.items()))
    facts = session_facts([Turn("e1", "user", sentence, _TS)], active)
    return {f.object for f in facts if f.subject == "user" and f.predicate == predicate and not f.retract}


#: (relation, what memory holds, the sentence, the values the session gives the relation)
ROWS: list[tuple[str, dict[str, str], str, set[str]]] = [
    # a shorter form of the held name is that name: the fact keeps the held spelling
    ("works at", {"works at": "Jansen Robotics"}, "I'm a test engineer at Jansen now", {"Jansen Robotics"}),
    # … unless the turn leaves the held one: then a name like its start is another employer
    ("works at", {"works at": "Siemens Healthineers"}, "I left Healthineers, I'm at Siemens now", {"Siemens"}),
    # a career change said without a change word, and a country said with "now"
    ("works as", {"works as": "nurse"}, "I retrained last year and I'm a paramedic", {"paramedic"}),
    ("lives in", {"lives in": "Ghent"}, "I'm in Norway now, took a job in Bergen", {"Norway"}),
    # a new name that only shares a later word is another employer
    ("works at", {"works at": "Jansen Robotics"}, "I'm a test engineer at Robotics Hub now", {"Robotics Hub"}),
    # a country after a city is the coarser answer, not a move; a move says so
    ("lives in", {"lives in": "Ghent"}, "grew up in Leeds, living in Belgium for good", set()),
    ("lives in", {"lives in": "Ghent"}, "we finally moved to Norway, the fjords are unreal", {"Norway"}),
    # an occupation with no change said is how the user sees themself, not a new title
    ("works as", {"works as": "nurse"}, "I rewrote my CV four times, I'm a compulsive tinkerer", set()),
    ("works as", {"works as": "nurse"}, "I'm a midwife now, the hours are better", {"midwife"}),
    # a title said against the held one by name is a correction of it
    ("works as", {"works as": "nurse"}, "My job title is midwife, not nurse.", {"midwife"}),
    ("works as", {"works as": "nurse", "works at": "Linde"}, "at Linde I'm a welder, mostly night shifts", {"welder"}),
    # a title said by the job's own words, at a workplace memory does not know yet; a second job beside it is not
    (
        "works as",
        {"works as": "nurse", "works at": "Linde"},
        "at Bosch I work as a welder, I lead a small crew",
        {"welder"},
    ),
    ("works as", {"works as": "nurse", "works at": "Linde"}, "I also work as a welder on weekends", set()),
    # a kind of tool is no job, whatever its last word ends in
    (
        "works as",
        {"works as": "nurse", "email client": "Outlook"},
        "Spark remains my email client at the new job",
        set(),
    ),
    # a manner of study is no part of the field
    ("studies", {}, "I'm studying geology part-time at the University of Otago.", {"geology"}),
    # leaning towards a course is a choice not made
    ("studies", {}, "I'm leaning towards doing an evening course in marine biology, nothing booked yet", set()),
    (
        "studies",
        {"studies": "law"},
        "I'm leaning towards doing a data journalism course, though I haven't signed up yet",
        set(),
    ),
    # a value in a clause naming another role is that role's
    ("programming language", {"programming language": "Java"}, "so my shell is basically Python now", set()),
    ("notes app", {"notes app": "Bear"}, "I code in Rust now at Quorlane, Python only for notebooks", set()),
    # a device's make is no operating system
    ("os", {}, "my home laptop is a Dell XPS, sadly", set()),
    ("os", {}, "my home laptop is Fedora now", {"Fedora"}),
    # "it" after a role whose own clause named the value is that value
    ("browser", {}, "Mercury is my browser now, it's Firefox underneath but faster", {"Mercury"}),
]


@pytest.mark.parametrize(("predicate", "held", "sentence", "expected"), ROWS)
def test_user_value_read_with_memory(predicate: str, held: dict[str, str], sentence: str, expected: set[str]) -> None:
    assert _said(sentence, predicate, held) == expected
