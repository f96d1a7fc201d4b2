"""A batch run's page, in a real browser: where its Message Batch stands, kept live by polling."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

from evaluations.models import EvaluationRun, JudgeBatch
from evaluations.services import evaluation_run_create
from tests.browser.conftest import log_in
from tests.browser.test_runs import PASSWORD, _user
from web.roles import ANALYSTS

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = os.environ.get("SCREENSHOT_DIR", "")


@pytest.fixture(autouse=True)
def no_broker(held_messages) -> None:
    """No fan-out and no polls: the test moves the batch itself."""


def test_an_analyst_sees_the_batch_progress_update_in_place(page, make_summary) -> None:
    _user("analyst-b", ANALYSTS)
    run = evaluation_run_create(
        judge="local", summary_ids=[make_summary().pk, make_summary().pk], name="Nightly batch"
    )
    # Rows as a batch run's submit leaves them (the anthropic judge is not needed to show them).
    EvaluationRun.objects.filter(pk=run.pk).update(status="running", batch=True)
    batch = JudgeBatch.objects.create(
        run=run, anthropic_id="msgbatch_demo", requests=8, ended_requests=3
    )
    log_in(page, "analyst-b", PASSWORD)
    page.goto(f"/evaluations/runs/{run.pk}/")

    expect(page.locator(".run-batch")).to_have_text("In batch: submitted, 3 of 8 ended.")
    expect(page.locator("#run-status")).to_contain_text("at batch prices (50%)")
    for width in (390, 1280):
        if SCREENSHOTS:
            page.set_viewport_size({"width": width, "height": 900})
            page.screenshot(path=f"{SCREENSHOTS}/batch-run-{width}.png", full_page=True)

    JudgeBatch.objects.filter(pk=batch.pk).update(ended_requests=8)
    expect(page.locator(".run-batch")).to_have_text("In batch: submitted, 8 of 8 ended.")
