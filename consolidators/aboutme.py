"""What a chat message says about its writer in passing: introductions, leavings, lists and set-ups.

"accountant here", "second year law student here", "native of Valparaíso here";
"I'm no longer at Ocado", "I'm not on Twitter anymore"; "I speak Tagalog at home
and English at work", "I enjoy baking sourdough and cycling"; "I work at Shopify
as a data analyst"; "my phone's an iPhone 13 mini"; "made Arc my browser";
"CI is Buildkite for us"; "default shell on my machine is bash". Each is one way
people describe themselves, read by its words: a reader adds what it finds to the
other chat readers' facts (it never replaces them).
"""

from __future__ import annotations

import re

from .chatframes import NAME, TOOL, read_frame
from .lifeevents import fact, is_occupation
from .spans import FORMER
from .text import table
from .types import Fact

#: Facts a whole message states, each (predicate, pattern); a predicate starting "!" is a retraction, "@role"
#: takes the role the match names, "works as"/"studies" values are lower-case words.
_SAID = table(
    # "accountant here", "second year law student here", "native of Valparaíso here"
    ("works as", r"^(?:an? )?(?!the\b)(?P<obj>[a-z][a-z-]*(?: [a-z-]+)?) here(?:[,.!]|$)"),
    ("studies", r"^(?:(?:first|second|third|fourth|final)[- ]year )?(?P<obj>[a-z][a-z ]*?) student here(?:[,.!]|$)"),
    ("born in", rf"^(?:an? )?native of {NAME} here\b"),
    # "translator by profession", "I'm a plumber by trade": what the writer does for a living, said as such
    (
        "works as",
        r"^(?:I am )?(?:an? )?(?P<obj>[A-Za-z][a-z-]*(?: [a-z-]+)?) by (?:profession|trade|training and trade)\b",
    ),
    # "I'm a Kraków resident", "we're Leeds locals": where the writer lives, said as what they are
    (
        "lives in",
        rf"\b(?:I am|[Ww]e are) (?:an? )?(?:proud |long-time |longtime )?{NAME} (?:resident|residents|local|locals)\b",
    ),
    # "officially a Ghent resident since …", "a Leeds local now": chat drops the "I am"; said at the message's start
    # with the adverb or the "since"/"now" ("Kwame Asante, now a Kumasi resident, …" and "my landlord, a Ghent
    # resident, …" are someone else's)
    (
        "lives in",
        rf"^(?:(?i:now|officially|finally) )+(?i:an?) (?:proud |long-time |longtime |new )?{NAME} (?:resident|local)\b",
    ),
    ("lives in", rf"^(?i:an?) (?:proud |new )?{NAME} (?:resident|local) (?:now|since)\b"),
    # "I've been on the payments team at Adyen since March": a team at an employer
    ("works at", rf"\b(?:I am|I have been|[Ww]e are) (?:now )?on the [\w -]+? team (?:at|over at) {NAME}"),
    # "I'm no longer at Ocado", "I'm not on Twitter anymore", "we don't host anything on AWS anymore"
    ("!works at", rf"\bI am no longer (?:at|with) {NAME}"),
    ("!works at", rf"\bI am not (?:at|with) {NAME} any ?more\b"),
    ("!works at", rf"\b(?:I am )?(?:not|no longer) working (?:at|for) {NAME}"),
    ("!studies at", rf"\b(?:I am )?(?:not|no longer) studying at {NAME}"),
    ("!lives in", rf"^(?:I am )?(?:not|no longer) living in {NAME}"),
    # "since I'm in Leeds now anyway", "we're in Bristol now": where the writer is now, said as a given
    (
        "lives in",
        rf"\b(?:I am|[Ww]e are) (?:now )?in {NAME} (?:for good(?: now)?|now)\b(?![^.?!]*\b(?:trip|holiday|vacation|visit|conference|hotel|flight|landed|for work|this week|for the weekend|for (?:the|a|two|three|a few|a couple of) (?:days?|nights?|weeks?|weekends?|months?))\b)",
    ),
    # "been at Siemens for 11 years now", "I'm at Mercado Libre now, joined in August"
    (
        "works at",
        rf"^(?:I have )?been (?:at|with) {NAME} for (?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|over|almost|nearly) ",
    ),
    ("works at", rf"\bI am (?:now )?at {NAME} now, (?:joined|started)\b"),
    # "I'm not on Windows" (with no "anymore") says what the user never used: nothing to take back
    ("!uses", rf"\bI am (?:no longer|not(?=[^.,;!?]* any ?more\b)) on {NAME}"),
    (
        "!cloud provider",
        rf"\b(?:I|[Ww]e) (?:do not|no longer) host (?:anything|everything|stuff|it) (?:on|with) {NAME}",
    ),
    # "my phone's an iPhone 13 mini", "got a new phone last week, a Galaxy S24", "typing this on my Fairphone 5"
    ("phone", rf"\bmy phone(?:'s| is) (?:a |an |the )?(?:new )?{NAME}"),
    # the buyer is the writer: "my brother just got a new phone too, a …" is his
    (
        "phone",
        rf"(?:^(?:(?:just|finally|also|and|so) )?|\b(?:I|[Ww]e) (?:(?:just|finally|also) )?)(?:got|bought|picked up)"
        rf" a new phone[^,.]*, (?:a |an )?{NAME}",
    ),
    ("phone", rf"\b(?:[Tt]yping|[Ww]riting|[Ss]ending) this (?:on|from) my {NAME}"),
    # "day 3 at Spotify", "week two at Wise": a count of days at a place is a new job's
    ("works at", rf"^(?:[Dd]ay|[Ww]eek) (?:\d+|one|two|three|four|five|six|seven|eight|nine|ten) (?:at|with) {NAME}"),
    # "officially a data engineer now"
    ("works as", r"^(?:(?:officially|now|finally) )+an? (?P<obj>[a-z][a-z-]*(?: [a-z-]+)?) now\b"),
    # "I'm in my second year of veterinary medicine", "second year of my econ degree"
    (
        "studies",
        r"\b(?:first|second|third|fourth|final|last) year of (?:my )?(?P<obj>[a-z][a-z ]+?)(?: degree)?(?:,| and\b| so\b|[.!]?$)",
    ),
    (
        "studies",
        r"\bdoing a (?:[a-z-]+ )?(?:degree|course|diploma) in (?P<obj>[a-z][a-z ]+?)(?:,| while\b| and\b| at\b|$)",
    ),
    # "I can get by in Portuguese"
    ("speaks", rf"\bI can get by in {NAME}"),
    # "I'm majoring in marine biology", "I go to Ridgeview High"
    ("studies", r"\bI am majoring in (?P<obj>[a-z][a-z ]+?)(?:,| so\b| and\b| at\b|$)"),
    ("studies at", rf"\bI (?:go to|attend) {NAME}"),
    # "switched terminals to Ghostty", "changed browsers to Vivaldi": the role in the plural, then the new tool
    ("@role", rf"\b(?:[Ss]witched|[Cc]hanged|[Mm]oved) (?P<role>(?i:[a-z]+?))s (?:over )?to {NAME}"),
    # "made Arc my browser", "I've got Debian installed on the laptop"
    ("@role", rf"\bmade {NAME} (?:my|our) (?:new |default )?(?P<role>[a-z]+)\b"),
    ("os", rf"\b(?:got|have) {NAME} installed on (?:the|my|our) (?:laptop|desktop|pc|machine|computer)\b"),
    # "we store everything in MongoDB as the main database"
    (
        "@role",
        rf"\b(?:store|keep|run|host) (?:everything|it all|all our data|our data) (?:in|on) {NAME} as (?:the|our|my) "
        r"(?:main |primary )?(?P<role>[a-z]+)\b",
    ),
    # "GitHub Actions handles our CI", "we're on Azure for hosting", "Fedora is what I run on my laptop"
    ("@role", rf"^{TOOL} (?:now )?(?:handles|runs|powers|does) (?:all )?(?:of )?(?:my|our) (?P<role>(?i:[a-z]+))\b"),
    ("@role", rf"\b(?:I am|[Ww]e are) (?:now |currently |still )?on {NAME} for (?:the |my |our )?(?P<role>[a-z]+)\b"),
    (
        "@role",
        rf"^{TOOL} is what (?:I|we) (?:run|use) on (?:my|our|the) (?P<role>laptop|desktop|machine|computer|phone)\b",
    ),
    (
        "os",
        rf"^(?:[Mm]y|[Oo]ur) (?:work |home |personal |new )?(?:laptop|desktop|machine|computer|pc|PC|Mac|MacBook|ThinkPad)"
        rf" (?:now )?runs {NAME}",
    ),
    (
        "os",
        rf"^(?:I |[Ww]e )?(?:[Jj]ust |[Ff]inally )?[Ii]nstalled {NAME} on (?:my|our|the) (?:laptop|desktop|pc|PC|machine|computer)\b",
    ),
    ("programming language", rf"^(?:[Mm]ost of )?(?:my|our) (?:programming|coding|code) is (?:mostly |all )?in {NAME}"),
    # "using a Pixel 7a as my phone", "got a Pixel 7a as my new phone", "the phone I carry is a Nothing Phone 2"
    (
        "@role",
        rf"^(?:I |[Ww]e )?(?:am |are )?(?i:using|use|got|running|run) (?:an? )?{TOOL} as (?:my|our) (?:new )?(?P<role>[a-z]+)\b",
    ),
    ("@role", rf"^[Tt]he (?P<role>phone|laptop|browser|editor) I (?:carry|use|have|own) is (?:an? )?{NAME}"),
    (
        "cloud provider",
        rf"\b(?:[Ee]verything|[Aa]ll|[Ss]tuff) (?:I|we) (?:run|build|deploy|ship) is (?:hosted|running) on {NAME}",
    ),
    (
        "cloud provider",
        rf"\b(?:I|[Ww]e) run (?:our|my|all our|all my) (?:stuff|apps|services|things|code|infra) on {NAME}",
    ),
    # "I basically live in WezTerm, it's been my terminal for years": a tool the user lives in names its role
    ("@role", rf"\blive in {NAME}, it (?:is|has)(?: been)? (?:my|our) (?P<role>[a-z]+)\b"),
    # "CI for our monorepo runs on TeamCity", "CI is Buildkite for us", "default shell on my machine is bash"
    ("@role", rf"^(?P<role>[A-Za-z]+) for (?:our|my|the) [\w -]+? runs on {NAME}"),
    ("@role", rf"^(?P<role>[A-Za-z]+) is {NAME} for (?:us|me)\b"),
    ("@role", rf"^(?:the )?(?:default )?(?P<role>[a-z]+) on my (?:machine|laptop|computer|mac|pc) is {TOOL}"),
)
#: "I work at Shopify as a data analyst", "I joined Bolt as a designer", "working at Wipro as QA engineer" (chat
#: drops the article and the "I"): the job beside the employer, up to its head noun.
_JOB_AS = re.compile(
    r"(?:\bI (?:work|am working|joined|started)|(?:^|(?<=[,;:—–] ))[Ww]orking) (?:at|for|with)? ?"
    r"[A-ZÀ-ÖØ-ÞĀ-Ž][\w&.'-]*(?: [A-ZÀ-ÖØ-ÞĀ-Ž][\w&.'-]*)* as (?:(?:a|an) )?"
    r"(?P<obj>(?:[A-Z]{2,4} )?[a-z][a-z-]*(?: [a-z-]+){0,2})\b"
)
#: "I speak Tagalog at home and English at work", "I enjoy baking sourdough and cycling": every item of a list.
_LIST = re.compile(
    r"^I (?:also |really )?(?P<verb>speak|enjoy|love|like|adore|am (?:also |really |totally )*into) (?P<items>.+? and .+)$"
)
_QUALIFIERS = re.compile(r"^(?:a (?:bit|little) of|some|basic|fluent|conversational|a lot of) ")
_SETTING = re.compile(r" (?:at (?:home|work|school)|with \w+|on \w+|very much|too|lately|these days|recently)$")
#: A liking listed as a bare noun phrase ("jazz", "board games"): lower case, at most three words, no article,
#: possessive or pronoun ("my dog", "the outdoors", "it" are no pastime the list names).
_BARE_TASTE = re.compile(
    r"(?!(?:a|an|the|my|our|his|her|their|your|it|them|him|you|that|this)\b)[a-z][a-z-]*(?: [a-z-]+){0,2}"
)


#: A self-description said as a label: "ICU nurse at St Mary's here, …", "backend dev in Leeds here": what the
#: writer is, with where and for whom, as a noun phrase.
_HERE = re.compile(r"^(?P<np>(?:an? )?[\w&'.-]+(?: [\w&'.-]+){0,6}?) here(?=\s*(?:[,.!:;—–-]|$))")
#: "I'm Tomasz, a paramedic in Cardiff", "I'm Ana, 34, an architect": a name given, then what the writer is.
_NAMED_AS = re.compile(r"\bI(?: a|')m (?P<name>[A-ZÀ-ÖØ-Þ][\w'-]+)(?:, \d{1,3})?, (?P<np>an? [^,.;!?()]+)")
#: Words that put an occupation before or after now.
_NOT_NOW = FORMER | frozenset("retired aspiring wannabe would-be soon-to-be recovering".split())
#: Where a noun phrase's own words end and what qualifies it starts.
_QUALIFIED = re.compile(r" (?:at|in|for|with|from|on|of)\b.*$")


def introduced(text: str) -> str:
    """``text`` with a self-description said as a label or after a name said as "I am a …", the shape the
    readers of occupations, employers and homes know ("I'm a nurse at St Mary's", "I'm a paramedic in Cardiff")."""
    m = _HERE.match(text)
    if m and _a_job(m["np"]):
        text = f"I am {_with_article(m['np'])}{text[m.end() :]}"
    m = _NAMED_AS.search(text)
    if m and _a_job(m["np"]):
        text = f"{text[: m.start('np')]}I am {m['np']}{text[m.end('np') :]}"
    return text


def _a_job(phrase: str) -> bool:
    """Whether a noun phrase names an occupation the writer holds now by its head ("ICU nurse at X", "a paramedic in
    Cardiff"), not one that is over or to come ("former nurse", "ex-teacher", "aspiring writer")."""
    words = _QUALIFIED.sub("", phrase).lower().split()
    not_now = any(w in _NOT_NOW or w.startswith("ex-") for w in words)
    return len(words) > 0 and is_occupation(" ".join(words)) and not not_now  # "tech lead": its head with its field


def _with_article(phrase: str) -> str:
    """ "Nurse at X" as "a nurse at X": a label's capital is the sentence's, not a name's."""
    first, _, rest = phrase.partition(" ")
    if first.lower() in ("a", "an"):
        return phrase
    word = first.lower() if first[1:].islower() else first
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}{' ' + rest if rest else ''}"


def facts(text: str, role_of: dict[str, str]) -> list[Fact]:
    """The facts about the writer ``text`` states in passing (contractions expanded)."""
    found = [f for predicate, pattern in _SAID for m in pattern.finditer(text) for f in _read(predicate, m, role_of)]
    job = _JOB_AS.search(text)
    words = job["obj"].split() if job else []
    while words and not is_occupation(words[-1]):  # "as data analyst these days": the title ends at its head
        words.pop()
    if words and is_occupation(" ".join(words)):  # the whole title too: "shooting guard" is a team's place
        found.append(fact("works as", " ".join(words), 0.75))
    for clause in re.split(r"\s*[,;.!?]\s+", text):
        found += _listed(clause.strip(" .!"))
    return found


def _read(predicate: str, m: re.Match[str], role_of: dict[str, str]) -> list[Fact]:
    if predicate == "works as" and not is_occupation(m["obj"].split()[-1]):
        return []  # "newbie here", "long-time lurker here"
    return read_frame(predicate, m, role_of) or []


def _listed(clause: str) -> list[Fact]:
    m = _LIST.match(clause)
    if m is None:
        return []
    predicate = "speaks" if m["verb"] == "speak" else "likes"
    items = [_SETTING.sub("", _QUALIFIERS.sub("", i.strip())) for i in re.split(r",? and |, ", m["items"])]
    # a list with an activity in it lists pastimes: "cycling and jazz" names two, as "knitting and podcasts" does
    pastimes = predicate == "likes" and any(w.endswith("ing") for i in items for w in i.split())
    found = []
    for item in items:
        name = item[:1].isupper() and item.split()[0].isalpha()
        gerund = any(w.endswith("ing") for w in item.split())  # "knitting", "trail running"
        bare = pastimes and _BARE_TASTE.fullmatch(item) is not None
        if predicate == "speaks" and name or predicate == "likes" and (gerund or bare):
            found.append(fact(predicate, item, 0.75))
    return found if len(found) > 1 else []
