"""The watchdog of a running run, in this process: what one look does with a run's rows. The
broker's queue size is read from the tests' real Redis; scheduling and publishing are captured."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from config.celery_app import app
from evaluations import services
from evaluations.models import EvaluationRun, SummaryEvaluation
from evaluations.services import (
    evaluation_run_create,
    evaluation_run_fan_out,
    summary_evaluate,
    watchdog,
)
from evaluations.services.dispatch import HeldMessages
from evaluations.tasks import summary_evaluate_task

pytestmark = pytest.mark.django_db

Status = SummaryEvaluation.Status


@pytest.fixture
def captured(held_messages, monkeypatch) -> HeldMessages:
    """The looks the watchdog schedules, the evaluations it publishes, the fan-outs it asks
    for, and an empty broker queue unless a test says otherwise."""
    monkeypatch.setattr(watchdog, "broker_queue_size", lambda: 0)
    return held_messages


def _running_run(make_summary, count: int = 3) -> EvaluationRun:
    run = evaluation_run_create(
        judge="local",
        dimensions=["accuracy"],
        summary_ids=[make_summary().pk for _ in range(count)],
    )
    EvaluationRun.objects.filter(pk=run.pk).update(status=EvaluationRun.Status.RUNNING)
    return run


def _look(run: EvaluationRun, django_capture_on_commit_callbacks) -> str:
    run.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        return watchdog.evaluation_run_watch(run_id=run.pk, token=run.watch_token)


def _watched(run, django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        watchdog.evaluation_run_watch_start(run_id=run.pk)


def test_handing_out_a_run_from_the_start_gives_it_a_watch(
    make_summary, scripted_judge, captured, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    monkeypatch.setattr(summary_evaluate_task, "apply_async", lambda args, **_: None)
    run = evaluation_run_create(judge="local", summary_ids=[make_summary().pk])

    with django_capture_on_commit_callbacks(execute=True):
        evaluation_run_fan_out(run_id=run.pk, after_id=0)

    run.refresh_from_db()
    assert run.status == EvaluationRun.Status.RUNNING
    assert captured.scheduled == [run.watch_token] and run.watch_token


def test_a_new_run_is_watched_from_its_creation(
    make_summary, captured, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        run = evaluation_run_create(judge="local", summary_ids=[make_summary().pk])

    assert run.status == EvaluationRun.Status.QUEUED
    assert captured.fanned_out == [run.pk]
    assert captured.scheduled == [run.watch_token] and run.watch_token


def test_a_queued_run_whose_first_fan_out_was_lost_is_fanned_out_again(
    make_summary, captured, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        run = evaluation_run_create(judge="local", summary_ids=[make_summary().pk])
    captured.sent.clear()  # that message never reached a worker

    assert _look(run, django_capture_on_commit_callbacks) == "watching"
    assert _look(run, django_capture_on_commit_callbacks) == "fanned out"
    assert captured.fanned_out == [run.pk]


def test_a_look_with_an_old_token_ends_that_chain(
    make_summary, captured, django_capture_on_commit_callbacks
) -> None:
    run = _running_run(make_summary)
    _watched(run, django_capture_on_commit_callbacks)
    first = captured.scheduled[0]
    _watched(run, django_capture_on_commit_callbacks)  # a resume starts a second chain

    with django_capture_on_commit_callbacks(execute=True):
        outcome = watchdog.evaluation_run_watch(run_id=run.pk, token=first)

    assert outcome == "superseded"
    assert len(captured.scheduled) == 2  # nothing scheduled by the superseded look


def test_the_watch_stops_once_the_run_has_ended(
    make_summary, scripted_judge, captured, django_capture_on_commit_callbacks
) -> None:
    run = _running_run(make_summary, count=1)
    _watched(run, django_capture_on_commit_callbacks)
    summary_evaluate(evaluation_id=run.evaluations.get().pk)

    assert _look(run, django_capture_on_commit_callbacks) == "stopped"

    run.refresh_from_db()
    assert run.status == EvaluationRun.Status.FINISHED
    assert run.watch_token == ""
    assert len(captured.scheduled) == 1


def test_it_enqueues_again_the_evaluations_whose_claim_went_stale(
    make_summary, captured, settings, django_capture_on_commit_callbacks
) -> None:
    run = _running_run(make_summary)
    stale, fresh, _queued = run.evaluations.order_by("pk")
    long_ago = timezone.now() - dt.timedelta(seconds=settings.EVALUATION_CLAIM_TIMEOUT_SECONDS + 5)
    SummaryEvaluation.objects.filter(pk=stale.pk).update(status=Status.RUNNING, claimed_at=long_ago)
    SummaryEvaluation.objects.filter(pk=fresh.pk).update(
        status=Status.RUNNING, claimed_at=timezone.now()
    )
    _watched(run, django_capture_on_commit_callbacks)

    assert _look(run, django_capture_on_commit_callbacks) == "reclaimed 1"

    run.refresh_from_db()
    assert captured.published == [stale.pk]
    assert captured.fanned_out == []
    # The chain goes on, under a new token.
    assert captured.scheduled[-1] == run.watch_token != captured.scheduled[0]


def test_a_run_without_progress_for_a_whole_interval_and_an_empty_queue_is_fanned_out_again(
    make_summary, captured, django_capture_on_commit_callbacks
) -> None:
    run = _running_run(make_summary)
    _watched(run, django_capture_on_commit_callbacks)

    assert _look(run, django_capture_on_commit_callbacks) == "watching"  # first sight
    assert _look(run, django_capture_on_commit_callbacks) == "fanned out"

    assert captured.fanned_out == [run.pk]
    assert captured.published == []


def test_a_run_that_progressed_since_the_last_look_is_left_alone(
    make_summary, scripted_judge, captured, django_capture_on_commit_callbacks
) -> None:
    run = _running_run(make_summary)
    _watched(run, django_capture_on_commit_callbacks)
    _look(run, django_capture_on_commit_callbacks)
    summary_evaluate(evaluation_id=run.evaluations.order_by("pk").first().pk)

    assert _look(run, django_capture_on_commit_callbacks) == "watching"
    assert captured.fanned_out == []


@pytest.mark.parametrize(
    "queue_size",
    [
        5000,  # its messages wait behind another run's: quiet, but not lost
        None,  # the broker cannot say: do not guess
    ],
    ids=["backlog", "unknown"],
)
def test_a_quiet_run_is_not_fanned_out_again_unless_the_queue_is_known_to_be_empty(
    make_summary, captured, monkeypatch, django_capture_on_commit_callbacks, queue_size
) -> None:
    monkeypatch.setattr(watchdog, "broker_queue_size", lambda: queue_size)
    run = _running_run(make_summary)
    _watched(run, django_capture_on_commit_callbacks)

    _look(run, django_capture_on_commit_callbacks)
    assert _look(run, django_capture_on_commit_callbacks) == "watching"
    assert captured.fanned_out == []


def test_a_run_with_a_live_claim_is_not_stalled(
    make_summary, captured, django_capture_on_commit_callbacks
) -> None:
    # One slow summary, its heartbeat keeping the claim fresh: the others wait behind it.
    run = _running_run(make_summary)
    live = run.evaluations.order_by("pk").first()
    SummaryEvaluation.objects.filter(pk=live.pk).update(
        status=Status.RUNNING, claimed_at=timezone.now()
    )
    _watched(run, django_capture_on_commit_callbacks)

    _look(run, django_capture_on_commit_callbacks)
    assert _look(run, django_capture_on_commit_callbacks) == "watching"
    assert captured.fanned_out == []


def test_it_reads_the_size_of_the_task_queue_from_the_broker(worker_broker) -> None:
    assert watchdog.broker_queue_size() == 0  # Redis keeps no key for an empty queue

    with app.producer_or_acquire() as producer:
        for evaluation_id in (1, 2):
            summary_evaluate_task.apply_async((evaluation_id,), producer=producer)

    assert watchdog.broker_queue_size() == 2


def test_a_retry_still_in_its_backoff_is_waiting_not_lost(
    make_summary, captured, django_capture_on_commit_callbacks
) -> None:
    # A long retry-after from the API: the evaluations wait an hour, quietly, and that is fine.
    run = _running_run(make_summary)
    run.evaluations.update(retry_at=timezone.now() + dt.timedelta(hours=1), attempts=1)
    _watched(run, django_capture_on_commit_callbacks)

    _look(run, django_capture_on_commit_callbacks)
    assert _look(run, django_capture_on_commit_callbacks) == "watching"
    assert captured.fanned_out == []


def test_a_cancelled_run_is_watched_until_its_in_flight_summaries_have_ended(
    make_summary, captured, settings, django_capture_on_commit_callbacks
) -> None:
    run = _running_run(make_summary, count=2)
    in_flight, released = run.evaluations.order_by("pk")
    SummaryEvaluation.objects.filter(pk=in_flight.pk).update(
        status=Status.RUNNING, claimed_at=timezone.now()
    )
    services.evaluation_run_cancel(run=run)
    # Given back to the queue just as the cancel landed, and its message lost.
    SummaryEvaluation.objects.filter(pk=released.pk).update(status=Status.QUEUED)
    _watched(run, django_capture_on_commit_callbacks)

    assert _look(run, django_capture_on_commit_callbacks) == "watching"
    # The in-flight one's worker died too: its claim goes stale.
    SummaryEvaluation.objects.filter(pk=in_flight.pk).update(
        claimed_at=timezone.now() - dt.timedelta(hours=1)
    )
    assert _look(run, django_capture_on_commit_callbacks) == "reclaimed 1"
    assert captured.published == [in_flight.pk]
    # Its task cancels it; the queued one stays unclaimed for a whole interval.
    assert services.summary_evaluate(evaluation_id=in_flight.pk).outcome == "cancelled"
    _look(run, django_capture_on_commit_callbacks)
    assert _look(run, django_capture_on_commit_callbacks) == "fanned out"
    assert captured.published == [in_flight.pk, released.pk]  # enqueued itself: no fan-out
    assert captured.fanned_out == []
    assert services.summary_evaluate(evaluation_id=released.pk).outcome == "cancelled"

    assert _look(run, django_capture_on_commit_callbacks) == "stopped"
    run.refresh_from_db()
    assert run.finished_at is not None and run.status == EvaluationRun.Status.CANCELLED


def test_a_run_whose_close_was_lost_is_closed_by_its_watch(
    make_summary, captured, django_capture_on_commit_callbacks
) -> None:
    # Every evaluation ended, but the last worker died before closing the run.
    run = _running_run(make_summary)
    run.evaluations.update(status=Status.SUCCEEDED)
    _watched(run, django_capture_on_commit_callbacks)

    assert _look(run, django_capture_on_commit_callbacks) == "stopped"

    run.refresh_from_db()
    assert (run.status, run.evaluated, run.watch_token) == (EvaluationRun.Status.FINISHED, 3, "")
    assert len(captured.scheduled) == 1
