"""Terse lines whose fields are parted by what prose doesn't use: a comma or a bullet between labelled fields, an
"=" per field, a spaced dash between a box's label and its value, a box's abbreviations ("b.", "d.", "Dir."), a
title with an aside in brackets, a bio with a post left or a comment after it, and a CV's entries with their years
(:mod:`consolidators.boxes`, :mod:`consolidators.fields`, :mod:`consolidators.telegraphic`). Each row is worded
here, not taken from a corpus."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from consolidators.extractive import session_facts
from consolidators.types import Turn

Triple = tuple[str, str, str]


def _turn(content: str, role: str = "user") -> set[Triple]:
    turn = Turn(event_id="e0", role=role, content=content, ts=datetime(2026, 1, 1, tzinfo=UTC), seq=0)
    return {(f.subject, f.predicate, f.object) for f in session_facts([turn]) if not f.retract}


LINES: list[tuple[str, set[Triple]]] = [
    # a comma before the next field's label parts two fields, not one value
    ("Major: hydrology, minor: none so far", {("user", "studies", "hydrology")}),
    # each "label = value" of a line is a field
    ("editor = Helix, shell = nushell", {("user", "editor", "Helix"), ("user", "shell", "nushell")}),
    # a bullet between a box's fields ends the value before it
    (
        "Brannock Mills — HQ: Odense · CEO: Ida Brannock",
        {("Brannock Mills", "headquartered in", "Odense"), ("Brannock Mills", "ceo", "Ida Brannock")},
    ),
    ("Orsland — Currency: orsk · Time zone: UTC+2", {("Orsland", "currency", "orsk")}),
    # a box's label and value parted by a spaced dash
    ("Orsland · Capital — Vellmar · Pop. 2.3 million", {("Orsland", "capital", "Vellmar")}),
    # a box's abbreviated labels
    (
        "Teodor Vlk · b. Olomouc · d. Brno · Organist",
        {("Teodor Vlk", "born in", "Olomouc"), ("Teodor Vlk", "died in", "Brno")},
    ),
    ("Quiet Harbour (2019) | Dir. Mina Okafor | 97 min", {("Quiet Harbour", "directed by", "Mina Okafor")}),
    # a founding year names no founder; a founder after "by" is one
    ("Tarnby Works · Founded: 1998 by Elsa Tarn", {("Tarnby Works", "founded by", "Elsa Tarn")}),
    # a title's aside in brackets is no part of its name
    (
        "Lior Ben-Ami (Israel) | Club: Hapoel Kfar | Languages: Hebrew, French",
        {
            ("Lior Ben-Ami", "plays for", "Hapoel Kfar"),
            ("Lior Ben-Ami", "speaks", "Hebrew"),
            ("Lior Ben-Ami", "speaks", "French"),
        },
    ),
    # a bio's post left says nothing, and a comment after a dash is no part of the bio
    (
        "Site Reliability Engineer @ Corvex · ex-Tallmark · Ghent — too long?",
        {
            ("user", "works as", "site reliability engineer"),
            ("user", "works at", "Corvex"),
            ("user", "lives in", "Ghent"),
        },
    ),
    # a signature's name parted from its title by a dash, the title's employer after a comma; a post left is none
    ("Ilka Brandt — Data Engineer, Norvik Biologics · ex-Tallmark", {("Ilka Brandt", "works at", "Norvik Biologics")}),
    ("Soren Holm — Chief Executive Officer, Tallmark", {("Tallmark", "ceo", "Soren Holm")}),
    # a CV's open entry is the post held now; one a year ends is not
    (
        "2024–present  Data Engineer, Norvik Biologics\n2019–2024  Research Assistant, Tallmark Institute",
        {("user", "works as", "data engineer"), ("user", "works at", "Norvik Biologics")},
    ),
    (
        "two lines of my resume: '2016–2020 Copywriter, Inkwell Media' and '2020–now Proofreader, Bramble Press'",
        {("user", "works as", "proofreader"), ("user", "works at", "Bramble Press")},
    ),
    # a bio's post left parts the line, it names no one: the job before it still stands
    (
        "Product Designer @ Quillmark · ex-Tarnby",
        {("user", "works as", "product designer"), ("user", "works at", "Quillmark")},
    ),
    # a label qualified as past or wished for is no current field
    ("previous shell = bash, shell = nushell", {("user", "shell", "nushell")}),
    (
        "Browser: Firefox · Editor: Kakoune · Wishlist editor: Zed",
        {("user", "browser", "Firefox"), ("user", "editor", "Kakoune")},
    ),
]

#: News-like lines (an assistant's turn): only the box's own fields, each of its title.
NEWS: list[tuple[str, set[Triple]]] = [
    # "Dir." is the director only in a work's box, with a name right after it
    ("Low Tide (2018) | Dir. of Photography Ada Brun | 102 min", set()),
    ("Low Tide (2018) | Dir. Ada Brun | 102 min", {("Low Tide", "directed by", "Ada Brun")}),
    ("Mara Lund · Dir. Marketing · Tallmark", set()),
    # a title that is no title, and a signature never places its name at a school
    ("Oskar Vell — CFO candidate, Harland Yards", set()),
    # a post not yet taken up
    ("Oskar Vell — incoming Product Manager, Harland Yards", set()),
    # a field's value with a place's country after a comma is no title of the next field
    (
        "Tarnby Works — HQ: Odense, Denmark · CEO: Elsa Tarn",
        {("Tarnby Works", "headquartered in", "Odense"), ("Tarnby Works", "ceo", "Elsa Tarn")},
    ),
]

NOTHING: list[str] = [
    "2015–2021  Copywriter, Inkwell Media",  # a post left
    "Tarnby Works · Founded: 1998",  # a year, no founder
    "my brother's CV: 2022–present Welder, Harland Yards",  # someone else's entry
    "the 2019 - 2020 season was a mess, Harland",  # a range of years that heads no CV entry
    "2027–present  Incoming Developer, Harland Yards",  # a post not yet taken up
    "Field of study: geology, university: Uppsala University from next year",  # a plan
    "Minor: music, major: undecided",  # a placeholder, no value
]


@pytest.mark.parametrize(("text", "expected"), LINES)
def test_a_line_parted_by_shorthands_separators_states_each_field(text: str, expected: set[Triple]) -> None:
    assert _turn(text) == expected


@pytest.mark.parametrize(("text", "expected"), NEWS)
def test_a_news_box_states_only_its_titles_fields(text: str, expected: set[Triple]) -> None:
    assert _turn(text, "assistant") == expected


@pytest.mark.parametrize("text", NOTHING)
def test_a_past_entry_a_bare_year_or_anothers_cv_states_nothing(text: str) -> None:
    assert not {t for t in _turn(text) if t[0] == "user" or t[1] == "founded by"}
