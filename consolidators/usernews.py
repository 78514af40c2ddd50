"""The user's own situation said in passing rather than as a plain "I live in …": where they are now next to
the move that brought them ("I'm in Leeds now (moved up from Bristol in april)"), the flat they rent ("we've
been renting a tiny flat in Tbilisi since february"), a job said with its employer ("work for BMW as mechanical
engineer", "working like software tester in company Nokia"), and a tool role said as a headline ("queue
update: everything goes through Google Pub/Sub now", "CI runs on Woodpecker CI since Monday").

Each reading is checked in its own clause: a hedge, a negation, a plan or a question there keeps it from
being a fact; a visit ("for the week", "on holiday") is no home.
"""

from __future__ import annotations

import re

from . import userfacts, userstates
from .lifeevents import give_up_predicate, is_occupation
from .rolenouns import role_phrase
from .roles import DEVICE, names_a_role
from .text import CHAT_HEDGES, doubts
from .text import UPPER as _UP
from .toolnames import roles_of
from .toolrules import rule_facts
from .types import Fact
from .vocabulary import is_drink

USER = "user"
#: A place or employer: capitalised words (chat may write a place in lower case after "in": not read here).
_NAME = rf"(?P<obj>[{_UP}0-9][\w&.+/'-]*(?: (?:(?:de|do|da|del|di|della|dos|van|von|der|den|la|le|of) )*[{_UP}0-9][\w&.+/'-]*)*)"
_WE = r"(?:I|we)(?: have| had| am| are)?(?: (?:finally|just|now|officially))?"
#: A change of home the sentence also names, which makes "I'm in X now" a home rather than a stay.
_MOVED = re.compile(
    r"\b(?:moved|relocated|the move|emigrated|moving day|new (?:flat|place|home|apartment|city))\b", re.I
)
_HOMES = (
    # "we got the keys last Tuesday and home is officially Tampere now"
    (re.compile(rf"(?:^|\b(?:and|so|now) |[,;:] )[Hh]ome is (?:(?:now|officially|finally|currently) )*{_NAME}"), None),
    # "Home for me these days is a tiny flat in Bergen": the dwelling, then where it is
    (
        re.compile(
            rf"(?:^|[,;:] )[Hh]ome(?: for (?:me|us))?(?: (?:these days|nowadays|now|right now))? is (?:now )?"
            rf"(?:an? |my |our )(?:[a-z-]+ ){{0,3}}(?:flat|apartment|house|place|studio|room|flatshare|cottage|cabin|loft"
            rf"|condo|bedsit|houseboat) (?:in|on the edge of|outside) {_NAME}"
        ),
        None,
    ),
    # "since moving to Tampere my commute is …", "since the move to Aarhus", "since settling in Tbilisi": a move the
    # sentence takes as done while it dates what it says next
    (
        re.compile(
            rf"\b[Ss]ince (?:(?:moving|relocating|(?:the|our|my) (?:move|relocation)) (?:back |over |out |up |down )?to"
            # the name is no clause's subject: "since relocating to Gdynia fell through" is no move
            rf"|settling (?:down )?in) {_NAME}\b(?! (?:fell|is|was|were|would|will|did|didn't|has|had|seems|sounds|looks)\b)"
        ),
        None,
    ),
    # "I'm a lawyer in Windhoek": a job held where the user lives (never where an employer's name would stand)
    (re.compile(rf"\bI am an? (?P<job>(?:[a-z-]+ ){{0,2}}?[a-z]+) in {_NAME}(?=$|[,;.!]| and\b)"), None),
    # "I'm in Leeds now (moved up from Bristol)": the move may come after the landing
    (
        re.compile(
            rf"\b(?:I am|we are) (?:now )?(?:an? [a-z -]+? )?(?:in|living in|based in) {_NAME},? (?:now|these days)\b"
        ),
        _MOVED,
    ),
    # "we relocated the whole family to Christchurch", "I'm a freelance translator based in Montevideo", "I'm an
    # expat in Dubai", "now living at Porto", "my landlord here in Vienna", "we found a place in Ghent"
    (
        re.compile(
            rf"(?:^|\b(?:I|we)(?: have)?(?: (?:finally|just))? )(?:moved|relocated) (?:the (?:whole )?family|us|everyone|the kids"
            rf"|all of us) (?:over |out |back |down |up )?to {_NAME}"
        ),
        None,
    ),
    (re.compile(rf"\bI am an? (?:(?:[a-z-]+ ){{0,3}}?(?:based|living) in|expat in|immigrant in) {_NAME}"), None),
    (re.compile(rf"(?:^|\band |\bI am |[,;] )(?:now |currently )living (?:in|at) {_NAME}"), None),
    (re.compile(rf"\b(?:my|our) (?:landlord|flat|apartment|rent|neighbou?rs?|commute) here in {_NAME}"), None),
    (
        re.compile(
            rf"\b(?:I|we) (?:found|got|bought|rented) (?:an? |our )?(?:new |cheaper |bigger |smaller |little |tiny )?"
            rf"(?:place|flat|apartment|house|home) in {_NAME}"
        ),
        None,
    ),
    # "Yep still in Winnipeg, still freezing": a reply that the home holds ("still in Excel" alone may be a tool)
    (
        re.compile(
            rf"^(?:(?:(?i:yep|yeah|yes|yup|nope|nah|ha|haha|lol)\W+)+|I am |we are )(?i:still) (?:living |based )?in {_NAME}"
        ),
        None,
    ),
    # "we've been renting a tiny flat in Tbilisi since february", "I rent a room in Ghent"
    (
        re.compile(
            rf"\b{_WE} (?:been )?(?:renting|rent|subletting|sublet|sharing|share|leasing|lease) (?:an? |our |my )?"
            rf"(?:[a-z-]+ ){{0,3}}(?:flat|apartment|house|place|studio|room|flatshare|cottage|bungalow) in {_NAME}"
        ),
        None,
    ),
)
#: What a place's name looks like beside a job: one or two words, none an organisation's ("Bank", "GmbH") or all
#: capitals ("ICU", "HR").
_A_PLACE = re.compile(
    rf"(?!.*\b(?:Bank|Group|Labs?|Inc|Ltd|GmbH|AG|Corp|Company|Hospital|University|School|College)\b)"
    rf"[{_UP}][a-zà-ÿ'-]+(?: [{_UP}][a-zà-ÿ'-]+)?"
)
#: "Nope, not in Toronto anymore — Ottawa these days": the home denied, then the one that holds.
_NOT_THERE = re.compile(
    rf"\bnot in [{_UP}][\w'-]*(?: [{_UP}][\w'-]*)* any ?more\W+(?:(?:I am |we are )?(?:now )?in )?{_NAME},? (?:now|these days)\b"
)
#: "we finally left Lisbon for Porto", "Swapped bash for zsh as my shell": the old value left for the new one.
_TOOLISH = rf"[{_UP}0-9][\w.+!-]*(?: [{_UP}0-9][\w.+!-]*)*|[a-z][\w.+-]*"
_ROLE_WORDS = r"[a-z]+(?: (?:app|client|manager|editor|provider|language|system))?"
_SWAP = re.compile(
    rf"(?:^|\b(?:I|we)(?: have)? )(?:(?:finally|just|officially) )?(?i:left|swapped|traded|exchanged|ditched|dropped) "
    rf"(?:(?:the|my|our) (?=[{_UP}0-9]))?(?P<old>{_TOOLISH})(?: in)? for (?:an? |the )?(?P<obj>{_TOOLISH})"
    rf"(?: as (?:my|our) (?P<role>{_ROLE_WORDS})"
    # "traded the Pixel in for a Galaxy S24, that's my daily phone now": the role named after
    rf"|,? (?:that|which|it) is (?:now )?(?:my|our) (?:(?:daily|main|new|go-to|only|primary|default|everyday) )?(?P<role2>{_ROLE_WORDS}))?"
)
#: "I run Ubuntu on the laptop", "installed Pop!_OS on my desktop": what a device of the user's runs.
_RUNS_ON = re.compile(
    rf"(?:^|\b(?:I|we) (?:now )?)(?i:run|running|am running|installed|have got|have|got) (?P<obj>{_TOOLISH})(?: now)? on "
    rf"(?:my|the|our)(?: [\w-]+){{0,2}}? (?i:{DEVICE})\b"
)
_HOME_WORDS = re.compile(
    r"\b(?:rent|flat|house|apartment|city|town|neighbou?rhood|moved?|home|lease|commute|weather)\b", re.I
)
#: "We moved CI to GitHub Actions": a role named bare, moved to a tool.
_MOVED_ROLE = re.compile(
    rf"\b(?i:moved|migrated|switched|shifted) (?:our |my |the )?(?P<role>CI|[a-z]+(?: [a-z]+)?) (?:over )?"
    rf"(?:from [\w.+-]+(?: [A-Z][\w.+-]*)* )?to {_NAME}"
)
_VISIT = re.compile(
    r"\bfor (?:the|a|two|three|a few|a couple of) (?:day|night|week|weekend|month|days|nights|weeks|months)\b"
    r"|\b(?:visit\w*|trip|holiday|vacation|airbnb|hotel|hostel|summer|conference)\b",
    re.I,
)
#: A job said with its employer, either order: "work for BMW as mechanical engineer", "working like software
#: tester in company Nokia", "working in Tata Consultancy Services as software tester".
_JOB = r"(?P<job>[a-z][a-z-]*(?: [a-z][a-z-]*){0,2}?)"
_ORG = rf"(?:the )?(?:company |firm )?(?P<org>[{_UP}0-9][\w&.'-]*(?: [{_UP}0-9][\w&.'-]*)*)"
_JOBS = (
    # "Currently employed by the NHS as a radiographer" ("as of last week" dates the job, names none)
    re.compile(
        rf"(?:\bI am |^)(?:(?i:currently|now) )?employed (?:by|at) {_ORG} as (?!of\b)(?:an? )?{_JOB}(?= since| for| in| at|[,.;!]|$)"
    ),
    # "I live in Mysuru and am working at Infosys since 2021": the "I" said once for both
    re.compile(rf"\b(?:I|and) am (?:now |currently )?working (?:at|for|with) {_ORG}"),
    # "ok so the new job is at Canva"
    re.compile(
        rf"\b(?:(?:my|the) new (?:job|position|role|gig) is|^new (?:job|position|role|gig)|: new (?:job|position|role|gig)) (?:at|with) {_ORG}"
    ),
    # "I live in Lausanne now, work at Logitech, …": the "I" said once for a list of clauses
    re.compile(rf"\bI (?:now )?live in [^,;]+, (?:and )?(?:now )?work (?:at|for) {_ORG}"),
    # "as of this week I'm officially a Zalando employee"
    re.compile(rf"\bI am (?:(?:now|officially|finally) )*(?:an? )?{_ORG} (?:employee|staffer|staff member)\b"),
    re.compile(
        rf"\b(?:I|and)(?: am)? work(?:ing)? (?:at|for|in|with) {_ORG} as (?!of\b)(?:an? )?{_JOB}(?= since| for| in| at|[,.;!]|$)"
    ),
    re.compile(rf"\bI(?: am)? work(?:ing)? (?:as|like) (?:an? )?{_JOB} (?:at|for|in|with) {_ORG}"),
)
#: Being taken on by an employer, said in the passive: "got hired by X as a nurse" names the job as "joined X as" does.
_TAKEN_ON = r"(?:got|was|have been|been) (?:hired|employed|recruited|headhunted|taken on) (?:by|at)"
#: A job said beside the employer or the way it is done, the job a real occupation: "I'm a data analyst now at
#: Vestas", "now at a small startup called Lumio as their first designer", "started at Deliveroo as a rider ops
#: analyst", "I work from home as a UX designer".
_ROLE_AT = (
    re.compile(rf"\bI am (?:now )?an? {_JOB} (?:now )?(?:at|for) (?!\d){_ORG}"),  # "a nurse with two kids" is none
    re.compile(
        rf"(?:^|\bI (?:have )?)(?:(?:just|recently|now) )?(?:started (?:at|with)|joined|am (?:now )?(?:at|with)|{_TAKEN_ON}) "
        rf"(?:an? (?:[a-z-]+ ){{0,3}}(?:called|named) )?{_ORG}(?: now| (?:in|this|last) [A-Z]?[a-z]+)?"
        rf" as (?:their|its|an?|the) (?:(?:first|new|lead|only|founding|senior|junior|head) )?{_JOB}(?=[,.;!]|$| and| since| in| for)"
    ),
    re.compile(
        r"\bI (?:work|am working) (?:from home|remotely|freelance|full[- ]time|part[- ]time|nights|shifts) as (?:an? )?"
        r"(?P<job>[A-Za-z][\w-]*(?: [a-z][a-z-]*){0,2}?)(?=[,.;!]|$| and| since| in| for| at)"
    ),
)
_NOT_JOBS = frozenset("student regular member customer user fan volunteer intern".split())
#: A job said in a learner's English, without the article: "I am nurse", "Me I am engineer in Bosch", "I am
#: student of economics". Without "a" an adjective reads the same ("I am older"), so only a plain job noun counts.
_BARE_JOB = re.compile(rf"\bI am (?P<job>[a-z]+)(?: (?:in|at) {_ORG})?(?=[,.;!]|$| since| in the)")
_BARE_STUDENT = re.compile(
    r"\bI am (?:an? )?(?:(?:first|second|third|fourth|final)[- ]year )?student of (?P<field>[a-z][a-z ]*?)(?=[,.;!]|$| at| in)"
)
_JOB_NOUNS = frozenset(
    """nurse chef doctor cook pilot surgeon dentist vet barista medic analyst engineer teacher developer designer
    manager lawyer accountant architect pharmacist technician tester programmer consultant electrician plumber
    mechanic translator journalist physiotherapist radiographer paramedic midwife""".split()
)
#: A self-introduction as a list: "Me: 34, nurse, living in Cork", "Background: data analyst at Ocado, based in
#: Hatfield", "Quick intro: I'm Inês, 34, a pharmacist living in Porto". Each listed part is read on its own.
_INTRO = re.compile(
    r"^(?:(?i:quick intro|intro|me|(?:a (?:bit|little) |some stuff |quick bit )?about me|background|bio|context))\s*:\s*(?:I am [A-ZÀ-ÖØ-ÞĀ-Ž][\w-]*,\s*)?"
    # "Hi! I'm Marta, a chemistry teacher, and I live in Wrocław": the name, then what the user is
    # … or the age first: "I'm 34, a software engineer, living in Austin"
    r"|^(?:(?i:hi|hey|hello|hiya|greetings)\W+)*I am (?:[A-ZÀ-ÖØ-ÞĀ-Ž][\w-]*|\d{1,2}(?: years old)?),\s*(?=an? )"
)
_INTRO_PART = re.compile(
    rf"^(?:an? )?(?P<job>[a-z][a-z-]*(?: [a-z][a-z-]*)?)(?: (?:at|with) {_ORG})?"
    rf"(?: (?:living|based) in (?P<home>[{_UP}][\w'-]*(?: [{_UP}][\w'-]*)*))?$"
)
#: An opening "as a …" that says what the user does: "As a nurse working night shifts at X, …", "quick one — as a
#: dental hygienist, what …?" (is the standing, whatever the question then asks).
_AS_A = re.compile(
    rf"^(?:(?i:quick one|ok|so|hi|hello)\W+)*[Aa]s an? (?P<job>[a-z][a-z-]*(?: [a-z][a-z-]*){{0,2}}?)"
    rf"(?: working [a-z ]*?(?: (?:at|for) {_ORG.replace('(?P<org>', '(?P<org>')})?)?(?:,| (?=I\b))"
)
#: "me and the wife (Leilani)", "my husband, Tomás, says …": the spouse named beside the noun.
_SPOUSE = re.compile(
    r"\b(?:the|my) (?:wife|husband|spouse|missus|hubby)(?: \(|, )(?P<obj>[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+)(?:\)|,)"
)
#: A tool role said as a headline or a bare subject: "queue update: everything goes through Pub/Sub now",
#: "CI runs on Woodpecker CI since Monday", "notes: all in Logseq now".
_ROLE_NEWS = (
    re.compile(
        rf"^(?:the |my |our )?(?P<role>[A-Za-z][a-z]*(?: [a-z]+)?) (?:update|news|situation)\s*:\s*"
        rf"(?:everything|it all|all of it|all|it) (?:now )?(?:goes|runs|lives|is|sits|happens) (?:now )?(?:through|on|in|via) {_NAME}"
    ),
    re.compile(
        rf"(?:^|[:;]\s+)(?P<role>CI|[a-z]+(?: [a-z]+)?) (?:now )?(?:runs|lives|sits|happens|is hosted) (?:now )?(?:on|in|through) {_NAME}"
    ),
)
#: Where the user was born, said by the noun or the relative clause: "For the form: birthplace Košice", "My
#: birthplace? A tiny village called Ardara", "my hometown, where I was born, is Tromsø", "Recife's where I was born".
_CALLED = r"(?:(?:[Aa]n?|[Tt]he|[Tt]his|[Ss]ome) (?:[a-z-]+ ){0,2}(?:village|town|city|place|island|hamlet) (?:called|named) )?"
_BIRTHPLACES = (
    re.compile(rf"(?:^|\b[Mm]y |[:;,] )(?i:birthplace|birth place|place of birth)(?: is| was|:|\?)? {_CALLED}{_NAME}"),
    re.compile(rf"\bwhere I was born,? (?:is|was) {_CALLED}{_NAME}"),
    re.compile(rf"(?:^|[:;,] ){_NAME}(?:'s| is) where I was born\b"),
    # "Where was I born? Tbilisi, …", "Originally from Medellín — born there": asked and answered, or the origin
    re.compile(rf"(?:^|[:;,.!] )(?i:where was I born)\? {_CALLED}{_NAME}"),
    re.compile(rf"(?:^|\bI am )(?i:originally) from {_NAME}\W+(?:I was |was )?born there\b"),
)
#: "Dev and I are married now", "Sam and I got married in May": the partner named beside the user.
_MARRIED = re.compile(
    rf"(?:^|[,;:] |\b(?:and|so|now) )(?:(?:last|this|on) [A-Z][a-z]+day )?{_NAME} and I (?:are|got|just got) (?:now |finally |officially )?married\b"
    rf"|\bI (?:just |finally |then )?(?:got )?married (?:to )?{_NAME.replace('(?P<obj>', '(?P<obj2>')}"
)
#: "green tea is what I drink now": a drink said by what the user drinks.
_DRINK = re.compile(
    r"(?:^|[,;:] )(?P<obj>[a-z][a-z -]*?|[A-Z][\w-]*(?: [a-z]+)?) is (?:what|all) I (?:drink|sip|order)\b"
)
#: A home, job or course the user says is theirs no longer: "No longer living in Berlin btw", "Not working at
#: Zalando anymore since the layoffs", "As of Tuesday I no longer work at Zalando". "Not" needs its "anymore".
_GIVEN_UP = re.compile(
    rf"(?:^|[,;:—–] |\bI (?:am )?)(?P<neg>(?i:no longer|not)) (?P<verb>working|employed|living|based|studying|work|live|study)"
    rf" (?:at|for|with|in|by) (?:the )?{_NAME}(?P<more> any ?more)?"
)
#: A tool given up with chat's "I" dropped, or by the user's team: "not using Dropbox anymore", "no longer using
#: Notion for anything", "our team does not use Jira anymore" (the phrase rules read "I no longer use X").
_TOOL_GONE = re.compile(
    r"(?:^|[,;:—–] |\b(?i:our|my) (?:team|company|org|household|family) (?:does|do) )"
    rf"(?P<neg>(?i:no longer|not)) (?:using|use) (?:the )?{_NAME}(?P<more> any ?more)?"
)
#: An app given up for good, chat's "I" dropped: "quit Twitter for good last month", "deleted TikTok", "I'm off
#: Instagram for good now". Without "for good" (or a verb only software takes) "quit X" may be a job.
_APP_GONE = re.compile(
    rf"(?:^|\bI (?:have )?)(?:(?:finally|just|so) )?(?:(?i:deleted|uninstalled) {_NAME}"
    rf"|(?i:quit|ditched|dropped) {_NAME.replace('(?P<obj>', '(?P<obj2>')} (?:[a-z]+ ){{0,4}}?(?:for good|entirely|completely|altogether)\b)"
    rf"|\bI am (?:now )?off {_NAME.replace('(?P<obj>', '(?P<obj3>')} for good\b"
    # "Cancelled my Dropbox subscription": what the user paid for, given up
    rf"|(?i:cancell?ed) (?:my |our )?{_NAME.replace('(?P<obj>', '(?P<obj4>')} (?:subscription|account|membership|plan)\b"
)
_GIVEN_UP_PREDICATE = {
    "work": "works at",
    "employ": "works at",
    "liv": "lives in",
    "bas": "lives in",
    "stud": "studies at",
}
_UNSURE = doubts(
    rf"{CHAT_HEDGES}|thinking|planning|plan to|hope to|want to|used to|almost"
    r"|my (?:sister|brother|mother|mum|mom|father|dad|friend|partner|wife|husband|son|daughter|parents)|he|she|they"
)
_BOUNDARY = re.compile(r"[,;…!?()]|\.{2,}|\.\s|:\s|\b(?:so|but|anyway)\b|\s[—–]\s")


def facts(text: str) -> list[Fact]:
    """The user's home, job and tool roles ``text`` (plain, contractions expanded) states in passing."""
    found: list[Fact] = []
    for pattern, evidence in _HOMES:
        m = pattern.search(text)
        if m and (evidence is None or evidence.search(text)) and not _VISIT.search(text) and sure(text, m):
            if roles_of(m["obj"]):  # "still in Excel for this": a tool, not a place
                continue
            if "job" in m.re.groupindex and not (is_occupation(m["job"]) and _A_PLACE.fullmatch(m["obj"])):
                continue  # "I'm a nurse in ICU", "an engineer in Bosch": no home
            found += rule_facts(USER, "lives in", m["obj"], 0.8, False, attribute=True)
            break
    for pattern in _JOBS:
        m = pattern.search(text)
        if m and sure(text, m) and not re.search(r"\b(?:ago|previously|before|until|then)\b", clause(text, m)):
            found += rule_facts(USER, "works at", m["org"], 0.8, False, attribute=True)
            found += (
                rule_facts(USER, "works as", m["job"], 0.8, False, attribute=True) if "job" in m.re.groupindex else []
            )
            break
    found += _role_at(text)
    m = _AS_A.match(text)
    if m and is_occupation(m["job"]) and not _UNSURE.search(m[0]):  # "As a nurse working nights at X, I need …"
        found += rule_facts(USER, "works as", m["job"], 0.8, False, attribute=True)
        found += rule_facts(USER, "works at", m["org"], 0.8, False, attribute=True) if m["org"] else []
    found += _introduced(text)
    m = _BARE_JOB.search(text)
    if m and m["job"] in _JOB_NOUNS and sure_so_far(text, m):
        found += rule_facts(USER, "works as", m["job"], 0.8, False, attribute=True)
        found += rule_facts(USER, "works at", m["org"], 0.8, False, attribute=True) if m["org"] else []
    m = _BARE_STUDENT.search(text)
    if m and sure_so_far(text, m):
        found += rule_facts(USER, "studies", m["field"], 0.8, False, attribute=True)
    m = _SPOUSE.search(text)
    if m and not re.search(r"\b(?:ex|late|former|first|previous)\W*$", text[: m.start()]) and sure_so_far(text, m):
        found += rule_facts(USER, "married to", m["obj"], 0.8, False, attribute=True)
    found += _swaps(text) + born(text) + _given_up(text) + userstates.facts(text, sure)
    m = _RUNS_ON.search(text)
    if m and "os" in roles_of(m["obj"]) and sure(text, m):
        found += rule_facts(USER, "os", m["obj"], 0.8, False, attribute=True)
    m = _MARRIED.search(text)
    if m and sure_so_far(text, m):
        found += rule_facts(USER, "married to", m["obj"] or m["obj2"], 0.8, False, attribute=True)
    m = _DRINK.search(text)
    if m and is_drink(m["obj"]) and sure(text, m):
        found += rule_facts(USER, "prefers drink", m["obj"], 0.8, False, attribute=True)
    for pattern in _ROLE_NEWS:
        m = pattern.search(text)
        role = role_for(m["role"], m["obj"]) if m and sure(text, m) else ""
        if m and role:
            found += rule_facts(USER, role, m["obj"], 0.8, False, attribute=True)
            break
    return found + [
        f for f in userfacts.facts(text) if f.predicate not in {g.predicate for g in found if not g.retract}
    ]


def _role_at(text: str) -> list[Fact]:
    """A job said beside its employer or the way it is done, when the job is a real occupation."""
    for pattern in _ROLE_AT:
        m = pattern.search(text)
        if m and is_occupation(m["job"]) and m["job"].split()[-1] not in _NOT_JOBS and sure(text, m):
            org = m["org"] if "org" in m.re.groupindex else None
            found = rule_facts(USER, "works as", m["job"], 0.8, False, attribute=True)
            return found + (rule_facts(USER, "works at", org, 0.8, False, attribute=True) if org else [])
    return []


def born(text: str) -> list[Fact]:
    """Where the user was born, by "birthplace" or "where I was born"; a question the sentence answers itself
    ("My birthplace? Ardara") still states it."""
    for pattern in _BIRTHPLACES:
        m = pattern.search(text)
        if m and not _UNSURE.search(clause(text, m).replace(m[0], m[0].replace("?", " "))) and not _asked(text, m):
            return rule_facts(USER, "born in", m["obj"], 0.8, False, attribute=True)
    return []


def visit(text: str) -> bool:
    """Whether ``text`` speaks of a stay rather than a home ("for the week", "on holiday")."""
    return bool(_VISIT.search(text))


def across(pair: str) -> list[Fact]:
    """What two sentences of one message say together (``pair``, joined): a birthplace or another fact the user
    asks about and answers in the next ("My birthplace? Ardara.", "What do I study? Linguistics.")."""
    held = [f for f in userstates.facts(pair, sure) if not f.retract]  # "new city! Graz since May"
    return born(pair) or userfacts.answered(pair) or userfacts.across(pair) or held


def _given_up(text: str) -> list[Fact]:
    """A home, employer, school or app the user left, as a retraction: "no longer living in X", "not working at X
    anymore", "deleted Instagram"."""
    gone = _APP_GONE.search(text)
    if gone and not _UNSURE.search(clause(text, gone).replace(gone[0], " ")):
        name = gone["obj"] or gone["obj2"] or gone["obj3"] or gone["obj4"]
        return rule_facts(USER, give_up_predicate(text), name, 0.8, True)
    m = _GIVEN_UP.search(text) or _TOOL_GONE.search(text)
    if m is None or m["neg"].lower() == "not" and not m["more"]:
        return []
    start = [b.end() for b in _BOUNDARY.finditer(text, 0, m.start())]
    if _UNSURE.search(text[start[-1] if start else 0 : m.start()]) or _asked(text, m):
        return []  # "I might not be working at X anymore"
    verb = (m.groupdict().get("verb") or "").lower()
    predicate = next((p for stem, p in _GIVEN_UP_PREDICATE.items() if verb.startswith(stem)), None)
    predicate = predicate or give_up_predicate(text)  # "not using Vim anymore — Helix is my editor now"
    return rule_facts(USER, predicate, m["obj"], 0.8, True)


def _introduced(text: str) -> list[Fact]:
    """The job, employer and home a self-introduction lists, each part read whole ("nurse", "data analyst at
    Ocado", "a pharmacist living in Porto"); a part that is no job ("34", "two cats") says nothing."""
    m = _INTRO.match(text)
    if m is None or _UNSURE.search(text[m.end() :].split(".")[0]):
        return []
    found: list[Fact] = []
    for part in re.split(r"\s*[,;]\s*(?:and )?", text[m.end() :].split(". ")[0].rstrip(" .!")):
        home = re.fullmatch(rf"(?:living|based|live) in {_NAME}", part)
        if home:  # "…, based in Hatfield, …"
            found += rule_facts(USER, "lives in", home["obj"], 0.8, False, attribute=True)
        p = _INTRO_PART.match(part)
        if p is None or not is_occupation(p["job"]) or any(f.predicate == "works as" for f in found):
            continue
        found += rule_facts(USER, "works as", p["job"], 0.8, False, attribute=True)
        found += rule_facts(USER, "works at", p["org"], 0.8, False, attribute=True) if p["org"] else []
        found += rule_facts(USER, "lives in", p["home"], 0.8, False, attribute=True) if p["home"] else []
    return found


def _swaps(text: str) -> list[Fact]:
    """A home or a tool left for another: the new one, and the old one given up, in the role the sentence names,
    the one both tools fill, or the home its words speak of; nothing when the kind stays unclear."""
    m = _NOT_THERE.search(text)
    if m and not _VISIT.search(text):
        return rule_facts(USER, "lives in", m["obj"], 0.8, False, attribute=True)
    m = _MOVED_ROLE.search(text)
    role = role_for(m["role"], m["obj"]) if m and sure(text, m) else ""
    if m and role:
        return rule_facts(USER, role, m["obj"], 0.8, False, attribute=True)
    m = _SWAP.search(text)
    if m is None or not sure(text, m):
        return []
    both = roles_of(m["old"]) & roles_of(m["obj"])
    if m["role"] or m["role2"]:
        role = role_for(m["role"] or m["role2"], m["obj"])
    elif both:
        role = next(iter(both)) if len(both) == 1 else ""
    elif m["old"][:1].isupper() and m["obj"][:1].isupper() and _HOME_WORDS.search(text) and not _VISIT.search(text):
        role = "lives in"
    if not role:
        return []
    return rule_facts(USER, role, m["old"], 0.7, True) + rule_facts(USER, role, m["obj"], 0.8, False, attribute=True)


def role_for(noun: str, name: str) -> str:
    """The tool role ``noun`` names, if ``name`` can fill it (one the tool lists know for another role cannot)."""
    role = role_phrase(noun) if names_a_role(noun) else None
    known = roles_of(name.strip())
    return role if role and (role in known or not known) else ""


def sure(text: str, m: re.Match[str]) -> bool:
    return not _UNSURE.search(clause(text, m)) and not _asked(text, m)


def _asked(text: str, m: re.Match[str]) -> bool:
    """Whether the match's clause ends in a question mark ("I am nurse? no")."""
    end = _BOUNDARY.search(text, m.end())
    return end is not None and end[0] == "?"


def sure_so_far(text: str, m: re.Match[str], end: int | None = None) -> bool:
    """No hedge from the clause's start to the match's end (or ``end``): "me and the wife (Leilani) need a game
    that isn't chess" denies the game, not the wife."""
    starts = [b.end() for b in _BOUNDARY.finditer(text, 0, m.start())]
    return not _UNSURE.search(text[starts[-1] if starts else 0 : m.end() if end is None else end]) and not _asked(
        text, m
    )


def clause(text: str, m: re.Match[str], boundary: re.Pattern[str] = _BOUNDARY) -> str:
    """The match with the rest of the clauses it starts and ends in (clauses end at ``boundary``)."""
    starts = [b.end() for b in boundary.finditer(text, 0, m.start())]
    end = boundary.search(text, m.end())
    return text[starts[-1] if starts else 0 : end.start() if end else len(text)]
