"""A definite description ("the company", "the film") read as the one subject of its kind memory holds that the
turn names (:func:`consolidators.coreference.described`), and memory offering a subject to a transcript that names
it by an English word (:func:`memory_sink.contexts.text_names`).

Every sentence is worded here, not taken from a corpus.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from consolidators.coreference import described
from consolidators.extractive import session_facts
from consolidators.types import ActiveFact, Turn
from memory_sink.contexts import text_names

_TS = datetime(2026, 5, 1, 12, tzinfo=UTC)

#: What memory holds: two companies, a town, a film, a gallery, a writer.
MEMORY = (
    ("Corvane Robotics", "headquartered in", "Turin"),
    ("Corvane Robotics", "ceo", "Elio Banfi"),
    ("Tessaly Bank", "ceo", "Rui Costa"),
    ("Lowmoor", "mayor", "Jane Arden"),
    ("Paper Kites", "directed by", "Lena Voss"),
    ("Hartwell Gallery", "located in", "Leeds"),
    ("Quentin Arbel", "lives in", "Rennes"),
)


def _turns(*said: str) -> list[Turn]:
    return [Turn(f"e{i}", "user", s, _TS + timedelta(minutes=i), seq=i) for i, s in enumerate(said)]


def _memory() -> tuple[ActiveFact, ...]:
    before = _TS - timedelta(days=30)
    return tuple(ActiveFact(f"a{i}", s, p, o, valid_from=before) for i, (s, p, o) in enumerate(MEMORY))


@pytest.mark.parametrize(
    ("said", "spelt"),
    [
        (  # the turn names the one company memory holds
            ["Corvane Robotics cut jobs; the company is now based in Milan."],
            ["Corvane Robotics cut jobs; Corvane Robotics is now based in Milan."],
        ),
        (  # by its short name, and the description is a possessive
            ["Corvane posted a loss and the company's shares fell."],
            ["Corvane posted a loss and Corvane Robotics's shares fell."],
        ),
        (  # a film and a gallery, each by the relation memory knows it by
            ["Paper Kites was recut; the film now runs two hours. Hartwell Gallery shut; the gallery reopens soon."],
            [
                "Paper Kites was recut; Paper Kites now runs two hours. Hartwell Gallery shut; Hartwell Gallery "
                "reopens soon."
            ],
        ),
        (  # a person by an occupation: the one person memory knows the turn names
            ["Quentin Arbel won a prize; the novelist now lives in Nantes."],
            ["Quentin Arbel won a prize; Quentin Arbel now lives in Nantes."],
        ),
        (  # ... said with a nationality
            ["Quentin Arbel won a prize; the French novelist now lives in Nantes."],
            ["Quentin Arbel won a prize; Quentin Arbel now lives in Nantes."],
        ),
        (  # the turn names none: the one an earlier turn of the session named
            ["Corvane Robotics posted record sales.", "The company has moved its headquarters to Bologna."],
            ["Corvane Robotics posted record sales.", "Corvane Robotics has moved its headquarters to Bologna."],
        ),
        (  # two companies: a guess, so the description stays
            ["Tessaly Bank lent Corvane Robotics money; the company is now based in Genoa."],
            ["Tessaly Bank lent Corvane Robotics money; the company is now based in Genoa."],
        ),
        (  # a noun of one kind: the company whose name says that kind, not the other
            ["Corvane Robotics sued Tessaly Bank; the bank's chief executive is now Ida Holm."],
            ["Corvane Robotics sued Tessaly Bank; Tessaly Bank's chief executive is now Ida Holm."],
        ),
        (  # ... and none when the only company named says another kind
            ["Corvane Robotics posted record sales.", "The bank is now based in Milan."],
            ["Corvane Robotics posted record sales.", "The bank is now based in Milan."],
        ),
        (  # a company memory does not know as one (a town): no candidate
            ["Lowmoor welcomed the company on Monday."],
            ["Lowmoor welcomed the company on Monday."],
        ),
        (  # a description that names its referent itself
            ["The city of Lowmoor has a new park.", "The film Paper Kites premiered in Leeds."],
            ["The city of Lowmoor has a new park.", "The film Paper Kites premiered in Leeds."],
        ),
        (  # ... in quotes, as titles are written
            ["The film 'Paper Kites' was directed by Omar Sy, the poster had it wrong."],
            ["The film 'Paper Kites' was directed by Omar Sy, the poster had it wrong."],
        ),
        (  # an object: the readers know "run the company" as it is said
            ["Corvane Robotics hired Ana Lee to run the company."],
            ["Corvane Robotics hired Ana Lee to run the company."],
        ),
        (  # nothing named anywhere in the session
            ["The company is now based in Milan."],
            ["The company is now based in Milan."],
        ),
    ],
)
def test_a_description_is_the_one_subject_of_its_kind_the_turn_names(said: list[str], spelt: list[str]) -> None:
    assert [t.content for t in described(_turns(*said), _memory())] == spelt


def test_a_change_said_of_the_company_replaces_what_memory_holds_for_it() -> None:
    turns = _turns("Corvane Robotics posted record sales.", "The company has moved its headquarters to Bologna.")
    facts = [(f.subject, f.predicate, f.object, f.replaces) for f in session_facts(turns, _memory())]
    assert facts == [("Corvane Robotics", "headquartered in", "Bologna", "a0")]


def test_memory_is_offered_for_a_short_name_that_is_an_english_word() -> None:
    """Without it, "Kestrel" alone never brings Kestrel Analytics' facts to the consolidator, so the change is
    stored under a second subject and the old value stays current."""
    assert text_names("Kestrel has moved its offices to Hull.") == {"kestrel", "hull"}
    assert text_names("After the vote, The mayor left.") == set()  # words a sentence opens with offer nothing


def test_a_country_named_by_its_adjective_is_the_one_the_description_means() -> None:
    """The turn names Valmora only by an adjective no table lists: without reading it so, "the country" would be
    the country the session named before (Brenland), and the change would be stored under the wrong subject."""
    before = _TS - timedelta(days=30)
    memory = (
        ActiveFact("n1", "Valmora", "official language", "Danish", valid_from=before),
        ActiveFact("n2", "Brenland", "capital", "Osterby", valid_from=before),
    )
    turns = _turns("Brenland held a state banquet.", "A new law made Valmoran the country's official language.")
    spelt = [t.content for t in described(turns, memory)]
    assert spelt[1] == "A new law made Valmoran Valmora's official language."
    # a demonym the tables know names its country the same way
    memory = (*memory, ActiveFact("n3", "France", "capital", "Paris", valid_from=before))
    turns = _turns("Brenland held a state banquet.", "The French cabinet met; the country's capital hosted it.")
    assert [t.content for t in described(turns, memory)][1] == "The French cabinet met; France's capital hosted it."
