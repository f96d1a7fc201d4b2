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

from collections.abc import Iterable
from typing import Any

from django.db import connection, transaction
from django.db.models import Count, F, Q

from evaluations.dashboard_rows import VERDICT_TABLES, week_of
from evaluations.models import (
    DashboardFact,
    DashboardSectionFact,
    SectionScore,
    SummaryEvaluation,
    VerdictReview,
)

SUCCEEDED = SummaryEvaluation.Status.SUCCEEDED
CONFIG = ("judge", "model", "prompt_version")
REBUILD_CHUNK = 5000  # summaries per round of the rebuild
_FILTER_COLUMNS = (
    "judge",
    "model",
    "prompt_version",
    "started_at",
    "week",
    "queue",
    "channel",
    "agent_id",
    "generator",
)
_SECTION_DIMENSIONS = ("accuracy", "adherence", "completeness")


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


def _facts_store(scope: Q) -> int:
    """Replace the facts of the summaries in `scope` with ones computed from the rows."""
    facts, sections = _facts_build(scope)
    DashboardFact.objects.filter(scope).delete()
    DashboardFact.objects.bulk_create(facts, batch_size=2000)
    DashboardSectionFact.objects.bulk_create(sections, batch_size=2000)
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
        if not fact.exists():
            return
        counts = VerdictReview.objects.filter(evaluation_id=evaluation_id).aggregate(
            reviews_pass_pass=Count("pk", filter=Q(judge_value=True, human_value=True)),
            reviews_pass_fail=Count("pk", filter=Q(judge_value=True, human_value=False)),
            reviews_fail_pass=Count("pk", filter=Q(judge_value=False, human_value=True)),
            reviews_fail_fail=Count("pk", filter=Q(judge_value=False, human_value=False)),
        )
        fact.update(**counts)


def dashboard_rollup_rebuild(*, chunk: int = REBUILD_CHUNK) -> int:
    """Empty the rollup and compute it again from the rows, `chunk` summaries at a time, in one
    transaction (the page sees the old rollup until it commits). Returns the facts written."""
    written = 0
    with transaction.atomic():
        with connection.cursor() as cursor:
            # DELETE, not TRUNCATE: TRUNCATE refuses while deferred foreign-key checks are
            # pending in the transaction, as they are after rows were written in it.
            cursor.execute(f"DELETE FROM {DashboardSectionFact._meta.db_table}")
            cursor.execute(f"DELETE FROM {DashboardFact._meta.db_table}")
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
                written += _facts_store(Q(summary_id__gte=batch[0], summary_id__lte=batch[-1]))
                batch = []
        if batch:
            written += _facts_store(Q(summary_id__gte=batch[0], summary_id__lte=batch[-1]))
    with connection.cursor() as cursor:
        # The planner's row estimates for the fresh tables (autovacuum would, later).
        cursor.execute(f"ANALYZE {DashboardFact._meta.db_table}")
        cursor.execute(f"ANALYZE {DashboardSectionFact._meta.db_table}")
    return written
