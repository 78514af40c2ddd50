"""A trade before a person's name is no part of it, also a science's practitioner the lexicon lacks, made of a
prefix and a trade it has ("Geophysicist Ada Brun"); a given name that looks like a trade stays ("Christer").

Each row is worded here, not taken from a corpus."""

from __future__ import annotations

import pytest

from consolidators import extract_triples


def _subjects(sentence: str) -> set[str]:
    return {f.subject for f in extract_triples(sentence, "user")}


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        ("Geophysicist Maren Tolvik lives in Tromsø.", "Maren Tolvik"),
        ("Biochemist Oskar Lindahl-Berg was educated at Uppsala University.", "Oskar Lindahl-Berg"),
        ("Christer Anders Holm lives in Umeå.", "Christer Anders Holm"),
    ],
)
def test_a_trade_before_the_name_is_cut(sentence: str, name: str) -> None:
    assert _subjects(sentence) == {name}
