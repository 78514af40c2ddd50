"""Every benchmark script runs end to end at tiny sizes and prints its figures (CI proof).

The figures at these sizes mean nothing; BENCHMARKS.md has the real runs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"

CASES = {
    "realtime_ingest.py": ["--turns", "120", "--naive-turns", "10", "--runs", "1"],
    "model_int8_vs_fp32.py": ["--texts", "60", "--naive-texts", "5", "--runs", "1"],
    "mixed_lengths.py": ["--texts", "20", "--naive-texts", "10", "--runs", "1"],
    "recall_at_scale.py": [
        "--sizes",
        "300,600",
        "--base",
        "60",
        "--queries",
        "8",
        "--overlap-queries",
        "3",
        "--ingest-turns",
        "20",
        "--runs",
        "1",
        "--ef-sweep",
        "80",
    ],
    "mcp_recall.py": ["--rows", "300", "--base", "30", "--queries", "5", "--runs", "1", "--cli-runs", "1"],
    "freshness.py": ["--period", "2", "--schedule-minutes", "0.05", "--follow-seconds", "2", "--rate", "3"],
    "consolidation.py": ["--sessions", "3", "--anchor-sessions", "1", "--runs", "1"],
    "realtime_rss.py": ["--turns", "50,100"],
    "ingest_rss.py": ["--turns", "3,6", "--turn-kib", "64", "--batch-kib", "128"],
    "swap_lookups.py": ["--facts", "300", "--runs", "1"],
    "quality_extraction.py": ["--limit", "5"],
    "ordered_updates.py": ["--limit", "12", "--split", "tuning"],
    "oplog_growth.py": [
        "--facts",
        "4,8",
        "--backfills",
        "1",
        "--history-backfills",
        "2",
        "--scale-sessions",
        "2",
        "--scale-facts",
        "4",
        "--runs",
        "1",
    ],
}


def test_every_listed_benchmark_exists() -> None:
    scripts = {p.name for p in BENCH.glob("*.py")}
    assert set(CASES) <= scripts


@pytest.mark.parametrize("script", sorted(CASES))
def test_benchmark_runs_and_prints_figures(script: str, tmp_path: Path) -> None:
    out = _bench(tmp_path, str(BENCH / script), *CASES[script], "--json", timeout=240)
    doc = json.loads(out.stdout[out.stdout.index("{\n") :])
    assert doc["figures"] and doc["targets"] and doc["machine"]["cores"]


PROFILES = {
    "model": (["--turns", "40"], ["MatMulInteger", "kernels per run"]),
    "realtime": (["--turns", "60"], ["run_realtime", "turns_embedded"]),
    "consolidate": (["--sessions", "3"], ["run_consolidate", "swap_session"]),
}


@pytest.mark.parametrize("what", sorted(PROFILES))
def test_profile_runs_and_prints_where_the_time_goes(what: str, tmp_path: Path) -> None:
    args, expected = PROFILES[what]
    out = _bench(tmp_path, str(BENCH / "profile_paths.py"), what, *args, timeout=240)
    for text in expected:
        assert text in out.stdout, f"{text!r} missing from the {what} profile"


def test_quantization_variants_build_and_compare(tmp_path: Path) -> None:
    args = ["--variants", "qdq_w", "--texts", "40", "--runs", "1", "--workdir", str(tmp_path / "work")]
    out = _bench(tmp_path, str(BENCH / "quantization_variants.py"), *args)
    assert "MatMulIntegerToFloat" in out.stdout  # the static build runs integer MatMuls
    assert "batch maxdiff" in out.stdout and "tiermem_int8" in out.stdout


def _made_up_locomo(tmp_path: Path) -> Path:
    """LoCoMo itself is CC BY-NC and never in the repository: a made-up conversation of its shape."""
    sessions = {
        "speaker_a": "Ana",
        "speaker_b": "Ben",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [
            {"speaker": "Ana", "dia_id": "D1:1", "text": "I adopted a grey cat called Pixel yesterday."},
            {"speaker": "Ben", "dia_id": "D1:2", "text": "Lovely! I am training for the Lisbon marathon."},
        ],
        "session_2_date_time": "10:37 am on 27 June, 2023",
        "session_2": [
            {"speaker": "Ana", "dia_id": "D2:1", "text": "Pixel knocked my plant over.", "blip_caption": "a cat"},
            {"speaker": "Ben", "dia_id": "D2:2", "text": "I finished the marathon in four hours."},
        ],
    }
    qa = [
        {"question": "When did Ana adopt Pixel?", "answer": "7 May 2023", "evidence": ["D1:1"], "category": 2},
        {
            "question": "What race did Ben run?",
            "answer": "Lisbon marathon",
            "evidence": ["D1:2", "D2:2"],
            "category": 1,
        },
        {"question": "What did Ben's dog do?", "evidence": ["D2:1"], "category": 5, "adversarial_answer": "x"},
    ]
    data = tmp_path / "locomo.json"
    data.write_text(json.dumps([{"sample_id": "made-up", "conversation": sessions, "qa": qa}]))
    return data


def _bench(tmp_path: Path, *args: str, timeout: float = 400) -> subprocess.CompletedProcess[str]:
    """Run one benchmark script in ``tmp_path``; it must exit 0."""
    out = subprocess.run(
        [sys.executable, *args], cwd=tmp_path, capture_output=True, text=True, env=dict(os.environ), timeout=timeout
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return out


def test_recall_tenants_runs_on_a_file_of_locomos_format(tmp_path: Path) -> None:
    data = _made_up_locomo(tmp_path)
    args = ["--rows", "600", "--small", "200", "--namespaces", "12", "--base", "30", "--per-class", "2"]
    out = _bench(tmp_path, str(BENCH / "recall_tenants.py"), "--locomo", str(data), *args, "--runs", "1", "--json")
    figures = json.loads(out.stdout[out.stdout.index("{\n") :])["figures"]
    assert figures["[600] overlap@10 shipped [all]"] == 1.0  # tenants this small are ranked exactly


def test_consolidation_workers_and_cprofile_run(tmp_path: Path) -> None:
    out = _bench(tmp_path, str(BENCH / "consolidation.py"), "--workers", "1,2", "--sessions", "2", "--runs", "1")
    assert "target exactly once, nothing failed: met" in out.stdout
    out = _bench(tmp_path, str(BENCH / "profile_paths.py"), "consolidate", "--sessions", "2", "--cprofile")
    assert "extractive.py" in out.stdout and "tottime" in out.stdout  # the consolidator is profiled too


def test_consolidation_breakdown_times_the_consolidator(tmp_path: Path) -> None:
    # the breakdown wraps the chunk's call of the consolidator; if that call moves, the share reads 0%
    out = _bench(
        tmp_path, str(BENCH / "consolidation.py"), "--only-pipeline", "--sessions", "3", "--runs", "1", "--json"
    )
    breakdown = json.loads(out.stdout[out.stdout.index("{") :])["figures"]["runs: breakdown"][0]
    assert all(breakdown[k] != "0%" for k in ("consolidator", "swap transaction")), breakdown


def test_locomo_benchmark_runs_on_a_file_of_its_format(tmp_path: Path) -> None:
    data = _made_up_locomo(tmp_path)
    dump = tmp_path / "dump.jsonl"
    out = _bench(tmp_path, str(BENCH / "locomo_recall.py"), str(data), "--json", "--dump", str(dump), timeout=240)
    doc = json.loads(out.stdout[out.stdout.index("{\n") :])
    assert doc["stats"]["questions"]["all"] == 2 and doc["stats"]["questions"]["adversarial"] == 1
    assert set(doc["budget"]) == {"BM25 over turns", "vector-only over turns", "provisional", "consolidated"}
    assert all(0.0 <= v <= 1.0 for cols in doc["budget"].values() for v in cols.values() if v is not None)
    # --dump: a line per question and tier, its evidence split into found and missed, ids as the file's qa index
    lines = [json.loads(line) for line in dump.read_text().splitlines()]
    assert sorted((r["question"], r["tier"]) for r in lines) == [
        (f"made-up:{i}", tier) for i in range(3) for tier in ("consolidated", "provisional")
    ]
    evidence = {"made-up:0": ["D1:1"], "made-up:1": ["D1:2", "D2:2"], "made-up:2": ["D2:1"]}
    assert all(sorted(r["found"] + r["missed"]) == evidence[r["question"]] for r in lines)
    assert all(set(r["found"]) <= {t for row in r["rows"] for t in row["turns"]} for r in lines)
