"""The watchdog's sweep, in this process: what one sweep does with the rows of the open runs. The
broker's queue size is read from the tests' real Redis where a test says so; otherwise the queue
is empty. What the sweep would send is held (`held_messages`). The sweep as Celery beat sends it,
against real workers, is in test_faults.py."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
import redis
from django.db import connection
from django.utils import timezone

from config.celery_app import app
from evaluations import services
from evaluations.models import EvaluationRun, ModelCall, SummaryEvaluation
from evaluations.services import (
    evaluation_run_create,
    summary_evaluate,
    watchdog,
)
from evaluations.services.dispatch import HeldMessages
from evaluations.tasks import summary_evaluate_task

pytestmark = pytest.mark.django_db

Status = SummaryEvaluation.Status
LONG_AGO = dt.timedelta(hours=1)


@pytest.fixture
def held(held_messages, monkeypatch) -> HeldMessages:
    """What the sweeps send, held; an empty broker queue unless a test says otherwise, and a
    broker that kept its data (its mark in place)."""
    monkeypatch.setattr(watchdog, "broker_queue_size", lambda: 0)
    monkeypatch.setattr(watchdog, "broker_mark_set", lambda: False)
    return held_messages


def _run(make_summary, count: int = 3, *, status=EvaluationRun.Status.RUNNING) -> EvaluationRun:
    run = evaluation_run_create(
        judge="local",
        dimensions=["accuracy"],
        summary_ids=[make_summary().pk for _ in range(count)],
    )
    EvaluationRun.objects.filter(pk=run.pk).update(status=status)
    return run


def _claimed(evaluation, *, ago: dt.timedelta = dt.timedelta(0), token: str = "the-claim"):
    SummaryEvaluation.objects.filter(pk=evaluation.pk).update(
        status=Status.RUNNING,
        claim_token=token,
        claimed_at=timezone.now() - ago,
        attempts=1,
    )


def _quiet_for_long(run: EvaluationRun) -> None:
    """The sweeps have seen the run as it is, and it has not moved for an hour."""
    watchdog.evaluation_runs_watch()
    EvaluationRun.objects.filter(pk=run.pk).update(progress_at=timezone.now() - LONG_AGO)


# --- Stale claims: the cheap part, at every sweep ---------------------------------------------


def test_a_stale_claim_is_put_back_in_the_queue_and_enqueued_once(make_summary, held) -> None:
    run = _run(make_summary)
    stale, fresh, _queued = run.evaluations.order_by("pk")
    _claimed(stale, ago=LONG_AGO)
    _claimed(fresh, token="alive")

    first = watchdog.evaluation_runs_watch()
    second = watchdog.evaluation_runs_watch()

    assert first.requeued == [stale.pk] and second.requeued == []
    assert held.published == [stale.pk]
    assert held.fanned_out == []
    stale.refresh_from_db()
    fresh.refresh_from_db()
    assert (stale.status, stale.claim_token, stale.claimed_at) == (Status.QUEUED, "", None)
    assert (fresh.status, fresh.claim_token) == (Status.RUNNING, "alive")


def test_a_claim_is_stale_after_the_claim_timeout_whatever_the_retry_ceiling(
    make_summary, held, settings
) -> None:
    settings.EVALUATION_CLAIM_TIMEOUT_SECONDS = 10
    settings.EVALUATION_RETRY_MAX_SECONDS = 3600
    run = _run(make_summary, count=2)
    stale, recent = run.evaluations.order_by("pk")
    _claimed(stale, ago=dt.timedelta(seconds=11))
    _claimed(recent, ago=dt.timedelta(seconds=5))

    assert watchdog.evaluation_runs_watch().requeued == [stale.pk]


def test_the_worker_that_lost_its_claim_keeps_no_verdict_and_its_bill_is_recorded(
    make_summary, scripted_judge, held
) -> None:
    run = _run(make_summary, count=1)
    evaluation = run.evaluations.get()
    # A worker froze mid-judgement; its claim went stale and the sweep gave it to another.
    _claimed(evaluation, ago=LONG_AGO, token="frozen")
    watchdog.evaluation_runs_watch()
    assert summary_evaluate(evaluation_id=evaluation.pk).outcome == "succeeded"
    summary_evaluate(evaluation_id=evaluation.pk)  # (a duplicate: done already)

    # The frozen worker wakes up with its verdict, billed for two calls.
    verdict = scripted_judge.evaluate(
        *_inputs(evaluation), dimensions=("accuracy",), rubric_questions={}
    )
    late = summary_evaluate(
        evaluation_id=evaluation.pk,
        claim_token="frozen",
        pending={"verdict": verdict.model_dump(mode="json")},
    )

    assert late.outcome == "lost"
    evaluation.refresh_from_db()
    assert evaluation.status == Status.SUCCEEDED and evaluation.attempts == 2
    calls = ModelCall.objects.filter(evaluation=evaluation)
    assert calls.filter(attempt_failed=False).count() == 2  # the verdict's own
    assert calls.filter(attempt_failed=True).count() == 2  # the frozen attempt's, recorded


def _inputs(evaluation):
    from evaluations import judging

    inputs = judging.judge_inputs_load(summary_id=evaluation.summary_id)
    return inputs.transcript, inputs.summary


def test_a_stale_claim_in_a_cancelled_run_is_cancelled_and_the_run_closed(
    make_summary, held
) -> None:
    run = _run(make_summary, count=2)
    in_flight, _queued = run.evaluations.order_by("pk")
    _claimed(in_flight)
    services.evaluation_run_cancel(run=run)
    run.refresh_from_db()
    assert run.finished_at is None  # one evaluation is still being judged
    # Its worker died.
    SummaryEvaluation.objects.filter(pk=in_flight.pk).update(claimed_at=timezone.now() - LONG_AGO)

    sweep = watchdog.evaluation_runs_watch()

    assert sweep.cancelled == [in_flight.pk] and held.published == []
    run.refresh_from_db()
    assert run.status == EvaluationRun.Status.CANCELLED and run.finished_at is not None
    assert set(run.evaluations.values_list("status", flat=True)) == {Status.CANCELLED}


# --- Stalled runs: the longer quiet period ------------------------------------------------------


def test_a_run_whose_messages_were_lost_is_handed_out_again_after_the_stall_period(
    make_summary, held, settings
) -> None:
    run = _run(make_summary)
    assert watchdog.evaluation_runs_watch().handed_out == []  # first sight: progress noted
    EvaluationRun.objects.filter(pk=run.pk).update(
        progress_at=timezone.now() - dt.timedelta(seconds=settings.EVALUATION_STALL_SECONDS - 2)
    )
    assert watchdog.evaluation_runs_watch().handed_out == []  # quiet, but not for long enough
    EvaluationRun.objects.filter(pk=run.pk).update(
        progress_at=timezone.now() - dt.timedelta(seconds=settings.EVALUATION_STALL_SECONDS + 1)
    )

    assert watchdog.evaluation_runs_watch().handed_out == [run.pk]

    assert held.fanned_out == [run.pk]
    # Handed out: its quiet period starts again, so the next sweep leaves it alone.
    assert watchdog.evaluation_runs_watch().handed_out == []
    assert held.fanned_out == [run.pk]


def test_a_queued_run_whose_first_fan_out_was_lost_is_handed_out(make_summary, held) -> None:
    run = evaluation_run_create(judge="local", summary_ids=[make_summary().pk])
    held.sent.clear()  # that message never reached a worker
    _quiet_for_long(run)

    assert watchdog.evaluation_runs_watch().handed_out == [run.pk]
    assert held.fanned_out == [run.pk]


def test_a_run_that_progressed_since_the_last_sweep_is_left_alone(
    make_summary, scripted_judge, held
) -> None:
    run = _run(make_summary)
    _quiet_for_long(run)
    summary_evaluate(evaluation_id=run.evaluations.order_by("pk").first().pk)

    assert watchdog.evaluation_runs_watch().handed_out == []
    assert held.fanned_out == []


@pytest.mark.parametrize(
    "queue_size",
    [
        5000,  # its messages wait behind another run's: quiet, but not lost
        None,  # the broker cannot say: do not guess
    ],
    ids=["backlog", "unknown"],
)
def test_a_quiet_run_is_not_handed_out_unless_the_queue_is_known_to_be_empty(
    make_summary, held, monkeypatch, queue_size
) -> None:
    monkeypatch.setattr(watchdog, "broker_queue_size", lambda: queue_size)
    run = _run(make_summary)
    _quiet_for_long(run)

    assert watchdog.evaluation_runs_watch().handed_out == []
    assert held.fanned_out == []


def test_a_run_with_a_live_claim_is_not_stalled(make_summary, held) -> None:
    # One slow summary, its heartbeat keeping the claim fresh: the others wait behind it.
    run = _run(make_summary)
    _claimed(run.evaluations.order_by("pk").first())
    _quiet_for_long(run)

    assert watchdog.evaluation_runs_watch().handed_out == []


def test_a_retry_in_its_backoff_is_waiting_not_lost(make_summary, held, settings) -> None:
    # A long retry-after from the API: the evaluations wait an hour, quietly, and that is fine;
    # a retry that came due a moment ago has its own message on the way.
    run = _run(make_summary, count=2)
    waiting, just_due = run.evaluations.order_by("pk")
    SummaryEvaluation.objects.filter(pk=waiting.pk).update(
        retry_at=timezone.now() + LONG_AGO, attempts=1
    )
    SummaryEvaluation.objects.filter(pk=just_due.pk).update(
        retry_at=timezone.now() - dt.timedelta(seconds=settings.EVALUATION_STALL_SECONDS - 5),
        attempts=1,
    )
    _quiet_for_long(run)
    assert watchdog.evaluation_runs_watch().handed_out == []

    # Due for a whole stall period and still not claimed: its message is gone.
    SummaryEvaluation.objects.filter(pk=just_due.pk).update(
        retry_at=timezone.now() - dt.timedelta(seconds=settings.EVALUATION_STALL_SECONDS + 1)
    )
    assert watchdog.evaluation_runs_watch().handed_out == [run.pk]


def test_a_cancelled_runs_leftovers_are_enqueued_to_be_cancelled(make_summary, held) -> None:
    run = _run(make_summary, count=2)
    in_flight, released = run.evaluations.order_by("pk")
    _claimed(in_flight)
    services.evaluation_run_cancel(run=run)
    # Given back to the queue just as the cancel landed, and its message lost.
    SummaryEvaluation.objects.filter(pk=released.pk).update(status=Status.QUEUED)
    # The in-flight one ends normally.
    SummaryEvaluation.objects.filter(pk=in_flight.pk).update(status=Status.SUCCEEDED)
    _quiet_for_long(run)

    assert watchdog.evaluation_runs_watch().handed_out == [run.pk]

    assert held.published == [released.pk] and held.fanned_out == []
    assert services.summary_evaluate(evaluation_id=released.pk).outcome == "cancelled"
    run.refresh_from_db()
    assert run.finished_at is not None and run.status == EvaluationRun.Status.CANCELLED


def test_a_run_whose_close_was_lost_is_closed_by_a_sweep(make_summary, held) -> None:
    # Every evaluation ended, but the last worker died before closing the run.
    run = _run(make_summary)
    run.evaluations.update(status=Status.SUCCEEDED)

    assert watchdog.evaluation_runs_watch().closed == [run.pk]

    run.refresh_from_db()
    assert (run.status, run.evaluated) == (EvaluationRun.Status.FINISHED, 3)
    assert watchdog.evaluation_runs_watch().runs == 0  # closed runs are not looked at


def test_one_sweep_looks_after_every_open_run(make_summary, held) -> None:
    stalled = [_run(make_summary, count=1) for _ in range(2)]
    dead_worker = _run(make_summary, count=1)
    _claimed(dead_worker.evaluations.get(), ago=LONG_AGO)
    finished = _run(make_summary, count=1, status=EvaluationRun.Status.FINISHED)
    watchdog.evaluation_runs_watch()
    dead_worker.evaluations.update(status=Status.RUNNING, claimed_at=timezone.now() - LONG_AGO)
    EvaluationRun.objects.filter(pk__in=[run.pk for run in stalled]).update(
        progress_at=timezone.now() - LONG_AGO
    )
    held.sent.clear()

    sweep = watchdog.evaluation_runs_watch()

    assert sorted(sweep.handed_out) == [run.pk for run in stalled]
    assert sweep.requeued == [dead_worker.evaluations.get().pk]
    assert finished.pk not in sweep.handed_out and sweep.runs == 3


# --- A broker that lost its data: no quiet period --------------------------------------------


def test_a_sweep_that_finds_the_brokers_mark_gone_hands_out_every_open_run_at_once(
    make_summary, held_messages, worker_broker, monkeypatch
) -> None:
    monkeypatch.setattr(watchdog, "broker_queue_size", lambda: 0)
    fresh = _run(make_summary, count=2)  # just started: no sweep has seen it yet
    busy = _run(make_summary, count=2)
    _claimed(busy.evaluations.order_by("pk").first(), token="alive")  # a live claim
    backing_off = _run(make_summary, count=1)
    backing_off.evaluations.update(retry_at=timezone.now() + LONG_AGO, attempts=1)
    cancelled = _run(make_summary, count=2)
    in_flight, released = cancelled.evaluations.order_by("pk")
    _claimed(in_flight)
    services.evaluation_run_cancel(run=cancelled)
    SummaryEvaluation.objects.filter(pk=released.pk).update(status=Status.QUEUED)
    assert watchdog.broker_mark_set() is True  # a worker connected first, and put it in place
    assert watchdog.evaluation_runs_watch().handed_out == []  # the broker kept its data
    held_messages.sent.clear()

    # Redis restarts empty, or is flushed: the mark goes with the messages.
    redis.Redis.from_url(worker_broker.url).flushdb()
    sweep = watchdog.evaluation_runs_watch()

    # None was quiet for the stall period, one holds a live claim, one waits out a backoff
    # (whose message was lost too): all are handed out by this sweep, and by no other.
    assert sweep.broker_emptied
    assert sorted(sweep.handed_out) == sorted(
        run.pk for run in (fresh, busy, backing_off, cancelled)
    )
    assert sorted(held_messages.fanned_out) == sorted(run.pk for run in (fresh, busy, backing_off))
    assert held_messages.published == [released.pk]  # to be cancelled
    again = watchdog.evaluation_runs_watch()
    assert not again.broker_emptied and again.handed_out == []


def test_it_tells_when_the_brokers_mark_was_gone(worker_broker) -> None:
    broker = redis.Redis.from_url(worker_broker.url)

    assert watchdog.broker_mark_set() is True  # gone (never set): put in place
    assert watchdog.broker_mark_set() is False
    assert broker.exists(f"{worker_broker.queue}:broker-mark")
    broker.flushdb()
    assert watchdog.broker_mark_set() is True


def test_a_broker_that_is_not_redis_has_no_mark(monkeypatch) -> None:
    # The file-system broker of `make demo` keeps its messages on disk.
    # (Celery reads CELERY_BROKER_URL from the environment before its configuration.)
    monkeypatch.setenv("CELERY_BROKER_URL", "memory://")
    monkeypatch.setattr(app.conf, "broker_url", "memory://")

    assert watchdog.broker_mark_set() is None


# --- Two beats at once -------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_two_sweeps_at_once_enqueue_each_stale_claim_and_hand_out_each_run_once(
    make_summary, held
) -> None:
    dead_worker = _run(make_summary, count=4)
    stalled = _run(make_summary, count=2)
    _quiet_for_long(stalled)
    for evaluation in dead_worker.evaluations.all():
        _claimed(evaluation, ago=LONG_AGO, token=f"dead-{evaluation.pk}")
    held.sent.clear()  # the runs' first fan-outs
    start = threading.Barrier(2)
    sweeps = []

    def sweep() -> None:
        try:
            start.wait()
            sweeps.append(watchdog.evaluation_runs_watch())
        finally:
            connection.close()

    threads = [threading.Thread(target=sweep) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert len(sweeps) == 2
    assert sorted(held.published) == sorted(dead_worker.evaluations.values_list("pk", flat=True))
    assert held.fanned_out == [stalled.pk]


# --- Where the sweep comes from ------------------------------------------------------------------


def test_beat_sends_the_sweep_every_watch_interval_on_a_queue_of_its_own(settings) -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["evaluation-runs-watch"]
    assert entry["task"] == "evaluations.tasks.evaluation_runs_watch_task"
    assert entry["schedule"] == settings.EVALUATION_WATCH_SECONDS
    route = app.amqp.router.route({}, entry["task"])
    assert route["queue"].name == settings.CELERY_WATCHDOG_QUEUE
    assert settings.CELERY_WATCHDOG_QUEUE != settings.CELERY_TASK_DEFAULT_QUEUE
    # Every worker consumes both queues.
    assert {queue.name for queue in settings.CELERY_TASK_QUEUES} == {
        settings.CELERY_TASK_DEFAULT_QUEUE,
        settings.CELERY_WATCHDOG_QUEUE,
    }


def test_it_reads_the_size_of_the_task_queue_from_the_broker(worker_broker) -> None:
    assert watchdog.broker_queue_size() == 0  # Redis keeps no key for an empty queue

    with app.producer_or_acquire() as producer:
        for evaluation_id in (1, 2):
            summary_evaluate_task.apply_async((evaluation_id,), producer=producer)

    assert watchdog.broker_queue_size() == 2
