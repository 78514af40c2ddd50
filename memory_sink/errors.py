"""The typed errors tiermem raises; the CLI turns each into a one-line message.

Exit codes: ``InputError`` and ``ConfigError`` are the user's to fix (exit 2);
everything else is an operational failure (exit 1).
"""

from __future__ import annotations

import logging
import re
from urllib.parse import unquote

REDACTED = "***"
_SHORT = 6  # passwords shorter than this are redacted only as whole tokens
_secrets: set[str] = set()
# A password in a URL's user info or query, or in a key=value DSN, whoever wrote the text.
_URL_PASSWORD = re.compile(r"(\b[a-z][a-z0-9+.-]*://[^:/@\s'\"]*:)[^@\s'\"]+@", re.IGNORECASE)
_KV_PASSWORD = re.compile(r"(\bpassword\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s&'\"]+)", re.IGNORECASE)


def remember_secrets(dsn: str | None) -> None:
    """Note a DSN's password, parsed leniently (a DSN the driver rejects may still hold one)."""
    if not dsn:
        return
    found = [m.group(2) for m in _KV_PASSWORD.finditer(dsn)]
    userinfo = re.match(r"^[a-z][a-z0-9+.-]*://([^/?#]*)@", dsn, re.IGNORECASE)
    if userinfo and ":" in userinfo.group(1):
        found.append(userinfo.group(1).split(":", 1)[1])
    for raw in found:
        raw = raw[1:-1] if len(raw) > 1 and raw[0] == raw[-1] == "'" else raw
        _secrets.update(s for s in (raw, unquote(raw), re.sub(r"\\(.)", r"\1", raw)) if s)


def redact(text: str) -> str:
    """``text`` without any password this process has seen or that looks like one."""
    for secret in sorted(_secrets, key=len, reverse=True):
        if len(secret) >= _SHORT:
            text = text.replace(secret, REDACTED)
        else:  # a short password would also match inside ordinary words: only where it stands alone
            text = re.sub(rf"(?<![A-Za-z0-9]){re.escape(secret)}(?![A-Za-z0-9])", REDACTED, text)
    text = _URL_PASSWORD.sub(rf"\g<1>{REDACTED}@", text)
    return _KV_PASSWORD.sub(rf"\g<1>{REDACTED}", text)


class RedactingFilter(logging.Filter):
    """A handler filter: log lines never carry a password, whatever a library put in them."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        return True


class TiermemError(Exception):
    """Base class of every error tiermem raises on purpose; its message never holds a password."""

    exit_code = 1

    def __init__(self, *args: object) -> None:
        super().__init__(*(redact(arg) if isinstance(arg, str) else arg for arg in args))


class ConfigError(TiermemError):
    """A deployment file or option is invalid; the message names the key."""

    exit_code = 2


class InputError(TiermemError):
    """A turn, query or argument was rejected; nothing was written."""

    exit_code = 2


class NotFoundError(TiermemError):
    """A memory, operation or session id does not exist in this namespace."""

    exit_code = 2


class ModelError(TiermemError):
    """An embedding model could not be found, loaded or quantized."""


class ModelMismatchError(TiermemError):
    """The configured embedder differs from the one the database was built with."""


class DatabaseError(TiermemError):
    """The database could not be reached, started or migrated."""


class ReadError(TiermemError):
    """The input of an ingest could not be read past a line; the lines before it were staged or rejected."""


class ConsolidationError(TiermemError):
    """A consolidator failed or returned malformed output for one session."""
