"""The last gate: a fact of the user's named by a person they have is no relation of the vocabulary."""

from __future__ import annotations

import pytest

from consolidators.vocabularygate import outside_vocabulary


@pytest.mark.parametrize("predicate", ["housemate", "landlady", "best friend", "dentist", "older cousin"])
def test_a_person_the_user_has_names_no_relation(predicate: str) -> None:
    assert outside_vocabulary(predicate, frozenset())


@pytest.mark.parametrize("predicate", ["married to", "lives in", "editor", "works at", "favourite bakery"])
def test_the_vocabulary_and_other_words_pass(predicate: str) -> None:
    assert not outside_vocabulary(predicate, frozenset())


def test_a_relation_the_deployment_adds_passes() -> None:
    assert not outside_vocabulary("landlady", frozenset({"landlady"}))
