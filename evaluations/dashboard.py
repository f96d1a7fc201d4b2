"""The managers' dashboard (reads only): weekly aggregates of the judged summaries, in SQL.

Which evaluations count: for each summary, its latest succeeded evaluation under one judge
configuration (judge, model and prompt version; by default the one that judged the most
conversations in the period). "Latest" is the newest run's, as the queue's `is_latest` is, but
within the configuration: a summary judged by three runs of it counts once, and a summary judged
only by another configuration does not count at all. One configuration at a time, because two
judges' scores are not on the same scale.

Every chart and table is one aggregate query over the rollup (`DashboardFact`: per summary and
configuration, the evaluation that counts, with its conversation's week, queue, agent, channel
and summarizer copied beside its scores and review counts; `DashboardSectionFact`: its sections),
never a Python loop over evaluation rows; Python only shapes the grouped rows into
`evaluations.charts` rows. The rollup is written by `evaluations.services.dashboard_rollup`, and
`evaluations.dashboard_rows` computes the same aggregates straight from the rows, the reference
the tests hold the rollup to. The markers are three small queries (judge configurations,
summarizers, section versions: when each first appears).

Why one long module: it is one idea, the dashboard's aggregation; every query starts from the
same counted evaluations and the same filters, which are read with them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass, fields, replace
from typing import Any

from django.db.models import Avg, Count, Min, Q, QuerySet, Sum
from django.http import QueryDict

from evaluations import charts
from evaluations.calibration import ConfusionCounts, cohens_kappa
from evaluations.calibration_selectors import JudgeVersion, section_names
from evaluations.charts import (
    DIMENSIONS,
    HISTOGRAM_BINS,
    SECTION_DIMENSIONS,
    AgreementRow,
    Chart,
    DimensionStat,
    Histogram,
    Marker,
    TrendRow,
)
from evaluations.models import (
    DashboardDay,
    DashboardFact,
    DashboardSectionDay,
    DashboardSectionFact,
    SummaryEvaluation,
)
from evaluations.queue import NO_AGENT, QueueFilters
from summaries.models import SectionDefinition

SUCCEEDED = SummaryEvaluation.Status.SUCCEEDED
CONVERSATION = "summary__conversation__"
BREAKDOWNS = {"queue": "Queue", "agent": "Agent", "section": "Section"}
RANKS = {"score": "Lowest score first", "failing": "Highest failing-item rate first"}
WEAKEST_LIMIT = 10
NO_AGENT_LABEL = "No agent (bot only)"


@dataclass(frozen=True)
class DashboardFilters:
    """What the dashboard shows, as the URL says it. The conversation filters use the queue's
    parameter names, so a drill-down link carries them over unchanged."""

    date_from: dt.date | None = None
    date_to: dt.date | None = None
    queue: str = ""
    agent: str = ""  # an agent's external id, or NO_AGENT
    channel: str = ""
    generator: str = ""  # the summarizer
    config: str = ""  # a JudgeVersion token; blank: the most used in the period
    breakdown: str = "queue"
    rank: str = "score"

    def query(self, **changes: Any) -> str:
        """These filters (with `changes`) as a URL query string, defaults left out."""
        filters = replace(self, **changes)
        params = QueryDict(mutable=True)
        defaults = DashboardFilters()
        for f in fields(filters):
            value = getattr(filters, f.name)
            if value == getattr(defaults, f.name) or value is None:
                continue
            params[f.name] = value.isoformat() if isinstance(value, dt.date) else str(value)
        return params.urlencode()

    def queue_filters(self, **changes: Any) -> QueueFilters:
        """The queue's filters for the same conversations and the same evaluations: every
        conversation filter, the summarizer, and the judge configuration (pass the one shown
        when the URL left it to the default)."""
        values: dict[str, Any] = {
            "date_from": self.date_from,
            "date_to": self.date_to,
            "queue": self.queue,
            "agent": self.agent,
            "channel": self.channel,
            "generator": self.generator,
            "config": self.config,
        }
        return QueueFilters(**(values | changes))

    @property
    def is_filtered(self) -> bool:
        return any(
            getattr(self, name) not in ("", None)
            for name in ("date_from", "date_to", "queue", "agent", "channel", "generator")
        )


def _day_start(day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day, dt.time.min, tzinfo=dt.UTC)


def week_of(moment: dt.datetime | dt.date) -> dt.date:
    """The Monday of `moment`'s week (UTC), as TruncWeek gives it."""
    if isinstance(moment, dt.datetime):
        moment = moment.astimezone(dt.UTC).date()
    return moment - dt.timedelta(days=moment.weekday())


def _conversation_q(filters: DashboardFilters, prefix: str, *, generator: bool = True) -> Q:
    """The conversation (and summarizer) filters, on rows reached through `prefix`."""
    q = Q()
    conversation = f"{prefix}conversation__"
    if filters.date_from:
        q &= Q(**{f"{conversation}started_at__gte": _day_start(filters.date_from)})
    if filters.date_to:
        end = _day_start(filters.date_to + dt.timedelta(days=1))
        q &= Q(**{f"{conversation}started_at__lt": end})
    if filters.queue:
        q &= Q(**{f"{conversation}queue": filters.queue})
    if filters.agent == NO_AGENT:
        q &= Q(**{f"{conversation}agent__isnull": True})
    elif filters.agent:
        q &= Q(**{f"{conversation}agent__external_id": filters.agent})
    if filters.channel:
        q &= Q(**{f"{conversation}channel": filters.channel})
    if generator and filters.generator:
        q &= Q(**{f"{prefix}generator": filters.generator})
    return q


# --- Judge configurations --------------------------------------------------------------------


@dataclass(frozen=True)
class ConfigUse:
    version: JudgeVersion
    evaluations: int
    first_started: dt.datetime | None


def _fact_q(filters: DashboardFilters, *, generator: bool = True) -> Q:
    """The conversation (and summarizer) filters, on the rollup's copied columns."""
    q = Q()
    if filters.date_from:
        q &= Q(started_at__gte=_day_start(filters.date_from))
    if filters.date_to:
        q &= Q(started_at__lt=_day_start(filters.date_to + dt.timedelta(days=1)))
    if filters.queue:
        q &= Q(queue=filters.queue)
    if filters.agent == NO_AGENT:
        q &= Q(agent__isnull=True)
    elif filters.agent:
        q &= Q(agent__external_id=filters.agent)
    if filters.channel:
        q &= Q(channel=filters.channel)
    if generator and filters.generator:
        q &= Q(generator=filters.generator)
    return q


def _day_q(filters: DashboardFilters, *, generator: bool = True) -> Q:
    """The same filters on the day rollup, which has every column but the agent's."""
    q = Q()
    if filters.date_from:
        q &= Q(day__gte=filters.date_from)
    if filters.date_to:
        q &= Q(day__lte=filters.date_to)
    if filters.queue:
        q &= Q(queue=filters.queue)
    if filters.channel:
        q &= Q(channel=filters.channel)
    if generator and filters.generator:
        q &= Q(generator=filters.generator)
    return q


def config_uses(filters: DashboardFilters) -> list[ConfigUse]:
    """Every judge configuration that judged the filtered conversations, most evaluations first,
    with the first conversation it judged (one query; the judge-change markers read it too)."""
    if filters.agent:
        uses: QuerySet[Any] = DashboardFact.objects.filter(_fact_q(filters))
        first = Min("started_at")
    else:
        uses = DashboardDay.objects.filter(_day_q(filters))
        first = Min("first_started")
    rows = (
        uses.values("judge", "model", "prompt_version")
        .annotate(evaluations=Sum("evaluations"), first=first)
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


def config_chosen(filters: DashboardFilters, uses: list[ConfigUse]) -> JudgeVersion | None:
    """The configuration asked for in the URL, else the most used one in the period."""
    asked = JudgeVersion.from_token(filters.config) if filters.config else None
    if asked is not None:
        return asked
    return uses[0].version if uses else None


# --- Aggregates ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Counted:
    """The counted evaluations of the filtered conversations under one configuration, as rollup
    rows: one fact per summary, and its sections."""

    facts: QuerySet[DashboardFact]
    sections: QuerySet[DashboardSectionFact]
    # The day rollup of the same rows; None when an agent is chosen (no agent column there, and
    # one agent's facts are few).
    days: QuerySet[DashboardDay] | None = None
    section_days: QuerySet[DashboardSectionDay] | None = None


def counted_facts(filters: DashboardFilters, version: JudgeVersion | None) -> Counted:
    """Per summary, its latest succeeded evaluation under `version`, for the filtered
    conversations: the rows every chart aggregates (none without a version)."""
    if version is None:
        return Counted(DashboardFact.objects.none(), DashboardSectionFact.objects.none())
    config = {
        "judge": version.judge,
        "model": version.model,
        "prompt_version": version.prompt_version,
    }
    q = _fact_q(filters)
    facts = DashboardFact.objects.filter(q, **config)
    sections = DashboardSectionFact.objects.filter(q, **config)
    if filters.agent:
        return Counted(facts, sections)
    day_q = _day_q(filters)
    return Counted(
        facts,
        sections,
        DashboardDay.objects.filter(day_q, **config),
        DashboardSectionDay.objects.filter(day_q, **config),
    )


def counted_evaluations(
    filters: DashboardFilters, version: JudgeVersion
) -> QuerySet[SummaryEvaluation]:
    """The evaluations behind the counted facts (the CSV's rows)."""
    facts = counted_facts(filters, version).facts
    return SummaryEvaluation.objects.filter(pk__in=facts.values("evaluation_id"))


def _stats(row: dict, dimensions: tuple[str, ...] = DIMENSIONS) -> dict[str, DimensionStat]:
    return {
        d: DimensionStat(
            mean=row[f"{d}_mean"], scored=row[f"{d}_scored"], na=row.get(f"{d}_na") or 0
        )
        for d in dimensions
    }


def _as_date(value: dt.datetime | dt.date) -> dt.date:
    return value.date() if isinstance(value, dt.datetime) else value


def _group_label(row: dict, by: str) -> str:
    if by == "agent":
        external_id = row["agent__external_id"]
        if external_id is None:
            return NO_AGENT_LABEL
        return str(row["agent__display_name"] or external_id)
    return str(row["queue"] or "(no queue)")


def _fact_aggregates(dimensions: tuple[str, ...] = DIMENSIONS) -> dict[str, Any]:
    """Mean (N/A excluded), scored count and N/A count per dimension, over facts or section
    facts. A null score is N/A when its flag says so, else a dimension not asked for, counted in
    neither. The summarization score has no N/A."""
    aggregates: dict[str, Any] = {"evaluations": Count("pk")}
    for dimension in dimensions:
        aggregates[f"{dimension}_mean"] = Avg(dimension)
        aggregates[f"{dimension}_scored"] = Count(dimension)
        if dimension != "summarization":
            aggregates[f"{dimension}_na"] = Count("pk", filter=Q(**{f"{dimension}_na": True}))
    return aggregates


def _day_aggregates(dimensions: tuple[str, ...] = DIMENSIONS, count: str = "facts") -> dict:
    """The same numbers from the day rollup: sums, scored and N/A counts, summed."""
    aggregates: dict[str, Any] = {"evaluations": Sum(count)}
    for dimension in dimensions:
        aggregates[f"{dimension}_sum"] = Sum(f"{dimension}_sum")
        aggregates[f"{dimension}_scored"] = Sum(f"{dimension}_scored")
        if dimension != "summarization":
            aggregates[f"{dimension}_na"] = Sum(f"{dimension}_na")
    return aggregates


def _day_stats(row: dict, dimensions: tuple[str, ...] = DIMENSIONS) -> dict[str, DimensionStat]:
    stats = {}
    for dimension in dimensions:
        scored = row[f"{dimension}_scored"] or 0
        stats[dimension] = DimensionStat(
            mean=row[f"{dimension}_sum"] / scored if scored else None,
            scored=scored,
            na=row.get(f"{dimension}_na") or 0,
        )
    return stats


def weekly_trend(counted: Counted) -> list[TrendRow]:
    if counted.days is not None:
        days = counted.days.values("week").annotate(**_day_aggregates()).order_by("week")
        return [
            TrendRow(week=r["week"], evaluations=r["evaluations"], stats=_day_stats(r))
            for r in days
            if r["week"] is not None
        ]
    rows = counted.facts.values("week").annotate(**_fact_aggregates()).order_by("week")
    return [
        TrendRow(week=r["week"], evaluations=r["evaluations"], stats=_stats(r))
        for r in rows
        if r["week"] is not None
    ]


def weekly_breakdown(counted: Counted, by: str) -> list[TrendRow]:
    """The weekly trend per queue, per agent or per section (one query)."""
    if by == "section":
        if counted.section_days is not None:
            rows: QuerySet[Any, dict[str, Any]] = (
                counted.section_days.filter(scored__gt=0)
                .values("week", "section")
                .annotate(**_day_aggregates(SECTION_DIMENSIONS, count="scored"))
                .order_by("section", "week")
            )
            stats = _day_stats
        else:
            rows = (
                counted.sections.filter(is_scored=True)
                .values("week", "section")
                .annotate(**_fact_aggregates(SECTION_DIMENSIONS))
                .order_by("section", "week")
            )
            stats = _stats
        names = section_names({r["section"] for r in rows})
        return [
            TrendRow(
                week=r["week"],
                evaluations=r["evaluations"],
                stats=stats(r, SECTION_DIMENSIONS),
                group=names.get(r["section"], r["section"]),
            )
            for r in rows
            if r["week"] is not None
        ]
    if by == "queue" and counted.days is not None:
        return [
            TrendRow(
                week=r["week"],
                evaluations=r["evaluations"],
                stats=_day_stats(r),
                group=_group_label(r, by),
            )
            for r in counted.days.values("week", "queue")
            .annotate(**_day_aggregates())
            .order_by("queue", "week")
            if r["week"] is not None
        ]
    if by == "agent":
        group_fields: tuple[str, ...] = ("agent__external_id", "agent__display_name")
    else:
        group_fields = ("queue",)
    grouped = (
        counted.facts.values("week", *group_fields)
        .annotate(**_fact_aggregates())
        .order_by(*group_fields, "week")
    )
    return [
        TrendRow(
            week=r["week"],
            evaluations=r["evaluations"],
            stats=_stats(r),
            group=_group_label(r, by),
        )
        for r in grouped
        if r["week"] is not None
    ]


def score_histograms(counted: Counted) -> list[Histogram]:
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
            aggregates[f"{dimension}_na"] = Count("pk", filter=Q(**{f"{dimension}_na": True}))
    if counted.days is not None:
        # The day rollup keeps each bin's count in a column of its own: sum those.
        day_sums: dict[str, Any] = {
            f"{d}_{i}": Sum(f"{d}_bin{i}") for d in DIMENSIONS for i in range(HISTOGRAM_BINS)
        }
        day_sums |= {f"{d}_na": Sum(f"{d}_na") for d in DIMENSIONS if d != "summarization"}
        totals = counted.days.aggregate(**day_sums)
    else:
        totals = counted.facts.aggregate(**aggregates)
    return [
        Histogram(
            dimension=d,
            counts=tuple(totals[f"{d}_{i}"] or 0 for i in range(HISTOGRAM_BINS)),
            na=totals.get(f"{d}_na") or 0,
        )
        for d in DIMENSIONS
    ]


def weekly_agreement(counted: Counted) -> list[AgreementRow]:
    """Analysts' reviews of the counted evaluations' verdict items, per conversation week: the
    confusion counts summed from the facts, the agreement and Cohen's kappa from them
    (evaluations.calibration)."""
    reviewed = (
        Q(reviews_pass_pass__gt=0)
        | Q(reviews_pass_fail__gt=0)
        | Q(reviews_fail_pass__gt=0)
        | Q(reviews_fail_fail__gt=0)
    )
    source: QuerySet[Any] = counted.days if counted.days is not None else counted.facts
    rows = (
        source.filter(reviewed)
        .values("week")
        .annotate(
            pass_pass=Sum("reviews_pass_pass"),
            pass_fail=Sum("reviews_pass_fail"),
            fail_pass=Sum("reviews_fail_pass"),
            fail_fail=Sum("reviews_fail_fail"),
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
                week=row["week"],
                reviews=counts.n,
                agreed=counts.agreements,
                kappa=cohens_kappa(counts).value,
            )
        )
    return result


# --- Markers ---------------------------------------------------------------------------------


def section_version_names(versions: set[tuple[str, int]]) -> dict[tuple[str, int], str]:
    """The definitions' names of these (key, version) pairs (one small query)."""
    if not versions:
        return {}
    q = Q(pk__in=[])
    for key, version in versions:
        q |= Q(key=key, version=version)
    return {
        (row["key"], row["version"]): row["name"]
        for row in SectionDefinition.objects.filter(q).values("key", "version", "name")
    }


def change_markers(filters: DashboardFilters, uses: list[ConfigUse]) -> list[Marker]:
    """Where something changed, at the week of the first conversation it touched: a judge
    configuration other than the first, a summarizer other than the first (among the judged
    summaries: the rollup's), a section definition's version after the first."""
    markers: list[Marker] = []
    firsts = sorted((u for u in uses if u.first_started), key=lambda u: u.first_started)  # type: ignore[arg-type,return-value]
    for use in firsts[1:]:
        assert use.first_started is not None
        markers.append(Marker(week_of(use.first_started), "judge", use.version.label))
    generators: QuerySet[Any, dict[str, Any]]
    if filters.agent:
        generators = (
            DashboardFact.objects.filter(_fact_q(filters, generator=False))
            .values("generator")
            .annotate(first=Min("started_at"))
            .order_by("first", "generator")
        )
    else:
        generators = (
            DashboardDay.objects.filter(_day_q(filters, generator=False))
            .values("generator")
            .annotate(first=Min("first_started"))
            .order_by("first", "generator")
        )
    for row in list(generators)[1:]:
        if row["first"] is not None:
            markers.append(Marker(week_of(row["first"]), "summarizer", row["generator"]))
    # Section versions, from the judged summaries' sections (under any configuration).
    uses_of_versions: QuerySet[Any]
    if filters.agent:
        uses_of_versions = DashboardSectionFact.objects.filter(_fact_q(filters))
    else:
        uses_of_versions = DashboardSectionDay.objects.filter(_day_q(filters))
    versions = list(
        uses_of_versions.filter(version__gt=1)
        .values("section", "version")
        .annotate(first=Min("day"))
        .order_by("first", "section")
    )
    names = section_version_names({(row["section"], row["version"]) for row in versions})
    for row in versions:
        if row["first"] is not None:
            name = names.get((row["section"], row["version"])) or row["section"]
            markers.append(Marker(week_of(row["first"]), "section", f"{name} v{row['version']}"))
    return sorted(markers, key=lambda m: (m.week, m.kind, m.label))


# --- The weakest agents and sections -----------------------------------------------------------


@dataclass(frozen=True)
class WeakRow:
    """One agent or section: its evaluations, its mean per dimension, and its failing items."""

    key: str  # the agent's external id (NO_AGENT for none) or the section key
    label: str
    evaluations: int
    stats: dict[str, DimensionStat]
    items: int  # verdict items judged (sections) or evaluations (agents)
    failing: int  # failing items (sections) or evaluations with a failing item (agents)

    @property
    def score(self) -> float | None:
        """The mean of the dimension means it has: one number to rank by."""
        means = [s.mean for s in self.stats.values() if s.mean is not None]
        return sum(means) / len(means) if means else None

    @property
    def failing_rate(self) -> float | None:
        return self.failing / self.items if self.items else None


def _ranked(rows: list[WeakRow], rank: str) -> list[WeakRow]:
    if rank == "failing":
        return sorted(rows, key=lambda r: (-(r.failing_rate or 0), r.score or 0, r.label))
    return sorted(rows, key=lambda r: (r.score if r.score is not None else 2, r.label))


def weakest_agents(counted: Counted, rank: str = "score") -> list[WeakRow]:
    """Agents by their evaluations' mean scores, and by the share of evaluations with a failing
    item (one query)."""
    rows = (
        counted.facts.values("agent__external_id", "agent__display_name")
        .annotate(**_fact_aggregates(), failing=Count("pk", filter=Q(failing_points__gt=0)))
        .order_by("agent__external_id")
    )
    weak = [
        WeakRow(
            key=r["agent__external_id"] or NO_AGENT,
            label=_group_label(r, "agent"),
            evaluations=r["evaluations"],
            stats=_stats(r),
            items=r["evaluations"],
            failing=r["failing"],
        )
        for r in rows
    ]
    return _ranked(weak, rank)


def weakest_sections(counted: Counted, rank: str = "score") -> list[WeakRow]:
    """Sections by their section scores, and by the share of their verdict items that failed
    (one query over the section facts). A section with items but no scores has no means; items
    without a section are in no row."""
    if counted.section_days is not None:
        grouped: QuerySet[Any, dict[str, Any]] = counted.section_days.values("section").annotate(
            **_day_aggregates(SECTION_DIMENSIONS, count="scored"),
            scored_evaluations=Sum("scored"),
            items=Sum("items"),
            failing=Sum("failing"),
        )
        stats = _day_stats
    else:
        grouped = counted.sections.values("section").annotate(
            **_fact_aggregates(SECTION_DIMENSIONS),
            scored_evaluations=Count("pk", filter=Q(is_scored=True)),
            items=Sum("items"),
            failing=Sum("failing"),
        )
        stats = _stats
    # A section with scores, or with verdict items under its key (the sections a summary has but
    # the judge neither scored nor itemised are in the rollup for the markers only).
    rows = [
        r
        for r in grouped.order_by("section")
        if r["scored_evaluations"] or (r["section"] and r["items"])
    ]
    names = section_names({r["section"] for r in rows})
    weak = [
        WeakRow(
            key=r["section"],
            label=names.get(r["section"], r["section"]),
            evaluations=r["scored_evaluations"],
            stats=stats(r, SECTION_DIMENSIONS) if r["scored_evaluations"] else {},
            items=r["items"],
            failing=r["failing"],
        )
        for r in rows
    ]
    return _ranked(weak, rank)


# --- The CSV export ----------------------------------------------------------------------------

EXPORT_COLUMNS = (
    "evaluation_id",
    "run_id",
    "summary_id",
    "conversation",
    "started_at",
    "week",
    "queue",
    "agent",
    "channel",
    "summarizer",
    "judge",
    "model",
    "prompt_version",
    *(c for d in DIMENSIONS for c in (d, f"{d}_na_reason") if c != "summarization_na_reason"),
    "failing_items",
)


def export_evaluation_rows(counted: QuerySet[SummaryEvaluation]) -> Iterator[list[Any]]:
    """The evaluations behind the aggregates, one list per row, streamed from the database."""
    rows = counted.order_by(f"{CONVERSATION}started_at", "pk").values_list(
        "pk",
        "run_id",
        "summary_id",
        f"{CONVERSATION}external_id",
        f"{CONVERSATION}started_at",
        f"{CONVERSATION}queue",
        f"{CONVERSATION}agent__external_id",
        f"{CONVERSATION}channel",
        "summary__generator",
        "judge",
        "model",
        "prompt_version",
        "accuracy",
        "accuracy_na_reason",
        "adherence",
        "adherence_na_reason",
        "completeness",
        "completeness_na_reason",
        "summarization",
        "failing_points",
    )
    for row in rows.iterator(chunk_size=2000):
        started = row[4]
        yield [
            *row[:4],
            started.isoformat() if started else "",
            week_of(started).isoformat() if started else "",
            *row[5:],
        ]


# --- The page ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DashboardReport:
    """Everything the dashboard shows for `filters`."""

    filters: DashboardFilters
    configs: list[ConfigUse]
    version: JudgeVersion | None
    evaluations: int
    overall: dict[str, DimensionStat]
    trend: Chart
    breakdown: Chart
    distribution: Chart
    agreement: Chart
    markers: list[Marker]
    weakest_agents: list[WeakRow]
    weakest_sections: list[WeakRow]

    @property
    def charts(self) -> list[Chart]:
        return [self.trend, self.breakdown, self.distribution, self.agreement]


def dashboard_report(filters: DashboardFilters) -> DashboardReport:
    """The dashboard's numbers and charts: about ten aggregate queries, whatever the period."""
    uses = config_uses(filters)
    version = config_chosen(filters, uses)
    counted = counted_facts(filters, version)
    trend_rows = weekly_trend(counted)
    markers = change_markers(filters, uses)
    dimensions = SECTION_DIMENSIONS if filters.breakdown == "section" else DIMENSIONS
    return DashboardReport(
        filters=filters,
        configs=uses,
        version=version,
        evaluations=sum(r.evaluations for r in trend_rows),
        overall={d: charts.overall(trend_rows, d) for d in DIMENSIONS},
        trend=charts.trend_chart(trend_rows, markers),
        breakdown=charts.breakdown_chart(
            weekly_breakdown(counted, filters.breakdown),
            markers,
            by=filters.breakdown,
            dimensions=dimensions,
        ),
        distribution=charts.histogram_chart(score_histograms(counted)),
        agreement=charts.agreement_chart(weekly_agreement(counted), markers),
        markers=markers,
        weakest_agents=weakest_agents(counted, filters.rank)[:WEAKEST_LIMIT],
        weakest_sections=weakest_sections(counted, filters.rank)[:WEAKEST_LIMIT],
    )


def export_aggregate_rows(filters: DashboardFilters) -> Iterator[list[Any]]:
    """The aggregates the page shows, as CSV rows: the weekly trend ("all"), then the weekly
    breakdown the filters choose, one row per (group, week)."""
    uses = config_uses(filters)
    version = config_chosen(filters, uses)
    if version is None:
        return
    counted = counted_facts(filters, version)
    for scope, rows in (
        ("all", weekly_trend(counted)),
        (filters.breakdown, weekly_breakdown(counted, filters.breakdown)),
    ):
        for row in rows:
            yield [
                scope,
                row.group,
                row.week.isoformat(),
                row.evaluations,
                *(
                    value
                    for d in DIMENSIONS
                    for value in (
                        _rounded(row.stats[d].mean) if d in row.stats else "",
                        row.stats[d].scored if d in row.stats else "",
                        row.stats[d].na if d in row.stats else "",
                    )
                ),
            ]


AGGREGATE_COLUMNS = (
    "breakdown",
    "group",
    "week",
    "evaluations",
    *(f"{d}_{part}" for d in DIMENSIONS for part in ("mean", "scored", "na")),
)


def _rounded(value: float | None) -> str:
    return "" if value is None else f"{value:.4f}"
