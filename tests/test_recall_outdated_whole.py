"""A documented limit (README, *How recall ranks*): one stale fact makes its whole passage sort last.

A fix that reads the flag per question should fail this test and update the README's paragraph.
"""

from __future__ import annotations

from memory_sink import MemoryStore
from pipelines.consolidate import run_consolidate

MIXED = "I live in Leeds, and my partner Tom works as a pastry chef at a bakery called Crumbs."
TURNS = [
    ("c1", "2026-10-01T09:00:00Z", MIXED),
    ("c2", "2026-10-03T09:00:00Z", "I play the cello in an amateur orchestra."),
    ("c3", "2026-10-20T09:00:00Z", "We moved to York last week."),
    ("c4", "2026-10-21T09:00:00Z", "I started running on Sundays."),
    ("c5", "2026-10-22T09:00:00Z", "I work at Contoso as a tester."),
]


def test_a_passage_with_one_stale_fact_sorts_after_every_current_row_even_for_its_true_part(
    store: MemoryStore,
) -> None:
    for session, ts, text in TURNS:
        store.stage(session, "user", text, ts=ts, seq=1)
    run_consolidate(store, min_quiet_seconds=0)
    assert {f.object for f in store.facts(subject="user")} >= {"York"}  # the move retired Leeds
    question = "what does Tom do for a living?"
    page = store.recall(question, k=20)
    (mixed,) = [m for m in page if m.kind == "passage" and "Tom" in m.content]
    assert mixed.outdated and page[-1].id == mixed.id  # last, below rows that hold nothing about Tom
    assert mixed.score > max(m.score for m in page if m.id != mixed.id)  # though the nearest in meaning
    assert store.recall(question, k=20, all_versions=True)[0].id == mixed.id  # the documented way round it
