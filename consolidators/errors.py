"""The typed errors of the consolidator package.

They derive from ``Exception``, not from ``memory_sink``'s errors, because this
package imports nothing of tiermem's; the pipeline maps them (a config error
to exit status 2, malformed output to a failed session that is retried).
Both carry the dotted key or result path separately, so a caller can report
it without parsing the message.
"""

from __future__ import annotations

OPTIONS_KEY = "consolidate.consolidator.options"
KIND_KEY = "consolidate.consolidator.kind"


class ConsolidatorError(Exception):
    """Base class of every error the consolidator package raises on purpose."""


class ConsolidatorConfigError(ConsolidatorError):
    """A consolidator kind or option is invalid; ``key`` is the dotted config key."""

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(key, problem)
        self.key = key
        self.problem = problem

    def __str__(self) -> str:
        return f"{self.key}: {self.problem}"


class MalformedOutput(ConsolidatorError):
    """A consolidator's result broke the contract; ``path`` locates the bad value."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(path, problem)
        self.path = path
        self.problem = problem

    def __str__(self) -> str:
        return f"{self.path}: {self.problem}"


class EndpointError(ConsolidatorError):
    """A model endpoint refused the request, kept failing, or could not be reached.

    ``url`` is the endpoint called (it never carries credentials); ``status``
    is the last HTTP status, when one came back.
    """

    def __init__(self, message: str, url: str = "", status: int | None = None) -> None:
        super().__init__(message, url, status)
        self.message = message
        self.url = url
        self.status = status

    def __str__(self) -> str:
        return self.message


class ConsolidatorTimeout(EndpointError):
    """A model endpoint did not answer within ``timeout_seconds`` on any attempt."""
