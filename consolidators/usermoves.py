"""The user's own moves said in chat: a new home, employer, job title, course or tool, read by the shape of
the change ("we've landed in Braga, hopefully for good", "I signed with Talkdesk", "my job title is data
engineer as of today", "switched courses — it's psychology now", "the queue got swapped for Redis Streams").

Each change is read in its clause: a hedge, a negation or a question in one clause ("Feedzai didn't work
out") says nothing about the next, and one in the clause itself ("if we land in Braga") keeps it from being a
fact. The evidence that a change is lasting ("for good", "packed up") may sit in any clause.
"""

from __future__ import annotations

import re

from . import usernews
from .forms import is_word
from .lifeevents import is_occupation, sentence_role
from .regexgate import compiled
from .rolefills import answered
from .rolenouns import role_phrase
from .roles import names_a_role
from .text import CHAT_HEDGES, DENIALS
from .text import UPPER as _UP
from .toolnames import known_names, roles_of
from .toolrules import rule_facts
from .types import Fact

USER = "user"
_NAME = rf"(?P<obj>[{_UP}0-9][\w&.+'-]*(?: (?:(?:de|do|da|del|di|della|dos|van|von|der|den|la|le|of) )*[{_UP}0-9][\w&.+'-]*)*)"
_WE = r"(?:I|we)(?: have| had|'ve|'d| are| am)?(?: (?:finally|just|officially|now))?"
#: A job or a subject of study: lower-case words up to where the time or the clause starts.
_PHRASE = (
    r"(?P<obj>[a-z][a-z -]*?)"
    r"(?= (?:as of|now|since|from|starting|after|following|at|with|for|in|and|because|thanks)\b|[.!,;]|$)"
)

_THE_NAME = rf"(?:the )?{_NAME}"
#: A tool's name, which chat may write in lower case ("fish", "zsh"): one the tool lists know for the role.
_TOOL = rf"(?P<obj>[{_UP}0-9][\w.+-]*(?: [{_UP}0-9][\w.+-]*)*|[a-z][\w.+-]*)"
_TOOL2 = _TOOL.replace("(?P<obj>", "(?P<obj2>")  # a second place the landing may name it
#: What a school is known by in the sentence: its name's word or the study it holds.
_STUDY = re.compile(
    r"\b(?:[Uu]niversity|[Uu]ni|[Cc]ollege|[Ss]chool|[Aa]cademy|[Ii]nstitute|lectures?|classes|semester|modules?|degree"
    r"|campus|professors?|tuition|enrolled|course|seminars?|tutorials?|lecturers?|exams?|timetable|students?)\b"
)
#: (predicate, pattern, evidence the sentence must also show or None). The predicate "role" is the tool
#: role the sentence names in the group "role".
_CHANGES: tuple[tuple[str, re.Pattern[str], re.Pattern[str] | None], ...] = (
    # a landing is a trip unless the sentence says it lasts
    (
        "lives in",
        re.compile(rf"\b{_WE} (?:landed|ended up|washed up|touched down) in {_NAME}"),
        re.compile(r"\b(?:for good|packed|unpacked|boxes|movers|lease|new (?:flat|place|home|apartment))\b"),
    ),
    ("lives in", re.compile(rf"\b{_WE} (?:settled|put down roots) in {_NAME}"), None),
    # "after the reorg I ended up at Siemens Healthineers": a landing at a name is a job where the sentence says so
    (
        "works at",
        re.compile(rf"\b{_WE} (?:ended up|landed|wound up) (?:a job |a role |a position )?(?:at|with) {_THE_NAME}"),
        re.compile(
            r"\b(?:reorg|restructur\w*|layoffs?|laid off|job|hired|offer|role|redundan\w*|acquisition|merger|started as)\b"
        ),
    ),
    # "I landed at Lumen Health, I started as a product analyst on Monday": the title a new job began with (a
    # career's start long ago, "started out as", is no title now: a new job or a recent day must be said)
    (
        "works as",
        re.compile(
            r"\bI (?:have )?(?:just |recently |only )?started (?:there |here )?as (?:an? )?(?P<obj>[a-z][a-z -]*?)"
            r"(?= (?:on|last|this|yesterday|today|at|with|for|in|since|and|there|here)\b|[.!,;]|$)"
        ),
        re.compile(
            r"\b(?:landed|joined|hired|new (?:job|role|position|employer)|offer|signed)\b|\bstarted as [^,.;!]*"
            r"\b(?:on (?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)|today|yesterday|this (?:week|month)"
            r"|last week)\b"
        ),
    ),
    # "writing this from our new place in Edinburgh"
    ("lives in", re.compile(rf"\b(?:our|my) new (?:place|flat|home|house|apartment) in {_NAME}"), None),
    (
        "works at",
        # chat may drop the "I" after a headline: "new job news!! signed with Canva"
        re.compile(
            rf"(?:\bI(?: have|'ve)?|^|[:!] )(?: (?:just|officially|finally))? ?signed (?:on )?(?:with|for) {_NAME}"
        ),
        None,
    ),
    (
        "works as",
        re.compile(
            rf"\b(?:my (?:(?:job|official|new|current|actual) )*title(?: at work)? is (?:now )?|(?:they |I )?(?:got |was |been )?"
            rf"promoted (?:me )?to |(?:they|management|my boss) (?:have |has )?(?:made|named) me |(?:^|[:!,.] |\bI am )(?i:officially) )"
            rf"(?:an? )?{_PHRASE}"
        ),
        None,
    ),
    ("studies at", re.compile(rf"\bI am (?:now )?(?:enrolled|registered) (?:at|with) {_THE_NAME}"), None),
    ("studies at", re.compile(rf"^(?:I )?(?:have )?transferred to {_THE_NAME}"), _STUDY),
    (
        "studies at",
        re.compile(rf"\bgot (?:into|accepted (?:at|to|into)) {_THE_NAME}"),
        re.compile(r"\bI am (?:now )?(?:studying|enrolled) there\b"),
    ),
    (
        "studies at",
        re.compile(
            rf"\btransferred (?:my )?(?:[a-z-]+ )?(?:studies|degree|course|programme|program|PhD|master's) to {_THE_NAME}"
        ),
        None,
    ),
    # "We moved to Montréal and I started at Ubisoft the same month": a start somewhere that is no school
    ("works at", re.compile(rf"\bI (?:have )?(?:just |recently |officially )?started (?:at|with) {_NAME}"), None),
    # "I wrapped things up at Booking.com last week and today was day one at Mollie"
    (
        "works at",
        re.compile(rf"\b(?:today|yesterday|this \w+) (?:was|is) (?:my )?(?:day one|first day) (?:at|with) {_NAME}"),
        None,
    ),
    # "still loving life here in bilbao": chat's lower-case place
    ("lives in", re.compile(r"\b(?:life|living|settled|happy) here in (?P<obj>[A-Za-z][\w-]+)"), None),
    (
        "role",
        re.compile(
            rf"^(?:my |our |the )?(?P<role>[a-z][a-z ]{{1,24}}?)(?:'s| is| are) (?:all )?(?:now )?(?:in|on) {_NAME}"
        ),
        None,
    ),
    (
        "studies",
        re.compile(
            # "switched my part-time degree from data science to statistics": one word may say which degree
            rf"\b(?:switched|changed) (?:my )?(?:[a-z'-]+ )?(?:courses?|majors?|degrees?|programmes?|programs?)"
            rf"(?:(?: from [a-z][a-z -]*?)? to|\s*[—–:-]+\s*it(?:'s| is)) {_PHRASE}"
        ),
        None,
    ),
    # a role named, then the tool that now fills it: "notes have migrated again, everything lives in Logseq"
    (
        "role",
        re.compile(
            rf"\b(?:my |our |the )?(?P<role>[a-z][a-z ]{{1,24}}?) (?:have|has|got|were|was) (?:migrated|moved)\b[^,;]*"
            rf"[,;] (?:and )?(?:now )?(?:everything|it all|all of (?:it|them)|they all) (?:now )?(?:lives?|sits?|is|are) in {_NAME}"
        ),
        None,
    ),
    (
        "role",
        re.compile(
            rf"\b(?:my |our |the |^)(?P<role>[A-Z]{{2,3}}|[A-Za-z][a-z ]{{1,24}}?)(?:'s| got| was| has been| have been| has| have)? "
            rf"(?:swapped|switched|changed|moved|migrated) (?:over )?(?:(?:out of|off|from) [\w.+!-]+(?: [A-Z][\w.+!-]*)* "
            rf"(?:and )?(?:over )?(?:in)?to|for|to) {_NAME}"
        ),
        None,
    ),
)
#: States said as where one is ("in limbo", "in lockdown") whose noun the lexicon behind ``is_word`` lacks: without
#: it a lower-case one would pass for a town written in chat's lower case.
_STATES_IN = frozenset("limbo lockdown quarantine isolation transit flux denial shock".split())
#: (predicate, the change, where it landed): a change said in one clause ("moved AGAIN lol", "switched majors
#: this term") and what holds now in another ("we're in Swansea since last week", "it's statistics now"). Each
#: clause is checked for hedges on its own: "changed course, econ wasn't for me. it's data science now".
_CHANGE_THEN_NOW: tuple[tuple[str, re.Pattern[str], re.Pattern[str]], ...] = (
    (
        "lives in",
        re.compile(
            r"\b(?:moved|relocated|the move|emigrated|found an? (?:[a-z]+ )?(?:flat|place|apartment|house))\b", re.I
        ),
        # chat's typing: an adverb however spelt ("finaly", "actualy") and a lower-case place that is no English
        # word, said to hold now ("we're actualy in edinburgh now"; see _place)
        re.compile(
            rf"\b(?:we|I) (?:are|am) (?:now )?(?:[a-z]+ly )?(?:in|living in|based in|settled in) "
            rf"(?:{_NAME}|(?P<obj2>[a-z][a-z-]{{2,}})(?=,? now\b))"
        ),
    ),
    # "Left Wise last month and I'm at Revolut now", "wrapped up at Monzo last week and started at Wise"
    (
        "works at",
        re.compile(
            r"\b(?:left|quit|wrapped (?:things )?up at|jumped ship|last day|resigned|handed in my notice|moved over from"
            r"|not at [A-Z][\w&.'-]*(?: [A-Z][\w&.'-]*)* any ?more|not (?:(?:with|at) )?the old (?:[a-z]+ )?(?:startup|job|company|place|firm|employer)"
            # "switched hospitals, now at X": a change of the kind of place one works at
            r"|(?:switched|changed) (?:jobs|employers|companies|firms))\b",
            re.I,
        ),
        re.compile(
            rf"\b(?:I am (?:now )?(?:at|with)(?: an? (?:[a-z-]+ ){{0,3}}(?:called|named))?|(?:I )?started (?:at|with)"
            rf"|(?<=[,;] )now (?:at|with)) {_NAME}"
        ),
    ),
    (
        "studies at",
        re.compile(r"\b(?:transferred|the move|switched (?:unis?|universities|schools|colleges))\b", re.I),
        # "I transferred this semester, so my lectures are at NTNU now"
        re.compile(
            rf"\bI am (?:now )?(?:at|studying at) {_THE_NAME}"
            rf"|\bmy (?:lectures|classes|courses|seminars|lessons|studies) are (?:now |all )?(?:at|in) {_THE_NAME.replace('obj', 'obj2')}"
        ),
    ),
    # "got promoted! engineering manager now": the title the promotion gave, said after it
    (
        "works as",
        re.compile(r"\b(?:got|was|been|finally) promoted\b", re.I),
        re.compile(
            r"(?:^|[.!:;,] )(?:I am )?(?:(?:now|officially) )?(?:an? )?(?!(?:more|less|much|so|way) |[a-z]+ier\b)"
            r"(?P<obj>[a-z][a-z -]*?),? now\b"
        ),
    ),
    (
        "studies",
        re.compile(
            r"\b(?:(?:switched|changed) (?:my )?|(?:dropped|quit) (?:the |my )?(?:[a-z]+ ){0,2})"
            r"(?:courses?|majors?|degrees?|programmes?|programs?|subjects?)\b|\b(?:second|third|fourth|another) change\b",
            re.I,
        ),
        re.compile(
            r"(?:\bit is|\bmy (?:field of study|field|major|degree|course|subject) is|\bI am (?:now )?(?:doing|studying|majoring in))"
            r" (?:now )?(?:in )?(?P<obj>[a-z][a-z -]*?)(?= now\b| I am (?:studying|doing) now\b)|:\s*(?P<obj2>[a-z][a-z -]*?)\s*$"
        ),
    ),
    # "new phone day! got a Pixel 9"
    (
        "role",
        re.compile(r"\bnew (?P<role>[a-z]+)(?: day)?\b", re.I),
        re.compile(
            rf"(?:\b(?:(?i:got|bought|picked up) (?:myself )?|it is )(?:an? |the )?|(?: app| client| manager)?:\s*){_NAME}"
        ),
    ),
    (
        "role",
        # "switched password managers, KeePassXC now", "moved our message queue off RabbitMQ, it's all NATS now"
        re.compile(
            r"\b(?:switched|changed|upgraded|swapped) (?:my |our )?(?P<role>(?:[a-z]+ )?[a-z]+s(?: apps)?)\b"
            r"|\b(?:moved|migrated|switched|shifted) (?:my |our |the )(?P<role2>[a-z]+(?: [a-z]+)?) (?:off|away from|out of) ",
            re.I,
        ),
        re.compile(
            rf"(?:^|[:,;—–] ?|\b(?:I am|we are) (?:on|using) (?:an? |the )?|\bit is (?:now )?(?:all )?){_TOOL}(?:,? now| this time)\b"
            rf"|(?:→|->|=>) ?{_TOOL2}"  # "switched editors again → Zed"
        ),
    ),
)
#: A change said whole, its role named or the one both tools fill (:mod:`consolidators.toolnames`): "Moved my
#: notes out of Obsidian and into Bear", "we moved everything from AWS over to Hetzner".
_OLD = _TOOL.replace("(?P<obj>", "(?:")
_MOVED_TOOL = re.compile(
    rf"\b(?i:moved|migrated|ported|switched|shifted|changed) (?:my |our |all (?:of )?(?:my |our )?)?"
    rf"(?P<role>[A-Za-z][A-Za-z ]{{0,24}}?) (?:out of|off|from) (?P<old>{_OLD}) (?:and )?(?:over |back )?(?:in)?to {_TOOL}"
)
#: A tool the user is on now, or replaced the old one with; the role it is known for: "we're on AWS now",
#: "dropped the OnePlus in a lake, replaced it with a Pixel 8a".
#: "firefox → Zen, that's my browser": the old tool, an arrow, the new one.
_ARROW = re.compile(rf"(?P<old>[\w.+-]+(?: [A-Z0-9][\w.+-]*)?) ?(?:→|->|=>) ?{_NAME}")
_NOW_ON = (
    re.compile(rf"\b(?:I am|we are) (?:now )?on (?:an? |the )?{_NAME},? now\b"),
    re.compile(rf"\b(?:everything|it all|our stuff)(?: is|'s) (?:now )?(?:on|hosted on|running on|in) {_NAME},? now\b"),
    # "I've been on Fedora for years": a state that began and still holds (a change after it: see _unsure)
    re.compile(rf"\bI(?: have|'ve) been (?:on|running) {_NAME} (?:for|since)\b(?!.*\b(?:until|but|switch|mov|left))"),
    re.compile(rf"\breplaced (?:it|them|mine) with (?:an? |the )?{_NAME}"),
    re.compile(rf"\bI (?:carry|rock|have|have got) (?:an? |the )?{_NAME},? now\b"),  # "I carry a Galaxy Z Flip6 now"
    # "we moved to Hetzner from AWS": both tools of one role
    re.compile(rf"\b(?i:moved|migrated|switched) (?:over |everything |it all )?to {_NAME} from (?P<old>{_OLD})"),
    # "bought a Galaxy S24 to replace my old iPhone": both tools of one role
    re.compile(
        rf"\b(?i:got|bought|ordered|picked up|grabbed)(?: myself)? (?:an? |the )?(?P<obj>(?:[{_UP}0-9]|[a-z]+[A-Z])[\w.+-]*"
        rf"(?: [{_UP}0-9][\w.+-]*)*) to replace (?:my |our |the )?"
        rf"(?:old |ancient |broken |dead )?(?P<old>{_OLD})"
    ),
)
#: A new value said to have taken the old one's place, in the role the sentence names or for the user: "Kotlin
#: has replaced Java as the language I program in", "chai has overtaken matcha as my go-to drink", "gave Ghostty a
#: try and it has replaced iTerm2 as my terminal", "Linear has replaced Jira for us". The old value is never current.
_REPLACED = compiled(
    rf"(?:(?P<wise>[\w-]+)-wise,? )?(?P<new>[{_UP}0-9][\w.+!-]*(?: [{_UP}0-9][\w.+!-]*)*|[a-z][\w.+-]*(?: (?!ha(?:s|ve)\b)[a-z][\w.+-]*)?)"
    r" (?:has |have )?(?:now )?"
    r"(?:fully |officially |finally |completely |basically |totally )?"
    r"(?:replaced|overtaken|taken over from|superseded|displaced|dethroned|edged out|usurped) "
    rf"(?:my |our |the )?(?P<old>{_OLD})(?: as (?P<role>(?:my|our|the) [^,.;!']+)| for (?:us|me)\b)"
)
_PROGRAMMING = re.compile(r"\blanguage (?:I|we) (?:program|code|write|work)\b")
_PRONOUN = frozenset("it that this which".split())
_FILLER = frozenset("and so now then tbh lol ok yeah".split())
_UNSURE = re.compile(
    # lower case only: "quit Ocado in May" is a month
    rf"(?-i:\bmay\b)|\?|\b(?:{CHAT_HEDGES}|would|thinking|planning|plan to|hope to|{DENIALS}|n't|used to|almost)\b",
    re.I,
)
#: A change someone else made: "my sister relocated", "they switched majors".
_SOMEONE_ELSE = re.compile(
    r"\b(?:(?:my|our) [a-z]+ (?:has |have )?(?:moved|relocated|transferred|switched|changed)|he|she|they)\b", re.I
)
#: A stay that is a visit: "we're in Tromsø for the week".
_VISIT = re.compile(
    r"\bfor (?:the|a|two|three|a few|a couple of) (?:day|night|week|weekend|days|nights|weeks)\b|\b(?:visit\w*|trip|holiday|vacation)\b"
)
_LOWER_I = re.compile(r"(?<![\w'-])i(?![\w'-])")
_BOUNDARY = re.compile(r"[,;…!]|\.{2,}|\.\s|\b(?:so|but|anyway)\b|\s[—–]\s")


def facts(text: str) -> list[Fact]:
    """The user's own changes ``text`` states, each in a clause no hedge, negation or question scopes over."""
    text = _LOWER_I.sub("I", text)  # chat's "i'm with Deloitte now": the rules read one "I"
    found: list[Fact] = []
    for predicate, pattern, evidence in _CHANGES:
        m = pattern.search(text)
        if m is None or evidence is not None and not evidence.search(text) or _UNSURE.search(_clause(text, m)):
            continue
        if predicate == "role":
            predicate = role_phrase(m["role"]) or "" if names_a_role(m["role"]) else ""  # a home is no tool
        if predicate == "works as" and not is_occupation(m["obj"]) or predicate == "works at" and _STUDY.search(text):
            continue  # "officially a resident now", "I started at Harvard last term"
        found += _fact(predicate, m["obj"])
    found += [f for f in usernews.facts(text) if f.retract or f.predicate not in {f.predicate for f in found}]
    known = {f.predicate for f in found if not f.retract}  # a job given up leaves the next one to be read
    later = _replaced(text) + _later(text) + _tools(text) + answered(text) + _on_a_phone(text)
    return list(dict.fromkeys(found + [f for f in later if f.predicate not in known]))


def across(sentences: list[str]) -> list[Fact]:
    """Changes said in one sentence and what holds now in the next ("moved AGAIN lol. we are in Swansea …"), and
    roles asked and answered across two ("browser? Arc."), the sentences read as the rules read them (plain,
    contractions expanded)."""
    pairs = [f"{prev} {cur}" for prev, cur in zip(sentences, sentences[1:])]
    return list(dict.fromkeys(f for pair in pairs for f in _later(pair) + answered(pair) + usernews.across(pair)))


def _later(text: str) -> list[Fact]:
    """Changes said in one clause and what holds now in a later one, each clause free of hedges."""
    found: list[Fact] = []
    for predicate, change, landing in _CHANGE_THEN_NOW:
        c = change.search(text)
        m = landing.search(text, c.end()) if c else None
        if c and m is None:  # "I'm with Shopify now (left Wix in January)": what holds now, said first
            m = next((n for n in landing.finditer(text, 0, c.start()) if re.search(r"\bnow\b", _clause(text, n))), None)
        # the cue itself may deny the old value ("not at Shopify anymore"): only the rest of its clause may hedge
        if c is None or m is None or _unsure(_clause(text, c).replace(c[0], " ")) or _unsure(_clause(text, m)):
            continue
        if _SOMEONE_ELSE.search(_clause(text, c)) or predicate == "lives in" and _VISIT.search(text):
            continue
        if predicate == "studies at" and not _STUDY.search(text):
            continue
        if predicate == "role":  # the tool must be able to fill the role: "new phone day! got a case" is none
            # a laptop is no OS: only a noun that names a tool's role
            predicate = _tool_role(c["role"] or c.groupdict().get("role2") or "", m["obj"] or m["obj2"])
        if predicate == "works as" and not is_occupation(m["obj"]):
            continue  # "got promoted! busier now": no title
        if predicate == "lives in" and m["obj2"]:
            if is_word(m["obj2"]) or m["obj2"] in _STATES_IN:
                continue  # "we're in trouble now": a state, no place
            found += _fact(predicate, m["obj2"])
            continue
        found += _fact(predicate, m["obj"] or m.groupdict().get("obj2") or "")
    return found


#: A tool the user or team chose, the role named anywhere in the sentence: "Final answer on queues: we
#: standardised on Kafka across all teams", "for notes we settled on Logseq".
_CHOSE = re.compile(
    rf"\b(?:I|[Ww]e)(?: have)?(?: (?:finally|officially|now|just))? (?:standardi[sz]ed on|settled on|converged on"
    rf"|committed to|opted for|went with) {_NAME}"
)


def _tools(text: str) -> list[Fact]:
    """A tool moved to, or one the user is on now, in the role the sentence names or the one it is known for."""
    found: list[Fact] = []
    m = _CHOSE.search(text)
    role = sentence_role(text) if m and not _UNSURE.search(_clause(text, m)) else None
    found += _fact(_tool_role(role, m["obj"]) if m and role else "", m["obj"] if m else "")
    m = _MOVED_TOOL.search(text)
    if m and not _UNSURE.search(_clause(text, m)):
        known = roles_of(m["obj"].strip()) & roles_of(m["old"].strip())
        role = _tool_role(m["role"], m["obj"]) or (next(iter(known)) if len(known) == 1 else "")
        found += _fact(role, m["obj"]) if m["obj"][0].isupper() or role in known else []
    a = _ARROW.search(text)
    if a and not _UNSURE.search(_clause(text, a)):
        new, old = roles_of(a["obj"].strip()), roles_of(a["old"].strip())
        known = new & old if new else old  # an arrow from a browser leads to a browser
        found += _fact(next(iter(known)), a["obj"]) if len(known) == 1 else []
    for n in filter(None, (p.search(text) for p in _NOW_ON)):
        known = roles_of(n["obj"].strip())
        known = known & roles_of(n["old"]) if "old" in n.re.groupindex else known
        if len(known) == 1 and not _UNSURE.search(_clause(text, n)):
            found += _fact(next(iter(known)), n["obj"])
    return found


def _unsure(clause: str) -> bool:
    """A hedge, negation or question in the clause, outside an aside ("switched majors (don't laugh): X")."""
    return bool(_UNSURE.search(re.sub(r"\([^()]*\)", " ", clause)))


def _replaced(text: str) -> list[Fact]:
    """What took another's place, in the role its "as …" names, or the one both fill (else ``uses``) "for us"."""
    m = _REPLACED.search(text)
    if m is None or _UNSURE.search(_clause(text, m)) or _SOMEONE_ELSE.search(text[: m.start()]):
        return []
    new, words = m["new"], m["new"].split()
    if words[-1] in _PRONOUN:  # "gave Ghostty a try and it has replaced …": the name the sentence tried
        new = next((n[0] for n in reversed(list(re.finditer(_NAME, text[: m.start()])))), "")
    elif new[:1].islower() and len(words) > 1 and (words[0].endswith("ly") or words[0] in _FILLER):
        new = words[-1]  # "honestly chai": the taste, not the word before it
    if not new:
        return []
    wise = _tool_role(m["wise"], new) if m["wise"] else ""  # "IDE-wise X has replaced Y for me"
    if wise:
        return _fact(wise, new)
    if m["role"] is None:
        shared = roles_of(new) & roles_of(m["old"])
        return _fact(next(iter(shared)) if len(shared) == 1 else "uses", new)
    if _PROGRAMMING.search(m["role"]):
        return _fact("programming language", new)
    words = m["role"].split()
    role = next(filter(None, (role_phrase(" ".join(words[:n])) for n in range(len(words), 0, -1))), None)
    if role == "prefers drink" or role and (role in roles_of(new) or not roles_of(new) and new[:1].isupper()):
        return _fact(role, new)
    return []


#: "I'm on an iPhone 13 mini": a device the user is on, known as a phone, with its model's trailing words.
_ON_A = re.compile(r"\bI am (?:now )?on (?:an?|the|my) ")
_MODEL_TAIL = re.compile(r"(?: (?:mini|pro|max|plus|ultra|lite|fold|flip|[Mm]ini|Pro|Max|Plus|Ultra))*")


def _on_a_phone(text: str) -> list[Fact]:
    """The phone the user says they are on, a name the tool lists know for a phone and for nothing else."""
    m = _ON_A.search(text)
    known = next(iter(known_names(text[m.end() :])), None) if m else None
    if m is None or known is None or known.start() != 0 or roles_of(known[0]) != {"phone"} or _unsure(_clause(text, m)):
        return []
    tail = _MODEL_TAIL.match(text, m.end() + known.end())
    return _fact("phone", known[0] + (tail[0] if tail else ""))


def _tool_role(noun: str, name: str) -> str:
    """The role ``noun`` names ("terminals", "notes apps", "CI"; a laptop is no OS), if ``name`` can fill it: a
    name the tool lists know for another role cannot, nor a lower-case word they don't know for this one."""
    noun = noun.lower().removesuffix(" apps")
    role = next((role_phrase(n) or "" for n in (noun, noun.removesuffix("s"), noun + "s") if names_a_role(n)), "")
    known = roles_of(name.strip())
    return role if role in known or not known and name[:1].isupper() else ""


def _fact(predicate: str, obj: str) -> list[Fact]:
    obj = re.split(r"\.\s", obj)[0]  # "Logseq. The daily journal …": the next sentence is no part of the name
    return rule_facts(USER, predicate, obj.strip(), 0.8, False, attribute=True) if predicate else []


def _clause(text: str, m: re.Match[str]) -> str:
    """The match with the rest of the clauses it starts and ends in; a question or a colon doesn't end one here."""
    return usernews.clause(text, m, _BOUNDARY)


#: What a misread "a PhD student", "a second-year student", "not studying anymore" leaves where a field should be.
_NO_FIELD = frozenset(
    "s year years phd ph.d. master's masters bachelor's bachelors msc ma ba bsc mba doctorate degree anymore"
    " undergrad postgrad grad first-year second-year third-year final-year".split()
)


def merged(found: list[Fact], changes: list[Fact]) -> list[Fact]:
    """``found`` with each change in place of what other readers said of the same relation of the user's, or
    of the same value under another ("the password manager got" is no relation); the old value they say was
    left stays retracted ("my last day at Monzo was Friday and this morning I started at Wise"). A fact that joins
    two of the user's own values ("data analyst at Ocado, based in Hatfield" is no Ocado headquarters) was read
    from the user's description of themself, and goes too."""
    keys = {f.predicate for f in changes if not f.retract}  # a value given up leaves the relation's new value be
    values = {f.object.lower() for f in changes}
    return [
        f
        for f in found
        if not (f.subject == USER and (f.predicate in keys and not f.retract or f.object.lower() in values))
        and not (f.subject.lower() in values and f.object.lower() in values)
        and not (f.subject == USER and f.predicate == "married to" and f.object[:1].islower())  # "my wife is a vet"
        and not (f.subject == USER and f.predicate == "lives in" and roles_of(f.object))  # "we moved to Hetzner"
        and not (f.subject == USER and f.predicate == "studies" and f.object.lower() in _NO_FIELD)
    ] + changes
