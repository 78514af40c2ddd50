"""Static int8 with SmoothQuant: the recipe :func:`memory_sink.models.quantize_model` runs.

Why static: every activation scale is a constant fixed at build time, so a
text's vector cannot depend on its batchmates (tiermem's hard requirement), and
onnxruntime fuses each quantized MatMul into one ``MatMulIntegerToFloat`` kernel.
Per-row dynamic scales, the previous recipe, were batch-independent too but cost
~10 extra kernels per quantizer and ruled the fused kernels out.

Why SmoothQuant: a few hidden channels of a transformer carry activations tens
of times larger than the rest, and one per-tensor scale sized for them leaves
the others a handful of int8 levels. Dividing each channel of a MatMul's input
by ``s_c`` and multiplying the matching weight row by ``s_c`` leaves the fp32
product unchanged while moving the outliers into the (per-channel quantized)
weights, with ``s_c = max|X_c|^alpha / max|W_c|^(1 - alpha)``.

Why fused first (recipe 5): with int8 MatMuls the model spent most of its time
in the export's ~30 small fp32 ops per layer around them; :func:`memory_sink.fusion.fuse_encoder`
makes each attention block one ``MultiHeadAttention`` and each GELU one ``BiasGelu``
before calibration, so the quantizer sees only the projection and FFN MatMuls.

Calibration runs the fp32 model over :func:`memory_sink.calibration.calibration_texts`,
one text per run (no padding rows in the ranges). Ranges and smoothing factors are
rounded outwards to :data:`SIGNIFICANT` digits so that the tiny differences between
CPUs' fp32 kernels do not change the bytes of the build.
"""

from __future__ import annotations

import math
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from .calibration import calibration_texts
from .errors import ModelError
from .fusion import fuse_encoder

if TYPE_CHECKING:
    import onnx

#: How far activation ranges move into the weights (0: none, 1: all); 0.75 matched
#: the dynamic recipe's agreement with fp32 best among 0.5, 0.75 and 0.85.
SMOOTH_ALPHA = 0.75
#: Smoothing factors are clipped to this band: an almost silent channel must not
#: blow its weight row up, nor a loud one crush it.
SMOOTH_CLIP = (1e-2, 1e2)
SIGNIFICANT = 3
_MARK = "smoothquant_"


def static_int8(fp32: Path, dst: Path, tokenizer: Path) -> int:
    """Write the static int8 build of the fp32 model ``fp32`` to ``dst``; returns the quantized MatMuls.

    The activation x activation MatMuls of attention (scores and context) stay
    fp32: their scales would depend on the text, and their cost is small.
    """
    import onnx
    from onnxruntime.quantization import CalibrationMethod, QuantFormat, QuantType, quantize_static
    from onnxruntime.quantization.calibrate import TensorsData, save_tensors_data

    model = onnx.load(str(fp32))
    fuse_encoder(model)
    weights = {init.name for init in model.graph.initializer}
    inputs = _weight_matmul_inputs(model.graph, weights)
    with tempfile.TemporaryDirectory(dir=dst.parent, prefix=".static-") as tmp:
        fused, smoothed, cache = Path(tmp) / "fused.onnx", Path(tmp) / "smoothed.onnx", Path(tmp) / "ranges.json"
        onnx.save(model, str(fused))
        stats = _channel_ranges(fused, list(inputs), _calibration_feeds(fused, tokenizer))
        ranges = _smooth(model, inputs, stats)
        onnx.save(model, str(smoothed))
        data = {name: (np.float32(low), np.float32(high)) for name, (low, high) in ranges.items()}
        save_tensors_data(TensorsData(CalibrationMethod.MinMax, data), cache)
        quantize_static(
            str(smoothed),
            str(dst),
            None,
            quant_format=QuantFormat.QDQ,
            op_types_to_quantize=["MatMul"],
            per_channel=True,
            reduce_range=False,
            activation_type=QuantType.QUInt8,
            weight_type=QuantType.QInt8,
            nodes_to_exclude=_activation_matmuls(model.graph, weights),
            calibrate_method=CalibrationMethod.MinMax,
            calibration_cache_path=str(cache),
            # DQ -> MatMul -> float: a quantized MatMul output would be requantized for the
            # next Add, which costs agreement with fp32 (mean cosine ~0.93) for no speed.
            extra_options={"OpTypesToExcludeOutputQuantization": ["MatMul"]},
        )
    return sum(len(users) for users in inputs.values())


def _weight_matmul_inputs(graph: onnx.GraphProto, weights: set[str]) -> dict[str, list[onnx.NodeProto]]:
    """Activation tensor -> the MatMuls that multiply it by a weight initializer."""
    users: dict[str, list[onnx.NodeProto]] = {}
    for node in graph.node:
        if node.op_type == "MatMul" and node.input[1] in weights and node.input[0] not in weights:
            users.setdefault(node.input[0], []).append(node)
    if not users:
        raise ModelError("no MatMul with a weight initializer to quantize; is it a transformer ONNX model?")
    return users


def _activation_matmuls(graph: onnx.GraphProto, weights: set[str]) -> list[str]:
    return [node.name for node in graph.node if node.op_type == "MatMul" and node.input[1] not in weights]


def _calibration_feeds(fp32: Path, tokenizer_path: Path) -> Iterator[dict[str, np.ndarray]]:
    """Feeds of the calibration texts, texts of one token count together: no padding rows in the ranges."""
    import onnx
    from tokenizers import Tokenizer

    try:
        tokenizer = Tokenizer.from_file(str(tokenizer_path))
    except Exception as exc:  # tokenizers raises a bare Exception for bad files
        raise ModelError(f"{tokenizer_path}: cannot load the tokenizer for calibration ({exc})") from exc
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=256)
    graph = onnx.load(str(fp32), load_external_data=False).graph
    weights = {init.name for init in graph.initializer}
    specs = [
        (spec.name, np.int32 if spec.type.tensor_type.elem_type == onnx.TensorProto.INT32 else np.int64)
        for spec in graph.input
        if spec.name not in weights
    ]
    by_length: dict[int, list[list[int]]] = {}
    for enc in tokenizer.encode_batch(calibration_texts()):
        by_length.setdefault(len(enc.ids), []).append(enc.ids)
    for length in sorted(by_length):
        ids = np.array(by_length[length])
        fills = {"mask": np.ones_like(ids), "type": np.zeros_like(ids)}
        yield {name: next((v for k, v in fills.items() if k in name), ids).astype(dt) for name, dt in specs}


def _channel_ranges(
    fp32: Path, tensors: list[str], feeds: Iterator[dict[str, np.ndarray]]
) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Per-channel (min, max) of each tensor over every token of the calibration feeds."""
    import onnx
    import onnxruntime as ort

    probe = onnx.load(str(fp32))
    probe.graph.output.extend(onnx.helper.make_tensor_value_info(t, onnx.TensorProto.FLOAT, None) for t in tensors)
    opts = ort.SessionOptions()
    opts.log_severity_level = 3
    opts.intra_op_num_threads = 1  # a build must not fight the host's other work for cores
    session = ort.InferenceSession(probe.SerializeToString(), opts, providers=["CPUExecutionProvider"])
    low: dict[str, np.ndarray] = {}
    high: dict[str, np.ndarray] = {}
    for feed in feeds:
        for name, value in zip(tensors, session.run(tensors, feed)):
            rows = np.asarray(value, dtype=np.float32).reshape(-1, value.shape[-1])
            low[name] = np.minimum(low.get(name, rows.min(axis=0)), rows.min(axis=0))
            high[name] = np.maximum(high.get(name, rows.max(axis=0)), rows.max(axis=0))
    return {name: (low[name], high[name]) for name in tensors}


def _smooth(
    model: onnx.ModelProto,
    inputs: dict[str, list[onnx.NodeProto]],
    stats: dict[str, tuple[np.ndarray, np.ndarray]],
) -> dict[str, tuple[float, float]]:
    """Insert ``Mul(x, 1/s)`` before each group of weight MatMuls and scale their weight rows by ``s``.

    Returns the (min, max) range of every smoothed tensor, which is what the
    quantized MatMuls read.
    """
    from onnx import helper, numpy_helper

    graph = model.graph
    inits = {init.name: init for init in graph.initializer}
    ranges: dict[str, tuple[float, float]] = {}
    after: dict[str, onnx.NodeProto] = {}
    for k, (tensor, users) in enumerate(inputs.items()):
        low, high = stats[tensor]
        mats = [numpy_helper.to_array(inits[user.input[1]]) for user in users]
        wmax = np.max([np.abs(w).max(axis=1) for w in mats], axis=0)
        amax = np.maximum(np.abs(low), np.abs(high))
        s = np.maximum(amax, 1e-5) ** SMOOTH_ALPHA / np.maximum(wmax, 1e-5) ** (1 - SMOOTH_ALPHA)
        s = _round(np.clip(s, *SMOOTH_CLIP), math.ceil).astype(np.float32)
        for user, w in zip(users, mats):
            inits[user.input[1]].CopyFrom(numpy_helper.from_array((w * s[:, None]).astype(np.float32), user.input[1]))
        inverse, smoothed = f"{_MARK}{k}_inverse", f"{tensor}_{_MARK}{k}"
        graph.initializer.append(numpy_helper.from_array((1.0 / s).astype(np.float32), inverse))
        after[tensor] = helper.make_node("Mul", [tensor, inverse], [smoothed], name=f"{_MARK}{k}")
        for user in users:
            user.input[0] = smoothed
        lo, hi = float((low / s).min()), float((high / s).max())
        ranges[smoothed] = (
            float(_round(np.array(min(lo, 0.0)), math.floor)),
            float(_round(np.array(max(hi, 0.0)), math.ceil)),
        )
    _insert_after_producers(graph, after)
    return ranges


def _insert_after_producers(graph: onnx.GraphProto, after: dict[str, onnx.NodeProto]) -> None:
    """Keep the graph topologically sorted: each new node right after its input's producer."""
    nodes: list[onnx.NodeProto] = [after[name] for name in after if name in {i.name for i in graph.input}]
    for node in graph.node:
        nodes.append(node)
        nodes.extend(after[out] for out in node.output if out in after)
    del graph.node[:]
    graph.node.extend(nodes)


def _round(values: np.ndarray, direction: Callable[[float], int]) -> np.ndarray:
    """Round each value to SIGNIFICANT digits, away from the range it bounds (``math.ceil`` or ``math.floor``)."""
    out = np.empty(values.shape, dtype=np.float64)
    for index, value in np.ndenumerate(values.astype(np.float64)):
        if value == 0 or not math.isfinite(value):
            out[index] = value
            continue
        step = 10.0 ** (math.floor(math.log10(abs(value))) - SIGNIFICANT + 1)
        out[index] = direction(value / step) * step
    return out
