"""Which third-person sentences are worth a dependency parse: a cheap test asked of every sentence.

A parse costs about a millisecond; most sentences hold no relation the parse reads. The cue follows the
relation vocabulary (`relations.VOCABULARY_CUE`) as it grows, plus the shapes of the copular relations
("Z is the X of Y", "Y's X is Z") and a relation verb one letter off.
"""

from __future__ import annotations

import functools
import re

from .relations import VOCABULARY_CUE, is_verb_typo, nearest_verb

#: Words that make a third-person sentence worth a parse: a copula next to "of" or a
#: possessive, or a verb of the relation vocabulary.
_RELATION_VERBS = (
    r"died|dies?|born|married|maried|wed|founded|co-founded|educated|studied|graduated|headquartered|located|based"
    r"|buried|employed|created|invented|written|wrote|designed|directed|composed|painted|discovered|developed"
    r"|speaks?|passed away|lived|lives|works|attended|lies|joined|plays|owns|owned|situated|serves|moved|relocated"
    r"|took over|became|holds|stands|penned|fluent|wed|established|tied|earned|makes"
)
_CUE = re.compile(  # case matters: a relation verb must reach a name ("joined the team" is not worth a parse)
    r"\b(?:is|are|was|were|been|became|becomes) (?:now |currently )?(?:the|a|an) [\w -]{1,40}? (?:of|at|for|by)\b"  # Z is the X of Y
    r"|\b(?:is|are) (?:an?|the) [A-Z]\w+ [a-z]+\b|\b(?:is|are) [A-Z][\w ]*'s [a-z]+\b"  # an American citizen; is Y's X
    r"|\b(?:is|are) where [A-Z]|^In [A-Z][\w ]*, the [a-z]|^[A-Z][\w ]*, (?:the|an?) [\w -]{1,40}? (?:of|at|for) [A-Z]"
    r"|\b[a-z]+ [A-Z][\w ]* (?:its|their) [a-z]|\bas (?:the |its |their )?[a-z ]+ of [A-Z]"  # made Y its capital
    r"|\b(?:its|their) [a-z]+(?: [a-z]+)? (?:to|in) |\bas (?:its|their) [a-z]|\b(?:in|at) (?:his|her|its|their) \w+ (?:in|at) [A-Z]"  # "uses the forint as its currency"
    r"|\b[Tt]he [\w -]{1,40}? (?:of|at|for) .{1,60}? (?:is|are)\b"  # the X of Y is Z
    r"|\w's [\w -]{1,40}? (?:is|are)\b"  # Y's X is Z
    r"|\b[Tt]he [A-Z]\w+ \w+ (?:is|are)\b"  # the French capital is Z
    r"|\b[Tt]he \w+ (?:where|in which|at which)\b"  # the university where Y was educated
    r"|\b(?:moved|relocated|adopted|made|chose) (?:its|their|the \w+ as its)\b"  # moved its headquarters to Z
    r"|\b(?:is|are) in [A-Z]|\b(?:serves?|acts?|served|took over|became) as\b"
    r"|\b(?:named|appointed|hired|installed|chose|picked|selected) [A-Z][\w' -]{1,40}? as (?:its |their |the )?[a-z]"
    r"|\b(?:elected|named|appointed) [\w ]{1,30} of [A-Z]"  # was elected mayor of Brell  # is in Paris; serves as the capital
    rf"|\b(?:{_RELATION_VERBS})(?: (?:in|at|by|to|from|for|as|away in))?(?: (?:the|a|an))?(?: city of| town of)?"
    r" [A-Z0-9]",
)
_ACCENTED_CAPITAL = re.compile(r"[À-ÖØ-ÞĀ-Ž]")
_PARTICIPLE_PREP = re.compile(r"\b([a-z]{3,}d) (?:in|at|by|to|from|for|with) (?:the )?[A-Z]")
#: "I" by its case: a lower-case "i" left in plain text is a name's particle ("Jordi Casals i Font").
_FIRST_PERSON = re.compile(r"\b(?:(?-i:I)|me|my|we|our|us|you|your)\b", re.I)


@functools.lru_cache(maxsize=8192)  # asked when the session is batched and again when each sentence is read
def worth_parsing(sentence: str) -> bool:
    """Whether ``sentence`` may hold a third-person relation the parse reads (cheap: a regex and a set lookup).

    Either a shape of the cue, or a word of the relation vocabulary (any inflection of its verbs, its role
    nouns) with a name after the first word: the cue follows the vocabulary as it grows.
    """
    if "?" in sentence or _FIRST_PERSON.search(sentence):
        return False
    sentence = _ACCENTED_CAPITAL.sub(
        lambda m: "X" if m[0].isupper() else m[0], sentence
    )  # "born in İzmir", "died in Łódź": a capital all the same
    return bool(
        _CUE.search(sentence)
        or VOCABULARY_CUE.search(sentence)
        or any(_misspelt_verb(m[1]) for m in _PARTICIPLE_PREP.finditer(sentence))
    )


def _misspelt_verb(word: str) -> bool:
    """ "dyed in", "headquarterd in": a relation verb one letter off, worth a parse though no cue names it."""
    return nearest_verb(word) is not None or is_verb_typo(word)
