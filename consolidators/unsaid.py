"""Words a sentence holds without stating them as so now: checks the sieve makes on every reader's facts.

Each reader reads its clause's words; what frames that clause as no statement of the present sits outside it:

- a quotation the sentence frames as a line, a joke or a lyric ('"I live in Paris" - that's the line from the
  song', '"The capital of Narnia is Cair Paravel," the guide joked'), or a user's quoted first person: the
  words are someone's text, not the speaker's claim;
- a story's world: "I'm writing a story where the main character lives in Reykjavik", "in my dream I …";
- a question asked without its mark, or a choice still open: "how do I book a room in Outlook", "we're
  evaluating Temporal vs. Airflow";
- what nearly happened: "I almost took the job at Spotify", "we nearly moved to Lisbon", and what a later clause
  says fell through: "X left A to become CEO of B, but the deal collapsed";
- irony: "Yeah right, I work at NASA", "Oh sure, I'm a billionaire in Monaco", "I just LOVE Mondays";
- a value the speaker takes back as they speak: "My calendar lives in Fantastical — no wait, I moved it …",
  "I keep it in Cron — sorry, it's called Notion Calendar now" (a restatement, "Ich spreche Deutsch — I mean, I
  speak German", repeats its value and keeps it);
- a state dated to a past year by the copula: "Ghana's president in 2020 was …", "In 2018 the capital was …"
  (a year with an event verb starts a state and stays: "was appointed CEO in 2020").

Each pattern runs only when its cue word is in the sentence (the consolidator must stay fast).
"""

from __future__ import annotations

import re

from .phrases import USER
from .repairs import OWNING_UP
from .types import Fact

#: A quotation the sentence frames as text, not as a claim: a line, a lyric, a joke, a title.
_FRAMED_QUOTE = re.compile(
    r"[\"“](?P<said>[^\"”]{3,200})[\"”][^\"“”]*?\b(?:jok(?:ed|es|ing)|quipp(?:ed|ing)|quips|teas(?:ed|es|ing)"
    r"|sang|sings|lyrics?|(?:the|a) line (?:from|in|of)|(?:the|a) quote (?:from|in)|title of|caption)\b",
    re.I,
)
#: A user's quotation in the first person: someone's words, whoever said them.
_FIRST_PERSON_QUOTE = re.compile(
    r"[\"“](?P<said>(?:I|I'm|I've|my|My|we|We|our|Our)\b[^\"”]{2,200})[\"”]"
    # in single quotes, which an apostrophe inside ("I'm") also uses: closed only after the quote's own stop
    r"|(?<![\w'])[‘'](?P<single>(?:I|I'm|I've|My|We|Our)\b.{2,200}?[,.!?])[’'](?!\w)"
)
#: A question the user asks without its mark: "how do I book a room in Outlook", "where can we park in Lyon".
_ASKED = re.compile(
    r"\b(?:how|where|what|which|why|when) (?:do|does|can|could|should|would) (?:I|we)\b"
    r"|\b(?:evaluating|comparing|debating|deciding between|choosing between|torn between|weighing up)\b",  # a choice still open
    re.I,
)
#: A story's world: what its characters do is no one's fact; nor is what a sentence opens by supposing or asking
#: the assistant to play along with ("Pretend I'm a vet in Cork and …", "Hypothetically, I work at …").
_FICTION = re.compile(
    r"\b(?:story|novel|book|screenplay|script|film|movie|game|play|poem|song|fanfic|dream|world|universe|timeline)s? "
    r"(?:where|in which|about)\b|\b(?:main character|protagonist|my character|in my dreams?)\b"
    r"|^\W*(?:imagine|pretend|suppose|supposing|hypothetically|let's say|let us say|say that|picture this"
    r"|act (?:like|as if)|role-?play)\b",
    re.I,
)
#: A statement the speaker turns over at its end: sarcasm's tag ("… /s"), a closing "not" ("… Eclipse... NOT"),
#: "said no one ever".
#: A mocking tag that closes the sentence, after a pause or a laugh: "…, yeah right", "…, haha, as if".
_TURNED_OVER = re.compile(
    r"(?:\s/s|(?:\.\.\.|…|[,—–]|\s-)\s*not|,? said no ?one(?: ever)?"
    r"|(?:[,(—–]|\s-)\s*(?:(?:lol|haha|ha|lmao)\W*\s*)?(?:yeah,? right|as if))\W*$",
    re.I,
)
#: Irony's marks: an agreement that mocks ("Yeah right, …", "Oh sure, …", "Right, because I totally …", "Sure, and I'm
#: the Pope.") or a liking stressed in capitals after "just" or "totally" ("I just LOVE debugging on a Sunday").
_IRONIC = re.compile(
    r"^\W*(?:(?:oh,? )?yeah,? right|oh,? (?:sure|totally|great)|(?:sure|right),? (?:because|cause))\b"
    # "Sure, and I'm the Pope": a bare claim to top another, ending the sentence; a shared fact ("…too") or a claim
    # that goes on to its point (", small world", ", so I get it") is a sincere "and I …"
    r"|^\W*(?:(?:oh|lol|haha|ha|lmao),? )?(?:yeah|right|sure),? and (?:I|we)\b(?![^,;]*\b(?:too|also|as well)\b)[^,;]*$"
    r"|\bbecause (?:I|we)(?:'m| am|'re| are)? totally\b|\b(?:just|totally) (?-i:LOVE|ADORE|ENJOY)\b",
    re.I,
)
#: What nearly happened and did not.
_NEARLY = re.compile(r"\b(?:almost|nearly)\b(?: [a-z']+){0,2}?[^,.;!?]*", re.I)
#: A later clause that undoes the change said before it, naming that change by a noun or "it" ("…, but the deal
#: collapsed", "…, but it fell through"); another thing that failed ("but the merger with X collapsed") undoes nothing.
_FELL_THROUGH = re.compile(
    r"\bbut (?:it|the (?:deal|move|transfer|appointment|switch|hire|hiring|offer|plan|nomination|signing))"
    r"(?: (?:then|later|eventually|ultimately|quickly))? (?:collapsed|fell through|fell apart|broke down"
    r"|was (?:called off|cancelled|canceled|scrapped|blocked|withdrawn|vetoed)|never (?:happened|went ahead)"
    r"|did not (?:happen|go ahead|go through))\b",
    re.I,
)
#: Words one of which every self-repair holds: the pattern runs only when one is there.
_REPAIR_CUES = (
    *("wait", "scratch", "rather", "make that", "correction", "actually", "my bad", "sorry", "well"),
    *("kidding", "joking", "jk", "misspoke", "mistake", "no,", "— no", "– no"),
)
#: What a take-back after a dash goes on to when it replaces the value: a name, a noun phrase, a change of tense
#: or a word on the old value ("— well, Neovim", "— no, a technician", "— well, I will by June", "— no, that was
#: …"). Praise or a sincere aside ("— well, I love it here", "— no, really, it's lovely") replaces nothing.
_REPLACING = (
    r"(?=\s*(?:(?-i:(?!I\b)[A-Z0-9])|(?:an?|the|my|our|not|that|more|sort of|kind of|technically)\b"
    r"|(?:I|we)(?:'ll| will| won't| did| was| were| used to| moved| meant| mean| switched| left| quit)\b))"
)
#: What "I mean" is followed by when it repairs: a value, not an object of sincerity ("sorry I mean it").
_MEANT = r"(?!,?\s*(?:it|that|this|every word|what I said|well|no|really|seriously)\b)"
#: A state the copula dates to a past year, unless the verb after it is an event ("was appointed", "was born").
#: "served as" is the copula of an office held for a term ("served as President of X in 2025").
_COPULA = (
    r"\b(?:was|were|(?<!has )(?<!have )served as)\b(?! (?:\w+ed|born|made|chosen|sworn|won|given|taken|built|set)\b)"
)
_PAST_YEAR = re.compile(
    rf"\b[Ii]n (?:1[5-9]|20)\d\d\b,? (?:(?!\b(?:is|are|has|have|and)\b)[^.;,])*?{_COPULA}|{_COPULA}[^.;]*\b[Ii]n (?:1[5-9]|20)\d\d\b(?! and (?:is|are)\b)"
)
#: A self-repair: what the speaker said before it is withdrawn, what follows replaces it.
_REPAIR = re.compile(
    rf"(?:[—–,;:.(]|\s-)\s*(?:(?:{OWNING_UP})\b|scratch that|or rather|make that"
    r"|sorry,? (?:(?:I meant|I mean)\b" + _MEANT + r"|(?:it's|it is|that's|that is|make that)\b)"
    # "I live in Leeds — well, I did until March": the state is past
    r"|well,? (?:(?:I|we) )?(?:did|was|were|used to)(?=\s*(?:[,.!]|$|until|till|before|back then))"
    # after a dash, a bare "no" (what "actually no" is once "actually" is read away) or a "well" that goes on to
    # something else ("my editor is Vim — well, Neovim technically", "I live in Calgary — well, I will soon") takes the
    # value back; a comma's "well" is filler ("Oslo, well, it rains")
    r"|(?<=[—–] )(?:no|well),"
    + _REPLACING
    # a bare "no" closing the sentence ("… — actually, no", "actually" read away) takes the value back alone
    + r"|(?<=[—–] )no\W*$"
    # "Cron — sorry, Notion Calendar now" names the value; "…, sorry Google" apologises to someone
    r"|sorry, (?-i:(?!I\b)[A-Z][\w.+-]*(?: [A-Z][\w.+-]*)*)(?: now)?\W*$)",
    re.I,
)
_NOW = re.compile(r"\b(?:now|currently|still|today|since|these days)\b", re.I)
#: Relations that hold over time (the ones a past year's copula ends), not events dated once.
_STATES = frozenset(
    {"capital", "president", "mayor", "ceo", "currency", "official language", "headquartered in", "lives in"}
    | {"works at", "plays for", "married to", "prime minister", "governor", "chancellor", "cto", "owned by"}
)


def unsaid(fact: Fact, text: str) -> bool:
    """Whether ``text`` holds ``fact`` only as quoted, fictional, nearly done or a past year's state."""
    if fact.retract:
        return False
    value = fact.object.lower()
    lower = text.lower()
    if ('"' in text or "“" in text or "'" in text or "‘" in text) and _quoted(fact, text):
        return True
    if _FICTION.search(text) and _after(_FICTION, value, lower):
        return True
    if _TURNED_OVER.search(text) or _IRONIC.search(text):
        return True
    if fact.subject == USER and _ASKED.search(text) and _after(_ASKED, value, lower, clause=True):
        return True
    repair = _REPAIR.search(text) if any(w in lower for w in _REPAIR_CUES) else None
    if repair and _withdrawn(value, lower, repair):
        return True
    if ("almost" in lower or "nearly" in lower) and any(value in m[0].lower() for m in _NEARLY.finditer(text)):
        return True
    fell = _FELL_THROUGH.search(text) if " but " in lower else None
    if fell and fact.predicate in _STATES and value in lower[: fell.start()]:
        return True
    return fact.predicate in _STATES and not _NOW.search(text) and bool(_PAST_YEAR.search(text))


def _withdrawn(value: str, lower: str, repair: re.Match[str]) -> bool:
    """Whether the self-repair ``repair`` takes ``value`` back: said before it (or running into it: "Emacs just
    kidding") and not said again in the clause that replaces it ("sorry, I mean Sheffield, Leeds was the other one"
    names Sheffield; "Ich spreche Deutsch — I mean, I speak German" says German again)."""
    before = lower[: repair.start()].rstrip(" ,;—–-")
    if not (value in before or value.startswith(before.rsplit(" ", 1)[-1] + " ")):
        return False
    replacing = re.split(
        r"[.;!?—–]|,(?=\s*\w+\s+(?:is|was|were|are)\b)", lower[repair.end() :].lstrip(" ,;:"), maxsplit=1
    )[0]
    return not re.search(rf"\b{re.escape(value)}\b", replacing)  # "Vim" is not said again in "Neovim"


def _quoted(fact: Fact, text: str) -> bool:
    value = fact.object.lower().strip(" ,.")
    framed = [m["said"].lower() for m in _FRAMED_QUOTE.finditer(text)]
    if fact.subject == USER:
        framed += [(m["said"] or m["single"]).lower() for m in _FIRST_PERSON_QUOTE.finditer(text)]
    return any(value in said for said in framed)


def _after(cue: re.Pattern[str], value: str, lower: str, clause: bool = False) -> bool:
    """Whether ``value`` is said after the first ``cue`` in the sentence (in its clause, if ``clause``)."""
    m = cue.search(lower)
    if m is None:
        return False
    rest = lower[m.start() :]
    return value in (re.split(r"(?<!\bvs)[.?!;]", rest, maxsplit=1)[0] if clause else rest)  # "X vs. Y"
