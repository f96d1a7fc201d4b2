"""Read-only queries for evaluation runs: scope resolution, progress, scores and exports."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Avg, Count, Q, QuerySet, Sum
from django.db.models.functions import Coalesce

from evaluations.judges.types import DIMENSIONS
from evaluations.models import EvaluationRun, JudgeBatch, RunWebhook, SummaryEvaluation
from evaluations.scope import NONE, RunScope
from evaluations.verdict_kinds import VERDICT_KINDS
from summaries.models import Summary


def summaries_in_scope(*, scope: RunScope) -> QuerySet[Summary]:
    """The summaries of a scope before any sampling: its explicit ids, or those whose conversation
    matches every filter. Dates are inclusive days in UTC, compared as a half-open datetime range
    so the started_at indexes serve them."""
    summaries = Summary.objects.all()
    if scope.summary_ids is not None:
        return summaries.filter(pk__in=scope.summary_ids).order_by("pk")
    if scope.date_from is not None:
        start = dt.datetime.combine(scope.date_from, dt.time.min, tzinfo=dt.UTC)
        summaries = summaries.filter(conversation__started_at__gte=start)
    if scope.date_to is not None:
        day_after = scope.date_to + dt.timedelta(days=1)
        end = dt.datetime.combine(day_after, dt.time.min, tzinfo=dt.UTC)
        summaries = summaries.filter(conversation__started_at__lt=end)
    if scope.queues:
        queues = Q(conversation__queue__in=[q for q in scope.queues if q != NONE])
        if NONE in scope.queues:
            queues |= Q(conversation__queue="")
        summaries = summaries.filter(queues)
    if scope.agents:
        agents = Q(conversation__agent__external_id__in=[a for a in scope.agents if a != NONE])
        if NONE in scope.agents:
            agents |= Q(conversation__agent__isnull=True)
        summaries = summaries.filter(agents)
    if scope.channel:
        summaries = summaries.filter(conversation__channel=scope.channel)
    if scope.generator:
        summaries = summaries.filter(generator=scope.generator)
    return summaries.order_by("pk")


@dataclass(frozen=True)
class RunProgress:
    """Where a run stands: its status and its evaluations counted by status, from their rows, so
    it is exact while the run goes on. The one place that decides whether a run is in flight."""

    status: str  # the run's
    total: int
    queued: int
    running: int
    succeeded: int
    failed: int
    cancelled: int

    @property
    def done(self) -> int:
        return self.succeeded + self.failed + self.cancelled

    @property
    def percent_done(self) -> int:
        """Whole percent of the evaluations that ended, rounded down: 100 only when all have."""
        return self.done * 100 // self.total if self.total else 100

    @property
    def in_flight(self) -> bool:
        """Still going: open, or cancelled while summaries were being judged (they finish) or
        given back to the queue (they are still to be cancelled). Pages poll while it is."""
        return self.status not in EvaluationRun.TERMINAL or self.queued + self.running > 0

    @property
    def cost_is_final(self) -> bool:
        """Nothing more will be billed: the run's cost is its actual cost, not a cost so far."""
        return not self.in_flight


def evaluation_run_progress(*, run: EvaluationRun) -> RunProgress:
    """The run's progress (its status as loaded, the counts as they are now)."""
    by_status = dict(
        SummaryEvaluation.objects.filter(run_id=run.pk)
        .values_list("status")
        .annotate(n=Count("id"))
        .values_list("status", "n")
    )
    return _progress(run.status, by_status)


def _progress(status: str, by_status: dict[str, int]) -> RunProgress:
    statuses = SummaryEvaluation.Status
    return RunProgress(
        status=status,
        total=sum(by_status.values()),
        queued=by_status.get(statuses.QUEUED, 0),
        running=by_status.get(statuses.RUNNING, 0),
        succeeded=by_status.get(statuses.SUCCEEDED, 0),
        failed=by_status.get(statuses.FAILED, 0),
        cancelled=by_status.get(statuses.CANCELLED, 0),
    )


@dataclass(frozen=True)
class DimensionScore:
    dimension: str
    mean: float | None  # over the summaries where it applies; None when N/A for all
    scored: int  # summaries with a score
    not_applicable: int  # succeeded summaries where the dimension is N/A


def evaluation_run_scores(*, run: EvaluationRun) -> list[DimensionScore]:
    """The mean score per dimension of the run's succeeded evaluations, N/A ones left out."""
    succeeded = SummaryEvaluation.objects.filter(run=run, status=SummaryEvaluation.Status.SUCCEEDED)
    scores = []
    for dimension in run.dimensions:
        row = succeeded.aggregate(
            mean=Avg(dimension),
            scored=Count("id", filter=Q(**{f"{dimension}__isnull": False})),
            not_applicable=Count("id", filter=Q(**{f"{dimension}__isnull": True})),
        )
        scores.append(DimensionScore(dimension=dimension, **row))
    return scores


def evaluation_run_totals(*, run_id: int) -> dict:
    """Counters and usage totals of a run, summed in SQL from its evaluations."""
    totals = SummaryEvaluation.objects.filter(run_id=run_id).aggregate(
        total=Count("id"),
        evaluated=Count("id", filter=Q(status=SummaryEvaluation.Status.SUCCEEDED)),
        failed=Count("id", filter=Q(status=SummaryEvaluation.Status.FAILED)),
        model_calls=Coalesce(Sum("model_calls"), 0),
        input_tokens=Coalesce(Sum("input_tokens"), 0),
        output_tokens=Coalesce(Sum("output_tokens"), 0),
        cache_write_tokens=Coalesce(Sum("cache_write_tokens"), 0),
        cache_read_tokens=Coalesce(Sum("cache_read_tokens"), 0),
        cost_usd=Coalesce(Sum("cost_usd"), Decimal(0)),
    )
    return totals


def evaluation_run_summary_ids(*, run_id: int) -> list[int]:
    return list(
        SummaryEvaluation.objects.filter(run_id=run_id)
        .order_by("summary_id")
        .values_list("summary_id", flat=True)
    )


def evaluations_for_export(
    *, run: EvaluationRun, batch_size: int = 200
) -> Iterator[SummaryEvaluation]:
    """Every evaluation of a run with all its verdict rows, in batches so a large run is never
    held in memory at once."""
    base = (
        SummaryEvaluation.objects.filter(run=run)
        .select_related("summary__conversation")
        .order_by("pk")
    )
    last_pk = 0
    while True:
        batch = list(
            base.filter(pk__gt=last_pk).prefetch_related(
                "section_scores", *(kind.prefetch for kind in VERDICT_KINDS), "calls"
            )[:batch_size]
        )
        if not batch:
            return
        yield from batch
        last_pk = batch[-1].pk


def evaluation_runs_recent(*, limit: int = 10) -> list[EvaluationRun]:
    """The latest runs with their live progress and mean scores, in one query.

    Each run gets `progress` (a RunProgress counted from its evaluation rows, exact while it
    runs) and `mean_<dimension>` over its succeeded evaluations (None when N/A everywhere).
    """
    statuses = SummaryEvaluation.Status
    succeeded = Q(evaluations__status=statuses.SUCCEEDED)
    runs = list(
        EvaluationRun.objects.select_related("created_by")
        .annotate(
            **{
                f"evaluations_{status}": Count("evaluations", filter=Q(evaluations__status=status))
                for status in statuses.values
            },
            **{
                f"mean_{dimension}": Avg(f"evaluations__{dimension}", filter=succeeded)
                for dimension in DIMENSIONS
            },
        )
        .order_by("-created_at", "-id")[:limit]
    )
    for run in runs:
        counts = {status: getattr(run, f"evaluations_{status}") for status in statuses.values}
        run.progress = _progress(run.status, counts)  # type: ignore[attr-defined]  # for the pages
    return runs


def evaluations_of_run(*, run: EvaluationRun, status: str = "") -> QuerySet[SummaryEvaluation]:
    """A run's evaluations with their conversations, for its page; `status` narrows them."""
    evaluations = SummaryEvaluation.objects.filter(run=run).select_related(
        "summary__conversation__agent"
    )
    if status:
        evaluations = evaluations.filter(status=status)
    return evaluations.order_by("pk")


def run_webhook_of(*, run: EvaluationRun) -> RunWebhook | None:
    """The run's webhook (set through the API) with its delivery attempts, or None."""
    return RunWebhook.objects.filter(run=run).prefetch_related("attempts_made").first()


def evaluation_run_batch_progress(*, run_id: int) -> dict[str, int] | None:
    """What the run page shows of its open batches: how many, and requests ended of all."""
    open_batches = list(
        JudgeBatch.objects.filter(run_id=run_id, status=JudgeBatch.Status.SUBMITTED).values(
            "requests", "ended_requests"
        )
    )
    if not open_batches:
        return None
    return {
        "batches": len(open_batches),
        "ended": sum(b["ended_requests"] for b in open_batches),
        "requests": sum(b["requests"] for b in open_batches),
    }
