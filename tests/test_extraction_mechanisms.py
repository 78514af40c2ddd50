"""Each generalising mechanism of the extractive reader, on phrasings written for these tests only.

None of these sentences is in the quality corpora: each row exercises one
mechanism (a lemma class of role nouns, the subject/object direction a role
noun implies, appositives, idioms, one-letter typos, the vocabulary-driven
parse cue, the first-person parse reader) with names and words the corpora
don't use, so a rule written for one corpus sentence can't pass them.
"""

from __future__ import annotations

import pytest

from consolidators import extract_triples
from consolidators.relations import THIRD_PERSON_PREDICATES, nearest_verb, role_relation
from consolidators.triples import sentence_triples

U, A = "user", "assistant"
Triple = tuple[str, str, str, bool]


def triples(sentence: str, role: str = A) -> list[Triple]:
    return [(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, role)]


THIRD_PERSON: list[tuple[str, list[Triple]]] = [
    # role nouns map through lemma classes, the holder of the role is the subject
    ("Mira Castell is the drummer of the Glass Owls.", [("Mira Castell", "member of", "Glass Owls", False)]),
    ("Tomas Ferrer is a goalkeeper for Real Vantor.", [("Tomas Ferrer", "plays for", "Real Vantor", False)]),
    (
        "Odile Marchand is an alumna of Brackley College.",
        [("Odile Marchand", "educated at", "Brackley College", False)],
    ),
    ("Odile Marchand is a professor at Brackley College.", [("Odile Marchand", "works at", "Brackley College", False)]),
    ("Lumo is a subsidiary of Harwick Group.", [("Lumo", "owned by", "Harwick Group", False)]),
    # a verb the tagger took for a plural title names no team's captain the other way round
    ("Owain Pugh captains Trefynnon RFC.", [("Owain Pugh", "plays for", "Trefynnon RFC", False)]),
    # a coach, a manager or a conductor works where the role is
    ("Piet Arendse is the head coach of Vaalburg Rovers.", [("Piet Arendse", "works at", "Vaalburg Rovers", False)]),
    # the director of an institution works there; the director of a work (no lower-case article) directed it
    ("Sela Moyo is the director of the Harrow Gallery.", [("Sela Moyo", "works at", "Harrow Gallery", False)]),
    ("The director of Ember Tide is Sela Moyo.", [("Ember Tide", "directed by", "Sela Moyo", False)]),
    # owner roles: the name the role is "of" is the subject, a synonym lands on the canonical predicate
    ("The national currency of Vellmark is the crown.", [("Vellmark", "currency", "crown", False)]),
    ("Arno Pilz is the chief executive of Dremel Works.", [("Dremel Works", "ceo", "Arno Pilz", False)]),
    # a spouse noun: the fact is about whoever the sentence is about, no punctuation in the names
    ("Lina Ostrova is the husband of Karel Ostrov.", [("Lina Ostrova", "married to", "Karel Ostrov", False)]),
    # a work "by" someone points authorship at the person
    ("Salt Roads is a memoir by Petra Quill.", [("Petra Quill", "author of", "Salt Roads", False)]),
    # appositive, scene-setting "In Y,", "has X as its Y", "X is where Y <verb>"
    ("Dovra, the capital of Kessland, hosts the games.", [("Kessland", "capital", "Dovra", False)]),
    ("In Kessland, the official language is Kessic.", [("Kessland", "official language", "Kessic", False)]),
    ("Kessland has the mark as its currency.", [("Kessland", "currency", "mark", False)]),
    ("Pellworth Mills keeps its head office in Dovra.", [("Pellworth Mills", "headquartered in", "Dovra", False)]),
    ("Dovra is home to the head office of Pellworth Mills.", [("Pellworth Mills", "headquartered in", "Dovra", False)]),
    ("Orlov Bay is where Ivo Stannard died.", [("Ivo Stannard", "died in", "Orlov Bay", False)]),
    # idioms mean one relation verb; the preposition hangs off the idiom's noun
    ("Ivo Stannard tied the knot with Rhea Lund.", [("Ivo Stannard", "married to", "Rhea Lund", False)]),
    ("Ivo Stannard took a job at Pellworth Mills.", [("Ivo Stannard", "works at", "Pellworth Mills", False)]),
    # coordination gives one fact per name
    (
        "Bramble was co-founded by Nia Holt and Oren Vale.",
        [("Bramble", "founded by", "Nia Holt", False), ("Bramble", "founded by", "Oren Vale", False)],
    ),
    # a demonym stands for its country
    ("Ilse Varga is a Hungarian citizen.", [("Ilse Varga", "citizen of", "Hungary", False)]),
    # a title before a name is the relation, not part of the name
    ("Dremel Works is led by CEO Arno Pilz.", [("Dremel Works", "ceo", "Arno Pilz", False)]),
    # one-letter typos of a relation word: edit distance against the vocabulary, no per-typo rule
    ("Ivo Stannard dyed in Orlov Bay.", [("Ivo Stannard", "died in", "Orlov Bay", False)]),
    ("The capitol of Kessland is Dovra.", [("Kessland", "capital", "Dovra", False)]),
    ("Pellworth Mills is headquarterd in Dovra.", [("Pellworth Mills", "headquartered in", "Dovra", False)]),
    # precision first: a role outside the vocabulary, a past copula, a negation say nothing
    ("Mira Castell is the mascot of the Glass Owls.", []),
    ("Mira Castell was the drummer of the Glass Owls.", []),
    ("Vaalburg Rovers sacked manager Piet Arendse on Monday.", []),  # a post its holder was just removed from
    ("Ivo Stannard did not die in Orlov Bay.", []),
    ("Understood, Arno Pilz leads Dremel Works.", []),  # a discourse word is no subject; "leads" is no title
]


@pytest.mark.parametrize("sentence,expected", THIRD_PERSON)
def test_third_person_mechanisms(sentence: str, expected: list[Triple]) -> None:
    assert triples(sentence) == expected


FIRST_PERSON: list[tuple[str, list[Triple]]] = [
    # "X is my <role>" / "X is the <role> I use" / "X is where I <verb> my <noun>": the role from the noun
    ("Wezterm is my terminal emulator these days.", [("user", "terminal", "Wezterm", False)]),
    ("Helix is the editor I use.", [("user", "editor", "Helix", False)]),
    ("Standard Notes is where I keep my notes.", [("user", "notes app", "Standard Notes", False)]),
    ("Bouldering is my favourite pastime.", [("user", "likes", "Bouldering", False)]),
    # "my <thing> <verb> X": the role from the possessed noun
    ("My desktop runs Fedora.", [("user", "os", "Fedora", False)]),
    ("Our pipelines run on Woodpecker.", [("user", "ci", "Woodpecker", False)]),
    # verb classes: browsing → browser, hosting → cloud provider
    ("I browse the web with Floorp.", [("user", "browser", "Floorp", False)]),
    ("We host on Hetzner.", [("user", "cloud provider", "Hetzner", False)]),
    # moves and jobs said in other words
    ("We settled in Gdynia last month.", [("user", "lives in", "Gdynia", False)]),
    (
        "I'm a welder at Krupp Steelworks.",
        [("user", "works as", "welder", False), ("user", "works at", "Krupp Steelworks", False)],
    ),
    ("I resigned from Vantage Labs.", [("user", "works at", "Vantage Labs", True)]),
    ("I make a living as a glazier.", [("user", "works as", "glazier", False)]),
    # studies, languages, family, give-ups
    (
        "I'm a third-year law student at Ostrava University.",
        [("user", "studies", "law", False), ("user", "studies at", "Ostrava University", False)],
    ),
    ("I'm fluent in Basque.", [("user", "speaks", "Basque", False)]),
    ("I'm Noor's wife.", [("user", "married to", "Noor", False)]),
    ("I'm done with Trello.", [("user", "uses", "Trello", True)]),
    # a moved thing is no move home; past markers, modals and negations say nothing
    ("Moved my passwords into KeePassXC.", [("user", "password manager", "KeePassXC", False)]),
    ("Back then I browsed with Opera.", []),
    ("I'm not fluent in Basque.", []),
    ("I might settle in Gdynia.", []),
]


@pytest.mark.parametrize("sentence,expected", FIRST_PERSON)
def test_first_person_mechanisms(sentence: str, expected: list[Triple]) -> None:
    assert triples(sentence, U) == expected


def test_first_person_reader_speaks_only_for_the_user() -> None:
    assert triples("I browse the web with Floorp.", A) == []


def test_role_nouns_map_onto_the_vocabulary_or_nothing() -> None:
    assert role_relation(["bassist"]) == ("member of", "holder")
    assert role_relation(["official", "currency"]) == ("currency", "owner")
    assert role_relation(["capitol"]) == ("capital", "owner")  # a typo mended by edit distance
    assert role_relation(["mascot"]) is None
    assert all(role_relation([w])[0] in THIRD_PERSON_PREDICATES for w in ("frontman", "striker", "alumnus", "wife"))


def test_a_typo_is_one_edit_from_one_relation_verb() -> None:
    assert nearest_verb("dyed") == "died"
    assert nearest_verb("switched") is None


def test_a_deployment_may_list_extra_relations() -> None:
    sentence = "The mascot of Kessland is the Otter."
    assert sentence_triples(sentence, A) == []
    found = sentence_triples(sentence, A, frozenset({"mascot"}))
    assert [(f.subject, f.predicate, f.object) for f in found] == [("Kessland", "mascot", "Otter")]
