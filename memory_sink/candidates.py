"""The supersession engine's reads of ``memory``: a new fact's candidates, and what a re-extracted fact inherits.

The rest of the table's SQL is in ``memory_sink.memories`` (and recall's in
``memory_sink.recall``). These statements are planned together — with sorts off
in the engine's transaction, each asking for the order of the index it must read
— so they live together, beside the invariant each upholds. Values always travel
as parameters (invariant 10).
"""

from __future__ import annotations

# Whether a fact ended another value's stretch (a row it replaced: retired with a
# ``valid_to``; a restatement retires without one): then the value changed before the
# fact was said, and an older restatement of it belongs to an earlier stretch.
ENDED_ANOTHER = "SELECT EXISTS (SELECT 1 FROM memory WHERE superseded_by = %s AND valid_to IS NOT NULL)"

# Invariant 7: candidates for a new fact, in two queries so that their number —
# and the engine's work and log lines — stays bounded by what can change state,
# however many facts a subject has (``Policy.settled_by_key``):
# DECISIVE: the fact the consolidator named, and active facts of the namespace with
# the same normalised (subject, predicate) — any inflection of the predicate
# (``supersession.predicate_forms``) — that can clash: every value of a
# single-valued predicate, else the same value (a restatement: one probe of
# memory_active_fact_key, which ends with the value). JUDGED: the rest the judge
# decides, nearest first, at most ``limit``: key matches of a predicate of unknown
# cardinality, and semantic neighbours of the same subject (cosine at or over the
# calibrated threshold).
# The engine plans its candidate lookups with sorts off, in its transaction: each
# asks for the order of the index it must read, so that no other plan is sort-free
# (see _or_named and JUDGED below).
SORTS_OFF = "SET LOCAL enable_sort = off"
SORTS_ON = "SET LOCAL enable_sort TO DEFAULT"
# With the state an operation changes (``operations.row_state``): a candidate is
# locked by this read, so the engine retires it without reading it again.
_CANDIDATE_SELECT = """
SELECT id::text, subject, predicate, object, valid_from, metadata, pinned, superseded_at, superseded_by, valid_to,
       1 - (embedding <=> %(vec)s) AS cosine, lower(predicate) = ANY(%(predicates)b) AS key_match
FROM memory"""
_CANDIDATE = "namespace = %(ns)s AND kind = 'fact' AND superseded_at IS NULL AND id <> %(id)s"


def _or_named(select: str, filters: str, match: str) -> str:
    """Rows of ``select`` passing ``filters`` and ``match``, plus the fact named by id if it passes ``filters``.

    Each arm locks its rows. The named row is read by primary key alone and
    filtered once read (a MATERIALIZED CTE): written as one WHERE (``match OR id
    = named``), the planner could not use both indexes at once without
    statistics, and before a table's first ANALYZE read the whole namespace
    through a partial index that looked empty to it (163 ms at 100k facts).
    The matched rows come in memory_active_fact_key's order, and the engine plans
    these lookups with sorts off (``SORTS_OFF``): so that index is the one read
    even when statistics know nothing of the namespace (a table analyzed before a
    new tenant's bulk load: 400-700 ms through memory_active_session at 100k).
    """
    return f"""
WITH named AS MATERIALIZED (SELECT * FROM memory WHERE id = %(named)s::uuid)
SELECT * FROM ({select} WHERE {filters} AND {match}
               ORDER BY lower(subject), lower(predicate), lower(object) FOR UPDATE) matched
UNION ALL
SELECT * FROM ({select}
               WHERE id = ANY(ARRAY(SELECT id FROM named WHERE {filters})) AND NOT ({match}) FOR UPDATE) named_only
"""


DECISIVE_CANDIDATES = _or_named(
    _CANDIDATE_SELECT,
    _CANDIDATE,
    "lower(subject) = %(subject)s AND lower(predicate) = ANY(%(predicates)b)"
    " AND (%(every_value)s OR lower(object) = %(object)s)",
)

# JUDGED, in three arms, each bounded: the other values of the new fact's key
# (judged only), read through memory_active_fact_key; and the semantic neighbours
# among the subject's other predicates. Those are read exactly (every one of them,
# their predicates from a loose scan of the same index: one probe per predicate,
# so the values of the new fact's own multi-valued key, which coexist by rule, are
# never read) while the subject has at most ``exact_up_to`` of them; past that,
# reading them all grew with what the user had said (29.5 ms at 20k facts, per new
# fact), and the nearest ``limit`` come from the HNSW graph instead (an iterative
# scan keeps the subject's rows as it goes). The graph is approximate: a
# neighbour it misses is one the judge does not see (benchmarks/swap_lookups.py
# measures how often the two agree). The chosen rows are then locked by id.
# JUDGED is planned with sorts disabled (SORTS_OFF before the engine's run, SORTS_ON
# after, in the swap's transaction): the graph's ordered scan is then the last arm's only
# plan without one, whatever the statistics say, and the sorts the other steps
# need are made anyway. Left to its costs, the planner read a table of a few
# thousand rows whole and sorted it (3,000 facts: 6.4 ms, the graph 2.5). The
# other arms ask for memory_active_fact_key's order (by predicate) for the same
# reason: without statistics, the planner skip-scanned memory_session_facts
# over every session of the namespace instead (17 ms at 100k for 19 rows).
#: The most facts of a subject's other predicates JUDGED reads exactly (see above).
JUDGED_EXACT_UP_TO = 400
_SUBJECT_FACT = "namespace = %(ns)s AND kind = 'fact' AND superseded_at IS NULL AND lower(subject) = %(subject)s"
_NOT_NEW = "id <> %(id)s AND id IS DISTINCT FROM %(named)s::uuid"
JUDGED_CANDIDATES = f"""
WITH RECURSIVE predicates(p) AS (
    (SELECT lower(predicate) FROM memory WHERE {_SUBJECT_FACT} ORDER BY lower(predicate) LIMIT 1)
    UNION ALL
    SELECT (SELECT lower(predicate) FROM memory WHERE {_SUBJECT_FACT} AND lower(predicate) > p
            ORDER BY lower(predicate) LIMIT 1)
    FROM predicates WHERE p IS NOT NULL
), keyed AS MATERIALIZED (
    SELECT id, true AS key_match, embedding <=> %(vec)s AS distance FROM memory
    WHERE %(judged)s AND {_SUBJECT_FACT} AND {_NOT_NEW}
      AND lower(predicate) = ANY(%(predicates)b) AND lower(object) <> %(object)s
    ORDER BY lower(predicate)
), few AS MATERIALIZED (
    SELECT id, false AS key_match, embedding <=> %(vec)s AS distance FROM memory
    WHERE {_SUBJECT_FACT} AND {_NOT_NEW}
      AND lower(predicate) = ANY(ARRAY(SELECT p FROM predicates WHERE p IS NOT NULL AND p <> ALL(%(predicates)b)))
    ORDER BY lower(predicate)
    LIMIT %(exact_up_to)s + 1
), many AS MATERIALIZED (
    SELECT id, false AS key_match, embedding <=> %(vec)s AS distance FROM memory
    WHERE (SELECT count(*) FROM few) > %(exact_up_to)s
      AND tier = 'consolidated' AND {_SUBJECT_FACT} AND {_NOT_NEW} AND lower(predicate) <> ALL(%(predicates)b)
    ORDER BY embedding <=> %(vec)s
    LIMIT %(limit)s
), chosen AS (
    SELECT id FROM (
        SELECT * FROM keyed
        UNION ALL SELECT * FROM few WHERE (SELECT count(*) FROM few) <= %(exact_up_to)s
        UNION ALL SELECT * FROM many
    ) arms
    WHERE key_match OR 1 - distance >= %(threshold)s
    ORDER BY key_match DESC, distance, id
    LIMIT %(limit)s
)
{_CANDIDATE_SELECT}
WHERE id = ANY(ARRAY(SELECT id FROM chosen))
ORDER BY lower(predicate) = ANY(%(predicates)b) DESC, embedding <=> %(vec)s, id
FOR UPDATE
"""

# Invariant 6 + 7: a fact re-extracted from the same turns when its session is
# re-consolidated inherits how it was retired (retracted, superseded, pinned
# aside) unless the retirement was only the previous tier swap.
INHERITABLE_STATE = """
SELECT m.id::text, m.superseded_by::text, m.valid_to FROM memory m
WHERE m.namespace = %(ns)s AND m.session_id = %(sid)s AND m.kind = 'fact'
  AND lower(m.subject) = %(subject)s AND lower(m.predicate) = %(predicate)s
  AND lower(m.object) = %(object)s AND m.event_ids && %(event_ids)b
  AND m.superseded_at IS NOT NULL AND m.superseded_at < %(at)s
  AND NOT EXISTS (
      SELECT 1 FROM memory_ops o
      WHERE o.namespace = m.namespace AND o.op = 'tier_swap' AND o.memory_ids @> ARRAY[m.id]
        AND o.reverse->'superseded' @> jsonb_build_array(jsonb_build_array(m.id::text)))
ORDER BY m.recorded_at DESC
LIMIT 1
"""

# Facts a retraction in a session may retire, among those already true by then:
# the same subject and object (the pure ``supersession.retraction_targets`` then
# keeps the compatible predicates and applies the guards); without an object,
# the key; and, whatever its wording, the fact the consolidator named — in this
# namespace only (invariant 10).
RETRACTION_TARGETS = _or_named(
    "SELECT id::text, subject, predicate, object, valid_from, metadata, pinned FROM memory",
    "namespace = %(ns)s AND kind = 'fact' AND superseded_at IS NULL AND valid_from <= %(valid_from)s",
    "lower(subject) = %(subject)s AND CASE WHEN %(object)s = '' THEN lower(predicate) = ANY(%(predicates)b)"
    " ELSE lower(object) = %(object)s END",
)
