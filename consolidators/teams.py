"""The team a player plays for, read from how sports news describes a player rather than from a verb of joining.

News names a player's club in passing far more often than it says "plays for": before the name ("Zamalek
forward Ahmed Khalil is out …", "Galatasaray's Yusuf Demir scored in the derby"), beside it ("Bukayo Saka, the
Arsenal winger, …", "Ibrahim Sow is a Metz striker", "Joon-ho Park, now of Ulsan HD, …") or in a verb of
playing that is not "plays for" ("plays his rugby for the Blues", "captains the Adelaide Thunderbirds", "now
keeps goal for Real Betis", "is now on the books of Al Ahly"). Each shape names three parts: the person, the
team and what marks the tie as a sport (a position, a match event, a sport's own verb). A bare possessive
("Kerry Group's Marcus Byrne", "Queen's Brian May") is a sport only when the sentence tells of a match.

Precision first: a description marked past ("former Ajax captain"), a sentence that moves the player (read by
:mod:`consolidators.moves`, where the described club is the one left) or hedges yields nothing here, and a
demonym or a country is no club ("Finnish forward Sanna Virtanen", "Brazil striker …").
"""

from __future__ import annotations

import re

from .moves import Move
from .places import DEMONYMS
from .regexgate import compiled
from .spans import make_fact
from .text import UPPER as _UP
from .text import doubts
from .types import Fact

#: A name's word: capitalised (or "VfL"), an apostrophe inside it ("O'Neill") but not a possessive "'s".
_WORD = rf"(?:[{_UP}]|[a-z]{{1,2}}[{_UP}])[\w&.-]*(?:'(?!s\b)\w+)*"
_PERSON = rf"(?P<p>{_WORD}(?: (?:(?:da|de|dos|van|von|der|al|el|bin) )?{_WORD})+)"
_TEAM = rf"(?P<team>{_WORD}(?: (?:{_WORD}|of|de|del|da|\d+))*)"

#: A player's place on the team, by sport; an adjective may qualify it ("left winger", "first-choice keeper").
POSITION = (
    r"(?:(?:left|right|central|attacking|defensive|holding|veteran|young|new|star|first-choice|experienced"
    r"|teenage|backup|reserve|starting) )?"
    r"(?:striker|forward|centre-forward|winger|wing|midfielder|defender|centre-back|center-back|full-back|fullback"
    r"|wing-back|goalkeeper|keeper|goalie|netminder|defenceman|defenseman|captain|skipper|playmaker|flanker|prop"
    r"|hooker|fly-half|scrum-half|centre|center|point guard|shooting guard|guard|pitcher|quarterback|linebacker"
    r"|running back|shortstop|outfielder|bowler|batsman|batter|all-rounder|setter|libero|player|footballer"
    r"|cricketer|number (?:one|\d+))"
)
#: A match, told by what happens in one: evidence that a bare possessive names a team.
_MATCH = re.compile(
    # a goal, not a deal: business news "scored a win", "set goals", "booked revenue", "trained a model" too
    r"\b(?:(?:scored|scores|netted|nets) (?:twice|again|two|three|four|\d+|on (?:his|her|their) debut|in the"
    r"|(?:a|an|the|his|her|their) (?:[a-z-]+ ){0,2}(?:goal|try|winner|equali[sz]er|penalty|hat-trick|header|brace"
    r"|touchdown|century|free kick|basket))"
    r"|hat-trick|triple-double|double-double|(?:\d+|two|three|four|five|six|seven|eight|nine|ten) (?:league |cup )?"
    r"(?:goals|tries|assists|rebounds|blocks|wickets|touchdowns)|in (?:blocks|rebounds)"
    r"|was booked|booked (?:twice|for)|sent off|sin-binned|red card|derby|man of the match"
    r"|player of the (?:month|year|match|season)|(?:his|her|their) (?:first |full |senior |league |home )?debut(?! as)"
    r"|saved (?:a|two|three|\d+) penalt\w+|clean sheet|\d+(?:st|nd|rd|th) minute|top scorer|league's top"
    r"|qualified on pole|teammates|hamstring|substitute)\b"
)
#: A sport said by name, or a post on the field: "plays his rugby for", "plays centre-back for".
_GAME = (
    r"(?:(?:club|professional|domestic|international) )?(?:football|soccer|rugby(?: league| union)?|basketball"
    r"|hockey|cricket|volleyball|handball|netball|baseball|water polo)"
)
_PAST = r"(?<![Ff]ormer )(?<![Ee]x-)(?<![Ll]ate )(?<![Rr]etired )"
#: A description before the name ("Kenyan runner Faith Chepngetich"), and a "who" clause that tells of the tie
#: after another verb ("…, who trains in Iten and competes for …").
_LEAD = r"(?:[A-Z][\w-]+ [a-z-]+ )?"
_WHO = r"(?:, who(?: [^,]*? and)?)?"
#: What opens a sentence before its subject: a scene ("On Sunday, ") or an article.
_OPEN = r"^(?:[A-Z][^,]{0,40}, )?(?:[Tt]he )?"

_POS = rf"(?P<pos>{POSITION})"
#: Posts other trades name too ("Qantas captain", "Harvard center", "a Met Office player"): they need a sport's
#: word in the sentence besides.
_SHARED_POSTS = re.compile(
    r"(?:\w+ )?(?:captain|skipper|guard|center|centre|wing|prop|hooker|player|setter|bowler|batter)"
)
_GAMES = re.compile(
    rf"\b(?:{_GAME}|trophy|cup|title|final|match|game|season|league|club|team|squad|fans|coach)\b", re.I
)
#: Evidence of a sport anywhere in the sentence: a match, or a player's position ("Former Ajax captain …").
_SPORT = compiled(rf"(?i:\b(?:{POSITION})\b)|{_MATCH.pattern}")
_M, _S = _MATCH, _SPORT
#: (pattern, the evidence the sentence must hold besides or None, whether a position names the team's role: then
#: a country before it is the national side or a nationality, "Brazil striker X", not a club as "Monaco's" is)
_SHAPES: tuple[tuple[re.Pattern[str], re.Pattern[str] | None, bool], ...] = tuple(
    (re.compile(pattern), needs, POSITION in pattern)
    for pattern, needs in (
        # "Liverpool forward Mohamed Salah scored twice", "Feyenoord's left winger Ilias Benali"
        (rf"{_OPEN}{_PAST}{_TEAM}(?:'s|')? {_POS},? {_PERSON}", None),
        # "Galatasaray's Yusuf Demir scored twice in the derby"
        (rf"{_OPEN}{_PAST}{_TEAM}(?:'s|') {_PERSON}\b(?!'s)", _M),
        # "Bukayo Saka, the Arsenal winger,", "Ahmed Benali, Wydad's number 9,", "Ibrahim Sow is a Metz striker"
        (
            rf"^{_PERSON}(?:, \d+,)?(?:,| is| has been) (?:now |currently )?(?:the |an? )?{_TEAM}(?:'s|')? {_POS}\b",
            None,
        ),
        # "Club Nacional's squad includes forward Rafael Quintero"
        (rf"{_OPEN}{_TEAM}(?:'s|') (?:squad|roster|line-up|lineup) (?:includes|features) (?:[a-z-]+ )?{_PERSON}", None),
        # "Monaco's latest recruit, Lucas Moreau, trained with his new teammates"
        (rf"{_OPEN}{_TEAM}(?:'s|') (?:new|latest|newest) (?:recruit|arrival|addition|signing),? {_PERSON}", _M),
        # "Sione Tupou plays his rugby for the Blues", "Hiroshi Tanaka plays centre-back for Kashima Antlers"
        (
            rf"^{_LEAD}{_PERSON}{_WHO} (?:now |currently |still )?(?:plays|lines up) (?:(?:his|her|their) )?"
            rf"(?:{_GAME}|[a-z]+-back|centre|center|in (?:midfield|defence|defense|goal|attack)|up front) (?:for|at|with) "
            rf"(?:the )?{_TEAM}",
            None,
        ),
        # a bare "plays for" in a sentence of a sport, for a club whose name the parse reads as a verb and a number
        # ("Racing 92"): a musician plays for an orchestra too
        (rf"^{_LEAD}{_PERSON}{_WHO} (?:now |currently |still )?plays for (?:the )?{_TEAM}", _GAMES),
        # "Kirra Anderson captains the Adelaide Thunderbirds", "now keeps goal for Real Betis", "competes for …"
        (
            rf"^{_LEAD}{_PERSON}{_WHO} (?:now |currently |still )?(?:captains|skippers|keeps goal for|keeps wicket for"
            rf"|competes for|is (?:now )?between the posts for|is (?:now )?on the books (?:of|at)) (?:the )?{_TEAM}",
            None,
        ),
        # "Joon-ho Park, now of Ulsan HD,", "Jordi Mensah, now at Celtic,", "Yusuf Demir, now in Galatasaray colours,"
        (rf"{_PERSON}, (?:now|currently) (?:of|at|with) (?:the )?{_TEAM},", _S),
        (rf"{_PERSON}, (?:now |currently )?between the posts for (?:the )?{_TEAM},", None),
        (rf"{_PERSON}, now an? {_TEAM} (?:regular|starter|mainstay|fixture)\b", _S),  # "now a Celtic regular"
        # "Goalkeeper Ana Souza, of Corinthians, kept …": a player's club in apposition, in a sentence of sport
        (rf"^{_PERSON}, of (?:the )?{_TEAM},", _S),
        # "Striker Tomás Rivero scored twice as Club Nacional beat Peñarol": the scorer's side is the one named
        (
            rf"^{_PERSON} (?:scored|netted|struck)\b[^,;]*? as (?:the )?{_TEAM} (?:beat|defeated|edged|thrashed|routed"
            r"|overcame|drew|lost|won)\b",
            _M,
        ),
        (rf"{_PERSON},? (?:now )?in {_TEAM} colours\b", None),
        # "Now in her third season at Club León, Ana Ruiz …", "Ana Ruiz, in her third season with Club León, …": a
        # season is a team's; a manager's season at a club is a job (left to the job readers by _STAFF)
        (rf"^(?:Now )?[Ii]n (?:his|her|their) (?:[a-z]+ ){{1,2}}season (?:at|with) (?:the )?{_TEAM}, {_PERSON}", None),
        (rf"{_PERSON}, (?:now )?in (?:his|her|their) (?:[a-z]+ ){{1,2}}season (?:at|with) (?:the )?{_TEAM},", None),
        (rf"{_PERSON},? (?:now )?on loan (?:at|with) (?:the )?{_TEAM}", None),
        (rf"{_PERSON} now wears the (?:[a-z]+ )+of (?:the )?{_TEAM}", None),
        # "Wing Jonah Tuilagi, 24, makes his first start for Leinster", "Signed to Celtic since 2023, Ryo Takahashi …"
        (
            rf"^{_PERSON}(?:, \d+,)? (?:makes|made|has made) (?:his|her|their) (?:first |full |senior |league |home )?"
            rf"(?:start|debut|appearance) (?:for|in) (?:the )?{_TEAM}",
            None,
        ),
        (rf"^Signed (?:to|with|by) (?:the )?{_TEAM} since \d{{4}}, {_PERSON}", None),
        # "Currently on loan at Barcelona Femení, Lucía Fernández has five goals": where the player plays now
        (rf"^(?:Currently |Now )?[Oo]n loan (?:at|with) (?:the )?{_TEAM}, {_PERSON}", None),
        # "Erling Haaland scored for Manchester City, his club since 2022", "…, where he has played since 2021"
        (
            rf"^(?:[A-Z][a-z-]+ )?{_PERSON} [^,;]*? (?:for|at|with) (?:the )?{_TEAM}, (?:(?:his|her|their) club since"
            r"|where (?:he|she|they) (?:has|have) played since|where (?:he|she|they) (?:still |now )?plays?\b)",
            None,
        ),
    )
)
#: A shape that states the team while the sentence moves the player, asks, hedges or speaks of the past.
_NOT_NOW = doubts(  # its own words in lower case only: "Son Heung-min", "Left Bank" are names
    r"(?-i:set to|expected|linked|used to|formerly|retired|until|then|left(?! (?:winger|wing|back|footed))|leaving"
    r"|joined|joining|signed for|transferred|sold|swapped|moved|loaned to|brother|sister|father|mother|son|daughter)"
)
#: A club's staff, whose season at a club is a job, not a place in the team.
_STAFF = re.compile(r"\b(?:manager|coach|boss|head coach|director|chairman|president|physio|scout)\b", re.I)
_COUNTRIES = frozenset(DEMONYMS.values())
#: Capitalised words a sentence opens with that are no team: a position as a title, a time, a past, a sport
#: ("Tennis player Daria Kuznetsova": one who plays alone has no team).
_NOT_TEAMS = re.compile(
    rf"^(?:(?:{POSITION})|On|In|At|After|Last|This|Next|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday"
    r"|Star|Veteran|Young|Captain|The|A|An|(?:Former|Ex-|Retired|Late|Then-).*|.*-(?:born|based|bred|raised)"
    rf"|{_GAME}|tennis|golf|chess|boxing|cycling|athletics|snooker|darts|badminton|squash|swimming|skiing)$",
    re.I,
)


def facts(text: str, move: Move | None) -> list[Fact]:
    """The team ``text`` says a player plays for now, by description; none when it moves the player."""
    if move is not None or _NOT_NOW.search(text):
        return []
    staff = _STAFF.search(text)
    for pattern, needs, positioned in _SHAPES:
        m = pattern.search(text)
        if m is None or needs and not needs.search(text) or staff and "season" in pattern.pattern:
            continue
        post = m.groupdict().get("pos")
        if post and _SHARED_POSTS.fullmatch(post) and not (_MATCH.search(text) or _GAMES.search(text)):
            continue
        team = m["team"].rstrip(".,")
        if team in DEMONYMS or positioned and team in _COUNTRIES or _NOT_TEAMS.match(team) or team in m["p"]:
            continue
        words = m["p"].rstrip(".").split()  # "Goalkeeper Nadia Haas, on loan at …": the position is no name
        person = " ".join(words[1:] if re.fullmatch(POSITION, words[0].lower()) else words)
        return make_fact(person, "plays for", team, single=True)
    return []


#: A musician's place in a band, and the band named by one word or more ("BTS", "Red Hot Chili Peppers").
_BAND_ROLE = (
    r"(?:(?:new|lead|founding|longtime|rhythm|bass) )?(?:member|bassist|guitarist|drummer|singer|vocalist|frontman"
    r"|frontwoman|keyboardist|fiddler|violinist|cellist|pianist|percussionist|saxophonist|trumpeter|rapper|DJ)"
)
_BAND = rf"(?P<team>{_WORD}(?:[ /](?:{_WORD}|of|the))*)"
#: One who goes by one name is a band member as often as not ("Jungkook", "Flea", "Rosé").
_MUSICIAN = rf"(?P<p>{_WORD}(?: (?:(?:da|de|dos|van|von|der|al|el|bin) )?{_WORD})*)"
_INSTRUMENT = r"bass|guitar|drums|keys|keyboards|piano|violin|fiddle|cello|saxophone|trumpet|synths?"
#: A release, a show: what makes a bare possessive ("Blackpink's Rosé") a band's.
_MUSIC = re.compile(r"\b(?:album|single|EP|tour|concert|gig|setlist|headlined|songs?|record(?:ed|ing))\b")
#: "Lantern Fish recruited Kenji Ota on drums in 2021": a place in the band said by the instrument, which the moves
#: reader takes for a transfer; the band it names is the one the musician is now a member of.
_RECRUITED = re.compile(
    rf"^{_BAND} (?:recruited|hired|brought in|added|enlisted|drafted in|signed) {_MUSICIAN} (?:on|to play)"
    rf" (?:lead |rhythm |bass )?(?:{_INSTRUMENT}|vocals)\b"
)
_BAND_SHAPES: tuple[tuple[re.Pattern[str], re.Pattern[str] | None], ...] = tuple(
    (re.compile(pattern), needs)
    for pattern, needs in (
        # "BTS member Jungkook released …", "Brass Lantern's fiddler, Johanna Lind, …"
        (rf"{_OPEN}{_PAST}{_BAND}(?:'s|')? {_BAND_ROLE},? {_MUSICIAN}", None),
        # "Kenji Mori, Neon Sirens' new drummer, …"
        (rf"^{_MUSICIAN}, (?:the )?{_BAND}(?:'s|')? {_BAND_ROLE}\b", None),
        # "Guitarist Joe Perry, of Aerosmith, …"
        (rf"^(?i:{_BAND_ROLE}) {_MUSICIAN}, of (?:the )?{_BAND},", None),
        # "Flea has played bass in the Red Hot Chili Peppers since 1983", "RM is the leader of the band BTS"
        (
            rf"^{_MUSICIAN} (?:has )?(?:played|plays) (?:the )?(?:{_INSTRUMENT}) (?:in|for|with) (?:the )?{_BAND} since\b",
            None,
        ),
        (rf"^{_MUSICIAN} is the (?:leader|{_BAND_ROLE}) of the (?:band|group) {_BAND}", None),
        # "Tariq Bello sings with the band Lagos Groove": a band named as one, whatever the musician does in it
        (
            rf"^{_MUSICIAN} (?:now |still )?(?:sings|plays|drums|raps|performs) (?:in|with|for) the (?:band|group) {_BAND}",
            None,
        ),
        # "Blackpink's Rosé released a solo single on Friday"
        (rf"{_OPEN}{_PAST}{_BAND}(?:'s|') {_MUSICIAN} (?!'s)", _MUSIC),
    )
)


def memberships(text: str) -> list[Fact]:
    """The band ``text`` names a musician a member of, by description ("BTS member Jungkook")."""
    if _NOT_NOW.search(text):
        return []
    for pattern, needs in _BAND_SHAPES:
        m = pattern.search(text)
        if m is None or needs and not needs.search(text):
            continue
        band = m["team"].rstrip(".,")
        if band in DEMONYMS or _NOT_TEAMS.match(band) or band in m["p"]:
            continue
        words = m["p"].rstrip(".").split()  # "Guitarist Joe Perry": the role is no name
        person = " ".join(words[1:] if re.fullmatch(_BAND_ROLE, words[0].lower()) else words)
        return make_fact(person, "member of", band, multi=True)
    return []


def _recruited(text: str) -> list[Fact]:
    m = None if _NOT_NOW.search(text) else _RECRUITED.search(text)
    return make_fact(m["p"], "member of", m["team"], multi=True) if m else []


def merged(found: list[Fact], text: str, move: Move | None) -> list[Fact]:
    """``found`` with the described team, unless another reader already said which team that person plays for."""
    bands = [] if _SPORT.search(text) else memberships(text) if move is None else _recruited(text)
    if bands and not any(f.predicate == "member of" and f.object == bands[0].object for f in found):
        # "plays bass in the Red Hot Chili Peppers" read as what Flea plays: the band is what the sentence names
        band = bands[0].object.lower()
        found = [f for f in found if not (f.subject == bands[0].subject and f.object.lower().endswith(band))] + bands
    described = facts(text, move)
    if not described:
        return found
    person, team = described[0].subject.lower(), described[0].object.lower()
    theirs = [f for f in found if f.predicate == "plays for" and f.subject.lower().endswith(person)]
    # another reader's team stands, unless it is a piece of the described one ("Athletic" of "Zeljan Athletic")
    if any(not _piece(f.object.lower(), team) for f in theirs):
        return found
    found = [f for f in found if f not in theirs]
    # a club named beside a player is not the player's employer ("Zamalek forward X is out" read as a job)
    return [f for f in found if not (f.subject.lower() == person and f.predicate == "works at")] + described


def _piece(name: str, whole: str) -> bool:
    """Whether ``name`` is ``whole`` cut at a word: the first or last words of a club's name."""
    return name != whole and (whole.startswith(name + " ") or whole.endswith(" " + name))
