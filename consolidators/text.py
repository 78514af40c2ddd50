"""Plain English text handling for the rule-based consolidator: sentences, summaries, lemmas.

Nothing here knows about facts or transcripts: :func:`split_sentences` cuts
chat text into sentences, :func:`summarise` picks the most central ones, and
:func:`lemmatise` gives a word's dictionary form (lemminflect). The closed word lists the
extraction rules share with the summariser (stop verbs, non-entity words,
question openers) live here too, so both read the same lists.
:mod:`consolidators.extractive` imports and re-exports these functions.
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from lemminflect import getAllLemmas  # type: ignore[import-untyped,unused-ignore]

from .forms import is_word as is_word  # re-exported: the readers ask it of text
from .regexgate import compiled

#: The capital letters a name may start with, for regex character classes: ASCII, Latin-1 and Latin Extended-A
#: ("Ørsted", "Şahin", "Łódź").
UPPER = "A-ZÀ-ÖØ-ÞĀ-Ž"
#: Lower-case particles inside a name that no English word spells, from languages beyond the Romance and
#: Germanic ones: Catalan "Jordi Casals i Font", Slovene "Škofja vas pri Celju", Czech "Ústí nad Labem",
#: Welsh "Dafydd ap Gwilym", Dutch "Bergen op Zoom", Malay "Nurul binti Hassan", Hebrew "Yosef ben Haim",
#: Portuguese "Maria Alves e Costa". Between two capitalised words they join one name; a reader that stops at them
#: splits it in two.
FOREIGN_PARTICLES = "i pri nad pod ap op bint binti ben zu af y e"
#: How the parser is given a name's particle "i": as "I" it reads as the pronoun; "Y" is the same particle
#: (Spanish "y", Catalan "i": "and") and one letter too, so the sentence's own spelling is found again.
PARSED_I = "Y"
#: How the parser is given the hyphen inside a name ("Mensah-Bonsu"): one it doesn't cut the name at.
PARSED_HYPHEN = "\u2011"

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
#: A box's and a CV's abbreviations too ("Dir. Ana Lupu", "Est. 1921", "prev. Altamira"): no sentence ends there.
_ABBREVIATIONS = frozenset(
    "e.g. i.e. mr. mrs. ms. dr. prof. vs. etc. inc. ltd. st. jr. sr. no. approx. co. dir. est. pop. prev.".split()
)
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
# doubt: the words that keep a clause from stating a fact now, one core every reader shares

#: A modal verb: a plan, a guess or a condition ("will lead", "could move", "would serve").
MODALS = "will|would|could|might|should|shall"
#: "may" as a verb; case-sensitive, because "in May" is a month.
MAY = r"(?-i:\bmay\b)"
#: A claim the writer passes on without making it.
HEARSAY = r"rumou?r\w*|reportedly|allegedly|talk of|speculation"
#: A condition, or a choice still open.
CONDITIONS = "if|whether|unless"
#: A denial (and its "n't", for a reader given text whose contractions stand).
DENIALS = "not|never|no longer"
#: A clause that says a denial anywhere: a denial word or an "n't".
DENIED = re.compile(rf"\b(?:{DENIALS})\b|n't\b", re.I)
#: What the user will do, not what is: "will", "going to", "gonna".
FUTURES = "will|shall|going to|gonna"
#: A plan said as one: "plans to", "planning to".
PLANNED = "plans? to|planning to"
#: A state the user has left behind: "used to", "was", "were".
PASTS = "used to|was|were"
#: The words that keep a user's clause from stating a present fact: a denial, a modal (with "may"), a past.
NOT_NOW = f"{DENIALS}|will|would|could|might|may|should|{PASTS}"
#: What the readers' plans and wishes share: "plans to", "is set to", "hopes to", "considering".
#: "hope", except a name's "Hope" inside a sentence ("the novelist Hope Okafor"): a capitalised hope after a
#: word and before a name is no wish (at the start, "Hope Lena likes it" may be one, so it still counts).
HOPE = r"(?!(?<=[\w,] )(?-i:Hope [A-ZÀ-ÖØ-ÞĀ-Ž]))hopes?"
PLANS = f"plans?|planning|expected|set to|considering|wants?|{HOPE}"
#: A change put forward by someone, not made: "officials have floated moving the capital", "urged C to move".
PROPOSALS = r"floated|floats|floating|mooted|suggested|suggests|pitched|urged|urges|calls? for|called for|lobbying for"


#: Verbs by which someone turns an offer down ("was named CEO but declined", "refused the post"): the post was
#: never held. A reader adds the words of its own shapes (an offer withdrawn or rescinded by who made it).
REFUSING = frozenset("decline refuse reject rebuff spurn".split())
#: The hedges every reader of a statement refuses: a guess, a plan, a wish, a condition still open. Each reader
#: adds the words its own shapes need (a past, a denial, a trial) to this one core; order within a regex
#: alternation does not change whether a clause is hedged.
HEDGES = "might|could|maybe|perhaps|unless|wish|considering|going to"
#: Chat's hedges besides: a bare "will" or "if", "gonna" ("if X works out I'll switch", "gonna try Zed").
CHAT_HEDGES = f"{HEDGES}|will|if|gonna"
#: The people a user speaks of besides themself ("my flatmate", "our son"): a statement or a box about one of them
#: is theirs, not the user's. A regex alternation, to follow "my" or "our" and a qualifier.
OTHER_PEOPLE = (
    "brother|sister|friend|wife|husband|partner|mum|mom|dad|mother|father|boss|colleague|coworker|flatmate|roommate"
    "|cousin|son|daughter|kids?|parents?|intern|manager|teammate|neighbou?r|cto|ceo|lead|boyfriend|girlfriend|uncle"
    "|aunt|client|customer|mate|pal|buddy|bestie"
)


def doubts(extra: str = "", *, modals: bool = True, denials: bool = True, question: bool = True) -> re.Pattern[str]:
    """The shared core of doubt words with a reader's own ``extra`` alternatives, case-insensitive (bar "may").

    The core: a question mark, modals (and "may"), hearsay, conditions, denials. A reader drops a part its own
    shapes need ("Oren Katz, not Mira Sandoval, directed …" states a credit through its "not"; a founding
    told with "will" in another clause still happened) and adds the words of its family ("linked", "tipped").
    """
    words = [HEARSAY, CONDITIONS] + [MODALS] * modals + [DENIALS] * denials + [extra] * bool(extra)
    alternatives = [r"\b(?:" + "|".join(words) + r")\b"] + [MAY] * modals + [r"n't\b"] * denials + [r"\?"] * question
    return re.compile("|".join(alternatives), re.I)


# ---------------------------------------------------------------------------
# statements: what the extraction rules read, and what they refuse

_HEDGE = compiled(
    # "my browser is Vivaldi if that matters", "… if that's useful context": the writer's aside conditions only
    # its own relevance
    rf"\b(?:(?-i:[Ii]f)(?! (?:that|it|this)(?: is|'s)? (?:matters|helps|relevant|useful|helpful|important)\b)|{HEDGES}|probably|possibly|would|should|whether|{HOPE}|"
    # "urban planning" is a field, not a plan, and "for planning the trip" a use ("I use Trello for planning …");
    # "leaning towards" is a choice not made
    r"hoping|suppose|supposing|imagine|thinking|(?<!for )(?<!with )planning(?= (?:to|on|a|an|the|my|our|for)\b)|"
    r"plan to|wondering|wonder|leaning towards?|"
    r"(?<!getting )(?<!got )(?<!get )(?<!gets )used to|not sure|want to|wants to|someday|eventually|assume|assuming|"
    rf"{HEARSAY}|supposedly|said to be|expected to|set to|poised to|likely to|tipped to|"
    r"it (?:seems|appears)|seemingly|"  # "X, it seems, was born in Y": the writer's aside hedges the clause
    r"(?:almost|nearly) [a-z]+ed|"  # "we almost moved to Auckland": what nearly happened did not
    # "we considered hosting on Azure", "I toyed with moving to Ghent": weighing an act is not doing it (the
    # speaker's own weighing: "X is widely considered the capital" is a third person's statement)
    r"(?:\b(?:I|we) (?:\w+ )?|^)(?:considered|contemplated|toyed with|thought about|debated)(?= (?:[a-z]+ing|a|an|the)\b)|"
    # "we're moving to Lyon in September": English states a planned move in the progressive
    r"(?:am|are|'m|'re) (?:moving|relocating) (?:to|back to|over to)|"
    r"(?:I|we) (?:will|shall) (?!always\b|never\b)|"  # "I will be joining Unilever in March": the speaker's plan
    r"next (?:week|weekend|month|quarter|sprint|year|term|semester|season|spring|summer|autumn|fall|winter|monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday)|in (?:a|two|three|a few|\d+) (?:days|weeks|months|years))\b",
    re.I,
)
#: A claim the sentence itself disputes, or opens by passing on ("Reportedly, X now lives in Y"; "Rumours that
#: X had died …"): the doubt scopes over every clause, not only its own ("Rumours say X, who lives in Y, will …"
#: passes on only what X will do).
DISPUTED = compiled(
    r"\b(?:according to (?:some|one|a few|several|certain) (?:sources|accounts|reports|biographers|historians)"
    r"|others (?:disagree|dispute it|say otherwise)|(?:is|are|remains|was) (?:disputed|contested|unclear)"
    # "X is often mistaken for the CEO of Y": a near-miss ("X, not to be confused with Y, …" says X is so)
    r"|(?:is|are|was|were|often|commonly|frequently|sometimes|widely|easily|usually) (?:mistaken for|confused with))\b"
    r"|^\W*(?:reportedly|allegedly|supposedly|apparently|rumou?rs? (?:that|of)"
    r"|it(?: is|'s| was) (?:false|untrue|not true|a myth|wrong|incorrect) that)\b",
    re.I,
)
_MAY = re.compile(r"\bmay\b")  # case-sensitive: "in May" is a month, not a hedge
_CONTRACTIONS = (
    (re.compile(r"\b([Ii])'m\b"), r"\1 am"),
    (re.compile(r"\b(\w+)'re\b"), r"\1 are"),
    (re.compile(r"\b(\w+)'ve\b"), r"\1 have"),
    (re.compile(r"\b(\w+)'ll\b"), r"\1 will"),
    (re.compile(r"\b(\w+)'d\b"), r"\1 would"),
    (re.compile(r"\b([Cc])an't\b"), r"\1annot"),
    (re.compile(r"\b([Ww])on't\b"), r"\1ill not"),
    (re.compile(r"\b(\w+)n't\b"), r"\1 not"),
    (re.compile(r"\b([Ii]t|[Tt]hat|[Tt]here|[Hh]e|[Ss]he|[Ww]hat)'s\b"), r"\1 is"),
)
DISCOURSE = re.compile(
    r"^(?:(?:actually|also|so|well|oh|ok|okay|yes|yeah|yep|no|btw|by the way|anyway|fyi|fwiw|tbh|ngl|imo|lol|"
    r"long story short|quick intro|dear assistant|scratch that|nope|correction|"
    # a note about the message names no tool's role ("side note", "note to self", "PS")
    r"(?:side|quick|small|one more|another) note|note to self|p\.? ?s\.?|"
    r"quick update|update|heads up|just so you know|for the record|and|but|honestly|basically|specifically|"
    r"(?:big |good |great |some )?news|guess what|fun fact|"
    r"these days|nowadays|lately|recently|today|now|hi|hello|hey|"
    r"as of (?:today|now|this (?:week|month|term|semester|year)|(?-i:January|February|March|April|June|July|August"
    r"|September|October|November|December))|"  # "As of March I'm studying nursing": the start of what holds now
    r"thanks|thank you|great|cool|sure|right)\b[,:!.]?\s*)+",
    re.I,
)
_TIME_LEAD = re.compile(r"(?:today|yesterday|tonight|now|these days|nowadays|lately|recently)\b", re.I)


#: Chat's contractions typed without their apostrophe ("dont", "im", "shes"): only spellings no common English word
#: shares ("well", "were", "its", "ill" and "id" are words, so they are left alone). "im", "ive" and "shes" need a
#: lower-case word after them, so a name ("Im Sang-soo") stays a name.
_BARE_CONTRACTIONS = re.compile(
    r"\b(?P<stem>(?i:do|does|did|is|are|was|were|has|have|had|could|would|should|ca|wo|must|need))(?P<nt>nt)\b"
    r"|\b(?P<pro>[Ii])(?P<am>m|ve)\b(?= [a-z])"
    r"|\b(?P<third>(?i:she|he|that|there|what))(?P<s>s)\b(?= [a-z])"
    # "her names carla": a name after it, not a plural's verb or a list ("their names are …", "names and dates")
    r"|\b(?P<owner>(?i:my|his|her|their|our) name)(?P<ns>s)\b(?= (?!(?:are|were|and|or|have|had)\b)[A-Za-z])"
)


def _apostrophised(m: re.Match[str]) -> str:
    if m["nt"]:
        return f"{m['stem']}n't"
    if m["am"]:
        return f"{m['pro']}'{m['am']}"
    if m["ns"]:
        return f"{m['owner']}'s"
    return f"{m['third']}'s"


@functools.lru_cache(maxsize=8192)  # every sentence and turn of a session passes here first
def apostrophised(text: str) -> str:
    """``text`` with chat's apostrophe-less contractions spelt with it ("i dont" as "i don't", "shes" as "she's"),
    the one place they are told, so every reader that knows "don't" or "she's" knows them too."""
    return _BARE_CONTRACTIONS.sub(_apostrophised, text)


@functools.lru_cache(maxsize=8192)  # a sentence and its clauses are expanded at each reading
def expand_contractions(text: str) -> str:
    """``text`` with "I'm", "don't", "we've" … written out, so the rules see one form."""
    for pattern, repl in _CONTRACTIONS:
        text = pattern.sub(repl, text)
    return text


@functools.lru_cache(maxsize=8192)  # asked of a sentence and its clauses again at each reading
def states_a_fact(text: str) -> bool:
    """Whether a (contraction-expanded) sentence may state a fact: no question, hedge, plan or wish.

    A question opener counts after discourse words ("so, do you …"), except
    after a time word: "Today was my last day" states.
    """
    stripped = DISCOURSE.sub("", text)
    first = stripped.split(" ", 1)[0].lower() if stripped else ""
    asks = "?" in text or first in QUESTION_START and not _TIME_LEAD.match(text)
    return not (asks or _HEDGE.search(text) or _MAY.search(text) or DISPUTED.search(text))


# ---------------------------------------------------------------------------
# sentences and summaries


#: A correction notice's opening, which the next sentence completes (read by ``credits.restated``).
_NOTICE = re.compile(
    r"^(?:Correction\s*[:\-–—]\s*)?(?:An?|The|Our) (?:earlier|previous|original|prior) (?:version|edition|report|story"
    r"|article)\b[^.!?]*$",
    re.I,
)


MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
#: A month's name after a day's ordinal ("1. September", "3. Sept."), in full or cut short.
_MONTH_NEXT = re.compile(rf"(?:{'|'.join(MONTHS)}|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?)(?!\w)")


_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
_SENTENCE_END = re.compile(r"[.!?…]+[\"')\]]*\s+")
_INITIAL = re.compile(r"\(?[a-z]\.")
_ORDINAL_DAY = re.compile(r"\d{1,2}\.")


def split_sentences(text: str) -> list[str]:
    """Sentences of chat text: split at . ! ? followed by space, and at line breaks.

    Common abbreviations and initials ("Dr.", "e.g.", "J. Doe") do not end a
    sentence; list bullets are dropped. Chat is sloppy, so a lowercase start
    still begins a new sentence.
    """
    return list(_sentences(text))  # a list of its own: a caller may change it, the cache must not change


# A session's turns are split by some twenty readers each (measured: 27 splits a turn), and a
# chunk's sentences again by the lookahead's warm-up; the split depends on the text alone.
@functools.lru_cache(maxsize=8192)
def _sentences(text: str) -> tuple[str, ...]:
    sentences: list[str] = []
    for line in text.splitlines():
        line = _BULLET.sub("", line)
        start = 0
        for m in _SENTENCE_END.finditer(line):
            words = line[start : m.start() + 1].split()
            last = words[-1].lower() if words else ""
            if last in _ABBREVIATIONS or _INITIAL.fullmatch(last):  # "J. Doe", "(b. 1961, Sendai)"
                continue
            if _ORDINAL_DAY.fullmatch(last) and _MONTH_NEXT.match(line, m.end()):
                continue  # "since 1. September": a day of the month written as an ordinal, as German writes it
            said = line[start : m.start()]
            if said.count("(") > said.count(")") and not m.group().rstrip().endswith(")"):
                continue  # "Port Merrin (pop. 410,000) — …": no sentence ends inside a parenthesis
            if _NOTICE.match(said) and m.group()[0] == ".":
                continue  # "An earlier version misidentified X's mayor. The mayor is Y": one statement
            sentences.append(line[start : m.end()].strip())
            start = m.end()
        sentences.append(line[start:].strip())
    return tuple(s for s in sentences if s)


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


@functools.lru_cache(maxsize=16384)  # lemminflect deep-copies its answer: a call costs ~20 µs
def lemmatise(word: str, pos: str = "VERB") -> str:
    """The dictionary form of ``word`` read as ``pos`` (``died``→``die``, ``associated``→``associate``).

    lemminflect's lexicon and rules (maintained, MIT): every word form in the
    package goes through this one routine, so "died", "dies" and "dying" share a key.
    """
    w = word.lower()
    # the lexicon only: lemminflect's out-of-vocabulary rules would turn "ci" into "cus" and "Zed" into "ze"
    lemmas = getAllLemmas(w, upos=pos).get(pos, ()) if w.isalpha() else ()
    return lemmas[0] if lemmas else w


@functools.lru_cache(maxsize=16384)
def is_adverb(word: str) -> bool:
    """Whether the lexicon knows ``word`` only as an adverb ("literally", "basically"; not "early" or "daily")."""
    low = word.lower()
    return bool(getAllLemmas(low, upos="ADV")) and not any(getAllLemmas(low, upos=p) for p in ("ADJ", "NOUN", "VERB"))


@functools.lru_cache(maxsize=16384)  # ~25 calls a session, and lemminflect deep-copies its entry per call
def inflected_verb(word: str) -> bool:
    """Whether ``word`` is an inflected form of an English verb in the lexicon ("ditched", not "Zed")."""
    lemmas = getAllLemmas(word.lower(), upos="VERB").get("VERB", ())
    return bool(lemmas) and word.lower() not in lemmas


@functools.lru_cache(maxsize=16384)
def lexicon_lemmas(word: str) -> Mapping[str, tuple[str, ...]]:
    """lemminflect's ``getAllLemmas(word)`` (the lexicon's lemmas of ``word`` by part of speech), remembered and
    read-only: lemminflect deep-copies its entry on every call, and the name readers ask of the same words."""
    return MappingProxyType(getAllLemmas(word))


def table(*rows: tuple[str, str]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """(label, pattern) rows with their patterns compiled: the frames, idioms and shapes the readers try in order."""
    return tuple((label, compiled(pattern)) for label, pattern in rows)
