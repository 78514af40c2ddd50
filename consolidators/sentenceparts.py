"""The parts of a sentence read one by one, where the whole is not read as a whole.

A question, a hedge, a plan or a past state scopes over its own clause only ("I might switch to Zed, I use VS
Code now" still says VS Code), so :mod:`consolidators.triples` reads such a sentence's other parts on their own:
this module says whether a sentence is read whole (:func:`read_whole`), where its clauses part (chat parts a
user's message at more places than news), which of them are read (:func:`readable_parts`), and the statement
a question follows in the same sentence (:func:`before_the_question`), unless the question only tags the statement
(:func:`tag_question`).
"""

from __future__ import annotations

import functools
import re

from . import chatparse, userstates, wholenames
from .describesanother import ANY_FIRST_PERSON
from .plainsentence import EMOJI, plain
from .text import DISCOURSE, expand_contractions, states_a_fact


def read_whole(text: str) -> bool:
    """Whether a (plain, contraction-expanded) sentence is read as a whole: no question, hedge, plan or past
    state scopes over it (else :func:`consolidators.triples._outside_the_hedge` reads what it can of it)."""
    return states_a_fact(text) and not chatparse.PAST.search(text)


#: Where a sentence's clauses part: commas, semicolons, dashes, "but", "and" before a new "I", "so" before an
#: apology or a request, and a plan that follows a statement.
_SEGMENTS = re.compile(
    r"\s*[,;]\s*|\s+[—–]\s+|\s+but\s+|\s+and\s+(?=(?:honestly |really |also )?(?:I|we)\b)"
    r"|\s+so\s+(?=(?:sorry|if|please|can|could|any)\b)"  # "I work nights as a nurse so sorry if …"
    r"|\s+(?=(?:looking|hoping|planning|trying|wanting) to\b)"  # "I'm a paralegal at X looking to move in-house"
)
#: Chat's further clause ends, in a user's message only: "and" before another subject ("…and exams start in
#: three weeks"), "so" before a request ("…, so keep the examples short"), a colon after a lead-in ("Quick
#: context: I'm a Kraków resident"). A request or a question is then one clause the others don't depend on.
_USER_SEGMENTS = re.compile(
    _SEGMENTS.pattern + r"|\s+and\s+(?=(?:she|he|they|it|it's|its|my|our|the|this|that|there|everything|nothing)\b)"
    r"|\s+and\s+(?=[a-z]+ (?:is|are|was|were|has|have|starts?|begins?|turns?|ends?)\b)"
    r"|\s+so\s+(?=(?:please|pls|keep|be|give|make|help|tell|use|write|answer|don't|I'd|any)\b)"
    r"|:\s+|[.!?]\s+"
    # a reason after the statement, whose own modal or "not" hedges only the reason ("… because I couldn't afford
    # Lisbon", "… since Edge won't sync"); a "since" neither of a time ("since May") nor of the user's own "since I …",
    # which may date the statement instead (userstates.embedded reads that one)
    r"|\s+(?=(?:because|cause) [\w'-]+ [\w'-]+|since (?!(?:last|this|then|the (?:start|end|beginning)|I|we"
    r"|(?-i:[A-Z][a-z]+day|[A-Z][a-z]+ber|January|February|March|April|May|June|July|August)|\d)\b)[\w'-]+ [\w'-]+)"
)
#: A sentence that opens with a condition or a supposition states nothing in any of its clauses.
OPENS_A_CONDITION = re.compile(r"^\W*(?:if|unless|when|whenever|once|in case|suppose|imagine|what if|should)\b", re.I)


#: A clause that asks: "can you find me …?", "is that enough context?", "any tips?".
_ASKS = re.compile(
    r"^(?:(?:ok|okay|so|and|but|anyway|now)\s+)*(?:can|could|would|will|do|does|did|is|are|should|shall|what|"
    r"where|which|who|how|why|any|anything|got|know|mind)\b",
    re.I,
)
#: A question tagged onto a statement, which asks whether the statement holds: "…, right?", "…, correct?", "…, isn't
#: it?", "…, don't you?", "…, or not?". Only the tag itself before the "?": "…, is that enough context?" asks about
#: something else, and "I live in Oslo, do you?" asks the listener (a tag that checks the statement is negative).
_TAG = re.compile(
    r"(?:[,;—–-]\s*|\s)(?:(?:or\s+)?(?:right|correct|yeah|yea|yes|no|true|eh|innit|not)|(?:am I|is that) (?:right|correct)"
    r"|(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|wo|ca)n't"
    r"\s+(?:it|he|she|they|I|we|you|there|that))[\s!.]*\?[\s?!.]*$",
    re.I,
)


def tag_question(sentence: str) -> bool:
    """Whether ``sentence`` is a statement with a question tagged on ("X is the CEO of Y, right?"): it asks whether
    the statement holds, so it states nothing, in any clause."""
    return _TAG.search(plain(sentence)) is not None


#: What the statement before a question opens with when it is a reason, not a condition: "since I live in Leeds".
_GIVEN = re.compile(
    r"^(?:(?:ok|okay|so|well|btw|oh|also|anyway)[,\s]+)*(?:since|because|as|given that|now that|seeing as)\s+", re.I
)


def before_the_question(sentence: str) -> str:
    """The statement a question follows in one sentence ("…, now I live in Vienna, is that enough context?"):
    the clauses before the first question clause, when that clause asks on its own; "" otherwise."""
    head = EMOJI.sub(", ", sentence)  # chat's emoji ends a clause: "ate a sock again 😩 should I be worried?"
    head = head[: head.index("?")]
    parts = re.split(r"(?<=[,;:.!])\s+|\s+[—–-]\s+", head)
    if len(parts) < 2 or not _ASKS.match(parts[-1]) or _ASKS.match(DISCOURSE.sub("", parts[0])):
        return ""
    return _GIVEN.sub("", " ".join(parts[:-1]).rstrip(" ,;:"))


def readable_parts(sentence: str, user: bool = False) -> list[str]:
    """The parts :func:`consolidators.triples._clause_by_clause` reads: those read whole, none of a sentence of one part."""
    return list(_readable_parts(sentence, user))  # a list of its own: a caller may change it, the cache must not change


# Asked about three times a sentence (63 calls a 21-sentence session in the consolidation benchmark): by the
# parse prefetch and by the readings; the parts depend on the sentence and the speaker alone.
@functools.lru_cache(maxsize=8192)
def _readable_parts(sentence: str, user: bool) -> tuple[str, ...]:
    segments = _USER_SEGMENTS if user else _SEGMENTS
    pieces = segments.split(sentence)
    # and as read: "Luleå, not Umeå, is X's birthplace" is one part once the denied alternative is dropped (not
    # the user's "I meant Porto, not Braga — I live in Porto", whose dash the alternative runs over)
    tidied = wholenames.plain(sentence)
    read = segments.split(tidied) if tidied != sentence and not (user and ANY_FIRST_PERSON.search(sentence)) else []
    pieces += [p for p in read if p not in pieces and p.strip() != sentence.strip()] if len(read) > 1 else []
    # "since I'm a …", "as someone who lives in …"
    pieces = [p for piece in pieces for p in userstates.embedded(piece, sentence)] if user else pieces
    parts = [p for p in pieces if len(p.split()) >= 2]
    # "Coffee? Nah, I'm a yerba mate guy": in chat, one part may state; "Reportedly, X is …" states nothing
    if len(pieces if user else parts) < 2:
        return ()
    return tuple(p for p in parts if read_whole(expand_contractions(plain(p))))
