"""Verdict persistence: one summary's verdict rows (every kind in `evaluations.verdict_kinds`),
calls and scores, written in one transaction and only while the attempt's claim is still its
own."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from evaluations.judges.types import CCAI_DIMENSIONS, SectionScores, SummaryVerdict
from evaluations.models import SectionScore, SummaryEvaluation
from evaluations.services import faults
from evaluations.services.dashboard_rollup import dashboard_rollup_refresh
from evaluations.services.usage import model_calls_create, usage_added
from evaluations.verdict_kinds import VERDICT_KINDS
from summaries.models import Summary

Status = SummaryEvaluation.Status


def verdict_failing_items(verdict: SummaryVerdict) -> int:
    """The verdict items the judge failed, of every kind an analyst reviews: inaccurate points,
    unaddressed adherence questions, uncovered completeness items, unsupported summarization
    claims and unanswered coverage questions. The queue's "failing points"."""
    failing = sum(not point.is_accurate for point in verdict.accuracy_points)
    failing += sum(not rubric.is_addressed for rubric in verdict.adherence_rubrics)
    failing += sum(
        not item.is_covered
        for rubric in verdict.completeness_rubrics
        for item in rubric.content_list
    )
    summarization = verdict.summarization
    if summarization is not None:
        failing += sum(not claim.supported for claim in summarization.claims)
        answered = {answer.question for answer in summarization.answers if answer.answered}
        failing += sum(question not in answered for question in summarization.questions)
    return failing


def verdict_has_na(verdict: SummaryVerdict) -> bool:
    """A dimension the run asked for is N/A (the summarization score, once run, never is)."""
    return any(
        getattr(verdict, dimension).is_na
        for dimension in verdict.dimensions
        if dimension in CCAI_DIMENSIONS
    )


def _is_latest_taken(evaluation: SummaryEvaluation) -> bool:
    """Make this evaluation its summary's latest unless a newer run's already is; inside the
    verdict's transaction. The summary's row lock makes two runs finishing the same summary at
    once take turns, so the partial unique index (one latest per summary) never refuses one."""
    list(Summary.objects.select_for_update().filter(pk=evaluation.summary_id).values_list("pk"))
    siblings = SummaryEvaluation.objects.filter(summary_id=evaluation.summary_id).exclude(
        pk=evaluation.pk
    )
    if siblings.filter(status=Status.SUCCEEDED, run_id__gt=evaluation.run_id).exists():
        return False
    siblings.filter(is_latest=True).update(is_latest=False)
    return True


def _without_nul_characters(verdict: SummaryVerdict) -> SummaryVerdict:
    """A model may put U+0000 in a reason; PostgreSQL text columns refuse it."""
    text = verdict.model_dump_json()
    if "\\u0000" not in text:
        return verdict
    return SummaryVerdict.model_validate_json(text.replace("\\u0000", ""))


def _score_columns(scored: SummaryVerdict | SectionScores) -> dict[str, Any]:
    """The accuracy, adherence and completeness scores as columns: each a value, or null with the
    reason it is N/A (cut to its column's length)."""
    columns: dict[str, Any] = {}
    for dimension in CCAI_DIMENSIONS:
        score = getattr(scored, dimension)
        columns[dimension] = score.value
        columns[f"{dimension}_na_reason"] = (score.na_reason or "")[:300]
    return columns


@faults.step(faults.Point.VERDICT_WRITE)
def verdict_write(*, evaluation_id: int, token: str, verdict: SummaryVerdict) -> bool:
    """Write one summary's verdicts, calls and scores in one transaction, only if the claim is
    still ours. The row lock makes a concurrent reclaim wait for this commit, then find the
    evaluation terminal; the unique (evaluation, position) constraints back it up. The verdict's
    calls and usage are added to those of earlier failed attempts, not written over them."""
    with transaction.atomic():
        evaluation = (
            SummaryEvaluation.objects.select_for_update()
            .filter(pk=evaluation_id, status=Status.RUNNING, claim_token=token)
            .first()
        )
        if evaluation is None:
            return False
        verdict = _without_nul_characters(verdict)
        for kind in VERDICT_KINDS:
            kind.rows_create(evaluation=evaluation, verdict=verdict)
        summarization = verdict.summarization
        SectionScore.objects.bulk_create(
            SectionScore(evaluation=evaluation, section=scores.section, **_score_columns(scores))
            for scores in verdict.section_scores
        )
        model_calls_create(evaluation_id=evaluation_id, calls=verdict.calls, attempt_failed=False)
        is_latest = _is_latest_taken(evaluation)
        SummaryEvaluation.objects.filter(pk=evaluation_id).update(
            # The claim's token stays: a replay of this write (a retry after a lost COMMIT
            # acknowledgement) recognises its own verdict by it.
            status=Status.SUCCEEDED,
            error="",
            notes="\n".join(verdict.notes),
            finished_at=timezone.now(),
            judge=verdict.judge,
            model=verdict.model,
            prompt_version=verdict.prompt_version,
            **_score_columns(verdict),
            summarization=summarization.score if summarization else None,
            summarization_reason=summarization.reason if summarization else "",
            alignment=summarization.alignment if summarization else None,
            coverage=summarization.coverage if summarization else None,
            failing_points=verdict_failing_items(verdict),
            has_na=verdict_has_na(verdict),
            is_latest=is_latest,
            **usage_added(verdict.calls),
        )
        # What the dashboard counts for this summary may have changed (this evaluation replaces
        # an older run's under its configuration): in this transaction, under the summary's lock.
        dashboard_rollup_refresh(summary_ids=[evaluation.summary_id])
    return True
