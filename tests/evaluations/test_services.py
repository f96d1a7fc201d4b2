"""Evaluation-run services, in this process, with a scripted judge (no worker, no broker)."""

from __future__ import annotations

import datetime as dt
import time
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import OperationalError
from django.utils import timezone

from evaluations import judging, services
from evaluations.judges.base import JudgeError
from evaluations.judges.types import CallUsage
from evaluations.models import (
    AccuracyVerdict,
    AdherenceVerdict,
    CompletenessItemVerdict,
    CompletenessRubricVerdict,
    EvaluationRun,
    ModelCall,
    RubricQuestionSet,
    SectionScore,
    SummaryEvaluation,
)
from evaluations.services import (
    evaluation_run_cancel,
    evaluation_run_create,
    evaluation_run_fan_out,
    evaluation_run_retry_failed,
    faults,
    summary_evaluate,
)
from evaluations.services.dispatch import Message
from evaluations.services.faults import Point
from evaluations.tasks import summary_evaluate_task

pytestmark = pytest.mark.django_db

CCAI = ["accuracy", "adherence", "completeness"]


def _run(summaries, **options) -> EvaluationRun:
    return evaluation_run_create(
        judge="local", dimensions=CCAI, summary_ids=[s.pk for s in summaries], **options
    )


def _backoff_over(evaluation: SummaryEvaluation) -> None:
    SummaryEvaluation.objects.filter(pk=evaluation.pk).update(
        retry_at=timezone.now() - dt.timedelta(seconds=1)
    )


def _bill_judge_errors(scripted_judge, monkeypatch, billed: CallUsage) -> None:
    """Make the scripted judge's errors carry a billed call, as a real judge's do."""
    evaluate = scripted_judge.evaluate

    def billed_then_raising(*args, **kwargs):
        try:
            return evaluate(*args, **kwargs)
        except JudgeError as error:
            error.add_billed_calls([billed])
            raise

    monkeypatch.setattr(scripted_judge, "evaluate", billed_then_raising)


def _evaluate_all(run: EvaluationRun) -> list[services.EvaluateOutcome]:
    return [
        summary_evaluate(evaluation_id=pk)
        for pk in run.evaluations.order_by("pk").values_list("pk", flat=True)
    ]


# --- Creating a run ------------------------------------------------------------------------------


def test_it_resolves_the_scope_filters_to_summaries(make_summary, scripted_judge) -> None:
    march = dt.datetime(2026, 3, 2, 10, tzinfo=dt.UTC)
    wanted = make_summary(queue="billing", agent="a1", channel="chat", started_at=march)
    make_summary(queue="sales", agent="a1", channel="chat", started_at=march)
    make_summary(queue="billing", agent="a2", channel="chat", started_at=march)
    make_summary(queue="billing", agent="a1", channel="voice", started_at=march)
    make_summary(queue="billing", agent="a1", channel="chat", generator="other", started_at=march)
    make_summary(queue="billing", agent="a1", channel="chat", started_at=march.replace(month=4))

    run = evaluation_run_create(
        judge="local",
        dimensions=CCAI,
        date_from=dt.date(2026, 3, 1),
        date_to=dt.date(2026, 3, 31),
        queues=["billing"],
        agents=["a1"],
        channel="chat",
        generator="summarizer-v3",
    )

    assert list(run.evaluations.values_list("summary_id", flat=True)) == [wanted.pk]
    assert run.total == 1
    assert run.status == EvaluationRun.Status.QUEUED
    assert run.queues == ["billing"] and run.agent_ids == ["a1"]


def test_the_date_range_includes_its_last_day(make_summary, scripted_judge) -> None:
    last_evening = dt.datetime(2026, 3, 31, 23, 59, tzinfo=dt.UTC)
    summary = make_summary(started_at=last_evening)
    make_summary(started_at=last_evening + dt.timedelta(minutes=2))

    run = evaluation_run_create(
        judge="local", date_from=dt.date(2026, 3, 31), date_to=dt.date(2026, 3, 31)
    )

    assert list(run.evaluations.values_list("summary_id", flat=True)) == [summary.pk]


def test_a_sample_is_reproducible_from_its_recorded_seed(make_summary, scripted_judge) -> None:
    for _ in range(12):
        make_summary()

    first = evaluation_run_create(judge="local", sample_size=5)
    again = evaluation_run_create(judge="local", sample_size=5, sample_seed=first.sample_seed)
    other = evaluation_run_create(judge="local", sample_size=5, sample_seed=first.sample_seed + 1)

    def sampled(run: EvaluationRun) -> list[int]:
        return list(run.evaluations.order_by("summary_id").values_list("summary_id", flat=True))

    assert first.sample_seed is not None
    assert first.total == 5
    assert sampled(first) == sampled(again)
    assert sampled(first) != sampled(other)


def test_an_explicit_list_must_name_existing_summaries(make_summary, scripted_judge) -> None:
    summary = make_summary()
    with pytest.raises(ValidationError, match="No summary with id 999999"):
        evaluation_run_create(judge="local", summary_ids=[summary.pk, 999999])


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"dimensions": ["accuracy", "politeness"]}, "politeness"),
        ({"dimensions": []}, "none"),
        ({"max_questions": 0}, "max_questions"),
        ({"judge": "gpt"}, "Unknown judge"),
    ],
)
def test_it_refuses_a_bad_configuration(make_summary, scripted_judge, options, message) -> None:
    make_summary()
    with pytest.raises(ValidationError, match=message):
        evaluation_run_create(**{"judge": "local", **options})


def test_creating_a_run_enqueues_it_only_after_commit(
    make_summary, scripted_judge, django_capture_on_commit_callbacks, held_messages
) -> None:
    summary = make_summary()

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        run = _run([summary])

    assert held_messages.sent == []
    for callback in callbacks:
        callback()
    assert held_messages.fanned_out == [run.pk]  # the fan-out
    assert held_messages.args(Message.WATCH) == [(run.pk, run.watch_token)]  # and its watchdog


def test_the_cost_estimate_prices_every_summary_and_the_local_judge_is_free(
    make_summary, settings
) -> None:
    settings.ANTHROPIC_API_KEY = "sk-test"
    summaries = [make_summary() for _ in range(3)]

    one = evaluation_run_create(
        judge="anthropic", model="claude-sonnet-5", summary_ids=[summaries[0].pk], dimensions=CCAI
    )
    three = evaluation_run_create(
        judge="anthropic",
        model="claude-sonnet-5",
        summary_ids=[s.pk for s in summaries],
        dimensions=CCAI,
    )
    local = evaluation_run_create(judge="local", summary_ids=[s.pk for s in summaries])

    assert one.estimated_cost_usd > 0
    assert three.estimated_cost_usd == pytest.approx(
        3 * one.estimated_cost_usd, abs=Decimal("0.000003")
    )
    assert local.estimated_cost_usd == 0
    assert one.prompt_version


def test_the_anthropic_judge_needs_an_api_key(make_summary, settings) -> None:
    settings.ANTHROPIC_API_KEY = ""
    summary = make_summary()
    with pytest.raises(ValidationError, match="ANTHROPIC_API_KEY"):
        evaluation_run_create(judge="anthropic", summary_ids=[summary.pk])


# --- Fan-out -------------------------------------------------------------------------------------


def test_the_fan_out_hands_out_queued_evaluations_one_chunk_at_a_time(
    make_summary, scripted_judge, settings, monkeypatch
) -> None:
    settings.EVALUATION_FAN_OUT_CHUNK = 2
    published: list[int] = []
    monkeypatch.setattr(
        summary_evaluate_task, "apply_async", lambda args, **_: published.append(args[0])
    )
    run = _run([make_summary() for _ in range(5)])
    evaluation_ids = list(run.evaluations.order_by("pk").values_list("pk", flat=True))

    cursor = evaluation_run_fan_out(run_id=run.pk, after_id=0)
    chunks = [list(published)]
    while cursor is not None:
        before = len(published)
        cursor = evaluation_run_fan_out(run_id=run.pk, after_id=cursor)
        chunks.append(published[before:])

    run.refresh_from_db()
    assert run.status == EvaluationRun.Status.RUNNING
    assert run.started_at is not None
    assert published == evaluation_ids
    assert [len(chunk) for chunk in chunks] == [2, 2, 1]


def test_a_cancelled_run_hands_out_nothing(make_summary, scripted_judge, monkeypatch) -> None:
    published: list[int] = []
    monkeypatch.setattr(
        summary_evaluate_task, "apply_async", lambda args, **_: published.append(args[0])
    )
    run = _run([make_summary() for _ in range(3)])
    evaluation_run_cancel(run=run)

    assert evaluation_run_fan_out(run_id=run.pk, after_id=0) is None
    assert published == []


def test_a_scope_that_matches_no_summary_is_refused_naming_its_filters(make_summary) -> None:
    make_summary(queue="billing", channel="chat")

    with pytest.raises(ValidationError) as caught:
        evaluation_run_create(
            judge="local",
            date_from=dt.date(2026, 3, 1),
            date_to=dt.date(2026, 3, 31),
            queues=["billing", "sales"],
            agents=["a9"],
            channel="voice",
            generator="summarizer-v3",
        )
    assert caught.value.messages == [
        "No summary matches this scope: from 2026-03-01; to 2026-03-31; queue billing or sales; "
        "agent a9; channel voice; generator summarizer-v3."
    ]
    with pytest.raises(ValidationError) as caught:
        evaluation_run_create(judge="local", summary_ids=[])
    assert caught.value.messages == ["No summary ids given."]
    assert not EvaluationRun.objects.exists()


def test_with_no_summaries_at_all_the_refusal_says_so(db) -> None:
    with pytest.raises(ValidationError) as caught:
        evaluation_run_create(judge="local")

    assert caught.value.messages == [
        "No summary matches this scope: no filters, and there are no summaries yet."
    ]
    assert not EvaluationRun.objects.exists()


def test_a_run_whose_evaluations_all_ended_finishes_when_fanned_out(
    make_summary, scripted_judge
) -> None:
    # A worker ended every evaluation but died before closing the run; enqueueing it again closes it.
    run = _run([make_summary(), make_summary()])
    EvaluationRun.objects.filter(pk=run.pk).update(status=EvaluationRun.Status.RUNNING)
    run.evaluations.update(status=SummaryEvaluation.Status.SUCCEEDED)

    assert evaluation_run_fan_out(run_id=run.pk, after_id=0) is None

    run.refresh_from_db()
    assert (run.total, run.evaluated, run.status) == (2, 2, EvaluationRun.Status.FINISHED)


# --- One summary ---------------------------------------------------------------------------------


def test_it_stores_every_verdict_row_and_score_and_closes_the_run(
    make_summary, scripted_judge
) -> None:
    right = make_summary(amount="$10")
    wrong = make_summary(amount="$10", summary_amount="$30")
    run = _run([right, wrong])

    outcomes = _evaluate_all(run)

    assert [o.outcome for o in outcomes] == ["succeeded", "succeeded"]
    good = run.evaluations.get(summary=right)
    bad = run.evaluations.get(summary=wrong)
    assert (good.status, good.accuracy, bad.accuracy) == ("succeeded", 1.0, 0.0)
    assert good.completeness == 1.0
    assert good.adherence is not None  # the custom free-text section was judged
    point = AccuracyVerdict.objects.get(evaluation=bad)
    assert (point.section, point.is_accurate, point.turn_indexes) == ("situation", False, [0])
    assert "$30" in point.point
    assert CompletenessRubricVerdict.objects.filter(evaluation=good).count() == 1
    item = CompletenessItemVerdict.objects.get(rubric__evaluation=good)
    assert item.is_covered and item.turn_indexes == [2]
    # The categorical predefined section has no adherence; the custom one gets its questions.
    assert set(
        AdherenceVerdict.objects.filter(evaluation=good).values_list("section", flat=True)
    ) == {"next_steps"}
    assert SectionScore.objects.filter(evaluation=good).count() == 3
    resolution = SectionScore.objects.get(evaluation=good, section="resolution")
    assert resolution.completeness is None and resolution.completeness_na_reason
    assert ModelCall.objects.filter(evaluation=good).count() == 2
    assert (good.model_calls, good.input_tokens, good.cache_write_tokens) == (2, 200, 300)

    run.refresh_from_db()
    assert run.status == EvaluationRun.Status.FINISHED
    assert (run.evaluated, run.failed, run.model_calls) == (2, 0, 4)
    assert (run.input_tokens, run.output_tokens) == (400, 100)
    assert (run.cache_write_tokens, run.cache_read_tokens) == (600, 600)
    assert run.cost_usd == Decimal("0.003")
    assert run.finished_at is not None


def test_evaluating_the_same_summary_again_changes_nothing(make_summary, scripted_judge) -> None:
    run = _run([make_summary()])
    evaluation = run.evaluations.get()
    summary_evaluate(evaluation_id=evaluation.pk)
    before = AccuracyVerdict.objects.filter(evaluation=evaluation).count()

    outcome = summary_evaluate(evaluation_id=evaluation.pk)

    evaluation.refresh_from_db()
    assert outcome.outcome == "done" and outcome.retry_in is None
    assert AccuracyVerdict.objects.filter(evaluation=evaluation).count() == before == 1
    assert evaluation.attempts == 1
    assert len(scripted_judge.seen_rubric_questions) == 1


def test_a_permanent_judge_error_fails_that_summary_and_the_run_goes_on(
    make_summary, scripted_judge
) -> None:
    broken = make_summary(marker="PERMANENT")
    fine = make_summary()
    run = _run([broken, fine])

    outcomes = _evaluate_all(run)

    assert [o.outcome for o in outcomes] == ["failed", "succeeded"]
    failed = run.evaluations.get(summary=broken)
    assert failed.status == "failed"
    assert "broke its schema" in failed.error
    assert not AccuracyVerdict.objects.filter(evaluation=failed).exists()
    run.refresh_from_db()
    assert run.status == EvaluationRun.Status.FINISHED_WITH_FAILURES
    assert (run.evaluated, run.failed) == (1, 1)


def test_a_transient_judge_error_requeues_the_summary_with_a_backoff(
    make_summary, scripted_judge
) -> None:
    run = _run([make_summary(marker="TRANSIENTx2")])
    evaluation = run.evaluations.get()

    first = summary_evaluate(evaluation_id=evaluation.pk)
    evaluation.refresh_from_db()
    assert first.outcome == "retry" and first.retry_in is not None
    assert (evaluation.status, evaluation.transient_errors) == ("queued", 1)
    assert evaluation.claimed_at is None  # released: anyone may claim it once it is due

    assert evaluation.retry_at > timezone.now()

    # A duplicate message, or one re-enqueued, before the backoff is over: it waits too.
    early = summary_evaluate(evaluation_id=evaluation.pk)
    evaluation.refresh_from_db()
    assert early.outcome == "busy" and 0 < early.retry_in <= first.retry_in + 0.1
    assert (evaluation.status, evaluation.attempts) == ("queued", 1)

    _backoff_over(evaluation)
    second = summary_evaluate(evaluation_id=evaluation.pk)
    _backoff_over(evaluation)
    third = summary_evaluate(evaluation_id=evaluation.pk)

    evaluation.refresh_from_db()
    assert (second.outcome, third.outcome) == ("retry", "succeeded")
    assert (evaluation.status, evaluation.attempts, evaluation.retry_at) == ("succeeded", 3, None)
    assert AccuracyVerdict.objects.filter(evaluation=evaluation).count() == 1


def test_it_gives_up_after_the_retry_budget(make_summary, scripted_judge, settings) -> None:
    settings.EVALUATION_MAX_RETRIES = 2
    settings.EVALUATION_RETRY_BASE_SECONDS = settings.EVALUATION_RETRY_MAX_SECONDS = 0
    run = _run([make_summary(marker="TRANSIENTx9")])
    evaluation = run.evaluations.get()

    outcomes = [summary_evaluate(evaluation_id=evaluation.pk).outcome for _ in range(3)]

    evaluation.refresh_from_db()
    assert outcomes == ["retry", "retry", "failed"]
    assert evaluation.status == "failed"
    assert "Gave up after 3 transient judge errors" in evaluation.error
    assert "529 overloaded" in evaluation.error


def test_the_backoff_grows_exponentially_with_jitter_and_honours_retry_after(settings) -> None:
    settings.EVALUATION_RETRY_BASE_SECONDS = 2.0
    settings.EVALUATION_RETRY_MAX_SECONDS = 30.0

    delays = {
        n: [services.retry_delay(transient_errors=n, retry_after=None) for _ in range(200)]
        for n in (1, 2, 3, 9)
    }

    assert all(1.0 <= d <= 2.0 for d in delays[1])
    assert all(2.0 <= d <= 4.0 for d in delays[2])
    assert all(4.0 <= d <= 8.0 for d in delays[3])
    assert all(15.0 <= d <= 30.0 for d in delays[9])
    assert len(set(delays[3])) > 100  # jittered, not synchronised
    assert services.retry_delay(transient_errors=1, retry_after=12.5) == 12.5


def test_a_claim_held_by_a_live_worker_is_left_alone(make_summary, scripted_judge) -> None:
    run = _run([make_summary()])
    evaluation = run.evaluations.get()
    SummaryEvaluation.objects.filter(pk=evaluation.pk).update(
        status="running", claim_token="theirs", claimed_at=timezone.now()
    )

    outcome = summary_evaluate(evaluation_id=evaluation.pk)

    evaluation.refresh_from_db()
    assert outcome.outcome == "busy"
    assert 100 < outcome.retry_in <= 122  # when the claim would go stale (120 s by default)
    assert (evaluation.status, evaluation.claim_token) == ("running", "theirs")
    assert scripted_judge.seen_rubric_questions == []


def test_a_stale_claim_is_reclaimed(make_summary, scripted_judge, settings) -> None:
    settings.EVALUATION_CLAIM_TIMEOUT_SECONDS = 60
    run = _run([make_summary()])
    evaluation = run.evaluations.get()
    SummaryEvaluation.objects.filter(pk=evaluation.pk).update(
        status="running",
        claim_token="dead-worker",
        claimed_at=timezone.now() - dt.timedelta(seconds=61),
        attempts=1,
    )

    outcome = summary_evaluate(evaluation_id=evaluation.pk)

    evaluation.refresh_from_db()
    assert outcome.outcome == "succeeded"
    assert (evaluation.status, evaluation.attempts) == ("succeeded", 2)
    assert AccuracyVerdict.objects.filter(evaluation=evaluation).count() == 1


def test_a_worker_whose_claim_was_taken_over_writes_no_verdict_only_its_bill(
    make_summary, scripted_judge, monkeypatch
) -> None:
    run = _run([make_summary()])
    evaluation = run.evaluations.get()
    judge_evaluate = scripted_judge.evaluate

    def slow_evaluate(*args, **kwargs):
        # Meanwhile another worker decided this claim was stale and took it over.
        SummaryEvaluation.objects.filter(pk=evaluation.pk).update(claim_token="the-other-worker")
        return judge_evaluate(*args, **kwargs)

    monkeypatch.setattr(scripted_judge, "evaluate", slow_evaluate)

    outcome = summary_evaluate(evaluation_id=evaluation.pk)

    evaluation.refresh_from_db()
    assert outcome.outcome == "lost"
    assert evaluation.status == "running" and evaluation.claim_token == "the-other-worker"
    assert not AccuracyVerdict.objects.filter(evaluation=evaluation).exists()
    # The scripted judge's two calls were paid for: recorded as a failed attempt's.
    calls = ModelCall.objects.filter(evaluation=evaluation)
    assert list(calls.values_list("purpose", "attempt_failed")) == [
        ("accuracy", True),
        ("completeness", True),
    ]
    assert (evaluation.model_calls, evaluation.input_tokens, evaluation.cost_usd) == (
        2,
        200,
        Decimal("0.0015"),
    )


def test_adherence_questions_are_derived_once_per_definition_version_and_passed_to_the_judge(
    make_summary, scripted_judge, sections
) -> None:
    run = _run([make_summary() for _ in range(3)])

    _evaluate_all(run)

    question_set = RubricQuestionSet.objects.get()
    assert question_set.definition == sections["next_steps"]
    assert question_set.questions == [
        "Does the summary follow the instruction 'List every follow-up the agent promised.'?",
        "Does the summary follow the instruction 'Include the date of each follow-up.'?",
    ]
    assert (
        scripted_judge.seen_rubric_questions == [{"next_steps": tuple(question_set.questions)}] * 3
    )
    # A stored set is what every later summary gets, even if the derivation would now differ.
    RubricQuestionSet.objects.update(questions=["Does the summary follow the instruction 'X'?"])
    _evaluate_all(_run([make_summary()]))
    assert scripted_judge.seen_rubric_questions[-1] == {
        "next_steps": ("Does the summary follow the instruction 'X'?",)
    }


# --- Cancel and retry ----------------------------------------------------------------------------


def test_cancel_stops_queued_evaluations_lets_running_ones_end_and_is_idempotent(
    make_summary, scripted_judge
) -> None:
    summaries = [make_summary() for _ in range(3)]
    run = _run(summaries)
    done, running, queued = run.evaluations.order_by("pk")
    summary_evaluate(evaluation_id=done.pk)
    SummaryEvaluation.objects.filter(pk=running.pk).update(
        status="running", claim_token="in-flight", claimed_at=timezone.now()
    )

    assert evaluation_run_cancel(run=run) is True
    assert evaluation_run_cancel(run=run) is False

    statuses = dict(run.evaluations.values_list("pk", "status"))
    assert statuses == {done.pk: "succeeded", running.pk: "running", queued.pk: "cancelled"}
    assert run.status == EvaluationRun.Status.CANCELLED
    assert run.finished_at is None  # one evaluation is still in flight

    # The in-flight one ends normally, and the cancelled run gets its exact totals.
    SummaryEvaluation.objects.filter(pk=running.pk).update(status="succeeded", model_calls=5)
    services.evaluation_run_finish_if_done(run_id=run.pk)
    run.refresh_from_db()
    assert run.status == EvaluationRun.Status.CANCELLED
    assert (run.evaluated, run.model_calls) == (2, 7)
    assert run.finished_at is not None


def test_a_finished_run_cannot_be_cancelled(make_summary, scripted_judge) -> None:
    run = _run([make_summary()])
    _evaluate_all(run)

    assert evaluation_run_cancel(run=run) is False
    assert run.status == EvaluationRun.Status.FINISHED


def test_retry_failed_requeues_only_the_failed_summaries_once(
    make_summary, scripted_judge, django_capture_on_commit_callbacks, held_messages
) -> None:
    run = _run([make_summary(marker="PERMANENT"), make_summary()])
    _evaluate_all(run)
    run.refresh_from_db()
    assert run.status == EvaluationRun.Status.FINISHED_WITH_FAILURES

    with django_capture_on_commit_callbacks(execute=True):
        first = evaluation_run_retry_failed(run=run)
    with django_capture_on_commit_callbacks(execute=True):
        second = evaluation_run_retry_failed(run=run)

    assert (first, second) == (1, 0)
    assert held_messages.fanned_out == [run.pk]
    assert run.status == EvaluationRun.Status.RUNNING
    assert sorted(run.evaluations.values_list("status", flat=True)) == ["queued", "succeeded"]
    retried = run.evaluations.get(status="queued")
    assert retried.error == "" and retried.transient_errors == 0

    # It fails again (the judge still refuses it), and the run finishes with failures again.
    summary_evaluate(evaluation_id=retried.pk)
    run.refresh_from_db()
    assert (run.status, run.evaluated, run.failed) == ("finished_with_failures", 1, 1)


@pytest.mark.django_db(transaction=True)
def test_a_slow_judge_keeps_its_claim_fresh_so_it_is_never_taken_over(
    make_summary, scripted_judge, settings, monkeypatch
) -> None:
    settings.EVALUATION_CLAIM_TIMEOUT_SECONDS = 3  # renewed every second
    run = _run([make_summary()])
    evaluation = run.evaluations.get()
    judge_evaluate = scripted_judge.evaluate
    seen = {}

    def slow_evaluate(*args, **kwargs):
        seen["claimed_at"] = SummaryEvaluation.objects.get(pk=evaluation.pk).claimed_at
        time.sleep(4)  # longer than the claim timeout
        # Meanwhile a redelivered copy of the task looks: the claim is not stale.
        seen["copy"] = summary_evaluate(evaluation_id=evaluation.pk).outcome
        seen["renewed_at"] = SummaryEvaluation.objects.get(pk=evaluation.pk).claimed_at
        return judge_evaluate(*args, **kwargs)

    monkeypatch.setattr(scripted_judge, "evaluate", slow_evaluate)

    outcome = summary_evaluate(evaluation_id=evaluation.pk)

    evaluation.refresh_from_db()
    assert outcome.outcome == "succeeded"
    assert seen["copy"] == "busy"
    assert (seen["renewed_at"] - seen["claimed_at"]).total_seconds() >= 2
    assert (evaluation.status, evaluation.attempts) == ("succeeded", 1)


def test_a_summary_given_back_while_its_run_is_cancelled_is_cancelled_not_requeued(
    make_summary, scripted_judge
) -> None:
    run = _run([make_summary(), make_summary()])
    in_flight, queued = run.evaluations.order_by("pk")
    judge_evaluate = scripted_judge.evaluate

    def cancel_then_fail_transiently(*args, **kwargs):
        evaluation_run_cancel(run=run)
        raise JudgeError("529 overloaded", retryable=True, retry_after=0.0)

    scripted_judge.evaluate = cancel_then_fail_transiently
    outcome = summary_evaluate(evaluation_id=in_flight.pk)
    scripted_judge.evaluate = judge_evaluate

    assert outcome.outcome == "cancelled" and outcome.retry_in is None
    assert dict(run.evaluations.values_list("pk", "status")) == {
        in_flight.pk: "cancelled",
        queued.pk: "cancelled",
    }
    run.refresh_from_db()
    assert run.status == EvaluationRun.Status.CANCELLED
    assert run.finished_at is not None


def test_a_queued_summary_of_a_cancelled_run_is_not_judged_when_its_task_arrives(
    make_summary, scripted_judge
) -> None:
    run = _run([make_summary()])
    evaluation = run.evaluations.get()
    # A retry's release that raced the cancel left it queued in a cancelled run.
    EvaluationRun.objects.filter(pk=run.pk).update(status=EvaluationRun.Status.CANCELLED)

    outcome = summary_evaluate(evaluation_id=evaluation.pk)

    evaluation.refresh_from_db()
    assert outcome.outcome == "cancelled"
    assert evaluation.status == "cancelled"
    assert scripted_judge.seen_rubric_questions == []  # the judge never ran
    run.refresh_from_db()
    assert run.finished_at is not None


# --- The database going away ----------------------------------------------------------------------


def test_a_verdict_the_database_could_not_take_is_written_later_without_judging_again(
    make_summary, scripted_judge, monkeypatch
) -> None:
    run = _run([make_summary()])
    evaluation = run.evaluations.get()
    judged = []
    evaluate = scripted_judge.evaluate
    monkeypatch.setattr(
        scripted_judge, "evaluate", lambda *a, **k: judged.append(1) or evaluate(*a, **k)
    )
    database_gone = OperationalError("server closed the connection")

    with (
        faults.injected(Point.VERDICT_WRITE, before=database_gone),
        pytest.raises(services.OutcomeNotStored) as caught,
    ):
        summary_evaluate(evaluation_id=evaluation.pk)
    evaluation.refresh_from_db()
    assert evaluation.status == "running" and evaluation.claim_token == caught.value.token

    # The database is back.
    outcome = summary_evaluate(
        evaluation_id=evaluation.pk,
        claim_token=caught.value.token,
        pending=caught.value.pending,
    )

    evaluation.refresh_from_db()
    run.refresh_from_db()
    assert outcome.outcome == "succeeded"
    assert judged == [1]  # judged, and paid for, once
    assert (evaluation.status, evaluation.model_calls) == ("succeeded", 2)
    assert AccuracyVerdict.objects.filter(evaluation=evaluation).count() == 1
    assert run.status == EvaluationRun.Status.FINISHED


def test_a_database_error_while_preparing_is_retried_not_a_failure(
    make_summary, scripted_judge, monkeypatch
) -> None:
    run = _run([make_summary()])
    evaluation = run.evaluations.get()
    monkeypatch.setattr(
        judging,
        "judge_inputs_load",
        lambda **_: (_ for _ in ()).throw(OperationalError("the database is starting up")),
    )

    with pytest.raises(OperationalError):
        summary_evaluate(evaluation_id=evaluation.pk)

    evaluation.refresh_from_db()
    assert evaluation.status == "running" and evaluation.error == ""


def test_every_verdict_row_has_its_section_text_boolean_reason_and_evidence_turns(
    make_summary,
) -> None:
    from evaluations.models import CompletenessRubricVerdict, CoverageQuestion, SummarizationClaim

    run = evaluation_run_create(
        judge="local",
        dimensions=["accuracy", "adherence", "completeness", "summarization"],
        summary_ids=[make_summary().pk],
    )
    evaluation = run.evaluations.get()

    assert summary_evaluate(evaluation_id=evaluation.pk).outcome == "succeeded"

    claims = list(SummarizationClaim.objects.filter(evaluation=evaluation))
    assert claims
    sections = {"situation", "resolution", "next_steps"}
    for claim in claims:
        assert claim.section in sections and claim.reason
        # A categorical value ("Resolution: Y") is nowhere in the transcript; a sentence is.
        assert claim.turn_indexes or claim.section == "resolution"
    assert any(claim.turn_indexes for claim in claims)
    questions = list(CoverageQuestion.objects.filter(evaluation=evaluation))
    assert questions and all(q.turn_indexes and q.reason for q in questions)
    for rubric in CompletenessRubricVerdict.objects.filter(evaluation=evaluation):
        items = list(rubric.items.all())
        assert rubric.is_covered == all(item.is_covered for item in items)
        assert rubric.reason and rubric.section


def test_a_replayed_write_that_had_committed_is_recognised_and_billed_once(
    make_summary, scripted_judge
) -> None:
    # The COMMIT went through but its acknowledgement was lost: the task comes back with the
    # verdict it already stored.
    run = _run([make_summary()])
    evaluation = run.evaluations.get()
    acknowledgement_lost = OperationalError("server closed the connection unexpectedly")

    with (
        faults.injected(Point.VERDICT_WRITE, after=acknowledgement_lost) as injection,
        pytest.raises(services.OutcomeNotStored) as caught,
    ):
        summary_evaluate(evaluation_id=evaluation.pk)
    assert injection.fired == 1
    assert AccuracyVerdict.objects.filter(evaluation=evaluation).count() == 1  # committed

    outcome = summary_evaluate(
        evaluation_id=evaluation.pk, claim_token=caught.value.token, pending=caught.value.pending
    )

    evaluation.refresh_from_db()
    run.refresh_from_db()
    assert outcome.outcome == "succeeded"
    assert ModelCall.objects.filter(evaluation=evaluation).count() == 2  # not 4
    assert evaluation.model_calls == 2
    assert AccuracyVerdict.objects.filter(evaluation=evaluation).count() == 1
    assert run.status == EvaluationRun.Status.FINISHED


@pytest.mark.parametrize(
    ("marker", "stored_status"),
    [("TRANSIENTx1", "queued"), ("PERMANENT", "failed")],
    ids=["transient", "permanent"],
)
def test_a_judge_error_the_database_could_not_store_is_stored_later_with_its_bill(
    make_summary, scripted_judge, monkeypatch, marker, stored_status
) -> None:
    run = _run([make_summary(marker=marker)])
    evaluation = run.evaluations.get()
    billed = CallUsage(purpose="accuracy", model="scripted", input_tokens=700, cost_usd=0.002)
    _bill_judge_errors(scripted_judge, monkeypatch, billed)
    database_gone = OperationalError("the database went away")

    with (
        faults.injected(Point.CALLS_RECORD, before=database_gone),
        pytest.raises(services.OutcomeNotStored) as caught,
    ):
        summary_evaluate(evaluation_id=evaluation.pk)
    evaluation.refresh_from_db()
    assert evaluation.status == "running"  # nothing half-written: the transaction rolled back

    monkeypatch.undo()  # the database is back; the judge is not called again
    monkeypatch.setattr(
        scripted_judge, "evaluate", lambda *a, **k: pytest.fail("judged a second time")
    )
    outcome = summary_evaluate(
        evaluation_id=evaluation.pk, claim_token=caught.value.token, pending=caught.value.pending
    )

    evaluation.refresh_from_db()
    assert evaluation.status == stored_status
    assert outcome.outcome == ("retry" if stored_status == "queued" else "failed")
    calls = ModelCall.objects.filter(evaluation=evaluation)
    assert list(calls.values_list("input_tokens", "attempt_failed")) == [(700, True)]
    assert evaluation.input_tokens == 700


def test_a_replayed_release_that_had_committed_is_recognised_and_billed_once(
    make_summary, scripted_judge, monkeypatch
) -> None:
    run = _run([make_summary(marker="TRANSIENTx1")])
    evaluation = run.evaluations.get()
    billed = CallUsage(purpose="accuracy", model="scripted", input_tokens=500, cost_usd=0.001)
    _bill_judge_errors(scripted_judge, monkeypatch, billed)
    acknowledgement_lost = OperationalError("server closed the connection unexpectedly")

    with (
        faults.injected(Point.RELEASE, after=acknowledgement_lost) as injection,
        pytest.raises(services.OutcomeNotStored) as caught,
    ):
        summary_evaluate(evaluation_id=evaluation.pk)
    assert injection.fired == 1

    outcome = summary_evaluate(
        evaluation_id=evaluation.pk, claim_token=caught.value.token, pending=caught.value.pending
    )

    evaluation.refresh_from_db()
    assert outcome.outcome == "retry"
    assert (evaluation.status, evaluation.transient_errors) == ("queued", 1)
    assert ModelCall.objects.filter(evaluation=evaluation).count() == 1  # not 2
    assert evaluation.input_tokens == 500
