"""The last look at a sentence's facts before they leave the extractor: each once, names tidied, none
that the sentence itself rules out, and the set-phrase readers' facts merged with the rules'.
"""

from __future__ import annotations

import re
from dataclasses import replace

from spacy.lang.en.stop_words import STOP_WORDS

from . import occupations, wholenames
from .lifeevents import MARRIAGE_OVER, NOT_OCCUPATIONS, is_occupation
from .regexgate import compiled
from .relations import PERSON_VALUED
from .teams import POSITION
from .text import MONTHS, WEEKDAYS
from .toolnames import ROLES, known_names
from .types import Fact
from .vocabulary import drop_time_words, is_time, name_span

#: Roles a possessive may name that hold several values at once ("Tagalog is my first language").
MULTI_ROLES = frozenset({"likes", "speaks", "uses", "has pet"})

_PEOPLE = frozenset(
    "wife husband partner kids children family mom mum dad parents son daughter sons daughters friends boyfriend"
    " girlfriend fiance fiancee grandkids grandchildren team colleagues".split()
)
_LIFE = frozenset("job work life home city town neighbourhood neighborhood country".split())
_MARRIAGE_THAT_WAS = re.compile(
    r"\bwas (?:once |briefly )?married to\b[^.]*?\b(?:for (?:\w+ )?(?:years?|decades?|months?)|before|until|divorc|in the"
    r" (?:19|20)?\d0s)|\bwas (?:once|briefly) married to\b",
    re.I,
)
#: A past state bounded by its dates, or a role held once: "served as CEO of X from 2008 to 2015", "was briefly
#: mayor in the 1990s", "then-mayor". A lasting event (born, died, founded, wrote) is no such state.
_BOUNDED = re.compile(
    r"\b(?:(?:from|between) (?:19|20)\d\d (?:to|and|until|through|till) (?:19|20)\d\d|(?:19|20)\d\d ?[–-] ?(?:19|20)\d\d"
    r"|(?:in|of|during|throughout) the (?:19|20)?\d0s|(?:was|were) (?:once|briefly|formerly))\b"
    # a state the past perfect closes ("had lived in Oslo"), or a past state's length ("played for Malmö FF for a
    # decade"; "has played for X for a decade" still holds)
    r"|\bhad (?:long )?(?:lived|worked|played|served|been based)\b"
    r"|(?<!has )(?<!have )\b(?:played|worked|lived|served|spent \w+)\b[^.;]*?\bfor (?:a|an|one|two|three|four|five|six|seven"
    r"|eight|nine|ten|\d+|several|many|most of (?:his|her|their) \w+) ?(?:decades?|years?|seasons?|\w*)?\b"
    # a move in a life's early years ("moved to London at the age of nine", "as a child") is no current home
    r"|\bat the age of\b|\baged \d+\b|\bas an? (?:child|boy|girl|teenager|toddler|baby|student)\b",
    re.I,
)
#: A denial that the state ever held.
_NEVER_HELD = re.compile(
    r"\bnever (?:have|has|had|did|was|were)(?: been| used| had| owned| lived| worked)?\b(?! since)", re.I
)
#: What a death leaves standing: "his wife", "a founding member of Los Caminantes" are said of the dead too.
_LASTING = frozenset({"married to", "member of"})
#: A death: the dead person's states are over ("Walter Brennan-Hughes, longtime owner of the Rialto Cinema, died").
_DEATH = compiled(r"\b(?:died|dies|passed away|has died|was killed|death)\b")
_STATES = frozenset(
    "married to|ceo|mayor|president|works at|lives in|plays for|member of|capital|currency|headquartered in|owned by".split(
        "|"
    )
)
#: Adverbs that open a sentence capitalised, so a name reader may take them for its subject ("Originally based
#: in Tartu, the studio …").
SENTENCE_ADVERBS = frozenset(
    "originally currently formerly previously recently initially eventually finally historically traditionally"
    " officially reportedly meanwhile".split()
)
#: Places and values a date can't be: "I was born in 1990", "born in the 80s".
_PLACES = frozenset({"born in", "died in", "lives in", "located in", "headquartered in", "capital"})
#: Relations whose value is a party one belongs to: a date there is when it began ("joined in May", "hired as a
#: babysitter for Saturday"), never the employer, club or school.
_PARTIES = frozenset({"works at", "plays for", "studies at", "educated at", "member of"})
_FIGURATIVE_HOME = compiled(
    r"\b(?:basically|practically|pretty much|virtually|literally) live in\b|\b(?:my|a) second home\b", re.I
)
#: "Astrid Holm is the director of Northbound, not Erik Lund": a name the sentence denies is no value.
_DENIED = re.compile(
    r",\s*not\s+(?:(?:in|at|to|from|by|for|with|on|of)\s+)?(?:the\s+)?(?P<name>[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]*(?: [A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]*)*)"
)


def _named_in(key: tuple[str, str, str, bool], text: str) -> bool:
    """Whether a third-person fact's subject or object is named in ``text``."""
    return key[0] != "user" and (key[0] in text or key[2] in text)


def _inside(key: tuple[str, str, str, bool], other: tuple[str, str, str, bool]) -> bool:
    """``key``'s object is a shorter piece of ``other``'s, for the same subject and predicate."""
    same = key[:2] == other[:2] and key[3] == other[3] and key[2] != other[2]
    # "Fall Apart" in "Things Fall Apart"; "Kumasi" in "Kumasi-on-Volta", a name the tokenizer cut at its hyphens
    # "Per" in "Per Vik": a name the parse cut short
    return same and re.search(rf"\b{re.escape(key[2])}$|^{re.escape(key[2])}[- ]", other[2]) is not None


def _cut_subject(key: tuple[str, str, str, bool], other: tuple[str, str, str, bool]) -> bool:
    """``key``'s subject is ``other``'s cut at a hyphen ("Kumasi" of "Kumasi-on-Volta"), all else the same."""
    return key[1:] == other[1:] and other[0].startswith(f"{key[0]}-")


def settled(sentence: str, facts: list[Fact]) -> list[Fact]:
    """Each fact once, titles off its names, none about a name the sentence denies."""
    denied = {m["name"].lower() for m in _DENIED.finditer(sentence)}
    out: dict[tuple[str, str, str, bool], Fact] = {}
    titles = [m["title"] for m in _QUOTED.finditer(sentence)]
    named = wholenames.whole(sentence, [untitled(f) for f in occupations.whole(facts, sentence)])
    for f in (_whole_title(_run_on_cut(f), titles) for f in named):
        if plausible(f) and f.object.lower() not in denied and f.subject.lower() not in denied:
            out.setdefault((f.subject, f.predicate, f.object, f.retract), f)
    # "Things Fall Apart" read whole beside "Fall Apart" read by a misled parse: the longer name is the value
    out = {k: f for k, f in out.items() if not any(_inside(k, other) or _cut_subject(k, other) for other in out)}
    # "joined Celtic on a three-year deal": a club a person plays for is not also their employer, nor is the
    # school the user studies at ("Just started my master's at Aalto University")
    plays = {(s, o) for s, p, o, r in out if p in ("plays for", "studies at") and not r}
    out = _states_over(out, sentence)
    # "I was born in 1990", "Never used Linux": a date is no place, an adverb no subject
    out = {
        k: f
        for k, f in out.items()
        if not (k[1] in _PLACES and _a_date(k[2])) and k[0].lower() not in STOP_WORDS | SENTENCE_ADVERBS
    }
    if _FIGURATIVE_HOME.search(sentence):  # "I basically live in Outlook", "the library is my second home"
        out = {k: f for k, f in out.items() if not (k[0] == "user" and k[1] == "lives in")}
    # "been living in Linear for tickets lately": a home the tool lists know is a tool the user never leaves
    out = {k: f for k, f in out.items() if not (k[0] == "user" and k[1] == "lives in" and _a_tool(k[2]))}
    out = _home_left(_no_values(out), sentence)
    return [f for k, f in out.items() if not (k[1] == "works at" and (k[0], k[2]) in plays)]


_Key = tuple[str, str, str, bool]


def _a_tool(name: str) -> bool:
    return any(m[0].strip().lower() == name.lower() for m in known_names(name))


def _states_over(out: dict[_Key, Fact], sentence: str) -> dict[_Key, Fact]:
    """``out`` without the states the sentence says are over: a marriage ended, a dated or past state, a death."""
    if MARRIAGE_OVER.search(sentence):  # "my wife Maria and I divorced": the user's marriage is over
        out = {k: f for k, f in out.items() if not (k[0] == "user" and k[1] == "married to" and not k[3])}
    if _MARRIAGE_THAT_WAS.search(sentence):  # "was married to Lise Berg for twelve years before their divorce"
        out = {k: f for k, f in out.items() if not (k[1] == "married to" and not k[3])}
    if _BOUNDED.search(sentence):  # "Ahmed Saleh served as CEO of Gulfline from 2008 to 2015"
        out = {k: f for k, f in out.items() if not (k[0] != "user" and k[1] in _STATES and not k[3])}
    if _NEVER_HELD.search(sentence):  # "I'm not on Windows, never have been": nothing held, nothing to take back
        out = {k: f for k, f in out.items() if not k[3]}
    death = _DEATH.search(sentence)
    if death:  # who is named before the death is its subject or its description; their states ended with it
        before = sentence[: death.start()]
        out = {k: f for k, f in out.items() if not (k[1] in _STATES - _LASTING and _named_in(k, before))}
    return out


def _no_values(out: dict[_Key, Fact]) -> dict[_Key, Fact]:
    """``out`` without values that name no value of their relation."""
    # "my wife is an architect": a spouse is a person, not a job; "not studying anymore": a time word is no value
    out = {k: f for k, f in out.items() if not (k[1] == "married to" and k[2].islower() and is_occupation(k[2]))}
    out = {k: f for k, f in out.items() if drop_time_words(f" {k[2]}").strip() and not _VERB_FIRST.match(k[2])}
    # "my editor config is like 12 lines": a count is no tool
    out = {k: f for k, f in out.items() if not (k[1] in ROLES and k[2].isdigit())}
    # "I love my wife and my kids", "I love my job": people and a life's parts are loved, not liked as a pastime
    out = {k: f for k, f in out.items() if not (k[1] == "likes" and k[2].lower() in _PEOPLE | _LIFE)}
    return out


#: "we left Lisbon in June and we're in Porto now": a place left for a new home.
_LEFT = re.compile(r"\bleft (?P<old>[A-ZÀ-ÖØ-ÞĀ-Ž][\w-]*(?: [A-ZÀ-ÖØ-ÞĀ-Ž][\w-]*)*)")


def _home_left(out: dict[_Key, Fact], sentence: str) -> dict[_Key, Fact]:
    """What the user "left" is an old home, not an employer, when the sentence names a new home and no job."""
    mine = {(p, r) for s, p, _, r in out if s == "user"}
    if ("lives in", False) not in mine or ("works at", False) in mine:
        return out
    left = {m["old"].lower() for m in _LEFT.finditer(sentence)}
    home = {k: f for k, f in out.items() if k[0] == "user" and k[1] == "works at" and k[3] and k[2].lower() in left}
    kept = {k: f for k, f in out.items() if k not in home}
    return kept | {(k[0], "lives in", k[2], k[3]): replace(f, predicate="lives in") for k, f in home.items()}


_JOB_TITLE = re.compile(
    r"^(?:(?P<former>Veteran|Former|Star|Young|Retired|Late|Longtime|Ex-) ?)?(?P<job>[A-Z][a-z]+(?:-[A-Za-z][a-z]+|[A-Z][a-z]+)?|CEO|CFO|COO|CTO|MP|MEP)"
    r" (?=[A-Z][\w'-]+ [A-Z])"
)
_CLUB_POSSESSIVE = re.compile(r"^[A-Z][\w.&-]*(?: [A-Z][\w.&-]*)*'s (?=[A-Z][\w'-]+ [A-Z])")
#: A kind of company said before a name, capitalised as a sentence's first word: "Fintech Nexa Pay".
_KIND = re.compile(r"^(?P<kind>[A-Z][a-z-]+) (?=[A-ZÀ-ÖØ-ÞĀ-Ž])")
#: Kinds that never open a company's own name ("Studio Ghibli", "Club Brugge", "Network Rail" do).
_KINDS = frozenset(
    "retailer lender insurer airline broadcaster conglomerate startup brewer publisher operator supplier manufacturer"
    " miner".split()
)
#: A scene's preposition a reader kept with the name after it.
_SCENE = re.compile(r"^(?:In|At|Across|Throughout|Within) (?=[A-ZÀ-ÖØ-ÞĀ-Ž])")
#: A courtesy or academic title before a name: "Dr. Amara Nwosu" is Amara Nwosu.
_HONORIFIC = re.compile(
    r"^(?:(?:Dr|Prof|Mr|Mrs|Ms|Mx|Sir|Dame|Rev|Fr)\.?\s+(?=[A-Z])"
    # "Miss" only before a first name and a surname: "Miss Saigon" is a title, "Miss Ada Lowe" is Ada Lowe
    r"|Miss\s+(?=[A-Z][\w'-]+\s+[A-Z]))"
)


#: A quoted title: "'Salt and Lanterns' was written by …" names one work, not two.
_QUOTED = re.compile(r"(?<!\w)['\"‘“](?P<title>[A-ZÀ-ÖØ-Þ][^'\"’”]{1,60}?)['\"’”](?!\w)")


#: Works whose titles hold any word ("Love in the Time of Cholera"): their names are read whole or not at all.
_TITLED = frozenset({"author of", "directed by"})
#: A work schedule is no part of the occupation: "a night-shift nurse" is a nurse.
_SHIFT = re.compile(r"^(?:(?:night|day|late|early|graveyard|weekend)[- ]shift|(?:full|part)[- ]time) (?=\w)", re.I)


#: "chai has overtaken matcha as my go-to drink" read with "has overtaken matcha" for the drink: a verb is no value.
_VERB_FIRST = re.compile(r"(?:has|have|had|is|are|was|were)\s", re.I)
#: A verb, a relative, a reason or a comparison after a lower-case value opens a clause of its own: "brave cos
#: adverts make me sad", "black tea than coffee".
_CLAUSE_IN_VALUE = re.compile(
    r"\s+(?:is|are|was|were|has|have|had|does|do|did|who|who's|which|whose|because|cos|coz|cuz|bc|than)(?:\s|$)"
)
#: Where and when a pastime or a drink is enjoyed is no part of it: "birdwatching along the river", "a flat white
#: from the cart outside the library", "swimming in the lake at dawn".
_SETTING = re.compile(
    r"\s+(?:in|on|at|along|around|from|outside|inside|near|by|across|through|beside|behind|under|over|before|after"
    r"|during|throughout)\s"
)
_PASTIMES = frozenset({"likes", "prefers drink"})
#: "there" or "here" left after a pastime once its setting is cut points at the place, not at the pastime.
_PLACE_ADVERB = re.compile(r"\s+(?:there|here)$")
#: A place named inside another's: "Miami's Brickell district", "Lisbon's old town".
_PLACE_OF_PLACE = re.compile(r"(?<=\w)'s\s.*$")
#: A description before the name it introduces: "a Berlin startup called Fernweh" is Fernweh. A lower-case word
#: must come before the cue, so a title ("A Man Called Ove") is never cut.
_CALLED = re.compile(r"^(?:[\w'&.-]+ )*?[a-z][\w'-]* (?:called|named) (?=[A-Z0-9])")


_TOOLS = frozenset(ROLES) | {"uses"}


def _tool_name(value: str) -> str:
    """A tool's name without the lower-case words after it: "the Proton Mail app", "Joplin syncing" (a model's
    "iPhone 13 mini" keeps what follows its number)."""
    words = value.split()
    if not words or not words[0][:1].isupper():
        return value
    while len(words) > 1 and words[-1].isalpha() and words[-1].islower() and words[-2][:1].isupper():
        words.pop()
    return " ".join(words)


def _run_on_cut(fact: Fact, *, cut_here: bool = True) -> Fact:
    """``fact`` with its object cut where the name ends, whichever reader read it: "Pepper who's scared of the
    vacuum", "TU Delft has been rough", "Ubisoft the same month", "Wipro's" (of "Wipro's cloud division"); without
    ``cut_here`` (the object is whole as read, not a cut of the sentence) a final "'s" stays ("St Vincent's")."""
    obj = fact.object
    if fact.predicate not in _TITLED and obj[:1].isupper():
        obj = name_span(obj)
        obj = re.sub(r"(?<=\w)(?:'s|')$", "", obj) if cut_here or obj != fact.object else obj
    elif fact.predicate not in _TITLED:  # "shopify is way chiller than my last gig": a value has no verb of its own
        obj = _CLAUSE_IN_VALUE.split(obj, maxsplit=1)[0]
        obj = _SETTING.split(obj, maxsplit=1)[0] if fact.predicate in _PASTIMES else obj
        obj = _PLACE_ADVERB.sub("", obj) if fact.predicate in _PASTIMES else obj  # "the sauna there"
    if fact.predicate not in _TITLED:
        obj = _CALLED.sub("", obj)
    if fact.predicate == "works as":
        obj = _SHIFT.sub("", obj)
    if fact.predicate in _PLACES:  # "moved to Miami's Brickell district": the place is the city whose it is
        obj = _PLACE_OF_PLACE.sub("", obj)
    if fact.subject == "user" and fact.predicate in _TOOLS:
        obj = _tool_name(obj)
    return fact if obj == fact.object or not obj.strip() else replace(fact, object=obj)


def dated_place(fact: Fact) -> bool:
    """A place or party relation whose value is a date ("headquartered in March", "born in 1990", "joined in
    May")."""
    if fact.predicate in _PARTIES:  # "August Labs", "Monday.com", "April Health": a name holding a date is a name
        return _WHOLE_DATE.fullmatch(fact.object.strip()) is not None
    return fact.predicate in _PLACES and _a_date(fact.object)


_WHEN = "|".join(MONTHS + WEEKDAYS)
#: A value that is a date as a whole: a month or weekday, with or without its day number and year ("May",
#: "Sunday", "May 3rd, 2021", "the 3rd of May"), a year or a decade; never a name that holds one ("August Labs").
_WHOLE_DATE = re.compile(
    rf"(?:(?:the )?\d{{1,2}}(?:st|nd|rd|th)? (?:of )?)?(?:(?:mid|early|late) )?(?:{_WHEN})s?"
    r"(?: \d{1,2}(?:st|nd|rd|th)?)?(?:,? (?:19|20)\d\d)?|(?:19|20)\d\d|(?:the )?(?:19|20)?\d0'?s",
    re.I,
)


def _a_date(value: str) -> bool:
    return is_time(value) or bool(re.fullmatch(r"(?:the )?(?:19|20)?\d0'?s", value, re.I))


def _whole_title(fact: Fact, titles: list[str]) -> Fact:
    """``fact`` with a term that is only a piece of a quoted title ("Salt" of 'Salt and Lanterns') made whole."""
    subject, obj = fact.subject, fact.object
    for title in titles:
        subject = title if subject != title and re.search(rf"\b{re.escape(subject)}\b", title) else subject
        obj = title if obj != title and re.search(rf"\b{re.escape(obj)}\b", title) else obj
    return fact if (subject, obj) == (fact.subject, fact.object) else replace(fact, subject=subject, object=obj)


#: Relations whose subject is no person, so a word before its name is no job ("Copper" is a policeman's too).
_NO_JOB = frozenset(
    {"directed by", "located in", "headquartered in", "owned by", "capital", "currency", "ceo", "mayor"}
)


def untitled(fact: Fact) -> Fact:
    """``fact`` with its names bare of titles and descriptions, and its object cut where the name ends (whichever
    reader read it: every reader's facts pass here)."""
    fact = _run_on_cut(fact, cut_here=False)
    if fact.predicate == "has pet":  # "a bearded dragon called Sir Reginald": a pet's title is its name
        return fact
    # "Red Star Belgrade's Luka Petrović"; a film's title, a site's or a company's name has no job before it
    # ("Paper Moon Street", "Copper Lane Stadium")
    mortal = wholenames.person_side(fact.predicate, "subject")  # "Swimmer Yusra Adel": a pastime's noun too
    subject = _CLUB_POSSESSIVE.sub("", _bare_name(fact.subject, job=fact.predicate not in _NO_JOB, person=mortal))
    subject = _SCENE.sub("", subject)  # "In Croatia, the euro replaced the kuna": the scene's name is the subject
    subject = wholenames.unsubordinated(subject)  # "When Kato moved to Osaka, …": Kato moved
    # a person's job before their name is no part of it ("Climber Yvon Chouinard started Patagonia")
    person = fact.predicate in PERSON_VALUED
    obj = _bare_name(fact.object, job=person, person=person) if fact.object[:1].isupper() else fact.object
    return fact if (subject, obj) == (fact.subject, fact.object) else replace(fact, subject=subject, object=obj)


#: What a name carries that is no part of it: "Nairobi-based", "streaming giant", "Ltd.".
_BASED = re.compile(
    r"^[A-Z][\w'.-]*-(?:based|born|headquartered|winner|winning|nominated|turned-[a-z]+|wise) (?=[A-Z])"
)
#: A rank before a person's name, a closed class (church, nobility, forces, bench, the chieftaincy and
#: pilgrimage titles of West Africa, the honorifics of South and Southeast Asia, address in other languages):
#: "Cardinal Jean-Baptiste Okello", "Colonel Ama Boateng", "Chief Emeka Obi", "Alhaji Musa Bello"; with one
#: name after it ("Prince Harry", "Chief Keef") the rank is how the person is called.
_RANK = re.compile(
    r"^(?:Cardinal|Archbishop|Bishop|Rabbi|Imam|Pastor|Reverend|Sheikh|Sheikha|Emir|Prince|Princess|King|Queen|Lord"
    r"|Lady|Baron|Baroness|Count|Countess|Duke|Duchess|General|Colonel|Major|Captain|Lieutenant|Sergeant|Admiral"
    r"|Commander|Marshal|Judge|Justice|Ambassador|Chancellor|Governor|Senator"
    r"|Chief|Alhaji|Alhaja|Hajia|Hajiya|Mallam|Datuk|Datin|Dato'?|Pandit|Ustad|Swami|Mufti|Ayatollah"
    r"|Madame|Monsieur|Herr|Frau|Dona|Doña)\s+(?=[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+\s+[A-ZÀ-ÖØ-ÞĀ-Ž])"
)
#: A player's position before a person's name (the sports' closed class :data:`teams.POSITION`).
_POSITIONED = re.compile(rf"^(?i:{POSITION})\s+(?=[A-Z][\w'-]+\s+[A-Z])")
#: An organisation's role before a person's name: "Former Brightwater Foods CEO Lisa Grant", "Real Betis winger
#: Carlos Ibáñez"; the role is an acronym or a job (:func:`wholenames.job_title`).
_ORG_ROLE = re.compile(
    r"^(?:(?:Former|Ex-|Then-|Interim|Acting)\s*)?(?:[A-Z][\w&.'-]*\s+){1,4}(?P<role>[A-Z]{2,4}|[a-z][a-z-]+)\s+"
    r"(?=[A-Z][\w'-]+\s+[A-Z])"
)
_DESCRIPTOR = re.compile(
    r"^(?:(?!(?:of|the|and|de|del|della|da|das|do|dos|di|du|von|van|der|den|la|le|les|y|al|el|bin|ibn)\b)[a-z][\w-]* ){1,3}(?=[A-Z])"
)
_LEGAL_FORM = re.compile(
    r",?\s+(?:Ltd|Inc|plc|PLC|LLC|Corp|Limited|Pty Ltd)\.?$"  # "Siemens AG" is how the name is said; "Ltd." is not
)


def _bare_name(name: str, *, job: bool = False, person: bool = False) -> str:
    """``name`` without a title, a description or a legal form around it ("Dr. Amara Nwosu", "Stockholm-based
    streaming giant Spotify", "Helios Grid Ltd."); with ``job``, a subject's job too ("Businessman Mo Ibrahim":
    only a subject's, since an object's first word may be a place, "Harbor City Hawks"); with ``person``, a name
    known to be a person's, a pastime's noun too ("Climber Yvon Chouinard")."""
    bare = _LEGAL_FORM.sub("", _DESCRIPTOR.sub("", _BASED.sub("", _HONORIFIC.sub("", name))))
    if person:  # "Prop Tevita Latu", "Cardinal Jean-Baptiste Okello": a position or a rank is no part of the name
        bare = _POSITIONED.sub("", _RANK.sub("", bare))
        role = _ORG_ROLE.match(bare)
        bare = bare[role.end() :] if role and (role["role"].isupper() or wholenames.job_title(role["role"])) else bare
    kind = _KIND.match(bare) if job else None  # "Fintech Nexa Pay", "Carmaker Volvo Cars": the kind is no name
    if kind and (kind["kind"].lower() in _KINDS or kind["kind"].lower().endswith(("tech", "maker"))):
        bare = bare[kind.end() :]
    title = _JOB_TITLE.match(bare) if job else None  # "Goalkeeper Tiago Lemos": the job is no part of the name
    # "Former Olympian Kirsi Lehtonen", "CEO Dana Whitcombe": after "Former" any occupation is a title
    if title and (
        title["job"].isupper()
        or wholenames.job_title(title["job"].rsplit("-", 1)[-1])  # "Vice-President" as "President"
        or title["former"]
        and is_occupation(title["job"])
        or person
        and (title["job"].lower() in NOT_OCCUPATIONS or wholenames.trade_before_name(title["job"]))
    ):
        bare = bare[title.end() :]
    return bare if bare.strip() else name


def plausible(fact: Fact) -> bool:
    """Every term present and short: an empty or giant term is a parse gone wrong, not knowledge."""
    terms = (fact.subject, fact.predicate, fact.object)
    return all(term.strip() and len(term) <= 200 for term in terms)


def with_frames(ruled: list[Fact], framed: list[Fact]) -> list[Fact]:
    """The rules' facts and the frames': "I use Kitty as my terminal now, ligatures finally work" is the rules'
    ``uses`` (the clause didn't end where the role did) but the frame's ``terminal``, which names more."""
    roles = {f.object.lower(): f.predicate for f in framed if not f.retract and f.replaces_attribute}
    kept = [f for f in ruled if f.retract or roles.get(f.object.lower(), f.predicate) == f.predicate]
    keys = {(f.subject, f.predicate) for f in kept if f.predicate not in MULTI_ROLES}  # a key the rules read
    seen = {(f.subject, f.predicate, f.object.lower()) for f in kept}  # stays theirs, bar a further value of a list
    return kept + [
        f
        for f in framed
        if (f.subject, f.predicate) not in keys and (f.subject, f.predicate, f.object.lower()) not in seen
    ]
