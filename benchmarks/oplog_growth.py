"""Op log and history growth: operations per fact written, histories after backfills, seconds per session.

    python benchmarks/oplog_growth.py [--facts 50,100,150] [--backfills 2] [--history-backfills 7]
                                      [--scale-sessions 8] [--scale-facts 150]

Three measurements, each on a fresh database with the default ``extractive``
consolidator and the rules judge:

1. **Ops per fact written.** One session of N user turns "I like hobbyK." (N
   facts of one multi-valued key) on one day: the ``memory_ops`` rows after the
   nightly consolidation and after each backfill of that day, divided by N.
   Linear logging keeps this flat as N grows; pairwise logging grows with N.
2. **History after backfills.** Three sessions on three days ("I live in
   Berlin." / "We moved to Paris." / "I live in Lisbon now."), then the range
   backfilled ``--history-backfills`` times: the lines of
   ``tiermem history --subject user --predicate "lives in"`` and its chain rows,
   after the first consolidation and after the backfills.
3. **Seconds per session as facts accumulate.** ``--scale-sessions`` sessions of
   ``--scale-facts`` such facts each, consolidated one after another: the first
   and last sessions' consolidation time and the active facts by then.
4. **Versions after backfills of one day.** One day of chat (two sessions, an
   episode each, a passage per turn, a few facts), consolidated, then backfilled
   ``--backfills`` times: every version of its episodes and passages (active or
   not), the superseded rows and the ops, after each run.

Targets: ops per fact written do not grow with N (the largest N within 1.5x of
the smallest); history after the backfills is as long as after one
consolidation; the last session costs under 2x the first; a backfill of a day
nothing changed in adds no episode or passage version and retires nothing.
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import _common as c

from memory_sink import MemoryStore
from pipelines.backfill import run_backfill, sessions_on_days
from pipelines.cli import main as cli_main
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime

DAY0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def op_count(store: MemoryStore) -> int:
    with store.connection() as conn:
        row = conn.execute("SELECT count(*) FROM memory_ops").fetchone()
    return int(row[0]) if row else 0


def stage_likes(store: MemoryStore, session: str, first: int, n: int, day: datetime) -> None:
    turns = [
        {
            "session_id": session,
            "role": "user",
            "content": f"I like hobby{first + i}.",
            "ts": day + timedelta(minutes=i),
        }
        for i in range(n)
    ]
    assert store.stage_many(turns).inserted == n


def consolidate(store: MemoryStore) -> None:
    run_realtime(store)
    report = run_consolidate(store, min_quiet_seconds=0)
    assert not report.failures, report.failures


def backfill(store: MemoryStore, days: list[datetime]) -> None:
    report = run_backfill(store, sessions_on_days(store, [d.date() for d in days]))
    assert not report.failures, report.failures


def ops_per_fact(admin: str, n: int, backfills: int, threads: int) -> dict[str, Any]:
    with c.scratch_database(admin) as dsn:
        with c.open_store(dsn, threads=threads) as store:
            stage_likes(store, "likes", 0, n, DAY0)
            consolidate(store)
            counts = [op_count(store)]
            for _ in range(backfills):
                backfill(store, [DAY0])
                counts.append(op_count(store))
            assert len(store.facts(subject="user")) == n
        return {"facts written": n, "ops": counts, "ops per fact": [round(x / n, 2) for x in counts]}


def history_lines(config_path: Path) -> tuple[int, int]:
    """Lines `tiermem history --subject user --predicate "lives in"` prints, and its chain rows."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cli_main(["history", "--config", str(config_path), "--subject", "user", "--predicate", "lives in"])
    text = out.getvalue()
    with contextlib.redirect_stdout(io.StringIO()) as doc:
        cli_main(["history", "--config", str(config_path), "--json", "--subject", "user", "--predicate", "lives in"])
    return len(text.splitlines()), len(json.loads(doc.getvalue())["chain"])


def history_growth(admin: str, backfills: int, threads: int, workdir: Path) -> dict[str, Any]:
    days = [DAY0 + timedelta(days=i) for i in range(3)]
    with c.scratch_database(admin) as dsn:
        config_path = workdir / "tiermem.yaml"
        config_path.write_text(f"database:\n  dsn: '{dsn}'\nembedder:\n  threads: {threads}\n", encoding="utf-8")
        with c.open_store(dsn, threads=threads) as store:
            for day, text in zip(days, ("I live in Berlin.", "We moved to Paris.", "I live in Lisbon now.")):
                store.stage(f"s{day:%d}", "user", text, ts=day)
            consolidate(store)
            first = history_lines(config_path)
            for _ in range(backfills):
                backfill(store, days)
            after = history_lines(config_path)
            assert [f.object for f in store.facts(subject="user", predicate="lives in")] == ["Lisbon"]
        return {"after consolidation": first, f"after {backfills} backfills": after}


def seconds_per_session(admin: str, sessions: int, per: int, threads: int) -> dict[str, Any]:
    with c.scratch_database(admin) as dsn:
        with c.open_store(dsn, threads=threads) as store:
            seconds = []
            for s in range(sessions):
                stage_likes(store, f"scale{s}", s * per, per, DAY0 + timedelta(days=s))
                run_realtime(store)
                started = time.perf_counter()
                report = run_consolidate(store, min_quiet_seconds=0)
                seconds.append(time.perf_counter() - started)
                assert report.sessions_consolidated == 1, report.to_dict()
            active = len(store.facts(subject="user"))
            ops = op_count(store)
        return {"seconds": seconds, "active facts": active, "ops": ops}


DAY_OF_CHAT = {
    "kitchen": (
        "We repainted the kitchen a pale green.",
        "Nice, pale green brightens a small room.",
        "I live in Utrecht.",
        "Utrecht has lovely canals.",
    ),
    "bikes": ("My bike is a Gazelle.", "A sturdy choice.", "I use Strava for my rides.", "Noted."),
}
VERSIONS = """
SELECT count(*) FILTER (WHERE kind = 'episode'), count(*) FILTER (WHERE kind = 'passage'),
       count(*) FILTER (WHERE superseded_at IS NOT NULL), (SELECT count(*) FROM memory_ops)
FROM memory WHERE tier = 'consolidated'
"""


def versions_after_backfills(admin: str, backfills: int, threads: int) -> list[tuple[int, ...]]:
    """(episode versions, passage versions, superseded rows, ops) after consolidation and each backfill."""
    with c.scratch_database(admin) as dsn:
        with c.open_store(dsn, threads=threads) as store:
            for n, (session, turns) in enumerate(DAY_OF_CHAT.items()):
                for i, text in enumerate(turns):
                    when = DAY0 + timedelta(hours=3 * n, minutes=i)
                    store.stage(session, "user" if i % 2 == 0 else "assistant", text, ts=when)
            consolidate(store)
            found = []
            for run in range(backfills + 1):
                if run:
                    backfill(store, [DAY0])
                with store.connection() as conn:
                    found.append(tuple(int(x) for x in conn.execute(VERSIONS).fetchone() or ()))
        return found


def main() -> None:
    p = c.parser(__doc__.splitlines()[0])
    p.add_argument("--facts", default="50,100,150", help="facts per session to compare (default 50,100,150)")
    p.add_argument("--backfills", type=int, default=2, help="backfills of the facts' day (default 2)")
    p.add_argument("--history-backfills", type=int, default=7, help="backfills before reading history (default 7)")
    p.add_argument("--scale-sessions", type=int, default=8, help="sessions consolidated one after another (default 8)")
    p.add_argument("--scale-facts", type=int, default=150, help="facts per such session (default 150)")
    args = p.parse_args()
    sizes = [int(x) for x in args.facts.split(",")]
    with c.temp_server() as admin:
        growth = [ops_per_fact(admin, n, args.backfills, args.threads) for n in sizes]
        with tempfile.TemporaryDirectory(prefix="tiermem-oplog-") as workdir:
            history = history_growth(admin, args.history_backfills, args.threads, Path(workdir))
        scale = seconds_per_session(admin, args.scale_sessions, args.scale_facts, args.threads)
        day = versions_after_backfills(admin, args.backfills, args.threads)
    figures: dict[str, Any] = {}
    for g in growth:
        label = f"N={g['facts written']}: ops after consolidation, " + ", ".join(
            f"{i + 1} backfill{'s' if i else ''}" for i in range(args.backfills)
        )
        figures[label] = g["ops"]
        figures[f"N={g['facts written']}: ops per fact written"] = g["ops per fact"]
    for label, (lines, rows) in history.items():
        figures[f"history lines (chain rows) {label}"] = f"{lines} ({rows})"
    secs = scale["seconds"]
    figures[f"seconds per session of {args.scale_facts} facts, in order"] = [round(x, 2) for x in secs]
    figures["active facts at the last session"] = scale["active facts"]
    figures["ops after the last session"] = scale["ops"]
    for label, column in zip(("episode versions", "passage versions", "superseded rows", "ops"), zip(*day)):
        figures[f"one day: {label} after consolidation, then each backfill"] = list(column)
    first_rate, last_rate = growth[0]["ops per fact"][-1], growth[-1]["ops per fact"][-1]
    (first_lines, _), (last_lines, _) = history.values()
    targets = [
        ("ops per fact written flat in N (largest N <= 1.5x smallest)", last_rate <= 1.5 * first_rate),
        ("history after backfills as long as after one consolidation", last_lines == first_lines),
        ("last session under 2x the first", secs[-1] < 2 * secs[0]),
        ("backfills of an unchanged day add no version, retire nothing", day[-1][:3] == day[0][:3]),
    ]
    c.report("oplog growth", figures, targets, as_json=args.json)


if __name__ == "__main__":
    main()
