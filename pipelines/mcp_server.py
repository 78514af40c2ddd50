"""``tiermem mcp``: the memory as Model Context Protocol tools, on the official ``mcp`` SDK.

One server serves one tenant: every tool reads and writes the namespace it was
started for, and a client may name another only if the deployment lists it in
``mcp.allow_namespaces``. ``remember`` embeds at once (read-your-writes), so the
next ``recall`` sees what was just said. The store calls are synchronous; the SDK
runs each tool call in a worker thread.
"""

from __future__ import annotations

import hmac
import inspect
import os
import socket
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any, TypeVar

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from pydantic import BaseModel, Field, ValidationError

from consolidators.forms import unknown_name
from memory_sink import InputError, MemoryStore, TiermemError
from memory_sink.people import user_subject_note
from memory_sink.predicates import no_such_predicate
from memory_sink.staging import parse_ts
from memory_sink.types import Memory
from memory_sink.vocab import Kind
from pipelines.views import History, load_history, resolve_or_match, speakers, spoken

TOKEN_ENV = "TIERMEM_MCP_TOKEN"
LOOPBACK = ("127.0.0.1", "localhost", "::1")
# A staged turn's fields a chat message sets itself; the others come from the call's own arguments.
MESSAGE_FIELDS = ("role", "content", "ts")
# Recall over-fetches when it filters by score or metadata, so k results survive the filter.
FILTER_FETCH = 5
#: Characters of one memory's content a tool returns unless asked for more, and the most it may ask for. A 4.7 MB
#: pasted turn came back whole twice per recall (as a memory and in the context block): 18.9 MB on the wire with
#: the SDK's structured copy, for one row an agent's prompt could not hold anyway.
MAX_CHARS = 2000
MAX_CHARS_LIMIT = 100_000
T = TypeVar("T")

Namespace = Annotated[
    str | None,
    Field(description="Another tenant's namespace; refused unless the deployment allows it (mcp.allow_namespaces)."),
]
MemoryId = Annotated[str, Field(description="A memory id, or a unique prefix of at least 4 hex digits.")]
MaxChars = Annotated[
    int,
    Field(
        ge=1,
        le=MAX_CHARS_LIMIT,
        description="Characters of each memory's content to return; a longer one is cut and says so (`cut`).",
    ),
]


class ChatMessage(BaseModel):
    """One OpenAI-style chat message."""

    role: str = Field(description="user, assistant, system or tool (human and ai are accepted for user and assistant)")
    content: str
    ts: str | None = Field(default=None, description="ISO 8601 time it was said (default: the call's ts, in order)")


class TiermemTools:
    """The tools, over one store, scoped to one namespace (plus any the deployment allows).

    Each public method is one tool: its signature is the tool's input schema and
    its docstring the description the client's model reads.
    """

    def __init__(self, store: MemoryStore, namespace: str) -> None:
        self.store = store
        self.namespace = namespace
        self.allowed = {namespace, *store.config.mcp.allow_namespaces}

    def tools(self) -> list[Callable[..., dict[str, Any]]]:
        return [self.remember, self.recall, self.facts, self.history, self.pin, self.forget]

    def remember(
        self,
        session_id: Annotated[str, Field(description="The conversation these turns belong to.")],
        messages: Annotated[list[ChatMessage] | None, Field(description="OpenAI-style messages, in order.")] = None,
        content: Annotated[str | None, Field(description="One turn's text (instead of messages).")] = None,
        role: Annotated[
            str, Field(description="The role of content: user, assistant, system, tool (or human, ai).")
        ] = "user",
        ts: Annotated[str | None, Field(description="ISO 8601 time of the turn(s); default now.")] = None,
        metadata: Annotated[dict[str, Any] | None, Field(description="JSON metadata kept with each turn.")] = None,
        namespace: Namespace = None,
    ) -> dict[str, Any]:
        """Store one turn (content) or a list of chat messages; recall sees them at once."""
        if (messages is None) == (content is None):
            raise ToolError("give either content (one turn) or messages (a list), not both or neither")
        ns = self._scope(namespace)
        given = messages if messages is not None else [ChatMessage(role=role, content=content or "", ts=ts)]
        start = _call(lambda: parse_ts(ts)) or datetime.now(UTC)
        # Messages without a time of their own keep their order: a microsecond apart from the call's time.
        turns = [
            {
                "session_id": session_id,
                "role": m.role,  # staging maps human/ai as stage and ingest do
                "content": m.content,
                "namespace": ns,
                "ts": m.ts or (start + timedelta(microseconds=i)).isoformat(),
                "metadata": metadata,
            }
            for i, m in enumerate(given)
        ]
        report = _call(lambda: self.store.stage_many(turns, embed=True))
        if report.rejected:
            first = report.rejected[0]
            # The field the client sent: a message's own (messages[i].role), else a top-level argument.
            sent_in_message = messages is not None and first.error.split(":", 1)[0] in MESSAGE_FIELDS
            raise ToolError(f"messages[{first.line - 1}]: {first.error}" if sent_in_message else first.error)
        return {"event_ids": report.event_ids, "inserted": report.inserted, "duplicates": report.duplicates}

    def recall(
        self,
        query: str,
        k: Annotated[int, Field(ge=1, le=1000, description="How many memories at most.")] = 10,
        kinds: Annotated[list[Kind] | None, Field(description=f"Only these kinds: {', '.join(Kind)}.")] = None,
        as_of: Annotated[
            str | None, Field(description="ISO 8601: what was believed then (by recording time, not world time).")
        ] = None,
        min_score: Annotated[
            float | None, Field(ge=-1.0, le=1.0, description="Drop memories under this cosine similarity (-1 to 1).")
        ] = None,
        metadata: Annotated[dict[str, Any] | None, Field(description="Keep memories whose metadata has these.")] = None,
        include_outdated: Annotated[
            bool, Field(strict=True, description="Keep episodes whose facts have changed.")
        ] = True,
        max_chars: MaxChars = MAX_CHARS,
        namespace: Namespace = None,
    ) -> dict[str, Any]:
        """Search memory; returns the memories and a prompt-ready context block. A memory longer than
        max_chars is cut, marked in its text, and listed in `cut` with its full length."""
        ns = self._scope(namespace)
        filtered = min_score is not None or bool(metadata) or not include_outdated
        fetch = min(1000, k * FILTER_FETCH) if filtered else k
        found = _call(lambda: self.store.recall(query, namespace=ns, k=fetch, as_of=as_of, kinds=kinds))
        kept = [
            m
            for m in found
            if (min_score is None or (m.score or 0.0) >= min_score)
            and all(m.metadata.get(key) == value for key, value in (metadata or {}).items())
            and (include_outdated or not m.outdated)
        ][:k]
        said_by = _call(lambda: speakers(self.store, kept, ns))
        shown, cut = clipped(kept, max_chars)
        return {"context": context_block(shown, said_by), "memories": [m.to_dict() for m in shown], **cut}

    def facts(
        self,
        subject: str | None = None,
        predicate: str | None = None,
        as_of: Annotated[
            str | None, Field(description="ISO 8601: the facts believed then (by recording time, not world time).")
        ] = None,
        all_versions: Annotated[bool, Field(strict=True, description="Every version, superseded ones too.")] = False,
        namespace: Namespace = None,
    ) -> dict[str, Any]:
        """Current facts (subject-predicate-object), or every version, or those believed as_of. When no fact
        has the predicate, `note` says so and names close stored predicates."""
        ns = self._scope(namespace)
        found = _call(
            lambda: self.store.facts(subject, predicate, namespace=ns, all_versions=all_versions, as_of=as_of)
        )
        doc: dict[str, Any] = {"facts": [m.to_dict() for m in found]}
        close = _call(lambda: self.store.unknown_predicate(predicate, ns, subject)) if predicate and not found else None
        if predicate and close is not None:  # the line `tiermem facts` prints on stderr
            doc["note"] = no_such_predicate(predicate, ns, close, subject)
        elif not found and subject is not None and _call(lambda: self.store.names_the_user(subject, ns)):
            doc["note"] = user_subject_note(subject, ns)
        return doc

    def history(
        self,
        memory_id: MemoryId | None = None,
        subject: str | None = None,
        predicate: str | None = None,
        max_chars: MaxChars = MAX_CHARS,
        namespace: Namespace = None,
    ) -> dict[str, Any]:
        """How a memory (by id) or the facts about a subject changed over time, oldest first. A memory
        longer than max_chars is cut, marked in its text, and listed in `cut` with its full length."""
        if (memory_id is None) == (subject is None):
            raise ToolError("give either memory_id or subject")
        ns = self._scope(namespace)
        full_id = None if memory_id is None else self._resolve(memory_id, ns)
        found = _call(lambda: load_history(self.store, ns, full_id, subject, predicate))
        chain, cut = clipped(found.chain, max_chars)
        return {**History(chain, found.operations).to_dict(), **cut}

    def pin(self, memory_id: MemoryId, reason: str | None = None, namespace: Namespace = None) -> dict[str, Any]:
        """Protect a memory from automatic supersession; returns the operation id."""
        return self._operate("pin", memory_id, reason, namespace)

    def forget(
        self,
        memory_id: MemoryId | None = None,
        reason: str | None = None,
        erase: Annotated[
            bool,
            Field(
                strict=True,
                description="Erase for good instead: the memory, the turns it came from and all derived from them "
                "(or a whole session_id); no undo, no history.",
            ),
        ] = False,
        session_id: Annotated[str | None, Field(description="With erase: the session to erase.")] = None,
        namespace: Namespace = None,
    ) -> dict[str, Any]:
        """Stop believing a memory: retracted (hidden from recall and facts, kept in history, undoable with
        `tiermem undo`). With erase=true, delete it from the database instead, as a user's erasure request."""
        if not erase:
            if memory_id is None or session_id is not None:
                raise ToolError("give memory_id (a session can only be erased: erase=true)")
            return self._operate("retract", memory_id, reason, namespace)
        if (memory_id is None) == (session_id is None):
            raise ToolError("with erase=true give either memory_id or session_id")
        ns = self._scope(namespace)
        full_id = None if memory_id is None else self._resolve(memory_id, ns)
        done = _call(lambda: self.store.forget(full_id, session_id=session_id, namespace=ns))
        return {"erased": done.to_dict()}

    def _scope(self, namespace: str | None) -> str:
        if namespace is None or namespace == self.namespace:
            return self.namespace
        if namespace not in self.allowed:
            raise ToolError(
                f"namespace: {namespace!r} is not served here (this server serves {self.namespace!r}; "
                "others must be listed in mcp.allow_namespaces)"
            )
        return namespace

    def _resolve(self, memory_id: str, namespace: str) -> str:
        """The full id; a bad or unknown one is an error on the ``memory_id`` field."""
        try:
            return resolve_or_match(self.store, memory_id, namespace)
        except TiermemError as exc:
            raise ToolError(f"memory_id: {exc}") from None

    def _operate(self, name: str, memory_id: str, reason: str | None, namespace: str | None) -> dict[str, Any]:
        ns = self._scope(namespace)
        full_id = self._resolve(memory_id, ns)
        op_id = _call(lambda: getattr(self.store, name)(full_id, reason=reason, namespace=ns))
        return {"memory_id": full_id, "op_id": op_id}


def clipped(found: Sequence[Memory], max_chars: int) -> tuple[list[Memory], dict[str, Any]]:
    """``found`` with each content longer than ``max_chars`` cut, its text saying so; and ``{"cut": [...]}``
    (``id``, ``shown_chars``, ``chars``) naming what was cut, or nothing when nothing was."""
    shown: list[Memory] = []
    cut: list[dict[str, Any]] = []
    for m in found:
        chars = len(m.content)
        if chars > max_chars:
            more = "ask with a larger max_chars" if max_chars < MAX_CHARS_LIMIT else "the rest is not served here"
            m = replace(m, content=f"{m.content[:max_chars]} … [cut: {max_chars:,} of {chars:,} characters; {more}]")
            cut.append({"id": m.id, "shown_chars": max_chars, "chars": chars})
        shown.append(m)
    return shown, ({"cut": cut} if cut else {})


def context_block(found: Sequence[Memory], said_by: Mapping[str, str] | None = None) -> str:
    """Recall results as text for a prompt: current facts first, then episodes, then turns.

    Each line carries the date the memory became true and its tier; an outdated
    episode or passage (some of its facts have since changed) says so. A passage is
    part of an episode, so passages and whole episodes share one heading. A turn's
    text follows its speaker (``said_by``: memory id -> role), as ``tiermem recall`` shows it.
    """
    order = {Kind.FACT: 0, Kind.EPISODE: 1, Kind.PASSAGE: 1, Kind.TURN: 2}
    headings = ["Facts (current)", "Episodes", "Recent turns"]
    lines: list[str] = []
    for rank in sorted({order[m.kind] for m in found}):
        lines.append(f"{headings[rank]}:")
        for m in (m for m in found if order[m.kind] == rank):
            flag = " (outdated: some of its facts have changed since)" if m.outdated else ""
            lines.append(f"- [{m.valid_from.date().isoformat()}, {m.tier}] {spoken(m, said_by or {})}{flag}")
    return "\n".join(lines) if lines else "No relevant memories."


def refusal(name: str, arguments: Mapping[str, Any], known: Mapping[str, Sequence[str]]) -> str | None:
    """Why a call names a tool or an argument the server lacks, in one line, or None when it names none.

    Left to the SDK an unknown tool read "Unknown tool: recal", naming no tool the client could call, and an
    unknown argument was dropped unread: ``{"query": …, "limit": 3}`` answered ten memories, as if asked for them.
    """
    if name not in known:
        return f"{name}: {unknown_name('tool', name, known)}"
    extra = [arg for arg in arguments if arg not in known[name]]
    return f"{name}: {extra[0]}: {unknown_name('argument', extra[0], known[name])}" if extra else None


class _Server(MCPServer):
    """The SDK's server, with every tool error said one way: ``<tool>: <field>: <what is wrong>``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.arguments: dict[str, tuple[str, ...]] = {}  # each tool's name -> the arguments it takes

    def add_tiermem_tool(self, tool: Callable[..., dict[str, Any]]) -> None:
        """Serve ``tool``: its docstring is the description the client's model reads."""
        self.add_tool(tool, description=" ".join((tool.__doc__ or "").split()))
        self.arguments[tool.__name__] = tuple(inspect.signature(tool).parameters)

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        refused = refusal(name, arguments or {}, self.arguments)
        if refused is not None:
            raise ToolError(refused)
        try:
            return await super().call_tool(name, arguments, context)
        except UnexpectedToolError as exc:  # a crash: its text stays in the server's log, as the SDK means it to
            raise UnexpectedToolError(f"{name}: unexpected error (see the server's log)") from exc.__cause__
        except ToolError as exc:
            # The SDK prefixes the tool's own errors with "Error executing tool <name>: " and passes
            # pydantic's text on for arguments that fail the schema: several lines, a type code and a
            # URL per field. The model that called the tool needs the field and what it must be.
            if isinstance(exc.__cause__, ValidationError):
                raise ToolError(f"{name}: {one_line(exc.__cause__)}") from exc.__cause__
            if isinstance(exc.__cause__, ToolError):
                raise ToolError(f"{name}: {exc.__cause__}") from exc.__cause__
            raise


def one_line(error: ValidationError) -> str:
    """`k: Input should be greater than or equal to 1; kinds.0: Input should be 'turn', …`"""
    return "; ".join(f"{'.'.join(map(str, e['loc'])) or 'arguments'}: {e['msg']}" for e in error.errors())


def build_server(store: MemoryStore, namespace: str) -> MCPServer:
    """An ``MCPServer`` whose tools read and write ``store`` in ``namespace``."""
    server = _Server(
        "tiermem",
        log_level="WARNING",  # stdio clients show the server's stderr; per-request INFO lines are noise there
        instructions=(
            f"Long-term memory for the namespace {namespace!r}. Call `remember` with what was said, "
            "and `recall` before answering to get a prompt-ready context block."
        ),
    )
    for tool in TiermemTools(store, namespace).tools():
        server.add_tiermem_tool(tool)
    return server


def _call(fn: Callable[[], T]) -> T:
    """Run a store call; its one-line errors reach the client as the tool's error."""
    try:
        return fn()
    except TiermemError as exc:
        raise ToolError(str(exc)) from None


def bearer_guard(app: Any, token: str) -> Any:
    """An ASGI wrapper answering 401 to any HTTP request without ``Authorization: Bearer <token>``."""
    expected = f"Bearer {token}".encode()

    async def guarded(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            given = dict(scope.get("headers") or []).get(b"authorization", b"")
            if not hmac.compare_digest(given, expected):
                await send(
                    {
                        "type": "http.response.start",
                        "status": 401,
                        "headers": [(b"www-authenticate", b"Bearer"), (b"content-type", b"text/plain")],
                    }
                )
                await send({"type": "http.response.body", "body": b"tiermem: a bearer token is required\n"})
                return
        await app(scope, receive, send)

    return guarded


def listen(host: str, port: int) -> socket.socket:
    """The listening socket, bound before the model loads: a taken port is one line naming it and the flag.

    Left to uvicorn, a taken port was its log line and exit 3, after the wait for the embedder.
    An address the host lacks, or a name that does not resolve, is an OSError too: the same line.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        return socket.create_server((host, port), family=family)
    except OSError as exc:
        why = os.strerror(exc.errno) if isinstance(exc.errno, int) and exc.errno > 0 else str(exc)
        raise InputError(
            f"cannot listen on {host}:{port} ({why}); choose another --port (or --host), or stop what holds it"
        ) from None


def serve_http(server: MCPServer, sock: socket.socket, host: str, token: str | None) -> None:
    """Serve streamable HTTP at ``/mcp`` on ``sock`` (``listen``); every request must carry ``token`` when one is given."""
    import anyio
    import uvicorn

    app: Any = server.streamable_http_app(host=host)
    if token:
        app = bearer_guard(app, token)
    config = uvicorn.Config(app, host=host, port=sock.getsockname()[1], log_level="warning")
    anyio.run(uvicorn.Server(config).serve, [sock])
