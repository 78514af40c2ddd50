"""Which names a coordinated subject lends its verb to, as the grammar of the coordination says.

"Pablo Ortega and Lena Weiss live in Graz" states one relation of each name: a verb phrase shared by names joined
with "and" (a list "A, B and C" included, "both" and "each" or not) holds of each of them. Only that coordination
does: "Neither A nor B lives in X" denies it of both, "A, but not B, …" of B, "A or B" states it of neither for
sure; "A and B live in X and Y respectively" pairs them in order, which is not each of them living in both. A
conjunct that is no name ("Ana Ruiz and her brother") is no subject a fact can have, and one-word names joined by
"and" may be one title ("Brass and Bread"): only full names are split.
"""

from __future__ import annotations

from typing import Any

from .spans import child, conjuncts, is_name, titled

#: The conjunctions that add a name to what the verb states: "and", "&" (a bare comma of a list has no cc).
_ADDING = frozenset({"and", "&"})


def _plain_and(head: Any) -> bool:
    """Whether ``head``'s coordination adds names with "and" only: no "or", "nor", "but", no "neither"/"either",
    no negated conjunct ("A and not B")."""
    members = [head, *conjuncts(head)]
    for tok in members:
        if any(c.dep_ == "cc" and c.lower_ not in _ADDING for c in tok.children):
            return False
        if any(c.dep_ == "preconj" and c.lower_ in ("neither", "either") for c in tok.children):
            return False
        if child(tok, "neg") is not None:
            return False
    return True


def respectively(tok: Any) -> bool:
    """Whether the sentence pairs its lists in order ("… respectively"): no list of it is each one's."""
    return any(t.lower_ == "respectively" for t in tok.sent)


def listed(tok: Any) -> list[Any]:
    """``tok`` and the words coordinated with it, in order. The parser hangs a list's second name on the first as
    an apposition ("Ana Roth, Ivo Sol and Abel Kim"): an apposition that is itself joined by "and" to a further
    conjunct is a list's member, a lone one ("Ana Roth, a potter") is not."""
    lists = [c for c in tok.children if c.dep_ == "appos" and any(x.dep_ == "cc" for x in c.children)]
    return [tok, *conjuncts(tok), *(m for a in lists if is_name(a) for m in (a, *conjuncts(a)))]


def sharing_subjects(subj: Any) -> list[Any]:
    """The other names coordinated with ``subj`` that its verb phrase holds of too, each one of them; none when
    the coordination is not a plain "and" of names or the sentence pairs its lists "respectively"."""
    others = listed(subj)[1:]
    if not others or respectively(subj) or not all(_plain_and(t) for t in (subj, *others)):
        return []
    # "Ana Ruiz and her brother Tomas Ruiz": the name a common noun is in apposition with
    names = [name for name in map(titled, others) if is_name(name)]
    # one-word names joined by "and" are as often one title ("Brass and Bread", "Marks and Spencer")
    return names if all(map(_full_name, (subj, *names))) else []


def _full_name(tok: Any) -> bool:
    """A name of two words or more: "Lena Weiss", "Corvane Mills"."""
    return is_name(tok) and any(c.dep_ == "compound" and c.text[:1].isupper() for c in tok.lefts)


def disjoined(subj: Any) -> bool:
    """Whether ``subj`` is one of names offered as alternatives ("A or B lives in X", "either A or B"): the
    sentence states the relation of neither for sure."""
    members = [subj, *conjuncts(subj)]
    return any(c.dep_ in ("cc", "preconj") and c.lower_ in ("or", "either") for t in members for c in t.children)


def in_order(subj: Any, obj: Any) -> list[tuple[Any, Any]] | None:
    """The (subject, value) pairs of "A and B live in X and Y respectively", in order; None when the sentence
    says no "respectively"; no pair when the lists' lengths differ (what goes with what is then unknown)."""
    if not respectively(subj):
        return None
    subjects, values = listed(subj), listed(obj)
    return list(zip(subjects, values, strict=True)) if len(subjects) == len(values) > 1 else []
