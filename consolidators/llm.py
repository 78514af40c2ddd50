"""The ``llm`` consolidator and judge: any OpenAI-compatible chat endpoint, asked for JSON.

Ollama, vLLM, llama.cpp's server or a hosted API: each call is one
``POST {base_url}/chat/completions`` with a JSON-schema ``response_format``
(``json_object`` for servers without schema support), sent with the standard
library so no HTTP client joins the dependencies.

The answer is mapped, not trusted. The model writes only a summary per
pipeline frame and facts that cite turn numbers and fact handles; episode
texts, spans and event ids come from the frames, so every turn is covered by
construction. Whatever does not map, or breaks the consolidator contract, is
:class:`MalformedOutput`: retried, then a failure of that session only
(invariant 8). The API key comes from the environment variable named by
``api_key_env`` and is redacted from every message built here.
"""

from __future__ import annotations

import http.client
import json
import logging
import math
import os
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from datetime import timezone
from typing import Any, Callable, Mapping, NamedTuple, Sequence, TypeVar

from .base import bool_option, option_key, positive_int_option, str_option
from .errors import (
    OPTIONS_KEY, ConsolidatorConfigError, ConsolidatorError, ConsolidatorTimeout, EndpointError,
    MalformedOutput,
)
from .extractive import CANONICAL_PREDICATES, USER, normalise_predicate
from .framing import Frame, episode_frames, frame_episode
from .passthrough import truncate
from .types import ActiveFact, ConsolidationResult, Context, Fact, Transcript, Turn

log = logging.getLogger("tiermem.consolidators.llm")
T = TypeVar("T")

VERDICTS = ("replace", "coexist", "duplicate")
MAX_PROMPT_FACTS = 100  # active facts listed in one prompt
MIN_TURN_CHARS = 80  # a cut turn keeps at least this much, so it can still be cited
MAX_RESPONSE_BYTES = 8 * 1024 * 1024
FALLBACK_SUMMARY_CHARS = 500
USER_ALIASES = frozenset(
    {"i", "me", "my", "myself", "we", "us", "our", "user", "the user", "speaker", "the speaker"})
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_HANDLE = re.compile(r"F(\d+)", re.I)

_STR, _INT = {"type": "string"}, {"type": "integer"}
_FACT_FIELDS: dict[str, Any] = {
    "subject": _STR, "predicate": _STR, "object": _STR, "confidence": {"type": "number"},
    "turns": {"type": "array", "items": _INT}, "replaces": {"type": ["string", "null"]},
    "retract": {"type": "boolean"},
}


def _strict(properties: dict[str, Any]) -> dict[str, Any]:
    """An object schema in OpenAI's strict form: every property required, no others."""
    return {"type": "object", "properties": properties, "required": list(properties),
            "additionalProperties": False}


CONSOLIDATION_SCHEMA = _strict({
    "episodes": {"type": "array", "items": _strict({"frame": _INT, "summary": _STR})},
    "facts": {"type": "array", "items": _strict(_FACT_FIELDS)},
})
JUDGE_SCHEMA = _strict({"verdict": {"type": "string", "enum": list(VERDICTS)}, "reason": _STR})

_CONSOLIDATION_SYSTEM = f"""\
You consolidate one conversation session into the long-term memory of an AI agent.
The turns are numbered [1], [2], ... and grouped into frames. Answer with one JSON object only:
{{"episodes": [{{"frame": 1, "summary": "..."}}],
 "facts": [{{"subject": "user", "predicate": "lives in", "object": "Berlin", "confidence": 0.9,
            "turns": [3], "replaces": "F2", "retract": false}}]}}
- episodes: one per frame; the summary says in 1-3 factual sentences what was said or decided.
- facts: durable statements the session makes about the user (work, tools, places, preferences)
  or about other people, organisations and projects. Skip questions, plans, hypotheticals and
  the assistant's suggestions. Invent nothing.
- subject: "user" for the person speaking (never "I" or "me"); otherwise the entity's name
  ("The CEO of Acme is Jane Doe": Acme | ceo | Jane Doe).
- predicate: a short lowercase phrase for the resulting state, not the change (after "I switched
  to tea": "prefers drink", not "switched to"). Prefer these when they fit:
  {", ".join(sorted(set(CANONICAL_PREDICATES.values())))}.
- object: the value, casing kept. confidence: 0 to 1. turns: the numbers of the turns stating it.
- replaces: the handle (e.g. "F2") of a known fact this one makes no longer true, else null.
- retract: true when a turn says a fact is no longer true and gives no new value ("I don't use
  Notion anymore"); subject, predicate and object then name that fact, replaces its handle."""

_JUDGE_SYSTEM = """\
You maintain the facts an AI agent believes. Given an old and a new fact about the same subject:
- "replace": the new fact makes the old one no longer true (a new value of something that has
  one value at a time: moved city, changed employer, switched drink);
- "coexist": both can be true at once (another item of a many-valued relation, a different
  context or project, related but distinct things);
- "duplicate": the new fact says the same as the old one in other words.
Answer with one JSON object only: {"verdict": "replace" | "coexist" | "duplicate", "reason": "..."}"""


class JudgeVerdict(NamedTuple):
    """A judge's answer: one of :data:`VERDICTS` and the model's reason; unpacks as a pair."""

    verdict: str
    reason: str


class _Transient(Exception):
    """A failure worth retrying: ``kind`` is "timeout", "connection" or "http" (429/5xx)."""

    def __init__(self, kind: str, detail: str, status: int | None = None) -> None:
        super().__init__(detail)
        self.kind, self.detail, self.status = kind, detail, status


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Refuses redirects: following one would re-send the API key wherever it points."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirect)  # proxies from the environment still apply


@dataclass(frozen=True)
class _ChatClient:
    """One OpenAI-compatible chat endpoint: a POST, a timeout, bounded retries, a JSON answer.

    Shared by the consolidator and the judge so both retry, time out and
    redact the key the same way. ``timeout`` bounds each wait for the server
    within an attempt (urllib's semantics): a server that answers slowly
    times out, one that trickles bytes can take longer.
    """

    url: str
    model: str
    timeout: float
    max_retries: int
    backoff: float
    temperature: float
    json_schema: bool
    api_key: str | None = field(default=None, repr=False)

    @classmethod
    def configure(cls, *, base_url: Any, model: Any, api_key_env: Any, timeout_seconds: Any,
                  max_retries: Any, backoff_seconds: Any, temperature: Any, json_schema: Any,
                  config_key: str = OPTIONS_KEY) -> _ChatClient:
        """Check the connection options; errors name ``<config_key>.<option>``."""
        try:
            return cls(
                url=_endpoint_url(base_url), model=str_option("model", model),
                timeout=_number_option("timeout_seconds", timeout_seconds, 0.0, exclusive=True),
                max_retries=int(_number_option("max_retries", max_retries, 0, integer=True)),
                backoff=_number_option("backoff_seconds", backoff_seconds, 0.0),
                temperature=_number_option("temperature", temperature, 0.0, maximum=2.0),
                json_schema=bool_option("json_schema", json_schema), api_key=_api_key(api_key_env))
        except ConsolidatorConfigError as exc:
            if config_key == OPTIONS_KEY:
                raise
            raise ConsolidatorConfigError(config_key + exc.key[len(OPTIONS_KEY):], exc.problem) from None

    def ask(self, messages: list[dict[str, str]], schema_name: str, schema: Mapping[str, Any],
            parse: Callable[[Any], T]) -> T:
        """Send ``messages`` and return ``parse(answer JSON)``, retrying what may pass next time.

        Timeouts, connection errors, HTTP 429/5xx and answers ``parse``
        rejects are retried with doubling backoff, since models and servers
        are flaky; other HTTP errors (a bad key, an unknown model) fail at once.
        """
        payload = self._payload(messages, schema_name, schema)
        attempts = self.max_retries + 1
        failure: _Transient | MalformedOutput | None = None
        for attempt in range(1, attempts + 1):
            try:
                return parse(self._post(payload))
            except (_Transient, MalformedOutput) as exc:
                failure = exc
            if attempt < attempts:
                delay = self.backoff * 2 ** (attempt - 1)
                log.warning("llm endpoint %s: attempt %d of %d failed (%s); retrying in %.1f s",
                            self.url, attempt, attempts, self.redact(str(failure)), delay)
                time.sleep(delay)
        assert failure is not None  # at least one attempt ran, and none returned
        raise self._final_error(failure, attempts) from failure

    def redact(self, text: str) -> str:
        """``text`` with the API key masked: servers sometimes echo it in an error body."""
        return text.replace(self.api_key, "***") if self.api_key else text

    def _payload(self, messages: list[dict[str, str]], name: str, schema: Mapping[str, Any]) -> bytes:
        response_format: dict[str, Any] = (
            {"type": "json_schema", "json_schema": {"name": name, "schema": schema, "strict": True}}
            if self.json_schema else {"type": "json_object"})
        return json.dumps({"model": self.model, "messages": messages, "temperature": self.temperature,
                           "stream": False, "response_format": response_format}).encode("utf-8")

    def _post(self, payload: bytes) -> Any:
        """One request: the JSON the model wrote, or _Transient / EndpointError / MalformedOutput."""
        headers = {"Content-Type": "application/json", "Accept": "application/json",
                   "User-Agent": "tiermem"}
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
        excerpt = self.redact(_body_excerpt(exc))
        if exc.code == 429 or exc.code >= 500:
            return _Transient("http", excerpt, status=exc.code)
        hint = ""
        if exc.code in (401, 403):
            hint = " (check the API key named by api_key_env)"
        elif 300 <= exc.code < 400:
            hint = " (redirects are not followed; give the final URL as base_url)"
        elif exc.code == 400 and self.json_schema:
            hint = " (if the server lacks JSON-schema support, set json_schema: false)"
        return EndpointError(f"llm endpoint {self.url} answered HTTP {exc.code}: {excerpt}{hint}",
                             self.url, exc.code)

    def _final_error(self, failure: _Transient | MalformedOutput, attempts: int) -> ConsolidatorError:
        tries = f"{attempts} attempt{'' if attempts == 1 else 's'}"
        if isinstance(failure, MalformedOutput):
            return MalformedOutput(failure.path, self.redact(f"{failure.problem} (llm answer, {tries})"))
        where = f"llm endpoint {self.url}"
        if failure.kind == "timeout":
            return ConsolidatorTimeout(f"{where} did not answer within {self.timeout} s ({tries})", self.url)
        if failure.kind == "http":
            return EndpointError(f"{where} answered HTTP {failure.status} ({tries}): {failure.detail}",
                                 self.url, failure.status)
        return EndpointError(self.redact(f"{where} could not be reached ({tries}): {failure.detail}"),
                             self.url)


class LLMConsolidator:
    """Episode summaries per frame and facts per session, from an OpenAI-compatible model.

    Use it where rule-based extraction misses too much and a model endpoint
    is reachable at night. Options are checked here, so a bad deployment
    fails at load time: ``base_url`` (API root), ``model``, ``api_key_env``
    (the *name* of the variable holding the key), ``timeout_seconds`` (per
    attempt), ``max_retries``, ``backoff_seconds`` (doubling),
    ``temperature``, ``max_transcript_chars`` (past it the longest turns are
    cut) and ``json_schema`` (false sends ``json_object`` instead).
    """

    name = "llm"

    def __init__(self, *, base_url: str, model: str, api_key_env: str | None = None,
                 timeout_seconds: float = 60.0, max_retries: int = 2, backoff_seconds: float = 1.0,
                 temperature: float = 0.0, max_transcript_chars: int = 24000,
                 json_schema: bool = True) -> None:
        self.client = _ChatClient.configure(
            base_url=base_url, model=model, api_key_env=api_key_env, timeout_seconds=timeout_seconds,
            max_retries=max_retries, backoff_seconds=backoff_seconds, temperature=temperature,
            json_schema=json_schema)
        self.max_transcript_chars = positive_int_option("max_transcript_chars", max_transcript_chars)

    def consolidate(self, transcript: Transcript, context: Context) -> ConsolidationResult:
        """Ask the model once (plus retries) about the whole session; map and check its answer."""
        from .registry import coerce_result  # the registry imports this module to register the kind

        if not transcript.turns:
            return ConsolidationResult()  # nothing to ask about; the registry rejects it as usual
        frames = episode_frames(transcript)
        facts = prompt_facts(context.active_facts, transcript)
        prompt = consolidation_prompt(transcript, frames, facts, self.max_transcript_chars)
        messages = [{"role": "system", "content": _CONSOLIDATION_SYSTEM},
                    {"role": "user", "content": prompt}]
        return self.client.ask(messages, "session_consolidation", CONSOLIDATION_SCHEMA, lambda answer:
                               coerce_result(map_answer(answer, frames, facts), transcript))


class LLMJudge:
    """Asks the model whether a new fact replaces, coexists with, or duplicates an old one.

    For the supersession engine's gray areas: semantic neighbours no
    cardinality rule settles. Same connection options as the consolidator;
    ``config_key`` is the dotted key they live under, for error messages.
    A failed call raises like the consolidator (:class:`ConsolidatorTimeout`,
    :class:`EndpointError`, :class:`MalformedOutput`); a caller that reads
    a failure as "coexist" retires nothing by mistake.
    """

    name = "llm"

    def __init__(self, *, base_url: str, model: str, api_key_env: str | None = None,
                 timeout_seconds: float = 60.0, max_retries: int = 2, backoff_seconds: float = 1.0,
                 temperature: float = 0.0, json_schema: bool = True,
                 config_key: str = OPTIONS_KEY) -> None:
        self.client = _ChatClient.configure(
            base_url=base_url, model=model, api_key_env=api_key_env, timeout_seconds=timeout_seconds,
            max_retries=max_retries, backoff_seconds=backoff_seconds, temperature=temperature,
            json_schema=json_schema, config_key=config_key)

    def judge(self, new: tuple[str, str, str], old: tuple[str, str, str]) -> str:
        """``"replace"``, ``"coexist"`` or ``"duplicate"``: how ``new`` relates to ``old``."""
        return self.verdict(new, old).verdict

    def verdict(self, new: tuple[str, str, str], old: tuple[str, str, str]) -> JudgeVerdict:
        """Like :meth:`judge`, plus the model's reason, for the signals ``memory_ops`` records."""
        prompt = f"Old fact: {_triple_text(old, 'old')}\nNew fact: {_triple_text(new, 'new')}"
        messages = [{"role": "system", "content": _JUDGE_SYSTEM}, {"role": "user", "content": prompt}]
        return self.client.ask(messages, "fact_verdict", JUDGE_SCHEMA, parse_verdict)


# ---------------------------------------------------------------------------
# prompts (pure)


def prompt_facts(active: Sequence[ActiveFact], transcript: Transcript) -> tuple[ActiveFact, ...]:
    """The active facts worth listing: about the user, or about a subject the session names.

    The pipeline passes the namespace's recent active facts; the unrelated
    ones would only lengthen the prompt and invite wrong replacements.
    """
    text = " ".join(turn.content for turn in transcript.turns).lower()

    def relevant(fact: ActiveFact) -> bool:
        subject = fact.subject.strip().lower()
        return subject in USER_ALIASES or bool(
            subject and re.search(rf"(?<!\w){re.escape(subject)}(?!\w)", text))

    return tuple(fact for fact in active if relevant(fact))[:MAX_PROMPT_FACTS]


def consolidation_prompt(transcript: Transcript, frames: Sequence[Frame],
                         facts: Sequence[ActiveFact], max_chars: int) -> str:
    """The user message: numbered turns grouped by frame, then the known facts as ``F1..Fn``.

    Past ``max_chars`` of turn text the longest turns are cut to a common
    length, marked in place and noted: every turn keeps its number and head,
    so the model can still cite it, and the episodes cover it regardless.
    """
    cap = turn_cap([len(turn.content) for frame in frames for turn in frame], max_chars)
    total = sum(len(frame) for frame in frames)
    lines = [f"Session {transcript.namespace}/{transcript.session_id}: {total} turns in "
             f"{len(frames)} frame{'' if len(frames) == 1 else 's'}."]
    number = 0
    for index, frame in enumerate(frames, 1):
        lines += ["", f"Frame {index}"]
        for turn in frame:
            number += 1
            lines.append(_turn_line(number, turn, cap))
    if cap is not None:
        log.info("session %s/%s: turns cut to %d characters to fit max_transcript_chars=%d",
                 transcript.namespace, transcript.session_id, cap, max_chars)
        lines += ["", f"Note: turns longer than {cap} characters were cut to fit; each cut is marked."]
    lines += ["", 'Known facts (name one in "replaces" when the session makes it no longer true):']
    lines += [f"F{i}: {f.subject} | {f.predicate} | {f.object}" for i, f in enumerate(facts, 1)]
    return "\n".join(lines if facts else [*lines, "(none)"])


def turn_cap(lengths: Sequence[int], budget: int) -> int | None:
    """The length to cut turns to so their total fits ``budget``; None if nothing needs cutting.

    Water-filling: short turns stay whole and the long ones share what is
    left, so one pasted log does not crowd out the conversation around it.
    Never below :data:`MIN_TURN_CHARS`, which may overshoot a tiny budget.
    """
    if sum(lengths) <= budget:
        return None
    remaining, left = budget, len(lengths)
    for length in sorted(lengths):
        if length * left > remaining:
            break
        remaining, left = remaining - length, left - 1
    return max(MIN_TURN_CHARS, remaining // left)


def _turn_line(number: int, turn: Turn, cap: int | None) -> str:
    text = turn.content
    if cap is not None and len(text) > cap:
        text = f"{text[:cap].rstrip()} […{len(text) - cap} characters cut]"
    stamp = turn.ts.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%MZ")
    return f"[{number}] {turn.role} ({stamp}): " + text.replace("\n", "\n    ")


def _triple_text(triple: Any, name: str) -> str:
    if (not isinstance(triple, (tuple, list)) or len(triple) != 3
            or not all(isinstance(term, str) and term.strip() for term in triple)):
        raise ValueError(f"{name}: expected (subject, predicate, object) as non-empty strings")
    return " | ".join(term.strip() for term in triple)


# ---------------------------------------------------------------------------
# answers (pure)


def map_answer(answer: Any, frames: Sequence[Frame], facts: Sequence[ActiveFact]) -> ConsolidationResult:
    """Episodes from ``frames`` with the model's summaries, and its facts mapped to real ids.

    A frame the model did not summarise gets the head of its text (logged):
    a worse summary, never a lost turn. Required: ``episodes``, and each
    fact's subject, predicate, object and turns; absent ``facts``,
    ``confidence``, ``replaces``, ``retract`` default to [], 0.8, null,
    false. Unknown keys are ignored. Values go on unchecked where
    :func:`coerce_result` checks them (confidence range, term lengths).
    """
    data = _object(answer, "answer")
    if "episodes" not in data:
        raise MalformedOutput("episodes", "missing")
    summaries = _summaries(data["episodes"], len(frames))
    skipped = [str(i) for i in range(1, len(frames) + 1) if i not in summaries]
    if skipped:
        log.info("llm left frame(s) %s unsummarised; using the head of their text", ", ".join(skipped))
    episodes = tuple(
        frame_episode(frame, lambda text, i=i: summaries.get(i) or truncate(text, FALLBACK_SUMMARY_CHARS))
        for i, frame in enumerate(frames, 1))
    turns = [turn for frame in frames for turn in frame]
    handles = {f"F{i}": fact.id for i, fact in enumerate(facts, 1)}
    items = _list(data.get("facts", []), "facts")
    return ConsolidationResult(episodes=episodes, facts=tuple(
        _fact(item, f"facts[{i}]", turns, handles) for i, item in enumerate(items)))


def parse_verdict(answer: Any) -> JudgeVerdict:
    """The judge's ``{"verdict", "reason"}``; a verdict outside :data:`VERDICTS` is malformed."""
    data = _object(answer, "answer")
    verdict, reason = data.get("verdict"), data.get("reason") or ""
    if not isinstance(verdict, str) or verdict.strip().lower() not in VERDICTS:
        raise MalformedOutput("verdict", f"expected one of {', '.join(VERDICTS)}, got {verdict!r}")
    if not isinstance(reason, str):
        raise MalformedOutput("reason", f"expected a string, got {type(reason).__name__}")
    return JudgeVerdict(verdict.strip().lower(), reason.strip())


def _summaries(value: Any, n_frames: int) -> dict[int, str]:
    summaries: dict[int, str] = {}
    for i, item in enumerate(_list(value, "episodes")):
        path = f"episodes[{i}]"
        data = _object(item, path)
        frame = _integer(data.get("frame"), f"{path}.frame")
        if not 1 <= frame <= n_frames:
            raise MalformedOutput(f"{path}.frame", f"no frame {frame} (the session has {n_frames})")
        if frame in summaries:
            raise MalformedOutput(f"{path}.frame", f"frame {frame} is summarised twice")
        summaries[frame] = _string(data.get("summary"), f"{path}.summary")
    return summaries


def _fact(item: Any, path: str, turns: Sequence[Turn], handles: Mapping[str, str]) -> Fact:
    """One fact: turn numbers to event ids, handle to fact id, subject and predicate normalised."""
    data = _object(item, path)
    numbers = _list(data.get("turns"), f"{path}.turns")
    if not numbers:
        raise MalformedOutput(f"{path}.turns", "expected at least one supporting turn number")
    cited: set[int] = set()
    for j, value in enumerate(numbers):
        number = _integer(value, f"{path}.turns[{j}]")
        if not 1 <= number <= len(turns):
            raise MalformedOutput(f"{path}.turns[{j}]", f"no turn {number} (the session has {len(turns)})")
        cited.add(number)
    subject = _string(data.get("subject"), f"{path}.subject")
    predicate = normalise_predicate(_string(data.get("predicate"), f"{path}.predicate"))
    if not predicate:
        raise MalformedOutput(f"{path}.predicate", "nothing left after normalisation")
    obj = data.get("object")
    return Fact(
        subject=USER if subject.lower() in USER_ALIASES else subject, predicate=predicate,
        object=obj.strip() if isinstance(obj, str) else obj, confidence=data.get("confidence", 0.8),
        valid_from=turns[min(cited) - 1].ts, event_ids=tuple(turns[n - 1].event_id for n in sorted(cited)),
        retract=data.get("retract", False),
        replaces=_handle(data.get("replaces"), f"{path}.replaces", handles))


def _handle(value: Any, path: str, handles: Mapping[str, str]) -> str | None:
    """The real id behind a handle like ``F2``; an unknown handle is malformed, not ignored."""
    if value is None:
        return None
    match = _HANDLE.fullmatch(value.strip()) if isinstance(value, str) else None
    handle = f"F{int(match.group(1))}" if match else None
    if handle not in handles:
        known = f"F1–F{len(handles)}" if handles else "no facts were listed"
        raise MalformedOutput(path, f"no active fact {value!r} ({known})")
    return handles[handle]


def _object(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise MalformedOutput(path, f"expected a JSON object, got {type(value).__name__}")
    return value


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise MalformedOutput(path, "missing" if value is None else
                              f"expected a JSON array, got {type(value).__name__}")
    return value


def _string(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise MalformedOutput(path, "missing" if value is None else
                              f"expected a non-empty string, got {value!r}")
    return value.strip()


def _integer(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedOutput(path, f"expected an integer, got {value!r}")
    return value


# ---------------------------------------------------------------------------
# HTTP edges


def _answer_json(raw: bytes) -> Any:
    """The JSON the model wrote, from ``choices[0].message.content`` of a chat completion."""
    where = "response.choices[0].message.content"
    try:
        content = json.loads(raw)["choices"][0]["message"]["content"]
    except ValueError:
        raise MalformedOutput("response", "not JSON (is base_url the API root, e.g. …/v1?)") from None
    except (KeyError, IndexError, TypeError):
        raise MalformedOutput(where, "missing") from None
    if not isinstance(content, str) or not content.strip():
        raise MalformedOutput(where, "expected the answer as a non-empty string")
    return _parse_json_text(content)


def _parse_json_text(text: str) -> Any:
    """Parse the model's JSON, tolerating a code fence or prose around one object.

    Schema-constrained servers send bare JSON; others wrap it, and refusing
    those would only spend retries on answers that are fine.
    """
    start, end = text.find("{"), text.rfind("}")
    for candidate in [text] + ([text[start:end + 1]] if 0 <= start < end else []):
        try:
            return json.loads(candidate)
        except ValueError:
            continue
    raise MalformedOutput("answer", f"not valid JSON: {truncate(' '.join(text.split()), 80)!r}")


def _body_excerpt(exc: urllib.error.HTTPError) -> str:
    try:
        body = exc.read(2000).decode("utf-8", "replace")
    except Exception:  # the body only decorates the message
        body = ""
    return truncate(" ".join(body.split()), 200) or str(exc.reason or "(empty body)")


# ---------------------------------------------------------------------------
# options


def _endpoint_url(base_url: Any) -> str:
    """``{base_url}/chat/completions`` for an http(s) API root without credentials."""
    key = option_key("base_url")
    text = str_option("base_url", base_url).rstrip("/")
    if "@" in text:  # checked first: such a value must not be echoed
        raise ConsolidatorConfigError(key, "must not carry credentials; put the key in an "
                                           "environment variable and name it in api_key_env")
    try:
        parts = urllib.parse.urlsplit(text)
        valid = (parts.scheme in ("http", "https") and bool(parts.hostname) and parts.port != 0
                 and not parts.query and not parts.fragment)
    except ValueError:  # a bad port
        valid = False
    if not valid:
        raise ConsolidatorConfigError(key, "expected the http:// or https:// root of an OpenAI-"
                                           f"compatible API (e.g. http://localhost:11434/v1), got {text!r}")
    return text if text.endswith("/chat/completions") else text + "/chat/completions"


def _api_key(api_key_env: Any) -> str | None:
    """The key from the environment variable named ``api_key_env`` (None: no key is sent).

    Only a conventional upper-case name is echoed in errors: a value that is
    the key itself, pasted by mistake, must not end up in a log.
    """
    if api_key_env is None:
        return None
    key = option_key("api_key_env")
    if not isinstance(api_key_env, str) or not _ENV_NAME.fullmatch(api_key_env.strip()):
        raise ConsolidatorConfigError(key, "expected the NAME of an environment variable holding the "
                                           "API key (e.g. OPENAI_API_KEY), never the key itself")
    name = api_key_env.strip()
    value = os.environ.get(name, "").strip()
    if not value:
        shown = name if name.isupper() and len(name) <= 64 else "named here"
        raise ConsolidatorConfigError(key, f"environment variable {shown} is not set or empty")
    return value


def _number_option(name: str, value: Any, minimum: float, *, exclusive: bool = False,
                   maximum: float | None = None, integer: bool = False) -> float:
    """A number option within bounds (an integer if ``integer``), naming the key when not."""
    ok = (not isinstance(value, bool) and isinstance(value, int if integer else (int, float))
          and math.isfinite(value) and (value > minimum if exclusive else value >= minimum)
          and (maximum is None or value <= maximum))
    if not ok:
        kind = "an integer" if integer else "a number"
        bounds = (f"in [{minimum:g}, {maximum:g}]" if maximum is not None
                  else f"{'>' if exclusive else '>='} {minimum:g}")
        raise ConsolidatorConfigError(option_key(name), f"expected {kind} {bounds}, got {value!r}")
    return float(value)
