"""The user's standing facts said in chat's shorthand rather than by the plain verb the phrase rules read.

Each reader takes one family of wordings, read by its structure (who, which relation, which value, what keeps it
from being current), not by one example:

- a question the user asks and answers in one breath: "Favourite drink at the moment? Kombucha", "What do I
  study? Linguistics", "Coffee? nah, yerba mate all day for me" (and across two sentences, :func:`across`);
- a job said by its title or by the work: "new title as of this morning: engineering manager", "my job title is
  literally 'data engineer'", "I'm teaching at a primary school", "by day I work as a sound engineer";
- an employer said by how long the user has been there or how they got there: "been with Infosys for six years",
  "I'm with Mollie since the 1st", "after the layoffs I landed at Datadog", "as an employee of Rakuten";
- a spouse said by name: "my wife's name is Nadia", "my husband is Tomás now";
- a thing left, by what kind of thing the sentence says it was: "I left Hamburg, the lease ran out" (a home),
  "I quit Ubisoft and I'm taking a break" (a job), "we left Linode" (a known tool: its role);
- a home, school or language said beside something else: "we're properly settled in Cardiff", "I'm at Sorbonne
  Université for my master's", "answer in German, it's my mother tongue", "Me and my wife live in Asunción", a
  list with the "I" said once ("I was born in Kraków, live in Edinburgh now and work as a …");
- a tool by where the user keeps things, what a device runs, or a name then called "my R": "I keep my calendar in
  Notion Calendar", "I'm on Windows 11 at home", "tried Ghostty and never went back, it's my terminal now".

The text is the sentence as the rules read it (plain, contractions expanded). Each reading is checked in its own
clause (:func:`consolidators.usernews.sure`): a hedge, negation, plan or question there keeps it from being a fact;
a value must be of its kind (a drink by its word, a job by :func:`~consolidators.lifeevents.is_occupation`, a tool
by the lists that know its role).
"""

from __future__ import annotations

import re

from . import pets, tastes, usernews
from .learning import USER_LANGUAGES, a_field
from .lifeevents import is_occupation, sentence_role
from .roles import DEVICE
from .text import MONTHS, UPPER, WEEKDAYS
from .toolnames import APPS, known_names, roles_of
from .toolrules import rule_facts
from .types import Fact
from .vocabulary import is_drink

USER = "user"
#: A name's words: capitalised, never the speaker's "I" ("As an employee of Rakuten I get …").
_NAME = rf"(?P<obj>(?:[{UPPER}]|[a-z][A-Z])[\w&'!+-]*(?:\.\w[\w&'!+-]*)?(?: (?:(?:de|da|del|di|los|las|la|van|von|of|the) )*(?!I\b)[{UPPER}0-9][\w&'!+-]*)*)"
_ORG = rf"(?:the )?{_NAME}"
#: What a self-answered question asks, by its noun, and the relation its answer fills.
_ANSWER = (
    r"^(?P<ask>{ask})(?: (?:at the moment|these days|right now|nowadays|now))?\?\s+"
    r"(?:(?:probably|definitely|honestly|easily|easy|simple|obviously|oh|well|mostly|currently|still|hmm|ha)\W+)*"
    r"(?P<obj>[^,;.!?()—–]+)"
)
_ASKED = tuple(
    (re.compile(_ANSWER.format(ask=ask), re.I), predicate)
    for ask, predicate in (
        (r"(?:(?:my|the) )?(?:favou?rite|fave?|go-to) drink|what do I (?:usually )?drink", "prefers drink"),
        (r"what do I study|(?:my )?(?:course|major|field of study|subject)", "studies"),
        (r"(?:my )?(?:job|job title|title|occupation)|what do I do(?: for (?:a living|work))?", "works as"),
        (r"(?:my )?employer|who do I work for|where do I work", "works at"),
    )
)
_WHERE_WORKED = re.compile(r" (?:at|in|for|with|on) .*$")
#: "Coffee? nah, yerba mate all day for me": a drink asked, refused, and the one drunk instead.
_INSTEAD_DRINK = re.compile(
    r"^(?P<old>[A-Za-z][a-z]*(?: [a-z]+)?)\?\s+(?:nah|nope|no|never)\W+(?P<obj>[a-z][a-z -]*?)"
    r" (?:all day|every day|for me|these days|always|all the way|every time|every single time)\b"
)


def across(pair: str) -> list[Fact]:
    """What two sentences of a message say together: a language asked for and then called the user's own ("answer
    in Dutch? I'm a native speaker"), a tool named and then called "my phone" ("my Pixel keeps rebooting. it's my
    phone for work too"), a drink named and then called the favourite ("Hot chocolate again. It's still my favourite")."""
    return _native(pair) or _tools(pair) or tastes.across(pair) or pets.across(pair)


def facts(text: str) -> list[Fact]:
    """The user's facts ``text`` states in one of the shorthand shapes above."""
    readers = (answered, _drink_over, _home, _native, _listed, _titled, _employed, _spouse, _left, _together)
    said = [f for read in readers for f in read(text)]
    held = {f.predicate for f in said if not f.retract}  # "Travis is dead, long live Buildkite": the old one goes
    return said + [f for f in _tools(text) + _headlined(text) if f.predicate not in held]


def answered(text: str) -> list[Fact]:
    """A question the user answers themself; the answer must be a value of its kind (a drink, a field, a job)."""
    for asked, predicate in _ASKED:
        m = asked.search(_opening(text))
        value = m["obj"].strip() if m else ""
        if predicate == "works as":  # "my job? welder at a shipyard": the job, not where it is worked
            value = _WHERE_WORKED.sub("", value)
        if value and _fits(predicate, value) and not re.search(r"\b(?:not|never|no|idk|dunno)\b", value, re.I):
            return rule_facts(USER, predicate, _first_item(value), 0.75, False, attribute=True)
    m = _INSTEAD_DRINK.match(_opening(text))
    if m and is_drink(m["old"]) and is_drink(m["obj"]):
        return rule_facts(USER, "prefers drink", m["obj"], 0.75, False, attribute=True)
    return []


#: "I'll always pick a flat white over tea": a habit of choice, not a plan, when both are drinks.
_OVER = re.compile(
    r"\bI(?: will| would)? always (?:pick|choose|take|go for|order|get) (?:an? )?(?P<obj>[a-z][a-z -]*?) over (?:an? )?(?P<old>[a-z]+(?: [a-z]+)?)\b"
)


#: "Honestly? Matcha over coffee, every time.": the choice said bare, its habit after.
_BARE_OVER = re.compile(
    r"(?:^|[?.!]\s+)(?P<obj>[A-Za-z][a-z]*(?: [a-z]+)?) over (?P<old>[a-z]+(?: [a-z]+)?),? (?:every time|always|any day|all day)\b"
)


def _drink_over(text: str) -> list[Fact]:
    m = _OVER.search(text) or _BARE_OVER.search(text)
    hedged = m and re.search(r"\b(?:if|maybe|might|probably|not|never)\b", usernews.clause(text, m))
    if m and not hedged and is_drink(m["obj"]) and is_drink(m["old"].split()[0]):
        return rule_facts(USER, "prefers drink", m["obj"], 0.75, False, attribute=True)
    return []


#: A home said by where the user lives or has settled, beside another clause: "we're properly settled in Cardiff",
#: "I'm stuck in Leeds where I've been for four years", "back home in Brno tomorrow where I live". A school said by
#: what the user is there for: "I'm at Sorbonne Université for my master's".
_HOMES = (
    re.compile(rf"\b(?:I am|we are) (?:now |properly |finally |all |fully |happily )*settled in {_NAME}"),
    re.compile(rf"\b(?:I am|we are) (?:now )?(?:in|based in|living in) {_NAME},? (?:these days|nowadays)\b"),
    re.compile(
        rf"\bin {_NAME}(?: [a-z]+){{0,2}},? where I (?:live|have lived|have been(?: living)?(?: for| since)?)\b"
    ),
)
_AT_SCHOOL = (
    re.compile(
        rf"\bI am (?:now )?at {_ORG} (?:for|doing) (?:my|a|an) (?i:master'?s|masters|phd|degree|bachelor'?s|mba|msc|ba|bsc)\b"
    ),
    re.compile(rf"\b(?:uni|university|college|grad|phd|master'?s) student here \({_ORG}\)"),
    re.compile(rf"^(?:[a-z]+\W+)*[Aa]s an? (?:[a-z-]+ )?student (?:at|of) {_ORG}"),  # "as a student at TU Delft I …"
    # "the evening programme I'm enrolled in now is at TU Delft"
    re.compile(
        rf"\b(?i:course|programme|program|degree|master'?s|phd|msc|mba|ma|bsc|ba)(?: (?:that )?I am (?:enrolled in|doing|taking))?(?: now)?"
        rf" is (?:now )?(?:at|with) {_ORG}"
    ),
)


def _home(text: str) -> list[Fact]:
    for pattern in _HOMES:
        m = pattern.search(text)
        tool = m and (roles_of(m["obj"]) or sentence_role(text))  # "notes-wise I'm in Obsidian these days"
        if m and not tool and not usernews.visit(text) and usernews.sure_so_far(text, m):
            return rule_facts(USER, "lives in", m["obj"], 0.8, False, attribute=True)
    for pattern in _AT_SCHOOL:
        m = pattern.search(text)
        if m and usernews.sure_so_far(text, m):
            return rule_facts(USER, "studies at", m["obj"], 0.8, False, attribute=True)
    return []


def _opening(text: str) -> str:
    """The sentence without a lead-in the question may follow ("Quick one: …", "ok so …")."""
    return re.sub(r"^(?:(?:ok|okay|so|well|hmm|quick one|fyi|btw)\W+)+", "", text, flags=re.I)


def _fits(predicate: str, value: str) -> bool:
    if predicate == "prefers drink":
        return is_drink(value)
    if predicate == "studies":
        return value[:1].isalpha() and len(value.split()) <= 3 and a_field(value.lower())
    if predicate == "works as":  # a one-word answer may open with its capital ("Job? Paramedic.")
        return (value[:1].islower() or " " not in value) and len(value.split()) <= 3 and is_occupation(value)
    return value[:1].isupper()


def _first_item(value: str) -> str:
    """ "Linguistics, mostly phonology" was cut at the comma; "kombucha no contest" ends at the drink's word."""
    words = value.split()
    ends = [i for i, w in enumerate(words) if is_drink(w)]
    return " ".join(words[: ends[0] + 1]) if ends else value.lower() if value.istitle() and " " not in value else value


#: A job said by its title in a headline or by a noun phrase for the title: "new title as of this morning: X",
#: "my job title is literally 'data engineer'", "my official title is now staff engineer".
_TITLE = re.compile(
    r"(?:^|[,;:] )(?:(?:my|the) )?(?:(?:new|official|actual|current) )*(?:job )?title(?: (?:as of|from|since|starting) [^:]{1,30})?"
    # "my title changed to Head of Data last week": the change's result holds now, its date is no part of it
    r"(?::| is(?: (?:now|literally|officially|basically|technically))*| (?:has )?changed to)"
    r" ['\"]?(?P<obj>[a-z][a-z -]*?)['\"]?(?=[,.;!]|$| now\b| as of\b| (?:last|this) (?:week|month)\b| (?:yesterday|today)\b)",
    re.I,
)
#: "by day I work as a sound engineer", "i m working as a dentist in a small clinic": the plain verb after a lead-in.
_WORK_AS = re.compile(
    r"\bI (?:am |m )?(?:now |currently |still )?(?:work|working) as (?:an? )?(?P<obj>[a-z][a-z-]*(?: [a-z-]+){0,2}?)"
    r"(?=[,.;!]|$| at\b| for\b| in\b| since\b| and\b)"
)
#: A job said by the work the user does at a kind of workplace: "I'm teaching at a primary school".
_WORK = re.compile(
    r"\bI (?:am )?(?:now |currently |still )?(?P<verb>teach|teaching|lecture|lecturing|nurse|nursing)"
    r" (?:at|in) (?:a|an|the|our|the local) (?:[a-z-]+ ){0,2}(?:school|college|academy|university|hospital|clinic|ward)\b"
)
_WORKER = {"teach": "teacher", "lectur": "lecturer", "nurs": "nurse"}
#: A field of study said by the course's noun: "my course is pharmacology as of this term", "major is now statistics".
_COURSE = re.compile(
    r"(?:^|\b[Mm]y |[,;:] )(?i:course|major|degree|programme|program)(?: now)? is (?:now |officially )?(?:in )?"
    r"(?P<obj>[a-z][a-z ]*?)(?= now\b| as of\b| these days\b|\s*[,.;!(—–]|$)"
)


#: A title named by its office and field ("Head of Data", "director of engineering"): no occupation's ending.
_OFFICE_OF = re.compile(r"^(?i:head|director|vp|vice president|dean|chief) of [A-Za-z]+(?: [A-Za-z]+)?$")


def _titled(text: str) -> list[Fact]:
    m = _TITLE.search(text)
    # a title in quotes is a name for the job, not the job ("my job title is literally 'Head of Vibes'")
    office = m and _OFFICE_OF.match(m["obj"])
    if (
        m
        and (is_occupation(m["obj"]) or office)
        and not (office and text[m.start("obj") - 1] in "'\"")
        and usernews.sure(text, m)
    ):
        return rule_facts(USER, "works as", m["obj"], 0.8, False, attribute=True)
    m = _WORK_AS.search(text)
    if m and is_occupation(m["obj"]) and usernews.sure(text, m):
        return rule_facts(USER, "works as", m["obj"], 0.8, False, attribute=True)
    m = _COURSE.search(text)
    if m and a_field(m["obj"]) and len(m["obj"].split()) <= 3 and usernews.sure(text, m):
        return rule_facts(USER, "studies", m["obj"], 0.8, False, attribute=True)
    m = _WORK.search(text)
    if m and usernews.sure(text, m):
        worker = next(w for stem, w in _WORKER.items() if m["verb"].startswith(stem))
        return rule_facts(USER, "works as", worker, 0.75, False, attribute=True)
    return []


_SPAN = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of|several|\d+)"
#: An employer said by the time spent there: "been at Zalando three weeks now", "I have been with Infosys for
#: about six years", "I am with Mollie since the 1st". Hours are a wait, not a job ("been at Heathrow for hours").
_STAY = re.compile(
    rf"(?:^|\bI (?:have |am )?|\b[Ww]e (?:have |are )?|[,;:] )(?:(?:now|just|officially) )?(?i:been|am|are) (?:at|with) {_ORG}"
    rf"(?=(?: now)? (?:(?:for|since|about|almost|nearly|over|just) )*(?:{_SPAN} (?:[a-z]+ )?(?:days?|weeks?|months?|years?)\b|since\b(?! (?:\d{{1,2}}(?::\d\d)? ?(?:am|pm)|this morning|noon|lunch|breakfast|dawn|midnight)\b)))"
)
#: An employer the user came to: "after the layoffs I landed at Datadog", "as an employee of Rakuten", "work in tax
#: at KPMG", "I am at Klarna now as a product designer" (a job named after the employer makes it one).
_CAME = (
    re.compile(rf"\bI (?:have )?(?:finally |just )?landed (?:a job |a role |a position )?(?:at|with) {_ORG}"),
    re.compile(rf"(?:^|\b[Aa]s |\bI am )an? (?:(?:proud|happy|new) )?employee (?:of|at) {_ORG}"),
    re.compile(rf"\bI(?: am)?(?: now| currently)? work(?:ing)? in [a-z]+(?: [a-z]+)? (?:at|for) {_ORG}"),
    re.compile(rf"\bI am (?:now )?(?:at|with) {_ORG} (?:now |these days )?as (?:an? |their |the )"),
    re.compile(rf"\bI am (?:now )?(?:at|with) {_ORG} (?:now|these days)\b"),
    re.compile(rf"\b(?:my )?onboarding (?:at|with) {_ORG}"),  # "onboarding at Mistral AI is intense"
)
#: Readers of :data:`_CAME` whose words alone may say a stay ("landed at Heathrow", "I'm at Gatwick now").
_NEEDS_JOB_WORDS = (_CAME[0], _CAME[4])
#: A job's words: what makes "I landed at X" an employer rather than an airport.
_JOB_WORDS = re.compile(
    r"\b(?:job|jobs|layoffs?|laid off|hired|offer|onboarding|employer|colleagues?|boss|team|role|notice|badge|contract"
    r"|interview|career|salary|work|working|recruiter|position)\b",
    re.I,
)


#: What makes "been at/with X for years" no job: a wait ("for three hours") or a partner ("been with Sam for six
#: years, we're getting married").
_WAIT_OR_LOVE = re.compile(
    r"\b(?:hours?|minutes?|partner|boyfriend|girlfriend|husband|wife|married|marry|together|dating|relationship"
    r"|anniversary|engaged|love)\b",
    re.I,
)


def _employed(text: str) -> list[Fact]:
    m = _STAY.search(text)
    if m and not _a_time(m["obj"]) and not _WAIT_OR_LOVE.search(text) and usernews.sure(text, m):
        return rule_facts(USER, "works at", m["obj"], 0.8, False, attribute=True)
    for pattern in _CAME:
        m = pattern.search(text)
        if (
            m
            and not _a_time(m["obj"])
            and usernews.sure(text, m)
            and (pattern not in _NEEDS_JOB_WORDS or _JOB_WORDS.search(text))
        ):
            return rule_facts(USER, "works at", m["obj"], 0.8, False, attribute=True)
    return []


def _a_time(name: str) -> bool:
    return name.split()[0] in MONTHS + WEEKDAYS or name in ("Christmas", "Easter")


#: "my wife's name is Nadia", "my husband is Tomás now".
_SPOUSE = re.compile(
    rf"\bmy (?:wife|husband|spouse)(?:'s name is | is (?:now |called )?| is named ){_NAME}(?!'s)(?= now|[,.;!]|$| and| if| but| so| she| he)"
)


def _spouse(text: str) -> list[Fact]:
    m = _SPOUSE.search(text)
    if (
        m
        and not re.search(r"\b(?:ex|late|former|first|previous)\W*$", text[: m.start() + 8])
        and usernews.sure_so_far(text, m, m.start())
    ):  # "my wife" is no one else's fact here
        return rule_facts(USER, "married to", m["obj"], 0.8, False, attribute=True)
    return []


#: A thing the user left, gave up or saw go: "I left Hamburg in June", "I quit Ubisoft last month", "Kafka is gone".
_LEFT = re.compile(
    rf"(?:^|\b(?:I|[Ww]e) (?:have )?(?:finally |just )?)(?:left|quit) {_NAME}|(?:^|[,;:] ){_NAME.replace('obj', 'gone')} is (?:gone|dead)\b"
)
#: Words of any working day, not of a job left: a team, work.
_AT_WORK = re.compile(r"\b(?:team|work|working)\b", re.I)
_HOME_WORDS = re.compile(r"\b(?:lease|flat|apartment|rent|landlord|moved|move|house|neighbou?rhood|city)\b", re.I)
#: A move of the user's things, not of the user: "moved all my playlists to Tidal", "move my notes over".
_THINGS_MOVED = re.compile(
    r"\bmov(?:e|ed|ing) (?:(?:all|everything|it|them) )?(?:of )?(?:my|our) [a-z]+|\bmov(?:e|ed|ing) (?:all|everything|it|them)\b",
    re.I,
)


def _left(text: str) -> list[Fact]:
    """What leaving a name retracts, by what the sentence says it was: a home (its lease, its flat), a job (a
    break, a notice, a search for the next), or a known tool (the role it fills, named in the sentence)."""
    m = _LEFT.search(text)
    name = (m["obj"] or m["gone"]) if m else ""
    if m is None or not name or _a_time(name) or not usernews.sure_so_far(text, m):
        return []
    roles = roles_of(name)
    if roles:  # the role the sentence names, or the one another tool it names fills ("on AWS now, we left Linode")
        others = {r for k in known_names(text) if k[0] != name for r in roles_of(k[0])}
        role = sentence_role(text) or next(iter(roles & others), None) if len(roles & others) <= 1 else None
        return rule_facts(USER, role, name, 0.7, True) if role in roles else []
    if m["gone"]:
        return []
    # an app quit ("quit Slack, my new team lives in email") is given up, unless words no working day has say a job
    if "quit" in m[0] and name.lower() in APPS and not _JOB_WORDS.search(_AT_WORK.sub("", text)):
        return rule_facts(USER, "uses", name, 0.7, True)
    homely = bool(_HOME_WORDS.search(_THINGS_MOVED.sub(" ", text)))
    jobby = bool(_JOB_WORDS.search(text) or re.search(r"\b(?:break|something new)\b", text))
    if homely == jobby:
        return []
    return rule_facts(USER, "lives in" if homely else "works at", name, 0.75, True)


#: The user and their household said as one subject: "Me and my wife live in Asunción", "we both work at the Red
#: Cross", "my partner and I live in Lyon".
_BOTH = r"(?:(?:(?i:me) and (?:my|the) [a-z]+|(?i:my) [a-z]+ and I)(?: both)?|[Ww]e both|[Bb]oth of us)"
_TOGETHER = (
    (
        "lives in",
        re.compile(rf"(?:^|[,;:] |\band ){_BOTH} (?:now |currently )?(?:live|are living|are based|reside) in {_NAME}"),
    ),
    ("works at", re.compile(rf"(?:^|[,;:] |\band ){_BOTH} (?:now |currently )?work (?:at|for) {_ORG}")),
)


def _together(text: str) -> list[Fact]:
    found: list[Fact] = []
    for predicate, pattern in _TOGETHER:
        m = pattern.search(text)
        if m and not _a_time(m["obj"]) and usernews.sure_so_far(text, m, m.start()):  # "my wife" is the subject
            found += rule_facts(USER, predicate, m["obj"], 0.8, False, attribute=True)
    return found


#: A tool in the user's role said by where the user keeps a thing, by what a device runs, or by a name the
#: sentence then calls "my R": "I keep my calendar in Notion Calendar", "I'm on Windows 11 at home", "setup: Arch
#: Linux on the laptop", "Bought a new phone, an iPhone 16", "tried Ghostty and never went back, it's my terminal now".
_KEEP = re.compile(
    rf"\b(?:I|we) (?:now |mostly )?(?:keep|store|put|track|manage|do) (?:all )?(?:of )?(?:my |our )?"
    rf"(?P<noun>calendar|notes|passwords|email|mail|emails|shifts|meetings|schedule|appointments) (?:in|on|with) {_NAME}"
)
#: What a calendar holds, said for the calendar: "I keep my shifts in Google Calendar".
_SCHEDULED = frozenset("shifts meetings schedule appointments".split())
_ON = re.compile(
    rf"(?:\b(?:I am|[Ww]e are) (?:now |still |currently |mostly |all )?on |(?:^|[:;,] ){{1}}(?=[{UPPER}]\S* (?:\S+ )?on (?:my|the) {DEVICE}\b)){_NAME}"
)
#: "typing this on my new Pixel 9": the device the message is written on.
_TYPING = re.compile(
    rf"\b(?:typing|writing|texting|sending) (?:this|these) (?:on|from) my (?:new |old )?(?P<noun>){_NAME}"
)
_NEW_ROLE = re.compile(rf"\bnew (?P<noun>phone|laptop|terminal|editor|browser)(?:,| -| —) (?:an?|the) {_NAME}")
_MY_ROLE = re.compile(
    r"\b(?:it is|that is|it has become) (?:now )?my (?:new |main |daily |only )?(?P<noun>[a-z]+(?: (?!now|too|again|for|though|by|at|since)[a-z]+)?)\b"
    r"|\b(?:that|it) is where I (?:now )?(?:do|keep|read|write|store|manage) (?:all )?(?:my )?(?P<where>[a-z]+)\b"
    r"|\b(?:that|it) is where (?:all )?my (?P<lives>schedule|calendar|notes|passwords|email|mail) (?:lives?|is|are|goes)\b"
)
#: A device the user settled on a system for: "settled on Debian for the laptop now".
_SETTLED = re.compile(rf"\b(?:settled on|went with|picked|chose|installed) {_NAME} (?:for|on) (?:my|the) {DEVICE}\b")


#: A role named as the headline, its tool after: "Terminal changed too, it's Kitty now", "new job = new calendar,
#: everything is in Google Calendar now", "jenkins is dead, long live GitHub Actions: CI moved over this week".
_ROLE_THEN = (
    re.compile(
        rf"^(?:(?i:my|the|our) )?(?P<noun>[A-Za-z][a-z]*(?: [a-z]+)?) (?:changed|switched|moved)(?: too| as well| again)?\W+"
        rf"(?:it is|now it is|now) (?P<obj>[\w.+!-]+(?: [{UPPER}0-9][\w.+!-]*)*)"
    ),
    re.compile(rf"\b(?:everything|it all|all of it) (?:is|lives|goes|runs) (?:now )?(?:in|on|through) {_NAME} now\b"),
    re.compile(rf"\blong live {_NAME}"),
    # "email client is Spark for me", "password manager = Dashlane for me"
    re.compile(rf"^(?:(?i:honestly|so|and|my) )?(?P<noun>[a-z]+(?: [a-z]+)?) (?:is|=) {_NAME} for me\b"),
)


def _headlined(text: str) -> list[Fact]:
    for pattern in _ROLE_THEN:
        m = pattern.search(text)
        noun = m.groupdict().get("noun") if m else None
        role = (usernews.role_for(noun.lower(), m["obj"]) if noun else sentence_role(text)) if m else None
        known = roles_of(m["obj"]) if m else frozenset()
        if m and role and usernews.sure(text, m) and (role in known or noun and (known or m["obj"][0].isupper())):
            return rule_facts(USER, role, m["obj"], 0.75, False, attribute=True)
    return []


def _tools(text: str) -> list[Fact]:
    m = _KEEP.search(text) or _NEW_ROLE.search(text) or _TYPING.search(text)
    noun = ("calendar" if m["noun"] in _SCHEDULED else m["noun"]) if m else ""
    if m and m.re is _TYPING:  # a device written on is a phone only when the lists know it as one
        noun = "phone" if roles_of(m["obj"]) == {"phone"} else ""
    role = usernews.role_for(noun, m["obj"]) if m and usernews.sure(text, m) else ""
    if m and role:
        return rule_facts(USER, role, m["obj"], 0.8, False, attribute=True)
    m = _ON.search(text) or _SETTLED.search(text)
    roles = roles_of(m["obj"]) if m else frozenset()
    if m and len(roles) == 1 and (m.re is _ON or roles == {"os"}) and usernews.sure(text, m):  # one role it can fill
        return rule_facts(USER, next(iter(roles)), m["obj"], 0.8, False, attribute=True)
    m = _MY_ROLE.search(text)
    if m is None or not usernews.sure(text, m):
        return []
    noun = "calendar" if m["lives"] == "schedule" else m["noun"] or m["where"] or m["lives"]
    before = _clause_before(text[: m.start()])
    if re.search(r"\b(?:might|maybe|thinking|considering|if|should|would|could|will|gonna|going to|want to)\b", before):
        return []  # "I might switch to Warp, it's my terminal now": the name is a plan
    named = [k[0] for k in known_names(before) if usernews.role_for(noun, k[0])] or _lone_name(before)
    role = usernews.role_for(noun, named[-1]) if named else ""
    return rule_facts(USER, role, named[-1], 0.75, False, attribute=True) if role else []


def _clause_before(text: str) -> str:
    """The clause before "it's my terminal now": where the name it means is said."""
    return re.split(r"[,;:.!?]\s+|\s[—–]\s|\sbut\s|\s(?:so|and)\s(?=that|it)", text.strip(" ,"))[-1]


def _lone_name(clause: str) -> list[str]:
    """The one capitalised name ``clause`` holds past its opening word ("tried Ghostty and never went back");
    none when it holds two or none."""
    names = [
        n for n in re.findall(rf"(?<=\s)[{UPPER}][\w.+-]*(?: [{UPPER}0-9][\w.+-]*)*", clause) if n.split()[0] != "I"
    ]
    return names if len(names) == 1 else []


#: A language the sentence names, then calls the user's own: "Please answer in German, it's my mother tongue".
_NATIVE = re.compile(
    r"\b(?:(?:it is|that is) my (?:mother tongue|native language|first language)|I am a native speaker)\b"
)


def _native(text: str) -> list[Fact]:
    m = _NATIVE.search(text)
    named = {w for w in re.findall(r"\b[A-Z][a-z]+\b", text) if w.lower() in USER_LANGUAGES} if m else set()
    if m is None or len(named) != 1 or re.search(r"\b(?:not|never|if|wish)\b", usernews.clause(text, m)):
        return []
    return rule_facts(USER, "speaks", named.pop(), 0.75, False)


#: A list of what the user does, the "I" said once: "I was born in Kraków, live in Edinburgh now and work as a
#: primary school teacher", "i was born in Lagos, live in Abuja now, and work in tax at KPMG".
_LISTED = (
    ("lives in", re.compile(rf"^I [a-z]+ [^,;.?]*?(?:,|\band) (?:and )?(?:now )?live in {_NAME}")),
    (
        "works at",
        re.compile(
            rf"^I [a-z]+ [^;.?]*?(?:,|\band) (?:and )?(?:now )?work (?:in [a-z]+(?: [a-z]+)? )?(?:at|for) {_ORG}"
        ),
    ),
    (
        "works as",
        re.compile(
            r"^I [a-z]+ [^;.?]*?(?:,|\band) (?:and )?(?:now )?work as (?:an? )?(?P<obj>[a-z][a-z -]*?)(?=[,.;!]|$| at\b| for\b)"
        ),
    ),
)


def _listed(text: str) -> list[Fact]:
    found: list[Fact] = []
    for predicate, pattern in _LISTED:
        m = pattern.search(text)
        if m and usernews.sure_so_far(text, m) and (predicate != "works as" or is_occupation(m["obj"])):
            found += rule_facts(USER, predicate, m["obj"], 0.8, False, attribute=True)
    return found
