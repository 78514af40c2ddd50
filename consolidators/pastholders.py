"""Whose value a third-person sentence names, and whether as held now: read on the dependency parse.

A sentence often names the value a subject held, or someone else's value, in passing, beside a cue that some
reader takes for a change. The parse says which, wherever the words fall:

- a past holder: a name in apposition to a role the sentence marks as over, of the fact's subject ("Ana Lind,
  Corvane's former chief executive, …", "Berg's ex-wife Mia Holt …"), or the subject of a state the simple past
  bounds ("Tomas Berg, who was mayor of Kelso for six years, …", "Ana Lind was Corvane's CEO for a decade"),
  or the value of a role the copula marks as over ("Velmora's former capital was Dunreth");
- a value only intended, tried or weighed: the clause that links it to the subject is the infinitive or gerund
  of a verb or noun of intent ("Halden FC tried to sign Ivo Sand", "debated moving the capital to Sarn",
  "despite a proposal to move the ministries to Sarn"), or where both sides of the relation meet inside such a
  complement ("a motion to appoint Ivo Sand as mayor of Kelso was defeated");
- an alternative set aside: "made Qarini, rather than Arabic, the official language";
- someone else's value: the clause that names the value has a subject of its own, and the fact's subject is
  not among its words outside that subject ("Mia Holt, Berg's sister, now lives in Oslo" says nothing of
  Berg's home; "Benfica sold Rui Costa to Fiorentina" names Rui Costa as the one sold, so it is his).

The parse is asked only when a cheap test of the words allows the case (the consolidator must stay fast).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from .nlp_cache import ancestors, root_of
from .relations import verb_forms
from .spans import FORMER, ended, former
from .text import lemmatise

#: Words a past holder's sentence needs: a role marked as over, or a past copula or state.
_PAST_CUE = re.compile(r"\b(?:former|ex|previous|erstwhile|one-?time|original|was|were|had)\b", re.I)
#: Verbs that give their subject a post now, whatever its apposition says it held before.
_NEW_POST = frozenset("name appoint promote elect become succeed install hire tap choose select confirm swear".split())
#: A role the sentence says another has taken since: "the original director of The Glass Lantern".
_ORIGINAL = frozenset({"original"})
#: Verbs and nouns whose infinitive or gerund complement is meant, tried or weighed, not done: a closed class
#: (with the verbs that say outright it was not done: "failed to sign", "refused to join", "declined to move").
_INTENT_VERBS = frozenset(
    "try attempt seek plan intend want hope aim propose consider debate discuss weigh mull threaten prepare"
    " fail refuse decline".split()
)
#: A motion, a bill or a campaign is put forward, not yet done: "a motion to appoint X as mayor of Y was defeated".
_INTENT_NOUNS = frozenset(
    "proposal plan bid attempt idea talk offer effort push move motion bill resolution campaign".split()
)
#: An appointment put to a vote or a veto; only a sentence that defeats it (:data:`_DEFEATED`) leaves it unmade.
_NOMINATIONS = frozenset("nomination appointment candidacy confirmation".split())
#: What defeats a nomination: a vote, a veto, a withdrawal. Not a nominee turning an offer down (``hearsay``'s
#: refusals): here the body that would appoint, or the nomination itself, fails.
_DEFEATED = re.compile(
    r"\b(?:reject(?:s|ed)?|block(?:s|ed)?|veto(?:es|ed)?|voted down|votes down|defeat(?:s|ed)|withdr[ae]w[ns]?"
    r"|scrap(?:s|ped)|overturn(?:s|ed)?|sank|sunk|thwart(?:s|ed)?|failed|fails|collapsed)\b",
    re.I,
)
_INTENT_CUE = re.compile(
    r"\b(?:"
    + "|".join(
        sorted({f for v in _INTENT_VERBS for f in verb_forms(v)} | _INTENT_NOUNS | _NOMINATIONS | {"plans", "talks"})
    )
    + r")\b",
    re.I,
)
#: The words that set a conjunct aside as the alternative not taken.
_ASIDE = frozenset({"than", "not"})
_ASIDE_CUE = re.compile(r"\b(?:rather than|instead of|not)\b", re.I)
#: Pronouns that stand for a person, which a company or a place is not.
_PERSONAL = frozenset({"he", "she", "him", "her"})


def in_passing(text: str, subject: str, value: str) -> bool:
    """Whether ``text`` names ``value`` only as ``subject``'s past holder, as an alternative set aside, or as a
    link meant or tried."""
    return set_aside(text, value) or past_holder(text, subject, value) or unrealised(text, subject, value)


def set_aside(text: str, value: str) -> bool:
    """Whether ``text`` names ``value`` as the alternative it sets aside: "made Qarini, rather than Arabic, the
    official language", "chose Lund, not Malmo": a conjunct after "than" or "not"."""
    if not _ASIDE_CUE.search(text):
        return False
    head = root_of(text, value)
    return head is not None and _aside(head)


def _aside(tok: Any) -> bool:
    """A conjunct after "than" or "not": the alternative set aside."""
    if tok.dep_ != "conj":
        return False
    return any(c.dep_ in ("cc", "neg", "preconj") and c.lower_ in _ASIDE and c.i < tok.i for c in tok.head.children)


def past_holder(text: str, subject: str, value: str) -> bool:
    """Whether ``text`` names ``value`` as one who held a role of ``subject``'s that is over, or a state of it
    that the simple past bounds."""
    if not _PAST_CUE.search(text):
        return False
    head = root_of(text, value)
    if head is None:
        return False
    owner = _words(subject)
    verb = head.head
    if (
        head.dep_ in ("nsubj", "nsubjpass")
        and lemmatise(verb.lower_, "VERB") in _NEW_POST
        and not _elsewhere(verb, owner)
    ):
        return False  # "X, Corvane's former CFO, was named chief executive": the clause gives a post now
    for role in _roles(head):
        marked = former(role) or any(c.lower_ in _ORIGINAL for c in role.lefts if c.dep_ == "amod")
        if marked and (_owned(role, owner) or _owned(head, owner)):
            return True
    if any(c.lower_ in FORMER for c in head.lefts if c.dep_ in ("compound", "amod")) and _owned(head, owner):
        return True  # "Berg's ex-wife Mia Holt": the marker and the owner hang on the name itself
    for verb in _clauses(head):  # "Ileke's former currency was the Ileke pound": the copula's other side
        other = [c for c in verb.children if c.dep_ in ("nsubj", "attr") and c != head and c.pos_ == "NOUN"]
        if any(former(c) and _owned(c, owner) for c in other):
            return True
    return any(ended(verb) and _names(verb, owner, skip=head) for verb in _clauses(head))


def _elsewhere(verb: Any, owner: set[str]) -> bool:
    """Whether the post ``verb`` gives is at another body than ``owner``: a phrase after "to" or "at" that is a
    body of its own, by its determiner or its name ("appointed to the central bank board", "named ambassador to
    Lorvane", "named chief executive of a Munich start-up"); a bare role ("promoted to chief executive") is none."""
    posts = [verb, *(c for c in verb.children if c.dep_ in ("oprd", "attr", "dobj", "xcomp"))]
    links = {"to", "at"}
    for post in posts:
        for prep in (c for c in post.children if c.dep_ == "prep" and c.lower_ in links | ({"of"} - {verb.lower_})):
            if prep.lower_ == "of" and post is verb:
                continue
            for body in (g for g in prep.children if g.dep_ == "pobj"):
                words = {t.lower_ for t in body.subtree}
                # a body by its name or its description ("a Munich start-up", "the central bank board"), not the
                # owner said again ("the company")
                described = any(c.dep_ in ("compound", "amod") for c in body.children) and any(
                    c.dep_ == "det" for c in body.children
                )
                indefinite = any(t.dep_ == "det" and t.lower_ in ("a", "an") for t in body.children)
                named = any(t.pos_ == "PROPN" for t in body.subtree)
                if (named or indefinite or described) and not owner <= words:
                    return True
    return False


def unrealised(text: str, subject: str, value: str) -> bool:
    """Whether the words linking ``subject`` to ``value`` run through the complement of a verb or noun of intent:
    the sentence says the link was meant, tried or weighed ("tried to sign X", "a proposal to move Y")."""
    if not _INTENT_CUE.search(text):
        return False
    head = root_of(text, value)
    if head is None:
        return False
    named = root_of(text, subject) or root_of(text, subject.split()[-1])  # "Nwosu" for "Emeka Nwosu"
    if _trier(head, named) or _meant_together(head, named, text):
        return True
    above = {t.i for t in ancestors(named)} | {named.i} if named is not None else set()
    path = [head, *ancestors(head)]
    below = path[: next((n for n, t in enumerate(path) if t.i in above), len(path))]
    if named is not None:
        mine = {t.i for t in path}
        chain = [named, *ancestors(named)]
        below += chain[: next((n for n, t in enumerate(chain) if t.i in mine), len(chain))]
    return any(_intended(t) for t in below)


def _meant_together(head: Any, named: Any, text: str) -> bool:
    """Whether subject and value meet inside the complement of a verb or noun of intent, so the whole relation is
    only meant: "a motion to appoint X as mayor of Y", "rejected a proposal to make X mayor of Y". The clause where
    they meet is the first verb at or above their lowest common head; a meeting on one of them ("Halden, which is
    owned by Norvik") is that name's own clause, said outright."""
    if named is None:
        return False
    above = {t.i for t in ancestors(named)} | {named.i}
    meet = next((t for t in (head, *ancestors(head)) if t.i in above), None)
    if meet is None or meet.i in (head.i, named.i):
        return False
    for t in (meet, *ancestors(meet)):  # up to the clause's verb: the noun or verb that frames the relation
        if t.pos_ == "NOUN" and _framed(t, text):
            return True
        if t.pos_ in ("VERB", "AUX"):
            return _intended(t)
    return False


def _framed(noun: Any, text: str) -> bool:
    """A noun of intent ("a motion to appoint X as mayor of Y", however the parser hangs the infinitive), or an
    appointment the sentence turns down ("voted down the nomination of X as president of Y")."""
    lemma = lemmatise(noun.lower_, "NOUN")
    if lemma in _INTENT_NOUNS:  # "a motion to appoint …"; "his loan move from X to Y" or "move to Y" is a move made
        return bool(re.search(rf"\b{re.escape(noun.text)} to (?!(?:the|a|an|his|her|its|their)\b)[a-z]", text))
    return lemma in _NOMINATIONS and bool(_DEFEATED.search(text))


def _trier(head: Any, named: Any) -> bool:
    """Whether the value is the one who tried or meant to take the subject, however the parser hung the
    infinitive ("Halden tried to sign Ivo Sand", with "to" read as a preposition): the subject under the verb."""
    verb = head.head
    if named is None or head.dep_ != "nsubj" or lemmatise(verb.lower_, "VERB") not in _INTENT_VERBS:
        return False
    tried = [c for c in verb.children if c.dep_ in ("xcomp", "ccomp") or c.dep_ == "prep" and c.lower_ == "to"]
    return any(t.i == named.i for c in tried for t in c.subtree)  # not the value's own words ("X, which owns …")


def _intended(tok: Any) -> bool:
    """An infinitive or gerund that completes a verb or noun of intent: "tried to sign", "a plan to move"."""
    if tok.tag_ not in ("VB", "VBG") or tok.dep_ not in ("xcomp", "ccomp", "acl"):
        return False
    head = tok.head
    if head.pos_ == "NOUN":
        return lemmatise(head.lower_, "NOUN") in _INTENT_NOUNS
    return lemmatise(head.lower_, "VERB") in _INTENT_VERBS


#: Prepositions whose object is a place one is in, not a party one plays or works for.
_WHERE = frozenset({"in", "into", "near", "around", "outside", "across"})


def placed(text: str, value: str) -> bool:
    """Whether the parse hangs ``value`` on a preposition of place: "moved into a flat in Glasgow's West End"
    names where the flat is, no club or employer."""
    head = root_of(text, value)
    return head is not None and head.dep_ == "pobj" and head.head.lower_ in _WHERE


def described_noun(text: str, value: str) -> str:
    """The common noun ``value`` only qualifies in the parse ("Kaizer Chiefs fans", "a Lyon club"), or "": a name
    so said is no argument of the clause, its noun is."""
    head = root_of(text, value)
    if head is None or head.dep_ != "compound" or head.head.pos_ != "NOUN":
        return ""
    return str(head.head.lower_)


def someone_elses(text: str, subject: str, value: str, *, person: bool) -> bool:
    """Whether the clause naming ``value`` has a subject of its own that is not ``subject``, and names
    ``subject`` nowhere else: a name, or (for a ``subject`` that is no person) "he" or "she"."""
    head = root_of(text, value)
    if head is None:
        return False
    verb = next((t for t in ancestors(head) if t.pos_ in ("VERB", "AUX")), None)
    if verb is None:
        return False
    agents = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    owner = _words(subject)
    if any(a.pos_ == "PRON" for a in agents):
        return not person and any(a.lower_ in _PERSONAL for a in agents)
    names = [a for a in agents if a.pos_ == "PROPN"]
    if not names or any(owner & _words_in(a) for a in names):
        return False
    if any(head.i in {t.i for t in a.subtree} and head.lower_ not in _words_in(a) for a in names):
        return True  # the value describes another agent: "Daniel Osei, chief executive of Y, signed X"
    # the parser may give the verb two subjects ("Ruiz's former teammate Ana Gil has joined …"): both are hers;
    # a clause of its own under the verb names the subject as its own agent, not the verb's ("Halden signed a
    # new keeper the day after Berg left")
    inside = {t.i for a in agents for t in a.subtree}
    if not owner & {t.lower_ for t in verb.subtree if t.i not in inside}:
        return True
    inside |= {t.i for c in _own_clauses(verb) for t in c.subtree}
    outside = {t.lower_ for t in verb.subtree if t.i not in inside}
    return not owner & outside and not (person and outside & _PERSONAL)  # "…, Halden signed him": his


def _own_clauses(verb: Any) -> Iterator[Any]:
    """The adverbial clauses under ``verb`` with a subject of their own: "after Berg left", "as Lund scored"."""
    for c in verb.children:
        if c.dep_ == "advcl" and any(g.dep_ in ("nsubj", "nsubjpass") for g in c.children):
            yield c


def _words_in(tok: Any) -> set[str]:
    """The words of the name ``tok`` heads, with the names coordinated with it ("X and Y now live in Z"): its
    compounds and conjuncts, however the parser hung a long name's parts (not an apposition's words)."""
    words, stack = set(), [tok]
    while stack:
        t = stack.pop()
        words.add(t.lower_)
        stack += [c for c in t.children if c.dep_ in ("compound", "nmod", "conj", "flat")]
    return words


def _roles(head: Any) -> Iterator[Any]:
    """The nouns in apposition to a name: "Ana Lind, Corvane's former chief executive", either way round."""
    yield from (c for c in head.children if c.dep_ == "appos")
    if head.dep_ == "appos":
        yield head.head


def _clauses(head: Any) -> Iterator[Any]:
    """The verbs a name is an argument of: its own clause's, and a relative clause's on it ("X, who was …")."""
    if head.dep_ in ("nsubj", "nsubjpass", "attr", "dobj"):
        yield head.head
    elif head.dep_ == "pobj" and head.head.dep_ == "prep":
        yield head.head.head
    for c in head.children:
        if c.dep_ == "relcl" and any(g.dep_ in ("nsubj", "nsubjpass") and g.tag_ in ("WP", "WDT") for g in c.children):
            yield c


def _owned(noun: Any, owner: set[str]) -> bool:
    """Whether ``noun``'s possessor, or what it is "of", is ``owner``: "Corvane's chief executive", "mayor of Kelso"."""
    whose = [c for c in noun.children if c.dep_ == "poss"]
    whose += [g for c in noun.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children if g.dep_ == "pobj"]
    return any(owner & {t.lower_ for t in w.subtree} for w in whose)


def _names(verb: Any, owner: set[str], *, skip: Any) -> bool:
    """Whether the clause of ``verb`` names ``owner`` outside the phrase ``skip`` heads."""
    inside = {t.i for t in skip.subtree} if skip.head == verb else {t.i for t in skip.subtree if t.i <= skip.i}
    return bool(owner & {t.lower_ for t in verb.subtree if t.i not in inside})


def _words(name: str) -> set[str]:
    """A name's capitalised words, lower-cased: the parts a sentence may call it by."""
    return {w.lower() for w in re.findall(r"[\w'-]+", name) if w[:1].isupper()} - {"the"}
