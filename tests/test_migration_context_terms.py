"""Migration 0013: a row's own words are weighted A in its lexical document and its context's words D;
every row written before it matches what it matched, as its own words."""

from __future__ import annotations

import psycopg
import pytest

from memory_sink import db
from tests.test_migration_passage_text import empty_dsn  # noqa: F401  (the fixture)


def test_0013_weighs_a_rows_own_words_a_and_its_context_d(empty_dsn: str, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    shipped = db.migrations()
    assert [v for v, _, _ in shipped if v == 13], "migration 0013 is shipped"
    monkeypatch.setattr(db, "migrations", lambda: [m for m in shipped if m[0] < 13])
    db.migrate(empty_dsn)  # a database as it was before 0013, with a turn and a dated passage
    insert = (
        "INSERT INTO memory (namespace, session_id, tier, kind, content, embedding, event_ids, valid_from,"
        " embed_model, search_terms) VALUES ('default', 's', %s, %s, %s, array_fill(0.1, ARRAY[384])::vector,"
        " ARRAY[%s], '2023-05-08T13:56:00Z', 'm', %s)"
    )
    with psycopg.connect(empty_dsn, autocommit=True) as conn:
        conn.execute(insert, ("provisional", "turn", "The queue moved to Redis.", "t", None))
        conn.execute(insert, ("consolidated", "passage", "user: We hiked by the lake.", "p", "8 May 2023"))
    monkeypatch.undo()
    assert "0013_context_terms.sql" in db.migrate(empty_dsn)
    with psycopg.connect(empty_dsn, autocommit=True) as conn:

        def matches(query: str) -> list[str]:
            sql = "SELECT content FROM memory WHERE content_tsv @@ to_tsquery('english', %s) ORDER BY content"
            return [r[0] for r in conn.execute(sql, (query,))]

        assert matches("redis:A") == ["The queue moved to Redis."]  # old rows: their words are their own
        assert matches("lake:A & 2023:A") == ["user: We hiked by the lake."]  # the day is the row's own
        conn.execute(
            "UPDATE memory SET context_terms = 'Did you see the heron?' WHERE kind = 'passage'"
        )  # a new row's neighbours: matched, but not as its own words
        assert matches("heron") == ["user: We hiked by the lake."]
        assert matches("heron:A") == []
        indexed = conn.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'memory_content_tsv'").fetchone()
        assert indexed and "WHERE (superseded_at IS NULL)" in indexed[0]
