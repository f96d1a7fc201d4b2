"""The run scope: one typed RunScope with its description, validated by RunScopeForm."""

from __future__ import annotations

import datetime as dt

import pytest

from evaluations.forms import RunScopeForm
from evaluations.models import EvaluationRun
from evaluations.scope import RunScope
from evaluations.selectors import RunProgress


def test_a_scope_describes_its_filters_and_its_sample() -> None:
    scope = RunScope(
        date_from=dt.date(2026, 3, 1),
        queues=["billing", "sales"],
        channel="chat",
        sample_size=50,
        sample_seed=7,
    )

    assert scope.filters == ["from 2026-03-01", "queue billing or sales", "channel chat"]
    assert scope.description == (
        "from 2026-03-01; queue billing or sales; channel chat; a random sample of 50 (seed 7)"
    )
    assert RunScope().description == "every summary"
    assert RunScope(summary_ids=[3, 4]).description == "an explicit list of summaries"


def test_a_run_gives_back_the_scope_it_was_created_with() -> None:
    scope = RunScope(date_to=dt.date(2026, 3, 31), agents=["a1"], generator="g", sample_size=5)
    run = EvaluationRun(**scope.run_columns())

    assert run.scope == scope
    assert RunScope.of_run(EvaluationRun(explicit_summaries=True)).is_explicit


def test_the_form_turns_text_into_a_scope() -> None:
    form = RunScopeForm(
        data={
            "date_from": "2026-03-01",
            "queues": "billing, sales",
            "agents": "a1",
            "channel": "voice",
            "summary_ids": "3, 4 5",
            "sample_size": "2",
            "sample_seed": "9",
        }
    )

    assert form.is_valid(), form.errors
    assert form.scope() == RunScope(
        date_from=dt.date(2026, 3, 1),
        queues=("billing", "sales"),
        agents=("a1",),
        channel="voice",
        summary_ids=(3, 4, 5),
        sample_size=2,
        sample_seed=9,
    )


def test_an_empty_form_is_every_summary() -> None:
    form = RunScopeForm(data={})

    assert form.is_valid(), form.errors
    assert form.scope() == RunScope()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"summary_ids": ","}, "No summary ids given."),
        ({"summary_ids": "3, x"}, "'x' is not a summary id"),
        ({"sample_size": "0"}, "The sample size must be at least 1."),
        ({"sample_seed": "7"}, "A seed is the seed of a sample: give a sample size."),
        ({"channel": "fax"}, "Select a valid choice."),
        ({"date_to": "March"}, "Enter a valid date."),
    ],
)
def test_the_form_refuses_a_scope_that_cannot_be_meant(data, message) -> None:
    form = RunScopeForm(data=data)

    assert not form.is_valid()
    assert message in form.error_text()


@pytest.mark.parametrize(
    ("status", "queued", "running", "in_flight"),
    [
        ("running", 0, 0, True),  # open, even with nothing left: its close is coming
        ("cancelled", 0, 1, True),  # a cancelled run's in-flight summary finishes
        ("cancelled", 1, 0, True),  # and a queued one is still to be cancelled
        ("cancelled", 0, 0, False),
        ("finished", 0, 0, False),
    ],
)
def test_a_run_is_in_flight_until_it_is_closed_and_nothing_of_it_is_left(
    status, queued, running, in_flight
) -> None:
    progress = RunProgress(
        status=status, total=3, queued=queued, running=running, succeeded=1, failed=0, cancelled=1
    )

    assert progress.in_flight is in_flight
    assert progress.cost_is_final is not in_flight
