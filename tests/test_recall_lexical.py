"""Recall's lexical branch: of a question's rarest terms, a common one selects candidates only in pairs.

A term selects alone when it is expected to match few rows of the namespace (its share
of the table times the namespace's rows, both from ANALYZE's statistics), so a common
word in a large namespace no longer makes recall read and rank most of it; every term
still scores the candidates.
"""

from __future__ import annotations

import pytest

from memory_sink import MemoryStore, term_stats
from memory_sink import recall as recall_sql
from pipelines.realtime import run_realtime


def test_of_the_rarest_terms_a_common_one_selects_only_in_pairs() -> None:
    limit = term_stats.SELECTIVE_ROWS
    # In a namespace of 100k rows: shares 0.1% and 0.4% expect 100 and 400 rows, 5% and 10% thousands.
    alone, paired = term_stats.selecting([0.05, 0.001, 0.1, 0.004, 0.2], 100_000)
    assert alone == [False, True, False, True, False] and paired == [True, False, True, False, False]
    # No term rare enough: the rarest alone however common, the others of the four in pairs.
    assert term_stats.selecting([0.3, 0.05, 0.2], 100_000) == ([False, True, False], [True, False, True])
    # A small namespace: the LEXICAL_TERMS rarest alone, whatever their share (recall as it always ranked there).
    alone, paired = term_stats.selecting([0.5, 0.4, 0.3, 0.2, 0.1, 0.6], limit / 0.6)
    assert alone == [False, True, True, True, True, False] and not any(paired)
    assert term_stats.selecting([], 100_000) == ([], [])


def _stage(store: MemoryStore, namespace: str, texts: list[str]) -> None:
    rows = [{"session_id": f"{namespace}{i}", "role": "user", "seq": 0, "content": t} for i, t in enumerate(texts)]
    store.stage_many([r | {"namespace": namespace} for r in rows])


@pytest.fixture
def analyzed(store: MemoryStore) -> MemoryStore:
    """'big': 60 rows saying "garden" (2 with "zeppelin", 3 with "watered" too), 20 "watered" alone,
    one "balloon"; 'tiny': 3 rows."""
    texts = [f"The garden grew, day {i}." for i in range(55)] + [f"The garden got watered, week {i}." for i in range(3)]
    texts += [f"The lawn got watered, hour {i}." for i in range(20)]
    texts += ["A zeppelin over the garden.", "The zeppelin landed by the garden.", "A red balloon drifted."]
    _stage(store, "big", texts)
    _stage(store, "tiny", ["The garden is small.", "A zeppelin!", "Nothing here."])
    run_realtime(store)
    with store.connection() as conn:
        conn.execute("ANALYZE memory")
    term_stats.forget()
    return store


def _lexical(store: MemoryStore, namespace: str, question: str) -> list[str]:
    """The lexical branch alone, as recall runs it: its contents, best first."""
    with store.connection() as conn:
        params = {"ns": namespace, "kinds": ["turn"], "unpassaged": False, "n": 100}
        params |= term_stats.params(conn, question, namespace)
        sql = f"WITH {recall_sql.LEXICAL} SELECT m.content FROM l JOIN memory m USING (id) ORDER BY l.r"
        return [r[0] for r in conn.execute(sql, params)]


def test_the_statistics_say_how_many_rows_a_namespace_holds(analyzed: MemoryStore) -> None:
    with analyzed.connection() as conn:
        stats = term_stats.cached(conn)
    assert stats is not None
    assert stats.rows("big") == pytest.approx(81, abs=1) and stats.rows("tiny") == pytest.approx(3, abs=1)
    assert stats.rows("unknown") <= stats.rows("tiny")  # an unlisted namespace is no larger than the smallest listed
    assert stats.freq("garden") > stats.freq("water") > stats.freq("zeppelin")


def test_a_common_term_scores_but_does_not_select_in_a_large_namespace(
    analyzed: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    question = "Did the zeppelin fly over the garden?"
    everything = _lexical(analyzed, "big", question)  # 81 rows is few: both terms select
    assert len(everything) == 60 and "zeppelin" in everything[0] and "zeppelin" in everything[1]
    monkeypatch.setattr(term_stats, "SELECTIVE_ROWS", 10)  # now "garden" (60 expected rows) is common here
    rare = _lexical(analyzed, "big", question)
    assert rare == everything[:2]  # only the zeppelin rows are candidates, ranked as before
    assert len(_lexical(analyzed, "tiny", question)) == 2  # a small namespace: both terms still select there
    # Only common terms: the rarest selects alone, so the branch still finds what holds it.
    assert len(_lexical(analyzed, "big", "the garden")) == 60
    # Two common terms (and a rare one): a row holding both is a candidate, one holding either alone is not.
    both = _lexical(analyzed, "big", "Was the garden watered by the zeppelin?")
    assert all("zeppelin" in r for r in both[:2])
    assert sorted(both[2:]) == sorted(f"The garden got watered, week {i}." for i in range(3))


def test_the_lexical_branch_scores_at_most_its_candidate_limit(
    analyzed: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert len(_lexical(analyzed, "big", "the garden")) == 60
    monkeypatch.setattr(
        recall_sql, "LEXICAL", recall_sql.LEXICAL.replace(f"LIMIT {recall_sql.LEXICAL_CANDIDATES}", "LIMIT 7")
    )
    assert len(_lexical(analyzed, "big", "the garden")) == 7
