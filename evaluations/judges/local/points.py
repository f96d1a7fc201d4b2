"""Accuracy for the offline judge: split a section into atomic points and check each one.

A point is checked in four ways, each explainable in one sentence of justification:
1. Facts: every amount, date, time, phone number, id and number in the point must be said in
   the transcript (canonical values: "ten dollars" == "$10", "Feb 3rd" == "February 3"); an
   amount, date, time or id said only about something else is flagged as said elsewhere.
2. Grounding: the point's content words (stemmed, misspellings tolerated) must mostly occur in the
   transcript; an action or object the transcript never mentions is flagged as unsupported.
3. Attribution: when the point says who did or said something ("the agent offered a refund"),
   the matching content must come from that speaker, not only from someone else.
4. Categorical values (resolution, customer satisfaction) are checked against lexical cues.

Why one long module: the four checks are one idea, a point checked against one transcript, and
they share the checker's per-transcript indexes (facts, stems, speakers); split apart, each part
would rebuild or pass around the same state.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from evaluations.judges.local.decompose import ENTITY_LINE, decompose_free_text, is_past_verb
from evaluations.judges.local.events import EventChecks, Finding, multiple_of, per_unit
from evaluations.judges.local.transcript import TranscriptIndex, Turn
from evaluations.judges.text import (
    SECOND_PERSON,
    Fact,
    all_digits,
    content_stems,
    current_reading,
    digits_for_numbers,
    extract_facts,
    fact_matches,
    negation_words,
    says_phrase,
    stem,
    stopwords,
    words,
)
from evaluations.judges.types import AccuracyPoint

# Words a summary uses to describe the conversation rather than its content ("the customer
# asked...", "they discussed..."): they are rarely in the transcript and their absence is no error.
_REPORTING_WORDS = [
    "say",
    "said",
    "tell",
    "told",
    "ask",
    "asked",
    "mention",
    "discuss",
    "explain",
    "confirm",
    "inform",
    "state",
    "request",
    "want",
    "need",
    "agree",
    "offer",
    "provide",
    "note",
    "express",
    "inquire",
    "contact",
    "help",
    "assist",
    "reach",
    "respond",
    "reply",
    "talk",
    "speak",
    "suggest",
    "recommend",
    "decide",
    "plan",
    "advise",
    "promise",
    "remind",
    "invite",
    "thank",
    "apologize",
    "apologise",
    "acknowledge",
    "know",
    "call",
    "chat",
    "conversation",
    "summary",
    "issue",
    "also",
    "new",
    "customer",
    "agent",
    "caller",
    "representative",
    "team",
    "meeting",
    "discussion",
    "think",
    "believe",
    "feel",
    "wish",
    "like",
    "hope",
    "share",
    "give",
    "make",
    "take",
    "let",
    # How a summary retells the course of a conversation: first quoted, later corrected.
    "quote",
    "correct",
    "first",
    "initially",
    "later",
    "originally",
    # How a summary names what someone did by speaking: reported a problem, described it.
    "report",
    "describe",
    "complain",
    "indicate",
    "raise",
    "query",
    "clarify",
    "outline",
    "reiterate",
    "find",
    "found",
    "conclude",
    # How a summary retells a choice ("opted for the 75 one" for "the 75 one is enough").
    "opt",
    "select",
    # Hedges on a value ("roughly 30 cm" for "about 30 centimetres").
    "roughly",
    "approximately",
    "approx",
    "nearly",
]
REPORTING_STEMS = frozenset(stem(w) for w in _REPORTING_WORDS)
_NUMBER_WORDS = {
    "0": "zero", "1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six",
    "7": "seven", "8": "eight", "9": "nine", "10": "ten", "11": "eleven", "12": "twelve",
}  # fmt: skip
# --- checking ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DisplacedFact:
    """A claimed value the transcript says (in `said_in`), but not in the turn the claim is about
    (`about`), which states `rivals`, other values of the same kind."""

    fact: Fact
    said_in: tuple[int, ...]
    about: int
    rivals: tuple[Fact, ...]


@dataclass
class PointCheck:
    """What the checks found for one point; `is_accurate` and the justification follow from it."""

    missing_facts: list[tuple[Fact, list[Fact]]] = field(
        default_factory=list
    )  # (claimed, said nearby)
    found_facts: list[tuple[Fact, list[int]]] = field(default_factory=list)
    # Values the transcript says, but only in turns this claim is not about.
    displaced_facts: list[DisplacedFact] = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)  # content words not in the transcript
    unsupported_share: float = 0.0
    attribution: tuple[str, str, int] | None = None  # (claimed speaker, actual speaker, turn)
    negation_mismatch: int | None = None
    turn_indexes: tuple[int, ...] = ()
    categorical: tuple[bool, str] | None = None
    single_turn_support: tuple[float, int] | None = None  # (share of content, turn)
    unlinked_subjects: list[str] = field(default_factory=list)
    missing_names: list[str] = field(default_factory=list)
    # The claim prices things one by one ("€32.50 each"): a total of them is no rival value.
    per_unit: bool = False
    # What happened to what: a reversed, only offered, misbound or superseded claim.
    contradictions: list[Finding] = field(default_factory=list)


@dataclass(frozen=True)
class ContentError:
    """Where a point contradicts the transcript's content: the turns that say otherwise and the
    values they say instead. Ungrounded wording, a stitched claim or a wrong speaker are not
    content errors: the point may still state a fact rightly in other words."""

    turns: frozenset[int]
    values: tuple[str, ...]


def _content_error(result: PointCheck) -> ContentError | None:
    turns: set[int] = set()
    values: list[str] = []
    for _, nearby in result.missing_facts:
        values.extend(f.surface for f in nearby)
    for displaced in result.displaced_facts:
        turns.add(displaced.about)
        values.extend(f.surface for f in displaced.rivals)
    for finding in result.contradictions:
        if finding.values:
            values.extend(finding.values)
        else:
            turns.update(finding.turns)
    if result.negation_mismatch is not None:
        turns.add(result.negation_mismatch)
    if not (turns or values or result.missing_facts or result.missing_names):
        return None
    return ContentError(frozenset(turns), tuple(values))


def _obligation(point: str) -> bool:
    """Whether a claim puts an obligation on its subject ("should", "needs to", "debe")."""
    # Right after the subject ("The customer should..."), not in reported speech ("B suggested
    # that they should..."), where the speaker is the one the claim is about.
    text = f" {' '.join(words(point)[:4])} "
    return any(f" {marker} " in text for marker in current_reading().language.obligations)


class PointChecker:
    """Checks points against one transcript. Build once per transcript, call `check` per point."""

    # A point is unsupported when this share of its (weighted) content words is not in the
    # transcript, or when several distinctive words are. Set for contact-center paraphrase.
    UNSUPPORTED_SHARE = 0.34
    UNSUPPORTED_WORDS = 4

    # A claim should be traceable to one place in the conversation: when the best turn (with
    # the turn it answers) holds less than this share of the claim's weighted content words,
    # the claim stitches together, or invents, what no one said in one breath.
    SINGLE_TURN_SUPPORT = 0.5
    SINGLE_TURN_MIN_WORDS = 3
    NEIGHBOURS = 2
    OWN_SPEAKER = False

    def __init__(self, index: TranscriptIndex):
        self.index = index
        # Per checked point: what it states wrongly about the conversation's content, if anything
        # (completeness reads it: a fact stated wrongly is not covered).
        self.content_errors: dict[str, ContentError | None] = {}
        self.alias_stems = index.alias_stems()
        # Each turn's stems plus the speakers it speaks as ("I", "we") or to ("you"), so that
        # "Josh: my place" supports "Josh's place".
        self.resolved_stems = [self._resolve(turn) for turn in index.turns]
        self.speaker_aliases = [
            {a for a, owners in index.aliases.items() if " " not in a and turn.speaker in owners}
            for turn in index.turns
        ]
        # A speaker's name weighs like a word, by how many turns speak as or to them.
        speaks = Counter(a for stems in self.resolved_stems for a in stems & self.alias_stems)
        self.alias_weight = {a: math.log(1 + len(index.turns) / n) for a, n in speaks.items()}
        self.events = EventChecks(index, index.idf, index.unseen_weight)
        self.ignored = frozenset(REPORTING_STEMS | self.alias_stems)

    def _weight(self, word_stem: str) -> float:
        if word_stem in self.alias_weight:
            return self.alias_weight[word_stem]
        return self.index.weight(word_stem)

    def _resolve(self, turn: Turn) -> set[str]:
        stems = set(turn.stems)
        speakers = set()
        if self.index.speaks_in_first_person(turn):
            speakers.add(turn.speaker)
        if set(words(turn.text)) & SECOND_PERSON:
            speakers |= turn.addressees
        stems |= {
            a for a, owners in self.index.aliases.items() if " " not in a and owners & speakers
        }
        return stems

    def check(self, section: str, point: str) -> AccuracyPoint:
        from evaluations.judges.local.categorical_cues import check_categorical_point

        result = PointCheck()
        categorical = check_categorical_point(self.index, section, point)
        if categorical is not None:
            is_accurate, justification, turns = categorical
            return AccuracyPoint(
                section=section,
                point=point,
                accuracy=justification,
                is_accurate=is_accurate,
                turn_indexes=tuple(turns),
            )
        text = _entity_value(point)
        result.per_unit = per_unit(point)
        self._check_facts(text, result)
        self._check_names(text, result)
        stems = self._check_grounding(text, result)
        if _ABSENCE.match(point):
            # "No return reason was given": an absence has no words to find; only values count.
            result.unsupported = []
        elif text == point:
            self._check_single_turn_support(point, stems, result)
        else:
            # An entity line's key is the summary's label ("price_per_head"), not a claim in
            # the transcript's words: only its value must be said.
            key = set(content_stems(text)) - set(content_stems(_entity_line_value(point)))
            result.unsupported = [s for s in result.unsupported if s not in key]
        result.turn_indexes = self._best_turns(stems, result)
        if text == point and not _ABSENCE.match(point):
            self._check_events(point, result)
        elif text != point:
            # ... but it says what the value is: "delivery_fee: $250" where $250 is the deposit.
            self._check_entity_binding(text, result)
        self._check_attribution(point, stems, result)
        self.content_errors[point] = _content_error(result)
        return self._verdict(section, point, result)

    # 1. facts and names
    def _check_names(self, text: str, result: PointCheck) -> None:
        """A capitalised word inside a sentence names someone or something ("Diana", "Visa");
        a name the transcript never says, in any spelling close to it, is a wrong name. Not in
        German, which capitalises every noun ("die Mitnahme des Altgeräts")."""
        if current_reading().language.code == "de":
            return
        for match in re.finditer(r"(?<=[a-z,;]\s)([A-Z][a-z]+(?:['’]s)?)\b(?!-)", text):
            name = match.group(1)
            word_stem = stem(name)
            if (
                word_stem in self.alias_stems
                or word_stem in self.index.vocabulary
                or name.lower() in stopwords()
                or extract_facts(name)
            ):
                continue
            result.missing_names.append(name)

    def _check_facts(self, text: str, result: PointCheck) -> None:
        facts = extract_facts(text) + _small_counts(text)
        # A bare weekday ("until Monday") is one value with candidate dates: it is stated when
        # the weekday is (a transcript date falls on it) or any of its dates is.
        day_found = {
            fact.surface
            for fact in facts
            if (fact.kind == "weekday" or (fact.kind == "date" and fact.relative))
            and self.index.find_fact(fact)
        }
        for fact in facts:
            if fact.kind == "date" and fact.relative and fact.surface in day_found:
                # A day named by its number ("the 4th") is one value: it is bound to its thing
                # like any date (`events.binding`); a weekday's candidate dates are not.
                turns = self.index.find_fact(fact) if re.search(r"\d", fact.surface) else []
                if turns:
                    result.found_facts.append((fact, turns))
                continue
            turns = self.index.find_fact(fact)
            if not turns and fact.kind == "number" and fact.value in _NUMBER_WORDS:
                word = _NUMBER_WORDS[fact.value]
                turns = [t.index for t in self.index.turns if word in t.stems]
            if fact.kind == "number":
                # "two refills": a small count in words is said as a word.
                small = [t for said, t, _ in self._small_counts if said.value == fact.value]
                turns = sorted({*turns, *small})
            if not turns and fact.kind == "number" and re.fullmatch(r"(19|20)\d\d", fact.value):
                continue  # a year the transcript leaves implicit is not a claim to refute
            if not turns and fact.kind == "date":
                turns = self._said_now(fact)
            if turns and fact.kind == "number":
                turns = self._counting_the_same(fact, text, turns)
            if turns:
                result.found_facts.append((fact, turns))
            else:
                result.missing_facts.append((fact, []))

    def _said_now(self, fact: Fact) -> list[int]:
        """The turns that put an action on the conversation's own day ("I'll email it now"),
        when `fact` is that day: a summary dates such an action by the day of the call."""
        anchor = current_reading().anchor
        if anchor is None or fact.value != f"{anchor.month:02d}-{anchor.day:02d}":
            return []
        now_words = current_reading().language.now_words
        return [turn.index for turn in self.index.turns if says_phrase(turn.text, now_words)]

    def _counting_the_same(self, fact: Fact, text: str, turns: list[int]) -> list[int]:
        """The turns where a count counts the same thing: "3 replacement cards" is not stated
        by "2 to 3 business days". A count with no noun after it ("three, please"), or whose
        noun is among the claim's next words, still counts."""
        # A unit the transcript never uses is a spelling ("kWh" for "kilowatt-hours"), not
        # another thing: only nouns the conversation itself uses can disagree.
        claimed = {u for u in self._unit_words(fact, text) if u in self.index.vocabulary.stems}
        if not claimed:
            return turns
        # Only where the conversation counts that thing itself ("the 2 new cards") is the
        # claimed count refutable: otherwise the noun may just be said without a number.
        counted = any(
            stated.kind == "number"
            and (
                stated.unit in claimed
                or self._unit_words(stated, self._turn_text(turn_index)) & claimed
            )
            for stated, turn_index in self.index.facts
        ) or any(units & claimed for _, _, units in self._small_counts)
        if not counted:
            return turns
        keep = [
            t
            for said, t, units in self._small_counts
            if t in turns and said.value == fact.value and units & claimed
        ]
        for stated, turn_index in self.index.facts:
            if turn_index not in turns or not fact_matches(fact, stated):
                continue
            if stated.kind == "time":
                continue  # "2 lamps" is not said by "at 2:12 PM"
            if (
                stated.kind != "number"
                or not stated.unit
                or stated.unit in claimed
                or not content_stems(stated.unit)
                or stated.unit in REPORTING_STEMS
            ):
                keep.append(turn_index)
            else:
                if self._unit_words(stated, self._turn_text(turn_index)) & claimed:
                    keep.append(turn_index)
        return sorted(set(keep))

    @cached_property
    def _small_counts(self) -> list[tuple[Fact, int, set[str]]]:
        """Counts under three said in words ("two of my bags"), which the transcript's facts
        leave as words (text2num's threshold): (count, turn, what it counts)."""
        found = []
        for turn in self.index.turns:
            spelled = all_digits(turn.text)
            for fact in extract_facts(spelled):
                said_as_digits = re.search(
                    rf"(?<![\w.,]){re.escape(fact.surface)}(?![\w])", turn.text
                )
                if fact.kind == "number" and not said_as_digits:
                    found.append((fact, turn.index, self._unit_words(fact, spelled)))
        return found

    def _turn_text(self, turn_index: int) -> str:
        return next(t.text for t in self.index.turns if t.index == turn_index)

    @staticmethod
    def _unit_words(fact: Fact, text: str) -> set[str]:
        """The content words right after a number (up to three): what it counts."""
        normalised = digits_for_numbers(text)
        match = re.search(rf"(?<![\w.,]){re.escape(fact.surface)}(?![\w])", normalised)
        if match is None:
            return set()
        unit: set[str] = set()
        for word in words(normalised[match.end() : match.end() + 40])[:3]:
            if content_stems(word):
                unit.add(stem(word))
            elif unit:
                break  # "24.000 km della Ducati": the thing ends where a function word comes
        return unit

    # 2. grounding
    def _check_grounding(self, text: str, result: PointCheck) -> list[str]:
        # A word right after a number is its unit ("300 Mbps", "3 weeks"): the number is checked
        # as a fact, and units are often spelled differently ("megabits").
        # A short word after the unit is part of it ("75 sq ft", "60 km h").
        units = {
            stem(word)
            for m in re.finditer(
                r"\d\s*([A-Za-z]+)(?:\s+([A-Za-z]{1,3})\b)?", digits_for_numbers(text)
            )
            for word in m.groups()
            if word
        }
        # Words inside values ("May" of "May 5", "tomorrow") are checked as values.
        value_words = {stem(w) for fact in extract_facts(text) for w in words(fact.surface)}
        stems = [
            s
            for s in content_stems(text)
            if s not in self.alias_stems
            and not re.search(r"\d", s)
            and s not in units
            and s not in value_words
        ]
        total = missing = 0.0
        for s in stems:
            weight = 0.3 if s in REPORTING_STEMS else 1.0
            total += weight
            if s not in self.index.vocabulary:
                missing += weight
                if s not in REPORTING_STEMS:
                    result.unsupported.append(s)
        result.unsupported_share = missing / total if total else 0.0
        return stems

    def _turn_score(self, stems: list[str], turn: Turn) -> float:
        return math.fsum(self.index.weight(s) for s in set(stems) if s in turn.stems)

    def _best_turns(self, stems: list[str], result: PointCheck) -> tuple[int, ...]:
        """Turns that support or contradict the point: turns stating its facts first, then the
        turns sharing the most (rare) words with it."""
        fact_turns = [t for _, turns in result.found_facts for t in turns[:2]]
        scored = sorted(
            ((self._turn_score(stems, turn), turn.index) for turn in self.index.turns),
            key=lambda item: (-item[0], item[1]),
        )
        best = scored[0][0] if scored else 0.0
        lexical = [index for score, index in scored[:3] if best > 0 and score >= 0.6 * best]
        self._check_displaced_facts(stems, result, scored)
        fact_turns = [t for _, turns in result.found_facts for t in turns[:2]]
        fact_turns += [t for displaced in result.displaced_facts for t in displaced.said_in[:1]]
        chosen = list(dict.fromkeys(fact_turns + lexical))[:4]
        # A missing value is contradicted by the values said in the turns about the same thing.
        for i, (fact, _) in enumerate(result.missing_facts):
            nearby = self.index.same_kind_facts(fact, lexical[:2] or chosen)
            result.missing_facts[i] = (fact, [f for f in nearby if f.value != fact.value][:2])
        return tuple(sorted(chosen))

    def _check_displaced_facts(
        self, stems: list[str], result: PointCheck, scored: list[tuple[float, int]]
    ) -> None:
        """A value said somewhere, but not in the turns the point is about, is a wrong value:
        "the plan costs $30" when the plan turn says $42 and "$30" is only the balance. All of:
        1. the turn that best matches the point's words states another value of the same kind,
           one the point does not state itself ("moved from April 9 to April 14" states both);
        2. the turns stating the claimed value match the point far less well;
        3. the point does not combine facts from several turns: the exchange around each turn
           stating the value (that turn and its neighbours, so "It's ORD-7" answering "the order
           number?") adds none of the point's words or other values that the best turn lacks.
           "Billed $84 on invoice INV-5 dated March 3" takes the bill from one turn and the
           invoice from the next; the best turn is only one of the turns it is about."""
        if not scored or scored[0][0] <= 0:
            return
        score_of = {index: score for score, index in scored}
        best_score, best_turn = scored[0]
        position_of = {turn.index: position for position, turn in enumerate(self.index.turns)}
        best = self.index.turns[position_of[best_turn]]
        best_stems = best.stems & set(stems)
        claimed = [fact for fact, _ in result.found_facts] + [f for f, _ in result.missing_facts]
        still_found = []
        for fact, turns in result.found_facts:
            support = max(score_of.get(t, 0.0) for t in turns)
            shared = max(len(self.index.turns[position_of[t]].stems & set(stems)) for t in turns)
            # A turn saying both values ("$68 instead of $55") relates them: the claimed one is
            # not said about something else.
            said_with = {f.value for f, t in self.index.facts if t in turns}
            rivals = [
                f
                for f in self.index.same_kind_facts(fact, [best_turn])
                if f.kind == fact.kind
                and not any(fact_matches(c, f) for c in claimed)
                and f.value not in said_with
                and not (result.per_unit and multiple_of(f, fact))
            ]
            displaced = (
                fact.kind in {"money", "date", "time", "id"}
                and best_turn not in turns
                and support < 0.5 * best_score
                and len(best_stems) >= shared + 2
            )
            if (
                rivals
                and displaced
                and not self._adds_to(best, fact, turns, stems, result.found_facts)
            ):
                result.displaced_facts.append(
                    DisplacedFact(fact, tuple(turns), best_turn, tuple(rivals[:2]))
                )
            else:
                still_found.append((fact, turns))
        result.found_facts = still_found

    def _adds_to(
        self,
        best: Turn,
        fact: Fact,
        turns: list[int],
        stems: list[str],
        found_facts: list[tuple[Fact, list[int]]],
    ) -> bool:
        """Whether the exchanges stating `fact` give the point words or other values that the
        best turn does not: then the point draws on them too, and the value is in place."""
        content = {s for s in stems if s not in REPORTING_STEMS}
        positions = {p for p, turn in enumerate(self.index.turns) if turn.index in turns}
        exchange = [
            self.index.turns[p]
            for p in sorted({n for p in positions for n in (p - 1, p, p + 1)})
            if 0 <= p < len(self.index.turns)
        ]
        exchange_indexes = {turn.index for turn in exchange}
        words_added = {s for turn in exchange for s in turn.stems & content} - best.stems
        values_added = [
            other
            for other, other_turns in found_facts
            if other != fact
            and best.index not in other_turns
            and exchange_indexes & set(other_turns)
        ]
        return bool(words_added or values_added)

    def _check_single_turn_support(self, point: str, stems: list[str], result: PointCheck) -> None:
        subject, _ = self._actors(point)
        alias_words = {
            s
            for s in content_stems(point)
            if s in self.alias_stems and self.index.aliases[s] & subject
        }
        # Words inside values ("February" of "February 23") are checked as values, not here.
        value_words = {stem(w) for fact in extract_facts(point) for w in words(fact.surface)}
        content = [
            s for s in dict.fromkeys(stems) if s not in REPORTING_STEMS and s not in value_words
        ] + sorted(alias_words)
        if len(content) < self.SINGLE_TURN_MIN_WORDS:
            return

        # 1. Each turn's share of the claim's weighted words; a value the point states (an id, an
        #    amount) is content too, as heavy as the rarest word, credited to the turns saying it.
        value_weight = self.index.unseen_weight
        total = math.fsum(self._weight(s) for s in content)
        total += value_weight * (len(result.found_facts) + len(result.missing_facts))
        fact_turns = [set(turns) for _, turns in result.found_facts]
        # A claim often joins a question and its answer ("located order X": "the order
        # number?" / "X"): a turn is read with the question it answers and the answer to its
        # question, and speaks as its own speaker.
        covered_sets = [{s for s in content if s in stems_of} for stems_of in self.resolved_stems]
        coverages = []
        for position in range(len(self.index.turns)):
            window = self._exchange(position)
            words_covered = set().union(*(covered_sets[p] for p in window))
            words_covered |= set(content) & self.speaker_aliases[position]
            indexes = {self.index.turns[p].index for p in window}
            values_covered = sum(bool(turns & indexes) for turns in fact_turns)
            covered = math.fsum(self._weight(s) for s in words_covered)
            coverages.append((covered + value_weight * values_covered) / total)
        best_turn = max(range(len(coverages)), key=coverages.__getitem__, default=-1)
        if best_turn < 0:
            return
        best = coverages[best_turn]
        # A claim that names a reference said elsewhere ("placed order BO-60418 for the Harlow
        # 52 frame": the frame in one turn, the order number given in another) joins the two:
        # the best turn read with the turn giving each reference.
        reference_turns = [
            set(turns)
            for fact, turns in result.found_facts
            if fact.kind in {"id", "email", "phone"} and turns
        ]
        if best < self.SINGLE_TURN_SUPPORT and reference_turns:
            position_of = {turn.index: p for p, turn in enumerate(self.index.turns)}
            joined = {best_turn} | {
                position_of[min(turns)] for turns in reference_turns if min(turns) in position_of
            }
            joined_window = {w for p in joined for w in self._exchange(p)}
            joined_words = set().union(*(covered_sets[p] for p in joined_window))
            joined_indexes = {self.index.turns[p].index for p in joined_window}
            joined_values = sum(bool(turns & joined_indexes) for turns in fact_turns)
            joined_weight = math.fsum(self._weight(s) for s in joined_words)
            best = max(best, (joined_weight + value_weight * joined_values) / total)
        result.single_turn_support = (best, self.index.turns[best_turn].index)
        # 2. Every named subject takes part in the exchange that states the claim. One subject
        #    named twice ("le client, abonné annuel") is one subject.
        if len(alias_words) >= 2:
            nearby = set().union(*self.resolved_stems[max(0, best_turn - 1) : best_turn + 2])
            unlinked = self._unlinked(point, alias_words, nearby)
            if unlinked:
                result.unlinked_subjects = unlinked
        # 3. A negated claim ("won't come") needs a negation where it is stated.
        if negated(point):
            candidates = [p for p, c in enumerate(coverages) if c >= 0.75 * best]
            near_candidates = {
                t
                for p in candidates
                for t in range(max(0, p - 1), min(len(self.index.turns), p + 2))
            }
            # An undoing verb says it too: "at no cost" is what "I've waived it" means.
            undone = any(
                set(words(self.index.turns[p].text)) & self.events.cues.reversal_words
                for p in candidates
            )
            # ... when the turns stating it say the negated word itself: "did not charge the fee"
            # against "I've charged the fee". A negation paraphrasing the turn ("no slot was
            # left" for "it's full", "at no cost" for "free") names what the turn does not.
            heads = self.events.negated_heads(point)
            if (
                not undone
                and heads & set().union(*(self.index.turns[p].stems for p in near_candidates))
                and not any(negated(self.index.turns[p].text) for p in near_candidates)
                and not self.events.negation_found(point)
            ):
                result.negation_mismatch = self.index.turns[best_turn].index

    def _unlinked(self, point: str, alias_words: set[str], nearby: set[str]) -> list[str]:
        """The subject words of `point` whose speaker the exchange never names. A name is the
        run of subject words it is written in ("the industrial designer"), linked when the
        exchange has all of it; a speaker named twice ("le client, abonné annuel") is linked
        by either name."""
        names: list[list[str]] = []
        for clause in re.split(r"[,;:()]", point):
            run: list[str] = []
            for word in [*words(clause), ""]:
                word_stem = stem(word) if word else ""
                if word_stem in alias_words:
                    run.append(word_stem)
                elif run:
                    names.append(run)
                    run = []

        # A word of a longer name ("design" of "the industrial designer") is not a name.
        names = [n for n in names if not any(set(n) < set(other) for other in names)]

        def speakers(name: list[str]) -> set[str]:
            return set.intersection(*(self.index.aliases[s] for s in name))

        linked = set().union(*(speakers(name) for name in names if all(s in nearby for s in name)))
        return sorted(
            {s for name in names if not speakers(name) <= linked for s in name if s not in nearby}
        )

    def _check_entity_binding(self, text: str, result: PointCheck) -> None:
        """An entity line's value bound to another thing than its key names, or superseded."""
        if result.missing_facts or result.displaced_facts or result.missing_names:
            return
        for fact, _ in result.found_facts:
            for finding in (
                self.events.binding(text, fact, self.ignored),
                self.events.replaced(text, fact),
            ):
                if finding is not None:
                    result.contradictions.append(finding)
                    return

    def _check_events(self, point: str, result: PointCheck) -> None:
        """Values bound to the wrong thing or superseded, reversed or only offered actions,
        a substituted noun (see `events`): only for a claim nothing else refutes."""
        if result.missing_facts or result.displaced_facts or result.missing_names:
            return
        found = [fact for fact, _ in result.found_facts]
        for fact in found:
            for finding in (
                self.events.binding(point, fact, self.ignored),
                self.events.companion(point, fact, found, self.ignored),
                self.events.qualified(point, fact),
                self.events.changed(point, fact, self.ignored),
                self.events.replaced(point, fact),
                self.events.denied(point, fact),
                self.events.governed(point, fact),
                self.events.undone_value(point, fact),
            ):
                if finding is not None:
                    result.contradictions.append(finding)
                    return
        # Coordinated actions ("cancelled the membership and paused the fee") are read one by
        # one: the sentence that states the second must not hide a reversal of the first.
        parts = decompose_free_text(point)
        # Coordinated things ("the floor and the rug are covered") are read one by one too.
        parts = (
            [*parts, *self.events.conjuncts(point)]
            if len(parts) > 1
            else [*self.events.conjuncts(point)]
        )
        for part in [point, *parts]:
            for check in (self.events.polarity, self.events.substitution):
                finding = check(part, self.ignored)
                if finding is not None:
                    result.contradictions.append(finding)
                    return
        finding = self.events.name_binding(point, self.ignored)
        if finding is not None:
            result.contradictions.append(finding)
            return
        for fact in found:
            finding = self.events.unchosen(point, fact)
            if finding is not None:
                result.contradictions.append(finding)
                return

    def _exchange(self, position: int) -> list[int]:
        """A turn's position with the question it answers (the turn before ends in a question)
        and the answer to its own question (the turn after)."""
        turns = self.index.turns
        window = [position]
        if position and "?" in turns[position - 1].text:
            window.append(position - 1)
        if position + 1 < len(turns) and "?" in turns[position].text:
            window.append(position + 1)
        return window

    # 3. attribution
    def _actors(self, point: str) -> tuple[set[str], set[str]]:
        """(subject speakers, all speakers named) of a point. The subject is the speakers named
        before the first verb, e.g. "Emma and Josh" in "Emma and Josh went out"."""
        subject: set[str] = set()
        mentioned: set[str] = set()
        tokens = words(point)
        in_subject = True
        for position, token in enumerate(tokens):
            speakers = self.index.aliases.get(stem(token), set())
            if speakers:
                mentioned |= speakers
                if in_subject:
                    subject |= speakers
            elif token not in {"and", "the", "both", "a", "an"} and (subject or position > 2):
                in_subject = False
        return subject, mentioned

    def _check_attribution(self, point: str, stems: list[str], result: PointCheck) -> None:
        subject, mentioned = self._actors(point)
        if not subject or len(subject) == len(self.index.speakers) or _is_state(point):
            return
        if _obligation(point):
            return  # "the customer should send the receipt": the agent asked them to
        content = [s for s in set(stems) if s not in REPORTING_STEMS and s in self.index.idf]
        if len(content) < 2:
            return
        total = math.fsum(self.index.weight(s) for s in content)
        # A turn asking for the action ("I'd like to cancel it") does not do it.
        requests = {w.lower() for w in current_reading().language.requests}
        own, other, other_turn = 0.0, 0.0, -1
        for position, turn in enumerate(self.index.turns):
            coverage = math.fsum(self.index.weight(s) for s in content if s in turn.stems) / total
            if turn.speaker in subject or self._speaks_to(turn, subject):
                previous = self.index.turns[position - 1] if position else None
                if (
                    previous is not None
                    and turn.speaker in subject
                    and len(turn.stems) <= 3
                    and "?" in previous.text
                ):
                    # "Yes, please": a short answer takes on the question it answers.
                    coverage = max(
                        coverage,
                        math.fsum(self.index.weight(s) for s in content if s in previous.stems)
                        / total,
                    )
                own = max(own, coverage)
            elif (
                turn.speaker not in mentioned
                and self.index.speaks_in_first_person(turn)
                and coverage > other
                and not set(words(turn.text)) & requests
            ):
                other, other_turn = coverage, turn.index
        if other >= 0.6 and own <= other - 0.4:
            claimed = " and ".join(sorted(subject))
            actual = self.index.turns[other_turn].speaker
            result.attribution = (claimed, actual, other_turn)

    @staticmethod
    def _speaks_to(turn: Turn, speakers: set[str]) -> bool:
        """A statement (not a question) made to a speaker in the second person is about them:
        "you'll get a refund" supports "the customer gets a refund"; "can you refund me?" does not
        support "the agent offered a refund"."""
        if turn.text.rstrip().endswith("?"):
            return False
        return bool(set(words(turn.text)) & SECOND_PERSON) and bool(turn.addressees & speakers)

    # 4. the verdict
    def _verdict(self, section: str, point: str, result: PointCheck) -> AccuracyPoint:
        problems: list[str] = []
        for fact, nearby in result.missing_facts:
            said = (
                f"; the transcript says {', '.join(repr(f.surface) for f in nearby)}"
                if nearby
                else ""
            )
            problems.append(
                f"{_KIND_NAMES.get(fact.kind, fact.kind)} '{fact.surface}' is not in the transcript{said}"
            )
        for displaced in result.displaced_facts:
            kind = _KIND_NAMES.get(displaced.fact.kind, displaced.fact.kind)
            said_in = ("turns " if len(displaced.said_in) > 1 else "turn ") + ", ".join(
                str(t) for t in displaced.said_in[:3]
            )
            rivals = ", ".join(repr(f.surface) for f in displaced.rivals)
            problems.append(
                f"{kind} '{displaced.fact.surface}' is said in {said_in}, but not in the turns "
                f"this claim is about: turn {displaced.about} says {rivals}"
            )
        for name in result.missing_names:
            problems.append(f"name '{name}' is not in the transcript")
        problems.extend(finding.message for finding in result.contradictions)
        if result.attribution:
            claimed, actual, turn = result.attribution
            problems.append(
                f"attributed to {claimed}, but the matching content was said by {actual} (turn {turn})"
            )
        distinctive = [s for s in result.unsupported if s not in REPORTING_STEMS]
        if len(distinctive) >= self.UNSUPPORTED_WORDS or (
            len(distinctive) >= 2 and result.unsupported_share >= self.UNSUPPORTED_SHARE
        ):
            problems.append(
                "unsupported: the transcript never mentions "
                + ", ".join(f"'{w}'" for w in _surface_words(point, distinctive)[:5])
            )
        if (
            not problems
            and result.single_turn_support is not None
            and result.single_turn_support[0] < self.SINGLE_TURN_SUPPORT
        ):
            share, turn = result.single_turn_support
            problems.append(
                f"no turn states it: the closest, turn {turn}, holds only {share:.0%} of its content, "
                "the rest is spread over the conversation or absent"
            )
        if result.negation_mismatch is not None and not problems:
            problems.append(
                f"it is negated, but turn {result.negation_mismatch} and its neighbours say nothing negative"
            )
        if result.unlinked_subjects and not problems:
            problems.append(
                f"{', '.join(result.unlinked_subjects)} not linked to the turns that state it"
            )
        turn_indexes = result.turn_indexes
        if result.contradictions:
            turn_indexes = tuple(
                sorted({*turn_indexes, *(t for f in result.contradictions for t in f.turns)})
            )
        if problems:
            justification = "Not supported: " + "; ".join(problems) + "."
            return AccuracyPoint(
                section=section,
                point=point,
                accuracy=justification,
                is_accurate=False,
                turn_indexes=turn_indexes,
            )
        quote = _quote(self.index, turn_indexes)
        found = ", ".join(dict.fromkeys(f"'{fact.surface}'" for fact, _ in result.found_facts[:4]))
        justification = "Supported"
        if found:
            justification += f": {found} stated in the transcript"
        justification += f". Evidence: {quote}" if quote else " (no single turn states it)."
        return AccuracyPoint(
            section=section,
            point=point,
            accuracy=justification,
            is_accurate=True,
            turn_indexes=turn_indexes,
        )


_KIND_NAMES = {
    "money": "amount",
    "date": "date",
    "month": "month",
    "weekday": "day",
    "time": "time",
    "phone": "phone number",
    "email": "e-mail address",
    "id": "identifier",
    "number": "number",
}


def _small_counts(text: str) -> list[Fact]:
    """Counts of two said in words ("two boxes", "twee bomen"), which number parsing leaves as
    words: a count of the noun after it. One is left out ("one of them", "the one")."""
    tokens = words(text)
    found = []
    for token, after in itertools.pairwise(tokens):
        if (
            token.isalpha()
            and all_digits(f"{token} {after}") == f"2 {after}"  # not "two hundred"
            and content_stems(after)
        ):
            found.append(Fact(kind="number", value="2", surface=token, unit=stem(after)))
    return found


def _entity_line_value(point: str) -> str:
    """The value of an entity line ("NP-1" of "order_number: NP-1")."""
    match = ENTITY_LINE.match(point)
    return match.group("value") if match else point


def _entity_value(point: str) -> str:
    """An entity line "order_number: NP-1" is checked by its value; prose is checked whole."""
    match = ENTITY_LINE.match(point)
    if match and ("_" in match.group("key") or len(match.group("key").split()) <= 3):
        return f"{match.group('key').replace('_', ' ')} {match.group('value')}"
    return point


def _surface_words(point: str, stems_wanted: list[str]) -> list[str]:
    by_stem: dict[str, str] = {}
    for word in words(point):
        by_stem.setdefault(stem(word), word)
    return [by_stem.get(s, s) for s in dict.fromkeys(stems_wanted)]


def _quote(index: TranscriptIndex, turn_indexes: tuple[int, ...], limit: int = 160) -> str:
    quotes = []
    for turn_index in turn_indexes[:2]:
        turn = next((t for t in index.turns if t.index == turn_index), None)
        if turn is None:
            continue
        text = turn.text if len(turn.text) <= limit else turn.text[: limit - 1] + "…"
        quotes.append(f'turn {turn.index} ({turn.speaker}): "{text}"')
    return "; ".join(quotes)


_BE = frozenset({"is", "are", "was", "were", "am", "be", "been", "being"})
_ABSENCE = re.compile(r"^\s*(?:no|nothing|none|neither)\b", re.IGNORECASE)
_STATE_VERBS = frozenset(
    [
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "has",
        "have",
        "had",
        "receive",
        "received",
        "receives",
        "get",
        "gets",
        "got",
        "getting",
        "owns",
        "own",
        "see",
        "sees",
        "saw",
    ]
)


def _is_state(point: str) -> bool:
    """Whether the point's main verb describes a state or something that happened to its subject
    ("was charged", "received"), which the other party usually says: no attribution check."""
    tokens = words(point)
    for position, token in enumerate(tokens[:6]):
        following = tokens[position + 1] if position + 1 < len(tokens) else ""
        if token in _BE and following.endswith("ing"):
            return False  # "Amka is going to the club": an action in progress or planned
        if (
            token in {"has", "have", "had"}
            and is_past_verb(following)
            and following not in _STATE_VERBS
        ):
            return False  # "has sent": a perfect-tense action
        if token in _STATE_VERBS or token in {"did", "does", "didn't", "doesn't"}:
            return True
        if is_past_verb(token) or (token.endswith("s") and len(token) > 3):
            return False
    return False


def negated(text: str) -> bool:
    tokens = set(words(text))
    return bool(tokens & negation_words()) or any(t.endswith("n't") for t in tokens)


__all__ = ["PointChecker", "decompose_free_text"]
