"""First-person chat read from the dependency parse: the shapes the phrase rules don't list.

The phrase rules (:mod:`consolidators.triples`, :mod:`consolidators.lifeevents`)
read the common ways people say they moved or switched tools. When they find
nothing in a user's sentence, this module reads its structure instead: who
the subject is ("I", "we", "my laptop", or a name that "is my terminal"),
the verb's lemma class (moving, starting a job, leaving one, browsing,
hosting), the nouns that name a role ("notes", "passwords", "builds", "IDE")
and the names the prepositions reach. So "Joplin is where I write my notes",
"my laptop runs NixOS", "I'm a nurse at St Mary's" and "we now live in Utrecht"
each land on one canonical predicate, whichever words surround them.

Precision first, as everywhere: a sentence the reader can't tie to a
canonical predicate yields nothing, and so do negations, modals (bar "can
speak"), past states ("I was an engineer"), and anything the caller's
question/hedge/plan filter already refused.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import Any

from .learning import a_field
from .lifeevents import day_ahead, fact
from .nlp_cache import parse_doc
from .parse import prefetch_docs
from .places import COUNTRIES, DEMONYMS
from .rolenouns import ROLE_NOUNS, role_phrase
from .spans import FORMER, child, hedged, is_name, name_text, place_in
from .text import lemmatise
from .titles import Title, held_as, title_of
from .toolnames import ROLES
from .types import Fact

#: Predicates that are a person's or a place, not a tool's role (no attribute resolution needed).
_PLAIN = frozenset({"likes", "prefers drink", "lives in", "married to", "speaks"})
#: Verbs whose "with/on/in X" says the role X fills.
_VERB_ROLES = {"browse": "browser", "surf": "browser", "host": "cloud provider", "deploy": "cloud provider"}
#: Modifiers that make a thing of the user's another time's or a second one: "my old flat", "my holiday home".
_NOT_NOW = FORMER | frozenset("old first childhood holiday summer vacation weekend second dream future".split())
_MOVE_VERBS = frozenset("move relocate settle live".split())
#: Entity kinds a name before a home noun has when it is no town ("the Nguyen house", "the Google flat").
_NOT_TOWNS = frozenset("ORG PERSON PRODUCT NORP".split())
#: How the parser attaches a name before a noun: "the Kendal flat" comes as a compound or, tagged an adjective, amod.
_BEFORE = frozenset("compound amod nmod".split())
_HOME_NOUNS = frozenset("flat apartment house home place condo lease keys key".split())
_JOB_NOUNS = frozenset("job gig role position offer payroll staff team".split())
_LEAVE_VERBS = frozenset("resign quit leave".split())
_HIRE_VERBS = frozenset("hire employ recruit".split())
_GIVE_UP_VERBS = frozenset("delete uninstall remove".split())
_CUE_WORDS = frozenset(
    {w for phrase in ROLE_NOUNS for w in phrase.split()}
    | _MOVE_VERBS
    | {"moved", "settled", "lived", "living", "fluent", "done", "enrolled", "born", "attend", "speak", "hired"}
)
PAST = re.compile(
    r"\b(?:(?<!getting )(?<!got )(?<!get )(?<!gets )used to|back then|years ago|in the past|formerly|previously|at the time"
    r"|when I was (?:a |an |very |still )*(?:baby|kid|child|toddler|teenager|teen|little|young|small|student)"
    r"|as (?:a |an )(?:child|kid|baby|toddler|teenager|teen|young (?:man|woman))"
    r"|(?:moved|came|emigrated|relocated)\b[^,.;]*\b(?:at (?:the age of |age )?|aged )\d{1,2})\b",  # "moved to Toronto at 6"
    re.I,
)
_ME = frozenset({"i", "we"})
_NAMED = re.compile(r"\S\s.*\b(?!I\b)[A-Z0-9]")
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|we|my|our|is home)\b", re.I)
_IMPLIED = re.compile(r"^(?:[A-Z][a-z]+ed|Got|Took|Left|Began|Made)\b")  # "Moved to …", "Started a new gig …"
#: Negations, futures and modals: the readers refuse them anyway, so they're never worth a parse ("can" aside).
_REFUSED = re.compile(
    r"\b(?:not|no longer|never|will|won't|going to|would|should|could|might|may|please)\b|n't\b", re.I
)
_IS_MY = re.compile(r"'s (?=(?:my|our|the|where)\b)")  # "Safari's my browser": a copula, not a possessive
#: Words that say what the user is: "I'm …", "I've been …", "by trade", "as CTO I …".
_SELF = re.compile(r"\b(?:I am|I'm|I have been|I've been|by trade|living as|enrolled|became)\b|^as\b", re.I)


@functools.lru_cache(maxsize=8192)  # asked when the session is batched and again when each sentence is read
def worth_parsing(sentence: str) -> bool:
    """Cheap: the sentence is about the user (a first-person word, or chat's dropped "I" before a past verb,
    or "X is home") and names something or says what the user is or uses a word of the chat vocabulary."""
    if PAST.search(sentence) or _REFUSED.search(sentence):
        return False
    if not (_FIRST_PERSON.search(sentence) or _IMPLIED.match(sentence)):
        return False
    if _NAMED.search(sentence) or _SELF.search(sentence):
        return True
    return not _CUE_WORDS.isdisjoint(re.findall(r"[a-z]+", sentence.lower()))


def prefetch(sentences: Iterable[str]) -> None:
    """Parse a session's user sentences worth it in one batch (a batch is several times faster than one by one)."""
    prefetch_docs(parse_texts(sentences))


def parse_texts(sentences: Iterable[str]) -> list[str]:
    """What :func:`facts` parses of each of ``sentences`` worth a parse."""
    return [_IS_MY.sub(" is ", s) for s in sentences if worth_parsing(s)]


#: "I write everything in Kakoune, it's my editor of choice", "… SQS, that's our message queue",
#: "I plan my week in Fantastical, best calendar app I've tried": a clause names a tool, the next its role.
_NAME_THEN_ROLE = re.compile(
    r"(?P<first>.*?)(?P<name>\b(?!(?:I|We|My|Our)\b)[A-Z0-9][\w.+#-]*(?: [A-Z0-9][\w.+#-]*)*)(?P<rest>[^,;]*)[,;]\s*"
    r"(?:(?:it is|that is|which is) (?:my|our|the (?:only|whole|main|entire))|(?:the |my )?(?:best|favou?rite)) (?P<role>[\w -]+?)"
    r"(?: of choice| I have (?:ever )?(?:tried|used)| by far| now| these days| (?:we|I) (?:run|use|have)| lol)?[.!]?"
)


def _named_then_role(sentence: str) -> list[Fact]:
    m = _NAME_THEN_ROLE.fullmatch(sentence)
    if m is None or not _FIRST_PERSON.search(m["first"] + m["rest"]):
        return []
    role = role_phrase(m["role"])
    return _said(role, m["name"]) if role is not None and role not in ("married to", "lives in") else []


#: "Sam and I got married in June", "Rafael and I tied the knot": the user's spouse named beside "I".
_WE_MARRIED = re.compile(
    r"(?:\w+ )?(?P<name>[A-Z][a-z]+) and I (?:just |finally |officially )?(?:got married|tied the knot|got hitched|have been married|are married)\b.*"
)


def facts(sentence: str) -> list[Fact]:
    """The facts about the user the parse reads in ``sentence`` (already filtered for questions and hedges)."""
    married = _WE_MARRIED.fullmatch(sentence)
    if married:
        return _said("married to", married["name"])
    named = _named_then_role(sentence)
    if named:
        return named
    if not worth_parsing(sentence):
        return []
    doc = parse_doc(_IS_MY.sub(" is ", sentence))
    if doc is None:
        return []
    found: list[Fact] = []
    for sent in doc.sents:
        if any(t.dep_ == "neg" for t in sent):
            continue
        found += _spouse(sent) or _last_day(sent) or _sentence(sent.root)
    return [f for f in found if f.object]


def unstated(found: list[Fact], more: list[Fact]) -> list[Fact]:
    """What ``more`` (a sentence's clauses read one by one) adds to ``found`` (the whole's reading): a relation
    the whole did not state, of a value it did not name, bar one tool named again in a second role ("I read my
    mail in Outlook, and my calendar lives in Outlook too"): one program may fill two roles, where a value
    named again in a plain relation is the same statement read twice."""
    known = {f.predicate for f in found if not f.retract}
    roles_of: dict[str, set[str]] = {}
    for f in found:
        roles_of.setdefault(f.object.lower(), set()).add(f.predicate)

    def fills_another_role(f: Fact) -> bool:
        held = roles_of.get(f.object.lower(), set())
        return f.predicate in ROLES and bool(held) and held <= ROLES.keys()

    return [f for f in more if f.predicate not in known and (f.object.lower() not in roles_of or fills_another_role(f))]


def _sentence(root: Any) -> list[Fact]:
    if hedged(root) and not (lemmatise(root.text, "VERB") == "speak" and _modal(root) == "can"):
        return []
    subj = child(root, "nsubj", "nsubjpass")
    if subj is None and _opens(root) or subj is not None and subj.text.lower() in _ME:
        return _about_me(root)
    if subj is not None and _mine(subj):
        return _my_thing(root, subj)
    if subj is not None and root.lemma_ == "be" and subj.pos_ in ("PROPN", "NOUN", "NUM"):
        return _named_role(root, subj)
    return []


def _opens(root: Any) -> bool:
    """Chat's dropped "I": the verb opens the sentence, bar adverbs ("just got a Pixel as my new phone")."""
    return all(t.dep_ in ("advmod", "intj", "punct") for t in root.doc[root.sent.start : root.i])


def _modal(verb: Any) -> str:
    aux = next((c for c in verb.children if c.dep_ == "aux" and c.tag_ == "MD"), None)
    return aux.text.lower() if aux is not None else ""


def _mine(tok: Any) -> bool:
    poss = child(tok, "poss")
    return poss is not None and poss.text.lower() in ("my", "our")


def _role(noun: Any) -> str | None:
    """The role a noun names ("terminal emulator", "default browser", "drink of choice"), if the vocabulary has it."""
    mods = [c.text for c in noun.lefts if c.dep_ in ("amod", "compound")]
    return role_phrase(" ".join([*mods, noun.text]))


def _said(predicate: str, value: Any, *, retract: bool = False) -> list[Fact]:
    """A fact about the user; a tool's role is an attribute (one value at a time)."""
    obj = value if isinstance(value, str) else name_text(value)
    attribute = predicate not in _PLAIN and predicate not in ("works at", "works as", "studies", "studies at")
    return [fact(predicate, obj, 0.75, retract=retract, attribute=attribute)]


def _names(tok: Any) -> list[Any]:
    out = [tok]
    for c in tok.children:
        if c.dep_ == "conj":
            out += _names(c)
    return [t for t in out if is_name(t)]


def _pobjs(verb: Any, *words: str) -> list[Any]:
    """The objects of the verb's prepositions ``words`` (every one when none are given)."""
    preps = [c for c in verb.children if c.dep_ in ("prep", "agent") and (not words or c.text.lower() in words)]
    return [o for p in preps if (o := child(p, "pobj")) is not None]


# ---------------------------------------------------------------------------
# "I …" / "we …"


def _about_me(root: Any) -> list[Fact]:
    if root.lemma_ == "be" or root.text.lower() in ("'m", "am", "'re", "are", "is", "was"):
        return [] if root.tag_ == "VBD" else _i_am(root)
    if lemmatise(root.text, "VERB") == "become":  # "I became a paramedic last year": what I am now
        return _i_am(root)
    lemma = lemmatise(root.text, "VERB")
    if root.tag_ == "VBN" and child(root, "auxpass") is not None and root.text.lower() in ("done", "enrolled"):
        return _state(root)  # "I'm done with X" parsed as a passive
    if root.tag_ == "VBD" and lemma in ("live", "work", "use"):
        return []  # "I lived in Oslo": a past state
    # "wiped Windows and installed Debian on my laptop": a second verb of the same subject may say it
    seconds = [c for c in root.children if c.dep_ == "conj" and c.pos_ == "VERB" and child(c, "nsubj") is None]
    for verb, verb_lemma in [(root, lemma), *((v, lemmatise(v.text, "VERB")) for v in seconds)]:
        for reader in (_moved, _job, _tool, _learning):
            said = reader(verb, verb_lemma)
            if said:
                return said
    title = held_as(root)  # "As CTO, I sign off on every hire"
    return _titled(title) if title is not None else []


def _i_am(be: Any) -> list[Fact]:
    """ "I'm a nurse at X", "I'm Leo's husband", "I'm fluent in Japanese", "I'm done with X", "I'm enrolled in …"."""
    attr, acomp = child(be, "attr"), child(be, "acomp")
    if attr is not None:
        poss = child(attr, "poss")
        if _role(attr) == "married to" and poss is not None and is_name(poss):  # "I'm Leo's husband"
            return _said("married to", poss)
        at = [o for o in _pobjs(attr, "at", "for", "of") if is_name(o)]
        word = lemmatise(attr.text, "NOUN")
        if word == "student":  # "a second-year medicine student at X"
            fields = [c for c in attr.lefts if c.dep_ in ("compound", "nmod") and c.pos_ == "NOUN" and a_field(c.text)]
            field = fields[-1] if fields else None  # "second-year medicine student": the nearest is the field
            return (_said("studies", field.text) if field is not None else []) + (
                _said("studies at", at[0]) if at else []
            )
        title = title_of(attr, be)  # "an engineer at X", "the head of data at X", "CTO at X"
        return _titled(title) if title is not None else []
    if acomp is not None:  # "I am chief of staff": the title's head tagged an adjective
        title = title_of(acomp, be)
        return _titled(title) if title is not None else _state(acomp)
    return _on_payroll(be)


def _titled(title: Title) -> list[Fact]:
    return _said("works as", title.text) + (_said("works at", title.employer) if title.employer is not None else [])


def _state(acomp: Any) -> list[Fact]:
    """ "fluent in X", "done with X", "enrolled in a nursing program" (an adjective, or a participle)."""
    word = acomp.text.lower()
    if word == "fluent":
        return [f for o in _pobjs(acomp, "in") for n in _names(o) for f in _said("speaks", n)]
    if word == "done":
        return [f for o in _pobjs(acomp, "with") if is_name(o) for f in _said("uses", o, retract=True)]
    if word == "enrolled":
        for o in _pobjs(acomp, "in", "at"):
            if is_name(o):
                return _said("studies at", o)
            field = next((c for c in o.lefts if c.dep_ in ("compound", "amod", "nmod")), None)
            if lemmatise(o.text, "NOUN") in ("program", "course", "degree") and field is not None:
                return _said("studies", field.text)
    return []


def _on_payroll(be: Any) -> list[Fact]:
    for o in _pobjs(be, "on", "with"):  # "I'm on the payroll at X"
        if lemmatise(o.text, "NOUN") in _JOB_NOUNS:
            return [f for at in _pobjs(o, "at", "of") if is_name(at) for f in _said("works at", at)]
    return []


def _moved(verb: Any, lemma: str) -> list[Fact]:
    """ "settled in Tallinn", "moved across the country to Austin", "signed the lease on a flat in Bilbao and moved in"."""
    clause = [verb, *(c for c in verb.children if c.dep_ == "conj")]
    if not any(lemmatise(v.text, "VERB") in _MOVE_VERBS for v in clause):
        return []
    moved = child(verb, "dobj")  # "moved all my notes into Logseq" moves a thing, not the user ("moved house" does)
    if lemma in _MOVE_VERBS and moved is not None and lemmatise(moved.text, "NOUN") not in _HOME_NOUNS:
        return []
    if lemma == "live" and verb.tag_ not in ("VBP", "VBZ"):
        return []
    for v in clause:
        for o in _pobjs(v, "in", "to", "into"):
            place = o if is_name(o) else _home_place(o) if lemmatise(o.text, "NOUN") in _HOME_NOUNS else None
            if place is o and not _placed(o) and _home_after(o):  # "into the Peckham flat" parsed as "into Peckham"
                place = None
            if place is not None and is_name(place):
                return _said("lives in", place)
        for d in (child(v, "dobj"),):  # "got the keys to our new house in Aarau and we live there now"
            if d is not None and lemmatise(d.text, "NOUN") in _HOME_NOUNS:
                inner = [place_in(o) for o in _pobjs(d, "to", "on", "for") + [d]]
                places = [p for p in inner if is_name(p)]
                if places:
                    return _said("lives in", places[0])
    return []


def _home_place(home: Any) -> Any:
    """The place a home noun names: "a flat in Bilbao", or a name before it when something says the name is a place
    (:func:`_placed`): "the Airbnb flat", "the Hackney flat" name a brand, a landlord or a description as often as
    a town, and a home the sentence can't place is no fact."""
    place = place_in(home)
    named = [c for c in home.lefts if c.dep_ in _BEFORE and is_name(c) and not _no_town(c)]
    return place if is_name(place) or len(named) != 1 or not _placed(named[0]) else named[0]


def _home_after(name: Any) -> bool:
    """Whether a home noun follows ``name`` ("the Peckham flat"), whatever the parser attached it to."""
    after = name.doc[name.i + 1] if name.i + 1 < len(name.doc) else None
    return after is not None and lemmatise(after.text, "NOUN") in _HOME_NOUNS


#: The prepositions whose object is a place ("a job in Kendal", "back from Kendal", "the train to Kendal").
_PLACE_PREPOSITIONS = frozenset("in to from near around outside".split())


def _placed(name: Any) -> bool:
    """Whether the parse says ``name`` is a place: an entity of a place's type, a country, or the same name as the
    object of a place's preposition elsewhere in the sentence ("we moved into the Kendal flat, our first home in
    Kendal")."""
    if name.ent_type_ in ("GPE", "LOC") or name.text in COUNTRIES:
        return True
    return any(
        t.i != name.i and t.text == name.text and t.dep_ == "pobj" and t.head.lower_ in _PLACE_PREPOSITIONS
        for t in name.doc
    )


def _no_town(name: Any) -> bool:
    return name.ent_type_ in _NOT_TOWNS or name.text in DEMONYMS  # "the Spanish house" names no town


def _job(verb: Any, lemma: str) -> list[Fact]:
    """ "accepted an offer from X", "started a new gig at X", "I begin at X", "resigned from X", "make a living as"."""
    if lemma in _LEAVE_VERBS:
        return [f for o in _pobjs(verb, "from") if is_name(o) for f in _said("works at", o, retract=True)]
    if lemma in _HIRE_VERBS and child(verb, "auxpass") is not None:  # "I got hired as a barista at X"
        return [] if _over(verb) else _hired(verb, verb)
    dobj = child(verb, "dobj")
    noun = lemmatise(dobj.text, "NOUN") if dobj is not None else ""
    if lemma == "get" and noun in ("job", "gig", "position", "role") and _pobjs(dobj, "as"):
        return [] if _over(verb) else _hired(dobj, verb)  # "I got a job as a nurse at St Mary's"
    if lemma == "promote" and child(verb, "auxpass") is not None:  # "I got promoted to VP of sales"
        return [f for o in _pobjs(verb, "to") if (t := title_of(o, verb)) is not None for f in _titled(t)]
    if lemma in ("make", "earn") and noun == "living":  # "I make a living as a translator"
        return [f for o in _pobjs(verb, "as") for f in _said("works as", o.text)]
    # "I got the job at Klarna" (an offer got is not yet accepted)
    got_job = lemma == "get" and noun in ("job", "gig", "position", "role")
    if (
        got_job
        or lemma in ("accept", "start", "begin", "land", "take")
        and (noun in _JOB_NOUNS or lemma in ("start", "begin"))
    ):
        places = [o for o in _pobjs(verb, "at", "from", "with") + (_pobjs(dobj, "at", "from", "with") if dobj else [])]
        return [f for o in places[:1] if is_name(o) for f in _said("works at", o)]
    return []


#: What says a hiring is long past: a length or a year ("for a decade", "in 2010").
_SPAN_NOUNS = frozenset("year years decade decades month months".split())


def _over(verb: Any) -> bool:
    """Whether a hiring is no job now: a second event follows it ("… but turned it down", "… and retired in
    2020"), or a time when ("when I was 22"), a length or a year dates it ("for a decade", "in 2010")."""
    for c in verb.children:
        if c.dep_ == "conj" and c.pos_ in ("VERB", "AUX") or c.dep_ == "advcl" and child(c, "advmod") is not None:
            return True
        o = child(c, "pobj") if c.dep_ == "prep" and c.lower_ in ("for", "in") else None
        if o is not None and (o.lower_ in _SPAN_NOUNS or o.like_num and len(o.text) == 4):
            return True
    return False


def _a_day(tok: Any) -> bool:
    return tok.lower_ in _DAYS


_DAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())


def _hired(head: Any, verb: Any) -> list[Fact]:
    """The job a hiring gives ("as a barista", "as head of data": a title) and the employer ("by Monzo", "at
    Beanstalk", said after the verb or after the job)."""
    titled = [(o, t) for o in _pobjs(head, "as") if (t := title_of(o, verb)) is not None][:1]
    titles = [t for _, t in titled]
    where = [*_pobjs(verb, "by", "at", "with"), *(p for job, _ in titled for p in _pobjs(job, "at", "with"))]
    employer = next((t.employer for t in titles if t.employer is not None and not _a_day(t.employer)), None)
    # "hired … by the Jensens next door for Saturday": a day is no employer
    employer = employer if employer is not None else next((o for o in where if is_name(o) and not _a_day(o)), None)
    return [f for t in titles for f in _said("works as", t.text)] + (
        _said("works at", employer) if employer is not None else []
    )


def _tool(verb: Any, lemma: str) -> list[Fact]:
    """ "I surf the web with Vivaldi", "we host on X", "installed Debian on my desktop", "store it in a X database"."""
    if lemma in _VERB_ROLES:  # "surf the web with Vivaldi": the preposition may hang off the object
        dobj = child(verb, "dobj")
        objs = _pobjs(verb, "with", "on", "in", "using") + (_pobjs(dobj, "with", "on", "in") if dobj else [])
        names = [o for o in objs if is_name(o)]
        return _said(_VERB_ROLES[lemma], names[0]) if names else []
    dobj = child(verb, "dobj")
    if lemma in _GIVE_UP_VERBS and dobj is not None and is_name(dobj):  # "deleted Dropbox from all my machines"
        return _said("uses", dobj, retract=True)
    for o in _pobjs(verb, "on", "as", "into", "to", "in", "for"):
        role = _role(o) if _mine(o) else None
        if role == "os" and dobj is not None and is_name(dobj) and lemma == "install":
            return _said("os", dobj)
        if role is not None and role not in _PLAIN:  # "swapped out Travis CI for Buildkite as our CI"
            value = next((v for v in _pobjs(verb, "for", "to", "into") if is_name(v)), None)
            if value is None and o.head.text.lower() == "as" and dobj is not None and is_name(dobj):
                value = dobj  # "got an iPhone 15 as my new phone": what the verb took fills the role
            return _said(role, value) if value is not None else []
        named = next((c for c in o.lefts if c.dep_ == "compound" and is_name(c)), None)
        if named is not None and o.text.islower() and _role(o) not in (None, *_PLAIN):  # "in a MariaDB database"
            return _said(_role(o) or "", named.text)
    if dobj is not None and _mine(dobj) and _role(dobj) not in (None, *_PLAIN):  # "moved all my notes … into Logseq",
        # "I keep all my passwords in KeePassXC", "I manage my calendar in Vimcal" (the "in" may hang off the noun)
        places = _pobjs(verb, "into", "to", "in", "on", "through", "with") + _pobjs(dobj, "in", "on", "into")
        value = next((v for v in places if is_name(v)), None)
        return _said(_role(dobj) or "", value) if value is not None else []
    if lemma == "write" and dobj is not None and dobj.text.lower() == "code":  # "I write Elixir code"
        named = next((c for c in dobj.lefts if c.dep_ in ("compound", "amod") and is_name(c)), None)
        return _said("programming language", named.text) if named is not None else []
    return []


def _learning(verb: Any, lemma: str) -> list[Fact]:
    """ "I attend Monash University", "born and raised in Tartu", "I can speak Finnish and Estonian"."""
    dobj = child(verb, "dobj")
    if lemma == "attend" and dobj is not None and is_name(dobj):
        return _said("studies at", dobj)
    if lemma == "speak" and dobj is not None:
        return [f for n in _names(dobj) for f in _said("speaks", n)]
    if lemma == "bear":
        clause = [verb, *(c for c in verb.children if c.dep_ == "conj")]
        return [f for v in clause for o in _pobjs(v, "in") if is_name(o) for f in _said("born in", o)][:1]
    return []


# ---------------------------------------------------------------------------
# "my X …" and "X is my …"


def _my_thing(root: Any, subj: Any) -> list[Fact]:
    """ "My laptop runs NixOS", "our builds run on GitLab CI", "all my passwords are in X", "my address is in Cork"."""
    role = _role(subj)
    if role is None or role == "married to" or any(c.lower_ in _NOT_NOW for c in subj.lefts):
        return []  # "my holiday home is in Crete", "my old laptop runs Vista": not the user's own, or not now
    dobj = child(root, "dobj", "npadvmod")  # "my desktop runs Fedora" (the name may parse as an adverbial)
    if dobj is not None and is_name(dobj) and lemmatise(root.text, "VERB") == "run":
        return _said(role, dobj)
    names = [o for o in _pobjs(root, "in", "on", "by", "at", "into", "through") if is_name(o)]
    return _said(role, names[0]) if names and root.tag_ != "VBD" or names and child(root, "auxpass") else []


def _named_role(be: Any, subj: Any) -> list[Fact]:
    """ "Kitty is my terminal emulator", "Kate is the editor I use", "Joplin is where I write my notes"."""
    if be.tag_ == "VBD":
        return []
    attr = child(be, "attr")
    if attr is not None:
        relcl = child(attr, "relcl")
        mine = _mine(attr) or relcl is not None and (child(relcl, "nsubj") or attr).text.lower() in _ME
        # "Tallinn is home now"; "Granada is home to the Alhambra" is someone else's home, or a landmark's
        if (
            attr.text.lower() == "home"
            and child(attr, "det") is None
            and not any(c.lower_ == "to" for c in attr.children)
        ):
            return _said("lives in", subj)
        role = _role(attr) if mine else None
        thing = is_name(subj, initial=True) or role in ("likes", "prefers drink")  # a hobby needs no capital
        if role is not None and role != "married to" and thing:
            return _said(role, subj)
        return []
    # "Joplin is where I write my notes", "Mutt is how I do email": the clause's own "I" makes the thing mine
    where = child(be, "advcl", "ccomp")
    if where is not None and any(c.text.lower() in ("where", "how") for c in where.children):
        dobj = child(where, "dobj")
        doer = child(where, "nsubj")
        mine = dobj is not None and (
            _mine(dobj) or doer is not None and doer.lower_ in _ME and child(dobj, "det") is None
        )
        role = _role(dobj) if mine else None
        return _said(role, subj) if role is not None and role not in _PLAIN and is_name(subj, initial=True) else []
    return []


def _last_day(sent: Any) -> list[Fact]:
    """ "Today was my last day at X": the user no longer works there; "my first day at X": now they do."""
    for tok in sent:
        edge = next(
            (c.lower_ for c in tok.children if c.dep_ == "amod" and c.lower_ in ("last", "final", "first")), None
        )
        if tok.text.lower() == "day" and edge is not None and _mine(tok):
            if day_ahead(sent.text):  # "my last day at X is Friday": a plan until that day
                return []
            left = edge != "first"
            places = _pobjs(tok, "at", "with") or _pobjs(tok.head, "at", "with")  # "at X" may hang off "was"
            return [f for o in places if is_name(o) for f in _said("works at", o, retract=left)]
    return []


def _spouse(sent: Any) -> list[Fact]:
    """ "My wife Ingrid and I …", "my partner Sam and I got married": the spouse named beside the role."""
    for tok in sent:
        word = lemmatise(tok.text, "NOUN")
        married = (
            word in ("wife", "husband", "spouse")
            or word in ("partner", "fiance", "fiancee")
            and any(lemmatise(t.text, "VERB") == "marry" for t in sent)
        )
        if not married or not (_mine(tok) or _mine(tok.head)):
            continue
        named = [c for c in tok.children if c.dep_ == "appos" and is_name(c)]
        if tok.dep_ == "compound" and is_name(tok.head):  # "my wife Ingrid" parsed as a compound name
            named.append(tok.head)
        if named:
            return _said("married to", named[0].text if named[0].dep_ == "appos" else named[0].text)
    return []
