"""A term of the wrong kind for its relation, or a term that kept a word of its frame: checks the sieve makes
on every reader's facts, because each reader's pattern reaches words its own cue does not vouch for.

- a value made of function words only ("I'm employed by Monzo as of last week" read "works as" "of");
- a user's tool value that repeats its role ("the Helix editor" is the editor Helix);
- a title word before a person's name ("Co-founders Amara Nwosu", "Chairman Li Wei"): no part of the name;
- an organisation where a person stands ("directed by Studio Kalan", "Club Olimpia lives in Asunción"), or a
  people's adjective where a company stands ("acquired Italian citizenship" is no takeover of "Italian");
- a lower-case verb form for a name ("the US dollar has served as Ecuador's currency": "served");
- a place the sentence names by "born in" or "died in", as a person ("born in Aarhus, who died in Copenhagen");
- a label the sentence opens with for a subject ("Headline: Saltmarsh Energy names …");
- a user relation no vocabulary has, said of a language or by a phrase ending in "of" ("my Arabic is only
  Quranic", "the worst part of moving to Tallinn").
"""

from __future__ import annotations

import re
from dataclasses import replace

from .lifeevents import is_occupation
from .phrases import USER, VOCABULARY
from .places import DEMONYMS
from .relations import PERSON_VALUED, THIRD_PERSON_PREDICATES
from .spans import ORG_WORDS
from .statics import LANGUAGES
from .text import is_word, lemmatise
from .types import Fact

_FUNCTION_WORDS = frozenset(
    "a an the of as to for from with by in on at and or but so it this that well of off out up".split()
)
#: Relations whose value is a person.
_PERSON_VALUES = PERSON_VALUED | {"cto"}
#: Relations whose subject is a person.
_PERSON_SUBJECTS = frozenset({"lives in", "born in", "died in", "married to", "citizen of", "speaks", "educated at"})
#: Relations whose subject is a company.
_COMPANY_SUBJECTS = frozenset({"owned by", "headquartered in", "ceo", "founded by"})
#: Relations whose value is a place.
_PLACE_VALUES = frozenset({"lives in", "born in", "died in", "headquartered in", "located in"})
#: Organisation words no person's name holds ("Park", "City", "United" do: "Park Chan-wook").
_ORG = ORG_WORDS - {"Park", "City", "United", "Tower", "Bridge", "Union", "Works", "Kitchen", "Capital"}
#: A title word before a full name: a person noun, singular or plural ("Co-founders", "Chairman").
_TITLE_LEAD = re.compile(r"^(?P<title>[A-Z][\w-]+) (?=[A-ZÀ-ÖØ-Þ][\w'-]+ [A-ZÀ-ÖØ-Þ])")
#: Words that answer a question, not name a thing.
_ANSWER_WORDS = frozenset("easy simple obviously definitely sure yes no yep nope honestly probably".split())
#: A capitalised name, then lower-case words with a first-person pronoun: a new clause the value ran into.
_RUN_ON = re.compile(r"^(?P<name>[A-Z][\w.+#-]*(?: [A-Z][\w.+#-]*)*) (?:[a-z']+ )*(?:I|we|my|our)\b.*$")
_VERB_FORM = re.compile(r"^[a-z]+ed$")


def kept(f: Fact, text: str) -> Fact | None:
    """``f`` with a title word cut from its person, or None when a term is of the wrong kind (see above)."""
    words = set(f.object.lower().split())
    if not words or words <= _FUNCTION_WORDS or _VERB_FORM.match(f.object) and lemmatise(f.object) != f.object:
        return None
    if _a_label(f.subject, text) or f.subject != USER and (_wrong_kind(f) or _a_place(f, text)):
        return None
    if f.subject == USER:
        return None if _no_relation(f.predicate) or _no_taste(f, text) else _role_cut(_run_on_cut(f))
    if f.predicate == "works as" and not any(is_occupation(w) for w in f.object.lower().split()):
        return None  # "Background jobs go through NATS as our queue": no one works as NATS
    if f.predicate in _PERSON_VALUES:
        f = replace(f, object=_untitled(f.object))
    return replace(f, subject=_untitled(f.subject)) if f.predicate in _PERSON_SUBJECTS else f


def _a_label(subject: str, text: str) -> bool:
    """A common word the sentence opens with as a label ("Headline: …"); a name before a colon is the subject
    of what follows it ("Brightwater: CEO Tom Ash departs")."""
    return text.startswith(f"{subject}:") and is_word(subject.lower()) and subject.isalpha()


def _a_place(f: Fact, text: str) -> bool:
    """A person's relation whose subject the sentence names as a place ("a physicist, born in Aarhus, who died
    in Copenhagen": the relative clause is the physicist's, not Aarhus's)."""
    if f.predicate not in _PERSON_SUBJECTS | {"works at"} or f" {f.subject}" not in text:
        return False
    return bool(re.search(rf"\b(?:born|based|raised|lives?|living|died) in {re.escape(f.subject)}\b", text))


def _wrong_kind(f: Fact) -> bool:
    if f.predicate in _PERSON_VALUES and _ORG & set(f.object.split()):
        return True
    if f.predicate in _PERSON_SUBJECTS and f.predicate != "married to" and _ORG & set(f.subject.split()):
        return True
    if f.predicate in _PLACE_VALUES and f.object in DEMONYMS:  # "in the Estonian capital": the place is Tallinn
        return True
    return f.predicate in _COMPANY_SUBJECTS and (f.subject in DEMONYMS or f.subject.lower() in LANGUAGES)


def _no_relation(predicate: str) -> bool:
    """A user "relation" no vocabulary names and no role could: a language ("my Arabic is …") or a phrase
    that ends in "of" ("worst part of")."""
    if predicate in VOCABULARY or predicate in THIRD_PERSON_PREDICATES:
        return False
    return predicate.endswith(" of") or predicate in LANGUAGES or predicate.capitalize() in DEMONYMS


def _no_taste(f: Fact, text: str) -> bool:
    """A like of a thing the sentence points at ("I like the new design" of the mail client it names), or an
    answer word read for a drink ("Favourite drink? Easy: mate")."""
    if f.predicate in ("likes", "prefers drink") and f.object.lower() in _ANSWER_WORDS:
        return True
    pointed = f.predicate == "likes" and f.object[:1].islower() and "the " in text
    return pointed and bool(re.search(rf"\bthe {re.escape(f.object)}(?=$|[,.;!?]| (?:and|but|so|too)\b)", text))


def _run_on_cut(f: Fact) -> Fact:
    """A name's value without the speaker's words run on after it ("MySQL sorry I mistyped earlier")."""
    m = _RUN_ON.match(f.object)
    return replace(f, object=m["name"]) if m else f


def _role_cut(f: Fact) -> Fact:
    """A tool's value without its role said after it ("the Helix editor" → "Helix")."""
    role = f" {f.predicate}"  # lower case: "Zen Browser", "Windows Terminal" are names
    if f.predicate in VOCABULARY and len(role) > 3 and f.object.endswith(role):
        return replace(f, object=f.object[: -len(role)])
    return f


def _untitled(name: str) -> str:
    m = _TITLE_LEAD.match(name)
    if m is None:
        return name
    word = m["title"].lower()
    person = is_occupation(word) or is_occupation(lemmatise(word, "NOUN")) or is_occupation(word.rstrip("s"))
    return name[m.end() :] if person and is_word(word.rstrip("s").rpartition("-")[2]) else name
