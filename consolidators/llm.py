"""The ``llm`` consolidator and judge: any OpenAI-compatible chat endpoint, asked for JSON.

What to ask and how to read the answer live here: the prompts, the JSON
schemas and the mapping of an answer onto frames and facts. The request
itself (one ``POST {base_url}/chat/completions``, timeouts, retries, the API
key from the environment variable named by ``api_key_env``, redacted from
every message) is :class:`consolidators.chat.ChatClient`, which both share.

The answer is mapped, not trusted. The model writes only a summary per
pipeline frame and facts that cite turn numbers and fact handles; episode
texts, spans and event ids come from the frames, so every turn is covered by
construction. Whatever does not map, or breaks the consolidator contract, is
:class:`MalformedOutput`: retried, then a failure of that session only
(invariant 8).
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC
from typing import Any, NamedTuple

from . import began
from .base import positive_int_option
from .chat import ENV_NAME, ChatClient
from .errors import OPTIONS_KEY, ConsolidatorConfigError, MalformedOutput
from .extractive import CANONICAL_PREDICATES, USER, normalise_predicate
from .framing import Frame, episode_frames, frame_episode
from .passthrough import truncate
from .types import ActiveFact, ConsolidationResult, Context, Fact, Transcript, Turn
from .validation import coerce_result

log = logging.getLogger(__name__)

VERDICTS = ("replace", "coexist", "duplicate")
MAX_PROMPT_FACTS = 100  # active facts listed in one prompt
MIN_TURN_CHARS = 80  # a cut turn keeps at least this much, so it can still be cited
FALLBACK_SUMMARY_CHARS = 500
USER_ALIASES = frozenset({"i", "me", "my", "myself", "we", "us", "our", "user", "the user", "speaker", "the speaker"})
_HANDLE = re.compile(r"F(\d+)", re.I)

_STR, _INT = {"type": "string"}, {"type": "integer"}
_FACT_FIELDS: dict[str, Any] = {
    "subject": _STR,
    "predicate": _STR,
    "object": _STR,
    "confidence": {"type": "number"},
    "turns": {"type": "array", "items": _INT},
    "replaces": {"type": ["string", "null"]},
    "retract": {"type": "boolean"},
}


def _strict(properties: dict[str, Any]) -> dict[str, Any]:
    """An object schema in OpenAI's strict form: every property required, no others."""
    return {"type": "object", "properties": properties, "required": list(properties), "additionalProperties": False}


CONSOLIDATION_SCHEMA = _strict(
    {
        "episodes": {"type": "array", "items": _strict({"frame": _INT, "summary": _STR})},
        "facts": {"type": "array", "items": _strict(_FACT_FIELDS)},
    }
)
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


class LLMConsolidator:
    """Episode summaries per frame and facts per session, from an OpenAI-compatible model.

    Use it where rule-based extraction misses too much and a model endpoint
    is reachable at night. Options are checked here, so a bad deployment
    fails at load time: ``base_url`` (API root) and ``model``, or instead
    ``base_url_env`` / ``model_env`` (the *names* of the variables holding
    them), ``api_key_env`` (the *name* of the variable holding the key),
    ``timeout_seconds`` (per attempt), ``max_retries``, ``backoff_seconds``
    (doubling), ``temperature``, ``max_transcript_chars`` (past it the
    longest turns are cut), ``json_schema`` (false starts at plain ``json_object``)
    and ``max_tokens`` (a cap on the answer; unset sends none). Features the
    server refuses are dropped and remembered (:mod:`consolidators.compat`).
    """

    name = "llm"

    def __init__(
        self,
        *,
        base_url: str | None = None,
        model: str | None = None,
        base_url_env: str | None = None,
        model_env: str | None = None,
        api_key_env: str | None = None,
        timeout_seconds: float = 60.0,
        max_retries: int = 2,
        backoff_seconds: float = 1.0,
        temperature: float = 0.0,
        max_transcript_chars: int = 24000,
        json_schema: bool = True,
        max_tokens: int | None = None,
    ) -> None:
        self.client = configure_client(
            base_url=base_url,
            model=model,
            base_url_env=base_url_env,
            model_env=model_env,
            api_key_env=api_key_env,
            timeout_seconds=timeout_seconds,
            max_retries=max_retries,
            backoff_seconds=backoff_seconds,
            temperature=temperature,
            json_schema=json_schema,
            max_tokens=max_tokens,
        )
        self.max_transcript_chars = positive_int_option("max_transcript_chars", max_transcript_chars)

    def consolidate(self, transcript: Transcript, context: Context) -> ConsolidationResult:
        """Ask the model once (plus retries) about the whole session; map and check its answer."""
        if not transcript.turns:
            return ConsolidationResult()  # nothing to ask about; validation rejects it as usual
        frames = episode_frames(transcript)
        facts = prompt_facts(context.active_facts, transcript)
        prompt = consolidation_prompt(transcript, frames, facts, self.max_transcript_chars)
        messages = [{"role": "system", "content": _CONSOLIDATION_SYSTEM}, {"role": "user", "content": prompt}]
        result = self.client.ask(
            messages,
            "session_consolidation",
            CONSOLIDATION_SCHEMA,
            lambda answer: coerce_result(map_answer(answer, frames, facts), transcript),
        )
        # "I moved to Oslo in 2021": valid from the day the cited turn states, as the extractive consolidator reads it
        return replace(result, facts=tuple(began.dated(result.facts, transcript.turns, context.active_facts)))


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

    def __init__(
        self,
        *,
        base_url: str | None = None,
        model: str | None = None,
        base_url_env: str | None = None,
        model_env: str | None = None,
        api_key_env: str | None = None,
        timeout_seconds: float = 60.0,
        max_retries: int = 2,
        backoff_seconds: float = 1.0,
        temperature: float = 0.0,
        json_schema: bool = True,
        max_tokens: int | None = None,
        config_key: str = OPTIONS_KEY,
    ) -> None:
        self.client = configure_client(
            base_url=base_url,
            model=model,
            base_url_env=base_url_env,
            model_env=model_env,
            api_key_env=api_key_env,
            timeout_seconds=timeout_seconds,
            max_retries=max_retries,
            backoff_seconds=backoff_seconds,
            temperature=temperature,
            json_schema=json_schema,
            max_tokens=max_tokens,
            config_key=config_key,
        )

    def judge(self, new: tuple[str, str, str], old: tuple[str, str, str]) -> str:
        """``"replace"``, ``"coexist"`` or ``"duplicate"``: how ``new`` relates to ``old``."""
        return self.verdict(new, old).verdict

    def verdict(self, new: tuple[str, str, str], old: tuple[str, str, str]) -> JudgeVerdict:
        """Like :meth:`judge`, plus the model's reason, for the signals ``memory_ops`` records."""
        prompt = f"Old fact: {_triple_text(old, 'old')}\nNew fact: {_triple_text(new, 'new')}"
        messages = [{"role": "system", "content": _JUDGE_SYSTEM}, {"role": "user", "content": prompt}]
        return self.client.ask(messages, "fact_verdict", JUDGE_SCHEMA, parse_verdict)


# ---------------------------------------------------------------------------
# options


def configure_client(
    *, base_url: Any, model: Any, base_url_env: Any, model_env: Any, config_key: str = OPTIONS_KEY, **connection: Any
) -> ChatClient:
    """:meth:`ChatClient.configure`, with ``base_url`` and ``model`` each given in the file or
    read from the environment variable its ``*_env`` option names.

    The endpoint belongs to the deployment (compose, k8s), not to a shared
    file. A bad value from the environment is reported under the ``*_env``
    option, with the variable's name, since that is where the operator looks.
    """
    values: dict[str, Any] = {"base_url": base_url, "model": model}
    sources: dict[str, str] = {}
    for option, env_name in (("base_url", base_url_env), ("model", model_env)):
        if env_name is not None:
            sources[option] = _env_name(option, values[option], env_name, config_key)
            values[option] = os.environ[sources[option]].strip()
        elif values[option] is None:
            user = "the 'llm' consolidator" if config_key == OPTIONS_KEY else "the llm judge"
            problem = f"required by {user} (or name an environment variable in {option}_env)"
            raise ConsolidatorConfigError(f"{config_key}.{option}", problem)
    try:
        return ChatClient.configure(**values, config_key=config_key, **connection)
    except ConsolidatorConfigError as exc:
        option = exc.key.rsplit(".", 1)[-1]
        if option not in sources:
            raise
        raise ConsolidatorConfigError(
            f"{config_key}.{option}_env", f"environment variable {sources[option]}: {exc.problem}"
        ) from None


def _env_name(option: str, value: Any, env_name: Any, config_key: str) -> str:
    """The checked variable name in ``<option>_env``; it must be set and non-empty."""
    key = f"{config_key}.{option}_env"
    if value is not None:
        raise ConsolidatorConfigError(key, f"set {option} or {option}_env, not both")
    if not isinstance(env_name, str) or not ENV_NAME.fullmatch(env_name.strip()):
        raise ConsolidatorConfigError(
            key, "expected the NAME of an environment variable (e.g. TIERMEM_LLM_BASE_URL), not the value itself"
        )
    name = env_name.strip()
    if not os.environ.get(name, "").strip():
        raise ConsolidatorConfigError(key, f"environment variable {name} is not set or empty")
    return name


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
        return subject in USER_ALIASES or bool(subject and re.search(rf"(?<!\w){re.escape(subject)}(?!\w)", text))

    return tuple(fact for fact in active if relevant(fact))[:MAX_PROMPT_FACTS]


def consolidation_prompt(
    transcript: Transcript, frames: Sequence[Frame], facts: Sequence[ActiveFact], max_chars: int
) -> str:
    """The user message: numbered turns grouped by frame, then the known facts as ``F1..Fn``.

    Past ``max_chars`` of turn text the longest turns are cut to a common
    length, marked in place and noted: every turn keeps its number and head,
    so the model can still cite it, and the episodes cover it regardless.
    """
    cap = turn_cap([len(turn.content) for frame in frames for turn in frame], max_chars)
    total = sum(len(frame) for frame in frames)
    lines = [
        f"Session {transcript.namespace}/{transcript.session_id}: {total} turns in "
        f"{len(frames)} frame{'' if len(frames) == 1 else 's'}."
    ]
    number = 0
    for index, frame in enumerate(frames, 1):
        lines += ["", f"Frame {index}"]
        for turn in frame:
            number += 1
            lines.append(_turn_line(number, turn, cap))
    if cap is not None:
        log.info(
            "session %s/%s: turns cut to %d characters to fit max_transcript_chars=%d",
            transcript.namespace,
            transcript.session_id,
            cap,
            max_chars,
        )
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
    stamp = turn.ts.astimezone(UTC).strftime("%Y-%m-%dT%H:%MZ")
    return f"[{number}] {turn.role} ({stamp}): " + text.replace("\n", "\n    ")


def _triple_text(triple: Any, name: str) -> str:
    if (
        not isinstance(triple, (tuple, list))
        or len(triple) != 3
        or not all(isinstance(term, str) and term.strip() for term in triple)
    ):
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

    def summary(i: int) -> Callable[[str], str]:
        return lambda text: summaries.get(i) or truncate(text, FALLBACK_SUMMARY_CHARS)

    episodes = tuple(frame_episode(frame, summary(i)) for i, frame in enumerate(frames, 1))
    turns = [turn for frame in frames for turn in frame]
    handles = {f"F{i}": fact.id for i, fact in enumerate(facts, 1)}
    items = _list(data.get("facts", []), "facts")
    return ConsolidationResult(
        episodes=episodes, facts=tuple(_fact(item, f"facts[{i}]", turns, handles) for i, item in enumerate(items))
    )


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
        subject=USER if subject.lower() in USER_ALIASES else subject,
        predicate=predicate,
        # A non-string object is refused by validation, which names its path.
        object=obj.strip() if isinstance(obj, str) else obj,  # type: ignore[arg-type]
        confidence=data.get("confidence", 0.8),
        valid_from=turns[min(cited) - 1].ts,
        event_ids=tuple(turns[n - 1].event_id for n in sorted(cited)),
        retract=data.get("retract", False),
        replaces=_handle(data.get("replaces"), f"{path}.replaces", handles),
    )


def _handle(value: Any, path: str, handles: Mapping[str, str]) -> str | None:
    """The real id behind a handle like ``F2``; an unknown handle is malformed, not ignored."""
    if value is None:
        return None
    match = _HANDLE.fullmatch(value.strip()) if isinstance(value, str) else None
    handle = f"F{int(match.group(1))}" if match else None
    if handle is None or handle not in handles:
        known = f"F1–F{len(handles)}" if handles else "no facts were listed"
        raise MalformedOutput(path, f"no active fact {value!r} ({known})")
    return handles[handle]


def _object(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise MalformedOutput(path, f"expected a JSON object, got {type(value).__name__}")
    return value


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise MalformedOutput(
            path, "missing" if value is None else f"expected a JSON array, got {type(value).__name__}"
        )
    return value


def _string(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise MalformedOutput(path, "missing" if value is None else f"expected a non-empty string, got {value!r}")
    return value.strip()


def _integer(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedOutput(path, f"expected an integer, got {value!r}")
    return value
