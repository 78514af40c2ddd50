"""A single-valued relation's change read as a frame from the parse (consolidators.changeframes): the role noun
names the relation, its owner is the entity that changes, and the value attaches beside the role, changed *to*
it, given *as* it or as the one who won it. Every sentence is worded here, with names of its own."""

from __future__ import annotations

import pytest

from consolidators import extract_triples, thirdmoves
from consolidators.changeframes import facts, moved

#: (sentence, owner, relation, new value)
CHANGES: list[tuple[str, str, str, str]] = [
    # the value set beside the role noun
    ("The new Chilean capital, Pellworth, held its first cabinet meeting.", "Chile", "capital", "Pellworth"),
    ("The new Drevonian capital, Ostrahaven, opened its parliament on Monday.", "Drevonia", "capital", "Ostrahaven"),
    # the value the role was changed to
    ("Marit Olund's birthplace has been amended to Tromsø.", "Marit Olund", "born in", "Tromsø"),
    ("The headquarters of Quellmark Foods were moved to Aarhus.", "Quellmark Foods", "headquartered in", "Aarhus"),
    # the value given as the role
    ("The registry now lists Piet Maas as the founder of Kelpwise.", "Kelpwise", "founded by", "Piet Maas"),
    ("Her memoir gives Tarnow as the birthplace of Zofia Brandys.", "Zofia Brandys", "born in", "Tarnow"),
    (
        "The producers swapped Ida Berg with Jonas Holm as director of Winter Lines.",
        "Winter Lines",
        "directed by",
        "Jonas Holm",
    ),
    # a succession verb: the subject is the new holder, the object the one replaced
    (
        "Ruth Amadi replaced Ole Dahl as chief executive of Brightmoor Logistics.",
        "Brightmoor Logistics",
        "ceo",
        "Ruth Amadi",
    ),
    ("Ole Dahl was replaced by Ruth Amadi as director of Winter Lines.", "Winter Lines", "directed by", "Ruth Amadi"),
    # a company appoints its chief: the appointer owns the office
    ("Brightmoor Logistics has tapped Ruth Amadi as chief executive.", "Brightmoor Logistics", "ceo", "Ruth Amadi"),
    # a company's chief said by the verb it is led by
    ("Since the spring, Calloway Robotics has been headed by Priya Raman.", "Calloway Robotics", "ceo", "Priya Raman"),
    # a marriage said by its verb
    ("Oskar Brandt married Lea Hoffmann in August.", "Oskar Brandt", "married to", "Lea Hoffmann"),
    ("Mirela Popa wed Dan Ionescu last summer.", "Mirela Popa", "married to", "Dan Ionescu"),
    # the one who won the office
    ("Tove Lindqvist won the Drevonian presidency after a runoff.", "Drevonia", "president", "Tove Lindqvist"),
]


@pytest.mark.parametrize(("sentence", "owner", "relation", "value"), CHANGES)
def test_a_change_frame_reads_the_owner_relation_and_new_value(
    sentence: str, owner: str, relation: str, value: str
) -> None:
    got = {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "user")}
    assert (owner, relation, value) in got, got


#: A change not done, not the owner's, or no change at all: nothing from the frames.
NOTHING: list[str] = [
    "Will Drevonia name Ostrahaven as its new capital?",  # a question
    "Brightmoor Logistics may tap Ruth Amadi as chief executive.",  # a modal
    "Brightmoor Logistics is expected to name Ruth Amadi as chief executive.",  # a plan
    "The old Drevonian capital, Lisk, is a quiet port now.",  # a former role
    "The incoming Drevonian president, Ana Vuk, is sworn in next month.",  # a role still to be taken
    "Brightmoor Logistics has tapped Ruth Amadi as CEO designate.",  # the same, said after the title
    "Tove Lindqvist did not win the Drevonian presidency.",  # a negation
    "Pellworth, a new capital, opened a parliament.",  # anyone's capital
    "Tove Lindqvist named Ruth Amadi as chief executive.",  # a person appoints: whose office is unsaid
    "The panel lists Piet Maas as a speaker.",  # no role of the vocabulary
    "Calloway Robotics was headed by Priya Raman until 2019.",  # a past state
    "Westbury United has been led by Priya Raman since May.",  # a team's leader is no chief executive
    "Oskar Brandt may marry Lea Hoffmann next year.",  # a plan
    "Oskar Brandt was married to Lea Hoffmann.",  # a past state, the parse reader's to judge
]


@pytest.mark.parametrize("sentence", NOTHING)
def test_no_frame_without_a_done_change_of_a_named_owner(sentence: str) -> None:
    assert facts(sentence) == []


def test_the_old_value_is_never_the_new_one() -> None:
    got = facts("The producers replaced Ida Berg with Ida Berg as director of Winter Lines.")
    assert got == []


#: (sentence, subject, new value, party left): a move said by its noun, for the move-readers to place
MOVES_BY_NOUN: list[tuple[str, str, str, str]] = [
    ("Tomas Rydell completed a loan move to Viktoria Plzen.", "Tomas Rydell", "Viktoria Plzen", ""),
    (
        "Hapoel Tel Aviv confirmed Eli Ben-Ami's arrival from Maccabi Haifa.",
        "Eli Ben-Ami",
        "Hapoel Tel Aviv",
        "Maccabi Haifa",
    ),
    ("Ines Rocha sealed her transfer to Olympique Lyon on Friday.", "Ines Rocha", "Olympique Lyon", ""),
]


@pytest.mark.parametrize(("sentence", "subject", "value", "left"), MOVES_BY_NOUN)
def test_a_move_said_by_its_noun_is_a_change_for_the_move_readers(
    sentence: str, subject: str, value: str, left: str
) -> None:
    change = thirdmoves.read(sentence)
    assert change is not None and change.sure
    assert (change.subject, change.value, change.left) == (subject, value, left)


@pytest.mark.parametrize(
    "sentence",
    [
        "Tomas Rydell may complete a loan move to Viktoria Plzen.",  # a modal
        "Tomas Rydell is weighing a move to Viktoria Plzen.",  # no completion
        "Will Ines Rocha seal her transfer to Olympique Lyon?",  # a question
        "Tomas Rydell did not complete his move to Viktoria Plzen.",  # a negation
    ],
)
def test_a_move_noun_not_completed_is_no_change(sentence: str) -> None:
    assert moved(sentence) is None


def test_the_one_a_new_holder_replaced_is_never_the_holder() -> None:
    got = {
        (f.subject, f.predicate, f.object)
        for f in facts("Ruth Amadi replaced Ole Dahl as chief executive of Brightmoor Logistics.")
    }
    assert got == {("Brightmoor Logistics", "ceo", "Ruth Amadi")}
