"""What a message pasted from a profile or a form says: "Location: Almaty", "Job title: agronomist | Company:
Embrapa", "Editor: VS Code. Shell: zsh.", "Languages: Kazakh, Russian, English", "favourite drink: oat flat white".

A field's label names the relation and its value is the object, so no verb is needed. Only labels that name a
relation of the vocabulary count; any other field ("Name:", "Age:") says nothing the memory keeps.
"""

from __future__ import annotations

import re

from . import boxes, toolnames
from .lifeevents import PETS, fact, is_occupation
from .places import country_of
from .text import lemmatise
from .toolnames import TOOL_ROLES
from .types import Fact
from .vocabulary import clean_object, is_time, normalise_predicate

#: Labels of a profile's fields and the relation each names; a tool role's label is read by the chat
#: readers' role nouns (``role_of``) instead.
_LABELS: dict[str, str] = {
    **{
        w: "lives in"
        for w in ("location", "city", "based in", "home", "home town", "home city", "residence", "lives in")
    },
    **{
        w: "works at"
        for w in ("employer", "company", "workplace", "organisation", "organization", "works at", "work", "employed by")
    },
    **{w: "works as" for w in ("occupation", "job", "job title", "profession", "role", "day job", "current job")},
    **{w: "born in" for w in ("place of birth", "birthplace", "born in", "born")},
    **{
        w: "speaks"
        for w in ("languages", "languages spoken", "spoken languages", "speaks", "native language", "mother tongue")
    },
    **{w: "studies" for w in ("field of study", "major", "studying")},
    **{w: "studies at" for w in ("university", "school", "college")},
    **{w: "prefers drink" for w in ("favourite drink", "favorite drink", "drink of choice", "drink")},
    **{w: "likes" for w in ("hobbies", "interests", "hobby")},
    **{w: "has pet" for w in ("pets", "pet")},
    **{w: "married to" for w in ("spouse", "wife", "husband")},
    **{w: "programming language" for w in ("programming language", "main language")},
    **{w: "citizen of" for w in ("nationality", "citizenship")},
}
#: The relations the labels name: a label the table lacks may still name one through the vocabulary ("Lives:").
_RELATIONS = frozenset(_LABELS.values())
#: Relations whose value is a name: "Home: back by 6" or "School: closed today" names none.
_NAMED = frozenset({"lives in", "works at", "born in", "studies at", "married to", "speaks", "citizen of"})
#: The predicates whose value may be a list ("Languages: Kazakh, Russian, English").
_LISTS = frozenset({"speaks", "likes", "has pet"})
#: Fields only a company's box has: its "Company:" is its own name, no one's employer.
_COMPANY_LABELS = frozenset(
    {"registered office", "headquarters", "hq", "majority owner", "parent company", "founded", "founders"}
    | {"industry", "revenue", "employees", "ticker", "legal form"}
)
#: One "Label: value" field; fields part at "|", at a sentence's end, or before the next label.
_FIELD = re.compile(
    r"(?:^|\s[|•·]\s|[.;]\s)(?P<label>[A-Za-z][A-Za-z ]{0,24}?)\s*:\s*(?P<value>[^|•·;:]+?)"
    r"(?=\s*(?:[|•·;]|[—–]\s|$|\.\s|[.]$))"
)
#: What grades a label without naming another field: "main browser", "new notes app", "browser of choice".
_GRADES = re.compile(
    r"^(?:(?:current|main|primary|usual|default|daily|go-to|new|preferred|favou?rite) )+|\s+of choice$"
)
#: One field alone on its line, its label parted from its value by a dash: "Employer — Initech".
_DASHED = re.compile(r"^(?P<label>[A-Za-z][A-Za-z ]{0,24}?)\s+[—–-]\s+(?P<value>[^|•·;:—–]+?)[.\s]*$")
#: A box headed by a name, not a label: "Kaspar Jürgens | Position: defender", "Kwame Mensah — Born: 1954, Kumasi".
#: Its fields are the named one's (the restated box's reader takes them), never the speaker's.
_HEADED = re.compile(
    r"^[A-ZÀ-ÖØ-ÞĀ-Ž][\w.'-]*(?: (?:[A-ZÀ-ÖØ-ÞĀ-Ž][\w.'-]*|de|da|del|van|von|al|bin|la|le))+(?: \([^)]*\))?\s*(?:[|•·—–]|\s-)"
)
#: A value still weighed: two candidates, a hedge or a plan ("zsh or fish", "maybe Leeds", "Leeds (tbc)").
#: Case matters: "VS Code" is a name, "vs" a choice.
_WEIGHED = re.compile(r"\b(?:or|vs|versus|(?i:not|maybe|perhaps|probably|tbc|tbd|soon|hopefully|eventually))\b")
#: What a value adds that is no part of it: "Polish (native)", "Cluj-Napoca, Romania".
_ASIDE = re.compile(r"\s*\([^)]*\)")
#: An aside that takes a value back: a hedge, or a trial not yet settled ("(maybe)", "(trying it out)").
_UNSURE = re.compile(
    _WEIGHED.pattern + r"|\b(?i:try|trying|trial|testing|considering|planned|proposed|pending|expected|upcoming)\b"
)
#: A value's contrast with another it is not ("vim, not emacs"): the value stands, the rejected one is no part of it.
_CONTRAST = re.compile(r",\s*(?:not|never)\s+[^,]+$", re.I)
#: A value that says the field is empty: "Job: none", "Employer: n/a", "Pets: nope".
#: A placeholder is no value either: "Major: undecided", "School: TBD", "City: ?".
_NO_VALUE = frozenset(
    "none n/a na n.a. nil nothing nobody nope no - -- — – ? ?? tbd tba tbc undecided undeclared unknown unsure".split()
)
#: A label qualified as no current field: one held before ("previous editor", "old job", "ex employer") or one
#: wished for or planned ("dream editor", "next job", "wishlist laptop").
_NOT_CURRENT = re.compile(
    r"\b(?:previous|prev|old|older|former|prior|past|last|ex|dream|ideal|next|future|wishlist|wish|planned|target)\b"
)
#: What parts a list's items: a comma, "and" or a spaced slash ("Welsh / English").
_ITEMS = re.compile(r",\s*(?:and\s+)?|\s+and\s+|\s+/\s+")
_SLASH = re.compile(r"\s/\s")
#: An unspaced slash between two capitalised words: "Lisbon/Porto", "Welsh/English".
_TWO_NAMES = re.compile(r"(?<=[a-z])/(?=[A-Z][a-z])")
#: A spaced slash or a comma before the next field's label: the two are fields of one line, not one value
#: ("Home: Bergen / Work: Equinor", "Major: geology, minor: none").
_FIELD_SLASH = re.compile(r"\s+/\s+(?=[A-Za-z][A-Za-z ]{0,24}:)|,\s+(?=[A-Za-z][A-Za-z ]{0,24}:\s)")


def titled(text: str) -> bool:
    """Whether ``text`` is a box of fields with a name for its title (:data:`_HEADED`, or one the restating reader
    finds: "Name: Ada Vell | Born: …", "Merrow | Capital: …"): about that name, never the speaker
    (:mod:`consolidators.restated` reads it)."""
    return bool(_HEADED.match(text.strip())) or bool(boxes.fact_box(text))


def facts(text: str, role_of: dict[str, str]) -> list[Fact]:
    """The facts the fields of ``text`` state, or [] when it has no field this module can read."""
    if titled(text):
        return []
    found: list[Fact] = []
    text = _FIELD_SLASH.sub(" | ", text)  # "Home: Bergen / Work: Equinor": the slash parts two fields
    matches = list(_FIELD.finditer(text.strip())) or [m for m in _DASHED.finditer(text.strip()) if _dashed_field(m)]
    if any(boxes.PLANNED.search(m["value"]) for m in matches):
        return []  # "Major: biology, school: ETH Zurich next year": a plan, which may be the whole line's
    for m in matches:
        if _asked(text, m):
            continue
        label = m["label"].strip().lower()
        if _NOT_CURRENT.search(label):
            continue  # "previous editor: Emacs", "Dream editor: Zed": not the field as it is now
        predicate = _relation(label) or _tool_role(label, role_of) or ("has pet" if _pet_kind(label) else None)
        label = label if predicate else _spelled(label)
        predicate = predicate or _relation(label) or _tool_role(label, role_of)
        if any(_UNSURE.search(aside) for aside in _ASIDE.findall(m["value"])) or boxes.ENDED.search(m["value"]):
            continue  # "editor: Zed (trying it out)", "Location: Leeds (maybe)", "Employer: X (until 2021)": not now
        value = _CONTRAST.sub("", _ASIDE.sub("", m["value"])).strip(" .")
        if value.split(" ", 1)[0].lower() in _NO_VALUE or value.lower() in _NO_VALUE:
            continue  # "Job: none at the moment", "Employer: n/a": the field is empty
        if label in _LOOSE and not _A_NAME.fullmatch(value):
            continue  # "work: Zoom calls all day", "Work: Jira, Slack, repeat": a day, not an employer
        if predicate:
            found += _values(predicate, value, machine=predicate == "os" and not _SYSTEM.search(label))
    return found


#: A label that names the system itself ("OS:", "operating system:", "distro:"), not a machine that carries one.
_SYSTEM = re.compile(r"\b(?:os|operating system|system|distro|distribution)\b")


#: Labels that head a day's plans as often as a profile's field: only a name alone is their value.
_LOOSE = frozenset({"work"})
_A_NAME = re.compile(r"[A-Z0-9][\w&.'-]*(?: (?:&|of|and|de|for)?\s?[A-Z0-9][\w&.'-]*)*")


def _asked(text: str, m: re.Match[str]) -> bool:
    """Whether the field is asked or weighed, not stated: "editor: helix?", "shell: zsh or fish", "city: maybe Leeds"."""
    after = text.strip()[m.end() :].lstrip()
    # "Location: Leeds — maybe Hull by June": a dash parts a value from words that may weigh it
    weighed = after.startswith(("—", "–")) and _UNSURE.search(re.split(r"[|•·;.]", after)[0])
    return (
        "?" in m["value"]
        or after.startswith("?")
        or bool(_WEIGHED.search(_CONTRAST.sub("", m["value"])))
        or bool(weighed)
    )


def _dashed_field(m: re.Match[str]) -> bool:
    # Only a colon marks a field for sure: a dash also parts a clause from a request or a comment ("our CI is
    # Buildkite CI - could you …", "laptop OS — what a pain"), so a dashed field is a label of a few words and
    # a name of a few, not two clauses.
    value = m["value"].strip()
    return (
        len(m["label"].split()) <= 3
        and len(value.split()) <= 6
        and (value[:1].isupper() or value[:1].isdigit() or is_occupation(value))  # "Job — nurse"
    )


#: Shorthand a label's words are written in: "password mgr", "fav drink", "drink pref".
_SHORT = {"mgr": "manager", "fav": "favourite", "fave": "favourite", "pref": "preference"}
#: What grades a label after its noun: "drink preference" is the drink.
_AFTER_GRADES = re.compile(r"\s+(?:preference|choice)$")


def _spelled(label: str) -> str:
    """A label's shorthand spelled out and its grading words dropped: "fav drink" and "drink pref" are "drink"."""
    words = " ".join(_SHORT.get(w, w) for w in label.split())
    return _AFTER_GRADES.sub("", _GRADES.sub("", words)) or words


def _pet_kind(label: str) -> bool:
    """A pet's kind as a label ("dogs:", "cat:"): its value names the user's pets."""
    return lemmatise(label, "NOUN") in PETS


def _relation(label: str) -> str | None:
    """The relation a profile's label names, its grading words aside ("Current city", "Present employer"), or
    through the vocabulary as a verb that dropped its preposition ("Lives: Gdynia", "Based: Vilnius",
    "Studying at: …"): "lives in", "based in" are relations the fields read, whatever the label's word."""
    for phrase in (label, f"{label} in", f"{label} at"):
        normal = normalise_predicate(phrase)
        relation = _LABELS.get(phrase) or _LABELS.get(normal) or (normal if normal in _RELATIONS else None)
        if relation:
            return relation
    return None


def anothers(text: str) -> bool:
    """Whether ``text`` is a box headed by a name (:data:`_HEADED`) or a company's box (:data:`_COMPANY_LABELS`,
    "Registered office: Tallinn. Company: Kuusk Software OÜ"): the named one's facts, not the speaker's."""
    if titled(text):
        return True
    return ":" in text and any(m["label"].strip().lower() in _COMPANY_LABELS for m in _FIELD.finditer(text.strip()))


def _tool_role(label: str, role_of: dict[str, str]) -> str | None:
    # "laptop OS" is the OS; "browser of choice" and "main browser" the browser ("switched browsers" names none)
    role = role_of.get(label) or role_of.get(label.rsplit(" ", 1)[-1]) or role_of.get(_GRADES.sub("", label))
    return role if role in TOOL_ROLES else None


def _values(predicate: str, value: str, machine: bool = False) -> list[Fact]:
    """The facts a field's value states; ``machine``: the label names a machine ("Laptop:"), so its value is an OS
    only where it names one the lists know ("Laptop: Dell XPS 13" names the machine, no OS)."""
    # "Born: 1961, Tampere": the date beside a value is no part of it
    value = ", ".join(part.strip() for part in value.split(",") if not is_time(part.strip()))
    if predicate == "citizen of":
        value = country_of(value) or value  # "Nationality: Chilean" is Chile's
    if not value or is_time(value) or predicate in _NAMED and not value[:1].isupper():
        return []
    if predicate == "works as" and not is_occupation(value):
        return []  # "Role: organiser of the book club"
    if predicate in _NAMED:  # "Lisbon/Porto" is two names, as "Lisbon / Porto" is ("GNU/Linux", "AC/DC": one)
        value = _TWO_NAMES.sub(" / ", value)
    items = _ITEMS.split(value) if predicate in _LISTS else [value.split(",")[0]]
    if len(items) == 1 and _SLASH.search(items[0]) or predicate == "has pet" and " & " in value:
        return []  # "Drink: oat latte / flat white": two values of one; "Dogs: Toffee & Rolo" two a name would join
    attribute = predicate in TOOL_ROLES
    if attribute:
        items = [_filling(predicate, item, machine) for item in items]
    return [fact(predicate, item, 0.8, attribute=attribute) for item in items if clean_object(item)]


def _filling(role: str, value: str, machine: bool = False) -> str:
    """The one known tool of ``role`` a field's value names, with its model: "Laptop: ThinkPad running Debian 12"
    names the OS Debian 12, the machine only carries it. A machine's value without one names no OS ("")."""
    fitting = [m for m in toolnames.known_names(value) if role in toolnames.roles_of(m[0])]
    # "IDE: Neovim + a dozen plugins": a value that opens with the tool says more about it after its name;
    # "GNU/Linux" is a name of its own, not Linux
    if len(fitting) == 1 and (fitting[0].start() == 0 or _CARRIES.search(value[: fitting[0].start()])):
        return fitting[0][0].strip()
    return "" if machine else value


#: What a machine in a field's value does with the system it runs: "ThinkPad running Debian 12".
_CARRIES = re.compile(r"\b(?:running|runs|with|on)\s+$")
