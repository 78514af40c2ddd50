"""Setting up: a data dir that can't be one, and ``--config`` on either side of the command."""

from __future__ import annotations

from pathlib import Path

import pytest

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
