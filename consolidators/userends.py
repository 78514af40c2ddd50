"""The user's values a turn ends, read with what memory holds: a held value as the object of a verb of ending.

A sentence alone often cannot tell what kind of thing was left or given up: "we left Chicago in the spring" reads
like leaving an employer, "dropped Spanish" like dropping an app, and "we gave Biscuit to my aunt" names no pet at
all. Memory can: when the user holds a value V under a relation R (an active fact), a turn whose parse makes V the
direct object of a verb of ending (leave, quit, drop, ditch, abandon, rehome, give away or to someone) in the
user's own finished past ("I"/"we" or chat's dropped subject; a past tense or a perfect) ends R's V. A
take-back of V the readers put under another relation was the sentence misread, and goes. "I'm still single"
ends a held marriage the same way, as does a parting said of the couple ("we split up last spring", "I'm divorced
now"), a held pet's death ("Mango passed away") ends it, and its new name ("Pickle is
now called Captain") takes its place.

Precision first: a negation, a modal, a progressive ("I'm leaving Chicago next month"), a question or someone
else's subject ("my sister left Chicago") ends nothing; only a value memory holds is ever taken back.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from . import hearsay, unsaid
from .forms import norm
from .lifeevents import implied_subject
from .nlp_cache import parse_doc
from .parse import prefetch_docs
from .phrases import USER, USER_ROLES
from .repairs import TAKE_BACK
from .text import MONTHS, WEEKDAYS, expand_contractions, lemmatise, split_sentences
from .types import ActiveFact, Fact, Turn, by_turn

#: Verbs whose direct object the subject no longer has ("gave" only with "away" or a receiver: see _ends).
_ENDING = frozenset("leave quit drop ditch abandon rehome give".split())
#: Past forms the tagger reads as present ("I quit Duolingo" is VBP): said by "I"/"we" in chat, a finished act.
_PAST_AS_PRESENT = frozenset({"quit"})
_HABITUAL = frozenset("every always usually often sometimes".split())
#: Where a clause that is not the sentence's main one hangs: a clause of time or condition, a relative, a
#: complement of another's verb.
_SUBORDINATE = frozenset("advcl relcl acl pcomp csubj xcomp".split())
#: The months and days an act is dated by ("in May", "on Friday").
_CALENDAR = frozenset(word.lower() for word in MONTHS + WEEKDAYS)
#: Adverbs a finished "I quit X" may say beside it.
_DONE_ADVERBS = frozenset("just finally officially already recently eventually actually also today yesterday".split())
#: Words that open a turn to link it to the talk, saying nothing of when the act was: "so I quit X", "ok I quit X".
_LINKING = frozenset("so well anyway anyways ok okay yeah yep honestly basically".split())
#: Subjects that are the user: the speaker, or their household.
_MINE = frozenset({"i", "we"})
#: Words of the verb's own that keep it from being a finished fact: a denial, a modal, what nearly happened.
_NOT_DONE = frozenset("not never n't will would could might may should nearly almost".split())
#: A clause's opener that makes it a condition, not a fact: "if Biscuit died I'd be lost".
_CONDITIONS = frozenset("if unless suppose supposing".split())
#: Nouns of a span of time or of an outing: what a giving or a leaving lasts for is a handover or a trip, not an end.
_SPANS = frozenset(
    "weekend afternoon morning evening night day days week weeks month months holiday holidays trip vacation"
    " dawn dusk noon midnight sunrise sunset break".split()
)
#: Verbs of a marriage ending said of the couple ("we split up", "I'm divorced"); "split" and "break" with "up".
_PARTING = frozenset("divorce separate split break".split())
#: Adverbs of a parting long past, before the marriage memory holds: "I was divorced once", "… twice before".
_PRIOR = frozenset("once twice previously before formerly".split())
#: Nouns of an outing a group splits up for ("split up for the hike"): the party parts, not the couple.
_OUTINGS = _SPANS | frozenset("hike walk tour outing trip game match search shopping race ride".split())
#: The words a sentence must have to be parsed for a held marriage's end: "single", or a parting verb's form.
_MARITAL_WORDS = frozenset("single divorced separated split broke".split())
#: The nouns of a spouse, as "ex-", "former" or "late" mark one no longer.
_SPOUSE_NOUNS = r"(?:husband|wife|spouse|partner)"
#: Verbs of coming back or travelling on after a leaving: the home was left for an outing.
_RETURNS = frozenset("return come drive fly head ride walk go".split())


@dataclass(frozen=True)
class Held:
    """A relation of the user's and the value memory holds for it."""

    predicate: str
    value: str


@dataclass(frozen=True)
class Ended:
    """A held value a turn ends, and the value that takes its place when the turn names one (a pet renamed)."""

    held: Held
    new: str = ""
    kept: bool = False  # the sentence names the value but ends nothing: no reader's take-back of it stands


def ended(facts: list[Fact], active: Sequence[ActiveFact], turns: Sequence[Turn]) -> list[Fact]:
    """``facts`` (the session's, in turn order) with a take-back of each held value a user turn ends, in place of
    any take-back of it under another relation."""
    held = [Held(a.predicate, a.object) for a in active if a.subject.lower() == USER]
    if not held:
        return facts
    out: list[Fact] = []
    groups, unsourced = by_turn(facts, turns)
    # one parser batch for the session's sentences that name a held value (a call costs about one more sentence)
    prefetch_docs(n.text for turn, _ in groups if turn.role.lower() in USER_ROLES for n in _naming(turn.content, held))
    for turn, stated in groups:
        gone = list(dict.fromkeys(_turn_ends(turn.content, held))) if turn.role.lower() in USER_ROLES else []
        values = {norm(e.held.value) for e in gone}
        over = {(e.held.predicate, norm(e.held.value)) for e in gone if not e.kept}
        # a take-back of the value under another relation was a misreading; the value said as held ("my ex
        # husband Tomas" read as "husband Tomas") is the very value the turn ends
        out += [
            f
            for f in stated
            if f.subject != USER
            or not (f.retract and norm(f.object) in values or (f.predicate, norm(f.object)) in over)
        ]
        for e in (e for e in gone if not e.kept):
            said = Fact(USER, e.held.predicate, e.held.value, 0.8, valid_from=turn.ts, event_ids=(turn.event_id,))
            out.append(replace(said, retract=True))
            out += [replace(said, object=e.new)] if e.new else []
    return out + unsourced


@dataclass(frozen=True)
class _Naming:
    """A sentence that names held values, as the parser is given it, with its words and those values."""

    text: str
    words: set[str]
    named: list[Held]


def _naming(content: str, held: list[Held]) -> Iterator[_Naming]:
    """Each sentence of ``content`` that names a held value (or says "single"): only those are parsed."""
    for sentence in split_sentences(content):
        text = _dropped_subject(
            implied_subject(expand_contractions(sentence))
        )  # "Rehomed Pompom": the parse needs its "I"
        words = set(re.findall(r"[\w'-]+", text.lower()))
        named = [
            h
            for h in held
            if words & set(norm(h.value).split()) or h.predicate == "married to" and words & _MARITAL_WORDS
        ]
        named = [h for h in named if not _other_named(h, named, words)]
        if "?" not in text and named:
            yield _Naming(text, words, named)


def _dropped_subject(text: str) -> str:
    """``text`` with an opening past form that is also a plain one ("Quit Slack last month.") lower-cased: a
    capital there reads as a name ("Quit Slack" as one), and the verb's time then decides it was done
    (:func:`_past_as_present`): "Quit Slack." alone may be advice, and ends nothing."""
    first = text.split(" ", 1)[0]
    return first.lower() + text[len(first) :] if first.istitle() and first.lower() in _PAST_AS_PRESENT else text


def _other_named(h: Held, named: list[Held], words: set[str]) -> bool:
    """Whether the sentence names, whole, another held value that is only a part of ``h``'s name, and not all of
    ``h``: "ditched Notion" with a notes app Notion held ends that one, not the calendar app Notion Calendar."""
    mine = set(norm(h.value).split())
    return not mine <= words and any(
        (theirs := set(norm(o.value).split())) < mine and theirs <= words for o in named if o is not h
    )


#: A take-back that names the value it takes back: "scratch that about Bolt", "forget what I said about Leeds".
_TAKEN_BACK_ABOUT = rf"\b{TAKE_BACK} about "


def _turn_ends(content: str, held: list[Held]) -> Iterator[Ended]:
    for sentence in _naming(content, held):
        text, words, named = sentence.text, sentence.words, sentence.named
        doc = parse_doc(text)
        if doc is None:
            return
        for h in named:
            described = re.search(rf"\b(?:the|a|an|that) [a-z]+ {re.escape(h.value)}\b", text, re.I)
            said = "single" if h.predicate == "married to" and "single" in words else h.value
            if re.search(rf"{_TAKEN_BACK_ABOUT}(?:the )?{re.escape(h.value)}(?![\w-])", text, re.I):
                yield Ended(h)  # "scratch that about Bolt, I work at Wise": the held value named is taken back
            elif described or not _asserted(text, said):
                yield Ended(h, kept=True)  # the gates every reader sits behind: a scene, a dream, hearsay, "nearly"
            elif h.predicate == "married to" and (_single(doc) or _parted(doc, h.value) or _ex(text, h.value)):
                yield Ended(h)
            elif h.predicate == "married to" and not words & set(norm(h.value).split()):
                yield Ended(h, kept=True)  # "single on paper": a "single" that is no marital status ends nothing
            elif _object_of_ending(doc, h.value) or h.predicate == "has pet" and _died(doc, h.value):
                yield Ended(h)
            elif h.predicate == "has pet" and (name := _renamed(doc, h.value)):
                yield Ended(h, name)
            elif h.predicate != "married to" and _held_object(doc, h.value):
                yield Ended(h, kept=True)  # "dropped Kai off at school": an act on the value that ends nothing


def _asserted(text: str, value: str) -> bool:
    """Whether ``text`` states what it says of ``value`` as the user's own real fact: the shared gates of
    :mod:`consolidators.unsaid` (a take-back, fiction, what nearly happened) and :mod:`consolidators.hearsay`
    (another's belief, a dream, a scene, a namesake who is someone else's)."""
    said = Fact(USER, "has", value, 0.8)
    return not (unsaid.unsaid(said, text) or hearsay.unasserted(text, value) or hearsay.anothers(text, value))


def _real(verb: Any) -> bool:
    """A verb that states a fact: not denied, modal or nearly done, and in no clause of a condition."""
    if not _not_denied(verb):
        return False
    tok = verb
    while True:
        if any(c.dep_ == "mark" and c.lower_ in _CONDITIONS for c in tok.children):
            return False
        if tok.head.i == tok.i:
            return True
        tok = tok.head


def _the_held(tok: Any) -> bool:
    """The held value's word names the user's own, not a namesake another's description picks out ("the band
    Mochi", "Biscuit, the dog from the film"): no determiner or common noun before it, no description beside it
    that is not the user's ("Biscuit, our beagle")."""
    words = [t for t in tok.doc[max(tok.i - 3, 0) : tok.i]]
    if words and words[-1].tag_ in ("NN", "NNS") and any(w.lower_ in ("the", "a", "an", "that") for w in words):
        return False
    for c in tok.children:
        if c.dep_ == "appos" and not any(g.lower_ in ("my", "our") for g in c.subtree):
            return False
    return True


def _a_span(verb: Any) -> bool:
    """A time the act lasts or happens in, said with it: "for the weekend", "while we were away", "at dawn",
    "on a day trip"."""
    for c in verb.children:
        if c.dep_ == "advcl" and any(m.lower_ in ("while", "until", "till") for m in c.children):
            return True
        if c.dep_ == "prep" and any(g.dep_ == "pobj" and lemmatise(g.lower_, "NOUN") in _SPANS for g in c.children):
            return True
    return any(lemmatise(t.lower_, "NOUN") in ("trip", "outing") for t in verb.doc)


def _object_of_ending(doc: Any, value: str) -> bool:
    """Whether ``value`` is named as the direct object of a verb of ending the user did."""
    words = norm(value).split()
    for tok in doc:
        if tok.dep_ != "dobj" or norm(tok.text) not in words:
            continue
        verb = tok.head
        if _lemma(verb) in _ENDING and _ends(verb) and _done_by_user(verb) and _the_held(tok) and _for_good(verb):
            return True
    return False


def _held_object(doc: Any, value: str) -> bool:
    """Whether ``value`` is the object of a verb of ending or the subject of a death the readers did not end."""
    words = norm(value).split()
    return any(
        norm(t.text) in words
        and (t.dep_ == "dobj" and _lemma(t.head) in _ENDING or t.dep_ == "nsubj" and _lemma(t.head) in ("die", "pass"))
        for t in doc
    )


def _for_good(verb: Any) -> bool:
    """An ending, not a handover, an errand or an outing: no span of time ("gave X to my mum for the weekend"), no
    drop-off ("dropped Kai off at school", "dropped X at the groomer"), no second object ("left Corvell a bad
    review"), no return or journey on ("left Ravenna at dawn and drove to the coast", "… and returned at 30")."""
    kids = list(verb.children)
    if _a_span(verb) or sum(c.dep_ in ("dobj", "dative") for c in kids) > 1:
        return False
    kids += [g for c in kids if c.dep_ == "dobj" for g in c.children]  # "off" the parse hangs on the object
    if _lemma(verb) == "drop" and any(c.dep_ == "prt" or c.dep_ == "prep" and c.lower_ in ("at", "to") for c in kids):
        return False
    return not any(c.dep_ == "conj" and _lemma(c) in _RETURNS for c in kids)


def _past_as_present(verb: Any) -> bool:
    """A past form the tagger read as present ("I quit Duolingo", chat's subjectless "quit Duolingo last week"), not
    a habit ("I quit sugar every January")."""
    if verb.lower_ not in _PAST_AS_PRESENT or verb.tag_ not in ("VBP", "VB"):
        return False
    if verb.tag_ == "VB" and (verb.i > 0 or any(c.dep_ in ("aux", "nsubj") for c in verb.children)):
        return False  # "I'll quit Globex", "want to quit": a plain form after its subject is not yet done
    return _finished(verb)


def _subject(verb: Any) -> bool:
    return any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children)


def _finished(verb: Any) -> bool:
    """Whether a form that is past as well as plain, as its sentence uses it, is a finished act of the user's."""
    if any(t.lower_ in _HABITUAL for c in verb.children if c.dep_ in ("npadvmod", "advmod") for t in c.subtree):
        return False
    # a form that is present as well as past is a finished act only in a main clause that says nothing else of
    # when: not a clause of time or condition ("whenever I quit X, I'll …", "before I quit X", "until I quit X"),
    # not an episode or a habit ("once before", "whenever my manager yells", "each time it crashes", "before
    # going to bed"), not someone's advice ("quit X and join us, my friend told me", "quit X, it's hogging …")
    head = verb
    while head.dep_ == "conj" and head.head is not head:
        head = head.head
    if head.dep_ in _SUBORDINATE or any(c.dep_ == "mark" for c in head.children):
        return False
    timed = False
    for c in verb.children:
        if c.dep_ in ("nsubj", "dobj", "punct", "cc", "conj"):
            continue
        if _past_time(c):
            timed = True
        elif not (c.dep_ == "advmod" and c.lower_ in _DONE_ADVERBS or _linking(c, verb)):
            return False
    # said without its subject ("quit Duolingo last week") it is a finished act only with its past time
    return timed or any(c.dep_ == "nsubj" for c in verb.children)


def _linking(tok: Any, verb: Any) -> bool:
    """Whether ``tok`` is a linking word that opens the clause before its verb ("so I quit X", "ok I quit X")."""
    return tok.dep_ in ("advmod", "intj") and tok.lower_ in _LINKING and tok.i < verb.i


def _past_time(tok: Any) -> bool:
    """A modifier that dates an act in the past: "last week", "two weeks ago", "yesterday", "in May", "on Friday",
    "after the price went up"."""
    words = {t.lower_ for t in tok.subtree}
    if tok.dep_ in ("advcl", "prep") and not words & {"whenever", "each", "every", "until", "before", "once"}:
        if any(t.tag_ == "VBD" for t in tok.subtree):
            return True  # "quit Memrise after the price went up": dated by a past event
    if tok.dep_ == "npadvmod" or tok.dep_ == "advmod":
        return bool(words & {"last", "ago", "yesterday"})
    if tok.dep_ == "prep" and tok.lower_ in ("in", "on"):
        return any(t.ent_type_ == "DATE" or t.like_num or t.lower_ in _CALENDAR for t in tok.subtree if t is not tok)
    return False


def _lemma(verb: Any) -> str:
    """The verb's lemma; a past form the lemmatiser does not know loses its "d" ("rehomed")."""
    lemma = lemmatise(verb.lower_, "VERB")
    return lemma[:-1] if lemma == verb.lower_ and lemma.endswith("ed") else lemma


def _ends(verb: Any) -> bool:
    """A giving ends the having only when it says where to ("gave X to my aunt", "gave X away")."""
    if _lemma(verb) != "give":
        return True
    return any(c.lower_ in ("away", "to") for c in verb.children)


def _done_by_user(verb: Any) -> bool:
    """A finished act of the user's: past or perfect, not negated or modal, its subject "I"/"we" or dropped."""
    if verb.tag_ not in ("VBD", "VBN") and not _past_as_present(verb):
        return False  # "I'm leaving Chicago next month", "we leave Chicago on Friday": not done yet
    if verb.lower_ in _PAST_AS_PRESENT and verb.dep_ != "conj" and not _subject(verb) and not _finished(verb):
        return False  # "quit Slack." read as a past is still advice, "quit Slack every January" a habit
    kids = list(verb.children)
    if not _real(verb):
        return False
    if any(c.dep_ == "advcl" and any(t.lower_ == "whenever" for t in c.subtree) for c in kids):
        return False  # "I quit X whenever the boss shouts": a habit, whatever the tagger reads the verb as
    if verb.tag_ == "VBN" and any(
        c.dep_ in ("aux", "auxpass") and c.lower_ not in ("have", "has", "had") for c in kids
    ):
        return False  # "was dropped": a passive's object is someone else's doing
    head = verb
    while head.dep_ == "conj" and head.head is not head:
        head = head.head  # "I dropped X and left Y": the first verb's subject does both
    subjects = [c for c in head.children if c.dep_ in ("nsubj", "nsubjpass")]
    return all(s.lower_ in _MINE for s in subjects)


def _died(doc: Any, name: str) -> bool:
    """ "Mango passed away on Tuesday", "Biko died last week": the held pet is the subject of a death."""
    for tok in doc:
        if tok.dep_ != "nsubj" or norm(tok.text) != norm(name).split()[-1]:
            continue
        verb, lemma = tok.head, _lemma(tok.head)
        away = any(c.lower_ in ("away", "on") for c in verb.children)
        if (lemma == "die" or lemma == "pass" and away) and verb.tag_ in ("VBD", "VBN") and _real(verb):
            return _the_held(tok)
    return False


def _renamed(doc: Any, name: str) -> str:
    """ "Pickle is now called Captain", "we renamed Pickle to Captain": the held pet's new name ("" if none)."""
    for tok in doc:
        if norm(tok.text) != norm(name).split()[-1] or tok.dep_ not in ("nsubjpass", "dobj"):
            continue
        verb = tok.head
        if _lemma(verb) not in ("call", "name", "rename") or not _real(verb) or not _the_held(tok):
            continue
        if any(c.dep_ == "agent" and not any(g.lower_ in ("us", "me") for g in c.children) for c in verb.children):
            continue  # "is called Crumble by the kids": what others call the pet, not its name
        if tok.dep_ == "dobj" and _lemma(verb) != "rename":
            continue  # "we called Pickle in": calling a pet is no new name
        new = [c for c in verb.children if c.dep_ in ("oprd", "attr")]
        new += [g for c in verb.children if c.lower_ == "to" for g in c.children if g.dep_ == "pobj"]
        if len(new) == 1 and new[0].text[:1].isupper():
            return str(new[0].text)
    return ""


def _parted(doc: Any, spouse: str) -> bool:
    """ "we split up last spring", "I'm divorced now", "Tomas and I separated": the user's marriage is over, said of
    the couple with no one named but the held spouse, and nothing split but the couple ("we split up the bill")."""
    for verb in doc:
        lemma = _lemma(verb)
        up = any(c.dep_ == "prt" and c.lower_ == "up" for c in verb.children)
        if lemma not in _PARTING or lemma in ("split", "break") and not up or verb.tag_ not in ("VBD", "VBN"):
            continue
        kids = list(verb.children)
        if not _real(verb) or any(c.dep_ == "dobj" and not _names_spouse(c, spouse) for c in kids):
            continue
        if any(c.dep_ == "prep" and _year(c) for c in kids) or _before(verb):
            continue  # "I was divorced in 2009", "… once, before I met X": a marriage before the one memory holds
        if any(c.dep_ in ("prep", "agent") and c.lower_ in ("from", "by") and not _spouse_in(c, spouse) for c in kids):
            continue  # "divorced from social media", "separated by 300 km": parted from something, or kept apart
        if lemma in ("split", "break") and _a_party(verb):
            continue  # "we split up for the day", "… into two groups", "… at the mall to find gifts": a group's parting
        subjects = [s for c in kids if c.dep_ in ("nsubj", "nsubjpass") for s in (c, *c.conjuncts)]
        if subjects and any(s.lower_ in _MINE for s in subjects):
            return all(s.lower_ in _MINE or _names_spouse(s, spouse) for s in subjects)
    return False


def _before(verb: Any) -> bool:
    """A parting said as one long past: "once", "twice", "previously", or a time before ("before I met X")."""
    for c in verb.children:
        if c.dep_ == "advmod" and c.lower_ in _PRIOR or c.dep_ == "prep" and c.lower_ == "before":
            return True
        if c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ == "before" for m in c.children):
            return True
    return False


def _spouse_in(prep: Any, spouse: str) -> bool:
    return any(_names_spouse(t, spouse) for t in prep.subtree)


def _a_party(verb: Any) -> bool:
    """A group splitting for an outing, not a couple parting: split into parts ("into two groups"), for a span or
    an outing ("for the day", "for the hike"), at a place ("at the mall"), or to do something ("to find gifts")."""
    for c in verb.children:
        objects = [g for g in c.children if g.dep_ == "pobj"]
        if c.dep_ == "prep" and c.lower_ == "into":
            return True
        if c.dep_ == "prep" and c.lower_ == "for" and any(lemmatise(g.lower_, "NOUN") in _OUTINGS for g in objects):
            return True
        if c.dep_ == "prep" and c.lower_ == "at" and any(g.ent_type_ not in ("DATE", "TIME") for g in objects):
            return True
        if c.dep_ == "advcl" and any(a.dep_ == "aux" and a.lower_ == "to" for a in c.children):
            return True
    return False


def _ex(text: str, spouse: str) -> bool:
    """ "my ex-husband Tomas", "Tomas, my ex", "my late wife Ana": the held spouse named as one no longer."""
    name = re.escape(spouse)
    before = rf"(?<!')\b(?:my|our) (?:ex-?\s?|former |late ){_SPOUSE_NOUNS},? {name}\b"
    after = rf"\b{name},? (?:my|our) (?:ex\b(?!-)|(?:ex-?\s?|former |late ){_SPOUSE_NOUNS})"
    return re.search(f"{before}|{after}", text, re.I) is not None


def _names_spouse(tok: Any, spouse: str) -> bool:
    return norm(tok.text) in norm(spouse).split()


def _year(prep: Any) -> bool:
    """Whether a preposition's object is a year ("in 2009")."""
    return any(o.dep_ == "pobj" and o.like_num and len(o.text) == 4 for o in prep.children)


def _not_denied(verb: Any) -> bool:
    return not any(c.dep_ == "neg" or c.lower_ in _NOT_DONE for c in verb.children)


def _single(doc: Any) -> bool:
    """ "I'm single", "we are still single": the user says no marriage holds."""
    for tok in doc:
        if tok.lower_ != "single" or tok.dep_ != "acomp":
            continue
        verb = tok.head
        kids = list(verb.children)
        if not _real(verb) or any(c.dep_ == "prep" for c in [*tok.children, *kids]):
            return False  # "single at heart", "single on paper": single only in a respect
        return any(c.dep_ == "nsubj" and c.lower_ == "i" for c in kids)
    return False
