"""The verb-phrase rules about tools and roles, shared by the first- and third-person readers.

A rule is (pattern over "<lemmatised head verb> <rest>", predicate spec,
confidence, whether it states a retraction). Specs other than a predicate
are resolved per match: ``SLOT`` is the role the sentence names ("as my
editor", "switched our CI to …"), ``DOMAIN`` a switch between tools whose
role comes from the sentence (:func:`consolidators.lifeevents.role_switch`)
or else ``uses``; the life-event specs (``PREFER``, ``DRINK``, ``GIVE_UP``)
come from :mod:`consolidators.lifeevents`. Facts come out not yet tied to a
turn (the session step adds event id and time).
"""

from __future__ import annotations

import re

from . import lifeevents, rolenouns, toolnames
from .lifeevents import DRINK, GIVE_UP, PREFER
from .types import Fact
from .vocabulary import (
    CANONICAL_PREDICATES,
    clean_object,
    clean_objects,
    is_drink,
    is_time,
    normalise_predicate,
    replaced_object,
)

#: Nouns that are no role a tool fills ("my question is …", "the meeting moved to …").
ATTR_STOP = frozenset(
    """
question point guess problem issue concern idea thought bad goal hope plan answer pleasure fault
mistake worry day week life mind turn bet advice opinion take suggestion request feedback
understanding meeting call date time deadline appointment job thing jam vibe stuff
sister brother mother father mum mom dad son daughter cousin aunt uncle friend neighbour neighbor boss colleague
kids kid children family household parents wife husband partner everyone
""".split()
)
TIME_WORDS = frozenset("year years month months week weeks day days while time ages moment rest".split())

# A role's words never include the switch's own prepositions: in "switched our CI
# from Jenkins to X" the role is "our CI", not "our CI from Jenkins".
_SLOT_WORD = r"(?!(?:from|to|onto|over|off|for|at|in|on|with|between|across|within|among|so|and|but)\b)[\w-]+"
_SLOT = rf"(?P<slot>(?:all (?:of )?)?(?:the|our|my|their|a|an) {_SLOT_WORD}(?: {_SLOT_WORD}){{0,2}})"

# Special predicate specs resolved per match; anything else is the predicate itself.
SLOT, DOMAIN = "<slot>", "<domain>"


def rules(*specs: tuple[str, str, float, bool]) -> tuple[tuple[re.Pattern[str], str, float, bool], ...]:
    return tuple((re.compile(pattern), spec, conf, retract) for pattern, spec, conf, retract in specs)


#: Head nouns of a role a tool fills in a system the user runs ("the event store", "our search index"): such a role,
#: named in the sentence, keys the tool even when the vocabulary lacks it.
_SYSTEM_NOUNS = frozenset(
    """store queue cache broker bus registry server backend frontend tracker engine index storage db database
    warehouse lake scheduler monitoring logging proxy gateway cdn repo repository runtime orm bundler linter
    formatter vpn dns auth pipeline editor terminal shell browser language os phone ci manager client app""".split()
)
_VOCABULARY = frozenset(CANONICAL_PREDICATES.values())  # "switched my major to economics" names "studies"
#: Verb-phrase rules about tools and roles, for any subject; tried in order on
#: "<lemmatised head verb> <rest>". (pattern, predicate spec, confidence, the rule states a retraction)
TOOL_RULES = rules(
    (
        r"(?:switch|move|migrate|change|port) "
        + _SLOT
        + r" (?:(?:from|off(?: of)?|away from) (?P<old>.+?) )?(?:over )?(?:to|onto) (?P<obj>.+)",
        SLOT,
        0.9,
        False,
    ),
    # a value never spans a comma: "moved to Bilbao, the view from the balcony …" names no old value
    (r"(?:switch|migrate|change|convert|move) (?:over )?to (?P<obj>[^,;]+?) from (?P<old>[^,;]+)", DOMAIN, 0.7, False),
    (
        r"(?:ditch|drop|dump|swap|trade|abandon) (?:(?:my|our|the) )?(?P<old>[A-Z].*?)(?: out)? for "
        r"(?:(?:a|an|the) )?(?P<obj>[A-Z].*)",
        DOMAIN,
        0.7,
        False,
    ),
    (r"(?:switch|migrate|change|convert) (?:over )?(?:from (?P<old>[^,;]+?) )?to (?P<obj>.+)", DOMAIN, 0.7, False),
    (r"(?:move|migrate|switch) (?:off(?: of)?|away from) (?P<old>[^,;]+?) (?:to|onto) (?P<obj>.+)", DOMAIN, 0.7, False),
    (
        r"(?:move|migrate) (?:over )?from (?P<old>[^,;]+?) to (?P<obj>[^,;]+? (?:as|for) (?:my|our|the) .+)",
        DOMAIN,
        0.7,
        False,
    ),
    (r"replace (?P<old>[^,;]+?) with (?P<obj>.+)", DOMAIN, 0.7, False),
    # "use ActiveMQ as the job queue for the billing service": what the role is for is no part of it
    (
        r"(?:use|adopt|pick|choose|go with|stick with) (?P<obj>.+?) (?:for|as) "
        + _SLOT
        + r"(?: (?:for|at|in|on|between|across|within|so|and|but|since|because|now that) .+)?",
        SLOT,
        0.9,
        False,
    ),
    (r"(?:use|rely on|go with|stick with) (?P<obj>.+)", "uses", 0.9, False),
    (r"adopt (?P<obj>[A-Z0-9].*)", "uses", 0.9, False),  # "adopted Linear"; "adopted a rabbit" is no tool
)


def apply_rules(
    rules: tuple[tuple[re.Pattern[str], str, float, bool], ...],
    vp: str,
    subject: str,
    *,
    negated: bool,
    strong: bool,
    sentence: str = "",
) -> list[Fact] | None:
    """The facts of the first rule that reads ``vp``; None when none applies."""
    for pattern, spec, confidence, retract in rules:
        m = pattern.fullmatch(vp)
        if m:
            found = _apply_rule(
                m, spec, confidence, retract, subject, negated=negated, strong=strong, sentence=sentence
            )
            if found and not negated:
                found = _with_role(found, m, spec, sentence)
            if found is not None:
                return found
    return None


def _apply_rule(
    m: re.Match[str],
    spec: str,
    confidence: float,
    retract: bool,
    subject: str,
    *,
    negated: bool,
    strong: bool,
    sentence: str = "",
) -> list[Fact] | None:
    """Triples for one matched rule; None when the rule turns out not to apply."""
    if spec == "uses" and re.search(r"\b(?:called|named)\b", m["obj"]):
        return []  # "adopted a greyhound called Pickles": a named creature or project, not a tool
    objects = clean_objects(m["obj"]) if spec in ("uses", GIVE_UP) else [o for o in [clean_object(m["obj"])] if o]
    objects = [_known_head(o) for o in objects]
    if spec == DOMAIN and subject != "user" and not all(o[:1].isupper() for o in objects):
        return []  # "Tavonia switched to the euro": a country's money is no tool it uses
    if not objects:
        return []
    predicate = _rule_predicate(m, spec, objects[0], sentence)
    if not predicate:
        return None if predicate is None else []
    if predicate == "studies":  # "studying nursing at night school": a field ends where a school no name starts
        objects = [re.split(r" (?:at|in) (?!(?:the|a|an) [^a-z])(?:(?:the|a|an) )?[a-z]", o)[0] for o in objects]
    if negated:
        if retract:
            return []  # "I didn't leave Acme" states nothing new
        retract, confidence = True, 0.9 if strong else 0.7
    if retract and spec in ("uses", GIVE_UP):
        objects = [one for o in objects for one in _neither(o)]
    elif spec == "uses" and any(_EITHER.fullmatch(o) for o in objects):
        if not _BY_TURNS.search(sentence):
            return []  # "I use Outlook or Gmail": one or the other, which is not said
        objects = [one for o in objects for one in _neither(o)]  # "… depending on the account": each, by turns
    attribute = (spec == SLOT or spec.startswith("@")) and predicate != "uses"  # a tool used is one of several
    triples = [rule_triple(subject, predicate, obj, confidence, retract, attribute=attribute) for obj in objects]
    school = clean_object(m.groupdict().get("school"))
    if school:  # "I study law at McGill"
        triples.append(rule_triple(subject, "studies at", school, confidence))
    old = clean_object(m.groupdict().get("old")) or replaced_object(m["obj"])
    if predicate == "uses" and spec in (DOMAIN, "uses") and old and not retract:
        triples.insert(0, rule_triple(subject, "uses", old, 0.6, True))  # "switched from Notion to X"
    return triples


#: "Spotify or Tidal" under a denial: "no longer use X or Y" gives up both; each side a name, not "rock or pop".
_TOOL_NAME = r"[A-Z0-9][\w.+#-]*(?: [A-Z0-9][\w.+#-]*)*"
_EITHER = re.compile(rf"(?P<one>{_TOOL_NAME}) (?:or|nor) (?P<other>{_TOOL_NAME})")


#: What makes "X or Y" both used, each at its time: "depending on the account", "whichever is open", "or both".
_BY_TURNS = re.compile(r"\b(?:depending on|depends on|whichever|or both|by turns|alternating|interchangeably)\b", re.I)


def _neither(obj: str) -> list[str]:
    """The two tools a denial's "X or Y" names, else ``obj`` whole."""
    m = _EITHER.fullmatch(obj)
    return [m["one"], m["other"]] if m else [obj]


#: Words that end a tool's name written in lower case: "switched my shell to nushell over the holidays".
_AFTER_TOOL = re.compile(
    r" (?:over|during|last|this|for|at|with|on|in|since|after|before|because|while|the|my|our|and|but|so|which)\b.*$"
)


def _known_head(obj: str) -> str:
    """``obj`` cut after the known tool it opens with, when chat wrote the name as a word (no capital to end it)."""
    head = next(iter(toolnames.known_names(obj)), None)
    if head is None or head.start() != 0 or not head[0].islower():
        return obj
    return head[0] if _AFTER_TOOL.fullmatch(obj[head.end() :]) else obj


def _rule_predicate(m: re.Match[str], spec: str, obj: str, sentence: str = "") -> str | None:
    """The predicate a rule's spec names for ``obj``; None: the rule doesn't apply; "": nothing sure."""
    if spec == SLOT:
        # "moved my passwords to X": the role a noun names ("password manager"), else the noun itself
        predicate = rolenouns.role_phrase(m["slot"]) or lifeevents.user_role(normalise_predicate(m["slot"]))
        if not predicate or predicate in ATTR_STOP or TIME_WORDS.intersection(m["slot"].lower().split()):
            return None  # "for the last two years" is no role; let a later rule try
        if m["slot"].lower().startswith("all ") and not rolenouns.role_phrase(m["slot"]):
            return None  # "using Miro for all our retros": what a tool is used for, no role it fills
        if is_time(obj):
            return ""  # "moved the launch to Q3": a date, not a tool
        if predicate not in _VOCABULARY and predicate.split()[-1] not in _SYSTEM_NOUNS:
            # "switched the team chat to Zulip", "use Canva for the café menus": what a tool is used for is no
            # key of its own unless it names a part of a system ("the event store"); the named tool is used
            return "uses" if obj[:1].isupper() else ""
        return predicate
    drink = is_drink(obj)
    if spec == GIVE_UP:  # "gave up coffee" / "gave up Twitter"; "gave up smoking" names nothing held
        return "prefers drink" if drink else lifeevents.give_up_predicate(sentence) if obj[0].isupper() else ""
    if spec == DRINK:
        return "prefers drink" if drink else ""
    if spec == PREFER and not drink and _over_a_drink(obj, sentence):
        return "prefers drink"  # "I prefer kvass to soda": what is preferred to a drink is one
    if spec in (DOMAIN, PREFER):
        return "prefers drink" if drink else ("prefers" if spec == PREFER else "uses")
    if spec == "works as" and not lifeevents.is_occupation(obj):
        return ""  # "I work as a favour to friends": "as" may say how, not what one does for a living
    return spec[1:] if spec.startswith("@") else spec


def _over_a_drink(obj: str, sentence: str) -> bool:
    """Whether ``sentence`` prefers ``obj`` to something a drink ("I prefer kvass to soda", "… over black tea")."""
    m = re.search(
        rf"\b{re.escape(obj)} (?:to|over|rather than|instead of) (?P<other>[\w' -]+?)(?=[,.;!?]|$| and\b)", sentence
    )
    return m is not None and is_drink(m["other"])


def _with_role(found: list[Fact], m: re.Match[str], spec: str, sentence: str) -> list[Fact]:
    """A switch between two tools of one kind ("from Chrome to Brave") is about that role, not "uses"."""
    if spec not in (DOMAIN, "uses") or m.groupdict().get("old") is None and replaced_object(m["obj"]) is None:
        return found
    return lifeevents.role_switch(found, sentence)


def rule_facts(
    subject: str, predicate: str, raw_obj: str, confidence: float, negated: bool, *, attribute: bool = False
) -> list[Fact]:
    """One fact for ``raw_obj`` once cleaned; none when the object or predicate is empty."""
    obj = clean_object(raw_obj)
    if obj is None or not predicate:
        return []
    return [rule_triple(subject, predicate, obj, confidence, negated, attribute=attribute)]


def rule_triple(
    subject: str, predicate: str, obj: str, confidence: float, retract: bool = False, *, attribute: bool = False
) -> Fact:
    """A fact not yet tied to a turn (the session step adds event id and time)."""
    return Fact(
        subject=subject,
        predicate=predicate,
        object=obj,
        confidence=confidence,
        retract=retract,
        replaces_attribute=attribute and not retract,
    )
