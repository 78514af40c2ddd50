"""Who holds an office a third-person sentence names, when the parse's plain reading would pick the
wrong person: the appointed (not the board), the successor (not the predecessor), the titled name
("led by President Hana Vrel").
"""

from __future__ import annotations

from typing import Any

from .relations import role_relation
from .spans import child, is_name, make_fact, owner_of, prep_of, role_words, value_of
from .types import Fact
from .verbs import lemma_of

#: Verbs whose subject gives its own role to the object: "Marlow Biotech appointed Samuel Oduya as chief executive".
_HIRE_VERBS = frozenset("appoint name hire promote install elect choose pick select confirm".split())
#: Verbs whose subject holds, as the "as" phrase says, an office of their object: "X leads Acme as CEO".
_LEAD_VERBS = frozenset("lead run head helm".split())
#: Verbs whose "by" names who holds an office: "led by President Hana Vrel", "governed by Mayor Wirth".
_OFFICE_VERBS = frozenset("lead govern run head helm chair manage".split())
#: Words before a title that make its holder a past one: "Former CEO X now runs Lumen Labs" holds no office of it.
_PAST_TITLE = frozenset("former ex outgoing erstwhile then late".split())


def holder(subj: Any, verb: Any, dobj: Any, lemma: str) -> Any:
    """Who holds the office an "as" phrase names: "The board appointed Rita Sousa as CEO" (the object),
    "Hale was succeeded by Dana Moss as mayor" (the agent), "Ottawa serves as the capital" (the subject)."""
    passive = child(verb, "auxpass") is not None
    if lemma in _HIRE_VERBS and not passive and dobj is not None:
        return dobj
    agent = next((child(c, "pobj") for c in verb.children if c.dep_ == "agent"), None)
    if lemma in ("succeed", "replace") and passive and agent is not None:
        return agent
    return subj


def office_holder(subj: Any, verb: Any, lemma: str) -> list[Fact]:
    """ "Ostravia is led by President Hana Vrel", "Under CEO Orin Takeda, Halvard tripled its revenue":
    the holder's title names the subject's office; "Interim CEO Dale Okafor is running Brightwater Foods": the
    leader's title names an office of what they lead."""
    holders = [
        o
        for p in verb.children
        if p.dep_ == "agent" and lemma in _OFFICE_VERBS or p.dep_ == "prep" and p.lower_ == "under"
        for o in [child(p, "pobj")]
        if o is not None and o.pos_ == "PROPN"
    ]
    led = child(verb, "dobj") if lemma in _LEAD_VERBS else None
    if led is not None and is_name(led) and is_name(subj):  # "Interim CEO Dale Okafor is running Brightwater Foods"
        title = next((c for c in subj.lefts if c.dep_ == "compound" and c.pos_ in ("PROPN", "NOUN")), None)
        role = role_relation([title.text]) if title is not None else None
        past = title is not None and any(c.lower_ in _PAST_TITLE for c in title.lefts)  # "Former CEO X": no holder
        if title is not None and role is not None and role[1] == "owner" and not past:
            return make_fact(value_of(led), role[0], subj.doc[title.i + 1 : subj.i + 1].text, single=True)
    for holder in holders:
        title = next((c for c in holder.lefts if c.dep_ == "compound" and c.pos_ == "PROPN"), None)
        role = role_relation([title.text]) if title is not None else None
        owner = value_of(subj)  # "The town of Kessel is governed by Mayor Anton Wirth"
        if role is not None and role[1] == "owner" and is_name(owner, initial=True):
            return make_fact(owner, role[0], holder, single=True)
    return []


def office_given(subj: Any, verb: Any, dobj: Any, as_obj: Any, lemma: str) -> list[Fact]:
    """ "Marlow Biotech appointed Samuel Oduya as chief executive", "Acme replaced Tom with Nora as CEO": an
    office with no other owner is the subject's own."""
    owner = owner_of(as_obj) if as_obj is not None else None
    role = role_relation(role_words(as_obj)) if as_obj is not None else None
    holder = child(prep_of(verb, "with"), "pobj") if lemma == "replace" else dobj
    if role is None or role[1] != "owner" or holder is None or not is_name(holder):
        return []
    if subj.tag_ in ("NNS", "NNPS") and subj.i == subj.sent.start:
        return []  # "Voters in Carrow Bay elected …": the electors own no office
    if lemma in _LEAD_VERBS and is_name(subj):  # "Naomi Fischer now leads Arcwell Energy as chief executive"
        # "leads City Hall as London's mayor": the office's own owner, where the "as" phrase names one
        return make_fact(
            owner if owner is not None and child(as_obj, "poss") is not None else holder, role[0], subj, single=True
        )
    if (
        owner is not None and lemma == "replace"
    ):  # "Lawmakers replaced Russian with Romanian as the official language of Marovia"
        if holder is None and is_name(subj):  # "Dev Patel replaces Emma Stone as CEO of Brightwater": the subject
            return make_fact(owner, role[0], subj, single=True)
        return make_fact(owner, role[0], holder, single=True)
    if owner is not None:
        return []
    return make_fact(subj, role[0], holder, single=True) if lemma in _HIRE_VERBS or lemma == "replace" else []


#: Verbs of leaving a post: what one left it "to" do is done ("left Marlow to become coach at Solvane").
_LEAVE_VERBS = frozenset({"leave", "quit", "depart", "resign", "exit", "step down"})
#: What a departure was for: a post ("to become …") or the work itself ("left A to work at B", "to play for B").
_POST_VERBS = frozenset({"become", "take over", "take", "take up", "serve", "work", "play", "teach"})


def departure_posts(root: Any) -> list[Any]:
    """The new post a departure was for: "left the orchestra to become music director at Teatro Real". A purpose
    after any other verb is a plan ("is expected to become CEO"), so only a leaving verb's is read."""
    if lemma_of(root) not in _LEAVE_VERBS:
        return []
    # a post named ("to become …", "to take over as …"); a join is the move readers' ("quit A to join B": a band or
    # a firm, as the party left tells)
    return [
        c
        for c in root.children
        if c.dep_ == "xcomp"
        and lemma_of(c) in _POST_VERBS
        and child(c, "aux") is not None
        and child(c, "nsubj") is None
    ]
