"""Rule-based subject–predicate–object triples from one declarative sentence.

The sentence-level half of the ``extractive`` consolidator (the session-level
half — "forget that", turn bookkeeping — is :mod:`consolidators.extractive`).
Precision first: a wrong fact can replace a right one, so a sentence the rules
can't read with confidence yields nothing rather than a guess.

Fact scheme (documented here because supersession keys on it):

- First person (I/me/my/we/our) counts only in **user** turns and becomes the
  subject ``user`` — singular and plural alike, because the namespace already
  scopes memory to one person or team. Third-person sentences count in any turn;
  their subject is a name ("Herald", "Jane Doe") or a bare noun ("the team" →
  ``team``).
- Something used *for a role* is an attribute named by the role: "We use Redis
  for the job queue", "our queue is RabbitMQ", "Redis is our queue" and "the
  queue moved to RabbitMQ" all give ``(user, queue, …)``; a date is no
  tool ("the ceremony moves to June"). Attribute facts are single-valued: they
  carry ``replaces_attribute`` until the consolidator resolves it against the
  active facts (``extract_triples`` returns them without it).
- A switch between tools ("from A to B", "moved off A to B", "B instead of A",
  "replaced A with B") retracts A and adds B: under the role when the sentence
  names one ("switched IDEs: …"), else under ``uses``, which is multi-valued, so
  nothing would retire A otherwise. The role comes from the sentence, never from
  knowing the product.
- "Move to X" means a new home only for the user; a product that "moved to
  Atom" yields nothing.
- Predicates and objects are cleaned by :mod:`consolidators.vocabulary`;
  negations ("no longer", "don't … anymore", "gave up X") become ``retract=True``.
- Confidence: 0.9 explicit statement, 0.8 strong cue ("joined Acme"),
  0.7 inferred domain or plain negation, 0.6 generic verb fallback.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from dataclasses import replace

from . import (
    aboutme,
    anaphora,
    apposed,
    apps,
    changeframes,
    chatframes,
    chatnames,
    chatparse,
    clauses,
    credits,
    epithets,
    everyday,
    fields,
    formal,
    handovers,
    headlines,
    introduced,
    itsclause,
    learners,
    learning,
    lifeevents,
    moves,
    newsidioms,
    occupations,
    officenames,
    orgfacts,
    ownclauses,
    pets,
    quoted,
    renames,
    rescue,
    residents,
    restated,
    rolefills,
    rolenouns,
    sieve,
    statics,
    tastes,
    teams,
    telegraphic,
    thirdmoves,
    userjoins,
    usermoves,
    userplans,
    wholenames,
    withdrawals,
)
from .describesanother import describes_another
from .holdings import ROLES, TERM_ENDED
from .parse import described_facts, parsed_facts, prefetch
from .phrases import INVERTED, USER, USER_ROLES, doubted_after, first_person, third_person, user_roles
from .places import one_currency
from .plainsentence import plain
from .relations import THIRD_PERSON_PREDICATES
from .sentenceparts import OPENS_A_CONDITION, before_the_question, read_whole, readable_parts, tag_question
from .text import (
    DISCOURSE,
    DISPUTED,
    expand_contractions,
    inflected_verb,
    is_word,
)
from .tidy import SENTENCE_ADVERBS, dated_place, settled, untitled, with_frames
from .types import Fact
from .vocabulary import (
    drop_time_words,
)
from .vocabularygate import outside_vocabulary, plain_verb, run_on_user_verb

_CLAUSE_SPLIT = re.compile(  # a new clause starts after ";" or ": ", or where a new subject does: a first
    # person, or a named tool that holds or replaced something ("ditched Evernote, Bear has all my notes")
    r"\s*;\s*|:\s+|\s+[—–]\s+|(?:,|,?\s+(?:and|but|so|then))\s+(?=(?:(?:[Oo]n|[Ff]rom|[Ss]tarting|[Aa]t|this|[Tt]his) \w+ |now |today |yesterday )?(?:I|[Ww]e|[Mm]y|[Oo]ur)\b)"
    r"|,\s+(?=[A-Z][\w.+-]*(?: [A-Z][\w.+-]*)* (?:now )?(?:has|holds|keeps|stores|replaced|has replaced)\b)"
    r"|,\s+(?:and\s+)?(?=[A-Z0-9][\w.+-]*(?: [A-Z0-9][\w.+-]*)* (?:is|are) (?:now )?(?:my|our|out|the)\b)"  # "…, Bear is my notes app now"
)
_LEAD_IN = re.compile(  # "For the billing project we …", "In May I …", "Editor-wise I …": the scene, not the subject
    r"^(?:(?:[Ff]or|[Ii]n|[Oo]n|[Aa]t|[Aa]cross|[Ww]ithin|[Tt]his) [^,]{1,40}?|[\w-]+-wise),?\s+(?=(?:I|[Ww]e|[Mm]y|[Oo]ur)\b)"
)
#: "my brother's editor", "our neighbour's dog": a possessive chain names someone else's thing.
_OTHERS = re.compile(r"(?:[Mm]y|[Oo]ur) [\w-]+(?: [\w-]+)?'s (?!name\b)")
_STRONG_NEGATION = re.compile(r"\b(?:no longer|anymore|any more|stopped|quit|gave up)\b", re.I)
_FIRST_PERSON = re.compile(r"(?:I|[Ww]e|[Mm]y|[Oo]ur|[Mm]e)\b")


def extract_triples(sentence: str, role: str) -> list[Fact]:
    """Subject–predicate–object statements made by one declarative ``sentence``.

    Returned as :class:`Fact` without ``valid_from``/``event_ids``: the caller
    knows which turn the sentence came from.

    First-person statements count only when ``role`` is a user role (an
    assistant's "I can help" is not a fact about the user); third-person
    statements count from any role. Questions and hedged sentences ("if",
    "maybe", "thinking of") yield nothing: a plan is not a fact.
    """
    return [
        replace(f, replaces_attribute=False) if f.replaces_attribute else f for f in sentence_triples(sentence, role)
    ]


def sentence_triples(sentence: str, role: str, relations: frozenset[str] = frozenset()) -> list[Fact]:
    """:func:`extract_triples` with attribute facts still marked (``replaces_attribute``).

    ``relations``: third-person role predicates accepted beyond the built-in relations. A sentence's reading
    depends on nothing but these and its parse, so it is remembered: the consolidation lookahead reads the next
    chunk's sentences while this chunk swaps (``ExtractiveConsolidator.warm``), and the chunk then finds them read.
    """
    # "My colleague Rashida Okoro lives in …": what holds of the person the speaker names
    found = introduced.merged(_read(sentence, role, relations), sentence, lambda said: _read(said, role, relations))
    # "'I was born in Malmö,' says Tomás Lindqvist": an interview's quote is its speaker's own statement, not the user's
    if (said := quoted.facts(sentence, lambda quote: sentence_triples(quote, "user", relations))) is not None:
        found = [f for f in found if f.subject != USER] + said
    if role.lower() not in USER_ROLES or (cased := chatnames.named(sentence)) == sentence:
        return found
    # a user's sentence typed without capitals, read again with the names its words point at
    return chatnames.preferred(found, sentence_triples(cased, role, relations))


@functools.lru_cache(maxsize=16384)
def _read(sentence: str, role: str, relations: frozenset[str]) -> tuple[Fact, ...]:
    sentence = learners.standard(sentence)  # a learner's "I work by Bosch like engineer" as English says it
    sentence = headlines.prose(telegraphic.said(sentence, role))  # shorthand and headlinese as prose says them
    sentence = formal.plainly(sentence)  # a letter's roundabout wording: "I should perhaps mention that …"
    # a change of office said as a handover: the other readers take the old holder or a cut name for the new
    clean = plain(sentence)
    if doubted_after(expand_contractions(clean)):  # "I live in Denver, I think, not sure yet": nothing is said
        return ()
    found = handovers.prevail(_sentence_triples(sentence, role, relations), clean, sentence)
    found = orgfacts.prevail(found, clean)  # an owner, a seat, a currency: read by their cue families
    found = statics.prevail(found, clean)  # a site's place, a work's credit, languages, apposed roles: by structure
    found = restated.merged(found, clean, lambda said: sentence_triples(said, role, relations))  # fact boxes, modifiers
    found = clauses.merged(found, clean, lambda said: sentence_triples(said, role, relations))  # a clause's subject
    found = handovers.owned_now(found, clean)  # a place's relation, not its lawmakers'; no office of one gone
    # a move between teams, employers or homes is read by its structure, over what the other readers made of it
    text = expand_contractions(clean)
    move = moves.read(text)
    found = moves.overrule(found, move, settled(sentence, moves.facts(move, text)))
    found = teams.merged(found, text, move)  # a player's team named in passing ("Zamalek forward X is out")
    if role.lower() in USER_ROLES:  # the user's own new home, employer, title, course or tool
        found = usermoves.merged(found, usermoves.facts(text))
        found = withdrawals.read(found, text)  # "dropped Todoist, moved all into TickTick", "not my editor anymore"
        found = userplans.unplanned(userjoins.unemployed(found, text), text)  # "joining X in May"; "a choir called X"
        found = everyday.merged(found, text)  # "my husband is called X", "Ana works at X; I'm at Y"
    found = residents.merged(found, residents.facts(text), text)  # a named person's home or spouse said by description
    found = thirdmoves.merged(found, thirdmoves.read(text))  # "moved to", "joined", "now at": which relation, by who
    found = credits.merged(found, text)  # a credit corrected, a value "no longer A but B", a capital renamed
    found = changeframes.merged(found, clean)  # a role noun's change: "the new capital, X,", "won the presidency"
    said = officenames.recased(sentence) if sentence.isupper() else sentence  # a headline's names as running text
    found = wholenames.whole(said, [untitled(f) for f in found])  # names whole and bare, whoever read them
    found = renames.renamed(found, clean)  # "X, now called Y, …" is about Y
    found = sieve.sifted(found, clean)  # what no reader should keep: a claim passed on, a visit, no name
    if role.lower() in USER_ROLES:  # "X was born in Y, and so was my grandmother": the speaker's own sentence
        found = ownclauses.others_dropped(found, clean)
    # "paid in euros": money counted in the plural names the currency in the singular
    found = [replace(f, object=one_currency(f.object)) if f.predicate == "currency" else f for f in found]
    # Whichever reader found it, a fact about someone else states a relation of the vocabulary or none
    return tuple(
        f
        for f in found
        if (f.subject == USER or f.predicate in THIRD_PERSON_PREDICATES or f.predicate in relations or plain_verb(f))
        and not (f.subject == USER and outside_vocabulary(f.predicate, relations))  # "my girlfriend is Ingrid"
        and not (f.subject == USER and run_on_user_verb(f))  # "I read my work mail in Thunderbird"
        and f.subject.lower() not in SENTENCE_ADVERBS  # "Originally based in Tartu, the studio …": no name
        and not dated_place(f)  # "having moved its headquarters there in March"
        and f.subject.strip()
        and f.object.strip()  # a name cut to nothing by the tidying (a title alone) is no fact
    )


def _sentence_triples(sentence: str, role: str, relations: frozenset[str]) -> list[Fact]:
    reported = _REPORTED.match(sentence)
    said = sentence_triples(sentence[reported.end() :], role, relations) if reported else []
    if said:  # "Her gallery clarified that Ilse Varga died in Budapest": what was confirmed is the statement
        return said
    text = plain(sentence)
    parsed = parsed_facts(text, relations)
    text = expand_contractions(text)
    stripped = DISCOURSE.sub("", text)
    if not stripped:
        return []
    # "Based in Eindhoven, Voltaplex makes chips": an opening description of a name is no "I"'s
    user = role.lower() in USER_ROLES and not describes_another(stripped)
    filled = fields.facts(text, rolenouns.ROLE_NOUNS) if user else []
    if filled:  # "Location: Almaty | Employer: Kaspi": a form's fields, not a sentence
        return settled(sentence, filled)
    # "I'd take a flat white over tea any day", "can you write a haiku about my cat Biscotti?"
    chosen = chatframes.choices(stripped) + chatframes.presupposed(stripped) + apposed.facts(stripped) if user else []
    if not read_whole(text):  # "back then I coded in Atom": a past state
        described = settled(sentence, described_facts(text, relations)) if parsed is not None or not user else []
        return described or settled(sentence, _outside_the_hedge(sentence, text, role, relations) + chosen)
    worded = (
        rescue.facts(stripped) + newsidioms.facts(stripped) + epithets.facts(stripped)
    )  # shapes and idioms read by their words
    if parsed or worded and parsed is not None:  # a third-person sentence: what the parse and the words read
        found = [*(parsed or ()), *worded]
        found += _its_clause(stripped, found, role, relations)  # a user may state a country's facts too
        return settled(sentence, _user_tools(found, stripped) if user else found)
    strong = bool(_STRONG_NEGATION.search(text))
    triples: list[Fact] = []
    for clause in _CLAUSE_SPLIT.split(stripped.rstrip(" .!…")):
        clause = _LEAD_IN.sub("", DISCOURSE.sub("", clause).strip())
        if user and not describes_another(clause):  # "…; born in Gaziantep, she grew up …": hers, not "I"'s
            clause = lifeevents.implied_subject(clause)
        if _OTHERS.match(clause):
            continue
        if _FIRST_PERSON.match(clause) or INVERTED.fullmatch(clause):
            if user:
                triples.extend(first_person(clause, strong, stripped))
        elif clause and parsed is None:
            triples.extend(third_person(clause, strong, user, stripped))
        elif clause and user:  # where the parse refused, only the user's roles remain
            triples.extend(user_roles(drop_time_words(clause), stripped) or [])
    triples += worded  # the parse misread, or never saw, the plainest shapes ("Windhoek is the capital of …")
    if not parsed and user:  # shapes the phrase rules don't list
        framed = chatframes.facts(stripped, rolenouns.ROLE_NOUNS) + aboutme.facts(stripped, rolenouns.ROLE_NOUNS)
        triples = with_frames(triples or chatparse.facts(stripped), framed)
    if not triples and not parsed:  # "currently doing a degree in philosophy, don't ask me why": clause by clause
        triples = _clause_by_clause(sentence, role, relations)
        triples += _its_clause(stripped, triples, role, relations)  # "… and its currency is …": read alone too
    elif user and not parsed:  # "…, 71, living in Bendigo with my husband Graham": what the whole missed
        triples += chatparse.unstated(triples, _clause_by_clause(sentence, role, relations))
    if user:
        triples = _user_tools(triples, stripped)
    return settled(sentence, triples + chosen)


def _user_tools(found: list[Fact], text: str) -> list[Fact]:
    """``found`` with the tools a user's sentence binds to a role ("sublime text is still my text editor",
    "Phone-wise I'm on a Pixel 7a") or says they work in ("I design in Figma all day"), their pets by name, and
    their tastes said by standing ("big fan of jazz piano", "I'm a matcha person"), and what they study and speak
    said by the course ("doing my masters in urban planning at TU Delft", "fluent in Amharic")."""
    for reader in (rolefills, apps, pets, tastes, learning, anaphora, occupations):  # "…, I love it"; "… as a nurse"
        found = reader.merged(found, text)
    return found


#: A later clause that names the first one's subject as "its": "Chile's capital is Santiago, and its currency …".
_ITS_CLAUSE = re.compile(r"(?:,\s*|\s+)(?:and|while|whereas|where)\s+(?P<rest>[^,;]*\bits\b[^,;]*)$")


def _its_clause(sentence: str, found: list[Fact], role: str, relations: frozenset[str]) -> list[Fact]:
    """What such a clause says of the one subject the sentence's facts are about ("Valletta is its capital")."""
    m = _ITS_CLAUSE.search(sentence.rstrip(" .!"))
    subjects = {f.subject for f in found}
    # a name the sentence opens on is what "its" names: "Skopje is the capital of X, and its mayor …" is Skopje's
    named_first = any(f.object[:1].isupper() and re.sub(r"^[Tt]he ", "", sentence).startswith(f.object) for f in found)
    if m is None or len(subjects) != 1 or USER in subjects:
        return []
    read = functools.partial(sentence_triples, role=role, relations=relations)
    return itsclause.its_facts(m["rest"], subjects.pop(), found, read, opens_on_value=named_first)


def prefetch_parses(said: Iterable[tuple[str, str]]) -> None:
    """Parse in one batch what reading each (sentence, role) will ask of the parser (:func:`parse.prefetch`).

    Only what is read: the first-person parse only of a user's sentence read whole, and the clauses of one a
    hedge or past state scopes over. A sentence that yields nothing whole is read clause by clause too;
    those clauses are parsed in a batch of their own then (:func:`_clause_by_clause`).
    """
    texts = [t for sentence, role in said for t in _parse_texts(sentence, role.lower() in USER_ROLES)]
    prefetch([third for third, _ in texts], chatparse.parse_texts(first for _, first in texts if first is not None))


def _parse_texts(sentence: str, user: bool) -> Iterator[tuple[str, str | None]]:
    """The texts :func:`sentence_triples` parses: (third-person reader's, first-person reader's or None)."""
    reported = _REPORTED.match(sentence)
    if reported:  # the report's content is read first, in the same batch
        yield from _parse_texts(sentence[reported.end() :], user)
    text = expand_contractions(plain(sentence))
    whole = read_whole(text)
    yield plain(sentence), DISCOURSE.sub("", text) if user and whole else None
    # a user's clauses are read too (for what the whole missed, or around a question); others' only when hedged
    if (user or not whole and "?" not in text) and not OPENS_A_CONDITION.match(DISCOURSE.sub("", text)):
        for part in readable_parts(sentence, user):
            yield from _parse_texts(part, user)


#: A report that asserts what follows it: a finding, a confirmation, an announcement. Belief, rumour and
#: claim ("Rumours suggest that …", "Historians believe …") are no such report: their content is a hedge.
_REPORTED = re.compile(
    r"^(?!I\b|[Ww]e\b|(?:An?|The|Our) (?:earlier|previous|original|prior) )[A-Z][\w'-]*(?: [\w'-]+){0,5}? (?:now )?(?:show|shows|showed|confirm|confirms|confirmed|clarified|clarifies"
    r"|announced|announces|reported|reports|revealed|reveals|said|says|stated|noted|added|explained"
    r"|establishes|established|found|finds|concluded|concludes|determined|determines|proves|proved"
    r"|points out|pointed out|corrected|corrects)"
    r"(?: on \w+)?,? (?:that (?=[\w\"'])|(?=[A-ZÀ-ÖØ-ÞĀ-Ž]))"
)
#: A sentence about someone named: its first word a name, not a verb chat opened with ("Moved to Leeds, …").
_NAMED_FIRST = re.compile(
    r"^(?!(?:I|We|My|Our|The|A|An|This|That|It)\b)[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+(?: [A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+)*,? "
)


def _outside_the_hedge(sentence: str, text: str, role: str, relations: frozenset[str]) -> list[Fact]:
    """The facts of a hedged or past sentence's other clauses: a hedge, a plan or a past state scopes over
    its own clause ("I might switch to Zed, I use VS Code now" still says VS Code). A question or an
    opening condition ("If I move to Oslo, I'll …") scopes over the whole sentence."""
    if OPENS_A_CONDITION.match(DISCOURSE.sub("", text)) or DISPUTED.search(text):
        return []
    if "?" in text:
        if tag_question(sentence):  # "X is the CEO of Y, right?": the statement is what is asked
            return []
        said = before_the_question(sentence)
        if said or role.lower() not in USER_ROLES:
            return sentence_triples(said, role, relations) if said else []
    return _clause_by_clause(sentence, role, relations)  # "I'm studying X and exams start soon, can you …?"


def _clause_by_clause(sentence: str, role: str, relations: frozenset[str]) -> list[Fact]:
    """Each comma-, semicolon- or "but"-separated part read as a sentence of its own, when the whole
    sentence said nothing the readers could take ("…, the altitude took some getting used to")."""
    parts = readable_parts(sentence, role.lower() in USER_ROLES)
    first = _NAMED_FIRST.match(sentence)
    opener = first[0].split()[0].lower() if first else ""
    # a user's opening word that is no name ("Night-shift baker here, …") leaves each clause the user's
    worded = all(is_word(w) for w in opener.strip(",").split("-"))
    named = first and not inflected_verb(opener) and not (role.lower() in USER_ROLES and worded)
    if named or describes_another(plain(sentence)):
        # "Valsund, the Norlandic capital, hosted the summit": a later clause's verb is the name's, not "I"'s
        parts = [p for p in parts if lifeevents.implied_subject(p.strip()) == p.strip()]
    prefetch_parses((part, role) for part in parts)  # one parser batch for the clauses, not a parse each
    found: list[Fact] = []
    for i, part in enumerate(parts):
        read = sentence_triples(part, role, relations)
        # "X won the election and was sworn in, but resigned in 2004": a later part ends the office this one gives
        if any(TERM_ENDED.match(later.strip()) for later in parts[i + 1 :]):
            read = [f for f in read if f.predicate not in ROLES or f.retract]
        found += read
    return found
