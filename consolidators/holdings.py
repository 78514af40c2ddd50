"""Whether a sentence says an office is held now: the cues of a plan, a hedge, a holder on the way out, one to
come, or one who held it once, and the cues that make a modal a statement ("with immediate effect", "will serve
as acting CEO"). Split from :mod:`consolidators.succession`, whose clauses are read through :func:`current`,
and whose readings (any reader's) :func:`settled` clears of holders who are not holders now.
"""

from __future__ import annotations

import re

from .officenames import names_in
from .regexgate import compiled
from .text import CONDITIONS, HEARSAY, PLANS, PROPOSALS, doubts, is_word
from .types import Fact

#: The relations of the offices read here.
ROLES = frozenset({"ceo", "president", "mayor"})
#: A later clause that ends the term of the subject before it: "…, but resigned in 2004", "…, but she later quit".
TERM_ENDED = re.compile(
    r"^(?:but|and|yet|though)?\s*(?:(?:he|she|they) )?(?:later |then |eventually |soon |subsequently )?(?:resigned"
    r"|stepped down|stood down|quit|retired|left office|(?:was|were) (?:ousted|impeached|removed|toppled|deposed))\b",
    re.I,
)
#: The office taken, which makes an incoming holder the holder: "C's incoming CEO, X, took office this week".
TOOK = re.compile(
    r"\b(?:took|has taken|had taken) (?:office|over|the helm|up the (?:post|role|job))|(?:started|began|has started)"
    r" work|(?:was|has been|were) (?:sworn in|inaugurated)|assumed office"
)
#: An office said of someone only as to come: "the incoming president of C, X", "CEO-designate X".
_TO_COME = re.compile(
    r"\b(?:incoming|next|future|would-be|designate|[a-z]+-elect)\b[^;.]{0,50}?"
    r"(?:CEO|[Cc]hief [Ee]xecutive|[Pp]resident|[Mm]ayor)\b[^;.]{0,50}?(?:,\s*)?$"
)

#: What makes the rest of a clause no statement of who holds the office now: a hedge, a plan, a refusal. The
#: office its subject names stands ("Daegu's new mayor, X, promised to review the plan"; "C CEO X said …
#: would …"), and so does nothing after it ("C will name X as CEO").
_NOT_NOW = doubts(  # the clause's conditions and hearsay are :data:`_UNSAID`'s, read first
    r"next"
    r"|poised|frontrunner|favou?rite|in line|incoming|designate|[a-z]+-elect|served|shortlisted|contenders?|nominees?"
    # an offer or a refusal of the office, not of anything else ("declined to comment" is no refusal of it)
    r"|(?:was|were|has been|had been) (?:nominated|offered)"
    r"|(?:declined|declines|refused|refuses|rejected|rejects|turned down|denied|denies)(?: to (?:become|take|accept"
    r"|serve|lead|run)| (?:the|an?|its|their) (?:offer|job|post|role|top job|nomination|presidency|mayoralty|reports?))"
    rf"|{PLANS}|planned|likely|is to|are to|{PROPOSALS}"
    r"|hoping|proposed|proposes|tipped|candidates?|bid|race|aims?|expects?|predicts?|talks?"
    r"|running|runs? for|campaign\w*|seeks?|seeking|vying|vies"
    r"|to (?:resign|step down|stand down|quit|retire|leave|be (?:replaced|ousted|succeeded|removed))"
)
#: What makes a whole clause no statement of who holds an office now: a question, a condition, a rumour, a past
#: state, the speaker's own office or a relative's.
_UNSAID = re.compile(
    rf"\?|\b(?:{CONDITIONS}|{HEARSAY}|speculation|used to|had been|until|served|were"
    r"|was (?:previously |formerly |once |long |briefly |the |a |an |at )*(?:CEO|chief|president|mayor|head|helm|top)"
    r"|from \d{4} (?:to|until) \d{4})\b"
    r"|\b(?-i:I|I'm|me|my|we|our|us)\b",
    re.I,
)
#: The offices a holder is said to have held, in the wording news uses.
_OFFICE = r"(?:mayor|president|CEO|chief executive|head of state|boss)"
#: A holder's office said as past just before their name: "Former Leipzig mayor X", "ex-CEO of C, X".
_FORMERLY = re.compile(
    rf"\b(?:former|ex-|outgoing|erstwhile)\s*(?:[\w'-]+\s+){{0,3}}?{_OFFICE}\s+$",
    re.I,
)
#: A holder's office said as past just after their name: "X, formerly the CEO of C, is writing a memoir".
_ONCE_HELD = re.compile(
    r",? (?:who was )?(?:formerly|previously|once|until recently|earlier) (?:the |a |an )?(?:[\w'-]+ ){0,2}?"
    rf"{_OFFICE}\b",
    re.I,
)
#: A hedge on the holder's leaving: "will resign", "could be replaced", "is set to step down".
_GOING = compiled(
    r"(?:will|would|could|may|might|is set to|are set to|plans? to|is expected to|expects to)\s+(?:soon\s+)?"
    r"(?:resign|step down|stand down|quit|leave|retire|be (?:replaced|ousted|removed|succeeded))\b",
    re.I,
)
#: ... said as a hedge, not as the company's word: "may step down", "could be replaced", "is set to resign" (a
#: holder who "will step down at the end of the year" holds the office until then).
_MAY_GO = compiled(
    r"(?:could|may|might|is set to|are set to|plans? to|is expected to|expects to)\s+(?:soon\s+)?"
    r"(?:resign|step down|stand down|quit|leave|retire|be (?:replaced|ousted|removed|succeeded))\b",
    re.I,
)
#: A holder who has gone: "X, chief executive of C, resigned on Friday", "X has stepped down", "X was ousted".
_GONE = (
    r"(?:,[^;.]*?,|,| of [A-Z][\w-]*(?: [A-Z][\w-]*)*)? (?:has |had )?(?:now |just |abruptly |formally |suddenly )?(?:resigned|stepped down|stood down|quit"
    r"|retired|departed|(?:was|has been|had been) (?:ousted|fired|sacked|dismissed|removed|forced out))\b"
)
#: A report of what is to come: whose word it is decides whether a holder's going is the holder's own plan.
_SAYS = re.compile(
    r"\b(?:says?|said|claim\w*|alleg\w*|report\w*|according|insist\w*|suggest\w*|speculat\w*|sources?|told|tells)\b",
    re.I,
)
#: ... said by the organisation itself, opening the sentence: "Corvia Airlines said on Monday that chief executive X
#: would step down at the end of the year" leaves X the holder until then.
_OWN_WORD = re.compile(
    r"^(?:The )?(?P<who>[A-Z][\w&.'-]*(?: (?:of |&  )?[A-Z][\w&.'-]*)*) (?:has |have )?(?:said|says|announced|confirmed)\b"
)


def _hearsay(text: str) -> bool:
    """Whether a holder's going is someone else's word ("the unions say …", "the opposition claims …")."""
    own = _OWN_WORD.match(text)
    if own and (" " in own["who"] or not is_word(own["who"].lower())):
        return len(_SAYS.findall(text)) > 1
    return _SAYS.search(text) is not None or _UNSAID.search(text) is not None


#: A time to come: "next month", "later this year", "from January".
_LATER = re.compile(
    r"\b(?:next (?:week|month|year|spring|summer|autumn|fall|winter|term|season)|later this (?:week|month|year)"
    r"|(?:from|starting|as of|effective) (?:January|February|March|April|June|July|August|September|October"
    r"|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|next|the (?:start|end|beginning))|takes office)\b"
)
#: An interim holder said as to serve: the office is theirs from the moment the holder went ("…; finance chief Y will
#: serve as acting CEO"), unless a time to come is named (:data:`_LATER` reads that).
_STANDS_IN = re.compile(r"\b(?:will|would) (?=(?:serve|act) as (?:the |its )?(?:acting|interim)\b)")
#: "said X would serve as CEO with immediate effect": the change made, not a plan.
_AT_ONCE = re.compile(r"\b(?:with immediate effect|effective immediately|immediately|(?:from|as of|starting) today)\b")


def current(clause: str) -> str:
    """The clause as far as it states who holds an office now: whole, up to a hedge, or nothing."""
    # "said X would serve as CEO with immediate effect": the change made, not a plan
    plain = re.sub(r"\b(?:would|will) ", "", _AT_ONCE.sub("", clause)) if _AT_ONCE.search(clause) else clause
    plain = plain.replace("incoming ", "") if TOOK.search(plain) else plain  # "… incoming CEO X took office"
    plain = _STANDS_IN.sub("", plain)  # "Y will serve as acting CEO": an interim holder holds the office at once
    if _UNSAID.search(plain):
        return ""
    hedge = _NOT_NOW.search(plain)
    # "X becomes CEO of C next month": a time to come the clause's own verb has, not a hedge's ("… would rise next
    # year"), leaves nothing now
    later = _LATER.search(plain)
    if later and (hedge is None or later.start() <= hedge.start()):
        return ""
    going = hedge is not None and _GOING.match(plain, hedge.start()) is not None
    if hedge is not None and going and (_MAY_GO.match(plain, hedge.start()) or _hearsay(plain)):
        return ""  # "… X could resign", "the unions say X will resign": no statement of who holds it; the
        # organisation's "X will step down at the end of the year" leaves X the holder until then
    return plain if hedge is None else plain[: hedge.start()]


def settled(found: list[Fact], text: str) -> list[Fact]:
    """``found`` without the offices ``text`` says of someone only as to come ("The incoming president of C, X,
    takes office in January"), on the way out ("…, X, will resign") or as past ("Former Leipzig mayor X"),
    whichever reader read them."""
    if _MAY_GO.search(text) or _GOING.search(text) and _hearsay(text):
        return [f for f in found if f.predicate not in ROLES]
    found = held(found, text)
    found = [
        f
        for f in found
        if f.predicate not in ROLES
        or not _FORMERLY.search(text, 0, max(0, text.find(f.object)))
        and not _ONCE_HELD.match(text, text.find(f.object) + len(f.object))
    ]
    if not re.search(r"\b(?:incoming|next|future|would-be|designate)\b|-elect\b", text) or TOOK.search(text):
        return found
    unsure = {n.text for n in names_in(text) if _TO_COME.search(text[max(0, n.start - 60) : n.start])}
    return [f for f in found if f.predicate not in ROLES or f.object not in unsure]


def held(found: list[Fact], text: str) -> list[Fact]:
    """``found`` without the offices of holders the text says have gone (:func:`_gone`)."""
    return [f for f in found if f.predicate not in ROLES or f.retract or not _gone(f.object, text)]


def _gone(holder: str, text: str) -> bool:
    """Whether the text says the holder left the office (done, not to come): the holder is the subject of a
    verb of leaving in the past ("X, chief executive of C, resigned on Friday"), not one who came after ("Y took
    over after X resigned" says Y's)."""
    return re.search(rf"(?<![\w-]){re.escape(holder)}{_GONE}", text) is not None
