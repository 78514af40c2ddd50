"""Which active facts a session's consolidator is offered as context (pure).

A transcript is matched against stored names as runs of whole words
(``text_grams``) and, for the short forms texts use after a full name, as
one-word capitalised names (``text_names``). ``memories.CONTEXT_FACTS`` selects
the pool in SQL with the same normalisation (``name_key``); ``contexts_for``
chooses from it per transcript.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from consolidators.forms import adjective_stems, extends, initials

from .types import Memory

if TYPE_CHECKING:
    from .supersession import Policy


#: Characters that separate words in names and transcripts alike ("Node.js" is "node js").
NAME_PUNCTUATION = "\"'`.,;:!?()[]{}<>"
_TO_SPACE = str.maketrans(NAME_PUNCTUATION, " " * len(NAME_PUNCTUATION))
LONGEST_NAME = 4  # words: subjects and objects are short names ("Acme", "the Notion app")


def name_key(text: str | None) -> str:
    """How a stored name (single-spaced) is matched: lower-cased, punctuation as spaces.

    Exactly what NAME in ``memories.CONTEXT_FACTS`` computes in SQL (translate,
    one doubled space made single, trimmed), so the query never drops a subject
    this module would keep.
    """
    return (text or "").lower().translate(_TO_SPACE).replace("  ", " ").strip(" ")


def text_grams(text: str) -> frozenset[str]:
    """Every run of 1 to ``LONGEST_NAME`` words of ``text``, lower-cased, punctuation as spaces (pure).

    A name occurs in a transcript when it is one of these: whole words only, so
    "Go" is not found in "going" and "Thing1" not in "Thing10".
    """
    words = text.lower().translate(_TO_SPACE).split()
    return frozenset(" ".join(words[i : i + n]) for n in range(1, LONGEST_NAME + 1) for i in range(len(words) - n + 1))


#: A capitalised word: where a text names someone or something by one word ("Brandt relocated to Hamburg"); of
#: a surname with an elided particle ("O'Callaghan"), the word a stored name's last word is ("o callaghan").
_CAPITALISED = re.compile(r"(?<![\w'-])(?:[A-Z]['’])?([A-ZÀ-ÖØ-ÞĀ-Ž][\w-]+)")


def text_names(text: str) -> frozenset[str]:
    """The one-word names ``text`` says capitalised, as ``name_key`` writes them (pure): not stop words, which
    open sentences ("The", "After") and would offer every subject they begin. English words stay: a name may be
    one ("Kestrel" for Kestrel Analytics, "Stone" for Harriet Stone), and offering a subject's facts to a
    transcript that does not mean it costs a row of context, while withholding them splits the entity in two."""
    # Imported here: only consolidation asks, and `tiermem recall` must not load spaCy.
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(name_key(w) for w in dict.fromkeys(_CAPITALISED.findall(text)) if w.lower() not in STOP_WORDS)


def _short_for(subject: str, names: frozenset[str], stems: frozenset[str]) -> bool:
    """Whether a one-word name abbreviates ``subject``: its first word (a company) or its last (a person), its
    initials (an acronym), or an adjective of it no table lists ("Norlandic": Norland). As ``memories.CONTEXT_FACTS`` selects them."""
    words = subject.split()
    if len(words) > 1 and (words[0] in names or words[-1] in names or initials(subject) in names):
        return True
    return any(extends(subject, stem) for stem in stems)


def contexts_for(
    facts: Sequence[Memory],
    texts_grams: Sequence[frozenset[str]],
    policy: Policy,
    limit: int,
    texts_names: Sequence[frozenset[str]] = (),
    texts_sessions: Sequence[str | None] = (),
    displaced: Sequence[tuple[str, Memory]] = (),
) -> list[list[Memory]]:
    """For each transcript (its ``text_grams``, and its ``text_names``), the active facts worth offering its
    consolidator (pure).

    Those about the user or about a subject the transcript names, in full or by the first or last word alone
    ("Brandt" for Anneliese Brandt: :mod:`consolidators.coreference` reads it so); first the ones
    whose object it names ("I don't use Notion anymore"), then single-valued ones
    (what a new statement replaces: "we're moving" needs the current city, however
    old), then the most recently recorded; at most ``limit``.

    A transcript of a session (``texts_sessions``) already consolidated reads memory as it stood without
    that session: never its own facts (the session re-read against what it said itself finds nothing new in
    "I moved from VS Code to Neovim" once Neovim is held, and the swap would retire Neovim), and the facts
    of other sessions its facts displaced (``displaced``: (session id, fact), ``memories.DISPLACED_FACTS``)
    as if still active. So re-consolidating an unchanged session extracts what it did the first time.
    """
    keyed = [
        (
            name_key(f.subject),
            name_key(f.object),
            not policy.single(f.predicate or ""),
            -f.recorded_at.timestamp(),
            f,
            owner,
        )
        for owner, f in [*((None, f) for f in facts), *displaced]
    ]
    chosen = []
    for i, grams in enumerate(texts_grams):
        names = texts_names[i] if i < len(texts_names) else frozenset()
        session = texts_sessions[i] if i < len(texts_sessions) else None
        stems = frozenset(stem for n in names for stem in adjective_stems(n))
        involved = [
            (obj not in grams, multi, age, f)
            for subject, obj, multi, age, f, owner in keyed
            if (subject == "user" or subject in grams or _short_for(subject, names, stems))
            and (session is None or (f.session_id != session if owner is None else owner == session))
        ]
        involved.sort(key=lambda t: t[:3])
        chosen.append([t[3] for t in involved[:limit]])
    return chosen
