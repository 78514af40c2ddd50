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
