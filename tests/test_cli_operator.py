"""What an operator reads on the command line: recall tables, status of parked sessions, progress, -v, JSON."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

import pytest

from memory_sink import MemoryStore
from pipelines.cli.app import EMBEDDED_SERVER_LOGGER
from pipelines.cli.output import RANKING_NOTE
from tests.test_cli import run
from tests.test_dagster import stage_days


def test_recall_table_shortens_ids_and_says_what_orders_it(
    capsys: pytest.CaptureFixture[str], config_file: Path, store: MemoryStore
) -> None:
    stage_days(store)
    cfg = ["--config", str(config_file)]
    assert run(capsys, "realtime", *cfg)[0] == 0
    code, out, _ = run(capsys, "recall", *cfg, "--k", "3", "Redis queue")
    full = [m["id"] for m in json.loads(run(capsys, "recall", *cfg, "--json", "--k", "3", "Redis queue")[1])["results"]]
    assert code == 0 and full
    lines = out.splitlines()
    assert lines[0].split()[:8] == ["id", "tier", "kind", "valid", "from", "recorded", "status", "cosine"]
    assert lines[-1] == RANKING_NOTE
    assert all(i[:8] in out and i not in out for i in full)


def test_status_shows_no_next_retry_for_a_parked_session(
    capsys: pytest.CaptureFixture[str], config_file: Path, store: MemoryStore
) -> None:
    stage_days(store)
    for _ in range(store.config.consolidate.max_attempts):
        store.tiers.record_failure("default", "s-a", "ValueError: parked now")
    store.tiers.record_failure("default", "s-b", "ValueError: once")
    cfg = ["--config", str(config_file)]
    doc = json.loads(run(capsys, "status", *cfg, "--json")[1])
    failing = {f["session_id"]: f for f in doc["failing"]}
    assert failing["s-a"]["parked"] and failing["s-a"]["next_retry_at"] is None
    assert not failing["s-b"]["parked"] and failing["s-b"]["next_retry_at"] is not None
    assert doc["sessions_parked"] == 1
    out = run(capsys, "status", *cfg)[1]
    row = next(line for line in out.splitlines() if " s-a " in f" {line} ")
    assert "parked" in row and not re.search(r"\d{4}-\d\d-\d\dT", row)


def test_realtime_progress_bar_and_rounded_backfill_seconds(
    capsys: pytest.CaptureFixture[str], config_file: Path, store: MemoryStore
) -> None:
    stage_days(store)
    cfg = ["--config", str(config_file)]
    code, _, err = run(capsys, "realtime", *cfg, "--progress")
    assert code == 0 and "realtime" in err and "8/8" in err
    code, _, err = run(capsys, "realtime", *cfg)  # stderr is not a terminal here: no bar
    assert code == 0 and err == ""
    code, out, _ = run(
        capsys, "backfill", *cfg, "--json", "--no-progress", "--from", "2024-03-01", "--to", "2024-03-03"
    )
    seconds = json.loads(out)["seconds"]
    assert code == 0 and seconds == round(seconds, 3)


def test_verbose_keeps_the_embedded_servers_info_lines_for_vv(
    capsys: pytest.CaptureFixture[str], config_file: Path
) -> None:
    server = logging.getLogger(EMBEDDED_SERVER_LOGGER)
    try:
        run(capsys, "-v", "status", "--config", str(config_file))
        assert server.getEffectiveLevel() == logging.WARNING
        run(capsys, "-vv", "status", "--config", str(config_file))
        assert server.getEffectiveLevel() == logging.DEBUG
    finally:
        server.setLevel(logging.NOTSET)
