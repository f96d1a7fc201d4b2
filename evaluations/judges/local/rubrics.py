"""Adherence and completeness for the offline judge: what plain lexical methods can decide.

Instructions are read for two things a word-matching judge can check:

- *Kinds of value* they ask for ("any dates", "the order number", "the amount", "brand and
  model"). The transcript's values of that kind are the content the instruction calls for; the
  section follows the instruction when it states them (or invents none when there are none).
- *Style rules* ("Use 'representative' in place of 'agent'", "Do not mention ..."), checked
  literally.

Anything else (for example "Describe the actions the agent took") is approximated: the content is
the turns that share the instruction's words or, for actions, the agent's first-person statements;
coverage is word overlap. Every reasoning says which method decided, so a reader can tell a checked
verdict from an approximation.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from evaluations.judges.local.content import content_kind, relevant_clauses
from evaluations.judges.local.decompose import join_dates
from evaluations.judges.local.points import ContentError
from evaluations.judges.local.transcript import TranscriptIndex, Turn
from evaluations.judges.text import (
    Fact,
    content_stems,
    counts_working_days,
    current_reading,
    extract_facts,
    fact_matches,
    stem,
    stopwords,
    words,
)
from evaluations.judges.types import (
    AccuracyPoint,
    AdherenceRubric,
    CompletenessItem,
    CompletenessRubric,
    SectionSpec,
)

MAX_ITEMS = 12  # per rubric: enough to judge coverage, few enough to read
# An instruction asking for names ("names, account and order numbers").
_NAMES_ASKED = re.compile(r"\bnames?\b", re.I)
# A run of capitalised words after a lower-case word or a comma: a name inside a sentence.
# A model number right after it is part of it ("Pacer 3", "Audira Pro 7").
_NAME = re.compile(
    r"(?<=[a-zà-ÿ,;]\s)([A-ZÀ-Ý][a-zà-ÿ]+(?:\s[A-ZÀ-Ý][a-zà-ÿ]+)*(?:\s\d+[A-Za-z]*\b(?![.,:]\d))?)"
)

# Words that name a kind of value, and the fact kinds that satisfy them.
_KIND_WORDS: tuple[tuple[re.Pattern[str], str, frozenset[str]], ...] = (
    (re.compile(r"\bdates?\b|\bdeadlines?\b|\bwhen\b", re.I), "date", frozenset({"date", "weekday"})),
    (re.compile(r"\btimes?\b(?! ?frame)", re.I), "time", frozenset({"time"})),
    (
        re.compile(r"\b(?:order|booking|reservation|confirmation|ticket|case|reference|tracking)\s+(?:number|id|ids|numbers)\b", re.I),
        "order",
        frozenset({"id"}),
    ),
    (re.compile(r"\bmodels?\b", re.I), "model", frozenset({"id"})),
    (
        re.compile(r"\b(?:account|ticket|case|reference|invoice|serial)\b.{0,40}\bnumbers?\b|\bids\b|\bidentifiers?\b|\bentities\b", re.I),
        "identifier",
        frozenset({"id", "email", "phone"}),
    ),
    (re.compile(r"\b(?:amounts?|prices?|costs?|fees?|charges?|refund amount)\b", re.I), "money", frozenset({"money"})),
    (re.compile(r"\bphone\b|\bnumbers? to call\b", re.I), "phone", frozenset({"phone"})),
    (re.compile(r"\be-?mail address", re.I), "email", frozenset({"email"})),
)  # fmt: skip
# Booking-like ids count as order numbers (README rule 3); policy, account and member ids do not.
_ORDER_WORDS = frozenset(
    stem(w)
    for w in ("order", "booking", "reservation", "confirmation", "job", "work", "ticket", "case")
)
_NOT_ORDER_WORDS = frozenset(
    stem(w)
    for w in ("policy", "account", "member", "membership", "contract", "serial", "model", "card")
)
# The nouns that give an id as a reference ("your session number is HS-5521", "la referencia
# es ..."): an id with letters given so, and not as a policy, account or member id, is
# booking-like whatever the conversation calls the thing booked.
_REFERENCE_WORDS = frozenset(
    stem(w)
    for w in ("number", "reference", "ref", "número", "referencia", "numéro", "référence",
              "nummer", "referenz", "numero", "riferimento", "referência", "referentie",
              "kenmerk")
)  # fmt: skip
_STYLE_REPLACE = re.compile(
    r"\b(?:use|write|say|put|prefer)\s+['\"“‘]?(?P<new>[^'\"”’]+?)['\"”’]?\s+(?:in place of|instead of|rather than)\s+['\"“‘]?(?P<old>[^'\"”’]+?)['\"”’]?\s*[.!]?$",
    re.I,
)
_STYLE_AVOID = re.compile(
    r"\b(?:do not|don't|never|avoid)\s+(?:use|using|mention|mentioning|include|including|say)\s+(?:the word\s+)?['\"“‘]?(?P<old>[^'\"”’.]+)['\"”’]?",
    re.I,
)
_INSTRUCTION_VERBS = frozenset(
    stem(w)
    for w in [
        "describe",
        "list",
        "state",
        "include",
        "identify",
        "extract",
        "summarize",
        "summarise",
        "mention",
        "indicate",
        "note",
        "give",
        "provide",
        "record",
        "return",
        "write",
        "explain",
        "summary",
        "section",
    ]
)
_ACTION_WORDS = frozenset(stem(w) for w in ("action", "actions", "steps", "did", "took", "updates"))
_REASON_WORDS = frozenset(stem(w) for w in ("reason", "why", "cause"))
_FOLLOW_UP_WORDS = frozenset(
    stem(w) for w in ("follow", "promised", "next", "callback", "happen", "pending", "upcoming")
)
# A deadline as a span of time from the conversation.
_SPAN = re.compile(
    r"\b(?:within|in|after)\s+(?:\d+|one|two|three|four|five|six|seven|ten)\s+"
    r"(?:business\s+|working\s+|calendar\s+)?(?:days?|weeks?|months?|hours?)\b",
    re.I,
)
_CAUSAL = re.compile(r"\b(?:because|since|due to|as|so|reason|caus\w*)\b", re.I)
_FIRST_PERSON_ACTION = re.compile(
    r"\b(?:I(?:'ve| have|'m| am|'ll| will)|we(?:'ve| have|'re| are|'ll| will))\b", re.I
)


def instruction_of(question: str) -> str:
    """The instruction quoted in a rubric question ("Does the summary follow the instruction
    '...'?"), or the question itself when it quotes none."""
    match = re.search(r"['\"“‘](.+)['\"”’]\s*\??\s*$", question, re.S)
    return match.group(1) if match else question


@dataclass
class ValueKind:
    name: str
    fact_kinds: frozenset[str]


def asked_kinds(instruction: str) -> list[ValueKind]:
    return [
        ValueKind(name, kinds)
        for pattern, name, kinds in _KIND_WORDS
        if pattern.search(instruction)
    ]


def transcript_values(index: TranscriptIndex, kind: ValueKind) -> list[tuple[Fact, Turn]]:
    """The transcript's values of a kind, first mention only, in order. A date resolved from
    "tomorrow" or "Thursday" is not one the transcript states: it counts only where said."""
    found: list[tuple[Fact, Turn]] = []
    seen: set[str] = set()
    for turn in index.turns:
        for fact in turn.facts:
            if fact.value in seen or fact.relative:
                continue
            if fact.kind not in kind.fact_kinds and not (
                kind.name == "identifier" and _bare_identifier(fact)
            ):
                continue
            if kind.name in {"order", "model"} and not _labelled(turn, fact, kind.name):
                continue
            seen.add(fact.value)
            found.append((fact, turn))
    return found


def _bare_identifier(fact: Fact) -> bool:
    """A number of four digits or more that counts nothing ("membership 88213"): an identifier
    written without letters. A year is not one."""
    return (
        fact.kind == "number"
        and not fact.unit
        and fact.value.isdigit()
        and len(fact.value) >= 4
        and not re.fullmatch(r"(19|20)\d\d", fact.value)
    )


def _labelled(turn: Turn, fact: Fact, kind: str) -> bool:
    """Whether an id is called what the instruction asks for: the words just before it in the
    turn say "order"/"booking"/... (and not "policy"/"account") or "model"."""
    position = turn.text.find(fact.surface)
    before = {stem(w) for w in words(turn.text[max(0, position - 40) : max(0, position)])}
    if kind == "model":
        return stem("model") in before
    if before & _NOT_ORDER_WORDS:
        return False
    order_words = _ORDER_WORDS | {stem(w) for w in current_reading().language.order_words}
    lettered = fact.kind == "id" and any(c.isalpha() for c in fact.value)
    return bool(before & order_words) or (lettered and bool(before & _REFERENCE_WORDS))


def section_states(section_text: str, fact: Fact) -> bool:
    """Whether the section states the value. "Today" does not state a date: read later, a
    summary must say which day."""
    return any(
        fact_matches(fact, stated) or fact_matches(stated, fact)
        for stated in extract_facts(section_text)
        if not stated.relative
    )


# --- adherence --------------------------------------------------------------------------------


def judge_adherence(index: TranscriptIndex, section: SectionSpec, question: str) -> AdherenceRubric:
    """One free-text adherence question, decided by the first rule that applies."""
    instruction = instruction_of(question)
    text = section.text.strip()

    def verdict(is_addressed: bool, reasoning: str) -> AdherenceRubric:
        return AdherenceRubric(
            section=section.key,
            question=question,
            reasoning=reasoning,
            is_addressed=is_addressed,
            decided_by="code",
        )

    if not text:
        return verdict(False, "The section is empty, so it follows no instruction.")
    style = _style_rule(instruction)
    if style is not None:
        forbidden, replacement = style
        hits = re.findall(rf"\b{re.escape(forbidden)}\b", text, re.I)
        if hits:
            instead = f" instead of '{replacement}'" if replacement else ""
            return verdict(False, f"Uses '{hits[0]}'{instead} (checked literally).")
        return verdict(True, f"The word '{forbidden}' does not appear (checked literally).")
    kinds = asked_kinds(instruction)
    if kinds:
        reasons: list[str] = []
        for kind in kinds:
            values = transcript_values(index, kind)
            stated = [fact for fact, _ in values if section_states(text, fact)]
            invented = [
                fact
                for fact in extract_facts(text)
                if fact.kind in kind.fact_kinds and not index.find_fact(fact)
            ]
            label = _KIND_LABELS[kind.name]
            # Adherence is about form: a value of the kind the instruction asks for follows it
            # even when it is not the transcript's (whether it is right is accuracy's question);
            # so does a deadline said as a span ("within 10 business days") for a date.
            if values and not stated and kind.name in {"date", "time", "money"}:
                # (An id is another matter: an account number does not give the order number.)
                other = [
                    f.surface
                    for f in extract_facts(text)
                    if f.kind in kind.fact_kinds and not f.relative
                ]
                span = _SPAN.search(text) if kind.name == "date" else None
                if span is not None:
                    other.append(span.group(0))
                if other:
                    reasons.append(f"states {label} ({', '.join(repr(o) for o in other[:3])})")
                    continue
            if values and not stated:
                listed = ", ".join(f"'{fact.surface}'" for fact, _ in values[:4])
                return verdict(
                    False, f"The transcript has {label} ({listed}) but the section states none."
                )
            if not values and invented:
                return verdict(
                    False,
                    f"The transcript has no {label}, but the section states '{invented[0].surface}'.",
                )
            if values:
                reasons.append(
                    f"states {label} from the transcript ({', '.join(repr(f.surface) for f in stated[:3])})"
                )
            else:
                reasons.append(f"the transcript has no {label} and the section invents none")
        return verdict(True, "Addressed: " + "; ".join(reasons) + " (value check).")
    if _REASON_WORDS & set(content_stems(instruction)):
        if _CAUSAL.search(text):
            return verdict(True, "Gives a reason (lexical check: a causal phrase is present).")
        return verdict(
            False, "No reason is given: the section has no causal phrase (lexical check)."
        )
    return verdict(
        True,
        "Not contradicted: the section is non-empty; the offline judge cannot check this "
        "instruction beyond that (lexical baseline).",
    )


def _style_rule(instruction: str) -> tuple[str, str] | None:
    """(forbidden word, replacement) for "Use 'X' in place of 'Y'" or "Do not use 'Y'"."""
    match = _STYLE_REPLACE.search(instruction.strip())
    if match:
        return match.group("old").strip(), match.group("new").strip()
    match = _STYLE_AVOID.search(instruction)
    if match:
        return match.group("old").strip(), ""
    return None


_KIND_LABELS = {
    "date": "dates",
    "time": "times",
    "order": "an order-like number",
    "model": "a model",
    "identifier": "identifiers",
    "money": "amounts",
    "phone": "phone numbers",
    "email": "e-mail addresses",
}


# --- completeness -----------------------------------------------------------------------------


def completeness_rubric(
    index: TranscriptIndex,
    section: SectionSpec,
    instruction: str,
    question: str,
    checked_points: Sequence[CheckedPoint] = (),
) -> CompletenessRubric:
    """The transcript content an instruction calls for, and whether the section covers it.

    `checked_points` are the section's accuracy points: a fact the section states wrongly is not
    covered (labelling rule 2), so an item whose closest point is inaccurate is not covered."""
    items: list[CompletenessItem] = []
    text = section.text.strip()
    if _style_rule(instruction) is None:
        kinds = asked_kinds(instruction)
        kind_of_content = content_kind(instruction)
        if kind_of_content is not None:
            # "List every step still to happen, with its date": the date belongs to the step;
            # the steps are the content.
            for turn, clause in relevant_clauses(index, kind_of_content):
                items.append(_sentence_item(turn, clause, text, checked_points))
        elif kinds:
            seen: set[str] = set()
            if _NAMES_ASKED.search(instruction):
                for name, turn in transcript_names(index):
                    items.append(_name_item(name, turn, text))
            for kind in kinds:
                for fact, turn in transcript_values(index, kind):
                    if fact.value not in seen:
                        seen.add(fact.value)
                        items.append(_value_item(fact, turn, text))
        else:
            for turn, sentence in _relevant_sentences(index, instruction):
                items.append(_sentence_item(turn, sentence, text, checked_points))
    return CompletenessRubric(
        section=section.key,
        instruction=instruction,
        question=question,
        content_list=tuple(items[:MAX_ITEMS]),
    )


def transcript_names(index: TranscriptIndex) -> list[tuple[str, Turn]]:
    """The names of people, products and places the conversation says, first mention only: runs
    of capitalised words inside a sentence ("I'm Aisha Khan", "with instructor Gemma"), that the
    conversation never writes in lower case. The agent's own name is not an entity of the case.
    Not in German, which capitalises every noun."""
    if current_reading().language.code == "de":
        return []
    lower = {w for turn in index.turns for w in re.findall(r"\b[a-zà-ÿ][\w'-]*", turn.text)}
    # The agent's greeting (the first sentence they say) names the agent and the company, not
    # the case.
    agent = index.aliases.get(stem("agent"), set())
    first = next((t for t in index.turns if t.speaker in agent), None)
    greeting = _sentences(first.text)[0] if first and _sentences(first.text) else ""
    agent_names = {stem(w) for m in _NAME.finditer(greeting) for w in m.group(1).split()}
    found: list[tuple[str, Turn]] = []
    seen: set[str] = set()
    for turn in index.turns:
        for match in _NAME.finditer(turn.text):
            name = match.group(1)
            parts = [p for p in name.split() if not p[0].isdigit()]
            if any(
                p.lower() in lower or p.lower() in stopwords() or stem(p) in agent_names
                for p in parts
            ):
                continue
            if not parts or extract_facts(" ".join(parts)) or name.lower() in seen:
                continue
            seen.add(name.lower())
            found.append((name, turn))
    return found


def _name_item(name: str, turn: Turn, section_text: str) -> CompletenessItem:
    clause = _clause_with(turn.text, name)
    # Entity lines name their keys in snake case ("travel_pass_price: $12").
    said = re.search(rf"(?<!\w){re.escape(name)}(?!\w)", section_text.replace("_", " "), re.I)
    return CompletenessItem(
        transcript_content=clause,
        related_content_from_summary=(
            next((s for s in _sentences(section_text) if name.lower() in s.lower()), "")
            if said
            else ""
        ),
        is_covered=bool(said),
        turn_indexes=(turn.index,),
    )


def _clause_with(text: str, value: str) -> str:
    """The clause (between commas, semicolons or sentence ends) that says the value."""
    for sentence in _sentences(text):
        if value in sentence:
            for clause in re.split(r"[,;:]\s+", sentence):
                if value in clause:
                    return clause.strip(" .!?")
            return sentence
    return text


def _value_item(fact: Fact, turn: Turn, section_text: str) -> CompletenessItem:
    sentence = next((s for s in _sentences(turn.text) if fact.surface in s), turn.text)
    covered = bool(section_text) and section_states(section_text, fact)
    related = (
        next((s for s in _sentences(section_text) if section_states(s, fact)), "")
        if covered
        else ""
    )
    return CompletenessItem(
        transcript_content=sentence,
        related_content_from_summary=related,
        is_covered=covered,
        turn_indexes=(turn.index,),
    )


def _sentence_item(
    turn: Turn, sentence: str, section_text: str, checked_points: Sequence[CheckedPoint] = ()
) -> CompletenessItem:
    """Covered when the section states the sentence's values and most of its distinctive words,
    and the point of the section that says it is not inaccurate."""
    stems = set(content_stems(sentence))
    # A reference said in passing ("..., booking QF7K2L") is not what the clause is about.
    facts = [f for f in extract_facts(sentence) if f.kind not in {"number", "id"}]
    best, best_share = "", 0.0
    for candidate in _sentences(section_text):
        candidate_stems = set(content_stems(candidate))
        share = len(stems & candidate_stems) / len(stems) if stems else 0.0
        if share > best_share:
            best, best_share = candidate, share
    values_stated = _values_stated(section_text, facts)
    covered = (
        bool(section_text)
        and values_stated
        and (best_share >= 0.4 or (facts and best_share >= 0.2))
    )
    if covered and _stated_wrongly(turn, sentence, stems, checked_points):
        covered = False
    return CompletenessItem(
        transcript_content=sentence,
        related_content_from_summary=best if covered else "",
        is_covered=bool(covered),
        turn_indexes=(turn.index,),
    )


def _values_stated(section_text: str, facts: list[Fact]) -> bool:
    """Whether the section states a clause's values. A day said as a weekday ("on Thursday") is
    one value with its candidate dates (the one before and the one after): the section may give
    any of them, or the weekday."""
    resolved: dict[str, list[Fact]] = {}
    for fact in facts:
        if fact.kind == "date" and fact.relative:
            resolved.setdefault(fact.surface, []).append(fact)
    stated = extract_facts(section_text)
    stated_weekdays = {f.value for f in stated if f.kind == "weekday"}
    # A deadline in working days ("within 5 business days") is stated by the same deadline in
    # other words ("within five working days") as well as by its date.
    stated_deadlines = {f.value for f in stated if counts_working_days(f)}
    for fact in facts:
        if fact.kind == "weekday" and fact.surface in resolved:
            continue
        if fact.kind == "date" and fact.relative:
            candidates = resolved[fact.surface]
            weekday = {f.value for f in facts if f.kind == "weekday" and f.surface == fact.surface}
            if (
                any(section_states(section_text, c) for c in candidates)
                or weekday & stated_weekdays
                or (counts_working_days(fact) and fact.value in stated_deadlines)
            ):
                continue
            return False
        if not section_states(section_text, fact):
            return False
    return True


def _stated_wrongly(
    turn: Turn, sentence: str, stems: set[str], checked_points: Sequence[CheckedPoint]
) -> bool:
    """Whether the section states this transcript fact wrongly: the section point that shares the
    most words with it (at least two, and a third of the fact's) contradicts the transcript's
    content about this fact (the contradiction is in the fact's turn, or the values said instead
    are in the fact). A point wrong about something else in the same sentence, or only worded
    unlike the transcript, leaves the fact covered."""
    best: CheckedPoint | None = None
    best_overlap = 0
    for checked in checked_points:
        overlap = len(stems & set(content_stems(checked.point.point)))
        if overlap > best_overlap:
            best, best_overlap = checked, overlap
    if best is None or best.error is None or best_overlap < max(2, len(stems) / 3):
        return False
    if turn.index in best.error.turns:
        return True
    # A value as a whole token: "2" is not said by "December 21".
    return any(
        re.search(rf"(?<![\w.,]){re.escape(value.strip(' .,'))}(?![\w])", sentence)
        for value in best.error.values
        if value.strip(" .,")
    )


@dataclass(frozen=True)
class CheckedPoint:
    """A section's accuracy point with what it states wrongly about the content, if anything."""

    point: AccuracyPoint
    error: ContentError | None


def _relevant_sentences(index: TranscriptIndex, instruction: str) -> list[tuple[Turn, str]]:
    """Transcript sentences an instruction without value words calls for.

    1. Actions and updates: the agent's first-person statements of what they did or will do.
    2. Reasons: the customer's sentences with a causal phrase.
    3. Follow-ups: sentences promising a future contact or step.
    4. Otherwise: the sentences sharing the most of the instruction's own words.
    """
    stems = set(content_stems(instruction)) - _INSTRUCTION_VERBS
    agent_turns = [t for t in index.turns if t.speaker in index.aliases.get(stem("agent"), set())]
    customer_turns = [
        t for t in index.turns if t.speaker in index.aliases.get(stem("customer"), set())
    ]
    found: list[tuple[Turn, str]] = []
    if stems & _ACTION_WORDS and agent_turns and not stems & _FOLLOW_UP_WORDS:
        for turn in agent_turns:
            found.extend(
                (turn, s)
                for s in _sentences(turn.text)
                if _FIRST_PERSON_ACTION.search(s) and "?" not in s
            )
    elif stems & _FOLLOW_UP_WORDS:
        for turn in agent_turns or index.turns:
            found.extend(
                (turn, s)
                for s in _sentences(turn.text)
                if re.search(r"\b(?:will|'ll|call you|follow)\b", s, re.I) and "?" not in s
            )
    elif stems & _REASON_WORDS:
        for turn in customer_turns or index.turns:
            found.extend((turn, s) for s in _sentences(turn.text) if _CAUSAL.search(s))
    else:
        scored = []
        for turn in (
            customer_turns
            if stems & {stem("customer"), stem("contacted")} and customer_turns
            else index.turns
        ):
            for sentence in _sentences(turn.text):
                overlap = len(stems & set(content_stems(sentence)))
                if overlap and len(content_stems(sentence)) >= 3:
                    scored.append((overlap, turn.index, turn, sentence))
        if not scored and customer_turns and stems & {stem("customer"), stem("contacted")}:
            # "What the customer contacted us about": their first substantive turn.
            first = next((t for t in customer_turns if len(t.stems) >= 4), None)
            return [(first, _sentences(first.text)[0])] if first else []
        scored.sort(key=lambda item: (-item[0], item[1]))
        found = [(turn, sentence) for _, _, turn, sentence in scored[:3]]
    return found[:MAX_ITEMS]


def _sentences(text: str) -> list[str]:
    parts = join_dates(re.split(r"(?<=[.!?])\s+(?=[A-Z0-9\"'])", text.strip()))
    return [p.strip() for p in parts if re.search(r"[A-Za-z0-9]", p)]
