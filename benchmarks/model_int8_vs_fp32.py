"""Benchmark #2: the int8 model against the fp32 model it was built from.

    python benchmarks/model_int8_vs_fp32.py [--texts 2000] [--runs 5] [--heldout PATH/locomo5.json]

Both models embed the same fixed set of short chat turns through the same code
path (``Embedder.embed_documents``: tokenize, length-sorted batches, pool), in the
same process, interleaved run by run (the order alternates), with the same
number of onnxruntime threads. The speed ratio is the median of per-run ratios.
Agreement is the cosine between the int8 and the fp32 vector of each text.
The anchor, fp32 with no batching (one text per session run), runs in the same
rounds on a slice of the texts. A second reference, "fp32 fused", is the fp32
model with the graph fusions the int8 recipe applies before quantizing
(``memory_sink.fusion``: MultiHeadAttention, BiasGelu): int8 over it is the
part of the speed-up that int8 itself buys.

With ``--heldout``, agreement is also measured on real chat text the int8 build
was never calibrated on: every LoCoMo turn (as ``benchmarks/locomo_recall.py``
stages it) and every question, read from the path given.

Targets: int8 >= 2x the fp32 throughput; cosine agreement mean >= 0.99 and
min >= 0.97 (on the held-out text when given).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import _common as c
import numpy as np
import onnx
from _model import model_feeds, run_feeds

from memory_sink.config import EmbedderConfig
from memory_sink.embedder import OnnxEmbedder, load_embedder, resolve_files
from memory_sink.fusion import fuse_encoder


def main() -> None:
    p = c.parser(__doc__.splitlines()[0])
    p.add_argument("--texts", type=int, default=2000, help="chat turns (default 2000)")
    p.add_argument("--naive-texts", type=int, default=200, help="texts for the unbatched anchor (default 200)")
    p.add_argument("--heldout", type=Path, help="LoCoMo JSON (e.g. locomo5.json): agreement on its turns")
    p.set_defaults(runs=5)
    args = p.parse_args()
    texts = c.short_turns(args.texts, seed=2)
    cfg = EmbedderConfig(threads=args.threads)
    int8 = load_embedder(cfg)
    fp32 = load_embedder(cfg, variant="fp32")
    tmp = tempfile.TemporaryDirectory(prefix="tiermem-fused-")
    fused = fused_fp32(fp32, Path(tmp.name) / "fused.onnx", args.threads)
    a, b = int8.embed_documents(texts), fp32.embed_documents(texts)  # also warms both sessions
    fused.embed_documents(texts)
    cos = (a * b).sum(axis=1)
    models = {"int8": int8, "fp32": fp32, "fp32 fused": fused}
    speed = interleaved_speeds(models, texts, runs=args.runs, naive_texts=args.naive_texts)
    ratios = [x / y for x, y in zip(speed["int8"], speed["fp32"])]
    model_ratios = [x / y for x, y in zip(speed["int8 model only"], speed["fp32 model only"])]
    fused_ratios = [x / y for x, y in zip(speed["int8"], speed["fp32 fused"])]
    figures = {
        "texts": len(texts),
        "mean tokens per text": round(float(np.mean([len(x) for x in int8._token_ids(texts)])), 1),
        "int8 texts/s (median)": c.median(speed["int8"]),
        "fp32 texts/s (median)": c.median(speed["fp32"]),
        "int8 / fp32 (median of per-run ratios)": c.median(ratios),
        "int8 / fp32, session.run only": c.median(model_ratios),
        "fp32 fused texts/s (median)": c.median(speed["fp32 fused"]),
        "int8 / fp32 fused (median of per-run ratios)": c.median(fused_ratios),
        "anchor: fp32 unbatched texts/s": c.median(speed["fp32 unbatched"]),
        "int8 over the anchor": c.median(speed["int8"]) / c.median(speed["fp32 unbatched"]),
        "cosine int8 vs fp32: mean": float(cos.mean()),
        "cosine int8 vs fp32: min": float(cos.min()),
        "cosine int8 vs fp32: p5": c.percentile(cos.tolist(), 5),
        "runs: int8/fp32 ratios": [round(r, 2) for r in ratios],
        "runs: int8/fp32 fused ratios": [round(r, 2) for r in fused_ratios],
    }
    tmp.cleanup()
    if args.heldout is not None:
        cos = heldout_agreement(int8, fp32, args.heldout)
        figures |= {
            "held-out texts (LoCoMo turns + questions)": len(cos),
            "held-out cosine: mean": float(cos.mean()),
            "held-out cosine: p5": c.percentile(cos.tolist(), 5),
            "held-out cosine: min": float(cos.min()),
        }
    c.report(
        "2 int8 vs fp32",
        figures,
        [
            (">= 2x faster", c.median(ratios) >= 2.0),
            ("mean cosine >= 0.99", float(cos.mean()) >= 0.99),
            ("min cosine >= 0.97", float(cos.min()) >= 0.97),
        ],
        as_json=args.json,
    )


def interleaved_speeds(
    models: dict[str, OnnxEmbedder], texts: list[str], *, runs: int, naive_texts: int
) -> dict[str, list[float]]:
    """Texts/s per run of each model, whole path and ``session.run`` alone, the order rotating run by run
    so no model always runs first (or last) on a warm machine; and the unbatched fp32 anchor each run."""
    feeds = {name: model_feeds(emb, texts) for name, emb in models.items()}
    speed: dict[str, list[float]] = {key: [] for name in models for key in (name, f"{name} model only")}
    speed["fp32 unbatched"] = []
    for run in range(runs):
        order = list(models.items())[run % len(models) :] + list(models.items())[: run % len(models)]
        for name, emb in order:
            speed[name].append(len(texts) / c.timed(lambda: emb.embed_documents(texts)))
            speed[f"{name} model only"].append(len(texts) / run_feeds(emb, feeds[name]))
        few = texts[:naive_texts]
        speed["fp32 unbatched"].append(len(few) / c.timed(lambda: [models["fp32"].embed_documents([t]) for t in few]))
    return speed


def heldout_agreement(int8: OnnxEmbedder, fp32: OnnxEmbedder, path: Path) -> np.ndarray:
    """The int8 and fp32 vectors' cosine for every held-out text (LoCoMo turns and questions at ``path``)."""
    held = heldout_texts(path)
    return np.asarray((int8.embed_documents(held) * fp32.embed_documents(held)).sum(axis=1))


def fused_fp32(fp32: OnnxEmbedder, path: Path, threads: int) -> OnnxEmbedder:
    """The fp32 model with the int8 recipe's attention and GELU fusions, as a second reference."""
    model = onnx.load(str(fp32.model_path))
    fuse_encoder(model)
    onnx.save(model, str(path))
    tokenizer = resolve_files(fp32.spec, None).tokenizer
    return OnnxEmbedder(fp32.spec, path, tokenizer, threads=threads, identity="fp32-fused")


def heldout_texts(path: Path) -> list[str]:
    """Every turn of every conversation, as staged by the LoCoMo benchmark, then every question."""
    from locomo_recall import load

    conversations = load(path, None)
    return [t.text for conv in conversations for t in conv.turns] + [
        q.text for conv in conversations for q in conv.questions
    ]


if __name__ == "__main__":
    main()
