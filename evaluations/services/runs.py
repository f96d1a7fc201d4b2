"""A run's life as a whole: plan and create it, hand out its evaluations, close, cancel, retry.

1. `evaluation_run_create` resolves the scope to summaries (refusing one that matches none), writes
   the run and one QUEUED SummaryEvaluation per summary (unique per run and summary), estimates the
   cost, and enqueues the fan-out once the transaction commits.
2. `evaluation_run_fan_out` starts the run and hands out one task per QUEUED evaluation, one chunk
   per task, so no giant group is ever built in memory. The watchdog's periodic sweep
   (services/watchdog.py) brings back work whose worker or message was lost.
3. Each evaluation is claimed and judged on its own (services/evaluate.py, services/claims.py).
4. `evaluation_run_finish_if_done` closes the run once every evaluation is terminal, with totals
   computed by SQL aggregates over the evaluations (never by increments a redelivery could double).
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import TYPE_CHECKING, Any, cast

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import F, Q
from django.db.models.functions import Coalesce
from django.utils import timezone

from evaluations import judging
from evaluations.judges.types import DIMENSIONS, Dimension
from evaluations.models import EvaluationRun, Judge, JudgeBatch, SummaryEvaluation
from evaluations.scope import RunScope
from evaluations.selectors import evaluation_run_totals, summaries_in_scope
from evaluations.services import dispatch, faults, webhooks

if TYPE_CHECKING:
    from django.contrib.auth.models import User

Status = SummaryEvaluation.Status
RunStatus = EvaluationRun.Status
NOT_TERMINAL = (Status.QUEUED, Status.RUNNING)


# --- Creating a run -----------------------------------------------------------------------------


@dataclass(frozen=True)
class RunPlan:
    """A run as it would be created: the unsaved row (scope, configuration, recorded seed,
    total and estimated cost) and the summaries it would judge."""

    run: EvaluationRun
    summary_ids: list[int]
    # What a person should know before starting it (a sample larger than its scope).
    notes: tuple[str, ...] = ()
    # The sample's seed was drawn here (none was given): another draw would pick other summaries.
    seed_drawn: bool = False
    # The expected model calls and tokens behind `run.estimated_cost_usd`.
    estimate: judging.UsageEstimate = field(default_factory=judging.UsageEstimate)


# The most coverage questions a summarization score may ask per summary: each is a line of the
# answers call, and past a few dozen they only repeat the transcript.
MAX_QUESTIONS_LIMIT = 100


class DuplicateRun(ValidationError):
    """An active run already covers the same summaries with the same configuration: a second
    one would bill them again."""

    def __init__(self, run: EvaluationRun) -> None:
        self.run = run
        super().__init__(
            f"Run {run.pk} ({run.status}) already judges the same scope with the same "
            "configuration: a second run would bill the same summaries again.",
            code="duplicate_run",
        )


def evaluation_run_create(
    *,
    created_by: User | None = None,
    allow_duplicate: bool = True,
    expected_total: int | None = None,
    **options: Any,
) -> EvaluationRun:
    """Create a run (see `evaluation_run_plan` for its keyword arguments) with one QUEUED
    evaluation per summary, and enqueue it once the transaction commits. The watchdog's sweeps
    (services/watchdog.py) look after it from then on.

    Without `allow_duplicate`, refuse (DuplicateRun) when an active run already covers the same
    scope and configuration (`evaluation_run_duplicate`). The look and the write hold one lock
    (PostgreSQL), so two identical runs started at the same instant cannot both pass it.

    `expected_total` is the number of summaries an estimate showed: a scope that matches another
    number by now (an import in between) is refused, so nobody confirms a cost they were not
    shown."""
    plan = evaluation_run_plan(**options)
    run = plan.run
    if expected_total is not None and run.total != expected_total:
        raise ValidationError(
            f"The scope now matches {run.total} summaries, not the {expected_total} estimated: "
            "look at the new estimate before starting the run.",
            code="estimate_changed",
        )
    run.created_by = created_by
    with transaction.atomic():
        if not allow_duplicate:
            _run_creation_lock()
            duplicate = evaluation_run_duplicate(plan=plan)
            if duplicate is not None:
                raise DuplicateRun(duplicate)
        run.save()
        SummaryEvaluation.objects.bulk_create(
            (SummaryEvaluation(run=run, summary_id=summary_id) for summary_id in plan.summary_ids),
            batch_size=1000,
        )
        run_id = run.pk
        transaction.on_commit(lambda: dispatch.run_fan_out_enqueue(run_id=run_id))
    return run


def evaluation_run_plan(
    *,
    judge: str,
    model: str = "",
    dimensions: Sequence[str] = DIMENSIONS,
    max_questions: int = 10,
    name: str = "",
    scope: RunScope | None = None,
    **scope_fields: Any,
) -> RunPlan:
    """Resolve a run over a scope (`evaluations.scope.RunScope`; its fields may be given as
    keywords instead, `queues=["billing"]`) and price it, without storing anything: the cost
    estimate shown before a run starts.

    A sample is drawn with `random.Random(seed)` from the scope's summary ids in id order; the seed
    is recorded (drawn at random when not given), so the same scope and seed give the same sample.
    """
    if scope is None:
        scope = RunScope(**scope_fields)
    elif scope_fields:
        raise TypeError(f"Give the scope or its fields, not both: {', '.join(scope_fields)}")
    if judge not in Judge.values:
        raise ValidationError(f"Unknown judge {judge!r}: use one of {', '.join(Judge.values)}.")
    dimensions = list(dict.fromkeys(dimensions))
    unknown = [d for d in dimensions if d not in DIMENSIONS]
    if unknown or not dimensions:
        raise ValidationError(
            f"Dimensions must be some of {', '.join(DIMENSIONS)}; got {', '.join(unknown) or 'none'}."
        )
    if not 1 <= max_questions <= MAX_QUESTIONS_LIMIT:
        raise ValidationError(
            f"max_questions must be between 1 and {MAX_QUESTIONS_LIMIT} (the coverage questions "
            f"the summarization score asks per summary); got {max_questions}."
        )
    problems = scope.problems()
    if problems:
        raise ValidationError(" ".join(problems.values()))
    if scope.batch and judge != Judge.ANTHROPIC:
        raise ValidationError(
            "A batch run goes through Anthropic's Message Batches API: use the anthropic judge."
        )
    if judge == Judge.ANTHROPIC and not settings.ANTHROPIC_API_KEY:
        raise ValidationError("The anthropic judge needs ANTHROPIC_API_KEY; use the local judge.")
    model = model or judging.run_default_model(judge)

    ids = list(summaries_in_scope(scope=scope).values_list("pk", flat=True))
    if scope.summary_ids is not None:
        if not scope.summary_ids:
            raise ValidationError("No summary ids given.")
        missing = sorted(set(scope.summary_ids) - set(ids))
        if missing:
            raise ValidationError(f"No summary with id {', '.join(map(str, missing[:10]))}.")
    elif not ids:
        # An empty run would "finish" at once with nothing judged, which reads like success.
        filters = "; ".join(scope.filters) or "no filters, and there are no summaries yet"
        raise ValidationError(f"No summary matches this scope: {filters}.")
    sample_size = scope.sample_size
    notes: list[str] = []
    seed_drawn = sample_size is not None and scope.sample_seed is None
    if sample_size is not None:
        if scope.sample_seed is None:
            scope = replace(scope, sample_seed=random.SystemRandom().randrange(2**31))
        if len(ids) > sample_size:
            ids = sorted(random.Random(scope.sample_seed).sample(ids, sample_size))
        elif len(ids) < sample_size:
            # The run records what was drawn: the whole scope, not the sample asked for.
            notes.append(sample_larger_than_scope(asked=sample_size, drawn=len(ids)))
            scope = replace(scope, sample_size=len(ids))

    judge_instance = judging.judge_build(judge=judge, model=model)
    estimate = judging.run_usage_estimate(
        judge=judge,
        model=model,
        summary_ids=ids,
        dimensions=cast("list[Dimension]", dimensions),  # checked against DIMENSIONS above
        batch=scope.batch,
    )
    run = EvaluationRun(
        name=name,
        **scope.run_columns(),
        judge=judge,
        model=model,
        dimensions=dimensions,
        max_questions=max_questions,
        prompt_version=judge_instance.prompt_version,
        total=len(ids),
        estimated_cost_usd=Decimal(str(round(estimate.cost_usd, 6))),
    )
    return RunPlan(
        run=run,
        summary_ids=ids,
        notes=tuple(notes),
        seed_drawn=seed_drawn,
        estimate=estimate,
    )


def sample_larger_than_scope(*, asked: int, drawn: int) -> str:
    summaries = "summary" if drawn == 1 else "summaries"
    return f"The sample of {asked} is larger than the scope's {drawn} {summaries}: all {drawn} are judged."


# The run columns that make two runs judge the same summaries the same way.
_SAME_RUN_COLUMNS = (
    "date_from",
    "date_to",
    "queues",
    "agent_ids",
    "channel",
    "generator",
    "explicit_summaries",
    "sample_size",
    "judge",
    "model",
    "dimensions",
    "max_questions",
    "batch",
)


def evaluation_run_duplicate(*, plan: RunPlan) -> EvaluationRun | None:
    """An active run (queued or running) over the same scope with the same configuration as the
    planned one, if any: the same filters, judge, model, dimensions and questions, and the same
    summaries (an explicit list; a sample with the seed given: the same draw). A sample without a
    seed is a duplicate of any active sample of the same size over the same filters: the same
    command, started twice."""
    planned = plan.run
    candidates = EvaluationRun.objects.filter(
        status__in=(RunStatus.QUEUED, RunStatus.RUNNING),
        **{column: getattr(planned, column) for column in _SAME_RUN_COLUMNS},
    ).order_by("pk")
    for candidate in candidates:
        if plan.seed_drawn:
            return candidate
        if planned.explicit_summaries or planned.sample_size is not None:
            judged = set(candidate.evaluations.values_list("summary_id", flat=True))
            if judged != set(plan.summary_ids):
                continue
        return candidate
    return None


def _run_creation_lock() -> None:
    """Serialise run creation for the rest of the transaction (PostgreSQL; SQLite has one writer
    at a time anyway). Runs are created rarely, so one lock for all of them costs nothing."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [RUN_CREATION_LOCK])


RUN_CREATION_LOCK = 7_215_001  # an arbitrary key of this application's own


# --- Fan-out ------------------------------------------------------------------------------------


def evaluation_run_fan_out(*, run_id: int, after_id: int = 0) -> int | None:
    """Enqueue one task per QUEUED evaluation after `after_id`, one chunk at a time.

    Returns the id to continue after, or None when the fan-out is over. The first chunk starts the
    run. A cancelled or finished run hands out nothing more. A redelivered chunk enqueues the same
    evaluations again, which is harmless: each task claims its evaluation before doing anything.
    """
    now = timezone.now()
    if after_id == 0:
        EvaluationRun.objects.filter(pk=run_id, status=RunStatus.QUEUED).update(
            status=RunStatus.RUNNING, started_at=now
        )
    if not EvaluationRun.objects.filter(pk=run_id, status=RunStatus.RUNNING).exists():
        return None
    if EvaluationRun.objects.filter(pk=run_id, batch=True).exists():
        # A batch run goes out as Message Batches (services/batches.py), not one task per
        # evaluation. Its open batches are polled again too: handed out again by the watchdog
        # after a lost message, the run loses nothing.
        dispatch.batch_submit_enqueue(run_id=run_id)
        for batch_id in JudgeBatch.objects.filter(
            run_id=run_id, status=JudgeBatch.Status.SUBMITTED
        ).values_list("pk", flat=True):
            dispatch.batch_poll_enqueue(batch_id=batch_id, countdown=0)
        return None
    chunk = settings.EVALUATION_FAN_OUT_CHUNK
    stale_before = now - dt.timedelta(seconds=settings.EVALUATION_CLAIM_TIMEOUT_SECONDS)
    # Stale claims too: a re-enqueued run (evaluation_run_enqueue) then recovers evaluations whose
    # worker and message were both lost.
    waiting = Q(status=Status.QUEUED) | Q(status=Status.RUNNING, claimed_at__lt=stale_before)
    evaluation_ids = list(
        SummaryEvaluation.objects.filter(waiting, run_id=run_id, pk__gt=after_id)
        .order_by("pk")
        .values_list("pk", flat=True)[:chunk]
    )
    dispatch.evaluations_publish(evaluation_ids=evaluation_ids)
    if len(evaluation_ids) < chunk:
        # A run whose evaluations all ended already (enqueued again after a lost close) finishes
        # here; evaluation_run_create never makes an empty one.
        evaluation_run_finish_if_done(run_id=run_id)
        return None
    return evaluation_ids[-1]


# --- Closing, cancelling and retrying a run ------------------------------------------------------


def evaluation_run_finish_if_done(*, run_id: int) -> bool:
    """Close the run when no evaluation is queued or running. Every caller checks after its own
    commit, so the last evaluation to end always sees none left. The run's row lock serialises
    this with `evaluation_run_retry_failed`, which takes the same lock to reopen the run: without
    it, a late finisher could close a run that was just reopened, with totals that then stay
    wrong. The totals are recomputed from the rows, never incremented."""
    if SummaryEvaluation.objects.filter(run_id=run_id, status__in=NOT_TERMINAL).exists():
        return False  # the common case, answered without taking the run's lock
    with transaction.atomic():
        run = EvaluationRun.objects.select_for_update().filter(pk=run_id).first()
        if run is None:
            return False
        if SummaryEvaluation.objects.filter(run_id=run_id, status__in=NOT_TERMINAL).exists():
            return False
        faults.reached(faults.Point.RUN_CLOSE)
        totals = evaluation_run_totals(run_id=run_id)
        now = timezone.now()
        if run.status in (RunStatus.QUEUED, RunStatus.RUNNING):
            status = RunStatus.FINISHED_WITH_FAILURES if totals["failed"] else RunStatus.FINISHED
            EvaluationRun.objects.filter(pk=run_id).update(
                status=status,
                finished_at=now,
                started_at=Coalesce(F("started_at"), now),
                **totals,
            )
            webhooks.run_webhook_due(run_id=run_id)
            return True
        # Already closed (a cancel, or a second finisher): refresh the totals with anything
        # recorded since, such as what the cancelled run's in-flight tasks finished.
        EvaluationRun.objects.filter(pk=run_id).update(
            finished_at=Coalesce(F("finished_at"), now), **totals
        )
        return False


def evaluation_run_cancel(*, run: EvaluationRun) -> bool:
    """Stop handing out work: queued evaluations are cancelled, running ones end normally. A
    second cancel, or a cancel of a finished run, changes nothing."""
    with transaction.atomic():
        cancelled = EvaluationRun.objects.filter(
            pk=run.pk, status__in=(RunStatus.QUEUED, RunStatus.RUNNING)
        ).update(status=RunStatus.CANCELLED)
        if cancelled:
            SummaryEvaluation.objects.filter(run_id=run.pk, status=Status.QUEUED).update(
                status=Status.CANCELLED, finished_at=timezone.now(), claim_token=""
            )
            webhooks.run_webhook_due(run_id=run.pk)
    if cancelled:
        evaluation_run_finish_if_done(run_id=run.pk)
        # A batch run's open batches are polled now: the poll cancels them at the API.
        for batch_id in JudgeBatch.objects.filter(
            run_id=run.pk, status=JudgeBatch.Status.SUBMITTED
        ).values_list("pk", flat=True):
            dispatch.batch_poll_enqueue(batch_id=batch_id, countdown=0)
    run.refresh_from_db()
    return bool(cancelled)


def evaluation_run_retry_failed(*, run: EvaluationRun) -> int:
    """Put the failed evaluations of a finished run back in the queue and enqueue only them.
    Returns how many; a second call before they end finds none failed and does nothing."""
    with transaction.atomic():
        locked = EvaluationRun.objects.select_for_update().get(pk=run.pk)
        if locked.status != RunStatus.FINISHED_WITH_FAILURES:
            return 0
        retried = SummaryEvaluation.objects.filter(run_id=run.pk, status=Status.FAILED).update(
            status=Status.QUEUED,
            error="",
            claim_token="",
            claimed_at=None,
            retry_at=None,
            transient_errors=0,
            finished_at=None,
            judge_batch=None,
            batch_results={},
        )
        EvaluationRun.objects.filter(pk=run.pk).update(
            status=RunStatus.RUNNING, finished_at=None, failed=0
        )
        run_id = run.pk
        transaction.on_commit(lambda: dispatch.run_fan_out_enqueue(run_id=run_id))
    run.refresh_from_db()
    return retried


def evaluation_run_enqueue(*, run: EvaluationRun) -> None:
    """Enqueue the fan-out of a run again (after a broker loss, say). Evaluations already claimed
    or ended are skipped by their tasks, so this never judges a summary twice. A cancelled run is
    refused: its fan-out would hand out nothing, and it stays cancelled."""
    if run.status == RunStatus.CANCELLED:
        raise ValidationError(
            f"Run {run.pk} was cancelled: a cancelled run is not resumed. Start a new run over "
            "the same scope instead.",
            code="cancelled",
        )
    transaction.on_commit(lambda: dispatch.run_fan_out_enqueue(run_id=run.pk))
