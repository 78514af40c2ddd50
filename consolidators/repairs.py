"""A user's self-repairs across a sentence break: only the value the speaker ends on is said.

Chat corrects itself as it goes: "I'm based in Ghent. No wait, Antwerp.", "My shell is zsh. Actually no, it's
fish.", "I'm a nurse. Just kidding, I'm a paramedic." The sentence before the repair states a value the speaker
withdrew, so it states nothing; the repair either restates the sentence with a new value (read as the sentence it
is) or names the new value bare, which takes the withdrawn value's place in the sentence before. A repair inside
one sentence that names its value bare ("I use Todoist, sorry, I mean TickTick") is cut into the same two parts;
one that says more ("… — no wait, I moved it to X") is left to :mod:`consolidators.unsaid`, which keeps only what
follows the repair.

A filler "I mean" ("I mean, I live in Leeds, so …") repairs only when it restates the relation the sentence before
stated, or names a bare value longer than a short word ("Sorry, BRB." names none); the other cues withdraw the
sentence before whatever follows them — precision first, so "Nope, no regrets at all." after a statement loses it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from .forms import norm
from .text import OTHER_PEOPLE
from .types import Fact

# The repair openers: the one list of the cues every reader of a chat correction reads, each with its rule.

#: Owning up to a mistake in what the speaker said before ("Correction: …", "just kidding", "no wait"): that is
#: withdrawn, and what follows replaces it. Inside a sentence, the value said before it (:mod:`consolidators.unsaid`);
#: after a sentence of the same turn, that sentence (:func:`mended`); opening a turn, the value the user's earlier
#: statement (or memory) holds for the relation the turn states, which never held (:mod:`consolidators.turnrepairs`).
OWNING_UP = (
    r"no,? wait|wait,? no|actually,? no|no,? actually|correction|(?:just )?(?:kidding|joking)|jk|i misspoke"
    r"|my mistake|my bad"
)
#: Taking a statement back whatever follows ("scratch that", "forget what I just said"): the user's previous
#: statement, or the one the cue goes on to name ("forget that I use Notion", "scratch that about Bolt"), is
#: retracted (:mod:`consolidators.extractive`, :mod:`consolidators.userends`).
TAKE_BACK = r"(?:forget|scratch|ignore|disregard|strike)\s+(?:that|this|it|what i (?:just )?said)"

_LEAD = r"(?:(?:oh|ah|um|uh|erm|hmm|ok|okay)[,!.]?\s+)*"
#: Cues that name the new value straight after them ("I meant Ghent", "make that Antwerp", "or rather Neovim").
_NAMING = r"i meant|(?:sorry|oops),? i meant?|make that|or rather"
#: Cues that withdraw what was said just before, set off by a pause ("No wait, …", "Just kidding!"): without the
#: pause they start a sentence of their own ("Not really a fan of …"). Besides owning up, the answers that may
#: also answer the assistant ("nope", "not really"): they withdraw only inside a turn.
_PAUSED = rf"{OWNING_UP}|nope|not really|not(?=\W*$)"  # a bare "NOT!": sarcasm turning the statement over
#: A repair into the past ("Well, was, until last spring."): the state the sentence before told is over.
_PAST_AGAIN = r"well,? (?:(?:i|we) )?(?:was|were|did|used to)(?=\s*(?:[,.!]|$|until|till|before|back then))"
#: Fillers that repair only a relation they restate, or a value they name bare ("Sorry, a Pixel 8").
_FILLERS = r"i mean|sorry|oops|wait"
_PAUSE = r"(?:\s*[,:;!.—–-]+\s*|\s*$)"
_CUE = (
    rf"{_LEAD}(?:(?P<strong>(?:{_NAMING})\b\s*|(?:{_PAUSED}){_PAUSE}|{_PAST_AGAIN})|(?P<weak>(?:{_FILLERS}){_PAUSE}))"
)
#: A repair that opens a sentence.
_OPENS = re.compile(rf"^{_CUE}", re.I)
#: The same cue inside a sentence, after a pause ("Ghent — no wait, Antwerp", "Vim, or rather Neovim").
_INSIDE = re.compile(rf"(?:\s*[—–,;]|\s+-|\.\.\.)\s*{_CUE}", re.I)
#: A value named bare: a name (capitalised or with a digit) of up to four words, maybe after an article, a
#: preposition or "it's", and a closing "now" or "then".
_BARE = re.compile(
    r"(?:(?:it's|it is|that's|that is|make it)\s+)?(?:(?:a|an|the|on|in|at|to|with|for)\s+)?"
    r"(?P<value>[A-Z0-9][\w.+&'’-]*(?: [A-Z0-9][\w.+&'’-]*){0,3})(?:,? (?:now|then|actually|obviously))?[\s.!]*"
)

#: What opens a value put back after a take-back ("still at Initech", "I'm still in Leeds"): the state goes on.
_STILL = re.compile(r"^\s*(?:(?:i'm|i am|we're|we are|it's|it is)\s+)?still\s+", re.I)

Reader = Callable[[str], Sequence[Fact]]

#: A repair that opens a turn and owns up to a mistake ("Correction: …", "jk, …", "sorry, I meant …"): a cue that
#: may also answer the assistant ("not really", "nope") says no earlier statement of the user's was wrong.
_TURN_REPAIR = re.compile(rf"^{_LEAD}(?:(?:sorry|oops)[,!.]?\s+)?(?:{OWNING_UP}|i meant)\b", re.I)


def opens_repair(sentence: str) -> bool:
    """Whether ``sentence`` opens by owning up to a mistake in what the speaker said before."""
    return _TURN_REPAIR.match(sentence.strip()) is not None


def split(sentences: Sequence[str]) -> list[str]:
    """``sentences`` with each in-sentence repair that names its value bare cut off as a sentence of its own."""
    out: list[str] = []
    for sentence in sentences:
        cue = _INSIDE.search(sentence)
        if cue and _bare(sentence[cue.end() :]) is not None:
            out += [sentence[: cue.start()], sentence[cue.start() :].lstrip(" ,;—–-.")]
        else:
            out.append(sentence)
    return out


def mended(sentences: Sequence[str], read: Reader) -> list[str]:
    """``sentences`` with each one a repair follows withdrawn, or rewritten with the bare value the repair names.

    ``read`` gives a sentence's facts (the consolidator's own reading, remembered, so asking twice is free).
    """
    out: list[str] = []
    for said, repair in zip(sentences, [*sentences[1:], ""][: len(sentences)], strict=True):  # an empty turn has none
        cue = _OPENS.match(repair.strip())
        if cue is None:
            out.append(said)
            continue
        rest = repair.strip()[cue.end() :]
        value = _bare(rest)
        if value is not None and (cue["strong"] or _named(value)):
            out += _with_value(said, value, read)
        elif not (cue["strong"] or _restates(read(said), read(repair))):
            out.append(said)  # "I mean, …" that goes on to something else
    return out


def restored(rest: str, taken: Sequence[Fact]) -> list[Fact]:
    """What a take-back goes on to name bare ("scratch that, still at Initech") as the value of the relation the
    statement it took back held: the speaker puts that value back, in that relation. Nothing unless exactly one
    relation was taken back."""
    held = [f for f in taken if not f.retract]
    value = _bare(_STILL.sub("", rest))
    if len(held) != 1 or value is None or norm(value) == norm(held[0].object):
        return []
    return [replace(held[0], object=value, replaces_attribute=False)]


#: What a take-back goes on to say of someone else ("scratch that, my brother is still at Otto"): the statement
#: taken back was theirs, not the user's.
_ANOTHER = re.compile(
    rf"^(?:(?:no|so|well|sorry)[,\s]+)*(?:(?:my|our) (?:\w+ )?(?:{OTHER_PEOPLE})s?|he|she|they|his|her|their)\b",
    re.I,
)


def of_another(rest: str) -> bool:
    """Whether what follows a take-back ("scratch that, …") is about someone other than the user."""
    return _ANOTHER.match(rest.lstrip(" ,;:!.-—")) is not None


#: Where what a take-back says of someone else ends and the speaker goes on ("my brother does; I live in Delft").
_ANOTHER_ENDS = re.compile(r"\s*(?:[;.!]|,?\s*\b(?:but|and|while)\b|,)\s*(?=(?:I|I'm|I've|we|we're)\b)|\s*[;.!]\s*")
#: Someone else's clause that stands for the statement taken back by a verb alone: "my brother does", "she is".
_PRO_VERB = re.compile(r"^\S+(?: \S+)?\s+(?:does|did|do|is|was|has|had)(?:\s+(?:too|now|instead))?$", re.I)


def given_away(rest: str, taken: Sequence[Fact]) -> str | None:
    """Where a take-back goes on about someone else ("scratch that, my brother lives in Utrecht", "… my brother
    does; I live in Delft"), whether what it says of them is the statement taken back (the same value, or a verb
    that stands for it): the user gave their statement to the other person, so it is taken back. Then what the
    speaker goes on to say (``""`` when nothing); None when it is the other's own news ("my sister is still at
    Tobbe Logistics" after "I work at Pellmark"), which takes back nothing of the user's."""
    text = rest.lstrip(" ,;:!.-—")
    parts = _ANOTHER_ENDS.split(text, maxsplit=1)
    other, after = parts[0].strip(), (parts[1].strip() if len(parts) > 1 else "")
    values = [norm(f.object) for f in taken if not f.retract]
    if not values:
        return None
    if _PRO_VERB.match(other) or any(re.search(rf"\b{re.escape(v)}\b", norm(other)) for v in values):
        return after
    return None


def _named(value: str) -> bool:
    # after a filler a short capitalised word is more often chat ("Sorry, BRB.", "Oops, OK.") than a name
    return len(value) > 3 or any(ch.isdigit() for ch in value)


def _bare(text: str) -> str | None:
    m = _BARE.fullmatch(text.strip().rstrip(".!"))
    return m["value"] if m else None


def _with_value(said: str, value: str, read: Reader) -> list[str]:
    """``said`` with its one stated value replaced by ``value``; nothing when it stated none or several."""
    olds = {f.object for f in read(said) if not f.retract and f.object in said}
    if len(olds) != 1:
        return []
    return [said.replace(olds.pop(), value)]


def _restates(before: Sequence[Fact], after: Sequence[Fact]) -> bool:
    """Whether ``after`` states a relation ``before`` stated (the same subject and predicate)."""
    keys = {(f.subject, f.predicate) for f in after if not f.retract}
    return any((f.subject, f.predicate) in keys for f in before if not f.retract)
