"""The dashboard's rollup (`DashboardFact`, `DashboardSectionFact`): written from the rows.

One function computes the facts of a set of summaries from the evaluation, review, section-score
and verdict tables; the code paths that change what counts call it in their own transaction
(`verdict_write` for the summary it judged), and the rebuild calls it over every summary. So the
incremental path and the rebuild cannot disagree, and the rollup equals the aggregation from the
rows (tests/evaluations/test_dashboard_rollup.py compares them).

What counts, per summary and judge configuration: its latest succeeded evaluation under that
configuration (the newest run's), as `evaluations.dashboard_rows.counted_evaluations` says.

The day rows are summed from the facts by two INSERT ... SELECT ... GROUP BY statements written
once per process (`_DAY_SQL`, `_SECTION_DAY_SQL`): the same statements serve a verdict write (the
keys it touched) and the rebuild (every key). Written with the ORM, Django compiled the ~80
aggregates again on every verdict write, which was most of the rollup's cost.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connection, transaction
from django.db.models import Count, F, Q

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


def _quoted(name: str) -> str:
    # PostgreSQL's and SQLite's quoting alike: the two databases the project runs on (migration
    # 0020 refuses any other).
    return f'"{name}"'


def _count_if(condition: str) -> str:
    return f"COUNT(CASE WHEN {condition} THEN 1 END)"


def _column(model: Any, path: str) -> tuple[str, str]:
    """A VERDICT_TABLES path (`section`, or one foreign key away: `rubric__section`) as the
    qualified column of `"row"` (the model's table) or `"via"` (the table it points to), and the
    join that reaches it (empty when none)."""
    if "__" not in path:
        return f'"row".{_quoted(model._meta.get_field(path).column)}', ""
    name, rest = path.split("__")
    key = model._meta.get_field(name)
    target = key.related_model._meta
    join = f' JOIN {_quoted(target.db_table)} AS "via" ON "via"."id" = "row".{_quoted(key.column)}'
    return f'"via".{_quoted(target.get_field(rest).column)}', join


def _items_sql() -> str:
    """Per evaluation (among `{ids}`) and section, the verdict items and the failing ones, one
    GROUP BY per kind, UNION ALL."""
    parts = []
    for model, section, passed, evaluation in VERDICT_TABLES:
        evaluation_column, join = _column(model, evaluation)
        section_column, _ = _column(model, section)
        passed_column = f'"row".{_quoted(passed)}'
        parts.append(
            f"SELECT {evaluation_column}, {section_column}, COUNT(*), "
            f"{_count_if(f'NOT {passed_column}')} "
            f'FROM {_quoted(model._meta.db_table)} AS "row"{join} '
            f"WHERE {evaluation_column} IN ({{ids}}) GROUP BY {evaluation_column}, {section_column}"
        )
    return " UNION ALL ".join(parts)


# The reads of `_facts_build` that the ORM would compile again on every call (the verdict items'
# five GROUP BYs took ~7 ms to compile), written once; `{ids}` is the evaluations' placeholders.
_ITEMS_SQL = _items_sql()
_REVIEWS_SQL = (
    'SELECT "evaluation_id", '
    + ", ".join(
        _count_if(pair)
        for pair in (  # in _REVIEW_PAIRS' order: judge value, human value
            '"judge_value" AND "human_value"',
            '"judge_value" AND NOT "human_value"',
            'NOT "judge_value" AND "human_value"',
            'NOT "judge_value" AND NOT "human_value"',
        )
    )
    + f" FROM {_quoted(VerdictReview._meta.db_table)}"
    + ' WHERE "evaluation_id" IN ({ids}) GROUP BY "evaluation_id"'
)
_SCORE_COLUMNS = [c for d in _SECTION_DIMENSIONS for c in (d, f"{d}_na_reason")]
_SCORES_SQL = (
    f"SELECT {', '.join(map(_quoted, ('evaluation_id', 'section', *_SCORE_COLUMNS)))} "
    f'FROM {_quoted(SectionScore._meta.db_table)} WHERE "evaluation_id" IN ({{ids}})'
)


def _rows(sql: str, ids: Sequence[int]) -> list[tuple[Any, ...]]:
    """Run one of the reads above for these evaluations."""
    with connection.cursor() as cursor:
        cursor.execute(
            sql.replace("{ids}", ", ".join(["%s"] * len(ids))), [*ids] * sql.count("{ids}")
        )
        rows: list[tuple[Any, ...]] = cursor.fetchall()
        return rows


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
    # The succeeded evaluations of each (summary, configuration): every one is among the rows.
    uses: Counter[tuple[Any, ...]] = Counter()
    for row in rows:
        uses[(row["summary_id"], *(row[c] for c in CONFIG))] += 1
        if counted and all(counted[-1][c] == row[c] for c in ("summary_id", *CONFIG)):
            continue
        counted.append(row)
    if not counted:
        return [], []
    ids = [row["pk"] for row in counted]
    reviews = {
        evaluation_id: dict(zip(_REVIEW_PAIRS, counts, strict=True))
        for evaluation_id, *counts in _rows(_REVIEWS_SQL, ids)
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
    for values in _rows(_SCORES_SQL, ids):
        row = dict(zip(("evaluation_id", "section", *_SCORE_COLUMNS), values, strict=True))
        target = section_fact(row["evaluation_id"], row["section"])
        target.is_scored = True
        for dimension in _SECTION_DIMENSIONS:
            setattr(target, dimension, row[dimension])
            setattr(target, f"{dimension}_na", _is_na(row, dimension))
    for evaluation_id, section, items, failing in _rows(_ITEMS_SQL, ids):
        target = section_fact(evaluation_id, section or "")
        target.items += items
        target.failing += failing
    return facts, list(sections.values())


DayKey = tuple[Any, ...]


def _day_keys(facts: Iterable[DashboardFact]) -> set[DayKey]:
    return {tuple(getattr(fact, column) for column in DASHBOARD_DAY_KEY) for fact in facts}


def _sum(column: str) -> str:
    return f"COALESCE(SUM({_quoted(column)}), 0)"


@dataclass(frozen=True)
class _DaySql:
    """One day table's INSERT ... SELECT ... GROUP BY over its fact table, with a `{where}` to
    fill in and the parameters of its SELECT list (the histograms' bin edges)."""

    table: str
    insert: str
    params: tuple[float, ...]

    def statement(self, where: str) -> str:
        return self.insert.replace("{where}", where)


def _day_sql(
    model: type[DashboardDay] | type[DashboardSectionDay],
    fact_model: type[DashboardFact] | type[DashboardSectionFact],
    group_by: Sequence[str],
    aggregates: Sequence[tuple[str, str]],
    params: Sequence[float] = (),
) -> _DaySql:
    """`aggregates`: (the day table's column, its SQL over the fact table). The week is grouped
    by with the day it follows from: every fact of a day has that day's week."""
    columns = [*group_by, "week", *(column for column, _ in aggregates)]
    select = [*(_quoted(c) for c in (*group_by, "week")), *(sql for _, sql in aggregates)]
    group = ", ".join(_quoted(c) for c in (*group_by, "week"))
    insert = (
        f"INSERT INTO {_quoted(model._meta.db_table)} ({', '.join(map(_quoted, columns))}) "
        f"SELECT {', '.join(select)} FROM {_quoted(fact_model._meta.db_table)} "
        f"WHERE {{where}} GROUP BY {group}"
    )
    return _DaySql(model._meta.db_table, insert, tuple(params))


def _score_aggregates() -> list[tuple[str, str]]:
    """A sum and a count per section dimension (a mean is their quotient), and its N/A count."""
    aggregates = []
    for dimension in _SECTION_DIMENSIONS:
        aggregates += [
            (f"{dimension}_sum", _sum(dimension)),
            (f"{dimension}_scored", f"COUNT({_quoted(dimension)})"),
            (f"{dimension}_na", _count_if(_quoted(f"{dimension}_na"))),
        ]
    return aggregates


def _build_day_sql() -> _DaySql:
    aggregates = [
        ("facts", "COUNT(*)"),
        ("evaluations", _sum("evaluations")),
        ("first_started", f"MIN({_quoted('started_at')})"),
        ("summarization_sum", _sum("summarization")),
        ("summarization_scored", f"COUNT({_quoted('summarization')})"),
        *((f"reviews_{pair}", _sum(f"reviews_{pair}")) for pair in _REVIEW_PAIRS),
        *_score_aggregates(),
    ]
    edges: list[float] = []
    for dimension in HISTOGRAM_DIMENSIONS:
        for index in range(HISTOGRAM_BINS):
            band = f"{_quoted(dimension)} >= %s"
            edges.append(index / HISTOGRAM_BINS)
            if index < HISTOGRAM_BINS - 1:  # the last bin includes 1.0
                band += f" AND {_quoted(dimension)} < %s"
                edges.append((index + 1) / HISTOGRAM_BINS)
            aggregates.append((f"{dimension}_bin{index}", _count_if(band)))
    return _day_sql(DashboardDay, DashboardFact, DASHBOARD_DAY_KEY, aggregates, edges)


def _build_section_day_sql() -> _DaySql:
    aggregates = [
        ("scored", _count_if(_quoted("is_scored"))),
        ("items", _sum("items")),
        ("failing", _sum("failing")),
        *_score_aggregates(),
    ]
    return _day_sql(
        DashboardSectionDay,
        DashboardSectionFact,
        (*DASHBOARD_DAY_KEY, "section", "version"),
        aggregates,
    )


_DAY_SQL = _build_day_sql()
_SECTION_DAY_SQL = _build_section_day_sql()


def _keys_where(keys: Iterable[DayKey], *, by_start: bool) -> tuple[str, list[Any]]:
    """A WHERE clause matching the rows of these day rollup keys, and its parameters. With
    `by_start` (the fact tables), each day is also said as its range of `started_at` (a fact's
    day is its start's date in UTC), which their configuration-and-start indexes can find;
    the day column has no index of its own there."""
    ops = connection.ops
    clauses: list[str] = []
    params: list[Any] = []
    for key in keys:
        values = dict(zip(DASHBOARD_DAY_KEY, key, strict=True))
        day = values.pop("day")
        parts = [f"{_quoted(column)} = %s" for column in values]
        params += values.values()
        if day is None:
            parts.append(f"{_quoted('day')} IS NULL")
        else:
            parts.append(f"{_quoted('day')} = %s")
            params.append(ops.adapt_datefield_value(day))
            if by_start:
                start = dt.datetime.combine(day, dt.time.min, tzinfo=dt.UTC)
                parts += [f"{_quoted('started_at')} >= %s", f"{_quoted('started_at')} < %s"]
                params += [
                    ops.adapt_datetimefield_value(start),
                    ops.adapt_datetimefield_value(start + dt.timedelta(days=1)),
                ]
        clauses.append(f"({' AND '.join(parts)})")
    return " OR ".join(clauses) or "1 = 0", params


def _days_insert(keys: set[DayKey] | None) -> None:
    """Sum the day rows of `keys` (every key when None) from the facts, and insert them."""
    with connection.cursor() as cursor:
        for sql in (_DAY_SQL, _SECTION_DAY_SQL):
            if keys is None:
                cursor.execute(sql.statement("1 = 1"), sql.params)
            else:
                where, params = _keys_where(keys, by_start=True)
                cursor.execute(sql.statement(where), [*sql.params, *params])


def dashboard_day_lock_name(key: DayKey) -> str:
    """The name whose hash is the advisory lock of one day rollup key (DASHBOARD_DAY_KEY's
    values, in order)."""
    return f"dashboard-day {key!r}"


def _days_refresh(keys: set[DayKey]) -> None:
    """Recompute the day rollup rows of `keys` from the facts. Each key's advisory lock, taken
    in one order, makes two transactions that changed facts of the same key take turns: the
    second recomputes after the first has committed, so it sees both changes."""
    if not keys:
        return
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":  # SQLite (the demo's) lets one writer in at a time
            for name in sorted(dashboard_day_lock_name(key) for key in keys):
                cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [name])
        where, params = _keys_where(keys, by_start=False)
        for sql in (_SECTION_DAY_SQL, _DAY_SQL):
            cursor.execute(f"DELETE FROM {_quoted(sql.table)} WHERE {where}", params)
    _days_insert(keys)


def _facts_delete(scope: Q) -> set[DayKey]:
    """Delete the facts of the summaries in `scope` and their section facts; return the day
    rollup keys they were in. Three statements: the facts' ids and keys, then two DELETEs
    (Django's delete() would read the facts again to find what cascades)."""
    stale = list(DashboardFact.objects.filter(scope).values_list("pk", *DASHBOARD_DAY_KEY))
    if not stale:
        return set()
    ids = [row[0] for row in stale]
    placeholders = ", ".join(["%s"] * len(ids))
    with connection.cursor() as cursor:
        for model, column in ((DashboardSectionFact, "fact_id"), (DashboardFact, "id")):
            table = _quoted(model._meta.db_table)
            cursor.execute(f"DELETE FROM {table} WHERE {_quoted(column)} IN ({placeholders})", ids)
    return {row[1:] for row in stale}


def _facts_store(scope: Q, *, days: bool = True) -> int:
    """Replace the facts of the summaries in `scope` with ones computed from the rows, and the
    day rollup rows they were and are in (unless `days` is False: the rebuild does those once)."""
    facts, sections = _facts_build(scope)
    keys = _facts_delete(scope)
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
    # No savepoint (two statements): a failure here fails the caller's whole transaction.
    with transaction.atomic(savepoint=False):
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
        _days_insert(None)
    with connection.cursor() as cursor:
        # The planner's row estimates for the fresh tables (autovacuum would, later).
        for model in (DashboardFact, DashboardSectionFact, DashboardDay, DashboardSectionDay):
            cursor.execute(f"ANALYZE {model._meta.db_table}")
    return written
