"""Consolidators: registry, output validation, passthrough and extractive rules (no database)."""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from consolidators import (
    CANONICAL_PREDICATES,
    CallableConsolidator,
    ConsolidationResult,
    Consolidator,
    ConsolidatorConfigError,
    Context,
    Episode,
    ExtractiveConsolidator,
    Fact,
    MalformedOutput,
    PassthroughConsolidator,
    Transcript,
    Turn,
    build_transcript,
    extract_triples,
    load_consolidator,
    normalise_predicate,
    run_consolidator,
    split_sentences,
    summarise,
)
from consolidators.sentenceparts import readable_parts

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
LIMITS = {"max_gap_seconds": 1800, "max_turns": 4, "max_words": 400}


def make_transcript(*contents: str, gap: float = 60) -> Transcript:
    turns = [
        Turn(
            event_id=f"e{i}",
            role="user" if i % 2 == 0 else "assistant",
            content=c,
            ts=T0 + timedelta(seconds=gap * i),
            seq=i,
        )
        for i, c in enumerate(contents)
    ]
    return build_transcript("ns", "s1", turns, **LIMITS)


TRANSCRIPT = make_transcript("I live in Berlin.", "Nice!", "I work at Acme.")


class Returns:
    """A consolidator stub that returns a canned result."""

    name = "stub"

    def __init__(self, result: Any) -> None:
        self.result = result

    def consolidate(self, transcript: Transcript, context: Context) -> Any:
        return self.result


def good_result() -> dict[str, Any]:
    return {
        "episodes": [
            {
                "text": "t",
                "summary": "s",
                "start_ts": T0.isoformat(),
                "end_ts": (T0 + timedelta(seconds=120)).isoformat(),
                "event_ids": ["e0", "e1", "e2"],
            }
        ],
        "facts": [
            {"subject": "user", "predicate": "lives in", "object": "Berlin", "confidence": 0.9, "event_ids": ["e0"]}
        ],
    }


def run(result: Any) -> ConsolidationResult:
    return run_consolidator(Returns(result), TRANSCRIPT, Context())


# ---------------------------------------------------------------------------
# run_consolidator: coercion and validation


def test_plain_dict_result_is_coerced_into_dataclasses() -> None:
    result = run(good_result())
    assert isinstance(result.episodes[0], Episode) and isinstance(result.facts[0], Fact)
    assert result.episodes[0].event_ids == ("e0", "e1", "e2")
    assert result.episodes[0].start_ts == T0
    assert result.facts[0].valid_from is None and result.facts[0].retract is False


def test_naive_and_offset_datetimes_become_aware_utc() -> None:
    data = good_result()
    data["episodes"][0]["start_ts"] = "2025-03-01T12:00:00"  # naive ISO string -> UTC
    data["episodes"][0]["end_ts"] = datetime(2025, 3, 1, 14, 2, tzinfo=timezone(timedelta(hours=2)))
    data["facts"][0]["valid_from"] = datetime(2025, 3, 1, 12, 0)  # naive datetime -> UTC
    result = run(data)
    episode, fact = result.episodes[0], result.facts[0]
    assert episode.start_ts == T0 and episode.start_ts.tzinfo == UTC
    assert episode.end_ts == T0 + timedelta(minutes=2) and episode.end_ts.tzinfo == UTC
    assert fact.valid_from == T0 and fact.valid_from.tzinfo == UTC


def test_dataclass_result_passes_through() -> None:
    episode = Episode(text="t", summary="s", start_ts=T0, end_ts=T0, event_ids=("e0", "e1", "e2"))
    result = run(ConsolidationResult(episodes=(episode,)))
    assert result.episodes == (episode,) and result.facts == ()


def _break(path: str, value: Any) -> dict[str, Any]:
    data = good_result()
    *parents, leaf = path.split(".")
    target: Any = data
    for part in parents:
        target = target[int(part)] if part.isdigit() else target[part]
    if value is KeyError:
        del target[leaf]
    else:
        target[leaf] = value
    return data


@pytest.mark.parametrize(
    "path,value,message",
    [
        ("episodes", [], "episodes: expected at least one item"),
        ("episodes", "nope", "episodes: expected a list"),
        ("episodes.0.event_ids", ["e0", "e1"], "episodes: 1 of 3 turns are covered by no episode"),
        ("episodes.0.event_ids", ["e0", "e1", "e2", "e9"], "episodes[0].event_ids[3]: unknown event id 'e9'"),
        ("episodes.0.event_ids", [], "episodes[0].event_ids: expected at least one item"),
        ("episodes.0.text", "  ", "episodes[0].text: expected a non-empty string"),
        ("episodes.0.summary", "a\x00b", "episodes[0].summary: contains a NUL character"),
        ("episodes.0.summary", KeyError, "episodes[0].summary: missing"),
        ("episodes.0.end_ts", T0 - timedelta(seconds=1), "episodes[0].start_ts: "),
        ("episodes.0.start_ts", "yesterday", "episodes[0].start_ts: not an ISO 8601 timestamp"),
        ("episodes.0.start_ts", 20260101, "episodes[0].start_ts: expected an ISO 8601 timestamp, got int"),
        # an offset that leaves years 1..9999 in UTC: a malformed result, not a bare OverflowError
        (
            "episodes.0.end_ts",
            "9999-12-31T23:30:00-05:00",
            "episodes[0].end_ts: 9999-12-31T23:30:00-05:00 is out of range",
        ),
        (
            "facts.0.valid_from",
            "0001-01-01T00:00:00+05:00",
            "facts[0].valid_from: 0001-01-01T00:00:00+05:00 is out of range",
        ),
        ("episodes.0.colour", "red", "episodes[0].colour: unknown field"),
        ("facts.0.subject", "", "facts[0].subject: expected a non-empty string"),
        ("facts.0.object", "x" * 1001, "facts[0].object: is 1001 characters long (limit 1000)"),
        ("facts.0.predicate", 7, "facts[0].predicate: expected a non-empty string"),
        ("facts.0.confidence", 1.5, "facts[0].confidence: expected a number in [0, 1], got 1.5"),
        ("facts.0.confidence", True, "facts[0].confidence: expected a number in [0, 1]"),
        ("facts.0.confidence", float("nan"), "facts[0].confidence: expected a number in [0, 1]"),
        ("facts.0.event_ids", ["nope"], "facts[0].event_ids[0]: unknown event id 'nope'"),
        ("facts.0.replaces", 42, "facts[0].replaces: expected a non-empty string"),
        ("facts.0.retract", "yes", "facts[0].retract: expected true or false"),
        ("facts.0.replaces_attribute", True, "facts[0].replaces_attribute: must be false in a result"),
        ("facts", {"subject": "x"}, "facts: expected a list"),
    ],
)
def test_malformed_output_names_the_path(path: str, value: Any, message: str) -> None:
    with pytest.raises(MalformedOutput) as info:
        run(_break(path, value))
    assert str(info.value).startswith(message), str(info.value)


def test_missing_coverage_names_the_event_ids_truncated() -> None:
    transcript = make_transcript(*[f"turn {i}" for i in range(12)])
    result = {"episodes": [{"text": "t", "summary": "s", "start_ts": T0, "end_ts": T0, "event_ids": ["e0"]}]}
    with pytest.raises(MalformedOutput) as info:
        run_consolidator(Returns(result), transcript, Context())
    message = str(info.value)
    assert "11 of 12 turns" in message and "e1, e2, e3, e4, e5, … (+6 more)" in message
    assert info.value.path == "episodes"


def test_replaces_may_be_a_string_and_non_result_is_rejected() -> None:
    assert run(_break("facts.0.replaces", "m-1")).facts[0].replaces == "m-1"
    with pytest.raises(MalformedOutput, match=r"^result: expected a ConsolidationResult"):
        run([1, 2])
    with pytest.raises(MalformedOutput, match=r"^result.episodes: missing"):
        run({"facts": []})


def test_an_exception_from_the_consolidator_propagates_unchanged() -> None:
    class Boom:
        name = "boom"

        def consolidate(self, transcript: Transcript, context: Context) -> Any:
            raise KeyError("model fell over")

    with pytest.raises(KeyError, match="model fell over"):
        run_consolidator(Boom(), TRANSCRIPT, Context())


# ---------------------------------------------------------------------------
# registry


def test_builtin_kinds_load_and_satisfy_the_protocol() -> None:
    for kind in ("passthrough", "extractive"):
        consolidator = load_consolidator(kind, None)
        assert isinstance(consolidator, Consolidator) and consolidator.name == kind
    assert load_consolidator("extractive", {"max_sentences": 5}).max_sentences == 5


@pytest.mark.parametrize(
    "kind,options,message",
    [
        ("magic", {}, "consolidate.consolidator.kind: unknown consolidator 'magic'"),
        (None, {}, "consolidate.consolidator.kind: unknown consolidator None"),
        ("llm", {}, "consolidate.consolidator.options.base_url: required by the 'llm' consolidator"),
        (
            "extractive",
            {"max_sentence": 3},
            "consolidate.consolidator.options.max_sentence: unknown option for 'extractive'; "
            "did you mean 'max_sentences'?",
        ),
        (
            "extractive",
            {"max_sentences": 0},
            "consolidate.consolidator.options.max_sentences: expected a positive integer",
        ),
        (
            "extractive",
            {"max_sentences": "3"},
            "consolidate.consolidator.options.max_sentences: expected a positive integer",
        ),
        ("extractive", {"facts": "no"}, "consolidate.consolidator.options.facts: expected true or false"),
        ("extractive", ["max_sentences"], "consolidate.consolidator.options: expected a mapping"),
        (
            "passthrough",
            {"max_summary_chars": -1},
            "consolidate.consolidator.options.max_summary_chars: expected a positive integer",
        ),
        ("callable", {}, "consolidate.consolidator.options.target: required"),
        ("callable", {"target": 3}, "consolidate.consolidator.options.target: expected a non-empty string"),
        ("callable", {"target": "a b:c"}, "consolidate.consolidator.options.target: expected 'module:function'"),
        ("callable", {"target": "mod:"}, "consolidate.consolidator.options.target: expected 'module:function'"),
        (
            "callable",
            {"target": "no_such_module_xyz:fn"},
            "consolidate.consolidator.options.target: cannot import 'no_such_module_xyz'",
        ),
        (
            "callable",
            {"target": "json:no_such_fn"},
            "consolidate.consolidator.options.target: 'json' has no attribute 'no_such_fn'",
        ),
        ("callable", {"target": "json:__name__"}, "consolidate.consolidator.options.target: 'json:__name__' is a str"),
        (
            "callable",
            {"target": "no-such-plugin"},
            "consolidate.consolidator.options.target: no entry point 'no-such-plugin'",
        ),
    ],
)
def test_bad_configuration_names_the_key(kind: Any, options: Any, message: str) -> None:
    with pytest.raises(ConsolidatorConfigError) as info:
        load_consolidator(kind, options)
    assert str(info.value).startswith(message), str(info.value)


PLUGIN = """
    def consolidate(transcript, context):
        turns = transcript.turns
        return {
            "episodes": [{"text": "all", "summary": "all", "start_ts": turns[0].ts.isoformat(),
                          "end_ts": turns[-1].ts.isoformat(),
                          "event_ids": [t.event_id for t in turns]}],
            "facts": [{"subject": "user", "predicate": "seen", "object": str(len(turns)),
                       "event_ids": [turns[0].event_id]}],
        }
"""


def test_callable_target_module_function(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "tiermem_plugin_mod.py").write_text(textwrap.dedent(PLUGIN))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "tiermem_plugin_mod", raising=False)
    consolidator = load_consolidator("callable", {"target": "tiermem_plugin_mod:consolidate"})
    assert isinstance(consolidator, CallableConsolidator)
    assert consolidator.name == "callable:tiermem_plugin_mod:consolidate"
    result = run_consolidator(consolidator, TRANSCRIPT, Context())
    assert result.episodes[0].event_ids == ("e0", "e1", "e2")
    assert result.facts[0].object == "3"


def test_callable_target_entry_point(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "tiermem_plugin_ep.py").write_text(textwrap.dedent(PLUGIN))
    dist = tmp_path / "tiermem_plugin_ep-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: tiermem-plugin-ep\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[tiermem.consolidators]\nmy-plugin = tiermem_plugin_ep:consolidate\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "tiermem_plugin_ep", raising=False)
    consolidator = load_consolidator("callable", {"target": "my-plugin"})
    assert run_consolidator(consolidator, TRANSCRIPT, Context()).facts[0].predicate == "seen"


# ---------------------------------------------------------------------------
# passthrough


def test_passthrough_covers_every_turn_one_episode_per_frame() -> None:
    transcript = make_transcript(*[f"message number {i}" for i in range(10)])
    result = run_consolidator(PassthroughConsolidator(), transcript, Context())
    assert len(result.episodes) == len(transcript.frames) == 3  # max_turns=4
    assert [e for ep in result.episodes for e in ep.event_ids] == [t.event_id for t in transcript.turns]
    first = result.episodes[0]
    assert (
        first.text == "user: message number 0\nassistant: message number 1\n"
        "user: message number 2\nassistant: message number 3"
    )
    assert first.summary == first.text and result.facts == ()
    assert (first.start_ts, first.end_ts) == (transcript.turns[0].ts, transcript.turns[3].ts)


def test_passthrough_truncated_summary_and_unframed_transcript() -> None:
    transcript = replace(make_transcript("word " * 50, "short"), frames=())
    result = run_consolidator(PassthroughConsolidator(max_summary_chars=40), transcript, Context())
    (episode,) = result.episodes
    assert episode.event_ids == ("e0", "e1")
    assert len(episode.summary) <= 40 and episode.summary.endswith("…")
    assert episode.text.startswith(episode.summary[:-1].rstrip())


# ---------------------------------------------------------------------------
# extractive: triples

U, A = "user", "assistant"
TRIPLES: list[tuple[str, str, list[tuple[str, str, str, bool]]]] = [
    # first person -> subject "user"
    (U, "I switched from coffee to tea", [("user", "prefers drink", "tea", False)]),
    (U, "I prefer tea.", [("user", "prefers drink", "tea", False)]),
    (U, "I prefer dark mode over light mode", [("user", "prefers", "dark mode", False)]),
    (U, "My favourite drink is green tea.", [("user", "prefers drink", "green tea", False)]),
    (U, "my editor is Neovim now", [("user", "editor", "Neovim", False)]),
    (U, "I use Neovim as my editor", [("user", "editor", "Neovim", False)]),
    (U, "we moved the queue to RabbitMQ", [("user", "queue", "RabbitMQ", False)]),
    (U, "We switched the queue to RabbitMQ.", [("user", "queue", "RabbitMQ", False)]),
    (U, "We use Redis for the job queue.", [("user", "queue", "Redis", False)]),
    (U, "Our queue is RabbitMQ", [("user", "queue", "RabbitMQ", False)]),
    (U, "We switched our job queue from Redis to RabbitMQ", [("user", "queue", "RabbitMQ", False)]),
    (U, "I live in Berlin", [("user", "lives in", "Berlin", False)]),
    (U, "I moved to Lisbon", [("user", "lives in", "Lisbon", False)]),
    (U, "I moved to Lisbon in May", [("user", "lives in", "Lisbon", False)]),
    (U, "I'm based in Berlin, Germany", [("user", "lives in", "Berlin", False)]),
    (U, "I work at Acme", [("user", "works at", "Acme", False)]),
    (U, "I work for Initech these days", [("user", "works at", "Initech", False)]),
    (U, "I joined Globex", [("user", "works at", "Globex", False)]),
    (U, "I started a new job at Globex", [("user", "works at", "Globex", False)]),
    (U, "I'm working at Acme now", [("user", "works at", "Acme", False)]),
    (U, "I left Acme", [("user", "works at", "Acme", True)]),
    (U, "I no longer use Notion", [("user", "uses", "Notion", True)]),
    (U, "I don't use Notion anymore.", [("user", "uses", "Notion", True)]),
    (U, "Actually, I stopped drinking coffee.", [("user", "prefers drink", "coffee", True)]),
    (U, "I've been using Obsidian for two years", [("user", "uses", "Obsidian", False)]),
    (U, "We're using Kafka for events", [("user", "uses", "Kafka", False)]),
    (U, "I switched from Notion to Obsidian", [("user", "uses", "Notion", True), ("user", "uses", "Obsidian", False)]),
    (
        U,
        "I switched from Notion to Obsidian for my notes",
        [("user", "notes app", "Notion", True), ("user", "notes app", "Obsidian", False)],
    ),
    (
        U,
        "I switched from Mattermost to Zulip",
        [("user", "uses", "Mattermost", True), ("user", "uses", "Zulip", False)],
    ),
    (
        U,
        "I live in Berlin and I work at Acme",
        [("user", "lives in", "Berlin", False), ("user", "works at", "Acme", False)],
    ),
    (
        U,
        "I don't use Notion anymore, I switched to Obsidian",
        [("user", "uses", "Notion", True), ("user", "uses", "Obsidian", False)],
    ),
    (U, "Quick update: we moved the job queue to RabbitMQ last week.", [("user", "queue", "RabbitMQ", False)]),
    (U, "I'm from Portugal", [("user", "is from", "Portugal", False)]),
    (U, "I love hiking", [("user", "likes", "hiking", False)]),
    # third person, any role
    (U, "The CEO of Acme is Jane Doe", [("Acme", "ceo", "Jane Doe", False)]),
    (A, "Jane Doe is the CEO of Acme.", [("Acme", "ceo", "Jane Doe", False)]),
    (A, "Herald uses RSS", [("Herald", "uses", "RSS", False)]),
    (A, "Sure. Herald uses RSS to pull the feeds, by the way", [("Herald", "uses", "RSS", False)]),
    (A, "Herald doesn't use RSS anymore", [("Herald", "uses", "RSS", True)]),
    (U, "Acme acquired Globex last year", [("Globex", "owned by", "Acme", False)]),  # the buyer owns it now
    (U, "Acme is based in Berlin", [("Acme", "headquartered in", "Berlin", False)]),
    (U, "Acme's CTO is Bob", [("Bob", "works at", "Acme", False)]),  # a post below the CEO's: where Bob works
    # no facts: questions, hedges, past states, assistant first person, chit-chat
    (U, "Can I switch to tea?", []),
    (U, "Do you think I should move to Lisbon", []),
    (U, "If I move to Lisbon, I'll need a flat", []),
    (U, "Maybe I'll switch to tea", []),
    (U, "I'm thinking of switching to Helix", []),
    (U, "I used to live in Paris", []),
    (U, "I lived in Paris", []),
    (U, "I think Redis is better", []),
    (U, "I am tired", []),
    (U, "Thanks, that works!", []),
    (U, "You use Redis for the queue", []),
    (A, "I can help you with that", []),
    (A, "I use Notion for notes", []),
    (A, "Sure! Redis is fast.", []),
]


@pytest.mark.parametrize("role,sentence,expected", TRIPLES)
def test_extract_triples(role: str, sentence: str, expected: list[tuple[str, str, str, bool]]) -> None:
    got = [(t.subject, t.predicate, t.object, t.retract) for t in extract_triples(sentence, role)]
    assert got == expected


def test_team_statements_share_the_supersession_key() -> None:
    before = extract_triples("We use Redis for the job queue.", "user")
    after = extract_triples("We switched the queue to RabbitMQ", "user")
    assert [(t.subject, t.predicate) for t in before] == [(t.subject, t.predicate) for t in after]
    assert (before[0].object, after[0].object) == ("Redis", "RabbitMQ")


def test_confidence_follows_the_rule() -> None:
    def confidence(sentence: str) -> float:
        (triple,) = extract_triples(sentence, "user")
        return triple.confidence

    assert confidence("I live in Berlin") == 0.9  # explicit
    assert confidence("I switched from coffee to tea") == 0.7  # inferred domain
    assert confidence("I no longer use Notion") == 0.9  # explicit retraction
    assert confidence("I love hiking") == 0.6  # generic fallback


@pytest.mark.parametrize(
    "phrase,expected",
    [
        ("Works For", "works at"),
        ("lives in", "lives in"),
        ("the job queue", "queue"),
        ("our main database", "database"),
        ("favourite drink", "prefers drink"),
        ("uses", "uses"),
        ("CEO", "ceo"),
        ("acquired", "acquire"),
        ("moved to", "lives in"),
        ("relies  on", "uses"),
        ("owned by", "owned by"),
        ("stopped", "stop"),
        ("living in", "lives in"),
    ],
)
def test_normalise_predicate(phrase: str, expected: str) -> None:
    assert normalise_predicate(phrase) == expected
    assert normalise_predicate(expected) == expected  # idempotent


def test_canonical_vocabulary_is_idempotent() -> None:
    for canonical in set(CANONICAL_PREDICATES.values()):
        assert normalise_predicate(canonical) == canonical


def test_split_sentences() -> None:
    text = "Dr. Smith works at Acme. I live in Berlin! Do you? e.g. this stays\n- bullet one\nlast"
    assert split_sentences(text) == [
        "Dr. Smith works at Acme.",
        "I live in Berlin!",
        "Do you?",
        "e.g. this stays",
        "bullet one",
        "last",
    ]
    assert split_sentences("  ") == []


def test_split_sentences_gives_each_caller_a_list_of_its_own() -> None:
    # the split is remembered: a reader that changes its list must not change the next reader's
    first = split_sentences("I live in Oslo. I work at Acme.")
    first.append("I own a cat.")
    first[0] = "changed"
    assert split_sentences("I live in Oslo. I work at Acme.") == ["I live in Oslo.", "I work at Acme."]


def test_readable_parts_gives_each_caller_a_list_of_its_own() -> None:
    sentence = "I moved to Lisbon last year, and I work at Feedzai now"
    parts = readable_parts(sentence, user=True)
    assert len(parts) == 2
    parts.clear()
    assert len(readable_parts(sentence, user=True)) == 2


# ---------------------------------------------------------------------------
# extractive: summaries and the consolidator


def test_summarise_keeps_original_order_and_at_most_k() -> None:
    sentences = [
        "Hello there.",
        "We need to pick a job queue for the ingestion service.",
        "Lunch was nice.",
        "Redis works as a job queue but RabbitMQ is a sturdier queue.",
        "The ingestion service will use the RabbitMQ queue.",
    ]
    chosen = summarise(sentences, 2)
    assert len(chosen) == 2
    assert chosen == [s for s in sentences if s in chosen]  # original order
    assert "Lunch was nice." not in chosen and "Hello there." not in chosen
    assert summarise(sentences, 10) == sentences
    assert summarise([], 3) == [] and summarise(sentences, 0) == []


def test_extractive_consolidator_end_to_end() -> None:
    transcript = make_transcript(
        "Hi! I switched from coffee to tea. We use Redis for the job queue.",
        "Noted. Tea is a good choice. Can I help with the queue?",
        "Yes. Actually we moved the queue to RabbitMQ. What do you think?",
        "RabbitMQ is a solid choice.",
        "Also, my editor is Neovim now.",
    )
    consolidator = ExtractiveConsolidator(max_sentences=2)
    result = run_consolidator(consolidator, transcript, Context())
    assert [e for ep in result.episodes for e in ep.event_ids] == [t.event_id for t in transcript.turns]
    for episode in result.episodes:
        assert episode.summary and len(split_sentences(episode.summary)) <= 2
    facts = [(f.subject, f.predicate, f.object, f.event_ids[0]) for f in result.facts]
    assert facts == [
        ("user", "prefers drink", "tea", "e0"),
        ("user", "queue", "Redis", "e0"),
        ("user", "queue", "RabbitMQ", "e2"),
        ("user", "editor", "Neovim", "e4"),
    ]
    by_id = {t.event_id: t.ts for t in transcript.turns}
    assert all(f.valid_from == by_id[f.event_ids[0]] for f in result.facts)
    assert ExtractiveConsolidator(facts=False).consolidate(transcript, Context()).facts == ()


WORDS = (
    "I we my our The CEO of Acme is Jane uses RSS switched from to tea queue the job Redis "
    "moved live in Berlin don't anymore no longer use Notion . ? ! , and but if maybe "
    "Dr. e.g. é - 1."
).split() + ["", "\n", "x" * 1500]


@pytest.mark.parametrize("seed", range(25))
def test_builtins_always_pass_validation_on_random_sessions(seed: int) -> None:
    """Whatever the chat, a built-in never fails a session with malformed output."""
    rng = random.Random(seed)
    turns = [
        Turn(
            event_id=f"e{i}",
            role=rng.choice(["user", "assistant", "tool"]),
            content=" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 40))),
            ts=T0 + timedelta(seconds=rng.randint(-100, 3000) * i),
        )  # skewed clocks too
        for i in range(rng.randint(1, 25))
    ]
    transcript = build_transcript("ns", "s", turns, max_gap_seconds=600, max_turns=5, max_words=50)
    for consolidator in (
        ExtractiveConsolidator(max_sentences=rng.randint(1, 4)),
        PassthroughConsolidator(max_summary_chars=rng.choice([None, 1, 40])),
    ):
        result = run_consolidator(consolidator, transcript, Context())
        assert all(e.start_ts <= e.end_ts for e in result.episodes)


def test_extractive_summary_sentences_come_from_the_frame_in_order() -> None:
    transcript = make_transcript(
        "The deploy pipeline failed twice today. The deploy pipeline needs a retry step.",
        "I added a retry step to the deploy pipeline. Weather is fine.",
    )
    (episode,) = ExtractiveConsolidator(max_sentences=2).consolidate(transcript, Context()).episodes
    sentences = [s for turn in transcript.turns for s in split_sentences(turn.content)]
    picked = [s for s in sentences if s in episode.summary]
    assert len(picked) == 2 and episode.summary == " ".join(picked)
    assert "Weather" not in episode.summary


def test_consolidators_import_nothing_from_the_pipeline_or_storage() -> None:
    """Dependency direction: pipelines -> consolidators, never back."""
    code = (
        "import sys, consolidators; "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('memory_sink', 'pipelines')); "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_forget_that_retracts_the_users_previous_statement() -> None:
    from consolidators.extractive import session_facts

    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    contents = [
        ("user", "I use Notion for notes."),
        ("assistant", "Noted."),
        ("user", "Actually, forget that."),
        ("user", "I live in Berlin."),
        ("user", "Forgetting things is normal."),
        ("assistant", "Forget it!"),
    ]
    turns = [Turn(f"e{i}", role, text, t0 + timedelta(minutes=i)) for i, (role, text) in enumerate(contents)]
    got = [(f.subject, f.predicate, f.object, f.retract, f.event_ids) for f in session_facts(turns)]
    assert got == [
        ("user", "notes app", "Notion", False, ("e0",)),
        ("user", "notes app", "Notion", True, ("e2",)),
        ("user", "lives in", "Berlin", False, ("e3",)),
    ]
