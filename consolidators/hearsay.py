"""Clauses a sentence holds without asserting them: read on the dependency parse, for either speaker.

A reader finds its relation in a clause wherever that clause sits; what makes the clause no statement is often
the word the clause hangs from, a few words away and in any order:

- a verb or noun of belief, claim, pretence or denial: "Fans speculated that Ivo Sand had joined Halden",
  "My uncle is convinced I work at a bank" (an adjective of belief), "Reports that Orvik is moving its seat to
  Lund were denied", "Ana pretends to live in Paris", "I dream of living in Kyoto";
- a verb of saying that the sentence marks as mistaken or denies: "Several papers wrongly said Mia Holt was
  born in Split", "Nobody ever said that Ana lives in Oslo"; or that reports the speaker's own state in someone
  else's words: "My LinkedIn says I work at IBM", "my coach says I'm a natural";
- a story's world that frames the clause's own verb: "In the film, the detective lives in Brest", "In season
  two, Marco becomes CEO of Wexler", "In my dream I work at NASA", or a made-up scene: "In our campaign I'm a
  cleric", "In the mock trial I'm the judge";
- a condition contrary to fact, its auxiliary before its subject: "Had Velmar adopted the euro, …";
- a stage of life now over: "X, a member of the Y choir in her teens, now sings jazz" (:func:`in_a_past_stage`,
  which the sieve asks only of relations a stage of life ends);
- a thing wanted, not had ("I've always wanted a cat named Miso"), equated with a dream or a rumour ("My
  dream is a flat in Paris"), or described as wished for ("My ideal flat is in Lisbon");
- in the user's chat, a clause whose subject is someone the speaker calls theirs, without the speaker: "My
  friend Leila just adopted a parrot named Kiwi" (:func:`anothers`).

The speaker's own saying or knowing ("I told her I work at Siemens", "Ana confirmed she lives in Oslo") states
the clause, so only the closed classes below frame it. The parse is asked only when one of their words is in
the sentence (the consolidator must stay fast).
"""

from __future__ import annotations

import re
from typing import Any

from .forms import RELATION_NOUNS
from .nlp_cache import ancestors, root_of
from .regexgate import compiled
from .relations import verb_forms
from .text import REFUSING, lemmatise

#: Verbs whose clause is a belief, a claim, a pretence or a denial: never the writer's statement.
_FRAMING_VERBS = frozenset(
    (
        "claim allege speculate rumour rumor suspect assume presume believe think guess imagine pretend fantasise"
        " fantasize dream wish fear deny dispute doubt joke misreport hallucinate"
    ).split()
)
#: Nouns whose clause is the same: "the rumour that …", "her claim to be …".
_FRAMING_NOUNS = frozenset(
    (
        "rumour rumor claim allegation speculation report myth misconception belief assumption impression theory"
        " fantasy dream joke pretence pretense hypothesis suspicion gossip hoax lie fiction"
    ).split()
)
#: Verbs of wanting whose object is wished for, not had: "I've always wanted a cat named Miso".
_WANTING_VERBS = frozenset("want wish crave covet".split())
#: Verbs of weighing whose object is a change still to be decided: "Acme is weighing a move of its head office to
#: Pune", "the club is eyeing a switch to …", "I'm considering a transfer to our Oslo office".
_WEIGHING_VERBS = frozenset("weigh consider mull explore eye contemplate ponder study discuss debate propose".split())
#: Verbs whose object someone else put forward, not one taken up: "Someone suggested DuckDB as our database".
_PUT_FORWARD = frozenset("suggest recommend".split())
#: "turned it down", the phrasal verb beside :data:`text.REFUSING`'s verbs of refusal (:func:`_refused`).
_TURNED_DOWN = re.compile(r"\bturn(?:s|ed|ing)?\b(?:\s+[\w']+){0,3}?\s+down\b", re.I)
#: Auxiliaries that open a condition when put before their subject: "Had we stayed, …", "Were she to move, …".
_INVERTING = frozenset("had were should".split())
_INVERSION_CUE = re.compile(r"(?:^|[,;:]\s*)(?:[Hh]ad|[Ww]ere|[Ss]hould) (?!been\b|not\b|to\b)\w")
#: A denial set off from its verb by an aside: "did not, as is often claimed, die in …", "I have never, not once, …".
_SET_OFF_DENIAL = re.compile(r"(?:\bnot|\bnever|n't)\s*[,—–(]", re.I)  # "don't" holds no boundary before "n't"
#: Words that make the thing they describe a wish: "my ideal home", "my dream job".
_WISHED = frozenset("ideal dream fantasy".split())
#: Adjectives of belief whose clause is the holder's, not the writer's: "convinced I work at a bank".
_FRAMING_ADJECTIVES = frozenset("convinced sure certain adamant".split())
#: Verbs of saying: they assert the clause unless the sentence marks the saying as mistaken or denies it.
_SAYING_VERBS = frozenset("say report state write tell announce confirm".split())
_MISTAKEN = frozenset("wrongly falsely mistakenly incorrectly erroneously wrongfully inaccurately never".split())
#: A state said to go on past the stage of life it began in.
_STILL = re.compile(r"\bstill\b", re.I)
#: Works whose world a scene sets: "in the film", "in season two", "in my dream".
_WORKS = frozenset(
    (
        "film movie novel book series show sitcom musical opera play game videogame season episode finale sequel"
        " prequel story comic manga anime screenplay dream fantasy simulation universe timeline"
        " scenario hypothetical campaign roleplay role-play playthrough sim podcast drama panto pantomime production"
    ).split()
)
#: Frames the user asks the assistant to play along with: "for this exercise", "for the roleplay".
_PRETENCES = frozenset(
    "exercise roleplay role-play scenario hypothetical simulation drill sim practice rehearsal".split()
)
#: Modifiers that make any scene a made-up one: "in the mock trial", "in a fictional town", "in the virtual office".
_UNREAL = frozenset("mock fictional fictitious imaginary hypothetical virtual pretend make-believe".split())
#: Works that need no determiner to be one: "in season two", "in episode 4".
_BARE_WORKS = frozenset("season episode".split())
#: A stage of life over by the time anyone writes of it: "in his youth", "as a child".
_PAST_STAGES = {
    "in": frozenset("youth childhood boyhood girlhood adolescence teens infancy".split()),
    "as": frozenset("child kid boy girl teenager teen toddler youngster schoolboy schoolgirl".split()),
}
_STAGE_CUE = re.compile(r"\b(?:" + "|".join(sorted(_PAST_STAGES["in"] | _PAST_STAGES["as"])) + r")s?\b", re.I)
_RELATION_CUE = re.compile(r"\b(?:my|our)\b", re.I)
_POSSESSIVE = frozenset({"my", "our"})
_FIRST_PERSON = frozenset({"i", "me", "we", "us"})
#: The dependency labels of a clause that completes the word it hangs from.
_CLAUSAL = frozenset({"ccomp", "xcomp", "acl", "pcomp", "csubj", "advcl"})
_CUE = compiled(
    r"\b(?:"
    + "|".join(
        sorted(
            {
                f
                for v in _FRAMING_VERBS | _SAYING_VERBS | _WANTING_VERBS | _WEIGHING_VERBS | REFUSING | _PUT_FORWARD
                for f in verb_forms(v)
            }
            | {n + s for n in _FRAMING_NOUNS | _WORKS | _PRETENCES for s in ("", "s")}
            | _FRAMING_ADJECTIVES
            | _UNREAL
            | _WISHED
        )
    )
    + r")\b",
    re.I,
)


def names_a_work(text: str) -> bool:
    """Whether ``text`` names a work or a show a part is played in ("on a podcast", "in the school play"); the
    verb "play" itself is no work."""
    scenes = re.findall(r"\b(?:in|on|for)((?:\s+[\w'-]+){1,4})", text.lower())
    return any(lemmatise(w, "NOUN") in _WORKS for scene in scenes for w in scene.split())


def unasserted(text: str, value: str) -> bool:
    """Whether ``text`` names ``value`` only inside a clause it frames as believed, claimed, pretended, denied,
    wrongly said, or set in a story's world."""
    cued = _CUE.search(text) or _INVERSION_CUE.search(text) or _SET_OFF_DENIAL.search(text) or _TURNED_DOWN.search(text)
    path = _value_path(text, value) if cued else None
    if path is None:
        return False
    if _denied(path):
        return True  # "X did not, as is often claimed, die in Antwerp": the aside keeps the denial from the verb
    if any(_inverted(tok) for tok in path):
        return True  # "Had Norvaland adopted the euro, …", "Were I living in Spain, …": a condition contrary to fact
    if any(_framed(tok) for tok in path):
        return True
    if any(tok.dep_ == "dobj" and lemmatise(tok.head.lower_, "VERB") in _WANTING_VERBS for tok in path):
        return True
    if any(tok.dep_ == "dobj" and _put_forward(tok.head) for tok in path):
        return True  # "a friend recommended Vimcal for the calendar": a suggestion, not the user's tool
    if _weighed(path):
        return True  # "is weighing a move of its head office to Pune": a change not yet made
    if any(_refused(c) for tok in path for c in tok.children if c.dep_ in ("conj", "advcl") and c.i > tok.i):
        return True  # "X was named CEO of Y but declined the post": an offer, never a post held
    if _refused_after(path):
        return True  # "X was named CEO of Y; she declined the post", "X turned down the CEO job at Y"
    if any(tok.dep_ == "attr" and _framed_subject(tok.head) for tok in path):
        return True  # "My dream is a flat in Paris", "The rumour is that …"
    if any(_wished_subject(tok) for tok in path):
        return True  # "My ideal home is in the Alps": a thing wished for, not had
    return _in_a_work(path)


def _put_forward(verb: Any) -> bool:
    """A verb of suggesting whose subject is not the speaker ("Someone suggested …"; "I recommend …" is the
    speaker's own word for what they use)."""
    subjects = [c.lower_ for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    return lemmatise(verb.lower_, "VERB") in _PUT_FORWARD and not set(subjects) & _FIRST_PERSON


def _weighed(path: list[Any]) -> bool:
    """Whether the value is where a change still to be decided goes: "to" a verb of weighing's object ("a move of
    its head office to Pune"), or "to" the verb itself when the parse hangs it there."""
    for to, above in zip(path, path[1:], strict=False):
        if to.lower_ != "to" or to.dep_ != "prep":
            continue
        verb = above.head if above.dep_ == "dobj" else above
        change = [c for c in verb.children if c.dep_ == "dobj" and c.pos_ == "NOUN"]
        if change and lemmatise(verb.lower_, "VERB") in _WEIGHING_VERBS and (above in change or above is verb):
            return True
    return False


def _refused(clause: Any) -> bool:
    """Whether ``clause``, coordinated after the one naming the value, turns that offer down: "but declined",
    "but turned it down", "and refused the post", "only to decline the role". What it refuses must be the offer
    itself (a pronoun or a word for a post or an offer), not another thing ("after rejecting Globex's offer",
    "but declined to comment")."""
    mark = next((c for c in clause.children if c.dep_ == "mark"), None)
    if mark is not None and mark.lower_ != "to" or clause.tag_ == "VBG":
        return False  # "after rejecting …", "before turning down …": another offer, told as what came first
    if any(c.dep_ == "neg" for c in clause.children):
        return False  # "but did not decline", "and has not declined": no refusal
    lemma = lemmatise(clause.lower_, "VERB")
    down = lemma == "turn" and any(c.dep_ == "prt" and c.lower_ == "down" for c in clause.children)
    if lemma not in REFUSING and not down:
        return False
    took = [c for c in clause.children if c.dep_ == "xcomp"]
    if took:  # "declined to take it" refuses the post; "declined to comment" refuses nothing it names
        return all(lemmatise(c.lower_, "VERB") in _TAKING for c in took)
    objects = [c for c in clause.children if c.dep_ == "dobj"]
    # "… but declined the offer from Corvane": an offer from a party the sentence had not named is another offer
    before = clause.doc[: clause.i].text
    others = [
        p
        for o in (*objects, clause)  # the parse hangs "from Corvane" on the offer or on the verb
        for p in o.children
        if p.dep_ == "prep"
        and p.lower_ in ("from", "by")
        and any(w.text not in before for w in p.subtree if w is not p)
    ]
    return not others and all(o.pos_ == "PRON" or lemmatise(o.lower_, "NOUN") in _OFFERS for o in objects)


def _refused_after(path: list[Any]) -> bool:
    """Whether the clause naming the value is itself refused: the complement of a refusal said after it ("X was
    named CEO of Y; she declined the post"), or the value is the one who refuses the post ("X turned down the CEO
    job at Y")."""
    for below, tok in zip(path, path[1:], strict=False):
        if below.dep_ in ("ccomp", "parataxis") and tok.i > below.i and _refused(tok):
            return True
        taken = [c for c in tok.children if c.dep_ in ("dobj", "xcomp")]
        if below.dep_ == "nsubj" and taken and _refused(tok):
            return True
    return False


#: What a refusal turns down when it is the offer the clause before named.
_OFFERS = frozenset("post job role offer position appointment nomination seat move transfer chance".split())
#: Verbs whose refusal is a refusal of the post: "declined to take it", "refused to serve".
_TAKING = frozenset("take accept serve become".split())


def _denied(path: list[Any]) -> bool:
    """Whether a denial set off by an aside ("not, as is often claimed, …") negates a word the value hangs from:
    the readers look for a denial in the words before the verb, and the aside keeps it from them. The parse may
    hang the verb on the aside ("does not, strictly speaking, live in …" as "speaking … and live"), so any word
    above the value counts."""
    doc = path[0].doc
    for neg in doc:
        if neg.dep_ != "neg" or neg.i + 1 >= len(doc) or doc[neg.i + 1].text not in _ASIDE_OPENERS:
            continue
        closer = _ASIDE_OPENERS[doc[neg.i + 1].text]
        # an aside never closed is none: "I don't, but I work at Ikea" goes straight on to a clause of its own
        aside_end = next((t.i for t in doc[neg.i + 2 :] if t.text == closer), neg.i + 1)
        above = {tok.i for tok in _own_clauses(path, aside_end)}
        denied = neg.head.head if neg.head.dep_ in ("aux", "auxpass") else neg.head
        if denied.i in above or neg.head.i in above:
            return True
    return False


def _own_clauses(path: list[Any], aside_end: int) -> list[Any]:
    """``path`` up to the first conjoined clause with a subject of its own said after the aside ends: "I'm not,
    like, rich, but I live in Monaco" says "live" anew, so no denial above it reaches the value. A clause inside
    the aside is the aside ("don't — and my mum finds this odd — work at …", which the parse may hang the verb
    on), and a verb with no subject stays under the denial ("does not, strictly speaking, live in")."""
    for n, tok in enumerate(path):
        if tok.dep_ == "conj" and tok.i > aside_end and any(c.dep_ in ("nsubj", "nsubjpass") for c in tok.children):
            return path[: n + 1]
    return path


#: Marks that open an aside after a denial.
_ASIDE_OPENERS = {",": ",", "—": "—", "–": "–", "(": ")"}  # each with the mark that closes its aside


def in_a_past_stage(text: str, value: str) -> bool:
    """Whether the clause naming ``value``, or the role it is in apposition to, is set in a stage of life now
    over: "X, a member of the Y choir in her teens, now sings jazz", "As a child, X lived in Beirut"."""
    # "learned Polish as a child and still speaks it": a state still held
    path = _value_path(text, value) if _STAGE_CUE.search(text) and not _STILL.search(text) else None
    if path is None:
        return False
    verb, _ = _scene_holders(path)
    own = path[: path.index(verb) + 1]
    return any(_a_past_stage(p) for tok in own for p in tok.children)


def anothers(text: str, value: str) -> bool:
    """Whether the clause naming ``value`` has for its subject someone the speaker calls theirs, and not the
    speaker too: "My friend Leila just adopted a parrot named Kiwi" ("my partner and I live in Ghent" is the
    user's; "my wife is Priya" names the user's wife by a copula, which this leaves to its readers)."""
    path = _value_path(text, value) if _RELATION_CUE.search(text) else None
    if path is None:
        return False
    head = path[0]
    verb = next((tok for tok in path if tok.pos_ in ("VERB", "AUX") and tok.dep_ != "acl"), None)  # not "named"
    if verb is None or any(tok.dep_ in ("attr", "acomp") for tok in path[: path.index(verb)]):
        return False
    if any(c.dep_ in ("dative", "dobj") and (_FIRST_PERSON | _POSSESSIVE) & _words(c) for c in verb.children):
        return False  # "My sister gave me a kitten called Mochi", "My kids named our puppy Pickle": the speaker's
    if any(t.i > head.i and t.dep_ == "nsubj" and t.lower_ in _FIRST_PERSON for t in head.doc):
        return False  # "my boss pays for Fastmail so that's where I do email now": the speaker takes it up
    for agent in (c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")):
        words = _words(agent)
        if head.i not in {t.i for t in agent.subtree} and words & _POSSESSIVE and words & RELATION_NOUNS:
            return not words & _FIRST_PERSON
    return False


def _value_path(text: str, value: str) -> list[Any] | None:
    """The token that heads ``value`` in ``text``'s parse and every token above it; None when it is not found."""
    head = root_of(text, value)
    return None if head is None else [head, *ancestors(head)]


def _words(tok: Any) -> set[str]:
    """The words of the phrase ``tok`` heads, lower-cased."""
    return {t.lower_ for t in tok.subtree}


def _frames(clause: Any) -> bool:
    """Whether ``clause`` is held, not stated, by the word it completes: a framing word, or a saying marked as
    mistaken."""
    word = clause.head
    if word.pos_ in ("NOUN", "PROPN"):  # a name is no rumour or lie ("the singer Maren Lie")
        return word.pos_ == "NOUN" and lemmatise(word.lower_, "NOUN") in _FRAMING_NOUNS and not _participle(clause)
    if word.pos_ == "ADJ":
        return word.lower_ in _FRAMING_ADJECTIVES
    lemma = lemmatise(word.lower_, "VERB")
    if lemma in _FRAMING_VERBS:
        return True
    if lemma not in _SAYING_VERBS:
        return False
    return any(c.dep_ in ("advmod", "neg") and c.lower_ in _MISTAKEN for c in word.children) or _told_of_me(clause)


def _told_of_me(clause: Any) -> bool:
    """Whether ``clause`` is the speaker's own state said by someone or something else ("My LinkedIn says I work
    at IBM", "my coach says I'm a natural sprinter"): the speaker reports a saying, and asserts nothing by it
    ("I said I work at IBM" is the speaker's own)."""
    me = any(c.dep_ in ("nsubj", "nsubjpass") and c.lower_ in _FIRST_PERSON for c in clause.children)
    sayer = next((c for c in clause.head.children if c.dep_ == "nsubj"), None)
    return me and sayer is not None and not _words(sayer) & _FIRST_PERSON


def _participle(clause: Any) -> bool:
    """A participle on a noun says what the thing is or does, not what someone claims: "reports written in
    Notion" (a clause of claim is finite or an infinitive: "reports that …", "her claim to be …")."""
    return clause.tag_ in ("VBG", "VBN") and not any(c.dep_ in ("mark", "aux", "auxpass") for c in clause.children)


def _framed_subject(copula: Any) -> bool:
    """A copula whose subject is a framing noun: what it equates is a dream, a rumour or a joke."""
    return any(
        c.dep_ == "nsubj" and c.pos_ == "NOUN" and lemmatise(c.lower_, "NOUN") in _FRAMING_NOUNS
        for c in copula.children
    )


def _inverted(verb: Any) -> bool:
    """A clause opened by its auxiliary before its subject, not a question: a condition said contrary to fact."""
    aux = next((c for c in verb.children if c.dep_ in ("aux", "auxpass") and c.lower_ in _INVERTING), None)
    if verb.lower_ in _INVERTING and verb.dep_ != "aux":
        aux = verb  # "Were I a nurse, …": the copula is the clause's own verb
    subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    return aux is not None and subject is not None and aux.i == verb.left_edge.i and aux.i < subject.i


def _wished_subject(verb: Any) -> bool:
    """A clause whose subject is described as wished for: "my ideal flat", "my dream job", "our fantasy house"."""
    return any(
        c.dep_ in ("nsubj", "nsubjpass")
        and any(m.dep_ in ("amod", "compound") and m.lower_ in _WISHED for m in c.children)
        for c in verb.children
    )


def _framed(clause: Any) -> bool:
    """Whether ``clause`` completes a framing word after it. A clause before the word ("I'm in Leeds now, can
    you suggest …", "my drink is mate, my friends think it's weird") is the parser joining two sentences."""
    return clause.dep_ in _CLAUSAL and clause.i > clause.head.i and not _spliced(clause) and _frames(clause)


def _spliced(clause: Any) -> bool:
    """Whether ``clause`` follows its head after a comma or a semicolon: a sentence of its own run on ("My boss
    thinks I'm in Leeds, I'm in York"), which the parser hangs on the framing verb before it."""
    if any(c.dep_ == "mark" for c in clause.children):
        return False  # "Critics claim, wrongly, that …": the "that" still hangs the clause on the claim
    start = clause.left_edge
    return start.text in ",;" or start.i > 0 and clause.doc[start.i - 1].text in ",;"


def _scene_holders(path: list[Any]) -> tuple[Any, list[Any]]:
    """The verb of the clause that names the value, and the words above it whose scene may be set before it."""
    verb = next((tok for tok in path if tok.pos_ in ("VERB", "AUX")), path[0])
    return verb, path[path.index(verb) + 1 :]


def _in_a_work(path: list[Any]) -> bool:
    """Whether the value's clause is set "in" a work's world: "In the film, …", "In season two, …". A scene on
    its own verb sets it wherever it falls; one on a word above it only when set before both ("In the finale
    Anna marries Tom and moves to Bath", "Spoiler: in the finale, …"), not a scene of a verb of its own that it
    follows ("starred in the film Nordlys and lives in Oslo")."""
    verb, above = _scene_holders(path)
    scenes = [p for p in verb.children if _a_work(p)]
    if not scenes and any(_the_real_world(p) for p in verb.children):
        return False  # "In our campaign I play a bard, but in real life I work at X": the clause leaves the scene
    scenes += [p for tok in above for p in tok.children if _a_work(p) and p.i < verb.i and _fronted(p)]
    # a scene that opens the sentence sets the world of all of it, whichever clause the parse hung it on ("In the
    # novel I'm drafting, I work as …" hangs it on "drafting")
    scenes += [p for p in verb.subtree if p.i < verb.i and _a_work(p) and _opens(p)]
    return bool(scenes)


def _opens(tok: Any) -> bool:
    """Whether ``tok`` starts its sentence, but for punctuation and discourse words ("So, in the game …")."""
    return all(t.is_punct or t.pos_ in ("INTJ", "CCONJ") or t.lower_ in _DISCOURSE for t in tok.doc[: tok.i])


#: Words a chat sentence opens with before its scene.
_DISCOURSE = frozenset("so ok okay well anyway also and but now right".split())


def _the_real_world(tok: Any) -> bool:
    """ "in real life", "in reality", "in the real world", "IRL": a scene that is the world itself."""
    if tok.lower_ == "irl":
        return True
    if tok.dep_ != "prep" or tok.lower_ != "in":
        return False
    for place in tok.children:
        real = any(c.dep_ == "amod" and c.lower_ == "real" for c in place.children)
        if place.dep_ == "pobj" and (place.lower_ == "reality" or real and place.lower_ in ("life", "world")):
            return True
    return False


def _fronted(prep: Any) -> bool:
    """A scene set before the verb it hangs on, or on a word that is no verb (a fragment's noun, "Spoiler:")."""
    return prep.i < prep.head.i or prep.head.pos_ not in ("VERB", "AUX")


def _a_work(prep: Any) -> bool:
    """ "in the film", "in my dream", "in season two", "in the mock trial": a scene in a work's or a made-up
    world."""
    if prep.dep_ != "prep" or prep.lower_ not in ("in", "for"):
        return False
    if prep.lower_ == "for":  # "For this exercise, I'm a pilot": what the speaker plays along with, set first
        return prep.i < prep.head.i and any(_pretence(w) for w in prep.children)
    for work in prep.children:
        lemma = lemmatise(work.lower_, "NOUN")
        determined = any(c.dep_ in ("det", "poss") for c in work.children)
        one = work.tag_ != "NNS"  # "starred in his first three films" is a career, not a world
        # "in her third season at Ferrol Rovers" is a player's career, not a series' world
        mine = lemma == "season" and any(c.dep_ == "poss" for c in work.children)
        unreal = any(c.dep_ == "amod" and c.lower_ in _UNREAL for c in work.children)
        a_work = lemma in _WORKS and (determined or lemma in _BARE_WORKS)
        if work.dep_ == "pobj" and one and not mine and (a_work or unreal):
            return True
    return False


def _pretence(work: Any) -> bool:
    """ "this exercise", "the roleplay", "our scenario": a made-up frame named with its determiner, so that "for
    example" or "for work" is none."""
    # the parse may hang the determiner on a compound's first part ("this" on "role" in "this role-play")
    determined = any(c.dep_ in ("det", "poss") for c in work.doc[work.left_edge.i : work.i])
    # a compound said in parts ("role - play") is one word
    joined = "".join(t.lower_ for t in work.doc[work.left_edge.i : work.i + 1] if t.dep_ in ("compound", "punct"))
    lemma = lemmatise(work.lower_, "NOUN")
    # "my practice" is a business, "the interview practice" a rehearsal
    mine = lemma == "practice" and any(c.dep_ == "poss" for c in work.children)
    named = lemma in _PRETENCES or joined + lemma in _PRETENCES
    return work.dep_ == "pobj" and determined and named and not mine


def _a_past_stage(prep: Any) -> bool:
    """ "in his youth", "in her teens", "as a child": a scene in a stage of life."""
    stages = _PAST_STAGES.get(prep.lower_)
    if prep.dep_ != "prep" or stages is None or any(c.lower_ in ("now", "still") for c in prep.children):
        return False  # "now in her teens" is the present
    return any(w.dep_ == "pobj" and {w.lower_, lemmatise(w.lower_, "NOUN")} & stages for w in prep.children)
