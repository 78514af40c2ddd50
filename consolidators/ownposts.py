"""A name's own post beside an office a succession sentence names: the offices themselves, and the other jobs
that keep a name from being their holder.

"former finance minister X … to become president" left another post; "X is chief of staff to the president of C"
and "X, the police officer who arrested C's chief" have jobs of their own tied to the office's holder. Each is a
name :mod:`succession` must not read as the office's new or old holder.
"""

from __future__ import annotations

import re

from .lifeevents import is_occupation
from .officenames import Name
from .residents import OTHER_PERSON

#: Office nouns by relation. A bare "chief" is the company's only when "new" or a possessive comes before it
#: and no noun after it ("Acme's new chief is …", never "finance chief" or "chief economist").
OFFICES = (
    (
        "ceo",
        r"\b(?:(?:CEO|[Cc]hief [Ee]xecutive(?: [Oo]fficer)?|top job|helm|reins)\b|(?:at )?the top(?= of)"
        r"|(?:(?<=new )|(?<='s )|(?<=s' ))chief(?=,|\s+(?:is|was|has)\b|$))",  # never "finance chief" or "chief economist"
    ),
    ("president", r"\b(?:[Pp]resident|[Pp]residency|head of state)\b"),
    (
        "mayor",
        r"\b(?:[Mm]ayor|[Mm]ayoralty|(?:[Oo]ber)?[Bb]ürgermeister(?:in)?|[Ll]ord [Mm]ayor|[Bb]urgomaster|[Bb]urgemeester"
        r"|[Bb]ourgmestre)\b",
    ),
)


#: A past marker on a post right before a name: "former trade minister X", "ex-coach X".
_FORMER_POST = re.compile(r"\b(?:former|ex-|outgoing|previous) ?(?P<post>(?:[a-z-]+ )?[a-z]+) $", re.I)


def left_another_post(before: str) -> bool:
    """Whether the words before a name call it the past holder of a job that is none of the offices."""
    m = _FORMER_POST.search(before)
    if m is None:
        return False
    return is_occupation(m["post"]) and not any(re.search(office, m["post"]) for _, office in OFFICES)


#: A job of the name's own that serves or acts on the office's holder: "chief of staff to the", "adviser for".
_SERVES = re.compile(r"\b(?P<job>(?:[a-z-]+ ){0,2}[a-z-]+) (?:to|for) (?:the |its |their |[A-Z][\w ]*?'s? )?$")
#: A job of the name's own in an aside whose clause does something to the office's holder: "the police officer who
#: arrested C's chief" (one "who became C's chief" or "who is now its chief" holds it).
_ACTS_ON = re.compile(r"\b(?:the|a|an) (?P<job>(?:[a-z-]+ ){0,2}?[a-z-]+),? (?:who|that) (?P<verb>[a-z]+)\b")
#: A verb whose object is the office itself: "X arrested C's chief", "X sued the president", "X met C's mayor",
#: "X visits the president" (past in -ed or irregular, or present in -s; "with" after a meeting).
_DIRECT = re.compile(
    r"^ (?P<verb>[a-z]+ed|(?!(?:across|towards|always|perhaps|whereas|besides|afterwards)\b)[a-z]{3,}[a-rt-z]s"
    r"|met|saw|told|caught|fought|struck|spoke|wrote)(?: (?:with|to))?"
    r" (?:the |its |their |[A-Z][\w ]*?'s? )?$"
)
#: Verbs by which a name takes the office from its holder: "X replaced C's chief", "X unseated the mayor".
_TAKING_VERBS = frozenset(
    "replaced succeeded ousted unseated displaced supplanted defeated toppled named"
    " replaces succeeds ousts unseats displaces supplants defeats topples names".split()
)
_HOLDING_VERBS = frozenset(
    "is was has had became becomes now still then later took takes serves served runs ran leads led heads headed"
    " remains remained helms helmed chairs chaired".split()
)


def _job(words: str) -> bool:
    """Whether the last one, two or three of ``words`` name an occupation that is none of the offices."""
    parts = words.split()
    return any(
        is_occupation(" ".join(parts[-k:])) and not any(re.search(o, " ".join(parts[-k:])) for _, o in OFFICES)
        for k in range(1, min(3, len(parts)) + 1)
    )


#: What stands between a name and an office when the name is someone of the holder's: "X, the sister of the mayor
#: of C", "X, a close friend of C's mayor".
_OF_THE_HOLDER = re.compile(
    r"\b(?P<kin>\w+)(?:-in-law)? (?:of|to) (?:the |its |their |[A-Z][\w ]*?'s? )?(?:new |current )?$"
)
#: ... or after it: "X, the mayor's sister", "X, C's mayor's son".
_HOLDERS = re.compile(r"^(?: of (?:the )?[A-Z][\w-]*(?: [A-Z][\w-]*)*)?'s? (?:[a-z-]+ )?(?P<kin>\w+)\b")


def someone_of_the_holder(clause: str, holder: Name, office: tuple[int, int]) -> bool:
    """Whether the aside that ties a name to the office calls it a relative, friend or colleague of the office's
    holder rather than the holder ("Anna de la Cruz, the sister of the mayor of Caldor, spoke")."""
    start, end = office
    if holder.end > start:
        return False
    before = _OF_THE_HOLDER.search(clause[holder.end : start])
    after = _HOLDERS.match(clause[end:])
    return any(m is not None and OTHER_PERSON.fullmatch(m["kin"]) is not None for m in (before, after))


def serves_another(clause: str, holder: Name, office_start: int) -> bool:
    """Whether the words between a name and the office after it give the name a job of its own tied to the office's
    holder ("X is chief of staff to the president of C", "X, the police officer who arrested C's chief")."""
    if holder.end > office_start:
        return False
    between = clause[holder.end : office_start]
    serves = _SERVES.search(between)
    if serves is not None and _job(serves["job"]):
        return True
    acts = _ACTS_ON.search(between)
    if acts is not None and _job(acts["job"]) and acts["verb"] not in _HOLDING_VERBS:
        return True
    # "X arrested C's chief" (an aside's own clause): the name does something to the holder, taking no post
    direct = _DIRECT.match(between)
    return direct is not None and direct["verb"] not in _HOLDING_VERBS | _TAKING_VERBS
