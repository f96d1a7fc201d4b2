"""Verdict persistence: one summary's verdict rows (every kind in `evaluations.verdict_kinds`),
calls and scores, written in one transaction and only while the attempt's claim is still its
own."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from evaluations.judges.types import SummaryVerdict
from evaluations.models import SectionScore, SummaryEvaluation
from evaluations.services import faults
from evaluations.services.usage import model_calls_create, usage_added
from evaluations.verdict_kinds import VERDICT_KINDS

Status = SummaryEvaluation.Status


def _without_nul_characters(verdict: SummaryVerdict) -> SummaryVerdict:
    """A model may put U+0000 in a reason; PostgreSQL text columns refuse it."""
    text = verdict.model_dump_json()
    if "\\u0000" not in text:
        return verdict
    return SummaryVerdict.model_validate_json(text.replace("\\u0000", ""))


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
            SectionScore(
                evaluation=evaluation,
                section=scores.section,
                accuracy=scores.accuracy.value,
                accuracy_na_reason=(scores.accuracy.na_reason or "")[:300],
                adherence=scores.adherence.value,
                adherence_na_reason=(scores.adherence.na_reason or "")[:300],
                completeness=scores.completeness.value,
                completeness_na_reason=(scores.completeness.na_reason or "")[:300],
            )
            for scores in verdict.section_scores
        )
        model_calls_create(evaluation_id=evaluation_id, calls=verdict.calls, attempt_failed=False)
        SummaryEvaluation.objects.filter(pk=evaluation_id).update(
            # The claim's token stays: a replay of this write (a retry after a lost COMMIT
            # acknowledgement) recognises its own verdict by it.
            status=Status.SUCCEEDED,
            error="",
            finished_at=timezone.now(),
            judge=verdict.judge,
            model=verdict.model,
            prompt_version=verdict.prompt_version,
            accuracy=verdict.accuracy.value,
            accuracy_na_reason=(verdict.accuracy.na_reason or "")[:300],
            adherence=verdict.adherence.value,
            adherence_na_reason=(verdict.adherence.na_reason or "")[:300],
            completeness=verdict.completeness.value,
            completeness_na_reason=(verdict.completeness.na_reason or "")[:300],
            summarization=summarization.score if summarization else None,
            summarization_reason=summarization.reason if summarization else "",
            alignment=summarization.alignment if summarization else None,
            coverage=summarization.coverage if summarization else None,
            **usage_added(verdict.calls),
        )
    return True
