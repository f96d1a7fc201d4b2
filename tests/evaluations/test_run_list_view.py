from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db


@pytest.fixture
def analyst_client(client: Client) -> Client:
    analyst = User.objects.create_user("analyst-home", password="x")
    analyst.groups.add(Group.objects.get(name="QA analysts"))
    client.force_login(analyst)
    return client


def test_the_runs_page_asks_a_visitor_to_log_in(client: Client) -> None:
    response = client.get("/runs/")

    assert response.status_code == 302
    assert response["Location"].startswith("/login/")


@override_settings(JUDGE_DEFAULT="local", JUDGE_MODEL="claude-sonnet-5")
def test_the_runs_page_says_the_local_judge_is_an_offline_baseline(analyst_client: Client) -> None:
    response = analyst_client.get("/runs/")

    assert response.status_code == 200
    assert b"offline local judge" in response.content
    assert b"baseline" in response.content


@override_settings(JUDGE_DEFAULT="anthropic", JUDGE_MODEL="claude-sonnet-5")
def test_the_runs_page_names_the_claude_model_when_a_key_is_set(analyst_client: Client) -> None:
    response = analyst_client.get("/runs/")

    assert b"offline local judge" not in response.content
    assert b"claude-sonnet-5" in response.content


def test_the_runs_page_lists_runs_with_progress_and_polls_while_one_is_going(
    analyst_client: Client,
) -> None:
    from evaluations.models import EvaluationRun, SummaryEvaluation
    from summaries.models import Conversation, Summary

    conversation = Conversation.objects.create(
        source="jsonl", external_id="c-1", channel="voice", content_hash="x"
    )
    summaries = [
        Summary.objects.create(conversation=conversation, generator=f"g{i}", content_hash="h")
        for i in range(3)
    ]
    run = EvaluationRun.objects.create(
        name="Nightly <sample>",
        judge="local",
        model="local",
        dimensions=["accuracy"],
        total=3,
        created_by=User.objects.get(username="analyst-home"),
    )
    statuses = ["succeeded", "failed", "queued"]
    for summary, status in zip(summaries, statuses, strict=True):
        SummaryEvaluation.objects.create(
            run=run,
            summary=summary,
            status=status,
            accuracy=0.75 if status == "succeeded" else None,
        )

    page = analyst_client.get("/runs/").content.decode()

    assert "Nightly &lt;sample&gt;" in page
    assert "by analyst-home" in page
    assert "2 / 3" in page
    assert "1 failed" in page
    assert "0.75" in page
    assert 'hx-trigger="every 2s"' in page

    run.status = EvaluationRun.Status.FINISHED_WITH_FAILURES
    run.save()
    SummaryEvaluation.objects.filter(status="queued").update(status="cancelled")
    partial = analyst_client.get(
        "/evaluations/runs/table/", HTTP_HX_REQUEST="true"
    ).content.decode()

    assert partial.lstrip().startswith('<div id="run-table">')
    assert "every 2s" not in partial
    assert "3 / 3" in partial
