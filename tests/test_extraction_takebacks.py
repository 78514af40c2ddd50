"""Near-misses a speaker takes back or never states: a value withdrawn mid-sentence, a made-up frame opened before
the clause, a denial an aside keeps from its verb, a part played, a topping claim after a laugh. Every sentence is
worded afresh for this file; each unread row fails without its rule, and each read row guards a statement the rule
must leave stated."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str]

UNREAD: list[str] = [
    # a value the speaker takes back after a dash (unsaid._withdrawn): "actually no" (read as a bare "no"), a "well"
    # that goes on to something else, a joke owned up to, "sorry, I mean" with the old value named again later
    "I'm a pharmacist — actually no, a pharmacy technician, and I need a CV template.",
    "our db is Cassandra — actually no, that was two jobs ago.",
    "my terminal is Alacritty — well, Ghostty since last week, long story.",
    "I live in Porto now — well, I will by June, the flat isn't ready.",
    "my shell is fish — just kidding, still deciding, what do you suggest?",
    "I'm a welder — jk, I sell insurance.",
    "we moved to Graz in May — sorry, I mean Linz, Graz was plan B. which gyms are near the centre?",
    # a bare "no" that closes the sentence ("actually" read away), a joke owned up to in brackets
    "I'm based in Bergen — actually, no.",
    "I'm an architect (joking).",
    # a made-up frame that opens the sentence (hearsay._opens, hearsay._pretence)
    "In the story I'm co-writing, I'm a chef in Naples.",
    "In the comic we're drawing, I live in Neo Lagos.",
    "For this exercise, I work at a bank in Zurich.",
    "For the roleplay, I'm a vet living in Kilkenny.",
    # without its comma, a compound said in parts, a rehearsal
    "For this role-play I work at a bakery in Ghent.",
    "For the job interview practice, I'm a product manager at Dunmore Tech.",
    # a denial set off from its verb by an aside (hearsay._denied)
    "Ivo Rask did not, as is commonly assumed, die in Uppsala.",
    "I do not, strictly speaking, live in London.",
    # a contracted denial, its aside a clause of its own between dashes
    "I don't — and my mum finds this odd — work at Halcyon Bank.",
    # a change a company is still weighing (hearsay._weighed)
    "Tovik Bank is weighing a shift of its head office to Aarhus.",
    "Marlo Studios is mulling a move of its headquarters to Lisbon, two people said.",
    # a part played, not a pastime (sieve._a_part)
    "I play a detective in a mystery podcast with two friends.",
    "This season I play the villain in our community panto.",
    "I play Ophelia at the Old Vic until March.",
    "I'm playing Macbeth in the Tron Theatre's autumn run.",
    # a claim that tops a claim, after a laugh (unsaid._IRONIC)
    "lol yeah and I'm a brain surgeon.",
]

READ: list[tuple[str, Triple]] = [
    # a repair that says the value again keeps it; a comma's "well" is filler
    ("I live in Leeds — well, on the edge of Leeds.", ("user", "lives in", "Leeds")),
    ("I live in Turku, well, it's fine.", ("user", "lives in", "Turku")),
    # after a dash, a "well" or a "no" that goes on to praise replaces nothing; "sorry I mean it" names no value
    ("I live in Galway — well, I adore it here.", ("user", "lives in", "Galway")),
    ("I live in Dundee — no, honestly, it's great.", ("user", "lives in", "Dundee")),
    ("I work at Brightwell Foods, sorry I mean it, the team is great.", ("user", "works at", "Brightwell Foods")),
    # a frame that is no pretence, and a scene that does not open the sentence
    ("For work, I use Slack.", ("user", "uses", "Slack")),
    ("I work as a nurse in Derry.", ("user", "works as", "nurse")),
    # a negation whose clause ends before the fact
    ("Not a morning person, but I live in Tromsø.", ("user", "lives in", "Tromsø")),
    ("I don't, but I work at Ikea.", ("user", "works at", "Ikea")),
    ("I'm not, you know, sporty, but I live in Chamonix.", ("user", "lives in", "Chamonix")),
    # a change made, beside a thing discussed
    (
        "Velta Group discussed the merger and moved its head office to Riga.",
        ("Velta Group", "headquartered in", "Riga"),
    ),
    # what is played, with "the", or with "a" outside a work's scene
    ("I play the oboe in a wind band.", ("user", "plays", "oboe")),
    ("I play an old Fender guitar in a band.", ("user", "plays", "Fender guitar")),
    # a sincere "and I … too"
    ("haha yeah, and I live in Cork too.", ("user", "lives in", "Cork")),
]


@pytest.mark.parametrize("sentence", UNREAD)
def test_a_taken_back_or_unstated_value_yields_nothing(sentence: str) -> None:
    assert extract_triples(sentence, "user") == []


@pytest.mark.parametrize(("sentence", "triple"), READ)
def test_its_near_miss_is_read(sentence: str, triple: Triple) -> None:
    assert triple in {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "user")}
