"""What managers and analysts see of evaluation runs, in a real browser: HTMX swaps with the CSRF
header from <body>, the confirm dialog, live polling, and customer text staying text."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from evaluations.models import EvaluationRun, SummaryEvaluation
from evaluations.services import evaluation_run_create
from tests.browser.conftest import log_in
from web.roles import role_groups_ensure

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PASSWORD = "pw-browser-1"


@pytest.fixture(autouse=True)
def no_broker(held_messages) -> None:
    """No fan-out and no watchdog: the tests move the runs themselves."""


def _user(username: str, group: str) -> User:
    user = User.objects.create_user(username, password=PASSWORD)
    user.groups.add(role_groups_ensure()[group])  # a flushed database has none
    return user


def _running_run(make_summary, name: str) -> EvaluationRun:
    run = evaluation_run_create(
        judge="local", summary_ids=[make_summary().pk, make_summary().pk], name=name
    )
    EvaluationRun.objects.filter(pk=run.pk).update(status=EvaluationRun.Status.RUNNING)
    return run


def test_a_manager_cancels_a_run_in_place_after_confirming(page, make_summary) -> None:
    _user("manager-b", "Managers")
    run = _running_run(make_summary, name="Nightly sample")
    log_in(page, "manager-b", PASSWORD)
    page.goto("/runs/")
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.accept()))
    posts: list[dict] = []
    page.on(
        "request",
        lambda request: posts.append(request.headers) if request.method == "POST" else None,
    )

    page.click("#run-table button:has-text('Cancel')")
    page.wait_for_selector("#run-table [role=status]")

    notice = page.inner_text("#run-table [role=status]")
    assert notice.startswith("Nightly sample: cancelled.")
    assert "Cancelled" in page.inner_text("#run-table")
    assert dialogs and dialogs[0].startswith("Cancel Nightly sample?")
    # Swapped in place by HTMX, with the CSRF token from <body>'s hx-headers.
    assert page.evaluate("location.pathname") == "/runs/"
    assert posts and posts[0].get("hx-request") == "true" and posts[0].get("x-csrftoken")
    run.refresh_from_db()
    assert run.status == EvaluationRun.Status.CANCELLED


def test_the_run_page_follows_the_run_to_its_end_without_a_reload(page, make_summary) -> None:
    _user("analyst-b", "QA analysts")
    run = _running_run(make_summary, name="Live run")
    log_in(page, "analyst-b", PASSWORD)
    page.goto(f"/evaluations/runs/{run.pk}/")
    assert "0 / 2 done" in page.inner_text("#run-status")
    assert page.locator("text=Cancel the run").count() == 0  # an analyst has no actions

    run.evaluations.update(status="succeeded", accuracy=1.0)
    EvaluationRun.objects.filter(pk=run.pk).update(status=EvaluationRun.Status.FINISHED)

    # (Playwright's wait_for_function evaluates a string, which the page's CSP forbids.)
    expect(page.locator("#run-status")).to_contain_text("2 / 2 done", timeout=8_000)
    assert "Finished" in page.inner_text("#run-status")
    assert page.locator("#run-status[hx-trigger]").count() == 0  # polling stopped


def test_customer_written_text_is_shown_as_text(page, make_summary) -> None:
    _user("analyst-c", "QA analysts")
    run = _running_run(make_summary, name="<img src=x onerror=alert('name')>")
    failed = run.evaluations.order_by("pk").first()
    SummaryEvaluation.objects.filter(pk=failed.pk).update(
        status="failed", error="Reply quoted <script>alert('error')</script> from the customer"
    )
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    log_in(page, "analyst-c", PASSWORD)

    page.goto(f"/evaluations/runs/{run.pk}/")

    assert "<img src=x onerror=alert('name')>" in page.inner_text("h1")
    assert "<script>alert('error')</script>" in page.inner_text("body")
    assert page.locator("main img, main script").count() == 0
    assert dialogs == []
