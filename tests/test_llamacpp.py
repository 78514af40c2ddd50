"""Opt-in: the shipped ``memory_sink/configs/local-llm.yaml`` consolidator against a real llama.cpp server.

Skipped unless ``TIERMEM_TEST_LLAMACPP_URL`` names a running server's API root
(it needs llama-cpp-python compiled and a GGUF, neither of which CI has)::

    python -m llama_cpp.server --model SmolLM2-135M-Instruct.Q4_1.gguf --host 127.0.0.1 --port 8080 --n_ctx 4096
    TIERMEM_TEST_LLAMACPP_URL=http://127.0.0.1:8080/v1 python -m pytest -n0 -m llamacpp -s tests/test_llamacpp.py

It proves the plumbing, not the model: the client meets llama-cpp-python's
HTTP 500 on ``json_schema``, falls back and remembers it, and whole sessions
go through consolidation. A small model's facts are printed, not judged.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from consolidators import LLMConsolidator, load_consolidator
from memory_sink import MemoryStore
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime
from tests.conftest import make_config

URL = os.environ.get("TIERMEM_TEST_LLAMACPP_URL", "")
pytestmark = [
    pytest.mark.llamacpp,
    pytest.mark.timeout(1800),  # a CPU model, a whole session per call
    pytest.mark.skipif(not URL, reason="set TIERMEM_TEST_LLAMACPP_URL to a llama.cpp server's API root"),
]
DEPLOYMENT = Path(__file__).resolve().parent.parent / "memory_sink" / "configs" / "local-llm.yaml"
DEPLOYED = yaml.safe_load(DEPLOYMENT.read_text(encoding="utf-8"))["consolidate"]
SESSIONS = {
    "move": [
        ("user", "We finally packed up and moved to Valencia last month."),
        ("assistant", "Congratulations on the move to Valencia!"),
    ],
    "job": [
        ("user", "My last day at Initech was Friday. I start at Hooli on Monday."),
        ("assistant", "Good luck at Hooli."),
        ("user", "I use Neovim as my editor."),
        ("assistant", "Noted: Neovim."),
    ],
}


@pytest.fixture
def store(db_dsn: str) -> Iterator[MemoryStore]:
    """The test database with the deployment's session timeout (a CPU model is slow)."""
    timeout = DEPLOYED["timeout_seconds"]
    with MemoryStore.open(make_config(db_dsn, consolidate={"timeout_seconds": timeout})) as opened:
        yield opened


def test_a_real_llama_cpp_server_consolidates_whole_sessions(
    store: MemoryStore, caplog: pytest.LogCaptureFixture
) -> None:
    consolidator = load_consolidator("llm", {**DEPLOYED["consolidator"]["options"], "base_url": URL})
    assert isinstance(consolidator, LLMConsolidator)
    for session, turns in SESSIONS.items():
        for seq, (role, content) in enumerate(turns, start=1):
            store.stage(session, role, content, seq=seq)
    run_realtime(store)
    with caplog.at_level(logging.INFO, logger="tiermem.consolidators.llm"):
        report = run_consolidate(store, consolidator=consolidator)
    print(f"\nllm log:\n{caplog.text}\nreport: {report}")
    for fact in store.facts():
        print(f"extracted: {fact.subject} | {fact.predicate} | {fact.object}")
    modes = consolidator.client.negotiator.modes
    assert modes.response_format == "json_object_schema", modes  # llama-cpp-python refuses json_schema with a 500
    assert "refused response_format json_schema (HTTP 500" in caplog.text
    assert caplog.text.count("refused response_format json_schema") == 1  # learned once, not per session
    # Every session went through: consolidated, or failed on what the model wrote (a small
    # model cites turns that do not exist), never on the request or the server's answer.
    assert report.sessions_consolidated + report.sessions_failed == len(SESSIONS), report
    for failure in report.failures:
        assert "(llm answer," in failure["error"] and "llm endpoint" not in failure["error"], failure
