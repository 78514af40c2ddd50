"""The closed vocabularies: one list in ``memory_sink.vocab``, the same list in the schema's CHECKs."""

from __future__ import annotations

import json
import re
from typing import Any

import psycopg
import pytest

from memory_sink import MemoryStore
from memory_sink.staging import validate_turn
from memory_sink.types import StagedTurn
from memory_sink.vocab import Actor, Kind, Op, Role, Scope, Tier

CHECKS = {
    ("memory", "tier"): Tier,
    ("memory", "kind"): Kind,
    ("memory_staging", "role"): Role,
    ("memory_ops", "op"): Op,
    ("memory_ops", "actor"): Actor,
    ("memory_erasures", "scope"): Scope,
}
# The column's CHECK as PostgreSQL prints it: (col = ANY (ARRAY['a'::text, ...]))
CHECK_LIST = """
SELECT pg_get_constraintdef(c.oid) FROM pg_constraint c
WHERE c.conrelid = %s::regclass AND c.contype = 'c' AND pg_get_constraintdef(c.oid) ~ %s
"""


def allowed_by_schema(conn: psycopg.Connection, table: str, column: str) -> set[str]:
    found = [r[0] for r in conn.execute(CHECK_LIST, (table, rf"^CHECK \(\({column} = ANY"))]
    assert len(found) == 1, found
    return set(re.findall(r"'([^']*)'::text", found[0]))


@pytest.mark.parametrize(("table", "column"), list(CHECKS))
def test_the_schema_allows_exactly_the_vocabulary(store: MemoryStore, table: str, column: str) -> None:
    with store.connection() as conn:
        assert allowed_by_schema(conn, table, column) == {m.value for m in CHECKS[(table, column)]}


INSERT_OP = "INSERT INTO memory_ops (namespace, op, actor) VALUES ('default', %s, %s)"


@pytest.mark.parametrize(
    ("sql", "params", "constraint"),
    [
        (INSERT_OP, ("forget", "user"), "memory_ops_op_check"),
        (INSERT_OP, ("supersede", "cron"), "memory_ops_actor_check"),
        (INSERT_OP, ("SUPERSEDE", "user"), "memory_ops_op_check"),  # an enum's name is not its value
        (
            "INSERT INTO memory_staging (event_id, namespace, session_id, role, content, event_ts)"
            " VALUES ('e1', 'default', 's', 'robot', 'beep', now())",
            (),
            "memory_staging_role_check",
        ),
    ],
)
def test_the_database_refuses_a_word_outside_the_vocabulary(
    store: MemoryStore, sql: str, params: tuple[Any, ...], constraint: str
) -> None:
    with store.connection() as conn, pytest.raises(psycopg.errors.CheckViolation) as info:
        conn.execute(sql, params)
    assert info.value.diag.constraint_name == constraint


def test_members_are_written_and_read_as_their_words(store: MemoryStore) -> None:
    with store.connection() as conn:
        conn.execute(INSERT_OP, (Op.TIER_SWAP, Actor.CONSOLIDATE))
        assert conn.execute("SELECT op, actor FROM memory_ops").fetchall() == [("tier_swap", "consolidate")]
    assert json.dumps({"tier": Tier.PROVISIONAL, "kind": Kind.FACT}) == '{"tier": "provisional", "kind": "fact"}'
    assert f"{Tier.CONSOLIDATED:<14}|" == "consolidated  |"


def test_a_hand_built_turn_with_an_unknown_role_is_refused_alone(store: MemoryStore) -> None:
    good = validate_turn("s", "user", "kept", seq=1)
    assert good.role is Role.USER
    bad = StagedTurn("e" * 32, "default", "s", "robot", "beep", good.event_ts, 2, {})  # type: ignore[arg-type]
    report = store.stage_many([good, bad])
    assert report.inserted == 1 and [r.line for r in report.rejected] == [2]
    assert "memory_staging_role_check" in report.rejected[0].error
    assert store.tiers.read_session("default", "s").turns[0].role is Role.USER
