"""The plain forms both sides of the consolidator boundary compare and store on.

The consolidators (which match an extracted fact against the active ones) and
the store (which keys supersession on the same triple) must agree to the
letter, so each form is defined once, here, in the package that imports
nothing of tiermem's; ``memory_sink`` and ``pipelines`` import it from here.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any


def norm(text: str | None) -> str:
    """The form fact keys compare on: case- and whitespace-insensitive; None is ``""``."""
    return " ".join((text or "").lower().split())


#: The people a sentence's "my …" names besides the user: kin, partners, friends, workmates. One list for
#: every reader (recall's perspective, the span, resident and role extractors); each adds only the words
#: its own sentences need. Singular (and "children"): a regular expression adds ``s?`` (``KIN_PATTERN``).
KIN = (
    "mother", "father", "mum", "mom", "dad", "parent", "sister", "brother", "daughter", "son", "child", "children",
    "kid", "wife", "husband", "partner", "friend", "colleague", "boss", "aunt", "uncle", "cousin", "niece", "nephew",
    "mate", "pal", "buddy", "bestie",
)  # fmt: skip
KIN_PATTERN = "|".join(KIN)
#: Kin, with "parents", the grandparents and the neighbours: the people "my …" names whose clause is theirs, not
#: the user's, and whom a "she" after a named person may be.
RELATIVES = frozenset((*KIN, "parents", "grandmother", "grandfather", "neighbour", "neighbor"))
#: People a speaker calls theirs, relatives and the people of their house and work: whatever their clause says is
#: theirs, not the speaker's, and a relation named by one ("my landlord is X") is none of the user's.
RELATION_NOUNS = RELATIVES | frozenset(
    "friends kids children parents family roommate flatmate housemate neighbours neighbors coworker co-worker"
    " coworkers colleagues manager girlfriend boyfriend fiance fiancee nanny landlord landlady tenant".split()
)


#: Words an organisation's initials skip ("FCL": Ferreira & Castro Logistics; "BoE": Bank of England is "be").
INITIALS_SKIP = ("of", "the", "and", "&", "for")


def initials(name: str) -> str:
    """The lower-case initials of a name of two words or more, its connectives skipped ("hmg" for Halvorsen
    Maritime Group), else ``""``: what an acronym is compared with, by the consolidators and by memory's
    context query (``memory_sink.memories.CONTEXT_FACTS`` computes the same in SQL)."""
    words = [w for w in name.lower().split() if w not in INITIALS_SKIP]
    return "".join(w[0] for w in words) if len(words) >= 2 else ""


def utc_timestamp(value: Any) -> datetime | None:
    """An aware UTC datetime from a datetime or an ISO 8601 string; naive means UTC.

    Raises ``ValueError`` with a one-line problem (no key: the caller names it
    and picks its own error type). An offset that puts the instant outside
    years 1 to 9999 once converted to UTC is such a problem, not an
    ``OverflowError``.
    """
    if value is None:
        return None
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.strip())
        except ValueError:
            raise ValueError(f"not an ISO 8601 timestamp: {value[:64]!r}") from None
    if not isinstance(value, datetime):
        raise ValueError(f"expected an ISO 8601 timestamp, got {type(value).__name__}")
    if value.tzinfo is None or value.utcoffset() is None:
        return value.replace(tzinfo=UTC)
    try:
        return value.astimezone(UTC)
    except (OverflowError, ValueError):  # e.g. 0001-01-01T00:00+05:00 is before year 1 in UTC
        raise ValueError(f"{value.isoformat()} is out of range once converted to UTC (years 1 to 9999)") from None


@functools.lru_cache(maxsize=4096)  # predicate keys repeat across every fact and policy built
def present_forms(word: str) -> tuple[str, ...]:
    """The other present-tense forms of a verb ("likes" → "like"; "is" → "be", "am", "are").

    From lemminflect's lexicon (maintained, MIT), the library behind every other
    word form here; a word that is not a present-tense verb form (a noun, "lived")
    has none.
    """
    # Imported here: lemminflect imports spaCy (~1 s), which storage and recall never need.
    from lemminflect import getAllInflections, getAllLemmas

    w = word.lower()
    present: set[str] = set()
    for lemma in getAllLemmas(w, upos="VERB").get("VERB", ()) if w.isalpha() else ():
        forms = getAllInflections(lemma, upos="VERB")
        tense = {lemma, *forms.get("VB", ()), *forms.get("VBP", ()), *forms.get("VBZ", ())}
        if w in tense:
            present |= tense
    return tuple(sorted(present - {w}))


#: How an adjective extends its country's name; "ia" because ``handovers.country`` makes "Vardenian" "Vardenia".
_ADJECTIVE_ENDINGS = ("ian", "ese", "ish", "ic", "an", "ia", "i")


def adjective_stems(word: str) -> frozenset[str]:
    """What a lower-case word would be the country adjective of, without its ending ("norlandic": norland):
    the resolver (``consolidators.coreference``) and the store's context selection read an adjective no table
    lists alike."""
    return frozenset(word[: -len(e)] for e in _ADJECTIVE_ENDINGS if word.endswith(e) and len(word) - len(e) >= 4)


def extends(name: str, stem: str) -> bool:
    """Whether a lower-case name's first word is the stem, give or take two last letters ("vardena": varden)."""
    first = name.split(" ", 1)[0]
    return first.startswith(stem) and len(first) - len(stem) <= 2


# Remembered: ~15 readers ask it of the same few hundred words, and lemminflect deep-copies its lexicon's
# entry on every call: 7,666 calls for 138 words, ~5% of the reading of benchmark #6's sessions (cProfile).
@functools.lru_cache(maxsize=16384)
def is_word(text: str) -> bool:
    """Whether ``text`` in lower case is an English word lemminflect knows ("veteran"), not a name ("Tampere").

    The coreference reader takes an English word for a short name only where a reader made it a fact's
    subject; memory's context selection offers a full name's facts for it all the same.
    """
    # Imported here: memory_sink imports this module, and `tiermem recall` must not load the lexicon.
    from lemminflect import getAllLemmas  # type: ignore[import-untyped,unused-ignore]

    return bool(getAllLemmas(text.lower()))


#: How alike a misspelling is to the name it meant (difflib's ratio, and its default): "realtme" finds "realtime".
CLOSE = 0.6


def closest(given: str, known: Iterable[str], *, n: int = 1, cutoff: float = CLOSE) -> list[str]:
    """The known names ``given`` most likely misspells, most alike first: at most ``n``, each at least ``cutoff``
    alike. Every did-you-mean (a config key, a consolidator kind, a stored predicate, a CLI command) matches
    with this one rule, so a misspelling is found the same way wherever it is typed."""
    return difflib.get_close_matches(given, list(known), n=n, cutoff=cutoff)


def unknown_name(what: str, given: object, known: Iterable[str]) -> str:
    """``unknown key; did you mean 'realtime'? (expected one of: …)``: the closest known name first,
    since a misspelt key or kind is the usual cause and a list alone leaves the reader to spot it."""
    choices = sorted(known)
    close = closest(given, choices) if isinstance(given, str) else []
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return f"unknown {what}{hint} (expected one of: {', '.join(choices) or 'none'})"
