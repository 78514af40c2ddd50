"""Sessions of one namespace consolidated in one run read each other, in order.

A session's consolidator reads memory as it stands (its context): a switch back
("back on Emacs") or a change named only by its new value needs the facts the
session before it stated. Consolidated in one run, the earlier sessions must be
in memory before a later one is read, so one run ends where one night per
session ends.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

import pipelines.consolidate as cons
from memory_sink import MemoryStore
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime

DAY = datetime(2026, 3, 2, 9, tzinfo=UTC)
STORY = [
    "I write all my code in Emacs.",
    "I moved from Emacs to VS Code last week, the remote extension won me over.",
    "Back on Emacs: VS Code didn't stick.",
    "We finally packed up and moved to Valencia.",
]


def _facts(store: MemoryStore, namespace: str) -> list[tuple[str, str, str, bool]]:
    """(session, predicate, object, active) of the namespace's facts about the user."""
    with store.connection() as conn:
        rows = conn.execute(
            "SELECT session_id, predicate, object, superseded_at IS NULL FROM memory"
            " WHERE namespace = %s AND kind = 'fact' AND subject = 'user' ORDER BY session_id, predicate, object",
            (namespace,),
        ).fetchall()
    return [tuple(r) for r in rows]


def _stage(store: MemoryStore, namespace: str) -> None:
    for i, text in enumerate(STORY):
        store.stage(f"s{i}", "user", text, seq=1, ts=DAY + timedelta(days=i), namespace=namespace)


@pytest.mark.parametrize("chunk", [32, 2])
def test_one_run_ends_where_one_night_per_session_ends(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch, chunk: int
) -> None:
    monkeypatch.setattr(cons, "EMBED_CHUNK", chunk)
    for namespace in ("nightly", "one-run", "bystander"):
        _stage(store, namespace)
    run_realtime(store)
    for i in range(len(STORY)):
        assert run_consolidate(store, namespace="nightly", session=f"s{i}", min_quiet_seconds=0).sessions_consolidated
    # one run over two namespaces: each namespace's sessions in order, the namespaces side by side
    assert run_consolidate(store, min_quiet_seconds=0).sessions_consolidated == 2 * len(STORY)
    nightly = _facts(store, "nightly")
    assert ("s1", "editor", "VS Code", False) in nightly and ("s2", "editor", "Emacs", True) in nightly
    assert _facts(store, "one-run") == nightly == _facts(store, "bystander")


def test_a_backlog_staged_out_of_order_is_consolidated_in_the_order_it_was_said(store: MemoryStore) -> None:
    for namespace in ("nightly", "imported"):
        order = range(len(STORY)) if namespace == "nightly" else reversed(range(len(STORY)))
        for i in order:  # the import stages the newest session first
            store.stage(f"s{i}", "user", STORY[i], seq=1, ts=DAY + timedelta(days=i), namespace=namespace)
    run_realtime(store)
    for i in range(len(STORY)):
        run_consolidate(store, namespace="nightly", session=f"s{i}", min_quiet_seconds=0)
    assert run_consolidate(store, namespace="imported", min_quiet_seconds=0).sessions_consolidated == len(STORY)
    assert _facts(store, "imported") == _facts(store, "nightly")


def test_a_chunk_given_several_sessions_of_one_namespace_runs_them_in_order(store: MemoryStore) -> None:
    """A run deals a namespace's sessions into separate chunks (``ChunkQueue``); a caller handing
    ``consolidate_chunk`` several of them at once still gets them one after the other (``_waves``)."""
    for namespace in ("nightly", "chunked"):
        _stage(store, namespace)
    run_realtime(store)
    for i in range(len(STORY)):
        run_consolidate(store, namespace="nightly", session=f"s{i}", min_quiet_seconds=0)
    chunk = [("chunked", f"s{i}") for i in range(len(STORY))]
    outcomes = cons.consolidate_chunk(store, cons.build_consolidator(store.config), chunk)
    assert [o[0] for o in outcomes] == ["consolidated"] * len(STORY)
    assert _facts(store, "chunked") == _facts(store, "nightly")
