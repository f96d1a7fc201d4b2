"""`manage.py export_run RUN_ID --format csv|jsonl`: every evaluation with its verdicts."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from evaluations.models import AccuracyVerdict, CompletenessItemVerdict, EvaluationRun
from evaluations.services import evaluation_run_create, summary_evaluate
from tests.evaluations.conftest import REPO_ROOT, test_database_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def judged_run(make_summary) -> EvaluationRun:
    """A run judged in this process by the offline judge: one good summary, one with a planted
    wrong amount, and one whose judging failed."""
    summaries = [
        make_summary(amount="$10"),
        make_summary(amount="$10", summary_amount="$30"),
        make_summary(),
    ]
    run = evaluation_run_create(judge="local", summary_ids=[s.pk for s in summaries])
    evaluations = list(run.evaluations.order_by("pk"))
    for evaluation in evaluations[:2]:
        assert summary_evaluate(evaluation_id=evaluation.pk).outcome == "succeeded"
    evaluations[2].status = "failed"
    evaluations[2].error = "The reply was not JSON, even after the repair attempt."
    evaluations[2].save()
    run.refresh_from_db()
    return run


def _export(run: EvaluationRun, fmt: str) -> str:
    out = io.StringIO()
    call_command("export_run", str(run.pk), "--format", fmt, stdout=out)
    return out.getvalue()


def test_jsonl_has_one_object_per_evaluation_with_every_verdict(judged_run) -> None:
    records = [json.loads(line) for line in _export(judged_run, "jsonl").splitlines()]

    assert [r["evaluation"] for r in records] == list(
        judged_run.evaluations.order_by("pk").values_list("pk", flat=True)
    )
    good, wrong, failed = records
    stored = judged_run.evaluations.get(pk=good["evaluation"])
    assert good["accuracy"] == stored.accuracy
    assert len(good["accuracy_points"]) == AccuracyVerdict.objects.filter(evaluation=stored).count()
    assert {"section", "point", "accuracy", "is_accurate", "turn_indexes"} <= set(
        good["accuracy_points"][0]
    )
    assert any(not p["is_accurate"] and "$30" in p["point"] for p in wrong["accuracy_points"])
    items = [i for r in good["completeness_rubrics"] for i in r["content_list"]]
    assert len(items) == CompletenessItemVerdict.objects.filter(rubric__evaluation=stored).count()
    assert {s["section"] for s in good["section_scores"]} == {
        "situation",
        "resolution",
        "next_steps",
    }
    assert good["adherence_rubrics"] and all("question" in r for r in good["adherence_rubrics"])
    assert {"is_covered", "reason", "turn_indexes"} <= set(good["completeness_rubrics"][0])
    assert (failed["status"], failed["error"]) == (
        "failed",
        "The reply was not JSON, even after the repair attempt.",
    )
    assert failed["accuracy_points"] == []


def test_csv_has_a_row_per_verdict_and_one_for_an_evaluation_without_any(judged_run) -> None:
    rows = list(csv.DictReader(io.StringIO(_export(judged_run, "csv"))))

    good_id, wrong_id, failed_id = judged_run.evaluations.order_by("pk").values_list(
        "pk", flat=True
    )
    by_evaluation: dict[str, list[dict]] = {}
    for row in rows:
        by_evaluation.setdefault(row["evaluation"], []).append(row)
    accuracy_rows = [r for r in by_evaluation[str(good_id)] if r["kind"] == "accuracy_point"]
    assert len(accuracy_rows) == AccuracyVerdict.objects.filter(evaluation_id=good_id).count()
    assert {r["kind"] for r in by_evaluation[str(good_id)]} >= {
        "accuracy_point",
        "adherence_rubric",
        "completeness_rubric",
        "completeness_item",
    }
    wrong_points = [r for r in by_evaluation[str(wrong_id)] if r["kind"] == "accuracy_point"]
    assert any(r["passed"] == "False" and "$30" in r["text"] for r in wrong_points)
    (failed_row,) = by_evaluation[str(failed_id)]
    assert (failed_row["status"], failed_row["kind"]) == ("failed", "")
    assert "not JSON" in failed_row["error"]


def test_csv_cells_a_spreadsheet_would_run_as_formulas_are_defused(judged_run) -> None:
    # Customer-written text reaches the export: a point that starts like a formula stays text.
    AccuracyVerdict.objects.filter(evaluation__run=judged_run).update(
        point='=HYPERLINK("https://evil.example.com","refund")'
    )
    failed = judged_run.evaluations.get(status="failed")
    failed.error = "@SUM(A1:A9)"
    failed.save()

    rows = list(csv.DictReader(io.StringIO(_export(judged_run, "csv"))))

    points = [r["text"] for r in rows if r["kind"] == "accuracy_point"]
    assert points and all(
        p == """'=HYPERLINK("https://evil.example.com","refund")""" for p in points
    )
    assert [r["error"] for r in rows if r["status"] == "failed"] == ["'@SUM(A1:A9)"]
    assert not any(value.startswith(("=", "+", "@")) for row in rows for value in row.values())
    # Numbers are numbers still.
    assert any(r["accuracy"] not in ("", None) and float(r["accuracy"]) >= 0 for r in rows)


def test_it_writes_to_a_file_when_asked(judged_run, tmp_path) -> None:
    target = tmp_path / "run.jsonl"
    call_command("export_run", str(judged_run.pk), "--format", "jsonl", "--output", str(target))
    assert len(target.read_text().splitlines()) == 3


def test_an_unknown_run_is_an_error() -> None:
    with pytest.raises(CommandError, match="No evaluation run 424242"):
        call_command("export_run", "424242")


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_a_reader_that_closes_early_ends_the_export_quietly(make_summary, fmt) -> None:
    # Far more than a pipe holds (64 KiB), so the export is still writing when the reader leaves.
    run = evaluation_run_create(judge="local", summary_ids=[make_summary().pk for _ in range(3)])
    run.evaluations.update(status="failed", error="x" * 100_000)
    export = subprocess.Popen(
        [sys.executable, "manage.py", "export_run", str(run.pk), "--format", fmt],
        cwd=REPO_ROOT,
        env={
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.test",
            "DATABASE_URL": test_database_url(),
        },
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )

    first_line = export.stdout.readline()  # what `| head -1` reads, and then it closes the pipe
    export.stdout.close()
    errors = export.stderr.read().decode()
    export.wait(timeout=60)

    assert first_line.startswith(b"run,evaluation," if fmt == "csv" else b'{"run": ')
    assert (export.returncode, errors) == (1, "")


def test_the_export_streams_one_chunk_per_evaluation_with_the_header_first(judged_run) -> None:
    from evaluations.exports import ExportFormat, export_chunks

    chunks = list(export_chunks(run=judged_run, fmt=ExportFormat.CSV))

    assert len(chunks) == judged_run.evaluations.count()
    assert chunks[0].startswith("run,evaluation,summary,")
    assert not any(chunk.startswith("run,") for chunk in chunks[1:])
    assert "".join(chunks) == _export(judged_run, "csv")
    lines = list(export_chunks(run=judged_run, fmt=ExportFormat.JSONL))
    assert [json.loads(line)["evaluation"] for line in lines] == list(
        judged_run.evaluations.order_by("pk").values_list("pk", flat=True)
    )
