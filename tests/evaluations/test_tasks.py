"""The tasks decide whether to run again; run eagerly here (the worker tests run them for real)."""

from __future__ import annotations

import pytest
from django.db import OperationalError

from evaluations.models import AccuracyVerdict
from evaluations.services import evaluation_run_create, faults
from evaluations.services.faults import Point
from evaluations.tasks import summary_evaluate_task

pytestmark = pytest.mark.django_db


def _evaluation(make_summary, marker: str = ""):
    run = evaluation_run_create(judge="local", summary_ids=[make_summary(marker=marker).pk])
    return run.evaluations.get()


def test_the_task_runs_again_after_a_transient_error_until_it_succeeds(
    make_summary, scripted_judge, settings
) -> None:
    # Eager retries do not wait for their countdown, so the backoff must be over at once.
    settings.EVALUATION_RETRY_BASE_SECONDS = settings.EVALUATION_RETRY_MAX_SECONDS = 0
    evaluation = _evaluation(make_summary, marker="TRANSIENTx2")

    result = summary_evaluate_task.apply(args=(evaluation.pk,))

    evaluation.refresh_from_db()
    assert result.get() == "succeeded"
    assert (evaluation.status, evaluation.attempts, evaluation.transient_errors) == (
        "succeeded",
        3,
        2,
    )
    assert AccuracyVerdict.objects.filter(evaluation=evaluation).count() == 1


def test_the_task_does_not_run_again_after_a_permanent_error(make_summary, scripted_judge) -> None:
    evaluation = _evaluation(make_summary, marker="PERMANENT")

    result = summary_evaluate_task.apply(args=(evaluation.pk,))

    evaluation.refresh_from_db()
    assert result.get() == "failed"
    assert (evaluation.status, evaluation.attempts) == ("failed", 1)


def test_a_task_for_a_finished_evaluation_does_nothing(make_summary, scripted_judge) -> None:
    evaluation = _evaluation(make_summary)
    summary_evaluate_task.apply(args=(evaluation.pk,))

    result = summary_evaluate_task.apply(args=(evaluation.pk,))

    evaluation.refresh_from_db()
    assert result.get() == "done"
    assert evaluation.attempts == 1


def test_a_task_for_a_deleted_evaluation_does_nothing(make_summary, scripted_judge) -> None:
    evaluation = _evaluation(make_summary)
    evaluation.run.delete()

    assert summary_evaluate_task.apply(args=(evaluation.pk,)).get() == "missing"


def test_the_task_writes_a_verdict_the_database_refused_on_its_next_run(
    make_summary, scripted_judge, monkeypatch
) -> None:
    evaluation = _evaluation(make_summary)
    judged = []
    evaluate = scripted_judge.evaluate
    monkeypatch.setattr(
        scripted_judge, "evaluate", lambda *a, **k: judged.append(1) or evaluate(*a, **k)
    )
    refused = OperationalError("server closed the connection unexpectedly")

    with faults.injected(Point.VERDICT_WRITE, before=refused, times=1) as refusals:
        result = summary_evaluate_task.apply(args=(evaluation.pk,))

    evaluation.refresh_from_db()
    assert result.get() == "succeeded"
    assert judged == [1] and refusals.fired == 1
    assert (evaluation.status, evaluation.attempts) == ("succeeded", 1)
    assert AccuracyVerdict.objects.filter(evaluation=evaluation).count() == 1


def test_a_judge_error_the_database_refused_is_stored_once_and_the_task_then_judges_afresh(
    make_summary, scripted_judge, settings
) -> None:
    from evaluations.models import ModelCall

    settings.EVALUATION_RETRY_BASE_SECONDS = settings.EVALUATION_RETRY_MAX_SECONDS = 0
    evaluation = _evaluation(make_summary, marker="TRANSIENTx1")
    refused = OperationalError("server closed the connection unexpectedly")

    with faults.injected(Point.RELEASE, before=refused, times=1) as refusals:
        result = summary_evaluate_task.apply(args=(evaluation.pk,))

    evaluation.refresh_from_db()
    assert result.get() == "succeeded"
    # Claimed twice (the transient error, then the success); the release stored once.
    assert (evaluation.attempts, evaluation.transient_errors) == (2, 1)
    assert refusals.fired == 1
    assert ModelCall.objects.filter(evaluation=evaluation, attempt_failed=False).count() == 2
    assert AccuracyVerdict.objects.filter(evaluation=evaluation).count() == 1
