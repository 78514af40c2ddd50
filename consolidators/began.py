"""When a present state began, read from the clause that states it: a fact's ``valid_from`` answers "when".

A turn's time is when the user said it, not when it became true: "I moved to Oslo in 2021" said today makes Oslo
home since 2021. :func:`began` reads the day a clause says its state began, relative to when it was said, from
these phrasings only (a month or weekday without a year is the most recent past one; a span is dated by its
first day):

- "since 2019", "since March", "since March 2024", "since Monday", "since last week/month/year", "since yesterday";
- "in 2021", "in March", "in March 2021" with a past event verb (moved, started, joined, married, got) before it,
  or opening the clause ("In 2021 I moved to Oslo");
- "yesterday"; "last week/month/year"; "last Friday"; "N days/weeks/months/years ago"; "earlier this year";
- "on Monday" with a past verb in the clause ("we got married on Saturday"; "I start on Monday" is a plan).

In a list joined by "and", a value whose item states a date of its own takes that one ("moved to Porto in 2019 and
to Braga in 2022"). A future ("I'll move in June", "next week"), a date that is not when the state began ("my
birthday is in March", "see you in May") or a date after the turn gives nothing. :func:`dated` stamps a session's facts with it, never
earlier than the value it replaces.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import date, datetime, timedelta

from .forms import norm
from .text import FUTURES, MONTHS, PLANNED, WEEKDAYS, inflected_verb, split_sentences
from .tidy import MULTI_ROLES
from .types import ActiveFact, Fact, Turn

_MONTH = "|".join(MONTHS)
_WEEKDAY = "|".join(WEEKDAYS)
_NUMBERS = {w: n for n, w in enumerate("one two three four five six seven eight nine ten eleven twelve".split(), 1)}
_NUMBERS.update({"a": 1, "an": 1})


def _point_of(p: str) -> str:
    """A calendar point ("March", "March 2024", "2021"), its groups named after ``p``."""
    return rf"(?:(?P<{p}month>{_MONTH})(?: (?P<{p}myear>(?:19|20)\d\d))?|(?P<{p}year>(?:19|20)\d\d))\b"


_EVENT_VERB = r"\b(?:moved|started|joined|married|got)\b"
#: "last week", not "my last week at Acme" (a period that is not behind the speaker).
_LAST = r"(?<!my )(?<!our )(?<!the )(?<!his )(?<!her )(?<!their )(?<!its )(?<!'s )\blast"
_FUTURE = re.compile(rf"\b(?:{FUTURES}|tomorrow|next|soon|{PLANNED})\b|'ll\b", re.I)
_SINCE = re.compile(
    rf"\bsince (?:{_point_of('')}|(?P<weekday>{_WEEKDAY})\b|last (?P<unit>week|month|year)\b|(?P<yesterday>yesterday)\b)",
    re.I,
)
#: "moved to Oslo in 2021", "In March I joined Acme": the event verb before the date, or the date opening the clause.
_IN = re.compile(rf"{_EVENT_VERB}[^,;:]*?\bin {_point_of('')}|^(?:back )?in {_point_of('o')}.*{_EVENT_VERB}", re.I)
_YESTERDAY = re.compile(r"\byesterday\b", re.I)
_LAST_SPAN = re.compile(rf"{_LAST} (?P<unit>week|month|year)\b", re.I)
_LAST_DAY = re.compile(rf"{_LAST} (?P<weekday>{_WEEKDAY})\b", re.I)
_AGO = re.compile(rf"\b(?P<n>\d{{1,3}}|{'|'.join(_NUMBERS)}) (?P<unit>day|week|month|year)s? ago\b", re.I)
_EARLIER = re.compile(r"\bearlier this year\b", re.I)
_ON_DAY = re.compile(rf"\bon (?P<weekday>{_WEEKDAY})\b", re.I)
#: A verb in the past: "moved", "resigned", "took", "was sworn in". A word ending in "-ed" is one only when the
#: lexicon knows it as a verb's inflection (:func:`~consolidators.text.inflected_verb`), so not "Ted" or "speed".
_PAST_VERB = re.compile(
    r"\b(?:(?P<ed>[a-z]{2,}ed)|got|took|began|became|went|left|won|lost|came|made|held|ran|met|wed|quit|sold|bought"
    r"|gave|found|was|were)\b",
    re.I,
)
#: Where one clause of a sentence ends and the next begins: "I work at Google; we moved to Oslo in 2021".
_CLAUSE_END = re.compile(r"\s*(?:[;:!?]|\s[—–-]\s|,|\b(?:and|but|so)\s+(?=(?:i|we|he|she|they|it|my|our)\b))\s*", re.I)
#: The words of a time adverbial set off before its clause ("Since 2019, I've lived in Hamburg").
_ADVERBIAL = frozenset(w.lower() for w in (*MONTHS, *WEEKDAYS, *_NUMBERS)) | frozenset(
    "since in on back ever last ago yesterday earlier this day days week weeks month months year years".split()
)


def began(clause: str, said: datetime) -> datetime | None:
    """The day (UTC midnight) the state ``clause`` states began, said at ``said``; None when it says none."""
    if said.tzinfo is None:
        raise ValueError(f"said must be timezone-aware, got {said.isoformat()}")
    if _FUTURE.search(clause):
        return None
    day = _day(clause, said.date())
    if day is None or day > said.date():
        return None
    return datetime(day.year, day.month, day.day, tzinfo=said.tzinfo)


def _day(clause: str, today: date) -> date | None:
    """The first phrasing the clause holds, in the order of the module's list."""
    if m := _SINCE.search(clause):
        if m["weekday"]:
            return _past_weekday(m["weekday"], today)
        if m["unit"]:
            return _last(m["unit"], today)
        return today - timedelta(days=1) if m["yesterday"] else _point(m, today)
    if m := _IN.search(clause):
        return _point(m, today) if m["month"] or m["year"] else _point(m, today, prefix="o")
    if _YESTERDAY.search(clause):
        return today - timedelta(days=1)
    if m := _LAST_SPAN.search(clause):
        return _last(m["unit"], today)
    if m := _LAST_DAY.search(clause):
        return _past_weekday(m["weekday"], today)
    if m := _AGO.search(clause):
        n = m["n"].lower()
        return _back(today, int(n) if n.isdigit() else _NUMBERS[n], m["unit"].lower())
    if _EARLIER.search(clause):
        return date(today.year, 1, 1)
    if (m := _ON_DAY.search(clause)) and _says_past(clause):
        return _past_weekday(m["weekday"], today)
    return None


def _says_past(clause: str) -> bool:
    """Whether ``clause`` holds a verb in the past."""
    return any(v["ed"] is None or inflected_verb(v["ed"]) for v in _PAST_VERB.finditer(clause))


def _point(m: re.Match[str], today: date, prefix: str = "") -> date:
    """A year's or a month's first day; a month without a year is the most recent one begun by ``today``."""
    if year := m[f"{prefix}year"]:
        return date(int(year), 1, 1)
    month = [x.lower() for x in MONTHS].index(m[f"{prefix}month"].lower()) + 1
    if year := m[f"{prefix}myear"]:
        return date(int(year), month, 1)
    return date(today.year if month <= today.month else today.year - 1, month, 1)


def _past_weekday(name: str, today: date) -> date:
    """The most recent such weekday before ``today`` (a week back when today is one)."""
    back = (today.weekday() - [w.lower() for w in WEEKDAYS].index(name.lower())) % 7
    return today - timedelta(days=back or 7)


def _last(unit: str, today: date) -> date:
    """The first day of the previous week (Monday), month or year."""
    unit = unit.lower()
    if unit == "week":
        return today - timedelta(days=today.weekday() + 7)
    if unit == "month":
        return date(today.year - 1, 12, 1) if today.month == 1 else date(today.year, today.month - 1, 1)
    return date(today.year - 1, 1, 1)


def _back(today: date, n: int, unit: str) -> date:
    """``n`` days, weeks, months or years before ``today`` (a month's last day when the day is past its end)."""
    if unit in ("day", "week"):
        return today - timedelta(days=n * (7 if unit == "week" else 1))
    months = today.year * 12 + today.month - 1 - n * (12 if unit == "year" else 1)
    year, month = divmod(months, 12)
    return date(year, month + 1, min(today.day, calendar.monthrange(year, month + 1)[1]))


def clause_naming(text: str, value: str) -> str | None:
    """The clause of ``text`` that names ``value`` (with a short time adverbial before it), or None."""
    clauses = [c for c in _CLAUSE_END.split(text) if c.strip()]
    named = re.compile(rf"(?<!\w){re.escape(value.strip())}(?!\w)", re.I)
    for i, clause in enumerate(clauses):
        if named.search(clause):
            before = clauses[i - 1].lower().split() if i else []
            whole = " ".join([*before, clause]) if before and all(_adverbial(w) for w in before) else clause
            # "…, and in 2023 she moved to Kestrel": the conjunction that joined the clause is not part of it
            return _JOINED.sub("", _own_part(whole, named))
    return None


_JOINED = re.compile(r"^(?:and|but|so|then)\s+", re.I)


#: A calendar point anywhere in a clause, with the preposition it is said with: "in 2019", "since March 2024".
_POINT = re.compile(rf"(?:\b(?:in|since|on|from)\s+)?{_point_of('')}", re.I)
#: Where one event of a clause that tells two ends: "joined Vantor in 2019 and moved to Kestrel in 2023".
_NEXT_EVENT = re.compile(r"\s+(?:and then|and|then|before|after|until|till)\s+", re.I)


def _own_part(clause: str, named: re.Pattern[str]) -> str:
    """``clause`` without the dates of its other events, when it dates two: each date belongs to the event it is
    said with, not to every value of the clause. The other events' words stay, since a value's own part may borrow
    its verb ("moved to Ghent in 2017 and to Namur in 2021"); a part that states no date of its own is left undated."""
    points = list(_POINT.finditer(clause))
    value = named.search(clause)
    if len(points) < 2 or value is None:
        return clause
    cuts = list(_NEXT_EVENT.finditer(clause))
    start = max((c.end() for c in cuts if c.end() <= value.start()), default=0)
    end = min((c.start() for c in cuts if c.start() >= value.end()), default=len(clause))
    for point in reversed(points):
        if not start <= point.start() < end:
            clause = clause[: point.start()] + clause[point.end() :]
    return clause


def _adverbial(word: str) -> bool:
    return word in _ADVERBIAL or word.isdigit()


def dated(facts: Sequence[Fact], turns: Sequence[Turn], active: Sequence[ActiveFact] = ()) -> list[Fact]:
    """``facts`` with each one stamped at its turn's time restamped with the day its clause says it began.

    Supersession must not go backwards: a stated day never precedes the ``valid_from`` of an ``active`` fact of the
    same (subject, predicate) and another value, or of such a value stated earlier in ``facts``; it is clamped just
    after it (else "moved to Lyon last month" said after "I live in Paris" would arrive as an older fact and leave
    Paris current). Retractions, facts of a multi-valued relation's clamp aside, keep their time.
    """
    turn_of = {t.event_id: t for t in turns}
    out: list[Fact] = []
    for fact in facts:
        turn = next((turn_of[e] for e in fact.event_ids if e in turn_of), None)
        day = _said_began(fact, turn) if turn is not None and not fact.retract and fact.valid_from == turn.ts else None
        if day is not None and turn is not None:
            floor = max(_replaced_since(fact, active, out), default=None)
            day = min(floor + _JUST_AFTER, turn.ts) if floor is not None and day <= floor else day
            fact = replace(fact, valid_from=day)
        out.append(fact)
    return out


#: How far after the value it replaces a clamped fact begins.
_JUST_AFTER = timedelta(seconds=1)


def _said_began(fact: Fact, turn: Turn) -> datetime | None:
    """The day the first clause of ``turn`` that names the fact's value says it began."""
    if turn.ts.tzinfo is None:
        return None  # a hand-built turn with a naive time: its day can't be compared with memory's, so keep its time
    for sentence in split_sentences(turn.content):
        if (clause := clause_naming(sentence, fact.object)) is not None:
            return began(clause, turn.ts)
    return None


def _replaced_since(fact: Fact, active: Sequence[ActiveFact], before: Sequence[Fact]) -> list[datetime]:
    """When the other values of the fact's (subject, predicate) it may replace began: none for a multi-valued one."""
    if fact.cardinality == "multi" or fact.predicate in MULTI_ROLES:
        return []
    key = (norm(fact.subject), norm(fact.predicate))
    held = [(a.subject, a.predicate, a.object, a.valid_from) for a in active]
    said = [(f.subject, f.predicate, f.object, f.valid_from) for f in before if not f.retract]
    return [
        since
        for subject, predicate, value, since in held + said
        if since is not None and (norm(subject), norm(predicate)) == key and norm(value) != norm(fact.object)
    ]
