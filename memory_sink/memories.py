"""The ``memory`` table: both tiers, the tier swap's writes, history and facts.

All SQL touching ``memory`` lives here or, for recall, in ``memory_sink.recall``
and, for the supersession engine's reads of a new fact's candidates, in
``memory_sink.candidates``,
each statement beside the invariant it upholds. Values always travel as
parameters (invariant 10).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

import numpy as np
import psycopg
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb

from consolidators.forms import INITIALS_SKIP, adjective_stems

from .supersession import predicate_forms
from .types import MEMORY_COLUMNS, ClaimedTurn, Memory, NewMemory
from .vocab import Kind, Tier

COLS = ", ".join(MEMORY_COLUMNS)
M_COLS = ", ".join(f"m.{c}" for c in MEMORY_COLUMNS)
KINDS = tuple(Kind)

# Invariant 2: provisional rows are written in the same transaction that claimed
# and marks their events; the unique index on event_ids[1] refuses a duplicate.
COPY_PROVISIONAL = """
COPY memory (namespace, session_id, tier, kind, content, embedding, event_ids,
             valid_from, embed_model, metadata)
FROM STDIN WITH (FORMAT BINARY)
"""
COPY_TYPES = ["text", "text", "text", "text", "text", "vector", "text[]", "timestamptz", "text", "jsonb"]

# Invariant 4 + 6: the session's previous consolidated version is retired, never deleted.
# With what an episode's and a passage's rows say besides their content (what the vector
# and the lexical branch read): one re-produced identically keeps its row (``swap.unchanged_episodes``).
ACTIVE_SESSION_CONSOLIDATED = """
SELECT id, kind, subject, predicate, object, event_ids, pinned, content, valid_from, confidence, metadata,
       false AS retired, coalesce(embed_text, content) AS embed_text, search_terms, context_terms
FROM memory
WHERE namespace = %s AND session_id = %s AND tier = 'consolidated' AND superseded_at IS NULL
FOR UPDATE
"""

# The session's facts that something other than a tier swap retired (a replacement,
# a retraction, a restatement): re-extracted unchanged, each stays the one version
# of its fact, retired as it was (invariants 6 and 7). The memory_session_facts
# index finds the session's facts; the memory_ops GIN index each one's swap.
RETIRED_SESSION_FACTS = """
SELECT m.id, m.kind, m.subject, m.predicate, m.object, m.event_ids, m.pinned, m.content, m.valid_from,
       m.confidence, m.metadata, true AS retired
FROM memory m
WHERE m.namespace = %(ns)s AND m.session_id = %(sid)s AND m.kind = 'fact' AND m.superseded_at IS NOT NULL
  AND NOT EXISTS (
      SELECT 1 FROM memory_ops o
      WHERE o.namespace = m.namespace AND o.op = 'tier_swap' AND o.memory_ids @> ARRAY[m.id]
        AND o.reverse->'superseded' @> jsonb_build_array(jsonb_build_array(m.id::text)))
"""

# Of the facts a consolidator named (``replaces``), those still active. Rows named
# by id are read by primary key alone and filtered once read (a MATERIALIZED CTE):
# a WHERE that also said ``superseded_at IS NULL`` (or ``kind = 'fact'``) made the
# namespace's partial indexes eligible, and before a table's first ANALYZE those
# look nearly empty to the planner, which then read the whole namespace through
# one of them (benchmarks/swap_lookups.py: 146-163 ms at 100k facts, vs 0.05).
ACTIVE_AMONG = """
WITH named AS MATERIALIZED (SELECT id, namespace, superseded_at FROM memory WHERE id = ANY(%(ids)b::uuid[]))
SELECT id::text FROM named WHERE namespace = %(ns)s AND superseded_at IS NULL
"""

SUPERSEDE_MANY = """
UPDATE memory m SET superseded_at = %s, superseded_by = u.successor
FROM unnest(%b::uuid[], %b::uuid[]) AS u(id, successor)
WHERE m.id = u.id AND m.superseded_at IS NULL
"""

# The vectors a session's active consolidated rows hold, by the text each embeds, where this
# model made them: a re-consolidation that re-produces a row (a backfill of an unchanged day) takes
# its vector from here instead of the model (the memory_active_session index finds the rows).
# A session's provisional rows count too: a turn's passage reads the turn's own words, which its
# provisional row embedded already (by the same model, and a text's vector does not depend on its
# batchmates), so a night's first consolidation need not embed its turns a second time.
STORED_VECTORS = """
SELECT coalesce(embed_text, content), embedding
FROM memory
WHERE namespace = %(ns)s AND session_id = ANY(%(sids)b)
  AND (tier = 'provisional' OR (tier = 'consolidated' AND superseded_at IS NULL))
  AND embed_model = %(model)s AND coalesce(embed_text, content) = ANY(%(texts)b)
"""

# A session's rows go in as one statement whatever their number: each statement sent in the swap's
# pipeline is a wait on the socket for the sending thread, and a wait ends only when that thread gets
# the GIL back, which a busy lookahead thread holds for up to the switch interval (5 ms) at a time.
# One array per column, not one VALUES row per memory: the statement's text never changes, so psycopg
# converts it once and the server plans it once per connection (a VALUES list of each session's length
# was parsed anew on both sides every time), and the arrays travel in binary (``%b``: psycopg writes a
# text-format array element by element in Python, several times slower). ``unnest`` returns the
# arrays' elements in order, so the rows are inserted in the order given. A row's turns are its slice
# ``first:last`` of one flat array (an array of arrays must be rectangular; an empty slice is '{}').
INSERT_CONSOLIDATED = """
INSERT INTO memory (id, namespace, session_id, tier, kind, content, embedding, subject, predicate,
                    object, confidence, event_ids, valid_from, recorded_at, embed_model, metadata,
                    embed_text, search_terms, context_terms)
SELECT r.id, %(ns)s, %(sid)s, 'consolidated', r.kind, r.content, r.embedding, r.subject, r.predicate,
       r.object, r.confidence, (%(events)b::text[])[r.first:r.last], r.valid_from, %(at)s, %(model)s, r.metadata,
       r.embed_text, r.search_terms, r.context_terms
FROM unnest(%(ids)b::uuid[], %(kinds)b::text[], %(contents)b::text[], %(vectors)b::vector[], %(subjects)b::text[],
            %(predicates)b::text[], %(objects)b::text[], %(confidences)b::real[], %(firsts)b::int4[],
            %(lasts)b::int4[], %(valid_froms)b::timestamptz[], %(metadata)b::jsonb[], %(embed_texts)b::text[],
            %(search_terms)b::text[], %(context_terms)b::text[])
     AS r(id, kind, content, embedding, subject, predicate, object, confidence, first, last, valid_from, metadata,
          embed_text, search_terms, context_terms)
"""

# Invariant 5: once a turn is covered by consolidated rows its provisional row goes,
# in the same transaction, so a reader never sees the turn twice. The rows are found
# through memory_provisional_event (one probe per turn), then kept only in the
# namespace: written as one WHERE, the planner took the namespace's provisional
# index whenever its statistics lagged a day's ingest (a nightly run's usual state)
# and read every provisional row of the namespace per session (2 vs 0.5 ms at 6,000).
DELETE_PROVISIONAL = """
WITH covered AS MATERIALIZED (
    SELECT id, namespace FROM memory WHERE tier = 'provisional' AND event_ids[1] = ANY(%(events)b)
)
DELETE FROM memory m USING covered c WHERE m.id = c.id AND c.namespace = %(ns)s
RETURNING m.id::text, m.event_ids[1]
"""

GET_MEMORY = f"SELECT {COLS} FROM memory WHERE namespace = %s AND id = %s"

# Invariant 6: history walks the chain both ways from any node.
HISTORY = f"""
WITH RECURSIVE back(id) AS (
    SELECT id FROM memory WHERE id = %(id)s AND namespace = %(ns)s
    UNION SELECT m.id FROM memory m JOIN back b ON m.superseded_by = b.id
), fwd(id) AS (
    SELECT id FROM memory WHERE id = %(id)s AND namespace = %(ns)s
    UNION SELECT m.superseded_by FROM memory m JOIN fwd f ON m.id = f.id
    WHERE m.superseded_by IS NOT NULL
)
SELECT {COLS} FROM memory
WHERE namespace = %(ns)s AND id IN (SELECT id FROM back UNION SELECT id FROM fwd)
ORDER BY valid_from, recorded_at, id  -- world time first: a late-arriving older fact comes first
"""

FACTS = f"""
SELECT {COLS} FROM memory
WHERE namespace = %(ns)s AND kind = 'fact'
  AND (%(all)s OR superseded_at IS NULL)
  AND (%(subject)s::text IS NULL OR lower(subject) = lower(%(subject)s))
  AND (%(predicate)s::text IS NULL OR lower(predicate) = ANY(%(predicates)s))
ORDER BY subject, predicate, recorded_at, id
"""

PIN_MANY = "UPDATE memory SET pinned = true WHERE id = ANY(%b::uuid[])"

FACTS_AS_OF = f"""
SELECT {COLS} FROM memory
WHERE namespace = %(ns)s AND kind = 'fact' AND recorded_at <= %(as_of)s
  AND (%(all)s OR superseded_at IS NULL OR superseded_at > %(as_of)s)
  AND (%(subject)s::text IS NULL OR lower(subject) = lower(%(subject)s))
  AND (%(predicate)s::text IS NULL OR lower(predicate) = ANY(%(predicates)s))
ORDER BY subject, predicate, recorded_at, id
"""

# What each vector read: the text kept for it (a passage with its context, an
# episode's summary), else the content; an episode written before 0007 kept none.
REEMBED_SOURCE = """
SELECT id, coalesce(embed_text, CASE WHEN kind = 'episode' THEN nullif(metadata->>'summary', '') END, content) AS text
FROM memory ORDER BY id
"""
REEMBED_UPDATE = "UPDATE memory SET embedding = %s, embed_model = %s WHERE id = %s"
# Only read when the caller reports progress: the rows REEMBED_SOURCE will hand out.
REEMBED_COUNT = "SELECT count(*) FROM memory"

# A consolidator's context (it must see what is currently believed about the subjects
# its session involves, to say what a new fact replaces): active facts about the user or about a subject named in
# the text — one of its runs of words (``grams``, from ``contexts.text_grams``
# over a chunk's transcripts, read once per chunk), compared as
# ``contexts.name_key`` writes names (NAME below) through a hashed lookup.
# The distinct subjects come from a loose scan of the partial
# memory_active_fact_key index (one probe per subject, not per fact) and, as one
# array, select the facts through the same index (as a join, the planner guessed
# dozens of subjects and scanned every fact: 119 vs ~10 ms at 50k); the pool is
# ordered so a fact whose object the text names, then a single-valued one (the
# kind a new statement replaces), then the newest, survive the cap.
# A subject is also involved when its first word (a company: "Halvard" for Halvard Motors) or its last (a
# person: "Brandt" for Anneliese Brandt) is a one-word name the text says (``names``, from
# ``contexts.text_names``): texts name someone in full once, then by the short name alone, and the
# consolidator can only read the short name as the full one if memory offers it (``consolidators.coreference``);
# so is one whose first word a name's ``stems`` begins, give or take two letters (``forms.extends``): an
# adjective no table lists names its country ("the Norlandic capital": Norland); and so is one whose initials
# (``forms.initials``) a one-word name is: news names an organisation in full once, then by its acronym ("HMG").
NAME = "btrim(replace(translate(lower({}), %(punct)s, %(spaces)s), '  ', ' '))"
CONTEXT_FACTS = f"""
WITH RECURSIVE subjects(s) AS (
    (SELECT lower(subject) FROM memory
     WHERE namespace = %(ns)s AND kind = 'fact' AND superseded_at IS NULL
     ORDER BY lower(subject) LIMIT 1)
    UNION ALL
    SELECT (SELECT lower(subject) FROM memory
            WHERE namespace = %(ns)s AND kind = 'fact' AND superseded_at IS NULL AND lower(subject) > s
            ORDER BY lower(subject) LIMIT 1)
    FROM subjects WHERE s IS NOT NULL
)
SELECT {COLS} FROM memory
WHERE namespace = %(ns)s AND kind = 'fact' AND superseded_at IS NULL
  AND session_id IS DISTINCT FROM %(own)s
  AND lower(subject) = ANY(ARRAY(
      SELECT s FROM subjects
      WHERE s = 'user' OR {NAME.format("s")} = ANY(%(grams)b)
         OR split_part({NAME.format("s")}, ' ', 1) = ANY(%(names)b)
         OR regexp_replace({NAME.format("s")}, '^.* ', '') = ANY(%(names)b)
         OR (SELECT string_agg(left(w, 1), '' ORDER BY n) FROM regexp_split_to_table({NAME.format("s")}, ' ')
             WITH ORDINALITY AS t(w, n) WHERE w <> ALL(%(skip)b) HAVING count(*) >= 2) = ANY(%(names)b)
         OR EXISTS (SELECT 1 FROM unnest(%(stems)b::text[]) t
                    WHERE starts_with(split_part({NAME.format("s")}, ' ', 1), t)
                      AND length(split_part({NAME.format("s")}, ' ', 1)) <= length(t) + 2)))
ORDER BY {NAME.format("object")} = ANY(%(grams)b) DESC,
         lower(predicate) = ANY(%(single)b) DESC, recorded_at DESC, id
LIMIT %(limit)s
"""

# The facts of other sessions that ``sids``' facts displaced (superseded or restated) and that still stand
# displaced: the row that retired one is active, or a version of its session's chain leads to an active row.
# Re-consolidating a session reads memory as it stood without its own rows (``contexts_for``): those rows
# left out, these put back, each offered to its displacer's session alone. Walks ``memory_superseded_by``
# from the sessions' active facts (``memory_session_facts``); a first consolidation finds none.
DISPLACED_FACTS = f"""
WITH RECURSIVE own(id, sid) AS (
    SELECT id, session_id FROM memory
    WHERE namespace = %(ns)s AND session_id = ANY(%(sids)b) AND kind = 'fact' AND superseded_at IS NULL
    UNION
    SELECT m.id, own.sid FROM memory m JOIN own ON m.superseded_by = own.id
    WHERE m.namespace = %(ns)s AND m.kind = 'fact' AND m.session_id = own.sid
)
SELECT {M_COLS}, own.sid FROM memory m JOIN own ON m.superseded_by = own.id
WHERE m.namespace = %(ns)s AND m.kind = 'fact' AND m.session_id IS DISTINCT FROM own.sid
ORDER BY own.sid, m.recorded_at DESC, m.id
"""

TIER_COUNTS = """
SELECT tier, kind, count(*) FROM memory
WHERE superseded_at IS NULL AND (%(ns)s::text IS NULL OR namespace = %(ns)s)
GROUP BY tier, kind
"""

SUPERSEDED_COUNT = """
SELECT count(*) FROM memory
WHERE superseded_at IS NOT NULL AND (%(ns)s::text IS NULL OR namespace = %(ns)s)
"""


def write_provisional(
    conn: psycopg.Connection, events: Sequence[ClaimedTurn], vectors: np.ndarray, embed_model: str
) -> None:
    """COPY one provisional turn row per claimed event."""
    with conn.cursor().copy(COPY_PROVISIONAL) as copy:
        copy.set_types(COPY_TYPES)
        for e, vec in zip(events, vectors):
            copy.write_row(
                [
                    e.namespace,
                    e.session_id,
                    Tier.PROVISIONAL,
                    Kind.TURN,
                    e.content,
                    vec,
                    [e.event_id],
                    e.event_ts,
                    embed_model,
                    Jsonb(e.metadata or {}),
                ]
            )


def stored_vectors(
    conn: psycopg.Connection, namespace: str, session_ids: Sequence[str], texts: Sequence[str], model: str
) -> dict[str, np.ndarray]:
    """The vectors ``model`` made for ``texts`` that the sessions' provisional and active consolidated rows hold."""
    args = {"ns": namespace, "sids": list(session_ids), "texts": list(texts), "model": model}
    found = conn.execute(STORED_VECTORS, args, binary=True)  # binary: the float32s exactly as the model gave them
    return {text: vector.to_numpy() for text, vector in found}


def insert_consolidated(
    conn: psycopg.Connection,
    namespace: str,
    session_id: str,
    rows: Sequence[NewMemory],
    vectors: np.ndarray,
    *,
    embed_model: str,
    recorded_at: datetime,
) -> list[str]:
    """Insert a session's new consolidated version; returns the new ids in order."""
    if len(vectors) != len(rows):
        raise ValueError(f"vectors: expected {len(rows)} (one per row), got {len(vectors)}")
    ids = [r.id or str(uuid.uuid4()) for r in rows]
    if not rows:
        return ids
    events: list[str] = []
    firsts, lasts = [], []
    for r in rows:
        firsts.append(len(events) + 1)  # SQL arrays count from 1, and a slice includes both ends
        events += r.event_ids
        lasts.append(len(events))
    conn.execute(
        INSERT_CONSOLIDATED,
        {
            "ns": namespace,
            "sid": session_id,
            "at": recorded_at,
            "model": embed_model,
            "events": events,
            "ids": ids,
            "kinds": [str(r.kind) for r in rows],
            "contents": [r.content for r in rows],
            "vectors": list(vectors),
            "subjects": [r.subject for r in rows],
            "predicates": [r.predicate for r in rows],
            "objects": [r.object for r in rows],
            "confidences": [r.confidence for r in rows],
            "firsts": firsts,
            "lasts": lasts,
            "valid_froms": [r.valid_from for r in rows],
            "metadata": [Jsonb(r.metadata) for r in rows],
            "embed_texts": [None if r.embed_text == r.content else r.embed_text for r in rows],
            "search_terms": [r.search_terms for r in rows],
            "context_terms": [r.context_terms for r in rows],
        },
    )
    return ids


def supersede_many(conn: psycopg.Connection, pairs: Sequence[tuple[str, str | None]], at: datetime) -> int:
    """Retire rows (id, successor-or-None) at transaction time ``at``."""
    if not pairs:
        return 0
    olds = [p[0] for p in pairs]
    news = [p[1] for p in pairs]
    cur = conn.execute(SUPERSEDE_MANY, (at, olds, news))
    return cur.rowcount


def get(conn: psycopg.Connection, namespace: str, memory_id: str) -> Memory | None:
    row = conn.execute(GET_MEMORY, (namespace, memory_id)).fetchone()
    return Memory.from_row(row) if row else None


def history(conn: psycopg.Connection, namespace: str, memory_id: str) -> list[Memory]:
    return [Memory.from_row(r) for r in conn.execute(HISTORY, {"id": memory_id, "ns": namespace})]


def facts(
    conn: psycopg.Connection,
    namespace: str,
    *,
    subject: str | None,
    predicate: str | None,
    all_versions: bool,
    as_of: datetime | None = None,
) -> list[Memory]:
    # a predicate in any of its present-tense forms ("live in" finds "lives in"), as the engine keys facts
    forms = list(predicate_forms(predicate)) if predicate is not None else []
    params = {
        "ns": namespace,
        "subject": subject,
        "predicate": predicate,
        "predicates": forms,
        "all": all_versions,
        "as_of": as_of,
    }
    sql = FACTS_AS_OF if as_of is not None else FACTS
    return [Memory.from_row(r) for r in conn.execute(sql, params)]


def reembed_all(
    conn: psycopg.Connection,
    embed: Any,
    embed_model: str,
    batch_size: int,
    on_progress: Callable[[int, int], None] | None = None,
) -> int:
    """Re-embed every row (episodes by their summary, as the swap did), batch by batch; ``on_progress(done,
    total)`` after the count and after each batch: a million rows are minutes of model time."""
    row = conn.execute(REEMBED_COUNT).fetchone() if on_progress is not None else None
    expected = int(row[0]) if row is not None else 0
    total = 0
    if on_progress is not None:
        on_progress(0, expected)
    with conn.cursor(name="tiermem_reembed", row_factory=dict_row) as cur:  # server-side: memory stays flat
        cur.execute(REEMBED_SOURCE)
        while rows := cur.fetchmany(batch_size):
            vectors = embed([r["text"] for r in rows])
            with conn.cursor() as up:
                up.executemany(REEMBED_UPDATE, [(vec, embed_model, r["id"]) for r, vec in zip(rows, vectors)])
            total += len(rows)
            if on_progress is not None:
                on_progress(total, max(expected, total))
    return total


def context_facts(
    conn: psycopg.Connection,
    namespace: str,
    *,
    grams: Sequence[str],
    single: Sequence[str],
    punctuation: str,
    limit: int,
    names: Sequence[str] = (),
    own: str | None = None,
) -> list[Memory]:
    """Active facts about the user or a subject named by one of ``grams`` (or whose first or last word, or
    whose initials, is one of the one-word ``names``), best first; none of session ``own``'s.

    ``own`` is left out in SQL, not after: a re-consolidated session's own facts, newest and single-valued,
    would otherwise fill the ``limit`` before the facts it may replace.
    """
    params = {
        "ns": namespace,
        "own": own,
        "grams": list(grams),
        "names": list(names),
        "stems": sorted({stem for n in names for stem in adjective_stems(n)}),
        "skip": list(INITIALS_SKIP),
        "single": list(single),
        "limit": limit,
        "punct": punctuation,
        "spaces": " " * len(punctuation),
    }
    return [Memory.from_row(r) for r in conn.execute(CONTEXT_FACTS, params)]


def displaced_facts(conn: psycopg.Connection, namespace: str, session_ids: Sequence[str]) -> list[tuple[str, Memory]]:
    """(session id, fact) for each fact of another session one of ``session_ids``' standing facts displaced."""
    if not session_ids:
        return []
    rows = conn.execute(DISPLACED_FACTS, {"ns": namespace, "sids": list(dict.fromkeys(session_ids))})
    return [(r[-1], Memory.from_row(r[:-1])) for r in rows]


def tier_counts(conn: psycopg.Connection, namespace: str | None) -> dict[str, int]:
    counts: dict[str, int] = {}
    for tier, kind, n in conn.execute(TIER_COUNTS, {"ns": namespace}):
        counts[f"{tier}_{kind}s"] = int(n)
    row = conn.execute(SUPERSEDED_COUNT, {"ns": namespace}).fetchone()
    counts["superseded"] = int(row[0]) if row else 0
    return counts
