"""What a user gives up: the value ends where the time it was given up starts ("months ago", "years back").

Sentences worded afresh; each row kept the time words in the value before they were listed as time words.
"""

from __future__ import annotations

import pytest

from consolidators import extract_triples

RETRACTED = [
    ("I stopped using Todoist months ago.", ("user", "uses", "Todoist", True)),
    ("I gave up Evernote years back.", ("user", "uses", "Evernote", True)),
]


@pytest.mark.parametrize(("sentence", "expected"), RETRACTED)
def test_time_words_end_the_value(sentence: str, expected: tuple[str, str, str, bool]) -> None:
    found = [(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")]
    assert found == [expected]
