"""`tiermem status` refuses the consolidator and judge options `consolidate` would refuse, before the database."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_cli import run


def deployment(config_file: Path, extra: str) -> list[str]:
    config_file.write_text(config_file.read_text(encoding="utf-8") + extra, encoding="utf-8")
    return ["--config", str(config_file)]


@pytest.mark.parametrize(
    ("extra", "key", "says"),
    [
        (
            "  consolidator:\n    kind: extractive\n    options: {relatons: [mentors]}\n",
            "consolidate.consolidator.options.relatons",
            "did you mean 'relations'?",
        ),
        (
            "  consolidator:\n    kind: extractive\n    options: {relations: mentors}\n",
            "consolidate.consolidator.options.relations",
            "expected a list of non-empty strings, got 'mentors'",
        ),
        (
            "  consolidator:\n    kind: passthrough\n    options: {max_summary_chars: -3}\n",
            "consolidate.consolidator.options.max_summary_chars",
            "",
        ),
        (
            "  consolidator:\n    kind: llm\n    options: {base_url_env: TIERMEM_TEST_UNSET, modle: x}\n",
            "consolidate.consolidator.options.modle",
            "did you mean 'model'?",
        ),
        (
            "  consolidator:\n    kind: callable\n    options: {}\n",
            "consolidate.consolidator.options.target",
            "required",
        ),
        (
            "supersession:\n  judge: llm\n  judge_options: {modle: x}\n",
            "supersession.judge_options.modle",
            "did you mean 'model'?",
        ),
    ],
)
def test_status_refuses_a_bad_consolidator_or_judge_option_in_one_line_naming_file_and_key(
    capsys: pytest.CaptureFixture[str], config_file: Path, extra: str, key: str, says: str
) -> None:
    cfg = deployment(config_file, extra)
    code, out, err = run(capsys, "status", *cfg)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and f"{config_file}: {key}:" in err and says in err, err
    assert (
        run(capsys, "consolidate", *cfg, "--min-quiet", "0")[2] == err
    )  # the same words as the command that builds it


def test_status_leaves_the_environment_to_the_commands_that_call_the_model(
    capsys: pytest.CaptureFixture[str], config_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An operator's shell need not hold the LLM's variables (docker-compose gives them to the daemon only)."""
    monkeypatch.delenv("TIERMEM_TEST_UNSET", raising=False)
    cfg = deployment(
        config_file, "  consolidator:\n    kind: llm\n    options: {base_url_env: TIERMEM_TEST_UNSET, model: m}\n"
    )
    code, out, err = run(capsys, "status", *cfg)
    assert code == 0 and "staged_turns" in out and err == ""
    code, _, err = run(capsys, "consolidate", *cfg, "--min-quiet", "0")
    assert code == 2 and "TIERMEM_TEST_UNSET is not set or empty" in err
