"""Third-person changes read with what memory already holds for the subject.

News rarely restates a relation in its own words: "Former Continental engineer Noah Fischer is now at Siemens",
"Chen Yu, formerly of Alibaba, joined Tencent this month", "the Kantor Observatory is in fact located in
Debrecen", "she has since married the cellist Jonas Lindqvist". Alone, such a sentence names no relation (or the
wrong one: a club "relocated to" a city reads as a home, a player "sold to" a club as owned). Read with memory it
does: when memory (an active fact, or a fact said earlier in the session) holds a value V of a single-valued
relation R for a named subject X, a present, positive sentence that names X, says something changed or was
corrected, and names exactly one OTHER value W of R's kind (a person, a place, an organisation, a language, by
the shared name patterns and gazetteers) states (X, R, W).

What another reader read of the relation stands; only a relation it guessed that X is not known for, of the same
kind as one X is known for, takes the one memory knows (:data:`_CONFUSED`).

Precision first: doubt, plans, rumours and past states say nothing; a value in a clause that denies it, leaves
it or is someone else's (X's wife, her parents) is no candidate; the old value, or one a change the session
read replaced, is never the new one; where one was born or died is only put right, never changed; two
candidates, or two subjects holding the relation in one sentence, are a guess, so nothing.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from spacy.lang.en.stop_words import STOP_WORDS

from .forms import is_word, norm
from .handovers import NAME, PLACE_OF
from .kinds import RANKS, competition, persons
from .pastholders import described_noun, in_passing, placed, someone_elses
from .places import CURRENCIES, DEMONYMS
from .relations import verb_forms
from .spans import ORG_WORDS
from .statics import LANGUAGES
from .teams import POSITION
from .text import DENIALS, MONTHS, PLANS, UPPER, WEEKDAYS, doubts, expand_contractions, split_sentences
from .types import ActiveFact, Fact, Turn, by_turn
from .wholenames import job_title

#: The single-valued third-person relations read here, by the kind of their value.
KINDS: dict[str, str] = {
    "married to": "person",
    "president": "person",
    "mayor": "person",
    "ceo": "person",
    "directed by": "person",
    "lives in": "place",
    "born in": "place",
    "died in": "place",
    "located in": "place",
    "headquartered in": "place",
    "capital": "place",
    "works at": "party",
    "plays for": "party",
    "owned by": "party",
    "educated at": "party",
    "official language": "language",
    "currency": "currency",
}
#: The verbs of a change of party, home or office, in all their forms ("joining", "signs", "crossed"): a closed
#: class, not the forms the examples happen to use.
_CHANGE_VERBS = "join rejoin sign move relocate transfer switch cross return leave replace succeed hire appoint".split()
_CHANGE_FORMS = "|".join(sorted({f for v in _CHANGE_VERBS for f in verb_forms(v)}, key=len, reverse=True))
#: The same verbs as words of the relations a person changes: a club or an employer is joined or signed for (a
#: strait or a city's divide is crossed too); a home is moved or returned to (and lived in).
_PARTY_FORMS = "|".join(sorted({f for v in ("join", "rejoin", "sign") for f in verb_forms(v)}))
_HOME_FORMS = "|".join(sorted({f for v in ("move", "relocate", "return", "live", "settle") for f in verb_forms(v)}))
#: An arrival is a move only when done and said so ("completed his arrival at Y", "Y confirmed X's arrival",
#: "Y announced the arrival of X"); one awaited ("preparing for X's arrival") has not happened, and one "at Nokia"
#: may be a visit.
_ARRIVED = r"(?:complet\w*|confirm\w*|announc\w*|unveil\w*|finali[sz]ed|sealed|officiali[sz]ed)\b[^.;]{0,40}\barrival"
#: The relations of a life's fixed points: a sentence only corrects them (:data:`_CORRECTION`).
_FIXED = frozenset({"born in", "died in"})
#: The words that name each relation, which a sentence needs but for a currency or a language (the value's own
#: word says the relation): a name beside a company is rarely its new CEO, a lawyer who "now represents Meta"
#: does not work there. Where the subject holds two relations of a kind, only one may be named.
_WORDS = {
    "married to": r"marri\w*|remarri\w*|wed|wife|husband|spouse",
    "president": r"presiden\w*",
    "mayor": r"mayor\w*",
    "ceo": r"ceo|chief executive",
    "directed by": r"direct\w*",
    "lives in": rf"{_HOME_FORMS}|based|home|resides|residence|now in|is in",
    "born in": r"born|birth\w*",
    "died in": r"died|death|passed away|buried",
    "located in": r"located|stands|sits|moved|relocated|held|housed|is in|now in|takes place|(?:re)?opened",
    "headquartered in": r"headquarter\w*|hq|head office|based|moved|relocated",
    "capital": r"capital",
    "works at": rf"works?|working|job|employ\w*|hired|{_PARTY_FORMS}|started|engineer\w*|staff|post|role|position"
    rf"|recruited|taken on|{_ARRIVED}|team|lab|unit|office|(?:now|is|are) (?:at|with)",
    "plays for": rf"plays?|playing|{_PARTY_FORMS}|transfer\w*|loan|club|goal|sold|bought|striker|winger|keeper|squad"
    rf"|turns out|represents|season|deal|fee|{_ARRIVED}|(?:now|is|are) (?:at|with)",
    "owned by": r"own\w*|belongs?|bought|acquired|acquisition|sold|divest\w*|subsidiary|parent|takeover|part of",
    "educated at": r"educated|alma mater|graduat\w*|studied|degree|school|universit\w*|college",
    "official language": r"official language|language",
    "currency": r"currenc\w*|money|notes|coins|tender",
}
_WORD = {p: re.compile(rf"\b(?:{w})\b", re.I) for p, w in _WORDS.items()}
#: A relation another reader guessed for a change, and the one of the same kind memory may know instead: a venue
#: "relocated to" a city is located there, not living there; a player "sold to" a club plays for it.
_CONFUSED = {
    "lives in": ("located in", "headquartered in"),
    "located in": ("headquartered in", "lives in"),
    "headquartered in": ("located in", "lives in"),
    "owned by": ("plays for", "works at"),
    "plays for": ("works at",),
}

#: The words that state a relation outright, which a reader's relation then rests on.
_STATED = {
    "headquartered in": re.compile(r"\b(?:headquarter\w*|HQ|head office)\b", re.I),
    "owned by": re.compile(r"\b(?:owned|owner|owns|belongs?|subsidiary|parent company)\b", re.I),
    "lives in": re.compile(r"\b(?:lives|living|resides)\b", re.I),  # not "home": a gallery has a new home too
    # a loan or a game's own verb is a sport's, whatever memory knew the player for ("joined Arsenal": works at)
    "plays for": re.compile(r"\b(?:loaned|on loan|plays|playing|keeps goal|lines up|suits up|signed for)\b", re.I),
}

#: Something changed, or was put right: the cue a sentence needs.
_CUE = re.compile(
    rf"\b(?:{_CHANGE_FORMS})\b|"
    r"\b(?:now|since|has since|new|newly|latest|in fact|actually|indeed|correct\w*|clarif\w*|confirm\w*|misstated"
    r"|misreported|erroneous\w*|mistaken\w*|wrong\w*|incorrect\w*|earlier|first reported|as reported|moved|relocated|transferred|switched"
    r"|joined|left|leaving|formerly|former|replac\w*|took over|taken over|succeed\w*|chose|named|appointed|elected"
    r"|sworn in|took office|makes|made|adopted|sold|bought|acquired|divested|belongs|signed|credited|remarried"
    r"|married|divorced|settled|this (?:month|week|year|season)|recently|after|ending|no longer|anymore"
    rf"|took|taken|hired|became|become|started|final|finally|officially|arrived)\b|{_ARRIVED}",
    re.I,
)
#: The cues that put a value right, which a denial in their clause belongs to ("not X as first reported").
_CORRECTION = re.compile(
    r"correct\w*|clarif\w*|confirm\w*|misstated|misreported|erroneous\w*|mistaken\w*|wrong\w*|incorrect\w*"
    r"|in fact|actually|indeed|as reported|first reported|no longer|anymore|instead of|rather than",
    re.I,
)
#: Doubt, plans and rumours anywhere in the sentence (denials are read per clause: "not in Warsaw as first
#: reported" puts the old value right).
_UNSURE = doubts(
    rf"{PLANS}|denied|denies|deny|linked|talks|bid|hinted|proposed|sources (?:say|said|claim\w*|suggest\w*)"
    r"|may return|return to|nearly|almost|came close|close to"
    # a candidacy or an offer is no change: "was considered for a post at X", "was approached by X"
    r"|thinking|mulling|weighing|eyeing|considered for|shortlisted|in the running|interviewed for|approached|(?:was|were|been) offered",  # "was nearly sold to Ajax": a move that did not happen
    denials=False,
)
#: A past state or a life's past: "used to", "originally planned for", "grew up in".
_PAST = re.compile(
    r"\b(?:used to|originally|grew up|as a (?:child|boy|girl|teenager|student)|at the age of|aged \d+"
    # "Before joining Google, X did a postdoc at ETH", "won two titles with Lyon before her transfer": the time
    # before a change
    r"|before (?:[a-z]+ing|(?:his|her|their|its) [a-z]+)"
    r"|had been"  # "X had been headquartered in Grenoble for two decades": a state before another
    r"|when (?:he|she|they) was|until|(?:formerly|previously|once|earlier) (?:[a-z]+ed|the|an?)\b|(?:was|were) (?:formerly|previously|once)"
    r"|(?<!has )(?<!have )(?:lived|resided|worked|played|was married|were married|was based))\b",
    re.I,
)
#: Words just before a value that leave it, deny it or look back on it.
_LEFT = re.compile(
    r"\b(?:from|formerly (?:of|with|at|in)|former|ex-|left|leaving|quit|quitting|instead of|rather than|not|never"
    r"|replacing|replaced|succeeding|than|after|old|previous|previously|until|ending|divorced)"
    r"\s+(?:(?:the|a|an|his|her|its|their)\s+)?(?:(?!new\b|current\b|is\b|are\b|was\b|were\b)[a-z-]+\s+)?$",
    re.I,
)
#: A name in apposition to a former holder: "Quillmark's former chief executive, Femi Adebayo, now advises …".
_FORMER_APPOSITION = re.compile(r"\b(?:former|ex-|previous|outgoing|late|then)\s+(?:[\w-]+\s+){0,2}[\w-]+,\s+$", re.I)
#: ... or the holder named before it: "Rafael Onu, the former president of Ostrela, now teaches law".
_FORMER_AFTER = re.compile(r",?\s+(?:the\s+|a\s+)?(?:former|ex-|previous|outgoing|one-time|erstwhile)\b", re.I)
#: Where a clause ends, for the denials and other people's facts read per clause.
_BOUNDARY = re.compile(r"[,;:()]|\.\s|\s[—–-]\s|\s(?:but|and|because|though|where|while|whose|which)\s")
_DENIED = re.compile(rf"\b(?:{DENIALS}|n't|rather than|instead of)\b", re.I)
#: Someone else whose fact the clause may tell: "X's wife works at Bosch", "where her parents still live"; a
#: relative who reports ("X's family said she died in Y") tells X's.
_SPOUSE = r"wife|husband|spouse|partner|fiancée?|widow|widower"
_KIN = r"parents?|mother|father|mum|mom|dad|brother|sister|son|daughter|children|kids?|family|uncle|aunt|cousin"
_KIN += r"|friend|agent|manager|twin"


def _someone_else(kin: str) -> re.Pattern[str]:
    return re.compile(
        rf"(?:'s|(?<!moved )(?<!relocated )(?<!brought )(?<!took )(?<!with )\b(?:his|her|their))\s+(?:\w+\s+)?"
        rf"(?:{kin})\b(?!\s+(?:said|says|told|confirmed|clarified|announced|stated))",
        re.I,
    )


#: ... where a spouse is the relation read ("X's husband is now W"), not someone else, for ``married to``.
_SOMEONE_ELSE = {False: _someone_else(f"{_SPOUSE}|{_KIN}"), True: _someone_else(_KIN)}
_NAME = re.compile(NAME)
#: Words a name chunk may open with that are no part of the name ("Former Continental", "The Ninth Lantern",
#: "After leaving Skoda": a sentence's first word).
_LEAD = RANKS | set(
    "the a an former ex new correction update sources reports according ceo president mayor chairman chair chief"
    " director minister coach of".split()
)  # an office before "of" leaves the holder's organisation: "CEO of Halvard Robotics"
_FORMER_LEAD = frozenset({"former", "ex"})
_DATES = frozenset(MONTHS + WEEKDAYS)
_COUNTRIES = frozenset(DEMONYMS.values())
#: Names that are no party: a country, or a demonym, an adjective here ("commutes to the firm's new Canadian office").
_NO_PARTIES = _COUNTRIES | frozenset(DEMONYMS)
#: Where a name is a place: "in Y", or "to Y" after a move ("moved his family to Y"; "married to Y" is no place).
_PLACE_BEFORE = re.compile(
    r"\b(?:in|into|near|at|home to|(?:mov|relocat|return|head|transferr|shift|brought|took|taken)\w*\b[^,;]{0,40}\bto)"
    rf"\s+{PLACE_OF}$"
)
#: A place the subject's work is set in, or a stay: "a novel set in Kyoto", "spent a year in Oslo", "toured in Lima".
_STAY = re.compile(
    r"\b(?:set|filmed|shot|recorded|stayed|staying|visit\w*|toured|touring|holiday\w*|spent(?: \w+){1,2}|performed"
    rf"|played|plays|concerts?|shows?|exhibition|premiered?|launched|opened)\s+(?:in|at)\s+{PLACE_OF}$"
)
_SEAT_AFTER = re.compile(r"(?:-based\b|\s+(?:headquarters|HQ|head office|head-office|main office)\b)")
#: A currency by its word, with the adjective or code that tells which ("the euro", "the US dollar").
_MONEY = re.compile(
    rf"(?:(?<=\bthe )|(?<=\bits )|(?<=\bin ))(?:(?:[{UPPER}][\w-]*|new)\s+)?(?:{'|'.join(sorted(CURRENCIES))})s?\b"
)  # after an article: "who won the run-off" names no currency
#: Where a name is a place, not a party: "in Berlin", "commutes to Potsdam", "flew back to Lagos".
_PARTY_BEFORE = re.compile(
    r"\b(?:in|near|into|(?:commut|mov|relocat|travel|return|head|visit|trip)\w*(?: back)? to|went to|flew to|drove to)"
    rf"\s+{PLACE_OF}$"
)
#: A place's name may end in these (Mexico City); an organisation's words otherwise say it is no place.
_PLACE_WORDS = frozenset({"City", "Park", "Bridge", "Tower", "Union", "United"})
#: Words after a place's name that make it its institution ("Tartu City Council chose …" speaks for Tartu).
_INSTITUTION = re.compile(r"\s+(?:City\s+)?(?:Council|Government|Parliament|Assembly|Authorities|voters)\b")


@dataclass(frozen=True)
class Held:
    """A value memory holds for a subject's relation, with the subject as memory spells it."""

    subject: str
    predicate: str
    value: str
    #: The values this one replaced since memory was read (a change the session said): the party a change left is
    #: named again when the news is told once more ("Y bought X from Z" … "X is now Y's, Z kept the depots"), and
    #: it is never the new value.
    left: tuple[str, ...] = ()


def revised(facts: list[Fact], active: Sequence[ActiveFact], turns: Sequence[Turn]) -> list[Fact]:
    """``facts`` (the session's, in turn order) with the third-person changes memory can read, each after its
    turn's other facts, and the relations of the turn's facts memory corrects."""
    held = _held(active)
    out: list[Fact] = []
    groups, unsourced = by_turn(facts, turns)
    for turn, stated in groups:
        # a change the session's readers read beside memory (a move, a name for a description) passed no sieve
        stated = [_settled(f, held, turn.content) for f in stated if not _passing(f, turn.content)]
        found = [f for s in split_sentences(turn.content) for f in changes(s, held, stated)]
        stamped = [replace(f, valid_from=turn.ts, event_ids=(turn.event_id,)) for f in found]
        out += stated + stamped
        for f in stated + stamped:
            _hold(held, f.subject, f.predicate, f.object, f.retract)
    return out + unsourced  # a fact no turn sourced: where it was, at the end


def _passing(fact: Fact, said: str) -> bool:
    """A third-person fact whose value a sentence of the turn names only in passing (a past holder, a plan)."""
    if fact.retract or fact.subject.lower() == "user":
        return False
    return any(fact.object in s and in_passing(s, fact.subject, fact.object) for s in split_sentences(said))


def _held(active: Sequence[ActiveFact]) -> dict[str, dict[str, Held]]:
    """Each third-person subject's latest active value of each relation read here."""
    held: dict[str, dict[str, Held]] = {}
    for a in sorted(active, key=lambda a: a.valid_from.timestamp() if a.valid_from else float("-inf")):
        _hold(held, a.subject, a.predicate, a.object, False)
    return held


def _hold(held: dict[str, dict[str, Held]], subject: str, predicate: str, value: str, retract: bool) -> None:
    predicate = predicate.lower()
    if predicate not in KINDS or subject.lower() == "user":
        return
    mine = held.setdefault(norm(subject), {})
    if retract:
        mine.pop(predicate, None)
    elif (before := mine.get(predicate)) is not None and not _same(value, before.value):
        mine[predicate] = Held(subject, predicate, value, (*before.left, before.value))
    else:
        mine[predicate] = Held(subject, predicate, value, before.left if before else ())


def _settled(fact: Fact, held: dict[str, dict[str, Held]], said: str) -> Fact:
    """A fact whose relation the subject is not known for, as the confusable one memory knows it by; and a
    change or correction of a value memory holds, as replacing it (``educated at`` keeps several values, but a
    sentence that corrects one names the one: "is a graduate of X; an earlier profile wrongly listed Y")."""
    mine = held.get(norm(fact.subject), {})
    if fact.retract:
        return fact
    if fact.predicate not in mine:
        # only for a subject memory knows as one kind: a company misread as living somewhere keeps its seat
        one_kind = len({_SUBJECT_KINDS.get(r, "") for r in mine} - {""}) <= 1
        known = next((r for r in _CONFUSED.get(fact.predicate, ()) if r in mine), None)
        stated = _STATED.get(fact.predicate)  # "relocated its HQ to Rotterdam" says the seat: the reader read it
        said_so = stated is not None and stated.search(said) is not None
        return replace(fact, predicate=known) if known and one_kind and not said_so else fact
    changed = not _same(fact.object, mine[fact.predicate].value) and _CUE.search(said) and not _UNSURE.search(said)
    return replace(fact, replaces_attribute=True) if changed else fact


def changes(sentence: str, held: dict[str, dict[str, Held]], stated: Sequence[Fact] = ()) -> list[Fact]:
    """The new values ``sentence`` names for what ``held`` (subject -> relation -> value) holds, save relations
    another reader already read in ``stated`` (the turn's facts)."""
    text = expand_contractions(sentence.replace("’", "'").replace("‘", "'")).strip()
    if not held or _UNSURE.search(text) or _PAST.search(text) or not any(_live(text, m) for m in _CUE.finditer(text)):
        return []
    lowered = text.lower()
    named = {
        key: spans
        for key, mine in held.items()
        if mine and _bare(next(iter(mine.values())).subject).lower() in lowered and (spans := _mentions(text, mine))
    }
    out: list[Fact] = []
    for key, spans in named.items():
        for relation, old in held[key].items():
            if relation in _FIXED and not _CORRECTION.search(text):
                continue  # where one was born or died is put right, never changed: "now shown in Y" is no death
            others = [k for k in named if k != key and relation in held[k]]
            if others or any(norm(f.subject) == key and f.predicate == relation for f in stated):
                continue  # two subjects of the relation, or another reader read it: not this reader's to say
            value = _new_value(text, old, held, spans, stated)
            if value is not None:
                out.append(Fact(old.subject, relation, value, 0.75, replaces_attribute=True))
    keys = [(norm(f.subject), norm(f.object)) for f in out]
    return [f for f, k in zip(out, keys, strict=True) if keys.count(k) == 1]  # one value, two relations: a guess


def _live(text: str, cue: re.Match[str]) -> bool:
    """Whether a cue says a change: not one its own clause denies before it ("had a trial with X but never
    signed", "has not moved"); a correction's own words ("not in Warsaw as first reported") say one whatever
    the clause denies."""
    if _CORRECTION.fullmatch(cue[0]):
        return True
    starts = [0] + [b.end() for b in _BOUNDARY.finditer(text) if b.end() <= cue.start()]
    return not _DENIED.search(text, starts[-1], cue.start())


def _new_value(
    text: str, old: Held, held: dict[str, dict[str, Held]], spans: list[tuple[int, int]], stated: Sequence[Fact]
) -> str | None:
    """The one value of ``old``'s kind the text names for it now, if the text speaks of that relation."""
    kind = KINDS[old.predicate]
    mine = held[norm(old.subject)]
    rivals = [r for r in mine if KINDS[r] == kind and r != old.predicate]
    if (kind not in ("currency", "language") or rivals) and not _says(text, old.predicate, rivals):
        return None
    taken = {norm(f.object) for f in stated if norm(f.subject) == norm(old.subject)}
    if kind == "party":  # a person the turn names ("X, chief executive of Y, signed Z") is no club or employer
        taken |= {norm(p) for p in persons(list(stated))}
    known = _known_kinds(held)
    values = [
        v
        for v, start in _candidates(text, kind, spans)
        if not any(_same(v, o) for o in (old.value, *old.left))
        and norm(v) not in taken
        and _typed(v, old.value, kind)
        and known.get(norm(v), {kind}) >= {kind}
        and _now(text, start, old.predicate)
        and not _FORMER_AFTER.match(text, start + len(v))
    ]
    values = [v for v in dict.fromkeys(values) if _held_now(text, old, v)]
    return values[0] if len(values) == 1 else None


def _held_now(text: str, old: Held, value: str) -> bool:
    """Whether the parse lets ``value`` be ``old``'s subject's now: no word of the subject's own name ("the club
    Kofi left"), no past holder, no link only meant or tried, no other subject's value."""
    person = _SUBJECT_KINDS.get(old.predicate) == "person"
    return (
        norm(value) not in norm(old.subject).split()
        and not in_passing(text, old.subject, value)
        and not someone_elses(text, old.subject, value, person=person)
    )


#: What a subject is, by the relations memory holds for it: a person lives and works somewhere, a company is
#: owned and led, a country or city has a capital, a mayor, a currency.
_SUBJECT_KINDS = {
    **dict.fromkeys(("lives in", "born in", "died in", "married to", "works at", "plays for", "educated at"), "person"),
    **dict.fromkeys(("owned by", "headquartered in", "ceo"), "party"),
    **dict.fromkeys(("mayor", "capital", "president", "official language", "currency"), "place"),
}


def _known_kinds(held: dict[str, dict[str, Held]]) -> dict[str, set[str]]:
    """The kinds memory knows each name by, as a value or as a subject: "Femi Adebayo", a CEO, is no owner."""
    known: dict[str, set[str]] = {}
    for key, mine in held.items():
        for relation, h in mine.items():
            known.setdefault(norm(h.value), set()).add(KINDS[relation])
            if relation in _SUBJECT_KINDS:
                known.setdefault(key, set()).add(_SUBJECT_KINDS[relation])
    return known


def _says(text: str, relation: str, rivals: list[str]) -> bool:
    """Whether the text names the relation by its words, and none of the subject's other relations of its kind."""
    return bool(_WORD[relation].search(text)) and not any(_WORD[r].search(text) for r in rivals)


def _mentions(text: str, held: dict[str, Held]) -> list[tuple[int, int]]:
    """Where the text names the subject whole: not as a part of a longer name ("Lane Stadium" in "Copper Lane
    Stadium"), though a place's institution speaks for it ("Tartu City Council")."""
    bare = _bare(next(iter(held.values())).subject)
    out = []
    for m in re.finditer(rf"(?<![\w'-]){re.escape(bare)}(?![\w-])", text, re.I):
        before = text[: m.start()].rstrip()
        longer_before = re.search(r"[A-Z][\w-]*$", before) and not re.search(r"\b(?:The|A|An)$", before)
        after = re.match(r"\s+[A-Z][\w-]*", text[m.end() :])
        if longer_before or after and not _INSTITUTION.match(text, m.end()):
            continue
        out.append((m.start(), m.end()))
    return out


@functools.lru_cache(maxsize=4096)  # asked for every subject memory holds, for every sentence with a cue
def _bare(subject: str) -> str:
    return re.sub(r"^(?:the|a|an)\s+", "", subject, flags=re.I)


#: A lower-case noun after a name, which makes the name its adjective (not a verb, a preposition or a link).
_NOUN_AFTER = re.compile(
    r" (?!(?:in|at|of|on|for|from|to|and|or|as|with|by|is|are|was|were|has|have|had|who|which|that|after|since)\b)"
    r"[a-z]+(?<!ed)(?<!s)\b"
)


def _candidates(text: str, kind: str, spans: list[tuple[int, int]]) -> Iterator[tuple[str, int]]:
    """Values of ``kind`` the text names outside the subject's own name, each with where it starts."""
    if kind == "currency":
        yield from ((re.sub(r"^new |s$", "", m[0]), m.start()) for m in _MONEY.finditer(text))
        return
    for m in _NAME.finditer(text):
        if m.start() and text[m.start() - 1].isalnum() or text.startswith("'s", m.end()):
            continue  # a part of a word ("6G"), or a name that only qualifies another ("Lausanne's venue")
        if any(s < m.end() and m.start() < e for s, e in spans):
            continue  # the subject itself
        if text[: m.start()].endswith(("the ", "The ")) and _NOUN_AFTER.match(text, m.end()):
            continue  # a name said as a kind's adjective: "crossed the Lisbon divide", "the London club"
        words, start = m[0].split(), m.start()
        while words and (
            words[0].lower() in _LEAD
            or start == 0
            and (words[0].lower() in STOP_WORDS or len(words) == 1 and is_word(words[0]))  # "Following the takeover"
            or words[0].lower().startswith("ex-")
            or len(words) > 1
            and job_title(words[0])
        ):
            if words[0].lower() in _FORMER_LEAD or words[0].lower().startswith("ex-"):
                words = []  # "Former Continental engineer": the name it opens is left
                break
            start += len(words[0]) + 1
            words = words[1:]
        name = " ".join(words).rstrip(".,")
        if name and name not in _DATES and _of_kind(text, name, start, kind):
            yield name, start


def _of_kind(text: str, name: str, start: int, kind: str) -> bool:
    words = name.split()
    before = text[:start]
    org = any(w in ORG_WORDS and w not in _PLACE_WORDS for w in words)
    if kind == "person":  # a title is no person: "a memoir, The Long Table"
        return (
            not before.endswith("The ")
            and (len(words) > 1 or "-" in name)
            and not org
            and name not in _COUNTRIES
            and not re.search(r"\d", name)
        )
    if kind == "place" and _SEAT_AFTER.match(text, start + len(name)):
        return not org  # "from its new Vancouver headquarters", "a Lyon-based label"
    if kind == "place":
        return bool(_PLACE_BEFORE.search(before)) and not _STAY.search(before) and not org
    if kind == "language":
        return name.lower() in LANGUAGES
    if _PARTY_BEFORE.search(before) or name in _NO_PARTIES or name.lower() in LANGUAGES or competition(name):
        return False
    noun = described_noun(text, name)  # "Kaizer Chiefs fans booed …": the fans; "Lens striker X": the club
    return not placed(text, name) and (
        not noun or noun in _SQUADS or bool(re.fullmatch(POSITION, noun)) or job_title(noun)
    )


#: The nouns a club's name qualifies that are the club itself: "joined the Celtic squad".
_SQUADS = frozenset({"squad", "team", "side", "roster", "lineup", "line-up"})


def _typed(new: str, old: str, kind: str) -> bool:
    """Whether the two values are of one type within the kind: a country for a country, a city for a city."""
    return kind != "place" or (new in _COUNTRIES) == (old in _COUNTRIES)


def _now(text: str, start: int, relation: str) -> bool:
    """Whether the value at ``start`` is said as holding: not left, denied or someone else's in its clause."""
    if _LEFT.search(text[:start]) or _FORMER_APPOSITION.search(text[:start]):
        return False
    bounds = [0] + [b.end() for b in _BOUNDARY.finditer(text) if b.end() <= start]
    ends = [b.start() for b in _BOUNDARY.finditer(text) if b.start() > start] + [len(text)]
    clause = text[bounds[-1] : ends[0]]
    return not _DENIED.search(clause) and not _SOMEONE_ELSE[relation == "married to"].search(clause)


def _same(new: str, old: str) -> bool:
    """One value said shorter or longer ("Lyon" for Olympique Lyon, "Ibadan" for the University of Ibadan)."""
    a, b = norm(new), norm(old)
    return a == b or a in b.split() or b in a.split() or a.startswith(b + " ") or b.startswith(a + " ")
