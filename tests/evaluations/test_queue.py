"""The conversation queue's selector: filters, sorts, counts, pages and neighbours."""

from __future__ import annotations

import datetime as dt

import pytest

from evaluations import queue as queue_module
from evaluations.models import SummaryEvaluation
from evaluations.queue import QueueFilters, queue_neighbours, queue_page, queue_rows
from evaluations.services.reviews import summary_review_mark

pytestmark = pytest.mark.django_db


def _day(day: int) -> dt.datetime:
    return dt.datetime(2026, 3, day, 10, 0, tzinfo=dt.UTC)


@pytest.fixture
def world(make_summary, judge_now, scripted_judge, cast):
    """Three judged conversations and one never judged:
    a: billing, agent-1, chat, March 2, accurate;
    b: sales, agent-2, voice, March 5, inaccurate (the summary says $30), marker "zebra";
    c: billing, no agent, chat, March 9, accurate, adherence N/A;
    d: billing, March 10, never judged."""
    a = make_summary("a", started_at=_day(2))
    b = make_summary(
        "b",
        queue="sales",
        agent="agent-2",
        channel="voice",
        started_at=_day(5),
        summary_amount="$30",
        marker="zebra",
    )
    c = make_summary("c", agent=None, started_at=_day(9))
    make_summary("d", started_at=_day(10))
    run = judge_now([a, b, c], dimensions=("accuracy", "adherence", "completeness"))
    evaluations = {e.summary.conversation.external_id: e for e in run.evaluations.all()}
    SummaryEvaluation.objects.filter(pk=evaluations["c"].pk).update(
        adherence=None, adherence_na_reason="adherence applies to custom sections only", has_na=True
    )
    return {"run": run, "evaluations": evaluations, "user": cast["analyst"], "cast": cast}


def _ids(world, **filters) -> list[str]:
    rows = queue_rows(filters=QueueFilters(**filters), user=world["user"])
    return [row.summary.conversation.external_id for row in rows]


def test_the_queue_holds_the_latest_succeeded_evaluations_newest_conversation_first(
    world,
) -> None:
    assert _ids(world) == ["c", "b", "a"]


def test_it_filters_by_date_range_both_days_included(world) -> None:
    assert _ids(world, date_from=dt.date(2026, 3, 5), date_to=dt.date(2026, 3, 9)) == ["c", "b"]
    assert _ids(world, date_to=dt.date(2026, 3, 4)) == ["a"]


def test_it_filters_by_queue_agent_no_agent_and_channel(world) -> None:
    assert _ids(world, queue="billing") == ["c", "a"]
    assert _ids(world, agent="agent-2") == ["b"]
    assert _ids(world, agent="none") == ["c"]  # a bot handled it alone
    assert _ids(world, channel="voice") == ["b"]


def test_a_score_band_leaves_na_out(world) -> None:
    assert _ids(world, accuracy_max=0.5) == ["b"]
    assert _ids(world, accuracy_min=0.5) == ["c", "a"]
    assert _ids(world, adherence_min=0.0) == ["b", "a"]  # c's adherence is N/A, not 0


def test_it_filters_on_na_failing_items_and_reviews(world) -> None:
    assert _ids(world, has_na=True) == ["c"]
    assert _ids(world, has_na=False) == ["b", "a"]
    assert _ids(world, failing=True) == ["b"]
    assert _ids(world, failing=False) == ["c", "a"]

    cast = world["cast"]
    summary_review_mark(user=cast["admin"], evaluation=world["evaluations"]["a"])
    summary_review_mark(user=cast["analyst"], evaluation=world["evaluations"]["b"])
    assert _ids(world, reviewed="yes") == ["b", "a"]
    assert _ids(world, reviewed="no") == ["c"]
    assert _ids(world, reviewed="mine") == ["b"]
    assert _ids(world, reviewed="not_mine") == ["c", "a"]


def test_free_text_searches_the_turns_with_stemming_on_postgresql(world) -> None:
    assert _ids(world, text="zebra") == ["b"]
    # "refunding" finds "refunded" (English stemming), in every conversation.
    assert _ids(world, text="refunding") == ["c", "b", "a"]
    assert _ids(world, text='"charged $30"') == []
    assert _ids(world, text="router -zebra") == ["c", "a"]
    assert _ids(world, text="nowhere-to-be-found") == []


def test_the_run_filter_shows_that_runs_evaluations_and_a_rerun_becomes_the_latest(
    world, judge_now
) -> None:
    a = world["evaluations"]["a"].summary
    rerun = judge_now([a], dimensions=("accuracy",), name="Rerun")

    assert _ids(world, run=rerun.pk) == ["a"]
    assert _ids(world, run=world["run"].pk) == ["c", "b", "a"]
    latest = queue_rows(filters=QueueFilters(), user=world["user"]).get(summary=a)
    assert latest.run_id == rerun.pk


def test_it_sorts_by_a_score_with_na_last_in_both_directions(world) -> None:
    assert _ids(world, sort="accuracy") == ["b", "a", "c"]  # 0.0, then 1.0 by id
    assert _ids(world, sort="-accuracy") == ["c", "a", "b"]
    assert _ids(world, sort="adherence")[-1] == "c"
    assert _ids(world, sort="-adherence")[-1] == "c"
    assert _ids(world, sort="-failing")[0] == "b"
    assert _ids(world, sort="started") == ["a", "b", "c"]


def test_a_page_counts_up_to_a_cap_and_pages_without_a_full_count(world, monkeypatch) -> None:
    monkeypatch.setattr(queue_module, "PAGE_SIZE", 2)
    first = queue_page(filters=QueueFilters(), user=world["user"])
    second = queue_page(filters=QueueFilters(), user=world["user"], number=2)
    beyond = queue_page(filters=QueueFilters(), user=world["user"], number=99)

    assert [r.summary.conversation.external_id for r in first.rows] == ["c", "b"]
    assert (first.count, first.pages, first.has_next, first.has_previous) == (3, 2, True, False)
    assert [r.summary.conversation.external_id for r in second.rows] == ["a"]
    assert (second.first_index, second.last_index, second.has_next) == (3, 3, False)
    assert beyond.number == 2  # a page past the end shows the last one

    monkeypatch.setattr(queue_module, "COUNT_CAP", 2)
    capped = queue_page(filters=QueueFilters(), user=world["user"])
    assert capped.count_is_capped and capped.shown_count == 2 and capped.pages is None


def test_a_search_is_not_counted_and_pages_by_what_follows(world, monkeypatch) -> None:
    monkeypatch.setattr(queue_module, "PAGE_SIZE", 2)
    first = queue_page(filters=QueueFilters(text="router"), user=world["user"])
    second = queue_page(filters=QueueFilters(text="router"), user=world["user"], number=2)

    assert (first.count, first.is_counted, first.pages, first.has_next) == (None, False, None, True)
    assert [r.summary.conversation.external_id for r in second.rows] == ["a"]
    assert (second.first_index, second.last_index, second.has_next) == (3, 3, False)


@pytest.mark.parametrize(("text", "queries"), [("", 2), ("router", 1)])
def test_a_page_is_a_fixed_number_of_queries_however_many_rows_it_shows(
    world, make_summary, judge_now, django_assert_num_queries, text: str, queries: int
) -> None:
    """Two (the capped count, the rows); one for a search, which is not counted."""
    with django_assert_num_queries(queries):
        small = queue_page(filters=QueueFilters(text=text), user=world["user"])
    judge_now([make_summary() for _ in range(12)], dimensions=("accuracy",))
    with django_assert_num_queries(queries):
        large = queue_page(filters=QueueFilters(text=text), user=world["user"])
    assert len(small.rows) == 3 and len(large.rows) == 15
    with django_assert_num_queries(0):  # everything a row shows is already loaded
        shown = [(r.summary.conversation.agent, r.run.name, r.is_reviewed) for r in large.rows]
    assert len(shown) == 15


@pytest.mark.parametrize(
    ("sort", "order"),
    [
        ("-started", "cba"),
        ("accuracy", "bac"),
        ("-accuracy", "cab"),
        ("adherence", "abc"),
        ("-adherence", "bac"),
    ],
)
def test_next_and_previous_follow_the_queue_order(world, sort: str, order: str) -> None:
    filters = QueueFilters(sort=sort)
    evaluations = world["evaluations"]
    for position, name in enumerate(order):
        preceding, following = queue_neighbours(
            filters=filters, user=world["user"], evaluation=evaluations[name]
        )
        expected_before = order[position - 1] if position else None
        expected_after = order[position + 1] if position + 1 < len(order) else None
        assert (preceding and preceding.summary.conversation.external_id) == expected_before
        assert (following and following.summary.conversation.external_id) == expected_after


def test_neighbours_stay_inside_the_filters(world) -> None:
    preceding, following = queue_neighbours(
        filters=QueueFilters(queue="billing"),
        user=world["user"],
        evaluation=world["evaluations"]["c"],
    )
    assert preceding is None
    assert following.summary.conversation.external_id == "a"


def test_filters_round_trip_through_the_url() -> None:
    from django.http import QueryDict

    from evaluations.forms import QueueFilterForm

    filters = QueueFilters(
        date_from=dt.date(2026, 3, 1),
        agent="none",
        accuracy_max=0.8,
        has_na=False,
        reviewed="not_mine",
        text="charged twice",
        sort="accuracy",
        blind=True,
    )
    form = QueueFilterForm(QueryDict(filters.query()))
    assert form.is_valid(), form.errors
    assert form.filters() == filters
    assert QueueFilters().query() == ""


def test_a_bad_filter_value_is_reported_and_the_others_still_apply() -> None:
    from django.http import QueryDict

    from evaluations.forms import QueueFilterForm

    form = QueueFilterForm(QueryDict("accuracy_max=2&queue=billing&date_from=yesterday"))
    assert not form.is_valid()
    assert form.filters() == QueueFilters(queue="billing")
    assert len(form.error_list()) == 2
