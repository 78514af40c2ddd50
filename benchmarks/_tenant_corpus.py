"""A realistic many-tenant corpus for recall at scale (used by recall_tenants.py).

Texts come from LoCoMo, read by path at run time and never stored in the repository:
its turns as chat turns, its per-session observations as facts, its session summaries
(split into 2-3 sentence pieces) as episodes and passages, and its QA questions as
queries. Each text family is widened by recombination: new turns join two sentences of
different real turns, and every text gets its people renamed from a pool of first
names, so the base texts are distinct, natural sentences on LoCoMo's vocabulary.

Only ``--base`` texts are embedded for real (the int8 model on 2 shared cores cannot
embed a million rows in a benchmark's time). A row's vector is then a convex mix of
three real embeddings from its tenant's pool: its own text's (weight 0.5-0.9) and two
others' (the rest, split at random), normalised. Mean-pooled sentence embeddings of a
text made of parts of three texts are close to such a mix, so rows stay on the
manifold real embeddings occupy; with three free weights no two rows coincide, so the
corpus is not clusters of near-duplicates (each base text is the main part of ~50 rows
at 1M, each time mixed with different others).

Tenants: namespace sizes follow Zipf (s=1): at 1M rows and 2,000 namespaces the largest
holds ~12% of the rows, the 100th ~0.1%, the smallest a few dozen. Each tenant draws its
texts from its own pool of base texts (pool ~ sqrt of its size), so tenants differ in
what they talk about, as users do. Kinds: 60% turns, 20% facts, 10% episodes, 10%
passages; 10% of the facts, episodes and passages are retired (superseded_at set), as
supersession leaves them. Only a tenant's newest turns are provisional
(``provisional_share`` of its rows, default PROVISIONAL_SHARE: a day or so of
unconsolidated turns, as the tier is by design; migration 0012 keeps them out of
the HNSW graph and recall scans them exactly); older turns are consolidated.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
from psycopg.types.json import Jsonb

_SENT = re.compile(r"(?<=[.!?])\s+")
_FIRST_NAMES = [
    "Ava", "Ben", "Chloe", "Dev", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jonah", "Kira", "Luca",
    "Maya", "Noor", "Omar", "Priya", "Quinn", "Rosa", "Sam", "Tariq", "Uma", "Victor", "Wen", "Yusuf", "Zoe",
]  # fmt: skip
KIND_SHARES = (("turn", 0.6), ("fact", 0.2), ("episode", 0.1), ("passage", 0.1))
PROVISIONAL_SHARE = 0.02
COPY_ROWS = """
COPY memory (namespace, session_id, tier, kind, content, embedding, subject, predicate, object,
             event_ids, valid_from, superseded_at, embed_model, metadata)
FROM STDIN WITH (FORMAT BINARY)
"""
COPY_TYPES = ["text", "text", "text", "text", "text", "vector", "text", "text", "text", "text[]",
              "timestamptz", "timestamptz", "text", "jsonb"]  # fmt: skip


@dataclass
class Locomo:
    turns: list[str]
    observations: list[str]
    summaries: list[str]
    questions: list[str]
    speakers: list[str]


def read_locomo(path: Path) -> Locomo:
    data = json.loads(path.read_text())
    turns, obs, sums, qs, speakers = [], [], [], [], set()
    for conv in data:
        c = conv["conversation"]
        speakers.update([c["speaker_a"], c["speaker_b"]])
        for key, value in c.items():
            if key.startswith("session_") and isinstance(value, list):
                turns += [t["text"] for t in value if t.get("text")]
        for sess in conv.get("observation", {}).values():
            for per_speaker in sess.values():
                obs += [o[0] for o in per_speaker if o and isinstance(o[0], str)]
        sums += [s for s in conv.get("session_summary", {}).values() if isinstance(s, str)]
        qs += [q["question"] for q in conv["qa"] if q.get("question")]
    return Locomo(turns, obs, sums, qs, sorted(speakers))


def _rename(rng: random.Random, text: str, speakers: list[str]) -> str:
    for name in speakers:
        if name in text:
            text = text.replace(name, rng.choice(_FIRST_NAMES))
    return text


def base_texts(lc: Locomo, n: int, seed: int = 5) -> dict[str, list[str]]:
    """``n`` distinct texts by kind (shares of KIND_SHARES), renamed and recombined from LoCoMo."""
    rng = random.Random(seed)
    sentences = [s for t in lc.turns for s in _SENT.split(t) if len(s.split()) >= 3]
    pieces = []
    for summary in lc.summaries:
        sents = _SENT.split(summary)
        pieces += [" ".join(sents[i : i + rng.choice((2, 3))]) for i in range(0, len(sents), 2)]
    pieces = pieces or lc.turns  # a file without summaries or observations: turns stand in
    sentences = sentences or lc.turns
    sources = {
        "turn": lambda: (
            rng.choice(lc.turns) if rng.random() < 0.3 else f"{rng.choice(sentences)} {rng.choice(sentences)}"
        ),
        "fact": lambda: rng.choice(lc.observations or lc.turns),
        "episode": lambda: rng.choice(pieces),
        "passage": lambda: " ".join(rng.sample(sentences, min(3, len(sentences)))),
    }
    out: dict[str, list[str]] = {}
    for kind, share in KIND_SHARES:
        seen: set[str] = set()
        want = int(n * share)
        for _ in range(want * 20):
            if len(seen) >= want:
                break
            seen.add(_rename(rng, sources[kind](), lc.speakers))
        out[kind] = sorted(seen)
    return out


def namespace_sizes(rows: int, namespaces: int) -> list[int]:
    """Zipf (s=1) sizes summing to ``rows``, largest first, each at least 10."""
    weights = 1 / np.arange(1, namespaces + 1)
    sizes = np.maximum(10, np.floor(weights / weights.sum() * rows)).astype(int)
    sizes[0] += rows - int(sizes.sum())
    return [int(s) for s in sizes]


def _row_vectors(rng: np.random.Generator, vecs: np.ndarray, own: np.ndarray, pool: np.ndarray) -> np.ndarray:
    w_own = rng.uniform(0.5, 0.9, size=(len(own), 1)).astype(np.float32)
    split = rng.uniform(0, 1, size=(len(own), 1)).astype(np.float32)
    a, b = vecs[rng.choice(pool, len(own))], vecs[rng.choice(pool, len(own))]
    mixed = w_own * vecs[own] + (1 - w_own) * (split * a + (1 - split) * b)
    return mixed / np.linalg.norm(mixed, axis=1, keepdims=True)


def tenant_rows(
    rng: np.random.Generator,
    ns: str,
    size: int,
    texts: list[str],
    kinds: list[str],
    vecs: np.ndarray,
    fp: str,
    provisional_share: float = PROVISIONAL_SHARE,
) -> list[list[Any]]:
    """COPY rows (COPY_ROWS' columns) for one tenant of ``size`` rows; turns after ``recent`` are provisional."""
    recent = size - int(size * provisional_share)
    pool = rng.choice(len(texts), size=min(len(texts), max(50, int(30 * np.sqrt(size)))), replace=False)
    kind_of = np.array(kinds)
    shares = np.array([s for _, s in KIND_SHARES])
    want = rng.choice([k for k, _ in KIND_SHARES], size=size, p=shares)
    own = np.empty(size, dtype=int)
    for kind, _ in KIND_SHARES:
        idx = np.flatnonzero(want == kind)
        candidates = pool[kind_of[pool] == kind]
        own[idx] = rng.choice(candidates if len(candidates) else pool, len(idx))
    row_vecs = _row_vectors(rng, vecs, own, pool)
    start = datetime(2024, 1, 1, tzinfo=UTC)
    out = []
    for i in range(size):
        kind = str(want[i])
        text = texts[own[i]]
        when = start + timedelta(minutes=i)
        retired = kind != "turn" and rng.random() < 0.1
        fact = kind == "fact"
        meta = Jsonb({"passages": 1} if kind == "episode" and rng.random() < 0.5 else {})
        out.append([
            ns, f"{ns}-s{i // 20}", "provisional" if kind == "turn" and i >= recent else "consolidated", kind, text,
            row_vecs[i], "user" if fact else None, "said" if fact else None, text if fact else None,
            [f"{ns}-e{i}"], when, when if retired else None, fp, meta,
        ])  # fmt: skip
    return out
