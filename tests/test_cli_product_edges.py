"""Edges a demanding new user hit: an unknown session, a taken port, a predicate spelled another way."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tests.test_cli import run


def test_consolidating_an_unknown_session_fails_as_forgetting_one_does(
    capsys: pytest.CaptureFixture[str], config_file: Path
) -> None:
    cfg = ["--config", str(config_file)]
    code, out, err = run(capsys, "consolidate", *cfg, "--session", "never-staged")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "no session 'never-staged' in any namespace" in err
    code, _, err = run(capsys, "consolidate", *cfg, "--session", "never-staged", "--namespace", "team")
    assert code == 2 and "in namespace 'team'" in err
    assert run(capsys, "forget", *cfg, "--session", "never-staged")[0] == 2  # the same code for the same mistake


def test_consolidating_a_known_session_with_nothing_pending_is_no_error(
    capsys: pytest.CaptureFixture[str], config_file: Path
) -> None:
    cfg = ["--config", str(config_file)]
    assert run(capsys, "stage", *cfg, "--session", "kayak", "--role", "user", "I paddle on Sundays.")[0] == 0
    assert run(capsys, "consolidate", *cfg, "--session", "kayak", "--min-quiet", "0")[0] == 0
    code, out, err = run(capsys, "consolidate", *cfg, "--session", "kayak", "--min-quiet", "0")
    assert code == 0 and "consolidated 0 sessions" in out and err == ""


def test_mcp_http_on_a_taken_port_is_one_line_naming_the_port_and_the_flag(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        code, out, err = run(capsys, "mcp", "--transport", "http", "--port", str(port))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and f"127.0.0.1:{port}" in err and "--port" in err
    assert "Traceback" not in err and "Errno" not in err


def test_facts_finds_a_predicate_in_another_form_and_names_close_ones_for_an_unknown_one(
    capsys: pytest.CaptureFixture[str], config_file: Path
) -> None:
    cfg = ["--config", str(config_file)]
    assert run(capsys, "stage", *cfg, "--session", "home", "--role", "user", "I live in Tromso.")[0] == 0
    assert run(capsys, "consolidate", *cfg, "--min-quiet", "0")[0] == 0
    code, out, err = run(capsys, "facts", *cfg, "--predicate", "live in")
    assert code == 0 and "Tromso" in out and err == ""
    code, out, err = run(capsys, "facts", *cfg, "--json", "--predicate", "lives at")
    assert code == 0 and '"facts": []' in out
    assert err.count("\n") == 1 and "no fact has the predicate 'lives at'" in err and "'lives in'" in err
    code, _, err = run(capsys, "facts", *cfg, "--predicate", "owns boat")
    assert code == 0 and "no fact has the predicate 'owns boat'" in err and "close" not in err
    assert "; its facts have: 'lives in' (to forget a turn that said it, recall it and forget its id)" in err


def test_forget_given_words_instead_of_an_id_names_the_memories_that_match(
    capsys: pytest.CaptureFixture[str], config_file: Path
) -> None:
    cfg = ["--config", str(config_file)]
    for said in ("My phone number is 07700 900123, and I edit in Emacs.", "I switched from Emacs to Zed."):
        assert run(capsys, "stage", *cfg, "--session", "s1", "--role", "user", said)[0] == 0
    assert run(capsys, "consolidate", *cfg, "--min-quiet", "0")[0] == 0
    code, out, err = run(capsys, "forget", *cfg, "my phone number")
    assert (code, out) == (2, "") and err.count("\n") == 1, err
    assert err.startswith("tiermem: error: not a memory id: 'my phone number'; memories that match it: ")
    # the turn's passage, though it also said an editor since replaced (outdated: last in default recall)
    passage = err.split("memories that match it: ", 1)[1].split(" 'user: My phone number is")[0].split(", ")[-1]
    assert len(passage) == 8, err
    code, out, err = run(capsys, "forget", *cfg, passage)
    assert code == 0, err
    code, out, _ = run(capsys, "recall", *cfg, "--all-versions", "phone number")
    assert "07700" not in out
    code, _, err = run(capsys, "history", *cfg, "--subject", "user", "--predicate", "phone number")
    assert code == 2 and "its facts have: 'editor'" in err


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [("path", "{tmp}/no-model-here", "is not a directory"), ("model", "./models/mini.onnx", "embedder.path")],
)
def test_a_bad_embedder_key_names_the_config_file_that_set_it(
    capsys: pytest.CaptureFixture[str], config_file: Path, tmp_path: Path, key: str, value: str, said: str
) -> None:
    path = tmp_path / "bad-model.yaml"
    value = value.format(tmp=tmp_path)
    path.write_text(config_file.read_text(encoding="utf-8") + f"embedder:\n  {key}: '{value}'\n", encoding="utf-8")
    code, out, err = run(capsys, "recall", "--config", str(path), "anything")
    assert code in (1, 2) and out == "" and err.count("\n") == 1
    assert f"{path}: embedder.{key}: " in err and value in err and said in err


def test_a_namespace_holding_nothing_is_named_on_stderr_with_the_ones_in_use(
    capsys: pytest.CaptureFixture[str], config_file: Path
) -> None:
    cfg = ["--config", str(config_file)]
    code, out, err = run(capsys, "facts", *cfg, "--namespace", "nosuchns")
    assert code == 0 and err == ""  # a fresh set-up: nothing anywhere, so no namespace is suspect
    assert (
        run(capsys, "stage", *cfg, "--session", "s", "--role", "user", "--namespace", "team", "I live in Oslo.")[0] == 0
    )
    assert run(capsys, "stage", *cfg, "--session", "s", "--role", "user", "I live in Tromso.")[0] == 0
    quiet = run(capsys, "facts", *cfg, "--json", "--namespace", "team")
    for args in (
        ("facts", "--json"),
        ("recall", "--json", "where do I live?"),
        ("status", "--json"),
        ("backfill", "--from", "2020-01-01", "--to", "2020-01-01", "--json", "--no-progress"),
    ):
        code, out, err = run(capsys, args[0], *cfg, *args[1:], "--namespace", "nosuchns")
        assert code == 0 and out and err.count("\n") == 1, args
        assert "namespace 'nosuchns' holds no turn and no memory" in err and "'default', 'team'" in err
    assert quiet[0] == 0 and quiet[2] == ""  # a used namespace with no facts yet is legitimately empty
    code, out, err = run(capsys, "facts", *cfg, "--json", "--namespace", "nosuchns")
    assert out == '{\n  "facts": []\n}\n'  # stdout unchanged


def test_history_of_a_mistyped_predicate_says_so_and_names_the_subjects_close_ones(
    capsys: pytest.CaptureFixture[str], config_file: Path
) -> None:
    cfg = ["--config", str(config_file)]
    assert run(capsys, "stage", *cfg, "--session", "job", "--role", "user", "I work at Initech.")[0] == 0
    assert run(capsys, "consolidate", *cfg, "--min-quiet", "0")[0] == 0
    code, out, err = run(capsys, "history", *cfg, "--subject", "user", "--predicate", "wrks at")
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert "no fact about 'user' has the predicate 'wrks at' in namespace 'default'; close: 'works at'" in err
    code, _, err = run(capsys, "history", *cfg, "--subject", "nobody", "--predicate", "works at")
    assert code == 2 and "no facts about 'nobody' in namespace 'default'" in err  # no facts at all: as before
    code, _, err = run(capsys, "facts", *cfg, "--subject", "user", "--predicate", "wrks at")
    assert code == 0 and "no fact about 'user' has the predicate 'wrks at'" in err  # the same sentence


def test_mcp_http_on_a_bad_address_says_so_before_asking_for_a_token(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("TIERMEM_MCP_TOKEN", raising=False)
    code, out, err = run(capsys, "mcp", "--transport", "http", "--host", "999.1.1.1", "--port", "8765")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "cannot listen on 999.1.1.1:8765" in err and "--host" in err
    assert "TIERMEM_MCP_TOKEN" not in err
