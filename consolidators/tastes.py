"""What the user likes and the drink they prefer, said as what they are a fan of or what is their favourite.

"Big fan of crossword puzzles", "sailing is what I enjoy most", "bouldering is my favourite thing on weekends",
"I'm a matcha person", "cold brew > everything else, that's my drink", "I drink way too much yerba mate (my
fav drink)". Each is a way of naming a taste by its standing rather than by a verb the taste rules read
("I love hiking"). A drink is known by its head word (:func:`consolidators.vocabulary.is_drink`); anything
else one is a fan of is a ``likes``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .lifeevents import USER, fact
from .text import DISCOURSE
from .types import Fact
from .userclauses import negated, refused, the_users_talk
from .vocabulary import DRINK_PHRASES, clean_object, is_drink

_THING = r"(?P<obj>[\w'&-]+(?: [\w'&-]+){0,3}?)"
_LIKED = (
    # "Big fan of Studio Ghibli films", "huge fan of jazz piano"
    re.compile(
        rf"^(?:(?:I am|I'm) )?(?:an? )?(?:big|huge|massive|great|total|lifelong|long-time) fan of {_THING}(?:,|$| so\b| if\b)",
        re.I,
    ),
    # "bouldering is my favourite thing on weekends", "cycling is my favourite thing to do"
    re.compile(
        rf"^{_THING} is (?:basically |probably |easily |honestly )?my (?:favou?rite|fave?) (?:thing|hobby|pastime|activity)\b",
        re.I,
    ),
    # "Sailing is what I enjoy most on weekends"
    re.compile(rf"^{_THING} is what I (?:enjoy|love|like) (?:doing )?(?:the )?most\b", re.I),
    # "love a good sudoku on the train"
    re.compile(rf"^(?:I )?love a good {_THING}(?: on| in| at| with|$)", re.I),
    # a hobby taken up or a pull said as a state: "I took up knitting over the winter", "kinda obsessed with sourdough
    # baking rn", "got hooked on bouldering last year"
    re.compile(
        rf"^(?:I )?(?:have )?(?:(?:recently|just|finally|also) )?(?:took|taken|take) up {_THING}"
        rf"(?= over| in| during| last| this| a | and| recently| lately|$)",
        re.I,
    ),
    re.compile(
        rf"^(?:I am |I'm |I have been |I've been |I got |got |been )?(?:(?:kinda|kind of|sort of|a bit|so|totally|completely"
        rf"|honestly|lowkey|low-key|really|pretty) )*(?:obsessed with|hooked on|addicted to) {_THING}"
        rf"(?= rn| right now| lately| these days| recently| since| at the moment| and|$)",
        re.I,
    ),
)
#: What a taste's verb may carry that is no hedge: emphasis ("I do love …") and a degree measured against a clause of
#: the writer's ("I enjoy birdwatching way more than I expected to", "… more than I'd admit to my friends", "… more
#: than I probably should"): the comparison's standard is the clause's own, its modal hedges only that standard.
_EMPHATIC_DO = re.compile(r"\b(I|we) do (?=(?:(?:really|absolutely|genuinely) )?(?:love|like|enjoy|adore)\b)")
_BEYOND_EXPECTED = re.compile(
    r",?\s+(?:(?:way|much|far|a lot|so much|even) )?more than I\b[^,.;!?]*(?=\s*(?:[,.;!]|$))"
)


def unhedged(text: str) -> str:
    """``text`` without what only sounds like a hedge on a taste: emphasis and a degree beyond what was expected."""
    if " do " not in text and "more than I" not in text:
        return text
    return _BEYOND_EXPECTED.sub("", _EMPHATIC_DO.sub(r"\1 ", text))


_DRUNK = (
    # "I'm a matcha person", "I'm a yerba mate guy"
    re.compile(rf"\b(?:I am|I'm) (?:an? )?{_THING} (?:person|guy|gal|girl|drinker|fan)\b", re.I),
    # "the only thing I drink at work is rooibos", "it's all matcha now"
    re.compile(rf"\bthe only thing I drink(?: at \w+)? is {_THING}(?:,|$)", re.I),
    re.compile(rf"^(?:it is|it's) all {_THING}(?: now| these days)?$", re.I),
    # "Honestly rooibos is my favourite", "oat milk latte, always"
    re.compile(rf"^{_THING} is my (?:favou?rite|fave?|go-to)(?: drink)?$", re.I),
    # "these days my go-to is plain sparkling water", "kombucha beats anything else I drink"
    re.compile(rf"\bmy (?:favou?rite|fave?|go-to)(?: drink)? is (?:now )?{_THING}(?: now| these days| rn)?$", re.I),
    re.compile(rf"^{_THING} beats (?:anything|everything|all)(?: else)? I drink\b", re.I),
    # "give me a good chai over anything else these days"
    re.compile(
        rf"\b(?:give me|I reach for|I grab) (?:an? )?(?:good |nice |proper )?{_THING} (?:over|before) (?:anything|everything)\b",
        re.I,
    ),
    # "hibiscus tea has become my drink of choice lately"
    re.compile(
        rf"^{_THING} (?:is|has (?:now )?become|became) my (?:new )?(?:drink of choice|(?:favou?rite|fave?|go-to) drink)\b",
        re.I,
    ),
)
#: "…, that's my drink", "(my fav drink, no shame)", "Hot chocolate again. It's still my favourite": the drink is
#: the one the message names (a favourite without "drink" only where a drink was just named).
_MY_DRINK = re.compile(
    r"\b(?:(?:that is|that's|it is|it's) (?:still )?my (?:favou?rite |fave? |go-to )?drink|my (?:favou?rite|fave?|go-to) drink"
    r"|(?:that is|that's|it is|it's) (?:still )?my (?:favou?rite|fave?|go-to)(?=\s*(?:[,.!;]|$)))\b(?! (?:was|used))",
    re.I,
)
#: A drink that leads its clause, then only when, where or how often it was had: "Oolong with breakfast again".
_LEADING_DRINK = re.compile(
    r"^(?:(?:an?|the|my|some) )?(?P<drink>[\w'-]+(?: [\w'-]+)?)"
    r"(?= (?:again|once more|with|for|before|after|at|in|on|this|today|tonight|every)\b|$)",
    re.I,
)
#: Where a taste's clause ends; "so"/"because" too: "it's december so hot chocolate is my drink of choice".
_PARTS = re.compile(r"[;!?()]|\.\s|\s[—–]\s|,\s*|\s+>\s+|\s(?:so|because|but)\s")
#: A capitalised word past the first: a name the sentence may be about instead of its writer.
_NAMED = re.compile(r"(?<=\S)\s+[A-ZÀ-ÖØ-Þ][a-zà-ÿ]")


def merged(found: list[Fact], text: str) -> list[Fact]:
    """``found`` with the tastes ``text`` states by standing, unless a fact of the same kind names them."""
    found = [_without_place(f) for f in found]
    have = {(f.predicate, f.object.lower()) for f in found if f.subject == USER}
    out = list(found)
    for predicate, obj in _tastes(text):
        if (predicate, obj.lower()) not in have and not any(p == predicate for p, _ in have if p == "prefers drink"):
            have.add((predicate, obj.lower()))
            out.append(fact(predicate, obj, 0.7))
    return out


#: An activity and the named place it happens in: "hiking in the Julian Alps" is a liking for hiking.
_ACTIVITY_AT = re.compile(
    r"^(?P<activity>[a-z]+ing(?: [a-z]+)?) (?:in|at|on|around|along|through|across|near|by|up|down|off) (?:the )?[A-Z]"
)


def _without_place(f: Fact) -> Fact:
    m = _ACTIVITY_AT.match(f.object) if f.subject == USER and f.predicate == "likes" else None
    return replace(f, object=m["activity"]) if m else f


#: A word every shape above holds: a sentence without one states no taste by standing.
_CUE = re.compile(
    r"\b(?:fan|favou?rite|fave?|enjoy|love|like|drink|drinker|person|guy|gal|girl|go-to|all|beats|over|before"
    r"|took|taken|take|obsessed|hooked|addicted)\b",
    re.I,
)


def _tastes(text: str) -> list[tuple[str, str]]:
    if not _CUE.search(text):
        return []
    if not the_users_talk(text) and _NAMED.search(text):  # "Big fan of jazz, the pianist Keith Jarrett …"
        return []
    parts = [DISCOURSE.sub("", p.strip(" .")) for p in _PARTS.split(text) if p.strip(" .")]
    found: list[tuple[str, str]] = []
    for part in parts:
        if refused(part) or negated(part):
            continue
        for pattern in _LIKED:
            m = pattern.search(part)
            obj = clean_object(m["obj"]) if m else None
            if obj:
                found.append(("prefers drink" if is_drink(obj) else "likes", obj))
        for pattern in _DRUNK:
            m = pattern.search(part)
            obj = clean_object(m["obj"]) if m else None
            if obj and is_drink(obj):
                found.append(("prefers drink", obj))
    drink = None if any(p == "prefers drink" for p, _ in found) else _favourite(text)
    return found + ([("prefers drink", drink)] if drink else [])


def across(pair: str) -> list[Fact]:
    """A drink named in one sentence and called the favourite in the next ("Hot chocolate again. It's still my
    favourite")."""
    drink = _favourite(pair)
    return [fact("prefers drink", drink, 0.7)] if drink else []


def _favourite(text: str) -> str | None:
    """The drink ``text`` calls the user's drink or favourite after naming it ("cold brew, that's my drink")."""
    mine = _MY_DRINK.search(text)
    if mine is None or negated(text) or refused(text):
        return None
    if "drink" in mine[0].lower():
        return _drink_before(text[: mine.start()])
    # a favourite without "drink" is a drink's only where the drink leads ("Oolong with breakfast again. It's my
    # favourite"), not where it qualifies another thing ("Coffee shop near work, it's my favourite")
    m = _LEADING_DRINK.match(re.split(r"[,.;!?—–]", text[: mine.start()], maxsplit=1)[0].strip())
    return _drink_before(m["drink"]) if m and is_drink(m["drink"]) else None


def _drink_before(text: str) -> str | None:
    """The last drink named before "that's my drink": up to three words ending in a drink's word, in the nearest
    stretch of words that names one ("new obsession: hojicha. it's my go-to drink" names hojicha; "Rooibos, every
    single day. That's my drink." reaches back over the stretch that only says how often)."""
    for back, stretch in enumerate(reversed(re.split(r"[:;,.!?—–]\s", text.rstrip(" .,!?(—–:;")))):
        words = re.findall(r"[\w'-]+", stretch)
        drink = _drink_in(words)
        if drink and back and _cut_name(words, drink):
            return None  # "Yerba mate over everything, always.": reaching back, a drink cut from its name is none
        if drink:
            return drink
    return None


def _cut_name(words: list[str], drink: str) -> bool:
    """Whether the capitalised word before ``drink`` among ``words`` is a part of its name the reading dropped."""
    first = drink.split()[0].lower()
    at = next((i for i, w in enumerate(words) if w.lower() == first), 0)
    return at > 0 and words[at - 1][:1].isupper()


def _drink_in(words: list[str]) -> str | None:
    for end in range(len(words), 0, -1):
        phrase = " ".join(words[max(end - 2, 0) : end]).lower()
        if phrase in DRINK_PHRASES:  # "Hot chocolate again": capitalised only by where it stands
            return phrase
        if is_drink(words[end - 1]):
            start = max(0, end - 3)
            while start < end - 1 and not words[start].islower():
                start += 1
            kept = [w for w in words[start:end] if w.lower() not in _NOT_DRINK_WORDS]
            while len(kept) > 1 and kept[0].lower() in _SERVED and kept[-1] != "brew":
                kept.pop(0)  # "a cold kombucha" is kombucha; "cold brew" is a drink of its own
            return clean_object(" ".join(kept))
    return None


_SERVED = frozenset("cold hot warm iced-cold chilled nice good proper big small fresh strong decent".split())
_NOT_DRINK_WORDS = frozenset("much many too way more the a an my of some any lots drink drinks I".split())
