"""Who holds an office now, read from news and press-release wording of a succession: the names a sentence
gives, sorted by the part each plays.

"Brightwell Foods ousted Marcus Lindqvist and handed the top job to Aiyana Redcloud", "Mariko Endo defeated
Hiroshi Kato and is now Sapporo's mayor", "Kuroshio Marine informs that Ms. Yuki Mori has been appointed as
CEO, following the retirement of Mr. Watanabe". Every such sentence has the same parts, whatever its verb:

- an office (:data:`ownposts.OFFICES`: CEO, chief executive, top job, president, head of state, mayor, …);
- its owner, a name tied to the office by position: "C's office", "office of/at C", "C mayor X", "C, whose
  office is", "the board of C", the clause's subject acting on the office ("C ousted …", "Oskarians elected");
- the old holder, a name an old-cue marks: "replacing Y", "defeated Y", "after Y's retirement", "Y stepped down";
- the new holder: the one person left once the owner and the old holders are set aside. Two people left is
  no reading (right fact or nothing), and so is a past state, a hedge or a plan.

Names are found by their capitals, word by word (so "Ștefan" and "Mei-Ling" are names too), and a title or
honorific before a name ("Ms.", "Councillor", "President") is no part of it. Words only: the parse of the small
model swaps owner and holder in just these shapes ("Ana Lima has headed Banco Atlântico as chief executive").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from . import founders
from .founders import FOUNDED
from .holdings import TOOK, current, settled
from .officenames import Name, is_title, names_in, recased
from .ownposts import OFFICES, left_another_post, serves_another, someone_of_the_holder
from .relations import SECOND
from .spans import make_fact
from .successors import SUCCESSOR, successor
from .types import Fact
from .vocabulary import is_time

#: Verbs by which a person holds a company's top office: "Emil Strand now leads Norrland Energi".
_LEADS = re.compile(r"\b(?:now |currently )?(?:leads|heads|runs|helms|has (?:led|headed|run))\s+(?:the\s+)?$")
#: A part of an organisation after the name a lead verb is followed by: "heads the Paris office of C".
_PART = re.compile(
    r" (?:[a-z-]+ )?(?:office|division|unit|team|department|branch|arm|operations|lab|group|desk|bureau|wing|campus)\b"
)
#: "to lead C as mayor": the office's owner is what its holder leads.
_TO_LEAD = re.compile(r"\bto (?:lead|head|run|govern)\s+(?:the\s+)?$")
#: A founder named beside the office: "succeeded founder X", "replacing co-founder X", "X, who co-founded the company".
_FOUNDER_BEFORE = re.compile(r"\b(?:[Cc]o-?)?[Ff]ounder,? $")
_FOUNDER_AFTER = re.compile(r"^,? who (?:co-?)?founded (?:the (?:company|firm|group|business|studio|startup)|it)\b")
#: A name marked as the office's past holder, by what precedes it ...
_OLD_BEFORE = re.compile(
    r"\b(?:replacing|replaced|replaces|replace|succeed|succeeds|succeeding|succeeded|ousted|ousting|ousts|oust"
    r"|defeat|defeated|defeating|defeats|beat|beating|unseat|unseated|unseating|topple|toppled|dethroned|dismiss|dismissed"
    r"|ending|ended"
    r"|fire|fired|firing|sack|sacked|remove|removed|removing|depose|deposed|impeach|impeached|parted ways with"
    r"|from|instead of|in place of|(?:after|following) the (?:retirement|resignation|departure|death|exit|ouster|removal"
    r"|dismissal|sacking|firing|impeachment|defeat) of|former|outgoing|predecessor|ex-)"
    r"(?: (?:the|his|her|their|its))?(?: [a-z-]+){0,3}? ?$"
)
#: ... or by what follows it ("Y stepped down", "after Y's resignation", "Y, who resigned", "Y was ousted").
_OLD_AFTER = re.compile(
    r"^(?:'s?|')? ?(?:,? who )?(?:has |had |have )?(?:(?:resigned|resigns|resignation|stepped down|steps down|retired"
    r"|retires|retirement|quit|quits|left|leaves|departure|death|died|exit|exits|exited|ouster|removal|impeachment"
    r"|suspension|lost|handed|hands|passed|stepped aside|steps aside|stood down|stands down|term ended|tenure ended"
    r"|departs|departed|is leaving|bows out|bowed out|(?:is|was) out(?= as| at| after|,|$)"  # "Y is out as CEO"
    r"|(?:[\w-]+ ){0,2}(?:tenure|term|reign|stint)(?: (?:at|as) [^,;]+)? (?:ended|ends|is over|was over|came to an end)|time(?: (?:at|as) [^,;]+)? (?:ended|ends|is over|was over|came to an end))"
    r"|(?:was|were|has been|had been|is being) (?:ousted|succeeded|replaced|removed|dismissed|fired|sacked|unseated"
    r"|impeached|suspended))\b"
)
#: A holder marked as new by "by": "was replaced by X" names the new one, never an old one.
_BY = re.compile(r"\bby (?:the )?(?:[a-z-]+ ){0,2}$")
#: Who acts on the office as the clause's subject: "C ousted …", "Oskarians elected …", "C informs that …".
_ACTS = re.compile(
    r"^(?:,? (?:AS|ASA|AB|AG|SA|NV|BV|PLC|plc|Inc\.?|Ltd\.?|LLC|GmbH))?(?:, (?P<aside>[^,]{1,60}),)?"  # "C, based in X, named …"
    r"(?:'s? (?:board|shareholders|directors)| (?:voters|lawmakers|MPs|parliament|shareholders|board|directors))?"
    r" (?:has |have |had )?(?:now |today |formally |officially )?"
    r"(?:ousted|fired|sacked|dismissed|removed|named|names|appointed|appoints|elected|re-elected|reinstated"
    r"|chose|chosen|picked|selected|hired|tapped|installed|promoted|poached|handed|gave|given|brought in|turned to"
    r"|informs|informed|announced|announces|confirmed|confirms|said|says|voted|(?:has|have|gets|got) (?:a new|an? [\w ]{1,25}(?=:))"
    r"|replaced [^,;]+? with"
    r"|ousts|fires|sacks|dismisses|removes|elects|chooses|picks|selects|hires|taps|installs|promotes|hands|gives)\b"  # "C has a new boss: …", "C has replaced Y with X as CEO"
)
#: A group of the owner's acting on its office, whatever its verb: "C's supervisory board dismissed …", "C
#: shareholders welcomed new chief executive X", "C's congress installed …".
_GROUP_ACTS = re.compile(
    r"^(?:'s?|')? (?:[a-z-]+ )?(?:board|shareholders|directors|investors|congress|parliament|senate|assembly|council"
    r"|voters|lawmakers|MPs) (?:has |have |had )?(?:now |today |formally |officially )?[a-z]+(?:ed|en|s)\b"
)
#: Who the office's holder leads, said of the owner: "C is now led by mayor X", "C, led by CEO X, …", "C is now
#: under the leadership of chief executive X".
_LED = re.compile(
    r"^(?:,|(?: is| are| has been)) (?:now |currently |still )?(?:(?:led|run|headed|helmed|governed) by"
    r"|under the (?:leadership|stewardship|direction) of)\b"
)
#: Where the owner is said after the office: "CEO of C", "the top of C", "the helm at C", "mayor, of C".
_OWNER_AFTER = re.compile(r"^\)?(?: (?:role|job|post|office|seat))?,? (?:of|at) (?:the )?$")  # "… (mayor) of C"
#: Groups whose "of C" names the owner: "The board of Sahel Solar has named …".
_GROUP_OF = re.compile(
    r"\b(?:board|council|shareholders|investors|owners|directors|voters|residents|citizens|people) (?:of|in|at) (?:the )?$",
    re.I,
)
#: A holder's taking of the mayor's seat, and where it is: "X moved into the mayor's office in Graz".
_SEAT = re.compile(
    r"\b(?:moved into|moves into|sits in|sat in|occupies|took over|has taken over|settled into|entered) the $"
)
_SEAT_OF = re.compile(r"'s office,? in (?:the )?")
#: An owner's election to the office, which its winner holds once they took office: "C's presidential run-off".
#: Said by its people's adjective too ("won the Ostrian presidential election"), and a by-election, which names
#: no office of its own: only the office the clause names ("won the Kelby by-election and replaced Y as mayor").
_ELECTION = re.compile(
    r"(?:'s?|')? (?:(?P<kind>presidential|mayoral) (?:election|run-?off|vote|ballot|contest|poll|race)|by-election)\b"
)
#: What makes an election's winner the holder now: they took office, or took it from the one before.
_TOOK_FROM = re.compile(r"\b(?:replaced|succeeded|ousted|unseated)\b")
#: A fact box's field of the name the line opened with: "Port Merrin (pop. 410,000) — Mayor: Dara Quinn; …".
_BOX = re.compile(r"^(?:[Mm]ayor|[Pp]resident|CEO|[Cc]hief [Ee]xecutive|[Hh]ead of [Ss]tate): ")
#: A past holder's office: "the former mayor", "Former Porto mayor …", "ex-CEO", "the old mayor" (not "the
#: 50-year-old mayor"), and the years spent in it looked back on ("a memoir of her years as mayor").
_FORMER = re.compile(
    # "ex-" has no word boundary after it when the office follows at once ("The ex-CEO of …")
    r"\b(?:(?:former|formerly|previously|previous|outgoing|erstwhile|then|late|once|(?<!-)old)\b-?|ex-"
    r"|(?:years|days|time|spell|stint) as\b)(?:\s*[\w'-]+){0,2}?\s*$",
    re.I,
)
_QUOTED = re.compile(r"[\"“][^\"”]*[\"”],?\s*")
#: An office that is an actor's part: "X played the mayor of Y in the film", "X was cast as the president".
_PORTRAYED = re.compile(
    r"\b(?:play(?:s|ed|ing)?|portray(?:s|ed|ing)?|star(?:s|red|ring) as|(?:is|was) cast as) (?:the |a |an )?"
    r"(?:role of (?:the |a |an )?)?(?:[\w-]+ )?(?:mayor|president|CEO|chief executive|head of state)\b",
    re.I,
)
#: The words without which a sentence names no office (the offices' nouns and the lead verbs, loosely).
_CUE = re.compile(
    r"CEO|[Cc]hief|top job|helm|reins|the top|[Pp]residen|head of state|[Mm]ayor|ürgermeister|urgomaster|urgemeester"
    r"|ourgmestre|leads|heads|runs|has led|has headed|has run|head of"
)
#: An acting holder's term, said as what they will do until the office is filled: "Acting mayor X will lead C
#: until the special election" is who leads C now.
_ACTING = re.compile(
    r"^(?P<head>(?:[Aa]cting|[Ii]nterim) [^,;]*?) will (?:continue to )?(?P<verb>lead|run|head|govern)"
    r"(?P<owner> [^,;]*?) until .*$"
)
#: A clause opening with the office's holder: "Under its new chief executive, X, C is shifting …".
_UNDER = re.compile(r"Under (?:(?:its|their|the) )?(?:new |current |acting |interim )?")
#: A news story's dateline, the place it is filed from: "PORT MERRIN — …", "KOTKA, Finland (AP) — …".
_DATELINE = re.compile(
    r"^(?P<place>[A-ZÀ-ÖØ-Þ][A-ZÀ-ÖØ-Þ'-]+(?: [A-ZÀ-ÖØ-Þ][A-ZÀ-ÖØ-Þ'-]+){0,2})(?:, [A-Z][\w .]{1,25})?"
    r"(?: \([^)]{1,30}\))? (?:-{1,2}|[–—]) "
)
#: A release's label before the statement: "FOR IMMEDIATE RELEASE: …".
_LABEL = re.compile(r"^[A-Z][A-Z ]{3,40}:\s+")
#: An office said of a name the sentence opened with: "…; X is now the country's president".
_ANAPHOR = re.compile(r"\bthe (?P<kind>[a-z]+)'s (?:new )?$")
#: The same, said as the one acting on the office: "Shares in C rose after the chipmaker appointed X as CEO".
_ANAPHOR_ACTS = re.compile(
    r"\bthe (?P<kind>[a-z]+) (?:has |had )?(?:appointed|named|hired|tapped|picked|chose|installed|promoted|elected) "
)
_KINDS = {
    "president": frozenset({"country", "nation", "republic", "state"}),
    "mayor": frozenset({"city", "town", "village", "municipality"}),
    "ceo": frozenset(
        """company firm group bank business airline carmaker retailer studio startup chain insurer lender brewer
        publisher label maker developer operator chipmaker carmaker drugmaker automaker shipowner miner""".split()
    ),
}
#: A name a verb follows, the clause's subject rather than what an office is of ("Y has become the company's CEO").
_SUBJECT = re.compile(r"(?:,[^,]+,)? (?:has|have|had|is|are|was|became|becomes|takes|took|now)\b")
#: A second's office, not the office: "vice-president", "deputy mayor".
DEPUTY = re.compile(rf"\b(?:{'|'.join(sorted(SECOND))})[- ]$", re.I)
_CLAUSES = re.compile(r"\s*;\s+|\s+[—–]\s+")


@dataclass(frozen=True)
class Sentence:
    """What a clause's reading takes from the whole sentence: the name it opened with, and whether it named a
    predecessor."""

    opening: Name | None
    succeeded: bool
    topic: Name | None = None  # "Lattice Bio: CEO X exits, and Y has taken the helm"
    prior: tuple[Name, ...] = ()  # the names of the clauses before, old holders set aside
    scene: Name | None = None  # the dateline's place: "PORT MERRIN — X was sworn in as mayor"
    head: Name | None = None  # the name the sentence opens with, person or not: a fact box's subject


def facts(text: str, dateline: str = "") -> list[Fact]:
    """Who holds an office now, as ``text`` tells a succession; [] when it does not say so plainly. ``dateline``:
    the place a news story is filed from, whose mayor a story names when it names no other place."""
    text = _LABEL.sub("", text.strip())
    text = recased(text)
    if not _CUE.search(text) or _PORTRAYED.search(text):  # most sentences name no office; an actor's part is none
        return []
    text = re.sub(r"(?<!Ltd)(?<!Inc)(?<!Co)[.!]+$", "", text)  # "Co., Ltd." keeps its point
    text = _QUOTED.sub("", text)  # '"We are not slowing down," said X, CEO of C': the quote's "not" is no hedge
    found: list[Fact] = []
    every = names_in(text)
    first = next(iter(every), None)
    # "Mehta is out; the airline's new chief is X": a lone surname the sentence lets go is no owner to point to
    opening = first if first is not None and first.start == 0 and not first.person and not _old(text, first) else None
    # "X now runs C; Y left the CEO post": a predecessor anywhere in the sentence makes a lead verb the top office
    topic = first if first is not None and first.start == 0 and text[first.end : first.end + 2] == ": " else None
    scene = Name(dateline, -1, -1) if dateline else None
    # "after Nygaard's tenure ended": a predecessor may be named by surname alone
    succeeded = any((n.person or _surname(text, n)) and _old(text, n) for n in every)
    head = first if first is not None and first.start == 0 else None
    said = Sentence(opening, succeeded=succeeded, topic=topic, scene=scene, head=head)
    for whole in _CLAUSES.split(text):
        clause = current(_ACTING.sub(r"\g<head> \g<verb>s\g<owner>", whole))
        names = names_in(clause)
        olds = {n.text for n in names if _old(clause, n)}
        read = _clause(clause, names, olds, said) or successor(
            clause, names, olds, found, _predicates(clause, said.succeeded)
        )
        found += [f for f in read if f not in found]
        kept = (n for n in names_in(whole) if not _old(whole, n) and not _SUBJECT.match(whole, n.end))
        said = replace(said, prior=said.prior + tuple(kept))
    return found


def over(found: list[Fact], text: str, sentence: str = "") -> list[Fact]:
    """``found`` with what :func:`facts` reads of ``text`` in place of its readings of the same relations;
    ``sentence``: the text as said, with its dateline."""
    place = _DATELINE.match(sentence)
    read = facts(text, recased(place["place"]) if place and place["place"] != sentence[: len(text)] else "")
    read += [f for f in founders.facts(text) if f not in read]
    held = [f for f in read if f.predicate != FOUNDED]  # a founder named in passing adds, and displaces nothing
    predicates = {f.predicate for f in held if not f.retract}
    holders = {f.object.lower() for f in held}
    # "Mr. Hiroshi Sato … President and CEO of …": the same holder read under a company's "president" too
    return read + [
        f
        for f in settled(found, text)
        if f.predicate not in predicates and not f.object.lower().endswith(tuple(holders) or ("\0",))
    ]


def _surname(text: str, name: Name) -> bool:
    """A lone capitalised word inside the sentence that is no time and no name's possessive owner of an office."""
    return name.start > 0 and " " not in name.text and not is_time(name.text) and text[name.start - 1] == " "


def _old(clause: str, name: Name) -> bool:
    before, after = clause[: name.start], clause[name.end :]
    if name.title and before.endswith(f"{name.title} "):  # "ousted CEO Henrik Solberg": the title describes the name
        before = f"{before[: -len(name.title) - 1]}title "
    if _BY.search(before):
        return False
    if _FORMER.search(name.title):  # "Former Porto mayor Rui Rio"
        return True
    voted_out = re.search(r"\b(?:voted|kicked|forced|pushed|threw|thrown) $", before) and after.startswith(" out")
    if left_another_post(before):
        return False  # "former finance minister X … to become president": the post X left is not this office
    out_as = _OUT_AS.match(after)
    if out_as and not any(re.search(office, out_as["post"]) for _, office in OFFICES):
        return False  # "Y is out as chairman but stays CEO": the post Y leaves is another, not this office
    return bool(_OLD_BEFORE.search(before) or _OLD_AFTER.match(after) and not _LEFT_FOR.match(after) or voted_out)


#: The post a holder is said to be out of: "Y is out as chairman" ends that post only.
_OUT_AS = re.compile(r"^ (?:is|was|has been) out as (?:the |its )?(?P<post>[^,;]+?)(?=,|;| but | and |$)")

#: A leaving whose purpose is the office: "X left Acme to become CEO of Globex" took the post, and left another.
_LEFT_FOR = re.compile(
    r"^ (?:has |had )?(?:left|leaves|quit|quits|departed|resigned from|stepped down from) (?!as\b)[^,;]*?"
    r" to (?:become|take over|take up|serve|run|lead|head)\b"
)


def _clause(clause: str, names: list[Name], olds: set[str], said: Sentence) -> list[Fact]:
    predicates = _predicates(clause, said.succeeded)
    if len(predicates) != 1:  # no office, or two of them ("mayor … president"): no one reading
        return []
    (predicate, offices), *_ = predicates.items()
    # an owner placed by the office is one whatever follows it ("The reins at C have passed to X")
    placed = next((o for o in (_owner(clause, names, o) for o in offices) if o), None)
    placed = placed or _referred(clause, names, predicate, offices[0][0], said)
    owner = placed or _acting(clause, names, olds) or said.topic or (said.scene if predicate == "mayor" else None)
    owner = owner or (said.head if _BOX.match(clause) else None)
    if owner is None or placed is not None and _unnamed_holder(clause, offices[0][0], placed, names):
        return []
    # "…, headquartered in Cape Town, …": a name said where something is, is no person's
    held = {
        n.text for n in names if n.person and n.text not in olds and n.text != owner.text and not _placed(clause, n)
    }
    gone = {n.text for n in names if n.person and n.text in olds and n.text != owner.text}
    # "Norvanian President …": a people's adjective before a head of state names the country
    national = predicate == "president" and owner in names and owner.end < offices[0][0] and clause[owner.end] != "'"
    holder_name = next((n for n in names if n.text in held), None)
    if len(held) == 1 and holder_name is not None and serves_another(clause, holder_name, offices[0][0]):
        return []  # "X is chief of staff to the president", "X, the officer who arrested C's chief": another job
    if holder_name is not None and someone_of_the_holder(clause, holder_name, offices[0]):
        return []  # "X, the sister of the mayor of C": the holder's relative, not the holder
    if len(held) == 1:
        holder = make_fact(_country(owner.text, national), predicate, held.pop(), single=True)
        return holder + _founders(clause, names, owner) if predicate == "ceo" else holder
    # "Tom Ellery stepped down as chief executive of …": no holder now (and "Marc Petit ousted Anne Blanc" says
    # nothing of whose office it was)
    if not held and len(gone) == 1 and (placed or not owner.person):
        return [replace(f, retract=True) for f in make_fact(_country(owner.text, national), predicate, gone.pop())]
    return []


#: What follows an office's owner when the clause names its holder: a copula or an aside ("…, Hugo Marsh, said").
_NAMES_HOLDER = re.compile(
    r"^(?:,|'s?\b| (?:is|are|was|has|have|had|remains|will|becomes|became|now|passed|went|goes|fell)\b)"
)


def _unnamed_holder(clause: str, start: int, owner: Name, names: list[Name]) -> bool:
    """ "The president of Ostrelia visited Port Vale's new harbour": the office opens the clause as its subject
    and acts unnamed; the names after it are what it acts on, not its holder (unless one of them acts too: "…
    stepped down and Priya Raman took over")."""
    return (
        clause[:start] in ("The ", "the ")
        and not _NAMES_HOLDER.match(clause[owner.end :])
        and not SUCCESSOR.search(clause)
        and not any(_SUBJECT.match(clause, n.end) for n in names if n != owner)
    )


def _founders(clause: str, names: list[Name], owner: Name) -> list[Fact]:
    """The company's founders the succession names in passing: "succeeded founder X", "X, who co-founded it"."""
    return [
        f
        for n in names
        if n.person
        and n != owner
        and (
            "founder" in n.title.lower()
            or _FOUNDER_BEFORE.search(clause[: n.start])
            or _FOUNDER_AFTER.match(clause[n.end :])
        )
        for f in make_fact(owner.text, FOUNDED, n.text)
    ]


def _placed(clause: str, name: Name) -> bool:
    return re.search(r"\b(?:in|near|at|outside|inside)\s(?:the\s)?$", clause[: name.start]) is not None


def _referred(clause: str, names: list[Name], predicate: str, start: int, said: Sentence) -> Name | None:
    """The name "the country's", "the city's" or "the company's" office points back to: the sentence's opening
    name or label, else the one name before it that is neither an old holder nor a verb's subject ("Maja Berg
    leaves Harbinger Games; the studio's chief executive is now X")."""
    anaphor = _ANAPHOR.search(clause[:start]) or _ANAPHOR_ACTS.search(clause[:start])
    if anaphor is None or anaphor["kind"] not in _KINDS[predicate]:
        return None
    acts = anaphor.re is _ANAPHOR_ACTS  # "Shares in C rose after the chipmaker appointed …": no opening's
    if (said.opening or said.topic) and not acts:
        return said.opening or said.topic
    # the clauses before first: "former Maersk executive X is the company's CEO" describes X by another firm
    # "X, the airline's chief executive, said …": the name the office is said of is its holder, not its owner
    before = [
        n
        for n in names
        if n.end <= anaphor.start()
        and not _old(clause, n)
        and not _SUBJECT.match(clause, n.end)
        and clause[n.end : anaphor.start()] != ", "
    ]
    left = [n for n in said.prior or before if not is_time(n.text) and not (acts and n.start == 0 and n.text.isalpha())]
    return left[0] if len(left) == 1 else None


def _predicates(clause: str, succeeded: bool) -> dict[str, list[tuple[int, int]]]:
    """Where each relation's office nouns are in the clause. A company's "president and CEO" is its CEO; a
    lead verb is the company's top office when no office is named but a predecessor is."""
    found: dict[str, list[tuple[int, int]]] = {}
    for predicate, pattern in OFFICES:
        for m in re.finditer(pattern, clause):
            if not _FORMER.search(clause[: m.start()]) and not DEPUTY.search(clause[: m.start()]):
                found.setdefault(predicate, []).append((m.start(), m.end()))
    if "ceo" in found:
        found.pop("president", None)
    # "X won C's presidential election and took office": the election names the office its winner now holds
    election = _ELECTION.search(clause) if not found and _took(clause) and _won_holds(clause) else None
    if election and election["kind"]:
        found["president" if election["kind"] == "presidential" else "mayor"] = [
            (election.start("kind"), election.end())
        ]
    # "took over from Y as head of C": the head of a named organisation, like its lead verbs
    lead = re.search(r"\b(?:leads|heads|runs|helms|has (?:led|headed|run))\b|\bhead(?= of (?:the )?[A-Z])", clause)
    # "Tove Ring now heads Quillon Systems" may be a team's head; "…, replacing Karin Holm" is the top office
    if not found and lead and succeeded:
        found["ceo"] = [(lead.start(), lead.end())]
    return found


_POSSESSIVE = re.compile(r"(?:'s?|')\s(?:(?:new|newly elected|current|interim|acting)\s)?")


def _owner(clause: str, names: list[Name], office: tuple[int, int]) -> Name | None:
    """Whose the office is, by the owner's place: before it ("C's", "C mayor"), after it ("of C"), "C,
    whose", "the board of C", or after a lead verb ("X now leads C")."""
    start, end = office
    noun = clause[start:end]
    if _UNDER.fullmatch(clause[:start]):  # "Under CEO X, C tripled its fleet": the clause's subject after the holder
        after = [n for n in names if n.start > end]
        return after[1] if len(after) > 1 and clause[after[0].end : after[1].start].startswith(",") else None
    # "Sapporo's mayor", "Solvik Batteries' new chief": the office's own owner, over a name a lead verb took ("X
    # now leads City Hall as London's mayor")
    owned = [n for n in names if n.end <= start and _POSSESSIVE.fullmatch(clause[n.end : start])]
    if owned:
        return owned[-1]
    for name in names:
        if name.end <= start:
            between = clause[name.end : start]
            # "Graz Mayor …", "Norvanian President …"
            possessive = _POSSESSIVE.fullmatch(between)
            # "Graz Mayor Elke Kahr": a title before its holder, never "elected Luiz Silva president, …"
            titled = any(_appositive(clause[end : n.start]) for n in names if n.start > end)
            # "… replaced Y as Tampere mayor": the office said as what the holder became
            titled = titled or re.search(r"\bas (?:the )?$", clause[: name.start]) is not None
            compound = between == " " and titled and not noun.startswith(("top", "helm", "reins", "at ", "the "))
            # "C is without a chief executive after Y quit": the office C lacks is C's
            without = re.fullmatch(
                r" (?:is|are|was|has been|have been) (?:now |still )?(?:left )?without (?:a |an )?", between
            )
            if possessive or compound or without or between == ", whose ":
                return name
        elif _OWNER_AFTER.match(clause[end : name.start]) and clause[name.end : name.end + 1] != "'":
            return name  # "CEO of Brightwell Foods", "at the top of Solvik Batteries", "mayor, of Sankt Ilgen"
        if (
            _GROUP_OF.search(clause[: name.start])
            or _LEADS.search(clause[: name.start])
            and not _PART.match(clause, name.end)
        ):
            return (
                name  # "the board of Sahel Solar", "Emil Strand now leads Norrland Energi", never "… its Paris office"
            )
        if _TO_LEAD.search(clause[: name.start]) and clause.startswith(" as ", name.end):
            return name  # "X became the first woman to lead C as mayor"
        if noun.lower() == "mayor" and _SEAT.search(clause[:start]) and _SEAT_OF.fullmatch(clause[end : name.start]):
            return name  # "X moved into the mayor's office in Graz"
        election = _ELECTION.match(clause, name.end) if _took(clause) else None
        kind = "presidential" if noun.lower().startswith("presiden") else "mayoral"
        # "… won the Kelby by-election and replaced Y as mayor of Eastwick": the office's own "of C" owner wins
        owned_after = any(n.start > end and _OWNER_AFTER.match(clause[end : n.start]) for n in names)
        if election and (election["kind"] or kind) == kind and not owned_after:
            return name  # "X won Solmara's presidential run-off and has been inaugurated as president"
    return None


def _took(clause: str) -> bool:
    """Whether an election's winner the clause names holds the office now, not only won it."""
    return TOOK.search(clause) is not None or _TOOK_FROM.search(clause) is not None


def _won_holds(clause: str) -> bool:
    """Whether the office an election names is the one its winner holds now: not when the clause dates it ("won
    the 1998 … election"), swears the winner in as another ("… as vice president") or ends the term ("…, but
    resigned in 2004")."""
    took = TOOK.search(clause) or _TOOK_FROM.search(clause)
    if took is None or _YEAR.search(clause):
        return False
    after = clause[took.end() :]
    return not re.match(r"^(?: [^,;]*?)? as\b", after) and not _TERM_ENDED.search(after)


#: A year said with the election or its term, a past one ("won the 1998 presidential election").
_YEAR = re.compile(r"\b(?:1[6-9]|20)\d\d\b")
#: A term the clause goes on to end: "… and was sworn in, but resigned in 2004".
_TERM_ENDED = re.compile(
    r"\b(?:resigned|stepped down|stood down|quit|retired|left office|died|lost|was (?:ousted|impeached|removed"
    r"|toppled|deposed|succeeded|replaced)|(?:term|tenure) ended|served until)\b"
)


def _appositive(gap: str) -> bool:
    """Whether a name this far after an office noun is its holder: "mayor Elke Kahr", "head of state, President X"."""
    return gap == " " or re.fullmatch(r", (?:[\w.]+ )?", gap) is not None and is_title(gap[2:].strip() or "mr")


def _acting(clause: str, names: list[Name], olds: set[str]) -> Name | None:
    """The clause's subject when it acts on the office: "C ousted …", "Oskarians elected …", "C informs that …"."""
    if not names:
        return None
    first = names[0]
    after = clause[first.end :]
    aside = _ACTS.match(after)
    if aside and aside["aside"] and any(re.search(p, aside["aside"]) for _, p in OFFICES):
        return None  # "X, the airline's chief executive, said …": the name the office describes holds it
    if not (first.person and first.text in olds) and any(p.match(after) for p in (_ACTS, _GROUP_ACTS, _LED)):
        return first  # "C handed the top job …", "C's board dismissed …", "C is now led by mayor X"
    if not is_time(first.text) and re.match(r"(?:In|At) (?:the )?$", clause[: first.start]):
        return first  # "In Lyon, Marc Petit has replaced Anne Blanc as mayor": the scene is the owner
    return None


def _country(name: str, adjective: bool) -> str:
    """An owner said by its people's name ("Oskarians", "Norvanian", "Aucklanders") as the place itself; ""
    for a people's name that can't be turned back into its place ("Selvanese": Selvane? Selvania?)."""
    from .handovers import country  # one table of demonyms, and handovers imports this module

    owner = country(name, adjective=adjective)
    if owner == name and " " not in name and name.endswith("ers") and len(name) > 6:
        return name[:-3]  # "Aucklanders", "Londoners"
    if owner == name and " " not in name and name.endswith(("ese", "eses")):
        return ""
    return name if owner == name.rstrip(".") else owner  # "Co., Ltd." keeps its point
