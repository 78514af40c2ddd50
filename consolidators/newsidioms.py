"""Idioms of news prose, read by their words: offices, transfers, ownership, headquarters, homes and
bands ("Maja Kos now holds the office of mayor of Ljubljana", "Halvard Robotics moved its head office from
Osaka to Kyoto", "Karin Lindqvist has left Volvo Cars"), and the phrases that open a sentence about its
subject ("Born in Accra in 1962, the architect …", "The Gothenburg-born cellist …", "Prices in Ghana are
quoted in cedis"). Each is a fixed shape of English whose parse the small model often gets wrong; the
parse reader adds what these find to what it reads itself (:mod:`consolidators.descriptors`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from . import moves
from .ensembles import names_another_kind
from .places import CURRENCIES, DEMONYMS
from .relations import ENSEMBLE_WORDS, role_relation
from .spans import make_fact
from .text import lemmatise, table
from .types import Fact

_PERSON = r"(?P<subj>[A-ZÀ-ÖØ-ÞĀ-Ž][\w'.-]+(?: [A-ZÀ-ÖØ-ÞĀ-Ž][\w'.-]+)+)"
_PLACE = r"(?P<obj>[A-ZÀ-ÖØ-ÞĀ-Ž][\w'.-]+(?: (?:[A-ZÀ-ÖØ-ÞĀ-Ž][\w'.-]+|of|de|del|da))*)"
#: A phrase that opens the sentence and describes its subject: "Born in Accra in 1962, the architect Kwame
#: Mensah-Bonsu …", "A graduate of Sciences Po, Léa Marchand …", "Fluent in Korean, the diplomat …".
_OPENERS = tuple(
    (
        predicate,
        re.compile(
            rf"^{lead} {_PLACE}(?: to [^,]+)?(?: in (?:the )?\d{{4}}s?)?, (?:the |a |an )?(?:[a-z-]+ ){{0,3}}{_PERSON}"
        ),
    )
    for predicate, lead in (
        ("born in", "Born in"),  # "Raised in X" is where one grew up, not where one was born
        ("born in", "A native of"),
        ("educated at", "(?:A graduate|An alumnus|An alumna|A former student) of"),
        ("educated at", "Educated at"),
        ("speaks", "Fluent in"),
    )
)
#: "Prices in Ghana are quoted in the cedi": the money a country's prices are in is its currency.
_SHOPS = re.compile(
    r"\b[Ss]hops (?:across|in|throughout) (?P<subj>[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+(?: [A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+)*) (?:now )?price (?:goods|things|everything)"
    r" in (?:the )?(?P<obj>\w+)"
)
_PRICES = re.compile(
    r"\b[Pp]rices in (?P<subj>[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+(?: [A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+)*) are (?:now )?(?:quoted|listed|given|set|paid) in "
    r"(?:the )?(?:new )?(?P<obj>(?:[A-ZÀ-ÖØ-ÞĀ-Ž]\w+ )?\w+)"
)
#: "Tavonia switched to the euro at midnight", "Nuvaland now pays in the pound", "On 1 March Ostrava
#: became the latest country to adopt the euro": a currency by its name, after the day it was adopted.
_SWITCHED = re.compile(
    r"^(?:(?:On|In|From|Since|As of) (?:\d{1,2} )?[A-Z][a-z]+(?: \d{1,2})?(?:,? \d{4})?,? )?(?P<subj>[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+(?: [A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+)*) (?:has )?(?:now )?(?:switched to|adopted|pays in|now pays in"
    r"|(?:has become|became) the (?:latest|newest|first|last|\w+th|second|third) (?:country|nation|state|member) to adopt) the "
    rf"(?P<obj>{'|'.join(sorted(CURRENCIES))})\b"
)
#: "The Gothenburg-born cellist Freja Lindholm": a birthplace written as an adjective.
_BORN = re.compile(rf"\b(?P<obj>[A-ZÀ-ÖØ-ÞĀ-Ž][\w]+)-born (?:[a-z-]+ ){{0,2}}{_PERSON}")


def _name(group: str) -> str:
    """A name (an organisation's or a place's) as the regex group ``group``."""
    # "the Danish town of Billund": a name followed by a noun and "of" only describes the name after it
    return rf"(?P<{group}>(?:the )?[A-ZÀ-ÖØ-ÞĀ-Ž][\w&'.+-]*(?: (?:[A-ZÀ-ÖØ-ÞĀ-Ž+][\w&'.+-]*|of|de|for|&))*)\b(?! [a-z]+ of\b)"


def _person(group: str) -> str:
    return rf"(?P<{group}>[A-ZÀ-ÖØ-ÞĀ-Ž][\w'.-]+(?: [A-ZÀ-ÖØ-ÞĀ-Ž][\w'.-]+)+)"


_HQ = r"(?:head office|headquarters|HQ|main office)"
_CEO = r"(?:CEO|chief executive)"
#: Idioms of employment, office, ownership and transfer the parse reads badly, each a (predicate, pattern)
#: whose groups "s" and "o" are the fact's subject and object (an office's "role" names the predicate):
#: "Mei Lin is now on the payroll at ByteDance", "Maja Kos now holds the office of mayor of Ljubljana",
#: "Arsenal have completed the signing of Marta Kowalska", "Halvard moved its head office to Kyoto".
_IDIOMS = table(
    (
        "works at",
        rf"{_person('s')},? (?:who )?(?:[^,.;]*? and )?(?:is|are) (?:now )?on (?:the )?(?:payroll|staff|faculty) (?:at|of) {_name('o')}",
    ),
    (
        "",
        rf"{_person('o')} (?:now )?holds the (?:office|post|position|role) of (?P<role>mayor|president|{_CEO}) (?:of|at) {_name('s')}",
    ),
    (
        "plays for",
        rf"^{_name('o')} (?:have |has )?(?:completed the (?:signing|signature) of|signed|re-signed) (?!for |with )(?:[A-Z][a-z]+ (?=[a-z]))?(?:[a-z]+ )?{_person('s')}(?: from [A-ZÀ-ÖØ-ÞĀ-Ž]|,|\.| on | to |$)",
    ),
    (
        "plays for",
        rf"{_person('s')} (?:has )?completed (?:his|her|their|a|the) (?:transfer|move|switch|loan move)(?: from [A-ZÀ-ÖØ-ÞĀ-Ž][\w .'-]*?)? to {_name('o')}",
    ),
    (
        "headquartered in",
        rf"^{_name('s')}(?:'s|') {_HQ}(?: (?:is|are|has|have|was|were))?(?: now)?(?: (?:been )?(?:moved|relocated))?(?: from [A-ZÀ-ÖØ-ÞĀ-Ž][\w .'-]*?)? (?:to|in) {_name('o')}",
    ),
    (
        "headquartered in",
        rf"^{_name('s')} (?:has )?(?:moved|relocated) its {_HQ}(?: from [A-ZÀ-ÖØ-ÞĀ-Ž][\w .'-]*?)? to {_name('o')}",
    ),
    ("ceo", rf"{_person('o')} (?:took|has taken|takes) the helm (?:at|of) {_name('s')} as (?:its |the )?{_CEO}"),
    (
        "ceo",
        rf"^{_name('s')}(?:(?:'s|') board)? (?:has )?(?:named|appointed|made|hired) {_person('o')} (?:as )?(?:its |the )?(?:new )?{_CEO}\b",
    ),
    ("ceo", rf"^{_name('s')} has a new {_CEO}:? {_person('o')}"),
    (
        "owned by",
        rf"^{_name('o')} (?:has )?completed (?:its|the|their) (?:acquisition|purchase|takeover) of {_name('s')}",
    ),
    ("owned by", rf"^{_name('s')} (?:was|has been) sold (?:by [A-ZÀ-ÖØ-ÞĀ-Ž][\w &'.-]*? )?to {_name('o')}"),
    ("lives in", rf"{_person('s')} (?:now )?calls {_name('o')} home\b"),
    ("ceo", rf"^{_name('s')}(?:'s|') top job (?:has gone|went|goes) to {_person('o')}"),
    (
        "plays for",
        rf"{_person('s')} (?:has )?(?:joined|signed for|signed with) {_name('o')} on (?:a )?(?:loan|free transfer|[\w-]+ (?:deal|contract))",
    ),
    ("plays for", rf"^{_name('o')} (?:is|are) {_person('s')}'s (?:club|team|side)(?: now)?\b"),
    (
        "capital",
        rf"(?:^|, ){_name('s')}(?:'s government)? (?:has )?(?:made|declared|named) {_name('o')} (?:the|its) (?:new )?capital",
    ),
    ("capital", rf"{_name('s')} to (?:transfer|move|relocate) its capital to {_name('o')}"),
    ("capital", rf"^{_name('s')} (?:has )?(?:moved|transferred|relocated) its capital to {_name('o')}"),
    ("capital", rf"^{_name('s')}\b[^.]*?, making {_name('o')} (?:the|its) (?:new )?capital"),
    (
        "",
        rf"replaced [A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]* with {_name('o')} as the (?P<role>official language|capital|currency) of {_name('s')}",
    ),
    ("lives in", rf"{_person('s')},? (?:who )?(?:now )?makes (?:his|her|their) home in {_name('o')}"),
    ("plays for", rf"{_person('s')} (?:now )?(?:skates|suits up|lines up|turns out) for (?:the )?{_name('o')}"),
    (
        "",
        rf"{_person('o')} (?:was|has been|is) (?:inaugurated|sworn in|installed) as {_name('s')}(?:'s|') "
        rf"(?:new )?(?P<role>president|mayor|{_CEO})",
    ),
    (
        "",
        rf"{_person('o')} (?:was|has been|is) (?:inaugurated|sworn in|installed) as (?:the )?(?:new )?"
        rf"(?P<role>[Pp]resident|[Mm]ayor|{_CEO}) of {_name('s')}",
    ),
    # "Pavel Drozd won the run-off and is now president of Estravia": an office without its article
    ("", rf"{_person('o')}(?: [^,.;]*? and)? is (?:now|currently) (?P<role>president|mayor|{_CEO}) of {_name('s')}"),
    ("capital", rf"\bmoved (?P<s>[A-ZÀ-ÖØ-ÞĀ-Ž][\w-]*(?: [A-ZÀ-ÖØ-ÞĀ-Ž][\w-]*)*)'s? capital to {_name('o')}"),
    (
        "mayor",
        rf"^[Tt]he {_name('s')} city council (?:has )?(?:elected|appointed|chose|named) {_person('o')} as (?:its )?(?:new )?mayor",
    ),
    (
        "headquartered in",
        rf"^{_name('s')} (?:now )?operates (?:out of|from) (?:a |its )?(?:new )?{_HQ} in {_name('o')}",
    ),
    ("lives in", rf"{_person('s')}, an? {_name('o')} resident\b"),
    ("lives in", rf"{_person('s')} (?:has )?(?:settled|resettled) in {_name('o')}"),
    # offices said as a transfer of a job or an office held
    ("ceo", rf"\bhanded the top job at {_name('s')} to {_person('o')}"),
    (
        "ceo",
        rf"^{_name('s')}(?:(?:'s|') new owners?)? (?:has )?(?:named|appointed|installed) (?:interim |acting |new )?{_CEO} {_person('o')}",
    ),
    (
        "ceo",
        rf"^{_name('s')}(?:(?:'s|') new owners?)? (?:has )?(?:installed|appointed|named) {_person('o')} as (?:its |the )?(?:new |interim |acting )?{_CEO}",
    ),
    (
        "mayor",
        rf"\b[Vv]oters in {_name('s')} (?:have )?(?:elected|re-elected|chose) {_person('o')} as (?:their )?(?:new )?mayor",
    ),
    ("mayor", rf"^{_name('s')}(?:'s|') mayoral office is (?:now )?held by {_person('o')}"),
    (
        "capital",
        rf"^(?:[A-Z][\w ]{{0,30}} )?[Tt]he capital of {_name('s')} (?:has been|was) (?:moved|transferred|relocated) to "
        rf"(?:the (?:new |planned )?(?:city|town) of )?{_name('o')}",
    ),
    (
        "",
        rf"^{_name('s')}(?:'s|') (?:new )?constitution makes {_name('o')} the (?:only |sole )?(?P<role>official language|capital)",
    ),
    # a death's place, a job joined from another, a player signed or unveiled
    ("died in", rf"^{_person('s')}(?:'s|') death (?:took place|occurred) in {_name('o')}"),
    ("works at", rf"{_person('s')} (?:has )?left [^,;]+? to join {_name('o')}"),
    ("works at", rf"^{_name('o')} (?:has )?(?:recruited|hired|poached) {_person('s')}"),
    (
        "plays for",
        rf"^{_name('o')} (?:have |has )?(?:unveiled|presented) (?:new signing |their new signing )?{_person('s')}",
    ),
    (
        "plays for",
        rf"^{_name('o')} (?:have |has )?announced the arrival of (?:[\w-]+ ){{0,3}}{_person('s')}(?:[.,;]|$)",
    ),
    ("married to", rf"{_person('s')} and (?:his|her) (?:new )?(?:wife|husband),? {_person('o')}"),
    # "has left Keck for NASA", "has been lured from RTÉ by the BBC", "has hired Tariq Hassan away from the IMF"
    ("works at", rf"{_person('s')} (?:has )?(?:left|quit) [^,;]+? for {_name('o')}"),
    ("works at", rf"{_person('s')} (?:has been|was) (?:lured|poached|hired) (?:away )?from [^,;]+? by {_name('o')}"),
    ("works at", rf"\b{_name('o')} (?:has )?hired {_person('s')} away from"),
    ("works at", rf"{_person('s')} (?:has been|was) (?:lured|poached|hired) (?:away )?by {_name('o')}"),
    ("plays for", rf"{_person('s')} (?:has been|was) snapped up by (?:rivals? |the )?{_name('o')}"),
    ("owned by", rf"^{_name('x')} (?:has )?sold {_name('s')} to {_name('o')}"),
    # "Valdris Holdings sold Orbis Pharma; Bayer owns it now": the buyer named after the sale owns what was sold
    ("owned by", rf"^{_name('s')} has a new owner:? {_name('o')}"),
    ("owned by", rf"^{_name('o')} (?:now )?owns {_name('s')} after (?:buying|acquiring|purchasing) it\b"),
    (
        "owned by",
        rf"^{_name('x')} (?:has )?(?:sold|spun off|divested|offloaded) {_name('s')}[;,]? (?:and )?{_name('o')} (?:now )?owns it\b",
    ),
    (
        "owned by",
        rf"^{_name('s')} is (?:now )?(?:part of|owned by) {_name('o')}, which (?:has )?(?:bought|acquired|purchased) it\b",
    ),
    ("lives in", rf"{_person('s')} (?:has )?made {_name('o')} (?:his|her|their) home"),
    (
        "ceo",
        rf"{_person('o')} (?:took|has taken|takes) the helm (?:at|of) {_name('s')}[^.;]*?,? (?:replacing|succeeding) "
        rf"{_person('x')} as (?:its |the )?{_CEO}",
    ),
    (
        "ceo",
        rf"^{_name('s')} (?:is )?(?:now )?(?:headed|led|run) by {_person('o')}, (?:its|the company's) (?:[a-z-]+ ){{0,3}}{_CEO}",
    ),
    ("directed by", rf"{_person('o')}(?: [^.;]*? and)? is (?:now )?credited as (?:the )?director of {_name('s')}"),
    ("directed by", rf"^{_name('s')} (?:is|was|has been) (?:now )?credited to (?:the )?director {_person('o')}"),
    ("", rf"{_person('o')} (?:took|has taken|takes) office as (?P<role>mayor|president) of {_name('s')}"),
    ("", rf"{_person('o')} (?:has )?taken office as {_name('s')}(?:'s|') (?P<role>head of state|president|mayor)"),
    # offices: succeeded, promoted, made; "head of state" is the presidency
    ("ceo", rf"{_person('o')} (?:has )?succeeded {_person('x')} as {_name('s')}(?:'s|') {_CEO}"),
    (
        "",
        rf"{_person('o')} (?:has )?(?:replaced|replaces|succeeded|succeeds) {_person('x')} as (?:the )?(?:new )?"
        rf"(?P<role>mayor|president|{_CEO}) of {_name('s')}",
    ),
    ("ceo", rf"^{_name('s')} (?:has )?promoted {_person('o')} to {_CEO}"),
    # "Harlow Motors will close a plant, chief executive Dana Pole said": the one who speaks for the sentence's
    # subject by their title is its chief
    (
        "ceo",
        rf"^{_name('s')}(?:,| )[^;]*?[,;] (?:its )?{_CEO} {_person('o')} (?:said|says|told|added|called|noted|explained)\b",
    ),
    (
        "ceo",
        rf"^{_name('s')} (?:has )?(?:named|appointed|made|confirmed) {_person('o')} (?:as )?(?:its |the )?(?:new |permanent |interim |acting )?"
        rf"(?:managing director and )?{_CEO}\b",
    ),
    ("", rf"\bmade {_person('o')} the (?P<role>mayor|president|{_CEO}) of {_name('s')}"),
    ("", rf"\bmade {_name('o')} the (?:new )?(?:sole )?(?P<role>capital|official language) of {_name('s')}"),
    (
        "",
        rf"^{_name('s')}(?:'s|') (?:parliament|government|congress|assembly|lawmakers) (?:has )?made {_name('o')} the "
        rf"(?:sole |only |new )?(?P<role>official language|capital)",
    ),
    (
        "capital",
        rf"^{_name('s')}(?:(?:'s|') government)? (?:has )?completed its move to the new capital,? {_name('o')}",
    ),
    (
        "capital",
        rf"^{_name('s')} (?:formally )?moved its capital from [^,;]+? to (?:the (?:[a-z]+ )?(?:city|town) of )?{_name('o')}",
    ),
    ("headquartered in", rf"^{_name('s')} (?:has )?(?:moved|relocated) its {_HQ}[^,;.]*?,? to {_name('o')}"),
    ("headquartered in", rf"^{_name('s')} (?:has )?completed its {_HQ} move to {_name('o')}"),
    ("owned by", rf"^{_name('o')} (?:has )?taken over {_name('s')}"),
    # a player landed, loaned, sold, or joining from another club on a deal
    ("plays for", rf"^{_name('o')} (?:have |has )?landed {_person('s')}"),
    (
        "plays for",
        rf"^(?:[Tt]he )?{_name('x')} (?:have sold|have loaned|has loaned|loaned|transferred|(?:have |has )?traded) {_person('s')}"
        rf" to (?:the )?{_name('o')}",
    ),
    (
        "plays for",
        rf"{_person('s')} (?:has )?joined {_name('o')} from [^,;]+? on (?:a )?(?:loan|free transfer|[\w-]+ (?:deal|contract))",
    ),
    ("headquartered in", rf"\b{_name('o')}-headquartered (?:[a-z-]+ ){{0,2}}{_name('s')}"),
    (
        "plays for",
        rf"^(?:[\w-]+ ){{0,2}}?{_name('o')} (?:have |has )?confirmed {_person('s')} as (?:their|its) (?:new|newest|latest) ",
    ),
    ("plays for", rf"^{_name('o')}(?:'s|') new (?:[a-z-]+ ){{0,2}}{_person('s')}"),
    ("directed by", rf"\blist {_person('o')} as the director of {_name('s')}"),
    # "The catalogue misattributed Ash and Amber: it was directed by Deepa Nair": the title runs to the colon
    (
        "directed by",
        rf"\bmisattributed (?P<s>[A-ZÀ-ÖØ-ÞĀ-Ž][^:;]*?): (?:it|the film) was (?:in fact )?directed by {_person('o')}",
    ),
    # "said Mayor Harriet Oyelaran of Port Kessick"
    ("", rf"\b(?P<role>Mayor|President|CEO|Chief Executive) {_person('o')} of {_name('s')}"),
    # "Tessera … has its capital at Port Alvin", "Kazakhstan moved its seat of government to Astana"
    ("capital", rf"^{_name('s')}\b[^.;]*? has its capital (?:at|in) {_name('o')}"),
    ("capital", rf"^{_name('s')} (?:has )?(?:moved|transferred|relocated) its seat of government to {_name('o')}"),
    # "Aiko Tanaka plays drums in Paper Lanterns", "Finnbar Loy is the drummer in The Ash Lanterns"
    (
        "member of",
        rf"{_person('s')} plays (?:the )?(?:drums|guitar|bass|keys|keyboards|saxophone|trumpet|violin|cello) "
        rf"(?:in|for|with) {_name('o')}",
    ),
    (
        "member of",
        rf"{_person('s')} is the (?:drummer|bassist|guitarist|singer|vocalist|keyboardist|frontman|frontwoman) "
        rf"(?:in|of|for|with) {_name('o')}",
    ),
    ("member of", rf"{_person('s')} (?:was|has been|is) (?:elected|admitted|inducted) (?:to|into) {_name('o')}"),
    # "Founded by Yuki Hamada, the Kyoto gallery Hoshi Space …"
    (
        "founded by",
        rf"^(?:Co-)?[Ff]ounded by {_person('o')}(?: in \d{{4}})?, (?:the (?:[A-ZÀ-ÖØ-ÞĀ-Ž][\w-]* )?(?:[a-z-]+ ){{0,3}})?{_name('s')}",
    ),
)


#: "Karin Lindqvist has left Volvo Cars", "Singer Maya Oduya quit the band Neon Harbour": a departure retracts.
_LEFT = re.compile(
    rf"{_person('s')} (?:has )?(?:left|quit|resigned from|stepped down from|departed) (?P<band>the (?:band|group|trio|duo|quartet|quintet|orchestra|choir) )?{_name('o')}"
    r"(?![^.;]*\b(?:for|to join|joined|joining|moved to|signed for|is now|now works|on the faculty|on the payroll)\b)"  # a move names its own new value
)


def _left(text: str) -> list[Fact]:
    m = _LEFT.search(text)
    if m is None:
        return []
    # "left the Upper Wharfedale Brass Band": a group named as an ensemble has members, not staff
    ensemble = m["o"].rstrip(".").rpartition(" ")[2] in ENSEMBLE_WORDS
    # "… after the spring tour", "… to pursue a solo career": a band's life; "…, the club confirmed": a side's
    band = m["band"] or ensemble or moves.STAGE.search(text[m.end() :])
    predicate = "member of" if band else "plays for" if moves._SPORT.search(text) else "works at"
    return [
        replace(f, retract=True, cardinality=None) for f in make_fact(m["s"], predicate, m["o"].removeprefix("the "))
    ]


def _idiom(text: str) -> list[Fact]:
    for predicate, pattern in _IDIOMS:
        m = pattern.search(text)
        if m is None:
            continue
        if not predicate:  # an office: its role names the predicate
            role = role_relation([m["role"].lower().replace(" ", "_")]) or role_relation(m["role"].lower().split())
            predicate = role[0] if role else ""
        # "Basel's Bank for International Settlements": the possessor says where, the name follows
        subject, obj = (re.sub(r"^(?:[Tt]he |\w+'s )", "", m[g]).rstrip(".") for g in ("s", "o"))
        if predicate == "member of" and "plays" in m[0].split():
            head = re.match(r" ([a-z]+)\b", text[m.end() :])  # "for the Oxfam benefit": the name is a modifier
            if names_another_kind(obj) or head is not None and names_another_kind(head[1].title()):
                continue  # "plays violin in the Royal Albert Hall": a hall, a work, a society or an event is no band
        return make_fact(subject, predicate, obj, single=True) if predicate else []
    return []


def facts(text: str) -> list[Fact]:
    """What the sentence ``text`` states in one of the idioms above (the first that reads it)."""
    said = _idiom(text) or _left(text)
    if said:
        return said
    for predicate, pattern in _OPENERS:
        m = pattern.search(text)
        if m:
            return make_fact(m["subj"], predicate, m["obj"], single=predicate == "born in")
    m = _PRICES.search(text) or _SHOPS.search(text) or _SWITCHED.search(text)
    if m:  # "quoted in cedis": the currency's name, not its plural
        obj = m["obj"]
        if obj.islower():  # "cedis": a plural the lexicon may not know
            obj = lemmatise(obj, "NOUN")
            obj = obj[:-1] if obj == m["obj"] and obj.endswith("s") and not obj.endswith("ss") else obj
        return make_fact(m["subj"], "currency", obj, single=True)
    m = _BORN.search(text)
    # "Tunisian-born engineer Samir Haddad": a demonym names its country
    return make_fact(m["subj"].rstrip("."), "born in", DEMONYMS.get(m["obj"], m["obj"]), single=True) if m else []
