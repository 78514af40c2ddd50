"""Setting up: a data dir that can't be one, and ``--config`` on either side of the command."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_sink.config import _parse_yaml
from memory_sink.errors import ConfigError
from tests.test_cli import run


@pytest.mark.parametrize("under", ["afile/pg", "afile"])
def test_a_data_dir_at_or_under_a_file_says_not_a_directory_and_exits_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, under: str
) -> None:
    (tmp_path / "afile").write_text("", encoding="utf-8")
    monkeypatch.setenv("TIERMEM_DATA_DIR", str(tmp_path / under))
    code, out, err = run(capsys, "facts")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and f"{tmp_path / 'afile'} is not a directory" in err
    assert "private" not in err and "chmod" not in err and "TIERMEM_DATA_DIR" in err


def test_a_data_dir_that_cannot_be_created_is_one_line_and_exits_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    if not Path("/proc/self").is_dir():
        pytest.skip("needs procfs, where no directory can be made")
    monkeypatch.setenv("TIERMEM_DATA_DIR", "/proc/nope/pg")
    code, out, err = run(capsys, "facts")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "can't create /proc/nope" in err and "database.data_dir" in err


def test_config_goes_before_the_command_or_after_it(
    capsys: pytest.CaptureFixture[str], config_file: Path, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("database:\n  dsn: [\n", encoding="utf-8")
    for args in (("--config", str(bad), "status"), ("status", "--config", str(bad))):
        code, out, err = run(capsys, *args)
        assert (code, out) == (2, "") and err.count("\n") == 1 and f"{bad}: not valid YAML" in err
    code, out, err = run(capsys, "--config", str(config_file), "status", "--json")
    assert code == 0 and '"pending_turns": 0' in out and err == ""
    code, _, err = run(capsys, "--config", str(bad), "status", "--config", str(config_file))
    assert code == 0 and err == ""  # the command's own --config wins


def test_a_key_given_twice_is_one_line_naming_the_file_the_key_and_both_lines(
    capsys: pytest.CaptureFixture[str], config_file: Path, tmp_path: Path
) -> None:
    path = tmp_path / "twice.yaml"
    base = config_file.read_text(encoding="utf-8")  # its `consolidate:` is on line 3
    path.write_text(base + "consolidate:\n  max_attempts: 2\n", encoding="utf-8")
    code, out, err = run(capsys, "status", "--config", str(path))
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert f"{path}: consolidate: duplicate key at lines 3 and 5" in err
    path.write_text(base + "realtime:\n  batch_size: 5\n  batch_size: 6\n", encoding="utf-8")
    code, _, err = run(capsys, "status", "--config", str(path))
    assert code == 2 and f"{path}: realtime.batch_size: duplicate key at lines 6 and 7" in err


def test_keys_yaml_tells_apart_are_not_duplicates(tmp_path: Path) -> None:
    """1 and "1" are two keys to YAML (an int and a string): both stay, nothing is lost, nothing refused."""
    path = tmp_path / "options.yaml"
    path.write_text('options:\n  1: a\n  "1": b\n', encoding="utf-8")
    assert _parse_yaml(path, path.read_text(encoding="utf-8")) == {"options": {1: "a", "1": "b"}}
    with pytest.raises(ConfigError, match="options.1: duplicate key at lines 2 and 3"):
        _parse_yaml(path, 'options:\n  "1": a\n  "1": b\n')


@pytest.mark.parametrize(
    ("section", "said"),
    [
        ("embedder:\n  model: minilm\n", "embedder.model: unknown model 'minilm' (known: all-minilm-l6-v2-int8"),
        (
            "  consolidator:\n    kind: extractiv\n",
            "consolidate.consolidator.kind: unknown consolidator 'extractiv'; did you mean 'extractive'? (expected one of: ",
        ),
        ("  max_attempts: true\n", "consolidate.max_attempts: expected an integer, got true"),
    ],
)
def test_status_refuses_what_would_fail_only_when_used_naming_the_file(
    capsys: pytest.CaptureFixture[str], config_file: Path, tmp_path: Path, section: str, said: str
) -> None:
    path = tmp_path / "used.yaml"
    path.write_text(config_file.read_text(encoding="utf-8") + section, encoding="utf-8")  # indented: under consolidate
    code, out, err = run(capsys, "status", "--config", str(path))
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert f"{path}: {said}" in err
    assert ("did you mean 'extractive'?" in err) == ("extractiv" in section)
