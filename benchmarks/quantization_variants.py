"""Which int8 recipe for MiniLM: tiermem's shipped build (static QDQ + SmoothQuant) against other static and dynamic builds.

    python benchmarks/quantization_variants.py [--variants dyn_pertensor,qdq_w,qdq_w_sq75] [--texts 2000] [--runs 5]

A research benchmark behind BENCHMARKS.md #2, not a target of its own.
build: fold to fp32 (tiermem's cached_model(kind="fp32")), quant_pre_process, then
quantize_static per variant (calibration: short_turns(200, seed=11), batched like the
embedder; calibration ranges cached per method). Models go to --workdir; the op
types onnxruntime actually runs (after ORT_ENABLE_ALL) are printed per variant.

bench: one process; fp32, tiermem int8 (whatever load_embedder builds) and the variants, each an OnnxEmbedder with
tiermem's own SessionOptions. Speed = texts/s of session.run over the same
length-sorted feeds of short_turns(--texts, seed=7), all models interleaved in
each of --runs rounds (order rotates); ratio = median of per-round ratios vs fp32.
Cosine of pooled, L2-normalised vectors vs fp32 (mean/p5/min), plus an
out-of-distribution check on mixed_turns(300, seed=5) (5..400 tokens, cut at 256).
Batch independence: 50 texts alone vs inside one 64-text padded batch, max |diff|
(tiermem requires 0: a turn's vector must not depend on its batchmates).
"""

from __future__ import annotations

import argparse
import collections
import json
import tempfile
import time
from pathlib import Path

import _common as c
import numpy as np
import onnx
import onnxruntime as ort
from _model import model_feeds, run_feeds
from onnxruntime.quantization import (
    CalibrationDataReader,
    CalibrationMethod,
    QuantFormat,
    QuantType,
    quant_pre_process,
    quantize_static,
)

from memory_sink.config import EmbedderConfig
from memory_sink.embedder import OnnxEmbedder, load_embedder

ROOT = Path(tempfile.gettempdir()) / "tiermem-quantization-variants"  # --workdir
MODELS = ROOT / "models"
CAL_SEED, CAL_N = 11, 200
EVAL_SEED, EVAL_N, RUNS, THREADS = 7, 2000, 5, 2  # --texts, --runs, --threads
DEFAULT_VARIANTS = "dyn_pertensor,qdq_w,qdq_w_sq75"

U8, S8 = QuantType.QUInt8, QuantType.QInt8
MINMAX, PCT, ENT = CalibrationMethod.MinMax, CalibrationMethod.Percentile, CalibrationMethod.Entropy

# name -> quantize_static kwargs (model input: the pre-processed folded fp32 model unless "pre": False)
NOOUT = {"OpTypesToExcludeOutputQuantization": ["MatMul"]}  # DQ->MatMul->float (no Q on MatMul outputs)
# histogram calibrators (Percentile/Entropy) stack a tensor's arrays: batches of different widths only work
# one batch per collect, which CalibStridedMinMax=1 does (it just slices the reader).
# "weights_only": exclude the activation x activation MatMuls (QK^T, PV) via nodes_to_exclude
# (MatMulConstBOnly is only honoured by the QOperator quantizer).
VARIANTS: dict[str, dict] = {
    "qdq_all_qout": dict(activation_type=U8, calibrate_method=MINMAX, extra_options={}),
    "qdq_w_qout": dict(activation_type=U8, calibrate_method=MINMAX, weights_only=True, extra_options={}),
    "qdq_all": dict(activation_type=U8, calibrate_method=MINMAX, extra_options=NOOUT),
    "qdq_w": dict(activation_type=U8, calibrate_method=MINMAX, weights_only=True, extra_options=NOOUT),
    "qdq_w_nopre": dict(activation_type=U8, calibrate_method=MINMAX, weights_only=True, pre=False, extra_options=NOOUT),
    "qdq_w_actsym": dict(
        activation_type=U8,
        calibrate_method=MINMAX,
        weights_only=True,
        extra_options={**NOOUT, "ActivationSymmetric": True},
    ),
    "qdq_w_s8s8": dict(
        activation_type=S8,
        calibrate_method=MINMAX,
        weights_only=True,
        extra_options={**NOOUT, "ActivationSymmetric": True},
    ),
    "qdq_w_rr": dict(
        activation_type=U8, calibrate_method=MINMAX, weights_only=True, reduce_range=True, extra_options=NOOUT
    ),
    "qdq_w_pct": dict(
        activation_type=U8, calibrate_method=PCT, weights_only=True, extra_options={**NOOUT, "CalibStridedMinMax": 1}
    ),
    "qdq_w_entropy": dict(
        activation_type=U8, calibrate_method=ENT, weights_only=True, extra_options={**NOOUT, "CalibStridedMinMax": 1}
    ),
    # weight MatMuls except FFN-up (its input, the post-attention LayerNorm output, is the most sensitive)
    "qdq_w_fp32ffnup": dict(
        activation_type=U8, calibrate_method=MINMAX, weights_only=True, keep_fp32=("ffn_up",), extra_options=NOOUT
    ),
    # SmoothQuant (done here by hand: neural_compressor is not installed): per input channel c,
    # X[:, c] /= s_c (an inserted Mul) and W[c, :] *= s_c, s_c = max|X_c|^a / max|W_c|^(1-a); then as qdq_w
    "qdq_w_sq50": dict(activation_type=U8, calibrate_method=MINMAX, weights_only=True, smooth=0.5, extra_options=NOOUT),
    "qdq_w_sq75": dict(
        activation_type=U8, calibrate_method=MINMAX, weights_only=True, smooth=0.75, extra_options=NOOUT
    ),
    "qdq_w_sq85": dict(
        activation_type=U8, calibrate_method=MINMAX, weights_only=True, smooth=0.85, extra_options=NOOUT
    ),
    "qdq_w_sq75_pct": dict(
        activation_type=U8,
        calibrate_method=PCT,
        weights_only=True,
        smooth=0.75,
        extra_options={**NOOUT, "CalibStridedMinMax": 1},
    ),
    # control, not static: plain quantize_dynamic (per-tensor dynamic activation scale; batch-dependent)
    "dyn_pertensor": dict(dynamic=True),
    "qop_w": dict(
        quant_format=QuantFormat.QOperator,
        activation_type=U8,
        calibrate_method=MINMAX,
        extra_options={"MatMulConstBOnly": True},
    ),
}
COMMON = dict(
    quant_format=QuantFormat.QDQ, op_types_to_quantize=["MatMul"], per_channel=True, reduce_range=False, weight_type=S8
)


def fp32_embedder() -> OnnxEmbedder:
    return load_embedder(EmbedderConfig(threads=THREADS), variant="fp32")


class Reader(CalibrationDataReader):
    def __init__(self, feeds: list[dict]):
        self.feeds = feeds
        self.it = iter(feeds)

    def get_next(self):
        return next(self.it, None)

    def __len__(self):
        return len(self.feeds)

    def set_range(self, start_index: int, end_index: int):
        self.it = iter(self.feeds[start_index:end_index])


def op_counts(path: Path) -> dict[str, int]:
    """Op types after onnxruntime's ORT_ENABLE_ALL optimisation (what actually runs)."""
    opt = ROOT / "opt" / path.name
    opt.parent.mkdir(exist_ok=True)
    so = ort.SessionOptions()
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    so.optimized_model_filepath = str(opt)
    so.log_severity_level = 3
    ort.InferenceSession(str(path), so, providers=["CPUExecutionProvider"])
    counts = collections.Counter(n.op_type for n in onnx.load(str(opt)).graph.node)
    opt.unlink()
    keep = (
        "MatMul",
        "MatMulIntegerToFloat",
        "QLinearMatMul",
        "MatMulInteger",
        "DynamicQuantizeMatMul",
        "QuantizeLinear",
        "DequantizeLinear",
        "DynamicQuantizeLinear",
        "Attention",
        "QAttention",
        "FusedMatMul",
        "SkipLayerNormalization",
        "BiasGelu",
        "Gelu",
        "FastGelu",
    )
    return {k: counts[k] for k in keep if counts[k]}


def activation_matmuls(path: Path) -> list[str]:
    """MatMuls whose B is not an initializer: attention scores QK^T and probs x V."""
    graph = onnx.load(str(path)).graph
    inits = {i.name for i in graph.initializer}
    return [n.name for n in graph.node if n.op_type == "MatMul" and n.input[1] not in inits]


def weight_matmuls(path: Path) -> dict[str, list[str]]:
    """Weight MatMul names by role (MiniLM-L6: hidden 384, FFN 1536)."""
    graph = onnx.load(str(path)).graph
    dims = {i.name: tuple(i.dims) for i in graph.initializer}
    mm = [n for n in graph.node if n.op_type == "MatMul" and n.input[1] in dims]
    return {
        "ffn_up": [n.name for n in mm if dims[n.input[1]] == (384, 1536)],
        "ffn_down": [n.name for n in mm if dims[n.input[1]] == (1536, 384)],
        "o_proj": [n.name for n in mm if n.input[0].startswith("view")],
        "qkv": [n.name for n in mm if n.input[0].startswith("layer_norm") and dims[n.input[1]] == (384, 384)],
    }


def smooth(path: Path, alpha: float, feeds: list[dict]) -> Path:
    """SmoothQuant on an fp32 model: a Mul(1/s) on each weight-MatMul input tensor, W rows scaled by s."""
    from onnx import helper, numpy_helper

    out = MODELS / f"{path.stem}_sq{int(alpha * 100)}.onnx"
    if out.exists():
        return out
    model = onnx.load(str(path))
    graph = model.graph
    inits = {i.name: i for i in graph.initializer}
    acts: dict[str, list[onnx.NodeProto]] = {}
    for n in graph.node:
        if n.op_type == "MatMul" and n.input[1] in inits:
            acts.setdefault(n.input[0], []).append(n)
    probe = onnx.load(str(path))
    probe.graph.output.extend(helper.make_tensor_value_info(a, onnx.TensorProto.FLOAT, None) for a in acts)
    so = ort.SessionOptions()
    so.log_severity_level = 3
    sess = ort.InferenceSession(probe.SerializeToString(), so, providers=["CPUExecutionProvider"])
    amax = {a: np.zeros(0) for a in acts}
    for feed in feeds:
        for a, v in zip(acts, sess.run(list(acts), feed)):
            m = np.abs(v.reshape(-1, v.shape[-1])).max(axis=0)
            amax[a] = m if amax[a].size == 0 else np.maximum(amax[a], m)
    for k, (a, users) in enumerate(acts.items()):
        weights = [numpy_helper.to_array(inits[u.input[1]]) for u in users]
        wmax = np.max([np.abs(w).max(axis=1) for w in weights], axis=0)
        s = (np.maximum(amax[a], 1e-5) ** alpha / np.maximum(wmax, 1e-5) ** (1 - alpha)).astype(np.float32)
        s = np.clip(s, 1e-2, 1e2)
        for u, w in zip(users, weights):
            inits[u.input[1]].CopyFrom(numpy_helper.from_array((w * s[:, None]).astype(np.float32), u.input[1]))
        inv, smoothed = f"sq_inv_{k}", f"{a}_smoothed"
        graph.initializer.append(numpy_helper.from_array((1.0 / s).astype(np.float32), inv))
        graph.node.append(helper.make_node("Mul", [a, inv], [smoothed], name=f"sq_mul_{k}"))
        for u in users:
            u.input[0] = smoothed
    # restore topological order: each Mul right after its input's producer
    order = [n for n in graph.node if not n.name.startswith("sq_mul_")]
    muls = {n.input[0]: n for n in graph.node if n.name.startswith("sq_mul_")}
    nodes = []
    for n in order:
        nodes.append(n)
        nodes.extend(muls[o] for o in n.output if o in muls)
    del graph.node[:]
    graph.node.extend(nodes)
    onnx.checker.check_model(model)
    onnx.save(model, str(out))
    return out


def build(names: list[str]) -> None:
    MODELS.mkdir(parents=True, exist_ok=True)
    fp = fp32_embedder()
    src = fp.model_path
    pre = MODELS / "fp32_pre.onnx"
    if not pre.exists():
        quant_pre_process(str(src), str(pre), skip_symbolic_shape=True)  # no sympy in the venv
    feeds = model_feeds(fp, c.short_turns(CAL_N, seed=CAL_SEED))
    print(f"calibration: {CAL_N} texts in {len(feeds)} batches")
    for name in names:
        out = MODELS / f"{name}.onnx"
        if not out.exists():
            kw = {**COMMON, **VARIANTS[name]}
            if kw.get("dynamic"):
                from onnxruntime.quantization import quantize_dynamic

                quantize_dynamic(str(src), str(out), weight_type=S8, per_channel=True)
                print(f"{name}: {op_counts(out)}")
                continue
            model_in = pre if kw.pop("pre", True) else src
            if "smooth" in kw:
                model_in = smooth(model_in, kw.pop("smooth"), feeds)
            if kw.pop("weights_only", False):
                kw["nodes_to_exclude"] = activation_matmuls(model_in)
            for group in kw.pop("keep_fp32", ()):
                kw["nodes_to_exclude"] = kw.get("nodes_to_exclude", []) + weight_matmuls(model_in)[group]
            cache = ROOT / "calib" / f"{kw['calibrate_method'].name}-{model_in.stem}.json"
            cache.parent.mkdir(exist_ok=True)
            t0 = time.perf_counter()
            quantize_static(str(model_in), str(out), Reader(feeds), calibration_cache_path=str(cache), **kw)
            print(f"{name}: built in {time.perf_counter() - t0:.1f}s")
        print(f"{name}: {op_counts(out)}")


def cos_stats(a: np.ndarray, b: np.ndarray) -> tuple[float, float, float]:
    cos = (a * b).sum(axis=1)
    return float(cos.mean()), float(np.percentile(cos, 5)), float(cos.min())


def batch_diff(emb: OnnxEmbedder, texts: list[str], others: list[str]) -> float:
    """Max |v_alone - v_in_batch| over texts: alone = one text per run; batch = one padded 64-text run."""
    alone = np.stack([emb.embed_documents([t])[0] for t in texts])
    ids = emb._token_ids(texts + others)
    rng = np.random.default_rng(0)
    perm = rng.permutation(len(ids))
    mixed = emb._run([ids[i] for i in perm])
    inbatch = np.empty_like(alone)
    for pos, i in enumerate(perm):
        if i < len(texts):
            inbatch[i] = mixed[pos]
    return float(np.abs(alone - inbatch).max())


def bench(names: list[str]) -> None:
    fp = fp32_embedder()
    tok = _tokenizer_path()
    int8 = load_embedder(EmbedderConfig(threads=THREADS), variant="int8")
    embs: dict[str, OnnxEmbedder] = {"fp32": fp, "tiermem_int8": int8}
    for name in names:
        embs[name] = OnnxEmbedder(fp.spec, MODELS / f"{name}.onnx", tok, threads=THREADS, identity=name)
    texts = c.short_turns(EVAL_N, seed=EVAL_SEED)
    ood = c.mixed_turns(300, seed=5)
    feeds = model_feeds(fp, texts)
    real = sum(int(f["attention_mask"].sum()) for f in feeds)
    print(
        f"{len(texts)} texts, {len(feeds)} runs, {real / len(texts):.1f} tokens/text; "
        f"ort {ort.__version__}; models: {list(embs)}",
        flush=True,
    )

    ref = fp.embed_documents(texts)
    ref_ood = fp.embed_documents(ood)
    few = c.short_turns(50, seed=99)
    others = c.mixed_turns(14, seed=3, low=20, high=60)
    rows = {}
    for name, emb in embs.items():
        rows[name] = {
            "cos": cos_stats(emb.embed_documents(texts), ref),
            "cos_ood": cos_stats(emb.embed_documents(ood), ref_ood),
            "batch_maxdiff": batch_diff(emb, few, others),
        }
        run_feeds(emb, feeds)  # warm-up
        print(name, rows[name], flush=True)

    order = list(embs)
    speed = {k: [] for k in order}
    for r in range(RUNS):
        rot = order[r % len(order) :] + order[: r % len(order)]
        for name in rot:
            speed[name].append(len(texts) / run_feeds(embs[name], feeds))
        print(f"round {r}: " + ", ".join(f"{k} {speed[k][-1]:.0f}" for k in order), flush=True)

    print()
    hdr = (
        f"{'variant':28s} {'texts/s':>8s} {'x fp32':>7s} {'cos mean':>9s} {'p5':>7s} {'min':>7s} "
        f"{'ood mean':>9s} {'ood min':>8s} {'batch maxdiff':>13s}"
    )
    print(hdr)
    out = {}
    for name in order:
        ratios = [a / b for a, b in zip(speed[name], speed["fp32"])]
        row = rows[name]
        out[name] = {
            "texts_s": c.median(speed[name]),
            "ratio": c.median(ratios),
            "ratios": [round(x, 3) for x in ratios],
            **row,
        }
        print(
            f"{name:28s} {c.median(speed[name]):8.0f} {c.median(ratios):7.2f} {row['cos'][0]:9.4f} "
            f"{row['cos'][1]:7.4f} {row['cos'][2]:7.4f} {row['cos_ood'][0]:9.4f} {row['cos_ood'][2]:8.4f} "
            f"{row['batch_maxdiff']:13.2e}"
        )
    (ROOT / "results.json").write_text(json.dumps(out, indent=1))


def _tokenizer_path() -> Path:
    from memory_sink.embedder import resolve_files
    from memory_sink.models import get_spec

    return resolve_files(get_spec(EmbedderConfig().model), None).tokenizer


def main() -> None:
    global ROOT, MODELS, EVAL_N, RUNS, THREADS
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("what", nargs="?", choices=["build", "bench", "all"], default="all")
    p.add_argument(
        "--variants",
        default=DEFAULT_VARIANTS,
        help=f"comma-separated, of: {', '.join(VARIANTS)} (default {DEFAULT_VARIANTS})",
    )
    p.add_argument("--texts", type=int, default=EVAL_N, help=f"evaluation turns (default {EVAL_N})")
    p.add_argument("--runs", type=int, default=RUNS, help=f"interleaved rounds (default {RUNS})")
    p.add_argument("--threads", type=int, default=THREADS, help=f"onnxruntime threads (default {THREADS})")
    p.add_argument("--workdir", type=Path, default=ROOT, help=f"built models and calibration (default {ROOT})")
    args = p.parse_args()
    names = [v for v in args.variants.split(",") if v]
    unknown = sorted(set(names) - set(VARIANTS))
    if unknown:
        p.error(f"--variants: unknown {', '.join(unknown)}")
    ROOT, EVAL_N, RUNS, THREADS = args.workdir, args.texts, args.runs, args.threads
    MODELS = ROOT / "models"
    print(c.machine(), flush=True)
    if args.what in ("build", "all"):
        build(names)
    if args.what in ("bench", "all"):
        bench(names)


if __name__ == "__main__":
    main()
