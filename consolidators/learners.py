"""Learner English said as the readers know it: the shapes a non-native writer carries over from a first language
("I work by Siemens like engineer", "she come on the world in Cluj", "is member in the club since many years", "I am
no more living in Porto"), restated in the standard English the sentence readers were written for.

Each rule rewrites one shape that standard English does not use in that sense, so a native sentence passes through
unchanged: "by" names an employer only after a work verb and before a name ("a work by Picasso" is a noun's, "started
by X" a founder's), "like" means "as" only before a role after a verb of working, using or holding ("works like a
charm", "tools like Docker" name no role), "from" marks an agent only after a passive before a person's two names.
What the sentence says is kept: a plan, a question, a past state or another person's fact stays what it was, and
the readers decide it as before.
"""

from __future__ import annotations

import re

from lemminflect import getInflection, getLemma  # type: ignore[import-untyped,unused-ignore]

from .lifeevents import is_occupation
from .regexgate import compiled
from .text import UPPER, lexicon_lemmas

_NAME = rf"[{UPPER}][\w'’.-]*(?: (?:of |de |the )?[{UPPER}][\w'’.-]*)*"
_MONTHS = "(?:January|February|March|April|May|June|July|August|September|October|November|December)\\b"
#: A person's two names: "Adrian Popa", "Josef Eder" (one capital word may be a place or a language: "from Porto").
_PERSON = rf"[{UPPER}][\w'’-]+ [{UPPER}][\w'’-]+"

#: "I work by Bosch", "on monday I start by Decathlon", "I am student by the Jagiellonian": a German, Dutch or Polish
#: "bei"/"bij"/"w" read as "by". Only after a verb of working (never "started by", a founder's passive) and before a
#: name that is no landmark ("I work by Lake Garda" says where).
_EMPLOYER_BY = compiled(
    rf"(?P<before>\b\w+ )?(?P<head>\b(?:work|works|working|start|starts|starting|student|employee|intern|apprentice))"
    rf" by (?=(?:the )?[{UPPER}])(?!(?:Lake|River|Mount|Sea|Bay|Beach|Park|Station|Harbour|Canal|Airport)\b)"
)
#: "work like welder by Damen Shipyards", read "as welder by …": the employer after an occupation.
_ROLE_BY = compiled(
    rf"\b(?P<verb>work|works|working) as (?P<role>(?:an? )?[a-z]+(?: [a-z]+)?) by (?=(?:the )?[{UPPER}])"
)
#: "is playing by Lech Poznań": a player's club after "by" is the club he plays for.
_PLAYS_BY = compiled(rf"\b(?P<head>play|plays|playing) by (?=(?:the )?[{UPPER}])")
#: A role after "like" where English says "as": "I work like truck driver", "we have PostgreSQL like database",
#: "leading Brzeziny like mayor". The clause's verb is one of working, using or holding, and "like" follows it.
_HOLDING = (
    r"work|works|working|lead|leads|leading|use|uses|using|have|has|having|keep|keeps|keeping|run|runs|running"
    r"|serve|serves|serving|employed|hired"
)
_LIKE_ROLE = compiled(
    rf"\b(?P<verb>{_HOLDING})\b(?P<mid>[^,;.!?]{{0,60}}?) like (?P<det>(?:my|our|his|her|their|the|a|an) )?"
    r"(?P<role>[A-Za-z][\w-]*(?: [a-z][\w-]*)?)(?=$|[,;.!?]| (?:for|from|in|at|by|since|and|of|on|now)\b)"
)
#: Roles a tool, a currency or an office is held as; an occupation is read by :func:`is_occupation`.
_ROLE_NOUNS = frozenset(
    "database queue phone terminal editor ide shell browser currency mayor ceo president boss director manager"
    " language os laptop calendar notes password manager email client cloud provider".split()
)
#: "directed from Adrian Popa", "founded from Josef Eder": a Romance or Slavic "de"/"od" after a passive is its agent.
_AGENT_FROM = compiled(
    rf"\b(?P<aux>is|was|were|are|been|be) (?P<verb>founded|directed|written|painted|composed|created|produced"
    rf"|designed|built|owned) from (?=(?:the )?{_PERSON})"
)
#: "I came on the world in Timișoara", "she come on the world in Cluj": "venir au monde", "przyjść na świat".
_CAME_ON_THE_WORLD = compiled(r"\b(?:came|come|comes) (?:on|to|into) the world\b")
#: "born in a small hospital in Mombasa": the building a birth was in stands before the place it was in.
_BORN_IN_A_BUILDING = compiled(
    rf"\bborn in (?:a|the) (?:[a-z]+ )?(?:hospital|clinic|maternity ward|house|flat) in (?=[{UPPER}])"
)
#: "I am no more living in Porto", "is not anymore working by Erste Bank": "ne plus", "nicht mehr", "już nie".
_NO_MORE = compiled(
    r"\b(?P<be>am|is|are|'m|'re) (?:no more|not more|not anymore|not any more|no longer) (?P<verb>[a-z]+ing)\b"
)
_STATE_VERBS = frozenset("live work study stay play teach use sing run lead own".split())
#: "since two years", "since many years": a duration after "since" is "for" ("seit zwei Jahren", "depuis deux ans").
_SINCE_SPAN = compiled(
    r"\bsince (?=(?:a|one|two|three|four|five|six|seven|eight|nine|ten|many|several|some|\d+) "
    r"(?:years?|months?|weeks?|days?)\b)"
)
#: A role noun said without its article after a person: "I am student at", "Im electrician, …", "she is member of".
#: Not before "in" ("I am engineer in Bosch" is read whole as it is), nor after "my job is" (a field, not a person).
_BARE_ROLE = compiled(
    rf"(?P<before>\b(?:I|[Hh]e|[Ss]he|[Ww]e|[Tt]hey) (?:am|is|are)|\b(?:I'm|Im|[Hh]e's|[Ss]he's)|[{UPPER}][\w'’-]+ is) "
    r"(?P<noun>[a-z]+)(?= (?:of|at|by|for|since|from)\b|\s*[,.;!?]|$)"
)
_MEMBER_IN = compiled(rf"\b(?P<be>is|am|are|'m|was) (?P<a>an? )?member in (?=(?:the )?[{UPPER}])(?!{_MONTHS})")
#: "I prefer black tea than coffee": "preferir … que", "préférer … que" said with "than".
_PREFER_THAN = compiled(
    r"\b(?P<head>prefers?|preferred)\b(?P<mid>[^,;.!?]{1,40}?) (?<!rather )(?<!more )(?<!other )(?<!less )than\b"
)
#: "her name Tosia": the copula a Slavic or Turkic sentence leaves out.
_NAME_NO_IS = compiled(rf"\b(?P<owner>his|her|its|their) name (?=[{UPPER}])")
#: "my mother language", "birth city": calques of "mother tongue" and "birthplace".
_CALQUES = (
    (compiled(r"\bmother language\b"), "mother tongue"),
    (compiled(r"\bbirth (?:city|town)\b"), "birthplace"),
    (compiled(r"\b(?P<own>my|our) (?:mobile )?telephone\b"), r"\g<own> phone"),
    (compiled(r"\bheadquarter\b"), "headquarters"),
    (compiled(r"\b(?P<verb>stop|stops|stopped|quit) to use (?=[A-Z0-9])"), r"\g<verb> using "),
    (
        compiled(
            rf"\b(?P<verb>study|studies|studying) in (?=(?:the )?(?:[{UPPER}][\w'’.-]* )?(?:Universit|College"
            r"|Academy|Institute|Polytechnic|School|Uniwersytet))"
        ),
        r"\g<verb> at ",
    ),
    (
        compiled(
            rf"\b(?P<the>[Tt]he) (?P<role>capital|president|mayor|currency|CEO|official language) (?:from|in) "
            rf"(?=[{UPPER}][^,;]* is\b)"
        ),
        r"\g<the> \g<role> of ",
    ),
    (compiled(r"\b(?:who|which|that) is (?P<verb>called|named)\b"), r"\g<verb>"),
    (compiled(r"\b(?P<have>has|have) (?:the )?headquarters in\b"), r"\g<have> its headquarters in"),
    # "I love the cooking, …": a pastime is said without "the" ("j'adore la cuisine"); "the cooking here" is food
    (
        compiled(r"\b(?P<verb>like|love|enjoy|likes|loves|enjoys) the (?P<what>[a-z]+ing)(?=\s*(?:[,.;!]|$))"),
        r"\g<verb> \g<what>",
    ),
    (compiled(rf"\b(?P<verb>speak|speaks|speaking) (?:fluently|perfectly|well|good) (?=[{UPPER}])"), r"\g<verb> "),
    # "I make a master in chemistry": "faire un master", "robić magisterkę" (English does a master's)
    (compiled(r"\bmake (?:a|my|the) (?P<degree>master|bachelor)\b"), r"do a \g<degree>'s"),
    (compiled(r"\bmaking (?:a|my|the) (?P<degree>master|bachelor)\b"), r"doing a \g<degree>'s"),
    (
        compiled(r"\b(?P<verb>like|love|enjoy|likes|loves|enjoys) (?:very much )?to go (?P<what>[a-z]+ing)\b"),
        r"\g<verb> \g<what>",
    ),
)
#: "Company Kordex has …", "Film 'The Last Ferry' is …": a kind before a name said without its article.
#: ("Club", "Team" or "Group" often open the name itself: "Club Brugge", "Team Liquid".)
_BARE_KIND = compiled(rf"^(?P<kind>Company|Firm|Film|Movie|Novel|Book) (?=['‘\"“]?[{UPPER}])")
#: "lives now in Lisbon", "is living now in": an adverb between a state verb and its place goes before the verb.
_ADVERB_AFTER = compiled(
    r"\b(?P<verb>lives|works|plays|studies|living|working|playing|studying) (?P<adv>now|currently|still) "
    r"(?=(?:in|at|for|by) )"
)
#: "he speak also Ukrainian", "she live in": a third person's verb without its -s.
_HE_BARE = compiled(r"\b(?P<who>[Hh]e|[Ss]he) (?P<verb>speak|live|work|play|study|teach|own|lead)\b(?P<also> also)?")
#: "my husband he is teacher", "Mirela, she was born in …": a pronoun that repeats the subject just named.
_RESUMPTIVE = compiled(rf"^(?P<np>(?:[Mm]y|[Oo]ur) [a-z]+|{_NAME}) (?:he|she) (?=(?:is|was|works|lives|plays)\b)")
_APPOSED_PRONOUN = compiled(rf"^(?P<np>{_NAME}), (?:she|he) (?=[a-z][^,]*, (?:is|was|has|works|lives)\b)")
#: "Since the summer I live in Rotterdam": the time of a present state, said first ("seit dem Sommer wohne ich").
_SINCE_LEAD = compiled(
    r"^[Ss]ince (?:the |last |this )?(?:summer|winter|spring|autumn|fall|january|february|march|april|june|july"
    r"|august|september|october|november|december|\d{4})\b,? (?=(?:I|we) )",
    re.I,
)


def standard(text: str) -> str:
    """``text`` with the learner shapes above said in standard English; any other text comes back unchanged."""
    said = _EMPLOYER_BY.sub(_employer_at, text)
    said = _PLAYS_BY.sub(r"\g<head> for ", said)
    said = _LIKE_ROLE.sub(_as_role, said)
    said = _ROLE_BY.sub(lambda m: f"{m['verb']} as {m['role']} at " if is_occupation(m["role"]) else m[0], said)
    said = _AGENT_FROM.sub(r"\g<aux> \g<verb> by ", said)
    said = _BORN_IN_A_BUILDING.sub("born in ", _CAME_ON_THE_WORLD.sub("was born", said))
    said = _NO_MORE.sub(_no_longer, said)
    said = _SINCE_SPAN.sub("for ", said)
    said = _MEMBER_IN.sub(r"\g<be> \g<a>member of ", said)
    said = _PREFER_THAN.sub(r"\g<head>\g<mid> to", said)
    said = _NAME_NO_IS.sub(r"\g<owner> name is ", said)
    for pattern, replacement in _CALQUES:
        said = pattern.sub(replacement, said)
    said = _ADVERB_AFTER.sub(r"\g<adv> \g<verb> ", said)
    said = _HE_BARE.sub(_agreed, said)
    said = _APPOSED_PRONOUN.sub(r"\g<np>, who ", _RESUMPTIVE.sub(r"\g<np> ", said))
    said = _SINCE_LEAD.sub("", said)
    said = _BARE_KIND.sub(lambda m: f"The {m['kind'].lower()} ", said)
    return _BARE_ROLE.sub(_articled, said)


def _employer_at(m: re.Match[str]) -> str:
    # "a work by Banksy", "his latest work by …": after a determiner "work" is a noun, and "by" names its maker
    if (m["before"] or "").strip().lower() in _DETERMINERS:
        return m[0]
    return f"{m['before'] or ''}{m['head']} at "


_DETERMINERS = frozenset("a an the this that his her their its our my new latest famous".split())


def _as_role(m: re.Match[str]) -> str:
    role = m["role"].lower()
    if role not in _ROLE_NOUNS and role.split()[-1] not in _ROLE_NOUNS and not is_occupation(role):
        return m[0]
    # "Poland still have złoty like currency": a country's money is its own ("as its currency")
    det = m["det"] or ("its " if role in ("currency", "language") else "")
    if not det and is_occupation(role) and role.split()[-1] not in _OFFICES:  # "like engineer": "as an engineer"
        det = "an " if role[0] in "aeiou" else "a "
    return f"{m['verb']}{m['mid']} as {det}{m['role']}"


def _no_longer(m: re.Match[str]) -> str:
    """ "I am no more living in Porto" → "I am no longer living in Porto"; "am no longer studying law" is said
    "no longer study law", the form the readers retract by."""
    lemmas = getLemma(m["verb"], upos="VERB")
    lemma = lemmas[0] if lemmas else m["verb"]
    if lemma not in _STATE_VERBS:
        return m[0]
    if m["be"] in ("am", "'m", "are", "'re"):
        if lemma in ("live", "work"):
            return f"{m['be']} no longer {m['verb']}"
        return f"{' ' if m['be'].startswith(chr(39)) else ''}no longer {lemma}"  # "I'm" keeps its "I"
    return f"{m['be']} no longer {m['verb']}"


def _agreed(m: re.Match[str]) -> str:
    forms = getInflection(m["verb"], tag="VBZ")
    verb = forms[0] if forms else m["verb"]
    return f"{m['who']} also {verb}" if m["also"] else f"{m['who']} {verb}"


def _articled(m: re.Match[str]) -> str:
    """ "I am student at" → "I am a student at": a bare singular role noun takes its article, so the readers see
    the role ("am student" read as a verb phrase gives nothing, or a field of study called "am")."""
    noun = m["noun"]
    if noun in _OFFICES or noun not in _ARTICLED and not (is_occupation(noun) and _only_a_noun(noun)):
        return m[0]
    article = "an" if noun[0] in "aeiou" else "a"
    return f"{m['before']} {article} {noun}"


def _only_a_noun(word: str) -> bool:
    # "I am better", "it is over": a word the lexicon also knows as an adjective, an adverb or a preposition is
    # said bare in native English too
    parts = lexicon_lemmas(word)
    return "NOUN" in parts and not {"ADJ", "ADV", "ADP"} & set(parts)


#: Offices English names without an article ("is mayor of Split", "serves as president"): they stay bare.
_OFFICES = frozenset(
    "mayor president chairman chairwoman chair director governor captain head ceo premier minister".split()
)
#: Role nouns that take an article without being an occupation: "I am student", "he is member".
_ARTICLED = frozenset("student employee member intern apprentice citizen".split())
