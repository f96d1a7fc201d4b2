"""Downloading a run's results from its page: the same CSV and JSON Lines as `export_run`,
streamed one evaluation at a time, never built whole in memory."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from evaluations.models import EvaluationRun
from evaluations.services import evaluation_run_create, summary_evaluate

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_broker(held_messages) -> None:
    """Nothing reaches a broker: the tests judge in this process."""


@pytest.fixture
def judged_run(make_summary) -> EvaluationRun:
    summaries = [make_summary(), make_summary(summary_amount="$30")]
    run = evaluation_run_create(
        judge="local", summary_ids=[s.pk for s in summaries], name="Weekly =SUM(A1)"
    )
    for evaluation in run.evaluations.order_by("pk"):
        summary_evaluate(evaluation_id=evaluation.pk)
    return run


def _command_export(run: EvaluationRun, fmt: str) -> str:
    out = io.StringIO()
    call_command("export_run", str(run.pk), "--format", fmt, stdout=out)
    return out.getvalue()


@pytest.mark.parametrize(
    ("fmt", "content_type"),
    [("csv", "text/csv; charset=utf-8"), ("jsonl", "application/jsonl")],
)
def test_an_admin_downloads_what_the_command_writes(
    client_as, judged_run, fmt: str, content_type: str
) -> None:
    response = client_as("admin").get(f"/evaluations/runs/{judged_run.pk}/export.{fmt}")

    assert response.status_code == 200
    assert response.streaming
    assert response["Content-Type"] == content_type
    assert response["Content-Disposition"] == (f'attachment; filename="run-{judged_run.pk}.{fmt}"')
    body = b"".join(response.streaming_content).decode()
    assert body == _command_export(judged_run, fmt)


def test_the_jsonl_download_has_one_object_per_evaluation(client_as, judged_run) -> None:
    response = client_as("admin").get(f"/evaluations/runs/{judged_run.pk}/export.jsonl")

    records = [json.loads(line) for line in b"".join(response.streaming_content).splitlines()]

    assert [r["evaluation"] for r in records] == list(
        judged_run.evaluations.order_by("pk").values_list("pk", flat=True)
    )
    assert all(r["accuracy_points"] for r in records)


def test_the_run_page_links_the_downloads_for_admins_only(client_as, judged_run) -> None:
    url = f"/evaluations/runs/{judged_run.pk}/"
    links = (f'href="{url}export.csv"', f'href="{url}export.jsonl"')

    admin_page = client_as("admin").get(url).content.decode()
    manager_page = client_as("manager").get(url).content.decode()

    assert all(link in admin_page for link in links)
    assert not any(link in manager_page for link in links)


def test_an_unknown_format_or_run_is_not_found(client_as, judged_run) -> None:
    client = client_as("admin")
    assert client.get(f"/evaluations/runs/{judged_run.pk}/export.xlsx").status_code == 404
    assert client.get("/evaluations/runs/999999/export.csv").status_code == 404


def test_the_download_reads_the_run_a_batch_at_a_time_as_it_is_sent(
    client_as, make_summary
) -> None:
    """The memory a download holds is one batch of evaluations (200), whatever the run's size:
    nothing is read before the first chunk is asked for, the first chunk needs only the first
    batch, and the rest is read as the client takes it. (bench/export_stream.py measures the
    memory itself.)"""
    run = evaluation_run_create(
        judge="local", summary_ids=[make_summary().pk for _ in range(450)], name="Big"
    )
    client = client_as("admin")
    for fmt in ("csv", "jsonl"):
        response = client.get(f"/evaluations/runs/{run.pk}/export.{fmt}")
        chunks = iter(response.streaming_content)

        with CaptureQueriesContext(connection) as first:
            first_chunk = next(chunks)
        first_batch_queries = len(first)
        with CaptureQueriesContext(connection) as within:
            for _ in range(199):
                next(chunks)
        with CaptureQueriesContext(connection) as rest:
            remaining = sum(1 for _ in chunks)

        assert first_chunk.startswith(b"run,evaluation," if fmt == "csv" else b'{"run": ')
        assert within.captured_queries == []  # the other 199 of the first batch are in memory
        assert remaining == 250
        # Two more batches (200 and 50 evaluations), each read with the same queries as the
        # first, and one empty read that ends the export.
        assert len(rest) == 2 * first_batch_queries + 1
