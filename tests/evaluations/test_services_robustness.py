"""Nothing is left "running" for good, a run's close cannot race a reopen, and a stray point in a
model's reply does not fail the summary."""

from __future__ import annotations

import json
import threading

import pytest
from django.db import connection

from devkit.fake_anthropic.responders import default_responder, judge_task
from evaluations import judging
from evaluations.exports import evaluation_record
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


# --- A point citing a section not under judgment ----------------------------------------------


def _with_stray_points(*sections: str, only: bool = False):
    """The fake server's replies, with accuracy points for `sections` added to every accuracy
    reply (in place of the real ones when `only`)."""

    def responder(body):
        reply = default_responder(body)
        if judge_task(body) != "accuracy":
            return reply
        parsed = json.loads(reply)
        stray = [
            {
                "section": key,
                "point": "The agent promised a callback.",
                "turn_indexes": [1],
                "accuracy": "Turn 1 says so.",
                "is_accurate": True,
            }
            for key in sections
        ]
        parsed["accuracy_points"] = stray if only else [*parsed["accuracy_points"], *stray]
        return json.dumps(parsed)

    return responder


@pytest.fixture
def claude_on_fake(settings, fake_anthropic):
    settings.ANTHROPIC_API_KEY = "sk-test"
    settings.ANTHROPIC_BASE_URL = fake_anthropic.base_url
    settings.JUDGE_MAX_RETRIES = 0
    settings.JUDGE_REQUESTS_PER_MINUTE = settings.JUDGE_INPUT_TOKENS_PER_MINUTE = 0
    judging._judge.cache_clear()
    yield fake_anthropic
    judging._judge.cache_clear()


def _claude_run(summary) -> EvaluationRun:
    return evaluation_run_create(
        judge="anthropic",
        model="claude-sonnet-5",
        dimensions=["accuracy", "adherence", "completeness"],
        summary_ids=[summary.pk],
    )


def test_points_citing_sections_not_under_judgment_are_left_out_with_a_note(
    claude_on_fake, make_summary
) -> None:
    summary = make_summary()
    summary.sections.filter(definition__key="next_steps").update(text="")  # an empty section
    claude_on_fake.responder = _with_stray_points("next_steps", "made_up", "made_up")
    run = _claude_run(summary)

    outcome = summary_evaluate(evaluation_id=run.evaluations.get().pk)

    evaluation = run.evaluations.get()
    assert (outcome.outcome, evaluation.status) == ("succeeded", "succeeded")
    assert evaluation.notes.splitlines() == [
        "Left out 1 accuracy point the model gave for section 'next_steps': it is empty, so it "
        "is not judged for accuracy.",
        "Left out 2 accuracy points the model gave for section 'made_up': the summary has no "
        "such section.",
    ]
    # The rest of the verdicts stand: the judged sections' points, and no repair was asked for.
    kept = evaluation.accuracy_verdicts.values_list("section", flat=True)
    assert set(kept) == {"situation", "resolution"}
    accuracy_requests = [
        r for r in claude_on_fake.message_requests() if judge_task(r.body) == "accuracy"
    ]
    assert len(accuracy_requests) == 1
    record = evaluation_record(evaluation)
    assert record["notes"] == evaluation.notes


def test_a_reply_with_nothing_usable_left_still_fails_after_its_repair(
    claude_on_fake, make_summary
) -> None:
    claude_on_fake.responder = _with_stray_points("made_up", only=True)
    run = _claude_run(make_summary())

    outcome = summary_evaluate(evaluation_id=run.evaluations.get().pk)

    evaluation = run.evaluations.get()
    assert (outcome.outcome, evaluation.status) == ("failed", "failed")
    assert "sections without any point" in evaluation.error
    assert "unusable twice" in evaluation.error
