"""The llm consolidator and judge driving the real supersession engine (stub endpoint on 127.0.0.1)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from consolidators import load_consolidator
from memory_sink import ConfigError, MemoryStore
from pipelines.consolidate import build_judge, run_consolidate
from tests.conftest import make_config
from tests.llm_stub import Reply, Request, StubServer, answer, error
from tests.test_supersession import say

T0 = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch) -> Iterator[StubServer]:
    for name in ("http_proxy", "HTTP_PROXY", "no_proxy", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)
    server = StubServer().start()
    yield server
    server.stop()


def test_a_replacement_verdict_from_the_llm_consolidator_supersedes_the_named_fact(
    store: MemoryStore, stub: StubServer
) -> None:
    llm = load_consolidator("llm", {"base_url": stub.base_url, "model": "m", "backoff_seconds": 0})
    stub.script(
        answer(
            {
                "episodes": [{"frame": 1, "summary": "Lives in Paris."}],
                "facts": [
                    {
                        "subject": "user",
                        "predicate": "lives in",
                        "object": "Paris",
                        "confidence": 0.9,
                        "turns": [1],
                        "replaces": None,
                        "retract": False,
                    }
                ],
            }
        )
    )
    store.stage("a", "user", "I live in Paris.", ts=T0)
    assert run_consolidate(store, consolidator=llm).sessions_consolidated == 1
    paris = store.facts()[0]

    def reply(request: Request) -> Reply:
        assert "F1" in request.prompt and "Paris" in request.prompt  # the active fact, by handle
        return answer(
            {
                "episodes": [{"frame": 1, "summary": "Relocated."}],
                "facts": [
                    {
                        "subject": "user",
                        "predicate": "is based in",
                        "object": "Berlin",
                        "confidence": 0.8,
                        "turns": [1],
                        "replaces": "F1",
                        "retract": False,
                    }
                ],
            }
        )

    stub.respond_with(reply)
    store.stage("b", "user", "These days I'm based in Berlin.", ts=T0 + timedelta(days=2))
    assert run_consolidate(store, consolidator=llm).sessions_consolidated == 1
    assert [f.object for f in store.facts()] == ["Berlin"]
    op = next(o for o in store.operations(paris.id) if o["op"] == "supersede")
    assert op["signals"]["named_by_consolidator"] and op["signals"]["verdict"] == "replace"


def test_a_retraction_naming_its_fact_retires_it_though_the_wording_differs(
    store: MemoryStore, stub: StubServer
) -> None:
    llm = load_consolidator("llm", {"base_url": stub.base_url, "model": "m", "backoff_seconds": 0})
    stub.script(
        answer(
            {
                "episodes": [{"frame": 1, "summary": "Uses Notion."}],
                "facts": [
                    {
                        "subject": "user",
                        "predicate": "uses",
                        "object": "Notion",
                        "confidence": 0.9,
                        "turns": [1],
                        "replaces": None,
                        "retract": False,
                    }
                ],
            }
        )
    )
    store.stage("a", "user", "I use Notion.", ts=T0)
    assert run_consolidate(store, consolidator=llm).sessions_consolidated == 1
    notion = store.facts()[0]
    stub.script(
        answer(
            {
                "episodes": [{"frame": 1, "summary": "Dropped the Notion app."}],
                "facts": [
                    {
                        "subject": "user",
                        "predicate": "uses",
                        "object": "Notion app",
                        "confidence": 0.9,
                        "turns": [1],
                        "replaces": "F1",
                        "retract": True,
                    }
                ],
            }
        )
    )
    store.stage("b", "user", "I deleted the Notion app.", ts=T0 + timedelta(days=1))
    assert run_consolidate(store, consolidator=llm).sessions_consolidated == 1
    assert store.facts() == []
    op = next(o for o in store.operations(notion.id) if o["op"] == "retract")
    assert op["signals"]["named_by_consolidator"] is True


def test_the_llm_judge_decides_semantic_neighbours(db_dsn: str, stub: StubServer) -> None:
    config = make_config(
        db_dsn,
        supersession={
            "judge": "llm",
            "semantic_threshold": 0.2,
            "judge_options": {"base_url": stub.base_url, "model": "judge", "backoff_seconds": 0},
        },
    )
    with MemoryStore.open(config) as store:
        say(store, "a", "user|lives in|Berlin", T0)
        say(store, "b", "user|lives in|Lisbon", T0 + timedelta(days=1))
        assert stub.requests == []  # a key match on a single-valued predicate: the rules decide
        stub.script(answer({"verdict": "replace", "reason": "a home base is where one lives"}))
        say(store, "c", "user|home base|Porto", T0 + timedelta(days=2))  # a neighbour, not a key match
        assert len(stub.requests) == 1 and "Lisbon" in stub.requests[0].prompt
        facts = {f.object: f for f in store.facts(all_versions=True)}
        assert facts["Lisbon"].superseded_by == facts["Porto"].id
        judged = [o for o in store.operations(facts["Lisbon"].id) if o["op"] == "supersede"][-1]
        assert judged["signals"]["judge"] == "llm" and not judged["signals"]["key_match"]
        assert judged["signals"]["reason"] == "a home base is where one lives"


def test_a_failing_llm_judge_keeps_both_facts(db_dsn: str, stub: StubServer) -> None:
    config = make_config(
        db_dsn,
        supersession={"judge": "llm", "judge_options": {"base_url": stub.base_url, "model": "j", "max_retries": 0}},
    )
    judge, name = build_judge(config)
    stub.script(error(500))
    from memory_sink.supersession import Candidate, FactView, Policy

    old = FactView("1", "user", "lives in", "Berlin", T0)
    new = FactView("2", "user", "resides in", "Lisbon", T0 + timedelta(days=1))
    verdict, reason = judge(new, Candidate(old, 0.7, False), Policy(threshold=0.5))
    assert name == "llm" and verdict == "coexist" and "llm judge failed" in reason


def test_a_bad_judge_configuration_names_the_key(db_dsn: str) -> None:
    with pytest.raises(ConfigError, match="supersession.judge_options"):
        build_judge(make_config(db_dsn, supersession={"judge": "llm", "judge_options": {"model": "x"}}))
