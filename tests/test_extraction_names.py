"""Name boundaries, descriptions, titles, corrections and asides (consolidators.wholenames and the parse's
text). Each row is worded here, with names and verbs of its own: a name is to come out whole and bare
whichever reader found it, a correction's denied alternative never, a hedged or negated clause not at all."""

from __future__ import annotations

import pytest

from consolidators import extract_triples
from consolidators.nlp_cache import normalised
from consolidators.wholenames import chat_i, job_title, plain

Triple = tuple[str, str, str]
A, U = "assistant", "user"

#: (sentence, role, every triple the sentence yields)
WHOLE: list[tuple[str, str, set[Triple]]] = [
    # a description before a name is no part of it, and no root of the sentence
    ("The sculptor Tomasz Wilk died in Gdańsk.", A, {("Tomasz Wilk", "died in", "Gdańsk")}),
    ("A further correction: the composer Halina Borek was born in Lublin.", A, {("Halina Borek", "born in", "Lublin")}),
    ("Swedish midfielder Elin Berg now plays for Rosenborg.", A, {("Elin Berg", "plays for", "Rosenborg")}),
    (
        "Drummer Kojo Mensah joined the highlife band Accra Sound Collective in 2019.",
        A,
        {("Kojo Mensah", "member of", "Accra Sound Collective")},
    ),
    ("Translator Mei Tanaka speaks fluent Korean.", A, {("Mei Tanaka", "speaks", "Korean")}),
    (
        "Lowbridge's mayor, Councillor Ruth Amadi, opened the market on Saturday.",
        A,
        {("Lowbridge", "mayor", "Ruth Amadi")},
    ),
    ("The Villa Serena gallery is located in Lucca.", A, {("Villa Serena", "located in", "Lucca")}),
    (
        "The ruins of Great Zimbabwe are located in Masvingo Province.",
        A,
        {("Great Zimbabwe", "located in", "Masvingo Province")},
    ),
    # a first name that ends like a job is still a name
    ("Sofía Martínez López is married to Diego Herrera.", A, {("Sofía Martínez López", "married to", "Diego Herrera")}),
    ("Oliver Grant Walker is married to Ines Duarte.", A, {("Oliver Grant Walker", "married to", "Ines Duarte")}),
    # particles, "&", an institution's "for", a hyphen
    ("Birch & Rowan is a subsidiary of Halvorsen Group.", A, {("Birch & Rowan", "owned by", "Halvorsen Group")}),
    ("I'm enrolled at Universidad de los Andes now", U, {("user", "studies at", "Universidad de los Andes")}),
    (
        "Dr. Hamid Rahimi has joined the Leibniz Institute for Marine Sciences.",
        A,
        {("Hamid Rahimi", "works at", "Leibniz Institute for Marine Sciences")},
    ),
    (
        "The documentary Salt Lines was directed by Maria Soto-Vega.",
        A,
        {("Salt Lines", "directed by", "Maria Soto-Vega")},
    ),
    ("Poet Kamau wa Njoroge was born in Nyeri.", A, {("Kamau wa Njoroge", "born in", "Nyeri")}),
    # a work's title keeps its joiners; a date after it is no part of it
    ("Amira Haddad directed Letters to Marrakesh.", A, {("Letters to Marrakesh", "directed by", "Amira Haddad")}),
    ("Snow over Riga was directed by Ilze Ozola.", A, {("Snow over Riga", "directed by", "Ilze Ozola")}),
    ("Kenji Arai wrote Rain on the Harbour.", A, {("Kenji Arai", "author of", "Rain on the Harbour")}),
    ("The Garden of Lost Hours was written by Tendai Moyo.", A, {("Tendai Moyo", "author of", "Garden of Lost Hours")}),
    ("Kavya Rao directed The Salt Road on Monday.", A, {("Salt Road", "directed by", "Kavya Rao")}),
    # a site inside a place: the place
    ("Grete Holm passed away at the Villa Nova in Bergen.", A, {("Grete Holm", "died in", "Bergen")}),
    ("Inés Vidal died at the Quinta Rosa in Sevilla.", A, {("Inés Vidal", "died in", "Sevilla")}),
    # two first names, one surname
    (
        "Founded in 2015 by sisters Leila and Noor Karimi, Saffron Labs is headquartered in Tabriz.",
        A,
        {
            ("Saffron Labs", "headquartered in", "Tabriz"),
            ("Saffron Labs", "founded by", "Leila Karimi"),
            ("Saffron Labs", "founded by", "Noor Karimi"),
        },
    ),
    (
        "Larry Page and Sergey Brin founded Google.",
        A,
        {("Google", "founded by", "Larry Page"), ("Google", "founded by", "Sergey Brin")},
    ),
    # corrections: the new value, never the denied one
    (
        "Update: Astrid Nyberg died in a Gothenburg hospice, not in Malmö as first reported.",
        A,
        {("Astrid Nyberg", "died in", "Gothenburg")},
    ),
    (
        "Correction: Dilan Çelik was born in Eskişehir, not Bursa as stated earlier.",
        A,
        {("Dilan Çelik", "born in", "Eskişehir")},
    ),
    ("Mona Farid, not Salma Nour, directed Harbour of Smoke.", A, {("Harbour of Smoke", "directed by", "Mona Farid")}),
    ("The Torre Nera museum is located in Genoa, not Pisa.", A, {("Torre Nera", "located in", "Genoa")}),
    (
        "Astrid Nyberg was born in Umeå, not Luleå, and works at Volvo.",
        A,
        {("Astrid Nyberg", "born in", "Umeå"), ("Astrid Nyberg", "works at", "Volvo")},
    ),
    ("I use Vim, not Emacs.", U, {("user", "uses", "Vim")}),
    # the writer's asides
    ("Chen Wei-Ling, it turns out, was born in Kaohsiung.", A, {("Chen Wei-Ling", "born in", "Kaohsiung")}),
    ("Okonkwo was in fact born in Enugu, his publisher says.", A, {("Okonkwo", "born in", "Enugu")}),
    # particles no English word spells join one name (Catalan, Slovene); a later mention that opens with its
    # particle is the person the sentence named in full
    ("Kelsey Puig i Serra is married to Tomas Reyes.", A, {("Kelsey Puig i Serra", "married to", "Tomas Reyes")}),
    ("The singer Anna Novak was born in Slovenj pri Bistrici.", A, {("Anna Novak", "born in", "Slovenj pri Bistrici")}),
    (
        "The film Low Tide was directed by Carla de Souza; de Souza was born in Recife.",
        A,
        {("Low Tide", "directed by", "Carla de Souza"), ("Carla de Souza", "born in", "Recife")},
    ),
    (
        "The novel Dry Harbour was written by Pieter van den Hoek, and van den Hoek lives in Utrecht.",
        A,
        {("Pieter van den Hoek", "author of", "Dry Harbour"), ("Pieter van den Hoek", "lives in", "Utrecht")},
    ),
    # a run of particles, an article before a hyphen, a Catalan "i": the parse reads one name, not a verb
    ("Pieter van den Hoorn was born in Leiden.", A, {("Pieter van den Hoorn", "born in", "Leiden")}),
    ("Anouk van den Broek lives in Haarlem.", A, {("Anouk van den Broek", "lives in", "Haarlem")}),
    ("Núria Soler i Puig was born in Vic.", A, {("Núria Soler i Puig", "born in", "Vic")}),
    ("Samir al-Haddad was born in Homs.", A, {("Samir al-Haddad", "born in", "Homs")}),
    ("Hama is where Tariq al-Nouri died.", A, {("Tariq al-Nouri", "died in", "Hama")}),
    ("The poet Tariq al-Nouri died in Hama.", A, {("Tariq al-Nouri", "died in", "Hama")}),  # after a description
    # a name that is a hedge word inside a sentence is a name; a hope is still a hedge
    ("The novelist Hope Adeyemi lives in Ibadan.", A, {("Hope Adeyemi", "lives in", "Ibadan")}),
    ("I hope Tunde moved to Ibadan.", U, set()),
    # a name that shares a word with the other term is still whole
    (
        "The founder of Hart & Lowe Books, Mara Hart, retired in 2021.",
        A,
        {("Hart & Lowe Books", "founded by", "Mara Hart")},
    ),
    # a chief executive's post is the fact; working at the firm they head is no second key of it
    (
        "Ilse Brandt, who took the top job at Norrvik Bank in May, promised steady growth.",
        A,
        {("Norrvik Bank", "ceo", "Ilse Brandt")},
    ),
    # a plural role is each listed name's
    (
        "Oskar Lund, Mia Berg and Tove Dahl are members of Nordic Drift.",
        A,
        {
            ("Oskar Lund", "member of", "Nordic Drift"),
            ("Mia Berg", "member of", "Nordic Drift"),
            ("Tove Dahl", "member of", "Nordic Drift"),
        },
    ),
    # a possessive after a name with two particles ends the name, it doesn't cut it at the last word
    (
        "Femke van der Berg's husband, Joris Bakker, was born in Delft.",
        A,
        {("Femke van der Berg", "married to", "Joris Bakker"), ("Joris Bakker", "born in", "Delft")},
    ),
    # nothing: a hedge, a question, a negation, a plan, a past state, someone else's fact in chat
    ("Sanna Virtanen, it seems, was born in Oulu.", A, set()),
    ("Rumours say the poet Ignacy Wrona died in Lwów.", A, set()),
    ("Was the sculptor Tomasz Wilk born in Gdańsk?", A, set()),
    ("The painter Ilse Berg did not die in Vienna.", A, set()),
    ("Javier Morales Ortega may move to Valencia.", A, set()),
    ("The poet Ignacy Wrona lived in Kraków for decades.", A, set()),
    # a person the user names by relation and whole name holds the clause's fact, whole
    ("my cousin Javier Ortega Ruiz lives in Madrid", U, {("Javier Ortega Ruiz", "lives in", "Madrid")}),
]


def _triples(sentence: str, role: str) -> set[Triple]:
    return {(f.subject, f.predicate, f.object) for f in extract_triples(sentence, role) if not f.retract}


@pytest.mark.parametrize(("sentence", "role", "expected"), WHOLE)
def test_names_come_out_whole_and_bare(sentence: str, role: str, expected: set[Triple]) -> None:
    assert _triples(sentence, role) == expected


#: (sentence, a value the sentence denies or cuts short, which no fact may hold)
NEVER: list[tuple[str, str]] = [
    ("Update: Astrid Nyberg died in a Gothenburg hospice, not in Malmö as first reported.", "Malmö"),
    ("Correction: Dilan Çelik was born in Eskişehir, not Bursa as stated earlier.", "Bursa"),
    ("Mona Farid, not Salma Nour, directed Harbour of Smoke.", "Salma Nour"),
    ("Javier Ortega Ruiz, not Pablo Ruiz, was born in Cádiz.", "Pablo Ruiz"),
    ("Nairobi-based Tamu Foods opened a new plant.", "Nairobi-based"),
    ("Norvik Systems named Jonas Eide CEO after the vote.", "Jonas Eide CEO"),
    ("Greta Gerwig directed Barbie for Warner Bros.", "Barbie for Warner Bros"),
    ("As of 1 May, Dr. Lena Fisk has assumed the role of President and CEO of Orrin Holdings.", "As"),
]


@pytest.mark.parametrize(("sentence", "value"), NEVER)
def test_a_denied_or_cut_value_is_never_a_term(sentence: str, value: str) -> None:
    terms = {t for f in extract_triples(sentence, A) for t in (f.subject, f.object)}
    assert value not in terms


@pytest.mark.parametrize(
    ("text", "stated"),
    [
        ("Correction: Elif Kaya was born in Sivas, not Konya as reported.", "Elif Kaya was born in Sivas."),
        ("A second update - the poet Ana Reis died in Braga.", "The poet Ana Reis died in Braga."),
        ("Ana Reis, it emerged, was born in Faro.", "Ana Reis was born in Faro."),
        ("I live in Porto, not because I chose it.", "I live in Porto, not because I chose it."),
    ],
)
def test_plain_drops_labels_denials_and_asides(text: str, stated: str) -> None:
    assert plain(text) == stated


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("Pieter van den Berg lives in Leiden.", "Pieter Van Den Berg lives in Leiden."),
        ("Jordi Casals i Font lives in Reus.", "Jordi Casals Y Font lives in Reus."),
        ("Samir al-Haddad died in Homs.", "Samir Al\u2011Haddad died in Homs."),  # a hyphen it doesn't cut at
        ("Kofi Mensah-Bonsu plays for Ashgrove.", "Kofi Mensah-Bonsu plays for Ashgrove."),  # a name's hyphen stays
        ("The Lagos-born poet", "The Lagos-born poet"),  # a description, no name
        ("I do Pilates on Mondays.", "I do Pilates on Mondays."),  # a pronoun opens no name
    ],
)
def test_the_parser_is_given_a_name_as_one(text: str, parsed: str) -> None:
    assert normalised(text) == parsed


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("i moved to Leeds", "I moved to Leeds"),
        ("so i Googled it", "so I Googled it"),
        ("Jordi Casals i Font", "Jordi Casals i Font"),
    ],
)
def test_chat_i_is_the_pronoun_unless_a_name_holds_it(text: str, read: str) -> None:
    assert chat_i(text) == read


@pytest.mark.parametrize(
    ("word", "is_job"),
    [("Translator", True), ("Councillor", True), ("Winger", True), ("Javier", False), ("Oliver", False)],
)
def test_a_job_title_is_told_from_a_first_name(word: str, is_job: bool) -> None:
    assert job_title(word) is is_job
