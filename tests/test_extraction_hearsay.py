"""Clauses a sentence holds without asserting them (:mod:`consolidators.hearsay`), for either speaker: a belief,
a claim, a pretence or a denial someone else holds, a saying marked as mistaken, a story's world; and irony's
marks (:mod:`consolidators.unsaid`). Every sentence
is worded afresh for this file; each unread row fails without the rule, and each read row guards a clause the
rule must leave stated."""

from __future__ import annotations

import pytest

from consolidators import extract_triples
from consolidators.hearsay import unasserted

Triple = tuple[str, str, str]

UNREAD: list[str] = [
    # a clause under a verb or noun of belief, claim, pretence or denial
    "Fans speculated that Lucas Moreau had joined Chelsea.",
    "Some blog claimed the capital of Estonia is Tartu.",
    "My boss thinks I'm based in Leeds.",
    "Let's pretend I speak fluent Mandarin.",
    "Tallis Mills has denied claims that the firm relocated its head office to Leeds.",
    # a saying the sentence marks as mistaken
    "Several outlets wrongly said that Ivo Novak was born in Split.",
    "It was falsely reported that Pieter Smit died in Utrecht.",
    # a story's world set before the clause's verb, or on it
    "In season two, Marco Feld becomes the CEO of Wexler Industries.",
    "Spoiler: in the finale, Anna Brook marries Tom Vale and moves to Bath.",
    "In the musical, Elphaba was born in Munchkinland.",
    "In this timeline I live in Oslo.",
    # a thing wanted, or equated with a dream
    "I have always wanted a cat named Miso.",
    "My dream is a flat in Paris.",
    # the user's chat about someone the speaker calls theirs
    "My friend Leila just adopted a parrot named Kiwi.",
    "My neighbour got a puppy called Bolt.",
    # a stage of life now over, on the role the value is in apposition to
    "Tarja Ek, a member of the Helsinki Youth Choir in her teens, now sings jazz.",
    # irony: an agreement that mocks, a liking stressed in capitals
    "Yeah right, I work at Google.",
    "Oh sure, I'm a billionaire living in Monaco.",
    "Right, because I'm totally a surgeon.",
    "Great, I just LOVE Mondays.",
    # irony's tag closing the sentence, after a pause or a laugh
    "I am a dentist in Leith, lol, as if.",
    "I'm a pilot for KLM, yeah right.",
]

READ: list[tuple[str, Triple]] = [
    # a work named after the verb is that clause's own scene, not a conjunct's
    ("Maren Dahl starred in the film Nordlys and lives in Oslo.", ("Maren Dahl", "lives in", "Oslo")),
    # a framing word outside the value's clause frames nothing of it
    ("Tove Berg, who believes in ghosts, lives in Uppsala.", ("Tove Berg", "lives in", "Uppsala")),
    ("Jonas Eide, whose claim to fame is a viral song, lives in Tromsø.", ("Jonas Eide", "lives in", "Tromsø")),
    ("I pretend to hate it, but I love hiking.", ("user", "likes", "hiking")),
    ("I dream in French but I speak Dutch at work.", ("user", "speaks", "Dutch")),
    # a clause before the framing word is the parser joining two sentences; a name is no lie
    ("Kombucha is my drink of choice, my colleagues think it is gross.", ("user", "prefers drink", "Kombucha")),
    ("I am a florist now, believe it or not.", ("user", "works as", "florist")),
    ("The cellist Ada Lie lives in Bergen.", ("Ada Lie", "lives in", "Bergen")),
    # a stage of life said as the present, or another clause's
    ("Sven Ax, now in his teens, plays for Hammarby.", ("Sven Ax", "plays for", "Hammarby")),
    (
        "Jan Ott, a member of the Bergen Chess Club since 2010, lives in Voss.",
        ("Jan Ott", "member of", "Bergen Chess Club"),
    ),
    # a birthplace outlives the stage of life it is told in
    ("Born in Tromsø, Siri Lund moved to Oslo as a child.", ("Siri Lund", "born in", "Tromsø")),
    # agreement and stress that mock nothing
    ("Sure, I use VS Code.", ("user", "uses", "VS Code")),
    ("I LOVE hiking!", ("user", "likes", "hiking")),
    ("Right, I live in Ghent now.", ("user", "lives in", "Ghent")),
    # "Sure, and I …" that shares a fact or goes on to its point is sincere (``unsaid._IRONIC``)
    ("Sure, and I live in Ghent too, funny that.", ("user", "lives in", "Ghent")),
    ("Yeah, and I have a dog named Pepper, so I know the feeling.", ("user", "has pet", "Pepper")),
    # a clause set "in real life" leaves the made-up scene before it
    ("In the game I'm a knight, but in real life I work at Ocado.", ("user", "works at", "Ocado")),
    # the speaker's own saying states the clause
    ("As I said, I work at Siemens.", ("user", "works at", "Siemens")),
    ("In the end, I moved to Utrecht.", ("user", "lives in", "Utrecht")),
    # someone the speaker calls theirs, with the speaker or giving to the speaker
    ("My partner and I live in Ghent.", ("user", "lives in", "Ghent")),
    ("My wife and I adopted a beagle named Rolo.", ("user", "has pet", "Rolo")),
    ("My kids named our new puppy Pickle.", ("user", "has pet", "Pickle")),
    ("My husband Tom is a chef.", ("user", "married to", "Tom")),
]


@pytest.mark.parametrize("sentence", UNREAD)
def test_a_clause_held_not_stated_yields_nothing(sentence: str) -> None:
    assert extract_triples(sentence, "user") == []


@pytest.mark.parametrize(("sentence", "triple"), READ)
def test_a_clause_stated_beside_a_framing_word_is_read(sentence: str, triple: Triple) -> None:
    assert triple in {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "user")}


def test_a_clause_run_on_after_a_comma_is_not_under_the_verb_before_it() -> None:
    # the parser hangs "I'm in York" on "thinks"; the comma, with no "that", makes it a sentence of its own
    text = "My boss thinks I'm based in Leeds, I'm actually in York."
    assert unasserted(text, "Leeds")
    assert not unasserted(text, "York")
    assert unasserted("Critics claim, wrongly, that Ana Lind lives in Oslo.", "Oslo")


def test_a_participle_on_a_framing_noun_says_what_the_thing_is() -> None:
    # "reports written in LaTeX" are reports of that kind; "reports that …" pass a claim on
    assert not unasserted("I file monthly reports written in LaTeX every week.", "LaTeX")
    assert unasserted("The reports that Ivo Sand is moving to Lyon are false.", "Lyon")
