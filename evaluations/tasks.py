"""Celery tasks of evaluation runs. They only orchestrate: take ids, call one service, and decide
whether to run again. Every task is safe to run twice (see evaluations/services/)."""

from __future__ import annotations

import logging
from typing import Any, TypedDict

from celery import Task, bootsteps, shared_task
from celery.signals import worker_process_init
from django.conf import settings
from django.db import InterfaceError, OperationalError, connection

from evaluations import judging, services
from evaluations.judges.base import JudgeError
from evaluations.services import batches, dispatch, watchdog, webhooks

logger = logging.getLogger(__name__)

# A database that went away (restart, failover) is transient: try again after this many seconds.
DATABASE_RETRY_SECONDS = 5.0


class _Delivery(TypedDict):
    acks_late: bool
    reject_on_worker_lost: bool
    ignore_result: bool


_DELIVERY: _Delivery = {
    "acks_late": True,  # a worker that dies mid-task leaves its message to be redelivered
    "reject_on_worker_lost": True,
    "ignore_result": True,
}


@shared_task(bind=True, max_retries=None, **_DELIVERY)
def evaluation_run_fan_out_task(self: Task[Any, Any], run_id: int, after_id: int = 0) -> None:
    """Hand out one chunk of a run's evaluations, then enqueue the next chunk."""
    try:
        next_after = services.evaluation_run_fan_out(run_id=run_id, after_id=after_id)
    except (OperationalError, InterfaceError) as error:
        raise self.retry(exc=error, countdown=DATABASE_RETRY_SECONDS) from error
    if next_after is not None:
        dispatch.run_fan_out_enqueue(run_id=run_id, after_id=next_after)


@shared_task(bind=True, max_retries=None, **_DELIVERY)
def summary_evaluate_task(
    self: Task[Any, Any], evaluation_id: int, claim_token: str = "", pending: dict | None = None
) -> str:
    """Judge one summary. The retry budget for judge errors is counted in the evaluation row, not
    here, so Celery's own retry limit is off. An outcome the database could not take (verdicts,
    or a judge error and its bill) comes back with its claim's token, to be stored without
    judging again."""
    try:
        outcome = services.summary_evaluate(
            evaluation_id=evaluation_id, claim_token=claim_token, pending=pending
        )
    except services.OutcomeNotStored as error:
        kwargs = {"claim_token": error.token, "pending": error.pending}
        raise self.retry(kwargs=kwargs, countdown=DATABASE_RETRY_SECONDS) from error
    except (OperationalError, InterfaceError) as error:
        raise self.retry(exc=error, countdown=DATABASE_RETRY_SECONDS) from error
    if outcome.retry_in is not None:
        # A fresh attempt: whatever outcome this run stored is not to be stored again.
        raise self.retry(kwargs={}, countdown=outcome.retry_in)
    return outcome.outcome.value


@shared_task(bind=True, max_retries=None, **_DELIVERY)
def run_webhook_deliver_task(self: Task[Any, Any], run_id: int) -> str:
    """POST a run's webhook; a failed attempt is recorded and tried again after the delay the
    service says, until WEBHOOK_MAX_ATTEMPTS (counted in the webhook's row, not here)."""
    try:
        outcome = webhooks.run_webhook_deliver(run_id=run_id)
    except (OperationalError, InterfaceError) as error:
        raise self.retry(exc=error, countdown=DATABASE_RETRY_SECONDS) from error
    if outcome.retry_in is not None:
        raise self.retry(countdown=outcome.retry_in)
    return outcome.status


@shared_task(bind=True, max_retries=None, **_DELIVERY)
def evaluation_run_batch_submit_task(self: Task[Any, Any], run_id: int) -> int:
    """Submit a batch run's next Message Batch (services/batches.py). The API away: try again
    later; a batch the API refuses fails the waiting evaluations with its reason."""
    try:
        return batches.run_batch_submit(run_id=run_id)
    except (OperationalError, InterfaceError) as error:
        raise self.retry(exc=error, countdown=DATABASE_RETRY_SECONDS) from error
    except JudgeError as error:
        if error.retryable:
            countdown = error.retry_after or settings.JUDGE_BATCH_POLL_SECONDS
            raise self.retry(exc=error, countdown=countdown) from error
        batches.run_batch_fail_waiting(run_id=run_id, message=str(error))
        return 0


@shared_task(bind=True, max_retries=None, **_DELIVERY)
def judge_batch_poll_task(self: Task[Any, Any], batch_id: int) -> None:
    """Poll one Message Batch; again after JUDGE_BATCH_POLL_SECONDS while it is processing."""
    try:
        again = batches.judge_batch_poll(batch_id=batch_id)
    except (OperationalError, InterfaceError) as error:
        raise self.retry(exc=error, countdown=DATABASE_RETRY_SECONDS) from error
    except JudgeError as error:
        countdown = error.retry_after or settings.JUDGE_BATCH_POLL_SECONDS
        raise self.retry(exc=error, countdown=countdown) from error
    if again:
        dispatch.batch_poll_enqueue(batch_id=batch_id)


@shared_task(ignore_result=True)
def evaluation_runs_watch_task() -> str:
    """One sweep of the watchdog, sent by Celery beat every EVALUATION_WATCH_SECONDS (see
    CELERY_BEAT_SCHEDULE). Sweeps still waiting behind it are dropped: it does their work. A sweep
    that fails (the database is away) is not retried: the next one is on its way."""
    watchdog.waiting_sweeps_drop()
    try:
        sweep = watchdog.evaluation_runs_watch()
    except (OperationalError, InterfaceError) as error:
        logger.warning("The watchdog's sweep could not reach the database: %s", error)
        return "database unavailable"
    if sweep.requeued or sweep.cancelled or sweep.handed_out or sweep.closed:
        logger.info("Watchdog sweep: %s", sweep)
    return str(sweep)


class SweepOnBrokerReconnect(bootsteps.StartStopStep):
    """A step of the worker's consumer, started each time it connects to the broker (registered
    in config/celery_app.py). At the first connection it puts the broker's mark in place; at
    every reconnection it sends a sweep at once. A Redis that came back empty has lost every
    message of every open run, and that sweep finds its mark gone and hands them all out
    (services/watchdog.py), without waiting for beat's next sweep or a quiet period."""

    requires = ("celery.worker.consumer.tasks:Tasks",)

    def __init__(self, parent: Any, **kwargs: Any) -> None:
        super().__init__(parent, **kwargs)
        self.connected_before = False

    def start(self, parent: Any) -> None:
        if not self.connected_before:
            self.connected_before = True
            watchdog.broker_mark_set()
            return
        try:
            evaluation_runs_watch_task.delay()
        except Exception:  # beat's next sweep does the same, a little later
            logger.warning("Could not send a sweep after reconnecting to the broker", exc_info=True)


@worker_process_init.connect
def _warm_up_worker_process(**_kwargs: Any) -> None:
    """Build the judges and open the database connection when a pool process starts, not in its
    first task: a worker with 16 processes would otherwise pay for 16 cold starts at once."""
    try:
        judging.judges_warm_up()
        connection.ensure_connection()
    except Exception:  # a cold first task is slower, not wrong
        logger.exception("Could not warm up the worker process")
