"""Whether a fact a reader found is named by the vocabulary: the last gate every sentence's facts pass.

Whichever reader found it, a fact about someone else states a relation of the vocabulary (or of the
deployment's ``relations``), or a plain verb's canonical predicate with a name or a short noun phrase for its
value (:func:`plain_verb`); a fact of the user's named by a person they have ("my girlfriend is Ingrid") under no
relation of the vocabulary is none either (:func:`outside_vocabulary`). :mod:`consolidators.triples` asks these
of every sentence's facts; so is :func:`run_on_user_verb`, a user's plain verb whose value runs on.
"""

from __future__ import annotations

import re

from .forms import RELATION_NOUNS
from .phrases import VOCABULARY
from .relations import THIRD_PERSON_PREDICATES
from .text import OTHER_PEOPLE
from .toolnames import TOOL_ROLES
from .types import Fact
from .vocabulary import drop_time_words

#: A person the user has, named by their relation to the user: "my girlfriend", "my landlord", "my dentist".
_PEOPLE = (
    RELATION_NOUNS
    | frozenset(OTHER_PEOPLE.replace("?", "").split("|"))
    | frozenset("fiancé fiancée doctor dentist therapist gp vet lawyer accountant tutor mentor coach".split())
    # the people a student or a trainee has
    | frozenset("supervisor advisor adviser teacher professor lecturer instructor trainer".split())
)
#: What the user's own facts may be named by: the vocabulary's predicates and the tools' roles.
_USER_VOCABULARY = VOCABULARY | TOOL_ROLES | THIRD_PERSON_PREDICATES


def outside_vocabulary(predicate: str, relations: frozenset[str]) -> bool:
    """Whether a fact of the user's is named by a person the user has ("girlfriend", "best friend", "dentist")
    under no relation of the vocabulary nor the deployment's ``relations``: only "wife"/"husband" name one
    (``married to``), and a relation the vocabulary lacks yields no fact, for the user as for anyone else."""
    if predicate in _USER_VOCABULARY or predicate in relations:
        return False
    head = predicate.split()[-1] if predicate.split() else ""
    return predicate in _PEOPLE or head in _PEOPLE


#: What a plain verb's object about someone else is not: a clause ("had twelve mayors"), a phrase with a
#: preposition ("restaurants in three cities").
_NO_PLAIN_VALUE = re.compile(
    r"^(?:has|have|had|is|are|was|were|been|being|do|does|did)\b|\b(?:in|at|on|of|for|with|from|to|by|about)\b"
)


def plain_verb(f: Fact) -> bool:
    """A plain verb's canonical predicate about a named subject ("Herald uses RSS", "Acme has 50 employees"): a
    name or a short noun phrase for its value, not a phrase of the moment ("five goals this season")."""
    value = f.object
    # a role's value is a name ("Zagreb hosted the regional chess championship" names no cloud provider)
    phrase = " " not in f.predicate and f.subject[:1].isupper() and len(value.split()) <= 3
    return (
        f.predicate in VOCABULARY
        and (value[:1].isupper() or phrase and not _NO_PLAIN_VALUE.search(value))
        and drop_time_words(value) == value
    )


#: The plain verbs whose value a user's sentence may run on past ("I read my work mail in Thunderbird"): the
#: roles and the corpus relations (``uses``, ``likes``) cut their values themselves.
_PLAIN_USER_VERBS = frozenset({"reads", "plays", "follows", "knows", "owns", "has", "visited"})


def run_on_user_verb(f: Fact) -> bool:
    """Whether a plain verb's lower-case value in the user's own sentence runs into a phrase with a preposition
    ("work mail in Thunderbird", "the cello in a band on Thursdays"): the thing and where it is done, no value."""
    value = f.object
    return f.predicate in _PLAIN_USER_VERBS and value[:1].islower() and bool(_NO_PLAIN_VALUE.search(value))
