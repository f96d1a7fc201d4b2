"""A run's actual cost counts the calls billed in attempts that ended in a judge error.

In this process, with the real Claude judge (the real SDK) against the fake Messages API server:
`summary_evaluate` records the calls a JudgeError carries, flagged `attempt_failed`, and adds
them to the evaluation's usage, once, and only while the claim is its own.
"""

from __future__ import annotations

import datetime as dt
import io
import json

import pytest
from django.core.management import call_command
from django.db.models import Sum
from django.utils import timezone

from devkit.fake_anthropic import Fault
from evaluations.judges.base import JudgeError
from evaluations.judges.claude import ClaudeJudge
from evaluations.judges.pricing import call_cost_usd
from evaluations.management.commands.run_evaluation import run_figures
from evaluations.models import AccuracyVerdict, EvaluationRun, ModelCall, SummaryEvaluation
from evaluations.services import (
    evaluation_run_create,
    evaluation_run_retry_failed,
    summary_evaluate,
)

pytestmark = pytest.mark.django_db

MODEL = "claude-sonnet-5"
DIMENSIONS = ["accuracy", "adherence", "completeness", "summarization"]
USAGE = (
    "model_calls",
    "input_tokens",
    "output_tokens",
    "cache_write_tokens",
    "cache_read_tokens",
    "cost_usd",
)
TOKENS = ("input_tokens", "output_tokens", "cache_write_tokens", "cache_read_tokens")


@pytest.fixture
def claude(settings, fake_anthropic):
    """Runs judged by Claude on the fake server: no retry inside the judge (a fault reaches the
    service at once), no rate limit and no backoff."""
    settings.ANTHROPIC_API_KEY = "sk-test"
    settings.ANTHROPIC_BASE_URL = fake_anthropic.base_url
    settings.JUDGE_MAX_RETRIES = 0
    settings.JUDGE_TIMEOUT_SECONDS = 5.0
    settings.JUDGE_REQUESTS_PER_MINUTE = 0
    settings.JUDGE_INPUT_TOKENS_PER_MINUTE = 0
    # A retried attempt may be claimed again at once (the backoff is tested elsewhere).
    settings.EVALUATION_RETRY_BASE_SECONDS = settings.EVALUATION_RETRY_MAX_SECONDS = 0
    return fake_anthropic


def _run(summaries) -> EvaluationRun:
    return evaluation_run_create(
        judge="anthropic",
        model=MODEL,
        dimensions=DIMENSIONS,
        summary_ids=[s.pk for s in summaries],
    )


def _usage(row) -> dict:
    return {field: getattr(row, field) for field in USAGE}


def _calls_total(**filters) -> dict:
    totals = ModelCall.objects.filter(**filters).aggregate(**{f: Sum(f) for f in USAGE})
    return {field: totals[field] or 0 for field in USAGE}


def _billed_by_the_server(fake) -> dict:
    stats = fake.stats()
    return {field: stats[field] for field in TOKENS}


def _priced_by_the_server(fake) -> float:
    return sum(
        call_cost_usd(
            MODEL,
            input_tokens=r.usage["input_tokens"],
            output_tokens=r.usage["output_tokens"],
            cache_write_tokens=r.cache_write_tokens,
            cache_read_tokens=r.cache_read_tokens,
        )
        for r in fake.message_requests()
        if r.usage
    )


def test_a_transient_failure_then_a_success_records_the_calls_of_both_attempts(
    claude, make_summary
) -> None:
    run = _run([make_summary()])
    evaluation = run.evaluations.get()
    claude.script(Fault("overloaded", task="completeness"))

    first = summary_evaluate(evaluation_id=evaluation.pk)

    evaluation.refresh_from_db()
    assert first.outcome == "retry"
    assert (evaluation.status, evaluation.transient_errors) == ("queued", 1)
    wasted = list(ModelCall.objects.filter(evaluation=evaluation))
    # Four of the five calls were answered and billed before completeness was overloaded.
    assert sorted(c.purpose for c in wasted) == [
        "accuracy",
        "adherence",
        "summarization_answers",
        "summarization_claims",
    ]
    assert all(c.attempt_failed for c in wasted)
    assert _usage(evaluation) == _calls_total(evaluation=evaluation)
    assert evaluation.model_calls == 4 and evaluation.cost_usd > 0

    second = summary_evaluate(evaluation_id=evaluation.pk)

    evaluation.refresh_from_db()
    assert second.outcome == "succeeded"
    calls = list(ModelCall.objects.filter(evaluation=evaluation).order_by("position"))
    assert [c.position for c in calls] == list(range(9))
    assert [c.attempt_failed for c in calls] == [True] * 4 + [False] * 5
    assert sorted(c.purpose for c in calls[4:]) == [
        "accuracy",
        "adherence",
        "completeness",
        "summarization_answers",
        "summarization_claims",
    ]
    # The evaluation's usage is the sum of every call it was billed for, in both attempts...
    assert _usage(evaluation) == _calls_total(evaluation=evaluation)
    assert evaluation.model_calls == 9
    # ...which is everything the server answered, no more, no less.
    assert {f: getattr(evaluation, f) for f in TOKENS} == _billed_by_the_server(claude)
    assert float(evaluation.cost_usd) == pytest.approx(_priced_by_the_server(claude), abs=1e-5)
    assert AccuracyVerdict.objects.filter(evaluation=evaluation).exists()

    run.refresh_from_db()
    assert run.status == EvaluationRun.Status.FINISHED
    assert _usage(run) == _usage(evaluation)
    figures = run_figures(run)
    assert {f: figures[f] for f in USAGE if f != "cost_usd"} == {
        f: getattr(evaluation, f) for f in USAGE if f != "cost_usd"
    }
    assert figures["cost_usd"] == float(evaluation.cost_usd)


def test_a_permanently_failed_summary_counts_in_the_runs_totals(claude, make_summary) -> None:
    broken = make_summary(marker="conv-broken-5512")
    fine = make_summary()
    run = _run([broken, fine])
    claude.script(Fault("malformed_json", task="completeness", match="conv-broken-5512", times=2))

    outcomes = [
        summary_evaluate(evaluation_id=pk)
        for pk in run.evaluations.order_by("pk").values_list("pk", flat=True)
    ]

    assert [o.outcome for o in outcomes] == ["failed", "succeeded"]
    failed = run.evaluations.get(summary=broken)
    assert failed.status == "failed" and "unusable twice" in failed.error
    wasted = ModelCall.objects.filter(evaluation=failed)
    assert wasted.count() == 5 and all(c.attempt_failed for c in wasted)
    assert wasted.get(purpose="completeness").attempts == 2
    assert _usage(failed) == _calls_total(evaluation=failed)
    assert failed.cost_usd > 0

    run.refresh_from_db()
    assert run.status == EvaluationRun.Status.FINISHED_WITH_FAILURES
    assert (run.evaluated, run.failed, run.model_calls) == (1, 1, 10)
    assert _usage(run) == _calls_total(evaluation__run=run)
    assert {f: getattr(run, f) for f in TOKENS} == _billed_by_the_server(claude)
    succeeded = run.evaluations.get(summary=fine)
    assert run.cost_usd == failed.cost_usd + succeeded.cost_usd
    figures = run_figures(run)
    assert (figures["model_calls"], figures["cost_usd"]) == (10, float(run.cost_usd))
    assert {f: figures[f] for f in TOKENS} == _billed_by_the_server(claude)

    out = io.StringIO()
    call_command("export_run", str(run.pk), "--format", "jsonl", stdout=out)
    records = {r["evaluation"]: r for r in map(json.loads, out.getvalue().splitlines())}
    exported = records[failed.pk]
    assert [c["attempt_failed"] for c in exported["calls"]] == [True] * 5
    assert exported["input_tokens"] == sum(c["input_tokens"] for c in exported["calls"])
    assert not any(c["attempt_failed"] for c in records[succeeded.pk]["calls"])


def test_retrying_a_failed_summary_adds_its_new_calls_after_the_wasted_ones(
    claude, make_summary, django_capture_on_commit_callbacks
) -> None:
    run = _run([make_summary(marker="conv-broken-8120")])
    evaluation = run.evaluations.get()
    claude.script(Fault("schema_violation", task="accuracy", match="conv-broken-8120", times=2))
    assert summary_evaluate(evaluation_id=evaluation.pk).outcome == "failed"
    evaluation.refresh_from_db()
    wasted = _usage(evaluation)

    run.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=False):  # no broker: evaluate it here
        assert evaluation_run_retry_failed(run=run) == 1
    assert summary_evaluate(evaluation_id=evaluation.pk).outcome == "succeeded"

    evaluation.refresh_from_db()
    assert evaluation.model_calls == wasted["model_calls"] + 5
    assert evaluation.cost_usd > wasted["cost_usd"]
    assert _usage(evaluation) == _calls_total(evaluation=evaluation)
    assert (
        list(
            ModelCall.objects.filter(evaluation=evaluation)
            .order_by("position")
            .values_list("attempt_failed", flat=True)
        )
        == [True] * 5 + [False] * 5
    )
    run.refresh_from_db()
    assert _usage(run) == _usage(evaluation)


def test_giving_up_after_the_retry_budget_keeps_the_billed_calls(
    claude, make_summary, settings
) -> None:
    settings.EVALUATION_MAX_RETRIES = 0
    run = _run([make_summary()])
    evaluation = run.evaluations.get()
    claude.script(Fault("overloaded", task="adherence"))

    outcome = summary_evaluate(evaluation_id=evaluation.pk)

    evaluation.refresh_from_db()
    assert outcome.outcome == "failed" and "Gave up after 1 transient" in evaluation.error
    assert evaluation.model_calls == 4
    assert _usage(evaluation) == _calls_total(evaluation=evaluation, attempt_failed=True)
    run.refresh_from_db()
    assert run.model_calls == 4 and run.cost_usd == evaluation.cost_usd > 0


@pytest.mark.parametrize(
    ("kind", "times", "billed"),
    [
        ("overloaded", 1, 4),  # transient: the evaluation would go back to the queue
        ("malformed_json", 2, 5),  # permanent: it would fail; the broken replies are billed too
    ],
    ids=["transient", "permanent"],
)
def test_an_attempt_whose_claim_was_taken_over_changes_nothing_but_records_its_bill(
    claude, make_summary, monkeypatch, kind, times, billed
) -> None:
    run = _run([make_summary()])
    evaluation = run.evaluations.get()
    claude.script(Fault(kind, task="completeness", times=times))
    evaluate = ClaudeJudge.evaluate
    carried: list[int] = []

    def evaluate_then_lose_the_claim(self, *args, **kwargs):
        try:
            return evaluate(self, *args, **kwargs)
        except JudgeError as error:
            carried.append(len(error.calls))
            # Meanwhile this claim went stale and a redelivered task took it over.
            SummaryEvaluation.objects.filter(pk=evaluation.pk).update(claim_token="the-other")
            raise

    monkeypatch.setattr(ClaudeJudge, "evaluate", evaluate_then_lose_the_claim)

    outcome = summary_evaluate(evaluation_id=evaluation.pk)

    evaluation.refresh_from_db()
    assert carried == [billed]
    assert outcome.outcome == "lost"
    # The claim stays the other worker's, and no verdict of this attempt is kept...
    assert (evaluation.status, evaluation.claim_token) == ("running", "the-other")
    assert not AccuracyVerdict.objects.filter(evaluation=evaluation).exists()
    # ...but what it was billed for is recorded, once, against the evaluation.
    calls = ModelCall.objects.filter(evaluation=evaluation)
    assert calls.count() == calls.filter(attempt_failed=True).count() == billed
    assert _usage(evaluation) == _calls_total(evaluation=evaluation)
    assert {f: _usage(evaluation)[f] for f in TOKENS} == _billed_by_the_server(claude)


def test_the_bill_of_an_attempt_that_lost_to_a_finished_evaluation_reaches_the_run_totals(
    claude, make_summary, monkeypatch
) -> None:
    # A slow attempt is taken over; the new owner finishes the evaluation and closes the run;
    # then the slow attempt comes back, loses, and its bill still lands in the run's totals.
    run = _run([make_summary()])
    evaluation = run.evaluations.get()
    evaluate = ClaudeJudge.evaluate
    overtaken: list[bool] = []

    def overtaken_while_judging(self, *args, **kwargs):
        verdict = evaluate(self, *args, **kwargs)
        if not overtaken:
            overtaken.append(True)
            # The claim went stale: another task takes the evaluation over and finishes it.
            SummaryEvaluation.objects.filter(pk=evaluation.pk).update(
                claimed_at=timezone.now() - dt.timedelta(hours=1)
            )
            assert summary_evaluate(evaluation_id=evaluation.pk).outcome == "succeeded"
        return verdict

    monkeypatch.setattr(ClaudeJudge, "evaluate", overtaken_while_judging)

    assert summary_evaluate(evaluation_id=evaluation.pk).outcome == "lost"

    run.refresh_from_db()
    evaluation.refresh_from_db()
    assert run.status == EvaluationRun.Status.FINISHED
    calls = ModelCall.objects.filter(evaluation=evaluation)
    assert calls.filter(attempt_failed=False).count() == 5  # the winner's verdict set
    assert calls.filter(attempt_failed=True).count() == 5  # the loser's bill
    assert _usage(run) == _usage(evaluation) == _calls_total(evaluation=evaluation)
    assert {f: _usage(run)[f] for f in TOKENS} == _billed_by_the_server(claude)
