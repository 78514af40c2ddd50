"""The ``llm`` consolidator and judge against a stub OpenAI-compatible server on 127.0.0.1."""

from __future__ import annotations

import json
import logging
import socket
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from consolidators import (
    ActiveFact,
    Consolidator,
    ConsolidatorConfigError,
    ConsolidatorTimeout,
    Context,
    EndpointError,
    LLMConsolidator,
    LLMJudge,
    MalformedOutput,
    Transcript,
    Turn,
    build_transcript,
    load_consolidator,
    run_consolidator,
)
from consolidators.llm import CONSOLIDATION_SCHEMA, turn_cap
from memory_sink import MemoryStore
from pipelines.consolidate import run_consolidate
from tests.llm_stub import Reply, Request, StubServer, answer, error

T0 = datetime(2026, 1, 1, 10, 0, tzinfo=UTC)
SECRET = "sk-test-0123456789abcdef"
PARIS = ActiveFact(id="fact-paris", subject="user", predicate="lives in", object="Paris")
HERALD = ActiveFact(id="fact-herald", subject="Herald", predicate="uses", object="RSS")
ELSEWHERE = ActiveFact(id="fact-other", subject="Zorblax", predicate="uses", object="Kafka")
CONTEXT = Context(active_facts=(PARIS, HERALD, ELSEWHERE))


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch) -> Iterator[StubServer]:
    for name in ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)  # 127.0.0.1 must not go through a proxy
    server = StubServer().start()
    yield server
    server.stop()


def llm(stub: StubServer, **options: Any) -> LLMConsolidator:
    consolidator = load_consolidator(
        "llm", {"base_url": stub.base_url, "model": "stub-model", "backoff_seconds": 0, **options}
    )
    assert isinstance(consolidator, LLMConsolidator)
    return consolidator


def transcript(*contents: str, session: str = "s1") -> Transcript:
    """Turns alternating user/assistant one minute apart; a gap > 30 min after turn 2 opens frame 2."""
    turns = [
        Turn(
            event_id=f"e{i + 1}",
            role="user" if i % 2 == 0 else "assistant",
            content=c,
            ts=T0 + timedelta(minutes=i + (60 if i >= 2 else 0)),
            seq=i + 1,
        )
        for i, c in enumerate(contents)
    ]
    return build_transcript("ns", session, turns, max_gap_seconds=1800, max_turns=10, max_words=500)


SESSION = transcript("I live in Paris.", "Noted.", "I moved to Berlin last week.", "Herald now uses Atom as well.")


def fact(**overrides: Any) -> dict[str, Any]:
    return {
        "subject": "I",
        "predicate": "moved to",
        "object": "Berlin",
        "confidence": 0.9,
        "turns": [3],
        "replaces": "F1",
        "retract": False,
        **overrides,
    }


GOOD = {
    "episodes": [
        {"frame": 1, "summary": "The user said they live in Paris."},
        {"frame": 2, "summary": "The user moved to Berlin; Herald added Atom."},
    ],
    "facts": [
        fact(),
        fact(subject="Herald", predicate="uses", object="Atom", confidence=0.7, turns=[4, 3], replaces=None),
    ],
}


# ---------------------------------------------------------------------------
# good answers


def test_good_answer_covers_every_turn_and_maps_facts(stub: StubServer) -> None:
    stub.script(answer(GOOD))
    result = run_consolidator(llm(stub), SESSION, CONTEXT)
    assert len(SESSION.frames) == 2 and len(result.episodes) == 2
    assert [ep.event_ids for ep in result.episodes] == [("e1", "e2"), ("e3", "e4")]
    assert result.episodes[1].summary == "The user moved to Berlin; Herald added Atom."
    assert result.episodes[0].text == "user: I live in Paris.\nassistant: Noted."
    assert result.episodes[1].start_ts == SESSION.turns[2].ts
    moved, atom = result.facts
    assert (moved.subject, moved.predicate, moved.object) == ("user", "lives in", "Berlin")
    assert moved.replaces == "fact-paris"  # the handle F1 mapped to the real id
    # turn 3 says "last week": Berlin is home from that week's Monday, not from when the user said so
    assert moved.event_ids == ("e3",) and moved.valid_from == datetime(2025, 12, 22, tzinfo=UTC)
    assert moved.confidence == 0.9 and moved.retract is False
    assert (atom.subject, atom.predicate, atom.replaces) == ("Herald", "uses", None)
    assert atom.event_ids == ("e3", "e4") and atom.valid_from == SESSION.turns[2].ts


def test_request_carries_turns_facts_model_format_and_key(stub: StubServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STUB_LLM_KEY", SECRET)
    stub.script(answer(GOOD))
    llm(stub, api_key_env="STUB_LLM_KEY", temperature=0.2).consolidate(SESSION, CONTEXT)
    (request,) = stub.requests
    assert request.path == "/v1/chat/completions"
    assert request.headers["authorization"] == f"Bearer {SECRET}"
    assert request.body["model"] == "stub-model" and request.body["temperature"] == 0.2
    assert request.body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "session_consolidation", "schema": CONSOLIDATION_SCHEMA, "strict": True},
    }
    prompt = request.prompt
    assert "Frame 1\n[1] user (2026-01-01T10:00Z): I live in Paris.\n[2] assistant" in prompt
    assert "Frame 2\n[3] user (2026-01-01T11:02Z): I moved to Berlin last week." in prompt
    assert "F1: user | lives in | Paris\nF2: Herald | uses | RSS" in prompt
    assert "Zorblax" not in prompt  # a subject the session never names is not offered
    assert "replaces" in request.system and "JSON" in request.system


def test_json_object_mode_and_no_key(stub: StubServer) -> None:
    stub.script(answer(GOOD))
    llm(stub, json_schema=False).consolidate(SESSION, CONTEXT)
    (request,) = stub.requests
    assert request.body["response_format"] == {"type": "json_object"}
    assert "authorization" not in request.headers


def test_fenced_answer_and_skipped_frame(stub: StubServer) -> None:
    only_frame_2 = {"episodes": [GOOD["episodes"][1]], "facts": []}
    stub.script(answer("Here you go:\n```json\n" + json.dumps(only_frame_2) + "\n```"))
    result = run_consolidator(llm(stub), SESSION, Context())
    assert len(stub.requests) == 1 and result.facts == ()
    assert result.episodes[0].summary == "user: I live in Paris.\nassistant: Noted."  # head of its text
    assert result.episodes[0].event_ids == ("e1", "e2")


def test_long_turns_are_cut_but_every_turn_is_listed(stub: StubServer) -> None:
    long = "word " * 2000
    session = transcript("short one", long, long, "short two")
    stub.script(answer({"episodes": [], "facts": [fact(turns=[4], replaces=None)]}))
    result = run_consolidator(llm(stub, max_transcript_chars=2000), session, Context())
    prompt = stub.requests[0].prompt
    assert all(f"[{n}] " in prompt for n in range(1, 5))
    assert "short one" in prompt and "short two" in prompt and "characters cut]" in prompt
    assert len(prompt) < 3000
    assert sum(len(ep.text) for ep in result.episodes) > 20000  # episodes keep the full text
    assert turn_cap([10, 5000, 5000], 1010) == 500 and turn_cap([10, 20], 100) is None


def test_a_fact_is_valid_from_the_day_its_first_cited_turn_states(stub: StubServer) -> None:
    session = transcript("We moved to Tallinn in March 2024.", "Nice.", "Our flat is small.", "Cosy!")
    stub.script(
        answer(
            {
                "episodes": [],
                "facts": [
                    fact(predicate="lives in", object="Tallinn", turns=[3, 1], replaces=None),
                    fact(predicate="home size", object="small", turns=[3], replaces=None),
                    fact(predicate="lives in", object="Tallinn", turns=[1], replaces=None, retract=True),
                ],
            }
        )
    )
    tallinn, flat, retracted = run_consolidator(llm(stub), session, Context()).facts
    assert tallinn.valid_from == datetime(2024, 3, 1, tzinfo=UTC)  # read from turn 1, the first it cites
    assert flat.valid_from == session.turns[2].ts  # a turn that states no date: its time
    assert retracted.valid_from == session.turns[0].ts  # a retraction keeps its turn's time


def test_a_stated_day_never_precedes_the_active_value_the_llm_replaces(stub: StubServer) -> None:
    held = ActiveFact(
        id="fact-riga", subject="user", predicate="lives in", object="Riga", valid_from=T0 - timedelta(days=30)
    )
    session = transcript("I moved to Tallinn in 2019.", "OK.")
    stub.script(answer({"episodes": [], "facts": [fact(predicate="lives in", object="Tallinn", turns=[1])]}))
    [tallinn] = run_consolidator(llm(stub), session, Context(active_facts=(held,))).facts
    assert tallinn.replaces == "fact-riga" and tallinn.valid_from == held.valid_from + timedelta(seconds=1)


def test_registered_kind_satisfies_the_protocol(stub: StubServer) -> None:
    consolidator = llm(stub)
    assert isinstance(consolidator, Consolidator) and consolidator.name == "llm"


# ---------------------------------------------------------------------------
# malformed answers, retries, timeouts, HTTP errors


@pytest.mark.parametrize(
    "content,message",
    [
        ("I am not JSON at all", "answer: not valid JSON"),
        ({"facts": []}, "episodes: missing"),
        ({"episodes": [{"frame": 7, "summary": "x"}]}, "episodes[0].frame: no frame 7"),
        (
            {"episodes": [], "facts": [fact(), {"subject": "user", "predicate": "uses", "turns": [1]}]},
            "facts[1].object: expected a non-empty string",
        ),
        ({"episodes": [], "facts": [fact(), fact(turns=[42])]}, "facts[1].turns[0]: no turn 42"),
        ({"episodes": [], "facts": [fact(turns=["3"])]}, "facts[0].turns[0]: expected an integer"),
        ({"episodes": [], "facts": [fact(replaces="F9")]}, "facts[0].replaces: no active fact 'F9'"),
        ({"episodes": [], "facts": [fact(confidence=1.5)]}, "facts[0].confidence: expected a number in [0, 1]"),
        ({"episodes": [], "facts": [fact(retract="no")]}, "facts[0].retract: expected true or false"),
    ],
)
def test_malformed_answer_is_retried_then_fails(stub: StubServer, content: Any, message: str) -> None:
    stub.script(answer(content))
    with pytest.raises(MalformedOutput) as info:
        llm(stub, max_retries=2).consolidate(SESSION, CONTEXT)
    assert str(info.value).startswith(message), str(info.value)
    assert "(llm answer, 3 attempts)" in str(info.value)
    assert len(stub.requests) == 3


def test_malformed_then_good_answer_succeeds(stub: StubServer) -> None:
    stub.script(answer("{broken"), answer(GOOD))
    assert len(llm(stub, max_retries=1).consolidate(SESSION, CONTEXT).facts) == 2
    assert len(stub.requests) == 2


def test_server_errors_are_retried_until_success(stub: StubServer) -> None:
    stub.script(error(500), error(429), answer(GOOD))
    result = llm(stub, max_retries=2).consolidate(SESSION, CONTEXT)
    assert len(result.episodes) == 2 and len(stub.requests) == 3


def test_server_errors_exhaust_the_retries(stub: StubServer) -> None:
    stub.script(error(503, "overloaded"))
    with pytest.raises(EndpointError) as info:
        llm(stub, max_retries=1).consolidate(SESSION, CONTEXT)
    assert info.value.status == 503 and len(stub.requests) == 2
    assert str(info.value).startswith(f"llm endpoint {stub.base_url}/chat/completions answered HTTP 503 (2 attempts)")
    assert "overloaded" in str(info.value)


def test_client_error_is_not_retried_and_never_shows_the_key(stub: StubServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STUB_LLM_KEY", SECRET)
    stub.script(error(401, f"Incorrect API key provided: {SECRET}"))
    with pytest.raises(EndpointError) as info:
        llm(stub, api_key_env="STUB_LLM_KEY", max_retries=3).consolidate(SESSION, CONTEXT)
    assert info.value.status == 401 and len(stub.requests) == 1
    assert "answered HTTP 401" in str(info.value) and "api_key_env" in str(info.value)
    assert SECRET not in str(info.value) and "***" in str(info.value)


def test_redirect_is_not_followed(stub: StubServer) -> None:
    stub.script(Reply(status=302, body=b"", headers={"Location": "http://elsewhere.invalid/v1"}))
    with pytest.raises(EndpointError) as info:
        llm(stub).consolidate(SESSION, CONTEXT)
    assert info.value.status == 302 and len(stub.requests) == 1
    assert "redirects are not followed" in str(info.value)


def test_retry_logs_never_show_the_key(
    stub: StubServer, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("STUB_LLM_KEY", SECRET)
    stub.script(error(500, f"upstream rejected {SECRET}"))
    with caplog.at_level(logging.WARNING, logger="consolidators"):
        with pytest.raises(EndpointError) as info:
            llm(stub, api_key_env="STUB_LLM_KEY", max_retries=1).consolidate(SESSION, CONTEXT)
    assert "attempt 1 of 2 failed" in caplog.text
    assert SECRET not in caplog.text and SECRET not in str(info.value)
    assert SECRET not in repr(llm(stub, api_key_env="STUB_LLM_KEY").client)


@pytest.mark.timeout(8)
def test_slow_endpoint_times_out(stub: StubServer) -> None:
    stub.script(Reply(content="{}", delay=5))
    # The stub would answer after 5 s; pytest's timeout catches a client that waits for it.
    with pytest.raises(ConsolidatorTimeout) as info:
        llm(stub, timeout_seconds=0.3, max_retries=1).consolidate(SESSION, CONTEXT)
    assert str(info.value) == (
        f"llm endpoint {stub.base_url}/chat/completions did not answer within 0.3 s (2 attempts)"
    )
    assert len(stub.requests) == 2


def test_unreachable_endpoint_fails_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    consolidator = load_consolidator(
        "llm", {"base_url": f"http://127.0.0.1:{port}/v1", "model": "m", "max_retries": 1, "backoff_seconds": 0}
    )
    with pytest.raises(EndpointError) as info:
        consolidator.consolidate(SESSION, CONTEXT)
    assert str(info.value).startswith(
        f"llm endpoint http://127.0.0.1:{port}/v1/chat/completions could not be reached (2 attempts)"
    )


# ---------------------------------------------------------------------------
# judge


@pytest.mark.parametrize("verdict", ["replace", "coexist", "duplicate"])
def test_judge_returns_the_verdict(stub: StubServer, verdict: str) -> None:
    stub.script(answer({"verdict": verdict, "reason": "because"}))
    judge = LLMJudge(base_url=stub.base_url, model="judge-model", backoff_seconds=0)
    assert judge.judge(("user", "lives in", "Berlin"), ("user", "lives in", "Paris")) == verdict
    assert judge.verdict(("a", "b", "c"), ("a", "b", "d")) == (verdict, "because")
    request = stub.requests[0]
    assert "Old fact: user | lives in | Paris\nNew fact: user | lives in | Berlin" in request.prompt
    assert request.body["response_format"]["json_schema"]["name"] == "fact_verdict"
    assert request.body["model"] == "judge-model"


def test_judge_rejects_an_unknown_verdict_after_retries(stub: StubServer) -> None:
    stub.script(answer({"verdict": "maybe", "reason": "?"}))
    judge = LLMJudge(base_url=stub.base_url, model="m", max_retries=1, backoff_seconds=0)
    with pytest.raises(MalformedOutput, match="verdict: expected one of replace, coexist, duplicate"):
        judge.judge(("a", "b", "c"), ("a", "b", "d"))
    assert len(stub.requests) == 2
    with pytest.raises(ValueError, match="new: expected"):
        judge.judge(("a", "b"), ("a", "b", "d"))  # type: ignore[arg-type]


def test_judge_config_errors_name_its_own_key() -> None:
    with pytest.raises(ConsolidatorConfigError) as info:
        LLMJudge(base_url="ftp://x", model="m", config_key="supersession.judge.options")
    assert info.value.key == "supersession.judge.options.base_url"


# ---------------------------------------------------------------------------
# configuration


OK = {"base_url": "http://localhost:11434/v1", "model": "llama3.2"}


@pytest.mark.parametrize(
    "options,message",
    [
        ({"model": "m"}, "options.base_url: required"),
        ({"base_url": "http://x/v1"}, "options.model: required"),
        ({**OK, "base_url": "ftp://localhost/v1"}, "options.base_url: expected the http:// or https:// root"),
        ({**OK, "base_url": "localhost:11434/v1"}, "options.base_url: expected the http:// or https:// root"),
        ({**OK, "base_url": "http://localhost:99999/v1"}, "options.base_url: expected the http://"),
        ({**OK, "base_url": 42}, "options.base_url: expected a non-empty string"),
        ({**OK, "timeout_seconds": 0}, "options.timeout_seconds: expected a number > 0"),
        ({**OK, "max_retries": -1}, "options.max_retries: expected an integer >= 0"),
        ({**OK, "max_retries": True}, "options.max_retries: expected an integer >= 0"),
        ({**OK, "backoff_seconds": -1}, "options.backoff_seconds: expected a number >= 0"),
        ({**OK, "temperature": "hot"}, "options.temperature: expected a number in [0, 2]"),
        ({**OK, "max_transcript_chars": 0}, "options.max_transcript_chars: expected a positive integer"),
        ({**OK, "json_schema": "yes"}, "options.json_schema: expected true or false"),
        (
            {**OK, "api_key_env": "TIERMEM_TEST_UNSET_KEY"},
            "options.api_key_env: environment variable TIERMEM_TEST_UNSET_KEY is not set",
        ),
        ({**OK, "api_key": "x"}, "options.api_key: unknown option for 'llm'"),
    ],
)
def test_bad_configuration_names_the_key(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ConsolidatorConfigError) as info:
        load_consolidator("llm", options)
    assert str(info.value).startswith(f"consolidate.consolidator.{message}"), str(info.value)


@pytest.mark.parametrize(
    "options",
    [
        {**OK, "api_key_env": SECRET},  # the key pasted where its variable's name belongs
        {**OK, "api_key_env": "sk_live_abc123def456"},  # looks like a name, is not set: not echoed either
        {**OK, "base_url": f"http://user:{SECRET}@localhost/v1"},
    ],
)
def test_config_errors_never_echo_a_secret(options: dict[str, Any]) -> None:
    with pytest.raises(ConsolidatorConfigError) as info:
        load_consolidator("llm", options)
    assert SECRET not in str(info.value) and "sk_live" not in str(info.value)


def test_key_is_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STUB_LLM_KEY", f"  {SECRET}\n")
    consolidator = load_consolidator("llm", {**OK, "api_key_env": "STUB_LLM_KEY"})
    assert isinstance(consolidator, LLMConsolidator) and consolidator.client.api_key == SECRET
    assert consolidator.client.url == "http://localhost:11434/v1/chat/completions"


@pytest.mark.parametrize(
    "options,message",
    [
        (
            {"model": "m", "base_url_env": "TIERMEM_TEST_UNSET_URL"},
            "options.base_url_env: environment variable TIERMEM_TEST_UNSET_URL is not set or empty",
        ),
        (
            {"base_url": "http://x/v1", "model_env": "TIERMEM_TEST_EMPTY"},
            "options.model_env: environment variable TIERMEM_TEST_EMPTY is not set or empty",
        ),
        ({**OK, "base_url_env": "TIERMEM_TEST_URL"}, "options.base_url_env: set base_url or base_url_env, not both"),
        ({**OK, "model_env": "TIERMEM_TEST_MODEL"}, "options.model_env: set model or model_env, not both"),
        ({"model": "m", "base_url_env": "http://x/v1"}, "options.base_url_env: expected the NAME of an environment"),
        (
            {"model": "m", "base_url_env": "TIERMEM_TEST_BAD_URL"},
            "options.base_url_env: environment variable TIERMEM_TEST_BAD_URL: expected the http:// or https:// root",
        ),
        (
            {"model_env": "TIERMEM_TEST_MODEL"},
            "options.base_url: required by the 'llm' consolidator (or name an environment variable in base_url_env)",
        ),
    ],
)
def test_endpoint_from_the_environment_names_the_option_and_variable(
    monkeypatch: pytest.MonkeyPatch, options: dict[str, Any], message: str
) -> None:
    monkeypatch.delenv("TIERMEM_TEST_UNSET_URL", raising=False)
    monkeypatch.setenv("TIERMEM_TEST_EMPTY", "  ")
    monkeypatch.setenv("TIERMEM_TEST_URL", "http://localhost:11434/v1")
    monkeypatch.setenv("TIERMEM_TEST_MODEL", "qwen2.5:7b-instruct")
    monkeypatch.setenv("TIERMEM_TEST_BAD_URL", "localhost:11434")
    with pytest.raises(ConsolidatorConfigError) as info:
        load_consolidator("llm", options)
    assert str(info.value).startswith(f"consolidate.consolidator.{message}"), str(info.value)


def test_endpoint_and_model_are_read_from_the_environment(monkeypatch: pytest.MonkeyPatch, stub: StubServer) -> None:
    monkeypatch.setenv("TIERMEM_TEST_URL", f" {stub.base_url}/ \n")
    monkeypatch.setenv("TIERMEM_TEST_MODEL", "env-model")
    consolidator = load_consolidator(
        "llm", {"base_url_env": "TIERMEM_TEST_URL", "model_env": "TIERMEM_TEST_MODEL", "backoff_seconds": 0}
    )
    assert isinstance(consolidator, LLMConsolidator)
    consolidator.consolidate(SESSION, CONTEXT)
    assert stub.requests[0].body["model"] == "env-model"
    judge = LLMJudge(base_url_env="TIERMEM_TEST_URL", model="m", config_key="supersession.judge_options")
    assert judge.client.url == consolidator.client.url == f"{stub.base_url}/chat/completions"
    monkeypatch.delenv("TIERMEM_TEST_URL")
    with pytest.raises(ConsolidatorConfigError) as info:
        LLMJudge(base_url_env="TIERMEM_TEST_URL", model="m", config_key="supersession.judge_options")
    assert info.value.key == "supersession.judge_options.base_url_env"


# ---------------------------------------------------------------------------
# pipeline: a bad answer fails only its session


def test_malformed_answer_fails_only_its_session(stub: StubServer, store: MemoryStore) -> None:
    from pipelines.realtime import run_realtime

    for i, content in enumerate(["I live in Lisbon.", "Lovely city."], start=1):
        store.stage("good", "user" if i == 1 else "assistant", content, seq=i)
    for i, content in enumerate(["Please remember the bad marker.", "Sure."], start=1):
        store.stage("bad", "user" if i == 1 else "assistant", content, seq=i)
    run_realtime(store)

    def responder(request: Request) -> Reply:
        if "bad marker" in request.prompt:
            return answer({"episodes": [], "facts": [fact(turns=[42], replaces=None)]})
        return answer(
            {
                "episodes": [{"frame": 1, "summary": "The user lives in Lisbon."}],
                "facts": [fact(predicate="lives in", object="Lisbon", turns=[1], replaces=None)],
            }
        )

    stub.respond_with(responder)
    consolidator = llm(stub, max_retries=1)
    report = run_consolidate(store, consolidator=consolidator)
    assert (report.sessions_consolidated, report.sessions_failed) == (1, 1)
    assert report.facts == 1 and report.failures[0]["session_id"] == "bad"
    assert "facts[0].turns[0]: no turn 42" in report.failures[0]["error"]
    status = store.status()
    assert [f["session_id"] for f in status["failing"]] == ["bad"]
    assert "no turn 42" in status["failing"][0]["last_error"]
    assert status["provisional_turns"] == 2  # the bad session's turns are still recallable
    assert len(store.tiers.read_session("default", "bad").turns) == 2  # and still staged: nothing lost

    stub.respond_with(lambda request: answer({"episodes": [{"frame": 1, "summary": "A marker."}]}))
    retry = run_consolidate(store, session="bad", consolidator=consolidator)
    assert retry.sessions_consolidated == 1 and store.status()["sessions_failing"] == 0
