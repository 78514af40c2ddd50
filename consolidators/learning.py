"""What the user studies, where, and the languages they speak, said by the course rather than by a verb.

"Just started my master's at Aalto University", "doing my masters in urban planning at TU Delft", "second
year of my PhD in computational linguistics", "reading for a degree in philosophy", "first-year law student at
McGill here", "Being a student at McGill means …"; "fluent in Amharic, so you can reply in it", "… and get by in
Italian", "I speak fluent korean". A field is the lower-case words a course is "in"; a school is the capitalised
name a course or a student is "at"; a language is a name the language list knows, in any case. A clause that
asks, hedges, denies or speaks of the past says nothing, nor does a degree already finished ("graduated").
"""

from __future__ import annotations

import difflib
import re
from dataclasses import replace

from .lifeevents import USER, fact
from .regexgate import compiled
from .text import is_word
from .types import Fact
from .userclauses import negated, refused, the_users_talk

#: Master's degrees are often named by their initials: "my MPA", "an MFA", "my LLM".
_DEGREE = r"(?:master'?s(?: degree)?|msc|ma|mba|mpa|mpp|mph|mfa|llm|meng|phd|ph\.d\.?|doctorate|degree|bachelor'?s(?: degree)?|ba|bsc|undergrad|diploma|semester|term|year|course|major|studies)"
_ORDINAL = r"(?:first|second|third|fourth|fifth|final|last)"
_FIELD = r"(?P<field>[a-z][a-z-]*(?: (?!at\b|in\b|and\b|so\b|but\b|here\b|now\b)[a-z-]+){0,3})"
_SCHOOL = (  # case-sensitive inside the case-blind course patterns: a school is a capitalised name
    r"(?P<school>(?-i:(?:the )?[A-ZÀ-ÖØ-Þ][\w&.'-]*(?: (?:[A-ZÀ-ÖØ-Þ&][\w&.'-]*|of|de|di|da|del|della|du|für|y|los|las|la|and))*))"
)
_COURSES = (
    # "started my master's at Aalto", "doing my masters in urban planning at TU Delft", "second year of my PhD in X"
    re.compile(
        rf"\b(?:(?:{_ORDINAL}[- ])?(?:year|semester|term) of |started |starting |doing |(?<=\bI )do |finishing |in |wrapped |into )"
        # "the course": the one the speaker is on, as "my course" is
        rf"(?:my |an? |the )(?:{_ORDINAL}[- ])?(?:(?:part-time|full-time|online|distance|evening) )?{_DEGREE}(?: in {_FIELD})?"
        rf"(?: (?:at|with) {_SCHOOL})?",
        re.I,
    ),
    # "reading for a degree in philosophy"
    re.compile(rf"\breading for an? {_DEGREE} in {_FIELD}(?: at {_SCHOOL})?", re.I),
    # "I'm reading philosophy, so …", "currently reading law at uni": British "read" is "study" when a field ends
    # the clause ("I'm reading a novel", "reading over my shoulder" name none)
    re.compile(
        r"\b(?:I am|currently|now) reading (?!(?:a|an|the|my|our|his|her|this|that|some|about|up|over|through|into"
        rf"|for|it|them|more|less)\b)(?P<field>[a-z][a-z-]*(?: [a-z-]+)?)(?: at (?:uni|university|college|{_SCHOOL}))?"
        r"(?=\s*(?:$|[,;.!]))",
        re.I,
    ),
    # "I'm a student at Universidad de los Andes, reading economics": the school, then the field
    re.compile(
        rf"\bstudent (?:at|of) {_SCHOOL},? (?:reading|studying|doing|majoring in) {_FIELD}\s*(?:$|[,;.!])", re.I
    ),
    # "I go to the University of Toronto", "I attend Trinity College": a school by its kind's word
    re.compile(rf"\bI (?P<goes>go to|attend|am attending) {_SCHOOL}", re.I),
    # "first-year law student at McGill here", "Being a student at McGill"
    re.compile(rf"\b(?:{_ORDINAL}[- ]year )?(?:(?P<kind>[a-z][a-z-]*) )?student (?:at|of) {_SCHOOL}", re.I),
    # "a PhD student in computational linguistics", "student of civil engineering in Politecnico di Milano": the
    # field said in lower case after the student, the school after it
    re.compile(rf"\bstudent (?:in|of) (?-i:{_FIELD})(?: (?:at|in) {_SCHOOL})?(?=\s*(?:$|[,;.!]))", re.I),
)
#: What makes a name a school: "the University of Toronto", "Trinity College" (not "I go to the Eiffel Tower").
_A_SCHOOL = re.compile(r"\b(?:Univers\w+|Uni|College|Institute|Academy|Polytechnic|School|Conservatory)\b")
#: "My field is computational linguistics (PhD, year 3)": a field, where the message names a degree.
_MY_FIELD = re.compile(rf"\b(?i:my) (?:field of study|field|major|subject) is (?:now )?{_FIELD}\s*(?:$|[,;.!(])")
#: Chat drops the "I am" before what the writer is or does: "Currently a PhD student in …", "doing an online MSc …".
_DROPPED_I = re.compile(
    r"^(?i:currently|now|still) an? \w|^(?:(?i:currently|now|still) )?(?:doing|starting|finishing) an? \w"
)
_FINISHED = re.compile(r"\b(?:graduated|finished my|completed my|dropped out|alumn)", re.I)
#: The languages a user says they speak or learn, in lower case (news names more: ``statics.LANGUAGES``).
USER_LANGUAGES = frozenset(
    """english french spanish portuguese german italian dutch swedish norwegian danish finnish icelandic polish czech
    slovak hungarian romanian bulgarian greek turkish russian ukrainian serbian croatian bosnian slovenian albanian
    macedonian lithuanian latvian estonian irish welsh scottish gaelic basque catalan galician arabic hebrew persian farsi
    dari pashto urdu hindi bengali punjabi gujarati marathi tamil telugu kannada malayalam sinhala nepali mandarin
    cantonese chinese japanese korean vietnamese thai khmer lao burmese malay indonesian tagalog filipino swahili
    amharic somali yoruba igbo hausa zulu xhosa afrikaans tigrinya oromo wolof quechua aymara guarani guaraní
    esperanto latin maori samoan tongan hawaiian kurdish armenian georgian azerbaijani kazakh uzbek mongolian
    tibetan papiamento papiamentu creole luxembourgish maltese frisian yiddish romani cebuano javanese sundanese
    kinyarwanda lingala shona sesotho setswana twi akan ewe fula bambara malagasy fijian uyghur tatar chechen kyrgyz
    tajik turkmen sindhi odia assamese konkani bhojpuri hmong tetum faroese greenlandic breton corsican sardinian
    sicilian occitan asturian flemish""".split()
)
#: How well a language the user calls theirs is spoken: "my german is decent", "my spanish is ok" (a modest
#: standing still says it is spoken, as "a bit of Italian" does; "rusty" or "bad" say nothing either way).
_STANDING = r"(?:fluent|native|decent|good|conversational|ok|okay|solid|passable)"
_SPOKEN = (
    re.compile(r"\b(?:fluent|native|conversational|proficient) in (?P<langs>[\w ,]+)", re.I),
    re.compile(
        r"\b(?:get by|getting by|manage|can manage|hold a conversation|can hold a conversation) in (?P<langs>\w+)", re.I
    ),
    # "my german is fluent": the language said as the user's, its standing after
    # (a lower-case word that is also a thing one has is that thing: "my polish is ok, the floor looks great")
    re.compile(
        rf"\bmy (?!(?-i:polish|danish|chinese)\b)(?P<langs>\w+) is (?:(?:pretty|very|quite|really) )?{_STANDING}\b",
        re.I,
    ),
    # "a native Tagalog speaker", "i'm a fluent farsi speaker": the speaker named by the language, in any case
    re.compile(r"\b(?:I am|I'm|i'm|im|as) an? (?:native|fluent) (?P<langs>\w+) speaker\b", re.I),
    re.compile(r"\b(?:I|we)(?: both| all)? speak (?:fluent |decent |some |basic |good )?(?P<langs>[\w ,]+)", re.I),
    re.compile(r"\bplus (?:a (?:fair |little |tiny )?bit of |decent |some |basic |good |fluent )(?P<langs>\w+)", re.I),
    # "besides English I speak Japanese": the language the other is spoken besides is spoken too
    re.compile(
        r"\b(?:besides|apart from|as well as|on top of|alongside|in addition to) (?P<langs>\w+),? I (?:also )?speak\b",
        re.I,
    ),
    # "tagalog is my first language, english second": the second language named after the first
    re.compile(r"\bfirst language,? (?:and )?(?P<langs>\w+) (?:is )?(?:my |the |a )?second\b", re.I),
    # "Estonian is one of the languages I speak, along with bad German": the list said around its head
    re.compile(r"\b(?P<langs>\w+) is one of (?:the|my) languages I (?:speak|know)\b", re.I),
    re.compile(r"\blanguages I (?:speak|know),? (?:along with|as well as|plus|and) (?P<langs>[\w ,]+)", re.I),
    # "Speaking Amharic at home means …": the habit named as the sentence's subject
    re.compile(r"^speaking (?P<langs>\w+) (?:at home|with (?:my|our)|to (?:my|our)|every day|daily)\b", re.I),
)
#: How much of a language a list item says the user has: "a bit of Spanish" is Spanish spoken.
_AMOUNT = re.compile(
    r"^(?:(?:a bit of|a fair bit of|a little|a little bit of|some|basic|decent|good|fluent|conversational|native|broken|bad|rusty"
    r"|passable)\s+)+",
    re.I,
)
#: ", and" before a capitalised word goes on a list ("I speak Romanian and Polish, and Spanish well enough").
_PARTS = re.compile(
    r"[;!?()]|\.\s|\s[—–]\s|,\s*(?=(?:so|but|and\b(?!\s+[A-Z])|pray|if|need|can|could|btw)\b)|\s(?:so|but|because)\s"
)


def merged(found: list[Fact], text: str) -> list[Fact]:
    """``found`` with what ``text`` says the user studies, where, and speaks; a school read as an employer
    ("Just started my master's at Aalto University") is a school."""
    said = _said(text)
    schools = {obj.lower() for p, obj in said if p == "studies at"}
    fields = {obj.lower() for p, obj in said if p == "studies"}  # "reading philosophy" is no book read
    out = [
        _language(f)
        for f in found
        if not (f.subject == USER and (f.predicate, f.object.lower()) in {("works at", s) for s in schools})
        and not (f.subject == USER and f.predicate == "reads" and f.object.lower().split(" at ")[0] in fields)
        and not _no_tongue(f)
    ]
    have = {(f.predicate, f.object.lower()) for f in out if f.subject == USER}
    for predicate, obj in said:
        if (predicate, obj.lower()) not in have and not (
            predicate != "speaks" and any(p == predicate for p, _ in have)
        ):
            have.add((predicate, obj.lower()))
            out.append(fact(predicate, obj, 0.7))
    return out


def _no_tongue(f: Fact) -> bool:
    """A user's "speaks" whose lower-case value is no language ("I speak softly"): chat writes languages in lower
    case, but a word the list neither knows nor mends is how, not what, the user speaks."""
    spoken = f.subject == USER and f.predicate == "speaks" and not f.retract
    return spoken and f.object[:1].islower() and _tongue(_AMOUNT.sub("", f.object)) is None


def _language(f: Fact) -> Fact:
    """A language another reader read with how much of it is spoken ("fluent portuguese", "basic french"): the
    language alone, as the list names it."""
    bare = _AMOUNT.sub("", f.object)
    tongue = _tongue(bare) if f.predicate == "speaks" else None
    if tongue is None or bare == f.object and tongue == bare.lower():
        return f
    return replace(f, object=tongue.capitalize())


_CUE = compiled(
    rf"\b(?:{_DEGREE}|student|reading|go to|attend|attending|fluent|native|conversational|proficient|get by|getting by"
    rf"|manage|speak|speaking|plus|conversation|fluent|native|first language)\b|\bmy \w+ is (?:(?:pretty|very|quite|really) )?{_STANDING}",
    re.I,
)


def _said(text: str) -> list[tuple[str, str]]:
    if not _CUE.search(text):
        return []
    # "Fluent in Korean, the diplomat Elena Vasquez …" is about her; "Currently a PhD student in …" drops the "I am"
    if not the_users_talk(text) and not _DROPPED_I.match(text):
        return []
    found: list[tuple[str, str]] = []
    for part in (p.strip(" ,.") for p in _PARTS.split(text)):
        if not part or refused(part) or negated(part) or _FINISHED.search(part):
            continue
        found += _courses(part) + _tongues(part)
    m = _MY_FIELD.search(text)
    if m and re.search(rf"\b{_DEGREE}\b|\bstudent\b", text, re.I) and not refused(text) and not negated(text):
        found += [("studies", m["field"])] if a_field(m["field"]) else []
    return found


def _courses(part: str) -> list[tuple[str, str]]:
    for pattern in _COURSES:
        m = pattern.search(part)
        if m is None:
            continue
        field: str = m.groupdict().get("field") or m.groupdict().get("kind") or ""
        school: str = m.groupdict().get("school") or ""
        if m.groupdict().get("goes") and not _A_SCHOOL.search(school):
            continue  # "I go to the Eiffel Tower": no school
        said = [("studies", field)] if a_field(field) else []
        return said + ([("studies at", re.sub(r"^the ", "", school))] if school else [])
    return []


def a_field(words: str) -> bool:
    """A field of study, not a course's article, level or kind ("second-year", "exchange", "PhD")."""
    low = words.lower()
    return (
        len(low) > 1  # "master's student": the "s" of the degree's possessive
        and low not in ("an", "the", "my", "grad", "exchange", "mature", "postgrad", "doctoral", "graduate")
        and not re.fullmatch(_DEGREE, low, re.I)  # "PhD student", "MBA student": a degree is no field
        and not low.endswith("year")
    )


def _tongues(part: str) -> list[tuple[str, str]]:
    found = []
    for pattern in _SPOKEN:
        for m in pattern.finditer(part):
            words = [_AMOUNT.sub("", w) for w in re.split(r",\s*(?:and\s+)?|\s+and\s+", m["langs"])]
            for word in (w for item in words for w in item.split()):
                tongue = _tongue(word)
                if tongue is None:
                    break  # a list of languages ends at the first word that is none
                found.append(("speaks", word if tongue == word.lower() and word[:1].isupper() else tongue.capitalize()))
    return found


def _tongue(word: str) -> str | None:
    """The language ``word`` names, in lower case, or the one it is an obvious typo of ("portugese": a letter off, of
    five letters or more, its first kept); None for any other word, an English word above all ("germane")."""
    low = word.lower()
    if low in USER_LANGUAGES:
        return low
    if len(low) < 5 or not low.isalpha() or is_word(low):
        return None
    close = difflib.get_close_matches(low, USER_LANGUAGES, n=1, cutoff=0.85)
    # a letter dropped, doubled or swapped, not a word of its own ("spanglish" is no Spanish mistyped)
    return close[0] if close and close[0][0] == low[0] and abs(len(close[0]) - len(low)) <= 1 else None
