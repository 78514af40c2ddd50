"""Recall through the MCP server, warm, at 100k rows; and the CLI's own start-up.

    python benchmarks/mcp_recall.py [--rows 100000] [--queries 200] [--runs 3] [--transport stdio|http]

The agent's path: a real MCP client from the ``mcp`` SDK (``ClientSession``)
talks to ``tiermem mcp`` started as a subprocess, over stdio (default) or
streamable HTTP. Warm: the server has loaded the model at start and keeps its
store (pool) open, the client keeps its session open, and a warm-up pass runs
first. Each sample is one ``recall`` tool call (``query``, ``k`` 10) timed at
the client, so it includes the JSON-RPC round trip, the query embedding, the
SQL and the answer's context block. The same questions through
``MemoryStore.recall`` in this process give the in-process floor.

The table is filled as ``recall_at_scale.py`` fills it (SYNTHETIC vectors
derived from ``--base`` chat turns embedded for real; three in four rows
provisional turns, one in four consolidated episodes, one namespace), on one
throw-away embedded server with ``recall_at_scale.SERVER_SETTINGS``.

Then the CLI: how long ``tiermem recall`` takes as a fresh process against that
running server, split into the interpreter, the imports (``pipelines.cli``),
opening the store (connect, migrate check, pool), the model load and the
recall itself; whether Dagster was imported; and the wall time of the real
command. ``python -X importtime -c "import pipelines.cli.app"`` shows the
imports module by module.

Target: MCP recall p95 <= 50 ms at 100k rows, warm, query embedding included.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import _common as c
import anyio
import psycopg
import recall_at_scale as scale

ROOT = Path(__file__).resolve().parent.parent
SERVE = [sys.executable, "-c", "from pipelines.cli import main; main()", "mcp"]
# One fresh process doing what `tiermem recall` does, phase by phase.
PHASES = r"""
import json, sys, time
t0 = time.perf_counter()
from pipelines.cli import app
t1 = time.perf_counter()
from memory_sink import MemoryStore
store = MemoryStore.open(sys.argv[1])
t2 = time.perf_counter()
store.embedder
t3 = time.perf_counter()
store.recall(sys.argv[2], k=10)
t4 = time.perf_counter()
store.close()
print(json.dumps({"imports": t1 - t0, "open store": t2 - t1, "model load": t3 - t2, "recall": t4 - t3,
                  "dagster": "dagster" in sys.modules, "spacy": "spacy" in sys.modules}))
"""


def fill(dsn: str, store: Any, rows: int, base: int) -> float:
    """``rows`` active rows as recall_at_scale loads them, indexes rebuilt; returns seconds."""
    started = time.perf_counter()
    with psycopg.connect(dsn) as conn:
        defs = {
            name: conn.execute("SELECT indexdef FROM pg_indexes WHERE indexname = %s", (name,)).fetchone()[0]
            for name in scale.BULK_INDEXES
        }
    with psycopg.connect(dsn, autocommit=True) as conn:
        for name in scale.BULK_INDEXES:
            conn.execute(f"DROP INDEX IF EXISTS {name}")
    texts = c.short_turns(base, seed=11)
    vecs = store.embedder.embed_documents(texts)
    scale.bulk_load(dsn, 0, rows, texts, vecs, store.embedder.fingerprint, seed=rows)
    scale.rebuild_indexes(dsn, defs)
    return time.perf_counter() - started


def server_env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}


@asynccontextmanager
async def mcp_session(config: Path, transport: str) -> Any:
    """An initialised client session on a `tiermem mcp` subprocess."""
    from mcp.client import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    args = [*SERVE[1:], "--config", str(config)]
    if transport == "stdio":
        params = StdioServerParameters(command=SERVE[0], args=args, env=server_env())
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            yield session
        return
    import httpx2
    from mcp.client.streamable_http import streamable_http_client

    port = _free_port()
    proc = subprocess.Popen([SERVE[0], *args, "--transport", "http", "--port", str(port)], env=server_env())
    try:
        await _wait_listening(port, proc)
        url = f"http://127.0.0.1:{port}/mcp"
        async with (
            httpx2.AsyncClient(timeout=60) as client,
            streamable_http_client(url, http_client=client) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            yield session
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def _wait_listening(port: int, proc: subprocess.Popen[bytes]) -> None:
    import socket

    deadline = time.monotonic() + 300
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the MCP server did not start listening") from None
            await anyio.sleep(0.2)


def cpu_seconds(match: str) -> float:
    """CPU seconds (user + system) used so far by every process whose command line holds ``match``."""
    tick, total = os.sysconf("SC_CLK_TCK"), 0.0
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and match in (proc / "cmdline").read_bytes().decode(errors="replace"):
                fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
                total += (int(fields[11]) + int(fields[12])) / tick
        except OSError:
            continue
    return total


async def mcp_latencies(
    config: Path, transport: str, qs: list[str], runs: int, dbname: str
) -> tuple[list[float], int, dict[str, float]]:
    """Per-call seconds of every timed ``recall`` call, all runs; memories in the last answer; and
    CPU milliseconds per call of the server process, its PostgreSQL backend and this client.

    CPU per call hardly moves with the machine's load, unlike latency: on an idle machine a
    call's latency is about its CPU time (the query embedding's two threads overlap a little).
    """
    out: list[float] = []
    found = 0
    async with mcp_session(config, transport) as session:
        for q in qs[:20]:  # warm: the server's pool, plans, buffers; the client's session
            await session.call_tool("recall", {"query": q, "k": 10})
        before = (cpu_seconds(str(config)), cpu_seconds(f" {dbname} "), time.process_time())
        for _ in range(runs):
            for q in qs:
                started = time.perf_counter()
                result = await session.call_tool("recall", {"query": q, "k": 10})
                out.append(time.perf_counter() - started)
                assert not result.is_error, result.content
                found = len((result.structured_content or {}).get("memories", []))
        after = (cpu_seconds(str(config)), cpu_seconds(f" {dbname} "), time.process_time())
    cpu = {name: (a - b) / len(out) * 1e3 for name, a, b in zip(("server", "PostgreSQL", "client"), after, before)}
    return out, found, cpu


def cli_startup(config: Path, query: str, runs: int) -> dict[str, float | bool]:
    """Median seconds per phase of a fresh process doing `tiermem recall`, and the real command's wall time."""
    env = server_env()
    phases: list[dict[str, Any]] = []
    walls, bare = [], []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", PHASES, str(config), query], env=env, capture_output=True)
        assert done.returncode == 0, done.stderr.decode()[-2000:]
        phases.append(json.loads(done.stdout))
        started = time.perf_counter()
        subprocess.run(
            [*SERVE[:3], "recall", query, "--config", str(config), "--json"], env=env, check=True, capture_output=True
        )
        walls.append(time.perf_counter() - started)
        bare.append(c.timed(lambda: subprocess.run([sys.executable, "-c", "pass"], check=True)))
    out: dict[str, float | bool] = {"interpreter": c.median(bare)}
    for key in ("imports", "open store", "model load", "recall"):
        out[key] = c.median([p[key] for p in phases])
    out["`tiermem recall` wall"] = c.median(walls)
    out["dagster imported"] = any(p["dagster"] for p in phases)
    out["spacy imported"] = any(p["spacy"] for p in phases)
    return out


def main() -> None:
    p = c.parser(__doc__.splitlines()[0])
    p.add_argument("--rows", type=int, default=100_000, help="active rows (default 100000)")
    p.add_argument("--base", type=int, default=5_000, help="real chat turns embedded for the bulk (default 5000)")
    p.add_argument("--queries", type=int, default=200, help="recall calls per run (default 200)")
    p.add_argument("--transport", choices=["stdio", "http"], default="stdio", help="how the client reaches the server")
    p.add_argument("--cli-runs", type=int, default=5, help="fresh `tiermem recall` processes (default 5)")
    args = p.parse_args()
    qs = scale.questions(args.queries)
    with c.temp_server(scale.SERVER_SETTINGS, restart=True) as admin, tempfile.TemporaryDirectory() as tmp:
        dsn = c.fresh_database(admin)
        config = Path(tmp) / "bench.yaml"
        config.write_text(json.dumps({"database": {"dsn": dsn}, "embedder": {"threads": args.threads}}))
        with c.open_store(dsn, threads=args.threads) as store:
            load_s = fill(dsn, store, args.rows, args.base)
            for q in qs[:20]:
                store.recall(q, k=10)
            direct = []
            for _ in range(args.runs):
                for q in qs:
                    direct.append(c.timed(lambda: store.recall(q, k=10)))
        dbname = psycopg.conninfo.conninfo_to_dict(dsn)["dbname"]
        lat, found, cpu = anyio.run(mcp_latencies, config, args.transport, qs, args.runs, dbname)
        startup = cli_startup(config, qs[0], args.cli_runs)
    figures: dict[str, Any] = {
        "active rows": args.rows,
        "fill (embed base, COPY, index builds) s": round(load_s, 1),
        "transport": args.transport,
        "recall calls timed": len(lat),
        "memories per answer": found,
        "MCP recall p50 ms": c.percentile(lat, 50) * 1e3,
        "MCP recall p95 ms": c.percentile(lat, 95) * 1e3,
        "MCP recall p99 ms": c.percentile(lat, 99) * 1e3,
        "MCP recall CPU ms per call: server": cpu["server"],
        "MCP recall CPU ms per call: PostgreSQL backend": cpu["PostgreSQL"],
        "MCP recall CPU ms per call: client": cpu["client"],
        "in-process MemoryStore.recall p50 ms": c.percentile(direct, 50) * 1e3,
        "in-process MemoryStore.recall p95 ms": c.percentile(direct, 95) * 1e3,
    }
    for key, value in startup.items():
        figures[f"CLI start-up: {key}" + ("" if isinstance(value, bool) else " s")] = value
    c.report(
        "MCP warm recall and CLI start-up",
        figures,
        [
            (
                "MCP recall p95 <= 50 ms at 100k rows",
                figures["MCP recall p95 ms"] <= 50 if args.rows >= 100_000 else None,
            )
        ],
        as_json=args.json,
    )


if __name__ == "__main__":
    main()
