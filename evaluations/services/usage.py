"""What the judges' model calls were billed for: the ModelCall rows and the usage counters of an
evaluation.

Usage is what was billed, not only what produced the verdict: an attempt that ends in a judge error
(transient or permanent) still writes the calls it paid for, flagged `attempt_failed`, and adds them
to the evaluation's usage, in the transaction that releases or fails the claim and only if the claim
is still its own. A later successful attempt adds its calls after them. An attempt that lost its
claim to another worker keeps no verdict and changes no state, but still adds what it was billed
for. So a run's actual cost counts every retried, failed and overtaken attempt, once.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from decimal import Decimal

from django.db import transaction
from django.db.models import F, Max
from django.db.models.expressions import Combinable

from evaluations.judges.types import CallUsage
from evaluations.models import ModelCall, SummaryEvaluation
from evaluations.services import faults
from evaluations.services.runs import evaluation_run_finish_if_done

logger = logging.getLogger(__name__)

# The precision of every cost_usd column.
USD_PLACES = Decimal("0.000001")


def usd(value: float) -> Decimal:
    """A cost as the cost_usd columns store it, so that sums in Python and in SQL agree."""
    return Decimal(str(value)).quantize(USD_PLACES)


def usage_added(calls: Sequence[CallUsage]) -> dict[str, Combinable]:
    """UPDATE expressions that add these calls to an evaluation's usage (nothing for none)."""
    if not calls:
        return {}
    return {
        "model_calls": F("model_calls") + len(calls),
        "input_tokens": F("input_tokens") + sum(c.input_tokens for c in calls),
        "output_tokens": F("output_tokens") + sum(c.output_tokens for c in calls),
        "cache_write_tokens": F("cache_write_tokens") + sum(c.cache_write_tokens for c in calls),
        "cache_read_tokens": F("cache_read_tokens") + sum(c.cache_read_tokens for c in calls),
        "cost_usd": F("cost_usd") + sum((usd(c.cost_usd) for c in calls), Decimal(0)),
    }


@faults.step(faults.Point.CALLS_RECORD)
def model_calls_create(
    *, evaluation_id: int, calls: Sequence[CallUsage], attempt_failed: bool
) -> None:
    """Store calls after the evaluation's existing ones. Call it only in the transaction that
    holds the evaluation's row lock (with its claim checked): every writer of calls takes that
    lock first, so the next positions cannot be taken twice."""
    if not calls:
        return
    last = ModelCall.objects.filter(evaluation_id=evaluation_id).aggregate(last=Max("position"))
    start = 0 if last["last"] is None else last["last"] + 1
    ModelCall.objects.bulk_create(
        ModelCall(
            evaluation_id=evaluation_id,
            position=start + offset,
            purpose=call.purpose,
            model=call.model,
            attempts=call.attempts,
            seconds=call.seconds,
            attempt_failed=attempt_failed,
            model_calls=1,
            input_tokens=call.input_tokens,
            output_tokens=call.output_tokens,
            cache_write_tokens=call.cache_write_tokens,
            cache_read_tokens=call.cache_read_tokens,
            cost_usd=usd(call.cost_usd),
        )
        for offset, call in enumerate(calls)
    )


def lost_attempt_calls_record(*, evaluation_id: int, calls: Sequence[CallUsage]) -> None:
    """Record what an attempt that lost its claim was billed for. It ran past the claim timeout
    (a stalled worker, a paused VM) and another worker took the evaluation over, so none of its
    verdicts are kept; its calls were paid for all the same, so they are added to the
    evaluation, flagged `attempt_failed`, whatever state the evaluation is in now. A run that
    has already closed gets its totals summed again."""
    if not calls:
        return
    with transaction.atomic():
        # The lock every writer of calls takes first (see model_calls_create).
        row = (
            SummaryEvaluation.objects.select_for_update()
            .filter(pk=evaluation_id)
            .values("run_id", "status")
            .first()
        )
        if row is None:
            return  # deleted with its run
        SummaryEvaluation.objects.filter(pk=evaluation_id).update(**usage_added(calls))
        model_calls_create(evaluation_id=evaluation_id, calls=calls, attempt_failed=True)
    logger.warning(
        "Evaluation %s: an attempt that lost its claim was billed for %d calls; recorded",
        evaluation_id,
        len(calls),
    )
    if row["status"] in SummaryEvaluation.TERMINAL:
        evaluation_run_finish_if_done(run_id=row["run_id"])
