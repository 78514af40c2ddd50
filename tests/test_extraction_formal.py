"""Formal, indirect register: a letter's framing, comment clauses, degree words, inverted shapes and blessings for
the dead (consolidators.formal), and the neighbouring rules formal text leans on (a participle opening describing
someone named, a pet kept, a departure from an ensemble). Every sentence is worded afresh for this file: each read
row fails without its rule, each unread row guards a hedge, a past or someone else's fact the rule must leave alone.
"""

from __future__ import annotations

import pytest

from consolidators import extract_triples
from consolidators.formal import plainly

Triple = tuple[str, str, str]

READ: list[tuple[str, set[Triple]]] = [
    # the speaker's framing of what follows as news (formal._FRAMING)
    ("I ought to mention that I live in Kendal these days.", {("user", "lives in", "Kendal")}),
    (
        "I am delighted to report that I now work at Kirkby Lonsdale Library.",
        {("user", "works at", "Kirkby Lonsdale Library")},
    ),
    ("You will be pleased to hear that I speak Gaelic.", {("user", "speaks", "Gaelic")}),
    ("I must say I enjoy bowls.", {("user", "likes", "bowls")}),
    # a comment clause between the subject and its verb (formal._COMMENT)
    ("My favourite drink, as you may remember, is Darjeeling.", {("user", "prefers drink", "Darjeeling")}),
    ("My wife, I am glad to say, is Rosalind.", {("user", "married to", "Rosalind")}),
    # degree words and fondness (formal._LIKING_DEGREE, formal._FOND)
    ("I thoroughly enjoy watercolour painting.", {("user", "likes", "watercolour painting")}),
    ("I have long enjoyed brass band music.", {("user", "likes", "brass band music")}),
    ("I am terribly fond of jigsaw puzzles.", {("user", "likes", "jigsaw puzzles")}),
    # inverted shapes (formal._WHERE, formal._EMPLOYS, formal._A_KIND_I, formal._THAT_OF)
    ("Keswick is where we have made our home since the autumn.", {("user", "lives in", "Keswick")}),
    ("Penrith is where I live.", {("user", "lives in", "Penrith")}),
    ("The Carlisle Cathedral Library employs me on Saturdays.", {("user", "works at", "Carlisle Cathedral Library")}),
    ("Gaelic is a language I speak with my cousins.", {("user", "speaks", "Gaelic")}),
    ("My profession remains that of a clockmaker.", {("user", "works as", "clockmaker")}),
    # a reminder or a confession framing the statement (formal._FRAMING) and a liking found (formal._FIND, _FOND)
    ("I believe I mentioned that I live in Bridport.", {("user", "lives in", "Bridport")}),
    ("I think I told you that I work at the Lyme Regis Museum.", {("user", "works at", "Lyme Regis Museum")}),
    ("I must admit that I have grown fond of croquet.", {("user", "likes", "croquet")}),
    ("In my old age I find that I like opera.", {("user", "likes", "opera")}),
    # a present home or workplace in a relative clause after a place said in passing (formal._WHERE_STILL)
    ("My late wife and I bought a farmhouse in Dolgellau, where I still live.", {("user", "lives in", "Dolgellau")}),
    ("We found a cottage in Padstow in 1982, where we still live.", {("user", "lives in", "Padstow")}),
    ("I grew up in Lowestoft, where my husband and I now live.", {("user", "lives in", "Lowestoft")}),
    (
        "Years ago I trained at the Plymouth Gin Distillery, where I still work.",
        {("user", "works at", "Plymouth Gin Distillery")},
    ),
    # how often one works is no part of the employer (formal._HOURS)
    ("I work part-time at the Totnes Library.", {("user", "works at", "Totnes Library")}),
    ("I still work at the Exeter Guildhall two days a week.", {("user", "works at", "Exeter Guildhall")}),
    ("I work three afternoons a week at Dartington Hall.", {("user", "works at", "Dartington Hall")}),
    # a move said by retiring or downsizing, and a dwelling before the town (formal._RESETTLED)
    ("We have downsized to a small terraced house in Whitstable.", {("user", "lives in", "Whitstable")}),
    ("My husband and I retired to Aldeburgh.", {("user", "lives in", "Aldeburgh")}),
    ("We moved to a flat overlooking the estuary in Topsham.", {("user", "lives in", "Topsham")}),
    # a spouse named first and described after (formal._NAMED_SPOUSE)
    ("Rosemary, my wife of fifty years, asks to be remembered to you.", {("user", "married to", "Rosemary")}),
    ("I walked the coast path with Douglas, my husband, last week.", {("user", "married to", "Douglas")}),
    # a deed after a liking is not liked (sieve._a_deed)
    ("I love rambling and keep a notebook.", {("user", "likes", "rambling")}),
    # a participle opening that describes the named person, never the speaker (describesanother._PARTICIPLE)
    (
        "Employed by the Eden Valley Trust, Agnes Moss restores old maps.",
        {("Agnes Moss", "works at", "Eden Valley Trust")},
    ),
    # a pet kept, and a pet's longer name (pets._OWNED, lifeevents.PETS)
    ("We keep a tortoise named Horace.", {("user", "has pet", "Horace")}),
    ("I have a budgerigar called Pip.", {("user", "has pet", "Pip")}),
]

UNREAD: list[str] = [
    # a hedge, a plan or a report stays one after the framing goes
    "I should mention that I may move to Kendal.",
    "I may perhaps join the Ullswater rowing club in the spring.",
    "I am told that I live in Kendal.",
    # a past state, however it is framed
    "Kendal is where I lived for twenty years.",
    "I was rather fond of skating.",
    # a blessing for the dead: the relation is over (formal._GONE)
    "My husband, God rest him, worked at Carr's biscuit works for forty years.",
    "My wife, God rest her soul, was called Winifred.",
    "My husband Cedric, now sadly departed, was born in Appleby.",
    # other people's facts and kept things that are no pets
    "My grandson keeps a ferret named Dodger.",
    "Married to a fisherman, I know the sea.",
    # a relative clause of someone else, of a past, or of a late spouse; hours of a past job
    "We bought a cottage in Dolgellau, where my daughter still lives.",
    "I grew up in Lowestoft, where I lived until I was twenty.",
    "We often visited the Plymouth Gin Distillery, where my late husband worked.",
    "I worked three days a week at the Totnes Library for a decade.",
    # a move still a plan, a retirement from a post, a late spouse or a greeting before a name
    "We are thinking of downsizing to a bungalow in Whitstable.",
    "I retired from the Exeter Guildhall in 2015.",
    "Rosemary, my late wife, loved the sea.",
    "Dear Rosemary, my husband sends his best wishes.",
    # a second verb phrase under a past habit or a wish; a trade called retired or former
    "I used to live in Penzance and work at the Newlyn Art Gallery.",
    "I would love to retire to Penzance and speak Cornish.",
    "I am a retired pharmacist.",
    "I am a former harbour master.",
    # a signature is not a fact
    "Kind regards, Eleanor Pryce",
]


@pytest.mark.parametrize(("sentence", "expected"), READ)
def test_formal_register_reads_the_plain_statement(sentence: str, expected: set[Triple]) -> None:
    got = {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "user") if not f.retract}
    assert got == expected


@pytest.mark.parametrize("sentence", UNREAD)
def test_formal_register_keeps_hedges_pasts_and_others_unread(sentence: str) -> None:
    assert [(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "user")] == []


def test_a_departure_from_an_ensemble_retracts_a_membership_and_from_a_firm_a_job() -> None:
    band = extract_triples("Colin Reay has left the Alston Silver Band.", "user")
    firm = extract_triples("Colin Reay has left Alston Analytics.", "user")
    assert [(f.predicate, f.object, f.retract) for f in band] == [("member of", "Alston Silver Band", True)]
    assert [(f.predicate, f.object, f.retract) for f in firm] == [("works at", "Alston Analytics", True)]


def test_a_trade_taken_up_after_retiring_holds() -> None:
    got = extract_triples("I retired from the railway and now work as a picture framer.", "user")
    assert [(f.subject, f.predicate, f.object) for f in got] == [("user", "works as", "picture framer")]


def test_plainly_leaves_plain_text_alone() -> None:
    for text in ("I live in Kendal.", "Say hello to Rosalind for me.", "My wife and I enjoy walking."):
        assert plainly(text) == text


def test_a_replaced_tool_keeps_the_symbols_its_name_ends_on() -> None:
    got = extract_triples("I changed editors: Kate replaced Notepad++ on my laptop.", "user")
    assert {(f.predicate, f.object, f.retract) for f in got} == {
        ("editor", "Notepad++", True),
        ("editor", "Kate", False),
    }
