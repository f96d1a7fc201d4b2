"""Human reviews: an analyst's verdict on one verdict item, and the "reviewed" mark.

The judge's rows are never written here. A review is stored beside the item, with who and when;
each analyst has their own row per item (a second analyst's review is a second row).
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from evaluations.models import SummaryEvaluation, SummaryReview, VerdictReview
from evaluations.services.dashboard_rollup import dashboard_rollup_reviews_refresh
from evaluations.verdict_kinds import REVIEWABLE_KINDS

COMMENT_MAX_CHARACTERS = 4000


def _succeeded(evaluation: SummaryEvaluation) -> None:
    if evaluation.status != SummaryEvaluation.Status.SUCCEEDED:
        raise ValidationError(
            f"evaluation {evaluation.pk} is {evaluation.get_status_display().lower()}: only a "
            "succeeded evaluation has verdicts to review"
        )


def verdict_review_save(
    *,
    user: User,
    kind: str,
    item_id: int,
    human_value: bool,
    comment: str = "",
    is_blind: bool = False,
) -> VerdictReview:
    """Store (or change) `user`'s verdict on one item.

    1. Find the item through the registry (KeyError: no such kind; the model's DoesNotExist: no
       such item) and refuse an evaluation that did not succeed.
    2. Copy the judge's value and the judge version (judge, model, prompt) that gave it; they
       never change, but the review keeps them so that calibration never joins the verdict
       tables or the evaluations.
    3. A review is blind only if it was made without seeing the judge: changing it after the
       reveal (a non-blind save) makes it not blind, and it never becomes blind again.
    """
    reviewable = REVIEWABLE_KINDS[kind]
    row = reviewable.row(item_id)
    evaluation = reviewable.evaluation_of(row)
    _succeeded(evaluation)
    comment = comment.strip()
    if len(comment) > COMMENT_MAX_CHARACTERS:
        raise ValidationError(f"The comment is over {COMMENT_MAX_CHARACTERS} characters.")
    with transaction.atomic():
        review = (
            VerdictReview.objects.select_for_update()
            .filter(kind=kind, item_id=item_id, reviewer=user)
            .first()
        )
        if review is None:
            review = VerdictReview.objects.create(
                kind=kind,
                item_id=item_id,
                evaluation=evaluation,
                section=reviewable.section_of(row),
                reviewer=user,
                judge_value=reviewable.judge_value(row),
                # The judge version with the judge's value: calibration groups by it.
                judge=evaluation.judge,
                model=evaluation.model,
                prompt_version=evaluation.prompt_version,
                human_value=human_value,
                comment=comment,
                is_blind=is_blind,
            )
        else:
            review.human_value = human_value
            review.comment = comment
            review.is_blind = review.is_blind and is_blind
            review.save(update_fields=["human_value", "comment", "is_blind", "updated_at"])
        # The dashboard's agreement chart counts the reviews on the evaluation's fact.
        dashboard_rollup_reviews_refresh(evaluation_id=evaluation.pk)
        return review


def verdict_review_clear(*, user: User, kind: str, item_id: int) -> bool:
    """Take back `user`'s review of one item; False when there was none."""
    with transaction.atomic():
        reviews = VerdictReview.objects.filter(kind=kind, item_id=item_id, reviewer=user)
        evaluation_ids = list(reviews.values_list("evaluation_id", flat=True))
        deleted, _ = reviews.delete()
        for evaluation_id in evaluation_ids:
            dashboard_rollup_reviews_refresh(evaluation_id=evaluation_id)
    return deleted > 0


def summary_review_mark(
    *, user: User, evaluation: SummaryEvaluation, is_blind: bool = False
) -> SummaryReview:
    """Mark an evaluation reviewed by `user` (who and when). Marking again keeps the first mark's
    blindness: a review that started blind stays one, and a seen one never becomes blind."""
    _succeeded(evaluation)
    review, created = SummaryReview.objects.get_or_create(
        evaluation=evaluation,
        reviewer=user,
        defaults={
            "summary_id": evaluation.summary_id,
            "is_blind": is_blind,
            "reviewed_at": timezone.now(),
        },
    )
    if not created:
        review.reviewed_at = timezone.now()
        review.save(update_fields=["reviewed_at"])
    return review


def summary_review_unmark(*, user: User, evaluation: SummaryEvaluation) -> bool:
    """Take back `user`'s reviewed mark; False when there was none. A blind review's mark stays:
    it records that the judge's verdicts were revealed to this reviewer."""
    deleted, _ = SummaryReview.objects.filter(
        evaluation=evaluation, reviewer=user, is_blind=False
    ).delete()
    return deleted > 0
