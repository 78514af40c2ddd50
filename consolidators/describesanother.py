"""Whether a subjectless or participle-opened sentence describes someone other than its speaker.

"Born in Accra, Kofi Mensah …", "Now based in Lisbon, illustrator Oksana Hrytsenko …", "The family-owned brewer,
based in Pilsen since 1921, …" and a box headed by a name ("Kaspar Jürgens | Position: defender") describe the
one they name: their phrases ("born in", "based in") are that one's, never the user's, though chat drops its
"I" the same way ("Born in Lyon, raised in Paris"). A sentence that names the speaker anywhere is the speaker's.
:mod:`consolidators.triples` asks this before it reads a user's sentence, or its clauses, as about the user.
"""

from __future__ import annotations

import re

from . import fields

#: A description of someone other than the speaker: an opening participle phrase whose subject follows it ("Born in
#: Accra, Kofi Mensah …", "Now based in Lisbon, illustrator Oksana Hrytsenko …", "Born in Tunis, the chef …"), or an
#: aside about an opening noun phrase ("The family-owned brewer, based in Pilsen since 1921, exports …"). A subject
#: after the comma that is a verb's phrase ("Born in Lyon, raised in Paris") leaves the sentence the user's.
_PARTICIPLE = (
    r"(?:(?:[Nn]ow|[Cc]urrently|[Oo]riginally|[Ll]ong|[Ss]till|[Oo]nce|[Ff]ormerly) )?(?:[Bb]ased|[Bb]orn|[Rr]aised|"
    r"[Hh]eadquartered|[Ff]ounded|[Ee]stablished|[Ee]ducated|[Ll]ocated|[Tt]rained|[Ss]ettled|[Mm]arried)(?: and \w+)? (?:in|at|by|out of|to) [^,]+, "
)
_DESCRIBES_A_NAME = re.compile(
    rf"^{_PARTICIPLE}(?:(?:the|a|an|its|his|her|their|this|that) "
    r"|(?:(?!(?:in|at|to|from|on|by|for|of|with|out|near|and|but|so|yet|or|now|then)\b)[a-z][\w-]* ){1,3}(?=[A-ZÀ-ÖØ-ÞĀ-Ž])"
    r"|(?!I\b|We\b|My\b|Our\b|Now\b|Then\b)(?=[A-ZÀ-ÖØ-ÞĀ-Ž])|(?:she|he|they|it)\b)"  # "Born in X, she died …"
    rf"|^(?:The|A|An|This|That|Its|His|Her|Their) [^,]+, {_PARTICIPLE}"
)
#: A post given by an opening phrase, then the full name it describes: "Hired by the port authority, Selma Quist …",
#: "Signed for Celtic in 2023, Ryo Amano …". Chat drops its "I" here as well ("Hired by Stripe, starting Monday"), so
#: only a name of two capitalised words right after the comma (a title's words before it) makes it someone else's.
_POSTED_NAME = re.compile(
    r"^(?:[Ee]mployed|[Hh]ired|[Rr]ecruited|[Aa]ppointed|[Ee]lected|[Ss]igned|[Pp]oached) (?:by|at|for|as|to) [^,]+, "
    r"(?:the |a |an )?(?:[a-z][\w-]* ){0,2}[A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+ [A-ZÀ-ÖØ-ÞĀ-Ž][\w'-]+"
)
#: The speaker named anywhere, in any case: a sentence that says "I", "my" or "us" is the speaker's own.
ANY_FIRST_PERSON = re.compile(r"\b(?:I|me|my|mine|we|us|our|ours)\b", re.I)


def describes_another(sentence: str) -> bool:
    """Whether ``sentence`` describes someone else by a participle phrase (:data:`_DESCRIBES_A_NAME`) or a box
    headed by their name ("Kaspar Jürgens | Position: defender", "Kwame Mensah-Bonsu — Born: …"), so its
    subjectless phrase is that one's, never the user's; a sentence that names the speaker anywhere is theirs."""
    # "Born in Tunis, but Marseille shaped her cooking": whose the phrase is, a later pronoun tells
    theirs = re.match(_PARTICIPLE, sentence) and re.search(r"\b(?:he|she|his|her|him|they|their|them)\b", sentence)
    described = _DESCRIBES_A_NAME.match(sentence) or _POSTED_NAME.match(sentence) or theirs or fields.anothers(sentence)
    return bool(described) and not ANY_FIRST_PERSON.search(sentence)
