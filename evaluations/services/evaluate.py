"""Judging one summary: `summary_evaluate`, the pipeline a task runs for one evaluation, from its
claim to its stored verdicts, and the rate-limit glue around the judge's calls.

The claim's transitions live in services/claims.py, the verdict rows in services/verdicts.py, the
bill in services/usage.py.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence

from django.db import InterfaceError, OperationalError

from evaluations import judging, ratelimit
from evaluations.judges.base import JudgeError
from evaluations.judges.types import CallUsage, SummaryVerdict
from evaluations.models import EvaluationRun, Judge, SummaryEvaluation
from evaluations.services import verdicts
from evaluations.services.claims import (
    INFRASTRUCTURE_ERRORS,
    EvaluateOutcome,
    InfrastructureError,
    Outcome,
    claim_heartbeat,
    evaluation_cancel_claimed,
    evaluation_claim,
    evaluation_defer,
    evaluation_fail,
    evaluation_retry_later,
    infrastructure_cause,
    unclaimed_outcome,
)
from evaluations.services.rubrics import rubric_question_set_get_or_create
from evaluations.services.runs import evaluation_run_finish_if_done
from evaluations.services.usage import lost_attempt_calls_record

logger = logging.getLogger(__name__)

Status = SummaryEvaluation.Status
RunStatus = EvaluationRun.Status
# Wait in place for rate-limit capacity up to this long; past it the task re-enqueues itself.
RATE_LIMIT_MAX_WAIT_SECONDS = 10.0


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
       An outage of Redis or the database (in the rate limiter, or behind a judge's "crash") is
       transient and spends no retry: it never fails the summary. Whatever ends the attempt, the
       calls the error says were billed are recorded with it (`attempt_failed`).
    5. Write the verdicts, calls and scores in one transaction, if the claim is still ours.
       If the database is away while the outcome (verdicts, or a judge error and its bill) is
       stored, raise OutcomeNotStored: the task comes back with `claim_token` and `pending` and
       only stores it.
    6. Close the run if this was its last evaluation.
    """
    if pending is not None:
        return _pending_store(evaluation_id=evaluation_id, token=claim_token, pending=pending)
    token = uuid.uuid4().hex
    evaluation = evaluation_claim(evaluation_id=evaluation_id, token=token)
    if evaluation is None:
        return unclaimed_outcome(evaluation_id=evaluation_id)
    run = evaluation.run
    if run.status == RunStatus.CANCELLED:
        # Given back to the queue (a retry, a deferral) while the run was being cancelled.
        return evaluation_cancel_claimed(evaluation, token)

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
        return evaluation_fail(evaluation, token, f"Could not prepare the summary: {error}")

    limited = run.judge == Judge.ANTHROPIC
    tokens_taken = judging.judge_input_tokens_expected(
        transcript_chars=inputs.transcript_chars,
        summary_chars=inputs.summary_chars,
        dimensions=run.dimensions,
    )
    # The heartbeat covers the wait for rate-limit capacity too: it can outlast a short claim
    # timeout.
    with claim_heartbeat(evaluation_id=evaluation_id, token=token):
        if limited:
            try:
                permit = ratelimit.rate_limit_acquire(
                    model=run.model,
                    requests=judging.judge_calls_expected(run.dimensions),
                    input_tokens=tokens_taken,
                    max_wait_seconds=RATE_LIMIT_MAX_WAIT_SECONDS,
                )
            except INFRASTRUCTURE_ERRORS as error:
                return _judge_error_store(evaluation, token, InfrastructureError.of(error))
            if not permit.granted:
                return evaluation_defer(evaluation, token, wait=permit.wait_seconds)
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
            outage = infrastructure_cause(error)
            if outage is not None and not isinstance(error, InfrastructureError):
                # A "crash" raised from an outage (Redis, the database) is no crash.
                error = InfrastructureError.of(outage, calls=error.calls)
            return _judge_error_store(evaluation, token, error)
        except INFRASTRUCTURE_ERRORS as error:
            return _judge_error_store(evaluation, token, InfrastructureError.of(error))
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
            return evaluation_retry_later(evaluation, token, error)
        return evaluation_fail(evaluation, token, str(error), billed_calls=error.calls)
    except (OperationalError, InterfaceError) as database_error:
        judge_error = {
            "message": str(error),
            "retryable": error.retryable,
            "retry_after": error.retry_after,
            "calls": [call.model_dump(mode="json") for call in error.calls],
            "infrastructure": isinstance(error, InfrastructureError),
        }
        raise OutcomeNotStored(token, {"judge_error": judge_error}) from database_error


def _pending_store(*, evaluation_id: int, token: str, pending: dict) -> EvaluateOutcome:
    """Store an outcome that the database could not take the first time (OutcomeNotStored)."""
    if "verdict" in pending:
        verdict = SummaryVerdict.model_validate(pending["verdict"])
        return _store(evaluation_id=evaluation_id, token=token, verdict=verdict)
    evaluation = SummaryEvaluation.objects.select_related("run").filter(pk=evaluation_id).first()
    if evaluation is None:
        return EvaluateOutcome(Outcome.MISSING)
    stored = pending["judge_error"]
    calls = [CallUsage.model_validate(call) for call in stored["calls"]]
    error = JudgeError(
        stored["message"],
        retryable=stored["retryable"],
        retry_after=stored["retry_after"],
        calls=calls,
    )
    if stored.get("infrastructure"):
        error = InfrastructureError(stored["message"], calls=calls)
    return _judge_error_store(evaluation, token, error)


def _store(
    *, evaluation_id: int, token: str, verdict: SummaryVerdict, run_id: int | None = None
) -> EvaluateOutcome:
    """Write the verdict if the claim is still ours, and close the run if it was the last."""
    try:
        written = verdicts.verdict_write(evaluation_id=evaluation_id, token=token, verdict=verdict)
    except (OperationalError, InterfaceError) as error:
        pending = {"verdict": verdict.model_dump(mode="json")}
        raise OutcomeNotStored(token, pending) from error
    except Exception as error:
        # Anything else would end the task with the evaluation still "running" and no message
        # left to bring it back: fail it, with what was paid for.
        logger.exception("Could not store the verdicts of evaluation %s", evaluation_id)
        evaluation = SummaryEvaluation.objects.filter(pk=evaluation_id).first()
        if evaluation is None:
            return EvaluateOutcome(Outcome.MISSING)
        return evaluation_fail(
            evaluation,
            token,
            f"Could not store the verdicts: {type(error).__name__}: {error}",
            billed_calls=verdict.calls,
        )
    mine = SummaryEvaluation.objects.filter(pk=evaluation_id, claim_token=token)
    if not written and not mine.filter(status=Status.SUCCEEDED).exists():
        lost_attempt_calls_record(evaluation_id=evaluation_id, calls=verdict.calls)
        return EvaluateOutcome(Outcome.LOST, message="the claim was taken over before the write")
    # Written now, or by this very claim before (the database went away after the COMMIT, and
    # the task came back with the verdict): either way stored once, and billed once.
    if run_id is None:
        run_id = SummaryEvaluation.objects.values_list("run_id", flat=True).get(pk=evaluation_id)
    evaluation_run_finish_if_done(run_id=run_id)
    return EvaluateOutcome(Outcome.SUCCEEDED)


def _rate_limit_correct(model: str, taken: int, calls: Sequence[CallUsage]) -> None:
    """Charge the model's input-token window with what the calls used beyond what was taken up
    front. The API counts uncached input and cache writes toward its limit, not cache reads."""
    counted = sum(call.input_tokens + call.cache_write_tokens for call in calls)
    try:
        ratelimit.rate_limit_charge(model=model, input_tokens=counted - taken)
    except Exception:  # the verdict matters more than the pacing
        logger.exception("Could not charge the rate limit of %s", model)
