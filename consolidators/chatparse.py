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

This module decides which sentences are worth a parse and whom a clause is
about, and reads what the user is, studies and speaks; the walkers by life
event are :mod:`consolidators.chathomes` (homes), :mod:`consolidators.chatjobs`
(jobs) and :mod:`consolidators.chattools` (tools and the roles the user's
things fill), over the questions :mod:`consolidators.chatwalk` asks for all.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import Any

from . import chathomes, chatjobs, chattools
from .chathomes import MOVE_VERBS
from .chatwalk import ME, conjoined_names, is_mine, noun_role, pobjs, user_fact
from .learning import a_field
from .nlp_cache import parse_doc
from .parse import prefetch_docs
from .regexgate import compiled
from .rolenouns import ROLE_NOUNS, role_phrase
from .spans import child, hedged, is_name
from .text import DENIALS, MAY, inflected_verb, lemmatise
from .titles import held_as, title_of
from .toolnames import ROLES
from .types import Fact

_CUE_WORDS = frozenset(
    {w for phrase in ROLE_NOUNS for w in phrase.split()}
    | MOVE_VERBS
    | {"moved", "settled", "lived", "living", "fluent", "done", "enrolled", "born", "attend", "speak", "hired"}
)
PAST = compiled(
    r"\b(?:(?<!getting )(?<!got )(?<!get )(?<!gets )used to|back then|years ago|in the past|formerly|previously|at the time"
    r"|when I was (?:a |an |very |still )*(?:baby|kid|child|toddler|teenager|teen|little|young|small|student)"
    # an age says the move was in childhood, not now: "we moved to Dundee when I was six", "… when I was 3"
    r"|when (?:I|we) (?:was|were) (?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b"
    r"|as (?:a |an )(?:child|kid|baby|toddler|teenager|teen|young (?:man|woman))"
    r"|(?:moved|came|emigrated|relocated)\b[^,.;]*\b(?:at (?:the age of |age )?|aged )\d{1,2})\b",  # "moved to Toronto at 6"
    re.I,
)
_NAMED = re.compile(r"\S\s.*\b(?!I\b)[A-Z0-9]")
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|we|my|our|is home)\b", re.I)
#: "Moved to …", "Started a new gig …": chat's dropped "I" before a past verb (an -ed word the lexicon knows as a
#: verb's past, so not "Ted", "Red" or "Speed").
_IMPLIED = re.compile(r"^(?:(?P<ed>[A-Z][a-z]+ed)|Got|Took|Left|Began|Made)\b")
#: Negations, futures and modals: the readers refuse them anyway, so they're never worth a parse ("can" aside).
#: "may" only in lower case: "in May" is a month.
_REFUSED = re.compile(rf"\b(?:{DENIALS}|will|won't|going to|would|should|could|might|please)\b|n't\b|{MAY}", re.I)
_IS_MY = re.compile(r"'s (?=(?:my|our|the|where)\b)")  # "Safari's my browser": a copula, not a possessive
#: Words that say what the user is: "I'm …", "I've been …", "by trade", "as CTO I …".
_SELF = re.compile(r"\b(?:I am|I'm|I have been|I've been|by trade|living as|enrolled|became)\b|^as\b", re.I)


@functools.lru_cache(maxsize=8192)  # asked when the session is batched and again when each sentence is read
def worth_parsing(sentence: str) -> bool:
    """Cheap: the sentence is about the user (a first-person word, or chat's dropped "I" before a past verb,
    or "X is home") and names something or says what the user is or uses a word of the chat vocabulary."""
    if PAST.search(sentence) or _REFUSED.search(sentence):
        return False
    if not (_FIRST_PERSON.search(sentence) or _implied(sentence)):
        return False
    if _NAMED.search(sentence) or _SELF.search(sentence):
        return True
    return not _CUE_WORDS.isdisjoint(re.findall(r"[a-z]+", sentence.lower()))


def _implied(sentence: str) -> bool:
    """Whether ``sentence`` opens with a past verb whose "I" chat dropped."""
    m = _IMPLIED.match(sentence)
    return m is not None and (m["ed"] is None or inflected_verb(m["ed"]))


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
    return user_fact(role, m["name"]) if role is not None and role not in ("married to", "lives in") else []


#: "Sam and I got married in June", "Rafael and I tied the knot": the user's spouse named beside "I".
_WE_MARRIED = re.compile(
    r"(?:\w+ )?(?P<name>[A-Z][a-z]+) and I (?:just |finally |officially )?(?:got married|tied the knot|got hitched|have been married|are married)\b.*"
)


def facts(sentence: str) -> list[Fact]:
    """The facts about the user the parse reads in ``sentence`` (already filtered for questions and hedges)."""
    married = _WE_MARRIED.fullmatch(sentence)
    if married:
        return user_fact("married to", married["name"])
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
        found += _spouse(sent) or chatjobs.last_day(sent) or _sentence(sent.root)
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
    if subj is None and _opens(root) or subj is not None and subj.text.lower() in ME:
        return _about_me(root)
    if subj is not None and is_mine(subj):
        return chattools.my_thing(root, subj)
    if subj is not None and root.lemma_ == "be" and subj.pos_ in ("PROPN", "NOUN", "NUM"):
        return chattools.named_role(root, subj)
    return []


def _opens(root: Any) -> bool:
    """Chat's dropped "I": the verb opens the sentence, bar adverbs ("just got a Pixel as my new phone")."""
    return all(t.dep_ in ("advmod", "intj", "punct") for t in root.doc[root.sent.start : root.i])


def _modal(verb: Any) -> str:
    aux = next((c for c in verb.children if c.dep_ == "aux" and c.tag_ == "MD"), None)
    return aux.text.lower() if aux is not None else ""


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
        for reader in (chathomes.moved, chatjobs.job, chattools.tool, _learning):
            said = reader(verb, verb_lemma)
            if said:
                return said
    title = held_as(root)  # "As CTO, I sign off on every hire"
    return chatjobs.titled(title) if title is not None else []


def _i_am(be: Any) -> list[Fact]:
    """ "I'm a nurse at X", "I'm Leo's husband", "I'm fluent in Japanese", "I'm done with X", "I'm enrolled in …"."""
    attr, acomp = child(be, "attr"), child(be, "acomp")
    if attr is not None:
        poss = child(attr, "poss")
        if noun_role(attr) == "married to" and poss is not None and is_name(poss):  # "I'm Leo's husband"
            return user_fact("married to", poss)
        at = [o for o in pobjs(attr, "at", "for", "of") if is_name(o)]
        word = lemmatise(attr.text, "NOUN")
        if word == "student":  # "a second-year medicine student at X"
            # the last word of a hyphened modifier is no field: "a part-time student", "a full-time student"
            fields = [
                c
                for c in attr.lefts
                if c.dep_ in ("compound", "nmod")
                and c.pos_ == "NOUN"
                and a_field(c.text)
                and (c.i == 0 or c.nbor(-1).text != "-")
            ]
            field = fields[-1] if fields else None  # "second-year medicine student": the nearest is the field
            return (user_fact("studies", field.text) if field is not None else []) + (
                user_fact("studies at", at[0]) if at else []
            )
        title = title_of(attr, be)  # "an engineer at X", "the head of data at X", "CTO at X"
        return chatjobs.titled(title) if title is not None else []
    if acomp is not None:  # "I am chief of staff": the title's head tagged an adjective
        title = title_of(acomp, be)
        return chatjobs.titled(title) if title is not None else _state(acomp)
    return chatjobs.on_payroll(be)


def _state(acomp: Any) -> list[Fact]:
    """ "fluent in X", "done with X", "enrolled in a nursing program" (an adjective, or a participle)."""
    word = acomp.text.lower()
    if word == "fluent":
        return [f for o in pobjs(acomp, "in") for n in conjoined_names(o) for f in user_fact("speaks", n)]
    if word == "done":
        return [f for o in pobjs(acomp, "with") if is_name(o) for f in user_fact("uses", o, retract=True)]
    if word == "enrolled":
        for o in pobjs(acomp, "in", "at"):
            if is_name(o):
                return user_fact("studies at", o)
            field = next((c for c in o.lefts if c.dep_ in ("compound", "amod", "nmod")), None)
            if lemmatise(o.text, "NOUN") in ("program", "course", "degree") and field is not None:
                return user_fact("studies", field.text)
    return []


def _learning(verb: Any, lemma: str) -> list[Fact]:
    """ "I attend Monash University", "born and raised in Tartu", "I can speak Finnish and Estonian"."""
    dobj = child(verb, "dobj")
    if lemma == "attend" and dobj is not None and is_name(dobj):
        return user_fact("studies at", dobj)
    if lemma == "speak" and dobj is not None:
        return [f for n in conjoined_names(dobj) for f in user_fact("speaks", n)]
    if lemma == "bear":
        clause = [verb, *(c for c in verb.children if c.dep_ == "conj")]
        return [f for v in clause for o in pobjs(v, "in") if is_name(o) for f in user_fact("born in", o)][:1]
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
        if not married or not (is_mine(tok) or is_mine(tok.head)):
            continue
        named = [c for c in tok.children if c.dep_ == "appos" and is_name(c)]
        if tok.dep_ == "compound" and is_name(tok.head):  # "my wife Ingrid" parsed as a compound name
            named.append(tok.head)
        if named:
            return user_fact("married to", named[0].text if named[0].dep_ == "appos" else named[0].text)
    return []
