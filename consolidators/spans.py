"""Spans of a dependency parse: which tokens are names, whose role a noun is, a name's words, one fact.

Shared by the third-person reader (:mod:`consolidators.parse`) and the
first-person one (:mod:`consolidators.chatparse`): both ask the same
questions of a token — is it a name ("Spotify", "the Foo Fighters"), what
does "the capital of Peru" belong to, where does "the city of Passy" point —
so the answers live here once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from .forms import RELATIVES
from .places import DEMONYMS
from .relations import correct, role_relation
from .text import PARSED_HYPHEN, lemmatise
from .types import Fact
from .vocabulary import clean_object, normalise_predicate

#: A lowercase common noun heading a name ("the city of Passy"): the name is the value.
_CONTAINERS = frozenset(
    "city town village country state province region island county municipality nation hometown ruins"
    " archipelago peninsula".split()
)


#: Adjectives that describe a place without making "the X city of Y" a role: "the ancient city of Petra".
_SCENIC = frozenset(
    "ancient historic old medieval coastal small little tiny sleepy picturesque walled fortified planned new".split()
)
#: Dependency labels whose words belong to a name, left of its head.
_NAME_LEFT = frozenset({"compound", "amod", "nmod", "poss", "case", "nummod", "det", "quantmod", "punct", "npadvmod"})


def child(tok: Any, *deps: str) -> Any:
    """The first child of ``tok`` with one of the labels ``deps`` (None for a missing ``tok``)."""
    return None if tok is None else next((c for c in tok.children if c.dep_ in deps), None)


def prep_of(verb: Any, word: str) -> Any:
    return next((c for c in verb.children if c.dep_ == "prep" and c.text.lower() == word), None)


def place_in(obj: Any) -> Any:
    """The name inside "his home in Ketchum", "a flat in Bilbao": the place, when the noun is no name."""
    if is_name(obj):
        return obj
    inner = child(child(obj, "prep"), "pobj")
    return inner if inner is not None and is_name(inner) and child(obj, "prep").text.lower() in ("in", "at") else obj


#: Roles a country holds, which a demonym before them names ("the French capital", "the Finnish president").
_NATIONAL_ROLES = frozenset(
    "capital president currency language government parliament king queen minister citizen citizenship national"
    " passport flag anthem".split()
)


def owner_of(noun: Any) -> Any:
    """Y of "the X of Y", "Y's X" or "the <Y-adjective> X" ("the French capital": France), when Y is a name."""
    poss = child(noun, "poss")
    if poss is not None and is_name(poss):
        return poss
    # "a drummer with the Brass Meridian", "an analyst with Lazard": a holder's "with" is where the role is held
    prep = next((c for c in noun.children if c.dep_ == "prep" and c.text.lower() in ("of", "at", "for", "with")), None)
    obj = child(prep, "pobj") if prep is not None else None
    obj = titled(obj) if obj is not None else None  # "the birthplace of the novelist Chimamanda Ngozi Adichie"
    if obj is not None and is_name(obj):
        return obj
    employer = _after_field(noun, prep, obj)
    if employer is not None:
        return employer
    demonym = next((c for c in noun.lefts if c.dep_ == "amod" and c.text in DEMONYMS), None)
    if demonym is not None:  # "the French capital" is France's, "the Italian director X" is no director of Italy's
        return DEMONYMS[demonym.text] if lemmatise(noun.text, "NOUN") in _NATIONAL_ROLES else None
    coined = next((c for c in noun.lefts if c.dep_ in ("amod", "compound") and _coined_demonym(c)), None)
    det = child(noun, "det")  # "the Marovian capital" names the one; "a Norvassan citizen" may be anyone's
    if (
        coined is not None
        and lemmatise(noun.text, "NOUN") in _NATIONAL_ROLES
        and det is not None
        and det.lower_ == "the"
    ):
        return coined.text[:-1]  # "the Marovian capital": Marovia's, a country the table can't list
    # "the Boca Juniors goalkeeper", "the Apple CEO": a name before a role noun is whose role it is
    named = [c for c in noun.lefts if c.dep_ == "compound" and c.pos_ == "PROPN" and c.text not in DEMONYMS]
    det = child(noun, "det")
    definite = det is not None and det.lower_ == "the"  # not "a Norvassan citizen"
    return named[-1] if noun.pos_ == "NOUN" and definite and named else None


def _after_field(noun: Any, prep: Any, field: Any) -> Any:
    """The name a post over a field is held at: "head of risk at Nordhavn Bank", "VP of sales at Obelisk" (the
    parser hangs the "at" on the title or on the field); None when the "of" noun is no field."""
    if prep is None or prep.lower_ != "of" or field is None or field.pos_ != "NOUN" or not field.text.islower():
        return None
    at = next((c for t in (noun, field) for c in t.children if c.dep_ == "prep" and c.lower_ in ("at", "with")), None)
    employer = child(at, "pobj")
    return employer if employer is not None and employer.pos_ == "PROPN" and is_name(employer) else None


def _coined_demonym(tok: Any) -> bool:
    """ "Marovian", "Sundaran": a capitalised adjective in -ian/-an the table lacks names the country in -ia/-a."""
    return (
        tok.text[:1].isupper() and tok.text.endswith(("ian", "an")) and tok.text not in DEMONYMS and len(tok.text) > 5
    )


def role_words(noun: Any) -> list[str]:
    """A role noun's modifiers and lemma ("official languages" → ["official", "language"])."""
    mods = [
        c.text.lower()
        for c in noun.lefts
        if c.dep_ in ("amod", "compound") and c.pos_ != "PROPN" and c.text not in DEMONYMS
    ]
    return [*mods, lemmatise(correct(noun.text), "NOUN")]


def role_name(noun: Any) -> str:
    """The relation a noun names, its typos mended: a canonical predicate when the vocabulary knows it."""
    found = role_relation(role_words(noun))
    return found[0] if found is not None else normalise_predicate(" ".join(role_words(noun)))


def definite(noun: Any) -> bool:
    """A singular noun made definite ("the capital", "Peru's capital"): it names one value."""
    det = child(noun, "det")
    # a bare title is definite too: "Berg is mayor of Brell"
    definite = det is None or det.text.lower() == "the" or child(noun, "poss") is not None
    return definite and noun.tag_ in ("NN", "NNP")


def is_name(tok: Any, *, initial: bool = False) -> bool:
    """A proper noun, a number or a capitalised word: something a fact can be about."""
    if tok.pos_ in ("PROPN", "NUM") or tok.text in DEMONYMS:  # "Portuguese is the language of Brazil"
        return True
    # "French" or "Latin" as a value parses as an adjective; a capital opening the sentence proves nothing
    # unless the sentence is a relation about it ("Jaws was directed by …")
    opening = tok.i == tok.sent.start
    return tok.text[:1].isupper() and (
        tok.pos_ in ("NOUN", "X", "ADJ")
        and not opening
        or initial
        and opening
        and (tok.pos_ == "NOUN" or tok.dep_.startswith("nsubj") and tok.pos_ in ("VERB", "ADJ") and _bare(tok))
    )  # a subject name the tagger took for a verb or an adjective ("Spotify was founded by …")


ORG_WORDS = frozenset(
    """Labs Lab Inc Corp Corporation Industries Systems Group Ltd Company Co Bank University College Foundation
    Institute Museum Tower Bridge Park Studios Records Airlines Motors Technologies Software Games Partners
    Holdings Media Networks Foods Pharma Capital Ventures Club FC United City Robotics Energy Analytics
    Logistics Mobility Solutions Dynamics Electronics Therapeutics Health Insurance Trust Fund Agency Press
    Publishing Airways Rail Telecom Communications Entertainment Pictures Films Brewing Automotive Aerospace
    Security Consulting Associates LLC PLC GmbH AG SA Limited Works Studio Collective Council Ministry
    Society Association Union Orchestra Theatre Theater Hospital Clinic School Academy Bakery Kitchen
    Airlines Shipping Mining Steel Textiles Biotech Labs Interactive Digital Data Cloud AI
    Universidad Universidade Université Universität Università Universiteit Instituto Institut Hochschule""".split()
)


def _bare(tok: Any) -> bool:
    """An opening word straight before its verb ("Spotify was …"), not a discourse word ("Understood, …")."""
    nxt = tok.i + 1
    return tok.tag_ != "VBG" and nxt < len(tok.doc) and not tok.doc[nxt].is_punct


#: Nouns that describe an organisation: "Hanbit Semiconductor, the Suwon-based chipmaker" is no person.
ORG_NOUNS = frozenset(
    """company firm startup start-up chipmaker carmaker automaker maker manufacturer retailer bank lender insurer
    airline carrier team club side outfit group publisher broadcaster studio label brand agency charity nonprofit
    fund operator provider developer supplier producer brewer brewery distillery winery chain conglomerate
    giant business subsidiary utility newspaper magazine network platform app""".split()
)


def person(tok: Any) -> bool:
    """A name of two or more words ("Omar Haddad"): a person who can move house, unlike "Herald"."""
    compound = any(c.dep_ == "compound" and c.pos_ == "PROPN" for c in tok.lefts)
    described = any(c.dep_ == "appos" and lemmatise(c.text, "NOUN") in ORG_NOUNS for c in tok.rights)
    return tok.pos_ == "PROPN" and compound and tok.text not in ORG_WORDS and not described


def antecedent(tok: Any) -> Any:
    """Who "he" or "she" is when the sentence names exactly one person before it ("An earlier version misstated
    Idris Bello's birthplace; he was born in Kano"); the token itself otherwise."""
    if tok is None or tok.lower_ not in ("he", "she"):
        return tok
    people = [t for t in tok.doc[: tok.i] if person(t)]
    # "Celtic signed Salcedo from Sporting CP, and he …": a verb's object named by one word is a person too
    people += [t for t in tok.doc[: tok.i] if t.dep_ == "dobj" and t.pos_ == "PROPN" and t not in people]
    # "Anders Holm visited his mother: she lives in Bergen": a relative named between may be who "she" is
    others = len(people) == 1 and any(t.lower_ in RELATIVES for t in tok.doc[people[0].i : tok.i])
    return people[0] if len(people) == 1 and not others else tok


def titled(subj: Any) -> Any:
    """The name in "the painter Ilka Roos": a common noun's appositive name is the subject; so is the name after
    a person's role "of" a name ("The mayor of Ardmore, Ciaran Walsh, is married to …"), which the parser
    hangs on the role's "of" name."""
    appos = child(subj, "appos")
    if subj.pos_ == "NOUN" and appos is not None and appos.i > subj.i and is_name(appos):
        return appos
    return _holder(subj) or subj


def _holder(role: Any) -> Any:
    """The full name in apposition after "<a person's role> of <name>", or None."""
    if role.pos_ != "NOUN":
        return None
    relation = role_relation(role_words(role))
    of = next((c for c in role.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    pobj = child(of, "pobj") if of is not None else None
    appos = child(pobj, "appos") if pobj is not None else None
    person = relation is not None and relation[1] == "owner" and relation[0] in _HELD_BY_PEOPLE
    full = appos is not None and child(appos, "compound") is not None  # a first name and a surname
    return appos if person and full and pobj is not None and pobj.pos_ == "PROPN" and is_name(appos) else None


#: An owner's roles a person holds ("the mayor of …", "the chief executive of …").
_HELD_BY_PEOPLE = frozenset({"mayor", "ceo", "president", "founded by", "directed by"})


def conjuncts(tok: Any) -> Iterable[Any]:
    for c in tok.children:
        if c.dep_ == "conj":
            yield c
            yield from conjuncts(c)


def value_of(tok: Any) -> Any:
    """The name a value phrase gives: "the city of Passy" → Passy; anything else unchanged."""
    # "the capital city of X" is a role; "the Danish town of Billund" (a demonym) still names Billund
    bare = not any(
        c.dep_ == "compound" or c.dep_ == "amod" and not c.text[:1].isupper() and c.lower_ not in _SCENIC
        for c in tok.lefts
    )
    if tok.pos_ == "NOUN" and tok.text.lower() in _CONTAINERS and bare:
        inner = owner_of(tok)
        if inner is not None:
            return inner
    named = next((c for c in tok.rights if c.dep_ == "appos" and c.pos_ == "PROPN"), None)
    # "the architect Sela Obi": the noun describes the name after it (or the names listed from it: "violinists
    # Anna Berg and Mirek Novak")
    if tok.pos_ == "NOUN" and tok.text.islower() and named is not None and named.right_edge.i == tok.right_edge.i:
        return named
    return tok


#: Buildings a name comes before ("the Casa Ombra museum"): the name is what the sentence is about.
NAMED_SITES = frozenset(
    "museum gallery cathedral church mosque temple synagogue palace castle fortress tower bridge stadium arena"
    " theatre theater library monument observatory zoo".split()
)
#: Places a city's name comes before ("died in a Stockholm hospital", "lives in a Lisbon flat"): where it is.
SITES_IN_A_PLACE = frozenset(
    "hospital clinic hospice home flat apartment house hotel prison suburb villa residence neighbourhood neighborhood"
    " district".split()
)


def site_name(tok: Any, sites: frozenset[str]) -> Any:
    """The name before a site noun ("the Casa Ombra museum" → Casa Ombra, "a Stockholm hospital" →
    Stockholm), or ``tok`` itself."""
    if tok.pos_ != "NOUN" or lemmatise(tok.text, "NOUN") not in sites:
        return tok
    named = [c for c in tok.lefts if c.dep_ == "compound" and c.pos_ == "PROPN"]
    return named[-1] if named else tok


def name_text(tok: Any) -> str:
    """A name's words: its left modifiers, itself, and an "of" phrase inside a name ("Bank of Spain")."""
    left = _left_edge(tok)
    right = tok.i + 1
    prep = next((c for c in tok.rights if c.dep_ == "prep" and c.text.lower() == "of"), None)
    if tok.pos_ == "PROPN" and prep is not None:
        obj = child(prep, "pobj")
        if obj is not None and obj.pos_ == "PROPN":
            right = obj.i + 1
    title = tok.doc[left]
    # "CEO Sundar Pichai", "President Stubb": the title is the relation, not the name; an organisation's name
    # holds no title ("National Taiwan University")
    if (
        left < tok.i
        and title.dep_ == "compound"
        and role_relation([title.text]) is not None
        and tok.text not in ORG_WORDS
    ):
        left += 1
    while left < tok.i and tok.pos_ == "PROPN" and _descriptor(tok.doc[left]):
        left += 1  # "the composer Arvid Holm": a lowercase noun before a name describes it
    described = [i for i in range(left, tok.i) if tok.pos_ == "PROPN" and _described_by(tok.doc[i])]
    if described:  # "the Minecraft studio Mojang", "Former Google engineer Marek Zielinski"
        left = described[-1] + 1
    # "C's ex-CEO Peter Lind": the prefix's hyphen and the title after it are the word the prefix began
    if left < tok.i and tok.doc[left].text == "-" and tok.pos_ == "PROPN" and _described_by(tok.doc[left - 1]):
        left += 1
        title = tok.doc[left]
        if left < tok.i and title.dep_ == "compound" and role_relation([title.text]) is not None:
            left += 1
    while right < len(tok.doc) and (_abbreviation(tok.doc[right]) or _model_number(tok, tok.doc[right])):
        right += 1  # "Viken IF", "Halden AG": a club's or firm's suffix the tagger took for a word
    words = tok.doc[left:right].text.replace(PARSED_HYPHEN, "-")  # the hyphen the parser was given for "al-"
    return re.sub(r"^(?:the|a|an) ", "", words, flags=re.I)


def _descriptor(tok: Any) -> bool:
    """ "the", "the composer Arvid Holm", "fluent Japanese": words before a name that describe it."""
    lower_word = tok.text.islower() and tok.dep_ in ("compound", "amod")
    return bool(tok.lower_ == "the" or lower_word and tok.pos_ in ("NOUN", "ADJ"))


def _described_by(tok: Any) -> bool:
    """A lower-case noun inside a name's left words: what the name is, not part of it ("Hyun-woo" is the name)."""
    hyphenated = tok.i > 0 and tok.doc[tok.i - 1].text == "-"
    return bool(tok.pos_ == "NOUN" and tok.text.islower() and tok.dep_ in ("compound", "nmod") and not hyphenated)


def _abbreviation(tok: Any) -> bool:
    return bool(tok.is_alpha and tok.text.isupper() and 2 <= len(tok.text) <= 4 and not list(tok.children))


def _model_number(name: Any, tok: Any) -> bool:
    """ "Windows 11", "OnePlus 12": a number right after a name is part of it."""
    return bool(tok.dep_ == "nummod" and tok.head == name and tok.like_num)


def _left_edge(tok: Any) -> int:
    left: int = tok.i
    for c in tok.lefts:
        if c.dep_ in _NAME_LEFT and c.tag_ != "PRP$":
            left = min(left, _left_edge(c) if c.dep_ in ("compound", "poss", "nmod") else c.i)
    doc = tok.doc  # "Hyun-woo Baek": the parser may hang "Hyun-" off nothing, but the hyphen joins the name
    while left >= 2 and doc[left - 1].text == "-" and doc[left - 2].text[:1].isupper() and tok.pos_ == "PROPN":
        left -= 2
    return left


#: Nouns that measure how long a state lasted: "for twelve years", "for two seasons".
_DURATIONS = frozenset("year month week day decade century season term while spell stint".split())
#: Verbs of a lasting state (not of an event such as "join", "elect", "found" whose result lasts).
_STATES = frozenset(
    "be live reside work play own marry employ base headquarter locate serve lead run study attend teach stay"
    " belong manage head chair coach".split()
)
#: Words that mark a role as not held now: held once ("the former mayor") or not yet ("the future president"); an
#: "incoming" holder may have taken office already ("its incoming chief executive took office this week").
FORMER = frozenset("former previous erstwhile onetime one-time ex then late past future prospective".split())


def ended(verb: Any) -> bool:
    """A state in the simple past bounded by "for <duration>" or "until …": it held once and is over.

    "was married to Y for twelve years", "was owned by Y until 2019", "lived in X for a decade". The
    present perfect ("has been married … for twelve years") is still true, and a past event whose result
    lasts ("was founded in 2004") has no such bound.
    """
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if any(a.tag_ in ("VBZ", "VBP") for a in auxes) or not (verb.tag_ == "VBD" or any(a.tag_ == "VBD" for a in auxes)):
        return False
    if lemmatise(correct(verb.text), "VERB") not in _STATES:  # "was elected … for a four-year term" still holds
        return False
    for tok in verb.sent:
        if tok.lower_ in ("until", "till") and tok.dep_ in ("prep", "mark") and _under(tok, verb):
            return True
        if tok.lower_ == "for" and tok.dep_ == "prep" and _under(tok, verb):
            obj = child(tok, "pobj")
            if obj is not None and lemmatise(obj.text, "NOUN") in _DURATIONS:
                return True
    return False


def _under(tok: Any, verb: Any) -> bool:
    """``tok`` modifies ``verb`` or its complement, not a clause of its own."""
    head = tok.head
    return head == verb or head.head == verb and head.dep_ in ("acomp", "attr", "dobj", "advcl")


#: Roles "old" doesn't end: an old friend is a friend of long standing, an old capital is no longer one.
_LASTING = frozenset("friend friends pal pals mate mates acquaintance acquaintances rival rivals".split())


def former(noun: Any) -> bool:
    """A role marked as past: "the former mayor", "an ex-wife", "its old capital"."""
    past = FORMER if noun.lower_ in _LASTING else FORMER | {"old"}
    # "Brentford sacked manager X": the parser may read the clause's verb as the title's participle
    ended_by = any(c.tag_ == "VBN" and lemmatise(c.text, "VERB") in _ENDING for c in noun.lefts if c.dep_ == "amod")
    # the tokenizer splits "ex-CEO" into "ex", "-", "CEO", and the parser may hang "ex" off the verb, not the noun
    split_ex = noun.i >= 2 and noun.doc[noun.i - 1].text == "-" and noun.doc[noun.i - 2].lower_ == "ex"
    return (
        noun.lower_.startswith("ex-")
        or split_ex
        or ended_by
        or any(c.lower_ in past for c in noun.lefts if c.dep_ in ("amod", "advmod"))
    )


#: Verbs that end someone's post: a title they modify is a past one ("the sacked manager", "ousted CEO").
_ENDING = frozenset("sack fire oust dismiss axe depose retire resign depart remove".split())


def make_fact(subject: Any, predicate: str, obj: Any, *, single: bool = False, multi: bool = False) -> list[Fact]:
    """One fact between two names (tokens, or a name already spelled out), or none when either is empty."""
    value = clean_object(obj if isinstance(obj, str) else name_text(obj))
    name = subject if isinstance(subject, str) else name_text(subject)
    if not value or not predicate or not name or value.lower() == name.lower():
        return []
    cardinality = "single" if single else "multi" if multi else None
    return [Fact(subject=name, predicate=predicate, object=value, confidence=0.85, cardinality=cardinality)]


def negated(tok: Any) -> bool:
    """A negation on the verb ("not", "never"), on its adverb ("no longer") or on its subject ("Neither A nor B
    works at C", "No club owns D", "Nobody lives in E")."""
    return any(
        c.dep_ == "neg"
        or (c.dep_ == "advmod" and child(c, "neg") is not None)
        or (c.dep_ in ("nsubj", "nsubjpass") and _denied_subject(c))
        for c in tok.children
    )


def _denied_subject(subj: Any) -> bool:
    return subj.lower_ in _NO_ONE or any(
        c.dep_ in ("det", "preconj") and c.lower_ in ("neither", "no") for c in subj.children
    )


_NO_ONE = frozenset({"nobody", "none", "nothing", "neither", "noone"})


def ceased(tok: Any) -> bool:
    """ "no longer …", "not … anymore": a relation that held and has stopped."""
    words = {c.lower_ for c in tok.children if c.dep_ == "advmod"}
    return "anymore" in words or "longer" in words and negated(tok)


def hedged(tok: Any) -> bool:
    modals = _modals(tok)
    return bool(modals) and not _kept(tok, modals)


def _modals(verb: Any) -> list[Any]:
    return [c for c in verb.children if c.dep_ == "aux" and c.tag_ == "MD"]


#: Verbs whose "will" keeps what holds now rather than planning or guessing: "Sorvik will remain the capital".
_KEEPING = frozenset({"remain", "stay"})


def _kept(verb: Any, modals: list[Any]) -> bool:
    """ "X will remain the capital": a statement that nothing changes says X is the value now, as "remains" does
    (a "would", "could" or "may" remain is still a guess)."""
    return lemmatise(verb.text, "VERB") in _KEEPING and all(m.lower_ in ("will", "shall", "'ll") for m in modals)


#: Verbs that report a "will remain" as said, which leaves it a statement: "the ministry said Sorvik will remain …".
_REPORTING = frozenset({"say", "confirm", "announce", "state", "insist", "stress", "reiterate", "tell"})
#: Marks of a condition on the whole statement: "…, if parliament agrees".
_CONDITIONS = frozenset({"if", "unless", "provided", "providing", "assuming", "once"})


def _hedged(verb: Any) -> bool:
    """ "X will remain Y, the minister hopes" or "…, if parliament agrees": a lasting state held only by a hope,
    an expectation or a condition, which is no statement of now."""
    if verb.dep_ in ("ccomp", "parataxis", "advcl", "xcomp") and lemmatise(verb.head.text, "VERB") not in _REPORTING:
        return True  # "…, the minister hopes": the verb that holds it
    return any(
        child.dep_ == "prep"
        and child.lower_ in _CONDITIONS  # "provided the senate agrees" parsed as a preposition
        or child.dep_ in ("advcl", "parataxis")
        and (
            any(m.dep_ == "mark" and m.lower_ in _CONDITIONS for m in child.children)
            or lemmatise(child.text, "VERB") not in _REPORTING
        )
        for child in verb.children
    )


def keeps_now(verb: Any) -> bool:
    """Whether ``verb`` is a "will remain" or "will stay": a present state said as lasting (:func:`_kept`), not one
    a trailing hope or condition holds (:func:`_hedged`)."""
    modals = _modals(verb)
    return bool(modals) and _kept(verb, modals) and not _hedged(verb) and _whole(verb)


def _whole(verb: Any) -> bool:
    """Whether the text parsed ends as a sentence does: a clause cut from one at its comma ("Sorvik will remain
    the capital" of "…, the minister hopes") has lost what may hedge it."""
    return any(t.text in (".", "!", '"', "'", "”") for t in verb.doc[-2:])
