"""Names in a sentence typed without capitals, seen where the words around them say a name stands there.

Every reader keys on a capital to see a name, and the small parser tags a lower-case name as a common noun, so
"started at monzo on monday" or "got a hamster called nugget" reads as nothing. Casing a whole message (every
word English lacks, every sentence's first word) changed what the readers made of sentences they already read,
so this module is narrower in two ways:

- it is a second reading (:func:`named`): the readers see the sentence as typed first, and only a sentence that
  stated nothing and has no capital but "I" is read again with its names cased;
- a word is cased only on local evidence: the word after "called", "named" or "name is"; the name after "my dog"
  or "my wife" ("my dog pickle ate a sock"); a word English lacks right after a preposition or a verb a place,
  an employer or a tool follows ("in whitstable", "at monzo", "quit greggs"), with the business or school words
  that continue it ("brightwave studios"); a known tool's name of more than one word ("galaxy s24"); a language after "speak".

A lower-case English word anywhere else ("moved to a bigger flat", "started at the bottom") stays a common noun.
"""

from __future__ import annotations

import functools
import re

from spacy.lang.en.stop_words import STOP_WORDS

from .forms import is_word
from .statics import LANGUAGES
from .toolnames import known_names, roles_of
from .types import Fact

#: Chat's shorthand and fillers no lexicon lists: never a name.
_SHORTHAND = frozenset(
    """lol lmao lmfao rofl haha hahaha hehe ugh meh hmm ahh aww ooh oops yay woo tbh ngl imo imho idk idc btw fyi
    fwiw omg wtf smh irl atm rn tho thru cos coz cuz bc abt obvs obv obvi fave fav defo deffo prob probs ppl pls plz
    thx ur yr ya yea yeah yep yup nope nah ok okay kinda sorta gonna wanna gotta dunno lemme gimme innit bday uni
    hubby wifey bf gf bro sis fam tmrw tmr tonite nite luv xx xo xoxo asap diy nvm jk af lowkey highkey ish legit
    etc eg ie am pm hrs mins esp mgr approx wifi hes shes im ive youre theyre thats whats theres dont doesnt didnt
    isnt wasnt cant wont couldnt wouldnt shouldnt havent hasnt arent werent everyones id ill were weve wed""".split()
)
#: The words a place, an employer, a school or a tool follows: "moved to whitstable", "started at monzo", "quit
#: greggs", "i use spotify".
_SLOTS = frozenset(
    """at in to for by from with on into near quit left leave leaving joined join joining use using uses deleted
    uninstalled installed ditched""".split()
)
#: A place's or a school's noun and its verb, where the name stands after them: "home is glasgow", "uni is ucl".
_PLACE_IS = frozenset({"home is", "uni is", "hometown is", "college is"})
#: Adverbs between a pet's or a spouse's name and its verb: "my wife tamsin just beat me".
_BEFORE_VERB = frozenset("just always never still really finally literally also actually already".split())
#: A word in capitals with no lower-case letter: a shout ("escaped AGAIN") or an acronym ("uni is UCL"), never the
#: capital that opens a name.
_SHOUTED = re.compile(r"\b[A-Z][A-Z0-9]+\b")
#: Words that name what follows them: "a hamster called nugget", "her name is carla", "her names carla".
_NAMING = frozenset({"called", "named", "name is", "names", "name's", "name’s"})
#: The nouns whose name follows them in chat: "my dog pickle", "our cat miso", "my husband tomasz".
_BEARERS = frozenset(
    """dog cat puppy pup kitten hamster rabbit bunny parrot budgie tortoise turtle gecko snake lizard ferret horse
    pony husband wife""".split()
)
#: Nouns a pet's or a spouse's noun compounds with: "my dog walker is late", "my cat food is gone".
_COMPOUNDS = frozenset(
    """food walker walkers sitter sitters bed bowl toy toys lead leash collar hair fur door flap tree litter park
    insurance groomer treats vet crate cage tank trainer training photos pics friend friends family""".split()
)
#: The last words of a business's, a school's or a place's name, cased with the name they continue.
_CONTINUATIONS = frozenset(
    """studios studio labs lab bank university college school academy hospital clinic pharmacy bakery group
    partners media city council""".split()
)
#: States and conditions one is "in" or "on" that the lexicon lacks: "i'm in limbo now", "we're in lockdown".
_STATES = frozenset(
    """limbo lockdown quarantine isolation rehab therapy furlough probation detox hiatus standby overdrive""".split()
)
#: A verb of speaking: the language words in its sentence are languages ("i speak polish and english").
_SPEAKS = re.compile(r"\b(?:speak|speaks|speaking|spoke|fluent)\b")
_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_CAPITAL = re.compile(r"[A-Z]")


def uncased(sentence: str) -> bool:
    """Whether ``sentence`` has no capital letter but an "I" or a word in capitals ("i moved to leeds", "I started
    at monzo", "my hamster nugget escaped AGAIN"), and a word in lower case."""
    rest = _SHOUTED.sub("", re.sub(r"\bI(?=\b|['’])", "", sentence))
    return _CAPITAL.search(rest) is None and re.search(r"[a-z]", rest) is not None


def named(sentence: str) -> str:
    """``sentence`` with its names cased where the words beside them say they are names; a sentence with capitals
    (its writer capitalises names) is returned as it is."""
    if not uncased(sentence):
        return sentence
    words = list(_WORD.finditer(sentence))
    cased = [_name_at(sentence, words, i) for i in range(len(words))]
    for i in range(1, len(words)):  # "brightwave studios", "leeds beckett": a name continued
        low = words[i][0].lower()
        if cased[i - 1] and _adjacent(sentence, words[i - 1], words[i]) and _continues(low):
            cased[i] = True
    spans = [(m.start(), m.end()) for m, c in zip(words, cased, strict=True) if c]
    spans += [(m.start(), m.end()) for m in known_names(sentence) if _tool_named(m[0].strip(), sentence.lower())]
    out = list(sentence)
    for start, end in spans:  # every word of a span opens with a capital ("Galaxy S24", "Leeds Beckett")
        for at in range(start, end):
            if at == start or (out[at - 1] == " " and out[at].isalpha()):
                out[at] = out[at].upper()
    return "".join(out)


def preferred(found: list[Fact], cased: list[Fact]) -> list[Fact]:
    """What a sentence typed without capitals states: as typed, unless that stated nothing (then what its cased
    names state), with a value the cased reading ends sooner taken from it ("working for deliveroo about six
    months" works at Deliveroo, not at "deliveroo about six months")."""
    if not found:
        return cased
    return [next((g for g in cased if _cut_short(g, f)), f) for f in found]


def _cut_short(cut: Fact, whole: Fact) -> bool:
    short, long = cut.object.lower(), whole.object.lower()
    same = (cut.subject, cut.predicate, cut.retract) == (whole.subject, whole.predicate, whole.retract)
    return same and len(short) < len(long) and long.startswith(short + " ")


def _name_at(sentence: str, words: list[re.Match[str]], i: int) -> bool:
    low = words[i][0].lower()
    if _chat_word(low) and low not in LANGUAGES or low.startswith(("i'", "i’")):
        return False
    before = [m[0].lower() for m in words[max(0, i - 2) : i] if _adjacent_run(sentence, m, words[i])]
    if before and (before[-1] in _NAMING or " ".join(before[-2:]) in _NAMING):
        return True
    if len(before) == 2 and before[0] in ("my", "our") and before[1] in _BEARERS:
        return _bears_name(low, words[i + 1][0].lower() if i + 1 < len(words) else "")
    if low in LANGUAGES and _SPEAKS.search(sentence.lower()):
        return True
    # a word English lacks where a place, an employer or a tool stands: a lexicon's gap alone ("texting") is no name
    slot = bool(before) and (before[-1] in _SLOTS or " ".join(before[-2:]) in _PLACE_IS or before[-2:] == ["out", "of"])
    return slot and low not in _STATES and not is_word(low)


def _tool_named(name: str, low: str) -> bool:
    """Whether a known tool's name is a name here: one of several words ("galaxy s24"), or one word in a sentence
    that names the role it fills ("my browsers arc now", "i read my emails in outlook"; not "no signal here")."""
    return " " in name or any(re.search(rf"\b{role.split()[0]}", low) for role in roles_of(name))


def _adjacent(sentence: str, a: re.Match[str], b: re.Match[str]) -> bool:
    return sentence[a.end() : b.start()] == " "


def _adjacent_run(sentence: str, m: re.Match[str], word: re.Match[str]) -> bool:
    """Whether ``m`` reaches ``word`` across words and spaces only: a comma or a full stop ends a naming phrase."""
    return re.fullmatch(r"[\w'’ -]*", sentence[m.start() : word.start()]) is not None


def _continues(low: str) -> bool:
    return low in _CONTINUATIONS or (_chat_word(low) is False and not is_word(low))


def _chat_word(low: str) -> bool:
    """Whether ``low`` is a function word or chat's shorthand, an apostrophe dropped included ("nobodys",
    "everyones"): such a word is never a name, though no lexicon lists it."""
    return low in STOP_WORDS or low in _SHORTHAND or len(low) < 3 or (low[-1] == "s" and low[:-1] in STOP_WORDS)


def _bears_name(low: str, after: str) -> bool:
    """Whether the word after "my dog" is the dog's name: a noun and no verb's inflection ("my dog ate", "my dog
    likes"), followed by a verb, "and", "is" or nothing ("my dog pickle ate a sock")."""
    if low in _COMPOUNDS or is_word(low) and not _noun_only(low):
        return False
    return not after or after in ("and", "who", "is", "was", "has", "had") or after in _BEFORE_VERB or _is_verb(after)


@functools.lru_cache(maxsize=4096)
def _noun_only(low: str) -> bool:
    from lemminflect import getAllLemmas  # type: ignore[import-untyped,unused-ignore]

    lemmas = getAllLemmas(low)
    verbs = lemmas.get("VERB", ())
    return "NOUN" in lemmas and all(v == low for v in verbs) and not ({"ADJ", "ADV"} & set(lemmas))


@functools.lru_cache(maxsize=4096)
def _is_verb(low: str) -> bool:
    from lemminflect import getAllLemmas  # type: ignore[import-untyped,unused-ignore]

    lemmas = getAllLemmas(low.split("'")[0])
    return "VERB" in lemmas or "AUX" in lemmas
