"""A name given up in passing: "Halden Systems, now called Orvik, is based in Bergen" is about Orvik.

A sentence may name an organisation by its old name and set the new one beside it, as an aside ("X, now called
Y,", "X, which changed its name to Y,", "X, renamed Y in 2024,", "X (now Y)"). What the rest of the sentence says
holds of the thing, whose current name is the new one, so every fact the other readers keyed on the old name is
keyed on the new one, and a relation they read between the two names (the new name as X's owner, say) is dropped:
a rename relates a thing to itself. The aside must state a rename done: one planned ("X, soon to be renamed Y,",
"X, which will become Y,") or an earlier name ("Y, formerly X,") changes nothing here, because the name the
sentence leads with is then already the current one or the change is still to come.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .forms import norm
from .text import UPPER
from .types import Fact

_WORD = rf"[{UPPER}][\w&'.+-]*(?<!'s)"
_NAME = rf"{_WORD}(?: (?:(?:of|de|del|da|and|&) )?{_WORD})*"
#: The words of an aside that give the name now in use: "now called", "which renamed itself", "since renamed".
_NOW_NAMED = (
    r"(?:now|since|later|recently|today) (?:called|known as|named|renamed|rebranded as|trading as|going by)"
    r"|(?:since |recently )?(?:renamed|rebranded as)"
    r"|(?:which|that) (?:has |had )?(?:since |recently |later )?"
    r"(?:changed its name to|renamed itself|rebranded(?: itself)? as|(?:was|has been|had been) renamed"
    r"|is now (?:called|known as|named)|now goes by|now trades as)"
)
#: "Halden Systems, now called Orvik, …"; "Halden Systems (now Orvik) …": the old name, then the aside.
_ASIDE = re.compile(
    rf"(?<![\w'])(?P<old>{_NAME}),? (?:(?:{_NOW_NAMED}) (?P<new>{_NAME})(?: (?:in|on|last) [^,;()]+)?(?=[,;.]|$)"
    rf"|\((?:now|{_NOW_NAMED}) (?P<paren>{_NAME})\))"
)


def renames(text: str) -> dict[str, str]:
    """The old names ``text`` sets a new one beside, each (normalised) mapped to the new name."""
    found: dict[str, str] = {}
    for m in _ASIDE.finditer(text):
        old = re.sub(r"^(?:The|A|An) ", "", m["old"])
        new = (m["new"] or m["paren"]).rstrip(".")
        if norm(old) != norm(new):
            found[norm(old)] = new
    return found


def renamed(found: list[Fact], text: str) -> list[Fact]:
    """``found`` keyed on the names ``text`` says are now in use: each old name in a subject or an object
    replaced by the new one, and a relation between an old name and its new one dropped."""
    names = renames(text)
    if not names:
        return found
    out: list[Fact] = []
    for f in found:
        subject, obj = _now(f.subject, names), _now(f.object, names)
        if norm(subject) == norm(obj):
            continue  # "Halden Systems, now called Orvik" read as Orvik's owner: a rename relates nothing
        out.append(f if (subject, obj) == (f.subject, f.object) else replace(f, subject=subject, object=obj))
    return out


def _now(name: str, names: dict[str, str]) -> str:
    """The name now in use for ``name``: the new one when ``name`` is an old name, or its last words
    ("Systems" read from "Halden Systems"); ``name`` itself otherwise."""
    key = norm(name)
    for old, new in names.items():
        if key and (key == old or old.endswith(" " + key)):
            return new
    return name
