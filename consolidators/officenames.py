"""The names a news sentence about an office gives, found by their capitals word by word (so "Ștefan" and
"Mei-Ling" are names too), with a title or honorific before a name ("Ms.", "Councillor", "President") and a
business kind at a sentence's start ("Fintech Nexa Pay") kept apart from it; and a headline in capitals recased
as running text, so its names can be told from its verbs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lemminflect import getAllLemmas

from .spans import ORG_WORDS
from .text import ENTITY_STOP

#: Business kinds said before a name at a sentence's start, no part of it: "Fintech Nexa Pay has replaced …".
_KIND_FIRST = frozenset(
    """fintech startup start-up carmaker automaker chipmaker drugmaker retailer insurer lender broadcaster brewer
    publisher miner conglomerate supermarket grocer e-commerce""".split()
)
#: Titles and honorifics: said before a name, no part of it.
_HONORIFIC = frozenset(
    """mr mrs ms miss mx dr prof sir dame lord lady councillor councilor cllr alderman mayor president ceo
    governor senator judge madam monsieur herr frau señor señora sr sra chairman chairwoman chair premier
    chancellor minister representative director executive officer chief acting interim incoming outgoing speaker
    former founder co-founder cofounder deputy vice veteran finance operating shareholders investors voters residents citizens lawmakers directors board""".split()
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
#: A describing word before a name, no part of it: "Tallinn-born Kertu Saar", "Oslo-based …".
_DESCRIBED = re.compile(r"-(?:born|based|raised|bred|headquartered|educated|trained|owned|listed|backed|led|run)$")
#: A headline in capitals: three words or more, none in lower case.
_CAPITALS = re.compile(
    r"\b[A-ZÀ-ÖØ-Þ][A-ZÀ-ÖØ-Þ'&-]+(?: [A-ZÀ-ÖØ-Þ][A-ZÀ-ÖØ-Þ0-9'&-]*){2,}\b"
)  # "… TO ATTEND G20 IN …"
#: A headline's words that running text has in lower case, beside its verbs.
_SMALL = ENTITY_STOP | frozenset(
    """as to of and at in on for from with by new chief executive officer president mayor names taps hires picks
    steps down takes over quits leaves wins top job helm reins head after""".split()
)


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


def recased(text: str) -> str:
    """``text`` with each headline in capitals as running text has it."""
    if text.isupper():  # a whole headline: every word, past its commas ("… TO RESIGN, SAY AIDES")
        cores = [re.fullmatch(r"(.*?)([,.;:!?\"]*)", w) for w in text.split(" ")]
        words = _named_new([_recased(m[1]) if m[1] else "" for m in cores if m])
        return " ".join(w + m[2] for w, m in zip(words, [m for m in cores if m], strict=True))
    return _CAPITALS.sub(lambda m: " ".join(_named_new(list(map(_recased, m[0].split(" "))))), text)


def _named_new(words: list[str]) -> list[str]:
    """A headline's "new" before a name's word is the name's own: "NEW YORK'S NEW MAYOR" is "New York's new mayor"."""
    return [
        "New" if w == "new" and i + 1 < len(words) and words[i + 1][:1].isupper() and words[i + 1][1:2].islower() else w
        for i, w in enumerate(words)
    ]


def _recased(word: str) -> str:
    """A headline's word in capitals as running text has it: a verb or a small word in lower case, a name's word
    capitalised ("ORBIS HEALTH APPOINTS TOMASZ WRONA AS CHIEF EXECUTIVE OFFICER")."""
    if word.endswith("'S"):  # "BRAZIL'S PRESIDENT": the possessive of a name
        return _recased(word[:-2]) + "'s"
    low = word.lower()
    if word in ("CEO", "CFO", "COO") or not low.isalpha():
        return word
    if low in _SMALL or set(getAllLemmas(low)) == {"VERB"}:
        return low
    return low.capitalize()


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
    """Whether a capitalised word follows, past any further particles ("de la Rosa", "van der Berg")."""
    nxt = _WORD.search(clause, end)
    while nxt is not None and nxt[0] in _LINKS and nxt[0] != "&":
        nxt = _WORD.search(clause, nxt.end())
    return nxt is not None and _capital(nxt[0])


def _split_run(clause: str, run: list[re.Match[str]]) -> list[Name]:
    while run and run[-1][0] in _LINKS:  # "Priyanka Das": a capital "Das" is the name's own
        run = run[:-1]
    if len(run) > 1 and run[0].start() == 0 and run[0][0].lower() in _KIND_FIRST:
        run = run[1:]  # "Fintech Nexa Pay": what the firm is, then its name
    parts: list[Name] = []
    title: list[str] = []
    start = 0
    for i, m in enumerate(run):
        if i == start and m[0] in _LINKS:  # "CEO of Brightwell Foods": the link after a title
            start = i + 1
        elif title and m[0] == "of" and _before(clause, run[start:i], title[-1]).person:
            parts.append(_before(clause, run[start:i], title[-1]))  # "Mayor Luisa Ferraro of Turin": holder, place
            title, start = [], i + 1
        elif (
            is_title(m[0]) or _DESCRIBED.search(m[0]) or m[0] == "New" and i + 1 < len(run) and is_title(run[i + 1][0])
        ):
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


def is_title(word: str) -> bool:
    """A title or honorific, hyphenated ones too ("Vice-President", "Co-Chair"): every part of it is one."""
    parts = [p for p in word.lower().strip(".").split("-") if p]
    return bool(parts) and all(p in _HONORIFIC for p in parts)
