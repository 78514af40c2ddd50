"""The extractive consolidator on natural phrasings: the right triple, or nothing.

A garbage fact is worse than none (it can replace a correct one), so the table
pins both what the rules read and what they must refuse. The last tests run
"forget that" and role attributes through the real consolidate → engine path.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from consolidators import CANONICAL_PREDICATES, ActiveFact, Context, ExtractiveConsolidator, extract_triples, extractive
from consolidators.extractive import session_facts
from consolidators.framing import build_transcript
from consolidators.triples import sentence_triples
from consolidators.types import Fact, Turn
from memory_sink import MemoryStore
from memory_sink.supersession import MULTI_VALUED, SINGLE_VALUED
from pipelines.consolidate import run_consolidate

U, A = "user", "assistant"
Triple = tuple[str, str, str, bool]


def uses(subject: str, new: str, old: str | None = None) -> list[Triple]:
    """A switch between tools: the old one retracted, the new one used."""
    return ([(subject, "uses", old, True)] if old else []) + [(subject, "uses", new, False)]


def role(predicate: str, new: str, old: str) -> list[Triple]:
    """A switch within one role: the old tool retracted from the role, the new one filling it."""
    return [("user", predicate, old, True), ("user", predicate, new, False)]


PHRASINGS: list[tuple[str, str, list[Triple]]] = [
    # the basic phrasings keep their exact triples
    (U, "I switched from coffee to tea", [("user", "prefers drink", "tea", False)]),
    (U, "my editor is Neovim now", [("user", "editor", "Neovim", False)]),
    (U, "we moved the queue to RabbitMQ", [("user", "queue", "RabbitMQ", False)]),
    (U, "We switched our CI from Jenkins to GitHub Actions", [("user", "ci", "GitHub Actions", False)]),
    (U, "We moved our main database off MySQL to Postgres", [("user", "database", "Postgres", False)]),
    (U, "I no longer use Notion", [("user", "uses", "Notion", True)]),
    (U, "I don't use Notion anymore", [("user", "uses", "Notion", True)]),
    (U, "The CEO of Acme is Jane Doe", [("Acme", "ceo", "Jane Doe", False)]),
    (A, "Herald uses RSS", [("Herald", "uses", "RSS", False)]),
    # switching tools, first and third person: the same shape
    (U, "I started using VS Code instead of Vim", uses("user", "VS Code", "Vim")),
    (U, "I use VS Code now instead of Vim", uses("user", "VS Code", "Vim")),
    (U, "I use Vim rather than Emacs", uses("user", "Vim", "Emacs")),
    # a switch whose sentence names the role is about that role
    (U, "Switched IDEs: VS Code replaced Vim", role("editor", "VS Code", "Vim")),
    (U, "I switched my browser to Brave from Chrome", [("user", "browser", "Brave", False)]),
    (U, "I've started using Obsidian", uses("user", "Obsidian")),
    (U, "I switched to VS Code", uses("user", "VS Code")),  # names no role: "my editor" is untouched
    (U, "I switched my editor to VS Code", [("user", "editor", "VS Code", False)]),
    (U, "We moved off Heroku to AWS", uses("user", "AWS", "Heroku")),
    (A, "Herald switched from RSS to Atom", uses("Herald", "Atom", "RSS")),
    (A, "Herald replaced RSS with Atom", uses("Herald", "Atom", "RSS")),
    (A, "Herald now uses Atom", uses("Herald", "Atom")),
    (A, "Herald doesn't use RSS anymore", [("Herald", "uses", "RSS", True)]),
    (U, "The team uses Jira", uses("team", "Jira")),
    (U, "The team switched to Jira", uses("team", "Jira")),
    (U, "The team no longer uses Jira", [("team", "uses", "Jira", True)]),
    # time words and qualifiers are not part of the value
    (U, "The CEO of Acme is now Jane Doe", [("Acme", "ceo", "Jane Doe", False)]),
    (U, "Jane Doe is the CEO of Acme now", [("Acme", "ceo", "Jane Doe", False)]),
    (  # the job beside the employer is the occupation (the independent corpora label it so)
        U,
        "I work for Stripe as an engineer",
        [("user", "works at", "Stripe", False), ("user", "works as", "engineer", False)],
    ),
    (U, "I work for Initech these days", [("user", "works at", "Initech", False)]),
    # "X is our Y" says what "our Y is X" says, and only the user can say it
    (U, "Bob is our CTO", [("user", "cto", "Bob", False)]),
    (U, "Redis is our queue", [("user", "queue", "Redis", False)]),
    (A, "Bob is your CTO", []),
    (U, "This is my idea", []),
    (U, "My wife's name is Carol", [("user", "married to", "Carol", False)]),
    (U, "My name is Sam", [("user", "name", "Sam", False)]),
    # lists of names are several values
    (U, "I use Python, Rust and Go", uses("user", "Python") + uses("user", "Rust") + uses("user", "Go")),
    (U, "I use Python and Rust", uses("user", "Python") + uses("user", "Rust")),
    (U, "I speak French and German", [("user", "speaks", "French", False), ("user", "speaks", "German", False)]),
    (U, "I work at Procter and Gamble", [("user", "works at", "Procter and Gamble", False)]),
    # canonical predicates: the forms the supersession engine lists
    (U, "I love hiking", [("user", "likes", "hiking", False)]),
    (U, "I like jazz", [("user", "likes", "jazz", False)]),
    (U, "I play chess", [("user", "plays", "chess", False)]),
    (A, "Acme has 50 employees", [("Acme", "has", "50 employees", False)]),
    # decisions about a role, and a role moving to another tool
    (
        U,
        "For the billing project we decided to use Postgres for the event store.",
        [("user", "event store", "Postgres", False)],
    ),
    (
        U,
        "For billing we reversed the decision: the event store moves to Kafka.",
        [("user", "event store", "Kafka", False)],
    ),
    (U, "We decided to go with Kafka for the event store", [("user", "event store", "Kafka", False)]),
    (U, "The event store is moving to Kafka", [("user", "event store", "Kafka", False)]),
    (U, "We chose Postgres for the database", [("user", "database", "Postgres", False)]),
    # a tool said before its role: a lower-case verb's form there is what the writer does, no tool
    (U, "helix for my editor", [("user", "editor", "helix", False)]),
    (U, "Can Bear sync tags? wondering for my research notes", []),
    (U, "Can Bear sync tags? asking for my research notes", []),
    # giving something up is a retraction, when the thing is clear
    (U, "I gave up coffee", [("user", "prefers drink", "coffee", True)]),
    (U, "I gave up Twitter", [("user", "uses", "Twitter", True)]),
    # nothing: the rules can't be sure, and a guess could replace a right fact
    (A, "Herald moved to Atom", []),
    (U, "The team moved to Jira", []),
    (U, "The meeting moved to Friday", []),
    # "the X moves to Y" is a role of the user's only when the user says it, and only for a tool
    (U, "The project moved to GitLab", [("user", "project", "GitLab", False)]),
    (A, "The app moves to React.", []),
    (A, "The event store moves to Kafka.", []),
    (U, "The ceremony moves to June.", []),
    (U, "The launch moved to Monday", []),
    (U, "The release moves to next week", []),
    (U, "The launch moved to Q3", []),
    (U, "The release moved to 2027-03-01", []),
    (U, "The team moves to Jira", []),
    (U, "We moved the launch to Q3", []),
    (U, "We moved the ceremony to June", []),
    (U, "We moved the password manager to 1Password", [("user", "password manager", "1Password", False)]),
    (U, "I gave up smoking", []),
    (U, "I have two kids", []),
    (U, "I have a dog", []),
    (U, "I have been to Paris", []),
    (U, "I decided to move to Lisbon", []),
    (U, "I like to run", []),
    (U, "We reversed the decision", []),
    (U, "The queue will move to Kafka", []),
    (U, "Maybe I'll switch to VS Code", []),
]


@pytest.mark.parametrize("role,sentence,expected", PHRASINGS)
def test_phrasing(role: str, sentence: str, expected: list[Triple]) -> None:
    got = [(t.subject, t.predicate, t.object, t.retract) for t in extract_triples(sentence, role)]
    assert got == expected


def test_canonical_predicates_are_the_engines_vocabulary() -> None:
    """Every canonical predicate has a cardinality the default rules judge knows."""
    assert set(CANONICAL_PREDICATES.values()) <= SINGLE_VALUED | MULTI_VALUED


def test_extract_triples_never_leaks_the_attribute_marker() -> None:
    for _, sentence, _ in PHRASINGS:
        assert all(t.replaces is None and not t.replaces_attribute for t in extract_triples(sentence, U)), sentence


def test_the_attribute_marker_is_its_own_field_never_a_value_of_replaces() -> None:
    """``replaces`` holds only a fact id: even inside the rules, an attribute is marked by a flag."""
    marked = {s: [t for t in sentence_triples(s, U) if t.replaces_attribute] for _, s, _ in PHRASINGS}
    assert all(t.replaces is None for _, s, _ in PHRASINGS for t in sentence_triples(s, U))
    assert [t.object for t in marked["my editor is Neovim now"]] == ["Neovim"]
    assert [t.object for t in marked["we moved the queue to RabbitMQ"]] == ["RabbitMQ"]
    assert marked["I no longer use Notion"] == [] and marked["Herald uses RSS"] == []


def test_no_public_reader_leaks_the_attribute_marker() -> None:
    """The marker is resolved to an active fact's id or None before any fact leaves the module."""
    turns = [Turn("e0", U, "My editor is Neovim now.", T0), Turn("e1", A, "The CEO of Acme is Jane Doe.", T0)]
    assert [(f.object, f.replaces, f.replaces_attribute) for f in session_facts(turns)] == [
        ("Neovim", None, False),
        ("Jane Doe", None, False),
    ]
    assert "turn_facts" not in extractive.__all__ and not hasattr(extractive, "turn_facts")


# ---------------------------------------------------------------------------
# "forget that"

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def facts_of(*turns: tuple[str, str]) -> list[tuple[str, str, bool, str]]:
    staged = [Turn(f"e{i}", role, text, T0 + timedelta(minutes=i)) for i, (role, text) in enumerate(turns)]
    return [(f.predicate, f.object, f.retract, f.event_ids[0]) for f in session_facts(staged)]


@pytest.mark.parametrize(
    "turns,expected",
    [
        (
            [(U, "I live in Paris."), (U, "Forget that I use Notion.")],  # the clause names the target
            [("lives in", "Paris", False, "e0"), ("uses", "Notion", True, "e1")],
        ),
        (
            [(U, "I live in Paris."), (U, "Forget that I said I live in Paris.")],
            [("lives in", "Paris", False, "e0"), ("lives in", "Paris", True, "e1")],
        ),
        (
            [(U, "I live in Paris. Forget that.")],  # in the same turn
            [("lives in", "Paris", False, "e0"), ("lives in", "Paris", True, "e0")],
        ),
        (
            [(U, "I live in Paris."), (U, "The weather is nice."), (U, "Forget that.")],  # only the last statement
            [("lives in", "Paris", False, "e0")],
        ),
        (
            [(U, "I live in Paris."), (A, "Noted."), (U, "Forget that, I live in Lisbon.")],
            [
                ("lives in", "Paris", False, "e0"),
                ("lives in", "Paris", True, "e2"),
                ("lives in", "Lisbon", False, "e2"),
            ],
        ),
        ([(U, "I live in Paris."), (U, "Ignore this message.")], [("lives in", "Paris", False, "e0")]),
        (
            [(U, "I live in Paris."), (U, "Forget that."), (U, "Forget that.")],  # nothing left to take back
            [("lives in", "Paris", False, "e0"), ("lives in", "Paris", True, "e1")],
        ),
    ],
)
def test_forget_that(turns: list[tuple[str, str]], expected: list[tuple[str, str, bool, str]]) -> None:
    assert facts_of(*turns) == expected


# ---------------------------------------------------------------------------
# role attributes name the active fact they replace


def consolidate(text: str, *active: ActiveFact) -> list[tuple[str, str | None]]:
    turn = Turn("e0", U, text, T0)
    transcript = build_transcript("ns", "s", [turn], max_gap_seconds=600, max_turns=5, max_words=100)
    result = ExtractiveConsolidator().consolidate(transcript, Context(active_facts=active))
    return [(f.object, f.replaces) for f in result.facts]


def test_a_role_attribute_replaces_the_latest_active_value() -> None:
    older = ActiveFact("f1", "user", "event store", "MySQL", T0 - timedelta(days=9))
    postgres = ActiveFact("f2", "user", "Event Store", "Postgres", T0 - timedelta(days=2))
    other = ActiveFact("f3", "user", "uses", "Postgres", T0 - timedelta(days=1))
    assert consolidate("The event store moves to Kafka.", older, postgres, other) == [("Kafka", "f2")]
    assert consolidate("The event store moves to Kafka.", other) == [("Kafka", None)]
    assert consolidate("The event store moves to Postgres.", postgres) == [("Postgres", None)]  # a restatement
    assert consolidate("I use Kafka.", postgres) == [("Kafka", None)]  # multi-valued: replaces nothing


def stage_and_consolidate(store: MemoryStore, session: str, ts: datetime, *texts: str) -> None:
    for i, text in enumerate(texts):
        store.stage(session, U, text, ts=ts + timedelta(minutes=i))
    report = run_consolidate(store, session=session, min_quiet_seconds=0)
    assert report.sessions_failed == 0


def test_a_reversed_decision_supersedes_the_old_one(store: MemoryStore) -> None:
    stage_and_consolidate(store, "mon", T0, "We decided to use Postgres for the event store.")
    stage_and_consolidate(store, "tue", T0 + timedelta(days=1), "The event store moves to Kafka.")
    chain = store.fact_history("user", "event store")
    assert [(m.object, m.superseded_at is None) for m in chain] == [("Postgres", False), ("Kafka", True)]
    assert chain[0].superseded_by == chain[1].id
    why = [o for o in store.operations(chain[0].id) if o["op"] == "supersede"][0]["signals"]
    assert why["named_by_consolidator"] and why["verdict"] == "replace"


def test_forget_that_in_the_same_turn_retracts_it(store: MemoryStore) -> None:
    stage_and_consolidate(store, "s", T0, "I live in Paris. Forget that.")
    assert [f.object for f in store.facts(subject="user")] == []
    (paris,) = store.fact_history("user", "lives in")
    assert paris.superseded_at is not None and "retract" in [o["op"] for o in store.operations(paris.id)]


def test_a_join_by_someone_known_to_play_for_a_team_is_a_new_team_not_a_new_employer() -> None:
    def read(text: str, *active: ActiveFact) -> list[tuple[str, str, str, bool]]:
        facts = session_facts([Turn("e0", A, text, T0)], active)
        return [(f.subject, f.predicate, f.object, f.retract) for f in facts]

    joined = "Kwame Mensah joined Hearts of Oak from Asante Kotoko."
    player = ActiveFact("f1", "Kwame Mensah", "plays for", "Asante Kotoko", T0 - timedelta(days=30))
    assert read(joined, player) == [("Kwame Mensah", "plays for", "Hearts of Oak", False)]
    # unknown, or known as an employee too: the sentence's own reading stands
    assert read(joined) == [("Kwame Mensah", "works at", "Hearts of Oak", False)]
    staff = ActiveFact("f2", "Kwame Mensah", "works at", "Asante Kotoko", T0 - timedelta(days=9))
    assert read(joined, player, staff) == [("Kwame Mensah", "works at", "Hearts of Oak", False)]
    # the user's own job is never re-read from a namesake's
    me = ActiveFact("f3", "user", "plays for", "Hearts of Oak", T0)
    assert session_facts([Turn("e1", U, "I joined Vodafone last month.", T0)], [me])[0].predicate == "works at"
    # known earlier in the same session
    turns = [Turn("e2", A, "Ama Owusu plays for Accra Lions.", T0), Turn("e3", A, "Ama Owusu joined Medeama.", T0)]
    assert [(f.predicate, f.object) for f in session_facts(turns)] == [
        ("plays for", "Accra Lions"),
        ("plays for", "Medeama"),
    ]


def test_a_readers_empty_object_is_dropped_not_the_session(monkeypatch: pytest.MonkeyPatch) -> None:
    def reading(sentence: str, role: str, relations: frozenset[str] = frozenset()) -> list[Fact]:
        return [Fact("user", "editor", ""), Fact("user", "editor", "Helix")]

    monkeypatch.setattr(extractive, "sentence_triples", reading)
    facts = session_facts([Turn("e0", U, "my editor is Helix", T0)])
    assert [(f.predicate, f.object) for f in facts] == [("editor", "Helix")]
