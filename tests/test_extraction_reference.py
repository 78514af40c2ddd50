"""First-person chat whose fact hangs on a reference: "it" or "that" standing for a thing named in an earlier
clause, one tool named for a second role, and a tool said by the way the user
does a task ("X is how I do email").
Every row was written for these tests; each fails if its mechanism is removed, and the negative rows pin
what the mechanism must not read."""

from __future__ import annotations

import pytest

from consolidators import extract_triples

Triple = tuple[str, str, str, bool]

ROWS: list[tuple[str, list[Triple]]] = [
    # "it" is the activity or language named before, in a clause of the user's
    ("woodworking is my happy place, I really love it", [("user", "likes", "woodworking", False)]),
    (
        "we play badminton every Thursday and I honestly adore it",
        [("user", "plays", "badminton", False), ("user", "likes", "badminton", False)],
    ),
    (
        "Nothing calms me down like open-water swimming; I enjoy it more than anything.",
        [("user", "likes", "open-water swimming", False)],
    ),
    ("my Portuguese is rusty but I speak it every day", [("user", "speaks", "Portuguese", False)]),
    # ... but not a thing that is no pastime, someone else's pastime, a memory, a wish or a denial
    ("I got a new bike last month and I love it", []),
    ("my son does karate and I love it", []),
    ("I tried paragliding last summer and I loved it", []),
    ("quilting looks relaxing, I'd probably enjoy it", []),
    ("I studied Greek at school but I can't speak it", []),
    # one program named for a second role is kept in both
    (
        "I check my mail in Thunderbird, and my calendar lives in Thunderbird as well.",
        [("user", "email client", "Thunderbird", False), ("user", "calendar app", "Thunderbird", False)],
    ),
    # ... but a name said once fills one role, whatever nouns qualify it
    ("we use Kafka as the queue for our build pipeline", [("user", "queue", "Kafka", False)]),
    # "that's home now" is the place the user's earlier clause named
    (
        "we got the keys to a little house in Aarhus in March, so that's home now",
        [("user", "lives in", "Aarhus", False)],
    ),
    ("I found a room in Turin last week and it's home for now", [("user", "lives in", "Turin", False)]),
    ("my sister moved to Lille and that's home now", []),
    ("I grew up in Leeds, that's home", []),
    ("We spent a week in Rome and it is home to great food", []),
    # the way the user does a task names the tool's role
    ("Thunderbird is how I read email", [("user", "email client", "Thunderbird", False)]),
    ("Vivaldi is still how I browse, whatever IT says", [("user", "browser", "Vivaldi", False)]),
    ("Gmail is how my manager reads email", []),
    # "it is my <role>" gives the role to the tool the user's earlier clause named
    (
        "I keep every draft in Ulysses these days, it's become my notes app for everything",
        [("user", "notes app", "Ulysses", False)],
    ),
    (
        "I basically run my whole day from Spark, honestly it is my mail app now",
        [("user", "email client", "Spark", False)],
    ),
    # ... not someone else's tool, a past role, a wish or a denial
    ("my flatmate swears by Kakoune, it's his editor", []),
    ("I kept recipes in Paprika for years, it was my notes app", []),
    ("I might try Orion, it could be my browser", []),
    ("I opened Typora once, it is not my notes app", []),
    ("I run Ghostty at work, it's my terminal now they tell me", []),
    # an apposition names the holder of the user's role, whatever the rest of the sentence hedges or asks
    (
        "My employer, Lindqvist Maritime, finally approved remote Fridays",
        [("user", "works at", "Lindqvist Maritime", False)],
    ),
    (
        "my employer, a small agency called Fennel & Pike, wants timesheets by noon now",
        [("user", "works at", "Fennel & Pike", False)],
    ),
    ("our queue, Beanstalkd, keeps dropping jobs at night", [("user", "queue", "Beanstalkd", False)]),
    # ... not a former holder, someone else's, or a role noun that may name a person or a device
    ("My old employer, Quarry Labs, still owes me a payslip", []),
    ("my potential employer, Quarry Labs, wants two references", []),
    ("My next employer, Quarry Labs, starts me in June", []),
    ("my brother's employer, Tessel Ltd, is hiring", []),
    ("my editor, Mira Holt, wants chapter two by May", []),
    ("my laptop, a Framework 13, is overheating", []),
    # ... nor the next item of a list the parser reads as the role's apposition
    (
        "Tools, briefly: Vivaldi as my browser, Mailspring for mail, and Obsidian for notes.",
        [
            ("user", "browser", "Vivaldi", False),
            ("user", "email client", "Mailspring", False),
            ("user", "notes app", "Obsidian", False),
        ],
    ),
]


def _triples(sentence: str) -> set[Triple]:
    return {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "user")}


@pytest.mark.parametrize(("sentence", "expected"), ROWS, ids=[r[0][:40] for r in ROWS])
def test_reference(sentence: str, expected: list[Triple]) -> None:
    assert _triples(sentence) == set(expected)
