"""The user's tools and the roles their things fill, read from the parse of their chat: "I surf the web with
Vivaldi", "installed Debian on my desktop", "my laptop runs NixOS", "Kitty is my terminal emulator", "Joplin is
where I write my notes".

One walker of :mod:`consolidators.chatparse`, for the verbs of using and the nouns of a role: a name fills the
role the user's noun names (:func:`consolidators.chatwalk.noun_role`); an old or a second thing of the user's
("my old laptop", "my holiday home") fills none now.
"""

from __future__ import annotations

from typing import Any

from .chatwalk import ME, PLAIN, is_mine, noun_role, pobjs, user_fact
from .spans import FORMER, child, is_name
from .text import lemmatise
from .types import Fact

#: Verbs whose "with/on/in X" says the role X fills.
_VERB_ROLES = {"browse": "browser", "surf": "browser", "host": "cloud provider", "deploy": "cloud provider"}
#: Modifiers that make a thing of the user's another time's or a second one: "my old flat", "my holiday home".
_NOT_NOW = FORMER | frozenset("old first childhood holiday summer vacation weekend second dream future".split())
#: What only a person does: "my editor wants 800 words by six" is the user's editor at a paper, not a program.
_PERSON_VERBS = frozenset("want ask say tell expect demand insist reply agree email text call approve reject".split())
_GIVE_UP_VERBS = frozenset("delete uninstall remove".split())


def tool(verb: Any, lemma: str) -> list[Fact]:
    """ "I surf the web with Vivaldi", "we host on X", "installed Debian on my desktop", "store it in a X database"."""
    if lemma in _VERB_ROLES:  # "surf the web with Vivaldi": the preposition may hang off the object
        dobj = child(verb, "dobj")
        objs = pobjs(verb, "with", "on", "in", "using") + (pobjs(dobj, "with", "on", "in") if dobj else [])
        names = [o for o in objs if is_name(o)]
        return user_fact(_VERB_ROLES[lemma], names[0]) if names else []
    dobj = child(verb, "dobj")
    if lemma in _GIVE_UP_VERBS and dobj is not None and is_name(dobj):  # "deleted Dropbox from all my machines"
        return user_fact("uses", dobj, retract=True)
    for o in pobjs(verb, "on", "as", "into", "to", "in", "for"):
        role = noun_role(o) if is_mine(o) else None
        if role == "os" and dobj is not None and is_name(dobj) and lemma == "install":
            return user_fact("os", dobj)
        if role is not None and role not in PLAIN:  # "swapped out Travis CI for Buildkite as our CI"
            value = next((v for v in pobjs(verb, "for", "to", "into") if is_name(v)), None)
            if value is None and o.head.text.lower() == "as" and dobj is not None and is_name(dobj):
                value = dobj  # "got an iPhone 15 as my new phone": what the verb took fills the role
            return user_fact(role, value) if value is not None else []
        named = next((c for c in o.lefts if c.dep_ == "compound" and is_name(c)), None)
        if named is not None and o.text.islower() and noun_role(o) not in (None, *PLAIN):  # "in a MariaDB database"
            return user_fact(noun_role(o) or "", named.text)
    if (
        dobj is not None and is_mine(dobj) and noun_role(dobj) not in (None, *PLAIN)
    ):  # "moved all my notes … into Logseq",
        # "I keep all my passwords in KeePassXC", "I manage my calendar in Vimcal" (the "in" may hang off the noun)
        places = pobjs(verb, "into", "to", "in", "on", "through", "with") + pobjs(dobj, "in", "on", "into")
        value = next((v for v in places if is_name(v)), None)
        return user_fact(noun_role(dobj) or "", value) if value is not None else []
    if lemma == "write" and dobj is not None and dobj.text.lower() == "code":  # "I write Elixir code"
        named = next((c for c in dobj.lefts if c.dep_ in ("compound", "amod") and is_name(c)), None)
        return user_fact("programming language", named.text) if named is not None else []
    return []


def my_thing(root: Any, subj: Any) -> list[Fact]:
    """ "My laptop runs NixOS", "our builds run on GitLab CI", "all my passwords are in X", "my address is in Cork"."""
    role = noun_role(subj)
    if role is None or role == "married to" or any(c.lower_ in _NOT_NOW for c in subj.lefts):
        return []  # "my holiday home is in Crete", "my old laptop runs Vista": not the user's own, or not now
    if lemmatise(root.text, "VERB") in _PERSON_VERBS:
        return []
    dobj = child(root, "dobj", "npadvmod")  # "my desktop runs Fedora" (the name may parse as an adverbial)
    if dobj is not None and is_name(dobj) and lemmatise(root.text, "VERB") == "run":
        return user_fact(role, dobj)
    names = [o for o in pobjs(root, "in", "on", "by", "at", "into", "through") if is_name(o)]
    return user_fact(role, names[0]) if names and root.tag_ != "VBD" or names and child(root, "auxpass") else []


def named_role(be: Any, subj: Any) -> list[Fact]:
    """ "Kitty is my terminal emulator", "Kate is the editor I use", "Joplin is where I write my notes"."""
    if be.tag_ == "VBD":
        return []
    attr = child(be, "attr")
    if attr is not None:
        relcl = child(attr, "relcl")
        mine = is_mine(attr) or relcl is not None and (child(relcl, "nsubj") or attr).text.lower() in ME
        # "Tallinn is home now"; "Granada is home to the Alhambra" is someone else's home, or a landmark's
        if (
            attr.text.lower() == "home"
            and child(attr, "det") is None
            and not any(c.lower_ == "to" for c in attr.children)
        ):
            return user_fact("lives in", subj)
        role = noun_role(attr) if mine else None
        thing = is_name(subj, initial=True) or role in ("likes", "prefers drink")  # a hobby needs no capital
        if role is not None and role != "married to" and thing:
            return user_fact(role, subj)
        return []
    # "Joplin is where I write my notes", "Mutt is how I do email": the clause's own "I" makes the thing mine
    where = child(be, "advcl", "ccomp")
    if where is not None and any(c.text.lower() in ("where", "how") for c in where.children):
        dobj = child(where, "dobj")
        doer = child(where, "nsubj")
        mine = dobj is not None and (
            is_mine(dobj) or doer is not None and doer.lower_ in ME and child(dobj, "det") is None
        )
        role = noun_role(dobj) if mine else None
        return user_fact(role, subj) if role is not None and role not in PLAIN and is_name(subj, initial=True) else []
    return []
