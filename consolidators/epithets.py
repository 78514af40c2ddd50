"""Descriptions news prose hangs on a name, each of which states a relation without a verb of its own:
"Bolivian President Rodrigo Arce", "Verdelux co-founder Rafael Duarte", "Leila Farah, a virologist at the
Pasteur Institute", "Iván Sosa is a Boca Juniors player", "Montreal resident Chloé Martin", "Marta Ruiz,
the Valencia-born architect", "Nikos Haddad holds Egyptian and Greek passports".

Read by their words, beside the parse: the small parser tags a title before a name, or a team before a
role, in too many ways for its tree to be read reliably. A "former", "ex-" or "late" before the
description makes it past, and it states nothing.
"""

from __future__ import annotations

import re

from .lifeevents import is_occupation
from .places import DEMONYMS, country_of
from .regexgate import compiled
from .relations import role_relation
from .spans import make_fact
from .text import inflected_verb
from .types import Fact

_CAP = r"[A-ZÀ-ÖØ-ÞĀ-Ž]"
#: A person's name: two or more capitalised words ("Jean-Marc Tiavi", "Luiz Inácio Lula da Silva"); an article
#: opens a title, never a name ("The Pilgrim's Atlas" is a book, not Pilgrim's).
_PERSON = rf"(?P<{{g}}>(?!(?:The|A|An) ){_CAP}[\w'.-]+(?: (?:(?:da|de|do|dos|das|di|du|van|von|der|den|bin|ibn|al|el|la|le|wa|della|del) )?{_CAP}[\w'.-]+)+)"
#: An organisation's or a place's name: capitalised words, with the joiners names hold ("Bank of Ireland").
_NAME = rf"(?P<{{g}}>{_CAP}[\w&'.+-]*(?: (?:{_CAP}[\w&'.+-]*|of|de|del|da|di|do|du|&))*)"
_DEMONYM = "|".join(sorted(DEMONYMS, key=len, reverse=True))
#: A nationality's adjective before "citizenship", "passport" or "citizen": the table's, or a coined one that
#: :func:`consolidators.places.country_of` undoes ("Vesmarian citizenship" is Vesmaria's).
_NATIONALITY = rf"{_DEMONYM}|{_CAP}[a-z]{{3,}}"
_PAST = r"(?<![Ff]ormer )(?<![Ee]x-)(?<![Ll]ate )(?<![Tt]hen-)"


#: A work's title: capitalised words with the small words titles hold ("Half of a Yellow Sun", "Les Jardins d'Hiver").
TITLE_WORDS = (
    rf"{_CAP}[\w'.-]*(?: (?:{_CAP}[\w'.-]*|[dl]'{_CAP}[\w'-]*|of|the|a|an|to|in|on|over|for|from|with|at|y|de|del"
    rf"|da|do|la|le|les|el|\d+)(?!\w))*"  # a joiner is a whole word: "a" is not the start of "and"
)
_TITLE = rf"(?P<{{g}}>{TITLE_WORDS})"


#: A musician's place in a band: "bassist", "lead singer" (a singer or a cellist plays alone as often).
_BAND_ROLE = "bassist|guitarist|lead guitarist|drummer|lead singer|frontman|frontwoman|keyboardist|vocalist"


def _title(group: str) -> str:
    return _TITLE.format(g=group)


def _person(group: str) -> str:
    return _PERSON.format(g=group)


def _name(group: str) -> str:
    return _NAME.format(g=group)


#: The slots other readers of descriptions build their shapes from (:mod:`consolidators.statics`).
title_slot, person_slot, name_slot = _title, _person, _name


#: (predicate, pattern, subject group, object group); a pattern's "dem" group is a demonym, read as its country.
_EPITHETS: tuple[tuple[str, re.Pattern[str], str, str], ...] = tuple(
    (predicate, compiled(pattern), subj, obj)
    for predicate, pattern, subj, obj in (
        # "Bolivian President Rodrigo Arce", "the Kenyan president, William Ruto,"
        ("president", rf"{_PAST}\b(?P<dem>{_DEMONYM}) [Pp]resident,? {_person('p')}", "dem", "p"),
        # "Verdelux co-founder Rafael Duarte", "Kora's co-founder Daniel Park"
        ("founded by", rf"{_PAST}\b{_name('o')}(?:'s)? (?:co-?founder|founder) {_person('p')}", "o", "p"),
        # "Iván Sosa is a Boca Juniors player", "Luka Petrović is now a Dinamo Zagreb player"
        ("plays for", rf"{_person('p')} is (?:now |currently )?an? {_name('o')} player\b", "p", "o"),
        # "Astana, the Kazakh capital,", "the Kazakh capital, Astana,"
        # a preposition before the city is the sentence's scene, not the name ("In Vilnius, the Lithuanian capital,")
        (
            "capital",
            rf"{_PAST}\b(?:(?:In|At|From|To|Near) )?{_name('o')}, (?:now )?the (?P<dem>{_DEMONYM}) capital\b",
            "dem",
            "o",
        ),
        ("capital", rf"{_PAST}\b[Tt]he (?P<dem>{_DEMONYM}) capital, {_name('o')},", "dem", "o"),
        # "Montreal resident Chloé Martin"
        ("lives in", rf"{_PAST}\b{_name('o')} resident {_person('p')}", "p", "o"),
        # "Nikos Haddad holds Egyptian and Greek passports", "holds a Brazilian passport", "holds Vesmarian citizenship"
        (
            "citizen of",
            rf"{_person('p')} (?:holds|has|carries) (?:both |dual |an? )?(?P<dem>{_NATIONALITY})"
            rf"(?: and (?P<dem2>{_NATIONALITY}))? (?:passports?|citizenship|nationality)\b",
            "p",
            "dem",
        ),
        # "Chimamanda Ngozi Adichie (born 1977) is the author of Half of a Yellow Sun": the title whole
        (
            "author of",
            rf"{_person('p')}(?: \([^)]*\))? is (?:best known as |known as )?the author of {_title('w')}",
            "p",
            "w",
        ),
        # "Samira Haddad is a native speaker of Arabic", "addressed the press in excellent Italian"
        ("speaks", rf"{_person('p')},? (?:is )?an? native speaker of (?P<o>{_CAP}[\w-]+)", "p", "o"),
        (
            "speaks",
            rf"{_person('p')},? (?:[a-z]+ ){{1,3}}in (?:excellent|fluent|flawless|perfect|near-perfect) (?P<o>{_CAP}[\w-]+)",
            "p",
            "o",
        ),
        # "Chimamanda Ngozi Adichie (born 1977 in Enugu)", "Nkechi Eze (b. 1990, Kano)"
        (
            "born in",
            rf"{_person('p')} \((?:born|b\.) (?:[\w ]*?\d{{4}}(?:,| in) )?(?P<o>{_CAP}[\w'-]+(?: {_CAP}[\w'-]+)*)\)",
            "p",
            "o",
        ),
        # "Red Hot Chili Peppers bassist Flea", "Brass Lantern's fiddler, Johanna Lind,"
        (
            "member of",
            rf"{_PAST}\b(?P<former>(?:[Ff]ormer|[Ee]x-|[Ll]ate|[Tt]hen-?) )?(?!(?:{_DEMONYM})\b)(?!(?:The )?[\w'-]+-(?:born|based)\b)(?!(?:The|A|An) ){_name('o')}(?:'s?)? (?:{_BAND_ROLE}),? (?P<p>{_CAP}[\w'.-]+(?: {_CAP}[\w'.-]+)*)",
            "p",
            "o",
        ),
        # "Brian May still plays guitar in Queen"
        (
            "member of",
            rf"{_person('p')} (?:still |now )?plays (?:the )?(?:bass|guitar|drums|keys|keyboards|piano|violin|fiddle|cello|saxophone|trumpet) (?:in|for|with) (?:the band )?{_name('o')}",
            "p",
            "o",
        ),
        # "Elena Rybakina, a Kazakh citizen since 2018,", "Amira Haddad, a dual French and Tunisian national,"
        (
            "citizen of",
            rf"{_person('p')}, an? (?:dual )?(?P<dem>{_NATIONALITY})(?: and (?P<dem2>{_NATIONALITY}))?(?: dual)?"
            r" (?:citizen|national)\b",
            "p",
            "dem",
        ),
        # "Marguerite Duval is a citizen of both France and Canada"
        (
            "citizen of",
            rf"{_person('p')},? (?:is |who is )?(?:also )?an? (?:dual )?(?:citizen|national) of both {_name('o')} and {_name('o2')}",
            "p",
            "o",
        ),
        # "A Waseda University graduate, Fumio Kishida …", "Bong Joon-ho, a Yonsei University alumnus,"
        ("educated at", rf"\b[Aa]n? {_name('o')} (?:graduate|alumnus|alumna|alum), {_person('p')}", "p", "o"),
        ("educated at", rf"{_person('p')},? (?:is )?an? {_name('o')} (?:graduate|alumnus|alumna|alum)\b", "p", "o"),
        # "An alumnus of the University of Buenos Aires, Raúl Echeverría …"
        ("educated at", rf"\b[Aa]n? (?:graduate|alumnus|alumna) of (?:the )?{_name('o')}, {_person('p')}", "p", "o"),
        # "Wanjiru Kamau earned her doctorate at the University of Nairobi", "the Oxford-educated barrister X"
        (
            "educated at",
            rf"{_person('p')} (?:earned|received|took|completed|obtained|holds|has) (?:her|his|their|a) (?:[a-z']+ )?"
            rf"(?:doctorate|degree|PhD|master's|masters|bachelor's|MBA|diploma) (?:at|from) (?:the )?{_name('o')}",
            "p",
            "o",
        ),
        ("educated at", rf"\b(?P<o>{_CAP}[\w'.-]*)-educated (?:[a-z-]+ ){{0,2}}{_person('p')}", "p", "o"),
        ("educated at", rf"{_name('o')} counts {_person('p')} among its (?:graduates|alumni)\b", "p", "o"),
        # "Monsoon Letters, helmed by Ravi Menon," ("the director of X" and "at the helm of X" may be a company's)
        ("directed by", rf"{_name('w')}, (?:helmed|directed) by {_person('p')}", "w", "p"),
        # "Les Heures Blanches, the second novel by Mireille Fontaine", "…, Adichie's second novel,"
        (
            "author of",
            rf"{_title('w')}, (?:the |a )?(?:[a-z-]+ ){{0,2}}(?:novel|book|memoir|collection|poem|play) (?:by|from) {_person('p')}",
            "p",
            "w",
        ),
        (
            "author of",
            rf"{_title('w')}, {_person('p')}'s (?:[a-z-]+ ){{0,2}}(?:novel|book|memoir|collection|poem|play)\b",
            "p",
            "w",
        ),
        (
            "author of",
            rf"\b[Aa]mong the (?:books|novels|works) (?:written )?by {_person('p')} is {_title('w')}",
            "p",
            "w",
        ),
    )
)
#: "Leila Farah, a virologist at the Pasteur Institute,": an occupation at an organisation, beside the name.
_ROLE_AT = re.compile(
    rf"{_person('p')}, (?:now |currently )?(?:an? |the )?(?P<role>[a-z][a-z-]*(?: [a-z][a-z-]*)?) (?:at|with) (?:the )?{_name('o')},"
)
#: "Marta Ruiz, the Valencia-born architect,": a birthplace as an adjective after the name (before it, as
#: in "the Lagos-born author Tunde Bakare", :mod:`consolidators.newsidioms` reads it).
_BORN_AFTER = re.compile(rf"{_person('p')}, (?:the |an? )(?P<o>{_CAP}[\w'.-]*)-born [a-z]")


_LANDMARK = (
    r"(?:Fortress|Castle|Cathedral|Tower|Bridge|Museum|Palace|Temple|Church|Mosque|Abbey|Monastery|Observatory"
    r"|Stadium|Arena|Square|Gardens|Library|Chapel|Basilica|Synagogue|Theatre|Theater|Opera House|Baths|Falls"
    r"|Gallery|Market|Harbour|Harbor|Lighthouse|Pier|Zoo)"  # no "Park", "Gate": surnames too
)
#: Verb-first descriptions before the name they describe, each (predicate, pattern, inverse): "Directed by Ana
#: Lily Amirpour, Blue Meridian …", "Co-founded by Aditi Sharma and Karan Mehta, Pinecrest Health …",
#: "Situated in Cusco, the Qorikancha temple …"; and founders named together ("Ngozi Eze and Daniel Park
#: founded the payments startup Kora"), a film's credit in brackets ("The Lantern Keeper (dir. Sofía Márquez)"),
#: a spouse named beside the one whose spouse they are ("Luc Moreau's wife, the actress Yara Haddad").
#: What comes between an opening description and its name: "the Kyoto gallery", "the payments start-up".
_OPENING = rf"(?:the (?:{_CAP}[\w-]+ (?=[a-z]))?(?:[a-z-]+ ){{0,3}}|an? (?:[a-z-]+ ){{0,3}})?"
_DESCRIBED: tuple[tuple[str, re.Pattern[str], str, str], ...] = tuple(
    (predicate, compiled(pattern), subj, obj)
    for predicate, pattern, subj, obj in (
        ("directed by", rf"^Directed by {_person('p')}(?: and {_person('p2')})?, {_OPENING}{_name('w')}", "w", "p"),
        (
            "author of",
            rf"^(?:Written|Penned) by {_person('p')}(?: and {_person('p2')})?, {_OPENING}{_name('w')}",
            "p",
            "w",
        ),
        (
            "founded by",
            rf"^(?:Co-)?(?:[Ff]ounded|Started|Set up|Established) (?:in \d{{4}} )?by (?:[a-z-]+ )?{_person('p')}"
            rf"(?: and {_person('p2')})?(?: in \d{{4}})?, {_OPENING}{_name('w')}",
            "w",
            "p",
        ),
        ("located in", rf"^(?:Situated|Located|Nestled|Set) in {_name('p')}, {_OPENING}{_name('w')}", "w", "p"),
        ("directed by", rf"^Helmed by {_person('p')}(?: and {_person('p2')})?, {_OPENING}{_name('w')}", "w", "p"),
        # "The Museo do Mar, in Vigo, reopened", "Lake Bled, in northwestern Slovenia,": a landmark's place
        (
            "located in",
            rf"^(?:The )?(?P<w>(?:{_CAP}[\w'-]+ )*{_LANDMARK}(?: (?:of|do|da|de|del) [\w' -]+?)?|(?:Lake|Mount|Museo|Musée|Museu)(?: (?:do|da|de|del|of|the))? {_CAP}[\w'-]+), in "
            rf"(?:the (?:heart|centre|center|middle|outskirts) of )?(?:(?:[a-z]+ern|central) )?"
            rf"(?:the (?:[A-Za-z]+ )?(?:city|town|village|region|province) of )?{_name('p')},",
            "w",
            "p",
        ),
        (
            "founded by",
            rf"{_person('p')}(?: and {_person('p2')})? (?:co-?)?founded (?:the )?(?:[a-z-]+ ){{0,3}}{_name('w')}",
            "w",
            "p",
        ),
        ("directed by", rf"{_name('w')} \((?:dir\.|directed by) {_person('p')}", "w", "p"),
        (
            "located in",
            rf"\b{_name('p')}'s (?:(?!the\b)[a-z-]+ ){{0,2}}?(?P<w>(?:{_CAP}[\w'-]+ )+{_LANDMARK})\b",
            "w",
            "p",
        ),
        (
            "married to",
            rf"{_person('p')}'s (?:wife|husband|spouse), (?:the |a )?(?:[a-z-]+ )?{_person('p2')}",
            "p",
            "p2",
        ),
        (
            "married to",
            # no other name between them: "Ana Ruiz met Tom Lee and his wife" is Tom Lee's wife
            rf"{_person('p')},? (?:(?:(?!{_CAP}[\w'-]+ {_CAP})[^,.;])*? )?(?:and|with) (?:his|her) (?:wife|husband),? (?:the |a )?"
            rf"(?:[a-z-]+ )?"
            rf"{_person('p2')}",
            "p",
            "p2",
        ),
    )
)


def facts(text: str) -> list[Fact]:
    """The relations the descriptions in ``text`` state."""
    found: list[Fact] = []
    for predicate, pattern, subj, obj in _DESCRIBED:
        for m in pattern.finditer(text):
            if predicate == "married to" and _a_verbs_object(text[: m.start(subj)]):
                continue  # "X founded the Y Trust with her husband, Z": "her" is X's, the Trust marries no one
            found += _fact(m, predicate, subj, obj)
            if obj == "p" and m.groupdict().get("p2"):  # "Co-founded by A and B": both
                found += _fact(m, predicate, subj, "p2")
            if subj == "p" and obj != "p2" and m.groupdict().get("p2"):
                found += _fact(m, predicate, "p2", obj)
    for predicate, pattern, subj, obj in _EPITHETS:
        for m in pattern.finditer(text):
            if m.groupdict().get("former"):  # "Former Glass Tigers drummer X": the whole name is past
                continue
            found += _fact(m, predicate, subj, obj)
            if obj == "dem" and m.groupdict().get("dem2"):
                found += _fact(m, predicate, subj, "dem2")
            if m.groupdict().get("o2"):  # "a citizen of both France and Canada": each a citizenship
                found += _fact(m, predicate, subj, "o2")
    for m in _ROLE_AT.finditer(text):
        # "a saxophonist with the Jaffa Brass Collective" plays in the group (the parse reads it), on no payroll
        if is_occupation(m["role"]) and role_relation(m["role"].lower().split()) != ("member of", "holder"):
            found += make_fact(m["p"], "works at", m["o"], single=True)
    for m in _BORN_AFTER.finditer(text):
        found += make_fact(m["p"], "born in", DEMONYMS.get(m["o"], m["o"]), single=True)
    return found


#: The last word before a name: an article or a verb before it makes the name what the clause acts on.
_LAST_WORD = re.compile(r"(?P<word>[\w'-]+)\s+$")


def _a_verbs_object(before: str) -> bool:
    """Whether the name after ``before`` is an article's or a verb's ("founded the Lotus Fund", "joined Acme")."""
    last = _LAST_WORD.search(before)
    return last is not None and (last["word"].lower() in ("the", "a", "an") or inflected_verb(last["word"]))


def _fact(m: re.Match[str], predicate: str, subj: str, obj: str) -> list[Fact]:
    # "Kora's co-founder": the possessor is the name
    subject, value = (
        (country_of(m[g]) or "") if g.startswith("dem") else re.sub(r"'s$", "", m[g]).rstrip(".").strip("'\"‘’“”")
        for g in (subj, obj)
    )
    if not subject or not value:  # "holds Kellish citizenship": an adjective that names no one country
        return []
    return make_fact(subject, predicate, value, single=predicate not in ("founded by", "citizen of"))
