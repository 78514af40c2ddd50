"""LoCoMo evidence recall per tier and category, at an equal content budget and at k=10.

    python benchmarks/locomo_recall.py PATH/locomo5.json [--budget 4000] [--k 10] [--conversations N]
        [--conversations-from M] [--json] [--dump PATH]

LoCoMo (Maharana et al., ACL 2024; CC BY-NC 4.0) is read from the path given:
never copied into the repository. Per conversation, in its own namespace:
every turn is staged (session = LoCoMo session, ts = the session's date_time,
seq = the turn's position, role ``user`` for speaker_a and ``assistant`` for
speaker_b, content ``Speaker: text`` — the roles can't name two people — with
the image caption appended where a turn shared one),
``run_realtime`` embeds them, and every question with labelled evidence turns
(``dia_id``s) is asked through ``MemoryStore.recall`` (the provisional tier);
then ``run_consolidate(min_quiet_seconds=0)`` and the questions again (the
consolidated tier). A question's score is the share of its evidence turns
covered by what recall returned:

- at an equal budget (``--budget`` characters of returned content): rows are
  taken in rank order while their content fits the budget, so a bigger row
  cannot win by covering more turns;
- at ``--k`` rows, whatever their length.

A returned row covers the turns it was derived from: its ``event_ids`` (a
provisional turn: itself; an episode or passage: the turns it was built from;
a fact: the turns that stated it). In the same run, two baselines over the raw
turns (same texts as staged): plain Okapi BM25 (k1 1.5, b 0.75, lowercase word
tokens) and vector-only (the same embedder, exact cosine over every turn).

``--dump PATH`` writes one JSON line per question and tier (``provisional``,
``consolidated``): the question's id (``sample_id:index`` in the file's ``qa``
list), category, the evidence turns found and missed at the budget, and the rows
that filled the budget (kind, length, turns covered, the content's opening), so two
runs can be compared question by question. It holds LoCoMo's text: keep it out of
the repository.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

import _common as c
import numpy as np

from memory_sink import MemoryStore, perspective, term_stats
from memory_sink import recall as recall_sql
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
COLUMNS = ("all", "multi-hop", "temporal", "single-hop", "open-domain", "adversarial")
ALL = ("multi-hop", "temporal", "single-hop", "open-domain")  # "all": every answerable category
SYSTEMS = ("BM25 over turns", "vector-only over turns", "provisional", "consolidated")
DATE = re.compile(r"(\d{1,2}):(\d{2})\s*([ap]m) on (\d{1,2}) (\w+),? (\d{4})", re.I)

# Rows a budgeted recall asks for: enough that the budget, not k, stops the list.
BUDGET_K = 100


@dataclass(frozen=True)
class Turn:
    dia_id: str
    session: str
    speaker: str
    role: str
    text: str
    ts: datetime
    seq: int


@dataclass(frozen=True)
class Question:
    qid: str  # sample_id:index in the file's qa list, stable across runs and commits
    text: str
    category: str
    evidence: frozenset[str]


@dataclass(frozen=True)
class Row:
    """One recalled row as scored: its content, kind and the turns (dia_ids) it covers."""

    content: str
    kind: str
    dia_ids: tuple[str, ...]


@dataclass
class Conversation:
    sample_id: str
    turns: list[Turn]
    questions: list[Question]
    event_to_dia: dict[str, str] = field(default_factory=dict)


def parse_date(text: str) -> datetime:
    """LoCoMo's ``1:56 pm on 8 May, 2023`` as an aware UTC datetime."""
    m = DATE.search(text)
    if m is None:
        raise ValueError(f"session date_time: not understood: {text!r}")
    hour, minute, half, day, month, year = m.groups()
    h = int(hour) % 12 + (12 if half.lower() == "pm" else 0)
    parsed = datetime.strptime(f"{day} {month} {year}", "%d %B %Y")
    return parsed.replace(hour=h, minute=int(minute), tzinfo=UTC)


def turn_text(raw: dict[str, Any]) -> str:
    """The turn as staged: who said it (tiermem's roles can't name two people), its text, and
    what a shared image showed (BLIP's caption)."""
    caption = raw.get("blip_caption")
    text = f"{raw['speaker']}: {raw['text']}"
    return f"{text} [image: {caption}]" if caption else text


def load(path: Path, limit: int | None, first: int = 1) -> list[Conversation]:
    """Conversations ``first`` (1-based) onwards, at most ``limit`` of them."""
    data = json.loads(path.read_text())
    conversations = []
    for sample in data[first - 1 :][:limit]:
        conv = sample["conversation"]
        turns: list[Turn] = []
        n = 1
        while f"session_{n}" in conv:
            ts = parse_date(conv[f"session_{n}_date_time"])
            for i, raw in enumerate(conv[f"session_{n}"]):
                role = "user" if raw["speaker"] == conv["speaker_a"] else "assistant"
                turns.append(Turn(raw["dia_id"], f"session_{n}", raw["speaker"], role, turn_text(raw), ts, i))
            n += 1
        known = {t.dia_id for t in turns}
        questions = []
        for index, qa in enumerate(sample["qa"]):
            # Evidence is a list of dia_ids; a few entries hold two ("D8:6; D9:17") or a typo ("D").
            evidence = frozenset(
                e for item in qa.get("evidence") or [] for e in re.split(r"[;,\s]+", item) if e in known
            )
            if evidence:
                qid = f"{sample['sample_id']}:{index}"
                questions.append(Question(qid, qa["question"], CATEGORIES[qa["category"]], evidence))
        conversations.append(Conversation(sample["sample_id"], turns, questions))
    return conversations


# --- scoring ---------------------------------------------------------------------------------


def within_budget(rows: Sequence[Row], budget: int) -> list[Row]:
    """The rows taken in rank order while their content fits the budget."""
    used, taken = 0, list[Row]()
    for row in rows:
        used += len(row.content)
        if used > budget:
            break
        taken.append(row)
    return taken


def covered_at_budget(rows: Sequence[Row], budget: int) -> set[str]:
    """Turns covered by the rows taken in rank order while they fit the budget."""
    return {d for row in within_budget(rows, budget) for d in row.dia_ids}


def covered_at_k(rows: Sequence[Row], k: int) -> set[str]:
    return {d for row in rows[:k] for d in row.dia_ids}


def dump_line(system: str, q: Question, pool: Sequence[Row], budget: int) -> str:
    """One question's record for ``--dump``: what the budget held and which evidence it found."""
    taken = within_budget(pool, budget)
    seen = {d for row in taken for d in row.dia_ids}
    record = {
        "question": q.qid,
        "category": q.category,
        "tier": system,
        "found": sorted(q.evidence & seen),
        "missed": sorted(q.evidence - seen),
        "rows": [
            {"kind": r.kind, "chars": len(r.content), "turns": list(r.dia_ids), "opening": r.content[:100]}
            for r in taken
        ],
    }
    return json.dumps(record)


@dataclass
class Scores:
    """Per system and column, the per-question shares of evidence covered."""

    budget: dict[str, dict[str, list[float]]] = field(default_factory=dict)
    at_k: dict[str, dict[str, list[float]]] = field(default_factory=dict)

    def add(self, system: str, q: Question, by_budget: set[str], by_k: set[str]) -> None:
        for table, seen in ((self.budget, by_budget), (self.at_k, by_k)):
            share = len(q.evidence & seen) / len(q.evidence)
            cols = table.setdefault(system, {})
            cols.setdefault(q.category, []).append(share)
            if q.category in ALL:
                cols.setdefault("all", []).append(share)

    @staticmethod
    def means(table: dict[str, dict[str, list[float]]]) -> dict[str, dict[str, float | None]]:
        return {
            s: {col: (round(sum(v) / len(v), 3) if (v := table.get(s, {}).get(col)) else None) for col in COLUMNS}
            for s in SYSTEMS
            if s in table
        }


# --- baselines over the raw turns -----------------------------------------------------------

WORD = re.compile(r"[a-z0-9]+")


def tokens(text: str) -> list[str]:
    return WORD.findall(text.lower())


class BM25:
    """Okapi BM25 over a list of documents (k1 1.5, b 0.75, Lucene's non-negative idf)."""

    def __init__(self, docs: Sequence[str], k1: float = 1.5, b: float = 0.75) -> None:
        self.tf = [Counter(tokens(d)) for d in docs]
        self.len = [sum(t.values()) for t in self.tf]
        self.avg = sum(self.len) / max(len(docs), 1)
        df = Counter(w for t in self.tf for w in t)
        n = len(docs)
        self.idf = {w: math.log(1 + (n - f + 0.5) / (f + 0.5)) for w, f in df.items()}
        self.k1, self.b = k1, b

    def rank(self, query: str) -> list[int]:
        terms = set(tokens(query))
        scores = []
        for i, tf in enumerate(self.tf):
            norm = self.k1 * (1 - self.b + self.b * self.len[i] / self.avg)
            s = sum(self.idf[w] * tf[w] * (self.k1 + 1) / (tf[w] + norm) for w in terms if w in tf)
            scores.append(s)
        return sorted(range(len(scores)), key=lambda i: -scores[i])


def baseline_rankers(store: MemoryStore, conv: Conversation) -> dict[str, Callable[[str], list[int]]]:
    texts = [t.text for t in conv.turns]
    bm25 = BM25(texts)
    vecs = store.embedder.embed_documents(texts)

    def vector(question: str) -> list[int]:
        sims = vecs @ store.embedder.embed_query(question)
        return list(np.argsort(-sims, kind="stable"))

    return {"BM25 over turns": bm25.rank, "vector-only over turns": vector}


# --- the run ---------------------------------------------------------------------------------


def stage(store: MemoryStore, conv: Conversation) -> None:
    rows = [
        {
            "namespace": conv.sample_id,
            "session_id": t.session,
            "role": t.role,
            "content": t.text,
            "ts": t.ts.isoformat(),
            "seq": t.seq,
            "metadata": {"dia_id": t.dia_id, "speaker": t.speaker},
        }
        for t in conv.turns
    ]
    report = store.stage_many(rows, batch_size=5000)
    if report.inserted != len(rows):
        raise SystemExit(f"{conv.sample_id}: staged {report.inserted} of {len(rows)}: {report.rejected[:1]}")
    with store.connection() as conn:
        conv.event_to_dia = dict(
            conn.execute(
                "SELECT event_id, metadata->>'dia_id' FROM memory_staging WHERE namespace = %s", (conv.sample_id,)
            ).fetchall()
        )


def recalled(store: MemoryStore, conv: Conversation, question: str, k: int) -> list[Row]:
    found = store.recall(question, namespace=conv.sample_id, k=k)
    return [Row(m.content, m.kind, tuple(conv.event_to_dia[e] for e in m.event_ids)) for m in found]


def score_tier(
    store: MemoryStore, conversations: Sequence[Conversation], system: str, args: Any, out: Scores, dump: IO[str] | None
) -> float:
    """Ask every question of every conversation (a line each to ``dump``, if given); returns the median recall
    latency (ms)."""
    latencies = []
    for conv in conversations:
        for q in conv.questions:
            started = time.perf_counter()
            pool = recalled(store, conv, q.text, BUDGET_K)
            latencies.append((time.perf_counter() - started) * 1000)
            top = recalled(store, conv, q.text, args.k)
            out.add(system, q, covered_at_budget(pool, args.budget), covered_at_k(top, args.k))
            if dump is not None:
                print(dump_line(system, q, pool, args.budget), file=dump)
    return c.median(latencies)


def score_baselines(store: MemoryStore, conversations: Sequence[Conversation], args: Any, out: Scores) -> None:
    for conv in conversations:
        for system, rank in baseline_rankers(store, conv).items():
            for q in conv.questions:
                rows = [Row(conv.turns[i].text, "turn", (conv.turns[i].dia_id,)) for i in rank(q.text)[:BUDGET_K]]
                out.add(system, q, covered_at_budget(rows, args.budget), covered_at_k(rows, args.k))


# The reference recall is timed against: its statement reading the idf statistics from pg_stats
# in every query, where ``term_stats`` caches them per process.
_READ_TERMS = """
SELECT most_common_elems::text::text[], most_common_elem_freqs FROM pg_stats
WHERE schemaname = current_schema() AND tablename = 'memory' AND attname = 'content_tsv'
"""
PER_QUERY_STATS = recall_sql.RECALL_ACTIVE.replace(
    recall_sql.WEIGHTS,
    f"""stats(elems, freqs) AS ({_READ_TERMS}), terms AS MATERIALIZED (
    SELECT quote_literal(lex)::tsquery AS tq, (quote_literal(lex) || ':A')::tsquery AS own,
           ln(1 + 1 / coalesce(s.freqs[array_position(s.elems, lex)], s.freqs[cardinality(s.elems) + 1] / 2, 0.5))
               AS idf
    FROM unnest(tsvector_to_array(to_tsvector('english', %(text)s))) lex LEFT JOIN stats s ON true
), selective AS (
    SELECT string_agg(tq::text, ' | ')::tsquery AS query
    FROM (SELECT tq FROM terms ORDER BY idf DESC
          LIMIT (SELECT CASE WHEN count(*) > 0 THEN {term_stats.LEXICAL_TERMS} END FROM stats)) t
)""",
)


def sql_timing(store: MemoryStore, conversations: Sequence[Conversation]) -> dict[str, str]:
    """Recall's fused statement alone (k = 10), as now and as before (pg_stats read in it, plans chosen per call),
    interleaved per question."""
    assert PER_QUERY_STATS != recall_sql.RECALL_ACTIVE, "the statistics CTE moved: update PER_QUERY_STATS"
    took: dict[str, list[float]] = {"now": [], "pg_stats per query, plans chosen per call": []}
    with store.connection() as conn:
        conn.execute(recall_sql.SET_LEXICAL_POOL, (str(recall_sql.LEXICAL_POOL),))
        for conv in conversations:
            for q in conv.questions:
                params = {"q": store.embedder.embed_query(q.text), "ns": conv.sample_id, "k": 10, "n": 40}
                params |= {"kinds": list(recall_sql.DEFAULT_KINDS), "unpassaged": True, "text": q.text}
                params |= perspective.params(q.text)
                order = [
                    ("now", recall_sql.RECALL_ACTIVE),
                    ("pg_stats per query, plans chosen per call", PER_QUERY_STATS),
                ]
                for name, sql in order if len(took["now"]) % 2 else order[::-1]:  # alternate the first
                    new = sql is recall_sql.RECALL_ACTIVE  # the reference runs with the server's plan choice
                    conn.execute(f"SET LOCAL plan_cache_mode = {'force_generic_plan' if new else 'auto'}")
                    started = time.perf_counter()
                    weights = term_stats.params(conn, q.text, conv.sample_id) if new else {}
                    conn.execute(sql, params | weights, prepare=True).fetchall()
                    took[name].append((time.perf_counter() - started) * 1000)
    return {name: f"p50 {c.percentile(t, 50):.1f} / p95 {c.percentile(t, 95):.1f}" for name, t in took.items()}


def analyze(store: MemoryStore) -> None:
    """What autovacuum does within a minute of a bulk change: fresh column statistics (recall's idf)."""
    with store.connection() as conn:
        conn.execute("ANALYZE memory")
    term_stats.forget()


def row_stats(store: MemoryStore, conversations: Sequence[Conversation]) -> dict[str, Any]:
    """Active rows per tier and kind, and their mean length, over the benchmark's namespaces."""
    with store.connection() as conn:
        rows = conn.execute(
            "SELECT tier || ' ' || kind, count(*), round(avg(length(content))) FROM memory"
            " WHERE superseded_at IS NULL AND namespace = ANY(%s) GROUP BY 1 ORDER BY 1",
            ([cv.sample_id for cv in conversations],),
        ).fetchall()
    return {name: f"{n} rows, {int(mean)} chars on average" for name, n, mean in rows}


def run(args: Any) -> dict[str, Any]:
    conversations = load(Path(args.path), args.conversations, args.conversations_from)
    out = Scores()
    stats: dict[str, Any] = {}
    with (
        open(args.dump, "w") if args.dump else contextlib.nullcontext() as dump,
        c.temp_server() as admin,
        c.open_store(c.fresh_database(admin), threads=args.threads) as store,
    ):
        for conv in conversations:
            stage(store, conv)
        run_realtime(store)
        analyze(store)
        score_baselines(store, conversations, args, out)
        stats["provisional recall p50 (ms)"] = score_tier(store, conversations, "provisional", args, out, dump)
        stats["provisional rows"] = row_stats(store, conversations)
        stats["provisional recall SQL ms"] = sql_timing(store, conversations)
        report = run_consolidate(store, min_quiet_seconds=0)
        assert report.sessions_failed == 0, report.failures
        analyze(store)
        stats["consolidated recall p50 (ms)"] = score_tier(store, conversations, "consolidated", args, out, dump)
        stats["consolidated rows"] = row_stats(store, conversations)
        stats["consolidated recall SQL ms"] = sql_timing(store, conversations)
    counts = Counter(q.category for conv in conversations for q in conv.questions)
    stats["questions"] = {"all": sum(counts[col] for col in ALL), **{col: counts[col] for col in COLUMNS[1:]}}
    return {"budget": Scores.means(out.budget), "at_k": Scores.means(out.at_k), "stats": stats}


def table(title: str, means: dict[str, dict[str, float | None]]) -> list[str]:
    lines = [title, "| | " + " | ".join(COLUMNS) + " |", "|---|" + "---|" * len(COLUMNS)]
    for system, cols in means.items():
        cells = ["" if cols[col] is None else f"{cols[col]:.3f}" for col in COLUMNS]
        lines.append(f"| {system} | " + " | ".join(cells) + " |")
    return lines


def targets(means: dict[str, dict[str, float | None]]) -> list[tuple[str, bool | None]]:
    bm25, prov, cons = (means[s] for s in ("BM25 over turns", "provisional", "consolidated"))

    def ge(a: float | None, b: float | None, margin: float) -> bool | None:
        return None if a is None or b is None else a >= b + margin

    per_category = [ge(cons[col], prov[col], 0.0) for col in COLUMNS[1:] if prov[col] is not None]
    return [
        ("provisional >= BM25 + 0.05 (budget, all)", ge(prov["all"], bm25["all"], 0.05)),
        ("consolidated >= provisional + 0.05 (budget, all)", ge(cons["all"], prov["all"], 0.05)),
        ("no category: consolidated < provisional (budget)", all(v is not False for v in per_category)),
    ]


def main() -> None:
    p = c.parser(__doc__.splitlines()[0])
    p.add_argument("path", help="LoCoMo JSON (e.g. locomo5.json); never copied anywhere")
    p.add_argument("--budget", type=int, default=4000, help="characters of returned content (default 4000)")
    p.add_argument("--k", type=int, default=10, help="rows for the at-k figures (default 10)")
    p.add_argument("--conversations", type=int, default=None, help="only N conversations (the first N unless told)")
    p.add_argument(
        "--conversations-from", type=int, default=1, metavar="M", help="start at conversation M (1-based; default 1)"
    )
    p.add_argument(
        "--dump", metavar="PATH", help="write each question's found and missed evidence per tier, one JSON line each"
    )
    args = p.parse_args()
    result = run(args)
    checks = targets(result["budget"])
    lines = [
        *table(f"evidence recall at {args.budget:,} characters of returned content", result["budget"]),
        "",
        *table(f"evidence recall at k={args.k}", result["at_k"]),
    ]
    if not args.json:
        print("\n".join(lines))
        print()
    c.report("LoCoMo evidence recall", result["stats"], checks, as_json=args.json, extra=result)


if __name__ == "__main__":
    main()
