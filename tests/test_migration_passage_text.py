"""Migration 0007: passages written with their day as a content prefix keep their day, in the lexical
document, and lose the prefix; every other row reads as it did."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import psycopg
import pytest

from memory_sink import db
from tests.conftest import with_dbname

OLD_PASSAGE = "On 8 May 2023: user: We went hiking with the dog by the lake.\nassistant: Lovely!"
OLD_SPAN = "On 31 December 2023 – 1 January 2024: user: We watched the fireworks from the roof."
TURN = "On Tuesday: the queue moved to Redis."  # a turn that merely starts like a prefix


@pytest.fixture
def empty_dsn(pg_admin_dsn: str) -> Iterator[str]:
    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(pg_admin_dsn, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    yield with_dbname(pg_admin_dsn, name)
    with psycopg.connect(pg_admin_dsn, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def _insert(conn: psycopg.Connection, kind: str, tier: str, content: str) -> None:
    conn.execute(
        "INSERT INTO memory (namespace, session_id, tier, kind, content, embedding, event_ids, valid_from,"
        " embed_model) VALUES ('default', 's', %s, %s, %s, array_fill(0.1, ARRAY[384])::vector, ARRAY['e'],"
        " '2023-05-08T13:56:00Z', 'm')",
        (tier, kind, content),
    )


def test_0007_moves_a_passages_day_from_its_content_to_its_lexical_document(
    empty_dsn: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped = db.migrations()
    assert [v for v, _, _ in shipped if v == 7], "migration 0007 is shipped"
    monkeypatch.setattr(db, "migrations", lambda: [m for m in shipped if m[0] < 7])
    db.migrate(empty_dsn)  # a database as it was before 0007, with rows written then
    with psycopg.connect(empty_dsn, autocommit=True) as conn:
        for kind, tier, content in [
            ("passage", "consolidated", OLD_PASSAGE),
            ("passage", "consolidated", OLD_SPAN),
            ("turn", "provisional", TURN),
        ]:
            _insert(conn, kind, tier, content)
    monkeypatch.undo()
    assert "0007_passage_text.sql" in db.migrate(empty_dsn)
    with psycopg.connect(empty_dsn, autocommit=True) as conn:
        found = dict(conn.execute("SELECT content, search_terms FROM memory").fetchall())

        def matches(words: str) -> list[str]:
            sql = "SELECT content FROM memory WHERE content_tsv @@ plainto_tsquery('english', %s) ORDER BY content"
            return [r[0] for r in conn.execute(sql, (words,))]

        lake = "user: We went hiking with the dog by the lake.\nassistant: Lovely!"
        assert found == {
            lake: "8 May 2023",
            "user: We watched the fireworks from the roof.": "31 December 2023 – 1 January 2024",
            TURN: None,  # only passages carried the prefix
        }
        assert matches("8 May 2023") == [lake]
        assert matches("January 2024 fireworks") == ["user: We watched the fireworks from the roof."]
        assert matches("Redis Tuesday") == [TURN]
        indexed = conn.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'memory_content_tsv'").fetchone()
        assert indexed and "WHERE (superseded_at IS NULL)" in indexed[0]
