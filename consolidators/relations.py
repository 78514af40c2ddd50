"""The relation vocabulary the dependency parse maps onto: verbs, role nouns, demonyms, typos.

:mod:`consolidators.parse` reads who did what to whom; this module says what
it is called. A verb lemma with its preposition, voice and direction
(:data:`RELATIONS`) gives the canonical predicate, which of the two names is
the fact's subject, and what the verb itself says about cardinality ("died
in" names one place; "speaks" one of several languages). Everything here is
data plus two lookups, so extending the vocabulary never touches the parse.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Iterable

import numpy as np
from lemminflect import getAllInflections, getAllLemmas  # type: ignore[import-untyped,unused-ignore]

from .vocabulary import CANONICAL_PREDICATES

#: Relations whose value is a person: a word before the value is a title, not part of a place's name, an
#: organisation there is the wrong kind, and a one-word value is a person's short name.
PERSON_VALUED = frozenset({"founded by", "directed by", "ceo", "mayor", "president", "married to"})
#: The predicates a third-person statement may state (benchmarks/data/extraction/PREDICATES.md): a
#: relation outside this set yields no fact, so an unknown noun ("frontman") never becomes a predicate.
THIRD_PERSON_PREDICATES = frozenset(
    w.replace("_", " ")
    for w in (
        "capital official_language currency president mayor ceo cto headquartered_in owned_by founded_by born_in died_in"
        " lives_in works_at educated_at married_to plays_for citizen_of speaks member_of author_of directed_by"
        " located_in buried_in created_by invented_by designed_by composed_by painted_by discovered_by developed_by"
        " prime_minister chancellor governor"
    ).split()
)


def _classes(**classes: str) -> dict[str, str]:
    """``predicate="noun noun …"`` (underscores for spaces) → {noun: predicate}."""
    return {w.replace("_", " "): p.replace("_", " ") for p, words in classes.items() for w in words.split()}


#: Role nouns owned by the thing they're "of": "the capital of Peru is Lima" and "Lima is the capital of
#: Peru" are both Peru's capital. Lemma classes, so a synonym lands on the canonical predicate.
OWNER_ROLES: dict[str, str] = _classes(
    capital="capital capital_city seat_of_government",
    official_language="official_language national_language language official_tongue national_tongue",
    # a person's own language, by the longer tail ("the first language of Ana Roth" is hers, not a state's)
    speaks="first_language native_language mother_tongue native_tongue home_language",
    currency="currency official_currency national_currency legal_tender",
    president="president head_of_state",
    mayor="mayor",
    ceo="ceo chief_executive chief_executive_officer boss",
    headquartered_in="headquarters head_office headquarter hq",
    founded_by="founder co-founder cofounder",
    owned_by="owner parent parent_company proprietor",
    directed_by="director",
    born_in="birthplace place_of_birth hometown",
    died_in="deathplace place_of_death",
    educated_at="alma_mater",
)
#: Role nouns that say what their holder is to the "of/at/for" name: "Flea is the bassist of the Red Hot
#: Chili Peppers" is Flea's membership, whichever side of the copula the name stands.
HOLDER_ROLES: dict[str, str] = _classes(
    member_of="member frontman frontwoman bassist drummer guitarist singer vocalist keyboardist lead_singer"
    " founding_member percussionist violinist violist cellist saxophonist trumpeter trombonist clarinettist"
    " clarinetist oboist flautist flutist harpist accordionist fiddler mandolinist banjoist bandleader pianist"
    # a learned society's fellows are its members ("a Fellow of the Royal Society")
    " fellow",
    plays_for="striker goalkeeper goalie defender midfielder forward winger player captain footballer guard"
    " point_guard pitcher quarterback",
    works_at="researcher engineer professor scientist employee lecturer analyst developer staffer economist"
    " physician journalist reporter correspondent physicist chemist biologist mathematician surgeon nurse architect"
    " lawyer attorney accountant consultant curator designer chef head_chef sous_chef editor pilot"
    # a post an organisation fills: its coach, manager or conductor works there, as a director does whose title
    # names a department ("music director", "artistic director"); a bare "director" of a work directs it
    " coach head_coach manager conductor chief_conductor principal_conductor music_director artistic_director"
    " managing_director executive_director creative_director sporting_director technical_director"
    # a fellowship that is a post, not a society's membership
    " research_fellow postdoctoral_fellow visiting_fellow teaching_fellow junior_fellow senior_fellow"
    # a chief officer below the chief executive holds a post at the company, as a director does: the corpus
    # vocabulary keys one relation per company (``ceo``), so "X is the CTO of Y" and "X serves as CTO at Y" agree
    " cto chief_technology_officer"
    # any other officer ("chief people officer at Allegro"): the chief executive's longer tail is the ``ceo`` table's
    " officer",
    educated_at="graduate alumnus alumna alumni student",
    owned_by="subsidiary division unit brand",
    citizen_of="citizen national",
    lives_in="resident inhabitant",
    born_in="native",
)
#: Last words of a name that is an institution, never a work: "Book Club", "Sundance Festival", "Harwick Museum".
#: Its "director" works there; a work's directs it.
INSTITUTION_WORDS = frozenset(
    "Club Foundation Prize Award Awards Institute Company Group Press Records Festival School University Team"
    " Museum Gallery Orchestra Philharmonic Playhouse Library Academy Conservatory College Hospital Bank Agency"
    " Ministry Society Association Ensemble".split()
)
#: Last words of an ensemble's name: "the Cedar Quartet", "the Madrigal Chamber Choir". Who sings or plays in one
#: is a member of it, where "sings in Vienna" or "plays in Madrid" names a place.
ENSEMBLE_WORDS = frozenset(
    "Band Choir Chorus Chorale Singers Orchestra Philharmonic Sinfonietta Symphony Ensemble Collective Quartet"
    " Quintet Sextet Septet Octet Trio Duo Consort Players Brass Strings".split()
)
#: Instruments: "plays second violin in …", "with Jonah Price on guitar" name a musician's part in a group.
INSTRUMENTS = frozenset(
    "violin viola cello bass double-bass guitar drums drum piano keyboards keys saxophone sax trumpet trombone"
    " clarinet flute oboe bassoon horn harp accordion banjo mandolin fiddle kora oud sitar tabla percussion organ"
    " synth synthesizer ukulele harmonica tuba vocals".split()
)
#: Spouses: the fact is about whoever the sentence is about ("Beyonce is the wife of Jay-Z").
SPOUSE_ROLES: dict[str, str] = _classes(married_to="wife husband spouse")
#: Role nouns whose holder is the subject and the "of" name the object's owner: "Orwell is the author of …".
INVERSE_ROLES: dict[str, str] = _classes(author_of="author writer novelist poet playwright")
#: Works "by" someone: "Beloved is a novel by Toni Morrison" → (Toni Morrison, author of, Beloved).
WORKS_BY: dict[str, tuple[str, bool]] = {
    # a collection of the author's own pieces ("the collection Tide Tables"), a trilogy of their novels
    **{
        w: ("author of", True)
        for w in "novel book poem play memoir essay story novella biography collection trilogy".split()
    },
    **{w: ("directed by", False) for w in "film movie documentary feature biopic".split()},
}
#: A driver's or a rider's team said by the sport's own verb ("drives for Williams", "rides for Movistar"); gig
#: work says it too ("drives for Lyft", "rides for Deliveroo"), so the parse keeps it only of a team
#: (:data:`TEAM_NAME`) or in a race's context (:data:`SPORT_CONTEXT`), and said now.
SPORT_VERBS = frozenset({"race", "drive", "ride", "compete"})
#: A name shaped as a racing or cycling team's: "Team Varnum", "Rennwerk Motorsport", "Scuderia Ferrari".
TEAM_NAME = re.compile(r"^Team\b|\b(?:Team|Racing|Motorsports?|Cycling|Scuderia|F1|GP|Rally|Pro ?Team|FC|CF|SC|AC)\b")
#: Words of a race, which make the party a rider's or driver's team: "in the spring classics", "at the Grand Prix".
SPORT_CONTEXT = re.compile(
    r"\b(?:classics|Grand Prix|Formula (?:One|1|E|2)|F1|MotoGP|IndyCar|NASCAR|peloton|Tour de|Giro|Vuelta|rally"
    r"|podium|pole position|grid|stage race|time trial|World Tour|WorldTour|race team|racing team)\b",
    re.I,
)
#: (verb lemma, preposition or "" for a direct object, passive?) -> (predicate, inverse, cardinality).
#: ``inverse``: the grammatical object is the fact's subject ("Jane founded Acme" is about Acme,
#: like "Acme was founded by Jane"). ``cardinality``: "single" when one subject has one value
#: ("died in"), "multi" when several are normal ("speaks"), None when the table can't say.
RELATIONS: dict[tuple[str, str, bool], tuple[str, bool, str | None]] = {
    ("die", "in", False): ("died in", False, "single"),
    ("die", "at", False): ("died in", False, "single"),
    ("pass away", "in", False): ("died in", False, "single"),
    ("pass away", "at", False): ("died in", False, "single"),
    ("bear", "in", True): ("born in", False, "single"),
    ("marry", "to", True): ("married to", False, "single"),
    ("marry", "", False): ("married to", False, "single"),
    ("wed", "to", True): ("married to", False, "single"),
    ("wed", "", False): ("married to", False, "single"),
    ("marry", "with", False): ("married to", False, "single"),
    ("fluent", "in", True): ("speaks", False, "multi"),
    ("stand", "in", False): ("located in", False, None),
    ("pen", "", False): ("author of", False, "multi"),
    ("start", "", False): ("founded by", True, None),
    ("establish", "", False): ("founded by", True, None),
    ("lead", "by", True): ("ceo", False, "single"),
    ("run", "by", True): ("ceo", False, "single"),
    ("educate", "at", True): ("educated at", False, None),
    ("educate", "in", True): ("educated at", False, None),
    ("study", "at", False): ("educated at", False, None),
    ("graduate", "from", False): ("educated at", False, None),
    ("attend", "", False): ("educated at", False, None),
    ("bury", "in", True): ("buried in", False, "single"),
    ("bury", "at", True): ("buried in", False, "single"),
    ("live", "in", False): ("lives in", False, None),
    ("settle", "in", False): ("lives in", False, None),
    ("move", "to", False): ("lives in", False, None),
    ("relocate", "to", False): ("lives in", False, None),
    ("reside", "in", False): ("lives in", False, None),
    ("work", "at", False): ("works at", False, None),
    ("work", "for", False): ("works at", False, None),
    ("employ", "by", True): ("works at", False, None),
    ("hire", "by", True): ("works at", False, None),
    ("employ", "at", True): ("works at", False, None),
    # a trade said by what its people do there: "teaches at the University of Ghana", "cooks at Fakhreldin"
    **{(verb, "at", False): ("works at", False, None) for verb in ("teach", "lecture", "cook", "nurse", "practise")},
    ("play", "for", False): ("plays for", False, None),
    ("line up", "for", False): ("plays for", False, None),
    ("turn out", "for", False): ("plays for", False, None),
    ("sign", "for", False): ("plays for", False, None),
    ("sign", "with", False): ("plays for", False, None),
    ("suit up", "for", False): ("plays for", False, None),
    **{(verb, "for", False): ("plays for", False, None) for verb in SPORT_VERBS},  # the parse checks the team
    ("trade", "to", True): ("plays for", False, None),
    ("loan", "to", True): ("plays for", False, None),
    ("transfer", "to", False): ("plays for", False, None),
    ("hail", "from", False): ("born in", False, "single"),
    ("belong", "to", False): ("owned by", False, None),
    ("join", "", False): ("member of", False, None),
    # a group listed by its members: "the quartet consists of A, B and C", "the board comprises …"
    ("consist", "of", False): ("member of", True, "multi"),
    ("make up", "of", True): ("member of", True, "multi"),
    ("comprise", "", False): ("member of", True, "multi"),
    ("locate", "in", True): ("located in", False, None),
    ("situate", "in", True): ("located in", False, None),
    ("lie", "in", False): ("located in", False, None),
    ("sit", "in", False): ("located in", False, None),
    # where a collection or an object is kept: "the archive is housed in Basel", "the stone is kept in Ebbing"
    ("house", "in", True): ("located in", False, None),
    ("keep", "in", True): ("located in", False, None),
    ("move", "to", True): ("located in", False, None),  # a thing someone moved is there now; one who moved lives there
    ("be", "in", False): ("located in", False, None),
    ("base", "in", True): ("headquartered in", False, None),
    ("headquarter", "in", True): ("headquartered in", False, None),
    ("speak", "", False): ("speaks", False, "multi"),
    ("write", "", False): ("author of", False, "multi"),
    ("write", "by", True): ("author of", True, "multi"),
    ("pen", "by", True): ("author of", True, "multi"),  # "penned by" is a byline's "written by"
    ("author", "", False): ("author of", False, "multi"),
    **{
        (verb, "by", True): (predicate, False, None)
        for verb, predicate in (
            ("found", "founded by"),
            ("establish", "founded by"),
            ("start", "founded by"),
            ("set up", "founded by"),
            ("cofound", "founded by"),
            ("co-found", "founded by"),
            ("form", "founded by"),  # "the band was formed by X and Y": a group's founders
            ("direct", "directed by"),
            ("own", "owned by"),
            ("create", "created by"),
            ("invent", "invented by"),
            ("design", "designed by"),
            ("compose", "composed by"),
            ("paint", "painted by"),
            ("discover", "discovered by"),
            ("develop", "developed by"),
            ("acquire", "owned by"),  # an acquisition makes the buyer the owner, until the next one
            ("buy", "owned by"),
            ("purchase", "owned by"),
        )
    },
}
#: The active voice of the "<verb> by" relations: "Jane Doe founded Acme" → (Acme, founded by, Jane Doe).
RELATIONS.update(
    {
        (verb, "", False): (predicate, True, card)
        for (verb, prep, passive), (predicate, inverse, card) in list(RELATIONS.items())
        if prep == "by" and passive and not inverse and verb not in ("lead", "run")
    }  # "X is led by CEO Y" names a CEO; "Y leads X" may be a team or a project
)
#: Verb + object idioms that mean one relation verb: "tied the knot with", "made his home in".
IDIOMS: dict[tuple[str, str], str] = {
    ("tie", "knot"): "marry",
    ("make", "home"): "live",
    ("earn", "degree"): "study",
    ("get", "degree"): "study",
    ("take", "degree"): "study",
    ("set", "home"): "live",
    ("accept", "position"): "work",
    ("take", "position"): "work",
    ("take", "post"): "work",
    ("take up", "post"): "work",
    ("take up", "position"): "work",
    ("accept", "job"): "work",
    ("take", "job"): "work",
    ("land", "job"): "work",
    ("move", "house"): "move",
}
#: Relations whose subject is a place or an organisation's part: "Nokia's headquarters are in Espoo".
ROLE_PLACES: dict[str, str] = {
    "headquarters": "headquartered in",
    "head office": "headquartered in",
    "hq": "headquartered in",
}


def canonical_relation(lemma: str, prep: str, *, passive: bool) -> tuple[str, bool, str | None] | None:
    """The (predicate, inverse, cardinality) a verb and its preposition state, or None when unknown.

    A passive the table lacks falls back to the active reading ("is married to"
    tagged as an adjective reads as the passive of "marry").
    """
    found = RELATIONS.get((lemma, prep, passive))
    if found is None and passive:
        found = RELATIONS.get((lemma, prep, False))
    return found


def is_verb_typo(word: str) -> bool:
    """Whether ``word`` is no word of its own but a typo of a relation verb form ("headquarterd")."""
    mended = correct(word)
    # "composer" is a word of its own, not "composed" mistyped
    return mended != word and mended in _VERB_FORMS and not getAllLemmas(word.lower())


@functools.lru_cache(maxsize=16384)
def nearest_verb(word: str) -> str | None:
    """The relation verb form ``word`` is one letter off ("dyed" → "died"), for a relation the table lacks."""
    w = word.lower()
    found = [f for f in _VERB_FORMS if len(f) >= 4 and f[0] == w[0] and _one_edit(w, f)]
    return found[0] if len(found) == 1 else None


def _one_edit(a: str, b: str) -> bool:
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


def verb_forms(lemma: str) -> set[str]:
    """The lemma and all its inflections ("join": joins, joined, joining)."""
    return {lemma, *(f for forms in getAllInflections(lemma, upos="VERB").values() for f in forms)}


#: Words of the relation vocabulary, for :func:`correct` to mend typos against ("maried", "offical").
KNOWN_WORDS = frozenset(
    {w for key in CANONICAL_PREDICATES for w in key.split()}
    | {w for value in CANONICAL_PREDICATES.values() for w in value.split()}
    | {"official", "capital", "currency", "president", "mayor", "language", "citizen", "member"}
    | {w for table in (OWNER_ROLES, HOLDER_ROLES, SPOUSE_ROLES, INVERSE_ROLES) for key in table for w in key.split()}
    | {form for (verb, _, _) in RELATIONS for form in verb_forms(verb.split()[0])}
)


_VERB_FORMS = sorted({form for (verb, _, _) in RELATIONS for form in verb_forms(verb.split()[0])})
_ROLE_WORDS = sorted(
    {key for table in (OWNER_ROLES, HOLDER_ROLES, SPOUSE_ROLES, INVERSE_ROLES) for key in table}, key=len, reverse=True
)
#: A sentence worth a parse, by the vocabulary itself: a relation verb (any inflection, bar the copula the
#: parse's cue reads by shape) or an idiom's noun right before a name, or a role noun "of/at/for" a name.
#: It grows with the tables, and a verb far from any name ("Alice owns the migration") stays with the rules.
VOCABULARY_CUE = re.compile(
    rf"\b(?:{'|'.join(f for f in _VERB_FORMS if f not in verb_forms('be'))})(?: (?:up|away|over|out))?"
    r"(?: (?:in|at|by|to|from|for|with|as|on|into|of))?(?: (?:the|a|an|his|her|its|their|both)(?: [a-z]+){0,2})?"
    r"(?: (?:north|south|east|west)\w*| central)?"  # "lies in northern Cambodia"
    r"(?: (?:city|town) of)? [A-Z0-9]"  # "married to the architect Sela Obi"
    rf"|\b(?:{'|'.join(noun for _, noun in IDIOMS)}) (?:with|at|in|to|from) (?:the )?[A-Z]"
    # "The CEO of Acme", "Oslo's mayor, Ana", "whose capital is Lima", "Mayor Anton Wirth"
    rf"|\b(?i:{'|'.join(map(re.escape, _ROLE_WORDS))})s?(?: (?:of|at|for|by|with|is|are) (?:the )?|,? )[A-Z]"
    r"|\b[A-Z]\w+ (?:citizen|citizenship|national)\b|\bcitizenship of (?:the )?[A-Z]"
    rf"|'s (?:[a-z]+ ){{0,3}}(?i:{'|'.join(map(re.escape, _ROLE_WORDS))})\b"  # "Valparaíso's newly elected mayor"
    rf"|\b[A-Z][\w.&'-]* (?:[a-z]+ )?(?i:{'|'.join(map(re.escape, _ROLE_WORDS))})s?\b"  # "an Airbus test pilot"
    r"|\b[A-Z]\w*-(?:based|headquartered)\b"  # "a Lagos-based fintech"
    r"|\b(?:citadel|palace|complex|castle|fortress|temple|monastery|cathedral|museum|town|city|village|port|island"
    r"|lake|park|resort|district|region|province|ruins?|monument|stadium|university|campus) in [A-Z]"
    r"|\b(?:left|quit|resigned from|stepped down from) (?:the band )?[A-Z]|\btop job\b|\b[Pp]rices in [A-Z]|\b[Ss]hops (?:across|in|throughout) [A-Z]|\bits capital\b|\bthe (?:new )?capital\b|, where [A-Z]|\bon (?:the )?(?:payroll|staff) (?:at|of)\b|\bholds the (?:office|post|position|role) of"
    r"|\bthe (?:signing|signature) of [A-Z]|\b(?:head office|headquarters|HQ)\b|\bthe helm\b|\bnew (?:CEO|chief executive)\b"
    r"|\bcompleted (?:his|her|their|a|the|its) (?:transfer|move|acquisition|purchase|takeover)\b|\bcalls [A-Z]\w* home\b"
    r"|\b(?:named|appointed|made) [A-Z]\w* [A-Z]\w* (?:as )?(?:its )?(?:CEO|chief executive)\b|\bwas sold (?:by|to) [A-Z]"
    r"|^(?:Born|Raised|Fluent|Educated) (?:in|at) [A-Z]|^An? (?:graduate|native|alumnus|alumna) of [A-Z]|\b[A-Z]\w+-born\b"
    rf"|\b[A-Z][\w.-]*'s (?:[a-z-]+ )?(?:{'|'.join(WORKS_BY)})\b"  # "Atwood's novel The Testaments"
    rf"|\bas (?:the |its |their |a |an |new |interim )*(?i:{'|'.join(map(re.escape, _ROLE_WORDS))})\b"  # "as chief executive"
    r"|\b(?:sold|sells|sell) (?:the )?[A-Z]"  # "Quayside sold Pindrop to Lumen"
    r"|\b(?:sings?|sang|plays?|played|performs?|performed)(?: [a-z-]+){0,2} (?:in|with|for) (?:the |both )?[A-Z]"  # a group
    r"|\b[A-Z][\w&.-]*'s [A-Z]\w+ [A-Z]"  # "Nokia's Pedro Alves": an employer's person
)


_CLOSE = 0.85  # how close a typo is to its word (difflib's ratio)


@functools.lru_cache(maxsize=64)
def _near_in_length(length: int) -> tuple[str, ...]:
    """The vocabulary words whose length lets them reach :data:`_CLOSE` against a word of ``length``: difflib's
    own first bound (``real_quick_ratio``, 2·min / sum of the lengths), so handing only these to
    ``get_close_matches`` drops none it would keep and saves it a pass over the whole vocabulary per word."""
    return tuple(w for w in KNOWN_WORDS if 2.0 * min(length, len(w)) / (length + len(w)) >= _CLOSE)


#: The characters of the vocabulary's words, one column each in :func:`_letter_counts`.
_LETTERS = {c: i for i, c in enumerate(sorted({c for w in KNOWN_WORDS for c in w}))}


def _letter_counts(words: Iterable[str]) -> np.ndarray:
    """How often each of :data:`_LETTERS` occurs in each word (a row a word); other characters are not counted."""
    counts = np.zeros((len(words := list(words)), len(_LETTERS)), dtype=np.int32)
    for row, word in enumerate(words):
        for c in word:
            if c in _LETTERS:
                counts[row, _LETTERS[c]] += 1
    return counts


@functools.lru_cache(maxsize=64)
def _near_counts(length: int) -> np.ndarray:
    """:func:`_letter_counts` of :func:`_near_in_length`, row for row."""
    return _letter_counts(_near_in_length(length))


def _sharing_letters(word: str) -> list[str]:
    """The words of :func:`_near_in_length` that pass difflib's second bound against ``word`` (``quick_ratio``:
    2·letters in common, as multisets / sum of the lengths), all counted at once: ``get_close_matches`` checks the
    same bound word by word in Python, the most of its time, and checks it again on these (so none it keeps is lost;
    the small margin only errs on the side of handing it one more)."""
    near = _near_in_length(len(word))
    common = np.minimum(_near_counts(len(word)), _letter_counts([word])).sum(axis=1)
    return [
        w
        for w, shared in zip(near, common.tolist(), strict=True)
        if 2.0 * shared >= _CLOSE * (len(word) + len(w)) - 1e-9
    ]


@functools.lru_cache(maxsize=16384)  # difflib over the vocabulary, for every word of every parse
def correct(word: str) -> str:
    """``word``, or the vocabulary word it is an obvious typo of (one or two letters off, five letters or more)."""
    w = word.lower()
    if len(w) < 5 or w in KNOWN_WORDS or not w.isalpha():
        return word
    close = difflib.get_close_matches(w, _sharing_letters(w), n=1, cutoff=_CLOSE)
    # a typo keeps its first letter: "resident" is a word of its own, not "president" mistyped
    return close[0] if close and close[0][0] == w[0] else word


_ROLE_KINDS: tuple[tuple[str, dict[str, str]], ...] = (
    ("owner", OWNER_ROLES),
    ("holder", HOLDER_ROLES),
    ("spouse", SPOUSE_ROLES),
    ("inverse", INVERSE_ROLES),
)


def role_relation(words: list[str]) -> tuple[str, str] | None:
    """(predicate, kind) a role noun with its modifiers names, or None for a noun outside the vocabulary.

    The longest known tail wins ("official currency", else "currency"; "lead singer"), each word's
    typo mended ("capitol"). ``kind`` says who the fact is about: "owner" (the name the role is of),
    "holder" (the one who holds it), "spouse" (whoever the sentence is about), "inverse" (authorship).
    """
    mended = [correct(w).lower() for w in words]
    for start in range(len(mended)):
        phrase = " ".join(mended[start:])
        for kind, table in _ROLE_KINDS:
            if phrase in table:
                # "deputy mayor", "assistant director": a second's office, not the office its tail names (an
                # assistant manager still works where the manager does)
                second = SECOND.intersection(mended[:start]) and table[phrase] != "works at"
                return None if second else (table[phrase], kind)
    return _field_post(mended)


#: Titles that name a post only with the field after them ("head of risk", "VP of engineering"); a "chief of
#: staff" may serve a person ("Oyelaran's chief of staff"), so it names no employer.
_FIELD_TITLES = frozenset({"head", "lead", "vp", "svp", "evp", "vice president", "senior vice president"})


def _field_post(words: list[str]) -> tuple[str, str] | None:
    """ "head of risk", "vice president of sales": a post over a field is held where the post is, so its holder
    works at the "at" name; a field is a common noun, never a place or a state ("head of state" is an office the
    tables name, tried first)."""
    if "of" not in words:
        return None
    at = words.index("of")
    title, field = " ".join(words[:at]), words[at + 1 :]
    return ("works at", "holder") if title in _FIELD_TITLES and field and all(w.isalpha() for w in field) else None


#: Words that make an office a second's: its holder holds no office of the noun they modify.
SECOND = frozenset({"deputy", "vice", "assistant", "associate"})
