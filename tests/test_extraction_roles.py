"""A tool bound to the role the user names for it, in orders no phrase frame lists (:mod:`consolidators.roles`).

Each row is worded here, not taken from a corpus, and fails if the binding it needs goes: the anchor, the
known-name lists, the copula rule for other names, or the refusals."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators import extract_triples
from consolidators.extractive import session_facts
from consolidators.roles import bindings
from consolidators.toolnames import known_names, roles_of
from consolidators.types import Turn

Triple = tuple[str, str, str, bool]

BOUND: list[tuple[str, list[Triple]]] = [
    # a known name in lower case, the role anywhere in its clause
    ("vim is still my code editor after all these years", [("user", "editor", "vim", False)]),
    ("Login shell on every server I touch is zsh, sorry", [("user", "shell", "zsh", False)]),
    ("doom emacs w/ evil mode as my IDE, naturally", [("user", "editor", "doom emacs", False)]),
    ("I'm a kitty terminal guy", [("user", "terminal", "kitty", False)]),
    # "-wise", and an anchor whose name sits in the clause next to it
    ("Browser-wise I'm on Vivaldi these days", [("user", "browser", "Vivaldi", False)]),
    ("the whole stack sits on Hetzner, hosting-wise", [("user", "cloud provider", "Hetzner", False)]),
    ("each merge request gets built by Buildkite, that's our CI", [("user", "ci", "Buildkite", False)]),
    ("I'm a Kotlin person, it's what I code in", [("user", "programming language", "Kotlin", False)]),
    # a device the user names without "my" (round 10); a misread clause is no longer form of the name
    ("the work laptop runs Debian now", [("user", "os", "Debian", False)]),
    ("running Linux Mint on the old desktop now, Windows 10 was crawling", [("user", "os", "Linux Mint", False)]),
    ("thinking of trying Alacritty as my terminal", []),
    # the role named in the next clause with "it" for the tool; the tool kept without its role noun
    ("I code in Sublime Text now; as an editor it's light", [("user", "editor", "Sublime Text", False)]),
    ("my sister swears by Brave; as a browser it's fine", []),
    ("I do everything in the Kitty terminal these days", [("user", "terminal", "Kitty", False)]),
    ("We use Travis CI for our pipelines", [("user", "ci", "Travis CI", False)]),
    ("using Ghostty as my terminal these days", [("user", "terminal", "Ghostty", False)]),
    # the reason after the role is no part of it: "since", "because", "now that" open a clause of their own
    ("I use Vivaldi for my browser because Chrome kept crashing", [("user", "browser", "Vivaldi", False)]),
    ("using Obsidian for my notes now that Notion went paid", [("user", "notes app", "Obsidian", False)]),
    ("My password app is KeePassXC now", [("user", "password manager", "KeePassXC", False)]),
    # a role the user owns, however it is said
    ("The office's database is CockroachDB, long story", [("user", "database", "CockroachDB", False)]),
    ("Ubuntu 24.04 is the OS on my home server", [("user", "os", "Ubuntu 24.04", False)]),
    ("KeePassXC keeps every password we share", [("user", "password manager", "KeePassXC", False)]),
    ("The job queue we run is Redpanda.", [("user", "queue", "Redpanda", False)]),
    ("Orders flow through a RabbitMQ queue", [("user", "queue", "RabbitMQ", False)]),
    ("our render farm runs Rocky Linux", [("user", "os", "Rocky Linux", False)]),
    ("Elixir is the language I write almost everything in", [("user", "programming language", "Elixir", False)]),
    ("mostly writing Zig lately", [("user", "programming language", "Zig", False)]),
    ("apologies for autocorrect, my phone (an old-ish Pixel 6a) is dying", [("user", "phone", "Pixel 6a", False)]),
    ("Our stuff is hosted on DigitalOcean and I run the backups", [("user", "cloud provider", "DigitalOcean", False)]),
    (
        "Superhuman is my mail client and Logseq is my notes app",
        [("user", "email client", "Superhuman", False), ("user", "notes app", "Logseq", False)],
    ),
    # the role said by what the user does in the tool: editing, keeping every note
    ("Kakoune is where I edit my configs these days", [("user", "editor", "Kakoune", False)]),
    ("all of my script editing happens in Sublime Text", [("user", "editor", "Sublime Text", False)]),
    ("each lecture note I take ends up in Obsidian", [("user", "notes app", "Obsidian", False)]),
    ("for taking notes in lectures I always use Bear", [("user", "notes app", "Bear", False)]),
    ("I edit my holiday photos in Lightroom", [("user", "uses", "Lightroom", False)]),
    # a switch of role said in the plural, the new tool named in the clause beside it
    ("changed browsers last week, Vivaldi is the one I open now", [("user", "browser", "Vivaldi", False)]),
    ("switched shells in January; fish is what I type into all day", [("user", "shell", "fish", False)]),
    # after a colon the switch is told in full: the plural names no tool of its own
    ("changed editors: Atom is out, Zed is in", [("user", "editor", "Atom", True), ("user", "editor", "Zed", False)]),
    ("I keep each login in Bitwarden", [("user", "password manager", "Bitwarden", False)]),
    # the plural switch's name yields to the one the sentence binds to the role; a list's item links name and role
    ("changed browsers - Opera is gone, Vivaldi is my browser now", [("user", "browser", "Vivaldi", False)]),
    # a name the sentence says is gone is never the one the switch binds, in its own clause or the next
    ("swapped terminals - Konsole is out, Kitty is the one now", [("user", "terminal", "Kitty", False)]),
    ("switched shells — bash is dead, nushell is the one these days", [("user", "shell", "nushell", False)]),
    (
        "my kit: Kakoune as editor, fish as shell",
        [("user", "editor", "Kakoune", False), ("user", "shell", "fish", False)],
    ),
    # a list's item that names the role after the tool; a signature's phone
    ("my hobby stack: Elixir backend, SQLite db", [("user", "database", "SQLite", False)]),
    # the list's first item, right after its label, names its role too
    (
        "our setup: MariaDB db, NATS queue",
        [("user", "database", "MariaDB", False), ("user", "queue", "NATS", False)],
    ),
    ("Sent from my Galaxy S23", [("user", "phone", "Galaxy S23", False)]),
    # a device at a clause's start, with no determiner, runs the OS it names
    (
        "work setup: desktop runs Fedora 41, browser is Firefox",
        [("user", "os", "Fedora 41", False), ("user", "browser", "Firefox", False)],
    ),
    # a name nobody lists binds only across a copula
    ("Quillpad is my notes app now", [("user", "notes app", "Quillpad", False)]),
    # a bound tool's fact names its role, not a home or a plain "uses"
    ("Went to CLion as my IDE in spring and never looked back", [("user", "editor", "CLion", False)]),
    # a tool the sentence leaves behind is no candidate
    ("Back on Helix as my editor after a month with Zed", [("user", "editor", "Helix", False)]),
    # given up: the role's retraction
    ("we no longer deploy on Heroku.", [("user", "cloud provider", "Heroku", True)]),
    ("quit using Spark for mail, it kept crashing", [("user", "email client", "Spark", True)]),
    (
        "Dumped Safari, I browse with Floorp now",
        [("user", "browser", "Safari", True), ("user", "browser", "Floorp", False)],
    ),
    # the role said as a headline, the tool after it; a tool by where things are kept; a name then called "my R"
    ("Shell changed again, it's fish now", [("user", "shell", "fish", False)]),
    ("new laptop = new browser, everything is in Zen Browser now", [("user", "browser", "Zen Browser", False)]),
    (
        "Travis is dead, long live Buildkite: CI moved last sprint",
        [("user", "ci", "Travis", True), ("user", "ci", "Buildkite", False)],
    ),
    ("I keep all my notes in Logseq", [("user", "notes app", "Logseq", False)]),
    ("my boss pays for Fastmail so that's where I do email now", [("user", "email client", "Fastmail", False)]),
    ("tried Vivaldi for a week and stayed, it's my browser now", [("user", "browser", "Vivaldi", False)]),
    ("settled on Pop!_OS for the desktop after a lot of distro hopping", [("user", "os", "Pop!_OS", False)]),
    ("Our infra is on Hetzner these days", [("user", "cloud provider", "Hetzner", False)]),
    ("I keep my appointments in Fantastical", [("user", "calendar app", "Fantastical", False)]),
    (
        "half my life ends up in Outlook Calendar, that's where my schedule lives",
        [("user", "calendar app", "Outlook Calendar", False)],
    ),
    ("typing this on my new Galaxy S24 so excuse the typos", [("user", "phone", "Galaxy S24", False)]),
    ("browser is Vivaldi for me", [("user", "browser", "Vivaldi", False)]),
    # someone else only as the causer: the user still switched
    ("my team lead made me switch my shell to zsh", [("user", "shell", "zsh", False)]),
    ("our manager got us to move the CI to Buildkite", [("user", "ci", "Buildkite", False)]),
    ("is Vivaldi a good browser for me?", []),
    (
        "We're on Fly.io now, we left Heroku in June",
        [("user", "cloud provider", "Heroku", True), ("user", "cloud provider", "Fly.io", False)],
    ),
]

WORKED_IN: list[tuple[str, list[Triple]]] = [
    # software the user says they work in, with no role stated: "uses"
    ("I sketch every storyboard in Procreate", [("user", "uses", "Procreate", False)]),
    (
        "Blender and Krita are open on my desk all week",
        [("user", "uses", "Blender", False), ("user", "uses", "Krita", False)],
    ),
    ("our lab uses Zotero for everything", [("user", "uses", "Zotero", False)]),
    ("I get through the week with the help of TickTick", [("user", "uses", "TickTick", False)]),
    (
        "Airtable, Loom and Canva are the tools we live in",
        [("user", "uses", "Airtable", False), ("user", "uses", "Loom", False), ("user", "uses", "Canva", False)],
    ),
    # a name that is an employer, a thing's kind, a past or asked-about tool, or a colleague: nothing
    ("I build dashboards with Priya at Tableau", []),
    ("I'm making a Canva template for the bake sale", []),
    ("I used to edit in Premiere", []),
    ("do you know if I can export from Figma to Webflow?", []),
]

UNBOUND: list[str] = [
    "I left my phone on the bus to Leeds",  # a place near the role noun, no copula
    "My editor at Faber wants the Oslo chapter gone",  # a person who edits
    "my old phone was a Nokia",  # a past tool
    "my previous editor was Atom",
    "Is Bitwarden a good password manager?",  # a question
    "I might move our database to Neon",  # a hedge
    "our database is a mess",  # no name
    "my phone pinged when Marta texted from Madrid",  # two names, neither a phone
    "I write letters to my aunt in Porto",  # "write" binds only a language
    "you keep your passwords in Bitwarden, right",  # someone else's
    "we took the message queue off ActiveMQ and onto Kafka",  # the clause with the old one alone binds nothing
    "you keep your notes in Notion, don't you",  # someone else's, asked
    "typing this on my new ThinkPad, sorry for typos",  # a laptop is no phone
    "my brother switched phones, the Galaxy is his now",  # someone else's switch
    "I edit the newsletter in Canva",  # "edit" binds only a known editor
    "Sent from my iPad",  # a tablet is no phone
    "a coworker swears by Ghostty as a terminal",  # someone else's, said without "my"
    "release notes, Firefox browser",  # no one's
]


@pytest.mark.parametrize(("sentence", "expected"), BOUND)
def test_a_tool_is_bound_to_its_role(sentence: str, expected: list[Triple]) -> None:
    got = [(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")]
    assert sorted(got) == sorted(expected)


@pytest.mark.parametrize("sentence", UNBOUND)
def test_nothing_is_bound_without_a_role_and_one_name_that_fills_it(sentence: str) -> None:
    assert bindings(sentence) == []


def test_the_binding_is_the_users_only() -> None:
    assert extract_triples("Vim is still my code editor", "assistant") == []
    # "the queue" is the user's only in a sentence about the user
    assert bindings("Kafka is the queue everyone talks about") == []


def test_known_names_take_their_model_and_stop_at_a_words_edge() -> None:
    assert [m[0] for m in known_names("a Galaxy S24 Ultra and oh-my-zsh")] == ["Galaxy S24 Ultra"]
    assert [m[0] for m in known_names("Go these days")] == ["Go"]
    assert roles_of("Pixel 8a") == {"phone"}
    assert roles_of("redis") == {"queue", "database"}
    assert roles_of("Quillpad") == frozenset()
    # a model word in lower case only after a number; "I" opens the next clause
    assert [m[0] for m in known_names("an old OnePlus 12 pro lives in my drawer")] == ["OnePlus 12 pro"]
    assert [m[0] for m in known_names("the Xperia 10 I carry")] == ["Xperia 10"]


@pytest.mark.parametrize(("sentence", "expected"), WORKED_IN)
def test_software_the_user_works_in_is_used(sentence: str, expected: list[Triple]) -> None:
    got = [(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")]
    assert sorted(got) == sorted(expected)


ANSWERED: list[tuple[str, list[tuple[str, str, bool]]]] = [
    # a role asked and answered by the user, in one sentence or across two
    ("shell? fish. never going back", [("shell", "fish", False)]),
    ("ok so, password manager? Bitwarden, the whole family is on it", [("password manager", "Bitwarden", False)]),
    ("Mail app? Spark, it's fine", [("email client", "Spark", False)]),
    ("my database? Postgres. always Postgres.", [("database", "Postgres", False)]),
    ("passwords? all of them live in KeePassXC", [("password manager", "KeePassXC", False)]),
    # a bare headline with its "now"
    ("ci is Drone now, Jenkins was a pain", [("ci", "Drone", False)]),
    ("Phone is a Fairphone 5 these days", [("phone", "Fairphone 5", False)]),
    # a known tool given up for another of its role
    ("not Firefox anymore, mostly Vivaldi now", [("browser", "Firefox", True), ("browser", "Vivaldi", False)]),
    ("nope, not zsh any more — fish these days", [("shell", "zsh", True), ("shell", "fish", False)]),
    # asked, hedged, denied, or a name that can't fill the role: nothing
    ("editor? no idea, what would you pick?", []),
    ("terminal? maybe Ghostty, haven't decided", []),
    ("browser? Firefox? Brave?", []),
    ("phone? dunno, whatever was cheapest", []),
    ("shell? Rust.", []),
    ("Terminal? The default one, I never changed it", []),
    ("not Slack anymore, Discord now", []),
    # the new tool said alone after the old one given up (round 10)
    (
        "not Chrome anymore, Brave. the adblock alone is worth it",
        [("browser", "Chrome", True), ("browser", "Brave", False)],
    ),
    ("not zsh anymore, honestly? maybe fish", []),
    ("my sister's browser? Safari, obviously", []),
    # a return to one tool after a spell with another of its role
    ("back on Vim after two weeks of Helix, my fingers won", [("editor", "Vim", False)]),
    ("I'm back to Safari after a month with Brave", [("browser", "Safari", False)]),
    ("back on Strava after a month of Zwift", []),
    ("back on Vim after two weeks of maybe trying Helix", []),
    # a return said apart from the tool it leaves: the one role both fill
    ("Atom kept freezing on me. I'm back on Sublime Text.", [("editor", "Sublime Text", False)]),
    ("I'm back on Kakoune, Helix wasn't for me", [("editor", "Kakoune", False)]),
    ("I might be back on Sublime Text next week, Atom is slow", []),
    # a note about the message ("side note", "note to self", "PS") names no role: the tool is only used
    ("Side note: I went from Sublime Text to Kakoune.", []),
    ("note to self, I moved from Nano to Micro", []),
    ("Quick note, I swapped Vim for Kakoune.", []),
    ("PS I switched from Chrome to Vivaldi", []),
]


@pytest.mark.parametrize(("text", "expected"), ANSWERED)
def test_a_role_asked_and_answered_or_headlined_fills_it(text: str, expected: list[tuple[str, str, bool]]) -> None:
    facts = session_facts([Turn("e1", "user", text, datetime(2026, 5, 1, tzinfo=UTC))])
    assert [(f.predicate, f.object, f.retract) for f in facts if f.predicate not in {"uses", "likes"}] == expected
