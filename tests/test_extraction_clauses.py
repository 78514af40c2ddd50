"""Long third-person sentences read clause by clause (consolidators/clauses.py): coordinated verb phrases sharing
a subject, continuations with he/she/it/its, appositives, place modifiers, lists of a multi relation's values, and
fact boxes (consolidators/restated.py). Each row names triples the sentence must yield and triples it must not;
the wording is this file's own, not the corpora's."""

from __future__ import annotations

import pytest

from consolidators import extract_triples
from consolidators.clauses import statements

Triple = tuple[str, str, str]

#: (sentence, triples it must yield, triples it must not yield)
ROWS: list[tuple[str, list[Triple], list[Triple]]] = [
    # coordinated verb phrases after one subject
    (
        "Kofi Asante, a Kenyan-born chemist, is married to Ama Asante and lives in Nakuru; he was educated at Leiden University.",
        [
            ("Kofi Asante", "lives in", "Nakuru"),
            ("Kofi Asante", "educated at", "Leiden University"),
            ("Kofi Asante", "married to", "Ama Asante"),
            ("Kofi Asante", "born in", "Kenya"),
        ],
        [],
    ),
    (
        "Lena Voss studied at the University of Tartu, is a lecturer at the Baltic Film School, and lives in Riga.",
        [("Lena Voss", "lives in", "Riga"), ("Lena Voss", "works at", "Baltic Film School")],
        [],
    ),
    (
        "Omar Sayegh plays for Al Faisaly and is married to the singer Rana Haddad.",
        [("Omar Sayegh", "plays for", "Al Faisaly"), ("Omar Sayegh", "married to", "Rana Haddad")],
        [],
    ),
    # a relative clause about what the subject is
    (
        "Petra Novak (born 1981) is a poet, author of Glass Orchards, who lectures at Masaryk University and lives in Brno.",
        [("Petra Novak", "lives in", "Brno"), ("Petra Novak", "works at", "Masaryk University")],
        [("Glass Orchards", "lives in", "Brno"), ("Glass Orchards", "works at", "Masaryk University")],
    ),
    (
        "Dmitri Orlov is a sculptor who lives in Tbilisi and is married to Nino Beridze.",
        [("Dmitri Orlov", "lives in", "Tbilisi"), ("Dmitri Orlov", "married to", "Nino Beridze")],
        [],
    ),
    # continuations: he, she, it, its, a participle before the pronoun
    (
        "Tomasz Wrona is a Polish film-maker who directed Cold Harbour (2012) and Salt Roads (2019); he lives in Gdańsk.",
        [
            ("Tomasz Wrona", "lives in", "Gdańsk"),
            ("Cold Harbour", "directed by", "Tomasz Wrona"),
            ("Salt Roads", "directed by", "Tomasz Wrona"),
        ],
        [],
    ),
    (
        "Ingrid Halvorsen is a surgeon; born in Bodø, she trained in Oslo and today lives in Tromsø.",
        [("Ingrid Halvorsen", "lives in", "Tromsø"), ("Ingrid Halvorsen", "born in", "Bodø")],
        [("user", "born in", "Bodø")],
    ),
    (
        "Kessel Freight is a Belgian haulier headquartered in Antwerp; it has been owned by Rhenus since 2019, and its chief executive is Marc Dufour.",
        [
            ("Kessel Freight", "owned by", "Rhenus"),
            ("Kessel Freight", "ceo", "Marc Dufour"),
            ("Kessel Freight", "headquartered in", "Antwerp"),
        ],
        [],
    ),
    (
        "Laos's currency is the kip and its capital is Vientiane.",
        [("Laos", "capital", "Vientiane"), ("Laos", "currency", "kip")],
        [],
    ),
    # lists of a multi relation's values
    (
        "Ravi Menon speaks Malayalam, Tamil and Hindi.",
        [("Ravi Menon", "speaks", "Malayalam"), ("Ravi Menon", "speaks", "Tamil"), ("Ravi Menon", "speaks", "Hindi")],
        [],
    ),
    (
        "Ana Ferreira is a citizen of Angola and Portugal.",
        [("Ana Ferreira", "citizen of", "Angola"), ("Ana Ferreira", "citizen of", "Portugal")],
        [],
    ),
    (
        "Jonas Berg holds Swedish and Norwegian citizenship.",
        [("Jonas Berg", "citizen of", "Sweden"), ("Jonas Berg", "citizen of", "Norway")],
        [],
    ),
    (
        "Mehmet Kaya was educated at Boğaziçi University and the University of Vienna.",
        [
            ("Mehmet Kaya", "educated at", "Boğaziçi University"),
            ("Mehmet Kaya", "educated at", "University of Vienna"),
        ],
        [],
    ),
    # place modifiers before and beside a name
    (
        "Porto-born, Madrid-based illustrator Inês Carvalho drew The Paper Fox.",
        [("Inês Carvalho", "born in", "Porto"), ("Inês Carvalho", "lives in", "Madrid")],
        [("Porto-born", "headquartered in", "Madrid")],
    ),
    (
        "Grainline Labs, a Bristol-headquartered subsidiary of Sage, was founded by Ruth Okafor.",
        [("Grainline Labs", "headquartered in", "Bristol"), ("Grainline Labs", "founded by", "Ruth Okafor")],
        [],
    ),
    (
        "Chidi Okeke, a Kano native who now lives in Abuja, runs a textile studio.",
        [("Chidi Okeke", "born in", "Kano"), ("Chidi Okeke", "lives in", "Abuja")],
        [],
    ),
    (
        "Hana Ibrahim is a Khartoum-born architect who works for Foster and Partners.",
        [("Hana Ibrahim", "born in", "Khartoum")],
        [],
    ),
    # fact boxes: a title, then fields; never the user's
    (
        "Lotte Jansen — Born: 4 May 1961, Utrecht | Died: 9 June 2019, Leiden | Alma mater: Delft University of Technology",
        [
            ("Lotte Jansen", "born in", "Utrecht"),
            ("Lotte Jansen", "died in", "Leiden"),
            ("Lotte Jansen", "educated at", "Delft University of Technology"),
        ],
        [("user", "born in", "Utrecht")],
    ),
    (
        "Milan Horvat | Position: striker | Current club: NK Osijek | Place of birth: Split | Nationality: Croatian",
        [("Milan Horvat", "plays for", "NK Osijek"), ("Milan Horvat", "citizen of", "Croatia")],
        [("user", "born in", "Split")],
    ),
    (
        "Bergfeld Bank AG — Headquarters: Graz | Key people: Eva Koller (CEO) | Parent: Raiffeisen",
        [("Bergfeld Bank AG", "ceo", "Eva Koller"), ("Bergfeld Bank AG", "owned by", "Raiffeisen")],
        [],
    ),
    (
        "Arno Keel | Occupation: carpenter | Place of birth: Pärnu",
        [],
        [("user", "works as", "carpenter"), ("user", "born in", "Pärnu")],
    ),
]

#: Sentences that must yield nothing of the named kind: no other person's clause, no past state, no hedge.
NOTHING: list[tuple[str, list[Triple]]] = [
    # "she" after a spouse is introduced may be either of them
    ("Jan Kowal is married to the painter Ewa Lis; she lives in Lublin.", [("Jan Kowal", "lives in", "Lublin")]),
    # "the 30-year-old" after another name may be that one
    (
        "Sofia Reyes coaches Deportivo Lara; the 30-year-old was born in Cali.",
        [("Sofia Reyes", "born in", "Cali")],
    ),
    # a past state in a clause stays out
    ("Ahmed Nasser grew up in Aswan and studied in Cairo.", [("Ahmed Nasser", "lives in", "Aswan")]),
    (
        "Nora Quist is an economist; she was previously chief economist of Danske Bank.",
        [("Nora Quist", "works at", "Danske Bank")],
    ),
    # a hedge over the sentence scopes over its clauses
    (
        "Rumours say Pablo Ruiz plays for Elche and lives in Alicante.",
        [("Pablo Ruiz", "lives in", "Alicante"), ("Pablo Ruiz", "plays for", "Elche")],
    ),
    ("Does Marta Sousa live in Faro and work at Galp?", [("Marta Sousa", "lives in", "Faro")]),
    # a list of a single relation's values is not expanded
    ("Lucia Bianchi is a striker; she lives in Turin and Milan.", [("Lucia Bianchi", "lives in", "Milan")]),
    # a clause of chat's vocabulary is no encyclopedic fact
    ("Tevita Fifita speaks Tongan at home and switches to English at work.", [("Tevita Fifita", "uses", "English")]),
    ("Lima, the capital of Peru, has heavy traffic.", [("Lima", "has", "heavy traffic")]),
    # "she" after another person's possessive, or after a one-word name, may be that person
    (
        "Nordkurier confirmed Anna Berg's exit; she is now an editor at Die Zeit.",
        [("Nordkurier", "works at", "Die Zeit")],
    ),
    # a hedged continuation says nothing of the subject
    (
        "Nordvik Oil is a Norwegian driller; its chief executive is rumoured to be Kari Lund.",
        [("Nordvik Oil", "ceo", "Kari Lund")],
    ),
]


def _triples(sentence: str) -> set[Triple]:
    return {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "user") if not f.retract}


@pytest.mark.parametrize(("sentence", "must", "must_not"), ROWS)
def test_clauses_read(sentence: str, must: list[Triple], must_not: list[Triple]) -> None:
    got = _triples(sentence)
    assert set(must) <= got, sorted(set(must) - got)
    assert not set(must_not) & got, sorted(set(must_not) & got)


@pytest.mark.parametrize(("sentence", "must_not"), NOTHING)
def test_clauses_not_read(sentence: str, must_not: list[Triple]) -> None:
    got = _triples(sentence)
    assert not set(must_not) & got, sorted(set(must_not) & got)


def test_statements_keep_the_subject() -> None:
    said, lists = statements("Ravi Menon is a chemist; he speaks Tamil and Hindi and lives in Pune.")
    assert "Ravi Menon lives in Pune." in said
    assert "Ravi Menon speaks Tamil." in lists and "Ravi Menon speaks Hindi." in lists


def test_no_subject_no_statements() -> None:
    assert statements("After decades abroad, she moved home and opened a bakery.") == ([], [])


def test_a_name_with_of_and_is_one_value() -> None:
    """ "the Academy of Arts and Sciences" is one school, "Urdu, Punjabi and English" three languages."""
    _, lists = statements("Karl Weiss is a chemist; he was educated at the Academy of Arts and Sciences.")
    assert lists == []
    _, lists = statements("Karl Weiss is a chemist; he speaks Urdu, Punjabi and English.")
    assert "Karl Weiss speaks Punjabi." in lists
