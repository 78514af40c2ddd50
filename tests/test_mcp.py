"""``tiermem mcp`` driven by the MCP SDK's own client, over stdio and streamable HTTP."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from mcp.client import Client, ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

from memory_sink import MemoryStore
from memory_sink.config import McpConfig
from memory_sink.vocab import Kind
from pipelines.consolidate import run_consolidate
from pipelines.mcp_server import build_server

ROOT = Path(__file__).parent.parent
CLI = [sys.executable, "-c", "from pipelines.cli import main; main()", "mcp"]
TOOLS = {"remember", "recall", "facts", "history", "pin", "forget"}


def server_env(**extra: str) -> dict[str, str]:
    env = {
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        "TIERMEM_CACHE_DIR": os.environ["TIERMEM_CACHE_DIR"],
    }
    return {**env, **extra}


def call(session: ClientSession, name: str, **arguments: Any) -> Awaitable[Any]:
    return session.call_tool(name, arguments)


def structured(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content
    return result.structured_content or json.loads(result.content[0].text)


async def remember_then_recall(session: ClientSession) -> None:
    """The agent's loop: what it just wrote is recalled at once (read-your-writes), scoped to its tenant."""
    await session.initialize()
    assert TOOLS <= {tool.name for tool in (await session.list_tools()).tools}
    written = structured(
        await call(
            session,
            "remember",
            session_id="chat-1",
            messages=[
                {"role": "human", "content": "My sister Ada lives in Lisbon and keeps bees."},
                {"role": "ai", "content": "Noted: Ada, Lisbon, bees."},
            ],
            metadata={"source": "test"},
        )
    )
    assert written["inserted"] == 2
    found = structured(await call(session, "recall", query="where does Ada live?", k=5))
    contents = [m["content"] for m in found["memories"]]
    assert "My sister Ada lives in Lisbon and keeps bees." in contents
    assert {m["tier"] for m in found["memories"]} == {"provisional"}
    assert "Recent turns:" in found["context"] and "Lisbon" in found["context"]
    assert all(m["namespace"] == "tenant-a" for m in found["memories"])
    assert structured(await call(session, "recall", query="Ada", metadata={"source": "elsewhere"}))["memories"] == []
    refused = await call(session, "recall", query="Ada", namespace="tenant-b")
    assert refused.is_error and "tenant-b" in refused.content[0].text


def run_client(connect: Callable[[], Any]) -> None:
    async def main() -> None:
        async with connect() as (read, write), ClientSession(read, write) as session:
            await remember_then_recall(session)

    anyio.run(main)


@pytest.mark.slow
def test_stdio_client_remembers_and_recalls(config_file: Path) -> None:
    params = StdioServerParameters(
        command=CLI[0], args=[*CLI[1:], "--config", str(config_file), "--namespace", "tenant-a"], env=server_env()
    )
    run_client(lambda: stdio_client(params))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def http_server(config_file: Path) -> Iterator[tuple[str, str]]:
    """A `tiermem mcp --transport http` on a free loopback port, with a bearer token set."""
    port, token = free_port(), "test-token-123"
    args = [*CLI, "--config", str(config_file), "--namespace", "tenant-a", "--transport", "http", "--port", str(port)]
    env = {**os.environ, **server_env(TIERMEM_MCP_TOKEN=token)}
    proc = subprocess.Popen(args, env=env, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 180  # cold start: imports, store, model
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
                assert time.monotonic() < deadline, "the server did not start listening"
                time.sleep(0.5)
        yield f"http://127.0.0.1:{port}/mcp", token
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.mark.slow
def test_http_client_needs_the_bearer_token(http_server: tuple[str, str]) -> None:
    url, token = http_server
    request = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    for headers in ({}, {"Authorization": "Bearer wrong"}):
        assert httpx2.post(url, json=request, headers=headers).status_code == 401

    @asynccontextmanager
    async def connect() -> AsyncIterator[Any]:
        async with (
            httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=60) as client,
            streamable_http_client(url, http_client=client) as streams,
        ):
            yield streams

    run_client(connect)


def test_binding_beyond_loopback_without_a_token_is_refused(config_file: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "TIERMEM_MCP_TOKEN"}
    done = subprocess.run(
        # a free port: the address is checked before the token, so a taken 8765 would be the error
        [*CLI, "--config", str(config_file), "--transport", "http", "--host", "0.0.0.0", "--port", str(free_port())],
        env={**env, **server_env()},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "TIERMEM_MCP_TOKEN" in done.stderr


def test_tools_over_the_sdk_client_in_process(store: MemoryStore) -> None:
    """facts, history, pin and forget, the context block's order, and the tenant allow-list."""
    store = MemoryStore(replace(store.config, mcp=McpConfig(allow_namespaces=["shared"])), store.pool, dsn=store.dsn)
    store.stage("s1", "user", "I live in Paris.", namespace="me", ts="2024-03-01T10:00:00Z")
    store.stage("s1", "user", "I moved to Berlin.", namespace="me", ts="2024-05-01T10:00:00Z")
    assert run_consolidate(store, namespace="me", min_quiet_seconds=0).sessions_consolidated == 1

    async def main() -> None:
        async with Client(build_server(store, "me")) as client:
            recall_tool = next(t for t in (await client.list_tools()).tools if t.name == "recall")
            said = recall_tool.input_schema["properties"]["kinds"]["description"]
            assert all(kind in said for kind in Kind)  # the schema names every kind recall returns
            current = structured(await client.call_tool("facts", {"subject": "user"}))["facts"]
            assert [f["object"] for f in current if f["predicate"] == "lives in"] == ["Berlin"]
            versions = structured(await client.call_tool("history", {"subject": "user", "predicate": "lives in"}))
            assert [v["object"] for v in versions["chain"]] == ["Paris", "Berlin"]
            found = structured(await client.call_tool("recall", {"query": "where does the user live", "k": 10}))
            kinds = [line for line in found["context"].splitlines() if line.endswith(":")]
            assert kinds == sorted(kinds, key=["Facts (current):", "Episodes:", "Recent turns:"].index)
            assert "[2024-05-01, consolidated] " in found["context"]
            berlin = next(f["id"] for f in current if f["object"] == "Berlin")
            assert structured(await client.call_tool("pin", {"memory_id": berlin[:8]}))["memory_id"] == berlin
            assert structured(await client.call_tool("forget", {"memory_id": berlin}))["op_id"] > 0
            after = structured(await client.call_tool("facts", {"subject": "user", "predicate": "lives in"}))
            assert after["facts"] == []
            shared = await client.call_tool("remember", {"session_id": "s", "content": "hi", "namespace": "shared"})
            assert structured(shared)["inserted"] == 1
            other = await client.call_tool("facts", {"namespace": "someone-else"})
            assert other.is_error and other.content[0].text.startswith("facts: namespace: 'someone-else' is not served")
            for arguments, said in [
                ({"query": "x", "k": -1}, "recall: k: Input should be greater than or equal to 1"),
                ({"query": "x", "kinds": ["fact", "note"]}, "recall: kinds.1: Input should be 'turn', "),
                ({"k": 3}, "recall: query: Field required"),
            ]:
                refused = await client.call_tool("recall", arguments)
                assert refused.is_error and refused.content[0].text.startswith(said), refused.content
                assert "\n" not in refused.content[0].text and "pydantic.dev" not in refused.content[0].text

    anyio.run(main)


def test_arguments_are_refused_on_the_field_the_client_sent(store: MemoryStore) -> None:
    """A cosine over 1, a string for a boolean, an empty session_id, a bad id: each names its field."""
    store.stage("s1", "user", "I work at Initech.", namespace="me", ts="2024-03-01T10:00:00Z")
    assert run_consolidate(store, namespace="me", min_quiet_seconds=0).sessions_consolidated == 1

    async def main() -> None:
        async with Client(build_server(store, "me")) as client:
            for tool, arguments, said in [
                (
                    "recall",
                    {"query": "x", "min_score": 5},
                    "recall: min_score: Input should be less than or equal to 1",
                ),
                ("recall", {"query": "x", "include_outdated": "yes"}, "recall: include_outdated: Input should be a"),
                ("facts", {"all_versions": "yes"}, "facts: all_versions: Input should be a valid boolean"),
                ("remember", {"session_id": "", "content": "hi"}, "remember: session_id: must not be empty"),
                (
                    "remember",
                    {
                        "session_id": "s",
                        "messages": [{"role": "user", "content": "hi"}, {"role": "bot", "content": "x"}],
                    },
                    "remember: messages[1]: role: expected one of",
                ),
                ("history", {"memory_id": "zzzz"}, "history: memory_id: not a memory id: 'zzzz'"),
                ("pin", {"memory_id": "zzzz"}, "pin: memory_id: not a memory id: 'zzzz'"),
                (
                    "forget",
                    {"memory_id": "where I work", "erase": True},
                    "forget: memory_id: not a memory id: 'where I work'; memories that match it: ",
                ),
            ]:
                refused = await client.call_tool(tool, arguments)
                assert refused.is_error and refused.content[0].text.startswith(said), refused.content
            assert structured(await client.call_tool("recall", {"query": "Initech", "min_score": -1}))["memories"]
            hinted = structured(await client.call_tool("facts", {"subject": "user", "predicate": "wrks at"}))
            assert hinted == {
                "facts": [],
                "note": "no fact about 'user' has the predicate 'wrks at' in namespace 'me'; close: 'works at'",
            }
            assert "note" not in structured(await client.call_tool("facts", {"predicate": "works at"}))

    anyio.run(main)


def test_a_long_memory_is_returned_cut_and_says_so(store: MemoryStore) -> None:
    """A pasted 300,000-character turn: recall and history return max_chars of it, once per place, and `cut`."""
    pasted = "I pasted my whole lab notebook here. " + "Sample seven was cloudy again today. " * 8000
    store.stage("s1", "user", pasted, namespace="me", ts="2024-03-01T10:00:00Z", embed=True)

    async def main() -> None:
        async with Client(build_server(store, "me")) as client:
            result = await client.call_tool("recall", {"query": "lab notebook sample cloudy", "k": 5})
            found = structured(result)
            turn = next(m for m in found["memories"] if m["kind"] == "turn")
            assert found["cut"] == [{"id": turn["id"], "shown_chars": 2000, "chars": len(pasted)}]
            assert turn["content"].startswith(pasted[:2000])
            assert turn["content"].endswith(
                f" … [cut: 2,000 of {len(pasted):,} characters; ask with a larger max_chars]"
            )
            assert f"[cut: 2,000 of {len(pasted):,} characters" in found["context"]
            assert len(result.model_dump_json()) < 20_000  # both copies the SDK sends, bounded
            wider = structured(await client.call_tool("recall", {"query": "lab notebook", "k": 5, "max_chars": 5000}))
            assert wider["cut"][0]["shown_chars"] == 5000
            most = structured(await client.call_tool("recall", {"query": "lab notebook", "max_chars": 100_000}))
            assert most["cut"][0]["shown_chars"] == 100_000
            assert "characters; the rest is not served here]" in most["memories"][0]["content"]
            short = structured(await client.call_tool("recall", {"query": "Sample seven cloudy", "kinds": ["fact"]}))
            assert "cut" not in short
            chain = structured(await client.call_tool("history", {"memory_id": turn["id"], "max_chars": 100}))
            assert len(chain["chain"][0]["content"]) < 200 and chain["cut"][0]["chars"] == len(pasted)
            refused = await client.call_tool("recall", {"query": "x", "max_chars": 0})
            assert refused.is_error and refused.content[0].text == (
                "recall: max_chars: Input should be greater than or equal to 1"
            )

    anyio.run(main)
