"""Ordered updates: after a stream of statements that change their minds, is the current answer on top?

    python benchmarks/ordered_updates.py [--split tuning|dev|…|dev6|heldout] [--limit N] [--show-errors] [--json]

``benchmarks/data/updates/{tuning,dev,heldout}.jsonl`` is a stream of statements
(third person and first-person chat, in world-time order: ``ts`` and ``seq``)
in which later statements of a single-valued relation contradict earlier ones,
mixed with distractors that must not supersede anything (multi-valued
relations such as ``speaks``, other subjects, hedges, plans, past states,
other people's facts), followed by questions whose answer is the object that
is current at the end of the stream.

Each split gets its own fresh database (one embedded server for the run). The
statements are replayed night by night, as a deployment would see them: every
statement is a user turn with its ``ts`` and ``seq``; the statements of one UTC
day form one session, staged, embedded by ``run_realtime`` and consolidated by
``run_consolidate`` (``min_quiet_seconds`` 0) before the next day is staged. The
consolidator and the supersession judge are the defaults (``extractive``, rules).

Per question, recall (``kinds=["fact"]``, k=100) is asked the question's text;
the facts it returns whose (subject, predicate) is the question's (compared
after lower-casing, collapsing whitespace and dropping a leading article) are
the candidates, best-scoring first:

- **tiermem**: active facts only (default recall). accuracy@1: the first
  candidate's object is the answer; @3: it is among the first three.
- **append-only baseline**, same run, same facts: every version ever extracted
  stays (``all_versions=True``, nothing superseded or retracted is hidden) and
  newer is not preferred; candidates are ranked by recall score alone.

Target: accuracy@1 >= 0.90 (held-out is the figure; tuning and dev have been
looked at while tuning the extractor).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import _common as c
from _quality import STREAM_SPLITS, Question, Statement, load_stream, norm, ratio, split_path

from memory_sink import MemoryStore
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime

TARGET = 0.90
RECALL_K = 100


@dataclass(frozen=True)
class Answered:
    """One question with the objects each store offered for its key, best first."""

    question: Question
    current: tuple[str, ...]
    append_only: tuple[str, ...]

    def hit(self, ranked: tuple[str, ...], k: int) -> bool:
        return norm(self.question.answer) in ranked[:k]

    @property
    def speaker(self) -> str:
        return "user" if norm(self.question.subject) == "user" else "third"


def nights(statements: Sequence[Statement]) -> list[list[Statement]]:
    """Statements grouped by UTC day, in stream order (the stream is ordered by ts)."""
    out: dict[str, list[Statement]] = defaultdict(list)
    for s in statements:
        out[s.ts[:10]].append(s)
    return [out[day] for day in sorted(out)]


def replay(store: MemoryStore, namespace: str, statements: Sequence[Statement]) -> dict[str, int]:
    """Stage, embed and consolidate the stream night by night; counts of what the pipeline did."""
    done = {"nights": 0, "sessions failed": 0, "facts written": 0}
    for night in nights(statements):
        rows = [
            {
                "namespace": namespace,
                "session_id": f"{namespace}-{night[0].ts[:10]}",
                "role": "user",
                "content": s.text,
                "ts": s.ts,
                "seq": s.seq,
            }
            for s in night
        ]
        staged = store.stage_many(rows)
        if staged.inserted != len(rows):
            raise RuntimeError(f"staging night {night[0].ts[:10]}: {staged}")
        run_realtime(store)
        report = run_consolidate(store, namespace=namespace, min_quiet_seconds=0)
        done["nights"] += 1
        done["sessions failed"] += report.sessions_failed
        done["facts written"] += report.facts
    return done


def candidates(store: MemoryStore, namespace: str, q: Question, *, all_versions: bool) -> tuple[str, ...]:
    """Objects of the recalled facts with the question's key, best-scoring first."""
    found = store.recall(q.text, namespace=namespace, k=RECALL_K, kinds=["fact"], all_versions=all_versions)
    key = (norm(q.subject), norm(q.predicate))
    return tuple(norm(m.object or "") for m in found if (norm(m.subject or ""), norm(m.predicate or "")) == key)


def run_split(store: MemoryStore, split: str, limit: int | None) -> tuple[dict[str, Any], list[Answered]]:
    statements, questions = load_stream(split_path("updates", split))
    statements = statements[:limit]
    counts = replay(store, split, statements)
    answered = [
        Answered(
            q,
            candidates(store, split, q, all_versions=False),
            candidates(store, split, q, all_versions=True),
        )
        for q in questions
    ]
    active = store.facts(namespace=split)
    counts = {"statements": len(statements), "questions": len(questions), **counts, "active facts": len(active)}
    return counts, answered


def accuracy(answered: Sequence[Answered]) -> dict[str, float | None]:
    n = len(answered)
    return {
        "accuracy@1": ratio(sum(a.hit(a.current, 1) for a in answered), n),
        "accuracy@3": ratio(sum(a.hit(a.current, 3) for a in answered), n),
        "append-only accuracy@1": ratio(sum(a.hit(a.append_only, 1) for a in answered), n),
        "append-only accuracy@3": ratio(sum(a.hit(a.append_only, 3) for a in answered), n),
        "no fact for the key": ratio(sum(1 for a in answered if not a.current), n),
    }


def figures_of(counts: dict[str, Any], answered: Sequence[Answered]) -> dict[str, Any]:
    out: dict[str, Any] = {**counts, **accuracy(answered)}
    for speaker in ("user", "third"):
        part = [a for a in answered if a.speaker == speaker]
        acc = accuracy(part)
        out[f"{speaker}: questions"] = len(part)
        out[f"{speaker}: accuracy@1"] = acc["accuracy@1"]
        out[f"{speaker}: append-only accuracy@1"] = acc["append-only accuracy@1"]
    return out


def _fmt(value: Any) -> str:
    return "n/a" if value is None else f"{value:.3f}" if isinstance(value, float) else str(value)


def print_table(table: dict[str, dict[str, Any]], targets: dict[str, str]) -> None:
    m = c.machine()
    print("== ordered updates: extractive + rules judge ==")
    print(f"   {m['date']} | {m['cpu']} | {m['cores']} cores")
    splits = list(table)
    rows = list(next(iter(table.values())))
    width = max(len(r) for r in rows)
    print(f"   {'':<{width}}" + "".join(f"{s:>12}" for s in splits))
    for r in rows:
        print(f"   {r:<{width}}" + "".join(f"{_fmt(table[s][r]):>12}" for s in splits))
    for target, verdict in targets.items():
        print(f"   target {target}: {verdict}")


def print_errors(results: dict[str, list[Answered]]) -> None:
    for split, answered in results.items():
        for a in answered:
            if not a.hit(a.current, 1):
                q = a.question
                print(
                    f"WRONG {split} ({q.subject} | {q.predicate}) expected {q.answer!r}: "
                    f"active {list(a.current[:3])}, all versions {list(a.append_only[:3])}"
                )


def main() -> None:
    p = c.parser(__doc__.splitlines()[0])
    p.add_argument("--split", choices=STREAM_SPLITS, action="append", help="run only this split (repeatable)")
    p.add_argument("--limit", type=int, default=None, help="replay only the first N statements (smoke runs)")
    p.add_argument("--show-errors", action="store_true", help="list every question whose top fact is wrong")
    args = p.parse_args()
    table: dict[str, dict[str, Any]] = {}
    results: dict[str, list[Answered]] = {}
    with c.temp_server() as admin:
        for split in args.split or STREAM_SPLITS:
            dsn = c.fresh_database(admin)
            try:
                with c.open_store(dsn, threads=args.threads) as store:
                    counts, results[split] = run_split(store, split, args.limit)
                table[split] = figures_of(counts, results[split])
            finally:
                c.drop_database(admin, dsn)
    figure = "heldout" if "heldout" in table else next(iter(table))
    value = table[figure]["accuracy@1"]
    verdict = "n/a" if value is None else "met" if value >= TARGET else "NOT met"
    targets = {f"{figure}: accuracy@1 >= {TARGET}": verdict}
    if args.show_errors:
        print_errors(results)
    if args.json:
        doc = {"benchmark": "ordered updates", "machine": c.machine(), "figures": table, "targets": targets}
        print(json.dumps(doc, indent=2))
    else:
        print_table(table, targets)


if __name__ == "__main__":
    main()
