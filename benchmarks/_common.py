"""Shared helpers for the benchmarks: a fixed chat corpus, a throw-away server, statistics.

Every benchmark runs against its own embedded PostgreSQL in a temporary data
dir (removed at exit), never against a user's database, and prints its figures
as a table (or one JSON document with ``--json``). Timings are medians of
``--runs`` repetitions; where a target is a ratio, both sides are measured in
the same run, interleaved, so machine noise hits both alike.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python benchmarks/x.py` from a checkout
    sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402

from memory_sink import MemoryStore, db  # noqa: E402
from memory_sink.config import Config, config_from_mapping  # noqa: E402
from memory_sink.types import Embedder  # noqa: E402

# --- a fixed corpus of chat turns -------------------------------------------------------

_NAMES = [
    "Alice",
    "Bob",
    "Chen",
    "Dana",
    "Elif",
    "Farid",
    "Grace",
    "Hiro",
    "Ines",
    "Jonas",
    "Kemi",
    "Lars",
    "Maya",
    "Nikolai",
    "Oren",
    "Priya",
    "Quinn",
    "Rosa",
    "Sven",
    "Tomas",
    "Uma",
    "Viktor",
    "Wen",
    "Yara",
]
_DRINKS = [
    "green tea",
    "black coffee",
    "oat latte",
    "sparkling water",
    "chai",
    "espresso",
    "herbal tea",
    "matcha",
    "cold brew",
    "rooibos",
    "hot chocolate",
    "kombucha",
    "flat white",
    "mint tea",
]
_TOOLS = [
    "Postgres",
    "Redis",
    "Neovim",
    "VS Code",
    "Kafka",
    "RabbitMQ",
    "Grafana",
    "Terraform",
    "Dagster",
    "Emacs",
    "Helix",
    "SQLite",
    "ClickHouse",
    "Prometheus",
    "Airflow",
    "Kubernetes",
    "Nomad",
    "Sentry",
    "Jupyter",
    "DuckDB",
    "Elasticsearch",
    "Celery",
    "NATS",
    "Metabase",
]
_PLACES = [
    "Berlin",
    "Lisbon",
    "Osaka",
    "Toronto",
    "Nairobi",
    "Oslo",
    "Austin",
    "Lyon",
    "Seoul",
    "Porto",
    "Kraków",
    "Valencia",
    "Denver",
    "Hanoi",
    "Tallinn",
    "Bogotá",
    "Perth",
    "Ghent",
    "Accra",
    "Leeds",
]
_DAYS = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "next week",
    "tomorrow",
    "tonight",
    "the weekend",
    "end of month",
    "Q3",
    "the 14th",
    "after the offsite",
    "before lunch",
]
_TOPICS = [
    "the migration",
    "the quarterly report",
    "the onboarding doc",
    "the incident review",
    "the pricing page",
    "the search index",
    "the billing bug",
    "the mobile release",
    "the hiring plan",
    "the offsite agenda",
    "the API rate limits",
    "the backup policy",
    "the invoice export",
    "the SSO rollout",
    "the dark mode toggle",
    "the data retention rules",
    "the flaky integration tests",
    "the vendor contract",
    "the latency regression",
    "the cache warmup",
    "the GDPR request",
    "the design review",
    "the churn dashboard",
    "the load balancer config",
    "the holiday rota",
    "the security audit",
    "the partner webhook",
    "the release notes",
    "the on-call handbook",
    "the budget forecast",
    "the translation backlog",
    "the schema change",
]
_TEMPLATES = [
    "I prefer {drink} in the morning now.",
    "Can you remind me to review {topic} on {day}?",
    "We moved {topic} to {day} because {name} is out.",
    "My editor is {tool} these days.",
    "{name} said the deploy of {topic} failed again last night.",
    "Let's use {tool} for {topic}.",
    "I live in {place} now, I moved in March.",
    "Sure, I'll draft {topic} and send it to {name} by {day}.",
    "What did we decide about {topic}?",
    "The standup is at 9:30 on {day}; {name} will run it.",
    "I no longer drink {drink} after lunch.",
    "Thanks! That fixed it.",
    "{name} from {place} joined the team to work on {topic}.",
    "Our queue runs on {tool} and the dashboards are in {tool2}.",
    "Could you summarise {topic} in three bullet points?",
    "Noted: {topic} is blocked until {name} signs off.",
    "Heads up, {name} is flying to {place} on {day} for {topic}.",
    "The error rate spiked after we upgraded {tool}; {name} is rolling it back.",
    "Please book a room for {topic} with {name} and {name2} on {day}.",
    "I'm allergic to peanuts, keep that in mind for the {place} dinner.",
    "Remind me what {name} said about {topic}.",
    "Good call. Let's park {topic} until {day}.",
    "Can we replace {tool} with {tool2} for {topic}?",
    "{name2} owns {topic} from now on, not {name}.",
    "My flight to {place} got cancelled, I'll join {topic} remotely.",
    "The numbers for {topic} look off by about {num} percent.",
    "We hit {num} requests per second on {tool} during the load test.",
    "Add {drink} to the office order, {name} asked for it.",
    "I switched from {tool} to {tool2} last week and I'm not going back.",
    "Ok, closing the loop on {topic}: shipped on {day}.",
    "Who is on call for {topic} on {day}?",
    "Write a short note to {name} about {topic}, friendly tone.",
]


def _fill(rng: random.Random, template: str) -> str:
    return template.format(
        drink=rng.choice(_DRINKS),
        topic=rng.choice(_TOPICS),
        day=rng.choice(_DAYS),
        name=rng.choice(_NAMES),
        name2=rng.choice(_NAMES),
        tool=rng.choice(_TOOLS),
        tool2=rng.choice(_TOOLS),
        place=rng.choice(_PLACES),
        num=rng.randint(2, 9000),
    )


def short_turns(n: int, seed: int = 0) -> list[str]:
    """``n`` short chat turns (one sentence, ~10-25 tokens), the same for the same seed."""
    rng = random.Random(seed)
    return [_fill(rng, rng.choice(_TEMPLATES)) for _ in range(n)]


def turn_of_tokens(rng: random.Random, tokens: int) -> str:
    """A chat turn of roughly ``tokens`` WordPiece tokens, built from whole sentences."""
    parts: list[str] = []
    approx = 0
    while approx < tokens:
        sentence = _fill(rng, rng.choice(_TEMPLATES))
        parts.append(sentence)
        approx += int(len(sentence.split()) * 1.35) + 1
    text = " ".join(parts)
    words = text.split()
    keep = max(3, int(len(words) * tokens / max(approx, 1)))
    return " ".join(words[:keep])


def mixed_turns(n: int, seed: int = 0, low: int = 5, high: int = 400) -> list[str]:
    """``n`` turns whose lengths spread log-uniformly over ``low``..``high`` tokens."""
    import math

    rng = random.Random(seed)
    return [turn_of_tokens(rng, int(math.exp(rng.uniform(math.log(low), math.log(high))))) for _ in range(n)]


def session_turns(
    n_sessions: int,
    turns_per_session: int,
    *,
    namespace: str = "default",
    seed: int = 0,
    start: datetime | None = None,
    prefix: str = "s",
) -> list[dict[str, Any]]:
    """Staging rows for ``n_sessions`` sessions of alternating user/assistant turns."""
    rng = random.Random(seed)
    start = start or datetime(2024, 3, 1, 9, 0, tzinfo=UTC)
    rows = []
    for s in range(n_sessions):
        t0 = start + timedelta(minutes=7 * s)
        for i in range(turns_per_session):
            rows.append(
                {
                    "session_id": f"{prefix}{s}",
                    "namespace": namespace,
                    "seq": i,
                    "role": "user" if i % 2 == 0 else "assistant",
                    "content": _fill(rng, rng.choice(_TEMPLATES)),
                    "ts": (t0 + timedelta(seconds=20 * i)).isoformat(),
                }
            )
    return rows


# --- statistics and output --------------------------------------------------------------


def median(values: Sequence[float]) -> float:
    return float(statistics.median(values)) if values else float("nan")


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100), linear interpolation; NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100.0
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def timed(fn: Callable[[], Any]) -> float:
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


def machine() -> dict[str, Any]:
    """What a reader needs to compare figures: CPU, cores, memory, versions, date, load."""
    import numpy
    import onnxruntime

    cpu = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem_gib = None
    try:
        pages = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        mem_gib = round(pages / 2**30, 1)
    except (ValueError, OSError):
        pass
    return {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory_gib": mem_gib,
        "python": platform.python_version(),
        "onnxruntime": onnxruntime.__version__,
        "numpy": numpy.__version__,
        "load_1m": round(os.getloadavg()[0], 2),
    }


def parser(description: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--runs", type=int, default=3, help="repetitions; figures are medians (default 3)")
    p.add_argument("--json", action="store_true", help="print one JSON document instead of a table")
    p.add_argument("--threads", type=int, default=2, help="onnxruntime intra-op threads (default 2)")
    return p


def report(
    name: str,
    figures: dict[str, Any],
    targets: list[tuple[str, bool | None]],
    *,
    as_json: bool,
    extra: dict[str, Any] | None = None,
) -> None:
    """Print the figures and, per target, MET / NOT MET (None = not measured at this size)."""
    doc = {
        "benchmark": name,
        "machine": machine(),
        "figures": figures,
        "targets": {t: ("met" if ok else "NOT met" if ok is not None else "n/a") for t, ok in targets},
        **(extra or {}),
    }
    if as_json:
        print(json.dumps(doc, indent=2, default=str))
        return
    print(f"== {name} ==")
    m = doc["machine"]
    print(
        f"   {m['date']} | {m['cpu']} | {m['cores']} cores | {m['memory_gib']} GiB | "
        f"onnxruntime {m['onnxruntime']} | load {m['load_1m']}"
    )
    width = max((len(k) for k in figures), default=10)
    for key, value in figures.items():
        shown = f"{value:,.3f}" if isinstance(value, float) else str(value)
        print(f"   {key:<{width}}  {shown}")
    for target, verdict in doc["targets"].items():
        print(f"   target {target}: {verdict}")


# --- a throw-away server ----------------------------------------------------------------


@contextmanager
def temp_server(settings: dict[str, str] | None = None, *, restart: bool = False) -> Iterator[str]:
    """An embedded PostgreSQL + pgvector in a temporary data dir; yields its admin DSN.

    ``settings`` go to ``ALTER SYSTEM``; ``restart`` restarts the server for those
    that need it (shared_buffers). Not under /tmp/pytest-*: the data dir and its
    parents must stay readable by the server's user. Removed, server stopped, on exit.
    """
    root = Path(tempfile.mkdtemp(prefix="tiermem-bench-"))
    root.chmod(0o755)  # mkdtemp makes it private; as root tiermem refuses to open it for the server
    data_dir = root / "data"
    try:
        dsn = db.embedded_dsn(data_dir)
        if settings:
            with psycopg.connect(dsn, autocommit=True) as conn:
                for key, value in settings.items():
                    conn.execute(f"ALTER SYSTEM SET {key} = '{value}'")
                conn.execute("SELECT pg_reload_conf()")
            if restart:
                db.stop_embedded(data_dir)
                dsn = db.embedded_dsn(data_dir)
        yield dsn
    finally:
        db.stop_embedded(data_dir)
        shutil.rmtree(root, ignore_errors=True)


def fresh_database(admin_dsn: str, migrate: bool = True) -> str:
    """A new, migrated database on the server; returns its DSN."""
    name = f"bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(admin_dsn, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    dsn = psycopg.conninfo.make_conninfo(admin_dsn, dbname=name)
    if migrate:
        db.migrate(dsn)
    return dsn


def drop_database(admin_dsn: str, dsn: str) -> None:
    name = psycopg.conninfo.conninfo_to_dict(dsn)["dbname"]
    with psycopg.connect(admin_dsn, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@contextmanager
def scratch_database(admin_dsn: str) -> Iterator[str]:
    """A fresh, migrated database for one measurement, dropped after it even when it fails; yields its DSN."""
    dsn = fresh_database(admin_dsn)
    try:
        yield dsn
    finally:
        drop_database(admin_dsn, dsn)


def bench_config(dsn: str, *, threads: int = 2, **sections: dict[str, Any]) -> Config:
    data: dict[str, Any] = {
        "database": {"dsn": dsn},
        "embedder": {"threads": threads},
        "consolidate": {"min_quiet_seconds": 0},
    }
    for section, values in sections.items():
        data.setdefault(section, {}).update(values)
    return config_from_mapping(data)


def open_store(dsn: str, *, threads: int = 2, model: Embedder | None = None, **sections: dict[str, Any]) -> MemoryStore:
    """A store on ``dsn`` with the bench config; ``model`` replaces the configured embedder."""
    return MemoryStore.open(bench_config(dsn, threads=threads, **sections), embedder=model)


def stage(
    store: MemoryStore, texts: Sequence[str], *, session_size: int = 20, namespace: str = "default", tag: str = ""
) -> None:
    """Stage ``texts`` as turns of sessions of ``session_size`` (ids unique per ``tag``)."""
    rows = [
        {
            "session_id": f"{tag}s{i // session_size}",
            "role": "user" if i % 2 == 0 else "assistant",
            "content": text,
            "seq": i,
            "namespace": namespace,
        }
        for i, text in enumerate(texts)
    ]
    rep = store.stage_many(rows, batch_size=5000)
    assert rep.inserted == len(texts), rep
