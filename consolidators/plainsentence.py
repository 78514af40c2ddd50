"""The sentence as every reader reads it: chat's and news's surface tidied before any rule or parse sees it.

Straight quotes, emoji as commas, chat's apostrophe-less contractions ("im", "dont") and lower-case "i", a
learner's fronted time without its comma ("Since May I work at X") and "work by X as …", a label ("Correction:"), a dateline
("BASEL (Reuters) - "), an emphasis ("in fact") or an old value named in passing dropped, a company's
statement attributed at its end read as the company's, a correction notice read as what it says is so, and a
role noun's "'s" before a name read as "is" ("Home's Tallinn now"). Every reader of a sentence
(:mod:`consolidators.triples`, memory's readers of changes, the denials) asks :func:`plain` for one reading.
"""

from __future__ import annotations

import functools
import re

from . import aboutme, credits, rolenouns, statics, tastes, wholenames
from .text import MONTHS, apostrophised

_ROLE_IS = re.compile(
    r"(?:\b(?:[Mm]y|[Oo]ur) |^)(?P<noun>[\w-]+)'s (?=(?:now |currently |still )?(?:an? )?[A-Z0-9])(?![\w-]+ (?:is|are|was|were)\b)"
)
#: A time fronted before the subject without the comma English sets after it ("Since 1. September I work at X",
#: as German orders it): the comma that makes the rest the main clause.
_FRONTED_TIME = re.compile(
    rf"^(?P<when>(?:[Ss]ince|[Ff]rom|[Ss]tarting|[Aa]s of) (?:(?:\d{{1,2}}\.? )?(?:{'|'.join(MONTHS)})(?: \d{{4}})?"
    r"|(?:19|20)\d\d|last (?:week|month|year|spring|summer|autumn|fall|winter)))(?= (?:I|we)\b)"
)
#: "I work by Siemens as engineer": German's "bei" said as "by"; a name and the job held there make it an employer
#: ("work by Lake Garda" or "by candlelight as a rule" name none).
_WORK_BY = re.compile(
    r"\b(?P<verb>[Ww]ork(?:s|ing)?) by (?=[A-Z][\w&.'-]*(?: [A-Z][\w&.'-]*){0,3} as (?:an? )?"
    r"(?!usual|always|ever|well|before|planned|agreed|such|per)[a-z])"
)
#: Emoji and pictographs: chat uses them as punctuation ("relocated again 🙃 Ghent is home now").
EMOJI = re.compile(r"\s*[\U0001F000-\U0001FAFF\u2600-\u27BF\uFE0F\u200D]+[\s,]*")
#: A news dateline or release label before the lede: "BASEL (Reuters) - ", "SEOUL, March 3 (Yonhap) -- ",
#: "PRESS RELEASE - ".
_DATELINE = re.compile(
    r"^(?:[A-ZÀ-ÖØ-Þ][A-ZÀ-ÖØ-Þ.'-]+(?: [A-ZÀ-ÖØ-Þ][A-ZÀ-ÖØ-Þ.'-]+)*(?:, [A-Z][\w.]*(?: \d{1,2})?)?(?: \([^)]{1,30}\))?"
    r"|[A-Z][\w.]+ \([^)]{1,30}\))\s+(?:-{1,2}|[–—])\s+"
)
#: "was in fact born in …": emphasis the parser reads as a place.
_IN_FACT = re.compile(r"(?<=\s)(?:in fact|indeed|in truth|actually),?\s+|,\s*in fact,(?=\s)")
#: A company's statement about itself, attributed at the end: "The company now runs everything from its new Porto
#: headquarters, Tavira Foods said." The kind it opens with is the name that said it.
_SAID_BY = re.compile(
    r"^The (?:company|firm|group|bank|airline|studio|carmaker|retailer|startup|club|museum|festival) (?P<rest>[^,;]+?),"
    r" (?P<name>[A-Z][\w&.'-]*(?: [A-Z][\w&.'-]*){0,3}) (?:said|says|announced|confirmed)(?: on \w+)?(?=\.?$)"
)
#: ", previously given as Herat," — the old value named in passing, between commas.
_ASIDE_OF_OLD = re.compile(
    r",\s*(?:previously|formerly|once|long|originally|earlier) (?:given|listed|reported|thought|said|believed) (?:as|to be) [^,]{1,40},"
)
#: "We misreported Chiara Russo's education: her alma mater is …": the correction's pronoun is the name it opens with.
_CORRECTED = re.compile(
    r"^(?:We|I|The [\w ]+?|[A-Z][\w ]+?) (?:misreported|misstated|misattributed|mislabell?ed|got) "
    r"(?P<name>[A-Z][\w.'-]*(?: [A-Z][\w.'-]*)*?)(?:'s|') [a-z ]+?(?: wrong)?: (?:his|her|their|its) "
)
#: A label before the statement: "Correction: the capital of X is Y", "Update - I moved to Oslo".
_LABEL = re.compile(
    r"^(?:(?:a|an|one|quick|small|minor|important) )?(?:corrections?|updates?|clarifications?|edit|note|fyi|psa)\s*[:\-–—]\s*",
    re.I,
)
#: A quantifier floated after the copula: "my passwords are all in Bitwarden" says where they are.
_FLOATED_ALL = re.compile(r"(?:(?<=\bare)|(?<=\bis)) all(?= (?:in|on|at|with)\b)")


@functools.lru_cache(maxsize=8192)  # each sentence is read when the session is batched and again alone
def plain(sentence: str) -> str:
    """The sentence as the rules and the parser read it: straight quotes, no surrounding space, chat's
    lower-case "i" as "I", and a role noun's "'s" before a name read as "is" ("Home's Tallinn now")."""
    text = EMOJI.sub(", ", sentence.replace("’", "'").replace("‘", "'")).strip(" ,")
    text = _FRONTED_TIME.sub(r"\g<when>,", wholenames.chat_i(apostrophised(text)))
    text = _WORK_BY.sub(r"\g<verb> at ", text)
    text = _FLOATED_ALL.sub("", wholenames.plain(_LABEL.sub("", _DATELINE.sub("", tastes.unhedged(text)))))
    text = aboutme.introduced(text)  # "ICU nurse at St Mary's here", "I'm Ana, a pharmacist": "I am a …"
    text = statics.unreported(_ASIDE_OF_OLD.sub("", _IN_FACT.sub("", text)))  # "X's family said he died in …"
    text = _SAID_BY.sub(r"\g<name> \g<rest>", text)  # "The company now …, Tavira Foods said": the company is the one
    text = _CORRECTED.sub(lambda m: f"{m['name']}'s ", credits.restated(text))  # what a correction notice says is so
    return _ROLE_IS.sub(lambda m: m[0][:-3] + " is " if m["noun"].lower() in rolenouns.ROLE_NOUNS else m[0], text)
