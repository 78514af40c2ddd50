"""Who a question names, read against memory before it is embedded: the user by name, the user's people by relation.

A user's own name is the user: in namespace ``priya``, after "Hi, I'm Priya."
and the assistant's "Nice to meet you, Priya.", "where does Priya work?" asks
"where does the user work?". Left as a name, it is a rare word that the
introductions and courtesies holding it match in both branches ("Nice to meet
you, Priya." ranked first, the ``works at`` fact not in the top 3), and
perspective set aside the user's own facts as someone else's. So recall reads
the question with the user's names written "the user" (``perspective.THE_USER``
reads that as "I"), for its embedding, its terms and its perspective alike.

A name is the user's when the namespace is that name, when a user turn
introduces it ("I'm Priya", "my name is Priya", "call me Priya"), or when an
assistant turn addresses it after a greeting or a courtesy ("Nice to meet you,
Priya", "Thanks Sam, noted") — unless someone speaks under it ("Priya: …"
opening a row): when turns carry their speakers' names, the roles no longer
say who the user is (LoCoMo's two speakers are ``user`` and ``assistant``), so
such a name is left as it is, as ``perspective.THIRD_PEOPLE`` leaves a speaker.

One of the user's people whose name memory holds (``user married to Klaus`` for
"my husband") is named in the question too ("where does my husband work?" is
asked as "where does Klaus work?"), so both branches look for Klaus's rows
rather than any row about a husband ("My husband is Klaus.") or a job ("My
brother works at a bakery"); recall's perspective gets the names and the
relation's word (``resolved``, ``kin``), so a row that says "my husband" still
names him.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import psycopg

from . import perspective
from .vocab import Role

# A question's words that cannot be a name, for a question written without capitals ("where does
# sam work now?"), where any other word may be one: function words, and the question's own verbs
# are checked against memory like any word (a verb is never introduced or addressed, so it costs a probe).
_NOT_NAMES = frozenset(
    "a an the and or but of to in on at for with from by about into as is are was were be been am do does did"
    " doing has have had what where when who whom whose which why how i me my mine you your we our us he him his"
    " she her they them their it its this that these those there here now then still currently today not no"
    " yes any some all can could would should will shall may might must user users".split()
)
_MOST_CANDIDATES = 4  # a question names few people; each candidate costs an index probe

# PostgreSQL regular expressions, each followed by the candidate (initcap: a name is written with a
# capital) and a word's end. The user's own introduction, in a user turn ("I am Priya" holds no
# word the index keeps beside the name, see _CUES; chat says "I'm"); the assistant's address,
# after a greeting or a courtesy (and an optional comma), in an assistant turn.
INTRODUCES = r"\m(?:I'm|[Mm]y name is|[Cc]all me|[Mm]y name's) "
ADDRESSES = (
    r"\m(?:[Mm]eet you|[Tt]hanks|[Tt]hank you|[Hh]i|[Hh]ello|[Hh]ey|[Ww]elcome(?: back)?|[Mm]orning"
    r"|[Gg]ood (?:morning|afternoon|evening|night)|[Bb]ye|[Ss]orry|[Cc]ongrat(?:s|ulations)|[Nn]oted|[Ss]ure"
    r"|[Oo]f course|[Gg]ot it|[Gg]reat),? "
)
# The words every introduction or address holds (ts lexemes of INTRODUCES and ADDRESSES): the GIN
# index reads only rows holding the candidate and one of them, so a common word ("work", in a
# question without capitals) costs its rare co-occurrences with these, not every row it is in.
_CUES = "m | name | call | meet | thank | hi | hello | hey | welcom | morn | afternoon | even | night | bye | sorri"
_CUES += " | congrat | congratul | note | sure | cours | got | great"
# The candidates that are the user's names, and the names the user's active facts give the
# people the question names by relation ("user married to Klaus" for "my husband"). The namespace
# names the user only as a name the question capitalises: "where is the prod server?" in namespace
# prod asks about a server. Whether someone speaks under the name is asked only of a candidate
# already found as the user's.
QUESTION_PEOPLE = f"""
SELECT ARRAY(
    SELECT w FROM unnest(%(words)s::text[]) w, LATERAL (SELECT plainto_tsquery('english', w) AS tq, initcap(w) AS name) c
    WHERE CASE WHEN %(capitalised)s AND w = lower(%(ns)s) OR EXISTS (
        SELECT 1 FROM memory m JOIN memory_staging s ON s.event_id = m.event_ids[1]
        WHERE m.namespace = %(ns)s AND m.superseded_at IS NULL AND m.kind IN ('turn', 'passage')
          AND m.content_tsv @@ (c.tq && to_tsquery('english', '{_CUES}'))
          AND (s.role = '{Role.USER}' AND m.content ~ (%(introduces)s || c.name || '\\M(?!'')')
               OR s.role = '{Role.ASSISTANT}' AND m.content ~ (%(addresses)s || c.name || '\\M(?!'')')))
    THEN NOT EXISTS (
        SELECT 1 FROM memory m WHERE m.namespace = %(ns)s AND m.superseded_at IS NULL AND m.content_tsv @@ c.tq
          AND m.content ~ ('^(?:[a-z]+: )?' || c.name || ': ')) ELSE false END
), ARRAY(
    SELECT DISTINCT lower(object) FROM memory
    WHERE cardinality(%(kin)s::text[]) > 0 AND namespace = %(ns)s AND kind = 'fact'
      AND superseded_at IS NULL AND lower(subject) = '{Role.USER}' AND object IS NOT NULL
      AND (predicate = 'married to' AND %(kin)s::text[] && ARRAY{list(perspective.SPOUSES)}::text[]
           OR EXISTS (SELECT 1 FROM unnest(%(kin)s::text[]) r WHERE strpos(predicate, r) > 0))
)"""


@dataclass(frozen=True)
class Asked:
    """A question as recall reads it: the user's names written "the user", the user's people's names added."""

    text: str
    user_names: tuple[str, ...] = ()  # lower-cased
    resolved: tuple[str, ...] = ()  # the names memory holds for the user's people the question names
    kin: tuple[str, ...] = ()  # those people's relations ("husband"), no longer in ``text`` once named


def candidates(question: str) -> tuple[str, ...]:
    """The question's words that may be the user's name, lower-cased: its capitalised words after the first, or,
    in a question written without capitals, every word that is not a function word."""
    if any(ch.isupper() for ch in question):
        words = [w.lower() for w in perspective.CAPITALISED.findall(question)]
        words = [w for w in words if w not in perspective.NOT_A_PERSON]
    else:
        words = [w for w in perspective.WORDS.findall(question) if len(w) > 1 and w not in _NOT_NAMES]
    return tuple(dict.fromkeys(words))[:_MOST_CANDIDATES]


def rewrite(question: str, user_names: tuple[str, ...], resolved: tuple[str, ...]) -> str:
    """``question`` with each of the user's names written "the user" ("the user's" for "Priya's"), and the first of
    the user's people it names by relation written by the name memory holds for them ("my husband" -> "Klaus")."""
    text = question
    for name in user_names:
        text = re.sub(rf"\b{re.escape(name)}'s\b", "the user's", text, flags=re.IGNORECASE)
        text = re.sub(rf"\b{re.escape(name)}\b", "the user", text, flags=re.IGNORECASE)
    kin = perspective.USERS_PEOPLE.search(text.lower()) if resolved else None
    if kin is not None:
        text = f"{text[: kin.start()]}{' or '.join(n.title() for n in resolved)}{text[kin.end() :]}"
    return text


def ask(conn: psycopg.Connection, question: str, namespace: str) -> Asked:
    """How recall reads ``question`` in ``namespace``: one statement, and none when it names no one."""
    words = candidates(question)
    kin = perspective.of_question(question).kin
    if not words and not kin:
        return Asked(question)
    params: dict[str, object] = {
        "words": list(words),
        "kin": list(kin),
        "ns": namespace,
        "capitalised": any(ch.isupper() for ch in question),
        "introduces": INTRODUCES,
        "addresses": ADDRESSES,
    }
    row = conn.execute(QUESTION_PEOPLE, params, prepare=True).fetchone()
    user_names, resolved = (tuple(row[0]), tuple(row[1])) if row is not None else ((), ())
    return Asked(rewrite(question, user_names, resolved), user_names, resolved, kin if resolved else ())


def names_the_user(conn: psycopg.Connection, subject: str, namespace: str) -> bool:
    """Whether ``subject`` is one of the user's names in ``namespace``: facts about the user are stored under
    ``user``, so a ``--subject`` naming them finds none, which recall (rewriting the name) would have found."""
    if subject.strip().lower() == Role.USER:
        return False
    return subject.strip().lower() in ask(conn, f"about {subject.strip()}", namespace).user_names


def user_subject_note(subject: str, namespace: str) -> str:
    """The one sentence every surface (``facts``, ``history``, the MCP tools) says for the user's own name."""
    return f"{subject!r} is the user in namespace {namespace!r}: facts about them are under the subject 'user'"
