"""The fault tests of issue 4: a real worker process, Redis, PostgreSQL and the fake Messages API.

Each test starts `celery -A config worker` on the test database (hence `transaction=True`: the
worker must see committed rows) and the tests' own Redis database, with the fake server running in
this process. Latencies are small, and the retry backoff short, to keep the suite quick.
"""

from __future__ import annotations

import os
import signal
import time
from collections import Counter
from pathlib import Path

import pytest
import redis
from django.db.models import Count, Sum
from django.utils import timezone

from devkit.fake_anthropic import FakeAnthropicServer, Fault
from evaluations.models import (
    AccuracyVerdict,
    AdherenceVerdict,
    CompletenessItemVerdict,
    CompletenessRubricVerdict,
    CoverageQuestion,
    EvaluationRun,
    ModelCall,
    SectionScore,
    SummarizationClaim,
    SummaryEvaluation,
)
from evaluations.services import dispatch, evaluation_run_create
from evaluations.services.dispatch import Message
from evaluations.services.watchdog import evaluation_run_watch_start
from evaluations.tasks import evaluation_run_fan_out_task, summary_evaluate_task
from tests.evaluations.conftest import wait_for_run, wait_until

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

DIMENSIONS = ["accuracy", "adherence", "completeness", "summarization"]
CALLS_PER_SUMMARY = 5  # accuracy, adherence, completeness, summarization claims and answers
VERDICT_TABLES = {
    "accuracy": (AccuracyVerdict, "evaluation"),
    "adherence": (AdherenceVerdict, "evaluation"),
    "completeness": (CompletenessRubricVerdict, "evaluation"),
    "items": (CompletenessItemVerdict, "rubric__evaluation"),
    "claims": (SummarizationClaim, "evaluation"),
    "questions": (CoverageQuestion, "evaluation"),
    "section_scores": (SectionScore, "evaluation"),
    "calls": (ModelCall, "evaluation"),
}


@pytest.fixture
def fake_server():
    with FakeAnthropicServer(latency=0.02) as fake:
        yield fake


@pytest.fixture
def anthropic_settings(settings, fake_server):
    settings.ANTHROPIC_API_KEY = "sk-test"
    settings.ANTHROPIC_BASE_URL = fake_server.base_url
    return settings


def _worker_env(fake: FakeAnthropicServer, **extra: str) -> dict[str, str]:
    return {
        "ANTHROPIC_API_KEY": "sk-test",
        "ANTHROPIC_BASE_URL": fake.base_url,
        "JUDGE_TIMEOUT_SECONDS": "2",
        **extra,
    }


def _anthropic_run(summaries) -> EvaluationRun:
    return evaluation_run_create(
        judge="anthropic",
        model="claude-sonnet-5",
        dimensions=DIMENSIONS,
        summary_ids=[s.pk for s in summaries],
    )


def _verdict_counts(run: EvaluationRun) -> dict[int, dict[str, int]]:
    """Per evaluation, how many rows each verdict table holds."""
    counts: dict[int, dict[str, int]] = {
        pk: {} for pk in run.evaluations.values_list("pk", flat=True)
    }
    for name, (model, path) in VERDICT_TABLES.items():
        rows = model.objects.filter(**{f"{path}__run": run})
        if model is ModelCall:
            # Calls billed in attempts that failed and were retried are recorded too, by design;
            # a verdict set's own calls are the others.
            rows = rows.filter(attempt_failed=False)
        rows = rows.values(path).annotate(n=Count("pk")).values_list(path, "n")
        for evaluation_id, n in rows:
            counts[evaluation_id][name] = n
    return counts


def _assert_one_clean_verdict_set_each(run: EvaluationRun, summaries) -> None:
    """Every summary has exactly one evaluation, succeeded, and the same verdict rows as every
    other summary (they are built alike, and the fake answers deterministically): a second
    set written by a redelivery would double some of them."""
    assert run.evaluations.count() == len(summaries)
    assert set(run.evaluations.values_list("summary_id", flat=True)) == {s.pk for s in summaries}
    errors = list(run.evaluations.exclude(error="").values_list("status", "error")[:3])
    assert Counter(run.evaluations.values_list("status", flat=True)) == {
        "succeeded": len(summaries)
    }, errors
    counts = _verdict_counts(run)
    shapes = Counter(tuple(sorted(c.items())) for c in counts.values())
    assert len(shapes) == 1, shapes
    shape = dict(next(iter(shapes)))
    assert shape["calls"] == CALLS_PER_SUMMARY
    assert shape["accuracy"] >= 1 and shape["claims"] >= 1 and shape["questions"] >= 1
    run.refresh_from_db()
    assert run.status == EvaluationRun.Status.FINISHED
    assert (run.evaluated, run.failed) == (len(summaries), 0)
    calls = ModelCall.objects.filter(evaluation__run=run)
    wasted = calls.filter(attempt_failed=True).count()
    assert run.model_calls == calls.count() == CALLS_PER_SUMMARY * len(summaries) + wasted
    assert run.cost_usd == calls.aggregate(total=Sum("cost_usd"))["total"]


def test_every_summary_is_evaluated_once_when_a_fifth_of_the_calls_fail(
    make_summary, anthropic_settings, fake_server, start_worker
) -> None:
    fake_server.failure_rate = 0.2
    fake_server.retry_after = 0.2
    fake_server.timeout_sleep = 2.5  # longer than the worker's 2 s client timeout
    summaries = [make_summary() for _ in range(16)]
    # One retry inside the judge, so that many failures reach the task and its backoff.
    worker = start_worker(
        concurrency=4,
        **_worker_env(fake_server, JUDGE_MAX_RETRIES="1", EVALUATION_MAX_RETRIES="12"),
    )

    run = _anthropic_run(summaries)
    wait_for_run(run, timeout=150, worker=worker)

    _assert_one_clean_verdict_set_each(run, summaries)
    faults = Counter(r.fault for r in fake_server.message_requests() if r.fault)
    assert sum(faults.values()) >= 10, faults
    assert set(faults) >= {"rate_limit", "overloaded", "server_error", "timeout"}, faults
    # Recovered inside the judge (a retried call) or by the task (the summary back in the queue).
    retried_in_judge = ModelCall.objects.filter(evaluation__run=run, attempts__gt=1).count()
    requeued = run.evaluations.filter(transient_errors__gt=0).count()
    assert retried_in_judge + requeued > 0
    # Every answer the server billed is in the run's usage, the wasted attempts' answers too:
    # only the requests that got no answer (429, 529, 500, timeouts) are not.
    stats = fake_server.stats()
    assert (run.input_tokens, run.output_tokens) == (stats["input_tokens"], stats["output_tokens"])
    assert (run.cache_write_tokens, run.cache_read_tokens) == (
        stats["cache_write_tokens"],
        stats["cache_read_tokens"],
    )


def test_a_run_beyond_its_request_budget_paces_itself_instead_of_drawing_429s(
    make_summary, anthropic_settings, fake_server, start_worker, worker_broker
) -> None:
    # The API admits 8 requests a minute per model; the platform keeps to 4, shared by the
    # worker's four processes. Five one-call summaries cannot all go in one burst.
    fake_server.requests_per_minute = 8
    broker = redis.Redis.from_url(worker_broker.url)
    for key in broker.scan_iter("*claude-sonnet-5*"):
        broker.delete(key)  # no budget left over from an earlier test
    summaries = [make_summary() for _ in range(5)]
    worker = start_worker(concurrency=4, **_worker_env(fake_server, JUDGE_REQUESTS_PER_MINUTE="4"))

    run = evaluation_run_create(
        judge="anthropic",
        model="claude-sonnet-5",
        dimensions=["accuracy"],
        summary_ids=[s.pk for s in summaries],
    )
    wait_for_run(run, timeout=150, worker=worker)

    assert Counter(run.evaluations.values_list("status", flat=True)) == {"succeeded": 5}
    assert fake_server.stats()["rate_limited"] == 0  # paced, not refused
    starts = sorted(r.started for r in fake_server.message_requests())
    assert len(starts) == 5
    assert starts[-1] - starts[0] >= 10  # the fifth waited for the window, not one burst
    # Waiting summaries went back to the queue (or waited in place) without spending retries.
    assert not run.evaluations.filter(transient_errors__gt=0).exists()


def test_a_worker_killed_mid_run_is_replaced_and_the_run_completes_exactly_once(
    make_summary, anthropic_settings, fake_server, start_worker
) -> None:
    fake_server.latency = 0.15
    summaries = [make_summary() for _ in range(60)]
    fast_recovery = {
        "CELERY_VISIBILITY_TIMEOUT": "4",
        "EVALUATION_CLAIM_TIMEOUT_SECONDS": "6",
    }
    first = start_worker(concurrency=4, **_worker_env(fake_server, **fast_recovery))

    run = _anthropic_run(summaries)
    wait_until(
        lambda: run.evaluations.filter(status="succeeded").count() >= 8,
        timeout=60,
        message=f"the first worker did not get going:\n{first.log()[-4000:]}",
    )
    first.kill()
    statuses = Counter(run.evaluations.values_list("status", flat=True))
    assert statuses["running"] >= 1, statuses  # the kill landed mid-run, with claims held
    assert statuses["succeeded"] < len(summaries), statuses

    second = start_worker(concurrency=4, **_worker_env(fake_server, **fast_recovery))
    wait_for_run(run, timeout=150, worker=second)

    _assert_one_clean_verdict_set_each(run, summaries)
    # The evaluations the dead worker held were claimed again after their claims went stale.
    assert run.evaluations.filter(attempts__gt=1).count() >= statuses["running"]


def test_a_pool_process_killed_mid_task_has_its_task_redelivered(
    make_summary, anthropic_settings, fake_server, start_worker
) -> None:
    fake_server.latency = 0.3
    summaries = [make_summary() for _ in range(12)]
    worker = start_worker(
        concurrency=2, **_worker_env(fake_server, EVALUATION_CLAIM_TIMEOUT_SECONDS="4")
    )

    run = _anthropic_run(summaries)
    wait_until(
        lambda: run.evaluations.filter(status="running").exists(),
        timeout=60,
        message=f"nothing started:\n{worker.log()[-3000:]}",
    )
    # Every pool process, so one that holds a task is surely among them; the main process lives
    # on, sees them lost and rejects their messages back to the queue.
    children = Path(f"/proc/{worker.process.pid}/task/{worker.process.pid}/children")
    for child in children.read_text().split():
        os.kill(int(child), signal.SIGKILL)
    wait_for_run(run, timeout=90, worker=worker)

    _assert_one_clean_verdict_set_each(run, summaries)
    assert "WorkerLostError" in worker.log()
    assert run.evaluations.filter(attempts__gt=1).exists()


def test_the_watchdog_finishes_a_run_whose_messages_and_worker_were_lost(
    make_summary, anthropic_settings, fake_server, start_worker
) -> None:
    # The broker forgot the whole fan-out (a Redis flush, or the file-system broker under a killed
    # worker), and one summary was claimed by a worker that died with its message. Nothing would
    # ever bring them back but the watchdog.
    summaries = [make_summary() for _ in range(6)]
    with dispatch.held(Message.FAN_OUT):
        run = _anthropic_run(summaries)
    dead = run.evaluations.order_by("pk").first()
    EvaluationRun.objects.filter(pk=run.pk).update(status=EvaluationRun.Status.RUNNING)
    SummaryEvaluation.objects.filter(pk=dead.pk).update(
        status="running", claim_token="dead", claimed_at=timezone.now(), attempts=1
    )
    watch = {"EVALUATION_CLAIM_TIMEOUT_SECONDS": "3", "EVALUATION_WATCH_SECONDS": "4"}
    anthropic_settings.EVALUATION_WATCH_SECONDS = 4
    worker = start_worker(concurrency=2, **_worker_env(fake_server, **watch))

    evaluation_run_watch_start(run_id=run.pk)  # what the lost fan-out would have done
    wait_for_run(run, timeout=60, worker=worker)

    _assert_one_clean_verdict_set_each(run, summaries)
    log = worker.log()
    assert "have a stale claim (their worker died); enqueued again" in log
    assert "its messages were lost, so it is fanned out again" in log
    assert SummaryEvaluation.objects.get(pk=dead.pk).attempts == 2


def test_malformed_json_fails_that_summary_with_a_clear_message_and_the_others_succeed(
    make_summary, anthropic_settings, fake_server, start_worker
) -> None:
    broken = make_summary(marker="conv-broken-7731")
    others = [make_summary() for _ in range(4)]
    fake_server.script(Fault(kind="malformed_json", match="conv-broken-7731", times=1000))
    worker = start_worker(concurrency=2, **_worker_env(fake_server))

    run = _anthropic_run([broken, *others])
    wait_for_run(run, timeout=90, worker=worker)

    run.refresh_from_db()
    assert run.status == EvaluationRun.Status.FINISHED_WITH_FAILURES
    assert (run.evaluated, run.failed) == (4, 1)
    failed = run.evaluations.get(summary=broken)
    assert failed.status == "failed"
    assert "JSON" in failed.error, failed.error
    assert failed.transient_errors == 0  # a broken reply is not retried as if transient
    assert not AccuracyVerdict.objects.filter(evaluation=failed).exists()
    assert set(run.evaluations.exclude(pk=failed.pk).values_list("status", flat=True)) == {
        "succeeded"
    }


def _snapshot(run: EvaluationRun) -> tuple:
    run.refresh_from_db()
    evaluations = list(
        SummaryEvaluation.objects.filter(run=run)
        .order_by("pk")
        .values_list("pk", "status", "attempts", "finished_at", "accuracy", "model_calls")
    )
    return (
        run.status,
        run.finished_at,
        run.model_calls,
        run.cost_usd,
        evaluations,
        _verdict_counts(run),
    )


def test_enqueuing_the_same_tasks_twice_or_rerunning_a_run_changes_nothing(
    make_summary, anthropic_settings, fake_server, start_worker, worker_broker
) -> None:
    summaries = [make_summary() for _ in range(6)]
    # A duplicate that finds its evaluation claimed looks again when the claim would go stale:
    # a short timeout lets those second looks happen within the test.
    worker = start_worker(
        concurrency=4, **_worker_env(fake_server, EVALUATION_CLAIM_TIMEOUT_SECONDS="4")
    )

    run = _anthropic_run(summaries)
    # Twice more while it runs: the fan-out, and every summary's task.
    evaluation_run_fan_out_task.delay(run.pk, 0)
    for evaluation_id in run.evaluations.values_list("pk", flat=True):
        summary_evaluate_task.delay(evaluation_id)
        summary_evaluate_task.delay(evaluation_id)
    wait_for_run(run, timeout=90, worker=worker)
    wait_until(worker_broker.drained, timeout=45, message="the duplicate tasks were never consumed")

    _assert_one_clean_verdict_set_each(run, summaries)
    assert len(fake_server.message_requests()) == CALLS_PER_SUMMARY * len(summaries)
    before = _snapshot(run)

    # Rerun the finished run, and each of its tasks again.
    evaluation_run_fan_out_task.delay(run.pk, 0)
    for evaluation_id in run.evaluations.values_list("pk", flat=True):
        summary_evaluate_task.delay(evaluation_id)
    time.sleep(0.5)
    wait_until(worker_broker.drained, timeout=30, message="the rerun tasks were never consumed")

    assert _snapshot(run) == before
    assert len(fake_server.message_requests()) == CALLS_PER_SUMMARY * len(summaries)
