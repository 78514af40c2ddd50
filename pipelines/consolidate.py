"""The consolidate tier: re-read whole sessions, consolidate, swap tiers atomically.

A plain function, testable without Dagster. Each session is independent: a
consolidator that raises or returns malformed output fails that session only
(invariant 8) — the error is recorded, its provisional rows stay, and it is
retried with backoff on a later run.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

from consolidators import (
    ActiveFact,
    ConsolidationResult,
    Consolidator,
    ConsolidatorConfigError,
    ConsolidatorError,
    Context,
    Transcript,
    check_judge_options,
    check_options,
    load_consolidator,
    load_llm_judge,
    run_consolidator,
)
from memory_sink import MemoryStore
from memory_sink.config import Config
from memory_sink.errors import ConfigError, ModelMismatchError
from memory_sink.supersession import Candidate, FactView, Judge, Policy, rules_judge
from memory_sink.tiers import KnownVectors
from memory_sink.types import Memory, NewMemory, SessionEvents
from memory_sink.vocab import Kind, Outcome

from .lookahead import MEMO_TEXTS, Ahead, Lookahead, embed_passages, warm
from .passages import read_turns, session_transcript, session_turns
from .rows import to_new_memories
from .shards import ChunkQueue, Shard

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


def _context(facts: Sequence[Memory]) -> Context:
    return Context(
        active_facts=tuple(
            ActiveFact(
                id=f.id,
                subject=f.subject or "",
                predicate=f.predicate or "",
                object=f.object or "",
                valid_from=f.valid_from,
                metadata=f.metadata,
            )
            for f in facts
        )
    )


class SessionTimeout(TimeoutError):
    """One session's consolidator call ran past ``consolidate.timeout_seconds``.

    Not ``consolidators.ConsolidatorTimeout`` (an endpoint that did not answer,
    raised inside the consolidator): this is the pipeline giving up waiting on
    any consolidator, whatever it does.
    """


def call_with_timeout(
    consolidator: Consolidator, transcript: Transcript, context: Context, timeout: float
) -> ConsolidationResult:
    """Run the consolidator in a worker thread and stop waiting after ``timeout``.

    Python cannot kill a thread: a consolidator that hangs keeps its (daemon)
    thread, but the run moves on and the session is recorded as failed
    (invariant 8). Built-in network consolidators also time out by themselves.
    """
    box: dict[str, Any] = {}

    def work() -> None:
        try:
            box["result"] = run_consolidator(consolidator, transcript, context)
        except BaseException as exc:  # re-raised in the caller's thread
            box["error"] = exc

    worker = threading.Thread(target=work, name=f"consolidate-{transcript.session_id}", daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        raise SessionTimeout(f"consolidator {getattr(consolidator, 'name', '?')} took longer than {timeout:g} s")
    if "error" in box:
        raise box["error"]
    result: ConsolidationResult = box["result"]
    return result


# Sessions whose new rows are embedded in one call. A text's vector does not
# depend on its batchmates, so this changes no vector; it runs the model on
# length-sorted batches instead of ~5 texts at a time (measured: 28 -> 12 ms of
# embedding per 20-turn session). The consolidator of each session still runs
# alone, and reads its context (active facts) after the sessions of its namespace
# before it swapped: a run's chunks hold one session per namespace (``ChunkQueue``),
# and a chunk given more runs them in waves (``_waves``).
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


SessionOutcome = tuple[Outcome, int, int, "str | None"]


@dataclass
class _Prepared:
    """A session read and consolidated, waiting for its vectors and its swap."""

    events: SessionEvents
    rows: list[NewMemory]


def _failed(store: MemoryStore, namespace: str, session_id: str, exc: Exception) -> SessionOutcome:
    """Invariant 8: any failure is this session's alone; record it for a retry."""
    error = f"{type(exc).__name__}: {exc}"
    attempts = store.tiers.record_failure(namespace, session_id, error)
    log.warning("session %s/%s failed (attempt %d): %s", namespace, session_id, attempts, error)
    return Outcome.FAILED, 0, 0, error


def _read(store: MemoryStore, namespace: str, session_id: str) -> SessionEvents | SessionOutcome:
    events = store.tiers.read_session(namespace, session_id)
    return events if events.turns else (Outcome.SKIPPED, 0, 0, None)


def _contexts(store: MemoryStore, sessions: Sequence[SessionEvents]) -> dict[tuple[str, str], Context | Exception]:
    """Each session's context: the active facts about the subjects it involves, without its own.

    A session consolidated before reads memory as it stood without it (``MemoryStore.tiers.context_facts``):
    re-read against its own facts, a switch it tells ("moved from VS Code to Neovim") finds nothing new.

    One query per namespace for the whole chunk (no swap happens within a chunk);
    a failed query fails that namespace's sessions, each recorded (invariant 8).
    """
    by_namespace: dict[str, list[SessionEvents]] = {}
    for events in sessions:
        by_namespace.setdefault(events.namespace, []).append(events)
    contexts: dict[tuple[str, str], Context | Exception] = {}
    for namespace, group in by_namespace.items():
        texts = ["\n".join(t.content for t in events.turns) for events in group]
        try:
            sids = [events.session_id for events in group]
            found: list[Context | Exception] = [
                _context(f) for f in store.tiers.context_facts(namespace, texts, session_ids=sids)
            ]
        except Exception as exc:
            found = [exc] * len(group)
        contexts.update(((namespace, events.session_id), c) for events, c in zip(group, found))
    return contexts


def _prepare(
    store: MemoryStore,
    consolidator: Consolidator,
    events: SessionEvents,
    context: Context | Exception,
    read_in_part: list[dict[str, Any]] | None = None,
) -> _Prepared | SessionOutcome:
    try:
        if isinstance(context, Exception):
            raise context
        settings = store.config.consolidate
        turns, cut = read_turns(session_turns(events), settings.max_turn_chars)
        for part in cut:  # said before the call, whose time it bounds; the CLI and Dagster report them after it
            log.info(
                "session %s/%s: turn %s has %d characters; the consolidator reads its first %d "
                "(consolidate.max_turn_chars); the turn and its passage keep them all",
                events.namespace,
                events.session_id,
                part.event_id,
                part.chars,
                part.read_chars,
            )
        transcript = session_transcript(events.namespace, events.session_id, turns, settings.episode)
        result = call_with_timeout(consolidator, transcript, context, settings.timeout_seconds)
        if read_in_part is not None:
            read_in_part.extend(
                {"namespace": events.namespace, "session_id": events.session_id, **p.to_dict()} for p in cut
            )
        return _Prepared(events, to_new_memories(result, events, cut))
    except Exception as exc:  # invariant 8
        return _failed(store, events.namespace, events.session_id, exc)


def _finish(
    store: MemoryStore,
    consolidator: Consolidator,
    prep: _Prepared,
    vectors: Any,
    *,
    require_pending: bool,
    judge: tuple[Judge, str],
) -> SessionOutcome:
    events, rows = prep.events, prep.rows
    try:
        swapped = store.tiers.swap_session(
            events,
            rows,
            require_pending=require_pending,
            vectors=vectors,
            judge=judge[0],
            judge_name=judge[1],
            signals={"consolidator": getattr(consolidator, "name", "?")},
        )
    except ModelMismatchError:
        # Invariant 9, not 8: a reembed elsewhere changed the table's model mid-run.
        # No session is at fault; charging each one would back off (then park) them all.
        raise
    except Exception as exc:  # invariant 8
        return _failed(store, events.namespace, events.session_id, exc)
    if not swapped.swapped:
        return Outcome.SKIPPED, 0, 0, None
    n_eps = sum(1 for r in rows if r.kind == Kind.EPISODE)
    n_facts = sum(1 for r in rows if r.kind == Kind.FACT and not r.retract)
    return Outcome.CONSOLIDATED, n_eps, n_facts, None


def consolidate_session(
    store: MemoryStore,
    consolidator: Consolidator,
    namespace: str,
    session_id: str,
    *,
    require_pending: bool = True,
    judge: tuple[Judge, str] = (rules_judge, "rules"),
) -> SessionOutcome:
    """Consolidate one session; returns (outcome, episodes, facts, error)."""
    return consolidate_chunk(
        store, consolidator, [(namespace, session_id)], require_pending=require_pending, judge=judge
    )[0]


def consolidate_chunk(
    store: MemoryStore,
    consolidator: Consolidator,
    sessions: Sequence[tuple[str, str]],
    *,
    require_pending: bool = True,
    judge: tuple[Judge, str] = (rules_judge, "rules"),
    lookahead: Lookahead | None = None,
    then: Sequence[tuple[str, str]] = (),
    read_in_part: list[dict[str, Any]] | None = None,
) -> list[SessionOutcome]:
    """Consolidate sessions one by one, embedding all their new rows in one call; outcomes in order.

    With a ``lookahead``: what it prepared for these sessions (their passages'
    vectors, the consolidator's warm-up) is used, and it starts on ``then`` (the
    next chunk) while this chunk is consolidated, embedded and swapped; after
    that, for a chunk nothing was prepared for (see ``pipelines.lookahead``).
    ``read_in_part`` collects the turns the consolidator read only the start of.
    """
    ahead = lookahead.take() if lookahead is not None else Ahead()
    # A chunk prepared ahead leaves its thread little but the facts to embed: the next chunk's reading and passages
    # then overlap all of this chunk's work, not only its swaps. A chunk that embeds its own passages (the run's
    # first) does so before the next one starts, so a text both say is embedded once.
    early = lookahead is not None and ahead.known is not None
    if lookahead is not None and early:
        lookahead.start(then)
    reads = [_read(store, ns, sid) for ns, sid in sessions]
    read = [r for r in reads if isinstance(r, SessionEvents)]
    if not {(r.namespace, r.session_id) for r in read} <= ahead.warmed:
        limit = store.config.consolidate.max_turn_chars
        warm(consolidator, [read_turns(session_turns(r), limit)[0] for r in read])
    waves, known = _waves(read), ahead.known
    if len(waves) > 1:  # the passages don't wait on the facts: all of them in one call, not one per wave
        known = embed_passages(
            store, consolidator, [((r.namespace, r.session_id), session_turns(r)) for r in read], known
        )
    done: dict[tuple[str, str], SessionOutcome] = {}
    for i, wave in enumerate(waves):
        contexts = _contexts(store, wave)
        preps = [_prepare(store, consolidator, r, contexts[(r.namespace, r.session_id)], read_in_part) for r in wave]
        ready = [p for p in preps if isinstance(p, _Prepared)]
        vectors = _chunk_vectors(store, ready, known)
        texts, found = _embedded(ready, vectors)
        if lookahead is not None:
            lookahead.remember(texts, found)
            if not early and i == len(waves) - 1:
                lookahead.start(then)
        if i < len(waves) - 1:  # a fact the next wave says again is not embedded again
            known = (known or KnownVectors(store.tiers.embedder.fingerprint, {})).adding(
                zip(texts, found), keep=MEMO_TEXTS
            )
        given = iter(vectors)
        for r, p in zip(wave, preps):
            done[(r.namespace, r.session_id)] = (
                _finish(store, consolidator, p, next(given), require_pending=require_pending, judge=judge)
                if isinstance(p, _Prepared)
                else p
            )
    if lookahead is not None and not early and not waves:
        lookahead.start(then)
    return [done[(r.namespace, r.session_id)] if isinstance(r, SessionEvents) else r for r in reads]


def _waves(read: Sequence[SessionEvents]) -> list[list[SessionEvents]]:
    """The chunk's sessions in waves that each hold at most one session of a namespace, in the chunk's order.

    A session's consolidator reads memory as the sessions before it left it (a switch back, "back on Emacs",
    needs the switch before it): a namespace's next session is read after the last one swapped, as it would be a
    night later. Sessions of different namespaces share nothing, so they share a wave (and its embedding call).
    """
    waves: list[list[SessionEvents]] = []
    seen: dict[str, int] = {}
    for events in read:
        n = seen[events.namespace] = seen.get(events.namespace, -1) + 1
        if n == len(waves):
            waves.append([])
        waves[n].append(events)
    return waves


def _embedded(ready: Sequence[_Prepared], vectors: Sequence[Any]) -> tuple[list[str], list[Any]]:
    """The texts the chunk embedded and their vectors (none for a session left to embed its own)."""
    texts, found = [], []
    for prep, vecs in zip(ready, vectors):
        if vecs is not None:
            texts += [r.embed_text for r in prep.rows if not r.retract]
            found += list(vecs)
    return texts, found


def _chunk_vectors(store: MemoryStore, ready: Sequence[_Prepared], known: KnownVectors | None) -> list[Any]:
    """Each session's vectors from one call for the chunk; None for a session to embed its own."""
    vectors: list[Any] = [None] * len(ready)
    sessions = [(p.events.namespace, p.events.session_id) for p in ready]
    try:  # the rows a re-consolidation re-produces keep the vectors they have
        known = store.tiers.with_stored(sessions, [r.embed_text for p in ready for r in p.rows if not r.retract], known)
    except Exception as exc:  # the chunk embeds them again, as it always did
        log.warning("reading %d sessions' stored vectors failed (%s); embedding their rows", len(ready), exc)
    if len(ready) > 1 or (ready and known is not None):
        try:
            every = store.tiers.embed_new_rows([r for p in ready for r in p.rows], known=known)
        except Exception as exc:  # let each session embed (and fail) on its own
            log.warning("embedding %d sessions together failed (%s); embedding them one by one", len(ready), exc)
        else:
            start = 0
            for i, p in enumerate(ready):
                count = sum(1 for r in p.rows if not r.retract)
                vectors[i], start = every[start : start + count], start + count
    return vectors


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
) -> ConsolidateReport:
    """One pass: consolidate every eligible session (or exactly ``sessions``, re-consolidating them).

    ``shard``: only the sessions of that shard (see ``Shard``; run one worker per shard).
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
