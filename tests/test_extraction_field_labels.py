"""A profile's field read through the relation vocabulary (:mod:`consolidators.fields`): a label's grading words
("current", "of choice") aside, a dash for the colon, a date beside the value, a nationality for its country.
Each row is worded here, not taken from a corpus, and fails if its rule goes."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str, bool]

ROWS: list[tuple[str, list[Triple]]] = [
    # the label's grading word or "of choice" says which one, not another relation
    ("Current city: Valletta", [("user", "lives in", "Valletta", False)]),
    ("primary employer: Quorn Analytics", [("user", "works at", "Quorn Analytics", False)]),
    ("terminal of choice: Ghostty", [("user", "terminal", "Ghostty", False)]),
    # a dash for the colon, the field alone on its line
    ("Employer — Quorn Analytics", [("user", "works at", "Quorn Analytics", False)]),
    ("City – Valletta", [("user", "lives in", "Valletta", False)]),
    # a date beside the value is no part of it
    ("Born: 1977, Sliema", [("user", "born in", "Sliema", False)]),
    ("Born: 12 June 1983, Mdina", [("user", "born in", "Mdina", False)]),
    # a nationality names its country
    ("Nationality: Maltese", [("user", "citizen of", "Malta", False)]),
    # a machine's field names the OS it runs, not the machine
    ("Desktop: Framework 16 running Fedora 41", [("user", "os", "Fedora 41", False)]),
    ("Shell: fish + a pile of abbreviations", [("user", "shell", "fish", False)]),
    # a machine's field without an OS the lists know names the machine, no OS
    ("Home laptop: Lenovo Yoga 7", []),
    ("Desktop: home-built rig, OS: Fedora 41", [("user", "os", "Fedora 41", False)]),
    # what names no relation, or no value, stays out
    ("Nope — Quorn Analytics", []),
    ("City - back by six", []),
    # a dash that parts a statement from a request or a comment marks no field
    ("our CI is Buildkite CI - could you write a pipeline step that caches pip", []),
    ("work laptop OS — what a pain to set up", []),
    ("Employer - Not Sure Yet", []),
    ("Browser — Vivaldi or Brave?", []),
    ("Born: 1977", []),
    ("Nationality: unknown", []),
]


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_a_fields_label_names_its_relation_through_the_vocabulary(text: str, expected: list[Triple]) -> None:
    assert [(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(text, "user")] == expected
