"""Batch runs (issue 13): a run's calls sent through Anthropic's Message Batches API, at half
price, instead of one request at a time.

The state lives in the database, so a worker killed at any point loses nothing:
- each evaluation waits QUEUED, in the `JudgeBatch` its requests went into (`judge_batch`), and
  keeps every result gathered so far in `batch_results` (custom_id -> result);
- `run_batch_submit` takes every QUEUED evaluation of the run that is in no batch and replays it
  over its results (`claude.batch.evaluate_batched`): a summary with all its results gets its
  verdict, stored through the same claim and `verdict_write` as online, exactly once; one whose
  calls are missing a result puts their requests in one new batch (the first requests, the
  summarization answers once the claims are in, follow-ups of failed requests); a failed request
  is asked again while the evaluation's retry budget (EVALUATION_MAX_RETRIES) lasts, then the
  evaluation fails with the reason;
- `judge_batch_poll` asks the API how far a batch is (the run page shows it), and once it has
  ended stores its results on its evaluations and submits again. A cancelled run cancels its
  open batches at the API.

Only `evaluations.services.dispatch` enqueues the tasks; the fan-out of a batch run asks for a
submit instead of one task per evaluation, so the watchdog's hand-out of a stalled run (a lost
message) submits and polls again too.
"""

from __future__ import annotations

import datetime as dt
import logging
import uuid
from collections import defaultdict
from dataclasses import asdict
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from evaluations import judging
from evaluations.judges.anthropic_client import BatchResult
from evaluations.judges.base import JudgeError
from evaluations.judges.claude import ClaudeJudge
from evaluations.judges.claude.batch import BatchStep, evaluate_batched
from evaluations.models import EvaluationRun, JudgeBatch, SummaryEvaluation
from evaluations.services import dispatch, verdicts
from evaluations.services.claims import evaluation_claim, evaluation_fail
from evaluations.services.rubrics import rubric_question_set_get_or_create
from evaluations.services.runs import evaluation_run_finish_if_done

logger = logging.getLogger(__name__)

Status = SummaryEvaluation.Status
RunStatus = EvaluationRun.Status
# Requests per batch; the API takes 100,000 (or 256 MB). A smaller batch ends sooner and keeps
# the request body well under the size limit with 10k-token transcripts.
MAX_REQUESTS_PER_BATCH = 10_000


def custom_id_key(evaluation_id: int) -> str:
    return f"e{evaluation_id}"


def _judge(run: EvaluationRun) -> ClaudeJudge:
    judge = judging.judge_build(judge=run.judge, model=run.model)
    if not isinstance(judge, ClaudeJudge):
        raise ValueError("batch runs need the anthropic judge")
    return judge


def _step(judge: ClaudeJudge, run: EvaluationRun, evaluation: SummaryEvaluation) -> BatchStep:
    inputs = judging.judge_inputs_load(summary_id=evaluation.summary_id)
    rubric_questions = dict(inputs.rubric_questions)
    for definition in inputs.definitions_without_questions:
        question_set = rubric_question_set_get_or_create(definition=definition)
        rubric_questions[definition.key] = tuple(question_set.questions)
    results = {cid: BatchResult(**fields) for cid, fields in evaluation.batch_results.items()}
    return evaluate_batched(
        judge,
        inputs.transcript,
        inputs.summary,
        dimensions=tuple(run.dimensions),
        key=custom_id_key(evaluation.pk),
        results=results,
        rubric_questions=rubric_questions,
        max_questions=run.max_questions,
    )


def _store_verdict(evaluation: SummaryEvaluation, step: BatchStep) -> None:
    """The verdict through the online path: a claim, then `verdict_write` under it."""
    assert step.verdict is not None
    token = uuid.uuid4().hex
    if evaluation_claim(evaluation_id=evaluation.pk, token=token) is None:
        return  # stored already (a redelivered poll), or cancelled meanwhile
    verdicts.verdict_write(evaluation_id=evaluation.pk, token=token, verdict=step.verdict)


def _fail(evaluation: SummaryEvaluation, error: JudgeError | Exception) -> None:
    token = uuid.uuid4().hex
    claimed = evaluation_claim(evaluation_id=evaluation.pk, token=token)
    if claimed is None:
        return
    calls = error.calls if isinstance(error, JudgeError) else ()
    evaluation_fail(claimed, token, f"In batch: {error}", billed_calls=calls)


def _after_error(
    judge: ClaudeJudge, run: EvaluationRun, evaluation: SummaryEvaluation, step: BatchStep
) -> BatchStep | None:
    """A retryable failure within the budget: drop the failed results and plan again, so the
    failed requests go in the next batch. Otherwise fail the evaluation with the reason."""
    assert step.error is not None
    error = step.error
    if not error.retryable or evaluation.transient_errors >= settings.EVALUATION_MAX_RETRIES:
        _fail(evaluation, error)
        return None
    kept = {k: v for k, v in evaluation.batch_results.items() if k not in step.failed_ids}
    SummaryEvaluation.objects.filter(pk=evaluation.pk).update(
        batch_results=kept, transient_errors=evaluation.transient_errors + 1, error=str(error)
    )
    evaluation.batch_results = kept
    evaluation.transient_errors += 1
    return _step(judge, run, evaluation)


def run_batch_submit(*, run_id: int) -> int:
    """Replay every QUEUED evaluation of the run that is in no batch over its results, store
    what is complete, and submit what is missing as new batches. Returns the requests sent.

    The run's row lock keeps two submits (a fan-out and a watchdog's hand-out, say) from sending
    the same evaluations twice."""
    sent = 0
    with transaction.atomic():
        run = EvaluationRun.objects.select_for_update().filter(pk=run_id).first()
        if run is None or run.status != RunStatus.RUNNING:
            return 0
        judge = _judge(run)
        waiting = SummaryEvaluation.objects.filter(
            run_id=run_id, status=Status.QUEUED, judge_batch__isnull=True
        ).order_by("pk")
        requests: dict[str, dict[str, Any]] = {}
        members: list[int] = []
        for evaluation in waiting.iterator():
            try:
                step: BatchStep | None = _step(judge, run, evaluation)
                if step is not None and step.error is not None:
                    step = _after_error(judge, run, evaluation, step)
            except Exception as error:  # a bug or unreadable inputs: fail it, as online does
                logger.exception("Batch planning failed for evaluation %s", evaluation.pk)
                _fail(evaluation, error)
                continue
            if step is None:
                continue
            if step.verdict is not None:
                _store_verdict(evaluation, step)
            elif step.error is not None:
                _fail(evaluation, step.error)
            elif step.requests:
                requests.update(step.requests)
                members.append(evaluation.pk)
            if len(requests) >= MAX_REQUESTS_PER_BATCH:
                sent += _submit(judge, run, requests, members)
                requests, members = {}, []
        if requests:
            sent += _submit(judge, run, requests, members)
    evaluation_run_finish_if_done(run_id=run_id)
    return sent


def _submit(
    judge: ClaudeJudge, run: EvaluationRun, requests: dict[str, dict[str, Any]], members: list[int]
) -> int:
    batch_id = judge.client.batch_create(list(requests.items()))
    batch = JudgeBatch.objects.create(run=run, anthropic_id=batch_id, requests=len(requests))
    SummaryEvaluation.objects.filter(pk__in=members, status=Status.QUEUED).update(judge_batch=batch)
    batch_pk = batch.pk
    transaction.on_commit(lambda: dispatch.batch_poll_enqueue(batch_id=batch_pk))
    return len(requests)


def judge_batch_poll(*, batch_id: int) -> bool:
    """Poll one batch. True when it should be polled again (still processing).

    1. A cancelled run: cancel the batch at the API and stop.
    2. Record how many of its requests have ended (the run page shows it).
    3. Once ended: store each result on its evaluation (merged by custom_id, so a redelivered
       poll stores nothing twice), take the evaluations out of the batch, and submit again.
    """
    batch = JudgeBatch.objects.select_related("run").filter(pk=batch_id).first()
    if batch is None:
        return False
    run = batch.run
    judge = _judge(run)
    if batch.status == JudgeBatch.Status.SUBMITTED and run.status == RunStatus.CANCELLED:
        judge.client.batch_cancel(batch.anthropic_id)
        JudgeBatch.objects.filter(pk=batch.pk).update(
            status=JudgeBatch.Status.CANCELLED, ended_at=timezone.now()
        )
        return False
    if batch.status == JudgeBatch.Status.SUBMITTED:
        # One chain of polls per batch: a poll handed out again (by the watchdog, or a second
        # delivery) while another polled within half an interval ends here.
        now = timezone.now()
        recent = now - dt.timedelta(seconds=settings.JUDGE_BATCH_POLL_SECONDS / 2)
        taken = (
            JudgeBatch.objects.filter(pk=batch.pk, status=JudgeBatch.Status.SUBMITTED)
            .filter(Q(polled_at__isnull=True) | Q(polled_at__lte=recent))
            .update(polled_at=now)
        )
        if not taken:
            return False
        state = judge.client.batch_retrieve(batch.anthropic_id)
        JudgeBatch.objects.filter(pk=batch.pk).update(
            requests=state.total, ended_requests=state.ended_requests
        )
        if not state.is_ended:
            return True
        by_evaluation: dict[int, dict[str, dict[str, Any]]] = defaultdict(dict)
        for result in judge.client.batch_results(batch.anthropic_id):
            evaluation_id = int(result.custom_id.split("-", 1)[0].removeprefix("e"))
            by_evaluation[evaluation_id][result.custom_id] = asdict(result)
        with transaction.atomic():
            for evaluation in SummaryEvaluation.objects.select_for_update().filter(
                judge_batch=batch
            ):
                merged = {**evaluation.batch_results, **by_evaluation.get(evaluation.pk, {})}
                SummaryEvaluation.objects.filter(pk=evaluation.pk).update(
                    batch_results=merged, judge_batch=None
                )
            JudgeBatch.objects.filter(pk=batch.pk, status=JudgeBatch.Status.SUBMITTED).update(
                status=JudgeBatch.Status.ENDED, ended_at=timezone.now()
            )
    # Ended (now, or by a poll that died before it could submit): the next step.
    run_batch_submit(run_id=run.pk)
    return False


def run_batch_fail_waiting(*, run_id: int, message: str) -> int:
    """Fail the run's waiting evaluations that are in no batch: the API refused their batch."""
    failed = 0
    for evaluation in SummaryEvaluation.objects.filter(
        run_id=run_id, status=Status.QUEUED, judge_batch__isnull=True
    ).select_related("run"):
        _fail(evaluation, Exception(message))
        failed += 1
    evaluation_run_finish_if_done(run_id=run_id)
    return failed
