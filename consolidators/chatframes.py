"""Chat's set phrases for a home, a liking, a language and a machine: frames the parse reads badly.

People say where they live, what they love and what they speak in a handful of
idioms whose words the small parser often mis-attaches ("home these days is a
tiny flat in Leeds" parses "home" as an adverb). Each frame here is one idiom
of English, not one sentence: "my flat is in X", "I share a house in X",
"I'm a huge X fan", "really into X", "X is my thing", "my Polish is fluent",
"X is my first language", "<role>-wise I'm on X", "I run X on my laptop".

Precision first: a frame counts only in a clause without a negation, a modal
or a past marker, and a place or a machine's system must be a name.
"""

from __future__ import annotations

import re

from . import boxes, fields
from .lifeevents import MARRIAGE_OVER, PET_GONE, PETS, fact, is_occupation
from .text import NOT_NOW, inflected_verb, table
from .types import Fact
from .vocabulary import clean_object, is_drink, is_time

NAME = (  # "iPhone 13 mini": a model number's lower-case edition is part of the name
    r"(?P<obj>(?:[A-ZÀ-ÖØ-ÞĀ-Ž]|[a-z]{1,3}[A-ZÀ-ÖØ-ÞĀ-Ž])[\w&.'!-]*(?: (?:[A-ZÀ-ÖØ-ÞĀ-Ž0-9][\w&.'!-]*"
    r"|(?:de|del|da|do|la|le|upon|on|am|im)(?= [A-ZÀ-ÖØ-ÞĀ-Ž])))*(?:(?<=\d) (?:mini|pro|max|plus|ultra|lite))?)"
)
#: Homes the user has now; "old", "holiday" or "parents'" homes are someone else's or another time's.
_PETS = "|".join(sorted(PETS, key=len, reverse=True))
_HOME_NOUN = r"(?:flat|apartment|flatshare|house|condo|studio|home|townhouse|bungalow|cottage)"
_NOT_NOW = r"(?!(?:old|previous|former|first|childhood|holiday|summer|vacation|weekend|second|dream|future)\b)"
#: A first stretch at a place that is behind the user: "first week at X done", "first month survived at X".
_DONE = r"(?:done|over|complete|finished|survived|down|in the books)"
_FRAMES = table(
    # "my flat is in Glasgow", "our new apartment in Brooklyn is tiny"
    (
        "lives in",
        rf"\b(?:[Mm]y|[Oo]ur) {_NOT_NOW}(?:[a-z-]+ ){{0,2}}{_HOME_NOUN}(?: is| 's)?(?: now| currently)? in {NAME}",
    ),
    # "home these days is a tiny flat in Leeds", "home is now Leeds", "home for me is Da Nang"
    (
        "lives in",
        rf"^[Hh]ome(?: for (?:me|us))?(?: (?:these days|nowadays|now|for now|at the moment))?,? is (?:now )?"
        rf"(?:(?:a|an|my|our) (?:[a-z-]+ ){{0,3}}{_HOME_NOUN}(?: [a-z]+){{0,2}} in )?{NAME}",
    ),
    # "Leeds has been home for eight months", "Nairobi's been home for six years now", "Oslo is home now": the
    # place said as the home; "is home to" describes a place, not the writer, and a past home is refused
    (
        "lives in",
        rf"^{NAME}(?:'s| has| is)(?: been)? (?:my |our )?home(?! to\b)(?: (?:now|these days|for (?:me|us)|since \w+"
        rf"|for (?:about |almost |nearly |over |more than )?(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten"
        rf"|a few|a couple of|several) (?:years?|months?|weeks?)))*$",
    ),
    # "uni for me is the University of Otago", "my college is Trinity College Dublin", chat's bare "uni is UCL"
    (
        "studies at",
        rf"^(?:(?:[Oo]k|[Oo]kay|[Ss]o|[Ww]ell|[Bb]tw|[Aa]nyway),? )*(?:[Mm]y (?:uni|university|college)"
        rf"|(?:[Uu]ni|[Uu]niversity|[Cc]ollege) for me|[Uu]ni) is (?:now |still )?(?:the )?{NAME}",
    ),
    # "Gdańsk is my birthplace", "my birthplace is Tartu", "my birth certificate says Cluj-Napoca"
    ("born in", rf"^{NAME} is (?:my|our) (?:birthplace|place of birth|birth city)\b"),
    ("born in", rf"\b[Mm]y (?:birthplace|place of birth|birth city) is {NAME}"),
    ("born in", rf"\b[Mm]y birth certificate (?:says|reads) {NAME}"),
    # "Monzo pays my salary these days", "my employer (Zalando) gives us …": the employer said by what it does
    ("works at", rf"^{NAME} (?:pays|signs) my (?:salary|wages|paycheck|paycheque|bills)\b"),
    # "it's Siemens Healthineers I work for": the cleft names the employer
    ("works at", rf"^it is {NAME} (?:that )?I (?:work for|work at|am working for|am employed by)\b"),
    # "I share a house in Kraków", "we rent a tiny studio in Lyon"
    (
        "lives in",
        rf"\b(?:I|[Ww]e) (?:now |currently |still )?(?:share|rent|sublet|live in) (?:a|an|the|my|our) "
        rf"(?:[a-z-]+ ){{0,2}}(?:{_HOME_NOUN}|room|place) in {NAME}",
    ),
    # "I'm based out of Tallinn", "we are based in Ghent now"
    ("lives in", rf"\b(?:I am|[Ww]e are) (?:now |currently )?based (?:in|out of) {NAME}"),
    # "I'm a huge cricket fan", "I am a lifelong Arsenal fan"
    (
        "likes",
        r"\bI am (?:a |an )?(?:huge |big |massive |die-?hard |lifelong |total |real |avid |giant )?"
        r"(?P<obj>[\w'-]+(?: [\w'-]+)?) (?:fan|nut|addict|buff|enthusiast)\b(?! of)",
    ),
    # "really into sourdough baking lately", "I'm obsessed with padel"
    (
        "likes",
        r"(?:^|\bI am |\bI have been |^been )(?:(?:really|super|very|totally|so|quite|pretty|completely) )*"
        r"(?:into|obsessed with|hooked on|addicted to|crazy about|mad about|passionate about) (?P<obj>[\w'-]+(?: [\w'-]+){0,4})",
    ),
    # "trail running is my thing", "pottery has become my passion"
    (
        "likes",
        r"^(?P<obj>[\w'-]+(?: [\w'-]+){0,2}) (?:is|has become|became) (?:really |totally |definitely )?"
        r"(?:my|our) (?:new |latest |big )?(?:thing|jam|passion|obsession)\b",
    ),
    # "my Polish is fluent", "my Hungarian is native level"
    (
        "speaks",
        r"\b[Mm]y (?P<obj>[A-ZÀ-ÖØ-ÞĀ-Ž][a-z]+) is (?:now |still |pretty |really |very )?"
        r"(?:fluent|native|native[- ]level|near[- ]native|bilingual|conversational|decent|solid|good)\b",
    ),
    # "Tagalog is my first language", "I'm a native Swahili speaker"
    ("speaks", r"^(?P<obj>[A-ZÀ-ÖØ-ÞĀ-Ž][a-z]+) is (?:my|our) (?:first|native|mother|home) (?:language|tongue)\b"),
    ("speaks", r"\b(?:I am|[Aa]s) (?:a )?(?:native|fluent) (?P<obj>[A-ZÀ-ÖØ-ÞĀ-Ž][a-z]+) speaker\b"),
    # "switched majors this term, it's statistics now"
    (
        "studies",
        r"\bswitched (?:majors|courses|degrees|programmes|programs|subjects)\b[^,]*, it is (?P<obj>[a-z][\w -]+?)(?: now)?$",
    ),
    # "my degree is in computer science now", "we ended up relocating to Ljubljana"
    ("studies", r"\bmy (?:degree|major|course|programme|program) is (?:now )?in (?P<obj>[a-z][\w -]+?)(?: now)?$"),
    ("lives in", rf"\b(?:I|[Ww]e) (?:ended up|finally) (?:relocating|moving) to {NAME}"),
    # "Klarna poached me", "Wiped the laptop and installed NixOS on it", "coding in Cursor as my IDE"
    # "Booking laid off my whole team and Picnic snapped me up": the new employer said as the one who hired
    (
        "works at",
        rf"(?:^(?:[A-Za-z ]+: )?|\band ){NAME} (?:(?:poached|hired|recruited|headhunted) me|snapped me up|took me on)\b",
    ),
    ("os", rf"\b(?:laptop|desktop|machine|pc)\b[^,;]* (?:and )?(?:installed|put) {NAME} on it\b"),
    ("@role", rf"\b(?:coding|programming|writing code|working) in {NAME} as (?:my|our) (?P<role>[A-Za-z]+)\b"),
    # "data science is what I'm studying now"
    ("studies", r"^(?P<obj>[a-z][\w -]+?) is what I am (?:studying|doing)\b"),
    # "kombucha is my favourite drink now": a drink written in lower case still names one
    (
        "prefers drink",
        r"^(?P<obj>[a-z][\w -]*?) is (?:my|our) (?:new )?(?:favou?rite|go-to|usual) (?:drink|beverage)\b",
    ),
    # "i'm a second year at McGill"
    (
        "studies at",
        rf"\bI am (?:a |in (?:my |the )?)?(?:first|second|third|fourth|final|last)[- ]year(?: student)? at {NAME}",
    ),
    # "currently a student at Monash", "first week at Zalando done", "First week done at Zalando"
    ("studies at", rf"^(?:currently |now )?(?:a|an) (?:[a-z-]+ ){{0,2}}student at {NAME}"),
    (
        "works at",
        rf"^(?:[Mm]y )?[Ff]irst (?:day|week|month) at {NAME} (?:is |was )?{_DONE}",
    ),
    ("works at", rf"^(?:[Mm]y )?[Ff]irst (?:day|week|month) (?:is |was )?{_DONE} at {NAME}"),
    # "big fan of Korean dramas over here": chat drops the "I am"
    (
        "likes",
        r"^(?:a |an )?(?:huge |big |massive |die-?hard |lifelong |total |avid )fan of (?P<obj>[\w'-]+(?: [\w'-]+){0,2})",
    ),
    # "we stopped hosting on Heroku", "we moved out of Bristol", "Evernote's gone from my life"
    ("!cloud provider", rf"\b(?:I|[Ww]e) (?:have )?stopped (?:hosting|deploying) (?:on|with|at) {NAME}"),
    ("!lives in", rf"(?:^|\b(?:I|[Ww]e) (?:have )?)(?:(?i:just|finally) )?(?i:moved) out of {NAME}"),  # chat drops "I"
    (
        "!uses",
        rf"^{NAME}(?:'s| is| has) (?:gone(?! (?:back|home|ahead|on|to|out|up|over|into|abroad)\b)|been (?:deleted|uninstalled|removed))(?: from my (?:life|phone|laptop|mac|machine))?\b",
    ),
    # "everything we deploy is hosted on GCP", "our whole stack runs on Azure"
    (
        "cloud provider",
        rf"^(?:everything|all|it all|everything is|everything's|(?:all of )?(?:[Oo]ur|[Mm]y) (?:[a-z]+ )?(?:app|apps|site|sites|services?|stuff|code|data|"
        rf"infra|infrastructure|stack|backend|servers?|workloads?))(?: (?:we|I) (?:run|deploy|build|ship|have))? "
        rf"(?:is|are) (?:now |all )?(?:hosted|deployed|running) (?:on|in) {NAME}",
    ),
    # "laptop's running Fedora now", "my desktop is on Windows 11"
    (
        "os",
        rf"^(?:[Mm]y |[Tt]he |[Oo]ur )?(?:new |work )?(?:laptop|desktop|pc|computer|machine)(?:'s| is) "
        rf"(?:now )?(?:running|on) {NAME}",
    ),
    # "transferred to Universidade do Porto for second year"
    (
        "studies at",
        r"\b(?:[Tt]ransferred|[Ss]witched)(?: my (?:studies|degree|course|place))? to (?:the )?(?P<obj>(?:[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]* )*(?:University|Universidade|Universidad|"
        r"Università|Universität|Université|College|Institute|Polytechnic)(?: (?:of|do|de|da|di|del)? ?[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]*)*)",
    ),
    # "Everything on my calendar is in Outlook Calendar"
    (
        "@role",
        rf"^(?:[Ee]verything|[Aa]ll) (?:on|in) (?:my|our) (?P<role>[a-z]+) (?:is|are|lives|sits) (?:in|on) {NAME}",
    ),
    # "I run Fedora on my work laptop", "installed Pop!_OS on my desktop over the weekend"
    (
        "os",
        rf"(?:^|\bI (?:now |currently )?)(?:run|installed|am running|put) {NAME} on (?:my|our) (?:[a-z-]+ )?"
        r"(?:laptop|desktop|pc|computer|machine|workstation|notebook|gaming rig|rig)\b",
    ),
)
#: "browser-wise I'm on Vivaldi", "phone-wise, it's a Pixel 7a": the role named before the statement.
_WISE = re.compile(
    r"^(?P<role>[a-z]+(?: [a-z]+)?)-wise,? (?:I am|we are|it is|I use|we use|I run|I have) "
    rf"(?:now |still |currently )?(?:on |using |with |running )?(?:an? |the )?{NAME}"
)
#: "handed in my notice at Ocado": the user is leaving (or has left) that employer.
_NOTICE = re.compile(
    rf"\b(?:handed in|gave|put in|submitted|handed) (?:my|our) (?:notice|resignation) (?:at|to) {NAME}"
)
#: "I'd take a flat white over tea any day", "matcha beats coffee for me", "rooibos over coffee for me these
#: days", "nothing beats a cold mate": a preference between drinks said as a choice (the modal is the idiom's, not
#: a hedge). What it is served in is no part of it ("a cold glass of ayran"); "cold brew" is a drink of its own.
_SERVED_IN = r"(?:(?:cold|hot|good|fresh|nice) (?!brew\b))?(?:(?:glass|cup|mug|pint|bottle|can|pot) of )?"
#: Each name is bounded: a long clause with many "over"s made the lazy spans try every pair of them.
_CHOICE = re.compile(
    r"\bI would (?:take|pick|choose|have|go for) (?:a |an )?(?P<obj>[\w' -]{1,40}?) over (?:a |an )?(?P<old>[\w' -]{1,40}?)\b(?: any| every|$)"
    r"|^(?!(?i:nothing)\b)(?P<obj2>[\w' -]{1,40}?) (?:beats|over) (?:a |an )?(?P<old2>[\w' -]{1,40}?) for me\b"
    rf"|^(?i:nothing) beats (?:a |an )?{_SERVED_IN}(?P<obj3>[\w' -]{{1,40}}?)(?: for me)?(?: in the \w+| on a \w+|$)"
)
#: A clause the frames must leave alone: negated, modal or past.
_REFUSED = re.compile(rf"\b(?:{NOT_NOW})\b|n't\b")
#: "I have two rabbits, Pepper and Salt", "we just adopted a beagle, Noodle!": the pets named after their kind.
#: "My two cats are named Miso and Tofu": the pets named by the user's own kind.
_PETS_NAMED = re.compile(
    r"\b(?:(?:I|[Ww]e) (?:just |finally |recently )?(?:have got|have|adopted|got|rescued) (?:a|an|one|two|three|four) "
    rf"(?:[a-z]+ )?(?:{_PETS})s?, |(?:[Mm]y|[Oo]ur) (?:two |three |four )?(?:[a-z]+ )?(?:{_PETS})s? (?:are|is) (?:named|called) )"
    r"(?P<obj>[A-ZÀ-ÖØ-ÞĀ-Ž][a-z]+(?:(?:,? and|,) [A-ZÀ-ÖØ-ÞĀ-Ž][a-z]+)*)\b"
)
#: "upgraded my phone, it's a Pixel 8a now", "allowed to pick my own email client, so it's Thunderbird": the role
#: in one clause, its value in the next. Not where the role's own clause names its value ("Zen is my browser now,
#: it's Firefox underneath"): there "it" is that value.
_PRONOUN_ROLE = re.compile(
    rf"(?<!\bis )(?<!\bare )\b(?:my|our) (?:(?:new|own) )*(?P<role>[a-z]+(?: (?:client|app|manager|editor|emulator|provider))?)\b[^,.;]*, "
    rf"(?:so |and )?(?:it is|they are) (?:now )?(?:all )?(?:in |on )?(?:a |an |the )?{NAME}"
)
_IS_SHORT = re.compile(r"\b(everything|it all|all)'s (hosted|running|deployed|now)\b", re.I)
_AND_THEN_NOT = re.compile(r"\s+and\s+(?=(?:have|has|had|did|do|does)?\s*(?:not|never)\b)")
_CLAUSES = re.compile(
    r"\s*[,;.!?]\s+|\s+[—–]\s+|:\s+(?=[a-z])|\s+(?:but|and|so)\s+(?=I\b|we\b|my\b|our\b)"
    r"|\s+and\s+(?=[\w.+#!-]+ (?:as|for) (?:my|our|the) )"  # "… and nushell as my shell": a list's next item
)


def facts(text: str, role_of: dict[str, str]) -> list[Fact]:
    """Facts the frames read in the user's ``text`` (contractions expanded); ``role_of`` maps role words
    to the vocabulary's role predicates (the chat reader's table)."""
    text = _IS_SHORT.sub(r"\1 is \2", text)  # "everything's hosted on …"
    m = _PRONOUN_ROLE.search(text)
    name = re.split(r"\.\s", m["obj"])[0] if m else ""  # a name ends with its sentence ("Thunderbird. Outlook …")
    found = [fact(role_of[m["role"]], name, 0.75, attribute=True)] if m and m["role"] in role_of else []
    pets = _PETS_NAMED.search(text)
    if pets and not PET_GONE.search(text):
        found += [fact("has pet", name, 0.75) for name in re.split(r",? and |, ", pets["obj"])]
    clauses = _CLAUSES.split(text)
    for i, clause in enumerate(clauses):
        clause = clause.strip(" .!")
        found += _occupation(clause)  # "as a nurse I don't get much sleep": presupposed, whatever the rest says
        clause = _AND_THEN_NOT.split(clause, maxsplit=1)[0]  # "installed X on my desktop and haven't looked back"
        # "Employer: X, 2016 to 2019": the comma parts a field's value from the words that say it is over
        over = i + 1 < len(clauses) and bool(boxes.ENDED.match(clauses[i + 1].strip()))
        if not _REFUSED.search(clause):
            found += _clause(clause, role_of, over)
    return found


def _clause(clause: str, role_of: dict[str, str], over: bool = False) -> list[Fact]:
    m = _NOTICE.search(clause)
    if m:
        return [fact("works at", m["obj"], 0.75, retract=True)]
    m = _WISE.search(clause)
    if m and m["role"] in role_of and not is_time(m["obj"]):
        return [fact(role_of[m["role"]], m["obj"], 0.75, attribute=True)]
    for predicate, pattern in _FRAMES:
        m = pattern.search(clause)
        said = read_frame(predicate, m, role_of) if m is not None else None
        if said is not None:
            return said
    if over:  # a field's value the next words end ("Employer: X, 2016 to 2019"): held once, not now
        return []
    return fields.facts(clause, role_of) or _tool_fragment(clause, role_of)  # "Employer: Infosys"


#: Roles of a machine's or a host's: one value at a time.
_SINGLE_TOOLS = frozenset({"os", "cloud provider", "phone"})


def read_frame(predicate: str, m: re.Match[str], role_of: dict[str, str]) -> list[Fact] | None:
    """The fact a frame's match states; None when its value is no value (a time, a pronoun).

    ``predicate`` may start with "!" (the frame retracts) or be "@role" (the role the match names).
    """
    if is_time(m["obj"]) or clean_object(m["obj"]) is None:
        return None
    retract, predicate = predicate.startswith("!"), predicate.removeprefix("!")
    if predicate == "@role":
        role = role_of.get(m["role"].lower())
        return [fact(role, m["obj"], 0.75, attribute=True)] if role and role not in _NOT_TOOLS else []
    return [fact(predicate, m["obj"], 0.75, retract=retract, attribute=predicate in _SINGLE_TOOLS)]


#: Roles no tool fills: a fragment or a label that names them needs more than a name.
_NOT_TOOLS = frozenset({"likes", "lives in", "married to", "speaks", "prefers drink"})
#: Activities that name the role of the tool used for them: "VS Code for editing", "for queueing we use SQS".
_ACTIVITY_ROLES = {
    "editing": "editor",
    "note-taking": "notes app",
    "notes": "notes app",
    "email": "email client",
    "mail": "email client",
    "browsing": "browser",
    "hosting": "cloud provider",
    "queueing": "queue",
    "queuing": "queue",
    "passwords": "password manager",
    "builds": "ci",
}
#: A tool's name: chat writes some in lower case ("zsh", "fish") when the role beside it says what it is.
TOOL = r"(?P<obj>[\w.+#!-]+(?: [A-ZÀ-ÖØ-ÞĀ-Ž0-9][\w.+#!-]*)*)"
_ROLE = r"(?:(?:new|main|default|daily|primary|current|go-to|preferred|usual) )?(?P<role>[a-z][a-z -]*?)"
_FRAGMENTS = tuple(
    re.compile(p)
    for p in (
        rf"^{TOOL} (?:is (?:my|our|the)|as(?: my| our| the)?)(?! your | his | her | their ) {_ROLE}(?: of choice)?(?: now| these days| again)?$",  # "fish is my shell", "zsh as the shell"
        rf"^{TOOL} for (?:the |my |our )?{_ROLE}$",  # "Postgres for the database", "VS Code for editing"
        rf"^(?:(?:I|[Ww]e) )?(?:now |currently |mostly )?(?:use|am using|are using|rely on|live in|stick with|stick to|am sticking with"
        rf"|am sticking to|sticking with|sticking to) (?:plain )?{TOOL}"
        rf" as (?:my|our|the) {_ROLE}(?: on (?:every|each|all|my|our) [a-z]+)?"
        r"(?: now| these days| again| all day)?(?:$| so | because | and | but )",  # "I use Kitty as my terminal now, …"
        # "migrated every single note into Obsidian", "moved all our passwords over to 1Password"
        rf"^(?:I |[Ww]e )?(?:have )?(?:migrated|moved|imported|transferred|copied) (?:all |every single |every |all of )?"
        rf"(?:my |our |the )?(?P<role>notes?|passwords?|emails?|mail|calendar)(?: over)? (?:in)?to {NAME}",
        # "CI through GitHub Actions", "password manager is Bitwarden now", "CI for us is Buildkite as of this
        # quarter", "CI is on CircleCI since we left Jenkins": whom it serves and since when are no part of the tool
        rf"^(?:the )?(?P<role>[A-Za-z][A-Za-z]*(?: (?!is\b|runs\b|for\b)[A-Za-z]+)?)"
        rf"(?: for (?:us|me|the team|our team|my team|the company|work))? (?:is on|runs on|through|via|on|with|in|=|is) (?:now )?{TOOL}"
        r"(?: now| these days)?(?: (?:since|as of|after) [^,;]+)?$",
        # "builds now run on Buildkite", "the queue has been migrated to Redpanda"
        rf"^(?:the |all )?(?P<role>[a-z]+(?: [a-z]+)??)(?: now)? (?:run|runs|live|lives|sit|sits|are|is|has been|have been|is been)"
        rf" (?:now |all )?(?:on|in|migrated to|moved to|moved over to|switched to) {NAME}",
        rf"^(?:the |our |my )?(?P<role>[a-z]+(?: [a-z]+)??)(?:'s| is| has) been (?:migrated|moved|switched) (?:over )?to {NAME}",
        # "Bear is where my notes live now", "Buildkite runs all our builds now"
        rf"^{TOOL} is where (?:my|our) (?P<role>[a-z]+) (?:live|lives|go|goes|are|is|run|runs|happen|happens)\b",
        rf"^{TOOL} (?:now )?(?:runs|handles|hosts|holds|stores|keeps) (?:all )?(?:of )?(?:my|our) (?P<role>[a-z]+)\b",
        # "we moved hosting from AWS to Hetzner"
        rf"^(?:I|[Ww]e) (?:have )?(?:finally )?(?:moved|switched|migrated) (?:our |my |the )?(?P<role>[A-Za-z][A-Za-z]*(?: [a-z]+)??)"
        rf" (?:over )?(?:from|off) [\w.+ -]+? (?:to|onto) {NAME}",
        rf"^[Ff]or (?:the |my |our )?{_ROLE},? (?:I am|we are) (?:on|using) {NAME}",  # "for email I'm on Superhuman"
        rf"^[Ff]or (?:the |my |our )?{_ROLE},? (?:I|we) (?:use|ended up going with|went with|picked|chose|settled on|rely on)"
        rf" {NAME}",
        rf"^(?P<label>hosted|deployed) (?:on|in) {NAME}$",  # "…, hosted on Azure, …"
        rf"^(?:[A-ZÀ-ÖØ-ÞĀ-Ž][\w-]* )?(?P<label>laptop|desktop|MacBook|Mac|ThinkPad|PC|machine)(?: [\w-]+)? running {NAME}$",
    )
)


def _role_of(word: str, role_of: dict[str, str]) -> str | None:
    """The role ``word`` names, or its last word does ("laptop OS" is the OS)."""
    word = word.strip().lower()
    last = word.rsplit(" ", 1)[-1]
    return role_of.get(word) or _ACTIVITY_ROLES.get(word) or role_of.get(last) or _ACTIVITY_ROLES.get(last)


def _tool_fragment(clause: str, role_of: dict[str, str]) -> list[Fact]:
    """A list's item naming a tool and its role ("Setup: Kitty as my terminal, zsh as the shell, …")."""
    clause = re.sub(r"^(?:[A-Za-z ]{2,20}):\s+", "", clause)  # "Setup: MacBook running macOS Sonoma"
    for pattern in _FRAGMENTS:
        m = pattern.search(clause)
        if m is None:
            continue
        label = m.groupdict().get("label")
        role = (
            ("cloud provider" if label in ("hosted", "deployed") else "os") if label else _role_of(m["role"], role_of)
        )
        if role is None or role in _NOT_TOOLS:
            continue
        if is_time(m["obj"]) or clean_object(m["obj"]) is None or m["obj"].lower() in role_of or _a_verb(m["obj"]):
            continue
        return [fact(role, m["obj"], 0.75, attribute=True)]
    return []


def _a_verb(name: str) -> bool:
    """Whether a lower-case "tool" is a verb's form: "asking for the team notes" is what the writer does, where
    "vim for my editor" names a tool (a product's capitalised name may be a word: "Teams", "Things")."""
    return name.islower() and inflected_verb(name.split()[0])


#: "as a nurse in the ICU I don't get much sleep": what the user is, said on the way to something else.
#: "being a physio means I'm on my feet all day": the same, said as the subject of what it means for the writer
#: ("being a nurse is hard" may be anyone's).
_AS_A = re.compile(
    r"^[Bb]eing (?:a|an) (?P<obj2>[a-z-]+(?: [a-z-]+)?) (?:means|has meant|gives) (?:I|me|my|we|us|our)\b"
    r"|^(?:[Aa]s|[Bb]eing) (?:a|an) (?P<obj>[a-z-]+(?: [a-z-]+)?)(?: (?:in|at|on|with) [^,]+?)?,? (?:I|we)\b"
)


def _occupation(clause: str) -> list[Fact]:
    m = _AS_A.search(clause)
    job = m and (m["obj"] or m["obj2"])
    if not job or not is_occupation(job.split()[-1]):
        return []
    return [fact("works as", job, 0.75)]


#: "Can you write a haiku about my cat Biscotti?", "me and my wife Sunniva are planning a trip": a spouse or a
#: pet named in passing is presupposed, whatever the sentence asks or plans.
_PRESUPPOSED = table(
    (
        "married to",
        r"\b[Mm]y (?:lovely |dear )?(?:wife|husband|spouse),? (?P<obj>[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+)\b(?! [A-ZÀ-ÖØ-ÞĀ-Ž])",
    ),
    # "Tomasz (my husband, for context) wants …", "Aiko, my wife, thinks …": the name, then who they are
    ("married to", r"\b(?P<obj>[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+) \((?:my|our) (?:wife|husband|spouse)(?:,[^)]*)?\)"),
    ("married to", r"^(?P<obj>[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+), (?:my|our) (?:wife|husband|spouse),"),
    # "my employer (Zalando) gives us a learning budget": the employer named in passing
    ("works at", rf"\b[Mm]y (?:current )?(?:employer|workplace) \({NAME}\)"),
    (
        "has pet",
        rf"\b(?:[Mm]y|[Oo]ur) (?:[a-z]+ )?(?:{_PETS}),? (?:named |called )?(?P<obj>[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+(?: [A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+)?)\b",
    ),
)


def presupposed(text: str) -> list[Fact]:
    """The spouse and pets ``text`` names in passing (not a pet that died, not an ex)."""
    found = []
    for predicate, pattern in _PRESUPPOSED:
        for m in pattern.finditer(text):
            gone = {"has pet": PET_GONE, "married to": MARRIAGE_OVER}.get(predicate)
            if gone and gone.search(text) or clean_object(m["obj"]) is None:
                continue
            found.append(fact(predicate, m["obj"], 0.75))
    return found


#: A favourite drink named after its label, whatever the writer puts between ("favourite drink hands down is
#: rooibos", "if I had to pick one drink forever it's rooibos"), and a drink
#: said as a habit or a ranking ("I drink yerba mate all day", "rooibos every time", "cortado > flat white"); the
#: asked form ("Favourite drink? Easy: mate.") is :func:`userfacts.answered`'s:
#: each names a drink only when :func:`is_drink` knows its head.
_DRINK = re.compile(r"[\w' -]{1,40}?")
_FAVOURITE = re.compile(
    rf"^(?:[Mm]y )?(?:all-time |absolute )?(?i:favou?rite|go-to) (?:drink|beverage)(?: (?:hands down|by far|ever))?"
    rf"(?: is|:)\s+(?:(?i:definitely|obviously|hands down|no contest)[:,.!]?\s+)?(?P<obj>{_DRINK.pattern})"
    r"(?=[,.!;]|$| no contest| hands down| every time| forever)"
    rf"|^[Ii]f I had to (?:pick|choose) (?:one|a single) drink[^,.;]*?,? it is (?P<obj2>{_DRINK.pattern})(?=[,.!;]|$)"
)
_HABIT = re.compile(
    rf"^(?:I )?drink (?P<obj>{_DRINK.pattern}) (?:all day|every day|daily|every morning|nonstop|constantly)\b"
    rf"|^(?P<obj2>{_DRINK.pattern}) (?:every time|every single time|all day every day)$"  # "coffee? nah. rooibos every time"
    rf"|^(?P<obj3>{_DRINK.pattern}) > (?:a |an )?(?P<old>{_DRINK.pattern})(?:$| always| any day| every time| fight me)"
)


def choices(text: str) -> list[Fact]:
    """The preferences ``text`` states as a choice between drinks, whatever else it says or hedges."""
    m = _FAVOURITE.search(text)
    drink = (m["obj"] or m["obj2"]) if m else None
    if drink and is_drink(drink) and clean_object(drink):
        return [fact("prefers drink", drink, 0.75)]
    return [f for clause in _CLAUSES.split(text) for f in _choice(clause.strip(" .!"))]


def _choice(clause: str) -> list[Fact]:
    m = _CHOICE.search(clause)
    if m is None:
        habit = _HABIT.search(clause)
        drink = habit and (habit["obj"] or habit["obj2"] or habit["obj3"])
        return [fact("prefers drink", drink, 0.75)] if drink and is_drink(drink) and clean_object(drink) else []
    drink = m["obj"] or m["obj2"] or m["obj3"]
    other = m["old"] or m["old2"] or ""
    if clean_object(drink) is None or not (is_drink(drink) or other and is_drink(other)):
        return []
    return [fact("prefers drink", drink, 0.75)]
