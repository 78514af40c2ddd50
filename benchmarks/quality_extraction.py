"""Extraction quality: the real consolidator on labelled sentences, against gold triples.

    python benchmarks/quality_extraction.py [--split tuning|dev|…|dev6|heldout] [--limit N] [--show-errors] [--json]
                                            [--config deployment.yaml]

Each sentence of ``benchmarks/data/extraction/{tuning,dev,heldout}.jsonl`` is one
session of one turn (role ``user``; a third-person sentence is a user stating a
fact), framed as the pipeline frames it and given to the consolidator the
deployment names (``extractive`` by default; ``--config`` scores another one),
built through ``build_consolidator`` and checked by ``run_consolidator`` exactly
as in the nightly run. Facts and gold are compared as exact (subject, predicate,
object, retract) after lower-casing, collapsing whitespace and dropping a
leading article; the predicates are the canonical ones of
``benchmarks/data/extraction/PREDICATES.md``. A required retraction is gold; an
``optional_retracts`` entry neither earns nor costs.

Figures per split and speaker: precision, recall, F1; "negatives clean" (share of
sentences that must yield nothing and did); key consistency (share of key groups,
among those where at least two phrasings yielded a fact, whose phrasings all
yielded the same set of (subject, predicate) keys). The tuning split is the one
rules may be tuned on; the dev split has been looked at while tuning (a second
check, no longer held out); the held-out split is scored only and is the figure.

Targets (held-out): precision >= 0.95, recall >= 0.80, key consistency >= 0.95.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import _common as c
from _quality import SPEAKERS, SPLITS, Sentence, load_sentences, norm_triple, ratio, split_path

from consolidators import Consolidator, Context, Turn, build_transcript, run_consolidator
from memory_sink.config import Config, config_from_mapping, load_config
from pipelines.consolidate import build_consolidator

TARGETS = {"precision": 0.95, "recall": 0.80, "key consistency": 0.95}
_TS = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)

Scored = tuple[str, str, str, bool]  # normalised subject, predicate, object; retract?


@dataclass
class Outcome:
    """What came out of one sentence, beside what should have."""

    sentence: Sentence
    predicted: set[Scored]
    gold: set[Scored] = field(init=False)
    optional: set[Scored] = field(init=False)

    def __post_init__(self) -> None:
        s = self.sentence
        self.gold = {(*norm_triple(*t), False) for t in s.gold} | {(*norm_triple(*t), True) for t in s.retracts}
        self.optional = {(*norm_triple(*t), True) for t in s.optional_retracts}

    @property
    def hits(self) -> set[Scored]:
        return self.predicted & self.gold

    @property
    def misses(self) -> set[Scored]:
        return self.gold - self.predicted

    @property
    def false_positives(self) -> set[Scored]:
        return self.predicted - self.gold - self.optional

    def keys(self) -> frozenset[tuple[str, str, bool]]:
        """The (subject, predicate, retract?) keys it produced; an optional retraction is not part of the phrasing."""
        return frozenset((s, p, r) for s, p, _, r in self.predicted - self.optional)


def consolidator_config(path: str | None) -> Config:
    if path:
        return load_config(path)
    return config_from_mapping({"consolidate": {"consolidator": {"kind": "extractive"}}})


def extract(consolidator: Consolidator, config: Config, sentence: Sentence) -> set[Scored]:
    """Run ``sentence`` as a one-turn session through the consolidator, as the pipeline would."""
    turn = Turn(event_id=f"{sentence.id}-e0", role="user", content=sentence.text, ts=_TS, seq=0)
    ep = config.consolidate.episode
    transcript = build_transcript(
        "quality",
        sentence.id,
        [turn],
        max_gap_seconds=ep.max_gap_seconds,
        max_turns=ep.max_turns,
        max_words=ep.max_words,
    )
    result = run_consolidator(consolidator, transcript, Context())
    return {(*norm_triple(f.subject, f.predicate, f.object), bool(f.retract)) for f in result.facts}


def _key_groups(outcomes: Iterable[Outcome]) -> dict[str, list[Outcome]]:
    """Key groups that can be scored: two or more of their phrasings extracted something."""
    groups: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        if o.sentence.key_group is not None and o.keys():
            groups[o.sentence.key_group].append(o)
    return {group: members for group, members in groups.items() if len(members) >= 2}


def key_consistency(outcomes: Iterable[Outcome]) -> tuple[float | None, int]:
    """Share of scorable key groups whose extracting phrasings agree on their keys; and how many were scorable."""
    scorable = _key_groups(outcomes).values()
    consistent = sum(1 for members in scorable if len({o.keys() for o in members}) == 1)
    return ratio(consistent, len(scorable)), len(scorable)


def figures_of(outcomes: Sequence[Outcome]) -> dict[str, Any]:
    """Precision, recall, F1, negatives clean and key consistency of a slice of outcomes."""
    tp = sum(len(o.hits) for o in outcomes)
    fp = sum(len(o.false_positives) for o in outcomes)
    fn = sum(len(o.misses) for o in outcomes)
    precision, recall = ratio(tp, tp + fp), ratio(tp, tp + fn)
    f1 = 2 * precision * recall / (precision + recall) if precision and recall else None
    negatives = [o for o in outcomes if not o.gold]
    consistency, groups = key_consistency(outcomes)
    return {
        "sentences": len(outcomes),
        "gold": tp + fn,
        "predicted": tp + fp + sum(len(o.predicted & o.optional) for o in outcomes),
        "tp": tp,
        "fp": fp,
        "fn": fn,
        "precision": precision,
        "recall": recall,
        "f1": f1,
        "negatives clean": ratio(sum(1 for o in negatives if not o.predicted), len(negatives)),
        "key consistency": consistency,
        "key groups scored": groups,
    }


def run_split(consolidator: Consolidator, config: Config, split: str, limit: int | None) -> list[Outcome]:
    sentences = load_sentences(split_path("extraction", split))[:limit]
    return [Outcome(s, extract(consolidator, config, s)) for s in sentences]


def slices(results: dict[str, list[Outcome]]) -> dict[str, dict[str, Any]]:
    """Figures per split, per split and speaker."""
    out = {}
    for split, outcomes in results.items():
        out[f"{split} all"] = figures_of(outcomes)
        for speaker in SPEAKERS:
            out[f"{split} {speaker}"] = figures_of([o for o in outcomes if o.sentence.speaker == speaker])
    return out


def verdicts(table: dict[str, dict[str, Any]], split: str) -> dict[str, str]:
    """MET / NOT met per target on ``split``'s whole slice (n/a when nothing was scorable)."""
    row = table.get(f"{split} all", {})
    out = {}
    for name, goal in TARGETS.items():
        value = row.get(name)
        out[f"{split}: {name} >= {goal}"] = "n/a" if value is None else "met" if value >= goal else "NOT met"
    return out


def _fmt(value: Any) -> str:
    return "n/a" if value is None else f"{value:.3f}" if isinstance(value, float) else str(value)


def print_table(table: dict[str, dict[str, Any]], consolidator: str, targets: dict[str, str]) -> None:
    cols = {"sentences": "sent.", "gold": "gold", "tp": "tp", "fp": "fp", "fn": "fn", "precision": "precision"}
    cols |= {"recall": "recall", "f1": "f1", "negatives clean": "neg. clean", "key consistency": "key cons. (groups)"}
    m = c.machine()
    print(f"== extraction quality: {consolidator} ==")
    print(f"   {m['date']} | {m['cpu']} | {m['cores']} cores")
    widths = [6, 5, 4, 4, 4, 10, 8, 7, 11, 19]
    print(f"   {'slice':<14}" + "".join(f"{head:>{w}}" for head, w in zip(cols.values(), widths)))
    for name, row in table.items():
        cells = [_fmt(row[col]) for col in cols]
        cells[-1] += f" ({row['key groups scored']})"
        print(f"   {name:<14}" + "".join(f"{cell:>{w}}" for cell, w in zip(cells, widths)))
    goals = ", ".join(f"{k} >= {v}" for k, v in TARGETS.items())
    print(f"   targets ({goals}; held-out is the figure; key groups scored in brackets):")
    for target, verdict in targets.items():
        print(f"   target {target}: {verdict}")


def print_errors(results: dict[str, list[Outcome]]) -> None:
    def show(t: Scored) -> str:
        return f"({t[0]} | {t[1]} | {t[2]}){' RETRACT' if t[3] else ''}"

    for split, outcomes in results.items():
        for o in outcomes:
            for t in sorted(o.misses):
                print(f"MISS {split} {o.sentence.id} {o.sentence.text!r}: {show(t)}")
            for t in sorted(o.false_positives):
                print(f"FP   {split} {o.sentence.id} {o.sentence.text!r}: {show(t)}")
        for group, members in _key_groups(outcomes).items():
            if len({o.keys() for o in members}) > 1:  # the phrasings disagree: show each one's keys
                for o in members:
                    keys = "; ".join(f"{s_} | {p_}{' RETRACT' if r_ else ''}" for s_, p_, r_ in sorted(o.keys()))
                    print(f"KEYS {split} {group} {o.sentence.id} {o.sentence.text!r}: {keys}")


def main() -> None:
    p = c.parser(__doc__.splitlines()[0])
    p.add_argument("--split", choices=SPLITS, action="append", help="score only this split (repeatable)")
    p.add_argument("--limit", type=int, default=None, help="first N sentences of each split (smoke runs)")
    p.add_argument(
        "--show-errors",
        action="store_true",
        help="list every miss and false positive, and the key groups whose phrasings disagree",
    )
    p.add_argument("--config", default=None, help="deployment file whose consolidator to score (default extractive)")
    args = p.parse_args()
    config = consolidator_config(args.config)
    consolidator = build_consolidator(config)
    results = {split: run_split(consolidator, config, split, args.limit) for split in args.split or SPLITS}
    table = slices(results)
    figure_split = "heldout" if "heldout" in results else next(iter(results))
    targets = verdicts(table, figure_split)
    if args.show_errors:
        print_errors(results)
    name = getattr(consolidator, "name", type(consolidator).__name__)
    if args.json:
        doc = {"benchmark": "extraction quality", "consolidator": name, "machine": c.machine()}
        print(json.dumps({**doc, "figures": table, "targets": targets}, indent=2))
    else:
        print_table(table, name, targets)


if __name__ == "__main__":
    main()
