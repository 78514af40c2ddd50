"""The ``extractive`` consolidator: zero network, rule-based, deterministic.

Per frame, an episode whose text is the rendered frame and whose summary is a
sentence-selection summary; per session, subject–predicate–object facts read by
small regular rules from declarative sentences. It is the embedded default, so
it favours precision: questions, hedges and past states yield nothing.

Fact scheme (documented here because supersession keys on it):

- First person (I/me/my/we/our) counts only in **user** turns and becomes the
  subject ``user`` — singular and plural alike, because the namespace already
  scopes memory to one person or team. Third-person sentences count in any turn.
- Something used *for a role* is an attribute of the user named by the role:
  "We use Redis for the job queue", "We switched the queue to RabbitMQ" and
  "our queue is RabbitMQ" all give ``(user, queue, …)``; "my editor is Neovim"
  gives ``(user, editor, Neovim)``. Such attribute predicates are single-valued.
- Predicates are lowercased, de-determined, mapped through
  :data:`CANONICAL_PREDICATES`, else reduced to a crudely lemmatised verb phrase.
- Objects keep their casing; trailing "now"/"anymore"/time phrases and
  punctuation are dropped. Negations ("no longer", "don't … anymore") become
  ``retract=True`` facts.
- Confidence: 0.9 explicit statement, 0.8 strong cue ("joined Acme"),
  0.7 inferred domain or plain negation, 0.6 generic verb fallback.

Sentence splitting, summarising and the lemmatiser are plain text handling and
live in :mod:`consolidators.text`; ``split_sentences``, ``summarise`` and
``lemmatise`` stay importable from here.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence

from .base import bool_option, positive_int_option
from .framing import episode_frames, frame_episode
from .passthrough import truncate
from .text import ENTITY_STOP, QUESTION_START, STOP_VERBS, lemmatise, split_sentences, summarise
from .types import ConsolidationResult, Context, Episode, Fact, Transcript, Turn

USER = "user"
USER_ROLES = frozenset({"user", "human"})

#: Cleaned (or head-lemmatised) phrase -> canonical predicate. Keys cover both verb
#: phrases and role nouns; normalising a value gives it back, so normalising twice is safe.
CANONICAL_PREDICATES: dict[str, str] = {
    # where the user lives
    "live in": "lives in", "reside in": "lives in", "move to": "lives in", "relocate to": "lives in",
    "home": "lives in", "is from": "is from", "be from": "is from",
    # employment
    "work at": "works at", "work for": "works at", "join": "works at", "start at": "works at",
    "employer": "works at", "company": "works at",
    # tools and preferences
    "use": "uses", "rely on": "uses", "run on": "uses", "prefer": "prefers",
    "prefer drink": "prefers drink", "drink": "prefers drink",
    # roles a tool fills (attribute predicates: single-valued)
    "job queue": "queue", "task queue": "queue", "message queue": "queue", "work queue": "queue",
    "queue system": "queue", "db": "database", "datastore": "database", "data store": "database",
    "text editor": "editor", "code editor": "editor",
    # organisations
    "chief executive": "ceo", "chief executive officer": "ceo", "chief technology officer": "cto",
    "based in": "located in", "base in": "located in", "headquartered in": "located in",
    "located in": "located in", "locate in": "located in",
}
DRINKS = frozenset("""
tea coffee espresso latte cappuccino americano matcha chai decaf water juice milk beer wine soda
cola kombucha cocoa smoothie lemonade mate rooibos
""".split())

_DETERMINERS = r"(?:the|a|an|my|our|their|your|some|this|that)"
_QUALIFIERS = frozenset("current new main primary usual default daily go-to".split())
_STATE_VERBS = frozenset("live work use prefer like love reside drink own".split())
_ATTR_STOP = frozenset("""
question point guess problem issue concern idea thought bad goal hope plan answer pleasure fault
mistake worry day week life mind turn bet advice opinion take suggestion request feedback
understanding meeting call date time deadline appointment job
""".split())
_TIME_WORDS = frozenset(
    "year years month months week weeks day days while time ages moment rest".split())
_PRONOUN_OBJECTS = frozenset("""
it this that them these those one something anything everything nothing you him her us me i we
my our your they he she here there stuff things lot
""".split())
_HEDGE = re.compile(
    r"\b(?:if|maybe|perhaps|might|probably|possibly|would|could|should|unless|whether|wish|hope|"
    r"hoping|suppose|supposing|imagine|considering|thinking|planning|plan to|wondering|wonder|"
    r"used to|not sure|going to|want to|wants to|someday|eventually|assume|assuming)\b", re.I)
_MAY = re.compile(r"\bmay\b")  # case-sensitive: "in May" is a month, not a hedge
_CONTRACTIONS = (
    (re.compile(r"\b([Ii])'m\b"), r"\1 am"), (re.compile(r"\b(\w+)'re\b"), r"\1 are"),
    (re.compile(r"\b(\w+)'ve\b"), r"\1 have"), (re.compile(r"\b(\w+)'ll\b"), r"\1 will"),
    (re.compile(r"\b(\w+)'d\b"), r"\1 would"), (re.compile(r"\b([Cc])an't\b"), r"\1annot"),
    (re.compile(r"\b([Ww])on't\b"), r"\1ill not"), (re.compile(r"\b(\w+)n't\b"), r"\1 not"),
    (re.compile(r"\b([Ii]t|[Tt]hat|[Tt]here|[Hh]e|[Ss]he|[Ww]hat)'s\b"), r"\1 is"),
)
_DISCOURSE = re.compile(
    r"^(?:(?:actually|also|so|well|oh|ok|okay|yes|yeah|yep|no|btw|by the way|anyway|fyi|"
    r"quick update|update|heads up|just so you know|for the record|and|but|honestly|basically|"
    r"(?:big |good |great |some )?news|guess what|fun fact|"
    r"these days|nowadays|lately|recently|today|now|as of (?:today|now|this week)|hi|hello|hey|"
    r"thanks|thank you|great|cool|sure|right)\b[,:!.]?\s*)+", re.I)
_CLAUSE_SPLIT = re.compile(  # a new clause starts where a new first-person subject does
    r"\s*;\s*|(?:,|,?\s+(?:and|but|so|then))\s+(?=(?:I|[Ww]e|[Mm]y|[Oo]ur)\b)")
_OBJECT_CUT = re.compile(  # where an object's clause ends
    r"\s*(?:[,;:(]| - | because | since | but | so | for | which | who | where | while | although "
    r"| though | when | and (?=[a-z])| to (?=[a-z]))")
_OBJECT_TAIL = re.compile(  # time words that qualify the statement, not the object
    r"(?:\s+(?:now|anymore|any more|nowadays|these days|lately|currently|again|too|as well|instead|"
    r"full[- ]time|right now|at the moment|at work|every \w+|each \w+|daily|recently|today|"
    r"in (?:19|20)\d\d|(?:last|this|next|over the) (?:week|weekend|month|year|night|morning)|"
    r"yesterday|tomorrow|in (?:January|February|March|April|"
    r"May|June|July|August|September|October|November|December)))+$", re.I)
_STRONG_NEGATION = re.compile(r"\b(?:no longer|anymore|any more|stopped|quit|gave up)\b", re.I)
_NEGATION = re.compile(
    r"^(?:do not|does not|did not|no longer|never|cannot|am not|are not|have not|has not)\s+")
_STOPPED = re.compile(r"^(?:stopped|quit|gave up)\s+(?P<g>[a-z]+ing)\b")
_AUX = re.compile(r"^(?P<aux>am|are|is|was|were|have been|has been|had been|have|has|had)\s+")
_ADVERBS = re.compile(
    r"^(?:(?:now|currently|also|just|finally|recently|actually|mostly|usually|still|really|mainly|"
    r"primarily|officially|basically|definitely|totally|even|already|only)\s+)+")
_PREPS = r"(?:in|at|for|on|with|to|from|of|by|about|into)"
_ENT = r"[A-Z][\w&.+'-]*(?: [A-Z][\w&.+'-]*){0,3}"
_ATTR = r"[\w'-]+(?: [\w'-]+){0,3}?"
_SLOT = r"(?P<slot>(?:the|our|my|their|a|an) [\w-]+(?: [\w-]+){0,2})"

# Special predicate specs resolved per match; anything else is the predicate itself.
SLOT, DOMAIN, PREFER, DRINK = "<slot>", "<domain>", "<prefer>", "<drink>"

#: First-person verb-phrase rules, tried in order on "<lemmatised head verb> <rest>".
#: (pattern, predicate spec, confidence, the rule itself states a retraction)
_FIRST_PERSON_RULES: tuple[tuple[re.Pattern[str], str, float, bool], ...] = tuple(
    (re.compile(pattern), spec, confidence, retract) for pattern, spec, confidence, retract in (
        (r"(?:switch|move|migrate|change|port) " + _SLOT
         + r" (?:from (?P<old>.+?) )?(?:over )?(?:to|onto) (?P<obj>.+)", SLOT, 0.9, False),
        (r"(?:move|relocate) (?:from (?P<old>.+?) )?to (?P<obj>.+)", "lives in", 0.8, False),
        (r"(?:live|reside|base) in (?P<obj>.+)", "lives in", 0.9, False),
        (r"be from (?P<obj>.+)", "is from", 0.8, False),
        (r"work (?:at|for) (?P<obj>.+)", "works at", 0.9, False),
        (r"(?:start|begin|get|take|accept) (?:a |my )?(?:new )?(?:job|position|role) "
         r"(?:at|with|for) (?P<obj>.+)", "works at", 0.9, False),
        (r"(?:start|begin) (?:work |working )?(?:at|with|for) (?P<obj>[A-Z].*)",
         "works at", 0.8, False),
        (r"join (?P<obj>[A-Z].*)", "works at", 0.8, False),
        (r"(?:leave|quit) (?:my (?:job|position|role) at )?(?P<obj>[A-Z].*)", "works at", 0.8, True),
        (r"(?:switch|migrate|change|convert) (?:over )?(?:from (?P<old>.+?) )?to (?P<obj>.+)",
         DOMAIN, 0.7, False),
        (r"replace (?P<old>.+?) with (?P<obj>.+)", DOMAIN, 0.7, False),
        (r"use (?P<obj>.+?) (?:for|as) " + _SLOT, SLOT, 0.9, False),
        (r"(?:use|rely on) (?P<obj>.+)", "uses", 0.9, False),
        (r"prefer (?P<obj>.+?)(?: (?:over|to|rather than) (?P<old>.+))?", PREFER, 0.9, False),
        (r"drink (?P<obj>.+)", DRINK, 0.7, False),
    ))
_FALLBACK = re.compile(rf"(?P<verb>[a-z]+)(?: (?P<prep>{_PREPS}))? (?P<obj>.+)")
_FIRST_PERSON = re.compile(r"(?:I|[Ww]e|[Mm]y|[Oo]ur|[Mm]e)\b")
_SUBJECT_VP = re.compile(r"(?:I|[Ww]e) (?P<vp>.+)")
_POSSESSIVE = re.compile(
    rf"(?:[Mm]y|[Oo]ur) (?P<attr>{_ATTR}) (?:is|are) (?P<neg>not |no longer )?(?P<obj>.+)")
_THIRD_PERSON_RULES = tuple(re.compile(p) for p in (
    rf"[Tt]he (?P<attr>{_ATTR}) (?:of|at) (?P<subj>{_ENT}) (?:is|are) (?P<obj>.+)",
    rf"(?P<subj>{_ENT})'s (?P<attr>{_ATTR}) (?:is|are) (?P<obj>.+)",
    rf"(?P<obj>{_ENT}) (?:is|are) (?:the|a|an) (?P<attr>{_ATTR}) (?:of|at) (?P<subj>{_ENT})",
))
_THIRD_PASSIVE = re.compile(
    rf"(?P<subj>{_ENT}) (?:is|are) (?P<neg>not |no longer )?(?P<verb>[a-z]+(?:ed|en|wn|lt)) "
    rf"(?P<prep>{_PREPS}) (?P<obj>.+)")
_THIRD_SVO = re.compile(
    rf"(?P<subj>{_ENT}) (?P<neg>does not |did not |do not |no longer |never )?"
    rf"(?P<verb>[a-z]+)(?: (?P<prep>{_PREPS}))? (?P<obj>.+)")
_THIRD_STOP = frozenset("""
is was does says thinks seems looks sounds means needs wants gets goes feels knows tells asks
""".split())


class ExtractiveConsolidator:
    """Sentence-selection summaries per frame, rule-based facts per user turn.

    ``max_sentences`` bounds each episode summary; ``facts: false`` turns
    fact extraction off (episodes only).
    """

    name = "extractive"

    def __init__(self, *, max_sentences: int = 3, facts: bool = True) -> None:
        self.max_sentences = positive_int_option("max_sentences", max_sentences)
        self.extract_facts = bool_option("facts", facts)

    def consolidate(self, transcript: Transcript, context: Context) -> ConsolidationResult:
        """One episode per frame, plus the facts of every turn in session order."""
        episodes = tuple(self._episode(frame) for frame in episode_frames(transcript))
        if not self.extract_facts:
            return ConsolidationResult(episodes=episodes)
        return ConsolidationResult(episodes=episodes, facts=tuple(session_facts(transcript.turns)))

    def _episode(self, frame: Sequence[Turn]) -> Episode:
        """The frame's episode; its summary is the selected sentences, without role prefixes."""
        sentences = [s for turn in frame for s in split_sentences(turn.content)]
        chosen = summarise(sentences, self.max_sentences)
        summary = " ".join(s if s[-1] in ".!?…" else s + "." for s in chosen)
        return frame_episode(frame, lambda text: summary or truncate(text, 500))


#: "forget that", "scratch that", "ignore what I just said": the user takes back their last statement.
_TAKE_BACK = re.compile(
    r"^(?:(?:actually|oh|no|sorry|wait|ok|okay)[,!.]?\s+)*(?:please\s+)?(?:forget|scratch|ignore|disregard|"
    r"strike)\s+(?:that|this|it|what i (?:just )?said)\b", re.I)


def session_facts(turns: Sequence[Turn]) -> list[Fact]:
    """Every turn's facts in order; a user's "forget that" retracts their previous statement's."""
    facts: list[Fact] = []
    last_user: list[Fact] = []
    for turn in turns:
        if turn.role in USER_ROLES and _TAKE_BACK.match(turn.content.strip()):
            facts.extend(replace(f, retract=True, confidence=0.8, valid_from=turn.ts,
                                 event_ids=(turn.event_id,)) for f in last_user if not f.retract)
            last_user = []
            continue
        found = turn_facts(turn)
        facts.extend(found)
        if turn.role in USER_ROLES and found:
            last_user = found
    return facts


def turn_facts(turn: Turn) -> list[Fact]:
    """The facts one turn states, each sourced to it and valid from its time."""
    seen: dict[tuple[str, str, str, bool], Fact] = {}
    for sentence in split_sentences(turn.content):
        for fact in extract_triples(sentence, turn.role):
            key = (fact.subject, fact.predicate, fact.object, fact.retract)
            seen.setdefault(key, replace(fact, valid_from=turn.ts, event_ids=(turn.event_id,)))
    return list(seen.values())


# ---------------------------------------------------------------------------
# normalisation


def normalise_predicate(phrase: str) -> str:
    """A canonical predicate for ``phrase``: lowercased, de-determined, mapped, else lemmatised.

    "The job queue" → ``queue``; "favourite drink" → ``prefers drink``;
    "works for" → ``works at``; "acquired" → ``acquire``. Idempotent, so a
    later step may normalise stored predicates again and get the same key.
    """
    words = re.sub(r"[^\w\s'-]", " ", phrase.lower()).split()
    while words and (re.fullmatch(_DETERMINERS, words[0]) or words[0] in _QUALIFIERS):
        words = words[1:]
    if words and words[0] in ("favourite", "favorite", "preferred") and len(words) > 1:
        words = ["prefer", *words[1:]]
    cleaned = " ".join(words)
    if cleaned in CANONICAL_PREDICATES:
        return CANONICAL_PREDICATES[cleaned]
    if len(words) > 1 and words[1] == "by":  # passive ("owned by"): keep the participle
        return cleaned
    lemma = " ".join([lemmatise(words[0]), *words[1:]]) if words else ""
    return CANONICAL_PREDICATES.get(lemma, lemma)


def _clean_object(raw: str | None) -> str | None:
    """The object with its casing kept, cut at the clause's end and stripped of time words."""
    if not raw:
        return None
    text = _OBJECT_CUT.split(raw, maxsplit=1)[0].strip(" \t.!?,;:\"'`")
    text = _OBJECT_TAIL.sub("", text).strip(" \t.!?,;:\"'`")
    text = re.sub(r"^(?:the|a|an|some|my|our|their) ", "", text)
    if not text or text.lower() in _PRONOUN_OBJECTS or text.split()[0].lower() in _PRONOUN_OBJECTS:
        return None
    return text if len(text.split()) <= 12 else None


def _is_drink(obj: str) -> bool:
    return obj.lower().split()[-1] in DRINKS  # "tea", "green tea", "oat milk"


# ---------------------------------------------------------------------------
# triples


def extract_triples(sentence: str, role: str) -> list[Fact]:
    """Subject–predicate–object statements made by one declarative ``sentence``.

    Returned as :class:`Fact` without ``valid_from``/``event_ids``: the caller
    knows which turn the sentence came from.

    First-person statements count only when ``role`` is a user role (an
    assistant's "I can help" is not a fact about the user); third-person
    statements count from any role. Questions and hedged sentences ("if",
    "maybe", "thinking of") yield nothing: a plan is not a fact.
    """
    text = sentence.replace("’", "'").replace("‘", "'").strip()
    for pattern, repl in _CONTRACTIONS:
        text = pattern.sub(repl, text)
    stripped = _DISCOURSE.sub("", text)
    first = stripped.split(" ", 1)[0].lower() if stripped else ""
    if (not stripped or "?" in text or first in QUESTION_START
            or _HEDGE.search(text) or _MAY.search(text)):
        return []
    strong = bool(_STRONG_NEGATION.search(text))
    triples: list[Fact] = []
    for clause in _CLAUSE_SPLIT.split(stripped.rstrip(" .!…")):
        clause = _DISCOURSE.sub("", clause).strip()
        if _FIRST_PERSON.match(clause):
            if role.lower() in USER_ROLES:
                triples.extend(_first_person(clause, strong))
        elif clause:
            triples.extend(_third_person(clause, strong))
    return [f for f in dict.fromkeys(triples) if _plausible(f)]


def _plausible(fact: Fact) -> bool:
    """Every term present and short: an empty or giant term is a parse gone wrong, not knowledge."""
    terms = (fact.subject, fact.predicate, fact.object)
    return all(term.strip() and len(term) <= 200 for term in terms)


def _first_person(clause: str, strong: bool) -> list[Fact]:
    """Facts about the user from "I/we …" and "my/our X is Y" clauses."""
    m = _POSSESSIVE.fullmatch(clause)
    if m:
        predicate = normalise_predicate(m["attr"])
        obj = _clean_object(m["obj"])
        if obj is None or predicate in _ATTR_STOP or not predicate:
            return []
        negated = m["neg"] is not None
        return [_triple(USER, predicate, obj, 0.7 if negated and not strong else 0.9, negated)]
    m = _SUBJECT_VP.fullmatch(clause)
    if not m:
        return []
    vp, negated = _strip_negation(_ADVERBS.sub("", m["vp"]))
    vp = _head_verb(_ADVERBS.sub("", vp))
    if vp is None:
        return []
    for pattern, spec, confidence, retract in _FIRST_PERSON_RULES:
        rule = pattern.fullmatch(vp)
        if rule:
            found = _apply_rule(rule, spec, confidence, retract, negated=negated, strong=strong)
            if found is not None:
                return found
    return [] if negated else _fallback(vp)


def _strip_negation(vp: str) -> tuple[str, bool]:
    """Remove "do not / no longer / stopped V-ing …"; report whether the clause is negated."""
    m = _NEGATION.match(vp)
    if m:
        return vp[m.end():], True
    m = _STOPPED.match(vp)
    if m:
        return lemmatise(m["g"]) + vp[m.end():], True
    return vp, False


def _head_verb(vp: str) -> str | None:
    """``vp`` with its head verb lemmatised, or None when it states no current fact.

    Past states ("I lived in Berlin", "I was working at Acme") are history, not
    current facts; a copula before a non-verb ("I am tired") is skipped except
    "I am from X".
    """
    aux = _AUX.match(vp)
    rest = vp[aux.end():] if aux else vp
    head, _, tail = rest.partition(" ")
    if not head or not tail:
        return None
    if aux:
        if aux["aux"] in ("was", "were", "had", "had been"):
            return None
        if aux["aux"] in ("am", "are", "is") and not head.endswith(("ing", "ed", "en")):
            return f"be {rest}" if head == "from" else None
    elif lemmatise(head) in _STATE_VERBS and (head.endswith("ed") or head.lower() in ("had", "drank")):
        return None
    return f"{lemmatise(head)} {tail}"


def _apply_rule(
    m: re.Match[str], spec: str, confidence: float, retract: bool, *, negated: bool, strong: bool,
) -> list[Fact] | None:
    """Triples for one matched rule; None when the rule turns out not to apply."""
    obj = _clean_object(m["obj"])
    if obj is None:
        return []
    if spec == SLOT:
        words = m["slot"].lower().split()
        predicate = normalise_predicate(m["slot"])
        if not predicate or predicate in _ATTR_STOP or _TIME_WORDS.intersection(words):
            return None  # "for the last two years" is no role; let a later rule try
    elif spec in (DOMAIN, PREFER, DRINK):
        drink = _is_drink(obj)
        if spec == DRINK and not drink:
            return []
        predicate = "prefers drink" if drink else ("prefers" if spec == PREFER else "uses")
    else:
        predicate = spec
    if negated:
        if retract:
            return []  # "I didn't leave Acme" states nothing new
        retract, confidence = True, 0.9 if strong else 0.7
    triples = [_triple(USER, predicate, obj, confidence, retract)]
    old = _clean_object(m.groupdict().get("old"))
    if spec == DOMAIN and predicate == "uses" and old and not negated:
        triples.insert(0, _triple(USER, "uses", old, 0.6, True))  # "switched from Notion to X"
    return triples


def _fallback(vp: str) -> list[Fact]:
    """"I <verb> [prep] <object>" with no specific rule: a generic, low-confidence fact."""
    m = _FALLBACK.fullmatch(vp)
    if not m or m["verb"] in STOP_VERBS:
        return []
    obj = _clean_object(m["obj"])
    if obj is None:
        return []
    predicate = normalise_predicate(f"{m['verb']} {m['prep'] or ''}")
    return [_triple(USER, predicate, obj, 0.6)]


def _third_person(clause: str, strong: bool) -> list[Fact]:
    """Facts about named things: "The CEO of Acme is Jane Doe", "Herald uses RSS"."""
    for pattern in _THIRD_PERSON_RULES:
        m = pattern.fullmatch(clause)
        if m and _is_entity(m["subj"]):
            predicate = normalise_predicate(m["attr"])
            return _third_triple(m["subj"], predicate, m["obj"], 0.9, False, strong)
    m = _THIRD_PASSIVE.fullmatch(clause)
    if m and _is_entity(m["subj"]):
        predicate = normalise_predicate(f"{m['verb']} {m['prep']}")
        return _third_triple(m["subj"], predicate, m["obj"], 0.8, m["neg"] is not None, strong)
    m = _THIRD_SVO.fullmatch(clause)
    if not m or not _is_entity(m["subj"]):
        return []
    verb, negated = m["verb"], m["neg"] is not None
    if verb in _THIRD_STOP or (not negated and (not verb.endswith(("s", "ed")) or verb.endswith("ss"))):
        return []
    predicate = normalise_predicate(f"{verb} {m['prep'] or ''}")
    return _third_triple(m["subj"], predicate, m["obj"], 0.8, negated, strong)


def _third_triple(subject: str, predicate: str, raw_obj: str, confidence: float,
                  negated: bool, strong: bool) -> list[Fact]:
    obj = _clean_object(raw_obj)
    if obj is None or not predicate:
        return []
    if negated:
        return [_triple(subject, predicate, obj, 0.9 if strong else 0.7, True)]
    return [_triple(subject, predicate, obj, confidence)]


def _triple(subject: str, predicate: str, obj: str, confidence: float, retract: bool = False) -> Fact:
    """A fact not yet tied to a turn (``turn_facts`` adds event id and time)."""
    return Fact(subject=subject, predicate=predicate, object=obj, confidence=confidence,
                retract=retract)


def _is_entity(subject: str) -> bool:
    """A named subject, not a pronoun, determiner, interjection or gerund that happens to be capitalised.

    A single sentence-initial "-ing" word ("Forgetting things is normal") is an
    activity, not a name.
    """
    words = subject.split()
    if len(words) == 1 and len(words[0]) > 4 and words[0].lower().endswith("ing"):
        return False
    return words[0].lower() not in ENTITY_STOP
