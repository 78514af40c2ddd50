"""The HTTP client the ``llm`` consolidator and judge share: one OpenAI-compatible chat endpoint.

Ollama, vLLM, llama.cpp's server or a hosted API: each call is one
``POST {base_url}/chat/completions`` asking for JSON (a JSON-schema
``response_format`` first; what a server refuses is dropped, see
:mod:`consolidators.compat`), sent with the standard
library so no HTTP client joins the dependencies. This module owns the
timeouts, the retries with doubling backoff, the error each failure becomes
and the checks of the connection options; what to ask and how to read the
answer stay in :mod:`consolidators.llm`. The API key comes from the
environment variable named by ``api_key_env`` and is redacted from every
message built here.
"""

from __future__ import annotations

import http.client
import json
import logging
import os
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .base import bool_option, number_option, option_key, positive_int_option, str_option
from .compat import Modes, Negotiator
from .errors import (
    OPTIONS_KEY,
    ConsolidatorConfigError,
    ConsolidatorError,
    ConsolidatorTimeout,
    EndpointError,
    MalformedOutput,
)
from .passthrough import truncate

log = logging.getLogger(__name__)
T = TypeVar("T")

MAX_RESPONSE_BYTES = 8 * 1024 * 1024
#: The shape of an environment variable's name: a setting that names one must have it (a pasted secret does not).
ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# Statuses that never mean "I do not support that part of the request".
_NOT_REFUSALS = frozenset({401, 403, 404, 408, 429})
MESSAGE_CHARS = 300  # of the server's error message, in ours
_FENCE = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\n?(.*?)```", re.S)
_MAX_OBJECT_STARTS = 50  # "{" positions tried in prose around the answer


class _Transient(Exception):
    """A failure worth retrying: ``kind`` is "timeout", "connection" or "http" (429/5xx)."""

    def __init__(self, kind: str, detail: str, status: int | None = None) -> None:
        super().__init__(detail)
        self.kind, self.detail, self.status = kind, detail, status


class _Refused(Exception):
    """An HTTP 4xx/500/501 that may be a refusal of an optional feature: ``message`` says which."""

    def __init__(self, status: int, message: str, param: str | None) -> None:
        super().__init__(message)
        self.status, self.message, self.param = status, message, param


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Refuses redirects: following one would re-send the API key wherever it points."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirect)  # proxies from the environment still apply


@dataclass(frozen=True)
class ChatClient:
    """One OpenAI-compatible chat endpoint: a POST, a timeout, bounded retries, a JSON answer.

    Shared by the consolidator and the judge so both retry, time out and
    redact the key the same way. ``timeout`` bounds each wait for the server
    within an attempt (urllib's semantics): a server that answers slowly
    times out, one that trickles bytes can take longer. What the server
    accepts is negotiated by :class:`consolidators.compat.Negotiator` and
    remembered for this client's later calls.
    """

    url: str
    model: str
    timeout: float
    max_retries: int
    backoff: float
    temperature: float
    json_schema: bool
    max_tokens: int | None = None
    api_key: str | None = field(default=None, repr=False)
    negotiator: Negotiator = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        initial = Modes(
            response_format="json_schema" if self.json_schema else "json_object",
            token_param="max_tokens" if self.max_tokens is not None else None,
        )
        object.__setattr__(self, "negotiator", Negotiator(initial))

    @classmethod
    def configure(
        cls,
        *,
        base_url: Any,
        model: Any,
        api_key_env: Any,
        timeout_seconds: Any,
        max_retries: Any,
        backoff_seconds: Any,
        temperature: Any,
        json_schema: Any,
        max_tokens: Any = None,
        config_key: str = OPTIONS_KEY,
    ) -> ChatClient:
        """Check the connection options; errors name ``<config_key>.<option>``."""
        try:
            return cls(
                url=_endpoint_url(base_url),
                model=str_option("model", model),
                timeout=number_option("timeout_seconds", timeout_seconds, 0.0, exclusive=True),
                max_retries=int(number_option("max_retries", max_retries, 0, integer=True)),
                backoff=number_option("backoff_seconds", backoff_seconds, 0.0),
                temperature=number_option("temperature", temperature, 0.0, maximum=2.0),
                json_schema=bool_option("json_schema", json_schema),
                max_tokens=None if max_tokens is None else positive_int_option("max_tokens", max_tokens),
                api_key=_api_key(api_key_env),
            )
        except ConsolidatorConfigError as exc:
            if config_key == OPTIONS_KEY:
                raise
            raise ConsolidatorConfigError(config_key + exc.key[len(OPTIONS_KEY) :], exc.problem) from None

    def ask(
        self, messages: list[dict[str, str]], schema_name: str, schema: Mapping[str, Any], parse: Callable[[Any], T]
    ) -> T:
        """Send ``messages`` and return ``parse(answer JSON)``, retrying what may pass next time.

        Timeouts, connection errors, HTTP 429/5xx and answers ``parse``
        rejects are retried with doubling backoff, since models and servers
        are flaky. A refusal that names an optional feature is sent again
        at once without it (not counted as an attempt; at most a few steps);
        other HTTP errors (a bad key, an unknown model) fail at once.
        """
        attempts = self.max_retries + 1
        failure: _Transient | MalformedOutput | None = None
        attempt = 0
        while attempt < attempts:
            modes = self.negotiator.modes
            try:
                return parse(self._post(self._payload(modes, messages, schema_name, schema)))
            except _Refused as refusal:
                if self._stepped_down(modes, refusal):
                    continue
                if refusal.status < 500:
                    raise self._refusal_error(refusal, modes) from None
                failure = _Transient("http", refusal.message, status=refusal.status)
            except (_Transient, MalformedOutput) as exc:
                failure = exc
            attempt += 1
            if attempt < attempts:
                delay = self.backoff * 2 ** (attempt - 1)
                log.warning(
                    "llm endpoint %s: attempt %d of %d failed (%s); retrying in %.1f s",
                    self.url,
                    attempt,
                    attempts,
                    self.redact(str(failure)),
                    delay,
                )
                time.sleep(delay)
        assert failure is not None  # at least one attempt ran, and none returned
        raise self._final_error(failure, attempts) from failure

    def redact(self, text: str) -> str:
        """``text`` with the API key masked: servers sometimes echo it in an error body."""
        return text.replace(self.api_key, "***") if self.api_key else text

    def _payload(self, modes: Modes, messages: list[dict[str, str]], name: str, schema: Mapping[str, Any]) -> bytes:
        body = modes.body(
            model=self.model,
            messages=messages,
            schema_name=name,
            schema=schema,
            temperature=self.temperature,
            max_tokens=self.max_tokens,
        )
        return json.dumps(body).encode("utf-8")

    def _stepped_down(self, sent: Modes, refusal: _Refused) -> bool:
        """Whether the refusal named a feature this client can do without (now remembered)."""
        following = self.negotiator.refused(sent, refusal.message, refusal.param)
        if following is None:
            return False
        log.warning(
            "llm endpoint %s refused %s (HTTP %d: %s); sending %s from now on",
            self.url,
            sent.changes(following),
            refusal.status,
            refusal.message,
            following.changes(sent),
        )
        return True

    def _post(self, payload: bytes) -> Any:
        """One request: the JSON the model wrote, or _Refused / _Transient / EndpointError / MalformedOutput."""
        headers = {"Content-Type": "application/json", "Accept": "application/json", "User-Agent": "tiermem"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        request = urllib.request.Request(self.url, data=payload, headers=headers, method="POST")
        try:
            with _OPENER.open(request, timeout=self.timeout) as response:
                raw = response.read(MAX_RESPONSE_BYTES + 1)
        except urllib.error.HTTPError as exc:
            raise self._http_failure(exc) from None
        except (OSError, http.client.HTTPException) as exc:  # URLError, TimeoutError, resets
            reason = exc.reason if isinstance(exc, urllib.error.URLError) else exc
            if isinstance(reason, TimeoutError):
                raise _Transient("timeout", "timed out") from exc
            raise _Transient("connection", str(reason) or type(reason).__name__) from exc
        if len(raw) > MAX_RESPONSE_BYTES:
            raise MalformedOutput("response", f"larger than {MAX_RESPONSE_BYTES} bytes")
        return _answer_json(raw)

    def _http_failure(self, exc: urllib.error.HTTPError) -> Exception:
        message, param = _server_error(exc)
        message = self.redact(message)
        if exc.code < 400 or exc.code in _NOT_REFUSALS or exc.code >= 502:
            if exc.code == 429 or exc.code >= 500:
                return _Transient("http", message, status=exc.code)
            hint = ""
            if exc.code in (401, 403):
                hint = " (check the API key named by api_key_env)"
            elif 300 <= exc.code < 400:
                hint = " (redirects are not followed; give the final URL as base_url)"
            elif exc.code == 404:
                hint = " (is base_url the API root, e.g. …/v1, and the model name one the server knows?)"
            return EndpointError(
                f"llm endpoint {self.url} answered HTTP {exc.code}: {message}{hint}", self.url, exc.code
            )
        return _Refused(exc.code, message, param)

    def _refusal_error(self, refusal: _Refused, modes: Modes) -> EndpointError:
        initial = self.negotiator.initial
        tried = "" if modes == initial else f" (after falling back to {modes.changes(initial)})"
        return EndpointError(
            f"llm endpoint {self.url} answered HTTP {refusal.status}{tried}: {refusal.message}",
            self.url,
            refusal.status,
        )

    def _final_error(self, failure: _Transient | MalformedOutput, attempts: int) -> ConsolidatorError:
        tries = f"{attempts} attempt{'' if attempts == 1 else 's'}"
        if isinstance(failure, MalformedOutput):
            return MalformedOutput(failure.path, self.redact(f"{failure.problem} (llm answer, {tries})"))
        where = f"llm endpoint {self.url}"
        if failure.kind == "timeout":
            return ConsolidatorTimeout(f"{where} did not answer within {self.timeout} s ({tries})", self.url)
        if failure.kind == "http":
            return EndpointError(
                f"{where} answered HTTP {failure.status} ({tries}): {failure.detail}", self.url, failure.status
            )
        return EndpointError(self.redact(f"{where} could not be reached ({tries}): {failure.detail}"), self.url)


# ---------------------------------------------------------------------------
# HTTP edges


def _answer_json(raw: bytes) -> Any:
    """The JSON the model wrote, from ``choices[0].message.content`` of a chat completion."""
    where = "response.choices[0].message.content"
    try:
        choice = json.loads(raw)["choices"][0]
        content = choice["message"]["content"]
    except ValueError:
        raise MalformedOutput("response", "not JSON (is base_url the API root, e.g. …/v1?)") from None
    except (KeyError, IndexError, TypeError):
        raise MalformedOutput(where, "missing") from None
    if not isinstance(content, str) or not content.strip():
        raise MalformedOutput(where, "expected the answer as a non-empty string")
    if isinstance(choice, Mapping) and choice.get("finish_reason") == "length":
        # A cut answer is never read leniently: an inner object of it would parse and mislead.
        try:
            return json.loads(content)
        except ValueError:
            raise MalformedOutput(
                "answer", f"cut off at the token limit after {len(content)} characters (raise max_tokens)"
            ) from None
    return parse_json_text(content)


def parse_json_text(text: str) -> Any:
    """The JSON object the model wrote, also from inside a code fence or with prose around it.

    Schema-constrained servers send bare JSON; others wrap it ("Here is the
    JSON: ```json {...} ``` Hope this helps"), and refusing those would only
    spend retries on answers that are fine. The first object that parses
    wins, so braces in the prose before it are skipped.
    """
    candidates = [text, *(match.group(1) for match in _FENCE.finditer(text))]
    for candidate in candidates:
        try:
            return json.loads(candidate)
        except ValueError:
            continue
    decoder = json.JSONDecoder()
    for tried, match in enumerate(re.finditer(r"\{", text)):
        if tried == _MAX_OBJECT_STARTS:
            break
        try:
            return decoder.raw_decode(text, match.start())[0]
        except ValueError:
            continue
    raise MalformedOutput("answer", f"not valid JSON: {truncate(' '.join(text.split()), 80)!r}")


def _server_error(exc: urllib.error.HTTPError) -> tuple[str, str | None]:
    """The server's own message on one line, truncated, and the ``param`` it blames if it names one.

    Reads OpenAI's and Ollama's ``{"error": {"message", "param"}}``,
    vLLM's ``{"message"}``, a bare ``{"error": "..."}`` and FastAPI's
    ``{"detail"}``; any other body is quoted as text.
    """
    try:
        body = exc.read(64 * 1024).decode("utf-8", "replace")
    except Exception:  # the body only decorates the message
        body = ""
    message: Any = body
    param: Any = None
    try:
        data = json.loads(body)
    except ValueError:
        data = None
    if isinstance(data, Mapping):
        error = data.get("error")
        inner = error if isinstance(error, Mapping) else data
        message = next((inner[k] for k in ("message", "detail") if inner.get(k)), error or body)
        param = inner.get("param")
    if not isinstance(message, str):
        message = json.dumps(message)
    text = truncate(" ".join(message.split()), MESSAGE_CHARS) or str(exc.reason or "(empty body)")
    return text, param if isinstance(param, str) and param else None


# ---------------------------------------------------------------------------
# options


def _endpoint_url(base_url: Any) -> str:
    """``{base_url}/chat/completions`` for an http(s) API root without credentials."""
    key = option_key("base_url")
    text = str_option("base_url", base_url).rstrip("/")
    if "@" in text:  # checked first: such a value must not be echoed
        raise ConsolidatorConfigError(
            key, "must not carry credentials; put the key in an environment variable and name it in api_key_env"
        )
    try:
        parts = urllib.parse.urlsplit(text)
        valid = (
            parts.scheme in ("http", "https")
            and bool(parts.hostname)
            and parts.port != 0
            and not parts.query
            and not parts.fragment
        )
    except ValueError:  # a bad port
        valid = False
    if not valid:
        raise ConsolidatorConfigError(
            key,
            "expected the http:// or https:// root of an OpenAI-"
            f"compatible API (e.g. http://localhost:11434/v1), got {text!r}",
        )
    return text if text.endswith("/chat/completions") else text + "/chat/completions"


def _api_key(api_key_env: Any) -> str | None:
    """The key from the environment variable named ``api_key_env`` (None: no key is sent).

    Only a conventional upper-case name is echoed in errors: a value that is
    the key itself, pasted by mistake, must not end up in a log.
    """
    if api_key_env is None:
        return None
    key = option_key("api_key_env")
    if not isinstance(api_key_env, str) or not ENV_NAME.fullmatch(api_key_env.strip()):
        raise ConsolidatorConfigError(
            key,
            "expected the NAME of an environment variable holding the "
            "API key (e.g. OPENAI_API_KEY), never the key itself",
        )
    name = api_key_env.strip()
    value = os.environ.get(name, "").strip()
    if not value:
        shown = name if name.isupper() and len(name) <= 64 else "named here"
        raise ConsolidatorConfigError(key, f"environment variable {shown} is not set or empty")
    return value
