"""Calibrate the semantic-neighbour threshold of the supersession engine for an embedder.

Cosine scales differ between models (MiniLM's is not BGE's), so the threshold
that decides which active facts are *candidates* for a new fact must be chosen
per embedder. This script embeds labelled fact pairs with the configured
embedder and prints, for a range of thresholds, how many same-attribute pairs
(which must reach the judge) and different-attribute pairs (which should not)
pass it.

    python benchmarks/calibrate.py                      # the configured embedder (default: MiniLM int8)
    python benchmarks/calibrate.py --config prod.yaml   # e.g. BGE-small from a local model dir

Then set ``supersession.semantic_threshold`` (or update ``DEFAULT_THRESHOLDS``).
The decision-level figures (precision/recall of auto-supersession through the
real engine) come from ``pytest tests/test_supersession.py -k calibration -s``.
"""

from __future__ import annotations

import argparse
import statistics

from memory_sink.config import load_config
from memory_sink.embedder import load_embedder
from memory_sink.supersession import threshold_for

SAME_ATTRIBUTE = [
    ("user lives in Berlin", "user lives in Lisbon"),
    ("user works at Acme", "user works at Globex"),
    ("user prefers drink coffee", "user prefers drink tea"),
    ("user editor Vim", "user editor Neovim"),
    ("Acme ceo John Smith", "Acme ceo Jane Doe"),
    ("user queue Redis", "user queue RabbitMQ"),
    ("Herald uses RSS", "Herald uses Atom"),
    ("user likes drinks", "user likes tea"),
    ("user uses Postgres", "user uses MySQL"),
    ("user speaks English", "user speaks Spanish"),
    ("user lives in Berlin", "user resides in Lisbon"),
    ("user works at Acme", "user is employed by Globex"),
]
DIFFERENT_ATTRIBUTE = [
    ("user lives in Berlin", "user works at Berlin Labs"),
    ("user prefers drink tea", "user editor Neovim"),
    ("user database Postgres", "user lives in Lisbon"),
    ("user works at Acme", "user prefers drink tea"),
    ("user queue Redis", "user database Postgres"),
    ("user editor Neovim", "user uses Obsidian"),
]


def cosines(embed, pairs: list[tuple[str, str]]) -> list[float]:
    left = embed([a for a, _ in pairs])
    right = embed([b for _, b in pairs])
    return [float(x @ y) for x, y in zip(left, right)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--config", default=None, help="deployment YAML (default: the usual lookup)")
    args = parser.parse_args()
    cfg = load_config(args.config)
    embedder = load_embedder(cfg.embedder)
    same = cosines(embedder.embed_documents, SAME_ATTRIBUTE)
    different = cosines(embedder.embed_documents, DIFFERENT_ATTRIBUTE)
    current = threshold_for(embedder.name, cfg.supersession.semantic_threshold)
    print(f"embedder {embedder.fingerprint}; current threshold {current}")
    print(
        f"same attribute      ({len(same)} pairs): min {min(same):.3f} median {statistics.median(same):.3f} max {max(same):.3f}"
    )
    print(
        f"different attribute ({len(different)} pairs): min {min(different):.3f} "
        f"median {statistics.median(different):.3f} max {max(different):.3f}"
    )
    print("threshold  same-attribute reaching the judge  different-attribute reaching the judge")
    for step in range(30, 91, 5):
        t = step / 100
        hit = sum(c >= t for c in same)
        noise = sum(c >= t for c in different)
        print(f"  {t:.2f}     {hit:2d}/{len(same)}                               {noise:2d}/{len(different)}")


if __name__ == "__main__":
    main()
