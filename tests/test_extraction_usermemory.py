"""The user's changes said in passing, read with what memory holds (:mod:`consolidators.usermemory`,
:mod:`consolidators.userchanges`).

Each row is worded here, not taken from a corpus: other names, other verbs of the same family. A row gives
the value memory holds, the sentence, and the new value it names; it is read through the whole session
(``extractive.session_facts``) twice: with the old value active, and with an empty memory, which must not
yield the new value under that relation (memory is what names the relation). The rows that must yield nothing
(hedges, questions, plans, trials that did not stick, values kept, other people) fail if the reader stops
checking what keeps a mention from being a present value of the user's.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.extractive import session_facts
from consolidators.types import ActiveFact, Turn
from consolidators.userchanges import changes

_TS = datetime(2026, 5, 1, 12, tzinfo=UTC)
_BEFORE = datetime(2026, 4, 1, 12, tzinfo=UTC)

#: (relation, the value memory holds, the sentence, the new value it names)
CHANGES: list[tuple[str, str, str, str]] = [
    ("terminal", "iTerm2", "gave Warp a shot last month and haven't looked back, it's my terminal now", "Warp"),
    ("notes app", "Evernote", "RIP Evernote, Obsidian holds all my notes these days", "Obsidian"),
    ("ci", "Bitbucket Pipelines", "bitbucket pipelines is history, our builds are on CircleCI since March", "CircleCI"),
    ("phone", "Pixel 7", "swapped the Pixel for an iPhone 15 Pro, loving it so far", "iPhone 15 Pro"),
    ("os", "Windows 11", "finally caved and installed Fedora on the work laptop", "Fedora"),
    ("browser", "Chrome", "vivaldi browser is where I live now, chrome ate all my RAM", "vivaldi"),
    ("cloud provider", "Heroku", "heroku pricing killed it for us, we deploy to Render since last week", "Render"),
    ("email client", "Thunderbird", "these days I do all my email in Mimestream", "Mimestream"),
    ("programming language", "Java", "Java is behind me, it's Kotlin for everything these days", "Kotlin"),
    ("prefers drink", "coffee", "mornings are all about matcha now", "matcha"),
    ("prefers drink", "espresso", "switched to rooibos these days, doctor's orders", "rooibos"),
    ("works at", "Atlassian", "first week at Canva done, the onboarding is wild", "Canva"),
    ("works at", "Stripe", "I'm with Shopify now, the Stripe chapter is closed", "Shopify"),
    ("works as", "designer", "got the promotion, I'm a senior designer now", "senior designer"),
    ("works as", "analyst", "new role as of Monday: data scientist", "data scientist"),
    ("married to", "Dana", "the divorce from Dana was final in March and Priya and I got married in June", "Priya"),
    ("studies", "law", "my major is linguistics as of this semester", "linguistics"),
    (
        "studies at",
        "Leiden University",
        "transferred this term, enrolled at the University of Porto now",
        "University of Porto",
    ),
    ("born in", "Delft", "turns out I was actually born in Leiden, my dad mixed it up with Delft", "Leiden"),
    ("lives in", "Porto", "Porto didn't work out for us, home is Braga now", "Braga"),
    ("shell", "bash", "zsh these days, oh-my-zsh made me do it", "zsh"),
    ("works at", "Globex", "I'm a consultant at Initech now", "Initech"),
    ("studies", "economics", "I'm doing a master's in public health now", "public health"),
    ("programming language", "Python", "I write Go all day now", "Go"),
    ("prefers drink", "coffee", "I've become a green tea person, coffee was making me jittery", "green tea"),
    # a return to a tool of the held one's kind: the role memory holds is the one it fills again
    ("browser", "Vivaldi", "I'm back on Firefox.", "Firefox"),
    ("editor", "Helix", "switched back to Neovim", "Neovim"),
    ("terminal", "Warp", "back with iTerm2, Warp wanted an account", "iTerm2"),
]

#: (relation, the value memory holds, a sentence that names no new value of it)
NOTHING: list[tuple[str, str, str]] = [
    ("terminal", "iTerm2", "still on iTerm2 even though everyone raves about Ghostty these days"),
    ("terminal", "iTerm2", "tried Ghostty for a week but I'm back on iTerm2 now"),
    ("browser", "Firefox", "my colleague switched to Arc and now won't stop talking about it"),
    ("ci", "Jenkins", "should we move our builds to GitLab CI now?"),
    ("email client", "Gmail", "thinking about moving my email to Fastmail, Gmail is getting slow these days"),
    ("prefers drink", "tea", "my wife is all about chai these days"),
    ("works at", "Acme", "my husband just joined Google, new job for him"),
    ("works at", "Acme", "if Spotify makes an offer I'd switch jobs in a heartbeat"),
    ("works as", "nurse", "my sister is a pilot now, new job and all"),
    ("editor", "Neovim", "Zed is nice but Neovim is still my editor"),
    # a pronoun's role taken back names what it leaves, never a new value (``userchanges._ROLE_TAKEN_BACK``)
    ("browser", "Firefox", "Opera froze twice today, it's not my browser anymore though"),
    ("os", "Ubuntu", "new laptop for my son, it runs Windows now"),
    ("phone", "Pixel 8", "I'd never switch to an iPhone, the Pixel does everything now"),
    ("works at", "Deloitte", "signed my contract with Accenture, starting Monday"),
    ("os", "Windows", "installing Fedora on the old ThinkPad this weekend"),
    ("prefers drink", "tea", "out of tea now so it's coffee for today"),
    ("ci", "GitHub Actions", "our client still runs Jenkins, which is painful now"),
    ("works at", "Spotify", "day 3 at Spotify and already drowning in Slack channels"),
    ("lives in", "Oslo", "we're in Tromsø for the week now, visiting family"),
    ("lives in", "Oslo", "my sister finally moved to Bergen"),
]


def _said(sentence: str, predicate: str, old: str | None) -> set[str]:
    """The objects the session gives the user's ``predicate`` for ``sentence``, with ``old`` active (or none)."""
    active = (ActiveFact("f1", "user", predicate, old, _BEFORE),) if old else ()
    facts = session_facts([Turn("e1", "user", sentence, _TS)], active)
    return {f.object.lower() for f in facts if f.subject == "user" and f.predicate == predicate and not f.retract}


@pytest.mark.parametrize(("predicate", "old", "sentence", "new"), CHANGES)
def test_memory_names_the_relation(predicate: str, old: str, sentence: str, new: str) -> None:
    assert _said(sentence, predicate, old) == {new.lower()}


@pytest.mark.parametrize(("predicate", "old", "sentence", "new"), CHANGES)
def test_without_memory_the_relation_is_unread(predicate: str, old: str, sentence: str, new: str) -> None:
    assert changes(sentence, {}) == []


@pytest.mark.parametrize(("predicate", "old", "sentence"), NOTHING)
def test_no_new_value(predicate: str, old: str, sentence: str) -> None:
    assert _said(sentence, predicate, old) <= {old.lower()}


def test_earlier_in_the_session_is_memory() -> None:
    """A value said in one turn is what a later turn of the same session changes."""
    turns = [
        Turn("e1", "user", "my terminal is iTerm2", _TS),
        Turn("e2", "user", "ok scratch the old setup, it's all Alacritty now in the terminal", _TS),
    ]
    facts = [f for f in session_facts(turns) if f.predicate == "terminal" and not f.retract]
    assert [f.object for f in facts][-1] == "Alacritty"


def test_the_old_value_is_never_the_new_one() -> None:
    assert changes("jenkins is dead, long live Jenkins X? no: CI moved over to Jenkins again", {"ci": "Jenkins"}) == []


def test_a_plain_use_given_up_is_replaced_by_the_tool_of_its_one_role() -> None:
    held = (ActiveFact("f1", "user", "uses", "Notion", _BEFORE),)
    said = "Dropped Notion, all my stuff sits in Obsidian now."
    facts = session_facts([Turn("e1", "user", said, _TS)], held)
    got = {(f.predicate, f.object, f.retract) for f in facts if f.subject == "user"}
    assert got == {("uses", "Obsidian", False), ("uses", "Notion", True)}


def _uses_after(*said: str) -> set[tuple[str, str]]:
    """The user's tool facts left standing after one session of ``said`` (one turn each), in order: a take-back
    of a value removes what was said of it before."""
    turns = [Turn(f"e{i}", "user", s, _TS, seq=i) for i, s in enumerate(said)]
    standing: set[tuple[str, str]] = set()
    for f in session_facts(turns):
        if f.subject == "user":
            (standing.discard if f.retract else standing.add)((f.predicate, f.object))
    return standing


def test_a_switch_later_in_the_session_retires_a_plain_use_said_earlier_in_it() -> None:
    """A plain use said in one turn is held as memory would hold it: a later turn's switch to another tool of its
    one role takes it back, as the same switch would in the next session."""
    got = _uses_after("I use Simplenote for pretty much everything.", "moved all my notes over to Joplin this week")
    assert ("uses", "Simplenote") not in got
    got = _uses_after("Chrome is what I use all day.", "Brave is my browser now, finally.")
    assert ("uses", "Chrome") not in got and ("browser", "Brave") in got


def test_a_plain_use_the_session_keeps_is_not_retired() -> None:
    """Another tool of no shared role, or a switch said before the use, leaves the use standing."""
    assert ("uses", "Slack") in _uses_after("I use Slack at work.", "Brave is my browser now, finally.")
    assert ("uses", "Chrome") in _uses_after("Brave is my browser now, finally.", "I still use Chrome for testing.")
