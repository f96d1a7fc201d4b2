"""Scores from verdicts: the formulas and the N/A rules, in one place.

Both judges hand their verdicts to `assemble_verdict`, which computes every score here, so a score
can always be recomputed from the verdicts it was made from (`recompute`, `score_mismatches`): after
an analyst overrides a verdict, the Django layer recomputes instead of trusting a stored number.

Conventions (those of the labelled data, /work/shared/data/cc/README.md):

- Accuracy: accurate points / points. A section with empty text has no points and is N/A.
- Adherence: custom sections only (predefined -> N/A). Addressed questions / questions. An empty
  free-text custom section fails all its questions (README rule 5); `assemble_verdict` writes that
  into the verdicts, so the formula itself stays a plain count.
- Completeness: free-text sections only, predefined included (categorical -> N/A). Per rubric,
  covered items / items; a rubric with an empty content list does not count; the section score is
  the mean over the rubrics that count, N/A when none does. Items whose evidence the transcript does
  not support (`is_evidence_verified=False`) still count: they are flagged for review, not dropped,
  because the evidence check is lexical and can miss a loose paraphrase, and silently dropping an
  item would raise the score of a summary that left it out. An empty section covers nothing.
- Summary level: a dimension is N/A only when it is N/A for every section. Otherwise the summary
  pools the items of the sections that are not N/A: accuracy = all accurate points / all points,
  adherence = all addressed / all questions, completeness = mean over every counting rubric. (This
  is how cc_dev.jsonl's `expected` scores are computed; a test recomputes all of them.)

An N/A is `Score(value=None, na_reason=...)`, never a 0. Scores are not rounded here: round for display.

One module past 400 lines on purpose: the formulas, the N/A rules and their recomputation are read
and changed together, and `recompute` must go through exactly the functions `assemble_verdict` uses.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Literal, Protocol, TypeVar

from evaluations.judges.categorical import categorical_adherence
from evaluations.judges.evidence import link_summarization, verify_completeness_items
from evaluations.judges.rubrics import adherence_questions
from evaluations.judges.summarization_score import summarization_scored
from evaluations.judges.types import (
    CCAI_DIMENSIONS,
    AccuracyPoint,
    AdherenceRubric,
    CallUsage,
    CompletenessRubric,
    Dimension,
    Score,
    SectionScores,
    SectionSpec,
    SummarizationResult,
    SummarySpec,
    SummaryVerdict,
    Transcript,
)

# Section-level N/A reasons.
NA_NOT_REQUESTED = "not requested"
NA_EMPTY_SECTION = "the section is empty"
NA_NO_POINTS = "no points were checked in this section"
NA_PREDEFINED = "adherence applies to custom sections only"
NA_NO_QUESTIONS = "the section's instructions give no adherence question"
NA_CATEGORICAL = "categorical section: completeness applies to free-text sections only"
NA_NO_CONTENT = "no instruction calls for content in this transcript"

# Summary-level N/A reasons, in the CCAI wording where CCAI has one.
NA_SUMMARY_NO_SECTIONS = "the summary has no sections"
NA_SUMMARY_EMPTY = "every section of the summary is empty"
NA_SUMMARY_PREDEFINED_ONLY = (
    "the summary only uses predefined sections: adherence only evaluates summaries that use "
    "custom sections"
)
NA_SUMMARY_CATEGORICAL_ONLY = (
    "the summary only uses categorical values: completeness only evaluates free-text sections"
)
_MAX_REASON = 300  # the Django layer stores N/A reasons in a 300-character column

EMPTY_SECTION_ADHERENCE_REASONING = "The section is empty, so it follows no instruction."


# --- Section level ----------------------------------------------------------------------------


def section_accuracy(
    points: Iterable[AccuracyPoint], *, section: SectionSpec | None = None
) -> Score:
    """Accuracy of one section.

    1. A section with empty text is N/A ("the section is empty"), whatever points were given.
    2. No points: N/A.
    3. Otherwise accurate points / points.
    """
    points = list(points)
    if section is not None and not section.text.strip():
        return Score.na(NA_EMPTY_SECTION)
    if not points:
        return Score.na(NA_NO_POINTS)
    return Score(value=sum(p.is_accurate for p in points) / len(points))


def section_adherence(
    rubrics: Iterable[AdherenceRubric], *, section: SectionSpec | None = None
) -> Score:
    """Adherence of one section.

    1. A predefined section is N/A ("adherence applies to custom sections only").
    2. No questions (a free-text custom section whose instructions are empty): N/A.
    3. Otherwise addressed / questions. The empty-section rule (all questions false) is applied to
       the verdicts by `assemble_verdict`, so that the stored verdicts and the score agree.
    """
    rubrics = list(rubrics)
    if section is not None and not section.is_custom:
        return Score.na(NA_PREDEFINED)
    if not rubrics:
        return Score.na(NA_NO_QUESTIONS)
    return Score(value=sum(r.is_addressed for r in rubrics) / len(rubrics))


def rubric_completeness(rubric: CompletenessRubric) -> float | None:
    """Covered items / items of one rubric; None when its content list is empty (it does not count)."""
    if not rubric.content_list:
        return None
    return sum(item.is_covered for item in rubric.content_list) / len(rubric.content_list)


def rubric_outcome(rubric: CompletenessRubric) -> tuple[bool, str]:
    """One completeness rubric as a boolean and a reason: covered when every item the instruction
    asks for is covered, or when the transcript holds nothing it asks for (not penalised)."""
    items = rubric.content_list
    if not items:
        return True, "The transcript holds nothing this instruction asks for: not penalised."
    missing = [item.transcript_content for item in items if not item.is_covered]
    if not missing:
        return True, f"All {len(items)} of the items the instruction asks for are covered."
    shown = "; ".join(_shorten(text) for text in missing[:3])
    more = f" and {len(missing) - 3} more" if len(missing) > 3 else ""
    return False, (
        f"{len(items) - len(missing)} of {len(items)} items covered. Missing: {shown}{more}."
    )


def _shorten(text: str, limit: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def section_completeness(
    rubrics: Iterable[CompletenessRubric], *, section: SectionSpec | None = None
) -> Score:
    """Completeness of one section.

    1. A categorical section is N/A.
    2. Keep the rubrics whose content list is not empty; none: N/A ("no instruction calls for
       content in this transcript").
    3. The mean over those rubrics of covered / items. Unverified-evidence items count (see the
       module docstring).
    """
    if section is not None and section.is_categorical:
        return Score.na(NA_CATEGORICAL)
    shares = [share for r in rubrics if (share := rubric_completeness(r)) is not None]
    if not shares:
        return Score.na(NA_NO_CONTENT)
    return Score(value=sum(shares) / len(shares))


# --- Summary level -----------------------------------------------------------------------------


def score_sections(
    summary: SummarySpec,
    *,
    dimensions: Sequence[Dimension],
    accuracy_points: Sequence[AccuracyPoint] = (),
    adherence_rubrics: Sequence[AdherenceRubric] = (),
    completeness_rubrics: Sequence[CompletenessRubric] = (),
) -> tuple[tuple[SectionScores, ...], Score, Score, Score]:
    """Section scores and the summary's accuracy, adherence and completeness.

    1. Group the verdicts by section. A verdict for a section the summary does not have is an
       error (ValueError): it would count in no section and could not be recomputed.
    2. Score every section with the section functions; a dimension not in `dimensions` is N/A
       ("not requested") everywhere.
    3. For each dimension, pool the items of the sections that are not N/A (see the module
       docstring); when every section is N/A, the summary is N/A with `summary_na_reason`.
    """
    keys = [s.key for s in summary.sections]
    if len(set(keys)) != len(keys):
        raise ValueError(f"the summary has duplicate section keys: {keys}")
    points_by = _group(accuracy_points, keys, "accuracy point")
    adherence_by = _group(adherence_rubrics, keys, "adherence rubric")
    completeness_by = _group(completeness_rubrics, keys, "completeness rubric")

    section_scores: list[SectionScores] = []
    pooled_points: list[AccuracyPoint] = []
    pooled_questions: list[AdherenceRubric] = []
    pooled_shares: list[float] = []
    for section in summary.sections:
        accuracy = adherence = completeness = Score.na(NA_NOT_REQUESTED)
        if "accuracy" in dimensions:
            accuracy = section_accuracy(points_by[section.key], section=section)
            if not accuracy.is_na:
                pooled_points.extend(points_by[section.key])
        if "adherence" in dimensions:
            adherence = section_adherence(adherence_by[section.key], section=section)
            if not adherence.is_na:
                pooled_questions.extend(adherence_by[section.key])
        if "completeness" in dimensions:
            completeness = section_completeness(completeness_by[section.key], section=section)
            if not completeness.is_na:
                pooled_shares.extend(
                    share
                    for r in completeness_by[section.key]
                    if (share := rubric_completeness(r)) is not None
                )
        section_scores.append(
            SectionScores(
                section=section.key,
                accuracy=accuracy,
                adherence=adherence,
                completeness=completeness,
            )
        )

    def pooled(dimension: Dimension, value: float | None) -> Score:
        if dimension not in dimensions:
            return Score.na(NA_NOT_REQUESTED)
        if value is None:
            return Score.na(summary_na_reason(dimension, summary, section_scores))
        return Score(value=value)

    accuracy = pooled(
        "accuracy",
        sum(p.is_accurate for p in pooled_points) / len(pooled_points) if pooled_points else None,
    )
    adherence = pooled(
        "adherence",
        sum(r.is_addressed for r in pooled_questions) / len(pooled_questions)
        if pooled_questions
        else None,
    )
    completeness = pooled(
        "completeness", sum(pooled_shares) / len(pooled_shares) if pooled_shares else None
    )
    return tuple(section_scores), accuracy, adherence, completeness


def summary_na_reason(
    dimension: Dimension, summary: SummarySpec, section_scores: Sequence[SectionScores]
) -> str:
    """Why a dimension is N/A for the whole summary (it is N/A for every section).

    The CCAI cases get the CCAI wording: a summary that only uses predefined sections has no
    adherence, one that only uses categorical values has no completeness. Otherwise the distinct
    section reasons are listed.
    """
    sections = summary.sections
    if not sections:
        return NA_SUMMARY_NO_SECTIONS
    if dimension == "adherence" and not any(s.is_custom for s in sections):
        return NA_SUMMARY_PREDEFINED_ONLY
    if dimension == "completeness" and all(s.is_categorical for s in sections):
        return NA_SUMMARY_CATEGORICAL_ONLY
    if dimension == "accuracy" and not any(s.text.strip() for s in sections):
        return NA_SUMMARY_EMPTY
    reasons: dict[str, list[str]] = {}
    for scores in section_scores:
        reason = getattr(scores, dimension).na_reason or ""
        reasons.setdefault(reason, []).append(scores.section)
    if len(reasons) == 1:
        return next(iter(reasons))
    text = "; ".join(f"{', '.join(keys)}: {reason}" for reason, keys in reasons.items())
    return text if len(text) <= _MAX_REASON else text[: _MAX_REASON - 1] + "…"


# --- The whole verdict -------------------------------------------------------------------------


def assemble_verdict(
    *,
    judge: Literal["local", "anthropic"],
    model: str,
    prompt_version: str,
    summary: SummarySpec,
    dimensions: Sequence[Dimension],
    accuracy_points: Sequence[AccuracyPoint] = (),
    adherence_rubrics: Sequence[AdherenceRubric] = (),
    completeness_rubrics: Sequence[CompletenessRubric] = (),
    summarization: SummarizationResult | None = None,
    calls: Sequence[CallUsage] = (),
    transcript: Transcript | None = None,
    notes: Sequence[str] = (),
) -> SummaryVerdict:
    """The verdict of one summary, with every score computed from its verdicts.

    1. Apply the rules that need no judgement, so the stored verdicts say what the score counts:
       - every categorical custom section without an adherence rubric gets the code-decided one
         (`categorical.categorical_adherence`);
       - an empty free-text custom section fails all its adherence questions (README rule 5): its
         rubrics become `is_addressed=False`, and if the judge gave none, they are derived from
         the definition (`rubrics.adherence_questions`);
       - in an empty section, no completeness item is covered.
    2. With `transcript`, check every completeness item's evidence against it
       (`evidence.verify_completeness_items`), and link every summarization claim and question
       to its section and turns (`evidence.link_summarization`); without it, they are taken as
       given.
    3. Score the sections and the summary (`score_sections`). A dimension not in `dimensions` is
       N/A "not requested"; `summarization` is dropped unless requested.
    4. `calls` are the judge's model calls; the summarization's own calls are added unless the same
       call objects were already passed, so a call is never counted twice.
    """
    dimensions = tuple(dimensions)
    accuracy_points = tuple(accuracy_points)
    adherence_rubrics = tuple(adherence_rubrics)
    completeness_rubrics = tuple(completeness_rubrics)
    if "adherence" in dimensions:
        adherence_rubrics = _apply_adherence_rules(summary, adherence_rubrics)
    if "completeness" in dimensions:
        completeness_rubrics = _apply_completeness_rules(summary, completeness_rubrics)
        if transcript is not None:
            completeness_rubrics = verify_completeness_items(transcript, completeness_rubrics)
    section_scores, accuracy, adherence, completeness = score_sections(
        summary,
        dimensions=dimensions,
        accuracy_points=accuracy_points,
        adherence_rubrics=adherence_rubrics,
        completeness_rubrics=completeness_rubrics,
    )
    if "summarization" not in dimensions:
        summarization = None
    elif summarization is not None and transcript is not None:
        summarization = link_summarization(transcript, summary, summarization)
    all_calls = list(calls)
    if summarization is not None:
        all_calls.extend(c for c in summarization.calls if not any(c is seen for seen in calls))
    return SummaryVerdict(
        judge=judge,
        model=model,
        prompt_version=prompt_version,
        dimensions=dimensions,
        accuracy_points=accuracy_points,
        adherence_rubrics=adherence_rubrics,
        completeness_rubrics=completeness_rubrics,
        section_scores=section_scores,
        accuracy=accuracy,
        adherence=adherence,
        completeness=completeness,
        summarization=summarization,
        calls=tuple(all_calls),
        summary=summary,
        notes=tuple(notes),
    )


def recompute(verdict: SummaryVerdict, summary: SummarySpec | None = None) -> SummaryVerdict:
    """The verdict with its section and summary scores recomputed from its verdicts as they stand
    (after an analyst's overrides, say), the summarization score included (from its claims and
    answers, `summarization_score.summarization_scored`). No rule of `assemble_verdict` step 1 is
    re-applied: an override is the analyst's call. `summary` defaults to the one stored on the
    verdict."""
    summary = summary or verdict.summary
    if summary is None:
        raise ValueError("recompute needs the summary: the verdict does not store one")
    section_scores, accuracy, adherence, completeness = score_sections(
        summary,
        dimensions=verdict.dimensions,
        accuracy_points=verdict.accuracy_points,
        adherence_rubrics=verdict.adherence_rubrics,
        completeness_rubrics=verdict.completeness_rubrics,
    )
    summarization = verdict.summarization
    if summarization is not None:
        summarization = summarization_scored(
            claims=summarization.claims,
            questions=summarization.questions,
            answers=summarization.answers,
            calls=summarization.calls,
        )
    return verdict.model_copy(
        update={
            "section_scores": section_scores,
            "accuracy": accuracy,
            "adherence": adherence,
            "completeness": completeness,
            "summarization": summarization,
            "summary": summary,
        }
    )


def score_mismatches(verdict: SummaryVerdict, summary: SummarySpec | None = None) -> list[str]:
    """Where the verdict's stored scores differ from the scores its verdicts give; [] when none.

    Compares the three summary scores and every section score (value within 1e-9, or the same N/A
    reason), so a stored verdict can be audited.
    """
    fresh = recompute(verdict, summary)
    problems: list[str] = []
    for dimension in CCAI_DIMENSIONS:
        problem = _score_difference(getattr(verdict, dimension), getattr(fresh, dimension))
        if problem:
            problems.append(f"summary {dimension}: {problem}")
    stored = {s.section: s for s in verdict.section_scores}
    for scores in fresh.section_scores:
        if scores.section not in stored:
            problems.append(f"section {scores.section}: no stored scores")
            continue
        for dimension in CCAI_DIMENSIONS:
            problem = _score_difference(
                getattr(stored[scores.section], dimension), getattr(scores, dimension)
            )
            if problem:
                problems.append(f"section {scores.section} {dimension}: {problem}")
    for key in stored.keys() - {s.section for s in fresh.section_scores}:
        problems.append(f"section {key}: stored scores for a section the summary does not have")
    return problems


# --- Helpers -----------------------------------------------------------------------------------


class _OfSection(Protocol):
    @property
    def section(self) -> str: ...


_Verdict = TypeVar("_Verdict", bound=_OfSection)


def _group(verdicts: Sequence[_Verdict], keys: list[str], kind: str) -> dict[str, list[_Verdict]]:
    grouped: dict[str, list[_Verdict]] = {key: [] for key in keys}
    for verdict in verdicts:
        if verdict.section not in grouped:
            raise ValueError(
                f"{kind} for section {verdict.section!r}, which the summary does not have "
                f"(its sections: {', '.join(keys) or 'none'})"
            )
        grouped[verdict.section].append(verdict)
    return grouped


def _apply_adherence_rules(
    summary: SummarySpec, rubrics: tuple[AdherenceRubric, ...]
) -> tuple[AdherenceRubric, ...]:
    result: list[AdherenceRubric] = []
    for section in summary.sections:
        own = [r for r in rubrics if r.section == section.key]
        if not section.is_custom:
            result.extend(own)  # scored N/A anyway; kept so nothing a judge said is lost
            continue
        if section.is_categorical:
            result.extend(own if own else [categorical_adherence(section)])
            continue
        if section.text.strip():
            result.extend(own)
            continue
        if not own:
            own = [
                AdherenceRubric(
                    section=section.key,
                    question=question,
                    reasoning=EMPTY_SECTION_ADHERENCE_REASONING,
                    is_addressed=False,
                    decided_by="code",
                )
                for question in adherence_questions(section)
            ]
        result.extend(
            r
            if not r.is_addressed
            else r.model_copy(
                update={
                    "is_addressed": False,
                    "reasoning": EMPTY_SECTION_ADHERENCE_REASONING,
                    "decided_by": "code",
                }
            )
            for r in own
        )
    # Verdicts for unknown sections are kept so that `score_sections` reports them.
    known = {s.key for s in summary.sections}
    result.extend(r for r in rubrics if r.section not in known)
    return tuple(result)


def _apply_completeness_rules(
    summary: SummarySpec, rubrics: tuple[CompletenessRubric, ...]
) -> tuple[CompletenessRubric, ...]:
    empty = {s.key for s in summary.sections if not s.text.strip()}
    if not empty:
        return rubrics
    return tuple(
        r
        if r.section not in empty
        else r.model_copy(
            update={
                "content_list": tuple(
                    item.model_copy(
                        update={"is_covered": False, "related_content_from_summary": ""}
                    )
                    for item in r.content_list
                )
            }
        )
        for r in rubrics
    )


def _score_difference(stored: Score, fresh: Score) -> str | None:
    if stored.is_na and fresh.is_na:
        return (
            None
            if stored.na_reason == fresh.na_reason
            else (f"N/A reason {stored.na_reason!r} != {fresh.na_reason!r}")
        )
    if stored.is_na or fresh.is_na:
        return f"stored {stored.value!r} ({stored.na_reason}) != recomputed {fresh.value!r} ({fresh.na_reason})"
    assert stored.value is not None and fresh.value is not None
    if not math.isclose(stored.value, fresh.value, abs_tol=1e-9):
        return f"stored {stored.value} != recomputed {fresh.value}"
    return None
