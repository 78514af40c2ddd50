"""Fuse a BERT encoder's attention and GELU subgraphs into onnxruntime's contrib kernels, before int8.

Why: once its MatMuls are int8, MiniLM spends most of its time outside them. A
torch (dynamo) export spells each attention block as ~25 small ops (reshapes,
transposes, a scaled score MatMul, a mask Add, Softmax, a NaN guard, a context
MatMul) and GELU as five elementwise ops; onnxruntime's own session fusions do
not recognise that export, and its offline optimizer
(``onnxruntime.transformers``) does not either. Each becomes one kernel here:
``com.microsoft.MultiHeadAttention`` (fed by the three projection MatMuls, which
stay plain MatMuls for the quantizer) and ``com.microsoft.BiasGelu``.

The rewrite is exact up to fp32 rounding (the fused graph agrees with the
unfused one to ~1e-6) and keeps a vector independent of its batch: padded keys
get a zero weight either way. It is all-or-nothing per kind: a graph whose
blocks do not all match the pattern keeps that kind unfused (a different export
still quantizes, only slower).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import onnx
from onnx import helper, numpy_helper

_MS = "com.microsoft"
_MASK = "attention_mask"
_MASK_I32 = "fused_key_padding_mask"


@dataclass(frozen=True)
class _Attention:
    q: str  # outputs of the three projection MatMuls (before their bias Adds)
    k: str
    v: str
    bias: np.ndarray  # q, k and v biases, concatenated
    heads: int
    scale: float
    out: onnx.NodeProto  # the Reshape whose output is the block's context


def fuse_encoder(model: onnx.ModelProto) -> tuple[int, int]:
    """Rewrite ``model`` in place; returns (attention blocks, GELUs) fused."""
    graph = model.graph
    blocks = _attention_blocks(graph)
    gelus = _gelus(graph)
    replace: dict[str, onnx.NodeProto] = {}
    for i, block in enumerate(blocks):
        name = f"fused_attention_{i}_bias"
        graph.initializer.append(numpy_helper.from_array(block.bias.astype(np.float32), name))
        replace[block.out.name] = helper.make_node(
            "MultiHeadAttention",
            [block.q, block.k, block.v, name, _MASK_I32],
            list(block.out.output),
            name=f"fused_attention_{i}",
            domain=_MS,
            num_heads=block.heads,
            scale=block.scale,
        )
    replace.update(gelus)
    nodes = [replace.get(node.name, node) for node in graph.node]
    if blocks:
        nodes.insert(0, helper.make_node("Cast", [_MASK], [_MASK_I32], name="fused_mask", to=onnx.TensorProto.INT32))
    del graph.node[:]
    graph.node.extend(nodes)
    _prune(graph)
    if replace and not any(op.domain == _MS for op in model.opset_import):
        model.opset_import.append(helper.make_opsetid(_MS, 1))
    return len(blocks), len(gelus)


class _Graph:
    """Producer and constant look-ups over a graph."""

    def __init__(self, graph: onnx.GraphProto) -> None:
        self.producer = {out: node for node in graph.node for out in node.output}
        self.consumers: dict[str, list[onnx.NodeProto]] = {}
        for node in graph.node:
            for name in node.input:
                self.consumers.setdefault(name, []).append(node)
        self.consts = {init.name: init for init in graph.initializer}

    def const(self, name: str) -> np.ndarray | None:
        init = self.consts.get(name)
        return None if init is None else numpy_helper.to_array(init)

    def op(self, name: str, op_type: str) -> onnx.NodeProto | None:
        node = self.producer.get(name)
        return node if node is not None and node.op_type == op_type else None

    def only_consumer(self, name: str) -> onnx.NodeProto | None:
        users = self.consumers.get(name, [])
        return users[0] if len(users) == 1 else None


def _attention_blocks(graph: onnx.GraphProto) -> list[_Attention]:
    if _MASK not in {spec.name for spec in graph.input}:
        return []
    g = _Graph(graph)
    blocks = [_attention(g, node) for node in graph.node if node.op_type == "Softmax"]
    return [b for b in blocks if b is not None] if blocks and all(blocks) else []


def _attention(g: _Graph, softmax: onnx.NodeProto) -> _Attention | None:
    """Match one block: MatMul(q*c, k^T*c) + mask -> Softmax [-> NaN guard] -> MatMul(., v) -> context."""
    add = g.op(softmax.input[0], "Add")
    scores = add and next((g.op(name, "MatMul") for name in add.input if g.op(name, "MatMul")), None)
    if scores is None:
        return None
    (q_in, q_scale), (k_in, k_scale) = (_unscale(g, name) for name in scores.input)
    probs = _unguarded(g, softmax.output[0])
    context = g.only_consumer(probs)
    if context is None or context.op_type != "MatMul" or context.input[0] != probs:
        return None
    back = g.only_consumer(context.output[0])
    out = back and g.only_consumer(back.output[0])
    if back is None or out is None or back.op_type != "Transpose" or out.op_type != "Reshape":
        return None
    projections = [_projection(g, name) for name in (q_in, k_in, context.input[1])]
    heads = _heads(g, q_in)
    if None in projections or heads is None:
        return None
    (q, bq), (k, bk), (v, bv) = projections  # type: ignore[misc]
    return _Attention(q, k, v, np.concatenate([bq, bk, bv]), heads, q_scale * k_scale, out)


def _unguarded(g: _Graph, probs: str) -> str:
    """Skip the export's ``Where(IsNaN(p), 0, p)`` guard: it only touches padding rows (every key masked),
    which MultiHeadAttention gives finite values and mean pooling ignores."""
    users = g.consumers.get(probs, [])
    guard = next((node for node in users if node.op_type == "IsNaN"), None)
    where = guard and g.only_consumer(guard.output[0])
    if len(users) == 2 and where is not None and where.op_type == "Where" and where in users:
        return str(where.output[0])
    return probs


def _unscale(g: _Graph, name: str) -> tuple[str, float]:
    """``Mul(x, constant)`` -> (x, constant); anything else -> (name, 1)."""
    mul = g.op(name, "Mul")
    value = mul and g.const(mul.input[1])
    if mul is None or value is None or value.size != 1:
        return name, 1.0
    return mul.input[0], float(value)


def _projection(g: _Graph, name: str) -> tuple[str, np.ndarray] | None:
    """Walk back through Reshape/Transpose to ``Add(MatMul(x, W), bias)``: (MatMul output, bias)."""
    node = g.producer.get(name)
    while node is not None and node.op_type in ("Reshape", "Transpose"):
        node = g.producer.get(node.input[0])
    if node is None or node.op_type != "Add":
        return None
    for mm, bias in ((node.input[0], node.input[1]), (node.input[1], node.input[0])):
        value = g.const(bias)
        if g.op(mm, "MatMul") is not None and value is not None and value.ndim == 1:
            return mm, value
    return None


def _heads(g: _Graph, q_in: str) -> int | None:
    """Number of heads from the query's split Reshape: hidden size / its last, constant, dimension."""
    transpose = g.op(q_in, "Transpose")
    reshape = transpose and g.op(transpose.input[0], "Reshape")
    if reshape is None:
        return None
    shape = g.const(reshape.input[1])
    concat = g.op(reshape.input[1], "Concat")
    if shape is None and concat is not None:
        shape = g.const(concat.input[-1])
    add = g.op(reshape.input[0], "Add")
    bias = add and next((g.const(name) for name in add.input if g.const(name) is not None), None)
    if shape is None or bias is None or int(shape[-1]) <= 0 or bias.shape[0] % int(shape[-1]):
        return None
    return int(bias.shape[0]) // int(shape[-1])


def _gelus(graph: onnx.GraphProto) -> dict[str, onnx.NodeProto]:
    """``x * 0.5 * (1 + erf(x / sqrt 2))`` -> BiasGelu (or Gelu), keyed by the name of the node it replaces."""
    g = _Graph(graph)
    out: dict[str, onnx.NodeProto] = {}
    for erf in (node for node in graph.node if node.op_type == "Erf"):
        div = g.op(erf.input[0], "Div")
        one = g.only_consumer(erf.output[0])
        half = one and g.only_consumer(one.output[0])
        last = half and g.only_consumer(half.output[0])
        if div is None or one is None or half is None or last is None or last.op_type != "Mul":
            return {}
        x = div.input[0]
        consts = [_scalar(g, div.input[1]), _other_scalar(g, one, erf.output[0]), _other_scalar(g, half, one.output[0])]
        if not np.allclose(consts, [math.sqrt(2.0), 1.0, 0.5], rtol=1e-6):
            return {}
        if one.op_type != "Add" or half.op_type != "Mul" or x not in last.input:
            return {}
        out[last.name] = _gelu_node(g, x, last.output[0], len(out))
    return out


def _gelu_node(g: _Graph, x: str, output: str, index: int) -> onnx.NodeProto:
    add = g.op(x, "Add")
    if add is not None:
        for data, bias in ((add.input[0], add.input[1]), (add.input[1], add.input[0])):
            value = g.const(bias)
            if value is not None and value.ndim == 1 and g.const(data) is None:
                return helper.make_node("BiasGelu", [data, bias], [output], name=f"fused_gelu_{index}", domain=_MS)
    return helper.make_node("Gelu", [x], [output], name=f"fused_gelu_{index}", domain=_MS)


def _scalar(g: _Graph, name: str) -> float:
    value = g.const(name)
    return float(value) if value is not None and value.size == 1 else math.nan


def _other_scalar(g: _Graph, node: onnx.NodeProto, known: str) -> float:
    others = [name for name in node.input if name != known]
    return _scalar(g, others[0]) if len(others) == 1 else math.nan


def _prune(graph: onnx.GraphProto) -> None:
    """Drop nodes, initializers and shape info nothing reachable from the outputs uses."""
    live = {out.name for out in graph.output}
    keep = []
    for node in reversed(graph.node):
        if any(out in live for out in node.output):
            keep.append(node)
            live.update(name for name in node.input if name)
    del graph.node[:]
    graph.node.extend(reversed(keep))
    for field in (graph.initializer, graph.value_info):
        kept = [item for item in field if item.name in live]
        del field[:]
        field.extend(kept)
