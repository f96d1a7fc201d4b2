"""/runs: create (or only estimate) a run over a scope, read its progress and evaluations,
cancel it, retry its failures; all through evaluations.services, as the page and command do."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Path, Query, Router, Schema, Status
from ninja.responses import codes_4xx
from pydantic import Field

from api.auth import permitted
from api.cursors import cursor_decode, cursor_encode
from api.errors import ApiError, ErrorOut
from api.schemas import MAX_ID
from evaluations import judging
from evaluations.exports import evaluation_record, evaluation_verdicts
from evaluations.forms import RunScopeForm
from evaluations.judges.types import DIMENSIONS
from evaluations.models import EvaluationRun, Judge, RunWebhook, SummaryEvaluation
from evaluations.scope import RunScope
from evaluations.selectors import evaluation_run_progress
from evaluations.services import (
    DuplicateRun,
    evaluation_run_cancel,
    evaluation_run_create,
    evaluation_run_plan,
    evaluation_run_retry_failed,
)
from evaluations.services.webhooks import run_webhook_attach, webhook_url_check
from evaluations.verdict_kinds import VERDICT_KINDS

router = Router(tags=["runs"])

VIEW_RUNS = "evaluations.view_evaluationrun"
MANAGE_RUNS = "evaluations.manage_run"
# Starting a run: the run form's permission (admins), not the command's (anyone with a shell).
START_RUNS = "evaluations.add_evaluationrun"
MAX_INT = 2**31 - 1


class RunIn(Schema):
    """A run's scope (as `run_evaluation`'s filters and the run form take it) and configuration."""

    name: str = Field("", max_length=200)
    judge: str | None = Field(None, description="local or anthropic (default: the deployment's)")
    model: str = Field("", max_length=100, description="Default: JUDGE_MODEL.")
    dimensions: list[str] = Field(
        default_factory=lambda: [str(d) for d in DIMENSIONS], max_length=10
    )
    max_questions: int = Field(10, ge=1, le=100)
    date_from: dt.date | None = None
    date_to: dt.date | None = None
    queues: list[str] = Field(default_factory=list, max_length=1000)
    agents: list[str] = Field(default_factory=list, max_length=1000)
    channel: str = Field("", max_length=10)
    generator: str = Field("", max_length=100)
    summary_ids: list[int] | None = Field(None, max_length=100_000)
    sample_size: int | None = Field(None, ge=1, le=MAX_INT)
    sample_seed: int | None = Field(None, ge=0, le=2**63 - 1)
    batch: bool = Field(
        False,
        description="Send the calls through Message Batches (anthropic judge only): half price, "
        "results within 24 hours.",
    )
    estimate_only: bool = Field(False, description="Return the estimate; create nothing.")
    force: bool = Field(
        False,
        description="Start even when an active run already judges the same scope with the same "
        "configuration (otherwise 409 duplicate_run, naming that run): a retried POST must not "
        "bill the same summaries twice.",
    )
    webhook_url: str | None = Field(
        None,
        max_length=2000,
        description="POSTed once when the run ends, signed (README: Webhooks); http(s), public "
        "hosts only.",
    )


class ProgressOut(Schema):
    total: int
    queued: int
    running: int
    succeeded: int
    failed: int
    cancelled: int
    done: int


class RunOut(Schema):
    id: int | None = Field(description="null for an estimate")
    name: str
    status: str
    scope: str = Field(description="The scope as a person reads it.")
    judge: str
    model: str
    dimensions: list[str]
    max_questions: int
    sample_seed: int | None
    total: int
    evaluated: int
    failed: int
    progress: ProgressOut | None
    estimated_cost_usd: float
    cost_usd: float = Field(description="Billed so far; final once the run has ended.")
    model_calls: int
    input_tokens: int
    output_tokens: int
    created_at: dt.datetime | None
    started_at: dt.datetime | None
    finished_at: dt.datetime | None
    webhook: WebhookOut | None = None


class WebhookOut(Schema):
    url: str
    status: str
    attempts: int
    secret: str | None = Field(
        None, description="The signing secret: in the response that creates the run, only."
    )


class RetryOut(Schema):
    retried: int
    run: RunOut


class EvaluationsPageOut(Schema):
    items: list[dict[str, Any]] = Field(
        description="Each evaluation with its scores, usage and every verdict (the export record)."
    )
    next_cursor: str | None


def run_out(
    run: EvaluationRun, *, estimate: bool = False, webhook_secret: bool = False
) -> dict[str, Any]:
    progress = None
    if not estimate:
        counts = evaluation_run_progress(run=run)
        progress = ProgressOut(
            total=counts.total,
            queued=counts.queued,
            running=counts.running,
            succeeded=counts.succeeded,
            failed=counts.failed,
            cancelled=counts.cancelled,
            done=counts.done,
        )
    return {
        "id": None if estimate else run.pk,
        "name": run.name,
        "status": "estimate" if estimate else run.status,
        "scope": RunScope.of_run(run).description,
        "judge": run.judge,
        "model": run.model,
        "dimensions": run.dimensions,
        "max_questions": run.max_questions,
        "sample_seed": run.sample_seed,
        "total": run.total,
        "evaluated": run.evaluated,
        "failed": run.failed,
        "progress": progress,
        "estimated_cost_usd": float(run.estimated_cost_usd),
        "cost_usd": float(run.cost_usd),
        "model_calls": run.model_calls,
        "input_tokens": run.input_tokens,
        "output_tokens": run.output_tokens,
        "created_at": None if estimate else run.created_at,
        "started_at": run.started_at,
        "finished_at": run.finished_at,
        "webhook": None if estimate else _webhook_out(run, with_secret=webhook_secret),
    }


def _webhook_out(run: EvaluationRun, *, with_secret: bool) -> WebhookOut | None:
    webhook = RunWebhook.objects.filter(run=run).first()
    if webhook is None:
        return None
    return WebhookOut(
        url=webhook.url,
        status=webhook.status,
        attempts=webhook.attempts,
        secret=webhook.secret if with_secret else None,
    )


def _scope(payload: RunIn) -> RunScope:
    form = RunScopeForm(
        data={
            "date_from": payload.date_from,
            "date_to": payload.date_to,
            # An empty list is "no filter", as a blank field is on the form.
            "queues": payload.queues or None,
            "agents": payload.agents or None,
            "channel": payload.channel,
            "generator": payload.generator,
            "summary_ids": payload.summary_ids,
            "sample_size": payload.sample_size,
            "sample_seed": payload.sample_seed,
            "batch": payload.batch,
        }
    )
    if not form.is_valid():
        field, messages = next(iter(form.errors.items()))
        raise ApiError(
            400, "invalid", str(messages[0]), field=None if field == "__all__" else field
        )
    return form.scope()


def _run(run_id: int) -> EvaluationRun:
    return get_object_or_404(EvaluationRun, pk=run_id)


@router.post(
    "/runs",
    response={200: RunOut, 201: RunOut, codes_4xx: ErrorOut},
    summary="Create a run over a scope, or with estimate_only only price it",
    auth=permitted(START_RUNS),
)
def run_create(request: HttpRequest, payload: RunIn) -> Status[dict[str, Any]]:
    user: User = request.auth  # type: ignore[attr-defined]  # set by permitted()
    if payload.summary_ids is not None and any(not 0 < i <= MAX_ID for i in payload.summary_ids):
        raise ApiError(
            400, "invalid", "Summary ids are positive 64-bit integers.", field="summary_ids"
        )
    judge = payload.judge or judging.judge_default().judge
    if judge not in Judge.values:
        raise ApiError(400, "invalid", f"Unknown judge {judge!r}.", field="judge")
    options: dict[str, Any] = {
        "judge": judge,
        "model": payload.model,
        "dimensions": payload.dimensions,
        "max_questions": payload.max_questions,
        "scope": _scope(payload),
        "name": payload.name,
    }
    if payload.webhook_url is not None and not payload.estimate_only:
        try:
            webhook_url_check(payload.webhook_url)
        except ValidationError as error:
            raise ApiError(400, "invalid", error.messages[0], field="webhook_url") from None
    try:
        if payload.estimate_only:
            return Status(200, run_out(evaluation_run_plan(**options).run, estimate=True))
        # One transaction: the run is handed out (on commit) with its webhook already there.
        with transaction.atomic():
            run = evaluation_run_create(created_by=user, allow_duplicate=payload.force, **options)
            if payload.webhook_url is not None:
                run_webhook_attach(run=run, url=payload.webhook_url)
    except DuplicateRun as error:
        raise ApiError(
            409,
            "duplicate_run",
            f"{error.messages[0]} Read it at /api/v1/runs/{error.run.pk}, or send force: true "
            "to start another anyway.",
        ) from None
    except ValidationError as error:
        raise ApiError(400, "invalid", "; ".join(error.messages)) from None
    return Status(201, run_out(run, webhook_secret=True))


@router.get(
    "/runs/{int:run_id}",
    response={200: RunOut, codes_4xx: ErrorOut},
    summary="A run: status, progress, totals, estimated and actual cost",
    auth=permitted(VIEW_RUNS),
)
def run_detail(request: HttpRequest, run_id: int = Path(..., ge=1, le=MAX_ID)) -> dict[str, Any]:
    return run_out(_run(run_id))


class EvaluationsQuery(Schema):
    status: str | None = Field(None, description="queued, running, succeeded, failed, cancelled")
    cursor: str | None = Field(None, max_length=500)
    limit: int = Field(50, ge=1, le=200)


@router.get(
    "/runs/{int:run_id}/evaluations",
    response={200: EvaluationsPageOut, codes_4xx: ErrorOut},
    summary="A run's evaluations with every verdict, in id order, cursor-paginated",
    auth=permitted(VIEW_RUNS),
)
def run_evaluations(
    request: HttpRequest,
    run_id: int = Path(..., ge=1, le=MAX_ID),
    query: EvaluationsQuery = Query(...),
) -> dict[str, Any]:
    run = _run(run_id)
    rows = SummaryEvaluation.objects.filter(run=run).select_related("summary__conversation")
    if query.status:
        if query.status not in SummaryEvaluation.Status.values:
            raise ApiError(400, "invalid", f"Unknown status {query.status!r}.", field="status")
        rows = rows.filter(status=query.status)
    if query.cursor:
        _value, after = cursor_decode(query.cursor, "id")
        rows = rows.filter(pk__gt=after)
    page = list(
        rows.order_by("pk").prefetch_related(
            "section_scores", *(kind.prefetch for kind in VERDICT_KINDS), "calls"
        )[: query.limit + 1]
    )
    next_cursor = None
    if len(page) > query.limit:
        page = page[: query.limit]
        next_cursor = cursor_encode("id", None, page[-1].pk)
    return {
        "items": [
            evaluation_record(evaluation) | evaluation_verdicts(evaluation) for evaluation in page
        ],
        "next_cursor": next_cursor,
    }


@router.post(
    "/runs/{int:run_id}:cancel",
    response={200: RunOut, codes_4xx: ErrorOut},
    summary="Stop handing out a run's work (managers and admins)",
    auth=permitted(MANAGE_RUNS),
)
def run_cancel(request: HttpRequest, run_id: int = Path(..., ge=1, le=MAX_ID)) -> dict[str, Any]:
    run = _run(run_id)
    evaluation_run_cancel(run=run)
    return run_out(run)


@router.post(
    "/runs/{int:run_id}:retry-failed",
    response={200: RetryOut, codes_4xx: ErrorOut},
    summary="Queue a finished run's failed evaluations again (managers and admins)",
    auth=permitted(MANAGE_RUNS),
)
def run_retry_failed(
    request: HttpRequest, run_id: int = Path(..., ge=1, le=MAX_ID)
) -> dict[str, Any]:
    run = _run(run_id)
    retried = evaluation_run_retry_failed(run=run)
    return {"retried": retried, "run": run_out(run)}
