"""Changes of office and seat said as a handover, read by their structure: an office or seat noun, whose it
is, the new holder or value, and the old one, which is never the current value.

"Vestmark Bank's board has handed the top job to Maria Lund", "Rudolf Elphberg has been succeeded as
Ruritania's president by Flavia Strelsau", "Indonesia's capital has formally moved from Jakarta to Nusantara".
Each part is found by a small family of cues, not by a pattern per sentence:

- the office: a noun of one of the single-valued relations (:data:`_OFFICES`);
- its owner: "C's office", "office of/at C", "C headquarters", else the clause's subject ("C's board has
  handed …", "Residents of C have chosen …", "Elbonians elected … their president");
- the new value: ``to X`` after a verb of handing or moving, ``by X`` after succeeded or replaced, ``X as``
  after a verb of choosing, "X has taken over", "make X the office", "office is X", "a new office, X";
- the old value: "from Y", "succeeded Y", "instead of Y", "after Y resigned", "Y has handed …".

Words only: the sentences that reach here are few (they name an office), and these shapes are where the
parse of the small model goes wrong (it reads the old holder, or swaps owner and holder).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from . import founders, holdings, succession
from .places import COUNTRIES, CURRENCIES, DEMONYMS, SHARED_CURRENCIES
from .regexgate import compiled
from .spans import make_fact
from .text import ENTITY_STOP, PLANS, PROPOSALS, doubts, is_word
from .types import Fact
from .vocabulary import is_time

#: Words before a currency's name that are no part of it.
_PLAIN_MONEY_WORDS = ("new", "old", "same", "local", "national", "official", "single", "common", "digital", "paper")
_CAP = r"[A-ZÀ-ÖØ-ÞĀ-Ž](?:[\w.&-]|'(?=\w)(?!s\b))*"
#: A name: capitalised words, with the lower-case links names carry ("Bank of Kyoto", "Ana de Souza").
NAME = rf"{_CAP}(?: (?:(?:of|de|da|del|van|von|al|la|le|&) )?{_CAP})*"
#: A currency by its name, maybe with its state's adjective: a known one ("Swiss franc"), or a coined one said in
#: lower case before a name several states use ("the tamaru dollar"), never a plain word ("the new dollar").
_CURRENCY = (
    rf"(?:[A-ZÀ-ÖØ-ÞĀ-Ž]\w+ |(?!{'|'.join(_PLAIN_MONEY_WORDS)}\b)[a-zà-ÿ]{{3,}} (?=(?:{'|'.join(sorted(SHARED_CURRENCIES))})\b))?"
    rf"(?:{'|'.join(sorted(CURRENCIES))})\b"
)
#: A currency named where the sentence says "currency": the word after "the" may be coined ("the groat").
_COINED_CURRENCY = (
    # "the estrelian peso", "the ostrian florin": a state's adjective in lower case is part of the name, one of
    # a demonym's endings before any coined name, any word but a plain one before a name several states use
    rf"(?:(?!(?:{'|'.join(_PLAIN_MONEY_WORDS)}|now|still|again|also|only|began|clean|human|woman|public|basic)\b)"
    rf"(?:[a-zà-ÿ]{{3,}}(?:ian|ean|an|ese|ish) (?=[a-zà-ÿ]{{3,}}\b)|[a-zà-ÿ]{{3,}} (?=(?:{'|'.join(sorted(SHARED_CURRENCIES))})\b)))?"
    r"(?:new (?=[A-Z]))?(?:[A-ZÀ-ÖØ-ÞĀ-Ž]\w+ |new (?=[a-zà-ÿ]{3}))?(?!(?:still|now|new|again|as|by|in|the|its|an?|to|with|of|and|switched|changed|which|that|it|being|been|changing|replaced|going|about|set)\b)[a-zà-ÿ]+\b"
    r"|[A-Z][a-z]?[A-Z]\w*\b"  # "ZiG": a coined name in capitals
)
#: "the Danish town of Billund", "the port city of Draven": the name after the description is the place.
PLACE_OF = r"(?:the )?(?:(?:[\w-]+ ){0,2}(?:city|town|village|port|municipality|district|region) of )?"
_TITLE = re.compile(r"^(?:[Tt]he |(?:President|Mayor|CEO|Chief Executive|Dr\.?|Sir|Dame) (?=\S+ ))")
#: A word after a name that makes it a verb's subject (a rough test: the parse is not consulted here).
_VERB_NEXT = re.compile(r" (?:to|has|have|had|is|are|was|were|[a-z]+ed|[a-z]+s)\b")
_NATIONAL = frozenset({"capital", "president", "currency", "official language"})
_PERSON_ROLES = frozenset({"ceo", "president", "mayor"})

#: Office and seat nouns by the relation they name.
_OFFICES = tuple(
    (predicate, compiled(rf"\b(?:{nouns})\b"))
    for predicate, nouns in (
        (
            "ceo",
            r"CEO|chief executive(?: officer)?(?: (?:role|job|post))?|boss|top job|helm|reins"
            r"|(?:run|lead|head) the (?:company|firm|group|business)",
        ),
        ("president", r"[Pp]resident|[Pp]residency|head of state"),
        ("mayor", r"[Mm]ayor|[Mm]ayoralty|mayoral (?:chain|office|seat|post)"),
        ("capital", r"capital(?: city)?|seat of government"),
        ("headquartered in", r"headquarters|head office|HQ|main office"),
        ("official language", r"(?:official|national) language"),
        (
            "currency",
            rf"currenc(?:y|ies)|(?<=replaced )(?=[^.;]*? with (?:the )?{_CURRENCY})|(?:(?<=adopted )|(?<=adopting )|(?<=adopt ))(?=(?:the )?{_CURRENCY})"
            # "C switched from the krona to the euro": two currencies name the office between them
            rf"|(?<=switched )(?=(?:from (?:the )?{_CURRENCY} )?to (?:the )?{_CURRENCY})",
        ),
    )
)
#: What makes a clause no statement of the change: a plan, a hedge, a rumour, a question, a negation.
_HEDGE = doubts(
    rf"{PLANS}|planned(?! (?:city|town|capital))|likely|is to|are to|consider|proposed|proposes|talks?|tipped"
    rf"|candidates?|bid|race|hoping|aims?|expects?|predicts?|forecasts?|{PROPOSALS}"
)
#: What makes a modal a statement: "said X would serve as CEO with immediate effect" is the change made.
_AT_ONCE = re.compile(r"\b(?:with immediate effect|effective immediately)\b")
#: An opening that says the change whose value a later clause names ("Tesoland has a new president: …", "The
#: Ruvian currency is being replaced: …"); the later clause must say the change done in words of its own.
_HEADLINE = re.compile(r"\b(?:ha(?:s|ve) (?:a new|switched|changed)|(?:is|are) being (?:replaced|changed))\b")
#: The organisation an opening says someone left ("Fiona Grant left Lakeside Dairy; X is its new CEO", "Y has
#: resigned from C; …", "Y is out at C; …"): the office after it is C's, never the leaver's.
_LEFT = re.compile(
    rf"\b(?:has |had |is |was )?(?:left|resigned from|quit|departed|walked (?:out of|away from)|exited|(?:is|was) out at|(?:was |has been )?(?:ousted|fired"
    rf"|sacked|dismissed|removed) (?:from|at|by)|stepped down (?:as [a-z ]+ )?(?:at|from)) (?:the )?(?P<org>{NAME})$"
)
#: A past or outgoing holder named by the office ("the former CEO", "outgoing mayor").
_FORMER = re.compile(r"\b(?:former|ex-|previous|outgoing|erstwhile|late|then)\s*(?:[a-z-]+ )?$", re.I)
#: Where a sentence's clauses part: each clause is read on its own.
#: ", and" parts them too where a named subject and its verb follow ("X left C, and Y is now its CEO"), not in a
#: list of names ("founded by A, B, and C").
_CLAUSES = re.compile(
    r"\s*[;:]\s+|\s+[—–]\s+"
    r"|,\s+(?:and|but)\s+(?=(?:[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+ ){1,4}(?:is|was|has|had|became|becomes|took|takes|now)\b)"
)
_GROUP = (  # who acts for the owner, and what it enacts ("Solmara's new constitution makes Quechua …")
    r"(?:new )?(?:constitution|charter|law|decree)|board|junta|town hall|city hall|(?:city |town |county |district )?council|government|parliament|shareholders|owners|voters|residents|directors|lawmakers"
    r"|legislators|MPs|electorate"
)
#: What a company is, said before its name: "Mining group Andes Copper has tapped …" is Andes Copper's act.
_DESCRIBED = (
    r"(?:[A-Z][a-z]+ |[a-z]+ )?(?:[a-z-]+ )?(?:group|company|firm|giant|maker|chain|conglomerate|operator|lender|insurer"
    r"|retailer|carmaker|airline|startup|studio|brewer|publisher|bank|chipmaker|shipowner|miner|developer) "
)
#: Words that open a clause without naming its subject ("In Paraguay, …", "From its head office …").
_NOT_AGENTS = frozenset("in on at from after since for with by during under following before until".split())
#: The clause's subject, after a scene-setting opener ("After the vote, …"): who acts on the office.
_AGENT = re.compile(
    rf"^(?:(?:After|Following|In|On|At|With|Since|Having) [^,]+, |(?:In|Since|By) \d{{4}},? )?"
    rf"(?:(?:Residents|Voters|Citizens|People) (?:of|in) )?"
    rf"(?:[Tt]he )?(?:{_DESCRIBED})?(?P<name>{NAME})(?:(?:'s|') (?:{_GROUP})|(?P<adj> )(?:{_GROUP}))?(?=[ ,])"
)
#: "Corvid Analytics co-founder Dev Malhotra …": an organisation, a role noun, then its holder.
_ORG_ROLE = re.compile(rf"^(?P<org>{NAME}) (?:[a-z-]+ ){{1,2}}(?P<person>{NAME})")

_V = "{v}"  # where a family's cue places the value pattern


@dataclass(frozen=True)
class Office:
    """An office or seat noun found in a clause: its relation and where the noun is."""

    predicate: str
    start: int
    end: int


#: The new value's cue families, each around the value pattern ``{v}``.
_NEW = (
    r"\b(?:hand|pass|giv|transferr|transfer|mov|relocat|los|lost|shift|switch|went|goes|gone|fell)\w*\b[^.;]*?\bto "
    r"(?:(?:his|her|their|its) [a-z-]+(?: [a-z-]+)?,? )?" + PLACE_OF + "{v}",
    r"\b(?:succeeded|replaced|followed|superseded)\b[^.;]*?\bby (?:the )?(?:[a-z-]+ ){0,3}?{v}",
    r"\b(?:named|elected|re-elected|installed|chosen|chose|choose|appointed|hired|picked|selected|tapped|sworn in"
    r"|swore in|voted in|adopted|promoted|designated|introduced|brought back|reinstated|restored|(?:now )?has)\b (?:the )?"
    r"(?:(?:its|their|the) [\w-]+(?: [\w-]+)?, )?"  # "promoted its COO, Lea Fischer, to chief executive"
    r"(?:[a-z-]+ ){0,2}?{v}(?:,? (?:as|to) (?:(?:its|their|the|a) )?(?:[\w'-]+ ){0,2}?| ){office}",
    # "X now holds the office of mayor", "X has taken the top job at C", "X would serve as CEO with immediate effect"
    r"(?<![\w'])(?<!by ){v},? (?:who )?(?:[a-z]+ [^.;,]*? and )?(?:now |currently )?(?:holds|has taken|took(?: up)?|assumed|has assumed"
    r"|will serve as|would serve as|serves as) (?:the |its |their )?(?:(?:office|role|post) of )?(?:[\w'-]+ ){0,2}?{office}",
    # "prices are now in krone", "Tamaru now pays in kora"
    r"(?<!\bcan )(?<!\bcould )(?<!\bmay )(?<!\bmight )(?<!\bstill )"  # "can still pay in dinars": the old one lingers
    r"\b(?:pays?|paid|prices are|priced) (?:now )?(?:(?:its|their) (?:bills|debts|wages|salaries|way) )?in (?:the )?{v}",
    r"\b(?:make|makes|made|making) {v} (?:the|its|their|[A-ZÀ-ÖØ-ÞĀ-Ž][\w ]*?'s?) (?:[\w'-]+ ){0,3}?{office}",
    r"(?<![\w'])(?<!by ){v} (?:has |had |have )?(?:now )?(?:taken over|took over|takes over|succeeded|succeeds"
    r"|stepped in|stepped up)\b",
    r"\breplaced [^.;]*? with (?:the )?{v}",
    # "… governs from Naypyidaw, which replaced Yangon as the capital"
    r"(?<![\w'])(?<!by ){v},? (?:which|that|who) (?:has |had )?(?:replaced|succeeded|superseded) [^.;,]+? as (?:the |its |their )?"
    r"(?:[\w'-]+ ){0,2}?{office}",
    r"(?:\b(?:a|its|their|the)|'s) new (?:{office}),? (?:the )?{v}",
    # "runs the company from its new Vancouver headquarters": the seat named before its noun
    r"\b(?:from|to|into|at|in) (?:its|their) new {v} {office}",
    r"(?<![\w'])(?<!by ){v}(?:, (?:previously|formerly|until now) [^,]+,)? (?:is|are|has become|became) (?:now |once again |again )?(?:(?:its|their|the) )?(?:[A-ZÀ-ÖØ-ÞĀ-Ž][\w ]*?'s? )?"
    r"(?:new |official |national |sole |only |interim |acting )?{office}",
)
#: "C is now governed by X", "the presidency of C is now held by X": a cue for a holder, never a seat.
_RUN_BY = r"\b(?:governed|run|led|headed|held) by (?:the )?(?:(?:its|their) (?:[\w-]+ ){0,2}{office},? )?{v}"
#: The value after the office noun itself: "… president is Tomas Bily", "… headquarters in Austin".
_AFTER = re.compile(
    r"^(?:(?: of| at) (?:the )?"
    + NAME
    + r")?(?:'s)?,? (?:(?:is|are) (?:now |currently |still |again |once again )?(?:in )?|(?:[a-z]+ ){0,2}in )"
)
#: The old value's cue families: what the clause names as past is never read as the new value.
_OLD = (
    r"(?<!governs )(?<!governed )(?<!rules )(?<!operates )(?<!runs )\bfrom (?:the )?{v}",  # "governs from X": its seat
    r"\b(?:succeeded|succeeds|succeeding|replaced|replaces|replacing|ousted|ousting|ending|ended|abandoned|dropped|defeated|retiring"
    r"|scrapped|ditched) (?:the )?{v}",
    r"\binstead of (?:the )?{v}",
    # "X is president again, years after losing the office to Y": the handover an "after" clause looks back on
    r"\b(?:after|since) (?:losing|handing|passing|ceding|giving up|yielding) [^.;]*?\bto (?:the )?{v}",
    r"\bafter {v}(?:'s)? (?:resigned|stepped down|quit|left|died|retired|was|impeachment|term|resignation|ouster"
    r"|death|departure|exit|tenure)",
    r"(?<![\w'])(?<!by ){v}(?:'s)? (?:has |had |was |is )?(?:handed|handing|hands|passed|passes|lost"
    r"|resigned|stepped down|quit|retired|left|tenure|term|rule|out(?= as | at | after ))\b",  # "Y is out as CEO"
    r"(?<![\w'])(?<!by ){v} (?:has been|had been|was|were|is being) (?:ousted|succeeded|replaced|removed|dismissed"
    r"|fired|sacked)\b",
)


def facts(text: str) -> list[Fact]:
    """The change of office or seat ``text`` states, with the old value kept out; [] for anything else."""
    found: list[Fact] = []
    clauses = _CLAUSES.split(text.strip().rstrip(".!"))
    for i, clause in enumerate(clauses):
        if _hedged(clause):
            continue
        clause = _now_part(clause)
        fact = _clause_facts(clause, clauses[0])
        if not fact and i and _HEADLINE.search(clauses[0]) and not _hedged(clauses[0]):
            fact = _clause_facts(f"{clauses[0]}, {clause}", clauses[0])  # the headline's office, the value after it
        found += [f for f in fact if f not in found]
    return found


#: An adjunct set at another time than its clause's, by a gerund: ", three years after losing the office to X",
#: "Two years after handing the post to X, …". What it tells happened then, not now.
_THEN = r"(?:(?:[\w-]+ ){1,2}(?:years?|months?|weeks?|days?|decades?) )?(?:after|before) [a-z]+ing\b[^,;]*"
_THEN_AFTER = re.compile(rf",\s+{_THEN}$")
_THEN_BEFORE = re.compile(rf"^{_THEN},\s+", re.I)


def _now_part(clause: str) -> str:
    """The clause without an adjunct of another time when the rest names an office itself: "X is once again
    president, three years after losing the office to Y" says who holds it now, not whom it went to then."""
    for then in (_THEN_AFTER.search(clause), _THEN_BEFORE.match(clause)):
        rest = clause[: then.start()] + clause[then.end() :] if then else ""
        if rest and _offices(rest):
            return rest
    return clause


def _clause_facts(clause: str, opening: str) -> list[Fact]:
    for office in _offices(clause):
        # "Belmora has dollarised: the US dollar is now its currency": "its" is the opening clause's subject
        fact = _read(clause, office, opening)
        if fact:
            return fact
    return []


def _hedged(clause: str) -> bool:
    if _AT_ONCE.search(clause):
        clause = re.sub(r"\b(?:would|will)\b", "", clause)
    return _HEDGE.search(clause) is not None


def prevail(found: list[Fact], text: str, sentence: str = "") -> list[Fact]:
    """``found`` with the handover facts of ``text`` in place of the others' reading of the same relations:
    those read the old holder, a cut name or swapped owner and holder where the handover reader reads the change.
    ``sentence``: the text as said, before its dateline was cut."""
    handed = succession.over(facts(text), text, sentence)  # a succession in news wording, read by its names' parts
    if not handed:
        return holdings.settled(found, text)
    predicates = {f.predicate for f in handed if f.predicate != founders.FOUNDED}  # founders add, displace nothing
    # "Founded by X, IKEA is …": the same founder read of another name ("IKEA Group") is the misreading
    founded = {(f.subject, f.object) for f in handed if f.predicate == founders.FOUNDED}
    found = [
        f
        for f in found
        if f.predicate != founders.FOUNDED
        or (f.subject, f.object) in founded
        or f.object not in {o for _, o in founded}
    ]
    same = {(f.subject, f.predicate, f.object, f.retract) for f in handed}  # "X resigned" is no "X holds it"
    # "Kraków is run by its mayor, X": the holder the handover reads under another office is the misreading
    held = {(f.subject, f.object) for f in handed if f.predicate in _PERSON_ROLES}
    found = [
        f
        for f in found
        if (
            f.predicate not in _PERSON_ROLES
            or (f.subject, f.object) not in held
            or (f.subject, f.predicate, f.object, f.retract) in same
        )
        and not (f.predicate == "plays for" and (f.object, f.subject) in held)  # "C's new chief is X": no player
    ]
    # "Tartu has a new mayor, Kaia Tamm": a reading whose value is the office itself is the misreading
    kept = [
        f
        for f in found
        if (f.subject, f.predicate, f.object, f.retract) in same
        or (f.predicate not in predicates or f.retract)
        and not any(p.search(f.object) for _, p in _OFFICES)
    ]
    read = {(f.subject, f.predicate, f.object, f.retract) for f in kept}
    return holdings.held(kept + [f for f in handed if (f.subject, f.predicate, f.object, f.retract) not in read], text)


#: The relations a place holds: a group of people acting for it ("Lawmakers", "Officials", "Parliament") holds none.
_PLACE_HELD = {"capital": "capital", "official language": "official language", "currency": "currenc"}
_PLACE_HELD |= {"president": "president", "mayor": "mayor"}


def owned_now(found: list[Fact], text: str) -> list[Fact]:
    """``found`` (every reader's, restatements too) with a place's relation read of a group acting for it as the
    place's (:func:`group_owned`), and no office of a holder the text says has gone (:func:`holdings.held`)."""
    return holdings.held(group_owned(found, text), text)


def group_owned(found: list[Fact], text: str) -> list[Fact]:
    """``found`` with a place's relation read of a group of people (one common plural noun, or a governing body)
    as the place's that the sentence ties the group or the relation to ("Lawmakers in Valdoria voted to move the
    capital to …", "Officials made X the official language of the Teluga Islands"); with no such place, dropped."""
    out = []
    for f in found:
        word = f.subject.lower()
        group = " " not in word and is_word(word) and (word.endswith("s") or re.fullmatch(_GROUP, word) is not None)
        if f.predicate not in _PLACE_HELD or not group or f.subject.lower() in _PLACE_WORDS:
            out.append(f)
            continue
        tied = re.search(rf"\b{re.escape(f.subject)} (?:in|of|from) {PLACE_OF}(?P<p>{NAME})", text)
        tied = tied or re.search(rf"\b{_PLACE_HELD[f.predicate]}\w* of {PLACE_OF}(?P<p>{NAME})", text)
        if tied:
            out.append(replace(f, subject=country(tied["p"])))
    return out


#: Words a place's name may be that are English plurals too ("Wales", "Barbados" are no group).
_PLACE_WORDS = frozenset({"wales", "lyons", "marseilles", "athens", "flanders", "highlands", "midlands"})


def _offices(clause: str) -> list[Office]:
    out = []
    for predicate, pattern in _OFFICES:
        for m in pattern.finditer(clause):
            # "former mayor": a past holder's; "deputy mayor": a second's office, not this one
            if not _FORMER.search(clause[: m.start()]) and not succession.DEPUTY.search(clause[: m.start()]):
                out.append(Office(predicate, m.start(), m.end()))
    return sorted(out, key=lambda o: o.start)


def _value_pattern(office: Office, clause: str) -> str:
    if office.predicate == "currency":
        return _COINED_CURRENCY if "currenc" in clause else _CURRENCY
    return NAME


def _read(clause: str, office: Office, opening: str) -> list[Fact]:
    value = _value_pattern(office, clause)
    olds = _olds(clause, value)
    new = _new_value(clause, office, value, olds)
    new = re.sub(r"^new (?=[A-Z])", "", new) if new else new  # "the new Salettan scudo": the scudo is new, not its name
    if new is None:
        return []
    left = _LEFT.search(opening)
    # "Mehta is out; the airline's new CEO is X": the opening's subject is no owner when it is the one let go
    owner = _owner(clause, office, new, olds) or (
        _bare(left["org"]) if left else _agent(opening, new, olds | _olds(opening, NAME))
    )
    if owner is None or owner.lower() == new.lower() or owner.split()[0].lower() in ENTITY_STOP:
        return []
    return make_fact(owner, office.predicate, new, single=True)


def _olds(clause: str, value: str) -> set[str]:
    """The values the clause names as past: "from Y", "succeeded Y", "after Y resigned", "Y has handed …"."""
    olds = set()
    for family in _OLD:
        for m in _family(family, value).finditer(clause):
            olds.add(_bare(m["v"]).lower())
    return olds


def _new_value(clause: str, office: Office, value: str, olds: set[str]) -> str | None:
    """The first new value a cue family gives that is not an old one (a person's office takes a full name)."""
    noun = clause[office.start : office.end]
    families = (*_NEW, _RUN_BY) if office.predicate in _PERSON_ROLES else _NEW
    candidates = [m["v"] for family in families for m in _family(family, value, noun).finditer(clause)]
    after = _AFTER.match(clause[office.end :])
    if after:
        tail = re.match(rf"{PLACE_OF}(?P<v>{value})", clause[office.end + after.end() :])
        candidates += [tail["v"]] if tail else []
    for candidate in (_bare(c) for c in candidates):
        if candidate.lower() in olds or office.predicate in _PERSON_ROLES and " " not in candidate:
            continue
        return candidate
    return None


#: A name, or its possessive, right before an office ("Ostrania's official language"); compiled once, as the
#: ``re`` module's own cache of 512 patterns is outrun by the per-name patterns of a few sessions.
_NAMED_BEFORE = re.compile(rf"(?:[Tt]he )?(?P<n>{NAME})(?P<s>(?:'s|')(?: [a-z-]+){{0,2}}| (?:new )?)\s?$")


def _owner(clause: str, office: Office, new: str, olds: set[str]) -> str | None:
    """Whose the office is: a possessive or a name before it, "of/at C" after it, the name "its" points back
    to, else the clause's subject."""
    ahead = clause[: office.start]
    before = _NAMED_BEFORE.search(ahead)
    # "made French Ostrania's official language": the new value said right before the owner is no part of it
    named = re.sub(rf"^{re.escape(new)} ", "", before["n"]) if before else ""
    if before and named != new and not re.search(r"(?:\bas|\bto|\bthe)\s*$", ahead):
        # "the Marovian capital": a coined demonym before a national office names the country
        national = not before["s"].startswith("'") and office.predicate in _NATIONAL
        return country(named, adjective=national)
    after = re.match(rf"(?: (?:role|job|post|office))?\s(?:of|at|in) (?:the )?(?P<n>{NAME})", clause[office.end :])
    if after and not is_time(after["n"]):  # "elected X as president in March": a time, not a place
        return country(after["n"])
    nearest = next(_named_before(ahead, new, olds), None)
    if nearest and re.search(r"\b(?:its|their) (?:[a-z-]+ ){0,2}$", ahead):  # "forced Tuvessa to transfer its capital"
        return nearest
    agent = _agent(clause, new, olds) or nearest
    if agent:  # "Kenji Watanabe retired and Sakura Foods promoted …": the nearest subject not the old holder
        return agent
    org = _ORG_ROLE.match(clause)
    if org and _bare(org["person"]).lower() == new.lower():
        return org["org"]
    return None


def _named_before(ahead: str, new: str, olds: set[str]) -> Iterator[str]:
    """The names before an office's "its" or "their", nearest first, that are neither its new nor an old value."""
    # the name a verb follows is a subject "its" may point back to; "Maseru and its currency" is no such name
    names = [m for m in re.finditer(NAME, ahead) if _VERB_NEXT.match(ahead, m.end())]
    for m in reversed(names):
        name = _bare(m[0])
        if name.lower() in olds or name.lower() == new.lower() or is_time(name):  # "C on Tuesday named …"
            continue
        if name.split()[0].lower() not in _NOT_AGENTS:
            yield country(name)


def _agent(clause: str, new: str, olds: set[str]) -> str | None:
    """The clause's subject as the owner, unless it is the new or an old value or no name at all ("In …")."""
    agent = _AGENT.match(clause)
    if agent is None or agent["name"].lower() in olds or set(agent["name"].split()) <= set(new.split()):
        return None  # "the US dollar is now its currency": the value, not its owner
    if agent["name"].split()[0].lower() in _NOT_AGENTS:
        return None
    return country(agent["name"], adjective=agent["adj"] is not None)


#: A place's governing body named as the actor: "Tartu City Council chose X as mayor" is Tartu's office.
_BODY = re.compile(
    r" (?:(?:City|Town|County|District|Municipal|Regional|National) )?(?:Council|Hall|Government|Assembly|Parliament)$"
)


def country(name: str, *, adjective: bool = False) -> str:
    """A name as the owner: a demonym ("Elbonians", "Velorian lawmakers", "the French") names its country, a
    governing body ("Tartu City Council") its place."""
    name = _BODY.sub("", _bare(name)) or name
    if name in COUNTRIES:  # "Kazakhstan" ends like a demonym ("-an") and is the country itself
        return name
    singular = name[:-1] if name.endswith(("ians", "ans")) else name
    if singular in DEMONYMS:
        return DEMONYMS[singular]
    if (singular != name or adjective) and singular.endswith(("ian", "an")) and len(singular) > 5:
        return singular[:-1]  # "Elbonians": Elbonia, a coined country the table can't list
    return name


@functools.lru_cache(maxsize=4096)  # one per value read: 256 were outrun by a few sessions' values
def _family(pattern: str, value: str, noun: str = "") -> re.Pattern[str]:
    """A cue family with its value pattern (and the office noun, for "a new mayor, X") filled in."""
    return re.compile(pattern.replace(_V, f"(?P<v>{value})").replace("{office}", re.escape(noun)))


def _bare(name: str) -> str:
    """A name without its article or a title before it ("President Jorge Salas")."""
    return _TITLE.sub("", name).strip(" ,.")
