"""Who speaks for the sentence's subject by a chief's title is its chief: "Tarvik Foods will close a plant,
chief executive Ines Marl said". A title marked as past, or one with another owner before it, is not.

Each row is worded here, not taken from a corpus."""

from __future__ import annotations

import pytest

from consolidators import extract_triples


def _read(sentence: str) -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "user")}


@pytest.mark.parametrize(
    "sentence",
    [
        "Tarvik Foods will close its Hull depot, chief executive Ines Marl said.",
        "Tarvik Foods, owned by Brenner Capital, raised prices again; chief executive Ines Marl called it unavoidable.",
    ],
)
def test_the_speaker_by_a_chiefs_title_is_the_subjects_chief(sentence: str) -> None:
    assert ("Tarvik Foods", "ceo", "Ines Marl") in _read(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Tarvik Foods will close its Hull depot, former chief executive Ines Marl said.",
        "Tarvik Foods will close its Hull depot, Brenner Capital chief executive Ines Marl said.",
    ],
)
def test_a_past_or_anothers_chief_is_not_the_subjects(sentence: str) -> None:
    assert not any(s == "Tarvik Foods" and p == "ceo" for s, p, _ in _read(sentence))
