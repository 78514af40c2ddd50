"""An occupation said whole, and the employer said beside it: "a long-haul trucker", "a nurse at St Mary's".

The readers find an occupation by its head noun ("trucker", "teacher") and keep the
words their own pattern reached. What kind of trucker or teacher it is sits before
the head in words a pattern may not reach ("secondary school teacher", "large-animal
vet", "backend dev"); this module widens the value to them. And a sentence that says
what someone is "at" a named place says where they work ("As an accountant at KPMG
I'm slammed every April") even when the reader that found the occupation stopped
before it. And the job a user works, starts or joins "as" is their occupation
(:func:`merged`), read from the parse whatever stands between the verb and the "as"
("I work nights at the hospital as a nurse", "started at Coolblue last week as a data analyst").
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from spacy.lang.en.stop_words import STOP_WORDS

from .lifeevents import USER, fact, is_occupation
from .nlp_cache import parse_doc
from .spans import child, hedged, negated
from .text import is_adverb, is_word, lemmatise
from .types import Fact
from .vocabulary import clean_object

#: Words before an occupation that grade or date the person, not name the work ("a tired nurse", "former").
#: A rank is no such word: "senior", "junior", "lead", "head", "chief" are part of the title the user holds
#: ("a junior UX designer", "head chef"), and a promotion changes the title by that word alone.
_EVALUATIVE = frozenset(
    "new old good bad great tired busy happy proud former retired aspiring wannabe future mediocre young"
    " very really basically just full-time part-time freelance self-employed certified licensed qualified".split()
)
#: Stop words that name a kind of work before a title: "front desk clerk", "back office manager".
_KINDS_AMONG_STOP_WORDS = frozenset("front back top".split())
#: A job chat clips whose full name is the one the key is kept under ("being a physio means …").
_CLIPPED = {"physio": "physiotherapist"}
#: Students are no workers: "a student at McGill" studies there.
_STUDENTS = frozenset("student undergrad undergraduate postgrad postgraduate freshman sophomore pupil".split())
_AT_A_NAME = (
    r"(?:at|with|for) (?P<employer>(?:the )?(?!I\b|I')[A-ZÀ-ÖØ-Þ][\w&.'-]*"
    r"(?: (?:(?!I\b|I')[A-ZÀ-ÖØ-Þ&][\w&.'-]*|of|de|di|da|del|della|du|von|van|für|y|and))*)"
)


def whole(found: list[Fact], sentence: str) -> list[Fact]:
    """``found`` with each occupation widened to its kind and the employer named beside it added, and a field
    of study parted from the school it is studied at ("history of art at the Sorbonne")."""
    out: list[Fact] = []
    for f in found:
        if f.predicate == "studies" and not f.retract:
            out += _field_and_school(f, found)
        elif f.predicate == "works as" and not f.retract:
            f = replace(f, object=_CLIPPED.get(f.object.lower(), _widened(_unhedged(f.object), sentence)))
            out.append(f)
            out += _employer(f, sentence, found)
        else:
            out.append(f)
    return out


#: A title's field after it: "director of engineering", "head of product".
#: The field is lower case whatever the title's case: "director of Larkspur" names where, not what.
_OF_FIELD = r"(?:(?:(?<=director)|(?<=head)|(?<=dean)|(?<=chief))(?-i: of [a-z]+(?: [a-z]+)?(?= as of|[.,!;]|$| (?:at|for|since|now)\b)))?"


def _widened(occupation: str, sentence: str) -> str:
    # a word starts after a space, not after an apostrophe: the "m" of "I'm sous chef" is no kind of chef
    m = re.search(
        rf"(?<![\w'])(?P<before>(?:[\w-]+ |[\w]+-){{0,3}}){re.escape(occupation)}\b{_OF_FIELD}", sentence, re.I
    )
    if m is None:
        return occupation
    words = re.findall(r"[\w]+-|[\w-]+ ", m["before"])
    kept: list[str] = []
    for word in reversed(words):
        if not _classifies(word.strip()):
            break
        kept.insert(0, word)
    field = sentence[m.end("before") + len(occupation) : m.end()]
    return ("".join(kept) + sentence[m.end("before") : m.end()]).strip() if kept else occupation + field


def _unhedged(occupation: str) -> str:
    """The occupation without the adverbs a reader kept before it ("literally sound engineer", "basically a
    buyer"): only a word that is an adverb and nothing else goes ("early years teacher" keeps its adjective)."""
    words = occupation.split()
    while len(words) > 1 and is_adverb(words[0]):
        words.pop(0)
    return " ".join(words)


def _classifies(word: str) -> bool:
    """A word that names a kind of work before its head: a noun ("school"), an acronym ("ER", "QA"), a hyphened
    compound ("large-animal"), a classifying adjective ("structural", "backend", "clinical")."""
    w = word.lower().rstrip("-")
    if not w or w in _EVALUATIVE or word.endswith("-") and w in _EVALUATIVE:
        return False
    if word.endswith("-") or "-" in w or word.isupper() and 2 <= len(word) <= 4:
        return True
    # a function word or a verb of being ("to" of "promoted to VP", "became") names no kind of work
    if not w.isalpha() or w in ("am", "im") or w in STOP_WORDS and w not in _KINDS_AMONG_STOP_WORDS:
        return False
    if not is_word(w):
        return True  # a word the lexicon lacks is a trade's own ("backend", "devops")
    return lemmatise(w, "NOUN") != w or lemmatise(w, "ADJ") == w and not w.endswith(("ly", "ed", "ing"))


def _employer(occupation: Fact, sentence: str, found: list[Fact]) -> list[Fact]:
    if occupation.object.split()[-1].lower() in _STUDENTS:
        return []
    if any(f.predicate == "works at" and f.subject == occupation.subject for f in found):
        return []
    m = re.search(rf"\b{re.escape(occupation.object)} {_AT_A_NAME}", sentence)
    if m is None:
        return []
    employer = re.sub(r"^the ", "", m["employer"])
    if occupation.subject == "user":
        return [fact("works at", employer, min(occupation.confidence, 0.75))]
    return [replace(occupation, predicate="works at", object=employer, cardinality="single")]


_AT_SCHOOL = re.compile(rf"^(?P<field>[a-z][\w -]*?) {_AT_A_NAME}$")


def _field_and_school(studies: Fact, found: list[Fact]) -> list[Fact]:
    """ "studying history of art at the Sorbonne": the field, and the school (``studies at`` for the user,
    ``educated at`` for anyone else) unless the sentence's facts name one already."""
    m = _AT_SCHOOL.match(studies.object)
    if m is None:
        return [studies]
    school = re.sub(r"^the ", "", m["employer"])
    predicate = "studies at" if studies.subject == "user" else "educated at"
    field = replace(studies, object=clean_object(m["field"]) or m["field"])  # "statistics part-time at …"
    if any(f.predicate == predicate and f.subject == studies.subject for f in found):
        return [field]
    if studies.subject != "user":  # a field of study is the user's relation only; for others, the school
        return [replace(studies, predicate=predicate, object=school, cardinality=None)]
    return [field, fact(predicate, school, studies.confidence)]


#: The cheap gate of :func:`merged`: an "as a/an" the parse may hang off a verb of working.
_AS_A = re.compile(r"\bas an? [\w-]", re.I)
#: Verbs whose "as a …" is the job held: working it, or starting or joining in it.
_WORK_VERBS = frozenset("work start begin join".split())


def merged(found: list[Fact], text: str) -> list[Fact]:
    """``found`` with the occupation a user's verb of working says "as" ("I work nights at the hospital as a nurse"),
    when no reader named one."""
    if not _AS_A.search(text) or any(f.subject == USER and f.predicate == "works as" for f in found):
        return found
    doc = parse_doc(text)
    return found + [f for tok in doc or () if tok.lower_ == "as" and tok.dep_ == "prep" for f in _worked_as(tok)][:1]


def _worked_as(prep: Any) -> list[Fact]:
    """The job of one "as" on a user's verb of working, held now: present, or a start ("started … as"); never a job
    worked once ("I worked there as a nurse"), denied or hedged, nor someone else's ("my wife works … as")."""
    verb, job = prep.head, child(prep, "pobj")
    lemma = lemmatise(verb.text, "VERB")
    subj = child(verb, "nsubj", "nsubjpass")
    if job is None or verb.pos_ != "VERB" or lemma not in _WORK_VERBS or negated(verb) or hedged(verb):
        return []
    # the user's: "I"/"we", or chat's dropped "I" when the verb opens the sentence (a subject the parse lost is not)
    opens = all(t.dep_ in ("advmod", "intj", "punct", "cc") for t in verb.doc[verb.sent.start : verb.i])
    if (subj.lower_ not in ("i", "we") if subj is not None else not opens) or child(job, "poss") is not None:
        return []
    now = verb.tag_ in ("VBP", "VBZ", "VBG") or verb.tag_ == "VBN" and child(verb, "aux") is not None
    # a start at a named employer is news of the job held now, chat's dropped "I" included ("Started at X as a Y",
    # read as a participle); a start with no employer is a career's history ("I started as a junior dev in 2015")
    past = verb.tag_ == "VBD" or verb.tag_ == "VBN" and subj is None and verb.dep_ == "ROOT"
    started = lemma != "work" and past and _at_a_name(verb)
    words = [c.text for c in job.lefts if c.dep_ in ("compound", "amod") and c.lower_ not in _EVALUATIVE]
    title = " ".join([*words, job.text])
    if not (now or started) or not is_occupation(title):  # the whole title: "shooting guard" is a team's place
        return []
    return [fact("works as", title, 0.75)]


def _at_a_name(verb: Any) -> bool:
    """Whether the verb names where: "started at Coolblue", "joined Zalando"."""
    places = [o for p in verb.children if p.dep_ == "prep" and p.lower_ in ("at", "with", "for") for o in p.children]
    # "joined the Lisbon office of Varn Labs": a part of a named employer is where, too
    return any(
        t.dep_ in ("pobj", "dobj") and any(w.pos_ == "PROPN" for w in t.subtree) for t in [*places, *verb.children]
    )
