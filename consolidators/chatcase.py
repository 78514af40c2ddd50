"""Chat typed without capitals, cased as the readers and the parser read English: "me n ravi moved to
whitstable" as "Me and Ravi moved to Whitstable".

Every reader keys on a capital to see a name, and the small parser tags a lower-case name as a common noun, so a
writer who never capitalises loses every name. Whether a writer does is judged on the whole turn
(:func:`uncapitalised`): one capitalised word past a sentence's start is a writer who capitalises names, and that
turn is left as written. A turn written without them is cased word by word (:func:`recased`):

- a sentence's first word and "i";
- a word English doesn't have (lemminflect's lexicon, spaCy's stop words, chat's shorthand: "lol", "tbh", "uni")
  and that no determiner makes a common noun ("whitstable", "monzo", "tomasz"; not "the app", "a barista");
- a word after "called", "named" or "name is", and the word naming a pet or a spouse right after it ("my dog
  pickle ate a sock", "my husband mark is away"): English words as names, where the sentence says they are;
- a known tool's name with its model ("galaxy s24", "iphone 15").

Chat's spellings of words go with it: "n"/"nd" for "and", "u" for "you", "atm" and "cos" spelt out, a dropped "g"
("studyin", "livin").
"""

from __future__ import annotations

import functools
import re

from spacy.lang.en.stop_words import STOP_WORDS

from .forms import is_word
from .toolnames import known_names

#: Chat's shorthand and fillers that no lexicon lists: never a name.
_SHORTHAND = frozenset(
    """lol lmao lmfao rofl haha hahaha hehe ha ugh meh hmm hm ahh aww ooh oops yay woo eh tbh ngl imo imho idk idc
    btw fyi fwiw omg wtf smh irl atm rn tho thru cos coz cuz bc abt obvs obv obvi fave fav faves defo deffo prob probs
    ppl pls plz thx ty ur yr ya ye yea yeah yep yup nope nah ok okay kinda sorta gonna wanna gotta dunno lemme gimme
    innit bday uni hubby wifey bf gf bro sis fam tmrw tmr tonite nite luv xx xo xoxo asap diy nvm jk af lowkey
    highkey ish legit tech admin app apps vs etc eg ie am pm hr hrs min mins ftw recs esp mgr approx wifi
    hes shes im ive youre theyre thats whats theres dont doesnt didnt isnt wasnt cant wont couldnt wouldnt
    shouldnt havent hasnt arent werent""".split()
)
#: A word a name never follows in chat: a determiner or a possessive makes the word after it a common noun.
_DETERMINERS = frozenset("a an the my your our his her their its this that these those some any no every each".split())
#: What an English word must follow to be read as a name: a naming verb, or the noun of a pet or a spouse.
_NAMING = re.compile(r"\b(?:called|named|names|name's|name is)$")
_BEARERS = frozenset(
    """dog dogs cat cats puppy pup kitten kitty hamster rabbit bunny parrot budgie tortoise turtle gecko snake
    lizard ferret horse pony guinea pig husband wife""".split()
)
#: Nouns a pet's or a spouse's noun compounds with: "my dog walker is", "my cat food is".
_COMPOUND_HEADS = frozenset(
    """food walker walkers sitter sitters bed bowl toy toys lead leash collar hair fur door flap tree litter park
    insurance groomer treats vet crate cage tank trainer training photos pics friend friends family""".split()
)
#: A chat spelling of "and" between two words: "me n ravi", "cats nd dogs".
_AND = re.compile(r"(?<=\w) (?:n|nd) (?=\w)")
_YOU = re.compile(r"(?<![\w'-])u(?![\w'-])")
#: Chat's shorthand for a time or a reason, spelt out so a value ends where English ends it: "studying law atm cos
#: the firm pays" studies law.
_SPELT = {"atm": "at the moment", "rn": "right now", "cos": "because", "coz": "because", "cuz": "because"}
_SHORT = re.compile(rf"(?<![\w'-])(?:{'|'.join(_SPELT)})(?![\w'-])")
_WORD = re.compile(r"[^\W\d_][\w'’-]*|\w+")
_SENTENCE_END = re.compile(r"[.!?…]+[\"')\]]*\s+$|\n\s*$")


def uncapitalised(text: str) -> bool:
    """Whether ``text`` was written without capitals: a sentence opened in lower case or a lower-case "i", and
    no capitalised word past a sentence's start (a word in capitals is a name, "AWS", unless it is English,
    "LOUD": emphasis)."""
    opened_lower = False
    for m in _WORD.finditer(text):
        word, start = m[0], _starts_sentence(text, m.start())
        if start and word[0].islower() or word == "i" or word.startswith(("i'", "i’")):
            opened_lower = True
        elif not start and word[0].isupper() and word.split("'")[0] != "I":
            if not word.isupper() or not _english(word.lower()):  # "AWS" is a name; "LOUD" is emphasis
                return False
    return opened_lower


def recased(text: str) -> str:
    """``text`` cased as English is written, when its writer wrote it without capitals (else as it is)."""
    if not uncapitalised(text):
        return text
    text = _SHORT.sub(lambda m: _SPELT[m[0]], _YOU.sub("you", _AND.sub(" and ", text)))
    words = list(_WORD.finditer(text))
    out: list[str] = []
    last = 0
    for i, m in enumerate(words):
        before = [w[0].lower() for w in words[max(0, i - 3) : i]]
        after = words[i + 1][0].lower() if i + 1 < len(words) else ""
        word = _cased(m[0], before, after, text[last : m.start()], _starts_sentence(text, m.start()))
        out.append(text[last : m.start()] + word)
        last = m.end()
    out.append(text[last:])
    return _models_cased("".join(out))


def _starts_sentence(text: str, at: int) -> bool:
    head = text[:at]
    return not head.strip() or _SENTENCE_END.search(head) is not None


def _cased(word: str, before: list[str], after: str, gap: str, opens: bool) -> str:
    low = word.lower()
    if low == "i" or low.startswith(("i'", "i’")):
        return "I" + word[1:]
    word = _g_restored(word)
    named = _names(low, before, after, gap)
    opens = opens and low not in _SHORTHAND  # "gonna move to X": a capital would make the shorthand a name
    return word[0].upper() + word[1:] if opens or named else word


def _names(low: str, before: list[str], after: str, gap: str) -> bool:
    """Whether the lower-case word is a name: one English lacks, or an English word a naming phrase gives."""
    if low in STOP_WORDS or low in _SHORTHAND or not low[0].isalpha():
        return False
    joined = " ".join(before[-2:])
    if _NAMING.search(joined) and not gap.strip(" "):
        return True
    if len(before) >= 2 and before[-2] in ("my", "our") and before[-1] in _BEARERS and not gap.strip(" "):
        return _bears_name(low, after)
    if before and before[-1] in _DETERMINERS and not gap.strip(" "):
        return False
    return len(low) >= 3 and not _english(low)


def _bears_name(low: str, after: str) -> bool:
    """Whether an English word after "my dog" is the dog's name: a noun, no verb's inflection ("likes", "ate"),
    no compound's head, and a verb, a stop or "and" after it ("my dog pickle ate a sock")."""
    if _english(low) and (low in _COMPOUND_HEADS or not _noun_only_or_base(low)):
        return False
    return not after or after in ("and", "who", "is", "was", "has") or _is_verb(after)


@functools.lru_cache(maxsize=4096)
def _noun_only_or_base(low: str) -> bool:
    from lemminflect import getAllLemmas  # type: ignore[import-untyped,unused-ignore]

    lemmas = getAllLemmas(low)
    verbs = lemmas.get("VERB", ())
    return "NOUN" in lemmas and all(v == low for v in verbs) and not ({"ADJ", "ADV"} & set(lemmas))


@functools.lru_cache(maxsize=4096)
def _is_verb(low: str) -> bool:
    from lemminflect import getAllLemmas  # type: ignore[import-untyped,unused-ignore]

    lemmas = getAllLemmas(low.split("'")[0])
    return "VERB" in lemmas or "AUX" in lemmas


@functools.lru_cache(maxsize=8192)
def _english(low: str) -> bool:
    """Whether the lower-case word is English: the lexicon's, or made of its words (a compound, "go-to"; a
    derivation, "bouldering", "flatmate"s; a possessive)."""
    low = re.sub(r"['’](?:s|t|re|ve|ll|d|m)?$", "", low.replace("n't", "").replace("n’t", ""))
    if not low or is_word(low) or low in STOP_WORDS or low in _SHORTHAND:
        return True
    if "-" in low:
        return all(_english(part) for part in low.split("-") if part)
    for suffix, stem_end in (("ing", ""), ("ing", "e"), ("er", ""), ("ers", ""), ("s", ""), ("ly", "")):
        stem = low[: -len(suffix)] + stem_end
        if low.endswith(suffix) and len(low) - len(suffix) >= 3 and (is_word(stem) or stem in _SHORTHAND):
            return True
    return False


def _g_restored(word: str) -> str:
    """Chat's dropped "g": "studyin" as "studying", where English has the word with it."""
    low = word.lower()
    if low.endswith("in") and len(low) > 4 and not is_word(low) and is_word(low + "g"):
        return word + "g"
    return word


def _models_cased(text: str) -> str:
    """A known tool's name followed by its model, cased as a name: "galaxy s24" as "Galaxy S24"."""

    def cased(m: re.Match[str]) -> str:
        if not any(ch.isdigit() or ch.isupper() for ch in m[0]):
            return m[0]
        return " ".join(w[0].upper() + w[1:] for w in m[0].split(" "))

    for m in reversed(known_names(text)):
        text = text[: m.start()] + cased(m) + text[m.end() :]
    return text
