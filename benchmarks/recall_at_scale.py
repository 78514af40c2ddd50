"""Benchmarks #4 and #7: recall latency and growth at 10k, 100k and 1M active rows.

    python benchmarks/recall_at_scale.py [--sizes 10000,100000,1000000] [--runs 3] [--synthetic mix|noise]

One throw-away embedded server (shared_buffers 4GB, maintenance_work_mem 6GB,
one parallel maintenance worker; say so when comparing). The table grows in
steps: at each size the bulk rows are COPYed in BINARY with the HNSW and GIN
indexes dropped, then the indexes are rebuilt (build times are reported), then:

- #4 recall: ``MemoryStore.recall`` (query embedding + the one fused SQL
  statement) over a fixed set of natural questions, warm pool, after a warm-up
  pass; p50/p95 per run, medians over runs. Broken down into the query
  embedding and the SQL alone, and the SQL's vector and lexical branches.
  HNSW quality: top-10 overlap of the vector branch with an exact scan
  (index scans off) for the same query vectors.
- #7 growth: realtime ingest throughput (``run_realtime`` over freshly staged
  turns, with every index in place) at this size, and recall p95, compared
  between the smallest and the largest size.

Bulk rows are SYNTHETIC vectors (say so): ``--base`` chat turns are embedded for
real, and each bulk row takes one of them as its text and, as its vector, a
mix of that turn's real embedding (65-100%) and another's (``--synthetic mix``),
or that embedding plus isotropic noise (``--synthetic noise``, a pessimistic
worst case; see ``synthetic()``).
Three in four bulk rows are consolidated passages, one in four consolidated
episodes, all active, in one namespace: what a year of consolidated history looks
like. (Provisional rows, a day of turns at most, are outside the HNSW graph and
read by an exact scan since migration 0012; the realtime ticks add them.) Queries always go through the real embedder and SQL.

Targets: #4 at 1M: p50 <= 5 ms, p95 <= 15 ms, overlap >= 0.95.
         #7 at 1M vs 10k: ingest and recall p95 no more than 20% worse.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import _common as c
import numpy as np
import psycopg
from pgvector.psycopg import register_vector
from psycopg.types.json import Jsonb

from memory_sink import db, perspective, term_stats
from memory_sink import recall as recall_sql
from pipelines.realtime import run_realtime

SERVER_SETTINGS = {
    "shared_buffers": "4GB",
    "maintenance_work_mem": "6GB",
    "max_parallel_maintenance_workers": "1",
    "max_parallel_workers_per_gather": "2",
    "effective_cache_size": "16GB",
    "max_wal_size": "8GB",
    "checkpoint_timeout": "30min",
}
BULK_INDEXES = ("memory_embedding_hnsw", "memory_content_tsv", "memory_event_ids")
COPY_BULK = """
COPY memory (namespace, session_id, tier, kind, content, embedding, event_ids, valid_from, embed_model, metadata)
FROM STDIN WITH (FORMAT BINARY)
"""
COPY_TYPES = ["text", "text", "text", "text", "text", "vector", "text[]", "timestamptz", "text", "jsonb"]
# The recall statement's two branches, alone (same WHERE clauses as recall_sql.RECALL_ACTIVE).
VECTOR_BRANCH = """
SELECT id FROM memory
WHERE namespace = %(ns)s AND tier = 'consolidated' AND superseded_at IS NULL AND kind = ANY(%(kinds)s)
ORDER BY embedding <=> %(q)s LIMIT %(n)s
"""
LEXICAL_BRANCH = f"WITH {recall_sql.LEXICAL} SELECT id FROM l"
KINDS = ["turn", "passage", "episode", "fact"]

_QUESTIONS = [
    "what do I like to drink in the morning",
    "when is the standup and who runs it",
    "which editor am I using now",
    "what did we decide about {topic}",
    "who joined the team recently",
    "where do I live these days",
    "what is blocked and who has to sign off",
    "remind me what is due on {day}",
    "what went wrong with the deploy last night",
    "which queue system do we run",
    "what happened with {topic}",
    "who is working on {topic}",
    "what should I send to {name}",
    "do I still drink coffee after lunch",
    "summarise {topic}",
    "what tools do we use for dashboards",
]


def questions(n: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        q = rng.choice(_QUESTIONS)
        out.append(q.format(topic=rng.choice(c._TOPICS)[4:], day=rng.choice(c._DAYS), name=rng.choice(c._NAMES)))
    return out


def synthetic(rng: np.random.Generator, base_vecs: np.ndarray, picks: np.ndarray, how: str) -> np.ndarray:
    """Unit vectors for bulk rows whose text is ``base_texts[picks]``.

    ``mix`` (default): 0.65-1.0 of the row's own real embedding plus the rest of
    another real one. The rows stay on the manifold real embeddings live on, as
    a corpus of related turns does. ``noise``: the real embedding plus isotropic
    Gaussian noise (cosine ~0.86 to it): every row gains 384 random dimensions,
    which makes the data close to uniformly random, the worst case for any ANN
    index and unlike real text embeddings; kept to show that bound.
    """
    own = base_vecs[picks]
    if how == "noise":
        vecs = own + rng.standard_normal(own.shape).astype(np.float32) * (0.6 / np.sqrt(own.shape[1]))
    else:
        other = base_vecs[rng.integers(0, len(base_vecs), size=len(picks))]
        w = rng.uniform(0.65, 1.0, size=(len(picks), 1)).astype(np.float32)
        vecs = w * own + (1 - w) * other
    return vecs / np.linalg.norm(vecs, axis=1, keepdims=True)


def bulk_load(
    dsn: str,
    start: int,
    stop: int,
    base_texts: list[str],
    base_vecs: np.ndarray,
    fingerprint: str,
    seed: int,
    how: str = "mix",
) -> float:
    """COPY rows ``start``..``stop`` (synthetic vectors from real ones); returns seconds."""
    rng = np.random.default_rng(seed)
    ts = datetime(2024, 1, 1, tzinfo=UTC)
    empty = Jsonb({})
    started = time.perf_counter()
    with psycopg.connect(dsn) as conn:
        register_vector(conn)
        with conn.cursor().copy(COPY_BULK) as copy:
            copy.set_types(COPY_TYPES)
            for chunk in range(start, stop, 20_000):
                end = min(chunk + 20_000, stop)
                picks = rng.integers(0, len(base_texts), size=end - chunk)
                vecs = synthetic(rng, base_vecs, picks, how)
                for j, (pick, vec) in enumerate(zip(picks, vecs)):
                    i = chunk + j
                    episode = i % 4 == 3
                    copy.write_row(
                        [
                            "default",
                            f"bulk{i // 20}",
                            "consolidated",
                            "episode" if episode else "passage",
                            base_texts[pick],
                            vec,
                            [f"bulk-{i}"],
                            ts,
                            fingerprint,
                            empty,
                        ]
                    )
    return time.perf_counter() - started


def rebuild_indexes(dsn: str, defs: dict[str, str]) -> dict[str, float]:
    """Drop-and-build of the bulk indexes from their shipped definitions; seconds per index."""
    took = {}
    with psycopg.connect(dsn, autocommit=True) as conn:
        for name in BULK_INDEXES:
            conn.execute(f"DROP INDEX IF EXISTS {name}")
            took[name] = c.timed(lambda: conn.execute(defs[name]))  # type: ignore[arg-type]
        took["vacuum analyze"] = c.timed(lambda: conn.execute("VACUUM ANALYZE memory"))
    return took


def exact_top10(dsn: str, vecs: list[np.ndarray]) -> list[set[Any]]:
    """The vector branch's true top 10 per query: a full scan (index scans off)."""
    out = []
    with psycopg.connect(dsn) as conn:
        register_vector(conn)
        conn.execute("SET enable_indexscan = off")
        conn.execute("SET enable_bitmapscan = off")
        for q in vecs:
            out.append({r[0] for r in conn.execute(VECTOR_BRANCH, {"ns": "default", "kinds": KINDS, "q": q, "n": 10})})
    return out


SIMILARITIES = "SELECT 1 - (embedding <=> %s) FROM memory WHERE id = ANY(%s)"


def overlap_at_10(
    dsn: str, vecs: list[np.ndarray], exact: list[set[Any]], ef_search: int | None
) -> tuple[float, float]:
    """(mean |HNSW top-10 ∩ exact top-10| / 10, mean cosine of HNSW's 10 / mean cosine of the exact 10).

    The second number says how much the misses cost: 1.000 = as similar as the true top 10.
    """
    scores, ratios = [], []
    with psycopg.connect(dsn) as conn:
        register_vector(conn)
        conn.execute("SET hnsw.iterative_scan = 'relaxed_order'")
        conn.execute(f"SET hnsw.ef_search = {int(ef_search or db.HNSW_EF_SEARCH)}")
        for q, truth in zip(vecs, exact):
            ann = {r[0] for r in conn.execute(VECTOR_BRANCH, {"ns": "default", "kinds": KINDS, "q": q, "n": 10})}
            scores.append(len(ann & truth) / 10)
            got = [r[0] for r in conn.execute(SIMILARITIES, (q, list(ann)))]
            best = [r[0] for r in conn.execute(SIMILARITIES, (q, list(truth)))]
            ratios.append(float(np.mean(got)) / float(np.mean(best)))
    return float(np.mean(scores)), float(np.mean(ratios))


def sql_latencies(
    store: Any,
    sql: str,
    params: list[dict[str, Any]],
    pool: int = recall_sql.LEXICAL_POOL,
    ef_search: int | None = None,
) -> list[float]:
    """Per-statement seconds, in one transaction with recall's lexical pool (0 = unbounded)."""
    out = []
    with store.connection() as conn:
        conn.execute(recall_sql.SET_LEXICAL_POOL, (str(pool),))
        if ef_search:
            conn.execute(f"SET LOCAL hnsw.ef_search = {int(ef_search)}")
        for p in params:
            started = time.perf_counter()
            conn.execute(sql, p | term_stats.params(conn, p["text"], p["ns"])).fetchall()
            out.append(time.perf_counter() - started)
    return out


def measure_size(args: Any, admin: str, dsn: str, store: Any, qs: list[str], size: int, tag: str) -> dict[str, Any]:
    """Every figure of one size: recall's latencies, HNSW quality against an exact scan, and ingest."""
    vecs = [store.embedder.embed_query(q) for q in qs]
    for q in qs[:20]:
        store.recall(q, k=10)  # warm: pool, plans, buffers
    params = [
        {"q": v, "ns": "default", "k": 10, "kinds": KINDS, "unpassaged": True, "n": 40, "text": q, "as_of": None}
        | perspective.params(q)
        for q, v in zip(qs, vecs)
    ]
    row = recall_latencies(args, store, qs, params)
    for pool in args.pool_sweep:
        lex = sql_latencies(store, LEXICAL_BRANCH, params, pool=pool)
        row[f"lexical branch p50/p95 ms, pool {pool or 'unbounded'}"] = _p50_p95(lex)
    row.update(hnsw_quality(args, dsn, store, vecs[: args.overlap_queries], params))
    row.update(ingest_rate(args, store, tag))
    return row


def _p50_p95(seconds: list[float]) -> str:
    return f"{c.percentile(seconds, 50) * 1e3:.2f} / {c.percentile(seconds, 95) * 1e3:.2f}"


def recall_latencies(args: Any, store: Any, qs: list[str], params: list[dict[str, Any]]) -> dict[str, Any]:
    """#4: recall end to end, its query embedding, its SQL and the SQL's two branches; medians over runs."""
    p50, p95, embed_ms, sql50, sql95, vec50, lex50, lex95 = ([] for _ in range(8))
    for _ in range(args.runs):
        lat = []
        for q in qs:
            started = time.perf_counter()
            store.recall(q, k=10)
            lat.append(time.perf_counter() - started)
        p50.append(c.percentile(lat, 50) * 1e3)
        p95.append(c.percentile(lat, 95) * 1e3)
        embed_ms.append(c.median([c.timed(lambda: store.embedder.embed_query(q)) for q in qs]) * 1e3)
        sql = sql_latencies(store, recall_sql.RECALL_ACTIVE, params)
        sql50.append(c.percentile(sql, 50) * 1e3)
        sql95.append(c.percentile(sql, 95) * 1e3)
        vec50.append(c.percentile(sql_latencies(store, VECTOR_BRANCH, params), 50) * 1e3)
        lex = sql_latencies(store, LEXICAL_BRANCH, params)
        lex50.append(c.percentile(lex, 50) * 1e3)
        lex95.append(c.percentile(lex, 95) * 1e3)
    return {
        "recall p50 ms": c.median(p50),
        "recall p95 ms": c.median(p95),
        "query embedding p50 ms": c.median(embed_ms),
        "SQL p50 ms": c.median(sql50),
        "SQL p95 ms": c.median(sql95),
        "vector branch p50 ms": c.median(vec50),
        "lexical branch p50 ms": c.median(lex50),
        "lexical branch p95 ms": c.median(lex95),
    }


def hnsw_quality(
    args: Any, dsn: str, store: Any, probe: list[np.ndarray], params: list[dict[str, Any]]
) -> dict[str, Any]:
    """#4: the vector branch's top 10 against an exact scan, at the server's ef_search and each of ``--ef-sweep``."""
    with store.connection() as conn:
        ef = conn.execute("SHOW hnsw.ef_search").fetchone()[0]
    started = time.perf_counter()
    exact = exact_top10(dsn, probe)
    row: dict[str, Any] = {"exact scan ms per query": (time.perf_counter() - started) / max(len(probe), 1) * 1e3}
    row[f"overlap@10 (ef_search {ef})"], row[f"similarity ratio (ef_search {ef})"] = overlap_at_10(
        dsn, probe, exact, int(ef)
    )
    for ef_alt in args.ef_sweep:
        row[f"overlap@10 (ef_search {ef_alt})"], row[f"similarity ratio (ef_search {ef_alt})"] = overlap_at_10(
            dsn, probe, exact, ef_alt
        )
        vec = sql_latencies(store, VECTOR_BRANCH, params, ef_search=ef_alt)
        row[f"vector branch p50/p95 ms (ef_search {ef_alt})"] = _p50_p95(vec)
    return row


def ingest_rate(args: Any, store: Any, tag: str) -> dict[str, Any]:
    """#7: realtime ingest into a table of this size, every index in place."""
    rates = []
    for run in range(args.runs):
        c.stage(store, c.short_turns(args.ingest_turns, seed=100 + run), tag=f"{tag}i{run}")
        rep = run_realtime(store)
        rates.append(rep.turns_embedded / rep.seconds)
    return {"ingest turns/s": c.median(rates), "ingest runs": [round(r) for r in rates]}


def parse_args() -> Any:
    p = c.parser(__doc__.splitlines()[0])
    p.add_argument("--sizes", default="10000,100000,1000000", help="active rows per step (ascending)")
    p.add_argument("--base", type=int, default=10_000, help="real chat turns embedded for the bulk (default 10000)")
    p.add_argument("--queries", type=int, default=200, help="recall queries per run (default 200)")
    p.add_argument("--overlap-queries", type=int, default=50, help="queries checked against an exact scan")
    p.add_argument("--ingest-turns", type=int, default=2000, help="turns per ingest run at each size")
    p.add_argument("--ef-sweep", default="40,200", help="other hnsw.ef_search values to check (default 40,200)")
    p.add_argument(
        "--synthetic",
        choices=["mix", "noise"],
        default="mix",
        help="how bulk vectors are made from the real ones (default mix; see synthetic())",
    )
    p.add_argument(
        "--pool-sweep", default="0", help="other lexical pools to time the lexical branch with (default 0 = unbounded)"
    )
    args = p.parse_args()
    args.ef_sweep = [int(x) for x in args.ef_sweep.split(",") if x]
    args.pool_sweep = [int(x) for x in args.pool_sweep.split(",") if x]
    args.sizes = sorted(int(x) for x in args.sizes.split(","))
    return args


@dataclass
class Bulk:
    """The real turns bulk rows are made from, and how many bulk rows are loaded so far."""

    texts: list[str]
    vecs: np.ndarray
    embed_seconds: float
    loaded: int = 0


def active_rows(store: Any) -> int:
    with store.connection() as conn:
        return int(conn.execute("SELECT count(*) FROM memory WHERE superseded_at IS NULL").fetchone()[0])


def grow_to(args: Any, dsn: str, store: Any, bulk: Bulk, defs: dict[str, str], size: int) -> dict[str, Any]:
    """Bulk-load up to ``size`` active rows with the bulk indexes dropped, rebuild them (timed); the step's row."""
    with psycopg.connect(dsn, autocommit=True) as conn:
        for name in BULK_INDEXES:
            conn.execute(f"DROP INDEX IF EXISTS {name}")
    more = max(0, size - active_rows(store))
    load_s = bulk_load(
        dsn,
        bulk.loaded,
        bulk.loaded + more,
        bulk.texts,
        bulk.vecs,
        store.embedder.fingerprint,
        seed=size,
        how=args.synthetic,
    )
    bulk.loaded += more
    builds = rebuild_indexes(dsn, defs)
    return {
        "active rows": active_rows(store),
        "bulk COPY s": round(load_s, 1),
        "HNSW build s": round(builds["memory_embedding_hnsw"], 1),
        "GIN tsvector build s": round(builds["memory_content_tsv"], 1),
    }


def main() -> None:
    args = parse_args()
    sizes = args.sizes
    qs = questions(args.queries)
    results: dict[int, dict[str, Any]] = {}
    with c.temp_server(SERVER_SETTINGS, restart=True) as admin:
        dsn = c.fresh_database(admin)
        with psycopg.connect(dsn) as conn:
            defs = {
                name: conn.execute("SELECT indexdef FROM pg_indexes WHERE indexname = %s", (name,)).fetchone()[0]
                for name in BULK_INDEXES
            }
        with c.open_store(dsn, threads=args.threads) as store:
            texts = c.short_turns(args.base, seed=11)
            started = time.perf_counter()
            vecs = store.embedder.embed_documents(texts)
            bulk = Bulk(texts, vecs, time.perf_counter() - started)
            for size in sizes:
                row = grow_to(args, dsn, store, bulk, defs, size)
                row.update(measure_size(args, admin, dsn, store, qs, size, tag=f"z{size}"))
                results[size] = row
                print(f"-- {size}: {row}", flush=True)
    report(args, results, bulk)


def report(args: Any, results: dict[int, dict[str, Any]], bulk: Bulk) -> None:
    """Every size's figures, the growth ratios (#7) and the targets' checks."""
    sizes = args.sizes
    small, large = results[sizes[0]], results[sizes[-1]]
    figures: dict[str, Any] = {
        "base turns embedded for real": f"{args.base} in {bulk.embed_seconds:.1f}s",
        "synthetic bulk vectors": args.synthetic,
    }
    for size in sizes:
        for key, value in results[size].items():
            figures[f"[{size:,}] {key}"] = round(value, 3) if isinstance(value, float) else value
    ingest_ratio = large["ingest turns/s"] / small["ingest turns/s"]
    p95_ratio = large["recall p95 ms"] / small["recall p95 ms"]
    figures[f"#7 ingest at {sizes[-1]:,} / at {sizes[0]:,}"] = round(ingest_ratio, 3)
    figures[f"#7 recall p95 at {sizes[-1]:,} / at {sizes[0]:,}"] = round(p95_ratio, 3)
    at_1m = 1_000_000 in results
    ov_key = next(k for k in large if k.startswith("overlap@10"))
    c.report(
        "4+7 recall at scale, growth",
        figures,
        [
            ("#4 p50 <= 5 ms at 1M", large["recall p50 ms"] <= 5 if at_1m else None),
            ("#4 p95 <= 15 ms at 1M", large["recall p95 ms"] <= 15 if at_1m else None),
            ("#4 HNSW overlap@10 >= 0.95", large[ov_key] >= 0.95),
            ("#7 ingest at largest >= 80% of smallest", ingest_ratio >= 0.8),
            ("#7 recall p95 at largest <= 120% of smallest", p95_ratio <= 1.2),
        ],
        as_json=args.json,
    )


if __name__ == "__main__":
    main()
