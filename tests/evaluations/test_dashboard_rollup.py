"""The dashboard's rollup equals the aggregation computed straight from the rows
(`evaluations.dashboard_rows`, the reference), after a rebuild and after every incremental
change: a newer run replacing an older one, a second judge configuration, N/A, reviews saved,
changed and taken back."""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from evaluations import dashboard, dashboard_rows
from evaluations.calibration_selectors import JudgeVersion
from evaluations.dashboard import DashboardFilters
from evaluations.models import (
    AccuracyVerdict,
    DashboardFact,
    DashboardSectionFact,
    SummaryEvaluation,
)
from evaluations.services.dashboard_rollup import dashboard_rollup_rebuild
from evaluations.services.reviews import verdict_review_clear, verdict_review_save
from tests.evaluations.test_dashboard import CLAUDE, LOCAL, WEEK_A, WEEK_B, build_world

pytestmark = pytest.mark.django_db

FILTERS = (
    DashboardFilters(),
    DashboardFilters(queue="billing"),
    DashboardFilters(agent="none"),
    DashboardFilters(agent="a1", queue="billing"),
    DashboardFilters(agent="agent-1"),
    DashboardFilters(generator="summarizer-v4", channel="voice"),
    DashboardFilters(date_from=WEEK_B, date_to=WEEK_B + dt.timedelta(days=6)),
    DashboardFilters(date_from=WEEK_A + dt.timedelta(days=1), queue="billing"),
)


@pytest.fixture
def world_rows() -> dict[str, SummaryEvaluation]:
    """test_dashboard's hand-made world, written straight into the tables."""
    return build_world()


def _plain(value: Any) -> Any:
    """Dataclasses as tuples and floats rounded: two sums of the same floats in another order
    may differ in the last bit."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return tuple(_plain(getattr(value, f.name)) for f in dataclasses.fields(value))
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, float):
        return round(value, 9)
    return value


def _aggregates(filters: DashboardFilters, version: JudgeVersion, *, from_rows: bool) -> dict:
    if from_rows:
        module: Any = dashboard_rows
        counted: Any = dashboard_rows.counted_evaluations(filters, version)
    else:
        module = dashboard
        counted = dashboard.counted_facts(filters, version)
    result = {
        "configurations": module.config_uses(filters),
        "trend": module.weekly_trend(counted),
        "histograms": module.score_histograms(counted),
        "agreement": module.weekly_agreement(counted),
        "weakest agents": module.weakest_agents(counted),
        "weakest agents by failing": module.weakest_agents(counted, "failing"),
        "weakest sections": module.weakest_sections(counted),
        "weakest sections by failing": module.weakest_sections(counted, "failing"),
        "evaluations": sorted(
            (dashboard_rows.counted_evaluations(filters, version) if from_rows else
             dashboard.counted_evaluations(filters, version)).values_list("pk", flat=True)
        ),
    }  # fmt: skip
    result["markers"] = module.change_markers(filters, module.config_uses(filters))
    for by in dashboard.BREAKDOWNS:
        result[f"by {by}"] = module.weekly_breakdown(counted, by)
    return _plain(result)


def assert_rollup_equals_rows(versions: tuple[JudgeVersion, ...]) -> None:
    for version in versions:
        for filters in FILTERS:
            from_rows = _aggregates(filters, version, from_rows=True)
            from_rollup = _aggregates(filters, version, from_rows=False)
            for name, expected in from_rows.items():
                assert from_rollup[name] == expected, (name, version, filters)


def _rollup_snapshot() -> tuple[list, list]:
    facts = sorted(
        DashboardFact.objects.values_list(
            "summary_id", "evaluation_id", "judge", "model", "prompt_version", "evaluations",
            "week", "queue", "agent_id", "channel", "generator", "accuracy", "accuracy_na",
            "adherence", "adherence_na", "completeness", "completeness_na", "summarization",
            "failing_points", "reviews_pass_pass", "reviews_pass_fail", "reviews_fail_pass",
            "reviews_fail_fail",
        )
    )  # fmt: skip
    sections = sorted(
        DashboardSectionFact.objects.values_list(
            "fact__evaluation_id", "section", "judge", "model", "week", "queue", "agent_id",
            "is_scored", "accuracy", "accuracy_na", "adherence", "adherence_na",
            "completeness", "completeness_na", "items", "failing",
        )
    )  # fmt: skip
    return facts, sections


def test_the_rebuilt_rollup_equals_the_aggregation_from_the_rows(world_rows):
    # The hand-made world is written straight into the tables: only a rebuild sees it.
    assert not DashboardFact.objects.exists()
    call_command("rebuild_dashboard_rollup", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert DashboardFact.objects.count() == 5  # s1, s2, s3 under the local judge; s3, s4 Claude
    assert_rollup_equals_rows((LOCAL, CLAUDE))


def test_a_fact_keeps_the_latest_run_and_copies_what_the_filters_read(world_rows):
    dashboard_rollup_rebuild()
    fact = DashboardFact.objects.get(evaluation=world_rows["new"])
    assert (fact.evaluations, fact.week, fact.queue, fact.generator) == (
        2, WEEK_A, "billing", "summarizer-v3",
    )  # fmt: skip
    assert (fact.accuracy, fact.completeness, fact.completeness_na) == (0.7, 0.8, False)
    assert not DashboardFact.objects.filter(evaluation=world_rows["old"]).exists()
    (section,) = fact.sections.all()
    assert (section.section, section.is_scored, section.items, section.failing) == (
        "situation", True, 2, 1,
    )  # fmt: skip
    assert fact.reviews_fail_fail == 1


def test_the_rebuild_replaces_a_stale_rollup(world_rows):
    dashboard_rollup_rebuild()
    DashboardFact.objects.filter(evaluation=world_rows["e3"]).update(
        accuracy=0.0, queue="elsewhere"
    )
    dashboard_rollup_rebuild()
    assert_rollup_equals_rows((LOCAL, CLAUDE))


@pytest.fixture
def judged_twice(make_summary, judge_now):
    """Four summaries over two weeks, two queues, two channels, two summarizers and a bot-only
    conversation; two runs of the offline judge, the second over three of them only, and one
    asked for accuracy only (the others are then not asked for, not N/A)."""
    monday = dt.datetime(2026, 3, 2, 10, 0, tzinfo=dt.UTC)
    summaries = [
        make_summary(started_at=monday),
        make_summary(queue="sales", channel="voice", started_at=monday + dt.timedelta(days=2)),
        make_summary(
            agent=None, generator="summarizer-v4", summary_amount="$30",
            started_at=monday + dt.timedelta(days=8),
        ),
        make_summary(agent="agent-2", summary_amount="$40", started_at=monday + dt.timedelta(days=9)),
    ]  # fmt: skip
    judge_now(summaries)
    judge_now(summaries[1:])
    judge_now(summaries[:1], dimensions=("accuracy",))
    return summaries


def _local_version() -> JudgeVersion:
    evaluation = SummaryEvaluation.objects.filter(status="succeeded").first()
    return JudgeVersion(evaluation.judge, evaluation.model, evaluation.prompt_version)


def test_the_rollup_kept_by_the_verdict_writes_equals_the_rows_and_a_rebuild(judged_twice):
    version = _local_version()
    assert DashboardFact.objects.count() == 4
    # The newest run's evaluation counts, and the older ones are counted in `evaluations`.
    assert sorted(DashboardFact.objects.values_list("evaluations", flat=True)) == [2, 2, 2, 2]
    first = DashboardFact.objects.get(summary=judged_twice[0])
    assert first.accuracy is not None
    assert first.summarization is None  # not asked for this time
    assert_rollup_equals_rows((version,))
    kept = _rollup_snapshot()
    dashboard_rollup_rebuild()
    assert _rollup_snapshot() == kept


def test_a_second_configuration_gets_its_own_facts(judged_twice, judge_now, scripted_judge):
    judge_now(judged_twice[2:])
    scripted = JudgeVersion("local", "scripted", "scripted-1")
    assert DashboardFact.objects.filter(model="scripted").count() == 2
    assert_rollup_equals_rows((_local_version(), scripted))
    kept = _rollup_snapshot()
    dashboard_rollup_rebuild()
    assert _rollup_snapshot() == kept


def test_reviews_saved_changed_and_taken_back_keep_the_agreement_equal(judged_twice):
    version = _local_version()
    counted = DashboardFact.objects.get(summary=judged_twice[2]).evaluation_id
    older = SummaryEvaluation.objects.filter(summary=judged_twice[2]).exclude(pk=counted).get().pk
    ana, ben = User.objects.create_user("ana"), User.objects.create_user("ben")
    items = list(AccuracyVerdict.objects.filter(evaluation_id__in=[counted, older]))
    for item in items:
        verdict_review_save(user=ana, kind="accuracy_point", item_id=item.pk, human_value=True)
        verdict_review_save(user=ben, kind="accuracy_point", item_id=item.pk, human_value=False)
    assert_rollup_equals_rows((version,))
    counted_items = sum(i.evaluation_id == counted for i in items)
    fact = DashboardFact.objects.get(evaluation_id=counted)
    # Ana's and Ben's reviews of the counted evaluation's items, not of the older run's.
    assert fact.reviews_pass_pass + fact.reviews_fail_pass == counted_items
    assert fact.reviews_pass_fail + fact.reviews_fail_fail == counted_items
    item = next(i for i in items if i.evaluation_id == counted)
    verdict_review_save(user=ana, kind="accuracy_point", item_id=item.pk, human_value=False)
    assert_rollup_equals_rows((version,))
    verdict_review_clear(user=ben, kind="accuracy_point", item_id=item.pk)
    assert_rollup_equals_rows((version,))
    fact.refresh_from_db()
    # Of that item, Ana's changed mind only: Ben's review was taken back.
    assert fact.reviews_pass_fail + fact.reviews_fail_fail == counted_items
    assert fact.reviews_pass_pass + fact.reviews_fail_pass == counted_items - 1
    kept = _rollup_snapshot()
    dashboard_rollup_rebuild()
    assert _rollup_snapshot() == kept


def test_a_newer_run_replaces_the_fact_and_its_sections(judged_twice, judge_now):
    before = DashboardFact.objects.get(summary=judged_twice[3])
    run = judge_now(judged_twice[3:])
    after = DashboardFact.objects.get(summary=judged_twice[3])
    assert after.evaluation.run_id == run.pk != before.evaluation.run_id
    assert after.evaluations == before.evaluations + 1
    assert not DashboardSectionFact.objects.filter(fact_id=before.pk).exists()
    assert DashboardSectionFact.objects.filter(fact=after).exists()
    assert_rollup_equals_rows((_local_version(),))
