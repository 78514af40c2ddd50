"""What to suggest for a command tiermem does not have: close spellings and the words users try.

A new user types the verb another tool taught them (``add``, ``search``, ``explain``);
a spelling distance alone answers ``explain`` with ``pin``. One table maps those words
to tiermem's command, and a mistyped alias (``serach``) still finds it.
"""

from __future__ import annotations

from collections.abc import Collection

import click

from consolidators.forms import closest

# The words users try, and the command that does it. A test keeps every target a command.
ALIASES: dict[str, str] = {
    "add": "stage",
    "remember": "stage",
    "save": "stage",
    "import": "ingest",
    "load": "ingest",
    "search": "recall",
    "query": "recall",
    "find": "recall",
    "get": "recall",
    "explain": "history",
    "why": "history",
    "log": "history",
    "list": "facts",
    "show": "facts",
    "replace": "supersede",
    "hide": "retract",
    "revert": "undo",
    "delete": "forget",
    "remove": "forget",
    "rm": "forget",
    "erase": "forget",
    "embed": "realtime",
    "migrate": "init",
    "setup": "init",
    "stats": "status",
    "serve": "mcp",
    "server": "mcp",
    "ui": "dev",
}
# As close as a typo (``closest``'s ratio), at which "pni" finds "pin" and "explain" (0.6) no longer does.
CUTOFF = 0.65


def suggestions(name: str, commands: Collection[str]) -> list[str]:
    """Commands ``name`` most likely meant, best first (at most three): the command of its alias,
    then the closest spellings of a command or of an alias (a mistyped ``serach``), the closer first:
    ``remeber`` is a slip of ``remember`` (``stage``) before it is one of ``reembed``."""
    word = name.strip().lower()
    found = [ALIASES[word]] if ALIASES.get(word) in commands else []
    spellings = {c: c for c in commands} | {a: c for a, c in ALIASES.items() if c in commands}
    found += [spellings[s] for s in closest(word, spellings, n=len(spellings), cutoff=CUTOFF)]
    return list(dict.fromkeys(found))[:3]


class SuggestingGroup(click.Group):
    """A group whose unknown command is answered with ``suggestions`` rather than click's own guess."""

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.NoSuchCommand as exc:
            close = suggestions(exc.command_name, self.commands)
            hint = f" Did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
            raise click.UsageError(f"No such command {exc.command_name!r}.{hint}", ctx) from None
