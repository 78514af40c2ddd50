"""One list of tool roles: every role the tool lists know is read as a single-valued role by each reader."""

from __future__ import annotations

import pytest

from consolidators import changevalues
from consolidators.toolnames import ROLES
from consolidators.triples import sentence_triples


@pytest.mark.parametrize("role", sorted(ROLES))
def test_a_change_names_a_known_tool_of_every_role(role: str) -> None:
    name = min(ROLES[role], key=len)  # any name the lists know for the role
    assert [v.lower() for v in changevalues.candidates(role, f"I switched to {name.title()} last week", False)] == [
        name
    ]


@pytest.mark.parametrize(
    ("box", "role", "value"),
    [
        ("Main language: Kotlin | Shell: nushell", "programming language", "Kotlin"),
        ("Phone: Fairphone 5 | Browser: Vivaldi", "phone", "Fairphone 5"),
    ],
)
def test_a_profile_field_of_a_role_replaces_the_roles_value(box: str, role: str, value: str) -> None:
    found = {(f.predicate, f.object): f for f in sentence_triples(box, "user", frozenset())}
    assert found[(role, value)].replaces_attribute
