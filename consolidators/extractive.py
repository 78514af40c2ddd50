"""The ``extractive`` consolidator: zero network, rule-based, deterministic.

Per frame, an episode whose text is the rendered frame and whose summary is a
sentence-selection summary; per session, subject–predicate–object facts read by
small regular rules from declarative sentences. It is the embedded default, so
it favours precision: questions, hedges and past states yield nothing.

The sentence rules and their fact scheme live in :mod:`consolidators.triples` (the verb-phrase
rules it shares between first and third person in :mod:`consolidators.toolrules`),
the canonical predicates and object cleaning in :mod:`consolidators.vocabulary`,
plain text handling in :mod:`consolidators.text`; this module holds what needs
the whole session: "forget that", and single-valued role attributes, which name
the active fact they replace (``Fact.replaces``) because the engine's
cardinality table can't list every role a user may mention ("event store").
``extract_triples``, ``normalise_predicate``, ``split_sentences``, ``summarise``
and ``lemmatise`` stay importable from here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import datetime

from . import (
    began,
    boxes,
    coreference,
    forgotten,
    offered,
    repairs,
    replies,
    restated,
    thirdmemory,
    thirdmoves,
    turnrepairs,
    userdenials,
    userheld,
    usermemory,
    usermoves,
)
from .base import bool_option, positive_int_option, str_list_option
from .forms import norm
from .framing import episode_frames, frame_episode
from .passthrough import truncate
from .phrases import USER, USER_ROLES, bare_doubt
from .plainsentence import plain
from .text import apostrophised, expand_contractions, lemmatise, split_sentences, summarise
from .toolnames import TOOL_ROLES
from .triples import extract_triples, prefetch_parses, sentence_triples
from .types import ActiveFact, ConsolidationResult, Context, Episode, Fact, Transcript, Turn
from .vocabulary import CANONICAL_PREDICATES, DRINKS, normalise_predicate

__all__ = [
    "CANONICAL_PREDICATES",
    "DRINKS",
    "USER",
    "USER_ROLES",
    "ExtractiveConsolidator",
    "extract_triples",
    "lemmatise",
    "normalise_predicate",
    "session_facts",
    "split_sentences",
    "summarise",
]


class ExtractiveConsolidator:
    """Sentence-selection summaries per frame, rule-based facts per user turn.

    ``max_sentences`` bounds each episode summary; ``facts: false`` turns
    fact extraction off (episodes only); ``relations`` lists role nouns a
    third-person statement may state beyond the built-in relations
    ("national bird"): without it, "the mascot of Y is Z" yields nothing.
    """

    name = "extractive"

    def __init__(self, *, max_sentences: int = 3, facts: bool = True, relations: Sequence[str] = ()) -> None:
        self.max_sentences = positive_int_option("max_sentences", max_sentences)
        self.extract_facts = bool_option("facts", facts)
        self.relations = frozenset(normalise_predicate(r) for r in str_list_option("relations", relations))

    def consolidate(self, transcript: Transcript, context: Context) -> ConsolidationResult:
        """One episode per frame, plus the facts of every turn in session order."""
        episodes = self.episodes(transcript)
        if not self.extract_facts:
            return ConsolidationResult(episodes=episodes)
        facts = session_facts(transcript.turns, context.active_facts, relations=self.relations)
        return ConsolidationResult(episodes=episodes, facts=tuple(facts))

    def episodes(self, transcript: Transcript) -> tuple[Episode, ...]:
        """One episode per frame: the transcript alone decides them (``consolidators.base.ForeseesEpisodes``)."""
        return tuple(self._episode(frame) for frame in episode_frames(transcript))

    def warm(self, sessions: Sequence[Sequence[Turn]]) -> None:
        """Parse the sentences of many sessions in one parser batch, then read each (both are remembered;
        see ``consolidators.base.WarmsUp``): the lookahead does this while the previous chunk swaps."""
        if self.extract_facts:
            said = [
                (s, turn.role)
                for turns in sessions
                for turn in turns
                for s in split_sentences(apostrophised(turn.content))
            ]
            prefetch_parses(said)
            for sentence, role in said:
                sentence_triples(sentence, role, self.relations)

    def _episode(self, frame: Sequence[Turn]) -> Episode:
        """The frame's episode; its summary is the selected sentences, without role prefixes."""
        sentences = [s for turn in frame for s in split_sentences(turn.content)]
        chosen = summarise(sentences, self.max_sentences)
        summary = " ".join(s if s[-1] in ".!?…" else s + "." for s in chosen)
        return frame_episode(frame, lambda text: summary or truncate(text, 500))


#: "forget that", "scratch that", "ignore what I just said": the user takes back a statement —
#: the one named after "forget that" ("forget that I use Notion"), else their previous one.
_TAKE_BACK = re.compile(
    rf"^(?:(?:actually|oh|no|sorry|wait|ok|okay)[,!.]?\s+)*(?:please\s+)?(?P<cue>{repairs.TAKE_BACK})\b(?P<rest>.*)$",
    re.I | re.S,
)
#: The same cue closing a sentence ("I never moved to Denver, scratch that"): what precedes it replaces the
#: previous statement, or, when it states something itself, is what the cue takes back.
_TAKEN_BACK_AFTER = re.compile(
    rf"^(?P<said>.+?)[\s,;:—–-]+(?:(?:so|no|wait|sorry|actually)[,\s]+)*(?:please\s+)?{repairs.TAKE_BACK}[\s.!…]*$",
    re.I | re.S,
)
#: The same cue between two statements ("I never moved to Amersfoort, scratch that, I still live in Utrecht"): the
#: first is read as :data:`_TAKEN_BACK_AFTER` reads it, the rest as what the cue puts back.
_TAKEN_BACK_BETWEEN = re.compile(
    rf"^(?P<said>.+?)[\s,;:—–-]+(?:(?:so|no|wait|sorry|actually)[,\s]+)*(?:please\s+)?{repairs.TAKE_BACK}"
    r"\s*[,;:—–-]+\s*(?P<rest>\w.*)$",
    re.I | re.S,
)


def _takes_back_that(m: re.Match[str]) -> bool:
    """Whether the take-back is "… that", which may go on to name its statement ("forget that I use Notion")."""
    return m["cue"].lower().endswith("that")


#: What follows "scratch that" when it names the value taken back and then says the right one.
_ABOUT = re.compile(r"about (?P<name>[^,;:—–]+?)\s*[,;:—–-]+\s*(?P<rest>\w.*)$", re.S)
#: The negation of a denial ("I never moved to Denver", "I did not take the Acme job"): without it, the statement
#: denied.
_NEGATION = re.compile(r"\b(?:never|not|did not|do not|does not)\s+", re.I)
_SAID = re.compile(r"^\s*i (?:just )?said (?:that )?", re.I)


def session_facts(
    turns: Sequence[Turn], active: Sequence[ActiveFact] = (), *, relations: frozenset[str] = frozenset()
) -> list[Fact]:
    """Every turn's facts in order, with the user's take-backs as retractions.

    A bare "forget that" takes back the user's immediately preceding statement:
    the sentence before it in the same turn, or at the start of a turn the
    user's previous turn (assistant turns in between don't count; a user turn
    that stated no fact is still the previous statement). A role attribute
    names the ``active`` fact it replaces, if any. ``relations``: extra
    third-person role predicates the deployment accepts. A fact is valid from
    its turn's time, or from the day its clause says it began
    (:func:`consolidators.began.dated`).
    """
    active = held_then(active, turns)
    said = turns  # as the user said them: the rewrites below keep the words a date is read from, but not always
    turns = [replace(t, content=apostrophised(t.content)) for t in turns]  # "i dont" as every reader knows it
    turns = coreference.described(turns, active)  # "the company" as the one company memory knows the turn names
    turns = offered.spelt(turns, active)  # "employed there" as "at X" after "I got the X offer"
    # "Helix." after "Which editor do you use?" as the statement it answers
    turns = replies.answered(turns, lambda said: _states_known_facts(said, relations))
    prefetch_parses((s, turn.role) for turn in turns for s in split_sentences(turn.content))  # one batch per session
    facts: list[Fact] = []
    previous: list[Fact] = []
    for turn in turns:
        if turn.role.lower() in USER_ROLES:
            found, previous, put_back = _user_turn(turn, previous, relations)
            found = [_since(f, active, facts) if any(f is p for p in put_back) else f for f in found]
        else:
            found = _turn_facts(turn, relations)
        facts.extend(found)
    facts = userheld.kept(usermemory.revised(facts, active, turns), active, turns)  # the user's changes memory reads
    facts = turnrepairs.repaired(facts, active, turns)  # "just kidding, I live in Nantes": Lyon was never true
    facts = turnrepairs.renamed_pets(facts, active, turns)  # "the cat is called Biskit": Biscuit misspelt
    facts = turnrepairs.meant(facts, active, turns)  # "I meant iPhone 15, not 16": the held iPhone 16 never was
    facts = userdenials.denied(facts, active, turns)  # "I never joined X" when memory holds it: a correction
    facts = userheld.roles_left(facts, active)  # a tool left in a role is no longer the one used with none
    facts = forgotten.forgotten(facts, active, turns)  # "please forget where I live": the value held goes
    facts, turns = coreference.resolved(facts, active, turns)  # "Brandt" as the "Anneliese Brandt" named before
    facts = thirdmemory.revised(_as_known(facts, active, turns), active, turns)  # third-person changes memory reads
    # a held value the session takes back is no value a new one replaces: it never held ("I never moved back to
    # Leeds, scratch that, we're still in Bristol" retracts Leeds and Bristol goes on), and it goes first
    undone = [f for f in facts if f.retract and _held_unsaid(f, active, facts)]
    left = [a for a in active if not any(_same_value(a, f) for f in undone)]
    facts = [_resolve_attribute(f, left) for f in undone + [f for f in facts if all(f is not u for u in undone)]]
    return began.dated(facts, said, active)  # "I moved to Oslo in 2021": valid from then, not from the turn


def held_then(active: Sequence[ActiveFact], turns: Sequence[Turn]) -> list[ActiveFact]:
    """The ``active`` facts memory held when ``turns`` were said: none valid from after the last of them.

    A fact is never valid from after the turn that said it (:func:`consolidators.began.dated` dates only back),
    so a later one was said in a later session. A re-consolidated session (a backfill of its day) reads memory
    that holds them; read with them, "switched from VS Code to Neovim" would replace the role a later session
    gave VS Code, where its own night read a plain use: one sentence, two readings.
    """
    last = max((t.ts for t in turns), default=None)
    if last is None:
        return list(active)
    return [a for a in active if a.valid_from is None or _aware(a.valid_from) != _aware(last) or a.valid_from <= last]


def _aware(moment: datetime) -> bool:
    return moment.tzinfo is not None and moment.utcoffset() is not None


def _same_value(a: ActiveFact, f: Fact) -> bool:
    return (norm(a.subject), norm(a.predicate), norm(a.object)) == (norm(f.subject), norm(f.predicate), norm(f.object))


def _held_unsaid(fact: Fact, active: Sequence[ActiveFact], facts: Sequence[Fact]) -> bool:
    """Whether a retraction takes back a value memory holds that no fact of the session states."""
    said = any(_same_value(ActiveFact("", f.subject, f.predicate, f.object), fact) for f in facts if not f.retract)
    return not said and any(_same_value(a, fact) for a in active)


def _states_known_facts(sentence: str, relations: frozenset[str]) -> bool:
    """Whether the user saying ``sentence`` states facts, each of a relation the vocabulary knows: an answer put
    in a question's place ("My budget is 500 euros.") counts only as a relation memory is built to keep."""
    facts = sentence_triples(sentence, USER, relations)
    return bool(facts) and all(f.predicate in _KNOWN_PREDICATES or f.predicate in relations for f in facts)


def _turn_facts(turn: Turn, relations: frozenset[str]) -> list[Fact]:
    """The facts one turn states, each sourced to it and valid from its time.

    Private: its attribute facts still carry ``replaces_attribute``, which
    only :func:`session_facts` resolves (against the active facts).
    """
    said = restated.continued(split_sentences(turn.content))  # a fact box's fields, a "he" after a named person
    return _unique(f for s in said for f in _stamped(s, turn, relations))


def _since(fact: Fact, active: Sequence[ActiveFact], before: Sequence[Fact]) -> Fact:
    """A value a take-back puts back ("scratch that, I still live in Utrecht") as the value that went on: valid from
    when memory or the session first had it, not a move back to it now."""
    key = (fact.subject, fact.predicate, norm(fact.object))
    held = [a.valid_from for a in active if (a.subject, a.predicate, norm(a.object)) == key and a.valid_from]
    said = [f.valid_from for f in before if (f.subject, f.predicate, norm(f.object)) == key and not f.retract]
    first = min(held or said or [None], key=lambda t: t.timestamp() if t else float("inf"))
    return (
        replace(fact, valid_from=first) if first is not None and fact.valid_from and first < fact.valid_from else fact
    )


def _user_turn(
    turn: Turn, previous: list[Fact], relations: frozenset[str]
) -> tuple[list[Fact], list[Fact], list[Fact]]:
    """A user turn's facts, what a "forget that" in their next turn would take back, and the values its take-backs
    put back."""
    found: list[Fact] = []
    last: list[Fact] = previous
    said: list[Fact] = []
    put_back: list[Fact] = []
    # a fact box's fields (none under someone else's heading or a wish list's), a "he" after a name
    sentences = restated.continued(boxes.owned(split_sentences(turn.content)))
    # "I'm based in Ghent. No wait, Antwerp.": only the value the user ends on is said
    sentences = repairs.mended(repairs.split(sentences), lambda s: sentence_triples(s, turn.role, relations))
    for sentence in sentences:
        asks = sentence.strip().endswith("?")  # "Scratch that?": asking whether to, no take-back
        m = None if asks else _TAKE_BACK.match(sentence.strip())
        rest = m["rest"].strip() if m else ""
        between = None if m or asks else _TAKEN_BACK_BETWEEN.match(sentence.strip())
        after = None if m or between or asks else _TAKEN_BACK_AFTER.match(sentence.strip())
        if between is not None and not _stamped(between["said"], turn, relations):
            # "I never moved to Amersfoort, scratch that, I still live in Utrecht": the denial's value taken back,
            # the rest put back
            denied = _stamped(_NEGATION.sub("", expand_contractions(between["said"])), turn, relations)
            found.extend(_take_back(denied or last, turn))
            last = _stamped(between["rest"], turn, relations)
            put_back.extend(last)
            said = []
        elif between is not None:  # "I live in Leeds, scratch that, Bristol": the statement takes back itself
            last = _stamped(between["rest"], turn, relations) or _at(repairs.restored(between["rest"], []), turn)
            said = []
        elif after is not None:  # "I never moved to Denver, scratch that": said in the previous statement's place
            if not _stamped(after["said"], turn, relations):  # … unless the sentence takes back its own statement
                denied = _stamped(_NEGATION.sub("", expand_contractions(after["said"])), turn, relations)
                found.extend(_take_back(denied or last, turn))  # the value the denial names, else the one before
            last, said = [], []
        elif bare_doubt(sentence):  # "I'm a nurse. Not sure yet.": the statement just made is doubted
            found = [f for f in found if all(f is not d for d in last)]
            last, said = [], []
        elif m is None or (rest[:1].isalnum() and not _takes_back_that(m)):  # "ignore this message": no take-back
            last = _stamped(sentence, turn, relations)
        elif about := _ABOUT.match(rest):
            # "scratch that about Bolt, I actually work at Wise": the value named is taken back in the relation of
            # the statement that follows, which is said anew
            last = _stamped(about["rest"], turn, relations)
            named = [replace(f, object=about["name"]) for f in last if f.subject == USER and not f.retract]
            found.extend(_take_back(named, turn))
            said = []
        elif rest[:1].isalnum():  # "forget that I use Notion": the statement is named
            named = _stamped(_SAID.sub("", rest), turn, relations)
            found.extend(_take_back(named, turn))
            last = []
        elif repairs.of_another(rest) and (given := repairs.given_away(rest, last)) is not None:
            # "I live in Utrecht. Scratch that, my brother does; I live in Delft": the user's statement given to
            # the brother is taken back, and what the user goes on to say of themselves is read
            found.extend(_take_back(last, turn))
            last = _stamped(given, turn, relations) if given else []
            put_back.extend(last)
            said = []
        elif repairs.of_another(rest):  # "scratch that, my brother is still at Otto": the brother's taken back
            last = []
        else:  # "Forget that." / "Forget that, I live in Lisbon."
            found.extend(_take_back(last, turn))
            rest = rest.lstrip(" ,;:!.-—")  # "scratch that, still at Initech": the value put back, in its relation
            last = _stamped(rest, turn, relations) or _at(repairs.restored(rest, last), turn)
            put_back.extend(last)
            said = []
        found.extend(last)
        said.extend(last)
    return _unique(found + _across(sentences, turn, found)), said, put_back


def _across(sentences: list[str], turn: Turn, found: list[Fact]) -> list[Fact]:
    """The user's changes a turn says over two sentences ("changed course, econ wasn't for me. it's data science
    now"), in relations its sentences did not already state."""
    have = {f.predicate for f in found if f.subject == USER}
    changes = usermoves.across([expand_contractions(plain(s)) for s in sentences]) if len(sentences) > 1 else []
    return [replace(f, valid_from=turn.ts, event_ids=(turn.event_id,)) for f in changes if f.predicate not in have]


def _take_back(statement: Sequence[Fact], turn: Turn) -> list[Fact]:
    return [
        replace(
            f, retract=True, confidence=0.8, replaces_attribute=False, valid_from=turn.ts, event_ids=(turn.event_id,)
        )
        for f in statement
        if not f.retract
    ]


def _at(facts: Sequence[Fact], turn: Turn) -> list[Fact]:
    return [replace(f, valid_from=turn.ts, event_ids=(turn.event_id,)) for f in facts]


def _stamped(sentence: str, turn: Turn, relations: frozenset[str] = frozenset()) -> list[Fact]:
    if not sentence:
        return []
    found = sentence_triples(sentence, turn.role, relations)
    return [replace(f, valid_from=turn.ts, event_ids=(turn.event_id,)) for f in found]


def _unique(facts: Iterable[Fact]) -> list[Fact]:
    """Facts in order, each (subject, predicate, object, retract) once; a reader's empty part is no fact (the
    output check would fail the whole session for it)."""
    seen: dict[tuple[str, str, str, bool], Fact] = {}
    for fact in facts:
        if fact.subject.strip() and fact.predicate.strip() and fact.object.strip():
            seen.setdefault((fact.subject, fact.predicate, fact.object, fact.retract), fact)
    return list(seen.values())


def _resolve_attribute(fact: Fact, active: Sequence[ActiveFact]) -> Fact:
    """An attribute fact replaces the latest active fact of its (subject, predicate) with another value."""
    if not fact.replaces_attribute:
        return fact
    key = (norm(fact.subject), norm(fact.predicate))
    olds = [a for a in active if (norm(a.subject), norm(a.predicate)) == key and norm(a.object) != norm(fact.object)]
    latest = max(olds, key=lambda a: a.valid_from.timestamp() if a.valid_from else float("-inf"), default=None)
    return replace(fact, replaces=latest.id if latest else None, replaces_attribute=False)


_KNOWN_PREDICATES = frozenset(CANONICAL_PREDICATES.values()) | TOOL_ROLES


# A relation a sentence can't tell from another by its own words: "X joined Al Ahly from Zamalek" reads as a
# new employer unless one knows X plays for a team. Memory knows.
_KNOWN_AS = {"works at": ("plays for",)}
#: The same for a change whose verb names no relation ("The Atrium moved to Ghent"): a new home, unless one knows
#: the subject is a building (located somewhere) or a company (headquartered somewhere). A sentence that says
#: "lives in" says a person, whatever memory holds ("Bengaluru-based X" may have been read as a seat).
_OPEN_AS = {"lives in": ("located in", "headquartered in")}
#: Relations whose value a change leaves: the party a move left names the relation it was held by.
_LEFT_BY = ("works at", "plays for", "lives in", "member of", "located in", "headquartered in")


def _as_known(facts: list[Fact], active: Sequence[ActiveFact], turns: Sequence[Turn] = ()) -> list[Fact]:
    """Each third-person fact whose relation its sentence left open, as memory (active, or earlier in the
    session) tells it: a change (:mod:`consolidators.thirdmoves`) takes the relation the subject held the party
    it left by, else, when its sentence showed none, one the subject is known for (a change with no default is
    stated only so); any other fact of a relation in ``_KNOWN_AS`` of someone known only for the other relation
    takes that one."""
    held: dict[tuple[str, str], set[str]] = {}  # (subject, value) -> the relations the subject holds it by
    for a in active:
        if a.subject != USER:
            held.setdefault((norm(a.subject), norm(a.object)), set()).add(norm(a.predicate))
    known = {(who, p) for (who, _), ps in held.items() for p in ps}
    changes = _changes(turns)
    unstated = _unstated(changes)
    out: list[Fact] = []
    out_keys: set[tuple[str, str, str, bool]] = set()  # a change another reader stated and memory restated: once
    for fact in [*facts, *unstated]:
        who = norm(fact.subject)
        change = changes.get((who, norm(fact.object))) if fact.subject != USER and not fact.retract else None
        if change is not None:
            said = "" if any(fact is u for u in unstated) else fact.predicate  # another reader's, or none
            chosen = _chosen(who, change[0], said, held, known)
            if not chosen:
                continue
            fact = replace(fact, predicate=chosen)
        elif (
            fact.retract
            and fact.subject != USER  # the user's tools and roles have readers of their own
            and len(by := held.get((who, norm(fact.object)), set())) == 1
            and fact.predicate not in by
        ):
            # "X quit the Liberal Union" read as a job left, where memory holds X a member of it: the tie memory has
            fact = replace(fact, predicate=next(iter(by)))
        elif fact.subject != USER and (who, fact.predicate) not in known:
            other = next((o for o in _KNOWN_AS.get(fact.predicate, ()) if (who, o) in known), None)
            fact = replace(fact, predicate=other) if other else fact
        key = (who, fact.predicate, norm(fact.object), fact.retract)
        if key in out_keys:
            continue
        # another value of the relation since: the value said again is said anew ("scratch that, still at X")
        out_keys = {k for k in out_keys if k[:2] != key[:2] or k[2] == key[2]} | {key}
        if not fact.retract:
            known.add((who, fact.predicate))
            held.setdefault((who, norm(fact.object)), set()).add(fact.predicate)
        out.append(fact)
    return out


def _unstated(changes: dict[tuple[str, str], tuple[thirdmoves.Change, Turn]]) -> list[Fact]:
    """The changes no sentence states for want of a default ("now represents X"), as a fact for memory to settle
    (under the first relation memory may choose; :func:`_chosen` drops it when memory knows none)."""
    return [
        replace(f, valid_from=turn.ts, event_ids=(turn.event_id,))
        for change, turn in changes.values()
        if not change.relations[0]
        for f in thirdmoves.facts(change, change.relations[1])
    ]


def _chosen(
    who: str, change: thirdmoves.Change, said: str, held: dict[tuple[str, str], set[str]], known: set[tuple[str, str]]
) -> str:
    """The relation of a change: the one the party it left was held by; else, for an open change, the first
    alternative the subject is known for (when the default is not), else the default ("" for none); else
    ``said``, what the sentence showed."""
    default, *others = change.relations
    default = said or default  # another reader's evidence may have read what this module could not
    by_left = held.get((who, norm(change.left)), set()) if change.left else set()
    left = next((r for r in _LEFT_BY if r in by_left), None)
    if left or not change.open:
        return left or said
    if default and (who, default) in known:
        return default
    return next((r for r in (*others, *_OPEN_AS.get(default, ())) if (who, r) in known), default)


def _changes(turns: Sequence[Turn]) -> dict[tuple[str, str], tuple[thirdmoves.Change, Turn]]:
    """The session's changes memory may settle, by (subject, value), with their turn: those whose sentence left
    the relation open, and those that name the party left."""
    found = ((thirdmoves.read(expand_contractions(plain(s))), t) for t in turns for s in split_sentences(t.content))
    return {
        (norm(c.subject), norm(c.value)): (c, t) for c, t in found if c is not None and c.sure and (c.open or c.left)
    }
