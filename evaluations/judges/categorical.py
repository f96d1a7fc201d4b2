"""Categorical sections, decided in code: the adherence check and the single accuracy point.

A categorical section must return exactly one of its allowed values. Whether it did is a string
comparison, not a judgement, so no model is asked (`decided_by="code"`).

Matching rule: the text matches an allowed value when they are equal after ignoring case and
surrounding white space. One trailing period is also tolerated ("Yes." is "Yes"): it adds no
information, some generators end every section with one, and the value stays unambiguous. Anything
else is extra text and fails: "No - handled by the agent", "Y (resolved)", "Y or P", quotes.
"""

from __future__ import annotations

import re

from evaluations.judges.rubrics import CATEGORICAL_ADHERENCE_QUESTION, split_instructions
from evaluations.judges.types import AdherenceRubric, SectionSpec

# Separators a generator puts between a value and its explanation: "No - handled by the agent".
_EXPLANATION_SEPARATOR = re.compile(r"^\s*(?:[-–—:;,]|\()\s*(.*?)\)?\s*$", re.DOTALL)
# "the customer was dissatisfied" -> "dissatisfied"; "all issues were resolved" -> "all issues resolved".
_SUBJECT = re.compile(
    r"^(?:they|it|he|she|the (?:customer|caller|conversation|call|issue|issues))\s+(?:was|were|is|are)\s+",
    re.IGNORECASE,
)
_AUXILIARY = re.compile(r"\s+(?:was|were|is|are)\s+", re.IGNORECASE)


def match_allowed_value(text: str, allowed_values: tuple[str, ...] | list[str]) -> str | None:
    """The allowed value the text is, by the module's matching rule, or None."""
    candidate = _normalise(text)
    if not candidate:
        return None
    for value in allowed_values:
        if _normalise(value) == candidate:
            return value
    if candidate.endswith("."):
        without_period = candidate[:-1].rstrip()
        for value in allowed_values:
            if _normalise(value) == without_period:
                return value
    return None


def categorical_adherence(section: SectionSpec) -> AdherenceRubric:
    """Does a categorical section return only one of its allowed values? Decided in code.

    1. Empty text: not addressed.
    2. Exactly one allowed value (case, surrounding white space and one trailing period ignored):
       addressed; the reasoning names the value found.
    3. Otherwise not addressed. If the text starts with an allowed value, the reasoning quotes the
       extra text after it; else it says the text is none of the allowed values.
    """
    allowed = ", ".join(f"'{value}'" for value in section.allowed_values) or "(none defined)"
    text = section.text.strip()
    value = match_allowed_value(text, section.allowed_values)
    if not text:
        reasoning = (
            f"The section is empty; it must return exactly one of the allowed values: {allowed}."
        )
        is_addressed = False
    elif value is not None:
        is_addressed = True
        if text == value:
            reasoning = f"Returns exactly '{value}', an allowed value."
        else:
            reasoning = (
                f"Returns '{text}', which is the allowed value '{value}' "
                "(case, surrounding white space and a trailing period are ignored)."
            )
    else:
        is_addressed = False
        leading = _leading_value(text, section.allowed_values)
        if leading is not None:
            extra = text[len(leading) :].strip()
            reasoning = (
                f"Starts with the allowed value '{leading}' but adds extra text ('{extra}'); "
                f"it must return exactly one of the allowed values: {allowed}."
            )
        else:
            reasoning = f"Returns '{text}', which is not one of the allowed values: {allowed}."
    return AdherenceRubric(
        section=section.key,
        question=CATEGORICAL_ADHERENCE_QUESTION,
        reasoning=reasoning,
        is_addressed=is_addressed,
        decided_by="code",
    )


def value_meanings(section: SectionSpec) -> dict[str, str]:
    """What each allowed value means, when the instructions say so.

    Reads patterns such as "Return Y if all issues were resolved, P if they were partially
    resolved" or "D = dissatisfied": {"Y": "all issues resolved", "P": "partially resolved"}.
    """
    meanings: dict[str, str] = {}
    values = sorted(section.allowed_values, key=len, reverse=True)
    if not values:
        return meanings
    alternatives = "|".join(re.escape(value) for value in values)
    # A value standing alone (so "N" does not match inside "N/A"), then "if", "when", "=", ":".
    marker = re.compile(
        rf"(?<![\w/])({alternatives})(?![\w/])\s*(?:\bif\b|\bwhen\b|=|:|\bmeans\b)\s*",
        re.IGNORECASE,
    )
    for sentence in split_instructions(section.instructions):
        markers = list(marker.finditer(sentence))
        for position, found in enumerate(markers):
            end = markers[position + 1].start() if position + 1 < len(markers) else len(sentence)
            meaning = sentence[found.end() : end]
            meaning = re.sub(r"(?:,\s*(?:or|and)?|\s+(?:or|and)|[.;])\s*$", "", meaning.strip())
            meaning = _AUXILIARY.sub(" ", _SUBJECT.sub("", meaning.strip())).strip()
            value = next(v for v in section.allowed_values if v.lower() == found.group(1).lower())
            if meaning and value not in meanings:
                meanings[value] = meaning
    return meanings


def categorical_point(section: SectionSpec) -> str:
    """The single accuracy point of a categorical section, e.g. "Resolution: P (partially resolved)".

    1. An allowed value: "<title>: <value>", followed by its meaning in parentheses when the
       instructions give one ("Escalated: Yes" when they do not).
    2. An allowed value followed by an explanation ("No - handled by the agent"): the point keeps
       the claim, the way the labelled data writes it: "Escalated: No (handled by the agent)".
    3. Anything else: the raw text, "<title>: <text>".
    """
    text = section.text.strip()
    value = match_allowed_value(text, section.allowed_values)
    if value is not None:
        meaning = value_meanings(section).get(value)
        return f"{section.title}: {value} ({meaning})" if meaning else f"{section.title}: {value}"
    leading = _leading_value(text, section.allowed_values)
    if leading is not None:
        explanation = _EXPLANATION_SEPARATOR.match(text[len(leading) :])
        if explanation and explanation.group(1).strip():
            return f"{section.title}: {leading} ({explanation.group(1).strip()})"
    return f"{section.title}: {text}"


def _normalise(text: str) -> str:
    return " ".join(text.split()).casefold()


def _leading_value(text: str, allowed_values: tuple[str, ...]) -> str | None:
    """The allowed value the text starts with, as a whole word ("No - ..." but not "Nothing")."""
    folded = text.casefold()
    for value in sorted(allowed_values, key=len, reverse=True):
        folded_value = value.casefold()
        if folded.startswith(folded_value):
            rest = text[len(value) :]
            if not rest or not (rest[0].isalnum() or rest[0] in "/_"):
                return text[: len(value)]
    return None
