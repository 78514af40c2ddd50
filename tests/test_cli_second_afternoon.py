"""What a new user met building an agent on tiermem from the README: each edge as they hit it.

Text saved by a Windows tool (a byte order mark, Latin-1 bytes) staged as it was
meant or refused in words that name the encoding; an ``--as-of`` before the first
import says it reads recording time, not world time; a lookup that fails in a
mistyped namespace names the namespaces in use; the user's own name as a
subject says their facts are under ``user``.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import anyio
import pytest
from mcp.client import Client

from memory_sink import MemoryStore
from pipelines.mcp_server import build_server
from tests.test_cli import run


def _cfg(config_file: Path) -> list[str]:
    return ["--config", str(config_file)]


# --- 1. the input's encoding --------------------------------------------------------------------


def test_stage_from_stdin_drops_a_byte_order_mark_and_names_a_byte_that_is_not_utf8(
    capsys: pytest.CaptureFixture[str], config_file: Path, store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    stage = ("stage", *_cfg(config_file), "--session", "w", "--role", "user", "-")
    code, _, err = run(capsys, *stage, stdin="\ufeffI live in Delft.", monkeypatch=monkeypatch)
    assert (code, err) == (0, "")
    # Latin-1 "café" as the CLI decodes stdin it cannot read: the byte escaped, not a crash.
    code, out, err = run(capsys, *stage, stdin="caf\udce9", monkeypatch=monkeypatch)
    assert (code, out) == (2, "")
    assert err == "tiermem: error: content: not valid UTF-8 (byte 0xe9 at position 3); the input must be UTF-8\n"
    with store.connection() as conn:
        assert conn.execute("SELECT content FROM memory_staging").fetchall() == [("I live in Delft.",)]


# --- 2. --as-of reads recording time ------------------------------------------------------------


def test_an_as_of_before_anything_was_recorded_says_as_of_reads_recording_time(
    capsys: pytest.CaptureFixture[str], config_file: Path
) -> None:
    cfg = _cfg(config_file)
    # Last month's conversation, imported today: its facts are true since March, believed since now.
    stage = ("stage", *cfg, "--session", "m", "--role", "user", "--ts", "2026-03-02T09:00:00Z")
    assert run(capsys, *stage, "I live in Delft.")[0] == 0
    assert run(capsys, "consolidate", *cfg, "--min-quiet", "0")[0] == 0
    for command in (("facts",), ("recall", "where do I live?")):
        code, out, err = run(capsys, *command, *cfg, "--as-of", "2026-03-04", "--json")
        assert code == 0 and not [*json.loads(out).values()][-1]  # stdout: the empty document, as before
        assert err.startswith("tiermem: nothing in namespace 'default' was recorded by 2026-03-04 (its first")
        assert "--as-of reads recording time" in err and err.count("\n") == 1
        now = datetime.now(UTC).isoformat()
        code, out, err = run(capsys, *command, *cfg, "--as-of", now, "--json")
        assert (code, err) == (0, "") and [*json.loads(out).values()][-1]


# --- 3. a mistyped namespace, named wherever a lookup fails -------------------------------------


def test_a_lookup_in_a_mistyped_namespace_names_the_namespaces_in_use(
    capsys: pytest.CaptureFixture[str], config_file: Path
) -> None:
    cfg = _cfg(config_file)
    assert run(capsys, "stage", *cfg, "--session", "s1", "--role", "user", "I live in Delft.")[0] == 0
    hint = "; namespace 'defualt' holds no turn and no memory; namespaces in use: 'default'\n"
    for command in (
        ("history", "--subject", "user"),
        ("history", "abcd1234"),
        ("forget", "--session", "s9"),
        ("retract", "abcd1234"),
        ("undo", "1"),
        ("consolidate", "--session", "s9"),
    ):
        code, out, err = run(capsys, *command, *cfg, "--namespace", "defualt")
        assert (code, out) == (2, "") and err.startswith("tiermem: error: no ") and err.endswith(hint), command
        code, _, err = run(capsys, *command, *cfg)  # the namespace in use: not found, and no hint
        assert code == 2 and "namespaces in use" not in err, command


# --- 4. the user's own name as a --subject ------------------------------------------------------


def test_a_subject_that_is_the_users_own_name_says_their_facts_are_under_user(
    capsys: pytest.CaptureFixture[str], config_file: Path, store: MemoryStore
) -> None:
    cfg = _cfg(config_file)
    store.stage("s", "user", "Hi! I'm Maren, nice to meet you.", seq=1, embed=True)
    store.stage("s", "user", "My boyfriend Tobias lives in Delft.", seq=2, embed=True)
    said = "'Maren' is the user in namespace 'default': facts about them are under the subject 'user'"
    code, out, err = run(capsys, "facts", *cfg, "--subject", "Maren", "--json")
    assert (code, json.loads(out), err) == (0, {"facts": []}, f"tiermem: {said}\n")
    code, _, err = run(capsys, "history", *cfg, "--subject", "Maren")
    assert (code, err) == (2, f"tiermem: error: no facts about 'Maren' in namespace 'default'; {said}\n")
    code, _, err = run(capsys, "facts", *cfg, "--subject", "Tobias")  # someone the user talks about
    assert (code, err) == (0, "")

    async def facts(subject: str) -> dict[str, object]:
        async with Client(build_server(store, "default")) as client:
            result = await client.call_tool("facts", {"subject": subject})
            return dict(json.loads(result.content[0].text))

    assert anyio.run(facts, "Maren") == {"facts": [], "note": said}
    assert anyio.run(facts, "Tobias") == {"facts": []}
