"""One output layer for every command: a readable table, or stable JSON with ``--json``."""

from __future__ import annotations

import json
import shutil
import sys
from datetime import datetime
from typing import Any, Sequence

import click


def _default(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    return str(value)


def emit_json(document: Any) -> None:
    click.echo(json.dumps(document, ensure_ascii=False, default=_default, indent=2))


def _cell(value: Any, width: int) -> str:
    text = "" if value is None else str(value)
    text = " ".join(text.split())  # one line per row, whatever the content holds
    return text if len(text) <= width else text[: max(width - 1, 0)] + "…"


def table(rows: Sequence[Sequence[Any]], headers: Sequence[str], *, flex: int | None = None) -> str:
    """Fixed-width columns; column ``flex`` takes whatever terminal width is left."""
    if not rows:
        return "(none)"
    widths = [max(len(h), *(len(_cell(r[i], 10_000)) for r in rows)) for i, h in enumerate(headers)]
    if flex is not None:
        # Piped output has no width to respect: give the flexible column room to read.
        total = shutil.get_terminal_size((200, 20)).columns if sys.stdout.isatty() else 200
        others = sum(w + 2 for i, w in enumerate(widths) if i != flex)
        widths[flex] = max(20, min(widths[flex], total - others))
    widths = [min(w, 80) if i != flex else w for i, w in enumerate(widths)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    for row in rows:
        lines.append("  ".join(_cell(v, w).ljust(w) for v, w in zip(row, widths)).rstrip())
    return "\n".join(lines)


def memory_table(memories: Sequence[Any], *, with_score: bool = False) -> str:
    headers = ["id", "tier", "kind", "recorded", "status"] + (["score"] if with_score else []) + ["content"]
    rows = []
    for m in memories:
        status = "active" if m.superseded_at is None else ("superseded" if m.superseded_by else "retired")
        row = [m.id, m.tier, m.kind, m.recorded_at.strftime("%Y-%m-%d %H:%M"), status]
        if with_score:
            row.append(f"{m.score:.3f}" if m.score is not None else "")
        row.append(m.content)
        rows.append(row)
    return table(rows, headers, flex=len(headers) - 1)


def kv_table(document: dict[str, Any]) -> str:
    rows = [(k, v) for k, v in document.items() if not isinstance(v, (list, dict))]
    return table(rows, ["", "value"])


def describe_op(op: dict[str, Any]) -> str:
    """One line per logged operation: what, who, when, and the signals behind it."""
    sig = op.get("signals") or {}
    parts = [f"op {op['op_id']}: {op['op']} by {op['actor']} at {op['created_at']:%Y-%m-%d %H:%M:%S}"]
    if op.get("reason"):
        parts.append(f"— {op['reason']}")
    if "verdict" in sig:
        why = f"{sig['judge']} judge: {sig['verdict']} ({sig['reason']})"
        if sig.get("guard"):
            why += f", blocked by guard: {sig['guard']}"
        why += f"; key match {'yes' if sig.get('key_match') else 'no'}, cosine {sig.get('cosine')}"
        if sig.get("late_arrival"):
            why += ", late arrival: the older fact was stored already superseded"
        parts.append(why)
    elif sig:
        parts.append(json.dumps(sig, default=str, sort_keys=True))
    if op.get("undone_by"):
        parts.append(f"[undone by op {op['undone_by']}]")
    return " ".join(parts)
