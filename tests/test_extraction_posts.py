"""A post someone holds at an organisation, said by its title or by the change that gave it to them: a coach,
a manager, a conductor or a department's director works where the post is ("head coach of", "artistic
director at"); a bare "director" of a title directs a work. A new post is read when the parser hangs its "at"
on the verb ("was appointed coach at …") and when a departure names it as its purpose ("left A to become …").

Each row is worded here, not taken from a corpus, and fails if the mechanism it needs goes."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str, bool]


def _read(sentence: str) -> set[Triple]:
    return {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")}


POSTS: list[tuple[str, Triple]] = [
    # a post's title in the relation vocabulary: whoever holds it works there
    ("Oswin Tarrant is the head coach of Bellmoor Wanderers.", ("Oswin Tarrant", "works at", "Bellmoor Wanderers")),
    ("Greta Lindqvist is the manager of Porthaven Athletic.", ("Greta Lindqvist", "works at", "Porthaven Athletic")),
    (
        "Ilan Moravec, principal conductor of the Vessby Chamber Orchestra, toured Japan.",
        ("Ilan Moravec", "works at", "Vessby Chamber Orchestra"),
    ),
    ("Noor Haddadi is artistic director at the Quillon Playhouse.", ("Noor Haddadi", "works at", "Quillon Playhouse")),
    # a director of a body (named after a lower-case "the", or with an organisation's word) works there
    ("Bertil Ahlgren is director of the Kunstverein Oskarsby.", ("Bertil Ahlgren", "works at", "Kunstverein Oskarsby")),
    ("Petra Solis is the director of Harwick Museum.", ("Petra Solis", "works at", "Harwick Museum")),
    # the post's "at" the parser hangs on the verb, and a conjoined appointment after a departure
    ("Tamsin Ogle has been appointed head coach at Dunmore Rangers.", ("Tamsin Ogle", "works at", "Dunmore Rangers")),
    (
        "Ruben Kask has left Elmstead Town and been named manager at Corvey United.",
        ("Ruben Kask", "works at", "Corvey United"),
    ),
    ("Dorit Semel has been named assistant manager at Carrow FC.", ("Dorit Semel", "works at", "Carrow FC")),
    (
        "Dorit Semel has left Wexby City and been appointed head coach at Harlow FC.",
        ("Dorit Semel", "works at", "Harlow FC"),
    ),
    # what a departure was for: the new post
    (
        "Aurelio Benz has left Tamsk Labs to become chief engineer at Vireo Motors.",
        ("Aurelio Benz", "works at", "Vireo Motors"),
    ),
    (
        "Aurelio Benz has left the Tamsk Philharmonic to become music director at Teatro Vireo.",
        ("Aurelio Benz", "works at", "Teatro Vireo"),
    ),
    (
        "Hedda Voss quit Farrow Albion to take over as head coach of Lyndale Rovers.",
        ("Hedda Voss", "works at", "Lyndale Rovers"),
    ),
]


@pytest.mark.parametrize(("sentence", "triple"), POSTS)
def test_a_post_names_where_its_holder_works(sentence: str, triple: tuple[str, str, str]) -> None:
    assert (*triple, False) in _read(sentence)


WORKS: list[tuple[str, Triple]] = [
    # a work's title carries its own article or none: its director directs it
    ("The director of The Copper Meadow is Ansel Fry.", ("The Copper Meadow", "directed by", "Ansel Fry")),
    ("Ansel Fry is the director of Northbound Lights.", ("Northbound Lights", "directed by", "Ansel Fry")),
]


@pytest.mark.parametrize(("sentence", "triple"), WORKS)
def test_a_works_director_still_directs_it(sentence: str, triple: tuple[str, str, str]) -> None:
    found = _read(sentence)
    assert (*triple, False) in found
    assert not any(p == "works at" for _, p, _, _ in found)


NOTHING: list[str] = [
    # a purpose after any verb but a departure is a plan; a post without a name states no employer
    "Oswin Tarrant is expected to become head coach of Bellmoor Wanderers.",
    "Greta Lindqvist hopes to leave Porthaven Athletic to become manager at Corvey United.",
    "The coach said the squad was ready for the derby.",
    # a past post is over, also where the parser reads the verb that ended it as the title's participle
    "Carrow FC sacked manager Dorit Semel after a winless autumn.",
    "Ilan Moravec conducted the Vessby Chamber Orchestra until 2019.",
    "Hedda Voss coaches junior teams at weekends.",
    # "coaches X" names a player as often as a club, "conducts X" a concert as often as a post
    "Hedda Voss coaches Ilan Moravec.",
    "Ilan Moravec conducts the Vessby Chamber Orchestra in Mahler's Fifth tonight.",
    # a departure's purpose that names no post: a band or a firm, as the move readers and memory decide
    "Hedda Voss quit The Larkspurs to join Tidewell.",
    "Bertil Ahlgren was director of the Kunstverein Oskarsby until 2019.",
]


@pytest.mark.parametrize("sentence", NOTHING)
def test_no_post_without_a_holder_now(sentence: str) -> None:
    assert not any(p == "works at" and not r for _, p, _, r in _read(sentence))


def test_the_club_before_a_players_position_is_the_one_left() -> None:
    found = _read("Wexby Town striker Lior Abend has joined Harlow FC.")
    assert ("Lior Abend", "plays for", "Harlow FC", False) in found
    assert ("Lior Abend", "plays for", "Wexby Town", False) not in found
