"""The chat vocabulary of life events: how people say they moved, changed jobs, or swapped tools.

First-person chat needs words, not structure: "my last day at Initech was
Friday", "Bear has all my notes now", "switched IDEs: VS Code replaced Emacs".
:mod:`consolidators.triples` asks this module first about each user clause;
every reader here returns the facts it is sure of, or None when it has nothing
to say (then the general rules try). The tool and role words live in
this module's tables (``ROLE_WORDS``, ``PETS``). A tool's role comes from
the sentence ("my notes", "IDEs"), never from knowing the product: "I use
Obsidian" is ``uses``.

The verb-phrase rules that join the general rule table live in :mod:`consolidators.liferules`.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .regexgate import compiled
from .text import WEEKDAYS, inflected_verb, lemmatise, lexicon_lemmas
from .types import Fact
from .vocabulary import clean_object, is_drink

#: Words that name a role in chat ("switched IDEs", "all my notes", "my passwords").
ROLE_WORDS: dict[str, str] = {
    "ide": "editor",
    "ides": "editor",
    "editor": "editor",
    "editors": "editor",
    "code": "editor",
    "notes": "notes app",
    "note": "notes app",
    "browser": "browser",
    "browsers": "browser",
    "passwords": "password manager",
    "password": "password manager",
    "mail": "email client",
    "email": "email client",
    "emails": "email client",
    "calendar": "calendar app",
    "ci": "ci",
    "build": "ci",
    "builds": "ci",
    "pipelines": "ci",
    "schedule": "calendar app",
    "queue": "queue",
    "database": "database",
    "shell": "shell",
    "terminal": "terminal",
    "phone": "phone",
    "laptop": "os",
    "os": "os",
    "language": "programming language",
    "programming": "programming language",  # "switched from python to typescript for most of my programming"
}
#: The nouns for a job held, chat's "gig" among them: "landed a new gig at X" is a job at X.
POSTS = "job|gig|position|role"
#: Kinds of employer a description names before the name: "I'm at a fintech named X" is a job there, where a
#: bare "I'm at X" may be a café or an airport.
EMPLOYER_KINDS = "company|firm|startup|start-up|fintech|agency|consultancy|bank|lender|insurer|nonprofit|charity"
#: "at a <kind> named X": the place the speaker is at, described as an employer.
#: The name ends the clause, or "now" follows it: "I'm at a bank called Fennick to open an account" is a visit, and
#: "… called Parcelo's launch party" names no employer.
AT_AN_EMPLOYER = re.compile(
    rf"at (?:a|an) (?:[\w-]+ )?(?:{EMPLOYER_KINDS}) (?:named|called) "
    # chat may type the name in lower case ("a tiny startup called ferncastle"): one or two words then
    r"(?:[A-Z][\w&.-]*(?: [A-Z][\w&.-]*)*|[a-z][\w&.-]*(?: [a-z][\w&.-]*)?)"
    r"(?:,? (?:now|these days))?\s*(?:$|[.!;])"
)
#: Animals people keep, with the breeds chat names instead ("a corgi called Waffles").
PETS = frozenset(
    """dog cat puppy kitten rabbit bunny hamster parrot bird fish turtle tortoise horse pony lizard
    guinea pig ferret gecko snake dragon chinchilla budgie parakeet cockatiel canary goldfish axolotl hedgehog
    rat mouse budgerigar corgi greyhound labrador lab poodle beagle husky terrier spaniel retriever dachshund pug
    collie sheepdog bulldog chihuahua whippet schnauzer shiba tabby gelding mare stallion donkey goat alpaca llama
    iguana tarantula cockatoo""".split()
)
#: Words between "a" and the animal: "a rescue greyhound", "a little tabby".
PET_MODIFIERS = (
    r"(?:(?:new|rescue|little|old|senior|young|tiny|big|black|white|ginger|grey|gray|bearded|barn|house|indoor|outdoor"
    r"|farm|family|[a-z]+-[a-z]+) )*"
)
OCCUPATION_ENDINGS = (
    "er",
    "or",
    "ist",
    "ian",
    "ant",
    "ent",
    "eer",
    "ect",
    "nurse",
    "chef",
    "doctor",
    "cook",
    "pilot",
    "surgeon",
    "dentist",
    "vet",
    "barista",
    "guard",  # "lifeguard", "bodyguard", "security guard"
    "medic",
    "analyst",
    "nanny",
    "actuary",
    "secretary",
    "notary",
    "midwife",
    "clerk",
    "coach",
    "tutor",
    "model",
    "cop",
    "judge",
    "priest",
    "actress",
    "waitress",
    "poet",
    "diplomat",
    "paralegal",
    "sysadmin",
    "admin",
    "intern",
    "mechanic",
    "physio",
    "dev",
    "smith",  # locksmith, blacksmith
    "wright",  # playwright, shipwright
    "man",  # fisherman, postman (bar the words for a person: see NOT_OCCUPATIONS)
    "woman",
    "aide",
    "apprentice",
    "trainee",
    "mason",
    "courier",
    "chauffeur",
    "guide",
)
#: Person nouns with an occupation's ending that name a habit, a status or a diet, not a job: "I'm a
#: runner", "I'm a vegetarian", "I'm a resident of Oslo" are not what the user does for a living.
NOT_OCCUPATIONS = frozenset(
    """beginner believer member user customer owner fan lover reader runner swimmer cyclist gamer smoker vanguard safeguard
    drinker sleeper eater worrier newcomer foreigner stranger parent resident patient citizen immigrant
    migrant vegetarian vegan pescatarian introvert extrovert ambivert optimist pessimist realist
    perfectionist minimalist survivor supporter follower subscriber visitor tourist traveler traveller
    passenger shopper listener viewer learner speaker regular insomniac procrastinator overthinker
    homeowner renter tenant commuter dreamer gardener hiker walker climber birder collector
    teenager youngster toddler student parent mother father grandparent sister brother daughter
    man woman human gentleman madman snowman superman caveman
    ever per other either neither together whatever however wherever whenever
    """.split()
)


#: Position words no occupation ending marks: the officers' acronyms ("CTO", "VP of sales") name a post alone.
POSITIONS = frozenset("ceo cto cfo coo cio cmo cpo cro cso ciso cdo vp svp evp avp".split())
#: Heads that name a post only with the field they are of: "head of data", "chief of staff" ("head" alone is no job).
_FIELD_HEADS = frozenset("head chief lead".split())
#: A title's lower-case field after it: "director of engineering", "VP of customer success" (a name or "the" is an
#: employer or a thing: "head of the household" is no field).
_OF_FIELD = re.compile(r"^(?P<title>.+?) of (?!(?:the|a|an|my|our|his|her|their|its)\b)[a-z][a-z&/ -]*$")


def _led(words: list[str]) -> bool:
    # "tech lead", "platform lead": what a lead leads is said before it ("the lead", "a lead" alone are none)
    return len(words) > 1 and words[-2] not in ("a", "an", "the", "my", "our", "his", "her", "their", "dog")


def is_occupation(noun: str) -> bool:
    """Whether "I'm a/an ``noun``" says what the user does for a living ("nurse", "actuary", "data analyst",
    "CTO", "head of data")."""
    phrase = " ".join(noun.lower().split())
    field = _OF_FIELD.match(phrase)
    words = (field["title"] if field else phrase).split()
    head = words[-1] if words else ""
    if head in POSITIONS or field is not None and head in _FIELD_HEADS or head == "lead" and _led(words):
        return True
    # an ending alone is no noun: "fluent", "urgent", "busier" end as "agent" and "baker" do, but the lexicon knows
    # them only as adjectives ("fluent in Czech here" says no job); a word it lacks may be a trade's, and one it
    # knows only as a verb may be one too ("vet")
    if head == "guard" and len(words) > 1 and words[-2] in ("point", "shooting"):  # a basketball team's place
        return False
    lemmas = lexicon_lemmas(head)
    adjective = "ADJ" in lemmas and "NOUN" not in lemmas
    return head.endswith(OCCUPATION_ENDINGS) and head not in NOT_OCCUPATIONS and not adjective


USER = "user"
#: The user's single-valued relations besides the tool roles: one employer, one home, one spouse at a time.
SINGLE_PERSONAL = (
    "prefers drink",
    "works as",
    "works at",
    "studies",
    "studies at",
    "married to",
    "born in",
    "lives in",
)
_ENT = (
    r"(?:[A-ZÀ-ÖØ-ÞĀ-Ž0-9]|[a-z]{1,2}[A-Z])[\w&.+!#'-]*(?: [A-ZÀ-ÖØ-ÞĀ-Ž0-9][\w&.+!#'-]*){0,3}"  # "iTerm2", "macOS" too
)
PET_WORDS = "|".join(sorted(PETS, key=len, reverse=True))
#: "my", "all my", "most of our": the user's own things in the rules.
MINE = r"(?:all |most )?(?:of )?(?:my|our)"

#: Predicate specs resolved per match (by ``toolrules._rule_predicate``); anything else is the predicate.
PREFER, DRINK, GIVE_UP = "<prefer>", "<drink>", "<give up>"

_IMPLIED = re.compile(
    r"^(?:(?:[Jj]ust|[Ff]inally|[Rr]ecently|[Aa]lready|[Oo]fficially)\s+)*(?P<verb>[A-Za-z]+ed|(?i:quit|left|got))\b"
)
_COPULA = (  # "I am …" statements the verb rules skip (a copula before a non-verb)
    (re.compile(r"(?:am|are) (?:a |an )?(?:big |huge |real |massive )?fan of (?P<obj>.+)"), "likes"),
    (re.compile(r"(?:am|are) (?:really |totally )?into (?P<obj>[a-z].+)"), "likes"),
    (re.compile(r"(?:was|were) born(?: and (?:raised|bred))? in (?P<obj>.+)"), "born in"),
    (re.compile(r"(?:am|are) originally from (?P<obj>[A-Z].+)"), "born in"),
    (re.compile(r"am (?:a|an) (?P<obj>[a-z][a-z-]*(?: [a-z][a-z-]*)?)"), "works as"),  # "a large-animal vet"
    # "been a sysadmin for 11 years now": a job held since, and still
    (re.compile(r"have been (?:a|an) (?P<obj>[a-z][a-z-]*(?: [a-z][a-z-]*)?)(?: (?:for|since) .+)?"), "works as"),
)
_FIRST_DAY = re.compile(rf"(?:.* )?(?:[Mm]y|[Oo]ur) first (?:day|week|month) (?:at|with) (?P<obj>{_ENT})\b.*")
_LAST_DAY = re.compile(rf"(?:.* )?(?:[Mm]y|[Oo]ur) last day (?:at|with) (?P<obj>{_ENT}) (?:was|is)\b.*")
#: A first or last day dated ahead of now ("is Monday", "will be next week", "tomorrow is my last day"): the
#: change is a plan until that day; a past copula ("was") or today's date ("today is my first day") says it happened.
_DAY_AHEAD = re.compile(
    rf"\b(?:(?:is|will be)\s+(?:on\s+)?(?:(?:this|next|coming)\s+)?(?:{'|'.join(WEEKDAYS)}|tomorrow|week|month"
    rf"|the \d+\w*|in \w+ (?:days?|weeks?))|(?:tomorrow|(?:on |this |next )?(?:{'|'.join(WEEKDAYS)})) (?:is|will be) (?:my|our)"
    r" (?:first|last))\b"
    # a day of one's own dated in the present tense is still ahead, whatever words date it ("my last day at X is at
    # the end of the month", "… is mid-June"): a day that is over is said with "was", one that has come with "today"
    r"|\b(?:my|our) (?:first|last|final) day (?:at|with) [^,;.]{1,60}? is (?!(?:today|tonight|over|done)\b)",
    re.I,
)
_SPOUSE = re.compile(rf"(?:[Mm]y) (?:wife|husband|spouse),? (?P<obj>{_ENT}),? .+")
_PET_NAME = re.compile(
    rf"(?:[Mm]y|[Oo]ur) {PET_MODIFIERS}(?:{PET_WORDS})(?:(?:'s name)? (?:is )?(?:called|named|is) (?P<obj>{_ENT})\b.*"
    rf"|,? (?P<named>[A-Z][a-z]+)\b(?! [A-Z]).*)"  # "our dog Pickles just turned three"
)
#: "my wife Maria and I divorced", "my late husband Tom": a marriage the sentence says is over. "Late" says it
#: only of a person ("my late wife", "Tom, her late husband"): "late-night", "running late" are no widowhood.
MARRIAGE_OVER = compiled(
    r"\b(?:divorced?|divorcing|separated|separating|split up|widowed|passed away|died)\b"
    r"|\b(?:my|our|his|her|their) late\b(?!-)",
    re.I,
)
PET_GONE = re.compile(
    r"\b(?:died|passed away|passed|put (?:\w+ ){0,4}?(?:down|to sleep)|rehomed|ran away|RIP|gave away|gave up|lost"
    r"|no longer have|said (?:goodbye|farewell)|(?:had|have) to say goodbye)\b",
    re.I,
)
_AS_MY = re.compile(r"\b(?:as|for) (?:my|our) (?:main |primary |new |daily )?(?P<role>[a-z]+)\b")
_ROLE_HOME = re.compile(  # "our CI runs on GitHub Actions", "my passwords live in 1Password"
    r"(?:[Mm]y|[Oo]ur) (?P<role>[A-Za-z]+) (?:now )?(?:runs?|lives?|is|are|sits?|stays?) (?:now )?(?:in|on) (?P<obj>.+)"
)
_TOOL_HOLDS = re.compile(  # "Bear has all my notes now"
    rf"(?P<obj>{_ENT}) (?:now )?(?:has|holds|keeps|stores|gets|handles|manages|runs|does) {MINE} (?P<role>[a-z]+)\b.*"
)
#: "home is Kyoto these days", "home is officially Tampere now"
_HOME = re.compile(rf"[Hh]ome is (?:(?:now|officially|finally|currently) )*(?P<obj>{_ENT})\b.*")
_OUT_AND_IN = re.compile(r"(?P<old>[\w.+#' -]+?) (?:is|are) out,? (?:and )?(?P<obj>[\w.+#' -]+?) (?:is|are) in\b.*")
GIVE_UP_ROLE = "uses"
#: "Ghostty replaced kitty as my terminal": the replaced tool may be written in lower case
_TOOL_REPLACED = re.compile(
    # a name may end on a symbol ("Notepad++"): it ends where no word character follows, not at a word boundary
    rf"(?P<obj>{_ENT}) (?:has |have )?(?:now )?replaced (?P<old>{_ENT}|[a-z][\w.+-]*(?= as (?:my|our)\b))(?!\w).*"
)


#: Chat drops "I'm" / "I've been" / "I was" before these: "living in Arequipa now", "been using Notion a lot",
#: "born and raised in Kumasi", "currently doing a degree in …", "enrolled at Sciences Po", "just using Things 3 now".
_DROPPED_BE = re.compile(
    r"^(?:(?:currently|still|now|just|recently|also)\s+)*"
    r"(?:(?P<been>been)|(?P<born>born)|(?P<ing>living|working|doing|studying|based|enrolled"
    r"|using(?![^,;.!?]* (?:is|was|are|were|feels?|seems?|makes?|gets?)\b)))\b",  # "Using X is fun": a subject
    re.I,
)


def implied_subject(clause: str) -> str:
    """ "Ditched Evernote" / "Just relocated to Leeds" / "living in Arequipa now": chat drops the "I"
    (and its "am", "have", "was"); put it back."""
    m = _IMPLIED.match(clause)
    if m and inflected_verb(m["verb"]):
        return _with_subject("I", clause[m.start("verb") :])
    m = _DROPPED_BE.match(clause)
    if m:
        aux = "I have" if m["been"] else "I was" if m["born"] else "I am"
        return _with_subject(aux, clause[m.start(m.lastgroup or "ing") :])
    return clause


def _with_subject(subject: str, rest: str) -> str:
    """``rest`` (which starts with its verb) after ``subject``, the verb's capital dropped: "I moved to …"."""
    return f"{subject} {rest[:1].lower()}{rest[1:]}"


def copula(vp: str) -> list[Fact] | None:
    """ "I'm a big fan of sushi", "I was born in Lyon", "I'm a nurse"; None when the copula says none of these."""
    for pattern, predicate in _COPULA:
        m = pattern.fullmatch(vp)
        if not m:
            continue
        obj = clean_object(m["obj"])
        if obj is None or predicate == "works as" and not is_occupation(obj):
            return []
        return [fact(predicate, obj, 0.8)]
    return None


def possessive(clause: str, sentence: str) -> list[Fact] | None:
    """ "my last day at Initech was Friday", "my husband, Tom, is …", "our cat is called Miso", "our CI runs on X"."""
    m = _LAST_DAY.fullmatch(clause) or _FIRST_DAY.fullmatch(clause)
    if m and day_ahead(sentence or clause):  # "my last day at Spotify is Friday": still there until then
        return []
    if m:  # "today was my first day at Klarna", "my last day at Initech was Friday"
        return [fact("works at", m["obj"], 0.8, retract=m.re is _LAST_DAY)]
    m = _SPOUSE.fullmatch(clause)
    if m:
        return [fact("married to", m["obj"], 0.8)]
    m = _PET_NAME.fullmatch(clause)
    if m:  # "our cat Mochi died last spring": a pet that died is no longer the user's
        return [] if PET_GONE.search(sentence or clause) else [fact("has pet", m["obj"] or m["named"], 0.8)]
    m = _ROLE_HOME.fullmatch(clause)
    if m and m["role"].lower() in ROLE_WORDS:
        obj = clean_object(m["obj"])
        named = obj and (obj[0].isupper() or obj[0].isdigit())  # "1Password" is a name
        return [fact(ROLE_WORDS[m["role"].lower()], obj, 0.8, attribute=True)] if named else []
    return None


#: A last day that is over ("my last day at X was Friday", "Friday was my last day at X").
_LAST_DAY_OVER = re.compile(
    r"\b(?:(?:my|our) (?:last|final) day (?:at|with) [^,;.]{1,60}? was|was (?:my|our) (?:last|final) day)\b", re.I
)


def day_ahead(text: str) -> bool:
    """Whether a first or last day is dated after the moment it is said ("my first day at X is Monday"). Not when
    the text says a last day that is over: the first day ahead is the other half of a switch already made ("my
    last day at X was Friday, my first day at Y is Monday": PREDICATES' completed switch)."""
    return _DAY_AHEAD.search(text) is not None and _LAST_DAY_OVER.search(text) is None


def tool_statement(clause: str, sentence: str) -> list[Fact] | None:
    """A user's tool named in the third person: "Bear has all my notes now", "VS Code replaced Emacs"."""
    m = _HOME.fullmatch(clause)
    if m:
        return [fact("lives in", m["obj"], 0.8)]
    m = _TOOL_HOLDS.fullmatch(clause)
    if m:  # a role the vocabulary doesn't know ("all my tasks") is no fact about the tool either
        return [fact(ROLE_WORDS[m["role"]], m["obj"], 0.8, attribute=True)] if m["role"] in ROLE_WORDS else []
    m = _TOOL_REPLACED.fullmatch(clause)
    if m:
        role = sentence_role(sentence)
        if role is None:
            return []
        return [fact(role, m["old"], 0.7, retract=True), fact(role, m["obj"], 0.8, attribute=True)]
    m = _OUT_AND_IN.fullmatch(clause)
    if m:  # "Firefox is out and Arc is in", "coffee is out, matcha is in": a switch, in the role the sentence
        # names, a drink's, or else a named tool's
        drinks = is_drink(m["obj"]) and is_drink(m["old"])
        role = "prefers drink" if drinks else sentence_role(sentence) or GIVE_UP_ROLE
        if not drinks and not (m["obj"][:1].isupper() or m["obj"][:1].isdigit()):
            return []
        return [fact(role, m["old"], 0.7, retract=True), fact(role, m["obj"], 0.8, attribute=role != GIVE_UP_ROLE)]
    return None


#: Roles a user's own words name more loosely than the canonical predicate ("my main language").
USER_ROLES = {"language": "programming language"}


def user_role(predicate: str) -> str:
    """The canonical role for a role the user named in their own words."""
    return USER_ROLES.get(predicate, predicate)


def sentence_role(sentence: str) -> str | None:
    """The role a sentence names for its tools ("switched IDEs", "all my notes", "as my main language"), if one."""
    m = _AS_MY.search(sentence)
    if m and m["role"] in ROLE_WORDS:
        return ROLE_WORDS[m["role"]]
    for found in re.findall(r"[a-z]+", sentence.lower()):
        if found in ROLE_WORDS and found not in ("code", "language", "laptop", "phone"):
            return ROLE_WORDS[found]
        lemma = lemmatise(found, "NOUN")  # "switched terminals", "swapped phones"; a laptop is no OS
        if found not in ROLE_WORDS and lemma in ROLE_WORDS and lemma not in ("code", "language", "laptop"):
            return ROLE_WORDS[lemma]
    return None


def role_switch(found: list[Fact], sentence: str) -> list[Fact]:
    """A switch's (retracted old, new) ``uses`` facts moved under the role both tools fill, if one is clear."""
    new = next((f for f in found if not f.retract), None)
    old = next((f for f in found if f.retract), None)
    role = sentence_role(sentence) if new and old else None
    if role is None or new is None or old is None:
        return found
    return [replace(old, predicate=role), replace(new, predicate=role, replaces_attribute=True)]


def give_up_predicate(sentence: str) -> str:
    """What giving up a tool retracts: the role the sentence names ("ditched X, Y has my notes"), else ``uses``."""
    return sentence_role(sentence) or "uses"


def fact(predicate: str, obj: str | None, confidence: float, *, retract: bool = False, attribute: bool = False) -> Fact:
    """A fact about the user; ``attribute`` marks a single-valued role (the caller resolves it)."""
    return Fact(
        subject=USER,
        predicate=predicate.removeprefix("@"),
        object=clean_object(obj) or "",
        confidence=confidence,
        retract=retract,
        replaces_attribute=attribute and not retract,
    )
