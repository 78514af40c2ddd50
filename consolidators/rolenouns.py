"""Which role a user's phrase names: the vocabulary of roles a tool, a place or a person fills for the user.

"terminal emulator", "my pw manager", "my editor of choice", "my default browser for work" all name one role
("terminal", "password manager", "editor", "browser"): the qualifiers before the noun ("default", "favourite")
and what the role is for or since when after it ("for everything", "at work") name none, and the longest known
tail of what is left, its last word as a noun's lemma, wins. A phrase whose tail the vocabulary lacks names no
role. The first-person readers (:mod:`consolidators.chatparse` and the phrase rules) ask this one vocabulary.
"""

from __future__ import annotations

import re

from .forms import norm
from .text import lemmatise
from .types import Fact

#: Nouns that name a role a user's tool (or place, or person) fills; the longest known tail wins.
ROLE_NOUNS: dict[str, str] = {
    **dict.fromkeys(("editor", "ide", "text editor", "code editor"), "editor"),
    **dict.fromkeys(("terminal", "terminal emulator"), "terminal"),
    **dict.fromkeys(("browser", "web browser"), "browser"),
    **dict.fromkeys(("note", "notes", "notes app", "note app", "notebook"), "notes app"),
    # chat shortens the role's noun: "my pw manager", "pwd manager"
    **dict.fromkeys(("password", "passwords", "password manager", "pw manager", "pwd manager"), "password manager"),
    **dict.fromkeys(("mail", "email", "email client", "mail client", "mail app", "email app", "inbox"), "email client"),
    **dict.fromkeys(("calendar", "calendar app"), "calendar app"),
    **dict.fromkeys(("ci", "build", "builds", "pipeline", "pipelines"), "ci"),
    **dict.fromkeys(("queue", "message queue", "job queue"), "queue"),
    **dict.fromkeys(("database", "db", "datastore"), "database"),
    **dict.fromkeys(("shell",), "shell"),
    **dict.fromkeys(("phone", "smartphone"), "phone"),
    **dict.fromkeys(("laptop", "desktop", "computer", "machine", "os", "operating system"), "os"),
    **dict.fromkeys(("cloud", "cloud provider", "hosting", "host"), "cloud provider"),
    **dict.fromkeys(("programming language",), "programming language"),
    **dict.fromkeys(("hobby", "pastime"), "likes"),
    **dict.fromkeys(("drink", "beverage"), "prefers drink"),
    **dict.fromkeys(("address", "home"), "lives in"),
    **dict.fromkeys(("wife", "husband", "spouse"), "married to"),
    **dict.fromkeys(("first language", "native language", "mother tongue", "native tongue"), "speaks"),
}
#: Words before a role that qualify it, not name it ("my default browser", "my favourite hobby").
_QUALIFIERS = frozenset("default main primary favourite favorite new current usual daily go-to preferred".split())
_OF_CHOICE = re.compile(r"\s+of (?:choice|preference)\b", re.I)
#: What a role is for or since when, after its noun: "editor for everything", "browser at work".
_ROLE_SCOPE = re.compile(r"\s+(?:for|at|since|from|on|in)\b.*$", re.I)


def role_phrase(phrase: str) -> str | None:
    """The role a phrase of the user's names ("terminal emulator", "default browser"), if the vocabulary has it."""
    phrase = _OF_CHOICE.sub("", phrase)  # "my editor of choice" is my editor
    phrase = _ROLE_SCOPE.sub("", phrase)  # "my editor for everything" is my editor
    words = [w for w in re.findall(r"[\w-]+", phrase.lower()) if w not in _QUALIFIERS and w not in ("my", "our")]
    for start in range(len(words)):
        for tail in (words[start:], [*words[start:-1], lemmatise(words[-1], "NOUN")]):
            if " ".join(tail) in ROLE_NOUNS:
                return ROLE_NOUNS[" ".join(tail)]
    return None


def plain_use(fact: Fact, value: str) -> bool:
    """Whether ``fact`` is the plain ``uses`` of ``value`` that a switch into a tool's role was first read as:
    "moved off Kitty onto Alacritty", read against a held terminal, is the terminal's change, and a ``uses`` of the
    same tool beside it is the same words read twice (the tool fills the role, no role besides)."""
    return fact.subject == "user" and fact.predicate == "uses" and not fact.retract and norm(fact.object) == norm(value)
