"""One output layer for every command: a readable table, or stable JSON with ``--json``."""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

import click

from memory_sink.statuses import replacements, status_of
from pipelines.views import spoken


def _default(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    return str(value)


def emit_json(document: Any) -> None:
    click.echo(json.dumps(document, ensure_ascii=False, default=_default, indent=2))


def clip(value: Any, width: int) -> str:
    """``value`` on one line, at most ``width`` characters (an ellipsis marks a cut)."""
    text = "" if value is None else str(value)
    text = " ".join(text.split())  # one line per row, whatever the content holds
    return text if len(text) <= width else text[: max(width - 1, 0)] + "…"


def table(rows: Sequence[Sequence[Any]], headers: Sequence[str], *, flex: int | None = None, width: int = 200) -> str:
    """Fixed-width columns; column ``flex`` takes whatever terminal width (piped: ``width``) is left."""
    if not rows:
        return "(none)"
    widths = [max(len(h), *(len(clip(r[i], 10_000)) for r in rows)) for i, h in enumerate(headers)]
    if flex is not None:
        # Piped output has no terminal width to respect; the caller says what reads well.
        total = shutil.get_terminal_size((width, 20)).columns if sys.stdout.isatty() else width
        others = sum(w + 2 for i, w in enumerate(widths) if i != flex)
        widths[flex] = max(20, min(widths[flex], total - others))
    widths = [min(w, 80) if i != flex else w for i, w in enumerate(widths)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    for row in rows:
        lines.append("  ".join(clip(v, w).ljust(w) for v, w in zip(row, widths)).rstrip())
    return "\n".join(lines)


RANKING_NOTE = "order: fused vector + lexical rank; cosine: similarity of the memory to the query"


def memory_table(
    memories: Sequence[Any],
    *,
    with_score: bool = False,
    said_by: Mapping[str, str] | None = None,
    ops: Sequence[dict[str, Any]] = (),
    at: datetime | None = None,
) -> str:
    """Memories as a table, ids shortened to 8 characters; ``with_score`` adds the cosine column.

    "valid from" answers *when* (the day it became true); "recorded" is when tiermem
    wrote it. A turn's text follows its speaker (``said_by``: memory id -> role); the
    status is said as ``facts`` says it (``ops`` tell a retraction from a retirement),
    as tiermem held it at ``at`` (recall ``--as-of``), not today.
    """
    headers = ["id", "tier", "kind", "valid from", "recorded", "status"] + (["cosine"] if with_score else [])
    headers.append("content")
    rows = []
    for m in memories:
        row = [short(m.id), m.tier, m.kind, f"{m.valid_from:%Y-%m-%d}", f"{m.recorded_at:%Y-%m-%d %H:%M}"]
        row.append(_recalled_status(m, ops, at))
        if with_score:
            row.append(f"{m.score:.3f}" if m.score is not None else "")
        row.append(spoken(m, said_by or {}))
        rows.append(row)
    return table(rows, headers, flex=len(headers) - 1)


def _recalled_status(m: Any, ops: Sequence[dict[str, Any]], at: datetime | None) -> str:
    """The status, and whether recall flagged the row ``outdated`` (an episode or passage telling what
    has since stopped being true): "active" alone would read as current."""
    label = status_label(m, ops, at)
    if not getattr(m, "outdated", False):
        return label
    return "outdated" if label == "active" else f"{label}, outdated"


def consolidation_summary(report: Any, heading: str = "") -> None:
    """A consolidate or backfill report: one summary line, then each failed session on stderr.

    A ``heading`` (backfill's range) already counts the sessions, so the line then says
    "consolidated N" rather than "consolidated N sessions".
    """
    unit = "" if heading else " sessions"
    click.echo(
        f"{heading}consolidated {report.sessions_consolidated}{unit} ({report.episodes} episodes, "
        f"{report.facts} facts); failed {report.sessions_failed}; skipped {report.sessions_skipped}"
    )
    for f in report.failures:
        click.echo(f"  failed {f['namespace']}/{f['session_id']}: {f['error']}", err=True)
    for p in report.read_in_part:
        click.echo(
            f"  read in part {p['namespace']}/{p['session_id']}: turn {p['event_id'][:8]}: its first "
            f"{p['read_chars']:,} of {p['chars']:,} characters (consolidate.max_turn_chars); "
            "the turn and its passage keep them all",
            err=True,
        )


def kv_table(document: dict[str, Any]) -> str:
    rows = [(k, v) for k, v in document.items() if not isinstance(v, (list, dict))]
    return table(rows, ["", "value"])


# --- facts and their history: which memory replaced which, and why ---------------------

EXPLAIN_WIDTH = 100  # history and facts read well in a 100-column terminal or log


def short(memory_id: str | None) -> str:
    """Ids as tables print them; every command accepts such a prefix back."""
    return (memory_id or "")[:8]


def status_label(m: Any, ops: Sequence[dict[str, Any]] = (), at: datetime | None = None) -> str:
    """The memory's ``status`` as the store filled it in, else computed by the one definition, ``status_of``."""
    return m.status if getattr(m, "status", None) else status_of(m, ops, at)


def validity(m: Any, at: datetime | None = None) -> str:
    """World time, ``from → to``; as of ``at`` an end recorded later was not yet known."""
    end = m.valid_to if at is None or (m.superseded_at is not None and m.superseded_at <= at) else None
    return f"{m.valid_from:%Y-%m-%d} → {'' if end is None else f'{end:%Y-%m-%d}'}".rstrip()


def fact_table(facts: Sequence[Any], ops: Sequence[dict[str, Any]], at: datetime | None = None) -> str:
    rows = [(short(m.id), m.subject, m.predicate, m.object, status_label(m, ops, at), validity(m, at)) for m in facts]
    return table(rows, ["id", "subject", "predicate", "object", "status", "valid"], flex=3, width=EXPLAIN_WIDTH)


def chain_table(chain: Sequence[Any], ops: Sequence[dict[str, Any]]) -> str:
    rows = [(short(m.id), validity(m), f"{m.recorded_at:%Y-%m-%d}", status_label(m, ops), m.content) for m in chain]
    return table(rows, ["id", "valid", "recorded", "status", "content"], flex=4, width=EXPLAIN_WIDTH)


def _label(memory_id: str, memories: Mapping[str, Any]) -> str:
    m = memories.get(memory_id)
    if m is None:
        return short(memory_id)
    content = clip(m.content, 48)
    return f"{short(memory_id)} '{content}'"


# A tier swap's signals: the rows it re-produced exactly and kept (memory_sink.swap).
UNCHANGED = ("unchanged_facts", "unchanged_episodes", "unchanged_passages")


def _what(op: dict[str, Any], memories: Mapping[str, Any]) -> str:
    """Which memories the operation touched and what it did to them."""
    ids, sig, name = list(op.get("memory_ids") or []), op.get("signals") or {}, op["op"]
    one = _label(ids[0], memories) if ids else ""
    two = _label(ids[1], memories) if len(ids) > 1 else ""
    if name == "tier_swap":
        pairs = [
            f"{_label(o, memories)} -> {_label(n, memories) if n else 'nothing'}"
            for o, n in replacements(op)
            if o in memories or n in memories
        ]
        head = f"session {sig.get('session_id')!r} version {sig.get('version')}: wrote {len(ids) - len(replacements(op))} rows"
        if kept := [f"{sig[key]} {key.removeprefix('unchanged_')}" for key in UNCHANGED if sig.get(key)]:
            head += f", kept unchanged {', '.join(kept)}"
        return "; ".join([head, *pairs])
    phrases = {
        "supersede": f"{one} -> {two}",
        "duplicate": f"{one} restates {two}: kept, never active",
        "coexist": f"{one} and {two} both stay active",
        "retract": f"{one} retracted",
        "pin": f"{one} pinned",
        "unpin": f"{one} unpinned",
        "inherit": f"{one} takes over how {two} was retired",
        "undo": f"{', '.join(_label(i, memories) for i in ids)} back as before op {sig.get('undoes')}",
    }
    if name == "blocked":
        return f"{two} kept; {one} did not replace it" if two else f"{one} kept; not retracted"
    if name == "coexist" and "compared" in sig:  # one op per new fact, every judged pair in it
        beside = [
            f"{_label(pair['id'], memories)} ({_pair_why({**pair, 'threshold': sig.get('threshold')})})"
            for pair in sig["compared"]
        ]
        return f"{one} stays active beside " + "; ".join(beside)
    return phrases.get(name, ", ".join(_label(i, memories) for i in ids))


def _pair_why(sig: Mapping[str, Any]) -> str:
    """Why the judge decided one (new, candidate) pair as it did."""
    parts = [
        "key match"
        if sig.get("key_match")
        else f"neighbour: cosine {sig.get('cosine')} >= threshold {sig.get('threshold')}"
    ]
    if sig.get("named_by_consolidator"):
        parts.append("named by the consolidator")
    parts.append(f"{sig['judge']} judge: {sig['verdict']} ({sig['reason']})")
    if sig.get("guard"):
        parts.append(f"blocked by guard: {sig['guard']}")
    if sig.get("late_arrival"):
        parts.append("late arrival: older in world time, so stored already superseded")
    return "; ".join(parts)


def _why(op: dict[str, Any]) -> str:
    """The signals behind a decision, in words."""
    sig = op.get("signals") or {}
    if "verdict" in sig:
        return _pair_why(sig)
    if "compared" in sig:  # said pair by pair in _what
        return ""
    if sig.get("retraction"):
        said = f"said: '{sig['retraction']}'"
        return f"{said}; blocked by guard: {sig['guard']}" if sig.get("guard") else said
    if sig.get("explicit"):  # pin, retract… are plainly the user's; a supersede also skipped the guards
        return "explicit: no guard applies" if op["op"] == "supersede" else ""
    if sig.get("consolidator"):
        return f"{sig['consolidator']} consolidator"
    shown = {
        k: v
        for k, v in sig.items()
        if k
        not in (
            "undoes",
            "inherited_from",
            "session_id",
            "version",
            "facts",
            "events",
            "deleted_provisional",
            *UNCHANGED,
        )
    }
    return json.dumps(shown, default=str, sort_keys=True) if shown else ""


def describe_op(op: dict[str, Any], memories: Mapping[str, Any] | None = None, *, width: int | None = None) -> str:
    """One entry per logged operation: when, which memory replaced which, why, who.

    ``memories`` (id -> Memory) lets it quote what each memory says; ``width``
    wraps the entry, continuation lines indented.
    """
    text = f"{op['created_at']:%Y-%m-%d %H:%M} {op['op']}: {_what(op, memories or {})}"
    why = _why(op)
    if why:
        text += f" ({why})"
    if op.get("reason"):
        text += f" — {op['reason']}"
    text += f" [op {op['op_id']} by {op['actor']}"
    text += f", undone by op {op['undone_by']}]" if op.get("undone_by") else "]"
    if width is None:
        return text
    return textwrap.fill(text, width, subsequent_indent="    ", break_long_words=False, break_on_hyphens=False)
