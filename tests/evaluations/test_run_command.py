"""`manage.py run_evaluation` end to end: the command creates a run, a real worker judges it with
the offline judge, and the command reports progress, scores and one JSON line."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections import Counter

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from evaluations.models import AccuracyVerdict, EvaluationRun
from evaluations.services import evaluation_run_cancel, evaluation_run_create
from tests.evaluations.conftest import REPO_ROOT, wait_for_run, wait_until

JSON_KEYS = {
    "run",
    "status",
    "summaries",
    "evaluated",
    "failed",
    "model_calls",
    "input_tokens",
    "cache_read_tokens",
    "cache_write_tokens",
    "output_tokens",
    "cost_usd",
}


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_run_evaluation_waits_for_the_worker_and_ends_with_one_json_line(
    make_summary, start_worker
) -> None:
    for _ in range(5):
        make_summary(queue="billing", amount="$10")
    make_summary(queue="billing", amount="$10", summary_amount="$30")
    make_summary(queue="sales")
    worker = start_worker(concurrency=2)
    out = io.StringIO()

    call_command(
        "run_evaluation",
        "--queue",
        "billing",
        "--judge",
        "local",
        "--dimensions",
        "accuracy",
        "adherence",
        "completeness",
        "--wait",
        "--poll",
        "0.2",
        "--timeout",
        "90",
        stdout=out,
    )

    lines = out.getvalue().strip().splitlines()
    figures = json.loads(lines[-1])
    assert set(figures) == JSON_KEYS, worker.log()[-3000:]
    run = EvaluationRun.objects.get(pk=figures["run"])
    assert figures == {
        "run": run.pk,
        "status": "finished",
        "summaries": 6,
        "evaluated": 6,
        "failed": 0,
        "model_calls": 0,  # the local judge calls no model
        "input_tokens": 0,
        "cache_read_tokens": 0,
        "cache_write_tokens": 0,
        "output_tokens": 0,
        "cost_usd": 0.0,
    }
    assert lines[0].startswith(f"Run {run.pk}: 6 summaries; judge local (local)")
    assert any(line.startswith("running: ") or line.startswith("queued: ") for line in lines[1:-1])
    assert any(line.startswith("finished: 6/6 done, 6 evaluated") for line in lines)
    accuracy_line = next(line for line in lines if line.startswith("accuracy: "))
    assert "over 6 summaries" in accuracy_line
    # The planted "$30" is caught: its summary scores below the others.
    wrong = run.evaluations.get(summary__sections__text__contains="$30")
    assert wrong.accuracy < 1.0
    assert AccuracyVerdict.objects.filter(evaluation=wrong, is_accurate=False).exists()


@pytest.mark.django_db
def test_run_evaluation_without_wait_prints_the_queued_run(make_summary, held_messages) -> None:
    summaries = [make_summary() for _ in range(4)]
    out = io.StringIO()

    call_command(
        "run_evaluation",
        "--judge",
        "local",
        "--sample",
        "2",
        "--seed",
        "7",
        "--summary",
        ",".join(str(s.pk) for s in summaries),
        stdout=out,
    )

    lines = out.getvalue().strip().splitlines()
    figures = json.loads(lines[-1])
    assert (figures["status"], figures["summaries"], figures["evaluated"]) == ("queued", 2, 0)
    run = EvaluationRun.objects.get(pk=figures["run"])
    assert (run.sample_size, run.sample_seed, run.explicit_summaries) == (2, 7, True)
    assert "sample of 2 with seed 7" in lines[0]


@pytest.mark.django_db
def test_a_run_started_for_a_user_records_them_as_its_creator(make_summary, held_messages) -> None:
    User.objects.create_user("qa-lead")
    summary = make_summary()

    out = io.StringIO()
    call_command(
        "run_evaluation",
        "--judge",
        "local",
        "--summary",
        str(summary.pk),
        "--user",
        "qa-lead",
        stdout=out,
    )

    run = EvaluationRun.objects.get(pk=json.loads(out.getvalue().splitlines()[-1])["run"])
    assert run.created_by.username == "qa-lead"
    with pytest.raises(CommandError, match="No user 'nobody'"):
        call_command("run_evaluation", "--judge", "local", "--user", "nobody")
    assert EvaluationRun.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seed", "7"], "--seed is the seed of a --sample: give --sample N too."),
        (["--dimensions", ","], "--dimensions: name some of accuracy, adherence"),
        (["--wait", "--poll", "-1"], "--poll -1: the seconds must be above 0."),
        (["--wait", "--timeout", "0"], "--timeout 0: the seconds must be above 0."),
        (["--cancel", "1", "--resume", "1"], "Give one of --cancel, --resume, not several."),
        (["--retry-failed", "1", "--estimate"], "Give one of --retry-failed, --estimate"),
        (
            ["--cancel", "1", "--queue", "billing", "--judge", "local"],
            "--cancel acts on an existing run: --queue, --judge would be ignored.",
        ),
    ],
)
def test_options_that_would_be_ignored_or_misread_are_refused(make_summary, args, message) -> None:
    make_summary()
    with pytest.raises(CommandError) as caught:
        call_command("run_evaluation", *args)
    assert message in str(caught.value)
    assert not EvaluationRun.objects.exists()


@pytest.mark.django_db
def test_run_evaluation_explains_a_bad_option(make_summary) -> None:
    make_summary()
    with pytest.raises(CommandError, match="politeness"):
        call_command("run_evaluation", "--judge", "local", "--dimensions", "politeness")
    with pytest.raises(CommandError, match="YYYY-MM-DD"):
        call_command("run_evaluation", "--judge", "local", "--date-from", "March")


@pytest.mark.django_db
@pytest.mark.parametrize(
    "summary_args",
    [
        ["--summary", "{0}", "--summary", "{1}", "--summary", "{2}"],
        ["--summary", "{0}", "{1}", "{2}"],
        ["--summary", "{0},{1}", "{2}"],
        ["--summary", "{0}, {1},{2}"],
    ],
)
def test_summary_ids_are_given_repeated_space_or_comma_separated(
    make_summary, held_messages, summary_args
) -> None:
    summaries = [make_summary() for _ in range(4)]
    ids = [s.pk for s in summaries[:3]]

    call_command(
        "run_evaluation",
        "--judge",
        "local",
        *[arg.format(*ids) for arg in summary_args],
        stdout=io.StringIO(),
    )

    run = EvaluationRun.objects.get()
    assert run.explicit_summaries
    assert sorted(run.evaluations.values_list("summary_id", flat=True)) == ids


@pytest.mark.django_db
def test_a_summary_id_that_is_not_a_number_or_none_at_all_is_an_error(make_summary) -> None:
    make_summary()

    with pytest.raises(CommandError) as caught:
        call_command("run_evaluation", "--summary", "1,x")
    assert str(caught.value) == "Error: argument --summary: 'x' is not a summary id"
    with pytest.raises(CommandError) as caught:
        call_command("run_evaluation", "--judge", "local", "--summary", ",")
    assert str(caught.value) == "No summary ids given."
    assert not EvaluationRun.objects.exists()


NO_WORKER_HINT = (
    "no worker has picked the run up yet: is a worker running? "
    "Start one with: .venv/bin/python -m celery -A config worker -l INFO"
)


def test_waiting_on_a_run_no_worker_picks_up_says_to_start_one(
    make_summary, monkeypatch, held_messages
) -> None:
    monkeypatch.setattr(
        "evaluations.management.commands.run_evaluation.NO_WORKER_HINT_AFTER_SECONDS", 0.3
    )
    make_summary()
    out, err = io.StringIO(), io.StringIO()

    with pytest.raises(SystemExit) as caught:
        call_command(
            "run_evaluation",
            "--judge",
            "local",
            "--wait",
            "--poll",
            "0.1",
            "--timeout",
            "1",
            stdout=out,
            stderr=err,
        )

    assert caught.value.code == 1
    run = EvaluationRun.objects.get()
    assert err.getvalue().splitlines() == [
        NO_WORKER_HINT,  # once, not at every poll
        f"Gave up waiting for run {run.pk} after 1 s; {NO_WORKER_HINT}",
    ]
    assert json.loads(out.getvalue().splitlines()[-1])["status"] == "queued"


def test_giving_up_on_a_run_a_worker_took_does_not_blame_the_worker(
    make_summary, monkeypatch, held_messages
) -> None:
    monkeypatch.setattr(
        "evaluations.management.commands.run_evaluation.NO_WORKER_HINT_AFTER_SECONDS", 0.0
    )
    run = evaluation_run_create(judge="local", summary_ids=[make_summary().pk])
    EvaluationRun.objects.filter(pk=run.pk).update(status=EvaluationRun.Status.RUNNING)
    err = io.StringIO()

    with pytest.raises(SystemExit):
        call_command(
            "run_evaluation",
            "--resume",
            str(run.pk),
            "--wait",
            "--poll",
            "0.1",
            "--timeout",
            "0.5",
            stdout=io.StringIO(),
            stderr=err,
        )

    assert err.getvalue().splitlines() == [f"Gave up waiting for run {run.pk} after 0.5 s."]


def test_a_scope_that_matches_no_summary_is_an_error_and_creates_no_run(make_summary) -> None:
    make_summary(queue="billing")

    with pytest.raises(CommandError) as caught:
        call_command("run_evaluation", "--judge", "local", "--queue", "nosuchqueue")

    assert str(caught.value) == "No summary matches this scope: queue nosuchqueue."
    assert not EvaluationRun.objects.exists()


def test_a_bad_date_is_a_usage_error_not_a_traceback(tmp_path) -> None:
    with pytest.raises(CommandError) as caught:
        call_command("run_evaluation", "--date-from", "2026-13-01")
    assert str(caught.value) == (
        "Error: argument --date-from: '2026-13-01' is not a date (YYYY-MM-DD)"
    )

    # From the shell: argparse's usage and one error line, exit status 2. The parser fails before
    # anything touches the database.
    result = subprocess.run(
        [sys.executable, "manage.py", "run_evaluation", "--date-to", "2026-02-30"],
        cwd=REPO_ROOT,
        env={**os.environ, "VAR_DIR": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines()[-1] == (
        "manage.py run_evaluation: error: argument --date-to: '2026-02-30' is not a date "
        "(YYYY-MM-DD)"
    )


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_cancel_mid_run_stops_handing_out_work_and_keeps_exact_totals(
    make_summary, start_worker
) -> None:
    summaries = [make_summary() for _ in range(120)]
    worker = start_worker(concurrency=1)
    run = evaluation_run_create(judge="local", summary_ids=[s.pk for s in summaries])
    wait_until(
        lambda: run.evaluations.filter(status="succeeded").count() >= 3,
        timeout=60,
        message=f"the worker did not start:\n{worker.log()[-3000:]}",
    )

    assert evaluation_run_cancel(run=run) is True
    assert evaluation_run_cancel(run=run) is False
    wait_for_run(run, timeout=30, worker=worker)
    wait_until(
        lambda: not run.evaluations.filter(status="running").exists(),
        timeout=30,
        message="an in-flight evaluation never ended",
    )

    statuses = Counter(run.evaluations.values_list("status", flat=True))
    assert statuses["cancelled"] > 0 and statuses["succeeded"] >= 3
    assert statuses["succeeded"] + statuses["cancelled"] == 120

    # The task that ended the last in-flight evaluation closes the totals right after its own
    # commit: they become exact, they are not incremented as work ends.
    def totals_settled() -> bool:
        run.refresh_from_db()
        return run.evaluated == statuses["succeeded"] and run.finished_at is not None

    wait_until(totals_settled, timeout=30, message="the cancelled run's totals never settled")
    assert run.status == EvaluationRun.Status.CANCELLED
    assert run.failed == 0


@pytest.mark.django_db
def test_resume_enqueues_an_existing_run_again(
    make_summary, held_messages, django_capture_on_commit_callbacks
) -> None:
    run = evaluation_run_create(judge="local", summary_ids=[make_summary().pk])
    out = io.StringIO()

    with django_capture_on_commit_callbacks(execute=True):
        call_command("run_evaluation", "--resume", str(run.pk), stdout=out)

    lines = out.getvalue().strip().splitlines()
    assert lines[0] == f"Run {run.pk}: enqueued again (queued)."
    assert json.loads(lines[-1])["run"] == run.pk
    assert held_messages.fanned_out == [run.pk]
    with pytest.raises(CommandError, match="No evaluation run 999999"):
        call_command("run_evaluation", "--resume", "999999")


@pytest.mark.django_db
def test_an_estimate_resolves_the_scope_and_prices_it_without_creating_or_enqueuing(
    make_summary, django_capture_on_commit_callbacks
) -> None:
    for _ in range(3):
        make_summary(queue="billing")
    make_summary(queue="tech")
    out = io.StringIO()

    with (
        django_capture_on_commit_callbacks(execute=False) as callbacks,
        CaptureQueriesContext(connection) as queries,
    ):
        call_command(
            "run_evaluation", "--judge", "local", "--queue", "billing", "--estimate", stdout=out
        )

    # Not even written and rolled back: a scope of a million summaries is priced by reading.
    assert not [q["sql"] for q in queries.captured_queries if q["sql"].startswith("INSERT")]
    assert "Estimate: 3 summaries; judge local" in out.getvalue()
    assert "estimated cost $0.0000. Nothing was created." in out.getvalue()
    assert EvaluationRun.objects.count() == 0
    assert callbacks == []  # nothing would be enqueued on commit


@pytest.mark.django_db
def test_cancel_and_retry_failed_are_commands_on_an_existing_run(
    make_summary, scripted_judge, held_messages
) -> None:
    from evaluations.services import summary_evaluate

    run = evaluation_run_create(
        judge="local",
        dimensions=["accuracy"],
        summary_ids=[make_summary().pk, make_summary(marker="PERMANENT").pk],
    )
    for evaluation in run.evaluations.all():
        summary_evaluate(evaluation_id=evaluation.pk)
    out = io.StringIO()

    call_command("run_evaluation", "--retry-failed", str(run.pk), stdout=out)
    call_command("run_evaluation", "--retry-failed", str(run.pk), stdout=out)
    call_command("run_evaluation", "--cancel", str(run.pk), stdout=out)
    call_command("run_evaluation", "--cancel", str(run.pk), stdout=out)

    lines = out.getvalue().splitlines()
    assert lines[0] == f"Run {run.pk}: 1 failed summaries queued again."
    assert lines[2] == f"Run {run.pk}: 0 failed summaries queued again."
    assert lines[4] == f"Run {run.pk}: cancelled; evaluations in flight end normally."
    assert lines[6] == f"Run {run.pk}: nothing to cancel (cancelled)."
    assert json.loads(lines[-1])["status"] == "cancelled"
    with pytest.raises(CommandError, match="No evaluation run 999999"):
        call_command("run_evaluation", "--cancel", "999999")
