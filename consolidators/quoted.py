"""A quotation in the first person and the name it is attributed to: "'I was born in Malmö,' says Tomás Lindqvist",
"'We moved to Lyon two years ago,' says chef Amélie Darrieux". An interview's quote is its speaker's own statement,
so its "I" (or "we") is read as the user's would be and the facts are the speaker's.

Only a sentence that is nothing but the quotation and its attribution counts: a quote inside a report ("X denied
that …") or a quotation of someone else's words is left to the other readers.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from .boxes import NAME
from .phrases import USER
from .relations import THIRD_PERSON_PREDICATES
from .types import Fact

_OPEN = "'\"‘“"
_CLOSE = "'\"’”"
#: The verb that attributes a quotation to its speaker.
_SAYS = r"(?:says|said|told (?:the |a |an |our |my )?[a-z]+|explains|explained|recalls|recalled|adds|added)"
#: Up to two lower-case words that describe the speaker before the name ("chef", "its director,", "the novelist").
_DESCRIBED = r"(?:(?:the |its |their |his |her )?[a-z][\w-]*(?: [a-z][\w-]*)?,? )?"
_ATTRIBUTED = re.compile(
    rf"^[{_OPEN}](?P<quote>.+?)[,.!?]?[{_CLOSE}],? "
    rf"(?:{_SAYS} {_DESCRIBED}(?P<after>{NAME})|(?P<before>{NAME}) {_SAYS})"
    r"(?:,? [^;'\"‘’“”]*)?[.!]?$"
)
#: A quotation in the first person, or its place said as home ("'Lisbon is home now,' says …"): its speaker's own
#: statement.
_FIRST_PERSON = re.compile(r"\b(?:I|we|We|my|My|our|Our|home)\b")


def facts(sentence: str, read_own: Callable[[str], list[Fact]]) -> list[Fact] | None:
    """The facts an attributed first-person quotation states about its speaker, read by ``read_own`` (a user's
    reading of a sentence); None for a sentence that is no such quotation."""
    m = _ATTRIBUTED.match(sentence.strip())
    if m is None or not _FIRST_PERSON.search(m["quote"]):
        return None
    speaker = (m["after"] or m["before"]).rstrip(".")
    return [
        replace(f, subject=speaker, replaces_attribute=False)
        for f in read_own(m["quote"])
        # what the speaker left is read from a user's words about moving, whose place and employer a quote's
        # reader cannot tell apart ("'I left Porto for Braga,' says …"): only what holds is taken
        if f.subject == USER and f.predicate in THIRD_PERSON_PREDICATES and not f.retract
    ]
