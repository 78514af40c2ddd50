"""Headlinese restated as the sentence it abbreviates, so the readers of running prose read it.

A headline drops what running prose spells out, and the parser and the readers misread the gaps:

- a done event in the present tense ("Brightwell relocates to Leeds", "Corvane Bank buys Ostrava Energy"):
  the present of a change of state is the news that it happened, so it reads as the past ("relocated", "bought");
- a passive without its auxiliary ("Okoro named Vantix finance chief", "Lindqvist elected mayor of Sundvall"):
  a bare participle of a verb that names someone to a role is the passive ("was named", "was elected"); other
  participles are also a past tense ("Tobi moved to Porto"), which the readers read as it stands;
- the organisation in front of the title ("named Vantix finance chief"): the title of the organisation
  ("named finance chief of Vantix"), or the readers take the organisation for the holder's value;
- "to" + verb for what is planned ("Amaral to join Tolvan"): left alone, and the readers' hedges keep it out.

Only a verb of a change of state is restated (:data:`_CHANGES`): a headline's stative present ("Amaral plays for
Tolvan") already says what holds, and a verb of intent or report ("eyes", "mulls", "denies", "weighs") says no
change happened, so it is left for the readers, which yield nothing for it. A headline is recognised by its shape
alone (:func:`prose`): one line that opens with a name, has no final stop, no first or second person, and puts a
lower-case verb right after the name.
"""

from __future__ import annotations

import functools
import re

from lemminflect import getInflection  # type: ignore[import-untyped,unused-ignore]

from .text import lemmatise

#: Verbs whose present tense in a headline reports a change that has happened: moves, hires, deals, deaths.
_CHANGES = frozenset(
    "join rejoin sign move relocate transfer switch leave quit exit depart return"
    " name appoint elect hire tap pick choose select promote confirm install crown succeed replace"
    " buy acquire purchase sell complete take marry wed die found launch open become poach adopt".split()
)
#: Verbs after which the noun phrase names a role: "named Vantix finance chief" is "named finance chief of Vantix".
_NAMING = frozenset("name appoint elect tap pick choose select promote confirm install crown make".split())
#: Verbs whose bare participle removes someone from a role: "Kade ousted as Vantor CEO" is "was ousted", a
#: departure, never the holder's title.
_REMOVING = frozenset("oust fire sack axe dismiss remove depose drop".split())
#: Words that join a name's parts ("Bank of Åland", "Rowe & Sons", "Ana de Souza"): not the headline's verb.
_JOINERS = frozenset("of de da del van von der la le du y & and".split())
#: Words that mark the text as chat or as someone speaking, never a headline.
_SPEAKERS = re.compile(r"\b(?:I|me|my|mine|we|us|our|you|your)\b", re.I)
#: A pronoun or a determiner to open with: "Her name is Clementine" has a noun after it, not a headline's verb.
_NO_NAME = frozenset(
    "he she it they his her its their this that these those there here a an"
    " do does did will would can could should shall may might must is are was were has have had"
    " who what when where why how which whether".split()
)
#: A condition, a sequence or a time still to come: the present is then a plan ("joins Acme next week", "joins
#: Acme if the deal closes", "leaves in June"), not news that it happened.
_NOT_DONE = re.compile(
    r"\b(?:if|unless|once|then|next|tomorrow|soon|later|tonight|upcoming|pending"
    r"|(?:in|by|from|on|this|until) (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)\b",
    re.I,
)
#: A label a headline may carry in front ("Headline: …", "BREAKING — …").
_LABEL = re.compile(r"^(?:headline|breaking|exclusive|news|update)\s*[:—–-]\s*", re.I)
#: Words after a title that start what follows it ("named Vantix CEO after Lund exit"), not the title's words.
_AFTER_TITLE = frozenset("after as at amid for from following in on over to with while replacing".split())
#: An upper-case title's words (CEO, CFO): a title though not in lower case.
_TITLE_ACRONYM = re.compile(r"^C[A-Z]O$")
_MAX_WORDS = 14


@functools.lru_cache(maxsize=8192)
def prose(text: str) -> str:
    """``text`` as running prose when it is a headline whose verb is a change (``"X named Y CEO"`` →
    ``"X was named CEO of Y."``); any other text unchanged."""
    line = _LABEL.sub("", text.strip())
    words = line.split()
    if not _headline_shaped(line, words):
        return text
    at = _verb_at(words)
    if at is None:
        return text
    verb = words[at]
    if verb.lower() == "out" and words[at + 1 : at + 2] == ["as"]:  # "Kade out as Vantor CEO": a removal
        verb = "removed"
    lemma = lemmatise(verb)
    if lemma not in _CHANGES | _REMOVING:
        return text
    past, participle = _form(lemma, "VBD"), _form(lemma, "VBN")
    # the singular's present ("Rovers' winger joins"), or the plural's a team or a board takes ("Rovers sign Amaral")
    rest = _title_after_as(words[at + 1 :])  # "replaces Kade as Vantor Bank CEO": the title of Vantor Bank
    if verb.lower() in (_form(lemma, "VBZ"), lemma) and verb.lower() != participle:
        # "Moor becomes Drammen mayor": the subject takes the title, whose organisation goes after it
        restated = [*words[:at], past, *(_title_of(rest) if lemma == "become" else rest)]
    elif verb.lower() == participle and lemma in _NAMING | _REMOVING:
        restated = [*words[:at], "was", verb, *_title_of(rest)]
    else:
        return text
    return " ".join(restated) + "."


def _headline_shaped(line: str, words: list[str]) -> bool:
    """One line that opens with a capital, has no final stop and no speaker: a headline's shape."""
    return (
        2 < len(words) <= _MAX_WORDS
        and "\n" not in line
        and line[:1].isupper()
        and words[0].lower() not in _NO_NAME
        and not line.endswith((".", "?", "!", "…", ":"))
        and not _SPEAKERS.search(line)
        and not _NOT_DONE.search(line)
    )


def _verb_at(words: list[str]) -> int | None:
    """Where the verb after the opening name is: the first lower-case word that joins no name's parts."""
    for i, word in enumerate(words[1:], 1):
        if word.endswith(("'s", "’s", "'", "’")):
            return None  # "Calendar's moved to …": a thing of a name, or chat's "has", not a headline's subject
        if word[:1].isupper() or word[:1].isdigit() or _joins(words, i):
            continue
        return i if word.isalpha() else None
    return None


def _joins(words: list[str], i: int) -> bool:
    """Whether ``words[i]`` joins two parts of one name ("Bank of Åland")."""
    return words[i].lower() in _JOINERS and i + 1 < len(words) and words[i + 1][:1].isupper()


def _name_word(word: str) -> bool:
    return word[:1].isupper() and not _TITLE_ACRONYM.match(word)


def _form(lemma: str, tag: str) -> str:
    forms = getInflection(lemma, tag=tag)
    return str(forms[0]) if forms else lemma


def _title_of(rest: list[str]) -> list[str]:
    """A named role with its organisation in front, put after it: "Vantix finance chief" → "finance chief of
    Vantix". Anything else ("as CEO", "CEO of Vantix", "in squad") is left as it is."""
    org = 0
    while org < len(rest) and (_name_word(rest[org]) or org and _joins(rest, org)):
        org += 1
    title = org
    while title < len(rest) and _title_word(rest[title]):
        title += 1
    if org == 0 or title == org or rest[org - 1].endswith(("'s", "'")):
        return rest
    return [*rest[org:title], "of", *rest[:org], *rest[title:]]


def _title_word(word: str) -> bool:
    ordinary = word.isalpha() and word.islower() and word not in _AFTER_TITLE | _JOINERS
    return bool(_TITLE_ACRONYM.match(word)) or ordinary


def _title_after_as(rest: list[str]) -> list[str]:
    """``rest`` with a role after "as" spelled out: "as Vantor Bank CEO" → "as CEO of Vantor Bank"."""
    if "as" not in rest:
        return rest
    at = rest.index("as") + 1
    return [*rest[:at], *_title_of(rest[at:])]
