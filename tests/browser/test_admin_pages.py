"""What admins do in a real browser, with a real Celery worker: upload files and read each one's
outcome, and start a run from the form, its estimate first, then follow its progress bar to 100%."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from evaluations.models import EvaluationRun
from summaries.models import Conversation, ImportBatch
from tests.browser.conftest import log_in
from tests.evaluations.conftest import wait_until
from web.roles import role_groups_ensure

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PASSWORD = "pw-browser-1"
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "import"
SCREENSHOTS = Path(
    os.environ.get("SCREENSHOT_DIR", Path(__file__).resolve().parents[2] / "var" / "screenshots")
)


def _admin(username: str = "admin-b") -> User:
    user = User.objects.create_user(username, password=PASSWORD)
    user.groups.add(role_groups_ensure()["Admins"])  # a flushed database has none
    return user


def test_an_upload_of_two_files_one_broken_reports_each(
    page, settings, tmp_path, start_worker
) -> None:
    upload_dir = tmp_path / "imports"
    settings.IMPORT_UPLOAD_DIR = upload_dir
    worker = start_worker(concurrency=1, IMPORT_UPLOAD_DIR=str(upload_dir))
    _admin()
    log_in(page, "admin-b", PASSWORD)

    page.goto("/imports/")
    page.set_input_files(
        "input[name=uploads]",
        [str(FIXTURES / "good/two_calls.jsonl"), str(FIXTURES / "broken/truncated.json")],
    )
    page.click("text=Upload and import")

    page.wait_for_url("**/imports/*/")
    assert "2 files uploaded" in page.inner_text("main")
    files = page.locator("#import-files")
    # Polled until the worker has imported both (the worker may still be starting).
    expect(files).to_contain_text("100%", timeout=60_000)
    good = page.locator("tr[data-file='two_calls.jsonl']")
    broken = page.locator("tr[data-file='truncated.json']")
    # Every check below retries: the fragment that shows "100%" may be swapped in by a poll
    # while the next poll is still on its way (a loaded machine stretches that gap).
    expect(good).to_contain_text("Imported", timeout=30_000)
    expect(good).to_contain_text("jsonl", timeout=30_000)
    expect(good).to_contain_text("2", timeout=30_000)
    expect(broken).to_contain_text("Failed", timeout=30_000)
    expect(broken).to_contain_text(
        "truncated JSON: the string that starts at line 9 column 15 never ends", timeout=30_000
    )
    # Polling stopped.
    expect(page.locator("#import-files[hx-trigger]")).to_have_count(0, timeout=30_000)
    assert Conversation.objects.count() == 2, worker.log()[-3000:]

    page.click("text=← All imports")
    history = page.inner_text("table.import-history")
    batch = ImportBatch.objects.get()
    assert str(batch) in history and "admin-b" in history
    assert "1 imported" in history and "1 failed" in history


def test_a_run_from_the_form_shows_its_estimate_first_then_reaches_100_percent(
    page, make_summary, start_worker
) -> None:
    worker = start_worker(concurrency=2)
    for queue in ("billing", "billing", "billing", "sales"):
        make_summary(queue=queue)
    _admin()
    log_in(page, "admin-b", PASSWORD)

    page.goto("/runs/")
    page.click("text=New run")
    page.fill("input[name=queues]", "billing")
    page.fill("input[name=name]", "From the browser")
    page.click("button[value=estimate]")

    estimate = page.locator("#run-estimate")
    expect(estimate).to_contain_text("3: queue billing")
    expect(estimate).to_contain_text("none: the offline judge calls no model")
    expect(estimate).to_contain_text("$0.0000")
    assert EvaluationRun.objects.count() == 0  # nothing before the confirmation
    assert page.evaluate("location.pathname") == "/runs/new/"  # swapped in place by HTMX

    page.click("text=Start the run (3 summaries)")

    page.wait_for_url("**/evaluations/runs/*/")
    run = EvaluationRun.objects.get()
    assert page.evaluate("location.pathname") == f"/evaluations/runs/{run.pk}/"
    expect(page.locator("h1")).to_have_text("From the browser")
    status = page.locator("#run-status")
    expect(status).to_contain_text("100%", timeout=60_000)
    expect(status).to_contain_text("3 / 3 done")
    assert page.locator("#run-status progress").get_attribute("value") == "3"
    wait_until(
        lambda: page.locator("#run-status[hx-trigger]").count() == 0,
        timeout=10,
        message=f"still polling after the end\n{worker.log()[-3000:]}",
    )


def test_a_second_run_over_an_active_runs_scope_names_that_run_first(
    page, make_summary, held_messages
) -> None:
    """No worker: the first run stays queued, so it is active when the admin estimates again."""
    make_summary(queue="billing")
    _admin()
    log_in(page, "admin-b", PASSWORD)
    for attempt in ("first", "second"):
        page.goto("/runs/new/")
        page.fill("input[name=queues]", "billing")
        page.fill("input[name=max_questions]", "3")
        page.click("button[value=estimate]")
        if attempt == "first":
            page.click("text=Start the run (1 summary)")
            page.wait_for_url("**/evaluations/runs/*/")
    active = EvaluationRun.objects.get()

    warning = page.locator("#run-estimate .duplicate-run")
    expect(warning).to_contain_text("already judges this scope with the same configuration")
    expect(page.locator("#run-estimate")).to_contain_text("at most 3 coverage questions")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.screenshot(path=str(SCREENSHOTS / f"run-duplicate-{width}.png"), full_page=True)
    page.click("text=Start another run anyway (1 summary)")

    page.wait_for_url("**/evaluations/runs/*/")
    assert EvaluationRun.objects.count() == 2
    assert active.pk in set(EvaluationRun.objects.values_list("pk", flat=True))
    assert f"/evaluations/runs/{active.pk}/" != page.evaluate("location.pathname")
