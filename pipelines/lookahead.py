"""Preparing the next chunk (its passages' vectors, its consolidator's warm-up) while this chunk swaps.

A chunk's swaps are mostly the database's work (inserting each new row into the
HNSW graph) and leave this process waiting on it; its embedding is this
process's work and leaves the database idle. On 2 cores, run one after the
other, each leaves a core idle. Most of what a chunk embeds is fixed by its
turns alone — one passage per turn, read as said (``passages.turn_passage_texts``)
— so while chunk k is consolidated and swaps, a background thread reads chunk k+1's
sessions and gathers those texts' vectors: from the turns' provisional rows, which embedded
the same words by the same model (``Tiers.with_stored``), and from the model for a turn the
realtime job has not embedded yet; chunk k+1 then embeds only what its consolidator decided
(facts, summaries) and anything the guess missed. A consolidator whose episodes
follow from the turns alone (``ForeseesEpisodes``: the extractive one's summaries) has
those texts embedded ahead too, so the chunk is left with its facts. A consolidator that warms up
(``WarmsUp``: the extractive one parses the chunk's sentences in one batch) is
shown chunk k+1's sessions there too; it must change no result (``WarmsUp``).

Nothing it does can change a result:

- a guess is only a guess: a row takes a vector from it only for a text equal to
  one it embedded, by the same model (``Tiers.embed_new_rows(known=...)``), and a
  text's vector does not depend on its batchmates, so it is the vector the chunk
  would have computed (``test_embedder``: identical alone and in any batch);
- it reads staged turns and writes nothing; chunk k+1 still reads its sessions,
  its consolidators' context and everything else after chunk k's swaps committed
  (a session that grew meanwhile was warmed without its late turn: that turn's
  sentences are parsed when asked for, as without a warm-up);
- a failure ahead (the database, the model) is logged and forgotten: the chunk
  then embeds all its texts itself, as without a lookahead.

The lookahead for chunk k+1 starts as chunk k begins, when chunk k was prepared ahead
(else after chunk k's embedding: the run's first chunk embeds its own passages), and is
taken before chunk k+1's consolidations. The two threads may then use the embedder (thread-safe)
and the consolidator at once: a ``WarmsUp`` consolidator's warm-up only fills caches that
answer as the reading would (the extractive one's parses are serialised by
``nlp_cache.parse_lock``, its readings are pure), as consolidations in their timeout threads
already may. A vector chunk k remembers after k+1's start is still kept (``take``).
"""

from __future__ import annotations

import concurrent.futures as cf
import logging
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from consolidators import Consolidator, ForeseesEpisodes, Turn, WarmsUp
from memory_sink import MemoryStore
from memory_sink.config import ConsolidateConfig
from memory_sink.tiers import KnownVectors

from .passages import read_turns, session_transcript, session_turns, turn_passage_texts
from .rows import episode_embed_text

log = logging.getLogger(__name__)

Sessions = Sequence[tuple[str, str]]


@dataclass(frozen=True)
class Ahead:
    """What the lookahead did for a chunk: its passages' vectors, the sessions its consolidator saw."""

    known: KnownVectors | None = None
    warmed: frozenset[tuple[str, str]] = frozenset()


def warm(consolidator: Consolidator, sessions: Sequence[Sequence[Turn]], *, fewest: int = 2) -> bool:
    """Show a consolidator that warms up (``WarmsUp``) a chunk's sessions; whether it took them.

    ``fewest``: below that many sessions it is not worth a batch (a chunk's lone session is parsed
    as it is consolidated); ahead, one session is (its parsing then overlaps the swap before it).
    Its failure is no session's: each is then consolidated (and fails, if it must) on its own.
    """
    if len(sessions) < fewest or not isinstance(consolidator, WarmsUp):
        return False
    try:
        consolidator.warm(sessions)
    except Exception as exc:
        log.warning(
            "consolidator warm-up for %d sessions failed (%s); consolidating them one by one", len(sessions), exc
        )
        return False
    return True


def foreseen(
    consolidator: Consolidator, settings: ConsolidateConfig, read: Sequence[tuple[tuple[str, str], Sequence[Turn]]]
) -> list[str]:
    """What the episodes of these sessions will embed, if the consolidator foresees them (``ForeseesEpisodes``).

    Its failure is no session's: the chunk then embeds those texts itself.
    """
    if not isinstance(consolidator, ForeseesEpisodes):
        return []
    try:
        return [
            episode_embed_text(found)
            for (namespace, session_id), turns in read
            for found in consolidator.episodes(
                session_transcript(
                    namespace, session_id, read_turns(turns, settings.max_turn_chars)[0], settings.episode
                )
            )
        ]
    except Exception as exc:
        log.warning("foreseeing the next chunk's episodes failed (%s); the chunk embeds them itself", exc)
        return []


def embed_passages(
    store: MemoryStore,
    consolidator: Consolidator,
    read: Sequence[tuple[tuple[str, str], Sequence[Turn]]],
    memo: KnownVectors | None,
) -> KnownVectors | None:
    """The vectors of what these sessions' episodes will embed (their turns' passages, foreseen episodes), in
    one call; ``memo`` unchanged when that fails (the sessions then embed those texts themselves)."""
    texts = [text for _, turns in read for text in turn_passage_texts(turns)]
    texts += foreseen(consolidator, store.config.consolidate, read)
    try:  # a re-consolidation's rows re-produced from the last version keep their stored vectors
        return store.tiers.embed_ahead(texts, store.tiers.with_stored([pair for pair, _ in read], texts, memo))
    except Exception as exc:  # the chunk embeds everything itself, as without a lookahead
        log.warning("embedding %d sessions' passages ahead failed (%s); each embeds its own", len(read), exc)
        return memo


def _prepare(store: MemoryStore, consolidator: Consolidator, sessions: Sessions, memo: KnownVectors | None) -> Ahead:
    read = [(pair, session_turns(store.tiers.read_session(*pair))) for pair in sessions]
    read = [(pair, turns) for pair, turns in read if turns]
    warmed = (
        frozenset(pair for pair, _ in read)
        if warm(
            consolidator, [read_turns(turns, store.config.consolidate.max_turn_chars)[0] for _, turns in read], fewest=1
        )
        else frozenset()
    )
    return Ahead(embed_passages(store, consolidator, read, memo), warmed)


#: The interpreter's switch interval while a lookahead runs (seconds; Python's default is 0.005). The
#: lookahead's reading is pure Python: without this, each of the swap's round trips that ends while it
#: reads waits up to the default 5 ms for the interpreter before the next statement goes out.
SWITCH_SECONDS = 0.0005
_switch_lock = threading.Lock()
_switch_users = 0
_switch_saved = 0.0


def _hand_back_sooner(enter: bool) -> None:
    """Lower the switch interval while any lookahead runs in the process; restore it after the last."""
    global _switch_users, _switch_saved
    with _switch_lock:
        if enter:
            _switch_users += 1
            if _switch_users == 1:
                _switch_saved = sys.getswitchinterval()
                sys.setswitchinterval(min(_switch_saved, SWITCH_SECONDS))
        else:
            _switch_users -= 1
            if _switch_users == 0:
                sys.setswitchinterval(_switch_saved)


#: Texts whose vectors a run keeps (~1.5 kB each at 384 dimensions) for later chunks: a text said
#: again (a restated fact, a stock reply) is embedded once per run, not once per chunk.
MEMO_TEXTS = 8192


class Lookahead:
    """One background thread preparing the next chunk; use as a context manager.

    It also remembers the vectors of the run's recent texts (``MEMO_TEXTS``): every
    chunk's ``Ahead.known`` holds them, and ``remember`` adds what a chunk embedded itself.
    """

    def __init__(self, store: MemoryStore, consolidator: Consolidator) -> None:
        self._store = store
        self._consolidator = consolidator
        self._executor = cf.ThreadPoolExecutor(1, thread_name_prefix="tiermem-lookahead")
        self._pending: cf.Future[Ahead] | None = None
        self._memo: KnownVectors | None = None

    def __enter__(self) -> Lookahead:
        _hand_back_sooner(True)
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self._executor.shutdown(wait=True, cancel_futures=True)
        finally:
            _hand_back_sooner(False)

    def start(self, sessions: Sessions) -> None:
        """Begin preparing ``sessions`` (the next chunk); forgets an untaken start."""
        self.take()
        if sessions:
            memo = self._memo
            self._pending = self._executor.submit(_prepare, self._store, self._consolidator, list(sessions), memo)

    def take(self) -> Ahead:
        """What the last ``start`` prepared, once done, with the run's remembered vectors."""
        pending, self._pending = self._pending, None
        if pending is None:
            return Ahead(self._memo)
        try:
            ahead = pending.result()
        except Exception as exc:  # reading the sessions failed: the chunk does it all itself
            log.warning("preparing the next chunk ahead failed (%s); the chunk prepares itself", exc)
            return Ahead(self._memo)
        if ahead.known is not None:  # started before the last chunk's ``remember``: keep what that added too
            memo = self._memo if self._memo is not None and self._memo.fingerprint == ahead.known.fingerprint else None
            self._memo = (memo or ahead.known).adding(ahead.known.vectors.items(), keep=MEMO_TEXTS)
        return Ahead(self._memo, ahead.warmed)

    def remember(self, texts: Sequence[str], vectors: Any) -> None:
        """Keep the vectors a chunk embedded itself (by the store's model) for the chunks after it."""
        fingerprint = self._store.tiers.embedder.fingerprint
        memo = self._memo if self._memo is not None and self._memo.fingerprint == fingerprint else None
        self._memo = (memo or KnownVectors(fingerprint, {})).adding(zip(texts, vectors), keep=MEMO_TEXTS)
