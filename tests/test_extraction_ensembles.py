"""Members of bands, choirs, orchestras and learned societies (:mod:`consolidators.ensembles` and the member roles
of :mod:`consolidators.relations`). Every row is worded here, with names of its own, not taken from a corpus.
The rows that must yield nothing (a place after "sings in", a past membership, a hedge, a question, a post that is
a fellowship) fail if the readers stop asking the group to show itself."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str, bool]

MEMBERS: list[tuple[str, list[Triple]]] = [
    # a musician's verb with a group its name's last word shows
    (
        "Matteo Ricci-Lanza sings in the Cantores Novi Choir.",
        [("Matteo Ricci-Lanza", "member of", "Cantores Novi Choir", False)],
    ),
    (
        "Ana Petrescu has played viola in the Transylvania Quartet since 2011.",
        [("Ana Petrescu", "member of", "Transylvania Quartet", False)],
    ),
    # or by the instrument it plays, whatever the group is called
    ("Yusuf Demir plays the oud in Kervan.", [("Yusuf Demir", "member of", "Kervan", False)]),
    # one group of a coordinated pair shows what both are
    (
        "Elif Aksoy sings with both Poyraz and the Bosphorus Chamber Choir.",
        [("Elif Aksoy", "member of", "Poyraz", False), ("Elif Aksoy", "member of", "Bosphorus Chamber Choir", False)],
    ),
    # a joining taken as a musician's role is a place in the band, not a job
    (
        "Pavla Horakova joined Smutna Luna as cellist in 2016.",
        [("Pavla Horakova", "member of", "Smutna Luna", False)],
    ),
    # a musician's role "with" the group, and with each of two
    (
        "Lior Ben-Ami, a saxophonist with the Jaffa Brass Collective, teaches in Haifa.",
        [("Lior Ben-Ami", "member of", "Jaffa Brass Collective", False)],
    ),
    (
        "Tove Brandt is a trombonist with the Harbour Street Band and the Fjord Sextet.",
        [
            ("Tove Brandt", "member of", "Harbour Street Band", False),
            ("Tove Brandt", "member of", "Fjord Sextet", False),
        ],
    ),
    # a group's line-up: each name under a musician's role
    (
        "The Marrow Trio are pianist Lena Vogt, bassist Arne Dahl and drummer Kofi Boateng.",
        [
            ("Lena Vogt", "member of", "Marrow Trio", False),
            ("Arne Dahl", "member of", "Marrow Trio", False),
            ("Kofi Boateng", "member of", "Marrow Trio", False),
        ],
    ),
    # a line-up the parser hangs crookedly ("Fry" a modifier, "drummer" a conjunct): each role's name still counts
    (
        "The Carver Street Trio are pianist Ida Berg, bassist Jonas Fry and drummer Lena Kaur.",
        [
            ("Ida Berg", "member of", "Carver Street Trio", False),
            ("Jonas Fry", "member of", "Carver Street Trio", False),
            ("Lena Kaur", "member of", "Carver Street Trio", False),
        ],
    ),
    (
        "The Holloway Quartet consists of violinists Anna Berg and Mirek Novak, violist Petra Lund and cellist Jonas Eide.",
        [
            ("Anna Berg", "member of", "Holloway Quartet", False),
            ("Mirek Novak", "member of", "Holloway Quartet", False),
            ("Petra Lund", "member of", "Holloway Quartet", False),
            ("Jonas Eide", "member of", "Holloway Quartet", False),
        ],
    ),
    # a group's role said by its holder
    (
        "The Sable Quintet, whose oboist is Hana Sato, recorded Dvorak.",
        [("Hana Sato", "member of", "Sable Quintet", False)],
    ),
    # a learned society's fellow
    (
        "Okonkwo Adeyemi is a fellow of the Royal Academy of Engineering.",
        [("Okonkwo Adeyemi", "member of", "Royal Academy of Engineering", False)],
    ),
]

NOT_MEMBERS = [
    "Renata Silva sings in Portuguese.",  # a language
    "Gustavo Pires plays in Lisbon every summer.",  # a place
    "Jonas Ek used to sing with the Uppsala Chamber Choir.",  # a past membership
    "Marek Zeman might join the Brno Philharmonic as a violist.",  # a hedge
    "Does Ida Holm play cello in the Aurora Quartet?",  # a question
    "The Nordvik Quartet are Lisa Berg and Ola Dahl.",  # no musician's role says it is a line-up
    # an instrument vouches for no name that shows another kind: a venue, a work, a society, an event
    "Greta Holm plays the cello in the Palace Hotel.",
    "Greta Holm plays trumpet in the Usher Hall.",
    "Greta Holm plays viola in the Brahms Sonata.",
    "Oskar Lind plays flute for the Linnean Society.",
    "Oskar Lind plays the violin for the Oxfam benefit.",
    # one performance, past, dated or tonight, is no membership
    "Mira Kovac performed with the Zagreb Philharmonic in 2014.",
    "Mira Kovac performs with the Zagreb Philharmonic tonight.",
]


@pytest.mark.parametrize(("sentence", "expected"), MEMBERS)
def test_a_groups_member(sentence: str, expected: list[Triple]) -> None:
    got = {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "assistant")}
    assert set(expected) <= got
    assert not {t for t in got if t[1] == "works at" and t[2] in {e[2] for e in expected}}  # no payroll as well


@pytest.mark.parametrize("sentence", NOT_MEMBERS)
def test_no_membership(sentence: str) -> None:
    said = [f for f in extract_triples(sentence, "assistant") if f.predicate == "member of" and not f.retract]
    assert said == []


def test_a_research_fellowship_is_a_post() -> None:
    said = extract_triples("Dr Ines Moreau is a research fellow at the Curie Institute.", "assistant")
    assert not [f for f in said if f.predicate == "member of"]
