"""Third-person changes said with verbs that don't name the relation, read by what moved and where it went.

"Hannah Okafor has moved from the BBC to Channel 4", "The Meridian Observatory moved to Kaldenfurt", "Rivet
Robotics now calls Boston home", "Haruto Sato, now at Nintendo, leads …", "Shreya Pillai now represents Mumbai
Indians": the verb ("moved", "joined", "now at", "represents", "emigrated", "settled", "calls … home",
"reopened in", "rebuilt in") says a party changed, not which relation. A :class:`Change` holds the subject,
the new value, the value left (or ""), and the relations it may be, decided in this order:

- by what the subject is: a site (museum, collection, statue) is ``located in`` its new place, a company
  ``headquartered in`` it; only a person lives, works or plays somewhere;
- for a person, by the sentence's evidence about the party and the move: a sport's words or a club's shape
  make it ``plays for``; an organisation's shape (an acronym, a company's word, a number, "the publishing house
  X", "Wipro's cloud division") or a job's words ``works at``; a home's words ``lives in``;
- by memory, where the sentence shows none: the change is *open* and lists the relations memory may choose
  (``extractive._as_known`` does, by the party left and the relations the subject is known for). An open change
  with no default ("now represents X" of someone not known to play) states nothing without memory.

Precision first: a rumour, a plan, a hedge, a denial or a past move yields nothing, and takes the other readers'
reading of the same move with it; the party left is never current.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace

from . import changeframes, moves
from .places import DEMONYMS
from .regexgate import compiled
from .residents import OTHER_PERSON as _OTHER_PERSON
from .spans import NAMED_SITES, ORG_NOUNS, ORG_WORDS, make_fact
from .text import UPPER as _UP
from .text import is_word
from .types import Fact
from .wholenames import job_title, unsubordinated

#: Nouns that make a subject a site, which is located somewhere and moves as a whole: a building, a collection, a
#: venue and what is held at one ("The Aurora Jazz Festival has moved to Lausanne": no one lives there).
_SITES = NAMED_SITES | frozenset(
    "collection statue pavilion memorial fountain aquarium archive archives planetarium garden gardens"
    " museo musée museu exhibition festival club centre center venue hall fair biennale"
    " café cafe restaurant bistro brasserie bakery bookshop bookstore boutique trattoria".split()  # a venue moves too
)
#: A site's noun said in lower case after its name ("The Kilimanjaro Summit conference centre"): the name is the
#: subject, the noun says what it is.
_SITE_NOUN = rf"(?P<noun> (?:[a-z]+ )?(?:{'|'.join(sorted(_SITES))}))?"
_WORD = rf"[{_UP}][\w.&+'-]*(?<!'s)"
_JOINER = r"(?:of(?: the)?|de|del|da|do|dos|di|du|la|le|van|von|am|&|\+|\d+)"
_NAME = rf"{_WORD}(?: (?:{_JOINER} )*{_WORD}| \d+)*"
#: The subject: a name, after a title or a position ("Winger Daniel Kiprotich"), before an aside (", 34,").
#: Before it, a scene ("Born in Lagos, ") and a description in lower-case words ("Opening batter").
#: A title may name the party left ("Former Continental engineer X", "Ex-Bayern goalkeeper X"), and so may an
#: aside (", formerly of Stripe,"): the old value, which keeps the change no past one.
_SUBJECT = (
    rf"^(?:[A-Z][a-z]+ (?:in|at|from|by|after) [^,]{{1,40}}, )?"
    rf"(?:(?:(?:[Ff]ormer |[Ee]x-)(?:the )?(?P<was>{_NAME}) |[Tt]he |[A-Z][a-z-]+ )?(?P<lead>(?:(?!{_JOINER} )[a-z-]+ ){{1,2}}))?"
    rf"(?:[Tt]he )?(?P<s>{_NAME}){_SITE_NOUN}(?P<aside>, (?:(?:formerly|previously) (?:of|with|at) (?:the )?(?P<was2>{_NAME})"
    rf"|(?:a |an |the |who |aged )?[^,;]{{1,60}}),)?"
)
#: Not the party left ("joined them from A": the party is who "them" is, A the one left), nor one after a pronoun.
_VALUE = (
    rf"(?!(?:from|after|before) )(?:the )?"
    rf"(?:(?:(?!(?:from|after|before|them|him|her|it|us|me)\b)[a-z-]+ ){{1,2}}?(?=[{_UP}]))?(?P<v>{_NAME})"
)
_COMPASS = r"(?:(?:north|south)(?:-?(?:east|west))?|east|west)(?:wards?|ward)?"
_HAS = (
    r" (?:has |have |had )?(?:now |since |recently |finally |just |officially |also |quietly |later )*"
    rf"(?:(?:left|quit|departed) (?:the )?(?P<a2>{_NAME})(?: in \d{{4}})? and (?:has |have )?(?:now |since )?)?"
)

#: The cue families, each a frame with the subject ``s``, the new value ``v`` and the party left ``a``.
_FRAMES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (cue, compiled(pattern))
    for cue, pattern in (
        # "X has moved from A to B", "X moved to B", "X has relocated to B", "X has switched to B"
        (
            "move",
            rf"{_SUBJECT}{_HAS}(?:(?:moved|relocated)(?: (?:his|her|their) (?:family|household|life|base))?"
            rf"|made (?:the|a|his|her|their) move)(?: again)?(?:,? this time,?)?(?: back| home)?"
            rf"(?: from (?:the )?(?P<a>{_NAME}))? to {_VALUE}",
        ),
        # "X, who moved from A to B in June, covers …": the move said in passing
        (
            "move",
            rf"^(?:[Tt]he )?(?P<s>{_NAME}), (?:\d+, )?who (?:recently |has |had )?(?:moved|switched)"
            rf"(?: from (?:the )?(?P<a>{_NAME}))? to {_VALUE}",
        ),
        ("switch", rf"{_SUBJECT}{_HAS}(?:switched|transferred)(?: from (?:the )?(?P<a>{_NAME}))? to {_VALUE}"),
        # "X moved across Santiago to B": a move within a place is no new home: a club or a firm, as memory knows
        ("switch", rf"{_SUBJECT}{_HAS}moved across (?:the )?[^,;]{{1,30}}? to {_VALUE}"),
        ("home", rf"{_SUBJECT}{_HAS}(?:emigrated|returned home) to {_VALUE}"),
        # "X moved south to B", "X relocated abroad to B": a direction is travelled to a place, not to a club
        ("home", rf"{_SUBJECT}{_HAS}(?:moved|relocated)(?: back)? (?:{_COMPASS}|abroad|overseas) to {_VALUE}"),
        ("home", rf"{_SUBJECT}{_HAS}(?:settled|resettled)(?: back| down)? in {_VALUE}"),
        ("home", rf"{_SUBJECT}{_HAS}(?:calls|has made|made) (?P<v>{_NAME}) (?:(?:his|her|their|its) )?home\b"),
        ("home", rf"{_SUBJECT}(?:'s|') home is (?:now |these days )?in {_VALUE}"),
        ("home", rf"{_SUBJECT},? (?:is |are )?now (?:settled|living|resident) in {_VALUE}"),
        # "X is now based in Busan": a person's home or a company's seat, as memory knows the subject
        ("based", rf"{_SUBJECT},? (?:is |are )?now based in {_VALUE}"),
        (
            "home",
            rf"^(?:[Tt]he )?(?P<s>{_NAME}), (?:\d+, )?who (?:has |had )?(?:now |since |recently )*(?:re)?settled in {_VALUE}",
        ),
        (
            "home",
            rf"^(?:[Tt]he )?(?P<s>{_NAME}), (?:\d+, )?who (?:has |had )?(?:now |since |recently )*"
            rf"(?:made|calls) (?P<v>{_NAME}) (?:his|her|their|its) home",
        ),
        # "X quit The Fjords to join Nightjar", "X left Google to join Zoho": the party left names the relation
        ("join", rf"{_SUBJECT}{_HAS}(?:quit|left) (?:the )?(?P<a>{_NAME}) to (?:join|rejoin) {_VALUE}"),
        # "X has swapped London for Accra", "X traded Equinor for Aker", "X left Rosenborg for Brann": which
        # relation, the party left tells
        (
            "swap",
            rf"{_SUBJECT}{_HAS}(?:swapped|traded|exchanged|ditched|left|quit) (?:the )?(?P<a>{_NAME}) for {_VALUE}",
        ),
        (
            "swap",
            rf"^(?:[Tt]he )?(?P<s>{_NAME}), (?:\d+, )?who (?:has |had )?(?:swapped|traded|exchanged) (?:the )?(?P<a>{_NAME}) for {_VALUE}",
        ),
        # "Rocket Lab lost Tom Keller to Blue Origin": the subject is the party left
        ("lost", rf"^(?:[Tt]he )?(?P<a>{_NAME}) (?:has |have )?lost (?:[a-z-]+ ){{0,2}}(?P<s>{_NAME}) to {_VALUE}"),
        # "X has taken up a chair at ETH Zurich", "X took up a post with the WHO": a job by its noun
        (
            "work",
            rf"{_SUBJECT}{_HAS}(?:taken(?: up)?|took(?: up)?|accepted|started|landed"
            rf"|(?:traded|swapped|exchanged|left|quit) [^,;]{{1,40}}? for)"
            rf" (?:a|an|the) (?:[\w-]+ ){{0,2}}?"
            rf"(?:chair|post|job|role|position|professorship|fellowship) (?:at|with) {_VALUE}",
        ),
        # "X has joined the publishing house B", "X, 34, who joined the Bolt design team"
        ("join", rf"{_SUBJECT}{_HAS}(?:joined|rejoined) {_VALUE}(?: from (?:the )?(?P<a>{_NAME}))?"),
        ("join", rf"^(?:[Tt]he )?(?P<s>{_NAME}), (?:\d+, )?who (?:recently |has )?joined {_VALUE}"),
        # "X is now at B", "X, now at B, leads …", "X is now with B"
        ("at", rf"{_SUBJECT} is now (?:at|with) {_VALUE}"),
        ("at", rf"{_SUBJECT}, now (?:at|with) {_VALUE}"),
        # "X now keeps goal for Y", "X, formerly of A, now works at Y": a team's or an employer's own verb, now
        (
            "play",
            rf"{_SUBJECT}{_HAS}(?:keeps goal|turns out|lines up|suits up|is back playing|(?:switched|changed) (?:clubs|teams|sides) and "
            rf"(?:now )?plays|plays (?:his|her|their) (?:club )?(?:football|cricket|rugby|hockey|basketball)) for {_VALUE}",
        ),
        # "X has worn Boca Juniors' number 10 shirt since 2022", "X now wears the Ajax jersey": a club's kit
        (
            "play",
            rf"{_SUBJECT}{_HAS}(?:has worn|wears|is wearing) (?:the )?(?P<v>{_NAME})(?:'s|')? (?:[\w-]+ ){{0,3}}?"
            r"(?:shirt|jersey|kit|colours|colors)\b",
        ),
        ("work", rf"{_SUBJECT} (?:now |has since |since )(?:works|teaches|lectures) (?:at|for) {_VALUE}"),
        ("represent", rf"{_SUBJECT}{_HAS}represents {_VALUE}"),
        # "X left Infosys and now works for Wipro's cloud division": the employer, not its division's possessive
        ("work", rf"{_SUBJECT}{_HAS}(?:works|is working) (?:at|for) {_VALUE}(?='s? (?:[\w-]+ ){{0,2}}[a-z]+\b)"),
        # a site's own moves: "X has reopened in B", "X was dismantled and rebuilt in B", "X now stands in B"
        (
            "site",
            rf"{_SUBJECT}(?: has| was| is| were)? (?:(?:been |now |since )?(?:dismantled|taken down|closed)"
            rf"(?: and| before being)? )?(?:reopened|rebuilt|re-erected|reassembled|re-?installed|moved|relocated)"
            rf"(?: back)?(?: from (?:the )?(?P<a>{_NAME}))? (?:in|to) {_VALUE}",
        ),
        # where a venue or a building is now kept: "X is now held in B", "X now operates out of B"
        (
            "site",
            rf"{_SUBJECT}(?: is| are| has been)? (?:now |since )?(?:(?:held|housed|staged|based) in|takes place in"
            rf"|operates (?:out of|from)|stands in) {_VALUE}",
        ),
        # "B is the new home of X": the place said first
        (
            "home",
            rf"^(?:[Tt]he )?(?P<v>{_NAME}) is (?:now )?(?:the )?new home (?:of|for) (?:the )?(?P<s>{_NAME}){_SITE_NOUN}",
        ),
    )
)
_CUE = re.compile(
    r"\b(?:moved|relocated|switched|transferred|emigrated|returned home|settled|resettled|home|joined|rejoined"
    r"|now (?:at|with)|represents|works|working|swapped|traded|exchanged|ditched|lost|quit|left|taken|took"
    r"|accepted|started|landed|reopened|rebuilt|re-erected|reassembled|re-?installed|move|goal|turns out|lines up"
    r"|suits up|worn|wears|wearing|teaches|lectures|now settled|now living|plays|back playing|held|housed|staged|based|takes place|operates|stands)\b"
)

#: A company's words less a site's (a museum is no company) and those a place or a team bears too.
_COMPANY = ORG_WORDS - _SITES - {w.capitalize() for w in _SITES} - {"City", "United", "Club", "FC", "Park", "Union"}
#: Descriptions before a party's name: an employer's ("the publishing house Norstedts"), a team's ("Saudi side").
_EMPLOYER_NOUNS = (ORG_NOUNS - {"team", "club", "side", "outfit"}) | frozenset(
    "house firm lab institute university hospital ministry newspaper broadcaster consultancy".split()
)
_TEAM_NOUNS = frozenset("team club side outfit franchise".split())
#: A unit of an organisation after its possessive: "Wipro's cloud division", "Google's Nairobi office".
_UNIT = re.compile(r"'?s? (?:[\w-]+ ){0,2}(?:division|unit|arm|office|branch|team|lab|labs|department|subsidiary)\b")
#: Membership, not a job: a band, a party, a body one joins (left to the readers of ``member of``).
_MEMBERSHIP = re.compile(
    r"\b(?:[Pp]arty|[Ll]eague|[Aa]lliance|[Mm]ovement|[Ss]ociety|[Aa]ssociation|[Uu]nion|[Cc]ouncil|[Bb]oard"
    r"|[Cc]ommittee|[Cc]ommission|[Cc]ommonwealth|[Cc]oalition|[Cc]aucus|[Cc]ongregation|Orchestra|Philharmonic"
    r"|Ensemble|Choir|Chorus|Quartet|Quintet|Trio|Band|Collective|Academy)\b"
)
#: A move's terms that only a sport's transfers have: "on a three-year deal", "for an undisclosed fee".
_SPORT_TERMS = re.compile(
    r"\bon (?:a|an) (?:[\w-]+ ){0,2}(?:deal|contract)\b|\bundisclosed fee\b|\bfree transfer\b|\bon loan\b"
    r"|\b(?:wicket-?keeper|batter|bowler|cricketer|footballer|athlete|coach|season|seasons)\b",
    re.I,
)
#: What keeps a change from being current: a past or narrated move, one only visited or once held.
_PAST = re.compile(
    r"\b(?:previously|formerly|once|later|visited|used to|as a (?:child|boy|girl|teenager|student)"
    r"|at the age of|aged \d+|when (?:he|she|they) was"
    # an age the move was made at: "moved to London at sixteen"
    r"|at (?:\d{1,2}|(?:eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty"
    r"|forty|fifty|sixty)(?:-\w+)?)(?=[,.;]|$| (?:and|but|with|to|for|after|before|when|in|from)\b))",
    re.I,
)
_COUNTRIES = frozenset(DEMONYMS.values())
#: A person named first, then again by a pronoun in a later clause that tells the change: "Daniel Okoye's last day at
#: Shell was in May; he is now with Siemens", "X's loan at A has ended and he is back playing for B". Not when
#: someone else is named between (a relative, a colleague).
_AGAIN = re.compile(
    rf"^(?:[Tt]he )?(?P<s>{_NAME})(?:'s|') (?P<between>[^;:]{{1,80}}?)(?:[;:]|,? and) (?:and )?(?:he|she) (?=(?:is|has|now)\b)"
)


@dataclass(frozen=True)
class Change:
    """A change read from one sentence: who or what changed, the new value and the one left (or "").

    ``relations``: the relation the sentence shows first ("" when it shows none), then those memory may choose
    instead; ``open``: the sentence shows no evidence, so memory may decide; ``sure``: no hedge or past state.
    """

    subject: str
    value: str
    left: str
    relations: tuple[str, ...]
    open: bool
    sure: bool
    rest: str = ""  # the sentence after the new value, where a nearer value may be said outright


@functools.lru_cache(maxsize=8192)  # read with the sentence, and again when memory settles an open change
def read(text: str) -> Change | None:
    """The change ``text`` (plain, contractions expanded) tells of, or None."""
    if not _CUE.search(text):
        return _by_noun(text)
    again = _AGAIN.match(text)
    if again and not _OTHER_PERSON.search(again["between"]):  # "X's last day at Shell was in May; he is now …"
        change = read(again["s"] + " " + text[again.end() :])
        return change and replace(change, sure=change.sure and not moves._UNSURE.search(again["between"]))
    report = moves._REPORT.match(text)
    told = text[report.end() :] if report else text
    for cue, frame in _FRAMES:
        m = frame.search(told)
        if m is None:
            continue
        noun = m.groupdict().get("noun") or ""  # "the X conference centre": a site, whatever its name
        named = m["s"].rstrip(".,")
        # a site's first word is no job ("Copper Lane Stadium"): only a person's name has a title before it
        subject, title = (named, "") if _kind_of_subject(named + noun) == "site" else _untitled(named)
        lead = (m.groupdict().get("lead") or "").split()
        title = title or (lead[-1] if lead and _SPORT_TERMS.fullmatch(lead[-1]) else "")
        unit = _UNIT.match(told, m.end("v"))  # "Wipro's cloud division": the employer is Wipro
        value = m["v"].rstrip(".,'")
        groups = m.groupdict()
        left = (
            (groups.get("a") or groups.get("a2") or groups.get("was") or groups.get("was2") or "").strip().rstrip(".,'")
        )
        if not subject or not value or value.lower() in (subject.lower(), left.lower()):
            continue
        upto = len(text) - len(told) + m.end()
        said = text.replace(m["aside"], ",") if groups.get("was2") else text  # "formerly of A" names the party left
        sure = not (moves._UNSURE.search(text, 0, upto) or moves._UNDONE.search(text) or _PAST.search(said))
        change = Change(subject, value, left, (), False, sure, told[m.end("v") :])
        relations = _relations(cue, change, text, title=title, unit=unit is not None, noun=noun)
        if relations is not None:
            return replace(change, relations=relations[0], open=relations[1])
    return _by_noun(text)


def _by_noun(text: str) -> Change | None:
    """A move said by its noun ("completed a move to Astana"): its frame from the parse, its relation as a verb's."""
    moved = changeframes.moved(text)
    if moved is None:
        return None
    change = Change(moved.subject, moved.value, moved.left, (), False, True)
    relations = _relations(moved.cue, change, text, title="", unit=False)
    return None if relations is None else replace(change, relations=relations[0], open=relations[1])


def _untitled(name: str) -> tuple[str, str]:
    """The name without an honorific or a job before it ("Winger Daniel Kiprotich", "Economist Jonas Weber"), and
    that job ("" if none)."""
    words = unsubordinated(name).split()
    if len(words) > 2 and words[0].lower().rstrip(".") in ("dr", "prof", "mr", "mrs", "ms", "sir", "dame"):
        words = words[1:]
    lead = words[0].lower()
    if len(words) > 2 and (moves._SPORT.fullmatch(lead) or _SPORT_TERMS.fullmatch(lead) or job_title(words[0])):
        return " ".join(words[1:]), words[0].lower()
    return " ".join(words), ""


def _surname(name: str) -> bool:
    """One capitalised word that is no English word ("Brandt", not "Parliament") nor an acronym ("CI")."""
    return " " not in name and name[:1].isupper() and name[1:].islower() and len(name) > 2 and not is_word(name)


def _kind_of_subject(subject: str) -> str:
    words = subject.split()
    if "I" in words or subject.split("-")[-1].startswith("wise"):  # "Browser-wise I moved …": the user's
        return ""
    lowered = {w.lower() for w in words}
    if lowered & _SITES:
        return "site"
    if set(words) & _COMPANY:
        return "company"
    return "person" if len(words) > 1 else ""


def _relations(
    cue: str, change: Change, text: str, *, title: str, unit: bool, noun: str = ""
) -> tuple[tuple[str, ...], bool] | None:
    """(relations, open) for the change, or None when it is none of this module's."""
    kind = _kind_of_subject(change.subject + noun)
    value, left = change.value, change.left
    if kind == "site":  # a site moves to a place: nothing else can be joined or represented by it
        return (("located in",), False) if cue in ("move", "home", "site", "based") else None
    if kind == "company":
        return (("headquartered in",), False) if cue in ("move", "home", "based") and not _org_shaped(value) else None
    opens = unsubordinated(text).startswith(change.subject + " ")  # "When Brandt relocated …" opens with Brandt
    if kind == "" and cue in ("move", "home") and _surname(change.subject) and opens:
        # "Brandt relocated to Hamburg": a person named by surname as the sentence's subject (made whole by the
        # session's names), not a friend named in passing ("my friend Jonas just moved to Vienna")
        kind = "person"
    if kind != "person" or cue == "site":
        return None
    if cue == "home":
        return ("lives in",), False
    if cue == "based":  # a name of two words may be a firm's ("Vela Cosmetics"): a seat, unless memory knows a home
        return ("headquartered in", "lives in"), True
    if cue == "work":
        return ("works at",), False
    if cue == "play":  # a country's shirt is worn for a national side, no club ("has worn the Peru shirt")
        return (("plays for",), False) if value not in _COUNTRIES else None
    if cue == "join" and left and not (moves._BAND.search(text.lower()) or _MEMBERSHIP.search(value)):
        cue = "swap"  # "quit The Fjords to join Nightjar": a band or a firm, as the one left was
    if cue == "join" and (moves._BAND.search(text.lower()) or _MEMBERSHIP.search(value)):
        return None  # a band, a party: ``member of``, the other readers' to read
    if cue == "represent" and value in _COUNTRIES:
        return None  # a country one represents is no team one plays for
    if cue == "move" and _PURPOSE_ELSEWHERE.match(change.rest):
        return ("lives in",), False  # "moved to Calgary to coach at a new academy": the work is at another name
    if moves.held_post(change.rest):  # "joined Halder FC as head coach": a post there, no place on the team
        return ("works at",), False
    sport_title = bool(title) and bool(moves._SPORT.fullmatch(title) or _SPORT_TERMS.fullmatch(title))
    club = moves.club_shaped(value) or moves.club_shaped(left)
    if sport_title or club or moves._SPORT.search(text) or _SPORT_TERMS.search(text):
        return ("plays for",), False
    if unit or _employer(value, text) or (left and _org_shaped(left)):
        return ("works at",), False
    if _acronym(value) or _acronym(left):  # "the IMF", "PSV": an employer, unless memory knows a player
        return ("works at", "plays for"), True
    # a home's words before a job's: "Illustrator X has relocated to Fukuoka", "… to Vienna, where she now works"
    if cue in ("move", "swap") and (
        moves._HOME.search(text) or moves.FOR_A_JOB.search(text) or value in _COUNTRIES or left in _COUNTRIES
    ):
        return ("lives in",), False
    if title or moves._JOB.search(text) and not _JOB_ELSEWHERE.search(change.rest):
        return ("works at",), False
    # the sentence shows none: a default, then what memory may choose instead (``extractive._as_known``)
    defaults = {
        "move": ("lives in", "plays for"),  # a person who moved somewhere unnamed as a club moved house
        "switch": ("", "plays for", "works at"),  # "has switched to Slavia Prague": a club or a firm, never a home
        "join": ("member of" if re.search(rf"\bthe {re.escape(value)}", text) else "works at", "plays for", "works at"),
        "at": ("works at", "plays for"),
        "represent": ("", "plays for"),  # a client or a team: a team only if memory knows a player
        "swap": ("", "lives in", "works at", "plays for", "member of"),  # the party left tells which
        "lost": ("", "works at", "plays for"),
    }
    return defaults[cue], True


#: A purpose after the value that names its own workplace: the value moved to is a home ("moved to Calgary to
#: coach at a new academy", "relocated to Geneva to work for the WHO").
_PURPOSE_ELSEWHERE = re.compile(r"(?: in \d{4})?,? (?:in order )?to [a-z]+ (?:at|for|with|near|closer to) ")
#: A job after the value that names its own workplace: the value moved to is no employer ("moved to Berlin,
#: though he keeps his post at the Goethe-Institut", "relocated to Leeds but still works for Arup").
_JOB_ELSEWHERE = re.compile(r"\b(?:post|job|role|position|works?|working|employed) (?:at|with|for|by) (?:the )?[A-Z]")
#: Acronyms that name a place, not an organisation: "moved to the US" is a new home.
_PLACE_ACRONYMS = frozenset("US USA UK UAE EU DRC PRC NYC LA DC".split())


def _org_shaped(name: str) -> bool:
    """An organisation by its shape: a company's word, a number ("Channel 4"); an acronym only where it is a
    company's too ("BBC Studios"), since a club's may be one ("PSV")."""
    return any(w.isdigit() or w in _COMPANY or w in ("&", "+") for w in name.split())


def _acronym(name: str) -> bool:
    """A name that is an acronym ("BBC", "ADNOC", "the IMF"), not a place's ("the UK")."""
    return any(len(w) > 1 and w.isupper() and w.isalpha() and w not in _PLACE_ACRONYMS for w in name.split())


def _employer(value: str, text: str) -> bool:
    """The party is an employer by its shape or by the description before it ("the publishing house X")."""
    if _org_shaped(value):
        return True
    described = re.search(rf"\b(?:the |a |an )?((?:[a-z-]+ ){{1,2}}){re.escape(value)}\b", text)
    nouns = described[1].split() if described else []
    if nouns and nouns[-1] in _TEAM_NOUNS:
        return False
    return bool(nouns) and nouns[-1] in _EMPLOYER_NOUNS


def facts(change: Change | None, relation: str = "") -> list[Fact]:
    """The fact a change states: under ``relation``, else its default relation, to the new value (none when it
    is unsure or has no relation)."""
    if change is None or not change.sure or not (relation or change.relations[0]):
        return []
    return make_fact(change.subject, relation or change.relations[0], change.value, single=True)


#: Relations another reader may have given a change of this kind: the party as a home, an employer, a club.
_PERSONAL = frozenset({"lives in", "works at", "plays for", "member of"})
_READINGS = _PERSONAL | {"located in", "headquartered in", "visited"}


def merged(found: list[Fact], change: Change | None) -> list[Fact]:
    """``found`` with the change's fact in place of other readings of the same change (the party as the wrong
    relation, the party left, a time read as the new seat); an unsure change leaves none of them."""
    if change is None:
        return found
    subject = change.subject.lower()
    parties = {change.value.lower(), change.left.lower()}
    mine = facts(change)
    relation = change.relations[0]

    def _party(obj: str) -> bool:  # the party, or the start of its name another reader cut ("Real" Zaragoza)
        return any(p and (obj == p or p.startswith(obj + " ")) for p in parties)

    def _theirs(f: Fact) -> bool:
        if not (f.subject.lower() == subject or subject.endswith(f.subject.lower())):
            return False
        if f.predicate not in _READINGS:  # a party read as a tool or a currency ("switched to Real Zaragoza")
            return f.predicate in ("uses", "currency") and _party(f.object.lower())
        return _party(f.object.lower()) or f.predicate == relation or not f.object[:1].isupper()

    theirs = [f for f in found if _theirs(f)]
    nearer = [f for f in theirs if f.predicate == relation and not _party(f.object.lower()) and f.object in change.rest]
    if relation in _PERSONAL and nearer:
        return found  # "emigrated to Canada and is living in Vancouver", "swapped Mexico City for Seville and now
        # keeps goal for Real Betis": the value said outright is the nearer one
    # the sentence showed this module nothing: another reader's evidence ("joined X as an economist") stands, and
    # memory still settles it (``extractive._as_known``)
    same = [f for f in theirs if f.object.lower() == change.value.lower() and f.predicate in _PERSONAL]
    if change.open and change.sure:  # theirs, if it is one of the relations the change may be
        mine = [f for f in same if f.predicate in change.relations][:1] or mine
    elif relation == "works at" and any(f.predicate == "plays for" for f in same):
        mine = [f for f in same if f.predicate == "plays for"][:1]  # a team by a sport's evidence, not an acronym
    return [f for f in found if not _theirs(f)] + mine  # "now represents X": memory alone may state it
