"""People who move between teams, employers and homes, read by the structure of the move.

A move names up to three parties: the person, the party they leave and the party they reach ("Wolfsburg
have snapped up Mia Kessler from Bayern", "Kerry Group's Marcus Byrne has defected to Glanbia", "PSV let
Henrik Vos go and he now turns out for Twente"). Whichever verb carries it, the party reached is the
current value and the party left is never emitted: supersession retires it. Which relation the move is
(``plays for``, ``works at``, ``lives in``) is decided by evidence in the sentence (player, transfer, loan,
club; appointment, works, a job at; moved back, home), never by knowing the names. A move the sentence
only rumours, plans, denies or puts in the past yields nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .lifeevents import is_occupation
from .spans import ORG_WORDS, make_fact
from .text import PLANS, doubts
from .text import UPPER as _UP
from .toolnames import roles_of
from .types import Fact

#: A name's word: capitalised, an apostrophe inside it ("O'Neill") but not a possessive "'s".
_WORD = rf"[{_UP}][\w&.+-]*(?:'(?!s\b)\w+)*"
_NAME = rf"(?:[Tt]he )?{_WORD}(?: (?:{_WORD}|\d+|of|de|del|da|&|\+))*"
#: A person is named by two or more capitalised words ("Mia Kessler", "Diego Paredes"); a lower-case word
#: or two before the name are their position ("signed striker Ana Lima", "signed free agent Ana Lima").
_PLAYER = r"player|striker|forward|midfielder|defender|goalkeeper|keeper|winger"
#: A player's country or nationality before their post ("South Korean forward X", "New Zealand captain X"): it
#: describes the person, it names neither the person nor the club.
_NATIONALITY = rf"(?:(?:[{_UP}][\w-]+ ){{1,2}}(?=(?:[a-z-]+ )?(?:{_PLAYER}|captain|international) [{_UP}]))?"
_POSITION = rf"{_NATIONALITY}(?:(?!(?:for|with|to|from|on|in|at|by|as|up)\b)[a-z-]+ ){{0,2}}"
_PERSON = rf"(?P<p>[{_UP}][\w.-]*(?:'(?!s\b)\w+)*(?: [{_UP}][\w.-]*(?:'(?!s\b)\w+)*)+)"
#: An occupation before "at": lower-case words, or a title's letters other than the offices ("CTO", not "CEO").
_JOB_WORDS = r"(?:(?:[a-z-]+|(?!CEO\b)[A-Z]{2,4}) ){1,3}"
#: A phrase that sets the scene before the person: "After eleven years at Ericsson, engineer Pedro Alves …".
_LEAD = r"^(?:(?:After|Following|Having spent) [^,]{1,60}, )?(?:[a-z-]+ )?"
_BEEN = r"(?:has been|have been|was|is|were) "
_HAS = r"(?:(?:have|has|had) )?(?:(?:now|officially|finally|already|just) )?"
#: An aside between the person and the verb: ", who speaks Spanish and Catalan,", ", a Moroccan international,",
#: or the age news gives after a name (", 27,").
_ASIDE = r"(?:, (?:(?:who|an?|the) [^;]{1,80}?|\d{1,2}),)?"
#: Words between a preposition and the party it names: "from arch-rivals River Plate", "for rival Tirlán".
_EPITHET = (
    r"(?!(?:from|after|before) )(?:(?:the |their |his |her )?(?:[a-z-]+ ){0,2}?)"  # "joined from A" names the left
)


def _to(group: str) -> str:
    return rf"(?P<{group}>{_NAME})"


#: Verbs by who acts. A club that takes the person in is the party reached; one that lets them go is the one
#: left; a person who joins, moves or is transferred acts themselves.
_TAKE = r"signed|snapped up|landed|recruited|brought in|poached|hired|lured|captured|picked up|swooped for|taken on|took on|bought"
_LET_GO = r"sold|loaned(?: out)?|offloaded|released|shipped|cashed in on|let|parted (?:company|ways) with"
_JOIN = (
    r"joined|signed for|signed with|defected to|switched to|transferred to|jumped ship to|crossed (?:over )?to"
    r"|completed (?:a|his|her|their) (?:move|switch|transfer) (?:from [^,;]+? )?to|made the (?:move|switch) to|headed to"
    r"|(?:went|gone|moved) on loan to|is off to|put pen to paper (?:with|for)"
    r"|signed (?:a|an) (?:[\w-]+ ){0,2}(?:contract|deal) (?:with|at)"
)
#: What a verb (or the move's noun) alone shows: a person signed or snapped up moves in a sport; one hired,
#: poached or who defected, in a job; one sold, if the sentence calls them "he" or "she", in a sport; one who
#: moved, home or job by the sentence's words. Other verbs need the sentence's word: a company is landed too, a
#: city is left for another, and a band or a body is joined ("joined the IMF" is ``member of``, left alone here).
_KINDS = (
    ("sport", rf"signed|signed for|snapped up|swooped for|cashed in on|signing|capture|play|{_PLAYER}"),
    (
        "job",
        r"hired|hiring|poached|recruited|defected to|jumped ship to|(?:having|after) \w+|departure|exit|appointment|joining",
    ),
    ("sale", rf"{_LET_GO}|transferred|traded|bought"),
    ("move", r"moved|relocated|lives|resides|has settled|settled"),
)


@dataclass(frozen=True)
class Move:
    """A move read from one sentence: the person, the party reached, the party left (or "")."""

    person: str
    to: str
    left: str
    kind: str  # what the verb alone shows (:data:`_KINDS`): "sport", "job", "sale", "move" or ""
    sure: bool = True


#: "plays for the Amsterdam club", "plays for the French champions": a name before a noun describes the party, it
#: does not name it; a name ends at punctuation or before a word that opens what follows ("in", "since", "now").
_NOT_EPITHET = (
    r"\b(?! (?!(?:in|on|at|since|until|for|from|and|but|where|who|which|after|before|now|this|last|next|as|with"
    r"|under|again|today|permanently|too)\b)[a-z])"
)
_FRAMES = (
    # "Boca Juniors have signed Diego Paredes from arch-rivals River Plate"
    re.compile(rf"^{_to('dst')} {_HAS}(?P<v>{_TAKE}) {_POSITION}{_PERSON}(?: from {_EPITHET}{_to('src')})?"),
    # "Feyenoord sold Kaito Hayashi to Brighton", "PSV let Henrik Vos go on a free transfer"
    re.compile(
        rf"^{_to('src')} {_HAS}(?P<v>{_LET_GO}) {_POSITION}{_PERSON}(?: go)?(?:,? (?:to|on loan to) {_EPITHET}{_to('dst')})?"
    ),
    # "Mia Kessler has been snapped up by Wolfsburg", "Kaito Hayashi was sold by Feyenoord to Brighton"
    re.compile(rf"^{_PERSON} {_BEEN}(?P<v>{_TAKE}) by {_EPITHET}{_to('dst')}(?: from {_EPITHET}{_to('src')})?"),
    re.compile(
        rf"^{_PERSON} {_BEEN}(?:then |later |since )?(?P<v>{_LET_GO}|transferred|traded)(?: on)?(?: by {_EPITHET}{_to('src')})?"
        rf"(?: on)? to {_EPITHET}{_to('dst')}"
    ),
    # "Kerry Group's Marcus Byrne has defected to Glanbia", "Luca Bianchi has joined Genoa", "Lucía Moreno, who
    # speaks Spanish, signed for Fenerbahçe"; "Hull City keeper Ana Ruiz has completed her move to …": the club
    # before the player's position is the one left
    re.compile(
        rf"^(?:{_to('src')}(?:(?:'s|') (?:[a-z-]+ )?| (?:{_PLAYER}) ))?{_PERSON}{_ASIDE} {_HAS}(?P<v>{_JOIN}) "
        rf"{_EPITHET}{_to('dst')}"
        rf"(?: from {_EPITHET}{_to('src2')})?"
    ),
    # "Aoife Kelly left Halden Foods for rival Tirlán", "Henrik Vos has swapped AZ Alkmaar for PSV", "X left the IMF
    # in March for a post at the AfDB"
    re.compile(
        rf"^{_PERSON} {_HAS}(?P<v>left|quit|swapped|exchanged|traded|ditched) {_to('src')}(?: in [A-Z][a-z]+| in \d{{4}})?"
        rf" for (?:a (?:[a-z-]+ )?(?P<job>post|job|role|position) (?:at|with) )?{_EPITHET}{_to('dst')}"
    ),
    # "Before joining Reuters, X spent six years at the BBC": the party joined is where X is now
    re.compile(rf"^Before (?P<v>joining) {_to('dst')}, {_POSITION}{_PERSON} (?:had )?(?:spent|worked|was)\b"),
    # "Now at Benfica after a move from Grêmio, the forward X …"
    re.compile(
        rf"^Now (?:at|with) {_to('dst')} after (?:a|an|his|her) (?:[\w€£$.-]+ )?(?P<v>move|transfer|switch|loan) from "
        rf"{_to('src')}, (?:the )?(?:(?P<pos>(?i:{_PLAYER})) )?{_PERSON}"
    ),
    # "Kaito Yamamoto has returned to Japan to play for Yokohama F. Marinos": the move's purpose names the team
    re.compile(
        rf"^{_PERSON} {_HAS}(?:returned|moved|gone|went|headed|relocated) (?:back |home )?(?:to [^,;]+? )?"
        rf"to (?P<v>play) for {_EPITHET}{_to('dst')}{_NOT_EPITHET}"
    ),
    # "Ilias Benali has returned to Feyenoord, the club where he started": a return, to a club by the evidence
    re.compile(rf"^{_PERSON} {_HAS}(?P<v>returned to|rejoined|re-signed for|re-signed with) {_EPITHET}{_to('dst')}"),
    # "Bjarke Holt has moved back from Shanghai to Copenhagen"
    re.compile(
        rf"^{_PERSON} {_HAS}(?P<v>moved|relocated|switched|transferred)(?P<back> back| home)? from {_to('src')} to "
        rf"{_EPITHET}{_to('dst')}"
    ),
    # "Sara Lindholm is Chelsea's new number one after her transfer from Hammarby"
    re.compile(
        rf"^{_PERSON} is (?:now )?{_to('dst')}(?:'s|') (?P<v>new|latest|newest) (?:[a-z-]+ ){{0,2}}?(?:[a-z-]+|one)\b"
    ),
    # "Benfica is Mateo Salas's new club after an €18m transfer from River Plate": the party reached said first
    re.compile(
        rf"^{_to('dst')} is (?:now )?{_PERSON}(?:'s|') (?P<v>new|latest|newest) (?:[a-z-]+ ){{0,1}}(?:club|team|side)\b"
    ),
    # "Lars Petersen's departure; he is now a correspondent at the BBC": the party reached comes later; a loan
    # made permanent ("X's loan move from A to B is now permanent") names the party reached outright
    re.compile(
        rf"^{_PERSON}(?:'s|') (?:loan )?(?P<v>departure|exit|move|switch|transfer)\b"
        rf"(?: from {_to('src')} to {_to('dst')} (?:is|has been made) (?:now )?permanent\b)?"
    ),
    # "Braga have made Tiago Araújo's loan permanent": the club that held the player on loan keeps them
    re.compile(
        rf"^{_to('dst')} {_HAS}(?:made|turned) {_PERSON}(?:'s|') (?P<v>loan)(?: (?:deal|move|spell|stay))? permanent\b"
    ),
    # "Mainz confirmed the signing of Jonas Keller from Freiburg": the move named by its noun
    re.compile(
        rf"^{_to('dst')} {_HAS}(?:confirmed|announced|completed) the (?:[^ ]+ )?(?P<v>signing|capture|appointment|hiring|arrival) of "
        rf"{_POSITION}{_PERSON}(?: from {_EPITHET}{_to('src')})?"
    ),
    # "Grab has moved Mei Lin Zhao to Jakarta, where she now lives"
    re.compile(rf"^{_to('src')} {_HAS}(?P<v>moved|relocated) {_POSITION}{_PERSON} to {_to('dst')}"),
    # "After eleven years at Ericsson, engineer Pedro Alves has moved to Nokia"
    re.compile(rf"{_LEAD}{_PERSON} {_HAS}(?P<v>moved|relocated) to {_EPITHET}{_to('dst')}"),
    # "Ayşe Demir is now at Trendyol, having quit Getir"
    re.compile(
        rf"^{_PERSON} is now (?:at|with) {_to('dst')},? (?P<v>(?:having|after) (?:left|quit|leaving|quitting)) {_to('src')}"
    ),
    # "Forward Ivan Horvat has left Dinamo Zagreb, the club confirmed": a departure that names no party reached
    re.compile(
        rf"^(?:(?P<pos>(?i:{_PLAYER}|captain|full-back|centre-back)) )?{_PERSON} {_HAS}(?P<v>left|quit|departed) "
        rf"{_to('src')}(?=[,.;]|$| by mutual consent| after| at the end)"
    ),
    # "Noor Al-Sayed lives in Amman now": where the person lives, said as the state the move left
    re.compile(rf"^{_PERSON}(?:, [^,]{{1,60}},)? (?:now )?(?P<v>lives|resides|has settled|settled) in {_to('dst')}"),
    # "Tomás Ruiz is now a columnist at El País", "Freya Nilsson is now a Chelsea Women player"
    re.compile(rf"^{_PERSON} is now (?:an? |the )(?P<job>{_JOB_WORDS})(?:at|with|for) {_to('dst')}"),
    re.compile(rf"^{_PERSON} is now an? {_to('dst')} (?P<v>{_PLAYER})\b"),
)
#: A later clause that names the party reached outright: "who is now a Marseille player", "he now turns out for
#: Twente", "he is now a correspondent at the BBC", "where she now works". The group "job" marks a job.
_NOW = (
    re.compile(rf"\bnow (?:an? )?{_to('dst')} (?:{_PLAYER})\b"),
    re.compile(
        rf"\b(?:now )?(?:turns out|plays|lines up|suits up|features|keeps goal) (?:regularly )?for {_EPITHET}{_to('dst')}{_NOT_EPITHET}"
    ),
    re.compile(rf"\b(?:is|are) now (?:an? |the )(?P<job>{_JOB_WORDS})(?:at|with|for) {_to('dst')}"),
    re.compile(rf"\bnow (?P<job>works|worked) (?:at|for) {_to('dst')}"),
)
#: "joined the Tokyo band Neon Sirens", "joined Saudi side Al Nassr": a name, a noun, then the party's own name.
#: A subordinator opens another clause, whose name is no part of the move ("moved to Oslo when Statoil …").
_NAMED_AFTER = re.compile(
    r" (?:(?!(?:from|in|on|at|for|to|and|but|as|with|after|before|until|since|by|the|a|an|of|who|where|which"
    r"|when|whenever|while|whilst|because|once|although|though|if|unless|so|then|whose|whom|that|whereas)\b)"
    rf"[a-z-]+ ){{1,2}}{_to('named')}"
)
_LEFT_FROM = re.compile(rf"\b(?:from|leaving|quitting|left|departing) {_EPITHET}{_to('src')}")
_SPORT = re.compile(
    rf"\b(?:(?i:{_PLAYER})|full-back|centre-back|captain|number one"
    r"|transfer|(?i:loan)\w*|clubs?|squad|fee|signing|trained|training|unveiled|debut|football|kit|shirt|fans|plays for"
    r"|league|derby|goals?|scored|teammates|matches|starter|deadline day|clean sheet|rugby|basketball|hockey)\b"
    r"|\b(?:left|joined|quit)\b.*[€£]\s?\d"  # a price paid when a person moves is a transfer fee
    # playing, not playing a part: "where she now plays", "now plays in the Top 14" (not "played a key role")
    r"|\b(?:plays|played|playing)\b(?! (?:a|an|the|his|her|their|its|host|down|up|out)\b)"
    r"|\bsigned (?:a|an) (?:[\w-]+ ){0,2}(?:contract|deal)\b"  # a person who signs a contract with a club
    r"|\b(?:keeps|kept|keeping) goal\b|\brepresent (?:them|it|the (?:club|side|team|franchise))\b"  # a team's player
)
#: What makes the party a band (or an orchestra) and the person its member: "as a charango player", "drummer".
_BAND = re.compile(
    r"\b(?:band|orchestra|ensemble|choir|quartet|quintet|collective|drummer|guitarist|bassist|singer|vocalist"
    r"|frontman|frontwoman|keyboardist|pianist|violinist|cellist|fiddler|percussionist|saxophonist|trumpeter"
    r"|(?:bass|guitar|drums|keys|keyboards?|piano|violin|fiddle|cello|saxophone|trumpet|charango|flute|harp"
    r"|accordion|banjo|mandolin) player)\b"
)
#: What a band does and a firm does not, in lower case ("the Tour de France" is a race): tours, records, a solo
#: career left for.
STAGE = re.compile(r"\b(?:tour|tours|toured|touring|album|albums|solo career|setlist|gigs)\b")
_JOB = re.compile(
    r"\b(?:works?|appointment|appointed|hired|job|employer|employee|staff|payroll|role|post|position)\b"
    r"|\b(?:years|decade) at\b"
)
#: The words of a company's name (:data:`spans.ORG_WORDS`), less those a team's or a place's name has too.
_EMPLOYER_WORDS = ORG_WORDS - {"FC", "United", "City", "Club", "Park", "Tower", "Bridge", "Union", "Academy"}
#: The words a sports club's name is built of ("Real Madrid", "Arsenal Women", "Bristol Rovers", "AC Milan"): a
#: club's shape, which no company's or city's name has. "City" and "United" are left out: companies bear them. The
#: Nordic clubs' letters ("Molde FK", "Rosenborg BK", "Malmö FF", "Elfsborg IF") are no company's suffix there.
_CLUB_WORDS = frozenset(
    "FC CF SC AC AFC SV Athletic Atlético Athletico Rovers Wanderers Hotspur Albion Sporting Olympique Borussia"
    " Dynamo Dinamo Rangers Club FK BK IF IK SK FF".split()
)
#: A club's word that comes first ("Real Madrid", "Inter Miami", "AS Monaco", "SS Lazio", "VfB Stuttgart"); "AS" and
#: "SA" end a company's name ("Nordlys Energi AS"), so they count first only.
CLUB_FIRST = frozenset({"Real", "Inter", "AS", "SS", "VfB", "VfL", "RC", "UD", "SD"})


def club_shaped(name: str) -> bool:
    """Whether ``name`` has a sports club's shape: a club's word, "Real …", or a team's "… Women"."""
    words = name.split()
    return len(words) > 1 and (
        bool(_CLUB_WORDS.intersection(words))
        or words[0] in CLUB_FIRST
        or words[-1] == "Women"
        and not any(w.isupper() for w in words)  # "UN Women" is an agency
    )


#: A company's words less a body's: one who joins an orchestra or a society is its member (left to other readers).
_FIRM_WORDS = _EMPLOYER_WORDS - {"Orchestra", "Society", "Association", "Council", "Collective", "Academy", "Trust"}
_PERSONAL = re.compile(r"\b(?:he|she|him|his|her)\b", re.I)
_HOME = re.compile(r"\b(?:moved back|moved home|relocated|emigrated|settled|lives|resides|house|flat|apartment)\b")
#: A job as the reason for a move: "moved to Manchester after taking the BBC job", "moved to Chennai for the new
#: role". The job is somewhere else (or unnamed); the place moved to is the new home.
FOR_A_JOB = re.compile(
    r"\b(?:for|after (?:taking|accepting|landing|starting|getting)|to (?:take(?: up)?|start|begin)) (?:a|an|the|his|her|their)"
    r" (?:[\w-]+ ){0,2}(?:job|role|post|position|appointment|posting)\b"
)
#: What keeps a move from being a fact: a rumour, a plan, a denial or a past state said before the move or in
#: it ("If Lazio sell …"; "… who will lead its AI unit" after it is the new job's future, not a doubt) …
_UNSURE = doubts(
    rf"{PLANS}|denied|denies|deny|poised|linked|interest|talks|bid|close to|consider|used to", question=False
)
#: … and a question, or an end of the spell or of the deal, anywhere.
_UNDONE = re.compile(r"\?|\b(?:ended|expired|recalled|cut short|failed|collapsed|fell through|called off)\b", re.I)
_CUE = re.compile(
    rf"\b(?:{_TAKE}|{_LET_GO}|{_JOIN}|left|quit|swapped|exchanged|moved|relocated|new|latest|newest|departure|exit|move"
    r"|switch|transfer|signing|capture|appointment|hiring|joining|is now|to play for|lives|resides|settled|off to|pen to paper"
    r"|returned|rejoined|re-signed|permanent)\b"
)


#: What the move is told after: a scene ("In a move that stunned Lisbon, "), a label ("Medical done: ") or a report
#: ("In a statement, the club confirmed that …"). Its words stay evidence; a hedge in them still counts.
_REPORT = re.compile(
    r"^(?:[A-Z][^:,]{0,30}: )?(?:(?:In|After|Following|On) [^,]{1,40}, )?"
    r"(?:(?:[Tt]he |[A-Z][\w-]* ){1,3}(?:[a-z]+ ){0,2}(?:confirmed|announced|said|revealed) that )?"
)


def read(text: str) -> Move | None:
    """The move ``text`` tells of, or None; ``sure`` is False when it is only rumoured, denied or asked."""
    if not _CUE.search(text):
        return None
    text = _said_whole(text)
    told = _told(text)
    for frame in _FRAMES:
        m = frame.search(told)
        # "signed Globex Corp": a company, no person; "So I quit Accenture": the user, read by the user's readers
        if m is None or _EMPLOYER_WORDS.intersection(m["p"].split()) or "I" in m["p"].split():
            continue
        groups = m.groupdict()
        left = groups.get("src") or groups.get("src2") or ""
        dst = groups.get("dst") or ""
        named = _NAMED_AFTER.match(told, m.end("dst")) if dst and m.start("dst") > 0 else None
        dst = named["named"] if named else dst
        kind = "job" if groups.get("job") else next((k for k, verbs in _KINDS if re.fullmatch(verbs, m["v"])), "")
        kind = "sport" if groups.get("pos") else kind  # "Midfielder Luca Bianchi has left …": a player
        # "signed former agent X as a scout": a role before the name, or a post after it, other than a place on a
        # team is a job, whatever "signed" shows
        before = told[m.end("v") : m.start("p")] if groups.get("v") and m.end("v") <= m.start("p") else ""
        if _staff(before, told[m.end("p") :]):
            kind = "job"
        # a later clause names the party reached, except after a new home: "moved to Vienna, where she now works
        # for Swiss Re" names her employer, not her home
        later = _later_party(told[m.end() :]) if kind != "move" else None
        dst = later or dst
        if not left and later is None:
            src = _LEFT_FROM.search(told, m.end())
            left = src["src"] if src else ""
        if not dst and "pos" not in groups:  # "Lars Petersen's departure" and nothing after it names where he went
            continue
        sure = not _UNSURE.search(text, 0, len(text) - len(told) + m.end()) and not _UNDONE.search(text)
        words = m["p"].split()  # "Midfielder Youssef Amrani has completed his move …": a position, then the name
        if len(words) > 2 and re.fullmatch(_PLAYER, words[0].lower()):
            words, kind = words[1:], kind or "sport"
        return Move(_bare(" ".join(words)), _bare(dst), _bare(left), kind, sure)
    return None


#: A move told in the clause after "but": "Marseille made the deal permanent, but Lucas Moreau was then sold on to …".
_BUT = re.compile(r"[,;] but (?:then |later )?(?=[A-Z])")


def _told(text: str) -> str:
    """``text`` from where the move is told: after a report or a scene, or in the clause after "but" when no frame
    reads the sentence from its start (a hedge before it still counts: ``read`` searches the whole text)."""
    report = _REPORT.match(text)
    told = text[report.end() :] if report else text
    but = _BUT.search(told)
    if but and not any(frame.search(told) for frame in _FRAMES):
        return told[but.end() :]
    return told


#: A party that reports its own move: "Zeiss confirmed it has hired X" is "Zeiss has hired X".
_ITS_OWN = re.compile(
    rf"^(?P<c>{_NAME}) (?:has |have )?(?:confirmed|announced|said|says|revealed) (?:that )?(?:it|they) "
    rf"(?=(?:has |have |had )?(?:just |now |officially )?(?:{_TAKE})\b)"
)
#: A person the sentence opens with, and the clause after it that names them again by a pronoun: "Rui Tavares is
#: back in Portugal: Porto signed him from Sevilla".
_AGAIN = re.compile(rf"^{_PERSON} [^:;]{{1,60}}[:;] (?P<rest>[^:;]*\b(?:him|her)\b[^:;]*)$")
#: A party that reports who joined it: "Arsenal Women confirmed on Friday that X has joined them from Y" is "X has
#: joined Arsenal Women from Y" (the pronoun is the reporting party, the "from" party the one left).
_JOINED_US = re.compile(
    rf"^(?P<c>{_NAME}) (?:has |have )?(?:confirmed|announced|said|revealed)(?: on [A-Z][a-z]+| today)? (?:that )?"
    rf"(?P<mover>{_PERSON} {_HAS}(?:joined|signed for|signed with)) (?:them|it|us)\b"
)


_OBJECT_PRONOUN = re.compile(
    r"\b(?:him|her)\b(?=[,.;]|$| (?:from|to|for|on|in|at|as|after|before|with|until|last|this)\b)"
)


def _said_whole(told: str) -> str:
    """``told`` with its mover named where a frame looks for them: the party for its "it", the person for the
    later clause's "him" or "her"."""
    own = _ITS_OWN.match(told)
    if own:
        return own["c"] + " " + told[own.end() :]
    joined = _JOINED_US.match(told)
    if joined:
        return f"{joined['mover']} {joined['c']}{told[joined.end() :]}"
    again = _AGAIN.match(told)
    # the object pronoun only, not a possessive "her": "signed her sister" is someone else
    if (
        again
        and len(re.findall(r"\b(?:him|her|his|he|she)\b", again["rest"])) == 1
        and _OBJECT_PRONOUN.search(again["rest"])
    ):
        return _OBJECT_PRONOUN.sub(again["p"], again["rest"])
    return told


def _later_party(rest: str) -> str | None:
    for pattern in _NOW:
        m = pattern.search(rest)
        if m is not None:
            return m["dst"]
    return None


def _bare(name: str) -> str:
    return re.sub(r"^[Tt]he ", "", name).rstrip(".,")


def relation(move: Move, text: str) -> str | None:
    """Which relation the move changes, by the sentence's evidence; None when it shows none."""
    if move.kind == "move":  # "relocated to Singapore for the new role" is a new home; "moved from Access Bank to
        # Flutterwave" names companies, so an employer; "moved to Spain to play for …" says nothing of the team here
        if _HOME.search(text) or FOR_A_JOB.search(text) and not _EMPLOYER_WORDS.intersection(move.to.split()):
            return "lives in"
        return "works at" if {*move.to.split(), *move.left.split()} & _EMPLOYER_WORDS or _JOB.search(text) else None
    # "joined Los Kjarkas as a charango player", "Drummer X has joined Y" (never a firm: "Pianist X joined Z Bank")
    if _BAND.search(text.lower()) and not move.left and not _FIRM_WORDS.intersection(move.to.split()):
        return "member of"
    if held_post(text[text.find(move.to) + len(move.to) :] if move.to else ""):
        return "works at"  # "joined Halder Club as head coach": a post at a club, not a place on its team
    job = bool(_JOB.search(text) or _NOW[2].search(text))
    if job and not re.search(r"\b(?:player|striker|goalkeeper|transfer|loan)\b", text):
        return "works at"
    if move.kind == "sport" or _SPORT.search(text) or club_shaped(move.to) or club_shaped(move.left):
        return "plays for"
    # "quit Northern Static after the spring tour", "left X to pursue a solo career": a band's life, not a job's
    if STAGE.search(text) and not _FIRM_WORDS.intersection(f"{move.to} {move.left}".split()):
        return "member of"
    if move.kind == "sale":  # a company is sold too: only one spoken of as "he" or "she" is a player
        return "plays for" if _PERSONAL.search(text) else None
    # "Sela Obi has joined Foster + Partners": a party named as a company is an employer
    return "works at" if move.kind == "job" or _FIRM_WORDS.intersection(move.to.split()) else None


#: The post a move's party is joined in: "… as head coach", "… as its new CTO".
_AS_POST = re.compile(
    r"^,? as (?:an? |the |its |their |his |her )?(?:new |interim |permanent )?(?P<post>(?:[\w-]+ ){0,2}[\w-]+)"
)


def _staff(before: str, after: str) -> bool:
    """Whether the words before a moved person's name ("former agent") or the post after it ("as a scout") name
    an occupation other than a place on a team."""
    from .teams import POSITION  # teams reads moves: a late import  # noqa: PLC0415

    role = " ".join(w for w in before.split() if w.lower() not in ("former", "ex", "new", "veteran", "experienced"))
    team = re.compile(rf"\b(?:{_PLAYER}|{POSITION})\b", re.I)
    return bool(role) and is_occupation(role) and not team.search(role) or held_post(after)


def held_post(rest: str) -> bool:
    """Whether what follows a move's party names the post held there, an occupation other than a place on a
    team ("as head coach", "as CTO"; not "as a striker" or "as captain")."""
    m = _AS_POST.match(rest)
    post = m["post"] if m else ""
    from .teams import POSITION  # teams reads moves: a late import  # noqa: PLC0415

    # any sport's position is a place on a team, not a post ("as a point guard", "as shortstop")
    return bool(post) and is_occupation(post) and not re.search(rf"\b(?:{_PLAYER}|{POSITION})\b", post, re.I)


def facts(move: Move | None, text: str) -> list[Fact]:
    """The fact a move in ``text`` states: the person and the party reached, under the relation it changes."""
    if move is None or not move.sure or move.to.lower() in (move.person.lower(), move.left.lower()):
        return []
    predicate = relation(move, text)
    if not predicate:
        return []
    if not move.to:  # a departure alone: the person no longer holds the relation to the party left
        return [replace(f, retract=True) for f in make_fact(move.person, predicate, move.left, single=True)]
    return make_fact(move.person, predicate, move.to, single=predicate != "member of", multi=predicate == "member of")


_SHIFTED = frozenset({"plays for", "works at", "lives in", "owned by", "member of", "uses"})
#: Relations an aside states beside a move of another relation: a home, a band ("who lives in Madrid").
_ASIDES = frozenset({"lives in", "member of"})


def overrule(found: list[Fact], move: Move | None, moved: list[Fact]) -> list[Fact]:
    """``found`` with the move's facts in place of what other readers made of the same person's move (a
    "works at" for a club, an "owned by" for a sale, the party left as current); a move only rumoured,
    denied or asked leaves none of theirs either ("Dinamo sold Petar Kos to Rijeka, but the deal collapsed")."""
    if move is None:
        return found
    person = move.person.lower()  # "Economist Farah Qureshi": the other readers drop the title

    def _theirs(f: Fact) -> bool:  # "Forward Ivan Horvat", "Ben" of "Lior Ben-David": a reader that cut the name
        subject = f.subject.lower()
        return person.endswith(subject) or subject.endswith(" " + person) or subject in re.split(r"[ -]", person)

    if move.sure and not moved:  # a move of unknown relation: a party moved between is no tool ("swapped
        # Barcelona for Chelsea"), and one who joins or leaves is owned by no one (a company is sold, and owned)
        return [f for f in found if not (_theirs(f) and _misread(f, move))]
    # "Lucía Moreno, who speaks Spanish, …, signed for Fenerbahçe" read as Spanish's club: a piece of the sentence
    pieces = {(f.predicate, f.object) for f in moved}
    found = [f for f in found if not (" " not in f.subject and (f.predicate, f.object) in pieces)]
    shifted = {f.predicate for f in moved}
    return [f for f in found if not (_theirs(f) and _replaced(f, move, shifted))] + moved


def _replaced(f: Fact, move: Move, shifted: set[str]) -> bool:
    """Whether the move's fact replaces ``f``: a reading of the move's parties under any relation a move shifts
    (a club as an employer), or another value of the relation the move shifts; a relation said in passing stays
    ("Lucía Moreno, who lives in Madrid, signed for …"; "a member of Plavi Orkestar, lives in Belgrade")."""
    parties = (move.to.lower(), move.left.lower())
    if move.kind == "move":
        shifted = {"lives in"}
    elif f.predicate not in _ASIDES:
        return f.predicate in _SHIFTED
    return f.predicate in _SHIFTED and (f.predicate in shifted or f.object.lower() in parties)


def _misread(f: Fact, move: Move) -> bool:
    if f.predicate == "owned by":
        return move.kind != "sale"
    return f.predicate == "uses" and f.object.lower() in {move.to.lower(), move.left.lower()} and not roles_of(f.object)
