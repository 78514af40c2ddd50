"""`tiermem demo` tells its story: each change supersedes the old value, and says why."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from memory_sink import Memory, MemoryStore
from memory_sink.config import load_config
from pipelines.cli import main


def run_demo(capsys: pytest.CaptureFixture[str], config_file: Path) -> tuple[str, str]:
    """The demo's output and the namespace it wrote to."""
    try:
        main(["demo", "--config", str(config_file)])
    except SystemExit as exc:
        assert not exc.code, capsys.readouterr().err
    out = capsys.readouterr().out
    namespace = re.search(r"namespace: (demo-\S+)", out)
    assert namespace, out
    return out, namespace[1]


def test_demo_story(capsys: pytest.CaptureFixture[str], config_file: Path) -> None:
    out, ns = run_demo(capsys, config_file)
    with MemoryStore.open(load_config(str(config_file))) as store:

        def replaced(predicate: str, old: str, new: str) -> tuple[Memory, Memory]:
            """The first version of ``old`` and the one active ``new`` that replaced every version of it."""
            chain = store.fact_history("user", predicate, namespace=ns)
            (current,) = [m for m in chain if m.superseded_at is None]
            olds = [m for m in chain if m is not current]
            assert current.object == new and olds and {m.object for m in olds} == {old}
            assert all(m.superseded_by == current.id and m.valid_to == current.valid_from for m in olds)
            return olds[0], current

        # Every step that consolidates says so, Tuesday's too.
        assert {"monday", "tuesday"} <= set(re.findall(r"consolidate \[(\w+)\]: \d+ episodes", out))

        # The reversed decision: Postgres is superseded by Kafka, the consolidator named it.
        # (Re-consolidating Monday for the late turn re-extracted Monday's facts unchanged: each
        # keeps its row, retired as it was, so every Postgres version points at Kafka.)
        postgres, kafka = replaced("event store", "Postgres", "Kafka")
        why = next(o for o in store.operations(postgres.id, namespace=ns) if o["op"] == "supersede")
        assert why["signals"]["named_by_consolidator"] and why["signals"]["verdict"] == "replace"
        recalled = store.recall("which technology backs the billing event store?", namespace=ns, k=10, kinds=["fact"])
        assert [m.object for m in recalled if m.predicate == "event store"] == ["Kafka"]

        # The preference: coffee superseded by tea, because 'prefers drink' is single-valued.
        coffee, _ = replaced("prefers drink", "coffee", "tea")
        why = next(o for o in store.operations(coffee.id, namespace=ns) if o["op"] == "supersede")
        assert why["signals"]["key_match"] and "single-valued" in why["signals"]["reason"]

        # The late turn: Monday's episode has a second version, and it mentions Neovim.
        (editor,) = store.facts("user", "editor", namespace=ns)
        assert editor.object == "Neovim" and editor.session_id == "monday"
        episode = next(
            m
            for m in store.recall("Neovim editor", namespace=ns, k=100, kinds=["episode"])
            if editor.event_ids[0] in m.event_ids
        )
        first, second = store.history(episode.id, namespace=ns)
        assert first.superseded_by == second.id == episode.id
        assert "Neovim" not in first.content and "Neovim" in second.content

    # The newcomer sees each step: both supersessions explained, the new episode text in full.
    flat = " ".join(out.split())  # narration is wrapped to the terminal
    assert re.search(r"supersede: \w+ 'user prefers drink coffee' -> \w+ 'user prefers drink tea'", flat)
    assert re.search(r"supersede: \w+ 'user event store Postgres' -> \w+ 'user event store Kafka'", flat)
    assert "named by the consolidator" in flat and "'prefers drink' is single-valued" in flat
    assert f"history {second.id[:8]}" in flat and "user: Oh, and my editor is Neovim now." in flat


def test_demo_is_repeatable(capsys: pytest.CaptureFixture[str], config_file: Path) -> None:
    """A namespace per run: a second run neither fails nor sees the first one's memory."""
    _, first = run_demo(capsys, config_file)
    out, second = run_demo(capsys, config_file)
    assert first != second
    with MemoryStore.open(load_config(str(config_file))) as store:
        assert [m.object for m in store.facts("user", "event store", namespace=second)] == ["Kafka"]


def test_demo_on_its_own_data_dir_ends_with_commands_that_read_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Pasted as printed, the suggested recall finds the demo's memory (it read another database, empty)."""
    import shlex
    import shutil
    import tempfile

    from memory_sink import db

    root = Path(tempfile.mkdtemp(prefix="tiermem-demo-"))  # not under basetemp, as conftest says
    root.chmod(0o755)
    empty, pgdata = tmp_path / "plain.yaml", root / "pg"
    empty.write_text("# every default: the embedded server\n", encoding="utf-8")
    try:
        main(["demo", "--config", str(empty), "--data-dir", str(pgdata)])
    except SystemExit as exc:
        assert not exc.code, capsys.readouterr().err
    try:
        out = capsys.readouterr().out
        assert re.search(r"Done in [\d.]+s, start-up included \([\d.]+s for the story itself\)", " ".join(out.split()))
        (line,) = [line for line in out.splitlines() if "tiermem recall" in line]
        env, program, *args = shlex.split(line)
        assert env == f"TIERMEM_DATA_DIR={pgdata}" and program == "tiermem" and args[-2:] == ["--config", str(empty)]
        monkeypatch.setenv(*env.split("=", 1))
        try:
            main(args)
        except SystemExit as exc:
            assert not exc.code, capsys.readouterr().err
        assert "tea" in capsys.readouterr().out
    finally:
        db.stop_embedded(pgdata)
        shutil.rmtree(root, ignore_errors=True)
