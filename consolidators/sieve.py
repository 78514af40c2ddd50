"""The last look over one sentence's facts, whichever readers made them: what none of them should keep.

Each reader refuses what its own cues make doubtful; what is left here are causes they share, seen only once
their facts are together or once the subject is cut out of the sentence:

- a sentence that passes its claim on or disputes it ("Rumours that …", "Reportedly, …", "… but this
  is disputed", :data:`consolidators.text.DISPUTED`): no reader's clause states anything;
- a visit ("we visited Kyoto", "I'm visiting my in-laws in Cork"): an event that is over or to come, never a
  state the subject is in; a part played ("I played a surgeon in the school play"): a person pretended to be; a leaving dated to a past year ("Lucía Ferrer left Inditex in 2020"): history, the
  end of a state no one now holds, where "has left Spotify" is news that retracts;
- a subject that is an office said as past ("Former Leipzig mayor Burkhard Jung now chairs a charity": the
  reader cut "Former Leipzig" for the city), a plural common noun the sentence opens with ("Critics loved
  the film", "Rumours that X had died …", "Lawmakers in Valdoria voted to move the capital …"), or a compound
  adjective ("Lagos-born, London-based playwright X"): no name, so no one the fact is about;
- a year the subject kept from the scene it opens with ("In 2019 Ana Lucía Prieto joined …"), a quote mark
  it kept from a title ("'Winter Ferry', a film by …"), or a description another reader cut and this one did
  not ("Singer Rosalía" beside "Rosalía"; "Cyclist Nairo Quintero": an "-ist" is no first name);
- a value that runs past its name: the scene's preposition before it ("In Vilnius, the Lithuanian capital, …"),
  an adverb after it ("relocated to Cardiff back in August" once the time is cut), the scene of a pastime
  ("I enjoy crossword puzzles on the train", "I play cello in a community orchestra"), or the next clause's
  denial ("living in Madrid doesn't change that"), or the role held there ("joined mBank as head of risk");
- someone else's employer, club or school said by a common noun ("has joined the company", "Hạnh joined my
  company!"): no name, so no value; the name it stands for is another reader's to find.
"""

from __future__ import annotations

import re
from dataclasses import replace

from . import cuts, hearsay, kinds, stale, unsaid
from .lifeevents import NOT_OCCUPATIONS, is_occupation
from .phrases import USER
from .places import DEMONYMS
from .text import DENIALS, DISPUTED, UPPER, is_word, lemmatise, lexicon_lemmas
from .types import Fact

#: What someone the user calls theirs may have named without the user: a pet ("my friend adopted a parrot named
#: Kiwi"). Asked of no other relation: chat gives the user's home or job beside a relative's clause too often.
_ADOPTED = frozenset({"has pet"})
#: Relations a stage of life does not end.
_LIFELONG = frozenset({"born in", "is from", "died in", "buried in"})
#: Events, not states: what a subject did or will do somewhere.
_EVENTS = frozenset({"visited"})
#: A subject that opens with a past office: the office is over, whoever holds it now.
_PAST_OFFICE = re.compile(r"^(?:[Ff]ormer|[Ee]x-|[Ll]ate|[Tt]hen-|[Oo]netime|[Oo]ne-time)\b")
#: A compound adjective read for a name: "Lagos-born", "Zurich-based", "family-owned".
_COMPOUND_ADJECTIVE = re.compile(
    r"^[\w.'-]+-(?:born|based|bred|raised|trained|educated|owned|made|listed|headquartered)$"
)
#: A negated verb the value ran into: "Madrid does not change that" (contractions are expanded before reading).
_RUN_ON_DENIAL = re.compile(r" (?:does|do|did|is|are|was|were|has|have|had|will|would|can|could) not\b.*$")
#: A sentence's end inside a value ("Accenture. No new job lined up yet"), not an initial's or a short form's dot.
_SENTENCE_END = re.compile(
    r"(?<![A-Z])(?<!\bSt)(?<!\bDr)(?<!\bMt)(?<!\bCo)(?<!\bJr)(?<!\bSr)(?<!\bvs)\.\s+[A-Z].*$", re.S
)
#: A past year an event is dated to; "now", "since" or "today" make the sentence about the present again.
_PAST_YEAR_EVENT = re.compile(r"\bin (?:1[5-9]\d\d|20[0-2]\d)\b")
_NOW_WORDS = re.compile(r"\b(?:now|today|currently|since|still|this (?:week|month|year))\b", re.I)
#: A year the scene left before the subject's name.
_YEAR_LEAD = re.compile(r"^(?:1[5-9]|20)\d\d,? (?=[A-ZÀ-ÖØ-Þ])")
#: A quote mark opening a title the term does not close: the reader cut the title at its closing mark.
_STRAY_QUOTE = re.compile(r"^['\"‘“](?=[^'\"’”]*$)")
#: A person noun in "-ist" before a full name ("Cyclist Nairo Quintero", "Pianist Ida Berg").
_IST_TITLE = re.compile(r"^[A-Z][a-z]+ist (?=[A-ZÀ-ÖØ-Þ][\w'-]+ [A-ZÀ-ÖØ-Þ])")
#: The scene's preposition a reader kept before a name.
_LEAD_PREPOSITION = re.compile(r"^(?:[Ii]n|at|on) (?=[A-ZÀ-ÖØ-Þ])")
#: An adverb left after a value: "Cardiff back (in August)", "pottery classes way (more than I expected)",
#: "Travis CI still (and it's so slow)".
_TRAILING_ADVERB = re.compile(
    r" (?:back|again|too|already|way|anyway|still|daily|mostly|lately|instead"
    r"|has|have|had|is|are|was|were|does|did)$"  # an auxiliary the value ran into: "kitty has (replaced iTerm2)"
)
#: A focusing adverb before a value: "specifically genmaicha", "mostly just oat lattes". Lower case: "Just Eat".
_LEADING_ADVERB = re.compile(r"^(?:(?:specifically|especially|mostly|mainly|usually|just|only|even|always) )+(?=\w)")
#: A value that opens with its own negation: the verb after it is denied ("she has never played for the club").
_DENIED_VALUE = re.compile(rf"(?:{DENIALS})\b")
_LONE_ADVERB = re.compile(r"specifically|especially|mostly|mainly|usually|just|only|even|always|still")
#: A capital of something other than government: "India's financial capital", "the fashion capital of Europe".
_QUALIFIED_CAPITAL = re.compile(
    r"\b(?:financial|cultural|commercial|economic|business|fashion|culinary|gastronomic|tech|music|film|party"
    r"|design|spiritual|religious|startup|shopping|gaming|wine|beer|coffee) capital\b",
    re.I,
)
#: A second value joined on: "German besides English" (each is read on its own).
_ADDED_VALUE = re.compile(r" (?:besides|as well as|alongside|along with|in addition to|on top of) .*$")
#: The vessel a drink is served in: "a cold glass of ayran" prefers ayran.
_SERVING = re.compile(r"^(?:[a-z]+ )?(?:glass|cup|mug|bottle|pint|can|pot|shot|bowl|flask|jug)s? of (?=\w)")
#: The lower-case scene after a course or a job: "nursing at night school", "welding in the evenings".
_LOWER_SCENE = re.compile(r" (?:at|in|during|on) (?:(?:a|an|the|my|our|some) )?[a-z][\w-]*(?: [a-z][\w-]*)*$")
#: Where and when a pastime happens: no part of what is liked or played.
_PASTIME_SCENE = re.compile(
    r" (?:(?:in|on|at|during|with) (?:a|an|the|my|our|his|her|their|some|weekends?|[a-z]+days?|mornings?|evenings?)"
    r"|(?:after|before) (?:work|school|class(?:es)?|lunch|dinner|hours|my shift))\b.*$"
)
#: How many hours a course or a job takes: "acoustics part-time" studies acoustics.
_HOURS = re.compile(r" (?:part|full)[- ]time$")
_PASTIMES = frozenset({"likes", "plays"})
_DRINKS = frozenset({"prefers drink", "likes"})
_COURSES = frozenset({"studies", "works as"})
_TITLED = frozenset({"author of", "directed by"})
#: Relations whose value is an organisation named: an employer, a club, a school, a body.
_NAMED_PARTY = frozenset({"works at", "plays for", "member of", "educated at", "studies at"})
#: The role a person holds at the party, after its name: "mBank as head of retail risk", "Lyon as captain".
_AS_ROLE = re.compile(r"\s+as\s+(?:(?:a|an|the|its|their|his|her)\s+)?[a-z][\w-]*(?:\s+[\w'-]+)*$")
#: Relations only a person holds: a plural word may name a band, a country or a company ("Eagles", "Wales",
#: "Netherlands"), but no person is "Critics".
_PERSONAL = frozenset(
    {"born in", "died in", "lives in", "works at", "works as", "speaks", "likes", "married to", "citizen of"}
    | {"educated at", "plays for", "member of", "author of", "is from", "buried in"}
)


def sifted(found: list[Fact], text: str) -> list[Fact]:
    """``found`` without the facts no reader should have kept in ``text`` (see the module's docstring)."""
    if DISPUTED.search(text) or stale.past_scope(text):  # each reader checks its own clause; these scope over all
        return []
    history = _PAST_YEAR_EVENT.search(text) and not _NOW_WORDS.search(text)  # "left Inditex in 2020"
    kept = [
        _trimmed(f)
        for f in found
        if f.predicate not in _EVENTS
        and _named(f)
        and not _common_party(f)
        and not stale.stale(f, text)
        and not (history and f.retract and f.subject != USER)
    ]
    kept = [f for f in kept if not _a_part(f, text)]  # read once the value is cut to its noun
    kept = [f for f in kept if f.retract or not (unsaid.unsaid(f, text) or hearsay.unasserted(text, f.object))]
    # a birthplace or a death outlives the stage of life it is told in ("A native of X, Y moved … as a teenager")
    kept = [f for f in kept if f.retract or f.predicate in _LIFELONG or not hearsay.in_a_past_stage(text, f.object)]
    kept = [f for f in kept if not (f.predicate in _ADOPTED and f.subject == USER and hearsay.anothers(text, f.object))]
    kept = [k for k in (kinds.kept(f, text) for f in kept) if k is not None]
    kept = [f for f in kept if not _a_former_trade(f, text)]  # "I am a retired surveyor": a trade given up
    kept = [f for f in kept if not _a_deed(f)]  # "I enjoy bird-watching and keep a diary": the diary is kept, not liked
    kept = [f for f in kept if not _LONE_ADVERB.fullmatch(f.object)]  # "even" (of "I use Emacs, even for email")
    kept = [f for f in kept if not _DENIED_VALUE.match(f.object)]  # "has never played": a denial, not a thing had
    qualified = len(_QUALIFIED_CAPITAL.findall(text))
    if qualified and qualified == len(re.findall(r"\bcapital\b", text, re.I)):
        kept = [f for f in kept if f.predicate != "capital"]  # "Mumbai is India's financial capital": not its seat
    kept = cuts.mended(kinds.together(kept, text), text)
    users = {(f.predicate, f.object) for f in kept if f.subject == USER}
    # "The team migrated our database to X": the user's fact, read once for "the team" as well
    kept = [f for f in kept if not (f.subject.islower() and f.subject != USER and (f.predicate, f.object) in users)]
    subjects = {f.subject for f in kept}
    named: dict[
        tuple[str, str, str, bool], Fact
    ] = {}  # a fact two readers keyed apart is one fact once both keys are bare
    for f in (_one_subject(f, subjects) for f in kept):
        named.setdefault((f.subject, f.predicate, f.object, f.retract), f)
    return list(named.values())


#: A verb and its object: what a liking's second verb phrase does ("… and keep a diary"), never what is liked (a noun
#: or a gerund: "walking", "the cello").
_DONE = re.compile(r"^(?P<verb>[a-z]+) (?:a|an|the|my|our|his|her|their|it|them)\b")


def _a_former_trade(f: Fact, text: str) -> bool:
    """Whether ``f`` gives an occupation the sentence calls retired or former: a past state, however it is worded."""
    if f.predicate != "works as":
        return False
    before = rf"\b(?i:retired|former|erstwhile|one-time|onetime|ex-)[ -]?(?:[\w-]+ ){{0,2}}?{re.escape(f.object)}\b"
    return f.object.lower().startswith(("retired ", "former ")) or re.search(before, text) is not None


def _a_deed(f: Fact) -> bool:
    """Whether ``f`` likes a verb phrase joined after the liking: a thing done, not a thing liked."""
    m = _DONE.match(f.object) if f.predicate == "likes" else None
    return m is not None and m["verb"] in lexicon_lemmas(m["verb"]).get("VERB", ())


def _one_subject(f: Fact, subjects: set[str]) -> Fact:
    """``f`` keyed by the bare name another fact of the sentence has, when its subject is a word plus that name."""
    word, _, rest = f.subject.partition(" ")
    # a person noun ("Singer", "Cyclist"), never a name's own word ("Real Madrid" beside "Madrid")
    person = is_word(word) and (is_occupation(word) or word.lower() in NOT_OCCUPATIONS)
    return replace(f, subject=rest) if rest in subjects and person else f


def _a_part(f: Fact, text: str) -> bool:
    """Whether ``f`` is a part played, not a pastime: "I played a surgeon in the school play", "in our campaign I play
    an elf ranger" name a person someone pretends to be, where "plays the cello" names what they play. A part is a
    trade, a part's own name ("the villain"), or one thing played with "a" in a work's scene ("I play a detective
    on a podcast"): an old guitar played in a band is no part."""
    if f.predicate != "plays":
        return False
    head = lemmatise(f.object.split()[-1].lower(), "NOUN")
    one = re.search(rf"\bplay(?:s|ed|ing)? an? (?:[\w-]+ )?{re.escape(f.object)}\b", text, re.I)
    # a name played at a named house ("I play Hamlet at the Lyric"): a character on a stage, not a game
    staged = f.object[:1].isupper() and re.search(
        rf"\bplay(?:s|ed|ing)? {re.escape(f.object)} (?:at|in) the [{UPPER}]", text
    )
    return is_occupation(head) or head in _PARTS or bool(one and hearsay.names_a_work(text)) or bool(staged)


#: Parts named as parts: "I play the villain", "she plays the lead".
_PARTS = frozenset("villain hero heroine lead role part character narrator protagonist antagonist".split())


def _common_party(f: Fact) -> bool:
    """Whether ``f`` gives someone else an employer, a club or a school by a common noun, not a name ("the
    company", "my company!"): a name opens with a capital or with a letter no word opens with ("mBank")."""
    if f.subject == USER or f.predicate not in _NAMED_PARTY or not f.object[:1].islower():
        return False
    first = f.object.split()[0].strip("!?.,;:")
    return first in ("the", "a", "an", "my", "our", "his", "her", "their", "its") or is_word(first)


def _named(f: Fact) -> bool:
    """Whether ``f``'s subject may be someone: the user, or a name (no past office, no plural common noun)."""
    if f.subject == USER:
        return True
    if _PAST_OFFICE.match(f.subject) or _COMPOUND_ADJECTIVE.match(f.subject):
        return False
    if f.subject.split(" ", 1)[0] in _PREPOSITIONS:  # "of Polaris" (a reader cut "The former CEO"): a phrase, no one
        return False
    word = f.subject.lower()
    # "Critics", "Rumours" ("critic", "rumour"), not "News"; or a people by its demonym ("Brazilians")
    single = lemmatise(word, "NOUN")
    plural = " " not in word and word.endswith("s") and (single != word or f.subject[:-1] in DEMONYMS)
    # people by their trade ("Lawmakers", "Officials") are no one's name whatever the relation; "Wales" is a place
    people = plural and (is_occupation(single) or single in NOT_OCCUPATIONS or single in _PEOPLE)
    return not (plural and f.predicate in _PERSONAL or people)


#: Lower-case words that open a phrase, never a name.
_PREPOSITIONS = frozenset("of in at for to from by with on".split())
#: Plural nouns for people that no trade list holds: "Officials said …", "Residents voted …".
_PEOPLE = frozenset({"official", "resident", "critic", "people", "local", "supporter", "protester", "expert", "leader"})


def _trimmed(f: Fact) -> Fact:
    """``f`` with its subject and value cut to their names (see the module's docstring)."""
    lead = _YEAR_LEAD.match(f.subject)
    subject = _STRAY_QUOTE.sub("", f.subject[lead.end() :] if lead else f.subject)
    title = _IST_TITLE.match(subject)
    subject = subject[title.end() :] if title and is_word(title[0].strip()) else subject
    value = _TRAILING_ADVERB.sub("", _LEAD_PREPOSITION.sub("", _STRAY_QUOTE.sub("", _SENTENCE_END.sub("", f.object))))
    if f.predicate not in _TITLED:  # a work's title may hold any word ("Only Lovers Left Alive")
        value = _RUN_ON_DENIAL.sub("", _ADDED_VALUE.sub("", _LEADING_ADVERB.sub("", value)))
    if f.predicate in _PASTIMES:
        value = _PASTIME_SCENE.sub("", value)
    if f.predicate in _DRINKS:
        value = _SERVING.sub("", value)
    if f.predicate in _COURSES:
        value = _HOURS.sub("", _LOWER_SCENE.sub("", value))
    if f.predicate in _NAMED_PARTY and f.subject != USER:
        value = _AS_ROLE.sub("", value)
    return f if (subject, value) == (f.subject, f.object) or not value else replace(f, subject=subject, object=value)
