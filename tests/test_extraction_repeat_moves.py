"""A move said again ("moved again, this time to X") is a move; a purpose after it that names somewhere else
("to be near her publisher's office") makes the value a home, not the workplace the purpose mentions.

Each row is worded here, not taken from a corpus."""

from __future__ import annotations

import pytest

from consolidators import extract_triples


@pytest.mark.parametrize(
    "sentence",
    [
        "Oona Brecht moved again, this time to Tartu, to be near her agent's new office.",
        "Oona Brecht has moved again, this time to Tartu.",
    ],
)
def test_a_repeated_move_is_a_new_home(sentence: str) -> None:
    found = {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "user")}
    assert found == {("Oona Brecht", "lives in", "Tartu")}
