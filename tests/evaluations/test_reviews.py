"""Human reviews (services) and the adjusted scores they give (through the judges' scoring)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from evaluations.judges.scoring import recompute
from evaluations.models import (
    AccuracyVerdict,
    CompletenessItemVerdict,
    CoverageQuestion,
    SummarizationClaim,
    SummaryEvaluation,
    SummaryReview,
    VerdictReview,
)
from evaluations.review import review_data
from evaluations.services.reviews import (
    summary_review_mark,
    summary_review_unmark,
    verdict_review_clear,
    verdict_review_save,
)
from evaluations.verdict_kinds import REVIEWABLE_KINDS, summary_verdict_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def evaluation(make_summary, judge_now) -> SummaryEvaluation:
    run = judge_now([make_summary(amount="$10", summary_amount="$30")])
    return run.evaluations.get()


@pytest.fixture
def analysts(cast) -> tuple[User, User]:
    second = User.objects.create_user("analyst-2")
    second.groups.add(cast["analyst"].groups.get())
    return cast["analyst"], second


def test_a_review_is_stored_beside_the_judge_verdict_which_never_changes(
    evaluation, analysts
) -> None:
    point = AccuracyVerdict.objects.filter(evaluation=evaluation).first()
    before = (point.is_accurate, point.justification)

    review = verdict_review_save(
        user=analysts[0],
        kind="accuracy_point",
        item_id=point.pk,
        human_value=not point.is_accurate,
        comment="  The transcript says $10.  ",
    )

    point.refresh_from_db()
    assert (point.is_accurate, point.justification) == before
    assert review.judge_value is before[0] and review.human_value is not before[0]
    assert not review.agrees
    assert review.comment == "The transcript says $10."
    assert (review.evaluation_id, review.section, review.reviewer) == (
        evaluation.pk,
        point.section,
        analysts[0],
    )
    assert review.created_at and review.updated_at


def test_a_second_analyst_makes_a_second_review_not_over_the_first(evaluation, analysts) -> None:
    point = AccuracyVerdict.objects.filter(evaluation=evaluation).first()

    verdict_review_save(user=analysts[0], kind="accuracy_point", item_id=point.pk, human_value=True)
    verdict_review_save(
        user=analysts[1], kind="accuracy_point", item_id=point.pk, human_value=False
    )
    verdict_review_save(
        user=analysts[0], kind="accuracy_point", item_id=point.pk, human_value=False
    )

    reviews = VerdictReview.objects.filter(item_id=point.pk).order_by("reviewer__username")
    assert [(r.reviewer.username, r.human_value) for r in reviews] == [
        ("analyst", False),
        ("analyst-2", False),
    ]


def test_a_blind_review_changed_after_the_reveal_is_no_longer_blind(evaluation, analysts) -> None:
    point = AccuracyVerdict.objects.filter(evaluation=evaluation).first()
    kwargs = {"user": analysts[0], "kind": "accuracy_point", "item_id": point.pk}

    assert verdict_review_save(**kwargs, human_value=True, is_blind=True).is_blind
    assert verdict_review_save(**kwargs, human_value=True, is_blind=True).is_blind
    assert not verdict_review_save(**kwargs, human_value=False, is_blind=False).is_blind
    # Once seen, never blind again.
    assert not verdict_review_save(**kwargs, human_value=True, is_blind=True).is_blind


def test_clearing_takes_back_only_my_review(evaluation, analysts) -> None:
    point = AccuracyVerdict.objects.filter(evaluation=evaluation).first()
    for analyst in analysts:
        verdict_review_save(
            user=analyst, kind="accuracy_point", item_id=point.pk, human_value=False
        )

    assert verdict_review_clear(user=analysts[0], kind="accuracy_point", item_id=point.pk)
    assert not verdict_review_clear(user=analysts[0], kind="accuracy_point", item_id=point.pk)
    assert list(VerdictReview.objects.values_list("reviewer__username", flat=True)) == ["analyst-2"]


def test_every_reviewable_kind_copies_its_judge_value_and_section(evaluation, analysts) -> None:
    rows = {
        "accuracy_point": AccuracyVerdict.objects.filter(evaluation=evaluation).first(),
        "completeness_item": CompletenessItemVerdict.objects.filter(
            rubric__evaluation=evaluation
        ).first(),
        "summarization_claim": SummarizationClaim.objects.filter(evaluation=evaluation).first(),
        "coverage_question": CoverageQuestion.objects.filter(evaluation=evaluation).first(),
        "adherence_rubric": evaluation.adherence_verdicts.first(),
    }
    assert all(rows.values()), rows  # the offline judge returns every kind here

    for kind, row in rows.items():
        reviewable = REVIEWABLE_KINDS[kind]
        review = verdict_review_save(user=analysts[0], kind=kind, item_id=row.pk, human_value=True)
        assert review.judge_value == reviewable.judge_value(row), kind
        assert review.section == reviewable.section_of(row), kind
        assert review.evaluation_id == evaluation.pk, kind


def test_an_unknown_item_or_an_unfinished_evaluation_cannot_be_reviewed(
    evaluation, analysts, make_summary
) -> None:
    with pytest.raises(KeyError):
        verdict_review_save(user=analysts[0], kind="opinion", item_id=1, human_value=True)
    with pytest.raises(AccuracyVerdict.DoesNotExist):
        verdict_review_save(
            user=analysts[0], kind="accuracy_point", item_id=999_999, human_value=True
        )
    point = AccuracyVerdict.objects.filter(evaluation=evaluation).first()
    SummaryEvaluation.objects.filter(pk=evaluation.pk).update(status="failed")
    with pytest.raises(ValidationError, match="only a succeeded evaluation"):
        verdict_review_save(
            user=analysts[0], kind="accuracy_point", item_id=point.pk, human_value=True
        )


def test_marking_reviewed_records_who_and_when_and_keeps_a_blind_start(
    evaluation, analysts
) -> None:
    first = summary_review_mark(user=analysts[0], evaluation=evaluation, is_blind=True)
    again = summary_review_mark(user=analysts[0], evaluation=evaluation, is_blind=False)
    other = summary_review_mark(user=analysts[1], evaluation=evaluation)

    assert first.pk == again.pk and again.is_blind and again.reviewed_at >= first.reviewed_at
    assert other.pk != first.pk and not other.is_blind
    assert SummaryReview.objects.filter(summary=evaluation.summary).count() == 2
    # A blind mark records the reveal: it cannot be taken back; a plain one can.
    assert not summary_review_unmark(user=analysts[0], evaluation=evaluation)
    assert summary_review_unmark(user=analysts[1], evaluation=evaluation)


# --- Adjusted scores ----------------------------------------------------------------------------


def test_the_adjusted_score_is_the_judges_scoring_over_the_human_values(
    evaluation, analysts
) -> None:
    data = review_data(evaluation=evaluation, user=analysts[0])
    judge_accuracy = data.scores["accuracy"].judge.value
    assert data.scores["accuracy"].adjusted.value == pytest.approx(judge_accuracy)
    failed = next(i for i in data.items if i.kind.name == "accuracy_point" and not i.judge_value)

    verdict_review_save(
        user=analysts[0], kind="accuracy_point", item_id=failed.row.pk, human_value=True
    )
    data = review_data(evaluation=evaluation, user=analysts[0])

    points = [i for i in data.items if i.kind.name == "accuracy_point"]
    judged_accurate = sum(i.judge_value for i in points)
    assert data.scores["accuracy"].judge.value == pytest.approx(judged_accurate / len(points))
    assert data.scores["accuracy"].adjusted.value == pytest.approx(
        (judged_accurate + 1) / len(points)
    )
    assert data.scores["accuracy"].changed
    # The same number as the engine's own recompute of the verdict with that value flipped.
    spec = data.adjusted_verdict.summary
    engine = recompute(
        summary_verdict_of(
            data.evaluation, summary=spec, human={("accuracy_point", failed.row.pk): True}
        )
    )
    assert engine.accuracy.value == data.scores["accuracy"].adjusted.value
    evaluation.refresh_from_db()
    assert evaluation.accuracy == pytest.approx(judge_accuracy)  # the stored score stays


def test_the_latest_human_value_of_an_item_counts(evaluation, analysts) -> None:
    data = review_data(evaluation=evaluation, user=analysts[0])
    accurate = next(i for i in data.items if i.kind.name == "accuracy_point" and i.judge_value)
    verdict_review_save(
        user=analysts[0], kind="accuracy_point", item_id=accurate.row.pk, human_value=False
    )
    after_first = review_data(evaluation=evaluation, user=analysts[0]).scores["accuracy"]
    verdict_review_save(
        user=analysts[1], kind="accuracy_point", item_id=accurate.row.pk, human_value=True
    )

    after_second = review_data(evaluation=evaluation, user=analysts[0]).scores["accuracy"]
    assert after_first.adjusted.value < after_first.judge.value
    assert after_second.adjusted.value == pytest.approx(after_second.judge.value)


def test_overriding_a_claim_rescores_summarization_with_the_same_formula(
    evaluation, analysts
) -> None:
    data = review_data(evaluation=evaluation, user=analysts[0])
    claims = [i for i in data.items if i.kind.name == "summarization_claim"]
    questions = [i for i in data.items if i.kind.name == "coverage_question"]
    for claim in claims:
        verdict_review_save(
            user=analysts[0],
            kind="summarization_claim",
            item_id=claim.row.pk,
            human_value=False,
        )

    data = review_data(evaluation=evaluation, user=analysts[0])
    cell = data.scores["summarization"]
    assert cell.judge.value == pytest.approx(evaluation.summarization)
    assert cell.adjusted.value == 0.0  # no supported claim left: alignment 0
    assert data.adjusted_verdict.summarization.alignment == 0.0
    assert len(data.adjusted_verdict.summarization.answers) == len(questions)


def test_an_na_dimension_stays_na_with_its_reason(make_summary, judge_now, analysts) -> None:
    run = judge_now([make_summary()], dimensions=("accuracy", "completeness"))
    data = review_data(evaluation=run.evaluations.get(), user=analysts[0])

    assert set(data.scores) == {"accuracy", "completeness"}
    resolution = next(s for s in data.sections if s.key == "resolution")
    completeness = resolution.scores["completeness"]
    assert completeness.judge.is_na and completeness.adjusted.is_na
    assert "categorical" in completeness.judge.na_reason
