"""A scriptable OpenAI-compatible chat endpoint on 127.0.0.1, for the ``llm`` consolidator's tests.

A test scripts replies (canned answers, raw bodies, HTTP errors, delays) and
inspects the requests the stub recorded. It runs a ``ThreadingHTTPServer`` on
an ephemeral port in a daemon thread; a slow reply waits on an event, so
``stop()`` never hangs behind it.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

CHAT_PATH = "/v1/chat/completions"


@dataclass(frozen=True)
class Reply:
    """What the stub sends: ``content`` as ``choices[0].message.content``, or a raw ``body``."""

    content: str | None = None
    status: int = 200
    body: bytes | None = None
    delay: float = 0.0
    headers: Mapping[str, str] = field(default_factory=dict)


# What llama-cpp-python 0.3.36's server (`python -m llama_cpp.server`) answers to
# `response_format: {"type": "json_schema", ...}`, byte for byte: its request model knows
# only "text" and "json_object", and its error handler turns the validation error into a 500.
LLAMA_CPP_JSON_SCHEMA_500 = (
    b"{\"error\":{\"message\":\"1 validation error:\\n  {'type': 'literal_error', 'loc': ('body', "
    b"'response_format', 'type'), 'msg': \\\"Input should be 'text' or 'json_object'\\\", 'input': 'json_schema', "
    b"'ctx': {'expected': \\\"'text' or 'json_object'\\\"}}\\n\\n  File \\\"/work/venv/lib/python3.11/site-packages/"
    b'llama_cpp/server/app.py\\", line 376, in create_chat_completion\\n    POST /v1/chat/completions",'
    b'"type":"internal_server_error","param":null,"code":null}}'
)


def answer(data: Any) -> Reply:
    """A 200 chat completion whose message content is ``data`` (JSON-encoded unless a string)."""
    return Reply(content=data if isinstance(data, str) else json.dumps(data))


def error(status: int, message: str = "stub error") -> Reply:
    """An HTTP error with an OpenAI-style error body."""
    return Reply(status=status, body=json.dumps({"error": {"message": message}}).encode())


def openai_error(status: int, message: str, param: str | None = None) -> Reply:
    """An error as OpenAI (and Ollama's /v1) shape it, with the ``param`` it blames."""
    error = {"message": message, "type": "invalid_request_error", "param": param, "code": None}
    return Reply(status=status, body=json.dumps({"error": error}).encode())


def vllm_error(message: str, status: int = 400) -> Reply:
    """An error as vLLM's OpenAI server shapes it: the message at the top level."""
    body = {"object": "error", "message": message, "type": "BadRequestError", "param": None, "code": status}
    return Reply(status=status, body=json.dumps(body).encode())


def refusing(reply: Reply, *rules: tuple[Callable[[Any], bool], Reply]) -> Callable[[Request], Reply]:
    """A responder: the first rule whose test holds for the request body refuses it, else ``reply``."""

    def respond(request: Request) -> Reply:
        for refuses, refusal in rules:
            if refuses(request.body or {}):
                return refusal
        return reply

    return respond


def response_format_type(body: Any) -> str | None:
    return (body.get("response_format") or {}).get("type")


def llama_cpp_server(reply: Reply) -> Callable[[Request], Reply]:
    """Answers like llama-cpp-python's server: json_schema is a 500, json_object and none are fine."""
    refusal = Reply(status=500, body=LLAMA_CPP_JSON_SCHEMA_500)
    return refusing(reply, (lambda body: response_format_type(body) not in (None, "text", "json_object"), refusal))


@dataclass(frozen=True)
class Request:
    """One request the stub received; header names lower-cased."""

    path: str
    headers: dict[str, str]
    body: Any

    @property
    def system(self) -> str:
        return str(self.body["messages"][0]["content"])

    @property
    def prompt(self) -> str:
        return str(self.body["messages"][-1]["content"])


class StubServer:
    """The stub: ``script(...)`` replies in order (the last one repeats), or ``respond_with(fn)``."""

    def __init__(self) -> None:
        self.requests: list[Request] = []
        self._replies: list[Reply] = [answer({"episodes": [], "facts": []})]
        self._responder: Callable[[Request], Reply] | None = None
        self._lock = threading.Lock()
        self.stopping = threading.Event()
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.stub = self
        self._thread = threading.Thread(  # a short poll interval keeps stop() quick
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def script(self, *replies: Reply) -> None:
        with self._lock:
            self._replies, self._responder = list(replies), None

    def respond_with(self, responder: Callable[[Request], Reply]) -> None:
        with self._lock:
            self._responder = responder

    def start(self) -> StubServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def take(self, request: Request) -> Reply:
        """Record ``request`` and choose its reply."""
        with self._lock:
            self.requests.append(request)
            if self._responder is not None:
                return self._responder(request)
            return self._replies.pop(0) if len(self._replies) > 1 else self._replies[0]


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    stub: StubServer


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def do_POST(self) -> None:  # noqa: N802 — the http.server naming
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            body = json.loads(raw)
        except ValueError:
            body = None
        stub = self.server.stub
        reply = stub.take(Request(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
        if self.path != CHAT_PATH:
            reply = error(404, f"no route {self.path}")
        if reply.delay and stub.stopping.wait(reply.delay):
            return
        payload = (
            reply.body
            if reply.body is not None
            else json.dumps(
                {
                    "id": "chatcmpl-stub",
                    "object": "chat.completion",
                    "model": (body or {}).get("model"),
                    "choices": [
                        {
                            "index": 0,
                            "finish_reason": "stop",
                            "message": {"role": "assistant", "content": reply.content},
                        }
                    ],
                }
            ).encode()
        )
        try:
            self.send_response(reply.status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            for name, value in reply.headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(payload)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout test): nothing to answer

    def log_message(self, format: str, *args: Any) -> None:
        pass
