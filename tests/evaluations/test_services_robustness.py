"""Nothing is left "running" for good, and a run's close cannot race a reopen."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from evaluations.models import EvaluationRun, SummaryEvaluation
from evaluations.services import (
    evaluation_run_create,
    evaluation_run_finish_if_done,
    evaluation_run_retry_failed,
    faults,
    summary_evaluate,
)
from evaluations.services.faults import Point

pytestmark = pytest.mark.django_db


def _run(summaries) -> EvaluationRun:
    return evaluation_run_create(
        judge="local",
        dimensions=["accuracy", "adherence", "completeness"],
        summary_ids=[s.pk for s in summaries],
    )


def test_a_nul_character_in_a_model_reply_is_dropped_before_it_reaches_the_database(
    make_summary, scripted_judge
) -> None:
    judge_evaluate = scripted_judge.evaluate

    def reply_with_nul(*args, **kwargs):
        verdict = judge_evaluate(*args, **kwargs)
        point = verdict.accuracy_points[0].model_copy(update={"accuracy": "said\x00 so"})
        return verdict.model_copy(update={"accuracy_points": (point, *verdict.accuracy_points[1:])})

    scripted_judge.evaluate = reply_with_nul
    run = _run([make_summary()])

    outcome = summary_evaluate(evaluation_id=run.evaluations.get().pk)

    assert outcome.outcome == "succeeded"
    evaluation = run.evaluations.get()
    assert evaluation.accuracy_verdicts.order_by("position")[0].justification == "said so"


def test_a_verdict_that_cannot_be_stored_fails_the_summary_instead_of_leaving_it_running(
    make_summary, scripted_judge
) -> None:
    run = _run([make_summary()])
    refused = ValueError("a field the database refuses")

    with faults.injected(Point.VERDICT_WRITE, before=refused):
        outcome = summary_evaluate(evaluation_id=run.evaluations.get().pk)

    evaluation = run.evaluations.get()
    assert outcome.outcome == "failed"
    assert evaluation.status == "failed"
    assert "Could not store the verdicts: ValueError: a field the database refuses" in (
        evaluation.error
    )
    run.refresh_from_db()
    assert run.status == EvaluationRun.Status.FINISHED_WITH_FAILURES


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_a_late_close_cannot_undo_a_retry_failed_that_reopened_the_run(
    make_summary, scripted_judge
) -> None:
    run = _run([make_summary(), make_summary(marker="PERMANENT")])
    for evaluation in run.evaluations.all():
        summary_evaluate(evaluation_id=evaluation.pk)
    run.refresh_from_db()
    assert run.status == EvaluationRun.Status.FINISHED_WITH_FAILURES

    # A late finisher (a redelivered task) has found nothing pending and is summing the totals
    # when "retry failed" arrives from another connection.
    reopened = threading.Event()

    def retry_failed_in_another_connection() -> None:
        try:
            evaluation_run_retry_failed(run=EvaluationRun.objects.get(pk=run.pk))
            reopened.set()
        finally:
            connection.close()

    retry = threading.Thread(target=retry_failed_in_another_connection)

    def retry_failed_arrives() -> None:
        retry.start()
        reopened.wait(timeout=1.0)  # it must wait for the finisher's lock

    with faults.injected(Point.RUN_CLOSE, before=retry_failed_arrives):
        evaluation_run_finish_if_done(run_id=run.pk)
    retry.join(timeout=10)

    run.refresh_from_db()
    assert reopened.is_set()
    assert run.status == EvaluationRun.Status.RUNNING
    assert run.evaluations.filter(status=SummaryEvaluation.Status.QUEUED).count() == 1
