"""The claim state machine of one evaluation, and the outcomes it ends in.

An evaluation is QUEUED, then RUNNING under one claim (a fresh token per attempt), then ended:
SUCCEEDED, FAILED or CANCELLED. Every transition is a conditional UPDATE that names the claim's
token, so a worker whose claim was taken over (it stalled past EVALUATION_CLAIM_TIMEOUT_SECONDS)
changes nothing. The token stays on an ended attempt, so a replayed transition (its COMMIT went
through, its acknowledgement did not) is recognised and stored, and billed, once.

- `evaluation_claim`: QUEUED (and due) -> RUNNING, or take over a stale RUNNING claim.
- `claim_heartbeat`: keeps a live claim fresh while the judge works.
- `evaluation_release`: RUNNING -> QUEUED with a `retry_at` (CANCELLED in a cancelled run).
- `evaluation_retry_later` (a transient judge error, with a backoff; an outage of Redis or the
  database, an `InfrastructureError`, spends no retry), `evaluation_defer` (no rate-limit
  capacity) and `evaluation_fail` (RUNNING -> FAILED) are built on it.
- `unclaimed_outcome`: what a task that could not claim its evaluation should do next.
"""

from __future__ import annotations

import datetime as dt
import logging
import random
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import redis
from django.conf import settings
from django.db import InterfaceError, OperationalError, connection, transaction
from django.db.models import F, Q
from django.db.models.functions import Coalesce
from django.utils import timezone

from evaluations.judges.base import JudgeError
from evaluations.judges.types import CallUsage
from evaluations.models import EvaluationRun, SummaryEvaluation
from evaluations.services import faults
from evaluations.services.runs import evaluation_run_finish_if_done
from evaluations.services.usage import (
    lost_attempt_calls_record,
    model_calls_create,
    usage_added,
)

logger = logging.getLogger(__name__)

Status = SummaryEvaluation.Status
RunStatus = EvaluationRun.Status


class Outcome(StrEnum):
    """How one attempt at an evaluation ended (what the task returns)."""

    SUCCEEDED = "succeeded"  # its verdicts are stored
    FAILED = "failed"  # a permanent error, or the transient-error budget spent
    RETRY = "retry"  # a transient error: back in the queue after a backoff
    DEFERRED = "deferred"  # no rate-limit capacity: back in the queue, no retry spent
    BUSY = "busy"  # another worker holds it, or its backoff is not over: look again later
    DONE = "done"  # it had ended already
    LOST = "lost"  # the claim was taken over during the attempt: nothing of it is kept
    MISSING = "missing"  # deleted with its run
    CANCELLED = "cancelled"  # its run was cancelled


@dataclass(frozen=True)
class EvaluateOutcome:
    """What happened to one evaluation, and whether the task should run again (`retry_in`)."""

    outcome: Outcome
    retry_in: float | None = None
    message: str = ""


def evaluation_claim(*, evaluation_id: int, token: str) -> SummaryEvaluation | None:
    now = timezone.now()
    claim = {
        "status": Status.RUNNING,
        "claim_token": token,
        "claimed_at": now,
        "retry_at": None,
        "attempts": F("attempts") + 1,
        "started_at": Coalesce(F("started_at"), now),
    }
    due = Q(retry_at__isnull=True) | Q(retry_at__lte=now)
    claimed = SummaryEvaluation.objects.filter(due, pk=evaluation_id, status=Status.QUEUED).update(
        **claim
    )
    if not claimed:
        stale_before = now - dt.timedelta(seconds=settings.EVALUATION_CLAIM_TIMEOUT_SECONDS)
        claimed = SummaryEvaluation.objects.filter(
            pk=evaluation_id, status=Status.RUNNING, claimed_at__lt=stale_before
        ).update(**claim)
        if claimed:
            logger.warning("Reclaimed evaluation %s from a stale claim", evaluation_id)
    if not claimed:
        return None
    return SummaryEvaluation.objects.select_related("run").get(pk=evaluation_id)


@contextmanager
def claim_heartbeat(*, evaluation_id: int, token: str) -> Iterator[None]:
    """Keep the claim fresh while the judge works, so the claim timeout can be short (a dead
    worker's summary is taken over quickly) without a slow but live judge call ever looking
    stale. The beat runs in its own thread, on its own database connection."""
    interval = settings.EVALUATION_CLAIM_TIMEOUT_SECONDS / 3
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(interval):
                try:
                    SummaryEvaluation.objects.filter(
                        pk=evaluation_id, status=Status.RUNNING, claim_token=token
                    ).update(claimed_at=timezone.now())
                except Exception:  # a missed beat only risks a duplicate judgement, never a
                    # wrong row; the next one may get through (the database is back)
                    logger.exception("A claim heartbeat of evaluation %s failed", evaluation_id)
                    connection.close()
        finally:
            connection.close()

    thread = threading.Thread(target=beat, name=f"claim-{evaluation_id}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def unclaimed_outcome(*, evaluation_id: int) -> EvaluateOutcome:
    row = (
        SummaryEvaluation.objects.filter(pk=evaluation_id)
        .values("status", "claimed_at", "retry_at", "run_id")
        .first()
    )
    if row is None:
        return EvaluateOutcome(Outcome.MISSING)
    if row["status"] == Status.QUEUED and row["retry_at"] is not None:
        wait = (row["retry_at"] - timezone.now()).total_seconds()
        if wait > 0:
            # A duplicate of a message whose retry is not due: the backoff holds for it too.
            return EvaluateOutcome(Outcome.BUSY, retry_in=wait + 0.1)
    if row["status"] == Status.QUEUED:
        # Released (a transient error) between our claim and this look: its own retry is coming,
        # but look again soon rather than rely on it.
        return EvaluateOutcome(Outcome.BUSY, retry_in=1.0)
    if row["status"] == Status.RUNNING:
        # Another worker holds it. If that worker is dead, its claim goes stale: look again then.
        assert row["claimed_at"] is not None  # set with RUNNING, in the same UPDATE
        stale_at = row["claimed_at"] + dt.timedelta(
            seconds=settings.EVALUATION_CLAIM_TIMEOUT_SECONDS
        )
        wait = max(1.0, (stale_at - timezone.now()).total_seconds() + 1.0)
        return EvaluateOutcome(Outcome.BUSY, retry_in=wait)
    # Terminal. A worker may have died between writing the verdicts and closing the run.
    evaluation_run_finish_if_done(run_id=row["run_id"])
    return EvaluateOutcome(Outcome.DONE)


@faults.step(faults.Point.RELEASE)
def evaluation_release(
    evaluation_id: int,
    token: str,
    *,
    retry_in: float,
    billed_calls: Sequence[CallUsage] = (),
    **changes: Any,
) -> str | None:
    """Give the evaluation back to the queue, if the claim is still ours, with the calls the
    failed attempt was billed for. In a cancelled run it is cancelled instead, so no queued work
    outlives the cancel. Returns the status it set, or None when the claim was lost."""
    with transaction.atomic():
        run_cancelled = SummaryEvaluation.objects.filter(
            pk=evaluation_id, run__status=RunStatus.CANCELLED
        ).exists()
        status = Status.CANCELLED if run_cancelled else Status.QUEUED
        released = SummaryEvaluation.objects.filter(
            pk=evaluation_id, status=Status.RUNNING, claim_token=token
        ).update(
            # The token stays, as on every ended attempt: a replay of this release (its COMMIT
            # went through, its acknowledgement did not) recognises it by the token.
            status=status,
            claimed_at=None,
            retry_at=None if run_cancelled else timezone.now() + dt.timedelta(seconds=retry_in),
            finished_at=timezone.now() if run_cancelled else None,
            **changes,
            **usage_added(billed_calls),
        )
        if released:
            model_calls_create(evaluation_id=evaluation_id, calls=billed_calls, attempt_failed=True)
    if released:
        return status
    replayed = (
        SummaryEvaluation.objects.filter(
            pk=evaluation_id, claim_token=token, status__in=(Status.QUEUED, Status.CANCELLED)
        )
        .values_list("status", flat=True)
        .first()
    )
    if replayed is not None:
        return replayed  # released by this very attempt before: stored, and billed, once
    lost_attempt_calls_record(evaluation_id=evaluation_id, calls=billed_calls)
    return None


def evaluation_cancel_claimed(evaluation: SummaryEvaluation, token: str) -> EvaluateOutcome:
    cancelled = SummaryEvaluation.objects.filter(
        pk=evaluation.pk, status=Status.RUNNING, claim_token=token
    ).update(status=Status.CANCELLED, claim_token="", claimed_at=None, finished_at=timezone.now())
    if not cancelled:
        return EvaluateOutcome(Outcome.LOST)
    return after_cancelled_release(evaluation.run_id)


def after_cancelled_release(run_id: int) -> EvaluateOutcome:
    evaluation_run_finish_if_done(run_id=run_id)
    return EvaluateOutcome(Outcome.CANCELLED, message="the run was cancelled")


def retry_delay(*, transient_errors: int, retry_after: float | None) -> float:
    """Exponential backoff with jitter: half the capped exponential delay, plus a random part of
    the other half, so that workers failing together do not retry together. A server's
    `retry-after` is a floor."""
    base: float = settings.EVALUATION_RETRY_BASE_SECONDS
    ceiling: float = settings.EVALUATION_RETRY_MAX_SECONDS
    capped = min(base * 2.0 ** max(0, transient_errors - 1), ceiling)
    delay = capped / 2 + random.uniform(0, capped / 2)
    return max(delay, retry_after or 0.0)


class InfrastructureError(JudgeError):
    """Something the attempt relies on was away (Redis, the database): not the judge's fault nor
    the summary's. Transient, and it spends no retry: an outage must not fail a summary, however
    long it lasts. The attempt's billed calls travel on it like on any JudgeError."""

    def __init__(self, message: str, *, calls: Sequence[CallUsage] = ()) -> None:
        super().__init__(message, retryable=True, calls=calls)

    @classmethod
    def of(cls, outage: BaseException, *, calls: Sequence[CallUsage] = ()) -> InfrastructureError:
        name = "Redis" if isinstance(outage, redis.RedisError) else "The database"
        message = f"{name} was unavailable ({type(outage).__name__}: {outage})".strip()
        error = cls(message, calls=calls)
        error.__cause__ = outage
        return error


# What an outage raises. redis-py's errors are its own, not the built-in ConnectionError.
INFRASTRUCTURE_ERRORS: tuple[type[BaseException], ...] = (
    redis.ConnectionError,
    redis.TimeoutError,
    OperationalError,
    InterfaceError,
)


def infrastructure_cause(error: BaseException) -> BaseException | None:
    """The outage behind `error`: itself, or what it was raised from (a judge turns any
    exception of a job into a permanent "crashed" JudgeError, raised from it)."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        if isinstance(current, INFRASTRUCTURE_ERRORS):
            return current
        seen.add(id(current))
        current = current.__cause__
    return None


def evaluation_retry_later(
    evaluation: SummaryEvaluation, token: str, error: JudgeError
) -> EvaluateOutcome:
    if isinstance(error, InfrastructureError):
        return _retry_after_outage(evaluation, token, error)
    transient_errors = evaluation.transient_errors + 1
    if transient_errors > settings.EVALUATION_MAX_RETRIES:
        return evaluation_fail(
            evaluation,
            token,
            f"Gave up after {transient_errors} transient judge errors; the last: {error}",
            billed_calls=error.calls,
        )
    delay = retry_delay(transient_errors=transient_errors, retry_after=error.retry_after)
    released = evaluation_release(
        evaluation.pk,
        token,
        retry_in=delay,
        billed_calls=error.calls,
        transient_errors=transient_errors,
        error=str(error),
    )
    if released is None:
        return EvaluateOutcome(Outcome.LOST)
    if released == Status.CANCELLED:
        return after_cancelled_release(evaluation.run_id)
    return EvaluateOutcome(Outcome.RETRY, retry_in=delay, message=str(error))


def _retry_after_outage(
    evaluation: SummaryEvaluation, token: str, error: InfrastructureError
) -> EvaluateOutcome:
    """Back to the queue after an outage, with the bill, without spending a retry. The backoff
    grows with the evaluation's attempts (capped like every retry), so a long outage is polled
    ever more gently."""
    delay = retry_delay(transient_errors=min(evaluation.attempts, 30), retry_after=None)
    released = evaluation_release(
        evaluation.pk,
        token,
        retry_in=delay,
        billed_calls=error.calls,
        error=f"{error}; trying again in {delay:.0f}s",
    )
    if released is None:
        return EvaluateOutcome(Outcome.LOST)
    if released == Status.CANCELLED:
        return after_cancelled_release(evaluation.run_id)
    logger.warning("Evaluation %s waits for an outage to end: %s", evaluation.pk, error)
    return EvaluateOutcome(Outcome.RETRY, retry_in=delay, message=str(error))


def evaluation_fail(
    evaluation: SummaryEvaluation,
    token: str,
    message: str,
    *,
    billed_calls: Sequence[CallUsage] = (),
) -> EvaluateOutcome:
    """Fail the evaluation with the message, if the claim is still ours, with the calls the
    failed attempt was billed for."""
    with transaction.atomic():
        failed = SummaryEvaluation.objects.filter(
            pk=evaluation.pk, status=Status.RUNNING, claim_token=token
        ).update(
            status=Status.FAILED,
            error=message[:5000],
            finished_at=timezone.now(),
            **usage_added(billed_calls),
        )
        if failed:
            model_calls_create(evaluation_id=evaluation.pk, calls=billed_calls, attempt_failed=True)
    if (
        not failed
        and not SummaryEvaluation.objects.filter(
            pk=evaluation.pk, claim_token=token, status=Status.FAILED
        ).exists()
    ):  # (failed by this very attempt before: a replay, stored and billed once)
        lost_attempt_calls_record(evaluation_id=evaluation.pk, calls=billed_calls)
        return EvaluateOutcome(Outcome.LOST)
    evaluation_run_finish_if_done(run_id=evaluation.run_id)
    return EvaluateOutcome(Outcome.FAILED, message=message)


def evaluation_defer(evaluation: SummaryEvaluation, token: str, *, wait: float) -> EvaluateOutcome:
    """No rate-limit capacity for a while: back to the queue, without spending a retry. The
    jitter spreads the deferred summaries so they do not all come back at the same instant; a
    few seconds are enough for that, and more would only leave capacity unused."""
    delay = wait + random.uniform(0, min(wait / 2, 5.0) + 0.5)
    released = evaluation_release(evaluation.pk, token, retry_in=delay)
    if released is None:
        return EvaluateOutcome(Outcome.LOST)
    if released == Status.CANCELLED:
        return after_cancelled_release(evaluation.run_id)
    return EvaluateOutcome(Outcome.DEFERRED, retry_in=delay)
