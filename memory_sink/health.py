"""Invariant checks an operator watches (the Dagster asset checks call these).

Invariant 5 says a staged turn is visible in exactly one tier: as a provisional
row until its session is consolidated, then through the active consolidated
rows that cover it. These queries count the turns that break it; both should
always return 0. They read only, and scan only the (small) provisional tier.
"""

from __future__ import annotations

from typing import Any

import psycopg
from psycopg.rows import dict_row

# A turn whose provisional row is still active although an active consolidated
# episode already covers it: a reader would see it twice. The tier swap deletes
# the provisional rows in the same transaction, so this must stay 0.
_IN_BOTH_TIERS = """
p.tier = 'provisional' AND p.superseded_at IS NULL
  AND (%(ns)s::text IS NULL OR p.namespace = %(ns)s)
  AND EXISTS (
      SELECT 1 FROM memory c
      WHERE c.namespace = p.namespace AND c.tier = 'consolidated' AND c.kind = 'episode'
        AND c.superseded_at IS NULL AND c.event_ids @> ARRAY[p.event_ids[1]]
  )
"""
TURNS_IN_BOTH_TIERS = f"SELECT count(*) FROM memory p WHERE {_IN_BOTH_TIERS}"

# A turn the realtime tier marked as embedded whose provisional row is gone
# although its session was never consolidated: a reader would see it nowhere.
TURNS_IN_NEITHER_TIER = """
SELECT count(*) FROM memory_staging s
WHERE s.provisional_at IS NOT NULL AND s.consolidated_at IS NULL
  AND (%(ns)s::text IS NULL OR s.namespace = %(ns)s)
  AND NOT EXISTS (
      SELECT 1 FROM memory p
      WHERE p.tier = 'provisional' AND p.namespace = s.namespace AND p.event_ids[1] = s.event_id
  )
"""

# A few examples, for the check's metadata (never the content: only ids).
EXAMPLES_IN_BOTH_TIERS = f"""
SELECT p.namespace, p.session_id, p.event_ids[1] AS event_id FROM memory p WHERE {_IN_BOTH_TIERS}
ORDER BY p.namespace, p.session_id
LIMIT 5
"""


def tier_violations(conn: psycopg.Connection, namespace: str | None = None) -> dict[str, Any]:
    """Counts of turns visible in both tiers, and in neither; both 0 when invariant 5 holds."""
    params = {"ns": namespace}
    both = conn.execute(TURNS_IN_BOTH_TIERS, params).fetchone()
    neither = conn.execute(TURNS_IN_NEITHER_TIER, params).fetchone()
    examples: list[dict[str, Any]] = []
    if both and both[0]:
        with conn.cursor(row_factory=dict_row) as cur:
            examples = cur.execute(EXAMPLES_IN_BOTH_TIERS, params).fetchall()
    return {
        "turns_in_both_tiers": int(both[0]) if both else 0,
        "turns_in_neither_tier": int(neither[0]) if neither else 0,
        "examples_in_both_tiers": examples,
    }


# A provisional row, active or not, for a turn staging marks as consolidated: the
# swap deletes a session's provisional rows when it consolidates it, so none may remain.
PROVISIONAL_FOR_CONSOLIDATED = """
SELECT count(*) FROM memory p JOIN memory_staging s
  ON s.event_id = p.event_ids[1] AND s.namespace = p.namespace
WHERE p.tier = 'provisional' AND s.consolidated_at IS NOT NULL
  AND (%(ns)s::text IS NULL OR p.namespace = %(ns)s)
"""

# Keys of a single-valued predicate holding several active values at once. The
# supersession engine retires the old value when a new one arrives; an LLM judge
# that fails keeps both (nothing is retired on a guess), which this surfaces.
_SINGLE_VALUED_CONFLICTS = """
SELECT namespace, lower(subject) AS subject, lower(predicate) AS predicate, count(DISTINCT lower(object)) AS vals
FROM memory
WHERE kind = 'fact' AND superseded_at IS NULL AND valid_to IS NULL
  AND lower(predicate) = ANY(%(single)s)
  AND (%(ns)s::text IS NULL OR namespace = %(ns)s)
GROUP BY namespace, lower(subject), lower(predicate)
HAVING count(DISTINCT lower(object)) > 1
ORDER BY vals DESC, namespace, subject, predicate
"""

ACTIVE_FACTS_NOW = """
SELECT clock_timestamp(), count(*) FROM memory
WHERE kind = 'fact' AND superseded_at IS NULL AND (%(ns)s::text IS NULL OR namespace = %(ns)s)
"""

# Facts retired since a moment: retracted, or replaced by a fact saying something
# else. A re-consolidation re-versioning a fact with the same key and value is no retirement.
FACTS_RETIRED_SINCE = """
SELECT count(*) FROM memory f
WHERE f.kind = 'fact' AND f.superseded_at >= %(since)s
  AND (%(ns)s::text IS NULL OR f.namespace = %(ns)s)
  AND NOT EXISTS (
      SELECT 1 FROM memory n
      WHERE n.id = f.superseded_by AND n.kind = 'fact' AND lower(n.subject) = lower(f.subject)
        AND lower(n.predicate) = lower(f.predicate) AND lower(n.object) = lower(f.object)
  )
"""


def provisional_for_consolidated(conn: psycopg.Connection, namespace: str | None = None) -> int:
    """Provisional rows left for turns already consolidated; 0 when the swap did its job."""
    row = conn.execute(PROVISIONAL_FOR_CONSOLIDATED, {"ns": namespace}).fetchone()
    return int(row[0]) if row else 0


def single_valued_conflicts(
    conn: psycopg.Connection, single: list[str], namespace: str | None = None, limit: int = 20
) -> tuple[int, list[dict[str, Any]]]:
    """(how many single-valued keys hold several active values, the first ``limit`` of them)."""
    with conn.cursor(row_factory=dict_row) as cur:
        rows = cur.execute(_SINGLE_VALUED_CONFLICTS, {"single": single, "ns": namespace}).fetchall()
    return len(rows), rows[:limit]


def active_facts_now(conn: psycopg.Connection, namespace: str | None = None) -> tuple[Any, int]:
    """(the database's clock, the active facts): a run's baseline for ``facts_retired_since``."""
    row = conn.execute(ACTIVE_FACTS_NOW, {"ns": namespace}).fetchone()
    assert row is not None
    return row[0], int(row[1])


def facts_retired_since(conn: psycopg.Connection, since: Any, namespace: str | None = None) -> int:
    """Facts retracted or replaced by a different value since ``since`` (every writer's, not one run's)."""
    row = conn.execute(FACTS_RETIRED_SINCE, {"since": since, "ns": namespace}).fetchone()
    return int(row[0]) if row else 0
