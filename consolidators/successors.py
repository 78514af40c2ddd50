"""The holder a clause names after another clause of the sentence let the office's holder go.

"X stepped down as CEO of C; her successor is Y", "C's president X resigned; Y was sworn in as president": the
clause that names the new holder often names no owner of its own, and the owner is the one whose holder the
sentence let go (:mod:`consolidators.succession` read that clause as a retraction). Such a clause names its
holder as the one who took over, or by the very office the retraction ended.
"""

from __future__ import annotations

import re

from .officenames import Name
from .spans import make_fact
from .types import Fact

#: A clause that names the successor of a holder the clause before let go: "her successor is Y", "Y replaces him".
SUCCESSOR = re.compile(
    r"\b(?:(?:his|her|their) (?:successor|replacement)|(?:replaces|replaced|succeeds|succeeded|takes over from"
    r"|took over from) (?:him|her|them)|(?:now )?holds? (?:the|that|this) (?:office|post|job|seat|role)"
    # "…; Y has taken over": what Y took over is the office, when nothing else is named after it
    r"|(?:serves?|acts?) as (?:the |its )?(?:acting|interim)"  # "…; Y will serve as acting CEO"
    r"|(?:(?:has )?(?:taken|took|takes) over|(?:has )?stepp?(?:ed|s) in|is (?:now )?in charge)"
    r"(?=$|,| for now| in the interim| on an interim basis| temporarily))\b"
)


def successor(
    clause: str, names: list[Name], olds: set[str], found: list[Fact], offices: dict[str, list[tuple[int, int]]]
) -> list[Fact]:
    """The one new holder ``clause`` names of the one office ``found`` let go, if it names them as its successor
    or names that office and no other owner (``offices``: where the clause names each relation's office): "…; Y
    was sworn in as president" names no owner, so the owner is the retraction's."""
    gone = [f for f in found if f.retract]
    held = {n.text for n in names if n.person and n.text not in olds}
    if len(gone) != 1 or len(held) != 1:
        return []
    if not (SUCCESSOR.search(clause) or _bare_office(clause, names, held, offices, gone[0].predicate)):
        return []
    return make_fact(gone[0].subject, gone[0].predicate, held.pop(), single=True)


def _bare_office(
    clause: str, names: list[Name], held: set[str], offices: dict[str, list[tuple[int, int]]], predicate: str
) -> bool:
    """Whether the clause names the office let go and no one else's: no other name owns it anywhere in the clause,
    before the office or after it ("in neighbouring Silesia, Y was sworn in as president" is Silesia's; "…; Y was elected president
    of the Senate" the Senate's), and no owner after the office even unnamed ("president of the football
    federation", "president at the club")."""
    if set(offices) != {predicate}:
        return False
    start, end = offices[predicate][0]
    others = [n for n in names if n.text not in held]
    owned = any(
        n.start > start or clause.startswith(("'s", "'"), n.end) or _PLACE_BEFORE.search(clause[: n.start])
        for n in others
    )
    return not owned and not _OWNER_AFTER.match(clause[end:])


#: What makes a name before the office a place that owns it: "in neighbouring Silesia, Y was sworn in as president"
#: ("Y, previously COO, …" names another office, no owner).
_PLACE_BEFORE = re.compile(r"\b(?:in|at|of|for|across)\s+(?:the\s+)?(?:[a-z]+\s+)?$", re.I)
#: An owner after the office, named or not: "… president of the football federation", "… chair at the club".
_OWNER_AFTER = re.compile(r"^\s*(?:of|at|for|in)\s+(?!the interim\b|now\b|charge\b|office\b)\w", re.I)
