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

A second namespace (``turns``) asks only about the provisional tier, turns before
any consolidation: first-person questions, each beside another person's sentence
that shares the question's words more than the user's own answer does ("where do
I work": "I got hired by …" against "My cousin works at …"). Its rank is the
position of the user's answering turn.
"""

from __future__ import annotations

from collections.abc import Sequence
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


# (question, the user's answer, another person's sentence sharing the question's words)
TURN_PAIRS: tuple[tuple[str, str, str], ...] = (
    (
        "where do I work",
        "I got hired by Feldmann Logistics in January, doing their payroll.",
        "My cousin works at the airport in Faro.",
    ),
    (
        "what instrument do I play",
        "I've been practising the cello every evening.",
        "My nephew plays the trumpet in his school band.",
    ),
    ("where do I go running", "I jog along the river path most mornings.", "My flatmate goes running in the park."),
    (
        "what do I study",
        "I'm doing a master's degree in marine biology.",
        "My girlfriend studies law at the university.",
    ),
    (
        "what do I drink in the morning",
        "I always start the day with a cup of green tea.",
        "My boss drinks three espressos every morning.",
    ),
    (
        "what pet do I have",
        "I adopted a grey rabbit called Biscuit last spring.",
        "My aunt has a pet parrot that talks.",
    ),
    (
        "which team do I support",
        "I've been a Benfica fan since I was a kid.",
        "My uncle supports Porto and never stops talking about it.",
    ),
    (
        "how do I get to work",
        "I cycle to the office, about twenty minutes each way.",
        "My colleague gets to work by train.",
    ),
    (
        "what do I cook for dinner",
        "I usually make a vegetable curry on weeknights.",
        "My roommate cooks pasta for dinner almost every night.",
    ),
    (
        "where do I shop for groceries",
        "I buy my food at the farmers' market on Saturdays.",
        "My mum shops for groceries at Lidl.",
    ),
    (
        "what language am I learning",
        "I've started taking Japanese lessons on Tuesdays.",
        "My daughter is learning Spanish at school.",
    ),
    ("what time do I wake up", "I'm usually up at half past five.", "My son wakes up at seven for school."),
    (
        "where do I go on holiday",
        "I spend every August in a cabin in the Azores.",
        "My parents go on holiday to Madeira every year.",
    ),
    (
        "what do I read",
        "I'm halfway through a history of the Ottoman empire.",
        "My grandmother reads crime novels all day.",
    ),
    ("what car do I own", "I bought a second-hand Volvo estate last year.", "My neighbour owns a red Fiat."),
    (
        "where do I swim",
        "I do laps at the municipal pool on Fridays.",
        "My brother-in-law swims in the sea all year round.",
    ),
    (
        "what music do I listen to",
        "I've had jazz records on repeat all week.",
        "My teenage son listens to drill music nonstop.",
    ),
    ("which gym do I go to", "I train at FitHub near the station.", "My partner goes to the gym at lunchtime."),
    ("what am I saving for", "I'm putting money aside for a flat deposit.", "My sister is saving for a trip to Japan."),
    (
        "where do I volunteer",
        "I help out at the food bank on Sunday mornings.",
        "My friend Tiago volunteers at an animal shelter.",
    ),
    ("who do I live with", "I share a flat with two students.", "My grandfather lives with my aunt now."),
    ("what do I do on weekends", "I go hiking in the hills most Saturdays.", "Marta spends her weekends painting."),
    ("what games do I play", "I'm hooked on chess puzzles lately.", "Duarte plays video games until 3am."),
    (
        "where do I park",
        "I leave the car in the garage under our building.",
        "Sofia parks on the street outside her office.",
    ),
)
TURNS_NAMESPACE = "turns"


@dataclass(frozen=True)
class Ranked:
    question: str
    person: str  # "first" or "others"
    rank: int | None  # 1-based; None when not in the first k
    top: str  # what came first


def stage(store: MemoryStore, sessions: dict[str, list[tuple[str | None, str]]], namespace: str) -> dict[str, str]:
    """Stage every session (a day apart); the event id of each keyed turn."""
    start = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    ids: dict[str, str] = {}
    for day, (session, turns) in enumerate(sessions.items()):
        seq = 0
        for i, (key, text) in enumerate(turns):
            for role, content in (("user", text), ("assistant", FILLER[(i + 3 * day) % len(FILLER)])):
                ts = start + timedelta(days=day, minutes=seq)
                eid = store.stage(session, role, content, namespace=namespace, ts=ts, seq=seq)
                if role == "user" and key:
                    ids[key] = eid
                seq += 1
    return ids


def turn_sessions() -> dict[str, list[tuple[str | None, str]]]:
    """TURN_PAIRS as sessions of four pairs, the other person's sentence said first in every other pair."""
    turns: list[tuple[str | None, str]] = []
    for i, (_, own, other) in enumerate(TURN_PAIRS):
        pair: list[tuple[str | None, str]] = [(f"own{i}", own), (None, other)]
        turns += pair if i % 2 else pair[::-1]
    return {f"day{d}": turns[d * 8 : d * 8 + 8] for d in range((len(turns) + 7) // 8)}


def ask(
    store: MemoryStore, ids: dict[str, str], k: int, questions: Sequence[tuple[str, str]], namespace: str
) -> list[Ranked]:
    out = []
    for question, key in questions:
        found = store.recall(question, namespace=namespace, k=k)
        rank = next((i + 1 for i, m in enumerate(found) if ids[key] in m.event_ids), None)
        person = "first" if key in FIRST_PERSON or key.startswith("own") else "others"
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
        ids = stage(store, SESSIONS, NAMESPACE)
        turn_ids = stage(store, turn_sessions(), TURNS_NAMESPACE)
        run_realtime(store)
        tiers = {}
        for tier in ("provisional", "consolidated"):
            if tier == "consolidated":
                run_consolidate(store, namespace=NAMESPACE, min_quiet_seconds=0)
            with store.connection() as conn:
                conn.execute("ANALYZE memory")
            term_stats.forget()
            if tier == "provisional":
                turn_questions = [(q, f"own{i}") for i, (q, _, _) in enumerate(TURN_PAIRS)]
                tiers["provisional turns"] = ask(store, turn_ids, k, turn_questions, TURNS_NAMESPACE)
            tiers[tier] = ask(store, ids, k, QUESTIONS, NAMESPACE)
        return tiers


def main() -> None:
    p = c.parser(__doc__.splitlines()[0])
    p.add_argument("--k", type=int, default=10, help="rows asked for (default 10)")
    p.add_argument("--show", action="store_true", help="print every question's rank and top row")
    args = p.parse_args()
    tiers = run(args.k)
    figures: dict[str, Any] = {}
    for tier, ranked in tiers.items():
        for who in ("first",) if tier == "provisional turns" else ("all", "first", "others"):
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
