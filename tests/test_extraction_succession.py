"""Office holders changing, in news and press-release wording (consolidators.succession). Every row is worded
here, with names, verbs and offices of its own: the reader is to find the office, its owner, the old holders
and the one person left, and to say nothing of a plan, a hedge, a past state or a former holder."""

from __future__ import annotations

import pytest

from consolidators import extract_triples
from consolidators.founders import facts as founders_facts
from consolidators.succession import facts, names_in

#: (sentence, owner, relation, new holder, old holder or "")
CHANGES: list[tuple[str, str, str, str, str]] = [
    # the owner acts: it ousts, names, hands over
    (
        "Kestrel Airways fired Tomasz Wójcik after a string of losses and gave the top job to operations chief "
        "Nadia Farouk, who takes over at once.",
        "Kestrel Airways",
        "ceo",
        "Nadia Farouk",
        "Tomasz Wójcik",
    ),
    (
        "The board of Ardent Mining has appointed Kwame Mensah chief executive, replacing Mr. Olsen.",
        "Ardent Mining",
        "ceo",
        "Kwame Mensah",
        "Olsen",
    ),
    (
        "Halvard Shipping announces that Mrs. Ingrid Sæther has been named President and CEO, following the "
        "departure of Dr. Paulsen.",
        "Halvard Shipping",
        "ceo",
        "Ingrid Sæther",
        "Paulsen",
    ),
    (
        "Velorians elected Radu Ionescu, a retired surgeon, to succeed Ana Pop as head of state.",
        "Veloria",
        "president",
        "Radu Ionescu",
        "Ana Pop",
    ),
    (
        "Residents of Narvik voted Geir Hansen out and elected Siri Bakken as their new mayor.",
        "Narvik",
        "mayor",
        "Siri Bakken",
        "Geir Hansen",
    ),
    # the new holder is the subject: back, now, new
    (
        "Against expectations, Selin Aydın is back as CEO of Corvo Textiles, replacing Jan Kowal.",
        "Corvo Textiles",
        "ceo",
        "Selin Aydın",
        "Jan Kowal",
    ),
    (
        "Luis Ferreira beat Marta Costa in the runoff and is now Braga's mayor.",
        "Braga",
        "mayor",
        "Luis Ferreira",
        "Marta Costa",
    ),
    ("Aino Virtanen won the by-election and is now the mayor of Kotka.", "Kotka", "mayor", "Aino Virtanen", ""),
    (
        "Ruth Abebe took over from Samuel Girma at the top of Addis Brewing last month.",
        "Addis Brewing",
        "ceo",
        "Ruth Abebe",
        "Samuel Girma",
    ),
    (
        "Pablo Ruiz now runs Iberia Cement, the company said, succeeding Eva Gil with immediate effect.",
        "Iberia Cement",
        "ceo",
        "Pablo Ruiz",
        "Eva Gil",
    ),
    (
        "Tomás Herrera is the new Alcalde, that is mayor, of San Miguel after Rosa Díaz's resignation.",
        "San Miguel",
        "mayor",
        "Tomás Herrera",
        "Rosa Díaz",
    ),
    (
        "Ulla Brandt was sworn in as Oberbürgermeisterin (mayor) of Kassel after Jens Horn resigned.",
        "Kassel",
        "mayor",
        "Ulla Brandt",
        "Jens Horn",
    ),
    (
        "Ama Boateng now runs Kpone Cocoa; Kojo Mensah left the CEO post in May.",
        "Kpone Cocoa",
        "ceo",
        "Ama Boateng",
        "",
    ),
    # a title before the holder, the owner before the title
    (
        "Marovian President Elsa Varga, who took office after Horvat's impeachment, toured the flooded south.",
        "Marovia",
        "president",
        "Elsa Varga",
        "Horvat",
    ),
    ("Kelso's new chief is Amara Diop; Finn Walsh resigned in March.", "Kelso", "ceo", "Amara Diop", "Finn Walsh"),
    ("Dunmore's mayor, Alderman Brian Keane, opened the new bridge.", "Dunmore", "mayor", "Brian Keane", ""),
    ("The president and chief executive of Sakura Optics is Ms. Haruka Ito.", "Sakura Optics", "ceo", "Haruka Ito", ""),
    (
        "Effective 1 April, Dr. Omar Saleh has assumed the role of President and CEO of Gulf Polymers.",
        "Gulf Polymers",
        "ceo",
        "Omar Saleh",
        "",
    ),
    ("In Lyon, Marc Petit has replaced Anne Blanc as mayor.", "Lyon", "mayor", "Marc Petit", "Anne Blanc"),
    (
        "Pavel Novak lost the presidency of Ostravia to Eva Dvorak.",
        "Ostravia",
        "president",
        "Eva Dvorak",
        "Pavel Novak",
    ),
    ("The Chilean head of state, President Lucía Rojas, opened the summit.", "Chile", "president", "Lucía Rojas", ""),
    ('"We will not cut jobs," said Irene Bauer, CEO of Alpen Glas, in Graz.', "Alpen Glas", "ceo", "Irene Bauer", ""),
    (
        "TROMSØ, 2 May 2026 — Nordkapp Fisk today announced the appointment of Siv Olsen as chief executive "
        "officer, effective immediately.",
        "Nordkapp Fisk",
        "ceo",
        "Siv Olsen",
        "",
    ),
    ("Kavelian lawmakers re-elected President Ilona Mäki on Friday.", "Kavelia", "president", "Ilona Mäki", ""),
    (
        "Tarn Aluminium, based in Bergen, today named Sunniva Dahl its chief executive, succeeding Odd Lie.",
        "Tarn Aluminium",
        "ceo",
        "Sunniva Dahl",
        "Odd Lie",
    ),
    ("The reins at Tamsin Paper have passed to Odile Ferrand.", "Tamsin Paper", "ceo", "Odile Ferrand", ""),
    ("At Greyholm Cycles the top job now belongs to Ines Wolff.", "Greyholm Cycles", "ceo", "Ines Wolff", ""),
    (
        "Bjørn Aas stepped down as chief executive of Vestfjord Salmon on Monday; his successor is Liv Moe.",
        "Vestfjord Salmon",
        "ceo",
        "Liv Moe",
        "Bjørn Aas",
    ),
    # names that look like something else: a capital "Das", a surname "Park", a founder's title, a city's people
    ("Ananya Das has replaced Tobias Roth as Lumo Audio's CEO.", "Lumo Audio", "ceo", "Ananya Das", "Tobias Roth"),
    (
        "Hye-jin Lee has become the new CEO of Corvo Labs, succeeding Tom Reyes.",
        "Corvo Labs",
        "ceo",
        "Hye-jin Lee",
        "Tom Reyes",
    ),
    ("Jon Berg, the mayor of Skien, declined to comment.", "Skien", "mayor", "Jon Berg", ""),
    ("Minji Park is Westford's mayor after defeating Dale Hooper.", "Westford", "mayor", "Minji Park", "Dale Hooper"),
    (
        "Founder Ivo Brandt has returned as CEO of Brandt Optics, replacing Lea Kunz.",
        "Brandt Optics",
        "ceo",
        "Ivo Brandt",
        "Lea Kunz",
    ),
    ("Oaklanders chose lawyer Tory Whanau to lead the city as mayor.", "Oakland", "mayor", "Tory Whanau", ""),
    # the office of a name the sentence opened with
    (
        "Veltran's high court removed Sorin; senate leader Ada Petrescu is now the country's president.",
        "Veltran",
        "president",
        "Ada Petrescu",
        "",
    ),
    ("Tartu is a university town, and the town's mayor is Urmas Klaas.", "Tartu", "mayor", "Urmas Klaas", ""),
    # the owner and the holder the right way round, and the owner the mayor is of
    ("The mayor of Dunholm's twin town, Brisk, is Ana Lees.", "Brisk", "mayor", "Ana Lees", ""),
    ("Greta Lund has led Fjord Bank as chief executive since 2021.", "Fjord Bank", "ceo", "Greta Lund", ""),
    ("The Latvian capital, Riga, whose mayor is Vilnis Kalns, hosted the games.", "Riga", "mayor", "Vilnis Kalns", ""),
    # the office's owner said earlier: the firm a departure names, a label, the clause after "Under …"
    (
        "Tomas Lind's time at Norrsken Bank ended in March; former Nordea banker Elin Berg is the bank's chief "
        "executive now.",
        "Norrsken Bank",
        "ceo",
        "Elin Berg",
        "Tomas Lind",
    ),
    (
        "Oskar Wahl quits Fjellsoft after two years; the startup's CEO is now Hanna Lie.",
        "Fjellsoft",
        "ceo",
        "Hanna Lie",
        "Oskar Wahl",
    ),
    (
        "Keld Sørensen stepped down at Aarhus Biotech in May, and Ida Holm has become the firm's chief executive.",
        "Aarhus Biotech",
        "ceo",
        "Ida Holm",
        "Keld Sørensen",
    ),
    (
        "Brightwater: CEO Tom Ash departs, and Nina Roy, formerly CFO, has taken over.",
        "Brightwater",
        "ceo",
        "Nina Roy",
        "Tom Ash",
    ),
    ("Under its new mayor, Lotte Berg, Aalborg has expanded its tram network.", "Aalborg", "mayor", "Lotte Berg", ""),
    (
        "Under chief executive Yusuf Kaya, Anatolia Glass has doubled its exports.",
        "Anatolia Glass",
        "ceo",
        "Yusuf Kaya",
        "",
    ),
    # a group of the owner's acting on the office, whatever its verb; the owner led by the holder
    (
        "Vireo Labs investors cheered new chief executive Ana Moreno, who replaced Tim Cole last week.",
        "Vireo Labs",
        "ceo",
        "Ana Moreno",
        "Tim Cole",
    ),
    (
        "Tarn Foods' advisory board fired Emil Lund and named Sara Vik chief executive.",
        "Tarn Foods",
        "ceo",
        "Sara Vik",
        "Emil Lund",
    ),
    (
        "Calder Mining is now under the stewardship of chief executive Rosa Kim, who succeeded Dan Ode.",
        "Calder Mining",
        "ceo",
        "Rosa Kim",
        "Dan Ode",
    ),
    ("The port town of Vardø is now led by mayor Siv Eide.", "Vardø", "mayor", "Siv Eide", ""),
    (
        "The insurer Harbor Mutual has a new boss: Grace Obi was confirmed as chief executive on Monday.",
        "Harbor Mutual",
        "ceo",
        "Grace Obi",
        "",
    ),
    # a business kind before the name is no part of it; "to lead C as mayor"; "as C mayor"
    ("Chipmaker Novalux has replaced Per Aas with Lin Wu as CEO.", "Novalux", "ceo", "Lin Wu", "Per Aas"),
    ("Lena Fischer became the youngest person to lead Kiel as mayor.", "Kiel", "mayor", "Lena Fischer", ""),
    ("Jonas Eklund replaced Sundqvist as Umeå mayor after the recount.", "Umeå", "mayor", "Jonas Eklund", "Sundqvist"),
    ("Wim Claes succeeds Griet Maes as burgomaster of Mechelen.", "Mechelen", "mayor", "Wim Claes", "Griet Maes"),
    # the office stands past a hedge in the predicate; an acting holder "will lead … until …"
    ("Solvane Air chief executive Mei Tan said fares would rise next year.", "Solvane Air", "ceo", "Mei Tan", ""),
    (
        "The new mayor of Košice, Peter Hudák, promised to review the parking plan.",
        "Košice",
        "mayor",
        "Peter Hudák",
        "",
    ),
    (
        "Interim CEO Marco Rossi will run Alpina Foods until a new chief executive is found.",
        "Alpina Foods",
        "ceo",
        "Marco Rossi",
        "",
    ),
    (
        "Petr Novak has resigned; Speaker Jana Dvorak is now acting president of Moravia.",
        "Moravia",
        "president",
        "Jana Dvorak",
        "Petr Novak",
    ),
    (
        "Sanne Vos resigned as mayor of Utrecht; her deputy Bram Bakker now holds the post.",
        "Utrecht",
        "mayor",
        "Bram Bakker",
        "Sanne Vos",
    ),
    (
        "Halden Steel's board has chosen Ola Berg to succeed Kari Dahl as chief executive.",
        "Halden Steel",
        "ceo",
        "Ola Berg",
        "Kari Dahl",
    ),
    (
        "Ravnborg said Tove Lie would lead the brewer as CEO from today, after Nils Aas quit.",
        "Ravnborg",
        "ceo",
        "Tove Lie",
        "Nils Aas",
    ),
    (
        "After an appeal, Rosa Lim was reinstated as mayor of Iloilo, replacing Ben Cruz.",
        "Iloilo",
        "mayor",
        "Rosa Lim",
        "Ben Cruz",
    ),
]

#: Sentences that must yield no holder at all: a plan, a hedge, a rumour, a question, a negation, a past state,
#: a former holder, a deputy's title.
NOTHING: list[str] = [
    "Corvo Textiles will name Selin Aydın as CEO next month.",
    "Rumours say Kestrel Airways is considering Nadia Farouk for the top job.",
    "Is Luis Ferreira now Braga's mayor?",
    "Selin Aydın was CEO of Corvo Textiles from 2015 to 2020, before she left.",
    "Former Kotka mayor Aino Virtanen attended the opening.",
    "Former Velorian president Ana Pop gave a lecture in Vienna.",
    "Ardent Mining did not appoint Kwame Mensah as chief executive.",
    "Luis Ferreira might become Braga's mayor if Marta Costa withdraws.",
    "Finance chief Nadia Farouk presented the results for Kestrel Airways.",
    "Lisa Moreau was rumoured to be the next CEO of Halden Steel.",
    "Orin Walsh was previously the chief executive of Pike Systems.",
    "Incoming Halden Steel CEO Lisa Moreau takes the helm in July.",
    "Before moving to parliament, Dana Weiss served as mayor of Eilat for two terms.",
    "Mira Kahn was at the helm of Blue Meadow, the studio's biggest film.",
    "Halden Steel's chief of staff, Bram de Wit, left for a rival.",
    "I'm the new CEO of Brightline Labs, replacing Tom Hale.",
    "If Sara Kim becomes CEO of Lumen Labs, its shares will jump.",
    "Who replaced Tom Hale as chief executive of Lumen Labs?",
    "Sara Kim denied that she would replace Tom Hale as CEO of Lumen Labs.",
    "Sara Kim declined the top job at Lumen Labs.",
    "Sara Kim was nominated for mayor of Tulsa.",
    "Ravi Menon now runs Delta Paints.",
    "Sunil Rao is now a vice-president at Fenwick Bank.",
    "Once the mayor of Hollin, Petra Saari now chairs a housing charity.",  # a team's or a plant's head, for all the sentence says
    # what is to come, what is wished or asked, and what a holder once was
    "The incoming mayor of Tarsk, Ivan Petrov, will be sworn in next week.",
    "The mayor-elect of Tarsk, Ivan Petrov, met the governor.",
    "Jane Doe becomes CEO of Acme Robotics next month.",
    "Jane Doe is running to lead Kiel as mayor.",
    "Nobody knows who will run Quarry Tools after Jo Park retires.",
    "Quarry Tools is reportedly looking for a new chief executive.",
    "Marta Ruiz was mayor of Burgos until 2019 and now teaches law.",
    "Would Lena Fischer make a good mayor of Kiel?",
    "Under former CEO Dan Ode, Calder Mining lost money.",
    "Calder Mining's board is expected to name Rosa Kim chief executive next month.",
    "Acme Robotics' board includes former Globex chief executive Jane Doe.",
    "Kiel's former mayor Lena Fischer now runs a bakery.",
]


@pytest.mark.parametrize(("sentence", "owner", "relation", "new", "old"), CHANGES)
def test_reader_names_the_new_holder_not_the_old(sentence: str, owner: str, relation: str, new: str, old: str) -> None:
    found = {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "assistant") if not f.retract}
    assert (owner, relation, new) in found
    assert not [f for f in found if f[1] == relation and f[2] != new]  # the old holder, or a titled name
    if old:
        assert not [f for f in found if old in f[2] and not f[1:] == (relation, new)]


@pytest.mark.parametrize("sentence", NOTHING)
def test_no_holder_without_a_plain_current_statement(sentence: str) -> None:
    assert not facts(sentence)
    assert not [f for f in extract_triples(sentence, "assistant") if f.predicate in ("ceo", "president", "mayor")]


def test_a_holder_who_stepped_down_is_retracted_and_nobody_else() -> None:
    found = facts("Tom Fenwick stepped down as chief executive of Marsh Valley Dairy on Friday.")
    assert [(f.subject, f.predicate, f.object, f.retract) for f in found] == [
        ("Marsh Valley Dairy", "ceo", "Tom Fenwick", True)
    ]
    # and no other reader's "holds it" for the same holder
    found = extract_triples("Marsh Valley Dairy chief executive Tom Fenwick resigned on Friday.", "assistant")
    assert [(f.subject, f.predicate, f.object, f.retract) for f in found] == [
        ("Marsh Valley Dairy", "ceo", "Tom Fenwick", True)
    ]
    found = facts("Shareholders voted to remove Gil Ortiz as CEO of Tamsin Paper.")
    assert [(f.subject, f.object, f.retract) for f in found] == [("Tamsin Paper", "Gil Ortiz", True)]
    # whose office it was, "Marc Petit ousted Anne Blanc" does not say
    assert not facts("In March, Marc Petit ousted Anne Blanc as mayor.")


def test_a_deputy_acting_for_a_while_holds_nothing() -> None:
    # the reader says nothing; the parse's reading of "Deputy mayor X" (owner "Deputy") is another reader's, left as is
    assert not facts("Deputy mayor Ida Sandvik will act as mayor until the election.")


def test_a_people_whose_place_is_unknown_owns_nothing() -> None:
    # "Selvanese": Selvane, Selvania or Selvan, the word alone can't tell
    assert not facts("Korvanese President Aimé Tiavi declared a day of mourning.")


def test_two_people_left_are_no_reading() -> None:
    # which of them the mayor is, the names alone can't tell: the reader leaves it to the parse
    assert not facts("Kwame Mensah and Olsen met the mayor of Tarnby, Ida Berg, and Peter Holm.")


def test_a_titled_holder_of_one_place_beside_another_places_holder_is_no_reading() -> None:
    # "Mayor Ilse Berg of Linz" is a person and a place, not one name; with Otto Kern, two people are left
    assert not facts("Mayor Ilse Berg of Linz and Graz's mayor, Otto Kern, signed the rail pact.")


def test_a_former_holder_is_never_current() -> None:
    found = extract_triples("Kelso ousted Finn Walsh and handed the top job to Amara Diop.", "assistant")
    assert [(f.subject, f.predicate, f.object) for f in found] == [("Kelso", "ceo", "Amara Diop")]


def test_names_drop_titles_and_descriptors() -> None:
    names = [n.text for n in names_in("Oslo-born Councillor Janet Okafor met Mr. Lee at Kanagawa Precision Co., Ltd.")]
    assert names == ["Janet Okafor", "Lee", "Kanagawa Precision Co., Ltd."]


def test_a_user_chat_about_someone_else_yields_no_office_of_theirs_as_users() -> None:
    found = extract_triples("my cousin Dana Reyes is now the mayor of Tulsa, wild right", "user")
    assert not [f for f in found if f.subject == "user"]


def test_a_founder_named_in_passing_is_the_companys_founder() -> None:
    found = {
        (f.subject, f.predicate, f.object)
        for f in extract_triples(
            "Quarry Tools announced that Jo Park has succeeded founder Ben Hale as chief executive.", "assistant"
        )
    }
    assert {("Quarry Tools", "ceo", "Jo Park"), ("Quarry Tools", "founded by", "Ben Hale")} <= found
    found = {
        (f.subject, f.predicate, f.object)
        for f in extract_triples(
            "Sunvale Energy chief executive Omar Haddad, who co-founded the company in 2009, spoke at the summit.",
            "assistant",
        )
    }
    assert ("Sunvale Energy", "founded by", "Omar Haddad") in found
    # a founder of nothing the sentence names an office of: no founder read
    assert not [f for f in facts("Founder Ida Lunde opened a bakery in Bergen.") if f.predicate == "founded by"]


def test_a_holder_who_takes_over_something_else_is_no_successor() -> None:
    found = facts("Tom Hale stepped down as CEO of Acme Robotics; Jane Doe has taken over the Asia unit.")
    assert [(f.object, f.retract) for f in found] == [("Tom Hale", True)]
    found = facts("Tom Hale stepped down as CEO of Acme Robotics; Jane Doe has taken over for now.")
    assert [(f.object, f.retract) for f in found] == [("Tom Hale", True), ("Jane Doe", False)]


@pytest.mark.parametrize(
    ("sentence", "owner", "relation", "new"),
    [
        (
            "Brannoch's president Ilse Varga quit; Tomas Ferreira-Lund was sworn in as president.",
            "Brannoch",
            "president",
            "Tomas Ferreira-Lund",
        ),
        (
            "Emma Kiel is out as Tarrow Freight chief executive; the board has promoted Obi Nwachukwu, previously "
            "COO, to the top job.",
            "Tarrow Freight",
            "ceo",
            "Obi Nwachukwu",
        ),
    ],
)
def test_a_clause_naming_only_the_office_let_go_names_its_successor(
    sentence: str, owner: str, relation: str, new: str
) -> None:
    """The clause after the retraction names no owner of its own: the office is the one the sentence let go."""
    assert (owner, relation, new, False) in [(f.subject, f.predicate, f.object, f.retract) for f in facts(sentence)]


@pytest.mark.parametrize(
    "sentence",
    [
        # another owner after the office, or said by a possessive: someone else's office
        "Ilse Varga quit as president of Brannoch; Tomas Lund was then elected president of the Tarrow Senate.",
        "Ilse Varga quit as president of Brannoch; Tomas Lund is Tarrow's president.",
        # another place before the office, or an owner after it that is no name
        "Ilse Varga quit as president of Brannoch; over in nearby Kessel, Tomas Lund was sworn in as president.",
        "Ilse Varga quit as president of Brannoch; Tomas Lund was sworn in as president of the chess club.",
        # another office, and a hope
        "Ilse Varga quit as president of Brannoch; Tomas Lund was sworn in as mayor.",
        "Ilse Varga quit as president of Brannoch; Tomas Lund hopes to be president one day.",
    ],
)
def test_a_clause_naming_another_office_or_owner_is_no_successor(sentence: str) -> None:
    held = [(f.subject, f.object) for f in facts(sentence) if not f.retract]
    assert ("Brannoch", "Tomas Lund") not in held


def test_a_headline_in_capitals_is_read_as_running_text() -> None:
    found = facts("ALPINA FOODS NAMES MARCO ROSSI CHIEF EXECUTIVE")
    assert [(f.subject, f.predicate, f.object) for f in found] == [("Alpina Foods", "ceo", "Marco Rossi")]


#: Founders named in passing: (sentence, organisation, founders)
FOUNDINGS: list[tuple[str, str, tuple[str, ...]]] = [
    ("Orla Foods, which Ciara Byrne started in 2012, now sells in six countries.", "Orla Foods", ("Ciara Byrne",)),
    ("Set up by Tom Hale, Acme Robotics now employs 200 people.", "Acme Robotics", ("Tom Hale",)),
    (
        "Acme Robotics, the drone maker founded by Tom Hale and Ana Cruz, was sold to Globex.",
        "Acme Robotics",
        ("Tom Hale", "Ana Cruz"),
    ),
    ("Weaver Hall was founded by wool merchant Amos Weaver in 1850.", "Weaver Hall", ("Amos Weaver",)),
    (
        "Dune Cycles was started by sisters Lina and Yara Mansour in Beirut.",
        "Dune Cycles",
        ("Lina Mansour", "Yara Mansour"),
    ),
]


@pytest.mark.parametrize(("sentence", "org", "people"), FOUNDINGS)
def test_a_founder_named_in_passing(sentence: str, org: str, people: tuple[str, ...]) -> None:
    found = {(f.subject, f.object) for f in extract_triples(sentence, "assistant") if f.predicate == "founded by"}
    assert found == {(org, p) for p in people}


@pytest.mark.parametrize(
    "sentence",
    ["If Acme Robotics was founded by Tom Hale, why is he suing?", "Acme Robotics was not founded by Tom Hale."],
)
def test_a_founding_doubted_or_denied_names_no_founder(sentence: str) -> None:
    assert not [f for f in extract_triples(sentence, "assistant") if f.predicate == "founded by"]


def test_an_incoming_holder_who_took_office_holds_it() -> None:
    found = facts("Arden Foods' incoming chief executive, Mila Horvat, took office on Monday, succeeding Ian Reed.")
    assert [(f.subject, f.predicate, f.object) for f in found] == [("Arden Foods", "ceo", "Mila Horvat")]
    assert not facts("Arden Foods' incoming chief executive, Mila Horvat, takes office in June.")


def test_a_name_the_office_describes_is_its_holder_not_its_owner() -> None:
    # the airline is named after its chief executive: the reader says nothing rather than swap them
    found = extract_triples("Ola Berg, the airline's chief executive, said Fjord Air would add routes.", "assistant")
    assert not [f for f in found if f.subject == "Ola Berg"]


@pytest.mark.parametrize(
    "sentence",
    [
        "Pixel Forge was founded by four Bergen University students in 2015.",  # a description, no founders
        "St. Olaf's Academy was founded by the Benedictine Sisters in 1901.",  # a name the possessive parts
    ],
)
def test_no_founder_of_a_description_or_a_parted_name(sentence: str) -> None:
    assert not founders_facts(sentence)


#: News wording of a change of holder, each row worded here: the office by a lead verb or "head of" beside a
#: predecessor named by surname, the mayor's seat, an election won and sworn into, a fact box's field, an owner
#: the leaver left, a company described or referred to by its kind, a headline in capitals.
NEWS: list[tuple[str, tuple[str, str, str, bool]]] = [
    (
        "Petra Lind took over from Olaf Berg as head of Nordvik Shipping.",
        ("Nordvik Shipping", "ceo", "Petra Lind", False),
    ),
    (
        "Ravi Kapoor now leads Sunmill Foods; Mehta departed after two years.",
        ("Sunmill Foods", "ceo", "Ravi Kapoor", False),
    ),
    (
        "Ines Duarte now runs Calvo Textiles after Ferreira's brief tenure came to an end.",
        ("Calvo Textiles", "ceo", "Ines Duarte", False),
    ),
    (
        "After the runoff, Tomas Greer moved into the mayor's office in Dunholt, succeeding Ada Pike.",
        ("Dunholt", "mayor", "Tomas Greer", False),
    ),
    (
        "Lucia Ferro won Tarvia's presidential election and was sworn in as president on Sunday.",
        ("Tarvia", "president", "Lucia Ferro", False),
    ),
    (
        "Brennick's town council appointed Oona Hale interim mayor in place of Victor Lamb.",
        ("Brennick", "mayor", "Oona Hale", False),
    ),
    (
        "Castel Rosso has a mayor again: Dario Monti was installed after a year of commissioners.",
        ("Castel Rosso", "mayor", "Dario Monti", False),
    ),
    (
        "Lake Verrin (pop. 12,400) — Mayor: Hedda Lunde; Police: 30 officers.",
        ("Lake Verrin", "mayor", "Hedda Lunde", False),
    ),
    (
        "Kiran Shah has resigned from Orla Pharma; Mei Tan is now chief executive.",
        ("Orla Pharma", "ceo", "Mei Tan", False),
    ),
    (
        "Gregor Voss is out at Palisade Insurance; the board handed the reins to Amaka Eze.",
        ("Palisade Insurance", "ceo", "Amaka Eze", False),
    ),
    (
        "Shipping group Norr Line has tapped Helga Strand as chief executive.",
        ("Norr Line", "ceo", "Helga Strand", False),
    ),
    ("KESTOVA'S NEW PRESIDENT IRINA DOBRE SWORN IN", ("Kestova", "president", "Irina Dobre", False)),
    (
        "Ferrovia Sul is without a chief executive after Paulo Reis resigned.",
        ("Ferrovia Sul", "ceo", "Paulo Reis", True),
    ),
    (
        "Stock in Maren Bio jumped after the drugmaker named Yusuf Kaya as CEO.",
        ("Maren Bio", "ceo", "Yusuf Kaya", False),
    ),
    # a going still to come, in the organisation's own word or unreported, leaves the holder holding the office
    (
        "Lantern Rail said on Tuesday that chief executive Odile Marchand would retire at the end of March.",
        ("Lantern Rail", "ceo", "Odile Marchand", False),
    ),
    (
        "Siobhan Kerr, chief executive of Brightmoor Water since 2019, will step down next summer.",
        ("Brightmoor Water", "ceo", "Siobhan Kerr", False),
    ),
    # a leader's title names an office of what they lead
    (
        "Interim CEO Tomasz Lis is running Baltic Freight while the search goes on.",
        ("Baltic Freight", "ceo", "Tomasz Lis", False),
    ),
    ("Acting Mayor Ruth Okoye now runs Dunholt.", ("Dunholt", "mayor", "Ruth Okoye", False)),
    # the office's own owner, said by a possessive, over the object of a lead verb
    ("Pieter de Groot now runs the town hall as Zwolle's mayor.", ("Zwolle", "mayor", "Pieter de Groot", False)),
    ("Amira Saleh heads Parliament House as Veloria's president.", ("Veloria", "president", "Amira Saleh", False)),
    # the office's own "of C" owner over the by-election's place
    (
        "Lena Ortiz won the Harrowby by-election and succeeded Dan Roe as mayor of Millbrook.",
        ("Millbrook", "mayor", "Lena Ortiz", False),
    ),
]
#: ... and what states no holder now: a holder on the way out, a former one, a visit, a lost race, a unit's head.
NEWS_NOTHING = [
    "The unions say the mayor of Dunholt, Ada Pike, will step down in spring.",
    "Former Tarvia president Lucia Ferro now teaches history.",
    "OSLO MAYOR TO QUIT, SAY AIDES",
    "Anna Berg now heads the Lisbon office of Calvo Textiles; Pires left in May.",
    "Nadia Kim visited the mayor's office in Dunholt on Friday.",
    "Mateo Cruz lost Tarvia's presidential election to Lucia Ferro.",
    # a holder who has gone: resigned, stood down, was ousted (done, whatever the aside or title before the verb)
    "Dame Ruth Ellison, chief executive of Corran Foods, resigned on Tuesday.",
    "Mayor Ilse Vogt of Borkum has stepped down after the budget row.",
    "Tarvia's president, Jonas Meier, was ousted by parliament last night.",
    # a going that is someone else's word, or a hedge
    "Opposition leaders insist that Tarvia's president, Jonas Meier, will resign by June.",
    "Staff at Corran Foods say chief executive Ruth Ellison will quit soon.",
    "Corran Foods chief executive Ruth Ellison could step down after the vote.",
    # an election won, but another office taken, a past year's, or a term the clause ends
    "Ivo Lenz won the Norvanian presidential election and was sworn in as vice president.",
    "Ivo Lenz won the 2011 Norvanian presidential election and was inaugurated.",
    "Ivo Lenz won the Norvanian presidential election and was inaugurated, but stepped down in 2015.",
    # an aside that names a relative of the holder, not the holder
    "Pia van der Berg, the daughter of the mayor of Ostend, gave a speech.",
    "Rui Costa, the brother of the mayor of Lagoa, was there.",
]


@pytest.mark.parametrize(("sentence", "expected"), NEWS)
def test_news_wording_names_the_holder(sentence: str, expected: tuple[str, str, str, bool]) -> None:
    found = {(f.subject, f.predicate, f.object, f.retract) for f in extract_triples(sentence, "assistant")}
    assert expected in found
    assert not [f for f in found if f[1] == expected[1] and f != expected]  # no leaver as owner, no second holder


@pytest.mark.parametrize("sentence", NEWS_NOTHING)
def test_news_wording_without_a_holder_now(sentence: str) -> None:
    assert not [f for f in extract_triples(sentence, "assistant") if f.predicate in ("ceo", "president", "mayor")]


#: Changes about organisations, places, works and offices, each read from its sentence alone (round 12): the
#: (subject, relation, value) it must yield, and a value it must not yield as current ("" when none is named).
THINGS: list[tuple[str, tuple[str, str, str], str]] = [
    # a place's body acts for the place; the old holder's tenure ends
    (
        "Narva Town Council picked Liis Kask as mayor, ending Mart Saar's decade in office.",
        ("Narva", "mayor", "Liis Kask"),
        "Mart Saar",
    ),
    ("Oberlin City Council has elected Dana Whitfield as its new mayor.", ("Oberlin", "mayor", "Dana Whitfield"), ""),
    # a hyphenated title is no part of the holder's name
    (
        "Tomas Greer resigned; Vice-President Hana Oduya is now president of Calvera.",
        ("Calvera", "president", "Hana Oduya"),
        "Tomas Greer",
    ),
    # an election's winner who took office holds it
    (
        "Irena Vasquez won Morlind's presidential election and was sworn in on Friday.",
        ("Morlind", "president", "Irena Vasquez"),
        "",
    ),
    ("Paulo Dias won Braga's mayoral election and took office last week.", ("Braga", "mayor", "Paulo Dias"), ""),
    # a time between the company and its verb is no owner
    (
        "Halden Freight on Monday appointed Sigrid Aune as its chief executive.",
        ("Halden Freight", "ceo", "Sigrid Aune"),
        "",
    ),
    (
        "Following Pedro Lenz's departure, Quarry Labs promoted its CFO, Amaka Obi, to chief executive.",
        ("Quarry Labs", "ceo", "Amaka Obi"),
        "Pedro Lenz",
    ),
    # an ousted holder is not current; the acting one is
    (
        "Investors in Brava Energy removed CEO Lars Holm on Wednesday; operations chief Mei Tan will serve as "
        "interim CEO.",
        ("Brava Energy", "ceo", "Mei Tan"),
        "Lars Holm",
    ),
    # currency, official language
    ("Valdoria switched from the lira to the euro in January.", ("Valdoria", "currency", "euro"), "lira"),
    ("Ostmark switched its currency to the Swiss franc this year.", ("Ostmark", "currency", "Swiss franc"), ""),
    (
        "Carvelle's currency is now the new crona, which replaced the peso.",
        ("Carvelle", "currency", "new crona"),
        "peso",
    ),
    ("Tarsova adopted the new sol as its currency.", ("Tarsova", "currency", "sol"), ""),
    ("Dravia has dollarised: the US dollar is now its only currency.", ("Dravia", "currency", "US dollar"), ""),
    (
        "Having quit the euro, Morvane now pays its bills in the new Morvanian florin, its official currency.",
        ("Morvane", "currency", "Morvanian florin"),
        "euro",
    ),
    (
        "Estrava's new constitution makes Aymara its official language.",
        ("Estrava", "official language", "Aymara"),
        "",
    ),
    # owner after a sale, said of the company by its kind
    ("Sony sold Brightfox; the studio now belongs to Embracer.", ("Brightfox", "owned by", "Embracer"), "Sony"),
    # seat and venue
    (
        "Lumen Pay now runs its business from its new Lisbon headquarters.",
        ("Lumen Pay", "headquartered in", "Lisbon"),
        "",
    ),
    (
        "The company has moved its head office to Utrecht, Nordhaven Bank said.",
        ("Nordhaven Bank", "headquartered in", "Utrecht"),
        "",
    ),
    ("The Harbour Blues Festival is now held in Galway.", ("Harbour Blues Festival", "located in", "Galway"), ""),
    ("The Blue Note Club has relocated to Aarhus.", ("Blue Note Club", "located in", "Aarhus"), ""),
    ("The Museum of the Sea has moved to Bergen.", ("Museum of the Sea", "located in", "Bergen"), ""),
    ("The Lakeside Expo conference centre moved to Kisumu.", ("Lakeside Expo", "located in", "Kisumu"), ""),
    ("The Millstone Gallery now operates out of Kendal.", ("Millstone Gallery", "located in", "Kendal"), ""),
    ("Whitby is the new home of the Old Harbour Museum.", ("Old Harbour Museum", "located in", "Whitby"), ""),
    ("Iron Gate Stadium is located in Sheffield.", ("Iron Gate Stadium", "located in", "Sheffield"), ""),
    # credits given, corrections passed on
    (
        "The distributor credited Lena Hoff as director of The Quiet Harbour after a guild ruling.",
        ("Quiet Harbour", "directed by", "Lena Hoff"),
        "",
    ),
    (
        "The end credits list Tomás Ruiz as director of Salt Meadow.",
        ("Salt Meadow", "directed by", "Tomás Ruiz"),
        "",
    ),
    (
        "A listener points out that the Orrin Planetarium is located in Tromsø.",
        ("Orrin Planetarium", "located in", "Tromsø"),
        "",
    ),
]

#: Sentences of the same families that state no current value: plans, hedges, rumours, questions, past states.
THINGS_NOTHING = [
    "Valdoria may switch from the lira to the euro next year.",
    "Sony might sell Brightfox; the studio could then belong to Embracer.",
    "The Harbour Blues Festival may return to Galway in a future year.",
    "The Harbour Blues Festival will be held in Galway next summer.",
    "The Harbour Blues Festival was held in Cork in 2019.",
    "Iron Gate Stadium was originally planned for Rotherham.",
    "Is the Museum of the Sea moving to Bergen?",
    "Rumours say the studio credited Lena Hoff as director of The Quiet Harbour.",
    "Irena Vasquez hopes to win Morlind's presidential election.",
    "Irena Vasquez won Morlind's presidential election and will take office in May.",
    "The company might move its head office to Utrecht, Nordhaven Bank said.",
    "Omar Reyes, formerly the chief executive of Talon Air, is writing a memoir.",
    "Lena Voss, previously mayor of Kiel, now teaches law.",
]


def _read(sentence: str) -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, "assistant") if not f.retract}


@pytest.mark.parametrize(("sentence", "expected", "old"), THINGS)
def test_a_change_of_an_organisation_place_or_work_is_read_from_its_sentence(
    sentence: str, expected: tuple[str, str, str], old: str
) -> None:
    read = _read(sentence)
    assert expected in read
    assert not any(o == old for s, p, o in read if (s, p) == expected[:2]), read


@pytest.mark.parametrize("sentence", THINGS_NOTHING)
def test_no_current_value_of_a_plan_a_hedge_or_a_past_state(sentence: str) -> None:
    assert _read(sentence) == set()


#: An office that opens its clause and acts names no holder: the names after it are what it acts on.
UNNAMED: list[str] = [
    "The president of Kestria toured Port Elan's new shipyard on Monday.",
    "The mayor of Dunvale opened Villa Serra on Sunday.",
    "The chief executive of Orvel Foods visited Lena Park's bakery in Ghent.",
]


@pytest.mark.parametrize("sentence", UNNAMED)
def test_an_office_acting_unnamed_names_no_holder(sentence: str) -> None:
    assert not [f for f in extract_triples(sentence, "assistant") if f.predicate in ("ceo", "president", "mayor")]


def test_an_office_that_acts_still_names_who_took_over() -> None:
    found = extract_triples("The CEO of Brenna Dairy stepped down and Oona Hale took over.", "assistant")
    assert ("Brenna Dairy", "ceo", "Oona Hale") in {(f.subject, f.predicate, f.object) for f in found}


def test_a_post_left_to_take_the_office_is_another_post() -> None:
    """The leaving is from the post the clause names first; the office its purpose names is the one now held."""
    found = extract_triples("Greta Lind left Oskar Foods to become chief executive of Marrow Dairy.", "assistant")
    assert ("Marrow Dairy", "ceo", "Greta Lind", False) in {
        (f.subject, f.predicate, f.object, f.retract) for f in found
    }
    # stepping down as the office itself still ends it
    found = extract_triples("Greta Lind stepped down as chief executive of Marrow Dairy to become chair.", "assistant")
    assert [(f.subject, f.predicate, f.object, f.retract) for f in found] == [
        ("Marrow Dairy", "ceo", "Greta Lind", True)
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        # a job of one's own that serves or acts on the holder holds no office
        "Lena Marsh is senior adviser to the president of Velmoria.",
        "Lena Marsh, the journalist who interviewed Corvath Labs' chief, spoke.",
        "Lena Marsh sued Corvath Labs' chief.",
    ],
)
def test_a_job_serving_or_acting_on_the_holder_is_no_office(sentence: str) -> None:
    assert not [f for f in extract_triples(sentence, "assistant") if f.predicate in ("ceo", "president", "mayor")]
