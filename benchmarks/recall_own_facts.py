"""Recall as a user sees it: does "where do I live" find the user's own answer first?

    python benchmarks/recall_own_facts.py [--k 10] [--show] [--json]

One namespace of four sessions written for this probe (not from any corpus):
the user's own facts, stated in chat between an assistant's content-free
replies ("Sure, happy to help!"); the same kinds of facts about the user's
family and colleagues (someone else lives somewhere, uses an editor, drives a
car); third-person news (who runs a company, where it is based). Each question
names the turn that answers it. Recall is asked every question on the
provisional tier (after ``run_realtime``) and on the consolidated tier (after
``run_consolidate``); a question's rank is the position of the first returned
row derived from its answering turn (the turn itself, its passage, or a fact it
stated), ``-`` when none of the first ``--k`` rows is. Printed per question and
summed as hit@1, hit@3 and mean reciprocal rank, per tier and per kind of
question (first person, about others).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import _common as c

from memory_sink import MemoryStore, term_stats
from pipelines.consolidate import run_consolidate
from pipelines.realtime import run_realtime

NAMESPACE = "probe"
FILLER = (
    "Sure, happy to help!",
    "Of course! Anything else I can do for you?",
    "Glad to hear it!",
    "No problem at all, I'm always here to help you.",
    "Sounds great, let me know where I can help.",
    "Great question! Let me know what you'd like to do next.",
    "Oh nice, that's lovely to hear.",
    "Absolutely, I'd be glad to help with that.",
    "Thanks for sharing that with me!",
    "Got it. What would you like to do now?",
)
# Per session, the user's turns; each is answered by a filler line. A key names a turn for the questions
# (None: small talk no question asks about). The user's own facts and other people's share predicates.
SESSIONS: dict[str, list[tuple[str | None, str]]] = {
    "monday": [
        ("home", "I moved to Lisbon last month and I'm still unpacking boxes."),
        ("sister_home", "My sister Ana lives in Madrid with her husband."),
        (None, "Anyway, thanks for the help yesterday."),
        ("editor", "I use Neovim for all my coding these days."),
        ("colleague_editor", "My colleague Joao uses VS Code and swears by it."),
        ("parents_home", "My parents still live in Coimbra, in the house I grew up in."),
    ],
    "tuesday": [
        ("job", "I work as a nurse at Santa Maria hospital."),
        ("sister_job", "Ana works at a bakery downtown."),
        ("friend_job", "My best friend Rui is a software engineer at a bank."),
        ("dog", "My dog is called Pepper, she's a beagle."),
        ("neighbour_cat", "My neighbour has a cat called Mittens."),
        (None, "ok cool, that makes sense"),
    ],
    "wednesday": [
        ("car", "I drive an old Honda Civic."),
        ("brother_car", "My brother drives a Tesla."),
        ("band", "My favourite band is Radiohead."),
        ("colleague_band", "Joao's favourite band is Coldplay."),
        ("friend_home", "Rui lives near the beach in Cascais."),
    ],
    "news": [
        ("ceo", "Maria Lopes is the CEO of Veltrix."),
        ("hq", "Veltrix is based in Porto."),
        ("founder", "Karl Jensen founded Brightloom in 2015."),
        ("rival_ceo", "Tomas Berg runs Quillon, a rival of Veltrix."),
    ],
    "thursday": [
        ("allergy", "I'm allergic to peanuts, so no satay for me."),
        ("sister_allergy", "Ana is allergic to cats, poor thing."),
        ("wife", "My wife's name is Clara."),
        ("sport", "I play tennis every Sunday morning."),
        ("brother_sport", "My brother plays football in a local league."),
        ("languages", "I speak Portuguese and English."),
        ("birthplace", "I was born in Toronto."),
        ("wife_birthplace", "Clara was born in Lyon."),
        ("phone", "My phone is a Pixel 8."),
        (None, "haha yes, exactly"),
    ],
}
QUESTIONS: tuple[tuple[str, str], ...] = (
    ("where do I live", "home"),
    ("which city did I move to", "home"),
    ("what editor do I use", "editor"),
    ("what do I write code in", "editor"),
    ("where do I work", "job"),
    ("what is my job", "job"),
    ("what is my dog called", "dog"),
    ("what car do I drive", "car"),
    ("what's my favourite band", "band"),
    ("what am I allergic to", "allergy"),
    ("who is my wife", "wife"),
    ("what sport do I play", "sport"),
    ("which languages do I speak", "languages"),
    ("where was I born", "birthplace"),
    ("what phone do I have", "phone"),
    ("who is the CEO of Veltrix", "ceo"),
    ("where is Veltrix based", "hq"),
    ("who founded Brightloom", "founder"),
    ("who runs Quillon", "rival_ceo"),
    ("where does Ana live", "sister_home"),
    ("what editor does Joao use", "colleague_editor"),
    ("what is Joao's favourite band", "colleague_band"),
    ("what does my brother drive", "brother_car"),
    ("where does my sister work", "sister_job"),
    ("what is my neighbour's cat called", "neighbour_cat"),
    ("where do my parents live", "parents_home"),
    ("where was Clara born", "wife_birthplace"),
    ("what sport does my brother play", "brother_sport"),
)
FIRST_PERSON = {
    "home",
    "editor",
    "job",
    "dog",
    "car",
    "band",
    "allergy",
    "wife",
    "sport",
    "languages",
    "birthplace",
    "phone",
}


@dataclass(frozen=True)
class Ranked:
    question: str
    person: str  # "first" or "others"
    rank: int | None  # 1-based; None when not in the first k
    top: str  # what came first


def stage(store: MemoryStore) -> dict[str, str]:
    """Stage every session (a day apart); the event id of each keyed turn."""
    start = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    ids: dict[str, str] = {}
    for day, (session, turns) in enumerate(SESSIONS.items()):
        seq = 0
        for i, (key, text) in enumerate(turns):
            for role, content in (("user", text), ("assistant", FILLER[(i + 3 * day) % len(FILLER)])):
                ts = start + timedelta(days=day, minutes=seq)
                eid = store.stage(session, role, content, namespace=NAMESPACE, ts=ts, seq=seq)
                if role == "user" and key:
                    ids[key] = eid
                seq += 1
    return ids


def ask(store: MemoryStore, ids: dict[str, str], k: int) -> list[Ranked]:
    out = []
    for question, key in QUESTIONS:
        found = store.recall(question, namespace=NAMESPACE, k=k)
        rank = next((i + 1 for i, m in enumerate(found) if ids[key] in m.event_ids), None)
        person = "first" if key in FIRST_PERSON else "others"
        out.append(Ranked(question, person, rank, found[0].content if found else ""))
    return out


def summary(ranked: list[Ranked]) -> dict[str, float]:
    n = len(ranked) or 1
    return {
        "hit@1": round(sum(r.rank == 1 for r in ranked) / n, 3),
        "hit@3": round(sum(r.rank is not None and r.rank <= 3 for r in ranked) / n, 3),
        "MRR": round(sum(1 / r.rank for r in ranked if r.rank) / n, 3),
    }


def run(k: int) -> dict[str, list[Ranked]]:
    with c.temp_server() as admin, c.open_store(c.fresh_database(admin)) as store:
        ids = stage(store)
        run_realtime(store)
        tiers = {}
        for tier in ("provisional", "consolidated"):
            if tier == "consolidated":
                run_consolidate(store, namespace=NAMESPACE, min_quiet_seconds=0)
            with store.connection() as conn:
                conn.execute("ANALYZE memory")
            term_stats.forget()
            tiers[tier] = ask(store, ids, k)
        return tiers


def main() -> None:
    p = c.parser(__doc__.splitlines()[0])
    p.add_argument("--k", type=int, default=10, help="rows asked for (default 10)")
    p.add_argument("--show", action="store_true", help="print every question's rank and top row")
    args = p.parse_args()
    tiers = run(args.k)
    figures: dict[str, Any] = {}
    for tier, ranked in tiers.items():
        for who in ("all", "first", "others"):
            picked = [r for r in ranked if who == "all" or r.person == who]
            figures |= {f"{tier}, {who}: {name}": value for name, value in summary(picked).items()}
    mine = [r for r in tiers["consolidated"] if r.person == "first"]
    targets = [("consolidated: every first-person answer first", all(r.rank == 1 for r in mine))]
    ranks = {tier: {r.question: r.rank for r in ranked} for tier, ranked in tiers.items()}
    c.report("recall of the user's own facts", figures, targets, as_json=args.json, extra={"ranks": ranks})
    if args.show and not args.json:
        for tier, ranked in tiers.items():
            print(f"   {tier}: rank, question, first row")
            for r in ranked:
                print(f"   {r.rank or '-':>2}  {r.question:40}  {r.top[:70]}")


if __name__ == "__main__":
    main()
