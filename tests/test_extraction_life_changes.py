"""The user's life changing in chat: jobs taken in the passive, a new value that retires the old one without a
take-back, places left, plans said with a future time, things joined that are no employer, groups led at an employer, news undone in the same
sentence, and take-backs read against what memory holds (a pet given away, a language dropped, "still single", "we split up",
but not a group splitting up for an outing).
Every sentence is worded here, not taken from a corpus."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.extractive import session_facts
from consolidators.types import ActiveFact, Turn

Said = tuple[str, str, bool]
_TS = datetime(2026, 3, 2, 12, tzinfo=UTC)


def _said(*turns: str, held: tuple[tuple[str, str], ...] = ()) -> set[Said]:
    active = [
        ActiveFact(f"a{i}", "user", predicate, value, datetime(2025, 6, 1, tzinfo=UTC))
        for i, (predicate, value) in enumerate(held)
    ]
    facts = session_facts([Turn(f"e{i}", "user", text, _TS) for i, text in enumerate(turns)], active)
    return {(f.predicate, f.object.lower(), f.retract) for f in facts if f.subject == "user"}


#: One user message and the user's facts it states.
MESSAGES: list[tuple[str, set[Said]]] = [
    # a job taken in the passive names the post as "joined X as" does
    (
        "I got hired by Tarnwell Optics as a lens technician",
        {("works at", "tarnwell optics", False), ("works as", "lens technician", False)},
    ),
    (
        "was recruited by Belgrove Dairy as their quality manager in the autumn",
        {("works at", "belgrove dairy", False), ("works as", "quality manager", False)},
    ),
    # the old employer left is taken back beside the new one (a correction must read as one, not as a move)
    (
        "my last day at Corrigan Print was Wednesday and I start at Ashmore Tiles on Monday",
        {("works at", "corrigan print", True), ("works at", "ashmore tiles", False)},
    ),
    (
        "I left Pellow Brewing and now I work for Stanbury Cider",
        {("works at", "pellow brewing", True), ("works at", "stanbury cider", False)},
    ),
    # a plain "uses" holds many values: its take-back stays
    ("I quit Deezer and use Qobuz now", {("uses", "deezer", True), ("uses", "qobuz", False)}),
    # what was joined, named by a kind no employer has: a club, a choir, a course
    ("I joined a rowing club called Stennet last spring", set()),
    ("joined Ardleigh, a community choir, in January", set()),
    ("I joined the Ardleigh chess club", set()),
    ("I joined a small agency called Stennet last spring", {("works at", "stennet", False)}),
    # … or by a capitalised name that ends in such a kind, unless a post held there is named
    ("joined the Harrowgate Cycling Club last month", set()),
    ("I joined the Pennock Choral Society", set()),
    ("I joined Tarnwell Group in March", {("works at", "tarnwell group", False)}),
    # … and its title said without an article is the job, as "working at Emirates as cabin crew" is in the corpus
    (
        "I joined Stennet Rowing Club as head coach",
        {("works at", "stennet rowing club", False), ("works as", "head coach", False)},
    ),
    # … or an apposition that says the name is a company's
    ("I joined Ostrey Club, a startup, in the spring", {("works at", "ostrey club", False)}),
    # a spouse or a tool named first, with a word of how the statement holds between "is" and "my"
    ("the ceremony was tiny but Dorian is officially my husband", {("married to", "dorian", False)}),
    ("Helix is finally my editor", {("editor", "helix", False)}),
    ("Dorian is not my husband", set()),
    # a hedge between "is" and "my" says the role is not quite held
    ("Selma is basically my wife these days", set()),
    # leading a group of an employer's is working there; a past lead or someone else's is not the user's job now
    ("I lead the analytics team at Corrigan Print", {("works at", "corrigan print", False)}),
    ("I run the night crew for Belgrove Dairy", {("works at", "belgrove dairy", False)}),
    ("I led the analytics team at Corrigan Print for years", set()),
    ("my brother leads the analytics team at Corrigan Print", set()),
    # a pastime's or a good cause's group is no employer's: a reading group, a volunteer team
    ("I lead a reading group at the Harbury Library", set()),
    ("I coordinate the volunteer team at the Salvation Army", set()),
    # a move of the user's things is no move of home: quitting an app stays a tool given up
    ("I quit Deezer and moved all my mixtapes to Qobuz", {("uses", "deezer", True), ("uses", "qobuz", False)}),
    ("I left Tarragona, we moved in the spring", {("lives in", "tarragona", True)}),
    # a change the sentence says fell through was not made
    ("we moved to Tromsø, but the house purchase fell through", set()),
    ("We moved to Tromsø, but the winters are long", {("lives in", "tromsø", False)}),
    # an arranged change: the present progressive with a time still ahead names nothing yet
    ("I'm joining Marrowby Labs in October", set()),
    ("we're starting at Quennell Farm on Thursday", set()),
    ("I'm joining Tallis Print as a typesetter in three weeks", set()),
    ("we're leaving Invercargill in the winter", set()),
    # … with a day of the month, a feast or a clause of what must happen first
    ("I'm joining Pellow Brewing on the 14th of June", set()),
    ("we're moving to Kirkwall after Easter", set()),
    ("I'm starting at Ashmore Tiles once my notice period ends", set()),
    ("I'm joining Harlow Glass from the 2nd", set()),
    ("we're relocating to Lerwick after Christmas", set()),
    # the same, where no month, weekday or season word is anywhere in the sentence
    ("I'm joining Brackwater Mills after Easter", set()),
    ("I'm starting at Oddny Print once my notice ends", set()),
    ("I'm joining Tessel Glass from the 2nd", set()),
    # … or any present whose clause opens with a start still ahead
    ("from the 3rd of October I'm a line cook", set()),
    ("as of the 1st I'm a barista at Harrowgate Mills", set()),
    ("Starting Tuesday, I'm a shift supervisor.", set()),
    ("I live in Kirkwall and walk the dog after dinner", {("lives in", "kirkwall", False)}),
    # the progressive alone, or a time that is past, holds now; a completed switch stands
    # a time ahead in another clause, or a subject's own plans, arrange nothing of the user's
    ("my wife Ilse is baking tonight, lucky me", {("married to", "ilse", False)}),
    (
        "I'm studying geology at Lakehead University and fieldwork starts soon",
        {("studies", "geology", False), ("studies at", "lakehead university", False)},
    ),
    ("I'm working at Marrowby Labs these days", {("works at", "marrowby labs", False)}),
    ("I'm living in Invercargill since October", {("lives in", "invercargill", False)}),
    (
        "my last day at Corrigan Print was Friday and I'm starting at Ashmore Tiles on Tuesday",
        {("works at", "corrigan print", True), ("works at", "ashmore tiles", False)},
    ),
    # a change said in passing, in an "ever since" clause the main clause's complaint follows
    ("ever since I joined Pelham Brewing in May I've had no weekends", {("works at", "pelham brewing", False)}),
    ("ever since we moved to Trondheim I've been cycling to work", {("lives in", "trondheim", False)}),
    # … and one whose clause only muses about a change says none
    ("ever since I started eyeing a job at Pelham Brewing I've been restless", set()),
    # a home named by the town before its noun, when the sentence says the name is a place ("in Kendal", a country)
    ("we moved into the Kendal flat last week, our first place in Kendal", {("lives in", "kendal", False)}),
    ("we moved into the Norway house", {("lives in", "norway", False)}),
    ("we're moving into the Kendal flat next month", set()),
    ("we moved into the Spanish house", set()),
    # … a name before the noun with nothing to say it is a place may be a brand, a landlord or a description
    ("we moved into the Kendal flat last week", set()),
    ("we just moved into the Vrbo cottage", set()),
    ("we moved into the staff flat", set()),
    ("we moved into the Peckham flat", set()),
    ("we moved into the Hollis house", set()),
    # an event's day said relative to now is no value the user holds; a date is
    ("my last day is Thursday", set()),
    ("my start date is next week", set()),
    ("my birthday is June 9", {("birthday", "june 9", False)}),
]


@pytest.mark.parametrize(("message", "expected"), MESSAGES)
def test_users_life_changes(message: str, expected: set[Said]) -> None:
    assert _said(message) == expected


#: What memory holds, a turn, and the user's facts the turn states: a held value the turn ends is taken back under
#: the relation memory holds it by, whatever the sentence alone seemed to say.
WITH_MEMORY: list[tuple[tuple[tuple[str, str], ...], str, set[Said]]] = [
    ((("has pet", "Pompom"),), "we gave Pompom to my cousin in Galway", {("has pet", "pompom", True)}),
    ((("has pet", "Pompom"),), "we rehomed Pompom with a farm family last month", {("has pet", "pompom", True)}),
    (
        (("lives in", "Dunedin"), ("works at", "Corvane")),
        "we left Dunedin in the autumn",
        {("lives in", "dunedin", True)},
    ),
    ((("speaks", "Dutch"),), "I dropped Dutch after a year", {("speaks", "dutch", True)}),
    ((("married to", "Oriel"),), "ha, joking, I'm still single", {("married to", "oriel", True)}),
    # a parting said of the couple ends the held marriage, whoever else is named nowhere
    ((("married to", "Oriel"),), "we split up over the summer", {("married to", "oriel", True)}),
    ((("married to", "Oriel"),), "Oriel and I separated in the spring", {("married to", "oriel", True)}),
    ((("married to", "Oriel"),), "I got divorced a few months back", {("married to", "oriel", True)}),
    # the held spouse named as an ex is one no longer; someone else's ex, or an ex-colleague, ends nothing
    ((("married to", "Oriel"),), "my ex-wife Oriel has the kids this weekend", {("married to", "oriel", True)}),
    ((("married to", "Oriel"),), "my ex wife Oriel has the kids this weekend", {("married to", "oriel", True)}),
    ((("married to", "Oriel"),), "Oriel, my ex, kept the flat", {("married to", "oriel", True)}),
    ((("married to", "Oriel"),), "my brother's ex-wife Oriel rang", set()),
    ((("married to", "Oriel"),), "my ex-colleague Oriel rang", set()),
    ((("married to", "Oriel"),), "we split up the leftovers", set()),
    ((("married to", "Oriel"),), "my parents separated when I was small", set()),
    ((("married to", "Oriel"),), "we almost split up last year", set()),
    ((("married to", "Oriel"),), "I was divorced in 2011, long before Oriel", set()),
    # a group splitting up for an outing, a parting from something else or by a distance, a divorce long past
    ((("married to", "Oriel"),), "we split up for the afternoon: Oriel went to the gym and I went home", set()),
    ((("married to", "Oriel"),), "we split up at the market to save time", set()),
    ((("married to", "Oriel"),), "we split up into pairs for the treasure hunt", set()),
    ((("married to", "Oriel"),), "I'm divorced from television these days", set()),
    ((("married to", "Oriel"),), "we're separated by an ocean until June", set()),
    ((("married to", "Oriel"),), "I was divorced twice before Oriel came along", set()),
    ((("married to", "Oriel"),), "I'm separated from Oriel now", {("married to", "oriel", True)}),
    ((("has pet", "Tansy"),), "Tansy passed away in her sleep last night", {("has pet", "tansy", True)}),
    (
        (("has pet", "Tansy"),),
        "the kids insisted, so Tansy is now called Duchess",
        {("has pet", "tansy", True), ("has pet", "duchess", False)},
    ),
    # not the user's, not done, not ended: nothing taken back
    ((("has pet", "Tansy"),), "Tansy didn't die, she was hiding in the shed", set()),
    ((("lives in", "Dunedin"),), "my brother left Dunedin in the autumn", set()),
    ((("lives in", "Dunedin"),), "we're leaving Dunedin in the autumn", set()),
    # a move memory would read as the new home, arranged for a date still ahead: a plan, nothing yet
    ((("lives in", "Dunedin"),), "we're moving to Timaru on the 3rd of May, the lease is signed", set()),
    ((("lives in", "Dunedin"),), "off to Timaru — we sold the house last week and move on the 9th of May", set()),
    ((("has pet", "Pompom"),), "Pompom gave me such a fright this morning", set()),
    ((("has pet", "Pompom"),), "we didn't give Pompom away in the end", set()),
    ((("married to", "Oriel"),), "I'm not single, Oriel and I are very happy", set()),
    # behind the gates every reader sits behind: what nearly happened, a condition, a scene, a dream, a belief,
    # a take-back, a namesake described as another's; and an act on the value that ends nothing
    ((("has pet", "Wombat"),), "Wombat almost died at the vet on Monday", set()),
    ((("has pet", "Wombat"),), "if Wombat died we'd be heartbroken", set()),
    ((("has pet", "Wombat"),), "In my screenplay, Wombat passed away", set()),
    ((("has pet", "Wombat"),), "Wombat passed away — jk, she is chewing a sock", set()),
    ((("has pet", "Wombat"),), "Wombat, the horse from the cartoon, died", set()),
    ((("has pet", "Wombat"),), "Wombat is now called Bean by my nephews", set()),
    ((("has pet", "Wombat"),), "we gave Wombat to my brother while we were in Kenya", set()),
    ((("has pet", "Wombat"),), "I dropped Wombat off at daycare", set()),
    ((("speaks", "Welsh"),), "I nearly dropped Welsh in the spring", set()),
    ((("married to", "Oriel"),), "For this drill, I'm still single", set()),
    ((("lives in", "Dunedin"),), "In the play, we left Dunedin", set()),
    ((("uses", "Kelpa"),), "I left Kelpa a glowing review", set()),
    ((("married to", "Oriel"),), "I'm still single on the census, we never filed", set()),
    ((("uses", "Deezer"), ("uses", "Qobuz")), "I quit Deezer and moved to Qobuz", {("uses", "deezer", True)}),
    ((("has pet", "Wombat"),), "the singer Wombat is now called Womb", set()),
    ((("has pet", "Wombat"),), "we gave Wombat to my aunt for the week", set()),
    ((("speaks", "Welsh"),), "I dropped Welsh off at the station", set()),
    ((("lives in", "Dunedin"),), "we left Dunedin for the afternoon", set()),
    ((("lives in", "Dunedin"),), "I left Dunedin when I was 20, and returned at 40", set()),
]


@pytest.mark.parametrize(("held", "message", "expected"), WITH_MEMORY)
def test_values_a_turn_ends(held: tuple[tuple[str, str], ...], message: str, expected: set[Said]) -> None:
    assert _said(message, held=held) == expected
