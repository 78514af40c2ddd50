"""An interview's quotation in the first person, attributed to its speaker (:mod:`consolidators.quoted`): its "I"
is the speaker's, never the user's. Each row is worded here, not taken from a corpus, and fails if the reader goes."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str, bool]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("'I was born in Tampere,' says Ilkka Rantanen.", [("Ilkka Rantanen", "born in", "Tampere", False)]),
        ('"My wife is Sunniva Lie," said Arvid Holt.', [("Arvid Holt", "married to", "Sunniva Lie", False)]),
        # a describing word or two before the name, a clause after it
        (
            "'Gdynia is home now,' says sculptor Wanda Olszak, who settled there in 2020.",
            [("Wanda Olszak", "lives in", "Gdynia", False)],
        ),
        (
            "'I was born in Tampere,' Ilkka Rantanen told the audience.",
            [("Ilkka Rantanen", "born in", "Tampere", False)],
        ),
    ],
)
def test_a_quote_is_its_speakers_statement(text: str, expected: list[Triple]) -> None:
    got = sorted((f.subject, f.predicate, f.object, f.retract) for f in extract_triples(text, "user"))
    assert got == sorted(expected)


@pytest.mark.parametrize(
    "text",
    [
        "'I was born in Tampere,' he said.",  # no name to give the statement to
        "'He was born in Tampere,' says Ilkka Rantanen.",  # someone else's birthplace, in the third person
        "'Tampere is a lovely town,' says Ilkka Rantanen.",  # an opinion, no first person
        "'I might move to Tampere one day,' says Ilkka Rantanen.",  # a plan
    ],
)
def test_a_quote_without_a_first_person_statement_gives_its_speaker_nothing(text: str) -> None:
    assert [f for f in extract_triples(text, "user") if f.subject in ("Ilkka Rantanen", "user")] == []
