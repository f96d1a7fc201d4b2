"""Batch runs (issue 13): a run's calls through Message Batches, in this process, with the real
Claude judge (the real SDK) against the fake Messages API. Celery messages are held, and the
tests play the tasks' part: submit, poll, poll again."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from devkit.fake_anthropic import Fault
from evaluations.models import EvaluationRun, JudgeBatch, ModelCall, SummaryEvaluation
from evaluations.services import (
    dispatch,
    evaluation_run_cancel,
    evaluation_run_create,
    evaluation_run_fan_out,
    evaluation_run_plan,
    evaluation_run_retry_failed,
)
from evaluations.services.batches import judge_batch_poll, run_batch_submit

pytestmark = pytest.mark.django_db
MODEL = "claude-sonnet-5"
DIMENSIONS = ["accuracy", "adherence", "completeness", "summarization"]


@pytest.fixture
def claude(settings, fake_anthropic):
    settings.ANTHROPIC_API_KEY = "sk-test"
    settings.ANTHROPIC_BASE_URL = fake_anthropic.base_url
    settings.JUDGE_MAX_RETRIES = 0
    settings.JUDGE_REQUESTS_PER_MINUTE = 0
    settings.JUDGE_INPUT_TOKENS_PER_MINUTE = 0
    settings.EVALUATION_MAX_RETRIES = 2
    settings.JUDGE_BATCH_POLL_SECONDS = 0  # the tests poll as often as they like
    return fake_anthropic


def batch_run(summaries, **options) -> EvaluationRun:
    return evaluation_run_create(
        judge="anthropic",
        model=MODEL,
        dimensions=DIMENSIONS,
        summary_ids=[s.pk for s in summaries],
        batch=True,
        **options,
    )


def poll_all(run: EvaluationRun) -> list[int]:
    """Poll every open batch of the run once (as the poll tasks would); the batches polled."""
    polled = []
    for batch in JudgeBatch.objects.filter(run=run, status=JudgeBatch.Status.SUBMITTED):
        judge_batch_poll(batch_id=batch.pk)
        polled.append(batch.pk)
    return polled


def run_to_the_end(run: EvaluationRun, *, rounds: int = 8) -> None:
    with dispatch.held():
        evaluation_run_fan_out(run_id=run.pk)
        run_batch_submit(run_id=run.pk)
        for _ in range(rounds):
            if not poll_all(run):
                break
    run.refresh_from_db()


def test_a_batch_run_is_judged_in_two_batches_and_stored_once(
    claude, make_summary, django_capture_on_commit_callbacks
):
    summaries = [make_summary() for _ in range(3)]
    with dispatch.held() as held:
        run = batch_run(summaries)
        evaluation_run_fan_out(run_id=run.pk)
    # The fan-out of a batch run asks for a submit, not one task per evaluation.
    assert held.args(dispatch.Message.BATCH_SUBMIT) == [(run.pk,)]
    assert held.published == []

    with dispatch.held() as held, django_capture_on_commit_callbacks(execute=True):
        run_batch_submit(run_id=run.pk)
    (first,) = JudgeBatch.objects.filter(run=run)
    assert first.requests == 12  # accuracy, adherence, completeness and claims, per summary
    assert held.args(dispatch.Message.BATCH_POLL) == [(first.pk,)]
    assert set(run.evaluations.values_list("status", "judge_batch")) == {("queued", first.pk)}
    assert claude.message_requests() == []  # nothing went one request at a time

    with dispatch.held():
        judge_batch_poll(batch_id=first.pk)
    first.refresh_from_db()
    assert first.status == "ended" and first.ended_requests == 12
    second = JudgeBatch.objects.get(run=run, status="submitted")
    assert second.requests == 3  # the answers, once the claims are in

    with dispatch.held():
        judge_batch_poll(batch_id=second.pk)
        judge_batch_poll(batch_id=second.pk)  # a redelivered poll stores nothing twice
    run.refresh_from_db()
    assert run.status == "finished" and run.evaluated == 3
    assert ModelCall.objects.filter(evaluation__run=run).count() == 15
    assert run.model_calls == 15 and run.cost_usd > 0


def test_the_estimate_and_the_actual_cost_are_at_batch_prices(claude, make_summary):
    summaries = [make_summary() for _ in range(2)]
    ids = [s.pk for s in summaries]
    online = evaluation_run_plan(judge="anthropic", model=MODEL, summary_ids=ids).run
    batched = evaluation_run_plan(judge="anthropic", model=MODEL, summary_ids=ids, batch=True).run
    # Half price, but the transcript prefix is written for an hour (2x input, not 1.25x).
    assert float(online.estimated_cost_usd) * 0.5 < float(batched.estimated_cost_usd)
    assert float(batched.estimated_cost_usd) < float(online.estimated_cost_usd) * 0.6

    run = batch_run(summaries)
    run_to_the_end(run)
    for call in ModelCall.objects.filter(evaluation__run=run):
        from evaluations.judges.pricing import call_cost_usd

        # Every write of a batch run here is a 1-hour one (2x the input price).
        full = call_cost_usd(
            MODEL,
            input_tokens=call.input_tokens,
            output_tokens=call.output_tokens,
            cache_write_1h_tokens=call.cache_write_tokens,
            cache_read_tokens=call.cache_read_tokens,
        )
        assert float(call.cost_usd) == pytest.approx(full / 2, abs=1e-6)


def test_an_expired_request_goes_in_a_follow_up_batch(claude, make_summary):
    summary = make_summary()
    claude.script(Fault("expired", task="completeness"))
    run = batch_run([summary])
    run_to_the_end(run)
    assert run.status == "finished"
    sizes = list(JudgeBatch.objects.filter(run=run).values_list("requests", flat=True))
    # The four first requests; then completeness again with the answers.
    assert sizes == [4, 2]
    evaluation = run.evaluations.get()
    assert evaluation.transient_errors == 1 and evaluation.status == "succeeded"


def test_failures_beyond_the_retry_budget_fail_the_summary_with_the_reason(
    claude, make_summary, settings
):
    settings.EVALUATION_MAX_RETRIES = 1
    claude.script(Fault("server_error", task="accuracy", times=2))
    run = batch_run([make_summary()])
    run_to_the_end(run)
    assert run.status == "finished_with_failures"
    evaluation = run.evaluations.get()
    assert evaluation.status == "failed"
    assert "In batch" in evaluation.error and "api_error" in evaluation.error

    # Retry-failed works for batch runs too: a fresh attempt, submitted again.
    assert evaluation_run_retry_failed(run=run) == 1
    run_to_the_end(run)
    assert run.status == "finished" and run.evaluations.get().status == "succeeded"


def test_cancelling_a_batch_run_cancels_its_batch_at_the_api(
    claude, make_summary, django_capture_on_commit_callbacks
):
    claude.batches.processing_seconds = 600
    run = batch_run([make_summary(), make_summary()])
    with dispatch.held():
        evaluation_run_fan_out(run_id=run.pk)
        run_batch_submit(run_id=run.pk)
        batch = JudgeBatch.objects.get(run=run)
        assert judge_batch_poll(batch_id=batch.pk) is True  # still processing
        with dispatch.held() as held, django_capture_on_commit_callbacks(execute=True):
            assert evaluation_run_cancel(run=run) is True
        assert held.args(dispatch.Message.BATCH_POLL) == [(batch.pk,)]
        assert judge_batch_poll(batch_id=batch.pk) is False
    batch.refresh_from_db()
    assert batch.status == "cancelled"
    api = claude.batches.batches[batch.anthropic_id]
    assert api.forced == "canceled"
    run.refresh_from_db()
    assert run.status == "cancelled"
    assert set(run.evaluations.values_list("status", flat=True)) == {"cancelled"}


def test_a_batch_run_needs_the_anthropic_judge(claude, make_summary):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError, match="anthropic judge"):
        evaluation_run_plan(judge="local", summary_ids=[make_summary().pk], batch=True)


def test_the_command_takes_batch_and_the_run_page_shows_the_batch(
    claude, make_summary, client, cast
):
    claude.batches.processing_seconds = 600
    summary = make_summary()
    out = io.StringIO()
    with dispatch.held():
        call_command(
            "run_evaluation",
            "--judge",
            "anthropic",
            "--summary",
            str(summary.pk),
            "--batch",
            stdout=out,
        )
    run = EvaluationRun.objects.get()
    assert run.batch is True
    with dispatch.held():
        evaluation_run_fan_out(run_id=run.pk)
        run_batch_submit(run_id=run.pk)
        poll_all(run)
    client.force_login(cast["analyst"])
    page = client.get(reverse("evaluations:run_detail", args=[run.pk])).content.decode()
    assert "In batch: submitted, 0 of 4 ended." in page
    assert "at batch prices" in page
    assert SummaryEvaluation.objects.get().status == "queued"
