"""A company's owner and seat, a country's currency and official language, read by their cue families: who owns, where a company
is run from, what a country pays in — and the old value a change names, which is never current.

"Ownership of Kuroshio Marine has passed to Mitsubishi Corporation", "Metro Inc. completed its takeover of
Maple & Finch", "Tidewater Logistics opened its new corporate headquarters in Charleston", "Zurich-based
reinsurer Helvetia Re …", "Norvania has adopted the euro, replacing the krona as its official currency",
"Croatians have paid in euros". Each relation has a few families of cues (a purchase, a sale, a membership;
a seat had, moved or opened; a currency adopted, swapped, paid in or named the currency), each a shape
with slots for the subject, the new value and the old one; a cue in a hedged, planned or past clause
says nothing, and what the other readers made of it goes too (:func:`prevail`).

Words only: the sentences are few (they carry a cue word), and these are the shapes whose parse the small
model gets wrong (it cuts "AB InBev", swaps "Zimbabwe has introduced the ZiG", reads "adopted" as a value).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace

from . import holdings
from .handovers import NAME, PLACE_OF, country
from .places import CURRENCIES, DEMONYMS
from .spans import make_fact
from .text import ENTITY_STOP, MONTHS, doubts, is_adverb, is_word
from .types import Fact
from .vocabulary import is_time

_HQ = r"(?:headquarters|head office|head-office|HQ|main office|registered office|base of operations)"
#: A description before a name: "the state-owned PKN Orlen", "the Chinese carmaker Geely" (a capitalised
#: word only after an article: "Quillfeather after Zentra" is two names).
_DESC = (
    r"(?:(?:the|a|an) (?:[A-Z][\w-]* (?=[a-z]))?)?"
    r"(?:(?!(?:in|at|by|of|on|to|from|for|and|or|is|are|was|has|had|led|run|behind|with|after|before|since|when|while"
    r"|as|than|but|so|because|which|who|that|said|says|then|also|now|it|its|their)\b)(?![a-z]+ed )[a-z][\w-]* ){0,3}?"
)
_WHEN = (
    # a date's month is the scene's, not the subject's first word ("On 1 January Kalvania adopted …")
    r"(?:(?:[Ii]n|[Oo]n|[Ss]ince|By|From|As of|Last|This|Earlier|Later|After|Following) (?:the )?[\w ]{1,24}?,? "
    rf"(?=[A-Z])(?!(?:{'|'.join(MONTHS)})\b)"
    r"|(?:[Ii]n|[Oo]n|[Ss]ince|[Bb]y|[Aa]s of) (?:\d{4}|[A-Z][a-z]+(?: \d{4})?) (?=the |[A-Z])|(?:Today|Now|Yesterday|Meanwhile|Officially),? "
    r"|(?:Founded|Established|Started|Set up|Launched|Created) (?:in \d{4} )?by [^,]{1,40}, )?"  # "Founded … by X, Y is …"
)
#: Where a shape's subject may start: the clause's opening, after a scene ("On Friday, …").
_START = rf"(?:^|(?<=[;:.!?] )|(?<= — )){_WHEN}"
_NAME_SLOT = rf"{_DESC}(?P<{{g}}>{NAME})(?!\w|'(?!s\b|\s))"
_PLACE_SLOT = rf"{PLACE_OF}(?P<{{g}}>{NAME})"
#: A currency's name as written: "the euro", "Surinamese dollars", "the tessera dinar", "the ZiG".
_MONEY = r"(?:(?:the |its |their |an? )?(?:new |own |national |official |single )*currency,? )?(?:[Tt]he |a |its |their )?(?:new |own |national |official |single )*(?!currenc)(?P<{g}>[\w\u00C0-\u024F-]+(?: [\w\u00C0-\u024F-]+)?)"
_TAIL = r"(?: [a-z][\w-]*)?"  # "the Nordlys newspaper": a kind after the name
_COUNTRY = (
    r"(?:(?P<poss>[A-ZÀ-ÖØ-ÞĀ-Ž][\w-]*(?: [A-ZÀ-ÖØ-ÞĀ-Ž][\w-]*)*)(?:'s|')|the country's|the nation's|its|their|the)"
)

#: A company said again by a pronoun or by its kind ("the chain", "the clinic chain"): the opening clause's.
_IT = (
    r"(?:it|them|the (?:[a-z-]+ ){0,2}(?:chain|company|firm|group|business|brand|label|network|studio|newspaper|paper"
    r"|title|publisher|maker|brewer|brewery|operator|airline|startup|retailer|carrier|insurer|lender|bank|outlet))\b"
)
#: Shapes by relation: slots {s} (whose), {o} (the current value), {x} (an old value).
_SHAPES: dict[str, tuple[str, ...]] = {
    "owned by": (
        # a purchase: "Metro Inc. completed its takeover of Maple & Finch", "AB InBev has bought X from Y"
        _START
        + r"{o},? (?:which |who )?(?:has |have |had )?(?:now |just |finally |officially )?(?:bought|acquired|purchased"
        r"|taken over|took over|snapped up|completed (?:its|the|their) (?:takeover|acquisition|purchase|buyout) of"
        r"|(?:taken|took|assumed) (?:full |majority |sole )?(?:ownership|control) of|owns|now owns) {s}"
        r"(?:" + _TAIL + r" from {x})?",
        _START + r"{s},? which {o} (?:has |had )?(?:bought|acquired|purchased|took over|snapped up)\b",
        # "Ledger & Lane, an imprint Bloomsbury bought from Faber in May, …": the buyer in a description's clause
        _START + r"{s}, (?:an?|the) (?:[a-z-]+ ){1,2}(?:that |which )?{o} (?:has |had )?(?:now )?"
        r"(?:bought|acquired|purchased|took over|snapped up)\b",
        # a sale: "Halvorsen Media has sold the Nordlys newspaper to Schibsted"
        _START
        + r"{x} (?:has |have )?(?:now )?(?:sold|offloaded|divested|spun off|transferred|handed|flipped) (?:its |their )?"
        r"{s}" + _TAIL + r" to {o}",
        _START + r"{s}" + _TAIL + r" (?:has been |was |is )?(?:sold|offloaded|transferred) (?:by {x} )?to {o}",
        r"\b(?:[Oo]wnership|[Cc]ontrol) of {s} (?:has )?(?:now )?(?:passed|transferred|gone|moved|shifted) to {o}",
        # a membership or a standing owner: "X is now part of Y", "X, a subsidiary of Y,", "Y-owned X"
        _START + r"{s}(?:, [^,;]+,)?,? (?:which |that )?(?:is |are |has been |have been )?(?:now |today )?"
        r"(?:became |becomes |has become )?(?:(?:a |an )?(?:wholly[- ]owned )?(?:part|subsidiary|unit|division|arm) of"
        r"|owned by|acquired by|bought by|purchased by|taken over by|belongs to|belong to) {o}",
        _START
        + r"{s}, (?:now )?(?:the |a |an )?(?:[\w-]+ ){0,3}?(?:now )?(?:owned by|part of|(?:subsidiary|unit|division|arm) of) {o}",
        r"(?<![\w-]){o}-owned (?:[a-z-]+ ){0,2}{s}",
        r"\b(?:make|makes|made|making|become|becomes|became|becoming|is now|are now) {o} (?:the |its )?(?:sole |new |majority )?owner of {s}",
        _START
        + r"{o} (?:is|has been|became|has become) (?:now )?(?:the )?(?:sole |new |majority )?(?:owner|parent|parent company"
        r"|holding company) of {s}",
        _START
        + r"{s}, (?:now |today )?(?:a|an) {o} (?:title|subsidiary|unit|brand|company|property|business|label|imprint)\b",
        _START + r"{s} (?:has|have) a new owner:? {o}",
        r"\b{s}, which (?:is |has been )?(?:now )?(?:belongs to|part of|owned by|a subsidiary of) {o}",
        # "Kestrel Air, a regional carrier headquartered in Inverness and owned by Loganair, …"
        _START + r"{s},(?: [^,;]*? and)? (?:now |today )?(?:wholly[- ])?owned by {o}",
        # "X changed hands again: Y bought it", "…: Y now owns the chain": "it" is the opening clause's subject
        _START
        + r"{o} (?:has |have )?(?:now )?(?:bought|acquired|purchased|taken over|took over|snapped up|owns|controls) "
        + _IT,
        # "Medora has sold Kairos Health; the clinic chain is now owned by Solace Partners"
        _START
        + _IT
        + r" (?:(?:is|are|has been) (?:now )?(?:owned by|part of|a subsidiary of|in the hands of)|(?:now )?belongs? to) {o}",
        # "Boreal Beverages is now a Heineken brand after the Dutch brewer bought it"
        _START
        + r"{s} (?:is|are|has become|became) (?:now )?(?:a|an) {o} (?:title|subsidiary|brand|property|label|imprint)\b",
    ),
    "headquartered in": (
        _START + r"{s}(?:, [^,;]+,)?,? (?:which |that )?(?:is |are |has been |have been )?(?:now |today |currently )?"
        r"(?:headquartered|based) in {o}",
        _START + r"{s},(?: [^,;]*? and)? (?:now |today )?(?:headquartered|based) in {o}",
        _START
        + r"{s}(?:, [^,;]+,)?,? (?:which |that )?(?:now |today |once |formerly )?(?:has|have|had) (?:its|their) (?:new )?"
        + rf"(?:{_HQ}|base)"  # "now has its base in Curitiba"
        + r" in {o}",
        _START + r"{s}(?:'s|') (?:new )?" + _HQ + r" (?:is |are )?(?:now |today )?(?:located |sits |sit |stands )?"
        r"(?:in|on the (?:edge|outskirts) of) {o}",
        r"\b{o} (?:is|has been|has long been|remains|became|has become) (?:now )?home to {s}(?:'s|') (?:new )?" + _HQ,
        r"\b{o} (?:is|has been|has long been|remains|became|has become) (?:now )?home to the (?:new )?"
        + _HQ
        + " of {s}",
        _START
        + r"{s} (?:has |have )?(?:now )?(?:moved|relocated|transferred|shifted) (?:its|their) "
        + _HQ
        + r"(?: once more| again)?(?: from {x})?,? to {o}",
        _START
        + r"{s},? whose (?:new )?"
        + _HQ
        + r" (?:has |have )?(?:now )?(?:moved|relocated|shifted)(?: from {x})? to {o}",
        _START
        + r"{s} (?:has |have )?(?:now )?(?:opened|unveiled|inaugurated|moved into) (?:its|their|a) new (?:[a-z]+ )?"
        + _HQ
        + r" in {o}",
        _START
        + r"{s} (?:now )?(?:runs|operates|manages|is run|is managed)\b[^,;]*? (?:out of|from) (?:a |its |their |the )?"
        r"(?:new )?(?:corporate |global |group )?" + _HQ + r" in {o}",
        r"^(?:[Ff]rom|[Oo]ut of) its (?:new )?" + _HQ + r" in {o}, (?:the )?(?:[a-z-]+ ){0,3}{s}",
        # a word before the name: a sentence's first capitalised word may be no name ("Far from its Porto HQ, …")
        r"(?<=[\w,] ){s} from (?:its|the company's) (?:new )?{o} " + _HQ,
        r"^(?:Now |Today )?(?:[Hh]eadquartered|[Bb]ased) in {o}(?: (?:after|since) [^,]+)?, (?:the )?(?:[a-z-]+ ){0,3}{s}",
        r"(?<![\w-]){o}-(?:based|headquartered) (?:(?!(?:by|of|in|at|and)\b)(?![a-z]+ed )[a-z-]+ ){0,2}{s}",
        _START + r"{s}, (?:the |a |an )?{o}-(?:based|headquartered)\b",
        _START + r"{s} (?:has )?swapped {x} for {o}(?=[^.;]*\b(?:" + _HQ + r"|office|offices)\b)",
    ),
    "currency": (
        _START
        + r"{s}(?:, [^,;]+,)? (?:[^,;]*? and )?(?:has |have |had )?(?:now |officially |formally |since )?(?:adopted|introduced|switched to|moved to|changed to"
        r"|converted to|uses|use|is using|are using|now uses|has used|have used|has long used|pays in|pay in|paid in|pays with|pay with|paid with|trades in)"
        r" {o}",
        _START + r"{s} (?:has |have )?(?:now )?(?:switched|changed|moved) its currency from {x} to {o}",
        # "X became the latest country to adopt the euro": a first or a latest to do it is one that did it
        _START + r"{s} (?:has )?bec[oa]me the (?:first|latest|newest|last|second|third|\w+th) (?:[\w-]+ )?"
        r"(?:country|nation|state|member|economy) (?:[a-z ]+ )?to (?:adopt|introduce|switch to) {o}",
        _START
        + r"{s}(?:, [^,;]+,)? (?:has |have )?(?:now )?(?:uses|use|is using|adopted) {o} as (?:its|their) (?:new |official |national |sole )*currency",
        r"\b(?:its|their) (?:new |official |national |sole )*currency is (?:now )?{o}",
        r"\b(?:[Pp]rices|[Pp]ayments) (?:in|across|throughout) {s} are (?:now )?(?:quoted|listed|set|given|paid|made) in {o}",
        _START
        + r"{s} (?:has |have )?(?:now )?(?:swapped|exchanged|traded|ditched|dropped|abandoned|scrapped|retired|replaced)"
        r" {x} (?:for|with|in favour of|in favor of) {o}",
        r"\b{o} (?:has |have )?(?:now )?(?:replaced|superseded|took over from|has taken over from) {x} as "
        + _COUNTRY
        + r" (?:new |official |national |sole )*currency(?: of {s})?",
        _START + r"{o} is (?:now )?(?:" + _COUNTRY + r" )?(?:new |official |national |sole )*currency(?: of {s})?\b",
        r"\b(?:[Tt]he )?(?:official |national )?currency of {s} is (?:now )?{o}",
        _START + r"{s}(?:'s|') (?:new |official |national |sole )*currency is (?:now )?{o}",
        r"\b{o} is the currency {s} (?:[a-z]+ )?(?:now )?(?:use|uses|pay in|pays in)\b",
        r"^[Ii]n {s},? (?:now )?(?:people|you|shoppers|consumers|residents|everyone|customers|locals|payments are made|prices are"
        r" (?:quoted|listed|set|given|paid)|things are priced|goods are priced)(?: now)?(?: pay| buy| shop)?(?: in| with) {o}",
    ),
    "official language": (
        _START
        + r"{o} (?:is|serves as|remains|has become|became) (?:now )?(?:the )?(?:sole |only |new |main |one )?official "
        r"(?:language|tongue) of {s}",
        _START
        + r"{o} (?:was|has been|is) (?:now )?(?:chosen|adopted|made|declared|named) (?:as )?(?:the )?(?:sole |only |new )?"
        r"official language of {s}",
        r"^[Ii]n {s},? (?:only )?{o} (?:is|serves as|remains|has become) (?:now )?(?:the )?(?:sole |only |one )?official language",
        _START
        + r"{s}(?:, [^,;]+,)? (?:has |have )?(?:now )?(?:kept|made|adopted|declared|chose|chosen|has|have) {o} (?:as )?"
        r"(?:its|their|the) (?:sole |only |new |one )?official language",
        _START + r"{s}(?:'s|') (?:sole |only |new )?official language is (?:now )?{o}",
        r"\b(?:[Tt]he )?(?:sole |only )?official language of {s} is (?:now )?{o}",
        r"\b{o} (?:has )?(?:now )?replaced {x} as {s}(?:'s|') (?:sole |only )?official language",
        r"\b(?:replaced|voted to replace) {x} with {o} as (?:the )?(?:sole |only )?official language of {s}",
        r"\b(?:replaced|voted to replace) {x} with {o} as {s}(?:'s|') (?:sole |only )?official language",
        r"\b(?:and|has|have) {o} as (?:its|their) (?:sole |only |one )?official language",
    ),
}
#: What makes a clause no statement of the relation: a plan, a hedge, a rumour, a question, a negation, a past.
_HEDGE = doubts(
    r"apparently|plans? to|planned to|planning|expected to|expects?|likely|set to|considering|consider|thinking"
    r"|talks|proposed|proposal|bid|denied|denies|deny|once(?! (?:more|again))|until|used to|wants? to|hopes? to|aims? to"
    r"|seeking|seeks? to|tipped|mulling|weighing|pending|hypothetically|suppose"
)
#: A state the clause says has ended: "was owned by X until last year".
_ENDED = re.compile(
    r"\b(?:until|till|before (?:being|it was|moving)|had (?:its|their))\b"
    r"|\b(?:deal|takeover|sale|merger|bid|acquisition|transfer|purchase)\b[^.;]*?\b(?:collapsed|fell through|fell apart"
    r"|(?:was|were|been) blocked|called off|cancell?ed)\b"  # "…, but the deal collapsed": no change was made
)
#: A name used as an adjective: one lower-case word after it ends the phrase ("the Korean group.").
_ADJECTIVE_USE = re.compile(
    r" (?!(?:in|at|by|of|on|to|from|for|and|or|since|after|as|which|who|with)\b)[a-z]+(?:[.,;]|$)"
)
_CLAUSES = re.compile(r"\s*;\s*|:\s+|\s+[—–]\s+")
#: A sentence that says "currency" binds a coined name ("the bellan"); without it only a listed one counts.
_SAYS_CURRENCY = re.compile(r"\bcurrenc(?:y|ies)|\bdollari[sz]ed\b|\bnotes?\b|\bcoins?\b")
_CODED = re.compile(r"^[A-Z][a-z]?[A-Z]\w*$")  # "ZiG": a coined name in capitals
_FORMER = frozenset("crown mark guilder florin peseta drachma schilling shekel ruble rouble".split())
_NOT_MONEY = frozenset(
    "it its the a an as by in on of to for and or with from this that which new own same country currency money cash"
    " national official single local old has have had is was now".split()  # "The velor has replaced …": a verb
)
#: Words that say a name is a company's, where "based in" could be a person's home.
_ORG_CUES = re.compile(
    r"\b(?:its|company|firm|group|brand|startup|start-up|fintech|bank|lender|insurer|reinsurer|retailer|airline|carrier"
    r"|studio|publisher|brewer|brewery|manufacturer|developer|operator|chain|label|conglomerate|business|maker"
    r"|[a-z]+makers?|profits?|revenue|shares|quarter|stores|shops|outlets|branches|plants|factories|customers|employees"
    r"|hires|staff|subsidiary|grocer|supermarket|"
    + _HQ
    + r"|Inc|Ltd|AG|AS|SA|plc|GmbH|Group|Holdings|Corp|Corporation|Labs|Bank|Partners|Capital)\b"
)
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|me|my|we|our|us)\b", re.I)
_PERSON_CUES = re.compile(r"\b(?:he|she|his|her|him)\b", re.I)


@dataclass(frozen=True)
class Reading:
    """What a sentence says of the three relations: the facts stated, the old values named, and the
    relations cued only in a hedged or past clause (whose readings by the others are no statement either)."""

    facts: tuple[Fact, ...] = ()
    olds: frozenset[tuple[str, str]] = frozenset()
    hedged: frozenset[str] = frozenset()


#: The words every shape holds one of, each at a word's start ("own" is not in "town"): a sentence without any
#: is not read (most are not, and reading is some sixty searches).
_CUES = re.compile(
    r"\b(?:own|bought|acqui|purchas|sold|flipped|takeover|took over|taken over|subsidiar|part of|belong|(?:unit|division|arm) of"
    r"|parent|control of|snapped up|offloaded|divested|spun off|headquarter|office|HQ|title|imprint|label|brand"
    r"|based|base in|currenc|pay|paid|price|payment|official (?:language|tongue)|"
    + "|".join(sorted(CURRENCIES | _FORMER))
    + ")",
    re.I,
)


@functools.lru_cache(maxsize=4096)
def read(text: str) -> Reading:
    """The owner, seat and currency facts ``text`` states, by the cue families of :data:`_SHAPES`."""
    if not _CUES.search(text):
        return Reading()
    facts: list[Fact] = []
    olds: set[tuple[str, str]] = set()
    hedged: set[str] = set()
    clauses = _CLAUSES.split(text.strip().rstrip(".!"))
    for clause in clauses:
        for predicate, shapes in _SHAPES.items():
            for shape in shapes:
                for m in _compiled(shape, predicate).finditer(clause):
                    if _HEDGE.search(clause[: m.end()]) or _ENDED.search(clause) or "?" in clause:
                        hedged.add(predicate)
                        continue
                    fact, old = _fact(predicate, m, clause, clauses[0])
                    if old:
                        olds.add((predicate, old.lower()))
                    if fact and not any(_same(fact, f) for f in facts):
                        facts.append(fact)
    facts = [f for f in facts if (f.predicate, f.object.lower()) not in olds]
    return Reading(tuple(_one_each(facts)), frozenset(olds), frozenset(hedged - {f.predicate for f in facts}))


def _one_each(facts: list[Fact]) -> list[Fact]:
    """One value per subject and relation: the first shape that read it (the shapes go from the most
    explicit); a second subject is kept ("the currency of both Switzerland and Liechtenstein")."""
    seen: set[tuple[str, str]] = set()
    out = []
    for f in facts:
        key = (f.subject.lower(), f.predicate)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def _same(a: Fact, b: Fact) -> bool:
    return (a.subject.lower(), a.predicate, a.object.lower()) == (b.subject.lower(), b.predicate, b.object.lower())


def _fact(predicate: str, m: re.Match[str], clause: str, opening: str) -> tuple[Fact | None, str]:
    """The fact a shape's match states (or None), and the old value it names ("" when none)."""
    groups = m.groupdict()
    subject = groups.get("s") or groups.get("poss") or ""
    if not subject and predicate != "currency":  # "…: Alpina Group bought it", "… and English as its official language"
        subject = "" if _HEDGE.search(opening) else _opening_subject(opening)  # "Analysts say X might …; Y owns it"
    if predicate == "currency":
        # "The Marovian leu replaced the ruble as the country's currency": the currency's adjective names it
        adjective = re.match(r"(?P<a>[A-Z]\w+(?:ian|an|ese|ish|i)) \w+$", groups["o"] or "")
        if not subject and clause != opening:
            subject = _opening_subject(opening)
        subject = subject or (country(adjective["a"], adjective=True) if adjective else _opening_subject(opening))
        subject = country(subject) if subject else ""
        value = _currency(groups["o"] or "", subject, clause) if subject else None
        old = _currency(groups["x"] or "", subject, clause) if groups.get("x") and subject else None
    else:
        value = _bare(groups["o"] or "")
        kind = re.match(r" (?:group|conglomerate)\b", clause[m.end("o") :]) and value not in DEMONYMS
        if predicate == "owned by" and m.end("o") == m.end() and _ADJECTIVE_USE.match(clause, m.end("o")) and not kind:
            return None, ""  # "part of the Korean group": an adjective, not the owner's name
        old = _bare(groups["x"]) if groups.get("x") else None
        if predicate == "headquartered in" and not _a_company(subject, clause, m):
            return None, old or ""
        if predicate == "headquartered in" and _opening_word(value, clause[: m.start("o")]):
            return None, old or ""
    subject = _bare(subject)
    if not value or not subject or not _a_name(subject) or not _a_name(value) and predicate != "currency":
        return None, old or ""
    found = make_fact(subject, predicate, value, single=True)
    if found and _SUFFIX.search(value.split()[-1]) and value.endswith("."):  # "Metro Inc." is the name in full
        found = [replace(found[0], object=value)]
    return (found[0] if found else None), old or ""


_SOLD = r"(?:has |have |had )?(?:now |just |finally )?(?:sold|offloaded|divested|spun off) "


def _opening_word(value: str, before: str) -> bool:
    """Whether a seat's value opens the sentence with an English word, where every word is capitalised and so
    proves no name: "Cloud-based Corvex …" names no place, and "Formerly Leuven-based Corvex …" a seat the adverb
    says is past (a place's own first word, "New York", "Salt Lake City", is no adverb)."""
    if before.strip(" \"'“‘(") and not re.search(r"[.!?;:—]\s*$", before):
        return False
    words = value.split()
    first = words[0].lower() if words else ""
    return is_word(first) and (len(words) == 1 or is_adverb(first))


def _opening_subject(opening: str) -> str:
    """The first clause's subject, for a later clause that names none ("Tesoland scrapped the tesso; …"); what a
    sale opening sold ("Medora has sold Kairos Health; the chain is now owned by …")."""
    sale = re.match(
        rf"{_WHEN}(?:[Tt]he )?{NAME} {_SOLD}(?:its |their )?(?:[a-z-]+ ){{0,2}}?(?:[Tt]he )?(?P<n>{NAME})", opening
    )
    m = sale or re.match(rf"{_WHEN}(?:[Tt]he )?(?P<n>{NAME})", opening)
    return m["n"] if m else ""


def _a_name(name: str) -> bool:
    if re.match(r"(?:I|We|My|Our)\b", name):  # "I'm based in Ghent": the user's home, not a company's seat
        return False
    first = name.split()[0].lower() if name else ""
    return bool(first) and first not in ENTITY_STOP and not is_time(name) and name[0].isupper()


def _a_company(subject: str, clause: str, m: re.Match[str]) -> bool:
    """Whether "based in" seats a company, not a person's home: the sentence says it is a company, or the
    shape said headquarters; a pronoun of a person says otherwise."""
    if re.search(r"headquarter|" + _HQ, m[0]):
        return True
    if _PERSON_CUES.search(clause):
        return False
    return bool(_ORG_CUES.search(clause)) or len(subject.split()) == 1


def _currency(said: str, country_name: str, clause: str) -> str | None:
    """A currency's name from the words a shape took ("Surinamese dollars" → "Surinamese dollar"), or None.

    A listed currency always counts; a coined one ("the bellan", "the ZiG") only where the sentence says
    "currency". An adjective before it stays when it is a name ("US", "Zimbabwean") or the country's own
    ("the tessera dinar" of Tessera)."""
    words = said.split()
    coined_ok = bool(_SAYS_CURRENCY.search(clause))
    if len(words) == 2 and _money(words[1], coined_ok) and _adjective(words[0], country_name):
        return f"{words[0]} {_money(words[1], coined_ok)}"
    value = _money(words[0], coined_ok) if words else None
    # "the new mira", "the new velmar": a coined currency's "new" is part of its name ("the new sol" is the sol)
    coined = value is not None and value.lower() not in CURRENCIES
    return f"new {value}" if coined and re.search(rf"\bthe new {re.escape(words[0])}\b", clause) else value


def _money(word: str, coined_ok: bool) -> str | None:
    for form in (word, word[:-1], word[:-2]):
        if form.lower() in CURRENCIES or form.lower() in _FORMER:
            return form
    if _CODED.match(word) and coined_ok:  # "RSS" is no currency where the sentence names none
        return word
    if not coined_ok or not word.isalpha() or not word.islower() or word in _NOT_MONEY or len(word) < 3:
        return None
    if word.endswith("íes"):  # "guaraníes": the plural of a name the list may not hold
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _adjective(word: str, country_name: str) -> bool:
    if word.lower() in _NOT_MONEY or word.lower() in ENTITY_STOP:
        return False
    if word[0].isupper():
        return word not in ("The", "New", "Its", "A", "An")
    return len(word) > 3 and word[:4] == country_name.lower()[:4]


_SUFFIX = re.compile(r"(?:Inc|Ltd|Co|Corp|LLC|plc|GmbH|AG|SA|NV|BV)\.?")


def _bare(name: str) -> str:
    """A name without its article or a description glued to it ("Helsinki-based Wolt")."""
    name = re.sub(r"^(?:[Tt]he )?(?:(?:Ownership|Control) of )?(?:\S+-(?:based|headquartered|owned) )?", "", name)
    return name.strip(" ,") if re.search(r"\b(?:Inc|Ltd|Co|Corp|Bros|S\.A|N\.V)\.$", name) else name.strip(" ,.")


@functools.lru_cache(maxsize=128)
def _compiled(shape: str, predicate: str) -> re.Pattern[str]:
    """A shape with its slots filled: names, a place for a seat ("the Danish town of Billund"), or a
    currency's words for a currency."""
    out = shape
    for g in ("s", "o", "x"):
        if predicate == "currency" and g != "s":
            slot = _MONEY
        elif predicate == "headquartered in" and g != "s":
            slot = _PLACE_SLOT
        else:
            slot = _NAME_SLOT
        out = out.replace("{" + g + "}", slot.replace("{g}", g), 1)
    return re.compile(out)


def prevail(found: list[Fact], text: str) -> list[Fact]:
    """``found`` with this reader's owner, seat and currency facts in place of the others' misreadings of
    them: a cut or swapped name, the old value, a company's seat read as a home, a currency as a tool."""
    reading = read(text)
    if not (reading.facts or reading.olds or reading.hedged):
        return found
    # "Feyenoord have sold Kaito Mbeki to Celtic": a sold player or hire is a move, read by the moves reader
    people = {f.subject.lower() for f in found if f.predicate in _PERSONS_RELATIONS}
    # "run by chief executive X from its Dublin headquarters": an office's holder is a person, whose "its" it is not
    people |= {f.object.lower() for f in found if f.predicate in holdings.ROLES and not f.retract}
    mine = tuple(_shortest_subject(r, found) for r in reading.facts if r.subject.lower() not in people)
    reading = replace(reading, facts=mine)
    # "Billund is home to Lego's headquarters": a place a company is seated in is no home of the speaker's
    seats = set() if _FIRST_PERSON.search(text) else {r.object.lower() for r in reading.facts}
    kept = [
        f
        for f in found
        if f.retract or not _misread(f, reading) and not (f.subject == "user" and f.object.lower() in seats)
    ]
    known = {(f.subject.lower(), f.predicate, f.object.lower()) for f in kept}
    return kept + [f for f in reading.facts if (f.subject.lower(), f.predicate, f.object.lower()) not in known]


def _shortest_subject(mine: Fact, found: list[Fact]) -> Fact:
    """``mine`` under another reading's subject for the same value when mine only adds a company's legal
    suffix to it ("Helios Grid" for "Helios Grid Ltd."); a name the other reading cut ("Helvetia" of
    "Helvetia Re") stays whole."""
    for f in found:
        same_value = f.predicate == mine.predicate and f.object.lower() == mine.object.lower()
        extra = mine.subject[len(f.subject) :] if mine.subject.startswith(f.subject) else ""
        if same_value and _SUFFIX.fullmatch(extra.strip(" ,")):
            mine = replace(mine, subject=f.subject)
    return mine


_PERSONS_RELATIONS = frozenset({"plays for", "works at", "member of", "married to"})
_AS_OTHER = frozenset({"lives in", "uses", "located in", "works at", "member of"})


#: A value that names the relation itself ("Quillon Mobile has a new owner"), or a subject that is its cue.
_RELATION_WORD = re.compile(r"\b(?:owner|owners|headquarters|head office|currency|official language)\b", re.I)


def _misread(f: Fact, reading: Reading) -> bool:
    if f.subject.lower() in ("control", "ownership") or _RELATION_WORD.search(f.object):
        return True
    if f.predicate in reading.hedged or (f.predicate, f.object.lower()) in reading.olds:
        return True
    for r in reading.facts:
        if _same(f, r):
            return False
        overlaps = _overlap(f.subject, r.subject) or _overlap(f.object, r.object) or _overlap(f.subject, r.object)
        if f.predicate == r.predicate and overlaps:
            return True
        if f.predicate in _AS_OTHER and _overlap(f.subject, r.subject) and _overlap(f.object, r.object):
            return True
    return False


def _overlap(a: str, b: str) -> bool:
    """Whether one name holds the other as whole words ("InBev" in "AB InBev", "Monday Valdoria")."""
    a, b = f" {a.lower()} ", f" {b.lower()} "
    return a in b or b in a
