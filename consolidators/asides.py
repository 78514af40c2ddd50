"""Statements a third-person sentence makes in passing, rewritten as sentences of their own.

"Claire Dubois, who founded Brightfold, was born in Nantes" also says "Claire Dubois founded
Brightfold"; "Born in Rosario, Lionel Messi moved to Spain" says "Lionel Messi was born in Rosario";
"Quillmark, a Lagos-based fintech, …" says "Quillmark is based in Lagos". The parse reader
(:mod:`consolidators.parse`) parses these sentences in the same batch as the ones they came from,
so every shape it knows reads an aside too.
"""

from __future__ import annotations

from typing import Any

from .handovers import country
from .lifeevents import is_occupation
from .places import COUNTRIES, DEMONYMS
from .relations import role_relation
from .spans import ORG_NOUNS, ORG_WORDS, child, former, is_name, name_text, owner_of, role_words
from .text import is_word, lemmatise

#: Relative pronouns that open a relative clause about the name before them.
_RELATIVE_PRONOUNS = frozenset("who which that whose".split())


def asides(doc: Any) -> list[str]:
    """Statements a sentence makes in passing about a name, as sentences of their own.

    "Claire Dubois, who founded Brightfold, was born in Nantes" also says "Claire Dubois founded
    Brightfold"; "Stellwerk Robotics, based in Linz, builds arms" says "Stellwerk Robotics is based in
    Linz". Only a clause set off by commas (a non-restrictive aside) counts: "the man who founded X"
    restricts which man, and the sentence's own reading already covers it.
    """
    out: list[str] = [*_opening_participles(doc), *based_in(doc), *_capital_named(doc)]
    for tok in doc:
        head = tok.head
        if tok.dep_ not in ("relcl", "acl") or not is_name(head) or tok.i < head.i:
            continue
        left, right = tok.left_edge.i, tok.right_edge.i
        if left == 0 or doc[left - 1].text != ",":
            continue
        words = [t.text_with_ws for t in doc[left : right + 1]]
        if tok.dep_ == "relcl":
            if doc[left].lower_ not in _RELATIVE_PRONOUNS:
                continue
            # "Acme, whose CEO is Jane Doe, …" says "Acme's CEO is Jane Doe"
            words = [f"{name_text(head)}'s ", *words[1:]] if doc[left].lower_ == "whose" else words[1:]
        elif tok.tag_ == "VBN":  # "based in Linz": a passive participle
            words = ["is ", *words]
        else:
            continue
        text = "".join(words).strip()
        out.append(f"{text}." if text.startswith(name_text(head)) else f"{name_text(head)} {text}.")
    return out


#: Participles whose event lasts ("was born in", "was founded by"); others state a current state ("is based in").
_EVENT_PARTICIPLES = frozenset("bear found establish create build write direct design invent start launch".split())


def _opening_participles(doc: Any) -> list[str]:
    """ "Born in Rosario, Lionel Messi moved …" says "Lionel Messi was born in Rosario"; "Now based in Lisbon,
    illustrator Oksana Hrytsenko draws …" says "Oksana Hrytsenko is based in Lisbon"."""
    out = []
    for sent in doc.sents:
        # an adverb before the participle ("Now", "Originally") says when, not who
        first = sent[1] if sent[0].dep_ == "advmod" and len(sent) > 1 else sent[0]
        subj = child(first.head, "nsubj", "nsubjpass")
        if first.dep_ != "advcl" or first.tag_ != "VBN" or subj is None or not is_name(subj):
            continue
        end = first.right_edge.i
        if end + 1 >= len(doc) or doc[end + 1].text != ",":
            continue
        aux = "was" if lemmatise(first.text, "VERB") in _EVENT_PARTICIPLES else "is"
        out.append(f"{name_text(subj)} {aux} {first.lower_} {doc[first.i + 1 : end + 1].text}.")
    return out


def based_in(doc: Any) -> list[str]:
    """ "Quillmark, a Lagos-based fintech, …", "Oslo-based Acme …", "Acme is an Oslo-based company", "the
    Oslo-based company Acme": each says "<the firm> is based in <the place>"."""
    out = _placed_firm(doc) + _seat_named(doc)
    for tok in doc:
        place = next((c for c in tok.lefts if c.dep_ == "npadvmod" and _a_place(c)), None)
        if tok.lower_ not in ("based", "headquartered") or place is None or tok.dep_ != "amod":
            continue
        name = _based_one(tok.head, tok) or _firm_named_before(tok.head)
        # "the Suwon-based chipmaker", "Oslo-based Acme": a firm's base is its headquarters; a person's, a home
        # ("the Warsaw-based fintech"): a described noun that names no occupation is a firm, not a person
        noun = lemmatise(tok.head.text, "NOUN")
        firm = (
            tok.lower_ == "headquartered"
            or tok.head.pos_ == "PROPN"
            or noun in ORG_NOUNS
            or noun.endswith(("maker", "tech"))
            or not is_occupation(noun)
        )
        if name:
            out.append(f"{name} is {'headquartered' if firm else 'based'} in {name_text(place)}.")
    return out


def _a_place(tok: Any) -> bool:
    """A place's name before "-based": a proper noun; at the sentence's start, where every word is capitalised and
    the tagger's guess proves nothing, a word that is no English word ("Leuven-based Quillfern …", read as a common
    noun, is a place; "Cloud-based Velmoor …", read as a proper noun, is not)."""
    if tok.i == tok.sent.start:
        return tok.text[:1].isupper() and not is_word(tok.lower_)
    return bool(tok.pos_ == "PROPN")


def _based_one(noun: Any, based: Any) -> str:
    """The name an "X-based" modifier of ``noun`` describes, or ""."""
    if noun.pos_ == "PROPN":  # "Oslo-based Acme": the name is what follows the modifier
        return noun.doc[based.i + 1 : noun.i + 1].text if is_name(noun) else ""
    named = next((c for c in noun.rights if c.dep_ in ("appos", "compound") and c.pos_ == "PROPN"), None)
    if named is None and noun.dep_ == "appos":  # "Quillmark, a Lagos-based fintech"
        named = noun.head
    if named is None and noun.dep_ == "attr":  # "Acme is an Oslo-based company"
        named = child(noun.head, "nsubj")
    return name_text(named) if named is not None and is_name(named) else ""


#: The relations an organisation holds: a name that holds one in the sentence ("CEO of Ferrow Logistics") is a firm.
_FIRM_ROLES = frozenset({"ceo", "founded by", "owned by", "headquartered in"})
#: The plain nouns a firm is called by after a place ("the Johannesburg company said"); a group or a giant before
#: a name may be the owner's ("the Volkswagen group"), so those nouns place nothing.
_PLAIN_FIRMS = frozenset("company firm startup start-up business".split())


def _placed_firm(doc: Any) -> list[str]:
    """ "Okapi Health named a chief executive, the Johannesburg company said": a firm a clause's subject calls
    by the place before its plain noun is the sentence's one firm named before, based in that place."""
    out = []
    for noun in doc:
        det = child(noun, "det")
        places = [c for c in noun.lefts if c.dep_ == "compound" and c.pos_ == "PROPN"]
        if (
            noun.dep_ in ("nsubj", "nsubjpass")
            and lemmatise(noun.text, "NOUN") in _PLAIN_FIRMS
            and det is not None
            and det.lower_ == "the"
            and len(places) == 1
            and places[0].text not in ORG_WORDS
            and (name := _firm_named_before(noun))
        ):
            out.append(f"{name} is headquartered in {places[0].text}.")
    return out


def _firm_named_before(noun: Any) -> str:
    """The one firm the sentence names before "the <place>-based company" or "the <place> firm", a description
    with no name of its own: a name whose organisation's role the sentence states ("Mateus Lobo, CEO of Ferrow
    Logistics, said the Rotterdam-based company …") or that an organisation's word ends ("Brellow Foods"). None,
    or two: ""."""
    det = child(noun, "det")
    if noun.pos_ != "NOUN" or det is None or det.lower_ != "the" or lemmatise(noun.text, "NOUN") not in ORG_NOUNS:
        return ""
    if any(c.dep_ in ("appos", "compound") and c.pos_ == "PROPN" for c in noun.rights):
        return ""  # "the Oslo-based company Acme": the name is its own
    return _one_firm(noun.doc[: noun.left_edge.i])


def _one_firm(tokens: Any) -> str:
    """The one firm ``tokens`` name: a name whose organisation's role they state ("CEO of Ferrow Logistics") or
    that an organisation's word ends ("Brellow Foods", even where the parser hangs the name on a verb). None, or
    two: ""."""
    tokens = list(tokens)
    firms, named = set(), []
    for tok in tokens:
        role = role_relation(role_words(tok)) if tok.pos_ == "NOUN" else None
        owner = owner_of(tok) if role is not None and role[0] in _FIRM_ROLES else None
        if owner is not None and not isinstance(owner, str) and owner.pos_ == "PROPN":
            firms.add(name_text(owner))
        elif tok.pos_ == "PROPN" and tok.text in ORG_WORDS and (tok.dep_ != "compound" or tok.head.pos_ != "PROPN"):
            firms.add(name_text(tok))
            named.append(tok)
    # "Moss Freight agreed to buy Kijl Logistics": a name whose own clause acts on a firm is a party too
    for tok in tokens:
        if tok.pos_ == "PROPN" and tok.dep_ == "nsubj" and is_name(tok):
            if any(_acted_on(firm, tok.head) for firm in named):
                firms.add(name_text(tok))
    return firms.pop() if len(firms) == 1 else ""


def _acted_on(firm: Any, verb: Any) -> bool:
    """``firm`` is an object within ``verb``'s own clause ("agreed to buy Kijl Logistics"), not in a clause of its
    own ("said Kijl Logistics would …")."""
    if firm.dep_ not in ("dobj", "pobj"):  # "named Corvath Labs' chief": the firm owns a post, no object acted on
        return False
    tok = firm
    while tok.head != tok and tok != verb:
        if tok.dep_ in ("nsubj", "nsubjpass", "ccomp", "relcl", "advcl", "conj", "appos", "acl"):
            return False
        tok = tok.head
    return bool(tok == verb)


def _its_firm(noun: Any) -> str:
    """Whose "its" (or "the") head office ``noun`` is: the sentence's subject when it is named, if a firm's name
    says it is one ("Velmar Foods, owned by Orrin Holdings, said … at its Leeds headquarters"; "Rui Sol" or "Ostra
    Air" may be a person, so nothing); else the one firm the sentence names."""
    subject = child(noun.sent.root, "nsubj", "nsubjpass")
    if subject is not None and subject.pos_ == "PROPN":
        return name_text(subject) if subject.text in ORG_WORDS else ""
    return _one_firm(t for t in noun.sent if t.i < noun.left_edge.i or t.i > noun.i)


#: Words that make a seat one to come, not the one held now: "its planned Porto headquarters".
_TO_COME = frozenset("planned proposed intended future prospective temporary interim new-build".split())


def not_yet_or_over(noun: Any) -> bool:
    """A seat marked as past ("its former Porto headquarters", "its old head office") or to come ("its planned
    Porto headquarters"): no seat held now."""
    return former(noun) or any(c.lower_ in _TO_COME for c in noun.lefts if c.dep_ in ("amod", "advmod", "compound"))


def _seat_named(doc: Any) -> list[str]:
    """ "From its Porto headquarters, Tessaly Foods …", "at the company's Porto head office": a head office said
    with its place before it is the seat of its owner: a name, or for "its" or "the company's" the one firm the
    sentence names (an office alone, "its Lisbon office", is one of many, no seat)."""
    out = []
    for noun in doc:
        head = (
            noun.lower_ in ("headquarters", "hq")
            or noun.lower_ == "office"
            and any(c.dep_ in ("compound", "amod") and c.lower_ == "head" for c in noun.lefts)
        )
        places = [c for c in noun.lefts if c.dep_ == "compound" and c.pos_ == "PROPN"]
        poss = child(noun, "poss") or child(noun, "det")
        if not head or len(places) != 1 or poss is None or not_yet_or_over(noun):
            continue
        if poss.pos_ == "PROPN" and is_name(poss):
            owner = name_text(poss)
        elif poss.lower_ in ("its", "their", "the"):
            owner = _its_firm(noun)
        else:
            owner = _firm_named_before(poss)
        if owner:
            out.append(f"{owner} is headquartered in {name_text(places[0])}.")  # "Mexico City": the whole name
    return out


#: What a country has that a city does not: "embassies in Dravonia", "President Ana Morr of Ostria", "the
#: Veltranian parliament" say Dravonia, Ostria and Veltrania are countries.
_STATE_NOUNS = frozenset("embassy ministry parliament government senate cabinet president king queen monarch".split())


def _capital_named(doc: Any) -> list[str]:
    """ "Keltmar, the nation's capital", "in the capital, Montevideo": a capital described, not owned by a name,
    is the capital of the one country the sentence names (a country the gazetteer lists, or a name a state's
    institution is "in" or "of"). None, or two: the city is no one's capital ("moved to Paris, the capital")."""
    out = []
    for noun in doc:
        capital = noun.lower_ == "capital" or any(c.dep_ == "compound" and c.lower_ == "capital" for c in noun.lefts)
        mods = [c for c in noun.children if c.dep_ in ("amod", "poss", "compound", "prep") and c.lower_ != "capital"]
        plain = all(c.lower_ == "national" or c.dep_ == "poss" and c.lower_ in ("nation", "country") for c in mods)
        if not capital or not plain or noun.pos_ != "NOUN" and noun.lower_ != "capital":
            continue
        city = noun.head if noun.dep_ == "appos" else child(noun, "appos")
        if city is None or city.pos_ != "PROPN" or not is_name(city):
            continue
        if any(c.dep_ == "neg" for c in (*city.children, *noun.children)) or doc[noun.left_edge.i - 1].lower_ == "not":
            continue  # "sit in Pell, not the nation's capital": the city is denied the title
        states = {name for tok in doc if (name := _a_state(tok)) and name != name_text(city)}
        if len(states) == 1:
            out.append(f"{states.pop()}'s capital is {name_text(city)}.")
    return out


def _a_state(tok: Any) -> str:
    """The country ``tok`` names, or "": a listed country, a state institution's coined adjective, or the name a
    state's institution (or a head of state's title) is "in" or "of"."""
    demonym = tok.text in DEMONYMS or tok.text[:1].isupper() and not is_word(tok.lower_)  # not "Most embassies"
    if tok.dep_ == "amod" and lemmatise(tok.head.text, "NOUN") in _STATE_NOUNS and demonym:
        return country(tok.text, adjective=True)  # "the Veltranian parliament"
    if tok.pos_ != "PROPN" or tok.dep_ == "compound":
        return ""
    if name_text(tok) in COUNTRIES:
        return name_text(tok)
    prep = tok.head if tok.dep_ == "pobj" and tok.head.lower_ in ("in", "of") else None
    owner = prep.head if prep is not None else None
    titles = [c.lower_ for c in owner.lefts if c.dep_ == "compound"] if owner is not None else []
    state = owner is not None and (lemmatise(owner.text, "NOUN") in _STATE_NOUNS or _STATE_NOUNS.intersection(titles))
    return name_text(tok) if state else ""
