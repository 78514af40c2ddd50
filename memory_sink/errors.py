"""The typed errors tiermem raises; the CLI turns each into a one-line message.

Exit codes: ``InputError`` and ``ConfigError`` are the user's to fix (exit 2);
everything else is an operational failure (exit 1).
"""

from __future__ import annotations


class TiermemError(Exception):
    """Base class of every error tiermem raises on purpose."""

    exit_code = 1


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


class ConsolidationError(TiermemError):
    """A consolidator failed or returned malformed output for one session."""
