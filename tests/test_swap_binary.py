"""The swap's rows travel as binary arrays, one per column (memory_sink.memories.insert_consolidated).

One statement of arrays instead of one VALUES row per memory: every field must
come back exactly as given, whatever the row says — a row of no turn, of one, of
many (its slice of the one flat array of turns), columns all NULL, a vector's
float32s to the bit — and in the order given.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from memory_sink import MemoryStore, memories
from memory_sink.types import NewMemory
from memory_sink.vocab import Kind

DAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)
COLUMNS = (
    "id::text, kind, content, embedding, subject, predicate, object, confidence, event_ids, valid_from, recorded_at,"
    " embed_model, metadata, embed_text, search_terms, context_terms"
)


def _rows() -> list[NewMemory]:
    return [
        NewMemory(Kind.EPISODE, "user: hi\nassistant: hello", "a summary", ("e1", "e2", "e3"), DAY, metadata={"n": 2}),
        NewMemory(Kind.PASSAGE, "user: hi", "user: hi", ("e1",), DAY, search_terms="Monday", context_terms="hello"),
        NewMemory(Kind.PASSAGE, "nothing said", "nothing said", (), DAY + timedelta(seconds=1)),
        NewMemory(
            Kind.FACT,
            "user lives in Porto",
            "user lives in Porto",
            ("e3", "e2"),
            DAY + timedelta(minutes=1),
            subject="user",
            predicate="lives in",
            object="Porto",
            confidence=0.85,
            metadata={"cardinality": "single", "note": 'quoted "and" {braced}, with\ttab'},
        ),
    ]


def test_each_row_comes_back_as_given(store: MemoryStore) -> None:
    rows = _rows()
    vectors = np.random.default_rng(7).standard_normal((len(rows), store.embedder.dim)).astype(np.float32)
    with store.connection() as conn:
        ids = memories.insert_consolidated(conn, "default", "s1", rows, vectors, embed_model="m", recorded_at=DAY)
        found = {r[0]: r for r in conn.execute(f"SELECT {COLUMNS} FROM memory WHERE id = ANY(%s::uuid[])", (ids,))}
        conn.rollback()
    assert len(set(ids)) == len(rows) == len(found)
    for mid, row, vec in zip(ids, rows, vectors):
        got = found[mid]
        assert got[1:3] == (row.kind, row.content)
        assert np.array_equal(got[3].to_numpy(), vec)  # to the bit: binary both ways
        assert got[4:7] == (row.subject, row.predicate, row.object)
        assert got[7] == (None if row.confidence is None else pytest.approx(row.confidence, abs=1e-6))
        assert tuple(got[8]) == row.event_ids  # its own slice of the turns, in its order; none is '{}'
        assert got[9:12] == (row.valid_from, DAY, "m")
        assert got[12] == row.metadata
        assert got[13] == (None if row.embed_text == row.content else row.embed_text)
        assert got[14:] == (row.search_terms, row.context_terms)


def test_the_rows_go_in_in_the_order_given(store: MemoryStore) -> None:
    rows = _rows()
    vectors = np.zeros((len(rows), store.embedder.dim), dtype=np.float32)
    with store.connection() as conn:
        ids = memories.insert_consolidated(conn, "default", "s1", rows, vectors, embed_model="m", recorded_at=DAY)
        # ctid: where each row landed in the heap, in the order the statement inserted them
        order = [
            r[0] for r in conn.execute("SELECT id::text FROM memory WHERE id = ANY(%s::uuid[]) ORDER BY ctid", (ids,))
        ]
        conn.rollback()
    assert order == ids


def test_vectors_that_do_not_match_the_rows_are_refused(store: MemoryStore) -> None:
    with store.connection() as conn, pytest.raises(ValueError, match="expected 4"):
        memories.insert_consolidated(
            conn,
            "default",
            "s1",
            _rows(),
            np.zeros((3, store.embedder.dim), np.float32),
            embed_model="m",
            recorded_at=DAY,
        )
