"""Rubric questions derived in code from a section definition's instructions.

The CCAI conventions judge a free-text section once per instruction *sentence*: adherence asks
"Does the summary follow the instruction '...'?" and completeness asks "Does the summary follow '...'?".
Deriving them in code (not by a model) makes them identical for every summary written against one
definition version, so the Django layer can store them once per version (`DERIVATION_VERSION` says
which derivation produced a stored set).
"""

from __future__ import annotations

import re

from evaluations.judges.types import SectionSpec

# Bump when `split_instructions` or the question wording changes: stored question sets carry it.
DERIVATION_VERSION = "sentences-v1"

CATEGORICAL_ADHERENCE_QUESTION = (
    "Does the summary follow the instruction and return only one of the allowed categorical values?"
)

# Words ending in a period that do not end a sentence ("e.g.", "Dr. Lee"). Single capital letters
# are deliberately absent: in instructions they are usually values ("Return Y. ..."), not initials.
_ABBREVIATIONS = frozenset(
    {"e.g", "i.e", "eg", "ie", "vs", "approx", "incl", "esp", "cf", "mr", "mrs", "ms", "dr", "st"}
)
_OPENING_QUOTES = "\"“‘'"
_CLOSING_TRAIL = "\"”’')]"
_BULLET = re.compile(r"^\s*(?:[-*•·–—]|\(?\d{1,2}[.)]|\(?[a-z][)])\s+")
_LEAD_ENUMERATOR = re.compile(r"^(?:\(?\d{1,2}[.)]|[-*•·])\s+")


def split_instructions(instructions: str) -> tuple[str, ...]:
    """Split a definition's instructions into one entry per instruction sentence.

    1. Split into lines. A bullet or numbered line is one item; a plain line that ends with ":" and
       is followed by bullets is a lead-in, prefixed to each of its bullets; a plain line that does
       not end a sentence and is followed by a line starting in lower case is a wrapped line and is
       joined to it.
    2. Split each item into sentences at ".", "!" or "?" followed by white space and a capital, a
       digit or an opening quote, but not inside quotes or parentheses ("(for example ...)",
       'such as "order_number: 48213"'), not after abbreviations ("e.g.", "i.e.", "No." before a
       number), and never inside decimals (a split needs white space after the stop).
    3. Strip inline enumerators ("1) ", "2. ") and drop empty or duplicate sentences.
    """
    items = _line_items(instructions or "")
    sentences: list[str] = []
    seen: set[str] = set()
    for item in items:
        for sentence in _split_sentences(item):
            sentence = _LEAD_ENUMERATOR.sub("", sentence).strip()
            if not any(ch.isalnum() for ch in sentence) or sentence in seen:
                continue
            seen.add(sentence)
            sentences.append(sentence)
    return tuple(sentences)


def adherence_questions(section: SectionSpec) -> tuple[str, ...]:
    """The adherence questions of a free-text custom section, one per instruction sentence.

    Predefined sections have no adherence; categorical custom sections get the single question
    `CATEGORICAL_ADHERENCE_QUESTION`, decided in code by `categorical.categorical_adherence`. Both
    return an empty tuple here.
    """
    if not section.is_custom or section.is_categorical:
        return ()
    return tuple(
        f"Does the summary follow the instruction '{sentence}'?"
        for sentence in split_instructions(section.instructions)
    )


def completeness_questions(section: SectionSpec) -> tuple[tuple[str, str], ...]:
    """(instruction, question) pairs for a free-text section, predefined or custom; () if categorical."""
    if section.is_categorical:
        return ()
    return tuple(
        (sentence, f"Does the summary follow '{sentence}'?")
        for sentence in split_instructions(section.instructions)
    )


# --- Step 1: lines, bullets and lead-ins -----------------------------------------------------


def _line_items(text: str) -> list[str]:
    lines = [line.strip() for line in text.replace("\r\n", "\n").split("\n")]
    items: list[str] = []
    lead_in = ""
    paragraph = ""
    for index, line in enumerate(lines):
        if not line:
            lead_in = ""
            if paragraph:
                items.append(paragraph)
                paragraph = ""
            continue
        bullet = _BULLET.match(line)
        if bullet:
            if paragraph:
                items.append(paragraph)
                paragraph = ""
            body = line[bullet.end() :].strip()
            items.append(f"{lead_in} {body}" if lead_in else body)
            continue
        lead_in = ""
        paragraph = f"{paragraph} {line}" if paragraph else line
        next_line = lines[index + 1] if index + 1 < len(lines) else ""
        if paragraph.endswith(":") and next_line and _BULLET.match(next_line):
            lead_in, paragraph = paragraph, ""
        elif not (next_line and next_line[0].islower() and paragraph[-1] not in ".!?:"):
            # Inline bullets ("a • b • c") are separate items too.
            items.extend(part.strip() for part in paragraph.split(" • ") if part.strip())
            paragraph = ""
    if paragraph:
        items.append(paragraph)
    return items


# --- Step 2: sentences -------------------------------------------------------------------------


def _split_sentences(text: str) -> list[str]:
    # Unbalanced quotes or parentheses would swallow the rest of the text, so track a kind of
    # bracket only when it is balanced.
    track_double = text.count('"') % 2 == 0 and text.count("“") == text.count("”")
    track_parens = text.count("(") == text.count(")") and text.count("[") == text.count("]")
    sentences = _scan(text, track_double=track_double, track_parens=track_parens, track_single=True)
    if sentences is None:  # an opening single quote never closed: it was an apostrophe after all
        sentences = _scan(
            text, track_double=track_double, track_parens=track_parens, track_single=False
        )
    return sentences or []


def _scan(
    text: str, *, track_double: bool, track_parens: bool, track_single: bool
) -> list[str] | None:
    sentences: list[str] = []
    start = 0
    parens = 0
    in_double = False
    in_curly = 0
    in_single = False
    length = len(text)
    for index, char in enumerate(text):
        previous = text[index - 1] if index > 0 else " "
        following = text[index + 1] if index + 1 < length else " "
        closed_here = False
        if track_parens and char in "([":
            parens += 1
        elif track_parens and char in ")]":
            parens = max(0, parens - 1)
            closed_here = True
        elif track_double and char == '"':
            in_double = not in_double
            closed_here = not in_double
        elif track_double and char == "“":
            in_curly += 1
        elif track_double and char == "”":
            in_curly = max(0, in_curly - 1)
            closed_here = True
        elif track_single and char in "'‘’":
            if (
                not in_single
                and (previous.isspace() or previous in '(["“')
                and not following.isspace()
            ):
                in_single = True
            elif (
                in_single
                and not previous.isspace()
                and (following.isspace() or following in '.,;:!?)]"”')
            ):
                in_single = False
                closed_here = True
        if parens or in_double or in_curly or in_single or index < start:
            continue
        is_stop = char in ".!?"
        if not (is_stop or (closed_here and previous in ".!?")):
            continue
        end = index + 1
        while end < length and text[end] in _CLOSING_TRAIL:  # 'Write "Done." Then ...'
            end += 1
        if end >= length or not text[end].isspace():
            continue
        next_start = end
        while next_start < length and text[next_start].isspace():
            next_start += 1
        if next_start >= length:
            continue
        upcoming = text[next_start]
        if not (upcoming.isupper() or upcoming.isdigit() or upcoming in _OPENING_QUOTES + "(["):
            continue
        stop_index = index if is_stop else index - 1
        if is_stop and _is_abbreviation(text[start:stop_index], upcoming):
            continue
        sentences.append(text[start:end].strip())
        start = next_start
    if in_single:
        return None
    tail = text[start:].strip()
    if tail:
        sentences.append(tail)
    return sentences


def _is_abbreviation(before_stop: str, upcoming: str) -> bool:
    words = before_stop.split()
    if not words:
        return False
    word = words[-1].lstrip("(\"'“‘").lower()
    if word in _ABBREVIATIONS:
        return True
    if word == "no" and upcoming.isdigit():  # "No. 5" is a number, "Return Yes or No. Then" is not
        return True
    # Dotted abbreviations such as "e.g", "U.S", "a.m" (the last stop is the one being tested).
    return bool(re.fullmatch(r"(?:[a-z]\.)+[a-z]", word))
