"""An id recall gave out before consolidation, used after it: the error says what replaced the row."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_sink import MemoryStore
from memory_sink.config import Config
from memory_sink.errors import NotFoundError
from pipelines.consolidate import run_consolidate
from tests.test_cli import run

JOB = "I just started at Contoso as a senior analyst."


def provisional_id(capsys: pytest.CaptureFixture[str], cfg: list[str]) -> str:
    assert run(capsys, "stage", *cfg, "--session", "oct", "--role", "user", JOB)[0] == 0
    assert run(capsys, "stage", *cfg, "--session", "oct", "--role", "user", "We adopted a greyhound.")[0] == 0
    assert run(capsys, "realtime", *cfg)[0] == 0
    found = json.loads(run(capsys, "recall", *cfg, "--json", "where do I work?")[1])["results"]
    (turn,) = [m for m in found if m["content"] == JOB]
    assert turn["tier"] == "provisional"
    return str(turn["id"])


def holders(config: Config, content: str) -> dict[str, str]:
    """kind (facts numbered) -> id of the active rows holding the turn with that content, read independently."""
    with MemoryStore.open(config) as store, store.connection() as conn:
        rows = conn.execute(
            "SELECT kind, id::text FROM memory WHERE superseded_at IS NULL AND tier = 'consolidated'"
            " AND event_ids @> ARRAY[(SELECT event_id FROM memory_staging WHERE content = %s)]",
            (content,),
        ).fetchall()
    return {f"{kind} {i}" if kind == "fact" else kind: mid for i, (kind, mid) in enumerate(rows)}


@pytest.mark.parametrize("command", ["history", "forget", "pin", "retract"])
def test_a_provisional_id_after_consolidation_names_the_swap_and_the_rows_holding_its_turn(
    capsys: pytest.CaptureFixture[str], config_file: Path, config: Config, command: str
) -> None:
    cfg = ["--config", str(config_file)]
    old = provisional_id(capsys, cfg)
    assert run(capsys, "consolidate", *cfg, "--min-quiet", "0")[0] == 0
    now = holders(config, JOB)
    assert "passage" in now and any(k.startswith("fact") for k in now)
    for given in (old[:8], old):  # a short prefix, as tables print, and the whole id, as JSON gives
        code, out, err = run(capsys, command, *cfg, given)
        assert (code, out) == (2, "")
        assert err.count("\n") == 1, err
        assert f"no memory {given}" in err and "it was a provisional turn" in err and "session 'oct'" in err
        assert all(mid[:8] in err for mid in now.values()), (now, err)
        assert err.index(now["passage"][:8]) < err.index(now["episode"][:8])  # the turn's own words first


def test_an_id_that_never_was_and_one_whose_turn_was_erased_say_only_no_memory(
    capsys: pytest.CaptureFixture[str], config_file: Path, config: Config
) -> None:
    cfg = ["--config", str(config_file)]
    old = provisional_id(capsys, cfg)
    assert run(capsys, "consolidate", *cfg, "--min-quiet", "0")[0] == 0
    code, _, err = run(capsys, "history", *cfg, "0123abcd")
    assert code == 2 and "provisional" not in err and "no memory 0123abcd" in err
    assert run(capsys, "forget", *cfg, holders(config, JOB)["passage"])[0] == 0
    code, _, err = run(capsys, "history", *cfg, old)
    assert code == 2 and err.strip().endswith(f"no memory {old} in namespace 'default'")  # nothing of it is left


def test_the_store_explains_it_too(store: MemoryStore) -> None:
    store.stage("s", "user", JOB, seq=1, embed=True)
    (turn,) = store.recall("where do I work?", k=1)
    run_consolidate(store, min_quiet_seconds=0)
    with pytest.raises(NotFoundError, match="it was a provisional turn, replaced when session 's' was consolidated"):
        store.get(turn.id)
    with pytest.raises(NotFoundError, match="its turn is now in passage"):
        store.history(turn.id)
