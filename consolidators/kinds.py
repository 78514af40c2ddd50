"""A term of the wrong kind for its relation, or a term that kept a word of its frame: checks the sieve makes
on every reader's facts, because each reader's pattern reaches words its own cue does not vouch for.

- a value made of function words only ("I'm employed by Monzo as of last week" read "works as" "of");
- a user's tool value that repeats its role ("the Helix editor" is the editor Helix) or says it is an app;
- a title word before a person's name ("Co-founders Amara Nwosu", "Chairman Li Wei"): no part of the name;
- an organisation where a person stands ("directed by Studio Kalan", "Club Olimpia lives in Asunción"), or a
  people's adjective where a company stands ("acquired Italian citizenship" is no takeover of "Italian");
- a lower-case verb form for a name ("the US dollar has served as Ecuador's currency": "served");
- a place the sentence names by "born in" or "died in", as a person ("born in Aarhus, who died in Copenhagen");
- a label the sentence opens with for a subject ("Headline: Saltmarsh Energy names …");
- a value with no letter ("my editor config is like 12 lines": no tool is "12"), or a value that is a when, not
  a what ("I play most evenings after the kids are asleep");
- a person's relation of a subject the sentence names as a work ("author of Typhoon Season, who teaches at …":
  the clause is the author's, a book teaches nowhere);
- a relation the sentence's other facts say is of another kind: an organisation's "lives in" is its seat
  ("Sahel Solar, a Dakar-based installer, was founded by …"), a band's drummer who "joined" it is a member, no
  employee, a country's "member of" or "works at" is no person's ("Mozambique, whose official language is Portuguese,
  joined the Commonwealth"); and a name the user quits as an employer ("So I quit Accenture") is no app quit;
- a user's "from X originally": where they were born ("I'm from Graz originally"), unless the sentence says
  "born in" outright;
- a user relation no vocabulary has, said of a language or by a phrase ending in "of" ("my Arabic is only
  Quranic", "the worst part of moving to Tallinn").
"""

from __future__ import annotations

import re
from dataclasses import replace

from .lifeevents import is_occupation
from .moves import club_shaped
from .phrases import USER, VOCABULARY
from .places import DEMONYMS
from .relations import PERSON_VALUED, THIRD_PERSON_PREDICATES
from .spans import ORG_WORDS
from .statics import LANGUAGES
from .text import is_word, lemmatise
from .types import Fact

_COUNTRIES = frozenset(DEMONYMS.values())
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
#: The ranks an office's title may open with: "Vice President", "Deputy Mayor", "Acting Director".
RANKS = frozenset({"vice", "deputy", "acting", "interim", "prime", "assistant", "associate"})
#: A title word before a full name: a person noun, singular or plural ("Co-founders", "Chairman"), with the rank
#: it may carry ("Vice President", "Prime Minister", "Deputy Mayor").
_TITLE_LEAD = re.compile(
    rf"^(?:(?:{'|'.join(w.capitalize() for w in sorted(RANKS))})[ -])?(?P<title>[A-Z][\w-]+) (?=[A-ZÀ-ÖØ-Þ][\w'-]+ [A-ZÀ-ÖØ-Þ])"
)
#: The head words of a competition's name ("the Africa Cup of Nations", "the Commonwealth Games"): an event a
#: player is picked for or plays in, never the team they play for nor an employer.
_COMPETITION = re.compile(
    r"\b(?:Cup|Championships?|Olympics|Paralympics|Tournament|Trophy|Grand Prix|World Series|Playoffs?)\b"
    # "Games" only as a sporting event's: "Riot Games" is a studio
    r"|\b(?:Olympic|Paralympic|Commonwealth|Asian|Pan American|Mediterranean|European|World|Youth|Island) Games\b"
)


#: A political party's name: its head noun ("the Centre Party", "the Greens"), or a union of a political creed
#: ("the Liberal Union", not "the European Union" or a credit union).
_POLITICAL = re.compile(
    r"\b(?:Party|Alliance|Movement|Democrats|Republicans|Liberals|Conservatives|Greens|Socialists)$"
    r"|^(?:Liberal|Conservative|Democratic|Socialist|Christian|Green|Labour|Progressive|Social|Civic|Popular"
    r"|Republican|Centre|Center|Patriotic|Reform) (?:Union|Front|League)$"
)


def competition(name: str) -> bool:
    """Whether ``name`` is a competition's ("Africa Cup of Nations"), which no one plays for or works at."""
    return bool(_COMPETITION.search(name))


#: Words that answer a question, not name a thing.
_ANSWER_WORDS = frozenset("easy simple obviously definitely sure yes no yep nope honestly probably".split())
#: A capitalised name, then lower-case words with a first-person pronoun: a new clause the value ran into.
_RUN_ON = re.compile(r"^(?P<name>[A-Z][\w.+#-]*(?: [A-Z][\w.+#-]*)*) (?:[a-z']+ )*(?:I|we|my|our)\b.*$")
_VERB_FORM = re.compile(r"^[a-z]+ed$")
#: A value that says when, not what: a quantifier before a time noun ("most evenings", "every other weekend").
_WHEN = re.compile(
    r"^(?:most|many|some|every|all|several|other|few) (?:[a-z]+ )?(?:mornings?|evenings?|nights?|afternoons?|days?"
    r"|weekends?|weekdays?|weeks?|months?|years?|[a-z]+days)\b"
)
#: Relations only a person holds (a work "lives" nowhere); "works at" too: a book teaches at no university.
_OF_A_PERSON = _PERSON_SUBJECTS | {"works at", "works as", "plays for", "member of", "author of"}
#: The words that name a work just before its title: "author of Typhoon Season", "directed Winter Crane" ("the novel
#: Anna Vik wrote" names its author after the kind).
_WORK_CUE = (
    r"\b(?:(?:author|writer|director|composer|creator|screenwriter|illustrator) of|wrote|directed|composed) (?:the )?"
)
_A_WORK_CUE = re.compile(_WORK_CUE, re.I)  # asked first: most sentences have none, and build no pattern then


def kept(f: Fact, text: str) -> Fact | None:
    """``f`` with a title word cut from its person, or None when a term is of the wrong kind (see above)."""
    words = set(f.object.lower().split())
    if not words or words <= _FUNCTION_WORDS or _VERB_FORM.match(f.object) and lemmatise(f.object) != f.object:
        return None
    if not any(c.isalpha() for c in f.object) or _WHEN.match(f.object) or _a_work(f, text):
        return None
    if _a_label(f.subject, text) or f.subject != USER and (_wrong_kind(f) or _a_place(f, text)):
        return None
    if f.predicate == "lives in" and _moved_to_employer(f.object, text):
        f = replace(f, predicate="works at")  # "moved to Orrin Analytics": a move to a firm is a new employer
    if f.predicate == "died in" and _a_thing(f.subject, text):
        return None  # "the Pixel finally died at Glastonbury": a device broke down, no one died
    if f.subject == USER:
        if f.retract and _a_place_left(f, text):
            return None  # "left Ireland when I was nine", "moved to Sheffield from Leeds": a home, no job or tool
        if f.predicate == "works at" and _pointed_at(f.object, text):
            return None  # "I joined the team as a designer": "the team" points at a group, it names no employer
        if f.predicate == "works at" and _a_course_at(f.object, text):
            f = replace(f, predicate="studies at")  # "Started a part-time MSc in data science at the University of X"
        said = _originally(f, text)
        if said is None:
            return None
        f = said
        if f.predicate == "works as" and f.object.lower() in _AS_IDIOMS:
            return None  # "I work at X as usual": "as usual" says how often, no title
        return None if _no_relation(f.predicate) or _no_taste(f, text) else _role_cut(_run_on_cut(f))
    if f.predicate == "works at" and _POLITICAL.search(f.object):
        f = replace(
            f, predicate="member of", cardinality=None, replaces_attribute=False
        )  # one joins or quits a party, not its payroll
    if f.predicate == "works as" and not any(is_occupation(w) for w in f.object.lower().split()):
        return None  # "Background jobs go through NATS as our queue": no one works as NATS
    if f.predicate in _PERSON_VALUES:
        f = replace(f, object=_untitled(f.object))
    return replace(f, subject=_untitled(f.subject)) if f.predicate in _PERSON_SUBJECTS else f


#: Relations only an organisation has: a subject with one of them is no person.
_ORGANISATION = frozenset({"owned by", "founded by", "ceo", "cto", "headquartered in"})
#: Relations only a country has: a subject with one of them is a state, not a person.
_STATE = frozenset({"capital", "official language", "currency", "president"})
#: A band's parts: someone who plays one is a member of the band they join, not staff.
_BAND_ROLE = re.compile(
    r"\b(?:drummer|guitarist|bassist|bass player|keyboardist|vocalist|lead singer|frontman|frontwoman)s?\b",
    re.I,
)

#: How one comes into a band or leaves it: a post "teaches at" names is a job whoever holds it.
_JOINS = re.compile(r"\b(?:joins|joined|joining|has joined|added|recruited|replacing|replaced|quit|left)\b")


#: Relations whose value is a party a person belongs to.
_PARTIES = frozenset({"plays for", "works at", "member of", "educated at"})


def persons(facts: list[Fact]) -> set[str]:
    """The names ``facts`` hold as people: a person-valued relation's value, a person's relation's subject."""
    found = {f.object for f in facts if f.predicate in _PERSON_VALUES}
    return found | {f.subject for f in facts if f.predicate in _OF_A_PERSON and f.subject != USER}


def together(found: list[Fact], text: str) -> list[Fact]:
    """``found`` with each relation of the kind the sentence's other facts give its terms (see above)."""
    organisations = {f.subject for f in found if f.predicate in _ORGANISATION and not f.retract}
    # "So I quit Accenture. No new job lined up yet": one reader's employer, another's app; the relation named wins
    named = {f.object for f in found if f.subject == USER and f.retract and f.predicate != "uses"}
    states = {f.subject for f in found if f.predicate in _STATE} | _COUNTRIES
    people = persons(found)
    kept: list[Fact] = []
    for f in found:
        if f.predicate in ("member of", "works at") and f.subject in states:
            continue
        if f.predicate == "plays for" and (_a_record_label(f.object) or _a_record_label(f.subject)):
            continue  # "signed to Harbour Records in 2021": a record deal, no team; the vocabulary has no relation
        if f.predicate in _ORGANISATION and f.subject in _COUNTRIES and f.subject not in text:
            continue  # "Dutch state railway X": the adjective describes the firm, a country has no chief executive
        if f.predicate in _PARTIES and f.object in people:
            continue  # "X, chief executive of Y, signed Z to a deal": Z joins no X, a person is no club or firm
        if f.predicate == "lives in" and (f.subject in organisations or _an_organisation(f.subject, text)):
            f = replace(f, predicate="headquartered in")
        elif f.retract and f.subject == USER and f.predicate == "uses" and f.object in named:
            continue
        elif (
            f.predicate == "works at" and f.subject != USER and (_in_a_band(f.subject, text) or _an_ensemble(f.object))
        ):
            f = replace(f, predicate="member of", replaces_attribute=False)
        kept.append(f)
    return kept


#: The last word of a group one plays or sings in, not a payroll: "the Harrowby Brass Band", "the Lune Valley Choir".
_ENSEMBLES = frozenset("Band Choir Chorus Ensemble Quartet Quintet Trio".split())


def _an_ensemble(name: str) -> bool:
    """Whether ``name`` is an ensemble by its last word (:data:`_ENSEMBLES`): one joins or leaves it as a member."""
    words = name.split()
    return len(words) > 1 and words[-1] in _ENSEMBLES


#: The last word of a record label's or a publisher's name: an artist signs with one, and plays for no one.
_LABELS = frozenset("Records Recordings Music Label Publishing Press Books".split())


def _a_record_label(name: str) -> bool:
    """Whether ``name`` is a record label's or a publisher's by its last word (:data:`_LABELS`)."""
    words = name.split()
    return len(words) > 1 and words[-1] in _LABELS


def _an_organisation(name: str, text: str) -> bool:
    """Whether ``name`` is an organisation by its own shape ("Dunmore Foods", "Viken FK") or by the "which" the
    sentence refers to it with ("Halvorsen Marine, which is based in …"): a firm is based somewhere, no one lives."""
    if name == USER:
        return False
    words = name.split()
    shaped = len(words) > 1 and words[-1] in _ORG or club_shaped(name)
    return shaped or re.search(rf"\b{re.escape(name)},? which\b", text) is not None


def _originally(f: Fact, text: str) -> Fact | None:
    """A user's "is from X" said with "originally": the birthplace, unless the sentence says "born in" outright
    ("from Brazil originally, born in Recife": Recife is, and Brazil says it again more coarsely)."""
    if f.predicate != "is from" or not re.search(rf"\bfrom {re.escape(f.object)},? originally\b", text):
        return f
    return None if re.search(r"\bborn (?:\w+ )?in\b", text) else replace(f, predicate="born in")


def _in_a_band(person: str, text: str) -> bool:
    """Whether the sentence gives ``person`` a band's part: the part just before the name ("Drummer Kenji Sato",
    "a new guitarist, Mia Roth") or in an apposition after it ("Mia Roth, the band's new bassist")."""
    at = text.find(person)
    if at < 0 or not _BAND_ROLE.search(text) or not _JOINS.search(text):
        return False  # "X, a violinist, teaches at the Mozarteum": a post, and an orchestra's part is no band's
    post = re.search(r"\bas (?:a|an|the|its|their|his|her) ([\w -]{1,40})", text[at:])
    if post and not _BAND_ROLE.search(post[1]):
        return False  # "Guitarist Tom Berg joined Fender as a product designer": the post is named
    before = text[max(0, at - 24) : at]
    # "X joined Las Lunas Rotas, replacing their original drummer": the joiner takes the part
    if re.search(r"\breplacing (?:the|their|its|his|her) (?:[\w-]+ ){0,2}?" + _BAND_ROLE.pattern, text[at:], re.I):
        return True
    after = re.match(r",? (?:the|a|an|its|their|[\w']+'s?) (?:[\w-]+ ){0,2}", text[at + len(person) :])
    return bool(_BAND_ROLE.search(before)) or bool(after and _BAND_ROLE.match(text, at + len(person) + after.end()))


#: A course of study, whose "at" names a school, not an employer.
_COURSE = (
    r"\b(?:MSc|MA|BSc|BA|PhD|MBA|LLM|MPhil|DPhil|master'?s|bachelor'?s|degree|diploma|doctorate|course|bootcamp"
    r"|postgrad|undergrad)\b[^,.;:]*? at (?:the )?"
)


def _a_course_at(place: str, text: str) -> bool:
    return bool(re.search(_COURSE + re.escape(place) + r"\b", text))


#: A name's last word that says it employs people, where "moved to" it is a job: an organisation's, but no club's
#: (a player's move), and none that a place's name ends in ("Mexico City", "Union Square" are homes).
_EMPLOYER = _ORG - {"Club", "FC", "Society", "Association", "Orchestra", "Theatre", "Theater", "Museum", "Academy"}
_MOVED = re.compile(r"\b(?:moved|moves|moving|relocated|relocates|transferred|switched) (?:over )?to\b", re.I)


def _moved_to_employer(value: str, text: str) -> bool:
    return value.split()[-1] in _EMPLOYER and bool(_MOVED.search(text))


def _a_thing(subject: str, text: str) -> bool:
    """Whether ``subject`` is a thing the sentence points at ("the Pixel", "my old Kindle"): a name takes no article."""
    pointed = rf"\b(?:the|my|our|his|her|their)(?: old| new| poor| trusty)? {re.escape(subject)}\b"
    return bool(re.search(pointed, text))


#: The place a move leaves: "moved to Sheffield from Leeds", "relocated from Leeds to Sheffield".
_MOVED_FROM = r"\b(?:moved|moving|relocated|relocating)(?: \w+ly)? (?:to [^,.;]+? from {0}\b|from {0} to\b)"


def _a_place_left(f: Fact, text: str) -> bool:
    """Whether the employer or tool ``f`` retracts is a country the user left or the place a move left."""
    if f.predicate not in ("works at", "uses"):
        return False
    return f.object in _COUNTRIES or bool(re.search(_MOVED_FROM.format(re.escape(f.object)), text, re.I))


def _pointed_at(value: str, text: str) -> bool:
    """A lower-case value the sentence says with "the": a common noun for something known, no name ("the
    company", "the board"); a name said in lower case in chat ("i work at stripe") takes no article."""
    return value[:1].islower() and bool(re.search(rf"\b[Tt]he {re.escape(value)}\b", text))


def _a_label(subject: str, text: str) -> bool:
    """A common word the sentence opens with as a label ("Headline: …"); a name before a colon is the subject
    of what follows it ("Brightwater: CEO Tom Ash departs")."""
    return text.startswith(f"{subject}:") and is_word(subject.lower()) and subject.isalpha()


def _a_work(f: Fact, text: str) -> bool:
    """A person's relation whose subject the sentence introduces as a work (:data:`_WORK_CUE`)."""
    if f.predicate not in _OF_A_PERSON or f.subject == USER or f.subject not in text:
        return False
    return bool(_A_WORK_CUE.search(text) and re.search(_WORK_CUE + re.escape(f.subject) + r"\b", text, re.I))


def _a_place(f: Fact, text: str) -> bool:
    """A person's relation whose subject the sentence names as a place ("a physicist, born in Aarhus, who died
    in Copenhagen": the relative clause is the physicist's, not Aarhus's)."""
    if f.predicate not in _PERSON_SUBJECTS | {"works at"} or f" {f.subject}" not in text:
        return False
    return bool(re.search(rf"\b(?:born|based|raised|lives?|living|died) in {re.escape(f.subject)}\b", text))


def _wrong_kind(f: Fact) -> bool:
    if f.predicate in ("plays for", "works at") and competition(f.object):
        return True
    if f.predicate == "plays for" and (f.object in _COUNTRIES or f.object in DEMONYMS or f.subject in DEMONYMS):
        return True  # "New Zealand captain X", "competes for Italy": a national side or a nationality, no club
    if f.predicate in _PERSON_VALUES and _ORG & set(f.object.split()):
        return True
    if f.predicate in _PERSON_SUBJECTS and f.predicate != "married to" and _ORG & set(f.subject.split()):
        return True
    if f.predicate in _PLACE_VALUES and f.object in DEMONYMS:  # "in the Estonian capital": the place is Tallinn
        return True
    return f.predicate in _COMPANY_SUBJECTS and (f.subject in DEMONYMS or f.subject.lower() in LANGUAGES)


#: What follows "as" in an adverbial idiom, never a title: "as usual", "as always", "as planned".
_AS_IDIOMS = frozenset("usual always ever well before planned expected agreed promised scheduled such needed".split())


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
    # what follows the thing is the end, a new clause or where it sits ("the tabs on the side")
    after = r"(?=$|[,.;!?]| (?:and|but|so|too|on|in|at|of)\b)"
    return pointed and bool(re.search(rf"\bthe {re.escape(f.object)}{after}", text))


def _run_on_cut(f: Fact) -> Fact:
    """A name's value without the speaker's words run on after it ("MySQL sorry I mistyped earlier")."""
    m = _RUN_ON.match(f.object)
    return replace(f, object=m["name"]) if m else f


def _role_cut(f: Fact) -> Fact:
    """A tool's value without its role said after it ("the Helix editor" → "Helix")."""
    role = f" {f.predicate}"  # lower case: "Zen Browser", "Windows Terminal" are names
    if f.predicate in VOCABULARY and len(role) > 3 and f.object.endswith(role):
        return replace(f, object=f.object[: -len(role)])
    if (f.replaces_attribute or f.predicate == "uses") and f.object.endswith(" app") and f.object[:1].isupper():
        return replace(f, object=f.object[:-4])  # "the Proton Mail app" is the app Proton Mail
    return f


def _untitled(name: str) -> str:
    m = _TITLE_LEAD.match(name)
    if m is None:
        return name
    word = m["title"].lower()
    person = is_occupation(word) or is_occupation(lemmatise(word, "NOUN")) or is_occupation(word.rstrip("s"))
    return name[m.end() :] if person and _a_trade(word.rstrip("s").rpartition("-")[2]) else name


def _a_trade(word: str) -> bool:
    """Whether a title word is English, not a given name ("Christer"): a word of its own, or a science's
    practitioner the lexicon lacks, made of a prefix and one it has ("geophysicist", "biochemist")."""
    return is_word(word) or any(is_word(word[i:]) for i in range(2, len(word) - 5))
