"""Model-level helpers shared by the benchmarks: the raw onnxruntime ceiling.

"Raw model ceiling" = the same texts, cut into the same length-sorted batches the
embedder makes, padded, and fed straight to the same ``onnxruntime`` session:
only ``session.run`` is timed. No tokenizing, pooling, numpy glue or database.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from memory_sink.embedder import OnnxEmbedder


def model_feeds(embedder: OnnxEmbedder, texts: Sequence[str]) -> list[dict[str, np.ndarray]]:
    """The session inputs ``embedder.embed_documents(texts)`` would run, batch by batch."""
    ids = embedder._token_ids(list(texts))
    lengths = np.fromiter((len(x) for x in ids), dtype=np.int64, count=len(ids))
    feeds = []
    for rows in embedder._runs(np.argsort(lengths, kind="stable"), lengths):
        feeds.append(embedder.model_inputs([ids[i] for i in rows]))
    return feeds


def run_feeds(embedder: OnnxEmbedder, feeds: Sequence[dict[str, Any]]) -> float:
    """Seconds to run every feed through the embedder's own session."""
    session, output = embedder._session, embedder._output
    started = time.perf_counter()
    for feed in feeds:
        session.run([output], feed)
    return time.perf_counter() - started


def padded_tokens(feeds: Sequence[dict[str, np.ndarray]]) -> tuple[int, int]:
    """(real tokens, padded tokens) over the feeds."""
    real = sum(int(f["attention_mask"].sum()) for f in feeds)
    padded = sum(int(f["input_ids"].size) for f in feeds)
    return real, padded
