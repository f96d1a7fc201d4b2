"""Read-only queries for evaluation runs: scope resolution, progress, scores and exports."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Avg, Count, Prefetch, Q, QuerySet, Sum
from django.db.models.functions import Coalesce

from evaluations.judges.types import DIMENSIONS
from evaluations.models import (
    CompletenessRubricVerdict,
    EvaluationRun,
    SummaryEvaluation,
)
from summaries.models import Summary


def summaries_in_scope(
    *,
    date_from: dt.date | None = None,
    date_to: dt.date | None = None,
    queues: Sequence[str] = (),
    agents: Sequence[str] = (),
    channel: str = "",
    generator: str = "",
) -> QuerySet[Summary]:
    """Summaries whose conversation matches every given filter. Dates are inclusive days in UTC,
    compared as a half-open datetime range so the started_at indexes serve them; `agents` are
    agent external ids."""
    summaries = Summary.objects.all()
    if date_from is not None:
        start = dt.datetime.combine(date_from, dt.time.min, tzinfo=dt.UTC)
        summaries = summaries.filter(conversation__started_at__gte=start)
    if date_to is not None:
        end = dt.datetime.combine(date_to + dt.timedelta(days=1), dt.time.min, tzinfo=dt.UTC)
        summaries = summaries.filter(conversation__started_at__lt=end)
    if queues:
        summaries = summaries.filter(conversation__queue__in=list(queues))
    if agents:
        summaries = summaries.filter(conversation__agent__external_id__in=list(agents))
    if channel:
        summaries = summaries.filter(conversation__channel=channel)
    if generator:
        summaries = summaries.filter(generator=generator)
    return summaries.order_by("pk")


@dataclass(frozen=True)
class RunProgress:
    total: int
    queued: int
    running: int
    succeeded: int
    failed: int
    cancelled: int

    @property
    def done(self) -> int:
        return self.succeeded + self.failed + self.cancelled


def evaluation_run_progress(*, run_id: int) -> RunProgress:
    """Counted from the evaluation rows themselves, so progress is exact while the run goes on."""
    by_status = dict(
        SummaryEvaluation.objects.filter(run_id=run_id)
        .values_list("status")
        .annotate(n=Count("id"))
        .values_list("status", "n")
    )
    statuses = SummaryEvaluation.Status
    return RunProgress(
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
                "section_scores",
                "accuracy_verdicts",
                "adherence_verdicts",
                Prefetch(
                    "completeness_rubrics",
                    queryset=CompletenessRubricVerdict.objects.prefetch_related("items"),
                ),
                "summarization_claims",
                "coverage_questions",
                "calls",
            )[:batch_size]
        )
        if not batch:
            return
        yield from batch
        last_pk = batch[-1].pk


def evaluation_runs_recent(*, limit: int = 10) -> list[EvaluationRun]:
    """The latest runs with their live progress and mean scores, in one query.

    Each run gets `done`, `failed_now` and `running_now` counted from its evaluation rows (exact while
    it runs), and `mean_<dimension>` over its succeeded evaluations (None when N/A everywhere).
    """
    statuses = SummaryEvaluation.Status
    succeeded = Q(evaluations__status=statuses.SUCCEEDED)
    return list(
        EvaluationRun.objects.select_related("created_by")
        .annotate(
            done=Count("evaluations", filter=Q(evaluations__status__in=SummaryEvaluation.TERMINAL)),
            failed_now=Count("evaluations", filter=Q(evaluations__status=statuses.FAILED)),
            running_now=Count("evaluations", filter=Q(evaluations__status=statuses.RUNNING)),
            **{
                f"mean_{dimension}": Avg(f"evaluations__{dimension}", filter=succeeded)
                for dimension in DIMENSIONS
            },
        )
        .order_by("-created_at", "-id")[:limit]
    )


def evaluations_of_run(*, run: EvaluationRun, status: str = "") -> QuerySet[SummaryEvaluation]:
    """A run's evaluations with their conversations, for its page; `status` narrows them."""
    evaluations = SummaryEvaluation.objects.filter(run=run).select_related(
        "summary__conversation__agent"
    )
    if status:
        evaluations = evaluations.filter(status=status)
    return evaluations.order_by("pk")
