"""Plain English text handling for the rule-based consolidator: sentences, summaries, lemmas.

Nothing here knows about facts or transcripts: :func:`split_sentences` cuts
chat text into sentences, :func:`summarise` picks the most central ones, and
:func:`lemmatise` reduces a verb to a crude lemma. The closed word lists the
extraction rules share with the summariser (stop verbs, non-entity words,
question openers) live here too, so both read the same lists.
:mod:`consolidators.extractive` imports and re-exports these functions.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

_VOWELS = "aeiou"
_IRREGULAR = {
    "is": "be",
    "am": "be",
    "are": "be",
    "was": "be",
    "were": "be",
    "been": "be",
    "being": "be",
    "has": "have",
    "had": "have",
    "does": "do",
    "did": "do",
    "doing": "do",
    "goes": "go",
    "went": "go",
    "going": "go",
    "got": "get",
    "left": "leave",
    "began": "begin",
    "took": "take",
    "made": "make",
    "bought": "buy",
    "built": "build",
    "sold": "sell",
    "ran": "run",
    "drank": "drink",
    "became": "become",
    "wrote": "write",
    "writing": "write",
    "used": "use",
    "using": "use",
    "created": "create",
    "founded": "found",
    "quit": "quit",
    "gave": "give",
    "given": "give",
    "chose": "choose",
    "chosen": "choose",
    "begun": "begin",
    "moving": "move",
}
STOP_VERBS = frozenset(
    """
be have do think guess know want need mean feel see say tell ask wonder hope believe get try go
come make let can cannot will would should could may might must shall agree understand remember
forget appreciate thank mention find look seem sound realise realize notice hear expect doubt
the a an not just also really still totally apologise apologize suppose plan
""".split()
)
ENTITY_STOP = frozenset(
    """
i we you they he she it this that these those there here my our your their his her its the a an
what who where when why how which yes no ok okay sure thanks thank great well so also then now
please sorry hi hello hey everything nothing everyone someone something today tomorrow yesterday
let if maybe perhaps and but or because since while after before just actually really honestly
anyway btw oh ah hmm wow nice cool good awesome right got noted both each every all some any many
most none one glad happy
""".split()
)
QUESTION_START = frozenset(
    """
what who whom whose where when why how which do does did is are am was were can could would
should will shall have has had may any anything
""".split()
)
_ABBREVIATIONS = frozenset("e.g. i.e. mr. mrs. ms. dr. prof. vs. etc. inc. ltd. st. jr. sr. no. approx. co.".split())
_SUMMARY_STOPWORDS = (
    ENTITY_STOP
    | STOP_VERBS
    | QUESTION_START
    | frozenset(
        (
            "about above after again as at by down during few for from further having in into more nor "
            "of off on once only other out over own same such than to too under until up very with like"
        ).split()
    )
)


# ---------------------------------------------------------------------------
# sentences and summaries


def split_sentences(text: str) -> list[str]:
    """Sentences of chat text: split at . ! ? followed by space, and at line breaks.

    Common abbreviations and initials ("Dr.", "e.g.", "J. Doe") do not end a
    sentence; list bullets are dropped. Chat is sloppy, so a lowercase start
    still begins a new sentence.
    """
    sentences: list[str] = []
    for line in text.splitlines():
        line = re.sub(r"^\s*(?:[-*•]|\d+[.)])\s+", "", line)
        start = 0
        for m in re.finditer(r"[.!?…]+[\"')\]]*\s+", line):
            words = line[start : m.start() + 1].split()
            last = words[-1].lower() if words else ""
            if last in _ABBREVIATIONS or re.fullmatch(r"[a-z]\.", last):
                continue
            sentences.append(line[start : m.end()].strip())
            start = m.end()
        sentences.append(line[start:].strip())
    return [s for s in sentences if s]


def summarise(sentences: Sequence[str], k: int) -> list[str]:
    """The ``k`` most central sentences, in their original order.

    A sentence scores by how frequent its content words are across all the
    sentences (what the stretch keeps coming back to), damped by the square
    root of its length so long sentences do not win by size alone; earlier
    sentences get a small bonus, and ties keep the earlier one.
    """
    if k < 1 or not sentences:
        return []
    bags = [
        [w for w in re.findall(r"[a-z][a-z'-]*|\d+", s.lower()) if len(w) > 2 and w not in _SUMMARY_STOPWORDS]
        for s in sentences
    ]
    freq = Counter(w for bag in bags for w in bag)
    top = max(freq.values(), default=1)
    n = len(sentences)

    def score(i: int) -> float:
        unique = set(bags[i])
        base = sum(freq[w] for w in unique) / top / math.sqrt(len(unique)) if unique else 0.0
        return base + 0.1 * (1 - i / n)

    chosen = sorted(range(n), key=lambda i: (-score(i), i))[:k]
    return [sentences[i] for i in sorted(chosen)]


# ---------------------------------------------------------------------------
# lemmas


def lemmatise(word: str) -> str:
    """A crude English verb lemma (``uses``→``use``, ``moved``→``move``, ``stopped``→``stop``).

    Rule-based on purpose (no NLTK/spaCy); wrong now and then on rare verbs,
    which only costs a less canonical fallback predicate.
    """
    w = word.lower()
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if len(w) <= 3 or w.endswith("eed"):
        return w
    if w.endswith(("ies", "ied")):
        return w[:-3] + "y"
    if w.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return w[:-2]
    if w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    if w.endswith("ed") and len(w) > 4:
        return _restore_stem(w[:-2])
    if w.endswith("ing") and len(w) > 5:
        return _restore_stem(w[:-3])
    return w


def _restore_stem(stem: str) -> str:
    """Undo consonant doubling (stopp→stop) or restore a silent e (mov→move)."""
    if (
        len(stem) >= 4
        and stem[-1] == stem[-2]
        and stem[-1] not in _VOWELS + "lszfy"
        and stem[-3] in _VOWELS
        and stem[-4] not in _VOWELS
    ):
        return stem[:-1]
    if (
        stem.endswith(("v", "c", "uir", "bl", "tl", "dl", "gl", "pl", "kl", "cl", "fl", "ang"))
        or (stem.endswith("at") and stem[-3:-2] not in tuple(_VOWELS))
        or (stem.endswith("id") and not stem.endswith(("aid", "eid", "oid")))
        or (stem.endswith("z") and not stem.endswith("zz"))
    ):
        return stem + "e"
    if len(stem) == 3 and stem[0] not in _VOWELS and stem[1] in _VOWELS and stem[2] not in _VOWELS + "wxy":
        return stem + "e"  # short consonant-vowel-consonant: lik -> like
    return stem
