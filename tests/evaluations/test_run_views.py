"""Cancel and "retry failed" from the overview's run table: managers and admins only, a plain
POST-redirect first, the table fragment over HTMX."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client

from evaluations.models import EvaluationRun, SummaryEvaluation
from evaluations.services import evaluation_run_create

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_broker(monkeypatch) -> list[int]:
    enqueued: list[int] = []
    monkeypatch.setattr("evaluations.services._enqueue_fan_out", enqueued.append)
    return enqueued


@pytest.fixture
def manager_client(client: Client) -> Client:
    manager = User.objects.create_user("manager-1")
    manager.groups.add(Group.objects.get(name="Managers"))
    client.force_login(manager)
    return client


@pytest.fixture
def analyst_client() -> Client:
    analyst = User.objects.create_user("analyst-1")
    analyst.groups.add(Group.objects.get(name="QA analysts"))
    client = Client()
    client.force_login(analyst)
    return client


def _run(make_summary, name: str = "Nightly <b>run</b>") -> EvaluationRun:
    run = evaluation_run_create(
        judge="local", summary_ids=[make_summary().pk, make_summary().pk], name=name
    )
    EvaluationRun.objects.filter(pk=run.pk).update(status=EvaluationRun.Status.RUNNING)
    return run


def test_a_manager_cancels_a_running_run_from_the_table(manager_client, make_summary) -> None:
    run = _run(make_summary)
    page = manager_client.get("/").content.decode()
    assert f'hx-post="/evaluations/runs/{run.pk}/cancel/"' in page

    response = manager_client.post(f"/evaluations/runs/{run.pk}/cancel/", HTTP_HX_REQUEST="true")

    run.refresh_from_db()
    fragment = response.content.decode()
    assert response.status_code == 200
    assert response["HX-Trigger"] == "runChanged"
    assert run.status == EvaluationRun.Status.CANCELLED
    assert "Nightly &lt;b&gt;run&lt;/b&gt;: cancelled." in fragment
    assert fragment.lstrip().startswith('<div id="run-table">')
    assert "/cancel/" not in fragment  # nothing left to cancel


def test_without_htmx_the_action_redirects_and_the_overview_says_what_happened(
    manager_client, make_summary
) -> None:
    run = _run(make_summary, name="Weekly")

    response = manager_client.post(f"/evaluations/runs/{run.pk}/cancel/", follow=True)

    assert response.redirect_chain == [("/", 302)]
    assert "Weekly: cancelled." in response.content.decode()
    again = manager_client.post(f"/evaluations/runs/{run.pk}/cancel/", follow=True)
    assert "Weekly: nothing to cancel, it is cancelled." in again.content.decode()


def test_a_manager_retries_only_the_failed_summaries(
    manager_client, make_summary, no_broker, django_capture_on_commit_callbacks
) -> None:
    run = _run(make_summary, name="Weekly")
    first, second = run.evaluations.order_by("pk")
    SummaryEvaluation.objects.filter(pk=first.pk).update(status="succeeded")
    SummaryEvaluation.objects.filter(pk=second.pk).update(status="failed", error="529")
    EvaluationRun.objects.filter(pk=run.pk).update(
        status=EvaluationRun.Status.FINISHED_WITH_FAILURES
    )
    assert "Retry 1 failed" in manager_client.get("/").content.decode()

    with django_capture_on_commit_callbacks(execute=True):
        fragment = manager_client.post(
            f"/evaluations/runs/{run.pk}/retry-failed/", HTTP_HX_REQUEST="true"
        ).content.decode()

    run.refresh_from_db()
    assert "Weekly: 1 failed summary queued again." in fragment
    assert run.status == EvaluationRun.Status.RUNNING
    assert dict(run.evaluations.values_list("pk", "status")) == {
        first.pk: "succeeded",
        second.pk: "queued",
    }
    assert no_broker == [run.pk]
    with django_capture_on_commit_callbacks(execute=True):
        again = manager_client.post(
            f"/evaluations/runs/{run.pk}/retry-failed/", HTTP_HX_REQUEST="true"
        ).content.decode()
    assert "Weekly: no failed summaries to retry." in again
    assert no_broker == [run.pk]


def test_an_analyst_sees_no_actions_and_cannot_post_them(analyst_client, make_summary) -> None:
    run = _run(make_summary)

    assert "/cancel/" not in analyst_client.get("/").content.decode()
    response = analyst_client.post(f"/evaluations/runs/{run.pk}/cancel/")

    run.refresh_from_db()
    assert response.status_code == 403
    assert run.status == EvaluationRun.Status.RUNNING


def test_staff_may_act_and_a_visitor_is_sent_to_log_in(client, make_summary) -> None:
    run = _run(make_summary)
    response = client.post(f"/evaluations/runs/{run.pk}/cancel/")
    assert response.status_code == 302 and "/login/" in response["Location"]

    client.force_login(User.objects.create_user("admin-1", is_staff=True))
    client.post(f"/evaluations/runs/{run.pk}/cancel/")
    run.refresh_from_db()
    assert run.status == EvaluationRun.Status.CANCELLED


def test_the_actions_want_a_post_and_an_existing_run(manager_client, make_summary) -> None:
    run = _run(make_summary)

    assert manager_client.get(f"/evaluations/runs/{run.pk}/cancel/").status_code == 405
    assert manager_client.post("/evaluations/runs/999999/cancel/").status_code == 404
    assert manager_client.post("/evaluations/runs/999999/retry-failed/").status_code == 404
