"""A label before a statement, plural as well as singular ("Corrections:", "Updates -"), is no part of it.

Each row is worded here, not taken from a corpus."""

from __future__ import annotations

import pytest

from consolidators import extract_triples


@pytest.mark.parametrize(
    "sentence",
    [
        "Corrections: Odile Fenn was educated at Lund University, not Aarhus University as stated earlier.",
        "Updates - Odile Fenn was educated at Lund University.",
    ],
)
def test_a_plural_label_is_dropped(sentence: str) -> None:
    found = {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "user")}
    assert ("Odile Fenn", "educated at", "Lund University") in found


def test_a_tools_field_named_by_a_plural_is_no_label() -> None:
    # "notes:" names the notes app's field, not an editor's note
    found = {(f.subject, f.predicate, f.object) for f in extract_triples("notes: Bear Notes.", "user")}
    assert ("user", "notes app", "Bear Notes") in found
