"""Whose life a question asks about, read from its pronouns: recall's preference for the user's own rows.

"Where do I live" asks about the user. Both of recall's branches rank by words
and meaning alone, so the user's sister's "lives in Madrid" (it holds "live")
and an assistant's "Sure, happy to help!" (short generic lines embed close to
short generic questions) could rank above "user lives in Lisbon". A question's
pronouns say whose life it is about, and the rows say whose they are — a
turn's role, a fact's subject — so recall weighs down the rows that are about
someone else (``ASIDE_WEIGHT``) without dropping them:

- a question in the first person ("I", "me", "my", "mine", "myself") that does
  not address the assistant ("you", "your") is answered by what the user said:
  a turn or passage none of whose turns is the user's (the assistant's filler,
  a tool's output) is set aside;
- one whose subject is the user ("I") also sets aside facts about someone the
  question does not name: "where do I live" prefers ``user lives in`` to ``Ana
  lives in``, while "where did I say Ana lives" still takes Ana's. A question
  about the user's people ("where does my sister work") asks about a fact whose
  subject is not the user, so "my" alone leaves facts as they are. The same
  question sets aside a turn (or a one-turn passage) whose sentence opens on
  someone else as its subject, unless the question names them: one of the
  user's people ("My parents still live in Coimbra" for "where do I live"), or
  a name or "he"/"she"/"they" followed by its verb ("Marta spends her weekends
  painting") in a turn that says nothing of the speaker ("I", "my", "we"). The
  words that open a sentence are its subject in chat; "My wife and I moved" (or
  "My wife, the kids and I") is the user's own, and so is a sentence with no
  subject ("Just moved to Porto", "Got married on Saturday": an adverb, a verb
  or an interjection is no name) or one where a person describes the user ("My
  role is team lead": only the head of the subject, "My team lead moved", is
  someone else).

An agent's question about "the user" ("where does the user live?") is the
user's first-person question asked from outside: "the user" counts as "I"
("the user's" as "my").

The same holds the other way round. A question without "I" that names someone
the user talks about — by name ("where does Maud live now?") or as one of the
user's people ("where does my wife work?", and then also by the name memory
holds for them: ``user married to Anouk``) — sets aside the rows about the user
that do not name them: the user's own facts ("user lives in Utrecht") and a
turn (or one-turn passage) whose sentence opens on the user ("I work at a
bakery"). Someone who speaks in the conversation ("Caroline: …" opening one of
the rows recall found) is no one the user talks about, so a question about a
speaker ranks as before. The words are read as they are
written, no parser: recall must not load one (tests/test_architecture.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from consolidators.forms import KIN_PATTERN

from .vocab import Role

WORDS = re.compile(r"[a-z]+")
# A turn's sentence that opens on someone else, after a speaker's name (a passage's "user: ")
# and an interjection ("Oh, "): one of the user's people, with up to two words between
# ("my best friend", "my teenage son"), unless coordinated with the user. PostgreSQL
# regular expressions (``\m``/``\M``: a word's start and end); the group is who, which the
# question may name. People, not things: "My phone is a Pixel" is the user's.
PEOPLE = (
    f"{KIN_PATTERN}|girlfriend|boyfriend|fiancee?|neighbou?r|manager|coworker|flatmate|roommate|housemate"
    "|grandmother|grandfather|grandma|grandpa|grandparent|family|team|landlord"
)
_OPENING = r"^(?:[A-Za-z]+: )?(?:[A-Za-z]+, )?"
# The words between "my" and the person are the subject's own ("my best friend"), never a
# verb or a function word: "My role is team lead", "My job as manager" describe the user.
_MODIFIER = r"(?!(?:is|was|are|were|be|been|has|have|had|as|at|of|in|on|for|with|to|a|an|the|and|or)\M)[a-z-]+ "
# The user among the subject's people, coordinated before any verb: "My wife and I", "My wife,
# the kids and I", "My sister, her husband and me" (items joined by "," or "and", up to two
# words each, then "and I"/"and me"); "My sister moved and I followed" is the sister's.
_WITH_THE_USER = r"(?:(?:,| and) (?:[A-Za-z-]+ )?[A-Za-z-]+)*,? and (?:I|me)\M"
# ... or introduced by name, then the user's own clause: "My partner is Ingrid and I live in
# Zwolle now" says where the user lives ("My brother moved away and I stayed" stays the brother's).
_NAMED_THEN_THE_USER = r" (?:is|was) [A-Z][a-z]+(?: [A-Z][a-z]+)?,? and (?:I|we)\M"
OTHERS_PEOPLE = (
    rf"{_OPENING}(?:[Mm]y|[Oo]ur) (?:{_MODIFIER}){{0,2}}?({PEOPLE})s?\M(?!{_WITH_THE_USER}|{_NAMED_THEN_THE_USER})"
)
# ... or a name or a third-person pronoun followed by its verb ("Duarte plays", "She works",
# "Ana really likes", "Rui moved"; the group is the name), read only in a turn with no
# first-person word in any case ("My"): a capitalised word opens every sentence, and
# "Lisbon is where I live" is the user's. Chat leaves the user out as a subject ("Just
# moved to Porto", "Got married on Saturday", "Switched jobs last week"), so the opening
# word is no name when it is one that opens a subjectless sentence (``NOT_A_NAME``):
# - a verb form: a past tense in -ed ("Moved", "Switched"; but a name's -ed ends: "Ted",
#   "Alfred", "Mildred", "Ahmed", "Mohammed", "Rasheed"), a participle in -ing ("Getting
#   married", but "Ming"), or an irregular past in a closed list ("Got", "Went", "Took");
# - an adverb: in -ally, -ely, -ntly, -ously, -fully, -ately, -edly ("Finally", "Recently",
#   "Hopefully"; not "Sally", "Kelly", "Emily", "Kimberly") or in a closed list of sentence
#   adverbs ("Just", "Still", "Also", "Really", "Today", "Last" week...);
# - an interjection ("Yeah", "Wow", "Thanks") or a word that is nobody ("It", "This",
#   "There", "Everything"), an article ("The move was smooth") or the speakers' own labels
#   ("User moved to Lisbon": a summary's words for the user).
# A name ending like one of these (Javed, Irving) opening a sentence of someone else's is
# not set aside: a missed aside costs a preference, setting aside the user's own costs the answer.
SENTENCE_OPENERS = (
    "got|went|took|made|left|came|became|began|bought|sold|found|met|had|did|saw|gave|ran|spent|built|brought"
    "|caught|felt|kept|lost|paid|put|quit|said|sent|set|told|thought|won|wrote|drove|flew|grew|knew|heard|held"
    "|slept|spoke|stood|taught|threw|woke|broke|chose|forgot|fell|ate|drank|swam|been|gotta|gonna|need|needs"
    "|just|still|also|really|only|even|never|always|often|sometimes|already|soon|now|then|today|yesterday"
    "|tomorrow|tonight|last|next|this|that|these|those|lately|early|mostly|sadly|nearly|hardly|barely|luckily"
    "|happily|easily|honestly|anyway|anyways|again|almost|maybe|perhaps|probably|so|but|and|or|plus|well"
    "|oh|ah|yeah|yes|yep|no|nope|wow|haha|lol|hey|hi|hello|okay|ok|alright|ugh|hmm|thanks|sorry|sure|please"
    "|it|there|here|what|everything|nothing|something|anything|everyone|everybody|nobody|someone|somebody|anyone"
    "|the|a|an|its|you|your|user|assistant"
)
_VERB_ED = r"[A-Z][a-z]+(?<![Ff]r|[Dd]r|hm|mm|e)ed"
_ADVERB_LY = r"[A-Z][a-z]+(?:ally|ely|ntly|ously|fully|ately|edly)"
NOT_A_NAME = rf"(?!(?:{SENTENCE_OPENERS.title()}|{_VERB_ED}|[A-Z][a-z]+ing|{_ADVERB_LY})\M)"
OTHERS_NAMED = (
    rf"{_OPENING}{NOT_A_NAME}(He|She|They|[A-Z][a-z]+(?: [A-Z][a-z]+)?)(?:'s)? (?:[a-z]+ )?"
    r"(?:is|was|has|[a-z]+s|[a-z]+ed)\M"
)
SPEAKER_WORDS = r"\m(?:I|I'm|I've|I'd|I'll|me|my|mine|we|our|us)\M"
# "I'm", "I've", "I'd" split at the apostrophe, so "i" is found in each.
FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself"})
SECOND_PERSON = frozenset({"you", "your", "yours", "yourself"})
# An agent asks about the user in the third person ("where does the user live?"): the same
# question as "where do I live", so "the user" counts as "I" (as "my" when possessive, group 1).
THE_USER = re.compile(r"\bthe user\b('s)?")
# A question's third person: a capitalised word after its first ("where does Maud live"),
# which is neither the user nor a word every question may capitalise; or one of the user's
# people after "my" ("my wife", "my older brother").
# A capitalised word right after "my" or "our" is the user's own thing ("my Airbnb", "our Tesla"), no one else.
CAPITALISED = re.compile(r"(?<=\s)(?<![Mm]y )(?<![Oo]ur )([A-Z][a-z]+)\b")
NOT_A_PERSON = frozenset(
    "i im ive id ill monday tuesday wednesday thursday friday saturday sunday january february march april may june"
    " july august september october november december christmas easter".split()
)
USERS_PEOPLE = re.compile(rf"\bmy (?:[a-z-]+ ){{0,2}}?({PEOPLE})s?\b")
# The user's people memory names: which of the user's facts holds the name of one of them.
SPOUSES = ("wife", "husband", "spouse", "partner")
# The SQL for the people a question names, lower-cased: its own words, and the names the user's
# active facts give the people it names as the user's ("user married to Anouk" for "my wife",
# read before the question is embedded: memory_sink.people), with that relation's word; a relation memory holds no name for names no one ("where does my
# cousin live" ranks as before).
# Empty when the question names nobody, or names someone who speaks in the conversation: a row
# recall found opens on their name as a speaker's ("Caroline: …", "user: Caroline: …").
THIRD_PEOPLE = """resolved AS MATERIALIZED (
    SELECT unnest(%(resolved)s::text[]) AS n
), named AS MATERIALIZED (
    SELECT coalesce(array_agg(DISTINCT n), '{}') AS names FROM (
        SELECT unnest(%(named)s::text[]) AS n
        UNION ALL
        SELECT n FROM resolved
        UNION ALL
        SELECT unnest(%(kin)s::text[]) WHERE EXISTS (SELECT 1 FROM resolved)
    ) s
), third AS MATERIALIZED (
    SELECT CASE WHEN EXISTS (
        SELECT 1 FROM fused f JOIN memory sp ON sp.id = f.id, named, unnest(named.names) n
        WHERE n IN (lower(split_part(sp.content, ': ', 1)), lower(split_part(sp.content, ': ', 2)))
    ) THEN '{}' ELSE names END AS names FROM named
)"""
# A row's content names one of them (a fact's, a turn's), as the existing rule reads a subject.
_NAMES_IT = "EXISTS (SELECT 1 FROM third, unnest(third.names) n WHERE strpos(lower(m.content), n) > 0)"
_ASKS_ABOUT_OTHERS = "cardinality((SELECT names FROM third)) > 0"
# A turn's sentence that opens on the user ("I work at a bakery", "We moved", "I'm a nurse").
USER_OPENS = rf"{_OPENING}(?:I|I'm|I've|I'd|We|We're|We've)\M"


#: A past verb after "before I" ("before I moved", "before we got married", "before she left").
_PAST_VERB = r"\w+ed|was|were|had|got|went|left|met|came|became|took|began|found|bought|sold|quit|moved"
# A question about the past asks about what was true then, so what has since
# stopped being true is an answer like any other: "when did I move to Bristol?"
# after a later move to Cardiff is answered by the Bristol turn, flagged outdated.
# Its outdated rows are ranked where fusion puts them (still flagged); a question
# about now sorts them last. The past is read from the question's words, no
# parser: "when" with a past verb, "before" in a past frame, "used to", "previously", "ago",
# "last <season/week/…>", "back in", "in <year>".
PAST = re.compile(
    r"\bwhen (?:did|was|were|had)\b|\bused to\b"
    # "before" only in a past frame: "before I moved", "what did I use before Vim", "where was I before"; a
    # present habit's "before" ("what do I drink before bed") asks about now
    rf"|\bbefore (?:I|we|he|she|they|my \w+|our \w+) (?:\w+ )?(?:{_PAST_VERB})\b"
    r"|\b(?:did|was|were|had)\b[^?.]*\bbefore\b|\bprevious(?:ly)?\b|\bformer(?:ly)?\b|\bago\b"
    r"|\bback (?:in|then|when)\b|\bin (?:19|20)\d\d\b"
    r"|\blast (?:spring|summer|autumn|fall|winter|week|weekend|month|year|time)\b",
    re.IGNORECASE,
)


def asks_about_the_past(question: str) -> bool:
    """Whether ``question`` asks what was true at some time before now (``PAST``)."""
    return PAST.search(question) is not None


# A fresh turn that states a change of what a question asks ("update: we finally moved to
# liverpool yesterday" for "where do I live?") makes the older rows that answer it stale, however
# near they are in meaning: "I live in Manchester" shares the question's verb and outscores the
# move by cosine, so recall's freshness rule (a fresh turn outranks older rows no nearer to the
# question) did not fire. The relations a question asks about now, by its words (Python regular
# expressions), each with the words a turn states its change by (PostgreSQL's, case-insensitive).
CHANGES = (
    (
        re.compile(r"\b(?:live|lives|living|home|based|reside|resides|city|town|country|address)\b", re.I),
        r"\m(?:moved|moving|relocated|relocating|emigrated|settled|new (?:flat|house|home|place|apartment|address))\M",
    ),
    (
        re.compile(r"\b(?:work|works|working|job|employer|employed|company|workplace)\b", re.I),
        r"\m(?:started (?:at|with|a new job|working)|joined|new job|new role|switched jobs|changed jobs|hired"
        r"|got a job|got the job|took a job|accepted an? (?:offer|job))\M",
    ),
)


def changes_of(question: str) -> str | None:
    """The SQL regular expression by which a turn states a change of what ``question`` asks about now, or
    None: for a question about the past, or about nothing ``CHANGES`` knows."""
    if asks_about_the_past(question):
        return None
    cues = [cue for asked, cue in CHANGES if asked.search(question)]
    return "|".join(cues) or None


# Set aside, a row's fused score counts a quarter: first in both branches (2/61 -> 1/122),
# it ranks after any row about the user a branch found in its first 40 (1/100), yet stays
# on a page with room: a preference, not a filter. Half was not enough: a row about
# someone else holds the question's words (its verb: "My parents still live in Coimbra"
# for "where do I live") where the user's answer often does not ("I moved to Lisbon"), so
# it comes first in both branches while the answer, found by meaning alone, came second in
# one (1/62 against half of 2/61).
ASIDE_WEIGHT = 0.25
# The SQL beside recall's fused rows (alias m): the weight of a row about someone else, NULL
# (read as 1) for any other. A fact
# is the user's when its subject is (consolidators name the speaker "user"); a turn,
# passage or episode is set aside when the assistant said all of its turns (memory_staging
# keeps every staged turn's role, read by its primary key): a system or tool turn (a
# calendar's "dentist Tuesday 3pm") can hold the user's facts. A row with no staged turn
# (a summary passage claims none; a turn erased from staging) is nobody's aside. A turn's
# someone else is named by the question only as a whole word ("son" is not in "reason"); the
# captured words are letters only, so they are safe inside the regular expression.
WEIGHT = f"""CASE WHEN m.kind = 'fact' THEN CASE WHEN %(own_facts)s AND lower(m.subject) <> '{Role.USER}'
        AND strpos(%(question)s, lower(m.subject)) = 0 THEN {ASIDE_WEIGHT}
        WHEN lower(m.subject) = '{Role.USER}' AND {_ASKS_ABOUT_OTHERS} AND NOT {_NAMES_IT} THEN {ASIDE_WEIGHT} END
    WHEN (m.kind = 'turn' OR m.kind = 'passage' AND cardinality(m.event_ids) = 1) AND m.content ~ %(user_opens)s
        AND {_ASKS_ABOUT_OTHERS} AND NOT {_NAMES_IT} THEN {ASIDE_WEIGHT}
    WHEN %(own_facts)s AND (m.kind = 'turn' OR m.kind = 'passage' AND cardinality(m.event_ids) = 1)
        AND NOT %(question)s ~ ('\\m' || lower(coalesce(
        substring(m.content FROM %(others_people)s),
        CASE WHEN m.content !~* %(speaker_words)s THEN substring(m.content FROM %(others_named)s) END)) || '\\M')
        THEN {ASIDE_WEIGHT}
    WHEN %(own_turns)s AND (SELECT bool_and(s.role = '{Role.ASSISTANT}') FROM memory_staging s
                            WHERE s.event_id = ANY(m.event_ids)) THEN {ASIDE_WEIGHT} END"""


@dataclass(frozen=True)
class Perspective:
    """Whose rows a question prefers: the user's turns (``own_turns``) and facts (``own_facts``)."""

    own_turns: bool
    own_facts: bool
    named: tuple[str, ...] = ()  # the people it names, lower-cased (never the user)
    kin: tuple[str, ...] = ()  # the user's people it names by relation ("wife")

    def params(self, question: str, resolved: Sequence[str] = ()) -> dict[str, object]:
        """The parameters ``WEIGHT`` reads; ``resolved``: the names memory holds for the user's people it names."""
        return {
            "resolved": list(resolved),
            "own_turns": self.own_turns,
            "own_facts": self.own_facts,
            "question": question.lower(),
            "others_people": OTHERS_PEOPLE,
            "others_named": OTHERS_NAMED,
            "speaker_words": SPEAKER_WORDS,
            "named": list(self.named),
            "kin": list(self.kin),
            "user_opens": USER_OPENS,
            "past": asks_about_the_past(question),
            "changes": changes_of(question),
        }


def of_question(question: str) -> Perspective:
    """Whose life ``question`` asks about, from its pronouns (see the module's docstring)."""
    text = question.lower()
    words = set(WORDS.findall(text))
    if words & SECOND_PERSON:
        return Perspective(own_turns=False, own_facts=False)
    user_named = THE_USER.search(text)
    own_facts = "i" in words or (user_named is not None and user_named.group(1) is None)
    others: tuple[str, ...] = ()
    kin: tuple[str, ...] = ()
    if not own_facts and "me" not in words:
        others = tuple(dict.fromkeys(n.lower() for n in CAPITALISED.findall(question) if n.lower() not in NOT_A_PERSON))
        kin = tuple(dict.fromkeys(USERS_PEOPLE.findall(text)))
    return Perspective(
        own_turns=bool(words & FIRST_PERSON) or user_named is not None,
        own_facts=own_facts,
        named=others,
        kin=kin,
    )


def params(question: str, resolved: Sequence[str] = (), kin: Sequence[str] = ()) -> dict[str, object]:
    """The parameters of recall's statement that say whose rows ``question`` prefers; ``resolved`` and ``kin``:
    the names memory holds for the user's people the question named by relation, and those relations' words."""
    seen = of_question(question)
    return (replace(seen, kin=seen.kin + tuple(kin)) if kin else seen).params(question, resolved)
