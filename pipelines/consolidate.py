"""The consolidate tier: re-read whole sessions, consolidate, swap tiers atomically.

A plain function, testable without Dagster. This module plans a run (which sessions,
in chunks of what size, with which consolidator and judge) and reports it; each chunk's
work is ``pipelines.chunks``. Each session is independent: a consolidator that raises
or returns malformed output fails that session only (invariant 8) — the error is
recorded, its provisional rows stay, and it is retried with backoff on a later run.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

from consolidators import (
    Consolidator,
    ConsolidatorConfigError,
    ConsolidatorError,
    check_judge_options,
    check_options,
    load_consolidator,
    load_llm_judge,
)
from memory_sink import MemoryStore
from memory_sink.config import Config
from memory_sink.errors import ConfigError
from memory_sink.supersession import Candidate, FactView, Judge, Policy, rules_judge
from memory_sink.vocab import Outcome

from .chunks import SessionOutcome, SessionTimeout, call_with_timeout, consolidate_chunk, consolidate_session
from .lookahead import Lookahead
from .shards import ChunkQueue, Shard

# A chunk's work lives in ``pipelines.chunks``; its public names are importable from here, as callers import them.
__all__ = [
    "ConsolidateReport",
    "SessionOutcome",
    "SessionTimeout",
    "build_consolidator",
    "build_judge",
    "call_with_timeout",
    "consolidate_chunk",
    "consolidate_session",
    "consolidator_of",
    "progress_chunk",
    "run_consolidate",
]

log = logging.getLogger(__name__)


@dataclass
class ConsolidateReport:
    sessions_consolidated: int = 0
    sessions_failed: int = 0
    sessions_skipped: int = 0
    episodes: int = 0
    facts: int = 0
    seconds: float = 0.0
    failures: list[dict[str, str]] = field(default_factory=list)
    # Turns longer than consolidate.max_turn_chars: the consolidator read only their start.
    read_in_part: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "seconds": round(self.seconds, 3)}


def build_consolidator(config: Config) -> Consolidator:
    """The consolidator the deployment names; a bad kind or option is a ``ConfigError`` after the file's name."""
    spec = config.consolidate.consolidator
    with _named_by(config):
        return consolidator_of(spec.kind, spec.options)


def check_consolidator(config: Config) -> None:
    """What ``build_consolidator`` and ``build_judge`` refuse that needs neither the environment nor
    imported code (``check_options``), for a command that only reports (``status``); the same ``ConfigError``."""
    spec, judge = config.consolidate.consolidator, config.supersession
    with _named_by(config):
        try:
            check_options(spec.kind, spec.options)
            if judge.judge != "rules":
                check_judge_options(judge.judge_options, config_key="supersession.judge_options")
        except ConsolidatorConfigError as exc:
            raise ConfigError(str(exc)) from None


@contextmanager
def _named_by(config: Config) -> Iterator[None]:
    try:
        yield
    except ConfigError as exc:
        raise ConfigError(f"{config.source}: {exc}" if config.source else str(exc)) from None


def consolidator_of(kind: str, options: Mapping[str, Any]) -> Consolidator:
    """The consolidator ``kind`` with ``options`` (a deployment's, or a Dagster run's override).

    A bad kind or option is a ``ConfigError`` naming the key.
    """
    try:
        return load_consolidator(kind, options)
    except ConsolidatorConfigError as exc:
        raise ConfigError(str(exc)) from None


def build_judge(config: Config) -> tuple[Judge, str]:
    """The supersession judge the deployment names: the rules, or an LLM for gray areas.

    An LLM judge that fails (timeout, bad answer) keeps both facts: nothing is
    retired on a guess. Its failure is recorded in the decision's reason.
    """
    spec = config.supersession
    if spec.judge == "rules":
        return rules_judge, "rules"
    try:
        llm = load_llm_judge(spec.judge_options, config_key="supersession.judge_options")
    except ConsolidatorConfigError as exc:
        raise ConfigError(f"{config.source}: {exc}" if config.source else str(exc)) from None

    def judge(new: FactView, cand: Candidate, policy: Policy) -> tuple[str, str]:
        try:
            verdict, reason = llm.verdict(
                (new.subject, new.predicate, new.object), (cand.fact.subject, cand.fact.predicate, cand.fact.object)
            )
        except ConsolidatorError as exc:
            return "coexist", f"llm judge failed, kept both: {exc}"
        return verdict, reason

    return judge, "llm"


# Sessions whose new rows are embedded in one call. A text's vector does not
# depend on its batchmates, so this changes no vector; it runs the model on
# length-sorted batches instead of ~5 texts at a time (measured: 28 -> 12 ms of
# embedding per 20-turn session). The consolidator of each session still runs
# alone, and reads its context (active facts) after the sessions of its namespace
# before it swapped: a run's chunks hold one session per namespace (``ChunkQueue``),
# and a chunk given more runs them in waves (``pipelines.chunks``).
EMBED_CHUNK = 32
# A chunk reports its sessions (``on_session``) when it ends, so with a listener
# it is sized to end about this often: a slow consolidator (an LLM, seconds per
# session) gets chunks of one and progress per session; a fast one EMBED_CHUNK.
PROGRESS_SECONDS = 2.0


def progress_chunk(seconds_per_session: float) -> int:
    """How many sessions the next chunk takes, given the pace of the last one."""
    if seconds_per_session <= 0:
        return EMBED_CHUNK
    return max(1, min(EMBED_CHUNK, int(PROGRESS_SECONDS / seconds_per_session)))


def run_consolidate(
    store: MemoryStore | None = None,
    *,
    config: Any = None,
    session: str | None = None,
    namespace: str | None = None,
    min_quiet_seconds: int | None = None,
    consolidator: Consolidator | None = None,
    sessions: Sequence[tuple[str, str]] | None = None,
    on_session: Callable[[str, str, str], None] | None = None,
    shard: Shard | None = None,
    on_total: Callable[[int], None] | None = None,
) -> ConsolidateReport:
    """One pass: consolidate every eligible session (or exactly ``sessions``, re-consolidating them).

    ``shard``: only the sessions of that shard (see ``Shard``; run one worker per shard).
    ``on_total``: told how many sessions the pass will take, once they are chosen; ``on_session`` hears of each.
    """
    own = store is None
    store = store or MemoryStore.open(config)
    report = ConsolidateReport()
    started = time.perf_counter()
    try:
        consolidator = consolidator or build_consolidator(store.config)
        judge = build_judge(store.config)
        explicit = sessions is not None
        if sessions is None:
            quiet = store.config.consolidate.min_quiet_seconds if min_quiet_seconds is None else min_quiet_seconds
            sessions = store.tiers.eligible_sessions(namespace=namespace, session_id=session, min_quiet_seconds=quiet)
        sessions = [pair for pair in sessions if shard is None or shard.owns(*pair)]
        if on_total is not None:
            on_total(len(sessions))
        if sessions:  # invariant 9: a model mismatch fails the run, not each session after its LLM call
            store.tiers.check_embedder()
        # Watched (on_session), the first session runs alone to measure the pace; see progress_chunk.
        size, queue = 1 if on_session is not None else EMBED_CHUNK, ChunkQueue(sessions)
        with Lookahead(store, consolidator) as lookahead:
            while queue:
                chunk, began = queue.take(size), time.perf_counter()
                # the next chunk's size is a guess when paced (progress_chunk): a wrong one costs a miss
                outcomes = consolidate_chunk(
                    store,
                    consolidator,
                    chunk,
                    require_pending=not explicit,
                    judge=judge,
                    lookahead=lookahead,
                    then=queue.peek(size),
                    read_in_part=report.read_in_part,
                )
                if on_session is not None:
                    size = progress_chunk((time.perf_counter() - began) / len(chunk))
                _record(report, chunk, outcomes, on_session)
    finally:
        report.seconds = time.perf_counter() - started
        if own:
            store.close()
    log.info(
        "consolidate: %d consolidated, %d failed, %d skipped (%.2fs)",
        report.sessions_consolidated,
        report.sessions_failed,
        report.sessions_skipped,
        report.seconds,
    )
    return report


def _record(
    report: ConsolidateReport,
    chunk: Sequence[tuple[str, str]],
    outcomes: Sequence[SessionOutcome],
    on_session: Callable[[str, str, str], None] | None,
) -> None:
    for (ns, sid), (outcome, n_eps, n_facts, error) in zip(chunk, outcomes):
        _tally(report, outcome, n_eps, n_facts)
        if error is not None:
            report.failures.append({"namespace": ns, "session_id": sid, "error": error})
        if on_session is not None:
            on_session(ns, sid, outcome)


def _tally(report: ConsolidateReport, outcome: Outcome, episodes: int, facts: int) -> None:
    if outcome == Outcome.CONSOLIDATED:
        report.sessions_consolidated += 1
        report.episodes += episodes
        report.facts += facts
    elif outcome == Outcome.FAILED:
        report.sessions_failed += 1
    else:
        report.sessions_skipped += 1
