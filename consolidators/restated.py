"""What a sentence says of a name outside its main clause, restated as the plain statements the readers know.

Encyclopedic text gives a name's static facts in modifiers as often as in clauses: a fact box of labelled fields
("FACT BOX — Moldova | Capital: Chișinău", "Kazakhstan (currency: tenge; …) is …"), a phrase that opens the
sentence and describes its subject ("An alumna of Heidelberg University, Brandt returned …", "Based in Boise since
2014, Kestrel Analytics sells …"), and a modifier of the noun that describes the subject ("X is a drama film directed
by Y", "X, a fintech owned by Y, …", "X is a footballer who plays for Y", "X, which Y directed, …"). Each is restated
as "<name> is <phrase>" or as its clause with the name in the relative pronoun's place, and read by the readers that
read such statements: one structure per construction, the relation left to the vocabulary the readers already know.

A turn's sentences can continue one another too (:func:`continued`): fields after a fact box's title ("Fact box:
Vardena Republic. Capital: Korvik."), and a "he"/"she" that opens the next sentence's clause after a sentence about
one named person ("Oskar Lindqvist (1902–1974) was a Swedish architect. Born in Uppsala, he studied …").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from . import nlp_cache
from .boxes import ANY_FIELD, SPEAKERS_CLAUSE, Box, box_statements, fact_box, opened
from .boxes import NAME as NAME  # the restating readers' name (:mod:`consolidators.clauses` too)
from .rolenouns import role_phrase
from .spans import FORMER
from .statics import MULTI
from .telegraphic import DENIED_CLEFT, cleft, telegraphic
from .text import UPPER, expand_contractions, inflected_verb, states_a_fact
from .tidy import MULTI_ROLES
from .toolnames import known_names, roles_of
from .types import Fact

_NAME = NAME

#: A phrase that opens the sentence and describes the subject after its comma: a participle phrase ("Based in Boise
#: since 2014, …", "Penned by Haruki Sato in a single summer, …") or a noun phrase of a standing ("An alumna of
#: Heidelberg University, …", "A long-time member of the Socialist Party, …"). The subject is a name (or "the" and
#: a name) followed by a verb of its own: "Born in Lyon, raised in Paris" has no subject.
_FRONTED = re.compile(
    rf"^(?P<phrase>(?:(?:[A-Z][a-z]+ )?[A-Za-z][a-z]+(?:ed|en|wn|rn|lt) (?:in|at|by|on|out of|from) "
    rf"|(?:An?|The) (?:[\w-]+ ){{0,3}}?(?:of|at|from) )[^,]+), "
    rf"(?P<subject>(?!(?:I|We|My|Our|It|They|This|That)\b)(?:[Tt]he )?{_NAME}) (?P<verb>[a-z]+)\b"
)
#: Fronted participles that belong to the sentence's time or manner, not to its subject's standing.
_NOT_STANDING = re.compile(r"^(?:(?:[A-Z][a-z]+ )?(?:asked|pressed|speaking|interviewed|seen|given)\b)", re.I)


def fronted(text: str) -> list[str]:
    """The statement an opening description makes of the sentence's subject: "<subject> is <phrase>"."""
    m = _FRONTED.match(text)
    if m is None or _NOT_STANDING.match(m["phrase"]) or not inflected_verb(m["verb"]):
        return []
    return [f"{m['subject']} is {m['phrase'][0].lower()}{m['phrase'][1:]}."]


#: What a sentence needs before a noun's modifier is parsed: a relative pronoun, or a participle with its
#: preposition after the noun the subject is or a noun in apposition ("is a film directed by", ", a fintech owned
#: by"): a sentence with neither is not parsed for them (the parse is the cost).
_MODIFIER_CUE = re.compile(
    r", (?:who|which) |\b(?:is|was|are) (?:a|an|the) [^,.;]*? (?:who|that) [a-z]+s\b"
    r"|(?:\b(?:is|was) |, )(?:a|an|the) [^,.;]*?\b[a-z]+ed (?:by|in)\b"
)


def modifiers(text: str) -> list[str]:
    """The statements a noun's modifier makes of the name the noun describes: a participle or a relative clause
    on the noun the subject "is" ("X is a film directed by Y", "X is a footballer who plays for Y"), or on a noun in
    apposition to a name ("X, a fintech owned by Y", "X, which Y directed, …")."""
    if not _MODIFIER_CUE.search(text):
        return []
    doc = nlp_cache.parse_doc(text)
    if doc is None:
        return []
    return [s for t in doc if t.dep_ in ("acl", "relcl") for s in [_modified(t)] if s]


def _modified(verb: Any) -> str:
    noun = verb.head
    name = _described(noun)
    if name is None:
        return ""
    words = [t for t in verb.subtree if not (t.dep_ == "punct" and t.i in (verb.left_edge.i, verb.right_edge.i))]
    if verb.dep_ == "acl":  # "directed by Y": the name is what the participle is of
        return f"{name} is {_text(words)}." if verb.tag_ == "VBN" and verb.i == noun.i + 1 else ""
    pronoun = next((t for t in verb.children if t.tag_ in ("WP", "WDT") and t.i < verb.i), None)
    if pronoun is None or pronoun.i != verb.left_edge.i:  # the clause opens with its pronoun
        return ""
    if pronoun.dep_ in ("nsubj", "nsubjpass"):  # "who plays for Y": the clause with the name as its subject
        return f"{name} {_text([t for t in words if t.i != pronoun.i])}."
    if pronoun.dep_ == "dobj":  # "which Y directed": the clause with the name as its object
        rest = [t for t in words if t.i != pronoun.i]
        return f"{_text(rest)} {name}." if rest and rest[-1].i == verb.i else ""
    return ""


def _described(noun: Any) -> str | None:
    """The name a noun describes: the subject of "is" when the noun is what it is, the name the noun is in
    apposition to, or the noun itself when it is a name a relative clause follows ("X, which Y directed, …")."""
    if noun.dep_ == "attr" and noun.head.lemma_ == "be":
        subject = next((t for t in noun.head.children if t.dep_ == "nsubj"), None)
        return _name(subject) if subject is not None else None
    if noun.dep_ == "appos":
        return _name(noun.head)
    return _name(noun) if noun.tag_ == "NNP" else None


def _name(token: Any) -> str | None:
    """A proper name's words: its compounds, and an "of" phrase right after it ("Portrait of a Lady on Fire"); no
    bracketed aside ("The Quiet Harbour (2016)") and none of what is in apposition to it."""
    if token.tag_ != "NNP" or any(t.dep_ in ("cc", "conj") for t in token.children):  # "Hollis & Crane"
        return None
    left = min([token.i] + [t.i for t in token.children if t.dep_ in ("compound", "det") and t.i < token.i])
    right = token.i
    of = next((t for t in token.children if t.dep_ == "prep" and t.lower_ == "of" and t.i == token.i + 1), None)
    if of is not None and not any(t.is_punct for t in of.subtree):
        right = of.right_edge.i
    words = token.doc[left : right + 1]
    return words.text if words[0].text[:1].isupper() or words[0].lower_ == "the" else None


def _text(tokens: Sequence[Any]) -> str:
    return "".join(t.text_with_ws for t in sorted(tokens, key=lambda t: t.i)).strip(" ,")


#: What a sentence needs before its coordination is parsed: a participle and its preposition, then "and" before
#: another participle or preposition ("born in Busan and educated at …", "educated at A and later at B"), or two
#: verbs that share one place ("was born and died in Coyoacán").
_COORDINATION_CUE = re.compile(
    r"\b(?:born|[a-z]+ed) (?:in|at|by)\b[^,;]* and (?:later |then |also |subsequently )?(?:[a-z]+ed|at|in|by)\b"
    r"|\bborn and (?:died|raised|educated)\b"
)


def coordinated(text: str) -> list[str]:
    """The statements a second conjunct makes with the first one's subject: "X was born in A and educated at B"
    says "X was educated at B", "X was educated at A and later at B" says "X was educated at B", and "X was born
    and died in C" says "X was born in C"."""
    if not _COORDINATION_CUE.search(text):
        return []
    doc = nlp_cache.parse_doc(text)
    if doc is None:
        return []
    return [s for t in doc if t.dep_ == "conj" and t.head.pos_ in ("VERB", "AUX") for s in [_conjunct(t)] if s]


def _conjunct(second: Any) -> str:
    verb = second.head
    subject = next((t for t in verb.children if t.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None or any(t.dep_ in ("nsubj", "nsubjpass") for t in second.children):
        return ""
    name = doc_span(subject)
    aux = [t.text for t in verb.children if t.dep_ in ("aux", "auxpass") and t.i < verb.i]
    if name is None:
        return ""
    if second.tag_ == "IN":  # "and later at B": the first verb again, with the second place
        place = [t for t in second.subtree if not (t.head == second and t.dep_ == "advmod")]
        return " ".join([name, *aux, verb.text, _text(place)]) + "."
    if second.tag_ not in ("VBN", "VBD", "VBZ"):
        return ""
    objects = [t for t in verb.children if t.dep_ in ("prep", "dobj", "agent", "attr") and t.i < second.i]
    shared = [t for t in second.children if t.dep_ == "prep"]
    if not objects and shared:  # "born and died in C": the second verb's place is the first one's too
        return " ".join([name, *aux, verb.text, _text(list(shared[0].subtree))]) + "."
    rest = [t for t in second.subtree if t.i >= second.i]
    return " ".join([name, *(aux if second.tag_ == "VBN" else []), _text(rest)]) + "."


def doc_span(token: Any) -> str | None:
    """A subject's words when they are a plain name (no aside between commas, no clause)."""
    words = token.doc[token.left_edge.i : token.right_edge.i + 1]
    return words.text if words[0].text[:1].isupper() and not any(t.is_punct and t.text != "-" for t in words) else None


#: A clause a place is named for: "Cusco, where he was also born", "Madrid was where she died".
_WHERE_CUE = re.compile(r"(?:, |\b(?:is|was) (?:also )?)where (?:he|she|[A-Z])")


def located(text: str) -> list[str]:
    """The statements a "where" clause makes of the place it is said of: "Quispe lives in Cusco, where he was also
    born" says "Quispe was also born in Cusco"; "Madrid was where Fernández died" says "Fernández died in Madrid".
    A "he"/"she" is the one name the sentence's other clauses are about, else the clause says nothing."""
    if not _WHERE_CUE.search(text):
        return []
    doc = nlp_cache.parse_doc(text)
    if doc is None:
        return []
    return [s for t in doc if t.tag_ == "WRB" and t.lower_ == "where" for s in [_where(t)] if s]


def _where(where: Any) -> str:
    clause = where.head
    top = clause
    while top.dep_ == "conj":  # "… and where she died": the place is the first clause's
        top = top.head
    if top.dep_ == "relcl" and top.head.tag_ == "NNP":
        place = _name(top.head)
    elif top.dep_ in ("advcl", "ccomp", "attr") and top.head.lemma_ == "be":
        place = next((_name(t) for t in top.head.children if t.dep_ == "nsubj"), None)
    else:
        return ""
    subject = next((t for t in clause.children if t.dep_ in ("nsubj", "nsubjpass")), None)
    if place is None or subject is None:
        return ""
    names = {n for t in where.doc if t.dep_ in ("nsubj", "nsubjpass") for n in [_name(t)] if n and n != place}
    name = _name(subject) if subject.tag_ == "NNP" else names.pop() if len(names) == 1 else None
    if name is None or subject.lower_ not in ("he", "she") and subject.tag_ != "NNP":
        return ""
    inner = {t.i for c in clause.children if c.dep_ in ("conj", "cc") for t in c.subtree}
    words = [t for t in clause.subtree if t.i not in inner and t != where and t not in subject.subtree]
    return f"{name} {_text([t for t in words if not t.is_punct])} in {place}."


#: A role of a name's said by its possessive, its value between commas after it: "Okonkwo's employer, Siemens, …",
#: "Solberg's birthplace, the Arctic port town of Tromsø, …" (a place named by its kind is its name).
_APPOSED = re.compile(
    rf"(?:^|(?<=[,;] )|(?<=\bwhile )|(?<=\band ))(?P<owner>{_NAME})(?:'s|') (?P<role>(?:[a-z-]+ ){{0,3}}[a-z-]+), "
    r"(?:the (?:[\w-]+ ){0,4}(?:town|city|village|port|capital|island|region|province|district) of )?"
    rf"(?P<value>(?:the )?{_NAME}),"
)


def apposed(text: str) -> list[str]:
    """The statement a possessive role with its value in apposition makes: "<owner>'s <role> is <value>".

    A role marked as past ("Kestria's old capital, Morvik,", "its former mayor") holds no current value.
    """
    return [
        f"{m['owner']}'s {m['role']} is {m['value']}."
        for m in _APPOSED.finditer(text)
        if not any(w in FORMER or w == "old" or w.startswith("ex-") for w in m["role"].split())
    ]


#: A verb that says what something is by the part it plays: "Astana has served as the Kazakh capital since …".
_SERVES = re.compile(r"\b(?:has |have )?(?:long )?(?:served|serves|functions|has functioned) as\b")


def serving(text: str) -> list[str]:
    """``text`` with its verb of serving read as "is" (a past "served as" with no "has" is over and says nothing)."""
    said = _SERVES.sub("is", text)
    return [said] if said != text and not re.search(r"(?<!has )(?<!have )\bserved as\b", text) else []


def statements(text: str) -> list[str]:
    """Every restatement of ``text`` (a plain third-person sentence) the constructions above give."""
    return (
        fact_box(text)
        + fronted(text)
        + apposed(text)
        + serving(text)
        + modifiers(text)
        + coordinated(text)
        + located(text)
        + telegraphic(text)
    )


def _across(fact: Fact, text: str) -> bool:
    """Whether ``fact``'s subject and object are both in the box ``text`` but in no one field of it."""
    parts = [p.lower() for p in re.split(r"\s*\|\s*", text)]
    subject, obj = fact.subject.lower(), fact.object.lower()
    return (
        any(subject in p for p in parts)
        and any(obj in p for p in parts)
        and not any(subject in p and obj in p for p in parts)
    )


def merged(found: list[Fact], text: str, read: Callable[[str], list[Fact]]) -> list[Fact]:
    """``found`` with what ``read`` makes of the restatements, for relations ``found`` has no value of for that
    subject: the main clause's reading stands where it said the relation."""
    said = statements(text)
    if said and "|" in text:  # a box: a reading across its separators ("Green | Office") is none of its fields,
        # nor one whose subject and object stand in two fields ("X — HQ: Aarhus, Denmark | CEO: Y": not Denmark's CEO)
        found = [f for f in found if "|" not in f.subject + f.object and not _across(f, text)]
    if DENIED_CLEFT.match(text):  # "It wasn't X who founded Y": the one claim it makes is denied
        return []
    # a cleft restated is the whole statement, whichever of its names the fact is about ("It was P that bought Q")
    return merged_statements(found, text, said, read, [f for c in cleft(text) for f in read(c)])


def merged_statements(
    found: list[Fact], text: str, said: list[str], read: Callable[[str], list[Fact]], extra: list[Fact] | None = None
) -> list[Fact]:
    """:func:`merged` for the restatements ``said`` of ``text`` (and facts ``extra`` already read of them)."""
    if "?" in text or not states_a_fact(expand_contractions(text)):  # a hedge scopes over its modifiers too
        return found
    have = {_key(f) for f in found}
    # a seat the sentence's reading already gives the name is no home of it too ("Based in Espoo, Lumeo Oy …")
    seated = {(f.subject.lower(), f.object.lower()) for f in found if f.predicate in _SEATS}
    extra = (extra or []) + [f for s in said if s.rstrip(".") != text.rstrip(".") for f in read(s) if _about(f, s)]
    return found + [
        f
        for f in dict.fromkeys(extra)
        if _key(f) not in have and not (f.predicate in _SEATS and (f.subject.lower(), f.object.lower()) in seated)
    ]


#: Where a name is: a person's home, a company's seat, a site's place — one kind of value, read by who it is.
_SEATS = frozenset({"lives in", "headquartered in", "located in"})


#: Relations whose value a restatement may open with: the maker of a work, the holder of an office, a country's
#: seat or money ("Céline Sciamma directed …", "Astana is the Kazakh capital").
_VALUE_FIRST = frozenset(
    {"author of", "directed by", "founded by", "ceo", "president", "mayor", "capital", "currency", "official language"}
)


def _about(fact: Fact, said: str) -> bool:
    """Whether ``fact`` is about the name ``said`` was restated of (its opening): a restatement is of that name,
    and a reading of another name in it ("Solberg took over City Hall" read as City Hall's owner) is no reading of
    what the sentence said of it."""
    opening = said.lower().removeprefix("the ")
    if opening.startswith(fact.subject.lower()):
        return True
    return fact.predicate in _VALUE_FIRST and opening.startswith(fact.object.lower())


def _key(f: Fact) -> tuple[str, ...]:
    """What a restatement must not repeat: a single relation's value said at all, a multi relation's this value."""
    many = f.predicate in MULTI or f.predicate in MULTI_ROLES or f.predicate == "citizen of"
    return (f.subject.lower(), f.predicate, f.object.lower() if many else "")


#: A sentence about one named person: the name opens it and a verb of being or a life's event follows.
_ABOUT_ONE = re.compile(rf"^(?P<name>{_NAME})(?: \([^()]*\))?,? (?:is|was|has been|became|had been)\b")
#: A "he"/"she" that opens a sentence or its clause after an opening phrase ("Born in Uppsala, he studied …").
_PRONOUN = re.compile(r"^(?P<lead>(?:[^,]{3,80}, )?)(?:he|she|He|She) (?=[a-z])")
_OTHER_NAME = re.compile(rf"(?<=[a-z,;] )[{UPPER}][\w'-]+ [{UPPER}][\w'-]+")


#: "It's my main editor now", "it is officially our CI": an "it" that opens a sentence naming the speaker's role.
_IT_IS_MY = re.compile(
    r"^(?:(?:and|so|ok|okay|yep|yes|now)[,!]?\s+)*(?P<it>it(?:'s| is| has become| became))\s+"
    r"(?:(?:now|officially|definitely|basically)\s+)*(?:my|our)\s+(?P<role>[\w -]+?)(?=\s+now\b|[,.;!]|\s+and\b|$)",
    re.I,
)


def continued(sentences: Sequence[str]) -> list[str]:
    """``sentences`` of one turn, each that continues the one before read with what it continues: a fact box's
    fields with its title's name, a sentence opening with "he"/"she" with the name of the one person the sentence
    before is about (only when that sentence names no other person), an "it's my editor now" with the one tool of
    that role the sentence before names."""
    out: list[str] = []
    box = Box("")
    person = ""
    for sentence in sentences:
        said = box_statements(box.name, [sentence], box.labels) if box.name else []
        if said:
            out.append(said[0])
            continue
        # a field of the box the table doesn't know: not ours (a heading over the speaker's own clause is the speaker's)
        if box.name and ANY_FIELD.match(sentence.strip()) and not SPEAKERS_CLAUSE.match(sentence.strip()):
            continue
        box = opened(sentence)
        m = _PRONOUN.match(sentence)
        read = f"{m['lead']}{person} {sentence[m.end() :]}" if m and person else sentence
        out.append(_tool_for_it(read, out[-1] if out else ""))
        one = _ABOUT_ONE.match(sentence)
        others = _OTHER_NAME.findall(sentence[one.end() :]) if one else []
        person = one["name"] if one and not others and " " in one["name"] else ""
    return out


def _tool_for_it(sentence: str, before: str) -> str:
    """``sentence`` with an opening "it" that is given a role of the speaker's ("It's my main editor now") as the
    one tool of that role the sentence ``before`` names ("Ok, the Helix trial stuck."); two such tools, or none,
    leave it as it is."""
    m = _IT_IS_MY.match(sentence)
    role = role_phrase(m["role"]) if m else None
    if m is None or role is None:
        return sentence
    tools = {n.group(0) for n in known_names(before) if role in roles_of(n.group(0))}
    if len(tools) != 1:
        return sentence
    return f"{sentence[: m.start('it')]}{tools.pop()} is{sentence[m.end('it') :]}"
