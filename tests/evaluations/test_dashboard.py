"""The dashboard's aggregation against a small database whose means were computed by hand."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest
from django.contrib.auth.models import User

from evaluations import dashboard
from evaluations.calibration_selectors import JudgeVersion
from evaluations.charts import DimensionStat
from evaluations.dashboard import DashboardFilters
from evaluations.models import (
    AccuracyVerdict,
    EvaluationRun,
    SectionScore,
    SummaryEvaluation,
    VerdictReview,
)
from evaluations.services.dashboard_rollup import dashboard_rollup_rebuild
from summaries.models import Agent, Conversation, SectionDefinition, Summary, SummarySection

pytestmark = pytest.mark.django_db

WEEK_A = dt.date(2026, 10, 5)  # a Monday
WEEK_B = dt.date(2026, 10, 12)
LOCAL = JudgeVersion("local", "local", "local-lexical-1")
CLAUDE = JudgeVersion("anthropic", "claude-sonnet-5", "p-1")
_ids = itertools.count(1)


def _conversation(day: dt.date, queue: str, agent: Agent | None, generator: str) -> Summary:
    n = next(_ids)
    conversation = Conversation.objects.create(
        source="test",
        external_id=f"c{n}",
        channel="voice",
        queue=queue,
        agent=agent,
        started_at=dt.datetime.combine(day, dt.time(10), tzinfo=dt.UTC),
        content_hash=f"h{n}",
    )
    return Summary.objects.create(conversation=conversation, generator=generator, content_hash="s")


def _run(version: JudgeVersion) -> EvaluationRun:
    return EvaluationRun.objects.create(
        judge=version.judge, model=version.model, prompt_version=version.prompt_version,
        dimensions=["accuracy", "adherence", "completeness"],
    )  # fmt: skip


def _evaluation(run, summary, *, status="succeeded", **scores) -> SummaryEvaluation:
    for dimension in ("accuracy", "adherence", "completeness"):
        if scores.get(dimension, 0) is None:
            scores[f"{dimension}_na_reason"] = "nothing to judge"
    return SummaryEvaluation.objects.create(
        run=run, summary=summary, status=status, judge=run.judge, model=run.model,
        prompt_version=run.prompt_version, **scores,
    )  # fmt: skip


def build_world() -> dict[str, SummaryEvaluation]:
    """Two weeks, two judge configurations, a summary judged twice by the local judge.

    Counted under the local judge: week A s1 (its newer run: 0.7, 0.9, 0.8) and s2 (0.9, N/A,
    0.6); week B s3 (0.4, 0.6, 0.2; a failed newer evaluation does not replace it). s4 was judged
    by Claude only."""
    agent = Agent.objects.create(external_id="a1", display_name="Ana")
    s1 = _conversation(WEEK_A, "billing", agent, "summarizer-v3")
    s2 = _conversation(WEEK_A + dt.timedelta(days=2), "sales", None, "summarizer-v3")
    s3 = _conversation(WEEK_B + dt.timedelta(days=6), "billing", agent, "summarizer-v4")
    s4 = _conversation(WEEK_B, "billing", agent, "summarizer-v4")
    local_1, local_2, claude = _run(LOCAL), _run(LOCAL), _run(CLAUDE)
    old = _evaluation(local_1, s1, accuracy=0.5, adherence=1.0, completeness=None, failing_points=3)
    new = _evaluation(local_2, s1, accuracy=0.7, adherence=0.9, completeness=0.8, failing_points=1)
    _evaluation(local_1, s2, accuracy=0.9, adherence=None, completeness=0.6)
    e3 = _evaluation(local_1, s3, accuracy=0.4, adherence=0.6, completeness=0.2, failing_points=2)
    _evaluation(local_2, s3, status="failed")
    _evaluation(claude, s3, accuracy=1.0, adherence=1.0, completeness=1.0)
    _evaluation(claude, s4, accuracy=1.0, adherence=1.0, completeness=1.0)
    SectionScore.objects.create(evaluation=new, section="situation", accuracy=0.5, adherence=1.0)
    SectionScore.objects.create(evaluation=e3, section="situation", accuracy=0.3, adherence=0.5)
    SectionScore.objects.create(evaluation=old, section="situation", accuracy=0.0, adherence=0.0)
    for position, is_accurate in enumerate([True, False]):
        AccuracyVerdict.objects.create(
            evaluation=new, position=position, section="situation", point="p",
            justification="j", is_accurate=is_accurate,
        )  # fmt: skip
    for position in range(3):  # the older run's: not counted
        AccuracyVerdict.objects.create(
            evaluation=old, position=position, section="situation", point="p",
            justification="j", is_accurate=False,
        )  # fmt: skip
    reviewer = User.objects.create_user("reviewer")
    item = AccuracyVerdict.objects.filter(evaluation=new).order_by("position").last()
    VerdictReview.objects.create(
        kind="accuracy_point", item_id=item.pk, evaluation=new, section="situation",
        reviewer=reviewer, judge_value=False, human_value=False, judge="local", model="local",
        prompt_version="local-lexical-1",
    )  # fmt: skip
    definition = SectionDefinition.objects.create(
        key="next_steps_t", version=2, name="Next steps", origin="custom",
        value_type="free_text", instructions="x", is_active=False,
    )  # fmt: skip
    SummarySection.objects.create(summary=s3, definition=definition, position=0, text="t")
    return {"new": new, "old": old, "e3": e3}


@pytest.fixture
def world_rows():
    return build_world()


@pytest.fixture
def world(world_rows):
    """The same rows, rolled up for the dashboard (written straight into the tables, they need
    the rebuild that a bulk load needs)."""
    dashboard_rollup_rebuild()
    return world_rows


def _counted(filters: DashboardFilters | None = None, version=LOCAL):
    return dashboard.counted_facts(filters or DashboardFilters(), version)


def _evaluations(filters: DashboardFilters | None = None, version=LOCAL):
    return dashboard.counted_evaluations(filters or DashboardFilters(), version)


def test_the_default_configuration_is_the_one_that_judged_the_most(world):
    uses = dashboard.config_uses(DashboardFilters())
    assert [(u.version, u.evaluations) for u in uses] == [(LOCAL, 4), (CLAUDE, 2)]
    assert dashboard.config_chosen(DashboardFilters(), uses) == LOCAL
    chosen = dashboard.config_chosen(DashboardFilters(config=CLAUDE.token), uses)
    assert chosen == CLAUDE


def test_a_summary_judged_by_two_runs_counts_once_with_its_latest(world):
    counted = _evaluations()
    assert sorted(counted.values_list("pk", flat=True)) == sorted(
        [world["new"].pk, world["e3"].pk, counted.get(summary__conversation__queue="sales").pk]
    )


def test_the_weekly_means_leave_na_out_and_count_it(world):
    rows = dashboard.weekly_trend(_counted())
    assert [(r.week, r.evaluations) for r in rows] == [(WEEK_A, 2), (WEEK_B, 1)]
    week_a = rows[0].stats
    assert week_a["accuracy"] == DimensionStat(mean=pytest.approx(0.8), scored=2, na=0)
    assert week_a["adherence"] == DimensionStat(mean=pytest.approx(0.9), scored=1, na=1)
    assert week_a["adherence"].na_rate == 0.5
    assert week_a["completeness"] == DimensionStat(mean=pytest.approx(0.7), scored=2, na=0)
    # Not asked for is not N/A.
    assert week_a["summarization"] == DimensionStat(mean=None, scored=0, na=0)
    assert rows[1].stats["accuracy"].mean == pytest.approx(0.4)


def test_the_filters_narrow_the_conversations(world):
    rows = dashboard.weekly_trend(_counted(DashboardFilters(queue="billing")))
    assert [(r.week, r.evaluations) for r in rows] == [(WEEK_A, 1), (WEEK_B, 1)]
    rows = dashboard.weekly_trend(_counted(DashboardFilters(agent="none")))
    assert [(r.week, r.stats["accuracy"].mean) for r in rows] == [(WEEK_A, pytest.approx(0.9))]
    rows = dashboard.weekly_trend(_counted(DashboardFilters(generator="summarizer-v4")))
    assert [r.week for r in rows] == [WEEK_B]
    filters = DashboardFilters(date_from=WEEK_B, date_to=WEEK_B + dt.timedelta(days=6))
    assert [r.week for r in dashboard.weekly_trend(_counted(filters))] == [WEEK_B]


def test_the_breakdowns_group_by_queue_agent_and_section(world):
    by_queue = dashboard.weekly_breakdown(_counted(), "queue")
    assert {(r.group, r.week, r.evaluations) for r in by_queue} == {
        ("billing", WEEK_A, 1), ("billing", WEEK_B, 1), ("sales", WEEK_A, 1),
    }  # fmt: skip
    by_agent = dashboard.weekly_breakdown(_counted(), "agent")
    assert {(r.group, r.week) for r in by_agent} == {
        ("Ana", WEEK_A), ("Ana", WEEK_B), ("No agent (bot only)", WEEK_A),
    }  # fmt: skip
    by_section = dashboard.weekly_breakdown(_counted(), "section")
    assert [(r.week, r.stats["accuracy"].mean) for r in by_section] == [
        (WEEK_A, pytest.approx(0.5)),
        (WEEK_B, pytest.approx(0.3)),
    ]


def test_the_histograms_bin_the_counted_scores(world):
    histograms = {h.dimension: h for h in dashboard.score_histograms(_counted())}
    assert histograms["accuracy"].counts == (0, 0, 0, 0, 1, 0, 0, 1, 0, 1)
    assert histograms["adherence"].na == 1
    assert sum(histograms["summarization"].counts) == 0


def test_the_weakest_agents_rank_by_mean_score_with_their_failing_share(world):
    rows = dashboard.weakest_agents(_counted())
    ana, none = rows
    assert (ana.key, ana.evaluations, ana.failing) == ("a1", 2, 2)
    # Ana: accuracy (0.7+0.4)/2, adherence (0.9+0.6)/2, completeness (0.8+0.2)/2.
    assert ana.score == pytest.approx((0.55 + 0.75 + 0.5) / 3)
    assert none.key == "none"
    assert none.failing_rate == 0


def test_the_weakest_sections_count_the_counted_evaluations_items_only(world):
    (situation,) = dashboard.weakest_sections(_counted())
    assert situation.key == "situation"
    assert situation.evaluations == 2
    assert situation.stats["accuracy"].mean == pytest.approx(0.4)
    assert (situation.items, situation.failing) == (2, 1)


def test_agreement_counts_the_reviews_of_counted_evaluations(world):
    (row,) = dashboard.weekly_agreement(_counted())
    assert (row.week, row.reviews, row.agreed) == (WEEK_A, 1, 1)


def test_the_markers_sit_at_the_week_each_change_first_touched(world):
    uses = dashboard.config_uses(DashboardFilters())
    markers = dashboard.change_markers(DashboardFilters(), uses)
    assert [(m.week, m.kind, m.label) for m in markers] == [
        (WEEK_B, "judge", "claude-sonnet-5 · prompt p-1"),
        (WEEK_B, "section", "Next steps v2"),
        (WEEK_B, "summarizer", "summarizer-v4"),
    ]


def test_the_export_lists_the_counted_evaluations(world):
    rows = list(dashboard.export_evaluation_rows(_evaluations()))
    assert rows[0][0] == world["new"].pk
    assert len(rows) == 3
    assert len(rows[0]) == len(dashboard.EXPORT_COLUMNS)
    assert rows[0][5] == WEEK_A.isoformat()
