"""The managers' dashboard in a real browser: a manager starts there, the charts render under the
Content-Security-Policy (no console error), a filter swaps them without a reload and the URL
follows, and a weakest agent's link opens the queue filtered to their conversations."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from tests.browser.conftest import log_in
from tests.conftest import REPO_ROOT
from web.roles import role_groups_ensure

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PASSWORD = "pw-browser-1"
SCREENSHOTS = Path(os.environ.get("SCREENSHOT_DIR", REPO_ROOT / "var" / "screenshots"))
MONDAY = dt.datetime(2026, 3, 2, 10, 0, tzinfo=dt.UTC)


def _user(username: str, group: str) -> User:
    user = User.objects.create_user(username, password=PASSWORD)
    user.groups.add(role_groups_ensure()[group])  # a flushed database has none
    return user


def _console_errors(page) -> list[str]:
    errors: list[str] = []
    page.on(
        "console",
        lambda message: (
            errors.append(f"{message.text} {message.location}") if message.type == "error" else None
        ),
    )
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


@pytest.fixture
def three_weeks(make_summary, judge_now):
    """Three weeks of billing and sales conversations by two agents; summarizer-v4 takes over in
    the third week (a marker)."""
    summaries = []
    for week in range(3):
        for n, (queue, agent) in enumerate(
            [("billing", "ag-ana"), ("billing", "ag-ben"), ("sales", "ag-ana"), ("sales", "ag-ben")]
        ):
            summaries.append(
                make_summary(
                    queue=queue,
                    agent=agent,
                    generator="summarizer-v4" if week == 2 else "summarizer-v3",
                    started_at=MONDAY + dt.timedelta(weeks=week, days=n),
                    summary_amount="$30" if agent == "ag-ben" and n % 2 else None,
                )
            )
    judge_now(summaries)
    return summaries


def _drawn(page, count: int) -> None:
    """Wait for `count` charts drawn (wait_for_function would need eval, which the CSP refuses)."""
    page.locator("[data-figure][data-drawn=true]").nth(count - 1).wait_for()
    assert page.locator("[data-figure][data-drawn=true]").count() == count


def test_a_manager_reads_the_dashboard_filters_it_and_drills_into_the_queue(
    page, three_weeks
) -> None:
    _user("manager-d", "Managers")
    errors = _console_errors(page)
    log_in(page, "manager-d", PASSWORD)

    # Managers start on the dashboard; every chart with data is drawn by plotly.js.
    page.goto("/")
    page.wait_for_url("**/dashboard/")
    _drawn(page, 3)  # the agreement chart: no reviews, "no data"
    assert page.locator("#chart-trend .main-svg").count() >= 1
    assert "Summarizer: summarizer-v4" in page.inner_text("#chart-trend")
    assert "12 summaries" in page.inner_text(".config-line")

    # A filter swaps the results in place (no reload), and the address follows.
    page.evaluate("window.notReloaded = true")
    with page.expect_response("**/dashboard/?*queue=sales*"):
        page.select_option("select[name=queue]", "sales")
    page.locator(".config-line", has_text="6 summaries").wait_for()
    _drawn(page, 3)  # the agreement chart: no reviews, "no data"
    assert page.evaluate("window.notReloaded") is True
    assert "queue=sales" in page.url

    # The weakest agent's link opens the queue filtered to their conversations.
    first = page.locator(".weak-table").first.locator("tbody tr").first
    agent_name = first.locator("th").inner_text()
    first.locator("a").click()
    page.wait_for_url("**/conversations/?**")
    assert "queue=sales" in page.url and "agent=ag-" in page.url
    chosen = page.eval_on_selector("select[name=agent]", "s => s.options[s.selectedIndex].text")
    assert chosen == agent_name
    assert page.locator(".queue-table tbody tr").count() == 3

    assert errors == []


def test_a_period_without_data_says_so_instead_of_drawing_empty_axes(page, three_weeks) -> None:
    _user("manager-e", "Managers")
    errors = _console_errors(page)
    log_in(page, "manager-e", PASSWORD)
    page.goto("/dashboard/?date_from=2025-01-01&date_to=2025-01-31")
    assert page.locator(".no-data").count() >= 4
    assert page.locator("[data-figure]").count() == 0
    assert errors == []


@pytest.mark.parametrize("width", [390, 1280])
def test_the_dashboard_at_phone_and_desktop_width_without_sideways_scroll(
    page, three_weeks, width: int
) -> None:
    """Screenshots (SCREENSHOT_DIR, var/screenshots by default) to look at, and no sideways
    scroll: the wide tables scroll inside their cards."""
    _user("manager-f", "Managers")
    errors = _console_errors(page)
    page.set_viewport_size({"width": width, "height": 900})
    log_in(page, "manager-f", PASSWORD)
    page.goto("/dashboard/?breakdown=section")
    _drawn(page, 3)
    scroll, client = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert scroll <= client, f"the dashboard at {width}px scrolls sideways ({scroll} > {client})"
    # The small multiples: side by side on a desktop, one column on a phone.
    second_panel = page.evaluate("document.getElementById('chart-breakdown').layout.xaxis2.domain")
    if width < 600:
        assert second_panel == [0, 1]
    else:
        assert second_panel[0] > 0.5
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"dashboard-{width}.png", full_page=True)
    assert errors == []
