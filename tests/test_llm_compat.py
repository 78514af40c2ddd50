"""The chat client against servers that refuse parts of a request the way real ones do.

llama-cpp-python answers a ``json_schema`` response format with HTTP 500 (its
verbatim body is in :mod:`tests.llm_stub`), OpenAI refuses parameters with a
400 naming them in ``param``, vLLM with a 400 whose message names them. The
client steps the named feature down, sends again at once, and remembers it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from consolidators import EndpointError, LLMConsolidator, LLMJudge, MalformedOutput, load_consolidator
from consolidators.chat import MESSAGE_CHARS, parse_json_text
from consolidators.compat import Modes, Negotiator
from consolidators.llm import CONSOLIDATION_SCHEMA
from tests.llm_stub import (
    Reply,
    StubServer,
    answer,
    error,
    llama_cpp_server,
    openai_error,
    refusing,
    response_format_type,
    vllm_error,
)
from tests.test_llm_consolidator import CONTEXT, GOOD, SECRET, SESSION

BACKOFF = 30.0  # a refusal taken for a transient failure would sleep this long: the tests would hang


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch) -> Iterator[StubServer]:
    for name in ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
    server = StubServer().start()
    yield server
    server.stop()


def llm(stub: StubServer, **options: Any) -> LLMConsolidator:
    consolidator = load_consolidator(
        "llm", {"base_url": stub.base_url, "model": "m", "backoff_seconds": BACKOFF, "max_retries": 2, **options}
    )
    assert isinstance(consolidator, LLMConsolidator)
    return consolidator


def formats(stub: StubServer) -> list[str | None]:
    return [response_format_type(request.body) for request in stub.requests]


# ---------------------------------------------------------------------------
# llama.cpp: HTTP 500 for json_schema


def test_llama_cpp_500_falls_back_to_json_object_with_the_schema_and_remembers(
    stub: StubServer, caplog: pytest.LogCaptureFixture
) -> None:
    stub.respond_with(llama_cpp_server(answer(GOOD)))
    consolidator = llm(stub)
    with caplog.at_level(logging.WARNING, logger="tiermem.consolidators.llm"):
        assert len(consolidator.consolidate(SESSION, CONTEXT).facts) == 2
    assert formats(stub) == ["json_schema", "json_object"]  # at once: no retry of the refused form
    assert stub.requests[1].body["response_format"] == {"type": "json_object", "schema": CONSOLIDATION_SCHEMA}
    assert "refused response_format json_schema (HTTP 500: 1 validation error:" in caplog.text
    assert "sending response_format json_object with a schema from now on" in caplog.text
    consolidator.consolidate(SESSION, CONTEXT)
    assert formats(stub)[2:] == ["json_object"]  # the next session does not pay for the refusal again


def test_each_client_learns_for_itself(stub: StubServer) -> None:
    stub.respond_with(llama_cpp_server(answer({"verdict": "replace", "reason": "moved"})))
    first, second = (LLMJudge(base_url=stub.base_url, model="m", backoff_seconds=BACKOFF) for _ in range(2))
    assert first.judge(("user", "lives in", "Berlin"), ("user", "lives in", "Paris")) == "replace"
    assert second.judge(("user", "lives in", "Berlin"), ("user", "lives in", "Paris")) == "replace"
    assert formats(stub) == ["json_schema", "json_object", "json_schema", "json_object"]


# ---------------------------------------------------------------------------
# OpenAI and vLLM: HTTP 400 naming the parameter


def test_openai_400_on_response_format_param_falls_back(stub: StubServer) -> None:
    refusal = openai_error(
        400,
        "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
        "response_format",
    )
    stub.respond_with(refusing(answer(GOOD), (lambda body: response_format_type(body) == "json_schema", refusal)))
    assert len(llm(stub).consolidate(SESSION, CONTEXT).episodes) == 2
    assert formats(stub) == ["json_schema", "json_object"]


def test_reasoning_model_400s_move_max_tokens_and_drop_temperature(stub: StubServer) -> None:
    max_tokens = openai_error(
        400,
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        "max_tokens",
    )
    temperature = openai_error(
        400,
        "Unsupported value: 'temperature' does not support 0.0 with this model. Only the default (1) value is supported.",
        "temperature",
    )
    stub.respond_with(
        refusing(
            answer(GOOD),
            (lambda body: "max_tokens" in body, max_tokens),
            (lambda body: "temperature" in body, temperature),
        )
    )
    consolidator = llm(stub, max_tokens=2048)
    consolidator.consolidate(SESSION, CONTEXT)
    sent = [
        {k: request.body.get(k) for k in ("max_tokens", "max_completion_tokens", "temperature")}
        for request in stub.requests
    ]
    assert sent == [
        {"max_tokens": 2048, "max_completion_tokens": None, "temperature": 0.0},
        {"max_tokens": None, "max_completion_tokens": 2048, "temperature": 0.0},
        {"max_tokens": None, "max_completion_tokens": 2048, "temperature": None},
    ]
    assert "temperature" not in stub.requests[2].body and formats(stub) == ["json_schema"] * 3
    consolidator.consolidate(SESSION, CONTEXT)
    assert len(stub.requests) == 4


def test_vllm_400_naming_guided_decoding_falls_back(stub: StubServer) -> None:
    refusal = vllm_error("guided_json is not supported by the xgrammar backend for this schema")
    stub.respond_with(refusing(answer(GOOD), (lambda body: response_format_type(body) is not None, refusal)))
    result = llm(stub).consolidate(SESSION, CONTEXT)
    assert len(result.facts) == 2
    assert formats(stub) == ["json_schema", "json_object", "json_object", None]
    prompt_only = stub.requests[-1].body
    assert "response_format" not in prompt_only
    assert json.dumps(CONSOLIDATION_SCHEMA, separators=(",", ":")) in prompt_only["messages"][0]["content"]


def test_a_refused_stream_flag_is_left_out(stub: StubServer) -> None:
    stub.respond_with(
        refusing(answer(GOOD), (lambda body: "stream" in body, error(422, "Extra inputs are not permitted: stream")))
    )
    llm(stub).consolidate(SESSION, CONTEXT)
    assert ["stream" in request.body for request in stub.requests] == [True, False]


# ---------------------------------------------------------------------------
# refusals that name nothing, or everything


def test_a_400_that_names_no_feature_fails_at_once_on_one_line(
    stub: StubServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STUB_LLM_KEY", SECRET)
    stub.script(error(400, f"bad request from {SECRET}:\n" + "trace line\n" * 200))
    with pytest.raises(EndpointError) as info:
        llm(stub, api_key_env="STUB_LLM_KEY").consolidate(SESSION, CONTEXT)
    message = str(info.value)
    assert len(stub.requests) == 1 and info.value.status == 400
    assert message.startswith(f"llm endpoint {stub.base_url}/chat/completions answered HTTP 400: bad request from ***:")
    assert "\n" not in message and SECRET not in message and message.endswith("…")
    assert len(message) < len(f"llm endpoint {stub.base_url}/chat/completions answered HTTP 400: ") + MESSAGE_CHARS + 1


def test_a_server_that_refuses_everything_gives_one_clear_error(stub: StubServer) -> None:
    stub.script(vllm_error("response_format, temperature and stream are not supported here"))
    with pytest.raises(EndpointError) as info:
        llm(stub).consolidate(SESSION, CONTEXT)
    # temperature, stream, then the three lower response formats: each step once, then give up
    assert len(stub.requests) == 6 and info.value.status == 400
    assert str(info.value) == (
        f"llm endpoint {stub.base_url}/chat/completions answered HTTP 400 (after falling back to no response_format "
        "(JSON asked for in the prompt), no temperature, no stream flag): "
        "response_format, temperature and stream are not supported here"
    )


def test_a_500_naming_no_feature_is_still_retried(stub: StubServer) -> None:
    stub.script(error(500, "CUDA out of memory"), answer(GOOD))
    assert len(llm(stub, backoff_seconds=0).consolidate(SESSION, CONTEXT).facts) == 2
    assert formats(stub) == ["json_schema", "json_schema"]


def test_auth_and_not_found_are_never_taken_for_refusals(stub: StubServer) -> None:
    stub.script(openai_error(404, "The model `m` does not exist or you do not have access to it.", "model"))
    with pytest.raises(EndpointError, match="answered HTTP 404: The model `m` does not exist"):
        llm(stub).consolidate(SESSION, CONTEXT)
    assert formats(stub) == ["json_schema"]


# ---------------------------------------------------------------------------
# the negotiator and the answer parser, alone


def test_a_stale_refusal_does_not_skip_a_rung() -> None:
    negotiator = Negotiator(Modes())
    sent = negotiator.modes
    assert negotiator.refused(sent, "json_schema unsupported") == Modes(response_format="json_object_schema")
    # a second call sent the same modes before the first learned: it just sends with the current ones
    assert negotiator.refused(sent, "json_schema unsupported") == Modes(response_format="json_object_schema")
    assert negotiator.modes.response_format == "json_object_schema"


@pytest.mark.parametrize(
    "text",
    [
        '{"a": 1}',
        'Here is the JSON:\n```json\n{"a": 1}\n```\nHope this helps!',
        '```\n{"a": 1}\n```',
        'Sure {not json} — the answer: {"a": 1} and a note {"b": 2}',
        'prefix {"a": 1} suffix with a stray } brace',
    ],
)
def test_json_is_found_in_fences_and_prose(text: str) -> None:
    assert parse_json_text(text) == {"a": 1}


def test_a_reply_cut_at_the_token_limit_says_so(stub: StubServer) -> None:
    body = {
        "choices": [
            {"index": 0, "finish_reason": "length", "message": {"role": "assistant", "content": '{"episodes": ['}}
        ]
    }
    stub.script(Reply(body=json.dumps(body).encode()))
    with pytest.raises(MalformedOutput, match="cut off at the token limit"):
        llm(stub, max_retries=0).consolidate(SESSION, CONTEXT)
