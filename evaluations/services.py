"""Everything that writes evaluation runs, evaluations and verdicts.

The life of a run:
1. `evaluation_run_create` resolves the scope to summaries (refusing one that matches none), writes
   the run and one QUEUED SummaryEvaluation per summary (unique per run and summary), estimates the
   cost, and enqueues the fan-out once the transaction commits.
2. `evaluation_run_fan_out` starts the run and hands out one task per QUEUED evaluation, one chunk
   per task, so no giant group is ever built in memory. It also starts the run's watchdog
   (evaluations/watchdog.py), which brings back work whose worker or message was lost.
3. `summary_evaluate` claims one evaluation with a conditional UPDATE, calls the judge, and writes
   the verdicts and scores in one transaction, only if the claim is still its own.
4. `evaluation_run_finish_if_done` closes the run once every evaluation is terminal, with totals
   computed by SQL aggregates over the evaluations (never by increments a redelivery could double).

Usage is what was billed, not only what produced the verdict: an attempt that ends in a judge error
(transient or permanent) still writes the calls it paid for, flagged `attempt_failed`, and adds them
to the evaluation's usage, in the transaction that releases or fails the claim and only if the claim
is still its own. A later successful attempt adds its calls after them. An attempt that lost its
claim to another worker keeps no verdict and changes no state, but still adds what it was billed
for. So a run's actual cost counts every retried, failed and overtaken attempt, once.
"""

from __future__ import annotations

import datetime as dt
import logging
import random
import threading
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, InterfaceError, OperationalError, connection, transaction
from django.db.models import F, Max, Q
from django.db.models.expressions import Combinable
from django.db.models.functions import Coalesce
from django.utils import timezone

from evaluations import judging, ratelimit, watchdog
from evaluations.judges.base import JudgeError
from evaluations.judges.scoring import rubric_outcome
from evaluations.judges.types import DIMENSIONS, CallUsage, SummaryVerdict
from evaluations.models import (
    AccuracyVerdict,
    AdherenceVerdict,
    CompletenessItemVerdict,
    CompletenessRubricVerdict,
    CoverageQuestion,
    EvaluationRun,
    Judge,
    ModelCall,
    RubricQuestionSet,
    SectionScore,
    SummarizationClaim,
    SummaryEvaluation,
)
from evaluations.selectors import evaluation_run_totals, summaries_in_scope
from summaries.models import SectionDefinition, Summary

logger = logging.getLogger(__name__)

Status = SummaryEvaluation.Status
RunStatus = EvaluationRun.Status
NOT_TERMINAL = (Status.QUEUED, Status.RUNNING)
# Wait in place for rate-limit capacity up to this long; past it the task re-enqueues itself.
RATE_LIMIT_MAX_WAIT_SECONDS = 10.0
# The precision of every cost_usd column.
USD_PLACES = Decimal("0.000001")


# --- Creating a run -----------------------------------------------------------------------------


@dataclass(frozen=True)
class RunPlan:
    """A run as it would be created: the unsaved row (scope, configuration, recorded seed,
    total and estimated cost) and the summaries it would judge."""

    run: EvaluationRun
    summary_ids: list[int]


def evaluation_run_create(*, created_by=None, **options) -> EvaluationRun:
    """Create a run (see `evaluation_run_plan` for its keyword arguments) with one QUEUED
    evaluation per summary, and enqueue it, and its watchdog, once the transaction commits."""
    plan = evaluation_run_plan(**options)
    run = plan.run
    run.created_by = created_by
    with transaction.atomic():
        run.save()
        SummaryEvaluation.objects.bulk_create(
            (SummaryEvaluation(run=run, summary_id=summary_id) for summary_id in plan.summary_ids),
            batch_size=1000,
        )
        run_id = run.pk
        transaction.on_commit(lambda: _enqueue_fan_out(run_id))
        # Watched from the start: should the fan-out's message be lost, the run would stay queued.
        watchdog.evaluation_run_watch_start(run_id=run_id)
    run.refresh_from_db(fields=["watch_token"])
    return run


def evaluation_run_plan(
    *,
    judge: str,
    model: str = "",
    dimensions: Sequence[str] = DIMENSIONS,
    max_questions: int = 10,
    date_from: dt.date | None = None,
    date_to: dt.date | None = None,
    queues: Sequence[str] = (),
    agents: Sequence[str] = (),
    channel: str = "",
    generator: str = "",
    sample_size: int | None = None,
    sample_seed: int | None = None,
    summary_ids: Sequence[int] | None = None,
    name: str = "",
) -> RunPlan:
    """Resolve a run over a scope (filters, optionally sampled) or an explicit list of summaries,
    and price it, without storing anything: the cost estimate shown before a run starts.

    A sample is drawn with `random.Random(seed)` from the scope's summary ids in id order; the seed
    is recorded (drawn at random when not given), so the same scope and seed give the same sample.
    """
    if judge not in Judge.values:
        raise ValidationError(f"Unknown judge {judge!r}: use one of {', '.join(Judge.values)}.")
    dimensions = list(dict.fromkeys(dimensions))
    unknown = [d for d in dimensions if d not in DIMENSIONS]
    if unknown or not dimensions:
        raise ValidationError(
            f"Dimensions must be some of {', '.join(DIMENSIONS)}; got {', '.join(unknown) or 'none'}."
        )
    if max_questions < 1:
        raise ValidationError("max_questions must be at least 1.")
    if sample_size is not None and sample_size < 1:
        raise ValidationError("The sample size must be at least 1.")
    if judge == Judge.ANTHROPIC and not settings.ANTHROPIC_API_KEY:
        raise ValidationError("The anthropic judge needs ANTHROPIC_API_KEY; use the local judge.")
    model = model or judging.judge_default_model(judge)

    if summary_ids is not None:
        ids = sorted(set(summary_ids))
        if not ids:
            raise ValidationError("No summary ids given.")
        found = set(Summary.objects.filter(pk__in=ids).values_list("pk", flat=True))
        missing = [i for i in ids if i not in found]
        if missing:
            raise ValidationError(f"No summary with id {', '.join(map(str, missing[:10]))}.")
    else:
        ids = list(
            summaries_in_scope(
                date_from=date_from,
                date_to=date_to,
                queues=queues,
                agents=agents,
                channel=channel,
                generator=generator,
            ).values_list("pk", flat=True)
        )
        if not ids:
            # An empty run would "finish" at once with nothing judged, which reads like success.
            raise ValidationError(
                "No summary matches this scope: "
                + _scope_description(
                    date_from=date_from,
                    date_to=date_to,
                    queues=queues,
                    agents=agents,
                    channel=channel,
                    generator=generator,
                )
                + "."
            )
    if sample_size is not None:
        if sample_seed is None:
            sample_seed = random.SystemRandom().randrange(2**31)
        if len(ids) > sample_size:
            ids = sorted(random.Random(sample_seed).sample(ids, sample_size))

    judge_instance = judging.judge_build(judge=judge, model=model)
    run = EvaluationRun(
        name=name,
        date_from=date_from,
        date_to=date_to,
        queues=list(queues),
        agent_ids=list(agents),
        channel=channel,
        generator=generator,
        sample_size=sample_size,
        sample_seed=sample_seed,
        explicit_summaries=summary_ids is not None,
        judge=judge,
        model=model,
        dimensions=dimensions,
        max_questions=max_questions,
        prompt_version=judge_instance.prompt_version,
        total=len(ids),
        estimated_cost_usd=Decimal(
            str(
                judging.run_cost_estimate(
                    judge=judge, model=model, summary_ids=ids, dimensions=dimensions
                )
            )
        ),
    )
    return RunPlan(run=run, summary_ids=ids)


def _scope_description(
    *,
    date_from: dt.date | None,
    date_to: dt.date | None,
    queues: Sequence[str],
    agents: Sequence[str],
    channel: str,
    generator: str,
) -> str:
    """The filters given, as a person would read them: `queue billing or sales; channel chat`."""
    filters = []
    if date_from is not None:
        filters.append(f"from {date_from.isoformat()}")
    if date_to is not None:
        filters.append(f"to {date_to.isoformat()}")
    if queues:
        filters.append(f"queue {' or '.join(queues)}")
    if agents:
        filters.append(f"agent {' or '.join(agents)}")
    if channel:
        filters.append(f"channel {channel}")
    if generator:
        filters.append(f"generator {generator}")
    return "; ".join(filters) or "no filters, and there are no summaries yet"


def _enqueue_fan_out(run_id: int, after_id: int = 0) -> None:
    from evaluations.tasks import evaluation_run_fan_out_task

    evaluation_run_fan_out_task.delay(run_id, after_id)


# --- Fan-out ------------------------------------------------------------------------------------


def evaluation_run_fan_out(*, run_id: int, after_id: int = 0) -> int | None:
    """Enqueue one task per QUEUED evaluation after `after_id`, one chunk at a time.

    Returns the id to continue after, or None when the fan-out is over. The first chunk starts the
    run. A cancelled or finished run hands out nothing more. A redelivered chunk enqueues the same
    evaluations again, which is harmless: each task claims its evaluation before doing anything.
    """
    from evaluations.tasks import summary_evaluate_task

    now = timezone.now()
    if after_id == 0:
        EvaluationRun.objects.filter(pk=run_id, status=RunStatus.QUEUED).update(
            status=RunStatus.RUNNING, started_at=now
        )
    if not EvaluationRun.objects.filter(pk=run_id, status=RunStatus.RUNNING).exists():
        return None
    if after_id == 0:
        # A run being handed out from the start (new, resumed or retried) gets a fresh watchdog.
        watchdog.evaluation_run_watch_start(run_id=run_id)
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
    if evaluation_ids:
        with summary_evaluate_task.app.producer_or_acquire() as producer:
            for evaluation_id in evaluation_ids:
                summary_evaluate_task.apply_async((evaluation_id,), producer=producer)
    if len(evaluation_ids) < chunk:
        # A run whose evaluations all ended already (enqueued again after a lost close) finishes
        # here; evaluation_run_create never makes an empty one.
        evaluation_run_finish_if_done(run_id=run_id)
        return None
    return evaluation_ids[-1]


# --- One summary --------------------------------------------------------------------------------


@dataclass(frozen=True)
class EvaluateOutcome:
    """What happened to one evaluation, and whether the task should run again (`retry_in`)."""

    outcome: str  # succeeded, failed, retry, deferred, busy, done, lost, missing, cancelled
    retry_in: float | None = None
    message: str = ""


class OutcomeNotStored(Exception):
    """The database went away while an attempt's outcome was being stored: its verdicts, or the
    judge error that ends it (with the calls it was billed for). The task tries again later with
    the claim's token and `pending`, the outcome itself as JSON, so it is stored without judging
    the summary (and paying for it) a second time."""

    def __init__(self, token: str, pending: dict):
        super().__init__("the database went away while the outcome was being stored")
        self.token = token
        self.pending = pending


def summary_evaluate(
    *, evaluation_id: int, claim_token: str = "", pending: dict | None = None
) -> EvaluateOutcome:
    """Claim one evaluation, judge its summary and store the verdicts.

    1. Claim: QUEUED -> RUNNING with a fresh token, or take over a RUNNING claim older than
       EVALUATION_CLAIM_TIMEOUT_SECONDS (its worker died). Anything else: someone else has it
       (retry when the claim would go stale) or it is over (make sure the run is closed).
    2. Load the transcript and sections; store the adherence questions of any definition version
       that has none yet.
    3. Take the requests and input tokens from the model's per-minute budgets, or defer. After
       the calls, charge the input tokens they used beyond that (the estimate was low).
    4. Judge. A transient JudgeError puts the evaluation back in the queue with a backoff, until
       EVALUATION_MAX_RETRIES; a permanent one, or any other exception, fails it with the message.
       Either way the calls the error says were billed are recorded with it (`attempt_failed`).
    5. Write the verdicts, calls and scores in one transaction, if the claim is still ours.
       If the database is away while the outcome (verdicts, or a judge error and its bill) is
       stored, raise OutcomeNotStored: the task comes back with `claim_token` and `pending` and
       only stores it.
    6. Close the run if this was its last evaluation.
    """
    if pending is not None:
        return _pending_store(evaluation_id=evaluation_id, token=claim_token, pending=pending)
    token = uuid.uuid4().hex
    evaluation = _claim(evaluation_id=evaluation_id, token=token)
    if evaluation is None:
        return _unclaimed_outcome(evaluation_id=evaluation_id)
    run = evaluation.run
    if run.status == RunStatus.CANCELLED:
        # Given back to the queue (a retry, a deferral) while the run was being cancelled.
        return _cancel_claimed(evaluation, token)

    try:
        inputs = judging.judge_inputs_load(summary_id=evaluation.summary_id)
        rubric_questions = dict(inputs.rubric_questions)
        for definition in inputs.definitions_without_questions:
            question_set = rubric_question_set_get_or_create(definition=definition)
            rubric_questions[definition.key] = tuple(question_set.questions)
        judge = judging.judge_build(judge=run.judge, model=run.model)
    except (OperationalError, InterfaceError):
        raise  # the database is away: the task retries once the claim can be taken again
    except Exception as error:
        logger.exception("Could not prepare evaluation %s", evaluation_id)
        return _fail(evaluation, token, f"Could not prepare the summary: {error}")

    limited = run.judge == Judge.ANTHROPIC
    tokens_taken = judging.judge_input_tokens_expected(
        transcript_chars=inputs.transcript_chars,
        summary_chars=inputs.summary_chars,
        dimensions=run.dimensions,
    )
    # The heartbeat covers the wait for rate-limit capacity too: it can outlast a short claim
    # timeout.
    with _claim_heartbeat(evaluation_id=evaluation_id, token=token):
        if limited:
            permit = ratelimit.rate_limit_acquire(
                model=run.model,
                requests=judging.judge_calls_expected(run.dimensions),
                input_tokens=tokens_taken,
                max_wait_seconds=RATE_LIMIT_MAX_WAIT_SECONDS,
            )
            if not permit.granted:
                return _defer(evaluation, token, wait=permit.wait_seconds)
        try:
            verdict = judge.evaluate(
                inputs.transcript,
                inputs.summary,
                dimensions=tuple(run.dimensions),
                rubric_questions=rubric_questions,
                max_questions=run.max_questions,
            )
        except JudgeError as error:
            if limited:
                _rate_limit_correct(run.model, tokens_taken, error.calls)
            return _judge_error_store(evaluation, token, error)
        except Exception as error:
            logger.exception("The judge crashed on evaluation %s", evaluation_id)
            crash = JudgeError(
                f"The judge crashed: {type(error).__name__}: {error}", retryable=False
            )
            return _judge_error_store(evaluation, token, crash)

    if limited:
        _rate_limit_correct(run.model, tokens_taken, verdict.calls)
    return _store(evaluation_id=evaluation_id, token=token, verdict=verdict, run_id=run.pk)


def _judge_error_store(
    evaluation: SummaryEvaluation, token: str, error: JudgeError
) -> EvaluateOutcome:
    """Back to the queue with a backoff (transient) or failed (permanent), with the bill."""
    try:
        if error.retryable:
            return _transient_failure(evaluation, token, error)
        return _fail(evaluation, token, str(error), billed_calls=error.calls)
    except (OperationalError, InterfaceError) as database_error:
        judge_error = {
            "message": str(error),
            "retryable": error.retryable,
            "retry_after": error.retry_after,
            "calls": [call.model_dump(mode="json") for call in error.calls],
        }
        raise OutcomeNotStored(token, {"judge_error": judge_error}) from database_error


def _pending_store(*, evaluation_id: int, token: str, pending: dict) -> EvaluateOutcome:
    """Store an outcome that the database could not take the first time (OutcomeNotStored)."""
    if "verdict" in pending:
        verdict = SummaryVerdict.model_validate(pending["verdict"])
        return _store(evaluation_id=evaluation_id, token=token, verdict=verdict)
    evaluation = SummaryEvaluation.objects.select_related("run").filter(pk=evaluation_id).first()
    if evaluation is None:
        return EvaluateOutcome("missing")
    stored = pending["judge_error"]
    error = JudgeError(
        stored["message"],
        retryable=stored["retryable"],
        retry_after=stored["retry_after"],
        calls=[CallUsage.model_validate(call) for call in stored["calls"]],
    )
    return _judge_error_store(evaluation, token, error)


def _store(
    *, evaluation_id: int, token: str, verdict: SummaryVerdict, run_id: int | None = None
) -> EvaluateOutcome:
    """Write the verdict if the claim is still ours, and close the run if it was the last."""
    try:
        written = _write_verdict(evaluation_id=evaluation_id, token=token, verdict=verdict)
    except (OperationalError, InterfaceError) as error:
        pending = {"verdict": verdict.model_dump(mode="json")}
        raise OutcomeNotStored(token, pending) from error
    except Exception as error:
        # Anything else would end the task with the evaluation still "running" and no message
        # left to bring it back: fail it, with what was paid for.
        logger.exception("Could not store the verdicts of evaluation %s", evaluation_id)
        evaluation = SummaryEvaluation.objects.filter(pk=evaluation_id).first()
        if evaluation is None:
            return EvaluateOutcome("missing")
        return _fail(
            evaluation,
            token,
            f"Could not store the verdicts: {type(error).__name__}: {error}",
            billed_calls=verdict.calls,
        )
    mine = SummaryEvaluation.objects.filter(pk=evaluation_id, claim_token=token)
    if not written and not mine.filter(status=Status.SUCCEEDED).exists():
        _lost_attempt_calls_record(evaluation_id, verdict.calls)
        return EvaluateOutcome("lost", message="the claim was taken over before the write")
    # Written now, or by this very claim before (the database went away after the COMMIT, and
    # the task came back with the verdict): either way stored once, and billed once.
    if run_id is None:
        run_id = SummaryEvaluation.objects.values_list("run_id", flat=True).get(pk=evaluation_id)
    evaluation_run_finish_if_done(run_id=run_id)
    return EvaluateOutcome("succeeded")


def _defer(evaluation: SummaryEvaluation, token: str, *, wait: float) -> EvaluateOutcome:
    """No rate-limit capacity for a while: back to the queue, without spending a retry. The
    jitter spreads the deferred summaries so they do not all come back at the same instant; a
    few seconds are enough for that, and more would only leave capacity unused."""
    delay = wait + random.uniform(0, min(wait / 2, 5.0) + 0.5)
    released = _release(evaluation.pk, token, retry_in=delay)
    if released is None:
        return EvaluateOutcome("lost")
    if released == Status.CANCELLED:
        return _after_cancelled_release(evaluation.run_id)
    return EvaluateOutcome("deferred", retry_in=delay)


def _rate_limit_correct(model: str, taken: int, calls: Sequence[CallUsage]) -> None:
    """Charge the model's input-token window with what the calls used beyond what was taken up
    front. The API counts uncached input and cache writes toward its limit, not cache reads."""
    counted = sum(call.input_tokens + call.cache_write_tokens for call in calls)
    try:
        ratelimit.rate_limit_charge(model=model, input_tokens=counted - taken)
    except Exception:  # the verdict matters more than the pacing
        logger.exception("Could not charge the rate limit of %s", model)


def _claim(*, evaluation_id: int, token: str) -> SummaryEvaluation | None:
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
def _claim_heartbeat(*, evaluation_id: int, token: str) -> Iterator[None]:
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


def _unclaimed_outcome(*, evaluation_id: int) -> EvaluateOutcome:
    row = (
        SummaryEvaluation.objects.filter(pk=evaluation_id)
        .values("status", "claimed_at", "retry_at", "run_id")
        .first()
    )
    if row is None:
        return EvaluateOutcome("missing")
    if row["status"] == Status.QUEUED and row["retry_at"] is not None:
        wait = (row["retry_at"] - timezone.now()).total_seconds()
        if wait > 0:
            # A duplicate of a message whose retry is not due: the backoff holds for it too.
            return EvaluateOutcome("busy", retry_in=wait + 0.1)
    if row["status"] == Status.QUEUED:
        # Released (a transient error) between our claim and this look: its own retry is coming,
        # but look again soon rather than rely on it.
        return EvaluateOutcome("busy", retry_in=1.0)
    if row["status"] == Status.RUNNING:
        # Another worker holds it. If that worker is dead, its claim goes stale: look again then.
        stale_at = row["claimed_at"] + dt.timedelta(
            seconds=settings.EVALUATION_CLAIM_TIMEOUT_SECONDS
        )
        wait = max(1.0, (stale_at - timezone.now()).total_seconds() + 1.0)
        return EvaluateOutcome("busy", retry_in=wait)
    # Terminal. A worker may have died between writing the verdicts and closing the run.
    evaluation_run_finish_if_done(run_id=row["run_id"])
    return EvaluateOutcome("done")


def _release(
    evaluation_id: int,
    token: str,
    *,
    retry_in: float,
    billed_calls: Sequence[CallUsage] = (),
    **changes,
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
            **_usage_added(billed_calls),
        )
        if released:
            _model_calls_create(evaluation_id, billed_calls, attempt_failed=True)
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
    _lost_attempt_calls_record(evaluation_id, billed_calls)
    return None


def _cancel_claimed(evaluation: SummaryEvaluation, token: str) -> EvaluateOutcome:
    cancelled = SummaryEvaluation.objects.filter(
        pk=evaluation.pk, status=Status.RUNNING, claim_token=token
    ).update(status=Status.CANCELLED, claim_token="", claimed_at=None, finished_at=timezone.now())
    if not cancelled:
        return EvaluateOutcome("lost")
    return _after_cancelled_release(evaluation.run_id)


def _after_cancelled_release(run_id: int) -> EvaluateOutcome:
    evaluation_run_finish_if_done(run_id=run_id)
    return EvaluateOutcome("cancelled", message="the run was cancelled")


def _usd(value: float) -> Decimal:
    """A cost as the cost_usd columns store it, so that sums in Python and in SQL agree."""
    return Decimal(str(value)).quantize(USD_PLACES)


def _usage_added(calls: Sequence[CallUsage]) -> dict[str, Combinable]:
    """UPDATE expressions that add these calls to an evaluation's usage (nothing for none)."""
    if not calls:
        return {}
    return {
        "model_calls": F("model_calls") + len(calls),
        "input_tokens": F("input_tokens") + sum(c.input_tokens for c in calls),
        "output_tokens": F("output_tokens") + sum(c.output_tokens for c in calls),
        "cache_write_tokens": F("cache_write_tokens") + sum(c.cache_write_tokens for c in calls),
        "cache_read_tokens": F("cache_read_tokens") + sum(c.cache_read_tokens for c in calls),
        "cost_usd": F("cost_usd") + sum((_usd(c.cost_usd) for c in calls), Decimal(0)),
    }


def _model_calls_create(
    evaluation_id: int, calls: Sequence[CallUsage], *, attempt_failed: bool
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
            cost_usd=_usd(call.cost_usd),
        )
        for offset, call in enumerate(calls)
    )


def _lost_attempt_calls_record(evaluation_id: int, calls: Sequence[CallUsage]) -> None:
    """Record what an attempt that lost its claim was billed for. It ran past the claim timeout
    (a stalled worker, a paused VM) and another worker took the evaluation over, so none of its
    verdicts are kept; its calls were paid for all the same, so they are added to the
    evaluation, flagged `attempt_failed`, whatever state the evaluation is in now. A run that
    has already closed gets its totals summed again."""
    if not calls:
        return
    with transaction.atomic():
        # The lock every writer of calls takes first (see _model_calls_create).
        row = (
            SummaryEvaluation.objects.select_for_update()
            .filter(pk=evaluation_id)
            .values("run_id", "status")
            .first()
        )
        if row is None:
            return  # deleted with its run
        SummaryEvaluation.objects.filter(pk=evaluation_id).update(**_usage_added(calls))
        _model_calls_create(evaluation_id, calls, attempt_failed=True)
    logger.warning(
        "Evaluation %s: an attempt that lost its claim was billed for %d calls; recorded",
        evaluation_id,
        len(calls),
    )
    if row["status"] in SummaryEvaluation.TERMINAL:
        evaluation_run_finish_if_done(run_id=row["run_id"])


def retry_delay(*, transient_errors: int, retry_after: float | None) -> float:
    """Exponential backoff with jitter: half the capped exponential delay, plus a random part of
    the other half, so that workers failing together do not retry together. A server's
    `retry-after` is a floor."""
    exponential = settings.EVALUATION_RETRY_BASE_SECONDS * 2 ** max(0, transient_errors - 1)
    capped = min(exponential, settings.EVALUATION_RETRY_MAX_SECONDS)
    delay = capped / 2 + random.uniform(0, capped / 2)
    return max(delay, retry_after or 0.0)


def _transient_failure(
    evaluation: SummaryEvaluation, token: str, error: JudgeError
) -> EvaluateOutcome:
    transient_errors = evaluation.transient_errors + 1
    if transient_errors > settings.EVALUATION_MAX_RETRIES:
        return _fail(
            evaluation,
            token,
            f"Gave up after {transient_errors} transient judge errors; the last: {error}",
            billed_calls=error.calls,
        )
    delay = retry_delay(transient_errors=transient_errors, retry_after=error.retry_after)
    released = _release(
        evaluation.pk,
        token,
        retry_in=delay,
        billed_calls=error.calls,
        transient_errors=transient_errors,
        error=str(error),
    )
    if released is None:
        return EvaluateOutcome("lost")
    if released == Status.CANCELLED:
        return _after_cancelled_release(evaluation.run_id)
    return EvaluateOutcome("retry", retry_in=delay, message=str(error))


def _fail(
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
            **_usage_added(billed_calls),
        )
        if failed:
            _model_calls_create(evaluation.pk, billed_calls, attempt_failed=True)
    if (
        not failed
        and not SummaryEvaluation.objects.filter(
            pk=evaluation.pk, claim_token=token, status=Status.FAILED
        ).exists()
    ):  # (failed by this very attempt before: a replay, stored and billed once)
        _lost_attempt_calls_record(evaluation.pk, billed_calls)
        return EvaluateOutcome("lost")
    evaluation_run_finish_if_done(run_id=evaluation.run_id)
    return EvaluateOutcome("failed", message=message)


def rubric_question_set_get_or_create(*, definition: SectionDefinition) -> RubricQuestionSet:
    """The adherence questions of one definition version, derived once and stored, so every
    summary written against that version is judged against the same questions."""
    from evaluations.judges.rubrics import DERIVATION_VERSION, adherence_questions

    existing = RubricQuestionSet.objects.filter(definition=definition).first()
    if existing is not None:
        return existing
    questions = adherence_questions(judging.section_spec(definition, ""))
    try:
        with transaction.atomic():
            return RubricQuestionSet.objects.create(
                definition=definition, questions=list(questions), derived_with=DERIVATION_VERSION
            )
    except IntegrityError:  # another worker stored it first: use theirs
        return RubricQuestionSet.objects.get(definition=definition)


def _without_nul_characters(verdict: SummaryVerdict) -> SummaryVerdict:
    """A model may put U+0000 in a reason; PostgreSQL text columns refuse it."""
    text = verdict.model_dump_json()
    if "\\u0000" not in text:
        return verdict
    return SummaryVerdict.model_validate_json(text.replace("\\u0000", ""))


def _write_verdict(*, evaluation_id: int, token: str, verdict: SummaryVerdict) -> bool:
    """Write one summary's verdicts, calls and scores in one transaction, only if the claim is
    still ours. The row lock makes a concurrent reclaim wait for this commit, then find the
    evaluation terminal; the unique (evaluation, position) constraints back it up. The verdict's
    calls and usage are added to those of earlier failed attempts, not written over them."""
    with transaction.atomic():
        evaluation = (
            SummaryEvaluation.objects.select_for_update()
            .filter(pk=evaluation_id, status=Status.RUNNING, claim_token=token)
            .first()
        )
        if evaluation is None:
            return False
        verdict = _without_nul_characters(verdict)
        AccuracyVerdict.objects.bulk_create(
            AccuracyVerdict(
                evaluation=evaluation,
                position=position,
                section=point.section,
                point=point.point,
                justification=point.accuracy,
                is_accurate=point.is_accurate,
                turn_indexes=list(point.turn_indexes),
            )
            for position, point in enumerate(verdict.accuracy_points)
        )
        AdherenceVerdict.objects.bulk_create(
            AdherenceVerdict(
                evaluation=evaluation,
                position=position,
                section=rubric.section,
                question=rubric.question,
                reasoning=rubric.reasoning,
                is_addressed=rubric.is_addressed,
                decided_by=rubric.decided_by,
            )
            for position, rubric in enumerate(verdict.adherence_rubrics)
        )
        rubric_rows = CompletenessRubricVerdict.objects.bulk_create(
            CompletenessRubricVerdict(
                evaluation=evaluation,
                position=position,
                section=rubric.section,
                instruction=rubric.instruction,
                question=rubric.question,
                is_covered=outcome[0],
                reason=outcome[1],
                turn_indexes=sorted({i for item in rubric.content_list for i in item.turn_indexes}),
            )
            for position, rubric in enumerate(verdict.completeness_rubrics)
            for outcome in [rubric_outcome(rubric)]
        )
        CompletenessItemVerdict.objects.bulk_create(
            CompletenessItemVerdict(
                rubric=row,
                position=position,
                transcript_content=item.transcript_content,
                related_content_from_summary=item.related_content_from_summary,
                is_covered=item.is_covered,
                is_evidence_verified=item.is_evidence_verified,
                turn_indexes=list(item.turn_indexes),
            )
            for row, rubric in zip(rubric_rows, verdict.completeness_rubrics, strict=True)
            for position, item in enumerate(rubric.content_list)
        )
        summarization = verdict.summarization
        if summarization is not None:
            SummarizationClaim.objects.bulk_create(
                SummarizationClaim(
                    evaluation=evaluation,
                    position=position,
                    section=claim.section,
                    claim=claim.claim,
                    supported=claim.supported,
                    reason=claim.reason,
                    turn_indexes=list(claim.turn_indexes),
                )
                for position, claim in enumerate(summarization.claims)
            )
            answers = {answer.question: answer for answer in summarization.answers}
            CoverageQuestion.objects.bulk_create(
                CoverageQuestion(
                    evaluation=evaluation,
                    position=position,
                    question=question,
                    # Matched by question, not position; a missing answer counts as unanswered.
                    answered=bool(answer and answer.answered),
                    reason=answer.reason if answer else "No answer given.",
                    section=answer.section if answer else "",
                    turn_indexes=list(answer.turn_indexes) if answer else [],
                )
                for position, question in enumerate(summarization.questions)
                for answer in [answers.get(question)]
            )
        SectionScore.objects.bulk_create(
            SectionScore(
                evaluation=evaluation,
                section=scores.section,
                accuracy=scores.accuracy.value,
                accuracy_na_reason=(scores.accuracy.na_reason or "")[:300],
                adherence=scores.adherence.value,
                adherence_na_reason=(scores.adherence.na_reason or "")[:300],
                completeness=scores.completeness.value,
                completeness_na_reason=(scores.completeness.na_reason or "")[:300],
            )
            for scores in verdict.section_scores
        )
        _model_calls_create(evaluation_id, verdict.calls, attempt_failed=False)
        SummaryEvaluation.objects.filter(pk=evaluation_id).update(
            # The claim's token stays: a replay of this write (a retry after a lost COMMIT
            # acknowledgement) recognises its own verdict by it.
            status=Status.SUCCEEDED,
            error="",
            finished_at=timezone.now(),
            judge=verdict.judge,
            model=verdict.model,
            prompt_version=verdict.prompt_version,
            accuracy=verdict.accuracy.value,
            accuracy_na_reason=(verdict.accuracy.na_reason or "")[:300],
            adherence=verdict.adherence.value,
            adherence_na_reason=(verdict.adherence.na_reason or "")[:300],
            completeness=verdict.completeness.value,
            completeness_na_reason=(verdict.completeness.na_reason or "")[:300],
            summarization=summarization.score if summarization else None,
            summarization_reason=summarization.reason if summarization else "",
            alignment=summarization.alignment if summarization else None,
            coverage=summarization.coverage if summarization else None,
            **_usage_added(verdict.calls),
        )
    return True


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
    if cancelled:
        evaluation_run_finish_if_done(run_id=run.pk)
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
        )
        EvaluationRun.objects.filter(pk=run.pk).update(
            status=RunStatus.RUNNING, finished_at=None, failed=0
        )
        run_id = run.pk
        transaction.on_commit(lambda: _enqueue_fan_out(run_id))
    run.refresh_from_db()
    return retried


def evaluation_run_enqueue(*, run: EvaluationRun) -> None:
    """Enqueue the fan-out of a run again (after a broker loss, say). Evaluations already claimed
    or ended are skipped by their tasks, so this never judges a summary twice."""
    transaction.on_commit(lambda: _enqueue_fan_out(run.pk))
