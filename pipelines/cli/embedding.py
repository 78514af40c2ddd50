"""The embedding model's commands: list, quantize and download models, and re-embed every memory with one."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from . import output
from .options import config_option, examples, json_option, open_store, progress_option


@click.command(epilog=examples("tiermem reembed --config bge.yaml"))
@config_option
@json_option
@progress_option
def reembed(config_path: str | None, as_json: bool, progress: bool | None) -> None:
    """Rewrite every stored vector with the configured model (after changing embedder.model)."""
    with open_store(config_path) as store:
        count = _reembed_with_progress(store, sys.stderr.isatty() if progress is None else progress)
        doc = {"reembedded": count, "embedder": store.embedder.fingerprint}
    if as_json:
        output.emit_json(doc)
    else:
        click.echo(f"re-embedded {count} memories with {doc['embedder']}")


def _reembed_with_progress(store: Any, enabled: bool) -> int:
    """``reembed``, counting rewritten memories against every stored one: at the model's ~1,400 texts/s
    (BENCHMARKS.md #1) a million take some 12 minutes, silent without it."""
    from tqdm import tqdm

    with tqdm(unit="memory", desc="reembed", file=sys.stderr, disable=not enabled, dynamic_ncols=True) as bar:

        def advance(done: int, total: int) -> None:
            bar.total = total
            bar.update(done - bar.n)

        return int(store.tiers.reembed(on_progress=advance if enabled else None))


@click.group(epilog=examples("tiermem models list"))
def models() -> None:
    """Embedding models: list, quantize, download."""


@models.command("list", epilog=examples("tiermem models list --json"))
@json_option
def models_list(as_json: bool) -> None:
    """The models tiermem knows."""
    from memory_sink.embedder import MODELS

    rows = [(name, spec.dim, spec.pooling, spec.max_tokens) for name, spec in MODELS.items()]
    if as_json:
        output.emit_json({"models": [dict(zip(("name", "dim", "pooling", "max_tokens"), r)) for r in rows]})
    else:
        click.echo(output.table(rows, ["name", "dim", "pooling", "max tokens"]))


@models.command("quantize", epilog=examples("tiermem models quantize model.onnx model-int8.onnx"))
@click.argument("src", type=click.Path(exists=True, dir_okay=False))
@click.argument("dst", type=click.Path(dir_okay=False))
@click.option(
    "--tokenizer",
    type=click.Path(exists=True, dir_okay=False),
    help="tokenizer.json to calibrate with (default: next to SRC or one directory up)",
)
def models_quantize(src: str, dst: str, tokenizer: str | None) -> None:
    """Quantize an fp32 ONNX model to static int8 (per-channel weights, calibrated fixed activation scales)."""
    from memory_sink.embedder import quantize_model

    quantize_model(Path(src), Path(dst), Path(tokenizer) if tokenizer else None)
    click.echo(f"wrote {dst}")


@models.command("download", epilog=examples("tiermem models download bge-small-en-v1.5-int8 /models/bge-small-en-v1.5"))
@click.argument("name")
@click.argument("dest", type=click.Path(file_okay=False))
def models_download(name: str, dest: str) -> None:
    """Download a model into DEST (needs a network and tiermem[hub])."""
    from memory_sink.embedder import download_model

    click.echo(f"downloaded to {download_model(name, Path(dest))}")


COMMANDS = (reembed, models)
