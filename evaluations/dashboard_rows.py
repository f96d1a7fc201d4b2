"""The dashboard's aggregation computed straight from the rows: the reference the rollup must
equal (tests/evaluations/test_dashboard_rollup.py), and the definition of what counts.

Each function is the one `evaluations.dashboard` had before the rollup, unchanged: for each
summary, its latest succeeded evaluation under one judge configuration (`counted_evaluations`,
a NOT EXISTS over the newer runs), then one aggregate query per chart over those evaluations
and their section scores, reviews and verdict items. Correct at any size, but at 100k
conversations each query reads most of a million verdict rows: the page reads the rollup
(`evaluations.dashboard`), and this module is what it is checked against.
"""

from __future__ import annotations

from typing import Any

from django.db.models import (
    Avg,
    Count,
    Exists,
    F,
    Min,
    OuterRef,
    Q,
    QuerySet,
    Sum,
)
from django.db.models.functions import TruncWeek

from evaluations.calibration import ConfusionCounts, cohens_kappa
from evaluations.calibration_selectors import JudgeVersion, section_names
from evaluations.charts import (
    DIMENSIONS,
    HISTOGRAM_BINS,
    SECTION_DIMENSIONS,
    AgreementRow,
    Histogram,
    Marker,
    TrendRow,
)
from evaluations.dashboard import (
    ConfigUse,
    DashboardFilters,
    WeakRow,
    _as_date,
    _conversation_q,
    _ranked,
    _stats,
    week_of,
)
from evaluations.models import (
    AccuracyVerdict,
    AdherenceVerdict,
    CompletenessItemVerdict,
    CoverageQuestion,
    SectionScore,
    SummarizationClaim,
    SummaryEvaluation,
    VerdictReview,
)
from evaluations.queue import NO_AGENT
from summaries.models import Summary, SummarySection

SUCCEEDED = SummaryEvaluation.Status.SUCCEEDED
CONVERSATION = "summary__conversation__"

# The reviewable verdict kinds, each as (model, its section path, its "passed" column, its
# evaluation path).
VERDICT_TABLES: tuple[tuple[Any, str, str, str], ...] = (
    (AccuracyVerdict, "section", "is_accurate", "evaluation_id"),
    (AdherenceVerdict, "section", "is_addressed", "evaluation_id"),
    (CompletenessItemVerdict, "rubric__section", "is_covered", "rubric__evaluation_id"),
    (SummarizationClaim, "section", "supported", "evaluation_id"),
    (CoverageQuestion, "section", "answered", "evaluation_id"),
)

__all__ = ["VERDICT_TABLES", "week_of"]


def _group_label(row: dict, by: str) -> str:
    if by == "agent":
        external_id = row[f"{CONVERSATION}agent__external_id"]
        if external_id is None:
            return "No agent (bot only)"
        return str(row[f"{CONVERSATION}agent__display_name"] or external_id)
    return str(row[f"{CONVERSATION}queue"] or "(no queue)")


def config_uses(filters: DashboardFilters) -> list[ConfigUse]:
    """Every judge configuration that judged the filtered conversations, most evaluations first,
    with the first conversation it judged (one query; the judge-change markers read it too)."""
    rows = (
        SummaryEvaluation.objects.filter(status=SUCCEEDED)
        .filter(_conversation_q(filters, "summary__"))
        .values("judge", "model", "prompt_version")
        .annotate(evaluations=Count("pk"), first=Min(f"{CONVERSATION}started_at"))
        .order_by("-evaluations", "model", "prompt_version")
    )
    return [
        ConfigUse(
            JudgeVersion(row["judge"], row["model"], row["prompt_version"]),
            row["evaluations"],
            row["first"],
        )
        for row in rows
    ]


def counted_evaluations(
    filters: DashboardFilters, version: JudgeVersion
) -> QuerySet[SummaryEvaluation]:
    """Per summary, its latest succeeded evaluation under `version`, for the filtered
    conversations: the rows every chart aggregates."""
    same_config = {
        "status": SUCCEEDED,
        "judge": version.judge,
        "model": version.model,
        "prompt_version": version.prompt_version,
    }
    newer = SummaryEvaluation.objects.filter(
        summary_id=OuterRef("summary_id"), run_id__gt=OuterRef("run_id"), **same_config
    )
    return (
        SummaryEvaluation.objects.filter(**same_config)
        .filter(_conversation_q(filters, "summary__"))
        .exclude(Exists(newer))
    )


def _stat_aggregates(prefix: str = "", dimensions: tuple[str, ...] = DIMENSIONS) -> dict:
    """Mean (N/A excluded), scored count and N/A count per dimension. N/A is a null score with
    a reason; a null without one is a dimension the run did not ask for, counted in neither.
    The summarization score has no N/A."""
    aggregates: dict[str, Any] = {"evaluations": Count(f"{prefix}pk")}
    for dimension in dimensions:
        column = f"{prefix}{dimension}"
        aggregates[f"{dimension}_mean"] = Avg(column)
        aggregates[f"{dimension}_scored"] = Count(column)
        if dimension != "summarization":
            aggregates[f"{dimension}_na"] = Count(
                f"{prefix}pk",
                filter=Q(**{f"{column}__isnull": True}) & ~Q(**{f"{column}_na_reason": ""}),
            )
    return aggregates


def weekly_trend(counted: QuerySet[SummaryEvaluation]) -> list[TrendRow]:
    rows = (
        counted.annotate(week=TruncWeek(f"{CONVERSATION}started_at"))
        .values("week")
        .annotate(**_stat_aggregates())
        .order_by("week")
    )
    return [
        TrendRow(week=_as_date(r["week"]), evaluations=r["evaluations"], stats=_stats(r))
        for r in rows
        if r["week"] is not None
    ]


def weekly_breakdown(counted: QuerySet[SummaryEvaluation], by: str) -> list[TrendRow]:
    """The weekly trend per queue, per agent or per section (one query)."""
    if by == "section":
        rows = (
            SectionScore.objects.filter(evaluation__in=counted.values("pk"))
            .annotate(week=TruncWeek(f"evaluation__{CONVERSATION}started_at"))
            .values("week", "section")
            .annotate(**_stat_aggregates(dimensions=SECTION_DIMENSIONS))
            .order_by("section", "week")
        )
        names = section_names({r["section"] for r in rows})
        return [
            TrendRow(
                week=_as_date(r["week"]),
                evaluations=r["evaluations"],
                stats=_stats(r, SECTION_DIMENSIONS),
                group=names.get(r["section"], r["section"]),
            )
            for r in rows
            if r["week"] is not None
        ]
    if by == "agent":
        group_fields: tuple[str, ...] = (
            f"{CONVERSATION}agent__external_id",
            f"{CONVERSATION}agent__display_name",
        )
    else:
        group_fields = (f"{CONVERSATION}queue",)
    grouped = (
        counted.annotate(week=TruncWeek(f"{CONVERSATION}started_at"))
        .values("week", *group_fields)
        .annotate(**_stat_aggregates())
        .order_by(*group_fields, "week")
    )
    return [
        TrendRow(
            week=_as_date(r["week"]),
            evaluations=r["evaluations"],
            stats=_stats(r),
            group=_group_label(r, by),
        )
        for r in grouped
        if r["week"] is not None
    ]


def score_histograms(counted: QuerySet[SummaryEvaluation]) -> list[Histogram]:
    """Ten bins per dimension and the N/A count, in one query of conditional counts."""
    aggregates: dict[str, Any] = {}
    for dimension in DIMENSIONS:
        for index in range(HISTOGRAM_BINS):
            low = index / HISTOGRAM_BINS
            band = Q(**{f"{dimension}__gte": low})
            if index < HISTOGRAM_BINS - 1:  # the last bin includes 1.0
                band &= Q(**{f"{dimension}__lt": (index + 1) / HISTOGRAM_BINS})
            aggregates[f"{dimension}_{index}"] = Count("pk", filter=band)
        if dimension != "summarization":
            aggregates[f"{dimension}_na"] = Count(
                "pk",
                filter=Q(**{f"{dimension}__isnull": True}) & ~Q(**{f"{dimension}_na_reason": ""}),
            )
    totals = counted.aggregate(**aggregates)
    return [
        Histogram(
            dimension=d,
            counts=tuple(totals[f"{d}_{i}"] or 0 for i in range(HISTOGRAM_BINS)),
            na=totals.get(f"{d}_na") or 0,
        )
        for d in DIMENSIONS
    ]


def weekly_agreement(counted: QuerySet[SummaryEvaluation]) -> list[AgreementRow]:
    """Analysts' reviews of the counted evaluations' verdict items, per conversation week: the
    confusion counts in SQL, the agreement and Cohen's kappa from them (evaluations.calibration)."""
    rows = (
        VerdictReview.objects.filter(evaluation__in=counted.values("pk"))
        .annotate(week=TruncWeek(f"evaluation__{CONVERSATION}started_at"))
        .values("week")
        .annotate(
            pass_pass=Count("pk", filter=Q(judge_value=True, human_value=True)),
            pass_fail=Count("pk", filter=Q(judge_value=True, human_value=False)),
            fail_pass=Count("pk", filter=Q(judge_value=False, human_value=True)),
            fail_fail=Count("pk", filter=Q(judge_value=False, human_value=False)),
        )
        .order_by("week")
    )
    result = []
    for row in rows:
        if row["week"] is None:
            continue
        counts = ConfusionCounts(
            judge_pass_human_pass=row["pass_pass"],
            judge_pass_human_fail=row["pass_fail"],
            judge_fail_human_pass=row["fail_pass"],
            judge_fail_human_fail=row["fail_fail"],
        )
        result.append(
            AgreementRow(
                week=_as_date(row["week"]),
                reviews=counts.n,
                agreed=counts.agreements,
                kappa=cohens_kappa(counts).value,
            )
        )
    return result


def weakest_agents(counted: QuerySet[SummaryEvaluation], rank: str = "score") -> list[WeakRow]:
    """Agents by their evaluations' mean scores, and by the share of evaluations with a failing
    item (one query)."""
    external_id = f"{CONVERSATION}agent__external_id"
    rows = (
        counted.values(external_id, f"{CONVERSATION}agent__display_name")
        .annotate(
            **_stat_aggregates(),
            failing=Count("pk", filter=Q(failing_points__gt=0)),
            failing_points_total=Sum("failing_points"),
        )
        .order_by(external_id)
    )
    weak = [
        WeakRow(
            key=r[external_id] or NO_AGENT,
            label=_group_label(r, "agent"),
            evaluations=r["evaluations"],
            stats=_stats(r),
            items=r["evaluations"],
            failing=r["failing"],
        )
        for r in rows
    ]
    return _ranked(weak, rank)


def weakest_sections(counted: QuerySet[SummaryEvaluation], rank: str = "score") -> list[WeakRow]:
    """Sections by their section scores, and by the share of their verdict items that failed:
    the section scores in one query, the verdict items of the five kinds in one UNION ALL."""
    ids = counted.values("pk")
    score_rows = (
        SectionScore.objects.filter(evaluation__in=ids)
        .values("section")
        .annotate(**_stat_aggregates(dimensions=SECTION_DIMENSIONS))
        .order_by("section")
    )
    item_queries = [
        model.objects.filter(**{f"{evaluation}__in": ids})
        .values(section_key=F(section))
        .annotate(items=Count("pk"), failing=Count("pk", filter=Q(**{passed: False})))
        .order_by()
        for model, section, passed, evaluation in VERDICT_TABLES
    ]
    items: dict[str, list[int]] = {}
    for row in item_queries[0].union(*item_queries[1:], all=True):
        totals = items.setdefault(row["section_key"] or "", [0, 0])
        totals[0] += row["items"]
        totals[1] += row["failing"]
    scores = {r["section"]: r for r in score_rows}
    names = section_names(set(scores) | {k for k in items if k})
    weak = []
    for key in sorted(set(scores) | {k for k in items if k}):
        row = scores.get(key)
        counts = items.get(key, [0, 0])
        weak.append(
            WeakRow(
                key=key,
                label=names.get(key, key),
                evaluations=row["evaluations"] if row else 0,
                stats=_stats(row, SECTION_DIMENSIONS) if row else {},
                items=counts[0],
                failing=counts[1],
            )
        )
    return _ranked(weak, rank)


def change_markers(filters: DashboardFilters, uses: list[ConfigUse]) -> list[Marker]:
    """Where something changed, at the week of the first conversation it touched: a judge
    configuration other than the first, a summarizer other than the first, a section
    definition's version after the first (over every summary, judged or not)."""
    markers: list[Marker] = []
    firsts = sorted((u for u in uses if u.first_started), key=lambda u: u.first_started)  # type: ignore[arg-type,return-value]
    for use in firsts[1:]:
        assert use.first_started is not None
        markers.append(Marker(week_of(use.first_started), "judge", use.version.label))
    generators = (
        Summary.objects.filter(_conversation_q(filters, "", generator=False))
        .values("generator")
        .annotate(first=Min("conversation__started_at"))
        .order_by("first", "generator")
    )
    for row in list(generators)[1:]:
        if row["first"] is not None:
            markers.append(Marker(week_of(row["first"]), "summarizer", row["generator"]))
    versions = (
        SummarySection.objects.filter(definition__version__gt=1)
        .filter(_conversation_q(filters, "summary__"))
        .values("definition__key", "definition__name", "definition__version")
        .annotate(first=Min(f"{CONVERSATION}started_at"))
        .order_by("first", "definition__key")
    )
    for row in versions:
        if row["first"] is not None:
            label = (
                f"{row['definition__name'] or row['definition__key']} v{row['definition__version']}"
            )
            markers.append(Marker(week_of(row["first"]), "section", label))
    return sorted(markers, key=lambda m: (m.week, m.kind, m.label))
