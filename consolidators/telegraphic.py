"""Telegraphic shapes restated as the plain sentences the readers know: an obituary's or a CV's bare birth and
death ("born Onitsha 1936, died Enugu 2024", "(b. Kaunas, 1950)") and a cleft ("It was X who directed Y", "It was in
C that X was born"). Each is a restatement :mod:`consolidators.restated` merges like its own.
"""

from __future__ import annotations

import re

from . import aboutme
from .boxes import ENDED, PLANNED
from .boxes import NAME as _NAME
from .forms import is_word
from .lifeevents import OCCUPATION_ENDINGS, POSITIONS, is_occupation
from .text import UPPER, inflected_verb, lemmatise
from .vocabulary import is_time

#: An obituary's or a CV's birth and death without "in": "born Onitsha 1936, died Enugu", "(b. Kaunas, 1950)". Only
#: a place followed by a year, a stop or the next field counts ("born Ada Smith in 1970" names her birth name).
_BARE_EVENT = re.compile(
    rf"\b(?P<event>[Bb]orn|[Dd]ied|b\.|d\.) (?P<place>[{UPPER}][\w'’-]*(?: (?:of |de |the )?[{UPPER}][\w'’-]*)*)"
    r"(?P<year>,? \d{4}\b)?(?=\s*[,;).]|$)"
)


_LINE_LABEL = re.compile(r"^[A-Z][a-z]+: (?=[A-Z])")
_EVENT_YEAR = re.compile(rf"\b(?:[Bb]orn|[Dd]ied|b\.|d\.) [{UPPER}][^,;()]*?,? \d{{4}}\b")


def telegraphic(text: str) -> list[str]:
    """``text`` with each bare birth or death placed by its "in" ("born in Onitsha"), if it has one."""

    def placed(m: re.Match[str]) -> str:
        if is_time(m["place"].split()[0]):  # "died Sunday", "born June 1970": a date, not a place
            return m[0]
        event = {"b.": "born", "d.": "died"}.get(m["event"], m["event"])
        return f"{event} in {m['place']}" + (f" in {m['year'].strip(' ,')}" if m["year"] else "")

    text = _LINE_LABEL.sub("", text)  # "Obituary: X, poet, born …": the line is about X
    if len({m["event"][0].lower() for m in _BARE_EVENT.finditer(text)}) < 2 and not _EVENT_YEAR.search(text):
        return []  # "(born Ada Smith)": a birth name, unless a year or the death beside it makes it a place
    said = _BARE_EVENT.sub(placed, text)
    return [said] if said != text else []


#: A cleft: "It was X who directed Y", "It is X that serves as …", "It was in C that X was born". The focus is a
#: name; a negated or hedged cleft ("It wasn't X who …", "It may be X who …") has no "is"/"was" right after "It".
_CLEFT = re.compile(rf"^It (?:is|was) (?P<focus>{_NAME}) (?:who|that|which) (?P<rest>[a-z].*)$")
DENIED_CLEFT = re.compile(r"^It (?:isn't|wasn't|is not|was not|isn’t|wasn’t) ")
_PLACED_CLEFT = re.compile(rf"^It (?:is|was) (?P<prep>in|at|from) (?P<focus>{_NAME}) that (?P<rest>[A-Z].*?)\.?$")


def cleft(text: str) -> list[str]:
    """A cleft said plainly: "X directed Y", "X was born in C"."""
    m = _CLEFT.match(text)
    if m:
        return [f"{m['focus']} {m['rest']}"]
    m = _PLACED_CLEFT.match(text)
    return [f"{m['rest']} {m['prep']} {m['focus']}."] if m else []


#: An arrow between an old value and a new one, or between a change and where it went: "->", "→", "=>".
_ARROW = re.compile(r"\s*(?:-+>|=>|→|⟶|➝|➜)\s*")
#: "@" for "at" before a name, cased or not: "new job @ Brightline", "started @ tesco"; never a handle ("@ana") or
#: a person tagged ("don't @ me").
_AT = re.compile(r"(?<=\w)\s+@\s+(?=[A-Za-z0-9])(?!(?:me|us|you|him|her|them|everyone)\b)")
#: "2" for "to" after a verb of going somewhere ("moved 2 leeds", "switched 2 helix"), where what follows is a place's
#: or a tool's name or opens with a determiner; "moved 2 boxes", "got 2 cats" count.
_TWO = re.compile(r"\b(?P<verb>[A-Za-z]+) 2 (?P<next>[A-Za-z][\w'’-]*)")
#: Chat's laugh or aside that closes a clause ("quit snapchat lol", "started at tesco tbh, …"): it adds nothing to
#: what the clause states, and a reader that ends its value at the clause's end must not take it in.
_ASIDE = re.compile(r"(?<=\w) (?:lol|lmao|lmfao|haha(?:ha)*|tbh|ngl|fr|imo|smh)(?=[,.!?;]|$)")
#: Chat's spellings of a conjunction, between two words: "i browse on brave cos adverts", "love it tho i'm bad".
_CONJUNCTIONS = {"cos": "because", "coz": "because", "cuz": "because", "bc": "because", "tho": "though"}
_CONJUNCTION = re.compile(rf"(?<=\w )(?:{'|'.join(_CONJUNCTIONS)})(?= \w)")
_GOING = frozenset("move relocate go head come switch transfer commute return emigrate".split())
_TO_DETERMINERS = frozenset("the my our his her their".split())
#: A line's field label before its value, a few words and no verb: "employer", "home city", "main editor".
_LABEL_WORDS = 3


#: A whole note to self that is one state and its place, nothing else: "live in Edinburgh", "work at Initech".
_NOTE = re.compile(
    rf"(?P<verb>(?i:live|work|study|reside|lives|works|studies|resides|living|working|studying|residing))"
    rf" (?P<rest>(?:in|at) [{UPPER}][\w'&.-]*(?: (?:of |de |van )?[{UPPER}][\w'&.-]*)*)[.!]?"
)


#: What parts a bio's, a signature's or a CV line's fields: "|", "·", "•" or a spaced slash.
_BAR = re.compile(r"\s+[|·•/]\s+")
#: A comment after a bio, parted by a spaced dash: "… · Lisbon — fix the spacing on this headline".
_COMMENT = re.compile(r"\s+[—–]\s+[a-z][^|·•]*$")
#: A bio's pronouns ("she/her", "they/them"): no fact, and no reason to leave the line unread.
_PRONOUNS = re.compile(r"^(?:he|she|they|xe|ze)/\w+(?:/\w+)?$", re.I)
#: A bio's place: a name alone ("Lisbon", "Cluj-Napoca", "New York"), maybe with its country ("Oulu, Finland").
_PLACE = re.compile(rf"^(?P<name>[{UPPER}][\w'’-]*(?: [{UPPER}][\w'’-]*){{0,2}})(?:, [{UPPER}][\w'’-]*)?$")
#: Where a job's own words end: "Nurse at X", "Chef in Lyon".
_QUALIFIER = re.compile(r" (?:at|in|for|with|of) ")
#: A part of a bio no reader needs: a few words without a name or a verb ("coffee snob", "views my own").
_IDLE_WORDS = 4


def bio(text: str) -> str:
    """A writer's bio line as the sentences it abbreviates: "Designer at Fernweh | Lisbon | she/her" is "I am a
    designer at Fernweh; I live in Lisbon." Only a line of one job (:func:`aboutme.introduced` reads it as one),
    at most one place alone, pronouns and idle words; a field, a question, a second place ("Designer | Fernweh |
    Lisbon": which is the employer?) or a clause leaves the line as it is."""
    every = _BAR.split(_COMMENT.sub("", text.strip()).rstrip("."))
    # "ex-Quantara", "prev. X (2019–2023)": a post left says nothing, but still parts the line as a bio's
    parts = [p for p in every if not ENDED.search(p)]
    if len(every) < 2 or not parts or any(":" in p or "?" in p for p in parts):
        return text
    read = [_job(p) for p in parts]  # each part's job, read once: the self-description reader is the costly step
    jobs = [(i, job) for i, job in enumerate(read) if job]
    places = [(i, m["name"]) for i, p in enumerate(parts) if not read[i] for m in [_PLACE.match(p)] if m]
    idle = [p for i, p in enumerate(parts) if not read[i] and not _PLACE.match(p) and not _PRONOUNS.match(p)]
    if len(jobs) != 1 or len(places) > 1 or any(not _idle(p) for p in idle):
        return text
    (at, job), pronouns = jobs[0], any(_PRONOUNS.match(p) for p in parts)
    if any(i < at for i, _ in places):  # "Olumide Bakare | Senior Analyst @ X": a name heads someone's signature
        return text
    if _QUALIFIER.search(parts[at]) is None and not pronouns and len(parts) < 3:
        return text  # "Winter Ledger | Pages", "vacant | Founded": a box's pieces, no employer or pronouns to say a bio
    names = [name for _, name in places]
    return "; ".join([job, *(f"I live in {p}" for p in names)]) + "."


#: A user's own profile line quoted after the words that name it: "new twitter bio: '…'", "LinkedIn headline: …",
#: "my email signature, thoughts? '…'". The line is then read as a bio; only its quoted body is the bio's.
_PROFILE = re.compile(
    r"^(?P<lead>[^:'\"‘“]{0,60}?\b(?P<noun>(?i:bio|headline|tagline|byline|signature|sig|blurb|profile))\b"
    r"[^:'\"‘“]{0,30}?)"
    r"(?::\s*(?P<q>['\"‘“])?|[:?,]\s*(?P<q2>['\"‘“]))(?P<body>[^'\"‘“’”]+?)(?:['\"’”]\s*)?\.?$"
)
#: A lead-in that gives the profile to someone else ("her bio:", "Ola's headline:", "my mum's signature:").
_THEIRS = re.compile(r"\b(?i:his|her|their)\b|\w's\b")
#: Words before the profile's noun that make it no current profile of the user's: one that was ("old", "2015"), one
#: not yet or never ("possible", "next"), or one written for someone made up ("character", "joke"). A "headline
#: draft" is the user's own, about to go up: the corpus reads it as the user's.
_NOT_NOW = re.compile(
    r"\b(?i:old|older|former|previous|prior|past|earlier|original|first|last|fake|joke|parody"
    r"|sample|example|template|test|mock|dream|ideal|hypothetical|possible|potential|proposed|alternative|alt|next"
    r"|future|planned|fictional|fiction|character|characters|story|novel|game|persona|roleplay|rp|villain|idea|ideas"
    r"|(?:19|20)\d\d)\b"
)
#: All a lead-in may say after the profile's noun and still give the user's current profile: "is", "now", "reads",
#: "currently", "draft" (the user's own, about to go up), a plea for a view ("my signature, thoughts?"). "from
#: 2015", "is a joke", "for the character": not the user's now.
_NOW_TAIL = re.compile(r"(?:\s+(?i:is|reads|says|now|currently|today|these\s+days|updated|update|draft))*\s*,?\s*")


def _current(m: re.Match[str]) -> bool:
    """Whether the lead-in says the quoted line is the user's own profile as it is now."""
    lead = m["lead"]
    before, after = lead[: m.start("noun")], lead[m.end("noun") :]
    tail = re.sub(r"(?i)\s*,?\s*(?:any\s+)?(?:thoughts|feedback|opinions|what do you think)\s*\??\s*$", "", after)
    return not _THEIRS.search(lead) and not _NOT_NOW.search(before) and bool(_NOW_TAIL.fullmatch(tail))


def _profile_body(text: str) -> str | None:
    """The quoted body of the user's current profile line; ``text`` itself when no lead-in names a profile; None
    when one names a profile not the user's now (someone else's, a past one, a character's): no bio to read."""
    m = _PROFILE.match(text.strip())
    if m is None or (m["q"] or m["q2"]) and not re.search(r"['\"’”]\s*\.?$", text):
        return text
    return m["body"].strip() if _current(m) else None


#: A signature's name: a full name of two to four capitalised words, or a box's name.
_FULL_NAME = re.compile(rf"^(?:Signature:\s*)?(?P<name>[{UPPER}][\w'’-]+(?: [{UPPER}][\w'’.-]*){{1,3}})$")


#: A signature's name parted from its first part by a spaced dash: "Ana Ruiz — Senior Analyst, Kestrel".
_NAME_DASH = re.compile(rf"^(?P<name>[{UPPER}][^—–|]*?)\s+[—–]\s+(?P<rest>[^—–]+)$")
#: A title's comma before its employer's name: "Senior Analyst, Kestrel Bank" is "Senior Analyst at Kestrel Bank".
_TITLE_COMMA = re.compile(rf",\s+(?={_NAME}$)")


def signature(text: str) -> str:
    """A signature or a byline said as the sentence it abbreviates: "Ana Ruiz | Senior Analyst @ Kestrel" is "Ana Ruiz
    is a senior analyst at Kestrel."; "Ana Ruiz · Consultant Cardiologist · St Anne's Hospital" names the employer
    after the title. Only a full name, then one job (with its employer, or the employer alone after it), then
    nothing but a place or idle words; anything else leaves the line as it is."""
    parts = _BAR.split(text.strip().rstrip("."))
    dashed = _NAME_DASH.match(parts[0])
    if dashed:  # "Ana Ruiz — Senior Analyst, Kestrel | …": the name, then its first part
        parts[:1] = [dashed["name"], dashed["rest"]]
    parts = [p for p in parts if not ENDED.search(p)]  # "ex-Kestrel": a post left names no one's employer now
    name = _FULL_NAME.match(parts[0]) if 2 <= len(parts) <= 4 else None
    if name is None or is_word(name["name"].split()[0].lower()):  # "Good Morning | …": words, not a name
        return text
    parts[1] = _TITLE_COMMA.sub(" at ", parts[1])
    job = _job(parts[1])
    if not job.startswith("I am ") or job.startswith("I am a student"):  # a signature names a post, not a school
        return text
    rest = parts[2:]
    if (
        _QUALIFIER.search(parts[1]) is None
        and rest
        and re.fullmatch(_NAME, rest[0].split(",")[0])
        and not _job(rest[0])
    ):
        job, rest = f"{job} at {rest[0].split(',')[0]}", rest[1:]  # "· Consultant Cardiologist · St Anne's Hospital"
    if any(not _idle(p) and not _PLACE.match(p) for p in rest) or _QUALIFIER.search(job) is None:
        return text
    return f"{name['name']} is {job.removeprefix('I am ')}."


def _job(part: str) -> str:
    # the self-description reader takes "<job> here" as "I am a <job>", the same label a bio's part is; a head
    # the lexicon lacks is a name, whatever its ending ("Ghent", "Alma mater": no agent nouns; "Nurse" is a word)
    title = _QUALIFIER.split(part)[0].split()
    head = title[-1].lower()
    if not is_word(head) and head not in OCCUPATION_ENDINGS and head not in POSITIONS:  # "dev", "physio", "CEO"
        return ""
    if PLANNED.search(part):  # "incoming Data Engineer at X", "Analyst, X next year": a post not yet taken up
        return ""
    if head == "candidate" and any(w.lower() in POSITIONS or is_occupation(w.lower()) for w in title[:-1]):
        return ""  # "CEO candidate", "engineer candidate": one who may get the post, neither it nor a student
    if title[-1].lower() in _STUDENTS and part != " ".join(title):  # "PhD student @ X": where the writer studies
        return f"I am a student{part[len(' '.join(title)) :]}"
    if all(w.istitle() and is_word(w.lower()) for w in title):  # "Site Reliability Engineer": a title's capitals
        part = " ".join(w.lower() for w in title) + part[len(" ".join(title)) :]
    said = aboutme.introduced(f"{part} here")
    return said.removesuffix(" here") if said.startswith("I am ") else ""


#: A bio's student: no job, but the school after "at" is where the writer studies.
_STUDENTS = frozenset({"student", "undergrad", "undergraduate", "postgrad", "candidate"})


def _idle(part: str) -> bool:
    words = part.split()
    return len(words) <= _IDLE_WORDS and not any(w[:1].isupper() or inflected_verb(w) for w in words)


#: A CV's entry and its years, the range first: "2021–present Product Designer, Mosswood Games". A range ended by a
#: year ("2017–2021 UI Designer, Pixelfen") is a post left; one left open ("–present", "– ") the post held now.
_CV_ENTRY = re.compile(
    rf"(?:^|(?<=['\"‘“\s]))(?:19|20)\d\d\s*[–—-]\s*(?P<end>(?i:present|now|today|current)\b|(?:19|20)\d\d\b)?\s+"
    rf"(?P<job>[A-Za-z][\w -]*?), (?P<org>{_NAME})(?=\s*(?:$|['\"’”]|\s[—–]\s))"
)


_QUOTES = "'’\""


def cv(text: str) -> str:
    """A user's CV entries as the sentences they abbreviate: the open one is "I am a <job> at <org>."; one a year
    ends is left out. ``text`` itself when no entry is open or when a lead-in gives the CV to someone else."""
    entries = list(_CV_ENTRY.finditer(text))
    if not entries or _THEIRS.search(text[: entries[0].start()]):
        return text
    open_ = (m for m in entries if not m["end"] or not m["end"][0].isdigit())
    held = [s for m in open_ for s in [_job(f"{m['job']} at {m['org'].rstrip(_QUOTES)}")] if s]
    return "; ".join(held) + "." if held else text


#: A bio's or a box's dot or bullet between fields: said as the bar every reader of fields knows, so that no
#: field's value runs on into the next ("HQ: Odense · CEO: …").
_BULLET = re.compile(r"\s+[·•]\s+")
#: A labelled field beside a bullet: only then is the bullet a box's ("Emre Lind · trumpet · speaks Turkish" is a bio's).
_BULLETED_FIELD = re.compile(r"[·•]\s+[A-Za-z][A-Za-z ]{0,24}:\s|[A-Za-z]:\s[^·•]*\s[·•]\s")


def said(text: str, role: str) -> str:
    """Shorthand as prose says it (:func:`unmarked`), and a user's whole note of one state given its "I" ("live
    in Edinburgh" as an "About me" bullet). Only the whole line: "Live in Leeds and you'll understand", "live in
    fear of Mondays" or "work at X for a year, then go freelance" are advice, sayings and plans."""
    text = _BULLET.sub(" | ", text) if _BULLETED_FIELD.search(text) else text
    text = signature(unmarked(text))
    if role == "user":
        text = cv(text)
        body = _profile_body(text)
        text = text if body is None else bio(body)
    note = _NOTE.fullmatch(text.strip()) if role == "user" else None
    if note:  # "works @ Kelpie", "Living in Oslo": a note's verb in any form, said in the first person's
        return f"I {lemmatise(note['verb'].lower())} {note['rest']}"
    return text


#: A label set equal to its value: "password mgr = Bitwarden", "shell = fish". A label is a bare noun: one opening
#: with a determiner or an age ("new laptop = new browser") equates two things, it names no field.
#: Each field of a line is one ("editor = Helix, shell = fish"): the line's start, or after a comma or a semicolon.
_EQUALS = re.compile(r"(?:^|(?<=[,;]\s))(?P<label>[A-Za-z][A-Za-z ]{0,24}?)\s+=\s+(?=\S)")
_NO_LABEL = frozenset({"a", "an", "the", "my", "our", "his", "her", "their", "this", "that", "new", "old"})


def _equals(text: str) -> str:
    def colon(m: re.Match[str]) -> str:
        words = m["label"].split()
        if len(words) > _LABEL_WORDS or any(inflected_verb(w) for w in words) or words[0].lower() in _NO_LABEL:
            return m[0]
        return f"{m['label']}: "

    return _EQUALS.sub(colon, text)


def unmarked(text: str) -> str:
    """``text`` with shorthand's separators said as prose says them, so the readers read it: "@" as "at" ("new
    job @ Brightline"), "2" as "to" after a verb of going ("moved 2 leeds"), a closing "lol" or "tbh" dropped, "cos" and "tho" as "because" and "though", an arrow as "to" after a change ("moved -> Leeds", "moved Leeds -> Bristol" is "moved from
    Leeds to Bristol"), as a field's colon after a label ("city -> Leeds" is "city: Leeds"), and an old value before
    its arrow dropped from a field ("editor: vim -> helix" is "editor: helix"). Text without these is unchanged."""
    text = _ASIDE.sub("", _TWO.sub(_to, _AT.sub(" at ", _equals(text))))
    text = _CONJUNCTION.sub(lambda m: _CONJUNCTIONS[m[0]], text)
    parts = _ARROW.split(text)
    if len(parts) != 2 or not parts[0] or not parts[1]:
        return text  # none, or a chain ("A -> B -> C"): which is current is no shorthand's to say
    before, after = parts
    words = before.split()
    if ":" in before:  # "editor: vim -> helix": the field's value is the new one
        label, _, old = before.rpartition(":")
        return f"{label}: {after}" if 0 < len(old.split()) <= _LABEL_WORDS else text
    if inflected_verb(words[-1]):  # "moved -> Leeds", "switched -> Helix"
        return f"{before} to {after}"
    if len(words) >= 2 and inflected_verb(words[-2]) and words[-1][:1].isupper():  # "moved Leeds -> Bristol"
        return f"{' '.join(words[:-1])} from {words[-1]} to {after}"
    if len(words) <= _LABEL_WORDS and not any(inflected_verb(w) for w in words):  # "city -> Leeds"
        return f"{before}: {after}"
    return text


def _to(m: re.Match[str]) -> str:
    """ "moved 2 leeds" as "moved to leeds"; a count ("moved 2 boxes") as it is."""
    nxt = m["next"]
    place = nxt.lower() in _TO_DETERMINERS or nxt[:1].isupper() or not is_word(nxt)
    going = m["verb"].lower() in ("back", "off") or lemmatise(m["verb"]) in _GOING
    return f"{m['verb']} to {nxt}" if going and place else m[0]
