"""End to end: a user moves city, changes jobs and switches tools over several nightly runs."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from memory_sink import MemoryStore
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime

DAY0 = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)
DAYS = [
    [
        ("user", "Hi! I live in Berlin and I work at Acme."),
        ("assistant", "Nice to meet you. Berlin and Acme, noted."),
        ("user", "I use Notion for my notes and my editor is Vim."),
    ],
    [
        ("user", "Big news: I moved to Lisbon last weekend."),
        ("assistant", "Congratulations on the move!"),
        ("user", "I drink coffee every morning."),
    ],
    [
        ("user", "I joined Globex this week, so I no longer work at Acme."),
        ("user", "I switched from Notion to Obsidian."),
        ("assistant", "Globex and Obsidian, got it."),
    ],
    [("user", "My editor is Neovim now."), ("user", "I switched from coffee to tea.")],
]


def nightly(store: MemoryStore, day: int, turns: list[tuple[str, str]]) -> None:
    start = DAY0 + timedelta(days=day)
    for i, (role, text) in enumerate(turns):
        store.stage(f"day{day}", role, text, ts=start + timedelta(minutes=i))
    run_realtime(store)
    report = run_consolidate(store, min_quiet_seconds=0)
    assert report.sessions_consolidated == 1 and report.sessions_failed == 0


def current(store: MemoryStore, query: str, predicate: str) -> list[str]:
    hits = store.recall(query, kinds=["fact"], k=50)
    return sorted({m.object for m in hits if m.predicate == predicate and m.subject == "user"})


def test_user_moves_changes_jobs_and_switches_tools(store: MemoryStore) -> None:
    for day, turns in enumerate(DAYS):
        nightly(store, day, turns)
    assert current(store, "where does the user live?", "lives in") == ["Lisbon"]
    assert current(store, "where does the user work?", "works at") == ["Globex"]
    assert current(store, "which editor does the user use?", "editor") == ["Neovim"]
    assert current(store, "what does the user drink?", "prefers drink") == ["tea"]
    # the switch is read against the notes app memory holds: Obsidian takes that role, with no extra `uses` beside it
    assert current(store, "which note-taking app does the user use?", "notes app") == ["Obsidian"]
    assert current(store, "which note-taking app does the user use?", "uses") == []

    # History shows the evolution, oldest first, each step explained in the op log.
    city = store.fact_history("user", "lives in")
    assert [m.object for m in city] == ["Berlin", "Lisbon"]
    assert city[0].superseded_by == city[1].id and city[0].valid_to == city[1].valid_from
    why = [o for o in store.operations(city[0].id) if o["op"] == "supersede"][0]["signals"]
    assert why["key_match"] and why["verdict"] == "replace" and "single-valued" in why["reason"]
    jobs = store.fact_history("user", "works at")
    assert [m.object for m in jobs] == ["Acme", "Globex"]
    notion = next(m for m in store.fact_history("user") if m.object == "Notion")
    # "I switched from Notion to Obsidian", with Notion the notes app memory holds: Obsidian is the notes app now
    assert notion.superseded_at is not None and notion.predicate == "notes app"
    assert [o["op"] for o in store.operations(notion.id)][-1] == "supersede"
    successor = next(m for m in store.fact_history("user", "notes app") if m.id == notion.superseded_by)
    assert successor.object == "Obsidian" and successor.superseded_at is None
    assert [m.object for m in store.fact_history("user", "editor")] == ["Vim", "Neovim"]
