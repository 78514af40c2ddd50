"""The extractive consolidator's words: canonical predicates and clean objects.

Supersession keys on (subject, predicate), so every rule that emits a fact runs
its predicate through :func:`normalise_predicate` and its object through
:func:`clean_object` (one value) or :func:`clean_objects` (a listed "A, B and C").
The canonical forms are the ones ``memory_sink/supersession.py`` lists as single-
or multi-valued (``likes``, not ``like``), so the default rules judge can settle
them; this package does not import that module (dependencies run the other way).
"""

from __future__ import annotations

import re

from .text import MONTHS, WEEKDAYS, lemmatise

#: Cleaned (or head-lemmatised) phrase -> canonical predicate. Keys cover both verb
#: phrases and role nouns; normalising a value gives it back, so normalising twice is safe.
CANONICAL_PREDICATES: dict[str, str] = {
    # where the user lives
    "live in": "lives in",
    "reside in": "lives in",
    "move to": "lives in",
    "relocate to": "lives in",
    "home": "lives in",
    "is from": "is from",
    "be from": "is from",
    "bear in": "born in",
    # employment
    "work at": "works at",
    "work for": "works at",
    "join": "works at",
    "start at": "works at",
    "employ at": "works at",
    "employ by": "works at",
    "hire by": "works at",
    "employer": "works at",
    "company": "works at",
    "work as": "works as",
    "job": "works as",
    "occupation": "works as",
    "profession": "works as",
    "work with": "works with",
    # people
    "marry to": "married to",
    "wife": "married to",
    "husband": "married to",
    "spouse": "married to",
    # study
    "study": "studies",
    "major": "studies",
    "study at": "studies at",
    "school": "studies at",
    "university": "studies at",
    "uni": "studies at",
    # tools and preferences
    "use": "uses",
    "rely on": "uses",
    "run on": "uses",
    "prefer": "prefers",
    "prefer drink": "prefers drink",
    "drink": "prefers drink",
    "favorite drink": "prefers drink",
    # verbs the engine knows as multi-valued, in its third-person form
    "like": "likes",
    "love": "likes",
    "enjoy": "likes",
    "adore": "likes",
    "dislike": "dislikes",
    "hate": "hates",
    "speak": "speaks",
    "know": "knows",
    "have": "has",
    "own": "owns",
    "read": "reads",
    "play": "plays",
    "follow": "follows",
    "visit": "visited",
    "acquire": "acquire",
    "pet": "has pet",
    # roles a tool fills (attribute predicates: single-valued)
    "job queue": "queue",
    "task queue": "queue",
    "message queue": "queue",
    "work queue": "queue",
    "queue system": "queue",
    "db": "database",
    "datastore": "database",
    "data store": "database",
    "text editor": "editor",
    "code editor": "editor",
    "ide": "editor",
    "note": "notes app",
    "notes": "notes app",
    "note app": "notes app",
    "notes app": "notes app",
    "note-taking app": "notes app",
    "language at work": "programming language",
    "programming language": "programming language",
    "web browser": "browser",
    "laptop": "os",
    "operating system": "os",
    "mail": "email client",
    "email": "email client",
    "mail client": "email client",
    "email client": "email client",
    "email app": "email client",
    "password": "password manager",
    "calendar": "calendar app",
    "cloud": "cloud provider",
    "hosting": "cloud provider",
    "host": "cloud provider",
    "cloud provider": "cloud provider",
    # organisations and places
    "chief executive": "ceo",
    "chief executive officer": "ceo",
    "capital city": "capital",
    "birthplace": "born in",
    "place of birth": "born in",
    "place of death": "died in",
    "founder": "founded by",
    "co-founder": "founded by",
    "cofounder": "founded by",
    "owner": "owned by",
    "director": "directed by",
    "alma mater": "educated at",
    "headquarters": "headquartered in",
    "based in": "located in",
    "base in": "located in",
    "headquartered in": "headquartered in",
    "located in": "located in",
    "locate in": "located in",
}
_CANONICAL = frozenset(CANONICAL_PREDICATES.values())
DRINKS = frozenset(
    """
tea coffee espresso latte cappuccino americano matcha chai decaf water juice milk beer wine soda
cola kombucha cocoa smoothie lemonade mate rooibos cortado macchiato mocha flat-white white lungo ristretto
kefir lassi horchata cider sake whisky whiskey gin vodka rum tequila brew
hojicha sencha genmaicha gyokuro oolong pu-erh yerba cold-brew tisane ayran frappe frappuccino
""".split()
)

_DETERMINERS = r"(?:the|a|an|my|our|their|your|some|this|that)"
#: Words before a role noun that grade it, not name another role ("my actual birthplace is Leiden").
_QUALIFIERS = frozenset("current new main primary usual default daily go-to actual real".split())
#: Objects that point back at something instead of naming it, or name no value at all
#: ("we reversed the decision", "I made a mistake").
_VAGUE_OBJECTS = frozenset(
    """
it this that them these those one something anything everything nothing you him her us me i we
my our your they he she here there stuff things thing lot bit decision choice plan idea mistake
way point fact case question problem issue online offline
""".split()
)
_PRONOUNS = frozenset("it them him her this that us me".split())
#: A verb particle opening the object means a phrasal verb the rules don't know ("give up X").
_PARTICLES = frozenset("up off out down away back over around along".split())
_OBJECT_CUT = re.compile(  # where an object's clause ends
    r"\s*(?:[,;:(—–]|[.!?]\s+(?=[a-z])| - | because | since | but | so | for | with | which | who | where | while | although | bc | cuz "
    r"| starting\b| more than | now that "
    r"| even though | though | when | instead of | rather than | as (?:a|an|the|my|our|their|its|his|her) | as (?=(?:[a-z-]+ ){0,2}[a-z-]+(?:$|[,;.]))| as (?=[A-Z]{2,4}(?:$|[,;.]))"
    r"| (?:on|from|across|onto|off) (?:all (?:of )?|both )?(?:my|our) "
    r"| (?i:and) (?=[a-z])| to (?=[a-z])| from (?=[A-Z]))"  # "Brave from Chrome": the old tool is not the value
)
_OBJECT_HEAD = re.compile(  # "is now Jane Doe": an adverb before the value is not part of it
    r"^(?:(?:so|and|but|now|currently|still|also|officially|actually|finally|already|again|mostly|mainly|usually|only|just"
    r"|literally|honestly|technically"
    r"|plain old|good old|trusty|trusty old|plain)\s+)+(?![\'\"‘“])",  # "literally 'Head of Fun'": a joke's quotes
    re.I,
)
_OBJECT_TAIL = re.compile(  # time words that qualify the statement, not the object
    r"(?:\s+(?:now|anymore|any more|finally|at last|nowadays|these days|lately|currently|again|too|as well|instead|"
    r"(?:full|part)[- ]time|right now|here|at the moment|at work|every \w+|each \w+|daily|recently|today|"
    r"either|a lot|a bunch|a ton|all the time|all day(?: long)?|(?:(?:dozens|hundreds|loads|lots|tons) of|a (?:few|couple of)|"
    r"several|many|\d+|two|three|ten) times(?: (?:a|per|each|every) \w+)?|most (?:days|evenings|nights|mornings)|for now|for the time being|at night|(?:in|during) the (?:morning|afternoon|evening)s?|"
    r"on (?:the )?weekends?|at (?:the )?weekends?|btw|tbh|lol|haha|imo|imho|fyi|rn|atm|ngl|lmao|anyway|though|"
    r"very much|so much|loads|heaps|on \d{1,2}(?:st|nd|rd|th)? \w+(?: \d{4})?|on \w+ \d{1,2}(?:st|nd|rd|th)?(?:,? \d{4})?|"
    rf"on (?:{'|'.join(WEEKDAYS)})s?(?: (?:mornings?|afternoons?|evenings?|nights?))?|(?:(?:a|an|one|two|three|four|five|six|a few|a couple of|\d+) )?"
    r"(?:days?|weeks?|months?|years?) (?:ago|back)|(?:a while|ages) (?:ago|back)|since last \w+|as of(?: \w+)?|"
    # how long it has held, in lower case (a title's "Five Years" keeps its capitals): "married to Ravi twelve years"
    r"(?-i:(?:for )?(?:a few|several|many|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|"
    r"twenty|thirty|forty|fifty|\d+) (?:weeks|months|years|decades))|"
    r"in (?:19|20)\d\d|(?:last|this|next|over the) (?:week|weekend|month|year|night|morning|fall|spring|summer|winter|"
    r"autumn|semester|term|quarter)|for good|in (?:the )?(?:spring|summer|autumn|fall|winter)|"
    rf"yesterday|tomorrow|(?:back )?(?:in|since|on) (?:{'|'.join(MONTHS + WEEKDAYS)})))+$",  # "back in August": when
    re.I,
)
_TIME = re.compile(  # a value that is a when, not a what: "June", "Friday 3pm", "Q3", "2027", "next week"
    rf"(?:(?:{'|'.join(MONTHS + WEEKDAYS)}|mid|early|late|end of)\b|Q[1-4]\b"
    r"|\d+(?:[/.:-]\d+)*(?:st|nd|rd|th|am|pm)?\b"  # "2027", "2027-03-01", "3pm"; not "1Password"
    r"|(?:next|this|last|following) \w+|(?:today|tonight|tomorrow|yesterday|(?:the )?weekend)\b)",
    re.I,
)
_CONTAINER = re.compile(
    r"^(?:(?:city|town|village|country|state|province|region|island) of"
    r"|band|group|trio|duo|quartet|quintet|orchestra|choir|ensemble|collective) (?=[A-Z])"
)  # "the city of Bergen", "the trio Nordlys": the kind before a name is no part of it
#: A described place or thing before its name: "a tiny village called Hallstatt", "a small flat in Da Nang".
_DESCRIBED = re.compile(
    r"^(?:(?:a|an|the|my|our) )?(?:[a-z-]+ ){0,3}?(?:(?:called|named) |(?:flat|apartment|house|home|condo|studio|"
    r"place|village|town|city|island|suburb|neighbou?rhood) (?:in|on|called|named) )(?=[A-Z])"
)
_INSTEAD = re.compile(r"\b(?:instead of|rather than) (?P<old>.+)", re.I)
#: "Python, Rust and Go": names listed with commas and a final "and" (Oxford comma or not).
_LIST = re.compile(r"(?P<items>[^,;:]+?(?:, [^,;:]+?)*),? and (?P<last>.+)")
_NAME = re.compile(r"[A-Z0-9][\w.+#'-]*(?: [A-Z0-9][\w.+#'-]*){0,2}")


def normalise_predicate(phrase: str) -> str:
    """A canonical predicate for ``phrase``: lowercased, de-determined, mapped, else lemmatised.

    "The job queue" → ``queue``; "favourite drink" → ``prefers drink``;
    "works for" → ``works at``; "loved" → ``likes``; "wife's name" → ``married to``;
    "acquired" → ``acquire``. Idempotent, so a later step may normalise stored
    predicates again and get the same key.
    """
    words = re.sub(r"[^\w\s'-]", " ", phrase.lower()).split()
    while words and (re.fullmatch(_DETERMINERS, words[0]) or words[0] in _QUALIFIERS):
        words = words[1:]
    if words and words[0] in ("favourite", "favorite", "preferred") and len(words) > 1:
        words = ["prefer", *words[1:]]
    if len(words) == 2 and words[0].endswith("'s") and words[1] == "name":
        role = words[0][:-2]  # "my wife's name is Carol" says who the wife is
        return CANONICAL_PREDICATES.get(role, role)
    cleaned = " ".join(words)
    if cleaned in CANONICAL_PREDICATES:
        return CANONICAL_PREDICATES[cleaned]
    if cleaned in _CANONICAL:
        return cleaned  # already canonical ("has pet" is no "have pet")
    if len(words) > 1 and words[1] == "by" or (words and "'" in words[0]):
        return cleaned  # a passive ("owned by") or a possessive noun: no verb to lemmatise
    lemma = " ".join([lemmatise(words[0]), *words[1:]]) if words else ""
    return CANONICAL_PREDICATES.get(lemma, lemma)


#: Two values offered as alternatives ("tea or coffee"): no one value, so none (the tool rules read a "X or Y" of
#: names themselves, from :func:`clean_objects`).
_CHOICE = re.compile(r"\w \b(?:or|either)\b \w", re.I)


def clean_object(raw: str | None) -> str | None:
    """The object with its casing kept, cut at the clause's end and stripped of time words.

    None when nothing definite is left: a pronoun, a vague noun ("the decision"),
    a verb particle ("up coffee") or a run-on of more than twelve words.
    """
    if not raw:
        return None
    text = _OBJECT_HEAD.sub("", raw.strip())
    text = _OBJECT_CUT.split(text, maxsplit=1)[0].strip(" \t.!?,;:\"'`")
    text = _OBJECT_TAIL.sub("", text).strip(" \t.!?,;:\"'`")
    text = re.sub(r"^(?:the|a|an|some|my|our|their) ", "", text)
    text = _CONTAINER.sub("", text)  # "the city of Bergen" names Bergen
    text = _DESCRIBED.sub("", text)  # "a tiny village called Hallstatt", "a small flat in Da Nang"
    text = _LEADING_QUALIFIERS.sub("", name_span(text))  # "fluent Spanish", "some Portuguese"
    if not text or text.lower() in _VAGUE_OBJECTS or _CHOICE.search(text) or _SHARE.match(text):
        return None
    words = text.split()
    # "US dollar": a word in capitals is an acronym, never the pronoun it spells
    first = "" if len(words[0]) > 1 and words[0].isupper() else words[0].lower()
    last = words[-1].lower()
    named = len(words) > 1 and all(w[:1].isupper() or w[:1].isdigit() for w in words)  # "Nothing Phone"
    if not named and (first in _VAGUE_OBJECTS or first in _PARTICLES or last in _PRONOUNS):
        return None  # "replaced it": a verb phrase pointing back, not a value ("The River Between Us" is one)
    if _FREE_RELATIVE.match(text):
        return None  # "my laptop is what I care about": a clause that says how the speaker feels, no value
    return text if len(text.split()) <= 12 else None


#: A share of something, not a value: "my playlist is 90% girl groups", "my diet is 50 percent coffee".
_SHARE = re.compile(r"\d+(?:[.,]\d+)?\s*(?:%|percent\b|per cent\b)", re.I)
#: A free relative clause, a wh-word and its own subject: "what I care about", "whatever we use", "where I work".
_FREE_RELATIVE = re.compile(
    r"^(?:what|whatever|which|whichever|where|wherever|how|who|whoever)\s+(?:I|we|you|he|she|they|it)\b", re.I
)
#: Up to two lower-case qualifiers before a name: "fluent Spanish", "some Portuguese", "a little Dutch".
_LEADING_QUALIFIERS = re.compile(
    r"^(?:(?:fluent|some|basic|conversational|native|decent|a little|little|broken|passable|good|bad|old|trusty"
    r"|(?:north|south)(?:-?(?:east|west))?ern|eastern|western|central|rural|downtown|coastal) )+(?=[A-Z])"
)
#: Lower-case words that may sit inside a name ("Bank of America", "Procter and Gamble", "Frankfurt am Main").
_NAME_JOINERS = frozenset(
    "of the a an and & de del della da das do dos di du von van der den la le les y am upon".split()
)
#: Closed-class words that cannot continue a noun phrase after a name, so what follows qualifies the
#: statement ("Tana every single day", "Tagalog at home", "Duolingo a while ago"), unlike the open-class
#: word in "Rock climbing" or "Matcha latte" (a sentence's first word is capitalised, not a name). Words that
#: open a prepositional phrase count too ("Gmail depending on the account", "Czech thanks to my dad").
_AFTER_NAME = frozenset(
    """a an every each all most some any at in on with for from by to into onto over under about
    as since until till during after before around across through via without within pretty really
    quite very so too almost nearly mostly mainly basically exclusively altogether anymore this next last
    these who whose who's which that has have had is are was were will would if unless because when
    do does did doesn't don't didn't can can't could couldn't should shouldn't may might must shall won't isn't
    aren't wasn't weren't hasn't haven't
    though although
    depending according including excluding except plus thanks due owing""".split()
)
#: Lower-case words that end a name's run when they follow it: a contrast ("Slovak not Slovene"), a span of
#: time ("Ålesund ever since", "quit Lodestar yesterday"), an aside ("Bear now and …"). Only lower-case, so "Not
#: Boring Co" stays whole.
_AFTER_NAME_LOWER = frozenset("not ever instead anyway now still yesterday today tonight".split())


def name_span(text: str) -> str:
    """A name without what trails it: "Tana every single day" → "Tana", "Tagalog at home" → "Tagalog";
    "University of Tartu" stays whole, and so does a value that does not start as a name."""
    words = text.split()
    if not words or not (words[0][:1].isupper() or words[0][:1].isdigit()):
        return text
    for i, w in enumerate(words[1:], start=1):
        low = w.lower()
        if low in _NAME_JOINERS and any(x[:1].isupper() for x in words[i + 1 : i + 3]):
            continue
        if low == "the":  # "Ubisoft the same month": an article no name follows opens a new phrase
            return " ".join(words[:i])
        bare = low.rstrip(".,;:!?")  # "Lodestar yesterday. Starting …": a sentence's stop is no part of the word
        if low in _AFTER_NAME or w[:1].islower() and (low.endswith("ly") or bare in _AFTER_NAME_LOWER):
            return " ".join(words[:i])
    return text


def clean_objects(raw: str | None) -> list[str]:
    """The values of a listed object ("Python, Rust and Go"), else the one clean object.

    Only names are split: "rock and roll" is one thing, "Python and Rust" two.
    For predicates that hold several values at once; a single-valued rule uses
    :func:`clean_object`, which keeps "Procter and Gamble" whole.
    """
    m = _LIST.fullmatch(_OBJECT_HEAD.sub("", raw or "").strip())
    if m:
        items = [_LEADING_QUALIFIERS.sub("", i.strip()) for i in m["items"].split(",")]
        last = clean_object(m["last"])
        if last and all(_NAME.fullmatch(i) for i in items) and _NAME.match(last):
            return [*items, last]
    one = clean_object(raw)
    if one is None and (
        either := _EITHER.fullmatch(_OBJECT_TAIL.sub("", name_span(_OBJECT_HEAD.sub("", raw or "").strip())))
    ):
        return [either[0]]  # "Deezer or Qobuz": two names kept together, for the reader to say whether both hold
    return [one] if one else []


#: Two names joined by "or"/"nor", each a name by its capitals.
_EITHER = re.compile(r"[A-Z0-9][\w.+#-]*(?: [A-Z0-9][\w.+#-]*)* (?:or|nor) [A-Z0-9][\w.+#-]*(?: [A-Z0-9][\w.+#-]*)*")


def replaced_object(raw: str | None) -> str | None:
    """The X of "… instead of X" / "… rather than X": the value the statement replaces."""
    m = _INSTEAD.search(raw or "")
    return clean_object(m["old"]) if m else None


def drop_time_words(text: str) -> str:
    """``text`` without trailing time words ("… the CEO of Acme now" → "… the CEO of Acme")."""
    return _OBJECT_TAIL.sub("", text)


def is_time(obj: str) -> bool:
    """Whether ``obj`` names a time ("June", "next week", "Q3", "2027-03-01") rather than a thing."""
    return bool(_TIME.match(obj.strip()))


#: Drinks whose head word alone names no drink: "chocolate" is eaten, "hot chocolate" drunk.
DRINK_PHRASES = frozenset({"hot chocolate", "drinking chocolate", "hot toddy"})


def is_drink(obj: str) -> bool:
    words = obj.lower().split()  # "tea", "green tea", "oat milk", "hot chocolate"
    return bool(words) and (words[-1] in DRINKS or " ".join(words[-2:]) in DRINK_PHRASES)
