"""The phrase rules that read one clause of a sentence: "I/we …", "my X is Y", "Y is our X", and a third-person
verb phrase ("Acme moved its headquarters to Malmo").

:mod:`consolidators.triples` splits a sentence into clauses and calls these where the parse and the readers by
family leave a clause unread. A clause's verb is lemmatised and matched against the life-event and tool rules
(:mod:`consolidators.liferules`, :mod:`consolidators.toolrules`); a generic "I <verb> <object>" counts only for a
verb of the vocabulary. Negations become retractions, at a confidence that says how sure the wording is.
"""

from __future__ import annotations

import re
from dataclasses import replace

from . import (
    lifeevents,
    liferules,
    rolenouns,
)
from .teams import POSITION
from .text import (
    ENTITY_STOP,
    STOP_VERBS,
    UPPER,
    WEEKDAYS,
    expand_contractions,
    inflected_verb,
    lemmatise,
)
from .tidy import MULTI_ROLES
from .toolnames import ROLES, roles_of
from .toolrules import ATTR_STOP, TIME_WORDS, TOOL_RULES, apply_rules, rule_facts, rule_triple, rules
from .types import Fact
from .vocabulary import (
    CANONICAL_PREDICATES,
    clean_object,
    clean_objects,
    drop_time_words,
    is_time,
    normalise_predicate,
)

USER = "user"
USER_ROLES = frozenset({"user", "human"})

#: A day said relative to now ("Friday", "next week", "tomorrow"): as the value of "my last day is …" it dates an
#: event the week it is said, and names nothing memory could keep.
_RELATIVE_DAY = re.compile(
    rf"^(?:(?:this|next|last|on) )?(?:{'|'.join(WEEKDAYS)}|today|tonight|tomorrow|yesterday|week|month)\b", re.I
)

#: Verbs of a state held, whose simple past says it is over ("I lived in Oslo", "I led the team at X").
_STATE_VERBS = frozenset(
    "live work use prefer like love reside drink own study lead run manage head oversee supervise coordinate".split()
)
#: A second verb after "and" that states a fact of its own about the same "I".
_SECOND_VERBS = frozenset("live work use speak study prefer love like teach join move relocate switch".split())
#: Nouns for people, not roles a tool fills: "the team moved to Jira" is no (user, team, Jira).
_GROUP_NOUNS = frozenset(
    "team company office family group department org organisation organization people staff".split()
)
_CHANGE_VERBS = frozenset(  # third person: without a specific rule these verbs say nothing clear
    "move switch migrate relocate change port convert replace give quit leave start begin stop".split()
)
#: Verbs taking an infinitive: "I decided to move", "I like to run" state no object.
_INFINITIVE_VERBS = frozenset(
    """
decide agree choose opt plan intend try start begin stop need want like love hate prefer hope expect
promise refuse manage learn tend continue
""".split()
)
#: An -ly adverb between a verb and its preposition: "work remotely for", "live happily in".
_MANNER = re.compile(r"^(\w+) \w+ly (?=(?:at|for|in|on|with|as|from)\b)")
#: "my sister is married to …": a relation of the possessed person, not a value of the user's role.
_RELATION_VALUE = re.compile(r"[a-z]+(?:ed|en) (?:to|in|at|by|from|with|for)\b|(?:called|named) ")
_NEGATION = re.compile(r"^(?:do not|does not|did not|no longer|never|cannot|am not|are not|have not|has not)\s+")
_STOPPED = re.compile(r"^(?:(?:have|has) )?(?:stopped|quit|gave up|given up)\s+(?P<g>[a-z]+ing)\b")
_BEGIN = re.compile(  # "started using X" states "use X"
    r"^(?:(?:have|has) )?(?:started|start|starting|began|begun|begin) (?P<v>[a-z]+ing)\b"
)
_DECIDE = re.compile(  # "decided to use X" states "use X" (a decision about a tool, not a plan to move)
    r"^(?:(?:have|has) )?(?:decided|decide|agreed|agree|chose|choose|opted|opt) to "
    r"(?P<v>use|switch|migrate|adopt|go|stick)\b"
)
_AUX = re.compile(r"^(?P<aux>am|are|is|was|were|have been|has been|had been|have|has|had)\s+")
#: A modal before the verb: what follows is a plan or a supposition, however many verbs it joins.
_PLAN_MODALS = frozenset({"will", "would", "shall", "should", "might", "may", "could"})
_PARTICIPLE = re.compile(
    r"(?:\w+(?:ed|en|wn|ne|lt|ght)|left|quit|got|made|begun|run|become|come|set|put|said|paid|laid|told|sold|held"
    r"|kept|found|won|led|met|read|spent|sent|built|hit|cut|lost|stood|struck|let|shut|spun|sung|swum|drunk)$"
)
_ADVERB_WORDS = (
    r"now|currently|also|just|finally|recently|actually|mostly|usually|still|really|"
    r"mainly|primarily|officially|basically|definitely|totally|even|already|only|absolutely|genuinely|truly|seriously"
)
_ADVERBS = re.compile(rf"^(?:(?:{_ADVERB_WORDS})\s+)+")
_ADV = rf"(?:(?:{_ADVERB_WORDS}) )*"
#: The adverbs that assert a role between "is" and "my" ("Ewan is officially my husband"); a hedge ("basically",
#: "practically", "kind of", "like") says the role is not quite held, so it is no statement of it.
_ASSERTING = r"now|currently|also|just|finally|officially|still|already|definitely|actually|truly|legally|really"
_ASSERT = rf"(?:(?:{_ASSERTING}) )*"
_PREPS = r"(?:in|at|for|on|with|to|from|of|by|about|into)"
_ENT = r"[A-ZÀ-ÖØ-ÞĀ-Ž][\w&.+'-]*(?: [A-ZÀ-ÖØ-ÞĀ-Ž][\w&.+'-]*){0,3}"
_ATTR = r"[\w'-]+(?: [\w'-]+){0,3}?"
_FIRST_PERSON_RULES = rules(*liferules.LIFE_RULES) + TOOL_RULES + rules(*liferules.PERSON_RULES)
#: The predicates a generic "I <verb> <object>" may produce: the vocabulary's own, nothing invented.
VOCABULARY = frozenset(CANONICAL_PREDICATES.values())
_FALLBACK = re.compile(rf"(?P<verb>[a-z]+)(?: (?P<prep>{_PREPS}))? (?P<obj>.+)")
_SUBJECT_VP = re.compile(r"(?:I|[Ww]e) (?P<vp>.+)")
_POSSESSIVE = re.compile(rf"(?:[Mm]y|[Oo]ur) (?P<attr>{_ATTR}) (?:is|are) (?P<neg>not |no longer )?(?P<obj>.+)")
INVERTED = re.compile(  # "Bob is our CTO": the same statement as "our CTO is Bob"; "Ewan is officially my husband"
    rf"(?P<obj>{_ENT}) (?:is|are) (?P<neg>not |no longer )?{_ASSERT}(?P<own>[Mm]y|[Oo]ur) (?P<attr>{_ATTR})"
)
#: A possessive inside the role ("my sister's editor", "our parents' dog"): "my" owns the person, the role is theirs.
_OWNED_BY_ANOTHER = re.compile(r"\w(?:'s|s')(?:\s|$)")
_THIRD_PERSON_RULES = tuple(
    re.compile(p)
    for p in (
        rf"[Tt]he (?P<attr>{_ATTR}) (?:of|at) (?P<subj>{_ENT}) (?:is|are) (?P<obj>.+)",
        rf"(?P<subj>{_ENT})'s (?P<attr>{_ATTR}) (?:is|are) (?P<obj>.+)",
        rf"(?P<obj>{_ENT}) (?:is|are) (?:now )?(?:the|a|an) (?P<attr>{_ATTR}) (?:of|at) (?P<subj>{_ENT})",
    )
)
_ROLE_MOVE = re.compile(  # "the event store moves to Kafka": a role of the user's changes tool
    r"[Tt]he (?P<slot>[a-z][\w-]*(?: [a-z][\w-]*){0,2}?) (?:is |has )?(?:now )?"
    r"(?:moves|moved|moving|migrates|migrated|migrating|switches|switched|switching) (?:over )?"
    r"(?:from (?P<old>.+?) )?(?:to|onto) (?P<obj>[A-Z].*)"
)
_THIRD_PASSIVE = re.compile(
    rf"(?P<subj>{_ENT}) (?:is|are) (?P<neg>not |no longer )?(?P<verb>[a-z]+(?:ed|en|wn|lt)) "
    rf"(?P<prep>{_PREPS}) (?P<obj>.+)"
)
_THIRD_VP = re.compile(
    rf"(?:[Tt]he (?P<noun>[a-z][\w-]*)|(?P<subj>{_ENT})) {_ADV}"
    rf"(?P<neg>does not |did not |do not |no longer |never )?{_ADV}(?P<verb>[a-z]+)(?P<rest> .+)"
)
_THIRD_STOP = frozenset(
    """
is was does says thinks seems looks sounds means needs wants gets goes feels knows tells asks
holds runs serves leads makes takes gives sees held ran served led made took gave saw had plays played
""".split()
)


# ---------------------------------------------------------------------------
# first person


#: A value that opens on a lower-case participle: what a thing is doing ("gathering dust", "running hot"), no name.
_A_STATE = re.compile(r"[a-z]+ing\b")
#: Nouns for whatever tool the user relies on most: "my daily driver", "my go-to".
_ANY_TOOL = frozenset("driver go-to pick workhorse".split())


def first_person(clause: str, strong: bool, sentence: str = "") -> list[Fact]:
    """Facts about the user from "I/we …", "my/our X is Y" and "Y is our X" clauses."""
    said = lifeevents.possessive(clause, sentence)
    if said is not None:
        return said
    m = _POSSESSIVE.fullmatch(clause) or INVERTED.fullmatch(clause)
    if m:
        if m.re is INVERTED and (not _is_entity(m["obj"]) or _OWNED_BY_ANOTHER.search(m["attr"])):
            return []  # "Biscuit is my neighbour's dog": the dog is the neighbour's, whatever follows
        if m.re is INVERTED and m["neg"] is None and m["attr"].lower().rsplit(" ", 1)[-1] in lifeevents.PETS:
            # "Biscuit is my cat": the pet's name said first, the statement "my cat is Biscuit" makes
            return lifeevents.possessive(f"{m['own']} {m['attr']} is {m['obj']}", sentence) or []
        predicate = normalise_predicate(m["attr"])
        open_role = False
        if predicate not in VOCABULARY:  # "IntelliJ is my IDE now", "Kitty is my terminal emulator"
            attr = drop_time_words(m["attr"])
            known = rolenouns.role_phrase(attr) or lifeevents.USER_ROLES.get(normalise_predicate(attr))
            open_role = known is None
            predicate = known or lifeevents.user_role(normalise_predicate(attr))
            # "my daily driver is a Pixel 8": a word for any tool, for a tool known for exactly one role (a noun
            # of its own, "our staging environment is Heroku", keeps its key: it is not the cloud provider)
            generic = open_role and attr.lower().rsplit(" ", 1)[-1] in _ANY_TOOL
            filled = roles_of(clean_object(m["obj"]) or "") if generic else frozenset()
            if len(filled) == 1:
                predicate, open_role = next(iter(filled)), False
        if predicate in ATTR_STOP or not predicate or re.match(r"(?:in|on|at|with) ", m["obj"]):
            return []  # "my address is in Cork": a place the chat reader finds in the parse
        if re.search(r"\bleast\b", m["attr"], re.I):
            return []  # "my least favourite browser is Safari" names the one the user doesn't use
        if predicate in ROLES and _A_STATE.match(_ADVERBS.sub("", clean_object(m["obj"]) or "")):
            return []  # "my coffee machine is just gathering dust": a state the thing is in, no tool it names
        if _RELATION_VALUE.match(m["obj"]) or predicate == "os" and re.match(r"an? ", m["obj"]):
            return []  # "my work laptop is a MacBook": a machine's make or model, not the system it runs
        if open_role and _RELATIVE_DAY.match(clean_object(m["obj"]) or ""):
            return []  # "my last day is Friday", "my start date is next week": an event's day, no value held
        if (open_role or predicate == "works at") and not re.match(rf"[{UPPER}0-9]", clean_object(m["obj"]) or ""):
            return []  # "my sleep schedule is wrecked", "our company is proud to …": a named value or none
        negated = m["neg"] is not None
        if negated and not strong:  # "coffee just isn't my drink": never held, not given up
            return []
        return rule_facts(USER, predicate, m["obj"], 0.9, negated, attribute=predicate not in MULTI_ROLES)
    m = _SUBJECT_VP.fullmatch(clause)
    if not m:
        return []
    vp, negated = _strip_negation(_ADVERBS.sub("", m["vp"]))
    said = None if negated else lifeevents.copula(_ADVERBS.sub("", vp))
    if said is not None:
        return said
    head = _head_verb(_unwrap(_ADVERBS.sub("", vp)))
    if head is None:
        return []
    vp = drop_time_words(head)  # "use Zed as my editor these days": the time words qualify the statement
    vp = _MANNER.sub(r"\1 ", vp)  # "work remotely for Klarna": the manner adverb is not the relation
    found = apply_rules(_FIRST_PERSON_RULES, vp, USER, negated=negated, strong=strong, sentence=sentence)
    found = None if found is None else [f for f in found if not _a_kind_of_place(f, vp) and not _on_team(f, vp)]
    if found is not None and negated and not strong:
        # a plain "not" or "never" ("I don't use Jira at all", "I never learned Rust") says what the user doesn't
        # do, not that a state they held is over: nothing to take back, and no habit to store
        return []
    second = vp.split(" and ", 1)[1] if " and " in vp else ""
    second = _THEN.sub("", second)  # "we left Leeds and now live in Ghent": the second verb follows its "now"
    if found and lemmatise(second.split(" ", 1)[0], "VERB") in _SECOND_VERBS:  # "… and work at Farfetch"
        return _as_left(found, first_person("I " + second, strong, sentence))
    if found is not None:
        return found
    if negated:
        return []
    found = _fallback(vp)
    if not found and re.match(r"[a-z]+ ", second):  # "we packed up and moved to Valencia": the second verb says it
        return first_person("I " + second, strong, sentence)
    return found


def _as_left(left: list[Fact], then: list[Fact]) -> list[Fact]:
    """The facts of "I quit X and joined Y": what the first verb gave up is of the kind the second took up, so X
    is an employer when Y is one, not an app the user stopped using, and a home when Y is ("left Leeds and now
    live in Ghent")."""
    taken = {f.predicate for f in then if not f.retract and f.predicate in _LEFT_KINDS}
    if len(taken) != 1:
        return left + then
    kind = taken.pop()
    return [replace(f, predicate=kind) if f.retract and f.predicate in _GIVEN_UP_AS else f for f in left] + then


#: What a second verb took up that says what kind of thing the first verb left; what the first read it as.
_LEFT_KINDS = frozenset({"works at", "lives in"})
_GIVEN_UP_AS = _LEFT_KINDS | {"uses"}
#: The time word that opens a second verb phrase: "… and now live in Ghent", "… and then joined Adyen".
_THEN = re.compile(r"^(?:now|then|since|also|finally|currently|today) ")


def _on_team(fact: Fact, vp: str) -> bool:
    """Whether a work ``fact`` is a place on a team: "joined the Hornets as a point guard" is a player's, no post."""
    return fact.predicate == "works at" and re.search(rf"\bas (?:an? |their |the )?{POSITION}\b", vp, re.I) is not None


def _a_kind_of_place(fact: Fact, vp: str) -> bool:
    """Whether a work ``fact`` names a common noun ("a hospital in Malmo", "hospitals"), or a home ``fact`` is an
    indefinite or possessed lower-case description ("moved to a bigger flat", "I live in a tiny studio", "I live
    in my car at this point"): a kind of place, or a thing the user has, not one
    the user could be found in ("a flat in Ghent" leaves the name Ghent)."""
    if fact.predicate == "works at":  # "I work at a hospital in Malmo": a common noun, whatever its determiner,
        common = rf"\b(?:a|an|the|some|any)\s+{re.escape(fact.object)}" if " in " not in fact.object else ""
        # names a kind of employer (Malmo is where), no employer; a bare "klarna" is a name typed in lower case
        return fact.object.split(" ", 1)[0].islower() and (not common or re.search(common, vp) is not None)
    if fact.predicate != "lives in" or not fact.object.islower():
        return False
    return re.search(rf"\b(?:a|an|another|some|my|our) (?:[a-z-]+ )*{re.escape(fact.object)}\b", vp) is not None


def _strip_negation(vp: str) -> tuple[str, bool]:
    """Remove "do not / no longer / stopped V-ing …"; report whether the clause is negated."""
    m = _NEGATION.match(vp)
    if m:
        return vp[m.end() :], True
    m = _STOPPED.match(vp)
    if m:
        return lemmatise(m["g"]) + vp[m.end() :], True
    return vp, False


def _unwrap(vp: str) -> str:
    """ "started using X" → "using X"; "decided to use X" → "use X": the state they lead to."""
    m = _BEGIN.match(vp) or _DECIDE.match(vp)
    return m["v"] + vp[m.end() :] if m else vp


def _head_verb(vp: str) -> str | None:
    """``vp`` with its head verb lemmatised, or None when it states no current fact.

    Past states ("I lived in Berlin", "I was working at Acme") are history, not
    current facts; a copula before a non-verb ("I am tired") is skipped except
    "I am from X"; "have" before a non-participle is the verb ("I have two kids").
    """
    aux = _AUX.match(vp)
    rest = _ADVERBS.sub("", vp[aux.end() :]) if aux else vp  # "I'm now working for …"
    head, _, tail = rest.partition(" ")
    if not head or not tail:
        return None
    if aux:
        if aux["aux"] in ("was", "were", "had", "had been"):
            return None
        if aux["aux"] in ("am", "are", "is") and not head.endswith(("ing", "ed", "en")):
            # "I am from X"; "I'm at a fintech named X" (a bare "I'm at X" may be a visit)
            return f"be {rest}" if head == "from" or lifeevents.AT_AN_EMPLOYER.match(rest) else None
        if re.fullmatch(_PREPS, head):
            return None  # "I have been to Paris": no verb left to read
        if aux["aux"] in ("have", "has") and not _PARTICIPLE.fullmatch(head):
            return f"have {rest}"
    elif lemmatise(head) in _STATE_VERBS and _simple_past(head):
        return None
    elif head.lower() in _PLAN_MODALS:  # "I will be joining X and relocating to Y": the plan holds both verbs
        return None
    return f"{lemmatise(head)} {tail}"


def _simple_past(verb: str) -> bool:
    """A form neither the lemma, its "-s" nor its "-ing": "lived", "led", "ran", "drank"."""
    word = verb.lower()
    return word != lemmatise(word) and not word.endswith(("s", "ing"))


def _fallback(vp: str) -> list[Fact]:
    """ "I <verb> [prep] <object>" with no specific rule: a generic, low-confidence fact."""
    m = _FALLBACK.fullmatch(vp)
    if not m or m["verb"] in STOP_VERBS or (m["prep"] == "to" and m["verb"] in _INFINITIVE_VERBS):
        return []
    predicate = normalise_predicate(f"{m['verb']} {m['prep'] or ''}")
    if predicate not in VOCABULARY:  # "I'm interviewing at Soylent" is no "interview at" fact
        return []
    found = [rule_triple(USER, predicate, obj, 0.6) for obj in clean_objects(m["obj"])]
    return [f for f in found if not _on_team(f, vp)]


# ---------------------------------------------------------------------------
# third person


def user_roles(clause: str, sentence: str) -> list[Fact] | None:
    """A user's tools spoken of in the third person: "Bear has all my notes", "the event store moves to Kafka"."""
    said = lifeevents.tool_statement(clause, sentence)
    if said is not None:
        return said
    m = _ROLE_MOVE.fullmatch(clause)
    if m and not _not_a_role(m["slot"]) and not is_time(m["obj"]):
        return rule_facts(USER, normalise_predicate(m["slot"]), m["obj"], 0.8, False, attribute=True)
    return None


def third_person(clause: str, strong: bool, user: bool, sentence: str = "") -> list[Fact]:
    """Facts about named things: "The CEO of Acme is Jane Doe", "Herald uses RSS", "the team uses Jira".

    "The event store moves to Kafka" is about a role of the user's, so only the
    user can say it (``user``): from an assistant it may be any app's.
    """
    clause = drop_time_words(clause)  # "Jane Doe is the CEO of Acme now"
    said = user_roles(clause, sentence) if user else None
    if said is not None:
        return said
    for pattern in _THIRD_PERSON_RULES:
        m = pattern.fullmatch(clause)
        if m and _is_entity(m["subj"]):
            return rule_facts(m["subj"], normalise_predicate(m["attr"]), m["obj"], 0.9, False, attribute=True)
    m = _THIRD_PASSIVE.fullmatch(clause)
    if m and _is_entity(m["subj"]):
        predicate = normalise_predicate(f"{m['verb']} {m['prep']}")
        negated = m["neg"] is not None
        return rule_facts(
            m["subj"], predicate, m["obj"], 0.9 if negated and strong else 0.7 if negated else 0.8, negated
        )
    m = _THIRD_VP.fullmatch(clause)
    return _third_verb_phrase(m, strong) if m else []


def _third_verb_phrase(m: re.Match[str], strong: bool) -> list[Fact]:
    """ "Herald (now) uses Atom", "the team switched to Jira", "Acme acquired Globex"."""
    if m["subj"] and not _is_entity(m["subj"]) or m["noun"] in ATTR_STOP:
        return []
    subject, verb, negated = m["noun"] or m["subj"], m["verb"], m["neg"] is not None
    if verb in _THIRD_STOP or not inflected_verb(verb) and not negated:
        return []  # not a present or past verb form: no statement about the subject
    head, _, tail = _unwrap(verb + m["rest"]).partition(" ")
    if lemmatise(head) == "have" and _PARTICIPLE.fullmatch(tail.split(" ", 1)[0]):
        head, _, tail = tail.partition(" ")  # "Linear has replaced it": "has" is the perfect, not possession
    vp = f"{lemmatise(head)} {tail}"
    found = apply_rules(TOOL_RULES, vp, subject, negated=negated, strong=strong)
    if found is not None:
        return found
    generic = _FALLBACK.fullmatch(vp)
    if m["noun"] or not generic or lemmatise(head) in _CHANGE_VERBS:
        return []  # "Herald moved to Atom" is no new home; a bare noun subject needs a tool rule
    predicate = normalise_predicate(f"{generic['verb']} {generic['prep'] or ''}")
    if predicate not in VOCABULARY:  # "Ana now heads Acme": a verb the vocabulary doesn't know says nothing sure
        return []
    confidence = (0.9 if strong else 0.7) if negated else 0.8
    return [rule_triple(subject, predicate, obj, confidence, negated) for obj in clean_objects(generic["obj"])]


def _not_a_role(slot: str) -> bool:
    words = slot.lower().split()
    return bool(_GROUP_NOUNS.intersection(words) or ATTR_STOP.intersection(words) or TIME_WORDS.intersection(words))


def _is_entity(subject: str) -> bool:
    """A named subject, not a pronoun, determiner, interjection or gerund that happens to be capitalised.

    A single sentence-initial "-ing" word ("Forgetting things is normal") is an
    activity, not a name.
    """
    words = subject.split()
    if len(words) == 1 and len(words[0]) > 4 and words[0].lower().endswith("ing"):
        return False
    return words[0].lower() not in ENTITY_STOP


#: A clause that is nothing but a doubt ("I think", "not sure yet", "or so I was told"): having no statement of
#: its own, it doubts the one before it. Contraction-expanded text ("I am not sure").
_BARE_DOUBT = re.compile(
    r"(?:(?:well|but|or|and|though|so|hmm+|um+|uh|at least)[,\s]+)*"
    r"(?:(?:I|we) (?:think|guess|believe|suppose|reckon|assume)(?: so)?"
    r"|(?:(?:I|we) (?:am|are) )?not (?:(?:really|totally|entirely|100%|a hundred percent) )?(?:sure|certain|positive)"
    r"|maybe|probably|perhaps|possibly|or so (?:I|we) (?:think|thought|hear|heard|am told|was told|were told)"
    r"|if (?:I|we) (?:remember|recall) (?:right|rightly|correctly)|iirc|do not quote me(?: on (?:that|it|this))?"
    # "…, I doubt it'll happen": the speaker disbelieves what the clause before said
    r"|(?:I|we) (?:(?:really|kind of|kinda|honestly) )?doubt (?:it|that|this)"
    r"(?: (?:will|would|is going to|is gonna) (?:happen|stick|fly|go anywhere|go through|work out))?)"
    r"(?: (?:yet|anymore|though|tbh|honestly|lol|haha))*[\s.!…]*",
    re.I,
)
#: Where one clause of a chat sentence ends: a comma, a semicolon, a dash or an ellipsis.
_CLAUSE_END = re.compile(r"\s*(?:[,;…]|\.\.\.|\s[-–—]\s|[–—])\s*")


def doubted_after(text: str) -> bool:
    """Whether a clause after the first is a bare doubt of what came before ("I live in Denver — well, I think,
    not sure yet"). A doubt with a statement of its own ("not sure how long I'll stay") doubts only that."""
    return any(_BARE_DOUBT.fullmatch(part) for part in _CLAUSE_END.split(text.strip())[1:])


def bare_doubt(sentence: str) -> bool:
    """Whether a whole sentence is a bare doubt ("Not sure yet.", "Well, I think so."): it doubts the one before."""
    return _BARE_DOUBT.fullmatch(expand_contractions(sentence.strip())) is not None
