"""The dashboard's rollup (`DashboardFact`, `DashboardSectionFact`): written from the rows.

One function computes the facts of a set of summaries from the evaluation, review, section-score
and verdict tables; the code paths that change what counts call it in their own transaction
(`verdict_write` for the summary it judged), and the rebuild calls it over every summary. So the
incremental path and the rebuild cannot disagree, and the rollup equals the aggregation from the
rows (tests/evaluations/test_dashboard_rollup.py compares them).

What counts, per summary and judge configuration: its latest succeeded evaluation under that
configuration (the newest run's), as `evaluations.dashboard_rows.counted_evaluations` says.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from django.db import connection, transaction
from django.db.models import Count, F, Min, Q, Sum

from evaluations.dashboard_rows import VERDICT_TABLES, week_of
from evaluations.models import (
    DASHBOARD_DAY_KEY,
    HISTOGRAM_BINS,
    HISTOGRAM_DIMENSIONS,
    DashboardDay,
    DashboardFact,
    DashboardSectionDay,
    DashboardSectionFact,
    SectionScore,
    SummaryEvaluation,
    VerdictReview,
)
from summaries.models import SummarySection

SUCCEEDED = SummaryEvaluation.Status.SUCCEEDED
CONFIG = ("judge", "model", "prompt_version")
REBUILD_CHUNK = 5000  # summaries per round of the rebuild
_FILTER_COLUMNS = (
    "judge",
    "model",
    "prompt_version",
    "started_at",
    "day",
    "week",
    "queue",
    "channel",
    "agent_id",
    "generator",
)
_SECTION_DIMENSIONS = ("accuracy", "adherence", "completeness")
_REVIEW_PAIRS = ("pass_pass", "pass_fail", "fail_pass", "fail_fail")


def _is_na(row: dict[str, Any], dimension: str) -> bool:
    """N/A is a null score with a reason; a null without one is a dimension not asked for."""
    return row[dimension] is None and row[f"{dimension}_na_reason"] != ""


def _facts_build(scope: Q) -> tuple[list[DashboardFact], list[DashboardSectionFact]]:
    """The facts of the summaries in `scope` (a Q on `summary_id`), from the rows.

    1. Per (summary, configuration), the latest succeeded evaluation (the newest run's) and how
       many succeeded evaluations it has.
    2. The analysts' reviews of those evaluations, as four confusion counts each.
    3. Their section scores, and their verdict items per section (five kinds, UNION ALL).
    """
    succeeded = SummaryEvaluation.objects.filter(scope, status=SUCCEEDED)
    conversation = "summary__conversation__"
    # Newest run first within each (summary, configuration); the first row of each is counted
    # (DISTINCT ON would say it in SQL, but the demo's SQLite has none).
    rows = succeeded.order_by("summary_id", *CONFIG, "-run_id").values(
        "pk",
        "summary_id",
        *CONFIG,
        "accuracy",
        "accuracy_na_reason",
        "adherence",
        "adherence_na_reason",
        "completeness",
        "completeness_na_reason",
        "summarization",
        "failing_points",
        conversation_started=F(f"{conversation}started_at"),
        queue=F(f"{conversation}queue"),
        channel=F(f"{conversation}channel"),
        agent=F(f"{conversation}agent_id"),
        generator=F("summary__generator"),
    )
    counted: list[dict[str, Any]] = []
    for row in rows:
        if counted and all(counted[-1][c] == row[c] for c in ("summary_id", *CONFIG)):
            continue
        counted.append(row)
    if not counted:
        return [], []
    uses = {
        (r["summary_id"], r["judge"], r["model"], r["prompt_version"]): r["evaluations"]
        for r in succeeded.values("summary_id", *CONFIG).annotate(evaluations=Count("pk"))
    }
    ids = [row["pk"] for row in counted]
    reviews = {
        r["evaluation_id"]: r
        for r in VerdictReview.objects.filter(evaluation_id__in=ids)
        .values("evaluation_id")
        .annotate(
            pass_pass=Count("pk", filter=Q(judge_value=True, human_value=True)),
            pass_fail=Count("pk", filter=Q(judge_value=True, human_value=False)),
            fail_pass=Count("pk", filter=Q(judge_value=False, human_value=True)),
            fail_fail=Count("pk", filter=Q(judge_value=False, human_value=False)),
        )
        .order_by()
    }
    facts: list[DashboardFact] = []
    by_evaluation: dict[int, DashboardFact] = {}
    for row in counted:
        review = reviews.get(row["pk"], {})
        started = row["conversation_started"]
        fact = DashboardFact(
            summary_id=row["summary_id"],
            evaluation_id=row["pk"],
            judge=row["judge"],
            model=row["model"],
            prompt_version=row["prompt_version"],
            evaluations=uses[
                (row["summary_id"], row["judge"], row["model"], row["prompt_version"])
            ],
            started_at=started,
            day=started.astimezone(dt.UTC).date() if started else None,
            week=week_of(started) if started else None,
            queue=row["queue"],
            channel=row["channel"],
            agent_id=row["agent"],
            generator=row["generator"],
            accuracy=row["accuracy"],
            accuracy_na=_is_na(row, "accuracy"),
            adherence=row["adherence"],
            adherence_na=_is_na(row, "adherence"),
            completeness=row["completeness"],
            completeness_na=_is_na(row, "completeness"),
            summarization=row["summarization"],
            failing_points=row["failing_points"],
            reviews_pass_pass=review.get("pass_pass", 0),
            reviews_pass_fail=review.get("pass_fail", 0),
            reviews_fail_pass=review.get("fail_pass", 0),
            reviews_fail_fail=review.get("fail_fail", 0),
        )
        facts.append(fact)
        by_evaluation[row["pk"]] = fact

    sections: dict[tuple[int, str], DashboardSectionFact] = {}

    def section_fact(evaluation_id: int, key: str) -> DashboardSectionFact:
        found = sections.get((evaluation_id, key))
        if found is None:
            fact = by_evaluation[evaluation_id]
            found = DashboardSectionFact(
                fact=fact,
                section=key,
                **{column: getattr(fact, column) for column in _FILTER_COLUMNS},
            )
            sections[(evaluation_id, key)] = found
        return found

    # Every section of the summaries, with its definition's version (for the markers), even
    # one the judge did not score.
    facts_by_summary: dict[int, list[DashboardFact]] = {}
    for fact in facts:
        facts_by_summary.setdefault(fact.summary_id, []).append(fact)
    for row in SummarySection.objects.filter(summary_id__in=facts_by_summary).values(
        "summary_id", "definition__key", "definition__version"
    ):
        for fact in facts_by_summary[row["summary_id"]]:
            target = section_fact(fact.evaluation_id, row["definition__key"])
            target.version = row["definition__version"]
    score_columns = [c for d in _SECTION_DIMENSIONS for c in (d, f"{d}_na_reason")]
    for row in SectionScore.objects.filter(evaluation_id__in=ids).values(
        "evaluation_id", "section", *score_columns
    ):
        target = section_fact(row["evaluation_id"], row["section"])
        target.is_scored = True
        for dimension in _SECTION_DIMENSIONS:
            setattr(target, dimension, row[dimension])
            setattr(target, f"{dimension}_na", _is_na(row, dimension))
    item_queries = [
        model.objects.filter(**{f"{evaluation}__in": ids})
        .values(evaluation_key=F(evaluation), section_key=F(section))
        .annotate(items=Count("pk"), failing=Count("pk", filter=Q(**{passed: False})))
        .order_by()
        for model, section, passed, evaluation in VERDICT_TABLES
    ]
    for row in item_queries[0].union(*item_queries[1:], all=True):
        target = section_fact(row["evaluation_key"], row["section_key"] or "")
        target.items += row["items"]
        target.failing += row["failing"]
    return facts, list(sections.values())


DayKey = tuple[Any, ...]


def _day_keys(facts: Iterable[DashboardFact]) -> set[DayKey]:
    return {tuple(getattr(fact, column) for column in DASHBOARD_DAY_KEY) for fact in facts}


def _key_q(keys: Iterable[DayKey]) -> Q:
    q = Q(pk__in=[])
    for key in keys:
        q |= Q(**dict(zip(DASHBOARD_DAY_KEY, key, strict=True)))
    return q


def _sum(column: str) -> Any:
    return Sum(column, default=0)


def _days_build(q: Q) -> tuple[list[DashboardDay], list[DashboardSectionDay]]:
    """The day rollup rows of the facts in `q`, summed in SQL (two GROUP BY queries)."""
    aggregates: dict[str, Any] = {
        "facts": Count("pk"),
        "evaluations": _sum("evaluations"),
        "first_started": Min("started_at"),
        "summarization_sum": _sum("summarization"),
        "summarization_scored": Count("summarization"),
        **{f"reviews_{pair}": _sum(f"reviews_{pair}") for pair in _REVIEW_PAIRS},
    }
    for dimension in _SECTION_DIMENSIONS:
        aggregates[f"{dimension}_sum"] = _sum(dimension)
        aggregates[f"{dimension}_scored"] = Count(dimension)
        aggregates[f"{dimension}_na"] = Count("pk", filter=Q(**{f"{dimension}_na": True}))
    for dimension in HISTOGRAM_DIMENSIONS:
        for index in range(HISTOGRAM_BINS):
            band = Q(**{f"{dimension}__gte": index / HISTOGRAM_BINS})
            if index < HISTOGRAM_BINS - 1:  # the last bin includes 1.0
                band &= Q(**{f"{dimension}__lt": (index + 1) / HISTOGRAM_BINS})
            aggregates[f"{dimension}_bin{index}"] = Count("pk", filter=band)
    days = [
        DashboardDay(week=week_of(row["day"]) if row["day"] else None, **row)
        for row in DashboardFact.objects.filter(q)
        .values(*DASHBOARD_DAY_KEY)
        .annotate(**aggregates)
        .order_by()
    ]
    section_aggregates: dict[str, Any] = {
        "scored": Count("pk", filter=Q(is_scored=True)),
        "items": _sum("items"),
        "failing": _sum("failing"),
    }
    for dimension in _SECTION_DIMENSIONS:
        section_aggregates[f"{dimension}_sum"] = _sum(dimension)
        section_aggregates[f"{dimension}_scored"] = Count(dimension)
        section_aggregates[f"{dimension}_na"] = Count("pk", filter=Q(**{f"{dimension}_na": True}))
    sections = [
        DashboardSectionDay(week=week_of(row["day"]) if row["day"] else None, **row)
        for row in DashboardSectionFact.objects.filter(q)
        .values(*DASHBOARD_DAY_KEY, "section", "version")
        .annotate(**section_aggregates)
        .order_by()
    ]
    return days, sections


def _days_refresh(keys: set[DayKey]) -> None:
    """Recompute the day rollup rows of `keys` from the facts. Each key's advisory lock, taken
    in one order, makes two transactions that changed facts of the same key take turns: the
    second recomputes after the first has committed, so it sees both changes."""
    if not keys:
        return
    if connection.vendor == "postgresql":  # SQLite (the demo's) lets one writer in at a time
        with connection.cursor() as cursor:
            for name in sorted(f"dashboard-day {key!r}" for key in keys):
                cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [name])
    q = _key_q(keys)
    days, sections = _days_build(q)
    DashboardSectionDay.objects.filter(q).delete()
    DashboardDay.objects.filter(q).delete()
    DashboardDay.objects.bulk_create(days, batch_size=2000)
    DashboardSectionDay.objects.bulk_create(sections, batch_size=2000)


def _facts_store(scope: Q, *, days: bool = True) -> int:
    """Replace the facts of the summaries in `scope` with ones computed from the rows, and the
    day rollup rows they were and are in (unless `days` is False: the rebuild does those once)."""
    facts, sections = _facts_build(scope)
    stale = DashboardFact.objects.filter(scope)
    keys = _day_keys(stale.only(*DASHBOARD_DAY_KEY)) if days else set()
    stale.delete()
    DashboardFact.objects.bulk_create(facts, batch_size=2000)
    DashboardSectionFact.objects.bulk_create(sections, batch_size=2000)
    if days:
        _days_refresh(keys | _day_keys(facts))
    return len(facts)


def dashboard_rollup_refresh(*, summary_ids: Iterable[int]) -> int:
    """Recompute the facts of these summaries (every configuration) from the rows; call it in the
    transaction that changed their evaluations, after the change. Returns the facts written."""
    ids = sorted(set(summary_ids))
    if not ids:
        return 0
    with transaction.atomic():
        return _facts_store(Q(summary_id__in=ids))


def dashboard_rollup_reviews_refresh(*, evaluation_id: int) -> None:
    """Recount the reviews of one evaluation on its fact, if it counts (an older run's evaluation
    has none). The fact's row lock makes two reviewers saving at once take turns, so neither
    count misses the other's review."""
    with transaction.atomic():
        fact = DashboardFact.objects.select_for_update().filter(evaluation_id=evaluation_id)
        locked = fact.first()
        if locked is None:
            return
        counts = VerdictReview.objects.filter(evaluation_id=evaluation_id).aggregate(
            reviews_pass_pass=Count("pk", filter=Q(judge_value=True, human_value=True)),
            reviews_pass_fail=Count("pk", filter=Q(judge_value=True, human_value=False)),
            reviews_fail_pass=Count("pk", filter=Q(judge_value=False, human_value=True)),
            reviews_fail_fail=Count("pk", filter=Q(judge_value=False, human_value=False)),
        )
        fact.update(**counts)
        _days_refresh(_day_keys([locked]))


def dashboard_rollup_rebuild(*, chunk: int = REBUILD_CHUNK) -> int:
    """Empty the rollup and compute it again from the rows, `chunk` summaries at a time, in one
    transaction (the page sees the old rollup until it commits). Returns the facts written."""
    written = 0
    with transaction.atomic():
        with connection.cursor() as cursor:
            # DELETE, not TRUNCATE: TRUNCATE refuses while deferred foreign-key checks are
            # pending in the transaction, as they are after rows were written in it.
            for model in (DashboardSectionDay, DashboardDay, DashboardSectionFact, DashboardFact):
                cursor.execute(f"DELETE FROM {model._meta.db_table}")
        summary_ids = list(
            SummaryEvaluation.objects.filter(status=SUCCEEDED)
            .order_by("summary_id")
            .values_list("summary_id", flat=True)
            .distinct()
        )
        batch: list[int] = []
        for summary_id in summary_ids:
            batch.append(summary_id)
            if len(batch) == chunk:
                scope = Q(summary_id__gte=batch[0], summary_id__lte=batch[-1])
                written += _facts_store(scope, days=False)
                batch = []
        if batch:
            scope = Q(summary_id__gte=batch[0], summary_id__lte=batch[-1])
            written += _facts_store(scope, days=False)
        days, sections = _days_build(Q())
        DashboardDay.objects.bulk_create(days, batch_size=2000)
        DashboardSectionDay.objects.bulk_create(sections, batch_size=2000)
    with connection.cursor() as cursor:
        # The planner's row estimates for the fresh tables (autovacuum would, later).
        for model in (DashboardFact, DashboardSectionFact, DashboardDay, DashboardSectionDay):
            cursor.execute(f"ANALYZE {model._meta.db_table}")
    return written
