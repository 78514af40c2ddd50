"""The text an int8 build is calibrated on: chat-like turns written here, the same on every machine.

A static int8 model fixes each activation's scale at build time from the ranges
it saw on this text, so the text should look like what the model will embed:
short and long chat turns from both sides of a conversation, questions,
numbers, names, technical words, summaries. It is generated from templates
with a fixed seed — never read from a dataset — so every install builds the
same model, and held-out evaluation text (benchmarks read real conversations
by path) is never part of it.
"""

from __future__ import annotations

import random

CALIBRATION_SEED = 20261123
CALIBRATION_TEXTS = 256

_SLOTS: dict[str, tuple[str, ...]] = {
    "name": ("Maya", "Tomasz", "Ines", "Kwame", "Yuki", "Farid", "Lena", "Diego", "Priya", "Oskar", "Amara", "Jun"),
    "place": ("Lisbon", "Nairobi", "Osaka", "Calgary", "Tbilisi", "Porto Alegre", "Gdansk", "Hanoi", "Leeds"),
    "thing": (
        "the garden",
        "my thesis",
        "the new bike",
        "our wedding plans",
        "the pottery class",
        "the quarterly budget",
        "the camping trip",
        "my guitar lessons",
        "the adoption papers",
        "the kitchen renovation",
        "the marathon training",
        "the book club",
    ),
    "tool": ("Rust", "a Kanban board", "Obsidian", "Kubernetes", "a standing desk", "Figma", "a sourdough starter"),
    "feeling": ("excited", "exhausted", "nervous", "relieved", "proud", "a bit lost", "grateful", "frustrated"),
    "when": ("last weekend", "yesterday", "this morning", "in March", "two years ago", "since the summer", "tonight"),
    "number": ("3", "12", "45", "2019", "7:30", "1,200", "0.5", "90"),
}
_TURNS = (
    "Hey {name}! How did {thing} go {when}?",
    "I finally finished {thing} {when} and I feel {feeling}.",
    "We moved to {place} {when}, still getting used to it.",
    "Honestly I'm {feeling} about {thing}, it took {number} hours.",
    "Did you end up trying {tool} for {thing}?",
    "My sister {name} lives in {place} now, she works at a clinic there.",
    "That sounds amazing! What made you pick {place}?",
    "I've been using {tool} {when} and it changed how I work.",
    "Can you remind me what we decided about {thing}?",
    "lol yes, {name} said the same thing {when}",
    "I'm sorry to hear that. Is there anything I can do to help with {thing}?",
    "We spent {number} dollars on {thing}, which was more than planned.",
    "Not sure yet... maybe {place}, maybe somewhere closer.",
    "Thanks so much, {name}! Talk soon.",
    "The meeting is at {number} tomorrow, don't forget the notes about {thing}.",
    "I switched from {tool} to something simpler {when}.",
    "What's your favourite part of living in {place}?",
    "ok",
    "Sure!",
    "Wow, {number} people showed up for {thing}?",
)
_SUMMARY = (
    "{name} told the assistant about {thing}, which started {when} in {place}. ",
    "They felt {feeling} and mentioned using {tool} along the way. ",
    "The conversation also touched on plans for {place} and a budget of about {number}. ",
    "Later, {name} asked for advice on {thing} and said they would try {tool}. ",
)


def calibration_texts(n: int = CALIBRATION_TEXTS, seed: int = CALIBRATION_SEED) -> list[str]:
    """``n`` chat-like texts: mostly one- or two-sentence turns, one in eight a long multi-sentence summary."""
    rng = random.Random(seed)
    texts = []
    for i in range(n):
        if i % 8 == 7:
            parts = [_fill(rng, rng.choice(_SUMMARY)) for _ in range(rng.randint(3, 24))]
            texts.append("".join(parts).strip())
        else:
            count = 1 if rng.random() < 0.7 else 2
            texts.append(" ".join(_fill(rng, rng.choice(_TURNS)) for _ in range(count)))
    return texts


def _fill(rng: random.Random, template: str) -> str:
    return template.format(**{key: rng.choice(values) for key, values in _SLOTS.items()})
