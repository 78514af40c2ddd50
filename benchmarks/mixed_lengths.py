"""Benchmark #3: mixed-length turns (5 to 400 tokens) against uniform short turns.

    python benchmarks/mixed_lengths.py [--texts 1500] [--runs 5]

Throughput is counted in tokens the model actually reads (after truncation at
the model's ``max_tokens``, 256 for MiniLM: longer turns are cut, as in the
pipeline), per second, through ``Embedder.embed_documents``. Both corpora run in
the same process, interleaved. For comparison, the mixed corpus also runs with
naive batching (on ``--naive-texts`` of them): fixed batches of 32 in arrival order, padded to the longest
text of each batch (what length sorting avoids), through the same session.

Target: mixed >= 80% of the uniform per-token throughput.
"""

from __future__ import annotations

import time

import _common as c
from _model import model_feeds

from memory_sink.config import EmbedderConfig
from memory_sink.embedder import load_embedder


def naive_batches_seconds(embedder, texts, size: int = 32) -> float:  # type: ignore[no-untyped-def]
    """Fixed batches in arrival order, padded to the batch's longest text (no sorting)."""
    ids = embedder._token_ids(list(texts))
    started = time.perf_counter()
    for start in range(0, len(ids), size):
        feed = embedder.model_inputs(ids[start : start + size])
        embedder._session.run([embedder._output], feed)
    return time.perf_counter() - started


def main() -> None:
    p = c.parser(__doc__.splitlines()[0])
    p.add_argument("--texts", type=int, default=1500, help="texts per corpus (default 1500)")
    p.add_argument("--naive-texts", type=int, default=300, help="mixed texts for the naive-batching anchor")
    p.set_defaults(runs=5)
    args = p.parse_args()
    emb = load_embedder(EmbedderConfig(threads=args.threads))
    uniform = c.short_turns(args.texts * 4, seed=3)  # ~4x as many short texts: similar wall time
    mixed = c.mixed_turns(args.texts, seed=3)
    tokens = {name: sum(len(x) for x in emb._token_ids(t)) for name, t in (("uniform", uniform), ("mixed", mixed))}
    emb.embed_documents(mixed[:50])
    naive_part = mixed[: args.naive_texts]  # the anchor is slow: a slice of the same corpus
    naive_tokens = sum(len(x) for x in emb._token_ids(naive_part))
    rates: dict[str, list[float]] = {"uniform": [], "mixed": [], "mixed, naive batches": []}
    for run in range(args.runs):
        pairs = [("uniform", uniform), ("mixed", mixed)]
        for name, texts in pairs if run % 2 == 0 else pairs[::-1]:
            rates[name].append(tokens[name] / c.timed(lambda: emb.embed_documents(texts)))
        rates["mixed, naive batches"].append(naive_tokens / naive_batches_seconds(emb, naive_part))
    ratios = [m / u for m, u in zip(rates["mixed"], rates["uniform"])]
    lengths = [len(x) for x in emb._token_ids(mixed)]
    sorted_feeds = model_feeds(emb, mixed)
    padded = sum(int(f["input_ids"].size) for f in sorted_feeds)
    naive_padded = sum(len(lengths[s : s + 32]) * max(lengths[s : s + 32]) for s in range(0, len(lengths), 32))
    figures = {
        "uniform: texts, tokens": f"{len(uniform)}, {tokens['uniform']}",
        "mixed: texts, tokens": f"{len(mixed)}, {tokens['mixed']}",
        "mixed token lengths p5/p50/p95/max (after truncation)": "/".join(
            str(int(c.percentile(lengths, q))) for q in (5, 50, 95, 100)
        ),
        "uniform tokens/s (median)": c.median(rates["uniform"]),
        "mixed tokens/s (median)": c.median(rates["mixed"]),
        "mixed / uniform (median of per-run ratios)": c.median(ratios),
        "anchor: mixed, naive batches tokens/s": c.median(rates["mixed, naive batches"]),
        "padding waste, sorted runs": f"{(padded - tokens['mixed']) / padded:.1%}",
        "padding waste, naive batches": f"{(naive_padded - tokens['mixed']) / naive_padded:.1%}",
        "runs: mixed/uniform": [round(r, 2) for r in ratios],
    }
    c.report(
        "3 mixed-length turns",
        figures,
        [("mixed >= 80% of uniform per token", c.median(ratios) >= 0.8)],
        as_json=args.json,
    )


if __name__ == "__main__":
    main()
