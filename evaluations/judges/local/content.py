"""The transcript content a free-text instruction without value words calls for (completeness).

The labelling rules list, per instruction, the relevant facts of the transcript, one short
statement each. What is relevant depends on what the instruction asks about, not on its words:
"Describe the actions the agent took" shares no word with "I've reissued the 4 tickets". So the
instruction is first read for the *kind* of content it asks for, and the content is then found
by who says it and how:

- **need**: what the customer contacted about, what was wrong, what they wanted. The customer's
  statements from the opening of the conversation, up to the point where the agent starts
  acting; answers that only identify (an account number, a name) are left out.
- **actions**: what the agent did, found, arranged or told. The agent's statements, not their
  questions, greetings, thanks or apologies.
- **follow-up**: what happens after the conversation (steps, promises, deadlines). Statements in
  the future ("will", "va a", a future tense) or dated on or after the conversation's day, and
  requests to the customer.
- **reason**: the customer's statements with a causal phrase.

Items are clauses, not whole turns: one statement is one fact to cover, so "I've split the order:
the two novels ship today, and the third follows on Friday" is two items, which a summary can
cover one at a time. Instructions are read in English (section definitions are written in it);
the transcript in its own language, through the language's closed word classes.
"""

from __future__ import annotations

import re

from evaluations.judges.local.decompose import join_dates
from evaluations.judges.local.transcript import TranscriptIndex, Turn
from evaluations.judges.text import current_reading, extract_facts, stem, stopwords, words

# What an instruction asks about, read from its own words (the definitions are in English).
_NEED = re.compile(
    r"\b(?:contact(?:ed|s)?|reach(?:ed)? out|wrong|problem|issue|complain\w*|need(?:ed|s)?|"
    r"want(?:ed|s)?|request(?:ed)?|asked for|call(?:ed)? about)\b",
    re.I,
)
_ACTIONS = re.compile(
    r"\b(?:actions?|did|done|took|taken|steps? (?:the agent|taken)|updates?|resolv\w*|handled?)\b",
    re.I,
)
_FOLLOW_UP = re.compile(
    r"\b(?:follow[- ]?ups?|promised?|next steps?|still to happen|to happen|pending|upcoming|"
    r"callbacks?|after the (?:call|conversation|chat)|steps? still)\b",
    re.I,
)
_REASON = re.compile(r"\b(?:reasons?|why|cause[sd]?)\b", re.I)

# Clause boundaries inside a sentence: ";", ":" not between digits, and ", and/so/but" (and
# their equivalents in the languages the judge reads) before a new statement.
_CLAUSE_BREAK = re.compile(
    r"\s*;\s+|(?<!\d):\s+|,\s+(?=(?:and|so|but|y|pero|et|mais|donc|und|aber|e|ma|mas|en|maar)\s)",
    re.I,
)
_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
_SENTENCE_BREAK = re.compile(r"(?<=[.!?…])\s+(?=[^\W_]|[¿¡\"'])")
_QUESTION = re.compile(r"\?\s*$")
# A request to the customer: "please ...", or a sentence that starts with a bare verb the
# customer is asked to do ("Send us the receipt", "Keep that invoice").
_REQUEST = re.compile(r"^(?:please|kindly|por favor|veuillez|merci de|bitte|per favore)\b", re.I)
_DURATION_AHEAD = re.compile(
    r"\b(?:within|in|after|by|until|dentro de|en|dans|sous|d'ici|innerhalb|binnen|entro|em)\s+"
    r"(?:\d+|a|an|one|two|three|few)\b",
    re.I,
)

CONTENT_KINDS = ("follow_up", "reason", "actions", "need")


def content_kind(instruction: str) -> str | None:
    """The kind of content an instruction asks for, or None when none of the kinds fits (the
    caller then falls back on shared words). A follow-up is tested first: "List every step still
    to happen" names steps, but not the ones already taken."""
    if _FOLLOW_UP.search(instruction):
        return "follow_up"
    if _REASON.search(instruction):
        return "reason"
    if _ACTIONS.search(instruction):
        return "actions"
    if _NEED.search(instruction):
        return "need"
    return None


def sentences(text: str) -> list[str]:
    parts = join_dates(_SENTENCE_BREAK.split(text.strip()))
    return [p.strip() for p in parts if re.search(r"[^\W_]", p)]


def clauses(sentence: str) -> list[str]:
    """A sentence's statements: split at ";", ":" and ", and ..." when both sides say
    something (a side of one or two words stays with its neighbour)."""
    parts = [p.strip(" ,") for p in _CLAUSE_BREAK.split(sentence) if p.strip(" ,")]
    merged: list[str] = []
    for part in parts:
        if merged and len(words(part)) < 3:
            merged[-1] = f"{merged[-1]}, {part}"
        elif merged and len(words(merged[-1])) < 3:
            merged[-1] = f"{merged[-1]}: {part}"
        else:
            merged.append(part)
    return merged


def states_something(clause: str, names: set[str]) -> bool:
    """Whether a clause states a fact rather than courtesy: it holds a value (an amount, a date,
    an id...) or at least two words that are neither stop words, courtesy words nor the
    speakers' names."""
    if any(fact.kind != "number" for fact in extract_facts(clause)):
        return True
    language = current_reading().language
    skip = stopwords() | language.courtesies | names
    # Capitalised words after the first are names (of people, companies, products): an
    # introduction ("Hi, Zara from Encore Tickets") states nothing to cover. A contraction
    # counts as its first part ("I'm" as "I").
    informative = [
        token
        for position, token in enumerate(_TOKEN.findall(clause))
        if re.split(r"['’]", token.lower())[0] not in skip
        and token.lower() not in skip
        and not token.isdigit()
        and len(token) > 1
        and not (position and token[0].isupper())
    ]
    return len(informative) >= 2


def is_future(clause: str, index: TranscriptIndex) -> bool:
    """A step after the conversation: a future auxiliary or tense of the language, a date on or
    after the conversation's day, a time span ahead ("within 10 days"), or a request."""
    text = clause.lower()
    for marker in current_reading().language.futures:
        if marker.startswith("-"):
            if re.search(rf"[^\W\d_]{{3,}}{re.escape(marker[1:])}\b", text):
                return True
        elif re.search(
            # "'ll" is glued to its subject ("I'll"): no word boundary before it.
            ("" if marker[0] in "'’" else r"(?<![^\W_])") + re.escape(marker) + r"(?![^\W_])",
            text,
        ):
            return True
    anchor = current_reading().anchor
    for fact in extract_facts(clause):
        if fact.kind == "date" and anchor is not None and fact.relative:
            month, day = (int(part) for part in fact.value.split("-"))
            if (month, day) >= (anchor.month, anchor.day):
                return True
        if fact.kind in {"time", "weekday"}:
            return True
    return bool(_DURATION_AHEAD.search(clause) or _REQUEST.search(clause))


def _names(index: TranscriptIndex) -> set[str]:
    """The speakers' own names and labels, lower-cased: an introduction states nothing."""
    return {word.lower() for speaker in index.speakers for word in words(speaker)}


def _sides(index: TranscriptIndex) -> tuple[set[str], set[str]]:
    agent = index.aliases.get(stem("agent"), set())
    customer = index.aliases.get(stem("customer"), set())
    return agent, customer


def _first_action(index: TranscriptIndex, agent: set[str]) -> int:
    """The position of the agent's first turn that states a done action or a finding (not a
    greeting, a question or an apology): where the customer's need has been told."""
    names = _names(index)
    for position, turn in enumerate(index.turns):
        if turn.speaker not in agent:
            continue
        statements = [
            c
            for s in sentences(turn.text)
            if not _QUESTION.search(s)
            for c in clauses(s)
            if states_something(c, names)
        ]
        if statements and position > 0:
            return position
    return len(index.turns)


def relevant_clauses(index: TranscriptIndex, kind: str) -> list[tuple[Turn, str]]:
    """The transcript's clauses of a content kind, in the order they are said.

    1. need: the customer's statements and requests before the agent's first statement of
       substance, else in the customer's first turn that says something; short answers that
       only identify are left out (they hold nothing but a value).
    2. actions: the agent's statements (not questions) that state something.
    3. follow_up: statements about after the conversation, by either side, agent first.
    4. reason: the customer's statements with a causal phrase.
    """
    agent, customer = _sides(index)
    names = _names(index)
    found: list[tuple[Turn, str]] = []

    def statements(turn: Turn, *, questions: bool = False) -> list[str]:
        return [
            clause
            for sentence in sentences(turn.text)
            if questions or not _QUESTION.search(sentence)
            for clause in clauses(sentence)
            if states_something(clause, names)
        ]

    if kind == "need":
        limit = _first_action(index, agent)
        for position, turn in enumerate(index.turns):
            if turn.speaker not in customer or not _speaks_beyond_values(turn):
                continue
            if position >= limit and found:
                break
            found.extend((turn, clause) for clause in statements(turn, questions=True))
            if position >= limit:
                break
    elif kind == "actions":
        for turn in index.turns:
            if turn.speaker in agent:
                found.extend((turn, clause) for clause in statements(turn))
    elif kind == "follow_up":
        for turn in index.turns:
            if turn.speaker in agent or not agent:
                found.extend(
                    (turn, clause) for clause in statements(turn) if is_future(clause, index)
                )
    elif kind == "reason":
        causal = re.compile(
            r"\b(?:because|since|due to|as|so|caus\w*|porque|ya que|parce que|car|weil|da|"
            r"perché|poiché|porque|omdat)\b",
            re.I,
        )
        half = len(index.turns) // 2 + 1
        for position, turn in enumerate(index.turns):
            if turn.speaker in customer or not customer:
                # A reason given as the answer to the agent's question ("Can I ask what's
                # changed?" "I'm moving to Canada."), in the first half of the conversation.
                answers = (
                    0 < position < half
                    and index.turns[position - 1].speaker in agent
                    and bool(_QUESTION.search(index.turns[position - 1].text))
                )
                found.extend(
                    (turn, c)
                    for c in statements(turn, questions=True)
                    if causal.search(c) or answers
                )
    return found


def _speaks_beyond_values(turn: Turn) -> bool:
    """Whether a turn says more than a value it was asked for ("It's HM-5520-1187.",
    "88 Linden Court, Apartment 4B."): at least five words once its values are taken out."""
    text = turn.text
    for fact in turn.facts:
        text = text.replace(fact.surface, " ")
    return len(words(text)) >= 5
