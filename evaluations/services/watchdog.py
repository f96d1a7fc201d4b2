"""The watchdog of a run: it brings back work whose worker or message was lost.

Redelivery covers most losses: a worker killed mid-task leaves its unacknowledged message in Redis,
which hands it out again after CELERY_VISIBILITY_TIMEOUT, and the claim then goes to the new task.
It does not cover a message that is gone for good (the file-system broker of the demo forgets what
a killed worker had taken; a Redis flush forgets everything). Without the watchdog such a run would
stay "running" until someone ran `run_evaluation --resume`.

Every run has one watch chain from its creation until it and all its evaluations have ended (a
cancelled run's in-flight ones included): a task that looks at the run every
EVALUATION_WATCH_SECONDS and schedules its successor. At each look it
1. stops if all that has ended, or if its token is no longer the run's (a newer chain took over,
   so a redelivered or duplicated watch message ends here instead of forking the chain);
2. re-enqueues the evaluations whose claim has gone stale: their worker died;
3. compares the run's progress (evaluations ended, claims taken) with what it saw last time. No
   progress for a whole interval, no live claim, evaluations queued and overdue (a retry still in
   its backoff is not) and nothing waiting in the broker's queue: their messages are lost (or
   the run's first fan-out was), so it fans the run out again, which starts a new chain; in a
   cancelled run, which hands nothing out, it enqueues the leftovers themselves, to be
   cancelled. A backlog behind another run is not a stall: its messages are still in the queue.

Re-enqueueing is always safe: a task claims its evaluation before doing anything, so a message
that turns out not to be lost after all finds the work taken or done, and does nothing.
"""

from __future__ import annotations

import datetime as dt
import logging
import uuid
from typing import Any, cast

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Q, Sum
from django.db.models.functions import Coalesce
from django.utils import timezone

from evaluations.models import EvaluationRun, SummaryEvaluation
from evaluations.services import dispatch

logger = logging.getLogger(__name__)

Status = SummaryEvaluation.Status


def evaluation_run_watch_start(*, run_id: int) -> None:
    """Give the run a new watch chain, once the current transaction commits. Any older chain
    stops at its next look, since its token is no longer the run's."""
    token = uuid.uuid4().hex
    EvaluationRun.objects.filter(pk=run_id).update(watch_token=token, watch_progress="")
    transaction.on_commit(lambda: dispatch.run_watch_schedule(run_id=run_id, token=token))


def evaluation_run_watch(*, run_id: int, token: str) -> str:
    """One look at a run (see the module's docstring). Returns what it did: "stopped",
    "superseded", "watching", "reclaimed N" or "fanned out"."""
    from evaluations.services import runs

    now = timezone.now()
    stale_before = now - dt.timedelta(seconds=settings.EVALUATION_CLAIM_TIMEOUT_SECONDS)
    chunk = settings.EVALUATION_FAN_OUT_CHUNK
    with transaction.atomic():
        run = EvaluationRun.objects.select_for_update().filter(pk=run_id).first()
        if run is None or run.watch_token != token:
            return "superseded"
        evaluations = SummaryEvaluation.objects.filter(run_id=run_id)
        if not evaluations.exclude(status__in=SummaryEvaluation.TERMINAL).exists():
            # All ended. A run still open here lost its close (its last worker died between the
            # verdict and closing it): close it now.
            runs.evaluation_run_finish_if_done(run_id=run_id)
            EvaluationRun.objects.filter(pk=run_id).update(watch_token="")
            return "stopped"
        stale_ids = list(
            evaluations.filter(status=Status.RUNNING, claimed_at__lt=stale_before)
            .order_by("pk")
            .values_list("pk", flat=True)[:chunk]
        )
        # Queued and due for a while: a retry whose backoff (or a model's retry-after pause)
        # is still running is waiting, not lost.
        overdue = Q(status=Status.QUEUED) & (
            Q(retry_at__isnull=True) | Q(retry_at__lt=stale_before)
        )
        seen = evaluations.aggregate(
            ended=Count("pk", filter=Q(status__in=SummaryEvaluation.TERMINAL)),
            claims=Coalesce(Sum("attempts"), 0),
            overdue=Count("pk", filter=overdue),
            live=Count("pk", filter=Q(status=Status.RUNNING, claimed_at__gte=stale_before)),
        )
        progress = f"{seen['ended']}:{seen['claims']}"
        quiet = (
            progress == run.watch_progress
            and seen["overdue"] > 0
            and seen["live"] == 0
            and not stale_ids
        )
        # A cancelled run hands nothing out any more, so its leftovers are enqueued one by one:
        # their tasks find the run cancelled and cancel them, which closes its totals.
        leftovers = (
            list(evaluations.filter(overdue).order_by("pk").values_list("pk", flat=True)[:chunk])
            if quiet and run.status == EvaluationRun.Status.CANCELLED
            else []
        )
        next_token = uuid.uuid4().hex
        EvaluationRun.objects.filter(pk=run_id).update(
            watch_token=next_token, watch_progress=progress, watched_at=now
        )
        # The next look is published before this commits: if this worker dies in between, the
        # successor finds an old token and ends, and this look's own message, redelivered, still
        # holds the run's token. Published whatever happens below: should the fan-out be lost
        # too, this chain finds the run stalled again (a fan-out that runs starts its own).
        dispatch.run_watch_schedule(run_id=run_id, token=next_token)
    if stale_ids:
        logger.warning(
            "Run %s: %d evaluations have a stale claim (their worker died); enqueued again",
            run_id,
            len(stale_ids),
        )
        dispatch.evaluations_publish(evaluation_ids=stale_ids)
        return f"reclaimed {len(stale_ids)}"
    if quiet and broker_queue_size() == 0:
        logger.warning(
            "Run %s made no progress for %s s and its queue is empty: its messages were lost, "
            "so it is fanned out again",
            run_id,
            settings.EVALUATION_WATCH_SECONDS,
        )
        if leftovers:
            dispatch.evaluations_publish(evaluation_ids=leftovers)
        else:
            runs.evaluation_run_enqueue(run=run)
        return "fanned out"
    return "watching"


def broker_queue_size() -> int | None:
    """Messages waiting in the task queue, or None when the broker cannot say. Messages a
    worker holds (prefetched, or waiting for their countdown) are not counted."""
    from kombu.exceptions import ChannelError

    from config.celery_app import app

    try:
        with app.connection_for_read() as connection:
            # kombu's stubs type the channel as the abstract StdChannel, which lacks
            # queue_declare; the channel of every transport has it.
            channel = cast(Any, connection.default_channel)
            declared = channel.queue_declare(queue=app.conf.task_default_queue, passive=True)
            return int(declared.message_count)
    except ChannelError:
        return 0  # Redis drops an empty list's key: a queue that does not exist holds nothing
    except Exception:
        logger.exception("Could not read the size of the task queue")
        return None
