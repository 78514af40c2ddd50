"""``tiermem mcp``: serve the memory to agents over the Model Context Protocol."""

from __future__ import annotations

import os

import click

from .options import IntRange, config_option, examples, namespace_option, open_store


@click.command(
    epilog=examples("tiermem mcp --namespace alice", "tiermem mcp --transport http --host 0.0.0.0 --port 8765")
)
@config_option
@namespace_option
@click.option(
    "--transport",
    type=click.Choice(["stdio", "http"]),
    default="stdio",
    show_default=True,
    help="stdio for desktop clients; http for streamable HTTP at /mcp.",
)
@click.option("--host", default="127.0.0.1", show_default=True, help="http: the address to bind.")
@click.option("--port", type=IntRange(0, 65535), default=8765, show_default=True, help="http: the port.")
def mcp(config_path: str | None, namespace: str, transport: str, host: str, port: int) -> None:
    """Serve remember / recall / facts / history / pin / forget as MCP tools for one namespace.

    Over http, requests must carry `Authorization: Bearer $TIERMEM_MCP_TOKEN` when
    that variable is set; binding beyond loopback without it is refused.
    """
    from pipelines.mcp_server import LOOPBACK, TOKEN_ENV, build_server, listen, serve_http

    token = os.environ.get(TOKEN_ENV) or None
    # The address first: a host that cannot be bound is the mistake to fix, whatever the token.
    sock = listen(host, port) if transport == "http" else None
    if sock is not None and host not in LOOPBACK and token is None:
        sock.close()
        raise click.UsageError(
            f"--host {host}: set {TOKEN_ENV} to serve beyond loopback (clients send it as a bearer token)"
        )
    with open_store(config_path) as store:
        store.embedder  # load the model now, so the first recall is not the one that waits for it
        server = build_server(store, namespace)
        if transport == "stdio":
            server.run("stdio")
        else:
            assert sock is not None
            serve_http(server, sock, host, token)


COMMANDS = (mcp,)
