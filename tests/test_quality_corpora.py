"""The quality corpora keep their documented shape, and the two scorers count what they claim to.

The corpora are data the extraction and supersession work is measured by, so a
line that breaks the shape, a predicate outside PREDICATES.md, or a sentence
shared between any two splits (tuning, dev, held-out) would silently change
what the figures mean.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

import consolidators
from consolidators.places import DEMONYMS
from consolidators.triples import prefetch_parses
from consolidators.types import Fact

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCH))

import _quality as q  # noqa: E402
import ordered_updates as ou  # noqa: E402
import quality_extraction as qe  # noqa: E402


def vocabulary() -> set[str]:
    """Predicates named in the first column of PREDICATES.md's tables."""
    names = set()
    for line in (q.DATA / "extraction" / "PREDICATES.md").read_text().splitlines():
        if line.startswith("| `"):
            names.update(re.findall(r"`([^`]+)`", line.split("|")[1]))
    return names


SENTENCES = {split: q.load_sentences(q.split_path("extraction", split)) for split in q.SPLITS}
STREAMS = {split: q.load_stream(q.split_path("updates", split)) for split in q.STREAM_SPLITS}


#: Every split written so far: a split missing from the benchmark's list (or one it names without a file) fails.
WRITTEN = {"tuning", "dev", *(f"dev{n}" for n in range(2, 152)), "heldout"}


def test_extraction_corpus_sizes_and_mix() -> None:
    assert set(SENTENCES) == WRITTEN
    assert sum(len(s) for s in SENTENCES.values()) >= 540
    every = [s for sentences in SENTENCES.values() for s in sentences]
    assert 0.45 <= sum(1 for s in every if s.speaker == "user") / len(every) <= 0.65
    for sentences in SENTENCES.values():
        assert len(sentences) >= 140
        user = sum(1 for s in sentences if s.speaker == "user") / len(sentences)
        assert 0.35 <= user <= 0.65, user  # one writer was asked for more news, another for more chat
        assert sum(1 for s in sentences if not s.gold and not s.retracts) >= 30  # negatives that must yield nothing
        assert len({s.id for s in sentences}) == len(sentences)


def test_gold_uses_the_documented_predicates_and_user_subject() -> None:
    known = vocabulary()
    for sentences in SENTENCES.values():
        for s in sentences:
            for subject, predicate, _ in (*s.gold, *s.retracts, *s.optional_retracts):
                assert predicate in known, (s.id, predicate)
                if s.speaker == "user":
                    assert subject == "user", s.id


def test_key_groups_name_one_relation_each() -> None:
    for sentences in SENTENCES.values():
        keys = defaultdict(set)
        for s in sentences:
            if s.key_group is not None:
                keys[s.key_group].update((t[0], t[1]) for t in (*s.gold, *s.retracts))
        assert all(len(k) == 1 for k in keys.values()), {g: k for g, k in keys.items() if len(k) != 1}
        assert sum(1 for s in sentences if s.key_group) >= 90


def test_update_streams_sizes_order_and_answers() -> None:
    assert set(STREAMS) == WRITTEN - {"dev5"}  # the fourth set has one stream, dev4's
    assert sum(len(st) for st, _ in STREAMS.values()) >= 480
    assert sum(len(qs) for _, qs in STREAMS.values()) >= 165
    for statements, questions in STREAMS.values():
        assert len(statements) >= 160 and len(questions) >= 55
        assert [s.seq for s in statements] == sorted({s.seq for s in statements})
        assert [s.ts for s in statements] == sorted(s.ts for s in statements)
        assert len({(x.subject, x.predicate) for x in questions}) == len(questions)
        for x in questions:
            assert x.predicate in vocabulary(), x
            # headlines may be upper-case; a citizenship may be said only by its demonym ("an Irish citizen")
            said = {x.answer.lower(), *(d.lower() for d, c in DEMONYMS.items() if c == x.answer)}
            assert any(a in s.text.lower() for s in statements for a in said), x


def test_no_held_out_sentence_is_in_any_other_split() -> None:
    # the opened splits may share a plain sentence ("My laptop runs Fedora."): all of them were tuned on;
    # a held-out sentence that any rule was written against would make the figure a tuned one
    def texts(split: str) -> set[str]:
        return {s.text for s in SENTENCES[split]} | {s.text for s in STREAMS.get(split, ((), ()))[0]}

    held = texts("heldout")
    for split in q.SPLITS:
        shared = held & texts(split) if split != "heldout" else set()
        assert not shared, (split, sorted(shared)[:5])


def test_a_malformed_line_names_its_file_line_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x", "text": "Hi.", "speaker": "user", "gold": [["user", "lives in"]]}\n')
    with pytest.raises(q.CorpusError, match=r"bad.jsonl:1: gold\[0\]"):
        q.load_sentences(bad)


def outcome(gold: list[list[str]], predicted: set[qe.Scored], *, optional=(), group: str | None = None) -> qe.Outcome:
    s = q.Sentence("t", "text", "user", tuple(map(tuple, gold)), (), tuple(map(tuple, optional)), group)
    return qe.Outcome(s, predicted)


def test_extraction_scoring_is_exact_after_case_space_and_article() -> None:
    right = outcome([["France", "capital", "Paris"]], {("france", "capital", "paris", False)})
    wrong = outcome([["user", "lives in", "Bergen"]], {("user", "lives in", "city of bergen", False)})
    switch = outcome(
        [["user", "notes app", "Bear"]],
        {("user", "notes app", "bear", False), ("user", "notes app", "evernote", True)},
        optional=[["user", "notes app", "Evernote"]],
    )
    quiet = outcome([], set())
    figures = qe.figures_of([right, wrong, switch, quiet])
    assert (figures["tp"], figures["fp"], figures["fn"]) == (2, 1, 1)  # the optional retraction is neither
    assert figures["precision"] == figures["recall"] == pytest.approx(2 / 3)
    assert figures["negatives clean"] == 1.0
    assert q.norm("  The   Linux Foundation ") == "linux foundation"


def test_key_consistency_counts_groups_whose_phrasings_agree() -> None:
    agree = [outcome([["A", "ceo", "B"]], {("a", "ceo", x, False)}, group="a|ceo") for x in ("b", "c")]
    split = [
        outcome([["P", "died in", "L"]], {("p", "died in", "l", False)}, group="p|died in"),
        outcome([["P", "died in", "L"]], {("p", "dy in", "l", False)}, group="p|died in"),
    ]
    lone = [outcome([["X", "capital", "Y"]], set(), group="x|capital")] * 2
    assert qe.key_consistency(agree + split + lone) == (0.5, 2)


def test_updates_scoring_prefers_the_top_candidate() -> None:
    question = q.Question("Veloria", "capital", "Tessin", "What is the capital of Veloria?")
    current = ou.Answered(question, ("tessin",), ("amberlin", "tessin"))
    stale = ou.Answered(question, ("amberlin", "tessin"), ("amberlin", "tessin"))
    missing = ou.Answered(question, (), ())
    acc = ou.accuracy([current, stale, missing])
    assert acc["accuracy@1"] == pytest.approx(1 / 3) and acc["accuracy@3"] == pytest.approx(2 / 3)
    assert acc["append-only accuracy@1"] == 0.0 and acc["no fact for the key"] == pytest.approx(1 / 3)


def test_extraction_benchmark_prints_its_table_and_errors(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, str(BENCH / "quality_extraction.py"), "--limit", "5", "--show-errors"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=dict(os.environ),
        timeout=240,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    assert "heldout third" in out.stdout and "target heldout: precision >= 0.95" in out.stdout


def empty_terms(lines: list[tuple[str, str, str]]) -> list[str]:
    """Every fact the extractor reads from ``lines`` (a sentence's id, its text, the role saying it) with an empty
    subject, predicate or object."""
    # one batch of what reading the lines parses, as the consolidator batches a session
    prefetch_parses((text, role) for _, text, role in lines)
    return [
        f"{sentence_id}: {fact}"
        for sentence_id, text, role in lines
        for fact in consolidators.extract_triples(text, role)
        if not (fact.subject.strip() and fact.predicate.strip() and fact.object.strip())
    ]


def test_the_empty_term_check_names_a_fact_with_an_empty_term(monkeypatch: pytest.MonkeyPatch) -> None:
    said = {"a": [Fact("user", "prefers drink", "tea")], "b": [Fact("user", "prefers drink", " ")]}
    monkeypatch.setattr(consolidators, "extract_triples", lambda text, role: said[text])
    assert empty_terms([("s1", "a", "user"), ("s2", "b", "user")]) == [f"s2: {said['b'][0]}"]


# One test a split, each of one split's sentences (one parse batch): the whole corpus read in one test outgrew
# its timeout on a loaded machine.
@pytest.mark.parametrize("split", sorted(WRITTEN))
def test_no_corpus_sentence_yields_a_fact_with_an_empty_term(split: str) -> None:
    # session_facts drops a reader's empty part (the output check would fail the whole session for it), so an
    # empty part is a fact lost: no sentence any writer wrote may produce one ("I'd pick it over tea" once gave
    # a preference for "").
    lines = [(s.id, s.text, "user" if s.speaker == "user" else "assistant") for s in SENTENCES[split]]
    assert len(lines) == len(SENTENCES[split]) >= 140
    assert empty_terms(lines) == []
