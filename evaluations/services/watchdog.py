"""The watchdog: one sweep over every open run, sent by Celery beat every EVALUATION_WATCH_SECONDS,
that brings back work whose worker or message was lost.

Redelivery alone is slow or nothing: Redis hands a dead worker's unacknowledged message out again
only after CELERY_VISIBILITY_TIMEOUT (15 minutes by default), a frozen worker keeps its messages
for as long as it is frozen, and a flushed or restarted-empty Redis forgets every message. The
sweep does not depend on any of them: beat publishes a fresh one at each interval, so no worker
holds the watchdog's future in its memory (a per-run chain of countdown messages did, and died
with the worker that held it).

Each sweep
0. asks the broker whether it lost its data: a flushed or restarted-empty Redis forgets every
   message, with nothing in the database to show it. A worker puts a mark (a Redis key) in the
   broker when it first connects; a sweep that finds the mark gone knows every message of every
   open run is gone with it, so it puts the mark back and hands out every open run at once, with
   no quiet period (step 2c is for losses nothing announces). A worker that reconnects to the
   broker sends a sweep at once (evaluations.tasks.SweepOnBrokerReconnect), so a Redis that
   comes back empty is noticed as soon as the workers are back, not a beat interval later.
1. enqueues again the evaluations whose claim went stale: RUNNING, and not renewed for
   EVALUATION_CLAIM_TIMEOUT_SECONDS (a live worker renews it every third of that), so their worker
   died, froze or was cut off. Each is put back to QUEUED by a conditional UPDATE that names its
   claim, and only the sweep whose UPDATE took it publishes it. Cheap and safe, so it runs at
   every sweep. (In a cancelled run it is cancelled instead.)
2. looks at every open run (queued, running, or cancelled with evaluations still in flight):
   a. all its evaluations ended, but it is still open: its last worker died before closing it,
      so it is closed now;
   b. its progress (evaluations ended, claims taken) changed since the last sweep: noted, with
      the time;
   c. stalled: no progress for EVALUATION_STALL_SECONDS, evaluations queued and due for at least
      that long (a retry in its backoff is waiting, not lost), no live claim, and nothing waiting
      in the task queue. Their messages are gone (a Redis flush or restart, a worker that died
      holding retries it had not started), so the run is handed out again; a cancelled run's
      leftovers are enqueued to be cancelled. A backlog behind another run is not a stall: its
      messages are still in the queue.

Two beats, or a sweep delivered twice, are harmless: every re-enqueue and every hand-out is
decided by a conditional UPDATE (on the claim, or on the run's progress stamp), so one sweep
acts and the other finds nothing to do. Re-enqueueing is safe anyway: a task claims its
evaluation before doing anything, so a message that was not lost after all finds the work taken
or done, and does nothing.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from django.conf import settings
from django.db.models import Count, Q, Sum
from django.db.models.functions import Coalesce
from django.utils import timezone

from evaluations.models import EvaluationRun, SummaryEvaluation
from evaluations.services import dispatch

logger = logging.getLogger(__name__)

Status = SummaryEvaluation.Status
RunStatus = EvaluationRun.Status
OPEN_RUN = Q(status__in=(RunStatus.QUEUED, RunStatus.RUNNING)) | Q(
    status=RunStatus.CANCELLED, finished_at__isnull=True
)


@dataclass
class Sweep:
    """What one sweep did."""

    broker_emptied: bool = False  # the broker's mark was gone: every message was lost
    requeued: list[int] = field(default_factory=list)  # evaluations enqueued again
    cancelled: list[int] = field(default_factory=list)  # stale claims in cancelled runs
    handed_out: list[int] = field(default_factory=list)  # runs handed out again
    closed: list[int] = field(default_factory=list)  # runs whose lost close was done
    runs: int = 0  # open runs looked at

    def __str__(self) -> str:
        return (
            ("the broker had lost its messages; " if self.broker_emptied else "")
            + f"{self.runs} open runs; {len(self.requeued)} stale claims enqueued again, "
            f"{len(self.cancelled)} cancelled; runs handed out again: {self.handed_out or 'none'}; "
            f"closed: {self.closed or 'none'}"
        )


def evaluation_runs_watch() -> Sweep:
    """One sweep (see the module's docstring)."""
    now = timezone.now()
    sweep = Sweep()
    sweep.broker_emptied = broker_mark_set() is True
    stale_claims_requeue(now=now, sweep=sweep)
    queue_size = _once(broker_queue_size)
    runs = list(
        EvaluationRun.objects.filter(OPEN_RUN).values(
            "pk", "status", "watch_progress", "progress_at", "created_at"
        )
    )
    sweep.runs = len(runs)
    if not runs:
        return sweep
    requeued_runs = set(
        SummaryEvaluation.objects.filter(pk__in=sweep.requeued).values_list("run_id", flat=True)
    )
    # Enqueueing a run's stale claims hands it out: its quiet period starts again.
    EvaluationRun.objects.filter(pk__in=requeued_runs).update(progress_at=now)
    stall = dt.timedelta(seconds=settings.EVALUATION_STALL_SECONDS)
    stale_before = now - dt.timedelta(seconds=settings.EVALUATION_CLAIM_TIMEOUT_SECONDS)
    # Queued and due for a whole stall period: a retry whose backoff (or a model's retry-after
    # pause) is still running, or has only just ended, is waiting for its own message.
    overdue = Q(status=Status.QUEUED) & (Q(retry_at__isnull=True) | Q(retry_at__lt=now - stall))
    counts = {
        row["run_id"]: row
        for row in SummaryEvaluation.objects.filter(run_id__in=[run["pk"] for run in runs])
        .values("run_id")
        .annotate(
            open=Count("pk", filter=Q(status__in=(Status.QUEUED, Status.RUNNING))),
            ended=Count("pk", filter=Q(status__in=SummaryEvaluation.TERMINAL)),
            claims=Coalesce(Sum("attempts"), 0),
            overdue=Count("pk", filter=overdue),
            live=Count("pk", filter=Q(status=Status.RUNNING, claimed_at__gte=stale_before)),
        )
    }
    if sweep.broker_emptied:
        logger.warning(
            "The broker lost its messages (its mark is gone: Redis was flushed or restarted "
            "empty): the %d open runs are handed out again",
            len(runs),
        )
    for run in runs:
        seen = counts.get(run["pk"], {"open": 0, "ended": 0, "claims": 0, "overdue": 0, "live": 0})
        if sweep.broker_emptied and seen["open"]:
            # No quiet period: the messages are known to be gone, not guessed to be. Only this
            # sweep found the mark gone (SET NX), so only it hands the runs out.
            EvaluationRun.objects.filter(pk=run["pk"]).update(
                watch_progress=f"{seen['ended']}:{seen['claims']}", progress_at=now, watched_at=now
            )
            _hand_out(run, sweep=sweep)
            continue
        if run["pk"] in requeued_runs:
            continue
        _look(run, seen, now=now, stall=stall, queue_size=queue_size, sweep=sweep)
    return sweep


def _look(
    run: Mapping[str, Any],
    seen: Mapping[str, int],
    *,
    now: dt.datetime,
    stall: dt.timedelta,
    queue_size: Callable[[], int | None],
    sweep: Sweep,
) -> None:
    from evaluations.services import runs

    run_id = run["pk"]
    if seen["open"] == 0:
        # All ended, yet the run is open: its last worker died between the verdict and the
        # close (or a cancelled run's last in-flight one did). Close it, with its totals.
        runs.evaluation_run_finish_if_done(run_id=run_id)
        sweep.closed.append(run_id)
        return
    progress = f"{seen['ended']}:{seen['claims']}"
    if progress != run["watch_progress"]:
        EvaluationRun.objects.filter(pk=run_id, watch_progress=run["watch_progress"]).update(
            watch_progress=progress, progress_at=now, watched_at=now
        )
        return
    quiet_since = run["progress_at"] or run["created_at"]
    stalled = now - quiet_since >= stall and seen["overdue"] > 0 and seen["live"] == 0
    if not stalled or queue_size() != 0:  # None: the broker cannot say, so do not guess
        EvaluationRun.objects.filter(pk=run_id).update(watched_at=now)
        return
    # Compare-and-set on the progress stamp: of two sweeps that saw the same stall, one acts.
    taken = EvaluationRun.objects.filter(
        pk=run_id, watch_progress=progress, progress_at=run["progress_at"]
    ).update(progress_at=now, watched_at=now)
    if not taken:
        return
    logger.warning(
        "Run %s made no progress for %s s with work due and an empty task queue: its messages "
        "were lost, so it is handed out again",
        run_id,
        int((now - quiet_since).total_seconds()),
    )
    _hand_out(run, sweep=sweep)


def _hand_out(run: Mapping[str, Any], *, sweep: Sweep) -> None:
    """Hand out again a run whose messages were lost: its fan-out, or its leftovers to be
    cancelled (a cancelled run)."""
    run_id = run["pk"]
    sweep.handed_out.append(run_id)
    if run["status"] == RunStatus.CANCELLED:
        # A cancelled run hands nothing out any more, so its leftovers (given back to the queue
        # as the cancel landed) are enqueued one by one: their tasks find the run cancelled and
        # cancel them, which closes its totals.
        leftovers = list(
            SummaryEvaluation.objects.filter(run_id=run_id, status=Status.QUEUED)
            .order_by("pk")
            .values_list("pk", flat=True)[: settings.EVALUATION_FAN_OUT_CHUNK]
        )
        dispatch.evaluations_publish(evaluation_ids=leftovers)
    else:
        dispatch.run_fan_out_enqueue(run_id=run_id)


def stale_claims_requeue(*, now: dt.datetime, sweep: Sweep) -> None:
    """Put every evaluation whose claim went stale back in the queue and enqueue it (cancel it,
    in a cancelled run). The claim's token is cleared, so the worker that held it, should it
    wake up, finds its claim gone: it keeps no verdict and records what it was billed for."""
    stale_before = now - dt.timedelta(seconds=settings.EVALUATION_CLAIM_TIMEOUT_SECONDS)
    stale = (
        SummaryEvaluation.objects.filter(status=Status.RUNNING, claimed_at__lt=stale_before)
        .order_by("pk")
        .values_list("pk", "claim_token", "run_id", "run__status")[
            : settings.EVALUATION_FAN_OUT_CHUNK
        ]
    )
    cancelled_runs = set()
    for evaluation_id, token, run_id, run_status in stale:
        mine = SummaryEvaluation.objects.filter(
            pk=evaluation_id, status=Status.RUNNING, claim_token=token, claimed_at__lt=stale_before
        )
        if run_status == RunStatus.CANCELLED:
            if mine.update(
                status=Status.CANCELLED, claim_token="", claimed_at=None, finished_at=now
            ):
                sweep.cancelled.append(evaluation_id)
                cancelled_runs.add(run_id)
        elif mine.update(status=Status.QUEUED, claim_token="", claimed_at=None, retry_at=None):
            sweep.requeued.append(evaluation_id)
    if sweep.requeued:
        logger.warning(
            "%d evaluations had a stale claim (their worker died, froze or lost its connection): "
            "enqueued again: %s",
            len(sweep.requeued),
            sweep.requeued,
        )
        dispatch.evaluations_publish(evaluation_ids=sweep.requeued)
    if cancelled_runs:
        from evaluations.services import runs

        for run_id in cancelled_runs:
            runs.evaluation_run_finish_if_done(run_id=run_id)


def _once(function: Callable[[], int | None]) -> Callable[[], int | None]:
    """`function`, called at most once (the queue size is read only if some run needs it)."""
    cached: list[int | None] = []

    def call() -> int | None:
        if not cached:
            cached.append(function())
        return cached[0]

    return call


def waiting_sweeps_drop() -> int:
    """Drop the sweeps waiting in the watchdog's queue: this one does their work. Beat goes on
    sending them while no worker runs (a crash, a restart), and a worker that comes back would
    otherwise consume that backlog one message per free slot, between evaluations, before it
    reached one that acts. Returns how many were dropped (0 when the broker cannot say)."""
    from config.celery_app import app

    try:
        with app.connection_for_write() as connection:
            channel = cast(Any, connection.default_channel)  # (see broker_queue_size)
            return int(channel.queue_purge(settings.CELERY_WATCHDOG_QUEUE) or 0)
    except Exception:
        logger.warning("Could not drop the sweeps waiting in the watchdog's queue", exc_info=True)
        return 0


def _broker_mark_key() -> str:
    from config.celery_app import app

    # One per deployment (or test), as the queues are: two sharing a Redis keep their own.
    return f"{app.conf.task_default_queue}:broker-mark"


def broker_mark_set() -> bool | None:
    """Put the mark in the broker that says it still holds what was sent to it (see step 0 of
    the module's docstring). True when the mark was gone (so the broker lost its data since it
    was last set), False when it was there, None when the broker cannot say: it is not Redis (the
    file-system broker of `make demo` keeps its messages on disk), or it cannot be reached."""
    from config.celery_app import app

    try:
        with app.connection_for_write() as connection:
            if connection.transport.driver_type != "redis":
                return None
            # The Redis transport's channel holds a redis-py client (see broker_queue_size).
            client = cast(Any, connection.default_channel).client
            return bool(client.set(_broker_mark_key(), timezone.now().isoformat(), nx=True))
    except Exception:
        logger.warning("Could not read the broker's mark", exc_info=True)
        return None


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
