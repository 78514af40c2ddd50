"""A CLI recall or status pays for what it uses: no Dagster, no spaCy, no extraction tables.

Each runs in a fresh interpreter (the test process has imported everything
already), through the real entry point, and reports what it imported.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
# Imported only by commands that consolidate or orchestrate (seconds of start-up between them).
HEAVY = ("dagster", "spacy", "lemminflect", "consolidators.extractive", "consolidators.relations", "mcp")
PROBE = """
import json, sys
from pipelines.cli import app
app.main(sys.argv[1:])
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in {h.split(".")[0] for h in %r})))
"""


def imported_by(*argv: str) -> list[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-c", PROBE % (HEAVY,), *argv], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.parametrize("command", [["recall", "which queue do we use?", "--json"], ["status", "--json"]])
def test_a_cli_recall_or_status_imports_no_dagster_nor_spacy(config_file: Path, command: list[str]) -> None:
    loaded = imported_by(*command, "--config", str(config_file))
    assert [m for m in loaded if m in HEAVY or m.split(".")[0] in {"dagster", "spacy", "mcp"}] == []


def test_the_probe_sees_a_heavy_import(config_file: Path) -> None:
    """The same probe, on a command that does consolidate, finds spaCy: the check above can fail."""
    loaded = imported_by("consolidate", "--min-quiet", "0", "--config", str(config_file))
    assert "consolidators.extractive" in loaded
