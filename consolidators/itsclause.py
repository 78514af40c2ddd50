"""Which earlier name a later clause's "its" stands for: "Borvelia's capital is Strenna and its mayor is Ida Koss".

The clause is read with "its" as the first clause's subject first (the usual case: "Chile's capital is Santiago,
and its currency is the peso"). When what it then says is of a kind that subject is not — a city's office said of
a country — the nearest name the first clause gives that kind is the antecedent instead: the capital it named is
a city, and a city has a mayor.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .types import Fact

#: Relations only a city holds: "its mayor" is a city's.
_OF_A_CITY = frozenset({"mayor"})
#: Relations whose value is a city: the capital a country names, the seat a company has.
_A_CITY = frozenset({"capital", "headquartered in"})
#: Relations that say their subject is a state or a company, no city.
_NO_CITY = frozenset({"capital", "currency", "official language", "president", "ceo", "headquartered in", "owned by"})


def its_facts(
    rest: str, subject: str, found: list[Fact], read: Callable[[str], list[Fact]], *, opens_on_value: bool = False
) -> list[Fact]:
    """The facts ``rest`` (a clause with "its") states, with "its" the antecedent they fit; ``read`` parses.
    ``opens_on_value``: the sentence opens on a value of its facts ("Skopje is the capital of X, and its …"),
    so "its" may be either name: only a relation that fits one kind alone is read."""
    said = read(_with_owner(rest, subject))
    of_a_city = any(f.predicate in _OF_A_CITY and f.subject == subject for f in said)
    if not of_a_city or not any(f.subject == subject and f.predicate in _NO_CITY for f in found):
        return [] if opens_on_value else said
    # the nearest city the first clause named: the last one said before the clause
    cities = [f.object for f in found if f.predicate in _A_CITY and not f.retract and f.object[:1].isupper()]
    return read(_with_owner(rest, cities[-1])) if cities else []


def _with_owner(rest: str, owner: str) -> str:
    return re.sub(r"\bits\b", f"{owner}'s", rest, count=1) + "."  # parsed as the sentence it is
