"""Facts with an empty term in a corpus split: run by test_quality_corpora, in process and in a spawned worker."""

from __future__ import annotations

Line = tuple[str, str, str]  # a sentence's id, its text and the role that says it


def empty_terms(lines: list[Line]) -> list[str]:
    """Every fact the extractor reads from `lines` with an empty subject, predicate or object."""
    from consolidators import extract_triples
    from consolidators.triples import prefetch_parses

    # a split in one batch, of what reading it parses (the consolidator's own batching: the first-person parse
    # only of a user's sentence read whole, the clauses too): ~15% less than parsing every text both ways
    prefetch_parses((text, role) for _, text, role in lines)
    return [
        f"{sentence_id}: {fact}"
        for sentence_id, text, role in lines
        for fact in extract_triples(text, role)
        if not (fact.subject.strip() and fact.predicate.strip() and fact.object.strip())
    ]
