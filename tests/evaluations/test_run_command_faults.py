"""`manage.py run_evaluation` under bad input and faults: empty filter values, "none" for no queue
or agent, bounds, reversed dates, a sample larger than its scope, a cancelled run's resume, one
cost figure, a database outage while waiting, and a second run over the same scope."""

from __future__ import annotations

import datetime as dt
import io
import json
import threading
import time

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import OperationalError, connection

from evaluations.forms import RunScopeForm
from evaluations.management.commands import run_evaluation
from evaluations.models import EvaluationRun
from evaluations.services import (
    evaluation_run_cancel,
    evaluation_run_create,
    runs,
    summary_evaluate,
)

pytestmark = pytest.mark.django_db


def _run_command(*args: str) -> tuple[list[str], list[str]]:
    out, err = io.StringIO(), io.StringIO()
    call_command("run_evaluation", "--judge", "local", *args, stdout=out, stderr=err)
    return out.getvalue().splitlines(), err.getvalue().splitlines()


# --- Empty filter values, and "none" --------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "noun"),
    [
        (["--queue", ""], "queue"),
        (["--queue", " , "], "queue"),
        (["--agent", ""], "agent"),
        (["--queue", "billing", "--queue", ""], "queue"),
        (["--estimate", "--agent", " "], "agent"),
    ],
    ids=["empty-queue", "commas-only", "empty-agent", "one-of-two-empty", "estimate"],
)
def test_an_empty_filter_value_is_refused_not_read_as_every_summary(
    make_summary, held_messages, args, noun
) -> None:
    make_summary()

    with pytest.raises(CommandError) as caught:
        _run_command(*args)

    assert str(caught.value) == (
        f"An empty {noun} was given. Leave the {noun} out to take every one, or give 'none' for "
        f"conversations with no {noun}."
    )
    assert not EvaluationRun.objects.exists()


def test_the_web_forms_blank_field_is_still_no_filter_but_commas_alone_are_refused() -> None:
    blank = RunScopeForm(data={"queues": "", "agents": "  "})
    assert blank.is_valid(), blank.errors
    assert blank.scope().queues == () and blank.scope().agents == ()
    commas = RunScopeForm(data={"queues": " , "})
    assert not commas.is_valid()
    assert "An empty queue was given" in commas.error_text()


def test_none_selects_conversations_with_no_queue_or_no_human_agent(
    make_summary, held_messages
) -> None:
    no_queue = make_summary(queue="")
    bot_only = make_summary(agent=None)
    billing = make_summary(queue="billing")

    lines, _ = _run_command("--queue", "none")
    run = EvaluationRun.objects.get(pk=json.loads(lines[-1])["run"])
    assert [e.summary_id for e in run.evaluations.all()] == [no_queue.pk]
    assert run.scope.description == "queue no queue"

    lines, _ = _run_command("--agent", "agent-1,none", "--queue", "billing", "--force")
    run = EvaluationRun.objects.get(pk=json.loads(lines[-1])["run"])
    assert sorted(e.summary_id for e in run.evaluations.all()) == [bot_only.pk, billing.pk]
    assert run.scope.description == "queue billing; agent agent-1 or no agent"


# --- Bounds and reversed dates --------------------------------------------------------------------


@pytest.mark.parametrize("value", ["100000", "0"])
def test_max_questions_out_of_bounds_is_a_clear_error(make_summary, held_messages, value) -> None:
    make_summary()

    with pytest.raises(CommandError) as caught:
        _run_command("--max-questions", value)

    assert str(caught.value) == (
        "max_questions must be between 1 and 100 (the coverage questions the summarization "
        f"score asks per summary); got {value}."
    )
    assert not EvaluationRun.objects.exists()


def test_reversed_dates_say_they_are_reversed(make_summary) -> None:
    make_summary()

    with pytest.raises(CommandError) as caught:
        _run_command("--date-from", "2026-03-09", "--date-to", "2026-03-01")

    assert str(caught.value) == ("The dates are reversed: from 2026-03-09 is after to 2026-03-01.")


# --- A sample larger than its scope -------------------------------------------------------------


def test_a_sample_larger_than_the_scope_says_so_and_records_what_was_drawn(
    make_summary, held_messages
) -> None:
    for _ in range(3):
        make_summary()

    _, estimate_err = _run_command("--estimate", "--sample", "500")
    lines, err = _run_command("--sample", "500", "--seed", "4")

    note = "The sample of 500 is larger than the scope's 3 summaries: all 3 are judged."
    assert estimate_err == [note] and err == [note]
    run = EvaluationRun.objects.get()
    assert (run.sample_size, run.sample_seed, run.total) == (3, 4, 3)
    assert "sample of 3 with seed 4" in lines[0]


# --- A cancelled run is not resumed ---------------------------------------------------------------


def test_resume_on_a_cancelled_run_is_refused_with_the_command_for_a_new_run(
    make_summary, held_messages, django_capture_on_commit_callbacks
) -> None:
    make_summary(queue="billing")
    run = evaluation_run_create(
        judge="local", queues=["billing"], dimensions=["accuracy", "completeness"]
    )
    evaluation_run_cancel(run=run)
    held_messages.fanned_out.clear()

    with django_capture_on_commit_callbacks(execute=True), pytest.raises(CommandError) as caught:
        call_command("run_evaluation", "--resume", str(run.pk))

    assert str(caught.value) == (
        f"Run {run.pk} was cancelled: a cancelled run is not resumed. Start a new run over the "
        "same scope instead. For example: manage.py run_evaluation --queue billing --judge local "
        "--model local --dimensions accuracy completeness"
    )
    assert held_messages.fanned_out == []


# --- One cost figure, and the database going away while waiting --------------------------------


@pytest.fixture
def finished_run(make_summary, scripted_judge, held_messages):
    """A run the scripted judge finished (its calls cost $0.0015 a summary), whose cost column
    says nothing yet: the figures come from the evaluations' calls."""
    run = evaluation_run_create(judge="local", summary_ids=[make_summary().pk, make_summary().pk])
    for pk in run.evaluations.values_list("pk", flat=True):
        assert summary_evaluate(evaluation_id=pk).outcome == "succeeded"
    EvaluationRun.objects.filter(pk=run.pk).update(cost_usd=0)
    return run


def test_the_waiting_command_prints_one_cost_figure_from_one_source(finished_run) -> None:
    out = io.StringIO()

    call_command("run_evaluation", "--resume", str(finished_run.pk), "--wait", stdout=out)

    lines = out.getvalue().splitlines()
    figures = json.loads(lines[-1])
    assert figures["cost_usd"] == pytest.approx(0.003)
    cost_lines = [line for line in lines if line.startswith("cost:")]
    assert cost_lines == [
        f"cost: ${figures['cost_usd']:.4f} actual, ${finished_run.estimated_cost_usd:.4f} estimated"
    ]


def test_wait_keeps_polling_through_a_database_outage_and_prints_its_json(
    finished_run, monkeypatch
) -> None:
    outage = OperationalError("terminating connection due to administrator command\nSSL SYSCALL")
    failures = {"progress": 2, "figures": 1}
    progress, figures = run_evaluation.evaluation_run_progress, run_evaluation.run_figures

    def flaky(name, read):
        def call(*args, **kwargs):
            if failures[name]:
                failures[name] -= 1
                raise outage
            return read(*args, **kwargs)

        return call

    monkeypatch.setattr(run_evaluation, "evaluation_run_progress", flaky("progress", progress))
    monkeypatch.setattr(run_evaluation, "run_figures", flaky("figures", figures))
    out, err = io.StringIO(), io.StringIO()

    call_command(
        "run_evaluation",
        "--resume",
        str(finished_run.pk),
        "--wait",
        "--poll",
        "0.05",
        stdout=out,
        stderr=err,
    )

    notice = (
        "The database is unreachable (OperationalError: terminating connection due to "
        "administrator command); still waiting."
    )
    assert err.getvalue().splitlines() == [notice, "The database is back."] * 2
    final = json.loads(out.getvalue().splitlines()[-1])
    assert (final["run"], final["status"], final["evaluated"]) == (finished_run.pk, "finished", 2)


# --- A second run over the same scope and configuration -------------------------------------------


def test_a_second_run_over_the_same_scope_is_refused_unless_forced(
    make_summary, held_messages
) -> None:
    make_summary(queue="billing")
    make_summary(queue="billing")
    first_lines, _ = _run_command("--queue", "billing")
    first = json.loads(first_lines[-1])["run"]

    with pytest.raises(CommandError) as caught:
        _run_command("--queue", "billing")

    assert str(caught.value) == (
        f"Run {first} (queued) already judges the same scope with the same configuration: a "
        "second run would bill the same summaries again. It has 0/2 done; follow it with "
        f"--resume {first} --wait, or give --force to start another anyway."
    )
    assert EvaluationRun.objects.count() == 1
    _, estimate_err = _run_command("--estimate", "--queue", "billing")
    assert estimate_err == [
        f"Run {first} (queued) already judges the same scope with the same configuration: "
        "starting this one needs --force."
    ]

    # Another configuration is another run; --force starts the same one anyway.
    _run_command("--queue", "billing", "--dimensions", "accuracy")
    _run_command("--queue", "billing", "--force")
    assert EvaluationRun.objects.count() == 3


def test_an_ended_run_does_not_block_a_new_one(make_summary, held_messages) -> None:
    make_summary(queue="billing")
    run = evaluation_run_create(judge="local", queues=["billing"])
    EvaluationRun.objects.filter(pk=run.pk).update(
        status=EvaluationRun.Status.FINISHED, finished_at=dt.datetime.now(dt.UTC)
    )

    _run_command("--queue", "billing")

    assert EvaluationRun.objects.count() == 2


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the advisory lock is PostgreSQL's")
@pytest.mark.django_db(transaction=True)
def test_two_identical_runs_started_at_the_same_instant_create_one(
    make_summary, held_messages, monkeypatch
) -> None:
    make_summary(queue="billing")
    look = runs.evaluation_run_duplicate

    def slow_look(*, plan):
        found = look(plan=plan)
        time.sleep(0.5)  # both would pass a check that held no lock
        return found

    monkeypatch.setattr(runs, "evaluation_run_duplicate", slow_look)
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def start_run() -> None:
        start.wait()
        try:
            evaluation_run_create(judge="local", queues=["billing"], allow_duplicate=False)
            outcomes.append("created")
        except runs.DuplicateRun:
            outcomes.append("refused")
        finally:
            connection.close()

    threads = [threading.Thread(target=start_run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(outcomes) == ["created", "refused"]
    assert EvaluationRun.objects.count() == 1
