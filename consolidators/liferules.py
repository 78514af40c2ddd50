"""The verb-phrase rules of life events: how people say they moved, took a job, studied, married or gave a tool up.

They join the general rule table (:mod:`consolidators.phrases`): each reads "<lemmatised head verb> <rest>" after
"I"/"we". A spec starting with ``@`` names a role the object fills (an attribute: one value at a time); the
words they share with the other chat readers (pets, employer kinds, "my") live in :mod:`consolidators.lifeevents`.
"""

from __future__ import annotations

from .lifeevents import DRINK, EMPLOYER_KINDS, GIVE_UP, MINE, PET_MODIFIERS, PET_WORDS, POSTS, PREFER

#: What people say they are doing when they study: "doing a master's", "doing my PhD".
_DEGREE = r"(?i:master's|masters|phd|ph\.d\.|doctorate|degree|bachelor's|bachelors|mba|msc|ma|ba|bsc)"
#: The groups of people an employer has that someone leads: "the platform team", "a squad of six".
#: ("group" is not one: "a reading group", "a support group" are people gathered for a pastime.)
_GROUPS = "team|teams|squad|department|desk|unit|division|lab|office|crew|practice|function"
#: Modifiers of a group that make it unpaid, a pastime's or a good cause's: "the volunteer team", "the book crew".
_UNPAID = (
    r"volunteers?|volunteering|reading|book|hobby|amateur|youth|church|parish|community|charity|fundraising|social"
    r"|running|walking|hiking|chess|quiz|choir|scout|scouts|outreach|neighbou?rhood|parents'?"
)
#: A name of one to three capitalised words ending in a word only a business's name ends in ("Fernhill Labs",
#: "Ostrava Bank"), or two names joined by "&" ("Dunmore & Pike"): an employer, never an app one gives up. A
#: school, a club or a product ("University", "FC", "Cloud") is none of them.
_NAME = r"[A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,2}"
_BUSINESS = (
    r"(?:Labs?|Inc|Corp|Corporation|Industries|Systems|Group|Ltd|Limited|Company|Co|Bank|Foundation|Studios?|Records"
    r"|Airlines|Motors|Technologies|Partners|Holdings|Media|Networks|Foods|Pharma|Ventures|Robotics|Energy|Analytics"
    r"|Logistics|Solutions|Electronics|Therapeutics|Insurance|Agency|Press|Publishing|Consulting|Associates|LLC|PLC"
    r"|GmbH|AG|Hospital|Clinic|Bakery)"
)

#: The specific life events, tried before the general tool rules.
#: (pattern over "<lemma> <rest>", predicate spec, confidence, the rule states a retraction)
LIFE_RULES: tuple[tuple[str, str, float, bool], ...] = (
    (r"(?:program|code|develop) (?:mostly |mainly |only )?in (?P<obj>.+)", "@programming language", 0.8, False),
    (rf"write {MINE} code (?:in|with|using) (?P<obj>.+)", "@editor", 0.8, False),
    (
        rf"(?:keep|take|write|store|jot down) (?:{MINE} )?notes (?:in|with|on|using) (?P<obj>.+)",
        "@notes app",
        0.8,
        False,
    ),
    (r"browse (?:the web |the internet )?(?:with|in|on|using) (?P<obj>.+)", "@browser", 0.8, False),
    (
        rf"(?:keep|manage|plan|run|organi[sz]e) (?:{MINE} |the )?(?:[a-z]+ )?(?:schedule|calendar|agenda|week|days)"
        r" (?:in|on|with|using) (?P<obj>[A-Z].*)",
        "@calendar app",
        0.8,
        False,
    ),
    (
        rf"(?:read|check|do) (?:{MINE} )?(?:e-?mails?|mail) (?:in|with|on|using) (?P<obj>.+)",
        "@email client",
        0.8,
        False,
    ),
    (
        rf"host (?:everything|it all|it|all of it|(?:{MINE}|the) (?:whole |entire )?\w+) (?:on|with) (?P<obj>.+)",
        "@cloud provider",
        0.8,
        False,
    ),
    (r"run (?P<obj>.+?) on (?:my|our) (?:laptop|computer|machine|desktop|pc|workstation)", "@os", 0.8, False),
    # "work as a welder in a shipyard", "work nights as an ICU nurse": the occupation, not where or when
    (
        r"work (?:(?:nights|days|shifts|full-time|part-time|remotely) )?as (?P<obj>.+?)(?: (?:at|in|for|with|on) .*)?",
        "works as",
        0.9,
        False,
    ),
    (r"work as (?:an? )?[a-z][\w -]*? (?:at|for) (?P<obj>(?:the )?[A-Z].*)", "works at", 0.8, False),
    (r"(?:make|earn) (?:a|my|our) living as (?:a |an )?(?P<obj>[a-z].+)", "works as", 0.8, False),
    (
        r"work (?:in|on) [a-z][\w -]*? (?:at|for) (?P<obj>(?:the )?[A-Z].*)",
        "works at",
        0.8,
        False,
    ),  # "in marketing at X"
    # "lead the platform team at X", "run the payments squad for X": whoever leads a group of an employer works there
    (
        rf"(?:lead|run|manage|head(?: up)?|oversee|supervise|coordinate) (?:the|a|an|{MINE})"
        rf" (?:(?!(?:{_UNPAID})\b)[\w-]+ ){{0,3}}?"
        rf"(?:{_GROUPS})(?: of [\w ]+?)? (?:at|for) (?P<obj>(?:the )?[A-Z].*)",
        "works at",
        0.8,
        False,
    ),
    (r"marry (?:my|a|an|the) [a-z][\w -]*?,? (?P<obj>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?)\b.*", "married to", 0.8, False),
    (r"marry (?P<obj>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?)(?: .*)?", "married to", 0.8, False),  # "I married Ingrid in May"
    (
        r"(?:get|buy|have|pick up) (?:a |an |my )?(?:new )?phone,? (?:it is )?(?:a |an |the )?(?P<obj>(?:[A-Z]|i[A-Z]).*)",
        "@phone",
        0.8,
        False,
    ),
    (r"get (?:hired|employed|taken on) (?:by|at) (?P<obj>[A-Z].*)", "works at", 0.8, False),
    (r"employ (?:by|at) (?P<obj>[A-Z].*)", "works at", 0.9, False),
    (
        rf"(?:adopt|get|have|own|bring home|rescue) (?:a|an) {PET_MODIFIERS}(?:{PET_WORDS}) (?:named|called) (?P<obj>[A-Z].*)",
        "has pet",
        0.9,
        False,
    ),
    (
        rf"do (?:a|an|my) {_DEGREE}(?: (?:degree|in [\w ]+))? at (?P<obj>(?:the )?[A-Z].*)",
        "studies at",
        0.8,
        False,
    ),
    (rf"do (?:a|an|my) {_DEGREE}(?: degree)? in (?P<obj>[a-z][\w ]*?)(?: at [A-Z].*)?", "studies", 0.8, False),
    (
        r"(?:take|attend|have|do) (?:my |our )?(?:[\w-]+ )?(?:classes|lectures|courses|seminars) at (?P<obj>(?:the )?[A-Z].*)",
        "studies at",
        0.8,
        False,
    ),
    (r"study at (?P<obj>(?:the )?[A-Z].*)", "studies at", 0.9, False),
    # "study at a small college called Ardmore": the school by the name its description gives
    (
        r"study at an? (?:[a-z-]+ ){0,2}(?:school|college|university|uni|academy|institute|conservatoire|polytechnic)"
        r" (?:called|named) (?P<obj>[A-Z].*)",
        "studies at",
        0.9,
        False,
    ),
    (r"enrol?l (?:at|in) (?P<obj>(?:the )?[A-Z].*)", "studies at", 0.8, False),  # "enrolled at Sciences Po"
    (r"study (?P<obj>[a-z][\w ]*?) at (?P<school>[A-Z].*)", "studies", 0.9, False),
    (r"study (?!(?:at|in|with|for|from|under|abroad|online|remotely)\b)(?P<obj>[a-z].*)", "studies", 0.9, False),
)

#: Rules only a person states about themself: where they live, work, what they drink.
PERSON_RULES: tuple[tuple[str, str, float, bool], ...] = (
    # "relocated the family to Aarhus": the household moves with the speaker
    (
        r"(?:move|relocate) (?:(?:the|my|our) (?:whole )?(?:family|kids|children|household) (?=(?:from .+? )?to [A-Z]))?"
        r"(?:back |home )?(?:from (?P<old>.+?) )?to (?P<obj>.+)",  # "moved back to Leeds" is a move there too
        "lives in",
        0.8,
        False,
    ),
    (r"(?:live|reside|base) in (?P<obj>.+)", "lives in", 0.9, False),
    (r"be from (?P<obj>.+)", "is from", 0.8, False),
    # "work at a place called brightmoor analytics": the name after the cue, in whatever case chat typed it
    (r"work (?:at|for) (?:a|an) (?:[\w-]+ ){1,3}(?:named|called) (?P<obj>[\w&.'-]+.*)", "works at", 0.9, False),
    (r"work (?:at|for) (?P<obj>.+)", "works at", 0.9, False),
    (rf"be at (?:a|an) (?:[\w-]+ )?(?:{EMPLOYER_KINDS}) (?:named|called) (?P<obj>[\w&.'-]+.*)", "works at", 0.8, False),
    (
        rf"(?:start|begin|get|take|accept|land) (?:a |my )?(?:new )?(?:{POSTS}) (?:at|with|for) (?P<obj>.+)",
        "works at",
        0.9,
        False,
    ),
    (r"(?:start|begin) (?:work |working )?(?:at|with|for) (?P<obj>[A-Z].*)", "works at", 0.8, False),
    (r"join (?P<obj>[A-Z].*)", "works at", 0.8, False),
    (r"(?:leave|quit) my (?:job|position|role) (?:at|with) (?P<obj>[A-Z].*)", "works at", 0.8, True),
    (r"leave (?P<obj>[A-Z].*)", "works at", 0.8, True),
    # "I quit Fernhill Labs", "quit Hale & Moss": a name shaped as a business is an employer, whatever the app lists say
    (rf"quit (?P<obj>{_NAME}(?: {_BUSINESS}| & {_NAME})\b.*)", "works at", 0.8, True),
    # "I quit Duolingo", "quit Slack for good": chat quits an employer as "my job at X", a bare name is an app
    (r"quit (?P<obj>[A-Z].*)", GIVE_UP, 0.8, True),
    (r"give up (?:on )?(?P<obj>.+)", GIVE_UP, 0.8, True),
    (r"(?:ditch|drop|dump|abandon|uninstall|delete) (?P<obj>[A-Z].*)", GIVE_UP, 0.8, True),
    (r"prefer (?P<obj>.+?)(?: (?:over|to|rather than) (?P<old>.+))?", PREFER, 0.9, False),
    (r"drink (?P<obj>.+)", DRINK, 0.7, False),
)
