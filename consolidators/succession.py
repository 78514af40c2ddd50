"""Who holds an office now, read from news and press-release wording of a succession: the names a sentence
gives, sorted by the part each plays.

"Brightwell Foods ousted Marcus Lindqvist and handed the top job to Aiyana Redcloud", "Mariko Endo defeated
Hiroshi Kato and is now Sapporo's mayor", "Kuroshio Marine informs that Ms. Yuki Mori has been appointed as
CEO, following the retirement of Mr. Watanabe". Every such sentence has the same parts, whatever its verb:

- an office (:data:`_OFFICES`: CEO, chief executive, top job, president, head of state, mayor, …);
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

from .spans import ORG_WORDS, make_fact
from .text import ENTITY_STOP
from .types import Fact
from .vocabulary import is_time

#: Office nouns by relation. A bare "chief" is the company's only when "new" or a possessive comes before it
#: and no noun after it ("Acme's new chief is …", never "finance chief" or "chief economist").
_OFFICES = (
    (
        "ceo",
        r"\b(?:CEO|[Cc]hief [Ee]xecutive(?: [Oo]fficer)?|top job|helm|reins|(?:at )?the top(?= of)"
        r"|(?:(?<=new )|(?<='s )|(?<=s' ))chief(?=,|\s+(?:is|was|has)\b|$))",  # never "finance chief" or "chief economist"
    ),
    ("president", r"\b(?:[Pp]resident|[Pp]residency|head of state)\b"),
    ("mayor", r"\b(?:[Mm]ayor|[Mm]ayoralty|(?:[Oo]ber)?[Bb]ürgermeister(?:in)?|[Ll]ord [Mm]ayor)\b"),
)
#: Verbs by which a person holds a company's top office: "Emil Strand now leads Norrland Energi".
_LEADS = re.compile(r"\b(?:now |currently )?(?:leads|heads|runs|helms|has (?:led|headed|run))\s+(?:the\s+)?$")
#: Titles and honorifics: said before a name, no part of it.
_HONORIFIC = frozenset(
    """mr mrs ms miss mx dr prof sir dame lord lady councillor councilor cllr alderman mayor president ceo
    governor senator judge madam monsieur herr frau señor señora sr sra chairman chairwoman chair premier
    chancellor minister representative director executive officer chief acting interim incoming outgoing
    former founder co-founder cofounder deputy vice veteran finance operating shareholders voters residents citizens lawmakers directors board""".split()
)  # and the groups a sentence opens with: "Shareholders of Polar Freight ousted …"
#: Prepositions a sentence opens with: "Under CEO Orin Takeda, …" is no name "Under".
_OPENERS = frozenset(
    "in on at as after before during following since until from by with for under despite amid".split()
)
#: Words in a name that make it no person: an office ("Representative Director") or an organisation.
_NOT_PERSON = frozenset(
    {w.lower() for w in ORG_WORDS - {"Park", "Bridge", "Tower", "Press"}}  # surnames too: "Lydia Park"
    | {"director", "officer", "executive", "chairman", "chairwoman", "board", "council", "minister", "president"}
    | {"mayor", "ceo", "chief", "secretary", "manager", "head", "marine", "solar", "batteries", "energi"}
)
#: The name links: "Bank of Kyoto", "Ana de Souza", "Co., Ltd.".
_LINKS = frozenset("of de da do dos das del della di du van von der den al el bin ibn la le & y".split())
_WORD = re.compile(r"[^\W\d_](?:[\w&-]|['’](?=\w)(?!s\b))*\.?|\d[\w.-]*|[^\w\s]")
#: A company's suffix after a comma: "Kanagawa Precision Co., Ltd." is one name.
_SUFFIX = re.compile(r", (?:Ltd|Inc|LLC|PLC|Co|Corp|S\.A|AG|AB|ASA|NV|BV)\b\.?")
#: A name marked as the office's past holder, by what precedes it ...
_OLD_BEFORE = re.compile(
    r"\b(?:replacing|replaced|replaces|replace|succeed|succeeds|succeeding|succeeded|ousted|ousting|ousts|oust"
    r"|defeat|defeated|defeating|defeats|beat|beating|unseat|unseated|unseating|topple|toppled|dethroned|dismiss|dismissed"
    r"|fire|fired|firing|sack|sacked|remove|removed|removing|depose|deposed|impeach|impeached|parted ways with"
    r"|from|instead of|(?:after|following) the (?:retirement|resignation|departure|death|exit|ouster|removal"
    r"|dismissal|sacking|firing|impeachment|defeat) of|former|outgoing|predecessor|ex-)"
    r"(?: (?:the|his|her|their|its))?(?: [a-z-]+){0,3}? ?$"
)
#: ... or by what follows it ("Y stepped down", "after Y's resignation", "Y, who resigned", "Y was ousted").
_OLD_AFTER = re.compile(
    r"^(?:'s?|')? ?(?:,? who )?(?:has |had |have )?(?:(?:resigned|resigns|resignation|stepped down|steps down|retired"
    r"|retires|retirement|quit|quits|left|leaves|departure|death|died|exit|ouster|removal|impeachment|lost|handed"
    r"|hands|passed|term ended|tenure ended)"
    r"|(?:was|were|has been|had been|is being) (?:ousted|succeeded|replaced|removed|dismissed|fired|sacked|unseated))\b"
)
#: A holder marked as new by "by": "was replaced by X" names the new one, never an old one.
_BY = re.compile(r"\bby (?:the )?(?:[a-z-]+ ){0,2}$")
#: What makes a clause no statement of who holds the office now: a hedge, a plan, a question, a past state.
_NOT_NOW = re.compile(
    r"\?|\b(?:will|would|could|(?-i:may)|might|should|shall|if|whether|unless|not|never|no longer|rumou?r\w*|next"
    r"|poised|frontrunner|favou?rite|in line|incoming|designate|[a-z]+-elect|served|shortlisted|contenders?|nominees?"
    # an offer or a refusal of the office, not of anything else ("declined to comment" is no refusal of it)
    r"|(?:was|were|has been|had been) (?:nominated|offered)"
    r"|(?:declined|declines|refused|refuses|rejected|rejects|turned down|denied|denies)(?: to (?:become|take|accept"
    r"|serve|lead|run)| (?:the|an?|its|their) (?:offer|job|post|role|top job|nomination|presidency|mayoralty|reports?))"
    r"|reportedly|allegedly|plans?|planned|planning|expected|likely|set to|is to|are to|considering|wants?"
    r"|hopes?|hoping|proposed|proposes|tipped|candidates?|bid|race|aims?|expects?|predicts?|talks?|speculation"
    r"|used to|had been|until|was (?:previously |formerly |once |long |briefly |the |a |an |at )*(?:CEO|chief|president|mayor|head|helm|top)"
    r"|were|from \d{4} (?:to|until) \d{4})\b|n't\b"
    r"|\b(?-i:I|I'm|me|my|we|our|us)\b",  # the speaker's own office, or a relative's: not news of an office holder
    re.I,
)
#: "said X would serve as CEO with immediate effect": the change made, not a plan.
_AT_ONCE = re.compile(r"\b(?:with immediate effect|effective immediately|immediately)\b")
#: Who acts on the office as the clause's subject: "C ousted …", "Oskarians elected …", "C informs that …".
_ACTS = re.compile(
    r"^(?:,? (?:AS|ASA|AB|AG|SA|NV|BV|PLC|plc|Inc\.?|Ltd\.?|LLC|GmbH))?(?:, [^,]{1,60},)?"  # "C, based in X, named …"
    r"(?:'s? (?:board|shareholders|directors)| (?:voters|lawmakers|MPs|parliament|shareholders|board|directors))?"
    r" (?:has |have |had )?(?:now |today |formally |officially )?"
    r"(?:ousted|fired|sacked|dismissed|removed|named|names|appointed|appoints|elected|re-elected"
    r"|chose|picked|selected|hired|tapped|installed|promoted|poached|handed|gave|given|brought in|turned to"
    r"|informs|informed|announced|announces|confirmed|confirms|said|says|voted)\b"
)
#: Where the owner is said after the office: "CEO of C", "the top of C", "the helm at C", "mayor, of C".
_OWNER_AFTER = re.compile(r"^\)?(?: (?:role|job|post|office|seat))?,? (?:of|at) (?:the )?$")  # "… (mayor) of C"
#: Groups whose "of C" names the owner: "The board of Sahel Solar has named …".
_GROUP_OF = re.compile(
    r"\b(?:board|council|shareholders|directors|voters|residents|citizens|people) (?:of|in|at) (?:the )?$", re.I
)
#: A past holder's office: "the former mayor", "Former Porto mayor …", "ex-CEO".
_FORMER = re.compile(r"\b(?:former|ex-|previous|outgoing|erstwhile|then|late|once)\b-?(?:\s*[\w'-]+){0,2}?\s*$", re.I)
#: A describing word before a name, no part of it: "Tallinn-born Kertu Saar", "Oslo-based …".
_DESCRIBED = re.compile(r"-(?:born|based|raised|bred|headquartered|educated|trained|owned|listed|backed|led|run)$")
_QUOTED = re.compile(r"[\"“][^\"”]*[\"”],?\s*")
#: A clause that names the successor of a holder the clause before let go: "her successor is Y", "Y replaces him".
_SUCCESSOR = re.compile(
    r"\b(?:(?:his|her|their) (?:successor|replacement)|(?:replaces|replaced|succeeds|succeeded|takes over from"
    r"|took over from) (?:him|her|them))\b"
)
#: The words without which a sentence names no office (the offices' nouns and the lead verbs, loosely).
_CUE = re.compile(
    r"CEO|[Cc]hief|top job|helm|reins|the top|[Pp]residen|head of state|[Mm]ayor|ürgermeister|leads|heads|runs|has led|has headed|has run"
)
#: A release's label before the statement: "FOR IMMEDIATE RELEASE: …".
_LABEL = re.compile(r"^[A-Z][A-Z ]{3,40}:\s+")
#: An office said of a name the sentence opened with: "…; X is now the country's president".
_ANAPHOR = re.compile(r"\bthe (?P<kind>[a-z]+)'s (?:new )?$")
_KINDS = {
    "president": frozenset({"country", "nation", "republic", "state"}),
    "mayor": frozenset({"city", "town", "village", "municipality"}),
    "ceo": frozenset({"company", "firm", "group", "bank", "business", "airline", "carmaker", "retailer"}),
}
#: A second's office, not the office: "vice-president", "deputy mayor".
_DEPUTY = re.compile(r"\b(?:vice|deputy|assistant|associate)[- ]$", re.I)
_CLAUSES = re.compile(r"\s*;\s+|\s+[—–]\s+")


@dataclass(frozen=True)
class Name:
    """A run of capitalised words in a clause, with a title before it kept apart ("Ms." of "Ms. Yuki Mori")."""

    text: str
    start: int
    end: int
    title: str = ""

    @property
    def person(self) -> bool:
        """Two words or more, none an office or an organisation's: a person who can hold an office."""
        words = self.text.split()
        # "Gulf of Finland", "Marks & Spencer": a place's or a firm's link, where a person's is "de" or "van"
        return len(words) >= 2 and not any(w.strip(".,").lower() in _NOT_PERSON | {"of", "&"} for w in words)


@dataclass(frozen=True)
class Sentence:
    """What a clause's reading takes from the whole sentence: the name it opened with, and whether it named a
    predecessor."""

    opening: Name | None
    succeeded: bool


def facts(text: str) -> list[Fact]:
    """Who holds an office now, as ``text`` tells a succession; [] when it does not say so plainly."""
    if not _CUE.search(text):  # most sentences name no office: they are not read further
        return []
    text = re.sub(r"(?<!Ltd)(?<!Inc)(?<!Co)[.!]+$", "", text.strip())  # "Co., Ltd." keeps its point
    text = _QUOTED.sub("", text)  # '"We are not slowing down," said X, CEO of C': the quote's "not" is no hedge
    text = _LABEL.sub("", text)
    found: list[Fact] = []
    every = names_in(text)
    first = next(iter(every), None)
    opening = first if first is not None and first.start == 0 and not first.person else None
    # "X now runs C; Y left the CEO post": a predecessor anywhere in the sentence makes a lead verb the top office
    said = Sentence(opening, succeeded=any(n.person and _old(text, n) for n in every))
    for clause in _CLAUSES.split(text):
        if _NOT_NOW.search(_AT_ONCE.sub("", clause) if _AT_ONCE.search(clause) else clause):
            continue
        names = names_in(clause)
        olds = {n.text for n in names if _old(clause, n)}
        read = _clause(clause, names, olds, said) or _successor(clause, names, olds, found)
        found += [f for f in read if f not in found]
    return found


def _successor(clause: str, names: list[Name], olds: set[str], found: list[Fact]) -> list[Fact]:
    """ "X stepped down as CEO of C; her successor is Y": the clause after a retraction names who holds it now."""
    gone = [f for f in found if f.retract]
    held = {n.text for n in names if n.person and n.text not in olds}
    if len(gone) != 1 or len(held) != 1 or not _SUCCESSOR.search(clause):
        return []
    return make_fact(gone[0].subject, gone[0].predicate, held.pop(), single=True)


def over(found: list[Fact], text: str) -> list[Fact]:
    """``found`` with what :func:`facts` reads of ``text`` in place of its readings of the same relations."""
    read = facts(text)
    predicates = {f.predicate for f in read if not f.retract}
    holders = {f.object.lower() for f in read}
    # "Mr. Hiroshi Sato … President and CEO of …": the same holder read under a company's "president" too
    return read + [
        f for f in found if f.predicate not in predicates and not f.object.lower().endswith(tuple(holders) or ("\0",))
    ]


def names_in(clause: str) -> list[Name]:
    """The clause's names, each without a title before it; a title inside a run parts it ("Norvanian President
    Sofia Ek" is the owner "Norvanian" and the holder "Sofia Ek")."""
    names: list[Name] = []
    run: list[re.Match[str]] = []
    for m in [*_WORD.finditer(clause), None]:
        word = m[0] if m else ""
        if m and (_capital(word) or run and word in _LINKS and _next_capital(clause, m.end())):
            run.append(m)
            continue
        if m and run and _SUFFIX.match(clause, m.start()):
            continue  # the comma of "Co., Ltd.": the suffix after it joins the run
        names += _split_run(clause, run)
        run = []
    return names


def _capital(word: str) -> bool:
    # "AS" of "Fjordlight AS" is the company's legal form, "As" opens a sentence
    return word[:1].isupper() and (
        word.isupper() and len(word) > 1 or word.lower().strip(".") not in ENTITY_STOP | _OPENERS
    )


def _next_capital(clause: str, end: int) -> bool:
    nxt = _WORD.search(clause, end)
    return nxt is not None and _capital(nxt[0])


def _split_run(clause: str, run: list[re.Match[str]]) -> list[Name]:
    while run and run[-1][0] in _LINKS:  # "Priyanka Das": a capital "Das" is the name's own
        run = run[:-1]
    parts: list[Name] = []
    title: list[str] = []
    start = 0
    for i, m in enumerate(run):
        if i == start and m[0] in _LINKS:  # "CEO of Brightwell Foods": the link after a title
            start = i + 1
        elif title and m[0] == "of" and _before(clause, run[start:i], title[-1]).person:
            parts.append(_before(clause, run[start:i], title[-1]))  # "Mayor Luisa Ferraro of Turin": holder, place
            title, start = [], i + 1
        elif _title(m[0]) or _DESCRIBED.search(m[0]) or m[0] == "New" and i + 1 < len(run) and _title(run[i + 1][0]):
            if i > start:  # "Norvanian President …": what comes before the title is a name of its own
                parts.append(Name(clause[run[start].start() : run[i - 1].end()], run[start].start(), run[i - 1].end()))
            title.append(m[0])
            start = i + 1
    if start < len(run):
        parts.append(
            Name(clause[run[start].start() : run[-1].end()], run[start].start(), run[-1].end(), " ".join(title))
        )
    return parts


def _before(clause: str, words: list[re.Match[str]], title: str) -> Name:
    return Name(clause[words[0].start() : words[-1].end()], words[0].start(), words[-1].end(), title)


def _title(word: str) -> bool:
    return word.lower().strip(".") in _HONORIFIC


def _old(clause: str, name: Name) -> bool:
    before, after = clause[: name.start], clause[name.end :]
    if _BY.search(before):
        return False
    if _FORMER.search(name.title):  # "Former Porto mayor Rui Rio"
        return True
    voted_out = re.search(r"\b(?:voted|kicked|forced|pushed|threw|thrown) $", before) and after.startswith(" out")
    return bool(_OLD_BEFORE.search(before) or _OLD_AFTER.match(after) or voted_out)


def _clause(clause: str, names: list[Name], olds: set[str], said: Sentence) -> list[Fact]:
    predicates = _predicates(clause, said.succeeded)
    if len(predicates) != 1:  # no office, or two of them ("mayor … president"): no one reading
        return []
    (predicate, offices), *_ = predicates.items()
    # an owner placed by the office is one whatever follows it ("The reins at C have passed to X")
    placed = next((o for o in (_owner(clause, names, o) for o in offices) if o), None)
    placed = placed or _referred(clause, predicate, offices[0][0], said.opening)
    owner = placed or _acting(clause, names, olds)
    if owner is None:
        return []
    # "…, headquartered in Cape Town, …": a name said where something is, is no person's
    held = {
        n.text for n in names if n.person and n.text not in olds and n.text != owner.text and not _placed(clause, n)
    }
    gone = {n.text for n in names if n.person and n.text in olds and n.text != owner.text}
    # "Norvanian President …": a people's adjective before a head of state names the country
    national = predicate == "president" and owner in names and owner.end < offices[0][0] and clause[owner.end] != "'"
    if len(held) == 1:
        return make_fact(_country(owner.text, national), predicate, held.pop(), single=True)
    # "Tom Ellery stepped down as chief executive of …": no holder now (and "Marc Petit ousted Anne Blanc" says
    # nothing of whose office it was)
    if not held and len(gone) == 1 and (placed or not owner.person):
        return [replace(f, retract=True) for f in make_fact(_country(owner.text, national), predicate, gone.pop())]
    return []


def _placed(clause: str, name: Name) -> bool:
    return re.search(r"\b(?:in|near)\s$", clause[: name.start]) is not None


def _referred(clause: str, predicate: str, start: int, opening: Name | None) -> Name | None:
    """The sentence's opening name, where the office is "the country's", "the city's" or "the company's"."""
    said = _ANAPHOR.search(clause[:start])
    return opening if said and opening is not None and said["kind"] in _KINDS[predicate] else None


def _predicates(clause: str, succeeded: bool) -> dict[str, list[tuple[int, int]]]:
    """Where each relation's office nouns are in the clause. A company's "president and CEO" is its CEO; a
    lead verb is the company's top office when no office is named but a predecessor is."""
    found: dict[str, list[tuple[int, int]]] = {}
    for predicate, pattern in _OFFICES:
        for m in re.finditer(pattern, clause):
            if not _FORMER.search(clause[: m.start()]) and not _DEPUTY.search(clause[: m.start()]):
                found.setdefault(predicate, []).append((m.start(), m.end()))
    if "ceo" in found:
        found.pop("president", None)
    lead = re.search(r"\b(?:leads|heads|runs|helms|has (?:led|headed|run))\b", clause)
    # "Tove Ring now heads Quillon Systems" may be a team's head; "…, replacing Karin Holm" is the top office
    if not found and lead and succeeded:
        found["ceo"] = [(lead.start(), lead.end())]
    return found


def _owner(clause: str, names: list[Name], office: tuple[int, int]) -> Name | None:
    """Whose the office is, by the owner's place: before it ("C's", "C mayor"), after it ("of C"), "C,
    whose", "the board of C", or after a lead verb ("X now leads C")."""
    start, end = office
    noun = clause[start:end]
    for name in names:
        if name.end <= start:
            between = clause[name.end : start]
            # "Sapporo's mayor", "Solvik Batteries' new chief", "Graz Mayor …", "Norvanian President …"
            possessive = re.fullmatch(r"(?:'s?|')\s(?:(?:new|newly elected|current|interim|acting)\s)?", between)
            # "Graz Mayor Elke Kahr": a title before its holder, never "elected Luiz Silva president, …"
            titled = any(_appositive(clause[end : n.start]) for n in names if n.start > end)
            compound = between == " " and titled and not noun.startswith(("top", "helm", "reins", "at ", "the "))
            if possessive or compound or between == ", whose ":
                return name
        elif _OWNER_AFTER.match(clause[end : name.start]) and clause[name.end : name.end + 1] != "'":
            return name  # "CEO of Brightwell Foods", "at the top of Solvik Batteries", "mayor, of Sankt Ilgen"
        if _GROUP_OF.search(clause[: name.start]) or _LEADS.search(clause[: name.start]):
            return name  # "the board of Sahel Solar", "Emil Strand now leads Norrland Energi"
    return None


def _appositive(gap: str) -> bool:
    """Whether a name this far after an office noun is its holder: "mayor Elke Kahr", "head of state, President X"."""
    return gap == " " or re.fullmatch(r", (?:[\w.]+ )?", gap) is not None and _title(gap[2:].strip() or "mr")


def _acting(clause: str, names: list[Name], olds: set[str]) -> Name | None:
    """The clause's subject when it acts on the office: "C ousted …", "Oskarians elected …", "C informs that …"."""
    if not names:
        return None
    first = names[0]
    if not (first.person and first.text in olds) and _ACTS.match(clause[first.end :]):  # "C handed the top job …"
        return first
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
