"""The user saying who they are in chat's shapes: a label ("ICU nurse at St Mary's here, …"), a name and then what
they are ("I'm Tomasz, a paramedic in Cardiff"), the speaker as "someone who …", the job worked "as"; and the asides that only seem to
hedge: one on the statement's relevance ("… if that's useful"), a comparison's own clause ("more than I'd admit"),
a reason given after the statement ("… because my partner couldn't stand Lisbon").
Every row was written for these tests; the positive rows fail without the mechanism, the negative ones pin what
it must not read."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str, bool]

ROWS: list[tuple[str, list[Triple]]] = [
    # a label with "here": the occupation, and where or for whom it is held
    ("Radiographer here, quick question about night shifts", [("user", "works as", "radiographer", False)]),
    (
        "backend dev at Monzo here, how do I rotate keys?",
        [("user", "works as", "backend dev", False), ("user", "works at", "Monzo", False)],
    ),
    (
        "Paramedic in Cardiff here, what's the best rota app?",
        [("user", "works as", "paramedic", False), ("user", "lives in", "Cardiff", False)],
    ),
    # ... but not a job that is over or to come, nor a label that is no job
    ("Former nurse here, now in tech", []),
    ("Aspiring screenwriter here", []),
    ("Mom of two here, sleep is a myth", []),
    ("Chris here, quick q", []),
    # a name, then what the writer is
    (
        "I'm Tomasz, a paramedic in Cardiff",
        [("user", "works as", "paramedic", False), ("user", "lives in", "Cardiff", False)],
    ),
    # the job a user works, starts or joins "as", whatever stands between the verb and the "as"
    ("these days I work weekends as a barista", [("user", "works as", "barista", False)]),
    (
        "Started at Coolblue in June as a data analyst",
        [("user", "works at", "Coolblue", False), ("user", "works as", "data analyst", False)],
    ),
    ("I worked there as a nurse for years", []),
    ("I started as a junior developer in 2015 and now I lead the team", []),
    ("my wife started at Zalando as a designer", []),
    ("I'll start at Coolblue in June as a data analyst", []),
    # an aside that conditions only its own relevance hedges nothing; a condition on the fact does
    ("I work at Zalando if that's useful", [("user", "works at", "Zalando", False)]),
    ("I live in Leeds if that is relevant", [("user", "lives in", "Leeds", False)]),
    ("I use Docker if it's needed", []),
    # a comparison's own clause: its modal hedges the standard, not the taste
    ("I enjoy sailing more than I'd like to admit", [("user", "likes", "sailing", False)]),
    ("I love sudoku way more than I probably should", [("user", "likes", "sudoku", False)]),
    ("I'd enjoy sailing more than I do now", []),
    # a reason after the statement: its own modal or "not" hedges the reason only
    ("I live in Porto now because my partner couldn't stand Lisbon", [("user", "lives in", "Porto", False)]),
    ("I moved to Porto because the rent in Lisbon would have killed me", [("user", "lives in", "Porto", False)]),
    ("I'd move to Porto because the rent is lower", []),
    ("I don't live in Porto because it would be too expensive", []),
    # "as someone who …" that opens the sentence identifies the speaker
    ("as someone who lives in Tromsø, I find the winter light hard", [("user", "lives in", "Tromsø", False)]),
    ("As a person who works at Maersk I can tell you shipping is chaos", [("user", "works at", "Maersk", False)]),
    ("my friend, as someone who lives in Oslo, says it's cold", []),
    ("as someone who used to live in Oslo, I miss the fjords", []),
]


def _triples(sentence: str) -> set[Triple]:
    return {(f.subject, f.predicate, f.object.lower(), f.retract) for f in extract_triples(sentence, "user")}


@pytest.mark.parametrize(("sentence", "expected"), ROWS, ids=[r[0][:40] for r in ROWS])
def test_introduction(sentence: str, expected: list[Triple]) -> None:
    assert _triples(sentence) == {(s, p, o.lower(), r) for s, p, o, r in expected}
