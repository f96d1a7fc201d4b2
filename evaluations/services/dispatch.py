"""The one module that enqueues Celery tasks: a run's fan-out, one summary's evaluation, a run's
webhook.
Everything else asks it, so what a run sends is decided in one place. (The watchdog's sweep is
sent by Celery beat, on the schedule in settings.CELERY_BEAT_SCHEDULE, never from here.)

Call these after the rows they name have committed (from `transaction.on_commit`, or outside any
transaction), so a worker never reads a row that is not there yet.

`held()` keeps messages instead of sending them. It is the seam for tests without a broker (hold
every kind and look at what would have been sent) and for fault tests (hold one kind, and it is
lost):

    with dispatch.held(dispatch.Message.FAN_OUT) as held:
        run = evaluation_run_create(...)
    assert held.fanned_out == [run.pk]  # the fan-out never reached the broker
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum


class Message(StrEnum):
    FAN_OUT = "fan_out"  # a run's fan-out from one evaluation on: (run_id, after_id)
    EVALUATE = "evaluate"  # one evaluation: (evaluation_id,)
    WEBHOOK = "webhook"  # a run's webhook delivery: (run_id,)
    BATCH_SUBMIT = "batch_submit"  # a batch run's next Message Batch: (run_id,)
    BATCH_POLL = "batch_poll"  # one Message Batch polled: (judge_batch_id,)


# Compared by identity: two nested blocks that kept the same (say, nothing yet) are still two,
# and leaving the inner one must not close the outer one.
@dataclass(eq=False)
class HeldMessages:
    """The messages a `held()` block kept instead of sending, in the order they were asked for."""

    kinds: frozenset[Message]
    sent: list[tuple[Message, tuple]] = field(default_factory=list)

    def args(self, kind: Message) -> list[tuple]:
        return [args for sent_kind, args in self.sent if sent_kind == kind]

    @property
    def fanned_out(self) -> list[int]:
        """The runs whose fan-out was asked for."""
        return [run_id for run_id, _after_id in self.args(Message.FAN_OUT)]

    @property
    def published(self) -> list[int]:
        """The evaluations enqueued, one task each."""
        return [evaluation_id for (evaluation_id,) in self.args(Message.EVALUATE)]


# Open `held()` blocks, innermost last. Module-wide, not per thread: a live test server's thread
# must see the hold of the test that started it.
_holds: list[HeldMessages] = []


@contextmanager
def held(*kinds: Message) -> Iterator[HeldMessages]:
    """Keep the messages of these kinds (every kind when none is named) instead of sending them."""
    hold = HeldMessages(kinds=frozenset(kinds or Message))
    _holds.append(hold)
    try:
        yield hold
    finally:
        _holds.remove(hold)


def _kept(kind: Message, args: tuple) -> bool:
    """Whether an open `held()` block keeps this message (then it is recorded, not sent)."""
    for hold in reversed(_holds):
        if kind in hold.kinds:
            hold.sent.append((kind, args))
            return True
    return False


def run_fan_out_enqueue(*, run_id: int, after_id: int = 0) -> None:
    """Hand out the run's evaluations after `after_id`, one chunk per task."""
    from evaluations.tasks import evaluation_run_fan_out_task

    if not _kept(Message.FAN_OUT, (run_id, after_id)):
        evaluation_run_fan_out_task.delay(run_id, after_id)


def evaluations_publish(*, evaluation_ids: Sequence[int]) -> None:
    """One task per evaluation, sent over one producer connection."""
    from evaluations.tasks import summary_evaluate_task

    sending = [i for i in evaluation_ids if not _kept(Message.EVALUATE, (i,))]
    if not sending:
        return
    with summary_evaluate_task.app.producer_or_acquire() as producer:
        for evaluation_id in sending:
            summary_evaluate_task.apply_async((evaluation_id,), producer=producer)


def run_webhook_enqueue(*, run_id: int) -> None:
    """Deliver the run's webhook (it has ended)."""
    from evaluations.tasks import run_webhook_deliver_task

    if not _kept(Message.WEBHOOK, (run_id,)):
        run_webhook_deliver_task.delay(run_id)


def batch_submit_enqueue(*, run_id: int) -> None:
    """Submit what a batch run's waiting evaluations still need, as Message Batches."""
    from evaluations.tasks import evaluation_run_batch_submit_task

    if not _kept(Message.BATCH_SUBMIT, (run_id,)):
        evaluation_run_batch_submit_task.delay(run_id)


def batch_poll_enqueue(*, batch_id: int, countdown: float | None = None) -> None:
    """Poll one Message Batch, after `countdown` seconds (JUDGE_BATCH_POLL_SECONDS by default)."""
    from django.conf import settings

    from evaluations.tasks import judge_batch_poll_task

    if not _kept(Message.BATCH_POLL, (batch_id,)):
        wait = settings.JUDGE_BATCH_POLL_SECONDS if countdown is None else countdown
        judge_batch_poll_task.apply_async((batch_id,), countdown=wait)
