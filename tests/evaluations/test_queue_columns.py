"""The queue's columns on SummaryEvaluation, set with the verdicts and filled by the data
migration for older rows: failing_points, has_na and is_latest."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from evaluations.judges.types import (
    AccuracyPoint,
    AdherenceRubric,
    ClaimVerdict,
    CompletenessItem,
    CompletenessRubric,
    QuestionVerdict,
    Score,
    SummarizationResult,
    SummaryVerdict,
)
from evaluations.models import SummaryEvaluation
from evaluations.services import evaluation_run_create, summary_evaluate
from evaluations.services.verdicts import verdict_failing_items, verdict_has_na

pytestmark = pytest.mark.django_db

CCAI = ["accuracy", "adherence", "completeness"]


def _judged(summaries, dimensions=CCAI) -> list[SummaryEvaluation]:
    run = evaluation_run_create(
        judge="local", dimensions=dimensions, summary_ids=[s.pk for s in summaries]
    )
    for pk in run.evaluations.order_by("pk").values_list("pk", flat=True):
        summary_evaluate(evaluation_id=pk)
    return list(run.evaluations.order_by("pk"))


def test_failing_items_count_every_kind_an_analyst_reviews() -> None:
    verdict = SummaryVerdict(
        judge="local",
        model="m",
        prompt_version="p",
        dimensions=("accuracy", "adherence", "completeness", "summarization"),
        accuracy_points=(
            AccuracyPoint(section="s", point="a", accuracy="", is_accurate=False),
            AccuracyPoint(section="s", point="b", accuracy="", is_accurate=True),
        ),
        adherence_rubrics=(
            AdherenceRubric(section="s", question="q", reasoning="", is_addressed=False),
        ),
        completeness_rubrics=(
            CompletenessRubric(
                section="s",
                instruction="i",
                question="q",
                content_list=(
                    CompletenessItem(transcript_content="x", is_covered=False),
                    CompletenessItem(transcript_content="y", is_covered=True),
                ),
            ),
        ),
        summarization=SummarizationResult(
            score=0.5,
            reason="",
            alignment=0.5,
            coverage=0.5,
            claims=(
                ClaimVerdict(claim="c1", supported=False, reason=""),
                ClaimVerdict(claim="c2", supported=True, reason=""),
            ),
            questions=("q1", "q2", "q3"),
            # q3 has no answer at all: it counts as unanswered, as it is stored.
            answers=(
                QuestionVerdict(question="q1", answered=True, reason=""),
                QuestionVerdict(question="q2", answered=False, reason=""),
            ),
        ),
        accuracy=Score(value=0.5),
        adherence=Score.na("adherence applies to custom sections only"),
        completeness=Score(value=0.5),
    )

    assert verdict_failing_items(verdict) == 1 + 1 + 1 + 1 + 2
    assert verdict_has_na(verdict) is True
    not_asked = verdict.model_copy(update={"dimensions": ("accuracy", "completeness")})
    assert verdict_has_na(not_asked) is False  # N/A only counts where it was asked for


def test_the_verdict_write_sets_the_queue_columns(make_summary, scripted_judge) -> None:
    right = make_summary(amount="$10")
    wrong = make_summary(amount="$10", summary_amount="$30")

    good, bad = _judged([right, wrong])

    assert (good.failing_points, bad.failing_points) == (0, 1)
    assert (good.has_na, bad.has_na) == (False, False)
    assert good.is_latest and bad.is_latest


def test_a_newer_run_takes_the_latest_mark_and_an_older_one_finishing_late_does_not(
    make_summary, scripted_judge
) -> None:
    summary = make_summary()
    (first,) = _judged([summary])
    (second,) = _judged([summary])
    first.refresh_from_db()
    assert (first.is_latest, second.is_latest) == (False, True)

    # A third run is created, then the second's summary is judged again by an older run.
    third_run = evaluation_run_create(judge="local", dimensions=CCAI, summary_ids=[summary.pk])
    late_older = evaluation_run_create(judge="local", dimensions=CCAI, summary_ids=[summary.pk])
    late_older_evaluation = late_older.evaluations.get()
    third_evaluation = third_run.evaluations.get()
    summary_evaluate(evaluation_id=late_older_evaluation.pk)  # the newest run finishes first
    summary_evaluate(evaluation_id=third_evaluation.pk)  # then an older one

    latest = SummaryEvaluation.objects.filter(summary=summary, is_latest=True)
    assert list(latest.values_list("pk", flat=True)) == [late_older_evaluation.pk]


def test_a_failed_evaluation_is_never_the_latest(make_summary, scripted_judge) -> None:
    summary = make_summary(marker="PERMANENT")

    (failed,) = _judged([summary])

    assert failed.status == "failed" and not failed.is_latest


def test_the_data_migration_fills_rows_stored_before_the_columns(
    make_summary, scripted_judge
) -> None:
    predefined_only = make_summary(amount="$10", summary_amount="$30")
    first = _judged([predefined_only, make_summary()])
    second = _judged([predefined_only])
    expected = {
        e.pk: (e.failing_points, e.has_na, e.is_latest) for e in SummaryEvaluation.objects.all()
    }
    assert [expected[e.pk][2] for e in first] == [False, True]
    assert expected[second[0].pk] == (1, False, True)
    # An adherence N/A (as for a summary of predefined sections only).
    SummaryEvaluation.objects.filter(pk=first[1].pk).update(adherence=None)
    expected[first[1].pk] = (expected[first[1].pk][0], True, True)
    SummaryEvaluation.objects.update(failing_points=0, has_na=False, is_latest=False)

    migration = importlib.import_module("evaluations.migrations.0008_fill_queue_columns")
    migration.fill(apps, None)

    assert {
        e.pk: (e.failing_points, e.has_na, e.is_latest) for e in SummaryEvaluation.objects.all()
    } == expected
