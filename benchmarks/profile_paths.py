"""Profiles behind BENCHMARKS.md: where a realtime tick, a consolidation pass and the model spend time.

    pip install -e '.[bench]'         # pyinstrument and py-spy: profiling aids, never runtime dependencies
    python benchmarks/profile_paths.py realtime [--turns 3000]
    python benchmarks/profile_paths.py consolidate [--sessions 150] [--cprofile]
    python benchmarks/profile_paths.py model            # onnxruntime's per-operator profile, int8 vs fp32

``realtime`` and ``consolidate`` print pyinstrument call trees of ``run_realtime``
and ``run_consolidate`` on a throw-away server (``--cprofile``: the standard library's
cProfile instead, top functions by own and cumulative time; the parser loaded first). ``model`` runs one batch of
short chat turns through both models with onnxruntime's own profiler and prints
the share of kernel time per operator type (the profiler's per-node overhead
inflates small operators a little; compare shapes, not absolute times).
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import tempfile
from pathlib import Path

import _common as c
from _model import model_feeds


def _profiler():  # type: ignore[no-untyped-def]
    try:
        from pyinstrument import Profiler
    except ImportError:
        sys.exit("profile_paths.py needs pyinstrument: pip install -e '.[bench]'")
    return Profiler(interval=0.001)


def realtime(turns: int) -> None:
    from pipelines.realtime import run_realtime

    texts = c.short_turns(turns, seed=1)
    with c.temp_server() as admin:
        with c.open_store(c.fresh_database(admin)) as store:
            store.embedder.embed_documents(texts[:64])
            c.stage(store, texts)
            prof = _profiler()
            prof.start()
            report = run_realtime(store)
            prof.stop()
    print(report.to_dict())
    print(prof.output_text(unicode=False, color=False))


def consolidate(sessions: int, use_cprofile: bool = False) -> None:
    import cProfile
    import pstats

    import pipelines.chunks as chunks
    from consolidators import nlp_cache, run_consolidator
    from pipelines.consolidate import run_consolidate
    from pipelines.realtime import run_realtime

    nlp_cache.load()
    if use_cprofile:  # cProfile sees one thread: run the consolidator in the caller's, not its timeout thread
        chunks.call_with_timeout = lambda consolidator, transcript, context, _timeout: run_consolidator(
            consolidator, transcript, context
        )  # a long-lived worker has its parser loaded; profile the work, not the import
    with c.temp_server() as admin:
        with c.open_store(c.fresh_database(admin)) as store:
            store.stage_many(c.session_turns(sessions, 20, seed=1), batch_size=5000)
            run_realtime(store)
            prof = cProfile.Profile() if use_cprofile else _profiler()
            (prof.enable if use_cprofile else prof.start)()
            report = run_consolidate(store, min_quiet_seconds=0)
            (prof.disable if use_cprofile else prof.stop)()
    print({k: v for k, v in report.to_dict().items() if k != "failures"}, f"{sessions / report.seconds:.1f} sessions/s")
    if not use_cprofile:
        print(prof.output_text(unicode=False, color=False))
        return
    stats = pstats.Stats(prof).strip_dirs()
    stats.sort_stats("cumulative").print_stats(40)
    stats.sort_stats("tottime").print_stats(25)


def model(texts_n: int) -> None:
    import onnxruntime as ort

    from memory_sink.config import EmbedderConfig
    from memory_sink.embedder import load_embedder

    texts = c.short_turns(texts_n, seed=1)
    for variant in ("int8", "fp32"):
        emb = load_embedder(EmbedderConfig(), variant=variant)  # type: ignore[arg-type]
        feed = model_feeds(emb, texts)[0]
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = 2
        opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        opts.enable_profiling = True
        opts.profile_file_prefix = str(Path(tempfile.mkdtemp()) / variant)
        session = ort.InferenceSession(str(emb.model_path), opts, providers=["CPUExecutionProvider"])
        for _ in range(20):
            session.run(None, feed)
        events = json.loads(Path(session.end_profiling()).read_text())
        per_op: collections.Counter[str] = collections.Counter()
        for ev in events:
            if ev.get("cat") == "Node" and ev["name"].endswith("_kernel_time"):
                per_op[ev["args"]["op_name"]] += ev["dur"]
        total = sum(per_op.values())
        nodes = len({ev["name"] for ev in events if ev.get("cat") == "Node"})
        print(f"{variant}: batch {feed['input_ids'].shape}, {nodes} kernels per run")
        for op, dur in per_op.most_common(12):
            print(f"   {op:<26} {dur / total:6.1%}")


def quantization_bound(texts_n: int, rounds: int = 5) -> None:
    """session.run throughput on the same batches: fp32, tiermem's static int8, per-tensor dynamic int8.

    The per-tensor build (plain ``quantize_dynamic``) lets onnxruntime fuse each
    MatMul with its rescale, but its activation scale spans the batch, so a
    text's vector depends on its batchmates: tiermem rejects it. Timing it shows
    what that correctness costs.
    """
    import time

    import onnxruntime as ort
    from onnxruntime.quantization import QuantType, quantize_dynamic

    from memory_sink.config import EmbedderConfig
    from memory_sink.embedder import load_embedder

    texts = c.short_turns(texts_n, seed=1)
    int8 = load_embedder(EmbedderConfig())
    fp32 = load_embedder(EmbedderConfig(), variant="fp32")
    per_tensor = Path(tempfile.mkdtemp()) / "per_tensor.onnx"
    from memory_sink.models import _no_root_basicconfig  # keeps the quantizer's advice off stderr

    with _no_root_basicconfig():
        quantize_dynamic(fp32.model_path, per_tensor, weight_type=QuantType.QInt8, per_channel=True)
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 2
    opts.log_severity_level = 3
    sessions = {
        "fp32": fp32._session,
        "int8 static (tiermem)": int8._session,
        "int8 per-tensor (rejected)": ort.InferenceSession(str(per_tensor), opts, providers=["CPUExecutionProvider"]),
    }
    feeds = model_feeds(int8, texts)
    rates: dict[str, list[float]] = {name: [] for name in sessions}
    for _ in range(rounds):
        for name, session in sessions.items():
            started = time.perf_counter()
            for feed in feeds:
                session.run(None, feed)
            rates[name].append(len(texts) / (time.perf_counter() - started))
    base = c.median(rates["fp32"])
    for name, values in rates.items():
        print(f"   {name:<28} {c.median(values):7.0f} texts/s   {c.median(values) / base:4.2f}x fp32")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("what", choices=["realtime", "consolidate", "model"])
    p.add_argument("--turns", type=int, default=3000)
    p.add_argument("--sessions", type=int, default=150)
    p.add_argument("--cprofile", action="store_true", help="consolidate: cProfile instead of pyinstrument")
    args = p.parse_args()
    if args.what == "realtime":
        realtime(args.turns)
    elif args.what == "consolidate":
        consolidate(args.sessions, args.cprofile)
    else:
        model(64)
        print("session.run only, same length-sorted batches of short chat turns:")
        quantization_bound(args.turns if args.turns != 3000 else 1500)


if __name__ == "__main__":
    main()
