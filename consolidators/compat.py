"""What an OpenAI-compatible server accepts, learned from its refusals and remembered.

Servers that speak ``/v1/chat/completions`` differ in the optional parts of
a request: llama-cpp-python's server validates ``response_format.type``
against ``text``/``json_object`` and answers ``json_schema`` with HTTP 500,
OpenAI's reasoning models refuse ``max_tokens`` and a non-default
``temperature`` with HTTP 400, older Ollama releases know only
``json_object``. Rather than a setting per server, the client starts with the
most useful form of each feature and, when a refusal (4xx, or a 500/501)
names one, steps that feature down one rung and sends again:

- response format: ``json_schema`` → ``json_object`` with the schema
  (llama-cpp-python turns it into a grammar) → plain ``json_object`` →
  no ``response_format``, the schema spelled out in the system message;
- the token limit (only when ``max_tokens`` is configured): ``max_tokens`` →
  ``max_completion_tokens`` → none;
- ``temperature`` → the server's default; ``stream: false`` → omitted.

A :class:`Negotiator` belongs to one client, so a later call starts where
the last one ended instead of paying for the same refusal again.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

RESPONSE_FORMATS = ("json_schema", "json_object_schema", "json_object", "prompt")
TOKEN_PARAMS = ("max_tokens", "max_completion_tokens", None)
_DESCRIBED = {
    "json_schema": "response_format json_schema",
    "json_object_schema": "response_format json_object with a schema",
    "json_object": "response_format json_object",
    "prompt": "no response_format (JSON asked for in the prompt)",
    "max_tokens": "max_tokens",
    "max_completion_tokens": "max_completion_tokens",
    None: "no token limit",
}
# What a refusal of the response format says: the field, its types, or the
# machinery behind them (llama.cpp's grammars, vLLM's guided decoding).
_RESPONSE_FORMAT = re.compile(
    r"response[_ ]?format|json[_ ]?schema|json[_ ]?object|\bschema\b|grammar|guided|structured[_ ]output", re.I
)


def _named(parameter: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(parameter)}(?![\w-])", re.I)


@dataclass(frozen=True)
class Modes:
    """The form of each optional request feature the client currently sends."""

    response_format: str = "json_schema"
    token_param: str | None = None
    temperature: bool = True
    stream: bool = True

    def changes(self, since: Modes) -> str:
        """What these modes send differently from ``since``, e.g. "no temperature"."""
        mine, theirs = self._described(), since._described()
        return ", ".join(text for feature, text in mine.items() if text != theirs[feature])

    def _described(self) -> dict[str, str]:
        return {
            "response_format": _DESCRIBED[self.response_format],
            "token_param": _DESCRIBED[self.token_param],
            "temperature": "temperature" if self.temperature else "no temperature",
            "stream": "stream: false" if self.stream else "no stream flag",
        }

    def step_down(self, refusal: str, param: str | None = None) -> Modes | None:
        """The modes with the feature ``refusal`` names one rung lower; None if it names none left.

        The server's ``param`` field (OpenAI's errors carry one) is trusted
        before the message. Exact parameter names are checked before the
        response format's looser vocabulary, since an error about
        ``max_tokens`` may well mention the schema-constrained output too.
        """
        for text in (param or "", refusal):
            if not text:
                continue
            if self.token_param and _named(self.token_param).search(text):
                return replace(self, token_param=TOKEN_PARAMS[TOKEN_PARAMS.index(self.token_param) + 1])
            if self.temperature and _named("temperature").search(text):
                return replace(self, temperature=False)
            if self.stream and _named("stream").search(text):
                return replace(self, stream=False)
            if self.response_format != "prompt" and _RESPONSE_FORMAT.search(text):
                following = RESPONSE_FORMATS[RESPONSE_FORMATS.index(self.response_format) + 1]
                return replace(self, response_format=following)
        return None

    def body(
        self,
        *,
        model: str,
        messages: list[dict[str, str]],
        schema_name: str,
        schema: Mapping[str, Any],
        temperature: float,
        max_tokens: int | None,
    ) -> dict[str, Any]:
        """The request body in these modes."""
        if self.response_format in ("json_object", "prompt"):
            messages = _with_schema_instruction(messages, schema)
        body: dict[str, Any] = {"model": model, "messages": messages}
        if self.temperature:
            body["temperature"] = temperature
        if self.token_param and max_tokens is not None:
            body[self.token_param] = max_tokens
        if self.stream:
            body["stream"] = False
        if self.response_format == "json_schema":
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": schema_name, "schema": schema, "strict": True},
            }
        elif self.response_format == "json_object_schema":
            body["response_format"] = {"type": "json_object", "schema": schema}
        elif self.response_format == "json_object":
            body["response_format"] = {"type": "json_object"}
        return body


def _with_schema_instruction(messages: list[dict[str, str]], schema: Mapping[str, Any]) -> list[dict[str, str]]:
    """``messages`` with the schema appended to the system message: nothing else constrains the shape."""
    note = (
        "\n\nReply with the JSON object only: no prose, no code fence. It must match this JSON schema:\n"
        + json.dumps(schema, separators=(",", ":"))
    )
    if messages and messages[0].get("role") == "system":
        return [{**messages[0], "content": messages[0]["content"] + note}, *messages[1:]]
    return [{"role": "system", "content": note.strip()}, *messages]


class Negotiator:
    """One client's current :class:`Modes`, stepped down at most once per refusal.

    Concurrent calls share it: a refusal of modes another thread has already
    stepped past only makes the caller send again with the current ones,
    so two refusals of one feature never skip a rung.
    """

    def __init__(self, initial: Modes) -> None:
        self.initial = initial
        self._modes = initial
        self._lock = threading.Lock()

    @property
    def modes(self) -> Modes:
        with self._lock:
            return self._modes

    def refused(self, sent: Modes, refusal: str, param: str | None = None) -> Modes | None:
        """The modes to send next after ``sent`` was refused; None when nothing is left to drop."""
        with self._lock:
            if self._modes != sent:
                return self._modes
            following = sent.step_down(refusal, param)
            if following is not None:
                self._modes = following
            return following
