"""Formal, indirect register said plainly: what a letter, a reminiscence or an obituary states in roundabout words.

Formal writing wraps a plain statement in the speaker's own framing ("I should perhaps mention that I live in
Harrogate now"), in comment clauses ("My favourite drink, as my family well knows, is Earl Grey"), in degree
words ("I very much enjoy …", "I am rather fond of …") and in inverted shapes ("Harrogate is where I live",
"The bookshop employs me", "Welsh is a language I speak"). Each rewrite here keeps the statement and drops only
the wrapping, so the readers find the shape they know and every phrasing keys the same fact.

Only wrappings that assert are dropped: a hedge ("I may perhaps join …"), a past ("I lived in Ludlow for thirty
years") or a report ("I am told that …") is left as it is, so the readers still refuse it. A blessing for the
dead ("my husband, God rest him, …", "… now sadly departed, …") says the person is gone: it becomes "late", which
the readers already read as a past relation.
"""

from __future__ import annotations

import re

from .text import UPPER

#: The speaker's framing of what follows as news they assert: "I should perhaps mention that", "I must say",
#: "I am pleased to report that", "You may like to know that". A modal of saying, not one of the statement.
_FRAMING = re.compile(
    r"^(?:(?:I|We) (?:should|must|may|might|can|could|ought to|would like to|wish to|want to) (?:perhaps |just |also "
    r"|briefly |first )?(?:mention|say|add|tell you|point out|note|let you know|report|explain)"
    r"|(?:I|We) (?:am|are) (?:very |most |so )?(?:pleased|happy|glad|delighted|proud|relieved) to (?:say|report|tell you"
    r"|announce|let you know)"
    r"|You (?:may|might|will) (?:be (?:interested|pleased|glad|happy) to (?:know|hear|learn)|(?:like|wish|want) to know)"
    r"|(?:I|We) (?:must|should|have to) (?:confess|admit)"
    # a reminder of something said before: "I believe I mentioned that", "I think I told you that"
    r"|(?:I|We) (?:believe|think|fancy) (?:I|we) (?:have )?(?:mentioned|told you|said|wrote))"
    r"(?:,? (?:too|also))?(?: that)?,? (?=\S)"
)
#: A comment clause set off by commas inside a statement: ", as my family well knows,", ", I must say,",
#: ", for what it is worth,". It comments on the statement around it and asserts nothing of its own.
_COMMENT = re.compile(
    r", (?:as (?:you|my [\w-]+|our [\w-]+|everyone|everybody|the family|most people|all my [\w-]+)"
    r" (?:(?:well|probably|may|might|will|already|doubtless|no doubt) )*(?:know|knows|remember|remembers|recall"
    r"|are aware|is aware)"
    r"|I (?:must|should|may|might) (?:say|add|admit|confess)|I (?:confess|admit)|if I may say so|as it happens"
    r"|I am (?:pleased|happy|glad|proud|delighted) to say|for what it is worth|I dare say),(?= )"
)
#: A blessing or an aside that says someone named by a relation has died: "my husband, God rest him, …", "my wife
#: Eileen, now sadly departed, …". The relation is over: "my late husband" says it as the readers know it.
_GONE = re.compile(
    rf"\b(?P<own>[Mm]y|[Oo]ur) (?P<who>[a-z-]+(?: [{UPPER}][\w'-]+)?),? (?:God rest (?:him|her|his soul|her soul)"
    r"|(?:may )?(?:he|she) rest in peace|rest (?:his|her) soul|(?:now )?(?:sadly )?(?:departed|deceased|passed on"
    r"|no longer with us)),"
)
#: Degree words between the speaker and a verb of liking: "I very much enjoy", "I have always enjoyed".
_LIKING_DEGREE = re.compile(
    r"\b(?P<who>I|we) (?P<have>have )?(?:(?:very much|much|greatly|thoroughly|truly|dearly|always|long|really rather"
    r"|rather|do so|particularly|especially) )+(?P<verb>enjoy|enjoyed|like|liked|love|loved|relish|relished)\b"
)
#: Fondness said as a state, or as one reached: "I am rather fond of crossword puzzles", "we have always been fond
#: of walking", "I have grown fond of bridge".
_FOND = re.compile(
    r"\b(?P<who>I|we) (?:am|are|have (?:always |long )?been|have (?:become|grown)) (?:(?:very|rather|quite|awfully|terribly|extremely"
    r"|exceedingly|most|really|so|particularly|especially|inordinately) )?fond of (?=\S)"
)
_NAME = rf"(?:[Tt]he )?[{UPPER}][\w'&.-]*(?: (?:of |and |on |upon |de )?[{UPPER}][\w'&.-]*)*"
#: A place said first and the speaker's state after "where": "Harrogate is where I have made my home".
_WHERE = re.compile(
    rf"^(?P<place>{_NAME}) is where (?P<who>I|we) (?P<vp>(?:(?:now|still|currently) )?(?:(?:have|has) )?"
    r"(?:live|reside|made (?:my|our) home|make (?:my|our) home|work|study))\b(?P<tail>.*)$"
)
#: An employer as the subject: "The Ripon Cathedral Bookshop employs me part-time".
_EMPLOYS = re.compile(rf"^(?P<org>{_NAME}) (?:now |still |currently )?employs (?P<who>me|us)\b(?P<tail>.*)$")
#: What the speaker does with a thing said of the thing: "Welsh is a language I speak fluently".
_A_KIND_I = re.compile(
    rf"^(?P<thing>{_NAME}) is (?:a|an|one|the) (?:[a-z-]+ )?(?:language|tongue) (?:that |which )?"
    r"(?P<who>I|we) (?P<adv>(?:(?:also|still|now|actually) )*)(?P<verb>speak)\b(?P<tail>.*)$"
)
#: "My occupation remains that of a piano tuner": the role said through "that of".
_THAT_OF = re.compile(r"\b(?:is|remains) that of (?=(?:a|an) )")
#: Finding that one likes something says the liking: "at my age I find I like gardening more than ever".
_FIND = re.compile(r"\b(?P<who>I|we) (?:now |still )?find(?: that)? (?=(?P=who) )")
#: A relative clause of the speaker's present home or workplace after a place the main clause names in passing:
#: "we bought a cottage in Ludlow, where I still live", "I took a post at the Corn Exchange, where I still work". A
#: past ("where I lived"), someone else ("where my son lives") or a late spouse ("where my late wife and I lived") is
#: no match.
_WHERE_STILL = re.compile(
    rf"\b(?P<prep>in|at) (?P<place>{_NAME})(?P<when>,? (?:(?:in|since) (?:19|20)\d\d|(?:[a-z-]+ ){{1,2}}ago))?, where "
    r"(?P<who>I|we|my (?:wife|husband) and I) (?P<adv>(?:(?:still|now|currently|happily) )*)"
    r"(?P<verb>live|reside|have lived|have made (?:my|our) home|work|have worked)\b"
)
#: How often or how long one works, beside the verb or after the employer: "I work three mornings a week at the
#: museum", "I still work part-time at the abbey", "I work at the Corn Exchange two days a week". The employment is
#: the fact; the hours are neither an employer nor part of its name.
_HOURS = (
    r"(?:(?:(?:one|two|three|four|five|six|\d+|a few|several) (?:days?|mornings?|afternoons?|evenings?|nights?|hours?"
    r"|shifts?|half-days?)|once|twice) (?:a|per|each|every) (?:week|month|fortnight)|part-time|part time|full-time)"
)
_WORK_HOURS = re.compile(rf"\b(?P<verb>work|works|working)(?:,? {_HOURS})+,? (?=(?:at|for|as) )")
_HOURS_AFTER = re.compile(rf"\b(?P<head>(?:work|works|working) (?:at|for) {_NAME}),? {_HOURS}\b")
#: A spouse named first and described after: "Gwen, my wife of forty years, sends her regards" says "my wife Gwen".
#: "My late wife" is no match: a spouse who has died stays unread.
_NAMED_SPOUSE = re.compile(
    rf"\b(?P<name>(?!(?:Dear|Hello|Hi|Thanks)\b)[{UPPER}][\w'-]+(?: [{UPPER}][\w'-]+)?), (?P<own>[Mm]y|[Oo]ur) (?P<rel>wife|husband)(?: of [^,]{{1,30}})?,"
)
#: A move said by why or how far it went: "we have downsized to a bungalow in Harrogate", "I retired to Tenby". A
#: dwelling before the town says where in the town ("moved into a care home in Skipton"): the town is the home.
_DWELLING = (
    r"(?:cottage|house|flat|bungalow|apartment|farmhouse|home|place|cabin|maisonette|villa|townhouse|care home"
    r"|nursing home|retirement flat|barn conversion)"
)
_RESETTLED = re.compile(
    rf"\b(?P<verb>moved|moving|relocated|downsized|downsizing|retired) (?:to|into) (?:(?:an? |the |our |my |his |her "
    rf"|their )(?:[\w-]+ ){{0,3}}?{_DWELLING}(?: (?:near|by|on|beside|overlooking) the [a-z-]+)? (?:in|at) )?(?=[{UPPER}][\w'-]*\b(?! (?:Hall|House|Lodge|Court|Manor)\b))"
)
_AS_MOVED = {"downsized": "moved", "retired": "moved", "downsizing": "moving"}


def plainly(text: str) -> str:
    """``text`` with its formal wrapping dropped (see the module's docstring); any other text unchanged."""
    said = _FRAMING.sub("", text.strip())
    said = said[:1].upper() + said[1:] if said != text.strip() else said
    said = _GONE.sub(lambda m: f"{m['own']} late {m['who']}", said)
    said = _COMMENT.sub("", said)
    said = _LIKING_DEGREE.sub(lambda m: f"{m['who']} {m['have'] or ''}{m['verb']}", said)
    said = _FOND.sub(lambda m: f"{m['who']} like ", said)
    said = _THAT_OF.sub("is ", said)
    said = _FIND.sub("", said)
    return _inverted(_hours(_resettled(_relatives(said))))


def _hours(text: str) -> str:
    """``text`` without how often the speaker works (see :data:`_HOURS`)."""
    return _HOURS_AFTER.sub(r"\g<head>", _WORK_HOURS.sub(r"\g<verb> ", text))


def _resettled(text: str) -> str:
    """A move by downsizing or retiring said as a move, to the town rather than the dwelling in it."""
    return _RESETTLED.sub(lambda m: f"{_AS_MOVED.get(m['verb'], m['verb'])} to ", text)


def _relatives(text: str) -> str:
    """A present home or workplace said in a relative clause, said as a clause of its own; a spouse named first, after."""
    m = _WHERE_STILL.search(text)
    if m and (m["prep"] == "at") == m["verb"].endswith(("work", "worked")):
        said = (
            f"{m['prep']} {m['place']}{m['when'] or ''}, and {m['who']} {m['adv']}{m['verb']} {m['prep']} {m['place']}"
        )
        text = text[: m.start()] + said + text[m.end() :]
    m = _NAMED_SPOUSE.search(text)
    if m and not re.search(r"\b(?:Dear|Hello|Hi|Thank you|Thanks)\b", text[: m.start()]):
        own = _cap(m["own"]) if m.start() == 0 else m["own"].lower()
        text = f"{text[: m.start()]}{own} {m['rel']} {m['name']}{text[m.end() :]}"
    return text


def _inverted(text: str) -> str:
    """A place, an employer or a language said first, said after the speaker's verb instead."""
    m = _WHERE.match(text)
    if m:
        prep = "at" if m["vp"].split()[-1] in ("work", "study") else "in"
        return f"{_cap(m['who'])} {m['vp']} {prep} {m['place']}{m['tail']}"
    m = _EMPLOYS.match(text)
    if m:
        org = re.sub(r"^The ", "the ", m["org"])
        return f"{'I' if m['who'] == 'me' else 'We'} work at {org}{m['tail']}"
    m = _A_KIND_I.match(text)
    if m:
        return f"{_cap(m['who'])} {m['adv']}{m['verb']} {m['thing']}{m['tail']}"
    return text


def _cap(who: str) -> str:
    return who[:1].upper() + who[1:]
