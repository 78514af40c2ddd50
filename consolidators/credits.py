"""Corrections and renames of single-valued facts, said by the shape of a correction rather than a relation verb.

A credit corrected or handed over ("Monsoon Letters is in fact the work of Kavya Bose, who directed it", "Ana
Lily Amirpour is again credited as director of Night Ferry", "Lisa Hartmann took over directing Salt and Iron",
"Credits for The Salt Road have been amended: the film was directed by Marco Prado"), a value said to be no
longer one thing but another ("The capital of Valdoria is no longer Oresk but Novagrad"), a renamed capital
("Duvania has renamed its capital: Port Amsel is now officially called Amsela", "Astana is once again what the
Kazakh capital is called") and a seat of government that moved ("Karsovia's government now sits in Belgor").
Each shape names the work or the country, the new value and (sometimes) the old one, which is never current.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .handovers import country
from .relations import canonical_relation
from .spans import make_fact
from .text import PLANS, doubts, lemmatise
from .text import UPPER as _UP
from .types import Fact

_WORD = rf"[{_UP}][\w'.-]*(?<!'s)"
_NAME = rf"{_WORD}(?: (?:(?:of|in|the|and|de|del|da|van|von|&) )*{_WORD})*"
#: A name without "and": where the shape can't tell one work "Salt and Iron" from two ("Flights and Runes").
_ONE = rf"{_WORD}(?: (?:(?:of|in|the|de|del|da|van|von|&) )*{_WORD})*"
#: A role noun a credit names, and the relation it is: the work's director, the work's author.
_ROLES = {"director": "directed by", "writer": "author of", "author": "author of", "screenwriter": "author of"}
_ROLE = r"(?:sole |only |new |credited |official |sole credited )*(?P<role>director|writer|author|screenwriter)"
#: A credit only planned or passed on; its denials are the shapes' own ("X, not Y, directed …").
_HEDGE = doubts(PLANS, denials=False)

_CREDITS = (
    # "Oren Katz, not Mira Sandoval, directed The Glass Orchard; the credits were wrong" (the denied name already
    # dropped from the plain text, :func:`consolidators.wholenames.plain`)
    re.compile(
        rf"^(?P<p>{_NAME}) (?:(?:in fact|actually|really) )?(?P<v>directed|wrote) (?:the )?(?P<w>{_ONE})(?=[;,.]|$)"
    ),
    # "Salt and Cedar was in fact directed by Ziad Khoury": the work's whole name, "and" and all
    re.compile(
        rf"^(?:The )?(?P<w>{_NAME}) (?:was|is) (?:now |actually |again )?(?P<v>directed|written) by (?P<p>{_NAME})(?=[,.;:]|$| [a-z])"
    ),
    # "Paper Lanterns' director is now Omar Sayed"
    re.compile(rf"^(?:The )?(?P<w>{_NAME})(?:'s|') {_ROLE} is (?:now |again )?(?P<p>{_NAME})"),
    # "W is in fact the work of P, who directed it"
    re.compile(
        rf"^(?:The )?(?P<w>{_NAME}) is (?:in fact |now |actually )?the work of (?P<p>{_NAME}), who (?P<v>[a-z]+) it\b"
    ),
    # "P is again credited as director of W" ("is the author of W" is no correction: the other readers read it)
    re.compile(
        rf"\b(?P<p>{_NAME}) is (?:again |now |once again )?credited as (?:the )?{_ROLE} of (?:the film |the book )?(?P<w>{_NAME})"
    ),
    # "The studio credited P as director of W", "The final credits list P as director of W": the credit given
    re.compile(
        rf"\b(?:credited|credits|list|lists|listed|now names|named) (?P<p>{_NAME}) as (?:the )?{_ROLE} of "
        rf"(?:the film |the book )?(?P<w>{_NAME})"
    ),
    # "P took over directing W and is now its sole credited director", "took over directing duties on W"
    re.compile(
        rf"^(?P<p>{_NAME}) (?:has )?(?:took|taken) over (?P<v>directing|writing)(?: duties on)? (?:the )?(?P<w>{_NAME})"
    ),
    # "Later editions credit W as directed by P", "The archive lists W as written by P": the credit given now
    re.compile(
        rf"\b(?:credit|credits|list|lists|name|names|record|records) (?:the )?(?P<w>{_NAME}) as"
        rf" (?:(?:having been|being) )?(?P<v>directed|written) by (?P<p>{_NAME})"
    ),
    # "W was taken over by director P"
    re.compile(rf"^(?:The )?(?P<w>{_NAME}) (?:was|has been) taken over by (?:the )?{_ROLE} (?P<p>{_NAME})"),
    # "after creative differences, Y left W; P is now its director"
    re.compile(rf"\b(?:left|quit|exited) (?:the )?(?P<w>{_NAME}); (?P<p>{_NAME}) is now its {_ROLE}\b"),
    # "Credits for W have been amended: the film was directed by P"
    re.compile(
        rf"^(?:The )?[Cc]redits? (?:for|of|on) (?:the )?(?P<w>{_NAME}) (?:have|has) been (?:amended|corrected|changed|updated)"
        rf"[:;,] (?:the (?:film|book|series|show|novel|play) )?(?:was|is) (?P<v>directed|written) by (?P<p>{_NAME})(?=[,.;:]|$| [a-z])"
    ),
)
_CAPITALS = (
    # "Duvania has renamed its capital: Port Amsel is now officially called Amsela", "… renamed its capital Amsela"
    re.compile(
        rf"^(?P<c>{_NAME}) (?:has )?renamed its (?P<r>capital|currency)(?:: (?:the )?(?:{_NAME}) is now (?:officially )?"
        rf"(?:called|named|known as)| to| as)? (?P<v>{_NAME})"
    ),
    # "The Kazakh capital has been renamed once again and is now called Astana", "Duvania's capital was renamed
    # Amsela": the capital keeps its seat under a new name
    re.compile(
        rf"^(?:The )?(?P<c>{_NAME})(?:'s|')? (?P<r>capital) (?:has been|was) renamed(?: once again| again)?"
        rf"(?: and is now (?:officially )?(?:called|named|known as)| to| as)? (?P<v>{_NAME})"
    ),
    # "Astana is once again what the Kazakh capital is called"
    re.compile(
        rf"^(?P<v>{_NAME}) is (?:once again |again |now )?what (?:the )?(?P<c>{_NAME}) (?P<r>capital) is called"
    ),
    # "Karsovia's government now sits in Belgor", "Karsovia's government has moved to Belgor"
    re.compile(
        rf"^(?P<c>{_NAME})(?:'s|') (?:government|parliament|seat of government) (?:now )?(?:sits|meets|is based) in (?P<v>{_NAME})"
    ),
)
#: "The capital of Valdoria is no longer Oresk but Novagrad": the new value, which a negation read as retracted.
_NO_LONGER_BUT = re.compile(
    rf"\b(?:is|are) no longer (?:the )?(?P<old>{_NAME}),? but (?:now )?(?:the )?(?P<new>{_NAME})"
)


#: Words one of the shapes needs: a sentence without any is read no further (most sentences).
_CUE = re.compile(r"\b(?:direct\w*|wr[io]t\w*|author|credit\w*|capital|government|parliament|seat|no longer)\b")


def facts(text: str) -> list[Fact]:
    """The corrected credit, renamed capital or moved seat ``text`` states, or none."""
    if not _CUE.search(text) or _HEDGE.search(text) or "?" in text or _OLD_SOURCES.match(text):
        return []
    text = _LABEL.sub("", text)
    for shape in _CREDITS:
        m = shape.search(text)
        if m is not None:
            relation = _credit(m)
            work, person = _bare(m["w"]), _bare(m["p"])
            if relation == "directed by":
                return make_fact(work, relation, person, single=True)
            if relation == "author of":
                return make_fact(person, relation, work, multi=True)
    for shape in _CAPITALS:
        m = shape.search(text)
        if m is not None:
            owner = country(_bare(m["c"]), adjective=True)
            owner = owner[:-2] if owner.endswith("landic") else owner  # "the Norlandic capital" is Norland's
            return make_fact(owner, m.groupdict().get("r") or "capital", _bare(m["v"]), single=True)
    return []


#: A one-word label before the statement ("Reshoots: ", "The studio reverted: "): no part of it.
_LABEL = re.compile(r"^(?:[A-Z][a-z]+|The [a-z]+ [a-z]+): (?=[A-Z])")


#: A time the name pattern took in with its "in" ("Harbour Lights in March"): no part of the name.
_TIME_AFTER = re.compile(
    r" (?:in|on|since) (?:January|February|March|April|May|June|July|August|September|October|November|December"
    r"|\d{4})$"
)


def _bare(name: str) -> str:
    return _TIME_AFTER.sub("", re.sub(r"^[Tt]he ", "", name).rstrip(".,;:"))


def _credit(m: re.Match[str]) -> str | None:
    groups = m.groupdict()
    if groups.get("role"):
        return _ROLES[groups["role"]]
    verb = {"directing": "direct", "writing": "write"}.get(groups["v"]) or lemmatise(groups["v"], "VERB")
    found = canonical_relation(verb, "", passive=False)
    return found[0] if found and found[0] in ("directed by", "author of") else None


def merged(found: list[Fact], text: str) -> list[Fact]:
    """``found`` with the correction's fact in place of other readings of the same subject and relation (a
    work cut at its "and", "Salt" for "Salt and Iron"), and the value "no longer A but B" names as current."""
    said = facts(text)
    names = {n.lower() for f in said for n in (f.subject, f.object)}

    def _theirs(f: Fact) -> bool:  # the same names read in part ("Salt"), whole with a label, or as another relation
        ours = {_bare(f.subject).lower(), _bare(f.object).lower()} & names
        cut = any(n.startswith(f.subject.lower() + " ") or f.subject.lower().endswith(" " + n) for n in names)
        return bool(said) and (len(ours) == 2 or cut or _bare(f.object).lower() in names and f.predicate == "works at")

    found = [f for f in found if not _theirs(f)] + said
    but = _NO_LONGER_BUT.search(text)
    new = _bare(but["new"]) if but else ""
    return [replace(f, retract=False) if f.retract and f.object == new else f for f in found]


#: A correction notice: what an earlier version said, then what is so ("An earlier version of this report said X
#: was headquartered in A; the company is headquartered in B", "… misidentified Dunmore's mayor. The mayor is Y").
EARLIER = re.compile(
    r"^(?:An?|The|Our) (?:earlier|previous|original|prior) (?:version|edition|report|story|article)"
    r"(?: of (?:this|the|our) [a-z]+)? (?:incorrectly |wrongly |erroneously )?"
    r"(?:said|stated|reported|gave|listed|named|identified|misidentified|misattributed|misstated|misreported|misnamed"
    r"|misplaced|mislabell?ed)\b",
    re.I,
)
_SAID_NOW = re.compile(r"(?P<said>[^;]*?)[.;] (?P<now>[A-Za-z].+)$")
#: The name the earlier version got wrong: "Dunmore's mayor", "the birthplace of Ines Okafor", "'Quiet Delta'".
_WRONG_OF = (
    re.compile(rf"(?P<n>{_NAME})(?:'s|') (?P<noun>[a-z]+)"),
    re.compile(rf"\bthe (?P<noun>[a-z]+) of (?:the )?(?P<n>{_NAME})"),
    re.compile(rf"'(?P<n>{_NAME})'"),
    re.compile(rf"(?P<n>{_NAME})"),
)
#: The statement's opening that points back at it: "The mayor", "The film's", "the company", "She".
_POINTER = re.compile(r"^(?:[Tt]he (?P<kind>[a-z]+)(?P<poss>'s)?|[Ii]t|[Hh]e|[Ss]he|[Tt]hey)\b")


#: A value a source gives now for a name's role: "Later sources give Tromsø as Ingrid Solberg's birthplace". Present
#: tense only ("early profiles gave Bodø as …" is the old value), and not a source among others ("some sources").
_GIVEN_AS = re.compile(
    r"^(?:[A-Z][\w-]*(?: [a-z][\w-]*){0,3} )?"
    rf"(?:now )?(?:give|gives|list|lists|name|names|record|records|cite|cites) (?:the )?(?P<v>{_NAME})"
    rf" as (?P<n>{_NAME})(?:'s|') (?P<role>[a-z]+(?: [a-z]+){{0,2}})(?=[,.;]|$)"
)
#: Sources that give an old or a disputed value: "Early profiles gave …", "Some sources list …", "Older catalogues".
_OLD_SOURCES = re.compile(r"^(?:Some|Other|Several|Many|A few|Early|Earlier|Older|Old|Original) [a-z]+s\b")


#: The prepositions a value follows ("born in", "works at", "written by").
_PREP = r"(?:in|at|by|for|with|to|from|of|on)"
#: A correction said by contrast, whatever its relation: "was not born in Bergen, as often reported, but in
#: Ålesund", "works not at Gazprom but at Rosneft", "was written not by Ana Ruiz but by Luis Mora". The denied
#: value (a name) and how it was given are no statement; the verb's words before it and a preposition (the one
#: after "but", else the denied value's) carry the value named after "but". "Not only A but also B" is no contrast.
_NOT_BUT = re.compile(
    rf"\bnot (?!only\b|just\b|merely\b|simply\b)(?P<words>(?:[a-z]+ ){{0,2}}?)(?P<prep>{_PREP} )?(?:the )?{_NAME}"
    rf"(?:,? (?:as|like) [^,;]{{1,60}},)?,? but (?!also\b)(?P<prep2>{_PREP} )?(?=(?:the )?[{_UP}])"
)


def contrasted(text: str) -> str:
    """``text`` with a contrastive correction said plainly: "X was not born in A, as reported, but in B" as "X was
    born in B"."""
    return _NOT_BUT.sub(lambda m: m["words"] + (m["prep2"] or m["prep"] or ""), text)


def restated(text: str) -> str:
    """What a correction notice says is so, its pointer back made the name the earlier version got wrong; the
    earlier version's words are no statement. A value a source now gives for a role, said as the role's value. A
    contrastive correction as its value (:func:`contrasted`). Any other text as it is."""
    text = contrasted(text)
    given = _GIVEN_AS.match(text)
    if given and not _OLD_SOURCES.match(
        text
    ):  # "Later sources give Tromsø as Ingrid Solberg's birthplace, which …" → "… birthplace is Tromsø."
        return f"{given['n']}'s {given['role']} is {given['v']}."
    opener = EARLIER.match(text)
    split = _SAID_NOW.match(text, opener.end()) if opener else None
    if split is None:
        return "" if opener else text  # what an earlier version said, and nothing said instead
    said, now = split["said"], split["now"]
    wrong = next((m for m in (p.search(said) for p in _WRONG_OF) if m), None)
    pointer = _POINTER.match(now)
    if wrong is None or pointer is None:
        return now
    name, noun = wrong["n"], wrong.groupdict().get("noun")
    if pointer["poss"]:  # "The film's director is …"
        return f"{name}'s{now[pointer.end() :]}"
    if pointer["kind"] and pointer["kind"] == noun:  # "… Dunmore's mayor. The mayor is …"
        return f"{name}'s {noun}{now[pointer.end() :]}"
    return name + now[pointer.end() :]
