"""Cancel and "retry failed" from the overview's run table: managers and admins only, a plain
POST-redirect first, the table fragment over HTMX."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client

from evaluations.models import EvaluationRun, SummaryEvaluation
from evaluations.services import evaluation_run_create
from evaluations.services.dispatch import HeldMessages

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_broker(held_messages) -> HeldMessages:
    """What the views would have enqueued (nothing reaches a broker)."""
    return held_messages


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
    page = manager_client.get("/runs/").content.decode()
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

    assert response.redirect_chain == [("/runs/", 302)]
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
    assert "Retry 1 failed" in manager_client.get("/runs/").content.decode()

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
    assert no_broker.fanned_out == [run.pk]
    with django_capture_on_commit_callbacks(execute=True):
        again = manager_client.post(
            f"/evaluations/runs/{run.pk}/retry-failed/", HTTP_HX_REQUEST="true"
        ).content.decode()
    assert "Weekly: no failed summaries to retry." in again
    assert no_broker.fanned_out == [run.pk]


def test_an_analyst_sees_no_actions_and_cannot_post_them(analyst_client, make_summary) -> None:
    run = _run(make_summary)

    assert "/cancel/" not in analyst_client.get("/runs/").content.decode()
    response = analyst_client.post(f"/evaluations/runs/{run.pk}/cancel/")

    run.refresh_from_db()
    assert response.status_code == 403
    assert run.status == EvaluationRun.Status.RUNNING


def test_admins_may_act_staff_alone_may_not_and_a_visitor_is_sent_to_log_in(
    client, make_summary
) -> None:
    run = _run(make_summary)
    response = client.post(f"/evaluations/runs/{run.pk}/cancel/")
    assert response.status_code == 302 and "/login/" in response["Location"]

    client.force_login(User.objects.create_user("staff-1", is_staff=True))
    assert client.post(f"/evaluations/runs/{run.pk}/cancel/").status_code == 403
    admin = User.objects.create_user("admin-1")
    admin.groups.add(Group.objects.get(name="Admins"))
    client.force_login(admin)
    client.post(f"/evaluations/runs/{run.pk}/cancel/")
    run.refresh_from_db()
    assert run.status == EvaluationRun.Status.CANCELLED


def test_the_actions_want_a_post_and_an_existing_run(manager_client, make_summary) -> None:
    run = _run(make_summary)

    assert manager_client.get(f"/evaluations/runs/{run.pk}/cancel/").status_code == 405
    assert manager_client.post("/evaluations/runs/999999/cancel/").status_code == 404
    assert manager_client.post("/evaluations/runs/999999/retry-failed/").status_code == 404


# --- The run's page ---------------------------------------------------------------------------------


def test_the_run_page_shows_progress_usage_scores_failures_and_every_evaluation(
    analyst_client, make_summary
) -> None:
    run = _run(make_summary, name="Weekly <script>")
    first, second = run.evaluations.order_by("pk")
    SummaryEvaluation.objects.filter(pk=first.pk).update(
        status="succeeded", accuracy=0.5, adherence=None, cost_usd="0.0125", model_calls=4
    )
    SummaryEvaluation.objects.filter(pk=second.pk).update(
        status="failed", attempts=2, error="The reply broke its schema twice: <points> is missing"
    )

    page = analyst_client.get(f"/evaluations/runs/{run.pk}/").content.decode()

    assert "Weekly &lt;script&gt;" in page and "<script>" not in page.split("</head>")[1]
    assert "2 / 2 done" in page
    assert "1 evaluated, 1 failed" in page
    # While the run goes on, its usage is summed from the rows.
    assert "estimated $0.0000; so far $0.0125" in page
    assert "<th>Model calls</th><td>4</td>" in page
    assert "The reply broke its schema twice: &lt;points&gt; is missing" in page
    assert f"<code>{second.summary.conversation.external_id}</code>" in page
    assert 'hx-trigger="every 2s"' in page
    assert "/cancel/" not in page  # an analyst has no actions


def test_the_run_page_filters_evaluations_by_status_and_pages_them(
    analyst_client, make_summary
) -> None:
    run = _run(make_summary)
    failed = run.evaluations.order_by("pk").last()
    SummaryEvaluation.objects.filter(pk=failed.pk).update(status="failed", error="boom")
    kept = run.evaluations.order_by("pk").first().summary.conversation.external_id
    dropped = failed.summary.conversation.external_id

    page = analyst_client.get(f"/evaluations/runs/{run.pk}/?status=queued").content.decode()
    table = page.split("<h2>Evaluations</h2>")[1]

    assert f"<code>{kept}</code>" in table and f"<code>{dropped}</code>" not in table
    everything = analyst_client.get(f"/evaluations/runs/{run.pk}/?status=bogus&page=99")
    assert (
        everything.status_code == 200
    )  # an unknown filter shows all, a page past the end the last


def test_the_status_fragment_polls_while_the_run_goes_on_and_stops_at_its_end(
    analyst_client, make_summary
) -> None:
    run = _run(make_summary)
    url = f"/evaluations/runs/{run.pk}/?fragment=status"

    going = analyst_client.get(url, HTTP_HX_REQUEST="true").content.decode()
    run.evaluations.update(status="succeeded")
    EvaluationRun.objects.filter(pk=run.pk).update(status=EvaluationRun.Status.FINISHED)
    ended = analyst_client.get(url, HTTP_HX_REQUEST="true").content.decode()

    assert going.lstrip().startswith('<div id="run-status"') and "every 2s" in going
    assert "every 2s" not in ended and "Finished" in ended and "actual $" in ended


def test_cancelling_from_the_run_page_comes_back_to_it(manager_client, make_summary) -> None:
    run = _run(make_summary, name="Weekly")
    page = manager_client.get(f"/evaluations/runs/{run.pk}/").content.decode()
    assert "Cancel the run" in page

    response = manager_client.post(
        f"/evaluations/runs/{run.pk}/cancel/", {"next": f"/evaluations/runs/{run.pk}/"}
    )
    assert response["Location"] == f"/evaluations/runs/{run.pk}/"
    elsewhere = manager_client.post(
        f"/evaluations/runs/{run.pk}/cancel/", {"next": "https://evil.example.com/"}
    )
    assert elsewhere["Location"] == "/runs/"


def test_an_unknown_run_has_no_page(analyst_client) -> None:
    assert analyst_client.get("/evaluations/runs/999999/").status_code == 404


def test_a_cancelled_run_is_followed_until_its_in_flight_summaries_end(
    analyst_client, make_summary
) -> None:
    run = _run(make_summary)
    first, second = run.evaluations.order_by("pk")
    SummaryEvaluation.objects.filter(pk=first.pk).update(status="running")
    SummaryEvaluation.objects.filter(pk=second.pk).update(status="cancelled")
    EvaluationRun.objects.filter(pk=run.pk).update(status=EvaluationRun.Status.CANCELLED)

    table = analyst_client.get("/runs/").content.decode()
    status = analyst_client.get(
        f"/evaluations/runs/{run.pk}/?fragment=status", HTTP_HX_REQUEST="true"
    ).content.decode()

    assert 'hx-trigger="every 2s"' in table and "every 2s" in status
    assert "so far $" in status and "actual $" not in status


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [(3, "after 3 s"), (245, "after 4 min 05 s"), (7620, "after 2 h 07 min")],
)
def test_the_run_page_says_how_long_the_run_took(analyst_client, make_summary, seconds, shown):
    import datetime as dt

    from django.utils import timezone

    run = _run(make_summary)
    started = timezone.now() - dt.timedelta(hours=3)
    EvaluationRun.objects.filter(pk=run.pk).update(
        status=EvaluationRun.Status.FINISHED,
        started_at=started,
        finished_at=started + dt.timedelta(seconds=seconds),
    )
    run.evaluations.update(status="succeeded")

    assert shown in analyst_client.get(f"/evaluations/runs/{run.pk}/").content.decode()
