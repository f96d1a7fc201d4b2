"""Decomposition of a section's free text into atomic points (sentences, coordinated actions,
`key: value` entity lines), the unit every accuracy verdict is about."""

from __future__ import annotations

import re

from evaluations.judges.text import current_reading

_ABBREVIATIONS = re.compile(r"\b(?:Mr|Mrs|Ms|Dr|St|No|vs|etc|e\.g|i\.e|approx|Inc|Ltd|Jr|Sr)\.$")
# "order_number: NP-1"; not "arrives at 8:00 AM" (a colon between digits is a time).
ENTITY_LINE = re.compile(
    r"^\s*[-*•]?\s*(?P<key>[A-Za-z][\w /'-]{0,40}?)(?<!\d)\s*:(?!\d)\s*(?P<value>\S.*)$"
)
_IRREGULAR_PAST = frozenset(
    [
        "sent",
        "made",
        "gave",
        "took",
        "set",
        "told",
        "said",
        "paid",
        "put",
        "got",
        "found",
        "kept",
        "left",
        "sold",
        "bought",
        "brought",
        "thought",
        "led",
        "held",
        "ran",
        "rang",
        "won",
        "wrote",
        "understood",
        "read",
        "met",
        "lost",
        "heard",
        "sought",
    ]
)


# --- decomposition -----------------------------------------------------------------------------


def split_sentences(text: str) -> list[str]:
    """Sentences of a text; decimals ("$64.50"), abbreviations ("Ms.") and ids do not split."""
    sentences: list[str] = []
    for line in text.splitlines():
        line = line.strip(" \t-*•")
        if not line:
            continue
        start = 0
        for match in re.finditer(r"[.!?]+[\"')\]]*\s+(?=[A-Z0-9\"'(])", line):
            candidate = line[start : match.end()].strip()
            if _ABBREVIATIONS.search(line[start : match.start() + 1]):
                continue
            if day_before_month(line[start : match.start() + 1], line[match.end() :]):
                continue
            sentences.append(candidate)
            start = match.end()
        tail = line[start:].strip()
        if tail:
            sentences.append(tail)
    return [s for s in sentences if re.search(r"[A-Za-z0-9]", s)]


def day_before_month(before: str, after: str) -> bool:
    """A day number with its period before a month ("am 28. Februar"): one date, not a sentence
    end (German, Dutch and others write the day as an ordinal number with a period)."""
    if not re.search(r"\b\d{1,2}\.$", before):
        return False
    following = after.split(maxsplit=1)[0].lower().strip(",.") if after.strip() else ""
    return any(following in spellings for spellings in current_reading().language.months)


def join_dates(parts: list[str]) -> list[str]:
    """Sentences split by a pattern, with a day number and its month joined again ("Der Vertrag
    endet am 28." + "Februar." -> one sentence)."""
    joined: list[str] = []
    for part in parts:
        if joined and day_before_month(joined[-1], part):
            joined[-1] = f"{joined[-1]} {part}"
        else:
            joined.append(part)
    return joined


def is_past_verb(word: str) -> bool:
    word = word.lower()
    return (word.endswith("ed") and len(word) > 4) or word in _IRREGULAR_PAST


def split_clauses(sentence: str) -> list[str]:
    """Split a sentence whose subject did several things into one point per action:
    "The agent verified the account, removed the charge, and sent an email." becomes three
    points sharing the subject. Only past-tense verb phrases after a comma are split, so
    "removed and refunded" or a list of objects stays one point."""
    match = None
    for extra_words in range(3):  # "Emma", "The agent", "The support agent"
        candidate = re.match(
            rf"^(?P<subject>[A-Z][\w'’]*(?:\s+[A-Za-z][\w'’]*){{{extra_words}}})\s+(?P<verb>\w+)\b",
            sentence,
        )
        if candidate and is_past_verb(candidate.group("verb")):
            match = candidate
            break
    if match is None:
        return [sentence]
    subject = match.group("subject")
    body = sentence[len(subject) :].strip().rstrip(".")
    # "$1,350" is one number: a comma followed by a digit splits nothing.
    pieces = re.split(r",(?!\d)\s*(?:and\s+|then\s+)?|;\s*|\s+and\s+(?=\w+ed\b)", body)
    clauses: list[str] = []
    for piece in pieces:
        first = piece.split(" ", 1)[0] if piece else ""
        if clauses and is_past_verb(first) and len(piece.split()) >= 2:
            clauses.append(piece)
        elif clauses:
            clauses[-1] = f"{clauses[-1]}, {piece}"
        else:
            clauses.append(piece)
    if len(clauses) == 1:
        return [sentence]
    return [f"{subject} {clause.strip()}." for clause in clauses]


def decompose_free_text(text: str) -> list[str]:
    """Atomic points of a free-text section: `key: value` lines stay one point each; prose is
    split into sentences and coordinated past-tense clauses."""
    points: list[str] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        entity = ENTITY_LINE.match(line)
        if (entity and len(entity.group("key").split()) <= 4 and "_" in entity.group("key")) or (
            entity and len(line) < 80 and not re.search(r"[.!?]\s", line)
        ):
            points.append(line.strip(" \t-*•"))
            continue
        for sentence in split_sentences(line):
            points.extend(split_clauses(sentence))
    return points
