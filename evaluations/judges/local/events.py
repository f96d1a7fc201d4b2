"""What happened to what: the checks that find a claim whose words are all in the transcript but
bound to the wrong thing, or reversed.

Word matching accepts "the agent applied the cancellation fee" when the agent said "I've waived
the cancellation fee": every content word is there. These checks read the transcript *sentence by
sentence* and compare what the claim says happened with what the matching sentences say:

1. Polarity: the claim states an event plainly, while the sentences about the same thing negate it
   or undo it (not, no longer, waived, declined, cancelled, reversed).
2. Offered versus done: the claim says an action was done, while the transcript only offers it
   (can, could, would you like, an option) and the other party turns it down.
3. Value binding: a value the claim states is said in the transcript, but about something else,
   while the thing the claim binds it to is given another value ("3 replacement cards" against
   "2 to 3 business days"; "$30 refund" where the refund is $45 and $30 is the balance).
4. Superseded values: the value was said, then corrected or changed later in the conversation.
5. Entity substitution: one sentence states the claim with one noun replaced by another that the
   conversation uses for something else ("the router was missing" where the modem was).

Every cue list is a closed class of the language (negations, undoing verbs, modals, correction
markers: `evaluations.judges.languages`), not words taken from any conversation.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from functools import cached_property

from evaluations.judges.local.decompose import is_past_verb, split_sentences
from evaluations.judges.local.transcript import TranscriptIndex, Turn
from evaluations.judges.text import (
    Fact,
    content_stems,
    current_reading,
    extract_facts,
    fact_matches,
    negation_words,
    says_phrase,
    stem,
    stopwords,
    words,
)

# "I'd love to, but ...": a reply that grants the wish before turning it down.
_WISH_BUT = re.compile(r"\b(?:love to|wish I could|would if I could)\s*,?\s+but\b", re.I)

# English subject pronouns that stand for a claim's subject ("She's allergic to roses").
_SUBJECT_PRONOUNS = frozenset({"he", "she", "it", "they", "we", "i"})

# Value kinds a claim binds to a thing; ids and phone numbers name themselves.
BOUND_KINDS = frozenset({"money", "date", "time", "number"})


@dataclass(frozen=True)
class Sentence:
    turn: Turn
    position: int  # the turn's position in the transcript
    order: int  # the sentence's position in the whole transcript
    text: str
    tokens: tuple[str, ...]
    stems: tuple[str, ...]  # stem per token, aligned with tokens
    content: frozenset[str]
    facts: tuple[Fact, ...]


@dataclass(frozen=True)
class Finding:
    message: str
    turns: tuple[int, ...]
    # The values said instead, when the finding is about one value of the claim: then only a
    # transcript fact holding one of them is stated wrongly, not its whole turn.
    values: tuple[str, ...] = ()


class Cues:
    """The closed-class cues of the language being read, as stems."""

    def __init__(self) -> None:
        language = current_reading().language
        self.negations = frozenset(negation_words())
        self.reversals = frozenset(stem(w) for w in language.reversals)
        self.corrections = frozenset(stem(w) for w in language.corrections)
        self.irrealis = frozenset(w.lower() for w in language.irrealis)
        self.reversal_words = frozenset(w.lower() for w in language.reversals)
        self.breaks = language.clause_breaks
        self.determiners = language.determiners
        self.particles = language.particles
        self.preferences = frozenset(stem(w) for w in language.preferences)
        self.alternatives = language.alternatives
        self.troubles = frozenset(stem(w) for w in language.troubles)
        self.defaults = frozenset(w.lower() for w in language.defaults)
        self.contrasts = frozenset(w.lower() for w in language.contrasts)
        self.qualifiers = frozenset(stem(w) for w in language.qualifiers)
        self.qualifier_words = frozenset(w.lower() for w in language.qualifiers)
        # Romance languages put most adjectives after the noun ("el precio nuevo").
        self.postposed_adjectives = language.code in {"es", "fr", "it", "pt"}
        self.changes = frozenset(w.lower() for w in language.changes)
        self.change_from = frozenset(language.change_from)
        self.change_to = frozenset(language.change_to)
        self.restrictives = frozenset(w.lower() for w in language.restrictives)
        self.conditionals = language.conditionals
        self.regrets = language.regrets
        self.value_labels = frozenset(stem(w) for w in language.value_labels)
        self.replacing = tuple(w.lower() for w in language.replacing)
        self.privatives = frozenset(w.lower() for w in language.privatives)
        self.privative_endings = tuple(w.lower() for w in language.privative_endings)
        self.removals = {stem(verb): particle for verb, particle in language.removals}
        # Without option words, the English "or": an empty alternation would split at spaces.
        self.options = language.option_words or ("or",)
        self.and_words = language.and_words
        # A plural after a preposition is a noun too ("allergic to tulips").
        self.noun_prepositions = (
            frozenset({"to", "of", "for", "with", "about"})
            if language.code == "en"
            else frozenset()
        )


class EventChecks:
    """Sentence-level checks over one transcript; build once per transcript."""

    # A claim is read as reversed only where a sentence holds 70% of it: looser, a procedure's
    # steps meet a sentence that negates one of them ("couldn't drain") and read as reversed.
    POLARITY_SHARE = 0.7

    def __init__(self, index: TranscriptIndex, weight: dict[str, float], unseen: float):
        self.index = index
        self._weight = weight
        self._unseen = unseen

    @cached_property
    def cues(self) -> Cues:
        return Cues()

    @cached_property
    def sentences(self) -> list[Sentence]:
        found: list[Sentence] = []
        for position, turn in enumerate(self.index.turns):
            # Dates said relative to another date ("the day before", "la veille") are the
            # transcript index's, per turn: each goes to the sentence that says it.
            own_facts = set(extract_facts(turn.text))
            around = [f for f in turn.facts if f.relative and f not in own_facts]
            for text in split_sentences(turn.text) or [turn.text]:
                tokens = tuple(words(text))
                found.append(
                    Sentence(
                        turn=turn,
                        position=position,
                        order=len(found),
                        text=text,
                        tokens=tokens,
                        stems=tuple(stem(t) for t in tokens),
                        content=frozenset(content_stems(text)),
                        facts=tuple(extract_facts(text))
                        + tuple(f for f in around if f.surface.lower() in text.lower()),
                    )
                )
        return found

    @cached_property
    def answers(self) -> list[Sentence]:
        """Each answer to a question read with its question ("And the taxi, $48?" "Taxis aren't
        covered."): the answer's words, with the question's things and values."""
        paired = []
        for question, answer in zip(self.sentences, self.sentences[1:], strict=False):
            if (
                question.text.rstrip().endswith("?")
                and answer.turn.speaker != question.turn.speaker
            ):
                paired.append(
                    Sentence(
                        turn=answer.turn,
                        position=answer.position,
                        order=answer.order,
                        text=answer.text,
                        tokens=answer.tokens,
                        stems=answer.stems,
                        content=answer.content | question.content,
                        facts=answer.facts + question.facts,
                    )
                )
        return paired

    def weight(self, word_stem: str) -> float:
        return self._weight.get(word_stem, self._unseen)

    # --- shared pieces ---------------------------------------------------------------------------

    def _content(self, point: str, ignore: frozenset[str]) -> set[str]:
        value_words = {stem(w) for fact in extract_facts(point) for w in words(fact.surface)}
        return {
            s
            for s in content_stems(point)
            if s not in ignore and s not in value_words and not re.search(r"\d", s)
        }

    def _share(self, content: set[str], sentence: Sentence) -> float:
        total = math.fsum(self.weight(s) for s in content)
        if not total:
            return 0.0
        return math.fsum(self.weight(s) for s in content & sentence.content) / total

    def _claim_share(self, content: set[str], values: list[Fact], sentence: Sentence) -> float:
        """The weighted share of the claim's words and values a sentence states; a value weighs
        as much as the rarest word."""
        total = math.fsum(self.weight(s) for s in content) + self._unseen * len(values)
        if not total:
            return 0.0
        stated = sum(any(_same_value(v, f) for f in sentence.facts) for v in values)
        covered = math.fsum(self.weight(s) for s in content & sentence.content)
        return (covered + self._unseen * stated) / total

    def _claim_part(self, sentence: Sentence, content: set[str], values: list[Fact]) -> str:
        """The parts of a sentence (split at ";", ":" and dashes) that say most of the claim: a
        negation in another part is about something else ("I can't cancel tickets here; you'll
        need to appeal it": the appeal is not negated)."""
        parts = [p for p in re.split(r"[;:—–]|\s-\s", sentence.text) if words(p)]
        if len(parts) < 2:
            return sentence.text
        total = math.fsum(self.weight(s) for s in content) + self._unseen * len(values)
        scored = []
        for part in parts:
            facts = extract_facts(part)
            stated = sum(any(_same_value(v, f) for f in facts) for v in values)
            covered = math.fsum(self.weight(s) for s in content & set(content_stems(part)))
            scored.append(((covered + self._unseen * stated) / total if total else 0.0, part))
        best = max(share for share, _ in scored)
        return "; ".join(part for share, part in scored if share >= best - 1e-9)

    def _negative(self, sentence: Sentence, anchors: set[str]) -> bool:
        return self._negative_text(sentence.text, anchors)

    def _negative_text(self, text: str, anchors: set[str]) -> bool:
        """A sentence negates or undoes what it says about `anchors`: a negation or an undoing
        verb ("waived", "declined") whose reach, up to the end of its clause or six words, ends
        on one of the claim's words ("I've waived | the late fee"; "we won't charge the fee").
        A "No," that answers a question negates nothing after it."""
        for clause in re.split(r"[,;:—–]|\s-\s", text):
            tokens = words(clause)
            if not tokens:
                continue
            if self._set_aside(tokens) & anchors:
                return True
            first = 1 if tokens[0] in self.cues.negations and re.match(r"\s*\w+\s*$", clause) else 0
            for position, token in enumerate(tokens):
                is_cue = (
                    token in self.cues.negations
                    or token.endswith("n't")
                    or self._undoes(tokens, position)
                )
                if not is_cue or position < first:
                    continue
                # What it is about: the claim's thing or action right after it ("waived | the
                # fee", "did not | go through"), or, for an undoing verb in the passive, the
                # thing just before it ("the fee | was waived").
                reach = self._reach(tokens[position + 1 : position + 7])
                if reach & anchors:
                    return True
                head = self._head(tokens[position + 1 : position + 7])
                if self._undoes(tokens, position) and head is None:
                    before = self._head(
                        tokens[max(first, position - 4) : position][::-1], nearest=True
                    )
                    if before is not None and before in anchors:
                        return True
        return False

    def _set_aside(self, tokens: list[str]) -> set[str]:
        """What an alternative phrase puts aside: the word right after "instead of", "rather
        than", "en lugar de" ("instead of cancelling, I can freeze it": cancelling)."""
        text = " ".join(tokens)
        aside: set[str] = set()
        for phrase in self.cues.alternatives:
            for match in re.finditer(rf"(?:^| ){re.escape(phrase)} (\S+)", text):
                aside.add(stem(match.group(1)))
        return aside

    def _reach(self, following: list[str]) -> set[str]:
        """What a cue governs: the word right after it when that is a content word ("no
        fasting"), and the last content word before a clause break ("did not go through",
        "waived the late fee"; "no charge | with two-day delivery")."""
        reached = set()
        if following and content_stems(following[0]):
            reached.add(stem(following[0]))
            # ... and the object of a negated verb ("doesn't permit | drones").
            for token in following[1:3]:
                if token in self.cues.breaks:
                    break
                if content_stems(token):
                    reached.add(stem(token))
                    break
        head = self._head(following)
        if head is not None:
            reached.add(head)
        return reached

    def _head(self, reach: list[str], *, nearest: bool = False) -> str | None:
        """The last content word before a clause break: the thing a cue is about; with
        `nearest`, the first (for the words before a cue, given in reverse)."""
        head = None
        for token in reach:
            if token in self.cues.breaks:
                break
            word_stem = stem(token)
            if content_stems(token) and not re.search(r"\d", word_stem):
                head = word_stem
                if nearest:
                    break
        return head

    def _point_negative(self, point: str) -> bool:
        tokens = words(point)
        return (
            any(self._undoes(tokens, i) for i in range(len(tokens)))
            or any(t in self.cues.negations or t.endswith("n't") for t in tokens)
            or any(self._prefix_negated(t) for t in tokens)
            or any(self._privative(t) for t in tokens)
            or any(
                re.search(rf"\w-{re.escape(ending)}\b", point, re.I)
                for ending in self.cues.privative_endings
            )
        )

    def _privative(self, token: str) -> bool:
        """A word saying "without" ("free", "gratis") or ending so ("gebührenfrei", "feefree",
        "kostenlos"), on a word the conversation uses ("Gebühr", "fee")."""
        if token in self.cues.privatives:
            return True
        for ending in self.cues.privative_endings:
            base = token[: -len(ending)].rstrip("n-")
            if token.endswith(ending) and len(base) >= 3 and stem(base) in self.index.vocabulary:
                return True
        return False

    def _prefix_negated(self, token: str) -> bool:
        """An English word negated by its prefix whose base the conversation uses
        ("unaffected": "don't affect")."""
        if current_reading().language.code != "en" or not token.startswith("un"):
            return False
        base = token[2:]
        return (
            len(base) >= 4
            and stem(base) in self.index.vocabulary.stems
            and stem(token) not in self.index.vocabulary.stems
        )

    def _undoing_stems(self, point: str) -> set[str]:
        """The undoing verbs of a claim that has no negation of its own ("cancelled the fee")."""
        tokens = words(point)
        if any(t in self.cues.negations or t.endswith("n't") for t in tokens):
            return set()
        return {stem(tokens[i]) for i in range(len(tokens)) if self._undoes(tokens, i)}

    def _negates(self, text: str, verbs: set[str]) -> bool:
        """A negation whose next three words, in its clause, hold one of `verbs` ("I can't
        cancel", "we won't be able to waive")."""
        for clause in re.split(r"[,;:—–]|\s-\s", text):
            tokens = words(clause)
            for position, token in enumerate(tokens):
                negation = token in self.cues.negations or token.endswith("n't")
                if negation and {stem(t) for t in tokens[position + 1 : position + 4]} & verbs:
                    return True
        return False

    def _undoes(self, tokens: list[str], position: int) -> bool:
        """An undoing verb, not part of a phrasal verb ("dropped off the bike"), or a verb
        undoing with a particle after its object ("taken the $45 fee off")."""
        particle = self.cues.removals.get(stem(tokens[position]))
        if particle is not None and particle in tokens[position + 1 : position + 6]:
            return True
        if tokens[position] not in self.cues.reversal_words:
            return False
        following = tokens[position + 1] if position + 1 < len(tokens) else ""
        return following not in self.cues.particles

    # 1 and 2. polarity, offered versus done -----------------------------------------------------

    def polarity(self, point: str, ignore: frozenset[str]) -> Finding | None:
        """A plainly stated claim whose matching sentences say the opposite.

        1. The claim's content (without the reporting words, the speakers and its values).
        2. The sentences that hold most of it (at least 60% of its weight, and 75% of the best).
        3. If the claim is positive and the *last* of those sentences negates or undoes it
           (a later sentence can restore it: "I removed it... I've added it back"), it is
           reversed. If the claim states a done action and every matching sentence only offers it
           and the other party then turns it down, it was offered, not done.
        """
        # The claim's verb is often the very word that differs ("applied" against "waived"):
        # only words the transcript uses, and the claim's values, say which sentences it is about.
        content = {s for s in self._content(point, ignore) if s in self.index.vocabulary.stems}
        values = extract_facts(point)
        if len(content) + len(values) < 2:
            return None
        scored = [(self._claim_share(content, values, s), s) for s in self.sentences]
        best = max((share for share, _ in scored), default=0.0)
        if best < self.POLARITY_SHARE:
            # The claim may join a question and its answer; only a negated answer is read so.
            paired = [(self._claim_share(content, values, s), s) for s in self.answers]
            share, answer = max(paired, key=lambda p: p[0], default=(0.0, None))
            if answer is None or share < self.POLARITY_SHARE or self._point_negative(point):
                return None
            if self._negative_text(answer.text, content):
                return _quoting(f"turn {answer.turn.index} answers the opposite", answer)
            return None
        matching = [s for share, s in scored if share >= 0.75 * best and share >= 0.6]
        last = max(matching, key=lambda s: s.order)
        # The claim's words are a question's ("Is the final cleaning included?"): its answer
        # says whether it holds ("No, it isn't included").
        answer = next((a for a in self.answers if a.order == last.order + 1), None)
        if (
            answer is not None
            and last.text.rstrip().endswith("?")
            and not self._point_negative(point)
            and self._negative_text(answer.text, content)
        ):
            return _quoting(f"turn {answer.turn.index} answers the opposite", answer)
        if self._point_negative(point):
            # "The agent cancelled the membership" where the last word on it is "instead of
            # cancelling, I can freeze it": the undoing was set aside for something else.
            if self._set_aside(list(last.tokens)) & content:
                return _quoting(f"turn {last.turn.index} sets it aside for something else", last)
            # "The agent cancelled the ticket" where the last word on it is "I can't cancel
            # tickets": the undoing itself is negated.
            undoing = self._undoing_stems(point)
            if undoing and self._negates(self._claim_part(last, content, values), undoing):
                return _quoting(f"turn {last.turn.index} says the opposite", last)
            # ... or in the other party's reply right after it ("There's a box that shipped
            # yesterday." "I can't stop it.").
            if undoing and last.order + 1 < len(self.sentences):
                reply = self.sentences[last.order + 1]
                if reply.turn.speaker != last.turn.speaker and self._negates(reply.text, undoing):
                    return _quoting(f"turn {reply.turn.index} says the opposite", reply)
            return None
        part = self._claim_part(last, content, values)
        # "credited the full extra usage" against "credited half of the extra usage": a whole
        # said where the sentence says a part, or the reverse (closed classes of quantity).
        claim_amount, said_amount = _extent(words(point)), _extent(words(part))
        if claim_amount and said_amount and claim_amount != said_amount:
            return _quoting(f"turn {last.turn.index} says {said_amount}, not {claim_amount}", last)
        negative = self._negative_text(part, content)
        if negative and not self._anchored_elsewhere(point, last, matching):
            return _quoting(f"turn {last.turn.index} says the opposite", last)
        # A later sentence of the other party says the claim's amount or date again and undoes
        # it ("a $45 overrun charge on my invoice" ... "I've taken the $45 overrun off the
        # invoice"): the claim's own verb may be the word it does not repeat.
        undone = self._undone_later(last, content, values)
        if not negative and undone is not None:
            return _quoting(f"turn {undone.turn.index} says the opposite", undone)
        # The event's own values (a date, an amount) say which sentences can be its source:
        # "rebooked for November 24" comes from where November 24 is said.
        own = [v for v in values if v.kind not in {"number"}]
        sources = [
            s for s in matching if all(any(_same_value(v, f) for f in s.facts) for v in own)
        ] or matching
        # "If they agree, you'll get the €40 back": a condition is no deed.
        if _states_done(point, self.cues) and own and all(self._conditional(s) for s in sources):
            return _quoting(
                f"turn {sources[-1].turn.index} says it only on a condition", sources[-1]
            )
        # A claim that says the offer was turned down ("preferred this to prepaying the whole
        # year") reports the refusal, not a deed.
        prefers = {stem(t) for t in words(point)} & self.cues.preferences
        if (
            _states_done(point, self.cues)
            and not prefers
            and all(self._proposed(s, self._values_part(s, own)) for s in sources)
        ):
            refusal = self._refusal_after(max(sources, key=lambda s: s.order))
            # "Done, F12 is listed for resale": the offering party says it is done after all.
            if refusal is not None and self._done_after(refusal, sources[0], content, own):
                refusal = None
            # "No, I'd rather just return them": the answer turns down another option and takes
            # the claim's own thing.
            if refusal is not None and not self._prefers_claim(refusal, content):
                return Finding(
                    f"it was only offered (turn {sources[0].turn.index}: "
                    f'"{_clip(sources[0].text)}"), and turn {refusal.turn.index} turns it '
                    f'down: "{_clip(refusal.text)}"',
                    (sources[0].turn.index, refusal.turn.index),
                )
            chosen = self._other_option_chosen(max(sources, key=lambda s: s.order), content)
            if chosen is not None:
                return Finding(
                    f"it was one of two options (turn {sources[0].turn.index}: "
                    f'"{_clip(sources[0].text)}"), and turn {chosen.turn.index} chose the other: '
                    f'"{_clip(chosen.text)}"',
                    (sources[0].turn.index, chosen.turn.index),
                )
        return None

    def _undone_later(
        self, last: Sentence, content: set[str], values: list[Fact]
    ) -> Sentence | None:
        own = [v for v in values if v.kind in {"money", "date", "time", "id"}]
        if not own:
            return None
        for sentence in self.sentences[last.order + 1 :]:
            if (
                sentence.turn.speaker != last.turn.speaker
                and all(any(_same_value(v, f) for f in sentence.facts) for v in own)
                and self._claim_share(content, values, sentence) >= 0.5
                and self._negative_text(self._claim_part(sentence, content, values), content)
            ):
                return sentence
        return None

    def _conditional(self, sentence: Sentence) -> bool:
        """A sentence that opens with a condition ("If ...", "Als ...", "Wenn ...")."""
        return bool(sentence.tokens) and sentence.tokens[0] in self.cues.conditionals

    def _other_option_chosen(self, offer: Sentence, claim: set[str]) -> Sentence | None:
        """An offer of two options ("I could send an exchange unit, or refund you") whose answer
        opens with the words of the option the claim does not name ("A refund, please.")."""
        parts = re.split(rf"\s(?:{'|'.join(self.cues.options)})\s", offer.text, maxsplit=1)
        reply_order = self._next_other(offer)
        if len(parts) != 2 or reply_order is None:
            return None
        first, second = (set(content_stems(part)) for part in parts)
        reply = self.sentences[reply_order]
        opening = set(content_stems(re.split(r"[,;:.!?]", reply.text, maxsplit=1)[0]))
        for claimed, other in ((first - second, second - first), (second - first, first - second)):
            if claim & claimed and not claim & other and opening & other and not opening & claimed:
                return reply
        return None

    def _anchored_elsewhere(self, point: str, negative: Sentence, matching: list[Sentence]) -> bool:
        """The claim's values are stated by an earlier positive sentence and not by the negating
        one: the claim reports that earlier event ("created on December 3"), which a later
        sentence undoing the thing does not make false."""
        values = [f for f in extract_facts(point) if f.kind != "number"]
        if not values:
            return False

        def states_all(sentence: Sentence) -> bool:
            return all(
                any(f.kind == v.kind and f.value == v.value for f in sentence.facts) for v in values
            )

        # The earlier sentence must state the event, not only ask about the thing ("And the
        # taxi, $48?" anchors nothing that "Taxis aren't covered" could leave standing).
        return not states_all(negative) and any(
            states_all(s) and not s.text.rstrip().endswith("?")
            for s in self.sentences
            if s.order < negative.order
        )

    def _offer(self, sentence: Sentence, part: str | None = None) -> bool:
        tokens = set(sentence.tokens if part is None else words(part))
        if tokens & {"i've", "we've", "done", "already"}:
            return False
        # A question offers something only in an offer's words ("Would you like...?", "Could
        # you...?"); "Did you open the door?" asks about a fact, and "No" answers it.
        return bool(tokens & self.cues.irrealis)

    def _values_part(self, sentence: Sentence, values: list[Fact]) -> str | None:
        """The coordinated clause of a sentence that says all of the claim's values ("I paid
        the fee of $50 on March 3 | and I'd like a cheaper option"), or None when there is
        no such single clause: an offer word in another clause offers something else."""
        if not values:
            return None
        joiners = [*self.cues.contrasts, *self.cues.and_words]
        if not joiners:
            return None
        parts = re.split(rf"\s(?:{'|'.join(map(re.escape, joiners))})\s", sentence.text)
        holding = [
            p
            for p in parts
            if all(any(_same_value(v, f) for f in extract_facts(p)) for v in values)
        ]
        return holding[0] if len(parts) > 1 and len(holding) == 1 else None

    def _prefers_claim(self, reply: Sentence, content: set[str]) -> bool:
        """Whether a reply prefers the claim's own thing ("I'd rather just return them"), and
        names nothing the claim does not ("I'd rather keep the standard seats" names another)."""
        stems = {stem(t) for t in reply.tokens}
        choosing = bool(stems & self.cues.preferences or set(reply.tokens) & self.cues.restrictives)
        named = reply.content - self.cues.preferences - {stem(w) for w in self.cues.restrictives}
        return choosing and bool(named & content) and not named - content

    def _proposed(self, sentence: Sentence, part: str | None = None) -> bool:
        """An offer in its words, or a proposal by its answer: the other party turns down the
        very thing it named ("I have Thursday the 12th at 3:15." "Thursday's no good.")."""
        if self._offer(sentence, part):
            return True
        # A question in no offer's words asks about a fact ("Will I lose my streak?"): "No"
        # answers it and turns nothing down.
        if sentence.text.rstrip().endswith("?"):
            return False
        # A report of what happened ("The pass started on the 4th") proposes nothing.
        if any(is_past_verb(t) for t in sentence.tokens) or sentence.tokens[:1] == ("no",):
            return False
        refusal = self._refusal_after(sentence)
        if refusal is None or refusal.order != self._next_other(sentence):
            return False
        # The answer opens by turning it down: the negation is in its first clause.
        opening = set(words(re.split(r"[,;:.!?]", refusal.text, maxsplit=1)[0]))
        prefers_opening = bool({stem(t) for t in opening} & self.cues.preferences)
        if not (
            opening & self.cues.negations
            or any(t.endswith("n't") for t in opening)
            or prefers_opening
        ):
            return False
        # It names what it turns down, or prefers otherwise right after it ("Seat 14C is $45."
        # "I'd rather not pay for it.").
        prefers = bool({stem(t) for t in refusal.tokens} & self.cues.preferences)
        return bool(
            (refusal.content & sentence.content)
            or any(_same_value(f, g) for f in refusal.facts for g in sentence.facts)
            or (prefers and refusal.order == sentence.order + 1)
        )

    def _next_other(self, sentence: Sentence) -> int | None:
        """The order of the first sentence of the next turn by someone else."""
        for later in self.sentences[sentence.order + 1 :]:
            if later.turn.speaker != sentence.turn.speaker:
                return later.order
        return None

    def _done_after(
        self, refusal: Sentence, offer: Sentence, content: set[str], own: list[Fact]
    ) -> bool:
        """Whether the offering party, right after the answer, states the claim's thing as
        done: its values (at least one), a word of the claim, and no offer word."""
        if not own:
            return False
        for sentence in self.sentences[refusal.order + 1 : refusal.order + 3]:
            if (
                sentence.turn.speaker == offer.turn.speaker
                and all(any(_same_value(v, f) for f in sentence.facts) for v in own)
                and set(sentence.stems) & content
                and not self._offer(sentence)
            ):
                return True
        return False

    def _refusal_after(self, offer: Sentence) -> Sentence | None:
        """The other party's negative answer within the next two turns. A question later in
        the offer's own turn ("... on your panel log. Have you changed its battery?") is what
        the answer answers."""
        if any(
            s.turn is offer.turn and s.text.rstrip().endswith("?")
            for s in self.sentences[offer.order + 1 : offer.order + 4]
        ):
            return None
        for sentence in self.sentences[offer.order + 1 :]:
            if sentence.position > offer.position + 2:
                break
            if sentence.turn.speaker == offer.turn.speaker:
                continue
            tokens = set(sentence.tokens)
            if {stem(t) for t in tokens} & self.cues.troubles:
                continue  # "No problem", "Kein Problem": an agreement
            if tokens & self.cues.negations or any(t.endswith("n't") for t in tokens):
                return sentence
            if tokens & self.cues.regrets or _WISH_BUT.search(sentence.text):
                return sentence
            # A preference word used as a noun ("the off-peak pass") turns nothing down.
            verbs = {
                stem(t)
                for i, t in enumerate(sentence.tokens)
                if not (i and sentence.tokens[i - 1] in self.cues.determiners)
            }
            if verbs & (self.cues.reversals | self.cues.preferences):
                return sentence
        return None

    def negated_heads(self, point: str) -> set[str]:
        """What a negated claim negates: the first content word after each negation ("no
        fasting is needed": fasting)."""
        tokens = words(point)
        heads = set()
        for position, token in enumerate(tokens):
            if token in self.cues.negations or token.endswith("n't"):
                head = self._head(tokens[position + 1 : position + 7], nearest=True)
                if head is not None:
                    heads.add(head)
        return heads

    def negation_found(self, point: str) -> bool:
        """Whether what a negated claim negates is negated in some sentence of the transcript."""
        heads = self.negated_heads(point)
        return bool(heads) and any(self._negative(s, heads) for s in self.sentences)

    def conjuncts(self, point: str) -> list[str]:
        """The claim once per thing of a coordination of two noun phrases, each opened by a
        determiner: "the floor and the rug are covered" -> "the floor are covered", "the rug
        are covered" (the verb's number does not matter to the checks)."""
        determiners = "|".join(re.escape(d) for d in sorted(self.cues.determiners, key=len)[::-1])
        if not determiners:
            return []
        pattern = rf"\b((?:{determiners}) [\w'-]+(?: [\w'-]+)?) and ((?:{determiners}) [\w'-]+(?: [\w'-]+)?)\b"
        match = re.search(pattern, point, re.IGNORECASE)
        if match is None:
            return []
        before, after = point[: match.start()], point[match.end() :]
        return [before + match.group(1) + after, before + match.group(2) + after]

    # 3 and 4. values bound to their thing, superseded values -----------------------------------

    def binding(self, point: str, fact: Fact, ignore: frozenset[str]) -> Finding | None:
        """A value said about something else, or replaced later.

        The claim's words around the value say what it is about. Among the transcript's
        sentences stating a value of the same kind, the one sharing most of those words tells
        what that thing's value is. When that sentence states another value (one the claim does
        not state) and shares clearly more than any sentence stating the claimed value, the value
        is bound to the wrong thing. When the claimed value's own best sentence is as good but an
        equally good sentence later gives another value and announces a correction or a change,
        the value was superseded.
        """
        if fact.kind not in BOUND_KINDS and not _is_version(fact):
            return None
        context = self._context(point, fact, ignore)
        if not context:
            return None
        claimed_all = extract_facts(point)
        own: list[tuple[float, Sentence]] = []
        rivals: list[tuple[float, Sentence, Fact]] = []
        for sentence in self.sentences:
            share = self._share(context, sentence)
            for stated in sentence.facts:
                if _same_value(fact, stated):
                    own.append((share, sentence))
                elif (
                    _same_kind(fact, stated)
                    and not any(_same_value(c, stated) for c in claimed_all)
                    and not _loosely_relative(stated)
                ):
                    rivals.append((share, sentence, stated))
        rivals = [r for r in rivals if r[0] > 0]
        if not own:
            return None
        # A sentence stating the value denies the other one ("it's €45, not €90"): the other is
        # not what the claim's value is bound to instead.
        rivals = [r for r in rivals if not any(self._denies(s, r[2]) for _, s in own)]
        # ... or puts the claimed value in its place ("$68 instead of $55").
        rivals = [r for r in rivals if not any(self._replaces(s, r[2]) for _, s in own)]
        # ... or is the total of the parts the claim prices one by one ("two bottles at
        # €32.50 each" where the conversation also says "two bottles, €65").
        if per_unit(point):
            rivals = [r for r in rivals if not multiple_of(r[2], fact)]
        own_best = max(share for share, _ in own)
        rival_share, rival_sentence, rival = max(
            rivals, key=lambda r: (r[0], r[1].order), default=(0.0, own[0][1], fact)
        )
        if rival_share >= 0.5 and rival_share >= own_best + 0.34:
            return _quoting(
                f"'{fact.surface}' is said about something else; what the claim is about is "
                f"'{rival.surface}' in turn {rival_sentence.turn.index}",
                rival_sentence,
            )
        # Among the best, a sentence saying the value itself before one that derives it from
        # another date ("la veille"): the derived one restates, it does not restore.
        own_last = max(
            (s for share, s in own if share >= own_best - 0.01),
            key=lambda s: (not self._derives(s, fact) or own_best > 0, s.order),
        )
        # A later value of the same thing: its sentence says what the claimed value's sentence
        # said (at least 40% of its words), and announces a change.
        later = [
            (share, sentence, stated)
            for share, sentence, stated in rivals
            + [
                (0.0, s, f)
                for s in self.sentences
                for f in s.facts
                if _same_kind(fact, f)
                and not _loosely_relative(f)
                and not any(_same_value(c, f) for c in claimed_all)
            ]
            if sentence.order > own_last.order
            and (
                (
                    self._alike(own_last, sentence) >= 0.4
                    and (self._last_of_kind(own_last, fact) or self._share(context, sentence) > 0)
                )
                or self._corrects(own_last, sentence, fact)
                or self._corrected_by_other(own_last, sentence, fact)
                # ... or it is as much about the claim's thing as the claimed value's sentence
                # ("A new card reaches you in 5 to 7 days." ... "It'll arrive in 2 days instead.")
                or self._share(context, sentence) >= max(0.4, own_best - 0.2)
            )
            and (
                self._announces_change(sentence)
                or self._corrected_by_other(own_last, sentence, fact)
            )
        ]
        if later:
            _, sentence, stated = max(later, key=lambda r: r[1].order)
            return Finding(
                f"'{fact.surface}' was superseded: turn {sentence.turn.index} changes it to "
                f"'{stated.surface}': \"{_clip(sentence.text)}\"",
                (own_last.turn.index, sentence.turn.index),
            )
        return None

    def companion(
        self, point: str, fact: Fact, found: list[Fact], ignore: frozenset[str]
    ) -> Finding | None:
        """A value the claim ties to another of its values, where the conversation ties another
        one: "the Duo plan at $12.99 from July 1" when the turn saying $12.99 starts it on
        August 1, and July 1 is said only in turns about something else (a charge). All of:
        1. a companion value of another kind (an amount, a date, a time, an id) the claim also
           states, said in at most two turns, none of which says the claimed value;
        2. one of those turns says another value of the claimed value's kind (one the claim
           does not state);
        3. that turn shares more of the claim's words than any turn saying the claimed value,
           and at least one word the claimed value's turns lack."""
        if fact.kind not in {"money", "date", "time"} or _loosely_relative(fact):
            return None
        content = self._content(point, ignore)
        if not content:
            return None
        turns_of: dict[int, list[Sentence]] = {}
        for sentence in self.sentences:
            turns_of.setdefault(sentence.turn.index, []).append(sentence)
        own_turns = {
            index
            for index, sentences in turns_of.items()
            if any(_same_value(fact, f) for s in sentences for f in s.facts)
        }
        if not own_turns:
            return None

        def turn_content(index: int) -> set[str]:
            return set().union(*(s.content for s in turns_of[index]))

        def share(index: int) -> float:
            total = math.fsum(self.weight(s) for s in content)
            return math.fsum(self.weight(s) for s in content & turn_content(index)) / total

        own_words = set().union(*(turn_content(i) for i in own_turns)) & content
        own_best = max(share(i) for i in own_turns)
        for other in found:
            if other.kind == fact.kind or other.kind not in {"money", "date", "time", "id"}:
                continue
            # A claim giving two values of the companion's kind ("moved from April 9 to April
            # 14, 8 am") does not say which of them the value goes with.
            if _loosely_relative(other) or any(
                f.kind == other.kind and not _same_value(f, other) for f in found
            ):
                continue
            other_turns = {
                index
                for index, sentences in turns_of.items()
                if any(_same_value(other, f) for s in sentences for f in s.facts)
            }
            if other_turns & own_turns:
                finding = self._other_option(fact, other, found)
                if finding is not None:
                    return finding
                continue
            if not other_turns or len(other_turns) > 2:
                continue
            for index in sorted(other_turns):
                rivals = [
                    f
                    for s in turns_of[index]
                    for f in s.facts
                    if _same_kind(fact, f)
                    and not _loosely_relative(f)
                    and not any(_same_value(c, f) for c in [fact, *found])
                ]
                if (
                    rivals
                    and share(index) > own_best
                    and (turn_content(index) & content) - own_words
                ):
                    return Finding(
                        f"'{fact.surface}' is not what turn {index} gives with "
                        f"'{other.surface}': it says '{rivals[0].surface}': "
                        f'"{_clip(" ".join(s.text for s in turns_of[index]))}"',
                        (index,),
                        (rivals[0].surface,),
                    )
        return None

    def _denies(self, sentence: Sentence, fact: Fact) -> bool:
        """Whether a sentence says a value with a negation right before it ("not £100"); an
        answer's opening "No," negates nothing after it ("No, your 90-day streak stays")."""
        tokens = list(sentence.tokens)
        if (
            re.match(r"\s*\w+\s*[,.!]", sentence.text)
            and tokens[:1]
            and (tokens[0] in self.cues.negations)
        ):
            tokens[0] = ""
        for stated in sentence.facts:
            position = _find(tokens, words(stated.surface))
            if position is None or not _same_value(fact, stated):
                continue
            before = [
                t for t in tokens[max(0, position - 3) : position] if t not in self.cues.determiners
            ]
            if before and (before[-1] in self.cues.negations or before[-1].endswith("n't")):
                return True
        return False

    def governed(self, point: str, fact: Fact) -> Finding | None:
        """A value right after the claim's verb or noun ("refunded $39.99") where the
        conversation puts another value right after that word ("refunded the $25.00
        difference") and never the claimed one."""
        if fact.kind not in {"money", "date", "time"}:
            return None
        tokens = words(point)
        position = _find(tokens, words(fact.surface))
        if position is None:
            return None
        before = [
            t for t in tokens[max(0, position - 3) : position] if t not in self.cues.determiners
        ]
        if not before or not content_stems(before[-1]) or re.search(r"\d", before[-1]):
            return None
        head = stem(before[-1])
        if head not in self.index.vocabulary.stems:
            return None
        rivals: list[tuple[Sentence, Fact]] = []
        for sentence in self.sentences:
            sentence_tokens = list(sentence.tokens)
            for at, word_stem in enumerate(sentence.stems):
                if word_stem != head:
                    continue
                following = sentence_tokens[at + 1 : at + 4]
                for stated in sentence.facts:
                    start = _find(following, words(stated.surface))
                    if start is None or any(
                        t not in self.cues.determiners for t in following[:start]
                    ):
                        continue
                    if _same_value(fact, stated):
                        return None
                    if _same_kind(fact, stated):
                        rivals.append((sentence, stated))
        # The rival's sentence must be as much about the claim's thing as any sentence saying
        # the claimed value ("costs £20" of a porter says nothing of the locker's £29).
        context = self._content(point, frozenset())
        own_best = max(
            (
                self._share(context, s)
                for s in self.sentences
                if any(_same_value(fact, f) for f in s.facts)
            ),
            default=0.0,
        )
        # A sentence that gives the claimed amount as a multiple of the other ("kostet 189 Euro
        # pro Person, also 378 Euro für Sie beide") gives a total, not another value instead.
        rivals = [
            (s, f)
            for s, f in rivals
            if self._share(context, s) >= own_best
            and not (any(_same_value(fact, said) for said in s.facts) and multiple_of(fact, f))
            # ... nor is a total the claim gives the unit price of ("two bottles, €32.50 each").
            and not (per_unit(point) and multiple_of(f, fact))
        ]
        if not rivals:
            return None
        sentence, stated = rivals[-1]
        return _quoting(
            f"turn {sentence.turn.index} gives '{_surface(point, head)}' "
            f"'{stated.surface}', not '{fact.surface}'",
            sentence,
            stated,
        )

    def denied(self, point: str, fact: Fact) -> Finding | None:
        """A value the conversation's last word on denies in so many words ("so it's £75, not
        £100"; "su llegada es el 4 de agosto, no el 3"), stated by the claim as it is."""
        if fact.kind not in BOUND_KINDS or self._point_negative(point):
            return None
        last = None
        for sentence in self.sentences:
            if any(_same_value(fact, f) for f in sentence.facts):
                last = sentence
        if last is None or not self._denies(last, fact):
            return None
        stated = next(f for f in last.facts if _same_value(fact, f))
        return _quoting(f"turn {last.turn.index} says it is not '{stated.surface}'", last)

    def changed(self, point: str, fact: Fact, ignore: frozenset[str]) -> Finding | None:
        """A value the conversation changes in the same breath ("the estimate changed from
        $1,480 to $1,120"), given by the claim as the value, not as the old one."""
        if fact.kind not in BOUND_KINDS:
            return None
        tokens = words(point)
        position = _find(tokens, words(fact.surface))
        if position is None or set(tokens[max(0, position - 3) : position]) & (
            self.cues.change_from | {"first", "initially", "originally", "previously", "old"}
        ):
            return None
        context = self._context(point, fact, ignore)
        claimed_all = extract_facts(point)
        for sentence in self.sentences:
            if not set(sentence.tokens) & self.cues.changes or not self._share(context, sentence):
                continue
            old = _find(list(sentence.tokens), words(fact.surface))
            if (
                old is None
                or not set(sentence.tokens[max(0, old - 2) : old]) & self.cues.change_from
            ):
                continue
            for stated in sentence.facts:
                new = _find(list(sentence.tokens), words(stated.surface))
                if (
                    new is not None
                    and new > old
                    # "from 42 to 43": the pair itself says the two count the same thing.
                    and (_same_kind(fact, stated) or fact.kind == stated.kind == "number")
                    and not _same_value(fact, stated)
                    and not any(_same_value(c, stated) for c in claimed_all)
                    and set(sentence.tokens[max(old + 1, new - 2) : new]) & self.cues.change_to
                ):
                    return _quoting(
                        f"'{fact.surface}' is the old value: turn {sentence.turn.index} changes "
                        f"it to '{stated.surface}'",
                        sentence,
                        stated,
                    )
        return None

    def replaced(self, point: str, fact: Fact) -> Finding | None:
        """A value the conversation replaces by another in one breath ("so it'll be 68 € au
        lieu de 55 €", "$68 instead of $55"): the value right after "instead of" is the old
        one, the value of its kind just before it the new one. The claim gives the old one,
        and not the new one too. The speaker gave the old value in an earlier turn: a
        complaint ("I was charged $129 instead of $64.50") names what should have been."""
        if fact.kind not in BOUND_KINDS or not self.cues.replacing:
            return None
        claimed_all = extract_facts(point)
        for sentence in self.sentences:
            for old, new in self._replacements(sentence):
                if not _same_value(fact, old) or new.kind != fact.kind or _same_value(fact, new):
                    continue
                given_before = any(
                    earlier.turn.speaker == sentence.turn.speaker
                    and earlier.turn.index < sentence.turn.index
                    and any(_same_value(fact, f) for f in earlier.facts)
                    for earlier in self.sentences[: sentence.order]
                )
                if given_before and not any(_same_value(c, new) for c in claimed_all):
                    return _quoting(
                        f"'{fact.surface}' is the old value: turn {sentence.turn.index} gives "
                        f"'{new.surface}' in its place",
                        sentence,
                        new,
                    )
        return None

    def _replaces(self, sentence: Sentence, old: Fact) -> bool:
        """Whether the sentence says the value right after "instead of" ("$68 instead of $55")."""
        return any(_same_value(old, said) for said, _ in self._replacements(sentence))

    def _replacements(self, sentence: Sentence) -> list[tuple[Fact, Fact]]:
        """(old, new) for each "new instead of old" the sentence says: the value right after
        the phrase, and the last value of its kind in the 40 characters before it."""
        found = []
        lowered = sentence.text.lower()
        for phrase in self.cues.replacing:
            at = lowered.find(f"{phrase} ")
            if at < 0:
                continue
            after = extract_facts(sentence.text[at + len(phrase) : at + len(phrase) + 24])
            if not after:
                continue
            old = after[0]
            before = [
                f
                for f in extract_facts(sentence.text[max(0, at - 40) : at])
                if f.kind == old.kind and not _same_value(old, f)
            ]
            if before:
                found.append((old, before[-1]))
        return found

    def _option_parts(self, sentence: Sentence) -> tuple[list[str], bool]:
        """A sentence's options: its parts split at the word joining two options ("a 75 square
        foot unit at $139, or a 100 square foot one at $165"), else at semicolons; and whether
        the option word split it."""
        pattern = rf"\s(?:{'|'.join(map(re.escape, self.cues.options))})\s"
        parts = [p for p in re.split(pattern, sentence.text) if words(p)]
        if len(parts) > 1:
            return parts, True
        return [p for p in sentence.text.split(";") if words(p)], False

    def _other_option(self, fact: Fact, other: Fact, found: list[Fact]) -> Finding | None:
        """The claim ties a value to another (C-204 at $165) that a sentence offers as a
        different option (C-204 at $139, or another unit at $165)."""
        verdict = None
        for sentence in self.sentences:
            if not (
                any(_same_value(fact, f) for f in sentence.facts)
                and any(_same_value(other, f) for f in sentence.facts)
            ):
                continue
            parts, _ = self._option_parts(sentence)
            facts_of = [extract_facts(p) for p in parts]
            own = [i for i, fs in enumerate(facts_of) if any(_same_value(fact, f) for f in fs)]
            mate = [i for i, fs in enumerate(facts_of) if any(_same_value(other, f) for f in fs)]
            if set(own) & set(mate):
                return None  # said together somewhere: the pair is the conversation's
            rivals = [
                f
                for i in mate
                for f in facts_of[i]
                if _same_kind(fact, f) and not any(_same_value(c, f) for c in [fact, *found])
            ]
            if len(own) == 1 and rivals and verdict is None:
                verdict = Finding(
                    f"'{fact.surface}' goes with another option: turn {sentence.turn.index} "
                    f"gives '{other.surface}' with '{rivals[0].surface}': "
                    f'"{_clip(sentence.text)}"',
                    (sentence.turn.index,),
                    (rivals[0].surface,),
                )
        return verdict

    def unchosen(self, point: str, fact: Fact) -> Finding | None:
        """A value of an option the other party did not take: every sentence saying it offers
        it beside another option, and the reply opens with the other one ("a 75 square foot
        unit, or a 100 square foot one" - "The 75 one is enough"; "a trolley for free; our crew
        costs $60 an hour" - "Just the trolley")."""
        if not _states_done(point, self.cues) or self._point_negative(point):
            return None
        # "jeudi 5 novembre": the date says which Thursday; the weekday is not the option's.
        if fact.kind == "weekday" and any(
            f.kind == "date" and fact_matches(fact, f) for f in extract_facts(point)
        ):
            return None
        stating = [s for s in self.sentences if any(_same_value(fact, f) for f in s.facts)]
        if not stating:
            return None
        reply = None
        for sentence in stating:
            parts, by_option = self._option_parts(sentence)
            own = [p for p in parts if any(_same_value(fact, f) for f in extract_facts(p))]
            reply_order = self._next_other(sentence)
            if len(parts) < 2 or len(own) != 1 or reply_order is None:
                return None
            reply = self.sentences[reply_order]
            opening = re.split(r"[,;:.!?]", reply.text, maxsplit=1)[0]
            if not by_option and not set(words(opening)) & self.cues.restrictives:
                return None
            if self._takes(opening, own[0], own[0]) or not any(
                self._takes(opening, p, own[0]) for p in parts if p is not own[0]
            ):
                return None
        assert reply is not None
        return Finding(
            f"'{fact.surface}' was one of the options, and turn {reply.turn.index} took "
            f'another: "{_clip(reply.text)}"',
            (stating[-1].turn.index, reply.turn.index),
        )

    @staticmethod
    def _takes(opening: str, part: str, own: str) -> bool:
        """Whether a reply's opening names an option: one of its values, or words of its own
        (for the claim's option `own` itself, only a value counts)."""
        values = extract_facts(opening)
        if any(
            v.kind == o.kind and v.value == o.value for v in extract_facts(part) for o in values
        ):
            return True
        distinct = set(content_stems(part)) - set(content_stems(own))
        return bool(set(content_stems(opening)) & distinct)

    def qualified(self, point: str, fact: Fact) -> Finding | None:
        """A value the claim gives a qualifier ("the new bill is £164.90") where the
        conversation gives the so-qualified thing another value ("your new bill is £118.40")
        and says the claimed one only without that qualifier: the old bill."""
        if fact.kind not in BOUND_KINDS:
            return None
        claim = self._qualifier_near(list(words(point)), fact)
        if claim is None:
            return None
        qualifier, nouns = claim
        surface = _surface(point, qualifier)
        same_qualified, other_qualified = [], []
        for sentence in self.sentences:
            for stated in sentence.facts:
                if not (_same_value(fact, stated) or _same_kind(fact, stated)):
                    continue
                near = self._qualifier_near(list(sentence.tokens), stated)
                if near is None or near[0] != qualifier or not near[1] & nouns:
                    continue
                if _same_value(fact, stated):
                    same_qualified.append(sentence)
                else:
                    other_qualified.append((sentence, stated))
        if same_qualified or not other_qualified:
            return None
        sentence, stated = other_qualified[-1]
        return _quoting(
            f"'{fact.surface}' is not the {surface} one: turn {sentence.turn.index} gives "
            f"'{stated.surface}'",
            sentence,
            stated,
        )

    def _qualifier_near(self, tokens: list[str], fact: Fact) -> tuple[str, set[str]] | None:
        """The qualifier among the four words before a value, with the content words between
        them and the value ("new | bill is"), or None."""
        value_tokens = words(fact.surface)
        if not value_tokens:
            return None
        for position in range(len(tokens)):
            if tokens[position : position + len(value_tokens)] != value_tokens:
                continue
            before = tokens[max(0, position - 4) : position]
            for offset, token in enumerate(before):
                if stem(token) in self.cues.qualifiers:
                    nouns = {
                        stem(t)
                        for t in before[offset + 1 :]
                        if content_stems(t) and stem(t) not in self.cues.qualifiers
                    }
                    if nouns:
                        return stem(token), nouns
        return None

    def undone_value(self, point: str, fact: Fact) -> Finding | None:
        """An amount the claim says was charged or paid, where every sentence that says it gives
        it as the rule and sets it aside ("Usually it's $10 a month, but ...") or undoes it
        right after ("... $10, but I can waive that")."""
        if fact.kind != "money" or not _states_done(point, self.cues):
            return None
        tokens = words(point)
        if self._point_negative(point) or set(tokens) & self.cues.defaults:
            return None
        stating = [s for s in self.sentences if any(_same_value(fact, f) for f in s.facts)]
        if not stating or not all(self._sets_aside_value(s, fact) for s in stating):
            return None
        last = stating[-1]
        return _quoting(
            f"'{fact.surface}' is not what applied: turn {last.turn.index} sets it aside", last
        )

    def _sets_aside_value(self, sentence: Sentence, fact: Fact) -> bool:
        tokens = list(sentence.tokens)
        value_tokens = words(fact.surface)
        position = next(
            (i for i in range(len(tokens)) if tokens[i : i + len(value_tokens)] == value_tokens),
            None,
        )
        if position is None:
            return False
        after = tokens[position + len(value_tokens) :]
        contrast = next((i for i, t in enumerate(after) if t in self.cues.contrasts), None)
        if contrast is None:
            return False
        if set(tokens[:position]) & self.cues.defaults:
            return True
        # An undoing verb after the contrast whose object is the value itself (a pronoun, or
        # nothing of its own): "but I can waive that"; not "but I can't waive it".
        rest = after[contrast + 1 :]
        for i in range(len(rest)):
            if not self._undoes(rest, i):
                continue
            if any(t in self.cues.negations or t.endswith("n't") for t in rest[max(0, i - 3) : i]):
                return False
            return self._head(rest[i + 1 : i + 7]) is None
        return False

    @staticmethod
    def _derives(sentence: Sentence, fact: Fact) -> bool:
        """Whether the sentence states the value only relative to another date."""
        return not any(
            _same_value(fact, f)
            for f in sentence.facts
            if not (f.relative and f.kind == "date" and not re.search(r"\d", f.surface))
        )

    def _corrects(self, own: Sentence, later: Sentence, fact: Fact) -> bool:
        """A correction right after the sentence that said the value (the next sentence or the
        one after), by the same speaker, corrects that sentence's last value of the kind ("...comes to $1,320. Sorry, let me
        correct that: it's $1,365."), whatever words it repeats."""
        between = self.sentences[own.order + 1 : later.order + 1]
        if between and between[0].turn.speaker != own.turn.speaker:
            return False
        if not 1 <= len(between) <= 2 or any(s.turn.speaker != own.turn.speaker for s in between):
            return False
        # The sentences between say no value of the kind ("Hang on, that's last year's list.").
        if any(_same_kind(fact, f) for s in between[:-1] for f in s.facts):
            return False
        return self._last_of_kind(own, fact)

    def _corrected_by_other(self, own: Sentence, later: Sentence, fact: Fact) -> bool:
        """A correction of the value in the exchange, taken up by the next sentence: "Seremos
        120." "Perfecto, 120 invitados." "Perdone, me he equivocado: son 135." "Lo cambio a 135
        invitados.". All of: a sentence soon after the value's (at most two sentences later,
        the others only repeating the value) announces a correction and says another value of
        its kind; the sentence right after it, by the other party, says that value again."""
        between = self.sentences[own.order + 1 : later.order]
        if not 1 <= len(between) <= 3 or not self._last_of_kind(own, fact):
            return False
        correction = between[-1]
        if correction.turn.speaker == later.turn.speaker or not self._announces_change(correction):
            return False
        if any(
            f.kind == fact.kind and not _same_value(fact, f) for s in between[:-1] for f in s.facts
        ):
            return False
        new_values = {f.value for f in correction.facts if f.kind == fact.kind} - {fact.value}
        return any(f.kind == fact.kind and f.value in new_values for f in later.facts)

    @staticmethod
    def _last_of_kind(sentence: Sentence, fact: Fact) -> bool:
        """Whether the claimed value is the sentence's last value of its kind: the one a
        correction that follows is about."""
        kind = [f for f in sentence.facts if _same_kind(fact, f) or _same_value(fact, f)]
        return bool(kind) and _same_value(fact, kind[-1])

    def _alike(self, first: Sentence, second: Sentence) -> float:
        """The weighted share of the first sentence's words that the second says."""
        words_of = {s for s in first.content if not re.search(r"\d", s)}
        total = math.fsum(self.weight(s) for s in words_of)
        if not total:
            return 0.0
        return math.fsum(self.weight(s) for s in words_of & second.content) / total

    def _context(self, point: str, fact: Fact, ignore: frozenset[str]) -> set[str]:
        """The claim's content words nearest the value (six words either side)."""
        tokens = words(point)
        value_tokens = words(fact.surface)
        position = next(
            (i for i in range(len(tokens)) if tokens[i : i + len(value_tokens)] == value_tokens),
            None,
        )
        if position is None:
            return set()
        near = (
            tokens[max(0, position - 6) : position]
            + tokens[position + len(value_tokens) : position + len(value_tokens) + 6]
        )
        content = self._content(" ".join(near), ignore)
        return content

    def _announces_change(self, sentence: Sentence) -> bool:
        """A correction or change marker in the sentence or the one before it, same turn. In
        the languages that put adjectives after their noun, an adjective among the markers
        ("novo", "nuevo") marks a changed value only after a determiner ("o novo total"); after
        its noun it is a new thing ("o redutor novo", a new regulator)."""
        sentences = [sentence]
        previous = self.sentences[sentence.order - 1] if sentence.order else None
        if previous is not None and previous.turn is sentence.turn:
            sentences.append(previous)
        for said in sentences:
            for position, word_stem in enumerate(said.stems):
                if word_stem not in self.cues.corrections:
                    continue
                if (
                    not self.cues.postposed_adjectives
                    or said.tokens[position] not in self.cues.qualifier_words
                    or (position and said.tokens[position - 1] in self.cues.determiners)
                ):
                    return True
        return False

    # 4b. a name bound to the wrong thing -----------------------------------------------------------

    def name_binding(self, point: str, ignore: frozenset[str]) -> Finding | None:
        """A person or thing named in the claim where the conversation names another: "the
        engineer will be Wen Liu" when the turn about the engineer names Marcus Dray and Wen Liu
        works in the other studio. Like `binding` for values, by clause: the claim's words
        around the name, among the clauses of the transcript (split at "but", "or" and ";"),
        are clearly more the words of a clause naming someone else than of any clause naming
        the claim's one. Not in German, which capitalises every noun."""
        if current_reading().language.code == "de":
            return None
        clauses = [
            (sentence, clause)
            for sentence in self.sentences
            for clause in self._contrast_clauses(sentence.text)
        ]
        for name, start, end in _inner_names(point):
            name_stems = {stem(w) for w in words(name)}
            if not name_stems <= self.index.vocabulary.stems or name_stems & ignore:
                continue
            tokens = words(point[:start])[-6:] + words(point[end:])[:6]
            context = {
                s
                for s in self._content(" ".join(tokens), ignore)
                if s not in self._claim_name_stems(point) and s not in self.cues.negations
            }
            if not context:
                continue
            own_best, rival = 0.0, None
            for sentence, clause in clauses:
                stems_named = [({stem(w) for w in words(n)}, n) for n in self._names_in(clause)]
                share = self._share(context, self._clause_sentence(sentence, clause))
                if any(name_stems & found for found, _ in stems_named):
                    own_best = max(own_best, share)
                    continue
                others = [
                    n
                    for found, n in stems_named
                    if not found & self._claim_name_stems(point) and not found & ignore
                ]
                if others and (rival is None or share > rival[0]):
                    rival = (share, sentence, _nearest_name(clause, others, context))
            if rival is not None and rival[0] >= 0.5 and rival[0] >= own_best + 0.34:
                share, sentence, other = rival
                return _quoting(
                    f"'{name}' is named for something else; turn {sentence.turn.index} names "
                    f"'{other}' for it",
                    sentence,
                )
        return None

    @cached_property
    def _known_names(self) -> frozenset[str]:
        """The stems of the names the transcript says inside its sentences."""
        return frozenset(
            stem(w)
            for s in self.sentences
            for name, _, _ in _inner_names(s.text)
            for w in words(name)
        )

    def _names_in(self, clause: str) -> list[str]:
        """A clause's names: those inside it, and a capitalised word opening it that the
        transcript names elsewhere ("Mara's next free consultation is ...")."""
        names = [name for name, _, _ in _inner_names(clause)]
        opening = re.match(r"\s*([A-Z][a-zà-ÿ]+)", clause)
        if (
            opening
            and stem(opening.group(1)) in self._known_names
            and opening.group(1) not in names
        ):
            names.insert(0, opening.group(1))
        return names

    def _contrast_clauses(self, text: str) -> list[str]:
        """A sentence's clauses at "but", "or" and semicolons: the options or contrasted things
        it names ("Saturdays with Coach Tamsin or Wednesdays with Coach Daniela")."""
        joiners = "|".join(
            re.escape(w)
            for w in sorted({*self.cues.contrasts, *self.cues.options}, key=len, reverse=True)
        )
        pattern = rf";|\s(?:{joiners})\s" if joiners else ";"
        return [part for part in re.split(pattern, text, flags=re.I) if part.strip()]

    @staticmethod
    def _clause_sentence(sentence: Sentence, clause: str) -> Sentence:
        if clause == sentence.text:
            return sentence
        return replace(sentence, content=frozenset(content_stems(clause)))

    @staticmethod
    def _claim_name_stems(point: str) -> set[str]:
        return {stem(w) for name, _, _ in _inner_names(point) for w in words(name)}

    # 5. entity substitution ----------------------------------------------------------------------

    def substitution(self, point: str, ignore: frozenset[str]) -> Finding | None:
        """One sentence says the claim with one word replaced: the claim's word is one the
        conversation uses elsewhere (so grounding finds it), and the sentence's word in its place
        is one the claim never uses. Only content words are aligned, so paraphrase that changes
        several words, or the order, is left to the other checks."""
        claim_stems = [s for s in content_stems(point) if s not in ignore]
        if len(claim_stems) < 3:
            return None
        best: tuple[float, Sentence, str, str] | None = None
        # The whole sentence too: a claim that keeps the sentence's commas ("seats 11 to 14, in
        # the upper circle, row C") is compared with all of it.
        clauses = [
            (sentence, clause)
            for sentence in self.sentences
            for clause in dict.fromkeys([*re.split(r"[,;:]", sentence.text), sentence.text])
        ]
        for sentence, clause in clauses:
            sentence_stems = [s for s in content_stems(clause) if s not in ignore]
            matcher = SequenceMatcher(a=claim_stems, b=sentence_stems, autojunk=False)
            opcodes = matcher.get_opcodes()
            equal = sum(i2 - i1 for op, i1, i2, _, _ in opcodes if op == "equal")
            # One or two claim words for one or two words of the clause ("kitchen" for "living
            # room", "upper circle" for "balcony"); a determiner before each marks a noun.
            replaced = [
                (
                    claim_stems[i2 - 1],
                    sentence_stems[j2 - 1],
                    claim_stems[i1:i2],
                    sentence_stems[j1:j2],
                )
                for op, i1, i2, j1, j2 in opcodes
                if op == "replace" and 1 <= i2 - i1 <= 2 and 1 <= j2 - j1 <= 2
            ]
            other = [op for op, i1, i2, _, _ in opcodes if op not in {"equal"}]
            # A clause that opens with a pronoun ("She's allergic to roses") names the claim's
            # subject ("The customer's mother") by it: the subject's words count as said.
            if (
                len(other) == 2
                and opcodes[0][0] == "delete"
                and opcodes[0][2] <= 2
                and words(clause)[:1]
                and words(clause)[0].split("'")[0] in _SUBJECT_PRONOUNS
            ):
                other = other[1:]
                equal += 1
            if len(replaced) != 1 or len(other) != 1 or equal < 2:
                continue
            ours, theirs, our_words, their_words = replaced[0]
            share = equal / len(claim_stems)
            if (
                share >= 0.6
                and not set(our_words) & set(sentence_stems)
                and ours in self.index.vocabulary.stems
                and theirs not in claim_stems
                and self.weight(ours) >= 1.0
                and not re.search(r"\d", ours + theirs)
                and self._noun_like(our_words[0], point, own_text_only=True)
                and self._noun_like(their_words[0], sentence.text)
                and not sentence.text.rstrip().endswith("?")
                and not {ours, theirs} & self.cues.value_labels
                and _one_phrase(our_words, point)
                and (best is None or share > best[0])
            ):
                best = (share, sentence, ours, theirs)
        if best is None:
            return None
        _, sentence, ours, theirs = best
        return _quoting(
            f"turn {sentence.turn.index} says this of '{_surface(sentence.text, theirs)}', "
            f"not '{_surface(point, ours)}'",
            sentence,
        )

    def _noun_like(self, word_stem: str, text: str, *, own_text_only: bool = False) -> bool:
        """Whether a word is used as a noun: a determiner comes right before it, in the text or
        (unless `own_text_only`) anywhere in the conversation ("the router")."""
        others = [] if own_text_only else [list(s.tokens) for s in self.sentences]
        for tokens in [words(text), *others]:
            for position, token in enumerate(tokens[1:], start=1):
                if stem(token) != word_stem:
                    continue
                before = tokens[position - 1]
                if before in self.cues.determiners:
                    return True
                # In the claim, a plural after a preposition is a noun ("allergic to tulips"),
                # ... or its modifier ("allergic to beef products").
                after = tokens[position + 1] if position + 1 < len(tokens) else ""
                if (
                    own_text_only
                    and before in self.cues.noun_prepositions
                    and (_plural(token) or _plural(after))
                ):
                    return True
        return False


def _plural(token: str) -> bool:
    return len(token) > 3 and token.endswith("s") and not token.endswith(("ss", "us", "is"))


def _one_phrase(stems: list[str], text: str) -> bool:
    """Whether two claim words are one noun phrase ("upper circle"): adjacent in the text, not
    a noun and a verb with a word between ("installation was booked")."""
    if len(stems) < 2:
        return True
    tokens = [stem(t) for t in words(text)]
    return any(tokens[i : i + len(stems)] == stems for i in range(len(tokens)))


_WHOLE = frozenset({"full", "fully", "entire", "entirely", "whole", "complete", "completely"})
_PART = frozenset({"half", "part", "partial", "partially", "partly", "portion"})


def _extent(tokens: list[str]) -> str:
    """'a part' or 'the whole' when the text says only one of them (English closed classes)."""
    if current_reading().language.code != "en":
        return ""
    whole, part = bool(set(tokens) & _WHOLE), bool(set(tokens) & _PART)
    return "the whole" if whole and not part else "a part" if part and not whole else ""


def _find(tokens: list[str], value_tokens: list[str]) -> int | None:
    """Where a value's words start among a text's words."""
    if not value_tokens:
        return None
    return next(
        (
            i
            for i in range(len(tokens) - len(value_tokens) + 1)
            if tokens[i : i + len(value_tokens)] == value_tokens
        ),
        None,
    )


def _loosely_relative(fact: Fact) -> bool:
    """A date resolved from a day word ("tomorrow", "Friday"), not one named by its day number
    ("the 2nd", "Thursday the 12th"): only the latter can rival a claimed date."""
    return fact.relative and not re.search(r"\d", fact.surface)


def _same_value(claimed: Fact, stated: Fact) -> bool:
    return fact_matches(claimed, stated) or fact_matches(stated, claimed)


def _is_version(fact: Fact) -> bool:
    return fact.kind == "id" and "." in fact.value


_NAME = re.compile(
    r"(?:(?<=[\w,;’'] )|(?<=[\w,;] [(“\"]))([A-Z][a-zà-ÿ]+(?: [A-Z][a-zà-ÿ]+)*)\b(?![-’'])"
)


def _nearest_name(clause: str, names: list[str], context: set[str]) -> str:
    """The name of `names` said closest to one of the claim's words in the clause: the one
    the clause gives for the claim's thing ("Marcus Dray engineers", not "Studio A")."""
    spots = [m.start() for m in re.finditer(r"\w+", clause) if stem(m.group()) in context]
    if not spots:
        return names[0]
    return min(names, key=lambda n: min(abs(clause.find(n) - spot) for spot in spots))


def _inner_names(text: str) -> list[tuple[str, int, int]]:
    """Capitalised words inside a sentence (not at its start): names of people and things,
    consecutive ones joined ("Marcus Dray"). Months and weekdays are values, not names."""
    calendar_words = {
        name.lower()
        for names in (*current_reading().language.months, *current_reading().language.weekdays)
        for name in names
    }
    found = []
    for match in _NAME.finditer(text):
        name = match.group(1)
        if any(w.lower() in calendar_words or w.lower() in stopwords() for w in name.split()):
            continue
        if extract_facts(name):
            continue  # "Saturdays", "May": values
        found.append((name, match.start(), match.end()))
    return found


def per_unit(point: str) -> bool:
    """Whether a claim gives an amount per unit ("£12 each")."""
    return says_phrase(point, current_reading().language.per_unit)


def multiple_of(total: Fact, part: Fact) -> bool:
    """Whether an amount is a whole multiple (2 to 100 times) of another: a total of parts."""
    if total.kind != "money" or part.kind != "money":
        return False
    whole, unit = float(total.value.split(":")[1]), float(part.value.split(":")[1])
    if unit <= 0 or whole <= unit:
        return False
    times = whole / unit
    return abs(times - round(times)) < 1e-6 and 2 <= round(times) <= 100


def _same_kind(claimed: Fact, stated: Fact) -> bool:
    if _is_version(claimed):
        return _is_version(stated)
    if claimed.kind == "number" or stated.kind == "number":
        # A count is rivalled by a count of the same thing only.
        return claimed.kind == stated.kind and bool(claimed.unit) and claimed.unit == stated.unit
    return claimed.kind == stated.kind


def _states_done(point: str, cues: Cues) -> bool:
    """Whether a claim says an action was done: a past-tense verb that is not an offer, a
    request or a report of speech, and no modal. Outside English, where the past tense is not
    read, a claim with no modal or offer word."""
    tokens = words(point)
    modal = cues.irrealis | {"will", "would", "asked", "requested", "wanted"}
    # An offer word used as a noun ("applied the half-price offer") makes no offer of the claim.
    if any(
        token in modal and not _after_determiner(tokens, position, cues, modal)
        for position, token in enumerate(tokens)
    ):
        return False
    if current_reading().language.code != "en":
        return True
    return any(is_past_verb(t) for t in tokens[1:6])


def _after_determiner(tokens: list[str], position: int, cues: Cues, modal: frozenset[str]) -> bool:
    """Whether a word ends a noun phrase: a determiner up to four words before it, with no
    modal or verb between ("the half-price offer"; not "the agent could offer", "the agent
    offered", "the customers want a refund")."""
    following = tokens[position + 1] if position + 1 < len(tokens) else ""
    if is_past_verb(tokens[position]) or following in cues.determiners:
        return False
    for before in reversed(tokens[max(0, position - 4) : position]):
        if before in cues.determiners:
            return True
        if before in modal or is_past_verb(before):
            return False
    return False


def _quoting(message: str, sentence: Sentence, *instead: Fact) -> Finding:
    """A finding that rests on one sentence: the message, then the sentence quoted; `instead`
    are the values it says in place of the claim's, when the finding is about one value."""
    return Finding(
        f'{message}: "{_clip(sentence.text)}"',
        (sentence.turn.index,),
        tuple(f.surface for f in instead),
    )


def _clip(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _surface(text: str, word_stem: str) -> str:
    return next((w for w in words(text) if stem(w) == word_stem), word_stem)
